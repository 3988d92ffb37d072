/**
 * Lesson 000's tables and charts, from {@linkcode lesson000}'s data.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import { distribution, formatDistribution } from "../distribution.ts";
import { type Lesson000, lesson000, measure } from "./measure.ts";
import { SEARCHES } from "./ordering_experiment.ts";
import type { Chart, LessonEntry, LessonReport, Table } from "../report.ts";
import { formatCount } from "../rows.ts";
import { treeDiagramSvg } from "./tree_diagram.ts";
import { skippedLeaves } from "./walkthrough.ts";

/**
 * Leaves visited on each seed, per search and tree, as box plots on a log
 * scale, with the course's figure as a red tick (T000.2–T000.4).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson000, orderingChart } from "./mod.ts";
 * assert.ok(orderingChart(lesson000(5)).svg.startsWith("<svg"));
 * ```
 */
export function orderingChart(data: Lesson000): Chart {
  const points = data.tables.flatMap(({ course, samples }) =>
    SEARCHES.flatMap((search) =>
      measure(samples, search, "leaves").map((leaves) => ({
        tree: `b=${course.branching}, d=${course.depth}`,
        search,
        leaves,
      }))
    )
  );
  const course = data.tables.flatMap(({ course }) =>
    SEARCHES.map((search) => ({
      tree: `b=${course.branching}, d=${course.depth}`,
      search,
      leaves: course.costs[search].leaves,
    }))
  );
  const svg = renderSvg({
    title: "Leaves visited, by move order: our seeds against the course's tree",
    subtitle: `box: our ${
      data.tables[0]?.samples.length
    } seeds (whiskers 1.5 IQR); red tick: the course's figure`,
    width: 720,
    height: 420,
    marginLeft: 90,
    marginRight: 70,
    x: {
      type: "log",
      label: "leaves visited",
      grid: true,
      domain: [40, 5000],
    },
    y: { label: null, domain: [...SEARCHES] },
    fy: { label: null },
    marks: [
      Plot.boxX(points, { x: "leaves", y: "search", fy: "tree" }),
      Plot.tickX(course, {
        x: "leaves",
        y: "search",
        fy: "tree",
        stroke: "red",
        strokeWidth: 2.5,
      }),
    ],
  });
  return { name: "ordering", title: "Leaves visited, by move order", svg };
}

/**
 * Worst-first alpha-beta's steps over minimax's, per seed, with the course's ratio (T000.5).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson000, stepsChart } from "./mod.ts";
 * assert.ok(stepsChart(lesson000(5)).name === "steps_ratio");
 * ```
 */
export function stepsChart(data: Lesson000): Chart {
  const points = data.tables.flatMap(({ course, samples }) =>
    samples.map((s) => ({
      tree: `b=${course.branching}, d=${course.depth}`,
      ratio: s.costs["worst-first"].steps / s.costs["minimax"].steps,
    }))
  );
  const course = data.tables.map(({ course }) => ({
    tree: `b=${course.branching}, d=${course.depth}`,
    ratio: course.costs["worst-first"].steps / course.costs["minimax"].steps,
  }));
  const svg = renderSvg({
    title:
      "Worst-first alpha-beta costs more steps than minimax (T000.5a, T000.5b)",
    subtitle:
      "steps ratio per seed; right of the black line alpha-beta costs more; red: the course's ratio",
    width: 720,
    height: 380,
    marginLeft: 90,
    marginRight: 90,
    x: { label: "worst-first alpha-beta steps / minimax steps", grid: true },
    fy: { label: null },
    facet: { data: points, y: "tree" },
    y: { label: "seeds" },
    marks: [
      Plot.rectY(points, {
        ...Plot.binX({ y: "count" }, { x: "ratio", thresholds: 40 }),
        fill: "#7a9cc6",
      }),
      Plot.ruleX([1], { stroke: "black", strokeWidth: 1.5 }),
      Plot.ruleX(course, {
        x: "ratio",
        fy: "tree",
        stroke: "red",
        strokeWidth: 2,
      }),
      Plot.ruleY([0]),
    ],
  });
  return { name: "steps_ratio", title: "Worst-first steps over minimax", svg };
}

/**
 * The walkthrough of T000.1 and the exercise of T000.8, drawn from the trace.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson000, walkthroughCharts } from "./mod.ts";
 * const [walk] = walkthroughCharts(lesson000(5));
 * assert.ok(walk!.svg.match(/data-state="pruned"/g)?.length === 2);
 * ```
 */
export function walkthroughCharts(data: Lesson000): Chart[] {
  return [
    {
      name: "walkthrough",
      title: "Alpha-beta on the tree (3,5), (2,9), (1,8) (T000.1)",
      svg: treeDiagramSvg(data.walk, {
        title: "Alpha-beta on the lesson's tree (T000.1)",
        subtitle:
          `value ${data.walk.value}; ${data.walk.visitedLeaves.length} of ${data.walk.allLeaves.length} leaves seen — leaves ${
            skippedLeaves(data.walk.root).map((n) => n.leaf).join(" and ")
          } are never visited`,
      }),
    },
    {
      name: "exercise",
      title: "The exercise: a min node finds 2 under alpha 5 (T000.8)",
      svg: treeDiagramSvg(data.exercise, {
        title: "The exercise (T000.8): cut, and return 2 as a bound",
        subtitle:
          "the min node stops after its first reply: ≤ 2 is all it knows (its true value is 1)",
      }),
    },
  ];
}

/**
 * The per-tree table: for each search, the course's nodes / leaves / steps
 * beside ours (the median over the seeds, with the 5–95% range where the
 * figure varies).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson000, orderingTables } from "./mod.ts";
 * assert.ok(orderingTables(lesson000(5)).length === 3);
 * ```
 */
export function orderingTables(data: Lesson000): Table[] {
  return data.tables.map(({ course, samples }) => {
    const cell = (values: number[]) => {
      const spread = distribution(values);
      return spread.low === spread.high
        ? formatCount(spread.median)
        : formatDistribution(spread);
    };
    const minimaxSteps = measure(samples, "minimax", "steps");
    return {
      title:
        `${course.id}: b = ${course.branching}, d = ${course.depth} (course value ${course.value}), ${samples.length} seeds`,
      markdown: markdownTable(
        [
          "search",
          "course nodes",
          "our nodes",
          "course leaves",
          "our leaves",
          "course steps",
          "our steps",
          "course steps / minimax",
          "our steps / minimax",
        ],
        SEARCHES.map((search) => {
          const steps = measure(samples, search, "steps");
          return [
            search === "minimax" ? "minimax" : `alpha-beta, ${search}`,
            formatCount(course.costs[search].nodes),
            cell(measure(samples, search, "nodes")),
            formatCount(course.costs[search].leaves),
            cell(measure(samples, search, "leaves")),
            formatCount(course.costs[search].steps),
            cell(steps),
            (course.costs[search].steps / course.costs.minimax.steps)
              .toFixed(3),
            formatDistribution(
              distribution(steps.map((s, i) => s / minimaxSteps[i]!)),
              3,
            ),
          ];
        }),
      ),
    };
  });
}

/**
 * Lesson 000's report: rows, the three ordering tables, four charts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson000, lesson000Report } from "./mod.ts";
 * assert.ok(lesson000Report(lesson000(5)).charts.length === 4);
 * ```
 */
export function lesson000Report(data: Lesson000 = lesson000()): LessonReport {
  return {
    lesson: "000",
    title: "Alpha-beta",
    rows: data.rows,
    tables: orderingTables(data),
    charts: [
      ...walkthroughCharts(data),
      orderingChart(data),
      stepsChart(data),
    ],
  };
}

/** Lesson 000 for the figures job. */
export const LESSON_000: LessonEntry = {
  lesson: "000",
  title: "Alpha-beta",
  report: () => lesson000Report(),
};
