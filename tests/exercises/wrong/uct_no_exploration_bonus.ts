// Wrong: the exploration bonus forgotten, so UCB1 is only the mean and the
// search never goes back to a child that did badly once (the attempt that
// notebooks/09_strength.ipynb hands the student).
import type { Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { backUp, expand, playout, select } from "../right/_uct_parts.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  _exploration: number,
  random: (n: number) => number,
): void {
  const path = select(
    root,
    position,
    (_parent, child) => child.wins / child.visits,
  );
  expand(path, position, random);
  backUp(path, position, playout(position, random));
}
