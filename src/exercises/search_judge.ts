/**
 * How a search exercise judges a call of the student's searcher, in this
 * order: what it threw, what it returned, whether the position is left as
 * found, the value (against the engine's, and the window contract where
 * there is a window), and the nodes entered (against the course's own code,
 * node by node). A value that only differs from the course's fail-soft
 * value is reported after the walk, since a different walk explains it.
 *
 * @module
 */

import fc from "fast-check";
import type { Position } from "../position.ts";
import {
  type BoardCase,
  boardCases,
  boardText,
  type CasePosition,
  caseTrees,
  freshPosition,
  treeHeight,
  treeLiteral,
  treePhases,
} from "./cases.ts";
import { drawTree, valueText } from "./drawn_tree.ts";
import type {
  Exercise,
  Failure,
  Phase,
  StudentFunction,
  WalkComparison,
} from "./exercise.ts";
import { describeThrown, describeValue } from "./describe.ts";
import { type Explainer, partingMessage } from "./explain_walks.ts";
import {
  nodeName,
  partingPoint,
  type Walk,
  WalkError,
  WalkingPosition,
} from "./walk.ts";

/** One case of a search exercise: a position, a depth, and windows beside the full one. */
export interface SearchCase {
  at: CasePosition;
  /** The depth to search (quiescence has none: 0). */
  depth: number;
  /** Narrow windows (alpha < beta), from the view the exercise uses. */
  windows: [number, number][];
}

/** How a search exercise differs from the others. */
export interface SearchSpec {
  id: string;
  lesson: string;
  title: string;
  signature: string;
  checks: readonly string[];
  /** Whose view the values are from. */
  view: "max" | "mover";
  /** No window, fail-soft, or fail-hard. */
  window: "none" | "soft" | "hard";
  /** Whether the function takes a depth (quiescence does not). */
  hasDepth: boolean;
  /** Whether tic-tac-toe positions are checked too. */
  boards: boolean;
  /** Whether trees carry noisy moves. */
  noisy: boolean;
  /** The course's searcher, by name in messages. */
  referenceName: string;
  /** What the right value is called. */
  valueName: string;
  /** The course's code: the walk to match, and the value. */
  reference(
    position: Position,
    depth: number,
    alpha: number,
    beta: number,
  ): number;
  /** The engine's value with the full window, from the exercise's view. */
  engine(position: Position, depth: number): number;
  /** Says why the course's search enters or leaves out a node. */
  explainer(
    at: CasePosition,
    depth: number,
    alpha: number,
    beta: number,
  ): Explainer;
  /** The student's call. */
  call(
    fn: StudentFunction,
    position: Position,
    depth: number,
    alpha: number,
    beta: number,
  ): unknown;
}

/** Code for a window end. */
function code(value: number): string {
  return value === Infinity
    ? "Infinity"
    : value === -Infinity
    ? "-Infinity"
    : String(value);
}

function callText(
  spec: SearchSpec,
  name: string,
  depth: number,
  alpha: number,
  beta: number,
): string {
  const args = [name];
  if (spec.hasDepth) args.push(String(depth));
  if (spec.window !== "none") args.push(code(alpha), code(beta));
  return `${spec.id}(${args.join(", ")})`;
}

/** The engine's value of a position from MAX's view, from the side to move's. */
export function forView(
  view: "max" | "mover",
  position: Position,
  value: number,
) {
  return view === "max" ? position.turn() * value : value;
}

/**
 * What the window contract reads into a returned value, or null when the
 * value keeps it. `explain` adds why a result outside the window is a bound
 * (the alpha-beta exercises teach it; the table exercise's messages name
 * the stored bound instead).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractBreak } from "./search_judge.ts";
 * assert.equal(contractBreak(3, 3, 0, 5), null);
 * assert.equal(contractBreak(5, 7, 0, 5), null);
 * assert.match(contractBreak(5, 4, 0, 5)!, /at least 5 \(a result ≥ beta is a lower bound\), but it is 4$/);
 * assert.match(contractBreak(5, 4, 0, 5, false)!, /at least 5, but it is 4$/);
 * ```
 */
export function contractBreak(
  value: number,
  exact: number,
  alpha: number,
  beta: number,
  explain = true,
): string | null {
  const why = (text: string) => explain ? ` (${text})` : "";
  if (value <= alpha) {
    return exact <= value
      ? null
      : `which says the value is at most ${valueText(value)}${
        why("a result ≤ alpha is an upper bound")
      }, but it is ${valueText(exact)}`;
  }
  if (value >= beta) {
    return exact >= value
      ? null
      : `which says the value is at least ${valueText(value)}${
        why("a result ≥ beta is a lower bound")
      }, but it is ${valueText(exact)}`;
  }
  return exact === value
    ? null
    : `which says the value is exactly ${valueText(value)}${
      why("alpha < result < beta")
    }, but it is ${valueText(exact)}`;
}

/** The value message, or null when the value is right. */
function valueMessage(
  spec: SearchSpec,
  call: string,
  value: number,
  exact: number,
  reference: number,
  alpha: number,
  beta: number,
  nearby: () => number[],
  rootTurn: 1 | -1,
): {
  check: "value" | "window";
  message: string;
  right: number;
  /** Whether the value is wrong whatever the walk (false: it only differs from the course's). */
  primary: boolean;
} | null {
  const full = alpha === -Infinity && beta === Infinity;
  if (full || spec.window === "none") {
    if (value === exact) return null;
    let hint = "";
    if (value === 0 - exact && exact !== 0) {
      hint = spec.view === "max"
        ? ": that is the value for the other side; values are from MAX's " +
          "view (the first player's) at every node"
        : ": that is the value for the other side; negamax returns the " +
          "value for the side to move, so negate each child's value";
    } else if (spec.hasDepth && nearby().includes(value)) {
      hint = ", which is the value one ply deeper or shallower: depth " +
        "counts the plies still to search, and at depth 0 the search returns " +
        "the evaluation";
    } else if (rootTurn === -1) {
      hint = "; here MIN (the second player) moves at the root: " +
        "position.turn() is −1";
    }
    return {
      check: "value",
      message: `${call} returned ${valueText(value)}; the ${spec.valueName} ` +
        `is ${valueText(exact)}${hint}`,
      right: exact,
      primary: true,
    };
  }
  if (spec.window === "hard") {
    if (value < alpha || value > beta) {
      return {
        check: "window",
        message:
          `${call} returned ${valueText(value)}, outside the window [${
            valueText(alpha)
          }, ${valueText(beta)}]: fail-hard returns alpha when the value is ` +
          `at most alpha and beta when it is at least beta, never a value ` +
          `outside its window`,
        right: reference,
        primary: true,
      };
    }
    if (value === reference) return null;
    return {
      check: "window",
      message: `${call} returned ${valueText(value)}, ${
        contractBreak(value, exact, alpha, beta) ??
          `but fail-hard returns ${valueText(reference)} here`
      }`,
      right: reference,
      primary: true,
    };
  }
  if (value === reference) return null;
  const broken = contractBreak(value, exact, alpha, beta);
  if (broken !== null) {
    return {
      check: "window",
      message: `${call} returned ${valueText(value)}, ${broken}`,
      right: reference,
      primary: true,
    };
  }
  const bound = value === alpha ? "alpha" : value === beta ? "beta" : null;
  return {
    check: "window",
    message: bound !== null
      ? `${call} returned ${
        valueText(value)
      }, the window's bound ${bound}; fail-soft returns the best value it ` +
        `found, ${valueText(reference)} here (${spec.referenceName}): keep ` +
        `the best value apart from alpha and beta, and return it`
      : `${call} returned ${valueText(value)}; ${spec.referenceName} returns ${
        valueText(reference)
      } here, the best value it found`,
    right: reference,
    primary: false,
  };
}

/** A walk of the course's searcher on a fresh position. */
function referenceWalk(
  spec: SearchSpec,
  at: CasePosition,
  depth: number,
  alpha: number,
  beta: number,
): { value: number; walk: Walk } {
  const walking = new WalkingPosition(freshPosition(at), spec.referenceName);
  const value = spec.reference(walking, depth, alpha, beta);
  return { value, walk: walking.walk };
}

function setupOf(spec: SearchSpec, at: CasePosition, depth: number): {
  name: string;
  setup: string;
  board?: string;
} {
  if (at.kind === "board") {
    return {
      name: "board",
      setup: `const board = TicTacToe.parse(${
        JSON.stringify(at.board.cells)
      });`,
      board: boardText(at.board),
    };
  }
  const full = spec.noisy || depth < treeHeight(at.tree);
  return {
    name: "tree",
    setup: `const tree = ExplicitTree.from(${treeLiteral(at.tree, full)});`,
  };
}

/** Judges one call of the student's searcher with one window. */
function judgeCall(
  spec: SearchSpec,
  fn: StudentFunction,
  testCase: SearchCase,
  alpha: number,
  beta: number,
): Failure | null {
  const { at, depth } = testCase;
  const right = referenceWalk(spec, at, depth, alpha, beta);
  const exact = spec.engine(freshPosition(at), depth);
  const where = setupOf(spec, at, depth);
  const call = callText(spec, where.name, depth, alpha, beta);
  const position = freshPosition(at);
  const keyBefore = position.key();
  // Generous: a right search enters exactly the course's nodes.
  const walking = new WalkingPosition(
    position,
    spec.id,
    20 * right.walk.entered.length + 1000,
  );
  const drawn = () =>
    drawTree(freshPosition(at), {
      horizon: spec.hasDepth ? depth : null,
      full: at.kind === "tree",
      values: spec.id === "quiesce" ? "all" : "leaves",
    }) ?? undefined;
  const fail = (
    check: Failure["check"],
    message: string,
    yours: string,
    rightValue: number,
  ): Failure => {
    const walks: WalkComparison = {
      yours: walking.walk.entered,
      right: right.walk.entered,
      rightName: spec.referenceName,
      parting: partingPoint(walking.walk.entered, right.walk.entered),
    };
    const tree = drawn();
    return {
      check,
      message,
      call,
      yours,
      right: valueText(rightValue),
      setup: where.setup,
      ...(where.board === undefined ? {} : { board: where.board }),
      ...(tree === undefined ? {} : { tree }),
      walks,
    };
  };
  let value: unknown;
  try {
    value = spec.call(fn, walking, depth, alpha, beta);
  } catch (error) {
    if (error instanceof WalkError) {
      return fail("walk", error.message, "stopped", right.value);
    }
    const thrown = describeThrown(error);
    return fail(
      "threw",
      `${call} threw ${thrown}`,
      `threw ${thrown}`,
      right.value,
    );
  }
  if (typeof value !== "number" || Number.isNaN(value)) {
    const shown = describeValue(value);
    const hint = value instanceof Promise
      ? ": write a plain function, not an async one"
      : ": return the position's value";
    return fail(
      "returned",
      `${call} returned ${shown}, not a number${hint}`,
      shown,
      right.value,
    );
  }
  const left = walking.movesPlayed();
  if (left.length > 0 || position.key() !== keyBefore) {
    const moves = left.length === 1
      ? `move ${left[0]} is still played`
      : `moves ${left.join(", ")} are still played`;
    return fail(
      "position",
      `${call} left the position changed (${moves}: it stands on ${
        nodeName(walking.path)
      }): every move played must be undone before the search returns, ` +
        `a cut's early return included`,
      valueText(value),
      right.value,
    );
  }
  const nearby = () =>
    [depth - 1, depth + 1].filter((d) => d >= 0).map((d) =>
      spec.engine(freshPosition(at), d)
    );
  const wrong = valueMessage(
    spec,
    call,
    value,
    exact,
    right.value,
    alpha,
    beta,
    nearby,
    freshPosition(at).turn(),
  );
  if (wrong?.primary) {
    return fail(wrong.check, wrong.message, valueText(value), wrong.right);
  }
  // A value that only differs from the course's comes from a walk that
  // differs: the walk is the mistake to show.
  if (partingPoint(walking.walk.entered, right.walk.entered) !== null) {
    return fail(
      "nodes",
      partingMessage(
        spec.referenceName,
        call,
        walking.walk,
        right.walk,
        spec.explainer(at, depth, alpha, beta),
      ),
      valueText(value),
      right.value,
    );
  }
  if (wrong !== null) {
    return fail(wrong.check, wrong.message, valueText(value), wrong.right);
  }
  return null;
}

function judgeSearch(
  spec: SearchSpec,
  fn: StudentFunction,
  testCase: SearchCase,
): Failure | null {
  const windows: [number, number][] = spec.window === "none"
    ? [[-Infinity, Infinity]]
    : [[-Infinity, Infinity], ...testCase.windows];
  for (const [alpha, beta] of windows) {
    const failure = judgeCall(spec, fn, testCase, alpha, beta);
    if (failure !== null) return failure;
  }
  return null;
}

/** Tree phases: growing sizes, 300 trees in all up to b = 4, d = 6. */
const TREE_SIZES = [
  { branching: 2, depth: 3, runs: 80 },
  { branching: 3, depth: 4, runs: 120 },
  { branching: 4, depth: 6, runs: 100 },
] as const;

function windowsArbitrary(
  min: number,
  max: number,
  widest: number,
): fc.Arbitrary<[number, number][]> {
  return fc.array(
    fc.tuple(
      fc.integer({ min, max }),
      fc.integer({ min: 1, max: widest }),
    ).map(([lo, width]): [number, number] => [lo, lo + width]),
    { maxLength: 2 },
  );
}

function searchPhases(spec: SearchSpec): Phase<SearchCase>[] {
  const phases = treePhases<SearchCase>(TREE_SIZES, (size) =>
    fc.record({
      tree: caseTrees(size, { noisy: spec.noisy }),
      // Shrinks to 0: the whole tree.
      shallower: fc.integer({ min: 0, max: size.depth }),
      windows: spec.window === "none"
        ? fc.constant<[number, number][]>([])
        : windowsArbitrary(-10, 9, 8),
    }).map(({ tree, shallower, windows }) => ({
      at: { kind: "tree" as const, tree },
      depth: spec.hasDepth ? Math.max(0, treeHeight(tree) - shallower) : 0,
      windows,
    })));
  if (spec.boards) {
    for (const [min, max, runs] of [[2, 4, 30], [4, 6, 20]] as const) {
      phases.push({
        what: "tic-tac-toe positions",
        upTo: `${max} empty cells`,
        runs,
        cases: fc.record({
          board: boardCases(min, max),
          depth: fc.integer({ min: 1, max: 9 }),
          windows: spec.window === "none"
            ? fc.constant<[number, number][]>([])
            : windowsArbitrary(-2, 1, 2),
        }).map(({ board, depth, windows }) => ({
          at: { kind: "board" as const, board: board as BoardCase },
          depth,
          windows,
        })),
      });
    }
  }
  return phases;
}

export function searchExercise(spec: SearchSpec): Exercise<SearchCase> {
  return {
    id: spec.id,
    lesson: spec.lesson,
    title: spec.title,
    signature: spec.signature,
    checks: spec.checks,
    phases: searchPhases(spec),
    judge: (fn, testCase) => judgeSearch(spec, fn, testCase),
  };
}
