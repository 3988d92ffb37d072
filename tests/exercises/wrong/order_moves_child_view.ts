// Wrong: each child estimated from its own side to move's view (evaluate()
// not negated), so the move best for the opponent comes first.
import type { Move, Position } from "../../../mod.ts";
import { estimatesOf } from "../right/_estimates.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = estimatesOf(position, moves, (after) => after.evaluate());
  return [...moves].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
}
