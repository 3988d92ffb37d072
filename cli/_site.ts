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
 * go inline (so their marks are in the page's DOM), HTML (the steppers, with
 * their inline scripts) as it is, Markdown through `marked`.
 *
 * @module
 */

import { Marked, type Tokens } from "marked";
import { basename, dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { Notebook, NotebookCell, NotebookOutput } from "./_jupyter.ts";
import { listNotebooks, readNotebook } from "./_jupyter.ts";
import { bundlePlay } from "./_site_bundle.ts";

/** The repository's root folder. */
export const ROOT: string = fileURLToPath(new URL("../", import.meta.url));

/** The file that marks a folder as written by `deno task site` (it may then be replaced). */
export const SITE_MARKER = ".gts-site";

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
  /** Steppers over all notebook pages. */
  steppers: number;
  /** Other files written (style sheet, script, figures), by name inside the folder. */
  assets: string[];
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
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

const joined = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join("") : value ?? "";

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
 *   copied image under `assets/`, or the link unchanged when it leaves the
 *   repository), with `copy` the repository file to copy; `null` for a
 *   file of the repository that the site does not hold (shown as text)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { siteLink } from "./_site.ts";
 * const names = ["01_minimax"];
 * assert.deepEqual(siteLink("../notebooks/01_minimax.ipynb", "docs/course.md", names), { href: "01_minimax.html" });
 * assert.deepEqual(siteLink("000/ordering.svg", "figures/README.md", names), {
 *   href: "assets/figures/000/ordering.svg",
 *   copy: "figures/000/ordering.svg",
 * });
 * assert.equal(siteLink("../src/course/minimax/mod.ts", "docs/course.md", names), null);
 * assert.deepEqual(siteLink("https://example.org/x", "docs/course.md", names), { href: "https://example.org/x" });
 * assert.deepEqual(siteLink("#reading-order", "docs/course.md", names), { href: "#reading-order" });
 * ```
 */
export function siteLink(
  href: string,
  from: string,
  notebooks: readonly string[],
): { href: string; copy?: string } | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#")) {
    return { href };
  }
  const [path = "", fragment] = href.split("#", 2);
  const hash = fragment === undefined ? "" : `#${fragment}`;
  const target = normalize(join(dirname(from), decodeURI(path)));
  if (target.startsWith("..")) return null;
  const name = basename(target, ".ipynb");
  if (dirname(target) === "notebooks" && extname(target) === ".ipynb") {
    return notebooks.includes(name) ? { href: `${name}.html${hash}` } : null;
  }
  if (target === "docs/course.md" || target === "figures/README.md") {
    return { href: `index.html${hash}` };
  }
  if (IMAGE.test(target)) {
    return { href: `assets/${target}`, copy: target };
  }
  return null;
}

/** A Markdown renderer whose links and images point into the site. */
function markdown(
  from: string,
  notebooks: readonly string[],
  copies: Set<string>,
): (text: string) => string {
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
        if (target.copy) copies.add(target.copy);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        return `<a href="${escapeHtml(target.href)}"${title}>${inner}</a>`;
      },
      image(token: Tokens.Image) {
        const target = siteLink(token.href, from, notebooks);
        if (target === null) return escapeHtml(token.text);
        if (target.copy) copies.add(target.copy);
        return `<img src="${escapeHtml(target.href)}" alt="${
          escapeHtml(token.text)
        }">`;
      },
    },
  });
  return (text) => marked.parse(text, { async: false });
}

/** An SVG document as inline markup: without its XML prolog and doctype. */
function inlineSvg(svg: string): string {
  return svg.replace(/^\s*<\?xml[^>]*\?>/, "").replace(
    /^\s*<!DOCTYPE[^>]*>/i,
    "",
  ).trim();
}

/** Counts of what a notebook page shows. */
interface Shown {
  charts: number;
  steppers: number;
}

/**
 * One output of a code cell as HTML: the richest representation the page
 * can show. SVG first (a chart, inline, even when the notebook also carries
 * an HTML form of it), then HTML, PNG/JPEG, Markdown, plain text.
 */
function renderOutput(
  output: NotebookOutput,
  md: (text: string) => string,
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
      const traceback = joined(
        (output as { traceback?: string[] }).traceback?.join("\n"),
      );
      return `<pre class="output error">${
        escapeHtml(
          (traceback || `${output.ename}: ${output.evalue}`).replace(ANSI, ""),
        )
      }</pre>`;
    }
    case "execute_result":
    case "display_data":
      break;
    default:
      return "";
  }
  const data = output.data ?? {};
  const svg = data["image/svg+xml"];
  if (svg !== undefined) {
    shown.charts++;
    return `<figure class="output chart" data-mime="image/svg+xml">${
      inlineSvg(joined(svg))
    }</figure>`;
  }
  const html = data["text/html"];
  if (html !== undefined) {
    const text = joined(html);
    shown.steppers += (text.match(/class="gts-stepper"/g) ?? []).length;
    return `<div class="output html" data-mime="text/html">${text}</div>`;
  }
  for (const mime of ["image/png", "image/jpeg"]) {
    const image = data[mime];
    if (image !== undefined) {
      return `<figure class="output image" data-mime="${mime}"><img src="data:${mime};base64,${
        joined(image).replace(/\s/g, "")
      }" alt="output"></figure>`;
    }
  }
  const markdownText = data["text/markdown"];
  if (markdownText !== undefined) {
    return `<div class="output markdown" data-mime="text/markdown">${
      md(joined(markdownText))
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
  md: (text: string) => string,
  shown: Shown,
): string {
  const source = joined(cell.source);
  if (cell.cell_type === "markdown") {
    return `<section class="cell markdown">${md(source)}</section>`;
  }
  if (cell.cell_type !== "code") {
    return `<section class="cell raw"><pre>${
      escapeHtml(source)
    }</pre></section>`;
  }
  const outputs = (cell.outputs ?? []).map((output) =>
    renderOutput(output, md, shown)
  ).join("\n");
  return `<section class="cell code"><pre class="source"><code>${
    escapeHtml(source)
  }</code></pre>${
    outputs ? `\n<div class="outputs">${outputs}</div>` : ""
  }</section>`;
}

/** A notebook's title: its first Markdown heading, or its file name. */
export function notebookTitle(notebook: Notebook, name: string): string {
  for (const cell of notebook.cells) {
    if (cell.cell_type !== "markdown") continue;
    const heading = joined(cell.source).match(/^#{1,2}\s+(.+)$/m);
    if (heading) return heading[1]!.replace(/[`*_]/g, "").trim();
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
 * @returns the HTML and the number of charts and steppers it shows
 *
 * @example An SVG chart goes inline; a stepper's HTML as it is
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderNotebook } from "./_site.ts";
 * const page = renderNotebook({
 *   cells: [
 *     { cell_type: "markdown", source: ["# One\n", "See [two](02_two.ipynb)."] },
 *     { cell_type: "code", source: "chart()", outputs: [{
 *       output_type: "execute_result",
 *       data: { "image/svg+xml": '<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg>', "text/html": "<img>" },
 *     }] },
 *   ],
 * }, "01_one", ["01_one", "02_two"], new Set());
 * assert.equal(page.charts, 1);
 * assert.match(page.html, /<figure class="output chart" data-mime="image\/svg\+xml"><svg/);
 * assert.match(page.html, /<a href="02_two.html">two<\/a>/);
 * ```
 */
export function renderNotebook(
  notebook: Notebook,
  name: string,
  notebooks: readonly string[],
  copies: Set<string>,
): { html: string; charts: number; steppers: number } {
  const md = markdown(`notebooks/${name}.ipynb`, notebooks, copies);
  const shown: Shown = { charts: 0, steppers: 0 };
  const html = notebook.cells.map((cell) => renderCell(cell, md, shown)).join(
    "\n",
  );
  return { html, ...shown };
}

/** The site's pages in reading order, for the navigation bar. */
interface Nav {
  notebooks: { name: string; title: string }[];
}

/**
 * A whole page: the shell around `body`, with the navigation and the
 * style sheet; `scripts` are local files loaded at the end of the body.
 */
function pageShell(
  title: string,
  body: string,
  nav: Nav,
  current: string,
  scripts: string[] = [],
): string {
  const link = (file: string, text: string) =>
    `<a href="${file}"${file === current ? ' aria-current="page"' : ""}>${
      escapeHtml(text)
    }</a>`;
  const links = [
    link("index.html", "Course"),
    ...nav.notebooks.map((notebook) =>
      link(`${notebook.name}.html`, notebook.name.replace(/^(\d+)_.*/, "$1"))
    ),
    link("play.html", "Play"),
  ].join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
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
${scripts.map((src) => `<script src="${src}"></script>`).join("\n")}
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
 * with `play.js` (bundled from `src/web/`), `site.css`, and the images the
 * pages show under `assets/`.
 *
 * Work: linear in the notebooks' and Markdown files' size, plus one
 * esbuild run.
 *
 * @param options `out`, `root`
 * @returns what was written
 * @throws {Error} when `out` is a file, or a folder that is not empty and
 *   was not written by an earlier build (it is never emptied then), or a
 *   notebook or the book cannot be read
 */
export async function buildSite(options: SiteOptions): Promise<SiteBuild> {
  const root = options.root ?? ROOT;
  const out = options.out;
  await prepareOut(out);
  const notebookPaths = await listNotebooks(join(root, "notebooks"));
  if (notebookPaths.length === 0) {
    throw new Error(
      `buildSite: no notebooks in ${
        join(root, "notebooks")
      } (expected *.ipynb)`,
    );
  }
  const names = notebookPaths.map((path) => basename(path, ".ipynb"));
  const notebooks = await Promise.all(notebookPaths.map(readNotebook));
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

  // The front page.
  const courseMap = await Deno.readTextFile(join(root, "docs/course.md"));
  const figures = await Deno.readTextFile(join(root, "figures/README.md"));
  const list = nav.notebooks.map((notebook) =>
    `<li><a href="${notebook.name}.html">${escapeHtml(notebook.title)}</a></li>`
  ).join("\n");
  const front = `<header class="front">
<h1>Game-tree search: the course</h1>
<p>The course's notebooks as executed and committed, with their charts and search steppers; the <a href="#course-map">course map</a>; the <a href="#figures">course's figures recomputed</a>; and <a href="play.html">play</a> tic-tac-toe, Nim and Connect Four against the library's engines. Everything here runs in the browser, with no network.</p>
<ol class="notebooks">
${list}
<li><a href="play.html">Play against the engines</a></li>
</ol>
</header>
<article id="course-map" class="markdown">${
    markdown("docs/course.md", names, copies)(courseMap)
  }</article>
<article id="figures" class="markdown">${
    markdown("figures/README.md", names, copies)(figures)
  }</article>`;
  await write(
    "index.html",
    pageShell("Course", front, nav, "index.html"),
  );
  pages.push({ file: "index.html", title: "Course", kind: "front" });

  // The notebooks.
  let charts = 0, steppers = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!, title = nav.notebooks[i]!.title;
    const page = renderNotebook(notebooks[i]!, name, names, copies);
    charts += page.charts;
    steppers += page.steppers;
    const previous = i > 0 ? names[i - 1] : undefined;
    const next = i + 1 < names.length ? names[i + 1] : undefined;
    const pager = `<nav class="pager">${
      previous
        ? `<a href="${previous}.html">← ${previous}</a>`
        : "<span></span>"
    }<span>notebooks/${name}.ipynb, outputs as committed</span>${
      next
        ? `<a href="${next}.html">${next} →</a>`
        : '<a href="play.html">Play →</a>'
    }</nav>`;
    await write(
      `${name}.html`,
      pageShell(
        title,
        `${pager}\n<article class="notebook">${page.html}</article>\n${pager}`,
        nav,
        `${name}.html`,
      ),
    );
    pages.push({ file: `${name}.html`, title, kind: "notebook" });
  }

  // The play page.
  const web = join(root, "src/web");
  const playBody = await Deno.readTextFile(join(web, "play.html"));
  await write(
    "play.html",
    pageShell("Play", playBody, nav, "play.html", ["play.js"]),
  );
  pages.push({ file: "play.html", title: "Play", kind: "play" });
  const book = await Deno.readTextFile(join(root, "data/connect4/book.txt"));
  await write("play.js", await bundlePlay(web, book));
  await Deno.copyFile(join(web, "site.css"), join(out, "site.css"));

  const assets = ["site.css", "play.js"];
  for (const file of [...copies].sort()) {
    const to = join(out, "assets", file);
    await Deno.mkdir(dirname(to), { recursive: true });
    try {
      await Deno.copyFile(join(root, file), to);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      throw new Error(
        `buildSite: ${file}, shown by a page, does not exist (${root})`,
      );
    }
    assets.push(`assets/${file}`);
  }
  return { pages, charts, steppers, assets };
}

/** Makes `out` an empty folder marked as the site's, or refuses. */
async function prepareOut(out: string): Promise<void> {
  let entries: string[];
  try {
    const info = await Deno.stat(out);
    if (!info.isDirectory) {
      throw new Error(`buildSite: out ${out} is a file, not a folder`);
    }
    entries = [];
    for await (const entry of Deno.readDir(out)) entries.push(entry.name);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    entries = [];
  }
  if (entries.length > 0) {
    if (!entries.includes(SITE_MARKER)) {
      throw new Error(
        `buildSite: out ${out} is a folder that is not empty and has no ${SITE_MARKER} (not written by deno task site): refusing to replace it`,
      );
    }
    await Deno.remove(out, { recursive: true });
  }
  await Deno.mkdir(out, { recursive: true });
  await Deno.writeTextFile(
    join(out, SITE_MARKER),
    "Written by deno task site: the next build replaces this folder.\n",
  );
}
