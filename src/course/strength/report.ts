/**
 * Issue 10's strength results as tables, charts and the T003.8 / T003.9
 * rows, for the figures job and notebook 09. The committed figures come
 * from the full run's results (`figures/strength/full_run.json`, written by
 * `deno task strength --full`); the figures job also recomputes the small
 * default, so a broken pipeline shows.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import type { Chart, LessonEntry, LessonReport, Table } from "../report.ts";
import { claimRow, type CourseRow } from "../rows.ts";
import {
  type AccuracyRow,
  runStrengthSync,
  STRENGTH_SMALL,
  type StrengthResults,
} from "./measure.ts";

/** The committed full run's results file. */
export const FULL_RUN_FILE: URL = new URL(
  "../../../figures/strength/full_run.json",
  import.meta.url,
);

/** A results file: the results, the command that made them and its seconds. */
export type StrengthRunFile = StrengthResults & {
  command: string;
  seconds: number;
};

/**
 * Reads the committed full run's results, or null when there is none.
 *
 * @returns the results
 */
export function readFullRun(): StrengthRunFile | null {
  try {
    return JSON.parse(Deno.readTextFileSync(FULL_RUN_FILE));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

const fixed = (v: number, digits = 0) =>
  v.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const percent = (v: number) => `${fixed(100 * v, 1)}%`;

/** Accuracy, one row per budget, one column per family. */
export function accuracyTable(rows: readonly AccuracyRow[]): string {
  const families = ["poor", "medium", "good"];
  const depths = [
    ...new Set(
      rows.filter((r) => r.family !== "mcts").map((r) => r.budget),
    ),
  ];
  const mcts = rows.filter((r) => r.family === "mcts");
  const cell = (r: AccuracyRow | undefined) =>
    r === undefined ? "" : `${percent(r.accuracy)} (${fixed(r.meanNodes)})`;
  const ab = markdownTable(
    ["depth", ...families.map((f) => `${f}: accuracy (nodes/move)`)],
    depths.map((d) => [
      d,
      ...families.map((f) =>
        cell(rows.find((r) => r.family === f && r.budget === d))
      ),
    ]),
  );
  const mc = markdownTable(
    ["MCTS playouts", "accuracy", "nodes/move"],
    mcts.map((r) => [
      fixed(r.budget),
      percent(r.accuracy),
      fixed(r.meanNodes),
    ]),
  );
  return `${ab}\n${mc}`;
}

/** The grid's Elo with 95% intervals. */
export function eloTable(results: StrengthResults): string {
  const families = ["poor", "medium", "good"];
  const depths = [...new Set(results.grid.rows.map((r) => r.depth))];
  return markdownTable(
    ["depth", ...families.map((f) => `${f}: Elo [95%] (nodes/move)`)],
    depths.map((d) => [
      d,
      ...families.map((f) => {
        const r = results.grid.rows.find((r) =>
          r.quality === f && r.depth === d
        );
        return r === undefined
          ? ""
          : `${fixed(r.elo)} [${fixed(r.low)}, ${fixed(r.high)}] (${
            fixed(r.nodesPerMove)
          })`;
      }),
    ]),
  );
}

/** What each step of depth bought. */
export function stepsTable(results: StrengthResults): string {
  return markdownTable(
    ["evaluation", "depth", "Elo gained", "nodes ×", "Elo per doubling"],
    results.grid.steps.map((s) => [
      s.quality,
      `${s.from} → ${s.to}`,
      fixed(s.eloGain),
      fixed(s.costRatio, 2),
      fixed(s.eloPerDoubling, 1),
    ]),
  );
}

/** The two fitted models of T003.8. */
export function fitsTable(results: StrengthResults): string {
  return markdownTable(
    ["model", "fitted", "RMSE (Elo)", "R²"],
    [results.grid.product, results.grid.sum].map((m) => [
      m.kind,
      m.formula,
      fixed(m.rmse, 1),
      fixed(m.r2, 3),
    ]),
  );
}

/** MCTS against alpha-beta at equal nodes. */
export function versusTable(results: StrengthResults): string {
  return markdownTable(
    [
      "game",
      "alpha-beta",
      "MCTS maxNodes",
      "nodes/move (αβ / MCTS)",
      "games",
      "MCTS W-D-L",
      "MCTS Elo − αβ [95%]",
    ],
    results.versus.map((v) => [
      v.game,
      v.game === "connect-four" ? `good d${v.depth}` : `d${v.depth}`,
      fixed(v.mctsNodes),
      `${fixed(v.alphaBetaNodesPerMove)} / ${fixed(v.mctsNodesPerMove)}`,
      v.games,
      `${v.wins}-${v.draws}-${v.losses}`,
      `${fixed(v.elo)} [${fixed(v.low)}, ${fixed(v.high)}]`,
    ]),
  );
}

/**
 * The catalogue rows T003.8 and T003.9 with our verdicts.
 *
 * @param results a run's results
 * @param label which run (shown in the note)
 * @returns the two rows
 */
export function strengthRows(
  results: StrengthResults,
  label: string,
): CourseRow[] {
  const { t0038, t0039, product, sum } = results.grid;
  const poor = t0039.perQuality.find((q) => q.quality === "poor");
  const others = t0039.perQuality.filter((q) => q.quality !== "poor");
  return [
    claimRow({
      id: "T003.8",
      what: "a program's strength ≈ depth × quality of the evaluation",
      // The course's words (lesson 003: «сила программы ≈ глубина × качество оценки»), in English.
      course: "strength ≈ depth × quality of the evaluation",
      ours: t0038.text,
      test:
        "least-squares fits of the Elo grid (depth × evaluation) by a product, Elo = a + b·depth·q, and a sum, Elo = b·depth + c(evaluation); the claim holds when the product fits better (smaller RMSE) and explains at least 80% of the variance",
      checks: [
        {
          what: "product RMSE − sum RMSE",
          value: product.rmse - sum.rmse,
          op: "≤",
          bound: 0,
        },
        { what: "product R²", value: product.r2, op: "≥", bound: 0.8 },
      ],
      note:
        `${label}; Elo of alpha-beta over depth × evaluation, fitted: ${product.formula} / ${sum.formula}`,
    }),
    claimRow({
      id: "T003.9",
      what:
        "deepening without improving the evaluation: each level costs b times more and brings less and less when the evaluation is poor",
      // Lesson 003: «Каждый уровень дорожает в b раз и приносит всё меньше, если оценка плохая».
      course:
        "each level costs b times more and brings less and less if the evaluation is poor",
      ours: `${t0039.text}; nodes × per ply: ${
        t0039.perQuality.map((q) => `${q.quality} ${fixed(q.costRatio, 2)}`)
          .join(", ")
      }`,
      test:
        "Elo per doubling of nodes, mean over the deep half of the depths minus the shallow half, is negative for every evaluation, and in the deep half the poor evaluation gains less than each other one",
      checks: [
        ...t0039.perQuality.map((q) => ({
          what: `${q.quality}: deep − shallow`,
          value: q.deep - q.shallow,
          op: "<" as const,
          bound: 0,
        })),
        ...others.map((q) => ({
          what: `deep: poor − ${q.quality}`,
          value: poor === undefined ? Number.NaN : poor.deep - q.deep,
          op: "<" as const,
          bound: 0,
        })),
      ],
      note: label,
    }),
  ];
}

/** Accuracy against nodes per move (log x), one line per player family. */
export function accuracyChart(
  rows: readonly AccuracyRow[],
  subtitle: string,
): Chart {
  const points = rows.map((r) => ({
    family: r.family === "mcts" ? "MCTS" : `alpha-beta, ${r.family}`,
    nodes: Math.max(1, r.meanNodes),
    accuracy: 100 * r.accuracy,
  }));
  const svg = renderSvg({
    title: "Move accuracy against perfect play, Connect Four",
    subtitle,
    width: 720,
    height: 420,
    x: { type: "log", label: "nodes per move (log scale)", grid: true },
    y: { label: "moves keeping the value (%)", grid: true },
    // The Elo chart's colours for the same evaluations.
    color: {
      legend: true,
      domain: [
        "alpha-beta, poor",
        "alpha-beta, medium",
        "alpha-beta, good",
        "MCTS",
      ],
    },
    marks: [
      Plot.line(points, { x: "nodes", y: "accuracy", stroke: "family" }),
      Plot.dot(points, { x: "nodes", y: "accuracy", fill: "family" }),
    ],
  });
  return { name: "accuracy", title: "Move accuracy against nodes", svg };
}

/** Elo against log₂(nodes per move), one line per evaluation, 95% intervals. */
export function eloChart(results: StrengthResults, subtitle: string): Chart {
  const points = results.grid.rows.map((r) => ({
    evaluation: r.quality,
    log2nodes: Math.log2(Math.max(1, r.nodesPerMove)),
    elo: r.elo,
    low: r.low,
    high: r.high,
    depth: r.depth,
  }));
  const svg = renderSvg({
    title: "Elo against log₂(nodes per move), alpha-beta d1… per evaluation",
    subtitle,
    width: 720,
    height: 420,
    x: { label: "log₂(nodes per move)", grid: true },
    y: { label: "Elo (mean 0), 95% intervals", grid: true },
    color: { legend: true, domain: ["poor", "medium", "good"] },
    marks: [
      Plot.ruleX(points, {
        x: "log2nodes",
        y1: "low",
        y2: "high",
        stroke: "evaluation",
        strokeOpacity: 0.5,
      }),
      Plot.line(points, { x: "log2nodes", y: "elo", stroke: "evaluation" }),
      Plot.dot(points, { x: "log2nodes", y: "elo", fill: "evaluation" }),
      Plot.text(points, {
        x: "log2nodes",
        y: "elo",
        text: (d: { depth: number }) => `d${d.depth}`,
        dy: -9,
        fontSize: 9,
      }),
    ],
  });
  return { name: "elo_nodes", title: "Elo against nodes per move", svg };
}

/**
 * The label of a results file: which run, with its command.
 *
 * @param run the results file's contents
 * @returns e.g. "full run (`deno task strength --full`, 1,234 s)"
 */
export function runLabel(run: StrengthRunFile): string {
  return `${run.config.name} run (\`${run.command}\`, ${fixed(run.seconds)} s)`;
}

/**
 * The lesson's report: the full run's tables, charts and rows, and the
 * small default recomputed now.
 *
 * @param full the committed full run (null: only the small default)
 * @param progress told as parts finish
 * @returns the report
 */
export function strengthReport(
  full: StrengthRunFile | null,
  progress?: (message: string) => void,
): LessonReport {
  const small = runStrengthSync(STRENGTH_SMALL, progress).results;
  const shown = full ?? small;
  const label = full === null
    ? "small default, recomputed (no full run committed)"
    : `${runLabel(full)}, committed`;
  const tables: Table[] = [
    {
      title: `Move accuracy against perfect play (${label})`,
      markdown: accuracyTable(shown.accuracy),
    },
    { title: `Elo of the grid (${label})`, markdown: eloTable(shown) },
    { title: `T003.8: fitted models (${label})`, markdown: fitsTable(shown) },
    {
      title: `T003.9: what each ply buys (${label})`,
      markdown: stepsTable(shown),
    },
    {
      title: `MCTS against alpha-beta at equal nodes (${label})`,
      markdown: versusTable(shown),
    },
    {
      title: "Small default, recomputed by this job",
      markdown: markdownTable(["row", "verdict"], [
        ["T003.8", small.grid.t0038.text],
        ["T003.9", small.grid.t0039.text],
      ]),
    },
  ];
  return {
    lesson: "strength",
    title: "Playing strength: depth × evaluation, MCTS beside alpha-beta",
    rows: strengthRows(shown, label),
    tables,
    charts: [accuracyChart(shown.accuracy, label), eloChart(shown, label)],
  };
}

/** The figures job's entry. */
export const STRENGTH: LessonEntry = {
  lesson: "strength",
  title: "Playing strength",
  report: (progress) => strengthReport(readFullRun(), progress),
};
