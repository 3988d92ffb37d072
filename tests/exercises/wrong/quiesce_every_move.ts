// Wrong: every move is played past the horizon, quiet ones too — a full
// search to the end, not a quiescence search.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function quiesce(
  position: Position,
  alpha: number,
  beta: number,
): number {
  const standPat = position.evaluate();
  if (position.isTerminal()) return standPat;
  let best = standPat;
  if (best >= beta) return best;
  alpha = Math.max(alpha, best);
  for (const move of movesOf(position)) {
    position.play(move);
    const value = 0 - quiesce(position, -beta, -alpha);
    position.undo(move);
    best = Math.max(best, value);
    alpha = Math.max(alpha, best);
    if (alpha >= beta) break;
  }
  return best;
}
