/**
 * The chess engine's move order, measured: the engine (`deno task uci`'s
 * iterative deepening with the table and quiescence) with the order it had
 * before (killers before every capture, captures stored as killers, raw
 * history added to every score, the course's `"killer"` and `"history"`),
 * with the engines' order it has now (table move, captures by MVV-LVA,
 * losing captures by static exchange after the quiet moves, quiet killers,
 * quiet history with a malus), with that order built up one element at a
 * time, and with it less one element at a time. Nodes to the engine's depth on the atlas's middlegames and WAC
 * positions, as a share of the old order's and of the new order's.
 *
 * @module
 */

import { Chess } from "../../games/chess/mod.ts";
import { CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import { markdownTable } from "../../plot/mod.ts";
import { CHESS_ENGINE_ORDER } from "../../players/_chess_search.ts";
import {
  iterativeDeepening,
  type MoveScorer,
  type OrderOption,
  TranspositionTable,
} from "../../search/mod.ts";
import { chessSets, setText, shareOfNodes, shareText } from "./_chess_sets.ts";
import { engineDepth } from "./engine_rows.ts";

import type { AtlasSettings } from "./measure.ts";

const ENGINE = CHESS_ENGINE_ORDER as readonly (string | MoveScorer)[];
/** The engine's scorer (MVV-LVA), the one function of its order. */
const mvvLva = ENGINE.find((o) => typeof o === "function") as MoveScorer;
const without = (item: string | MoveScorer) =>
  ENGINE.filter((o) => o !== item) as OrderOption;

/** One order of the engine. */
export interface EngineOrderVariant {
  id: string;
  name: string;
  order: OrderOption;
  /** Search the position without its static exchange (captures are then never losing). */
  noExchange?: boolean;
  /** The order this one adds one element to (the build-up), when it is one of those. */
  adds?: string;
}

/**
 * The orders measured: the old one, the new one, the new one built up one
 * element at a time (each row adds one to the row above; "+ quiet history"
 * is the new one), and the new one less each element.
 */
export const ENGINE_ORDER_VARIANTS: readonly EngineOrderVariant[] = [
  {
    id: "before",
    name:
      "before: table, killers (captures too), history added to MVV-LVA (the course's killer and history)",
    order: ["tt", mvvLva, "killer", "history"],
  },
  {
    id: "engine",
    name:
      "now: table, captures by MVV-LVA, losing captures (SEE) after quiets, quiet killers, quiet history",
    order: CHESS_ENGINE_ORDER,
    adds: "plus-killers",
  },
  {
    id: "table",
    name: "table move only",
    order: ["tt"],
  },
  {
    id: "plus-captures",
    name: "+ captures first by MVV-LVA",
    order: ["tt", "captures", mvvLva],
    noExchange: true,
    adds: "table",
  },
  {
    id: "plus-exchange",
    name: "+ losing captures (SEE) after the quiet moves",
    order: ["tt", "captures", mvvLva],
    adds: "plus-captures",
  },
  {
    id: "plus-killers",
    name: "+ quiet killers",
    order: ["tt", "captures", mvvLva, "quiet-killer"],
    adds: "plus-exchange",
  },
  {
    id: "no-captures",
    name: "now without captures first (MVV-LVA added to the quiet scores)",
    order: without("captures"),
  },
  {
    id: "no-mvv-lva",
    name: "now without MVV-LVA (captures in generation order)",
    order: without(mvvLva),
  },
  {
    id: "no-exchange",
    name: "now without static exchange (no capture counts as losing)",
    order: CHESS_ENGINE_ORDER,
    noExchange: true,
  },
  {
    id: "no-killers",
    name: "now without quiet killers",
    order: without("quiet-killer"),
  },
  {
    id: "no-history",
    name: "now without quiet history",
    order: without("quiet-history"),
  },
];

/** One order on one set of positions. */
export interface EngineOrderRow {
  variant: string;
  name: string;
  game: "chess" | "wac";
  depth: number;
  positions: number;
  /** Nodes summed over the positions. */
  nodes: number;
  /** Nodes over the old order's ("before") on each position: median and 5–95%. */
  shareOfBefore: { median: number; low: number; high: number };
  /** Nodes over the new order's ("engine") on each position. */
  shareOfEngine: { median: number; low: number; high: number };
  /** In the build-up: nodes over those of the order this one adds an element to (quiet history for "now"). */
  shareOfPrevious?: { median: number; low: number; high: number };
  /** Positions whose value differs from the new order's (a table may change a value at fixed depth only through its stored bounds). */
  valueChanged: number;
}

const TABLE_ENTRIES = 1 << 18;

/** A chess position whose `staticExchange` is hidden, so no capture counts as losing. */
function withoutExchange(position: Chess): Chess {
  Object.defineProperty(position, "staticExchange", { value: undefined });
  return position;
}

/**
 * Every order of {@linkcode ENGINE_ORDER_VARIANTS} on the atlas's chess and
 * WAC positions, to the engine's depth (`engineDepth`): iterative deepening
 * with a table (cleared per search) and quiescence, as `deno task uci`.
 *
 * @param settings the atlas's run (positions per game, small or full)
 * @param progress called once per game and order
 * @returns one row per order and game
 *
 * @example Two WAC positions at the small depth
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL } from "./measure.ts";
 * import { measureEngineOrder } from "./engine_order.ts";
 * const rows = measureEngineOrder({ ...ATLAS_SMALL, positions: { ...ATLAS_SMALL.positions, chess: 1, wac: 2 } });
 * const engine = rows.find((r) => r.variant === "engine" && r.game === "wac")!;
 * assert.ok(engine.shareOfEngine.median === 1 && engine.positions === 2);
 * ```
 */
export function measureEngineOrder(
  settings: AtlasSettings,
  progress?: (message: string) => void,
): EngineOrderRow[] {
  const depth = engineDepth(settings);
  const table = new TranspositionTable({ entries: TABLE_ENTRIES });
  const rows: EngineOrderRow[] = [];
  for (const { game, positions } of chessSets(settings)) {
    const results = ENGINE_ORDER_VARIANTS.map((variant) => {
      const list = positions.map((item) => {
        table.clear();
        const position = Chess.fromFen(item.fen!);
        const result = iterativeDeepening(
          variant.noExchange ? withoutExchange(position) : position,
          {
            depth,
            tt: table,
            order: variant.order,
            maxMove: CHESS_MOVE_LIMIT,
            quiescence: true,
            maxNodes: 50_000_000,
          },
        );
        return { nodes: result.stats.nodes, value: result.value };
      });
      progress?.(`engine order: ${game} ${variant.id} done`);
      return list;
    });
    const at = (id: string) =>
      results[ENGINE_ORDER_VARIANTS.findIndex((v) => v.id === id)]!;
    const before = at("before");
    const engine = at("engine");
    const share = shareOfNodes;
    ENGINE_ORDER_VARIANTS.forEach((variant, v) => {
      const list = results[v]!;
      rows.push({
        variant: variant.id,
        name: variant.name,
        game,
        depth,
        positions: list.length,
        nodes: list.reduce((a, r) => a + r.nodes, 0),
        shareOfBefore: share(list, before),
        shareOfEngine: share(list, engine),
        ...(variant.adds === undefined
          ? {}
          : { shareOfPrevious: share(list, at(variant.adds)) }),
        valueChanged: list.filter((r, i) => r.value !== engine[i]!.value)
          .length,
      });
    });
  }
  return rows;
}

/**
 * The rows as a table: nodes of each order as a share of the old order's
 * and of the new one's, median (5–95%) per position, middlegames and WAC.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineOrderTable } from "./engine_order.ts";
 * const share = { median: 0.8, low: 0.5, high: 1.1 };
 * const table = engineOrderTable([{ variant: "engine", name: "now", game: "wac", depth: 5, positions: 30, nodes: 1000, shareOfBefore: share, shareOfEngine: { median: 1, low: 1, high: 1 }, valueChanged: 0 }]);
 * assert.match(table, /80% \(50%–110%\)/);
 * ```
 */
export function engineOrderTable(rows: readonly EngineOrderRow[]): string {
  return markdownTable(
    [
      "order",
      "positions",
      "depth",
      "nodes (sum)",
      "share of before's nodes, median (5–95%)",
      "share of now's nodes, median (5–95%)",
      "share of the order it adds one element to, median (5–95%)",
    ],
    rows.map((r) => [
      r.name,
      setText(r),
      r.depth,
      r.nodes.toLocaleString("en-US"),
      shareText(r.shareOfBefore),
      shareText(r.shareOfEngine),
      r.shareOfPrevious === undefined ? "" : shareText(r.shareOfPrevious),
    ]),
  );
}
