// A right answer to the UCT exercise: one iteration of Monte Carlo tree
// search, as lesson 003 describes it, over the course's UctNode.
import type { Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { backUp, descend, playout } from "./_uct_parts.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = descend(root, position, exploration, random);
  backUp(path, position, playout(position, random));
}
