import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { toXml, type XmlNode } from "./_xml.ts";
import { describe, readOptions } from "../validate.ts";

/** The options of `Plot.plot`, re-exported so callers can type a chart spec without importing Plot. */
export type PlotOptions = Plot.PlotOptions;

/** The SVG namespace, written on the root element of every rendered chart. */
const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";

/** Options of {@linkcode renderSvg}. */
export interface RenderSvgOptions {
  /**
   * Fill painted behind the chart, or `null` for a transparent background.
   * Plot leaves the background to the page; a standalone file viewed in a dark
   * theme needs its own. Default: `"white"`.
   */
  background?: string | null;
}

// The minimal slice of the DOM that this module touches. linkedom's types are
// not the DOM library's, and Deno does not load the DOM library by default, so
// the module names what it uses instead of casting to `any`.
interface Node {
  readonly nodeType: number;
  readonly textContent: string | null;
}
interface Element extends Node {
  readonly tagName: string;
  readonly children: ArrayLike<Element>;
  readonly childNodes: ArrayLike<Node>;
  readonly firstChild: Node | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  insertBefore(node: Element, before: Node | null): void;
}
interface Document {
  createElementNS(namespace: string, name: string): Element;
}

/**
 * Renders an Observable Plot chart to a standalone SVG document, without a
 * browser: the DOM is linkedom's.
 *
 * The root `<svg>` carries `xmlns` (and `xmlns:xlink` when the chart links
 * images), so the string can be saved as a `.svg` file, embedded in markdown or
 * displayed in Jupyter. When Plot wraps the chart in a `<figure>` (a `title`,
 * `subtitle`, `caption` or a legend is present), the figure is rebuilt as one
 * SVG: the texts become `<text>` lines and the swatch legends become swatches
 * drawn in SVG. Continuous colour legends need a canvas, which linkedom does not
 * have: use ordinal or threshold colour scales.
 *
 * @param options The options of `Plot.plot`; `document` is supplied here.
 * @param renderOptions How to finish the SVG (background).
 * @returns The SVG document as a string.
 * @throws {Error} naming the argument, its value and the rule: options not
 * an object, renderOptions not an object or with a key other than
 * `background`, a background neither a non-empty string nor null; or a
 * chart that needs a browser (a continuous colour legend).
 *
 * @example Render a dot chart
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg } from "./render_svg.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg({
 *   marks: [Plot.dot([[1, 2], [2, 4], [3, 1]])],
 * });
 * assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
 * assert.equal(svg.match(/<circle/g)?.length, 3);
 * assert.throws(() => renderSvg({}, { backgound: null } as never), /renderSvg: unknown option "backgound"/);
 * ```
 */
export function renderSvg(
  options: PlotOptions,
  renderOptions: RenderSvgOptions = {},
): string {
  const background = checkRender(options, renderOptions);
  const { document } = parseHTML(
    "<!DOCTYPE html><html><head></head><body></body></html>",
  ) as unknown as { document: Document };
  let chart: Element;
  try {
    chart = Plot.plot(
      { ...options, document } as Plot.PlotOptions,
    ) as unknown as Element;
  } catch (error) {
    // Plot draws a continuous colour legend's ramp on a canvas, which a
    // page without a browser lacks: its own error names a canvas property.
    if (
      error instanceof TypeError && /fillStyle|getContext/.test(error.message)
    ) {
      throw new Error(
        `renderSvg: a continuous color legend needs a canvas, which has no place outside a browser; give color a type "ordinal", "quantize" or "threshold", or legend: false (${error.message})`,
      );
    }
    throw error;
  }
  const root = chart.tagName.toLowerCase() === "svg"
    ? chart
    : figureToSvg(document, chart);
  if (background !== null) {
    const rect = document.createElementNS(SVG_NS, "rect");
    rect.setAttribute("width", "100%");
    rect.setAttribute("height", "100%");
    rect.setAttribute("fill", background);
    root.insertBefore(rect, root.firstChild);
  }
  // As XML, not linkedom's outerHTML: an SVG file is read by an XML parser,
  // which refuses the raw `<` and `&` that HTML allows in attributes.
  return withNamespaces(toXml(root as unknown as XmlNode));
}

/**
 * The background to paint (null: none), after checking renderSvg's
 * arguments: Plot's options an object (Plot checks their keys), and
 * renderOptions only a `background` that is a fill or null.
 */
function checkRender(options: unknown, renderOptions: unknown): string | null {
  const where = "renderSvg";
  if (
    options === null || typeof options !== "object" || Array.isArray(options)
  ) {
    throw new Error(
      `${where}: options must be an object of Plot options ({ marks: [...] }), got ${
        describe(options)
      }`,
    );
  }
  if (
    renderOptions === null || typeof renderOptions !== "object" ||
    Array.isArray(renderOptions)
  ) {
    throw new Error(
      `${where}: renderOptions must be an object ({ background }), got ${
        describe(renderOptions)
      }`,
    );
  }
  const { background } = readOptions(where, renderOptions, ["background"]);
  if (background === undefined) return "white";
  if (
    background !== null && (typeof background !== "string" || background === "")
  ) {
    throw new Error(
      `${where}: renderOptions.background must be a non-empty string (a fill) or null (none), got ${
        describe(background)
      }`,
    );
  }
  return background;
}

/** Adds the namespace declarations that a standalone SVG file needs. */
function withNamespaces(svg: string): string {
  let attributes = ` xmlns="${SVG_NS}"`;
  if (svg.includes("xlink:")) attributes += ` xmlns:xlink="${XLINK_NS}"`;
  return svg.replace(/^<svg/, `<svg${attributes}`);
}

/** Vertical layout of the texts around a chart, in pixels. */
const TITLE = { size: 16, line: 24, weight: "bold", fill: "currentColor" };
const SUBTITLE = { size: 12, line: 20, weight: "normal", fill: "#555" };
const CAPTION = { size: 11, line: 20, weight: "normal", fill: "#555" };
/** A rough glyph width in ems, to lay out legend labels without fonts. */
const EM_WIDTH = 0.6;

/**
 * Rebuilds the `<figure>` that Plot returns around a chart with texts or
 * legends as a single `<svg>`: each child becomes a horizontal band.
 */
function figureToSvg(document: Document, figure: Element): Element {
  const children = Array.from(figure.children);
  const charts = children.filter((child) => isSvg(child));
  const width = Math.max(
    ...charts.map((chart) => numberAttribute(chart, "width")),
  );
  const root = document.createElementNS(SVG_NS, "svg");
  let y = isSvg(children.find((child) => !isStyle(child)) ?? figure) ? 8 : 0;
  const append = (element: Element) => root.insertBefore(element, null);
  for (const child of children) {
    const tag = child.tagName.toLowerCase();
    if (tag === "h2" || tag === "h3" || tag === "figcaption") {
      const style = tag === "h2" ? TITLE : tag === "h3" ? SUBTITLE : CAPTION;
      const text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("x", "0");
      text.setAttribute("y", String(y + style.line / 2));
      text.setAttribute("dy", "0.32em");
      text.setAttribute("text-anchor", "start");
      text.setAttribute("font-size", String(style.size));
      text.setAttribute("font-weight", style.weight);
      text.setAttribute("fill", style.fill);
      (text as unknown as { textContent: string }).textContent =
        child.textContent ?? "";
      append(text);
      y += style.line;
    } else if (tag === "svg") {
      child.setAttribute("x", "0");
      child.setAttribute("y", String(y));
      // Legend ramps draw their label above their box, as in the browser.
      if (child !== charts.at(-1)) child.setAttribute("overflow", "visible");
      append(child);
      y += numberAttribute(child, "height");
    } else if (tag === "div" && /-swatches\b/.test(classOf(child))) {
      y = appendSwatches(document, child, { append, width, y });
    } else if (tag !== "style") {
      throw new Error(
        `Cannot convert a <${tag}> of a Plot figure to SVG: use ordinal or threshold colour legends`,
      );
    }
  }
  root.setAttribute("width", String(width));
  root.setAttribute("height", String(Math.ceil(y)));
  root.setAttribute("viewBox", `0 0 ${width} ${Math.ceil(y)}`);
  root.setAttribute("font-family", "system-ui, sans-serif");
  root.setAttribute("font-size", "10");
  root.setAttribute("fill", "currentColor");
  return root;
}

/**
 * Lays out the swatches of a legend left to right, wrapping at `width`;
 * returns the `y` below the legend.
 */
function appendSwatches(
  document: Document,
  swatches: Element,
  layout: { append: (element: Element) => void; width: number; y: number },
): number {
  const gap = 10;
  const rowGap = 6;
  let x = 0;
  let y = layout.y + rowGap;
  let rowHeight = 0;
  for (const swatch of Array.from(swatches.children)) {
    if (!/-swatch\b/.test(classOf(swatch))) continue;
    const shape = Array.from(swatch.children).find((child) => isSvg(child));
    if (shape === undefined) continue;
    const label = (swatch.textContent ?? "").trim();
    const shapeWidth = numberAttribute(shape, "width");
    const shapeHeight = numberAttribute(shape, "height");
    const itemWidth = shapeWidth + 5 + label.length * 10 * EM_WIDTH;
    if (x > 0 && x + itemWidth > layout.width) {
      x = 0;
      y += rowHeight + rowGap;
      rowHeight = 0;
    }
    shape.setAttribute("x", String(x));
    shape.setAttribute("y", String(y));
    // Swatch shapes sit in an HTML flex box with `overflow: visible`.
    shape.setAttribute("overflow", "visible");
    layout.append(shape);
    const text = document.createElementNS(SVG_NS, "text");
    text.setAttribute("x", String(x + shapeWidth + 5));
    text.setAttribute("y", String(y + shapeHeight / 2));
    text.setAttribute("dy", "0.32em");
    text.setAttribute("text-anchor", "start");
    (text as unknown as { textContent: string }).textContent = label;
    layout.append(text);
    x += itemWidth + gap;
    rowHeight = Math.max(rowHeight, shapeHeight);
  }
  return y + rowHeight + rowGap * 2;
}

function isSvg(element: Element): boolean {
  return element.tagName.toLowerCase() === "svg";
}

function isStyle(element: Element): boolean {
  return element.tagName.toLowerCase() === "style";
}

function classOf(element: Element): string {
  return element.getAttribute("class") ?? "";
}

function numberAttribute(element: Element, name: string): number {
  const value = Number(element.getAttribute(name));
  if (!Number.isFinite(value)) {
    throw new Error(
      `Expected a numeric ${name} on a <${element.tagName.toLowerCase()}> of the Plot figure`,
    );
  }
  return value;
}
