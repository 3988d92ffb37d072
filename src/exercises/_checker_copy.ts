/**
 * The grader's private copy of its checks. A submission may import the
 * course's library (`../src/…`), and a module imported twice by one URL is
 * one instance: a submission that imported the exercises' registry could
 * replace the judge the checks call, and pass. The grader's subprocess
 * therefore loads the checks, and every library module they use, from a
 * copy of those files in a folder of its own, which a submission may not
 * import (the import rule allows `../mod.ts` and `../src/` only, and the
 * subprocess may read no file): the two sides share no module of the
 * library. What they still share (the built-ins, fast-check's one npm
 * instance, the prototypes of the objects the checks hand a submission) is
 * frozen before the submission loads (see `_grade_child.ts`).
 *
 * @module
 */

import { commandOutput } from "../command_output.ts";

/** A copy of the checks' module graph. */
export interface CheckerCopy {
  /** The folder the files were copied into (inside the project, so that deno.json applies). */
  dir: string;
  /** The copied modules' paths relative to the project, in the graph's order. */
  files: string[];
}

/**
 * Copies the local modules `entry` imports, directly or not, into a new
 * folder `.grading-checks-*` of `root`, each at its path relative to
 * `root`; the caller removes the folder.
 *
 * @param root the project's folder (with a trailing slash)
 * @param entry the module whose graph is copied, relative to `root`
 * @returns the folder and the copied files
 * @throws {Error} when `deno info` cannot read the graph, or a module of it
 *   lies outside `root`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { copyChecker } from "./_checker_copy.ts";
 * const root = `${await Deno.makeTempDir()}/`;
 * await Deno.writeTextFile(`${root}deno.json`, "{}");
 * await Deno.mkdir(`${root}src`);
 * await Deno.writeTextFile(`${root}src/a.ts`, 'export { b } from "./b.ts";\n');
 * await Deno.writeTextFile(`${root}src/b.ts`, "export const b = 1;\n");
 * try {
 *   const copy = await copyChecker(root, "src/a.ts");
 *   assert.deepEqual(copy.files.sort(), ["src/a.ts", "src/b.ts"]);
 *   assert.ok(copy.dir.startsWith(`${root}.grading-checks-`));
 *   assert.equal(await Deno.readTextFile(`${copy.dir}/src/b.ts`), "export const b = 1;\n");
 * } finally {
 *   await Deno.remove(root, { recursive: true });
 * }
 * ```
 */
export async function copyChecker(
  root: string,
  entry: string,
): Promise<CheckerCopy> {
  const run = await commandOutput(Deno.execPath(), [
    "info",
    "--json",
    "--no-remote",
    `--config=${root}deno.json`,
    `${root}${entry}`,
  ]);
  if (!run.success) {
    throw new Error(
      `grade: the checks' modules cannot be listed: ${run.stderr.trim()}`,
    );
  }
  const graph = JSON.parse(run.stdout) as {
    modules: { specifier: string }[];
  };
  const rootUrl = new URL(`file://${root}`).href;
  const files: string[] = [];
  for (const { specifier } of graph.modules) {
    if (!specifier.startsWith("file:")) continue; // npm: shared, frozen
    if (!specifier.startsWith(rootUrl)) {
      throw new Error(
        `grade: the checks import ${specifier}, outside the project ${root}`,
      );
    }
    files.push(decodeURIComponent(specifier.slice(rootUrl.length)));
  }
  const dir = await Deno.makeTempDir({ dir: root, prefix: ".grading-checks-" });
  try {
    for (const file of files) {
      const target = `${dir}/${file}`;
      await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), {
        recursive: true,
      });
      await Deno.copyFile(`${root}${file}`, target);
    }
  } catch (error) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  return { dir, files };
}
