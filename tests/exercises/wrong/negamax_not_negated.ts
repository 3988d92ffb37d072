// Wrong: the child's value is not negated: each side takes the other's
// value as its own.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function negamax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    best = Math.max(best, negamax(position, depth - 1));
    position.undo(move);
  }
  return best;
}
