/**
 * The Connect Four engine of the play page: every column's score from the
 * side to move, from the opening book where it answers, otherwise from the
 * exact solver with a node budget per column (then proven bounds when the
 * budget stops it). Free of DOM and Deno APIs: it runs in the page's Web
 * Worker, in Deno's tests and anywhere else.
 *
 * @module
 */

import { CELLS, ConnectFour } from "../../games/connect_four.ts";
import { ConnectFourBook } from "../../games/connect_four_book.ts";
import {
  ConnectFourSolver,
  MAX_SCORE,
} from "../../games/connect_four_solver.ts";
import { checkInteger, describe } from "../../validate.ts";

/** What is known of one column's score, from the side to move's view. */
export interface ColumnHint {
  /** The column, 0…6 (shown as 1…7). */
  column: number;
  /** A proven lower bound on the score (the score when `lower === upper`). */
  lower: number;
  /** A proven upper bound on the score. */
  upper: number;
  /** The lowest score a column other than an immediate win could have (from the move count): a `lower` at it proves nothing. */
  min: number;
  /** The highest score the column could have at all: an `upper` at it proves nothing. */
  max: number;
  /** Where the score came from: the book, the solver, or the game's end. */
  source: "book" | "solver" | "end";
  /** Solver nodes spent on the column (0 for the book and the end). */
  nodes: number;
}

/** The engine's choice among the columns' hints. */
export interface ColumnChoice {
  /** The column to play, 0…6. */
  column: number;
  /** True when no other column can score more (its lower bound ≥ every other upper bound). */
  proven: boolean;
}

/** The largest node budget per column: about a minute of solving in a browser. */
export const MAX_COLUMN_NODES = 2 ** 28;

/**
 * Scores the columns of Connect Four positions for the play page.
 *
 * @example The book answers the first moves; the solver the rest
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFourHints } from "./c4_hints.ts";
 * const book = await Deno.readTextFile("data/connect4/book.txt");
 * const hints = new ConnectFourHints(book, { megabytes: 1 });
 * const centre = hints.column("", 3, 1000)!;
 * assert.ok(centre.lower === 1 && centre.upper === 1 && centre.source === "book");
 * // X has three on the bottom row: column 4 (index 3) wins at once.
 * const win = hints.column("112233", 3, 1000)!;
 * assert.ok(win.lower === 18 && win.upper === 18 && win.source === "end");
 * assert.equal(hints.column("111111", 0, 1000), null); // column 1 is full
 * ```
 */
export class ConnectFourHints {
  readonly #book: ConnectFourBook | null;
  readonly #solver: ConnectFourSolver;

  /**
   * @param bookText the text of `data/connect4/book.txt`, or null for none
   * @param options `megabytes`: the solver's table (default 64)
   * @throws {Error} when the book does not parse, or on a bad table size
   */
  constructor(bookText: string | null, options?: { megabytes?: number }) {
    this.#book = bookText === null
      ? null
      : ConnectFourBook.parse(bookText, { source: "book.txt", allAfter: 2 });
    this.#solver = new ConnectFourSolver({
      megabytes: options?.megabytes ?? 64,
    });
  }

  /**
   * The score of playing `column` in the position after `moves`, from the
   * side to move's view: exact from the book or a finished solve, proven
   * bounds when `maxNodes` stopped the solve.
   *
   * Work: at most `maxNodes` solver nodes.
   *
   * @param moves the game so far, column digits 1…7
   * @param column the column to play, 0…6
   * @param maxNodes the solver's node budget (an integer in 1…{@linkcode MAX_COLUMN_NODES})
   * @returns the hint, or null when the column is full or the game is over
   * @throws {Error} on bad moves, column or budget
   */
  column(moves: string, column: number, maxNodes: number): ColumnHint | null {
    const where = "ConnectFourHints.column";
    checkInteger(where, "column", column, 0, 6);
    checkInteger(where, "maxNodes", maxNodes, 1, MAX_COLUMN_NODES);
    if (typeof moves !== "string") {
      throw new Error(
        `${where}: moves must be a string of column digits 1-7, got ${
          describe(moves)
        }`,
      );
    }
    const position = ConnectFour.parse(moves);
    if (position.isTerminal() || !position.canPlay(column)) return null;
    const n = position.moveCount;
    // The child has n + 1 stones: its own score lies in
    // −((CELLS − n − 1) >> 1)…(CELLS − n) >> 1, the column's is its negation;
    // and no score passes ±18 (a win needs a fourth stone), as the solver's
    // bounds never do.
    const min = Math.max(-MAX_SCORE, -((CELLS - n) >> 1));
    const max = Math.min(MAX_SCORE, (CELLS - n - 1) >> 1);
    const exact = (score: number, source: ColumnHint["source"]) => ({
      column,
      lower: score,
      upper: score,
      // Winning at once scores one more than any other column could.
      min: Math.min(min, score),
      max: Math.max(max, score),
      source,
      nodes: 0,
    });
    if (position.isWinningMove(column)) {
      return exact((CELLS + 1 - n) >> 1, "end");
    }
    position.play(column);
    if (position.moveCount === CELLS) return exact(0, "end");
    const fromBook = this.#book?.lookup(position) ?? null;
    if (fromBook !== null) return exact(-fromBook, "book");
    const result = this.#solver.solve(position, { maxNodes });
    return {
      column,
      lower: -result.upper,
      upper: -result.lower,
      min,
      max,
      source: "solver",
      nodes: result.nodes,
    };
  }
}

/**
 * The column the engine plays: the largest proven lower bound, then the
 * largest upper bound, then the one nearer the centre. It is proven best
 * when its lower bound reaches every other column's upper bound.
 *
 * @param hints the hints of every playable column (at least one)
 * @returns the choice
 * @throws {Error} when `hints` is empty
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bestColumn } from "./c4_hints.ts";
 * const hint = (column: number, lower: number, upper: number) =>
 *   ({ column, lower, upper, min: -18, max: 18, source: "solver" as const, nodes: 0 });
 * assert.deepEqual(bestColumn([hint(0, -2, -2), hint(3, 1, 1)]), { column: 3, proven: true });
 * // A tie: the column nearer the centre, then the first.
 * assert.deepEqual(bestColumn([hint(2, 0, 0), hint(4, 0, 0)]), { column: 2, proven: true });
 * assert.deepEqual(bestColumn([hint(1, 0, 0), hint(3, -5, 4)]), { column: 1, proven: false });
 * ```
 */
export function bestColumn(hints: readonly ColumnHint[]): ColumnChoice {
  if (hints.length === 0) {
    throw new Error("bestColumn: hints must hold at least one column, got 0");
  }
  let best = hints[0]!;
  for (const hint of hints) {
    if (
      hint.lower > best.lower ||
      (hint.lower === best.lower &&
        (hint.upper > best.upper ||
          (hint.upper === best.upper &&
            Math.abs(hint.column - 3) < Math.abs(best.column - 3))))
    ) {
      best = hint;
    }
  }
  const proven = hints.every((hint) =>
    hint === best || hint.upper <= best.lower
  );
  return { column: best.column, proven };
}

/**
 * A hint as the page shows it: the score (`+3`, `0`, `−2`), or its proven
 * bounds (`≥ 0`, `≤ −1`, `−2…3`; `?` when nothing is proven).
 *
 * @param hint the hint
 * @returns the text
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatHint } from "./c4_hints.ts";
 * const hint = (lower: number, upper: number) =>
 *   ({ column: 0, lower, upper, min: -18, max: 18, source: "solver" as const, nodes: 9 });
 * assert.equal(formatHint(hint(3, 3)), "+3");
 * assert.equal(formatHint(hint(0, 18)), "≥ 0");
 * assert.equal(formatHint(hint(-18, -1)), "≤ −1");
 * assert.equal(formatHint(hint(-2, 3)), "−2…+3");
 * ```
 */
export function formatHint(hint: ColumnHint): string {
  const n = (value: number) =>
    value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
  if (hint.lower === hint.upper) return n(hint.lower);
  const low = hint.lower <= hint.min, high = hint.upper >= hint.max;
  if (low && high) return "?";
  if (high) return `≥ ${n(hint.lower)}`;
  if (low) return `≤ ${n(hint.upper)}`;
  return `${n(hint.lower)}…${n(hint.upper)}`;
}
