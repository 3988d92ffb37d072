/**
 * Quiescence search (lesson 003, T003.5): at the horizon, do not trust the
 * evaluation of a position in the middle of an exchange; play out the noisy
 * moves (captures, checks) until the position is quiet. The side to move may
 * also "stand pat": it need not capture, so the evaluation is a lower bound.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The quiescent value of `position` for the side to move (fail-soft).
 *
 * @param position where the search stands; every move played is undone,
 *   also when an error ends the search
 * @param alpha lower end of the window
 * @param beta upper end of the window
 * @returns the value for the side to move: r <= alpha an upper bound,
 *   r >= beta a lower bound, exact in between
 * @throws {RangeError} when alpha ≥ beta
 *
 * @example A quiet position is its own evaluation
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { quiesce } from "./mod.ts";
 * assert.equal(quiesce(TicTacToe.empty(), -Infinity, Infinity), 0);
 * ```
 */
export function quiesce(position: Position, alpha: Value, beta: Value): Value {
  checkArguments("quiesce", { alpha, beta });
  const standPat = position.evaluate();
  if (position.isTerminal() || position.generateNoisyMoves === undefined) {
    return standPat;
  }
  let bestValue = standPat;
  if (bestValue >= beta) return bestValue;
  alpha = Math.max(alpha, bestValue);
  const buffer = new Int32Array(position.maxMoves);
  const count = position.generateNoisyMoves(buffer);
  for (const move of buffer.subarray(0, count)) {
    position.play(move);
    let value: Value;
    try {
      value = 0 - quiesce(position, -beta, -alpha);
    } finally {
      position.undo(move); // also when the search below throws
    }
    bestValue = Math.max(bestValue, value);
    alpha = Math.max(alpha, bestValue);
    if (alpha >= beta) break;
  }
  return bestValue;
}

/**
 * Alpha-beta (negamax, fail-soft) to `depth`, then {@linkcode quiesce} at
 * the horizon instead of the bare evaluation.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies of full-width search before the horizon
 * @param alpha lower end of the window (default −∞)
 * @param beta upper end of the window (default +∞)
 * @returns the value for the side to move, read as {@linkcode quiesce}'s
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity, or
 *   alpha ≥ beta
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UniformTree } from "../../mod.ts";
 * import { alphaBetaQuiescence } from "./mod.ts";
 * const tree = new UniformTree({ branching: 3, depth: 6, seed: 3, noisyPercent: 30 });
 * assert.ok(Number.isInteger(alphaBetaQuiescence(tree, 2)));
 * ```
 */
export function alphaBetaQuiescence(
  position: Position,
  depth: number,
  alpha = -Infinity,
  beta = Infinity,
): Value {
  checkArguments("alphaBetaQuiescence", { depth, alpha, beta });
  if (position.isTerminal()) return position.evaluate();
  if (depth === 0) return quiesce(position, alpha, beta);
  let bestValue = -Infinity;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      value = 0 - alphaBetaQuiescence(position, depth - 1, -beta, -alpha);
    } finally {
      position.undo(move); // also when the search below throws
    }
    bestValue = Math.max(bestValue, value);
    alpha = Math.max(alpha, bestValue);
    if (alpha >= beta) break;
  }
  return bestValue;
}
