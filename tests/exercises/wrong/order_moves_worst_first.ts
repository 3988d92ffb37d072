// Wrong: the right estimates, sorted the wrong way (worst first), the
// course's worst-first row: alpha-beta prunes almost nothing.
import type { Move, Position } from "../../../mod.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = new Map<Move, number>();
  for (const move of moves) {
    position.play(move);
    estimate.set(move, 0 - position.evaluate());
    position.undo(move);
  }
  return [...moves].sort((a, b) => estimate.get(a)! - estimate.get(b)!);
}
