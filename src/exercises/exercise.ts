/**
 * What an exercise is and what checking one gives back: the function the
 * student writes (its name and signature), the cases it is checked on in
 * phases of growing size, the judge of one case, and the report — what was
 * checked on success, the smallest counterexample on failure.
 *
 * @module
 */

import type { Arbitrary } from "fast-check";
import { describe } from "../validate.ts";
import type { DrawnTree } from "./drawn_tree.ts";
import type { NodePath, Parting } from "./walk.ts";

/** A student's function, as handed to a check: anything callable. */
// deno-lint-ignore no-explicit-any
export type StudentFunction = (...args: any[]) => unknown;

/** One phase of a check: cases of one size, run a fixed number of times. */
export interface Phase<Case> {
  /** The cases, an arbitrary that shrinks to smaller ones. */
  cases: Arbitrary<Case>;
  /** How many cases to try. */
  runs: number;
  /** What a case is, plural (`trees`, `tic-tac-toe positions`). */
  what: string;
  /** The size the phase goes up to (`b = 4, d = 6`). */
  upTo: string;
}

/** The rule a failure broke. */
export type FailedCheck =
  | "threw"
  | "returned"
  | "walk"
  | "position"
  | "value"
  | "window"
  | "nodes"
  | "order"
  | "table"
  | "calls";

/** How the student's walk and the course's compare, for the stepper. */
export interface WalkComparison {
  /** Nodes the student's search entered, in order. */
  yours: NodePath[];
  /** Nodes the course's search entered, in order. */
  right: NodePath[];
  /** What the course's search is called (`the course's ab`). */
  rightName: string;
  /** Where they first differ, or null when they do not. */
  parting: Parting | null;
}

/** Why a case failed: everything the student is shown. */
export interface Failure {
  /** The rule broken. */
  check: FailedCheck;
  /** The one message that says what went wrong, and why it is wrong. */
  message: string;
  /** The call that failed, as code (`alphaBeta(tree, 2, 3, 5)`). */
  call: string;
  /** What the student's function gave (a value, or `threw …`). */
  yours: string;
  /** What it should have given. */
  right: string;
  /** Code that rebuilds the position of the call (`const tree = ExplicitTree.from(…);`). */
  setup: string;
  /** The board, for a tic-tac-toe case. */
  board?: string;
  /** The counterexample drawn, when it is small enough. */
  tree?: DrawnTree;
  /** Both walks, where the exercise compares them. */
  walks?: WalkComparison;
}

/** An exercise as the student and the teacher see it. */
export interface ExerciseInfo {
  /** The function's name, which is also the exercise's id. */
  id: string;
  /** The lesson that teaches it, as docs/course.md names it (`Alpha-beta (000)`). */
  lesson: string;
  /** A short title. */
  title: string;
  /** The signature to implement, as TypeScript. */
  signature: string;
  /** What is checked, each a few words (`values`, `nodes entered`). */
  checks: readonly string[];
}

/** An exercise: the function to write, and how it is checked. */
export interface Exercise<Case = unknown> extends ExerciseInfo {
  /** The phases of growing size. */
  phases: readonly Phase<Case>[];
  /** Judges one case: null when the function is right on it. */
  judge(fn: StudentFunction, testCase: Case): Failure | null;
}

/** What a check found. */
export interface ExerciseReport {
  /** The exercise's id (the function's name). */
  exercise: string;
  /** Its title. */
  title: string;
  /** Whether every case passed. */
  passed: boolean;
  /** What was checked, in one sentence (also on failure: what would have been). */
  checked: string;
  /** The seed of the random cases. */
  seed: number;
  /** Cases tried, the failing one included. */
  cases: number;
  /** The smallest failing case found, or null. */
  failure: (Failure & { shrinks: number }) | null;
}

/**
 * The sentence that says what a check covers: the cases of every phase,
 * grouped by kind with the largest size, then the checks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { checkedSentence } from "./exercise.ts";
 * const phase = (runs: number, upTo: string) => ({ cases: fc.constant(0), runs, what: "trees", upTo });
 * assert.equal(
 *   checkedSentence([phase(100, "b = 2, d = 3"), phase(200, "b = 4, d = 6")], ["values", "nodes"]),
 *   "300 trees up to b = 4, d = 6; values, nodes",
 * );
 * ```
 */
export function checkedSentence(
  phases: readonly Phase<unknown>[],
  checks: readonly string[],
): string {
  const groups = new Map<string, { runs: number; upTo: string }>();
  for (const phase of phases) {
    const group = groups.get(phase.what) ?? { runs: 0, upTo: phase.upTo };
    group.runs += phase.runs;
    group.upTo = phase.upTo;
    groups.set(phase.what, group);
  }
  const parts = [...groups].map(([what, { runs, upTo }]) =>
    `${runs} ${what} up to ${upTo}`
  );
  return `${parts.join(" and ")}; ${checks.join(", ")}`;
}

/**
 * Returns `report` when it looks like what {@linkcode ExerciseReport}
 * says (as `checkExercise` returns it), and throws otherwise.
 *
 * @param where the function that was given it (`"reportText"`)
 * @param report what it was given
 * @throws {Error} naming the function, the argument and what it was
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkReport } from "./exercise.ts";
 * assert.throws(
 *   () => checkReport("reportText", undefined),
 *   /reportText: report must be what checkExercise returned, got undefined/,
 * );
 * ```
 */
export function checkReport(where: string, report: unknown): ExerciseReport {
  const r = report as Partial<ExerciseReport> | null | undefined;
  if (
    typeof r !== "object" || r === null || typeof r.exercise !== "string" ||
    typeof r.checked !== "string" || typeof r.passed !== "boolean" ||
    (r.failure !== null && typeof r.failure !== "object")
  ) {
    throw new Error(
      `${where}: report must be what checkExercise returned, got ${
        describe(report)
      }`,
    );
  }
  return r as ExerciseReport;
}
