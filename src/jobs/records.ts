/**
 * What a worker's records must be to answer their job. A result's envelope
 * (run, number, digest, code version) ties it to a job the publisher
 * published; its records are the worker's word, and the digest is no
 * secret to whoever reads the job stream. So before the publisher takes
 * them, they are checked against the job: as many as it asked for, each of
 * the kind and in the range the job's kind gives, the games by their
 * numbers exactly once.
 *
 * @module
 */

import type { Task } from "./job.ts";

const RESULTS = new Set(["1-0", "0-1", "1/2-1/2"]);
const STOP_REASONS = new Set([null, "maxNodes", "timeMs"]);

/**
 * Why `records` cannot be the answer to `task`, or null when they can.
 *
 * @param task the job's task, as the publisher published it
 * @param records the records a result holds
 * @returns the first problem found, in words, or null
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordsProblem } from "./records.ts";
 * const task = {
 *   kind: "solve", moves: "44", weak: false, megabytes: 1, threads: 1,
 *   maxNodes: null, timeMs: null,
 * } as const;
 * const record = { moves: "44", lower: 1, upper: 1, nodes: 10, seconds: 0.1, stopReason: null };
 * assert.equal(recordsProblem(task, [record]), null);
 * assert.equal(recordsProblem(task, []), "1 record expected, got 0");
 * assert.match(recordsProblem(task, [{ ...record, moves: "45" }])!, /record 0: moves/);
 * ```
 */
export function recordsProblem(
  task: Task,
  records: readonly unknown[],
): string | null {
  const expected = task.kind === "solve" ? 1 : task.games.length;
  if (records.length !== expected) {
    return `${expected} record${
      expected === 1 ? "" : "s"
    } expected, got ${records.length}`;
  }
  const rounds = task.kind === "games"
    ? new Set(task.games.map((game) => game.round))
    : null;
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    if (
      typeof record !== "object" || record === null || Array.isArray(record)
    ) return `record ${i} is not an object`;
    const r = record as Record<string, unknown>;
    const problem = task.kind === "solve"
      ? solveProblem(r, task.moves, task.weak)
      : task.kind === "games"
      ? gameProblem(r, rounds!)
      : chessProblem(r);
    if (problem !== null) return `record ${i}: ${problem}`;
  }
  return null;
}

function solveProblem(
  r: Record<string, unknown>,
  moves: string,
  weak: boolean,
): string | null {
  if (r.moves !== moves) return `moves is not the job's ${moves}`;
  const limit = weak ? 1 : 21;
  for (const key of ["lower", "upper"] as const) {
    const value = r[key];
    if (!Number.isInteger(value) || Math.abs(value as number) > limit) {
      return `${key} must be an integer in -${limit}…${limit}`;
    }
  }
  if ((r.lower as number) > (r.upper as number)) {
    return "lower must not exceed upper";
  }
  if (!isCount(r.nodes)) return "nodes must be a non-negative integer";
  if (!isSeconds(r.seconds)) return "seconds must be a non-negative number";
  if (!STOP_REASONS.has(r.stopReason as string | null)) {
    return "stopReason must be null, maxNodes or timeMs";
  }
  return null;
}

function gameProblem(
  r: Record<string, unknown>,
  rounds: Set<number>,
): string | null {
  // Each round of the job answered once: taking it out of the set as it is
  // met makes a second record of it fail too.
  if (!rounds.delete(r.round as number)) {
    return "round is not one of the job's games, or repeats one";
  }
  if (!RESULTS.has(r.result as string)) {
    return "result must be 1-0, 0-1 or 1/2-1/2";
  }
  if (!Array.isArray(r.moves)) return "moves must be a list";
  if (!isPair(r.seats, Number.isInteger)) return "seats must be two integers";
  if (!isPair(r.nodes, isCount)) {
    return "nodes must be two non-negative integers";
  }
  if (!isPair(r.players, (name) => typeof name === "string")) {
    return "players must be two names";
  }
  return null;
}

function chessProblem(r: Record<string, unknown>): string | null {
  if (!RESULTS.has(r.result as string)) {
    return "result must be 1-0, 0-1 or 1/2-1/2";
  }
  if (
    !Array.isArray(r.moves) || !r.moves.every((m) => typeof m === "string")
  ) return "moves must be a list of UCI moves";
  for (const key of ["white", "black", "opening", "reason", "pgn"]) {
    if (typeof r[key] !== "string") return `${key} must be text`;
  }
  return null;
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isSeconds(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isPair(value: unknown, each: (item: unknown) => boolean): boolean {
  return Array.isArray(value) && value.length === 2 && value.every(each);
}
