/**
 * Executes every `notebooks/*.ipynb` in a real Jupyter with the Deno kernel, one
 * test step per notebook, into a temporary folder (the committed notebook is
 * only read).
 *
 * A notebook fails on: an `error` output; an uncaught error or unhandled
 * promise rejection; a code cell with no output where the committed notebook
 * has one; committed outputs that differ from the fresh ones (stale: `deno
 * task notebooks` refreshes them), numbers excepted only in cells tagged
 * `volatile-output`, which print times (src/notebook/stale_outputs.ts). What was measured on Deno 2.9.6 + nbclient 0.7.2 (Debian 12):
 *
 * - `throw` and `await Promise.reject(…)` in a cell: an `error` output and an
 *   execute reply with status "error"; `jupyter nbconvert --execute` exits 1.
 * - `Promise.reject(…); 5` (not awaited): nothing at all. The cell shows `5`,
 *   the reply is "ok", the kernel prints nothing, even on its own stderr, and
 *   nbconvert exits 0. Same for `void Promise.reject(…)`, an async function
 *   that throws without being awaited, and `throw` inside a `setTimeout`. A
 *   rejected promise as the cell's value shows as an `execute_result`
 *   `Promise { <rejected> Error: … }`. The executor therefore installs
 *   `unhandledrejection` and `error` listeners (a silent request before the
 *   first cell) that print `Uncaught (in promise) …` / `Uncaught …` to the
 *   current cell's stderr; the check fails on those lines and on a rejected
 *   promise as a value.
 * - Dropped outputs: the kernel sometimes publishes a cell's output *after*
 *   its `status: idle` (0–1 ms later). Over 6 nbconvert runs of a 40-cell
 *   notebook (execute results, console.log, Deno.jupyter.display) 4 runs lost
 *   1–5 outputs; a raw jupyter_client loop saw 5 of 60 outputs after idle.
 *   nbclient returns at idle and ignores messages of earlier requests, and its
 *   `iopub_timeout` only bounds the wait for idle, so raising it does not help.
 *   The executor (`src/notebook/_execute_notebook.py`) routes every message to the cell
 *   of its request whenever it arrives and waits for a quiet second after the
 *   last cell: 6 runs of the same notebook kept all 40 outputs (18 arrived
 *   late). A notebook whose only problems are missing outputs is still run a
 *   second time before failing.
 *
 * Without `jupyter` or the `deno` kernelspec the test is ignored
 * (tests/_programs.ts); with them installed but not working, it fails. The kernelspec of this checkout (`.ci/kernel`
 * writes it to `.jupyter/`) comes first; a `deno` kernelspec of the user's
 * own is used when there is none. Kernels run with NO_COLOR=1, so that the
 * outputs carry no ANSI colour codes.
 */
import assert from "node:assert/strict";
import { basename, join } from "node:path";
import {
  ansiOutputs,
  checkNotebook,
  findJupyter,
  type JupyterSetup,
  KERNEL_HINT,
  listNotebooks,
  type Notebook,
  readNotebook,
} from "../src/notebook/jupyter.ts";
import { staleOutputs, VOLATILE_TAG } from "../src/notebook/stale_outputs.ts";
import { installCommand } from "../src/programs.ts";
import { lacks } from "./_programs.ts";

const NOTEBOOKS = join(import.meta.dirname!, "..", "notebooks");
const NAME = "notebooks execute in Jupyter with the Deno kernel without errors";

const setup = await findJupyter();
const notebooks = await listNotebooks(NOTEBOOKS);

// Needs no Jupyter: reads the committed notebooks only.
Deno.test("committed notebooks show no ANSI colour codes in their text outputs", async () => {
  assert.ok(notebooks.length > 0);
  for (const path of notebooks) {
    const notebook = JSON.parse(await Deno.readTextFile(path)) as Notebook;
    const dirty = notebook.cells.flatMap((cell, index) =>
      ansiOutputs(cell).map((kind) => `cell ${index + 1} (${kind})`)
    );
    assert.deepEqual(dirty, [], `${basename(path)}: ${dirty.join(", ")}`);
  }
});

Deno.test("a cell tagged volatile-output prints times: the tag cannot hide other stale outputs", async () => {
  const timeUnit = /µs|\bms\b|\bseconds?\b|\d\s*s\b|\/s\b/;
  for (const path of notebooks) {
    const notebook = await readNotebook(path);
    notebook.cells.forEach((cell, index) => {
      const tags = (cell as { metadata?: { tags?: unknown } }).metadata?.tags;
      if (!Array.isArray(tags) || !tags.includes(VOLATILE_TAG)) return;
      const printed = JSON.stringify(cell.outputs ?? []);
      assert.match(
        printed,
        timeUnit,
        `${basename(path)} cell ${
          index + 1
        } is tagged ${VOLATILE_TAG} but prints no time`,
      );
    });
  }
});

Deno.test(NAME, {
  ignore: lacks("jupyter", "deno-kernelspec"),
}, async (t) => {
  // Installed (or the test would be ignored) but not working: a failure.
  if ("reason" in setup) {
    throw new Error(
      `notebooks cannot run: ${setup.reason}. Install ` +
        `${installCommand(["jupyter"])}, then ${KERNEL_HINT}`,
    );
  }
  const temp = await Deno.makeTempDir({ prefix: "notebooks_test_" });
  let failed = !await t.step(
    "the kernel uses deno.json and displays SVG and markdown (smoke notebook)",
    () => smokeTest(setup, temp),
  );
  for (const notebook of notebooks) {
    const output = join(temp, basename(notebook));
    const ok = await t.step(basename(notebook), async () => {
      const check = await checkNotebook(setup, notebook, { output });
      if (check.problems.length > 0) {
        throw new Error(
          `${basename(notebook)} failed (${check.attempts} attempt(s); ` +
            `executed copy kept at ${output}):\n  ` +
            check.problems.map((problem) => problem.message).join("\n  "),
        );
      }
      // The committed outputs must be what the code prints today.
      const stale = staleOutputs(
        await readNotebook(notebook),
        await readNotebook(output),
      );
      if (stale.length > 0) {
        throw new Error(
          `${basename(notebook)}: committed outputs are stale (executed ` +
            `copy kept at ${output}); refresh with deno task notebooks:\n  ` +
            stale.map((s) => `cell ${s.cell}: ${s.reason}`).join("\n  "),
        );
      }
    });
    failed ||= !ok;
  }
  // Keep the executed copies of a failure for inspection.
  if (!failed) await Deno.remove(temp, { recursive: true });
});

/**
 * Runs a notebook written on the fly as if it lived in notebooks/: a bare
 * specifier from deno.json, `../mod.ts`, and the display helpers must work in a
 * real kernel, even before the project has notebooks of its own.
 */
async function smokeTest(setup: JupyterSetup, temp: string) {
  const cells = [
    'import * as Plot from "@observablehq/plot";\n' +
    'import { displayMarkdown, displaySvg, markdownTable, renderSvg } from "../src/plot/mod.ts";',
    "displaySvg(renderSvg({ marks: [Plot.dot([[1, 2], [2, 3]])] }))",
    'displayMarkdown(markdownTable(["a", "b"], [[1, 2]]))',
    'console.log("done")',
  ];
  const notebook = join(temp, "smoke.ipynb");
  const output = join(temp, "smoke.executed.ipynb");
  await Deno.writeTextFile(
    notebook,
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: "deno", display_name: "Deno" } },
      cells: cells.map((source, index) => ({
        id: `smoke-${index}`,
        cell_type: "code",
        source,
        metadata: {},
        execution_count: null,
        outputs: [],
      })),
    }),
  );
  const check = await checkNotebook(setup, notebook, {
    output,
    cwd: NOTEBOOKS,
  });
  assert.deepEqual(check.problems.map((problem) => problem.message), []);
  const executed = JSON.parse(await Deno.readTextFile(output)) as Notebook;
  const bundles = executed.cells.map((cell) =>
    Object.keys(cell.outputs?.[0]?.data ?? {})
  );
  assert.deepEqual(executed.cells[0]?.outputs, [], "imports show nothing");
  assert.deepEqual(bundles[1], ["image/svg+xml", "text/html"]);
  assert.deepEqual(bundles[2], ["text/markdown"]);
  assert.equal(
    [executed.cells[3]?.outputs?.[0]?.text].flat().join(""),
    "done\n",
  );
}
