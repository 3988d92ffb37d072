/**
 * The course site of `deno task site`: the committed notebooks as pages
 * (their outputs as committed, nothing re-executed), the course map and the
 * figures summary as the front page, and the play page. Every page is a
 * static file that loads nothing from the network, so the site opens from
 * the file system or any static host.
 *
 * Notebooks are rendered here from their JSON rather than by `jupyter
 * nbconvert`: nbconvert's full templates load require.js and MathJax from a
 * CDN (console errors offline), its `basic` template needs Python and a
 * page shell anyway, and a notebook's outputs are few MIME types: SVG charts
 * go inline (so their marks are in the page's DOM), HTML (the steppers) and
 * Markdown (through `marked`) as markup.
 *
 * Nothing a notebook holds runs on a page, so a site built from notebooks
 * handed in by others is safe to open: names and text are escaped; SVG,
 * HTML and Markdown go through the sanitiser (`sanitize.ts`: no script, no
 * handler, links only http(s) or relative); PNG and JPEG data must be
 * base64 of that type (`image.ts`); a stepper's script is rebuilt from the
 * library's own code (`stepper.ts`, and `walks.ts` for an exercise
 * report's walks); every page carries a Content-Security-Policy that runs
 * only the site's own scripts (`csp.ts`); and no symlink is followed out
 * of the repository.
 *
 * @module
 */

import { Marked, type Tokens } from "marked";
import {
  basename,
  dirname,
  extname,
  isAbsolute,
  join,
  normalize,
  relative,
} from "node:path";
import { fileURLToPath } from "node:url";
import type {
  Notebook,
  NotebookCell,
  NotebookOutput,
} from "../notebook/jupyter.ts";
import { readNotebook } from "../notebook/jupyter.ts";
import { bundleCourse, bundlePlay } from "./bundle.ts";
import { policyMeta } from "./csp.ts";
import {
  dataImageProblem,
  imageDataProblem,
  imageFileProblem,
} from "./image.ts";
import {
  isSafeLink,
  type Relink,
  sanitizeHtml,
  sanitizeSvg,
  sanitizeSvgFile,
} from "./sanitize.ts";
import { stepperLiveFile } from "./stepper.ts";
import { walksLiveFile } from "./walks.ts";
import {
  checkNonEmptyString,
  checkString,
  describe,
  printable,
  readOptions,
} from "../validate.ts";
import { buildInto } from "./_out_folder.ts";

/** The repository's root folder. */
export const ROOT: string = fileURLToPath(new URL("../../", import.meta.url));

/** The file that marks a folder as written by `deno task site` (it may then be replaced). */
export { SITE_MARKER } from "./_out_folder.ts";

/** A page of the site, as written. */
export interface SitePage {
  /** The file's name inside the site's folder, e.g. `01_minimax.html`. */
  file: string;
  /** The page's title. */
  title: string;
  /** What the page shows: `front`, `notebook` or `play`. */
  kind: "front" | "notebook" | "play";
}

/** What {@linkcode buildSite} did. */
export interface SiteBuild {
  /** The pages written, front page first. */
  pages: SitePage[];
  /** Charts (inline SVG outputs) over all notebook pages. */
  charts: number;
  /**
   * Steppers over all notebook pages: those whose script was rebuilt (a
   * stepper without one shows only its picture).
   */
  steppers: number;
  /** Cells with "Edit and run" (try-it and exercise cells) over all pages. */
  editable: number;
  /** Other files written (style sheet, script, figures), by name inside the folder. */
  assets: string[];
  /**
   * What the build left out or changed, one line each: notebooks and files
   * skipped (symlinks out of the repository, names the site uses), markup
   * the sanitiser removed, image data dropped.
   */
  warnings: string[];
}

/**
 * Escapes text for HTML content and attribute values.
 *
 * @throws {Error} when `text` is not a string (a number would need no
 *   escaping, but an object would print as `[object Object]`)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./build.ts";
 * assert.equal(escapeHtml(`<a href="x">Tom & Jerry's</a>`), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
 * assert.throws(() => escapeHtml(42 as never), /escapeHtml: text must be a string, got 42/);
 * ```
 */
export function escapeHtml(text: string): string {
  checkString("escapeHtml", "text", text);
  return text.replace(
    /[&<>"']/g,
    (c) =>
      c === "&"
        ? "&amp;"
        : c === "<"
        ? "&lt;"
        : c === ">"
        ? "&gt;"
        : c === '"'
        ? "&quot;"
        : "&#39;",
  );
}

/** `value` when it is an array of strings (the notebooks' names). */
function checkNames(where: string, name: string, value: unknown): void {
  if (!Array.isArray(value)) {
    throw new Error(
      `${where}: ${name} must be an array of notebook names, got ${
        describe(value)
      }`,
    );
  }
  value.forEach((entry: unknown, i) =>
    checkString(where, `${name}[${i}]`, entry)
  );
}

/**
 * `value` when it has a notebook's shape, as readNotebook checks it: an
 * object whose `cells` is a list of objects with a `cell_type`.
 */
function checkNotebookShape(where: string, value: unknown): Notebook {
  const cells = typeof value === "object" && value !== null &&
      !Array.isArray(value)
    ? (value as { cells?: unknown }).cells
    : undefined;
  if (!Array.isArray(cells)) {
    throw new Error(
      `${where}: notebook must be a notebook, an object with a "cells" list, got ${
        describe(value)
      }${cells === undefined ? "" : ` whose cells are ${describe(cells)}`}`,
    );
  }
  cells.forEach((cell: unknown, i) => {
    if (
      typeof cell !== "object" || cell === null ||
      typeof (cell as { cell_type?: unknown }).cell_type !== "string"
    ) {
      throw new Error(
        `${where}: notebook.cells[${i}] must be a cell, an object with a "cell_type", got ${
          describe(cell)
        }`,
      );
    }
  });
  return value as Notebook;
}

/** A notebook's multi-line string; anything else (a broken notebook) is "". */
const joined = (value: unknown): string =>
  typeof value === "string"
    ? value
    : Array.isArray(value)
    ? value.filter((line) => typeof line === "string").join("")
    : "";

/**
 * A notebook page's link: its name percent-encoded (a name may hold `:`,
 * `#`, `?` or `%`), then escaped for an attribute.
 *
 * @throws {Error} when `name` is not a non-empty string (`undefined` made
 *   a link to `undefined.html`)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageHref } from "./build.ts";
 * assert.equal(pageHref("01_minimax"), "01_minimax.html");
 * assert.equal(pageHref("javascript:alert(1)"), "javascript%3Aalert(1).html");
 * assert.equal(pageHref(`9"><img src=x onerror=1>`), "9%22%3E%3Cimg%20src%3Dx%20onerror%3D1%3E.html");
 * assert.throws(() => pageHref(undefined as never), /pageHref: name must be a non-empty string, got undefined/);
 * ```
 */
export function pageHref(name: string): string {
  checkNonEmptyString("pageHref", "name", name);
  return escapeHtml(`${encodeURIComponent(name)}.html`);
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** Image files a page may show: they are copied into the site. */
const IMAGE = /\.(svg|png|jpe?g|gif|webp)$/i;

/**
 * Where a link of a Markdown file goes in the site.
 *
 * @param href the link as written
 * @param from the Markdown's file, relative to the repository root
 * @param notebooks the notebooks' names that have pages (without `.ipynb`)
 * @returns `{ href }` for the site (a notebook's page, the front page, a
 *   copied image under `assets/`, or the link unchanged when it is
 *   `http(s):`, a fragment or `data:`), with `copy` the repository file to
 *   copy; `null` for a file of the repository that the site does not hold
 *   (shown as text); `{ dropped }` with the reason for a link the site never
 *   writes (`javascript:` and every other scheme, a malformed `%`-escape)
 * @throws {Error} when `href` or `from` is not a string, or `notebooks`
 *   not an array of strings
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { siteLink } from "./build.ts";
 * const names = ["01_minimax"];
 * assert.deepEqual(siteLink("../notebooks/01_minimax.ipynb", "docs/course.md", names), { href: "01_minimax.html" });
 * assert.deepEqual(siteLink("000/ordering.svg", "figures/README.md", names), {
 *   href: "assets/figures/000/ordering.svg",
 *   copy: "figures/000/ordering.svg",
 * });
 * assert.equal(siteLink("../src/course/minimax/mod.ts", "docs/course.md", names), null);
 * assert.deepEqual(siteLink("https://example.org/x", "docs/course.md", names), { href: "https://example.org/x" });
 * assert.deepEqual(siteLink("#reading-order", "docs/course.md", names), { href: "#reading-order" });
 * assert.match(siteLink("javascript:alert(1)", "docs/course.md", names)!.dropped!, /javascript: is not/);
 * ```
 */
export function siteLink(
  href: string,
  from: string,
  notebooks: readonly string[],
): { href: string; copy?: string; dropped?: undefined } | {
  dropped: string;
} | null {
  checkString("siteLink", "href", href);
  checkString("siteLink", "from", from);
  checkNames("siteLink", "notebooks", notebooks);
  // Browsers skip control characters and spaces in a scheme (`java\tscript:`).
  // deno-lint-ignore no-control-regex
  const scheme = href.replace(/[\u0000-\u0020]/g, "").match(
    /^([a-z][a-z0-9+.-]*):/i,
  );
  if (scheme || href.startsWith("#")) {
    if (/^data:/i.test(href) || isSafeLink(href)) return { href };
    return {
      dropped: `${
        scheme![1]!.toLowerCase()
      }: is not a scheme the site links to (http, https, relative)`,
    };
  }
  const [path = "", fragment] = href.split("#", 2);
  const hash = fragment === undefined ? "" : `#${fragment}`;
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return { dropped: `${JSON.stringify(path)} has a malformed %-escape` };
  }
  const target = normalize(join(dirname(from), decoded));
  if (target.startsWith("..") || isAbsolute(target)) return null;
  const name = basename(target, ".ipynb");
  if (dirname(target) === "notebooks" && extname(target) === ".ipynb") {
    return notebooks.includes(name)
      ? { href: `${encodeURIComponent(name)}.html${hash}` }
      : null;
  }
  if (target === "docs/course.md" || target === "figures/README.md") {
    return { href: `index.html${hash}` };
  }
  if (IMAGE.test(target)) {
    return { href: `assets/${target}`, copy: target };
  }
  return null;
}

/** How the markup of one file (a notebook, a Markdown page) becomes the site's. */
interface SiteMarkup {
  /** Markdown to safe HTML, its links and images pointing into the site. */
  markdown(text: string): string;
  /** Where a relative link of the file's raw HTML points on the site (see {@linkcode siteLink}). */
  relink: Relink;
}

/**
 * A Markdown renderer whose links and images point into the site, and
 * whose output (raw HTML included) goes through the sanitiser; what it
 * drops is added to `dropped`. The links of raw HTML are pointed as
 * Markdown's are: a link to a file the site does not have becomes a
 * `repo-link` span, an image its alt text.
 */
function markdown(
  from: string,
  notebooks: readonly string[],
  copies: Set<string>,
  dropped: string[],
): SiteMarkup {
  // What the renderer below wrote: already the site's, not to be pointed again.
  const written = new Set<string>();
  const relink: Relink = (url) => {
    if (written.has(url)) return url;
    const target = siteLink(url, from, notebooks);
    if (target === null || target.dropped !== undefined) return null;
    if (target.copy) copies.add(target.copy);
    return target.href;
  };
  const droppedLink = (inner: string, reason: string) => {
    dropped.push(`a link (${reason})`);
    return `<span class="dropped-link" title="${
      escapeHtml(`link dropped: ${reason}`)
    }">${inner}</span>`;
  };
  const marked = new Marked({
    gfm: true,
    renderer: {
      link(token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const target = siteLink(token.href, from, notebooks);
        if (target === null) {
          return `<span class="repo-link" title="${
            escapeHtml(token.href)
          } (in the repository)">${inner}</span>`;
        }
        if (target.dropped !== undefined) {
          return droppedLink(inner, target.dropped);
        }
        if (/^data:/i.test(target.href)) {
          return droppedLink(inner, "data: is not a scheme the site links to");
        }
        if (target.copy) copies.add(target.copy);
        written.add(target.href);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        return `<a href="${escapeHtml(target.href)}"${title}>${inner}</a>`;
      },
      image(token: Tokens.Image) {
        const alt = escapeHtml(token.text);
        const target = siteLink(token.href, from, notebooks);
        if (target === null) return alt;
        if (target.dropped !== undefined) {
          dropped.push(`an image (${target.dropped})`);
          return alt;
        }
        if (/^data:/i.test(target.href)) {
          const problem = dataImageProblem(target.href);
          if (problem !== null) {
            dropped.push(`an image (${problem})`);
            return alt;
          }
        } else if (/^https?:/i.test(target.href)) {
          // The site loads nothing from the network: a link instead.
          return `<a href="${escapeHtml(target.href)}">${alt}</a>`;
        }
        if (target.copy) copies.add(target.copy);
        written.add(target.href);
        return `<img src="${escapeHtml(target.href)}" alt="${alt}">`;
      },
    },
  });
  return {
    markdown: (text) => {
      const clean = sanitizeHtml(marked.parse(text, { async: false }), {
        relink,
      });
      dropped.push(...clean.dropped);
      return clean.html;
    },
    relink,
  };
}

/** An SVG document as inline markup: without its XML prolog and doctype. */
function inlineSvg(svg: string): string {
  return svg.replace(/^\s*<\?xml[^>]*\?>/, "").replace(
    /^\s*<!DOCTYPE[^>]*>/i,
    "",
  ).trim();
}

/** What a notebook page shows, and what was left out. */
interface Shown {
  charts: number;
  steppers: number;
  /** Cells that get "Edit and run". */
  editable: number;
  /** The steppers' rebuilt scripts (their hashes go into the page's CSP). */
  scripts: string[];
  /** What the sanitiser and the image checks removed. */
  dropped: string[];
}

/** What a page shows in place of an output it does not show. */
function droppedOutput(mime: string, reason: string, shown: Shown): string {
  shown.dropped.push(`an output of ${mime} (${reason})`);
  return `<p class="output dropped" data-mime="${escapeHtml(mime)}">${
    escapeHtml(`The ${mime} output is not shown: ${reason}.`)
  }</p>`;
}

/**
 * One output of a code cell as HTML: the richest representation the page
 * can show. SVG first (a chart, inline, even when the notebook also carries
 * an HTML form of it), then HTML, PNG/JPEG, Markdown, plain text.
 */
function renderOutput(
  output: NotebookOutput,
  md: SiteMarkup,
  shown: Shown,
): string {
  switch (output.output_type) {
    case "stream": {
      const stream = output.name === "stderr" ? "stderr" : "stdout";
      return `<pre class="output stream ${stream}">${
        escapeHtml(joined(output.text).replace(ANSI, ""))
      }</pre>`;
    }
    case "error": {
      const lines = (output as { traceback?: unknown }).traceback;
      const traceback = Array.isArray(lines)
        ? lines.filter((line) => typeof line === "string").join("\n")
        : "";
      return `<pre class="output error">${
        escapeHtml(
          (traceback || `${joined(output.ename)}: ${joined(output.evalue)}`)
            .replace(ANSI, ""),
        )
      }</pre>`;
    }
    case "execute_result":
    case "display_data":
      break;
    default:
      return "";
  }
  const data: Record<string, unknown> =
    typeof output.data === "object" && output.data !== null ? output.data : {};
  const svg = data["image/svg+xml"];
  if (svg !== undefined) {
    // Only the first <svg> element: markup after it (a fake "log in
    // again" link) would show inside the chart's figure.
    const clean = sanitizeSvg(inlineSvg(joined(svg)), { relink: md.relink });
    shown.dropped.push(...clean.dropped);
    if (clean.html === null) {
      return droppedOutput(
        "image/svg+xml",
        "no <svg> element is left once sanitised",
        shown,
      );
    }
    shown.charts++;
    return `<figure class="output chart" data-mime="image/svg+xml">${clean.html}</figure>`;
  }
  const html = data["text/html"];
  if (html !== undefined) {
    const clean = sanitizeHtml(joined(html), {
      steppers: true,
      relink: md.relink,
    });
    shown.dropped.push(...clean.dropped);
    shown.scripts.push(...clean.scripts);
    // A search stepper or an exercise report's walk through both searches
    // steps when its script was rebuilt, one script each; one whose script
    // was missing or dropped shows only its picture, and is no stepper.
    shown.steppers += clean.scripts.length;
    return `<div class="output html" data-mime="text/html">${clean.html}</div>`;
  }
  for (const mime of ["image/png", "image/jpeg"]) {
    const image = data[mime];
    if (image !== undefined) {
      const base64 = joined(image);
      const problem = imageDataProblem(mime, base64);
      if (problem !== null) return droppedOutput(mime, problem, shown);
      return `<figure class="output image" data-mime="${mime}"><img src="data:${mime};base64,${
        base64.replace(/\r?\n/g, "")
      }" alt="output"></figure>`;
    }
  }
  const markdownText = data["text/markdown"];
  if (markdownText !== undefined) {
    return `<div class="output markdown" data-mime="text/markdown">${
      md.markdown(joined(markdownText))
    }</div>`;
  }
  const plain = data["text/plain"];
  if (plain !== undefined) {
    return `<pre class="output plain" data-mime="text/plain">${
      escapeHtml(joined(plain).replace(ANSI, ""))
    }</pre>`;
  }
  return "";
}

function renderCell(
  cell: NotebookCell,
  md: SiteMarkup,
  shown: Shown,
): string {
  const source = joined(cell.source);
  if (cell.cell_type === "markdown") {
    return `<section class="cell markdown">${md.markdown(source)}</section>`;
  }
  if (cell.cell_type !== "code") {
    return `<section class="cell raw"><pre>${
      escapeHtml(source)
    }</pre></section>`;
  }
  const outputs = (Array.isArray(cell.outputs) ? cell.outputs : []).map((
    output,
  ) => renderOutput(output, md, shown)).join("\n");
  const kind = editableKind(source);
  if (kind !== null) shown.editable++;
  return `<section class="cell code"${
    kind === null ? "" : ` data-editable="${kind}"`
  }><pre class="source"><code>${escapeHtml(source)}</code></pre>${
    outputs ? `\n<div class="outputs">${outputs}</div>` : ""
  }</section>`;
}

/**
 * Whether a code cell gets "Edit and run" on its page, and as what: a
 * try-it cell (it says `// Try it` or calls `tryIt`) or an exercise (it
 * calls `checkExercise`); null for the others (their work is the lesson's
 * measurement, shown as committed).
 *
 * @throws {Error} when `source` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editableKind } from "./build.ts";
 * assert.equal(editableKind('// Try it: your tree.\nconst myTree = "[1, 2]";'), "try-it");
 * assert.equal(editableKind("checkExercise(\"minimax\", minimax)"), "exercise");
 * assert.equal(editableKind("const data = lesson000();"), null);
 * ```
 */
export function editableKind(source: string): "try-it" | "exercise" | null {
  checkString("editableKind", "source", source);
  if (/\bcheckExercise\s*\(/.test(source)) return "exercise";
  if (/^\s*\/\/\s*Try it\b/m.test(source) || /\btryIt\s*\(/.test(source)) {
    return "try-it";
  }
  return null;
}

/**
 * A notebook's title: the text of its first Markdown heading (level 1 or
 * 2) that has some, or its file name. HTML tags and Markdown emphasis are
 * left out: the title is text (escaped where it is written), and a heading
 * `# Minimax <small>…</small>` showed its tags.
 *
 * @throws {Error} when `notebook` has not a notebook's shape (a `cells`
 *   list of objects with a `cell_type`) or `name` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { notebookTitle } from "./build.ts";
 * const notebook = { cells: [{ cell_type: "markdown", source: "# *Minimax* <small>lesson 1</small>" }] };
 * assert.equal(notebookTitle(notebook, "01_minimax"), "Minimax lesson 1");
 * assert.throws(() => notebookTitle({} as never, "x"), /notebookTitle: notebook must be a notebook, an object with a "cells" list, got an object/);
 * ```
 */
export function notebookTitle(notebook: Notebook, name: string): string {
  checkNotebookShape("notebookTitle", notebook);
  checkString("notebookTitle", "name", name);
  for (const cell of notebook.cells) {
    if (cell.cell_type !== "markdown") continue;
    for (const heading of joined(cell.source).matchAll(/^#{1,2}\s+(.+)$/gm)) {
      const text = heading[1]!
        .replace(/<!--[^]*?-->|<\/?[A-Za-z][^>]*>/g, "")
        .replace(/[`*_]/g, "")
        .replace(/\s+/g, " ")
        .trim();
      if (text !== "") return text;
    }
  }
  return name;
}

/**
 * A notebook's cells as HTML (the inside of the page's `<main>`).
 *
 * @param notebook the notebook as committed
 * @param name its file name without `.ipynb`
 * @param notebooks the names of every notebook that has a page (for links)
 * @param copies receives the repository files its links need copied
 * @returns the HTML (sanitised), the number of charts it shows and of
 *   steppers whose script it rebuilt, the steppers' scripts (rebuilt from the library's code: the
 *   page's CSP allows them by hash) and what was dropped, one line each
 * @throws {Error} naming the argument, its value and the rule: a notebook
 *   without a notebook's shape (a `cells` list of objects with a
 *   `cell_type`), a name not a non-empty string, notebooks not an array of
 *   strings, copies not a Set
 *
 * @example An SVG chart goes inline; a script in HTML does not
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderNotebook } from "./build.ts";
 * const page = renderNotebook({
 *   cells: [
 *     { cell_type: "markdown", source: ["# One\n", "See [two](02_two.ipynb)."] },
 *     { cell_type: "code", source: "chart()", outputs: [{
 *       output_type: "execute_result",
 *       data: { "image/svg+xml": '<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>', "text/html": "<img>" },
 *     }] },
 *     { cell_type: "code", source: "html()", outputs: [{
 *       output_type: "display_data",
 *       data: { "text/html": "<b>bold</b><script>document.title = 1</script>" },
 *     }] },
 *   ],
 * }, "01_one", ["01_one", "02_two"], new Set());
 * assert.equal(page.charts, 1);
 * assert.match(page.html, /<figure class="output chart" data-mime="image\/svg\+xml"><svg/);
 * assert.match(page.html, /<a href="02_two.html">two<\/a>/);
 * assert.match(page.html, /<div class="output html" data-mime="text\/html"><b>bold<\/b><\/div>/);
 * assert.deepEqual(page.dropped, ["a <script>"]);
 * ```
 */
export function renderNotebook(
  notebook: Notebook,
  name: string,
  notebooks: readonly string[],
  copies: Set<string>,
): {
  html: string;
  charts: number;
  steppers: number;
  editable: number;
  scripts: string[];
  dropped: string[];
} {
  const where = "renderNotebook";
  checkNotebookShape(where, notebook);
  checkNonEmptyString(where, "name", name);
  checkNames(where, "notebooks", notebooks);
  if (!(copies instanceof Set)) {
    throw new Error(
      `${where}: copies must be a Set (it receives the files to copy), got ${
        describe(copies)
      }`,
    );
  }
  const shown: Shown = {
    charts: 0,
    steppers: 0,
    editable: 0,
    scripts: [],
    dropped: [],
  };
  const md = markdown(
    `notebooks/${name}.ipynb`,
    notebooks,
    copies,
    shown.dropped,
  );
  const html = notebook.cells.map((cell) => renderCell(cell, md, shown)).join(
    "\n",
  );
  return { html, ...shown, dropped: [...new Set(shown.dropped)] };
}

/** The site's pages in reading order, for the navigation bar. */
interface Nav {
  notebooks: { name: string; title: string }[];
}

/** What a page runs besides its body: site scripts, inline scripts, workers. */
interface PageScripts {
  /** The site's script files, loaded at the end of the body. */
  files?: string[];
  /** Inline scripts the builder wrote into the body (the steppers'). */
  inline?: string[];
  /** Whether the page starts Web Workers from `blob:` URLs. */
  blobWorkers?: boolean;
}

/**
 * A whole page: the shell around `body`, with its Content-Security-Policy,
 * the navigation and the style sheet.
 */
function pageShell(
  title: string,
  body: string,
  nav: Nav,
  current: string,
  scripts: PageScripts = {},
): string {
  const link = (href: string, text: string) =>
    `<a href="${href}"${href === current ? ' aria-current="page"' : ""}>${
      escapeHtml(text)
    }</a>`;
  const links = [
    link("index.html", "Course"),
    ...nav.notebooks.map((notebook) =>
      link(
        pageHref(notebook.name),
        notebook.name.replace(/^(\d+)_.*/s, "$1"),
      )
    ),
    link("play.html", "Play"),
  ].join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${
    policyMeta({
      inlineScripts: scripts.inline,
      blobWorkers: scripts.blobWorkers,
    })
  }
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Game-tree search</title>
<link rel="stylesheet" href="site.css">
<link rel="icon" href="data:,">
</head>
<body>
<nav class="site-nav">${links}</nav>
<main>
${body}
</main>
${
    (scripts.files ?? []).map((src) => `<script src="${src}"></script>`).join(
      "\n",
    )
  }
</body>
</html>
`;
}

/** Options of {@linkcode buildSite}. */
export interface SiteOptions {
  /** The folder to write (made when missing; replaced when an earlier build wrote it). */
  out: string;
  /** The repository root to read (default: this checkout). */
  root?: string;
}

/**
 * Builds the site into `options.out`: `index.html` (the course map and the
 * figures summary), one page per notebook of `notebooks/`, `play.html`
 * with `play.js` (bundled from this checkout's `src/play/web/` and opening
 * book, whatever `root` is), `site.css`, and the images the pages show
 * under `assets/`.
 *
 * Whatever the notebooks hold, no script of theirs runs on a page (see the
 * module's documentation); a notebook or an image that is a symlink out of
 * the repository is skipped, and so is a notebook named `index` or `play`
 * (its page would replace the site's) and one named just `.ipynb` (its
 * page would have no name); each is one line of `warnings`.
 *
 * The site is written into a new folder beside `out`, which takes `out`'s
 * place once every file is written: a build that fails leaves the previous
 * site as it was.
 *
 * Work: linear in the notebooks' and Markdown files' size, plus one
 * esbuild run.
 *
 * @param options `out`, `root`
 * @returns what was written
 * @throws {Error} naming the option, its value and the rule, before
 *   anything is read or written: an unknown option (a misspelled `roots`
 *   would publish this checkout instead), `out` not a non-empty string,
 *   `root` neither absent nor a non-empty string
 * @throws {Error} when `out` is a file, or a folder that is not empty and
 *   was not written by an earlier build (it is never emptied then), or a
 *   notebook or the book cannot be read, or an image a page shows does not
 *   exist, or the `notebooks` folder, `docs/course.md` or
 *   `figures/README.md` resolves out of the repository (a symlink, or a
 *   symlinked folder on its path: the build reads nothing outside `root`)
 */
export async function buildSite(options: SiteOptions): Promise<SiteBuild> {
  const where = "buildSite";
  const read = readOptions(where, options, ["out", "root"]);
  const out = checkNonEmptyString(where, "options.out", read.out);
  const root = read.root === undefined
    ? ROOT
    : checkNonEmptyString(where, "options.root", read.root);
  // Every file and folder the build reads from `root` is read at its real
  // path, and only when that is inside the repository.
  const realRoot = await Deno.realPath(root);
  // Written beside `options.out`, which it replaces once finished: a build
  // that fails leaves the previous site as it was.
  return await buildInto(out, (folder) => writeSite(root, realRoot, folder));
}

/** Writes the site of the repository `root` into the new folder `out`. */
async function writeSite(
  root: string,
  realRoot: string,
  out: string,
): Promise<SiteBuild> {
  const warnings: string[] = [];
  const found = await siteNotebooks(root, realRoot, warnings);
  if (found.length === 0) {
    throw new Error(
      `buildSite: no notebooks in ${
        join(root, "notebooks")
      } (expected *.ipynb)`,
    );
  }
  const names = found.map((notebook) => notebook.name);
  const notebooks = await Promise.all(
    found.map((notebook) => readNotebook(notebook.path)),
  );
  const nav: Nav = {
    notebooks: names.map((name, i) => ({
      name,
      title: notebookTitle(notebooks[i]!, name),
    })),
  };
  const copies = new Set<string>();
  const pages: SitePage[] = [];
  const write = (file: string, text: string) =>
    Deno.writeTextFile(join(out, file), text);
  const report = (what: string, dropped: readonly string[]) => {
    if (dropped.length > 0) {
      warnings.push(`${what}: dropped ${[...new Set(dropped)].join("; ")}`);
    }
  };

  // The front page.
  const courseMap = await Deno.readTextFile(
    await realInside(root, realRoot, "docs/course.md"),
  );
  const figures = await Deno.readTextFile(
    await realInside(root, realRoot, "figures/README.md"),
  );
  const list = nav.notebooks.map((notebook) =>
    `<li><a href="${pageHref(notebook.name)}">${
      escapeHtml(notebook.title)
    }</a></li>`
  ).join("\n");
  const frontDropped: string[] = [];
  const front = `<header class="front">
<h1>Game-tree search: the course</h1>
<p>The course's notebooks as executed and committed, with their charts and search steppers; the <a href="#course-map">course map</a>; the <a href="#figures">course's figures recomputed</a>; and <a href="play.html">play</a> tic-tac-toe, Nim and Connect Four against the library's engines. Everything here runs in the browser, with no network.</p>
<ol class="notebooks">
${list}
<li><a href="play.html">Play against the engines</a></li>
</ol>
</header>
<article id="course-map" class="markdown">${
    markdown("docs/course.md", names, copies, frontDropped).markdown(courseMap)
  }</article>
<article id="figures" class="markdown">${
    markdown("figures/README.md", names, copies, frontDropped).markdown(
      figures,
    )
  }</article>`;
  report("docs/course.md and figures/README.md", frontDropped);
  await write(
    "index.html",
    pageShell("Course", front, nav, "index.html"),
  );
  pages.push({ file: "index.html", title: "Course", kind: "front" });

  // The notebooks; "Edit and run" needs the library bundled (in parallel).
  const courseScript = bundleCourse();
  courseScript.catch(() => {});
  let charts = 0, steppers = 0, editable = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!, title = nav.notebooks[i]!.title;
    const page = renderNotebook(notebooks[i]!, name, names, copies);
    report(`notebooks/${JSON.stringify(name)}.ipynb`, page.dropped);
    charts += page.charts;
    steppers += page.steppers;
    editable += page.editable;
    const previous = i > 0 ? names[i - 1] : undefined;
    const next = i + 1 < names.length ? names[i + 1] : undefined;
    const pager = `<nav class="pager">${
      previous === undefined
        ? "<span></span>"
        : `<a href="${pageHref(previous)}">← ${escapeHtml(previous)}</a>`
    }<span>notebooks/${escapeHtml(name)}.ipynb, outputs as committed</span>${
      next === undefined
        ? '<a href="play.html">Play →</a>'
        : `<a href="${pageHref(next)}">${escapeHtml(next)} →</a>`
    }</nav>`;
    await write(
      `${name}.html`,
      pageShell(
        title,
        `${pager}\n<article class="notebook">${page.html}</article>\n${pager}`,
        nav,
        pageHref(name),
        page.editable > 0
          ? { inline: page.scripts, files: ["run.js"], blobWorkers: true }
          : { inline: page.scripts },
      ),
    );
    pages.push({ file: `${name}.html`, title, kind: "notebook" });
  }

  // The play page: its code, markup, style sheet and the opening book come
  // from this checkout, as run.js does (bundle.ts), never from the
  // repository being published: what runs on a page, and what lands in it
  // unescaped, is never decided by the files being published.
  const web = join(ROOT, "src/play/web");
  const playBody = await Deno.readTextFile(join(web, "play.html"));
  await write(
    "play.html",
    pageShell("Play", playBody, nav, "play.html", {
      files: ["play.js"],
      blobWorkers: true,
    }),
  );
  pages.push({ file: "play.html", title: "Play", kind: "play" });
  const book = await Deno.readTextFile(join(ROOT, "data/connect4/book.txt"));
  await write("play.js", await bundlePlay(web, book));
  await Deno.copyFile(join(web, "site.css"), join(out, "site.css"));
  await write("run.js", await courseScript);
  await write("stepper_live.js", stepperLiveFile());
  await write("walks_live.js", walksLiveFile());

  const assets = [
    "site.css",
    "play.js",
    "run.js",
    "stepper_live.js",
    "walks_live.js",
  ];
  for (const file of [...copies].sort()) {
    const bytes = await assetBytes(root, realRoot, file, warnings);
    if (bytes === null) continue;
    const to = join(out, "assets", file);
    await Deno.mkdir(dirname(to), { recursive: true });
    await Deno.writeFile(to, bytes);
    assets.push(`assets/${file}`);
  }
  return {
    pages,
    charts,
    steppers,
    editable,
    assets,
    // A notebook's names and tags may hold escape sequences.
    warnings: warnings.map(printable),
  };
}

/** Whether `path` is `folder` or inside it (both real paths). */
function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Where a path resolves: inside the repository, out of it, or nowhere. */
type Resolved =
  | { where: "inside"; real: string }
  | { where: "outside"; real: string }
  | { where: "nowhere" };

/**
 * Resolves `path` (symlinks, and symlinked folders on the way) and says
 * whether its real path is inside `realRoot`, the repository's: the one
 * test every file the build reads goes through.
 *
 * @param unreadable whether any failure to resolve (a loop, a denied
 *   folder) counts as nowhere; otherwise only a missing file does, and
 *   anything else is thrown
 */
async function resolveInside(
  realRoot: string,
  path: string,
  unreadable = false,
): Promise<Resolved> {
  let real: string;
  try {
    real = await Deno.realPath(path);
  } catch (error) {
    if (unreadable || error instanceof Deno.errors.NotFound) {
      return { where: "nowhere" };
    }
    throw error;
  }
  return { where: inside(realRoot, real) ? "inside" : "outside", real };
}

/**
 * The real path of `file` (relative to the repository `root`, whose real
 * path is `realRoot`): the build reads it there, and only when it is
 * inside the repository.
 *
 * @throws {Error} naming `file` when it resolves out of the repository (a
 *   symlink, or a folder on its path that is one), or does not exist
 */
async function realInside(
  root: string,
  realRoot: string,
  file: string,
): Promise<string> {
  const resolved = await resolveInside(realRoot, join(root, file));
  if (resolved.where === "nowhere") {
    throw new Error(`buildSite: ${file} does not exist (${root})`);
  }
  if (resolved.where === "outside") {
    throw new Error(
      `buildSite: ${file} resolves out of the repository (${
        JSON.stringify(resolved.real)
      }): refusing to read it`,
    );
  }
  return resolved.real;
}

/** Page names the site writes itself: a notebook of that name is skipped. */
const RESERVED = ["index", "play"];

/**
 * The notebooks of `root/notebooks` that get a page, sorted by name, each
 * with the real path to read it at: files and symlinks whose target is a
 * file inside the repository; a notebook that resolves out of it, and one
 * whose page would replace one of the site's, are skipped with a warning.
 *
 * @throws {Error} when the `notebooks` folder itself resolves out of the
 *   repository (a symlink, or a symlinked folder above it)
 */
async function siteNotebooks(
  root: string,
  realRoot: string,
  warnings: string[],
): Promise<{ name: string; file: string; path: string }[]> {
  try {
    await Deno.lstat(join(root, "notebooks"));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  const folder = await realInside(root, realRoot, "notebooks");
  const entries = await Array.fromAsync(Deno.readDir(folder));
  const found: { name: string; file: string; path: string }[] = [];
  for (const entry of entries) {
    if (!entry.name.endsWith(".ipynb")) continue;
    const name = basename(entry.name, ".ipynb");
    const shown = `notebooks/${JSON.stringify(entry.name)}`;
    if (name === "") {
      warnings.push(`${shown}: skipped, it has no name before .ipynb`);
      continue;
    }
    if (RESERVED.includes(name)) {
      warnings.push(
        `${shown}: skipped, its page would replace the site's ${name}.html`,
      );
      continue;
    }
    if (!entry.isSymlink && !entry.isFile) continue;
    const resolved = await resolveInside(
      realRoot,
      join(folder, entry.name),
      true,
    );
    if (resolved.where === "nowhere") {
      warnings.push(`${shown}: skipped, a symlink to nothing`);
      continue;
    }
    if (resolved.where === "outside") {
      warnings.push(
        `${shown}: skipped, a symlink out of the repository (${
          JSON.stringify(resolved.real)
        })`,
      );
      continue;
    }
    if (!(await Deno.stat(resolved.real)).isFile) continue;
    found.push({ name, file: entry.name, path: resolved.real });
  }
  return found.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

/**
 * The bytes to copy for `file` (relative to the repository), or null with
 * a warning when it resolves out of the repository (a symlink) or is not
 * the image its extension names; an SVG is sanitised (a visitor may open
 * it on its own, where its scripts would run).
 */
async function assetBytes(
  root: string,
  realRoot: string,
  file: string,
  warnings: string[],
): Promise<Uint8Array | null> {
  const shown = JSON.stringify(file);
  const resolved = await resolveInside(realRoot, join(root, file));
  if (resolved.where === "nowhere") {
    // A page's link names the file, %-escapes decoded: quoted, so that an
    // escape sequence in it reaches no terminal.
    throw new Error(
      `buildSite: ${shown}, shown by a page, does not exist (${root})`,
    );
  }
  if (resolved.where === "outside") {
    warnings.push(
      `${shown}: not copied, it resolves out of the repository (${
        JSON.stringify(resolved.real)
      })`,
    );
    return null;
  }
  const bytes = await Deno.readFile(resolved.real);
  if (extname(file).toLowerCase() === ".svg") {
    const svg = sanitizeSvgFile(new TextDecoder().decode(bytes));
    if (svg === null) {
      warnings.push(`${shown}: not copied, it holds no <svg> element`);
      return null;
    }
    return new TextEncoder().encode(svg);
  }
  const problem = imageFileProblem(bytes, extname(file));
  if (problem !== null) {
    warnings.push(`${shown}: not copied, ${problem}`);
    return null;
  }
  return bytes;
}
