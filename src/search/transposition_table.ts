/**
 * A transposition table (lesson 003, T003.4): a fixed number of entries in
 * plain typed arrays, each holding a position key, a value, the remaining
 * depth it was searched to, the best move and the bound type. A probe and a
 * store allocate nothing, so a solver can do millions of them per second.
 *
 * ## How another module uses it
 *
 * ```text
 * const tt = new TranspositionTable({ entries: 1 << 20 });   // or { megabytes: 64 }
 * // in the node, before generating moves (window alpha, beta; remaining depth):
 * const alphaOrig = alpha;
 * const d = tableDepth(depth);                    // "to the end" → DEPTH_END
 * const i = tt.probe(position.key());             // entry index or -1; counts probes, hits
 * let ttMove = NO_MOVE;
 * if (i >= 0) {
 *   ttMove = tt.move(i);                          // search it first, whatever its depth
 *   if (tt.cutoff(i, d, alpha, beta)) return tt.value(i);   // counts the cut by bound type
 * }
 * // ... search the moves, best value `best`, best move `bestMove` ...
 * tt.store(position.key(), best, d, bestMove, boundOf(best, alphaOrig, beta));
 * return best;
 * ```
 *
 * Rules the table relies on, which its callers must keep:
 *
 * - **Keys** are non-negative integers below 2^53 that identify the position
 *   completely (perfect keys: base 3 for tic-tac-toe, the node number for a
 *   uniform tree, `position + mask` for Connect Four up to 2^49; or Zobrist
 *   keys, accepting their rare collisions). The full key is stored and
 *   compared, so two positions that share a slot never read each other's
 *   entry. The slot is `key % entries`.
 * - **Replacement** is always-replace: a store overwrites its slot. Losing
 *   an entry costs nodes, never correctness.
 * - **Values** must depend on the position only, not on the path to it
 *   (true for the games and trees here; a game with a repetition rule or a
 *   ply-dependent score must fold that into the key or the value). Chess
 *   scores a mate by its distance from the root: the deep searchers keep
 *   such values as distances from the node (`Position.winValue`).
 * - **Bounds**: store `boundOf(best, alphaOrig, beta)` with the window the
 *   node was searched with, where `best` is the fail-soft (or fail-hard)
 *   result under the searcher's bound contract. A value at or below the
 *   original alpha is only an upper bound, one at or above beta only a lower
 *   bound; storing either as exact is trap T003.7 ("bound cached as exact").
 * - **Depth**: {@linkcode TranspositionTable.cutoff} uses an entry only if it
 *   was searched at least as deep as asked: a shallower entry may still
 *   supply its move for ordering but never its value. Searches to the end of
 *   the game store {@linkcode DEPTH_END} (see {@linkcode tableDepth}); the
 *   library's searchers also store DEPTH_END for any subtree that met no
 *   depth limit (every line ended in the game), which is how iterative
 *   deepening knows it has solved the game even through table cuts. An entry
 *   from a deeper search answering a shallower node (a table shared by
 *   searches of different depth limits, or a game such as Nim where one
 *   position is reached at several depths) hands the shallow search a
 *   deeper value, which is what an engine wants but differs from
 *   `minimax(position, { depth })`. The searchers' `exactDepth: true` option
 *   uses an entry only at exactly the needed depth and of its own kind (see
 *   below), or when its subtree ended within that depth (then stored as
 *   DEPTH_END − depth, which the default rule still reads as "to the end");
 *   see {@linkcode alphaBeta} for the whole contract.
 * - **Kind**: each entry also keeps a small integer, 0…{@linkcode MAX_ENTRY_KIND},
 *   that its writer chooses to say which tree its value is of (default 0:
 *   no claim); {@linkcode TranspositionTable.cutoff} ignores it. The
 *   library's searchers store 1 for a value of fixed-depth alpha-beta with
 *   `evaluate()` at the horizon (an `exactDepth` search, or one without
 *   table cuts), 2…5 for the same with quiescence at the horizon (one kind
 *   per quiescence variant), and 0 for everything else: a default-rule
 *   search, whose entries may hold a deeper search's values, and any
 *   selective technique or check extension, whose values are no fixed-depth
 *   tree's. `exactDepth` trusts an entry of its own depth only if it is of
 *   its own kind, never of kind 0, so a table that a different kind of
 *   search filled cannot hand it another tree's value.
 *
 * @module
 */

import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  type Move,
  NO_MOVE,
  type Value,
  VALUE_INFINITE,
} from "../position.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";

/** Table depth of a search that goes to the end of the game: deeper than any depth limit. */
export const DEPTH_END = 1 << 30;

/** Remaining depths at or above this mean "no depth limit" (searchers start at `1 << 30` and count down). */
const UNLIMITED_THRESHOLD = 1 << 29;

/**
 * `key % size` without the floating-point remainder, which V8 compiles to a
 * call into C: a division, a floor and a multiply-subtract, corrected by one
 * slot if the rounded quotient landed on the next integer.
 */
function slotOf(key: number, size: number): number {
  const i = key - Math.floor(key / size) * size;
  return i < 0 ? i + size : i;
}

/** Names the first bad argument of a store (kept out of `store` so the hot path stays small). */
function rejectStore(
  key: number,
  value: number,
  depth: number,
  move: number,
  bound: number,
  kind: number,
): never {
  const where = "TranspositionTable.store";
  checkInteger(where, "key", key, 0, MAX_KEY);
  checkInteger(where, "value", value, -VALUE_INFINITE, VALUE_INFINITE);
  checkInteger(where, "depth", depth, 0, DEPTH_END);
  checkInteger(where, "move", move, NO_MOVE, 2 ** 31 - 1);
  checkInteger(where, "kind", kind, 0, MAX_ENTRY_KIND);
  throw new Error(
    `${where}: bound must be BOUND_UPPER (1), BOUND_LOWER (2) or BOUND_EXACT (3), got ${
      describe(bound)
    }`,
  );
}

/**
 * Largest entry kind (see the module documentation): kinds are kept in the
 * bound's slot, above its two bits.
 */
export const MAX_ENTRY_KIND = 255;

/** The bound's bits in the slot it shares with the kind. */
const BOUND_BITS = 3;

/** Stores that `clear()` remembers slot by slot; past this many it clears the whole table. */
const WRITE_LOG_LENGTH = 1 << 16;

/**
 * Bytes one entry takes: key (8), value (4), depth (4), move (4), bound and
 * kind (4), side by side in one buffer, so a probe and the store after it touch one
 * entry's cache line instead of five arrays' lines.
 */
export const BYTES_PER_ENTRY = 24;

/** Int32 slots per entry; the key is the Float64 at entry · 3. */
const STRIDE = 6;
const VALUE = 2;
const DEPTH = 3;
const MOVE = 4;
const BOUND = 5;

/** Largest table in MiB (4 GiB): bigger ones would not fit most machines, or V8. */
export const MAX_TABLE_MEGABYTES = 4096;

/** Most entries a table may have: {@linkcode MAX_TABLE_MEGABYTES} worth (178,956,970). */
export const MAX_TABLE_ENTRIES: number = Math.floor(
  MAX_TABLE_MEGABYTES * 2 ** 20 / BYTES_PER_ENTRY,
);

/** Largest key a table takes: keys are integers in 0…2^53 − 1. */
const MAX_KEY = Number.MAX_SAFE_INTEGER;

/**
 * Whether `key` is one a table takes: an integer in 0…2^53 − 1 (NaN and
 * non-numbers are not). The table's store and the searchers' check of
 * `position.key()` share it.
 *
 * @param key the candidate key
 * @returns true for a table key
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTableKey } from "./transposition_table.ts";
 * assert.ok(isTableKey(0) && isTableKey(2 ** 53 - 1));
 * assert.ok(!isTableKey(-1) && !isTableKey(0.5) && !isTableKey(NaN) && !isTableKey(2 ** 53));
 * ```
 */
export function isTableKey(key: number): boolean {
  return key >= 0 && key <= MAX_KEY && Math.floor(key) === key;
}

/** Options of {@linkcode TranspositionTable}: give exactly one of the two. */
export interface TranspositionTableOptions {
  /** Number of entries: an integer in 1…{@linkcode MAX_TABLE_ENTRIES}. */
  entries?: number;
  /**
   * Size in MiB (2^20 bytes), a number in (0, {@linkcode MAX_TABLE_MEGABYTES}],
   * turned into `max(1, floor(megabytes · 2^20 / BYTES_PER_ENTRY))` entries.
   */
  megabytes?: number;
}

/**
 * The depth to store and compare for a node searched with `depth` plies
 * remaining: {@linkcode DEPTH_END} when the search has no depth limit.
 *
 * @param depth the remaining depth the searcher passes down
 * @returns the depth to give {@linkcode TranspositionTable.store} and {@linkcode TranspositionTable.cutoff}
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEPTH_END, tableDepth } from "../../mod.ts";
 * assert.ok(tableDepth(4) === 4 && tableDepth((1 << 30) - 7) === DEPTH_END);
 * ```
 */
export function tableDepth(depth: number): number {
  return depth >= UNLIMITED_THRESHOLD ? DEPTH_END : depth;
}

/**
 * The bound type of a result `value` of a node searched with the window
 * (alphaOrig, beta): upper when `value <= alphaOrig` (failed low), lower
 * when `value >= beta` (failed high), exact in between.
 *
 * @param value the node's result
 * @param alphaOrig alpha as the node received it, before the node raised it
 * @param beta beta as the node received it
 * @returns {@linkcode BOUND_UPPER}, {@linkcode BOUND_LOWER} or {@linkcode BOUND_EXACT}
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, boundOf } from "../../mod.ts";
 * assert.ok(boundOf(2, 5, 9) === BOUND_UPPER && boundOf(9, 5, 9) === BOUND_LOWER);
 * assert.ok(boundOf(7, 5, 9) === BOUND_EXACT);
 * ```
 */
export function boundOf(
  value: Value,
  alphaOrig: Value,
  beta: Value,
): 1 | 2 | 3 {
  if (value <= alphaOrig) return BOUND_UPPER;
  if (value >= beta) return BOUND_LOWER;
  return BOUND_EXACT;
}

function entriesFrom(options: TranspositionTableOptions | undefined): number {
  const where = "new TranspositionTable";
  checkOptions(where, options, ["entries", "megabytes"]);
  const { entries, megabytes } = options ?? {};
  if (entries !== undefined && megabytes !== undefined) {
    throw new Error(`${where}: give entries or megabytes, not both`);
  }
  if (megabytes !== undefined) {
    if (
      typeof megabytes !== "number" || !(megabytes > 0) ||
      !(megabytes <= MAX_TABLE_MEGABYTES)
    ) {
      throw new Error(
        `${where}: megabytes must be a number in (0, ${MAX_TABLE_MEGABYTES}] (MAX_TABLE_MEGABYTES), got ${
          describe(megabytes)
        }`,
      );
    }
    return Math.max(1, Math.floor(megabytes * 2 ** 20 / BYTES_PER_ENTRY));
  }
  if (entries === undefined) {
    throw new Error(`${where}: needs { entries } or { megabytes }`);
  }
  return checkInteger(where, "entries", entries, 1, MAX_TABLE_ENTRIES);
}

/**
 * A fixed-size transposition table in typed arrays, always-replace, with
 * full keys and bound flags (see the module documentation for the protocol).
 *
 * Counters (plain numbers, reset by {@linkcode TranspositionTable.resetStats}):
 * `probes`, `hits` (probes that found their key), `stores`, `cutoffsExact`,
 * `cutoffsLower`, `cutoffsUpper` (cuts granted by
 * {@linkcode TranspositionTable.cutoff}, by the bound type of the entry).
 *
 * @example Store a lower bound, then probe: it cuts a fail-high, not a fail-low
 * ```ts
 * import assert from "node:assert/strict";
 * import { BOUND_LOWER, TranspositionTable } from "../../mod.ts";
 * const tt = new TranspositionTable({ entries: 1024 });
 * tt.store(4242, 7, 3, 2, BOUND_LOWER);      // value ≥ 7, searched 3 plies, best move 2
 * const i = tt.probe(4242);
 * assert.ok(i >= 0 && tt.value(i) === 7 && tt.move(i) === 2);
 * assert.ok(tt.cutoff(i, 3, 0, 5));      // 7 ≥ beta 5: a fail-high, proved
 * assert.ok(!tt.cutoff(i, 3, 8, 9));     // below alpha 8? a lower bound cannot say
 * assert.ok(!tt.cutoff(i, 4, 0, 5));     // searched 3 plies, asked for 4
 * assert.ok(tt.probe(99) === -1 && tt.hits === 1 && tt.cutoffsLower === 1);
 * ```
 */
export class TranspositionTable {
  /** Number of entries. */
  readonly size: number;
  /** Entry i's key: `#keys[3 i]` (a view of the same buffer as `#data`). */
  readonly #keys: Float64Array;
  /**
   * Entry i's value, depth, move, bound: `#data[6 i + VALUE…BOUND]`; the
   * bound slot holds `bound | kind << 2`.
   */
  readonly #data: Int32Array;
  /**
   * Slots written since the last clear, while they fit: `clear()` then
   * empties just those instead of the whole table, so a solver that clears
   * a 64 MiB table before each small search pays for what it used.
   */
  readonly #written: Int32Array;
  /** Stores since the last clear (may exceed the log's length: then clear scans everything). */
  #writes = 0;
  /**
   * `size − 1` when the size is a power of two, else −1. Then an entry's
   * slot, `key % size`, is the key's low bits (`key >>> 0` is the key
   * modulo 2^32), the same slot without a floating-point division: 10% of
   * the chess engine's time went to probe.
   */
  readonly #mask: number;
  /** Calls of {@linkcode TranspositionTable.probe}. */
  probes = 0;
  /** Probes that found their key. */
  hits = 0;
  /** Calls of {@linkcode TranspositionTable.store}. */
  stores = 0;
  /** Cuts granted by an exact entry. */
  cutoffsExact = 0;
  /** Cuts granted by a lower bound (a fail-high proved). */
  cutoffsLower = 0;
  /** Cuts granted by an upper bound (a fail-low proved). */
  cutoffsUpper = 0;

  /**
   * Allocates the table, empty.
   *
   * @param options `{ entries }` (contract) or `{ megabytes }`
   * @throws {Error} on an unknown option, when neither or both are given,
   *   when the size is out of range (see {@linkcode MAX_TABLE_ENTRIES}), or
   *   when the machine cannot allocate the table
   */
  constructor(options: TranspositionTableOptions) {
    this.size = entriesFrom(options);
    this.#mask = (this.size & (this.size - 1)) === 0 ? this.size - 1 : -1;
    let buffer: ArrayBuffer;
    try {
      buffer = new ArrayBuffer(this.size * BYTES_PER_ENTRY);
    } catch (error) {
      throw new Error(
        `new TranspositionTable: cannot allocate ${this.size} entries (${
          (this.size * BYTES_PER_ENTRY / 2 ** 20).toFixed(0)
        } MiB): ${(error as Error).message}; ask for fewer`,
      );
    }
    this.#keys = new Float64Array(buffer);
    this.#data = new Int32Array(buffer);
    for (let i = 0; i < this.size; i++) this.#empty(i);
    this.#written = new Int32Array(Math.min(this.size, WRITE_LOG_LENGTH));
  }

  /**
   * Looks `key` up.
   *
   * @param key the position's key: an integer in 0…2^53 − 1 (any other
   *   number misses: no entry can hold it)
   * @returns the entry index (for the accessors) or −1 when the slot holds another key or nothing
   */
  probe(key: number): number {
    this.probes++;
    // A key that is not an integer of 0…2^53 − 1 misses by either slot: no
    // entry holds it.
    const i = this.#mask >= 0
      ? (key >>> 0) & this.#mask
      : slotOf(key, this.size);
    if (this.#keys[3 * i] !== key) return -1;
    this.hits++;
    return i;
  }

  /** Value stored in entry `i` (from the side to move's view). */
  value(i: number): Value {
    this.#checkIndex("value", i);
    return this.#data[STRIDE * i + VALUE]!;
  }

  /**
   * Throws unless `i` is an entry index {@linkcode TranspositionTable.probe}
   * can have returned (−1 is a miss: there is no entry to read).
   */
  #checkIndex(method: string, i: number): void {
    if ((i >>> 0) !== i || i >= this.size) throw this.#badIndex(method, i);
  }

  #badIndex(method: string, i: unknown): Error {
    return new Error(
      `TranspositionTable.${method}: i must be an entry index probe() returned, an integer in 0…${
        this.size - 1
      }, got ${describe(i)}${i === -1 ? " (probe's miss: no entry)" : ""}`,
    );
  }

  /** Remaining depth entry `i` was searched to ({@linkcode DEPTH_END}: to the end). */
  depth(i: number): number {
    this.#checkIndex("depth", i);
    return this.#data[STRIDE * i + DEPTH]!;
  }

  /** Best move stored in entry `i` (or {@linkcode NO_MOVE}). */
  move(i: number): Move {
    this.#checkIndex("move", i);
    return this.#data[STRIDE * i + MOVE]!;
  }

  /** Bound type of entry `i`: {@linkcode BOUND_UPPER}, {@linkcode BOUND_LOWER} or {@linkcode BOUND_EXACT}. */
  bound(i: number): number {
    this.#checkIndex("bound", i);
    return this.#data[STRIDE * i + BOUND]! & BOUND_BITS;
  }

  /**
   * Kind of entry `i`, as {@linkcode TranspositionTable.store} was given it:
   * which tree its value is of (0: no claim; see the module documentation).
   *
   * @example The kind is kept beside the bound; the bound test ignores it
   * ```ts
   * import assert from "node:assert/strict";
   * import { BOUND_EXACT, TranspositionTable } from "../../mod.ts";
   * const tt = new TranspositionTable({ entries: 16 });
   * tt.store(5, 40, 2, 1, BOUND_EXACT, 1);
   * const i = tt.probe(5);
   * assert.ok(tt.kind(i) === 1 && tt.bound(i) === BOUND_EXACT);
   * assert.ok(tt.cutoff(i, 2, 0, 10));
   * tt.store(5, 40, 2, 1, BOUND_EXACT);          // no kind given: 0, no claim
   * assert.ok(tt.kind(i) === 0 && tt.bound(i) === BOUND_EXACT);
   * assert.throws(
   *   () => tt.store(5, 40, 2, 1, BOUND_EXACT, 256),
   *   /^Error: TranspositionTable.store: kind must be an integer in 0…255, got 256$/,
   * );
   * ```
   */
  kind(i: number): number {
    this.#checkIndex("kind", i);
    return this.#data[STRIDE * i + BOUND]! >>> 2;
  }

  /** Key stored in entry `i` (NaN when the entry is empty). */
  key(i: number): number {
    this.#checkIndex("key", i);
    return this.#keys[3 * i]!;
  }

  /**
   * Writes an entry, replacing whatever its slot held.
   *
   * @param key the position's key: an integer in 0…2^53 − 1
   * @param value the search result: an integer in ±{@linkcode VALUE_INFINITE}
   * @param depth the remaining depth searched, via {@linkcode tableDepth}: an
   *   integer in 0…{@linkcode DEPTH_END}
   * @param move the best move found (an integer below 2^31), or {@linkcode NO_MOVE}
   * @param bound the result's type, via {@linkcode boundOf}: 1, 2 or 3
   * @param kind which tree the value is of, an integer in
   *   0…{@linkcode MAX_ENTRY_KIND} (default 0: no claim; see the module
   *   documentation)
   * @throws {Error} naming the argument out of range; the table is unchanged
   */
  store(
    key: number,
    value: Value,
    depth: number,
    move: Move,
    bound: number,
    kind = 0,
  ): void {
    // One guard on the hot path; `(x | 0) === x` is an int32 test that also
    // rejects NaN and non-numbers, and Math.floor one for keys past 2^31.
    if (
      !isTableKey(key) ||
      (value | 0) !== value || value > VALUE_INFINITE ||
      value < -VALUE_INFINITE || (depth | 0) !== depth || depth < 0 ||
      depth > DEPTH_END || (move | 0) !== move || move < NO_MOVE ||
      (bound !== BOUND_UPPER && bound !== BOUND_LOWER &&
        bound !== BOUND_EXACT) ||
      (kind & MAX_ENTRY_KIND) !== kind
    ) {
      rejectStore(key, value, depth, move, bound, kind);
    }
    this.stores++;
    const i = this.#mask >= 0
      ? (key >>> 0) & this.#mask
      : slotOf(key, this.size);
    if (this.#writes < this.#written.length) this.#written[this.#writes] = i;
    this.#writes++;
    this.#keys[3 * i] = key;
    const at = STRIDE * i;
    this.#data[at + VALUE] = value;
    this.#data[at + DEPTH] = depth;
    this.#data[at + MOVE] = move;
    this.#data[at + BOUND] = bound | kind << 2;
  }

  /**
   * Whether entry `i` settles a node searched to `depth` with the window
   * (alpha, beta), so the node may return `value(i)` at once: the entry must
   * be at least as deep, and its value must be exact, or a lower bound at or
   * above beta, or an upper bound at or below alpha (whatever its kind).
   * Counts the cut.
   *
   * The returned `value(i)` then keeps the fail-soft contract: `<= alpha` is
   * an upper bound, `>= beta` a lower bound, inside the window exact.
   *
   * @param i an index from {@linkcode TranspositionTable.probe}
   * @param depth the node's remaining depth, via {@linkcode tableDepth}
   * @param alpha the node's alpha
   * @param beta the node's beta
   * @returns true when the node can return `value(i)` without searching
   */
  cutoff(i: number, depth: number, alpha: Value, beta: Value): boolean {
    this.#checkIndex("cutoff", i);
    const at = STRIDE * i;
    if (this.#data[at + DEPTH]! < depth) return false;
    const bound = this.#data[at + BOUND]! & BOUND_BITS;
    const value = this.#data[at + VALUE]!;
    if (bound === BOUND_EXACT) {
      this.cutoffsExact++;
      return true;
    }
    if (value >= beta && (bound & BOUND_LOWER) !== 0) {
      this.cutoffsLower++;
      return true;
    }
    if (value <= alpha && (bound & BOUND_UPPER) !== 0) {
      this.cutoffsUpper++;
      return true;
    }
    return false;
  }

  /** Empties every entry (the counters are kept; see {@linkcode TranspositionTable.resetStats}). */
  clear(): void {
    if (this.#writes <= this.#written.length) {
      for (let w = 0; w < this.#writes; w++) this.#empty(this.#written[w]!);
    } else {
      for (let i = 0; i < this.size; i++) this.#empty(i);
    }
    this.#writes = 0;
  }

  /**
   * Makes entry `i` empty: no key (NaN, which equals no key, so a probe of
   * any number misses it), no move, no bound.
   */
  #empty(i: number): void {
    this.#keys[3 * i] = Number.NaN;
    const at = STRIDE * i;
    this.#data[at + VALUE] = 0;
    this.#data[at + DEPTH] = 0;
    this.#data[at + MOVE] = NO_MOVE;
    this.#data[at + BOUND] = 0;
  }

  /** Zeroes the counters. */
  resetStats(): void {
    this.probes = 0;
    this.hits = 0;
    this.stores = 0;
    this.cutoffsExact = 0;
    this.cutoffsLower = 0;
    this.cutoffsUpper = 0;
  }

  /** Entries in use (a scan: for reports, not for the search). */
  filled(): number {
    let count = 0;
    for (let i = 0; i < this.size; i++) if (this.#keys[3 * i]! >= 0) count++;
    return count;
  }
}
