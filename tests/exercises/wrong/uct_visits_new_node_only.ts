// Wrong: only the new node counts the visit; the nodes above it on the
// path keep their old visits (their wins are still added).
import type { Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { descend, playout } from "../right/_uct_parts.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = descend(root, position, exploration, random);
  let result = playout(position, random);
  for (let at = path.length - 1; at >= 0; at--) {
    result = 1 - result;
    if (at === path.length - 1) path[at]!.visits++;
    path[at]!.wins += result;
    if (at > 0) position.undo(path[at]!.move);
  }
}
