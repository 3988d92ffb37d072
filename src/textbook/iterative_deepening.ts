/**
 * Iterative deepening (lessons 001 and 003): search to depth 1, 2, 3, …,
 * each time trying the previous iteration's best move first, so that a
 * search stopped at any time has a move, and each iteration orders the next.
 *
 * @module
 */

import { type Move, NO_MOVE, type Position, type Value } from "../position.ts";
import { alphaBetaNegamax } from "./alpha_beta_negamax.ts";
import { legalMoves } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/** The best move and its value after the last iteration. */
export interface Deepened {
  /** The best root move (−1 when the game is over). */
  move: Move;
  /** Its value for the side to move at `maxDepth`. */
  value: Value;
}

/**
 * Searches `position` to depths 1…`maxDepth`, the previous best move first.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param maxDepth the last iteration's depth (an integer ≥ 1)
 * @returns the last iteration's best move and value
 * @throws {RangeError} when maxDepth is not an integer ≥ 1
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { iterativeDeepening } from "./mod.ts";
 * assert.deepEqual(iterativeDeepening(TicTacToe.parse("X.O.O...X"), 9), { move: 6, value: 1 });
 * ```
 */
export function iterativeDeepening(
  position: Position,
  maxDepth: number,
): Deepened {
  checkArguments("iterativeDeepening", { maxDepth });
  let result: Deepened = { move: NO_MOVE, value: position.evaluate() };
  for (let depth = 1; depth <= maxDepth; depth++) {
    const moves = legalMoves(position);
    if (moves.length === 0) break;
    // The previous iteration's best move goes first.
    const previous = moves.indexOf(result.move);
    if (previous > 0) moves.unshift(...moves.splice(previous, 1));
    let alpha = -Infinity, bestMove = moves[0]!;
    for (const move of moves) {
      position.play(move);
      let value: Value;
      try {
        value = 0 -
          alphaBetaNegamax(position, depth - 1, -Infinity, -alpha);
      } finally {
        position.undo(move); // also when the search below throws
      }
      if (value > alpha) [alpha, bestMove] = [value, move];
    }
    result = { move: bestMove, value: alpha };
  }
  return result;
}
