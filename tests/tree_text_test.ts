// A tree, heaps and counts written as text, as the notebooks' try-it cells
// take them: what reads back, and the one line a typo gets, with its line
// and column (the same typo in an array literal would be a syntax error,
// which JupyterLab shows with no message at all).
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type ArrayTree,
  ExplicitTree,
  minimax,
  Nim,
  parseCounts,
  parseTree,
} from "../mod.ts";
import { tryIt } from "../src/course/mod.ts";

/** Trees of depth up to 4, leaves in ±999,999. */
const trees: fc.Arbitrary<ArrayTree> = fc.letrec<{ tree: ArrayTree }>((
  tie,
) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: -999_999, max: 999_999 }),
    fc.array(tie("tree"), { minLength: 1, maxLength: 4 }),
  ),
})).tree;

Deno.test("parseTree reads back any tree written as JSON, and with blanks, line breaks and a trailing comma", () => {
  fc.assert(
    fc.property(trees, (tree) => {
      assert.deepEqual(parseTree(JSON.stringify(tree)), tree);
      const spaced = JSON.stringify(tree, null, 2).replace(/\]/g, ",\n]")
        .replace(/\[,/g, "[");
      assert.deepEqual(parseTree(spaced), tree);
    }),
  );
  assert.equal(
    minimax(ExplicitTree.parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")).value,
    3,
  );
});

Deno.test("parseTree: a typo is one line naming its line, column and what was expected", () => {
  const typos: [string, RegExp][] = [
    [
      "[[3, 12, 8], [2, 4 6]]",
      /line 1, column 20: expected "," or "\]" after a child, got "6"/,
    ],
    [
      "[[3, 12, 8],\n [2, 4, 6]",
      /line 2, column 11: expected "," or "\]" after a child, got the end of the text/,
    ],
    [
      "[[3, 12, 8], [2, 4, 6]]]",
      /line 1, column 24: expected the end of the text after the tree, got "\]"/,
    ],
    [
      "[[3, 12, 8], (2, 4, 6)]",
      /line 1, column 14: expected a leaf \(a whole number\) or "\[", got "\("/,
    ],
    [
      "[[3, 12, 8], [2, 4,, 6]]",
      /line 1, column 20: expected a leaf \(a whole number\) or "\[", got ","/,
    ],
    [
      "[[3, 1.5], 2]",
      /line 1, column 6: a leaf must be a whole number, got "1\.5"/,
    ],
    [
      "[[3], [], 2]",
      /line 1, column 7: an inner node needs at least one child/,
    ],
    [
      "[1000000]",
      /line 1, column 2: a leaf must lie in −999999…999999, got 1000000/,
    ],
    [
      "",
      /line 1, column 1: expected a leaf \(a whole number\) or "\[", got the end of the text/,
    ],
  ];
  for (const [text, message] of typos) {
    assert.throws(() => parseTree(text), (error: Error) => {
      assert.match(error.message, /^parseTree: line \d+, column \d+: /);
      assert.match(error.message, message, text);
      assert.equal(error.message.split("\n").length, 1);
      return true;
    });
  }
  assert.throws(() => parseTree([1, 2] as never), /the tree must be text/);
});

Deno.test("a try-it cell with a typo in its tree prints the parser's one line and goes on", () => {
  const printed: string[] = [];
  const error = console.error;
  console.error = (line: string) => printed.push(line);
  try {
    const result = tryIt(
      "your tree",
      () => minimax(ExplicitTree.parse("[[3, 12, 8], [2, 4 6]]")),
    );
    assert.equal(result, undefined);
  } finally {
    console.error = error;
  }
  assert.deepEqual(printed, [
    'your tree: parseTree: line 1, column 20: expected "," or "]" after a child, got "6"',
  ]);
});

Deno.test("Nim.parse and parseCounts: heaps and counts as text, a typo named by its column", () => {
  assert.deepEqual(Nim.parse("3 4 6").heaps, [3, 4, 6]);
  assert.deepEqual(Nim.parse(" 3,4 ,\t6 ").heaps, [3, 4, 6]);
  assert.deepEqual(parseCounts("1, 3, 4", "move"), [1, 3, 4]);
  assert.throws(
    () => Nim.parse("3 4 6x"),
    /^Error: Nim\.parse: column 5: heap 3 must be a whole number 0…2147483647, got "6x"/,
  );
  assert.throws(
    () => Nim.parse("3 -4"),
    /column 3: heap 2 must be a whole number/,
  );
  assert.throws(() => Nim.parse(" \t"), /Nim\.parse: no heap in " \\t"/);
  assert.throws(
    () => parseCounts("1 3.5", "move"),
    /column 3: move 2 must be a whole number/,
  );
  // The constructor's limits still hold.
  assert.throws(() => Nim.parse("70000"), /MAX_NIM_COUNTERS/);
});
