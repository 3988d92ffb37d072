/**
 * The opening book's run (`deno task openings --book`): every position of
 * two moves, then, ply by ply, every position after a move from a position
 * of the cover of sensible play (src/games/connect_four_cover.ts) up to
 * `--plies`, so that `deno task play` and the site's play page find every
 * column of those positions in the book. A run extends the file it writes:
 * positions already proven there are not searched again.
 *
 * @module
 */

import { ConnectFour } from "../../games/connect_four.ts";
import {
  columnScores,
  COVER_START,
  type CoverPosition,
  nextCoverLevel,
} from "../../games/connect_four_cover.ts";
import type { OpeningLine } from "./first_moves.ts";
import type { PlannedLine } from "./openings.ts";

/**
 * The plies `deno task openings --book` covers unless `--plies` says
 * otherwise: the committed book's (its 309 solves beyond the two-move
 * positions took about 17 minutes on this machine).
 */
export const DEFAULT_BOOK_PLIES = 10;

/** The plies of `--book --full`: deeper than the committed book. */
export const FULL_BOOK_PLIES = 12;

/** What {@linkcode extendBook} needs. */
export interface BookRun {
  /** Positions of sensible play to cover: those of fewer than `plies` stones. */
  plies: number;
  /** Lines already in the file (exact ones are reused). */
  known: readonly OpeningLine[];
  /** The two-move positions, every one of which the book holds. */
  base: readonly PlannedLine[];
  /** Solves a plan (reporting each line as the caller likes) and returns its lines. */
  solve: (plan: readonly PlannedLine[]) => Promise<OpeningLine[]>;
  /** Progress, one line at a time. */
  log: (text: string) => void;
}

/** What the book covers after {@linkcode extendBook}. */
export interface BookCover {
  /** Positions of the cover (with fewer than `plies` stones) whose every column is in the book. */
  positions: number;
  /** Positions of the cover whose columns a budget left unproven (their moves). */
  unproven: string[];
  /** Positions searched by this run. */
  solved: number;
}

/**
 * Extends the book: first the two-move positions it lacks, then, for each
 * ply below `plies`, the positions after every column of each position of
 * the cover at that ply, one plan per ply (its solves can run in parallel).
 * A position and its mirror image or a transposition are searched once.
 *
 * @param run the cover's depth, the lines known, and how to solve
 * @returns how much of the cover the book now answers
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { extendBook } from "./opening_book.ts";
 * import { bookPlan, type PlannedLine } from "./openings.ts";
 * // A stand-in solver that calls every position a draw: the two-move
 * // positions (25 searched, 24 mirrors), then the cover before ply 1.
 * const solve = (plan: readonly PlannedLine[]) =>
 *   Promise.resolve(plan.map(({ moves, mirrorOf }) => ({
 *     moves, lower: 0, upper: 0, nodes: 1, seconds: 0, mirrorOf,
 *   })));
 * const cover = await extendBook({ plies: 1, known: [], base: bookPlan(), solve, log: () => {} });
 * assert.deepEqual(cover, { positions: 1, unproven: [], solved: 25 });
 * ```
 */
export async function extendBook(run: BookRun): Promise<BookCover> {
  /** Exact scores by symmetric key: the lines' and those derived from them. */
  const scores = new Map<number, number>();
  const byMoves = new Set<string>();
  const add = (line: OpeningLine) => {
    byMoves.add(line.moves);
    if (line.lower === line.upper) {
      scores.set(ConnectFour.parse(line.moves).symmetricKey(), line.lower);
    }
  };
  run.known.forEach(add);
  let solved = 0;
  const solve = async (plan: PlannedLine[]) => {
    if (plan.length === 0) return;
    const lines = await run.solve(plan);
    lines.forEach(add);
    solved += plan.filter((entry) => entry.mirrorOf === null).length;
  };
  // The two-move positions the file lacks; a mirror image whose twin the
  // file has is searched itself (the plan copies mirrors within a plan).
  await solve(
    run.base.filter((entry) => !byMoves.has(entry.moves)).map((entry) => ({
      moves: entry.moves,
      mirrorOf: entry.mirrorOf !== null && byMoves.has(entry.mirrorOf)
        ? null
        : entry.mirrorOf,
    })),
  );
  /** A score, from the lines or by negamax over known children (shallow positions). */
  const scoreOf = (position: ConnectFour, depth = 2): number | null => {
    const stored = scores.get(position.symmetricKey());
    if (stored !== undefined || depth === 0) return stored ?? null;
    const each = columnScores(position, (child) => scoreOf(child, depth - 1));
    if (each.some((score) => score === null)) return null;
    const best = Math.max(...each.filter((s) => s !== undefined) as number[]);
    scores.set(position.symmetricKey(), best);
    return best;
  };
  let frontier: readonly CoverPosition[] = COVER_START;
  let positions = 0;
  const unproven: string[] = [];
  for (let ply = 0; ply < run.plies && frontier.length > 0; ply++) {
    const plan: PlannedLine[] = [];
    const planned = new Set<number>();
    for (const { moves } of frontier) {
      const position = ConnectFour.parse(moves);
      for (let col = 0; col < 7; col++) {
        if (!position.canPlay(col) || position.isWinningMove(col)) continue;
        const child = ConnectFour.parse(moves + (col + 1));
        const key = child.symmetricKey();
        if (scoreOf(child) !== null || planned.has(key)) continue;
        planned.add(key);
        plan.push({ moves: moves + (col + 1), mirrorOf: null });
      }
    }
    run.log(
      `openings: ply ${ply}: ${frontier.length} position${
        frontier.length === 1 ? "" : "s"
      } of sensible play, ${plan.length} position${
        plan.length === 1 ? "" : "s"
      } after their moves to solve`,
    );
    await solve(plan);
    const { next, unknown } = nextCoverLevel(frontier, (c) => scoreOf(c));
    positions += frontier.length - unknown.length;
    unproven.push(...unknown.map((moves) => moves === "" ? "-" : moves));
    frontier = next;
  }
  return { positions, unproven, solved };
}
