/**
 * A game against the engine as a text state machine: lines in, text out.
 * `deno task play` (cli/play.ts) only reads standard input and writes what
 * this returns; the rules, the engines and every message live here, so the
 * games are tested without a terminal.
 *
 * @module
 */

import { Chess, CHESS_MATE } from "../games/chess/mod.ts";
import { isUciMove } from "../games/chess/notation.ts";
import { ConnectFour } from "../games/connect_four.ts";
import { ConnectFourBook } from "../games/connect_four_book.ts";
// A text import: the module graph brings the book, so `deno task play`
// needs no read permission for it.
import CONNECT4_BOOK_TEXT from "../../data/connect4/book.txt" with {
  type: "text",
};
import { solveConnectFour } from "../games/connect_four_solver.ts";
import { Nim, nimSum, winningMoves } from "../games/nim.ts";
import { TicTacToe } from "../games/tic_tac_toe.ts";
import type { Move, Position } from "../position.ts";
import { alphaBeta } from "../search/alpha_beta.ts";
import { iterativeDeepening } from "../search/iterative_deepening.ts";
import { minimax } from "../search/minimax.ts";
import { TranspositionTable } from "../search/transposition_table.ts";
import { chessPositionOptions, searchChess } from "../players/_chess_search.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";

/** The games `deno task play` knows. */
export const PLAY_GAMES = ["tictactoe", "connect4", "nim", "chess"] as const;

/** A game name of {@linkcode PLAY_GAMES}. */
export type PlayGame = typeof PLAY_GAMES[number];

/** Options of {@linkcode createPlaySession}. */
export interface PlayOptions {
  /** Who moves first: `"human"` (default) or `"engine"`. */
  first?: "human" | "engine";
  /**
   * Engine strength as a search depth in plies. Tic-tac-toe: default to the
   * end (perfect). Connect Four: the alpha-beta depth used before the
   * solver takes over (default 8). Chess: the engine's depth (default
   * {@linkcode CHESS_PLAY_DEPTH}).
   */
  depth?: number;
  /** Connect Four: show every column's score before each of your moves. */
  hint?: boolean;
  /**
   * The starting position: tic-tac-toe cells (`"X...O...."`), Connect Four
   * moves (`"4455"`), Nim heap sizes (`"3 4 5"`, the default), a chess FEN.
   */
  position?: string;
  /** Connect Four: stones on the board from which the solver gets {@linkcode CONNECT4_PERFECT_NODES} a column instead of `nodes` (default 12; earlier positions take it minutes). */
  solveFrom?: number;
  /**
   * Connect Four: the solver's node budget per column before `solveFrom`
   * stones (default {@linkcode CONNECT4_SOLVE_NODES}); alpha-beta decides
   * only among the columns it leaves unproven.
   */
  nodes?: number;
}

/** What one line of input produced. */
export interface PlayOutput {
  /** Text to show (ends with a newline when not empty). */
  text: string;
  /** The session has ended (game over or `quit`). */
  done: boolean;
}

/** A game in progress; see {@linkcode createPlaySession}. */
export interface PlaySession {
  /** The board, and the engine's first move when it starts. */
  start(): string;
  /** The prompt to show before reading a line. */
  prompt(): string;
  /** Handles one line: a move, `undo`, `hint`, `help` or `quit`. */
  input(line: string): PlayOutput;
  /** Whether the game is over (the engine's first move may end it): nothing more to read. */
  readonly over: boolean;
}

/** The game-specific half of a session. */
interface Game<P extends Position> {
  position: P;
  name: string;
  moveHelp: string;
  parse(text: string): Move | string;
  describeMove(move: Move): string;
  board(): string;
  engine(): { move: Move; why: string };
  hint(): string;
  /** Whether the finished game is a draw (else the side to move has lost). */
  drawn(): boolean;
  /** How the finished game ended (`"Checkmate."`), when the game says so. */
  ending?(): string;
  /** After a move was played, with its description. */
  played?(move: Move, said: string): void;
  /** After a move was taken back. */
  undone?(): void;
}

class Session<P extends Position> implements PlaySession {
  readonly #game: Game<P>;
  readonly #human: 1 | -1;
  readonly #history: Move[] = [];
  readonly #showHints: boolean;
  #over = false;

  constructor(game: Game<P>, human: 1 | -1, showHints: boolean) {
    this.#game = game;
    this.#human = human;
    this.#showHints = showHints;
  }

  /** Plays `move` and returns its description (written before the move, as SAN needs). */
  #play(move: Move): string {
    const said = this.#game.describeMove(move);
    this.#game.position.play(move);
    this.#history.push(move);
    this.#game.played?.(move, said);
    return said;
  }

  /** After a move: the engine replies while the game goes on. */
  #continue(text: string): string {
    const position = this.#game.position;
    if (!position.isTerminal() && position.turn() !== this.#human) {
      const { move, why } = this.#game.engine();
      text += `Engine plays ${this.#play(move)}.${
        why === "" ? "" : ` ${why}`
      }\n`;
    }
    text += this.#game.board() + "\n";
    if (position.isTerminal()) {
      this.#over = true;
      const ending = this.#game.ending?.();
      if (ending !== undefined) text += ending + " ";
      // At the end of a game that is not drawn, the side to move has lost.
      text += this.#game.drawn()
        ? "Draw.\n"
        : position.turn() === this.#human
        ? "The engine wins.\n"
        : "You win!\n";
    } else if (this.#showHints) {
      text += this.#game.hint() + "\n";
    }
    return text;
  }

  start(): string {
    const side = this.#human === 1 ? "first" : "second";
    return this.#continue(
      `${this.#game.name}: you play ${side}. ${this.#game.moveHelp} ` +
        `Also: undo, hint, help, quit.\n`,
    );
  }

  prompt(): string {
    return this.#over ? "" : "your move> ";
  }

  get over(): boolean {
    return this.#over;
  }

  input(line: string): PlayOutput {
    const text = line.trim();
    if (this.#over) return { text: "", done: true };
    if (text === "quit" || text === "exit") {
      return { text: "Bye.\n", done: true };
    }
    if (text === "") return { text: "", done: false };
    if (text === "help") {
      return {
        text:
          `${this.#game.moveHelp} Commands: undo (take back your last move), ` +
          `hint (the engine's advice), quit.\n`,
        done: false,
      };
    }
    if (text === "hint") return { text: this.#game.hint() + "\n", done: false };
    if (text === "undo") {
      // Back to the last position where it was your move.
      let undone = 0;
      const history = this.#history;
      const position = this.#game.position;
      while (history.length > 0) {
        position.undo(history.pop()!);
        this.#game.undone?.();
        undone++;
        if (position.turn() === this.#human) break;
      }
      if (position.turn() !== this.#human) {
        // Only the engine's opening move was left: replay it.
        return {
          text: this.#continue("Nothing of yours to undo.\n"),
          done: false,
        };
      }
      if (undone === 0) return { text: "Nothing to undo.\n", done: false };
      // The board as after any move of the engine's: with the hint when
      // hints are on (a game with --hint showed none after an undo).
      return {
        text: `Took back ${undone} move${
          undone === 1 ? "" : "s"
        }.\n${this.#game.board()}\n${
          this.#showHints ? this.#game.hint() + "\n" : ""
        }`,
        done: false,
      };
    }
    const move = this.#game.parse(text);
    if (typeof move === "string") {
      return { text: `Illegal: ${move}\n`, done: false };
    }
    const out = this.#continue(`You play ${this.#play(move)}.\n`);
    return { text: out, done: this.#over };
  }
}

const OUTCOME = ["a loss", "a draw", "a win"];

/** The game's parse of `--position`; its error names the flag and the rule. */
function positionFlag<T>(where: string, rule: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new Error(
      `${where}: --position must be ${rule}: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}

function tictactoe(options: PlayOptions): Game<TicTacToe> {
  const position = options.position === undefined
    ? TicTacToe.empty()
    : positionFlag(
      "play tictactoe",
      "nine cells of X, O and .",
      () => TicTacToe.parse(options.position!),
    );
  const depth = options.depth;
  const search = (plies: number | undefined) =>
    minimax(position, plies === undefined ? {} : { depth: plies });
  const engineName = `minimax${
    depth === undefined ? "" : ` to depth ${depth}`
  }`;
  // A depth-limited 0 says only that no line ends within the depth: the
  // board's evaluation of an unfinished game is 0, not a proven draw.
  const outcomeOf = (value: number) =>
    value === 0 && depth !== undefined
      ? `no win or loss within ${depth} ${depth === 1 ? "ply" : "plies"}`
      : OUTCOME[value + 1] ?? `value ${value}`;
  return {
    position,
    name: "Tic-tac-toe against minimax",
    moveHelp: "Moves: a cell 0-8 (0 top-left, 8 bottom-right).",
    parse(text) {
      if (!/^\d+$/.test(text)) return `"${text}" is not a cell number 0-8`;
      const cell = Number(text);
      if (cell > 8) return `cell ${cell} is off the board (cells are 0-8)`;
      if (position.toString()[cell] !== ".") return `cell ${cell} is taken`;
      return cell;
    },
    describeMove: (move) => `cell ${move}`,
    board() {
      const cells = position.toString();
      const rows: string[] = [];
      for (let r = 0; r < 3; r++) {
        const at = (c: number) => cells[3 * r + c]!;
        const mark = (c: number) => at(c) === "." ? " " : at(c);
        const free = (c: number) => at(c) === "." ? String(3 * r + c) : " ";
        rows.push(
          ` ${mark(0)} | ${mark(1)} | ${mark(2)}     ${free(0)} ${free(1)} ${
            free(2)
          }`,
        );
      }
      return rows.join("\n---+---+---\n");
    },
    engine() {
      const result = search(depth);
      return {
        move: result.move,
        why: `(${engineName}: ${outcomeOf(result.value)} for me)`,
      };
    },
    hint() {
      const buffer = new Int32Array(9);
      const count = position.generateMoves(buffer);
      const scored = Array.from(buffer.subarray(0, count), (move) => {
        position.play(move);
        const value = 0 -
          search(depth === undefined ? undefined : Math.max(0, depth - 1))
            .value;
        position.undo(move);
        return { move, value };
      });
      const best = scored.reduce((a, b) => (b.value > a.value ? b : a));
      return `Hint (${engineName}), each cell for you: ` +
        scored.map((s) => `${s.move} ${outcomeOf(s.value)}`).join(", ") +
        `. Best: cell ${best.move}.`;
    },
    drawn: () => position.winner() === null,
  };
}

/** Connect Four scores, as the solver gives them: > 0 wins (sooner is larger). */
function scoreWord(score: number): string {
  if (score === 0) return "draw";
  const stones = 22 - Math.abs(score);
  return score > 0
    ? `win (with your ${ordinal(stones)} stone)`
    : `loss (their ${ordinal(stones)} stone)`;
}

function ordinal(n: number): string {
  const tail = n % 100 >= 11 && n % 100 <= 13
    ? "th"
    : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${tail}`;
}

/**
 * The Connect Four solver's default node budget per column before
 * `solveFrom` stones (about 0.15 s a column here).
 *
 * @example Which columns the solver proved is in the hint
 * ```ts
 * import assert from "node:assert/strict";
 * import { CONNECT4_SOLVE_NODES, createPlaySession } from "./terminal.ts";
 * assert.equal(CONNECT4_SOLVE_NODES, 500_000);
 * const game = createPlaySession("connect4", { position: "4455", nodes: 1000, depth: 4 });
 * game.start();
 * assert.match(game.input("hint").text, /Proven: columns 3, 6\. Not proven: 1, 2, 4, 5, 7\./);
 * ```
 */
export const CONNECT4_SOLVE_NODES = 500_000;

/**
 * The solver's node budget a column from `solveFrom` stones on (about 3 s
 * a column here), so that a small `--solve-from` still answers; where it
 * stops, alpha-beta decides as below `solveFrom`, and the move says so.
 */
export const CONNECT4_PERFECT_NODES = 10_000_000;

/**
 * Alpha-beta's node budget a column where the solver stopped: it deepens
 * to `--depth` and scores the column by the deepest depth it finished
 * within the budget (depth 14 takes about 5 s a column from a few stones;
 * without a budget `--depth 24` ran for minutes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CONNECT4_ALPHA_BETA_NODES } from "./terminal.ts";
 * assert.equal(CONNECT4_ALPHA_BETA_NODES, 1_000_000);
 * ```
 */
export const CONNECT4_ALPHA_BETA_NODES = 1_000_000;

/**
 * The committed opening book, read once: every position of up to two stones
 * and the cover of sensible play to ply 10.
 */
let book: ConnectFourBook | undefined;
function openingBook(): ConnectFourBook {
  return book ??= ConnectFourBook.parse(CONNECT4_BOOK_TEXT, {
    source: "data/connect4/book.txt",
  });
}

/** A Connect Four column's score for the side to move, and how it is known. */
interface ColumnScore {
  col: number;
  /** Proven bounds (equal when exact). */
  lower: number;
  upper: number;
  /** Alpha-beta's value clamped to the bounds; the exact score when proven. */
  score: number;
  exact: boolean;
}

const signed = (n: number) => `${n > 0 ? "+" : ""}${n}`;

/** What proven bounds say, from the side they belong to. */
function boundWord(lower: number, upper: number): string {
  const range = `${signed(lower)}…${signed(upper)}`;
  if (lower > 0) return `a win (${range})`;
  if (upper < 0) return `a loss (${range})`;
  if (lower === 0) return `at least a draw (${range})`;
  if (upper === 0) return `at best a draw (${range})`;
  return `undecided (${range})`;
}

function connect4(options: PlayOptions): Game<ConnectFour> {
  const position = options.position === undefined
    ? ConnectFour.empty()
    : positionFlag(
      "play connect4",
      "the columns played, digits 1…7",
      () => ConnectFour.parse(options.position!),
    );
  const depth = options.depth ?? 8;
  const solveFrom = options.solveFrom ?? 12;
  const nodes = options.nodes ?? CONNECT4_SOLVE_NODES;
  // Centre first, so that equal scores pick the stronger-looking column.
  const order = [3, 2, 4, 1, 5, 0, 6];
  /**
   * Every playable column's score for the side to move: the solver first
   * (within `nodes` below `solveFrom` stones, CONNECT4_PERFECT_NODES from
   * there), and alpha-beta deepening to `depth` within
   * CONNECT4_ALPHA_BETA_NODES only where the solver's budget stopped it.
   * Sets `reached`: the least depth alpha-beta finished (`depth` when none
   * was cut).
   */
  const scores = (): ColumnScore[] => {
    const result: ColumnScore[] = [];
    const cap = budget();
    reached = depth;
    for (const col of order) {
      if (!position.canPlay(col)) continue;
      if (position.isWinningMove(col)) {
        const score = 22 - ((position.moveCount + 2) >> 1);
        result.push({ col, lower: score, upper: score, score, exact: true });
        continue;
      }
      position.play(col);
      const known = openingBook().lookup(position);
      const solve = known !== null
        ? { lower: known, upper: known, exact: true }
        : solveConnectFour(position, { maxNodes: cap });
      // The solver scores the position after the move: the opponent's view.
      const lower = 0 - solve.upper, upper = 0 - solve.lower;
      const score = solve.exact ? lower : Math.min(
        upper,
        Math.max(lower, 0 - rate(position)),
      );
      position.undo(col);
      result.push({ col, lower, upper, score, exact: solve.exact });
    }
    return result;
  };
  /** The least depth (the column's move included) alpha-beta finished in the last {@linkcode scores}. */
  let reached = depth;
  /** Alpha-beta's value of the position after a column, its side to move's view, within the budget. */
  const rate = (after: ConnectFour): number => {
    if (depth === 1) return alphaBeta(after, { depth: 0 }).value;
    const deepening = iterativeDeepening(after, {
      depth: depth - 1,
      maxNodes: CONNECT4_ALPHA_BETA_NODES,
    });
    reached = Math.min(reached, deepening.depth + 1);
    return deepening.value;
  };
  /** What alpha-beta did, for the messages: "alpha-beta to depth 8", and where the budget cut it. */
  const alphaBetaWords = () =>
    reached < depth
      ? `alpha-beta to depth ${reached} (of ${depth}: the budget of ${CONNECT4_ALPHA_BETA_NODES} nodes a column)`
      : `alpha-beta to depth ${depth}`;
  /** The best column, and whether it is proven best (no other can do better). */
  const choose = (scored: ColumnScore[]) => {
    // On equal scores a proven column, then the centre (the order of scored).
    const best = scored.reduce((a, b) =>
      b.score > a.score || (b.score === a.score && b.exact && !a.exact) ? b : a
    );
    const proven = best.exact &&
      scored.every((s) => s === best || s.upper <= best.lower);
    return { best, proven };
  };
  /** The solver's node budget for the columns of the current position. */
  const budget = () =>
    position.moveCount + 1 >= solveFrom ? CONNECT4_PERFECT_NODES : nodes;
  const method = () =>
    position.moveCount + 1 >= solveFrom
      ? `the opening book, then the solver within ${CONNECT4_PERFECT_NODES} nodes a column, alpha-beta to depth ${depth} where that stops`
      : `the opening book, then the solver within ${nodes} nodes a column (${CONNECT4_PERFECT_NODES} from ${solveFrom} stones), alpha-beta to depth ${depth} where that stops`;
  return {
    position,
    name: "Connect Four against the solver",
    moveHelp: "Moves: a column 1-7.",
    parse(text) {
      if (!/^\d+$/.test(text)) return `"${text}" is not a column 1-7`;
      const col = Number(text) - 1;
      if (col < 0 || col > 6) {
        return `column ${text} is off the board (columns are 1-7)`;
      }
      if (!position.canPlay(col)) return `column ${col + 1} is full`;
      return col;
    },
    describeMove: (move) => `column ${move + 1}`,
    board() {
      const rows = position.toBoard().split("\n").map((row) =>
        "| " + [...row].join(" ") + " |"
      );
      return [...rows, "+---------------+", "  1 2 3 4 5 6 7"].join("\n");
    },
    engine() {
      const { best, proven } = choose(scores());
      const mine = (word: string) =>
        word.replace("your", "my").replace("their", "your");
      return {
        move: best.col,
        why: proven
          ? `(perfect: ${signed(best.score)}, a ${
            mine(scoreWord(best.score))
          } for me)`
          : best.exact
          ? `(proven ${signed(best.score)}, a ${
            mine(scoreWord(best.score))
          } for me; other columns are not proven within ${budget()} nodes, ${alphaBetaWords()} rates none higher)`
          : `(not proven within ${budget()} nodes: ${
            boundWord(best.lower, best.upper)
          }; ${alphaBetaWords()}: ${
            best.score === 0
              ? "no result within reach, centre first"
              : signed(best.score)
          })`,
      };
    },
    hint() {
      const scored = scores().sort((a, b) => a.col - b.col);
      const proven = scored.filter((s) => s.exact).map((s) => s.col + 1);
      const open = scored.filter((s) => !s.exact).map((s) => s.col + 1);
      return `Scores for you (${method()}; > 0 wins, sooner is larger, 0 draws, < 0 loses):\n` +
        scored.map((s) =>
          `  column ${s.col + 1}: ${
            s.exact
              ? `${signed(s.score)} ${scoreWord(s.score)}`
              : `not proven: ${
                boundWord(s.lower, s.upper)
              }; ${alphaBetaWords()}: ${
                s.score === 0 ? "undecided" : signed(s.score)
              }`
          }`
        ).join("\n") +
        `\nProven: ${
          proven.length === 0
            ? "none"
            : `column${proven.length === 1 ? "" : "s"} ${proven.join(", ")}`
        }.${open.length === 0 ? "" : ` Not proven: ${open.join(", ")}.`}`;
    },
    drawn: () => !position.won,
  };
}

function nim(options: PlayOptions): Game<Nim> {
  const where = "play nim";
  const text = options.position ?? "3 4 5";
  const start = text.trim().split(/[\s,]+/).map((part, i) => {
    // The heap as typed, in the message: "1e3" and "1001" alike.
    if (!/^\d{1,4}$/.test(part) || Number(part) > 1000) {
      throw new Error(
        `${where}: --position heap ${i + 1} must be an integer in 0…1000, got ${
          describe(part)
        }`,
      );
    }
    return Number(part);
  });
  const position = positionFlag(
    where,
    "heap sizes 0…1000 whose positions fit the table's keys",
    () => new Nim(start),
  );
  const binary = (n: number, width: number) =>
    n.toString(2).padStart(width, "0");
  return {
    position,
    name: "Nim (whoever takes the last counter wins)",
    moveHelp: "Moves: <heap> <take>, e.g. 1 2 takes 2 counters from heap 1.",
    parse(line) {
      const match = /^(\d+)\s+(\d+)$/.exec(line);
      if (match === null) {
        return `"${line}" is not "<heap> <take>" (two whole numbers)`;
      }
      const heap = Number(match[1]) - 1, take = Number(match[2]);
      const heaps = position.heaps;
      if (heap < 0 || heap >= heaps.length) {
        return `there is no heap ${heap + 1} (heaps are 1-${heaps.length})`;
      }
      if (take < 1) return "take at least 1 counter";
      if (take > heaps[heap]!) {
        return `heap ${heap + 1} has only ${heaps[heap]} counter${
          heaps[heap] === 1 ? "" : "s"
        }`;
      }
      return position.moveOf(heap, take);
    },
    describeMove(move) {
      const { heap, take } = position.decodeMove(move);
      return `${take} from heap ${heap + 1}`;
    },
    board: () =>
      position.heaps.map((size, i) =>
        `heap ${i + 1}: ${"|".repeat(size) || "-"} (${size})`
      )
        .join("\n"),
    engine() {
      const heaps = position.heaps;
      const sum = nimSum(heaps);
      const width = Math.max(1, ...heaps.map((h) => h.toString(2).length));
      const xor = `${heaps.join(" xor ")} = ${sum} (binary ${
        heaps.map((h) => binary(h, width)).join(" xor ")
      } = ${binary(sum, width)})`;
      const wins = winningMoves(heaps);
      if (wins.length === 0) {
        // No move keeps a zero nim-sum: take one counter and hope for a slip.
        const heap = heaps.indexOf(Math.max(...heaps));
        return {
          move: position.moveOf(heap, 1),
          why:
            `(A heap's Grundy value is its size, so the position's is the nim-sum ${xor}. ` +
            `It is 0: every move leaves a non-zero nim-sum, so I am losing against best play; I take 1.)`,
        };
      }
      const { heap, take } = wins[0]!;
      return {
        move: position.moveOf(heap, take),
        why:
          `(A heap's Grundy value is its size, so the position's is the nim-sum ${xor}. ` +
          `It is not 0, so the side to move wins by making it 0: heap ${
            heap + 1
          } goes ${heaps[heap]} -> ${heaps[heap]! - take}, since ${
            heaps[heap]
          } xor ${sum} = ${heaps[heap]! - take}.)`,
      };
    },
    hint() {
      const heaps = position.heaps;
      const wins = winningMoves(heaps);
      return wins.length === 0
        ? `Hint: the nim-sum ${
          heaps.join(" xor ")
        } is 0; no move wins against best play.`
        : `Hint: the nim-sum ${heaps.join(" xor ")} = ${
          nimSum(heaps)
        }; winning: ${
          wins.map((w) => `${w.heap + 1} ${w.take}`).join(", ")
        } (each leaves nim-sum 0).`;
    },
    drawn: () => false,
  };
}

/**
 * The chess engine's default depth in plies (with quiescence and the
 * table, well under a second a move here).
 *
 * @example The engine mates in one at the default depth
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHESS_PLAY_DEPTH, createPlaySession } from "./terminal.ts";
 * assert.equal(CHESS_PLAY_DEPTH, 5);
 * const game = createPlaySession("chess", {
 *   first: "engine",
 *   position: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
 * });
 * assert.match(game.start(), /Engine plays Qxf7#\. [^]*Checkmate\. The engine wins\./);
 * ```
 */
export const CHESS_PLAY_DEPTH = 5;

/**
 * The chess engine's node budget a move (about 5–15 s here): a deep
 * `--depth` stops at the last depth finished within it, and the engine says
 * so. Depth 1 always finishes.
 *
 * @example Depth 64 answers, at the depth the budget reached
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHESS_PLAY_MAX_NODES, createPlaySession } from "./terminal.ts";
 * assert.equal(CHESS_PLAY_MAX_NODES, 2_000_000);
 * const game = createPlaySession("chess", { depth: 64 });
 * assert.match(game.input("hint").text, /Hint \(alpha-beta to depth \d+, stopped by the budget of 2000000 nodes\)/);
 * ```
 */
export const CHESS_PLAY_MAX_NODES = 2_000_000;

/** What a search cut by the node budget says about it. */
function stopped(result: { stoppedByBudget: boolean }): string {
  return result.stoppedByBudget
    ? `, stopped by the budget of ${CHESS_PLAY_MAX_NODES} nodes`
    : "";
}

/** A chess score for the side it belongs to: pawns, or a mate in moves. */
function chessScore(value: number): string {
  if (Math.abs(value) >= CHESS_MATE - 1_000) {
    const moves = Math.ceil((CHESS_MATE - Math.abs(value)) / 2);
    return value > 0 ? `mate in ${moves}` : `mated in ${moves}`;
  }
  return `${value >= 0 ? "+" : "-"}${(Math.abs(value) / 100).toFixed(2)}`;
}

function chess(options: PlayOptions): Game<Chess> {
  const where = "play chess";
  let position: Chess;
  try {
    position = options.position === undefined
      ? Chess.start(chessPositionOptions())
      : Chess.fromFen(options.position, chessPositionOptions());
  } catch (error) {
    throw new Error(
      `${where}: --position must be a legal FEN: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  position.markRoot();
  const depth = options.depth ?? CHESS_PLAY_DEPTH;
  // One table for the game: what a search learns helps the next ones.
  const table = new TranspositionTable({ megabytes: 16 });
  const said: string[] = [];
  const search = () => {
    // The game's positions so far count toward the threefold rule only.
    position.markRoot();
    return searchChess(position, table, {
      depth,
      maxNodes: CHESS_PLAY_MAX_NODES,
    });
  };
  return {
    position,
    name: `Chess against alpha-beta to depth ${depth}`,
    moveHelp: "Moves: UCI (e2e4, e7e8q) or SAN (e4, Nf3, O-O, exd5, e8=Q).",
    parse(text) {
      // A promotion piece may be typed in upper case, as in SAN.
      const uci = text.slice(0, 4) + text.slice(4).toLowerCase();
      if (isUciMove(uci)) {
        try {
          return position.moveFromUci(uci);
        } catch {
          return `${text} is not a legal move here (legal: ${
            position.sanMoves().join(" ")
          })`;
        }
      }
      try {
        return position.moveFromSan(text);
      } catch {
        return `"${text}" is not a legal move here, in UCI (e2e4) or SAN (e4, Nf3); legal: ${
          position.sanMoves().join(" ")
        }`;
      }
    },
    describeMove: (move) => position.moveToSan(move),
    played(_move, san) {
      said.push(san);
      position.markRoot();
    },
    undone() {
      said.pop();
      position.markRoot();
    },
    board() {
      const placement = position.toFen().split(" ")[0]!;
      const rows = placement.split("/").map((row, i) =>
        `${8 - i} | ${
          [...row.replace(/\d/g, (n) => ".".repeat(Number(n)))].join(" ")
        } |`
      );
      const white = position.turn() === 1;
      const status = [
        `${white ? "White" : "Black"} to move.`,
        ...(said.length > 0 ? [`Last move: ${said.at(-1)}.`] : []),
        ...(position.isCheck() && !position.isCheckmate() ? ["Check!"] : []),
      ];
      return [
        "  +-----------------+",
        ...rows,
        "  +-----------------+",
        "    a b c d e f g h",
        status.join(" "),
      ].join("\n");
    },
    engine() {
      const result = search();
      return {
        move: result.move,
        why: `(depth ${result.depth}${stopped(result)}: ${
          chessScore(result.value)
        } for me)`,
      };
    },
    hint() {
      const result = search();
      return `Hint (alpha-beta to depth ${result.depth}${stopped(result)}): ${
        position.moveToSan(result.move)
      } (${position.moveToUci(result.move)}), ${
        chessScore(result.value)
      } for you.`;
    },
    drawn: () => !position.isCheckmate(),
    ending() {
      if (position.isCheckmate()) return "Checkmate.";
      if (position.isStalemate()) return "Stalemate.";
      if (position.isInsufficientMaterial()) return "Insufficient material.";
      if (position.isDrawByFiftyMoves()) return "Fifty-move rule.";
      if (position.isThreefoldRepetition()) return "Threefold repetition.";
      return "Game over.";
    },
  };
}

/**
 * Starts a game against the engine.
 *
 * - `tictactoe`: minimax (perfect unless `depth` limits it); cells 0-8.
 * - `connect4`: the solver ({@linkcode solveConnectFour}) on every column,
 *   within `nodes` nodes each before `solveFrom` stones and
 *   {@linkcode CONNECT4_PERFECT_NODES} from there; alpha-beta deepening to
 *   `depth` within {@linkcode CONNECT4_ALPHA_BETA_NODES} a column (clamped
 *   to the solver's proven bounds) decides only where the budget stopped a
 *   solve; columns 1-7; `hint`
 *   shows every column's score and which ones are proven.
 * - `nim`: the nim-sum strategy, explained at every engine move;
 *   `<heap> <take>` with heaps counted from 1.
 * - `chess`: alpha-beta with iterative deepening, a transposition table
 *   and quiescence to `depth` (default {@linkcode CHESS_PLAY_DEPTH}), the
 *   UCI engine's search; moves in UCI (`e2e4`) or SAN (`e4`); `position` a
 *   FEN.
 *
 * @param game one of {@linkcode PLAY_GAMES}
 * @param options {@linkcode PlayOptions}
 * @throws {Error} for an unknown game, an unknown option or a bad
 *   value (naming the option, the value and the rule)
 *
 * @example A scripted game of tic-tac-toe: an illegal move, then undo
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlaySession } from "./terminal.ts";
 * const game = createPlaySession("tictactoe");
 * assert.match(game.start(), /you play first/);
 * assert.match(game.input("9").text, /^Illegal: cell 9 is off the board/);
 * assert.match(game.input("4").text, /Engine plays cell 0\./);
 * assert.match(game.input("0").text, /^Illegal: cell 0 is taken/);
 * assert.match(game.input("undo").text, /^Took back 2 moves\./);
 * assert.deepEqual(game.input("quit"), { text: "Bye.\n", done: true });
 * ```
 *
 * @example Nim: the engine explains its move by the nim-sum
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlaySession } from "./terminal.ts";
 * const game = createPlaySession("nim", { first: "engine", position: "3 4 5" });
 * const opening = game.start();
 * assert.match(opening, /Engine plays 2 from heap 1\./);
 * assert.match(opening, /nim-sum 3 xor 4 xor 5 = 2/);
 * ```
 */
export function createPlaySession(
  game: string,
  options: PlayOptions = {},
): PlaySession {
  const where = "play";
  checkOptions(where, options, [
    "first",
    "depth",
    "hint",
    "position",
    "solveFrom",
    "nodes",
  ]);
  if (!(PLAY_GAMES as readonly string[]).includes(game)) {
    throw new Error(
      `${where}: game must be one of ${PLAY_GAMES.join(", ")}, got ${
        describe(game)
      }`,
    );
  }
  const first = options.first ?? "human";
  if (first !== "human" && first !== "engine") {
    throw new Error(
      `${where}: --first must be human or engine, got ${describe(first)}`,
    );
  }
  if (options.depth !== undefined) {
    checkInteger(where, "--depth", options.depth, 1, 64);
  }
  if (options.solveFrom !== undefined) {
    checkInteger(where, "--solve-from", options.solveFrom, 0, 42);
  }
  if (options.nodes !== undefined) {
    checkInteger(where, "--nodes", options.nodes, 0, 1_000_000_000);
  }
  // An option another game takes would be ignored here: refused instead.
  const takes: Record<string, readonly string[]> = {
    tictactoe: ["depth"],
    connect4: ["depth", "solveFrom", "nodes"],
    chess: ["depth"],
    nim: [],
  };
  const flags = [
    ["depth", "--depth"],
    ["solveFrom", "--solve-from"],
    ["nodes", "--nodes"],
  ] as const;
  for (const [key, flag] of flags) {
    if (options[key] !== undefined && !takes[game]!.includes(key)) {
      throw new Error(
        `${where}: ${flag} does not apply to ${game} (it is for ${
          (Object.keys(takes) as string[]).filter((g) =>
            takes[g]!.includes(key)
          ).join(", ")
        })`,
      );
    }
  }
  const session = (g: Game<Position>) => {
    if (g.position.isTerminal()) {
      throw new Error(
        `${where}: --position is a finished game: there is no move to play`,
      );
    }
    const toMove = g.position.turn();
    // "first" is about who moves in the starting position.
    const human = first === "human" ? toMove : (0 - toMove) as 1 | -1;
    return new Session(g, human, options.hint === true);
  };
  if (game === "tictactoe") return session(tictactoe(options));
  if (game === "connect4") return session(connect4(options));
  if (game === "chess") return session(chess(options));
  return session(nim(options));
}
