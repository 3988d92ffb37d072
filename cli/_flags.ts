/**
 * The rule every command line of cli/ follows: a flag is given at most once.
 * Without it `deno task play tictactoe --first engine --first human` would
 * quietly play with the last one. A flag that is a list (one item per use)
 * is declared repeatable by its command.
 *
 * And the parts of a parser every command shares: a flag's value given as
 * `--flag value` or `--flag=value` ({@linkcode isFlag}, {@linkcode flagValue})
 * and a whole number checked as digits ({@linkcode integerValue}).
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
    const flag = flagName(arg);
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
 * Whether `arg` is `flag` or `flag=…`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFlag } from "./_flags.ts";
 * assert.ok(isFlag("--depth=3", "--depth") && isFlag("--depth", "--depth"));
 * assert.ok(!isFlag("--depths", "--depth"));
 * ```
 */
export function isFlag(arg: string, flag: string): boolean {
  return arg === flag || arg.startsWith(`${flag}=`);
}

/**
 * A flag's value: the text after `flag=` in `args[i]`, or the next
 * argument; with the index of the last argument read, where the parser
 * goes on.
 *
 * A next argument that starts with `--` is a flag the user gave, not the
 * value: `figures 004 --out --strict` wrote a folder named `--strict` and
 * dropped `--strict`. A value that does start with `--` is given as
 * `flag=value`.
 *
 * @param command the command's name, which starts the message (`""` for a
 *   command that puts its name before every message it prints)
 * @param args the command line
 * @param i the index of the flag (`flag` or `flag=value`)
 * @param flag the flag's name
 * @param what what the value is, for the message (default `"a value"`)
 * @throws {UsageError} `"<command>: <flag> needs <what>"` when there is
 *   none, or when the next argument is a flag (it is named)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagValue } from "./_flags.ts";
 * assert.deepEqual(flagValue("play", ["--depth=3"], 0, "--depth"), ["3", 0]);
 * assert.deepEqual(flagValue("play", ["--depth", "3"], 0, "--depth"), ["3", 1]);
 * assert.deepEqual(flagValue("solve", ["--after", "-"], 0, "--after"), ["-", 1]);
 * assert.throws(() => flagValue("play", ["--depth"], 0, "--depth"), /^Error: play: --depth needs a value$/);
 * assert.throws(
 *   () => flagValue("figures", ["--out", "--strict"], 0, "--out"),
 *   /^Error: figures: --out needs a value, got the flag "--strict" \(--out=VALUE gives a value that starts with --\)$/,
 * );
 * assert.deepEqual(flagValue("figures", ["--out=--strict"], 0, "--out"), ["--strict", 0]);
 * assert.throws(() => flagValue("", ["--out"], 0, "--out", "a folder"), /^Error: --out needs a folder$/);
 * ```
 */
export function flagValue(
  command: string,
  args: readonly string[],
  i: number,
  flag: string,
  what = "a value",
): [string, number] {
  const arg = args[i]!;
  if (arg.startsWith(`${flag}=`)) return [arg.slice(flag.length + 1), i];
  const value = args[i + 1];
  const prefix = command === "" ? "" : `${command}: `;
  if (value === undefined) {
    throw new UsageError(`${prefix}${flag} needs ${what}`);
  }
  if (value.startsWith("--")) {
    throw new UsageError(
      `${prefix}${
        flagTakenAsValue(flag, value, what)
      } (${flag}=VALUE gives a value that starts with --)`,
    );
  }
  return [value, i + 1];
}

/**
 * The flag of an argument in a flag's place: `--depth` of `--depth=3`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagName } from "./_flags.ts";
 * assert.equal(flagName("--depth=3"), "--depth");
 * assert.equal(flagName("--depth"), "--depth");
 * assert.equal(flagName("x=3"), "x=3");
 * ```
 */
export function flagName(arg: string): string {
  const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
  return equals < 0 ? arg : arg.slice(0, equals);
}

/**
 * The reason to refuse a flag given where `flag`'s value stands: `"<flag>
 * needs <what>, got the flag <next>"`. For the parsers that read a value
 * themselves.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagTakenAsValue } from "./_flags.ts";
 * assert.equal(
 *   flagTakenAsValue("--nats", "--full", "a server address"),
 *   '--nats needs a server address, got the flag "--full"',
 * );
 * ```
 */
export function flagTakenAsValue(
  flag: string,
  next: string,
  what: string,
): string {
  return `${flag} needs ${what}, got the flag ${JSON.stringify(next)}`;
}

/**
 * Parses a flag's value as a whole number (digits only: no sign, point,
 * exponent or `0x`) of at most `digits` digits in `min`…`max`.
 *
 * @param command the command's name, which starts the message (`""` for a
 *   command that puts its name before every message it prints)
 * @param flag the flag, named in the message
 * @param value the text given
 * @param digits the most digits taken (a longer text is refused unread)
 * @param min the smallest value
 * @param max the largest value
 * @param rule what the message says the value must be
 * @throws {UsageError} `"<command>: <flag> must be <rule>, got <value>"`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { integerValue } from "./_flags.ts";
 * assert.equal(integerValue("strength", "--workers", "16", 3, 1, 256, "an integer in 1…256"), 16);
 * for (const bad of ["1e1", "0x10", "2.0", "-1", " 3", ""]) {
 *   assert.throws(
 *     () => integerValue("strength", "--workers", bad, 3, 1, 256, "an integer in 1…256"),
 *     /^Error: strength: --workers must be an integer in 1…256, got /,
 *   );
 * }
 * ```
 */
export function integerValue(
  command: string,
  flag: string,
  value: string,
  digits: number,
  min: number,
  max: number,
  rule: string,
): number {
  const number = new RegExp(`^\\d{1,${digits}}$`).test(value)
    ? Number(value)
    : NaN;
  if (!(number >= min && number <= max)) {
    throw new UsageError(
      `${command === "" ? "" : `${command}: `}${flag} must be ${rule}, got ${
        JSON.stringify(value)
      }`,
    );
  }
  return number;
}

/**
 * Flags renamed so that their names say their units, each old name with
 * its new one and the unit: `--timeout` meant milliseconds in match and
 * seconds in grade, so `match --timeout 5` lost every game on time.
 */
export type RenamedFlags = Readonly<
  Record<string, readonly [now: string, unit: string]>
>;

/**
 * Refuses an old name of a renamed flag, naming the new one and its unit,
 * with the argument as typed (and its value when it follows as the next
 * argument), instead of "unknown argument" or a quiet guess at the unit.
 *
 * @param command the command's name, which starts the message (`""` for a
 *   command that puts its name before every message it prints)
 * @param args the command line
 * @param i the index of an argument in a flag's place
 * @param renamed the command's renamed flags
 * @throws {UsageError} `"<command>: <old> is now <new> (<unit>); got
 *   "<as typed>""` when `args[i]` is an old name
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { refuseRenamed } from "./_flags.ts";
 * const renamed = { "--timeout": ["--timeout-ms", "milliseconds"] } as const;
 * refuseRenamed("match", ["--timeout-ms", "5"], 0, renamed);
 * assert.throws(
 *   () => refuseRenamed("match", ["--timeout", "5"], 0, renamed),
 *   /^Error: match: --timeout is now --timeout-ms \(milliseconds\); got "--timeout 5"$/,
 * );
 * assert.throws(
 *   () => refuseRenamed("", ["--timeout=5"], 0, renamed),
 *   /^Error: --timeout is now --timeout-ms \(milliseconds\); got "--timeout=5"$/,
 * );
 * assert.throws(
 *   () => refuseRenamed("", ["--timeout", "--games", "2"], 0, renamed),
 *   /got "--timeout"$/,
 * );
 * ```
 */
export function refuseRenamed(
  command: string,
  args: readonly string[],
  i: number,
  renamed: RenamedFlags,
): void {
  const arg = args[i]!;
  const flag = flagName(arg);
  const entry = Object.hasOwn(renamed, flag) ? renamed[flag] : undefined;
  if (entry === undefined) return;
  const [now, unit] = entry;
  const next = args[i + 1];
  const typed = arg === flag && next !== undefined && !next.startsWith("--")
    ? `${arg} ${next}`
    : arg;
  throw new UsageError(
    `${
      command === "" ? "" : `${command}: `
    }${flag} is now ${now} (${unit}); got ${JSON.stringify(typed)}`,
  );
}
