// appendKey: the key under a chart. Its layout is checked with the estimate
// it is laid out by (textBox: an em-width per character), the same one the
// atlas chart's test measures that chart with.
import assert from "node:assert/strict";
import { appendKey, type Box, boxesOverlap, textBox } from "../src/plot/mod.ts";

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" height="200" width="400"><rect width="100%" height="100%" fill="white" /></svg>';

/** The key's lines: each text's content and its box by the estimate. */
function keyLines(svg: string): { text: string; box: Box }[] {
  const key = /<g aria-label="key" font-size="([\d.]+)"[^>]*>(.*?)<\/g>/s
    .exec(svg);
  assert.ok(key, "the SVG has a key");
  const size = Number(key[1]);
  return [
    ...key[2]!.matchAll(/<text x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text>/g),
  ]
    .map((m) => ({
      text: m[3]!,
      box: textBox(Number(m[1]), Number(m[2]), "start", m[3]!, size),
    }));
}

/** Labels that overlap or leave the SVG's width and height, one line each. */
function problems(svg: string): string[] {
  const root = /^<svg[^>]*>/.exec(svg)![0];
  const width = Number(/ width="([\d.]+)"/.exec(root)![1]);
  const height = Number(/ height="([\d.]+)"/.exec(root)![1]);
  const lines = keyLines(svg);
  const found: string[] = [];
  lines.forEach((a, i) => {
    if (a.box.left < 0 || a.box.right > width) {
      found.push(`"${a.text}" leaves the width (${a.box.right} > ${width})`);
    }
    if (a.box.bottom > height) found.push(`"${a.text}" leaves the height`);
    for (const b of lines.slice(i + 1)) {
      if (boxesOverlap(a.box, b.box)) {
        found.push(`"${a.text}" overlaps "${b.text}"`);
      }
    }
  });
  return found;
}

Deno.test("appendKey: an SVG ending in a newline gets its key, and the height grows only with a key", () => {
  const entries = [{ tag: "1", name: "minimax" }, { tag: "2", name: "alpha" }];
  const keyed = appendKey(SVG + "\n", entries);
  assert.match(keyed, /<g aria-label="key"[^>]*>.*<\/g><\/svg>\n$/);
  assert.equal(keyed, appendKey(SVG, entries) + "\n");
  assert.throws(
    () => appendKey(SVG.replace("</svg>", ""), entries),
    /^Error: appendKey: svg must end with "<\/svg>" \(blanks after it aside\), got ".*fill=\\"white\\" \/>"$/,
  );
});

Deno.test("appendKey: bad columns, fontSize, entries, tags and names are errors naming the argument, the value and the rule", () => {
  const one = [{ tag: "1", name: "x" }];
  const cases: [() => unknown, RegExp][] = [
    [
      () => appendKey(SVG, one, { columns: 0 }),
      /^Error: appendKey: options\.columns must be an integer ≥ 1, got 0$/,
    ],
    [
      () => appendKey(SVG, one, { columns: 1.5 }),
      /options\.columns must be an integer ≥ 1, got 1\.5$/,
    ],
    [
      () => appendKey(SVG, one, { columns: "2" as never }),
      /options\.columns must be an integer ≥ 1, got "2"$/,
    ],
    [
      () => appendKey(SVG, one, { fontSize: 0 }),
      /^Error: appendKey: options\.fontSize must be a finite number > 0, got 0$/,
    ],
    [
      () => appendKey(SVG, one, { fontSize: NaN }),
      /options\.fontSize must be a finite number > 0, got NaN$/,
    ],
    [
      () => appendKey(SVG, one, { colums: 2 } as never),
      /^Error: appendKey: unknown option "colums"/,
    ],
    [
      () => appendKey(SVG, [{ tag: 3 as never, name: "x" }]),
      /^Error: appendKey: entries\[0\]\.tag must be a string, got 3$/,
    ],
    [
      () => appendKey(SVG, [...one, { tag: "2", name: null as never }]),
      /^Error: appendKey: entries\[1\]\.name must be a string, got null$/,
    ],
    [
      () => appendKey(SVG, [null as never]),
      /^Error: appendKey: entries\[0\] must be an object \{ tag, name \}, got null$/,
    ],
    [
      () => appendKey(SVG, "1 x" as never),
      /^Error: appendKey: entries must be a non-empty array of \{ tag, name \}, got "1 x"$/,
    ],
    [
      () => appendKey(42 as never, one),
      /^Error: appendKey: svg must be a string, got 42$/,
    ],
  ];
  for (const [call, message] of cases) assert.throws(call, message);
});

Deno.test("appendKey: long names and wide tags: no two key lines overlap, none leaves the chart, every letter is kept", () => {
  const entries = [
    { tag: "1", name: "alphaBetaWithTranspositionTableAndKillers" },
    { tag: "2", name: "minimax" },
    { tag: "1000", name: "principal variation search" },
    { tag: "4", name: "mtdf" },
    { tag: "5", name: "Supercalifragilisticexpialidocious and more text" },
  ];
  for (const columns of [1, 2, 3]) {
    for (const fontSize of [8, 10, 14]) {
      const keyed = appendKey(SVG, entries, { columns, fontSize });
      const where = `columns ${columns}, fontSize ${fontSize}`;
      assert.deepEqual(problems(keyed), [], where);
      // Names may be broken inside a word, never shortened.
      const written = keyLines(keyed).map((l) => l.text).join("");
      const expected = entries.map((e) => e.tag + e.name).join("");
      assert.equal(
        written.replace(/\s/g, ""),
        expected.replace(/\s/g, ""),
        where,
      );
    }
  }
});

Deno.test("appendKey: a name that cannot fit one character in its column is an error, not an overlap", () => {
  assert.throws(
    () =>
      appendKey(SVG, [{ tag: "123456789012345", name: "x" }], { columns: 4 }),
    /^Error: appendKey: 4 columns of 95 px leave no room for a name after the tag "123456789012345" \(97\.5 px\) at fontSize 10; use fewer columns, a smaller fontSize or shorter tags$/,
  );
});
