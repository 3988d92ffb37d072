/**
 * Seeded randomness that gives the same numbers on every machine: 32-bit
 * integer arithmetic only (`Math.imul`, shifts), no `Math.random`.
 *
 * @module
 */

import { hashIntsUnchecked, mix32 } from "./_hash.ts";
import { checkInteger, describe } from "./validate.ts";

/**
 * A deterministic 32-bit hash of a seed and up to two non-negative integers
 * below 2^53: the value of a tree node is `hashInts(seed, level, index)`.
 *
 * @param seed a 32-bit integer, signed or unsigned: −2^31…2^32 − 1, as
 *   {@linkcode Random}'s (−1 and 2^32 − 1, the same bits, hash alike)
 * @param a an integer in 0…2^53 − 1
 * @param b an integer in 0…2^53 − 1
 * @returns a 32-bit unsigned integer
 * @throws {Error} when an argument is outside its range, naming it (a
 *   larger seed, a fraction or NaN would silently share another's hash)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashInts } from "./random.ts";
 * assert.ok(hashInts(7, 3, 12) === hashInts(7, 3, 12));
 * assert.ok(hashInts(7, 3, 12) !== hashInts(8, 3, 12));
 * assert.throws(() => hashInts(2 ** 32 + 5, 3, 12), /hashInts: seed must be an integer in -2147483648…4294967295, got 4294967301/);
 * ```
 */
export function hashInts(seed: number, a: number, b: number): number {
  checkInteger("hashInts", "seed", seed, -(2 ** 31), 2 ** 32 - 1);
  checkInteger("hashInts", "a", a, 0, Number.MAX_SAFE_INTEGER);
  checkInteger("hashInts", "b", b, 0, Number.MAX_SAFE_INTEGER);
  return hashIntsUnchecked(seed, a, b);
}

/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same
 * sequence everywhere.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Random } from "./random.ts";
 * const a = new Random(42), b = new Random(42);
 * assert.ok(a.int(1, 99) === b.int(1, 99));
 * ```
 */
export class Random {
  #state: number;

  /**
   * Starts the sequence of `seed`.
   *
   * @param seed a 32-bit integer, signed or unsigned: −2^31…2^32 − 1 (a
   *   negative seed and the same bits unsigned, such as −1 and 2^32 − 1,
   *   give the same sequence); equal seeds give equal sequences
   * @throws {Error} when `seed` is not an integer in that range (a larger
   *   one would silently share its sequence with another seed)
   */
  constructor(seed: number) {
    checkInteger("new Random", "seed", seed, -(2 ** 31), 2 ** 32 - 1);
    this.#state = mix32(seed) | 0;
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 0x100000000;
  }

  /**
   * An integer in [min, max], both ends included.
   *
   * @param min the smallest value: a safe integer
   * @param max the largest value: a safe integer, min ≤ max < min + 2^32
   *   (the generator has 32 bits)
   * @throws {Error} on bounds that are not integers or not in that order
   */
  int(min: number, max: number): number {
    if (
      !Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min ||
      max - min >= 2 ** 32
    ) {
      throw new Error(
        `Random.int: needs safe integers min ≤ max < min + 2^32, got min ${
          describe(min)
        } and max ${describe(max)}`,
      );
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }
}
