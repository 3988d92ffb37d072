// The four steps of one UCT iteration that the answers here share, as a
// student splits them in a notebook; each wrong answer rewrites only the
// step it gets wrong.
import type { Move, Position } from "../../../mod.ts";
import type { UctNode } from "../../../src/textbook/mod.ts";
import { movesOf } from "./_moves.ts";

/** UCB1: the child's mean result plus its exploration bonus. */
export function ucb1(parent: UctNode, child: UctNode, exploration: number) {
  return child.wins / child.visits +
    exploration * Math.sqrt(Math.log(parent.visits) / child.visits);
}

/** Selection: while every child has been tried, the child of best score; the path from the root, its moves played. */
export function select(
  root: UctNode,
  position: Position,
  score: (parent: UctNode, child: UctNode) => number,
): UctNode[] {
  const path = [root];
  let node = root;
  while (node.untried.length === 0 && node.children.length > 0) {
    let best = node.children[0]!, bestScore = -Infinity;
    for (const child of node.children) {
      const value = score(node, child);
      if (value > bestScore) [best, bestScore] = [child, value];
    }
    node = best;
    position.play(node.move);
    path.push(node);
  }
  return path;
}

/** Expansion: one untried move of the path's last node becomes a child, played and added to the path. */
export function expand(
  path: UctNode[],
  position: Position,
  random: (n: number) => number,
): void {
  const node = path[path.length - 1]!;
  if (node.untried.length === 0) return;
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

/** Selection by UCB1, then expansion: the path from the root to the node the playout starts from. */
export function descend(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): UctNode[] {
  const path = select(
    root,
    position,
    (parent, child) => ucb1(parent, child, exploration),
  );
  expand(path, position, random);
  return path;
}

/** Playout: random moves to the end, undone again; the result (win 1, draw ½, loss 0) for the side to move where the playout began. */
export function playout(
  position: Position,
  random: (n: number) => number,
): number {
  const played: Move[] = [];
  while (!position.isTerminal()) {
    const moves = movesOf(position);
    const move = moves[random(moves.length)]!;
    position.play(move);
    played.push(move);
  }
  const atEnd = (Math.sign(position.evaluate()) + 1) / 2;
  for (const move of played.reverse()) position.undo(move);
  return played.length % 2 === 0 ? atEnd : 1 - atEnd;
}

/** Backpropagation: the result flipped at every ply up, each node's move undone. */
export function backUp(
  path: UctNode[],
  position: Position,
  result: number,
): void {
  for (let at = path.length - 1; at >= 0; at--) {
    result = 1 - result;
    path[at]!.visits++;
    path[at]!.wins += result;
    if (at > 0) position.undo(path[at]!.move);
  }
}
