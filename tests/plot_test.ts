import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import {
  appendKey,
  boxesOverlap,
  displayMarkdown,
  displaySvg,
  markdownTable,
  placeTags,
  renderSvg,
  saveSvg,
  svgImageHtml,
  textBox,
  wrapText,
} from "../src/plot/mod.ts";

const POINTS = [
  { x: 1, y: 2, search: "minimax" },
  { x: 2, y: 4, search: "alphaBeta" },
  { x: 3, y: 1, search: "minimax" },
];

/** Parses an SVG string into a queryable linkedom document. */
function parseSvg(svg: string) {
  const { document } = parseHTML(svg) as unknown as {
    document: { querySelectorAll(selector: string): ArrayLike<unknown> };
  };
  return document;
}

Deno.test("renderSvg() returns a standalone SVG with the SVG namespace", () => {
  const svg = renderSvg({ marks: [Plot.dot(POINTS, { x: "x", y: "y" })] });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[ >]/);
  assert.ok(svg.endsWith("</svg>"));
  assert.equal(svg.match(/xmlns="/g)?.length, 1, "xmlns is written once");
});

Deno.test("renderSvg() draws one <circle> per datum of a dot mark", () => {
  const svg = renderSvg({ marks: [Plot.dot(POINTS, { x: "x", y: "y" })] });
  assert.equal(svg.match(/<circle\b/g)?.length, POINTS.length);
  assert.equal(parseSvg(svg).querySelectorAll("circle").length, POINTS.length);
});

Deno.test("renderSvg() paints a white background unless told not to", () => {
  const marks = [Plot.dot(POINTS, { x: "x", y: "y" })];
  // A dot chart has no <rect> of its own: the only one is the background.
  const painted = renderSvg({ marks }).match(/<rect\b[^>]*>/g) ?? [];
  assert.equal(painted.length, 1, painted.join("\n"));
  assert.match(painted[0]!, /fill="white"/);
  assert.match(
    renderSvg({ marks }, { background: "#222" }),
    /<rect fill="#222"/,
  );
  // null: no background at all (not a rect painted "null", nor any other).
  const bare = renderSvg({ marks }, { background: null });
  assert.doesNotMatch(bare, /<rect\b/);
  assert.doesNotMatch(bare, /"null"/);
});

Deno.test("renderSvg() turns a figure with title and legend into one <svg>", () => {
  const svg = renderSvg({
    title: "Nodes & leaves",
    subtitle: "three searches",
    caption: "Figure 1",
    color: { type: "ordinal", legend: true },
    marks: [Plot.dot(POINTS, { x: "x", y: "y", fill: "search" })],
  });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.doesNotMatch(svg, /<(figure|h2|h3|div|span|figcaption)\b/);
  assert.match(svg, /<text[^>]*>Nodes &amp; leaves<\/text>/);
  assert.match(svg, />three searches<\/text>/);
  assert.match(svg, />Figure 1<\/text>/);
  assert.match(svg, />minimax<\/text>/);
  assert.match(svg, />alphaBeta<\/text>/);
  assert.equal(svg.match(/<circle\b/g)?.length, POINTS.length);
  const height = Number(svg.match(/^<svg[^>]* height="(\d+)"/)?.[1]);
  assert.ok(height > 400, `the figure is taller than the chart (${height})`);
});

Deno.test("renderSvg() links images with SVG 2 href, so no xmlns:xlink is needed", () => {
  const svg = renderSvg({
    marks: [Plot.image([{ x: 1, y: 1 }], {
      x: "x",
      y: "y",
      src: () => "data:image/png;base64,AA==",
    })],
  });
  assert.match(svg, /<image href="data:image\/png;base64,AA=="/);
  assert.doesNotMatch(svg, /xlink/);
});

Deno.test("saveSvg() writes the file with a final newline and refuses SVG without xmlns", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/nested/chart.svg`;
    const svg = renderSvg({ marks: [Plot.dot(POINTS, { x: "x", y: "y" })] });
    await saveSvg(path, svg);
    assert.equal(await Deno.readTextFile(path), `${svg}\n`);
    await assert.rejects(
      () => saveSvg(`${dir}/bad.svg`, "<svg></svg>"),
      /has no xmlns/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("displaySvg() and displayMarkdown() return Jupyter MIME bundles", () => {
  const display = Symbol.for("Jupyter.display");
  const bundle = displaySvg("<svg/>")[display]!();
  assert.deepEqual(Object.keys(bundle).sort(), ["image/svg+xml", "text/html"]);
  assert.equal(bundle["image/svg+xml"], "<svg/>");
  assert.deepEqual(displayMarkdown("# T")[display]!(), {
    "text/markdown": "# T",
  });
});

Deno.test("markdownTable() escapes | and line breaks inside cells", () => {
  const table = markdownTable(["move", "note"], [["a|b", "line 1\nline 2"]]);
  const lines = table.trimEnd().split("\n");
  assert.equal(lines[2], "| a\\|b | line 1<br>line 2 |");
  // Every row still splits into exactly two cells on unescaped pipes.
  for (const line of lines) {
    assert.equal(line.split(/(?<!\\)\|/).length, 4, line);
  }
});

Deno.test("markdownTable() right-aligns numeric columns and leaves empty cells empty", () => {
  assert.equal(
    markdownTable(["tree", "nodes"], [["b=2", 7], ["b=3", null]]),
    "| tree | nodes |\n" +
      "| ---- | ----: |\n" +
      "| b=2  |     7 |\n" +
      "| b=3  |       |\n",
  );
});

Deno.test("markdownTable() follows explicit alignments", () => {
  const table = markdownTable(["a", "b", "c"], [[1, 2, 3]], {
    align: ["left", "center", "right"],
  });
  assert.equal(table.split("\n")[1], "| --- | :-: | --: |");
});

Deno.test("markdownTable() rejects a row with the wrong number of cells", () => {
  assert.throws(
    () => markdownTable(["a", "b"], [["x", "y"], ["only one"]]),
    /^Error: markdownTable: rows\[1\] has 1 cells but the table has 2 columns$/,
  );
});

Deno.test("markdownTable() names the argument, the value and the rule of bad input", () => {
  const refused: [() => unknown, RegExp][] = [
    [
      () => markdownTable([], []),
      /markdownTable: columns must be a non-empty array of strings, got an array of 0/,
    ],
    [
      () => markdownTable("ab" as unknown as string[], []),
      /markdownTable: columns must be a non-empty array of strings, got "ab"/,
    ],
    [
      () => markdownTable(["a", 2 as unknown as string], []),
      /markdownTable: columns\[1\] must be a string, got 2/,
    ],
    [
      () => markdownTable(["a"], undefined as unknown as []),
      /markdownTable: rows must be an array of rows, got undefined/,
    ],
    [
      () => markdownTable(["a"], ["x" as unknown as string[]]),
      /markdownTable: rows\[0\] must be an array of cells, got "x"/,
    ],
    [
      () => markdownTable(["a"], [[{ n: 1 } as unknown as string]]),
      /markdownTable: rows\[0\]\[0\] must be a string, number, bigint, boolean, null or undefined, got an object/,
    ],
    [
      () => markdownTable(["a"], [[[1, 2] as unknown as string]]),
      /markdownTable: rows\[0\]\[0\] must be .*, got an array of 2/,
    ],
    [
      () => markdownTable(["a"], [], { aling: "left" } as never),
      /markdownTable: unknown option "aling"/,
    ],
    [
      () => markdownTable(["a"], [], { align: "middle" as never }),
      /markdownTable: align must be one of auto, left, right, center or an array of them, one per column, got "middle"/,
    ],
    [
      () => markdownTable(["a", "b"], [], { align: ["left"] }),
      /markdownTable: align has 1 entries but the table has 2 columns/,
    ],
    [
      () =>
        markdownTable(["a", "b"], [], { align: ["left", "rigth" as never] }),
      /markdownTable: align\[1\] must be one of auto, left, right, center, got "rigth"/,
    ],
  ];
  for (const [call, message] of refused) assert.throws(call, message);
  // Every kind of cell the type allows still prints.
  assert.equal(
    markdownTable(["a", "b", "c", "d", "e"], [["x", 1, 2n, true, null]], {
      align: "left",
    }).split("\n")[2],
    "| x   | 1   | 2   | true |     |",
  );
});

Deno.test("displaySvg(): the text/html <img> holds the same SVG, its size and its title", () => {
  const svg = renderSvg({
    title: 'Nodes <per> ply & "depth" — α ≤ β',
    x: { label: "ply" },
    marks: [Plot.dot([[1, 2], [2, 4]])],
  });
  const html = displaySvg(svg)[Symbol.for("Jupyter.display")]!()["text/html"]!;
  const match =
    /^<img class="gts-chart" src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)" width="(\d+)" height="(\d+)" alt="([^"]*)">$/
      .exec(html);
  assert.ok(match, html.slice(0, 200));
  const bytes = Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0));
  assert.equal(new TextDecoder().decode(bytes), svg);
  assert.equal(match[2], /^<svg[^>]* width="(\d+)"/.exec(svg)![1]);
  assert.equal(match[3], /^<svg[^>]* height="(\d+)"/.exec(svg)![1]);
  // The title's text, escaped once for the attribute.
  assert.equal(match[4], "Nodes &lt;per> ply &amp; &quot;depth&quot; — α ≤ β");
  assert.equal(
    displaySvg(svg, { alt: 'a "b"' })[Symbol.for("Jupyter.display")]!()[
      "text/html"
    ]!.match(/alt="([^"]*)"/)![1],
    "a &quot;b&quot;",
  );
});

Deno.test("markdownTable: a backslash before a bar keeps the bar in its cell, and a '<' that could open a tag stays text", async () => {
  const { marked } = await import("marked");
  const html = await marked.parse(
    markdownTable(["pattern", "n"], [["a\\|b", 1], ["Array<number>", 2], [
      "x < 0.1",
      3,
    ]]),
  );
  // Three rows of two cells: nothing moved into the next column.
  assert.equal(html.match(/<tr>/g)?.length, 4);
  assert.match(html, /<td>a\\\|b<\/td>\s*<td[^>]*>1<\/td>/);
  assert.match(
    html,
    /<td>Array&lt;number&gt;<\/td>|<td>Array&lt;number><\/td>/,
  );
  assert.match(html, /<td>x &lt; 0\.1<\/td>/);
});

Deno.test("renderSvg: a continuous color legend, which needs a browser's canvas, is a clear error; a quantized one renders", () => {
  const data = [{ x: 1, y: 2, v: 0.5 }, { x: 2, y: 3, v: 0.9 }];
  assert.throws(
    () =>
      renderSvg({
        color: { legend: true },
        marks: [Plot.dot(data, { x: "x", y: "y", fill: "v" })],
      }),
    /^Error: renderSvg: a continuous color legend needs a canvas/,
  );
  assert.match(
    renderSvg({
      color: { legend: true, type: "quantize" },
      marks: [Plot.dot(data, { x: "x", y: "y", fill: "v" })],
    }),
    /<svg/,
  );
});

Deno.test("markdownTable: every line break in a cell (\\n, \\r\\n, a lone \\r, U+2028, U+2029) becomes one <br>, so the row stays one row", async () => {
  const { marked } = await import("marked");
  for (const brk of ["\n", "\r\n", "\r", "\u2028", "\u2029"]) {
    const table = markdownTable(["search", "nodes"], [
      [`alpha${brk}beta`, 18297],
      ["minimax", 549946],
    ]);
    const name = JSON.stringify(brk);
    // Any line terminator left in the text would end the row early.
    const lines = table.trimEnd().split(/\r\n|[\r\n\u2028\u2029]/);
    assert.equal(lines.length, 4, `${name}: ${JSON.stringify(table)}`);
    assert.match(table, /\| alpha<br>beta \|/, name);
    const html = await marked.parse(table);
    assert.equal(html.match(/<tr>/g)?.length, 3, `${name}: ${html}`);
    assert.match(html, /<td>alpha<br>beta<\/td>\s*<td[^>]*>18297<\/td>/, name);
  }
});

Deno.test("the plot functions name the argument, its value and the rule of bad input, never a bare TypeError or a silent wrong chart", async () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" height="100" width="300"></svg>';
  const area = { left: 0, right: 100, top: 0, bottom: 100 };
  const point = { x: 1, y: 1, tag: "1" };
  const refused: [() => unknown, RegExp][] = [
    [
      () => displaySvg(42 as never),
      /^displaySvg: svg must be a string, an SVG document, got 42$/,
    ],
    [
      () => displaySvg("hello"),
      /^displaySvg: svg must be an SVG document, its first element an <svg> \(as renderSvg returns\), got "hello"$/,
    ],
    [
      () => displaySvg(svg, { alt: 5 as never }),
      /^displaySvg: options\.alt must be a string, got 5$/,
    ],
    [
      () => displaySvg(svg, { alternative: "x" } as never),
      /^displaySvg: unknown option "alternative"; known options: alt$/,
    ],
    [
      () => svgImageHtml("<p>chart</p>"),
      /^svgImageHtml: svg must be an SVG document/,
    ],
    [
      () => displayMarkdown(undefined as never),
      /^displayMarkdown: markdown must be a string, got undefined$/,
    ],
    [
      () => renderSvg(null as never),
      /^renderSvg: options must be an object of Plot options \(\{ marks: \[\.\.\.\] \}\), got null$/,
    ],
    [
      () => renderSvg({}, { background: 5 as never }),
      /^renderSvg: renderOptions\.background must be a non-empty string \(a fill\) or null \(none\), got 5$/,
    ],
    [
      () => renderSvg({}, { backgound: null } as never),
      /^renderSvg: unknown option "backgound"; known options: background$/,
    ],
    [
      () => renderSvg({}, "white" as never),
      /^renderSvg: renderOptions must be an object \(\{ background \}\), got "white"$/,
    ],
    [
      () => textBox(0, 0, "center" as never, "ab", 10),
      /^textBox: anchor must be one of start, middle, end, got "center"$/,
    ],
    [
      () => textBox(0, 0, "start", "ab", NaN),
      /^textBox: fontSize must be a finite number > 0, got NaN$/,
    ],
    [
      () => textBox(0, undefined as never, "start", "ab", 10),
      /^textBox: y must be a finite number, got undefined$/,
    ],
    [
      () => textBox(0, 0, "start", 12 as never, 10),
      /^textBox: text must be a string, got 12$/,
    ],
    [
      () => boxesOverlap(area, { ...area, left: NaN }),
      /^boxesOverlap: b\.left must be a finite number, got NaN$/,
    ],
    [
      () => wrapText("aa bb", 10, NaN),
      /^wrapText: width must be a finite number > 0, got NaN$/,
    ],
    [
      () => wrapText(null as never, 10, 30),
      /^wrapText: text must be a string, got null$/,
    ],
    [
      () => placeTags([point], { area, fontSize: -1, radius: 2 }),
      /^placeTags: options\.fontSize must be a finite number > 0, got -1$/,
    ],
    [
      () => placeTags([point], { area, fontSize: 9, radius: NaN }),
      /^placeTags: options\.radius must be a finite number ≥ 0, got NaN$/,
    ],
    [
      () =>
        placeTags([point], {
          area: { ...area, right: -1 },
          fontSize: 9,
          radius: 2,
        }),
      /^placeTags: options\.area must have left ≤ right and top ≤ bottom/,
    ],
    [
      () =>
        placeTags([{ ...point, x: "1" as never }], {
          area,
          fontSize: 9,
          radius: 2,
        }),
      /^placeTags: points\[0\]\.x must be a finite number, got "1"$/,
    ],
    [
      () =>
        placeTags([point], { area, fontSize: 9, radius: 2, size: 1 } as never),
      /^placeTags: unknown option "size"; known options: area, fontSize, radius$/,
    ],
    [
      () => appendKey(svg, []),
      /^appendKey: entries must be a non-empty array of \{ tag, name \}, got an array of 0$/,
    ],
  ];
  for (const [call, message] of refused) {
    assert.throws(call, (error: Error) => {
      assert.ok(!(error instanceof TypeError), String(error));
      assert.match(error.message, message);
      return true;
    });
  }
  const dir = await Deno.makeTempDir();
  try {
    await assert.rejects(
      () => saveSvg(`${dir}/x.svg`, 42 as never),
      /^Error: saveSvg: svg must be a string, an SVG document, got 42$/,
    );
    await assert.rejects(
      () => saveSvg(undefined as never, svg),
      /^Error: saveSvg: path must be a non-empty string, got undefined$/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  // What the checks let through still works: an SVG after an XML
  // declaration, a background of none, an empty text.
  displaySvg(`<?xml version="1.0"?>\n${svg}`);
  assert.deepEqual(textBox(5, 5, "end", "", 10), {
    left: 5,
    right: 5,
    top: -1,
    bottom: 11,
  });
});
