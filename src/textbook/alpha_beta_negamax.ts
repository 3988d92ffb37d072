/**
 * Alpha-beta in negamax form, as engines write it: one rule for both sides,
 * the window negated and swapped at each ply. The searchers below
 * (iterative deepening, PVS, the table, quiescence) build on this form.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The alpha-beta value of `position` for the side to move (fail-soft).
 *
 * Bound contract: r <= alpha means the true value v <= r; r >= beta means
 * v >= r; alpha < r < beta means r = v.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies to search (default: to the end of the game)
 * @param alpha lower end of the window (default −∞)
 * @param beta upper end of the window (default +∞)
 * @returns the value for the side to move, read by the bound contract
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity, or
 *   alpha ≥ beta
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { alphaBetaNegamax } from "./mod.ts";
 * assert.equal(alphaBetaNegamax(TicTacToe.empty()), 0);
 * ```
 */
export function alphaBetaNegamax(
  position: Position,
  depth = Infinity,
  alpha = -Infinity,
  beta = Infinity,
): Value {
  checkArguments("alphaBetaNegamax", { depth, alpha, beta });
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let bestValue = -Infinity;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      value = 0 - alphaBetaNegamax(position, depth - 1, -beta, -alpha);
    } finally {
      position.undo(move); // also when the search below throws
    }
    bestValue = Math.max(bestValue, value);
    alpha = Math.max(alpha, bestValue);
    if (alpha >= beta) break;
  }
  return bestValue;
}
