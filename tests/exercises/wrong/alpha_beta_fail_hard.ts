// Wrong: fail-hard where fail-soft was asked — a cut returns the bound,
// and a node returns alpha or beta instead of the best value it saw.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function alphaBeta(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0 || position.isTerminal()) {
    return Math.min(
      Math.max(position.turn() * position.evaluate(), alpha),
      beta,
    );
  }
  const max = position.turn() === 1;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = alphaBeta(position, depth - 1, alpha, beta);
    position.undo(move);
    if (max) {
      if (value >= beta) return beta;
      alpha = Math.max(alpha, value);
    } else {
      if (value <= alpha) return alpha;
      beta = Math.min(beta, value);
    }
  }
  return max ? alpha : beta;
}
