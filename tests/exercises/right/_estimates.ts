// The move-ordering answers' shared part: each move's estimate, found by
// playing it, asking the position, and undoing it.
import type { Move, Position } from "../../../mod.ts";

/** `estimate(position)` after each of `moves`, by move. */
export function estimatesOf(
  position: Position,
  moves: Move[],
  estimate: (after: Position) => number,
): Map<Move, number> {
  const estimates = new Map<Move, number>();
  for (const move of moves) {
    position.play(move);
    estimates.set(move, estimate(position));
    position.undo(move);
  }
  return estimates;
}
