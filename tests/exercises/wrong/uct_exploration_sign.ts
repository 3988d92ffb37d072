// Wrong: the exploration bonus subtracted, so UCB1 shuns the children it
// knows least instead of trying them.
import type { Move, Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { movesOf } from "../right/_moves.ts";

export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = [root];
  let node = root;
  // Selection: while every child has been tried, the child of best UCB1.
  while (node.untried.length === 0 && node.children.length > 0) {
    let best = node.children[0]!, bestScore = -Infinity;
    for (const child of node.children) {
      const score = child.wins / child.visits -
        exploration * Math.sqrt(Math.log(node.visits) / child.visits);
      if (score > bestScore) [best, bestScore] = [child, score];
    }
    node = best;
    position.play(node.move);
    path.push(node);
  }
  // Expansion: one untried move becomes a child.
  if (node.untried.length > 0) {
    const move = node.untried.splice(random(node.untried.length), 1)[0]!;
    position.play(move);
    const child: UctNode = {
      move,
      visits: 0,
      wins: 0,
      untried: position.isTerminal() ? [] : movesOf(position),
      children: [],
    };
    node.children.push(child);
    path.push(child);
  }
  // Playout: random moves to the end.
  const played: Move[] = [];
  while (!position.isTerminal()) {
    const moves = movesOf(position);
    const move = moves[random(moves.length)]!;
    position.play(move);
    played.push(move);
  }
  // The result for the side to move at the end, flipped at every ply up.
  let result = (Math.sign(position.evaluate()) + 1) / 2;
  for (const move of played.reverse()) position.undo(move);
  for (let at = path.length - 1; at >= 0; at--) {
    result = 1 - result;
    path[at]!.visits++;
    path[at]!.wins += result;
    if (at > 0) position.undo(path[at]!.move);
  }
}
