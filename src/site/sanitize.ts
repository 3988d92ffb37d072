/**
 * The site's HTML sanitiser: DOMPurify on jsdom (a DOM whose parser follows
 * the HTML standard, as DOMPurify requires on a server), configured down to
 * what the course's own outputs need: Markdown's elements and tables, the
 * SVG charts of Observable Plot, and the search steppers' markup. No
 * script, no event handler, no `<iframe>`, `<object>`, `<form>`, no
 * `<use>`, `<image>` or `<foreignObject>` inside SVG; links only to `http:`, `https:`, a fragment or a
 * relative path; images only from a relative path or checked `data:`; no
 * `<style>` but the charts' and steppers' own, as the library writes them
 * (see `isBuilderStyle` in `sanitize_rules.ts`); style attributes only when
 * every `url(…)` they hold is a fragment or `data:`.
 *
 * Everything from a notebook (its `text/html`, `image/svg+xml` and
 * Markdown) and every Markdown file goes through here; the steppers'
 * scripts come back only as {@linkcode liveStepperScript} rebuilds them.
 *
 * @module
 */

import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";
import {
  addSiteHooks,
  imageSourceProblem,
  isSafeLink,
  type PurifyRun,
  SITE_PURIFY_CONFIG,
} from "./sanitize_rules.ts";
import { liveStepperScript } from "./stepper.ts";
import { liveWalksScript } from "./walks.ts";
import {
  checkBoolean,
  checkFunction,
  checkString,
  describe,
  readOptions,
} from "../validate.ts";

export { isLocalCss, isSafeLink } from "./sanitize_rules.ts";

type Run = PurifyRun;

// The slice of jsdom's DOM this module touches (Deno has no DOM types).
interface DomNode {
  nodeType: number;
  textContent: string | null;
  parentNode: DomElement | null;
}
interface DomElement extends DomNode {
  localName: string;
  namespaceURI: string | null;
  id: string;
  innerHTML: string;
  outerHTML: string;
  className: string;
  title: string;
  classList: { contains(name: string): boolean };
  childNodes: ArrayLike<DomNode>;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
  appendChild(node: DomNode): void;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  replaceWith(node: DomNode): void;
}
interface DomDocument {
  createElement(name: string): DomElement;
  createElementNS(namespace: string, name: string): DomElement;
  createTextNode(text: string): DomNode;
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
  addSiteHooks(purify, () => run);
  purifier = { purify, document: window.document as unknown as DomDocument };
  return purifier;
}

/**
 * Where a link or image of the markup points on the site: the new URL (a
 * scheme or a fragment, which the sanitiser has already vetted, as it
 * stands), or null when its target is not on the site (a file of the
 * repository). The URL it returns must meet the rules the markup's did (a
 * link http(s), a fragment or relative; an image a file of the site or
 * checked `data:`), or it is dropped. See {@linkcode sanitizeHtml}'s
 * `relink`.
 */
export type Relink = (url: string) => string | null;

/** The SVG namespace: an `<a>` inside an `<svg>` is in it. */
const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Points the `<a href>` and `<img src>` of raw markup where the
 * site has their targets: a link whose target is not on the site becomes
 * the span a Markdown link does (`repo-link`, its URL in the title), an
 * image its alt text. Inside SVG such a link becomes an SVG `<g
 * class="repo-link">` whose `<title>` names the target: an HTML `<span>`
 * there would not be the tree a browser builds from the markup (the
 * parser closes the `<svg>` at it, and what follows leaves SVG).
 *
 * What `relink` returns lands in the page after the sanitiser's checks, so
 * it meets the same rules as what the markup held: a link or image source
 * the site would not write is removed and said so in `dropped`.
 */
function relinkFragment(
  fragment: DomElement,
  relink: Relink,
  document: DomDocument,
  where: string,
  dropped: string[],
): void {
  const target = (url: string): string | null => {
    const found: unknown = relink(url);
    if (found !== null && typeof found !== "string") {
      throw new Error(
        `${where}: options.relink must return a URL (a string) or null, got ${
          describe(found)
        } for ${describe(url)}`,
      );
    }
    return found;
  };
  for (const link of [...fragment.querySelectorAll("a[href]")]) {
    const href = link.getAttribute("href")!;
    const to = target(href);
    if (to !== null && !isSafeLink(to)) {
      link.removeAttribute("href");
      dropped.push(
        `a link to ${JSON.stringify(to.slice(0, 40))} (from relink)`,
      );
      continue;
    }
    if (to !== null) {
      link.setAttribute("href", to);
      continue;
    }
    const where = `${href} (in the repository)`;
    let span: DomElement;
    if (link.namespaceURI === SVG_NS) {
      span = document.createElementNS(SVG_NS, "g");
      span.setAttribute("class", "repo-link");
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = where;
      span.appendChild(title);
    } else {
      span = document.createElement("span");
      span.className = "repo-link";
      span.title = where;
    }
    for (const child of [...Array.from(link.childNodes)]) {
      span.appendChild(child);
    }
    link.replaceWith(span);
  }
  for (const image of [...fragment.querySelectorAll("img[src]")]) {
    const src = image.getAttribute("src")!;
    const to = target(src);
    const problem = to === null ? null : imageSourceProblem(to);
    if (problem !== null) {
      image.removeAttribute("src");
      dropped.push(
        `an image source ${
          JSON.stringify(to!.slice(0, 40))
        } (from relink: ${problem})`,
      );
    } else if (to !== null) image.setAttribute("src", to);
    else {
      image.replaceWith(
        document.createTextNode(image.getAttribute("alt") ?? ""),
      );
    }
  }
}

/** The `relink` option when it is absent or a function. */
function checkRelink(where: string, relink: unknown): Relink | undefined {
  return relink === undefined ? undefined : checkFunction<Relink>(
    where,
    "options.relink",
    relink,
    "(url) => url or null",
  );
}

/**
 * `markup` through DOMPurify with the site's rules, as a DOM fragment, with
 * what the rules removed and the scripts they set aside (the steppers').
 */
function purified(markup: string): { fragment: DomElement; run: Run } {
  const { purify } = instance();
  const mine: Run = { scripts: [], dropped: [] };
  const outer = run;
  run = mine;
  try {
    const fragment = purify.sanitize(markup, {
      ...SITE_PURIFY_CONFIG,
      RETURN_DOM_FRAGMENT: true,
    }) as unknown as DomElement;
    return { fragment, run: mine };
  } finally {
    run = outer;
  }
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
 *   rebuilt by {@linkcode liveStepperScript} (only for `text/html` outputs);
 *   `relink`: where each `<a href>` and `<img src>` left points on the
 *   site (null: nowhere, the link becomes a `repo-link` span, the image its
 *   alt text; a URL the site would not write, as from the markup itself:
 *   the attribute is dropped); without it they stay as written
 * @returns the markup, the scripts it holds, and what was dropped
 * @throws {Error} naming the argument, its value and the rule: html not a
 *   string, an unknown option (a misspelled `relinks` would leave every
 *   link as written), steppers not a boolean, relink not a function or
 *   returning anything but a string or null
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
 *
 * @example Relative links pointed into the site, or out of the page
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeHtml } from "./sanitize.ts";
 * const clean = sanitizeHtml(
 *   '<a href="../src/mod.ts">code</a> <a href="a.ipynb">a</a> <img src="x.png" alt="x"> <a href="#top">top</a>',
 *   { relink: (url) => url === "a.ipynb" ? "a.html" : url.startsWith("#") ? url : null },
 * );
 * assert.equal(
 *   clean.html,
 *   '<span class="repo-link" title="../src/mod.ts (in the repository)">code</span> <a href="a.html">a</a> x <a href="#top">top</a>',
 * );
 * ```
 */
export function sanitizeHtml(
  html: string,
  options: { steppers?: boolean; relink?: Relink } = {},
): Sanitized {
  const where = "sanitizeHtml";
  checkString(where, "html", html);
  const read = readOptions(where, options, ["steppers", "relink"]);
  const steppers = read.steppers === undefined
    ? false
    : checkBoolean(where, "options.steppers", read.steppers);
  const relink = checkRelink(where, read.relink);
  const { document } = instance();
  const { fragment, run: mine } = purified(html);
  const scripts: string[] = [];
  if (steppers) {
    const divs = [
      ...fragment.querySelectorAll("div.gts-stepper, div.gts-walks"),
    ];
    let from = 0;
    for (const { id, text } of mine.scripts) {
      const at = divs.findIndex((div, i) => i >= from && div.id === id);
      if (at < 0) {
        mine.dropped.push("a <script>");
        continue;
      }
      from = at + 1;
      const rebuild = divs[at]!.classList.contains("gts-walks")
        ? liveWalksScript
        : liveStepperScript;
      const live = rebuild(text, id, (markup) => {
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
  if (relink !== undefined) {
    relinkFragment(fragment, relink, document, where, mine.dropped);
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
 * @throws {Error} when `svg` is not a string
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
  checkString("sanitizeSvgFile", "svg", svg);
  const { document } = instance();
  const { fragment } = purified(svg.replace(/^\s*<\?xml[^>]*\?>/, ""));
  const root = fragment.querySelector("svg");
  if (root === null) return null;
  return new document.defaultView.XMLSerializer().serializeToString(root) +
    "\n";
}

/** What {@linkcode sanitizeSvg} returns. */
export interface SanitizedSvg {
  /** The `<svg>` element's safe markup, or null when none is left. */
  html: string | null;
  /** What was removed or changed, one line each (duplicates folded). */
  dropped: string[];
}

/**
 * Makes an `image/svg+xml` output safe for a page: its first `<svg>`
 * element, sanitised as {@linkcode sanitizeHtml} does, and nothing else.
 * Markup around it (a heading, a link after `</svg>`) would otherwise show
 * as part of the chart; it is dropped and said so.
 *
 * @param svg the output's SVG, inline markup (no XML declaration)
 * @param options `relink`: as for {@linkcode sanitizeHtml}
 * @returns the `<svg>` element's markup (null when the output holds none
 *   once sanitised) and what was dropped
 * @throws {Error} naming the argument, its value and the rule: svg not a
 *   string, an unknown option, relink not a function or returning
 *   anything but a string or null
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeSvg } from "./sanitize.ts";
 * const clean = sanitizeSvg('<svg><circle r="1"/></svg><h1>Session expired</h1><a href="https://evil.example/">log in</a>');
 * assert.equal(clean.html, '<svg><circle r="1"></circle></svg>');
 * assert.deepEqual(clean.dropped, ["markup outside the output's first <svg> element"]);
 * assert.equal(sanitizeSvg("<p>no chart</p>").html, null);
 * ```
 */
export function sanitizeSvg(
  svg: string,
  options: { relink?: Relink } = {},
): SanitizedSvg {
  checkString("sanitizeSvg", "svg", svg);
  const relink = checkRelink(
    "sanitizeSvg",
    readOptions("sanitizeSvg", options, ["relink"]).relink,
  );
  const { document } = instance();
  const { fragment, run: mine } = purified(svg);
  if (mine.scripts.length > 0) mine.dropped.push("a <script>");
  const root = fragment.querySelector("svg");
  // Anything but the <svg> and blank text (a comment shows nothing) is
  // left out: an element wrapping the <svg>, or beside it.
  const alone = Array.from(fragment.childNodes).every((node) =>
    node === root || node.nodeType === COMMENT_NODE ||
    node.nodeType === TEXT_NODE && (node.textContent ?? "").trim() === ""
  );
  if (!alone) {
    mine.dropped.push("markup outside the output's first <svg> element");
  }
  if (root !== null && relink !== undefined) {
    relinkFragment(root, relink, document, "sanitizeSvg", mine.dropped);
  }
  return {
    html: root === null ? null : root.outerHTML,
    dropped: [...new Set(mine.dropped)],
  };
}

const TEXT_NODE = 3;
const COMMENT_NODE = 8;
