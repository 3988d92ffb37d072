/**
 * Sprague–Grundy numbers (lesson 003, T003.6): a position of an impartial
 * game is worth the mex, the least non-negative integer missing, of its
 * successors' numbers; it is lost for the side to move exactly when that is
 * zero; and a sum of games is worth the XOR of its parts.
 *
 * @module
 */

import { checkArguments } from "./_check.ts";

/**
 * The minimum excluded value of `values`.
 *
 * @param values non-negative integers
 * @returns the least non-negative integer not among them
 * @throws {RangeError} when a value is not a non-negative integer
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mex } from "./mod.ts";
 * assert.equal(mex([0, 1, 3]), 2);
 * ```
 */
export function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  checkArguments("mex", { values: seen });
  let value = 0;
  while (seen.has(value)) value++;
  return value;
}

/**
 * The Grundy number of a heap of `size` in the game whose moves from a heap
 * of n lead to `successors(n)` (each successor a list of heaps: a move may
 * split a heap), remembered in `memo`.
 *
 * @param size the heap
 * @param successors the heaps after each move from a heap of n
 * @param memo numbers already known, shared between calls
 * @returns the heap's Grundy number
 * @throws {RangeError} when `size`, or a heap `successors` names, is not
 *   a non-negative integer
 *
 * @example The subtraction game {1, 2, 3}: numbers repeat 0, 1, 2, 3
 * ```ts
 * import assert from "node:assert/strict";
 * import { grundy } from "./mod.ts";
 * const take123 = (n: number) => [1, 2, 3].filter((k) => k <= n).map((k) => [n - k]);
 * assert.deepEqual([0, 1, 2, 3, 4, 5].map((n) => grundy(n, take123)), [0, 1, 2, 3, 0, 1]);
 * ```
 */
export function grundy(
  size: number,
  successors: (n: number) => number[][],
  memo: Map<number, number> = new Map(),
): number {
  checkArguments("grundy", { size });
  const known = memo.get(size);
  if (known !== undefined) return known;
  // A move that leaves several heaps leaves their sum: XOR their numbers.
  const value = mex(
    successors(size).map((heaps) =>
      heaps.reduce((sum, heap) => sum ^ grundy(heap, successors, memo), 0)
    ),
  );
  memo.set(size, value);
  return value;
}
