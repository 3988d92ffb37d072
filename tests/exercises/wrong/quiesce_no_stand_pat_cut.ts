// Wrong: a stand-pat value at or above beta does not end the node; the
// captures are searched anyway.
import type { Position } from "../../../mod.ts";

export function quiesce(
  position: Position,
  alpha: number,
  beta: number,
): number {
  const standPat = position.evaluate();
  if (position.isTerminal() || position.generateNoisyMoves === undefined) {
    return standPat;
  }
  let best = standPat;
  alpha = Math.max(alpha, best);
  const buffer = new Int32Array(position.maxMoves);
  const count = position.generateNoisyMoves(buffer);
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
