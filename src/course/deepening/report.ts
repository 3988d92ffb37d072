/**
 * Lesson 003's tables and charts, from {@linkcode lesson003}'s data.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import { COURSE_DEEPENING, type Lesson003, lesson003 } from "./measure.ts";
import type { Chart, LessonEntry, LessonReport } from "../report.ts";

/** T003.1: measured ratio, b/(b−1), and the effective-branching prediction, per b. */
export function deepeningChart(data: Lesson003): Chart {
  const points = data.deepening.flatMap((row) => [
    { b: row.branching, ratio: row.alphaBeta, series: "alpha-beta, measured" },
    { b: row.branching, ratio: row.theory, series: "b/(b−1)" },
    {
      b: row.branching,
      ratio: row.effectiveTheory,
      series: "b'/(b'−1), b' effective",
    },
  ]);
  const course = Object.entries(COURSE_DEEPENING).map(([b, ratio]) => ({
    b: Number(b),
    ratio,
  }));
  const svg = renderSvg({
    title: "Iterative deepening 1..d over one search at depth d",
    subtitle: `black crosses: the course's measurements (${
      course.map(({ b, ratio }) => `${ratio} at b=${b}`).join(", ")
    })`,
    width: 640,
    height: 340,
    x: { label: "branching factor b", ticks: [2, 3, 4, 8] },
    y: { label: "cost ratio", grid: true, domain: [1, 2.8] },
    color: { legend: true },
    marks: [
      Plot.line(points, { x: "b", y: "ratio", stroke: "series" }),
      Plot.dot(points, { x: "b", y: "ratio", fill: "series" }),
      Plot.dot(course, {
        x: "b",
        y: "ratio",
        symbol: "times",
        stroke: "black",
        r: 6,
      }),
    ],
  });
  return { name: "deepening_cost", title: "Iterative deepening cost", svg };
}

/** T003.2: the first tree whose truncated values agree three times and lie. */
export function truncationChart(data: Lesson003): Chart {
  const example = data.truncation.examples[0];
  const points = (example?.byDepth ?? []).map((value, i) => ({
    depth: i + 1,
    value,
  }));
  const svg = renderSvg({
    title: "Truncated search value by depth",
    subtitle: example
      ? `seed ${example.seed} (b=2, d=10): the dashed line is the true value ${example.truth}`
      : "no example found",
    width: 640,
    height: 300,
    x: { label: "search depth", ticks: 10 },
    y: { label: "value (MAX's view)", grid: true, domain: [0, 100] },
    marks: [
      Plot.line(points, { x: "depth", y: "value" }),
      Plot.dot(points, { x: "depth", y: "value", fill: "currentColor" }),
      ...(example
        ? [
          Plot.ruleY([example.truth], {
            strokeDasharray: "4 3",
            stroke: "red",
          }),
        ]
        : []),
    ],
  });
  return { name: "truncated_values", title: "Truncated values by depth", svg };
}

/** Lesson 003's report. */
export function lesson003Report(data: Lesson003 = lesson003()): LessonReport {
  return {
    lesson: "003",
    title: "Deepening, tables and quiescence",
    rows: data.rows,
    tables: [
      {
        title: "T003.1 iterative deepening cost ratio",
        markdown: markdownTable(
          [
            "b",
            "d",
            "seeds",
            "b/(b−1)",
            "alpha-beta mean",
            "min",
            "max",
            "minimax",
            "b' effective",
            "b'/(b'−1)",
          ],
          data.deepening.map((r) => [
            r.branching,
            r.depth,
            r.seeds,
            r.theory.toFixed(2),
            r.alphaBeta.toFixed(2),
            r.min.toFixed(2),
            r.max.toFixed(2),
            r.minimax.toFixed(2),
            r.effectiveBranching.toFixed(2),
            r.effectiveTheory.toFixed(2),
          ]),
        ),
      },
      {
        title: "T003.3 iterative deepening nodes by hint",
        markdown: markdownTable(
          ["where", "no hint", "previous best move", "previous PV"],
          data.hints.map((h) => [h.what, h.none, h.move, h.pv]),
        ),
      },
      {
        title: "T003.7 traps",
        markdown: markdownTable(
          ["trap", "where", "wrong", "right"],
          data.traps.map((t) => [t.trap, t.where, t.wrong, t.right]),
        ),
      },
    ],
    charts: [deepeningChart(data), truncationChart(data)],
  };
}

/** Lesson 003 for the figures job. */
export const LESSON_003: LessonEntry = {
  lesson: "003",
  title: "Deepening, tables and quiescence",
  report: () => lesson003Report(),
};
