/**
 * The exercises of lesson 003's Grundy numbers (T003.6): the mex of a list,
 * and the Grundy number of a heap in an octal game, checked against the
 * engine's `mex` and `octalGame` — the value, that a split heap counts as
 * the XOR of its parts, and that each heap is worked out once.
 *
 * @module
 */

import fc from "fast-check";
import {
  mex as engineMex,
  octalGame,
  octalSuccessors,
} from "../games/grundy.ts";
import { describeThrown, describeValue } from "./describe.ts";
import type { Exercise, Failure, StudentFunction } from "./exercise.ts";
import { WalkError, watchedList } from "./walk.ts";

/** One case of the mex exercise: a list of non-negative integers. */
export interface MexCase {
  values: number[];
}

function listText(values: readonly number[]): string {
  return `[${values.join(", ")}]`;
}

function judgeMex(fn: StudentFunction, testCase: MexCase): Failure | null {
  const values = [...testCase.values];
  const call = `mex(${listText(testCase.values)})`;
  const right = engineMex(testCase.values);
  const fail = (
    check: Failure["check"],
    message: string,
    yours: string,
  ): Failure => ({
    check,
    message,
    call,
    yours,
    right: String(right),
    setup: "",
  });
  let value: unknown;
  try {
    value = fn(watchedList(values, "mex"));
  } catch (error) {
    if (error instanceof WalkError) {
      return fail("walk", error.message, "stopped");
    }
    const thrown = describeThrown(error);
    return fail("threw", `${call} threw ${thrown}`, `threw ${thrown}`);
  }
  if (typeof value !== "number") {
    return fail(
      "returned",
      `${call} returned ${describeValue(value)}, not a number`,
      describeValue(value),
    );
  }
  if (value !== right) {
    return fail(
      "value",
      `${call} returned ${value}; the mex is ${right}, the least ` +
        `non-negative integer not in the list`,
      String(value),
    );
  }
  if (listText(values) !== listText(testCase.values)) {
    return fail(
      "position",
      `${call} changed the list it was given to ${
        listText(values)
      }: leave the argument as found (sort a copy)`,
      String(value),
    );
  }
  return null;
}

/** The mex of a list (lesson 003). */
export const MEX: Exercise<MexCase> = {
  id: "mex",
  lesson: "Grundy numbers and Nim (003)",
  title: "The mex of a list",
  signature:
    "function mex(values: number[]): number // the least non-negative integer not in values",
  checks: ["values", "the list left as found"],
  phases: [
    { max: 4, length: 5, runs: 100 },
    { max: 12, length: 12, runs: 100 },
  ].map(({ max, length, runs }) => ({
    what: "lists",
    upTo: `${length} values in 0…${max}`,
    runs,
    cases: fc.array(fc.integer({ min: 0, max }), { maxLength: length }).map((
      values,
    ) => ({ values })),
  })),
  judge: judgeMex,
};

/** One case of the Grundy exercise: an octal game and a heap. */
export interface GrundyCase {
  /** The game's code, `.137`: digit k says what taking k counters may leave. */
  code: string;
  /** The heap. */
  heap: number;
}

/** Stops a student's search that asks for far more successors than any memoised search would. */
class TooManyCalls extends Error {}

function judgeGrundy(
  fn: StudentFunction,
  testCase: GrundyCase,
): Failure | null {
  const { code, heap } = testCase;
  const rightOf = octalGame(code);
  const right = rightOf(heap);
  const next = octalSuccessors(code);
  const asked = new Map<number, number>();
  let calls = 0;
  const limit = 20 * (heap + 1) + 100;
  const call = `grundy(${heap}, successors)`;
  const splits = [...code.slice(1)].some((digit) => (Number(digit) & 4) !== 0);
  const setup =
    `const successors = (n: number) => octalSuccessors(${
      JSON.stringify(code)
    })([n]); // the octal game ${code}` +
    (splits ? ", whose moves may split a heap in two" : "");
  const successors = (n: unknown): number[][] => {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > heap) {
      throw new TooManyCalls(
        `${call} asked successors(${describeValue(n)}); successors takes ` +
          `one heap size, an integer in 0…${heap} here`,
      );
    }
    asked.set(n, (asked.get(n) ?? 0) + 1);
    if (++calls > limit) {
      throw new TooManyCalls(
        `${call} asked successors more than ${limit} times (heap ${n} ` +
          `${asked.get(n)} times): remember each heap's number (a Map ` +
          `from heap size to number) so that each heap is worked out once`,
      );
    }
    return next([n]);
  };
  const fail = (
    check: Failure["check"],
    message: string,
    yours: string,
  ): Failure => ({
    check,
    message,
    call,
    yours,
    right: String(right),
    setup,
  });
  let value: unknown;
  try {
    value = fn(heap, successors);
  } catch (error) {
    if (error instanceof TooManyCalls) {
      return fail("calls", error.message, "stopped");
    }
    const thrown = describeThrown(error);
    return fail("threw", `${call} threw ${thrown}`, `threw ${thrown}`);
  }
  if (typeof value !== "number") {
    return fail(
      "returned",
      `${call} returned ${describeValue(value)}, not a number`,
      describeValue(value),
    );
  }
  if (value !== right) {
    const hint = splits
      ? ": a move that leaves two heaps leaves their sum, worth the XOR " +
        "(^) of their Grundy numbers; a heap's number is the mex of its " +
        "successors' numbers"
      : ": a heap's number is the mex of its successors' numbers";
    return fail(
      "value",
      `${call} returned ${value} in the octal game ${code}; the Grundy ` +
        `number is ${right}${hint}`,
      String(value),
    );
  }
  const twice = [...asked].find(([, count]) => count > 1);
  if (twice !== undefined) {
    return fail(
      "calls",
      `${call} asked successors(${twice[0]}) ${twice[1]} times: remember ` +
        `each heap's number (a Map from heap size to number) so that each ` +
        `heap is worked out once`,
      String(value),
    );
  }
  return null;
}

/** Grundy numbers of an octal game's heaps (lesson 003, T003.6). */
export const GRUNDY: Exercise<GrundyCase> = {
  id: "grundy",
  lesson: "Grundy numbers and Nim (003)",
  title: "Grundy numbers",
  signature:
    "function grundy(size: number, successors: (n: number) => number[][]): number // each successor a list of heaps",
  checks: [
    "Grundy numbers",
    "split heaps counted as the XOR of their parts",
    "each heap worked out once (memoised)",
  ],
  phases: [
    { heap: 8, runs: 60 },
    { heap: 20, runs: 60 },
    { heap: 40, runs: 30 },
  ].map(({ heap, runs }) => ({
    what: "octal games",
    upTo: `codes of 4 digits and heaps of ${heap}`,
    runs,
    cases: fc.record({
      digits: fc.array(fc.integer({ min: 0, max: 7 }), {
        minLength: 1,
        maxLength: 4,
      }),
      heap: fc.integer({ min: 0, max: heap }),
    }).map(({ digits, heap }) => ({ code: `.${digits.join("")}`, heap })),
  })),
  judge: judgeGrundy,
};
