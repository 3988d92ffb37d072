/**
 * The atlas's chess Strength against a common opponent: the engine with a
 * technique and the engine without it each play the same openings, with
 * both colours, against Stockfish at a fixed `Skill Level` and depth; the
 * technique's gain is the difference of their Elo over Stockfish.
 *
 * This is a fixed-length measurement, not an SPRT: an SPRT tests one
 * pairing, while here two engines never meet, and the gain is the
 * difference of two estimates (its 95% interval from their two standard
 * errors, the estimates being independent). Stockfish below level 20
 * chooses among its good moves at random, so these games do not replay.
 *
 * Each row's candidate and its own baseline play independent games: each
 * has its own seed ({@linkcode stockfishSeeds}: from the run's seed, the
 * row's technique and the role), which draws its openings, so no two rows
 * share a set of games, even where their baselines are the same engine
 * (the committed run before issue 25 let one set of 100 games by the full
 * engine serve 9 of the 10 rows, so the rows were not independent and each
 * row's gap followed that one draw). A row's games are cached under its
 * seed.
 *
 * @module
 */

import { findStockfish, UciProcess } from "../../uci/uci_engine.ts";
import { createPlayer, type PlayerSpec } from "../../players/mod.ts";
import { eloEstimate } from "../../match/mod.ts";
import { playChessGame, playerMover } from "../../uci/mod.ts";
import type { Chess } from "../../games/chess/mod.ts";
import type { Player } from "../../players/player.ts";
import { hashInts } from "../../random.ts";
import {
  chessEloOpenings,
  eloCacheFile,
  type EloItem,
  type EloSettings,
  type EloTest,
  type EloTriple,
} from "./elo.ts";
import { readCache, writeCache } from "./_cache.ts";

/** One engine's games against Stockfish: [losses, draws, wins]. */
interface PlayerScore {
  spec: PlayerSpec;
  counts: [number, number, number];
}

const Z95 = 1.959963984540054;

function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The seeds of a row's two sets of games against Stockfish: distinct for
 * every row and role, so each row's candidate and baseline play their own
 * games on their own openings.
 *
 * @param technique the row's technique
 * @param settings the run's settings (its `seed`)
 * @returns the candidate's and the baseline's seed
 *
 * @example Two rows with the same baseline engine get different games
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_FULL, stockfishSeeds } from "../mod.ts";
 * const lmr = stockfishSeeds("lmr", ELO_FULL);
 * const nullMove = stockfishSeeds("null-move", ELO_FULL);
 * assert.notEqual(lmr.baseline, nullMove.baseline);
 * assert.notEqual(lmr.candidate, lmr.baseline);
 * ```
 */
export function stockfishSeeds(
  technique: string,
  settings: EloSettings,
): { candidate: number; baseline: number } {
  const row = parseInt(fingerprint(technique), 16);
  return {
    candidate: hashInts(settings.seed, row, 1),
    baseline: hashInts(settings.seed, row, 2),
  };
}

/** Options of {@linkcode runStockfishElo}. */
export interface StockfishEloOptions {
  /** The folder of the per-item cache (required: games are expensive). */
  cacheDir: string;
  /** The Stockfish program (default `"stockfish"`, found on the PATH or in /usr/games). */
  stockfish?: string;
  progress?: (message: string) => void;
}

async function scoreOf(
  spec: PlayerSpec,
  settings: EloSettings,
  seed: number,
  options: StockfishEloOptions,
): Promise<PlayerScore> {
  const sf = settings.stockfish!;
  const nodes = settings.games.chess.nodes;
  const key = JSON.stringify({ spec, sf, nodes, seed });
  const file = `${options.cacheDir}/${settings.run}__sf-player__${
    fingerprint(key)
  }.json`;
  const cached = readCache<PlayerScore & { key: string }>(file);
  if (cached !== undefined && cached.key === key) return cached;
  // The seed draws this set's openings: another row's set has others.
  const openings = chessEloOpenings(sf.games / 2, { ...settings, seed });
  const player = createPlayer("chess", spec) as unknown as Player<Chess>;
  const ours = playerMover(player, "ours");
  const program = options.stockfish ?? stockfishProgram();
  const engine = await UciProcess.start([program], {
    name: `stockfish skill ${sf.skill}`,
    options: { Threads: 1, Hash: 16, "Skill Level": sf.skill },
  });
  const counts: [number, number, number] = [0, 0, 0];
  const theirs = {
    name: engine.name,
    newGame: () => engine.newGame(),
    move: async (moves: readonly string[]) =>
      (await engine.go({ moves }, `depth ${sf.depth}`)).bestMove,
  };
  try {
    for (let game = 0; game < sf.games; game++) {
      const opening = openings[game >> 1]!;
      const white = game % 2 === 0;
      const record = await playChessGame(
        white ? ours : theirs,
        white ? theirs : ours,
        opening,
        { maxPlies: 300 },
      );
      if (
        record.faultSide !== null && (record.faultSide === "white") !== white
      ) {
        throw new Error(`Stockfish failed in game ${game}: ${record.fault}`);
      }
      const score = record.result === "1/2-1/2"
        ? 1
        : (record.result === "1-0") === white
        ? 2
        : 0;
      counts[score]++;
    }
  } finally {
    await engine.close();
  }
  writeCache(file, { key, spec, counts });
  options.progress?.(
    `atlas elo: ${JSON.stringify(spec)} against Stockfish: ${counts[2]} won, ${
      counts[1]
    } drawn, ${counts[0]} lost`,
  );
  return { spec, counts };
}

/** Stockfish from the PATH or Debian's /usr/games. */
function stockfishProgram(): string {
  const path = findStockfish();
  if (path !== null) return path;
  throw new Error(
    "runStockfishElo: stockfish is not on the PATH nor in /usr/games (apt install stockfish)",
  );
}

// `+ 0` turns −0 into 0, which is what JSON gives back from the cache.
const r1 = (x: number) => Math.round(x * 10) / 10 + 0;
/** JSON has no infinity: an interval that reaches a score of 0 or 1 ends in null. */
const finiteOrNull = (x: number) => Number.isFinite(x) ? r1(x) : null;

/**
 * Plays (or reads from the cache) one chess test against Stockfish: the
 * candidate's and the baseline's games at `settings.games.chess.nodes`
 * nodes per move, and their Elo difference.
 *
 * Work is bounded by `2 × settings.stockfish.games` games of at most 300
 * plies, each of Stockfish's moves by its depth.
 *
 * @param test a chess test of `ELO_TESTS`
 * @param settings with `stockfish` set
 * @param options cache, Stockfish program, progress
 * @returns the item, `mode: "stockfish"`
 * @throws {Error} on a test of another game, settings without Stockfish,
 *   or a Stockfish that fails
 */
export async function runStockfishElo(
  test: EloTest,
  settings: EloSettings,
  options: StockfishEloOptions,
): Promise<EloItem> {
  const where = "runStockfishElo";
  if (test.game !== "chess") {
    throw new Error(`${where}: test must be a chess test, got ${test.game}`);
  }
  const sf = settings.stockfish;
  if (sf === null) {
    throw new Error(`${where}: settings.stockfish must be set, got null`);
  }
  const file = eloCacheFile(options.cacheDir, settings, test, "stockfish");
  // An item played against another engine than the test's today is stale.
  // So is one whose baseline was shared with other rows (no seeds).
  const seeds = stockfishSeeds(test.technique, settings);
  const cached = readCache<EloItem>(file);
  if (
    cached !== undefined && cached.engine === test.engine &&
    cached.stockfish?.seeds?.baseline === seeds.baseline
  ) return cached;
  const budget = { maxNodes: settings.games.chess.nodes };
  const candidate = await scoreOf(
    test.candidate(budget),
    settings,
    seeds.candidate,
    options,
  );
  const baseline = await scoreOf(
    test.baseline(budget),
    settings,
    seeds.baseline,
    options,
  );
  const elo = (counts: number[]) => {
    const e = eloEstimate(counts);
    return [e.estimate, e.lower95, e.upper95] as [number, number, number];
  };
  const c = elo(candidate.counts);
  const b = elo(baseline.counts);
  const se = (x: [number, number, number]) => (x[2] - x[1]) / (2 * Z95);
  const spread = Z95 * Math.hypot(se(c), se(b));
  const finite = [...c, ...b].every(Number.isFinite);
  const gain = c[0] - b[0];
  const item: EloItem = {
    technique: test.technique,
    game: "chess",
    mode: "stockfish",
    seed: settings.seed,
    budget: settings.games.chess.nodes,
    engine: test.engine,
    elo0: settings.elo0,
    elo1: settings.elo1,
    alpha: settings.alpha,
    beta: settings.beta,
    decision: null,
    elo: {
      estimate: Number.isFinite(gain) ? r1(gain) : null,
      low: finite ? r1(gain - spread) : null,
      high: finite ? r1(gain + spread) : null,
    },
    llr: 0,
    bounds: [0, 0],
    pairs: 0,
    games: 2 * sf.games,
    counts: [],
    stockfish: {
      skill: sf.skill,
      depth: sf.depth,
      candidate: c.map(finiteOrNull) as EloTriple,
      baseline: b.map(finiteOrNull) as EloTriple,
      seeds,
    },
  };
  writeCache(file, item);
  return item;
}
