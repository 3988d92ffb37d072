/**
 * The hashing behind `hashInts` and `Random`, unchecked: for the
 * library's own hot loops (a `UniformTree` hashes every node it
 * visits), whose arguments are checked once where the user gave them.
 * Everyone else calls `hashInts`, which checks.
 *
 * @module
 */

/**
 * Mixes a 32-bit integer into a well-spread 32-bit integer (the finaliser of
 * MurmurHash3). Pure, so a tree can derive a node's value from its index
 * without storing it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mix32 } from "./_hash.ts";
 * assert.ok(mix32(1) === mix32(1) && mix32(1) !== mix32(2));
 * ```
 */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * `hashInts` without its checks: `seed` must be an integer in
 * −2^31…2^32 − 1 and `a`, `b` integers in 0…2^53 − 1, or different
 * arguments share a hash.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashIntsUnchecked } from "./_hash.ts";
 * import { hashInts } from "./random.ts";
 * assert.ok(hashIntsUnchecked(7, 3, 12) === hashInts(7, 3, 12));
 * ```
 */
export function hashIntsUnchecked(seed: number, a: number, b: number): number {
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ (a >>> 0));
  h = mix32(h ^ Math.floor(a / 0x100000000));
  h = mix32(h ^ (b >>> 0));
  return mix32(h ^ Math.floor(b / 0x100000000));
}
