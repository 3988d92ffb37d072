// Wrong: the number of distinct values, which is the mex only when they
// are 0, 1, …, k − 1.
export function mex(values: number[]): number {
  return new Set(values).size;
}
