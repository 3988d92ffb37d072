// A right answer to the minimax exercise: MAX takes the largest value of
// its children, MIN the smallest, leaves read from MAX's view.
import type { Position } from "../../../mod.ts";
import { movesOf } from "./_moves.ts";

export function minimax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) {
    return position.turn() * position.evaluate();
  }
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
