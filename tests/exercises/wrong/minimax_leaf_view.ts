// Wrong: the leaves are read as evaluate() gives them, from the side to
// move's view, not turned to MAX's.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function minimax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  const max = position.turn() === 1;
  let best = max ? -Infinity : Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = minimax(position, depth - 1);
    position.undo(move);
    best = max ? Math.max(best, value) : Math.min(best, value);
  }
  return best;
}
