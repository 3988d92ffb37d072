/**
 * T003.5 on the Win At Chess suite: the share of positions whose best move
 * the search finds at depth 1…D without quiescence, with quiescence over
 * captures (and promotions), and over captures and checks, with the nodes
 * each costs.
 *
 * @module
 */

import { Chess, CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import { alphaBeta, quiescence, TranspositionTable } from "../../search/mod.ts";
import { FULL_ORDER } from "./orders.ts";
import { describe } from "../../validate.ts";

/** One EPD test position. */
export interface EpdEntry {
  id: string;
  /** Full FEN (clocks `0 1` added to the EPD's four fields). */
  fen: string;
  /** The best moves, in SAN as the file gives them. */
  best: string[];
}

/**
 * Reads EPD lines `<4 FEN fields> bm <SAN…>; id "<id>";`.
 *
 * @throws {Error} naming the line when it has no `bm`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readEpd } from "./wac.ts";
 * const [e] = readEpd('8/8/8/8/8/8/8/K1k4r w - - bm Ka2; id "X.1";');
 * assert.deepEqual(e, { id: "X.1", fen: "8/8/8/8/8/8/8/K1k4r w - - 0 1", best: ["Ka2"] });
 * ```
 */
export function readEpd(text: string): EpdEntry[] {
  if (typeof text !== "string") {
    throw new Error(
      `readEpd: text must be the EPD file's text, a string, got ${
        describe(text)
      }`,
    );
  }
  const entries: EpdEntry[] = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const fields = line.split(/\s+/);
    const bm = /\bbm ([^;]+);/.exec(line);
    if (!bm) {
      throw new Error(`readEpd: line ${i + 1} has no bm operation: ${line}`);
    }
    const id = /\bid "([^"]*)"/.exec(line)?.[1] ?? `line ${i + 1}`;
    entries.push({
      id,
      fen: `${fields.slice(0, 4).join(" ")} 0 1`,
      best: bm[1]!.trim().split(/\s+/),
    });
  }
  return entries;
}

/** The 300 positions of `data/chess/wac.epd`. */
export function loadWac(): EpdEntry[] {
  return readEpd(
    Deno.readTextFileSync(
      new URL("../../../data/chess/wac.epd", import.meta.url),
    ),
  );
}

/** The three searches compared. */
export type HorizonMode = "none" | "captures" | "captures+checks";

/** The modes in table order. */
export const HORIZON_MODES: readonly HorizonMode[] = [
  "none",
  "captures",
  "captures+checks",
];

/** Solved counts and nodes per depth for one mode. */
export interface SolveRow {
  mode: HorizonMode;
  depth: number;
  positions: number;
  solved: number;
  /** Σ nodes of depths 1…d (the iterations share one table, as iterative deepening would). */
  nodes: number;
}

/**
 * Searches each position at depths 1…`maxDepth` with the full ordering and
 * one table per position and mode (so depth d is ordered by d − 1), and
 * counts the positions whose chosen move is one of the best moves.
 *
 * @example Mate in one (Ra8#) is found at depth 1 by every mode
 * ```ts
 * import assert from "node:assert/strict";
 * import { solveRates } from "./wac.ts";
 * const rows = solveRates([{ id: "m1", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", best: ["Ra8#"] }], 1);
 * assert.deepEqual(rows.map((r) => r.solved), [1, 1, 1]);
 * ```
 */
export function solveRates(
  entries: readonly EpdEntry[],
  maxDepth: number,
  progress?: (message: string) => void,
): SolveRow[] {
  const rows: SolveRow[] = [];
  for (const mode of HORIZON_MODES) {
    for (let depth = 1; depth <= maxDepth; depth++) {
      rows.push({
        mode,
        depth,
        positions: entries.length,
        solved: 0,
        nodes: 0,
      });
    }
  }
  const tt = new TranspositionTable({ entries: 1 << 18 });
  for (const [i, entry] of entries.entries()) {
    for (const [m, mode] of HORIZON_MODES.entries()) {
      const position = Chess.fromFen(entry.fen, {
        noisyChecks: mode === "captures+checks",
      });
      const best = new Set(
        entry.best.map((san) => position.moveFromSan(san)),
      );
      tt.clear();
      let nodes = 0;
      for (let depth = 1; depth <= maxDepth; depth++) {
        const options = {
          depth,
          tt,
          order: FULL_ORDER,
          maxMove: CHESS_MOVE_LIMIT,
        };
        const result = mode === "none"
          ? alphaBeta(position, options)
          : quiescence(position, options);
        nodes += result.stats.nodes;
        const row = rows[m * maxDepth + depth - 1]!;
        row.nodes += nodes;
        if (best.has(result.move)) row.solved++;
      }
    }
    if ((i + 1) % 25 === 0 || i + 1 === entries.length) {
      progress?.(`WAC: ${i + 1}/${entries.length} positions`);
    }
  }
  return rows;
}
