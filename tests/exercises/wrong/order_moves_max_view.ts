// Wrong: every node sorted by MAX's view, highest first, also where MIN
// moves and wants the lowest first.
import type { Move, Position } from "../../../mod.ts";
import { estimatesOf } from "../right/_estimates.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = estimatesOf(
    position,
    moves,
    (after) => after.turn() * after.evaluate(),
  );
  return [...moves].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
}
