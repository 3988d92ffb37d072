/**
 * Results tied to their jobs. A worker stores, with each result, the job's
 * run and number and the SHA-256 of the job's message ({@linkcode jobDigest});
 * the publisher knows the digest of every job it published, so it takes a
 * result only when all three are its own ({@linkcode judgeResult}): a result
 * stored under the key of another job, for a job it never published, or
 * for a job of the same number but other content (a forged or stale one) is
 * refused with its reason, which the publisher sends to the dead letters.
 *
 * @module
 */

import type { JobResult, Task } from "./job.ts";
import { isName } from "./job_event.ts";
import { recordsProblem } from "./records.ts";

/**
 * The digest of a job: SHA-256 of its message's bytes, 64 hex digits. The
 * worker hashes the bytes it received, the publisher the bytes it sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jobDigest } from "./result.ts";
 * assert.equal(
 *   await jobDigest(new TextEncoder().encode("abc")),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export async function jobDigest(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
  );
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Why a result was refused: the dead letter's reason. */
export type ResultRefusal =
  | "result-malformed"
  | "result-not-published"
  | "result-other-job"
  | "result-digest"
  | "result-code";

/** What the publisher makes of a stored value: the result, or why not. */
export type ResultVerdict =
  | { ok: true; result: JobResult }
  | { ok: false; reason: ResultRefusal; error: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * A stored value read as a result, its envelope checked (the records
 * themselves are the worker's), or null.
 */
function readResult(value: Uint8Array): JobResult | null {
  let result: unknown;
  try {
    result = JSON.parse(decoder.decode(value));
  } catch {
    return null;
  }
  if (!isObject(result)) return null;
  const outcome = result.outcome;
  // The worker's name and the code are printed by the publisher (a failed
  // job's line): the rule of the events' names, which are printed alike.
  const ok = typeof result.run === "string" &&
    Number.isInteger(result.index) && typeof result.digest === "string" &&
    isName(result.code) && isName(result.worker) &&
    typeof result.ms === "number" && Number.isFinite(result.ms) &&
    result.ms >= 0 && Number.isInteger(result.delivery) &&
    (result.delivery as number) >= 1 &&
    isObject(outcome) &&
    (outcome.ok === true
      ? Array.isArray(outcome.records)
      : outcome.ok === false && typeof outcome.error === "string");
  return ok ? result as unknown as JobResult : null;
}

/**
 * Whether a stored value is the result of the job `run`.`index` with
 * `digest` (a worker's check before it skips a job as done, or before it
 * keeps another delivery's result instead of its own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isResultOf } from "./result.ts";
 * const value = new TextEncoder().encode(JSON.stringify({
 *   run: "r", index: 0, digest: "ab", code: "c", worker: "w", ms: 1,
 *   delivery: 1, outcome: { ok: true, records: [] },
 * }));
 * assert.equal(isResultOf(value, "r", 0, "ab"), true);
 * assert.equal(isResultOf(value, "r", 0, "cd"), false);
 * ```
 */
export function isResultOf(
  value: Uint8Array,
  run: string,
  index: number,
  digest: string,
): boolean {
  const result = readResult(value);
  return result !== null && result.run === run && result.index === index &&
    result.digest === digest;
}

/**
 * Judges a value stored under `key` in a run's results: taken only when it
 * is a result whose run and number are the key's, for a job this publisher
 * published (`digests[index]`), with that job's digest, made by `code`.
 *
 * @param key the key it was stored under (`<run>.<index>`)
 * @param value the stored bytes
 * @param run the publisher's run
 * @param digests the digest of each job it published, by number
 * @param code the code version of the run
 * @param tasks the task of each job it published, by number: a result
 *   whose records do not answer its job is refused as malformed
 *   (`recordsProblem`); absent, the records are not looked at
 * @returns the result, or the reason and a line saying why not
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { judgeResult } from "./result.ts";
 * const stored = (fields: object) => new TextEncoder().encode(JSON.stringify({
 *   run: "r", index: 0, digest: "ab", code: "c", worker: "w", ms: 1,
 *   delivery: 1, outcome: { ok: true, records: [] }, ...fields,
 * }));
 * assert.equal(judgeResult("r.0", stored({}), "r", ["ab"], "c").ok, true);
 * const forged = judgeResult("r.0", stored({ digest: "ff" }), "r", ["ab"], "c");
 * assert.equal(forged.ok ? "" : forged.reason, "result-digest");
 * const other = judgeResult("r.0", stored({ index: 1 }), "r", ["ab", "cd"], "c");
 * assert.equal(other.ok ? "" : other.reason, "result-other-job");
 * const unknown = judgeResult("r.7", stored({ index: 7 }), "r", ["ab"], "c");
 * assert.equal(unknown.ok ? "" : unknown.reason, "result-not-published");
 * ```
 */
export function judgeResult(
  key: string,
  value: Uint8Array,
  run: string,
  digests: readonly string[],
  code: string,
  tasks?: readonly Task[],
): ResultVerdict {
  const refuse = (reason: ResultRefusal, error: string): ResultVerdict => ({
    ok: false,
    reason,
    error: `the result stored under ${key} ${error}`,
  });
  const index = key.startsWith(`${run}.`) && /^(?:0|[1-9]\d{0,8})$/.test(
      key.slice(run.length + 1),
    )
    ? Number(key.slice(run.length + 1))
    : -1;
  const digest = digests[index];
  if (digest === undefined) {
    return refuse(
      "result-not-published",
      `is for no job this publisher published (run ${run} has jobs 0…${
        digests.length - 1
      })`,
    );
  }
  const result = readResult(value);
  if (result === null) {
    return refuse(
      "result-malformed",
      `is not a result (JSON with run, index, digest, code and worker names of 1…200 printable characters, ms ≥ 0, delivery ≥ 1, outcome)`,
    );
  }
  if (result.run !== run || result.index !== index) {
    return refuse(
      "result-other-job",
      `is the result of job ${
        JSON.stringify(result.run.slice(0, 64))
      }.${result.index}`,
    );
  }
  if (result.digest !== digest) {
    return refuse(
      "result-digest",
      `is for other content than job ${key} (digest ${
        JSON.stringify(result.digest.slice(0, 64))
      }, the job's is ${digest})`,
    );
  }
  if (result.code !== code) {
    return refuse(
      "result-code",
      `was made by code version ${
        JSON.stringify(result.code.slice(0, 64))
      }, the run's is ${code}`,
    );
  }
  const task = tasks?.[index];
  if (task !== undefined && result.outcome.ok) {
    const problem = recordsProblem(task, result.outcome.records);
    if (problem !== null) {
      return refuse(
        "result-malformed",
        `holds records that do not answer job ${key}: ${problem}`,
      );
    }
  }
  return { ok: true, result };
}
