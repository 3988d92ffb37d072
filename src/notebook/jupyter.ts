/**
 * Executes notebooks in a real Jupyter with the Deno kernel and judges the
 * result. Shared by `tests/notebooks_test.ts` (executes into a temporary
 * folder) and `cli/run_notebooks.ts` (refreshes the committed outputs).
 *
 * The Python side is `_execute_notebook.py` (nbclient, from Debian's
 * `python3-nbclient`); its docstring explains the two Deno kernel traps it works
 * around. This module finds a Python that has nbclient and the `deno`
 * kernelspec, runs the script, and lists what is wrong with the executed
 * notebook.
 *
 * @module
 */

import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  findProgram,
  PROJECT_JUPYTER_DIR as CHECKOUT_JUPYTER_DIR,
} from "../programs.ts";
import { printable } from "../validate.ts";

const SCRIPT = fileURLToPath(
  new URL("./_execute_notebook.py", import.meta.url),
);

/** The name of the Deno kernelspec that `deno jupyter --install` writes. */
export const KERNEL_NAME = "deno";

/**
 * Where `.ci/kernel` registers this checkout's Deno kernel: a Jupyter data
 * folder inside the checkout (ignored by git), put first on `JUPYTER_PATH`
 * for every Jupyter process started here, so that it wins over a `deno`
 * kernelspec of the user's own, which is never read for it nor written.
 */
export const PROJECT_JUPYTER_DIR: string = CHECKOUT_JUPYTER_DIR;

/**
 * How to register the kernel, for messages: a command that needs only Node.js
 * and npm and records a stable path (`npx deno jupyter --install` would record
 * the binary in npx's cache, which npx may delete or replace).
 */
export const KERNEL_HINT =
  "run .ci/kernel (needs only Node.js and npm: it installs Deno 2.9.6 into " +
  "node_modules/ and registers node_modules/deno/deno in .jupyter/ of this " +
  "checkout, changing nothing outside it)";

/** A Python with nbclient and a usable `deno` kernelspec. */
export interface JupyterSetup {
  /** The Python interpreter that has nbclient. */
  python: string;
  /** The nbclient version, for messages. */
  nbclient: string;
  /** The kernelspec's command line; `argv[0]` is the deno binary. */
  kernelArgv: string[];
}

/** Why notebooks cannot run here. */
export interface JupyterMissing {
  reason: string;
}

/**
 * Looks for Jupyter: the Python of the `jupyter` command on PATH (its shebang),
 * then `$JUPYTER_PYTHON`, then `python3`; the first that imports nbclient and
 * knows the kernelspec `kernel` whose binary exists wins. Each probe is a
 * short Python run, killed after {@linkcode PROBE_TIMEOUT_MS}.
 *
 * @param kernel The kernelspec's name. Default: {@linkcode KERNEL_NAME}.
 * @returns The setup, or the reason why notebooks cannot run (one line naming
 *   each Python tried and what it said).
 *
 * @example Skip notebooks where Jupyter is missing
 * ```ts ignore
 * import { findJupyter } from "./jupyter.ts";
 *
 * const setup = await findJupyter();
 * if ("reason" in setup) console.log(`notebooks skipped: ${setup.reason}`);
 * ```
 */
export async function findJupyter(
  kernel: string = KERNEL_NAME,
): Promise<JupyterSetup | JupyterMissing> {
  const candidates: string[] = [];
  const reasons: string[] = [];
  const fromJupyter = await shebangOf(findProgram("jupyter"));
  if (fromJupyter) candidates.push(fromJupyter);
  else reasons.push("no readable jupyter command on PATH");
  const fromEnv = Deno.env.get("JUPYTER_PYTHON");
  if (fromEnv) candidates.push(fromEnv);
  candidates.push("python3");
  for (const python of new Set(candidates)) {
    let output: Deno.CommandOutput;
    try {
      output = await withTimeout(
        new Deno.Command(python, {
          args: [SCRIPT, "probe", kernel],
          stdin: "null",
          stdout: "piped",
          stderr: "piped",
          env: jupyterEnv(),
        }).spawn(),
        PROBE_TIMEOUT_MS,
      );
    } catch (error) {
      reasons.push(`${python}: ${(error as Error).message}`);
      continue;
    }
    const stderr = lastLine(new TextDecoder().decode(output.stderr));
    if (!output.success) {
      reasons.push(
        `${python}: ${stderr || `exited with code ${output.code}`}`,
      );
      continue;
    }
    let probe: { nbclient: string; argv: string[] };
    try {
      probe = JSON.parse(new TextDecoder().decode(output.stdout));
      if (!Array.isArray(probe.argv)) throw new Error("no argv");
    } catch {
      reasons.push(`${python}: the probe printed no kernelspec`);
      continue;
    }
    const binary = probe.argv[0] ?? "";
    if (!(await isFile(binary))) {
      return {
        reason: `the "${kernel}" kernelspec runs ${binary}, which does ` +
          `not exist (${KERNEL_HINT})`,
      };
    }
    return { python, nbclient: probe.nbclient, kernelArgv: probe.argv };
  }
  return {
    reason: `no Python with nbclient and a "${kernel}" kernelspec (${
      reasons.join("; ")
    }); ${KERNEL_HINT}`,
  };
}

/** Milliseconds a probe of {@linkcode findJupyter} may take (Python imports). */
export const PROBE_TIMEOUT_MS = 30_000;

/** The output of `child`, which is killed when it runs longer than `ms`. */
async function withTimeout(
  child: Deno.ChildProcess,
  ms: number,
): Promise<Deno.CommandOutput> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, ms);
  try {
    const output = await child.output();
    if (timedOut) throw new Error(`no answer within ${ms / 1000} s`);
    return output;
  } finally {
    clearTimeout(timer);
  }
}

/** Options of {@linkcode checkNotebook}. */
export interface CheckNotebookOptions {
  /** Where to write the executed notebook; never the input itself in tests. */
  output: string;
  /**
   * Folder the kernel starts in, which decides the `deno.json` it uses and what
   * relative imports mean. Default: the notebook's folder.
   */
  cwd?: string;
  /**
   * Seconds a cell may run before its kernel is stopped and the execution
   * fails with a {@linkcode NotebookFault}. Default: 600.
   */
  timeout?: number;
  /** How many times to execute again when only outputs went missing. Default: 1. */
  retries?: number;
  /** The kernelspec to run. Default: {@linkcode KERNEL_NAME}. */
  kernel?: string;
  /**
   * Stops the execution: Jupyter gets SIGTERM, stops its kernel and writes
   * nothing (SIGKILL after {@linkcode STOP_GRACE_MS}), and `checkNotebook`
   * rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/** What kind of thing went wrong in a cell. */
export type ProblemKind = "error" | "uncaught" | "missing-output" | "ansi";

/** One thing wrong with an executed notebook. */
export interface NotebookProblem {
  kind: ProblemKind;
  /** Index of the cell in the notebook, from 0. */
  cell: number;
  /**
   * A sentence naming the cell (from 1) and what went wrong, on one line:
   * what the notebook holds (its source, an error's name and message) with
   * its control characters as `\u` escapes, so that printing it sends no
   * escape sequence to a terminal.
   */
  message: string;
}

/** The outcome of {@linkcode checkNotebook}. */
export interface NotebookCheck {
  /** Everything wrong with the last execution; empty when the notebook is fine. */
  problems: NotebookProblem[];
  /** How many executions it took (2 when a retry was needed). */
  attempts: number;
  /** Outputs that the kernel sent after its idle message and were kept anyway. */
  lateOutputs: number;
}

/** How Jupyter failed a notebook as a whole, rather than a cell failing. */
export type FaultKind =
  | "spawn"
  | "start"
  | "dead"
  | "timeout"
  | "read"
  | "exit";

/**
 * The notebook could not be executed: Jupyter did not start, the kernel did
 * not start or died, a cell ran past its timeout, or the notebook is not one.
 * The message is one line naming the notebook, the cell when there is one,
 * what happened and the last lines Jupyter and the kernel printed on stderr.
 *
 * @example Tell a fault from a failed check
 * ```ts
 * import assert from "node:assert/strict";
 * import { NotebookFault } from "./jupyter.ts";
 *
 * const fault = new NotebookFault("timeout", 1, "a.ipynb: cell 2 (x) did not finish");
 * assert.ok(fault instanceof Error);
 * assert.equal(fault.kind, "timeout");
 * assert.equal(fault.cell, 1);
 * ```
 */
export class NotebookFault extends Error {
  /** What happened. */
  readonly kind: FaultKind;
  /** The cell (from 0) that was running, or null. */
  readonly cell: number | null;
  /** The last lines of Jupyter's stderr (with the kernel's), oldest first. */
  readonly stderrTail: readonly string[];

  /**
   * @param kind What happened.
   * @param cell The cell (from 0) that was running, or null.
   * @param message The whole one-line message.
   * @param stderrTail The last lines of Jupyter's stderr.
   */
  constructor(
    kind: FaultKind,
    cell: number | null,
    message: string,
    stderrTail: readonly string[] = [],
  ) {
    super(message);
    this.name = "NotebookFault";
    this.kind = kind;
    this.cell = cell;
    this.stderrTail = stderrTail;
  }
}

/** Milliseconds Jupyter gets to stop its kernel after SIGTERM before SIGKILL. */
export const STOP_GRACE_MS = 15_000;

/**
 * Reads a notebook file and checks that it is one (nbformat 4: an object with
 * a `cells` list of objects with a `cell_type`).
 *
 * @param path The `.ipynb` file.
 * @returns The notebook.
 * @throws {NotebookFault} kind "read", naming the file and what is wrong.
 *
 * @example A file that is not JSON
 * ```ts
 * import assert from "node:assert/strict";
 * import { readNotebook } from "./jupyter.ts";
 *
 * const path = await Deno.makeTempFile({ suffix: ".ipynb" });
 * await Deno.writeTextFile(path, "{ not json");
 * await assert.rejects(readNotebook(path), /is not JSON/);
 * await Deno.remove(path);
 * ```
 */
export async function readNotebook(path: string): Promise<Notebook> {
  const fail = (what: string) =>
    new NotebookFault("read", null, `${path} ${what}`);
  let source: string;
  try {
    source = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw fail("does not exist");
    }
    throw fail(`cannot be read (${(error as Error).message})`);
  }
  let notebook: unknown;
  try {
    notebook = JSON.parse(source);
  } catch (error) {
    throw fail(`is not JSON (${(error as Error).message})`);
  }
  const cells = (notebook as { cells?: unknown } | null)?.cells;
  if (
    typeof notebook !== "object" || notebook === null ||
    Array.isArray(notebook) || !Array.isArray(cells)
  ) {
    throw fail('is not a notebook (no "cells" list)');
  }
  const bad = cells.findIndex((cell) =>
    typeof cell !== "object" || cell === null ||
    typeof (cell as { cell_type?: unknown }).cell_type !== "string"
  );
  if (bad >= 0) {
    throw fail(`is not a notebook (cell ${bad + 1} has no "cell_type")`);
  }
  return notebook as Notebook;
}

/**
 * Executes a notebook in a kernel started in the notebook's folder (so that
 * the project's `deno.json` and `../mod.ts` resolve), writes the result to
 * `options.output`, and lists its problems (see {@linkcode notebookProblems}).
 * When the only problems are missing outputs, executes once more before
 * reporting them.
 *
 * Each cell may run `options.timeout` seconds; its kernel is then stopped.
 * At most `retries + 1` executions run, each bounded by the kernel's start-up
 * (60 s, nbclient's default) plus the cells' timeouts.
 *
 * @param setup From {@linkcode findJupyter}.
 * @param notebook Path of the committed notebook; it is only read.
 * @param options Where to write, timeouts and retries.
 * @returns The problems found and how many executions were needed.
 * @throws {NotebookFault} when the notebook could not be executed (not a
 *   notebook, Jupyter or the kernel did not start, the kernel died, a cell
 *   timed out): `options.output` is then not written.
 *
 * @example Check one notebook
 * ```ts ignore
 * import { checkNotebook, findJupyter } from "./jupyter.ts";
 *
 * const setup = await findJupyter();
 * if (!("reason" in setup)) {
 *   const output = await Deno.makeTempFile({ suffix: ".ipynb" });
 *   const check = await checkNotebook(setup, "notebooks/01_minimax.ipynb", { output });
 *   for (const problem of check.problems) console.log(problem.message);
 * }
 * ```
 */
export async function checkNotebook(
  setup: JupyterSetup,
  notebook: string,
  options: CheckNotebookOptions,
): Promise<NotebookCheck> {
  const committed = await readNotebook(notebook);
  const retries = options.retries ?? 1;
  let lateOutputs = 0;
  for (let attempt = 1;; attempt++) {
    const report = await executeNotebook(setup, notebook, committed, options);
    lateOutputs += report.lateOutputs;
    const executed = JSON.parse(
      await Deno.readTextFile(options.output),
    ) as Notebook;
    const problems = notebookProblems(committed, executed, report.replyErrors);
    const onlyMissing = problems.length > 0 &&
      problems.every((problem) => problem.kind === "missing-output");
    if (!onlyMissing || attempt > retries) {
      return { problems, attempts: attempt, lateOutputs };
    }
  }
}

/** A cell whose `execute_reply` had status "error". */
export interface ReplyError {
  cell: number;
  ename: string;
  evalue: string;
}

interface ExecutionReport {
  replyErrors: ReplyError[];
  lateOutputs: number;
}

/**
 * Milliseconds to wait for Jupyter's output to end once it has exited, before
 * its orphaned kernel (which holds the same stderr) is killed.
 */
const PIPE_GRACE_MS = 2_000;

/** A stream read to its end in the background, as text. */
function collect(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  const done = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        chunks.push(value);
      }
    } catch { /* cancelled */ }
  })();
  return {
    done,
    text: () => {
      const decoder = new TextDecoder();
      return chunks.map((chunk, index) =>
        decoder.decode(chunk, { stream: index < chunks.length - 1 })
      ).join("");
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILL to process group `pid` (a kernel leads its own), else to `pid`. */
function killGroup(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      Deno.kill(target, "SIGKILL");
    } catch { /* gone already */ }
  }
}

/** What `_execute_notebook.py execute` prints on a fault (exit 4). */
interface FaultReport {
  fault: { kind: FaultKind; cell: number | null; message: string };
}

const FAULT_EXIT = 4;

async function executeNotebook(
  setup: JupyterSetup,
  notebook: string,
  committed: Notebook,
  options: CheckNotebookOptions,
): Promise<ExecutionReport> {
  const name = basename(notebook);
  const timeout = options.timeout ?? 600;
  const kernel = options.kernel ?? KERNEL_NAME;
  options.signal?.throwIfAborted();
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(setup.python, {
      args: [
        SCRIPT,
        "execute",
        "--input",
        notebook,
        "--output",
        options.output,
        "--cwd",
        resolve(options.cwd ?? dirname(notebook)),
        "--kernel",
        kernel,
        "--timeout",
        String(timeout),
      ],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: jupyterEnv(),
    }).spawn();
  } catch (error) {
    throw new NotebookFault(
      "spawn",
      null,
      `${name}: cannot start Jupyter (${setup.python}): ${
        (error as Error).message
      }`,
    );
  }
  let killer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    // A Jupyter that ignores SIGTERM is killed; its kernel may then outlive it.
    killer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
    }, STOP_GRACE_MS);
  };
  options.signal?.addEventListener("abort", stop, { once: true });
  const stdoutText = collect(child.stdout);
  const stderrText = collect(child.stderr);
  let status: Deno.CommandStatus;
  try {
    status = await child.status;
  } finally {
    options.signal?.removeEventListener("abort", stop);
    clearTimeout(killer);
  }
  const pipes = Promise.all([stdoutText.done, stderrText.done]);
  if (!(await settlesWithin(pipes, PIPE_GRACE_MS))) {
    // Jupyter is gone but its kernel, which shares its stderr, is not: it was
    // killed before it could stop the kernel. End the orphan.
    const pid = /_execute_notebook\.py: kernel pid (\d+)/.exec(
      stderrText.text(),
    )?.[1];
    if (pid !== undefined) killGroup(Number(pid));
    if (!(await settlesWithin(pipes, PIPE_GRACE_MS))) {
      await stdoutText.cancel();
      await stderrText.cancel();
    }
  }
  const output = {
    code: status.code,
    signal: status.signal,
    success: status.success,
    stdout: stdoutText.text(),
    stderr: stderrText.text(),
  };
  options.signal?.throwIfAborted();
  const stdout = output.stdout;
  const tail = lastLines(output.stderr, 3);
  const printed = tail.length > 0
    ? `; last lines on stderr: ${tail.join(" | ")}`
    : "; nothing on stderr";
  if (output.code === FAULT_EXIT) {
    const { fault } = JSON.parse(stdout) as FaultReport;
    const cell = fault.cell === null ? undefined : committed.cells[fault.cell];
    const where = cell === undefined || fault.cell === null
      ? ""
      : ` cell ${fault.cell + 1} (${firstLine(text(cell.source))})`;
    const what = {
      spawn: `could not start: ${fault.message}`,
      start: `the "${kernel}" kernel did not start (${fault.message})`,
      dead: `the kernel died during${where}${
        fault.message === "Kernel died" ? "" : ` (${fault.message})`
      }`,
      timeout: `${where.trim()} did not finish within ${timeout} s ` +
        `(--timeout), so its kernel was stopped`,
      read: `is not a notebook Jupyter can read (${fault.message})`,
      exit: fault.message,
    }[fault.kind] ?? fault.message;
    throw new NotebookFault(
      fault.kind,
      fault.cell,
      `${name}: ${what}${fault.kind === "timeout" ? "" : printed}`,
      tail,
    );
  }
  if (!output.success) {
    const how = output.signal === null
      ? `exited with code ${output.code}`
      : `was killed by ${output.signal}`;
    throw new NotebookFault(
      "exit",
      null,
      `${name}: Jupyter (${setup.python} ${basename(SCRIPT)}) ${how}${printed}`,
      tail,
    );
  }
  try {
    return JSON.parse(stdout) as ExecutionReport;
  } catch {
    throw new NotebookFault(
      "exit",
      null,
      `${name}: Jupyter printed no report (${
        JSON.stringify(firstLine(stdout))
      })${printed}`,
      tail,
    );
  }
}

/** The parts of the nbformat 4 JSON that the checks read. */
export interface Notebook {
  cells: NotebookCell[];
}

/** A cell of {@linkcode Notebook}. */
export interface NotebookCell {
  cell_type: string;
  source: string | string[];
  outputs?: NotebookOutput[];
}

/** An output of {@linkcode NotebookCell}. */
export interface NotebookOutput {
  output_type: string;
  name?: string;
  text?: string | string[];
  ename?: string;
  evalue?: string;
  /**
   * Each MIME type's value: text (a string, or its lines) for a text type,
   * the value itself for a JSON one (`application/json`).
   */
  data?: Record<string, unknown>;
}

/**
 * Lists what is wrong with an executed notebook, one sentence per problem:
 * an `error` output; an execute reply with status "error" that left no error
 * output; a stderr line starting with `Uncaught` (what the executor prints for
 * a promise rejected without `await`, or an error thrown in a timer); a cell
 * whose value is a rejected promise; a text output with ANSI escape codes
 * (colours: the kernel runs with NO_COLOR=1, see {@linkcode ansiOutputs});
 * a code cell with no output where the committed notebook has one.
 *
 * @param committed The notebook as committed (its outputs are the reference).
 * @param executed The same notebook after execution.
 * @param replyErrors The cells whose execute reply was an error.
 * @returns The problems in cell order, empty when the notebook is fine.
 *
 * @example A missing output and an uncaught rejection
 * ```ts
 * import { notebookProblems, type NotebookOutput } from "./jupyter.ts";
 * import assert from "node:assert/strict";
 *
 * const code = (outputs: NotebookOutput[]) => ({ cell_type: "code", source: "x", outputs });
 * const shown = { output_type: "stream", name: "stdout", text: "9\n" };
 * const uncaught = {
 *   output_type: "stream",
 *   name: "stderr",
 *   text: "Uncaught (in promise) Error: y\n",
 * };
 * const problems = notebookProblems(
 *   { cells: [code([shown]), code([])] },
 *   { cells: [code([]), code([uncaught])] },
 * );
 * assert.deepEqual(problems.map((problem) => problem.kind), [
 *   "missing-output",
 *   "uncaught",
 * ]);
 * assert.match(problems[0]!.message, /^cell 1 .*produced no output/);
 * assert.match(problems[1]!.message, /^cell 2 .*Uncaught \(in promise\) Error: y/);
 * ```
 */
export function notebookProblems(
  committed: Notebook,
  executed: Notebook,
  replyErrors: readonly ReplyError[] = [],
): NotebookProblem[] {
  const problems: NotebookProblem[] = [];
  executed.cells.forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    const where = `cell ${index + 1} (${firstLine(text(cell.source))})`;
    // The source and the outputs are the notebook's: a raw escape sequence
    // in a message would reach the terminal that prints it.
    const report = (kind: ProblemKind, what: string) =>
      problems.push({
        kind,
        cell: index,
        message: printable(`${where}: ${what}`),
      });
    const outputs = cell.outputs ?? [];
    let failed = false;
    for (const output of outputs) {
      if (output.output_type === "error") {
        failed = true;
        report("error", `${output.ename}: ${output.evalue}`);
      } else if (output.output_type === "stream" && output.name === "stderr") {
        const uncaught = text(output.text ?? "").split("\n")
          .find((line) => line.startsWith("Uncaught"));
        if (uncaught !== undefined) {
          failed = true;
          report("uncaught", uncaught);
        }
      } else if (output.output_type === "execute_result") {
        const plain = stripAnsi(text(output.data?.["text/plain"] ?? ""));
        if (/^Promise \{\s*<rejected>/.test(plain)) {
          failed = true;
          const reason = plain.replace(/^Promise \{\s*<rejected>\s*/, "");
          report(
            "uncaught",
            `its value is a rejected promise: ${firstLine(reason)}`,
          );
        }
      }
    }
    if (ansiOutputs(cell).length > 0) {
      report(
        "ansi",
        `its ${
          ansiOutputs(cell).join(", ")
        } output contains ANSI escape codes (is NO_COLOR=1 set for the kernel?)`,
      );
    }
    const reply = replyErrors.find((error) => error.cell === index);
    if (reply !== undefined && !failed) {
      report("error", `${reply.ename}: ${reply.evalue}`);
    }
    const before = committed.cells[index]?.outputs ?? [];
    if (outputs.length === 0 && before.length > 0) {
      const shown = before.map((output) => output.output_type).join(", ");
      report(
        "missing-output",
        `produced no output, the committed notebook shows ${shown}`,
      );
    }
  });
  return problems;
}

/**
 * The text outputs of a cell that contain ANSI escape codes, by kind
 * (`stream`, `execute_result`, …): committed notebooks must read cleanly
 * outside a terminal.
 *
 * @param cell A notebook cell.
 * @returns The output types with escape codes; empty when the cell is clean.
 *
 * @example A string value shown in colour
 * ```ts
 * import assert from "node:assert/strict";
 * import { ansiOutputs } from "./jupyter.ts";
 * const value = { output_type: "execute_result", data: { "text/plain": "\x1b[32m\"ok\"\x1b[39m" } };
 * assert.deepEqual(ansiOutputs({ cell_type: "code", source: "", outputs: [value] }), ["execute_result"]);
 * ```
 */
export function ansiOutputs(cell: NotebookCell): string[] {
  const found: string[] = [];
  for (const output of cell.outputs ?? []) {
    const texts = [
      output.text ?? "",
      ...Object.entries(output.data ?? {})
        .filter(([mime]) => mime.startsWith("text/"))
        .map(([, value]) => value),
    ];
    if (texts.some((value) => text(value).includes("\x1b["))) {
      found.push(output.output_type);
    }
  }
  return found;
}

/**
 * Lists the notebooks of a folder, sorted by name.
 *
 * @param folder The folder, e.g. `notebooks`.
 * @returns Paths of the `.ipynb` files directly in `folder`; none when it is missing.
 *
 * @example List the course notebooks
 * ```ts
 * import { listNotebooks } from "./jupyter.ts";
 * import assert from "node:assert/strict";
 *
 * const paths = await listNotebooks("notebooks");
 * assert.ok(paths.every((path) => path.endsWith(".ipynb")));
 * ```
 */
export async function listNotebooks(folder: string): Promise<string[]> {
  const paths: string[] = [];
  try {
    for await (const entry of Deno.readDir(folder)) {
      if (entry.isFile && entry.name.endsWith(".ipynb")) {
        paths.push(join(folder, entry.name));
      }
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  return paths.sort();
}

/** The environment of every Jupyter process started here (added to ours). */
function jupyterEnv(): Record<string, string> {
  const path = Deno.env.get("JUPYTER_PATH");
  return {
    // Keeps debugpy's frozen-modules warning out of every Python run.
    PYDEVD_DISABLE_FILE_VALIDATION: "1",
    JUPYTER_PATH: path ? `${PROJECT_JUPYTER_DIR}:${path}` : PROJECT_JUPYTER_DIR,
    // Connection files of the kernels started here stay in the checkout.
    JUPYTER_RUNTIME_DIR: join(dirname(PROJECT_JUPYTER_DIR), "runtime"),
    // Values the kernel shows (a string as a cell's value) come without ANSI
    // colour codes, whatever the kernelspec says.
    NO_COLOR: "1",
  };
}

/** A text value as one string; a value that is not text (JSON data) is "". */
function text(value: unknown): string {
  if (typeof value === "string") return value;
  return Array.isArray(value) && value.every((line) => typeof line === "string")
    ? value.join("")
    : "";
}

function firstLine(value: string): string {
  const line = value.trim().split("\n")[0] ?? "";
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

function lastLine(value: string): string {
  return value.trim().split("\n").at(-1) ?? "";
}

/** The last `count` lines worth showing of a process's stderr. */
function lastLines(value: string, count: number): string[] {
  return value.split("\n")
    .map((line) => stripAnsi(line).trim())
    // Deno prints this whenever the kernel starts.
    .filter((line) =>
      line !== "" && !/"deno jupyter" is unstable/.test(line) &&
      !line.startsWith("_execute_notebook.py: kernel pid")
    )
    .slice(-count);
}

function stripAnsi(value: string): string {
  // deno-lint-ignore no-control-regex
  return value.replace(/\x1b\[[0-9;]*m/g, "");
}

/** The interpreter named on the `#!` line of the file at `path`. */
async function shebangOf(path: string | null): Promise<string | undefined> {
  if (path === null) return undefined;
  const buffer = new Uint8Array(200);
  let read: number | null;
  try {
    using file = await Deno.open(path);
    read = await file.read(buffer);
  } catch {
    return undefined;
  }
  const head = new TextDecoder().decode(buffer.subarray(0, read ?? 0));
  const match = head.match(/^#!\s*(\S+)(?:\s+(\S+))?/);
  if (!match) return undefined;
  // `#!/usr/bin/env python3` names the interpreter in its argument.
  return match[1]!.endsWith("/env") ? match[2] : match[1];
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}
