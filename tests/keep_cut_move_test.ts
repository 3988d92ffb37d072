/**
 * `keepCutMove` of iterative deepening: a root move that an iteration cut by
 * the budget had finished, after the previous iteration's move, with a value
 * that raised the pass's alpha, is the result's move; anything else (a move
 * that only failed low, a pass that finished none, the option off) leaves
 * the last finished iteration's result as it was.
 *
 * The budgets are not guessed: each test runs the search once without a
 * budget and counts, through a position that logs its moves, the nodes
 * spent when the better move's search ended.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  ExplicitTree,
  iterativeDeepening,
  type IterativeDeepeningOptions,
  type IterativeDeepeningResult,
  type Move,
  type NestedTree,
  NO_MOVE,
  type Position,
  SearchPlayer,
  TranspositionTable,
  UniformTree,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

/**
 * A position that passes everything on to `inner` and logs each root move
 * undone with the moves played so far: without a table and selective
 * pruning every move played is one node, so the log gives the node count
 * at which each root move's search ended.
 */
class Logged extends DelegatingPosition {
  /** Moves played so far, all searches together. */
  plays = 0;
  /** Each root move undone, with `plays` at that moment. */
  readonly rootUndos: { move: Move; plays: number }[] = [];
  #ply = 0;

  override play(move: Move): void {
    this.plays++;
    this.#ply++;
    this.inner.play(move);
  }
  override undo(move: Move): void {
    this.inner.undo(move);
    this.#ply--;
    if (this.#ply === 0) this.rootUndos.push({ move, plays: this.plays });
  }
  clone(): this {
    return new Logged(this.inner.clone()) as this;
  }
}

/**
 * The nodes spent when iteration `depth`'s pass `pass` (0: its first) has
 * just finished root move `move`, from an unbudgeted run of `options` to
 * `depth`: moves played plus one node per root searched (the iterations
 * before and this one's passes so far), checked against the run's count.
 */
function nodesWhenDone(
  nested: NestedTree,
  options: IterativeDeepeningOptions,
  move: Move,
): { at: number; total: number } {
  const logged = new Logged(ExplicitTree.from(nested));
  const full = iterativeDeepening(logged, options);
  // Every node but the roots is entered by one move: the count is right.
  assert.equal(full.stats.nodes, logged.plays + full.stats.passes);
  const moves = new Int32Array(logged.maxMoves);
  const perPass = logged.generateMoves(moves);
  // The depth-1 pass searches every root move; the cut iteration's first
  // pass starts after it.
  const depthOnePlays = logged.rootUndos[perPass - 1]!.plays;
  const done = logged.rootUndos.slice(perPass).find((u) => u.move === move);
  assert.ok(done !== undefined, `move ${move} was never finished at depth 2`);
  const roots = 2; // depth 1's root and this pass's
  assert.ok(done.plays > depthOnePlays);
  return { at: done.plays + roots, total: full.stats.nodes };
}

/**
 * `nested` searched with `options` and `keepCutMove` at the budget that
 * ends just after root `move`'s search at depth 2 (which must cut the
 * iteration), with the tree and the budget for the runs to compare.
 */
function keptAt(
  nested: NestedTree,
  options: IterativeDeepeningOptions,
  move: Move,
): { tree: ExplicitTree; at: number; kept: IterativeDeepeningResult } {
  const { at, total } = nodesWhenDone(nested, options, move);
  assert.ok(at < total, `budget ${at} must cut the iteration (${total})`);
  const tree = ExplicitTree.from(nested);
  const before = tree.key();
  const kept = iterativeDeepening(tree, {
    ...options,
    maxNodes: at,
    keepCutMove: true,
  });
  assert.equal(tree.key(), before);
  return { tree, at, kept };
}

// Depth 1 (static values, MAX's view) prefers move 0 (5 > 3 > 1); depth 2
// (MIN's replies) gives 2, 4 and 0: move 1 is better. Move 0 is searched
// first at depth 2, move 1 raises alpha from 2 to 4, and move 2 is cut
// after its first reply, so a budget can end the iteration between them.
const SHIFTING: NestedTree = {
  children: [
    { value: 5, children: [2, 6] },
    { value: 3, children: [4, 7] },
    { value: 1, children: [0, 9] },
  ],
};

Deno.test("keepCutMove: the better move finished before the budget cut is played, with its depth-2 value; without it, depth 1's move", () => {
  const options = { depth: 2 };
  const { tree, at, kept } = keptAt(SHIFTING, options, 1);
  assert.equal(kept.move, 1);
  assert.equal(kept.cutMove, true);
  assert.equal(kept.value, 4);
  assert.deepEqual(kept.pv, [1, 0]);
  assert.ok(kept.stoppedByBudget && !kept.exact);
  assert.equal(kept.completedDepth, 1);
  assert.equal(kept.depth, 1);
  assert.deepEqual(kept.rows.map((r) => [r.depth, r.move, r.value]), [
    [1, 0, 5],
  ]);
  // The same search: the option changes the answer, never the nodes.
  const discarded = iterativeDeepening(tree, { ...options, maxNodes: at });
  assert.equal(discarded.stats.nodes, kept.stats.nodes);
  assert.ok(discarded.move === 0 && discarded.value === 5);
  assert.equal(discarded.cutMove, false);
  const off = iterativeDeepening(tree, {
    ...options,
    maxNodes: at,
    keepCutMove: false,
  });
  assert.ok(off.move === 0 && off.cutMove === false);
  // One node less and move 1 was not finished: nothing to keep.
  const early = iterativeDeepening(tree, {
    ...options,
    maxNodes: at - 1,
    keepCutMove: true,
  });
  assert.ok(early.move === 0 && early.cutMove === false);
  // Without a cut the last iteration decides as always.
  const whole = iterativeDeepening(tree, { ...options, keepCutMove: true });
  assert.ok(whole.move === 1 && whole.value === 4 && !whole.cutMove);
});

// An aspiration window of ±5 around depth 1's value 50: move 0 fails low at
// depth 2 (20), move 1 scores 40, above move 0 but still at or below alpha
// 45, so it never raised alpha (its 40 is only an upper bound): a budget
// that cuts the pass after move 1 keeps depth 1's move.
const FAIL_LOW: NestedTree = {
  children: [
    { value: 50, children: [20, 30] },
    { value: 10, children: [40, 44] },
    { value: 0, children: [50, 60] },
  ],
};

Deno.test("keepCutMove: a move that only failed low is not kept, though it beat the previous move's bound", () => {
  const { kept: result } = keptAt(FAIL_LOW, {
    depth: 2,
    aspirationDelta: 5,
  }, 1);
  assert.ok(result.stoppedByBudget);
  assert.equal(result.move, 0);
  assert.equal(result.value, 50);
  assert.equal(result.cutMove, false);
  assert.deepEqual(result.pv, [0]);
});

// The same window, but move 1 reaches 47 inside (45, 55): it raised alpha
// after move 0 failed low, so it is better and its 47 is exact.
const FAIL_LOW_THEN_BETTER: NestedTree = {
  children: [
    { value: 50, children: [20, 30] },
    { value: 10, children: [47, 49] },
    { value: 0, children: [40, 60] },
  ],
};

Deno.test("keepCutMove: under an aspiration window, a move that raised alpha after the previous one failed low is kept with its exact value", () => {
  const options = { depth: 2, aspirationDelta: 5 };
  const { tree, at, kept: result } = keptAt(FAIL_LOW_THEN_BETTER, options, 1);
  assert.ok(result.cutMove && result.move === 1 && result.value === 47);
  assert.deepEqual(result.pv, [1, 0]);
  assert.equal(
    iterativeDeepening(tree, { ...options, maxNodes: at }).move,
    0,
  );
});

Deno.test("keepCutMove: a SearchPlayer with the deepening searcher plays the kept move", () => {
  const { at } = nodesWhenDone(SHIFTING, { depth: 2, previous: "move" }, 1);
  const player = (keepCutMove: boolean) =>
    new SearchPlayer({
      searcher: "deepening",
      maxNodes: at,
      maxDepth: 2,
      options: { previous: "move", keepCutMove },
    });
  assert.equal(player(true).chooseMove(ExplicitTree.from(SHIFTING)), 1);
  assert.equal(player(false).chooseMove(ExplicitTree.from(SHIFTING)), 0);
});

/** Root moves of `position`. */
function movesOf(position: Position): Move[] {
  const out = new Int32Array(position.maxMoves);
  return Array.from(out.subarray(0, position.generateMoves(out)));
}

/** The value of `move` at `depth` from the mover's view: its child's alpha-beta value to `depth − 1`, negated. */
function moveValue(position: Position, move: Move, depth: number): number {
  position.play(move);
  try {
    return 0 - alphaBeta(position, { depth: depth - 1 }).value;
  } finally {
    position.undo(move);
  }
}

Deno.test("keepCutMove on seeded trees and budgets: a legal move that is pv[0], the position restored, the same nodes; a kept move's value is its exact one at the cut depth and above the previous move's", () => {
  let kept = 0;
  let runs = 0;
  let cut = 0;
  fc.assert(
    fc.property(
      fc.record({
        branching: fc.integer({ min: 2, max: 6 }),
        depth: fc.integer({ min: 2, max: 6 }),
        seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      }).filter(({ branching, depth }) => branching ** depth <= 5_000),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.record({
        previous: fc.constantFrom("move", "pv", "none"),
        aspirationDelta: fc.option(fc.integer({ min: 1, max: 30 }), {
          nil: undefined,
        }),
        pvs: fc.boolean(),
        failHard: fc.boolean(),
        order: fc.constantFrom("natural", "killer", "history", "tt"),
        table: fc.boolean(),
      }),
      (shape, fraction, choice) => {
        runs++;
        const tree = new UniformTree(shape);
        const before = tree.key();
        const options = (): IterativeDeepeningOptions => {
          const o: IterativeDeepeningOptions = {
            previous: choice.previous as IterativeDeepeningOptions["previous"],
            pvs: choice.pvs,
            failHard: choice.failHard,
            order: choice.order === "tt" && !choice.table
              ? "natural"
              : choice.order as "natural",
          };
          if (choice.aspirationDelta !== undefined) {
            o.aspirationDelta = choice.aspirationDelta;
          }
          // The tree fixes each node's ply: a fresh table keeps fixed-depth values.
          if (choice.table) o.tt = new TranspositionTable({ entries: 1 << 12 });
          return o;
        };
        const full = iterativeDeepening(tree, options());
        const first = full.rows[0]!.cumulativeNodes;
        if (full.stats.nodes <= first + 1) return;
        const maxNodes = first + 1 +
          Math.floor(fraction * (full.stats.nodes - first - 1));
        const result = iterativeDeepening(tree, {
          ...options(),
          maxNodes,
          keepCutMove: true,
        });
        const plain = iterativeDeepening(tree, { ...options(), maxNodes });
        assert.equal(tree.key(), before);
        if (result.stoppedByBudget) cut++;
        assert.equal(result.stats.nodes, plain.stats.nodes);
        assert.deepEqual(result.rows, plain.rows);
        assert.equal(result.completedDepth, plain.completedDepth);
        assert.equal(plain.cutMove, false);
        assert.ok(movesOf(tree).includes(result.move));
        assert.equal(result.move, result.pv[0]);
        // The line is legal.
        const played: Move[] = [];
        for (const move of result.pv) {
          assert.ok(movesOf(tree).includes(move));
          tree.play(move);
          played.push(move);
        }
        for (const move of played.reverse()) tree.undo(move);
        assert.equal(tree.key(), before);
        if (!result.cutMove) {
          assert.equal(result.move, plain.move);
          assert.equal(result.value, plain.value);
          assert.deepEqual(result.pv, plain.pv);
          return;
        }
        kept++;
        const d = result.completedDepth + 1;
        const previous = result.rows.at(-1)!.move;
        assert.ok(result.stoppedByBudget && !result.exact);
        assert.notEqual(result.move, previous);
        assert.notEqual(result.move, NO_MOVE);
        // The kept move's value is its exact value at depth d...
        assert.equal(moveValue(tree, result.move, d), result.value);
        // ...strictly above the previous iteration's move at depth d...
        assert.ok(moveValue(tree, previous, d) < result.value);
        // ...and at most the root's value at depth d.
        assert.ok(result.value <= alphaBeta(tree, { depth: d }).value);
        assert.equal(tree.key(), before);
      },
    ),
    { seed: 20261202, numRuns: 2000 },
  );
  console.log(
    `${runs} runs, ${cut} cut by the budget, ${kept} kept a cut iteration's move`,
  );
  // Not a vacuous property: the option acted in many runs.
  assert.ok(kept >= 40 && cut >= 1000, `${kept} kept, ${cut} cut`);
});

Deno.test("keepCutMove: a non-boolean is a clear error naming the option and the value; other searchers refuse it", () => {
  const tree = ExplicitTree.from(SHIFTING);
  const before = tree.key();
  for (const [bad, shown] of [[1, "1"], ["yes", '"yes"'], [null, "null"]]) {
    assert.throws(
      () => iterativeDeepening(tree, { depth: 2, keepCutMove: bad as never }),
      new RegExp(
        `^Error: iterativeDeepening: keepCutMove must be a boolean, got ${shown}$`,
      ),
    );
  }
  assert.throws(
    () => alphaBeta(tree, { depth: 2, keepCutMove: true } as never),
    /^Error: alphaBeta: unknown option "keepCutMove"/,
  );
  assert.equal(tree.key(), before);
  assert.throws(
    () => new SearchPlayer({ maxNodes: 9, options: { keepCutMove: true } }),
    /new SearchPlayer: options.keepCutMove is for the "deepening" searcher, got searcher "alpha-beta"/,
  );
  assert.throws(
    () =>
      new SearchPlayer({
        maxNodes: 9,
        searcher: "deepening",
        options: { keepCutMove: 1 as never },
      }),
    /new SearchPlayer: options.keepCutMove must be a boolean, got 1/,
  );
});
