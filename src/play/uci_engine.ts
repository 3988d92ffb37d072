/**
 * A UCI client: another chess engine (Stockfish, or this project's own
 * `cli/uci.ts`) as a subprocess, driven over the Universal Chess Interface.
 * It spawns, reads and writes pipes, and never prints; every wait has a
 * timeout whose error names the engine, the command and the last lines it
 * sent. Needs `--allow-run`.
 *
 * @module
 */

import { describe } from "../validate.ts";

/** Options of {@linkcode UciProcess.start}. */
export interface UciProcessOptions {
  /** A name for messages (default: the command's first word). */
  name?: string;
  /** `setoption` pairs sent after the handshake (`{ "Skill Level": 0 }`). */
  options?: Record<string, string | number | boolean>;
  /** Milliseconds to wait for `uciok`, `readyok` or a `bestmove` (default 60,000). */
  timeoutMs?: number;
  /** The working directory of the process. */
  cwd?: string | URL;
}

/** A bestmove and what the engine said on the way. */
export interface UciSearchResult {
  /** The move, in UCI (`"0000"` when the engine had none). */
  bestMove: string;
  /** The last `info` line that had a score, if any. */
  lastInfo: string | null;
}

/**
 * A UCI engine in a subprocess.
 *
 * @example Our own engine, through its `cli/uci.ts`
 * ```ts
 * import assert from "node:assert/strict";
 * import { UciProcess } from "../../mod.ts";
 * const uci = new URL("../../cli/uci.ts", import.meta.url).pathname;
 * const engine = await UciProcess.start([Deno.execPath(), "run", uci]);
 * assert.ok(engine.name === "game-tree-search");
 * const { bestMove } = await engine.go({ moves: ["e2e4"] }, "depth 2");
 * assert.match(bestMove, /^[a-h][1-8][a-h][1-8]$/);
 * await engine.close();
 * ```
 */
export class UciProcess {
  /** The name used in messages and PGN tags (`id name` when the engine gives one). */
  name: string;
  readonly #process: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #timeoutMs: number;
  readonly #lines: string[] = [];
  readonly #recent: string[] = [];
  #waiter: (() => void) | null = null;
  #closed = false;
  #exit: Promise<void>;

  private constructor(
    process: Deno.ChildProcess,
    name: string,
    timeoutMs: number,
  ) {
    this.#process = process;
    this.name = name;
    this.#timeoutMs = timeoutMs;
    this.#writer = process.stdin.getWriter();
    this.#exit = this.#read();
  }

  /**
   * Spawns `command` (program and arguments), does the handshake
   * (`uci` … `uciok`), sends the `setoption`s and waits for `readyok`.
   *
   * @throws {Error} when the program cannot be spawned, or the handshake
   *   times out, naming the command
   */
  static async start(
    command: readonly string[],
    options?: UciProcessOptions,
  ): Promise<UciProcess> {
    if (
      !Array.isArray(command) || command.length === 0 ||
      !command.every((word) => typeof word === "string")
    ) {
      throw new Error(
        `UciProcess.start: command must be a non-empty array of strings (program, arguments), got ${
          describe(command)
        }`,
      );
    }
    const timeoutMs = options?.timeoutMs ?? 60_000;
    let child: Deno.ChildProcess;
    try {
      child = new Deno.Command(command[0]!, {
        args: command.slice(1),
        stdin: "piped",
        stdout: "piped",
        stderr: "null",
        cwd: options?.cwd,
      }).spawn();
    } catch (error) {
      throw new Error(
        `UciProcess.start: cannot run ${describe(command.join(" "))}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    const engine = new UciProcess(
      child,
      options?.name ?? command[0]!.split("/").at(-1)!,
      timeoutMs,
    );
    try {
      await engine.send("uci");
      const lines = await engine.#until((line) => line === "uciok", "uci");
      const id = lines.find((line) => line.startsWith("id name "));
      if (options?.name === undefined && id) engine.name = id.slice(8).trim();
      for (const [name, value] of Object.entries(options?.options ?? {})) {
        await engine.send(`setoption name ${name} value ${value}`);
      }
      await engine.ready();
    } catch (error) {
      await engine.close();
      throw error;
    }
    return engine;
  }

  /** Sends one line. */
  async send(line: string): Promise<void> {
    if (this.#closed) {
      throw new Error(`UciProcess ${this.name}: cannot send "${line}": closed`);
    }
    try {
      await this.#writer.write(new TextEncoder().encode(line + "\n"));
    } catch (error) {
      throw new Error(
        `UciProcess ${this.name}: the engine ended, cannot send "${line}" (${
          error instanceof Error ? error.message : String(error)
        }; last lines: ${describe(this.#recent)})`,
      );
    }
  }

  /** `isready` … `readyok`. */
  async ready(): Promise<void> {
    await this.send("isready");
    await this.#until((line) => line === "readyok", "isready");
  }

  /** `ucinewgame`, then `isready`. */
  async newGame(): Promise<void> {
    await this.send("ucinewgame");
    await this.ready();
  }

  /**
   * Sets the position (`fen`, default the start, then `moves` in UCI) and
   * searches with `go <limits>` (`"depth 3"`, `"nodes 10000"`,
   * `"movetime 100"`).
   *
   * @throws {Error} when no `bestmove` comes within the timeout
   */
  async go(
    position: { fen?: string; moves?: readonly string[] },
    limits: string,
  ): Promise<UciSearchResult> {
    const moves = position.moves ?? [];
    await this.send(
      `position ${position.fen ? "fen " + position.fen : "startpos"}${
        moves.length > 0 ? " moves " + moves.join(" ") : ""
      }`,
    );
    await this.send(`go ${limits}`);
    const lines = await this.#until(
      (line) => line.startsWith("bestmove"),
      `go ${limits}`,
    );
    const words = lines.at(-1)!.split(/\s+/);
    const lastInfo = lines.findLast((line) => / score /.test(line)) ?? null;
    return { bestMove: words[1] ?? "0000", lastInfo };
  }

  /** Sends `quit` and waits for the process to end (kills it after the timeout). */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.send("quit");
    } catch {
      // Already gone: nothing to tell it.
    }
    this.#closed = true;
    try {
      await this.#writer.close();
    } catch {
      // The pipe is closed when the process ended first.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        try {
          this.#process.kill("SIGKILL");
        } catch {
          // It ended meanwhile.
        }
        resolve();
      }, 5_000);
    });
    await Promise.race([this.#process.status.then(() => {}), killed]);
    clearTimeout(timer);
    await this.#exit;
  }

  async #read(): Promise<void> {
    let pending = "";
    try {
      for await (
        const chunk of this.#process.stdout.pipeThrough(new TextDecoderStream())
      ) {
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf("\n")) >= 0) {
          this.#lines.push(pending.slice(0, end).trim());
          pending = pending.slice(end + 1);
        }
        this.#waiter?.();
      }
    } finally {
      this.#closed = true;
      this.#waiter?.();
    }
  }

  /** The lines up to and including the first that `done` accepts. */
  async #until(
    done: (line: string) => boolean,
    what: string,
  ): Promise<string[]> {
    const seen: string[] = [];
    const deadline = Date.now() + this.#timeoutMs;
    for (;;) {
      while (this.#lines.length > 0) {
        const line = this.#lines.shift()!;
        seen.push(line);
        this.#recent.push(line);
        if (this.#recent.length > 5) this.#recent.shift();
        if (done(line)) return seen;
      }
      if (this.#closed) {
        throw new Error(
          `UciProcess ${this.name}: the engine ended while waiting for the answer to "${what}" (last lines: ${
            describe(this.#recent)
          })`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `UciProcess ${this.name}: no answer to "${what}" within ${this.#timeoutMs} ms (last lines: ${
            describe(this.#recent)
          })`,
        );
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#waiter = resolve;
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
      this.#waiter = null;
    }
  }
}
