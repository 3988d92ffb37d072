// Wrong (in a quiet way): the right value, but the list it was given is
// sorted in place, which its caller did not ask for.
export function mex(values: number[]): number {
  values.sort((a, b) => a - b);
  let value = 0;
  for (const v of values) if (v === value) value++;
  return value;
}
