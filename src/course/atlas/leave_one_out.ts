/**
 * Leave-one-out Elo, the way engine authors test a technique: the full
 * chess engine (the UCI engine as it plays by default, its `Candidates`
 * option on: `--engine candidates`, the atlas's run; or `--engine
 * selective`, the same with that option off, the first run) against the
 * same engine with one technique switched off, at a node budget where the
 * full engine reaches depth 6 in middlegames, with the games adjudicated
 * (`CHESS_ADJUDICATION`: resign at 600 centipawns for 3 moves of each side,
 * both engines agreeing; draw within ±20 for 8 moves of each side after 68
 * plies). A positive Elo is what the full engine loses without the
 * technique. Add-one-to-base (`ELO_TESTS`) stays the atlas's second column.
 *
 * The first run's budget, measured (`deno task atlas-elo --mode
 * leave-one-out --engine selective --depths` prints it again): on the
 * atlas's 12 first chess middlegames that engine (with the engine
 * evaluation, quiescence without losing captures) finishes a median depth
 * of 5 at 5,000 nodes a move (4…6), 6 at 10,000 (4…8), 6 at 20,000 (5…8)
 * and 8 at 40,000 (6…10). So the full run plays
 * 20,000 nodes a move: the least budget at which 11 of the 12 reach depth 6
 * (4 of 12 stop short of it at 10,000), so that the SPRTs get the most games
 * for the machine time. The candidates engine searches deeper in the same
 * nodes and plays 10,000 ({@linkcode ELO_LOO_CANDIDATES_FULL}).
 *
 * @module
 */

import { createPlayer, type PlayerSpec } from "../../players/mod.ts";
import type { SearchPlayer } from "../../players/player.ts";
import { CHESS_ADJUDICATION } from "../../match/mod.ts";
import { checkInteger } from "../../validate.ts";
import { CHESS_EVALUATION_TERMS } from "../../games/chess/mod.ts";
import {
  CHESS_CANDIDATE_POSITION,
  CHESS_ENGINE_CANDIDATES,
  CHESS_ENGINE_SELECTIVE,
} from "../../players/_chess_search.ts";
import type { EloBudget, EloItem, EloSettings, EloTest } from "./elo.ts";
import { ATLAS_GAMES } from "./games.ts";

const TABLE = 1 << 16;
/** The engines' order as spec names (`CHESS_ENGINE_ORDER`). */
const ORDER = ["tt", "captures", "static", "quiet-killer", "quiet-history"];

/**
 * The selective engine's searcher options: every technique on, as the UCI
 * engine plays with its `Candidates` option off
 * ({@linkcode CHESS_ENGINE_SELECTIVE}, quiescence, the engines' order).
 */
const FULL_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({
  order: ORDER,
  quiescence: true,
  ...CHESS_ENGINE_SELECTIVE,
});

/**
 * The full engines a leave-one-out run can start from: `"selective"`, the
 * committed run's ({@linkcode CHESS_ENGINE_SELECTIVE}), and
 * `"candidates"`, the same with the UCI engine's `Candidates` option on
 * ({@linkcode CHESS_ENGINE_CANDIDATES} and the evaluation terms of
 * {@linkcode CHESS_CANDIDATE_POSITION}).
 */
export type LooEngineName = "selective" | "candidates";

// The candidates leave enhanced transposition cutoffs out: the key goes.
const { enhancedCutoffs: _withoutEtc, ...FULL_WITHOUT_ETC } = FULL_OPTIONS;
const { enhancedCutoffs: _candidatesEtc, ...CANDIDATE_SEARCH } =
  CHESS_ENGINE_CANDIDATES;

/** The candidates engine's searcher options. */
const CANDIDATE_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({
  ...FULL_WITHOUT_ETC,
  ...CANDIDATE_SEARCH,
});

/**
 * The candidates engine's evaluation terms (`evaluationTerms` of its spec):
 * those {@linkcode CHESS_CANDIDATE_POSITION} turns on, in the order of
 * `CHESS_EVALUATION_TERMS` (the order of the committed games' key).
 */
const CANDIDATE_TERMS: Readonly<Record<string, boolean>> = Object.freeze(
  Object.fromEntries(
    CHESS_EVALUATION_TERMS.filter((term) =>
      CHESS_CANDIDATE_POSITION[term] === true
    ).map((term) => [term, true]),
  ),
);

/** The full engine, described: what every leave-one-out test starts from. */
export const LOO_ENGINE =
  "the full engine (the UCI engine's search): deepening, table (65,536 entries), table move, captures by MVV-LVA (losing ones by SEE after the quiet moves), quiet killers, quiet history, quiescence (captures that lose by SEE left out), aspiration (±50), PVS, null move (R = 3 + depth/3), logarithmic LMR, futility and razoring (100, 300), reverse futility (100 a ply), late-move pruning, check extensions, ETC; the engine evaluation (PeSTO's tapered tables, pawn structure, bishop pair, rook files, mobility, king safety, tempo)";

/** The candidates engine, described: what its leave-one-out tests start from. */
export const LOO_CANDIDATES_ENGINE =
  "the full engine with the UCI engine's Candidates option: deepening, table (65,536 entries), also probed in quiescence, table move, captures by MVV-LVA (losing ones by SEE after the quiet moves), quiet killers, quiet history, quiescence (captures that lose by SEE left out), aspiration (±50), PVS, null move (R = 3 + depth/3, one more per 200 of the static value above beta, at most 3), logarithmic LMR (one ply less for killers, one more or less per 6,144 of quiet history), futility and razoring (100, 300), reverse futility (100 a ply), late-move pruning, exchange pruning (quiet moves losing 60 a ply, captures 100, within 6 plies), improving, check extensions, no ETC; the engine evaluation (PeSTO's tapered tables, pawn structure, bishop pair, rook files, mobility of the squares no enemy pawn attacks, king safety, tempo, pawn threats, the kings' distances to passed pawns in the endgame)";

/**
 * The full engine at a budget, less the options named in `drop`. A name
 * `"key.field"` drops one field of an option (`"nullMove.evalDivisor"`),
 * `"evaluationTerms.term"` one evaluation term (the candidates engine's).
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
 * const candidates = looEngine({ maxNodes: 1000 }, ["nullMove.evalDivisor", "evaluationTerms.pawnThreats"], undefined, true, "candidates");
 * assert.ok(candidates.kind === "search" && candidates.evaluationTerms?.safeMobility === true);
 * assert.ok(candidates.evaluationTerms?.pawnThreats === undefined);
 * assert.deepEqual(candidates.options?.nullMove, { reduction: 3, minDepth: 3, depthDivisor: 3 });
 * assert.throws(() => looEngine({ maxNodes: 1000 }, ["nullMove.evalDivisr"], undefined, true, "candidates"),
 *   /looEngine: drop "nullMove.evalDivisr" must name a field of the option nullMove \(engine candidates\)/);
 * assert.throws(() => looEngine({ maxNodes: 1000 }, ["evaluationTerms.pawnThreats"]), /must name a term of/);
 * ```
 */
export function looEngine(
  budget: EloBudget,
  drop: readonly string[] = [],
  order: readonly string[] = ORDER,
  table: boolean = true,
  engine: LooEngineName = "selective",
): PlayerSpec {
  const candidates = engine === "candidates";
  const options: Record<string, unknown> = {
    ...(candidates ? CANDIDATE_OPTIONS : FULL_OPTIONS),
    order,
  };
  const terms: Record<string, boolean> = { ...CANDIDATE_TERMS };
  for (const name of drop) {
    const [key, field, more] = name.split(".");
    const option = options[key!];
    // A name that drops nothing would make a baseline equal to the engine.
    const fail = (rule: string) => {
      throw new Error(
        `looEngine: drop ${JSON.stringify(name)} ${rule} (engine ${engine})`,
      );
    };
    if (more !== undefined) fail("has more than one dot");
    if (key === "evaluationTerms") {
      if (!candidates || field === undefined || !(field in terms)) {
        fail(`must name a term of ${Object.keys(terms).join(", ")}`);
      }
      delete terms[field!];
    } else if (!(key! in options) || key === "order") {
      fail("must name an option of the engine (orders go in `order`)");
    } else if (field === undefined) delete options[key!];
    else if (
      option === null || typeof option !== "object" || !(field in option)
    ) {
      fail(`must name a field of the option ${key}`);
    } else {
      const { [field]: _dropped, ...rest } = option as Record<string, unknown>;
      options[key!] = rest;
    }
  }
  return {
    kind: "search",
    searcher: "deepening",
    ...(table ? { table: TABLE } : {}),
    ...budget,
    evaluation: "engine",
    // The selective engine's spec has no terms: its committed games' key.
    ...(candidates ? { evaluationTerms: terms } : {}),
    options,
  } as PlayerSpec;
}

const orderWithout = (name: string) => ORDER.filter((o) => o !== name);
const WITHOUT_KILLERS_AND_HISTORY = ORDER.filter((o) =>
  o !== "quiet-killer" && o !== "quiet-history"
);

/**
 * One leave-one-out test: the full `engine` against it less `drop`, with
 * `order` and with or without the table ({@linkcode looEngine}'s arguments).
 */
function looTest(
  engine: LooEngineName,
  technique: string,
  drop: readonly string[],
  order: readonly string[],
  table: boolean,
): EloTest {
  return {
    technique,
    game: "chess",
    engine: engine === "candidates" ? LOO_CANDIDATES_ENGINE : LOO_ENGINE,
    candidate: (budget) => looEngine(budget, [], ORDER, true, engine),
    baseline: (budget) => looEngine(budget, drop, order, table, engine),
  };
}

/** A test of the selective engine ({@linkcode looTest}). */
const loo = (
  technique: string,
  drop: readonly string[],
  order: readonly string[] = ORDER,
  table = true,
) => looTest("selective", technique, drop, order, table);

/**
 * The leave-one-out tests, one per technique the spec can switch off, in
 * the order a time-boxed run plays them (the search's big pieces first).
 * Ids are the atlas rows' (`static-order` is captures by MVV-LVA).
 */
export const ELO_LOO_TESTS: readonly EloTest[] = [
  // Without quiescence, its pruning of losing captures has nothing to prune.
  loo("quiescence", ["quiescence", "skipLosingCaptures"]),
  loo("losing-captures", ["skipLosingCaptures"]),
  loo("null-move", ["nullMove"]),
  loo("lmr", ["lateMoveReductions"]),
  loo("pvs", ["pvs"]),
  loo("reverse-futility", ["reverseFutility"]),
  loo("late-move-pruning", ["lateMovePruning"]),
  loo("static-order", [], orderWithout("static")),
  loo("killer", [], orderWithout("quiet-killer")),
  loo("history", [], orderWithout("quiet-history")),
  // Each of the two can stand in for the other: the pair is tested too.
  loo("killers-and-history", [], WITHOUT_KILLERS_AND_HISTORY),
  loo("tt-move", [], orderWithout("tt")),
  // Without a table there is no table move and no ETC (both read it).
  loo("tt", ["enhancedCutoffs"], orderWithout("tt"), false),
  loo("futility", ["futility"]),
  loo("razoring", ["razoring"]),
  loo("aspiration", ["aspirationDelta"]),
  loo("check-extensions", ["checkExtensions"]),
  loo("etc", ["enhancedCutoffs"]),
];

/** A test of the candidates engine ({@linkcode looTest}). */
const looCandidates = (
  technique: string,
  drop: readonly string[],
  order: readonly string[] = ORDER,
  table = true,
) => looTest("candidates", technique, drop, order, table);

/**
 * The leave-one-out tests of the candidates engine (`--engine candidates`):
 * those of {@linkcode ELO_LOO_TESTS} but ETC (not in the engine), and one
 * for each candidate: the table in quiescence, the null move's reduction
 * by the static value, LMR by history, exchange pruning, "improving", and
 * the three evaluation terms.
 */
export const ELO_LOO_CANDIDATE_TESTS: readonly EloTest[] = [
  looCandidates("quiescence", [
    "quiescence",
    "skipLosingCaptures",
    "quiescenceTable",
  ]),
  looCandidates("losing-captures", ["skipLosingCaptures"]),
  looCandidates("quiescence-table", ["quiescenceTable"]),
  looCandidates("null-move", ["nullMove"]),
  looCandidates("null-move-by-value", ["nullMove.evalDivisor"]),
  looCandidates("lmr", ["lateMoveReductions"]),
  looCandidates("lmr-by-history", ["lateMoveReductions.historyDivisor"]),
  looCandidates("pvs", ["pvs"]),
  looCandidates("reverse-futility", ["reverseFutility"]),
  looCandidates("late-move-pruning", ["lateMovePruning"]),
  looCandidates("exchange-pruning", ["exchangePruning"]),
  looCandidates("improving", ["improving"]),
  looCandidates("static-order", [], orderWithout("static")),
  looCandidates("killer", [], orderWithout("quiet-killer")),
  // LMR by history reads the quiet history, which goes with it (and with
  // it LMR's ply less for killers, which the same option switches on).
  looCandidates(
    "history",
    ["lateMoveReductions.historyDivisor"],
    orderWithout("quiet-history"),
  ),
  looCandidates(
    "killers-and-history",
    ["lateMoveReductions.historyDivisor"],
    WITHOUT_KILLERS_AND_HISTORY,
  ),
  looCandidates("tt-move", [], orderWithout("tt")),
  // Without a table there is no table move and no table in quiescence.
  looCandidates("tt", ["quiescenceTable"], orderWithout("tt"), false),
  looCandidates("futility", ["futility"]),
  looCandidates("razoring", ["razoring"]),
  looCandidates("aspiration", ["aspirationDelta"]),
  looCandidates("check-extensions", ["checkExtensions"]),
  looCandidates("pawn-threats", ["evaluationTerms.pawnThreats"]),
  looCandidates("safe-mobility", ["evaluationTerms.safeMobility"]),
  looCandidates("passer-kings", ["evaluationTerms.passerKings"]),
];

/**
 * The leave-one-out tests of a full engine: {@linkcode ELO_LOO_TESTS} or
 * {@linkcode ELO_LOO_CANDIDATE_TESTS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_LOO_CANDIDATE_TESTS, ELO_LOO_TESTS, looTests } from "./leave_one_out.ts";
 * assert.equal(looTests("selective"), ELO_LOO_TESTS);
 * assert.equal(looTests("candidates"), ELO_LOO_CANDIDATE_TESTS);
 * assert.throws(() => looTests("full" as never), /looTests: engine must be one of selective, candidates, got "full"/);
 * ```
 */
export function looTests(engine: LooEngineName): readonly EloTest[] {
  return looEngineEntry("looTests", engine).tests;
}

/** Why a chess technique of the atlas has no leave-one-out test. */
export const LOO_NOT_TESTED: Readonly<Record<string, string>> = {
  mtdf: "a searcher of its own (no quiescence): not part of the full engine",
  sss: "a searcher of its own (no quiescence): not part of the full engine",
};

/** Why a technique of the atlas has no leave-one-out test of the candidates engine. */
export const LOO_CANDIDATES_NOT_TESTED: Readonly<Record<string, string>> = {
  ...LOO_NOT_TESTED,
  etc:
    "not in the candidates engine: at equal depth it saved 4% of the nodes and cost a fifth of the time",
};

/**
 * What a leave-one-out run's engine is, and why a technique has no test
 * in it: the run's `looEngine` (absent: the selective engine).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_LOO_CANDIDATES_FULL, ELO_LOO_FULL, looRunEngine } from "./leave_one_out.ts";
 * assert.equal(looRunEngine(ELO_LOO_FULL).tests.length, 18);
 * assert.ok("etc" in looRunEngine(ELO_LOO_CANDIDATES_FULL).notTested);
 * ```
 */
export function looRunEngine(settings: EloSettings): LooEngineEntry {
  return looEngineEntry("looRunEngine", settings.looEngine ?? "selective");
}

/**
 * The item of `test` among `items`: the same technique and game, at equal
 * nodes, played by the engine the test names (an item of an older engine
 * is not today's test).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EloItem } from "./elo.ts";
 * import { ELO_LOO_TESTS, looItem } from "./leave_one_out.ts";
 * const test = ELO_LOO_TESTS[0]!;
 * const item = { technique: test.technique, game: "chess", mode: "nodes", engine: test.engine } as EloItem;
 * assert.equal(looItem([item], test), item);
 * assert.equal(looItem([{ ...item, engine: "an older engine" }], test), undefined);
 * ```
 */
export function looItem(
  items: readonly EloItem[],
  test: EloTest,
): EloItem | undefined {
  return items.find((i) =>
    i.technique === test.technique && i.game === test.game &&
    i.mode === "nodes" && i.engine === test.engine
  );
}

/** A full engine of leave-one-out: what it is, its tests, and why a technique has none. */
export interface LooEngineEntry {
  description: string;
  tests: readonly EloTest[];
  notTested: Readonly<Record<string, string>>;
}

/** The full engines by name. */
const LOO_ENGINES: Readonly<Record<LooEngineName, LooEngineEntry>> = {
  selective: {
    description: LOO_ENGINE,
    tests: ELO_LOO_TESTS,
    notTested: LOO_NOT_TESTED,
  },
  candidates: {
    description: LOO_CANDIDATES_ENGINE,
    tests: ELO_LOO_CANDIDATE_TESTS,
    notTested: LOO_CANDIDATES_NOT_TESTED,
  },
};

/** The names of the full engines of leave-one-out, in the order `--engine` lists them. */
export const LOO_ENGINE_NAMES: readonly LooEngineName[] = Object.freeze(
  Object.keys(LOO_ENGINES) as LooEngineName[],
);

/** The engine named `engine`, or an error naming `where` and the names. */
function looEngineEntry(where: string, engine: LooEngineName): LooEngineEntry {
  if (!Object.hasOwn(LOO_ENGINES, engine)) {
    throw new Error(
      `${where}: engine must be one of ${LOO_ENGINE_NAMES.join(", ")}, got ${
        JSON.stringify(engine)
      }`,
    );
  }
  return LOO_ENGINES[engine];
}

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

/**
 * The full run of the candidates engine (`--engine candidates --full`):
 * as {@linkcode ELO_LOO_FULL} at 10,000 nodes a move, where that engine
 * finishes a median depth of 7 on the atlas's 12 first chess middlegames
 * (6…9), every one at least 6 (5,000: median 6, three at 5; 20,000: 8).
 */
export const ELO_LOO_CANDIDATES_FULL: EloSettings = {
  ...ELO_LOO_FULL,
  looEngine: "candidates",
  games: {
    ...ELO_LOO_FULL.games,
    chess: { ...ELO_LOO_FULL.games.chess, nodes: 10_000 },
  },
};

/** The small default of the candidates engine: {@linkcode ELO_LOO_SMALL}'s games. */
export const ELO_LOO_CANDIDATES_SMALL: EloSettings = {
  ...ELO_LOO_SMALL,
  looEngine: "candidates",
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
