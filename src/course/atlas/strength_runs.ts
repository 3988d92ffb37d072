/**
 * The committed matches that locate the atlas's chess engine
 * (`figures/atlas/strength_runs.json`): `deno task bench:strength` runs
 * of the UCI engine against Stockfish at a fixed skill level, as each run
 * printed its wins, draws and losses.
 *
 * @module
 */

import { checkInteger } from "../../validate.ts";
import type { LooEngineName } from "./leave_one_out.ts";

/** One match: the engine of `commit` against Stockfish at `skill`. */
export interface StockfishMatchRun {
  /** When it was played (YYYY-MM-DD). */
  date: string;
  /** The commit whose engine played. */
  commit: string;
  /** The command that played it. */
  command: string;
  /**
   * The engine that played: `"candidates"`, with the UCI engine's
   * `Candidates` option on (`--candidates 1`, the default since the
   * candidates' leave-one-out run ended), or `"selective"`, with it off
   * (`--candidates 0`, the default before): the engines of the two
   * leave-one-out runs.
   */
  engine: LooEngineName;
  /** Stockfish's `Skill Level`, 0…19. */
  skill: number;
  /** Milliseconds a move for both sides. */
  movetimeMs: number;
  /** Milliseconds our engine kept back from each move. */
  moveOverheadMs: number;
  /** Our wins, draws and losses. */
  wins: number;
  draws: number;
  losses: number;
}

/** Where the runs are committed. */
export const STRENGTH_RUNS_FILE = new URL(
  "../../../figures/atlas/strength_runs.json",
  import.meta.url,
);

/**
 * The committed runs, each checked field by field. A command that says
 * `--candidates 1` or `--candidates 0` must agree with the run's engine;
 * one without the flag played its commit's default, which the run's
 * `engine` records.
 *
 * @param text the file's text (default: read from {@linkcode STRENGTH_RUNS_FILE})
 * @returns the runs in the file's order
 * @throws {Error} naming the run, the field, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readStrengthRuns } from "./strength_runs.ts";
 * const runs = readStrengthRuns();
 * assert.ok(runs.length > 0 && runs.every((r) => r.wins + r.draws + r.losses > 0));
 * assert.throws(
 *   () => readStrengthRuns('{"runs": [{"skill": 25}]}'),
 *   /runs\[0\]\.date must be a date YYYY-MM-DD/,
 * );
 * assert.ok(runs.some((r) => r.engine === "candidates"));
 * const run = { date: "2026-12-05", commit: "abcdef0", command: "deno task bench:strength --candidates 1", engine: "selective" };
 * assert.throws(
 *   () => readStrengthRuns(JSON.stringify({ runs: [run] })),
 *   /runs\[0\]\.engine must be the engine its command played, "candidates", got "selective"/,
 * );
 * const off = { ...run, command: "deno task bench:strength --candidates 0", engine: "candidates" };
 * assert.throws(() => readStrengthRuns(JSON.stringify({ runs: [off] })), /played, "selective", got "candidates"/);
 * ```
 */
export function readStrengthRuns(
  text: string = Deno.readTextFileSync(STRENGTH_RUNS_FILE),
): StockfishMatchRun[] {
  const where = "readStrengthRuns";
  const file = JSON.parse(text) as { runs?: unknown };
  if (!Array.isArray(file.runs)) {
    throw new Error(`${where}: the file must hold a list "runs"`);
  }
  return file.runs.map((value: unknown, i: number) => {
    const run = (value ?? {}) as Record<string, unknown>;
    const at = `runs[${i}]`;
    const text = (key: string, rule: RegExp, what: string) => {
      const v = run[key];
      if (typeof v !== "string" || !rule.test(v)) {
        throw new Error(
          `${where}: ${at}.${key} must be ${what}, got ${JSON.stringify(v)}`,
        );
      }
      return v;
    };
    const count = (key: string, max: number) =>
      checkInteger(where, `${at}.${key}`, run[key], 0, max);
    // Field by field in the file's order, so the first bad one is named.
    const date = text("date", /^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");
    const commit = text("commit", /^[0-9a-f]{7,40}$/, "a commit's hash");
    const command = text(
      "command",
      /^deno task /,
      "the deno task that played it",
    );
    const engine = text(
      "engine",
      /^(selective|candidates)$/,
      '"selective" or "candidates"',
    ) as LooEngineName;
    // A command with the flag says which engine played; one without it
    // played its commit's default, which only the run's engine records.
    const flag = /(?:^| )--candidates ([01])(?: |$)/.exec(command)?.[1];
    const played = flag === undefined
      ? engine
      : flag === "1"
      ? "candidates"
      : "selective";
    if (engine !== played) {
      throw new Error(
        `${where}: ${at}.engine must be the engine its command played, "${played}", got ${
          JSON.stringify(engine)
        }`,
      );
    }
    return {
      date,
      commit,
      command,
      engine,
      skill: count("skill", 19),
      movetimeMs: count("movetimeMs", 3_600_000),
      moveOverheadMs: count("moveOverheadMs", 60_000),
      wins: count("wins", 1_000_000),
      draws: count("draws", 1_000_000),
      losses: count("losses", 1_000_000),
    };
  });
}
