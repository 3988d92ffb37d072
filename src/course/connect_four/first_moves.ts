/**
 * The stored exact scores of Connect Four's first moves
 * (`data/connect4/first_moves.txt`, written by `deno task openings --full`):
 * the text format, its writer and its reader.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { renderSvg } from "../../plot/mod.ts";

/** One solved move: the position after it and its proven score bounds. */
export interface OpeningLine {
  /** The moves from the empty board, the solved move last. */
  moves: string;
  /** A proven lower bound on the score from the side to move after `moves`. */
  lower: number;
  /** A proven upper bound (equal to `lower` when the score is known). */
  upper: number;
  /** Nodes the solve searched (for a mirror: its twin's). */
  nodes: number;
  /** Seconds the solve took (for a mirror: its twin's). */
  seconds: number;
  /** The mirrored moves whose solve this line copies, or `null` when solved itself. */
  mirrorOf: string | null;
}

/** How the lines were computed: the file's header. */
export interface FirstMovesRun {
  /** The command that wrote the file. */
  command: string;
  /** Threads per solve. */
  threads: number;
  /** The table's largest size in MiB. */
  megabytes: number;
  /** The day the run began, `YYYY-MM-DD`. */
  date: string;
  /** Seconds from the start of the run to this writing. */
  seconds: number;
  /** False while the run is still going (or was interrupted). */
  complete: boolean;
  /**
   * The run extended a file (the opening book): the lines it kept were
   * computed by earlier runs, and `seconds` sums every line's own time.
   */
  extends?: boolean;
}

/** The title of `first_moves.txt`: what its lines are. */
export const FIRST_MOVES_TITLE: readonly string[] = [
  "# Connect Four's first moves solved exactly: the score of the position",
  "# after each first move, from the side to move there (the second player):",
  "# 0 a draw, 22-k when it wins with its k-th stone, -(22-k) when the first",
  "# player does.",
];

/**
 * The title of `book.txt`: what its lines are, for a book that covers
 * sensible play before ply `plies`.
 *
 * @param plies the cover's depth (`deno task openings --book --plies N`)
 * @returns the `#` lines
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bookTitle } from "./first_moves.ts";
 * assert.match(bookTitle(8).join("\n"), /before ply 8/);
 * ```
 */
export function bookTitle(plies: number): string[] {
  return [
    "# Connect Four's opening book: exact scores, each from the side to move in",
    "# its position (0 a draw, 22-k when it wins with its k-th stone, -(22-k)",
    "# when the other side does), of every position after two moves and of",
    "# every position after a move from a position that a game of sensible",
    `# play reaches before ply ${plies}: the human's moves do not lose when a move`,
    "# that does not lose exists (else they lose latest), the engine plays the",
    "# highest score (centre, then left, on a tie), the human moves first or",
    "# second (src/games/connect_four_cover.ts). Shallower positions follow by",
    "# negamax (src/games/connect_four_book.ts).",
  ];
}

/**
 * The title of the file of an `--after` run (`deno task openings --after
 * MOVES --out FILE`): what its lines are.
 *
 * @param after the start position's moves ("" the empty board)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { afterTitle } from "./first_moves.ts";
 * assert.match(afterTitle("").join("\n"), /each move from the empty board/);
 * assert.match(afterTitle("44").join("\n"), /each move from 44 /);
 * ```
 */
export function afterTitle(after: string): string[] {
  return [
    `# Connect Four: the position after each move from ${
      after === "" ? "the empty board" : after
    } solved exactly, the`,
    "# score from the side to move there: 0 a draw, 22-k when it wins with its",
    "# k-th stone, -(22-k) when the other side does.",
  ];
}

/**
 * The moves seen in a mirror: column c becomes 8 − c.
 *
 * @param moves column digits 1–7
 * @returns the mirrored digits
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mirrorMoves } from "./first_moves.ts";
 * assert.equal(mirrorMoves("1447"), "7441");
 * ```
 */
export function mirrorMoves(moves: string): string {
  let mirrored = "";
  for (const digit of moves) mirrored += String(8 - Number(digit));
  return mirrored;
}

/**
 * The file's text: a header saying how it was computed, then one line per
 * move: `<moves> <score|lower..upper> <nodes> <seconds> <how>`, where how is
 * `solved`, `stopped` (bounds only) or `mirror:<moves>`.
 *
 * @param lines the moves solved so far
 * @param run how they were computed
 * @param title the `#` lines that say what the file holds
 * @returns the file's text
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstMovesText, parseFirstMoves } from "./first_moves.ts";
 * const text = firstMovesText(
 *   [{ moves: "4", lower: -1, upper: -1, nodes: 9, seconds: 1.5, mirrorOf: null }],
 *   { command: "x", threads: 2, megabytes: 64, date: "2026-11-30", seconds: 2, complete: true },
 * );
 * assert.deepEqual(parseFirstMoves(text)[0], {
 *   moves: "4", lower: -1, upper: -1, nodes: 9, seconds: 1.5, mirrorOf: null,
 * });
 * ```
 */
export function firstMovesText(
  lines: readonly OpeningLine[],
  run: FirstMovesRun,
  title: readonly string[] = FIRST_MOVES_TITLE,
): string {
  const sorted = [...lines].sort((a, b) => a.moves.localeCompare(b.moves));
  const searched = sorted.filter((line) => line.mirrorOf === null);
  const nodes = searched.reduce((sum, line) => sum + line.nodes, 0);
  const header = [
    ...title,
    run.extends
      ? "# Computed by this project's solver on this 2-core machine, by runs that each extend the file; the last one:"
      : "# Computed once by this project's solver on this 2-core machine:",
    `#   ${run.command}   (${run.threads} thread${
      run.threads === 1 ? "" : "s"
    }, table up to ${run.megabytes} MiB, begun ${run.date})`,
    `#   ${searched.length} solves, ${nodes} nodes, ${
      Math.round(run.seconds)
    } s${run.extends ? " of solving (each line's own time)" : ""} in all${
      run.complete ? "" : " so far: the run had not finished"
    }`,
    "# Column c and 8-c are mirror images, so a mirrored move copies its twin's",
    "# score (how = mirror:<twin>) instead of being searched again.",
    "# Columns: moves score-or-lower..upper nodes seconds how",
  ];
  const body = sorted.map((line) => {
    const score = line.lower === line.upper
      ? String(line.lower)
      : `${line.lower}..${line.upper}`;
    const how = line.mirrorOf !== null
      ? `mirror:${line.mirrorOf}`
      : line.lower === line.upper
      ? "solved"
      : "stopped";
    return `${line.moves} ${score} ${line.nodes} ${
      line.seconds.toFixed(1)
    } ${how}`;
  });
  return [...header, ...body].join("\n") + "\n";
}

/**
 * Reads the file written by {@linkcode firstMovesText}.
 *
 * @param text the file's text
 * @returns its lines, in file order
 * @throws {Error} naming the line number on a malformed line
 */
export function parseFirstMoves(text: string): OpeningLine[] {
  const lines: OpeningLine[] = [];
  text.split("\n").forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const match = trimmed.match(
      /^([1-7]+) (-?\d+)(?:\.\.(-?\d+))? (\d+) (\d+(?:\.\d+)?) (solved|stopped|mirror:([1-7]+))$/,
    );
    if (match === null) {
      throw new Error(
        `first moves, line ${
          index + 1
        }: expected "<moves> <score|lower..upper> <nodes> <seconds> <solved|stopped|mirror:moves>", got ${
          JSON.stringify(trimmed)
        }`,
      );
    }
    const lower = Number(match[2]);
    const upper = match[3] === undefined ? lower : Number(match[3]);
    lines.push({
      moves: match[1]!,
      lower,
      upper,
      nodes: Number(match[4]),
      seconds: Number(match[5]),
      mirrorOf: match[7] ?? null,
    });
  });
  return lines;
}

/** The claim the notebook checks (Allis 1988; Tromp 1995): centre wins, its neighbours draw, the rest lose. */
export function claimedOutcome(column: number): "wins" | "draws" | "loses" {
  return column === 4
    ? "wins"
    : column === 3 || column === 5
    ? "draws"
    : "loses";
}

/** One first move as the notebook shows it, from the first player's side. */
export interface FirstMoveRow {
  /** The column of the first move, 1–7. */
  column: number;
  /** The score from the first player's side: the negated stored score. */
  firstPlayerScore: number;
  /** The first player's outcome with perfect play. */
  outcome: "wins" | "draws" | "loses";
  /** What the stored score says in words, e.g. "wins with its 21st stone". */
  how: string;
  /** The claim's outcome for this column. */
  claimed: "wins" | "draws" | "loses";
  /** Nodes of the solve (the twin's for a mirror). */
  nodes: number;
  /** Seconds of the solve (the twin's for a mirror). */
  seconds: number;
  /** The twin's moves for a mirrored line, else `null`. */
  mirrorOf: string | null;
}

/**
 * The seven first moves from the first player's side, beside the claim.
 *
 * @param lines the stored lines (exact scores)
 * @returns one row per column, in column order
 * @throws {Error} when a line is not an exact score after one move
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstMoveRows } from "./first_moves.ts";
 * const [row] = firstMoveRows([{ moves: "4", lower: -1, upper: -1, nodes: 5, seconds: 1, mirrorOf: null }]);
 * assert.equal(row!.how, "wins with its 21st stone");
 * ```
 */
export function firstMoveRows(lines: readonly OpeningLine[]): FirstMoveRow[] {
  const byColumn = new Map(lines.map((line) => [line.moves, line]));
  return [...lines].filter((line) => line.moves.length === 1).sort((a, b) =>
    a.moves.localeCompare(b.moves)
  ).map((line) => {
    if (line.lower !== line.upper) {
      throw new Error(
        `firstMoveRows: move ${line.moves} has bounds ${line.lower}..${line.upper}, not an exact score`,
      );
    }
    const column = Number(line.moves);
    const firstPlayerScore = -line.lower;
    const outcome = firstPlayerScore > 0
      ? "wins"
      : firstPlayerScore < 0
      ? "loses"
      : "draws";
    const stone = 22 - Math.abs(firstPlayerScore);
    const how = outcome === "draws"
      ? "draws"
      : outcome === "wins"
      ? `wins with its ${ordinal(stone)} stone`
      : `loses to the second player's ${ordinal(stone)} stone`;
    const twin = line.mirrorOf === null ? line : byColumn.get(line.mirrorOf);
    return {
      column,
      firstPlayerScore,
      outcome,
      how,
      claimed: claimedOutcome(column),
      nodes: twin?.nodes ?? 0,
      seconds: twin?.seconds ?? 0,
      mirrorOf: line.mirrorOf,
    };
  });
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13
    ? "th"
    : n % 10 === 1
    ? "st"
    : n % 10 === 2
    ? "nd"
    : n % 10 === 3
    ? "rd"
    : "th";
  return `${n}${suffix}`;
}

/**
 * The first player's score after each first move, as an SVG bar chart:
 * above zero a win (higher: sooner), zero a draw, below zero a loss.
 *
 * @param rows from {@linkcode firstMoveRows}
 * @returns the SVG text
 */
export function firstMovesChart(rows: readonly FirstMoveRow[]): string {
  const reach = Math.max(
    3,
    ...rows.map((row) => Math.abs(row.firstPlayerScore)),
  );
  return renderSvg({
    title: "Connect Four: the first move and its value under perfect play",
    subtitle:
      "score for the first player: 22 − k for a win with its k-th stone, 0 a draw, negative a loss",
    width: 560,
    height: 300,
    x: { label: "column of the first move", type: "band" },
    y: {
      label: "score for the first player",
      grid: true,
      domain: [-reach, reach],
    },
    color: { legend: true, domain: ["wins", "draws", "loses"] },
    marks: [
      Plot.barY(rows, {
        x: "column",
        y: "firstPlayerScore",
        fill: "outcome",
      }),
      Plot.ruleY([0]),
      // A draw's bar has no height: the dot shows it.
      Plot.dot(rows, {
        x: "column",
        y: "firstPlayerScore",
        fill: "outcome",
        stroke: "black",
        r: 5,
      }),
    ],
  });
}
