// Wrong: each child estimated from its own side to move's view (evaluate()
// not negated), so the move best for the opponent comes first.
import type { Move, Position } from "../../../mod.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = new Map<Move, number>();
  for (const move of moves) {
    position.play(move);
    estimate.set(move, position.evaluate());
    position.undo(move);
  }
  return [...moves].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
}
