/**
 * The main job: recomputes every course table and chart, writes them under
 * `figures/` (one folder of SVG charts per lesson, one `figures/README.md`
 * with every table and chart) and prints a one-line summary.
 *
 * Usage: `deno task figures [--strict] [--full] [LESSON…]` — with lesson numbers
 * (`004 000`) only those are recomputed; `--strict` exits 1 when a row
 * disagrees with the course; `--full` makes the chess lesson run its full
 * measurements (long) instead of the small default. Rows that disagree are always reported.
 *
 * @module
 */

import {
  type LessonEntry,
  LESSONS,
  rowsTable,
  summarise,
} from "../src/course/mod.ts";
import type { CourseRow, LessonReport } from "../src/course/mod.ts";
import { saveSvg } from "../src/plot/mod.ts";
import { useFullChessRun } from "../src/course/chess/mod.ts";

const USAGE =
  "usage: deno task figures [--strict] [--full] [LESSON…]   (lessons: " +
  LESSONS.map(({ lesson }) => lesson).join(", ") + ")";

function parseArgs(
  args: readonly string[],
): { strict: boolean; lessons: LessonEntry[] } {
  let strict = false;
  const wanted: string[] = [];
  for (const arg of args) {
    if (arg === "--strict") strict = true;
    else if (arg === "--full") useFullChessRun();
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      Deno.exit(0);
    } else if (arg.startsWith("-")) {
      throw new Error(`Unknown option ${arg}\n${USAGE}`);
    } else if (!LESSONS.some(({ lesson }) => lesson === arg)) {
      throw new Error(`Unknown lesson ${arg}\n${USAGE}`);
    } else wanted.push(arg);
  }
  const lessons = wanted.length === 0
    ? [...LESSONS]
    : LESSONS.filter(({ lesson }) => wanted.includes(lesson));
  return { strict, lessons };
}

function lessonMarkdown(report: LessonReport): string {
  const parts = [
    // Course lessons are numbered files; project additions (Connect Four) are not lessons.
    /^\d+$/.test(report.lesson)
      ? `## Lesson ${report.lesson}: ${report.title}`
      : `## ${report.title}`,
    "",
    rowsTable(report.rows),
  ];
  for (const table of report.tables) {
    parts.push(`### ${table.title}`, "", table.markdown);
  }
  for (const chart of report.charts) {
    parts.push(`![${chart.title}](${report.lesson}/${chart.name}.svg)`, "");
  }
  return parts.join("\n");
}

async function main(): Promise<number> {
  const { strict, lessons } = parseArgs(Deno.args);
  const root = new URL("../figures/", import.meta.url);
  const reports: LessonReport[] = [];
  for (const [i, entry] of lessons.entries()) {
    const started = performance.now();
    console.error(
      `[${
        i + 1
      }/${lessons.length}] lesson ${entry.lesson} (${entry.title}): computing…`,
    );
    const report = entry.report((message) => console.error(`      ${message}`));
    const folder = new URL(`${entry.lesson}/`, root);
    await Deno.mkdir(folder, { recursive: true });
    for (const chart of report.charts) {
      await saveSvg(new URL(`${chart.name}.svg`, folder).pathname, chart.svg);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const { disagree } = summarise(report.rows);
    console.error(
      `[${
        i + 1
      }/${lessons.length}] lesson ${entry.lesson}: ${report.rows.length} rows, ` +
        `${report.charts.length} charts, ${disagree} disagree (${seconds} s)`,
    );
    reports.push(report);
  }
  const rows: CourseRow[] = reports.flatMap((report) => report.rows);
  const summary = summarise(rows);
  const exactDisagree =
    rows.filter((row) => row.kind === "exact" && !row.agrees).length;
  const line =
    `${summary.exact} rows exact, ${summary.claims} claims supported, ${summary.disagree} rows disagree` +
    ` (${exactDisagree} exact, ${summary.disagree - exactDisagree} claims)`;
  const disagreeing = rows.filter((row) => !row.agrees);
  const readme = [
    "# Course figures, recomputed",
    "",
    "Written by `deno task figures`; do not edit by hand. Each table puts the course's figure",
    "beside ours; every number of ours is computed by `src/course/`.",
    "",
    `Summary: ${line}.`,
    "",
    ...disagreeing.map((row) =>
      `- **${row.id} disagrees**: course ${row.course}, ours ${row.ours}. ${
        row.note ?? ""
      }`
    ),
    "",
    ...reports.map(lessonMarkdown),
  ].join("\n");
  // The README shows every lesson, so only a run over all of them rewrites it.
  if (lessons.length === LESSONS.length) {
    await Deno.writeTextFile(
      new URL("README.md", root),
      readme.replace(/\n{3,}/g, "\n\n"),
    );
  } else {
    console.error(
      "figures/README.md left as it was: it is rewritten only when every lesson is recomputed",
    );
  }
  for (const row of disagreeing) {
    console.error(
      `DISAGREES ${row.id}: course ${row.course}, ours ${row.ours}`,
    );
  }
  console.log(`figures: ${line}`);
  return strict && summary.disagree > 0 ? 1 : 0;
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
