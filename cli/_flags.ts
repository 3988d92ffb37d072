/**
 * The rules every command line of cli/ follows: a flag is given at most
 * once, and an integer's value is decimal digits ({@linkcode integerFlagValue}).
 * Without it `deno task play tictactoe --first engine --first human` would
 * quietly play with the last one. A flag that is a list (one item per use)
 * is declared repeatable by its command.
 *
 * @module
 */

/** A command line that cannot be run: the command prints the message and exits 2. */
export class UsageError extends Error {}

/**
 * The flags met so far on one command line. A parser shows it each argument
 * that stands where a flag may stand (not a flag's value): a positional
 * argument (no leading `-`, or `-` alone) passes, a flag passes once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FlagsOnce } from "./_flags.ts";
 * const flags = new FlagsOnce("play");
 * for (const arg of ["tictactoe", "--first", "--depth=3", "-"]) flags.check(arg);
 * assert.throws(() => flags.check("--first"), /^Error: play: --first is given twice$/);
 * assert.throws(() => flags.check("--depth=4"), /play: --depth is given twice/);
 * ```
 *
 * @example A list flag, and the values quoted when the parser knows them
 * ```ts
 * import assert from "node:assert/strict";
 * import { FlagsOnce } from "./_flags.ts";
 * const flags = new FlagsOnce("worker", ["--engine"]);
 * for (const arg of ["--engine", "--engine", "--nats"]) flags.check(arg);
 * const match = new FlagsOnce("match");
 * assert.equal(match.repeated("--a", "ours:depth=1"), null);
 * assert.equal(
 *   match.repeated("--a", "ours:depth=2"),
 *   '--a is given twice ("ours:depth=1" and "ours:depth=2")',
 * );
 * ```
 */
export class FlagsOnce {
  readonly #command: string;
  readonly #repeatable: ReadonlySet<string>;
  /** Each flag met, with its value when the parser gave it. */
  readonly #seen = new Map<string, string | undefined>();

  /**
   * @param command the command's name, which starts {@linkcode check}'s message
   * @param repeatable the flags that may be given any number of times
   */
  constructor(command: string, repeatable: readonly string[] = []) {
    this.#command = command;
    this.#repeatable = new Set(repeatable);
  }

  /**
   * Notes an argument in a flag's place; for a flag given before, the
   * reason to refuse it.
   *
   * @param arg the argument: `--flag`, `--flag=value`, `-h`, or a positional one
   * @param value the flag's value, when the parser has read it (quoted in the message)
   * @returns `"<flag> is given twice"` (with both values when known), or null
   */
  repeated(arg: string, value?: string): string | null {
    if (!arg.startsWith("-") || arg === "-") return null;
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = equals < 0 ? arg : arg.slice(0, equals);
    if (this.#repeatable.has(flag)) return null;
    if (!this.#seen.has(flag)) {
      this.#seen.set(flag, value);
      return null;
    }
    const first = this.#seen.get(flag);
    return `${flag} is given twice${
      first === undefined || value === undefined
        ? ""
        : ` (${JSON.stringify(first)} and ${JSON.stringify(value)})`
    }`;
  }

  /**
   * {@linkcode repeated}, throwing instead of returning.
   *
   * @param arg the argument in a flag's place
   * @param value the flag's value, when known
   * @throws {UsageError} `"<command>: <flag> is given twice"` for a flag given before
   */
  check(arg: string, value?: string): void {
    const twice = this.repeated(arg, value);
    if (twice !== null) throw new UsageError(`${this.#command}: ${twice}`);
  }
}

/**
 * A flag's integer value, written in decimal digits only: `Number` alone
 * would take `1e1` as 10, `0x10` as 16 and `" 5"` as 5, and a typo would
 * run with a value nobody wrote.
 *
 * @param flag the flag, for the message (`--workers`)
 * @param text its value as given, or undefined when the command line ends before it
 * @param min the least value allowed
 * @param max the greatest value allowed
 * @param unit what the value counts, added to the message (`nodes a chess move`)
 * @returns the value
 * @throws {UsageError} `<flag> must be an integer in <min>…<max>[ (<unit>)], got "<text>"`,
 *   or `<flag> needs a value, ...` when `text` is undefined
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { integerFlagValue } from "./_flags.ts";
 * assert.equal(integerFlagValue("--workers", "10", 1, 256), 10);
 * assert.throws(
 *   () => integerFlagValue("--workers", "1e1", 1, 256),
 *   /: --workers must be an integer in 1…256, got "1e1"$/,
 * );
 * ```
 */
export function integerFlagValue(
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
  unit?: string,
): number {
  const rule = `an integer in ${min}…${max}${
    unit === undefined ? "" : ` (${unit})`
  }`;
  if (text === undefined) {
    throw new UsageError(`${flag} needs a value, ${rule}`);
  }
  // At most 15 digits: every such number is exact, and every range is within.
  const n = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) {
    throw new UsageError(
      `${flag} must be ${rule}, got ${JSON.stringify(text)}`,
    );
  }
  return n;
}
