// Wrong: every node returns alpha when it runs out of moves, MIN nodes
// too, where the fail-hard answer is beta.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function alphaBetaFailHard(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0 || position.isTerminal()) {
    const value = position.turn() * position.evaluate();
    return Math.min(Math.max(value, alpha), beta);
  }
  const max = position.turn() === 1;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = alphaBetaFailHard(position, depth - 1, alpha, beta);
    position.undo(move);
    if (max) {
      if (value >= beta) return beta;
      alpha = Math.max(alpha, value);
    } else {
      if (value <= alpha) return alpha;
      beta = Math.min(beta, value);
    }
  }
  return alpha;
}
