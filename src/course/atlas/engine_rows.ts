/**
 * The selective techniques where engines use them: on top of the chess
 * engine's base (the iterative deepening with the table, the move order
 * `CHESS_ENGINE_ORDER` and quiescence over captures that `deno task uci`
 * runs, without the selective search it adds, `CHESS_ENGINE_SELECTIVE`),
 * searched deeper than the atlas's plain alpha-beta rows. The atlas's own
 * chess rows measure each technique against natural-order alpha-beta at
 * depth 4, where null-move pruning barely fires (a null move is tried only
 * at least 3 plies from the horizon, and a poorly ordered search rarely
 * fails high there); this table shows what the same options do in the
 * setting they were designed for.
 *
 * Each row: nodes as a share of the engine's at the same depth (median and
 * 5–95% over the positions), positions whose value or move changed, and on
 * WAC the key moves found, against the engine's.
 *
 * @module
 */

import type { Chess } from "../../games/chess/mod.ts";
import {
  iterativeDeepening,
  type IterativeDeepeningOptions,
} from "../../search/iterative_deepening.ts";
import { TranspositionTable } from "../../search/transposition_table.ts";
import { CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import {
  CHESS_ENGINE_ORDER,
  chessEngineOptions,
} from "../../players/_chess_search.ts";
import { chessSets, shareOfNodes } from "./_chess_sets.ts";
import { findsKeyMove } from "./games.ts";
import type { AtlasSettings } from "./measure.ts";

/** What the atlas's texts call each option of `chessEngineOptions()`. */
const SELECTIVE_NAMES: Readonly<Record<string, string>> = {
  aspirationDelta: "aspiration windows",
  pvs: "PVS",
  nullMove: "null-move pruning",
  lateMoveReductions: "late-move reductions",
  futility: "futility pruning",
  razoring: "razoring",
  reverseFutility: "reverse futility",
  lateMovePruning: "late-move pruning",
  checkExtensions: "check extensions",
  skipLosingCaptures: "losing captures left out of quiescence",
  enhancedCutoffs: "enhanced transposition cutoffs",
  quiescenceTable: "the table probed in quiescence",
  exchangePruning: "exchange pruning",
  improving: '"improving"',
};

/**
 * The selective part of `deno task uci`'s search, named option by option
 * in the order `chessEngineOptions()` lists them (an option set to false,
 * as the candidates set ETC, is off and not named): read from the options
 * themselves, so that a text saying what the UCI engine adds to its base
 * follows the engine when it changes.
 *
 * @param selective the options (default: the UCI engine's, its candidates
 *   included when they are on by default)
 * @returns one name per option
 * @throws {Error} when an option has no name here (a new technique of the
 *   engine must be named before a text can say it)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { uciSelectiveNames } from "./engine_rows.ts";
 * assert.deepEqual(uciSelectiveNames().slice(0, 3), ["aspiration windows", "PVS", "null-move pruning"]);
 * assert.throws(() => uciSelectiveNames({ nullMove: {}, deepThought: true } as never), /uciSelectiveNames: the option "deepThought" has no name/);
 * ```
 */
export function uciSelectiveNames(
  selective: Readonly<IterativeDeepeningOptions> = chessEngineOptions(),
): string[] {
  const on = Object.entries(selective).filter(([, value]) => value !== false);
  return on.map(([key]) => {
    const name = SELECTIVE_NAMES[key];
    if (name === undefined) {
      throw new Error(
        `uciSelectiveNames: the option ${
          JSON.stringify(key)
        } has no name; the known ones are ${
          Object.keys(SELECTIVE_NAMES).join(", ")
        }`,
      );
    }
    return name;
  });
}

/** "a, b and c". */
function andList(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * What the engine rows start from, in one sentence: the base of the UCI
 * engine (deepening, table, move order, quiescence, the course's
 * evaluation), and the selective search `deno task uci` adds to it, which
 * the base leaves out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineBaseText } from "./engine_rows.ts";
 * assert.match(engineBaseText(), /^The engine here is .* `deno task uci` searches .* PVS, null-move pruning, /);
 * ```
 */
export function engineBaseText(): string {
  return "The engine here is the base of the chess engine: iterative " +
    "deepening with the table, the engine's move order " +
    "(`CHESS_ENGINE_ORDER`) and quiescence over captures, on the course's " +
    "evaluation. `deno task uci` searches with these and also selectively " +
    `(\`chessEngineOptions()\`: ${andList(uciSelectiveNames())}) on the ` +
    "engine evaluation; each row below adds one selective option to the " +
    "base, with the settings its name gives, and the last row the " +
    `${ENGINE_VARIANTS.length - 2} options above it together.`;
}

/** One selective option (or none) on top of the engine. */
export interface EngineVariant {
  id: string;
  name: string;
  options: Record<string, unknown>;
}

/** The variants, the engine itself first. */
export const ENGINE_VARIANTS: readonly EngineVariant[] = [
  { id: "engine", name: "the engine (no selective technique)", options: {} },
  {
    id: "null-move",
    name: "+ null-move pruning (R = 2)",
    options: { nullMove: {} },
  },
  {
    id: "lmr",
    name: "+ late-move reductions",
    options: { lateMoveReductions: {} },
  },
  {
    id: "futility",
    name: "+ futility pruning",
    options: { futility: { margins: [100, 300] } },
  },
  {
    id: "razoring",
    name: "+ razoring",
    options: { razoring: { margins: [100, 300] } },
  },
  {
    id: "check-extensions",
    name: "+ check extensions",
    options: { checkExtensions: true },
  },
  {
    id: "all",
    name: "+ all five",
    options: {
      nullMove: {},
      lateMoveReductions: {},
      futility: { margins: [100, 300] },
      razoring: { margins: [100, 300] },
      checkExtensions: true,
    },
  },
];

/** One variant on one game. */
export interface EngineRow {
  variant: string;
  name: string;
  game: "chess" | "wac";
  depth: number;
  positions: number;
  /** Nodes over the engine's at the same depth. */
  share: { median: number; low: number; high: number };
  /** Positions whose value differs from the engine's. */
  valueChanged: number;
  /** Positions whose move differs from the engine's. */
  moveChanged: number;
  /** WAC: key moves found (null on middlegames). */
  solved: number | null;
}

/** The engine's depth: the full run's, or the small default's. */
export function engineDepth(settings: AtlasSettings): number {
  return settings.run === "full" ? 5 : 3;
}

const TABLE_ENTRIES = 1 << 18;

/**
 * Measures every variant on the atlas's chess and WAC positions at the
 * engine's depth. Each search is bounded by the depth (and 20 million
 * nodes, far above what depth 5 needs, so that no position runs away).
 *
 * @param settings the atlas's run (positions per game, small or full)
 * @returns one row per variant and game
 *
 * @example The small default: the engine's own row is 100%
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL } from "./measure.ts";
 * import { measureEngineRows } from "./engine_rows.ts";
 * const rows = measureEngineRows(ATLAS_SMALL);
 * const engine = rows.find((r) => r.variant === "engine" && r.game === "wac")!;
 * assert.ok(engine.share.median === 1 && engine.valueChanged === 0);
 * ```
 */
export function measureEngineRows(settings: AtlasSettings): EngineRow[] {
  const depth = engineDepth(settings);
  const table = new TranspositionTable({ entries: TABLE_ENTRIES });
  const rows: EngineRow[] = [];
  for (const { game, positions } of chessSets(settings)) {
    const results = ENGINE_VARIANTS.map((variant) =>
      positions.map((item) => {
        table.clear();
        const position = item.make() as Chess;
        const result = iterativeDeepening(position, {
          depth,
          tt: table,
          order: CHESS_ENGINE_ORDER,
          maxMove: CHESS_MOVE_LIMIT,
          quiescence: true,
          maxNodes: 20_000_000,
          ...variant.options,
        });
        return {
          nodes: result.stats.nodes,
          value: result.value,
          move: result.move,
        };
      })
    );
    const base = results[0]!;
    ENGINE_VARIANTS.forEach((variant, v) => {
      const list = results[v]!;
      rows.push({
        variant: variant.id,
        name: variant.name,
        game,
        depth,
        positions: list.length,
        share: shareOfNodes(list, base),
        valueChanged: list.filter((r, i) => r.value !== base[i]!.value).length,
        moveChanged: list.filter((r, i) => r.move !== base[i]!.move).length,
        solved: game === "wac"
          ? list.filter((r, i) => findsKeyMove(positions[i]!, r.move)).length
          : null,
      });
    });
  }
  return rows;
}
