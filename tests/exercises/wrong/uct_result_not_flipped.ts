// Wrong: the playout's result added to every node on the path as it is,
// for one player, instead of flipping it at every ply.
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
  const result = playout(position, random);
  for (let at = path.length - 1; at >= 0; at--) {
    path[at]!.visits++;
    path[at]!.wins += 1 - result;
    if (at > 0) position.undo(path[at]!.move);
  }
}
