// Wrong: the leaves are read from MAX's view, as minimax reads them, while
// negamax wants them from the side to move's.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function negamax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) {
    return position.turn() * position.evaluate();
  }
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    best = Math.max(best, 0 - negamax(position, depth - 1));
    position.undo(move);
  }
  return best;
}
