// Wrong: no iterations — one search at maxDepth.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";
import { search } from "./_negamax_search.ts";

export function iterativeDeepening(
  position: Position,
  maxDepth: number,
): { move: number; value: number } {
  let alpha = -Infinity, bestMove = -1;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = 0 - search(position, maxDepth - 1, -Infinity, -alpha);
    position.undo(move);
    if (value > alpha) [alpha, bestMove] = [value, move];
  }
  return { move: bestMove, value: alpha };
}
