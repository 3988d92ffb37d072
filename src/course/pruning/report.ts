/**
 * Lesson 001's tables and charts, from {@linkcode lesson001}'s data.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import { CURVES, theoryCurves } from "./depth_growth.ts";
import { chess35Reference, type Lesson001, lesson001 } from "./measure.ts";
import { SEARCHES } from "../alpha_beta/ordering_experiment.ts";
import type { Chart, LessonEntry, LessonReport, Table } from "../report.ts";
import { formatCount } from "../rows.ts";
import { treeDiagramSvg } from "../alpha_beta/tree_diagram.ts";

/**
 * Leaves visited against depth for each move order, one panel per b, log
 * scale, with b^d, b^(3d/4) and the minimal tree drawn over the points.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { growthChart, lesson001 } from "./mod.ts";
 * const chart = growthChart(lesson001({ maxLeaves: 256, seeds: 1 }));
 * assert.ok(chart.svg.startsWith("<svg"));
 * ```
 */
export function growthChart(data: Lesson001): Chart {
  const points = data.growth.map((p) => ({
    ...p,
    panel: `b = ${p.branching}`,
  }));
  const branchings = [...new Set(points.map((p) => p.branching))];
  const curves = branchings.flatMap((b) =>
    theoryCurves(
      b,
      points.filter((p) => p.branching === b).map((p) => p.depth).filter((
        d,
        i,
        all,
      ) => all.indexOf(d) === i),
    ).map((c) => ({ ...c, panel: `b = ${b}` }))
  );
  const svg = renderSvg({
    title:
      "Leaves visited against depth, by move order (T000.6, T001.3b, T001.4)",
    subtitle:
      "dots: measured (median of seeds); lines: b^d, b^(3d/4), minimal tree b^⌈d/2⌉ + b^⌊d/2⌋ − 1",
    width: 760,
    height: 640,
    marginLeft: 60,
    x: { label: "depth d" },
    y: { type: "log", label: "leaves", grid: true },
    fx: { label: null },
    facet: { data: points, x: "panel" },
    color: {
      legend: true,
      domain: [...SEARCHES, ...CURVES],
      range: [
        "#222222",
        "#1f77b4",
        "#2ca02c",
        "#d62728",
        "#999999",
        "#9ecae1",
        "#a1d99b",
      ],
    },
    marks: [
      Plot.line(curves, {
        x: "depth",
        y: "leaves",
        stroke: "curve",
        fx: "panel",
        strokeDasharray: "5 3",
      }),
      Plot.dot(points, {
        x: "depth",
        y: "leaves",
        fill: "search",
        fx: "panel",
        r: 2.5,
      }),
    ],
  });
  return { name: "growth", title: "Leaves against depth, by move order", svg };
}

/**
 * The walkthrough of T001.1 and T001.2, drawn from the trace.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson001, walkthroughChart001 } from "./mod.ts";
 * const chart = walkthroughChart001(lesson001({ maxLeaves: 16, seeds: 1 }));
 * assert.ok(chart.svg.includes('data-late-cut="true"'));
 * ```
 */
export function walkthroughChart001(data: Lesson001): Chart {
  return {
    name: "walkthrough",
    title:
      "Alpha-beta on the tree (3,12,8), (2,4,6), (14,5,2) (T001.1, T001.2)",
    svg: treeDiagramSvg(data.walk, {
      title: "Alpha-beta on the lecture's tree (T001.1, T001.2)",
      subtitle:
        `value ${data.walk.value}; ${data.walk.visitedLeaves.length} of ${data.walk.allLeaves.length} leaves: C is cut after its first leaf, D only at its last`,
    }),
  };
}

/**
 * The tables: chess arithmetic and b = 35 measured, fitted branching factors,
 * deepening sums.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson001, lesson001Tables } from "./mod.ts";
 * assert.ok(lesson001Tables(lesson001({ maxLeaves: 64, seeds: 1 })).length === 3);
 * ```
 */
export function lesson001Tables(data: Lesson001): Table[] {
  const chess = markdownTable(
    ["", "formula", "course", "ours"],
    [
      ...data.chess.map((line) => [
        line.what,
        line.formula,
        line.course,
        line.ours,
      ]),
      ...SEARCHES.map((search) => [
        `measured, b = ${data.chess35.branching}, d = ${data.chess35.depth}: ${search}`,
        chess35Reference(data.chess35, search),
        "",
        formatCount(data.chess35.leaves[search]),
      ]),
    ],
  );
  const fits = markdownTable(
    [
      "b",
      "minimax",
      "as-is (random)",
      "best-first",
      "worst-first",
      "theory: b (minimax)",
      "theory: b^(3/4) (random)",
      "theory: √b (best-first)",
      "deepest d",
    ],
    [...new Set(data.fits.map((f) => f.branching))].map((b) => {
      const of = (search: string) => {
        const fit = data.fits.find((f) =>
          f.branching === b && f.search === search
        )!;
        return `${fit.fitted.toFixed(3)} (${fit.rootAtDeepest.toFixed(3)})`;
      };
      return [
        b,
        of("minimax"),
        of("as-is"),
        of("best-first"),
        of("worst-first"),
        b,
        (b ** 0.75).toFixed(3),
        Math.sqrt(b).toFixed(3),
        data.fits.find((f) => f.branching === b)!.deepest,
      ];
    }),
  );
  const deepening = markdownTable(
    [
      "b",
      "d",
      "search",
      "nodes at depths 1…d−1",
      "nodes at d",
      "overhead",
      "1/(b−1)",
    ],
    data.deepening.map((o) => [
      o.branching,
      o.depth,
      o.search,
      formatCount(o.shallowNodes),
      formatCount(o.lastNodes),
      `${(100 * o.overhead).toFixed(1)}%`,
      `${(100 * o.predicted).toFixed(1)}%`,
    ]),
  );
  return [
    {
      title: "T001.3a, T001.3b: the chess arithmetic, and b = 35 measured",
      markdown: chess,
    },
    {
      title:
        "Effective branching factors: fitted slope of ln(leaves) per ply (leaves^(1/d) at the deepest depth)",
      markdown: fits,
    },
    {
      title:
        "T001.5a, T001.5b: searching depths 1…d−1 before d (sums of full searches)",
      markdown: deepening,
    },
  ];
}

/**
 * Lesson 001's report: rows, three tables, two charts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson001, lesson001Report } from "./mod.ts";
 * const report = lesson001Report(lesson001({ maxLeaves: 64, seeds: 1 }));
 * assert.ok(report.lesson === "001" && report.charts.length === 2);
 * ```
 */
export function lesson001Report(data: Lesson001 = lesson001()): LessonReport {
  return {
    lesson: "001",
    title: "Pruning",
    rows: data.rows,
    tables: lesson001Tables(data),
    charts: [walkthroughChart001(data), growthChart(data)],
  };
}

/** Lesson 001 for the figures job. */
export const LESSON_001: LessonEntry = {
  lesson: "001",
  title: "Pruning",
  report: () => lesson001Report(),
};
