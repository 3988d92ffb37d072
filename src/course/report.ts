/**
 * A lesson's recomputed output as the figures job and the notebooks show it:
 * the catalogue rows, extra tables and charts (SVG strings).
 *
 * @module
 */

import { markdownTable } from "../plot/mod.ts";
import { type CourseRow, testCell } from "./rows.ts";

/** A rendered chart: `name` is its file name under `figures/<lesson>/` without `.svg`. */
export interface Chart {
  name: string;
  title: string;
  svg: string;
}

/** A markdown table with a heading. */
export interface Table {
  title: string;
  markdown: string;
}

/** Everything one lesson contributes to `figures/`. */
export interface LessonReport {
  /** The course file's number, e.g. `"004"`. */
  lesson: string;
  title: string;
  rows: CourseRow[];
  tables: Table[];
  charts: Chart[];
  /**
   * Tables of times, which depend on the machine and its load: never judged,
   * and written to the untracked `figures/timings.md`, not to the README.
   */
  timings?: Table[];
}

/** A lesson the figures job knows how to recompute. */
export interface LessonEntry {
  /** The course file's number (`"004"`), or a name for a project addition. */
  lesson: string;
  /** The heading in `figures/README.md`. */
  title: string;
  /**
   * Recomputes the lesson. A lesson that takes long calls `progress` with a
   * short line as each part finishes.
   */
  report(progress?: (message: string) => void): LessonReport;
}

/**
 * Escapes each lone `*` (as in "SSS*") so that markdown does not read two of
 * them as emphasis and drop them; `**bold**` and already escaped stars stay.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeStars } from "./report.ts";
 * assert.equal(escapeStars("MTD(f), SSS* and **bold**"), "MTD(f), SSS\\* and **bold**");
 * assert.equal(escapeStars("SSS\\*"), "SSS\\*");
 * ```
 */
export function escapeStars(text: string): string {
  return text.replace(/(?<![\\*])\*(?!\*)/g, "\\*");
}

/**
 * The catalogue rows as a markdown table: the course's figure beside ours,
 * the statement tested with its checks (a failed check ends in ✗), and the
 * mark, which follows from them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exactRow, rowsTable } from "./mod.ts";
 * const md = rowsTable([exactRow("T004.1", "value", [1], [1])]);
 * assert.ok(md.includes("| T004.1 |"));
 * ```
 */
export function rowsTable(rows: readonly CourseRow[]): string {
  return markdownTable(
    ["row", "what", "course", "ours", "kind", "tested", "agrees", "note"],
    rows.map((row) =>
      [
        row.id,
        row.what,
        row.course,
        row.ours,
        row.kind,
        testCell(row),
        row.agrees ? "✓" : "✗ DISAGREES",
        row.note ?? "",
      ].map(escapeStars)
    ),
  );
}
