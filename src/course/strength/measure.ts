/**
 * Issue 10's measurements of playing strength on Connect Four, as data:
 * move accuracy against perfect play (graded by the solver, grades cached
 * in `data/connect4/grades.txt`), a round robin of alpha-beta
 * players over a grid of depth × evaluation quality with Elo ratings, and
 * MCTS against alpha-beta at equal nodes on Connect Four and tic-tac-toe.
 * Every budget is a node, ply or playout count, never time, and every
 * random choice is seeded: the same configuration gives the same numbers
 * on any machine.
 *
 * Two configurations: {@linkcode STRENGTH_SMALL} (seconds; CI, the figures
 * job and notebook 09) and {@linkcode STRENGTH_FULL} (`deno task strength
 * --full`, 901 s measured on two loaded cores), whose results are committed in
 * `figures/strength/full_run.json`.
 *
 * @module
 */

import { ConnectFour, randomConnectFour } from "../../games/connect_four.ts";
import { TicTacToe } from "../../games/tic_tac_toe.ts";
import { hashInts, Random } from "../../random.ts";
import { checkInteger, describe } from "../../validate.ts";
import { alphaBeta } from "../../search/alpha_beta.ts";
import {
  connectFourAlphaBetaPlayer,
  type EvaluationQuality,
  MctsPlayer,
} from "../../players/player.ts";
import {
  formatGrades,
  gradeConnectFour,
  type GradedPosition,
  moveAccuracy,
  parseGrades,
} from "../../match/accuracy.ts";
import { eloRatings } from "../../match/elo.ts";
import {
  eloGames,
  type GameRecord,
  playGame,
  roundRobin,
} from "../../match/tournament.ts";
import { roundRobinParallel } from "../../match/parallel.ts";
import {
  createPlayer,
  type GameName,
  parsePosition,
  type PlayerSpec,
} from "../../players/player_spec.ts";
import { solveConnectFour } from "../../games/connect_four_solver.ts";
import {
  type DeepeningVerdict,
  deepeningVerdict,
  type DepthStep,
  depthSteps,
  fitStrengthModels,
  type GridCell,
  type ProductVerdict,
  productVerdict,
  type StrengthModel,
} from "./models.ts";

/** The sizes of one run. */
export interface StrengthConfig {
  /** `"small"` or `"full"`. */
  name: string;
  /** Seed of every random choice. */
  seed: number;
  /** Accuracy: positions from Middle-Easy, End-Easy and self-play; depths and playouts tried. */
  accuracy: {
    middle: number;
    end: number;
    selfPlay: number;
    depths: number[];
    playouts: number[];
  };
  /** The Elo grid: depths × the three evaluations, a round robin from balanced openings. */
  grid: { depths: number[]; openings: number; gamesPerPair: number };
  /** MCTS against alpha-beta at equal nodes: depths of the alpha-beta side and games per depth. */
  versus: {
    connectFourDepths: number[];
    ticTacToeDepths: number[];
    games: number;
  };
}

/** The small default: seconds. */
export const STRENGTH_SMALL: StrengthConfig = {
  name: "small",
  seed: 10,
  accuracy: {
    middle: 10,
    end: 6,
    selfPlay: 4,
    depths: [1, 2, 3, 4, 5, 6],
    playouts: [10, 100, 1000],
  },
  grid: { depths: [1, 2, 3, 4], openings: 12, gamesPerPair: 2 },
  versus: { connectFourDepths: [2, 4], ticTacToeDepths: [1, 2], games: 4 },
};

/** The full run behind the committed figures. */
export const STRENGTH_FULL: StrengthConfig = {
  name: "full",
  seed: 10,
  accuracy: {
    middle: 400,
    end: 200,
    selfPlay: 200,
    depths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    playouts: [10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000],
  },
  grid: {
    depths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    openings: 150,
    gamesPerPair: 8,
  },
  versus: {
    connectFourDepths: [2, 4, 6, 8, 10],
    ticTacToeDepths: [1, 2, 3, 4, 6, 9],
    games: 60,
  },
};

const QUALITIES: readonly EvaluationQuality[] = ["poor", "medium", "good"];

/** Stones of the balanced openings: fewer cost the solver seconds each. */
export const OPENING_STONES = 14;

const DATA = new URL("../../../data/connect4/", import.meta.url);

/** Where the cached grades live. */
export const GRADES_FILE: URL = new URL("grades.txt", DATA);
/** Where the cached balanced openings live. */
export const OPENINGS_FILE: URL = new URL(
  `openings_${OPENING_STONES}.txt`,
  DATA,
);

function readText(url: URL): string {
  try {
    return Deno.readTextFileSync(url);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "";
    throw error;
  }
}

function benchmarkMoves(name: string, count: number): string[] {
  return readText(new URL(`${name}.txt`, DATA)).split("\n").filter((l) =>
    l.trim() !== ""
  ).slice(0, count).map((l) => l.split(" ")[0]!);
}

/**
 * Positions from self-play: good depth-4 alpha-beta against itself from
 * seeded random 6-stone openings, one position per game picked at 14–30
 * stones (earlier positions cost the solver too much to grade).
 *
 * @param count how many
 * @param seed the seed
 * @returns the positions' moves
 */
export function selfPlayPositions(count: number, seed: number): string[] {
  const player = connectFourAlphaBetaPlayer(4, "good");
  const positions: string[] = [];
  for (let k = 0; positions.length < count && k < 10 * count + 10; k++) {
    const opening = randomConnectFour(6, hashInts(seed, k, 3));
    const record = playGame(opening, player, player, 0);
    const random = new Random(hashInts(seed, k, 4));
    const stones = random.int(14, 30);
    const plies = stones - opening.moveCount;
    if (plies >= record.moves.length) continue; // over before then
    const moves = String(opening) +
      record.moves.slice(0, plies).map((m) => String(m + 1)).join("");
    if (!ConnectFour.parse(moves).isTerminal()) positions.push(moves);
  }
  return positions;
}

/** The positions the accuracy measurement grades, by source. */
export function accuracyPositions(
  config: StrengthConfig,
): { source: string; moves: string }[] {
  const { middle, end, selfPlay } = config.accuracy;
  return [
    ...benchmarkMoves("middle_easy", middle).map((moves) => ({
      source: "Middle-Easy",
      moves,
    })),
    ...benchmarkMoves("end_easy", end).map((moves) => ({
      source: "End-Easy",
      moves,
    })),
    ...selfPlayPositions(selfPlay, config.seed).map((moves) => ({
      source: "self-play",
      moves,
    })),
  ];
}

/**
 * Grades positions, reading the cache file first and solving only what it
 * lacks.
 *
 * @param positions the positions' moves
 * @returns the graded positions (in order) and how many were solved now
 */
export function gradesWithCache(
  positions: readonly string[],
): { graded: GradedPosition[]; solved: GradedPosition[] } {
  const cache = new Map(
    parseGrades(readText(GRADES_FILE)).map((g) => [g.moves, g]),
  );
  const missing = [...new Set(positions.filter((m) => !cache.has(m)))];
  const solved = gradeConnectFour(missing);
  for (const g of solved) cache.set(g.moves, g);
  return { graded: positions.map((m) => cache.get(m)!), solved };
}

/** Adds grades to the cache file (sorted, so the file does not churn). */
export function saveGrades(more: readonly GradedPosition[]): void {
  const all = new Map(
    parseGrades(readText(GRADES_FILE)).map((g) => [g.moves, g]),
  );
  for (const g of more) all.set(g.moves, g);
  Deno.writeTextFileSync(
    GRADES_FILE,
    formatGrades([...all.values()].sort((a, b) => a.moves < b.moves ? -1 : 1)),
  );
}

/**
 * `count` balanced Connect Four openings (draws under perfect play) of
 * {@linkcode OPENING_STONES} stones: from the cache file, then seeded
 * random positions solved weakly until there are enough.
 *
 * @param count how many
 * @param seed the seed of new ones
 * @returns the openings' moves and how many were solved now
 */
export function balancedOpenings(
  count: number,
  seed: number,
): { openings: string[]; added: string[] } {
  const cached = readText(OPENINGS_FILE).split("\n").filter((l) =>
    l.trim() !== ""
  ).map((l) => l.split(" ")[0]!);
  const openings = cached.slice(0, count);
  const added: string[] = [];
  const seen = new Set(cached);
  for (let k = 0; openings.length < count; k++) {
    const position = randomConnectFour(OPENING_STONES, hashInts(seed, k, 2));
    const text = String(position);
    if (seen.has(text)) continue;
    seen.add(text);
    if (solveConnectFour(position, { weak: true }).score !== 0) continue;
    openings.push(text);
    added.push(text);
  }
  return { openings, added };
}

/** Appends openings to the cache file. */
export function saveOpenings(added: readonly string[]): void {
  if (added.length === 0) return;
  const text = readText(OPENINGS_FILE);
  Deno.writeTextFileSync(
    OPENINGS_FILE,
    text + added.map((moves) => `${moves} 0\n`).join(""),
  );
}

/** One player's move accuracy. */
export interface AccuracyRow {
  /** `"poor"`, `"medium"`, `"good"` (alpha-beta with that evaluation) or `"mcts"`. */
  family: string;
  /** Depth (alpha-beta) or playouts (MCTS). */
  budget: number;
  /** The player's name. */
  player: string;
  /** Positions where a move could lose the value. */
  positions: number;
  /** Share of them where the move kept it. */
  accuracy: number;
  /** Mean nodes per move. */
  meanNodes: number;
}

/**
 * Move accuracy of every player of the configuration on graded positions.
 *
 * @param config the sizes
 * @param graded the graded positions
 * @param progress told after each player
 * @returns one row per player
 */
export function measureAccuracy(
  config: StrengthConfig,
  graded: readonly GradedPosition[],
  progress?: (message: string) => void,
): AccuracyRow[] {
  const rows: AccuracyRow[] = [];
  const add = (
    family: string,
    budget: number,
    player: Parameters<typeof moveAccuracy>[0],
  ) => {
    const result = moveAccuracy(player, graded);
    rows.push({
      family,
      budget,
      player: player.name,
      positions: result.positions,
      accuracy: result.accuracy,
      meanNodes: result.meanNodes,
    });
    progress?.(
      `accuracy ${player.name}: ${(100 * result.accuracy).toFixed(1)}%`,
    );
  };
  for (const quality of QUALITIES) {
    for (const depth of config.accuracy.depths) {
      add(quality, depth, connectFourAlphaBetaPlayer(depth, quality));
    }
  }
  for (const playouts of config.accuracy.playouts) {
    const player = new MctsPlayer({ playouts, seed: config.seed });
    player.newGame(0);
    add("mcts", playouts, player);
  }
  return rows;
}

/** A tournament to play: players as data, openings as text. */
export interface MatchPlan {
  game: GameName;
  players: PlayerSpec[];
  openings: string[];
  gamesPerPair: number;
  seed: number;
}

/** Plays a plan in this process (synchronously). */
export function playPlan(plan: MatchPlan): GameRecord[] {
  return roundRobin(plan.players.map((s) => createPlayer(plan.game, s)), {
    openings: plan.openings.map((o) => parsePosition(plan.game, o)),
    gamesPerPair: plan.gamesPerPair,
    seed: plan.seed,
  });
}

/** Plays a plan over workers (one per core): the same records as {@linkcode playPlan}. */
export function playPlanParallel(
  plan: MatchPlan,
  workers?: number,
): Promise<GameRecord[]> {
  return roundRobinParallel(plan.players, {
    game: plan.game,
    openings: plan.openings,
    gamesPerPair: plan.gamesPerPair,
    seed: plan.seed,
    ...(workers === undefined ? {} : { workers }),
  });
}

/** The grid's round robin. */
export function gridPlan(
  config: StrengthConfig,
  openings: readonly string[],
): MatchPlan {
  return {
    game: "connect-four",
    players: QUALITIES.flatMap((quality) =>
      config.grid.depths.map((depth): PlayerSpec => ({
        kind: "alpha-beta",
        depth,
        quality,
      }))
    ),
    openings: [...openings],
    gamesPerPair: config.grid.gamesPerPair,
    seed: config.seed,
  };
}

/** Mean nodes per move of each player of a tournament. */
export function nodesPerMove(
  records: readonly GameRecord[],
  players: number,
): number[] {
  const nodes = new Array(players).fill(0), moves = new Array(players).fill(0);
  for (const r of records) {
    for (let seat = 0; seat < 2; seat++) {
      const p = r.seats[seat]!;
      nodes[p] += r.nodes[seat as 0 | 1];
      // The first seat makes moves 0, 2, 4…
      moves[p] += seat === 0
        ? Math.ceil(r.moves.length / 2)
        : Math.floor(r.moves.length / 2);
    }
  }
  return nodes.map((n, i) => moves[i] === 0 ? 0 : n / moves[i]);
}

/** One player's Elo in the grid. */
export interface EloRow extends GridCell {
  /** Its name. */
  player: string;
  /** 95% interval. */
  low: number;
  high: number;
  /** Games played and points scored. */
  games: number;
  score: number;
}

/** What the grid's round robin gave. */
export interface GridResult {
  /** Games played. */
  games: number;
  /** Share of draws. */
  draws: number;
  /** Per player, in plan order. */
  rows: EloRow[];
  /** What each step of depth bought. */
  steps: DepthStep[];
  /** T003.8: the fitted models and the verdict. */
  product: StrengthModel;
  sum: StrengthModel;
  t0038: ProductVerdict;
  /** T003.9. */
  t0039: DeepeningVerdict;
}

/**
 * Elo of every grid player (mean 0, one virtual draw per pair that met so
 * a player who lost everything still gets a finite rating), the depth
 * steps, the fits and the verdicts.
 *
 * @param plan the grid's plan
 * @param records its games
 * @returns the analysis
 */
export function analyseGrid(
  plan: MatchPlan,
  records: readonly GameRecord[],
): GridResult {
  const { ratings } = eloRatings(eloGames(records), {
    players: plan.players.length,
    priorDraws: 1,
  });
  const nodes = nodesPerMove(records, plan.players.length);
  const rows = plan.players.map((spec, i): EloRow => {
    const r = ratings[i]!;
    const s = spec as { depth: number; quality: string };
    return {
      player: `${s.quality} d${s.depth}`,
      quality: s.quality,
      depth: s.depth,
      elo: r.elo,
      low: r.low,
      high: r.high,
      games: r.games,
      score: r.score,
      nodesPerMove: nodes[i]!,
    };
  });
  const steps = depthSteps(rows);
  const [product, sum] = fitStrengthModels(rows);
  return {
    games: records.length,
    draws: records.filter((r) => r.result === "1/2-1/2").length /
      records.length,
    rows,
    steps,
    product,
    sum,
    t0038: productVerdict(product, sum),
    t0039: deepeningVerdict(steps),
  };
}

/** Tic-tac-toe openings of two marks that are draws under perfect play. */
export function ticTacToeOpenings(): string[] {
  const openings: string[] = [];
  const moves = new Int32Array(9), replies = new Int32Array(9);
  const board = TicTacToe.empty();
  const n = board.generateMoves(moves);
  for (let i = 0; i < n; i++) {
    board.play(moves[i]!);
    const m = board.generateMoves(replies);
    for (let j = 0; j < m; j++) {
      board.play(replies[j]!);
      if (alphaBeta(board).value === 0) openings.push(String(board));
      board.undo(replies[j]!);
    }
    board.undo(moves[i]!);
  }
  return openings;
}

/** One match of MCTS against alpha-beta at equal nodes. */
export interface VersusRow {
  game: GameName;
  /** The alpha-beta side's depth (Connect Four: good evaluation). */
  depth: number;
  /** MCTS's budget: the alpha-beta side's mean nodes per move in self-play from the openings. */
  mctsNodes: number;
  /** Mean nodes per move each spent in the match. */
  alphaBetaNodesPerMove: number;
  mctsNodesPerMove: number;
  games: number;
  /** MCTS's wins, draws and losses. */
  wins: number;
  draws: number;
  losses: number;
  /** MCTS's Elo minus alpha-beta's, with its 95% interval (one virtual draw). */
  elo: number;
  low: number;
  high: number;
}

/** Openings of the self-play that sets MCTS's budget in {@linkcode versusPlans}. */
const CALIBRATION_OPENINGS = 20;

/**
 * The alpha-beta player's mean nodes per move over whole games against
 * itself from the first openings: what it spends per move in a match, as
 * later positions cost less than the opening's first move.
 */
function selfPlayNodesPerMove(
  game: GameName,
  spec: PlayerSpec,
  openings: readonly string[],
): number {
  const player = createPlayer(game, spec);
  let nodes = 0, moves = 0;
  for (const o of openings.slice(0, CALIBRATION_OPENINGS)) {
    const record = playGame(parsePosition(game, o), player, player, 0);
    nodes += record.nodes[0] + record.nodes[1];
    moves += record.moves.length;
  }
  return Math.max(1, Math.round(nodes / moves));
}

/**
 * The plans of MCTS against alpha-beta: MCTS gets `maxNodes` equal to the
 * alpha-beta player's mean nodes per move in self-play from the first 20
 * openings, so over a match both spend about the same per move.
 *
 * @param config the sizes
 * @param connectFourOpenings the Connect Four openings
 * @returns one plan per game and depth, MCTS second
 */
export function versusPlans(
  config: StrengthConfig,
  connectFourOpenings: readonly string[],
): { plan: MatchPlan; depth: number; mctsNodes: number }[] {
  const plans = [];
  const ttt = ticTacToeOpenings();
  for (
    const [game, depths, openings] of [
      ["connect-four", config.versus.connectFourDepths, connectFourOpenings],
      ["tic-tac-toe", config.versus.ticTacToeDepths, ttt],
    ] as const
  ) {
    for (const depth of depths) {
      const ab: PlayerSpec = game === "connect-four"
        ? { kind: "alpha-beta", depth, quality: "good" }
        : { kind: "alpha-beta", depth };
      const mctsNodes = selfPlayNodesPerMove(game, ab, openings);
      plans.push({
        plan: {
          game,
          players: [ab, {
            kind: "mcts",
            maxNodes: mctsNodes,
            seed: config.seed,
          }],
          openings: [...openings],
          gamesPerPair: config.versus.games,
          seed: config.seed,
        } satisfies MatchPlan,
        depth,
        mctsNodes,
      });
    }
  }
  return plans;
}

/** Scores one versus match. */
export function analyseVersus(
  entry: { plan: MatchPlan; depth: number; mctsNodes: number },
  records: readonly GameRecord[],
): VersusRow {
  let wins = 0, draws = 0, losses = 0;
  for (const r of records) {
    const mctsFirst = r.seats[0] === 1;
    if (r.result === "1/2-1/2") draws++;
    else if ((r.result === "1-0") === mctsFirst) wins++;
    else losses++;
  }
  const { ratings } = eloRatings(eloGames(records), {
    players: 2,
    anchor: 0,
    priorDraws: 1,
  });
  const nodes = nodesPerMove(records, 2);
  return {
    game: entry.plan.game,
    depth: entry.depth,
    mctsNodes: entry.mctsNodes,
    alphaBetaNodesPerMove: nodes[0]!,
    mctsNodesPerMove: nodes[1]!,
    games: records.length,
    wins,
    draws,
    losses,
    elo: ratings[1]!.elo,
    low: ratings[1]!.low,
    high: ratings[1]!.high,
  };
}

/** Everything one run measured. */
export interface StrengthResults {
  /** The configuration's name and sizes. */
  config: StrengthConfig;
  /** Positions graded, by source. */
  positions: Record<string, number>;
  accuracy: AccuracyRow[];
  grid: GridResult;
  versus: VersusRow[];
}

/** What a run gives: the results, and the grades and openings solved on the way. */
export interface StrengthRun {
  results: StrengthResults;
  /** Grades solved now (not in the cache file). */
  newGrades: GradedPosition[];
  /** Balanced openings solved now (not in the cache file). */
  newOpenings: string[];
}

/**
 * Refuses sizes that would make a verdict from no data: counts must be
 * integers (a negative one sliced the openings from the end), the Elo grid
 * needs three depths (two halves of at least one step each), and each list
 * of depths or playouts must hold positive integers.
 */
function checkStrengthConfig(config: StrengthConfig): void {
  const where = "runStrength";
  const { accuracy, grid, versus } = config;
  for (
    const [name, value] of [
      ["accuracy.middle", accuracy.middle],
      ["accuracy.end", accuracy.end],
      ["accuracy.selfPlay", accuracy.selfPlay],
      ["grid.openings", grid.openings],
      ["grid.gamesPerPair", grid.gamesPerPair],
      ["versus.games", versus.games],
    ] as const
  ) {
    checkInteger(where, `config.${name}`, value, 0, 1_000_000);
  }
  if (accuracy.middle + accuracy.end + accuracy.selfPlay === 0) {
    throw new Error(
      `${where}: config.accuracy must ask for at least one position, got none`,
    );
  }
  const lists: [string, readonly number[], number, number][] = [
    ["accuracy.depths", accuracy.depths, 1, 1],
    ["accuracy.playouts", accuracy.playouts, 0, 1],
    ["grid.depths", grid.depths, 3, 1],
    ["versus.connectFourDepths", versus.connectFourDepths, 0, 1],
    ["versus.ticTacToeDepths", versus.ticTacToeDepths, 0, 1],
  ];
  for (const [name, list, least, min] of lists) {
    if (!Array.isArray(list) || list.length < least) {
      throw new Error(
        `${where}: config.${name} must list at least ${least} values, got ${
          describe(list)
        }`,
      );
    }
    list.forEach((v, i) =>
      checkInteger(where, `config.${name}[${i}]`, v, min, 10_000_000)
    );
  }
}

/**
 * Every measurement of a configuration as a generator that yields the
 * match plans it needs played and receives their records, so one
 * sequence of steps serves the synchronous driver
 * ({@linkcode runStrengthSync}) and the one over workers
 * ({@linkcode runStrength}).
 */
function* strengthSteps(
  config: StrengthConfig,
  progress?: (message: string) => void,
): Generator<MatchPlan, StrengthRun, GameRecord[]> {
  checkStrengthConfig(config);
  const sourced = accuracyPositions(config);
  const { graded, solved } = gradesWithCache(sourced.map((p) => p.moves));
  progress?.(`graded ${graded.length} positions (${solved.length} solved now)`);
  const positions: Record<string, number> = {};
  for (const p of sourced) positions[p.source] = (positions[p.source] ?? 0) + 1;
  const accuracy = measureAccuracy(config, graded, progress);
  const { openings, added } = balancedOpenings(
    config.grid.openings,
    config.seed,
  );
  progress?.(`${openings.length} balanced openings (${added.length} new)`);
  const plan = gridPlan(config, openings);
  const grid = analyseGrid(plan, yield plan);
  progress?.(`grid: ${grid.games} games`);
  const versus: VersusRow[] = [];
  for (const entry of versusPlans(config, openings)) {
    versus.push(analyseVersus(entry, yield entry.plan));
    progress?.(`versus ${entry.plan.game} d${entry.depth}: done`);
  }
  return {
    results: { config, positions, accuracy, grid, versus },
    newGrades: solved,
    newOpenings: added,
  };
}

/**
 * Runs every measurement of a configuration, matches over workers (one per
 * core; {@linkcode playPlanParallel}). Grades and openings come from the
 * cache files where they can; what had to be solved now is returned so
 * the caller may save it.
 *
 * @param config the sizes
 * @param options `workers` (default one per core), `progress`, `playPlan`
 *   (plays a plan instead of the workers, e.g. as jobs on a NATS server:
 *   it must give {@linkcode playPlan}'s records)
 * @returns the results, and the grades and openings solved now
 */
export async function runStrength(
  config: StrengthConfig,
  options?: {
    workers?: number;
    progress?: (message: string) => void;
    playPlan?: (plan: MatchPlan) => Promise<GameRecord[]>;
  },
): Promise<StrengthRun> {
  const steps = strengthSteps(config, options?.progress);
  // Another runner (jobs on a NATS server) must give playPlan's records.
  const play = options?.playPlan ??
    ((plan: MatchPlan) => playPlanParallel(plan, options?.workers));
  let step = steps.next();
  while (!step.done) step = steps.next(await play(step.value));
  return step.value;
}

/**
 * {@linkcode runStrength} in this process, synchronously (the figures job
 * and the tests): the same results.
 *
 * @param config the sizes
 * @param progress told as each part finishes
 * @returns the results, and the grades and openings solved now
 *
 * @example A tiny run: the same seed, the same numbers
 * ```ts
 * import assert from "node:assert/strict";
 * import { runStrengthSync, type StrengthConfig } from "./measure.ts";
 * const tiny: StrengthConfig = {
 *   name: "tiny",
 *   seed: 1,
 *   accuracy: { middle: 2, end: 2, selfPlay: 0, depths: [1, 2], playouts: [10] },
 *   grid: { depths: [1, 2, 3], openings: 2, gamesPerPair: 2 },
 *   versus: { connectFourDepths: [1], ticTacToeDepths: [1], games: 2 },
 * };
 * const a = runStrengthSync(tiny).results;
 * assert.equal(a.accuracy.length, 3 * 2 + 1);
 * assert.equal(a.grid.games, 72); // 9 players: 36 pairs, 2 games each
 * assert.deepEqual(a, runStrengthSync(tiny).results);
 * ```
 */
export function runStrengthSync(
  config: StrengthConfig,
  progress?: (message: string) => void,
): StrengthRun {
  const steps = strengthSteps(config, progress);
  let step = steps.next();
  while (!step.done) step = steps.next(playPlan(step.value));
  return step.value;
}
