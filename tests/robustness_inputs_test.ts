/**
 * Issue 8, bad and extreme input at the edges of the trees, Nim and Grundy
 * helpers, tic-tac-toe and the transposition table: each is a clear error
 * naming the argument, and a rejected move leaves the position as it was.
 * Golden tests check that valid input still gives the same answers.
 *
 * @module
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  BOUND_EXACT,
  BOUND_LOWER,
  BYTES_PER_ENTRY,
  dawsonsKayles,
  DEPTH_END,
  ExplicitTree,
  GRUNDY_WORK,
  grundyFunction,
  grundySum,
  kayles,
  MAX_EXPLICIT_NODES,
  MAX_GRUNDY_HEAP,
  MAX_NIM_COUNTERS,
  MAX_NIM_HEAP,
  MAX_SORTED_LEAVES,
  MAX_TABLE_ENTRIES,
  MAX_TABLE_MEGABYTES,
  MAX_UNIFORM_BRANCHING,
  MAX_UNIFORM_DEPTH,
  minimax,
  negamax,
  type NestedTree,
  Nim,
  nimSum,
  NO_MOVE,
  octalGame,
  octalSuccessors,
  subtractionGame,
  sumOfGames,
  TicTacToe,
  TranspositionTable,
  TREE_ORDERS,
  UniformTree,
  VALUE_INFINITE,
  winningMoves,
} from "../mod.ts";
import { ticTacToePositions } from "./_arbitraries.ts";
import { Random } from "../src/random.ts";

/** A random written tree: numbers and dense non-empty arrays. */
const nestedTrees: fc.Arbitrary<NestedTree> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: -99, max: 99 }),
    fc.array(tie("node"), { minLength: 1, maxLength: 4 }),
  ),
})).node as fc.Arbitrary<NestedTree>;

/** Values a tree must refuse: not integers, or outside ±999,999. */
const badValues: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Infinity,
    -Infinity,
    1_000_000,
    -1_000_000,
    2 ** 53,
    0.5,
    "3",
    null,
    undefined,
    true,
    10n,
  ),
  fc.double({ noInteger: true }),
  fc.integer({ min: 1_000_000 }),
  fc.integer({ max: -1_000_000 }),
);

/** Replaces the node at `path` (child indices) of a copy of `tree`. */
function replaceAt(tree: NestedTree, path: number[], by: unknown): unknown {
  if (path.length === 0) return by;
  const children = tree as NestedTree[];
  const copy: unknown[] = children.slice();
  copy[path[0]!] = replaceAt(children[path[0]!]!, path.slice(1), by);
  return copy;
}

/** A random path from the root of `tree` to one of its nodes. */
function pathIn(tree: NestedTree, choices: number[]): number[] {
  const path: number[] = [];
  let node = tree;
  for (const choice of choices) {
    if (!Array.isArray(node)) break;
    const k = choice % node.length;
    path.push(k);
    node = node[k]!;
  }
  return path;
}

function pathText(path: number[]): string {
  return path.length === 0
    ? "the root"
    : `children${path.map((k) => `[${k}]`).join("")}`;
}

const escape = (text: string) => text.replace(/[[\]()]/g, "\\$&");

Deno.test("ExplicitTree.from: a bad value anywhere is an error naming its path", () => {
  fc.assert(
    fc.property(
      nestedTrees,
      fc.array(fc.nat(), { maxLength: 6 }),
      badValues,
      (tree, choices, bad) => {
        const path = pathIn(tree, choices);
        const broken = replaceAt(tree, path, bad);
        assert.throws(
          () => ExplicitTree.from(broken as NestedTree),
          new RegExp(`ExplicitTree.from: node at ${escape(pathText(path))} `),
        );
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("ExplicitTree.from: a hole in an array is an error naming its path", () => {
  fc.assert(
    fc.property(
      nestedTrees.filter(Array.isArray),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.nat(),
      (tree, choices, at) => {
        let path = pathIn(tree, choices);
        // Holes go in arrays: walk back to the deepest array on the path.
        let node: unknown = tree;
        const arrays: number[][] = [[]];
        for (let d = 0; d < path.length; d++) {
          node = (node as unknown[])[path[d]!];
          if (Array.isArray(node)) arrays.push(path.slice(0, d + 1));
        }
        path = arrays[arrays.length - 1]!;
        let array: unknown = tree;
        for (const k of path) array = (array as unknown[])[k];
        const sparse = (array as unknown[]).slice();
        const hole = at % sparse.length;
        delete sparse[hole];
        const broken = replaceAt(tree, path, sparse);
        assert.throws(
          () => ExplicitTree.from(broken as NestedTree),
          new RegExp(
            `node at ${
              escape(pathText([...path, hole]))
            } is a hole in a sparse array`,
          ),
        );
      },
    ),
    { seed: 42, numRuns: 200 },
  );
  assert.throws(
    () => ExplicitTree.from([1, , 3] as never),
    /children\[1\] is a hole/,
  );
  assert.throws(
    () => ExplicitTree.from(new Array(3) as never),
    /children\[0\] is a hole/,
  );
});

Deno.test("ExplicitTree.from: a cycle is an error, at any depth", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 40 }), fc.nat(3), (depth, at) => {
      const root: unknown[] = [1, 2, 3, 4];
      let node = root;
      for (let d = 0; d < depth; d++) {
        const child: unknown[] = [5, 6, 7, 8];
        node[at] = child;
        node = child;
      }
      node[at] = root;
      assert.throws(
        () => ExplicitTree.from(root as NestedTree),
        /contains itself: a tree cannot have a cycle/,
      );
    }),
    { seed: 42, numRuns: 50 },
  );
  const node: { value: number; children: unknown[] } = {
    value: 1,
    children: [2],
  };
  node.children.push({ children: [node] });
  assert.throws(
    () => ExplicitTree.from(node as NestedTree),
    /node at children\[1\]\[0\] contains itself/,
  );
});

Deno.test("ExplicitTree.from: { value, noisy, children } nodes are checked like arrays", () => {
  const cases: [unknown, RegExp][] = [
    [{ value: 1, children: [1], extra: 2 }, /the root has unknown key "extra"/],
    [[{ value: 1, nosy: true }], /children\[0\] has unknown key "nosy"/],
    [[{ value: 1, noisy: 1 }], /children\[0\] has noisy 1: expected true/],
    [[{ value: 1e6 }], /children\[0\] has value 1000000: values must be/],
    [[{ children: [1, Number.NaN] }], /children\[0\]\[1\] has value NaN/],
    [[{ children: [1, , 2] }], /children\[0\]\[1\] is a hole/],
    [[{ children: [] }], /children\[0\] has no children and no value/],
    [[{ value: 2, children: "ab" }], /children\[0\] has children "ab"/],
    [[[]], /children\[0\] is an empty array/],
    [[() => 1], /children\[0\] is .*: expected a number, an array/],
  ];
  for (const [tree, message] of cases) {
    assert.throws(() => ExplicitTree.from(tree as NestedTree), message);
  }
});

Deno.test("ExplicitTree.from: long chains build in linear time, shared subtrees count per place", () => {
  let chain: NestedTree = 5;
  for (let d = 0; d < 100_000; d++) chain = [chain];
  const tree = ExplicitTree.from(chain);
  assert.equal(tree.size, 100_001);
  for (let d = 0; d < 100_000; d++) tree.play(0);
  assert.ok(tree.isTerminal());
  assert.equal(tree.evaluate(), 5);
  // A deep bad value: the path shows both ends of the chain.
  let bad: NestedTree = [Number.NaN];
  for (let d = 0; d < 50; d++) bad = [0, bad];
  assert.throws(
    () => ExplicitTree.from(bad),
    /children\[1\]\[1\]\[1\]\[1\]\[1\]\[1\]\[…39 more levels…\]\[1\]\[1\]\[1\]\[1\]\[1\]\[0\] has value NaN/,
  );
  // A subtree used twice is two subtrees; doubling 30 times is too many nodes.
  const shared = [1, 2];
  assert.equal(ExplicitTree.from([shared, shared]).size, 7);
  let doubled: NestedTree = [1, 2];
  for (let d = 0; d < 30; d++) doubled = [doubled, doubled];
  assert.throws(
    () => ExplicitTree.from(doubled),
    new RegExp(
      `has more than ${MAX_EXPLICIT_NODES.toLocaleString("en")} nodes`,
    ),
  );
});

Deno.test("ExplicitTree.play/undo: a bad move is an error and changes nothing", () => {
  fc.assert(
    fc.property(
      nestedTrees.filter(Array.isArray),
      fc.array(fc.nat(), { maxLength: 5 }),
      fc.oneof(
        fc.integer(),
        fc.double(),
        fc.constantFrom(Number.NaN, Infinity, "0", null),
      ),
      (written, choices, move) => {
        const tree = ExplicitTree.from(written);
        const moves = new Int32Array(tree.maxMoves);
        const played: number[] = [];
        for (const choice of choices) {
          const count = tree.generateMoves(moves);
          if (count === 0) break;
          played.push(choice % count);
          tree.play(choice % count);
        }
        const count = tree.generateMoves(moves);
        const key = tree.key(), ply = tree.ply;
        const legal = Number.isInteger(move) && (move as number) >= 0 &&
          (move as number) < count;
        if (!legal) {
          assert.throws(
            () => tree.play(move as number),
            /ExplicitTree.play: node \d+ (has \d+ children \(moves 0…\d+\)|is a leaf: no move to play), got move/,
          );
          assert.equal(tree.key(), key);
          assert.equal(tree.ply, ply);
        }
        // Only the move that led here can be taken back.
        if (ply > 0 && move !== played[ply - 1]) {
          assert.throws(
            () => tree.undo(move as number),
            new RegExp(
              `ExplicitTree.undo: the last move played was ${played[ply - 1]}`,
            ),
          );
          assert.equal(tree.key(), key);
          assert.equal(tree.ply, ply);
        }
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("ExplicitTree.play at a leaf and undo at the root say so", () => {
  const leaf = ExplicitTree.from(7);
  assert.throws(
    () => leaf.play(0),
    /ExplicitTree.play: node 0 is a leaf: no move to play, got move 0/,
  );
  assert.throws(() => leaf.undo(0), /ExplicitTree.undo\(\) at the root/);
  const tree = ExplicitTree.from([[1, 2], 3]);
  tree.play(0);
  tree.play(1);
  assert.throws(() => tree.undo(0), /the last move played was 1, got move 0/);
  tree.undo(1);
  assert.throws(() => tree.undo(1), /the last move played was 0, got move 1/);
  tree.undo(0);
  assert.equal(tree.key(), 0);
});

Deno.test("ExplicitTree golden: valid trees give the course's values", () => {
  const t0001 = ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
  assert.equal(alphaBeta(t0001).value, 3);
  assert.deepEqual(t0001.visitedLeaves, [3, 5, 2, 1]);
  assert.equal(minimax(ExplicitTree.from([[4, 7], [6, 5], [2, 9]])).value, 5);
  assert.equal(minimax(ExplicitTree.from([1, [3, 999_999]])).value, 3);
  assert.equal(minimax(ExplicitTree.from(-999_999)).value, -999_999);
  const withNodes = ExplicitTree.from({
    value: 7,
    children: [{ value: 8, children: [1, { value: 4, noisy: true }] }, {
      value: 3,
      noisy: true,
    }, 5],
  });
  assert.equal(minimax(withNodes).value, 5);
  assert.equal(minimax(withNodes, { depth: 1 }).value, 8);
});

/** Heaps Nim refuses: 2^31 and more wrap in 32 bits; negatives, fractions, non-numbers. */
const badHeaps: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ max: -1 }),
  fc.double({ noInteger: true }),
  fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53, Infinity, Number.NaN, "3", null),
);

Deno.test("Nim, nimSum, winningMoves: a heap out of 0…2^31 − 1 is an error naming it", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 }),
      fc.nat(),
      badHeaps,
      (heaps, at, bad) => {
        const index = at % (heaps.length + 1);
        const broken = heaps.slice() as unknown[];
        broken.splice(index, 0, bad);
        const rule = new RegExp(
          `heaps\\[${index}\\] must be an integer in 0…${MAX_NIM_HEAP}, got`,
        );
        for (
          const [where, f] of [
            ["nimSum", nimSum],
            ["winningMoves", winningMoves],
            ["new Nim", (h: number[]) => new Nim(h)],
          ] as const
        ) {
          assert.throws(
            () => f(broken as number[]),
            new RegExp(`^Error: ${where}: ${rule.source}`),
          );
        }
      },
    ),
    { seed: 42, numRuns: 200 },
  );
  assert.throws(
    () => new Nim([2 ** 31]),
    /new Nim: heaps\[0\] must be an integer in 0…2147483647, got 2147483648/,
  );
  for (const bad of [5, "3", null, undefined, { 0: 1 }]) {
    assert.throws(
      () => nimSum(bad as never),
      /nimSum: heaps must be an array of heap sizes/,
    );
    assert.throws(
      () => new Nim(bad as never),
      /new Nim: heaps must be an array of heap sizes/,
    );
  }
  assert.throws(
    () => winningMoves([1, , 3] as never),
    /winningMoves: heaps\[1\] is a hole/,
  );
});

Deno.test("Nim: the limits the move buffers, the key and the move encoding imply", () => {
  assert.equal(new Nim([MAX_NIM_COUNTERS]).maxMoves, MAX_NIM_COUNTERS);
  assert.throws(
    () => new Nim([MAX_NIM_COUNTERS, 1]),
    /new Nim: heaps hold 65537 counters, more than MAX_NIM_COUNTERS \(65536\)/,
  );
  assert.throws(
    () => new Nim(Array(60).fill(1)),
    /new Nim: 60 heaps this large have .* positions, more than 2\^53 keys/,
  );
  // One big heap and many empty ones: heap index × stride passes 2^31.
  const wide = [65_536, ...Array(32_767).fill(0)];
  assert.throws(
    () => new Nim(wide),
    /new Nim: 32768 heaps with stride 65537 give moves past 2\^31 − 1/,
  );
  assert.equal(new Nim(wide.slice(0, -1)).stride, 65_537);
  // The pure functions take any heap in range.
  assert.equal(nimSum([MAX_NIM_HEAP, 1]), MAX_NIM_HEAP - 1);
  assert.deepEqual(winningMoves([MAX_NIM_HEAP, 0]), [
    { heap: 0, take: MAX_NIM_HEAP },
  ]);
});

Deno.test("Nim.play/undo: a bad move is an error and changes nothing", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.oneof(
        fc.integer({ min: -5, max: 40 }),
        fc.double(),
        fc.constantFrom(Number.NaN, "5", null),
      ),
      (heaps, choices, move) => {
        const nim = new Nim(heaps);
        const moves = new Int32Array(nim.maxMoves);
        const played: number[] = [];
        for (const choice of choices) {
          const count = nim.generateMoves(moves);
          if (count === 0) break;
          played.push(moves[choice % count]!);
          nim.play(played.at(-1)!);
        }
        const count = nim.generateMoves(moves);
        const legal = Array.from(moves.subarray(0, count));
        const key = nim.key(), now = nim.heaps, turn = nim.turn();
        if (!legal.includes(move as number)) {
          assert.throws(
            () => nim.play(move as number),
            /^Error: Nim.play: move/,
          );
          assert.equal(nim.key(), key);
          assert.deepEqual(nim.heaps, now);
          assert.equal(nim.turn(), turn);
        }
        // Only the last move played may be taken back.
        if (move !== played.at(-1)) {
          assert.throws(
            () => nim.undo(move as number),
            /^Error: Nim.undo: move/,
          );
          assert.equal(nim.key(), key);
          assert.deepEqual(nim.heaps, now);
        }
      },
    ),
    { seed: 42, numRuns: 300 },
  );
  const nim = new Nim([2, 0, 3]);
  assert.throws(
    () => nim.moveOf(3, 1),
    /Nim.moveOf: heap must be an integer in 0…2, got 3/,
  );
  assert.throws(
    () => nim.moveOf(0, 4),
    /Nim.moveOf: take must be an integer in 1…3, got 4/,
  );
});

Deno.test("Nim golden: valid heaps give the same answers as before", () => {
  assert.equal(nimSum([3, 4, 5]), 2);
  assert.deepEqual(winningMoves([3, 4, 5]), [{ heap: 0, take: 2 }]);
  assert.equal(negamax(new Nim([1, 2, 3])).value, -1);
  assert.equal(negamax(new Nim([2, 3])).value, 1);
  const nim = new Nim([2, 0, 3]);
  assert.equal(nim.stride, 4);
  assert.equal(nim.maxMoves, 5);
  assert.equal(nim.moveOf(2, 2), 10);
  assert.equal(alphaBeta(new Nim([3, 4, 5])).value, 1);
});

Deno.test("new TranspositionTable: sizes past the limit, unknown keys and bad values are clear errors", () => {
  const cases: [unknown, RegExp][] = [
    [
      { megabytes: 1e12 },
      /megabytes must be a number in \(0, 4096\] \(MAX_TABLE_MEGABYTES\), got 1000000000000/,
    ],
    [{ megabytes: Number.NaN }, /megabytes must be a number in \(0, 4096\]/],
    [{ megabytes: 0 }, /megabytes must be a number/],
    [{ megabytes: "64" }, /megabytes must be a number in .*, got "64"/],
    [
      { entries: MAX_TABLE_ENTRIES + 1 },
      /entries must be an integer in 1…178956970, got 178956971/,
    ],
    [{ entries: 2 ** 40 }, /entries must be an integer in 1…178956970/],
    [{ entries: 1.5 }, /entries must be an integer in 1…178956970, got 1.5/],
    [
      { entrys: 16 },
      /new TranspositionTable: unknown option "entrys"; known options: entries, megabytes/,
    ],
    [{ entries: 4, megabytes: 1 }, /give entries or megabytes, not both/],
    [{}, /needs \{ entries \} or \{ megabytes \}/],
    [undefined, /needs \{ entries \} or \{ megabytes \}/],
    [64, /new TranspositionTable: options must be an object, got 64/],
  ];
  for (const [options, message] of cases) {
    assert.throws(() => new TranspositionTable(options as never), message);
  }
  assert.equal(
    MAX_TABLE_ENTRIES,
    Math.floor(MAX_TABLE_MEGABYTES * 2 ** 20 / BYTES_PER_ENTRY),
  );
  assert.equal(new TranspositionTable({ megabytes: 1e-9 }).size, 1);
});

Deno.test("TranspositionTable.store: a bad argument is an error naming it, and the table is unchanged", () => {
  const good = [12345, 7, 3, 2, BOUND_LOWER] as const;
  const bad: [number, unknown, RegExp][] = [
    [0, -1, /key must be an integer in 0…9007199254740991, got -1/],
    [0, 1.5, /key must be an integer .*, got 1.5/],
    [0, 2 ** 53, /key must be an integer .*, got 9007199254740992/],
    [0, Number.NaN, /key must be .*, got NaN/],
    [0, "12", /key must be .*, got "12"/],
    [
      1,
      VALUE_INFINITE + 1,
      /value must be an integer in -1000000…1000000, got 1000001/,
    ],
    [1, 0.5, /value must be an integer/],
    [1, 2 ** 32, /value must be an integer/],
    [2, -1, /depth must be an integer in 0…1073741824, got -1/],
    [2, DEPTH_END + 1, /depth must be an integer in 0…1073741824/],
    [2, Infinity, /depth must be an integer/],
    [3, -2, /move must be an integer in -1…2147483647, got -2/],
    [3, 2 ** 31, /move must be an integer/],
    [
      4,
      0,
      /bound must be BOUND_UPPER \(1\), BOUND_LOWER \(2\) or BOUND_EXACT \(3\), got 0/,
    ],
    [4, "3", /bound must be .*, got "3"/],
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...bad),
      fc.nat(50),
      ([at, value, message], writes) => {
        const tt = new TranspositionTable({ entries: 97 });
        for (let k = 0; k < writes; k++) tt.store(k * 31, k, 1, 0, BOUND_EXACT);
        const args: unknown[] = [...good];
        args[at] = value;
        const filled = tt.filled(), stores = tt.stores;
        assert.throws(
          () => (tt.store as (...a: unknown[]) => void)(...args),
          new RegExp(`^Error: TranspositionTable.store: ${message.source}`),
        );
        assert.equal(tt.filled(), filled);
        assert.equal(tt.stores, stores);
        for (let k = 0; k < writes; k++) {
          assert.ok(tt.probe(k * 31) >= 0, "earlier entries are kept");
        }
      },
    ),
    { seed: 42, numRuns: 100 },
  );
});

Deno.test("TranspositionTable.probe: a key no store accepts misses, even on an empty slot", () => {
  const tt = new TranspositionTable({ entries: 16 });
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ max: -1 }),
        fc.double({ noInteger: true }),
        fc.constantFrom(Number.NaN, Infinity, -Infinity, 2 ** 53 + 2),
      ),
      (key) => {
        assert.equal(tt.probe(key), -1);
      },
    ),
    { seed: 42, numRuns: 200 },
  );
  assert.equal(tt.hits, 0);
  tt.store(0, -VALUE_INFINITE, DEPTH_END, NO_MOVE, BOUND_EXACT);
  assert.equal(tt.value(tt.probe(0)), -VALUE_INFINITE);
  assert.ok(Number.isNaN(tt.key(1)), "an empty entry holds no key");
});

Deno.test("TranspositionTable golden: a search with a table gives the same value and nodes", () => {
  const tt = new TranspositionTable({ entries: 1 << 16 });
  const result = alphaBeta(TicTacToe.empty(), { tt });
  assert.equal(result.value, 0);
  assert.equal(negamax(TicTacToe.empty()).value, 0);
  assert.ok(tt.stores > 0 && tt.filled() > 0);
});

Deno.test("new UniformTree: every option is checked, naming it and its range", () => {
  const ok = { branching: 2, depth: 3 };
  const cases: [Record<string, unknown>, RegExp][] = [
    [
      { ...ok, dept: 3 },
      /unknown option "dept"; known options: branching, depth, seed, order, noisyPercent/,
    ],
    [
      { ...ok, branching: MAX_UNIFORM_BRANCHING + 1 },
      /branching must be an integer in 1…65536, got 65537/,
    ],
    [
      { ...ok, branching: "2" },
      /branching must be an integer in 1…65536, got "2"/,
    ],
    [
      { ...ok, depth: 2 ** 31 },
      /depth must be an integer in 0…2147483647, got 2147483648/,
    ],
    [
      { ...ok, depth: Number.NaN },
      /depth must be an integer in 0…2147483647, got NaN/,
    ],
    [
      { ...ok, seed: 2 ** 31 },
      /seed must be an integer in -2147483648…2147483647, got 2147483648/,
    ],
    [{ ...ok, seed: "7" }, /seed must be an integer .*, got "7"/],
    [
      { ...ok, order: "best_first" },
      /order must be one of as-is, best-first, worst-first, got "best_first"/,
    ],
    [{ ...ok, order: null }, /order must be one of .*, got null/],
    [
      { ...ok, noisyPercent: 101 },
      /noisyPercent must be an integer in 0…100, got 101/,
    ],
    [
      { branching: 2 },
      /depth must be an integer in 0…2147483647, got undefined/,
    ],
    [
      { branching: 2, depth: 60 },
      /branching 2 and depth 60 give 2\^53 nodes or more/,
    ],
    [
      { branching: 2, depth: 25, order: "worst-first" },
      /order "worst-first" needs all 33554432 leaves in memory, more than the limit of 16777216 \(MAX_SORTED_LEAVES\)/,
    ],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => new UniformTree(options as never),
      new RegExp(`^Error: new UniformTree: ${message.source}`),
      JSON.stringify(options),
    );
  }
  for (const bad of [undefined, null, 5, [2, 3]]) {
    assert.throws(
      () => new UniformTree(bad as never),
      /^Error: new UniformTree: /,
    );
  }
  fc.assert(
    fc.property(
      fc.constantFrom(...OPTION_NAMES),
      fc.oneof(
        fc.double({ noInteger: true }),
        fc.constantFrom(Number.NaN, Infinity, -(2 ** 40), 2 ** 53, "1", null),
      ),
      (name, bad) => {
        assert.throws(
          () =>
            new UniformTree({ branching: 2, depth: 3, [name]: bad } as never),
          new RegExp(`^Error: new UniformTree: ${name} must be `),
        );
      },
    ),
    { seed: 42, numRuns: 100 },
  );
});

const OPTION_NAMES = [
  "branching",
  "depth",
  "seed",
  "order",
  "noisyPercent",
] as const;

Deno.test("UniformTree: a huge tree costs nothing until it is walked", () => {
  const chain = new UniformTree({ branching: 1, depth: 1e9 });
  assert.equal(chain.key(), 0);
  for (let d = 0; d < 1000; d++) chain.play(0);
  assert.equal(chain.key(), 1000, "a chain's nodes are numbered by level");
  assert.equal(
    new UniformTree({ branching: 1, depth: MAX_UNIFORM_DEPTH }).depth,
    MAX_UNIFORM_DEPTH,
  );
  const wide = new UniformTree({ branching: 1000, depth: 4, seed: 1 });
  wide.play(999);
  wide.play(999);
  assert.equal(
    wide.key(),
    1000 + 999 * 1000 + 1000,
    "the last node of level 2",
  );
  assert.throws(
    () => wide.leafValues(),
    /UniformTree.leafValues: the tree has 1000000000000 leaves, more than 16777216/,
  );
  assert.equal(
    new UniformTree({ branching: 2, depth: 24 }).leafValues().length,
    MAX_SORTED_LEAVES,
  );
});

Deno.test("UniformTree.play/undo: a bad move is an error and changes nothing", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 6 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.oneof(
        fc.integer({ min: -3, max: 8 }),
        fc.double(),
        fc.constantFrom(Number.NaN, "0", null),
      ),
      (branching, depth, choices, move) => {
        const tree = new UniformTree({ branching, depth, seed: 9 });
        const played: number[] = [];
        for (const choice of choices) {
          if (tree.isTerminal()) break;
          played.push(choice % branching);
          tree.play(choice % branching);
        }
        const state =
          () => [tree.key(), tree.level, tree.index, tree.evaluate()];
        const before = state();
        const legal = !tree.isTerminal() && Number.isInteger(move) &&
          (move as number) >= 0 && (move as number) < branching;
        if (!legal) {
          assert.throws(
            () => tree.play(move as number),
            /^Error: UniformTree.play: cannot play move/,
          );
          assert.deepEqual(state(), before);
        }
        if (played.length === 0) {
          assert.throws(
            () => tree.undo(move as number),
            /at the root: no move to take back/,
          );
        } else if (move !== played[played.length - 1]) {
          assert.throws(
            () => tree.undo(move as number),
            new RegExp(
              `^Error: UniformTree.undo: the last move played was ${
                played[played.length - 1]
              }, got`,
            ),
          );
        }
        assert.deepEqual(state(), before);
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("UniformTree.undo: a wrong move is caught even where node indices near 2^53", () => {
  const tree = new UniformTree({ branching: 3, depth: 32 });
  for (let d = 0; d < 32; d++) tree.play(2);
  assert.equal(tree.index, 3 ** 32 - 1);
  const key = tree.key();
  for (const wrong of [0, 1]) {
    assert.throws(
      () => tree.undo(wrong),
      new RegExp(`the last move played was 2, got move ${wrong}`),
    );
    assert.equal(tree.key(), key);
  }
  tree.undo(2);
  assert.equal(tree.index, 3 ** 31 - 1);
});

Deno.test("UniformTree golden: keys, values and searches as before", () => {
  // Lesson 000's minimal tree.
  const tree = new UniformTree({
    branching: 3,
    depth: 6,
    seed: 1,
    order: "best-first",
  });
  const pruned = alphaBeta(tree);
  assert.equal(pruned.stats.leaves, 53);
  assert.equal(pruned.stats.nodes, 125);
  assert.equal(pruned.value, minimax(tree).value);
  for (const order of TREE_ORDERS) {
    const t = new UniformTree({
      branching: 3,
      depth: 4,
      seed: 5,
      order,
      noisyPercent: 30,
    });
    // Keys are breadth-first numbers: offset of the level plus the index.
    const moves = new Int32Array(t.maxMoves);
    const walk = (level: number, offset: number): void => {
      assert.equal(t.key(), offset + t.index);
      if (t.isTerminal()) return;
      const count = t.generateMoves(moves);
      for (let k = 0; k < count; k++) {
        t.play(k);
        walk(level + 1, offset + 3 ** level);
        t.undo(k);
      }
    };
    walk(0, 0);
  }
});

Deno.test("Grundy one-heap helpers: n out of the game's limit is an error saying the rule", () => {
  const games: [string, (n: number) => number, number][] = [
    ["kayles", kayles, 8190],
    ["dawsonsKayles", dawsonsKayles, 11583],
    ['octalGame\\(".4444"\\)', octalGame(".4444"), 5790],
    [
      "subtractionGame\\(\\{1, 3, 4\\}\\)",
      subtractionGame([1, 3, 4]),
      MAX_GRUNDY_HEAP,
    ],
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...games),
      fc.oneof(
        fc.integer({ max: -1 }),
        fc.integer({ min: MAX_GRUNDY_HEAP + 1 }),
        fc.double({ noInteger: true }),
        fc.constantFrom(Number.NaN, Infinity, "5", null, 2 ** 53),
      ),
      ([name, game, limit], n) => {
        assert.throws(
          () => game(n as number),
          new RegExp(
            `^Error: ${name}: n must be an integer in 0…${limit}, got`,
          ),
        );
      },
    ),
    { seed: 42, numRuns: 200 },
  );
  // Just past each limit: the message says why.
  for (const [name, game, limit] of games) {
    assert.throws(
      () => game(limit + 1),
      new RegExp(
        `${name}: n must be an integer in 0…${limit}, got ${
          limit + 1
        }: the table up to n costs about`,
      ),
    );
  }
  assert.match(
    (() => {
      try {
        kayles(10_000);
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })(),
    /costs about 2·n \+ 2·n²\/4 steps, kept within GRUNDY_WORK \(2\^25\)/,
  );
  assert.equal(GRUNDY_WORK, 2 ** 25);
});

Deno.test("subtractionGame, octalGame, octalSuccessors: a bad set, code or heaps is an error naming it", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 4 }),
      fc.nat(),
      fc.oneof(
        fc.integer({ max: 0 }),
        fc.integer({ min: MAX_GRUNDY_HEAP + 1 }),
        fc.double({ noInteger: true }),
        fc.constantFrom(Number.NaN, "2", null),
      ),
      (set, at, bad) => {
        const index = at % (set.length + 1);
        const broken = set.slice() as unknown[];
        broken.splice(index, 0, bad);
        assert.throws(
          () => subtractionGame(broken as number[]),
          new RegExp(
            `^Error: subtractionGame: set\\[${index}\\] must be an integer in 1…${MAX_GRUNDY_HEAP}, got`,
          ),
        );
      },
    ),
    { seed: 42, numRuns: 200 },
  );
  assert.throws(
    () => subtractionGame(3 as never),
    /subtractionGame: set must be an array of removals, got 3/,
  );
  assert.throws(
    () => subtractionGame([1, , 2] as never),
    /subtractionGame: set\[1\] is a hole/,
  );
  assert.throws(
    () => octalGame(77 as never),
    /octalGame\(77\): Octal game code must look like ".77"/,
  );
  assert.throws(
    () => octalGame(".78"),
    /octalGame\(".78"\): Octal game code must look like/,
  );
  const rows = octalSuccessors(".77");
  assert.throws(
    () => rows([3, -1]),
    /octalSuccessors\(".77"\): heaps\[1\] must be an integer in 0…1048576, got -1/,
  );
  assert.throws(
    () => rows("3" as never),
    /heaps must be an array of heap sizes, got "3"/,
  );
  assert.throws(
    () => rows(Array(6000).fill(6000)),
    /6000 heaps holding 36000000 counters: heap count × counters must be at most 33554432/,
  );
});

Deno.test("grundySum, grundyFunction, sumOfGames: bad values, options and sizes are errors", () => {
  assert.throws(
    () => grundySum(1, 2 ** 31),
    /grundySum: values\[1\] must be an integer in 0…2147483647, got 2147483648/,
  );
  assert.throws(() => grundySum(-1), /values\[0\] must be an integer/);
  assert.throws(() => grundySum(0.5), /values\[0\] must be an integer/);
  const heap = (n: number) => Array.from({ length: n }, (_, i) => i);
  assert.throws(
    () => grundyFunction(heap, { kee: String } as never),
    /grundyFunction: unknown option "kee"; known options: key, maxStates/,
  );
  assert.throws(
    () => grundyFunction(heap, { key: 3 } as never),
    /grundyFunction: key must be a function, got 3/,
  );
  assert.throws(
    () => grundyFunction(heap, { maxStates: 0 }),
    /grundyFunction: maxStates must be an integer in 1…2147483647, got 0/,
  );
  assert.throws(
    () => grundyFunction(5 as never),
    /grundyFunction: successors must be a function, got 5/,
  );
  // An endless game (every n leads to n + 1) stops at maxStates instead of filling the memory.
  const endless = grundyFunction((n: number) => [n + 1], { maxStates: 1000 });
  assert.throws(
    () => endless(0),
    /grundyFunction: the game has more than 1000 states \(maxStates\)/,
  );
  assert.equal(grundyFunction(heap, { maxStates: 31 })(30), 30);
  assert.throws(
    () => grundyFunction(heap, { maxStates: 30 })(30),
    /more than 30 states/,
  );
  assert.throws(
    () => sumOfGames(heap, null as never),
    /sumOfGames: second must be a successor function, got null/,
  );
});

Deno.test("Grundy golden: the sequences and sums as before", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map(kayles), [
    0,
    1,
    2,
    3,
    1,
    4,
    3,
    2,
    1,
  ]);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(dawsonsKayles), [0, 0, 1, 1, 2, 0]);
  const game = subtractionGame([1, 2, 3]);
  assert.equal(game(9), 1);
  assert.equal(game(MAX_GRUNDY_HEAP), 0);
  assert.equal(
    kayles(8190),
    kayles(8190 - 12 * 100),
    "Kayles is periodic (period 12) from 71 on",
  );
  assert.equal(grundySum(3, 4, 5), 2);
  assert.equal(octalGame(".77")(27), kayles(27));
  const heap = (n: number) => Array.from({ length: n }, (_, i) => i);
  const sum = grundyFunction(sumOfGames(heap, heap), {
    key: ([a, b]) => `${a},${b}`,
  });
  assert.equal(sum([5, 3]), 5 ^ 3);
});

Deno.test("TicTacToe.play/undo: a bad or out-of-turn move is an error and changes nothing", () => {
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.oneof(
        fc.integer({ min: -2, max: 10 }),
        fc.double(),
        fc.constantFrom(Number.NaN, "4", null),
      ),
      (position, cell) => {
        const state = () => [
          position.toString(),
          position.key(),
          position.ply,
          position.isTerminal(),
        ];
        const before = state();
        const moves = new Int32Array(9);
        const legal = Array.from(
          moves.subarray(
            0,
            position.isTerminal() ? 0 : position.generateMoves(moves),
          ),
        );
        if (!legal.includes(cell as number)) {
          assert.throws(
            () => position.play(cell as number),
            /^Error: TicTacToe.play: /,
          );
          assert.deepEqual(state(), before);
        }
        // Built by play from the empty board: only the last move can be taken back.
        const last = position.ply === 0 ? undefined : lastMove(position);
        if (cell !== last) {
          assert.throws(
            () => position.undo(cell as number),
            /^Error: TicTacToe.undo: /,
          );
          assert.deepEqual(state(), before);
        }
      },
    ),
    { seed: 42, numRuns: 300 },
  );
  // X at 0, O at 4, X at 8: the 0 holds X's mark but 8 was played last.
  const position = TicTacToe.empty();
  for (const cell of [0, 4, 8]) position.play(cell);
  assert.throws(
    () => position.undo(0),
    /TicTacToe.undo: the last move played was cell 8, got 0/,
  );
  assert.equal(position.toString(), "X...O...X");
  // A parsed position has no history: its own stones are checked by mark.
  const parsed = TicTacToe.parse("X...O...X");
  assert.throws(
    () => parsed.undo(4),
    /cell 4 does not hold the last move's mark/,
  );
  // The history marks parsed stones with −1: undo(-1) must not match it.
  assert.throws(
    () => parsed.undo(-1),
    /cell -1 does not hold the last move's mark/,
  );
  assert.equal(parsed.toString(), "X...O...X");
  parsed.undo(0);
  assert.equal(parsed.toString(), "....O...X");
  parsed.play(2);
  assert.throws(() => parsed.undo(8), /the last move played was cell 2, got 8/);
});

Deno.test("TicTacToe.undo on a parsed position: exactly the cells holding the last mover's mark whose side has no line without them, after a play only that move", () => {
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.oneof(
        fc.integer({ min: -2, max: 10 }),
        fc.double(),
        fc.constantFrom(Number.NaN, "4", null),
      ),
      (built, cell) => {
        const position = TicTacToe.parse(built.toString());
        const mark = position.ply % 2 === 1 ? "X" : "O";
        const board = position.toString();
        // And not a stone whose side has a line without it: the game was
        // over before such a move.
        const lines = [
          [0, 1, 2],
          [3, 4, 5],
          [6, 7, 8],
          [0, 3, 6],
          [1, 4, 7],
          [
            2,
            5,
            8,
          ],
          [0, 4, 8],
          [2, 4, 6],
        ];
        const lineWithout = (c: number) =>
          lines.some((line) =>
            !line.includes(c) && line.every((at) => board[at] === mark)
          );
        const allowed = position.ply > 0 && typeof cell === "number" &&
          Number.isInteger(cell) && cell >= 0 && cell < 9 &&
          board[cell] === mark && !lineWithout(cell);
        if (allowed) {
          position.undo(cell);
          assert.equal(position.ply, built.ply - 1);
          assert.equal(position.toString()[cell as number], ".");
          // Played again, the move has a history: only it can be undone.
          position.play(cell);
          for (let other = 0; other < 9; other++) {
            if (other !== cell) {
              assert.throws(
                () => position.undo(other),
                new RegExp(
                  `the last move played was cell ${cell}, got ${other}`,
                ),
              );
            }
          }
          assert.equal(position.toString(), board);
        } else {
          assert.throws(
            () => position.undo(cell as number),
            /^Error: TicTacToe.undo: /,
          );
          assert.equal(position.toString(), board);
          assert.equal(position.ply, built.ply);
        }
      },
    ),
    { seed: 7, numRuns: 300 },
  );
});

/** The cell played last, found by trying each X/O cell of the side that moved last on a clone. */
function lastMove(position: TicTacToe): number {
  for (let cell = 0; cell < 9; cell++) {
    const copy = position.clone();
    try {
      copy.undo(cell);
      return cell;
    } catch {
      // not the last move
    }
  }
  throw new Error("no last move");
}

Deno.test("TicTacToe.parse and threats: bad input is an error naming it", () => {
  fc.assert(
    fc.property(
      fc.string({ maxLength: 12 }).filter((cells) => !/^[XO.]{9}$/.test(cells)),
      (cells) => {
        assert.throws(() => TicTacToe.parse(cells), /^Error: TicTacToe.parse/);
      },
    ),
    { seed: 42, numRuns: 300 },
  );
  for (const bad of [42, null, undefined, ["X", "O"]]) {
    assert.throws(
      () => TicTacToe.parse(bad as never),
      /TicTacToe.parse expects 9 characters/,
    );
  }
  assert.throws(
    () => TicTacToe.empty().threats("x" as never),
    /TicTacToe.threats: side must be "X" or "O", got "x"/,
  );
});

Deno.test("TicTacToe golden: values and node counts as before", () => {
  assert.equal(minimax(TicTacToe.parse("X.O.O...X")).value, 1);
  const full = minimax(TicTacToe.empty());
  assert.equal(full.value, 0);
  assert.equal(full.stats.nodes, 549_946);
  assert.equal(alphaBeta(TicTacToe.empty()).stats.nodes, 18_297);
  assert.deepEqual(TicTacToe.parse("X.O.O.X.X").threats("X"), [3, 7]);
});

Deno.test("Random: a seed past 32 bits or bad int() bounds are errors; sequences as before", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: 2 ** 32, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 31) - 1 }),
        fc.double({ noInteger: true }),
        fc.constantFrom(Number.NaN, "1", null),
      ),
      (seed) => {
        assert.throws(
          () => new Random(seed as number),
          /^Error: new Random: seed must be an integer in -2147483648…4294967295, got/,
        );
      },
    ),
    { seed: 42, numRuns: 100 },
  );
  const random = new Random(42);
  assert.throws(
    () => random.int(5, 4),
    /Random.int: needs safe integers min ≤ max < min \+ 2\^32, got min 5 and max 4/,
  );
  assert.throws(() => random.int(0, 2 ** 32), /Random.int: needs/);
  assert.throws(() => random.int(0.5, 3), /got min 0.5 and max 3/);
  // Golden: the same numbers as before the checks.
  assert.deepEqual(
    [random.nextUint32(), random.int(1, 99), random.int(-5, 5)],
    [2091601267, 50, -5],
  );
  assert.equal(new Random(-1).nextUint32(), 146612443);
  assert.equal(
    new Random(2 ** 32 - 1).nextUint32(),
    146612443,
    "the same 32 bits",
  );
});
