/**
 * The one call that checks an exercise: its phases run in order of growing
 * size with fast-check and a fixed seed, the first failure is shrunk to the
 * smallest case that still fails, and that case is judged once more for
 * everything the student is shown.
 *
 * @module
 */

import fc from "fast-check";
import { checkInteger, checkOptions, describe } from "../validate.ts";
import {
  checkedSentence,
  type Exercise,
  type ExerciseReport,
  type StudentFunction,
} from "./exercise.ts";
import { exerciseById } from "./registry.ts";
import { displayReport } from "./report_html.ts";

/** Options of {@linkcode checkExercise}. */
export interface CheckOptions {
  /** The seed of the random cases: a 32-bit integer (default 1). */
  seed?: number;
}

/** The report, shown by the Deno kernel as the failure or the list of what passed. */
export type ShownReport = ExerciseReport & {
  [key: symbol]: () => Record<string, string>;
};

/**
 * Checks the student's function `fn` for the exercise `id` against the
 * engine on seeded cases of growing size, and reports what was checked or
 * the smallest counterexample. As a notebook cell's last expression the
 * report shows itself: the checks that passed, or the counterexample drawn
 * as a tree with both values and a stepper through both searches.
 *
 * @param id the exercise, named by the function to write (`"alphaBeta"`; see `EXERCISES`)
 * @param fn the student's function
 * @param options {@linkcode CheckOptions}
 * @returns the report (plain data, plus a display method)
 * @throws {Error} on an unknown exercise, a `fn` that is not a function, or a bad option
 *
 * @example The course's own minimax passes
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax } from "../textbook/mod.ts";
 * import { checkExercise } from "./check.ts";
 * const report = checkExercise("minimax", minimax);
 * assert.ok(report.passed);
 * assert.match(report.checked, /^300 trees up to b = 4, d = 6 and 50 tic-tac-toe positions/);
 * ```
 *
 * @example A minimax that forgets to switch sides fails on a small tree
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Position } from "../../mod.ts";
 * import { legalMoves } from "../textbook/mod.ts";
 * import { checkExercise } from "./check.ts";
 * function minimax(position: Position, depth: number): number {
 *   if (depth === 0 || position.isTerminal()) return position.turn() * position.evaluate();
 *   let best = -Infinity;
 *   for (const move of legalMoves(position)) {
 *     position.play(move);
 *     best = Math.max(best, minimax(position, depth - 1)); // MIN maximises too
 *     position.undo(move);
 *   }
 *   return best;
 * }
 * const report = checkExercise("minimax", minimax);
 * assert.equal(report.passed, false);
 * assert.match(report.failure!.message, /^minimax\(tree, \d\) returned/);
 * ```
 */
export function checkExercise(
  id: string,
  fn: StudentFunction,
  options: CheckOptions = {},
): ShownReport {
  const where = "checkExercise";
  const exercise = exerciseById(id);
  if (typeof fn !== "function") {
    throw new Error(
      `${where}: fn must be your function ${id}, got ${describe(fn)}`,
    );
  }
  checkOptions(where, options, ["seed"]);
  const seed = options.seed === undefined ? 1 : checkInteger(
    where,
    "options.seed",
    options.seed,
    -(2 ** 31),
    2 ** 31 - 1,
  );
  return displayReport(runChecks(exercise, fn, seed));
}

/**
 * Every setting of a fast-check run that could change a verdict, given
 * explicitly, so that a global configuration (`fc.configureGlobal`) or a
 * global plugin (`fc.installGlobalPlugin`) made by other code of the process
 * changes none of them. (The grader also gives the checks a fast-check of
 * their own, which a submission cannot reach: see `_checker_bundle.ts`.)
 */
const RUN_PARAMETERS: fc.Parameters<[unknown]> = Object.freeze({
  noGlobalPlugins: true,
  randomType: "xorshift128plus",
  noDefaultPlugins: false,
  plugins: [],
  examples: [],
  path: "",
  endOnFailure: false,
  unbiased: false,
  skipEqualValues: false,
  ignoreEqualValues: false,
  maxSkipsPerRun: 100,
  timeout: undefined,
  skipAllAfterTimeLimit: undefined,
  interruptAfterTimeLimit: undefined,
  markInterruptAsFailure: false,
  reporter: undefined,
  asyncReporter: undefined,
  verbose: 0,
});

/** Runs the phases of `exercise` in order and stops at the first failure. */
function runChecks<Case>(
  exercise: Exercise<Case>,
  fn: StudentFunction,
  seed: number,
): ExerciseReport {
  const checked = checkedSentence(exercise.phases, exercise.checks);
  let cases = 0;
  for (const phase of exercise.phases) {
    const details = fc.check(
      fc.property(
        phase.cases,
        (testCase) => exercise.judge(fn, testCase) === null,
      ),
      { ...RUN_PARAMETERS, seed, numRuns: phase.runs },
    );
    if (!details.failed) {
      cases += details.numRuns;
      continue;
    }
    cases += details.numRuns;
    if (details.counterexample === null) {
      // The judge itself threw: a fault of the checks, not of the student.
      throw details.errorInstance ?? new Error(
        `checkExercise: the checks of ${exercise.id} failed without a case`,
      );
    }
    const smallest = details.counterexample[0] as Case;
    const failure = exercise.judge(fn, smallest);
    if (failure === null) {
      // The function gave another answer the second time: say so.
      return {
        exercise: exercise.id,
        title: exercise.title,
        passed: false,
        checked,
        seed,
        cases,
        failure: {
          check: "value",
          message:
            `${exercise.id} failed on a case and passed on the same case ` +
            `run again: does it keep state between calls (a global table, ` +
            `a counter, a random number)? Each call must give the same answer`,
          call: exercise.id,
          yours: "changes from call to call",
          right: "the same answer every time",
          setup: "",
          shrinks: details.numShrinks,
        },
      };
    }
    return {
      exercise: exercise.id,
      title: exercise.title,
      passed: false,
      checked,
      seed,
      cases,
      failure: { ...failure, shrinks: details.numShrinks },
    };
  }
  return {
    exercise: exercise.id,
    title: exercise.title,
    passed: true,
    checked,
    seed,
    cases,
    failure: null,
  };
}
