/**
 * Charts and tables for the notebooks and `deno task figures`: Observable Plot
 * rendered to standalone SVG with linkedom as the DOM (no browser), markdown
 * tables, and wrappers that the Deno Jupyter kernel displays as rich output.
 *
 * @example Render, save and display a chart
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { displaySvg, renderSvg } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg({
 *   title: "Leaves visited",
 *   color: { type: "ordinal", legend: true },
 *   marks: [Plot.barY([{ s: "minimax", n: 9 }, { s: "alphaBeta", n: 5 }], {
 *     x: "s",
 *     y: "n",
 *     fill: "s",
 *   })],
 * });
 * assert.match(svg, /^<svg xmlns=/);
 * displaySvg(svg); // the last expression of a notebook cell shows the chart
 * ```
 *
 * @module
 */
export {
  type PlotOptions,
  renderSvg,
  type RenderSvgOptions,
} from "./render_svg.ts";
export { saveSvg } from "./save_svg.ts";
export {
  displaySvg,
  type DisplaySvgOptions,
  svgImageHtml,
} from "./display_svg.ts";
export { displayMarkdown } from "./display_markdown.ts";
export type { JupyterDisplay } from "./_jupyter_display.ts";
export {
  type ColumnAlign,
  markdownTable,
  type MarkdownTableOptions,
  type TableCell,
} from "./markdown_table.ts";
export { appendKey, type KeyOptions } from "./chart_key.ts";
export {
  type Box,
  boxesOverlap,
  CHAR_EM,
  type PlacedTag,
  placeTags,
  type PlaceTagsOptions,
  type TagPoint,
  textBox,
  wrapText,
} from "./label_layout.ts";
