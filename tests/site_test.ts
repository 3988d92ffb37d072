/**
 * `deno task site` without a browser: the command builds every page into the
 * folder given, the pages load nothing from the network, bad command lines
 * and folders fail cleanly; the notebook renderer picks the right MIME
 * output; the play page's Connect Four hints are the book's and the solver's
 * scores, or proven bounds around them when the budget stops a solve.
 * (tests/browser/site_test.ts opens the pages in chromium.)
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { join } from "node:path";
import {
  ConnectFour,
  ConnectFourBook,
  ConnectFourSolver,
  randomConnectFour,
} from "../mod.ts";
import { listNotebooks } from "../src/notebook/jupyter.ts";
import { searchSteps, stepperHtml } from "../src/notebook/mod.ts";
import { buildSite, renderNotebook, SITE_MARKER } from "../src/site/build.ts";
import { workerShims } from "../src/site/bundle.ts";
import {
  bestColumn,
  type ColumnHint,
  ConnectFourHints,
  formatHint,
} from "../src/play/web/c4_hints.ts";
import {
  assertCleanFailure,
  assertNoStackTrace,
  ROOT,
  runCli,
} from "./_cli.ts";

const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-run",
  "--allow-env",
];
const site = (args: string[]) =>
  runCli("site.ts", args, { permissions: PERMISSIONS, timeoutMs: 120_000 });
const BOOK = await Deno.readTextFile(join(ROOT, "data/connect4/book.txt"));

/** Tags that make a browser fetch: their URL must be a local file or data. */
const FETCHING =
  /<(script|link|img|iframe|source|embed|object|image|use)\b[^>]*?\b(src|href|xlink:href|data)\s*=\s*["']?([^"'\s>]+)/gi;

Deno.test("deno task site --out builds every page, with nothing remote", async () => {
  const out = await Deno.makeTempDir({ prefix: "gts-site-cli-" });
  try {
    const run = await site(["--out", out]);
    assert.equal(run.code, 0, run.stderr);
    assertNoStackTrace(run.stderr, "site");
    const names = (await listNotebooks(join(ROOT, "notebooks"))).map((
      path,
    ) => path.replace(/^.*\//, "").replace(/\.ipynb$/, ""));
    assert.match(
      run.stdout,
      new RegExp(
        `^site: ${
          names.length + 2
        } pages \\(${names.length} notebooks, \\d+ charts, \\d+ steppers, [1-9]\\d* cells to edit and run\\)`,
      ),
    );
    const pages = ["index.html", "play.html", ...names.map((n) => `${n}.html`)];
    for (const page of pages) {
      const html = await Deno.readTextFile(join(out, page));
      assert.match(html, /^<!DOCTYPE html>/, page);
      assert.doesNotMatch(html, /<script[^>]*type=["']?module/i, page);
      for (const [, tag, , url] of html.matchAll(FETCHING)) {
        assert.ok(
          !/^[a-z][a-z0-9+.-]*:/i.test(url!) || /^(data|blob):/i.test(url!) ||
            (tag === "use" && url!.startsWith("#")),
          `${page}: <${tag}> fetches ${url}`,
        );
        if (!/^(data|blob):|^#/.test(url!)) {
          await Deno.stat(join(out, url!.split("#")[0]!)); // the file is there
        }
      }
    }
    const script = await Deno.readTextFile(join(out, "play.js"));
    assert.ok(
      script.includes("4444441") || script.includes("41 "),
      "book inlined",
    );
    assert.ok(
      script.includes(BOOK.split("\n").find((line) => /^\d/.test(line))!),
      "the book's first position is in play.js",
    );
    assert.doesNotMatch(script, /\bDeno\./, "no Deno API in the bundle");
    assert.doesNotMatch(script, /^import\s/m, "one classic script");

    // "Edit and run": the try-it cells' pages load run.js, start workers from
    // blob: URLs and allow no eval; the worker's library is a classic script.
    const minimaxPage = await Deno.readTextFile(join(out, "01_minimax.html"));
    assert.match(
      minimaxPage,
      /<section class="cell code" data-editable="try-it">/,
    );
    assert.match(minimaxPage, /<script src="run.js"><\/script>/);
    const policy = minimaxPage.match(/content="(default-src[^"]*)"/)![1]!;
    assert.match(policy, /worker-src blob:/);
    assert.match(policy, /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*;/);
    assert.doesNotMatch(policy, /unsafe-eval|wasm/);
    const runJs = await Deno.readTextFile(join(out, "run.js"));
    const library = JSON.parse(
      runJs.match(/^self\.GTS_LIBRARY_SOURCE=("(?:[^"\\]|\\.)*");/)![1]!,
    ) as string;
    assert.doesNotMatch(library, /\bimport\s*\{[^}]*\}\s*from\s*"/);
    assert.doesNotMatch(library, /\bimport\.meta\b/);
    assert.doesNotMatch(runJs, /^import\s/m);
    await Deno.stat(join(out, "stepper_live.js"));

    // A second build replaces the first (its marker says it is the site's).
    await Deno.writeTextFile(join(out, "stale.html"), "old");
    const again = await site([`--out=${out}`]);
    assert.equal(again.code, 0, again.stderr);
    await assert.rejects(Deno.stat(join(out, "stale.html")));
    await Deno.stat(join(out, SITE_MARKER));
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("deno task site refuses bad command lines and folders it did not write", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gts-site-bad-" });
  try {
    assertCleanFailure(
      await site(["--outdir", dir]),
      /^site: unknown argument "--outdir" \(see --help\)$/m,
      "unknown flag",
    );
    assertCleanFailure(
      await site(["--out"]),
      /^site: --out needs a folder \(see --help\)\n$/,
      "no folder",
    );
    assertCleanFailure(
      await site(["--out", dir, "--out", dir]),
      /^site: --out is given twice \(see --help\)$/m,
      "twice",
    );
    const help = await site(["--help"]);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /deno task site \[--out DIR\]/);

    await Deno.writeTextFile(join(dir, "notes.txt"), "mine");
    const refused = await site(["--out", dir]);
    assertCleanFailure(
      refused,
      /buildSite: out .* is a folder that is not empty and has no \.gts-site/,
      "foreign folder",
    );
    assert.equal(refused.stderr.trim().split("\n").length, 1, refused.stderr);
    assert.equal(await Deno.readTextFile(join(dir, "notes.txt")), "mine");

    const file = join(dir, "notes.txt");
    assertCleanFailure(
      await site(["--out", file]),
      /buildSite: out .*notes\.txt is a file, not a folder/,
      "a file",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** An escape sequence that clears a terminal and moves its cursor. */
const ESCAPE = "\u001b[2J\u001b[H";

Deno.test("deno task site: an escape sequence in a notebook's link or a file name reaches the terminal as \\u escapes", async () => {
  // A link of a notebook to an image that does not exist, its name holding
  // an escape sequence (%1B, decoded): the build stops, naming the file.
  const root = await Deno.makeTempDir({ prefix: "gts-site-escape-" });
  const out = await Deno.makeTempDir({ prefix: "gts-site-escape-out-" });
  try {
    await Deno.mkdir(join(root, "notebooks"));
    await Deno.mkdir(join(root, "docs"));
    await Deno.mkdir(join(root, "figures"));
    await Deno.writeTextFile(join(root, "docs/course.md"), "# Course\n");
    await Deno.writeTextFile(join(root, "figures/README.md"), "# Figures\n");
    await Deno.writeTextFile(
      join(root, "notebooks/01_a.ipynb"),
      JSON.stringify({
        cells: [{
          cell_type: "markdown",
          source: "![x](gone%1B[2J%1B[H.png)",
        }],
      }),
    );
    await assert.rejects(buildSite({ root, out }), (error: Error) => {
      assert.ok(
        !error.message.includes("\u001b"),
        JSON.stringify(error.message),
      );
      assert.match(
        error.message,
        /buildSite: "notebooks\/gone\\u001b\[2J\\u001b\[H\.png", shown by a page, does not exist/,
      );
      return true;
    });
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(out, { recursive: true });
  }
  // The command prints every message it fails with through printable.
  const dir = await Deno.makeTempDir({ prefix: "gts-site-escape-cli-" });
  try {
    const file = join(dir, `x${ESCAPE}`);
    await Deno.writeTextFile(file, "");
    const run = await site(["--out", file]);
    assertCleanFailure(
      run,
      /buildSite: out .*x\\u001b\[2J\\u001b\[H is a file, not a folder/,
      "an out with an escape sequence",
    );
    assert.ok(
      !(run.stderr + run.stdout).includes("\u001b"),
      JSON.stringify(run.stderr),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("src/site/build.ts's module documentation names the site's files as they are", async () => {
  const source = await Deno.readTextFile(join(ROOT, "src/site/build.ts"));
  const doc = source.slice(0, source.indexOf("*/"));
  const named = [...doc.matchAll(/`([\w.]+\.ts)`/g)].map((m) => m[1]!);
  assert.ok(named.length >= 4, named.join(", "));
  for (const file of named) {
    await Deno.stat(join(ROOT, "src/site", file)).catch(() => {
      throw new Error(
        `build.ts's documentation names ${file}, not in src/site`,
      );
    });
  }
});

Deno.test("the worker's copy of the data files holds their text as it is, $ patterns and all", () => {
  // With a replacement string, "$'" pulled the rest of the shim's code
  // into the data, and "$&" the placeholder's name.
  const files = {
    "data/a.txt": "cost: $' and $& and $` and $$ and $1",
    "data/b.json": '{"close":"</script>"}',
  };
  const shims = workerShims(files);
  const worker = {} as { Deno: { readTextFileSync(path: string): string } };
  new Function("self", "require", shims)(worker, () => ({}));
  for (const [path, text] of Object.entries(files)) {
    assert.equal(worker.Deno.readTextFileSync(path), text);
  }
  assert.ok(!shims.includes("</script"), "no < in the data");
});

Deno.test("renderNotebook shows the richest output: SVG inline, then HTML, images, Markdown, text", () => {
  const svg =
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="100%"/><circle r="1"/></svg>';
  const execute = (data: Record<string, string | string[]>) => ({
    output_type: "execute_result",
    data,
  });
  const page = renderNotebook(
    {
      cells: [
        {
          cell_type: "markdown",
          source:
            "# T\n![fig](../figures/000/ordering.svg) [src](../src/x.ts) [web](https://example.org)",
        },
        {
          cell_type: "code",
          source: "a < b",
          outputs: [
            execute({
              "image/svg+xml": svg,
              "text/html": '<img src="x.svg">',
              "text/plain": "chart",
            }),
            // A stepper's markup without its script shows no stepper.
            execute({
              "text/html": ['<div class="gts-stepper">', "</div>"],
              "text/plain": "s",
            }),
            execute({
              "text/html": stepperHtml(searchSteps([[1, 2], [3]])),
              "text/plain": "stepper",
            }),
            execute({ "image/png": "iVBORw0K\nGgo=", "text/plain": "p" }),
            execute({
              "text/markdown": "| a |\n|---|\n| 1 |",
              "text/plain": "m",
            }),
            execute({ "text/plain": "<b>" }),
            {
              output_type: "stream",
              name: "stderr",
              text: "\x1b[31mred\x1b[0m & co\n",
            },
            { output_type: "error", ename: "Error", evalue: "boom" },
          ],
        },
      ],
    },
    "01_t",
    ["01_t"],
    new Set(),
  );
  const copies = new Set<string>();
  renderNotebook(
    {
      cells: [{
        cell_type: "markdown",
        source: "![f](../figures/000/ordering.svg)",
      }],
    },
    "01_t",
    [],
    copies,
  );
  assert.deepEqual([...copies], ["figures/000/ordering.svg"]);
  assert.equal(page.charts, 1);
  // The library's stepper, its script rebuilt; not the one without a script.
  assert.equal(page.steppers, 1);
  assert.equal(page.scripts.length, 1);
  const html = page.html;
  assert.match(
    html,
    /<figure class="output chart" data-mime="image\/svg\+xml"><svg xmlns/,
  );
  assert.doesNotMatch(html, /<\?xml|x\.svg/);
  assert.match(
    html,
    /<div class="output html" data-mime="text\/html"><div class="gts-stepper"><\/div><\/div>/,
  );
  assert.match(html, /<img src="data:image\/png;base64,iVBORw0KGgo="/);
  assert.match(
    html,
    /<div class="output markdown" data-mime="text\/markdown"><table>/,
  );
  assert.match(
    html,
    /<pre class="output plain" data-mime="text\/plain">&lt;b&gt;<\/pre>/,
  );
  assert.match(html, /<pre class="output stream stderr">red &amp; co\n<\/pre>/);
  assert.match(html, /<pre class="output error">Error: boom<\/pre>/);
  assert.match(html, /<code>a &lt; b<\/code>/);
  assert.match(
    html,
    /<img src="assets\/figures\/000\/ordering.svg" alt="fig">/,
  );
  assert.match(
    html,
    /<span class="repo-link" title="..\/src\/x.ts \(in the repository\)">src<\/span>/,
  );
  assert.match(html, /<a href="https:\/\/example.org">web<\/a>/);
});

Deno.test("renderNotebook: an SVG output shows its first <svg> element only, what follows it is dropped and said so; a stepper counts only with its script", () => {
  const output = (data: Record<string, string>) => ({
    cell_type: "code",
    source: "x",
    outputs: [{ output_type: "display_data", data }],
  });
  const page = renderNotebook(
    {
      cells: [
        output({
          "image/svg+xml":
            '<svg></svg><h1>Your session expired</h1><a href="https://evil.example/login">log in again</a>',
        }),
        output({
          "image/svg+xml": '<svg><circle r="1"/></svg>\n<!-- drawn -->\n',
        }),
        output({
          "text/html":
            '<div class="gts-stepper"></div><div class="gts-walks"></div>',
        }),
      ],
    },
    "01_a",
    ["01_a"],
    new Set(),
  );
  assert.doesNotMatch(page.html, /session expired|evil\.example|log in/);
  assert.match(
    page.html,
    /<figure class="output chart" data-mime="image\/svg\+xml"><svg><\/svg><\/figure>/,
  );
  assert.match(
    page.html,
    /<figure class="output chart" data-mime="image\/svg\+xml"><svg><circle r="1"><\/circle><\/svg><\/figure>/,
  );
  assert.deepEqual(page.dropped, [
    "markup outside the output's first <svg> element",
  ]);
  assert.equal(page.charts, 2);
  assert.equal(page.steppers, 0);
  assert.deepEqual(page.scripts, []);
});

Deno.test("renderNotebook points raw HTML's relative links and images as Markdown's: into the site, or a repo-link span / the alt text", () => {
  const copies = new Set<string>();
  const page = renderNotebook(
    {
      cells: [
        {
          cell_type: "markdown",
          source:
            '<a href="../src/mod.ts">code</a> <a href="02_b.ipynb#x">next</a> ' +
            '<img src="../figures/000/ordering.svg" alt="fig"> <img src="../../outside.png" alt="gone"> ' +
            '<a href="https://example.org/">web</a> <a href="#top">top</a> [md](02_b.ipynb)',
        },
        {
          cell_type: "code",
          source: "x",
          outputs: [{
            output_type: "display_data",
            data: { "text/html": '<p><a href="../README.md">readme</a></p>' },
          }],
        },
      ],
    },
    "01_a",
    ["01_a", "02_b"],
    copies,
  );
  const html = page.html;
  assert.match(
    html,
    /<span class="repo-link" title="..\/src\/mod.ts \(in the repository\)">code<\/span>/,
  );
  assert.match(html, /<a href="02_b.html#x">next<\/a>/);
  assert.match(
    html,
    /<img src="assets\/figures\/000\/ordering.svg" alt="fig">/,
  );
  assert.doesNotMatch(html, /outside\.png/);
  assert.match(html, / gone /);
  assert.match(html, /<a href="https:\/\/example.org\/">web<\/a>/);
  assert.match(html, /<a href="#top">top<\/a>/);
  assert.match(html, /<a href="02_b.html">md<\/a>/);
  assert.match(
    html,
    /<span class="repo-link" title="..\/README.md \(in the repository\)">readme<\/span>/,
  );
  assert.deepEqual([...copies], ["figures/000/ordering.svg"]);
});

Deno.test("Connect Four hints: the book's scores for the first moves, the solver's after", () => {
  const hints = new ConnectFourHints(BOOK, { megabytes: 16 });
  const book = ConnectFourBook.parse(BOOK);
  for (const moves of ["", "4", "1", "7"]) {
    for (let column = 0; column < 7; column++) {
      const hint = hints.column(moves, column, 1)!;
      const child = ConnectFour.parse(moves + String(column + 1));
      assert.equal(hint.source, "book", `${moves}+${column}`);
      assert.equal(hint.lower, -book.lookup(child)!, `${moves}+${column}`);
      assert.equal(hint.upper, hint.lower);
    }
  }
  // Past the book (11 is no position of its cover of sensible play), a
  // budget too small gives bounds, not a guess.
  assert.equal(book.lookup(ConnectFour.parse("114")), null);
  const cut = hints.column("11", 3, 1_000)!;
  assert.equal(cut.source, "solver");
  assert.ok(cut.nodes <= 1_000 && cut.lower < cut.upper, JSON.stringify(cut));
  assert.ok(cut.min <= cut.lower && cut.upper <= cut.max);
  // Early on, a budget that proves nothing shows "?": the range a column
  // could have stops at ±18, as the solver's bounds do.
  const unproven = new ConnectFourHints(null, { megabytes: 16 });
  for (const moves of ["", "117", "1771"]) {
    const hint = unproven.column(moves, 3, 1)!;
    assert.ok(hint.min === -18 && hint.max === 18, JSON.stringify(hint));
    assert.equal(formatHint(hint), "?", moves);
  }
  assert.throws(
    () => hints.column("44", 7, 10),
    /ConnectFourHints\.column: column must be an integer in 0…6/,
  );
  assert.throws(
    () => hints.column("44", 0, 0),
    /ConnectFourHints\.column: maxNodes/,
  );
  assert.throws(() => hints.column("48", 0, 10), /ConnectFour\.parse/);
  assert.equal(hints.column("1212121", 0, 10), null); // the game is over
  assert.throws(() => new ConnectFourHints("4 0\n"), /book\.txt:1/);
});

Deno.test("Connect Four hints bound the exact scores, and the engine's column is a best one (property, seeded)", () => {
  const hints = new ConnectFourHints(BOOK, { megabytes: 16 });
  const solver = new ConnectFourSolver({ entries: 1 << 20 });
  fc.assert(
    fc.property(
      fc.integer({ min: 16, max: 34 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.integer({ min: 1, max: 3_000 }),
      (stones, seed, budget) => {
        const position = randomConnectFour(stones, seed);
        if (position.isTerminal()) return;
        const moves = position.toString();
        const exact: ColumnHint[] = [];
        for (let column = 0; column < 7; column++) {
          const full = hints.column(moves, column, 2 ** 26);
          const cut = hints.column(moves, column, budget);
          if (full === null) {
            assert.equal(cut, null);
            continue;
          }
          const child = ConnectFour.parse(moves + String(column + 1));
          const score = position.isWinningMove(column)
            ? (43 - position.moveCount) >> 1
            : -solver.solve(child).score;
          assert.equal(full.lower, score, `${moves} column ${column}`);
          assert.equal(full.upper, score);
          assert.ok(
            cut!.lower <= score && score <= cut!.upper,
            `${moves} ${column} budget ${budget}`,
          );
          assert.ok(cut!.nodes <= budget);
          assert.ok(full.min <= score && score <= full.max);
          exact.push(full);
        }
        const choice = bestColumn(exact);
        assert.ok(choice.proven);
        const best = Math.max(...exact.map((hint) => hint.lower));
        assert.equal(
          exact.find((hint) => hint.column === choice.column)!.lower,
          best,
        );
        const shown = formatHint(exact[0]!);
        assert.match(shown, /^(\+\d+|0|−\d+)$/);
      },
    ),
    { seed: 1, numRuns: 25 },
  );
});
