/**
 * Move accuracy against perfect play (issue 10, measurement 1): every
 * column of a Connect Four position is graded once by the perfect solver
 * (win, draw or loss for the side to move), and a player's move is
 * accurate when it keeps the position's game-theoretic value. Grades are
 * plain text lines, so a measurement can cache them in a file and re-run
 * quickly.
 *
 * @module
 */

import { ConnectFour } from "../games/connect_four.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";
import { type Player, SolverPlayer } from "../players/player.ts";

/** A position with the grade of each of its seven columns. */
export interface GradedPosition {
  /** The position's moves (column digits 1–7). */
  moves: string;
  /** Per column 0–6: 1 the move wins, 0 draws, −1 loses (for the side to move); `null` when the column is full. */
  grades: (number | null)[];
}

/** Options of {@linkcode gradeConnectFour}. */
export interface GradeOptions {
  /** Entries of the solver's table (default the solver's 16 MiB). */
  entries?: number;
}

/**
 * Grades every column of every position with the perfect solver (weak
 * solving: only win, draw or loss). Late positions take milliseconds;
 * positions of fewer than about 10 stones can take the solver seconds.
 *
 * @param positions column-digit strings of unfinished positions
 * @param options `entries`
 * @returns one graded position per input, in order
 * @throws {Error} on a string `ConnectFour.parse` rejects, or a finished game
 *
 * @example A won End-Easy position: two columns keep the win
 * ```ts
 * import assert from "node:assert/strict";
 * import { gradeConnectFour } from "../../mod.ts";
 * const [graded] = gradeConnectFour(["7422341735647741166133573473242566"], { entries: 1 << 16 });
 * assert.deepEqual(graded!.grades, [-1, 1, null, null, -1, 1, null]);
 * ```
 */
export function gradeConnectFour(
  positions: readonly string[],
  options?: GradeOptions,
): GradedPosition[] {
  const where = "gradeConnectFour";
  checkOptions(where, options, ["entries"]);
  if (!Array.isArray(positions)) {
    throw new Error(
      `${where}: positions must be an array of strings, got ${
        describe(positions)
      }`,
    );
  }
  const solver = new SolverPlayer(
    options?.entries === undefined
      ? { weak: true }
      : { weak: true, entries: options.entries },
  );
  return positions.map((moves, i) => {
    const board = ConnectFour.parse(moves);
    if (board.isTerminal()) {
      throw new Error(`${where}: positions[${i}] is a finished game: ${moves}`);
    }
    const grades = solver.scoreMoves(board).map((score) =>
      score === -Infinity ? null : score + 0 // never −0
    );
    return { moves, grades };
  });
}

/**
 * Grades as text, one position a line: the moves (`-` for the empty
 * board), then the seven grades (`1`, `0`, `-1`, or `x` for a full column).
 *
 * @param graded graded positions
 * @returns the text
 *
 * @example Round trip
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatGrades, parseGrades } from "../../mod.ts";
 * const text = "4455 1 -1 1 1 -1 -1 -1\n";
 * assert.equal(formatGrades(parseGrades(text)), text);
 * ```
 */
export function formatGrades(graded: readonly GradedPosition[]): string {
  return graded.map(({ moves, grades }) =>
    `${moves === "" ? "-" : moves} ${
      grades.map((g) => g === null ? "x" : String(g)).join(" ")
    }\n`
  ).join("");
}

/**
 * Reads what {@linkcode formatGrades} writes (blank lines skipped).
 *
 * @param text the text
 * @returns the graded positions
 * @throws {Error} naming the line of a malformed entry
 *
 * @example A full first column
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGrades } from "../../mod.ts";
 * assert.deepEqual(parseGrades("1111112 x 0 0 0 0 0 0"), [
 *   { moves: "1111112", grades: [null, 0, 0, 0, 0, 0, 0] },
 * ]);
 * ```
 */
export function parseGrades(text: string): GradedPosition[] {
  if (typeof text !== "string") {
    throw new Error(
      `parseGrades: text must be a string, got ${describe(text)}`,
    );
  }
  const graded: GradedPosition[] = [];
  text.split("\n").forEach((line, index) => {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === "") return;
    const [moves, ...rest] = fields;
    if (
      !/^([1-7]+|-)$/.test(moves!) || rest.length !== 7 ||
      !rest.every((g) => g === "x" || g === "1" || g === "0" || g === "-1")
    ) {
      throw new Error(
        `parseGrades: line ${
          index + 1
        } must be the moves and seven grades (1, 0, -1 or x), got ${
          describe(line)
        }`,
      );
    }
    graded.push({
      moves: moves === "-" ? "" : moves!,
      grades: rest.map((g) => g === "x" ? null : Number(g)),
    });
  });
  return graded;
}

/** What {@linkcode moveAccuracy} measured. */
export interface AccuracyResult {
  /** Positions where the choice mattered (some legal column grades lower than the best). */
  positions: number;
  /** Positions skipped because every legal column has the same grade. */
  skipped: number;
  /** Positions where the player's move kept the best grade. */
  kept: number;
  /** `kept / positions` (NaN when no position counted). */
  accuracy: number;
  /** Mean nodes the player spent per counted position. */
  meanNodes: number;
}

/**
 * The share of positions where `player`'s move keeps the game-theoretic
 * value, over the positions where some move would lose it.
 *
 * @param player a Connect Four player
 * @param graded positions graded by {@linkcode gradeConnectFour}
 * @param options `limit`: use only the first so many positions
 * @returns the counts, the accuracy and the mean nodes per move
 * @throws {Error} when the player returns a full or impossible column
 *
 * @example The solver keeps every value
 * ```ts
 * import assert from "node:assert/strict";
 * import { gradeConnectFour, moveAccuracy, RandomPlayer, SolverPlayer } from "../../mod.ts";
 * const graded = gradeConnectFour([
 *   "7422341735647741166133573473242566", // columns 2 and 6 win, 1 and 5 lose
 *   "52677675164321472411331752454", // columns 1 and 5 lose, the others draw
 *   "2252576253462244111563365343671351441", // lost whatever is played: skipped
 * ], { entries: 1 << 16 });
 * const perfect = moveAccuracy(new SolverPlayer({ entries: 1 << 16 }), graded);
 * assert.deepEqual([perfect.positions, perfect.skipped, perfect.accuracy], [2, 1, 1]);
 * assert.ok(moveAccuracy(new RandomPlayer(), graded).positions === 2);
 * ```
 */
export function moveAccuracy(
  player: Player<ConnectFour>,
  graded: readonly GradedPosition[],
  options?: { limit?: number },
): AccuracyResult {
  const where = "moveAccuracy";
  checkOptions(where, options, ["limit"]);
  if (!Array.isArray(graded as unknown)) {
    throw new Error(
      `${where}: graded must be a list of graded positions (readGradedPositions), got ${
        describe(graded)
      }`,
    );
  }
  const limit = options?.limit === undefined
    ? graded.length
    : checkInteger(where, "limit", options.limit, 0, graded.length);
  let positions = 0, skipped = 0, kept = 0, nodes = 0;
  for (let i = 0; i < limit; i++) {
    const { moves, grades } = graded[i]!;
    const legal = grades.filter((g): g is number => g !== null);
    const best = Math.max(...legal), worst = Math.min(...legal);
    if (best === worst) {
      skipped++;
      continue;
    }
    const board = ConnectFour.parse(moves);
    const move = player.chooseMove(board);
    const grade = grades[move];
    if (grade === null || grade === undefined) {
      throw new Error(
        `${where}: ${player.name} chose column ${
          describe(move)
        } in ${moves}, which is not a legal column`,
      );
    }
    positions++;
    nodes += player.lastNodes;
    if (grade === best) kept++;
  }
  return {
    positions,
    skipped,
    kept,
    accuracy: kept / positions,
    meanNodes: positions === 0 ? 0 : nodes / positions,
  };
}
