/**
 * The iterative-deepening exercise (lessons 001 and 003): search depth 1,
 * 2, … up to `maxDepth`, each time the previous iteration's best move
 * first. Checked on trees whose every line reaches the last depth, so that
 * the walk shows each iteration's depth: the value and move against the
 * engine's negamax, the iterations in order, the previous best move first,
 * and the position left as found.
 *
 * @module
 */

import fc from "fast-check";
import { negamax as engineNegamax } from "../search/negamax.ts";
import * as textbook from "../textbook/mod.ts";
import {
  type CaseTree,
  caseTrees,
  treeLiteral,
  treePhases,
  treePosition,
  treeSize,
} from "./cases.ts";
import { describeThrown, describeValue } from "./describe.ts";
import { drawTree, valueText } from "./drawn_tree.ts";
import type { Exercise, Failure, StudentFunction } from "./exercise.ts";
import { nodeName, partingPoint, WalkError, WalkingPosition } from "./walk.ts";

/** One case: a tree with every leaf at the same depth, and the last iteration's depth. */
export interface DeepeningCase {
  tree: CaseTree;
  maxDepth: number;
}

/** One visit of a root move in the walk: the move, and how deep its search went. */
interface RootVisit {
  move: number;
  depth: number;
}

function rootVisits(entered: readonly string[]): RootVisit[] {
  const visits: RootVisit[] = [];
  for (const path of entered) {
    if (path === "") continue;
    const parts = path.split(".");
    if (parts.length === 1) {
      visits.push({ move: Number(parts[0]), depth: 1 });
    } else {
      const last = visits.at(-1)!;
      last.depth = Math.max(last.depth, parts.length);
    }
  }
  return visits;
}

/** The root's value at `depth` and each root move's value, for the side to move. */
function valuesAt(tree: CaseTree, depth: number) {
  const position = treePosition(tree);
  const root = engineNegamax(position, { depth }).value;
  const moves = tree.children.map((_, move) => {
    position.play(move);
    const value = 0 - engineNegamax(position, { depth: depth - 1 }).value;
    position.undo(move);
    return value;
  });
  return { root, moves };
}

function movesText(moves: readonly number[]): string {
  return moves.length === 1
    ? `move ${moves[0]}`
    : `one of moves ${moves.join(", ")}`;
}

function judgeDeepening(
  fn: StudentFunction,
  testCase: DeepeningCase,
): Failure | null {
  const { tree, maxDepth } = testCase;
  const call = `iterativeDeepening(tree, ${maxDepth})`;
  const setup = `const tree = ExplicitTree.from(${treeLiteral(tree, true)});`;
  const reference = new WalkingPosition(
    treePosition(tree),
    "the course's iterative deepening",
  );
  const rightResult = textbook.iterativeDeepening(reference, maxDepth);
  const final = valuesAt(tree, maxDepth);
  const position = treePosition(tree);
  const keyBefore = position.key();
  const walking = new WalkingPosition(
    position,
    "iterativeDeepening",
    20 * treeSize(tree) * maxDepth + 1000,
  );
  const fail = (
    check: Failure["check"],
    message: string,
    yours: string,
  ): Failure => {
    const drawn = drawTree(treePosition(tree), {
      horizon: maxDepth,
      full: true,
    });
    return {
      check,
      message,
      call,
      yours,
      right: `{ move: ${rightResult.move}, value: ${
        valueText(rightResult.value)
      } }`,
      setup,
      ...(drawn === null ? {} : { tree: drawn }),
      walks: {
        yours: walking.walk.entered,
        right: reference.walk.entered,
        rightName: "the course's iterative deepening",
        parting: partingPoint(walking.walk.entered, reference.walk.entered),
      },
    };
  };
  let result: unknown;
  try {
    result = fn(walking, maxDepth);
  } catch (error) {
    if (error instanceof WalkError) {
      return fail("walk", error.message, "stopped");
    }
    const thrown = describeThrown(error);
    return fail("threw", `${call} threw ${thrown}`, `threw ${thrown}`);
  }
  const shown = describeValue(result);
  const { move, value } = (result ?? {}) as { move?: unknown; value?: unknown };
  if (typeof move !== "number" || typeof value !== "number") {
    return fail(
      "returned",
      `${call} returned ${shown}, not { move, value } with two numbers`,
      shown,
    );
  }
  const yours = `{ move: ${move}, value: ${valueText(value)} }`;
  const left = walking.movesPlayed();
  if (left.length > 0 || position.key() !== keyBefore) {
    return fail(
      "position",
      `${call} left the position changed (it stands on ${
        nodeName(walking.path)
      }): every move played must be undone before the search returns`,
      yours,
    );
  }
  if (value !== final.root) {
    return fail(
      "value",
      `${call} returned value ${
        valueText(value)
      }; the value at depth ${maxDepth} ` +
        `is ${valueText(final.root)} (negamax, for the side to move)`,
      yours,
    );
  }
  const best = final.moves.flatMap((v, m) => v === final.root ? [m] : []);
  if (!best.includes(move)) {
    const worth = final.moves[move];
    return fail(
      "value",
      `${call} returned move ${move}${
        worth === undefined
          ? ", which is not a move here"
          : `, worth ${valueText(worth)} at depth ${maxDepth}`
      }; the best value ${valueText(final.root)} comes with ${
        movesText(best)
      }: return the move that gave the best value in the last iteration`,
      yours,
    );
  }
  // The iterations, read from the walk: each root move's search reaches its
  // iteration's depth, since every line of the tree is that long.
  const visits = rootVisits(walking.walk.entered);
  const iterations: { depth: number; first: number }[] = [];
  for (const visit of visits) {
    if (iterations.at(-1)?.depth !== visit.depth) {
      iterations.push({ depth: visit.depth, first: visit.move });
    }
  }
  for (let k = 0; k < Math.max(iterations.length, maxDepth); k++) {
    const iteration = iterations[k];
    if (iteration === undefined) {
      return fail(
        "order",
        iterations.length === 0
          ? `${call} entered no position below the root: iterative ` +
            `deepening searches depth 1, then 2, … up to maxDepth = ${maxDepth}`
          : `${call} stopped after the iteration of depth ${
            iterations.at(-1)!.depth
          }: the last iteration searches maxDepth = ${maxDepth} plies`,
        yours,
      );
    }
    if (iteration.depth !== k + 1) {
      return fail(
        "order",
        iteration.depth > maxDepth
          ? `${call} searched ${iteration.depth} plies deep, deeper than ` +
            `maxDepth = ${maxDepth}`
          : k === 0
          ? `${call} began with a search ${iteration.depth} plies deep: ` +
            `iterative deepening searches depth 1 first, then 2, … up to ` +
            `maxDepth = ${maxDepth}`
          : `${call} searched depth ${iteration.depth} right after depth ${
            iterations[k - 1]!.depth
          }: search each depth in turn, 1, 2, … up to maxDepth = ${maxDepth}`,
        yours,
      );
    }
    if (k === 0) continue;
    const previous = valuesAt(tree, k);
    const previousBest = previous.moves.flatMap((v, m) =>
      v === previous.root ? [m] : []
    );
    if (!previousBest.includes(iteration.first)) {
      return fail(
        "order",
        `in the iteration of depth ${
          k + 1
        }, ${call} searched move ${iteration.first} ` +
          `first; the best move of the iteration of depth ${k} is ${
            movesText(previousBest)
          } (value ${valueText(previous.root)}): try the previous ` +
          `iteration's best move first, then the others`,
        yours,
      );
    }
  }
  return null;
}

/** Iterative deepening, the previous best move first (lessons 001 and 003). */
export const ITERATIVE_DEEPENING: Exercise<DeepeningCase> = {
  id: "iterativeDeepening",
  lesson: "Deepening, tables and quiescence (003)",
  title: "Iterative deepening",
  signature:
    "function iterativeDeepening(position: Position, maxDepth: number): { move: number; value: number } // for the side to move",
  checks: [
    "value and best move at maxDepth",
    "iterations of depth 1, 2, … maxDepth in turn",
    "the previous iteration's best move first",
    "position left as found",
  ],
  phases: treePhases(
    [
      { branching: 2, depth: 3, runs: 60 },
      { branching: 3, depth: 4, runs: 60 },
      { branching: 4, depth: 5, runs: 30 },
    ],
    ({ branching, depth }) =>
      fc.integer({ min: 1, max: depth }).chain((height) =>
        fc.record({
          tree: caseTrees({ branching, depth: height }, { uniformDepth: true }),
          shallower: fc.integer({ min: 0, max: height - 1 }),
        }).map(({ tree, shallower }) => ({
          tree,
          maxDepth: height - shallower,
        }))
      ),
  ),
  judge: judgeDeepening,
};
