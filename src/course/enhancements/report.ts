/**
 * Lesson 002's tables and chart, from {@linkcode lesson002}'s data.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import { type Lesson002, lesson002, SEARCHERS } from "./measure.ts";
import type { Chart, LessonEntry, LessonReport } from "../report.ts";

/** T002.2–T002.3: nodes of every searcher on every position, log scale. */
export function searchersChart(data: Lesson002): Chart {
  const svg = renderSvg({
    title: "Nodes visited by each searcher (same value everywhere)",
    width: 760,
    height: 420,
    marginLeft: 200,
    x: { type: "log", label: "nodes", grid: true },
    y: {
      label: null,
      domain: [...new Set(data.comparison.map((r) => r.where))],
    },
    color: { legend: true, domain: SEARCHERS.map((s) => s.name) },
    marks: [
      Plot.dot(data.comparison, {
        x: "nodes",
        y: "where",
        fill: "searcher",
        r: 4,
      }),
    ],
  });
  return { name: "searchers", title: "Nodes per searcher", svg };
}

/** Lesson 002's report. */
export function lesson002Report(data: Lesson002 = lesson002()): LessonReport {
  return {
    lesson: "002",
    title: "Enhancements",
    rows: data.rows,
    tables: [{
      title: "T002.2–T002.3 nodes, leaves, re-searches and passes",
      markdown: markdownTable(
        [
          "where",
          "searcher",
          "value",
          "nodes",
          "leaves",
          "re-searches",
          "passes",
        ],
        data.comparison.map((r) => [
          r.where,
          r.searcher,
          r.value,
          r.nodes,
          r.leaves,
          r.researches,
          r.passes,
        ]),
      ),
    }],
    charts: [searchersChart(data)],
  };
}

/** Lesson 002 for the figures job. */
export const LESSON_002: LessonEntry = {
  lesson: "002",
  title: "Enhancements",
  report: () => lesson002Report(),
};
