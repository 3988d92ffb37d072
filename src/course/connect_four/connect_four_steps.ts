/**
 * The Connect Four solver built up one idea at a time, as in Pascal Pons'
 * tutorial, each step measured on the same positions: plain negamax,
 * alpha-beta, centre-first order (the project's generic searchers on the
 * {@linkcode ConnectFour} position), then the bitboard solver, the
 * transposition table, null-window narrowing of the score window, pruning
 * of moves that lose at once, and threat ordering ({@linkcode ConnectFourSolver}
 * with more and more feature bits). Tables and charts for the figures job
 * and notebook 07.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  benchmarkConnectFour,
  ConnectFour,
  ConnectFourSolver,
  type PositionLine,
  readPositionLines,
  SOLVER_ALL,
  SOLVER_NON_LOSING,
  SOLVER_NULL_WINDOW,
  SOLVER_TABLE,
} from "../../games/mod.ts";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import { describe } from "../../validate.ts";
import { alphaBeta, negamax, type SearchResult } from "../../search/mod.ts";
import type { Chart, LessonEntry, LessonReport, Table } from "../report.ts";
import { claimRow, type CourseRow, formatCount } from "../rows.ts";

/** One step of the build-up, measured over a set. */
export interface StepRow {
  /** 1, 2, … */
  step: number;
  /** What the step adds. */
  name: string;
  /** Positions solved. */
  positions: number;
  /** Mean nodes per position. */
  meanNodes: number;
  /** Mean time per position, microseconds. */
  meanMicroseconds: number;
  /** Positions whose score differs from the benchmark's (must be 0). */
  wrong: number;
}

/** Centre-first scores of the columns 0–6 for the generic searchers' `order` option. */
const CENTRE_FIRST = [0, 1, 2, 3, 2, 1, 0];

/** The generic steps: the project's searchers on the `Position`. */
const GENERIC_STEPS: [string, (p: ConnectFour) => SearchResult][] = [
  ["plain negamax", (p) => negamax(p)],
  ["alpha-beta, full window", (p) => alphaBeta(p)],
  [
    "alpha-beta, centre-first order",
    (p) => alphaBeta(p, { order: (_, move) => CENTRE_FIRST[move]! }),
  ],
];

/** The solver steps: feature bits added one at a time. */
const SOLVER_STEPS: [string, number][] = [
  ["bitboard solver (alpha-beta, centre first, score bounds)", 0],
  ["+ transposition table (bounds)", SOLVER_TABLE],
  [
    "+ null-window narrowing of the score window",
    SOLVER_TABLE | SOLVER_NULL_WINDOW,
  ],
  [
    "+ pruning of moves that lose at once",
    SOLVER_TABLE | SOLVER_NULL_WINDOW | SOLVER_NON_LOSING,
  ],
  ["+ threat ordering (the full solver)", SOLVER_ALL],
];

/** Names of every step, in order. */
export const STEP_NAMES: readonly string[] = [
  ...GENERIC_STEPS.map(([name]) => name),
  ...SOLVER_STEPS.map(([name]) => name),
];

/** Reads one of the benchmark files of `data/connect4/`. */
export function readBenchmarkSet(
  name: "end_easy" | "middle_easy",
): PositionLine[] {
  return readPositionLines(
    Deno.readTextFileSync(
      new URL(`../../../data/connect4/${name}.txt`, import.meta.url),
    ),
  );
}

/**
 * The small set every step can finish: End-Easy positions with at least
 * `stones` stones (plain negamax on the 29-stone ones takes seconds each).
 */
export function easySubset(stones = 30): PositionLine[] {
  return readBenchmarkSet("end_easy").filter(({ moves }) =>
    moves.length >= stones
  );
}

/**
 * Measures steps `from`…`to` (1-based, see {@linkcode STEP_NAMES}) on the
 * same positions: mean nodes and mean time, checking every score. The
 * positions are solved once untimed first, so that the JIT has compiled the
 * searcher before it is timed.
 *
 * @param lines the positions with their expected scores
 * @param options `from`, `to`: the steps to run (default all); `entries`: table size of the solver steps
 * @returns one row per step
 */
export function measureSteps(
  lines: readonly PositionLine[],
  options?: {
    from?: number;
    to?: number;
    entries?: number;
    progress?: (message: string) => void;
  },
): StepRow[] {
  const from = options?.from ?? 1;
  const to = options?.to ?? STEP_NAMES.length;
  const rows: StepRow[] = [];
  const positions = lines.map(({ moves }) => ConnectFour.parse(moves));
  for (let step = from; step <= to; step++) {
    const name = STEP_NAMES[step - 1]!;
    if (step <= GENERIC_STEPS.length) {
      const search = GENERIC_STEPS[step - 1]![1];
      for (const position of positions.slice(0, 50)) search(position);
      let nodes = 0, time = 0, wrong = 0;
      positions.forEach((position, i) => {
        const start = performance.now();
        const result = search(position);
        time += performance.now() - start;
        nodes += result.stats.nodes;
        if (result.value !== lines[i]!.expected) wrong++;
      });
      rows.push({
        step,
        name,
        positions: positions.length,
        meanNodes: nodes / positions.length,
        meanMicroseconds: 1000 * time / positions.length,
        wrong,
      });
    } else {
      const features = SOLVER_STEPS[step - 1 - GENERIC_STEPS.length]![1];
      const solver = new ConnectFourSolver({
        entries: options?.entries ?? 1_000_003,
        features,
      });
      benchmarkConnectFour(lines.slice(0, 50), solver);
      const summary = benchmarkConnectFour(lines, solver);
      rows.push({
        step,
        name,
        positions: summary.positions,
        meanNodes: summary.meanNodes,
        meanMicroseconds: summary.meanMicroseconds,
        wrong: summary.wrong.length,
      });
    }
    const row = rows.at(-1)!;
    options?.progress?.(
      `step ${step} (${name}): ${row.meanNodes.toFixed(1)} nodes, ${
        row.meanMicroseconds.toFixed(1)
      } µs per position`,
    );
  }
  return rows;
}

/** The final solver on a whole benchmark set, beside the reference C++ figures. */
export interface SetRow {
  /** "End-Easy" or "Middle-Easy". */
  set: string;
  /** Positions. */
  positions: number;
  /** Our mean nodes per position. */
  meanNodes: number;
  /** Our mean time per position, µs. */
  meanMicroseconds: number;
  /** Our nodes per second. */
  nodesPerSecond: number;
  /** The reference solver's mean nodes. */
  referenceNodes: number;
  /** The reference solver's mean time, µs. */
  referenceMicroseconds: number;
  /** Positions scored wrongly (must be 0). */
  wrong: number;
  /** The table the solver measured had: see {@linkcode solverTableSizes}. */
  table: SolverTableSizes;
}

/** The sizes of a {@linkcode ConnectFourSolver}'s table. */
export interface SolverTableSizes {
  /** Bytes an entry takes. */
  entryBytes: number;
  /** MiB a solve starts on (after each clear). */
  startMiB: number;
  /** MiB the table grows to at most, with the work. */
  maxMiB: number;
}

/**
 * The sizes of `solver`'s table, read off the table itself, so that a text
 * describing the table follows the solver's defaults when they change.
 *
 * @param solver a solver, its table as a solve starts it
 * @returns the entry's bytes, the MiB a solve starts on, the most MiB
 *
 * @example The default table: 8-byte entries, from 1 MiB up to 512 MiB
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFourSolver } from "../../../mod.ts";
 * import { solverTableSizes } from "./connect_four_steps.ts";
 * assert.deepEqual(solverTableSizes(new ConnectFourSolver({ threads: 1 })), {
 *   entryBytes: 8,
 *   startMiB: 1,
 *   maxMiB: 512,
 * });
 * ```
 */
export function solverTableSizes(solver: ConnectFourSolver): SolverTableSizes {
  if (!(solver instanceof ConnectFourSolver)) {
    throw new Error(
      `solverTableSizes: solver must be a ConnectFourSolver, got ${
        describe(solver)
      }`,
    );
  }
  const { table } = solver;
  const entryBytes = table.words.byteLength / table.size;
  const mib = (entries: number) => entries * entryBytes / 2 ** 20;
  return {
    entryBytes,
    startMiB: mib(2 ** table.bits),
    maxMiB: mib(table.size),
  };
}

/**
 * Reference figures of the tutorial's final C++ solver (its table of
 * 8,388,617 entries cleared for each position), as part 12 of the tutorial
 * publishes them (data/README.md, "The reference C++ solver's published
 * figures"): mean nodes (End-Easy's 51.28 to one decimal, as the rows print
 * ours) and mean µs, measured on its author's machine.
 */
export const REFERENCE = {
  end_easy: { set: "End-Easy", nodes: 51.3, micros: 4.568 },
  middle_easy: { set: "Middle-Easy", nodes: 449.6, micros: 37.45 },
} as const;

/**
 * The full solver (its default table, cleared per position: each row says
 * its sizes) on both public sets, a warm-up pass first, beside the
 * reference.
 */
export function measureSets(): SetRow[] {
  // One thread: these solves take microseconds, no helper ever joins them,
  // and a second thread's start-up and wake-ups only add noise to the times.
  const solver = new ConnectFourSolver({ threads: 1 });
  // Read before a solve grows it: the size each solve starts on.
  const table = solverTableSizes(solver);
  return (["end_easy", "middle_easy"] as const).map((name) => {
    const lines = readBenchmarkSet(name);
    benchmarkConnectFour(lines, solver);
    const s = benchmarkConnectFour(lines, solver);
    return {
      set: REFERENCE[name].set,
      positions: s.positions,
      meanNodes: s.meanNodes,
      meanMicroseconds: s.meanMicroseconds,
      nodesPerSecond: s.nodesPerSecond,
      referenceNodes: REFERENCE[name].nodes,
      referenceMicroseconds: REFERENCE[name].micros,
      wrong: s.wrong.length,
      table,
    };
  });
}

/** A solved opening position. */
export interface OpeningRow {
  /** The moves. */
  moves: string;
  /** The first player's last move, as a column 1–7. */
  column: number;
  /** Weak value for the side to move (the second player): 1 win, 0 draw, −1 loss. */
  value: number;
  /** The same, for the first player, who just moved. */
  forFirst: string;
  /** Nodes of the weak solve. */
  nodes: number;
  /** Time of the weak solve, seconds. */
  seconds: number;
}

/**
 * Weak values of the first player's seven candidate moves after the centre
 * column has been filled by both players ("444444"), column 4 being full:
 * the six moves left. Solving the empty board itself (the first player wins
 * by the centre, Allis 1988) needs far more nodes than a notebook can
 * afford. Takes minutes (the edge columns cost the most): `progress`
 * hears of each column as it is solved.
 */
export function openingValues(
  prefix = "444444",
  options?: { progress?: (message: string) => void },
): OpeningRow[] {
  const solver = new ConnectFourSolver();
  const base = ConnectFour.parse(prefix);
  const rows: OpeningRow[] = [];
  for (let col = 0; col < 7; col++) {
    if (!base.canPlay(col)) continue;
    const moves = prefix + String(col + 1);
    const start = performance.now();
    const { score, nodes } = solver.solve(ConnectFour.parse(moves), {
      weak: true,
    });
    rows.push({
      moves,
      column: col + 1,
      value: score,
      forFirst: score < 0 ? "wins" : score > 0 ? "loses" : "draws",
      nodes,
      seconds: (performance.now() - start) / 1000,
    });
    const row = rows.at(-1)!;
    options?.progress?.(
      `${moves}: the first player ${row.forFirst} (${row.nodes} nodes, ${
        row.seconds.toFixed(1)
      } s)`,
    );
  }
  return rows;
}

/** What {@linkcode connectFourSteps} computes. */
export interface ConnectFourSteps {
  /** Every step on the small End-Easy subset. */
  small: StepRow[];
  /** The solver steps (4–8) on all of End-Easy. */
  endEasy: StepRow[];
  /** The table steps (5–8) on all of Middle-Easy. */
  middleEasy: StepRow[];
  /** The full solver beside the reference. */
  sets: SetRow[];
  /** Opening values (weak). */
  openings: OpeningRow[];
  /** Rows for the figures summary: node counts against the reference, as claims. */
  rows: CourseRow[];
}

/**
 * Every measurement of the Connect Four notebook.
 *
 * @param options `openings: false` skips the opening values (about half a
 *   minute); `progress` hears of each step as it finishes
 * @returns the step tables, the set figures, the openings and the claim rows
 */
export function connectFourSteps(
  options?: { openings?: boolean; progress?: (message: string) => void },
): ConnectFourSteps {
  const progress = options?.progress;
  const subset = easySubset();
  progress?.(
    `steps 1–8 on the ${subset.length} End-Easy positions with 30 or more stones`,
  );
  const small = measureSteps(subset, { progress });
  progress?.("steps 4–8 on all of End-Easy");
  const endEasy = measureSteps(readBenchmarkSet("end_easy"), {
    from: 4,
    progress,
  });
  progress?.("steps 5–8 on all of Middle-Easy");
  const middleEasy = measureSteps(readBenchmarkSet("middle_easy"), {
    from: 5,
    progress,
  });
  progress?.("the full solver beside the reference");
  const sets = measureSets();
  if (options?.openings !== false) progress?.("openings after 444444");
  const openings = options?.openings === false
    ? []
    : openingValues("444444", { progress });
  // Speed depends on the machine and its load, so only node counts are
  // judged (C4.1, C4.3); times go to connectFourTimings (ids C4.2, C4.4).
  const rows: CourseRow[] = sets.map((s, i) =>
    claimRow({
      id: `C4.${2 * i + 1}`,
      what: `${s.set}: mean nodes of the full solver`,
      course: formatCount(s.referenceNodes),
      ours: s.meanNodes.toFixed(1),
      test:
        `the full solver scores all ${s.positions} positions right and its mean nodes per position are at most the reference C++ solver's`,
      checks: [
        { what: "positions wrong", value: s.wrong, op: "=", bound: 0 },
        {
          what: "mean nodes",
          value: s.meanNodes,
          op: "≤",
          bound: s.referenceNodes,
        },
      ],
      note:
        "reference: the tutorial's C++ solver, its part 12 (data/README.md)",
    })
  );
  return { small, endEasy, middleEasy, sets, openings, rows };
}

/**
 * What the later steps do on a benchmark set, in one sentence written from
 * the rows: the factor each step divides the nodes by, whether every step
 * pays, and whether the mean time moves with the nodes at every step (the
 * times are this machine's, so the sentence prints them beside the verdict).
 *
 * @param set the set's name, for the sentence
 * @param rows consecutive steps of {@linkcode measureSteps} on it
 * @returns the sentence
 * @throws {Error} when `rows` holds fewer than two steps
 *
 * @example Time that rises where the nodes fall is said to
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepsSummary } from "./connect_four_steps.ts";
 * const row = (step: number, meanNodes: number, meanMicroseconds: number) =>
 *   ({ step, name: `step ${step}`, positions: 10, meanNodes, meanMicroseconds, wrong: 0 });
 * assert.match(stepsSummary("Middle-Easy", [row(5, 800, 80), row(6, 100, 10)]), /every step pays: step 6 \(step 6\) divides the nodes by 8\.0, .* the mean time moves with the nodes at every step \(80\.0 → 10\.0 µs\)/);
 * assert.match(stepsSummary("Middle-Easy", [row(5, 800, 80), row(6, 100, 90)]), /the mean time does not move with the nodes at every step/);
 * ```
 */
export function stepsSummary(set: string, rows: readonly StepRow[]): string {
  if (!Array.isArray(rows) || rows.length < 2) {
    throw new Error(
      `stepsSummary: rows must hold at least two steps, got ${describe(rows)}`,
    );
  }
  const steps = [...rows].sort((a, b) => a.step - b.step);
  const pairs = steps.slice(1).map((row, i) => [steps[i]!, row] as const);
  const pays = pairs.every(([before, after]) =>
    after.meanNodes < before.meanNodes
  );
  const timeFollows = pairs.every(([before, after]) =>
    Math.sign(after.meanMicroseconds - before.meanMicroseconds) ===
      Math.sign(after.meanNodes - before.meanNodes)
  );
  const factor = (x: number) => x.toFixed(x < 10 ? 1 : 0);
  const what = (row: StepRow) =>
    row.name.replace(/^\+ /, "").replace(/ \(.*\)$/, "");
  const divides = pairs.map(([before, after]) =>
    `step ${after.step} (${what(after)}) divides the nodes by ${
      factor(before.meanNodes / after.meanNodes)
    }`
  );
  const last = steps.at(-1)!;
  return `On ${set} ${pays ? "every step pays" : "not every step pays"}: ${
    divides.join(", ")
  }, for ${Math.round(last.meanNodes)} nodes a position; the mean time ${
    timeFollows ? "moves" : "does not move"
  } with the nodes at every step (${
    steps.map((r) => r.meanMicroseconds.toFixed(1)).join(" → ")
  } µs).`;
}

/**
 * The step rows as a markdown table.
 *
 * @param options `times: false` leaves out the mean time, which depends on
 *   the machine (the committed figures show node counts only)
 */
export function solverStepsTable(
  rows: readonly StepRow[],
  options?: { times?: boolean },
): string {
  const times = options?.times ?? true;
  return markdownTable(
    [
      "step",
      "what it adds",
      "positions",
      "mean nodes",
      ...(times ? ["mean time (µs)"] : []),
      "wrong",
    ],
    rows.map((r) => [
      r.step,
      r.name,
      r.positions,
      formatCount(Math.round(r.meanNodes * 10) / 10),
      ...(times ? [formatCount(Math.round(r.meanMicroseconds * 10) / 10)] : []),
      r.wrong,
    ]),
  );
}

/**
 * Mean nodes and mean time per step, log scale, one line per position set.
 *
 * @param options `times: false` draws the mean nodes only (the committed
 *   figures must not depend on the machine)
 */
export function solverStepsChart(
  sets: readonly { set: string; rows: readonly StepRow[] }[],
  options?: { times?: boolean },
): Chart {
  const times = options?.times ?? true;
  const points = sets.flatMap(({ set, rows }) =>
    rows.flatMap((r) => [
      { set, step: r.step, measure: "mean nodes", value: r.meanNodes },
      ...(times
        ? [{
          set,
          step: r.step,
          measure: "mean time (µs)",
          value: r.meanMicroseconds,
        }]
        : []),
    ])
  );
  const svg = renderSvg({
    title: "Connect Four solver, one idea at a time",
    subtitle:
      "1 negamax · 2 alpha-beta · 3 centre first · 4 bitboard · 5 table · 6 null window · 7 non-losing moves · 8 threat order",
    width: 720,
    height: 420,
    fx: { label: null },
    x: { label: "step", ticks: 8, tickFormat: "d" },
    y: { type: "log", label: "per position (log scale)", grid: true },
    color: { type: "ordinal", legend: true },
    marks: [
      Plot.line(points, {
        x: "step",
        y: "value",
        stroke: "set",
        fx: "measure",
      }),
      Plot.dot(points, { x: "step", y: "value", fill: "set", fx: "measure" }),
    ],
  });
  return { name: "connect_four_steps", title: "Solver steps", svg };
}

/** The three sets of step rows, for tables and the chart. */
function stepSets(data: ConnectFourSteps): { set: string; rows: StepRow[] }[] {
  return [
    { set: "End-Easy, 30+ stones", rows: data.small },
    { set: "End-Easy", rows: data.endEasy },
    { set: "Middle-Easy", rows: data.middleEasy },
  ];
}

/**
 * The report of the Connect Four notebook for the figures job: node counts,
 * scores and weak values only, so that it is the same on every machine; the
 * times are in {@linkcode LessonReport.timings}.
 */
export function connectFourReport(
  data: ConnectFourSteps = connectFourSteps(),
): LessonReport {
  const noTimes = { times: false };
  return {
    lesson: "connect4",
    title: "Connect Four",
    rows: data.rows,
    tables: [
      {
        title: `Every step on the ${
          data.small[0]?.positions
        } End-Easy positions with 30 or more stones`,
        markdown: solverStepsTable(data.small, noTimes),
      },
      {
        title: "Steps 4–8 on all 1,000 End-Easy positions",
        markdown: solverStepsTable(data.endEasy, noTimes),
      },
      {
        title: "Steps 5–8 on all 1,000 Middle-Easy positions",
        markdown: solverStepsTable(data.middleEasy, noTimes),
      },
      {
        title: "The full solver beside the reference C++ solver",
        markdown: markdownTable(
          ["set", "positions", "mean nodes", "reference nodes", "wrong"],
          data.sets.map((s) => [
            s.set,
            s.positions,
            s.meanNodes.toFixed(1),
            s.referenceNodes,
            s.wrong,
          ]),
        ),
      },
      ...(data.openings.length > 0
        ? [{
          title:
            "Openings: the first player's move after the centre column is filled (444444), weak values",
          markdown: markdownTable(
            ["moves", "first player's column", "first player", "nodes"],
            data.openings.map((o) => [
              o.moves,
              o.column,
              o.forFirst,
              formatCount(o.nodes),
            ]),
          ),
        }]
        : []),
    ],
    charts: [solverStepsChart(stepSets(data), noTimes)],
    timings: connectFourTimings(data),
  };
}

/**
 * The machine-dependent part of the build-up: mean times per step, the
 * speed beside the reference C++ solver (the target "within 2× of the
 * reference", rows C4.2 and C4.4, shown but not judged) and the openings'
 * seconds.
 */
export function connectFourTimings(data: ConnectFourSteps): Table[] {
  return [
    ...stepSets(data).map(({ set, rows }) => ({
      title: `Mean time per step: ${set}`,
      markdown: solverStepsTable(rows),
    })),
    {
      title:
        "C4.2, C4.4: the full solver's mean time beside the reference C++ solver (target: within 2×)",
      markdown: markdownTable(
        [
          "row",
          "set",
          "mean µs",
          "reference µs",
          "ratio",
          "within 2×",
          "M nodes/s",
        ],
        data.sets.map((s, i) => [
          `C4.${2 * i + 2}`,
          s.set,
          s.meanMicroseconds.toFixed(1),
          s.referenceMicroseconds,
          (s.meanMicroseconds / s.referenceMicroseconds).toFixed(2),
          s.meanMicroseconds <= 2 * s.referenceMicroseconds ? "yes" : "no",
          (s.nodesPerSecond / 1e6).toFixed(2),
        ]),
      ),
    },
    ...(data.openings.length > 0
      ? [{
        title: "Openings after 444444: seconds of each weak solve",
        markdown: markdownTable(
          ["moves", "nodes", "seconds"],
          data.openings.map((o) => [
            o.moves,
            formatCount(o.nodes),
            o.seconds.toFixed(2),
          ]),
        ),
      }]
      : []),
  ];
}

/** The Connect Four build-up for the figures job. */
export const CONNECT_FOUR: LessonEntry = {
  lesson: "connect4",
  title: "Connect Four",
  report: (progress) => connectFourReport(connectFourSteps({ progress })),
};
