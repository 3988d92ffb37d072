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
 * The bundle's one other imports are the Node built-ins that the library's
 * modules a submission imports load (`node:path`, `node:url`, and Deno's
 * Node compatibility for `npm:chess.js`, {@linkcode nodeBuiltinsOf}),
 * imported for their initialisation only, first: Deno initialises its Node
 * compatibility lazily, and that initialisation writes to built-ins, which
 * after the freeze throws. The checks use none of them.
 *
 * @module
 */

import { commandOutput } from "../command_output.ts";
import { moduleGraph } from "./_module_graph.ts";

/** Options of {@linkcode bundleChecker}. */
export interface BundleOptions {
  /** Milliseconds `deno info` and `deno bundle` may each take (default 120,000). */
  timeoutMs?: number;
  /** Stops the bundling (the running `deno` is killed; rejects with the reason). */
  signal?: AbortSignal;
  /**
   * The modules a submission may import (relative to `root`, e.g. `mod.ts`):
   * the bundle imports, before anything else, the Node built-ins their
   * graphs use ({@linkcode nodeBuiltinsOf}), so that Deno's Node
   * compatibility has initialised before the child freezes the built-ins
   * (default none).
   */
  libraryModules?: readonly string[];
}

/** Milliseconds a `deno info` or `deno bundle` of the grader's may take. */
export const TOOL_TIMEOUT_MS = 120_000;

/**
 * The Node built-ins (`node:…`) that the graphs of `modules` load, in the
 * order found: those they import, and `node:process` and `node:module`
 * when they use an npm package. Deno initialises its Node compatibility
 * lazily, on the first `node:` module or npm package loaded, and that
 * initialisation writes to the built-ins (`buildAllowedFlags` in
 * `node:process` sets a `Set` subclass's `Symbol.iterator`, `node:buffer`
 * sets `Buffer.of`, …): loaded after `hardenIntrinsics`, it throws on the
 * frozen built-ins, so a submission that imports `../mod.ts` (whose graph
 * imports `node:path`, `node:url` and `npm:chess.js`) would not load. The
 * child's bundle imports these first, so that they initialise before the
 * freeze.
 *
 * @param root the project's folder (with a trailing slash)
 * @param modules modules relative to `root`
 * @param limits `deno info`'s time limit and a signal that stops it
 * @throws {Error} when `deno info` fails
 *
 * @example The library's root module, which notebooks and submissions import
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileURLToPath } from "node:url";
 * import { nodeBuiltinsOf } from "./_checker_bundle.ts";
 * const root = fileURLToPath(new URL("../../", import.meta.url));
 * assert.deepEqual(
 *   (await nodeBuiltinsOf(root, ["mod.ts"])).sort(),
 *   ["node:module", "node:path", "node:process", "node:url"],
 * );
 * ```
 */
export async function nodeBuiltinsOf(
  root: string,
  modules: readonly string[],
  limits: { timeoutMs: number; signal?: AbortSignal } = {
    timeoutMs: TOOL_TIMEOUT_MS,
  },
): Promise<string[]> {
  const found = new Set<string>();
  for (const module of modules) {
    const read = await moduleGraph(
      `${root}${module}`,
      `${root}deno.json`,
      limits,
    );
    if ("failure" in read) {
      throw new Error(
        `grade: the library's modules cannot be listed: ${read.failure}`,
      );
    }
    const specifiers = read.graph.modules.map(({ specifier }) => specifier);
    if (specifiers.some((specifier) => specifier.startsWith("npm:"))) {
      // Deno loads an npm package through node:module, which loads
      // node:process.
      found.add("node:process");
      found.add("node:module");
    }
    for (const specifier of specifiers) {
      if (/^node:[a-z_/]+$/.test(specifier)) found.add(specifier);
    }
  }
  return [...found];
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
 * @returns the bundle's source, which exports nothing and imports only the
 *   submission and, for their initialisation, the Node built-ins of
 *   `options.libraryModules`
 * @throws {Error} when `deno info` or `deno bundle` fails or runs past its
 *   time limit, when a module of the graph lies outside `root`, or when the
 *   bundle still exports or imports something else
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
    timeoutMs: options.timeoutMs ?? TOOL_TIMEOUT_MS,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const config = `${root}deno.json`;
  const read = await moduleGraph(`${root}${child}`, config, limits);
  if ("failure" in read) {
    throw new Error(
      `grade: the checks' modules cannot be listed: ${read.failure}`,
    );
  }
  const graph = read.graph;
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
  // First, so that they initialise before the child freezes the built-ins.
  const builtins = await nodeBuiltinsOf(
    root,
    options.libraryModules ?? [],
    limits,
  );
  const lines = [
    ...builtins.map((name) => `import ${JSON.stringify(name)};`),
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
    // another module: no export, and no import but the submission's and
    // the Node built-ins' imported for their initialisation alone (the
    // checks use none: a module of theirs that did would import it by
    // name).
    const allowed = new Set(
      builtins.map((name) => `import ${JSON.stringify(name)};`),
    );
    for (const match of source.matchAll(/^\s*(export\b.*|import\b.*)$/gm)) {
      const line = match[1]!.trim();
      if (line.startsWith('import("./submission.ts")')) continue;
      if (allowed.has(line)) continue;
      throw new Error(
        `grade: the checks' bundle is not self-contained: ${match[1]}`,
      );
    }
    return source;
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
