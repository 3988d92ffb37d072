// Wrong: fail-soft where fail-hard was asked — the best value seen is
// returned even outside the window.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function alphaBetaFailHard(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0 || position.isTerminal()) {
    return position.turn() * position.evaluate();
  }
  const max = position.turn() === 1;
  let best = max ? -Infinity : Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = alphaBetaFailHard(position, depth - 1, alpha, beta);
    position.undo(move);
    if (max) {
      best = Math.max(best, value);
      alpha = Math.max(alpha, best);
    } else {
      best = Math.min(best, value);
      beta = Math.min(beta, best);
    }
    if (alpha >= beta) break;
  }
  return best;
}
