/**
 * The main job: recomputes every course table and chart, writes them under
 * `figures/` (one folder of SVG charts per lesson, `figures/README.md` with
 * every table and chart, `figures/rows.json` with every row and its checks)
 * and prints a one-line summary.
 *
 * What it commits depends only on the code and the data, never on the
 * machine: rows judge nodes, leaves, steps, values and counts, never times.
 * Times go to `figures/timings.md`, which git ignores. A second run on an
 * unchanged tree rewrites nothing. Files are written as one set (see
 * `_write_all.ts`): an interrupted run leaves the old set or the new one.
 *
 * Usage: `deno task figures [--strict] [--full [--committed-elo]] [--out DIR] [LESSON…]` — with
 * lesson numbers (`004 000`) only those are recomputed, and written to
 * `.figures/` (ignored) unless `--out` says otherwise, since
 * `figures/README.md` shows every lesson; `--strict` exits 1 when a row
 * disagrees with the course. Rows that disagree are always reported.
 *
 * Long lessons (chess, the atlas) run a small default and show their
 * committed full run's results, so a default run rewrites nothing; `--full`
 * runs them in full and commits new full-run results (the atlas caches each
 * item in `.atlas-cache/`, so an interrupted `--full` run resumes). With
 * `--committed-elo` a full run keeps the atlas's committed Elo tests (hours
 * of games) and recomputes only its counts (`deno task figures --full
 * --committed-elo atlas`, then `deno task figures` to redraw every lesson).
 *
 * @module
 */

import {
  duplicateIds,
  escapeStars,
  type LessonEntry,
  LESSONS,
  rowsTable,
  summarise,
  testCell,
  verdictProblem,
} from "../src/course/mod.ts";
import type { CourseRow, LessonReport, Table } from "../src/course/mod.ts";
import { join } from "node:path";
import { removeLeftovers, writeAll } from "./_write_all.ts";
import { FlagsOnce, flagValue, isFlag, UsageError } from "./_flags.ts";
import { print, readCommandLine } from "./_output.ts";
import { useFullChessRun } from "../src/course/chess/mod.ts";
import {
  useCommittedAtlasElo,
  useFullAtlasRun,
} from "../src/course/atlas/mod.ts";

// Lesson 003 has two reports (deepening and Grundy): list each number once.
const LESSON_NUMBERS = [...new Set(LESSONS.map(({ lesson }) => lesson))];

/** The text of `deno task figures --help`. */
export const HELP =
  `usage: deno task figures [--strict] [--full [--committed-elo]] [--out DIR] [LESSON…]

Recomputes the course's tables and charts and writes them under figures/
(one folder of SVG charts per lesson, figures/README.md with every table
and chart, figures/rows.json with every row and its checks), then prints a
one-line summary. Rows that disagree with the course are always listed on
stderr. Only machine-independent quantities are judged; times go to
timings.md, which git ignores. A second run on an unchanged tree rewrites
nothing, and an interrupted run leaves the old set of files or the new one.

  LESSON…          only these lessons, written to .figures/ (ignored)
                   unless --out says otherwise, since figures/README.md
                   shows every lesson; the lessons:
                   ${LESSON_NUMBERS.join(", ")}
  --strict         exit 1 when a row disagrees with the course
  --full           run the long lessons (chess, the atlas) in full and
                   commit new full-run results (the atlas caches each item
                   in .atlas-cache/, so an interrupted run resumes); by
                   default they run a small run and show their committed
                   full run's results
  --committed-elo  with --full: keep the atlas's committed Elo tests (hours
                   of games) and recompute only its counts
  --out DIR        the folder to write (default figures/, or .figures/
                   when LESSONs are given)
  -h, --help       this text

Exit status: 0 when written; 1 with --strict when a row disagrees; 2 on a
bad command line or a fault (a row whose mark does not follow from its
test, two rows with one id, a file that cannot be written).`;

const FIGURES = new URL("../figures/", import.meta.url).pathname;
const PARTIAL = new URL("../.figures/", import.meta.url).pathname;

/** What `deno task figures`' command line asks for. */
interface FiguresArgs {
  help: boolean;
  strict: boolean;
  out: string;
  lessons: LessonEntry[];
}

function parseArgs(args: readonly string[]): FiguresArgs {
  let help = false;
  let strict = false;
  let full = false;
  let committedElo = false;
  let out: string | undefined;
  const wanted: string[] = [];
  const flags = new FlagsOnce("figures");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "--strict") strict = true;
    else if (arg === "--full") {
      full = true;
      useFullChessRun();
      useFullAtlasRun();
    } else if (arg === "--committed-elo") {
      committedElo = true;
      useCommittedAtlasElo();
    } else if (isFlag(arg, "--out")) {
      // `--out DIR` and `--out=DIR` alike, as every command takes them;
      // `004 --out --strict` is refused (it wrote a folder named
      // "--strict" and ran without --strict).
      [out, i] = flagValue("figures", args, i, "--out", "a folder");
      if (out === "") {
        throw new UsageError('figures: --out needs a folder, got ""');
      }
    } else if (arg === "--help" || arg === "-h") {
      help = true;
    } else if (arg.startsWith("-")) {
      throw new UsageError(`figures: unknown argument ${JSON.stringify(arg)}`);
    } else if (!LESSONS.some(({ lesson }) => lesson === arg)) {
      throw new UsageError(
        `figures: LESSON must be one of ${LESSON_NUMBERS.join(", ")}, got ${
          JSON.stringify(arg)
        }`,
      );
    } else wanted.push(arg);
  }
  if (committedElo && !full) {
    throw new UsageError(
      "figures: --committed-elo goes with --full (a default run shows the committed atlas as it is)",
    );
  }
  const lessons = wanted.length === 0
    ? [...LESSONS]
    : LESSONS.filter(({ lesson }) => wanted.includes(lesson));
  // figures/README.md shows every lesson: a partial run must not leave it
  // beside charts it does not describe.
  out ??= lessons.length === LESSONS.length ? FIGURES : PARTIAL;
  return { help, strict, out, lessons };
}

function timingsMarkdown(reports: readonly LessonReport[]): string {
  const parts = [
    "# Times of the last `deno task figures` run",
    "",
    "Written by `deno task figures` and ignored by git: times depend on the machine and",
    "its load, so they are shown here and never judged. Every run rewrites this file.",
    "",
  ];
  for (const report of reports) {
    const tables: readonly Table[] = report.timings ?? [];
    if (tables.length === 0) continue;
    parts.push(`## ${report.title}`, "");
    for (const table of tables) {
      parts.push(`### ${table.title}`, "", table.markdown, "");
    }
  }
  return parts.join("\n").replace(/\n{3,}/g, "\n\n");
}

function lessonMarkdown(report: LessonReport): string {
  const parts = [
    // Course lessons are numbered files; project additions (Connect Four) are not lessons.
    /^\d+$/.test(report.lesson)
      ? `## ${report.title} (course file ${report.lesson})`
      : `## ${report.title}`,
    "",
    rowsTable(report.rows),
  ];
  for (const table of report.tables) {
    parts.push(
      `### ${escapeStars(table.title)}`,
      "",
      escapeStars(table.markdown),
    );
  }
  for (const chart of report.charts) {
    parts.push(`![${chart.title}](${report.lesson}/${chart.name}.svg)`, "");
  }
  return parts.join("\n");
}

async function main(): Promise<number> {
  const options = readCommandLine(parseArgs, Deno.args, HELP);
  if (typeof options === "number") return options;
  const { strict, out, lessons } = options;
  const leftovers = await removeLeftovers(out);
  if (leftovers.length > 0) {
    console.error(
      `removed ${leftovers.length} temporary file(s) of an interrupted run`,
    );
  }
  const reports: LessonReport[] = [];
  for (const [i, entry] of lessons.entries()) {
    const started = performance.now();
    console.error(
      `[${
        i + 1
      }/${lessons.length}] lesson ${entry.lesson} (${entry.title}): computing…`,
    );
    const report = entry.report((message) => console.error(`      ${message}`));
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
  const problems = rows.map(verdictProblem).filter((p) => p !== undefined);
  if (problems.length > 0) {
    throw new Error(
      `rows whose mark does not follow from their test:\n  ${
        problems.join("\n  ")
      }`,
    );
  }
  // A row is cited by its id (notebooks, docs): each must name one row.
  const duplicates = duplicateIds(rows);
  if (duplicates.length > 0) {
    throw new Error(
      `row ids must be unique, got several rows with ${duplicates.join(", ")}`,
    );
  }
  const summary = summarise(rows);
  const exactDisagree =
    rows.filter((row) => row.kind === "exact" && !row.agrees).length;
  const line = `${rows.length} rows, each with its own id: ` +
    `${summary.exact} rows exact, ${summary.claims} claims supported, ${summary.disagree} rows disagree` +
    ` (${exactDisagree} exact, ${summary.disagree - exactDisagree} claims)`;
  const disagreeing = rows.filter((row) => !row.agrees);
  const readme = [
    "# Course figures, recomputed",
    "",
    "Written by `deno task figures`; do not edit by hand. Each table puts the course's figure",
    'beside ours; every number of ours is computed by `src/course/`. The column "tested"',
    "states what was tested and lists the checks: a row is marked ✓ exactly when every",
    "check holds (a failing check ends in ✗). Only machine-independent quantities are",
    "judged (nodes, leaves, steps, values, counts); times are written to `figures/timings.md`,",
    "which git ignores. Every row with its checks is also in `rows.json`.",
    "",
    `Summary: ${line}.`,
    "",
    ...disagreeing.map((row) =>
      escapeStars(
        `- **${row.id} disagrees** (${row.what}): course ${row.course}, ours ${row.ours}. Tested: ${
          testCell(row)
        }.`,
      )
    ),
    "",
    ...reports.map(lessonMarkdown),
  ].join("\n").replace(/\n{3,}/g, "\n\n");
  const json = JSON.stringify(
    {
      summary,
      lessons: reports.map(({ lesson, title, rows }) => ({
        lesson,
        title,
        rows,
      })),
    },
    null,
    2,
  ) + "\n";
  const charts = reports.flatMap((report) =>
    report.charts.map((chart) =>
      [
        `${report.lesson}/${chart.name}.svg`,
        chart.svg.endsWith("\n") ? chart.svg : `${chart.svg}\n`,
      ] as const
    )
  );
  for (const [path, svg] of charts) {
    if (!/^<svg[^>]* xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) {
      throw new Error(
        `Refusing to save ${path}: the SVG has no xmlns, render it with renderSvg()`,
      );
    }
  }
  const stale = await staleCharts(out, reports, charts.map(([path]) => path));
  // The README names the charts and rows.json: it is renamed last.
  const result = await writeAll(out, [
    ["timings.md", timingsMarkdown(reports)],
    ...charts,
    ["rows.json", json],
    ["README.md", readme],
  ], stale);
  // timings.md changes on every run and is not committed: not counted.
  const changed = result.written.filter((path) => path !== "timings.md");
  const unchanged = result.unchanged.filter((path) => path !== "timings.md");
  console.error(
    `${out}: ${changed.length} file(s) changed${
      changed.length > 0 ? ` (${changed.join(", ")})` : ""
    }, ${unchanged.length} unchanged${
      result.removed.length > 0 ? `, removed ${result.removed.join(", ")}` : ""
    }; times in ${join(out, "timings.md")}`,
  );
  for (const row of disagreeing) {
    console.error(
      `DISAGREES ${row.id}: course ${row.course}, ours ${row.ours}`,
    );
  }
  print(`figures: ${line}`);
  return strict && summary.disagree > 0 ? 1 : 0;
}

/** Charts of the lessons just recomputed that were not produced this time. */
async function staleCharts(
  out: string,
  reports: readonly LessonReport[],
  produced: readonly string[],
): Promise<string[]> {
  const stale: string[] = [];
  for (const report of reports) {
    try {
      for await (const entry of Deno.readDir(join(out, report.lesson))) {
        const path = `${report.lesson}/${entry.name}`;
        if (
          entry.isFile && entry.name.endsWith(".svg") &&
          !produced.includes(path)
        ) stale.push(path);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return stale;
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(2);
  }
}
