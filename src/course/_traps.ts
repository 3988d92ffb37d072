/**
 * The course's traps (T004.6, T003.7), written wrong on purpose so a lesson
 * can show the wrong answer beside the right one. Nothing in the library
 * imports this module: every function here is a mistake, named as one.
 *
 * @module
 */

import type { Position } from "../position.ts";

/**
 * THE MISTAKE "max on both levels" (lesson 004): folds the opponent's levels
 * with max as well, which answers "what if the opponent plays along". Returns
 * the wrong value from MAX's view.
 *
 * @example On the empty tic-tac-toe board it promises X a win; the truth is a draw
 * ```ts
 * import { TicTacToe } from "../../mod.ts";
 * import { mistakeMaxOnBothLevels } from "./_traps.ts";
 * console.assert(mistakeMaxOnBothLevels(TicTacToe.empty()) === 1);
 * ```
 */
export function mistakeMaxOnBothLevels(position: Position): number {
  if (position.isTerminal()) {
    const value = position.evaluate();
    return position.turn() === 1 ? value : 0 - value;
  }
  const moves = new Int32Array(position.maxMoves);
  const count = position.generateMoves(moves);
  let best = -Infinity;
  for (let i = 0; i < count; i++) {
    position.play(moves[i]!);
    best = Math.max(best, mistakeMaxOnBothLevels(position));
    position.undo(moves[i]!);
  }
  return best;
}
