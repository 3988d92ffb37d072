// Wrong: every iteration searches the moves in their natural order; the
// previous iteration's best move is not tried first.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";
import { search } from "./_negamax_search.ts";

export function iterativeDeepening(
  position: Position,
  maxDepth: number,
): { move: number; value: number } {
  let result = { move: -1, value: position.evaluate() };
  for (let depth = 1; depth <= maxDepth; depth++) {
    let alpha = -Infinity, bestMove = -1;
    for (const move of movesOf(position)) {
      position.play(move);
      const value = 0 - search(position, depth - 1, -Infinity, -alpha);
      position.undo(move);
      if (value > alpha) [alpha, bestMove] = [value, move];
    }
    result = { move: bestMove, value: alpha };
  }
  return result;
}
