import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ExplicitTree,
  MAX_SORTED_LEAVES,
  minimax,
  UniformTree,
} from "../mod.ts";
import { uniformTrees } from "./_arbitraries.ts";

/** Exact minimax value (MAX's view) of the subtree under the tree's current node. */
function maxValueBelow(tree: UniformTree): number {
  const { value } = minimax(tree);
  return tree.turn() === 1 ? value : 0 - value;
}

Deno.test("UniformTree orders: best-first puts the best child first, worst-first last", () => {
  for (const order of ["best-first", "worst-first"] as const) {
    const tree = new UniformTree({ branching: 3, depth: 4, seed: 11, order });
    const check = (level: number) => {
      if (level === tree.depth) return;
      const values: number[] = [];
      for (let k = 0; k < tree.branching; k++) {
        tree.play(k);
        values.push(maxValueBelow(tree));
        check(level + 1);
        tree.undo(k);
      }
      const sorted = [...values].sort((a, b) =>
        tree.turn() === 1 ? b - a : a - b
      );
      assert.deepEqual(
        order === "best-first" ? values : values.toReversed(),
        sorted,
      );
    };
    check(0);
  }
});

Deno.test("UniformTree orders permute children: same value and same leaf multiset for every order", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 5 }),
      fc.integer(),
      (branching, depth, seed) => {
        const leaves = (tree: UniformTree) =>
          Array.from(tree.leafValues()).sort((a, b) => a - b);
        const asIs = new UniformTree({ branching, depth, seed });
        for (const order of ["best-first", "worst-first"] as const) {
          const sorted = new UniformTree({ branching, depth, seed, order });
          assert.equal(minimax(sorted).value, minimax(asIs).value);
          assert.deepEqual(leaves(sorted), leaves(asIs));
        }
      },
    ),
    { numRuns: 200, seed: 5 },
  );
});

Deno.test("UniformTree.leafValues() lists the leaves a left-to-right walk reaches", () => {
  const tree = new UniformTree({
    branching: 3,
    depth: 4,
    seed: 9,
    order: "worst-first",
  });
  const walked: number[] = [];
  const walk = () => {
    if (tree.isTerminal()) {
      walked.push(tree.maxValue());
      return;
    }
    for (let k = 0; k < tree.branching; k++) {
      tree.play(k);
      walk();
      tree.undo(k);
    }
  };
  walk();
  assert.deepEqual(Array.from(tree.leafValues()), walked);
});

Deno.test("UniformTree is the same on every run: values depend on the seed only", () => {
  const a = new UniformTree({ branching: 3, depth: 6, seed: 123 });
  const b = new UniformTree({ branching: 3, depth: 6, seed: 123 });
  const c = new UniformTree({ branching: 3, depth: 6, seed: 124 });
  assert.equal(minimax(a).value, minimax(b).value);
  const values = (tree: UniformTree) =>
    [0, 1, 2].map((k) => {
      tree.play(k);
      tree.play(0);
      const value = tree.maxValue();
      tree.undo(0);
      tree.undo(k);
      return value;
    });
  assert.deepEqual(values(a), values(b));
  assert.notDeepEqual(values(a), values(c));
});

Deno.test("UniformTree values are integers 1…99 and keys are unique breadth-first numbers", () => {
  fc.assert(
    fc.property(uniformTrees, (tree) => {
      const seen = new Set<number>();
      const walk = () => {
        const value = tree.maxValue();
        assert.ok(Number.isInteger(value) && value >= 1 && value <= 99);
        assert.ok(!seen.has(tree.key()));
        seen.add(tree.key());
        if (tree.isTerminal()) return;
        for (let k = 0; k < tree.branching; k++) {
          tree.play(k);
          walk();
          tree.undo(k);
        }
      };
      walk();
      const size = tree.branching === 1
        ? tree.depth + 1
        : (tree.branching ** (tree.depth + 1) - 1) / (tree.branching - 1);
      assert.equal(seen.size, size);
      assert.equal(Math.max(...seen), size - 1);
    }),
    { numRuns: 100, seed: 8 },
  );
});

Deno.test("UniformTree rejects bad parameters with an Error naming the problem", () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [
      { branching: 0, depth: 2 },
      /new UniformTree: branching must be an integer in 1…65536, got 0/,
    ],
    [
      { branching: 2.5, depth: 2 },
      /branching must be an integer in 1…65536, got 2.5/,
    ],
    [
      { branching: 2, depth: -1 },
      /depth must be an integer in 0…2147483647, got -1/,
    ],
    [
      { branching: 2, depth: 1.5 },
      /depth must be an integer in 0…2147483647, got 1.5/,
    ],
    [{ branching: 2, depth: 3, seed: 0.5 }, /seed must be an integer/],
    [
      { branching: 2, depth: 3, order: "random" },
      /order must be one of as-is, best-first, worst-first, got "random"/,
    ],
    [
      { branching: 2, depth: 25, order: "best-first" },
      /needs all 33554432 leaves in memory, more than the limit of 16777216/,
    ],
    [{ branching: 10, depth: 16 }, /give 2\^53 nodes or more/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => new UniformTree(options as never),
      message,
      JSON.stringify(options),
    );
  }
  assert.equal(MAX_SORTED_LEAVES, 2 ** 24);
  // An as-is tree is never stored, so it may be far larger than a sorted one.
  assert.equal(new UniformTree({ branching: 2, depth: 40 }).depth, 40);
});

Deno.test("UniformTree.play() and undo() reject moves off the tree", () => {
  const tree = new UniformTree({ branching: 2, depth: 1 });
  assert.throws(
    () => tree.play(2),
    /UniformTree.play: cannot play move 2 at level 0/,
  );
  tree.play(1);
  assert.throws(() => tree.play(0), /cannot play move 0 at level 1 of depth 1/);
  tree.undo(1);
  assert.throws(() => tree.undo(0), /at the root/);
});

Deno.test("ExplicitTree.from() rejects malformed trees, naming the path", () => {
  assert.throws(
    () => ExplicitTree.from([[1, 2], []]),
    /node at children\[1\] is an empty array/,
  );
  assert.throws(
    () => ExplicitTree.from([[1, 2.5]]),
    /node at children\[0\]\[1\] has value 2.5: values must be integers in -999999…999999/,
  );
  assert.throws(
    () => ExplicitTree.from([[1, "2" as unknown as number]]),
    /node at children\[0\]\[1\] is "2": expected a number, an array or \{ value, noisy, children \}/,
  );
  assert.throws(
    () => ExplicitTree.from([Number.NaN]),
    /node at children\[0\] has value NaN/,
  );
  assert.throws(
    () => ExplicitTree.from([{ noisy: true }]),
    /node at children\[0\] has no children and no value: a leaf needs a value/,
  );
  assert.throws(
    () => ExplicitTree.from({ value: 1, noisy: true, children: [1] }),
    /root is marked noisy: no move leads to the root/,
  );
  assert.throws(
    () => ExplicitTree.from([{ value: "3" as unknown as number }]),
    /node at children\[0\] has value "3": values must be integers/,
  );
  assert.throws(
    () => ExplicitTree.from({ children: 5 as unknown as number[] }),
    /node at the root has children 5: expected an array/,
  );
});

Deno.test("ExplicitTree nodes as { value, noisy, children }: static values and noisy moves", () => {
  // MAX chooses among a MIN node statically worth 8 but truly 1, a noisy leaf 3, and a leaf 5.
  const tree = ExplicitTree.from({
    value: 7,
    children: [{ value: 8, children: [1, { value: 4, noisy: true }] }, {
      value: 3,
      noisy: true,
    }, 5],
  });
  assert.equal(tree.evaluate(), 7, "an inner node's static value");
  const moves = new Int32Array(tree.maxMoves);
  assert.deepEqual(
    Array.from(moves.subarray(0, tree.generateNoisyMoves(moves))),
    [1],
  );
  tree.play(0);
  assert.equal(tree.evaluate(), -8, "MIN to move sees MAX's 8 as −8");
  assert.deepEqual(
    Array.from(moves.subarray(0, tree.generateNoisyMoves(moves))),
    [1],
  );
  tree.undo(0);
  assert.deepEqual(tree.visitedLeaves, [7, 8]);
  assert.equal(minimax(tree).value, 5, "searched to the end");
  assert.equal(
    minimax(tree, { depth: 1 }).value,
    8,
    "depth 1 trusts the static 8",
  );
  assert.equal(ExplicitTree.from([[1, 2], 3]).generateNoisyMoves(moves), 0);
});

Deno.test("ExplicitTree records the leaves evaluate() was called on and has no static evaluation", () => {
  const tree = ExplicitTree.from([[4, 7], [6, 5], [2, 9]]);
  assert.equal(tree.size, 10);
  assert.throws(() => tree.evaluate(), /is an inner node without a value/);
  tree.play(2);
  tree.play(1);
  assert.equal(tree.evaluate(), 9);
  assert.deepEqual(tree.visitedLeaves, [9]);
  const copy = tree.clone();
  tree.undo(1);
  assert.equal(
    copy.key(),
    9,
    "a clone keeps its own place (breadth-first id of path [2, 1])",
  );
  assert.equal(tree.key(), 3);
  assert.throws(
    () => tree.play(3),
    /node 3 has 2 children \(moves 0…1\), got move 3/,
  );
  tree.resetTrace();
  assert.deepEqual(tree.visitedLeaves, []);
  assert.equal(ExplicitTree.from(7).isTerminal(), true);
});

Deno.test("UniformTree takes every tree of fewer than 2^53 nodes, as its doc says (found by review)", () => {
  // The check was leaves · branching ≥ 2^53, which refused b = 2, d = 52
  // (2^53 − 1 nodes) and b = 3, d = 33 ((3^34 − 1)/2 nodes).
  const binary = new UniformTree({ branching: 2, depth: 52 });
  for (let level = 0; level < 52; level++) binary.play(1);
  assert.equal(binary.key(), 2 ** 53 - 2); // the last node, numbered from 0
  binary.undo(1);
  assert.equal(binary.key(), 2 ** 52 - 2);
  const ternary = new UniformTree({ branching: 3, depth: 33 });
  for (let level = 0; level < 33; level++) ternary.play(2);
  assert.equal(ternary.key(), Number((3n ** 34n - 1n) / 2n - 1n));
  const cases: [number, number, string][] = [
    [2, 53, "give 2\\^53 nodes or more: node"],
    [3, 34, `give 2\\^53 nodes or more \\(${(3n ** 35n - 1n) / 2n}\\): node`],
    [2, 2 ** 31 - 1, "give 2\\^53 nodes or more: node"],
  ];
  for (const [branching, depth, message] of cases) {
    assert.throws(
      () => new UniformTree({ branching, depth }),
      new RegExp(
        `^Error: new UniformTree: branching ${branching} and depth ${depth} ${message} numbers \\(keys\\) must stay below 2\\^53$`,
      ),
    );
  }
  assert.equal(
    new UniformTree({ branching: 1, depth: 2 ** 31 - 1 }).depth,
    2 ** 31 - 1,
  );
});
