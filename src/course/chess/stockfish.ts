/**
 * Stockfish as the referee of the horizon examples, through
 * {@linkcode UciProcess} (Debian's `stockfish` package, `/usr/games/stockfish`). One
 * thread and `ucinewgame` before each search, so the result of a fixed-depth
 * search does not depend on what was searched before.
 *
 * @module
 */

import { CHESS_MATE } from "../../games/chess/mod.ts";
import { UciProcess } from "../../uci/uci_engine.ts";
import { UciError } from "../../uci/uci_error.ts";
import { checkInteger, checkOptions } from "../../validate.ts";
import type { HorizonExample } from "./horizon.ts";

/** Where Debian installs Stockfish. */
export const STOCKFISH_PATH = "/usr/games/stockfish";

/** Whether the Stockfish binary is there (and may be run). */
export function stockfishAvailable(path = STOCKFISH_PATH): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** A position to evaluate: a FEN and UCI moves played from it. */
export interface UciQuery {
  fen: string;
  moves: readonly string[];
}

/** Options of {@linkcode stockfishEvaluate} and {@linkcode refereeExamples}. */
export interface StockfishOptions {
  /** Milliseconds for one search's bestmove (default 60,000). */
  timeoutMs?: number;
  /** Milliseconds for `uciok` and `readyok` (default 10,000). */
  handshakeTimeoutMs?: number;
  /** Aborting it kills Stockfish at once (a signal to the caller): the call then rejects. */
  signal?: AbortSignal;
}

/**
 * Evaluates each query with `go depth <depth>` in one Stockfish process
 * ({@linkcode UciProcess}, so every wait has a budget and every fault one
 * clear line); returns centipawns from the view of the side to move after
 * the moves (mate in n as ±(CHESS_MATE − n)), and the engine's principal
 * variations. Depth is 1…100: Stockfish's `go depth 0` never ends.
 *
 * @throws {Error} on a bad depth; a {@linkcode UciError} (its message
 *   starting `stockfishEvaluate:`) when the engine cannot be run, exits,
 *   or does not answer within the budget
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stockfishEvaluate } from "./stockfish.ts";
 * await assert.rejects(() => stockfishEvaluate([], 0), /stockfishEvaluate: depth must be an integer in 1…100, got 0/);
 * ```
 */
export async function stockfishEvaluate(
  queries: readonly UciQuery[],
  depth: number,
  path = STOCKFISH_PATH,
  options?: StockfishOptions,
): Promise<{ score: number; pv: string[] }[]> {
  checkInteger("stockfishEvaluate", "depth", depth, 1, 100);
  checkOptions("stockfishEvaluate", options, [
    "timeoutMs",
    "handshakeTimeoutMs",
    "signal",
  ]);
  const results: { score: number; pv: string[] }[] = [];
  let engine: UciProcess | null = null;
  const signal = options?.signal;
  const kill = () => void engine?.kill();
  try {
    engine = await UciProcess.start([path], {
      name: `Stockfish (${path})`,
      options: { Threads: 1, Hash: 16 },
      ...options,
    });
    signal?.addEventListener("abort", kill, { once: true });
    if (signal?.aborted) kill();
    for (const query of queries) {
      await engine.newGame();
      const { lastInfo } = await engine.go(
        { fen: query.fen, moves: query.moves },
        `depth ${depth}`,
      );
      let score = 0;
      let pv: string[] = [];
      const cp = / score cp (-?\d+)/.exec(lastInfo ?? "");
      const mate = / score mate (-?\d+)/.exec(lastInfo ?? "");
      if (cp) score = Number(cp[1]);
      else if (mate) {
        const n = Number(mate[1]);
        score = n > 0 ? CHESS_MATE - n : -CHESS_MATE - n;
      }
      const pvMatch = / pv (.+)$/.exec(lastInfo ?? "");
      if (pvMatch) pv = pvMatch[1]!.split(" ");
      results.push({ score, pv });
    }
  } catch (error) {
    if (error instanceof UciError) {
      throw new UciError(
        error.engine,
        error.fault,
        `stockfishEvaluate: ${error.message}`,
      );
    }
    throw error;
  } finally {
    signal?.removeEventListener("abort", kill);
    await engine?.close();
  }
  return results;
}

/** Stockfish's verdict on one horizon example. */
export interface RefereeVerdict {
  id: string;
  horizon: number;
  /** Stockfish's value of the move without quiescence, root side's view. */
  move: number;
  /** Its value of quiescence's move. */
  quietMove: number;
  /** True when Stockfish also values the quiescence move at least a pawn higher. */
  confirmed: boolean;
}

/**
 * Asks Stockfish (fixed depth 1…100) to value both moves of each example
 * from the root side's view and confirms the example when quiescence's move
 * is at least 100 cp better. Faults as {@linkcode stockfishEvaluate}.
 */
export async function refereeExamples(
  examples: readonly HorizonExample[],
  depth = 14,
  path = STOCKFISH_PATH,
  options?: StockfishOptions,
): Promise<RefereeVerdict[]> {
  const queries = examples.flatMap((e) => [
    { fen: e.fen, moves: [e.moveUci] },
    { fen: e.fen, moves: [e.quietMoveUci] },
  ]);
  const scores = await stockfishEvaluate(queries, depth, path, options);
  return examples.map((e, i) => {
    const move = 0 - scores[2 * i]!.score;
    const quietMove = 0 - scores[2 * i + 1]!.score;
    return {
      id: e.id,
      horizon: e.horizon,
      move,
      quietMove,
      confirmed: quietMove - move >= 100,
    };
  });
}
