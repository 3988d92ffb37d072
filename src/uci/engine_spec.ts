/**
 * Engine specs, as `deno task match --a SPEC --b SPEC` takes them:
 * `NAME:SETTINGS`, NAME an engine's name in the engine table
 * (`engines.ts`: `ours`, `stockfish` when installed, any `--engine
 * NAME=PATH`), never a path; SETTINGS `depth=N`, `nodes=N`, `movetime=MS`
 * (the `go` budget, at least one), `skill=S` (Stockfish's skill level) and
 * `candidates=0|1` (ours: the `Candidates` option), each at most once. Every refusal names the flag, the spec and the rule.
 *
 * @module
 */

import {
  engineNames,
  type EngineTable,
  isEngineName,
  OURS,
} from "./engines.ts";

/** An engine spec: which engine (by name), its options, its `go` limits. */
export interface UciEngineSpec {
  /** The engine's name in the engine table. */
  engine: string;
  /** The spec as given: the engine's name in messages and PGN tags. */
  label: string;
  /** The `go` arguments: `depth 3 nodes 1000`. */
  go: string;
  /** `movetime=MS`, or `null`. */
  movetime: number | null;
  /** UCI options: `Skill Level` for `skill=S`, `Candidates` (0 or 1) for `candidates=`. */
  options: Record<string, number>;
}

/** A bad engine spec (or a spec that does not fit the run): the message names the flag and the rule. */
export class EngineSpecError extends Error {
  /** A refusal explained by `message`. */
  constructor(message: string) {
    super(message);
    this.name = "EngineSpecError";
  }
}

/** The settings of a spec, each with its range. */
export const ENGINE_SETTINGS: Readonly<
  Record<string, readonly [number, number]>
> = {
  depth: [1, 100],
  nodes: [1, 1e12],
  // Below the largest --timeout-ms (86400000), as checkMovetime asks of
  // every spec: a larger one could never be played.
  movetime: [1, 86_399_999],
  skill: [0, 20],
  candidates: [0, 1],
};

/** The engine a setting belongs to, for the settings that are one engine's. */
const SETTING_OWNER: Readonly<Record<string, string>> = {
  skill: "stockfish",
  candidates: OURS,
};

/**
 * Reads an engine spec.
 *
 * @param flag the flag that gave it (`--a`), for messages
 * @param text the spec: `NAME:SETTINGS`
 * @returns the spec
 * @throws {EngineSpecError} on a path, a bad name, an unknown, repeated or
 *   out-of-range setting, or no budget
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseEngineSpec } from "./engine_spec.ts";
 * assert.deepEqual(parseEngineSpec("--a", "stockfish:skill=3,depth=5"), {
 *   engine: "stockfish",
 *   label: "stockfish:skill=3,depth=5",
 *   go: "depth 5",
 *   movetime: null,
 *   options: { "Skill Level": 3 },
 * });
 * assert.throws(
 *   () => parseEngineSpec("--b", "ours:depth=0"),
 *   /--b: depth must be an integer in 1…100, got 0 in "ours:depth=0"/,
 * );
 * assert.throws(() => parseEngineSpec("--a", "./engine:depth=1"), /names a program by its path/);
 * ```
 */
export function parseEngineSpec(flag: string, text: string): UciEngineSpec {
  const at = text.indexOf(":");
  const engine = at < 0 ? text : text.slice(0, at);
  const settings = at < 0 ? "" : text.slice(at + 1);
  if (text.includes("/")) {
    const last = text.lastIndexOf(":");
    throw new EngineSpecError(
      `${flag}: ${
        JSON.stringify(text)
      } names a program by its path; engines are named: give --engine NAME=${
        last < 0 ? text : text.slice(0, last)
      } and ${flag} NAME:${last < 0 ? "depth=N" : text.slice(last + 1)}`,
    );
  }
  if (!isEngineName(engine)) {
    throw new EngineSpecError(
      `${flag}: an engine is NAME:SETTINGS ("ours:depth=3", "stockfish:skill=3,depth=5", or a NAME of --engine NAME=PATH; NAME: 1…32 of a-z, 0-9, _, -), got ${
        JSON.stringify(text)
      }`,
    );
  }
  const go: string[] = [];
  const options: Record<string, number> = {};
  const seen = new Set<string>();
  let movetime: number | null = null;
  for (const pair of settings.split(",")) {
    if (pair === "" && settings === "") continue;
    const match = /^([a-z]+)=(\d+)$/.exec(pair);
    if (!match) {
      throw new EngineSpecError(
        `${flag}: ${JSON.stringify(pair)} in ${
          JSON.stringify(text)
        } is not a setting: expected key=integer (depth=, nodes=, movetime=, skill=, candidates=)`,
      );
    }
    const key = match[1]!;
    const value = Number(match[2]);
    const range = ENGINE_SETTINGS[key];
    const owner = SETTING_OWNER[key];
    if (range === undefined || (owner !== undefined && owner !== engine)) {
      throw new EngineSpecError(
        `${flag}: unknown setting ${JSON.stringify(key)} in ${
          JSON.stringify(text)
        } (known: depth, nodes, movetime${
          engine === "stockfish"
            ? ", skill; candidates is ours'"
            : engine === OURS
            ? ", candidates; skill is Stockfish's"
            : "; skill is Stockfish's, candidates ours'"
        })`,
      );
    }
    if (seen.has(key)) {
      throw new EngineSpecError(
        `${flag}: ${key} is given twice in ${JSON.stringify(text)}`,
      );
    }
    seen.add(key);
    if (value < range[0] || value > range[1]) {
      throw new EngineSpecError(
        `${flag}: ${key} must be an integer in ${range[0]}…${range[1]}, got ${
          match[2]
        } in ${JSON.stringify(text)}${
          key === "depth" && value === 0
            ? " (depth 0 is no search; Stockfish's is an endless one)"
            : ""
        }`,
      );
    }
    if (key === "skill") options["Skill Level"] = value;
    else if (key === "candidates") options.Candidates = value;
    else go.push(`${key} ${value}`);
    if (key === "movetime") movetime = value;
  }
  if (go.length === 0) {
    throw new EngineSpecError(
      `${flag}: ${
        JSON.stringify(text)
      } needs a budget: depth=, nodes= or movetime=`,
    );
  }
  return { engine, label: text, go: go.join(" "), movetime, options };
}

/**
 * Checks that a spec's `movetime` is below the search budget (else every
 * search would time out).
 *
 * @param flag the flag that gave the spec, for messages
 * @param spec the spec
 * @param timeoutMs the budget of one search (`--timeout-ms`)
 * @throws {EngineSpecError} when it is not
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkMovetime, parseEngineSpec } from "./engine_spec.ts";
 * const spec = parseEngineSpec("--a", "ours:movetime=5000");
 * checkMovetime("--a", spec, 60_000);
 * assert.throws(() => checkMovetime("--a", spec, 1000), /movetime=5000 must be below --timeout-ms \(1000 ms\)/);
 * ```
 */
export function checkMovetime(
  flag: string,
  spec: UciEngineSpec,
  timeoutMs: number,
): void {
  if (spec.movetime !== null && spec.movetime >= timeoutMs) {
    throw new EngineSpecError(
      `${flag}: movetime=${spec.movetime} must be below --timeout-ms (${timeoutMs} ms), or every search would time out`,
    );
  }
}

/**
 * Checks that the engine table here has a spec's engine (`ours` always).
 *
 * @param flag the flag that gave the spec, for messages
 * @param spec the spec
 * @param engines the engines configured here
 * @throws {EngineSpecError} naming the engines known here and how to add one
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkEngineKnown, parseEngineSpec } from "./engine_spec.ts";
 * const table = new Map([["sf", "/x/sf"]]);
 * checkEngineKnown("--a", parseEngineSpec("--a", "sf:depth=1"), table);
 * checkEngineKnown("--a", parseEngineSpec("--a", "ours:depth=1"), table);
 * assert.throws(
 *   () => checkEngineKnown("--b", parseEngineSpec("--b", "gnu:depth=1"), table),
 *   /--b: unknown engine "gnu" \(known here: ours, sf; add it with --engine gnu=PATH\)/,
 * );
 * ```
 */
export function checkEngineKnown(
  flag: string,
  spec: UciEngineSpec,
  engines: EngineTable,
): void {
  if (spec.engine === OURS || engines.has(spec.engine)) return;
  throw new EngineSpecError(
    spec.engine === "stockfish"
      ? `${flag}: stockfish is not on PATH nor at /usr/games/stockfish (apt-get install stockfish, or --engine stockfish=PATH)`
      : `${flag}: unknown engine ${JSON.stringify(spec.engine)} (known here: ${
        engineNames(engines)
      }; add it with --engine ${spec.engine}=PATH)`,
  );
}
