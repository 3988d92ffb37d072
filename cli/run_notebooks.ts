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
 * Usage: `deno task notebooks [notebooks/01_minimax.ipynb …]` (default: all of
 * `notebooks/`).
 *
 * @module
 */
import { basename, join } from "node:path";
import { checkNotebook, findJupyter, listNotebooks } from "./_jupyter.ts";

/**
 * Refreshes the given notebooks (all of `notebooks/` when none is given).
 *
 * @param paths Notebook paths.
 * @returns The process exit code: 0 when every notebook was refreshed.
 *
 * @example Refresh one notebook
 * ```ts ignore
 * import { runNotebooks } from "./run_notebooks.ts";
 *
 * Deno.exit(await runNotebooks(["notebooks/01_minimax.ipynb"]));
 * ```
 */
export async function runNotebooks(paths: readonly string[]): Promise<number> {
  const setup = await findJupyter();
  if ("reason" in setup) {
    console.error(`Cannot run notebooks: ${setup.reason}`);
    return 1;
  }
  const notebooks = paths.length > 0
    ? [...paths]
    : await listNotebooks(join(import.meta.dirname!, "..", "notebooks"));
  if (notebooks.length === 0) {
    console.error("No notebooks to run");
    return 1;
  }
  const temp = await Deno.makeTempDir({ prefix: "run_notebooks_" });
  let failures = 0;
  for (const [index, notebook] of notebooks.entries()) {
    const name = basename(notebook);
    const output = join(temp, name);
    const started = performance.now();
    console.log(`[${index + 1}/${notebooks.length}] ${name} ...`);
    const check = await checkNotebook(setup, notebook, { output });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const fatal = check.problems.filter((problem) =>
      problem.kind !== "missing-output"
    );
    if (fatal.length > 0) {
      failures++;
      console.error(`  FAILED after ${seconds} s, ${name} left unchanged:`);
      for (const problem of fatal) console.error(`    ${problem.message}`);
      continue;
    }
    await Deno.copyFile(output, notebook);
    console.log(`  refreshed in ${seconds} s`);
    for (const problem of check.problems) {
      console.warn(`  warning: ${problem.message}`);
    }
  }
  await Deno.remove(temp, { recursive: true });
  console.log(
    `${notebooks.length - failures} notebook(s) refreshed, ${failures} failed`,
  );
  return failures === 0 ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await runNotebooks(Deno.args));
}
