/**
 * A UCI client: another chess engine (Stockfish, or this project's own
 * `cli/uci.ts`) as a subprocess, driven over the Universal Chess Interface.
 * It spawns, reads and writes pipes, and never prints. The engine is a
 * fault domain: whatever it does (cannot be spawned, exits, stays silent,
 * prints garbage or floods its pipe) ends as a {@linkcode UciError} whose one
 * line names the engine, the command it was answering, what went wrong and
 * the last lines it printed (stdout and stderr). Every wait has a budget:
 * the handshake (`uciok`, `readyok`) 10 s by default, a search (`bestmove`)
 * 60 s. Needs `--allow-run`.
 *
 * @module
 */

import { checkOptions, checkSignal, describe } from "../validate.ts";
import { findProgram } from "../programs.ts";
import { UciError } from "./uci_error.ts";

/** Options of {@linkcode UciProcess.start}. */
export interface UciProcessOptions {
  /** A name for messages (default: the engine's `id name`, else the program's file name). */
  name?: string;
  /** `setoption` pairs sent after the handshake (`{ "Skill Level": 0 }`); no control characters. */
  options?: Record<string, string | number | boolean>;
  /** Milliseconds to wait for a `bestmove` (default 60,000). */
  timeoutMs?: number;
  /** Milliseconds to wait for `uciok` or `readyok` (default 10,000): an engine that will never answer is found out soon. */
  handshakeTimeoutMs?: number;
  /** The working directory of the process. */
  cwd?: string | URL;
  /**
   * Runs the engine in a session of its own (default false), so that a
   * Ctrl-C at the terminal reaches only this process, which then decides
   * how the engine ends ({@linkcode UciProcess.kill}); the caller must then
   * end it on every exit path. Its session is its process group too, so
   * {@linkcode UciProcess.kill} and {@linkcode UciProcess.close} end every
   * process the engine started (a wrapper script's engine, a child that
   * ignores the end of its input), not only the engine's own.
   */
  detached?: boolean;
  /** Aborting it during `start` kills the process at once and `start` rejects. */
  signal?: AbortSignal;
}

const START_KEYS = [
  "name",
  "options",
  "timeoutMs",
  "handshakeTimeoutMs",
  "cwd",
  "detached",
  "signal",
];

/** A bestmove and what the engine said on the way. */
export interface UciSearchResult {
  /** The move, in UCI (`"0000"` when the engine had none). */
  bestMove: string;
  /** The last `info` line that had a score, if any. */
  lastInfo: string | null;
  /** The engine's `info string` messages during this search (the last 5): how an engine explains a refusal. */
  messages: string[];
}

/** Lines kept for messages, and how long each may be there. */
const RECENT = 5;
const SHOWN = 100;
/** Beyond these the engine is flooding its pipe: a fault, not memory to spend. */
const MAX_LINE = 1 << 20;
const MAX_PENDING_LINES = 100_000;
/**
 * How long the engine's pipes may stay open once its process has ended: a
 * process it started may hold them (a wrapper's child, not in the engine's
 * group when it is not detached). Then they are closed from this side.
 */
const PIPES_GRACE_MS = 1_000;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A line of the engine's as a message shows it: quoted, escaped, cut. */
function shown(line: string): string {
  const cut = line.length > SHOWN ? line.slice(0, SHOWN - 3) + "..." : line;
  return JSON.stringify(cut);
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
  /** Whether the engine leads a process group of its own (`detached`). */
  readonly #detached: boolean;
  readonly #stdout: ReadableStreamDefaultReader<string>;
  readonly #stderrPipe: ReadableStreamDefaultReader<string>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #timeoutMs: number;
  readonly #handshakeTimeoutMs: number;
  readonly #lines: string[] = [];
  readonly #recent: string[] = [];
  readonly #stderr: string[] = [];
  #flood: string | null = null;
  #waiter: (() => void) | null = null;
  #ended = false;
  #closed = false;
  #status: Deno.CommandStatus | null = null;
  readonly #exit: Promise<void>;
  readonly #stderrRead: Promise<void>;

  private constructor(
    process: Deno.ChildProcess,
    name: string,
    timeoutMs: number,
    handshakeTimeoutMs: number,
    detached: boolean,
  ) {
    this.#process = process;
    this.#detached = detached;
    // Readers kept, so that pipes a leftover process holds open can be
    // closed from this side (#stop).
    this.#stdout = process.stdout.pipeThrough(new TextDecoderStream())
      .getReader();
    this.#stderrPipe = process.stderr.pipeThrough(new TextDecoderStream())
      .getReader();
    this.name = name;
    this.#timeoutMs = timeoutMs;
    this.#handshakeTimeoutMs = handshakeTimeoutMs;
    this.#writer = process.stdin.getWriter();
    // A write to a dead engine is reported by send(); the writer's own
    // promise must not become an unhandled rejection.
    this.#writer.closed.catch(() => {});
    process.status.then((status) => this.#status = status, () => {});
    this.#stderrRead = this.#readStderr();
    this.#exit = Promise.all([this.#read(), this.#stderrRead]).then(
      () => {},
    );
  }

  /**
   * Spawns `command` (program and arguments), does the handshake
   * (`uci` … `uciok`), sends the `setoption`s and waits for `readyok`.
   *
   * @throws {Error} on a bad argument (naming it); {@linkcode UciError} when
   *   the program cannot be spawned, ends, or does not answer in time
   *
   * @example Arguments are checked before anything runs
   * ```ts
   * import assert from "node:assert/strict";
   * import { UciProcess } from "../../mod.ts";
   * await assert.rejects(
   *   () => UciProcess.start(["stockfish"], { options: { "Hash\nquit": 1 } }),
   *   /UciProcess.start: options has a name with a control character.*"Hash\\nquit"/,
   * );
   * await assert.rejects(
   *   () => UciProcess.start(["stockfish"], { timeoutMs: 0 }),
   *   /UciProcess.start: timeoutMs must be a finite number > 0, got 0/,
   * );
   * ```
   */
  static async start(
    command: readonly string[],
    options?: UciProcessOptions,
  ): Promise<UciProcess> {
    if (
      !Array.isArray(command) || command.length === 0 ||
      !command.every((word) => typeof word === "string") || command[0] === ""
    ) {
      throw new Error(
        `UciProcess.start: command must be a non-empty array of strings (program, arguments), got ${
          describe(command)
        }`,
      );
    }
    checkOptions("UciProcess.start", options, START_KEYS);
    const timeoutMs = positiveMs("timeoutMs", options?.timeoutMs ?? 60_000);
    const handshakeTimeoutMs = positiveMs(
      "handshakeTimeoutMs",
      options?.handshakeTimeoutMs ?? 10_000,
    );
    if (
      options?.name !== undefined &&
      (typeof options.name !== "string" || options.name.trim() === "" ||
        CONTROL.test(options.name))
    ) {
      throw new Error(
        `UciProcess.start: name must be a non-empty string without control characters, got ${
          describe(options.name)
        }`,
      );
    }
    const setoptions = checkSetoptions(options?.options);
    const name = options?.name ?? command[0]!.split("/").at(-1)!;
    const signal = checkSignal(
      "UciProcess.start",
      "signal",
      options?.signal,
    );
    if (signal?.aborted) {
      throw new UciError(name, "closed", `UciProcess ${name}: aborted`);
    }
    const detached = options?.detached ?? false;
    let child: Deno.ChildProcess;
    try {
      child = new Deno.Command(command[0]!, {
        args: command.slice(1),
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
        cwd: options?.cwd,
        detached,
      }).spawn();
    } catch (error) {
      throw new UciError(
        name,
        "spawn",
        `UciProcess ${name}: cannot run ${describe(command.join(" "))}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    const engine = new UciProcess(
      child,
      name,
      timeoutMs,
      handshakeTimeoutMs,
      detached,
    );
    const abort = () => void engine.kill();
    signal?.addEventListener("abort", abort, { once: true });
    try {
      await engine.send("uci");
      let id: string | null = null;
      await engine.#until("uci", handshakeTimeoutMs, (line) => {
        if (line.startsWith("id name ")) id = line.slice(8).trim();
        return line === "uciok";
      });
      if (options?.name === undefined && id) engine.name = id;
      for (const [key, value] of setoptions) {
        await engine.send(`setoption name ${key} value ${value}`);
      }
      await engine.ready();
    } catch (error) {
      await engine.kill();
      throw error;
    } finally {
      signal?.removeEventListener("abort", abort);
    }
    return engine;
  }

  /** The engine's process id (for `ps` and logs). */
  get pid(): number {
    return this.#process.pid;
  }

  /**
   * Sends one line.
   *
   * @throws {Error} when `line` holds a control character (a newline would
   *   smuggle in a second command); {@linkcode UciError} when the engine
   *   has ended or was closed
   */
  async send(line: string): Promise<void> {
    if (typeof line !== "string" || CONTROL.test(line)) {
      throw new Error(
        `UciProcess ${this.name}: send: line must be a string without control characters (one command), got ${
          typeof line === "string" ? shown(line) : describe(line)
        }`,
      );
    }
    if (this.#closed) {
      throw new UciError(
        this.name,
        "closed",
        `UciProcess ${this.name}: cannot send ${shown(line)}: closed`,
      );
    }
    try {
      await this.#writer.write(new TextEncoder().encode(line + "\n"));
    } catch (error) {
      throw new UciError(
        this.name,
        "exit",
        `UciProcess ${this.name}: the engine ended, cannot send ${
          shown(line)
        } (${error instanceof Error ? error.message : String(error)}${await this
          .#ending()}${this.#lastLines()})`,
      );
    }
  }

  /** `isready` … `readyok`, within the handshake budget. */
  async ready(): Promise<void> {
    await this.send("isready");
    await this.#until(
      "isready",
      this.#handshakeTimeoutMs,
      (line) => line === "readyok",
    );
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
   * @throws {UciError} when no `bestmove` comes within the timeout (the
   *   message quotes the engine's `info string` lines, which is how an
   *   engine says why it did not search) or the engine ends
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
    let last = "";
    let lastInfo: string | null = null;
    const messages: string[] = [];
    await this.#until(`go ${limits}`, this.#timeoutMs, (line) => {
      if (line.startsWith("info string ")) {
        messages.push(line.slice(12));
        if (messages.length > RECENT) messages.shift();
      } else if (line.startsWith("info ") && / score /.test(line)) {
        lastInfo = line;
      }
      last = line;
      return line === "bestmove" || line.startsWith("bestmove ");
    }, messages);
    const words = last.split(/\s+/);
    return { bestMove: words[1] ?? "0000", lastInfo, messages };
  }

  /**
   * Sends `quit` and waits for the process to end (kills it after 5 s).
   * A `detached` engine's process group is killed once it has ended (what
   * it started and left running); its pipes are closed from this side when
   * they stay open 1 s after its end.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.send("quit");
    } catch {
      // Already gone: nothing to tell it.
    }
    await this.#stop(5_000);
  }

  /**
   * Ends the process now: SIGTERM, then SIGKILL if it is still there after
   * 1 s. For an engine that is searching or stuck, where `quit` would wait.
   * A `detached` engine's signals go to its whole process group, and the
   * group is killed once the engine has ended; its pipes are closed from
   * this side when they stay open 1 s after its end (a process it started,
   * outside its group, holding them).
   */
  async kill(): Promise<void> {
    if (this.#closed) return;
    this.#signal("SIGTERM");
    await this.#stop(1_000);
  }

  /**
   * Sends `signal` to the engine: to its process group when it leads one
   * (`detached`, so the group's id is its pid), else to its process.
   */
  #signal(signal: Deno.Signal): void {
    try {
      if (this.#detached) Deno.kill(-this.#process.pid, signal);
      else this.#process.kill(signal);
    } catch {
      // It ended meanwhile (the whole group, when detached).
    }
  }

  async #stop(graceMs: number): Promise<void> {
    this.#closed = true;
    try {
      await this.#writer.close();
    } catch {
      // The pipe is closed when the process ended first.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.#signal("SIGKILL");
        resolve();
      }, graceMs);
    });
    await Promise.race([this.#process.status.then(() => {}, () => {}), killed]);
    clearTimeout(timer);
    await this.#process.status.catch(() => {});
    // Ended; what it started may not have (a wrapper script's engine, a
    // child that ignores the end of its input), holding the pipes open.
    // The group outlives its leader while a member is left, and its id is
    // not reused until then: this reaches those processes and no other.
    if (this.#detached) this.#signal("SIGKILL");
    let pipesTimer: ReturnType<typeof setTimeout> | undefined;
    const drained = await Promise.race([
      this.#exit.then(() => true),
      new Promise<boolean>((resolve) =>
        pipesTimer = setTimeout(() => resolve(false), PIPES_GRACE_MS)
      ),
    ]);
    clearTimeout(pipesTimer);
    if (!drained) {
      // Held open by a process outside the group: stop reading them.
      await Promise.all([
        this.#stdout.cancel().catch(() => {}),
        this.#stderrPipe.cancel().catch(() => {}),
      ]);
      await this.#exit;
    }
  }

  async #read(): Promise<void> {
    let pending = "";
    try {
      for (;;) {
        const { value: chunk, done } = await this.#stdout.read();
        if (done) break;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf("\n")) >= 0) {
          this.#lines.push(pending.slice(0, end).trim());
          pending = pending.slice(end + 1);
        }
        if (pending.length > MAX_LINE) {
          this.#flood = `a line longer than ${MAX_LINE} characters`;
        } else if (this.#lines.length > MAX_PENDING_LINES) {
          this.#flood = `more than ${MAX_PENDING_LINES} lines nobody asked for`;
        }
        this.#waiter?.();
        if (this.#flood !== null) {
          this.#signal("SIGKILL");
          // Read no more of it (a for-await loop's break did the same).
          await this.#stdout.cancel().catch(() => {});
          break;
        }
      }
    } catch {
      // The pipe broke: the same as its end.
    } finally {
      this.#ended = true;
      this.#waiter?.();
    }
  }

  async #readStderr(): Promise<void> {
    let pending = "";
    try {
      for (;;) {
        const { value: chunk, done } = await this.#stderrPipe.read();
        if (done) break;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf("\n")) >= 0) {
          const line = pending.slice(0, end).trim();
          pending = pending.slice(end + 1);
          if (line === "") continue;
          this.#stderr.push(line.slice(0, SHOWN));
          if (this.#stderr.length > RECENT) this.#stderr.shift();
        }
        // Only the last lines are kept: a long one is cut, not stored.
        if (pending.length > SHOWN) pending = pending.slice(0, SHOWN);
      }
      if (pending.trim() !== "") {
        this.#stderr.push(pending.trim());
        if (this.#stderr.length > RECENT) this.#stderr.shift();
      }
    } catch {
      // The pipe broke: what was read is kept.
    }
  }

  /** `; last lines: ...; stderr: ...` for a message. */
  #lastLines(): string {
    const out = this.#recent.length === 0
      ? "; it printed nothing"
      : `; last lines: ${this.#recent.map(shown).join(" | ")}`;
    const err = this.#stderr.length === 0
      ? ""
      : `; stderr: ${this.#stderr.map(shown).join(" | ")}`;
    return out + err;
  }

  /**
   * How the process ended, once it has: waits (2 s at most) for its status
   * and for the rest of its stderr, which often says why.
   */
  async #ending(): Promise<string> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([this.#process.status.catch(() => {}), this.#stderrRead]),
      new Promise<void>((resolve) => timer = setTimeout(resolve, 2_000)),
    ]);
    clearTimeout(timer);
    const status = this.#status;
    if (status === null) return "";
    return status.signal !== null
      ? `; killed by ${status.signal}`
      : `; exit code ${status.code}`;
  }

  /**
   * Reads lines until `done` accepts one, within `timeoutMs`. Lines are
   * not kept (a long search prints many): `done` takes what it needs.
   */
  async #until(
    what: string,
    timeoutMs: number,
    done: (line: string) => boolean,
    messages: readonly string[] = [],
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const said = () =>
      messages.length === 0
        ? ""
        : `; it said: ${messages.map(shown).join(" | ")}`;
    for (;;) {
      while (this.#lines.length > 0) {
        const line = this.#lines.shift()!;
        if (line === "") continue;
        this.#recent.push(line);
        if (this.#recent.length > RECENT) this.#recent.shift();
        if (done(line)) return;
      }
      if (this.#flood !== null) {
        throw new UciError(
          this.name,
          "flood",
          `UciProcess ${this.name}: printed ${this.#flood} while answering ${
            shown(what)
          }, so it was stopped${this.#lastLines()}`,
        );
      }
      if (this.#ended || this.#closed) {
        throw new UciError(
          this.name,
          this.#closed ? "closed" : "exit",
          `UciProcess ${this.name}: the engine ended while answering ${
            shown(what)
          }${await this.#ending()}${said()}${this.#lastLines()}`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new UciError(
          this.name,
          "timeout",
          `UciProcess ${this.name}: no answer to ${
            shown(what)
          } within ${timeoutMs} ms${said()}${this.#lastLines()}`,
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

function positiveMs(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new Error(
      `UciProcess.start: ${name} must be a finite number > 0, got ${
        describe(value)
      }`,
    );
  }
  return value;
}

/** The `setoption` pairs, checked: each would be one line of the protocol. */
function checkSetoptions(
  options: unknown,
): [string, string | number | boolean][] {
  if (options === undefined) return [];
  if (
    options === null || typeof options !== "object" || Array.isArray(options)
  ) {
    throw new Error(
      `UciProcess.start: options must be an object of setoption pairs, got ${
        describe(options)
      }`,
    );
  }
  const pairs = Object.entries(options as Record<string, unknown>);
  for (const [key, value] of pairs) {
    if (key.trim() === "" || CONTROL.test(key) || / value /.test(` ${key} `)) {
      throw new Error(
        `UciProcess.start: options has a name with a control character, an empty name or the word "value": ${
          shown(key)
        }`,
      );
    }
    const ok = typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value)) ||
      (typeof value === "string" && !CONTROL.test(value));
    if (!ok) {
      throw new Error(
        `UciProcess.start: options[${
          shown(key)
        }] must be a boolean, a finite number or a string without control characters, got ${
          typeof value === "string" ? shown(value) : describe(value)
        }`,
      );
    }
  }
  return pairs as [string, string | number | boolean][];
}

/**
 * Stockfish on the PATH, then Debian's `/usr/games/stockfish`, as
 * {@linkcode findProgram} finds it: its path, or null when neither has it
 * (callers say where they looked in their errors).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findStockfish } from "./uci_engine.ts";
 * const path = findStockfish();
 * assert.ok(path === null || path.endsWith("/stockfish"));
 * ```
 */
export function findStockfish(): string | null {
  return findProgram("stockfish");
}
