/**
 * An exercise failing in the real JupyterLab, as a student meets it: the
 * server `deno task lab` starts (src/notebook/lab.ts's `startLab`, headless,
 * a free port, a token), chromium opens notebooks/01_minimax.ipynb, and
 *
 * 1. the committed failed report of the minimax exercise shows as JupyterLab
 *    shows a notebook not trusted yet: its message and both pictures of the
 *    counterexample, no stepper buttons (its script does not run), and the
 *    line that says to run the cell;
 * 2. the imports cell and the exercise cell run in the Deno kernel
 *    (Shift+Enter on each): the new output is the same failed report, now
 *    with its stepper live; "where they part" steps to the node where the
 *    searches part.
 *
 * The lab serves a temporary copy of the notebook (JupyterLab saves the
 * notebooks it runs), with links to the checkout's code and data and copies
 * of deno.json and deno.lock (the kernel may update the lock file); Jupyter's
 * settings, workspaces, signatures and runtime files go to the same
 * temporary folder. The lab and its kernel are stopped on every exit path,
 * and no process started for the test is left running. With
 * GTS_SCREENSHOTS=1 the run cell's output goes to
 * figures/screenshots/exercise_failed_jupyterlab.png.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import {
  installedJupyterLab,
  JUPYTERLAB_VERSION,
  LAB_ROOT,
  type LabServer,
  startLab,
} from "../../src/notebook/lab.ts";
import { findChromium, launchChromium, watchPage } from "./_browser.ts";
import { lacks } from "../_programs.ts";

const chromium = findChromium();
const installed = await installedJupyterLab();
const ready = installed === JUPYTERLAB_VERSION;
if (!ready) {
  console.warn(
    `tests/browser/lab_exercise_test.ts: SKIPPED: .venv/ has JupyterLab ${installed}, not ${JUPYTERLAB_VERSION} (run deno task lab --check once)`,
  );
}

const NOTEBOOK = "01_minimax.ipynb";
/** How the exercise cell's source starts. */
const EXERCISE_START = "// Exercise: minimax.";
/** How the cell that imports `checkExercise` for the exercises starts. */
const IMPORTS_START = 'import type { Move, Position } from "../mod.ts";';
/**
 * Bounds on waiting, so that nothing hangs: generous, since the first run
 * of the kernel loads the library on a loaded machine. Never judged.
 */
const WAIT_MS = 600_000;

/** The checkout's entries the notebook's code reads, linked into the copy. */
const LINKED = ["mod.ts", "src", "data"];

/** Deno's module cache, where the test's own deno finds it. */
async function denoDir(): Promise<string> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(output.success, new TextDecoder().decode(output.stderr));
  const dir = (JSON.parse(new TextDecoder().decode(output.stdout)) as {
    denoDir?: string;
  }).denoDir;
  assert.ok(dir, "deno info --json names no denoDir");
  return dir;
}

/**
 * The folder the lab serves: `notebooks/` with a copy of the lesson, copies
 * of deno.json and deno.lock, links to the code and data it imports.
 */
async function layOut(root: string): Promise<void> {
  await Deno.mkdir(join(root, "notebooks"), { recursive: true });
  await Deno.copyFile(
    join(LAB_ROOT, "notebooks", NOTEBOOK),
    join(root, "notebooks", NOTEBOOK),
  );
  for (const file of ["deno.json", "deno.lock"]) {
    await Deno.copyFile(join(LAB_ROOT, file), join(root, file));
  }
  for (const entry of LINKED) {
    await Deno.symlink(join(LAB_ROOT, entry), join(root, entry));
  }
}

/** The message line of the committed failed report, from the notebook file. */
async function committedMessage(): Promise<string> {
  const cells = (JSON.parse(
    await Deno.readTextFile(join(LAB_ROOT, "notebooks", NOTEBOOK)),
  ) as {
    cells: {
      source: string[];
      outputs?: { data?: Record<string, string[]> }[];
    }[];
  }).cells;
  const cell = cells.find((c) => c.source.join("").startsWith(EXERCISE_START));
  assert.ok(cell, `${NOTEBOOK} has no cell starting ${EXERCISE_START}`);
  const plain = (cell.outputs?.[0]?.data?.["text/plain"] ?? []).join("");
  assert.match(plain, /^✘ minimax /, `${NOTEBOOK}'s committed output`);
  const message = plain.split("\n")[1]!;
  assert.match(message, /^minimax\(tree, \d\) /);
  return message;
}

/** Waits for the lab's kernels to be idle, returning how many there are. */
async function kernelsIdle(server: LabServer): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  let last = "";
  while (Date.now() < deadline) {
    const response = await fetch(`${server.url}/api/kernels`, {
      headers: server.headers,
    });
    last = await response.text();
    const kernels = JSON.parse(last) as { execution_state: string }[];
    if (
      kernels.length > 0 &&
      kernels.every((kernel) => kernel.execution_state === "idle")
    ) return kernels.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `no idle kernel within ${
      WAIT_MS / 1000
    } s: /api/kernels says ${last}; lab log: ${server.log().slice(-2000)}`,
  );
}

/**
 * Shuts down every kernel of the lab through its REST API, before the
 * server's stop (which shuts them down too, unless it has to be killed).
 * Each request is bounded: a server that does not answer is left to stop.
 */
async function shutDownKernels(server: LabServer): Promise<void> {
  const response = await fetch(`${server.url}/api/kernels`, {
    headers: server.headers,
    signal: AbortSignal.timeout(60_000),
  });
  const kernels = JSON.parse(await response.text()) as { id: string }[];
  for (const kernel of kernels) {
    const done = await fetch(`${server.url}/api/kernels/${kernel.id}`, {
      method: "DELETE",
      headers: server.headers,
      signal: AbortSignal.timeout(60_000),
    });
    await done.body?.cancel();
  }
}

/** Processes whose command line mentions `dir` (Linux's /proc). */
function processesMentioning(dir: string): string[] {
  const found: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync("/proc")];
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry.name) || Number(entry.name) === Deno.pid) continue;
    try {
      const line = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`)
        .replaceAll("\0", " ");
      if (line.includes(dir)) found.push(`${entry.name}: ${line}`);
    } catch { /* ended meanwhile */ }
  }
  return found;
}

/** Every file and folder under `dir`, relative to it ([] when it is missing). */
function listTree(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return out;
    throw error;
  }
  for (const entry of entries) {
    const path = prefix + entry.name;
    out.push(path);
    if (entry.isDirectory) {
      out.push(...listTree(join(dir, entry.name), path + "/"));
    }
  }
  return out.sort();
}

/** A path of {@linkcode listTree} in a Jupyter runtime folder (`runtime/`, `runtime-*` of startLab). */
const RUNTIME = /^runtime(?:-[^/]*)?(?:\/|$)/;

/**
 * The checkout's `.jupyter/` as this test judges it: every entry but the
 * runtime folders, where the kernels of checkNotebook (notebooks_test,
 * jupyter_fault_test, the stepper and chart tests) and the labs of
 * lab_cli_test, run by other processes meanwhile, put their connection
 * files. This lab's own runtime files are looked for by its token
 * ({@linkcode runtimeFilesHolding}).
 */
function jupyterTree(dir: string): string[] {
  return listTree(dir).filter((path) => !RUNTIME.test(path));
}

/** The files in the runtime folders of `dir` whose text holds `token` (a lab server's files do). */
function runtimeFilesHolding(dir: string, token: string): string[] {
  return listTree(dir).filter((path) => {
    if (!RUNTIME.test(path)) return false;
    try {
      return Deno.readTextFileSync(join(dir, path)).includes(token);
    } catch {
      return false; // a folder, or a file gone meanwhile
    }
  });
}

/**
 * In-page: the `.jp-Cell` element of the notebook whose editor text starts
 * with `start` (JupyterLab's default windowing keeps every cell in the page).
 */
const CELL = (start: string) =>
  `[...document.querySelectorAll(".jp-Notebook .jp-Cell")].find((cell) =>
    (cell.querySelector(".jp-InputArea-editor .cm-content")?.textContent ?? "")
      .startsWith(${JSON.stringify(start)}))`;

/** What the exercise cell shows: its prompt and its output's report. */
interface ReportShown {
  prompt: string;
  outputs: number;
  text: string;
  message: string | null;
  images: { alt: string; loaded: boolean }[];
  note: string | null;
  buttons: string[];
  mode: string | null;
  svgs: number;
}

async function reportShown(page: Page): Promise<ReportShown> {
  return await page.evaluate(`(() => {
    const cell = ${CELL(EXERCISE_START)};
    if (!cell) return null;
    const area = cell.querySelector(".jp-OutputArea");
    const walks = area?.querySelector(".gts-walks");
    return {
      prompt: cell.querySelector(".jp-InputPrompt")?.textContent ?? "",
      outputs: area ? area.querySelectorAll(".jp-OutputArea-output").length : 0,
      text: area?.textContent ?? "",
      message: area?.querySelector("[data-role=message]")?.textContent ?? null,
      images: [...(area?.querySelectorAll("img") ?? [])].map((img) => ({
        alt: img.getAttribute("alt") ?? "",
        loaded: img.complete && img.naturalWidth > 0,
      })),
      note: area?.querySelector("[data-role=note]")?.textContent ?? null,
      buttons: [...(area?.querySelectorAll("button") ?? [])]
        .map((button) => button.textContent.trim()),
      mode: walks?.getAttribute("data-mode") ?? null,
      svgs: area ? area.querySelectorAll("svg[data-pane]").length : 0,
    };
  })()`) as ReportShown;
}

/** An element of the page (typed without the DOM's types, which tests lack). */
type Found = NonNullable<Awaited<ReturnType<Page["$"]>>>;

/** The element an in-page expression names, or a failure naming it. */
async function element(
  page: Page,
  expression: string,
  what: string,
): Promise<Found> {
  const handle = await page.evaluateHandle(expression);
  const found = handle.asElement() as Found | null;
  if (found === null) {
    await handle.dispose();
    assert.fail(`JupyterLab's page has no ${what}`);
  }
  return found;
}

/**
 * Waits until the in-page `predicate` holds; past {@linkcode WAIT_MS}, fails
 * naming `what` and what the page and the lab showed then.
 */
async function waitInPage(
  page: Page,
  predicate: string,
  what: string,
  server: LabServer,
): Promise<void> {
  try {
    await page.waitForFunction(predicate, { timeout: WAIT_MS, polling: 250 });
  } catch (error) {
    const cells = await page.evaluate(
      `[...document.querySelectorAll(".jp-Notebook .jp-Cell")].map((c) =>
        (c.querySelector(".jp-InputPrompt")?.textContent ?? "") +
        (c.classList.contains("jp-mod-selected") ? " selected " : " ") +
        (c.querySelector(".cm-content")?.textContent ?? "").slice(0, 30))`,
    ).catch((e) => `(page unreadable: ${e})`);
    const kernels = await fetch(`${server.url}/api/kernels`, {
      headers: server.headers,
      signal: AbortSignal.timeout(60_000),
    }).then((r) => r.text(), (e) => `(no answer: ${e})`);
    throw new Error(
      `${what}: not within ${WAIT_MS / 1000} s (${
        (error as Error).message
      }); cells ${JSON.stringify(cells)}; /api/kernels ${kernels}; lab log: ${
        server.log().slice(-3000)
      }`,
    );
  }
}

/** Selects the cell that starts with `start` and runs it with Shift+Enter. */
async function runCell(
  page: Page,
  start: string,
  server: LabServer,
): Promise<void> {
  // JupyterLab lays out the cells out of view lazily (content-visibility),
  // and the cells above still move while it measures them: scrolled to
  // again, its top first (a cell may be taller than the window), until its
  // prompt stays in view, a box to click.
  await waitInPage(
    page,
    `(() => {
      const cell = ${CELL(start)};
      const box = cell?.querySelector(".jp-InputPrompt")?.getBoundingClientRect();
      const seen = box && box.width > 0 && box.height > 0 && box.top >= 0 &&
        box.bottom <= innerHeight;
      if (cell && !seen) cell.scrollIntoView({ block: "start" });
      return seen;
    })()`,
    `the prompt of the cell starting ${start} in view`,
    server,
  );
  const prompt = await element(
    page,
    `(${CELL(start)})?.querySelector(".jp-InputPrompt")`,
    `cell starting ${start}`,
  );
  // A click on the prompt selects the cell in command mode.
  await prompt.click();
  await prompt.dispose();
  await page.keyboard.down("Shift");
  await page.keyboard.press("Enter");
  await page.keyboard.up("Shift");
}

Deno.test({
  name:
    "exercise in JupyterLab: the committed failed report as an untrusted notebook shows it, then the cell run in the Deno kernel fails with its counterexample and a live stepper",
  // lacks first: a missing program is counted even where .venv/ is not ready.
  ignore: lacks("chromium", "deno-kernelspec") || !ready,
  async fn() {
    const started = performance.now();
    const message = await committedMessage();
    // The checkout's Jupyter folder (the kernelspec): the lab run here must
    // add nothing to it, not even runtime files for the time it runs. Other
    // test processes write their runtime files there meanwhile: those
    // folders are left out of the comparison, and this lab's are told by
    // its token.
    const checkoutJupyter = join(LAB_ROOT, ".jupyter");
    const jupyterBefore = jupyterTree(checkoutJupyter);
    const tmp = await Deno.makeTempDir({ prefix: "gts-lab-exercise-" });
    const root = join(tmp, "root");
    try {
      await layOut(root);
      const jupyter = join(tmp, "jupyter");
      const server = await startLab({
        root,
        timeoutMs: WAIT_MS,
        env: {
          // Jupyter's writable folders: the test's own, not the checkout's
          // .jupyter/ (the kernelspec is still found there, on JUPYTER_PATH).
          JUPYTER_CONFIG_DIR: join(jupyter, "config"),
          JUPYTER_DATA_DIR: join(jupyter, "data"),
          JUPYTER_RUNTIME_DIR: join(jupyter, "runtime"),
          IPYTHONDIR: join(jupyter, "ipython"),
          // The kernel's module cache: the one this test's deno uses, not
          // .deno/ of the checkout.
          DENO_DIR: await denoDir(),
        },
      });
      try {
        // Every protocol call may last as long as the longest wait below.
        const { browser, close } = await launchChromium(chromium!, {
          timeoutMs: WAIT_MS,
        });
        try {
          const page = await browser.newPage();
          page.setDefaultTimeout(WAIT_MS);
          const log = await watchPage(page, { allowOrigins: [server.url] });
          await page.setViewport({ width: 1280, height: 1000 });
          await page.goto(
            `${server.url}/lab/tree/notebooks/${NOTEBOOK}?token=${server.token}`,
            { waitUntil: "load" },
          );
          // The exercise's committed output in view, its pictures loaded.
          await waitInPage(
            page,
            `(() => {
              const c = ${CELL(EXERCISE_START)};
              const area = c?.querySelector(".jp-OutputArea");
              const box = area?.getBoundingClientRect();
              const seen = box && box.height > 0 && box.top < innerHeight &&
                box.bottom > 0;
              if (c && !seen) c.scrollIntoView({ block: "start" });
              const images = [...(area?.querySelectorAll("img") ?? [])];
              return seen && images.length > 0 &&
                images.every((img) => img.complete);
            })()`,
            "the exercise cell's committed output in view",
            server,
          );
          assert.equal(await kernelsIdle(server), 1);

          // 1. The committed output, untrusted: sanitized, its script not run.
          const committed = await reportShown(page);
          assert.equal(committed.outputs, 1, JSON.stringify(committed));
          assert.match(committed.text, /✘ minimax \(Minimax\): failed on case/);
          assert.ok(
            committed.text.includes(message),
            `the committed output does not show ${message}: ${committed.text}`,
          );
          assert.equal(committed.images.length, 2, "both searches pictured");
          assert.deepEqual(
            committed.images.map((image) => image.loaded),
            [true, true],
            `pictures of the counterexample not drawn: ${
              JSON.stringify(committed.images)
            }`,
          );
          assert.match(
            committed.text,
            /▶ Run the cell to step through both searches/,
          );
          assert.deepEqual(committed.buttons, [], "no script ran: no buttons");
          assert.equal(committed.svgs, 0);

          // 2. Run the imports, then the exercise, in the Deno kernel.
          await runCell(page, IMPORTS_START, server);
          await runCell(page, EXERCISE_START, server);
          await waitInPage(
            page,
            `(() => {
              const c = ${CELL(EXERCISE_START)};
              const prompt = c?.querySelector(".jp-InputPrompt")?.textContent ?? "";
              return c && !prompt.includes("*") &&
                c.querySelector(".jp-OutputArea .gts-walks[data-mode=live]");
            })()`,
            "the exercise cell's new output, its stepper live",
            server,
          );
          const shown = await reportShown(page);
          assert.equal(shown.outputs, 1, JSON.stringify(shown));
          assert.match(shown.prompt, /\[\d+\]/);
          assert.match(shown.text, /✘ minimax \(Minimax\): failed on case/);
          assert.equal(
            shown.message,
            message,
            "the kernel's report differs from the committed one",
          );
          assert.equal(shown.mode, "live");
          assert.equal(shown.svgs, 2, "both searches drawn live");
          assert.deepEqual(
            shown.buttons,
            ["|◀ first", "◀ previous", "next ▶", "where they part ▶|"],
          );
          assert.equal(shown.note, null, "the still pictures gave way");
          const walks = `(${
            CELL(EXERCISE_START)
          }).querySelector(".jp-OutputArea .gts-walks")`;
          const before = await page.evaluate(
            `${walks}.querySelector("[data-role=text]").textContent`,
          ) as string;
          assert.match(before, /^node number 1: /);
          assert.doesNotMatch(before, /here the searches part/);
          const part = await element(
            page,
            `[...${walks}.querySelectorAll("button")].find((b) => b.textContent.includes("where they part"))`,
            `"where they part" button`,
          );
          await part.click();
          await part.dispose();
          const after = await page.evaluate(`(() => {
            const w = ${walks};
            return {
              step: w.getAttribute("data-step"),
              steps: w.getAttribute("data-steps"),
              text: w.querySelector("[data-role=text]").textContent,
              parting: w.querySelectorAll("g[data-state=parting]").length,
            };
          })()`) as {
            step: string;
            steps: string;
            text: string;
            parting: number;
          };
          assert.equal(after.step, after.steps);
          assert.ok(Number(after.steps) >= 2, `steps ${after.steps}`);
          assert.match(after.text, /here the searches part/);
          assert.ok(after.parting >= 1, "the parting node is marked");
          assert.deepEqual(log.external, [], "requests off the machine");
          const ours = log.errors.filter((e) => /gts|exercise|walks/i.test(e));
          assert.deepEqual(ours, [], "errors of the report's script");
          if (log.errors.length > 0) {
            console.log(
              `JupyterLab's console errors: ${log.errors.join("; ")}`,
            );
          }
          // What the leak check below looks for is there while it runs: the
          // server (serving the temporary folder) and the kernel (its
          // connection file in the temporary runtime folder).
          const running = processesMentioning(tmp);
          assert.ok(
            running.some((line) => line.includes(" -m jupyterlab ")) &&
              running.some((line) => line.includes(" jupyter --kernel ")),
            `the lab and its kernel are not seen running: ${
              running.join("; ")
            }`,
          );
          // Its server's runtime files (they hold its token) are in the
          // test's folder and in none of the checkout's (its kernel's
          // connection file is the temporary one its command line names).
          assert.notDeepEqual(
            runtimeFilesHolding(jupyter, server.token),
            [],
            "the lab's runtime files are not in the test's runtime folder",
          );
          assert.deepEqual(
            runtimeFilesHolding(checkoutJupyter, server.token),
            [],
            "the running lab wrote its runtime files into .jupyter/ of the checkout",
          );
          assert.deepEqual(
            jupyterTree(checkoutJupyter),
            jupyterBefore,
            "the running lab wrote into .jupyter/ of the checkout",
          );
          if (Deno.env.get("GTS_SCREENSHOTS") === "1") {
            // The pointer off the output, so that no row shows as hovered.
            await page.mouse.move(0, 0);
            const output = await element(
              page,
              `(${
                CELL(EXERCISE_START)
              }).querySelector(".jp-Cell-outputWrapper")`,
              "output of the exercise cell",
            );
            await output.screenshot({
              path: join(
                LAB_ROOT,
                "figures",
                "screenshots",
                "exercise_failed_jupyterlab.png",
              ),
            });
            await output.dispose();
          }
        } finally {
          await close();
        }
      } finally {
        await shutDownKernels(server).catch(() => {});
        await server.stop();
      }
      assert.deepEqual(
        processesMentioning(tmp),
        [],
        "processes of the lab or its kernel left running",
      );
      assert.deepEqual(
        runtimeFilesHolding(checkoutJupyter, server.token),
        [],
        "the lab left its runtime files in .jupyter/ of the checkout",
      );
      assert.deepEqual(
        jupyterTree(checkoutJupyter),
        jupyterBefore,
        "the lab left files in .jupyter/ of the checkout",
      );
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
    console.log(
      `lab exercise: ${
        ((performance.now() - started) / 1000).toFixed(1)
      } s from the lab's start to its stop (printed, never judged)`,
    );
  },
});
