/**
 * Alpha-beta in fail-hard form (lesson 002, T002.1): a strict variant of
 * the encyclopedia article's pseudo-code, with leaves clamped too, so that a
 * node never returns a value outside its window; it returns the bound it
 * failed on instead. (The article's pseudo-code returns a leaf's own value.)
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves, valueForMax } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The fail-hard alpha-beta value of `position` from MAX's view.
 *
 * Bound contract: the result r always lies in [alpha, beta]; r = alpha means
 * the true value v <= alpha, r = beta means v >= beta, and in between r = v.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies to search (default: to the end of the game)
 * @param alpha lower end of the window (default −∞)
 * @param beta upper end of the window (default +∞)
 * @returns the value for MAX, clamped to [alpha, beta]
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity, or
 *   alpha ≥ beta
 *
 * @example A window below the value fails high and returns beta
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { alphaBetaFailHard } from "./mod.ts";
 * const tree = ExplicitTree.from([[3, 5], [2, 9], [1, 8]]);
 * assert.equal(alphaBetaFailHard(tree), 3);
 * assert.equal(alphaBetaFailHard(tree, Infinity, 0, 2), 2);
 * ```
 */
export function alphaBetaFailHard(
  position: Position,
  depth = Infinity,
  alpha = -Infinity,
  beta = Infinity,
): Value {
  checkArguments("alphaBetaFailHard", { depth, alpha, beta });
  if (depth === 0 || position.isTerminal()) {
    // The article returns a leaf's own value; clamping it changes no
    // decision above and keeps every result inside the window.
    return Math.min(
      Math.max(valueForMax(position), alpha),
      beta,
    );
  }
  const maximizing = position.turn() === 1;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      value = alphaBetaFailHard(position, depth - 1, alpha, beta);
    } finally {
      position.undo(move); // also when the search below throws
    }
    if (maximizing) {
      if (value >= beta) return beta; // beta cutoff
      alpha = Math.max(alpha, value);
    } else {
      if (value <= alpha) return alpha; // alpha cutoff
      beta = Math.min(beta, value);
    }
  }
  return maximizing ? alpha : beta;
}
