/**
 * Leave-one-out Elo, the way engine authors test a technique: the full
 * chess engine (every technique the player spec can switch on) against the
 * same engine with one technique switched off, at a node budget where the
 * full engine reaches depth 6 in middlegames, with the games adjudicated
 * (`CHESS_ADJUDICATION`: resign at 600 centipawns for 3 moves of each side,
 * both engines agreeing; draw within ±20 for 8 moves of each side after 68
 * plies). A positive Elo is what the full engine loses without the
 * technique. Add-one-to-base (`ELO_TESTS`) stays the atlas's second column.
 *
 * The budget, measured (`deno task atlas-elo --mode leave-one-out --depths`
 * prints it again): on the atlas's 12 first chess middlegames the full
 * engine (with the engine evaluation, quiescence without losing captures)
 * finishes a median depth of 5 at 5,000 nodes a move (4…6), 6 at 10,000
 * (4…8), 6 at 20,000 (5…8) and 8 at 40,000 (6…10). So the full run plays
 * 20,000 nodes a move: the least budget at which 11 of the 12 reach depth 6
 * (4 of 12 stop short of it at 10,000), so that the SPRTs get the most games
 * for the machine time.
 *
 * @module
 */

import { createPlayer, type PlayerSpec } from "../../players/mod.ts";
import type { SearchPlayer } from "../../players/player.ts";
import { CHESS_ADJUDICATION } from "../../match/mod.ts";
import { checkInteger } from "../../validate.ts";
import { CHESS_ENGINE_SELECTIVE } from "../../players/_chess_search.ts";
import type { EloBudget, EloSettings, EloTest } from "./elo.ts";
import { ATLAS_GAMES } from "./games.ts";

const TABLE = 1 << 16;
/** The engines' order as spec names (`CHESS_ENGINE_ORDER`). */
const ORDER = ["tt", "captures", "static", "quiet-killer", "quiet-history"];

/**
 * The full engine's searcher options: every technique on, as the UCI
 * engine plays ({@linkcode CHESS_ENGINE_SELECTIVE}, quiescence, the
 * engines' order).
 */
const FULL_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({
  order: ORDER,
  quiescence: true,
  ...CHESS_ENGINE_SELECTIVE,
});

/** The full engine, described: what every leave-one-out test starts from. */
export const LOO_ENGINE =
  "the full engine (the UCI engine's search): deepening, table (65,536 entries), table move, captures by MVV-LVA (losing ones by SEE after the quiet moves), quiet killers, quiet history, quiescence (captures that lose by SEE left out), aspiration (±50), PVS, null move (R = 3 + depth/3), logarithmic LMR, futility and razoring (100, 300), reverse futility (100 a ply), late-move pruning, check extensions, ETC; the engine evaluation (PeSTO's tapered tables, pawn structure, bishop pair, rook files, mobility, king safety, tempo)";

/**
 * The full engine at a budget, less the options named in `drop` (and with
 * `change` applied to its spec).
 *
 * @example The full engine and the engine without null move
 * ```ts
 * import assert from "node:assert/strict";
 * import { looEngine } from "./leave_one_out.ts";
 * const full = looEngine({ maxNodes: 1000 });
 * assert.ok(full.kind === "search" && full.options?.nullMove !== undefined);
 * assert.ok(full.kind === "search" && full.evaluation === "engine");
 * const without = looEngine({ maxNodes: 1000 }, ["nullMove"]);
 * assert.ok(without.kind === "search" && without.options?.nullMove === undefined);
 * ```
 */
export function looEngine(
  budget: EloBudget,
  drop: readonly string[] = [],
  order: readonly string[] = ORDER,
  table: boolean = true,
): PlayerSpec {
  const options: Record<string, unknown> = { ...FULL_OPTIONS, order };
  for (const key of drop) delete options[key];
  return {
    kind: "search",
    searcher: "deepening",
    ...(table ? { table: TABLE } : {}),
    ...budget,
    evaluation: "engine",
    options,
  } as PlayerSpec;
}

const orderWithout = (name: string) => ORDER.filter((o) => o !== name);

/** One leave-one-out test: the full engine against it without `technique`. */
function loo(
  technique: string,
  without: (budget: EloBudget) => PlayerSpec,
): EloTest {
  return {
    technique,
    game: "chess",
    engine: LOO_ENGINE,
    candidate: (budget) => looEngine(budget),
    baseline: without,
  };
}

/**
 * The leave-one-out tests, one per technique the spec can switch off, in
 * the order a time-boxed run plays them (the search's big pieces first).
 * Ids are the atlas rows' (`static-order` is captures by MVV-LVA).
 */
export const ELO_LOO_TESTS: readonly EloTest[] = [
  // Without quiescence, its pruning of losing captures has nothing to prune.
  loo("quiescence", (b) => looEngine(b, ["quiescence", "skipLosingCaptures"])),
  loo("losing-captures", (b) => looEngine(b, ["skipLosingCaptures"])),
  loo("null-move", (b) => looEngine(b, ["nullMove"])),
  loo("lmr", (b) => looEngine(b, ["lateMoveReductions"])),
  loo("pvs", (b) => looEngine(b, ["pvs"])),
  loo("reverse-futility", (b) => looEngine(b, ["reverseFutility"])),
  loo("late-move-pruning", (b) => looEngine(b, ["lateMovePruning"])),
  loo("static-order", (b) => looEngine(b, [], orderWithout("static"))),
  loo("killer", (b) => looEngine(b, [], orderWithout("quiet-killer"))),
  loo("history", (b) => looEngine(b, [], orderWithout("quiet-history"))),
  // Each of the two can stand in for the other: the pair is tested too.
  loo(
    "killers-and-history",
    (b) =>
      looEngine(
        b,
        [],
        ORDER.filter((o) => o !== "quiet-killer" && o !== "quiet-history"),
      ),
  ),
  loo("tt-move", (b) => looEngine(b, [], orderWithout("tt"))),
  // Without a table there is no table move and no ETC (both read it).
  loo(
    "tt",
    (b) => looEngine(b, ["enhancedCutoffs"], orderWithout("tt"), false),
  ),
  loo("futility", (b) => looEngine(b, ["futility"])),
  loo("razoring", (b) => looEngine(b, ["razoring"])),
  loo("aspiration", (b) => looEngine(b, ["aspirationDelta"])),
  loo("check-extensions", (b) => looEngine(b, ["checkExtensions"])),
  loo("etc", (b) => looEngine(b, ["enhancedCutoffs"])),
];

/** Why a chess technique of the atlas has no leave-one-out test. */
export const LOO_NOT_TESTED: Readonly<Record<string, string>> = {
  mtdf: "a searcher of its own (no quiescence): not part of the full engine",
  sss: "a searcher of its own (no quiescence): not part of the full engine",
};

/** The small default: a few chess games at 1,000 nodes a move (seconds, for CI). */
export const ELO_LOO_SMALL: EloSettings = {
  run: "small",
  design: "leave-one-out",
  elo0: 0,
  elo1: 100,
  alpha: 0.05,
  beta: 0.05,
  batchGames: 4,
  modes: ["nodes"],
  games: {
    "connect-four": { maxGames: 2, timeGames: 2, nodes: 1000, timeMs: 1 },
    chess: { maxGames: 4, timeGames: 2, nodes: 1000, timeMs: 2 },
  },
  stones: 4,
  chessPlies: [8, 12, 16],
  stockfish: null,
  adjudication: CHESS_ADJUDICATION,
  seed: 0,
};

/**
 * The full run: SPRT [0, 10], α = β = 0.05, at 20,000 nodes a move (the
 * full engine's median depth 6 in middlegames), at most 1,200 games a
 * technique (a 95% interval near ±20 Elo when undecided), adjudicated; an
 * undecided test ends once its Elo is known to ±25 (issue 25's rule:
 * decided at [0, 10], or an interval no wider than ±25).
 */
export const ELO_LOO_FULL: EloSettings = {
  run: "full",
  design: "leave-one-out",
  elo0: 0,
  elo1: 10,
  alpha: 0.05,
  beta: 0.05,
  batchGames: 16,
  modes: ["nodes"],
  games: {
    "connect-four": { maxGames: 2, timeGames: 2, nodes: 1000, timeMs: 1 },
    chess: { maxGames: 1200, timeGames: 100, nodes: 20_000, timeMs: 30 },
  },
  stones: 4,
  chessPlies: [8, 10, 12, 14, 16],
  stockfish: null,
  adjudication: CHESS_ADJUDICATION,
  seed: 0,
  // Issue 25: each test ends decided, or with its Elo known to ±25.
  precision: 25,
};

/** Depths the full engine finished at one node budget. */
export interface LooDepthRow {
  nodes: number;
  /** Depth of the last finished iteration, per position. */
  depths: number[];
  median: number;
  min: number;
  max: number;
}

/**
 * The measurement that picks the leave-one-out budget: the depth the full
 * engine (or `engine`) finishes on the atlas's first `positions` chess
 * middlegames at each node budget (one move from each position, table
 * cleared). Counts only; the time is not judged.
 *
 * Work is bounded by `positions × Σ budgets` nodes.
 *
 * @param budgets node budgets a move (integers 1…10^8)
 * @param positions middlegames (1…200)
 * @param engine the engine at a budget (default the full engine)
 * @returns one row per budget
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { looDepths } from "./leave_one_out.ts";
 * const [row] = looDepths([2000], 3);
 * assert.ok(row!.depths.length === 3 && row!.min >= 1 && row!.max >= row!.median);
 * ```
 */
export function looDepths(
  budgets: readonly number[],
  positions: number,
  engine: (budget: EloBudget) => PlayerSpec = (b) => looEngine(b),
): LooDepthRow[] {
  const where = "looDepths";
  checkInteger(where, "positions", positions, 1, 200);
  budgets.forEach((n, i) => checkInteger(where, `budgets[${i}]`, n, 1, 1e8));
  const middlegames = ATLAS_GAMES.chess.positions(positions, true);
  return budgets.map((nodes) => {
    const depths = middlegames.map((p) => {
      const player = createPlayer(
        "chess",
        engine({ maxNodes: nodes }),
      ) as unknown as SearchPlayer;
      player.chooseMove(p.make());
      return player.lastDepth;
    });
    const sorted = [...depths].sort((a, b) => a - b);
    return {
      nodes,
      depths,
      median: sorted[sorted.length >> 1]!,
      min: sorted[0]!,
      max: sorted.at(-1)!,
    };
  });
}
