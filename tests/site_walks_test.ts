/**
 * An exercise report's walk stepper in a notebook's output, as the site
 * builder sanitises it: the report's script comes back rebuilt from the
 * library's walk stepper code (so the page's policy allows it by hash and
 * it steps), and a walk stepper whose code or data was changed shows its
 * pictures with no script.
 */

import assert from "node:assert/strict";
import { checkExercise } from "../src/exercises/mod.ts";
import { sanitizeHtml } from "../src/site/sanitize.ts";
import { cut } from "../src/site/stepper.ts";
import { minimax } from "./exercises/wrong/minimax_max_everywhere.ts";

const DISPLAY = Symbol.for("Jupyter.display");

function failedReportHtml(): string {
  const report = checkExercise("minimax", minimax) as unknown as {
    [DISPLAY]: () => Record<string, string>;
  };
  const html = report[DISPLAY]()["text/html"]!;
  assert.match(html, /<div class="gts-walks"/);
  return html;
}

Deno.test("site sanitiser: a report's walk stepper keeps the library's script, rebuilt", () => {
  const html = failedReportHtml();
  const original = html.match(/<script>([^]*)<\/script>/)![1]!;
  const clean = sanitizeHtml(html, { steppers: true });
  assert.deepEqual(clean.dropped, []);
  assert.equal(clean.scripts.length, 1);
  const [rebuilt, given] = [cut(clean.scripts[0]!)!, cut(original)!];
  assert.deepEqual(rebuilt.code, given.code, "the library's code");
  assert.deepEqual(
    JSON.parse(rebuilt.data),
    JSON.parse(given.data),
    "its data",
  );
  assert.equal(rebuilt.id, given.id);
  assert.match(clean.html, /<div class="gts-walks"[^>]*>.*<script>/s);
});

Deno.test("site sanitiser: a walk stepper whose code or data was changed has no script", () => {
  const html = failedReportHtml();
  for (
    const [label, changed, reason] of [
      [
        "code",
        html.replace("show(1);", "alert(1);show(1);"),
        "its script is not the library's walk stepper code",
      ],
      [
        "data",
        html.replace(/"last":\d+/, '"last":"x"'),
        "its data.last is not a step it has a text for",
      ],
    ] as const
  ) {
    assert.notEqual(changed, html, label);
    const clean = sanitizeHtml(changed, { steppers: true });
    assert.deepEqual(clean.scripts, [], label);
    assert.doesNotMatch(clean.html, /<script/, label);
    assert.ok(
      clean.dropped.some((line) => line.includes(reason)),
      `${label}: ${clean.dropped}`,
    );
  }
});
