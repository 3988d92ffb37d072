// A right answer to the move-ordering exercise: estimate each move by the
// evaluation of the position it leads to, negated (evaluate() speaks for
// the side to move there, the opponent), and sort best-first; sort() is
// stable, so ties keep the generator's order.
import type { Move, Position } from "../../../mod.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = new Map<Move, number>();
  for (const move of moves) {
    position.play(move);
    estimate.set(move, 0 - position.evaluate());
    position.undo(move);
  }
  return [...moves].sort((a, b) => estimate.get(b)! - estimate.get(a)!);
}
