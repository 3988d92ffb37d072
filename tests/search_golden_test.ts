// The course's exact numbers, recomputed (lessons 004, 000, 001).
import assert from "node:assert/strict";
import {
  alphaBeta,
  ExplicitTree,
  minimax,
  negamax,
  TicTacToe,
  UniformTree,
} from "../mod.ts";

Deno.test("minimax() values lesson 004's position at 1 with 178 nodes; alphaBeta() needs 83 (T004.1, T004.2)", () => {
  const position = TicTacToe.parse("X.O.O...X");
  const full = minimax(position);
  const pruned = alphaBeta(position);
  assert.equal(full.value, 1);
  assert.equal(full.stats.nodes, 178);
  assert.equal(pruned.value, 1);
  assert.equal(pruned.stats.nodes, 83);
  assert.equal(full.move, 6, "the forced move blocks O's diagonal 2-4-6");
});

Deno.test("after X plays 6, X still wins: 37 minimax nodes, 31 alpha-beta nodes (T004.3, T004.9)", () => {
  const position = TicTacToe.parse("X.O.O...X");
  position.play(6);
  const full = minimax(position);
  const pruned = alphaBeta(position);
  assert.equal(position.turn(), -1);
  assert.equal(full.value, -1, "O to move loses: X's view is 1");
  assert.equal(full.stats.nodes, 37);
  assert.equal(pruned.stats.nodes, 31);
  // The double threat: whichever cell O blocks, X completes the other line.
  for (const block of [3, 7]) {
    const line = position.clone();
    line.play(block);
    line.play(block === 3 ? 7 : 3);
    assert.equal(line.winner(), "X");
  }
});

Deno.test("the full tic-tac-toe tree has 549,946 nodes and value 0; alpha-beta visits 18,297 (T004.5, T000.7)", () => {
  const full = minimax(TicTacToe.empty());
  const pruned = alphaBeta(TicTacToe.empty());
  assert.equal(full.value, 0);
  assert.equal(full.stats.nodes, 549_946);
  assert.equal(full.stats.leaves, 255_168, "the number of distinct games");
  assert.equal(pruned.value, 0);
  assert.equal(pruned.stats.nodes, 18_297);
});

Deno.test("X in a corner and O in the centre: 7,332 vs 844 nodes, value 0 (T004.4, T000.7)", () => {
  const position = TicTacToe.parse("X...O....");
  assert.equal(minimax(position).stats.nodes, 7_332);
  assert.equal(minimax(position).value, 0);
  assert.equal(alphaBeta(position).stats.nodes, 844);
  assert.equal(alphaBeta(position).value, 0);
});

Deno.test("X on 0 and O on 1: 8,232 vs 749 nodes, X wins (T000.7)", () => {
  const position = TicTacToe.parse("XO.......");
  assert.equal(minimax(position).stats.nodes, 8_232);
  assert.equal(minimax(position).value, 1);
  assert.equal(alphaBeta(position).stats.nodes, 749);
  assert.equal(alphaBeta(position).value, 1);
});

Deno.test("lesson 004's exercise tree has value 5 and the second move is best (T004.7)", () => {
  for (const search of [minimax, negamax, alphaBeta]) {
    const result = search(ExplicitTree.from([[4, 7], [6, 5], [2, 9]]));
    assert.equal(result.value, 5);
    assert.equal(result.move, 1);
    assert.deepEqual(result.pv, [1, 1]);
  }
});

Deno.test("negamax() gives minimax's value, nodes and leaves on every course position (T004.8)", () => {
  for (
    const cells of [
      "X.O.O...X",
      "X.O.O.X.X",
      "X...O....",
      "XO.......",
      ".........",
    ]
  ) {
    const position = TicTacToe.parse(cells);
    const a = minimax(position);
    const b = negamax(position);
    assert.deepEqual(
      [b.value, b.move, b.stats],
      [a.value, a.move, a.stats],
      cells,
    );
  }
});

Deno.test("alphaBeta() sees 4 of 6 leaves of lesson 000's tree and skips 9 and 8 (T000.1)", () => {
  const tree = ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
  const result = alphaBeta(tree);
  assert.equal(result.value, 3);
  assert.deepEqual(tree.visitedLeaves, [3, 5, 2, 1]);
  assert.equal(result.stats.cutoffs, 2);
});

Deno.test("alphaBeta() sees 7 of 9 leaves of lesson 001's tree: 3,12,8,2,14,5,2 (T001.1)", () => {
  const tree = ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
  const result = alphaBeta(tree);
  assert.equal(result.value, 3);
  assert.deepEqual(tree.visitedLeaves, [3, 12, 8, 2, 14, 5, 2]);
  tree.resetTrace();
  assert.equal(minimax(tree).value, 3);
  assert.deepEqual(tree.visitedLeaves, [3, 12, 8, 2, 4, 6, 14, 5, 2]);
});

Deno.test("minimax() on a full uniform tree visits (b^(d+1)−1)/(b−1) nodes and b^d leaves", () => {
  for (let branching = 1; branching <= 5; branching++) {
    for (let depth = 0; depth <= 6; depth++) {
      const result = minimax(
        new UniformTree({ branching, depth, seed: branching * 10 + depth }),
      );
      const nodes = branching === 1
        ? depth + 1
        : (branching ** (depth + 1) - 1) / (branching - 1);
      assert.equal(result.stats.nodes, nodes, `b=${branching} d=${depth}`);
      assert.equal(
        result.stats.leaves,
        branching ** depth,
        `b=${branching} d=${depth}`,
      );
    }
  }
});

/** Leaves of the minimal tree at depth d: b^⌈d/2⌉ + b^⌊d/2⌋ − 1. */
function minimalLeaves(branching: number, depth: number): number {
  return branching ** Math.ceil(depth / 2) +
    branching ** Math.floor(depth / 2) - 1;
}

Deno.test("alphaBeta() visits exactly the minimal tree on best-first trees (T000.6)", () => {
  for (let branching = 1; branching <= 6; branching++) {
    for (let depth = 0; depth <= 8 && branching ** depth <= 1e6; depth++) {
      const tree = new UniformTree({
        branching,
        depth,
        seed: 7 * branching + depth,
        order: "best-first",
      });
      const { stats, value } = alphaBeta(tree);
      let nodes = 0;
      for (let level = 0; level <= depth; level++) {
        nodes += minimalLeaves(branching, level);
      }
      assert.equal(
        stats.leaves,
        minimalLeaves(branching, depth),
        `leaves b=${branching} d=${depth}`,
      );
      assert.equal(stats.nodes, nodes, `nodes b=${branching} d=${depth}`);
      assert.equal(
        value,
        minimax(tree).value,
        `value b=${branching} d=${depth}`,
      );
    }
  }
});

Deno.test("the course's three best-first trees take 125, 208 and 268 nodes (T000.2–T000.4)", () => {
  const cases = [[3, 6, 125, 53], [2, 10, 208, 63], [4, 6, 268, 127]] as const;
  for (const [branching, depth, nodes, leaves] of cases) {
    const { stats } = alphaBeta(
      new UniformTree({ branching, depth, seed: 2024, order: "best-first" }),
    );
    assert.deepEqual([stats.nodes, stats.leaves], [nodes, leaves]);
  }
});
