/**
 * Iterative deepening and move ordering on real middlegame positions:
 * T001.5 (what iterations 1…d−1 cost beside one search to depth d),
 * T003.10 (the previous iteration's best move first, and the table move)
 * and lesson 002's ordering enhancements, all in node counts on the same
 * positions.
 *
 * @module
 */

import { Chess, CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import {
  alphaBeta,
  aspiration,
  iterativeDeepening,
  mtdf,
  type OrderOption,
  type PreviousHint,
  pvs,
  TranspositionTable,
} from "../../search/mod.ts";
import { CAPTURES_FIRST, FULL_ORDER } from "./orders.ts";

/** Entries of the table each measured search gets (cleared before it). */
export const TABLE_ENTRIES = 1 << 18;

/** The iterative-deepening variants of T003.10, in table order. */
export const DEEPENING_VARIANTS: readonly {
  name: string;
  order: OrderOption;
  table: boolean;
  previous: PreviousHint;
}[] = [
  { name: "natural order", order: "natural", table: false, previous: "none" },
  {
    name: "natural + previous best move",
    order: "natural",
    table: false,
    previous: "move",
  },
  {
    name: "natural + previous PV",
    order: "natural",
    table: false,
    previous: "pv",
  },
  {
    name: "captures first",
    order: CAPTURES_FIRST,
    table: false,
    previous: "none",
  },
  {
    name: "captures first + previous best move",
    order: CAPTURES_FIRST,
    table: false,
    previous: "move",
  },
  {
    name: "captures first + previous PV",
    order: CAPTURES_FIRST,
    table: false,
    previous: "pv",
  },
  {
    name: "captures first + table move (every node)",
    order: ["tt", CAPTURES_FIRST],
    table: true,
    previous: "none",
  },
];

/** The orderings of lesson 002, in table order. */
export const ORDERING_STEPS: readonly string[] = [
  "natural order",
  "captures first (MVV-LVA)",
  "+ table move (iterative deepening with a table)",
  "+ killer and history",
  "PVS (same ordering)",
  "aspiration, ±25 cp (same ordering)",
  "MTD(f) (same ordering)",
];

/** Every count measured on one position. */
export interface PositionCounts {
  fen: string;
  depth: number;
  /** Nodes of each iteration 1…depth without hints (natural order, no table): iteration d is one alpha-beta search to d. */
  plainIterations: number[];
  /** Nodes of one ordered search (full ordering, fresh table) to each depth 1…depth. */
  orderedSingle: number[];
  /** Cumulative nodes of ordered iterative deepening (full ordering, previous PV) through each depth. */
  orderedDeepening: number[];
  /** Total nodes of each {@linkcode DEEPENING_VARIANTS} to `depth`. */
  variants: number[];
  /** Nodes of each {@linkcode ORDERING_STEPS} to `depth`. */
  ordering: number[];
  /** Each ordering step's value (same order): they should agree. */
  orderingValues: number[];
}

const opts = (order: OrderOption) => ({ order, maxMove: CHESS_MOVE_LIMIT });

/**
 * Iterative deepening driven by hand for searchers without their own loop
 * (PVS, MTD(f)): depths 1…`depth` with one shared table, MTD(f) guessing the
 * previous depth's value. Returns total nodes and the last value.
 */
function deepenWith(
  search: "pvs" | "mtdf",
  position: Chess,
  depth: number,
  tt: TranspositionTable,
): { nodes: number; value: number } {
  let nodes = 0, value = 0;
  for (let d = 1; d <= depth; d++) {
    const result = search === "pvs"
      ? pvs(position, { depth: d, tt, ...opts(FULL_ORDER) })
      : mtdf(position, { depth: d, tt, guess: value, ...opts(FULL_ORDER) });
    nodes += result.stats.nodes;
    value = result.value;
  }
  return { nodes, value };
}

/**
 * Measures one position to `depth`: the plain iterations (T001.5), ordered
 * single searches and ordered deepening (T001.5 with ordering), the
 * deepening variants (T003.10) and the ordering steps (lesson 002).
 *
 * @example One ply from the start: 20 moves, 21 nodes
 * ```ts
 * import assert from "node:assert/strict";
 * import { measurePosition } from "./deepening.ts";
 * const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
 * const counts = measurePosition(fen, 1);
 * assert.deepEqual(counts.plainIterations, [21]);
 * assert.equal(counts.ordering[0], 21);
 * ```
 */
export function measurePosition(fen: string, depth: number): PositionCounts {
  const position = Chess.fromFen(fen);
  const tt = new TranspositionTable({ entries: TABLE_ENTRIES });
  const plain = iterativeDeepening(position, { depth, previous: "none" });
  const plainIterations = plain.rows.map((row) => row.nodes);
  const orderedSingle: number[] = [];
  for (let d = 1; d <= depth; d++) {
    tt.clear();
    orderedSingle.push(
      alphaBeta(position, { depth: d, tt, ...opts(FULL_ORDER) }).stats.nodes,
    );
  }
  tt.clear();
  const deep = iterativeDeepening(position, {
    depth,
    tt,
    previous: "pv",
    ...opts(FULL_ORDER),
  });
  const orderedDeepening = deep.rows.map((row) => row.cumulativeNodes);
  const variants = DEEPENING_VARIANTS.map((variant, i) => {
    if (i === 0) return plain.stats.nodes;
    tt.clear();
    return iterativeDeepening(position, {
      depth,
      previous: variant.previous,
      ...(variant.table ? { tt } : {}),
      ...opts(variant.order),
    }).stats.nodes;
  });
  const ordering: number[] = [];
  const orderingValues: number[] = [];
  const add = (result: { nodes: number; value: number }) => {
    ordering.push(result.nodes);
    orderingValues.push(result.value);
  };
  add({ nodes: plainIterations[depth - 1]!, value: plain.value });
  const captures = alphaBeta(position, { depth, ...opts(CAPTURES_FIRST) });
  add({ nodes: captures.stats.nodes, value: captures.value });
  for (const order of [["tt", CAPTURES_FIRST], FULL_ORDER] as OrderOption[]) {
    tt.clear();
    const r = iterativeDeepening(position, {
      depth,
      tt,
      previous: "none",
      ...opts(order),
    });
    add({ nodes: r.stats.nodes, value: r.value });
  }
  tt.clear();
  add(deepenWith("pvs", position, depth, tt));
  tt.clear();
  const asp = aspiration(position, {
    depth,
    tt,
    delta: 25,
    ...opts(FULL_ORDER),
  });
  add({ nodes: asp.stats.nodes, value: asp.value });
  tt.clear();
  add(deepenWith("mtdf", position, depth, tt));
  return {
    fen,
    depth,
    plainIterations,
    orderedSingle,
    orderedDeepening,
    variants,
    ordering,
    orderingValues,
  };
}

/** T001.5 per depth, from sums over positions. */
export interface DeepeningOverhead {
  depth: number;
  /** Σ nodes of iterations 1…d−1 / Σ nodes of iteration d, no hints (as the course computes it). */
  plain: number;
  /** Σ ordered deepening through d / Σ one ordered search to d, less 1: what deepening adds. */
  ordered: number;
  /** The course's 1/(b−1) with the sample's mean b. */
  course: number;
}

/**
 * The overhead of iterative deepening per depth 2…D over the positions.
 *
 * @example Iterations of 1, 10, 100 nodes: 11 % before depth 3
 * ```ts
 * import assert from "node:assert/strict";
 * import { deepeningOverhead } from "./deepening.ts";
 * const rows = deepeningOverhead([{ plainIterations: [1, 10, 100], orderedSingle: [1, 10, 100], orderedDeepening: [1, 11, 111] }], 11);
 * assert.equal(rows.at(-1)!.plain, 0.11);
 * assert.ok(Math.abs(rows.at(-1)!.ordered - 0.11) < 1e-12);
 * assert.equal(rows.at(-1)!.course, 0.1);
 * ```
 */
export function deepeningOverhead(
  counts: readonly Pick<
    PositionCounts,
    "plainIterations" | "orderedSingle" | "orderedDeepening"
  >[],
  meanB: number,
): DeepeningOverhead[] {
  const depth = counts[0]?.plainIterations.length ?? 0;
  const rows: DeepeningOverhead[] = [];
  for (let d = 2; d <= depth; d++) {
    let before = 0, last = 0, cumulative = 0, single = 0;
    for (const c of counts) {
      for (let i = 0; i < d - 1; i++) before += c.plainIterations[i]!;
      last += c.plainIterations[d - 1]!;
      cumulative += c.orderedDeepening[d - 1]!;
      single += c.orderedSingle[d - 1]!;
    }
    rows.push({
      depth: d,
      plain: before / last,
      ordered: cumulative / single - 1,
      course: 1 / (meanB - 1),
    });
  }
  return rows;
}
