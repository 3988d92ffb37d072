// Wrong: every node sorted by MAX's view, highest first, also where MIN
// moves and wants the lowest first.
import type { Move, Position } from "../../../mod.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = new Map<Move, number>();
  for (const move of moves) {
    position.play(move);
    estimate.set(move, position.turn() * position.evaluate());
    position.undo(move);
  }
  return [...moves].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
}
