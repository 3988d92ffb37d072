/**
 * Lesson 003 (summary of the chapter), recomputed: iterative deepening's
 * cost (T003.1), truncated values that agree and lie (T003.2), the previous
 * best move first (T003.3), the table's bound types (T003.4), quiescence
 * against the horizon (T003.5) and the traps (T003.7).
 *
 * @module
 */

import { TicTacToe } from "../../games/mod.ts";
import {
  alphaBeta,
  iterativeDeepening,
  minimax,
  negamax,
  quiescence,
  TranspositionTable,
} from "../../search/mod.ts";
import { UniformTree } from "../../trees/mod.ts";
import { HORIZON_MOVE_NAMES, horizonTree } from "./_horizon_demo.ts";
import {
  mistakeBoundCachedAsExact,
  mistakeForgottenUndo,
  mistakeMaxOnBothLevels,
  mistakeTerminalAfterLoop,
  mistakeUnswappedWindow,
} from "../_traps.ts";
import { type Check, claimRow, type CourseRow, formatCount } from "../rows.ts";
import { quantile } from "../distribution.ts";

/** T003.1 for one branching factor. */
export interface DeepeningCost {
  branching: number;
  depth: number;
  seeds: number;
  /** b/(b−1): the course's formula. */
  theory: number;
  /** Mean over seeds of (all iterations' nodes) / (one alpha-beta search's nodes). */
  alphaBeta: number;
  /** Smallest and largest ratio over the seeds. */
  min: number;
  max: number;
  /** 5% and 95% quantiles of the ratio over the seeds (nearest rank). */
  low: number;
  high: number;
  /** The same ratio for minimax (no pruning): the formula's own setting. */
  minimax: number;
  /** Alpha-beta's effective branching factor: nodes(d)^(1/d), mean over seeds. */
  effectiveBranching: number;
  /** b'/(b'−1) with that effective branching factor. */
  effectiveTheory: number;
}

/** The course's measured ratios of T003.1. */
export const COURSE_DEEPENING: Record<number, number> = { 2: 2.6, 4: 1.5 };

/** Tree depths used for T003.1: about 4,000–8,000 leaves each. */
const DEEPENING_DEPTHS: Record<number, number> = { 2: 12, 3: 8, 4: 6, 8: 4 };

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * T003.1: iterative deepening 1…d against one search at depth d, on as-is
 * trees, alpha-beta in natural order, no hint between iterations (the pure
 * overhead of repeating the shallow searches).
 *
 * @param seeds trees per branching factor
 * @returns one row per b = 2, 3, 4, 8
 */
export function deepeningCost(seeds = 50): DeepeningCost[] {
  return [2, 3, 4, 8].map((branching) => {
    const depth = DEEPENING_DEPTHS[branching]!;
    const ratios: number[] = [];
    const effective: number[] = [];
    let minimaxRatio = 0;
    for (let seed = 0; seed < seeds; seed++) {
      const tree = new UniformTree({ branching, depth, seed });
      const deepening = iterativeDeepening(tree, {
        depth,
        previous: "none",
        order: "natural",
      });
      const single = alphaBeta(tree, { depth });
      ratios.push(deepening.stats.nodes / single.stats.nodes);
      effective.push(single.stats.nodes ** (1 / depth));
      if (seed === 0) {
        let total = 0;
        for (let d = 1; d <= depth; d++) {
          total += minimax(tree, { depth: d }).stats.nodes;
        }
        minimaxRatio = total / minimax(tree, { depth }).stats.nodes;
      }
    }
    const b = mean(effective);
    return {
      branching,
      depth,
      seeds,
      theory: branching / (branching - 1),
      alphaBeta: mean(ratios),
      min: Math.min(...ratios),
      max: Math.max(...ratios),
      low: quantile(ratios, 0.05),
      high: quantile(ratios, 0.95),
      minimax: minimaxRatio,
      effectiveBranching: b,
      effectiveTheory: b / (b - 1),
    };
  });
}

/** T003.2: one tree's truncated values by depth. */
export interface TruncatedValues {
  seed: number;
  /** Value at depth 1, 2, …, d (from MAX's view, MAX moves at the root). */
  byDepth: number[];
  truth: number;
}

/** T003.2 over many trees. */
export interface TruncationStudy {
  branching: number;
  depth: number;
  trees: number;
  /** Trees where some three consecutive depths agree on a wrong value, with the first few shown. */
  examples: TruncatedValues[];
  treesWithWrongTriple: number;
  /** Pairs of consecutive depths (k, k+1 < d) that agree, and how many of those are wrong. */
  agreeingPairs: number;
  wrongPairs: number;
  /** Triples of consecutive depths that agree, and how many of those are wrong. */
  agreeingTriples: number;
  wrongTriples: number;
}

/**
 * T003.2: values of depth-limited search at every depth on random-evaluation
 * trees (b = 2, d = 10: the course's tree of value 36 has this shape).
 *
 * @param trees number of seeds
 */
export function truncationStudy(trees = 400): TruncationStudy {
  const branching = 2;
  const depth = 10;
  const study: TruncationStudy = {
    branching,
    depth,
    trees,
    examples: [],
    treesWithWrongTriple: 0,
    agreeingPairs: 0,
    wrongPairs: 0,
    agreeingTriples: 0,
    wrongTriples: 0,
  };
  for (let seed = 0; seed < trees; seed++) {
    const tree = new UniformTree({ branching, depth, seed });
    const byDepth: number[] = [];
    for (let d = 1; d <= depth; d++) {
      byDepth.push(alphaBeta(tree, { depth: d }).value);
    }
    const truth = byDepth[depth - 1]!;
    let wrongTriple = false;
    for (let k = 0; k + 1 < depth - 1; k++) {
      if (byDepth[k] === byDepth[k + 1]) {
        study.agreeingPairs++;
        if (byDepth[k] !== truth) study.wrongPairs++;
      }
      if (
        k + 2 < depth - 1 && byDepth[k] === byDepth[k + 1] &&
        byDepth[k] === byDepth[k + 2]
      ) {
        study.agreeingTriples++;
        if (byDepth[k] !== truth) {
          study.wrongTriples++;
          wrongTriple = true;
        }
      }
    }
    if (wrongTriple) {
      study.treesWithWrongTriple++;
      if (study.examples.length < 5) {
        study.examples.push({ seed, byDepth, truth });
      }
    }
  }
  return study;
}

/** T003.3: nodes of iterative deepening with and without a hint from the previous iteration. */
export interface HintCost {
  what: string;
  none: number;
  move: number;
  pv: number;
}

/**
 * T003.3: iterative deepening without a hint, with the previous best move
 * first, with the previous PV first: on random-evaluation trees (median over
 * seeds, b = 3, d = 6: the course's 552 vs 544 is of this size) and on
 * tic-tac-toe from the empty board, without and with a table.
 *
 * @param seeds trees
 */
export function hintCosts(seeds = 100): HintCost[] {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[sorted.length >> 1]!;
  };
  const trees = {
    none: [] as number[],
    move: [] as number[],
    pv: [] as number[],
  };
  for (let seed = 0; seed < seeds; seed++) {
    const tree = new UniformTree({ branching: 3, depth: 6, seed });
    for (const previous of ["none", "move", "pv"] as const) {
      trees[previous].push(
        iterativeDeepening(tree, { previous, order: "natural" }).stats.nodes,
      );
    }
  }
  const ticTacToe = (withTable: boolean) => {
    const nodes = (previous: "none" | "move" | "pv") =>
      iterativeDeepening(TicTacToe.empty(), {
        previous,
        ...(withTable
          ? {
            tt: new TranspositionTable({ entries: 1 << 16 }),
            order: "tt" as const,
          }
          : { order: "natural" as const }),
      }).stats.nodes;
    return { none: nodes("none"), move: nodes("move"), pv: nodes("pv") };
  };
  return [
    {
      what: `random-evaluation trees b=3 d=6, median of ${seeds}`,
      none: median(trees.none),
      move: median(trees.move),
      pv: median(trees.pv),
    },
    { what: "tic-tac-toe, empty board", ...ticTacToe(false) },
    { what: "tic-tac-toe, empty board, with a table", ...ticTacToe(true) },
  ];
}

/** T003.4: the broken cache and the right table on the same searches. */
export interface CacheDemo {
  /** Tic-tac-toe position where one search with the broken cache is wrong. */
  cells: string;
  truth: number;
  broken: number;
  table: number;
  /** The tree: leaves, true value, the failing first window, and both re-search results. */
  leaves: number[];
  treeTruth: number;
  window: [number, number];
  treeBroken: number;
  treeTable: number;
}

/** T003.4 on the concrete positions found by the lesson's search for one. */
export function cacheDemo(): CacheDemo {
  const cells = "X...O...X";
  const position = TicTacToe.parse(cells);
  const truth = minimax(position).value;
  const broken = mistakeBoundCachedAsExact(position, new Map());
  const table = alphaBeta(position, {
    tt: new TranspositionTable({ entries: 1 << 12 }),
  }).value;
  // A tree searched twice, as aspiration does: first a window that fails
  // high, then the full window, with the cache (or table) kept between.
  const tree = new UniformTree({ branching: 2, depth: 3, seed: 2 });
  const treeTruth = minimax(tree).value;
  const window: [number, number] = [treeTruth - 4, treeTruth - 3];
  const cache = new Map<number, number>();
  mistakeBoundCachedAsExact(tree, cache, window[0], window[1]);
  cache.delete(tree.key());
  const treeBroken = mistakeBoundCachedAsExact(tree, cache);
  const tt = new TranspositionTable({ entries: 64 });
  alphaBeta(tree, { tt, alpha: window[0], beta: window[1] });
  const treeTable = alphaBeta(tree, { tt }).value;
  return {
    cells,
    truth,
    broken,
    table,
    leaves: Array.from(tree.leafValues()),
    treeTruth,
    window,
    treeBroken,
    treeTable,
  };
}

/** T003.5: the horizon tree by depth-limited search and by quiescence. */
export interface HorizonDemo {
  /** Depth-1 alpha-beta: value and chosen move. */
  truncated: { value: number; move: number };
  /** Depth-1 with quiescence. */
  quiescent: { value: number; move: number };
  /** Searched to the end. */
  truth: { value: number; move: number };
  moveNames: string[];
}

/** T003.5 on {@linkcode horizonTree}. */
export function horizonDemo(): HorizonDemo {
  const tree = horizonTree();
  const pick = (r: { value: number; move: number }) => ({
    value: r.value,
    move: r.move,
  });
  return {
    truncated: pick(alphaBeta(tree, { depth: 1 })),
    quiescent: pick(quiescence(tree, { depth: 1 })),
    truth: pick(negamax(tree)),
    moveNames: [...HORIZON_MOVE_NAMES],
  };
}

/** T003.7: one trap, wrong and right. */
export interface TrapRow {
  trap: string;
  where: string;
  wrong: string;
  right: string;
  /**
   * What the course says the trap causes, as checks on the numbers: a value
   * different from the right search's (`|wrong − right| > 0`), and for the
   * terminal test after the loop also more nodes than the right search.
   */
  checks: Check[];
}

/** `|wrong − right| > 0`: the trap's value is not the right one (NaN fails). */
function differs(trap: string, wrong: number, right: number): Check {
  return {
    what: `${trap}: |wrong − right|`,
    value: Math.abs(wrong - right),
    op: ">",
    bound: 0,
  };
}

/** A value with the nodes that found it: `"value 1 (44 nodes)"`. */
function answer(value: number, nodes: number): string {
  return `value ${value} (${formatCount(nodes)} nodes)`;
}

/**
 * T003.7: each trap run next to the correct code. The two traps of the move
 * loop (the forgotten undo, the terminal test after the loop) play their
 * moves without `play`'s legality test, as the library's searchers do
 * (see `_traps.ts`): tic-tac-toe's `play` would otherwise stop them with an
 * error, and the course's point is the wrong answer they give.
 */
export function traps(): TrapRow[] {
  const empty = TicTacToe.empty();
  const tree = new UniformTree({ branching: 3, depth: 4, seed: 2 });
  const cache = cacheDemo();
  const both = mistakeMaxOnBothLevels(empty);
  const bothRight = minimax(empty).value;
  const right = negamax(empty);
  const forgot = mistakeForgottenUndo(empty);
  const late = mistakeTerminalAfterLoop(empty);
  const window = mistakeUnswappedWindow(tree);
  const windowRight = alphaBeta(tree).value;
  return [
    {
      trap: "max on both levels",
      where: "tic-tac-toe, empty board (X's view)",
      wrong: String(both),
      right: String(bothRight),
      checks: [differs("max on both levels", both, bothRight)],
    },
    {
      trap: "forgot the undo",
      where: "tic-tac-toe, empty board",
      wrong: answer(forgot.value, forgot.nodes),
      right: answer(right.value, right.stats.nodes),
      checks: [differs("forgot the undo", forgot.value, right.value)],
    },
    {
      trap: "terminal test after the move loop",
      where: "tic-tac-toe, empty board",
      wrong: answer(late.value, late.nodes),
      right: answer(right.value, right.stats.nodes),
      checks: [
        differs("terminal test after the loop", late.value, right.value),
        {
          what: "terminal test after the loop: nodes",
          value: late.nodes,
          op: ">",
          bound: right.stats.nodes,
        },
      ],
    },
    {
      trap: "unswapped negamax window",
      where: "uniform tree b=3 d=4 seed 2",
      wrong: String(window),
      right: String(windowRight),
      checks: [differs("unswapped window", window, windowRight)],
    },
    {
      trap: "bound cached as exact",
      where: `tic-tac-toe ${cache.cells} (O to move)`,
      wrong: String(cache.broken),
      right: String(cache.table),
      checks: [differs("bound cached as exact", cache.broken, cache.table)],
    },
  ];
}

/** Everything lesson 003's notebook and figures show. */
export interface Lesson003 {
  rows: CourseRow[];
  deepening: DeepeningCost[];
  truncation: TruncationStudy;
  hints: HintCost[];
  cache: CacheDemo;
  horizon: HorizonDemo;
  traps: TrapRow[];
}

/**
 * Lesson 003 recomputed: the data and the catalogue rows.
 *
 * @param seeds trees per measurement (smaller is faster)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson003 } from "./measure.ts";
 * const data = lesson003(10);
 * assert.ok(data.rows.some((row) => row.id === "T003.4"));
 * ```
 */
export function lesson003(seeds = 50): Lesson003 {
  const deepening = deepeningCost(seeds);
  const truncation = truncationStudy(seeds * 60);
  const hints = hintCosts(seeds * 2);
  const cache = cacheDemo();
  const horizon = horizonDemo();
  const trapRows = traps();
  const t0041 = TicTacToe.parse("X.O.O...X");
  const lateOnT0041 = mistakeTerminalAfterLoop(t0041);
  const rightOnT0041 = negamax(t0041);
  const fmt = (x: number) => x.toFixed(2);
  const courseDeepening = deepening.filter((row) =>
    COURSE_DEEPENING[row.branching] !== undefined
  ).map((row) => ({ row, figure: COURSE_DEEPENING[row.branching]! }));
  const example = truncation.examples[0];
  const treeHint = hints[0]!;
  const rows: CourseRow[] = [
    claimRow({
      id: "T003.1",
      what:
        "iterative deepening 1..d over one search at d (alpha-beta, as-is trees): mean (5–95%)",
      course: "b/(b−1); measured 1.5 (b=4) … 2.6 (b=2)",
      ours: deepening.map((row) =>
        `b=${row.branching}: ${fmt(row.alphaBeta)} (${fmt(row.low)}–${
          fmt(row.high)
        })`
      ).join(", "),
      test: `the course's measured ratios (${
        courseDeepening.map((c) => `${c.figure} at b=${c.row.branching}`)
          .join(", ")
      }) lie within our 5–95% range over ${seeds} seeds, and minimax (full width) gives b/(b−1) within 5% at each b`,
      checks: [
        ...courseDeepening.flatMap(({ row, figure }) => [
          {
            what: `b=${row.branching}: ratio`,
            value: figure,
            op: "≥" as const,
            bound: row.low,
          },
          {
            what: `b=${row.branching}: ratio`,
            value: figure,
            op: "≤" as const,
            bound: row.high,
          },
        ]),
        ...deepening.map((row) => ({
          what: `b=${row.branching}: |minimax − b/(b−1)| / (b/(b−1))`,
          value: Math.abs(row.minimax - row.theory) / row.theory,
          op: "≤" as const,
          bound: 0.05,
        })),
      ],
      note: `alpha-beta lies above b/(b−1) (${
        deepening.map((row) => fmt(row.theory)).join(", ")
      }) because its effective branching factor is smaller than b: b'/(b'−1) = ${
        deepening.map((row) => fmt(row.effectiveTheory)).join(", ")
      }; minimax (no pruning) gives ${
        deepening.map((row) => fmt(row.minimax)).join(", ")
      }`,
    }),
    claimRow({
      id: "T003.2",
      what: "three consecutive depths agree and are wrong",
      course: "81, 81, 81 vs 36",
      ours: example
        ? `seed ${example.seed}: ${
          example.byDepth.join(", ")
        } (true ${example.truth}); ${truncation.treesWithWrongTriple} of ${
          formatCount(truncation.trees)
        } trees`
        : `none of ${formatCount(truncation.trees)} trees`,
      test: `at least one of ${
        formatCount(truncation.trees)
      } seeded trees (b=2, d=10) has three consecutive depths whose values agree and are wrong`,
      checks: [{
        what: "trees",
        value: truncation.treesWithWrongTriple,
        op: "≥",
        bound: 1,
      }],
      note: `${
        (100 * truncation.wrongPairs / truncation.agreeingPairs).toFixed(0)
      }% of agreeing consecutive pairs and ${
        (100 * truncation.wrongTriples /
          Math.max(1, truncation.agreeingTriples))
          .toFixed(0)
      }% of agreeing triples are wrong`,
    }),
    claimRow({
      id: "T003.3",
      what: "iterative deepening nodes: no hint vs previous best move first",
      course: "552 vs 544 (no gain)",
      ours: hints.map((h) =>
        `${h.what}: ${formatCount(h.none)} vs ${formatCount(h.move)}`
      )
        .join("; "),
      test:
        `on ${treeHint.what}, the previous best move first changes the node count by less than 10%: |hint − none| / none < 0.1`,
      checks: [{
        what: "|hint − none| / none",
        value: Math.abs(treeHint.move - treeHint.none) / treeHint.none,
        op: "<",
        bound: 0.1,
      }],
      note:
        "on random-evaluation trees the shallow value says nothing about the deep one, so the hint barely moves the count; see the table for tic-tac-toe",
    }),
    claimRow({
      id: "T003.4",
      kind: "exact",
      what:
        `bound cached as exact vs value + depth + type, tic-tac-toe ${cache.cells}: true / broken / table`,
      course:
        "a bound stored as exact gives a wrong answer; value + depth + type gives the right one",
      ours: [cache.truth, cache.broken, cache.table].join(" / "),
      test:
        "on the position and on the tree, the cache that stores bounds as exact values answers differently from minimax, and the table with value, depth and type answers as minimax",
      checks: [
        {
          what: "position: |broken − true|",
          value: Math.abs(cache.broken - cache.truth),
          op: ">",
          bound: 0,
        },
        {
          what: "position: table",
          value: cache.table,
          op: "=",
          bound: cache.truth,
        },
        {
          what: "tree: |broken − true|",
          value: Math.abs(cache.treeBroken - cache.treeTruth),
          op: ">",
          bound: 0,
        },
        {
          what: "tree: table",
          value: cache.treeTable,
          op: "=",
          bound: cache.treeTruth,
        },
      ],
      note: `and on tree ${cache.leaves.join(",")} searched with the window (${
        cache.window.join(", ")
      }) and then fully: true ${cache.treeTruth}, broken ${cache.treeBroken}, table ${cache.treeTable}`,
    }),
    claimRow({
      id: "T003.5a",
      kind: "exact",
      what:
        "horizon tree: depth-1 move / depth-1 + quiescence move / true move",
      // Lesson 003 prints no tree and no moves: it says to play out captures
      // and checks at the horizon. The moves are ours, judged by checks.
      course: "—",
      ours: [horizon.truncated, horizon.quiescent, horizon.truth]
        .map((r) => horizon.moveNames[r.move]!).join(" / "),
      test:
        'statement "quiescence search: at the horizon play out captures and checks"; test: on a tree where a capture is answered by a recapture just past depth 1, depth-1 alpha-beta chooses another move than the search to the end and overrates it, and depth 1 + quiescence chooses the true move with the true value',
      checks: [
        {
          what: "depth 1: value − true value",
          value: horizon.truncated.value - horizon.truth.value,
          op: ">",
          bound: 0,
        },
        {
          what: "depth 1: moves other than the true move",
          value: horizon.truncated.move === horizon.truth.move ? 0 : 1,
          op: "=",
          bound: 1,
        },
        {
          what: "quiescence: move",
          value: horizon.quiescent.move,
          op: "=",
          bound: horizon.truth.move,
        },
        {
          what: "quiescence: value",
          value: horizon.quiescent.value,
          op: "=",
          bound: horizon.truth.value,
        },
      ],
      note:
        `values ${horizon.truncated.value} / ${horizon.quiescent.value} / ${horizon.truth.value}`,
    }),
    claimRow({
      id: "T003.7",
      kind: "exact",
      what: "traps shown wrong and right",
      course: "each trap gives a wrong answer",
      ours: trapRows.map((t) => `${t.trap}: ${t.wrong} vs ${t.right}`).join(
        "; ",
      ),
      test:
        "each trap does what the course says: a value different from the right search's, and the terminal test after the move loop, which continues games already won, also visits more nodes (the undo and terminal traps play moves without play's legality test, as the searchers do; with it tic-tac-toe stops them with an error)",
      checks: trapRows.flatMap((t) => t.checks),
      note: `on X.O.O...X (T004.1) the terminal test after the loop gives ${
        answer(lateOnT0041.value, lateOnT0041.nodes)
      } against ${answer(rightOnT0041.value, rightOnT0041.stats.nodes)}`,
    }),
  ];
  return {
    rows,
    deepening,
    truncation,
    hints,
    cache,
    horizon,
    traps: trapRows,
  };
}
