/**
 * The Connect Four solver's own transposition table: two 32-bit words per
 * entry, both score bounds and the best move, lock-free so that workers can
 * share it in a `SharedArrayBuffer`.
 *
 * @module
 */

/** The fewest entries (2^17): below it the check word cannot hold the rest of the key. */
export const MIN_TABLE_BITS = 17;
/** The most entries (2^29, 4 GiB). */
export const MAX_TABLE_BITS = 29;
/** Bytes per entry: the check word and the data word. */
export const SOLVER_BYTES_PER_ENTRY = 8;
/** A generation fits in 8 bits of the data word; past it the table is wiped. */
const MAX_GENERATION = 255;
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
 * the rest, and the check word holds the rest (21 + 28 − `bits` ≤ 32 bits):
 * slot and check together give back the whole key, so a hit is never a
 * collision. The data word holds a lower and an upper bound on the score
 * (6 bits each), the best move (3 bits) and the generation (8 bits):
 * {@linkcode SolverTable.clear} starts a new generation instead of wiping
 * memory, so a solver that clears before each small position pays nothing.
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
   * log2 of the entries in use: a solve starts on the first 2^17 (1 MiB,
   * which stays in the processor's cache) and {@linkcode SolverTable.grow}
   * doubles them as the work grows, up to {@linkcode SolverTable.size}.
   */
  bits: number;
  /** The largest `bits` used since the last wipe: what a wipe must zero. */
  #dirtyBits: number;
  /** Two words per entry: check XOR data, data (on a `SharedArrayBuffer` when shared). */
  readonly words: Int32Array;
  /** The current generation (1…255): entries of other generations are empty. */
  generation = 1;

  /**
   * An empty table.
   *
   * @param entries wanted entries: rounded down to a power of two, at least 2^17, at most 2^29
   * @param shared allocate on a `SharedArrayBuffer` (for worker threads)
   * @param words an existing shared buffer's words to use instead (a worker's view)
   */
  constructor(entries: number, shared = false, words?: Int32Array) {
    let bits = MIN_TABLE_BITS;
    while (bits < MAX_TABLE_BITS && 2 ** (bits + 1) <= entries) bits++;
    this.maxBits = bits;
    this.size = 2 ** bits;
    this.bits = this.#dirtyBits = MIN_TABLE_BITS;
    this.words = words ?? new Int32Array(
      shared
        ? new SharedArrayBuffer(this.size * SOLVER_BYTES_PER_ENTRY)
        : new ArrayBuffer(this.size * SOLVER_BYTES_PER_ENTRY),
    );
  }

  /** Empties every entry: a new generation (a wipe every 255 clears), back to 2^17 entries in use. */
  clear(): void {
    this.#nextGeneration();
    this.bits = MIN_TABLE_BITS;
  }

  #nextGeneration(): void {
    if (++this.generation > MAX_GENERATION) {
      // Only what was used: the pages beyond were never touched.
      this.words.fill(0, 0, 2 * 2 ** this.#dirtyBits);
      this.#dirtyBits = this.bits;
      this.generation = 1;
    }
  }

  /**
   * Doubles the entries in use (`times` times, up to {@linkcode SolverTable.size}),
   * moving every entry of the current generation to its new slot: slot and
   * check give back the whole key, so nothing is lost but what collides.
   *
   * @param times how many doublings
   * @returns false when the table was already at its size
   */
  grow(times = 1): boolean {
    const oldBits = this.bits;
    const bits = Math.min(this.maxBits, oldBits + times);
    if (bits === oldBits) return false;
    const old = this.words.slice(0, 2 * 2 ** oldBits);
    const oldGeneration = this.generation;
    this.#nextGeneration();
    this.bits = bits;
    if (bits > this.#dirtyBits) this.#dirtyBits = bits;
    const lowMask = 2 ** oldBits - 1;
    for (let i = 0; i < old.length; i += 2) {
      const data = old[i + 1]!;
      if (data >>> 16 !== oldGeneration) continue;
      const check = old[i]! ^ data;
      const keyHi = check & 0x1fffff;
      const keyLo = (check >>> 21) * 2 ** oldBits +
        (((i >> 1) ^ (Math.imul(check, HASH_MULTIPLIER) >>> (32 - oldBits))) &
          lowMask);
      this.#write(keyLo, keyHi, (data & 0xffff) | this.generation << 16);
    }
    return true;
  }
  /** The check word of a key (all but the slot's bits), as an int32. */
  #check(keyLo: number, keyHi: number): number {
    return keyHi | ((keyLo >>> this.bits) << 21);
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
        data >>> 16 === this.generation
      ? data
      : -1;
  }

  /**
   * Writes an entry, replacing what its slot held.
   *
   * @param keyLo the low half of the key
   * @param keyHi the high half of the key
   * @param lower a lower bound on the score (−32 for none)
   * @param upper an upper bound on the score (31 for none)
   * @param move the best column 0–6, or 7 for none
   */
  store(
    keyLo: number,
    keyHi: number,
    lower: number,
    upper: number,
    move: number,
  ): void {
    this.#write(
      keyLo,
      keyHi,
      this.generation << 16 | move << 12 | (upper + BOUND_OFFSET) << 6 |
        (lower + BOUND_OFFSET),
    );
  }

  #write(keyLo: number, keyHi: number, data: number): void {
    const check = this.#check(keyLo, keyHi);
    const slot = this.#slot(keyLo, check);
    this.words[slot + 1] = data;
    this.words[slot] = check ^ data;
  }

  /** Entries of the current generation (a scan of those in use: for reports, not for the search). */
  filled(): number {
    let count = 0;
    for (let i = 1; i < 2 * 2 ** this.bits; i += 2) {
      if (this.words[i]! >>> 16 === this.generation) count++;
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
