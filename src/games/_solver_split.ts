/**
 * The shallow nodes of a threaded Connect Four solve, shared out between
 * the threads in the manner of ABDADA (Weill, 1996), simplified: every
 * thread searches the same null window from the root, and at a node near
 * the root a thread puts off a move (other than the first) whose child
 * another thread is searching, and comes back to it after its other moves.
 * Threads searching one tree then take different moves at each shallow
 * node and meet again in the table, where one thread's result is the
 * other's cutoff. Below {@linkcode SolverEngine.splitBelow} stones the
 * plain search runs unchanged.
 *
 * Which children are being searched is kept in a small shared table of
 * counts ({@linkcode BUSY_ENTRIES} slots, a key check and a count each): a
 * collision only puts a move off or not, never changes a result.
 *
 * @module
 */

import { threats, winHi, winLo } from "./_solver_bits.ts";
import { ETC_BELOW, type SolverEngine } from "./_solver_engine.ts";
import { putEntry, SolverTable } from "./_solver_table.ts";

/** Slots of the shared table of children being searched (a power of 2). */
export const BUSY_ENTRIES = 4096;

/** The words of that table: a key check per slot, then a count per slot. */
export const BUSY_WORDS = 2 * BUSY_ENTRIES;

/**
 * Plies below the root where the threads share out moves. The opening `4`
 * on two threads (idle 2-core machine, one run each): 5 plies 144.1 s,
 * 8 plies 140.4 s and 131.4 s, 12 plies 148.2 s; one thread 262.7 s (see
 * `docs/connect_four_speed.md`).
 */
export const SPLIT_PLIES = 8;

/**
 * The busy table's slot of the position with key (keyLo, keyHi).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BUSY_ENTRIES, busySlot } from "./_solver_split.ts";
 * const slot = busySlot(0x1234567, 0x89ab);
 * assert.ok(Number.isInteger(slot) && slot >= 0 && slot < BUSY_ENTRIES);
 * ```
 */
export function busySlot(keyLo: number, keyHi: number): number {
  return (Math.imul(keyLo ^ Math.imul(keyHi, 0x27d4eb2d), 0x9e3779b1) >>>
    20) & (BUSY_ENTRIES - 1);
}

/**
 * The check word stored in that slot: never 0, so an empty slot matches no
 * position.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { busyCheck } from "./_solver_split.ts";
 * assert.notEqual(busyCheck(0, 0), 0);
 * ```
 */
export function busyCheck(keyLo: number, keyHi: number): number {
  return (keyLo ^ (keyHi << 11)) | 1;
}

/** True when another thread is searching the child with this key. */
function isBusy(busy: Int32Array, keyLo: number, keyHi: number): boolean {
  const slot = busySlot(keyLo, keyHi);
  return Atomics.load(busy, BUSY_ENTRIES + slot) > 0 &&
    Atomics.load(busy, slot) === busyCheck(keyLo, keyHi);
}

/**
 * Searches the child (ol, oh, cml, cmh) of n1 stones for the null window
 * (−1 − alpha), marked busy while it runs (on every exit path).
 */
function searchChild(
  engine: SolverEngine,
  busy: Int32Array,
  ol: number,
  oh: number,
  cml: number,
  cmh: number,
  n1: number,
  alpha: number,
): number {
  const keyLo = ol + cml, keyHi = oh + cmh;
  const slot = busySlot(keyLo, keyHi);
  Atomics.store(busy, slot, busyCheck(keyLo, keyHi));
  Atomics.add(busy, BUSY_ENTRIES + slot, 1);
  try {
    return 0 -
      (n1 < engine.splitBelow
        ? splitSearch(engine, busy, ol, oh, cml, cmh, n1, -1 - alpha)
        : engine.search(ol, oh, cml, cmh, n1, -1 - alpha, -1, -1));
  } finally {
    Atomics.sub(busy, BUSY_ENTRIES + slot, 1);
  }
}

/**
 * The node of {@linkcode SolverEngine.search} for the shallow plies of a
 * threaded solve: the same pruning, bounds, table and move order, and the
 * same bound contract for the true score v (the result r satisfies
 * v <= r <= alpha when v <= alpha, alpha < r <= v otherwise); moves after
 * the first that another thread is searching are put off to the end.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour } from "./connect_four.ts";
 * import { SOLVER_ALL, SolverEngine } from "./_solver_engine.ts";
 * import { SolverTable } from "./_solver_table.ts";
 * import { BUSY_WORDS, splitSearch } from "./_solver_split.ts";
 * const p = ConnectFour.parse("4455"); // the side to move wins: score 18
 * const engine = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
 * engine.splitBelow = p.moveCount + 4;
 * const busy = new Int32Array(new SharedArrayBuffer(4 * BUSY_WORDS));
 * const args = [p.currentLo, p.currentHi, p.maskLo, p.maskHi] as const;
 * // A null window below the score fails high, one at it fails low.
 * assert.ok(splitSearch(engine, busy, ...args, p.moveCount, 17) > 17);
 * assert.ok(splitSearch(engine, busy, ...args, p.moveCount, 18) <= 18);
 * ```
 */
export function splitSearch(
  engine: SolverEngine,
  busy: Int32Array,
  cl: number,
  ch: number,
  ml: number,
  mh: number,
  n: number,
  alpha: number,
): number {
  // The plain node's start, copied rather than shared: that node is
  // written out for V8's inlining budget (see SolverEngine.search), and a
  // shared helper would change the code every solve runs.
  if (engine.nodes >= engine.checkAt) engine.checkBudget();
  engine.nodes++;
  let pl = (ml + 0x204081) & 0x7efdfbf;
  let ph = (mh + 0x4081) & 0xfdfbf;
  const ol = cl ^ ml, oh = ch ^ mh;
  const tl = winLo(ol, oh, ml), th = winHi(ol, oh, mh);
  const fl = pl & tl, fh = ph & th;
  if ((fl | fh) !== 0) {
    if (
      (fl & (fl - 1)) !== 0 || (fh & (fh - 1)) !== 0 ||
      (fl !== 0 && fh !== 0)
    ) {
      return 0 - ((42 - n) >> 1);
    }
    pl = fl;
    ph = fh;
  }
  pl &= ~(tl >>> 1);
  ph &= ~(th >>> 1);
  if ((pl | ph) === 0) return 0 - ((42 - n) >> 1);
  if (n >= 40) return 0;
  const min = 0 - ((40 - n) >> 1);
  if (min > alpha) return min;
  const max = (41 - n) >> 1;
  if (max <= alpha) return max;
  // The table through its own probe and store: these nodes are few, so
  // they need not be the plain node's written-out copies.
  const table = engine.table;
  const keyLo = cl + ml, keyHi = ch + mh;
  const entry = table.probe(keyLo, keyHi);
  let lower = -32, upper = 31, best = 7;
  if (entry >= 0) {
    lower = SolverTable.lower(entry);
    if (lower > alpha) return lower;
    upper = SolverTable.upper(entry);
    if (upper <= alpha) return upper;
    best = SolverTable.move(entry);
  }
  // Without a cutoff every move failed low: alpha is an upper bound.
  let result = alpha;
  let storedLower = lower, storedUpper = alpha, storedMove = best;
  // The engine's own buffers, not the module's: a callback of the search
  // (onSlow) may run another solver's search on this thread.
  const { splitMoves, putOff } = engine;
  const base = n << 3;
  let end = base, later = base;
  const several = (pl & (pl - 1)) !== 0 || (ph & (ph - 1)) !== 0 ||
    (pl !== 0 && ph !== 0);
  ended: {
    // Enhanced transposition cutoff, where the plain search tries it
    // (alpha at max - 1: no child's stored upper bound can cut).
    for (
      let col = 0;
      several && n < ETC_BELOW && alpha < max - 1 && col < 7;
      col++
    ) {
      const bl = col < 4 ? pl & (63 << 7 * col) : 0;
      const bh = col < 4 ? 0 : ph & (63 << 7 * col - 28);
      if ((bl | bh) === 0) continue;
      const child = table.probe(ol + (ml | bl), oh + (mh | bh));
      if (child >= 0) {
        const score = 0 - SolverTable.upper(child);
        if (score > alpha) {
          result = score;
          storedLower = score;
          storedUpper = upper;
          storedMove = col;
          break ended;
        }
      }
    }
    // The plain search's order: the table's move, then by threats, the
    // centre first among equals (keys threats << 3 | rank, largest first).
    for (let rank = 0; rank < 7; rank++) {
      const col = (rank & 1) !== 0 ? rank >> 1 : 6 - (rank >> 1);
      const bl = col < 4 ? pl & (63 << 7 * col) : 0;
      const bh = col < 4 ? 0 : ph & (63 << 7 * col - 28);
      if ((bl | bh) === 0) continue;
      // The table's move goes first: 64 is more threats than a board has.
      const key = (col === best ? 64 : threats(cl | bl, ch | bh, ml, mh)) <<
          3 | rank;
      let at = end++;
      while (at > base && splitMoves[at - 1]! < key) {
        splitMoves[at] = splitMoves[at - 1]!;
        at--;
      }
      splitMoves[at] = key;
    }
    for (let at = base; at < end + (later - base); at++) {
      // First the moves in order, then those put off, in the order put off.
      const rank = at < end ? splitMoves[at]! & 7 : -1;
      const col = at < end
        ? ((rank & 1) !== 0 ? rank >> 1 : 6 - (rank >> 1))
        : putOff[at - end + base]!;
      const cml = col < 4 ? ml | (pl & (63 << 7 * col)) : ml;
      const cmh = col < 4 ? mh : mh | (ph & (63 << 7 * col - 28));
      if (at > base && at < end && isBusy(busy, ol + cml, oh + cmh)) {
        putOff[later++] = col;
        continue;
      }
      const score = searchChild(engine, busy, ol, oh, cml, cmh, n + 1, alpha);
      if (score > alpha) {
        result = score;
        storedLower = score;
        storedUpper = upper;
        storedMove = col;
        break ended;
      }
    }
  }
  putEntry(table, keyLo, keyHi, storedLower, storedUpper, storedMove);
  return result;
}
