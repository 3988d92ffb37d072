/**
 * An Elo test between two players by SPRT: games are played in seeded
 * batches, on all cores, until the {@linkcode Sprt} decides or a budget of
 * games is spent. The candidate ("engine + technique") and the baseline
 * ("engine without it") play pairs of games, one opening with each colour,
 * so the test reads pentanomial results by default.
 *
 * A batch is a {@linkcode SprtBatch}, which the job system takes as its
 * games task (`GamesTask` of `src/jobs/job.ts` is this type, so matches
 * never import the job system): the players and openings as data, and a slice of
 * {@linkcode scheduleRoundRobin}'s schedule (game `round` on opening
 * ⌊round / 2⌋ of a seeded shuffle, the candidate first in the even
 * rounds, players seeded by `hashInts(seed, round, 0)`). A batch depends
 * on nothing else, so playing it twice gives the same records, and it can
 * be played anywhere: here by default (its games spread over Deno workers
 * with `playScheduledGames`), or by any `playBatch` — `runTask` of
 * `src/jobs/run.ts` in-process, or, later, a job sent to NATS workers.
 * The records equal `roundRobin`'s for the same players, openings, seed
 * and games.
 *
 * @module
 */

import { checkInteger, checkOptions, describe } from "../validate.ts";
import { playScheduledGames } from "./parallel.ts";
import {
  createPlayer,
  type GameName,
  parsePosition,
  type PlayerSpec,
} from "../players/player_spec.ts";
import {
  checkPrecision,
  type GameScore,
  Sprt,
  type SprtStatus,
  withinPrecision,
} from "./sprt.ts";
import {
  type GameRecord,
  isGameResult,
  MAX_SCHEDULED_GAMES,
  type ScheduledGame,
  scheduleRoundRobin,
} from "./tournament.ts";
import { type Adjudication, checkAdjudication } from "./adjudication.ts";

/** Most games one batch may hold (a job's limit, `MAX_JOB_GAMES`). */
export const MAX_SPRT_BATCH_GAMES = 10_000;

/**
 * One batch of games: the players and openings as data and a slice of the
 * schedule. The job system's games task is this type (`GamesTask` of
 * `src/jobs/job.ts`, which `runTask` plays and `decodeJob` checks).
 */
export interface SprtBatch {
  /** Always `"games"`. */
  kind: "games";
  /** The game. */
  game: GameName;
  /** [candidate, baseline], as data. */
  players: PlayerSpec[];
  /** The openings, as position text; games refer to them by index. */
  openings: string[];
  /** This batch's slice of the schedule. */
  games: ScheduledGame[];
  /** Ends games early by the players' scores (absent: every game to its end). */
  adjudication?: Adjudication;
}

/** Options of {@linkcode sprtMatch}. */
export interface SprtMatchOptions {
  /** The game. */
  game: GameName;
  /** The player under test ("engine + technique"): player 0 of every batch. */
  candidate: PlayerSpec;
  /** Its opponent ("engine without it"): player 1. */
  baseline: PlayerSpec;
  /** The openings, as position text; shuffled by the seed, each played with both colours. */
  openings: readonly string[];
  /** Logistic Elo of H0 (see {@linkcode Sprt}). */
  elo0: number;
  /** Logistic Elo of H1. */
  elo1: number;
  /** See {@linkcode Sprt} (default 0.05). */
  alpha?: number;
  /** See {@linkcode Sprt} (default 0.05). */
  beta?: number;
  /** `"pentanomial"` (default, pairs of games) or `"trinomial"`. */
  model?: "pentanomial" | "trinomial";
  /** The budget: most games to play (even, 2…`MAX_SCHEDULED_GAMES`). */
  maxGames: number;
  /**
   * Also stop an undecided test, after a batch, once its Elo is known to
   * ±`precision` ({@linkcode withinPrecision}; Elo, in (0, 1000]). Absent:
   * only a decision or `maxGames` ends the test.
   */
  precision?: number;
  /** Games per batch (even, 2…{@linkcode MAX_SPRT_BATCH_GAMES}; default 16 per worker). */
  batchGames?: number;
  /** Seed of the opening order and of the players' game seeds (default 0). */
  seed?: number;
  /** Workers of the default `playBatch` (1…256, default `navigator.hardwareConcurrency`). */
  workers?: number;
  /**
   * Plays one batch and resolves to its records (any order): by default
   * spread over `workers` Deno workers. Batch `index` holds the games of
   * rounds `index · batchGames` onwards.
   */
  playBatch?: (task: SprtBatch, index: number) => Promise<GameRecord[]>;
  /** Told the test's status after each batch. */
  onBatch?: (status: SprtMatchStatus) => void;
  /** Ends games early by the players' scores (see `adjudication.ts`); absent: every game to its end. */
  adjudication?: Adjudication;
}

/** Where an {@linkcode sprtMatch} stands after a batch. */
export interface SprtMatchStatus extends SprtStatus {
  /** Games played so far, those of the last batch after a decision included. */
  gamesPlayed: number;
  /** Batches played. */
  batches: number;
}

/** What {@linkcode sprtMatch} ends with. */
export interface SprtMatchResult extends SprtMatchStatus {
  /**
   * A decision; the budget spent undecided ("stopped undecided after
   * `gamesPlayed` games"); or, undecided, the Elo known to ±`precision`.
   */
  stopped: "decision" | "budget" | "precision";
  /** Every game played, by round. */
  records: GameRecord[];
}

const KEYS = [
  "game",
  "candidate",
  "baseline",
  "openings",
  "elo0",
  "elo1",
  "alpha",
  "beta",
  "model",
  "maxGames",
  "precision",
  "batchGames",
  "seed",
  "workers",
  "playBatch",
  "onBatch",
  "adjudication",
];

function checkEven(
  where: string,
  name: string,
  value: unknown,
  min: number,
  max: number,
): number {
  checkInteger(where, name, value, min, max);
  if ((value as number) % 2 !== 0) {
    throw new Error(
      `${where}: ${name} must be even (each opening with both colours), got ${value}`,
    );
  }
  return value as number;
}

/**
 * Plays a batch's games over `workers` Deno workers, game k on worker
 * k mod workers: {@linkcode sprtMatch}'s default `playBatch`, for a
 * `playBatch` that wraps it (a cache of batches).
 *
 * @param task the batch
 * @param workers Deno workers (1…256)
 * @returns the records, in the batch's order
 */
export function playBatchOnWorkers(
  task: SprtBatch,
  workers: number,
): Promise<GameRecord[]> {
  checkInteger("playBatchOnWorkers", "workers", workers, 1, 256);
  return playOnWorkers(task, workers);
}

function playOnWorkers(
  task: SprtBatch,
  workers: number,
): Promise<GameRecord[]> {
  const count = Math.min(workers, task.games.length);
  const shares: ScheduledGame[][] = Array.from({ length: count }, () => []);
  task.games.forEach((game, k) => shares[k % count]!.push(game));
  const stop = new AbortController();
  return Promise.all(
    shares.map((games) =>
      playScheduledGames({
        game: task.game,
        players: task.players,
        openings: task.openings,
        games,
        ...(task.adjudication === undefined
          ? {}
          : { adjudication: task.adjudication }),
      }, { signal: stop.signal }).catch((error) => {
        stop.abort();
        throw error;
      })
    ),
  ).then((parts) => parts.flat());
}

/** The candidate's score in a record: player 0 is the candidate. */
function candidateScore(record: GameRecord): GameScore {
  const first = record.result === "1-0" ? 1 : record.result === "0-1" ? 0 : 0.5;
  return (record.seats[0] === 0 ? first : 1 - first) as GameScore;
}

/**
 * Plays `candidate` against `baseline` in batches until the SPRT decides,
 * `maxGames` games are played, or (with `precision`) the Elo is known to
 * ±`precision` after a batch; pairs of games are fed to the test in
 * round order, and the test stops at its first crossing (the rest of that
 * batch is played and counted in `gamesPlayed`, not in the test).
 *
 * Work is bounded by `maxGames` (at most `MAX_SCHEDULED_GAMES`), each game
 * by the players' own budgets.
 *
 * @param options the players, openings, test (`elo0`, `elo1`, `alpha`,
 *   `beta`, `model`), budget (`maxGames`, `precision`), `batchGames`, `seed`,
 *   `workers`, `playBatch`, `onBatch`
 * @returns the test's final status, why it stopped, and the records
 * @throws {Error} (rejects) on a bad option, player or opening (before any
 *   game), when a game fails, or when `playBatch` returns other games
 *   than its batch's, or a record whose result is not `"1-0"`, `"0-1"` or
 *   `"1/2-1/2"` or whose seats are not its game's (see `inRoundOrder`)
 *
 * @example Depth 3 against depth 1 on Connect Four: H1 against [0, 100]
 * ```ts
 * import assert from "node:assert/strict";
 * import { connectFourOpenings, sprtMatch } from "../../mod.ts";
 * const result = await sprtMatch({
 *   game: "connect-four",
 *   candidate: { kind: "alpha-beta", depth: 3, name: "depth 3" },
 *   baseline: { kind: "alpha-beta", depth: 1, name: "depth 1" },
 *   openings: connectFourOpenings(50, { stones: 4, seed: 1 }).map(String),
 *   elo0: 0,
 *   elo1: 100,
 *   maxGames: 400,
 *   workers: 2,
 * });
 * assert.equal(result.stopped, "decision");
 * assert.equal(result.decision, "H1");
 * assert.ok(result.elo.estimate > 100);
 * ```
 */
export async function sprtMatch(
  options: SprtMatchOptions,
): Promise<SprtMatchResult> {
  const where = "sprtMatch";
  checkOptions(where, options, KEYS);
  if (options === undefined) {
    throw new Error(`${where}: options must be an object, got undefined`);
  }
  const { game } = options;
  const test = new Sprt({
    elo0: options.elo0,
    elo1: options.elo1,
    ...(options.alpha !== undefined ? { alpha: options.alpha } : {}),
    ...(options.beta !== undefined ? { beta: options.beta } : {}),
    ...(options.model !== undefined ? { model: options.model } : {}),
  });
  // Their names may be equal, unlike a round robin's players: records tell
  // them apart by seat (player 0 is the candidate), and a technique's test
  // often pits two players of one default name (the atlas's leave-one-out
  // tests: "deepening n2000" with and without aspiration windows, whose
  // committed batches are keyed by these very specs).
  for (const name of ["candidate", "baseline"] as const) {
    try {
      createPlayer(game, options[name]);
    } catch (error) {
      throw new Error(`${where}: ${name}: ${(error as Error).message}`);
    }
  }
  const { openings } = options;
  if (!Array.isArray(openings) || openings.length === 0) {
    throw new Error(
      `${where}: openings must be a non-empty array of position strings, got ${
        describe(openings)
      }`,
    );
  }
  openings.forEach((text, i) => {
    let terminal = true;
    try {
      terminal = typeof text !== "string" ||
        parsePosition(game, text).isTerminal();
    } catch {
      // Reported below with the rule.
    }
    if (terminal) {
      throw new Error(
        `${where}: openings[${i}] must be an unfinished position's text, got ${
          describe(text)
        }`,
      );
    }
  });
  const maxGames = checkEven(
    where,
    "maxGames",
    options.maxGames,
    2,
    MAX_SCHEDULED_GAMES,
  );
  const precision = options.precision === undefined
    ? null
    : checkPrecision(where, options.precision);
  const workers = options.workers === undefined
    ? navigator.hardwareConcurrency
    : checkInteger(where, "workers", options.workers, 1, 256);
  const batchGames = options.batchGames === undefined
    ? Math.min(16 * workers, MAX_SPRT_BATCH_GAMES)
    : checkEven(
      where,
      "batchGames",
      options.batchGames,
      2,
      MAX_SPRT_BATCH_GAMES,
    );
  const seed = options.seed === undefined
    ? 0
    : checkInteger(where, "seed", options.seed, 0, 0xffffffff);
  for (const name of ["playBatch", "onBatch"] as const) {
    if (options[name] !== undefined && typeof options[name] !== "function") {
      throw new Error(
        `${where}: ${name} must be a function, got ${describe(options[name])}`,
      );
    }
  }
  const adjudication = options.adjudication === undefined
    ? {}
    : { adjudication: checkAdjudication(where, options.adjudication) };
  const playBatch = options.playBatch ??
    ((task: SprtBatch) => playOnWorkers(task, workers));
  const schedule = scheduleRoundRobin(2, openings.length, {
    gamesPerPair: maxGames,
    seed,
  });
  const players = [options.candidate, options.baseline];
  const records: GameRecord[] = [];
  let batches = 0;
  const status = (): SprtMatchStatus => ({
    ...test.status(),
    gamesPlayed: records.length,
    batches,
  });
  const precise = () =>
    precision !== null && withinPrecision(test.status(), precision);
  while (records.length < maxGames && test.decision === null && !precise()) {
    const games = schedule.slice(records.length, records.length + batchGames);
    const task: SprtBatch = {
      kind: "games",
      game,
      players: [...players],
      openings: [...openings],
      games,
      ...adjudication,
    };
    const played = inRoundOrder(
      await playBatch(task, batches),
      task,
      `${where}: playBatch's records for batch ${batches}`,
    );
    batches++;
    for (let k = 0; k < played.length; k += 2) {
      records.push(played[k]!, played[k + 1]!);
      if (test.decision === null) {
        test.addPair(
          candidateScore(played[k]!),
          candidateScore(played[k + 1]!),
        );
      }
    }
    options.onBatch?.(status());
  }
  return {
    ...status(),
    stopped: test.decision !== null
      ? "decision"
      : precise()
      ? "precision"
      : "budget",
    records,
  };
}

/**
 * A batch's records in round order, checked to be exactly its games: a
 * batch played on workers comes back in the order its games finished, and
 * the pentanomial pairs (rounds 2k and 2k + 1, one opening with each
 * colour) are only right in round order. Each record's result and seats
 * are checked too: the records may come from any `playBatch` (a NATS
 * worker, a cache), and the test scores a record by them alone, so an
 * unfinished game (`"*"`), a missing result or swapped seats would be
 * counted as a draw or as the other player's game without a word.
 *
 * @param records the batch's records, in any order
 * @param task the batch they were played for
 * @param what names the records in the error
 * @returns a sorted copy
 * @throws when a round is missing, repeated or not the batch's, or when a
 *   record's result is not `"1-0"`, `"0-1"` or `"1/2-1/2"` or its seats
 *   are not its game's (naming the round and the value)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type GameRecord, inRoundOrder, type SprtBatch } from "./mod.ts";
 * const task = {
 *   games: [{ round: 4, seats: [0, 1] }, { round: 5, seats: [1, 0] }],
 * } as unknown as SprtBatch;
 * const records = [
 *   { round: 5, seats: [1, 0], result: "1/2-1/2" },
 *   { round: 4, seats: [0, 1], result: "1-0" },
 * ] as unknown as GameRecord[];
 * const rounds = inRoundOrder(records, task, "records").map((r) => r.round);
 * assert.deepEqual(rounds, [4, 5]);
 * assert.throws(() => inRoundOrder(records.slice(1), task, "records"), /must be its 2 games/);
 * ```
 *
 * @example Results and seats are the schedule's
 * ```ts
 * import assert from "node:assert/strict";
 * import { type GameRecord, inRoundOrder, type SprtBatch } from "./mod.ts";
 * const task = { games: [{ round: 0, seats: [0, 1] }, { round: 1, seats: [1, 0] }] } as unknown as SprtBatch;
 * const records = [
 *   { round: 0, seats: [0, 1], result: "1-0" },
 *   { round: 1, seats: [1, 0], result: "*" },
 * ] as unknown as GameRecord[];
 * assert.throws(
 *   () => inRoundOrder(records, task, "batch 0"),
 *   /^Error: batch 0: round 1's result must be "1-0", "0-1" or "1\/2-1\/2", got "\*"$/,
 * );
 * ```
 */
export function inRoundOrder(
  records: readonly GameRecord[],
  task: SprtBatch,
  what: string,
): GameRecord[] {
  const { games } = task;
  // A record that is not an object sorts anywhere; the round check refuses it.
  const sorted = [...records].sort((a, b) =>
    (a?.round ?? NaN) - (b?.round ?? NaN)
  );
  if (
    sorted.length !== games.length ||
    sorted.some((record, k) => record?.round !== games[k]!.round)
  ) {
    throw new Error(
      `${what} must be its ${games.length} games (rounds ${games[0]?.round}…${
        games.at(-1)?.round
      }), got ${sorted.length} records (rounds ${
        sorted.map((record) => record?.round).join(", ")
      })`,
    );
  }
  sorted.forEach((record, k) => {
    const game = games[k]!;
    if (!isGameResult(record.result)) {
      throw new Error(
        `${what}: round ${game.round}'s result must be "1-0", "0-1" or "1/2-1/2", got ${
          describe(record.result)
        }`,
      );
    }
    const seats: unknown = record.seats;
    if (
      !Array.isArray(seats) || seats.length !== 2 ||
      seats[0] !== game.seats[0] || seats[1] !== game.seats[1]
    ) {
      throw new Error(
        `${what}: round ${game.round}'s seats must be its game's [${
          game.seats.join(", ")
        }], got ${
          Array.isArray(seats) && seats.length <= 4
            ? `[${seats.map(describe).join(", ")}]`
            : describe(seats)
        }`,
      );
    }
  });
  return sorted;
}
