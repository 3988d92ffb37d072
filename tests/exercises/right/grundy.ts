// A right answer to the Grundy exercise: a heap's number is the mex of its
// successors' numbers, a successor of several heaps is worth the XOR of
// theirs, and each heap is worked out once.
import { mex } from "./mex.ts";

export function grundy(
  size: number,
  successors: (n: number) => number[][],
  memo: Map<number, number> = new Map(),
): number {
  const known = memo.get(size);
  if (known !== undefined) return known;
  const values = successors(size).map((heaps) =>
    heaps.reduce((sum, heap) => sum ^ grundy(heap, successors, memo), 0)
  );
  const value = mex(values);
  memo.set(size, value);
  return value;
}
