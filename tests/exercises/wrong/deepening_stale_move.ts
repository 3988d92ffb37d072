// Wrong: the best move is kept from the first iteration; later iterations
// update the value only.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";
import { search } from "./_negamax_search.ts";

export function iterativeDeepening(
  position: Position,
  maxDepth: number,
): { move: number; value: number } {
  let result = { move: -1, value: position.evaluate() };
  for (let depth = 1; depth <= maxDepth; depth++) {
    const moves = movesOf(position);
    const previous = moves.indexOf(result.move);
    if (previous > 0) moves.unshift(...moves.splice(previous, 1));
    let alpha = -Infinity, bestMove = moves[0]!;
    for (const move of moves) {
      position.play(move);
      const value = 0 - search(position, depth - 1, -Infinity, -alpha);
      position.undo(move);
      if (value > alpha) [alpha, bestMove] = [value, move];
    }
    result = { move: depth === 1 ? bestMove : result.move, value: alpha };
  }
  return result;
}
