// A right answer to the move-ordering exercise: estimate each move by the
// evaluation of the position it leads to, negated (evaluate() speaks for
// the side to move there, the opponent), and sort best-first; sort() is
// stable, so ties keep the generator's order.
import type { Move, Position } from "../../../mod.ts";
import { estimatesOf } from "./_estimates.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = estimatesOf(
    position,
    moves,
    (after) => 0 - after.evaluate(),
  );
  return [...moves].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
}
