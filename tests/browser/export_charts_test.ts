/**
 * Charts in the HTML that `jupyter nbconvert --to html` exports (Debian's
 * nbconvert 6.5 here): a notebook that draws charts with the real helpers
 * (`renderSvg`, `displaySvg`) is executed by the Deno kernel, exported, and
 * opened in chromium. Every chart must show: its `<img>` decoded (natural
 * size > 0), painted (pixels other than the white background), and its SVG
 * holding marks and the axis labels it was given. nbconvert empties an
 * `image/svg+xml` output; `displaySvg`'s `text/html` form survives.
 * A screenshot of the titled chart goes to figures/screenshots/export_chart.png.
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { checkNotebook, findJupyter } from "../../src/notebook/jupyter.ts";
import {
  exportNotebook,
  findChromium,
  launchChromium,
  watchPage,
} from "./_browser.ts";
import { lacks } from "../_programs.ts";

const ROOT = new URL("../../", import.meta.url);
const chromium = findChromium();
const jupyter = chromium === null ? null : await findJupyter();
const missing = chromium === null
  ? "no chromium"
  : jupyter === null || "reason" in jupyter
  ? (jupyter?.reason ?? "no Jupyter")
  : null;
if (missing !== null) {
  console.warn(
    `tests/browser/export_charts_test.ts: cannot export: ${missing}`,
  );
}

/** The charts the notebook draws, with the axis labels each must show. */
const CHARTS = [
  { cell: "dots", labels: ["depth →", "↑ nodes"] },
  { cell: "bars", labels: ["searcher", "↑ leaves"] },
  { cell: "lines", labels: ["ply →", "↑ positions"] },
] as const;

function notebookCells(): string[] {
  const plot = new URL("src/plot/mod.ts", ROOT).href;
  return [
    `import * as Plot from "@observablehq/plot";\nimport { displaySvg, renderSvg } from "${plot}";`,
    // dots: a plain chart (Plot returns an <svg>).
    `displaySvg(renderSvg({ x: { label: "depth" }, y: { label: "nodes" }, marks: [Plot.dot([[1, 3], [2, 9], [3, 27]])] }))`,
    // bars: a title and a legend (Plot returns a <figure>, rebuilt as one SVG).
    `displaySvg(renderSvg({ title: "Leaves — α-β against minimax", color: { type: "ordinal", legend: true }, x: { label: "searcher" }, y: { label: "leaves" },
  marks: [Plot.barY([{ s: "minimax", n: 9 }, { s: "alphaBeta", n: 5 }], { x: "s", y: "n", fill: "s" }), Plot.ruleY([0])] }))`,
    // lines: two series, shown through Deno.jupyter.display mid-cell.
    `await Deno.jupyter.display(displaySvg(renderSvg({ x: { label: "ply" }, y: { label: "positions", type: "log" },
  marks: [Plot.lineY([1, 9, 72, 504], { stroke: "red" }), Plot.lineY([1, 9, 30, 90])] })));\n"shown"`,
  ];
}

/** Reads every exported chart in the page: runs in chromium. */
const READ_CHARTS = `(() => {
  const shapes = "circle, path, rect, line, polyline, polygon";
  return [...document.querySelectorAll("img.gts-chart")].map((img) => {
    const base64 = img.getAttribute("src").replace(/^data:image\\/svg\\+xml;base64,/, "");
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const svg = new DOMParser().parseFromString(new TextDecoder().decode(bytes), "image/svg+xml");
    const marks = [...svg.querySelectorAll("g[aria-label]")]
      .filter((g) => !/axis|tick/.test(g.getAttribute("aria-label")))
      .reduce((n, g) => n + g.querySelectorAll(shapes).length, 0);
    const labels = [...svg.querySelectorAll('g[aria-label$="-axis label"] text')]
      .map((t) => t.textContent);
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i] < 200 || pixels[i + 1] < 200 || pixels[i + 2] < 200) painted++;
    }
    const rect = img.getBoundingClientRect();
    return {
      complete: img.complete, naturalWidth: img.naturalWidth, shownWidth: rect.width,
      parseError: svg.querySelector("parsererror") !== null,
      marks, labels, painted, alt: img.alt,
    };
  });
})()`;

interface ChartSeen {
  complete: boolean;
  naturalWidth: number;
  shownWidth: number;
  parseError: boolean;
  marks: number;
  labels: string[];
  painted: number;
  alt: string;
}

Deno.test({
  name:
    "charts in the HTML nbconvert exports: every chart decoded, painted, with marks and labelled axes",
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
    const dir = await Deno.makeTempDir({ prefix: "gts-export-" });
    const notebook = {
      cells: notebookCells().map((source) => ({
        cell_type: "code",
        execution_count: null,
        metadata: {},
        source,
        outputs: [],
      })),
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
    const input = `${dir}/charts.ipynb`, executed = `${dir}/executed.ipynb`;
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
      await page.setViewport({ width: 1000, height: 800 });
      await page.goto(`file://${dir}/exported.html`, { waitUntil: "load" });
      const seen = await page.evaluate(READ_CHARTS) as ChartSeen[];
      assert.equal(seen.length, CHARTS.length, "one <img> per chart");
      seen.forEach((chart, i) => {
        const where = `chart ${CHARTS[i]!.cell}`;
        assert.ok(chart.complete && chart.naturalWidth > 0, where);
        assert.ok(
          chart.shownWidth > 100,
          `${where}: shown ${chart.shownWidth}px wide`,
        );
        assert.equal(chart.parseError, false, where);
        assert.ok(chart.marks > 0, `${where}: no marks`);
        assert.deepEqual(
          chart.labels.sort(),
          [...CHARTS[i]!.labels].sort(),
          where,
        );
        // Marks, axes and labels paint far more than a few stray pixels.
        assert.ok(
          chart.painted > 500,
          `${where}: ${chart.painted} pixels painted`,
        );
      });
      assert.equal(seen[1]!.alt, "Leaves — α-β against minimax");
      // The template's own assets (require.js, MathJax) are not the charts'.
      assert.deepEqual(
        log.errors.filter((e) => !/\/usr\/share\/javascript\//.test(e)),
        [],
      );
      const screenshots = new URL("figures/screenshots/", ROOT);
      await Deno.mkdir(screenshots, { recursive: true });
      // The chart with a title and a legend, as a reader of the export sees it.
      const bars = (await page.$$("img.gts-chart"))[1];
      await bars!.screenshot({
        path: fileURLToPath(new URL("export_chart.png", screenshots)),
      });
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
