/**
 * The shape of a recomputed course table: each row carries the course's
 * figure as printed beside ours as computed, and whether they agree.
 *
 * @module
 */

/** `"exact"`: ours must equal the course's figure; `"claim"`: ours must support the course's claim. */
export type RowKind = "exact" | "claim";

/** One row of a course table, recomputed. */
export interface CourseRow {
  /**
   * The row's id, unique among all rows: the catalogue id (`"T004.1"`), with
   * a letter when one catalogue entry makes several rows (`"T000.2a"` …
   * `"T000.2e"`, and `"T001.3c"` for the same claim measured on chess).
   */
  id: string;
  /** What the row measures. */
  what: string;
  /** The course's figure, as the course prints it. */
  course: string;
  /** Ours, computed. */
  ours: string;
  /** Whether the row must match exactly or support a claim. */
  kind: RowKind;
  /**
   * Exact rows: ours equals the course's figure. Claims: every one of
   * `checks` holds, so the mark follows from the row (see {@linkcode verdictProblem}).
   */
  agrees: boolean;
  /**
   * The statement that was tested and the test, in words, so that the mark
   * can be checked by reading the row: "ours = course" for a plain exact row,
   * e.g. "the course's nodes and leaves each lie within our 5–95% range over
   * 500 seeds" for a claim.
   */
  test: string;
  /** The numeric conditions of `test`; when present, `agrees` is true exactly when all hold. */
  checks?: Check[];
  /** What the reader should know about the comparison, if anything. */
  note?: string;
}

/** How a {@linkcode Check} compares its value with its bound. */
export type Comparison = "<" | "≤" | "=" | "≥" | ">";

/**
 * One numeric condition of a row's test: `value op bound`, for example the
 * course's 939 nodes `≥` our 5% quantile 948. Only machine-independent
 * quantities (nodes, leaves, steps, values, counts and their ratios).
 */
export interface Check {
  /** A short label of the quantity, e.g. `"nodes"` or `"b=2: ratio"`. */
  what: string;
  /** The measured (or the course's) quantity. */
  value: number;
  op: Comparison;
  /** What it is compared with. */
  bound: number;
}

/**
 * Whether a check holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { holds } from "./rows.ts";
 * assert.equal(holds({ what: "nodes", value: 939, op: "≥", bound: 948 }), false);
 * assert.equal(holds({ what: "nodes", value: 417, op: "≤", bound: 553 }), true);
 * ```
 */
export function holds(check: Check): boolean {
  const { value, op, bound } = check;
  switch (op) {
    case "<":
      return value < bound;
    case "≤":
      return value <= bound;
    case "=":
      return value === bound;
    case "≥":
      return value >= bound;
    case ">":
      return value > bound;
  }
}

/** A number in a check: integers with thousands separators, others to `digits` decimals. */
function formatCheckNumber(value: number, digits: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/**
 * A check as the rows table prints it: `"nodes 939 ≥ 948 ✗"` (✗ when it
 * fails). Numbers show 3 decimals, or more where 3 would print a comparison
 * that reads the other way than the verdict (R² 0.7996 is "0.7996 ≥ 0.8 ✗",
 * never "0.8 ≥ 0.8 ✗"): the verdict is the unrounded values'.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCheck } from "./rows.ts";
 * assert.equal(formatCheck({ what: "nodes", value: 939, op: "≥", bound: 948 }), "nodes 939 ≥ 948 ✗");
 * assert.equal(formatCheck({ what: "R²", value: 0.79961, op: "≥", bound: 0.8 }), "R² 0.7996 ≥ 0.8 ✗");
 * assert.equal(formatCheck({ what: "R²", value: 0.80004, op: "≥", bound: 0.8 }), "R² 0.8 ≥ 0.8");
 * ```
 */
export function formatCheck(check: Check): string {
  const verdict = holds(check);
  let digits = 3;
  // Printed to fewer digits, the numbers would read as the other verdict.
  while (
    digits < 17 &&
    holds({
        ...check,
        value: Number(check.value.toFixed(digits)),
        bound: Number(check.bound.toFixed(digits)),
      }) !== verdict
  ) {
    digits++;
  }
  return `${check.what} ${formatCheckNumber(check.value, digits)} ${check.op} ${
    formatCheckNumber(check.bound, digits)
  }${verdict ? "" : " ✗"}`;
}

/** What a claim row is made of; see {@linkcode claimRow}. */
export interface ClaimParts {
  id: string;
  what: string;
  course: string;
  ours: string;
  /** The statement tested and the test, in words. */
  test: string;
  /** Its numeric conditions: the claim is supported when all hold (at least one). */
  checks: Check[];
  note?: string;
  /** Default `"claim"`; `"exact"` for a catalogue row the course calls exact whose test is not plain equality. */
  kind?: RowKind;
}

/**
 * A row whose mark is computed from its checks: supported exactly when every
 * check holds.
 *
 * @example A claim that fails one of its checks
 * ```ts
 * import assert from "node:assert/strict";
 * import { claimRow } from "./rows.ts";
 * const row = claimRow({
 *   id: "T000.2",
 *   what: "worst-first nodes",
 *   course: "939",
 *   ours: "998 (948–1,039)",
 *   test: "the course's nodes lie within our 5–95% range",
 *   checks: [
 *     { what: "nodes", value: 939, op: "≥", bound: 948 },
 *     { what: "nodes", value: 939, op: "≤", bound: 1039 },
 *   ],
 * });
 * assert.equal(row.agrees, false);
 * ```
 */
export function claimRow(parts: ClaimParts): CourseRow {
  const { id, what, course, ours, test, checks, note } = parts;
  if (test.trim() === "") {
    throw new Error(
      `claimRow: test of ${id} must state what was tested, got ""`,
    );
  }
  if (checks.length === 0) {
    throw new Error(
      `claimRow: checks of ${id} must hold at least one check, got none`,
    );
  }
  return {
    id,
    what,
    course,
    ours,
    kind: parts.kind ?? "claim",
    agrees: checks.every(holds),
    test,
    checks,
    ...(note ? { note } : {}),
  };
}

/**
 * Why a row's mark does not follow from the row, or `undefined` when it does:
 * a claim must state its test, and a row with checks must be marked as
 * supported exactly when every check holds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exactRow, verdictProblem } from "./rows.ts";
 * const row = exactRow("T004.1", "value", [1], [1]);
 * assert.equal(verdictProblem(row), undefined);
 * assert.match(verdictProblem({ ...row, kind: "claim", test: "" })!, /states no test/);
 * ```
 */
export function verdictProblem(row: CourseRow): string | undefined {
  if (row.test.trim() === "") return `${row.id} (${row.what}) states no test`;
  if (row.checks !== undefined && row.checks.length > 0) {
    const all = row.checks.every(holds);
    if (all !== row.agrees) {
      return `${row.id} (${row.what}) is marked ${
        row.agrees ? "supported" : "disagreeing"
      } but its checks ${all ? "all hold" : "do not all hold"}: ${
        row.checks.map(formatCheck).join(", ")
      }`;
    }
  } else if (row.kind === "claim") {
    return `${row.id} (${row.what}) is a claim without numeric checks`;
  }
  return undefined;
}

/**
 * The test cell of the rows table: the statement, then the checks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exactRow, testCell } from "./rows.ts";
 * assert.equal(testCell(exactRow("T004.1", "value", [1], [1])), "ours = course");
 * ```
 */
export function testCell(row: CourseRow): string {
  return row.checks === undefined || row.checks.length === 0
    ? row.test
    : `${row.test}: ${row.checks.map(formatCheck).join("; ")}`;
}

/**
 * Formats an integer the way the course's English tables do: `549946` → `"549,946"`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCount } from "./rows.ts";
 * assert.ok(formatCount(549946) === "549,946");
 * ```
 */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

/** The test of a plain exact row: every part equals the course's. */
export const EXACT_TEST = "ours = course";

/**
 * An exact row: agrees when every computed part equals the course's.
 *
 * @param course the course's parts, in the order they are printed
 * @param ours our parts, in the same order
 * @param format how to print the parts (joined by " / ")
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exactRow } from "./rows.ts";
 * const row = exactRow("T004.2", "minimax / alpha-beta nodes", [178, 83], [178, 83]);
 * assert.ok(row.agrees && row.ours === "178 / 83");
 * ```
 */
export function exactRow(
  id: string,
  what: string,
  course: readonly (number | string)[],
  ours: readonly (number | string)[],
  note?: string,
): CourseRow {
  const show = (parts: readonly (number | string)[]) =>
    parts.map((part) => typeof part === "number" ? formatCount(part) : part)
      .join(" / ");
  const agrees = course.length === ours.length &&
    course.every((part, i) => part === ours[i]);
  return {
    id,
    what,
    course: show(course),
    ours: show(ours),
    kind: "exact",
    agrees,
    test: EXACT_TEST,
    ...(note ? { note } : {}),
  };
}

/** Counts of a set of rows, for a one-line summary. */
export interface RowSummary {
  /** Exact rows that agree. */
  exact: number;
  /** Claims our measurements support. */
  claims: number;
  /** Rows of either kind that disagree. */
  disagree: number;
}

/**
 * Counts exact rows that agree, claims supported, and rows that disagree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exactRow, summarise } from "./rows.ts";
 * const summary = summarise([exactRow("T", "x", [1], [2])]);
 * assert.ok(summary.disagree === 1);
 * ```
 */
export function summarise(rows: readonly CourseRow[]): RowSummary {
  return {
    exact: rows.filter((row) => row.kind === "exact" && row.agrees).length,
    claims: rows.filter((row) => row.kind === "claim" && row.agrees).length,
    disagree: rows.filter((row) => !row.agrees).length,
  };
}

/**
 * The ids that occur on more than one row, each once, in order of first
 * appearance: empty when every row can be cited by its id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { duplicateIds, exactRow } from "./rows.ts";
 * const row = (id: string) => exactRow(id, "x", [1], [1]);
 * assert.deepEqual(duplicateIds([row("T000.2a"), row("T000.2b")]), []);
 * assert.deepEqual(duplicateIds([row("T1"), row("T2"), row("T1"), row("T1")]), ["T1"]);
 * ```
 */
export function duplicateIds(rows: readonly CourseRow[]): string[] {
  const seen = new Set<string>(), twice = new Set<string>();
  for (const { id } of rows) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}

/**
 * T003.10's one rule, for the chess row (T003.10a) and the atlas's
 * (T003.10b): "indispensable" is read as deepening with the previous
 * iteration's best move first needing at most this share of the nodes of
 * deepening without it, i.e. saving at least 20%. The two rows had two
 * rules (at least 10% saved, at most 0.8×); the stricter was kept for both,
 * so that no check became weaker.
 */
export const PREVIOUS_MOVE_MAX_RATIO = 0.8;
