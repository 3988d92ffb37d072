/**
 * Executes notebooks in Jupyter with the Deno kernel and writes their fresh
 * outputs back in place, so that the committed notebooks show current numbers
 * and charts. Uses the same executor and checks as `tests/notebooks_test.ts`.
 *
 * A notebook with an error, an uncaught error or an unhandled rejection is left
 * untouched and the command exits 1. A cell that had an output and now has none
 * (after one retry) is written anyway and reported, since editing a cell can
 * legitimately remove its output: look at those cells.
 *
 * A fault (Jupyter or the kernel missing or failing to start, the kernel
 * dying, a cell running past `--timeout`, a notebook that cannot be written)
 * stops the run with one line on stderr and exit 2; the notebooks refreshed
 * before it stay written. SIGINT and SIGTERM stop Jupyter and its kernel and
 * exit 130 and 143. A notebook is replaced by a rename, never half-written.
 *
 * Usage: `deno task notebooks [--timeout S] [--kernel NAME] [NOTEBOOK …]`,
 * see {@linkcode HELP}.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import {
  checkNotebook,
  findJupyter,
  KERNEL_NAME,
  listNotebooks,
  NotebookFault,
  readNotebook,
} from "../src/notebook/jupyter.ts";
import {
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import {
  print as printLine,
  readCommandLine,
  warn as warnLine,
} from "./_output.ts";
import { printable } from "../src/validate.ts";

const NOTEBOOKS = join(import.meta.dirname!, "..", "notebooks");

/**
 * Every line this command prints names notebooks' files, cells and errors,
 * which may hold escape sequences: their control characters are written as
 * `\u` escapes, so that none reaches the terminal.
 */
function print(text: string): void {
  printLine(printable(text));
}

/** As {@linkcode print}, on stderr. */
function warn(text: string): void {
  warnLine(printable(text));
}

/** The text of `deno task notebooks --help`. */
export const HELP =
  `Usage: deno task notebooks [--timeout S] [--kernel NAME] [NOTEBOOK ...]

Executes notebooks in Jupyter with the Deno kernel and writes their fresh
outputs back in place. A NOTEBOOK is a path to an .ipynb file, or the name of
one in notebooks/ with or without .ipynb (01_minimax); default: every
notebook in notebooks/, in order.

Options:
  --timeout S    seconds a cell may run before its kernel is stopped, an
                 integer in 1…86400 (default 600)
  --kernel NAME  the Jupyter kernelspec to run (default ${KERNEL_NAME})
  -h, --help     this text

Exit status:
  0    every notebook refreshed
  1    some notebooks failed their checks (an error or an uncaught error in
       a cell) and were left unchanged; the others were refreshed
  2    a bad command line, or a fault: Jupyter or the kernel missing or not
       starting, the kernel dying, a cell past --timeout, a notebook that
       cannot be read or written. The run stops; notebooks refreshed before
       stay written
  130  SIGINT, 143  SIGTERM: Jupyter and its kernel are stopped; notebooks
       refreshed before stay written, the one running is left unchanged`;

/** The command line of {@linkcode runNotebooks}. */
export interface NotebooksOptions {
  help: boolean;
  /** Seconds a cell may run. */
  timeout: number;
  kernel: string;
  /** Notebook paths or names as given; empty for all of `notebooks/`. */
  notebooks: string[];
}

/**
 * Reads the command line of `deno task notebooks`.
 *
 * @param args The arguments.
 * @returns The options.
 * @throws {UsageError} naming the bad argument.
 *
 * @example A timeout and one notebook
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseNotebooksArgs } from "./run_notebooks.ts";
 *
 * const options = parseNotebooksArgs(["--timeout", "30", "01_minimax"]);
 * assert.equal(options.timeout, 30);
 * assert.deepEqual(options.notebooks, ["01_minimax"]);
 * assert.throws(() => parseNotebooksArgs(["--timeout", "0"]), /--timeout/);
 * assert.equal(parseNotebooksArgs(["--kernel=deno2"]).kernel, "deno2");
 * assert.throws(() => parseNotebooksArgs(["--kernel", "--timeout", "5"]), /--kernel needs a value, got the flag "--timeout"/);
 * ```
 */
export function parseNotebooksArgs(args: readonly string[]): NotebooksOptions {
  const options: NotebooksOptions = {
    help: false,
    timeout: 600,
    kernel: KERNEL_NAME,
    notebooks: [],
  };
  const flags = new FlagsOnce("notebooks");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    // `--timeout 5` and `--timeout=5` alike, as every command takes them;
    // `--kernel --timeout 5` names the flag, not a kernel "--timeout".
    const value = (flag: string) => {
      const [text, next] = flagValue("notebooks", args, i, flag);
      i = next;
      return text;
    };
    if (arg === "-h" || arg === "--help") options.help = true;
    else if (isFlag(arg, "--timeout")) {
      options.timeout = integerValue(
        "notebooks",
        "--timeout",
        value("--timeout"),
        5,
        1,
        86_400,
        "an integer in 1…86400 (seconds)",
      );
    } else if (isFlag(arg, "--kernel")) {
      const name = value("--kernel");
      if (!/^[\w.-]+$/.test(name)) {
        throw new UsageError(
          `notebooks: --kernel must be a kernelspec name (letters, digits, _ . -), got ${
            JSON.stringify(name)
          }`,
        );
      }
      options.kernel = name;
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(
        `notebooks: unknown argument ${JSON.stringify(arg)}`,
      );
    } else options.notebooks.push(arg);
  }
  return options;
}

/** The file a notebook argument means: a path, or a name in `notebooks/`. */
async function notebookFile(arg: string): Promise<string> {
  const candidates = [
    arg,
    join(NOTEBOOKS, arg),
    join(NOTEBOOKS, `${arg}.ipynb`),
  ];
  for (const path of candidates) {
    try {
      if ((await Deno.stat(path)).isFile) return path;
    } catch { /* try the next */ }
  }
  throw new NotebookFault(
    "read",
    null,
    `no notebook ${
      JSON.stringify(arg)
    } (neither a file nor a name in ${NOTEBOOKS})`,
  );
}

/**
 * Replaces `target` with `source` by a rename in `target`'s folder, so that
 * an interruption leaves either the old or the new file, never a part.
 */
async function replaceFile(source: string, target: string): Promise<void> {
  const temp = join(
    dirname(target),
    `.${basename(target)}.${Deno.pid}.tmp`,
  );
  try {
    await Deno.copyFile(source, temp);
    await Deno.rename(temp, target);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw new NotebookFault(
      "exit",
      null,
      `cannot write ${target}: ${(error as Error).message}`,
    );
  }
}

/** Fails now, before any notebook runs, when `target` could not be replaced. */
async function checkWritable(target: string): Promise<void> {
  const probe = join(dirname(target), `.${basename(target)}.${Deno.pid}.tmp`);
  try {
    (await Deno.open(probe, { write: true, createNew: true })).close();
    await Deno.remove(probe);
  } catch (error) {
    throw new NotebookFault(
      "exit",
      null,
      `cannot write ${target}: ${(error as Error).message}`,
    );
  }
}

/**
 * Refreshes the notebooks of a command line (all of `notebooks/` when none is
 * given); see {@linkcode HELP} for the options and exit status. Work is
 * bounded by the number of notebooks times (kernel start-up + cells ×
 * `--timeout`), twice when a notebook only lost outputs.
 *
 * @param args The command line.
 * @param signal Stops the run (Jupyter and its kernel with it); the promise
 *   then rejects with the signal's reason.
 * @returns The process exit code, see {@linkcode HELP}.
 *
 * @example Refresh one notebook
 * ```ts ignore
 * import { runNotebooks } from "./run_notebooks.ts";
 *
 * Deno.exit(await runNotebooks(["notebooks/01_minimax.ipynb"]));
 * ```
 */
export async function runNotebooks(
  args: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  const options = readCommandLine(parseNotebooksArgs, args, HELP);
  if (typeof options === "number") return options;
  let temp: string | undefined;
  // A closed stdout exits in print, past the finally below: unload still runs.
  const removeTemp = () => {
    if (temp !== undefined) Deno.removeSync(temp, { recursive: true });
  };
  addEventListener("unload", removeTemp);
  try {
    const notebooks = options.notebooks.length > 0
      ? await Promise.all(options.notebooks.map(notebookFile))
      : await listNotebooks(NOTEBOOKS);
    if (notebooks.length === 0) {
      warn(`notebooks: no notebooks in ${NOTEBOOKS}`);
      return 2;
    }
    for (const notebook of notebooks) {
      await readNotebook(notebook);
      await checkWritable(notebook);
    }
    const setup = await findJupyter(options.kernel);
    signal?.throwIfAborted();
    if ("reason" in setup) {
      warn(`notebooks: cannot run notebooks: ${setup.reason}`);
      return 2;
    }
    temp = await Deno.makeTempDir({ prefix: "run_notebooks_" });
    let failures = 0;
    let refreshed = 0;
    for (const [index, notebook] of notebooks.entries()) {
      const name = basename(notebook);
      const output = join(temp, `${index}_${name}`);
      const started = performance.now();
      print(`[${index + 1}/${notebooks.length}] ${name} ...`);
      let check;
      try {
        check = await checkNotebook(setup, notebook, {
          output,
          timeout: options.timeout,
          kernel: options.kernel,
          signal,
        });
      } catch (error) {
        if (!(error instanceof NotebookFault)) throw error;
        warn(
          `notebooks: ${error.message}; stopped, ${name} left unchanged, ${refreshed} notebook(s) refreshed before it`,
        );
        return 2;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const fatal = check.problems.filter((problem) =>
        problem.kind !== "missing-output"
      );
      if (fatal.length > 0) {
        failures++;
        warn(`  FAILED after ${seconds} s, ${name} left unchanged:`);
        for (const problem of fatal) warn(`    ${problem.message}`);
        continue;
      }
      signal?.throwIfAborted();
      try {
        await replaceFile(output, notebook);
      } catch (error) {
        warn(
          `notebooks: ${
            (error as Error).message
          }; stopped, ${refreshed} notebook(s) refreshed before it`,
        );
        return 2;
      }
      refreshed++;
      print(`  refreshed in ${seconds} s`);
      for (const problem of check.problems) {
        warn(`  warning: ${problem.message}`);
      }
    }
    print(`${refreshed} notebook(s) refreshed, ${failures} failed`);
    return failures === 0 ? 0 : 1;
  } catch (error) {
    if (signal?.aborted || !(error instanceof NotebookFault)) throw error;
    warn(`notebooks: ${error.message}`);
    return 2;
  } finally {
    removeEventListener("unload", removeTemp);
    if (temp !== undefined) {
      await Deno.remove(temp, { recursive: true }).catch(() => {});
    }
  }
}

/** Exit status for a signal: 128 + its number. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

if (import.meta.main) {
  const controller = new AbortController();
  let stoppedBy: keyof typeof SIGNAL_EXIT | undefined;
  for (const name of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(name, () => {
      if (stoppedBy !== undefined) return;
      stoppedBy = name;
      warn(`notebooks: ${name}, stopping Jupyter and its kernel`);
      controller.abort(new Error(name));
    });
  }
  let code: number;
  try {
    code = await runNotebooks(Deno.args, controller.signal);
  } catch (error) {
    if (stoppedBy === undefined) {
      warn(`notebooks: ${(error as Error).message ?? String(error)}`);
    }
    code = 2;
  }
  Deno.exit(stoppedBy === undefined ? code : SIGNAL_EXIT[stoppedBy]);
}
