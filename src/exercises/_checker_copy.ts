/**
 * The grader's private copy of its checks. A submission may import the
 * course's library (`../src/…`), and a module imported twice by one URL is
 * one instance: a submission that imported the exercises' registry could
 * replace the judge the checks call, and pass. The grader's subprocess
 * therefore loads the checks, and every library module they use, from a
 * copy of those files in a folder of its own, which a submission may not
 * import (the import rule allows `../mod.ts` and `../src/` only, and the
 * subprocess may read no file): the two sides share no module of the
 * library. The npm packages the checks use (fast-check, and pure-rand under
 * it) are copied too, from Deno's cache into the copy's `_npm/` folder with
 * their imports rewritten as relative paths: Deno loads one instance of an
 * npm package for both sides, and an arbitrary that a submission gets from
 * its own copy of the library leads to fast-check's internal classes, whose
 * methods the checks' arbitraries would share. What the two sides still
 * share (the built-ins, the prototypes of the objects the checks hand a
 * submission) is frozen before the submission loads (see `_grade_child.ts`).
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
 * folder `.grading-checks-<pid>-*` of `root`, each at its path relative to
 * `root`, and the npm packages they import into its `_npm/` folder (their
 * bare imports in the copied modules rewritten to the copies); the caller
 * removes the folder.
 *
 * @param root the project's folder (with a trailing slash)
 * @param entry the module whose graph is copied, relative to `root`
 * @returns the folder and the copied files
 * @throws {Error} when `deno info` cannot read the graph, a module of it
 *   lies outside `root`, or an npm package is not in Deno's cache or has no
 *   file for a subpath imported
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
 *   assert.ok(copy.dir.startsWith(`${root}.grading-checks-${Deno.pid}-`));
 *   assert.equal(await Deno.readTextFile(`${copy.dir}/src/b.ts`), "export const b = 1;\n");
 * } finally {
 *   await Deno.remove(root, { recursive: true });
 * }
 * ```
 */
export async function copyChecker(
  root: string,
  entry: string,
  signal?: AbortSignal,
): Promise<CheckerCopy> {
  const run = await commandOutput(Deno.execPath(), [
    "info",
    "--json",
    "--no-remote",
    `--config=${root}deno.json`,
    `${root}${entry}`,
  ], { timeoutMs: 120_000, ...(signal ? { signal } : {}) });
  if (!run.success) {
    throw new Error(
      `grade: the checks' modules cannot be listed: ${run.stderr.trim()}`,
    );
  }
  const graph = JSON.parse(run.stdout) as {
    modules: { specifier: string; npmPackage?: string }[];
    npmPackages?: Record<string, NpmPackage>;
  };
  const rootUrl = new URL(`file://${root}`).href;
  const files: string[] = [];
  const npm: string[] = [];
  for (const { specifier, npmPackage } of graph.modules) {
    if (npmPackage !== undefined) npm.push(npmPackage);
    if (!specifier.startsWith("file:")) continue;
    if (!specifier.startsWith(rootUrl)) {
      throw new Error(
        `grade: the checks import ${specifier}, outside the project ${root}`,
      );
    }
    files.push(decodeURIComponent(specifier.slice(rootUrl.length)));
  }
  const dir = await Deno.makeTempDir({
    dir: root,
    prefix: `.grading-checks-${Deno.pid}-`,
  });
  try {
    for (const file of files) {
      const target = `${dir}/${file}`;
      await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), {
        recursive: true,
      });
      await Deno.copyFile(`${root}${file}`, target);
    }
    const entries = await vendorPackages(dir, npm, graph.npmPackages ?? {});
    if (entries.size > 0) {
      for (const file of files) {
        const target = `${dir}/${file}`;
        const source = await Deno.readTextFile(target);
        const depth = file.split("/").length - 1;
        const up = depth === 0 ? "./" : "../".repeat(depth);
        await Deno.writeTextFile(
          target,
          rewriteImports(source, (specifier) => {
            const resolved = resolveBare(specifier, entries);
            return resolved === null ? null : `${up}${resolved}`;
          }),
        );
      }
    }
  } catch (error) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  return { dir, files };
}

/** What `deno info --json` says of an npm package. */
interface NpmPackage {
  name: string;
  version: string;
  dependencies: string[];
  localPath?: string;
}

/** A vendored package: its folder in the copy, relative to it, and its package.json. */
interface Vendored {
  folder: string;
  manifest: Record<string, unknown>;
}

/** The folder of the copy that holds its own copy of the npm packages. */
const NPM_FOLDER = "_npm";

/**
 * Copies the JavaScript files of the npm packages `ids` and of the packages
 * they depend on from Deno's cache into `dir/_npm/NAME@VERSION/`, their
 * imports of each other rewritten as relative paths, so that the checks
 * load an instance of fast-check (and of pure-rand) of their own, which no
 * submission can reach: a submission that imports the library gets the one
 * npm instance, and an arbitrary of the library leads to fast-check's
 * internal classes. Returns the packages by name.
 */
async function vendorPackages(
  dir: string,
  ids: readonly string[],
  packages: Record<string, NpmPackage>,
): Promise<Map<string, Vendored>> {
  const all = new Map<string, NpmPackage>();
  const pending = [...ids];
  while (pending.length > 0) {
    const id = pending.pop()!;
    const info = packages[id];
    if (info === undefined || info.localPath === undefined) {
      throw new Error(`grade: the npm package ${id} is not in Deno's cache`);
    }
    if (all.has(info.name)) continue;
    all.set(info.name, info);
    pending.push(...info.dependencies);
  }
  const vendored = new Map<string, Vendored>();
  const copied: [string, string][] = [];
  for (const info of all.values()) {
    const folder = `${NPM_FOLDER}/${info.name}@${info.version}`;
    const manifest = JSON.parse(
      await Deno.readTextFile(`${info.localPath}/package.json`),
    ) as Record<string, unknown>;
    vendored.set(info.name, { folder, manifest });
    for (const file of await javaScriptFiles(info.localPath!)) {
      const target = `${dir}/${folder}/${file}`;
      await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), {
        recursive: true,
      });
      await Deno.copyFile(`${info.localPath}/${file}`, target);
      copied.push([target, `${folder}/${file}`]);
    }
  }
  for (const [target, path] of copied) {
    const depth = path.split("/").length - 1;
    const up = "../".repeat(depth);
    const source = await Deno.readTextFile(target);
    await Deno.writeTextFile(
      target,
      rewriteImports(source, (specifier) => {
        const resolved = resolveBare(specifier, vendored);
        return resolved === null ? null : `${up}${resolved}`;
      }),
    );
  }
  return vendored;
}

/** The `.js` and `.mjs` files under `folder`, relative to it. */
async function javaScriptFiles(folder: string, under = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(`${folder}/${under}`)) {
    const path = `${under}${entry.name}`;
    if (entry.isDirectory) {
      found.push(...await javaScriptFiles(folder, `${path}/`));
    } else if (entry.isFile && /\.m?js$/.test(entry.name)) found.push(path);
  }
  return found;
}

/**
 * `source` with each bare specifier of an import or export (`from "x"`,
 * `import "x"`, `import("x")`) that `resolve` knows replaced.
 */
function rewriteImports(
  source: string,
  resolve: (specifier: string) => string | null,
): string {
  return source.replace(
    /(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"'./][^"']*)\2/g,
    (whole, before: string, quote: string, specifier: string) => {
      const resolved = resolve(specifier);
      return resolved === null ? whole : `${before}${quote}${resolved}${quote}`;
    },
  );
}

/**
 * The path, relative to the copy, of the file a bare specifier (`fast-check`,
 * `pure-rand/generator/mersenne`) names in a vendored package, by its
 * package.json's `exports` (the `import` or `default` condition) or its
 * `module` or `main`; null for a package not vendored.
 */
function resolveBare(
  specifier: string,
  vendored: ReadonlyMap<string, Vendored>,
): string | null {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@")
    ? parts.slice(0, 2).join("/")
    : parts[0]!;
  const found = vendored.get(name);
  if (found === undefined) return null;
  const subpath = `.${specifier.slice(name.length)}`;
  const pick = (target: unknown): string | null => {
    if (typeof target === "string") return target;
    if (target === null || typeof target !== "object") return null;
    const conditions = target as Record<string, unknown>;
    for (const condition of ["import", "default"]) {
      if (condition in conditions) {
        const picked = pick(conditions[condition]);
        if (picked !== null) return picked;
      }
    }
    return null;
  };
  const { exports, module, main } = found.manifest;
  let target: string | null = null;
  if (exports !== undefined && exports !== null) {
    const map = typeof exports === "string" ||
        !Object.keys(exports).some((key) => key.startsWith("."))
      ? { ".": exports }
      : exports as Record<string, unknown>;
    target = pick((map as Record<string, unknown>)[subpath]);
  } else if (subpath === ".") {
    target = typeof module === "string"
      ? module
      : typeof main === "string"
      ? main
      : null;
  }
  if (target === null || !/\.m?js$/.test(target)) {
    throw new Error(
      `grade: cannot resolve ${specifier} in the npm package ${name}`,
    );
  }
  return `${found.folder}/${target.replace(/^\.\//, "")}`;
}
