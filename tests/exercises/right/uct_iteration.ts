// A right answer to the UCT exercise: one iteration of Monte Carlo tree
// search, as lesson 003 describes it, over the course's UctNode.
import type { Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { backUp, expand, playout, select, ucb1 } from "./_uct_parts.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = select(
    root,
    position,
    (parent, child) => ucb1(parent, child, exploration),
  );
  expand(path, position, random);
  backUp(path, position, playout(position, random));
}
