/**
 * Alpha-beta as lesson 000 writes it (the course's `ab`): minimax that
 * carries the window (alpha, beta) of values that can still change the
 * answer, and leaves a node as soon as alpha >= beta. This is the fail-soft
 * form: it returns the best value it saw, even outside the window.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves, valueForMax } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The alpha-beta value of `position` from MAX's (the first player's) view.
 *
 * Bound contract: with true minimax value v, a result r <= alpha means
 * v <= r, r >= beta means v >= r, and alpha < r < beta means r = v; with the
 * default window r = v.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies to search (default: to the end of the game)
 * @param alpha the value MAX is already sure of (default −∞)
 * @param beta the value MIN is already sure of (default +∞)
 * @returns the value for MAX, read by the bound contract
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity, or
 *   alpha ≥ beta
 *
 * @example The walkthrough tree (3,5), (2,9), (1,8): value 3 (T000.1)
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { alphaBeta } from "./mod.ts";
 * const tree = ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
 * assert.equal(alphaBeta(tree), 3);
 * assert.deepEqual(tree.visitedLeaves, [3, 5, 2, 1]);
 * ```
 */
export function alphaBeta(
  position: Position,
  depth = Infinity,
  alpha = -Infinity,
  beta = Infinity,
): Value {
  checkArguments("alphaBeta", { depth, alpha, beta });
  if (depth === 0 || position.isTerminal()) {
    return valueForMax(position);
  }
  const maximizing = position.turn() === 1;
  let bestValue = maximizing ? -Infinity : Infinity;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      value = alphaBeta(position, depth - 1, alpha, beta);
    } finally {
      position.undo(move); // also when the search below throws
    }
    if (maximizing) {
      bestValue = Math.max(bestValue, value);
      alpha = Math.max(alpha, bestValue); // raise alpha
    } else {
      bestValue = Math.min(bestValue, value);
      beta = Math.min(beta, bestValue); // lower beta
    }
    if (alpha >= beta) break; // the other children cannot change the answer
  }
  return bestValue;
}
