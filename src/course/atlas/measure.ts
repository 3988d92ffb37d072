/**
 * Measures the atlas: every technique on every position of every game, one
 * item per (technique, game, seed), each cached in its own file so that an
 * interrupted run resumes; then the rows (technique × game) of power, cost
 * and risk. Counts only in the rows; times go to a separate table.
 *
 * @module
 */

import type { Position } from "../../position.ts";
import { distribution } from "../distribution.ts";
import { readCache, writeCache } from "./_cache.ts";
import {
  ATLAS_GAMES,
  type AtlasGame,
  type AtlasPosition,
  findsKeyMove,
  GAME_IDS,
  type GameId,
} from "./games.ts";
import {
  type Contract,
  countLines,
  type RunOutcome,
  type Technique,
  TECHNIQUES,
} from "./techniques.ts";

/** Which run: how many positions per game, and the small or full depths and budgets. */
export interface AtlasSettings {
  run: "small" | "full";
  /** Positions per game (seeds 0 … n − 1). */
  positions: Readonly<Record<GameId, number>>;
}

/** The small default (well under a minute). */
export const ATLAS_SMALL: AtlasSettings = {
  run: "small",
  positions: {
    "tree-as-is": 3,
    "tree-best-first": 3,
    "tic-tac-toe": 3,
    nim: 3,
    "connect-four": 3,
    "connect-four-solver": 3,
    chess: 2,
    wac: 2,
  },
};

/** The full run of the committed figures. */
export const ATLAS_FULL: AtlasSettings = {
  run: "full",
  positions: {
    "tree-as-is": 30,
    "tree-best-first": 30,
    "tic-tac-toe": 9,
    nim: 20,
    "connect-four": 40,
    "connect-four-solver": 30,
    chess: 20,
    wac: 30,
  },
};

/** One technique on one position: the cached unit of work. */
export interface AtlasItem {
  technique: string;
  game: GameId;
  seed: number;
  value: number;
  move: number;
  nodes: number;
  memoryBytes: number;
  /** A node cap stopped the fixed-depth run (`nodes` is a lower bound). */
  stopped: boolean;
  /** Deepest depth finished within the game's node budget (null: not a depth-first searcher). */
  depthReached: number | null;
  /** Milliseconds of the fixed-depth run (machine-dependent: timings only). */
  ms: number;
}

/** A game's measured transposition rate. */
export interface KeysItem {
  game: GameId;
  seed: number;
  visited: number;
  distinct: number;
}

/** One cell of the atlas: a technique on a game, over its positions. */
export interface AtlasRow {
  technique: string;
  name: string;
  contract: Contract;
  game: GameId;
  positions: number;
  /** Nodes at the fixed depth over the baseline's (or `shareOf`'s): median and 5–95%; null when not measured. */
  share: { median: number; low: number; high: number } | null;
  /** The technique whose nodes `share` is over, when not the column's baseline (quiescence: captures-first alpha-beta). */
  shareOf?: string;
  /** Positions where a node cap stopped the run (its share is then a lower bound). */
  capped: number;
  /** Median depth finished within the node budget (null: not a depth-first searcher). */
  depthReached: number | null;
  /** Positions whose value differs from the baseline's at the same depth. */
  valueDiffers: number;
  /** Positions whose best move differs from the baseline's. */
  moveDiffers: number;
  /** Connect Four: positions where the chosen move loses the game-theoretic value (graded by the solver). */
  loses: number | null;
  /** WAC: positions where the chosen move is one of the key moves. */
  solved: number | null;
  /** Largest table the technique allocated, in bytes. */
  memoryBytes: number;
  /** Lines of code (see `countLines`). */
  loc: number;
  /** Elo gain with its interval, by SPRT; null until the SPRT runner fills it. */
  elo: string | null;
  /** Why the row is not measured, for a technique the library has no option for. */
  missing?: string;
  /** The course's rows about it. */
  claims?: readonly string[];
}

/** A game's facts with the measured share of repeated keys. */
export interface AtlasGameFacts {
  game: GameId;
  title: string;
  explicit: boolean;
  impartial: boolean;
  evaluation: boolean;
  exact: boolean;
  /** Share of the nodes of a full-width walk whose key was seen before in the walk. */
  repeatedKeys: number;
  depth: number | null;
  budget: number;
}

/** What a run gives. */
export interface AtlasResults {
  settings: AtlasSettings;
  facts: AtlasGameFacts[];
  rows: AtlasRow[];
  /** Time per node over the baseline's, median per row (machine-dependent: never committed). */
  timeRatios: { technique: string; game: GameId; ratio: number }[];
}

/** Options of {@linkcode runAtlas}. */
export interface RunAtlasOptions {
  /** A folder for the per-item cache (created if needed); absent: no cache. */
  cacheDir?: string;
  /** Called with a short line as each game finishes, and every 25 computed items. */
  progress?: (message: string) => void;
  /** Called once per item actually computed (not read from the cache). */
  onCompute?: (technique: string, game: GameId, seed: number) => void;
  /** Stop (throwing) after computing this many items: simulates an interruption. */
  stopAfter?: number;
  /** Only these games (default all). */
  games?: readonly GameId[];
}

/** Thrown by {@linkcode runAtlas} when `stopAfter` items were computed. */
export class AtlasInterrupted extends Error {}

function cacheFile(
  dir: string,
  settings: AtlasSettings,
  kind: string,
  game: GameId,
  seed: number,
) {
  return `${dir}/${settings.run}__${kind}__${game}__${seed}.json`;
}

/** How deep a line can go from this position: the cap of "depth within a budget". */
function maxDepth(game: GameId, item: AtlasPosition, full: boolean): number {
  switch (game) {
    case "tree-as-is":
    case "tree-best-first":
      return full ? 7 : 5;
    case "tic-tac-toe":
      return [...item.label].filter((c) => c === ".").length;
    case "nim":
      return item.label.split(",").reduce((a, b) => a + Number(b), 0);
    case "connect-four":
      return 42 - (item.moves?.length ?? 0);
    default:
      return 30;
  }
}

function measureItem(
  technique: Technique,
  game: AtlasGame,
  item: AtlasPosition,
  seed: number,
  full: boolean,
  baselineNodes: number,
): AtlasItem {
  const run = technique.run!;
  const depth = game.depth(full);
  const budget = game.budget(full);
  const request = {
    game: game.id,
    item,
    depth,
    baselineNodes,
    // The fixed-depth run is not cut by the game's budget, only by a generous cap.
    maxNodes: 50_000_000,
  };
  const started = performance.now();
  const fixed: RunOutcome = run(item.make(), request);
  const ms = performance.now() - started;
  let depthReached: number | null = null;
  const depthFirst = !["mcts", "grundy"].includes(technique.id) &&
    !technique.id.startsWith("solver") && technique.id !== "minimax";
  if (depthFirst) {
    const cap = maxDepth(game.id, item, full);
    depthReached = 0;
    if (technique.deepening) {
      // One deepening run within the budget: its last finished iteration.
      const position: Position = item.make();
      const result = run(position, {
        ...request,
        depth: cap,
        maxNodes: budget,
      });
      depthReached = result.stopped ? (result.completedDepth ?? 0) : cap;
    } else {
      for (let d = 1; d <= cap; d++) {
        const result = run(item.make(), {
          ...request,
          depth: d,
          maxNodes: budget,
        });
        if (result.stopped) break;
        depthReached = d;
      }
    }
  }
  return {
    technique: technique.id,
    game: game.id,
    seed,
    value: fixed.value,
    move: fixed.move,
    nodes: fixed.nodes,
    memoryBytes: fixed.memoryBytes,
    stopped: fixed.stopped === true,
    depthReached,
    ms,
  };
}

/** Visits every node of a full-width walk (capped) and counts distinct keys. */
function measureKeys(
  game: AtlasGame,
  item: AtlasPosition,
  seed: number,
  full: boolean,
): KeysItem {
  const position = item.make();
  const depth = Math.min(
    game.depth(full) ?? 64,
    game.id === "chess" || game.id === "wac" ? 3 : 64,
  );
  const cap = 200_000;
  const seen = new Set<number>();
  let visited = 0;
  const buffers: Int32Array[] = [];
  const walk = (ply: number) => {
    if (visited >= cap) return;
    visited++;
    seen.add(position.key());
    if (ply === depth || position.isTerminal()) return;
    const moves = buffers[ply] ??= new Int32Array(position.maxMoves);
    const n = position.generateMoves(moves);
    for (let i = 0; i < n && visited < cap; i++) {
      position.play(moves[i]!);
      walk(ply + 1);
      position.undo(moves[i]!);
    }
  };
  walk(0);
  return { game: game.id, seed, visited, distinct: seen.size };
}

/** The rule of {@linkcode AtlasRow.share}'s values: share of the baseline, 4 decimals. */
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Runs the atlas.
 *
 * @param settings {@linkcode ATLAS_SMALL} or {@linkcode ATLAS_FULL}
 * @param options cache folder, progress, and the test hooks
 * @returns the rows, the games' facts and the time ratios
 * @throws {AtlasInterrupted} after `stopAfter` computed items
 *
 * @example One game, two positions
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL, runAtlas } from "./measure.ts";
 * const results = runAtlas(ATLAS_SMALL, { games: ["tic-tac-toe"] });
 * const tt = results.rows.find((r) => r.technique === "tt")!;
 * assert.ok(tt.valueDiffers === 0 && tt.share!.median < 1);
 * ```
 */
export function runAtlas(
  settings: AtlasSettings,
  options: RunAtlasOptions = {},
): AtlasResults {
  const full = settings.run === "full";
  const dir = options.cacheDir;
  if (dir !== undefined) Deno.mkdirSync(dir, { recursive: true });
  let computed = 0;
  const counted = () => {
    computed++;
    if (options.stopAfter !== undefined && computed >= options.stopAfter) {
      throw new AtlasInterrupted(
        `runAtlas: interrupted after ${computed} items`,
      );
    }
    if (computed % 25 === 0) {
      options.progress?.(`atlas: ${computed} items computed`);
    }
  };
  const facts: AtlasGameFacts[] = [];
  const rows: AtlasRow[] = [];
  const timeRatios: AtlasResults["timeRatios"] = [];
  for (const gameId of options.games ?? GAME_IDS) {
    const game = ATLAS_GAMES[gameId];
    const positions = game.positions(settings.positions[gameId], full);
    const items = new Map<string, AtlasItem[]>();
    const keys: KeysItem[] = [];
    for (const [seed, item] of positions.entries()) {
      const keyFile = dir && cacheFile(dir, settings, "_keys", gameId, seed);
      let k = readCache<KeysItem>(keyFile);
      if (k === undefined) {
        k = measureKeys(game, item, seed, full);
        writeCache(keyFile, k);
        options.onCompute?.("_keys", gameId, seed);
        counted();
      }
      keys.push(k);
      // The baseline first: MCTS gets as many nodes as it used.
      const ordered = [...TECHNIQUES].sort((a, b) =>
        (a.contract === "baseline" ? 0 : 1) -
        (b.contract === "baseline" ? 0 : 1)
      );
      let baselineNodes = 0;
      for (const technique of ordered) {
        if (technique.run === undefined || !technique.games.includes(gameId)) {
          continue;
        }
        const file = dir &&
          cacheFile(dir, settings, technique.id, gameId, seed);
        let result = readCache<AtlasItem>(file);
        if (result === undefined) {
          result = measureItem(
            technique,
            game,
            item,
            seed,
            full,
            baselineNodes,
          );
          writeCache(file, result);
          options.onCompute?.(technique.id, gameId, seed);
          counted();
        }
        if (technique.contract === "baseline") baselineNodes = result.nodes;
        const list = items.get(technique.id) ?? [];
        list.push(result);
        items.set(technique.id, list);
      }
    }
    const visited = keys.reduce((a, k) => a + k.visited, 0);
    const distinct = keys.reduce((a, k) => a + k.distinct, 0);
    facts.push({
      game: gameId,
      title: game.title,
      ...game.facts,
      repeatedKeys: visited === 0 ? 0 : round4(1 - distinct / visited),
      depth: game.depth(full) ?? null,
      budget: game.budget(full),
    });
    const baselineId = gameId === "connect-four-solver"
      ? "solver-none"
      : "alpha-beta";
    const base = items.get(baselineId) ?? [];
    for (const technique of TECHNIQUES) {
      if (!technique.games.includes(gameId)) continue;
      const list = items.get(technique.id);
      const loc = countLines(technique.code);
      if (list === undefined) {
        rows.push({
          technique: technique.id,
          name: technique.name,
          contract: technique.contract,
          game: gameId,
          positions: 0,
          share: null,
          capped: 0,
          depthReached: null,
          valueDiffers: 0,
          moveDiffers: 0,
          loses: null,
          solved: null,
          memoryBytes: 0,
          loc,
          elo: null,
          missing: technique.missing,
          claims: technique.claims,
        });
        continue;
      }
      // Power against the technique's own reference where it names one.
      const reference = technique.shareOf === undefined
        ? base
        : items.get(technique.shareOf);
      if (reference === undefined || reference.length !== list.length) {
        throw new Error(
          `runAtlas: ${technique.id} is measured against ${technique.shareOf}, which was not run on ${gameId}`,
        );
      }
      const shares = list.map((r, i) =>
        r.nodes / Math.max(reference[i]!.nodes, 1)
      );
      const sameValue = (r: AtlasItem, b: AtlasItem) =>
        technique.id === "grundy"
          ? Math.sign(r.value) === Math.sign(b.value)
          : r.value === b.value;
      const depths = list.map((r) => r.depthReached).filter((d): d is number =>
        d !== null
      );
      const graded = positions[0]?.grades !== undefined &&
        gameId === "connect-four";
      const loses = graded
        ? list.filter((r, i) => {
          const grades = positions[i]!.grades!;
          const best = Math.max(
            ...grades.filter((g): g is number => g !== null),
          );
          return grades[r.move] !== best;
        }).length
        : null;
      const solved = gameId === "wac"
        ? list.filter((r, i) => findsKeyMove(positions[i]!, r.move)).length
        : null;
      const d = distribution(shares);
      rows.push({
        technique: technique.id,
        name: technique.name,
        contract: technique.contract,
        game: gameId,
        positions: list.length,
        share: technique.contract === "different" ? null : {
          median: round4(d.median),
          low: round4(d.low),
          high: round4(d.high),
        },
        ...(technique.shareOf === undefined
          ? {}
          : { shareOf: technique.shareOf }),
        capped: list.filter((r) => r.stopped).length,
        depthReached: depths.length === 0 ? null : distribution(depths).median,
        valueDiffers: technique.contract === "different"
          ? 0
          : list.filter((r, i) => !sameValue(r, base[i]!)).length,
        moveDiffers:
          technique.id === "grundy" || gameId === "connect-four-solver"
            ? 0
            : list.filter((r, i) => r.move !== base[i]!.move).length,
        loses,
        solved,
        memoryBytes: Math.max(...list.map((r) => r.memoryBytes)),
        loc,
        elo: null,
        claims: technique.claims,
      });
      const perNode = (r: AtlasItem) => r.ms / Math.max(r.nodes, 1);
      const ratios = list.flatMap((r, i) =>
        r.nodes > 0 ? [perNode(r) / Math.max(perNode(base[i]!), 1e-9)] : []
      );
      if (ratios.length > 0) {
        timeRatios.push({
          technique: technique.id,
          game: gameId,
          ratio: distribution(ratios).median,
        });
      }
    }
    options.progress?.(
      `atlas: ${game.title} done (${positions.length} positions)`,
    );
  }
  return { settings, facts, rows, timeRatios };
}
