/**
 * The worker that runs a student's edited cell on the site: the course's
 * library (its browser-safe modules, by the path a notebook imports them),
 * and the runtime that calls the cell's program (`self.__gtsCell`, appended
 * to this script by the page: see `cell_program.ts`) with the library,
 * sends what `console` prints, the last expression's display bundle (as
 * the notebook kernel shows it) and the error with its place.
 *
 * Bundled by `deno task site` (`src/site/bundle.ts`) into a classic script
 * that the page starts from a blob URL.
 *
 * Messages out: `{ stream: "stdout" | "stderr", text }`, `{ display }`
 * (MIME type to text), `{ error: { name, message, places } }` (`places`:
 * `[line, column]` of the worker's script in the error's stack, innermost
 * first), `{ done }`.
 *
 * @module
 */

import * as library from "../../../mod.ts";
import * as course from "../../course/mod.ts";
import * as plot from "../../plot/mod.ts";
import * as notebook from "../../notebook/mod.ts";
import * as exercises from "../../exercises/mod.ts";
import * as chess from "../../games/chess/mod.ts";
import * as courseChess from "../../course/chess/mod.ts";
import { inspectValue } from "./inspect.ts";

/** The library's modules, by their path in the repository. */
const MODULES: Record<string, unknown> = {
  "mod.ts": library,
  "src/course/mod.ts": course,
  "src/plot/mod.ts": plot,
  "src/notebook/mod.ts": notebook,
  "src/exercises/mod.ts": exercises,
  "src/games/chess/mod.ts": chess,
  "src/course/chess/mod.ts": courseChess,
};

/** A notebook's import specifier as a path in the repository. */
function repositoryPath(specifier: string): string {
  const parts = ["notebooks"];
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

function importModule(specifier: string): unknown {
  const found = MODULES[repositoryPath(specifier)];
  if (found === undefined) {
    throw new Error(
      `import ${JSON.stringify(specifier)}: the site's worker has only ${
        Object.keys(MODULES).map((path) => `../${path}`).join(", ")
      } (the library's browser-safe modules)`,
    );
  }
  return found;
}

const DISPLAY = Symbol.for("Jupyter.display");
const SHOWN = [
  "image/svg+xml",
  "text/html",
  "text/markdown",
  "text/plain",
];

/** The display bundle of a cell's value, as the notebook kernel makes it. */
function displayOf(value: unknown): Record<string, string> | null {
  if (value === undefined) return null;
  const method = (value as { [DISPLAY]?: unknown } | null)?.[DISPLAY];
  if (typeof method === "function") {
    const bundle = method.call(value) as Record<string, unknown>;
    const kept: Record<string, string> = {};
    for (const mime of SHOWN) {
      if (typeof bundle?.[mime] === "string") kept[mime] = bundle[mime];
    }
    return kept;
  }
  return { "text/plain": inspectValue(value) };
}

/**
 * The places of the worker's own script in an error's stack, innermost
 * first (the library's frames among them: the page keeps the first that
 * lies in the cell).
 */
function placesOf(error: unknown): [number, number][] {
  const stack = (error as { stack?: unknown })?.stack;
  if (typeof stack !== "string") return [];
  const here = self.location.href;
  const places: [number, number][] = [];
  for (const frame of stack.split("\n").slice(1)) {
    const match = frame.match(/(blob:[^\s()]+):(\d+):(\d+)\)?\s*$/);
    if (match && match[1] === here) {
      places.push([Number(match[2]), Number(match[3])]);
    }
  }
  return places;
}

/** Whether this runs as the site's worker (a classic worker of a page). */
const IN_WORKER = typeof (self as { importScripts?: unknown }).importScripts ===
  "function";

const post = (message: unknown) => self.postMessage(message);
const line = (args: unknown[]) =>
  args.map((arg) => typeof arg === "string" ? arg : inspectValue(arg))
    .join(" ") + "\n";

if (IN_WORKER) {
  // What the cell prints goes to the page, as the kernel's streams.
  for (const name of ["log", "info", "debug"] as const) {
    console[name] = (...args: unknown[]) =>
      post({ stream: "stdout", text: line(args) });
  }
  for (const name of ["warn", "error"] as const) {
    console[name] = (...args: unknown[]) =>
      post({ stream: "stderr", text: line(args) });
  }
  self.onmessage = async () => {
    const cell = (self as unknown as { __gtsCell?: unknown }).__gtsCell;
    try {
      if (typeof cell !== "function") throw new Error("no cell to run");
      const value = await cell({ import: importModule });
      const bundle = displayOf(await value);
      if (bundle !== null) post({ display: bundle });
      post({ done: true });
    } catch (error) {
      const name = error instanceof Error ? error.name : "Error";
      const message = error instanceof Error ? error.message : String(error);
      post({ error: { name, message, places: placesOf(error) } });
      post({ done: true });
    }
  };
}
