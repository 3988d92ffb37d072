/**
 * Why the null move saves little in the full chess engine: the nodes it
 * saves at a fixed depth, with and without reverse futility. Both prune at
 * a node whose static value is at or above beta, and reverse futility
 * (to 6 plies from the horizon) takes most such nodes before the null move
 * is tried; without it the null move saves more. The leave-one-out test
 * judges the null move beside every other technique, so its Elo at a
 * shallow budget follows the nodes measured here.
 *
 * Each row: the full engine's nodes (the UCI engine's search and
 * evaluation, `CHESS_ENGINE_SELECTIVE`) with its null move, as a share of
 * its nodes without it, at the same depth, median and 5–95% over the
 * positions (the atlas's first middlegames and WAC positions), once as the
 * engine is and once with reverse futility off in both searches.
 *
 * @module
 */

import { TranspositionTable } from "../../search/transposition_table.ts";
import { checkInteger } from "../../validate.ts";
import { markdownTable } from "../../plot/mod.ts";
import { fullEngineSearch, shareOfNodes, shareText } from "./_chess_sets.ts";
import { ATLAS_GAMES } from "./games.ts";

/** One share of nodes: null move on over off, on one set at one depth. */
export interface NullMoveOverlapRow {
  game: "chess" | "wac";
  depth: number;
  /** Reverse futility on in both searches (the engine as it plays). */
  reverseFutility: boolean;
  positions: number;
  /** Nodes with the null move over nodes without it. */
  share: { median: number; low: number; high: number };
  /** Nodes summed over the positions, with and without the null move. */
  nodesWith: number;
  nodesWithout: number;
}

const TABLE_ENTRIES = 1 << 18;

/**
 * The full engine's nodes with and without its null move, with and without
 * reverse futility, at each depth of `depths`.
 *
 * @param positions middlegames and WAC positions each (the atlas's first ones, 1…100)
 * @param depths depths of the searches (each 1…20)
 * @returns one row per set, depth and reverse-futility setting
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example The null move saves nodes at depth 4 on one position of each set
 * ```ts
 * import assert from "node:assert/strict";
 * import { nullMoveOverlap } from "./null_move_overlap.ts";
 * const rows = nullMoveOverlap(1, [4]);
 * assert.equal(rows.length, 4);
 * assert.ok(rows.every((r) => r.share.median > 0 && r.nodesWithout > 0));
 * assert.throws(() => nullMoveOverlap(0, [4]), /positions must be an integer in 1…100, got 0/);
 * ```
 */
export function nullMoveOverlap(
  positions: number,
  depths: readonly number[],
): NullMoveOverlapRow[] {
  checkInteger("nullMoveOverlap", "positions", positions, 1, 100);
  if (depths.length === 0) {
    throw new Error(
      "nullMoveOverlap: depths must list at least one depth, got []",
    );
  }
  depths.forEach((d, i) =>
    checkInteger("nullMoveOverlap", `depths[${i}]`, d, 1, 20)
  );
  const table = new TranspositionTable({ entries: TABLE_ENTRIES });
  const nodes = (fen: string, depth: number, options: object) =>
    fullEngineSearch("nullMoveOverlap", fen, depth, table, options).stats
      .nodes;
  const rows: NullMoveOverlapRow[] = [];
  for (const game of ["chess", "wac"] as const) {
    const fens = ATLAS_GAMES[game].positions(positions, true).map((p) =>
      p.fen!
    );
    for (const depth of depths) {
      for (const reverseFutility of [true, false]) {
        const rfp = reverseFutility ? {} : { reverseFutility: false };
        const on = fens.map((fen) => ({ nodes: nodes(fen, depth, rfp) }));
        const off = fens.map((fen) => ({
          nodes: nodes(fen, depth, { ...rfp, nullMove: false }),
        }));
        rows.push({
          game,
          depth,
          reverseFutility,
          positions: fens.length,
          share: shareOfNodes(on, off),
          nodesWith: on.reduce((s, r) => s + r.nodes, 0),
          nodesWithout: off.reduce((s, r) => s + r.nodes, 0),
        });
      }
    }
  }
  return rows;
}

/**
 * The rows as a markdown table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nullMoveOverlapTable } from "./null_move_overlap.ts";
 * const table = nullMoveOverlapTable([{ game: "wac", depth: 8, reverseFutility: false, positions: 2, share: { median: 0.5, low: 0.4, high: 0.6 }, nodesWith: 50, nodesWithout: 100 }]);
 * assert.match(table, /\| 2 WAC +\| +8 \| off +\| 50% \(40%–60%\) +\| 50% +\|/);
 * ```
 */
export function nullMoveOverlapTable(
  rows: readonly NullMoveOverlapRow[],
): string {
  return markdownTable(
    [
      "positions",
      "depth",
      "reverse futility",
      "nodes with the null move / without, median (5–95%)",
      "all nodes with / without",
    ],
    rows.map((r) => [
      `${r.positions} ${r.game === "wac" ? "WAC" : "middlegames"}`,
      r.depth,
      r.reverseFutility ? "on (the engine)" : "off",
      shareText(r.share),
      `${(100 * r.nodesWith / r.nodesWithout).toFixed(0)}%`,
    ]),
  );
}
