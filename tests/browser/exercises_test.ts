/**
 * An exercise's report in a real browser: Debian's chromium, headless,
 * opens (1) the HTML of a passing and a failing check as a page, with
 * scripts and without, and (2) the HTML that `jupyter nbconvert --to html`
 * exports from a notebook holding those reports as outputs. The failing one
 * shows its message, both values and the counterexample twice; its stepper
 * walks both searches node by node up to where they part, by buttons and
 * keys, every node's state as the walks say. No console errors, no request
 * off the machine. (3) The HTML nbconvert exports from a committed lesson
 * notebook, whose Exercises section holds a failed check as its output: the
 * counterexample and the stepper show there too; with GTS_SCREENSHOTS=1 a
 * screenshot of it goes to figures/screenshots/exercise_failed_notebook.png.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import {
  checkExercise,
  type ExerciseReport,
  reportHtml,
} from "../../src/exercises/mod.ts";
import { paneStates } from "../../src/exercises/report_html.ts";
import { minimax } from "../../src/textbook/mod.ts";
import { alphaBeta } from "../exercises/wrong/alpha_beta_window_not_narrowed.ts";
import {
  exportNotebook,
  findChromium,
  launchChromium,
  type PageLog,
  watchPage,
} from "./_browser.ts";
import { lacks } from "../_programs.ts";

const chromium = findChromium();

/** The two reports every page shows: minimax passing, alpha-beta failing. */
function reports(): [ExerciseReport, ExerciseReport] {
  const passed = checkExercise("minimax", minimax);
  const failed = checkExercise("alphaBeta", alphaBeta);
  assert.ok(passed.passed && !failed.passed);
  return [passed, failed];
}

interface Shown {
  mode: string | null;
  step: string | null;
  steps: string | null;
  text: string;
  yours: [string, string][];
  right: [string, string][];
}

const READ = `(() => {
  const root = document.querySelector("[data-role=walks]");
  const states = (side) => [...root.querySelectorAll("[data-side=" + side + "] g[data-node]")]
    .map((g) => [g.getAttribute("data-node"), g.getAttribute("data-state")]);
  return {
    mode: root.getAttribute("data-mode"),
    step: root.getAttribute("data-step"),
    steps: root.getAttribute("data-steps"),
    text: root.querySelector("[data-role=text]")?.textContent ?? "",
    yours: states("yours"),
    right: states("right"),
  };
})()`;

async function shown(page: Page): Promise<Shown> {
  return await page.evaluate(READ) as Shown;
}

/** The page shows step `k` of the failing report's walks. */
function assertStep(seen: Shown, report: ExerciseReport, k: number) {
  const walks = report.failure!.walks!;
  const last = walks.parting!.index + 1;
  const tree = report.failure!.tree!;
  const paths = tree.nodes.map((node) => node.path);
  const expect = (walk: readonly string[]) => {
    const never = paths.filter((path) => !walk.includes(path));
    const states = paneStates(walk.slice(0, last), k, k === last, never);
    return paths.map((path) => [path, states.get(path) ?? "unseen"]);
  };
  assert.equal(seen.mode, "live");
  assert.equal(seen.step, String(k));
  assert.equal(seen.steps, String(last));
  assert.deepEqual(seen.yours, expect(walks.yours), `step ${k}, yours`);
  assert.deepEqual(seen.right, expect(walks.right), `step ${k}, right`);
  assert.match(seen.text, new RegExp(`^node number ${k}: `));
}

const click = (page: Page, action: string) =>
  page.evaluate(
    `document.querySelector("[data-role=walks] button[data-action=${action}]").click()`,
  );

/** Checks both reports on an open page, stepping through the failure. */
async function checkPage(page: Page, failed: ExerciseReport) {
  const verdicts = await page.evaluate(
    `[...document.querySelectorAll(".gts-exercise")].map((e) => [e.getAttribute("data-exercise"), e.getAttribute("data-verdict")])`,
  );
  assert.deepEqual(verdicts, [["minimax", "passed"], ["alphaBeta", "failed"]]);
  const passedText = await page.evaluate(
    `document.querySelector(".gts-exercise[data-verdict=passed]").textContent`,
  ) as string;
  assert.match(passedText, /passed; checked 300 trees up to b = 4, d = 6/);
  const f = failed.failure!;
  assert.equal(
    await page.evaluate(
      `document.querySelector("[data-role=message]").textContent`,
    ),
    f.message,
  );
  assert.equal(
    await page.evaluate(
      `document.querySelector("[data-role=yours]").textContent`,
    ),
    f.yours,
  );
  assert.equal(
    await page.evaluate(
      `document.querySelector("[data-role=right]").textContent`,
    ),
    f.right,
  );
  const last = f.walks!.parting!.index + 1;
  assertStep(await shown(page), failed, 1);
  for (let k = 2; k <= last; k++) {
    await click(page, "next");
    assertStep(await shown(page), failed, k);
  }
  // At the parting node: red on the side that enters it.
  const atEnd = await shown(page);
  assert.ok(
    atEnd.yours.some(([path, state]) =>
      path === f.walks!.parting!.yours && state === "parting"
    ),
  );
  assert.match(atEnd.text, /here the searches part/);
  await click(page, "next");
  assertStep(await shown(page), failed, last);
  await click(page, "reset");
  assertStep(await shown(page), failed, 1);
  await click(page, "end");
  assertStep(await shown(page), failed, last);
  await page.evaluate(`document.querySelector("[data-role=walks]").focus()`);
  await page.keyboard.press("Home");
  assertStep(await shown(page), failed, 1);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assertStep(await shown(page), failed, 3);
  await page.keyboard.press("ArrowLeft");
  assertStep(await shown(page), failed, 2);
  await page.keyboard.press("End");
  assertStep(await shown(page), failed, last);
}

function assertClean(log: PageLog, exported: boolean) {
  // Debian's nbconvert template links require.js and MathJax from
  // /usr/share/javascript/; a missing one is the template's, not ours.
  const template =
    /Failed to load resource: net::ERR_FILE_NOT_FOUND file:\/\/\/usr\/share\/javascript\//;
  assert.deepEqual(
    log.errors.filter((error) => !exported || !template.test(error)),
    [],
  );
  if (!exported) assert.deepEqual(log.external, []);
  assert.ok(log.external.every((url) => !url.includes("gts")));
}

Deno.test({
  name:
    "exercise report in chromium: passing and failing, the stepper through both walks up to where they part, and the page without scripts",
  ignore: lacks("chromium"),
  async fn() {
    const [passed, failed] = reports();
    const dir = await Deno.makeTempDir({ prefix: "gts-exercise-" });
    const file = `${dir}/report.html`;
    await Deno.writeTextFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"><title>exercise</title></head><body>${
        reportHtml(passed)
      }${reportHtml(failed)}</body></html>`,
    );
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1000, height: 800 });
      await page.goto(`file://${file}`, { waitUntil: "load" });
      await checkPage(page, failed);
      assertClean(log, false);

      // Without scripts (a notebook not trusted yet): both trees as pictures
      // at the parting node, and the line that says to run the cell.
      const still = await browser.newPage();
      await still.setJavaScriptEnabled(false);
      await still.goto(`file://${file}`, { waitUntil: "load" });
      const picture = await still.evaluate(`(() => {
        const root = document.querySelector("[data-role=walks]");
        const images = [...root.querySelectorAll("img")];
        return {
          mode: root.getAttribute("data-mode"),
          note: root.querySelector("[data-role=note]").textContent,
          images: images.length,
          loaded: images.every((img) => img.complete && img.naturalWidth > 0),
          buttons: root.querySelectorAll("button").length,
        };
      })()`) as Record<string, unknown>;
      assert.equal(picture.mode, "static");
      assert.match(
        picture.note as string,
        /^▶ Run the cell to step through both searches.*here the searches part: yours enters node 1\.1/,
      );
      assert.equal(picture.images, 2);
      assert.equal(picture.loaded, true);
      assert.equal(picture.buttons, 0);
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "exercise report in chromium: the HTML jupyter nbconvert exports from a notebook holding the reports",
  ignore: lacks("chromium", "jupyter"),
  async fn() {
    const [passed, failed] = reports();
    const dir = await Deno.makeTempDir({ prefix: "gts-exercise-nb-" });
    // The outputs a Deno kernel writes for a cell whose last expression is
    // checkExercise(…): the report's display bundle.
    const cell = (source: string, report: ExerciseReport) => ({
      cell_type: "code",
      execution_count: 1,
      metadata: {},
      source,
      outputs: [{
        output_type: "execute_result",
        execution_count: 1,
        metadata: {},
        data: (report as unknown as {
          [key: symbol]: () => Record<string, string>;
        })[Symbol.for("Jupyter.display")]!(),
      }],
    });
    const notebook = {
      cells: [
        cell('checkExercise("minimax", minimax)', passed),
        cell('checkExercise("alphaBeta", alphaBeta)', failed),
      ],
      metadata: {
        kernelspec: {
          display_name: "Deno",
          language: "typescript",
          name: "deno",
        },
        language_info: { name: "typescript" },
      },
      nbformat: 4,
      nbformat_minor: 5,
    };
    await Deno.writeTextFile(
      `${dir}/exercise.ipynb`,
      JSON.stringify(notebook),
    );
    await exportNotebook(`${dir}/exercise.ipynb`, dir);
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1000, height: 800 });
      await page.goto(`file://${dir}/exported.html`, { waitUntil: "load" });
      await checkPage(page, failed);
      assertClean(log, true);
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "exercise report in chromium: a committed lesson notebook exported by nbconvert shows its failed exercise's counterexample and stepper",
  ignore: lacks("chromium", "jupyter"),
  async fn() {
    const root = join(import.meta.dirname!, "..", "..");
    const notebook = join(root, "notebooks", "01_minimax.ipynb");
    // The message the committed output shows, read from the notebook itself.
    const cells = (JSON.parse(await Deno.readTextFile(notebook)) as {
      cells: {
        source: string[];
        outputs?: { data?: Record<string, string[]> }[];
      }[];
    }).cells;
    const cell = cells.find((c) =>
      c.source.join("").startsWith("// Exercise: minimax.")
    );
    assert.ok(cell, "01_minimax has no minimax exercise cell");
    const plain = (cell.outputs?.[0]?.data?.["text/plain"] ?? []).join("");
    const message = plain.split("\n")[1]!;
    assert.match(message, /^minimax\(tree, \d\) /);
    const dir = await Deno.makeTempDir({ prefix: "gts-exercise-lesson-" });
    const { browser, close } = await launchChromium(chromium!);
    try {
      const html = await exportNotebook(notebook, dir);
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1100, height: 900 });
      await page.goto(`file://${html}`, { waitUntil: "load" });
      const selector = ".gts-exercise[data-exercise=minimax]";
      const seen = await page.evaluate(`(() => {
        const report = document.querySelector(${JSON.stringify(selector)});
        const walks = report.querySelector("[data-role=walks]");
        return {
          verdict: report.getAttribute("data-verdict"),
          message: report.querySelector("[data-role=message]").textContent,
          mode: walks.getAttribute("data-mode"),
          steps: walks.getAttribute("data-steps"),
          panes: [...walks.querySelectorAll("svg[data-pane]")].map((svg) =>
            svg.getAttribute("data-pane") + ":" + svg.querySelectorAll("g[data-node]").length),
        };
      })()`) as Record<string, unknown>;
      assert.equal(seen.verdict, "failed");
      assert.equal(seen.message, message);
      // Scripts run in the exported page: the stepper is live, both trees drawn.
      assert.equal(seen.mode, "live");
      assert.ok(Number(seen.steps) >= 2, `steps ${seen.steps}`);
      assert.deepEqual(
        (seen.panes as string[]).map((pane) => pane.split(":")[0]),
        ["yours", "right"],
      );
      assert.ok(
        (seen.panes as string[]).every((p) => Number(p.split(":")[1]) > 1),
      );
      // Step to where the searches part: the node turns red on the side that enters it.
      await page.evaluate(
        `document.querySelector(${
          JSON.stringify(selector)
        } + " [data-role=walks] button[data-action=end]").click()`,
      );
      const end = await page.evaluate(`(() => {
        const walks = document.querySelector(${
        JSON.stringify(selector)
      } + " [data-role=walks]");
        return {
          step: walks.getAttribute("data-step"),
          text: walks.querySelector("[data-role=text]").textContent,
          parting: walks.querySelectorAll("g[data-state=parting]").length,
        };
      })()`) as { step: string; text: string; parting: number };
      assert.equal(end.step, seen.steps);
      assert.match(end.text, /here the searches part/);
      assert.ok(end.parting >= 1);
      assertClean(log, true);
      if (Deno.env.get("GTS_SCREENSHOTS") === "1") {
        const report = await page.$(selector);
        await report!.screenshot({
          path: join(
            root,
            "figures",
            "screenshots",
            "exercise_failed_notebook.png",
          ),
        });
      }
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
