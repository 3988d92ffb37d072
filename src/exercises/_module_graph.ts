/**
 * A module's graph as `deno info --json` resolves it, for the grader: the
 * imports of a submission, the modules of the checks, the Node built-ins of
 * the library. One runner, so that every reading of a graph resolves alike
 * (the project's import map, nothing remote fetched) and has the same time
 * limit and signal.
 *
 * @module
 */

import { commandOutput } from "../command_output.ts";

/** One import of a module, as `deno info --json` lists it. */
export interface GraphDependency {
  /** The specifier as the code writes it. */
  specifier: string;
  /** Where the code import resolves (or why it does not). */
  code?: { specifier?: string; error?: string };
  /** Where the type import resolves (or why it does not). */
  type?: { specifier?: string; error?: string };
  /** The import attribute's `type` (`json`), when there is one. */
  assertionType?: string;
}

/** One module of a graph. */
export interface GraphModule {
  /** Its resolved specifier (`file:///…`, `npm:…`, `node:…`). */
  specifier: string;
  /** Why it could not be loaded or parsed, when it could not. */
  error?: string;
  /** Its imports, for a module that was read. */
  dependencies?: GraphDependency[];
}

/** The fields of `deno info --json`'s output that the grader reads. */
export interface ModuleGraph {
  /** The module asked about, resolved. */
  roots: string[];
  /** Every module of its graph. */
  modules: GraphModule[];
}

/** Options of {@linkcode moduleGraph}. */
export interface ModuleGraphOptions {
  /** With `false`, npm packages are not resolved either (`--no-npm`; default true). */
  npm?: boolean;
  /** Milliseconds `deno info` may take (killed after it: a failure). */
  timeoutMs?: number;
  /** Stops `deno info` (rejects with the signal's reason). */
  signal?: AbortSignal;
}

/**
 * Runs `deno info --json --no-remote` on `file` with `config`'s import map.
 *
 * @param file the module (a path)
 * @param config the deno.json whose import map resolves bare names
 * @param options {@linkcode ModuleGraphOptions}
 * @returns `{ graph }`, or `{ failure }`: what `deno info` printed on
 *   stderr when it failed (or was killed at its time limit)
 * @throws {Error} the signal's reason when it is aborted
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileURLToPath } from "node:url";
 * import { moduleGraph } from "./_module_graph.ts";
 * const root = fileURLToPath(new URL("../../", import.meta.url));
 * const read = await moduleGraph(`${root}src/validate.ts`, `${root}deno.json`);
 * assert.ok("graph" in read);
 * assert.equal(read.graph.roots[0], new URL("../validate.ts", import.meta.url).href);
 * // A missing module is a module of the graph with its error, not a failure:
 * const missing = await moduleGraph(`${root}no_such_module.ts`, `${root}deno.json`);
 * assert.ok("graph" in missing && /Module not found/.test(missing.graph.modules[0]!.error!));
 * const noConfig = await moduleGraph(`${root}src/validate.ts`, "/nonexistent/deno.json");
 * assert.ok("failure" in noConfig && /Error reading config file/.test(noConfig.failure));
 * ```
 */
export async function moduleGraph(
  file: string,
  config: string,
  options: ModuleGraphOptions = {},
): Promise<{ graph: ModuleGraph } | { failure: string }> {
  const run = await commandOutput(Deno.execPath(), [
    "info",
    "--json",
    "--no-remote",
    ...(options.npm === false ? ["--no-npm"] : []),
    `--config=${config}`,
    file,
  ], {
    ...(options.timeoutMs === undefined
      ? {}
      : { timeoutMs: options.timeoutMs }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (!run.success) return { failure: run.stderr.trim() };
  return { graph: JSON.parse(run.stdout) as ModuleGraph };
}
