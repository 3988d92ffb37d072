/**
 * `deno task bench:tune`: fits the engine evaluation's weights
 * (`ENGINE_WEIGHTS`, `src/games/chess/_engine_weights.ts`) to Stockfish's
 * judgement of positions from real games, by Texel's method: positions
 * labelled with Stockfish's score, each replaced by the end of our
 * quiescence's principal variation (a quiet position, which the static
 * evaluation is meant for), and the weights moved one at a time while the
 * mean squared difference of the two scores as winning chances falls. It
 * prints the weights and the loss before and after, on the positions fitted
 * and on held-out ones; it never changes the engine. See {@linkcode HELP}.
 *
 * @module
 */

import { Chess, quiescence, readPgnGames } from "../mod.ts";
import { CHESS_ENGINE_POSITION } from "../src/players/_chess_search.ts";
import {
  DEFAULT_ENGINE_WEIGHTS,
  ENGINE_WEIGHT_NAMES,
  MAX_ENGINE_WEIGHT,
  setEngineWeights,
} from "../src/games/chess/_engine_weights.ts";
import { findProgram } from "../src/programs.ts";
import { engineOptions } from "../src/uci/engines.ts";
import { UciProcess } from "../src/uci/uci_engine.ts";
import { UsageError } from "../cli/_flags.ts";
import { print, readCommandLine, warn } from "../cli/_output.ts";
import { integerFlag, loadAverage, readBenchFlags } from "./_side_by_side.ts";

/**
 * The games read without `--pgn`, in this order: real games, then games of
 * our engine against variants of itself (`data/README.md`).
 */
export const DEFAULT_PGN: readonly string[] = Object.freeze([
  "data/chess/games.pgn",
  "data/chess/engine_games.pgn",
]);
/** The defaults (CI runs them): a few positions, a shallow label, one pass. */
export const DEFAULTS = { positions: 60, depth: 4, passes: 1 } as const;
/** `--full`'s settings. */
export const FULL = { positions: 30_000, depth: 8, passes: 6 } as const;
/** Every how many plies a game gives a position. */
export const STRIDE = 5;
/** Plies of each game skipped (the opening, where games share positions). */
export const SKIP_PLIES = 12;
/** Labels beyond this many centipawns are left out: the game is decided, and the score says little about the weights. */
export const MAX_LABEL = 1500;
/** The step sizes of the search, largest first. */
export const STEPS: readonly number[] = Object.freeze([8, 4, 2, 1]);

/** The text of `deno task bench:tune --help`. */
export const HELP =
  `usage: deno task bench:tune [--positions N] [--depth D] [--passes P] [--pgn FILE] | --full

Fits the engine evaluation's weights to Stockfish's scores (Texel's method).
Takes N positions from the games of FILE (default: ${
    DEFAULT_PGN.join(" then ")
  }): every ${STRIDE}th
position of each game from ply ${SKIP_PLIES} on, side to move not in check,
each position once, games in turn. Stockfish (found on PATH or in
/usr/games; Threads 1, Hash 16) scores each with "go depth D"; positions it
scores as a mate or beyond ±${MAX_LABEL} are left out. Each position is
replaced by the end of our quiescence's principal variation. The positions
of odd-numbered games are fitted, those of even-numbered ones held out.
The loss is the mean of (s(ours) − s(Stockfish))², s(x) = 1 / (1 + 10^(−x /
400)), our score the static evaluation (white's view). Each weight in turn
is moved up, then down, by ${
    STEPS.join(", ")
  } (each step size until a pass changes nothing or P
passes are made) and kept where the fitted loss falls. Prints the settings,
the load average before and after, each weight before and after, and both
losses with the default and the fitted weights. Changes nothing: the
engine keeps its weights.

Flags:
  --positions N   positions, an integer in 10…200000 (default ${DEFAULTS.positions})
  --depth D       Stockfish's depth, an integer in 1…30 (default ${DEFAULTS.depth})
  --passes P      most passes per step size, an integer in 1…100 (default ${DEFAULTS.passes})
  --pgn FILE      the games (default: the two files above)
  --full          ${FULL.positions} positions, depth ${FULL.depth}, ${FULL.passes} passes (not with the three above)
  -h, --help      this text

Exit status: 0 when done; 1 without Stockfish or when it fails; 2 on a bad
command line or games that cannot be read.`;

/** What the command line asks for. */
export interface TuneArgs {
  /** `--help`. */
  help: boolean;
  /** Positions labelled. */
  positions: number;
  /** Stockfish's depth. */
  depth: number;
  /** Most passes per step size. */
  passes: number;
  /** The games' file. */
  pgn: readonly string[];
}

/**
 * Parses `deno task bench:tune`'s arguments.
 *
 * @param args the command line
 * @returns the settings (`--full` applied)
 * @throws {UsageError} naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTuneArgs } from "./tune_evaluation.ts";
 * assert.equal(parseTuneArgs(["--full"]).positions, 30000);
 * assert.equal(parseTuneArgs(["--depth=6"]).depth, 6);
 * assert.throws(() => parseTuneArgs(["--full", "--passes", "2"]), /--passes and --full not both/);
 * assert.throws(() => parseTuneArgs(["--positions", "5"]), /--positions must be an integer in 10…200000, got "5"/);
 * ```
 */
export function parseTuneArgs(args: readonly string[]): TuneArgs {
  const command = "bench:tune";
  const read = readBenchFlags(command, args, [
    "--positions",
    "--depth",
    "--passes",
    "--pgn",
  ]);
  const result: TuneArgs = {
    help: read.help,
    ...DEFAULTS,
    pgn: DEFAULT_PGN,
  };
  for (const [flag, text] of read.values) {
    if (flag === "--positions") {
      result.positions = integerFlag(command, flag, text, 10, 200_000);
    } else if (flag === "--depth") {
      result.depth = integerFlag(command, flag, text, 1, 30);
    } else if (flag === "--passes") {
      result.passes = integerFlag(command, flag, text, 1, 100);
    } else if (text === undefined || text === "") {
      throw new UsageError(`${command}: --pgn needs a file of games`);
    } else result.pgn = [text];
  }
  if (read.full) {
    for (const [flag] of read.values) {
      if (flag === "--pgn") continue;
      throw new UsageError(
        `${command}: give ${flag} and --full not both (--full is ${FULL.positions} positions at depth ${FULL.depth}, ${FULL.passes} passes)`,
      );
    }
    Object.assign(result, FULL);
  }
  return result;
}

/** A position to label: its FEN and the game it comes from (from 1). */
export interface TuningPosition {
  fen: string;
  game: number;
}

/**
 * Up to `count` positions of `games` (each game's FENs): every {@linkcode STRIDE}th position from
 * ply {@linkcode SKIP_PLIES} on, side to move not in check, each FEN once,
 * taking one position of each game in turn so that the sample spreads over
 * the games.
 *
 * @param games the games' positions, in order
 * @param count the most positions wanted
 * @returns the positions
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tuningPositions } from "./tune_evaluation.ts";
 * const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
 * const other = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
 * const game = Array.from({ length: 30 }, (_, i) => (i === 17 ? other : start));
 * assert.deepEqual(tuningPositions([game, game], 5).map((p) => p.game), [1, 1]);
 * ```
 */
export function tuningPositions(
  games: readonly (readonly string[])[],
  count: number,
): TuningPosition[] {
  const seen = new Set<string>();
  const queues = games.map((fens, index) => {
    const chosen: TuningPosition[] = [];
    for (let ply = SKIP_PLIES; ply < fens.length; ply += STRIDE) {
      chosen.push({ fen: fens[ply]!, game: index + 1 });
    }
    return chosen;
  });
  const out: TuningPosition[] = [];
  for (let round = 0; out.length < count; round++) {
    let any = false;
    for (const queue of queues) {
      const candidate = queue[round];
      if (candidate === undefined) continue;
      any = true;
      // The same position with another clock is the same position.
      const board = candidate.fen.split(" ").slice(0, 4).join(" ");
      if (seen.has(board)) continue;
      seen.add(board);
      if (Chess.fromFen(candidate.fen).isCheck()) continue;
      out.push(candidate);
      if (out.length === count) break;
    }
    if (!any) break;
  }
  return out;
}

/**
 * Winning chances of a score in centipawns: `1 / (1 + 10^(−x / 400))`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { winningChance } from "./tune_evaluation.ts";
 * assert.equal(winningChance(0), 0.5);
 * assert.ok(Math.abs(winningChance(400) - 10 / 11) < 1e-12);
 * ```
 */
export function winningChance(centipawns: number): number {
  return 1 / (1 + Math.pow(10, -centipawns / 400));
}

/** A labelled quiet position: our position and Stockfish's score, white's view. */
export interface Labelled {
  leaf: Chess;
  label: number;
  game: number;
}

/**
 * The loss of the weights in force on `items`: the mean of (s(ours) −
 * s(label))², our score the static evaluation of each leaf, white's view.
 *
 * @example A position where both say 0 costs nothing
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../mod.ts";
 * import { CHESS_ENGINE_POSITION } from "../src/players/_chess_search.ts";
 * import { evaluationLoss } from "./tune_evaluation.ts";
 * const leaf = Chess.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CHESS_ENGINE_POSITION);
 * const ours = leaf.evaluate();
 * assert.equal(evaluationLoss([{ leaf, label: ours, game: 1 }]), 0);
 * assert.ok(evaluationLoss([{ leaf, label: ours + 400, game: 1 }]) > 0.1);
 * ```
 */
export function evaluationLoss(items: readonly Labelled[]): number {
  let sum = 0;
  for (const { leaf, label } of items) {
    const ours = leaf.turn() * leaf.evaluate();
    const difference = winningChance(ours) - winningChance(label);
    sum += difference * difference;
  }
  return items.length === 0 ? 0 : sum / items.length;
}

/**
 * Texel's local search from `start`: each weight in turn moved up, then
 * down, by each step of {@linkcode STEPS} (largest first; a step size
 * until a pass changes nothing or `passes` passes are made), kept where the
 * loss on `items` falls. The weights in force are `start`'s again at the
 * end.
 *
 * @param items the positions fitted
 * @param start the weights to start from
 * @param passes the most passes per step size
 * @returns the fitted weights and their loss
 */
export function fitWeights(
  items: readonly Labelled[],
  start: readonly number[],
  passes: number,
): { weights: number[]; loss: number } {
  const weights = [...start];
  setEngineWeights(weights);
  let best = evaluationLoss(items);
  try {
    for (const step of STEPS) {
      for (let pass = 0; pass < passes; pass++) {
        let changed = false;
        for (let i = 0; i < weights.length; i++) {
          for (const direction of [1, -1]) {
            const tried = weights[i]! + direction * step;
            if (Math.abs(tried) > MAX_ENGINE_WEIGHT) continue;
            const before = weights[i]!;
            weights[i] = tried;
            setEngineWeights(weights);
            const loss = evaluationLoss(items);
            if (loss < best) {
              best = loss;
              changed = true;
              break;
            }
            weights[i] = before;
          }
        }
        if (!changed) break;
      }
    }
  } finally {
    setEngineWeights(start);
  }
  return { weights, loss: best };
}

/**
 * Stockfish's score of `fen` at `depth`, white's view, or null for a mate.
 */
async function label(
  engine: UciProcess,
  fen: string,
  depth: number,
): Promise<number | null> {
  const { lastInfo } = await engine.go({ fen }, `depth ${depth}`);
  const match = / score (cp|mate) (-?\d+)/.exec(lastInfo ?? "");
  if (match === null || match[1] === "mate") return null;
  const score = Number(match[2]);
  return fen.split(" ")[1] === "w" ? score : -score;
}

/** The end of our quiescence's principal variation from `fen`. */
function quietLeaf(fen: string): Chess {
  const position = Chess.fromFen(fen, CHESS_ENGINE_POSITION);
  const { pv } = quiescence(position, { depth: 0 });
  for (const move of pv) position.play(move);
  return position;
}

async function main(args: readonly string[]): Promise<number> {
  const settings = readCommandLine(parseTuneArgs, args, HELP);
  if (typeof settings === "number") return settings;
  let games: string[][];
  let reading = "";
  try {
    games = [];
    for (const file of settings.pgn) {
      reading = file;
      const text = await Deno.readTextFile(file);
      games.push(...readPgnGames(text).map((game) => game.fens));
    }
  } catch (error) {
    warn(`bench:tune: cannot use ${reading}: ${(error as Error).message}`);
    return 2;
  }
  const positions = tuningPositions(games, settings.positions);
  const stockfish = findProgram("stockfish");
  if (stockfish === null) {
    warn("bench:tune: Stockfish is not installed (PATH, /usr/games)");
    return 1;
  }
  print(
    `# bench:tune: ${positions.length} positions of ${games.length} games of ${
      settings.pgn.join(" and ")
    }, Stockfish depth ${settings.depth}, at most ${settings.passes} pass(es) per step size`,
  );
  print(`load average before: ${loadAverage()}`);
  const engine = await UciProcess.start([stockfish], {
    options: engineOptions("stockfish", {}),
  });
  const items: Labelled[] = [];
  let mates = 0, decided = 0;
  try {
    for (const { fen, game } of positions) {
      const score = await label(engine, fen, settings.depth);
      if (score === null) mates++;
      else if (Math.abs(score) > MAX_LABEL) decided++;
      else items.push({ leaf: quietLeaf(fen), label: score, game });
    }
  } finally {
    await engine.close();
  }
  const fitted = items.filter((item) => item.game % 2 === 1);
  const held = items.filter((item) => item.game % 2 === 0);
  print(
    `labelled: ${items.length} (${fitted.length} fitted, ${held.length} held out); left out: ${mates} mates, ${decided} beyond ±${MAX_LABEL}`,
  );
  setEngineWeights(DEFAULT_ENGINE_WEIGHTS);
  const before = [evaluationLoss(fitted), evaluationLoss(held)];
  const started = performance.now();
  const { weights } = fitWeights(
    fitted,
    DEFAULT_ENGINE_WEIGHTS,
    settings.passes,
  );
  setEngineWeights(weights);
  const after = [evaluationLoss(fitted), evaluationLoss(held)];
  setEngineWeights(DEFAULT_ENGINE_WEIGHTS);
  print("");
  print("| weight | default | fitted |");
  print("| --- | ---: | ---: |");
  ENGINE_WEIGHT_NAMES.forEach((name, i) =>
    print(`| ${name} | ${DEFAULT_ENGINE_WEIGHTS[i]} | ${weights[i]} |`)
  );
  print("");
  print("| loss | default weights | fitted weights |");
  print("| --- | ---: | ---: |");
  print(
    `| fitted positions | ${before[0]!.toFixed(6)} | ${after[0]!.toFixed(6)} |`,
  );
  print(
    `| held-out positions | ${before[1]!.toFixed(6)} | ${
      after[1]!.toFixed(6)
    } |`,
  );
  print("");
  print(`fitted weights: ${JSON.stringify(weights)}`);
  print(
    `fit: ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s; load average after: ${loadAverage()}`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
