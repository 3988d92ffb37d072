/**
 * The Universal Chess Interface as a pure state machine: lines in, lines
 * out, no I/O (`cli/uci.ts` reads standard input and prints). The search is
 * the project's {@linkcode iterativeDeepening} with a
 * {@linkcode TranspositionTable}, quiescence over captures at the horizon,
 * and the order table move, then captures by MVV-LVA, then killers and
 * history.
 *
 * A search runs one iteration per {@linkcode UciEngine.step} call, so a
 * caller can read `stop` between iterations; inside an iteration the time
 * and node budgets of `go` stop it (the searcher checks the clock every
 * 1,024 nodes; quiescence nodes count against `nodes` only). A search
 * without a depth or node limit runs in slices of {@linkcode UCI_SLICE_MS}
 * instead, so `stop` is read within about that long.
 *
 * @module
 */

import type { Move } from "../position.ts";
import { Chess, CHESS_MATE } from "../games/chess/mod.ts";
import { searchChess } from "./_chess_search.ts";
import { TranspositionTable } from "../search/transposition_table.ts";
import { describe } from "../validate.ts";

/** Options of {@linkcode UciEngine}. */
export interface UciEngineOptions {
  /** The engine's name in `id name` (default `"game-tree-search"`). */
  name?: string;
  /** The transposition table's size in MiB (default 16; the `Hash` option). */
  hashMegabytes?: number;
  /** A clock for the time budgets, in milliseconds (default `performance.now`); tests pass their own. */
  now?: () => number;
}

/** What `go` asked for, as {@linkcode UciEngine} read it. */
export interface GoLimits {
  /** Deepest iteration (`go depth`); Infinity when none. */
  depth: number;
  /** Node budget over the whole search (`go nodes`); Infinity when none. */
  nodes: number;
  /** Time budget in milliseconds (from `movetime`, or from the clock and increment); Infinity when none. */
  timeMs: number;
}

/** Deepest iteration of an unlimited search (`go infinite`). */
export const UCI_MAX_DEPTH = 64;

/**
 * Milliseconds per {@linkcode UciEngine.step} of a search without a depth or
 * node limit (`go infinite`, `movetime`, the clocks): how often `stop` is read.
 */
export const UCI_SLICE_MS = 100;

/** Mate scores: values this close to {@linkcode CHESS_MATE} are mates. */
const MATE_BAND = 1_000;

/**
 * A UCI engine without I/O: {@linkcode UciEngine.receive} takes one line of
 * the GUI's and returns the lines to answer; while
 * {@linkcode UciEngine.searching}, {@linkcode UciEngine.step} runs one more
 * iteration and returns its `info` line, and the `bestmove` line when the
 * search ends (its depth, node or time budget, a `stop`, or a forced
 * result). `go depth N` always ends with `bestmove`.
 *
 * Bad input (an unknown command, a bad FEN or move) is answered with an
 * `info string` line naming it, as UCI engines do, and changes nothing.
 *
 * @example Handshake, a position, a search to depth 2
 * ```ts
 * import assert from "node:assert/strict";
 * import { UciEngine } from "../../mod.ts";
 * const engine = new UciEngine();
 * assert.ok(engine.receive("uci").at(-1) === "uciok");
 * assert.deepEqual(engine.receive("isready"), ["readyok"]);
 * engine.receive("position startpos moves e2e4");
 * engine.receive("go depth 2");
 * const out: string[] = [];
 * while (engine.searching) out.push(...engine.step());
 * assert.match(out[0]!, /^info depth 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ pv [a-h]/);
 * assert.match(out.at(-1)!, /^bestmove [a-h][1-8][a-h][1-8]$/);
 * ```
 */
export class UciEngine {
  /** The name in `id name`. */
  readonly name: string;
  #table: TranspositionTable;
  #hashMegabytes: number;
  readonly #now: () => number;
  #position: Chess = Chess.start();
  #quit = false;
  // The search in progress.
  #searching = false;
  #limits: GoLimits = { depth: 0, nodes: 0, timeMs: 0 };
  #started = 0;
  #depth = 0;
  #nodes = 0;
  #best: Move = -1;
  #stopRequested = false;

  /**
   * An engine at the start position with an empty table.
   *
   * @param options `name`, `hashMegabytes`, `now`
   * @throws {Error} on an unknown option or a bad `hashMegabytes`
   */
  constructor(options?: UciEngineOptions) {
    const known = ["name", "hashMegabytes", "now"];
    for (const key of Object.keys(options ?? {})) {
      if (!known.includes(key)) {
        throw new Error(
          `new UciEngine: unknown option "${key}"; known options: ${
            known.join(", ")
          }`,
        );
      }
    }
    this.name = options?.name ?? "game-tree-search";
    this.#hashMegabytes = options?.hashMegabytes ?? 16;
    this.#table = new TranspositionTable({ megabytes: this.#hashMegabytes });
    this.#now = options?.now ?? (() => performance.now());
  }

  /** Whether a search is in progress: call {@linkcode UciEngine.step} until it is not. */
  get searching(): boolean {
    return this.#searching;
  }

  /** Whether `quit` was received. */
  get quitting(): boolean {
    return this.#quit;
  }

  /** The FEN of the current position (after `position ...`). */
  get fen(): string {
    return this.#position.toFen();
  }

  /**
   * Handles one line from the GUI and returns the lines to send back. A
   * `go` starts a search ({@linkcode UciEngine.searching}); `stop` makes the
   * next {@linkcode UciEngine.step} end it. A `position`, `go` or
   * `ucinewgame` during a search first ends it (its `bestmove` comes first).
   *
   * @example Bad input is named and changes nothing
   * ```ts
   * import assert from "node:assert/strict";
   * import { UciEngine } from "../../mod.ts";
   * const engine = new UciEngine();
   * assert.match(engine.receive("position startpos moves e2e5")[0]!, /^info string position: "e2e5" is not a legal move/);
   * assert.ok(engine.fen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"));
   * assert.match(engine.receive("fly")[0]!, /^info string unknown command "fly"/);
   * ```
   */
  receive(line: string): string[] {
    const words = String(line).trim().split(/\s+/).filter((w) => w !== "");
    if (words.length === 0) return [];
    const [command, ...args] = words as [string, ...string[]];
    const out: string[] = [];
    if (
      this.#searching &&
      (command === "position" || command === "go" || command === "ucinewgame")
    ) {
      out.push(...this.#finish());
    }
    try {
      switch (command) {
        case "uci":
          out.push(
            `id name ${this.name}`,
            "id author the game-tree-search course project",
            `option name Hash type spin default 16 min 1 max 1024`,
            "uciok",
          );
          break;
        case "isready":
          out.push("readyok");
          break;
        case "ucinewgame":
          this.#table.clear();
          this.#position = Chess.start();
          break;
        case "setoption":
          this.#setOption(args);
          break;
        case "position":
          this.#position = readPosition(args);
          // Repetitions before here count toward the threefold rule only.
          this.#position.markRoot();
          break;
        case "go":
          out.push(...this.#go(args));
          break;
        case "stop":
          if (this.#searching) this.#stopRequested = true;
          break;
        case "quit":
          this.#quit = true;
          this.#searching = false;
          break;
        case "debug":
        case "register":
        case "ponderhit":
          break;
        default:
          throw new Error(`unknown command ${describe(command)}`);
      }
    } catch (error) {
      out.push(
        `info string ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return out;
  }

  /**
   * Runs the next iteration of the search in progress and returns its
   * `info` line, plus `bestmove` when the search is over. Returns `[]` when
   * no search is in progress.
   */
  step(): string[] {
    if (!this.#searching) return [];
    if (this.#stopRequested) return this.#finish();
    const limits = this.#limits;
    const depth = this.#depth + 1;
    const elapsed = this.#now() - this.#started;
    // Without a depth or node limit the search is timed anyway: run it in
    // slices, so stop is read often. A slice cut short is tried again; the
    // table keeps what it finished. Depth and node limits stay unsliced, so
    // their searches (and matches) are reproducible.
    const sliced = limits.depth === UCI_MAX_DEPTH && limits.nodes === Infinity;
    const timeMs = Math.min(
      limits.timeMs === Infinity
        ? Infinity
        : Math.max(1, limits.timeMs - elapsed),
      sliced ? UCI_SLICE_MS : Infinity,
    );
    const result = searchChess(this.#position, this.#table, {
      depth,
      ...(limits.nodes === Infinity
        ? {}
        : { maxNodes: Math.max(1, limits.nodes - this.#nodes) }),
      ...(timeMs === Infinity ? {} : { timeMs }),
    });
    this.#nodes += result.stats.nodes;
    const out: string[] = [];
    if (result.move < 0) {
      // The root is over (mate, stalemate, a draw by rule) or depth 0.
      return [...out, ...this.#finish()];
    }
    if (result.depth === depth) {
      this.#depth = depth;
      this.#best = result.move;
      out.push(this.#info(depth, result.value, result.pv));
    }
    const time = this.#now() - this.#started;
    const cut = result.depth < depth;
    if (cut && sliced && time < limits.timeMs) return out;
    if (
      cut || result.solved || depth >= limits.depth ||
      this.#nodes >= limits.nodes || time >= limits.timeMs ||
      Math.abs(result.value) >= CHESS_MATE - MATE_BAND
    ) {
      out.push(...this.#finish());
    }
    return out;
  }

  #info(depth: number, value: number, pv: readonly Move[]): string {
    const time = Math.max(0, Math.round(this.#now() - this.#started));
    const nps = Math.round(this.#nodes * 1000 / Math.max(1, time));
    const position = this.#position.clone();
    const moves: string[] = [];
    // Only the legal prefix: a table-extended PV is checked, but be safe.
    for (const move of pv) {
      if (!position.legalMoves().includes(move)) break;
      moves.push(position.moveToUci(move));
      position.play(move);
    }
    return `info depth ${depth} score ${
      scoreText(value)
    } nodes ${this.#nodes} nps ${nps} time ${time}${
      moves.length > 0 ? " pv " + moves.join(" ") : ""
    }`;
  }

  #finish(): string[] {
    this.#searching = false;
    this.#stopRequested = false;
    let best = this.#best;
    if (best < 0) {
      // A draw by rule at the root still has moves: play the first.
      const legal = this.#position.legalMoves();
      best = legal.length > 0 ? legal[0]! : -1;
    }
    return [`bestmove ${best < 0 ? "0000" : this.#position.moveToUci(best)}`];
  }

  #go(args: string[]): string[] {
    const limits = readGo(args, this.#position.turn() === 1);
    this.#limits = limits;
    this.#started = this.#now();
    this.#depth = 0;
    this.#nodes = 0;
    this.#best = -1;
    this.#stopRequested = false;
    this.#searching = true;
    return [];
  }

  #setOption(args: string[]): void {
    const text = args.join(" ");
    const match = /^name\s+(.+?)(?:\s+value\s+(.*))?$/i.exec(text);
    if (!match) {
      throw new Error(
        `setoption: expected "setoption name <id> [value <x>]", got ${
          describe(text)
        }`,
      );
    }
    const name = match[1]!.toLowerCase(), value = match[2];
    if (name !== "hash") {
      throw new Error(`setoption: unknown option ${describe(match[1])}`);
    }
    const megabytes = Number(value);
    if (!Number.isInteger(megabytes) || megabytes < 1 || megabytes > 1024) {
      throw new Error(
        `setoption: Hash must be an integer in 1…1024 (MiB), got ${
          describe(value)
        }`,
      );
    }
    this.#hashMegabytes = megabytes;
    this.#table = new TranspositionTable({ megabytes });
  }
}

/** `score cp N` or `score mate N` (moves, negative when mated). */
function scoreText(value: number): string {
  if (Math.abs(value) < CHESS_MATE - MATE_BAND) return `cp ${value}`;
  const plies = CHESS_MATE - Math.abs(value);
  const moves = Math.ceil(plies / 2);
  return `mate ${value > 0 ? moves : -moves}`;
}

/** The position of `position startpos|fen <fen> [moves ...]`. */
function readPosition(args: string[]): Chess {
  const movesAt = args.indexOf("moves");
  const head = movesAt < 0 ? args : args.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
  let position: Chess;
  if (head[0] === "startpos" && head.length === 1) {
    position = Chess.start();
  } else if (head[0] === "fen" && head.length >= 5) {
    try {
      position = Chess.fromFen(head.slice(1).join(" "));
    } catch (error) {
      throw new Error(
        `position: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } else {
    throw new Error(
      `position: expected "position startpos|fen <fen> [moves <uci> ...]", got ${
        describe(args.join(" "))
      }`,
    );
  }
  for (const uci of moves) {
    let move: Move;
    try {
      move = position.moveFromUci(uci);
    } catch {
      throw new Error(
        `position: ${describe(uci)} is not a legal move in ${position.toFen()}`,
      );
    }
    position.play(move);
  }
  return position;
}

/**
 * The limits of `go`'s arguments: `depth`, `nodes`, `movetime`, the clocks
 * (`wtime`/`btime`/`winc`/`binc`/`movestogo`), `infinite`. From the clock
 * the budget is the time left over the moves to go (default 30) plus most
 * of the increment, at most half the time left, less 50 ms for I/O.
 */
function readGo(args: string[], white: boolean): GoLimits {
  const numbers: Record<string, number> = {};
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "infinite" || word === "ponder") {
      flags.add(word);
    } else if (
      [
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "mate",
      ].includes(word)
    ) {
      const value = Number(args[++i]);
      if (!Number.isFinite(value) || !Number.isInteger(value)) {
        throw new Error(
          `go: ${word} must be followed by an integer, got ${
            describe(args[i])
          }`,
        );
      }
      numbers[word] = value;
    } else if (word === "searchmoves") {
      break;
    } else {
      throw new Error(`go: unknown argument ${describe(word)}`);
    }
  }
  const limits: GoLimits = {
    depth: UCI_MAX_DEPTH,
    nodes: Infinity,
    timeMs: Infinity,
  };
  if (numbers.depth !== undefined) {
    if (numbers.depth < 1) {
      throw new Error(`go: depth must be at least 1, got ${numbers.depth}`);
    }
    limits.depth = Math.min(numbers.depth, UCI_MAX_DEPTH);
  }
  if (numbers.nodes !== undefined) {
    if (numbers.nodes < 1) {
      throw new Error(`go: nodes must be at least 1, got ${numbers.nodes}`);
    }
    limits.nodes = numbers.nodes;
  }
  if (flags.has("infinite")) return limits;
  if (numbers.movetime !== undefined) {
    limits.timeMs = Math.max(1, numbers.movetime - 20);
  } else {
    const left = white ? numbers.wtime : numbers.btime;
    if (left !== undefined) {
      const increment = (white ? numbers.winc : numbers.binc) ?? 0;
      const toGo = Math.max(1, numbers.movestogo ?? 30);
      limits.timeMs = Math.max(
        1,
        Math.min(left / toGo + 0.8 * increment, left / 2) - 50,
      );
    }
  }
  return limits;
}
