/**
 * Negamax (lesson 004): one rule instead of two, because a position's value
 * for one side is minus its value for the other.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/**
 * The value of `position` for the side to move, searched `depth` plies deep.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies to search (default: to the end of the game)
 * @returns the value for the side to move
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity
 *
 * @example Equal to minimax seen from the side to move (T004.8)
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { negamax } from "./mod.ts";
 * assert.equal(negamax(TicTacToe.parse("X.O.O...X")), 1);
 * ```
 */
export function negamax(position: Position, depth = Infinity): Value {
  checkArguments("negamax", { depth });
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let bestValue = -Infinity;
  for (const move of legalMoves(position)) {
    position.play(move);
    try {
      bestValue = Math.max(bestValue, 0 - negamax(position, depth - 1));
    } finally {
      position.undo(move); // also when the search below throws
    }
  }
  return bestValue;
}
