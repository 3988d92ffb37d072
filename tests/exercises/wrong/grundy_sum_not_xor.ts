// Wrong: a move that leaves two heaps is worth the sum of their numbers,
// not their XOR.
import { mex } from "../right/mex.ts";

export function grundy(
  size: number,
  successors: (n: number) => number[][],
  memo: Map<number, number> = new Map(),
): number {
  const known = memo.get(size);
  if (known !== undefined) return known;
  const value = mex(
    successors(size).map((heaps) =>
      heaps.reduce((sum, heap) => sum + grundy(heap, successors, memo), 0)
    ),
  );
  memo.set(size, value);
  return value;
}
