/**
 * Chess engines by name: what a job (or `deno task match`) may name, and
 * the table that turns a name into a program on the machine that runs it.
 * A job never carries a path: the worker's operator decides which programs
 * exist (`--engine NAME=PATH`), the job only picks one of them by name, so
 * whoever can publish a job cannot make a worker run anything else.
 *
 * - `ours` is this checkout's `cli/uci.ts`, always there;
 * - `stockfish` is configured by itself when Stockfish is installed (PATH,
 *   then Debian's `/usr/games/stockfish`): a convenience that reads the
 *   worker's own machine, never a message; `--engine stockfish=PATH`
 *   replaces it;
 * - `glaurung` likewise (Debian's Glaurung 2.2, a second engine that is not
 *   ours, rated on CCRL: docs/chess_strength.md), `--engine glaurung=PATH`
 *   replacing it;
 * - any other name is configured with `--engine NAME=PATH`.
 *
 * @module
 */

import { describe } from "../validate.ts";
import { findStockfish } from "./uci_engine.ts";
import { findProgram } from "../programs.ts";

/** A name of an engine: 1…32 of `a-z 0-9 _ -`, starting with a letter or digit (nothing path-like). */
export const ENGINE_NAME: RegExp = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** The project's own engine, `cli/uci.ts`: built in, never configured. */
export const OURS = "ours";

/** The engines a machine runs: name → the program's absolute path (`ours` is implied). */
export type EngineTable = ReadonlyMap<string, string>;

const ROOT = new URL("../../", import.meta.url);

/** A bad `--engine` value: the message names the flag, the value and the rule. */
export class EngineFlagError extends Error {
  /** A refusal explained by `message`. */
  constructor(message: string) {
    super(message);
    this.name = "EngineFlagError";
  }
}

/**
 * Whether `name` may name an engine ({@linkcode ENGINE_NAME}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isEngineName } from "./engines.ts";
 * assert.equal(isEngineName("stockfish"), true);
 * assert.equal(isEngineName("/usr/bin/sh"), false);
 * assert.equal(isEngineName(".."), false);
 * ```
 */
export function isEngineName(name: unknown): name is string {
  return typeof name === "string" && ENGINE_NAME.test(name);
}

/** The program `text` names: a path with a `/` (made absolute), or a command found on PATH. */
function resolveProgram(flag: string, name: string, text: string): string {
  const candidates = text.includes("/")
    ? [text.startsWith("/") ? text : `${Deno.cwd()}/${text}`]
    : (Deno.env.get("PATH") ?? "").split(":").filter((dir) => dir !== "")
      .map((dir) => `${dir}/${text}`);
  for (const path of candidates) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // Not there.
    }
  }
  throw new EngineFlagError(
    `${flag} ${name}=${text}: ${
      text.includes("/")
        ? `${JSON.stringify(candidates[0])} is not a file`
        : `${JSON.stringify(text)} is not on PATH`
    }`,
  );
}

/**
 * The engine table of a command line: every `--engine NAME=PATH` value
 * (each NAME at most once, never `ours`), over the defaults (`stockfish`
 * and `glaurung` when installed). Each PATH must be a file now (a relative one is taken
 * from the current directory, a bare command from PATH).
 *
 * @param values the `--engine` values, in order
 * @param flag the flag's name in messages (default `--engine`)
 * @returns the table
 * @throws {EngineFlagError} naming the value and the rule it broke
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineTable } from "./engines.ts";
 * const table = engineTable(["sh=/bin/sh"]);
 * assert.equal(table.get("sh"), "/bin/sh");
 * assert.throws(() => engineTable(["sh=/bin/sh", "sh=/bin/ls"]), /--engine sh is given twice/);
 * assert.throws(() => engineTable(["../x=/bin/sh"]), /is not an engine name/);
 * assert.throws(() => engineTable(["ours=/bin/sh"]), /"ours" is the built-in engine/);
 * ```
 */
export function engineTable(
  values: readonly string[],
  flag = "--engine",
): Map<string, string> {
  const table = new Map<string, string>();
  const stockfish = findStockfish();
  if (stockfish !== null) table.set("stockfish", stockfish);
  const glaurung = findProgram("glaurung");
  if (glaurung !== null) table.set("glaurung", glaurung);
  const given = new Set<string>();
  for (const value of values) {
    const at = typeof value === "string" ? value.indexOf("=") : -1;
    if (at < 0) {
      throw new EngineFlagError(
        `${flag} must be NAME=PATH (stockfish=/usr/games/stockfish), got ${
          describe(value)
        }`,
      );
    }
    const name = value.slice(0, at);
    const path = value.slice(at + 1);
    if (!isEngineName(name)) {
      throw new EngineFlagError(
        `${flag} ${JSON.stringify(value)}: ${
          JSON.stringify(name)
        } is not an engine name (1…32 of a-z, 0-9, _ and -, starting with a letter or digit)`,
      );
    }
    if (name === OURS) {
      throw new EngineFlagError(
        `${flag} ${
          JSON.stringify(value)
        }: "ours" is the built-in engine (cli/uci.ts), choose another name`,
      );
    }
    if (given.has(name)) {
      throw new EngineFlagError(`${flag} ${name} is given twice`);
    }
    given.add(name);
    if (path === "") {
      throw new EngineFlagError(`${flag} ${name}= needs a program's path`);
    }
    table.set(name, resolveProgram(flag, name, path));
  }
  return table;
}

/**
 * The names a table offers, `ours` first, for messages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineNames } from "./engines.ts";
 * assert.equal(engineNames(new Map([["sf", "/x/sf"]])), "ours, sf");
 * ```
 */
export function engineNames(table: EngineTable): string {
  return [OURS, ...[...table.keys()].sort()].join(", ");
}

/** A job or a spec names an engine the table does not have. */
export class UnknownEngineError extends Error {
  /** The name asked for. */
  readonly engine: string;

  /** A refusal of `engine`, explained by `message`. */
  constructor(engine: string, message: string) {
    super(message);
    this.name = "UnknownEngineError";
    this.engine = engine;
  }
}

/**
 * The command that starts engine `name` here: `ours` is `deno run
 * cli/uci.ts` of this checkout (no permissions), any other name the
 * table's program.
 *
 * @param name the engine's name
 * @param table the engines configured here
 * @returns the program and its arguments
 * @throws {UnknownEngineError} when the table has no such engine
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineCommand } from "./engines.ts";
 * assert.deepEqual(engineCommand("sf", new Map([["sf", "/x/sf"]])), ["/x/sf"]);
 * assert.match(engineCommand("ours", new Map()).at(-1)!, /cli\/uci\.ts$/);
 * assert.throws(() => engineCommand("nope", new Map()), /unknown engine "nope"/);
 * ```
 */
export function engineCommand(name: string, table: EngineTable): string[] {
  if (name === OURS) {
    return [
      Deno.execPath(),
      "run",
      "--quiet",
      "--no-prompt",
      new URL("cli/uci.ts", ROOT).pathname,
    ];
  }
  const program = table.get(name);
  if (program === undefined) {
    throw new UnknownEngineError(
      name,
      `unknown engine ${JSON.stringify(name)} (this machine has: ${
        engineNames(table)
      }; configure it with --engine ${
        isEngineName(name) ? name : "NAME"
      }=PATH)`,
    );
  }
  return [program];
}

/**
 * The UCI options engine `name` starts with: Stockfish gets one thread and
 * 16 MiB of hash, and the skill level asked for (nothing else a job says
 * reaches it); Glaurung one thread and 16 MiB of hash (its default is a
 * thread per core, which would take the opponent's); ours its check option
 * `Candidates` when the spec set it (`candidates=1`); others none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineOptions } from "./engines.ts";
 * assert.deepEqual(engineOptions("stockfish", { "Skill Level": 3 }), {
 *   Threads: 1, Hash: 16, "Skill Level": 3,
 * });
 * assert.deepEqual(engineOptions("glaurung", {}), { Threads: 1, Hash: 16 });
 * assert.deepEqual(engineOptions("ours", {}), {});
 * assert.deepEqual(engineOptions("ours", { Candidates: 1 }), { Candidates: true });
 * ```
 */
export function engineOptions(
  name: string,
  options: Readonly<Record<string, number>>,
): Record<string, number | boolean> {
  if (name === "glaurung") return { Threads: 1, Hash: 16 };
  if (name === OURS) {
    return options.Candidates === undefined
      ? {}
      : { Candidates: options.Candidates === 1 };
  }
  if (name !== "stockfish") return {};
  const skill = options["Skill Level"];
  return skill === undefined
    ? { Threads: 1, Hash: 16 }
    : { Threads: 1, Hash: 16, "Skill Level": skill };
}
