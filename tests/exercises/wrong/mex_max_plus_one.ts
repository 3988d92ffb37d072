// Wrong: one more than the largest value, which misses the gaps.
export function mex(values: number[]): number {
  return values.length === 0 ? 0 : Math.max(...values) + 1;
}
