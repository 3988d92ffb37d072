/**
 * Minimax as lesson 004 teaches it: MAX (the first player) takes the largest
 * value of its children, MIN the smallest, and values are always seen from
 * MAX's side.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves, valueForMax } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The minimax value of `position` searched `depth` plies deep, from the
 * first player's (MAX's) view.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies to search (default: to the end of the game)
 * @returns the value for MAX: `evaluate()` turned to MAX's side at the leaves
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity
 *
 * @example The course's position X on 0 and 8, O on 2 and 4 (T004.1)
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { minimax } from "./mod.ts";
 * assert.equal(minimax(TicTacToe.parse("X.O.O...X")), 1);
 * ```
 */
export function minimax(position: Position, depth = Infinity): Value {
  checkArguments("minimax", { depth });
  if (depth === 0 || position.isTerminal()) {
    return valueForMax(position);
  }
  const maximizing = position.turn() === 1;
  let bestValue = maximizing ? -Infinity : Infinity;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      value = minimax(position, depth - 1);
    } finally {
      position.undo(move); // also when the search below throws
    }
    bestValue = maximizing
      ? Math.max(bestValue, value)
      : Math.min(bestValue, value);
  }
  return bestValue;
}
