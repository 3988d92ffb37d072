/**
 * A repository of crafted notebooks, as a student could hand them in, for
 * the site's security tests (tests/site_security_test.ts without a browser,
 * tests/browser/site_crafted_test.ts in chromium): a file name that is
 * markup, image outputs that are markup, HTML, SVG and Markdown with
 * scripts, handlers and `javascript:` links, a stepper whose code was
 * changed and one whose data and markup were, symlinks to a notebook, an
 * image and a folder outside the repository, a notebook named `index`, one
 * named just `.ipynb`, and
 * an SVG file with a script, and a play page of its own (`src/play/web/`:
 * script, markup, style sheet, worker, and an opening book), which the site
 * must not take. Every payload, if it ran, would set
 * `window.__pwned` (or `document.title`, or open a dialog); the files
 * outside hold {@linkcode CraftedRepository.secret}, which no file of the
 * built site may contain.
 *
 * Beside them, notebooks as the course writes them: a real chart and a real
 * stepper, which must still show and step.
 */

import { join } from "node:path";
import { searchSteps, stepperHtml } from "../src/notebook/mod.ts";
import { ROOT } from "./_cli.ts";

/**
 * A string in every file of the crafted repository's own play page
 * (`src/play/web/`, `data/connect4/book.txt`): the site builds its play
 * page from its own checkout, so no built file may hold it.
 */
export const PLAY_PAYLOAD = "GTS-CRAFTED-PLAY-PAGE";

/**
 * The code shown in place of the real one by the `<style>` of the notebook
 * `20_restyle` (from a review): the real code's text made transparent, this
 * written over it with `::before`; and an element of its own, fixed over
 * the page by a style attribute, with the same text.
 */
export const DECOY_CODE = 'console.log("hello")';

/** What {@linkcode craftedRepository} made. */
export interface CraftedRepository {
  /** The repository's root, for `buildSite({ root })`. */
  root: string;
  /** A folder outside it that symlinks point into. */
  outside: string;
  /** A string that is only in the files outside the repository. */
  secret: string;
  /** The crafted notebooks' names (without `.ipynb`) that get a page. */
  names: string[];
  /** The name that is markup. */
  evilName: string;
  /** The name that is a `javascript:` URL. */
  schemeName: string;
  /** Removes both folders. */
  remove(): Promise<void>;
}

/** The name from the issue: markup that sets the title when it runs. */
export const EVIL_NAME = "99_<img src=x onerror=document.title=1>";
/** A name that is a `javascript:` URL once `.html` is added. */
export const SCHEME_NAME = "javascript:window.__pwned='name-link'";

const PAYLOAD = (label: string) => `window.__pwned='${label}'`;

/** `<script>` and `<img onerror>` that set `window.__pwned` to `label`. */
const scriptAndImage = (label: string) =>
  `<script>${PAYLOAD(label)}</script><img src=x onerror="${
    PAYLOAD(`${label}-img`)
  }">`;

const markdownCell = (source: string) => ({ cell_type: "markdown", source });
const codeCell = (outputs: unknown[]) => ({
  cell_type: "code",
  source: "display()",
  outputs,
});
const display = (data: Record<string, string | string[]>) => ({
  output_type: "display_data",
  data,
  metadata: {},
});

/** A genuine stepper, as `searchStepper` shows it. */
function genuineStepper(): string {
  return stepperHtml(searchSteps([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "ok");
}

/** The first chart of the course's first notebook, as committed. */
async function courseChart(): Promise<string> {
  const notebook = JSON.parse(
    await Deno.readTextFile(join(ROOT, "notebooks/01_minimax.ipynb")),
  );
  for (const cell of notebook.cells) {
    for (const output of cell.outputs ?? []) {
      const svg = output.data?.["image/svg+xml"];
      if (svg !== undefined) return [svg].flat().join("");
    }
  }
  throw new Error("courseChart: 01_minimax.ipynb has no SVG output");
}

/** The PNG signature and the secret: a "PNG" the site would copy. */
function secretPng(secret: string): Uint8Array {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...new TextEncoder().encode(secret),
  ]);
}

/**
 * Makes the crafted repository in a temporary folder: a play page of its
 * own under `src/play/web/` and `data/connect4/book.txt`, each file a
 * payload holding {@linkcode PLAY_PAYLOAD} (it would run and show if the
 * site took them), short `docs/course.md` and `figures/README.md` (the
 * front page, with a payload of their own), and the crafted `notebooks/`.
 */
export async function craftedRepository(): Promise<CraftedRepository> {
  const root = await Deno.makeTempDir({ prefix: "gts-crafted-repo-" });
  const outside = await Deno.makeTempDir({ prefix: "gts-crafted-outside-" });
  const secret = `GTS-SECRET-${crypto.randomUUID()}`;
  const web = join(root, "src/play/web");
  await Deno.mkdir(web, { recursive: true });
  const played = `${PAYLOAD("play-ts")}; document.title = "${PLAY_PAYLOAD}";`;
  await Deno.writeTextFile(
    join(web, "play.ts"),
    `// ${PLAY_PAYLOAD}\n(globalThis as any).${played}\n`,
  );
  await Deno.writeTextFile(
    join(web, "c4_worker.ts"),
    `// ${PLAY_PAYLOAD}\n(globalThis as any).${PAYLOAD("play-worker")};\n`,
  );
  await Deno.writeTextFile(
    join(web, "play.html"),
    `<p id="crafted-play">${PLAY_PAYLOAD}</p>${scriptAndImage("play-html")}\n`,
  );
  await Deno.writeTextFile(
    join(web, "site.css"),
    `/* ${PLAY_PAYLOAD} */ body { display: none }\n`,
  );
  await Deno.mkdir(join(root, "data/connect4"), { recursive: true });
  await Deno.writeTextFile(
    join(root, "data/connect4/book.txt"),
    `# ${PLAY_PAYLOAD}\n`,
  );
  await Deno.mkdir(join(root, "docs"));
  await Deno.writeTextFile(
    join(root, "docs/course.md"),
    `# Course\n\n${
      scriptAndImage("course-md")
    }\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[one](../notebooks/10_fine.ipynb)\n`,
  );
  await Deno.mkdir(join(root, "figures"));
  await Deno.writeTextFile(
    join(root, "figures/README.md"),
    "# Figures\n\n[evil](javascript:alert(1))\n",
  );

  // Outside the repository: a notebook, an image, both holding the secret.
  await Deno.writeFile(join(outside, "secret.png"), secretPng(secret));
  await Deno.writeTextFile(
    join(outside, "outside.ipynb"),
    JSON.stringify({ cells: [markdownCell(`# ${secret}`)] }),
  );

  const notebooks = join(root, "notebooks");
  await Deno.mkdir(notebooks);
  const write = (name: string, cells: unknown[]) =>
    Deno.writeTextFile(
      join(notebooks, `${name}.ipynb`),
      JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 }),
    );

  // A notebook as the course writes them: a chart, a stepper.
  await write("10_fine", [
    markdownCell("# Fine\n\nA chart and a stepper."),
    codeCell([display({ "image/svg+xml": await courseChart() })]),
    codeCell([display({ "text/html": genuineStepper() })]),
  ]);
  // A symlink inside the repository is followed.
  await Deno.symlink("10_fine.ipynb", join(notebooks, "11_alias.ipynb"));

  // The file name from the issue, with outputs that are markup.
  const stepper = genuineStepper();
  const changedCode = stepper.replace(
    "show(0);\n})();",
    `${PAYLOAD("stepper-code")};show(0);\n})();`,
  );
  const changedData = stepper
    // The live markup gets a handler; a step's text closes the script.
    .replace(
      'box.innerHTML="',
      `box.innerHTML="\\u003cimg src=x onerror=${PAYLOAD("stepper-live")}>`,
    )
    .replace(
      /"text":"[^"]*"/,
      `"text":"\\u003c/script>\\u003cscript>${
        PAYLOAD("stepper-data")
      }\\u003c/script>"`,
    );
  if (changedCode === stepper || changedData === stepper) {
    throw new Error(
      "craftedRepository: the stepper's script changed shape; update the payloads",
    );
  }
  await write(EVIL_NAME, [
    markdownCell(
      `# <img src=x onerror="${PAYLOAD("title")}"> Evil\n\n` +
        `${scriptAndImage("md")}\n\n` +
        `<svg><style><img src=x onerror="${
          PAYLOAD("md-mxss")
        }"></style></svg>\n\n` +
        `[a](javascript:${PAYLOAD("md-link")}) ` +
        `[b](JaVaScRiPt:${PAYLOAD("md-link-case")}) ` +
        `[c](java%0ascript:${PAYLOAD("md-link-escaped")}) ` +
        "[d](data:text/html,<script>alert(1)</script>) " +
        "[e](vbscript:msgbox(1)) " +
        `<a href="javascript:${PAYLOAD("md-raw-link")}">f</a>\n\n` +
        "![leak](leak.png) ![dir](outside_dir/secret.png) " +
        "![pixel](https://example.org/pixel.png) " +
        `![data](data:image/png;base64,"><script>${
          PAYLOAD("md-data")
        }</script>)\n\n` +
        "[svg file](evil.svg) ![svg image](evil.svg)\n",
    ),
    codeCell([
      display({
        "image/png": `"><script>${PAYLOAD("png")}</script><img src=x onerror="${
          PAYLOAD("png-img")
        }`,
        "text/plain": "png",
      }),
      // Valid base64, but of a PNG: not what it says it is.
      display({ "image/jpeg": "iVBORw0KGgo=", "text/plain": "jpeg" }),
      display({
        "image/jpeg": `/9j/4AAQ" onerror="${PAYLOAD("jpeg")}`,
        "text/plain": "jpeg2",
      }),
      display({
        "text/html": `${scriptAndImage("html")}` +
          `<a href="javascript:${PAYLOAD("html-link")}">click</a>` +
          `<svg><style><img src=x onerror="${
            PAYLOAD("html-mxss")
          }"></style></svg>` +
          `<iframe srcdoc="<script>parent.__pwned='iframe'</script>"></iframe>` +
          `<object data="javascript:${PAYLOAD("object")}"></object>` +
          `<img src="https://example.org/track.png">` +
          `<div style="background:url(https://example.org/bg.png)">bg</div>` +
          `<style>body{background:url(https://example.org/css.png)}</style>` +
          `<form action="https://example.org/"><button>go</button></form>` +
          `<details open ontoggle="${PAYLOAD("html-toggle")}">d</details>` +
          `<base href="https://example.org/">` +
          // A tag whose name is a terminal escape sequence (for the warnings).
          "<b\x1b[2J>text</b\x1b[2J>" +
          `<noscript><p title="</noscript><img src=x onerror=${
            PAYLOAD("html-noscript")
          }>"></p></noscript>` +
          `<math><mtext><table><mglyph><style><img src=x onerror=${
            PAYLOAD("html-math")
          }></style></mglyph></table></mtext></math>` +
          `<meta http-equiv="refresh" content="0;url=javascript:${
            PAYLOAD("html-refresh")
          }">`,
      }),
      display({
        "image/svg+xml":
          `<svg xmlns="http://www.w3.org/2000/svg" onload="${
            PAYLOAD("svg-onload")
          }">` +
          `<script>${PAYLOAD("svg-script")}</script>` +
          `<a href="javascript:${
            PAYLOAD("svg-link")
          }"><text y="9">a</text></a>` +
          `<foreignObject><img src=x onerror="${
            PAYLOAD("svg-foreign")
          }"></foreignObject>` +
          `<animate attributeName="href" to="javascript:${
            PAYLOAD("svg-animate")
          }"/>` +
          `<image href="https://example.org/svg.png"/>` +
          `<circle r="3"/></svg>`,
      }),
      display({
        "text/markdown": `${scriptAndImage("md-output")} [x](javascript:${
          PAYLOAD("md-output-link")
        })`,
      }),
      display({ "text/html": changedCode }),
      display({ "text/html": changedData }),
      {
        output_type: "stream",
        name: "stdout",
        text: scriptAndImage("stream"),
      },
      {
        output_type: "error",
        ename: "<script>",
        evalue: scriptAndImage("error"),
        traceback: [scriptAndImage("traceback")],
      },
    ]),
  ]);
  await write(SCHEME_NAME, [markdownCell("# Scheme\n\nA name.")]);
  // From a review: a <style> hides the code "Edit and run" runs and shows
  // other code in its place; a style attribute lays a decoy over it.
  const editable = "section.cell.code[data-editable]";
  await write("20_restyle", [
    markdownCell(
      "# Restyle\n\n<style>" +
        `${editable} pre.source code, ${editable} textarea { color: transparent }\n` +
        `${editable} pre.source::before { content: '${DECOY_CODE}' }\n` +
        "</style>\n\n" +
        `<pre style="position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; margin: 0; z-index: 99; background: #f4f6f8">${DECOY_CODE}</pre>\n`,
    ),
    {
      cell_type: "code",
      source: `// Try it\n${DECOY_CODE}; console.log("other code")`,
      outputs: [],
    },
  ]);
  // The site's own page names.
  await write("index", [markdownCell(`# Index\n\n${scriptAndImage("index")}`)]);
  // A file named just ".ipynb": its page would have no name.
  await write("", [markdownCell("# Nameless")]);

  // Symlinks out of the repository: a notebook, an image, a folder.
  await Deno.symlink(
    join(outside, "outside.ipynb"),
    join(notebooks, "50_outside.ipynb"),
  );
  await Deno.symlink(join(outside, "secret.png"), join(notebooks, "leak.png"));
  await Deno.symlink(outside, join(notebooks, "outside_dir"));
  // An SVG file of the repository that runs a script when opened.
  await Deno.writeTextFile(
    join(notebooks, "evil.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="${
      PAYLOAD("svg-file-onload")
    }"><script>${
      PAYLOAD("svg-file")
    }</script><rect width="20" height="20" fill="red"/></svg>`,
  );

  return {
    root,
    outside,
    secret,
    names: [EVIL_NAME, "10_fine", "11_alias", "20_restyle", SCHEME_NAME]
      .sort(),
    evilName: EVIL_NAME,
    schemeName: SCHEME_NAME,
    remove: async () => {
      await Deno.remove(root, { recursive: true });
      await Deno.remove(outside, { recursive: true });
    },
  };
}

/** Every file under `folder` (relative paths), symlinks listed, not followed. */
export async function listFiles(folder: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory) await walk(join(dir, entry.name), path);
      else files.push(path);
    }
  };
  await walk(folder, "");
  return files.sort();
}
