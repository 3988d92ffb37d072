/**
 * Stockfish as the referee of the horizon examples: a small UCI client over
 * a subprocess (Debian's `stockfish` package, `/usr/games/stockfish`). One
 * thread and `ucinewgame` before each search, so the result of a fixed-depth
 * search does not depend on what was searched before.
 *
 * @module
 */

import { CHESS_MATE } from "../../games/chess/mod.ts";
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

/**
 * Evaluates each query with `go depth <depth>` in one Stockfish process;
 * returns centipawns from the view of the side to move after the moves
 * (mate in n as ±(CHESS_MATE − n)), and the engine's principal variations.
 *
 * @throws {Error} when the engine exits before answering
 *
 * @example
 * ```ts ignore
 * const [r] = await stockfishEvaluate([{ fen: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", moves: [] }], 8);
 * ```
 */
export async function stockfishEvaluate(
  queries: readonly UciQuery[],
  depth: number,
  path = STOCKFISH_PATH,
): Promise<{ score: number; pv: string[] }[]> {
  const child = new Deno.Command(path, {
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  const send = (line: string) => writer.write(encoder.encode(line + "\n"));
  const lines = child.stdout.pipeThrough(new TextDecoderStream())
    .getReader();
  let buffer = "";
  const readLine = async (): Promise<string> => {
    while (!buffer.includes("\n")) {
      const { value, done } = await lines.read();
      if (done) throw new Error("stockfishEvaluate: the engine exited early");
      buffer += value;
    }
    const at = buffer.indexOf("\n");
    const line = buffer.slice(0, at).trim();
    buffer = buffer.slice(at + 1);
    return line;
  };
  const waitFor = async (prefix: string) => {
    for (;;) if ((await readLine()).startsWith(prefix)) return;
  };
  const results: { score: number; pv: string[] }[] = [];
  try {
    await send("uci");
    await waitFor("uciok");
    await send("setoption name Threads value 1");
    await send("setoption name Hash value 16");
    for (const query of queries) {
      await send("ucinewgame");
      await send("isready");
      await waitFor("readyok");
      const moves = query.moves.length > 0
        ? ` moves ${query.moves.join(" ")}`
        : "";
      await send(`position fen ${query.fen}${moves}`);
      await send(`go depth ${depth}`);
      let score = 0;
      let pv: string[] = [];
      for (;;) {
        const line = await readLine();
        if (line.startsWith("bestmove")) break;
        const cp = / score cp (-?\d+)/.exec(line);
        const mate = / score mate (-?\d+)/.exec(line);
        if (cp) score = Number(cp[1]);
        else if (mate) {
          const n = Number(mate[1]);
          score = n > 0 ? CHESS_MATE - n : -CHESS_MATE - n;
        }
        const pvMatch = / pv (.+)$/.exec(line);
        if (pvMatch && (cp || mate)) pv = pvMatch[1]!.split(" ");
      }
      results.push({ score, pv });
    }
    await send("quit");
  } finally {
    await writer.close().catch(() => {});
    await lines.cancel().catch(() => {});
    await child.status;
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
 * Asks Stockfish (fixed depth) to value both moves of each example from the
 * root side's view and confirms the example when quiescence's move is at
 * least 100 cp better.
 */
export async function refereeExamples(
  examples: readonly HorizonExample[],
  depth = 14,
  path = STOCKFISH_PATH,
): Promise<RefereeVerdict[]> {
  const queries = examples.flatMap((e) => [
    { fen: e.fen, moves: [e.moveUci] },
    { fen: e.fen, moves: [e.quietMoveUci] },
  ]);
  const scores = await stockfishEvaluate(queries, depth, path);
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
