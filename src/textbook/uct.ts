/**
 * Monte Carlo tree search with UCT: grow a tree one node per playout; walk
 * down it by UCB1 (a child's mean result plus a bonus for being seldom
 * tried), add one new child, play random moves to the end of the game, and
 * back the result up the path. The most visited root move is the answer.
 *
 * @module
 */

import { type Move, NO_MOVE, type Position } from "../position.ts";
import { Random } from "../random.ts";
import { legalMoves } from "./moves.ts";

/** A node of the tree: the move that led here and what playouts through it found. */
class Node {
  children: Node[] = [];
  visits = 0;
  /** Results for the player who made `move`: win 1, draw ½, loss 0. */
  wins = 0;
  constructor(
    readonly move: Move,
    readonly untried: Move[],
  ) {}

  /** UCB1: the child to walk down to. */
  select(exploration: number): Node {
    let best = this.children[0]!, bestScore = -Infinity;
    for (const child of this.children) {
      const score = child.wins / child.visits +
        exploration * Math.sqrt(Math.log(this.visits) / child.visits);
      if (score > bestScore) [best, bestScore] = [child, score];
    }
    return best;
  }
}

/** A node's moves to expand: none once the game is over. */
function movesOf(position: Position): Move[] {
  return position.isTerminal() ? [] : legalMoves(position);
}

/**
 * The root move UCT prefers after `playouts` playouts.
 *
 * @param position the root; every move played is undone
 * @param playouts how many playouts to run (an integer ≥ 1)
 * @param seed the seed of the random playouts and expansions
 * @param exploration the UCB1 constant c (default √2)
 * @returns the most visited root move (−1 when the game is over)
 *
 * @example X to move wins at once on cell 6
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { uct } from "./mod.ts";
 * assert.equal(uct(TicTacToe.parse("X.O.O...X"), 2000, 1), 6);
 * ```
 */
export function uct(
  position: Position,
  playouts: number,
  seed: number,
  exploration = Math.SQRT2,
): Move {
  const random = new Random(seed);
  const root = new Node(NO_MOVE, movesOf(position));
  for (let i = 0; i < playouts; i++) {
    // 1. Selection: down the tree while every child has been tried.
    const path = [root];
    let node = root;
    while (node.untried.length === 0 && node.children.length > 0) {
      node = node.select(exploration);
      position.play(node.move);
      path.push(node);
    }
    // 2. Expansion: one untried move becomes a child.
    if (node.untried.length > 0) {
      const index = random.int(0, node.untried.length - 1);
      const move = node.untried.splice(index, 1)[0]!;
      position.play(move);
      const child = new Node(move, movesOf(position));
      node.children.push(child);
      path.push(child);
    }
    // 3. Playout: random moves to the end of the game.
    const played: Move[] = [];
    while (!position.isTerminal()) {
      const moves = legalMoves(position);
      const move = moves[random.int(0, moves.length - 1)]!;
      position.play(move);
      played.push(move);
    }
    // Win 1, draw ½, loss 0 for the side to move at the end ...
    let result = (Math.sign(position.evaluate()) + 1) / 2;
    for (const move of played.reverse()) position.undo(move);
    // 4. Backpropagation: ... which is the side that did not just move.
    for (let at = path.length - 1; at >= 0; at--) {
      const visited = path[at]!;
      result = 1 - result;
      visited.visits++;
      visited.wins += result;
      if (at > 0) position.undo(visited.move);
    }
  }
  let best: Node | undefined;
  for (const child of root.children) {
    if (best === undefined || child.visits > best.visits) best = child;
  }
  return best?.move ?? NO_MOVE;
}
