/**
 * When a threaded Connect Four solve keeps its helper threads: the main
 * thread times its own nodes per ms alone, then in short windows while the
 * helpers work, and sends them away when they slow it down (a helper with no
 * core of its own, or whose writes to the shared table evict the main
 * thread's lines). Kept apart from the search so that the rule can be tested
 * on rates without threads or clocks.
 *
 * @module
 */

/** How long (ms) one window of the main thread's rate with helpers lasts. */
export const HELP_WATCH_MS = 20;

/**
 * The first windows after the helpers join (or come back after the table
 * grew) are not judged: see {@linkcode helpVerdict}.
 */
export const HELP_SETTLE_WINDOWS = 2;

/**
 * How many windows decide: about the first 120 ms of help. Later the table
 * has grown (its lines out of the cache) and this thread's rate falls
 * without any helper: compared with its rate before, it would send helpers
 * away from every long solve.
 */
export const HELP_WATCH_WINDOWS = 6;

/**
 * The helpers leave when the main thread's rate over the windows after the
 * unjudged ones falls below this share of its rate alone.
 */
export const HELP_SLOWDOWN = 0.75;

/**
 * Before the last window, the helpers leave at once when the rate so far
 * falls below this share: on a machine whose cores are all busy the main
 * thread then shares its core with a helper, and a solve should not wait
 * 120 ms to find out.
 */
export const HELP_GIVE_UP = 0.5;

/** What the main thread does after a window: watch on, send the helpers away, or keep them for the rest of the solve. */
export type HelpVerdict = "watch" | "stop" | "keep";

/**
 * The verdict after window `window` (1 to {@linkcode HELP_WATCH_WINDOWS}).
 * The first {@linkcode HELP_SETTLE_WINDOWS} windows after the helpers join
 * (or come back after the table grew) are not judged. They hold the
 * helpers' wake-up, the main thread's move to the shared table and the
 * threads' first descent together: every thread searches the first move
 * of each shallow node (see `_solver_split.ts`), so until they part they
 * write the same table lines. On an idle 2-core machine the main thread ran
 * at 0.2 to 0.3 of its rate alone in the first window and 0.2 to 0.4 in
 * the second, then at its rate alone (judging either window sent the
 * helpers away from solves that two threads finish in 0.7 to 0.85 of one
 * thread's time). `rate` is the main thread's nodes per ms from the end of
 * the last unjudged window to the end of this one; `soloRate` its rate
 * before the helpers joined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpVerdict } from "./_solver_help.ts";
 * assert.equal(helpVerdict(2, 100, 5000), "watch"); // settling
 * assert.equal(helpVerdict(3, 2000, 5000), "stop"); // under half: at once
 * assert.equal(helpVerdict(6, 4500, 5000), "keep");
 * assert.equal(helpVerdict(6, 3500, 5000), "stop");
 * ```
 */
export function helpVerdict(
  window: number,
  rate: number,
  soloRate: number,
): HelpVerdict {
  if (window <= HELP_SETTLE_WINDOWS) return "watch";
  if (window < HELP_WATCH_WINDOWS) {
    return rate < HELP_GIVE_UP * soloRate ? "stop" : "watch";
  }
  return rate < HELP_SLOWDOWN * soloRate ? "stop" : "keep";
}
