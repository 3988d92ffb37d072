/**
 * A site built from crafted notebooks (tests/_crafted_site.ts), read
 * without a browser: names escaped, image data checked, HTML, SVG and
 * Markdown sanitised, links only http(s) or relative, steppers' scripts the
 * library's or none, no symlink followed out of the repository, a
 * Content-Security-Policy on every page; and the course's own notebooks lose
 * nothing to the sanitiser. tests/browser/site_crafted_test.ts opens the
 * crafted site in chromium.
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { JSDOM } from "jsdom";
import { basename, join } from "node:path";
import { listNotebooks, readNotebook } from "../src/notebook/jupyter.ts";
import { buildSite, renderNotebook } from "../src/site/build.ts";
import {
  dataImageProblem,
  imageDataProblem,
  imageFileProblem,
} from "../src/site/image.ts";
import { isSafeLink, sanitizeHtml, sanitizeSvg } from "../src/site/sanitize.ts";
import { cut } from "../src/site/stepper.ts";
import { PLOT_CLASS, PLOT_STYLE } from "../src/site/sanitize_rules.ts";
import { stepperCss } from "../src/notebook/search_stepper.ts";
import { walksCss } from "../src/exercises/report_html.ts";
import { renderSvg } from "../src/plot/render_svg.ts";
import { craftedRepository, listFiles, PLAY_PAYLOAD } from "./_crafted_site.ts";
import { ROOT, runCli } from "./_cli.ts";

// The slice of jsdom's DOM the checks read (Deno has no DOM types).
interface El {
  localName: string;
  textContent: string | null;
  parentElement: El | null;
  attributes: Iterable<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): Iterable<El>;
  classList: { contains(name: string): boolean };
}

function parse(html: string): El {
  return new JSDOM(html).window.document.documentElement as unknown as El;
}

/** Elements no page may hold inside its content. */
const FORBIDDEN = new Set([
  "script",
  "iframe",
  "object",
  "embed",
  "form",
  "base",
  "meta",
  "link",
  "foreignobject",
  "animate",
  "set",
  "image",
  "use",
]);

/**
 * What is wrong in `root`'s subtree: a script, a handler, an element that
 * loads or navigates, a link or image source the site must not write, CSS
 * that loads. `allowedScripts` are the texts the builder itself wrote.
 */
function problems(root: El, allowedScripts: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const name = el.localName.toLowerCase();
    if (name === "script" && allowedScripts.has(el.textContent ?? "")) {
      continue;
    }
    if (FORBIDDEN.has(name)) found.push(`<${name}>`);
    if (
      name === "style" && /url\(\s*['"]?(?!#|data:)/i.test(el.textContent ?? "")
    ) {
      found.push(`<style> loads ${el.textContent}`);
    }
    for (const { name: attr, value } of el.attributes) {
      // deno-lint-ignore no-control-regex
      const compact = value.replace(/[\u0000-\u0020]/g, "");
      if (/^on/i.test(attr)) found.push(`${el.localName} ${attr}=`);
      if (/href$/i.test(attr)) {
        const scheme = compact.match(/^([a-z][a-z0-9+.-]*):/i)?.[1];
        if (scheme !== undefined && !/^https?$/i.test(scheme)) {
          found.push(`${el.localName} ${attr}="${value}"`);
        }
        if (compact.startsWith("//")) found.push(`${attr}="${value}"`);
      }
      if (attr === "src") {
        if (/^data:/i.test(compact)) {
          const image = compact.match(
            /^data:image\/(png|jpeg|svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/,
          );
          if (image === null) found.push(`src="${value.slice(0, 50)}"`);
        } else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(compact)) {
          found.push(`src="${value}"`);
        }
      }
      if (attr === "style" && /url\(\s*['"]?(?!#|data:)/i.test(value)) {
        found.push(`style="${value}"`);
      }
    }
  }
  return found;
}

/** The inline scripts a page's CSP allows: their texts, checked against the hashes. */
function policyScripts(html: string, root: El): Set<string> {
  const policy = html.match(
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/,
  )?.[1];
  if (policy === undefined) return new Set();
  const hashes = new Set(
    [...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]),
  );
  const allowed = new Set<string>();
  for (const script of root.querySelectorAll("script")) {
    const text = script.textContent ?? "";
    if (hashes.has(createHash("sha256").update(text).digest("base64"))) {
      allowed.add(text);
    }
  }
  return allowed;
}

Deno.test("a site built from crafted notebooks: nothing of theirs runs, nothing from outside is copied", async (t) => {
  const repo = await craftedRepository();
  const out = await Deno.makeTempDir({ prefix: "gts-crafted-site-" });
  try {
    const build = await buildSite({ out, root: repo.root });
    const warnings = build.warnings ?? [];
    const files = await listFiles(out);
    const htmlFiles = files.filter((file) => file.endsWith(".html"));
    const pages = new Map<string, string>();
    for (const file of htmlFiles) {
      pages.set(file, await Deno.readTextFile(join(out, file)));
    }
    const evil = pages.get(`${repo.evilName}.html`) ?? "";
    assert.ok(evil !== "", `no page for ${repo.evilName}: ${htmlFiles}`);

    await t.step(
      "a notebook's file name is escaped and percent-encoded in every page",
      () => {
        for (const [file, html] of pages) {
          assert.ok(
            !html.includes(repo.evilName),
            `${file} holds the raw name`,
          );
          assert.ok(!html.includes(`${repo.schemeName}.html`), file);
          for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
            assert.doesNotMatch(href!, /^javascript:/i, `${file}: ${href}`);
          }
        }
        const index = pages.get("index.html")!;
        assert.ok(
          index.includes(
            'href="99_%3Cimg%20src%3Dx%20onerror%3Ddocument.title%3D1%3E.html"',
          ),
          "the front page links the page by its encoded name",
        );
        assert.ok(
          index.includes(
            'href="javascript%3Awindow.__pwned%3D&#39;name-link&#39;.html"',
          ),
        );
      },
    );

    await t.step(
      "PNG and JPEG outputs: base64 of the declared type, or a note why not",
      () => {
        assert.doesNotMatch(
          evil,
          /data:image\/(png|jpeg);base64,[^"]*[^A-Za-z0-9+/="]/,
        );
        assert.match(
          evil,
          /The image\/png output is not shown: the data is not base64 \(character &quot;\\&quot;&quot;\)\./,
        );
        assert.match(
          evil,
          /The image\/jpeg output is not shown: the data is not a JPEG image\./,
        );
        assert.match(
          evil,
          /The image\/jpeg output is not shown: the data is not base64/,
        );
      },
    );

    const dom = parse(evil);
    const allowed = policyScripts(evil, dom);

    await t.step(
      "HTML and SVG outputs are sanitised: no script, handler, loader, javascript: link",
      () => {
        const found = [...dom.querySelectorAll(".outputs")].flatMap((outputs) =>
          problems(outputs, allowed)
        );
        assert.deepEqual(found, []);
        // What is allowed stays: the chart's marks, the HTML's text.
        assert.ok(evil.includes('<circle r="3"></circle>'), "the SVG's circle");
        assert.ok(evil.includes(">click</a>"), "the link's text");
      },
    );

    await t.step(
      "Markdown: raw HTML sanitised, links other than http(s) and relative dropped",
      () => {
        const cells = [
          ...dom.querySelectorAll("section.markdown, .output.markdown"),
        ];
        assert.ok(cells.length >= 2);
        assert.deepEqual(
          cells.flatMap((cell) => problems(cell, new Set())),
          [],
        );
        const front = parse(pages.get("index.html")!);
        assert.deepEqual(
          [...front.querySelectorAll("article")].flatMap((article) =>
            problems(article, new Set())
          ),
          [],
        );
        assert.ok(
          pages.get("index.html")!.includes("<table>"),
          "the course map's table stays",
        );
        const links = [...dom.querySelectorAll("section.markdown a")].map((a) =>
          a.getAttribute("href")
        );
        assert.deepEqual(
          links.filter((href) =>
            /^[a-z]+:/i.test(href ?? "") &&
            !/^https?:/.test(href!)
          ),
          [],
        );
        assert.ok(
          links.includes("https://example.org/pixel.png"),
          `a remote image becomes a link: ${links}`,
        );
      },
    );

    await t.step(
      "a stepper's script is the library's code, rebuilt, or none",
      () => {
        const steppers = [...dom.querySelectorAll("div.gts-stepper")];
        assert.equal(steppers.length, 2);
        const [changedCode, changedData] = steppers;
        assert.equal(
          [...changedCode!.querySelectorAll("script")].length,
          0,
          "a stepper whose code was changed has no script",
        );
        assert.equal(
          [...changedCode!.querySelectorAll("[data-role=static]")].length,
          1,
          "it shows its picture",
        );
        const scripts = [...changedData!.querySelectorAll("script")];
        assert.equal(
          scripts.length,
          1,
          "a stepper with odd data keeps a script",
        );
        const text = scripts[0]!.textContent!;
        assert.ok(allowed.has(text), "the CSP allows it by its hash");
        assert.ok(!text.includes("</"), "its data cannot close the script");
        assert.ok(!text.includes("onerror"), "its live markup was sanitised");
        assert.ok(
          warnings.some((line) =>
            /the stepper gts-stepper-\S+'s script \(its script is not the library's stepper code\)/
              .test(line)
          ),
          warnings.join("\n"),
        );
        const fine = pages.get("10_fine.html")!;
        const fineDom = parse(fine);
        const fineScripts = [
          ...fineDom.querySelectorAll("div.gts-stepper script"),
        ];
        assert.equal(
          fineScripts.length,
          1,
          "a genuine stepper keeps its script",
        );
        assert.ok(
          policyScripts(fine, fineDom).has(fineScripts[0]!.textContent!),
        );
      },
    );

    await t.step(
      "symlinks out of the repository are not followed: no notebook, no image",
      async () => {
        for (const file of files) {
          const bytes = await Deno.readFile(join(out, file));
          assert.ok(
            !new TextDecoder().decode(bytes).includes(repo.secret),
            `${file} holds a file from outside the repository`,
          );
        }
        assert.ok(!files.includes("assets/notebooks/leak.png"), files.join());
        assert.ok(
          !files.some((file) => file.includes("outside")),
          files.join(),
        );
        assert.ok(
          files.includes("11_alias.html"),
          "a symlink inside is followed",
        );
        for (
          const expected of [
            /notebooks\/"50_outside\.ipynb": skipped, a symlink out of the repository/,
            /"notebooks\/leak\.png": not copied, it resolves out of the repository/,
            /"notebooks\/outside_dir\/secret\.png": not copied, it resolves out of the repository/,
          ]
        ) {
          assert.ok(
            warnings.some((line) => expected.test(line)),
            `${expected}: ${warnings.join("\n")}`,
          );
        }
      },
    );

    await t.step(
      "a notebook's <style> is dropped; the charts' and steppers' own stay",
      () => {
        const restyle = parse(pages.get("20_restyle.html")!);
        assert.deepEqual(
          [...restyle.querySelectorAll("main style")].map((s) => s.textContent),
          [],
        );
        const fine = parse(pages.get("10_fine.html")!);
        const kept = [...fine.querySelectorAll("main style")].map((s) =>
          s.parentElement!.localName + "." +
          (s.parentElement!.getAttribute("class") ?? "")
        );
        assert.deepEqual(kept, ["svg.plot-d6a7b5", "div.gts-stepper"]);
        assert.ok(
          warnings.some((line) =>
            line.startsWith('notebooks/"20_restyle".ipynb: dropped') &&
            line.includes(
              "a <style> (the site keeps only its charts' and steppers' own)",
            )
          ),
          warnings.join("\n"),
        );
      },
    );

    await t.step(
      "the play page is this checkout's, not the published repository's",
      async () => {
        for (const file of files) {
          const text = new TextDecoder().decode(
            await Deno.readFile(join(out, file)),
          );
          assert.ok(
            !text.includes(PLAY_PAYLOAD),
            `${file} holds the crafted repository's play page`,
          );
        }
        const ours = await Deno.readTextFile(
          join(ROOT, "src/play/web/play.html"),
        );
        assert.ok(pages.get("play.html")!.includes(ours));
        assert.equal(
          await Deno.readTextFile(join(out, "site.css")),
          await Deno.readTextFile(join(ROOT, "src/play/web/site.css")),
        );
      },
    );

    await t.step(
      "every page carries a CSP that runs only the site's own scripts",
      () => {
        for (const [file, html] of pages) {
          const head = html.slice(0, html.indexOf("</head>"));
          const metas = [...head.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
          assert.match(
            metas[1] ?? "",
            /^<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*; /,
            `${file}: the CSP comes right after the charset`,
          );
          for (
            const directive of [
              "object-src 'none'",
              "base-uri 'none'",
              "form-action 'none'",
              "img-src 'self' data:",
            ]
          ) {
            assert.ok(metas[1]!.includes(directive), `${file}: ${directive}`);
          }
          assert.doesNotMatch(metas[1]!, /script-src[^;]*unsafe/);
          const root = parse(html);
          const inline = [...root.querySelectorAll("script")].filter((s) =>
            s.getAttribute("src") === null
          );
          const allowedHere = policyScripts(html, root);
          for (const script of inline) {
            assert.ok(allowedHere.has(script.textContent!), file);
            assert.ok(
              script.parentElement?.classList.contains("gts-stepper"),
              `${file}: an inline script outside a stepper`,
            );
          }
        }
      },
    );

    await t.step(
      "the warnings name what was dropped, with no control character",
      () => {
        assert.ok(
          warnings.some((line) => line.includes("a <b\\u001b[2j>")),
          warnings.join("\n"),
        );
        for (const line of warnings) {
          // deno-lint-ignore no-control-regex
          assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/);
        }
      },
    );

    await t.step(
      "an SVG file is sanitised before it is copied; a notebook named index is skipped",
      async () => {
        const svg = await Deno.readTextFile(
          join(out, "assets/notebooks/evil.svg"),
        );
        assert.doesNotMatch(svg, /script|onload/i);
        assert.match(svg, /<rect width="20" height="20" fill="red"\/>/);
        assert.match(pages.get("index.html")!, /Game-tree search: the course/);
        assert.ok(!pages.get("index.html")!.includes("index-img"));
        assert.ok(
          warnings.some((line) =>
            /notebooks\/"index\.ipynb": skipped, its page would replace the site's index\.html/
              .test(line)
          ),
          warnings.join("\n"),
        );
        assert.ok(
          warnings.includes(
            'notebooks/".ipynb": skipped, it has no name before .ipynb',
          ),
          warnings.join("\n"),
        );
        assert.ok(!pages.has(".html"));
      },
    );
  } finally {
    await Deno.remove(out, { recursive: true });
    await repo.remove();
  }
});

Deno.test("deno task site --help says what a notebook's scripts get: nothing runs", async () => {
  const help = await runCli("site.ts", ["--help"], {
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /no script from a notebook runs on a page/);
  assert.match(help.stdout, /Content-Security-Policy/);
});

Deno.test("the course's own notebooks lose nothing to the sanitiser: every chart whole, every stepper live", async () => {
  const paths = await listNotebooks(join(ROOT, "notebooks"));
  const names = paths.map((path) => basename(path, ".ipynb"));
  let steppers = 0;
  for (const [i, path] of paths.entries()) {
    const page = renderNotebook(
      await readNotebook(path),
      names[i]!,
      names,
      new Set(),
    );
    assert.deepEqual(page.dropped, [], `${names[i]}: dropped`);
    assert.equal(page.scripts.length, page.steppers, `${names[i]}: steppers`);
    steppers += page.steppers;
  }
  assert.ok(steppers > 0);
});

Deno.test("image data: strict base64 of the declared type", () => {
  const png = "iVBORw0KGgo=";
  assert.equal(imageDataProblem("image/png", png), null);
  assert.equal(imageDataProblem("image/png", "iVBORw0K\r\nGgo="), null);
  assert.equal(imageDataProblem("image/jpeg", "/9j/4AAQ"), null);
  for (
    const [mime, data, reason] of [
      ["image/png", "iVBORw0KGgo", /bad padding or length/],
      ["image/png", "iVBORw0KGgo==", /bad padding or length/],
      ["image/png", "iVBORw0K Ggo=", /character " "/],
      ["image/png", "iVBO=w0KGgo=", /bad padding or length/],
      ["image/png", "", /empty/],
      ["image/png", "/9j/4AAQ", /not a PNG image/],
      ["image/jpeg", png, /not a JPEG image/],
      ["image/jpeg", '/9j/4AAQ"><script>', /character "\\""/],
      ["text/html", png, /not an image type/],
    ] as const
  ) {
    assert.match(
      imageDataProblem(mime, data) ?? "accepted",
      reason,
      `${mime} ${data}`,
    );
  }
  assert.equal(dataImageProblem(`data:image/png;base64,${png}`), null);
  assert.match(dataImageProblem(`data:image/png,${png}`)!, /not base64/);
  assert.match(dataImageProblem("data:text/html;base64,PHA+")!, /not an image/);
  assert.equal(
    imageFileProblem(Uint8Array.from(atob(png), (c) => c.charCodeAt(0)), "png"),
    null,
  );
  assert.match(
    imageFileProblem(new TextEncoder().encode("<svg>"), "gif")!,
    /not a GIF/,
  );
});

Deno.test("image data: a type is one of the site's, not a name Object.prototype holds", () => {
  // MAGIC["constructor"] is Object, which takes any bytes: "AAAA" was
  // accepted as an image of type "constructor".
  for (const mime of ["constructor", "toString", "valueOf", "__proto__"]) {
    assert.match(
      imageDataProblem(mime, "AAAA") ?? "accepted",
      /is not an image type the site shows/,
      mime,
    );
  }
});

Deno.test("a stepper's script is read in time linear in its length: a crafted one cannot stall the build", () => {
  // Lines of "id=;" then "var data=;" and no "box.innerHTML=": the pattern
  // that cut the script before backtracked over every pair of them for
  // every later position. A 32 kB script took 4 s, a 64 kB one 30 s (the
  // cube of the length): this 480 kB one, read as a stepper's and as a walk
  // stepper's, would have held the build for hours.
  const m = 30_000;
  const script = "id=;\n".repeat(m) + "var data=;\n".repeat(m);
  const html =
    `<div class="gts-stepper" id="gts-stepper-a-0"><script>${script}</script></div>` +
    `<div class="gts-walks" id="gts-walks-a-0"><script>${script}</script></div>`;
  const page = renderNotebook(
    {
      cells: [{
        cell_type: "code",
        source: "crafted()",
        outputs: [{ output_type: "display_data", data: { "text/html": html } }],
      }],
    },
    "crafted",
    ["crafted"],
    new Set(),
  );
  assert.deepEqual(page.scripts, []);
  assert.deepEqual(page.dropped, [
    "the stepper gts-stepper-a-0's script (its script is not the library's stepper code)",
    "the stepper gts-walks-a-0's script (its script is not the library's walk stepper code)",
  ]);
  assert.equal(cut(script), null);
});

Deno.test("what relink returns meets the rules of what the markup held: no javascript: link, no remote image", () => {
  // The sanitiser wrote relink's answer as it came, after its own checks.
  const relink = (url: string) =>
    url === "a.ipynb"
      ? "javascript:alert(1)"
      : url === "b.png"
      ? "https://example.org/pixel.png"
      : url === "c.png"
      ? "data:text/html;base64,PHNjcmlwdD4="
      : url;
  const clean = sanitizeHtml(
    '<a href="a.ipynb">a</a> <img src="b.png" alt="b"> <img src="c.png" alt="c"> <a href="d.html">d</a>',
    { relink },
  );
  assert.equal(
    clean.html,
    '<a>a</a> <img alt="b"> <img alt="c"> <a href="d.html">d</a>',
  );
  assert.deepEqual(clean.dropped, [
    'a link to "javascript:alert(1)" (from relink)',
    'an image source "https://example.org/pixel.png" (from relink: not a file of the site)',
    'an image source "data:text/html;base64,PHNjcmlwdD4=" (from relink: text/html is not an image type)',
  ]);
  const svg = sanitizeSvg('<svg><a href="a.ipynb"><text>t</text></a></svg>', {
    relink,
  });
  assert.equal(svg.html, "<svg><a><text>t</text></a></svg>");
  assert.deepEqual(svg.dropped, [
    'a link to "javascript:alert(1)" (from relink)',
  ]);
  // An answer that is no URL at all is the caller's error, named.
  assert.throws(
    () => sanitizeHtml("<a href='x'>a</a>", { relink: () => 42 } as never),
    /^Error: sanitizeHtml: options\.relink must return a URL \(a string\) or null, got 42 for "x"$/,
  );
});

Deno.test("links: http(s), fragments and relative paths stay; every other scheme goes", () => {
  for (
    const href of [
      "https://example.org/",
      "HTTP://example.org/",
      "#top",
      "02_alpha_beta.html",
      "./a/b.png",
      "../a.html?x=1:2",
      "a/b:c",
    ]
  ) {
    assert.ok(isSafeLink(href), href);
  }
  for (
    const href of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "java\nscript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//example.org/x",
      "/etc/passwd",
      "\\\\host\\share",
      "mailto:a@b.c",
    ]
  ) {
    assert.ok(!isSafeLink(href), JSON.stringify(href));
  }
});

/**
 * A small repository for the build's reads: one notebook, the course map,
 * the figures' summary; `outside` is a folder beside it holding `secret`.
 */
async function smallRepository(): Promise<
  { root: string; outside: string; secret: string; remove(): Promise<void> }
> {
  const root = await Deno.makeTempDir({ prefix: "gts-small-repo-" });
  const outside = await Deno.makeTempDir({ prefix: "gts-small-outside-" });
  const secret = `GTS-SECRET-${crypto.randomUUID()}`;
  const notebook = (title: string) =>
    JSON.stringify({
      cells: [{ cell_type: "markdown", source: `# ${title}` }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    });
  for (const folder of [root, outside]) {
    const text = folder === outside ? secret : "inside";
    await Deno.mkdir(join(folder, "notebooks"));
    await Deno.writeTextFile(
      join(folder, "notebooks/01_a.ipynb"),
      notebook(text),
    );
    await Deno.mkdir(join(folder, "docs"));
    await Deno.writeTextFile(join(folder, "docs/course.md"), `# ${text}\n`);
    await Deno.mkdir(join(folder, "figures"));
    await Deno.writeTextFile(join(folder, "figures/README.md"), `# ${text}\n`);
  }
  return {
    root,
    outside,
    secret,
    remove: async () => {
      await Deno.remove(root, { recursive: true });
      await Deno.remove(outside, { recursive: true });
    },
  };
}

Deno.test("the build reads no file or folder out of the repository: a symlinked notebooks/, docs/, course map or figures summary is refused by name", async () => {
  for (
    const [link, expected] of [
      ["notebooks", /buildSite: notebooks resolves out of the repository/],
      ["docs", /buildSite: docs\/course\.md resolves out of the repository/],
      [
        "docs/course.md",
        /buildSite: docs\/course\.md resolves out of the repository/,
      ],
      [
        "figures/README.md",
        /buildSite: figures\/README\.md resolves out of the repository/,
      ],
    ] as const
  ) {
    const repo = await smallRepository();
    const out = await Deno.makeTempDir({ prefix: "gts-small-site-" });
    try {
      await Deno.remove(join(repo.root, link), { recursive: true });
      await Deno.symlink(join(repo.outside, link), join(repo.root, link));
      await assert.rejects(
        buildSite({ out, root: repo.root }),
        (error: Error) => {
          assert.match(error.message, expected, link);
          return true;
        },
      );
      for (const file of await listFiles(out)) {
        assert.ok(
          !(await Deno.readTextFile(join(out, file))).includes(repo.secret),
          `${link}: ${file} holds a file from outside the repository`,
        );
      }
    } finally {
      await Deno.remove(out, { recursive: true });
      await repo.remove();
    }
  }
});

/** `html` parsed as a page's body parses it, and written back. */
function reparsed(html: string): string {
  const body = new JSDOM("").window.document.body;
  body.innerHTML = html;
  return body.innerHTML;
}

Deno.test("sanitised markup is the tree a browser builds from it: a link out of the site inside SVG stays SVG", () => {
  const relink = (url: string) => url.startsWith("../") ? null : url;
  for (
    const markup of [
      // From the review: the <span> closed the <svg>, and the <title> and
      // <circle> after it left SVG.
      '<svg width="100" height="40"><a href="../src/mod.ts"><text y="10">t</text></a>' +
      '<title><b id="after-title">bold</b></title><circle r="3"/></svg><p id="marker">after</p>',
      '<svg><g><a href="../a.ts"><a href="#x"><text>t</text></a></a><rect width="1"/></g></svg>',
      '<svg><a href="#top"><text>t</text></a><desc><a href="../b.ts">b</a></desc></svg>',
      '<p><a href="../c.ts">c</a> and <a href="https://example.org/">d</a></p>',
      '<table><tr><td><a href="../d.ts"><svg><a href="../e.ts"><circle r="1"/></a></svg></a></td></tr></table>',
    ]
  ) {
    const clean = sanitizeHtml(markup, { relink }).html;
    assert.equal(reparsed(clean), clean, markup);
    const body = new JSDOM("").window.document.body;
    body.innerHTML = clean;
    for (const svg of body.querySelectorAll("svg")) {
      for (const child of svg.querySelectorAll("*")) {
        if (child.closest("title, desc") !== null) continue;
        assert.equal(
          child.namespaceURI,
          "http://www.w3.org/2000/svg",
          `${child.localName} in ${clean}`,
        );
      }
    }
  }
  const svg = sanitizeHtml(
    '<svg><a href="../src/mod.ts"><text>t</text></a></svg>',
    { relink },
  ).html;
  assert.equal(
    svg,
    '<svg><g class="repo-link"><title>../src/mod.ts (in the repository)</title><text>t</text></g></svg>',
  );
});

Deno.test("the course's HTML and SVG outputs, sanitised, are the trees a browser builds from them", async () => {
  const relink = (url: string) => /^(#|https?:)/.test(url) ? url : null;
  let outputs = 0;
  for (const path of await listNotebooks(join(ROOT, "notebooks"))) {
    for (const cell of (await readNotebook(path)).cells) {
      for (const output of cell.outputs ?? []) {
        const data = (output.data ?? {}) as Record<string, unknown>;
        for (const mime of ["text/html", "image/svg+xml"]) {
          const value = data[mime];
          if (value === undefined) continue;
          const markup = [value].flat().join("");
          const clean =
            sanitizeHtml(markup, { steppers: mime === "text/html", relink })
              .html;
          assert.equal(reparsed(clean), clean, `${basename(path)} ${mime}`);
          outputs++;
        }
      }
    }
  }
  assert.ok(outputs > 0);
});

Deno.test("a chart's <style> the site keeps is the one the pinned Observable Plot writes", () => {
  const svg = renderSvg({ marks: [] });
  const body = new JSDOM("").window.document.body;
  body.innerHTML = svg;
  const styles = [...body.querySelectorAll("svg > style")];
  assert.equal(styles.length, 1, svg);
  assert.equal(styles[0]!.textContent, PLOT_STYLE);
  assert.ok(body.querySelector("svg")!.classList.contains(PLOT_CLASS));
  assert.equal(
    sanitizeHtml(svg).html.includes(`<style>${PLOT_STYLE}</style>`),
    true,
  );
});

Deno.test("a <style> is kept only as the library writes it, in the element it writes it in", () => {
  const id = "gts-stepper-abc123-0";
  const stepper = (css: string, div = `class="gts-stepper" id="${id}"`) =>
    sanitizeHtml(`<div ${div}><style>${css}</style></div>`).html;
  assert.equal(
    stepper(stepperCss(id)),
    `<div class="gts-stepper" id="${id}"><style>${
      stepperCss(id)
    }</style></div>`,
  );
  const walks = "gts-walks-abc123-1";
  assert.match(
    stepper(walksCss(walks), `class="gts-walks" id="${walks}"`),
    /<style>/,
  );
  for (
    const [css, div] of [
      [`${stepperCss(id)} textarea{color:transparent}`, undefined],
      [stepperCss(id), `class="gts-walks" id="${id}"`],
      // A stepper's style sheet for an id that is CSS (stepperCss refuses
      // one): every rule after the comma applies to the whole page.
      [
        stepperCss(id).replaceAll(id, "x,textarea"),
        'class="gts-stepper" id="x,textarea"',
      ],
      [stepperCss(id), `id="${id}"`],
      [PLOT_STYLE, `class="${PLOT_CLASS}"`],
    ] as const
  ) {
    assert.doesNotMatch(stepper(css, div), /<style/, `${div} ${css}`);
  }
  assert.doesNotMatch(
    sanitizeHtml(`<svg class="${PLOT_CLASS}"><style>textarea{}</style></svg>`)
      .html,
    /<style/,
  );
  assert.doesNotMatch(
    sanitizeHtml(`<style>${PLOT_STYLE}</style>`).html,
    /<style/,
  );
});
