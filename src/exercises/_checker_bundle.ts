/**
 * The grader's subprocess as one self-contained module. A submission runs in
 * the same process as the checks that judge it, and Deno loads a module once
 * per URL: a submission that could name any module of the checks (the
 * exercises' registry, fast-check) would get the very instance that judges
 * it, and could replace a judge or install a fast-check plugin that declares
 * every run a success. A private copy of the files is not enough: the
 * copy's path shows in the entry module's text (the main module is readable
 * without permission, by a dynamic import whose path `deno info` cannot see)
 * and in a stack trace, and a module already loaded is imported again
 * without permission.
 *
 * So the subprocess's entry, the checks, every library module they use and
 * fast-check are bundled into one module (`deno bundle`) that exports
 * nothing: no module of the checks exists on its own, so none can be
 * imported again, and the one module there is gives nothing to its
 * importer. A submission that imports the library (`../mod.ts`, `../src/…`)
 * gets its own instances, fast-check's included. What the two sides still
 * share (the built-ins, the prototypes of the objects the checks hand a
 * submission) is frozen before the submission loads (see `_grade_child.ts`).
 *
 * @module
 */

import { commandOutput } from "../command_output.ts";

/** Options of {@linkcode bundleChecker}. */
export interface BundleOptions {
  /** Milliseconds `deno info` and `deno bundle` may each take (default 120,000). */
  timeoutMs?: number;
  /** Stops the bundling (the running `deno` is killed; rejects with the reason). */
  signal?: AbortSignal;
}

/**
 * The text of one module that imports every local module of `child`'s
 * graph, bundled with them and the npm packages they use, and runs
 * `runGradeChild` (which `child` exports) on `import("./submission.ts")`
 * (the one import left, relative to where the bundle is written), with
 * `Deno.args` and the namespaces of those modules (whose exports it freezes).
 *
 * @param root the project's folder (with a trailing slash), whose deno.json
 *   resolves the npm packages
 * @param child the subprocess's module, relative to `root`
 * @param options {@linkcode BundleOptions}
 * @returns the bundle's source, which exports nothing
 * @throws {Error} when `deno info` or `deno bundle` fails or runs past its
 *   time limit, when a module of the graph lies outside `root`, or when the
 *   bundle still exports or imports something
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundleChecker } from "./_checker_bundle.ts";
 * const root = `${await Deno.makeTempDir()}/`;
 * await Deno.writeTextFile(`${root}deno.json`, "{}");
 * await Deno.writeTextFile(
 *   `${root}child.ts`,
 *   `export { b } from "./b.ts";
 * export async function runGradeChild(load: () => Promise<unknown>, args: string[], shared: object[]) {
 *   console.log(shared.length, Object.keys(await load()), args);
 * }\n`,
 * );
 * await Deno.writeTextFile(`${root}b.ts`, "export const b = 1;\n");
 * try {
 *   const source = await bundleChecker(root, "child.ts");
 *   assert.doesNotMatch(source, /^\s*(export|import)\b/m);
 *   await Deno.writeTextFile(`${root}entry.js`, source);
 *   await Deno.writeTextFile(`${root}submission.ts`, "export const mex = 0;\n");
 *   const run = await new Deno.Command(Deno.execPath(), {
 *     args: ["run", "--quiet", "--no-config", `${root}entry.js`, "x"],
 *   }).output();
 *   assert.equal(new TextDecoder().decode(run.stdout), `2 [ "mex" ] [ "x" ]\n`);
 * } finally {
 *   await Deno.remove(root, { recursive: true });
 * }
 * ```
 */
export async function bundleChecker(
  root: string,
  child: string,
  options: BundleOptions = {},
): Promise<string> {
  const limits = {
    timeoutMs: options.timeoutMs ?? 120_000,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const config = `${root}deno.json`;
  const info = await commandOutput(Deno.execPath(), [
    "info",
    "--json",
    "--no-remote",
    `--config=${config}`,
    `${root}${child}`,
  ], limits);
  if (!info.success) {
    throw new Error(
      `grade: the checks' modules cannot be listed: ${info.stderr.trim()}`,
    );
  }
  const graph = JSON.parse(info.stdout) as { modules: { specifier: string }[] };
  const rootUrl = new URL(`file://${root}`).href;
  const modules: string[] = [];
  for (const { specifier } of graph.modules) {
    if (!specifier.startsWith("file:")) continue;
    if (!specifier.startsWith(rootUrl)) {
      throw new Error(
        `grade: the checks import ${specifier}, outside the project ${root}`,
      );
    }
    modules.push(specifier);
  }
  const childUrl = new URL(`file://${root}${child}`).href;
  const lines = [
    `import { runGradeChild } from ${JSON.stringify(childUrl)};`,
    ...modules.map((url, i) =>
      `import * as m${i} from ${JSON.stringify(url)};`
    ),
    `await runGradeChild(() => import("./submission.ts"), Deno.args, [${
      modules.map((_, i) => `m${i}`).join(", ")
    }]);`,
  ];
  const dir = await Deno.makeTempDir({ prefix: "grading-bundle-" });
  try {
    await Deno.writeTextFile(`${dir}/entry.ts`, lines.join("\n") + "\n");
    const run = await commandOutput(Deno.execPath(), [
      "bundle",
      "--quiet",
      `--config=${config}`,
      "--platform=deno",
      "--no-remote",
      "--external=./submission.ts",
      `--output=${dir}/entry.js`,
      `${dir}/entry.ts`,
    ], limits);
    if (!run.success) {
      throw new Error(
        `grade: the checks cannot be bundled: ${run.stderr.trim()}`,
      );
    }
    const source = await Deno.readTextFile(`${dir}/entry.js`);
    // Nothing of the checks may be importable again, nor shared with
    // another module: no export, and no import but the submission's.
    const left = /^\s*(export\b.*|import\b(?!\("\.\/submission\.ts"\)).*)$/m
      .exec(source);
    if (left !== null) {
      throw new Error(
        `grade: the checks' bundle is not self-contained: ${left[1]}`,
      );
    }
    return source;
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
