/**
 * The move-ordering exercise (lesson 000, T000.2–T000.4): the student
 * writes `orderMoves`, which puts a node's moves best-first by a static
 * estimate, and the course's `ab` searches every node's moves in that
 * order. The trees' inner values are each node's minimax value, as in the
 * course's best-first experiment, so the course's order searches the
 * minimal tree; the check judges the value, and that the search with the
 * student's order enters no more nodes than with the course's.
 *
 * @module
 */

import type { Move, Position } from "../position.ts";
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

/** One case: a tree whose inner values are their nodes' minimax values. */
export interface OrderingCase {
  tree: CaseTree;
}

/** The tree with every inner value replaced by the node's minimax value (MAX's view). */
export function exactEstimates(tree: CaseTree, max = true): CaseTree {
  if (tree.children.length === 0) return tree;
  const children = tree.children.map((child) => exactEstimates(child, !max));
  const values = children.map((child) => child.value);
  return {
    ...tree,
    value: max ? Math.max(...values) : Math.min(...values),
    children,
  };
}

/** A fault of the student's function, found while the course's search ran it. */
class OrderFault extends Error {
  constructor(readonly check: Failure["check"], message: string) {
    super(message);
  }
}

/** A fresh position at the node reached by `moves`. */
function positionAt(tree: CaseTree, moves: readonly Move[]): Position {
  const position = treePosition(tree);
  for (const move of moves) position.play(move);
  return position;
}

function listText(moves: readonly number[]): string {
  return `[${moves.join(", ")}]`;
}

function judgeOrdering(
  fn: StudentFunction,
  testCase: OrderingCase,
): Failure | null {
  const { tree } = testCase;
  const call = "orderMoves(position, moves)";
  const setup = `const tree = ExplicitTree.from(${treeLiteral(tree, true)});`;
  const rightName = "the course's ab with the course's orderMoves";
  // Both searches hand the ordering a fresh position at the node, so that
  // its plays to estimate the moves are not counted as nodes of the search.
  const rightOrders = new Map<string, Move[]>();
  const reference = new WalkingPosition(treePosition(tree), rightName);
  const rightValue = textbook.alphaBetaOrdered(reference, (at, moves) => {
    const ordered = textbook.orderMoves(
      positionAt(tree, (at as WalkingPosition).movesPlayed()),
      moves,
    );
    rightOrders.set((at as WalkingPosition).path, ordered);
    return ordered;
  });
  const yourOrders = new Map<string, Move[]>();
  const walking = new WalkingPosition(
    treePosition(tree),
    "alpha-beta with your orderMoves",
    4 * treeSize(tree) + 100,
  );
  const fail = (
    check: Failure["check"],
    message: string,
    yours: string,
    right: string,
  ): Failure => {
    const drawn = drawTree(treePosition(tree), { full: true, values: "all" });
    return {
      check,
      message,
      call,
      yours,
      right,
      setup,
      ...(drawn === null ? {} : { tree: drawn }),
      walks: {
        yours: walking.walk.entered,
        right: reference.walk.entered,
        rightName,
        parting: partingPoint(walking.walk.entered, reference.walk.entered),
      },
    };
  };
  let value: number;
  try {
    value = textbook.alphaBetaOrdered(walking, (at, moves) => {
      const path = (at as WalkingPosition).path;
      const here = nodeName(path);
      const position = positionAt(tree, (at as WalkingPosition).movesPlayed());
      const keyBefore = position.key();
      let result: unknown;
      try {
        result = fn(position, [...moves]);
      } catch (error) {
        throw new OrderFault(
          "threw",
          `${call} at ${here} threw ${describeThrown(error)}`,
        );
      }
      if (position.key() !== keyBefore) {
        throw new OrderFault(
          "position",
          `${call} at ${here} left the position changed: undo every move ` +
            `you play to estimate it`,
        );
      }
      const shown = describeValue(result);
      const sorted = [...moves].sort((a, b) => a - b).join();
      if (
        !Array.isArray(result) ||
        // Moves are numbers: "1" would pass a comparison of joined text.
        !result.every((move) => typeof move === "number") ||
        [...result].sort((a, b) => a - b).join() !== sorted
      ) {
        throw new OrderFault(
          "returned",
          `${call} at ${here} with moves ${
            listText(moves)
          } returned ${shown}: ` +
            `return the same moves, each once, in the order to search them`,
        );
      }
      yourOrders.set(path, result as Move[]);
      return result as Move[];
    });
  } catch (error) {
    if (error instanceof OrderFault) {
      return fail(error.check, error.message, "stopped", "an ordering");
    }
    if (error instanceof WalkError) {
      return fail("walk", error.message, "stopped", "an ordering");
    }
    throw error;
  }
  if (value !== rightValue) {
    return fail(
      "value",
      `alpha-beta with your orderMoves returned ${valueText(value)}; the ` +
        `minimax value is ${valueText(rightValue)}`,
      valueText(value),
      valueText(rightValue),
    );
  }
  const yours = walking.walk.entered.length;
  const right = reference.walk.entered.length;
  if (yours <= right) return null;
  // The first node, in the student's search, where the orders differ.
  const at =
    walking.walk.entered.find((path) =>
      yourOrders.has(path) && rightOrders.has(path) &&
      yourOrders.get(path)!.join() !== rightOrders.get(path)!.join()
    ) ?? "";
  const position = positionAt(tree, at === "" ? [] : at.split(".").map(Number));
  const max = position.turn() === 1;
  const moves = textbook.legalMoves(position);
  const estimates = moves.map((move) => {
    position.play(move);
    const value = position.turn() * position.evaluate();
    position.undo(move);
    return valueText(value);
  });
  return fail(
    "nodes",
    `alpha-beta with your orderMoves entered ${yours} nodes, with the ` +
      `course's orderMoves ${right}: at ${nodeName(at)} (${
        max ? "MAX" : "MIN"
      }) your order is ${listText(yourOrders.get(at) ?? [])}, but the ` +
      `estimates of moves ${moves.join(", ")} are ${estimates.join(", ")} ` +
      `(MAX's view), so best-first for ${max ? "MAX" : "MIN"} is ${
        listText(rightOrders.get(at) ?? [])
      }${
        // Another order of equal estimates is another search, with other
        // counts: the rule the course's order follows is said where it acts.
        new Set(estimates).size < estimates.length
          ? " (equal estimates keep the order of moves, as a stable sort does)"
          : ""}: order by the estimate of the position each move leads to, as the ` +
      `side to move sees it (0 − evaluate() after the move), the best first`,
    `${yours} nodes entered`,
    `${right} nodes entered`,
  );
}

/** The course's move-ordering experiment (lesson 000, T000.2–T000.4). */
export const ORDER_MOVES: Exercise<OrderingCase> = {
  id: "orderMoves",
  lesson: "Alpha-beta (000)",
  title: "Move ordering (best-first)",
  signature:
    "function orderMoves(position: Position, moves: Move[]): Move[] // best-first for the side to move, by the evaluation after each move; equal ones keep the order of moves",
  checks: [
    "the same moves, each once",
    "position left as found",
    "the value of the course's ab searching in your order",
    "nodes entered no more than with the course's best-first order (the minimal tree)",
  ],
  phases: treePhases(
    [
      { branching: 2, depth: 3, runs: 100 },
      { branching: 3, depth: 4, runs: 100 },
      { branching: 4, depth: 5, runs: 50 },
    ],
    (size) => caseTrees(size).map((tree) => ({ tree: exactEstimates(tree) })),
  ),
  judge: judgeOrdering,
};
