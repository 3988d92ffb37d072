// Wrong (slow): nothing is remembered, so each heap is worked out again
// every time a move reaches it.
import { mex } from "../right/mex.ts";

export function grundy(
  size: number,
  successors: (n: number) => number[][],
): number {
  return mex(
    successors(size).map((heaps) =>
      heaps.reduce((sum, heap) => sum ^ grundy(heap, successors), 0)
    ),
  );
}
