// A right answer to the quiescence exercise: stand pat on the evaluation,
// then only the noisy moves, fail-soft.
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
  if (best >= beta) return best;
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
