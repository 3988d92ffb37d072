// Wrong: no stand pat — the side to move is made to capture whenever it
// can, even when every capture loses.
import type { Position } from "../../../mod.ts";

export function quiesce(
  position: Position,
  alpha: number,
  beta: number,
): number {
  if (position.isTerminal() || position.generateNoisyMoves === undefined) {
    return position.evaluate();
  }
  const buffer = new Int32Array(position.maxMoves);
  const count = position.generateNoisyMoves(buffer);
  if (count === 0) return position.evaluate();
  let best = -Infinity;
  for (const move of buffer.subarray(0, count)) {
    position.play(move);
    const value = 0 - quiesce(position, -beta, -alpha);
    position.undo(move);
    best = Math.max(best, value);
    alpha = Math.max(alpha, best);
    if (alpha >= beta) break;
  }
  return best;
}
