/**
 * The Connect Four solver's own transposition table: two 32-bit words per
 * entry, both score bounds and the best move, lock-free so that workers can
 * share it in a `SharedArrayBuffer`.
 *
 * @module
 */

import { checkBoolean, checkInteger } from "../validate.ts";

/** The fewest entries a table holds (2^17, 1 MiB): the smallest `entries` option. */
export const MIN_TABLE_BITS = 17;
/**
 * log2 of the entries a solve starts on: 2^17 entries of 8 bytes, 1 MiB,
 * the smallest table ({@linkcode MIN_TABLE_BITS}); see
 * {@linkcode SolverTable.bits}.
 */
export const START_TABLE_BITS = 17;
/** The most entries (2^29, 4 GiB). */
export const MAX_TABLE_BITS = 29;
/** Bytes per entry: the check word and the data word. */
export const SOLVER_BYTES_PER_ENTRY = 8;
/**
 * The entries a {@linkcode SolverTable} asked for `entries` has: `entries`
 * rounded down to a power of two, at least 2^{@linkcode MIN_TABLE_BITS},
 * at most 2^{@linkcode MAX_TABLE_BITS} (its bytes are this times
 * {@linkcode SOLVER_BYTES_PER_ENTRY}).
 *
 * @param entries the entries asked for
 * @returns the entries the table allocates
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { solverTableEntries } from "./_solver_table.ts";
 * assert.equal(solverTableEntries(3_000_000), 2 ** 21);
 * assert.equal(solverTableEntries(1), 2 ** 17);
 * ```
 */
export function solverTableEntries(entries: number): number {
  let bits = MIN_TABLE_BITS;
  while (bits < MAX_TABLE_BITS && 2 ** (bits + 1) <= entries) bits++;
  return 2 ** bits;
}

/** The largest copy {@linkcode SolverTable.grow} keeps for the next growth: 2^20 entries' words (8 MiB). */
const SCRATCH_WORDS = 2 ** 21;
/** A generation fits in 8 bits of the data word; past it the table is wiped. */
const MAX_GENERATION = 255;

/**
 * Where the key's low half is cut for the data word's top byte: the slot
 * holds the low `bits` bits of it, the check word the next 11 (beside the
 * 21 bits of the high half), the data word's top byte what is left (at most
 * 8 bits, so at least 2^9 entries in use); nothing is left from 2^17
 * entries up.
 *
 * @param bits log2 of the entries in use, 9…29
 * @returns `bits + 11`, at most 28 (the low half's width)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tagShift } from "./_solver_table.ts";
 * assert.ok(tagShift(10) === 21 && tagShift(17) === 28 && tagShift(25) === 28);
 * ```
 */
export function tagShift(bits: number): number {
  return Math.min(bits + 11, 28);
}

/** Golden-ratio multiplier: the high bits of the product spread the key. */
export const HASH_MULTIPLIER = 0x9e3779b1 | 0;
/** The stored bound offset: a bound b is kept as b + 32 in six bits. */
export const BOUND_OFFSET = 32;
/** "No move" in the data word's three move bits. */
export const NO_BEST = 7;

/**
 * A transposition table for {@linkcode ConnectFourSolver}: a power of two of
 * entries, each two 32-bit words, so 8 bytes where the generic
 * `TranspositionTable` takes 24.
 *
 * The key is the position's `stones + occupied` as two halves (28 and 21
 * bits). An entry's slot takes the low half's low `bits` bits XOR a hash of
 * the rest; the check word holds the high half and the next 11 bits of the
 * low half, the data word's top byte what is left of it (see
 * {@linkcode tagShift}): slot, check and that byte together give back the
 * whole key, so a hit is never a collision. The data word also holds a
 * lower and an upper bound on the score (6 bits each), the best move (3
 * bits) and the generation (8 bits): {@linkcode SolverTable.clear} starts a
 * new generation instead of wiping memory, so a solver that clears before
 * each small position pays nothing.
 *
 * Lock-free sharing: the check word is stored XOR the data word, so an
 * entry read while another thread writes it (one word old, one new) fails
 * the check and is ignored, never trusted.
 *
 * @example A table of 2^17 entries (1 MiB) stores bounds and a best move
 * ```ts
 * import assert from "node:assert/strict";
 * import { SolverTable } from "../../mod.ts";
 * const table = new SolverTable(1 << 17);
 * table.store(12345, 678, -3, 5, 2);
 * const d = table.probe(12345, 678);
 * assert.ok(d >= 0 && SolverTable.lower(d) === -3 && SolverTable.upper(d) === 5 && SolverTable.move(d) === 2);
 * table.clear();
 * assert.ok(table.probe(12345, 678) === -1 && table.size === 1 << 17);
 * ```
 */
export class SolverTable {
  /** Entries: a power of two, the most the table grows to. */
  readonly size: number;
  /** log2 of {@linkcode SolverTable.size}. */
  readonly maxBits: number;
  /**
   * log2 of the entries in use: a solve starts on the first
   * 2^{@linkcode START_TABLE_BITS} (2^17 entries, 1 MiB) and
   * {@linkcode SolverTable.grow} doubles them as the work grows, up to
   * {@linkcode SolverTable.size}.
   */
  bits: number;
  /** The largest `bits` used since the last wipe: what a wipe must zero. */
  #dirtyBits: number;
  /** Two words per entry: check XOR data, data (on a `SharedArrayBuffer` when shared). */
  readonly words: Int32Array;
  /** The current generation (1…255; 0 from a {@linkcode SolverTable.wipeIfDue} to the next clear): entries of other generations are empty. */
  generation = 1;
  /** Where {@linkcode SolverTable.grow} copies the entries it moves from a small table. */
  #scratch: Int32Array = new Int32Array(0);

  /**
   * An empty table.
   *
   * @param entries wanted entries, an integer in 1…2^29: rounded down to a power of two, at least 2^17
   * @param shared allocate on a `SharedArrayBuffer` (for worker threads)
   * @param words an existing shared buffer's words to use instead (a worker's view)
   * @throws {Error} when `entries` is not an integer in 1…2^29 or `shared` not a boolean
   */
  constructor(entries: number, shared = false, words?: Int32Array) {
    // NaN or −5 silently made the smallest table.
    checkInteger("new SolverTable", "entries", entries, 1, 2 ** MAX_TABLE_BITS);
    checkBoolean("new SolverTable", "shared", shared);
    this.size = solverTableEntries(entries);
    this.maxBits = Math.log2(this.size);
    this.bits = this.#dirtyBits = START_TABLE_BITS;
    this.words = words ?? new Int32Array(
      shared
        ? new SharedArrayBuffer(this.size * SOLVER_BYTES_PER_ENTRY)
        : new ArrayBuffer(this.size * SOLVER_BYTES_PER_ENTRY),
    );
  }

  /** Empties every entry: a new generation (a wipe every 255 clears), back to the start's entries in use. */
  clear(): void {
    this.#nextGeneration();
    this.bits = START_TABLE_BITS;
  }

  /**
   * Does now the wipe that the next {@linkcode SolverTable.clear} would do
   * (the one of every 255 clears, which zeroes the entries used since the
   * last: 1 MiB, 15–27 µs measured, for a table of 2^17 in use), so that it lands
   * where the caller wants it, not inside a timed solve. The reference
   * solver wipes its table before it starts its clock, and `task solve`
   * calls this before it starts its own. Otherwise nothing changes: the
   * entries of the current generation stay until the next clear, which
   * empties the table as always.
   *
   * @returns whether it wiped
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SolverTable } from "../../mod.ts";
   * const table = new SolverTable(1 << 17);
   * table.store(12345, 678, -3, 5, 2);
   * assert.equal(table.wipeIfDue(), false);
   * assert.ok(table.probe(12345, 678) >= 0);
   * table.generation = 255;
   * assert.equal(table.wipeIfDue(), true);
   * table.clear();
   * assert.ok(table.generation === 1 && table.probe(12345, 678) === -1);
   * ```
   */
  wipeIfDue(): boolean {
    if (this.generation < MAX_GENERATION) return false;
    this.#wipe();
    // The next clear moves to 1 without a wipe; nothing is stored under 0.
    this.generation = 0;
    return true;
  }

  #wipe(): void {
    // Only what was used: the pages beyond were never touched.
    this.words.fill(0, 0, 2 * 2 ** this.#dirtyBits);
    this.#dirtyBits = this.bits;
  }

  #nextGeneration(): void {
    if (++this.generation > MAX_GENERATION) {
      this.#wipe();
      this.generation = 1;
    }
  }

  /**
   * Doubles the entries in use (`times` times, up to {@linkcode SolverTable.size}),
   * moving every entry of the current generation to its new slot: slot,
   * check and tag give back the whole key, so nothing is lost but what
   * collides.
   *
   * @param times how many doublings
   * @returns false when the table was already at its size
   */
  grow(times = 1): boolean {
    const oldBits = this.bits;
    const bits = Math.min(this.maxBits, oldBits + times);
    if (bits === oldBits) return false;
    const length = 2 * 2 ** oldBits;
    let old: Int32Array;
    if (length <= SCRATCH_WORDS) {
      // Small growths come often (a solve starts on 2^17 entries): one
      // buffer serves them all. A large one is rare and its copy is not kept.
      if (this.#scratch.length === 0) {
        this.#scratch = new Int32Array(SCRATCH_WORDS);
      }
      old = this.#scratch;
      old.set(this.words.subarray(0, length));
    } else old = this.words.slice(0, length);
    const oldGeneration = this.generation;
    this.#nextGeneration();
    this.bits = bits;
    if (bits > this.#dirtyBits) this.#dirtyBits = bits;
    const lowMask = 2 ** oldBits - 1;
    const oldHashShift = 32 - oldBits;
    const words = this.words;
    const generation = this.generation;
    const mask = 2 ** bits - 1;
    const hashShift = 32 - bits;
    const newTagShift = tagShift(bits);
    for (let i = 0; i < length; i += 2) {
      const data = old[i + 1]!;
      if (((data >>> 16) & 255) !== oldGeneration) continue;
      const oldCheck = old[i]! ^ data;
      const keyHi = oldCheck & 0x1fffff;
      // The low half: above the slot's bits, the check's 11 and the tag's
      // top byte (keys stay below 2^28, so the shift cannot overflow).
      const keyLo = ((oldCheck >>> 21 | (data >>> 24) << 11) << oldBits) |
        (((i >> 1) ^ (Math.imul(oldCheck, HASH_MULTIPLIER) >>> oldHashShift)) &
          lowMask);
      const check = keyHi | ((keyLo >>> bits) << 21);
      const slot =
        ((keyLo ^ (Math.imul(check, HASH_MULTIPLIER) >>> hashShift)) &
          mask) << 1;
      const moved = ((keyLo >>> newTagShift) << 8 | generation) << 16 |
        (data & 0xffff);
      words[slot + 1] = moved;
      words[slot] = check ^ moved;
    }
    return true;
  }

  /**
   * Takes another table's entries of its current generation (same size,
   * same entries in use) under a new generation of this one: a threaded
   * solve moves from the main thread's own table to the shared one when
   * its helpers join.
   *
   * @param from the table whose entries are copied; unchanged
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SolverTable } from "../../mod.ts";
   * const mine = new SolverTable(1 << 17), shared = new SolverTable(1 << 17, true);
   * mine.store(12345, 678, -3, 5, 2);
   * shared.adopt(mine);
   * assert.equal(shared.probe(12345, 678), mine.probe(12345, 678));
   * ```
   */
  adopt(from: SolverTable): void {
    this.#nextGeneration();
    this.bits = from.bits;
    if (this.bits > this.#dirtyBits) this.#dirtyBits = this.bits;
    const length = 2 * 2 ** this.bits;
    const source = from.words, words = this.words;
    const old = from.generation << 16, generation = this.generation << 16;
    for (let i = 0; i < length; i += 2) {
      const data = source[i + 1]!;
      if ((data & 0xff0000) !== old) {
        // Another generation's, or none: empty here.
        words[i + 1] = words[i] = 0;
        continue;
      }
      const moved = (data & ~0xff0000) | generation;
      words[i + 1] = moved;
      words[i] = (source[i]! ^ data) ^ moved;
    }
  }

  /** The check word of a key (the high half and 11 bits of the low half above the slot's), as an int32. */
  #check(keyLo: number, keyHi: number): number {
    return keyHi | ((keyLo >>> this.bits) << 21);
  }

  /** The data word's top 16 bits for a key: the low half's bits past the check's, and the generation. */
  #tag(keyLo: number): number {
    return (keyLo >>> tagShift(this.bits)) << 8 | this.generation;
  }

  /** Index of the first word of a key's slot. */
  #slot(keyLo: number, check: number): number {
    return ((keyLo ^ (Math.imul(check, HASH_MULTIPLIER) >>> (32 - this.bits))) &
      (2 ** this.bits - 1)) << 1;
  }

  /**
   * Looks a key up.
   *
   * @param keyLo the low half of `stones + occupied` (28 bits)
   * @param keyHi the high half (21 bits)
   * @returns the data word (decode with the static accessors), or −1
   */
  probe(keyLo: number, keyHi: number): number {
    const check = this.#check(keyLo, keyHi);
    const slot = this.#slot(keyLo, check);
    const data = this.words[slot + 1]!;
    return (this.words[slot]! ^ data) === check &&
        data >>> 16 === this.#tag(keyLo)
      ? data & 0xffff
      : -1;
  }

  /**
   * Writes an entry, replacing what its slot held. Every field is checked
   * against the width it is stored in (a bound of 40 overflowed into the
   * move's bits); the solver's own search writes through
   * {@linkcode putEntry}, unchecked.
   *
   * @param keyLo the low half of the key, 0…2^28 − 1
   * @param keyHi the high half of the key, 0…2^21 − 1
   * @param lower a lower bound on the score, −32…31 (−32 for none)
   * @param upper an upper bound on the score, `lower`…31 (31 for none)
   * @param move the best column 0–6, or 7 for none
   * @throws {Error} naming the argument, its value and its range
   */
  store(
    keyLo: number,
    keyHi: number,
    lower: number,
    upper: number,
    move: number,
  ): void {
    const where = "SolverTable.store";
    checkInteger(where, "keyLo", keyLo, 0, 2 ** 28 - 1);
    checkInteger(where, "keyHi", keyHi, 0, 2 ** 21 - 1);
    checkInteger(where, "lower", lower, -BOUND_OFFSET, BOUND_OFFSET - 1);
    checkInteger(where, "upper", upper, lower, BOUND_OFFSET - 1);
    checkInteger(where, "move", move, 0, NO_BEST);
    putEntry(this, keyLo, keyHi, lower, upper, move);
  }

  /** Entries of the current generation (a scan of those in use: for reports, not for the search). */
  filled(): number {
    let count = 0;
    for (let i = 1; i < 2 * 2 ** this.bits; i += 2) {
      if (((this.words[i]! >>> 16) & 255) === this.generation) count++;
    }
    return count;
  }

  /**
   * The lower bound of a data word.
   *
   * @param data a word from {@linkcode SolverTable.probe}
   * @returns the bound (−32: none)
   */
  static lower(data: number): number {
    return (data & 63) - BOUND_OFFSET;
  }

  /**
   * The upper bound of a data word.
   *
   * @param data a word from {@linkcode SolverTable.probe}
   * @returns the bound (31: none)
   */
  static upper(data: number): number {
    return ((data >>> 6) & 63) - BOUND_OFFSET;
  }

  /**
   * The best move of a data word.
   *
   * @param data a word from {@linkcode SolverTable.probe}
   * @returns the column 0–6, or 7 for none
   */
  static move(data: number): number {
    return (data >>> 12) & 7;
  }
}

/**
 * {@linkcode SolverTable.store} without its checks: the search's own writes
 * (once a node), whose fields are in range by construction. Not exported
 * from the package: a caller's values go through `store`.
 *
 * @param table the table written
 * @param keyLo the low half of the key (28 bits)
 * @param keyHi the high half of the key (21 bits)
 * @param lower a lower bound, −32…31
 * @param upper an upper bound, −32…31
 * @param move the best column 0–6, or 7 for none
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { putEntry, SolverTable } from "./_solver_table.ts";
 * const table = new SolverTable(1 << 17);
 * putEntry(table, 12345, 678, -3, 5, 2);
 * assert.equal(SolverTable.upper(table.probe(12345, 678)), 5);
 * ```
 */
export function putEntry(
  table: SolverTable,
  keyLo: number,
  keyHi: number,
  lower: number,
  upper: number,
  move: number,
): void {
  const bits = table.bits;
  const check = keyHi | ((keyLo >>> bits) << 21);
  const slot = ((keyLo ^ (Math.imul(check, HASH_MULTIPLIER) >>> (32 - bits))) &
    (2 ** bits - 1)) << 1;
  const data = ((keyLo >>> tagShift(bits)) << 8 | table.generation) << 16 |
    move << 12 | (upper + BOUND_OFFSET) << 6 | (lower + BOUND_OFFSET);
  const words = table.words;
  words[slot + 1] = data;
  words[slot] = check ^ data;
}
