/**
 * What the benches that time ours beside another program share
 * (`bench/perft_vs_stockfish.ts`, `bench/connect_four_vs_reference.ts`,
 * `bench/chess_depth_vs_stockfish.ts`, `bench/chess_strength.ts`): their
 * command lines and integer flags, judged alike, and the machine's load
 * average they print around their table.
 *
 * @module
 */

import { FlagsOnce, flagTakenAsValue, UsageError } from "../cli/_flags.ts";

/** A bench's command line, read: `--help`, `--full`, and each value flag with its text. */
export interface BenchFlags {
  help: boolean;
  full: boolean;
  /** The value flags in the order given, each with its text (undefined when it is missing). */
  values: [flag: string, text: string | undefined][];
}

/**
 * Reads a bench's command line: `-h`/`--help`, `--full`, and the flags of
 * `valueFlags`, each as `--flag value` or `--flag=value`. Any flag given
 * twice and any other argument are refused.
 *
 * @param command the command, as its messages name it (`bench:perft`)
 * @param args the arguments
 * @param valueFlags the flags that take a value
 * @returns what was given, values not yet judged
 * @throws {UsageError} naming an unknown argument or a flag given twice
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBenchFlags } from "./_side_by_side.ts";
 * const read = readBenchFlags("bench:perft", ["--runs=3", "--depth", "4"], ["--depth", "--runs"]);
 * assert.deepEqual(read, { help: false, full: false, values: [["--runs", "3"], ["--depth", "4"]] });
 * assert.throws(() => readBenchFlags("bench:perft", ["--fast"], ["--runs"]), /unknown argument "--fast"/);
 * assert.throws(() => readBenchFlags("bench:perft", ["--full", "--full"], []), /--full/);
 * ```
 */
export function readBenchFlags(
  command: string,
  args: readonly string[],
  valueFlags: readonly string[],
): BenchFlags {
  const read: BenchFlags = { help: false, full: false, values: [] };
  const flags = new FlagsOnce(command);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-h" || arg === "--help" || arg === "--full") {
      flags.check(arg);
      if (arg === "--full") read.full = true;
      else read.help = true;
      continue;
    }
    const equals = arg.indexOf("=");
    const flag = equals < 0 ? arg : arg.slice(0, equals);
    if (!valueFlags.includes(flag)) {
      throw new UsageError(
        `${command}: unknown argument ${JSON.stringify(arg)}`,
      );
    }
    const text = equals < 0
      ? benchValue(command, args, ++i, flag)
      : arg.slice(equals + 1);
    flags.check(flag, text);
    read.values.push([flag, text]);
  }
  return read;
}

/**
 * The argument at `i` as the value of `flag`: undefined past the end (the
 * flag's parser names what it needs), refused when it is a flag, which
 * `--runs --depth 3` took as --runs' value.
 *
 * @param command the command, as its messages name it
 * @param args the arguments
 * @param i where the value stands
 * @param flag the flag it belongs to
 * @returns the value, or undefined when there is none
 * @throws {UsageError} when the argument there is a flag (it is named)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { benchValue } from "./_side_by_side.ts";
 * assert.equal(benchValue("bench:perft", ["--runs", "3"], 1, "--runs"), "3");
 * assert.equal(benchValue("bench:perft", ["--runs"], 1, "--runs"), undefined);
 * assert.throws(
 *   () => benchValue("bench:perft", ["--runs", "--depth", "3"], 1, "--runs"),
 *   /^Error: bench:perft: --runs needs a value, got the flag "--depth" \(--runs=VALUE gives a value that starts with --\)$/,
 * );
 * ```
 */
export function benchValue(
  command: string,
  args: readonly string[],
  i: number,
  flag: string,
): string | undefined {
  const text = args[i];
  if (text?.startsWith("--")) {
    throw new UsageError(
      `${command}: ${
        flagTakenAsValue(flag, text, "a value")
      } (${flag}=VALUE gives a value that starts with --)`,
    );
  }
  return text;
}

/**
 * Reads an integer flag's value.
 *
 * @param command the command, as its messages name it (`bench:perft`)
 * @param flag the flag (`--runs`)
 * @param text its value as given, or undefined when it is missing
 * @param min the least value allowed
 * @param max the greatest value allowed
 * @param why what sets the range, said after it (`the file's deepest column`)
 * @returns the value
 * @throws {UsageError} naming the flag, the value and the range when it is not an integer in it, or the flag and the range when the value is missing
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
 * assert.throws(
 *   () => integerFlag("bench:c4ref", "--every", undefined, 1, 9),
 *   /: bench:c4ref: --every needs a value, an integer in 1…9$/,
 * );
 * ```
 */
export function integerFlag(
  command: string,
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
  why?: string,
): number {
  const rule = `an integer in ${min}…${max}${
    why === undefined ? "" : ` (${why})`
  }`;
  const value = text !== undefined && /^\d{1,9}$/.test(text)
    ? Number(text)
    : NaN;
  if (text === undefined) {
    throw new UsageError(
      `${command}: ${flag} needs a value, ${rule}`,
    );
  }
  if (!(value >= min && value <= max)) {
    throw new UsageError(
      `${command}: ${flag} must be ${rule}, got ${JSON.stringify(text)}`,
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
