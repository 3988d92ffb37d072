// Wrong: the exploration bonus subtracted, so UCB1 shuns the children it
// knows least instead of trying them.
import type { Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { backUp, expand, playout, select } from "../right/_uct_parts.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = select(
    root,
    position,
    (parent, child) =>
      child.wins / child.visits -
      exploration * Math.sqrt(Math.log(parent.visits) / child.visits),
  );
  expand(path, position, random);
  backUp(path, position, playout(position, random));
}
