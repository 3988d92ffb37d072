/**
 * Lesson 004's tables and charts, from {@linkcode lesson004}'s data.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import { type Lesson004, lesson004 } from "./measure.ts";
import type { Chart, LessonEntry, LessonReport } from "../report.ts";
import { formatCount } from "../rows.ts";

/** Nodes per ply of the full tic-tac-toe tree, minimax against alpha-beta, log scale. */
export function plyNodesChart(data: Lesson004): Chart {
  const points = data.plyNodes.flatMap(({ ply, minimax, alphaBeta }) => [
    { ply, nodes: minimax, search: "minimax" },
    { ply, nodes: alphaBeta, search: "alpha-beta" },
  ]);
  const total = (search: "minimax" | "alphaBeta") =>
    formatCount(data.plyNodes.reduce((sum, ply) => sum + ply[search], 0));
  const svg = renderSvg({
    title: "Full tic-tac-toe tree: nodes at each ply",
    subtitle: `minimax ${total("minimax")} nodes, alpha-beta (cell order) ${
      total("alphaBeta")
    }`,
    width: 640,
    height: 360,
    marginLeft: 60,
    x: { label: "ply (stones on the board)", ticks: 10 },
    y: { type: "log", label: "nodes", grid: true },
    color: { legend: true, domain: ["minimax", "alpha-beta"] },
    marks: [
      Plot.line(points, { x: "ply", y: "nodes", stroke: "search" }),
      Plot.dot(points, { x: "ply", y: "nodes", fill: "search" }),
    ],
  });
  return {
    name: "nodes_per_ply",
    title: "Nodes per ply of the full tic-tac-toe tree",
    svg,
  };
}

/** Minimax and alpha-beta nodes on each of the lesson's positions, log scale. */
export function positionsChart(data: Lesson004): Chart {
  const bars = data.positions.flatMap((
    { name, minimaxNodes, alphaBetaNodes },
  ) => [
    { position: name, search: "minimax", nodes: minimaxNodes },
    { position: name, search: "alpha-beta", nodes: alphaBetaNodes },
  ]);
  const svg = renderSvg({
    title: "Nodes searched on the lesson's positions",
    width: 640,
    height: 300,
    marginLeft: 250,
    x: { type: "log", label: "nodes", grid: true },
    y: { label: null, domain: data.positions.map(({ name }) => name) },
    color: { legend: true, domain: ["minimax", "alpha-beta"] },
    marks: [
      Plot.dot(bars, { x: "nodes", y: "position", fill: "search", r: 5 }),
      // Labels above for minimax, below for alpha-beta: close counts (37, 31) stay readable.
      ...(["minimax", "alpha-beta"] as const).map((search) =>
        Plot.text(bars.filter((bar) => bar.search === search), {
          x: "nodes",
          y: "position",
          text: (bar) => bar.nodes.toLocaleString("en-US"),
          dy: search === "minimax" ? -11 : 11,
        })
      ),
    ],
  });
  return {
    name: "positions",
    title: "Minimax and alpha-beta nodes per position",
    svg,
  };
}

/** Lesson 004's report: rows, the positions table, the per-ply table and two charts. */
export function lesson004Report(data: Lesson004 = lesson004()): LessonReport {
  const positions = markdownTable(
    [
      "position",
      "board",
      "value (X)",
      "minimax nodes",
      "alpha-beta nodes",
      "minimax steps",
      "alpha-beta steps",
    ],
    data.positions.map((p) => [
      p.name,
      p.cells,
      p.value,
      p.minimaxNodes,
      p.alphaBetaNodes,
      p.minimaxSteps,
      p.alphaBetaSteps,
    ]),
  );
  const plies = markdownTable(
    ["ply", "minimax nodes", "alpha-beta nodes"],
    data.plyNodes.map((
      { ply, minimax, alphaBeta },
    ) => [ply, minimax, alphaBeta]),
  );
  return {
    lesson: "004",
    title: "Minimax",
    rows: data.rows,
    tables: [
      { title: "Tic-tac-toe positions of the lesson", markdown: positions },
      { title: "Nodes per ply of the full tree", markdown: plies },
    ],
    charts: [plyNodesChart(data), positionsChart(data)],
  };
}

/** Lesson 004 for the figures job. */
export const LESSON_004: LessonEntry = {
  lesson: "004",
  title: "Minimax",
  report: () => lesson004Report(),
};
