// Wrong: the depth is passed on unchanged, so the search runs to the end of
// the game whatever depth it was asked for.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function minimax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) {
    return position.turn() * position.evaluate();
  }
  const max = position.turn() === 1;
  let best = max ? -Infinity : Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = minimax(position, depth);
    position.undo(move);
    best = max ? Math.max(best, value) : Math.min(best, value);
  }
  return best;
}
