/**
 * Node and time budgets of every searcher of `src/search/` (issue 19): a
 * random small `maxNodes` on random seeded trees stops the search, says so,
 * leaves the position as it was, and a budget that is not hit changes
 * nothing; a search without depth or budget stops at DEFAULT_MAX_NODES.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  aspiration,
  type BudgetReport,
  DEFAULT_MAX_NODES,
  ExplicitTree,
  iterativeDeepening,
  minimax,
  mtdf,
  negamax,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  sssStar,
  TicTacToe,
  TranspositionTable,
  UniformTree,
} from "../mod.ts";
import { ticTacToePositions, uniformTrees } from "./_arbitraries.ts";

type Result = SearchResult & BudgetReport;
type Searcher = (
  position: Position,
  options: Record<string, unknown>,
) => Result;

/** Searchers that return one value (stopped: a lower bound or the root's evaluation). */
const ONE_SHOT: [string, Searcher][] = [
  ["minimax", (p, o) => minimax(p, o)],
  ["negamax", (p, o) => negamax(p, o)],
  ["alphaBeta", (p, o) => alphaBeta(p, o)],
  ["alphaBeta+tt", (p, o) =>
    alphaBeta(p, {
      ...o,
      tt: new TranspositionTable({ entries: 1 << 10 }),
      exactDepth: true,
    })],
  ["pvs", (p, o) => pvs(p, o)],
  ["quiescence", (p, o) => quiescence(p, o)],
  ["mtdf", (p, o) => mtdf(p, { ...o, exactDepth: true })],
  ["sssStar", (p, o) => sssStar(p, { ...o, exactDepth: true })],
];

/** Anytime searchers: stopped, they give the last finished depth's answer. */
const ANYTIME: [string, Searcher][] = [
  ["iterativeDeepening", (p, o) => iterativeDeepening(p, o)],
  ["aspiration", (p, o) => aspiration(p, o)],
];

const treeArbitrary = fc.record({
  branching: fc.integer({ min: 1, max: 4 }),
  depth: fc.integer({ min: 1, max: 6 }),
  seed: fc.integer({ min: 0, max: 1000 }),
});

Deno.test("every searcher with a random small maxNodes stops, says so, and restores the position", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ONE_SHOT, ...ANYTIME),
      treeArbitrary,
      fc.integer({ min: 1, max: 300 }),
      fc.boolean(),
      ([name, search], shape, maxNodes, withDepth) => {
        const tree = new UniformTree(shape);
        const before = tree.key();
        const options = withDepth
          ? { maxNodes, depth: shape.depth }
          : { maxNodes };
        const result = search(tree, options);
        assert.equal(tree.key(), before, `${name} moved the root`);
        const full = minimax(tree, { depth: shape.depth });
        if (!result.stoppedByBudget) {
          assert.equal(result.value, full.value, `${name}: value`);
          assert.ok(result.exact, `${name}: exact`);
          return;
        }
        assert.equal(result.exact, false, `${name}: a cut value is not exact`);
        const anytime = ANYTIME.some(([n]) => n === name);
        // Depth 1 of iterative deepening always finishes (1 + branching nodes).
        const slack = anytime ? 1 + shape.branching : 0;
        assert.ok(
          result.stats.nodes <= maxNodes + 1 + slack,
          `${name}: ${result.stats.nodes} nodes for maxNodes ${maxNodes}`,
        );
        if (result.move !== -1) {
          assert.ok(result.move >= 0 && result.move < shape.branching);
          assert.equal(result.pv[0], result.move);
        }
        if (anytime) {
          assert.ok(result.completedDepth >= 1);
          assert.equal(
            result.value,
            minimax(tree, { depth: result.completedDepth }).value,
            `${name}: the last finished depth's value`,
          );
        } else if (result.move !== -1) {
          assert.equal(result.completedDepth, 0);
          assert.ok(
            result.value <= full.value,
            `${name}: ${result.value} is a lower bound of ${full.value}`,
          );
        } else {
          assert.deepEqual(result.pv, []);
          assert.equal(result.value, tree.evaluate());
        }
      },
    ),
    { seed: 19, numRuns: 400 },
  );
});

/** A position that counts its `evaluate()` calls, everything else passed on. */
class CountingEvaluations implements Position {
  evaluations = 0;
  readonly maxMoves: number;
  constructor(readonly inner: Position) {
    this.maxMoves = inner.maxMoves;
  }
  generateMoves(out: Int32Array): number {
    return this.inner.generateMoves(out);
  }
  play(move: number): void {
    this.inner.play(move);
  }
  undo(move: number): void {
    this.inner.undo(move);
  }
  isTerminal(): boolean {
    return this.inner.isTerminal();
  }
  evaluate(): number {
    this.evaluations++;
    return this.inner.evaluate();
  }
  turn(): 1 | -1 {
    return this.inner.turn();
  }
  key(): number {
    return this.inner.key();
  }
  clone(): this {
    return new CountingEvaluations(this.inner.clone()) as this;
  }
}

Deno.test("a stopped plain search counts as leaves exactly the positions it evaluated", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ONE_SHOT.slice(0, 3)),
      fc.oneof(ticTacToePositions, uniformTrees),
      fc.integer({ min: 1, max: 2000 }),
      ([name, search], root, maxNodes) => {
        const position = new CountingEvaluations(root);
        const result = search(position, { maxNodes });
        // A stop before any root move is finished values the root itself:
        // a call of evaluate() too.
        assert.equal(
          result.stats.leaves,
          position.evaluations,
          `${name}, maxNodes ${maxNodes}: leaves`,
        );
      },
    ),
    { seed: 27, numRuns: 300 },
  );
});

Deno.test("a selective search counts its static evaluations as leaves: stats.leaves is every call of evaluate()", () => {
  fc.assert(
    fc.property(
      uniformTrees,
      fc.integer({ min: 1, max: 5 }),
      fc.constantFrom(
        { futility: { margins: [1, 1] } },
        { razoring: { margins: [5, 10] } },
        { reverseFutility: { margin: 3 } },
      ),
      (root, depth, selective) => {
        const position = new CountingEvaluations(root);
        const result = alphaBeta(position, { depth, ...selective });
        assert.equal(
          result.stats.leaves,
          position.evaluations,
          `${JSON.stringify(selective)} at depth ${depth}`,
        );
      },
    ),
    { seed: 28, numRuns: 200 },
  );
});

Deno.test("a budget that is not hit changes nothing: same value, move and nodes", () => {
  const tree = new UniformTree({ branching: 3, depth: 5, seed: 7 });
  for (const [name, search] of [...ONE_SHOT, ...ANYTIME]) {
    const free = search(tree, { depth: 5 });
    const budgeted = search(tree, { depth: 5, maxNodes: 1e6, timeMs: 6e4 });
    assert.equal(budgeted.value, free.value, name);
    assert.equal(budgeted.move, free.move, name);
    assert.equal(budgeted.stats.nodes, free.stats.nodes, name);
    assert.ok(!budgeted.stoppedByBudget && budgeted.exact, name);
    assert.equal(budgeted.completedDepth, 5, name);
  }
});

Deno.test("a spent time budget stops every searcher after at most 1,024 nodes", () => {
  // 2^21 leaves: far more than 1,024 nodes, so the clock is read.
  const tree = new UniformTree({ branching: 2, depth: 21, seed: 3 });
  for (const [name, search] of ONE_SHOT) {
    const result = search(tree, { timeMs: 1e-9 });
    assert.ok(result.stoppedByBudget && !result.exact, name);
    assert.ok(result.stats.nodes <= 1025, `${name}: ${result.stats.nodes}`);
    assert.equal(
      tree.key(),
      new UniformTree({ branching: 2, depth: 21, seed: 3 }).key(),
    );
  }
});

Deno.test("bad budgets are clear errors naming the searcher, before the search", () => {
  const position = TicTacToe.empty();
  for (const [name, search] of [...ONE_SHOT, ...ANYTIME]) {
    const where = name.replace(/\+.*/, "");
    for (const bad of [0, -1, NaN, 1.5, "3", -Infinity]) {
      assert.throws(
        () => search(position, { maxNodes: bad }),
        new RegExp(
          `^Error: ${where}: maxNodes must be a positive integer \\(or Infinity\\), got `,
        ),
        `${name} maxNodes ${String(bad)}`,
      );
    }
    for (const bad of [0, -5, NaN, "1"]) {
      assert.throws(
        () => search(position, { timeMs: bad }),
        new RegExp(`^Error: ${where}: timeMs must be a positive number`),
        `${name} timeMs ${String(bad)}`,
      );
    }
    assert.equal(position.key(), 0);
  }
});

Deno.test("without depth or budget the one-shot searchers stop at DEFAULT_MAX_NODES with a clear error, the anytime ones report it", () => {
  assert.equal(DEFAULT_MAX_NODES, 2 ** 25);
  // 8^14 leaves, random values: even alpha-beta needs more than the default.
  const tree = new UniformTree({ branching: 8, depth: 14, seed: 5 });
  const before = tree.key();
  for (
    const [name, search] of [["minimax", ONE_SHOT[0]![1]], [
      "pvs",
      ONE_SHOT[4]![1],
    ]] as const
  ) {
    assert.throws(
      () => search(tree, {}),
      new RegExp(
        `${name}: the search without depth passed the default budget of DEFAULT_MAX_NODES = 33554432 nodes; pass depth, maxNodes or a finite timeMs`,
      ),
    );
    assert.equal(tree.key(), before);
  }
  // timeMs: Infinity is no time limit: the default node budget still applies.
  assert.throws(
    () => ONE_SHOT[4]![1](tree, { timeMs: Infinity }),
    /^Error: pvs: the search without depth passed the default budget of DEFAULT_MAX_NODES/,
  );
  assert.equal(tree.key(), before);
  const anytime = iterativeDeepening(tree);
  assert.ok(anytime.stoppedByBudget && !anytime.exact);
  assert.ok(anytime.stats.nodes <= DEFAULT_MAX_NODES + 1);
  assert.ok(anytime.completedDepth >= 4 && anytime.completedDepth < 14);
  assert.equal(tree.key(), before);
  // maxNodes: Infinity opts out of the default (small tree: it finishes).
  const small = new UniformTree({ branching: 2, depth: 10, seed: 5 });
  const free = pvs(small, { maxNodes: Infinity });
  assert.ok(!free.stoppedByBudget && free.completedDepth === Infinity);
  assert.equal(free.value, minimax(small).value);
});

Deno.test("aspiration with a guess and no budget is one search: stopped by DEFAULT_MAX_NODES it throws the one-shot searchers' error, not the root's evaluate() (found by review)", () => {
  // With a guess no depth is finished before the budget runs out, so the
  // stop used to return the root's static value as the search's.
  const tree = new UniformTree({ branching: 8, depth: 14, seed: 5 });
  const before = tree.key();
  for (const options of [{ guess: 0 }, { guess: 0, timeMs: Infinity }]) {
    assert.throws(
      () => aspiration(tree, options),
      /^Error: aspiration: the search without depth passed the default budget of DEFAULT_MAX_NODES = 33554432 nodes; pass depth, maxNodes or a finite timeMs \(maxNodes: Infinity searches without a limit\)$/,
    );
    assert.equal(tree.key(), before);
  }
});

Deno.test("aspiration with a guess stopped by the caller's budget reports the best root move it proved, with a lower bound of the root's value and of the move's, as the one-shot searchers do (found by review)", () => {
  // It used to report the root's evaluate() and move -1 whatever its passes
  // had proved, though a pass that failed high, or a re-search that
  // finished a root move, had proved a move and a lower bound.
  let reported = 0;
  fc.assert(
    fc.property(
      treeArbitrary,
      fc.integer({ min: -150, max: 150 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 400 }),
      fc.boolean(),
      fc.boolean(),
      (shape, guess, delta, maxNodes, withDepth, failHard) => {
        const tree = new UniformTree(shape);
        const before = tree.key();
        const result = aspiration(tree, {
          guess,
          delta,
          maxNodes,
          failHard,
          ...(withDepth ? { depth: shape.depth - 1 } : {}),
        });
        assert.equal(tree.key(), before);
        const depth = withDepth ? shape.depth - 1 : shape.depth;
        if (!result.stoppedByBudget) {
          assert.equal(result.value, minimax(tree, { depth }).value);
          return;
        }
        assert.deepEqual([result.exact, result.completedDepth], [false, 0]);
        if (result.move === -1) {
          assert.deepEqual(result.pv, []);
          assert.equal(result.value, tree.evaluate());
          return;
        }
        reported++;
        assert.equal(result.pv[0], result.move);
        assert.ok(result.value <= minimax(tree, { depth }).value, "root");
        tree.play(result.move);
        const child = -minimax(tree, { depth: Math.max(depth - 1, 0) }).value;
        tree.undo(result.move);
        assert.ok(result.value <= child, `the move's value ${child}`);
      },
    ),
    { seed: 19, numRuns: 400 },
  );
  assert.ok(reported > 20, `${reported} stopped searches reported a move`);
  // Guessed far too low: the first pass fails high on move 0, a proof that
  // survives the re-search the budget stops.
  const tree = new UniformTree({ branching: 3, depth: 5, seed: 2 });
  const cut = aspiration(tree, { guess: -5000, maxNodes: 40 });
  assert.deepEqual(
    [cut.stoppedByBudget, cut.move, cut.pv, cut.value, cut.stats.passes],
    [true, 0, [0], 10, 2],
  );
});

Deno.test("a raised interrupt flag stops the deep searchers within 1,024 nodes; iterative deepening finishes depth 1 first", () => {
  const tree = new UniformTree({ branching: 4, depth: 8, seed: 7 });
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const before = tree.key();
  // Not raised: the flag changes nothing.
  const free = iterativeDeepening(tree, { depth: 6, interrupt: flag });
  assert.equal(free.stoppedByBudget, false);
  assert.deepEqual(
    [free.value, free.stats.nodes],
    [
      iterativeDeepening(tree, { depth: 6 }).value,
      iterativeDeepening(tree, { depth: 6 }).stats.nodes,
    ],
  );
  Atomics.store(flag, 0, 1);
  const stopped = iterativeDeepening(tree, { depth: 6, interrupt: flag });
  assert.equal(stopped.stoppedByBudget, true);
  assert.ok(stopped.completedDepth >= 1 && stopped.completedDepth < 6);
  assert.ok(stopped.stats.nodes <= 1024, `${stopped.stats.nodes} nodes`);
  assert.notEqual(stopped.move, -1);
  const oneShot = alphaBeta(tree, { depth: 8, interrupt: flag });
  assert.equal(oneShot.stoppedByBudget, true);
  assert.ok(oneShot.stats.nodes <= 1024, `${oneShot.stats.nodes} nodes`);
  assert.equal(tree.key(), before);
  assert.throws(
    () =>
      alphaBeta(tree, { depth: 2, interrupt: [1] as unknown as Int32Array }),
    /alphaBeta: interrupt must be an Int32Array of at least one element \(a flag another thread sets\), got an array of 1/,
  );
});

Deno.test("iterativeDeepening's onIteration: each finished row once, in order; true stops there; a bad value is refused", () => {
  const position = TicTacToe.parse("X...O....");
  const before = position.key();
  const seen: number[] = [];
  const full = iterativeDeepening(position, {
    onIteration: (row) => {
      seen.push(row.depth);
    },
  });
  assert.deepEqual(seen, full.rows.map((row) => row.depth));
  assert.ok(full.solved && seen.length > 3);
  const plain = iterativeDeepening(position);
  assert.equal(full.stats.nodes, plain.stats.nodes);
  // Stopped after depth 3: that iteration's result, no budget named.
  const stopped = iterativeDeepening(position, {
    onIteration: (row) => row.depth === 3,
  });
  assert.deepEqual(stopped.rows.map((row) => row.depth), [1, 2, 3]);
  assert.equal(stopped.depth, 3);
  assert.equal(stopped.value, plain.rows[2]!.value);
  assert.equal(stopped.stoppedByBudget, false);
  // What the callback throws leaves the search, the position as it was.
  assert.throws(
    () =>
      iterativeDeepening(position, {
        onIteration: (row) => {
          if (row.depth === 2) throw new Error("enough");
        },
      }),
    /enough/,
  );
  assert.equal(position.key(), before);
  assert.throws(
    () => iterativeDeepening(position, { onIteration: 3 as never }),
    /iterativeDeepening: onIteration must be a function called with each finished iteration's row, got 3/,
  );
  assert.throws(
    () => alphaBeta(position, { depth: 2, onIteration: () => {} } as never),
    /alphaBeta.*onIteration/,
  );
});

Deno.test("an interrupt stops a search given no budget as a budget does: a stopped result, never the default budget's error", () => {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(stop, 0, 1);
  const searches = {
    alphaBeta: () => alphaBeta(TicTacToe.empty(), { interrupt: stop }),
    pvs: () => pvs(TicTacToe.empty(), { interrupt: stop }),
    quiescence: () => quiescence(TicTacToe.empty(), { interrupt: stop }),
    mtdf: () => mtdf(TicTacToe.empty(), { interrupt: stop }),
    aspiration: () =>
      aspiration(TicTacToe.empty(), { guess: 0, interrupt: stop }),
    sssStar: () =>
      sssStar(TicTacToe.empty(), {
        interrupt: stop,
        tt: new TranspositionTable({ entries: 16 }),
      }),
  };
  for (const [name, search] of Object.entries(searches)) {
    const result = search();
    assert.equal(result.stoppedByBudget, true, name);
    assert.equal(result.exact, false, name);
  }
});

Deno.test("quiescence stopped at its root reports the root move it finished with that move's value, a lower bound", () => {
  const tree = ExplicitTree.from({
    value: -50,
    children: [
      { noisy: true, value: -30, children: [-30] },
      { noisy: true, value: -20, children: [-20] },
    ],
  });
  assert.equal(quiescence(tree, { depth: 0 }).value, -20);
  const cut = quiescence(tree, { depth: 0, maxNodes: 2 });
  assert.deepEqual([cut.stoppedByBudget, cut.move, cut.value], [true, 0, -30]);
});

Deno.test("a budget stop before any root move finished, at a root that cannot evaluate itself, is an error naming the searcher and the budget; the position restored", () => {
  // The root's evaluate() is all such a stop can report; an ExplicitTree's
  // inner node without a value throws there, and the error named neither
  // the searcher nor the budget.
  const searchers: [string, Searcher][] = [
    ...ONE_SHOT,
    ["aspiration", (p, o) => aspiration(p, { ...o, guess: 5 })],
  ];
  for (const [label, search] of searchers) {
    const name = label.replace(/\+.*/, "");
    for (const depth of [undefined, 2]) {
      const tree = ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
      const before = tree.key();
      assert.throws(
        () => search(tree, { maxNodes: 3, ...(depth ? { depth } : {}) }),
        (error: Error) => {
          assert.match(
            error.message,
            new RegExp(
              `^${name}: maxNodes = 3 stopped ${name} before any root move finished; the root's evaluate\\(\\) threw: ExplicitTree node 0 is an inner node without a value`,
            ),
          );
          assert.match(String((error.cause as Error).message), /^ExplicitTree/);
          return true;
        },
        `${label} depth ${depth}`,
      );
      assert.equal(tree.key(), before, `${label}: the position restored`);
    }
  }
  // A raised interrupt flag is named as what stopped the search: read
  // every 1,024 nodes, within the first root move's 1 + 40 + 1,600 (each
  // reply worth less to MAX than the one before, so no leaf reaches beta
  // and alpha-beta cuts none).
  const big: number[][][] = Array.from(
    { length: 4 },
    (_, a) =>
      Array.from(
        { length: 40 },
        (_, b) => Array.from({ length: 40 }, (_, c) => a - 100 * b + c),
      ),
  );
  const flag = new Int32Array([1]);
  for (const search of [alphaBeta, pvs] as const) {
    const tree = ExplicitTree.from(big);
    assert.throws(
      () => search(tree, { interrupt: flag }),
      new RegExp(
        `^Error: ${search.name}: the interrupt flag stopped ${search.name} before any root move finished; the root's evaluate\\(\\) threw: ExplicitTree node 0`,
      ),
    );
  }
});

Deno.test("exact says the search finished, not that the value is inside the window: outside a narrowed root window it is a bound, per the searcher's contract", () => {
  const tree = new UniformTree({ branching: 3, depth: 5, seed: 0 });
  const truth = minimax(tree).value;
  assert.equal(truth, 65);
  for (
    const [name, search] of [["alphaBeta", alphaBeta], ["pvs", pvs], [
      "quiescence",
      quiescence,
    ]] as const
  ) {
    // Fails low: an upper bound at or below alpha, exact true.
    const low = search(tree, { alpha: 200, beta: 300 });
    assert.ok(low.exact && !low.stoppedByBudget, name);
    assert.ok(low.value <= 200 && truth <= low.value, `${name}: ${low.value}`);
    // Fails high: a lower bound at or above beta.
    const high = search(tree, { alpha: -300, beta: -200 });
    assert.ok(high.exact && high.value >= -200 && truth >= high.value, name);
    // Inside the window: the value itself.
    const inside = search(tree, { alpha: 60, beta: 70 });
    assert.ok(inside.exact && inside.value === truth, name);
  }
});
