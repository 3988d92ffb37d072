// Wrong: the window is never narrowed: MAX does not raise alpha nor MIN
// lower beta, so the children get the window the node was given, and the
// search cuts only where the caller's window already allowed it.
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
    position.undo(move);
    best = max ? Math.max(best, value) : Math.min(best, value);
    if (max ? best >= beta : best <= alpha) break;
  }
  return best;
}
