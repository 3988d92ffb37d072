// Wrong: the right estimates, sorted the wrong way (worst first), the
// course's worst-first row: alpha-beta prunes almost nothing.
import type { Move, Position } from "../../../mod.ts";
import { estimatesOf } from "../right/_estimates.ts";

export function orderMoves(position: Position, moves: Move[]): Move[] {
  const estimate = estimatesOf(
    position,
    moves,
    (after) => 0 - after.evaluate(),
  );
  return [...moves].sort((a, b) => estimate.get(a)! - estimate.get(b)!);
}
