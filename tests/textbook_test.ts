// The textbook layer (src/textbook/) against the instrumented searchers it
// stands beside in the notebooks: the same values on seeded trees and
// positions, the same nodes where the course counts them, and every
// position left as it was found.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  ExplicitTree,
  iterativeDeepening,
  mcts,
  minimax,
  type Move,
  Nim,
  nimSum,
  type Position,
  pvs,
  quiescence,
  subtractionGame,
  TicTacToe,
  UniformTree,
} from "../mod.ts";
import * as textbook from "../src/textbook/mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";
import { ticTacToePositions, uniformTrees } from "./_arbitraries.ts";

/** Counts the positions a search enters, as `stats.nodes` does: the root and every move played. */
class Counting extends DelegatingPosition {
  nodes = 1;
  override play(move: Move): void {
    super.play(move);
    this.nodes++;
  }
  clone(): this {
    return new Counting(this.inner.clone()) as this;
  }
}

/** Runs `search` on a counting wrapper; checks the position comes back unchanged. */
function counted<T>(
  position: Position,
  search: (p: Position) => T,
): { result: T; nodes: number } {
  const before = position.key();
  const wrapper = new Counting(position);
  const result = search(wrapper);
  assert.equal(position.key(), before, "the position was left as found");
  return { result, nodes: wrapper.nodes };
}

/** The value from the first player's view, as the MAX/MIN textbook forms return it. */
const forMax = (position: Position, value: number) =>
  position.turn() === 1 ? value : 0 - value;

Deno.test("textbook minimax and negamax: the engine's values and nodes, full tic-tac-toe included (T004.5, T004.8)", () => {
  const empty = TicTacToe.empty();
  const mm = counted(empty, (p) => textbook.minimax(p));
  const nm = counted(empty, (p) => textbook.negamax(p));
  const engine = minimax(empty);
  assert.equal(mm.result, 0);
  assert.equal(nm.result, 0);
  assert.equal(mm.nodes, 549_946);
  assert.equal(nm.nodes, engine.stats.nodes);
  fc.assert(
    fc.property(uniformTrees, fc.integer({ min: 0, max: 7 }), (tree, depth) => {
      const engineResult = minimax(tree, { depth });
      const a = counted(tree, (p) => textbook.minimax(p, depth));
      const b = counted(tree, (p) => textbook.negamax(p, depth));
      assert.equal(a.result, forMax(tree, engineResult.value));
      assert.equal(b.result, engineResult.value);
      assert.equal(a.nodes, engineResult.stats.nodes);
      assert.equal(b.nodes, engineResult.stats.nodes);
    }),
    { seed: 1, numRuns: 300 },
  );
});

Deno.test("textbook alpha-beta (the course's ab): the engine's values, nodes and leaves (T000.1, T000.2, T000.7)", () => {
  const walkthrough = ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
  assert.equal(textbook.alphaBeta(walkthrough), 3);
  assert.deepEqual(walkthrough.visitedLeaves, [3, 5, 2, 1]);
  assert.equal(
    counted(TicTacToe.empty(), (p) => textbook.alphaBeta(p)).nodes,
    18_297,
  );
  const bestFirst = new UniformTree({
    branching: 3,
    depth: 6,
    seed: 1,
    order: "best-first",
  });
  assert.equal(counted(bestFirst, (p) => textbook.alphaBeta(p)).nodes, 125);
  const properties = [
    uniformTrees,
    ticTacToePositions as fc.Arbitrary<Position>,
  ];
  for (const positions of properties) {
    fc.assert(
      fc.property(
        positions,
        fc.integer({ min: 1, max: 9 }),
        (position, depth) => {
          const engine = alphaBeta(position, { depth });
          const soft = counted(position, (p) => textbook.alphaBeta(p, depth));
          const nega = counted(
            position,
            (p) => textbook.alphaBetaNegamax(p, depth),
          );
          assert.equal(soft.result, forMax(position, engine.value));
          assert.equal(nega.result, engine.value);
          assert.equal(soft.nodes, engine.stats.nodes);
          assert.equal(nega.nodes, engine.stats.nodes);
        },
      ),
      { seed: 2, numRuns: 300 },
    );
  }
});

Deno.test("textbook fail-hard alpha-beta: the fail-soft value inside the window, its bound outside, the same nodes (T002.1)", () => {
  fc.assert(
    fc.property(
      uniformTrees,
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 1, max: 100 }),
      (tree, low, width) => {
        const high = low + width;
        const exact = textbook.alphaBeta(tree);
        const hard = counted(
          tree,
          (p) => textbook.alphaBetaFailHard(p, Infinity, low, high),
        );
        const soft = counted(
          tree,
          (p) => textbook.alphaBeta(p, Infinity, low, high),
        );
        assert.ok(low <= hard.result && hard.result <= high);
        if (exact <= low) assert.equal(hard.result, low);
        else if (exact >= high) assert.equal(hard.result, high);
        else assert.equal(hard.result, exact);
        assert.equal(hard.nodes, soft.nodes);
      },
    ),
    { seed: 3, numRuns: 300 },
  );
});

Deno.test("textbook PVS: the engine's PVS value, and the bound contract on narrow windows (T002.3)", () => {
  assert.equal(textbook.pvs(TicTacToe.empty()), 0);
  fc.assert(
    fc.property(
      uniformTrees,
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 1, max: 30 }),
      (tree, low, width) => {
        const exact = pvs(tree).value;
        assert.equal(counted(tree, (p) => textbook.pvs(p)).result, exact);
        const windowed = textbook.pvs(tree, Infinity, low, low + width);
        if (windowed <= low) assert.ok(exact <= low);
        else if (windowed >= low + width) assert.ok(exact >= low + width);
        else assert.equal(windowed, exact);
      },
    ),
    { seed: 4, numRuns: 300 },
  );
});

Deno.test("textbook iterative deepening: the engine's value at the last depth, and a best move that earns it", () => {
  fc.assert(
    fc.property(uniformTrees, fc.integer({ min: 1, max: 6 }), (tree, depth) => {
      const deepened = counted(tree, (p) =>
        textbook.iterativeDeepening(p, depth)).result;
      const engine = iterativeDeepening(tree, { depth });
      assert.equal(deepened.value, engine.value);
      if (tree.isTerminal()) return assert.equal(deepened.move, -1);
      tree.play(deepened.move);
      const reply = -textbook.negamax(tree, depth - 1);
      tree.undo(deepened.move);
      assert.equal(reply, deepened.value);
    }),
    { seed: 5, numRuns: 200 },
  );
});

Deno.test("textbook transposition table: exact values with bounds stored as bounds, fewer nodes on tic-tac-toe (T003.4)", () => {
  const empty = TicTacToe.empty();
  const withTable = counted(empty, (p) => textbook.alphaBetaWithTable(p));
  assert.equal(withTable.result, 0);
  assert.ok(
    withTable.nodes < 18_297,
    `${withTable.nodes} nodes with the table`,
  );
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.integer({ min: -1, max: 1 }),
      (position, low) => {
        const exact = textbook.alphaBetaNegamax(position);
        const table: textbook.Table = new Map();
        // A narrow search first fills the table with bounds; the full one must still be exact.
        textbook.alphaBetaWithTable(
          position,
          Infinity,
          low - 1,
          low + 1,
          table,
        );
        assert.equal(
          textbook.alphaBetaWithTable(
            position,
            Infinity,
            -Infinity,
            Infinity,
            table,
          ),
          exact,
        );
      },
    ),
    { seed: 6, numRuns: 100 },
  );
});

Deno.test("textbook quiescence: the engine's quiescence value on trees with noisy moves (T003.5)", () => {
  fc.assert(
    fc.property(
      fc.record({
        branching: fc.integer({ min: 1, max: 4 }),
        depth: fc.integer({ min: 1, max: 6 }),
        seed: fc.integer(),
        noisyPercent: fc.integer({ min: 0, max: 60 }),
      }),
      fc.integer({ min: 0, max: 4 }),
      (options, horizon) => {
        const tree = new UniformTree(options);
        const depth = Math.min(horizon, options.depth);
        // Unwrapped: the counting wrapper does not pass generateNoisyMoves on.
        const before = tree.key();
        const ours = textbook.alphaBetaQuiescence(tree, depth);
        assert.equal(tree.key(), before);
        assert.equal(ours, quiescence(tree, { depth }).value);
      },
    ),
    { seed: 7, numRuns: 300 },
  );
});

Deno.test("textbook Grundy numbers: the library's subtraction games and Nim's nim-sum (T003.6)", () => {
  for (const set of [[1, 2], [1, 3, 4], [2, 5, 7], [1, 2, 3, 4, 5]]) {
    const moves = (n: number) => set.filter((k) => k <= n).map((k) => [n - k]);
    const library = subtractionGame(set);
    const memo = new Map<number, number>();
    for (let n = 0; n <= 60; n++) {
      assert.equal(
        textbook.grundy(n, moves, memo),
        library(n),
        `set ${set}, heap ${n}`,
      );
    }
  }
  // Nim: a heap's number is its size, so a sum is the XOR of the heaps.
  const nim = (n: number) => Array.from({ length: n }, (_, k) => [k]);
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 }),
      (heaps) => {
        const sum = heaps.reduce(
          (x, heap) => x ^ textbook.grundy(heap, nim),
          0,
        );
        assert.equal(sum, nimSum(heaps));
      },
    ),
    { seed: 8, numRuns: 200 },
  );
});

Deno.test("textbook UCT: a playout of odd length is credited to the side it favours (found by review)", () => {
  // Move 0 leads by two forced plies to a loss for MAX, move 1 to a win: the
  // playouts below the root's children are one ply long, so a result read at
  // the end of the game and not turned back to the playout's first mover
  // credited the loss to move 0 and made it look best.
  const tree = ExplicitTree.from([[[[-5]]], [[[5]]]]);
  const root = textbook.newUctNode(tree);
  textbook.uctIteration(root, tree, Math.SQRT2, () => 0);
  textbook.uctIteration(root, tree, Math.SQRT2, () => 0);
  assert.deepEqual(
    root.children.map((child) => [child.move, child.visits, child.wins]),
    [[0, 1, 0], [1, 1, 1]],
  );
  for (const playouts of [3, 4, 10]) {
    assert.equal(textbook.uct(tree, playouts, 1), 1, `${playouts} playouts`);
  }
});

Deno.test("textbook UCT: like the engine's MCTS, keeps the minimax value where a move wins", () => {
  /** The value for the side to move after `move`, by minimax. */
  const valueOf = (position: Position, move: Move) => {
    position.play(move);
    const value = -minimax(position).value;
    position.undo(move);
    return value;
  };
  for (const cells of ["X.O.O...X", "XX.OO....", ".O.XX.O..", "OO.XX.X.."]) {
    const position = TicTacToe.parse(cells);
    const before = position.key();
    const move = textbook.uct(position, 3000, 1);
    assert.equal(position.key(), before);
    assert.equal(valueOf(position, move), minimax(position).value, cells);
    assert.equal(
      valueOf(position, mcts(position, { playouts: 3000, seed: 1 }).move),
      minimax(position).value,
    );
  }
  // Nim: from a position with a winning move, UCT's move leaves nim-sum 0.
  for (const heaps of [[1, 2], [3, 1], [2, 3, 4]]) {
    const position = new Nim(heaps);
    const move = textbook.uct(position, 5000, 2);
    position.play(move);
    assert.equal(nimSum(position.heaps), 0, `heaps ${heaps}`);
  }
  assert.equal(textbook.uct(TicTacToe.parse("XXXOO...."), 10, 1), -1);
});

/** Throws from the `failAt`-th `evaluate()`; counts the moves on the board. */
class FailingEvaluate extends DelegatingPosition {
  evaluations = 0;
  onBoard = 0;
  constructor(inner: Position, readonly failAt: number) {
    super(inner);
  }
  override play(move: Move): void {
    super.play(move);
    this.onBoard++;
  }
  override undo(move: Move): void {
    super.undo(move);
    this.onBoard--;
  }
  override evaluate(): number {
    if (++this.evaluations === this.failAt) throw new Error("planted failure");
    return super.evaluate();
  }
  clone(): this {
    return new FailingEvaluate(this.inner.clone(), this.failAt) as this;
  }
}

Deno.test("every textbook searcher leaves the position as found when the game throws (found by review)", () => {
  // The searchers played, recursed and undid with no try/finally: an error
  // below left every move above it on the board.
  const quiescenceTree = () =>
    ExplicitTree.from({
      value: 0,
      children: [
        { value: 1, noisy: true, children: [1, { value: 2, noisy: true }] },
        { value: 3, children: [{ value: -5, noisy: true }, 3] },
      ],
    });
  const searchers: [string, () => Position, (p: Position) => unknown][] = [
    ["minimax", () => TicTacToe.parse("XO.X....."), (p) => textbook.minimax(p)],
    ["negamax", () => TicTacToe.parse("XO.X....."), (p) => textbook.negamax(p)],
    [
      "alphaBeta",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.alphaBeta(p),
    ],
    [
      "alphaBetaFailHard",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.alphaBetaFailHard(p),
    ],
    [
      "alphaBetaNegamax",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.alphaBetaNegamax(p),
    ],
    ["pvs", () => TicTacToe.parse("XO.X....."), (p) => textbook.pvs(p)],
    [
      "alphaBetaWithTable",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.alphaBetaWithTable(p),
    ],
    [
      "alphaBetaOrdered",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.alphaBetaOrdered(p),
    ],
    [
      "orderMoves",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.orderMoves(p, textbook.legalMoves(p)),
    ],
    [
      "iterativeDeepening",
      () => TicTacToe.parse("XO.X....."),
      (p) => textbook.iterativeDeepening(p, 3),
    ],
    [
      "quiesce",
      quiescenceTree,
      (p) => textbook.quiesce(p, -Infinity, Infinity),
    ],
    [
      "alphaBetaQuiescence",
      quiescenceTree,
      (p) => textbook.alphaBetaQuiescence(p, 1),
    ],
    ["uct", () => TicTacToe.parse("XO.X....."), (p) => textbook.uct(p, 20, 1)],
  ];
  for (const [name, make, search] of searchers) {
    // Fail at every evaluate() in turn, until the search needs no more.
    let thrown = 0;
    for (let failAt = 1;; failAt++) {
      const position = make();
      const before = position.key();
      const failing = new FailingEvaluate(position, failAt);
      try {
        search(failing);
        break;
      } catch (error) {
        assert.match(String(error), /planted failure/, name);
        thrown++;
      }
      assert.equal(failing.onBoard, 0, `${name}, failing at ${failAt}`);
      assert.equal(position.key(), before, `${name}, failing at ${failAt}`);
    }
    assert.ok(thrown >= 2, `${name} threw ${thrown} times`);
  }
  // The reviewer's case: a node without a value, met at the depth limit.
  const tree = ExplicitTree.from({
    value: 0,
    children: [{ children: [1, 2] }, 3],
  });
  const before = tree.key();
  assert.throws(() => textbook.minimax(tree, 1));
  assert.equal(tree.key(), before);
});

Deno.test("every textbook function refuses bad input, naming itself, the argument, the value and the rule (found by review)", () => {
  // Each one used to answer silently: a depth of −1, 1.5 or NaN never met
  // `depth === 0` and searched to the end; fail-hard with alpha ≥ beta
  // returned a value outside its own [alpha, beta]; no playouts or
  // iterations returned −1, which means "game over"; mex and grundy took
  // negative and fractional numbers.
  const tree = () => ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
  const take1 = (n: number) => [1].filter((k) => k <= n).map((k) => [n - k]);
  const DEPTH = "depth must be an integer ≥ 0 or Infinity";
  const WINDOW = "alpha must be less than beta";
  const cases: [() => unknown, string][] = [
    [() => textbook.minimax(tree(), -1), `minimax: ${DEPTH}, got -1`],
    [() => textbook.negamax(tree(), 1.5), `negamax: ${DEPTH}, got 1.5`],
    [() => textbook.alphaBeta(tree(), -1), `alphaBeta: ${DEPTH}, got -1`],
    [() => textbook.alphaBeta(tree(), 1.5), `alphaBeta: ${DEPTH}, got 1.5`],
    [() => textbook.alphaBeta(tree(), NaN), `alphaBeta: ${DEPTH}, got NaN`],
    [
      () => textbook.alphaBeta(tree(), Infinity, 10, 0),
      `alphaBeta: ${WINDOW}, got alpha = 10, beta = 0`,
    ],
    [
      () => textbook.alphaBetaFailHard(tree(), Infinity, 10, 0),
      `alphaBetaFailHard: ${WINDOW}, got alpha = 10, beta = 0`,
    ],
    [
      () => textbook.alphaBetaFailHard(tree(), Infinity, 2, 2),
      `alphaBetaFailHard: ${WINDOW}, got alpha = 2, beta = 2`,
    ],
    [
      () => textbook.alphaBetaNegamax(tree(), -2),
      `alphaBetaNegamax: ${DEPTH}, got -2`,
    ],
    [
      () => textbook.alphaBetaOrdered(tree(), undefined, 2, NaN, 0),
      `alphaBetaOrdered: ${WINDOW}, got alpha = NaN, beta = 0`,
    ],
    [
      () => textbook.pvs(tree(), 2, 1, 1),
      `pvs: ${WINDOW}, got alpha = 1, beta = 1`,
    ],
    [
      () => textbook.alphaBetaWithTable(tree(), 0.5),
      `alphaBetaWithTable: ${DEPTH}, got 0.5`,
    ],
    [
      () => textbook.quiesce(tree(), 5, -5),
      `quiesce: ${WINDOW}, got alpha = 5, beta = -5`,
    ],
    [
      () => textbook.alphaBetaQuiescence(tree(), -1),
      `alphaBetaQuiescence: ${DEPTH}, got -1`,
    ],
    [
      () => textbook.iterativeDeepening(TicTacToe.empty(), 0),
      "iterativeDeepening: maxDepth must be an integer ≥ 1, got 0",
    ],
    [
      () => textbook.iterativeDeepening(TicTacToe.empty(), NaN),
      "iterativeDeepening: maxDepth must be an integer ≥ 1, got NaN",
    ],
    [
      () => textbook.uct(TicTacToe.empty(), 0, 1),
      "uct: playouts must be an integer ≥ 1, got 0",
    ],
    [
      () => textbook.uct(TicTacToe.empty(), -5, 1),
      "uct: playouts must be an integer ≥ 1, got -5",
    ],
    [
      () => textbook.uct(TicTacToe.empty(), 10, 1, NaN),
      "uct: exploration must be a finite number ≥ 0, got NaN",
    ],
    [
      () => textbook.mex([-1, 0, 2]),
      "mex: values must be non-negative integers, got -1",
    ],
    [
      () => textbook.mex([0, 1.5]),
      "mex: values must be non-negative integers, got 1.5",
    ],
    [
      () => textbook.grundy(-1, take1),
      "grundy: size must be a non-negative integer, got -1",
    ],
    [
      () => textbook.grundy(2.5, take1),
      "grundy: size must be a non-negative integer, got 2.5",
    ],
    [
      // A heap the successors name is checked as it is entered.
      () => textbook.grundy(3, (n) => [[n - 0.5]]),
      "grundy: size must be a non-negative integer, got 2.5",
    ],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (error: unknown) => {
      assert.ok(error instanceof RangeError, String(error));
      assert.equal(error.message, message);
      return true;
    });
  }
  // The edges of each rule still pass.
  assert.equal(textbook.alphaBeta(TicTacToe.empty(), 0), 0);
  assert.equal(textbook.alphaBeta(tree(), Infinity, 2, 3), 3);
  assert.equal(textbook.alphaBetaFailHard(tree(), 2, 3, 4), 3);
  assert.equal(textbook.iterativeDeepening(TicTacToe.empty(), 1).move, 0);
  assert.equal(textbook.uct(TicTacToe.parse("X.O.O...X"), 1, 1, 0) >= 0, true);
  assert.equal(textbook.mex([]), 0);
  assert.equal(textbook.grundy(0, take1), 0);
});
