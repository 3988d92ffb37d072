// appendKey: the key under a chart.
import assert from "node:assert/strict";
import { appendKey } from "../src/plot/mod.ts";

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" height="200" width="400"><rect width="100%" height="100%" fill="white" /></svg>';

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
      /^Error: appendKey: entries must be an array of \{ tag, name \}, got "1 x"$/,
    ],
    [
      () => appendKey(42 as never, one),
      /^Error: appendKey: svg must be a string, got 42$/,
    ],
  ];
  for (const [call, message] of cases) assert.throws(call, message);
});
