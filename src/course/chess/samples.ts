/**
 * A seeded sample of real middlegame positions: one position from each of
 * `count` games drawn at random, at a random middlegame ply of the game.
 *
 * @module
 */

import { Chess } from "../../games/chess/mod.ts";
import { Random } from "../../random.ts";
import type { GameList } from "./_games.ts";
import { phaseOf } from "./phase.ts";

/** A sampled position with where it comes from. */
export interface SampledPosition {
  game: number;
  ply: number;
  fen: string;
  /** Its legal moves. */
  moves: number;
}

/**
 * Draws `count` middlegame positions (see `phase.ts`) from distinct games,
 * deterministically for a `seed`; games without a middlegame are skipped.
 * Positions whose side to move has fewer than 2 legal moves are skipped too
 * (a forced move measures nothing). `games` is an array or a
 * {@linkcode GameList}, which replays only the games the sample visits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sampleMiddlegames } from "./samples.ts";
 * const fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"];
 * const games = [{ game: 1, fens: Array(30).fill(fens[0]) }];
 * const sample = sampleMiddlegames(games, 1, 7);
 * assert.ok(sample.length === 1 && sample[0]!.ply >= 20 && sample[0]!.moves === 20);
 * ```
 */
export function sampleMiddlegames(
  games: GameList,
  count: number,
  seed = 1,
): SampledPosition[] {
  const random = new Random(seed);
  const order = Array.from({ length: games.length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out = new Int32Array(256);
  const sample: SampledPosition[] = [];
  for (const index of order) {
    if (sample.length >= count) break;
    const { game, fens } = games.at(index)!;
    const plies = fens.map((_, ply) => ply).filter((ply) =>
      ply < fens.length - 1 && phaseOf(ply, fens[ply]!) === "middlegame"
    );
    if (plies.length === 0) continue;
    const ply = plies[random.int(0, plies.length - 1)]!;
    const fen = fens[ply]!;
    const moves = Chess.fromFen(fen).generateMoves(out);
    if (moves < 2) continue;
    sample.push({ game, ply, fen, moves });
  }
  return sample;
}
