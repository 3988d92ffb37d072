/**
 * The events workers publish while they run a job (`start`, `game`,
 * `probe`) or see a run queued for another code version (`refused`), and
 * the one reading of them the publisher trusts. An event is
 * a message anyone who may publish on the run's subject can send, so it is
 * checked field by field before anything reads it: a message that is not
 * an event of this run is dropped, as one that is not JSON is.
 *
 * @module
 */

import type { SolveProbe } from "./run.ts";

/**
 * What a worker tells the publisher while it runs job `index`; or, idle,
 * that it runs code version `workerCode` while the run's jobs need
 * `jobCode` (`refused`: it never receives them, so it names no job).
 */
export type JobEvent =
  | { type: "start"; index: number; worker: string; delivery: number }
  | { type: "game"; index: number; worker: string }
  | { type: "probe"; index: number; worker: string; probe: SolveProbe | null }
  | {
    type: "refused";
    worker: string;
    workerCode: string;
    jobCode: string;
  };

/** The longest name or code version an event may carry. */
const MAX_TEXT = 200;

/**
 * The event a message holds, or null when it is not one of a run of `jobs`
 * jobs: not JSON, not an object, an unknown type, an index out of range
 * (every event but `refused` names its job), a field missing or of the
 * wrong kind, a name with control characters
 * (which the publisher would print) or longer than 200 characters.
 *
 * @param text the message's text
 * @param jobs how many jobs the run has
 * @returns the event, or null
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readJobEvent } from "./job_event.ts";
 * assert.deepEqual(
 *   readJobEvent('{"type":"game","index":1,"worker":"w1"}', 2),
 *   { type: "game", index: 1, worker: "w1" },
 * );
 * assert.equal(readJobEvent("null", 2), null);
 * assert.equal(readJobEvent('{"type":"game","index":2,"worker":"w1"}', 2), null);
 * assert.equal(readJobEvent('{"type":"probe","index":0,"worker":"w","probe":{"lower":"x"}}', 2), null);
 * assert.deepEqual(
 *   readJobEvent('{"type":"refused","worker":"w1","workerCode":"b2","jobCode":"a1"}', 2),
 *   { type: "refused", worker: "w1", workerCode: "b2", jobCode: "a1" },
 * );
 * ```
 */
export function readJobEvent(text: string, jobs: number): JobEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return null;
  }
  const e = value as Record<string, unknown>;
  if (e.type === "refused") {
    return isName(e.worker) && isName(e.workerCode) && isName(e.jobCode)
      ? {
        type: "refused",
        worker: e.worker,
        workerCode: e.workerCode,
        jobCode: e.jobCode,
      }
      : null;
  }
  const index = e.index;
  if (
    typeof index !== "number" || !Number.isInteger(index) || index < 0 ||
    index >= jobs || !isName(e.worker)
  ) return null;
  const worker = e.worker;
  switch (e.type) {
    case "start":
      return typeof e.delivery === "number" && Number.isInteger(e.delivery) &&
          e.delivery >= 1
        ? { type: "start", index, worker, delivery: e.delivery }
        : null;
    case "game":
      return { type: "game", index, worker };
    case "probe": {
      if (e.probe === null) {
        return { type: "probe", index, worker, probe: null };
      }
      const probe = readProbe(e.probe);
      return probe === null ? null : { type: "probe", index, worker, probe };
    }
    default:
      return null;
  }
}

/** A solve's progress as a probe event carries it, or null. */
function readProbe(value: unknown): SolveProbe | null {
  if (typeof value !== "object" || value === null) return null;
  const p = value as Record<string, unknown>;
  const integers = [p.probe, p.lower, p.upper, p.nodes];
  if (
    !integers.every((n) => typeof n === "number" && Number.isSafeInteger(n)) ||
    typeof p.seconds !== "number" || !Number.isFinite(p.seconds) ||
    p.seconds < 0 || (p.nodes as number) < 0
  ) return null;
  return {
    probe: p.probe as number,
    lower: p.lower as number,
    upper: p.upper as number,
    nodes: p.nodes as number,
    seconds: p.seconds,
  };
}

/**
 * Whether `value` may be a worker's name or a code version: a string of
 * 1…200 characters without control characters. The publisher prints both,
 * and they come from messages anyone with the right to publish can send.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isName } from "./job_event.ts";
 * assert.equal(isName("lab-3/1234"), true);
 * assert.equal(isName("w\nfake line"), false);
 * assert.equal(isName(""), false);
 * ```
 */
export function isName(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 &&
    value.length <= MAX_TEXT &&
    // deno-lint-ignore no-control-regex
    !/[\u0000-\u001f\u007f-\u009f]/.test(value);
}
