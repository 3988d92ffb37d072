// Every searcher returns the minimax value: on many seeded trees and on reachable games.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  minimax,
  negamax,
  type Position,
  type SearchResult,
  TicTacToe,
} from "../mod.ts";
import { ticTacToePositions, uniformTrees } from "./_arbitraries.ts";

/** Plays `pv` on a copy and returns the end position's value, turned to the root's side. */
function pvEndValue(
  root: Position,
  result: SearchResult,
  depth?: number,
): number {
  const position = root.clone();
  for (const move of result.pv) position.play(move);
  const reached = result.pv.length === depth || position.isTerminal();
  assert.ok(reached, "the PV runs to a leaf or to the depth limit");
  const value = position.evaluate();
  return position.turn() === root.turn() ? value : 0 - value;
}

Deno.test("alphaBeta() and negamax() return minimax's value on 1,000 seeded uniform trees", () => {
  fc.assert(
    fc.property(uniformTrees, (tree) => {
      const expected = minimax(tree);
      for (const result of [negamax(tree), alphaBeta(tree)]) {
        assert.equal(result.value, expected.value);
        assert.equal(pvEndValue(tree, result), expected.value);
        assert.equal(result.move, result.pv[0] ?? -1);
      }
      assert.ok(alphaBeta(tree).stats.leaves <= expected.stats.leaves);
    }),
    { numRuns: 1000, seed: 20261129 },
  );
});

Deno.test("depth-limited alphaBeta() and negamax() agree with depth-limited minimax()", () => {
  fc.assert(
    fc.property(uniformTrees, fc.nat({ max: 7 }), (tree, depth) => {
      const expected = minimax(tree, { depth });
      for (
        const result of [negamax(tree, { depth }), alphaBeta(tree, { depth })]
      ) {
        assert.equal(result.value, expected.value);
        assert.equal(pvEndValue(tree, result, depth), expected.value);
      }
    }),
    { numRuns: 300, seed: 7 },
  );
});

Deno.test("alphaBeta() and negamax() return minimax's value on reachable tic-tac-toe positions", () => {
  fc.assert(
    fc.property(ticTacToePositions.filter((p) => p.ply >= 2), (position) => {
      const expected = minimax(position);
      for (const result of [negamax(position), alphaBeta(position)]) {
        assert.equal(result.value, expected.value);
        assert.equal(pvEndValue(position, result), expected.value);
      }
    }),
    { numRuns: 300, seed: 42 },
  );
});

Deno.test("alphaBeta() keeps its bound contract on narrow windows", () => {
  fc.assert(
    fc.property(
      uniformTrees,
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 1, max: 40 }),
      (tree, low, width) => {
        const exact = minimax(tree).value;
        const alpha = low - 50;
        const beta = alpha + width;
        const { value } = alphaBeta(tree, { alpha, beta });
        if (value <= alpha) {
          assert.ok(
            exact <= value,
            `fail low: ${exact} <= ${value}`,
          );
        } else if (value >= beta) {
          assert.ok(
            exact >= value,
            `fail high: ${exact} >= ${value}`,
          );
        } else assert.equal(value, exact);
      },
    ),
    { numRuns: 500, seed: 99 },
  );
});

Deno.test("searchers leave the position as they found it", () => {
  fc.assert(
    fc.property(ticTacToePositions, (position) => {
      const before = [position.key(), position.ply, position.toString()];
      minimax(position);
      negamax(position);
      alphaBeta(position, { depth: 3 });
      assert.deepEqual(
        [position.key(), position.ply, position.toString()],
        before,
      );
    }),
    { numRuns: 100, seed: 3 },
  );
});

Deno.test("searchers reject a bad depth or window with a clear Error", () => {
  const position = TicTacToe.empty();
  for (const search of [minimax, negamax, alphaBeta]) {
    for (const depth of [-1, 1.5, Number.NaN, "3" as unknown as number]) {
      assert.throws(
        () => search(position, { depth }),
        new RegExp(`${search.name}: depth must be an integer in 0…1073741823`),
      );
    }
  }
  assert.throws(
    () => alphaBeta(position, { alpha: 5, beta: 5 }),
    /alphaBeta: the window needs alpha < beta/,
  );
  assert.throws(
    () => alphaBeta(position, { alpha: 0.5 }),
    /alphaBeta: alpha must be an integer in -1000000…1000000, got 0\.5/,
  );
  assert.throws(
    () => alphaBeta(position, { beta: 2e6 }),
    /alphaBeta: beta must be an integer in -1000000…1000000, got 2000000/,
  );
});
