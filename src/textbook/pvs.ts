/**
 * Principal variation search, or NegaScout (lesson 002, T002.3): search the
 * first move with the full window, and every other move first with a null
 * window that only asks "is it better?"; only a "yes" is searched again.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The PVS value of `position` for the side to move. Values must be integers
 * (the null window is alpha, alpha + 1).
 *
 * Bound contract: r <= alpha means the true value v <= alpha; r >= beta
 * means v >= beta; alpha < r < beta means r = v.
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
 * import { pvs } from "./mod.ts";
 * assert.equal(pvs(TicTacToe.empty()), 0);
 * ```
 */
export function pvs(
  position: Position,
  depth = Infinity,
  alpha = -Infinity,
  beta = Infinity,
): Value {
  checkArguments("pvs", { depth, alpha, beta });
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let first = true;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      if (first) {
        value = 0 - pvs(position, depth - 1, -beta, -alpha);
      } else {
        value = 0 - pvs(position, depth - 1, -alpha - 1, -alpha); // is it better?
        if (alpha < value && value < beta) {
          value = 0 - pvs(position, depth - 1, -beta, -value); // yes: how much?
        }
      }
    } finally {
      position.undo(move); // also when the search below throws
    }
    first = false;
    alpha = Math.max(alpha, value);
    if (alpha >= beta) break;
  }
  return alpha;
}
