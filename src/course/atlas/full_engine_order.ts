/**
 * Killers and history inside the full engine: the UCI engine's search
 * (its evaluation, deepening, table, quiescence and its selective search,
 * `CHESS_ENGINE_SELECTIVE`) to a depth where the selective search works,
 * with its order, without quiet killers, without quiet history, and
 * without both. At the atlas's engine depth without selective search
 * (`engine_order.ts`) each of the two saves only a few per cent; here late
 * moves are reduced and pruned, so what the order puts late costs depth,
 * and the two together are measured as well as each alone, since each can
 * stand in for the other.
 *
 * Each row: nodes summed, nodes as a share of the full engine's per
 * position (median and 5–95%), positions whose value or move differs from
 * the full engine's (the selective search is not sound, so both may).
 *
 * @module
 */

import { markdownTable } from "../../plot/mod.ts";
import {
  CHESS_ENGINE_ORDER,
  chessEngineOptions,
} from "../../players/_chess_search.ts";
import {
  type IterativeDeepeningOptions,
  type OrderOption,
  TranspositionTable,
} from "../../search/mod.ts";
import {
  chessSets,
  fullEngineSearch,
  setText,
  shareOfNodes,
  shareText,
} from "./_chess_sets.ts";
import type { AtlasSettings } from "./measure.ts";

/**
 * What engine authors report the two are worth, quoted beside the atlas's
 * own figures: MadChess's author measured quiet killers at +61 Elo and the
 * history heuristic at +28 (each against the engine without it). Quoted,
 * not measured here: a notebook prints them from this constant beside its
 * measured rows, so that no figure is typed into its text.
 */
export const ENGINE_AUTHORS_ORDER_ELO: Readonly<
  { engine: string; killers: number; history: number }
> = Object.freeze({ engine: "MadChess", killers: 61, history: 28 });

const ENGINE = CHESS_ENGINE_ORDER as readonly unknown[];
const without = (...items: string[]) =>
  ENGINE.filter((o) => !items.includes(o as string)) as OrderOption;

/**
 * The orders of the full engine measured, the engine's own first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FULL_ENGINE_ORDER_VARIANTS } from "./full_engine_order.ts";
 * assert.deepEqual(FULL_ENGINE_ORDER_VARIANTS.map((v) => v.id), ["engine", "no-killers", "no-history", "neither"]);
 * ```
 */
export const FULL_ENGINE_ORDER_VARIANTS: readonly {
  id: string;
  name: string;
  order: OrderOption;
}[] = [
  { id: "engine", name: "the full engine", order: CHESS_ENGINE_ORDER },
  {
    id: "no-killers",
    name: "without quiet killers",
    order: without("quiet-killer"),
  },
  {
    id: "no-history",
    name: "without quiet history",
    order: without("quiet-history"),
  },
  {
    id: "neither",
    name: "without killers and history",
    order: without("quiet-killer", "quiet-history"),
  },
];

/** One order of the full engine on one set of positions. */
export interface FullEngineOrderRow {
  variant: string;
  name: string;
  game: "chess" | "wac";
  depth: number;
  positions: number;
  /** Nodes summed over the positions. */
  nodes: number;
  /** Nodes over the full engine's on each position: median and 5–95%. */
  shareOfEngine: { median: number; low: number; high: number };
  /** Positions whose value differs from the full engine's. */
  valueChanged: number;
  /** Positions whose move differs from the full engine's. */
  moveChanged: number;
}

/**
 * The options of one order over the full engine's. LMR by history (the
 * candidates') reads the quiet history, so an order without quiet history
 * reduces as the engine would without that option field.
 */
function variantOptions(order: OrderOption): IterativeDeepeningOptions {
  const lmr = chessEngineOptions().lateMoveReductions;
  if (
    (order as readonly string[]).includes("quiet-history") || !lmr ||
    lmr.historyDivisor === undefined
  ) {
    return { order };
  }
  const { historyDivisor: _readsHistory, ...reductions } = lmr;
  return { order, lateMoveReductions: reductions };
}

/**
 * The depth of the measurement: 10 in the full run, 4 in the small one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_FULL, ATLAS_SMALL } from "./measure.ts";
 * import { fullEngineOrderDepth } from "./full_engine_order.ts";
 * assert.equal(fullEngineOrderDepth(ATLAS_FULL), 10);
 * assert.equal(fullEngineOrderDepth(ATLAS_SMALL), 4);
 * ```
 */
export function fullEngineOrderDepth(settings: AtlasSettings): number {
  return settings.run === "full" ? 10 : 4;
}

/**
 * Every order of {@linkcode FULL_ENGINE_ORDER_VARIANTS} on the atlas's
 * middlegames and WAC positions at {@linkcode fullEngineOrderDepth}: the
 * UCI engine's search, a 262,144-entry table cleared before each search,
 * and 50 million nodes at most per search (far above what depth 10 takes,
 * so that no position runs away; a search it stops is an error).
 *
 * @param settings the atlas's run (positions per game, small or full)
 * @param progress called once per game and order
 * @returns one row per order and game
 * @throws {Error} when a search stops at its node budget
 *
 * @example One middlegame and one WAC position at the small depth
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL } from "./measure.ts";
 * import { measureFullEngineOrder } from "./full_engine_order.ts";
 * const rows = measureFullEngineOrder({ ...ATLAS_SMALL, positions: { ...ATLAS_SMALL.positions, chess: 1, wac: 1 } });
 * assert.equal(rows.length, 8);
 * const engine = rows.find((r) => r.variant === "engine" && r.game === "chess")!;
 * assert.ok(engine.shareOfEngine.median === 1 && engine.valueChanged === 0 && engine.depth === 4);
 * ```
 */
export function measureFullEngineOrder(
  settings: AtlasSettings,
  progress?: (message: string) => void,
): FullEngineOrderRow[] {
  const depth = fullEngineOrderDepth(settings);
  const table = new TranspositionTable({ entries: 1 << 18 });
  const rows: FullEngineOrderRow[] = [];
  for (const { game, positions } of chessSets(settings)) {
    const results = FULL_ENGINE_ORDER_VARIANTS.map((variant) => {
      const options = variantOptions(variant.order);
      const list = positions.map((item) => {
        const result = fullEngineSearch(
          `measureFullEngineOrder: ${variant.id}`,
          item.fen!,
          depth,
          table,
          options,
        );
        return {
          nodes: result.stats.nodes,
          value: result.value,
          move: result.move,
        };
      });
      progress?.(`full engine order: ${game} ${variant.id} done`);
      return list;
    });
    const engine = results[0]!;
    FULL_ENGINE_ORDER_VARIANTS.forEach((variant, v) => {
      const list = results[v]!;
      rows.push({
        variant: variant.id,
        name: variant.name,
        game,
        depth,
        positions: list.length,
        nodes: list.reduce((sum, r) => sum + r.nodes, 0),
        shareOfEngine: shareOfNodes(list, engine),
        valueChanged: list.filter((r, i) => r.value !== engine[i]!.value)
          .length,
        moveChanged: list.filter((r, i) => r.move !== engine[i]!.move).length,
      });
    });
  }
  return rows;
}

/**
 * The rows as a table: each order's nodes, as a share of the full
 * engine's, and the positions where its value or move differs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fullEngineOrderTable } from "./full_engine_order.ts";
 * const table = fullEngineOrderTable([{ variant: "neither", name: "without killers and history", game: "chess", depth: 10, positions: 20, nodes: 5000, shareOfEngine: { median: 2, low: 1.2, high: 4 }, valueChanged: 3, moveChanged: 2 }]);
 * assert.match(table, /200% \(120%–400%\)/);
 * ```
 */
export function fullEngineOrderTable(
  rows: readonly FullEngineOrderRow[],
): string {
  return markdownTable(
    [
      "order",
      "positions",
      "depth",
      "nodes (sum)",
      "share of the full engine's nodes, median (5–95%)",
      "value changed",
      "move changed",
    ],
    rows.map((r) => [
      r.name,
      setText(r),
      r.depth,
      r.nodes.toLocaleString("en-US"),
      shareText(r.shareOfEngine),
      `${r.valueChanged} of ${r.positions}`,
      `${r.moveChanged} of ${r.positions}`,
    ]),
  );
}
