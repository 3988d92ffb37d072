/**
 * Handed-in work as the grader reads it: the `.ts` modules and `.ipynb`
 * notebooks of a folder, a notebook turned into a module (its code cells in
 * order, and an export of every exercise function it defines), and the rule
 * of what a submission may import — the project's own library (`mod.ts` and
 * `src/`), nothing else: no other file (a JSON or text import would read
 * it), no package, no URL.
 *
 * @module
 */

import { describe } from "../validate.ts";
import { EXERCISES } from "./registry.ts";
import { moduleGraph } from "./_module_graph.ts";

/** A file of the folder that will be graded. */
export interface Submission {
  /** Its path relative to the folder, as the table shows it. */
  name: string;
  /** Its absolute path. */
  path: string;
  /** A module or a notebook. */
  kind: "module" | "notebook";
}

/** The largest file read as a submission. */
export const MAX_SUBMISSION_BYTES = 1 << 20;

/**
 * The `.ts` and `.ipynb` files under `dir`, sorted, hidden files and
 * folders skipped; symbolic links are not followed (a link could name any
 * file of the machine). `dir` may also be one such file.
 *
 * @param dir the folder, or one submission
 * @returns the submissions, sorted by name
 * @throws {Error} naming the folder when it cannot be read, or a file that
 *   is not a `.ts` module or an `.ipynb` notebook, or `dir` when it is a
 *   symbolic link
 */
export async function findSubmissions(dir: string): Promise<Submission[]> {
  const found: Submission[] = [];
  const info = await Deno.lstat(dir).catch(() => null);
  if (info?.isSymlink) {
    throw new Error(
      `grade: ${
        JSON.stringify(dir)
      } is a symbolic link, which the grader does not follow (a link could name any file of the machine): give the folder or file it leads to`,
    );
  }
  if (info?.isFile) {
    const name = dir.slice(dir.lastIndexOf("/") + 1);
    if (!/\.(ts|ipynb)$/.test(name)) {
      throw new Error(
        `grade: ${
          JSON.stringify(dir)
        } is neither a folder nor a .ts module or .ipynb notebook`,
      );
    }
    return [{
      name,
      path: dir,
      kind: name.endsWith(".ts") ? "module" : "notebook",
    }];
  }
  const walk = async (folder: string, prefix: string) => {
    for await (const entry of Deno.readDir(folder)) {
      if (entry.name.startsWith(".") || entry.isSymlink) continue;
      const path = `${folder}/${entry.name}`;
      const name = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory) {
        if (entry.name !== "node_modules") await walk(path, name);
      } else if (entry.isFile && /\.(ts|ipynb)$/.test(entry.name)) {
        found.push({
          name,
          path,
          kind: entry.name.endsWith(".ts") ? "module" : "notebook",
        });
      }
    }
  };
  try {
    await walk(dir.replace(/\/+$/, "") || "/", "");
  } catch (error) {
    throw new Error(
      `grade: cannot read the folder ${JSON.stringify(dir)}: ${
        (error as Error).message
      }`,
    );
  }
  return found.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** A submission that cannot be graded, and why: the grader reports it `refused`. */
export class RefusedSubmission extends Error {
  override name = "RefusedSubmission";
}

/**
 * The module a notebook's code cells make: their sources in order (each
 * ended by a line comment that also closes a block comment the cell left
 * open), then an
 * export of each exercise function the cells define at the top level
 * (`typeof` of a name never declared is `"undefined"`, not an error).
 *
 * @param text the notebook's JSON
 * @returns the module's source
 * @throws {RefusedSubmission} when the text is not a notebook (nbformat 4)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { notebookModule } from "./submissions.ts";
 * const notebook = { nbformat: 4, cells: [
 *   { cell_type: "markdown", source: "# Minimax" },
 *   { cell_type: "code", source: ["function mex(v: number[]) {\n", "  return 0;\n}"] },
 * ] };
 * const module = notebookModule(JSON.stringify(notebook));
 * assert.match(module, /^\/\/ cell 1\nfunction mex\(v: number\[\]\) \{\n  return 0;\n\}/);
 * assert.match(module, /mex: typeof mex === "function" \? mex : undefined/);
 * // A cell that leaves a block comment open does not swallow the export.
 * const open = notebookModule(JSON.stringify({ nbformat: 4, cells: [
 *   { cell_type: "code", source: "function mex(v: number[]) { return 0; }\n/*" },
 * ] }));
 * assert.match(open, /\/\*\n\/\/ \*\/\n/);
 * ```
 */
export function notebookModule(text: string): string {
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch (error) {
    throw new RefusedSubmission(
      `not a notebook: its JSON does not parse (${(error as Error).message})`,
    );
  }
  const cells = (notebook as { cells?: unknown })?.cells;
  const format = (notebook as { nbformat?: unknown })?.nbformat;
  if (format !== 4 || !Array.isArray(cells)) {
    throw new RefusedSubmission(
      `not a notebook of nbformat 4 with a list of cells (nbformat ${
        describe(format)
      })`,
    );
  }
  const sources: string[] = [];
  cells.forEach((cell, index) => {
    const { cell_type: type, source } = (cell ?? {}) as {
      cell_type?: unknown;
      source?: unknown;
    };
    if (type !== "code") return;
    const lines = typeof source === "string"
      ? source
      : Array.isArray(source) && source.every((s) => typeof s === "string")
      ? source.join("")
      : null;
    if (lines === null) {
      throw new RefusedSubmission(
        `cell ${index} has a source that is neither text nor a list of lines`,
      );
    }
    // A marker line, so that an error's line can be told as the cell's; and
    // after the cell, a line that ends a block comment the cell left open
    // (and is a line comment otherwise): Jupyter compiles each cell alone,
    // and a "/*" left open would swallow the cells after it, and the
    // grader's export.
    sources.push(`// cell ${index}\n${lines}\n// */`);
  });
  const exports = EXERCISES.map(({ id }) =>
    `  ${id}: typeof ${id} === "function" ? ${id} : undefined,`
  );
  return `${sources.join("\n\n")}\n\n` +
    `${GRADER_EXPORT}\n` +
    `export const __exercises = {\n${exports.join("\n")}\n};\n`;
}

/** The line before the export that {@linkcode notebookModule} adds. */
const GRADER_EXPORT =
  "// Added by the grader: the exercise functions the cells define.";

/** A submission whose code does not compile: the grader reports it `crashed`. */
export class UncompiledSubmission extends Error {
  override name = "UncompiledSubmission";
}

/**
 * Where line `line` of a submission's module is, for messages: `cell 2,
 * line 3` in a notebook's module (see {@linkcode notebookModule}), `line 3`
 * in a module.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { notebookModule, whereInSubmission } from "./submissions.ts";
 * const source = "// cell 0\nconst a = 1;\n\n// cell 2\nconst b = ;";
 * assert.equal(whereInSubmission(source, 5), "cell 2, line 1");
 * assert.equal(whereInSubmission("const b = ;", 1), "line 1");
 * const nb = notebookModule(JSON.stringify({ nbformat: 4, cells: [
 *   { cell_type: "code", source: "const __exercises = 1;" },
 * ] }));
 * const exportLine = nb.split("\n").findIndex((l) => l.startsWith("export const __exercises")) + 1;
 * assert.match(whereInSubmission(nb, exportLine), /^the grader's export after the cells/);
 * ```
 */
export function whereInSubmission(source: string, line: number): string {
  const lines = source.split("\n");
  for (let at = Math.min(line, lines.length) - 1; at >= 0; at--) {
    if (lines[at] === GRADER_EXPORT) {
      return "the grader's export after the cells (a cell declares __exercises)";
    }
    const marker = /^\/\/ cell (\d+)$/.exec(lines[at]!);
    if (marker) return `cell ${marker[1]}, line ${line - at - 1}`;
  }
  return `line ${line}`;
}

/** One import of a submission, as `deno info --json` resolves it. */
export interface ResolvedImport {
  /** As written in the code. */
  specifier: string;
  /** Where it resolves to (a `file:`, `npm:` or `https:` URL). */
  resolved: string;
  /** `json`, `text`, `bytes` … for an import with a type attribute. */
  attribute?: string;
  /** True for an import of types only (`import type`), erased at run time. */
  typeOnly?: boolean;
}

/**
 * Why an import breaks the rule, or null when it keeps it: a submission
 * imports only TypeScript modules of the project's library, `mod.ts` and
 * what is under `src/`, named plainly (no `%`, `?` or `#`, which Deno
 * decodes or drops when it loads) and where they really are (symbolic
 * links followed), and without a type attribute; and of the textbook
 * (`src/textbook/`, the course's reference solutions of the exercises) only
 * `moves.ts`, or types.
 *
 * @param imported the import, resolved
 * @param root the project's folder as a `file:` URL ending in `/`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { importBreaksRule } from "./submissions.ts";
 * const root = "file:///course/";
 * assert.equal(importBreaksRule({ specifier: "../mod.ts", resolved: "file:///course/mod.ts" }, root), null);
 * assert.match(
 *   importBreaksRule({ specifier: "/etc/passwd", resolved: "file:///etc/passwd", attribute: "text" }, root)!,
 *   /^it imports "\/etc\/passwd" as text/,
 * );
 * assert.match(
 *   importBreaksRule({ specifier: "../src/textbook/mod.ts", resolved: "file:///course/src/textbook/mod.ts" }, root)!,
 *   /the course's reference solutions of the exercises: a submission writes its own/,
 * );
 * assert.equal(importBreaksRule({ specifier: "../src/textbook/uct.ts", resolved: "file:///course/src/textbook/uct.ts", typeOnly: true }, root), null);
 * // Deno would load src/textbook/mod.ts: "%74" is a "t" once decoded.
 * assert.match(
 *   importBreaksRule({ specifier: "../src/%74extbook/mod.ts", resolved: "file:///course/src/%74extbook/mod.ts" }, root)!,
 *   /holds "%", "\?" or "#"/,
 * );
 * ```
 */
export function importBreaksRule(
  imported: ResolvedImport,
  root: string,
): string | null {
  const { specifier, resolved, attribute } = imported;
  const rule = "a submission imports only the course's library " +
    "(../mod.ts and the modules of ../src/)";
  if (attribute !== undefined) {
    return `it imports ${JSON.stringify(specifier)} as ${attribute}: ${rule}`;
  }
  // Deno decodes a file URL's path when it loads it (`%2F` is a slash,
  // `%74` a "t") and drops a query or fragment, so the text of the URL
  // proves nothing once either is in it: no escape, no query, no fragment
  // below the project's folder, and the path compared is the one the file
  // system resolves (symbolic links followed).
  const below = resolved.startsWith(root) ? resolved.slice(root.length) : null;
  if (below !== null && /[%?#]/.test(below)) {
    return `it imports ${JSON.stringify(specifier)} (${resolved}), whose ` +
      `path holds "%", "?" or "#", which Deno decodes or drops when it ` +
      `loads the file: ${rule}, named plainly`;
  }
  const real = below === null ? resolved : realUrl(resolved, root);
  const inLibrary = real === `${root}mod.ts` ||
    (real.startsWith(`${root}src/`) && /\.ts$/.test(real) &&
      !real.includes("/../"));
  if (!inLibrary) {
    return `it imports ${JSON.stringify(specifier)} (${resolved}): ${rule}`;
  }
  if (
    imported.typeOnly !== true && real.startsWith(`${root}src/textbook/`) &&
    real !== `${root}src/textbook/moves.ts`
  ) {
    return `it imports ${JSON.stringify(specifier)} (${resolved}), which ` +
      `holds the course's reference solutions of the exercises: a ` +
      `submission writes its own (of src/textbook/ it may import ` +
      `moves.ts, and types)`;
  }
  return null;
}

/**
 * `url`, a file of the project `root`, as the file system resolves it
 * (symbolic links followed, the project's own real folder replaced by
 * `root`), so that a link under `src/` to a file elsewhere is seen where
 * it leads; `url` as it is when the file cannot be resolved (missing, or no
 * permission to read the folders).
 */
function realUrl(url: string, root: string): string {
  try {
    const rootPath = Deno.realPathSync(new URL(root));
    const path = Deno.realPathSync(new URL(url));
    if (path === rootPath) return root;
    if (!path.startsWith(`${rootPath}/`)) return toFileUrl(path);
    return `${root}${
      path.slice(rootPath.length + 1).split("/").map(encodeURIComponent)
        .join("/")
    }`;
  } catch {
    return url;
  }
}

/** A file URL of an absolute path, every segment encoded. */
function toFileUrl(path: string): string {
  return `file://${path.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * The imports a module's code makes, resolved by `deno info --json` without
 * fetching anything (no remote module, no npm package).
 *
 * @param file the module
 * @param config the project's deno.json (its import map resolves bare names)
 * @param limits `deno info`'s time limit (killed after it: refused) and a
 *   signal that stops it
 * @returns every import the code names, static and analysable dynamic ones
 * @throws {RefusedSubmission} when `deno info` cannot read the module (or
 *   ran past its time limit)
 * @throws {UncompiledSubmission} when the code does not parse
 */
export async function resolvedImports(
  file: string,
  config: string,
  limits: { timeoutMs?: number; signal?: AbortSignal | undefined } = {},
): Promise<ResolvedImport[]> {
  const read = await moduleGraph(file, config, { ...limits, npm: false });
  if ("failure" in read) {
    const reason = read.failure.split("\n")
      .filter((line) => line.trim() !== "").slice(0, 2).join(" ");
    throw new RefusedSubmission(`its imports cannot be read: ${reason}`);
  }
  const info = read.graph;
  const root = info.roots[0];
  const module = info.modules.find((m) => m.specifier === root);
  if (module === undefined || module.error !== undefined) {
    const error = module?.error ?? "no module";
    // Deno's message: the error, the code, then "at file:…:line:column".
    const first = error.split("\n")[0]!.trim();
    const at = /:(\d+):(\d+)\s*$/.exec(error.trim());
    const source = await Deno.readTextFile(file);
    throw new UncompiledSubmission(
      `it does not compile: ${first}${
        at === null ? "" : ` (${whereInSubmission(source, Number(at[1]))})`
      }`,
    );
  }
  const imports: ResolvedImport[] = [];
  for (const dependency of module.dependencies ?? []) {
    for (const side of [dependency.code, dependency.type]) {
      if (side === undefined) continue;
      imports.push({
        specifier: dependency.specifier,
        resolved: side.specifier ?? `unresolved (${side.error ?? "?"})`,
        ...(side === dependency.type && dependency.code === undefined
          ? { typeOnly: true }
          : {}),
        ...(dependency.assertionType === undefined
          ? {}
          : { attribute: dependency.assertionType }),
      });
    }
  }
  return imports;
}
