/**
 * The atlas's Strength column: for each technique that applies to Connect
 * Four play, an SPRT (`Sprt` of `src/play/sprt.ts`, pentanomial on game
 * pairs) of "engine + technique" against "engine without it", at equal
 * nodes (the same node budget per move for both) and at equal time (the
 * same milliseconds per move: machine-dependent, printed, never judged).
 *
 * The unit of work is `sprtMatch`'s: a batch of games with its seed (the
 * games task of a job), so a test played here, in order, gives the same
 * records as `sprtMatch` on all cores through the workers (for node
 * budgets, which replay). A finished test is cached per (technique, game,
 * mode, seed) beside the atlas's other items, so an interrupted run
 * resumes.
 *
 * @module
 */

import { ConnectFour } from "../../games/connect_four.ts";
import {
  connectFourOpenings,
  createPlayer,
  type GameRecord,
  type PlayerSpec,
  playGame,
  type ScheduledGame,
  scheduleRoundRobin,
  Sprt,
  type SprtBatch,
  sprtMatch,
} from "../../play/mod.ts";
import type { Position } from "../../position.ts";

/** Equal nodes (a node budget per move) or equal time (milliseconds per move). */
export type EloMode = "nodes" | "time";

/** The test's parameters and budgets. */
export interface EloSettings {
  run: "small" | "full";
  /** H0: the technique gains `elo0` (logistic Elo). */
  elo0: number;
  /** H1: it gains `elo1`. */
  elo1: number;
  /** False-H1 rate. */
  alpha: number;
  /** False-H0 rate. */
  beta: number;
  /** Most games per test at equal nodes (even); the test stops undecided there. */
  maxGames: number;
  /** Most games per test at equal time (even; each move takes its full time). */
  timeGames: number;
  /** Games per batch (even): the job unit. */
  batchGames: number;
  /** Nodes per move at equal nodes. */
  nodes: number;
  /** Milliseconds per move at equal time. */
  timeMs: number;
  modes: readonly EloMode[];
  /** Stones of the random Connect Four openings (each played with both colours). */
  stones: number;
  /** Seed of the openings and of the schedule. */
  seed: number;
}

/** The small default: a loose [0, 100], a few games, tiny budgets (seconds). */
export const ELO_SMALL: EloSettings = {
  run: "small",
  elo0: 0,
  elo1: 100,
  alpha: 0.05,
  beta: 0.05,
  maxGames: 24,
  timeGames: 8,
  batchGames: 8,
  nodes: 1000,
  timeMs: 1,
  modes: ["nodes", "time"],
  stones: 4,
  seed: 0,
};

/** The full run: [0, 10] with α = β = 0.05, as fishtest states its tests. */
export const ELO_FULL: EloSettings = {
  run: "full",
  elo0: 0,
  elo1: 10,
  alpha: 0.05,
  beta: 0.05,
  maxGames: 200,
  timeGames: 100,
  batchGames: 32,
  nodes: 5_000,
  timeMs: 5,
  modes: ["nodes", "time"],
  stones: 4,
  seed: 0,
};

/** A budget per move. */
export type EloBudget = { maxNodes: number } | { timeMs: number };

/** One Elo test: the technique's player and the player without it. */
export interface EloTest {
  /** The atlas row it belongs to. */
  technique: string;
  game: "connect-four";
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
  searcher: "alpha-beta" | "pvs" | "mtdf" | "deepening" = "alpha-beta",
): PlayerSpec => ({
  kind: "search",
  searcher,
  table: TABLE,
  ...budget,
  options: { order: ["tt", "killer", "history"], ...extra },
});
const PLAIN = "plain alpha-beta (columns left to right, no table), deepened";
const PLAIN_ID = "iterative deepening, no hint, no table (left to right)";
const ENGINE =
  "alpha-beta with table move, killers, history (centre first), deepened";
const ENGINE_ID = "the engine's iterative deepening with the previous move";
const C4_MARGINS = [100, 300];

/** The Connect Four Elo tests, one per technique that applies to its play. */
export const ELO_TESTS: readonly EloTest[] = [
  {
    technique: "static-order",
    game: "connect-four",
    engine: PLAIN,
    candidate: (b) => plain(b, { options: { order: "static" } }),
    baseline: (b) => plain(b),
  },
  {
    technique: "killer",
    game: "connect-four",
    engine: PLAIN,
    candidate: (b) => plain(b, { options: { order: "killer" } }),
    baseline: (b) => plain(b),
  },
  {
    technique: "history",
    game: "connect-four",
    engine: PLAIN,
    candidate: (b) => plain(b, { options: { order: "history" } }),
    baseline: (b) => plain(b),
  },
  {
    technique: "tt",
    game: "connect-four",
    engine: PLAIN,
    candidate: (b) => plain(b, { table: TABLE }),
    baseline: (b) => plain(b),
  },
  {
    technique: "previous-move",
    game: "connect-four",
    engine: PLAIN_ID,
    candidate: (b) =>
      plain(b, { searcher: "deepening", options: { previous: "move" } }),
    baseline: (b) =>
      plain(b, { searcher: "deepening", options: { previous: "none" } }),
  },
  {
    technique: "deepening-tt",
    game: "connect-four",
    engine: PLAIN_ID,
    candidate: (b) =>
      plain(b, {
        searcher: "deepening",
        table: TABLE,
        options: { previous: "move" },
      }),
    baseline: (b) =>
      plain(b, { searcher: "deepening", options: { previous: "none" } }),
  },
  {
    technique: "aspiration",
    game: "connect-four",
    engine: ENGINE_ID,
    candidate: (b) =>
      engine(b, { previous: "move", aspirationDelta: 50 }, "deepening"),
    baseline: (b) => engine(b, { previous: "move" }, "deepening"),
  },
  {
    technique: "pvs",
    game: "connect-four",
    engine: ENGINE,
    candidate: (b) => engine(b, {}, "pvs"),
    baseline: (b) => engine(b),
  },
  {
    technique: "mtdf",
    game: "connect-four",
    engine: ENGINE,
    candidate: (b) => engine(b, {}, "mtdf"),
    baseline: (b) => engine(b),
  },
  {
    technique: "lmr",
    game: "connect-four",
    engine: ENGINE,
    candidate: (b) => engine(b, { lateMoveReductions: {} }),
    baseline: (b) => engine(b),
  },
  {
    technique: "futility",
    game: "connect-four",
    engine: ENGINE,
    candidate: (b) => engine(b, { futility: { margins: C4_MARGINS } }),
    baseline: (b) => engine(b),
  },
  {
    technique: "razoring",
    game: "connect-four",
    engine: ENGINE,
    candidate: (b) => engine(b, { razoring: { margins: C4_MARGINS } }),
    baseline: (b) => engine(b),
  },
  {
    technique: "mcts",
    game: "connect-four",
    engine: "plain UCT (MCTS-Solver against it)",
    candidate: (b) => ({ kind: "mcts", solver: true, seed: 1, ...b }),
    baseline: (b) => ({ kind: "mcts", seed: 2, ...b }),
  },
];

/** Why an atlas row that applies to Connect Four has no Elo test. */
export const ELO_NOT_TESTED: Readonly<Record<string, string>> = {
  "alpha-beta": "the baseline",
  minimax: "not an anytime player (no node-budgeted deepening of negamax)",
  deepening: "every Elo player deepens: the base of the tests",
  sss: "not done (SSS* is not a player searcher yet)",
  "null-move": "n/a on Connect Four (zugzwang: the null move is unsound)",
};

/** One finished test: the cached unit. */
export interface EloItem {
  technique: string;
  game: "connect-four" | "chess";
  mode: EloMode;
  seed: number;
  /** Nodes or milliseconds per move. */
  budget: number;
  engine: string;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  /** H0, H1, or null: undecided at the game budget. */
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
  /** Pentanomial counts of the candidate's pair scores 0, ½, 1, 1½, 2. */
  counts: number[];
}

const r1 = (x: number) => Number.isFinite(x) ? Math.round(x * 10) / 10 : null;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** The openings of a run: `maxGames / 2` random ones, each played with both colours. */
export function eloOpenings(settings: EloSettings): string[] {
  return connectFourOpenings(Math.max(settings.maxGames / 2, 1), {
    stones: settings.stones,
    seed: settings.seed + 1,
  }).map(String);
}

/** Plays a batch here, game by game, as a worker does (`_match_worker.ts`). */
export function playBatchHere(task: SprtBatch): GameRecord[] {
  const players = task.players.map((spec) => createPlayer(task.game, spec));
  return task.games.map((game: ScheduledGame) => {
    const opening: Position = ConnectFour.parse(task.openings[game.opening]!);
    const [first, second] = game.seats;
    const record = playGame(
      opening,
      players[first]!,
      players[second]!,
      game.seed,
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

function gamesOf(settings: EloSettings, mode: EloMode): number {
  return mode === "nodes" ? settings.maxGames : settings.timeGames;
}

function budgetOf(settings: EloSettings, mode: EloMode): EloBudget {
  return mode === "nodes"
    ? { maxNodes: settings.nodes }
    : { timeMs: settings.timeMs };
}

function toItem(
  test: EloTest,
  settings: EloSettings,
  mode: EloMode,
  status: ReturnType<Sprt["status"]>,
  games: number,
): EloItem {
  return {
    technique: test.technique,
    game: test.game,
    mode,
    seed: settings.seed,
    budget: mode === "nodes" ? settings.nodes : settings.timeMs,
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
 * @returns the finished test
 *
 * @example Static order at 1,000 nodes per move, a few pairs
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_SMALL, ELO_TESTS, runEloTest } from "./elo.ts";
 * const test = ELO_TESTS.find((t) => t.technique === "static-order")!;
 * const item = runEloTest(test, { ...ELO_SMALL, maxGames: 4, batchGames: 4 }, "nodes");
 * assert.ok(item.games === 4 && item.pairs <= 2);
 * ```
 */
export function runEloTest(
  test: EloTest,
  settings: EloSettings,
  mode: EloMode,
): EloItem {
  const budget = budgetOf(settings, mode);
  const players = [test.candidate(budget), test.baseline(budget)];
  const openings = eloOpenings(settings);
  const maxGames = gamesOf(settings, mode);
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
  while (played < maxGames && sprt.decision === null) {
    const games = schedule.slice(played, played + settings.batchGames);
    const records = playBatchHere({
      kind: "games",
      game: test.game,
      players,
      openings,
      games,
    });
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
 * Runs one Elo test on all cores through the workers (`sprtMatch`): the
 * same item as {@linkcode runEloTest} for node budgets.
 *
 * @param test the test
 * @param settings elo0/elo1/α/β, budgets, openings
 * @param mode equal nodes or equal time
 * @param workers Deno workers (default all cores)
 * @returns the finished test
 */
export async function runEloTestOnWorkers(
  test: EloTest,
  settings: EloSettings,
  mode: EloMode,
  workers: number = navigator.hardwareConcurrency,
): Promise<EloItem> {
  const budget = budgetOf(settings, mode);
  const result = await sprtMatch({
    game: test.game,
    candidate: test.candidate(budget),
    baseline: test.baseline(budget),
    openings: eloOpenings(settings),
    elo0: settings.elo0,
    elo1: settings.elo1,
    alpha: settings.alpha,
    beta: settings.beta,
    maxGames: gamesOf(settings, mode),
    batchGames: settings.batchGames,
    seed: settings.seed,
    workers,
  });
  return toItem(test, settings, mode, result, result.gamesPlayed);
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
  /** Play on this many workers (`sprtMatch`); absent: here, on one core. */
  workers?: number;
}

function eloCacheFile(
  dir: string,
  settings: EloSettings,
  test: EloTest,
  mode: EloMode,
) {
  return `${dir}/${settings.run}__elo-${mode}-${test.technique}__${test.game}__${settings.seed}.json`;
}

function readItem(file: string | undefined): EloItem | undefined {
  if (file === undefined) return undefined;
  try {
    return JSON.parse(Deno.readTextFileSync(file)) as EloItem;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function writeItem(file: string | undefined, item: EloItem) {
  if (file === undefined) return;
  Deno.writeTextFileSync(`${file}.tmp`, JSON.stringify(item));
  Deno.renameSync(`${file}.tmp`, file);
}

function selected(options: RunEloOptions): EloTest[] {
  return ELO_TESTS.filter((t) =>
    options.techniques === undefined || options.techniques.includes(t.technique)
  );
}

/**
 * Runs every Elo test here (one core), each read from the cache when
 * there, so an interrupted run resumes.
 *
 * @param settings {@linkcode ELO_SMALL} or {@linkcode ELO_FULL}
 * @param options cache, progress, techniques
 * @returns the items, by test and mode
 *
 * @example One technique, equal nodes only
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_SMALL, runElo } from "./elo.ts";
 * const items = runElo({ ...ELO_SMALL, modes: ["nodes"], maxGames: 4 }, { techniques: ["killer"] });
 * assert.equal(items.length, 1);
 * ```
 */
export function runElo(
  settings: EloSettings,
  options: RunEloOptions = {},
): EloItem[] {
  const dir = options.cacheDir;
  if (dir !== undefined) Deno.mkdirSync(dir, { recursive: true });
  const items: EloItem[] = [];
  for (const test of selected(options)) {
    for (const mode of settings.modes) {
      const file = dir && eloCacheFile(dir, settings, test, mode);
      let item = readItem(file);
      if (item === undefined) {
        item = runEloTest(test, settings, mode);
        writeItem(file, item);
        options.onCompute?.(test.technique, mode);
        options.progress?.(
          `atlas elo: ${test.technique} (${mode}) ${
            item.decision ?? "undecided"
          } after ${item.games} games`,
        );
      }
      items.push(item);
    }
  }
  return items;
}

/**
 * Runs every Elo test on all cores through the workers, each read from the
 * cache when there: fills the cache that {@linkcode runElo} then reads.
 *
 * @param settings {@linkcode ELO_SMALL} or {@linkcode ELO_FULL}
 * @param options cache, progress, techniques, workers
 * @returns the items, by test and mode
 */
export async function runEloOnWorkers(
  settings: EloSettings,
  options: RunEloOptions = {},
): Promise<EloItem[]> {
  const dir = options.cacheDir;
  if (dir !== undefined) Deno.mkdirSync(dir, { recursive: true });
  const items: EloItem[] = [];
  for (const test of selected(options)) {
    for (const mode of settings.modes) {
      const file = dir && eloCacheFile(dir, settings, test, mode);
      let item = readItem(file);
      if (item === undefined) {
        item = await runEloTestOnWorkers(test, settings, mode, options.workers);
        writeItem(file, item);
        options.onCompute?.(test.technique, mode);
        options.progress?.(
          `atlas elo: ${test.technique} (${mode}) ${
            item.decision ?? "undecided"
          } after ${item.games} games`,
        );
      }
      items.push(item);
    }
  }
  return items;
}

const signed = (x: number | null) =>
  x === null
    ? "∞"
    : `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(Math.round(x))}`;

/** An item as the Strength column shows it: `+35 [−10, +80], 120 games, H1`. */
export function formatElo(item: EloItem): string {
  const { estimate, low, high } = item.elo;
  const est = estimate === null ? "n/a" : signed(estimate);
  const lo = low === null ? "−∞" : signed(low);
  const hi = high === null ? "+∞" : signed(high);
  return `${est} [${lo}, ${hi}], ${item.games} games, ${
    item.decision ?? "undecided"
  }`;
}
