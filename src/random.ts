/**
 * Seeded randomness that gives the same numbers on every machine: 32-bit
 * integer arithmetic only (`Math.imul`, shifts), no `Math.random`.
 *
 * @module
 */

import { checkInteger, describe } from "./validate.ts";

/**
 * Mixes a 32-bit integer into a well-spread 32-bit integer (the finaliser of
 * MurmurHash3). Pure, so a tree can derive a node's value from its index
 * without storing it.
 */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A deterministic 32-bit hash of a seed and up to two non-negative integers
 * below 2^53: the value of a tree node is `hashInts(seed, level, index)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashInts } from "./random.ts";
 * assert.ok(hashInts(7, 3, 12) === hashInts(7, 3, 12));
 * assert.ok(hashInts(7, 3, 12) !== hashInts(8, 3, 12));
 * ```
 */
export function hashInts(seed: number, a: number, b: number): number {
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ (a >>> 0));
  h = mix32(h ^ Math.floor(a / 0x100000000));
  h = mix32(h ^ (b >>> 0));
  return mix32(h ^ Math.floor(b / 0x100000000));
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
