/**
 * Lesson 000's ordering experiment as code a reader writes: alpha-beta
 * prunes most when the best move comes first, so order the moves by a
 * static estimate before searching them. The estimate of a move is the
 * evaluation of the position it leads to, seen by the side that moves.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";
import { legalMoves, valueForMax } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The moves of `position` best-first for the side to move, by the static
 * estimate of the position each leads to (play, `evaluate()`, undo); the
 * estimate is negated because `evaluate()` speaks for the side to move
 * after the move, the opponent. Ties keep the order of `moves`.
 *
 * @param position the node whose moves are ordered; every move played is undone,
 *   also when an error ends the search
 * @param moves the moves to order (not changed)
 * @returns a new array, the same moves best-first
 *
 * @example Children estimated 3, 9 and 5 for MAX: 9 first
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { legalMoves, orderMoves } from "./mod.ts";
 * const tree = ExplicitTree.from({ value: 0, children: [3, 9, 5] });
 * assert.deepEqual(orderMoves(tree, legalMoves(tree)), [1, 2, 0]);
 * ```
 */
export function orderMoves(position: Position, moves: readonly Move[]): Move[] {
  const estimates = new Map<Move, Value>();
  for (const move of moves) {
    position.play(move);
    try {
      estimates.set(move, 0 - position.evaluate());
    } finally {
      position.undo(move); // also when evaluate throws
    }
  }
  // Array.prototype.sort is stable: ties keep their order.
  return [...moves].sort((a, b) => estimates.get(b)! - estimates.get(a)!);
}

/**
 * The course's `ab` (see `alphaBeta`) searching each node's moves in the
 * order `order` gives: with {@linkcode orderMoves} and good estimates it
 * searches the minimal tree, the best-first row of T000.2–T000.4.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param order orders a node's moves (default {@linkcode orderMoves})
 * @param depth plies to search (default: to the end)
 * @param alpha the value MAX is already sure of (default −∞)
 * @param beta the value MIN is already sure of (default +∞)
 * @returns the value for MAX, read by the bound contract of `alphaBeta`
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity, or
 *   alpha ≥ beta
 *
 * @example Estimates that name the best child search it first
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { alphaBetaOrdered, orderMoves } from "./mod.ts";
 * const tree = ExplicitTree.from({ value: 0, children: [
 *   { value: 2, children: [3, 2] }, { value: 3, children: [9, 3] }] });
 * const searched: number[][] = [];
 * const value = alphaBetaOrdered(tree, (position, moves) => {
 *   const ordered = orderMoves(position, moves);
 *   searched.push(ordered);
 *   return ordered;
 * });
 * assert.equal(value, 3);
 * assert.deepEqual(searched[0], [1, 0]);
 * ```
 */
export function alphaBetaOrdered(
  position: Position,
  order: (position: Position, moves: Move[]) => Move[] = orderMoves,
  depth = Infinity,
  alpha = -Infinity,
  beta = Infinity,
): Value {
  checkArguments("alphaBetaOrdered", { depth, alpha, beta });
  if (depth === 0 || position.isTerminal()) {
    return valueForMax(position);
  }
  const maximizing = position.turn() === 1;
  let bestValue = maximizing ? -Infinity : Infinity;
  for (const move of order(position, legalMoves(position))) {
    position.play(move);
    let value: Value;
    try {
      value = alphaBetaOrdered(position, order, depth - 1, alpha, beta);
    } finally {
      position.undo(move); // also when the search below throws
    }
    if (maximizing) {
      bestValue = Math.max(bestValue, value);
      alpha = Math.max(alpha, bestValue);
    } else {
      bestValue = Math.min(bestValue, value);
      beta = Math.min(beta, bestValue);
    }
    if (alpha >= beta) break;
  }
  return bestValue;
}
