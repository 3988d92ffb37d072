/**
 * The atlas's Strength column: for each technique that applies to Connect
 * Four or chess play, an SPRT (`Sprt` of `src/match/sprt.ts`, pentanomial on
 * game pairs) of "engine + technique" against "engine without it", at equal
 * nodes (the same node budget per move for both) and at equal time (the
 * same milliseconds per move: machine-dependent, printed, never judged).
 * On chess each technique is also measured against Stockfish at a fixed
 * skill (`stockfish_elo.ts`).
 *
 * The unit of work is `sprtMatch`'s: a batch of games with its seed (the
 * games task of a job), so a test played here, in order, gives the same
 * records as `sprtMatch` on all cores through the workers (for node
 * budgets, which replay). A finished test is cached per (technique, game,
 * mode, seed, budget, games) beside the atlas's other items, so an
 * interrupted run resumes and a changed setting never reads a stale item.
 *
 * @module
 */

import { Chess } from "../../games/chess/mod.ts";
import { readPgnGames } from "../../games/chess/mod.ts";
import { Random } from "../../random.ts";
import {
  type Adjudication,
  connectFourOpenings,
  type GameRecord,
  inRoundOrder,
  playBatchOnWorkers,
  playGame,
  type ScheduledGame,
  scheduleRoundRobin,
  Sprt,
  type SprtBatch,
  sprtMatch,
  withinPrecision,
} from "../../match/mod.ts";
import {
  createPlayer,
  parsePosition,
  type PlayerSpec,
} from "../../players/mod.ts";
import { openingsFromGames } from "../../uci/mod.ts";
import type { Position } from "../../position.ts";
import { gamesFile } from "../chess/_games.ts";
import { readCache, writeCache } from "./_cache.ts";
import { type LooEngineName, looTests } from "./leave_one_out.ts";

/**
 * Equal nodes (a node budget per move), equal time (milliseconds per
 * move), or against Stockfish at a fixed skill (chess; see
 * `stockfish_elo.ts`).
 */
export type EloMode = "nodes" | "time" | "stockfish";

/** The games the Elo tests play. */
export type EloGame = "connect-four" | "chess";

/** One game's budgets. */
export interface EloGameSettings {
  /** Most games per test at equal nodes (even); the test stops undecided there. */
  maxGames: number;
  /** Most games per test at equal time (even; each move takes its full time). */
  timeGames: number;
  /** Nodes per move at equal nodes (and against Stockfish). */
  nodes: number;
  /** Milliseconds per move at equal time. */
  timeMs: number;
}

/** Stockfish as the common opponent of a chess technique and its baseline. */
export interface StockfishSettings {
  /** Games of each engine against Stockfish (even: each opening with both colours). */
  games: number;
  /** Stockfish's `Skill Level` (0…20). */
  skill: number;
  /** Stockfish's `go depth`. */
  depth: number;
}

/**
 * How a test is built: `"add-one"`, the engine + technique against the
 * engine without it (`ELO_TESTS`); `"leave-one-out"`, the full engine
 * against the full engine less one technique (`looTests`).
 */
export type EloDesign = "add-one" | "leave-one-out";

/** The tests' parameters and budgets. */
export interface EloSettings {
  run: "small" | "full";
  /** Add-one-to-base (absent: the committed runs before leave-one-out) or leave-one-out. */
  design?: EloDesign;
  /** Games ended early by the engines' scores (absent: every game to its end). */
  adjudication?: Adjudication;
  /** H0: the technique gains `elo0` (logistic Elo). */
  elo0: number;
  /** H1: it gains `elo1`. */
  elo1: number;
  /** False-H1 rate. */
  alpha: number;
  /** False-H0 rate. */
  beta: number;
  /** Games per batch (even): the job unit. */
  batchGames: number;
  /** The modes played by `runElo` and the workers (Stockfish is the CLI's, when `stockfish` is set). */
  modes: readonly ("nodes" | "time")[];
  /** Budgets per game. */
  games: Readonly<Record<EloGame, EloGameSettings>>;
  /** Stones of the random Connect Four openings (each played with both colours). */
  stones: number;
  /** Plies of the chess openings cut from `data/chess/games.pgn` (each length once per line). */
  chessPlies: readonly number[];
  /** The Stockfish tests (chess), or null for none. */
  stockfish: StockfishSettings | null;
  /** Seed of the openings and of the schedule. */
  seed: number;
  /**
   * An undecided test also ends, after a batch, once its Elo is known to
   * ±`precision` (`withinPrecision`: at least 100 pairs, the 95% interval
   * within `precision` of the estimate on both sides). Absent: only a
   * decision or the game budget ends a test. Not part of a test's cache
   * name: the batches are the same, only where the test ends moves.
   */
  precision?: number;
  /**
   * The full engine of a leave-one-out run (absent: `"selective"`, the
   * committed run's; see `looTests`). Not part of a test's cache name: the
   * candidates engine's runs keep their games in folders of their own
   * (`atlasEloCacheDir`), and each batch's key holds its players.
   */
  looEngine?: LooEngineName;
}

/** The small default: a loose [0, 100], a few games, tiny budgets (seconds). */
export const ELO_SMALL: EloSettings = {
  run: "small",
  elo0: 0,
  elo1: 100,
  alpha: 0.05,
  beta: 0.05,
  batchGames: 8,
  modes: ["nodes", "time"],
  games: {
    "connect-four": { maxGames: 24, timeGames: 8, nodes: 1000, timeMs: 1 },
    chess: { maxGames: 4, timeGames: 2, nodes: 500, timeMs: 2 },
  },
  stones: 4,
  chessPlies: [8, 12, 16],
  stockfish: null,
  seed: 0,
};

/**
 * The full run: [0, 10] with α = β = 0.05, as fishtest states its tests,
 * and games enough that a technique worth 30 Elo or more is decided.
 */
export const ELO_FULL: EloSettings = {
  run: "full",
  elo0: 0,
  elo1: 10,
  alpha: 0.05,
  beta: 0.05,
  batchGames: 32,
  modes: ["nodes", "time"],
  games: {
    "connect-four": {
      maxGames: 2000,
      timeGames: 200,
      nodes: 5_000,
      timeMs: 5,
    },
    chess: { maxGames: 600, timeGames: 100, nodes: 10_000, timeMs: 10 },
  },
  stones: 4,
  chessPlies: [8, 12, 16],
  stockfish: { games: 100, skill: 5, depth: 5 },
  seed: 0,
};

/** A budget per move. */
export type EloBudget = { maxNodes: number } | { timeMs: number };

/** One Elo test: the technique's player and the player without it. */
export interface EloTest {
  /** The atlas row it belongs to. */
  technique: string;
  game: EloGame;
  /** What the baseline is ("engine without it"). */
  engine: string;
  candidate(budget: EloBudget): PlayerSpec;
  baseline(budget: EloBudget): PlayerSpec;
}

const TABLE = 1 << 16;
/** Plain alpha-beta, columns left to right, no table, deepened by the player. */
const plain = (
  budget: EloBudget,
  extra: Record<string, unknown> = {},
): PlayerSpec => ({
  kind: "search",
  columns: "left-to-right",
  ...budget,
  ...extra,
});
/** The project's engine: centre first, table move, killers, history. */
const engine = (
  budget: EloBudget,
  extra: Record<string, unknown> = {},
  searcher: "alpha-beta" | "pvs" | "mtdf" | "sss" | "deepening" = "alpha-beta",
  order: readonly string[] = ["tt", "killer", "history"],
  table: Record<string, unknown> = { table: TABLE },
): PlayerSpec => ({
  kind: "search",
  searcher,
  ...table,
  ...budget,
  options: { order, ...extra },
} as PlayerSpec);
/**
 * The order of `deno task uci`'s engine (`CHESS_ENGINE_ORDER`) as spec
 * names: table move, captures by MVV-LVA ("static") with the losing ones
 * after the quiet moves, quiet killers, quiet history.
 */
const CHESS_ORDER = [
  "tt",
  "captures",
  "static",
  "quiet-killer",
  "quiet-history",
];
/** The chess engine of `deno task uci`: deepening, table, the engines' order, quiescence. */
const chessEngine = (
  budget: EloBudget,
  extra: Record<string, unknown> = {},
  order: readonly string[] = CHESS_ORDER,
): PlayerSpec => ({
  kind: "search",
  searcher: "deepening",
  table: TABLE,
  ...budget,
  options: { order, quiescence: true, ...extra },
} as PlayerSpec);
const without = (name: string) => CHESS_ORDER.filter((o) => o !== name);
const PLAIN = "plain alpha-beta (columns left to right, no table), deepened";
const PLAIN_ID = "iterative deepening, no hint, no table (left to right)";
const ENGINE =
  "alpha-beta with table move, killers, history (centre first), deepened";
const ENGINE_ID = "the engine's iterative deepening with the previous move";
const CHESS =
  "the base engine (the UCI engine before its selective search): deepening, table, captures by MVV-LVA (losing ones by SEE after the quiet moves), quiet killers, quiet history, quiescence";
/** The chess engine the committed full run played before its order became the engines' (killers before every capture). */
export const OLD_CHESS_ENGINE =
  "the UCI engine: deepening, table, MVV-LVA, killers, history, quiescence";
const C4_MARGINS = [100, 300];
const CHESS_MARGINS = [100, 300];

const c4 = (
  technique: string,
  engineName: string,
  candidate: (b: EloBudget) => PlayerSpec,
  baseline: (b: EloBudget) => PlayerSpec,
): EloTest => ({
  technique,
  game: "connect-four",
  engine: engineName,
  candidate,
  baseline,
});
const chess = (
  technique: string,
  candidate: (b: EloBudget) => PlayerSpec,
  baseline: (b: EloBudget) => PlayerSpec = (b) => chessEngine(b),
  engineName = CHESS,
): EloTest => ({
  technique,
  game: "chess",
  engine: engineName,
  candidate,
  baseline,
});

/** The Elo tests, one per technique and game where the technique applies to play. */
export const ELO_TESTS: readonly EloTest[] = [
  c4(
    "static-order",
    PLAIN,
    (b) => plain(b, { options: { order: "static" } }),
    (b) => plain(b),
  ),
  c4(
    "killer",
    PLAIN,
    (b) => plain(b, { options: { order: "killer" } }),
    (b) => plain(b),
  ),
  c4(
    "history",
    PLAIN,
    (b) => plain(b, { options: { order: "history" } }),
    (b) => plain(b),
  ),
  c4(
    "tt-move-only",
    PLAIN,
    (b) => plain(b, { table: TABLE, options: { tableCutoffs: false } }),
    (b) => plain(b),
  ),
  c4("tt", PLAIN, (b) => plain(b, { table: TABLE }), (b) => plain(b)),
  c4(
    "previous-move",
    PLAIN_ID,
    (b) => plain(b, { searcher: "deepening", options: { previous: "move" } }),
    (b) => plain(b, { searcher: "deepening", options: { previous: "none" } }),
  ),
  c4(
    "aspiration",
    ENGINE_ID,
    (b) => engine(b, { previous: "move", aspirationDelta: 50 }, "deepening"),
    (b) => engine(b, { previous: "move" }, "deepening"),
  ),
  c4("pvs", ENGINE, (b) => engine(b, {}, "pvs"), (b) => engine(b)),
  c4("mtdf", ENGINE, (b) => engine(b, {}, "mtdf"), (b) => engine(b)),
  c4("sss", ENGINE, (b) => engine(b, {}, "sss"), (b) => engine(b)),
  c4(
    "etc",
    ENGINE,
    (b) => engine(b, { enhancedCutoffs: true }),
    (b) => engine(b),
  ),
  c4(
    "lmr",
    ENGINE,
    (b) => engine(b, { lateMoveReductions: {} }),
    (b) => engine(b),
  ),
  c4(
    "futility",
    ENGINE,
    (b) => engine(b, { futility: { margins: C4_MARGINS } }),
    (b) => engine(b),
  ),
  c4(
    "razoring",
    ENGINE,
    (b) => engine(b, { razoring: { margins: C4_MARGINS } }),
    (b) => engine(b),
  ),
  c4(
    "mcts",
    "plain UCT (MCTS-Solver against it)",
    (b) => ({ kind: "mcts", solver: true, seed: 1, ...b }),
    (b) => ({ kind: "mcts", seed: 2, ...b }),
  ),
  chess(
    "static-order",
    (b) => chessEngine(b),
    (b) => chessEngine(b, {}, without("static")),
  ),
  chess(
    "killer",
    (b) => chessEngine(b),
    (b) => chessEngine(b, {}, without("quiet-killer")),
  ),
  chess(
    "history",
    (b) => chessEngine(b),
    (b) => chessEngine(b, {}, without("quiet-history")),
  ),
  chess(
    "quiescence",
    (b) => chessEngine(b),
    (b) => ({
      kind: "search",
      searcher: "deepening",
      table: TABLE,
      ...b,
      options: { order: CHESS_ORDER },
    } as PlayerSpec),
  ),
  chess("aspiration", (b) => chessEngine(b, { aspirationDelta: 50 })),
  chess("null-move", (b) => chessEngine(b, { nullMove: {} })),
  chess("lmr", (b) => chessEngine(b, { lateMoveReductions: {} })),
  chess(
    "futility",
    (b) => chessEngine(b, { futility: { margins: CHESS_MARGINS } }),
  ),
  chess(
    "razoring",
    (b) => chessEngine(b, { razoring: { margins: CHESS_MARGINS } }),
  ),
  chess("check-extensions", (b) => chessEngine(b, { checkExtensions: true })),
  // The table's test: without a table there is no table move either.
  chess(
    "tt",
    (b) => chessEngine(b),
    (b) => ({
      kind: "search",
      searcher: "deepening",
      ...b,
      options: { order: without("tt"), quiescence: true },
    } as PlayerSpec),
  ),
  chess("etc", (b) => chessEngine(b, { enhancedCutoffs: true })),
];

/**
 * Why a chess row of the atlas has no Elo test (add-one-to-base): the
 * chess engine is the deepening searcher, the only one with quiescence,
 * and it has no switch for these searchers.
 */
export const ELO_CHESS_NOT_TESTED: Readonly<Record<string, string>> = {
  pvs:
    "no test: PVS is a searcher of its own, without quiescence, so neither the engine with it nor a like-for-like baseline can be built (the deepening searcher has no PVS switch)",
  mtdf: "no test: a searcher of its own, without quiescence",
  sss: "no test: a searcher of its own, without quiescence",
};

/**
 * Atlas rows whose Elo test would be another row's, game by game: on
 * Connect Four, alpha-beta with a table deepened by the player tries the
 * table's move first, which is the previous iteration's best move, so
 * "deepening + table + previous move" plays the same games as the table's
 * test (the committed full run had both: the same counts on every pair).
 */
export const ELO_ONE_EXPERIMENT: Readonly<
  Record<string, { game: EloGame; technique: string }>
> = {
  "deepening-tt": { game: "connect-four", technique: "tt" },
};

/** Why an atlas row that applies to Connect Four has no Elo test. */
export const ELO_NOT_TESTED: Readonly<Record<string, string>> = {
  "alpha-beta": "the baseline",
  minimax: "not an anytime player (no node-budgeted deepening of negamax)",
  deepening: "every Elo player deepens: the base of the tests",
  "null-move": "n/a on Connect Four (zugzwang: the null move is unsound)",
};

/** An Elo estimate and its 95% interval; null where infinite (every game won or lost). */
export type EloTriple = [number | null, number | null, number | null];

/** One finished test: the cached unit. */
export interface EloItem {
  technique: string;
  game: EloGame;
  mode: EloMode;
  seed: number;
  /** Nodes or milliseconds per move. */
  budget: number;
  engine: string;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  /** H0, H1, or null: undecided at the game budget (always null against Stockfish: no SPRT). */
  decision: "H0" | "H1" | null;
  /** Elo estimate and its 95% interval (null where infinite: every pair won or lost). */
  elo: { estimate: number | null; low: number | null; high: number | null };
  llr: number;
  /** The LLR's bounds [A, B]. */
  bounds: [number, number];
  /** Pairs the test counted. */
  pairs: number;
  /** Games played (a decided batch is played to its end). */
  games: number;
  /** Pentanomial counts of the candidate's pair scores 0, ½, 1, 1½, 2 (against Stockfish: [] ). */
  counts: number[];
  /** Set when the test was stopped before its end (read from its cached batches): undecided so far, never a result. */
  partial?: true;
  /** Set when the test ended undecided with its Elo known to ±this (the settings' `precision`): a result, without a decision. */
  precision?: number;
  /** Against Stockfish: each engine's Elo over Stockfish. */
  stockfish?: {
    skill: number;
    depth: number;
    candidate: EloTriple;
    baseline: EloTriple;
    /**
     * The seeds of the candidate's and the baseline's own games (each row
     * its own); absent in the committed run before issue 25, whose rows
     * shared one set of games by the full engine.
     */
    seeds?: { candidate: number; baseline: number };
  };
}

// `+ 0` turns −0 into 0, which is what JSON gives back from the cache.
const r1 = (x: number) =>
  Number.isFinite(x) ? Math.round(x * 10) / 10 + 0 : null;
const r3 = (x: number) => Math.round(x * 1000) / 1000 + 0;

/** Random Connect Four openings of `stones` stones, as text. */
function connectFourEloOpenings(count: number, settings: EloSettings) {
  return connectFourOpenings(count, {
    stones: settings.stones,
    seed: settings.seed + 1,
  }).map(String);
}

/** A chess opening of the tests: its moves from the start and its FEN. */
export interface ChessEloOpening {
  name: string;
  /** The moves from the start position, in UCI. */
  moves: string[];
  /** The position after them. */
  fen: string;
}

let chessLines: ChessEloOpening[] | null = null;

/**
 * The chess openings: the distinct first `plies` moves of the games of
 * `data/chess/games.pgn` for each length of `settings.chessPlies`, shuffled
 * by the seed, the first `count`. Real openings, as balanced as the
 * players made them; several lengths give more lines than the 281 of one.
 *
 * @throws {Error} when the file holds fewer than `count` such lines
 *
 * @example Ten openings, each a real line and its position
 * ```ts
 * import assert from "node:assert/strict";
 * import { chessEloOpenings, ELO_FULL } from "./elo.ts";
 * const openings = chessEloOpenings(10, ELO_FULL);
 * assert.equal(new Set(openings.map((o) => o.fen)).size, 10);
 * assert.ok(openings.every((o) => [8, 12, 16].includes(o.moves.length)));
 * ```
 */
export function chessEloOpenings(
  count: number,
  settings: EloSettings,
): ChessEloOpening[] {
  if (chessLines === null) {
    const lengths = [8, 10, 12, 14, 16, 18, 20];
    // openingsFromGames takes games longer than the line: one ply more is
    // all it reads of each.
    const games = readPgnGames(gamesFile(), {
      maxPlies: Math.max(...lengths) + 1,
    });
    const seen = new Set<string>();
    chessLines = [];
    for (const plies of lengths) {
      for (const opening of openingsFromGames(games, plies)) {
        const position = Chess.start();
        for (const uci of opening.moves) {
          position.play(position.moveFromUci(uci));
        }
        const fen = position.toFen();
        if (seen.has(fen) || position.isTerminal()) continue;
        seen.add(fen);
        chessLines.push({ name: opening.name, moves: opening.moves, fen });
      }
    }
  }
  const lines = chessLines.filter((o) =>
    settings.chessPlies.includes(o.moves.length)
  );
  const random = new Random(settings.seed + 1);
  for (let i = lines.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  if (lines.length < count) {
    throw new Error(
      `chessEloOpenings: ${count} openings needed, data/chess/games.pgn has ${lines.length} of ${
        settings.chessPlies.join(", ")
      } plies`,
    );
  }
  return lines.slice(0, count);
}

/**
 * The openings of a test: `maxGames / 2` of them, each played with both
 * colours, as position text (Connect Four's columns, chess's FEN).
 */
export function eloOpenings(
  settings: EloSettings,
  game: EloGame = "connect-four",
  mode: "nodes" | "time" = "nodes",
): string[] {
  const count = Math.max(gamesOf(settings, game, mode) / 2, 1);
  return game === "chess"
    ? chessEloOpenings(count, settings).map((o) => o.fen)
    : connectFourEloOpenings(count, settings);
}

/** Plays a batch here, game by game, as a worker does (`_match_worker.ts`). */
export function playBatchHere(task: SprtBatch): GameRecord[] {
  const players = task.players.map((spec) => createPlayer(task.game, spec));
  return task.games.map((game: ScheduledGame) => {
    const opening: Position = parsePosition(
      task.game,
      task.openings[game.opening]!,
    );
    const [first, second] = game.seats;
    const record = playGame(
      opening,
      players[first]!,
      players[second]!,
      game.seed,
      task.adjudication === undefined
        ? {}
        : { adjudication: task.adjudication },
    );
    record.round = game.round;
    record.seats = game.seats;
    return record;
  });
}

function candidateScore(record: GameRecord): 0 | 0.5 | 1 {
  const first = record.result === "1-0" ? 1 : record.result === "0-1" ? 0 : 0.5;
  return (record.seats[0] === 0 ? first : 1 - first) as 0 | 0.5 | 1;
}

function gamesOf(
  settings: EloSettings,
  game: EloGame,
  mode: "nodes" | "time",
): number {
  const budgets = settings.games[game];
  return mode === "nodes" ? budgets.maxGames : budgets.timeGames;
}

function budgetOf(
  settings: EloSettings,
  game: EloGame,
  mode: "nodes" | "time",
): EloBudget {
  const budgets = settings.games[game];
  return mode === "nodes"
    ? { maxNodes: budgets.nodes }
    : { timeMs: budgets.timeMs };
}

function toItem(
  test: EloTest,
  settings: EloSettings,
  mode: "nodes" | "time",
  status: ReturnType<Sprt["status"]>,
  games: number,
): EloItem {
  const budgets = settings.games[test.game];
  return {
    technique: test.technique,
    game: test.game,
    mode,
    seed: settings.seed,
    budget: mode === "nodes" ? budgets.nodes : budgets.timeMs,
    engine: test.engine,
    elo0: settings.elo0,
    elo1: settings.elo1,
    alpha: settings.alpha,
    beta: settings.beta,
    decision: status.decision,
    elo: {
      estimate: r1(status.elo.estimate),
      low: r1(status.elo.lower95),
      high: r1(status.elo.upper95),
    },
    llr: r3(status.llr),
    bounds: [r3(status.lower), r3(status.upper)],
    pairs: status.pairs,
    games,
    counts: status.counts,
    ...(settings.precision !== undefined &&
        withinPrecision(status, settings.precision)
      ? { precision: settings.precision }
      : {}),
  };
}

/**
 * Runs one Elo test here (one core), batch by batch in the order
 * `sprtMatch` plays them: the same records, the same decision.
 *
 * Work is bounded by `settings.maxGames` games, each move by the budget.
 *
 * @param test the test
 * @param settings elo0/elo1/α/β, budgets, openings
 * @param mode equal nodes or equal time
 * @param cacheFile the test's cache file: each batch is cached beside it
 *   and read back, so a stopped test resumes at its last batch
 * @param newBatches most batches to play that are not in the cache (0:
 *   read the cached batches only); a test that needs more is returned
 *   `partial`, where it stands
 * @returns the finished test, or where it stands when `newBatches` ran out
 *
 * @example Static order at 1,000 nodes per move, a few pairs
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_SMALL, ELO_TESTS, runEloTest } from "./elo.ts";
 * const test = ELO_TESTS.find((t) => t.technique === "static-order")!;
 * const small = { ...ELO_SMALL, batchGames: 4 };
 * const item = runEloTest(test, { ...small, games: { ...small.games, "connect-four": { ...small.games["connect-four"], maxGames: 4 } } }, "nodes");
 * assert.ok(item.games === 4 && item.pairs <= 2);
 * ```
 */
export function runEloTest(
  test: EloTest,
  settings: EloSettings,
  mode: "nodes" | "time",
  cacheFile?: string,
  newBatches = Infinity,
): EloItem {
  const budget = budgetOf(settings, test.game, mode);
  const players = [test.candidate(budget), test.baseline(budget)];
  const openings = eloOpenings(settings, test.game, mode);
  const maxGames = gamesOf(settings, test.game, mode);
  const sprt = new Sprt({
    elo0: settings.elo0,
    elo1: settings.elo1,
    alpha: settings.alpha,
    beta: settings.beta,
  });
  const schedule = scheduleRoundRobin(2, openings.length, {
    gamesPerPair: maxGames,
    seed: settings.seed,
  });
  let played = 0;
  const precise = () =>
    settings.precision !== undefined &&
    withinPrecision(sprt.status(), settings.precision);
  while (played < maxGames && sprt.decision === null && !precise()) {
    const games = schedule.slice(played, played + settings.batchGames);
    const task: SprtBatch = {
      kind: "games",
      game: test.game,
      players,
      openings,
      games,
      ...adjudicationOf(settings),
    };
    const file = batchFile(cacheFile, settings, played / settings.batchGames);
    const cached = cachedBatch(file, task);
    if (cached === undefined && newBatches-- <= 0) {
      return {
        ...toItem(test, settings, mode, sprt.status(), played),
        partial: true,
      };
    }
    // A cached batch comes back in round order (cachedBatch); pairs need it.
    const records = cached ?? inRoundOrder(
      savedBatch(file, task, playBatchHere(task)),
      task,
      `runEloTest: the records of batch ${played / settings.batchGames}`,
    );
    played += records.length;
    for (let k = 0; k + 1 < records.length; k += 2) {
      if (sprt.decision !== null) break;
      sprt.addPair(
        candidateScore(records[k]!),
        candidateScore(records[k + 1]!),
      );
    }
  }
  return toItem(test, settings, mode, sprt.status(), played);
}

/**
 * Runs one Elo test on all cores through the workers (`sprtMatch`), or
 * through `playBatch` (NATS workers): the same item as
 * {@linkcode runEloTest} for node budgets.
 *
 * @param test the test
 * @param settings elo0/elo1/α/β, budgets, openings
 * @param mode equal nodes or equal time
 * @param workers Deno workers (default all cores)
 * @param playBatch plays a batch elsewhere (default: on the Deno workers)
 * @returns the finished test
 */
export async function runEloTestOnWorkers(
  test: EloTest,
  settings: EloSettings,
  mode: "nodes" | "time",
  workers: number = navigator.hardwareConcurrency,
  playBatch?: (task: SprtBatch) => Promise<GameRecord[]>,
  cacheFile?: string,
  progress?: (message: string) => void,
): Promise<EloItem> {
  const budget = budgetOf(settings, test.game, mode);
  const play = playBatch ?? ((task) => playBatchOnWorkers(task, workers));
  const result = await sprtMatch({
    game: test.game,
    candidate: test.candidate(budget),
    baseline: test.baseline(budget),
    openings: eloOpenings(settings, test.game, mode),
    elo0: settings.elo0,
    elo1: settings.elo1,
    alpha: settings.alpha,
    beta: settings.beta,
    maxGames: gamesOf(settings, test.game, mode),
    ...(settings.precision === undefined
      ? {}
      : { precision: settings.precision }),
    batchGames: settings.batchGames,
    seed: settings.seed,
    workers,
    ...adjudicationOf(settings),
    // Each batch is cached as it finishes, so a stopped test resumes there.
    playBatch: async (task, index) => {
      const file = batchFile(cacheFile, settings, index);
      return cachedBatch(file, task) ??
        savedBatch(file, task, await play(task));
    },
    onBatch: (status) =>
      progress?.(
        `atlas elo: ${test.technique} on ${test.game} (${mode}): ${status.gamesPlayed} games, ${
          formatStatus(status)
        }`,
      ),
  });
  return toItem(test, settings, mode, result, result.gamesPlayed);
}

/** The settings' adjudication as an option (none when absent). */
function adjudicationOf(
  settings: EloSettings,
): { adjudication?: Adjudication } {
  return settings.adjudication === undefined
    ? {}
    : { adjudication: settings.adjudication };
}

/**
 * The cache file of one batch of a test: the test's file and the batch's
 * place (games per batch and index), so a stopped test resumes at the
 * batch it stopped in.
 */
function batchFile(
  file: string | undefined,
  settings: EloSettings,
  index: number,
): string | undefined {
  return file?.replace(/\.json$/, `__b${settings.batchGames}-${index}.json`);
}

/** A cached batch: its players and games must be the task's, else it is played again. */
interface CachedBatch {
  players: string;
  adjudication: string;
  rounds: number[];
  records: GameRecord[];
}

function batchKey(task: SprtBatch) {
  return {
    players: JSON.stringify(task.players),
    adjudication: JSON.stringify(task.adjudication ?? null),
    rounds: task.games.map((g) => g.round),
  };
}

function cachedBatch(
  file: string | undefined,
  task: SprtBatch,
): GameRecord[] | undefined {
  const cached = readCache<CachedBatch>(file);
  if (cached === undefined) return undefined;
  const key = batchKey(task);
  if (
    cached.players !== key.players ||
    cached.adjudication !== key.adjudication ||
    JSON.stringify(cached.rounds) !== JSON.stringify(key.rounds) ||
    !Array.isArray(cached.records)
  ) return undefined;
  try {
    return inRoundOrder(cached.records, task, "cached batch");
  } catch {
    return undefined; // A cut or edited file: its games are played again.
  }
}

function savedBatch(
  file: string | undefined,
  task: SprtBatch,
  records: GameRecord[],
): GameRecord[] {
  writeCache(file, { ...batchKey(task), records } satisfies CachedBatch);
  return records;
}

/** An SPRT's standing in a line: `Elo +12 [−3, +27], LLR 1.2 in [−2.94, 2.94]`. */
function formatStatus(status: ReturnType<Sprt["status"]>): string {
  const e = status.elo;
  const f = (x: number) => Number.isFinite(x) ? signed(r1(x)) : "∞";
  return `Elo ${f(e.estimate)} [${f(e.lower95)}, ${f(e.upper95)}], LLR ${
    r3(status.llr)
  } in [${r3(status.lower)}, ${r3(status.upper)}], ${
    status.decision ?? "undecided"
  }`;
}

/** Options of {@linkcode runElo}. */
export interface RunEloOptions {
  /** The per-item cache folder (absent: no cache). */
  cacheDir?: string;
  progress?: (message: string) => void;
  /** Called once per test actually run (not read from the cache). */
  onCompute?: (technique: string, mode: EloMode) => void;
  /** Only these techniques (default every test). */
  techniques?: readonly string[];
  /** Only these games (default both). */
  games?: readonly EloGame[];
  /** Play on this many workers (`sprtMatch`); absent: here, on one core. */
  workers?: number;
  /**
   * Most batches each test plays in this call beyond its cached ones
   * (default no limit): a test not finished then is returned `partial`
   * and resumes from its batches in the next call, so a time-boxed run can
   * give every technique a few batches in turn.
   */
  maxBatches?: number;
  /** `runEloOnWorkers` only: plays a batch elsewhere (`sprtBatchesOverNats`: NATS workers on other machines). */
  playBatch?: (task: SprtBatch) => Promise<GameRecord[]>;
}

/**
 * The cache file of one test: every setting that changes its games is in
 * the name, so a changed budget or game count never reads a stale item.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_FULL, ELO_TESTS, eloCacheFile } from "./elo.ts";
 * const test = ELO_TESTS.find((t) => t.technique === "null-move")!;
 * assert.equal(
 *   eloCacheFile(".atlas-cache", ELO_FULL, test, "nodes"),
 *   ".atlas-cache/full__elo-nodes-null-move__chess__0__0-10-n10000x600.json",
 * );
 * ```
 */
export function eloCacheFile(
  dir: string,
  settings: EloSettings,
  test: EloTest,
  mode: EloMode,
): string {
  const budgets = settings.games[test.game];
  const sf = settings.stockfish;
  const shape = mode === "nodes"
    ? `n${budgets.nodes}x${budgets.maxGames}`
    : mode === "time"
    ? `t${budgets.timeMs}x${budgets.timeGames}`
    : `n${budgets.nodes}-sf${sf?.skill}d${sf?.depth}x${sf?.games}`;
  // Settings the committed add-one runs did not have add to the name only when set.
  const design = settings.design === "leave-one-out" ? "loo-" : "";
  const adj = settings.adjudication;
  const rules = adj === undefined
    ? ""
    : `-adj${
      adj.resign === undefined ? "" : `r${adj.resign.score}x${adj.resign.moves}`
    }${
      adj.draw === undefined
        ? ""
        : `d${adj.draw.score}x${adj.draw.moves}a${adj.draw.afterPly}`
    }`;
  const plies =
    settings.chessPlies.join("-") === "8-12-16" || test.game !== "chess"
      ? ""
      : `-p${settings.chessPlies.join("-")}`;
  return `${dir}/${settings.run}__elo-${design}${mode}-${test.technique}__${test.game}__${settings.seed}__${settings.elo0}-${settings.elo1}-${shape}${rules}${plies}.json`;
}

/**
 * The tests `options` selects (by technique and game).
 *
 * @example The chess tests
 * ```ts
 * import assert from "node:assert/strict";
 * import { selectedEloTests } from "./elo.ts";
 * const chess = selectedEloTests({ games: ["chess"] });
 * assert.ok(chess.length > 0 && chess.every((t) => t.game === "chess"));
 * ```
 */
export function selectedEloTests(
  options: RunEloOptions = {},
  design: EloDesign = "add-one",
  looEngine: LooEngineName = "selective",
): EloTest[] {
  const tests = design === "leave-one-out" ? looTests(looEngine) : ELO_TESTS;
  return tests.filter((t) =>
    (options.techniques === undefined ||
      options.techniques.includes(t.technique)) &&
    (options.games === undefined || options.games.includes(t.game))
  );
}

/**
 * The selected tests' units in order, each with its cache file (undefined
 * without a cache folder, which is made here): every mode of the settings,
 * then, for a chess test with Stockfish set and a cache, its Stockfish item.
 */
function* eloUnits(
  settings: EloSettings,
  options: RunEloOptions,
): Generator<{ test: EloTest; mode: EloMode; file: string | undefined }> {
  const dir = options.cacheDir;
  if (dir !== undefined) Deno.mkdirSync(dir, { recursive: true });
  for (
    const test of selectedEloTests(options, settings.design, settings.looEngine)
  ) {
    for (const mode of settings.modes) {
      yield {
        test,
        mode,
        file: dir && eloCacheFile(dir, settings, test, mode),
      };
    }
    if (test.game === "chess" && settings.stockfish !== null && dir) {
      const file = eloCacheFile(dir, settings, test, "stockfish");
      yield { test, mode: "stockfish", file };
    }
  }
}

/**
 * A cached item of `test`, or undefined when there is none or it was played
 * against another engine than the test's today (the cache file's name
 * holds the settings, not the engine, so a changed engine is caught here).
 */
function cachedItem(
  file: string | undefined,
  test: EloTest,
): EloItem | undefined {
  const cached = readCache<EloItem>(file);
  return cached?.engine === test.engine ? cached : undefined;
}

/** A test just played: cached, reported, returned. */
function saved(
  options: RunEloOptions,
  file: string | undefined,
  item: EloItem,
): EloItem {
  writeCache(file, item);
  options.onCompute?.(item.technique, item.mode);
  options.progress?.(
    `atlas elo: ${item.technique} on ${item.game} (${item.mode}) ${
      item.decision ?? "undecided"
    } after ${item.games} games`,
  );
  return item;
}

/**
 * Runs every Elo test here (one core), each read from the cache when
 * there and played against the test's engine, so an interrupted run
 * resumes and a test whose engine changed is played again. The chess tests against Stockfish
 * are only read from the cache (`deno task atlas-elo` plays them): this
 * function starts no process.
 *
 * @param settings {@linkcode ELO_SMALL} or {@linkcode ELO_FULL}
 * @param options cache, progress, techniques, games
 * @returns the items, by test and mode
 *
 * @example One technique, equal nodes only
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_SMALL, runElo } from "./elo.ts";
 * const items = runElo({ ...ELO_SMALL, modes: ["nodes"] }, { techniques: ["killer"], games: ["connect-four"] });
 * assert.equal(items.length, 1);
 * ```
 */
export function runElo(
  settings: EloSettings,
  options: RunEloOptions = {},
): EloItem[] {
  const items: EloItem[] = [];
  for (const { test, mode, file } of eloUnits(settings, options)) {
    const cached = cachedItem(file, test);
    if (mode === "stockfish") {
      if (cached !== undefined) items.push(cached);
    } else {
      if (cached !== undefined) {
        items.push(cached);
        continue;
      }
      const item = runEloTest(
        test,
        settings,
        mode,
        file,
        options.maxBatches ?? Infinity,
      );
      items.push(
        item.partial ? stopped(options, item) : saved(options, file, item),
      );
    }
  }
  return items;
}

/**
 * Where each selected test stands in the cache, playing nothing: its
 * finished item, or the item of its cached batches marked `partial` (a run
 * stopped in it), or null when none of its games is cached ("not run").
 *
 * @param settings the run's settings
 * @param options `cacheDir` (required), techniques, games
 * @returns one entry per test and mode of the settings
 * @throws {Error} without `cacheDir`
 *
 * @example Nothing cached: every test "not run"
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_LOO_SMALL, eloStanding } from "../mod.ts";
 * const dir = Deno.makeTempDirSync();
 * const standing = eloStanding(ELO_LOO_SMALL, { cacheDir: dir, techniques: ["etc"] });
 * assert.deepEqual(standing.map((s) => [s.test.technique, s.item]), [["etc", null]]);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function eloStanding(
  settings: EloSettings,
  options: RunEloOptions,
): { test: EloTest; mode: "nodes" | "time"; item: EloItem | null }[] {
  if (options.cacheDir === undefined) {
    throw new Error("eloStanding: options.cacheDir is required, got undefined");
  }
  const standing = [];
  for (const { test, mode, file } of eloUnits(settings, options)) {
    if (mode === "stockfish") continue;
    const item = cachedItem(file, test) ??
      runEloTest(test, settings, mode, file, 0);
    standing.push({ test, mode, item: item.games === 0 ? null : item });
  }
  return standing;
}

/**
 * Runs every Elo test on all cores through the workers, each read from the
 * cache when there: fills the cache that {@linkcode runElo} then reads.
 *
 * @param settings {@linkcode ELO_SMALL} or {@linkcode ELO_FULL}
 * @param options cache, progress, techniques, games, workers
 * @returns the items, by test and mode
 */
export async function runEloOnWorkers(
  settings: EloSettings,
  options: RunEloOptions = {},
): Promise<EloItem[]> {
  const items: EloItem[] = [];
  for (const { test, mode, file } of eloUnits(settings, options)) {
    if (mode === "stockfish") continue;
    const cached = cachedItem(file, test);
    if (cached !== undefined) {
      items.push(cached);
      continue;
    }
    // `maxBatches` new batches, then the test stops where it stands.
    let left = options.maxBatches ?? Infinity;
    const play = options.playBatch ??
      ((task: SprtBatch) =>
        playBatchOnWorkers(
          task,
          options.workers ?? navigator.hardwareConcurrency,
        ));
    const limited = (task: SprtBatch) => {
      if (left-- <= 0) return Promise.reject(new BatchLimit());
      return play(task);
    };
    try {
      items.push(saved(
        options,
        file,
        await runEloTestOnWorkers(
          test,
          settings,
          mode,
          options.workers,
          limited,
          file,
          options.progress,
        ),
      ));
    } catch (error) {
      if (!(error instanceof BatchLimit)) throw error;
      items.push(stopped(options, runEloTest(test, settings, mode, file, 0)));
    }
  }
  return items;
}

/** Thrown by a `playBatch` past `maxBatches`: the test stops where it stands. */
class BatchLimit extends Error {
  constructor() {
    super("maxBatches new batches played");
  }
}

/** A test stopped by `maxBatches`: reported, not cached as finished (its batches are). */
function stopped(options: RunEloOptions, item: EloItem): EloItem {
  options.progress?.(
    `atlas elo: ${item.technique} on ${item.game} (${item.mode}) stopped after ${item.games} games (maxBatches), undecided so far`,
  );
  return item;
}

/** Signed Elo, whole numbers, one decimal below 1 so that a small bound never reads "−0". */
/**
 * An Elo figure rounded to a whole number, as every atlas text writes one:
 * half-way values go away from zero, so that −4.5 and +4.5 round to −5 and
 * +5 alike. `Math.round` takes −4.5 to −4, and the Strength column and the
 * decision tree's sentences printed the same interval as [−5, …] and
 * [−4, …] when one rounded the magnitude and the other the value.
 *
 * @param x an Elo difference
 * @returns `x` rounded half away from zero
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { roundElo } from "./elo.ts";
 * assert.deepEqual([-4.5, 4.5, -0.5, 2.4, -2.6].map(roundElo), [-5, 5, -1, 2, -3]);
 * ```
 */
export function roundElo(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

const signed = (x: number | null) => {
  if (x === null) return "∞";
  const sign = x > 0 ? "+" : x < 0 ? "−" : "";
  const size = Math.abs(x);
  return `${sign}${
    size > 0 && size < 1 ? size.toFixed(1) : Math.abs(roundElo(x))
  }`;
};

/**
 * An item as the Strength column shows it: `+35 [−10, +80], 120 games, H1`,
 * the games being those the SPRT counted (its pairs) and the ones played
 * past its decision named apart, and a test whose every pair scored 1–1
 * said so (`0 [−0.3, +0.3], 204 games (224 played), every pair 1–1, H0`);
 * against Stockfish `+35 [−10, +80] (+120 vs +85 over Stockfish), 200 games`
 * (a row whose baseline games other rows shared, as in the committed run
 * before issue 25, says so).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type EloItem, formatElo } from "./elo.ts";
 * const item = { elo: { estimate: 0, low: -0.3, high: 0.3 }, pairs: 102, games: 224, counts: [0, 0, 102, 0, 0], decision: "H0" } as EloItem;
 * assert.equal(formatElo(item), "0 [−0.3, +0.3], 204 games (224 played), every pair 1–1, H0");
 * const known = { elo: { estimate: -4, low: -28.5, high: 20.1 }, pairs: 210, games: 420, counts: [10, 60, 70, 55, 15], decision: null, precision: 25 } as EloItem;
 * assert.equal(formatElo(known), "−4 [−29, +20], 420 games, undecided, known to ±25 (ended there)");
 * ```
 */
export function formatElo(item: EloItem): string {
  const { estimate, low, high } = item.elo;
  const est = estimate === null ? "n/a" : signed(estimate);
  const lo = low === null ? "−∞" : signed(low);
  const hi = high === null ? "+∞" : signed(high);
  if (item.stockfish !== undefined) {
    const over = (x: number | null) => x === null ? "±∞" : signed(x);
    return `${est} [${lo}, ${hi}] (${over(item.stockfish.candidate[0])} vs ${
      over(item.stockfish.baseline[0])
    } over Stockfish), ${item.games} games`;
  }
  const counted = 2 * item.pairs;
  const played = item.games > counted ? ` (${item.games} played)` : "";
  const even = item.pairs > 0 && item.counts[2] === item.pairs
    ? ", every pair 1–1"
    : "";
  return `${est} [${lo}, ${hi}], ${counted} games${played}${even}, ${
    item.partial ? "stopped before its end, undecided so far" : item.decision ??
      (item.precision === undefined
        ? "undecided"
        : `undecided, known to ±${item.precision} (ended there)`)
  }`;
}
