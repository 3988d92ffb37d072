// The negamax alpha-beta below the root that the wrong iterative
// deepenings here share (it is right; their mistakes are at the root).
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function search(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = 0 - search(position, depth - 1, -beta, -alpha);
    position.undo(move);
    best = Math.max(best, value);
    alpha = Math.max(alpha, best);
    if (alpha >= beta) break;
  }
  return best;
}
