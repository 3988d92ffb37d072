/**
 * The chess lesson of the figures job and notebook 08: catalogue rows
 * T001.3, T001.5, T003.5, T003.10a, T003.11 recomputed on real chess, with
 * tables and charts, from {@linkcode measureChess}'s results.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import {
  type Chart,
  type LessonEntry,
  type LessonReport,
  rowsTable,
  type Table,
} from "../report.ts";
import {
  claimRow,
  type CourseRow,
  exactRow,
  formatCount,
  PREVIOUS_MOVE_MAX_RATIO,
} from "../rows.ts";
import { boardSvg } from "./board_svg.ts";
import { ebf } from "./branching.ts";
import { DEEPENING_VARIANTS, ORDERING_STEPS } from "./deepening.ts";
import {
  type ChessResults,
  type ChessRunSettings,
  FULL_RUN,
  measureChess,
  SMALL_RUN,
} from "./measure.ts";
import { HORIZON_MODES } from "./wac.ts";
import type { RefereeVerdict } from "./stockfish.ts";

const sci = (x: number) => x.toPrecision(3).replace("e+", "e");
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const f2 = (x: number) => x.toFixed(2);

/** T001.3d's band: "chess has b ≈ 35" holds for a mean b within this many percent of the course's b. */
export const BRANCHING_BAND_PERCENT = 10;

/** T001.3d's rule, as its row tests it. */
export interface BranchingRule {
  /** The course's b (35). */
  b: number;
  /** The band's half-width, in percent of `b`. */
  percent: number;
  /** The least mean that supports the claim. */
  low: number;
  /** The largest mean that supports the claim. */
  high: number;
}

/**
 * T001.3d's rule, read from the row's own checks and the course's b of
 * the results, so that a sentence judging a mean against "b ≈ 35" uses
 * the band the row is marked by.
 *
 * @param r the chess results
 * @returns the course's b and the band of means that support it
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { branchingRule, readFullResults } from "./mod.ts";
 * assert.deepEqual(branchingRule(readFullResults()!), { b: 35, percent: 10, low: 31.5, high: 38.5 });
 * ```
 */
export function branchingRule(r: ChessResults): BranchingRule {
  const checks = chessRows(r).find((row) => row.id === "T001.3d")!.checks!;
  const low = checks.find((check) => check.op === "≥")!.bound;
  const high = checks.find((check) => check.op === "≤")!.bound;
  const b = r.leaves.course.b;
  return { b, percent: (100 * (high - b)) / b, low, high };
}

/**
 * Whether `mean` lies in T001.3d's band around the course's b
 * ({@linkcode branchingRule}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readFullResults, withinBranchingRule } from "./mod.ts";
 * const r = readFullResults()!;
 * assert.deepEqual([31.4, 31.5, 38.5, 38.6].map((b) => withinBranchingRule(r, b)), [false, true, true, false]);
 * ```
 */
export function withinBranchingRule(r: ChessResults, mean: number): boolean {
  const { low, high } = branchingRule(r);
  return mean >= low && mean <= high;
}

/** Where the run's numbers come from, for titles. */
export function runLabel(r: ChessResults): string {
  const s = r.settings;
  return `${s.run} run: ${r.gamesRead} games, ${r.sample.length} middlegame positions to depth ${s.depth}, ${s.wacPositions} WAC positions to depth ${s.wacDepth}`;
}

/** T003.10 totals per variant over the sample. */
export function variantTotals(r: ChessResults): number[] {
  return DEEPENING_VARIANTS.map((_, i) =>
    r.counts.reduce((s, c) => s + c.variants[i]!, 0)
  );
}

/** Lesson 002 ordering totals per step over the sample. */
export function orderingTotals(r: ChessResults): number[] {
  return ORDERING_STEPS.map((_, i) =>
    r.counts.reduce((s, c) => s + c.ordering[i]!, 0)
  );
}

/**
 * The catalogue rows, each stating the exact statement tested and the test.
 *
 * @example
 * ```ts ignore
 * const rows = chessRows(measureChess());
 * ```
 */
export function chessRows(r: ChessResults): CourseRow[] {
  const all = r.branching[0]!;
  const middle = r.branching.find((b) => b.set === "middlegame")!;
  const m = r.leaves.measured;
  // T001.3d's band around the course's b: 31.5…38.5 for 10 % of 35.
  const courseB = r.leaves.course.b;
  const half = courseB * BRANCHING_BAND_PERCENT / 100;
  const [low, high] = [courseB - half, courseB + half];
  const rows: CourseRow[] = [];
  rows.push(
    exactRow(
      "T001.3c",
      "chess b≈35, depth 8: leaves with no pruning / random order / perfect order (b^8, b^6, b^4)",
      ["2.25e12", "1.84e9", "1.50e6"],
      [
        sci(r.leaves.course.minimax),
        sci(r.leaves.course.randomOrder),
        sci(r.leaves.course.perfectOrder),
      ],
      `with the measured mean b = ${f2(m.b)}: ${sci(m.minimax)} / ${
        sci(m.randomOrder)
      } / ${sci(m.perfectOrder)}`,
    ),
  );
  rows.push(claimRow({
    id: "T001.3d",
    what: "b measured on real games (games.pgn)",
    course: "b ≈ 35",
    ours: `mean ${f2(all.mean)}, median ${all.median} (middlegame mean ${
      f2(middle.mean)
    }) over ${formatCount(all.positions)} positions`,
    test:
      `statement "chess has b ≈ ${courseB}"; test: the mean number of legal moves over every position of games.pgn lies within ${BRANCHING_BAND_PERCENT} % of ${courseB} (${low}…${high})`,
    checks: [
      { what: "mean b", value: all.mean, op: "≥", bound: low },
      { what: "mean b", value: all.mean, op: "≤", bound: high },
    ],
    note: `middlegame mean ${f2(middle.mean)} ${
      middle.mean >= low && middle.mean <= high ? "is" : "is not"
    } within ${BRANCHING_BAND_PERCENT} % of ${courseB}; effective branching factor of alpha-beta at depth ${r.settings.depth} on ${r.sample.length} middlegame positions: ${
      f2(ebf(r.effective.natural))
    } natural order, ${f2(ebf(r.effective.ordered))} ordered (√b = ${
      f2(Math.sqrt(r.sampleMeanB))
    })`,
  }));
  const deepest = r.overhead.at(-1)!;
  const course = 1 / (r.sampleMeanB - 1);
  rows.push(claimRow({
    id: "T001.5c",
    what: `iterative deepening at b ≈ ${
      r.sampleMeanB.toFixed(1)
    } (real middlegames)`,
    course: "1/(b−1) ≈ 3 %",
    ours: `${pct(deepest.plain)} (1/(b−1) = ${pct(course)})`,
    test:
      `statement "it costs about 1/(b−1) more"; test: nodes of iterations 1…d−1 over nodes of iteration d (no hints, alpha-beta, d = ${deepest.depth}) is at most 2/(b−1)`,
    checks: [{
      what: "overhead",
      value: deepest.plain,
      op: "≤",
      bound: 2 * course,
    }],
    note:
      `with ordering from the previous iteration (table, killers, history, PV) the whole deepening costs ${
        pct(deepest.ordered)
      } more than one ordered search to depth ${deepest.depth}; alpha-beta's effective b is far below 35, so the course's 1/(b−1) does not apply`,
  }));
  const cured = r.horizon.filter((e) => e.cured);
  const first = cured[0];
  rows.push(claimRow({
    id: "T003.5b",
    what: "quiescence search at the horizon: a horizon error and its fix",
    kind: "exact",
    test:
      'statement "show a horizon error and its fix"; test: at least one WAC position where the search without quiescence chooses a move the reference search shows losing a pawn or more past the horizon and quiescence chooses a move at least a pawn better',
    checks: [{ what: "cured errors", value: cured.length, op: "≥", bound: 1 }],
    course: "—",
    ours: first
      ? `${first.id}: depth ${first.horizon} plays ${first.move} (${
        first.line.join(" ")
      }), quiescence plays ${first.quietMove}`
      : "none found",
  }));
  const totals = variantTotals(r);
  const moveSaves = 1 - totals[4]! / totals[3]!;
  rows.push(claimRow({
    id: "T003.10a",
    what: "previous iteration's best move first on real chess",
    test:
      `statement "indispensable in chess engines"; test (T003.10's one rule, shared with T003.10b): over ${r.sample.length} middlegame positions, iterative deepening to depth ${r.settings.depth} (captures-first order) with the previous best move first needs at most ${PREVIOUS_MOVE_MAX_RATIO} × the nodes of deepening without it`,
    checks: [{
      what: "nodes with it over nodes without",
      value: totals[4]! / totals[3]!,
      op: "≤",
      bound: PREVIOUS_MOVE_MAX_RATIO,
    }],
    course: "indispensable (nothing on random trees)",
    ours: `saves ${pct(moveSaves)}; the table move at every node saves ${
      pct(1 - totals[6]! / totals[3]!)
    }`,
    note: `natural order: previous best move saves ${
      pct(1 - totals[1]! / totals[0]!)
    }`,
  }));
  rows.push(claimRow({
    id: "T003.11",
    what: "quiescence cures the horizon effect on real positions",
    test:
      `statement "quiescence over captures and checks cures the horizon effect"; test: among horizon errors found automatically on ${r.settings.wacPositions} WAC positions (horizons ${
        r.settings.horizons.join(", ")
      }), at least one is found and quiescence over captures at the same depth cures at least half`,
    checks: [
      { what: "errors found", value: r.horizon.length, op: "≥", bound: 1 },
      {
        what: "cured − half of found",
        value: 2 * cured.length - r.horizon.length,
        op: "≥",
        bound: 0,
      },
    ],
    course: "—",
    ours: `${r.horizon.length} errors, ${cured.length} cured (${
      pct(cured.length / Math.max(1, r.horizon.length))
    })`,
  }));
  return rows;
}

/** Cured horizon errors listed in the tables. */
const SHOWN_EXAMPLES = 15;

/** The tables of the lesson. */
export function chessTables(r: ChessResults): Table[] {
  const tables: Table[] = [];
  tables.push({
    title: `T001.3d legal moves per position (${runLabel(r)})`,
    markdown: markdownTable(
      ["positions", "set", "mean", "median", "geometric mean", "min", "max"],
      r.branching.map((b) => [
        b.positions,
        b.set,
        f2(b.mean),
        b.median,
        f2(b.geometricMean),
        b.min,
        b.max,
      ]),
    ),
  });
  tables.push({
    title: "T001.3c depth-8 leaves: the course's b = 35 and the measured b",
    markdown: markdownTable(
      ["b", "no pruning b^8", "random order b^6", "perfect order b^4"],
      [r.leaves.course, r.leaves.measured].map((l) => [
        f2(l.b),
        sci(l.minimax),
        sci(l.randomOrder),
        sci(l.perfectOrder),
      ]),
    ),
  });
  tables.push({
    title:
      `T001.3 alpha-beta nodes per depth on ${r.sample.length} middlegame positions (mean b ${
        f2(r.sampleMeanB)
      })`,
    markdown: markdownTable(
      [
        "depth",
        "natural order",
        "ratio",
        "ordered (captures, killers, history)",
        "ratio",
      ],
      r.effective.depths.map((d, i) => [
        d,
        r.effective.natural[i]!,
        i === 0
          ? ""
          : f2(r.effective.natural[i]! / r.effective.natural[i - 1]!),
        r.effective.ordered[i]!,
        i === 0
          ? ""
          : f2(r.effective.ordered[i]! / r.effective.ordered[i - 1]!),
      ]),
    ),
  });
  tables.push({
    title:
      "T001.5c iterative deepening overhead per depth (sums over the sample)",
    markdown: markdownTable(
      [
        "depth d",
        "iterations 1…d−1 / iteration d (no hints)",
        "ordered deepening / one ordered search − 1",
        "course 1/(b−1)",
      ],
      r.overhead.map((
        o,
      ) => [o.depth, pct(o.plain), pct(o.ordered), pct(o.course)]),
    ),
  });
  const totals = variantTotals(r);
  tables.push({
    title:
      `T003.10a iterative deepening to depth ${r.settings.depth}: total nodes over the sample`,
    markdown: markdownTable(
      ["variant", "nodes", "vs its base"],
      DEEPENING_VARIANTS.map((v, i) => [
        v.name,
        totals[i]!,
        i === 0 || i === 3 ? "" : f2(totals[i]! / totals[i < 3 ? 0 : 3]!),
      ]),
    ),
  });
  const ordering = orderingTotals(r);
  const disagree =
    r.counts.filter((c) =>
      c.orderingValues.some((v) => v !== c.orderingValues[0])
    ).length;
  tables.push({
    title:
      `Lesson 002 ordering on chess: nodes to depth ${r.settings.depth} over the sample (positions whose values differ between searchers: ${disagree})`,
    markdown: markdownTable(
      ["step", "nodes", "vs natural"],
      ORDERING_STEPS.map((name, i) => [
        name,
        ordering[i]!,
        f2(ordering[i]! / ordering[0]!),
      ]),
    ),
  });
  const depths = [...new Set(r.solve.map((s) => s.depth))];
  tables.push({
    title:
      `T003.5b WAC: positions solved (best move chosen) and mean nodes per position, ${r.settings.wacPositions} positions`,
    markdown: markdownTable(
      [
        "depth",
        ...HORIZON_MODES.flatMap((m) => [`solved, ${m}`, `nodes, ${m}`]),
      ],
      depths.map((d) => [
        d,
        ...HORIZON_MODES.flatMap((m) => {
          const row = r.solve.find((s) => s.mode === m && s.depth === d)!;
          return [
            `${row.solved} (${pct(row.solved / row.positions)})`,
            Math.round(row.nodes / row.positions),
          ];
        }),
      ]),
    ),
  });
  const cured = r.horizon.filter((e) => e.cured);
  tables.push({
    title:
      `T003.11 horizon errors found on ${r.settings.wacPositions} WAC positions (reference: quiescence to horizon + 2)`,
    markdown: markdownTable(
      ["horizon", "errors", "cured by quiescence"],
      r.settings.horizons.map((h) => {
        const e = r.horizon.filter((x) => x.horizon === h);
        return [h, e.length, e.filter((x) => x.cured).length];
      }),
    ),
  });
  tables.push({
    title: `T003.11 the first ${
      Math.min(SHOWN_EXAMPLES, cured.length)
    } cured errors (all ${r.horizon.length} errors are in results_full.json)`,
    markdown: markdownTable(
      [
        "position",
        "horizon",
        "move without quiescence",
        "its shallow value",
        "reference value",
        "quiescence's move",
        "its reference value",
        "line hiding the loss",
      ],
      cured.slice(0, SHOWN_EXAMPLES).map((e) => [
        e.id,
        e.horizon,
        e.move,
        e.shallowValue,
        e.referenceValue,
        e.quietMove,
        e.quietReferenceValue,
        e.line.join(" "),
      ]),
    ),
  });
  return tables;
}

/** Histogram of legal moves by phase, with the course's 35 and our mean. */
export function branchingChart(r: ChessResults): Chart {
  const mean = r.branching[0]!.mean;
  const svg = renderSvg({
    title: `Legal moves per position (${r.positionsCounted} positions)`,
    width: 760,
    height: 360,
    x: { label: "legal moves", grid: true },
    y: { label: "positions", grid: true },
    color: { legend: true, domain: ["opening", "middlegame", "endgame"] },
    marks: [
      Plot.rectY(r.histogram, {
        x1: (d: { moves: number }) => d.moves - 0.5,
        x2: (d: { moves: number }) => d.moves + 0.5,
        y: "positions",
        fill: "phase",
      }),
      Plot.ruleX([35], { stroke: "red", strokeWidth: 2 }),
      Plot.text([35], {
        x: (d: number) => d,
        frameAnchor: "top",
        text: () => "course: 35",
        fill: "red",
        dx: 30,
        dy: 8,
      }),
      Plot.ruleX([mean], { stroke: "black", strokeDasharray: "4 3" }),
      Plot.text([mean], {
        x: (d: number) => d,
        frameAnchor: "top",
        text: () => `mean ${mean.toFixed(1)}`,
        dx: -34,
        dy: 8,
      }),
      Plot.ruleY([0]),
    ],
  });
  return { name: "legal_moves", title: "Legal moves per position", svg };
}

/** Nodes per depth, natural against ordered, log scale, with b^d and b^(d/2). */
export function effectiveChart(r: ChessResults): Chart {
  const e = r.effective;
  const n = r.sample.length;
  const b = r.sampleMeanB;
  const points = e.depths.flatMap((d, i) => [
    { depth: d, nodes: e.natural[i]! / n, curve: "alpha-beta, natural order" },
    { depth: d, nodes: e.ordered[i]! / n, curve: "alpha-beta, ordered" },
    { depth: d, nodes: b ** d, curve: "b^d (minimax leaves)" },
    { depth: d, nodes: b ** (d / 2), curve: "b^(d/2) (perfect order)" },
  ]);
  const svg = renderSvg({
    title: "Mean nodes per position to each depth (real middlegames)",
    width: 760,
    height: 380,
    x: { label: "depth", ticks: e.depths, tickFormat: "d" },
    y: { type: "log", label: "nodes", grid: true },
    color: { legend: true },
    marks: [
      Plot.line(points, {
        x: "depth",
        y: "nodes",
        stroke: "curve",
        z: "curve",
      }),
      Plot.dot(points, { x: "depth", y: "nodes", fill: "curve" }),
    ],
  });
  return { name: "effective_branching", title: "Nodes per depth", svg };
}

/** T001.5: overhead per depth against the course's 1/(b−1). */
export function overheadChart(r: ChessResults): Chart {
  const points = r.overhead.flatMap((o) => [
    { depth: o.depth, overhead: 100 * o.plain, curve: "no hints" },
    {
      depth: o.depth,
      overhead: 100 * o.ordered,
      curve: "ordered by previous iteration",
    },
    { depth: o.depth, overhead: 100 * o.course, curve: "course 1/(b−1)" },
  ]);
  const svg = renderSvg({
    title: "Iterative deepening: extra nodes over one search to depth d (%)",
    width: 760,
    height: 360,
    x: {
      label: "depth d",
      ticks: r.overhead.map((o) => o.depth),
      tickFormat: "d",
    },
    y: { label: "overhead (%)", grid: true },
    color: { legend: true },
    marks: [
      Plot.ruleY([0]),
      Plot.line(points, {
        x: "depth",
        y: "overhead",
        stroke: "curve",
        z: "curve",
      }),
      Plot.dot(points, { x: "depth", y: "overhead", fill: "curve" }),
    ],
  });
  return {
    name: "deepening_overhead",
    title: "Iterative deepening overhead",
    svg,
  };
}

/** Horizontal bars of node totals on a log axis (bars start at a floor below the smallest). */
function nodeBars(
  name: string,
  title: string,
  data: { name: string; nodes: number }[],
): Chart {
  const floor = 10 **
    Math.floor(Math.log10(Math.min(...data.map((d) => d.nodes)) / 2));
  const svg = renderSvg({
    title,
    width: 760,
    height: 60 + 28 * data.length,
    marginLeft: 300,
    marginRight: 80,
    x: { type: "log", label: "nodes", grid: true },
    y: { label: null, domain: data.map((d) => d.name) },
    marks: [
      Plot.barX(data, { x1: floor, x2: "nodes", y: "name", fill: "steelblue" }),
      Plot.text(data, {
        x: "nodes",
        y: "name",
        text: (d: { nodes: number }) => formatCount(d.nodes),
        dx: 4,
        textAnchor: "start",
      }),
    ],
  });
  return { name, title, svg };
}

/** T003.10a: total nodes of iterative deepening per variant, log scale. */
export function deepeningChart(r: ChessResults): Chart {
  const totals = variantTotals(r);
  return nodeBars(
    "previous_best_move",
    `T003.10a: iterative deepening to depth ${r.settings.depth}, nodes over ${r.sample.length} middlegame positions`,
    DEEPENING_VARIANTS.map((v, i) => ({ name: v.name, nodes: totals[i]! })),
  );
}

/** Lesson 002 ordering: total nodes per step, log scale. */
export function orderingChart(r: ChessResults): Chart {
  const totals = orderingTotals(r);
  return nodeBars(
    "ordering",
    `Lesson 002 ordering: nodes to depth ${r.settings.depth} over ${r.sample.length} middlegame positions`,
    ORDERING_STEPS.map((name, i) => ({ name, nodes: totals[i]! })),
  );
}

/** T003.5: share solved per depth and mode. */
export function solveChart(r: ChessResults): Chart {
  const points = r.solve.map((s) => ({
    depth: s.depth,
    solved: 100 * s.solved / s.positions,
    nodes: s.nodes / s.positions,
    mode: s.mode,
  }));
  const svg = renderSvg({
    title:
      `WAC positions solved per depth (${r.settings.wacPositions} positions)`,
    width: 760,
    height: 360,
    x: {
      label: "depth",
      ticks: [...new Set(points.map((p) => p.depth))],
      tickFormat: "d",
    },
    y: { label: "solved (%)", grid: true, domain: [0, 100] },
    color: { legend: true, domain: [...HORIZON_MODES] },
    marks: [
      Plot.line(points, { x: "depth", y: "solved", stroke: "mode", z: "mode" }),
      Plot.dot(points, { x: "depth", y: "solved", fill: "mode" }),
    ],
  });
  return { name: "wac_solved", title: "WAC solved", svg };
}

/** Boards of the first `count` cured horizon errors. */
export function horizonBoards(r: ChessResults, count = 3): Chart[] {
  return r.horizon.filter((e) => e.cured).slice(0, count).map((e) => ({
    name: `horizon_${e.id.replace(/\W/g, "_")}_${e.horizon}`,
    title: `${e.id}, horizon ${e.horizon}`,
    svg: boardSvg(e.fen, {
      move: e.moveUci,
      line: e.lineUci,
      caption: `${e.id}, depth ${e.horizon}: ${
        e.line.join(" ")
      }\nquiescence plays ${e.quietMove}`,
    }),
  }));
}

/** The lesson's report from a run's results. */
export function chessReport(r: ChessResults): LessonReport {
  return {
    lesson: "chess",
    title: `Chess: the course's claims on real chess (${runLabel(r)})`,
    rows: chessRows(r),
    tables: chessTables(r),
    charts: [
      branchingChart(r),
      effectiveChart(r),
      overheadChart(r),
      deepeningChart(r),
      orderingChart(r),
      solveChart(r),
      ...horizonBoards(r),
    ],
  };
}

/** Which run the figures job makes: the small default unless `--full` set it. */
export const CHESS_RUN: { settings: ChessRunSettings } = {
  settings: SMALL_RUN,
};

/** Makes the figures job run the full chess measurements. */
export function useFullChessRun(): void {
  CHESS_RUN.settings = FULL_RUN;
}

/** Where a full run leaves its numbers for notebook 08. */
export const FULL_RESULTS_URL: URL = new URL(
  "../../../figures/chess/results_full.json",
  import.meta.url,
);

/** The committed full run's results, or null when absent. */
export function readFullResults(): ChessResults | null {
  try {
    return JSON.parse(Deno.readTextFileSync(FULL_RESULTS_URL));
  } catch {
    return null;
  }
}

/**
 * Saves a full run's numbers (`results_full.json`, for notebook 08) and its
 * rows and tables (`README.md`) in `figures/chess/`: the figures job's
 * `figures/README.md` shows them only when every lesson is recomputed.
 */
export function saveFullRun(results: ChessResults): void {
  Deno.mkdirSync(new URL(".", FULL_RESULTS_URL), { recursive: true });
  Deno.writeTextFileSync(
    FULL_RESULTS_URL,
    JSON.stringify(results, null, 1) + "\n",
  );
  const report = chessReport(results);
  const readme = [
    "# Chess: the course's claims on real chess (full run)",
    "",
    "Written by `deno task figures --full chess` (see `src/course/chess/`); do not edit by hand.",
    "`deno task figures` without `--full` runs the small default and draws the charts here",
    "from this full run's `results_full.json`. Stockfish's verdicts on the horizon errors:",
    "`deno task chess-referee` (`referee_full.json`, shown in notebook 08).",
    `Numbers of the ${
      runLabel(results)
    }; counts only, except nodes per second.`,
    "",
    rowsTable(report.rows),
    "",
    ...report.tables.flatMap((t) => [`## ${t.title}`, "", t.markdown, ""]),
    ...report.charts.map((c) => `![${c.title}](${c.name}.svg)\n`),
    `Plain alpha-beta (natural order, with the evaluation) ran ${
      Math.round(results.timing.nodesPerSecond).toLocaleString("en-US")
    } nodes per second on the machine of this run (machine-dependent).`,
    "",
  ].join("\n");
  Deno.writeTextFileSync(new URL("README.md", FULL_RESULTS_URL), readme);
}

/** The chess lesson of the figures job: the small default is measured, the committed full run shown; `--full` measures and commits a full run. */
export const CHESS_LESSON: LessonEntry = {
  lesson: "chess",
  title: "Chess",
  report(progress) {
    const results = measureChess(CHESS_RUN.settings, progress);
    if (results.settings.run === "full") {
      saveFullRun(results);
      return chessReport(results);
    }
    // The committed figures come from the full run: a default run checks
    // that the measurements still run, then shows the committed results, so
    // it rewrites nothing.
    const committed = readFullResults();
    if (committed === null) return chessReport(results);
    progress?.(
      `chess: small default measured; figures show the committed full run`,
    );
    return chessReport(committed);
  },
};

/** Where `deno task chess-referee` leaves Stockfish's verdicts on the full run's horizon errors. */
export const REFEREE_URL: URL = new URL("referee_full.json", FULL_RESULTS_URL);

/** Stockfish's committed verdicts (one per horizon error of the full run), or null when absent. */
export function readFullReferee(): {
  depth: number;
  verdicts: RefereeVerdict[];
} | null {
  try {
    return JSON.parse(Deno.readTextFileSync(REFEREE_URL));
  } catch {
    return null;
  }
}
