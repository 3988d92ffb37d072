/**
 * What the atlas's engine measurements on chess share: the two sets of
 * positions (middlegames from games.pgn, WAC) at a run's size, the full
 * engine's search of one position to a depth, and a variant's nodes as a
 * share of a base's, position by position.
 *
 * @module
 */

import { Chess, CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import {
  CHESS_ENGINE_ORDER,
  chessEngineOptions,
  chessPositionOptions,
} from "../../players/_chess_search.ts";
import {
  iterativeDeepening,
  type IterativeDeepeningOptions,
  type IterativeDeepeningResult,
  type TranspositionTable,
} from "../../search/mod.ts";
import { distribution } from "../distribution.ts";
import { ATLAS_GAMES, type AtlasPosition } from "./games.ts";
import type { AtlasSettings } from "./measure.ts";

/**
 * The middlegames and the WAC positions of a run, in that order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL } from "./measure.ts";
 * import { chessSets } from "./_chess_sets.ts";
 * const sets = chessSets({ ...ATLAS_SMALL, positions: { ...ATLAS_SMALL.positions, chess: 1, wac: 2 } });
 * assert.deepEqual(sets.map((s) => [s.game, s.positions.length]), [["chess", 1], ["wac", 2]]);
 * ```
 */
export function chessSets(
  settings: AtlasSettings,
): { game: "chess" | "wac"; positions: AtlasPosition[] }[] {
  return (["chess", "wac"] as const).map((game) => ({
    game,
    positions: ATLAS_GAMES[game].positions(
      settings.positions[game],
      settings.run === "full",
    ),
  }));
}

/** The node budget of {@linkcode fullEngineSearch}: far above what its depths need, so that no position runs away. */
const FULL_ENGINE_MAX_NODES = 50_000_000;

/**
 * The full engine (the UCI engine's search and evaluation as it plays by
 * default: the table, `CHESS_ENGINE_ORDER`, quiescence,
 * `chessEngineOptions()` and positions made with
 * `chessPositionOptions()`, the candidates included when
 * `CANDIDATES_BY_DEFAULT`) on `fen` to `depth`, with `table` cleared first
 * and `options` over the engine's (another order, a technique switched
 * off). Bounded by 50,000,000 nodes.
 *
 * @param where the caller and what it measures, for the error
 * @throws {Error} when the budget stops the search short of `depth`
 *
 * @example The engine with and without its null move on one position
 * ```ts
 * import assert from "node:assert/strict";
 * import { TranspositionTable } from "../../search/mod.ts";
 * import { fullEngineSearch } from "./_chess_sets.ts";
 * const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
 * const table = new TranspositionTable({ entries: 1 << 12 });
 * const on = fullEngineSearch("example", fen, 4, table);
 * const off = fullEngineSearch("example", fen, 4, table, { nullMove: false });
 * assert.ok(on.depth === 4 && off.depth === 4 && on.stats.nodes > 0 && off.stats.nodes > 0);
 * ```
 */
export function fullEngineSearch(
  where: string,
  fen: string,
  depth: number,
  table: TranspositionTable,
  options: IterativeDeepeningOptions = {},
): IterativeDeepeningResult {
  table.clear();
  const result = iterativeDeepening(
    Chess.fromFen(fen, chessPositionOptions()),
    {
      ...chessEngineOptions(),
      order: CHESS_ENGINE_ORDER,
      ...options,
      depth,
      tt: table,
      maxMove: CHESS_MOVE_LIMIT,
      quiescence: true,
      maxNodes: FULL_ENGINE_MAX_NODES,
    },
  );
  if (result.depth < depth && !result.solved) {
    throw new Error(
      `${where} on ${fen} stopped at depth ${result.depth} of ${depth} after 50,000,000 nodes`,
    );
  }
  return result;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Nodes of `list` over those of `base`, position by position: median and
 * 5–95%, to four decimals.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shareOfNodes } from "./_chess_sets.ts";
 * const share = shareOfNodes([{ nodes: 50 }, { nodes: 100 }, { nodes: 300 }], [{ nodes: 100 }, { nodes: 100 }, { nodes: 100 }]);
 * assert.deepEqual(share, { median: 1, low: 0.5, high: 3 }); // nearest ranks
 * ```
 */
export function shareOfNodes(
  list: readonly { nodes: number }[],
  base: readonly { nodes: number }[],
): { median: number; low: number; high: number } {
  const d = distribution(list.map((r, i) => r.nodes / base[i]!.nodes));
  return { median: round4(d.median), low: round4(d.low), high: round4(d.high) };
}

const percent = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;

/**
 * A share as the atlas's chess tables print it: median (5–95%), in per cent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shareText } from "./_chess_sets.ts";
 * assert.equal(shareText({ median: 0.8, low: 0.05, high: 1.1 }), "80% (5.0%–110%)");
 * ```
 */
export function shareText(
  share: { median: number; low: number; high: number },
): string {
  return `${percent(share.median)} (${percent(share.low)}–${
    percent(share.high)
  })`;
}

/**
 * A set's size and name as the tables print it ("20 middlegames", "30 WAC").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { setText } from "./_chess_sets.ts";
 * assert.equal(setText({ game: "wac", positions: 30 }), "30 WAC");
 * ```
 */
export function setText(
  row: { game: "chess" | "wac"; positions: number },
): string {
  return `${row.positions} ${row.game === "wac" ? "WAC" : "middlegames"}`;
}
