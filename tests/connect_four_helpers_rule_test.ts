// The rule by which a threaded solve keeps or sends away its helpers,
// judged on window rates alone (no threads, no clock).
import assert from "node:assert/strict";
import {
  HELP_GIVE_UP,
  HELP_SETTLE_WINDOWS,
  HELP_SLOWDOWN,
  HELP_WATCH_WINDOWS,
  helpVerdict,
} from "../src/games/_solver_help.ts";

const SOLO = 6_000;

/** Runs the windows' cumulative rates through the rule until it stops watching. */
function verdictOf(rates: number[]): { verdict: string; window: number } {
  for (let window = 1; window <= rates.length; window++) {
    const verdict = helpVerdict(window, rates[window - 1]!, SOLO);
    if (verdict !== "watch") return { verdict, window };
  }
  return { verdict: "watch", window: rates.length };
}

Deno.test("the first windows after the helpers join are never judged", () => {
  // Measured on an idle 2-core machine, the split search (issue 27): 0.2-0.3
  // of the rate alone in the first window, 0.2-0.4 in the second (the
  // threads' first descent together), then the rate alone or more.
  for (let window = 1; window <= HELP_SETTLE_WINDOWS; window++) {
    for (const rate of [0, 1, 0.2 * SOLO, 0.4 * SOLO]) {
      assert.equal(helpVerdict(window, rate, SOLO), "watch");
    }
  }
  assert.deepEqual(
    verdictOf([0, 0.24 * SOLO, 0.92 * SOLO, 1 * SOLO, 1.03 * SOLO, 1 * SOLO]),
    { verdict: "keep", window: HELP_WATCH_WINDOWS },
  );
});

Deno.test("a slow recovery keeps the helpers when the rate over the judged windows holds", () => {
  // Cumulative from the end of the second window: 0.60, 0.73, 0.81, 0.85.
  assert.deepEqual(
    verdictOf([
      0.2 * SOLO,
      0.3 * SOLO,
      0.6 * SOLO,
      0.73 * SOLO,
      0.81 * SOLO,
      0.85 * SOLO,
    ]),
    { verdict: "keep", window: HELP_WATCH_WINDOWS },
  );
});

Deno.test("a helper that takes the main thread's core is sent away", () => {
  // Half the rate or less from the first judged window: at once.
  assert.deepEqual(verdictOf([0.2 * SOLO, 0.3 * SOLO, 0.45 * SOLO]), {
    verdict: "stop",
    window: HELP_SETTLE_WINDOWS + 1,
  });
  // Between half and 3/4 throughout: at the last window.
  assert.deepEqual(
    verdictOf([
      0.2 * SOLO,
      0.3 * SOLO,
      0.6 * SOLO,
      0.65 * SOLO,
      0.7 * SOLO,
      0.7 * SOLO,
    ]),
    { verdict: "stop", window: HELP_WATCH_WINDOWS },
  );
});

Deno.test("the thresholds sit where their documentation says", () => {
  const last = HELP_WATCH_WINDOWS;
  const first = HELP_SETTLE_WINDOWS + 1;
  assert.ok(first < last);
  assert.equal(helpVerdict(last, HELP_SLOWDOWN * SOLO, SOLO), "keep");
  assert.equal(helpVerdict(last, HELP_SLOWDOWN * SOLO - 1, SOLO), "stop");
  assert.equal(helpVerdict(first, HELP_GIVE_UP * SOLO, SOLO), "watch");
  assert.equal(helpVerdict(first, HELP_GIVE_UP * SOLO - 1, SOLO), "stop");
});
