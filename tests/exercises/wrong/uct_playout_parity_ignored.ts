// Wrong: the result read at the end of the playout, for the side to move
// there, backed up as if it were for the side to move where the playout
// began; after an odd number of playout moves it credits the wrong player.
// (The course's own uctIteration did this until a review found it.)
import type { Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { backUp, descend } from "../right/_uct_parts.ts";
import { movesOf } from "../right/_moves.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = descend(root, position, exploration, random);
  const played: number[] = [];
  while (!position.isTerminal()) {
    const moves = movesOf(position);
    const move = moves[random(moves.length)]!;
    position.play(move);
    played.push(move);
  }
  const result = (Math.sign(position.evaluate()) + 1) / 2;
  for (const move of played.reverse()) position.undo(move);
  backUp(path, position, result);
}
