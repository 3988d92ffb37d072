// Wrong: a cut returns at once, before the move is undone.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function alphaBeta(
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
    const value = alphaBeta(position, depth - 1, alpha, beta);
    if (max) {
      best = Math.max(best, value);
      alpha = Math.max(alpha, best);
    } else {
      best = Math.min(best, value);
      beta = Math.min(beta, best);
    }
    if (alpha >= beta) return best;
    position.undo(move);
  }
  return best;
}
