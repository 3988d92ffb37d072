/**
 * The site's sanitising rules, shared by the builder (DOMPurify on jsdom,
 * `sanitize.ts`) and the pages (DOMPurify on the browser's DOM, for what a
 * student's edited cell displays): which elements and attributes stay, and
 * the hooks that drop links, sources and CSS that would load something.
 *
 * @module
 */

import type { Config, DOMPurify } from "dompurify";
import { dataImageProblem } from "./image.ts";
import { stepperCss } from "../notebook/search_stepper.ts";
import { walksCss } from "../exercises/report_html.ts";
import { checkFunction, checkString, describe } from "../validate.ts";

/** HTML elements: Markdown's, tables, figures, the steppers' controls. */
const HTML_TAGS = [
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "button",
  "caption",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "details",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "kbd",
  "label",
  "li",
  "mark",
  "ol",
  "option",
  "p",
  "pre",
  "q",
  "s",
  "samp",
  "select",
  "small",
  "span",
  "strong",
  "style",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
];

/** SVG elements of charts and trees: shapes, text, markers, clips, gradients. */
const SVG_TAGS = [
  "svg",
  "g",
  "path",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "rect",
  "text",
  "tspan",
  "title",
  "desc",
  "defs",
  "marker",
  "clippath",
  "lineargradient",
  "radialgradient",
  "stop",
];

const HTML_ATTRIBUTES = [
  "align",
  "alt",
  "class",
  "colspan",
  "disabled",
  "height",
  "href",
  "id",
  "lang",
  "open",
  "role",
  "rowspan",
  "selected",
  "src",
  "start",
  "style",
  "tabindex",
  "title",
  "type",
  "value",
  "width",
];

const SVG_ATTRIBUTES = [
  "xmlns",
  "viewbox",
  "preserveaspectratio",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "d",
  "points",
  "dx",
  "dy",
  "rotate",
  "transform",
  "fill",
  "fill-opacity",
  "fill-rule",
  "clip-rule",
  "clip-path",
  "clippathunits",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "opacity",
  "color",
  "display",
  "visibility",
  "overflow",
  "paint-order",
  "vector-effect",
  "shape-rendering",
  "text-rendering",
  "font-family",
  "font-size",
  "font-style",
  "font-variant",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "alignment-baseline",
  "baseline-shift",
  "letter-spacing",
  "word-spacing",
  "text-decoration",
  "writing-mode",
  "marker-start",
  "marker-mid",
  "marker-end",
  "markerwidth",
  "markerheight",
  "markerunits",
  "refx",
  "refy",
  "orient",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientunits",
  "gradienttransform",
  "fx",
  "fy",
];

/** DOMPurify's configuration for the site. */
export const SITE_PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_TAGS, ...SVG_TAGS],
  ALLOWED_ATTR: [...HTML_ATTRIBUTES, ...SVG_ATTRIBUTES],
  ALLOW_DATA_ATTR: true,
  ALLOW_ARIA_ATTR: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // A fragment that starts with <style> keeps it (the parser would move it
  // into <head>).
  FORCE_BODY: true,
};

/** The class Observable Plot gives a chart's `<svg>` (its default `className`). */
export const PLOT_CLASS = "plot-d6a7b5";

/**
 * The `<style>` Observable Plot writes into a chart's `<svg>` (tests check
 * it against the pinned Plot's).
 */
export const PLOT_STYLE = `:where(.${PLOT_CLASS}) {
  --plot-background: white;
  display: block;
  height: auto;
  height: intrinsic;
  max-width: 100%;
}
:where(.${PLOT_CLASS} text),
:where(.${PLOT_CLASS} tspan) {
  white-space: pre;
}`;

/**
 * Whether a `<style>` is one the library writes itself, in the element it
 * writes it in: a chart's (Plot's own, in an `<svg class="plot-…">`), a
 * search stepper's or a walk stepper's (its rules scoped to the stepper's
 * `<div>`, whose id has the library's form). Any other `<style>` in a
 * notebook could restyle the page around it, e.g. hide the code that
 * "Edit and run" runs behind other text, and is dropped.
 *
 * @param css the element's text
 * @param parent the element it is in, as the sanitiser sees it (null: none)
 * @returns whether the site keeps it
 * @throws {Error} naming the argument, its value and the rule: css not a
 *   string, parent neither null nor an element (an object with a
 *   `localName` and an `id`, strings)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepperCss } from "../notebook/search_stepper.ts";
 * import { isBuilderStyle } from "./sanitize_rules.ts";
 * const id = "gts-stepper-1mjjlyv-0";
 * const stepper = { localName: "div", id, classList: { contains: (c: string) => c === "gts-stepper" } };
 * assert.ok(isBuilderStyle(stepperCss(id), stepper));
 * assert.ok(!isBuilderStyle("textarea{color:transparent}", stepper));
 * const unscoped = stepperCss(id).replaceAll(id, "x,textarea");
 * assert.ok(!isBuilderStyle(unscoped, { ...stepper, id: "x,textarea" }));
 * ```
 */
export function isBuilderStyle(
  css: string,
  parent: {
    localName: string;
    id: string;
    classList?: { contains(name: string): boolean };
  } | null,
): boolean {
  const where = "isBuilderStyle";
  checkString(where, "css", css);
  if (parent === null) return false;
  if (
    typeof parent !== "object" || typeof parent.localName !== "string" ||
    typeof parent.id !== "string"
  ) {
    throw new Error(
      `${where}: parent must be null or the element the <style> is in (an object with a localName and an id, strings), got ${
        describe(parent)
      }`,
    );
  }
  const has = (name: string) => parent.classList?.contains(name) === true;
  if (parent.localName === "svg") return has(PLOT_CLASS) && css === PLOT_STYLE;
  if (parent.localName !== "div") return false;
  if (has("gts-stepper") && /^gts-stepper-[a-z0-9]+-[0-9]+$/.test(parent.id)) {
    return css === stepperCss(parent.id);
  }
  if (has("gts-walks") && /^gts-walks-[a-z0-9]+-[0-9]+$/.test(parent.id)) {
    return css === walksCss(parent.id);
  }
  return false;
}

/** Characters browsers skip inside a URL's scheme (`java\tscript:`). */
const URL_WHITESPACE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/**
 * Whether a link may stay: `http:` or `https:`, a fragment, or a relative
 * path (not `//host`, not `/`-rooted); `javascript:`, `data:`,
 * `vbscript:`, `file:` and every other scheme are dropped.
 *
 * @param href the link as written
 * @returns whether the site keeps it
 * @throws {Error} when `href` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSafeLink } from "./sanitize_rules.ts";
 * assert.ok(isSafeLink("https://example.org/a?b#c"));
 * assert.ok(isSafeLink("02_alpha_beta.html#cuts"));
 * assert.ok(isSafeLink("a/b:c.html"));
 * assert.ok(!isSafeLink(" JaVa\tscript:alert(1)"));
 * assert.ok(!isSafeLink("data:text/html,x"));
 * assert.ok(!isSafeLink("//example.org/x"));
 * assert.throws(() => isSafeLink(null as never), /isSafeLink: href must be a string, got null/);
 * ```
 */
export function isSafeLink(href: string): boolean {
  checkString("isSafeLink", "href", href);
  const url = href.replace(URL_WHITESPACE, "");
  if (/^https?:\/\//i.test(url) || url.startsWith("#")) return true;
  if (/^[/\\]/.test(url)) return false;
  const colon = url.indexOf(":");
  if (colon < 0) return true;
  // A colon after the first / ? # belongs to the path, not to a scheme.
  const path = url.search(/[/?#\\]/);
  return path >= 0 && path < colon;
}

/**
 * Why an image source is not one the site shows, or null when it is: a
 * relative path to a file of the site, or a `data:` URL that passes
 * {@linkcode dataImageProblem}; nothing from the network (a page loads
 * nothing from it), no other scheme, no fragment.
 *
 * @param src the source as written
 * @returns the reason to drop it, or null
 * @throws {Error} when `src` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { imageSourceProblem } from "./sanitize_rules.ts";
 * assert.equal(imageSourceProblem("assets/figures/a.svg"), null);
 * assert.equal(imageSourceProblem("data:image/png;base64,iVBORw0KGgo="), null);
 * assert.equal(imageSourceProblem("https://example.org/pixel.png"), "not a file of the site");
 * assert.equal(imageSourceProblem(" javascript:x()"), "not a file of the site");
 * assert.match(imageSourceProblem("data:text/html,<b>")!, /not an image type/);
 * ```
 */
export function imageSourceProblem(src: string): string | null {
  checkString("imageSourceProblem", "src", src);
  const url = src.replace(URL_WHITESPACE, "");
  return /^data:/i.test(url)
    ? dataImageProblem(url)
    : /^https?:/i.test(url) || !isSafeLink(url) || url.startsWith("#")
    ? "not a file of the site"
    : null;
}

/**
 * Whether CSS loads nothing and imports nothing: every `url(…)` is a
 * fragment (`url(#arrow)`, a marker) or `data:`; no `@import`, no
 * `image-set(…)`, no escapes that could hide either.
 *
 * @param css a style sheet or a `style` attribute
 * @returns whether the site keeps it
 * @throws {Error} when `css` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLocalCss } from "./sanitize_rules.ts";
 * assert.ok(isLocalCss(".a{fill:red} marker{stroke:url(#m)}"));
 * assert.ok(!isLocalCss("body{background:url(https://example.org/x)}"));
 * assert.ok(!isLocalCss("@import 'x.css';"));
 * ```
 */
export function isLocalCss(css: string): boolean {
  checkString("isLocalCss", "css", css);
  if (/\\|@import|image-set|<\//i.test(css)) return false;
  for (const match of css.matchAll(/url\(\s*(['"]?)\s*([^'")\s]*)/gi)) {
    if (!/^(#|data:)/i.test(match[2]!)) return false;
  }
  return true;
}

/** What one sanitising run collected. */
export interface PurifyRun {
  /** Steppers' scripts met (search and walk steppers), with their `<div>`'s id. */
  scripts: { id: string; text: string }[];
  /** What was removed, for the builder's warnings. */
  dropped: string[];
}

// The slice of the DOM the hooks touch (Deno has no DOM types).
interface HookElement {
  textContent: string | null;
  localName: string;
  id: string;
  parentNode: HookElement | null;
  classList?: { contains(name: string): boolean };
  removeChild(child: HookElement): void;
}

/**
 * `node` when it is an element (a string `localName` and `id`), else null:
 * a `<style>` whose parent is a document or a fragment is in no element
 * the library writes, and must not make the sanitiser throw.
 */
function elementOrNull(node: HookElement | null): HookElement | null {
  return node !== null && typeof node.localName === "string" &&
      typeof node.id === "string"
    ? node
    : null;
}

/**
 * Adds the site's hooks to a DOMPurify instance: stepper scripts are kept
 * aside in the current run (for their rebuilding), other scripts, handlers,
 * links and sources that are not the site's, and CSS that loads, dropped.
 *
 * @param purify the instance (on jsdom or the browser's window)
 * @param current the run that collects, during a `sanitize` call
 * @throws {Error} when `purify` is not a DOMPurify instance (an object with
 *   `addHook`) or `current` not a function
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import createDOMPurify from "dompurify";
 * import { JSDOM } from "jsdom";
 * import { addSiteHooks, type PurifyRun, SITE_PURIFY_CONFIG } from "./sanitize_rules.ts";
 * const purify = createDOMPurify(new JSDOM("").window as unknown as Parameters<typeof createDOMPurify>[0]);
 * const run: PurifyRun = { scripts: [], dropped: [] };
 * addSiteHooks(purify, () => run);
 * assert.equal(purify.sanitize('<a href="javascript:x()">b</a>', SITE_PURIFY_CONFIG), "<a>b</a>");
 * assert.deepEqual(run.dropped, ['a link to "javascript:x()"']);
 * ```
 */
export function addSiteHooks(
  purify: DOMPurify,
  current: () => PurifyRun | undefined,
): void {
  const where = "addSiteHooks";
  const given: unknown = purify;
  // An instance is a function (it makes instances for other windows) with
  // the methods as properties.
  if (
    (typeof given !== "object" && typeof given !== "function") ||
    given === null ||
    typeof (given as { addHook?: unknown }).addHook !== "function"
  ) {
    throw new Error(
      `${where}: purify must be a DOMPurify instance (createDOMPurify(window)), got ${
        typeof given === "function" ? "a function" : describe(given)
      }`,
    );
  }
  checkFunction(where, "current", current, "() => the run or undefined");
  purify.addHook("uponSanitizeElement", (node, data) => {
    const element = node as unknown as HookElement;
    if (data.tagName === "script") {
      const parent = element.parentNode;
      if (
        (parent?.classList?.contains("gts-stepper") ||
          parent?.classList?.contains("gts-walks")) && parent.id
      ) {
        current()?.scripts.push({
          id: parent.id,
          text: element.textContent ?? "",
        });
      } else {
        current()?.dropped.push("a <script>");
      }
    } else if (
      data.tagName === "style" &&
      !isBuilderStyle(
        element.textContent ?? "",
        elementOrNull(element.parentNode),
      )
    ) {
      // Removed here: DOMPurify then finds it out of the tree and moves on.
      element.textContent = "";
      element.parentNode?.removeChild(element);
      current()?.dropped.push(
        "a <style> (the site keeps only its charts' and steppers' own)",
      );
    } else if (
      !data.tagName.startsWith("#") && data.tagName !== "body" &&
      !data.allowedTags[data.tagName]
    ) {
      current()?.dropped.push(`a <${data.tagName}>`);
    }
  });
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    const name = data.attrName;
    const value = data.attrValue;
    let reason: string | null = null;
    if (name.startsWith("on")) {
      reason = `an ${name}= handler`;
    } else if (name === "href") {
      if (
        (node as unknown as HookElement).localName !== "a" || !isSafeLink(value)
      ) {
        reason = `a link to ${JSON.stringify(value.slice(0, 40))}`;
      }
    } else if (name === "src") {
      const problem = imageSourceProblem(value);
      if (problem !== null) {
        reason = `an image source ${
          JSON.stringify(value.slice(0, 40))
        } (${problem})`;
      }
    } else if (
      /url\s*\(|@import|image-set|\\/i.test(value) && !isLocalCss(value)
    ) {
      reason = `a ${name}= that loads something`;
    }
    if (reason !== null) {
      data.keepAttr = false;
      current()?.dropped.push(reason);
    }
  });
}
