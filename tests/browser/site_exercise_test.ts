/**
 * An exercise cell on the course site, in chromium from `file://`: a
 * notebook whose cell calls `checkExercise` (as the lesson notebooks'
 * exercise cells do) gets "Edit and run"; a right minimax handed in shows
 * "passed" and what was checked; a wrong one (MAX everywhere) shows
 * "failed", the counterexample's tree and the student's value beside the
 * right one, sanitised, with its stepper through both walks live (the
 * site's `walks_live.js`, not the report's script) and no console error.
 * The student's helper comes from an earlier cell, as in the kernel.
 *
 * With GTS_SCREENSHOTS=1 it writes figures/screenshots/site_exercise_failed.png.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { buildSite } from "../../src/site/build.ts";
import { ROOT } from "../_cli.ts";
import { findChromium, launchChromium, watchPage } from "./_browser.ts";
import { lacks } from "../_programs.ts";

const chromium = findChromium();

const HELPER = `import { checkExercise } from "../src/exercises/mod.ts";
import type { Position } from "../mod.ts";

function movesOf(position: Position): number[] {
  const buffer = new Int32Array(position.maxMoves);
  return Array.from(buffer.subarray(0, position.generateMoves(buffer)));
}`;

const minimaxCell = (max: string) =>
  `// Exercise: minimax.
function minimax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) return position.turn() * position.evaluate();
  const max = ${max};
  let best = max ? -Infinity : Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = minimax(position, depth - 1);
    position.undo(move);
    best = max ? Math.max(best, value) : Math.min(best, value);
  }
  return best;
}
checkExercise("minimax", minimax)`;

const RIGHT = minimaxCell("position.turn() === 1");
const WRONG = minimaxCell("true");

/** A repository with one notebook: the helper cell, the exercise cell. */
async function exerciseRepository(): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "gts-site-exercise-" });
  await Deno.mkdir(join(root, "src/play"), { recursive: true });
  await Deno.mkdir(join(root, "data/connect4"), { recursive: true });
  await Deno.mkdir(join(root, "docs"));
  await Deno.mkdir(join(root, "figures"));
  await Deno.mkdir(join(root, "notebooks"));
  await Deno.copyFile(
    join(ROOT, "data/connect4/book.txt"),
    join(root, "data/connect4/book.txt"),
  );
  await Deno.symlink(join(ROOT, "src/play/web"), join(root, "src/play/web"));
  await Deno.writeTextFile(join(root, "docs/course.md"), "# Course\n");
  await Deno.writeTextFile(join(root, "figures/README.md"), "# Figures\n");
  const code = (source: string) => ({
    cell_type: "code",
    source,
    outputs: [],
    metadata: {},
    execution_count: null,
  });
  await Deno.writeTextFile(
    join(root, "notebooks/01_exercise.ipynb"),
    JSON.stringify({
      cells: [
        { cell_type: "markdown", source: "# Exercise", metadata: {} },
        code(HELPER),
        code(
          WRONG.replace("const max = true;", "const max = /* yours */ true;"),
        ),
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    }),
  );
  return root;
}

const CELL =
  `document.querySelector("section.cell.code[data-editable=exercise]")`;

Deno.test({
  name:
    "site in chromium: an exercise cell handed in right shows passed, wrong shows the counterexample",
  ignore: lacks("chromium"),
  async fn() {
    const root = await exerciseRepository();
    const out = await Deno.makeTempDir({ prefix: "gts-site-exercise-out-" });
    const { browser, close } = await launchChromium(chromium!);
    try {
      const build = await buildSite({ root, out });
      assert.equal(build.editable, 1);
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1100, height: 1300 });
      await page.goto(`file://${out}/01_exercise.html`, { waitUntil: "load" });
      const handIn = async (code: string) => {
        await page.evaluate(`(() => {
          const cell = ${CELL};
          cell.querySelector("button[data-action=edit]")?.click();
          cell.querySelector("textarea.cell-editor").value = ${
          JSON.stringify(code)
        };
          cell.querySelector("button[data-action=run]").click();
        })()`);
        await page.waitForFunction(
          `["done", "error", "stopped"].includes(${CELL}.dataset.runState)`,
          { timeout: 120_000 },
        );
        return await page.evaluate(`(() => ({
          state: ${CELL}.dataset.runState,
          text: ${CELL}.querySelector(".run-outputs").textContent,
          scripts: [...${CELL}.querySelectorAll(".run-outputs script")].map((script) =>
            script.getAttribute("src") + ":" + script.textContent),
        }))()`) as { state: string; text: string; scripts: string[] };
      };

      const right = await handIn(RIGHT);
      assert.equal(right.state, "done", right.text);
      assert.match(
        right.text,
        /minimax \(Minimax\): passed; checked 300 trees/,
      );

      const wrong = await handIn(WRONG);
      assert.equal(wrong.state, "done", wrong.text);
      assert.match(wrong.text, /failed on case \d+/);
      assert.match(
        wrong.text,
        /returned \S+; the minimax value \(MAX's view\) is/,
      );
      // The report's own script is not run: the site's walks_live.js is.
      assert.deepEqual(wrong.scripts, ["walks_live.js:"]);
      // Its stepper through both walks turns live and steps.
      const walks = `${CELL}.querySelector(".run-outputs [data-role=walks]")`;
      await page.waitForFunction(
        `${walks}?.getAttribute("data-mode") === "live"`,
        { timeout: 10_000 },
      );
      const steps = Number(
        await page.evaluate(`${walks}.getAttribute("data-steps")`),
      );
      assert.ok(steps > 1, `steps ${steps}`);
      assert.equal(
        await page.evaluate(`${walks}.getAttribute("data-step")`),
        "1",
      );
      await page.evaluate(
        `${walks}.querySelector("button[data-action=next]").click()`,
      );
      assert.equal(
        await page.evaluate(`${walks}.getAttribute("data-step")`),
        "2",
      );
      await page.evaluate(
        `${walks}.querySelector("button[data-action=end]").click()`,
      );
      assert.equal(
        await page.evaluate(`${walks}.getAttribute("data-step")`),
        String(steps),
      );
      await page.evaluate(`${CELL}.scrollIntoView()`);
      if (Deno.env.get("GTS_SCREENSHOTS") === "1") {
        await page.screenshot({
          path: `${ROOT}/figures/screenshots/site_exercise_failed.png`,
        });
      }
      assert.deepEqual(log.errors, [], "the page logged errors");
      assert.deepEqual(log.external, [], "the page asked the network");
    } finally {
      await close();
      await Deno.remove(out, { recursive: true });
      await Deno.remove(root, { recursive: true });
    }
  },
});
