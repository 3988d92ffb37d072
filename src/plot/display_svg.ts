import { type JupyterDisplay, mimeBundle } from "./_jupyter_display.ts";

/**
 * Wraps an SVG document so that a Jupyter cell with the Deno kernel shows it as
 * an image: make it the last expression of the cell, or pass it to
 * `Deno.jupyter.display`.
 *
 * @param svg The document, as returned by `renderSvg`.
 * @returns A value whose `Symbol.for("Jupyter.display")` method returns
 * `{ "image/svg+xml": svg }`.
 *
 * @example Show a chart in a notebook cell
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { displaySvg } from "./display_svg.ts";
 * import { renderSvg } from "./render_svg.ts";
 * import assert from "node:assert/strict";
 *
 * const shown = displaySvg(renderSvg({ marks: [Plot.dot([[1, 2]])] }));
 * const bundle = shown[Symbol.for("Jupyter.display")]!();
 * assert.match(bundle["image/svg+xml"]!, /^<svg xmlns=/);
 * ```
 */
export function displaySvg(svg: string): JupyterDisplay {
  return mimeBundle({ "image/svg+xml": svg });
}
