import { dirname } from "node:path";
import { describe } from "../validate.ts";

/**
 * Writes an SVG document to `path`, creating the parent folders, and ends the
 * file with a newline so that committed figures diff cleanly.
 *
 * @param path Where to write, e.g. `figures/t000_nodes.svg`.
 * @param svg The document, as returned by `renderSvg`.
 * @throws {Error} naming the argument, its value and the rule: a path not
 * a non-empty string, an svg not a string, or one whose root `<svg>` has no
 * `xmlns` (a file without it does not open as an image).
 *
 * @example Save a chart
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg } from "./render_svg.ts";
 * import { saveSvg } from "./save_svg.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const path = `${dir}/charts/dots.svg`;
 * await saveSvg(path, renderSvg({ marks: [Plot.dot([[1, 2]])] }));
 * assert.match(await Deno.readTextFile(path), /^<svg xmlns=/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function saveSvg(path: string, svg: string): Promise<void> {
  if (typeof path !== "string" || path === "") {
    throw new Error(
      `saveSvg: path must be a non-empty string, got ${describe(path)}`,
    );
  }
  if (typeof svg !== "string") {
    throw new Error(
      `saveSvg: svg must be a string, an SVG document, got ${describe(svg)}`,
    );
  }
  if (!/^<svg[^>]* xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) {
    throw new Error(
      `saveSvg: refusing to save ${path}: the SVG has no xmlns, render it with renderSvg()`,
    );
  }
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeTextFile(path, svg.endsWith("\n") ? svg : `${svg}\n`);
}
