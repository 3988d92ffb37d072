/**
 * Running one job's task on the machine that took it: round-robin games in
 * a Deno worker ({@linkcode playScheduledGames}, so the caller's thread
 * stays free for its server's heartbeats), chess games between UCI engines
 * started here, a Connect Four solve in a Deno worker of its own
 * ({@linkcode SolveRecord}: the same bounds, and for one thread the same
 * nodes, as `deno task openings` solving it here). The records equal the in-process runners' for the same
 * games: `roundRobin`'s, and `playChessMatch`'s (an engine that failed in
 * a game is restarted before the batch's next game, as there).
 *
 * @module
 */

import type { MatchJob, MatchReply } from "../match/parallel.ts";
import {
  type ChessGameRecord,
  type ChessMover,
  engineMove,
  playChessGame,
} from "../uci/chess_match.ts";
import { UciProcess } from "../uci/uci_engine.ts";
import {
  engineCommand,
  engineOptions,
  type EngineTable,
  engineTable,
} from "../uci/engines.ts";
import type { GameRecord } from "../match/tournament.ts";
import type {
  ChessTask,
  EngineSpec,
  JobOutcome,
  SolveRecord,
  SolveTask,
  Task,
} from "./job.ts";
import type { SolveReply } from "./_solve_worker.ts";

const ROOT = new URL("../../", import.meta.url);

/**
 * Plays a task's games here.
 *
 * @param task the task (checked by `decodeJob`)
 * @param options `signal`: stops the games (or the solve) and rejects; `onGame`: told after each game (or the solve);
 *   `onProbe`: told each root probe of a solve, with its seconds so far; `engines`: the chess engines a chess task
 *   may name (default: `engineTable([])`, Stockfish and Glaurung when installed; `ours` always)
 * @returns the records, in the task's order, or the error that stopped them
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runTask } from "./run.ts";
 * const outcome = await runTask({
 *   kind: "games", game: "tic-tac-toe",
 *   players: [{ kind: "alpha-beta", depth: 9 }, { kind: "random", seed: 3 }],
 *   openings: ["........."],
 *   games: [{ round: 7, opening: 0, seats: [0, 1], seed: 1 }],
 * });
 * assert.ok(outcome.ok && outcome.records.length === 1);
 * ```
 */
export async function runTask(
  task: Task,
  options?: {
    signal?: AbortSignal;
    onGame?: () => void;
    onProbe?: (probe: SolveProbe) => void;
    engines?: EngineTable;
  },
): Promise<JobOutcome> {
  try {
    if (task.kind === "solve") {
      const record = await solveInResident(
        task,
        (probe) => options?.onProbe?.(probe),
        options?.signal,
      );
      options?.onGame?.();
      return { ok: true, records: [record] };
    }
    if (task.kind === "games") {
      const records = await playInResident(
        {
          game: task.game,
          players: task.players,
          openings: task.openings,
          games: task.games,
          ...(task.adjudication === undefined
            ? {}
            : { adjudication: task.adjudication }),
        },
        () => options?.onGame?.(),
        options?.signal,
      );
      return { ok: true, records };
    }
    return { ok: true, records: await playChessTask(task, options) };
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    return { ok: false, error: (error as Error).message ?? String(error) };
  }
}

/**
 * The Deno worker that plays games jobs, kept from job to job: starting
 * one costs about 0.1 s (its modules load), more than a short job's games.
 */
let resident: Worker | null = null;

/**
 * Ends the Deno worker that {@linkcode runTask} keeps between games jobs
 * (a job worker calls it when it stops serving; harmless when there is none).
 *
 * @example
 * ```ts
 * import { closeTaskRunner } from "./run.ts";
 * closeTaskRunner();
 * ```
 */
export function closeTaskRunner(): void {
  resident?.terminate();
  resident = null;
  solving?.terminate();
  solving = null;
}

/** A root probe of a solve in progress, as a solve job reports it. */
export interface SolveProbe {
  /** The probe's null window was (`probe`, `probe` + 1). */
  probe: number;
  /** The bounds proven so far. */
  lower: number;
  upper: number;
  /** Nodes so far. */
  nodes: number;
  /** Seconds since the solve began. */
  seconds: number;
}

/** The Deno worker that runs solve jobs, kept with its solver (and table) from job to job. */
let solving: Worker | null = null;

function solveInResident(
  task: SolveTask,
  onProbe: (probe: SolveProbe) => void,
  signal?: AbortSignal,
): Promise<SolveRecord> {
  signal?.throwIfAborted();
  const worker = solving ??= new Worker(
    new URL("./_solve_worker.ts", import.meta.url),
    { type: "module" },
  );
  return new Promise<SolveRecord>((resolve, reject) => {
    const finish = (error: Error | null, record?: SolveRecord) => {
      worker.onmessage = null;
      worker.onerror = null;
      signal?.removeEventListener("abort", onAbort);
      if (error) {
        // A synchronous solve cannot be interrupted: end its thread (and
        // its helpers) rather than wait for it.
        solving?.terminate();
        solving = null;
        reject(error);
      } else resolve(record!);
    };
    const onAbort = () => finish(new Error("runTask: stopped"));
    signal?.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<SolveReply>) => {
      const reply = event.data;
      if ("probe" in reply) {
        onProbe({ ...reply.probe, seconds: reply.seconds });
      } else if ("record" in reply) finish(null, reply.record);
      else finish(new Error(`the solve failed: ${reply.error}`));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(new Error(`the solve failed: ${event.message}`));
    };
    worker.postMessage(task);
  });
}

function playInResident(
  job: MatchJob,
  onGame: () => void,
  signal?: AbortSignal,
): Promise<GameRecord[]> {
  signal?.throwIfAborted();
  const worker = resident ??= new Worker(
    new URL("../match/_match_worker.ts", import.meta.url),
    { type: "module" },
  );
  const records: GameRecord[] = [];
  return new Promise<GameRecord[]>((resolve, reject) => {
    const finish = (error?: Error) => {
      worker.onmessage = null;
      worker.onerror = null;
      signal?.removeEventListener("abort", onAbort);
      if (error) {
        // A failed or stopped worker is not trusted with the next job.
        closeTaskRunner();
        reject(error);
      } else resolve(records);
    };
    const onAbort = () => finish(new Error("runTask: stopped"));
    signal?.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<MatchReply>) => {
      const reply = event.data;
      if ("record" in reply) {
        records.push(reply.record);
        onGame();
      } else if ("done" in reply) finish();
      else finish(new Error(`a game failed: ${reply.error}`));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(new Error(`a game failed: ${event.message}`));
    };
    worker.postMessage(job);
  });
}

interface Engine extends ChessMover {
  start(): Promise<void>;
  close(): Promise<void>;
}

/** An engine as `deno task match` starts it (src/uci/engine_processes.ts), on this worker: by name, from the worker's table. */
function engine(
  spec: EngineSpec,
  task: ChessTask,
  table: EngineTable,
  signal?: AbortSignal,
): Engine {
  let proc: UciProcess | null = null;
  const start = async () => {
    proc = await UciProcess.start(engineCommand(spec.engine, table), {
      name: spec.label,
      options: engineOptions(spec.engine, spec.options),
      cwd: ROOT,
      timeoutMs: task.timeoutMs,
      handshakeTimeoutMs: task.handshakeTimeoutMs,
      ...(signal ? { signal } : {}),
    });
  };
  const close = async () => {
    const old = proc;
    proc = null;
    if (old) await old.close().catch(() => old.kill());
  };
  return {
    name: spec.label,
    start,
    close,
    newGame: async () => {
      if (proc === null) throw new Error(`${spec.label} is not running`);
      await proc.newGame();
    },
    move: (moves) => engineMove(proc, spec.label, spec.go, moves),
    restart: async () => {
      const old = proc;
      proc = null;
      if (old) await old.kill();
      await start();
    },
  };
}

async function playChessTask(
  task: ChessTask,
  options?: {
    signal?: AbortSignal;
    onGame?: () => void;
    engines?: EngineTable;
  },
): Promise<ChessGameRecord[]> {
  const table = options?.engines ?? engineTable([]);
  const a = engine(task.a, task, table, options?.signal);
  const b = engine(task.b, task, table, options?.signal);
  try {
    for (const [flag, it] of [["--a", a], ["--b", b]] as const) {
      try {
        await it.start();
      } catch (error) {
        throw new Error(
          `${flag} ${it.name} could not be started: ${
            (error as Error).message
          }`,
        );
      }
    }
    const records: ChessGameRecord[] = [];
    for (const [k, { number, opening }] of task.games.entries()) {
      options?.signal?.throwIfAborted();
      const aWhite = number % 2 === 0;
      const game = await playChessGame(
        aWhite ? a : b,
        aWhite ? b : a,
        opening,
        {
          maxPlies: task.maxPlies,
          headers: { ...task.headers, Round: String(number + 1) },
        },
      );
      records.push(game);
      options?.onGame?.();
      if (game.faultSide !== null && k + 1 < task.games.length) {
        const faulty = (game.faultSide === "white") === aWhite ? a : b;
        try {
          await faulty.restart!();
        } catch (error) {
          throw new Error(
            `${faulty.name} failed in game ${
              number + 1
            } and could not be restarted: ${(error as Error).message}`,
          );
        }
      }
    }
    return records;
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}
