/**
 * The site's HTML sanitiser: DOMPurify on jsdom (a DOM whose parser follows
 * the HTML standard, as DOMPurify requires on a server), configured down to
 * what the course's own outputs need: Markdown's elements and tables, the
 * SVG charts of Observable Plot, and the search steppers' markup. No
 * script, no event handler, no `<iframe>`, `<object>`, `<form>`, no
 * `<use>`, `<image>` or `<foreignObject>` inside SVG; links only to `http:`, `https:`, a fragment or a
 * relative path; images only from a relative path or checked `data:`; CSS
 * only when every `url(…)` it holds is a fragment or `data:`.
 *
 * Everything from a notebook (its `text/html`, `image/svg+xml` and
 * Markdown) and every Markdown file goes through here; the steppers'
 * scripts come back only as {@linkcode liveStepperScript} rebuilds them.
 *
 * @module
 */

import createDOMPurify, { type Config, type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";
import { dataImageProblem } from "./image.ts";
import { liveStepperScript } from "./stepper.ts";

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

const CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_TAGS, ...SVG_TAGS],
  ALLOWED_ATTR: [...HTML_ATTRIBUTES, ...SVG_ATTRIBUTES],
  ALLOW_DATA_ATTR: true,
  ALLOW_ARIA_ATTR: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // A fragment that starts with <style> keeps it (the parser would move it
  // into <head>).
  FORCE_BODY: true,
};

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
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSafeLink } from "./sanitize.ts";
 * assert.ok(isSafeLink("https://example.org/a?b#c"));
 * assert.ok(isSafeLink("02_alpha_beta.html#cuts"));
 * assert.ok(isSafeLink("a/b:c.html"));
 * assert.ok(!isSafeLink(" JaVa\tscript:alert(1)"));
 * assert.ok(!isSafeLink("data:text/html,x"));
 * assert.ok(!isSafeLink("//example.org/x"));
 * ```
 */
export function isSafeLink(href: string): boolean {
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
 * Whether CSS loads nothing and imports nothing: every `url(…)` is a
 * fragment (`url(#arrow)`, a marker) or `data:`; no `@import`, no
 * `image-set(…)`, no escapes that could hide either.
 *
 * @param css a style sheet or a `style` attribute
 * @returns whether the site keeps it
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLocalCss } from "./sanitize.ts";
 * assert.ok(isLocalCss(".a{fill:red} marker{stroke:url(#m)}"));
 * assert.ok(!isLocalCss("body{background:url(https://example.org/x)}"));
 * assert.ok(!isLocalCss("@import 'x.css';"));
 * ```
 */
export function isLocalCss(css: string): boolean {
  if (/\\|@import|image-set|<\//i.test(css)) return false;
  for (const match of css.matchAll(/url\(\s*(['"]?)\s*([^'")\s]*)/gi)) {
    if (!/^(#|data:)/i.test(match[2]!)) return false;
  }
  return true;
}

/** What one sanitising run collected. */
interface Run {
  /** Steppers' scripts met, with their `<div>`'s id. */
  scripts: { id: string; text: string }[];
  /** What was removed, for the builder's warnings. */
  dropped: string[];
}

// The slice of jsdom's DOM this module touches (Deno has no DOM types).
interface DomNode {
  textContent: string | null;
  parentNode: DomElement | null;
}
interface DomElement extends DomNode {
  localName: string;
  id: string;
  innerHTML: string;
  classList: { contains(name: string): boolean };
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
  appendChild(node: DomNode): void;
}
interface DomDocument {
  createElement(name: string): DomElement;
  defaultView: {
    XMLSerializer: new () => { serializeToString(node: DomNode): string };
  };
}

let purifier: { purify: DOMPurify; document: DomDocument } | undefined;
let run: Run | undefined;

function instance(): { purify: DOMPurify; document: DomDocument } {
  if (purifier !== undefined) return purifier;
  const window = new JSDOM("").window;
  const purify = createDOMPurify(
    window as unknown as Parameters<typeof createDOMPurify>[0],
  );
  purify.addHook("uponSanitizeElement", (node, data) => {
    const element = node as unknown as DomElement;
    if (data.tagName === "script") {
      const parent = element.parentNode;
      if (parent?.classList?.contains("gts-stepper") && parent.id) {
        run?.scripts.push({ id: parent.id, text: element.textContent ?? "" });
      } else {
        run?.dropped.push("a <script>");
      }
    } else if (
      data.tagName === "style" && !isLocalCss(element.textContent ?? "")
    ) {
      element.textContent = "";
      run?.dropped.push("a <style> that loads or imports");
    } else if (
      !data.tagName.startsWith("#") && data.tagName !== "body" &&
      !data.allowedTags[data.tagName]
    ) {
      run?.dropped.push(`a <${data.tagName}>`);
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
        (node as unknown as DomElement).localName !== "a" || !isSafeLink(value)
      ) {
        reason = `a link to ${JSON.stringify(value.slice(0, 40))}`;
      }
    } else if (name === "src") {
      const url = value.replace(URL_WHITESPACE, "");
      const problem = /^data:/i.test(url)
        ? dataImageProblem(url)
        : /^https?:/i.test(url) || !isSafeLink(url) || url.startsWith("#")
        ? "not a file of the site"
        : null;
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
      run?.dropped.push(reason);
    }
  });
  purifier = { purify, document: window.document as unknown as DomDocument };
  return purifier;
}

/** What {@linkcode sanitizeHtml} returns. */
export interface Sanitized {
  /** The safe markup. */
  html: string;
  /** The steppers' scripts it holds, as rebuilt (for the page's CSP hashes). */
  scripts: string[];
  /** What was removed or changed, one line each (duplicates folded). */
  dropped: string[];
}

/**
 * Makes markup from a notebook or a Markdown file safe for a page.
 *
 * @param html the markup
 * @param options `steppers`: give the search steppers their scripts back,
 *   rebuilt by {@linkcode liveStepperScript} (only for `text/html` outputs)
 * @returns the markup, the scripts it holds, and what was dropped
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeHtml } from "./sanitize.ts";
 * const clean = sanitizeHtml(
 *   '<p onclick="x()">a<script>x()</script><img src=x onerror=x()><a href="javascript:x()">b</a></p>',
 * );
 * assert.equal(clean.html, '<p>a<img src="x"><a>b</a></p>');
 * assert.deepEqual(clean.dropped, ["an onclick= handler", "a <script>", "an onerror= handler", 'a link to "javascript:x()"']);
 * ```
 */
export function sanitizeHtml(
  html: string,
  options: { steppers?: boolean } = {},
): Sanitized {
  const { purify, document } = instance();
  const mine: Run = { scripts: [], dropped: [] };
  const outer = run;
  run = mine;
  let fragment: DomElement;
  try {
    fragment = purify.sanitize(html, {
      ...CONFIG,
      RETURN_DOM_FRAGMENT: true,
    }) as unknown as DomElement;
  } finally {
    run = outer;
  }
  const scripts: string[] = [];
  if (options.steppers) {
    const divs = [...fragment.querySelectorAll("div.gts-stepper")];
    let from = 0;
    for (const { id, text } of mine.scripts) {
      const at = divs.findIndex((div, i) => i >= from && div.id === id);
      if (at < 0) {
        mine.dropped.push("a <script>");
        continue;
      }
      from = at + 1;
      const live = liveStepperScript(text, id, (markup) => {
        const inner = sanitizeHtml(markup);
        mine.dropped.push(...inner.dropped);
        return inner.html;
      });
      if ("dropped" in live) {
        mine.dropped.push(`the stepper ${id}'s script (${live.dropped})`);
        continue;
      }
      const script = document.createElement("script");
      script.textContent = live.script;
      divs[at]!.appendChild(script);
      scripts.push(live.script);
    }
  } else if (mine.scripts.length > 0) {
    mine.dropped.push("a <script>");
  }
  const holder = document.createElement("div");
  holder.appendChild(fragment);
  return {
    html: holder.innerHTML,
    scripts,
    dropped: [...new Set(mine.dropped)],
  };
}

/**
 * An SVG file made safe to copy into the site (where a visitor may open it
 * on its own, and an SVG document runs its scripts): the first `<svg>`
 * element, sanitised as inline SVG is, written back as XML.
 *
 * @param svg the file's text
 * @returns the safe file, or null when no `<svg>` element is left
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeSvgFile } from "./sanitize.ts";
 * const svg = sanitizeSvgFile('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" onload="x()"><script>x()</script><circle r="1"/></svg>');
 * assert.equal(svg, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle r="1"/></svg>\n');
 * ```
 */
export function sanitizeSvgFile(svg: string): string | null {
  const { purify, document } = instance();
  const outer = run;
  run = { scripts: [], dropped: [] };
  let fragment: DomElement;
  try {
    fragment = purify.sanitize(svg.replace(/^\s*<\?xml[^>]*\?>/, ""), {
      ...CONFIG,
      RETURN_DOM_FRAGMENT: true,
    }) as unknown as DomElement;
  } finally {
    run = outer;
  }
  const root = fragment.querySelector("svg");
  if (root === null) return null;
  return new document.defaultView.XMLSerializer().serializeToString(root) +
    "\n";
}
