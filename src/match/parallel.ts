/**
 * Round robins spread over Deno workers, one per core by default: the same
 * schedule as {@linkcode roundRobin} ({@linkcode scheduleRoundRobin}), the
 * same records, in the same order, only sooner. Players and openings travel
 * as data ({@linkcode PlayerSpec}, position strings): each worker builds its
 * own players, transposition tables included.
 *
 * @module
 */

import type { Adjudication } from "./adjudication.ts";
import { describe } from "../validate.ts";
import type { GameName, PlayerSpec } from "../players/player_spec.ts";
import { createPlayer, parsePosition } from "../players/player_spec.ts";
import {
  type GameRecord,
  type ScheduledGame,
  scheduleRoundRobin,
} from "./tournament.ts";
import { checkInteger, checkOptions } from "../validate.ts";
import { checkDistinctNames } from "./_player_names.ts";

/** What the main thread sends a worker. */
export interface MatchJob {
  /** The game. */
  game: GameName;
  /** The players, as data. */
  players: PlayerSpec[];
  /** The openings, as text. */
  openings: string[];
  /** This worker's share of the schedule. */
  games: ScheduledGame[];
  /** Ends games early by the players' scores (absent: every game to its end). */
  adjudication?: Adjudication;
}

/** What a worker sends back: a record, the end of its share, or an error. */
export type MatchReply =
  | { record: GameRecord }
  | { done: true }
  | { error: string };

/** Options of {@linkcode roundRobinParallel}. */
export interface ParallelRoundRobinOptions {
  /** The game. */
  game: GameName;
  /** The openings, as their `toString()` text. */
  openings: readonly string[];
  /** Games per pair (even, default 2). */
  gamesPerPair?: number;
  /** Seed (default 0). */
  seed?: number;
  /** Workers (1…256; default `navigator.hardwareConcurrency`, at most one per game). */
  workers?: number;
  /** Told every finished record, in the order they finish (for a progress bar). */
  onRecord?: (record: GameRecord) => void;
}

/**
 * Checks a round robin's players and openings before any game starts, on
 * this machine or another: every player description built once, every
 * opening parsed and unfinished, no two players with one name (records
 * and tables name them). Errors name `where`.
 *
 * @param where the function the user called, for messages
 * @param players at least two player descriptions
 * @param options the game and its openings
 * @throws {Error} on fewer than two players, a bad description, two
 *   players with one name, no openings, or an opening that is not an
 *   unfinished position
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkRoundRobinPlan } from "./parallel.ts";
 * assert.throws(
 *   () => checkRoundRobinPlan("here", [{ kind: "random" }], { game: "tic-tac-toe", openings: [""] }),
 *   /here: players must be an array of at least 2 player descriptions/,
 * );
 * const twin = { kind: "alpha-beta", depth: 2 } as const;
 * assert.throws(
 *   () => checkRoundRobinPlan("here", [twin, twin], { game: "tic-tac-toe", openings: [""] }),
 *   /here: players\[1\] has the name "alpha-beta d2" of players\[0\]; names must differ/,
 * );
 * ```
 */
export function checkRoundRobinPlan(
  where: string,
  players: readonly PlayerSpec[],
  options: { game: GameName; openings: readonly string[] } | undefined,
): asserts options is { game: GameName; openings: readonly string[] } {
  if (!Array.isArray(players) || players.length < 2) {
    throw new Error(
      `${where}: players must be an array of at least 2 player descriptions, got ${
        describe(players)
      }`,
    );
  }
  if (options === undefined) {
    throw new Error(`${where}: options must be an object, got undefined`);
  }
  const { game, openings } = options;
  // Build everything once here, so bad input fails before anything starts.
  checkDistinctNames(
    where,
    players.map((spec) => createPlayer(game, spec).name),
  );
  if (!Array.isArray(openings) || openings.length === 0) {
    throw new Error(
      `${where}: openings must be a non-empty array of position strings, got ${
        describe(openings)
      }`,
    );
  }
  openings.forEach((text, i) => {
    if (typeof text !== "string" || parsePosition(game, text).isTerminal()) {
      throw new Error(
        `${where}: openings[${i}] must be an unfinished position's text, got ${
          describe(text)
        }`,
      );
    }
  });
}

/**
 * Plays {@linkcode roundRobin}'s games for players given as data, spread
 * over workers; resolves to the records in schedule order, equal to what
 * `roundRobin` gives for the same players, openings and seed.
 *
 * @param players two or more player descriptions
 * @param options `game`, `openings`, `gamesPerPair`, `seed`, `workers`, `onRecord`
 * @returns the records, by round
 * @throws {Error} (rejects) on a bad option or description, or when a game fails in a worker
 *
 * @example Two workers, the same records as in-process
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlayer, parsePosition, roundRobin, roundRobinParallel, type PlayerSpec } from "../../mod.ts";
 * const specs: PlayerSpec[] = [{ kind: "alpha-beta", depth: 2 }, { kind: "random", seed: 1 }];
 * const openings = ["44", "35", "12"];
 * const records = await roundRobinParallel(specs, { game: "connect-four", openings, gamesPerPair: 4, workers: 2 });
 * const local = roundRobin(specs.map((s) => createPlayer("connect-four", s)), {
 *   openings: openings.map((o) => parsePosition("connect-four", o)),
 *   gamesPerPair: 4,
 * });
 * assert.deepEqual(records, local);
 * ```
 */
export async function roundRobinParallel(
  players: readonly PlayerSpec[],
  options: ParallelRoundRobinOptions,
): Promise<GameRecord[]> {
  const where = "roundRobinParallel";
  checkOptions(where, options, [
    "game",
    "openings",
    "gamesPerPair",
    "seed",
    "workers",
    "onRecord",
  ]);
  checkRoundRobinPlan(where, players, options);
  const { game, openings } = options;
  if (
    options.onRecord !== undefined && typeof options.onRecord !== "function"
  ) {
    throw new Error(
      `${where}: onRecord must be a function, got ${
        describe(options.onRecord)
      }`,
    );
  }
  const schedule = scheduleRoundRobin(players.length, openings.length, {
    gamesPerPair: options.gamesPerPair,
    seed: options.seed,
  });
  const workers = Math.min(
    schedule.length,
    options.workers === undefined
      ? navigator.hardwareConcurrency
      : checkInteger(where, "workers", options.workers, 1, 256),
  );
  // Game k goes to worker k mod workers: neighbouring games, which share
  // an opening and players, cost about the same, so shares stay balanced.
  const shares: ScheduledGame[][] = Array.from({ length: workers }, () => []);
  schedule.forEach((g, k) => shares[k % workers]!.push(g));
  const records: GameRecord[] = new Array(schedule.length);
  // The first failure stops every other share's worker too.
  const stop = new AbortController();
  try {
    await Promise.all(
      shares.map((share) =>
        playScheduledGames({
          game,
          players: [...players],
          openings: [...openings],
          games: share,
        }, {
          signal: stop.signal,
          onRecord: (record) => {
            records[record.round] = record;
            options.onRecord?.(record);
          },
        }).catch((error) => {
          stop.abort();
          throw new Error(`${where}: ${(error as Error).message}`);
        })
      ),
    );
  } finally {
    stop.abort();
  }
  return records;
}

/**
 * Plays a share of a schedule in one Deno worker, so that the calling
 * thread stays free (a job worker answers its server's heartbeats while
 * the games run): the records of the share's games, in the share's order,
 * each equal to {@linkcode roundRobin}'s record of that game. The job's
 * players and openings are checked in the worker: a bad one rejects.
 *
 * @param job the game, players, openings and the share's games
 * @param options `onRecord` (told each record as it finishes), `signal` (ends the worker and rejects)
 * @returns the records
 * @throws {Error} (rejects) when a game fails in the worker, or on abort
 *
 * @example One share of a schedule
 * ```ts
 * import assert from "node:assert/strict";
 * import { playScheduledGames } from "./parallel.ts";
 * import { scheduleRoundRobin } from "./tournament.ts";
 * const games = scheduleRoundRobin(2, 1, { gamesPerPair: 2 });
 * const records = await playScheduledGames({
 *   game: "tic-tac-toe",
 *   players: [{ kind: "alpha-beta", depth: 9 }, { kind: "alpha-beta", depth: 9 }],
 *   openings: ["........."],
 *   games,
 * });
 * assert.deepEqual(records.map((r) => r.result), ["1/2-1/2", "1/2-1/2"]);
 * ```
 */
export function playScheduledGames(
  job: MatchJob,
  options?: { onRecord?: (record: GameRecord) => void; signal?: AbortSignal },
): Promise<GameRecord[]> {
  checkOptions("playScheduledGames", options, ["onRecord", "signal"]);
  const records: GameRecord[] = [];
  if (options?.signal?.aborted) {
    return Promise.reject(new Error("playScheduledGames: aborted"));
  }
  return new Promise<GameRecord[]>((resolve, reject) => {
    const worker = new Worker(
      new URL("./_match_worker.ts", import.meta.url),
      { type: "module" },
    );
    const finish = (error?: Error) => {
      worker.terminate();
      options?.signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(records);
    };
    const onAbort = () => finish(new Error("playScheduledGames: aborted"));
    options?.signal?.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<MatchReply>) => {
      const reply = event.data;
      if ("record" in reply) {
        records.push(reply.record);
        options?.onRecord?.(reply.record);
      } else if ("done" in reply) finish();
      else finish(new Error(`a worker failed: ${reply.error}`));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(new Error(`a worker failed: ${event.message}`));
    };
    worker.postMessage(job);
  });
}
