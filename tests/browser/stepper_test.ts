/**
 * The search stepper in a real browser: Debian's chromium, headless, opens
 * (1) the stepper's HTML as a page and (2) the HTML that `jupyter nbconvert
 * --to html` exports from a notebook executed by the Deno kernel, clicks
 * "next" through every step and checks the highlighted node, the shown window
 * and every node's state and value against the recorded steps; then reset,
 * play/pause and the keys. No console errors; a screenshot goes to
 * figures/stepper.png.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { Page } from "puppeteer-core";
import { TREE_000, TREE_001 } from "../../src/course/alpha_beta/walkthrough.ts";
import {
  nodeViewsAt,
  searchStepper,
  type SearchSteps,
  searchSteps,
  stepperTreeSvg,
} from "../../src/notebook/mod.ts";
import { findJupyter } from "../../src/notebook/jupyter.ts";
import { checkNotebook } from "../../src/notebook/jupyter.ts";
import {
  exportNotebook,
  findChromium,
  launchChromium,
  type PageLog,
  watchPage,
} from "./_browser.ts";
import { lacks } from "../_programs.ts";

const ROOT = new URL("../../", import.meta.url);
const NAMES_001 = { "": "A", "0": "B", "1": "C", "2": "D" };
const chromium = findChromium();
if (chromium === null) {
  console.warn(
    "tests/browser: SKIPPED, no chromium (apt-get install chromium, or set CHROMIUM)",
  );
}

interface Shown {
  step: string;
  current: string;
  window: string;
  windowVisible: boolean;
  text: string;
  playing: string | null;
  nodes: [string, string, string, string, string | null][];
}

/** Reads what the `index`-th stepper of the page shows (run in the page). */
const read = (index: number) =>
  `(() => {
  const root = document.querySelectorAll(".gts-stepper")[${index}];
  const w = root.querySelector("[data-role=window]");
  return {
    step: root.getAttribute("data-step"),
    current: root.getAttribute("data-current-node"),
    window: w.textContent,
    windowVisible: w.style.display !== "none",
    text: root.querySelector("[data-role=text]").textContent,
    playing: root.getAttribute("data-playing"),
    nodes: [...root.querySelectorAll("g[data-node]")].map((g) => [
      g.getAttribute("data-node"),
      g.getAttribute("data-state"),
      g.querySelector(".gts-value").textContent,
      g.querySelector(".gts-window").textContent,
      g.getAttribute("data-current"),
    ]),
  };
})()`;

async function shown(page: Page, index: number): Promise<Shown> {
  return await page.evaluate(read(index)) as Shown;
}

/** The page shows exactly step `k` of `recorded`. */
function assertStep(seen: Shown, recorded: SearchSteps, k: number) {
  const step = recorded.steps[k]!;
  const where = `step ${k} (${step.text})`;
  assert.equal(seen.step, String(k), where);
  assert.equal(seen.current, recorded.nodes[step.node]!.path, where);
  assert.equal(
    seen.window,
    step.window === "" ? "" : `window ${step.window}`,
    where,
  );
  // The status line says the window once: the text leaves it to the badge.
  if (step.window !== "") assert.ok(!seen.text.includes(step.window), where);
  assert.equal(seen.windowVisible, step.window !== "", where);
  assert.equal(seen.text, step.text, where);
  const views = nodeViewsAt(recorded, k);
  assert.deepEqual(
    seen.nodes,
    recorded.nodes.map((node, n) => [
      node.path,
      views[n]!.state,
      views[n]!.value,
      views[n]!.window,
      n === step.node ? "true" : null,
    ]),
    where,
  );
}

const click = (page: Page, index: number, action: string) =>
  page.evaluate(
    `document.querySelectorAll(".gts-stepper")[${index}].querySelector("button[data-action=${action}]").click()`,
  );

/** Clicks through every step, then reset, play/pause and the keys. */
async function exercise(page: Page, index: number, recorded: SearchSteps) {
  const last = recorded.steps.length - 1;
  assertStep(await shown(page, index), recorded, 0);
  for (let k = 1; k <= last; k++) {
    await click(page, index, "next");
    assertStep(await shown(page, index), recorded, k);
  }
  // Past the end it stays at the end.
  await click(page, index, "next");
  assertStep(await shown(page, index), recorded, last);
  await click(page, index, "prev");
  assertStep(await shown(page, index), recorded, last - 1);
  await click(page, index, "reset");
  assertStep(await shown(page, index), recorded, 0);
  await click(page, index, "prev");
  assertStep(await shown(page, index), recorded, 0);

  // Keys, with the stepper focused: → → → ← Home.
  await page.focus(`.gts-stepper:nth-of-type(1)`).catch(() => {});
  await page.evaluate(
    `document.querySelectorAll(".gts-stepper")[${index}].focus()`,
  );
  for (const key of ["ArrowRight", "ArrowRight", "ArrowRight"] as const) {
    await page.keyboard.press(key);
  }
  assertStep(await shown(page, index), recorded, 3);
  await page.keyboard.press("ArrowLeft");
  assertStep(await shown(page, index), recorded, 2);
  await page.keyboard.press("Home");
  assertStep(await shown(page, index), recorded, 0);

  // Space plays, space again pauses; the steps advance by themselves.
  await page.keyboard.press("Space");
  assert.equal((await shown(page, index)).playing, "true");
  await page.waitForFunction(
    `document.querySelectorAll(".gts-stepper")[${index}].getAttribute("data-step") !== "0"`,
    { timeout: 10_000 },
  );
  await page.keyboard.press("Space");
  const paused = await shown(page, index);
  assert.equal(paused.playing, "false");
  assertStep(paused, recorded, Number(paused.step));
  await click(page, index, "reset");
  assertStep(await shown(page, index), recorded, 0);
}

/**
 * Debian's nbconvert template links require.js and MathJax from
 * /usr/share/javascript/ (packages libjs-requirejs, libjs-mathjax, not
 * needed here); a missing one logs "Failed to load resource". They are the
 * template's, not the stepper's, and the stepper works without them.
 */
const TEMPLATE_ASSET =
  /^console: Failed to load resource: net::ERR_FILE_NOT_FOUND file:\/\/\/usr\/share\/javascript\/(requirejs|mathjax)\//;

function assertClean(log: PageLog, exported: boolean) {
  assert.deepEqual(
    log.errors.filter((error) => !exported || !TEMPLATE_ASSET.test(error)),
    [],
    "the page logged errors",
  );
  const allowExternal = exported;
  if (!allowExternal) {
    assert.deepEqual(log.external, [], "the page asked the network");
  }
}

Deno.test({
  name: "stepper in chromium: every step, reset, play, keys, no console errors",
  ignore: lacks("chromium"),
  async fn() {
    const alpha = searchStepper(TREE_001, {
      names: NAMES_001,
      title: "alpha-beta",
    });
    const full = searchStepper(TREE_000, {
      algorithm: "minimax",
      title: "minimax",
    });
    const dir = await Deno.makeTempDir({ prefix: "gts-stepper-" });
    const file = `${dir}/stepper.html`;
    await Deno.writeTextFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"><title>stepper</title></head><body>${alpha.html}${full.html}</body></html>`,
    );
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 900, height: 600 });
      await page.goto(`file://${file}`, { waitUntil: "load" });
      await exercise(page, 0, alpha.recorded);
      await exercise(page, 1, full.recorded);
      // The picture for the README: lesson 001's tree right after C's cut.
      const cut = alpha.recorded.steps.findIndex((s) => s.kind === "cut");
      for (let k = 0; k < cut; k++) await click(page, 0, "next");
      assertStep(await shown(page, 0), alpha.recorded, cut);
      const element = await page.$(".gts-stepper");
      await element!.screenshot({
        path: fileURLToPath(new URL("figures/stepper.png", ROOT)),
      });
      assertClean(log, false);
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

const jupyter = chromium === null ? null : await findJupyter();
const nbconvertMissing = jupyter === null || "reason" in jupyter;
if (chromium !== null && nbconvertMissing) {
  console.warn(
    `tests/browser: Jupyter cannot export notebooks here: ${
      jupyter && "reason" in jupyter ? jupyter.reason : "no Jupyter"
    }`,
  );
}

Deno.test({
  name:
    "stepper in chromium: the HTML nbconvert exports from an executed notebook",
  ignore: lacks("chromium", "jupyter", "deno-kernelspec"),
  sanitizeResources: false,
  async fn() {
    if (jupyter === null || "reason" in jupyter) {
      // Installed (or the test would be ignored) but not working: a failure.
      throw new Error(
        `Jupyter cannot export notebooks: ${jupyter?.reason ?? "not probed"}`,
      );
    }
    const setup = jupyter;
    const dir = await Deno.makeTempDir({ prefix: "gts-nbconvert-" });
    const mod = new URL("src/notebook/mod.ts", ROOT).href;
    const walk = new URL("src/course/alpha_beta/walkthrough.ts", ROOT).href;
    const cell = (source: string) => ({
      cell_type: "code",
      execution_count: null,
      metadata: {},
      source,
      // A placeholder, so that a missing output counts as missing and retries.
      outputs: [{
        output_type: "display_data",
        data: { "text/plain": "" },
        metadata: {},
      }],
    });
    const notebook = {
      cells: [
        cell(
          `import { searchStepper } from "${mod}";\nimport { TREE_000, TREE_001 } from "${walk}";`,
        ),
        cell(
          `searchStepper(TREE_001, { names: { "": "A", "0": "B", "1": "C", "2": "D" } })`,
        ),
        cell(`searchStepper(TREE_000, { algorithm: "minimax" })`),
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
    notebook.cells[0]!.outputs = [];
    const input = `${dir}/stepper.ipynb`, executed = `${dir}/executed.ipynb`;
    await Deno.writeTextFile(input, JSON.stringify(notebook));
    const { browser, close } = await launchChromium(chromium!);
    try {
      const check = await checkNotebook(setup, input, {
        output: executed,
        cwd: fileURLToPath(ROOT),
        timeout: 120,
      });
      assert.deepEqual(check.problems.map((p) => p.message), []);
      await exportNotebook(executed, dir);
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.goto(`file://${dir}/exported.html`, { waitUntil: "load" });
      assert.equal(
        await page.evaluate(`document.querySelectorAll(".gts-stepper").length`),
        2,
      );
      await exercise(page, 0, searchSteps(TREE_001, { names: NAMES_001 }));
      await exercise(page, 1, searchSteps(TREE_000, { algorithm: "minimax" }));
      // The export's own template links a CDN (require.js, MathJax); those
      // requests are refused here and are not the stepper's.
      assertClean(log, true);
      assert.ok(log.external.every((url) => !url.includes("gts")));
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/** A 7×7 tree like notebook 07's (columns, then replies), 57 nodes. */
const TREE_7X7 = Array.from(
  { length: 7 },
  (_, c) => Array.from({ length: 7 }, (_, r) => ((c * 7 + r) * 5) % 23 - 11),
);

/** The smallest on-screen size of the tree's labels, and the scroll box. */
const MEASURE = `(() => {
  const root = document.querySelector(".gts-stepper");
  const svg = root.querySelector("[data-role=scroll] svg");
  const scale = svg.getBoundingClientRect().width / svg.width.baseVal.value;
  const sizes = [...svg.querySelectorAll("text")].map((t) =>
    parseFloat(getComputedStyle(t).fontSize) * scale
  );
  const box = root.querySelector("[data-role=scroll]");
  const before = box.scrollLeft;
  box.scrollLeft = 400;
  return {
    mode: root.getAttribute("data-mode"),
    smallest: Math.min(...sizes),
    scale,
    scrollWidth: box.scrollWidth,
    clientWidth: box.clientWidth,
    before,
    after: box.scrollLeft,
  };
})()`;

Deno.test({
  name:
    "stepper in chromium: a 7×7 tree keeps labels ≥ 10 px, scrolls sideways, follows the current node; speed sets play's interval",
  ignore: lacks("chromium"),
  async fn() {
    const stepper = searchStepper(TREE_7X7, { title: "7×7" });
    const dir = await Deno.makeTempDir({ prefix: "gts-stepper-" });
    const file = `${dir}/wide.html`;
    // A notebook-like column: 800 px wide, with JupyterLab's rule that
    // shrinks any svg or img to the column.
    await Deno.writeTextFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"><style>svg,img{max-width:100%;height:auto}</style></head><body><div style="width:800px">${stepper.html}</div></body></html>`,
    );
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.setViewport({ width: 1000, height: 700 });
      // Records the delay of every setInterval the page starts.
      await page.evaluateOnNewDocument(`(() => {
        const real = window.setInterval.bind(window);
        window.__delays = [];
        window.setInterval = (f, ms) => { window.__delays.push(ms); return real(f, ms); };
      })()`);
      await page.goto(`file://${file}`, { waitUntil: "load" });
      const m = await page.evaluate(MEASURE) as Record<string, number | string>;
      assert.equal(m.mode, "live");
      assert.equal(m.scale, 1, "the tree is drawn at its natural size");
      assert.ok((m.smallest as number) >= 10, `labels ${m.smallest}px`);
      assert.ok(
        (m.scrollWidth as number) > (m.clientWidth as number) + 1000,
        `scroll ${m.scrollWidth} in ${m.clientWidth}`,
      );
      // At step 0 the box shows the root, in the middle of the tree.
      assert.ok((m.before as number) > 0, `scrollLeft ${m.before}`);
      assert.equal(m.after, 400, "the box scrolls sideways");
      // Stepping to the last column's leaves brings them into view.
      await page.evaluate(
        `document.querySelector("[data-role=scroll]").scrollLeft = 0`,
      );
      const target = stepper.recorded.steps.findIndex((s) =>
        stepper.recorded.nodes[s.node]!.path.startsWith("6.")
      );
      assert.ok(target > 0, "alpha-beta reaches the last column");
      for (let k = 0; k < target; k++) await click(page, 0, "next");
      const follow = await page.evaluate(`(() => {
        const box = document.querySelector("[data-role=scroll]");
        const g = document.querySelector('g[data-current="true"]').getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return { left: box.scrollLeft, inside: g.left >= b.left && g.right <= b.right };
      })()`) as { left: number; inside: boolean };
      assert.ok(follow.left > 0 && follow.inside, JSON.stringify(follow));

      // Speed: the default, then "fast" before play, then "slow" while playing.
      assert.equal(
        await page.evaluate(
          `document.querySelector(".gts-stepper").getAttribute("data-interval")`,
        ),
        "700",
      );
      await page.select("[data-role=speed]", "300");
      await click(page, 0, "play");
      await page.select("[data-role=speed]", "1500");
      await click(page, 0, "play");
      const delays = await page.evaluate(`window.__delays`) as number[];
      assert.deepEqual(delays.slice(-2), [300, 1500], String(delays));
      assert.equal(
        await page.evaluate(
          `document.querySelector(".gts-stepper").getAttribute("data-interval")`,
        ),
        "1500",
      );
      assert.deepEqual(log.errors, []);
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "stepper in chromium without scripts and styles (as JupyterLab sanitises an untrusted notebook): one line and a readable picture",
  ignore: lacks("chromium"),
  async fn() {
    const stepper = searchStepper(TREE_7X7, { title: "7×7" });
    const stripped = stepper.html.replace(/<script>[^]*?<\/script>/g, "")
      .replace(/<style>[^]*?<\/style>/g, "");
    const dir = await Deno.makeTempDir({ prefix: "gts-stepper-" });
    const file = `${dir}/static.html`;
    await Deno.writeTextFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"><style>svg,img{max-width:100%;height:auto}</style></head><body><div style="width:800px">${stripped}</div></body></html>`,
    );
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1000, height: 700 });
      await page.goto(`file://${file}`, { waitUntil: "load" });
      const seen = await page.evaluate(`(() => {
        const root = document.querySelector(".gts-stepper");
        const img = root.querySelector("img.gts-tree");
        const box = root.querySelector("[data-role=scroll]");
        box.scrollLeft = 300;
        return {
          text: root.innerText.trim(),
          buttons: root.querySelectorAll("button").length,
          complete: img.complete, natural: img.naturalWidth,
          shown: img.getBoundingClientRect().width,
          scrolled: box.scrollLeft,
        };
      })()`) as Record<string, string | number | boolean>;
      assert.equal(seen.buttons, 0);
      assert.match(
        seen.text as string,
        /^7×7\n+▶ Run the cell to step through the search .*: alpha-beta entered \d+ of the tree's 57 nodes \(the root included\) and evaluated \d+ of its 49 leaves; \d+ frames to step through\.$/,
      );
      assert.ok(seen.complete && (seen.natural as number) > 2000);
      assert.equal(seen.shown, seen.natural, "the picture is not shrunk");
      assert.equal(seen.scrolled, 300);
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/**
 * Every pair of visible labels of each drawn step whose boxes overlap, and
 * every name over a node's shape, as chromium lays them out (run in the
 * page; half a pixel of anti-aliasing is allowed).
 */
const OVERLAPS = `(() => {
  const found = [];
  const meet = (a, b, slack) => a.left < b.right - slack && b.left < a.right - slack &&
    a.top < b.bottom - slack && b.top < a.bottom - slack;
  document.querySelectorAll("div[data-step]").forEach((div) => {
    const step = div.getAttribute("data-step");
    const texts = [...div.querySelectorAll("text")].filter((t) =>
      t.textContent.trim() !== "" && getComputedStyle(t).display !== "none"
    );
    const shapes = [...div.querySelectorAll("g[data-node] rect, g[data-node] circle")];
    texts.forEach((t, i) => {
      const a = t.getBoundingClientRect();
      texts.slice(i + 1).forEach((u) => {
        if (meet(a, u.getBoundingClientRect(), 0.5)) {
          found.push("step " + step + ": " + t.textContent + " / " + u.textContent);
        }
      });
      if (t.classList.contains("gts-name")) {
        shapes.forEach((s) => {
          if (meet(a, s.getBoundingClientRect(), 0)) {
            found.push("step " + step + ": name " + t.textContent + " over a node");
          }
        });
      }
    });
  });
  return found;
})()`;

Deno.test({
  name:
    "stepper in chromium: names, values and windows of every step do not overlap, names stay off the nodes",
  ignore: lacks("chromium"),
  async fn() {
    const recorded = searchSteps([[-12, -15, -11], [-13, -14], [-16, -10]], {
      names: { "": "root", "0": "B", "1": "C", "2": "D" },
    });
    const steps = recorded.steps.map((_, k) =>
      `<div data-step="${k}">${stepperTreeSvg(recorded, k)}</div>`
    ).join("");
    const dir = await Deno.makeTempDir({ prefix: "gts-stepper-" });
    const file = `${dir}/labels.html`;
    await Deno.writeTextFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"></head><body>${steps}</body></html>`,
    );
    const { browser, close } = await launchChromium(chromium!);
    try {
      const page = await browser.newPage();
      const log = await watchPage(page);
      await page.goto(`file://${file}`, { waitUntil: "load" });
      assert.deepEqual(await page.evaluate(OVERLAPS), []);
      assert.deepEqual(log.errors, []);
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
