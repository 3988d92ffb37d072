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
  /** The catalogue id, e.g. `"T004.1"`. */
  id: string;
  /** What the row measures. */
  what: string;
  /** The course's figure, as the course prints it. */
  course: string;
  /** Ours, computed. */
  ours: string;
  /** Whether the row must match exactly or support a claim. */
  kind: RowKind;
  /** Exact rows: ours equals the course's figure. Claims: our measurement supports the claim. */
  agrees: boolean;
  /** What the reader should know about the comparison, if anything. */
  note?: string;
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
