/**
 * Lesson 003, T003.6 recomputed: Grundy numbers as the mex of the
 * successors' numbers, the XOR rule for sums of games, and Nim's winning
 * move that makes the XOR zero; with the Grundy sequences of the standard
 * heap games, their periods, and a worked Nim game. Tables and charts for
 * the figures job and notebook 05.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  dawsonsKayles,
  grundyFunction,
  grundySum,
  kayles,
  Nim,
  nimSum,
  octalSuccessors,
  subtractionGame,
  winningMoves,
} from "../../games/mod.ts";
import { alphaBeta, TranspositionTable } from "../../search/mod.ts";
import { markdownTable, renderSvg } from "../../plot/mod.ts";
import type { Chart, LessonEntry, LessonReport } from "../report.ts";
import {
  type Check,
  claimRow,
  type CourseRow,
  exactRow,
  formatCount,
} from "../rows.ts";

/**
 * The checks of "every one of `total` cases agrees": all agree, and there
 * was at least one case, so an empty run cannot pass.
 */
function allAgree(what: string, agree: number, total: number): Check[] {
  return [
    { what: `${what} agreeing`, value: agree, op: "=", bound: total },
    { what: `${what} checked`, value: total, op: ">", bound: 0 },
  ];
}

/**
 * A sequence's period and start against a reference that is not the
 * course (the course prints no periods): the course column says so, the
 * checks compare ours with the reference.
 */
function periodRow(
  id: string,
  what: string,
  sequence: GrundySequence,
  reference: { period: number; from: number },
  source: string,
): CourseRow {
  const found = (x: number | null) => x === null ? "none" : String(x);
  return claimRow({
    id,
    kind: "exact",
    what,
    course: "—",
    ours: `period ${found(sequence.period)} from n = ${found(sequence.from)}`,
    test: `the sequence searched on n = 0…${
      sequence.values.length - 1
    } has the reference's period and start (the course prints none; ${source})`,
    checks: [
      {
        what: "period",
        value: sequence.period ?? -1,
        op: "=",
        bound: reference.period,
      },
      {
        what: "start",
        value: sequence.from ?? -1,
        op: "=",
        bound: reference.from,
      },
    ],
  });
}

/** `"169 of 169"`. */
function ofTotal(agree: number, total: number): string {
  return `${formatCount(agree)} of ${formatCount(total)}`;
}

/** A heap game's Grundy sequence for n = 0…length − 1, with its period. */
export interface GrundySequence {
  /** The game's name, e.g. `"Kayles (.77)"`. */
  game: string;
  /** g(0), g(1), … */
  values: number[];
  /** The period found ({@linkcode findPeriod}), or null. */
  period: number | null;
  /** The first n from which the sequence repeats with that period. */
  from: number | null;
}

/**
 * The smallest period p, with the smallest start s for it, such that
 * `values[n + p] === values[n]` for every n ≥ s in the sequence, requiring
 * at least three whole periods after s so that a coincidence is not taken
 * for a period.
 *
 * @param values the sequence
 * @returns `{ period, from }`, or nulls when none is found
 *
 * @example The subtraction game {1, 2, 3}: period 4 from the start
 * ```ts
 * import assert from "node:assert/strict";
 * import { findPeriod } from "./mod.ts";
 * const found = findPeriod([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
 * assert.ok(found.period === 4 && found.from === 0);
 * ```
 */
export function findPeriod(
  values: readonly number[],
): { period: number | null; from: number | null } {
  for (let period = 1; 3 * period <= values.length; period++) {
    // The earliest start from which the sequence repeats with this period.
    let from = values.length - period;
    while (from > 0 && values[from - 1] === values[from - 1 + period]) from--;
    if (values.length - from >= 3 * period) return { period, from };
  }
  return { period: null, from: null };
}

/** Grundy sequences of the standard heap games, n = 0…length − 1. */
export function grundySequences(length = 160): GrundySequence[] {
  const games: [string, (n: number) => number][] = [
    ["subtraction {1, 2, 3}", subtractionGame([1, 2, 3])],
    ["subtraction {1, 3, 4}", subtractionGame([1, 3, 4])],
    ["Kayles (.77)", kayles],
    ["Dawson's Kayles (.07)", dawsonsKayles],
  ];
  return games.map(([game, g]) => {
    const values = Array.from({ length }, (_, n) => g(n));
    return { game, values, ...findPeriod(values) };
  });
}

/** One move of the worked Nim game. */
export interface NimStep {
  /** Move number, from 1. */
  ply: number;
  /** Who moves: `"first"` (plays winning moves) or `"second"`. */
  player: "first" | "second";
  /** Heaps before the move. */
  before: number[];
  /** Nim-sum before the move. */
  sumBefore: number;
  /** The move, 1-based heap number. */
  move: string;
  /** Heaps after the move. */
  after: number[];
  /** Nim-sum after the move. */
  sumAfter: number;
}

/**
 * A worked Nim game from 3, 4, 5: the first player always takes a winning
 * move ({@linkcode winningMoves}, the first listed); the second player takes
 * one counter from the largest heap (any move would do: from a zero nim-sum
 * every move leaves a non-zero one).
 */
export function workedNimGame(heaps: readonly number[] = [3, 4, 5]): NimStep[] {
  const steps: NimStep[] = [];
  let current = [...heaps];
  while (current.some((heap) => heap > 0)) {
    const player = steps.length % 2 === 0 ? "first" : "second";
    let heap: number, take: number;
    const winning = winningMoves(current);
    if (player === "first" && winning.length > 0) {
      ({ heap, take } = winning[0]!);
    } else {
      heap = current.indexOf(Math.max(...current));
      take = 1;
    }
    const after = current.with(heap, current[heap]! - take);
    steps.push({
      ply: steps.length + 1,
      player,
      before: current,
      sumBefore: nimSum(current),
      move: `take ${take} from heap ${heap + 1}`,
      after,
      sumAfter: nimSum(after),
    });
    current = after;
  }
  return steps;
}

/** Every list of `count` heaps of sizes 0…max. */
function allHeaps(count: number, max: number): number[][] {
  if (count === 0) return [[]];
  return allHeaps(count - 1, max).flatMap((rest) =>
    Array.from({ length: max + 1 }, (_, size) => [...rest, size])
  );
}

/**
 * How many values of a stored OEIS table (`data/<file>`, `n value` lines) the
 * heap game `g` reproduces, with `shift` added to n (Dawson's Kayles is
 * A002187 shifted by one).
 *
 * @param file the file under `data/`
 * @param g the game's Grundy function
 * @param shift g is compared at n + shift
 * @returns values that agree, and how many the table has
 */
export function oeisAgreement(
  file: string,
  g: (n: number) => number,
  shift = 0,
): { agree: number; total: number } {
  const text = Deno.readTextFileSync(
    new URL(`../../../data/${file}`, import.meta.url),
  );
  let agree = 0, total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const [n, value] = line.trim().split(/\s+/).map(Number);
    total++;
    if (g(n! + shift) === value) agree++;
  }
  return { agree, total };
}

/** What {@linkcode lesson003Grundy} computes. */
export interface Lesson003Grundy {
  /** The T003.6 rows, each an exact statement checked over many positions. */
  rows: CourseRow[];
  /** Grundy sequences of the heap games. */
  sequences: GrundySequence[];
  /** The worked Nim game from 3, 4, 5. */
  nimGame: NimStep[];
  /** Nim positions with 1–4 heaps of 0–7 where negamax and the Grundy number agree, out of how many. */
  nimAgreement: { agree: number; positions: number };
}

/** The successors of one Nim heap: every smaller heap. */
const heapSuccessors = (n: number): number[] =>
  Array.from({ length: n }, (_, i) => i);

/**
 * Lesson 003's T003.6, computed: the rows (each an exact statement checked
 * over many positions), the Grundy sequences and the worked Nim game.
 *
 * @returns rows, sequences, the worked game and the Nim agreement count
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson003Grundy } from "./mod.ts";
 * const data = lesson003Grundy();
 * assert.ok(data.rows.every((row) => row.agrees));
 * ```
 */
export function lesson003Grundy(): Lesson003Grundy {
  // Grundy number of a Nim heap of n, by mex over successors: n.
  const heap = grundyFunction(heapSuccessors);
  const heapOk = Array.from({ length: 33 }, (_, n) => heap(n) === n)
    .every(Boolean);
  // Sum of games: a Nim heap + a Kayles row, by mex over the sum's moves.
  const rows = octalSuccessors(".77");
  const sum = grundyFunction(
    (s: readonly [number, number[]]) => {
      const [a, r] = s;
      return [
        ...heapSuccessors(a).map((a2) => [a2, r] as [number, number[]]),
        ...rows(r).map((r2) => [a, r2] as [number, number[]]),
      ];
    },
    { key: ([a, r]) => `${a}|${r.join()}` },
  );
  let sumChecked = 0, sumOk = 0;
  for (let a = 0; a <= 12; a++) {
    for (let b = 0; b <= 12; b++) {
      sumChecked++;
      if (sum([a, b === 0 ? [] : [b]]) === grundySum(a, kayles(b))) sumOk++;
    }
  }
  // Search on the game graph vs the Grundy number (the nim-sum): the
  // project's alpha-beta to the end, with one table per heap count, so each
  // node of the graph below [7, …, 7] is searched once.
  let positions = 0, agree = 0;
  for (let count = 1; count <= 4; count++) {
    const tt = new TranspositionTable({ entries: 1 << 14 });
    const graph = new Nim(Array(count).fill(7));
    for (const heaps of allHeaps(count, 7)) {
      const nim = graph.clone();
      heaps.forEach((size, i) => {
        if (size < 7) nim.play(nim.moveOf(i, 7 - size));
      });
      positions++;
      if ((alphaBeta(nim, { tt }).value === 1) === (nimSum(heaps) !== 0)) {
        agree++;
      }
    }
  }
  const nimGame = workedNimGame();
  const firstMove = nimGame[0]!;
  const zeroAfterWinning = nimGame.filter((s) => s.player === "first")
    .every((s) => s.sumAfter === 0);
  const sequences = grundySequences();
  const sub123 = sequences[0]!;
  const kaylesSeq = sequences[2]!;
  const dawson = sequences[3]!;
  const kaylesTable = oeisAgreement("a002186_kayles.txt", kayles);
  const dawsonTable = oeisAgreement(
    "a002187_dawsons_chess.txt",
    dawsonsKayles,
    1,
  );
  return {
    rows: [
      exactRow(
        "T003.6a",
        "Grundy number (mex of successors) of a Nim heap of n, n = 0…32",
        ["n"],
        [heapOk ? "n" : "differs"],
      ),
      claimRow({
        id: "T003.6b",
        kind: "exact",
        what:
          "sum of games: Grundy of (Nim heap a) + (Kayles row b) = a XOR kayles(b), a, b ≤ 12",
        course: "the sum's Grundy number is the XOR of the parts'",
        ours: `XOR on ${ofTotal(sumOk, sumChecked)} sums`,
        test:
          "on every sum checked, the Grundy number by mex over the sum's moves equals the XOR of the parts' numbers",
        checks: allAgree("sums", sumOk, sumChecked),
      }),
      exactRow(
        "T003.6c",
        "Nim 3, 4, 5: nim-sum, the winning move, nim-sum after it",
        [2, "take 2 from heap 1", 0],
        [firstMove.sumBefore, firstMove.move, firstMove.sumAfter],
      ),
      exactRow(
        "T003.6d",
        "worked game from 3, 4, 5: every winning move leaves nim-sum 0, the first player takes the last counter",
        ["0", "first"],
        [
          zeroAfterWinning ? "0" : "not 0",
          nimGame[nimGame.length - 1]!.player,
        ],
      ),
      claimRow({
        id: "T003.6e",
        kind: "exact",
        what:
          "negamax on the game graph wins exactly where the Grundy number ≠ 0 (Nim, 1–4 heaps of 0–7)",
        course: "0 is a loss for the side to move",
        ours: `${ofTotal(agree, positions)} positions`,
        test:
          "on every position, alpha-beta to the end finds a win for the side to move exactly where the nim-sum is not 0",
        checks: allAgree("positions", agree, positions),
      }),
      claimRow({
        id: "T003.6f",
        kind: "exact",
        what: "Kayles values equal to OEIS A002186 (n = 0…104)",
        course: "—",
        ours: `${ofTotal(kaylesTable.agree, kaylesTable.total)} values`,
        test:
          "every value of OEIS A002186 equals our Kayles Grundy number (the course prints none; the reference is OEIS)",
        checks: allAgree("values", kaylesTable.agree, kaylesTable.total),
        note: "data/a002186_kayles.txt",
      }),
      claimRow({
        id: "T003.6g",
        kind: "exact",
        what:
          "Dawson's Kayles values at n + 1 equal to OEIS A002187 (n = 0…131)",
        course: "—",
        ours: `${ofTotal(dawsonTable.agree, dawsonTable.total)} values`,
        test:
          "every value of OEIS A002187 at n equals our Dawson's Kayles Grundy number at n + 1 (the course prints none; the reference is OEIS)",
        checks: allAgree("values", dawsonTable.agree, dawsonTable.total),
        note: "data/a002187_dawsons_chess.txt",
      }),
      periodRow(
        "T003.6h",
        "subtraction game {1, 2, 3}: period and start",
        sub123,
        { period: 4, from: 0 },
        "the Grundy number of a subtraction game {1, …, k} is n mod (k + 1)",
      ),
      periodRow(
        "T003.6i",
        "Kayles: period and start of the Grundy sequence",
        kaylesSeq,
        { period: 12, from: 71 },
        "the period and start known for Kayles, OEIS A002186",
      ),
      periodRow(
        "T003.6j",
        "Dawson's Kayles: period and start of the Grundy sequence (shifted by one from OEIS A002187)",
        dawson,
        { period: 34, from: 53 },
        "the period and start known for Dawson's chess, OEIS A002187, whose n is our n − 1",
      ),
    ],
    sequences,
    nimGame,
    nimAgreement: { agree, positions },
  };
}

/** Grundy sequences as dot-and-line charts, one panel per game, the periodic part shaded. */
export function grundyChart(sequences: readonly GrundySequence[]): Chart {
  const points = sequences.flatMap((s) =>
    s.values.map((g, n) => ({ game: s.game, n, g }))
  );
  const periodic = sequences.filter((s) => s.from !== null).map((s) => ({
    game: s.game,
    from: s.from!,
    to: s.values.length - 1,
    label: `period ${s.period} from n = ${s.from}`,
  }));
  const svg = renderSvg({
    title: "Grundy numbers of heap games, n = 0…159",
    subtitle: "shaded: where the sequence has become periodic",
    width: 720,
    height: 560,
    marginRight: 160,
    fy: { label: null },
    x: { label: "heap size n" },
    y: { label: "Grundy number", grid: true, domain: [0, 10] },
    marks: [
      Plot.rectY(periodic, {
        x1: "from",
        x2: "to",
        y1: 0,
        y2: 10,
        fy: "game",
        fill: "#e8eef8",
      }),
      Plot.line(points, { x: "n", y: "g", fy: "game", stroke: "#999" }),
      Plot.dot(points, { x: "n", y: "g", fy: "game", r: 2, fill: "black" }),
      Plot.text(periodic, {
        x: "to",
        y: 9.5,
        fy: "game",
        text: "label",
        textAnchor: "end",
      }),
    ],
  });
  return {
    name: "grundy_sequences",
    title: "Grundy sequences of heap games",
    svg,
  };
}

/** The worked Nim game as a chart of the nim-sum before each move. */
export function nimGameChart(steps: readonly NimStep[]): Chart {
  const svg = renderSvg({
    title: "Worked Nim game from 3, 4, 5: nim-sum before each move",
    subtitle: "the first player always moves from a non-zero sum to zero",
    width: 640,
    height: 280,
    x: { label: "move", ticks: steps.length },
    y: { label: "nim-sum before the move", grid: true },
    color: { legend: true, type: "ordinal" },
    marks: [
      Plot.barY(steps, { x: "ply", y: "sumBefore", fill: "player" }),
      Plot.ruleY([0]),
    ],
  });
  return { name: "nim_worked_game", title: "Worked Nim game", svg };
}

/** The report of T003.6 for the figures job. */
export function lesson003GrundyReport(
  data: Lesson003Grundy = lesson003Grundy(),
): LessonReport {
  return {
    lesson: "003",
    title: "Grundy numbers and Nim",
    rows: data.rows,
    tables: [
      {
        title: "T003.6 Grundy sequences, n = 0…35, and their periods",
        markdown: markdownTable(
          ["game", "g(0), g(1), …, g(35)", "period", "from n"],
          data.sequences.map((s) => [
            s.game,
            s.values.slice(0, 36).join(" "),
            s.period ?? "—",
            s.from ?? "—",
          ]),
        ),
      },
      {
        title: "T003.6 a worked Nim game from 3, 4, 5",
        markdown: markdownTable(
          [
            "move",
            "player",
            "heaps",
            "nim-sum",
            "move made",
            "heaps after",
            "nim-sum after",
          ],
          data.nimGame.map((s) => [
            s.ply,
            s.player,
            s.before.join(", "),
            s.sumBefore,
            s.move,
            s.after.join(", "),
            s.sumAfter,
          ]),
        ),
      },
    ],
    charts: [grundyChart(data.sequences), nimGameChart(data.nimGame)],
  };
}

/** T003.6 for the figures job (a second entry of lesson 003). */
export const LESSON_003_GRUNDY: LessonEntry = {
  lesson: "003",
  title: "Grundy numbers and Nim",
  report: () => lesson003GrundyReport(),
};
