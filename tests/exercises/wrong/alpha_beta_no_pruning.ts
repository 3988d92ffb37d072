// Wrong: minimax under alpha-beta's name — the right value, every node
// visited, nothing pruned.
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
  }
  return best;
}
