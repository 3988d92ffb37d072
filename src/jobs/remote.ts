/**
 * The publisher's side of distributed runs: a round robin
 * ({@linkcode roundRobinOverNats}), a chess match
 * ({@linkcode chessMatchOverNats}) or a list of Connect Four solves
 * ({@linkcode solveOverNats}, one job each) cut into jobs of a few games, sent to
 * the workers of a NATS JetStream server, and put back together in
 * schedule order: the same records as the in-process runners for the same
 * players, openings and seed, game for game.
 *
 * @module
 */

import { checkInteger, checkOptions, describe } from "../validate.ts";
import type { GameName, PlayerSpec } from "../players/player_spec.ts";
import { type GameRecord, scheduleRoundRobin } from "../match/tournament.ts";
import { checkRoundRobinPlan } from "../match/parallel.ts";
import {
  type ChessGameRecord,
  type ChessMatchResult,
  type ChessOpening,
  maxPliesProblem,
  scoreChessMatch,
} from "../uci/chess_match.ts";
import {
  batches,
  codeVersion,
  type EngineSpec,
  type GamesTask,
  MAX_SOLVE_JOB_MS,
  type SolveRecord,
  type Task,
} from "./job.ts";
import { type Jobs, runJobs, type RunProgress } from "./nats.ts";
import type { SolveProbe } from "./run.ts";
import { ConnectFour } from "../games/connect_four.ts";

/** What both publishers take besides their games. */
export interface RemoteOptions {
  /** Games per job (default: about 64 jobs, 1…50 games each). */
  batch?: number;
  /** Told where the run stands, about once a second. */
  onProgress?: (progress: RunProgress) => void;
  /** Told a worker's refusal (another code version). */
  onRefusal?: (line: string) => void;
  /** Stops the run (queued jobs are dropped; rejects with a `RunStoppedError`). */
  signal?: AbortSignal;
  /** Gives up once the server has been unreachable this long (ms; default `DEFAULT_UNREACHABLE_MS`). */
  unreachableMs?: number;
}

const REMOTE_KEYS = [
  "batch",
  "onProgress",
  "onRefusal",
  "signal",
  "unreachableMs",
];

function batchSize(where: string, games: number, batch?: number): number {
  if (batch !== undefined) {
    return checkInteger(where, "batch", batch, 1, 10_000);
  }
  return Math.max(1, Math.min(50, Math.ceil(games / 64)));
}

function runOptions(options: RemoteOptions) {
  return {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.onRefusal ? { onRefusal: options.onRefusal } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.unreachableMs === undefined
      ? {}
      : { unreachableMs: options.unreachableMs }),
  };
}

/** Options of {@linkcode roundRobinOverNats}. */
export interface RemoteRoundRobinOptions extends RemoteOptions {
  /** The game. */
  game: GameName;
  /** The openings, as position text. */
  openings: readonly string[];
  /** Games per pair (even, default 2). */
  gamesPerPair?: number;
  /** Seed (default 0). */
  seed?: number;
}

/**
 * Plays `roundRobin`'s games over the workers of a JetStream server:
 * resolves to the records in schedule order, equal to what `roundRobin`
 * (and `roundRobinParallel`) give for the same players, openings and seed.
 * Everything is checked here first, so bad input fails before any job is
 * sent.
 *
 * @param jobs the connection (`openJobs`)
 * @param players two or more player descriptions
 * @param options `game`, `openings`, `gamesPerPair`, `seed`, `batch`, `onProgress`, `onRefusal`, `signal`, `unreachableMs`
 * @returns the records, by round
 * @throws {Error} (rejects) on a bad option; `JobFailedError` when a job failed on its worker
 */
export async function roundRobinOverNats(
  jobs: Jobs,
  players: readonly PlayerSpec[],
  options: RemoteRoundRobinOptions,
): Promise<GameRecord[]> {
  const where = "roundRobinOverNats";
  checkOptions(where, options, [
    "game",
    "openings",
    "gamesPerPair",
    "seed",
    ...REMOTE_KEYS,
  ]);
  checkRoundRobinPlan(where, players, options);
  const { game, openings } = options;
  const schedule = scheduleRoundRobin(players.length, openings.length, {
    gamesPerPair: options.gamesPerPair,
    seed: options.seed,
  });
  const size = batchSize(where, schedule.length, options.batch);
  const tasks: Task[] = batches(schedule, size).map((games) => ({
    kind: "games",
    game,
    players: [...players],
    openings: [...openings],
    games,
  }));
  const results = await runJobs(jobs, tasks, {
    code: await codeVersion(),
    ...runOptions(options),
  });
  const records: GameRecord[] = new Array(schedule.length);
  for (const result of results) {
    if (!result.outcome.ok) continue; // runJobs rejects a failed job.
    for (const record of result.outcome.records as GameRecord[]) {
      records[record.round] = record;
    }
  }
  return records;
}

/** Options of {@linkcode sprtBatchesOverNats}. */
export interface RemoteSprtOptions extends RemoteOptions {
  /** The code version every job carries (default: `codeVersion()`, read once). */
  code?: string;
}

/**
 * The `playBatch` of `sprtMatch` over the workers of a JetStream server:
 * each batch of the test is cut into jobs of `batch` games (default: about
 * 64 jobs), which the workers play at once, and the records come back in
 * round order, the same as the batch played in-process. The SPRT itself
 * stays here: it reads the records and decides when to stop sending.
 *
 * @param jobs the connection (`openJobs`)
 * @param options `batch`, `code`, `onProgress`, `onRefusal`, `signal`, `unreachableMs`
 * @returns a `playBatch` for `sprtMatch`
 * @throws {Error} on a bad option (at once, before any batch)
 */
export function sprtBatchesOverNats(
  jobs: Jobs,
  options: RemoteSprtOptions = {},
): (task: GamesTask) => Promise<GameRecord[]> {
  const where = "sprtBatchesOverNats";
  checkOptions(where, options, [...REMOTE_KEYS, "code"]);
  if (options.batch !== undefined) batchSize(where, 1, options.batch);
  if (options.code !== undefined && typeof options.code !== "string") {
    throw new Error(
      `${where}: code must be a string, got ${describe(options.code)}`,
    );
  }
  let code: Promise<string> | undefined = options.code === undefined
    ? undefined
    : Promise.resolve(options.code);
  return async (task: GamesTask) => {
    code ??= codeVersion();
    const size = batchSize(where, task.games.length, options.batch);
    const tasks: Task[] = batches(task.games, size).map((games) => ({
      ...task,
      games,
    }));
    const results = await runJobs(jobs, tasks, {
      code: await code,
      ...runOptions(options),
    });
    return results.flatMap((result) =>
      result.outcome.ok ? result.outcome.records as GameRecord[] : []
    ).sort((a, b) => a.round - b.round);
  };
}

/** Options of {@linkcode chessMatchOverNats}. */
export interface RemoteChessOptions extends RemoteOptions {
  /** Games (default: two per opening). */
  games?: number;
  /** A draw after this many plies (default 300). */
  maxPlies?: number;
  /** PGN tags of every game. */
  headers?: Record<string, string>;
  /** Budget of one search (default 60,000 ms). */
  timeoutMs?: number;
  /** Budget of uciok and readyok (default 10,000 ms). */
  handshakeTimeoutMs?: number;
  /** Told each game in match order, as soon as it and every game before it are in. */
  onGame?: (game: ChessGameRecord, index: number) => void;
}

/**
 * Plays `playChessMatch`'s games over the workers of a JetStream server
 * (game i from opening ⌊i/2⌋, `a` white in the even games; jobs of two
 * games by default: one opening with both colours) and scores them as
 * `playChessMatch` does. With budgets in depth or nodes the games equal
 * the in-process match's, game for game.
 *
 * @param jobs the connection (`openJobs`)
 * @param a the first engine, as data
 * @param b the second engine
 * @param openings the openings
 * @param options `games`, `maxPlies`, `headers`, `timeoutMs`, `handshakeTimeoutMs`, `onGame`, `batch`, `onProgress`, `onRefusal`, `signal`, `unreachableMs`
 * @returns the match, as `playChessMatch` gives it
 * @throws {Error} (rejects) on a bad option; `JobFailedError` when a job failed on its worker (an engine that cannot start there)
 */
export async function chessMatchOverNats(
  jobs: Jobs,
  a: EngineSpec,
  b: EngineSpec,
  openings: readonly ChessOpening[],
  options: RemoteChessOptions = {},
): Promise<ChessMatchResult> {
  const where = "chessMatchOverNats";
  checkOptions(where, options, [
    "games",
    "maxPlies",
    "headers",
    "timeoutMs",
    "handshakeTimeoutMs",
    "onGame",
    ...REMOTE_KEYS,
  ]);
  if (!Array.isArray(openings) || openings.length === 0) {
    throw new Error(
      `${where}: openings must be a non-empty array, got ${describe(openings)}`,
    );
  }
  const count = checkInteger(
    where,
    "games",
    options.games ?? 2 * openings.length,
    1,
    1_000_000,
  );
  const maxPlies = checkInteger(
    where,
    "maxPlies",
    options.maxPlies ?? 300,
    1,
    100_000,
  );
  const short = maxPliesProblem("maxPlies", maxPlies, openings);
  if (short !== null) throw new Error(`${where}: ${short}`);
  // Two games by default: one opening with both colours.
  const size = options.batch === undefined
    ? 2
    : checkInteger(where, "batch", options.batch, 1, 10_000);
  const numbers = Array.from({ length: count }, (_, i) => i);
  const tasks: Task[] = batches(numbers, size).map((share) => ({
    kind: "chess",
    a,
    b,
    games: share.map((number) => ({
      number,
      opening: openings[Math.floor(number / 2) % openings.length]!,
    })),
    maxPlies,
    headers: { ...options.headers },
    timeoutMs: options.timeoutMs ?? 60_000,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
  }));
  const games: (ChessGameRecord | undefined)[] = new Array(count);
  let next = 0;
  await runJobs(jobs, tasks, {
    code: await codeVersion(),
    ...runOptions(options),
    onResult: (result) => {
      if (!result.outcome.ok) return;
      const share = (tasks[result.index] as { games: { number: number }[] })
        .games;
      (result.outcome.records as ChessGameRecord[]).forEach((game, k) => {
        games[share[k]!.number] = game;
      });
      while (next < count && games[next] !== undefined) {
        options.onGame?.(games[next]!, next);
        next++;
      }
    },
  });
  return scoreChessMatch(games as ChessGameRecord[]);
}

/** Options of {@linkcode solveOverNats}. */
export interface RemoteSolveOptions {
  /** Only the sign of each score (default false). */
  weak?: boolean;
  /** Each solve's table, in MiB (1…4096, default 512). */
  megabytes?: number;
  /** Threads of each solve (1…64, default 1: one worker per core, and the same nodes as a local one-thread solve). */
  threads?: number;
  /** A node budget per solve (default: none). */
  maxNodes?: number;
  /**
   * A time budget per solve, in ms (0…{@linkcode MAX_SOLVE_JOB_MS}; default
   * {@linkcode MAX_SOLVE_JOB_MS} when `maxNodes` is not given either: a job
   * needs a budget, and a solve stopped by it gives proven bounds).
   */
  timeMs?: number;
  /** Told each solve as its result is stored, in the order they come. */
  onSolve?: (record: SolveRecord, index: number) => void;
  /** Told each root probe of a solve in progress, with the worker's name. */
  onProbe?: (index: number, worker: string, probe: SolveProbe) => void;
  /** Told where the run stands, about once a second ("games" are solves). */
  onProgress?: (progress: RunProgress) => void;
  /** Told a worker's refusal (another code version). */
  onRefusal?: (line: string) => void;
  /** Stops the run (queued jobs are dropped; rejects with a `RunStoppedError`). */
  signal?: AbortSignal;
  /** Gives up once the server has been unreachable this long (ms; default `DEFAULT_UNREACHABLE_MS`). */
  unreachableMs?: number;
}

/**
 * Solves Connect Four positions over the workers of a JetStream server,
 * one job per position: resolves to the records in the order of
 * `positions`, each with the bounds (and, for one thread, the nodes) that
 * `ConnectFourSolver.solve` gives here with the same options; the seconds
 * are the worker's. Everything is checked before any job is sent.
 *
 * @param jobs the connection (`openJobs`)
 * @param positions the positions' moves from the empty board ("" the empty board), each legal and unfinished
 * @param options `weak`, `megabytes`, `threads`, `maxNodes`, `timeMs`, `onSolve`, `onProbe`, `onProgress`, `onRefusal`, `signal`, `unreachableMs`
 * @returns one record per position
 * @throws {Error} (rejects) on a bad position or option; `JobFailedError` when a solve failed on its worker
 */
export async function solveOverNats(
  jobs: Jobs,
  positions: readonly string[],
  options: RemoteSolveOptions = {},
): Promise<SolveRecord[]> {
  const where = "solveOverNats";
  checkOptions(where, options, [
    "weak",
    "megabytes",
    "threads",
    "maxNodes",
    "timeMs",
    "onSolve",
    "onProbe",
    "onProgress",
    "onRefusal",
    "signal",
    "unreachableMs",
  ]);
  if (!Array.isArray(positions) || positions.length === 0) {
    throw new Error(
      `${where}: positions must be a non-empty array of move strings, got ${
        describe(positions)
      }`,
    );
  }
  positions.forEach((moves, i) => {
    let unfinished = false;
    try {
      unfinished = typeof moves === "string" && /^[1-7]{0,41}$/.test(moves) &&
        !ConnectFour.parse(moves).isTerminal();
    } catch {
      unfinished = false;
    }
    if (!unfinished) {
      throw new Error(
        `${where}: positions[${i}] must be the moves (digits 1-7) of a legal unfinished position, got ${
          describe(moves)
        }`,
      );
    }
  });
  const weak = options.weak ?? false;
  if (typeof weak !== "boolean") {
    throw new Error(
      `${where}: weak must be true or false, got ${describe(weak)}`,
    );
  }
  const megabytes = checkInteger(
    where,
    "megabytes",
    options.megabytes ?? 512,
    1,
    4096,
  );
  const threads = checkInteger(where, "threads", options.threads ?? 1, 1, 64);
  const maxNodes = options.maxNodes === undefined ? null : checkInteger(
    where,
    "maxNodes",
    options.maxNodes,
    0,
    Number.MAX_SAFE_INTEGER,
  );
  // A job must have a budget (decodeJob): the longest a job may have when
  // none was asked for, which an exact solve of the book never reaches.
  const timeMs = options.timeMs === undefined
    ? maxNodes === null ? MAX_SOLVE_JOB_MS : null
    : checkInteger(where, "timeMs", options.timeMs, 0, MAX_SOLVE_JOB_MS);
  const tasks: Task[] = positions.map((moves) => ({
    kind: "solve",
    moves,
    weak,
    megabytes,
    threads,
    maxNodes,
    timeMs,
  }));
  const results = await runJobs(jobs, tasks, {
    code: await codeVersion(),
    ...runOptions(options),
    ...(options.onProbe ? { onProbe: options.onProbe } : {}),
    onResult: (result) => {
      if (!result.outcome.ok) return;
      options.onSolve?.(
        (result.outcome.records as SolveRecord[])[0]!,
        result.index,
      );
    },
  });
  return results.map((result) =>
    // runJobs rejects a failed job: every outcome here is ok.
    (result.outcome as { records: SolveRecord[] }).records[0]!
  );
}
