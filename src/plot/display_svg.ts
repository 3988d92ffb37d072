import { type JupyterDisplay, mimeBundle } from "./_jupyter_display.ts";
import { base64Utf8 } from "./_base64.ts";
import { isXmlCharacter } from "./_xml.ts";
import { describe, readOptions } from "../validate.ts";

/** Options of {@linkcode displaySvg}. */
export interface DisplaySvgOptions {
  /**
   * The image's text alternative; default: the chart's title (its bold
   * `<text>`), else `"chart"`.
   */
  alt?: string;
}

const NAMED: Record<string, string> = {
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  amp: "&",
};

/**
 * The text of an SVG `<text>` element as written, references decoded:
 * renderSvg writes U+00A0 as `&#160;`, which the alt text showed as such. A
 * number that names no character is left as written.
 */
function textOf(markup: string): string {
  return markup.replace(
    /&(?:(lt|gt|quot|apos|amp)|#(\d+)|#x([\da-f]+));/gi,
    (written, name?: string, decimal?: string, hex?: string) => {
      if (name !== undefined) return NAMED[name.toLowerCase()] ?? written;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      return isXmlCharacter(code) ? String.fromCodePoint(code) : written;
    },
  );
}

/**
 * The start of an SVG document: blanks, an XML declaration and a doctype
 * aside, its first element is an `<svg>`.
 */
const SVG_START =
  /^\s*(?:<\?xml\b[^>]*\?>\s*)?(?:<!DOCTYPE\b[^>]*>\s*)?<svg[\s/>]/;

/**
 * The text alternative asked for, after checking that `svg` is an SVG
 * document and `options` holds only a string `alt`: a number where the
 * SVG goes, or text that is no SVG, showed as a broken image.
 */
function checkDisplay(
  where: string,
  svg: unknown,
  options: unknown,
): string | undefined {
  if (typeof svg !== "string") {
    throw new Error(
      `${where}: svg must be a string, an SVG document, got ${describe(svg)}`,
    );
  }
  if (!SVG_START.test(svg)) {
    throw new Error(
      `${where}: svg must be an SVG document, its first element an <svg> (as renderSvg returns), got ${
        describe(svg)
      }`,
    );
  }
  const { alt } = readOptions(where, options, ["alt"]);
  if (alt !== undefined && typeof alt !== "string") {
    throw new Error(
      `${where}: options.alt must be a string, got ${describe(alt)}`,
    );
  }
  return alt;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(
    /</g,
    "&lt;",
  );
}

/**
 * The SVG as an HTML `<img>` whose `src` is a base64 `data:` URL: the one
 * form that every place a notebook is read keeps. `jupyter nbconvert --to
 * html` empties an `image/svg+xml` output (nbconvert 6.5 and later clean it
 * of every SVG element) but keeps `text/html` as it is; JupyterLab, for a
 * notebook it does not trust, shows no `image/svg+xml` at all and sanitises
 * `text/html`, which removes inline `<svg>` elements (leaving their text)
 * but keeps an `<img>` with a `data:` source. JupyterLab draws a trusted
 * `image/svg+xml` output as such an `<img>` too, so nothing is lost there.
 *
 * @param svg the SVG document, as returned by `renderSvg`
 * @param options the text alternative
 * @returns the `<img>` element's HTML
 * @throws {Error} naming the argument, its value and the rule: an svg that
 *   is not a string whose first element is an `<svg>`, an unknown option,
 *   an alt not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { svgImageHtml } from "./display_svg.ts";
 * const html = svgImageHtml('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"/>');
 * assert.match(html, /^<img class="gts-chart" src="data:image\/svg\+xml;base64,[A-Za-z0-9+\/=]+" width="20" height="10" alt="chart">$/);
 * ```
 */
export function svgImageHtml(
  svg: string,
  options: DisplaySvgOptions = {},
): string {
  return imageHtml(svg, checkDisplay("svgImageHtml", svg, options));
}

/** {@linkcode svgImageHtml} of a checked SVG and text alternative. */
function imageHtml(svg: string, altOption: string | undefined): string {
  const root = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const size = (name: string) => {
    const value = new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1];
    return value === undefined ? "" : ` ${name}="${value}"`;
  };
  const title = /<text\b[^>]*font-weight="bold"[^>]*>([^<]+)<\/text>/.exec(
    svg,
  )?.[1];
  const alt = altOption ??
    (title === undefined ? "chart" : textOf(title).trim());
  return `<img class="gts-chart" src="data:image/svg+xml;base64,${
    base64Utf8(svg)
  }"${size("width")}${size("height")} alt="${escapeAttribute(alt)}">`;
}

/**
 * Wraps an SVG document so that a Jupyter cell with the Deno kernel shows it as
 * an image: make it the last expression of the cell, or pass it to
 * `Deno.jupyter.display`.
 *
 * The bundle holds the SVG itself (`image/svg+xml`, for the tools that read
 * it: the course site, VS Code, GitHub) and the same SVG as an `<img>` in
 * `text/html` ({@linkcode svgImageHtml}), which JupyterLab and nbconvert
 * prefer: the chart then shows in an exported HTML page and in a notebook
 * that JupyterLab does not trust yet.
 *
 * @param svg The document, as returned by `renderSvg`.
 * @param options The image's text alternative.
 * @returns A value whose `Symbol.for("Jupyter.display")` method returns
 * `{ "image/svg+xml": svg, "text/html": "<img …>" }`.
 * @throws {Error} naming the argument, its value and the rule: an svg that
 * is not a string whose first element is an `<svg>` (a number, `"hello"`),
 * an unknown option, an alt not a string.
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
 * assert.match(bundle["text/html"]!, /^<img class="gts-chart" src="data:image\/svg\+xml;base64,/);
 * assert.throws(() => displaySvg("hello"), /displaySvg: svg must be an SVG document/);
 * ```
 */
export function displaySvg(
  svg: string,
  options: DisplaySvgOptions = {},
): JupyterDisplay {
  const alt = checkDisplay("displaySvg", svg, options);
  return mimeBundle({
    "image/svg+xml": svg,
    "text/html": imageHtml(svg, alt),
  });
}
