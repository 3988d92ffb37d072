// A right answer to the mex exercise.
export function mex(values: number[]): number {
  const seen = new Set(values);
  let value = 0;
  while (seen.has(value)) value++;
  return value;
}
