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
import { checkArguments } from "./_check.ts";

/** A node of the tree: the move that led here and what playouts through it found. */
export interface UctNode {
  /** The move into this node (−1 at the root). */
  move: Move;
  /** Playouts that went through this node. */
  visits: number;
  /** Their results for the player who made `move`: win 1, draw ½, loss 0. */
  wins: number;
  /** Moves not yet expanded into children (none once the game is over). */
  untried: Move[];
  /** The expanded children, in the order they were added. */
  children: UctNode[];
}

/**
 * A node not yet visited, for the position reached by `move`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { newUctNode } from "./mod.ts";
 * assert.equal(newUctNode(TicTacToe.parse("XO.......")).untried.length, 7);
 * ```
 */
export function newUctNode(position: Position, move: Move = NO_MOVE): UctNode {
  return {
    move,
    visits: 0,
    wins: 0,
    untried: position.isTerminal() ? [] : legalMoves(position),
    children: [],
  };
}

/**
 * UCB1: the child of `node` with the highest mean result plus
 * `exploration · √(ln N / n)`; the first of equal scores.
 *
 * @example A seldom tried child beats a slightly better mean
 * ```ts
 * import assert from "node:assert/strict";
 * import { uctSelect } from "./mod.ts";
 * const child = (visits: number, wins: number) =>
 *   ({ move: 0, visits, wins, untried: [], children: [] });
 * const node = { ...child(11, 5), children: [child(10, 6), child(1, 0.5)] };
 * assert.equal(uctSelect(node, Math.SQRT2), node.children[1]);
 * ```
 */
export function uctSelect(node: UctNode, exploration: number): UctNode {
  let best = node.children[0]!, bestScore = -Infinity;
  for (const child of node.children) {
    const score = child.wins / child.visits +
      exploration * Math.sqrt(Math.log(node.visits) / child.visits);
    if (score > bestScore) [best, bestScore] = [child, score];
  }
  return best;
}

/**
 * One iteration of UCT from `root`, which stands for `position`: selection
 * by {@linkcode uctSelect} while every child has been tried, expansion of
 * the untried move at `random(untried.length)`, a playout choosing each move
 * at `random(moves.length)`, and backpropagation up the path. The two uses
 * of `random`, in this order, are what makes the same seed grow the same
 * tree.
 *
 * @param root the tree's root (changed in place)
 * @param position the root's position; every move played is undone,
 *   also when an error ends the search
 * @param exploration the UCB1 constant c
 * @param random an index in 0 … n − 1 for n choices
 *
 * @example Two iterations expand both children of the root
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { newUctNode, uctIteration } from "./mod.ts";
 * const tree = ExplicitTree.from([1, -1]);
 * const root = newUctNode(tree);
 * uctIteration(root, tree, Math.SQRT2, () => 0);
 * uctIteration(root, tree, Math.SQRT2, () => 0);
 * assert.deepEqual(root.children.map((c) => [c.move, c.visits, c.wins]), [[0, 1, 1], [1, 1, 0]]);
 * ```
 */
export function uctIteration(
  root: UctNode,
  position: Position,
  exploration: number,
  random: (n: number) => number,
): void {
  const path = [root];
  const played: Move[] = []; // every move played, to be undone at the end
  try {
    // 1. Selection: down the tree while every child has been tried.
    let node = root;
    while (node.untried.length === 0 && node.children.length > 0) {
      node = uctSelect(node, exploration);
      position.play(node.move);
      played.push(node.move);
      path.push(node);
    }
    // 2. Expansion: one untried move becomes a child.
    if (node.untried.length > 0) {
      const move = node.untried.splice(random(node.untried.length), 1)[0]!;
      position.play(move);
      played.push(move);
      const child = newUctNode(position, move);
      node.children.push(child);
      path.push(child);
    }
    // 3. Playout: random moves to the end of the game.
    let playoutMoves = 0;
    while (!position.isTerminal()) {
      const moves = legalMoves(position);
      const move = moves[random(moves.length)]!;
      position.play(move);
      played.push(move);
      playoutMoves++;
    }
    // Win 1, draw ½, loss 0 for the side to move at the end; each playout
    // move hands the turn over, so after an odd number of them that is the
    // other side from the one to move where the playout began ...
    let result = (Math.sign(position.evaluate()) + 1) / 2;
    if (playoutMoves % 2 === 1) result = 1 - result;
    // 4. Backpropagation: ... which is the side that did not make the move
    // into the path's last node.
    for (let at = path.length - 1; at >= 0; at--) {
      result = 1 - result;
      path[at]!.visits++;
      path[at]!.wins += result;
    }
  } finally {
    // Last played, first undone; also when the game throws on the way.
    for (const move of played.reverse()) position.undo(move);
  }
}

/**
 * The root move UCT prefers after `playouts` playouts.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param playouts how many playouts to run (an integer ≥ 1)
 * @param seed the seed of the random playouts and expansions
 * @param exploration the UCB1 constant c (default √2)
 * @returns the most visited root move (−1 when the game is over)
 * @throws {RangeError} when playouts is not an integer ≥ 1, or exploration
 *   not a finite number ≥ 0
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
  checkArguments("uct", { playouts, exploration });
  const random = new Random(seed);
  const root = newUctNode(position);
  for (let i = 0; i < playouts; i++) {
    uctIteration(root, position, exploration, (n) => random.int(0, n - 1));
  }
  let best: UctNode | undefined;
  for (const child of root.children) {
    if (best === undefined || child.visits > best.visits) best = child;
  }
  return best?.move ?? NO_MOVE;
}
