// A right answer to the negamax exercise: one rule for both sides.
import type { Position } from "../../../mod.ts";
import { movesOf } from "./_moves.ts";

export function negamax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    best = Math.max(best, 0 - negamax(position, depth - 1));
    position.undo(move);
  }
  return best;
}
