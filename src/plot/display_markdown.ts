import { type JupyterDisplay, mimeBundle } from "./_jupyter_display.ts";
import { describe } from "../validate.ts";

/**
 * Wraps markdown so that a Jupyter cell with the Deno kernel renders it (a
 * table from `markdownTable`, a heading, a note): make it the last expression
 * of the cell, or pass it to `Deno.jupyter.display`.
 *
 * @param markdown The markdown text.
 * @returns A value whose `Symbol.for("Jupyter.display")` method returns
 * `{ "text/markdown": markdown }`.
 * @throws {Error} when `markdown` is not a string (the cell would show
 * nothing, or `[object Object]`), naming it and its value.
 *
 * @example Show a table in a notebook cell
 * ```ts
 * import { displayMarkdown } from "./display_markdown.ts";
 * import { markdownTable } from "./markdown_table.ts";
 * import assert from "node:assert/strict";
 *
 * const shown = displayMarkdown(markdownTable(["tree", "nodes"], [["b=2", 7]]));
 * const bundle = shown[Symbol.for("Jupyter.display")]!();
 * assert.match(bundle["text/markdown"]!, /\| b=2  \|     7 \|/);
 * ```
 */
export function displayMarkdown(markdown: string): JupyterDisplay {
  if (typeof markdown !== "string") {
    throw new Error(
      `displayMarkdown: markdown must be a string, got ${describe(markdown)}`,
    );
  }
  return mimeBundle({ "text/markdown": markdown });
}
