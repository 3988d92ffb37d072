// Wrong: one more than the largest successor number instead of the mex.
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
  const value = values.length === 0 ? 0 : Math.max(...values) + 1;
  memo.set(size, value);
  return value;
}
