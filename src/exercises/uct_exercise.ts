/**
 * The UCT exercise (lesson 003, T003.9): the student writes one iteration
 * of Monte Carlo tree search with UCT — selection by UCB1, expansion of one
 * untried move, a random playout, backpropagation — over the course's
 * {@linkcode textbook.UctNode}. The check is exact, not statistical: the
 * student's iterations and the course's `uctIteration` run side by side
 * with the same seeded random source, and after every iteration the two
 * searches must have entered the same nodes and the two trees must hold the
 * same visits and wins at every node.
 *
 * @module
 */

import fc from "fast-check";

import { Random } from "../random.ts";
import * as textbook from "../textbook/mod.ts";
import {
  type CaseTree,
  caseTrees,
  treeLiteral,
  treePosition,
} from "./cases.ts";
import { describeThrown } from "./describe.ts";
import { drawTree } from "./drawn_tree.ts";
import type { Exercise, Failure, StudentFunction } from "./exercise.ts";
import {
  childPath,
  nodeName,
  type NodePath,
  parentPath,
  partingPoint,
  WalkError,
  WalkingPosition,
} from "./walk.ts";

/**
 * The global `structuredClone`, taken when the checks load, before any
 * submission does: the checks copy the course's tree with it, so one that a
 * submission put in its place would be handed that tree.
 */
const clone = structuredClone;

/** One case: a game tree, how many iterations, the seed and the UCB1 constant. */
export interface UctCase {
  tree: CaseTree;
  iterations: number;
  seed: number;
  exploration: number;
}

function constantText(c: number): string {
  return c === Math.SQRT2 ? "Math.SQRT2" : String(c);
}

function numberText(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 1000) / 1000);
}

/** The node of `root`'s tree at `path`, or null when it is not there. */
function nodeAt(
  root: textbook.UctNode,
  path: NodePath,
): textbook.UctNode | null {
  let node: textbook.UctNode | undefined = root;
  if (path === "") return root;
  for (const move of path.split(".").map(Number)) {
    node = node.children.find((child) => child.move === move);
    if (node === undefined) return null;
  }
  return node;
}

/**
 * The first node, in pre-order, whose visits or wins differ, with both.
 * The root's wins are not compared: no choice reads them.
 */
function firstDifference(
  yours: textbook.UctNode,
  right: textbook.UctNode,
  path: NodePath = "",
):
  | { path: NodePath; yours: textbook.UctNode | null; right: textbook.UctNode }
  | null {
  if (
    yours.visits !== right.visits || (path !== "" && yours.wins !== right.wins)
  ) {
    return { path, yours, right };
  }
  for (const child of right.children) {
    const mine = yours.children.find((c) => c.move === child.move) ?? null;
    const at = childPath(path, child.move);
    if (mine === null) return { path: at, yours: null, right: child };
    const below = firstDifference(mine, child, at);
    if (below !== null) return below;
  }
  return null;
}

/** A seeded `random(n)`: an index in 0 … n − 1. */
function seededRandom(seed: number, who: string): (n: number) => number {
  const random = new Random(seed);
  return (n: number) => {
    if (!Number.isSafeInteger(n) || n < 1) {
      throw new WalkError(
        `${who} called random(${String(n)}): random(n) picks an index in ` +
          `0 … n − 1 among n ≥ 1 choices (the untried moves, or a playout's legal moves)`,
      );
    }
    return random.int(0, n - 1);
  };
}

function judgeUct(fn: StudentFunction, testCase: UctCase): Failure | null {
  const { tree, iterations, seed, exploration } = testCase;
  const c = constantText(exploration);
  const one = `uctIteration(root, tree, ${c}, random)`;
  const setup =
    `const tree = ExplicitTree.from(${treeLiteral(tree, false)}); ` +
    `const root = newUctNode(tree); const rng = new Random(${seed}); ` +
    `const random = (n: number) => rng.int(0, n - 1);`;
  const rightName = "the course's uctIteration";
  const yourPosition = treePosition(tree);
  const rightPosition = treePosition(tree);
  const yourRoot = textbook.newUctNode(yourPosition);
  const rightRoot = textbook.newUctNode(rightPosition);
  const yourRandom = seededRandom(seed, "uctIteration");
  const rightRandom = seededRandom(seed, rightName);
  const keyBefore = yourPosition.key();
  for (let k = 1; k <= iterations; k++) {
    const call = `${one}, iteration ${k} of ${iterations}`;
    const before = clone(rightRoot);
    const right = new WalkingPosition(rightPosition, rightName);
    textbook.uctIteration(rightRoot, right, exploration, rightRandom);
    const walking = new WalkingPosition(
      yourPosition,
      "uctIteration",
      4 * right.walk.entered.length + 100,
    );
    const fail = (
      check: Failure["check"],
      message: string,
      yours: string,
      rightText: string,
    ): Failure => {
      const drawn = drawTree(treePosition(tree), { full: true });
      return {
        check,
        message,
        call,
        yours,
        right: rightText,
        setup,
        ...(drawn === null ? {} : { tree: drawn }),
        walks: {
          yours: walking.walk.entered,
          right: right.walk.entered,
          rightName,
          parting: partingPoint(walking.walk.entered, right.walk.entered),
        },
      };
    };
    try {
      fn(yourRoot, walking, exploration, yourRandom);
    } catch (error) {
      if (error instanceof WalkError) {
        return fail(
          "walk",
          `in iteration ${k}, ${error.message}`,
          "stopped",
          "",
        );
      }
      const thrown = describeThrown(error);
      return fail("threw", `${call} threw ${thrown}`, `threw ${thrown}`, "");
    }
    if (walking.movesPlayed().length > 0 || yourPosition.key() !== keyBefore) {
      return fail(
        "position",
        `${call} left the position changed (it stands on ${
          nodeName(walking.path)
        }): undo the playout's moves and the path's before returning`,
        `on ${nodeName(walking.path)}`,
        "on the root",
      );
    }
    const parting = partingPoint(walking.walk.entered, right.walk.entered);
    if (parting !== null) {
      const yours = parting.yours === null
        ? "no node"
        : nodeName(parting.yours);
      const rightNode = parting.right === null
        ? "no node"
        : nodeName(parting.right);
      const from = parentPath(parting.right ?? parting.yours ?? "") ?? "";
      const parent = nodeAt(before, from);
      let why =
        "expand the untried move at random(untried.length), then play " +
        "moves[random(moves.length)] to the end of the game";
      if (
        parent !== null && parent.untried.length === 0 &&
        parent.children.length > 0
      ) {
        const ucb = parent.children.map((child) =>
          child.wins / child.visits +
          exploration * Math.sqrt(Math.log(parent.visits) / child.visits)
        );
        const tied = ucb.some((u, i) =>
          ucb.some((v, j) => i < j && Math.abs(u - v) < 1e-12)
        );
        const scores = parent.children.map((child, i) =>
          `move ${child.move}: ${
            numberText(child.wins)
          }/${child.visits} + ${c}·√(ln ${parent.visits}/${child.visits}) = ${
            numberText(ucb[i]!)
          }`
        );
        why =
          `every child of ${
            nodeName(from)
          } has been tried, so UCB1 picks the child of highest mean plus ` +
          `exploration bonus (${scores.join("; ")})${
            tied ? ", the first in move order of equal ones" : ""
          }`;
      }
      return fail(
        "nodes",
        `in iteration ${k}, ${one} went to ${yours} where the course's ` +
          `UCT goes to ${rightNode}: ${why}`,
        `to ${yours}`,
        `to ${rightNode}`,
      );
    }
    const differ = firstDifference(yourRoot, rightRoot);
    if (differ !== null) {
      const { path, yours, right: r } = differ;
      const stats = (n: textbook.UctNode) =>
        `visits ${n.visits}, wins ${numberText(n.wins)}`;
      const where = `after iteration ${k}, ${nodeName(path)}`;
      const message = yours === null
        ? `${where} is not a child in your tree; the course's UCT added it: ` +
          `push the expanded child onto its parent's children`
        : yours.visits !== r.visits
        ? `${where} has ${yours.visits} visits; the course's UCT gives it ` +
          `${r.visits}: every node on the iteration's path, the root and ` +
          `the new child included, counts one more visit`
        : `${where} has wins ${numberText(yours.wins)} after ${yours.visits} ` +
          `visit${yours.visits === 1 ? "" : "s"}; the course's UCT gives it ${
            numberText(r.wins)
          }: a ` +
          `node's wins count for the player who made the move into it (win ` +
          `1, draw ½, loss 0), so the result read at the end of the game ` +
          `flips at every ply on the way back to it, the playout's included`;
      return fail(
        "value",
        message,
        yours === null ? "missing" : stats(yours),
        stats(r),
      );
    }
  }
  return null;
}

/** UCT, one iteration of Monte Carlo tree search (lesson 003, T003.9). */
export const UCT_ITERATION: Exercise<UctCase> = {
  id: "uctIteration",
  lesson: "Playing strength (003)",
  title: "UCT (one MCTS iteration)",
  signature:
    "function uctIteration(root: UctNode, position: Position, exploration: number, random: (n: number) => number): void",
  checks: [
    "nodes entered in every iteration (selection by UCB1, expansion, playout), exactly those of the course's uctIteration with the same random source",
    "visits and wins of every node after every iteration",
    "position left as found",
  ],
  phases: [
    { branching: 2, depth: 3, most: 10, runs: 100 },
    { branching: 3, depth: 4, most: 30, runs: 60 },
  ].map(({ branching, depth, most, runs }) => ({
    what: "trees",
    upTo: `b = ${branching}, d = ${depth}, ${most} iterations`,
    runs,
    cases: fc.record({
      tree: caseTrees({ branching, depth }),
      iterations: fc.integer({ min: 1, max: most }),
      seed: fc.integer({ min: 0, max: 999 }),
      exploration: fc.constantFrom(Math.SQRT2, 0.5, 2),
    }),
  })),
  judge: judgeUct,
};
