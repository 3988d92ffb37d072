// Wrong: MIN maximises too — the search never switches sides.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

export function minimax(position: Position, depth: number): number {
  if (depth === 0 || position.isTerminal()) {
    return position.turn() * position.evaluate();
  }
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    best = Math.max(best, minimax(position, depth - 1));
    position.undo(move);
  }
  return best;
}
