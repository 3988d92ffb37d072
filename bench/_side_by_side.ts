/**
 * What the benches that time ours beside another program share
 * (`bench/perft_vs_stockfish.ts`, `bench/connect_four_vs_reference.ts`):
 * their integer flags, judged alike, and the machine's load average they
 * print around their table.
 *
 * @module
 */

import { UsageError } from "../cli/_flags.ts";

/**
 * Reads an integer flag's value.
 *
 * @param command the command, as its messages name it (`bench:perft`)
 * @param flag the flag (`--runs`)
 * @param text its value as given, or undefined when it is missing
 * @param min the least value allowed
 * @param max the greatest value allowed
 * @returns the value
 * @throws {UsageError} naming the flag, the value and the range when it is not an integer in it
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { integerFlag } from "./_side_by_side.ts";
 * assert.equal(integerFlag("bench:perft", "--runs", "3", 1, 100), 3);
 * assert.throws(
 *   () => integerFlag("bench:perft", "--runs", "0", 1, 100),
 *   /: bench:perft: --runs must be an integer in 1…100, got "0"$/,
 * );
 * assert.throws(() => integerFlag("bench:c4ref", "--every", undefined, 1, 9), /got null/);
 * ```
 */
export function integerFlag(
  command: string,
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
): number {
  const value = text !== undefined && /^\d{1,9}$/.test(text)
    ? Number(text)
    : NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(
      `${command}: ${flag} must be an integer in ${min}…${max}, got ${
        JSON.stringify(text ?? null)
      }`,
    );
  }
  return value;
}

/**
 * The load averages (1, 5, 15 minutes), or a note when they cannot be
 * read: the programs timed share the machine with whatever else runs.
 *
 * @returns e.g. `0.52, 0.61, 0.70`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadAverage } from "./_side_by_side.ts";
 * assert.match(loadAverage(), /^\d+\.\d\d, \d+\.\d\d, \d+\.\d\d$|^unknown/);
 * ```
 */
export function loadAverage(): string {
  try {
    return Deno.loadavg().map((x) => x.toFixed(2)).join(", ");
  } catch {
    return "unknown (needs --allow-sys=loadavg)";
  }
}
