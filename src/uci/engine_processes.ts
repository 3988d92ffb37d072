/**
 * The engines of a match played here (`deno task match` without `--nats`):
 * each spec's engine as a `ChessMover` that starts, restarts after a fault
 * and is killed, and one place that knows every process, so that a stopped
 * run ends them all — a start in flight included — and no engine outlives
 * it.
 *
 * @module
 */

import type { ChessMover } from "./chess_match.ts";
import { engineMove } from "./chess_match.ts";
import { engineCommand, engineOptions, type EngineTable } from "./engines.ts";
import type { UciEngineSpec } from "./engine_spec.ts";
import { UciProcess } from "./uci_engine.ts";

/** A spec's engine as a `ChessMover` that can restart and be killed. */
export interface MatchEngine extends ChessMover {
  /** Starts its process (the handshake included). */
  start(): Promise<void>;
  /** Kills its process, if any. */
  kill(): Promise<void>;
  /** Ends its process politely (`quit`), if any. */
  close(): Promise<void>;
  /** Its process's id, or `null` when none runs. */
  pid(): number | null;
}

/** What every engine of {@linkcode EngineProcesses} shares. */
export interface EngineProcessesOptions {
  /** The engines configured here (`engineTable`). */
  engines: EngineTable;
  /** Budget of one search, for its `bestmove` (ms). */
  timeoutMs: number;
  /** Budget of `uciok` and `readyok` (ms). */
  handshakeTimeoutMs: number;
  /** The engines' working directory. */
  cwd: string | URL;
  /**
   * Aborted when the run stops: an engine in its handshake is killed at
   * once, and none is started (or restarted) afterwards.
   */
  signal: AbortSignal;
  /** Told each restart, one line. */
  say: (line: string) => void;
}

/**
 * The engine processes of a run: {@linkcode EngineProcesses.engine} makes
 * each spec's engine, {@linkcode EngineProcesses.killAll} ends every one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EngineProcesses } from "./engine_processes.ts";
 * import { parseEngineSpec } from "./engine_spec.ts";
 * const stop = new AbortController();
 * const processes = new EngineProcesses({
 *   engines: new Map(), timeoutMs: 60_000, handshakeTimeoutMs: 60_000,
 *   cwd: ".", signal: stop.signal, say: () => {},
 * });
 * const ours = processes.engine(parseEngineSpec("--a", "ours:depth=1"));
 * await ours.start();
 * assert.ok(ours.pid() !== null);
 * assert.match(await ours.move(["e2e4"]), /^[a-h][1-8][a-h][1-8]/);
 * stop.abort();
 * await processes.killAll();
 * assert.equal(ours.pid(), null);
 * ```
 */
export class EngineProcesses {
  readonly #options: EngineProcessesOptions;
  /** Every process running now. */
  readonly #live = new Set<UciProcess>();
  /** Starts in flight: a stop waits for them, so that none outlives it. */
  readonly #starting = new Set<Promise<void>>();
  /** Every engine made, so that a stop forgets their processes. */
  readonly #forget = new Set<() => void>();

  /** The processes of a run with these settings. */
  constructor(options: EngineProcessesOptions) {
    this.#options = options;
  }

  /**
   * The engine of `spec` (not started yet).
   *
   * @throws {Error} when the engine table has no such engine
   */
  engine(spec: UciEngineSpec): MatchEngine {
    const options = this.#options;
    const live = this.#live;
    const inflight = this.#starting;
    const command = engineCommand(spec.engine, options.engines);
    let proc: UciProcess | null = null;
    this.#forget.add(() => {
      proc = null;
    });
    const launch = async () => {
      proc = await UciProcess.start(command, {
        name: spec.label,
        options: engineOptions(spec.engine, spec.options),
        cwd: options.cwd,
        timeoutMs: options.timeoutMs,
        handshakeTimeoutMs: options.handshakeTimeoutMs,
        // A signal reaches only the caller, which ends the engines itself,
        // instead of their deaths racing the signal as faults of a game.
        detached: true,
        signal: options.signal,
      });
      live.add(proc);
    };
    const start = async () => {
      const starting = launch();
      inflight.add(starting);
      try {
        await starting;
      } finally {
        inflight.delete(starting);
      }
    };
    const kill = async () => {
      const old = proc;
      proc = null;
      if (old) {
        await old.kill();
        live.delete(old);
      }
    };
    return {
      name: spec.label,
      start,
      kill,
      close: async () => {
        const old = proc;
        proc = null;
        if (old) {
          await old.close();
          live.delete(old);
        }
      },
      pid: () => (proc as UciProcess | null)?.pid ?? null,
      newGame: async () => {
        if (proc === null) throw new Error(`${spec.label} is not running`);
        await proc.newGame();
      },
      move: (moves) => engineMove(proc, spec.label, spec.go, moves),
      restart: async () => {
        await kill();
        await start();
        options.say(`restarted ${spec.label} (pid ${proc!.pid})`);
      },
    };
  }

  /** Kills every engine, after waiting for the starts in flight (each settles: the signal aborts it). */
  async killAll(): Promise<void> {
    await Promise.allSettled([...this.#starting]);
    await Promise.all([...this.#live].map((p) => p.kill()));
    this.#live.clear();
    for (const forget of this.#forget) forget();
  }
}
