/**
 * The job unit of distributed runs: one batch of games with everything
 * needed to replay it anywhere (players or engines as data, openings as
 * text, seeds, budgets, and the version of the code that must play it),
 * and the result a worker sends back. A job carries no clock and no
 * machine-specific state, so the same job gives the same records on any
 * worker, and a job played twice (a worker killed after it finished but
 * before it acknowledged) gives the same result twice.
 *
 * Three kinds of task:
 * - `"games"`: games of a round robin on Connect Four or tic-tac-toe
 *   ({@linkcode ScheduledGame}s: seats, opening, seed), the unit of
 *   `deno task strength` and of any seeded batch of games (an SPRT test
 *   asks for batch after batch until it decides);
 * - `"chess"`: games of a chess match between two UCI engines
 *   (`deno task match`), game i being opening ⌊i/2⌋ with the first engine
 *   white in the even games;
 * - `"solve"`: one exact solve of one Connect Four position
 *   (`deno task openings --book --nats URL`: one job per position), with
 *   the solver's options (weak or strong, table size, threads, node and
 *   time budgets); its one record is the proven bounds, the nodes and the
 *   seconds of the solve.
 *
 * Everything that arrives from the network goes through
 * {@linkcode decodeJob}, which refuses what is too large, not JSON, or not
 * a job of a known kind with sane fields, with a {@linkcode JobError}
 * naming the rule.
 *
 * @module
 */

import { Chess } from "../games/chess/position.ts";
import {
  isPgnTagName,
  isPgnTagValue,
  isUciMove,
} from "../games/chess/notation.ts";
import { checkAdjudication } from "../match/adjudication.ts";
import { describe } from "../validate.ts";
import { ENGINE_NAME } from "../uci/engines.ts";
import {
  checkPlayerSpec,
  GAME_NAMES,
  parsePosition,
} from "../players/player_spec.ts";
import type { GameName, PlayerSpec } from "../players/player_spec.ts";
import type { GameRecord } from "../match/tournament.ts";
import type { SprtBatch } from "../match/sprt_runner.ts";
import type { ChessGameRecord, ChessOpening } from "../uci/chess_match.ts";
import { ConnectFour } from "../games/connect_four.ts";
import type { SolveStopReason } from "../games/_solver_engine.ts";

/**
 * The format of job messages; a worker refuses any other. Format 2 names
 * engines instead of carrying their paths, and its results carry the job's
 * digest.
 */
export const JOB_FORMAT = 2;

/**
 * Largest job message a worker accepts (256 KiB): a batch of games is a
 * few kilobytes, so a larger message is a mistake or an attack, and is
 * sent to the dead-letter subject rather than parsed.
 */
export const MAX_JOB_BYTES = 256 * 1024;

/** Most games one job may hold. */
export const MAX_JOB_GAMES = 10_000;

/**
 * The longest time budget of a solve job (ms): 12 hours, well within the
 * 24 hours after which a job and its result are dropped. A solve job must
 * have a node or time budget: its worker tells the server it is alive
 * while it runs, so a solve without one would hold its worker for ever.
 */
export const MAX_SOLVE_JOB_MS = 12 * 3600 * 1000;

/**
 * The deepest alpha-beta player a games job may hold, by game. Alpha-beta
 * has no node or time budget, only its depth, and its worker's heartbeat
 * keeps a job alive for as long as it runs: depth 42 on Connect Four never
 * ends. The caps are above what the project plays (`strength --full`
 * goes to depth 12 on Connect Four) and stop the hopeless.
 */
export const MAX_JOB_ALPHA_BETA_DEPTH: Readonly<Record<GameName, number>> = {
  "tic-tac-toe": 9,
  "connect-four": 14,
  "chess": 6,
};

/**
 * Most bytes of tables a games job's players may hold together (2 GiB):
 * the worker builds every player of the job for its games, each with its
 * own table (a search player's `table` at 24 bytes an entry, a solver
 * player's `entries` at 8, an alpha-beta player's 6 MiB; see
 * `checkPlayerSpec`), so one message of 256 players with tables of 2^26
 * entries asked for 384 GiB. One player with the largest table (1.5 GiB)
 * fits; the project's own runs ask for far less (`atlas-elo`: 2^16
 * entries, 1.5 MiB, a player; `strength --full`: 36 alpha-beta players,
 * 216 MiB).
 */
export const MAX_JOB_TABLE_BYTES = 2 * 2 ** 30;

/**
 * A batch of round-robin games on Connect Four or tic-tac-toe: the batch of
 * an SPRT or of a tournament, defined beside them ({@linkcode SprtBatch}) so
 * that matches never import the job system.
 */
export type GamesTask = SprtBatch;

/**
 * A chess engine as a job describes it (what `deno task match` parsed from
 * a SPEC): a name that the worker looks up among the engines configured on
 * it (`ours`, or `--engine NAME=PATH` there), never a path.
 */
export interface EngineSpec {
  /** The engine's name: `"ours"` (cli/uci.ts of the worker's checkout) or one configured on the worker ({@linkcode ENGINE_NAME}). */
  engine: string;
  /** Its name in the PGN and messages (the SPEC as typed). */
  label: string;
  /** What follows `go` (e.g. `"depth 3"`). */
  go: string;
  /** UCI options set at start: only Stockfish's `Skill Level` (0…20) and ours' `Candidates` (0 or 1). */
  options: Record<string, number>;
}

/** A batch of games of a chess match between engines `a` and `b`. */
export interface ChessTask {
  /** The kind. */
  kind: "chess";
  /** The first engine (white in the even games). */
  a: EngineSpec;
  /** The second engine. */
  b: EngineSpec;
  /** The games: each one's number in the match (from 0) and its opening. */
  games: { number: number; opening: ChessOpening }[];
  /** A draw after this many plies. */
  maxPlies: number;
  /** PGN tags of every game (`Event`, `Date`); `Round` is the game's number + 1. */
  headers: Record<string, string>;
  /** Budget of one search, for its bestmove. */
  timeoutMs: number;
  /** Budget of uciok and readyok. */
  handshakeTimeoutMs: number;
}

/**
 * One exact solve of a Connect Four position, as `deno task openings`
 * runs it: a fresh table of `megabytes`, `threads` threads, and the
 * budgets of one solve (`null`: none).
 */
export interface SolveTask {
  /** The kind. */
  kind: "solve";
  /** The position: column digits 1–7 from the empty board ("" is the empty board); legal and unfinished. */
  moves: string;
  /** Only the sign of the score (`--weak`), or the exact score. */
  weak: boolean;
  /** The table's largest size in MiB (1…4096). */
  megabytes: number;
  /** Threads of the solve (1…64): one gives the same nodes on every machine. */
  threads: number;
  /** Stop after this many nodes, or `null`. */
  maxNodes: number | null;
  /** Stop after about this many milliseconds, or `null`. */
  timeMs: number | null;
}

/** What a solve job gives: its one record. */
export interface SolveRecord {
  /** The position solved (the task's `moves`). */
  moves: string;
  /** A proven lower bound on the score from the side to move. */
  lower: number;
  /** A proven upper bound (equal to `lower` when solved). */
  upper: number;
  /** Nodes searched (deterministic for one thread; varies with more). */
  nodes: number;
  /** Seconds of the solve itself on the worker (never deterministic). */
  seconds: number;
  /** The budget that stopped it, or `null` when it finished. */
  stopReason: SolveStopReason | null;
}

/** What a job asks for. */
export type Task = GamesTask | ChessTask | SolveTask;

/** One job: a task, where it belongs, and the code that must run it. */
export interface Job {
  /** {@linkcode JOB_FORMAT}. */
  format: number;
  /** The run (one command's batch of jobs): letters, digits, `_`, `-`. */
  run: string;
  /** The job's number in its run, from 0. */
  index: number;
  /** The version of the code that must run it ({@linkcode codeVersion}). */
  code: string;
  /** The task. */
  task: Task;
}

/** What a job gave: its records, or why it failed. */
export type JobOutcome =
  | { ok: true; records: GameRecord[] | ChessGameRecord[] | SolveRecord[] }
  | { ok: false; error: string };

/** What a worker stores for a job. */
export interface JobResult {
  /** The job's run. */
  run: string;
  /** The job's number. */
  index: number;
  /** The SHA-256 of the job's message, in hex ({@linkcode jobDigest}): ties the result to the very job that gave it. */
  digest: string;
  /** The code version that ran it. */
  code: string;
  /** The worker that ran it. */
  worker: string;
  /** Milliseconds it took. */
  ms: number;
  /** Which delivery of the job's message it was (1 the first; more after a worker died or gave it back). */
  delivery: number;
  /** The records, or the error. */
  outcome: JobOutcome;
}

/** A message that is not an acceptable job; `reason` says which rule it broke. */
export class JobError extends Error {
  /** A short name of the rule (`"oversized"`, `"malformed"`, `"format"`, `"invalid"`). */
  readonly reason: string;

  /** A refusal for `reason`, explained by `message`. */
  constructor(reason: string, message: string) {
    super(message);
    this.name = "JobError";
    this.reason = reason;
  }
}

/** A run's id: 1…64 letters, digits, `_` or `-` (one token of a NATS subject). */
export const RUN_ID: RegExp = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * A code version ({@linkcode codeVersion} gives 16 hex digits): 1…64
 * lowercase letters or digits, so that it is one token of a NATS subject
 * and part of a consumer's name (src/jobs/nats.ts routes jobs by it).
 */
export const CODE_ID: RegExp = /^[0-9a-z]{1,64}$/;

/**
 * A job as the bytes of its message (JSON).
 *
 * @throws {JobError} when the message would exceed {@linkcode MAX_JOB_BYTES}
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeJob, encodeJob, type Job } from "./job.ts";
 * const job: Job = {
 *   format: 2, run: "r1", index: 0, code: "abc",
 *   task: {
 *     kind: "games", game: "tic-tac-toe",
 *     players: [{ kind: "random", seed: 1 }, { kind: "alpha-beta", depth: 2 }],
 *     openings: ["........."],
 *     games: [{ round: 0, opening: 0, seats: [0, 1], seed: 5 }],
 *   },
 * };
 * assert.deepEqual(decodeJob(encodeJob(job)), job);
 * ```
 */
export function encodeJob(job: Job): Uint8Array {
  const bytes = new TextEncoder().encode(JSON.stringify(job));
  if (bytes.length > MAX_JOB_BYTES) {
    throw new JobError(
      "oversized",
      `encodeJob: job ${job.run}.${job.index} takes ${bytes.length} bytes, more than the ${MAX_JOB_BYTES} a worker accepts: use smaller batches`,
    );
  }
  return bytes;
}

function invalid(field: string, value: unknown, rule: string): JobError {
  return new JobError(
    "invalid",
    `decodeJob: ${field} must be ${rule}, got ${describe(value)}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function checkInt(
  field: string,
  value: unknown,
  min: number,
  max: number,
): number {
  if (
    !Number.isInteger(value) || (value as number) < min ||
    (value as number) > max
  ) {
    throw invalid(field, value, `an integer in ${min}…${max}`);
  }
  return value as number;
}

function checkString(field: string, value: unknown, max: number): string {
  if (typeof value !== "string" || value.length > max) {
    throw invalid(field, value, `a string of at most ${max} characters`);
  }
  return value;
}

function checkList(field: string, value: unknown, min: number, max: number) {
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    throw invalid(field, value, `an array of ${min}…${max} entries`);
  }
  return value as unknown[];
}

/** Bytes in MiB, for messages. */
const mib = (bytes: number) => `${Number((bytes / 2 ** 20).toFixed(2))} MiB`;

function checkGamesTask(task: Record<string, unknown>): GamesTask {
  const game = task.game;
  if (!GAME_NAMES.includes(game as GameName)) {
    throw invalid("task.game", game, `one of ${GAME_NAMES.join(", ")}`);
  }
  const players = checkList("task.players", task.players, 2, 256);
  let tableBytes = 0;
  players.forEach((spec, i) => {
    // The players without a budget of their own: a worker's move must end
    // (random, mcts and search players always have one).
    if (
      isObject(spec) && spec.kind === "solver" && spec.maxNodes === undefined
    ) {
      throw invalid(
        `task.players[${i}].maxNodes`,
        undefined,
        "a node budget a move: a solver's move without one may take hours",
      );
    }
    const cap = MAX_JOB_ALPHA_BETA_DEPTH[game as GameName];
    if (
      isObject(spec) && spec.kind === "alpha-beta" &&
      typeof spec.depth === "number" && spec.depth > cap
    ) {
      throw invalid(
        `task.players[${i}].depth`,
        spec.depth,
        `at most ${cap} on ${game}: an alpha-beta player's depth is its only budget, and a deeper one's move may never end`,
      );
    }
    // Checked without building it: its table is allocated only by the
    // games that play it.
    let check;
    try {
      check = checkPlayerSpec(game as GameName, spec as PlayerSpec);
    } catch (error) {
      throw new JobError(
        "invalid",
        `decodeJob: task.players[${i}]: ${(error as Error).message}`,
      );
    }
    if (tableBytes + check.tableBytes > MAX_JOB_TABLE_BYTES) {
      const sized = check.tableField !== null;
      const field = `task.players[${i}]${sized ? `.${check.tableField}` : ""}`;
      // A table the spec does not size (an alpha-beta player's, a
      // solver's default) is named by the player's kind.
      const got = sized
        ? describe((spec as Record<string, unknown>)[check.tableField!])
        : `a ${
          (spec as PlayerSpec).kind
        } player, whose table the spec does not size`;
      throw new JobError(
        "invalid",
        `decodeJob: ${field} must be such that the tables of the job's players take at most ${
          mib(MAX_JOB_TABLE_BYTES)
        } in all (a worker builds every player, each with its own table): ${
          i === 0
            ? "it alone takes"
            : `players 0…${i - 1} take ${mib(tableBytes)}, this one`
        } ${mib(check.tableBytes)}, got ${got}`,
      );
    }
    tableBytes += check.tableBytes;
  });
  const openings = checkList("task.openings", task.openings, 1, 100_000);
  openings.forEach((text, i) => {
    checkString(`task.openings[${i}]`, text, 200);
    let terminal: boolean;
    try {
      terminal = parsePosition(game as GameName, text as string).isTerminal();
    } catch (error) {
      throw new JobError(
        "invalid",
        `decodeJob: task.openings[${i}]: ${(error as Error).message}`,
      );
    }
    if (terminal) {
      throw invalid(`task.openings[${i}]`, text, "an unfinished position");
    }
  });
  const games = checkList("task.games", task.games, 1, MAX_JOB_GAMES);
  games.forEach((g, i) => {
    const where = `task.games[${i}]`;
    if (!isObject(g)) throw invalid(where, g, "an object");
    checkInt(`${where}.round`, g.round, 0, 1e9);
    checkInt(`${where}.opening`, g.opening, 0, openings.length - 1);
    checkInt(`${where}.seed`, g.seed, -(2 ** 53), 2 ** 53);
    const seats = checkList(`${where}.seats`, g.seats, 2, 2);
    checkInt(`${where}.seats[0]`, seats[0], 0, players.length - 1);
    checkInt(`${where}.seats[1]`, seats[1], 0, players.length - 1);
    if (seats[0] === seats[1]) {
      throw invalid(`${where}.seats`, seats, "two different players");
    }
  });
  if (task.adjudication !== undefined) {
    try {
      checkAdjudication("decodeJob: task", task.adjudication);
    } catch (error) {
      throw new JobError("invalid", (error as Error).message);
    }
  }
  return task as unknown as GamesTask;
}

const ENGINE_KEYS = ["engine", "label", "go", "options"];

const GO_LIMITS =
  /^(?:depth|nodes|movetime) \d{1,15}(?: (?:depth|nodes|movetime) \d{1,15})*$/;

function checkEngine(field: string, value: unknown): EngineSpec {
  if (!isObject(value)) throw invalid(field, value, "an object");
  for (const key of Object.keys(value)) {
    if (!ENGINE_KEYS.includes(key)) {
      throw invalid(
        `${field}.${key}`,
        value[key],
        `absent: an engine has only ${
          ENGINE_KEYS.join(", ")
        } (a job names an engine configured on the worker, never a program's path)`,
      );
    }
  }
  const name = value.engine;
  if (typeof name !== "string" || !ENGINE_NAME.test(name)) {
    throw invalid(
      `${field}.engine`,
      name,
      "an engine's name: 1…32 of a-z, 0-9, _ and -, starting with a letter or digit",
    );
  }
  const label = checkString(`${field}.label`, value.label, 200);
  // Printed in the worker's log and the publisher's lines, and a PGN tag.
  if (label === "" || /[\p{Cc}\p{Cf}]/u.test(label) || !isPgnTagValue(label)) {
    throw invalid(
      `${field}.label`,
      label,
      "1…200 characters, no control characters, quotes or backslashes",
    );
  }
  const go = checkString(`${field}.go`, value.go, 200);
  // One space between limits: the old `(limit N ?)+` took "depth 3depth 4".
  if (!GO_LIMITS.test(go)) {
    throw invalid(
      `${field}.go`,
      value.go,
      'UCI go limits ("depth N", "nodes N", "movetime MS") separated by one space',
    );
  }
  const limits = go.split(" ").filter((_, i) => i % 2 === 0);
  const twice = limits.find((limit, i) => limits.indexOf(limit) !== i);
  if (twice !== undefined) {
    throw invalid(
      `${field}.go`,
      value.go,
      `UCI go limits each given once (${twice} is given twice)`,
    );
  }
  if (!isObject(value.options)) {
    throw invalid(`${field}.options`, value.options, "an object");
  }
  for (const [key, option] of Object.entries(value.options)) {
    if (key === "Skill Level" && name === "stockfish") {
      checkInt(`${field}.options["Skill Level"]`, option, 0, 20);
    } else if (key === "Candidates" && name === "ours") {
      checkInt(`${field}.options["Candidates"]`, option, 0, 1);
    } else {
      throw invalid(
        `${field}.options`,
        value.options,
        'empty, { "Skill Level": 0…20 } for stockfish, or { "Candidates": 0 or 1 } for ours',
      );
    }
  }
  return value as unknown as EngineSpec;
}

/** A string of at most 1,000 characters that a PGN tag can hold, or a JobError. */
function checkTagValue(field: string, value: unknown): void {
  if (!isPgnTagValue(checkString(field, value, 1000))) {
    throw invalid(
      field,
      value,
      "a PGN tag's value: no quote, backslash or control character",
    );
  }
}

function checkChessTask(task: Record<string, unknown>): ChessTask {
  checkEngine("task.a", task.a);
  checkEngine("task.b", task.b);
  checkInt("task.maxPlies", task.maxPlies, 1, 100_000);
  checkInt("task.timeoutMs", task.timeoutMs, 1, 86_400_000);
  checkInt("task.handshakeTimeoutMs", task.handshakeTimeoutMs, 1, 86_400_000);
  if (!isObject(task.headers)) {
    throw invalid("task.headers", task.headers, "an object");
  }
  for (const [key, tag] of Object.entries(task.headers)) {
    // Each becomes a tag of every game's PGN: checked here, so that a job
    // the worker accepts never fails only after its games were played.
    if (!isPgnTagName(key)) {
      throw invalid("task.headers", key, "tag names of letters, digits and _");
    }
    checkTagValue(`task.headers.${key}`, tag);
  }
  const games = checkList("task.games", task.games, 1, MAX_JOB_GAMES);
  games.forEach((g, i) => {
    const where = `task.games[${i}]`;
    if (!isObject(g)) throw invalid(where, g, "an object");
    checkInt(`${where}.number`, g.number, 0, 999_999);
    const opening = g.opening;
    if (!isObject(opening)) {
      throw invalid(`${where}.opening`, opening, "an object");
    }
    checkTagValue(`${where}.opening.name`, opening.name);
    const position = Chess.start();
    checkList(`${where}.opening.moves`, opening.moves, 0, 1000).forEach(
      (m, j) => {
        if (!isUciMove(m)) {
          throw invalid(`${where}.opening.moves[${j}]`, m, "a move in UCI");
        }
        try {
          position.play(position.moveFromUci(m));
        } catch {
          throw invalid(
            `${where}.opening.moves[${j}]`,
            m,
            `a legal move in ${position.toFen()}`,
          );
        }
      },
    );
  });
  return task as unknown as ChessTask;
}

const MOVES = /^[1-7]{0,41}$/;

function checkSolveTask(task: Record<string, unknown>): SolveTask {
  const moves = task.moves;
  if (typeof moves !== "string" || !MOVES.test(moves)) {
    throw invalid("task.moves", moves, "0…41 column digits 1-7");
  }
  let position: ConnectFour;
  try {
    position = ConnectFour.parse(moves);
  } catch (error) {
    throw new JobError(
      "invalid",
      `decodeJob: task.moves: ${(error as Error).message}`,
    );
  }
  if (position.isTerminal()) {
    throw invalid("task.moves", moves, "an unfinished position");
  }
  if (typeof task.weak !== "boolean") {
    throw invalid("task.weak", task.weak, "true or false");
  }
  checkInt("task.megabytes", task.megabytes, 1, 4096);
  checkInt("task.threads", task.threads, 1, 64);
  if (task.maxNodes !== null) {
    checkInt("task.maxNodes", task.maxNodes, 0, Number.MAX_SAFE_INTEGER);
  }
  if (task.timeMs !== null) {
    checkInt("task.timeMs", task.timeMs, 0, MAX_SOLVE_JOB_MS);
  }
  if (task.maxNodes === null && task.timeMs === null) {
    throw invalid(
      "task.maxNodes",
      null,
      `a node budget when task.timeMs is null (or task.timeMs a time budget of at most ${MAX_SOLVE_JOB_MS} ms): a solve without either may take days, and its worker keeps it alive for as long as it runs`,
    );
  }
  return task as unknown as SolveTask;
}

/**
 * Reads a job message: refuses one larger than {@linkcode MAX_JOB_BYTES},
 * one that is not JSON, one of another {@linkcode JOB_FORMAT}, and one
 * whose task has a field out of its rule (players are checked without
 * building them, by `checkPlayerSpec`, their tables at most
 * {@linkcode MAX_JOB_TABLE_BYTES} together; openings are parsed), so that
 * a worker runs only jobs it can run.
 *
 * @param bytes the message
 * @returns the job
 * @throws {JobError} naming the rule the message broke
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeJob } from "./job.ts";
 * const bytes = (text: string) => new TextEncoder().encode(text);
 * assert.throws(() => decodeJob(bytes("{not json")), /decodeJob: the message is not JSON/);
 * assert.throws(() => decodeJob(bytes('{"format":1}')), /format must be 2/);
 * ```
 */
export function decodeJob(bytes: Uint8Array): Job {
  if (!(bytes instanceof Uint8Array)) {
    throw new JobError(
      "malformed",
      `decodeJob: bytes must be a Uint8Array, got ${describe(bytes)}`,
    );
  }
  if (bytes.length > MAX_JOB_BYTES) {
    throw new JobError(
      "oversized",
      `decodeJob: the message has ${bytes.length} bytes, more than ${MAX_JOB_BYTES}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new JobError(
      "malformed",
      `decodeJob: the message is not JSON (${(error as Error).message})`,
    );
  }
  if (!isObject(value)) throw invalid("the message", value, "a job object");
  if (value.format !== JOB_FORMAT) {
    throw new JobError(
      "format",
      `decodeJob: format must be ${JOB_FORMAT}, got ${describe(value.format)}`,
    );
  }
  if (typeof value.run !== "string" || !RUN_ID.test(value.run)) {
    throw invalid("run", value.run, "1…64 letters, digits, _ or -");
  }
  checkInt("index", value.index, 0, 1e9);
  if (typeof value.code !== "string" || !CODE_ID.test(value.code)) {
    throw invalid(
      "code",
      value.code,
      "a version: 1…64 lowercase letters or digits",
    );
  }
  const task = value.task;
  if (!isObject(task)) throw invalid("task", task, "an object");
  if (task.kind === "games") checkGamesTask(task);
  else if (task.kind === "chess") checkChessTask(task);
  else if (task.kind === "solve") checkSolveTask(task);
  else throw invalid("task.kind", task.kind, '"games", "chess" or "solve"');
  return value as unknown as Job;
}

/**
 * Units of work a task holds, for progress: its games, or 1 for a solve.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { taskGames } from "./job.ts";
 * assert.equal(taskGames({
 *   kind: "solve", moves: "4455", weak: false, megabytes: 16, threads: 1,
 *   maxNodes: null, timeMs: null,
 * }), 1);
 * ```
 */
export function taskGames(task: Task): number {
  return task.kind === "solve" ? 1 : task.games.length;
}

/**
 * What a task is, in a few words, for a worker's log line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { taskSummary } from "./job.ts";
 * assert.equal(taskSummary({
 *   kind: "solve", moves: "4455", weak: false, megabytes: 16, threads: 1,
 *   maxNodes: 1000, timeMs: null,
 * }), "solve 4455 (strong, 1 thread, 16 MiB, at most 1000 nodes)");
 * ```
 */
export function taskSummary(task: Task): string {
  if (task.kind !== "solve") return `${task.games.length} games`;
  const budgets = [
    task.maxNodes === null ? "" : `at most ${task.maxNodes} nodes`,
    task.timeMs === null ? "" : `at most ${task.timeMs} ms`,
  ].filter((text) => text !== "");
  return `solve ${task.moves === "" ? "-" : task.moves} (${
    task.weak ? "weak" : "strong"
  }, ${task.threads} thread${
    task.threads === 1 ? "" : "s"
  }, ${task.megabytes} MiB${budgets.length ? `, ${budgets.join(", ")}` : ""})`;
}

/**
 * Splits items into batches of at most `size`, in order (the jobs of a
 * run: contiguous games share openings and players, so cost about the same).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { batches } from "./job.ts";
 * assert.deepEqual(batches([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
 * ```
 */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(
      `batches: size must be an integer ≥ 1, got ${describe(size)}`,
    );
  }
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

/**
 * The version of this checkout's code: the first 16 hex digits of a SHA-256
 * over every `.ts` file of `src/` and `cli/` (path and content, in path
 * order). A worker refuses a job whose `code` differs, so games from two
 * versions are never mixed in one result. Read once per process: what a
 * process runs is what it loaded at start.
 *
 * @returns 16 lowercase hex digits
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeVersion } from "./job.ts";
 * assert.match(await codeVersion(), /^[0-9a-f]{16}$/);
 * ```
 */
export function codeVersion(): Promise<string> {
  cachedVersion ??= computeVersion();
  return cachedVersion;
}

let cachedVersion: Promise<string> | undefined;

const ROOT = new URL("../../", import.meta.url);

async function computeVersion(): Promise<string> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(new URL(dir, ROOT))) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) walk(`${path}/`);
      else if (entry.isFile && entry.name.endsWith(".ts")) files.push(path);
    }
  };
  walk("src/");
  walk("cli/");
  files.sort();
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const path of files) {
    parts.push(encoder.encode(`${path}\0`));
    parts.push(Deno.readFileSync(new URL(path, ROOT)));
    parts.push(encoder.encode("\0"));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}
