/**
 * Players: a position in, a move out, with a budget in nodes, plies or
 * playouts, so that matches give the same games on every machine. The
 * search and MCTS players also take a time budget (`timeMs`), for the Elo
 * tests at equal time: such games do not replay.
 * Alpha-beta at a fixed depth, MCTS, the perfect Connect Four solver and a
 * random player share one small interface, so the tournament runner and
 * the move-accuracy measurements treat them alike.
 *
 * @module
 */

import { ConnectFour } from "../games/connect_four.ts";
import {
  ConnectFourSolver,
  DEFAULT_SOLVER_ENTRIES,
  MAX_SCORE,
} from "../games/connect_four_solver.ts";
import { type Move, NO_MOVE, type Position } from "../position.ts";
import { hashInts, Random } from "../random.ts";
import { alphaBeta } from "../search/alpha_beta.ts";
import type {
  ExchangePruningOptions,
  LateMovePruningOptions,
  LateMoveReductionOptions,
  MarginOptions,
  NullMoveOptions,
  ReverseFutilityOptions,
  SingularExtensionsOptions,
} from "../search/deep_search_options.ts";
import {
  iterativeDeepening,
  type PreviousHint,
} from "../search/iterative_deepening.ts";
import { mcts, MCTS_DEFAULT_EXPLORATION } from "../search/mcts.ts";
import { mtdf } from "../search/mtdf.ts";
import { sssStar } from "../search/sss_star.ts";
import type { OrderOption } from "../search/ordering.ts";
import { pvs } from "../search/pvs.ts";
import { TranspositionTable } from "../search/transposition_table.ts";
import { checkTechniqueMethods } from "../search/_deep_search.ts";
import {
  allocatingForMoves,
  checkedCount,
  checkMaxMoves,
  checkPosition,
} from "../search/_search_context.ts";
import {
  resolveSearchSettings,
  type Searcher,
  type SearchSettings,
} from "../search/search_settings.ts";
import {
  checkInteger,
  checkNonNegative,
  checkOptions,
  describe,
} from "../validate.ts";
import {
  CONNECT_FOUR_EVALUATIONS,
  EvaluatedConnectFour,
} from "../games/connect_four_evaluation.ts";

/**
 * A player of a game whose positions are `P`.
 *
 * @typeParam P the position type it plays
 */
export interface Player<P extends Position = Position> {
  /** A short name for tables and game records. */
  readonly name: string;
  /** Nodes the last {@linkcode Player.chooseMove} spent (0 before the first move). */
  readonly lastNodes: number;
  /**
   * The last move's search value from the mover's view, in the position's
   * `evaluate()` scale, for players that search (absent otherwise): what a
   * match's adjudication reads.
   */
  readonly lastValue?: number;
  /**
   * Chooses a legal move for the side to move of an unfinished position,
   * and leaves the position as it found it.
   */
  chooseMove(position: P): Move;
  /**
   * Starts a new game: a randomised player derives its randomness from its
   * own seed and `seed`, so every game of a match can be replayed alone (and
   * on another worker) with the same moves. Deterministic players ignore it.
   */
  newGame(seed: number): void;
}

function checkSeed(where: string, seed: unknown): number {
  return seed === undefined
    ? 0
    : checkInteger(where, "seed", seed, 0, 0xffffffff);
}

function checkName(where: string, name: unknown, fallback: string): string {
  if (name === undefined) return fallback;
  if (typeof name !== "string" || name === "") {
    throw new Error(
      `${where}: name must be a non-empty string, got ${describe(name)}`,
    );
  }
  return name;
}

/**
 * A player's move buffer, made and read with the searchers' checks (mcts's
 * too): the position has a `Position`'s methods, its `maxMoves` is an
 * integer in 1…`MAX_MOVE_RANGE` (2^24), an allocation the machine refuses
 * is an error naming `maxMoves`, and `generateMoves` returns a count in
 * 0…maxMoves. Unchecked, a `maxMoves` of 2^31 or 1e12 was a bare
 * `RangeError`, one of 2^24 + 1 a 64 MiB buffer the searchers refuse, and a
 * bad count a move read from outside the moves written.
 */
class MoveBuffer {
  #moves = new Int32Array(0);

  /**
   * Writes `position`'s moves into the buffer (grown when its `maxMoves`
   * needs more) and returns their count; errors name `where`.
   */
  generate(where: string, position: Position): number {
    checkPosition(where, position);
    const maxMoves = checkMaxMoves(where, position);
    if (this.#moves.length < maxMoves) {
      this.#moves = allocatingForMoves(
        where,
        maxMoves,
        () => new Int32Array(maxMoves),
      );
    }
    return checkedCount(where, position.generateMoves(this.#moves), maxMoves);
  }

  /** The `index`th move the last {@linkcode MoveBuffer.generate} wrote. */
  at(index: number): Move {
    return this.#moves[index]!;
  }
}

/** Options of {@linkcode RandomPlayer}. */
export interface RandomPlayerOptions {
  /** Seed (integer 0…2^32 − 1, default 0). */
  seed?: number;
  /** Name (default `"random"`). */
  name?: string;
}

/**
 * Plays a uniformly random legal move (seeded): the floor of every scale.
 *
 * @example A legal move, no nodes
 * ```ts
 * import assert from "node:assert/strict";
 * import { RandomPlayer, TicTacToe } from "../../mod.ts";
 * const player = new RandomPlayer({ seed: 3 });
 * player.newGame(1);
 * const move = player.chooseMove(TicTacToe.empty());
 * assert.ok(move >= 0 && move <= 8 && player.lastNodes === 0);
 * ```
 */
export class RandomPlayer<P extends Position = Position> implements Player<P> {
  readonly name: string;
  /** The seed given (games mix in their own with {@linkcode RandomPlayer.newGame}). */
  readonly seed: number;
  /** Always 0: it searches nothing. */
  lastNodes = 0;
  #random: Random;
  readonly #moves = new MoveBuffer();

  /**
   * A random player.
   *
   * @param options `seed`, `name`
   * @throws {Error} on an unknown option or a bad seed or name
   */
  constructor(options?: RandomPlayerOptions) {
    checkOptions("new RandomPlayer", options, ["seed", "name"]);
    this.seed = checkSeed("new RandomPlayer", options?.seed);
    this.name = checkName("new RandomPlayer", options?.name, "random");
    this.#random = new Random(this.seed);
  }

  newGame(seed: number): void {
    const game = checkInteger(
      "RandomPlayer.newGame",
      "seed",
      seed,
      0,
      0xffffffff,
    );
    this.#random = new Random(hashInts(this.seed, game, 0));
  }

  /**
   * A uniformly random legal move of `position` (−1 when it has none).
   *
   * @throws {Error} naming `RandomPlayer.chooseMove` when `position` is not
   *   a `Position`, its `maxMoves` is not an integer in 1…2^24
   *   (`MAX_MOVE_RANGE`), or `generateMoves` returns a count outside
   *   0…maxMoves, as the searchers refuse them
   *
   * @example A move range past 2^24 is refused by name, not allocated
   * ```ts
   * import assert from "node:assert/strict";
   * import { RandomPlayer, TicTacToe } from "../../mod.ts";
   * const huge = Object.assign(TicTacToe.empty(), { maxMoves: 2 ** 31 });
   * assert.throws(
   *   () => new RandomPlayer().chooseMove(huge),
   *   /^Error: RandomPlayer\.chooseMove: position\.maxMoves must be an integer in 1…16777216, got 2147483648$/,
   * );
   * ```
   */
  chooseMove(position: P): Move {
    const count = this.#moves.generate("RandomPlayer.chooseMove", position);
    if (count === 0) return NO_MOVE;
    return this.#moves.at(this.#random.int(0, count - 1));
  }
}

/** Entries of an {@linkcode AlphaBetaPlayer}'s table when none are given (6 MiB). */
export const ALPHA_BETA_TABLE_ENTRIES = 1 << 18;

/**
 * Most entries a player's own table may have (2^26: 1.5 GiB of a search
 * or alpha-beta player's table, 512 MiB of a solver player's): the bound
 * of `entries` and `table` in {@linkcode AlphaBetaPlayer},
 * {@linkcode SearchPlayer} and {@linkcode SolverPlayer}.
 */
export const MAX_PLAYER_TABLE_ENTRIES = 1 << 26;

/** Options of {@linkcode AlphaBetaPlayer}. */
export interface AlphaBetaPlayerOptions<P extends Position> {
  /** Plies searched per move (integer 1…64). */
  depth: number;
  /**
   * The position the search walks, built from the game's position once per
   * move (for example an {@linkcode EvaluatedConnectFour} around the board);
   * default: the position itself, with its own `evaluate()`.
   */
  view?: (position: P) => Position;
  /** Entries of the player's transposition table (default 2^18: 6 MiB). */
  entries?: number;
  /** Name (default `"alpha-beta d<depth>"`). */
  name?: string;
}

/**
 * Depth-limited alpha-beta with the project's transposition table and
 * ordering (table move first, then killers and history, over the view's
 * natural order). The table is cleared before every move, so a move is a
 * function of the position alone (the same position, the same move, in any
 * game and any order), as the accuracy measurements need. Ties go to the
 * first best move in the search's order.
 *
 * Why this ordering: on 20 random 8-stone Connect Four positions with the
 * good evaluation, mean nodes at depth 8 were 18,143 with table, killers
 * and history, 125,130 with the table alone, and 19,740 for iterative
 * deepening to the same depth (same values in all 20); at depth 10
 * 129,735, 2,161,746 and 149,420.
 *
 * @example Depth-2 alpha-beta takes the win in one
 * ```ts
 * import assert from "node:assert/strict";
 * import { AlphaBetaPlayer, TicTacToe } from "../../mod.ts";
 * const player = new AlphaBetaPlayer({ depth: 2 });
 * assert.equal(player.chooseMove(TicTacToe.parse("XX.OO....")), 2);
 * assert.ok(player.lastNodes > 0);
 * ```
 */
export class AlphaBetaPlayer<P extends Position = Position>
  implements Player<P> {
  readonly name: string;
  /** Plies searched per move. */
  readonly depth: number;
  lastNodes = 0;
  /** Value of the last move's search, from the mover's view (the view's scale). */
  lastValue = 0;
  readonly #view: ((position: P) => Position) | null;
  readonly #tt: TranspositionTable;

  /**
   * An alpha-beta player with its own transposition table.
   *
   * @param options `depth`, `view`, `entries`, `name`
   * @throws {Error} on an unknown option or a bad value
   */
  constructor(options: AlphaBetaPlayerOptions<P>) {
    const where = "new AlphaBetaPlayer";
    checkOptions(where, options, ["depth", "view", "entries", "name"]);
    if (options === undefined) {
      throw new Error(`${where}: options must be an object, got undefined`);
    }
    this.depth = checkInteger(where, "depth", options.depth, 1, 64);
    if (options.view !== undefined && typeof options.view !== "function") {
      throw new Error(
        `${where}: view must be a function, got ${describe(options.view)}`,
      );
    }
    this.#view = options.view ?? null;
    this.#tt = new TranspositionTable({
      entries: options.entries === undefined
        ? ALPHA_BETA_TABLE_ENTRIES
        : checkInteger(
          where,
          "entries",
          options.entries,
          1,
          MAX_PLAYER_TABLE_ENTRIES,
        ),
    });
    this.name = checkName(where, options.name, `alpha-beta d${this.depth}`);
  }

  newGame(_seed: number): void {}

  chooseMove(position: P): Move {
    const searched = this.#view === null ? position : this.#view(position);
    this.#tt.clear();
    const result = alphaBeta(searched, {
      depth: this.depth,
      tt: this.#tt,
      order: ["tt", "killer", "history"],
    });
    this.lastNodes = result.stats.nodes;
    this.lastValue = result.value;
    return result.move;
  }
}

/** The searchers a {@linkcode SearchPlayer} can use. */
export type SearchPlayerSearcher =
  | "alpha-beta"
  | "pvs"
  | "mtdf"
  | "sss"
  | "deepening";

/** The searchers {@linkcode SearchPlayerSearcher} lists. */
export const SEARCH_PLAYER_SEARCHERS: readonly SearchPlayerSearcher[] = [
  "alpha-beta",
  "pvs",
  "mtdf",
  "sss",
  "deepening",
];

/**
 * The searcher options a {@linkcode SearchPlayer} passes on, as the
 * searchers take them (`src/search/`); each is off when absent.
 */
export interface SearchPlayerSearchOptions {
  /** Move ordering (named orderings, a scorer, or a list of them). */
  order?: OrderOption;
  /** Table entries answer only at exactly the needed depth. */
  exactDepth?: boolean;
  /** `"deepening"` only: what each iteration tries first (default `"none"` here). */
  previous?: PreviousHint;
  /** `"deepening"` only: aspiration half-width. */
  aspirationDelta?: number;
  /** Null-move pruning (selective). */
  nullMove?: NullMoveOptions | false;
  /** Late-move reductions (selective). */
  lateMoveReductions?: LateMoveReductionOptions | false;
  /** Futility pruning (selective). */
  futility?: MarginOptions | false;
  /** Razoring (selective). */
  razoring?: MarginOptions | false;
  /** Reverse futility pruning (selective). */
  reverseFutility?: ReverseFutilityOptions | false;
  /** Late-move pruning (selective). */
  lateMovePruning?: LateMovePruningOptions | false;
  /** Exchange pruning (selective; a game with `staticExchange`). */
  exchangePruning?: ExchangePruningOptions | false;
  /** Singular extensions (selective; needs `table`). */
  singularExtensions?: SingularExtensionsOptions | false;
  /** Reverse futility, late-move pruning and reductions follow whether the static value rises. */
  improving?: boolean;
  /** `"deepening"` only: the table in quiescence (needs `table` and `quiescence`). */
  quiescenceTable?: boolean;
  /** `"deepening"` only: principal variation search in every iteration. */
  pvs?: boolean;
  /** `"deepening"` only: play a better root move an iteration cut by the budget had finished (`iterativeDeepening`'s option). */
  keepCutMove?: boolean;
  /** Check extensions. */
  checkExtensions?: boolean;
  /** Quiescence leaves out captures that lose by static exchange (a game with `staticExchange`). */
  skipLosingCaptures?: boolean;
  /** Quiescence searches every move out of check (a game with `isCheck`). */
  quiescenceEvasions?: boolean;
  /** Table entries order moves only (`false`), or also settle nodes (default). */
  tableCutoffs?: boolean;
  /** Enhanced transposition cutoffs (needs `table`). */
  enhancedCutoffs?: boolean;
  /** `"deepening"` only: quiescence over the noisy moves at the horizon (a game with `generateNoisyMoves`). */
  quiescence?: boolean;
}

/** The searcher function each {@linkcode SearchPlayerSearcher} calls, whose option rules it follows. */
const SEARCHER_FUNCTIONS: Record<SearchPlayerSearcher, Searcher> = {
  "alpha-beta": "alphaBeta",
  pvs: "pvs",
  mtdf: "mtdf",
  sss: "sssStar",
  deepening: "iterativeDeepening",
};

const SEARCH_OPTION_KEYS = [
  "order",
  "exactDepth",
  "previous",
  "aspirationDelta",
  "nullMove",
  "lateMoveReductions",
  "futility",
  "razoring",
  "reverseFutility",
  "lateMovePruning",
  "exchangePruning",
  "singularExtensions",
  "improving",
  "checkExtensions",
  "skipLosingCaptures",
  "quiescenceEvasions",
  "quiescence",
  "quiescenceTable",
  "tableCutoffs",
  "enhancedCutoffs",
  "pvs",
  "keepCutMove",
];

/** Options of {@linkcode SearchPlayer}: a node or time budget per move, or both. */
export interface SearchPlayerOptions<P extends Position> {
  /** The searcher (default `"alpha-beta"`). */
  searcher?: SearchPlayerSearcher;
  /** Nodes per move, all iterations together (integer 1…2^40). */
  maxNodes?: number;
  /** Milliseconds per move (1…3,600,000; machine-dependent: such games do not replay). */
  timeMs?: number;
  /** Deepest iteration (1…64, default 64). */
  maxDepth?: number;
  /** Entries of a transposition table, cleared before every move (absent: no table). */
  table?: number;
  /** Passed to the searcher (see {@linkcode SearchPlayerSearchOptions}). */
  options?: SearchPlayerSearchOptions;
  /** The position the search walks (as {@linkcode AlphaBetaPlayerOptions.view}). */
  view?: (position: P) => Position;
  /** Name (default `"<searcher> n<maxNodes>"` or `"<searcher> t<timeMs>ms"`). */
  name?: string;
}

/**
 * An anytime player for Elo tests at equal nodes or equal time: it deepens
 * (depth 1, 2, …) with the chosen searcher and its options within a node
 * or time budget per move, and plays the last finished depth's move (an
 * iteration cut by the budget is discarded, its nodes still spent; with
 * `"deepening"` and `keepCutMove`, but for a better root move it finished).
 * `"alpha-beta"`, `"pvs"`, `"mtdf"` and `"sss"` (MT-SSS*) are deepened by the player, each
 * depth a new search over the same table (MTD(f) guessing the previous
 * depth's value); `"deepening"` is one {@linkcode iterativeDeepening} call,
 * so that `previous` and `aspirationDelta` apply. The table is cleared
 * before every move, so with `maxNodes` alone a move is a function of the
 * position.
 *
 * Work per move is bounded by `maxNodes` (the searchers stop on the node
 * past it; the depth-1 search always finishes)
 * or by `timeMs`.
 *
 * @example Killers at 2,000 nodes per move take the win in one
 * ```ts
 * import assert from "node:assert/strict";
 * import { SearchPlayer, TicTacToe } from "../../mod.ts";
 * const player = new SearchPlayer({ maxNodes: 2000, options: { order: "killer" } });
 * assert.equal(player.chooseMove(TicTacToe.parse("XX.OO....")), 2);
 * assert.ok(player.lastDepth >= 2 && player.lastNodes <= 2001);
 * assert.equal(player.name, "alpha-beta n2000");
 * ```
 */
export class SearchPlayer<P extends Position = Position> implements Player<P> {
  readonly name: string;
  /** The searcher. */
  readonly searcher: SearchPlayerSearcher;
  lastNodes = 0;
  /**
   * Value of the last move's search (the view's scale, mover's view); with
   * `keepCutMove`, when the move came from an iteration the budget cut, that
   * move's value at the cut depth (`lastDepth + 1`).
   */
  lastValue = 0;
  /** Depth of the last move's last finished iteration. */
  lastDepth = 0;
  readonly #maxNodes: number;
  readonly #timeMs: number;
  readonly #maxDepth: number;
  readonly #tt: TranspositionTable | null;
  readonly #options: SearchPlayerSearchOptions;
  readonly #view: ((position: P) => Position) | null;
  /** The options as the searcher reads them, checked when the player is made. */
  readonly #settings: SearchSettings;
  readonly #moves = new MoveBuffer();

  /**
   * An anytime searching player.
   *
   * @param options `searcher`, `maxNodes`, `timeMs`, `maxDepth`, `table`,
   *   `options`, `view`, `name`
   * @throws {Error} on an unknown option, a bad value, neither budget,
   *   `previous`/`aspirationDelta`/`quiescence`/`pvs`/`keepCutMove` with another searcher than
   *   `"deepening"`, `enhancedCutoffs` or order `"tt"` without `table` (but
   *   with `"mtdf"` and `"sss"`, which make their own), or any option the
   *   searcher itself would refuse (its own checks run here, not on the
   *   first move)
   */
  constructor(options: SearchPlayerOptions<P>) {
    const where = "new SearchPlayer";
    checkOptions(where, options, [
      "searcher",
      "maxNodes",
      "timeMs",
      "maxDepth",
      "table",
      "options",
      "view",
      "name",
    ]);
    if (options === undefined) {
      throw new Error(`${where}: options must be an object, got undefined`);
    }
    const searcher = options.searcher ?? "alpha-beta";
    if (!SEARCH_PLAYER_SEARCHERS.includes(searcher)) {
      throw new Error(
        `${where}: searcher must be one of ${
          SEARCH_PLAYER_SEARCHERS.join(", ")
        }, got ${describe(searcher)}`,
      );
    }
    this.searcher = searcher;
    if (options.maxNodes === undefined && options.timeMs === undefined) {
      throw new Error(
        `${where}: maxNodes or timeMs is required (a budget per move), got neither`,
      );
    }
    this.#maxNodes = options.maxNodes === undefined
      ? Infinity
      : checkInteger(where, "maxNodes", options.maxNodes, 1, 2 ** 40);
    if (options.timeMs !== undefined) {
      // One rule, one message: -1 said "a finite number ≥ 0" but 0 (which
      // passed that test) "1…3600000".
      if (
        typeof options.timeMs !== "number" ||
        !(options.timeMs >= 1 && options.timeMs <= 3_600_000)
      ) {
        throw new Error(
          `${where}: timeMs must be a number of milliseconds in 1…3600000, got ${
            describe(options.timeMs)
          }`,
        );
      }
    }
    this.#timeMs = options.timeMs ?? Infinity;
    this.#maxDepth = options.maxDepth === undefined
      ? 64
      : checkInteger(where, "maxDepth", options.maxDepth, 1, 64);
    this.#tt = options.table === undefined ? null : new TranspositionTable({
      entries: checkInteger(
        where,
        "table",
        options.table,
        1,
        MAX_PLAYER_TABLE_ENTRIES,
      ),
    });
    const search = options.options === undefined ? {} : options.options;
    if (search === null || typeof search !== "object") {
      throw new Error(
        `${where}: options must be an object of searcher options, got ${
          describe(search)
        }`,
      );
    }
    checkOptions(`${where}: options`, search, SEARCH_OPTION_KEYS);
    for (
      const key of [
        "previous",
        "aspirationDelta",
        "quiescence",
        "pvs",
        "keepCutMove",
      ] as const
    ) {
      if (search[key] !== undefined && searcher !== "deepening") {
        throw new Error(
          `${where}: options.${key} is for the "deepening" searcher, got searcher ${
            describe(searcher)
          }`,
        );
      }
    }
    if (
      search.previous !== undefined &&
      !["none", "move", "pv"].includes(search.previous)
    ) {
      throw new Error(
        `${where}: options.previous must be "none", "move" or "pv", got ${
          describe(search.previous)
        }`,
      );
    }
    if (search.aspirationDelta !== undefined) {
      checkInteger(
        where,
        "options.aspirationDelta",
        search.aspirationDelta,
        1,
        999_999,
      );
    }
    for (
      const key of [
        "exactDepth",
        "checkExtensions",
        "skipLosingCaptures",
        "quiescenceEvasions",
        "quiescence",
        "quiescenceTable",
        "improving",
        "tableCutoffs",
        "enhancedCutoffs",
        "pvs",
        "keepCutMove",
      ] as const
    ) {
      if (search[key] !== undefined && typeof search[key] !== "boolean") {
        throw new Error(
          `${where}: options.${key} must be a boolean, got ${
            describe(search[key])
          }`,
        );
      }
    }
    for (
      const key of [
        "nullMove",
        "lateMoveReductions",
        "futility",
        "razoring",
        "reverseFutility",
        "lateMovePruning",
        "exchangePruning",
        "singularExtensions",
      ] as const
    ) {
      const value = search[key];
      if (
        value !== undefined && value !== false &&
        (value === null || typeof value !== "object")
      ) {
        throw new Error(
          `${where}: options.${key} must be an object of its options or false, got ${
            describe(value)
          }`,
        );
      }
    }
    this.#options = { ...search };
    // MTD(f) and SSS* make a fresh table per search when given none; the
    // others have none to cut on or order by.
    const ownTable = searcher === "mtdf" || searcher === "sss";
    const order = this.#options.order;
    if (this.#tt === null && !ownTable) {
      // The options that read the table, each with why, if it needs saying.
      for (
        const [key, why] of [
          [
            "enhancedCutoffs",
            ": it cuts on the table entries of a node's children",
          ],
          ["quiescenceTable", ""],
        ] as const
      ) {
        if (this.#options[key] === true) {
          throw new Error(
            `${where}: options.${key} needs a transposition table (the table option) with searcher ${
              describe(searcher)
            }, got no table${why}`,
          );
        }
      }
      const singular = this.#options.singularExtensions;
      if (singular !== undefined && singular !== false) {
        throw new Error(
          `${where}: options.singularExtensions needs a transposition table (the table option) with searcher ${
            describe(searcher)
          }, got no table: it tests the table's move`,
        );
      }
      if (order === "tt" || (Array.isArray(order) && order.includes("tt"))) {
        throw new Error(
          `${where}: options.order "tt" needs a transposition table (the table option) with searcher ${
            describe(searcher)
          }, got no table`,
        );
      }
    }
    // The searcher's own checks (types, ranges, combinations), now rather
    // than on the first move; a stand-in table of one entry for the one
    // MTD(f) and SSS* would make (it is checked the same way).
    this.#settings = resolveSearchSettings(
      SEARCHER_FUNCTIONS[searcher],
      {
        // The player's own default for "deepening", as its moves pass it.
        ...(searcher === "deepening" ? { previous: "none" } : {}),
        ...this.#options,
        tt: this.#tt ??
          (ownTable ? new TranspositionTable({ entries: 1 }) : undefined),
        depth: this.#maxDepth,
      },
      `${where}: options`,
    );
    if (options.view !== undefined && typeof options.view !== "function") {
      throw new Error(
        `${where}: view must be a function, got ${describe(options.view)}`,
      );
    }
    this.#view = options.view ?? null;
    this.name = checkName(
      where,
      options.name,
      `${searcher} ${
        options.maxNodes !== undefined
          ? `n${options.maxNodes}`
          : `t${options.timeMs}ms`
      }`,
    );
  }

  newGame(_seed: number): void {}

  /**
   * Checks that the searcher's options can search `position`'s game
   * (through `view`): `nullMove` needs `playNull()` and `undoNull()`,
   * `checkExtensions` and `quiescenceEvasions` need `isCheck()`,
   * `skipLosingCaptures` and `exchangePruning` need `staticExchange()`, as the searcher itself
   * checks on every move. Call it once with a fresh position of the game
   * to refuse, when the player is made, options the game cannot support
   * (`createPlayer` does).
   *
   * @param position a position of the game the player will play
   * @param where the function named in the error (default
   *   `"SearchPlayer.checkOptionsFor"`)
   * @throws {Error} naming `where`, the option, the missing methods and the
   *   searched position's class
   *
   * @example Check extensions need isCheck(), which tic-tac-toe lacks
   * ```ts
   * import assert from "node:assert/strict";
   * import { SearchPlayer, TicTacToe } from "../../mod.ts";
   * const player = new SearchPlayer({ maxNodes: 100, options: { checkExtensions: true } });
   * assert.throws(
   *   () => player.checkOptionsFor(TicTacToe.empty()),
   *   /^Error: SearchPlayer.checkOptionsFor: options: checkExtensions needs the position to implement isCheck\(\), which TicTacToe lacks$/,
   * );
   * ```
   */
  checkOptionsFor(
    position: P,
    where = "SearchPlayer.checkOptionsFor",
  ): void {
    const searched = this.#view === null ? position : this.#view(position);
    checkTechniqueMethods(`${where}: options`, this.#settings, searched);
  }

  /**
   * The move of the last depth searched to the end (see the class doc);
   * the first legal move when no search finished one (a view without
   * moves).
   *
   * @throws {Error} naming `SearchPlayer.chooseMove` when `position` is not
   *   a `Position` or its `maxMoves` is not an integer in 1…2^24
   *   (`MAX_MOVE_RANGE`), checked before the search as the searchers check
   *   theirs (the searcher checks a view's position); what the searcher
   *   throws
   *
   * @example A move range past 2^24 is refused by name, not allocated
   * ```ts
   * import assert from "node:assert/strict";
   * import { SearchPlayer, TicTacToe } from "../../mod.ts";
   * const huge = Object.assign(TicTacToe.empty(), { maxMoves: 1e12 });
   * assert.throws(
   *   () => new SearchPlayer({ maxNodes: 100 }).chooseMove(huge),
   *   /^Error: SearchPlayer\.chooseMove: position\.maxMoves must be an integer in 1…16777216, got 1000000000000$/,
   * );
   * ```
   */
  chooseMove(position: P): Move {
    // The game's position, not only the view's: the first-move fallback
    // sizes a buffer by it.
    checkPosition("SearchPlayer.chooseMove", position);
    checkMaxMoves("SearchPlayer.chooseMove", position);
    const searched = this.#view === null ? position : this.#view(position);
    const started = performance.now();
    this.#tt?.clear();
    const tt = this.#tt === null ? {} : { tt: this.#tt };
    const budget = (spent: number) => {
      const budgets: { maxNodes?: number; timeMs?: number } = {};
      if (this.#maxNodes !== Infinity) {
        budgets.maxNodes = Math.max(this.#maxNodes - spent, 1);
      }
      if (this.#timeMs !== Infinity) {
        budgets.timeMs = Math.max(
          this.#timeMs - (performance.now() - started),
          1,
        );
      }
      return budgets;
    };
    if (this.searcher === "deepening") {
      const result = iterativeDeepening(searched, {
        previous: "none",
        ...this.#options,
        ...tt,
        ...budget(0),
        depth: this.#maxDepth,
      });
      this.lastNodes = result.stats.nodes;
      this.lastValue = result.value;
      this.lastDepth = result.completedDepth;
      return result.move === NO_MOVE ? this.#firstMove(position) : result.move;
    }
    let move = NO_MOVE;
    let spent = 0;
    let guess = 0;
    this.lastDepth = 0;
    for (let depth = 1; depth <= this.#maxDepth; depth++) {
      if (
        depth > 1 &&
        (spent >= this.#maxNodes ||
          performance.now() - started >= this.#timeMs)
      ) break;
      const options = {
        ...this.#options,
        ...tt,
        ...(depth > 1 ? budget(spent) : {}),
        depth,
      };
      const result = this.searcher === "pvs"
        ? pvs(searched, options)
        : this.searcher === "mtdf"
        ? mtdf(searched, { ...options, guess })
        : this.searcher === "sss"
        ? sssStar(searched, options)
        : alphaBeta(searched, options);
      spent += result.stats.nodes;
      if (result.stoppedByBudget) break;
      move = result.move;
      guess = result.value;
      this.lastValue = result.value;
      this.lastDepth = depth;
    }
    this.lastNodes = spent;
    return move === NO_MOVE ? this.#firstMove(position) : move;
  }

  /** The first legal move: the answer when no search finished a move. */
  #firstMove(position: P): Move {
    return this.#moves.generate("SearchPlayer.chooseMove", position) === 0
      ? NO_MOVE
      : this.#moves.at(0);
  }
}

/** The three evaluation qualities of {@linkcode CONNECT_FOUR_EVALUATIONS}. */
export type EvaluationQuality = "poor" | "medium" | "good";

/**
 * An alpha-beta player of Connect Four at `depth` with the evaluation of
 * the given quality (poor: centre column, medium: open lines, good: threats
 * by parity), through {@linkcode EvaluatedConnectFour}.
 *
 * @param depth plies per move, 1…42
 * @param quality `"poor"`, `"medium"` or `"good"`
 * @param name its name (default like `"good d4"`)
 * @param entries entries of its table (default {@linkcode ALPHA_BETA_TABLE_ENTRIES})
 * @returns the player
 * @throws {Error} on an unknown quality or a bad depth
 *
 * @example Any quality sees a win in one at depth 1
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, connectFourAlphaBetaPlayer } from "../../mod.ts";
 * const player = connectFourAlphaBetaPlayer(1, "poor");
 * assert.equal(player.chooseMove(ConnectFour.parse("415263")), 6);
 * assert.equal(player.name, "poor d1");
 * ```
 */
export function connectFourAlphaBetaPlayer(
  depth: number,
  quality: EvaluationQuality,
  name?: string,
  entries?: number,
): AlphaBetaPlayer<ConnectFour> {
  const evaluation = Object.hasOwn(CONNECT_FOUR_EVALUATIONS, quality)
    ? CONNECT_FOUR_EVALUATIONS[quality]
    : undefined;
  if (evaluation === undefined) {
    throw new Error(
      `connectFourAlphaBetaPlayer: quality must be "poor", "medium" or "good", got ${
        describe(quality)
      }`,
    );
  }
  checkInteger("connectFourAlphaBetaPlayer", "depth", depth, 1, 42);
  return new AlphaBetaPlayer<ConnectFour>({
    depth,
    view: (board) => new EvaluatedConnectFour(board, evaluation),
    name: name ?? `${quality} d${depth}`,
    ...(entries === undefined ? {} : { entries }),
  });
}

/** Options of {@linkcode MctsPlayer}: playout and node budgets, which replay, or a time budget, which does not. */
export interface MctsPlayerOptions {
  /** Playouts per move (default 1,000 when neither `maxNodes` nor `timeMs` is given). */
  playouts?: number;
  /** Positions visited per move (see `MctsStats.nodes`). */
  maxNodes?: number;
  /** Milliseconds per move (machine-dependent: such games do not replay; for Elo tests at equal time). */
  timeMs?: number;
  /** UCB1 exploration constant (default √2). */
  exploration?: number;
  /** Seed (integer 0…2^32 − 1, default 0). */
  seed?: number;
  /** MCTS-Solver: proven wins and losses backed up the tree (see `MctsOptions.solver`); default false. */
  solver?: boolean;
  /** Name (default `"mcts p<playouts>"` or `"mcts n<maxNodes>"`, `"mcts-solver …"` with `solver`). */
  name?: string;
}

/**
 * UCT Monte Carlo tree search per move ({@linkcode mcts}); each move's
 * search gets the next seed of a generator seeded by the player's seed and
 * the game's.
 *
 * @example MCTS takes the win in one
 * ```ts
 * import assert from "node:assert/strict";
 * import { MctsPlayer, TicTacToe } from "../../mod.ts";
 * const player = new MctsPlayer({ playouts: 500, seed: 1 });
 * player.newGame(0);
 * assert.equal(player.chooseMove(TicTacToe.parse("XX.OO....")), 2);
 * assert.ok(player.lastNodes > 500);
 * assert.equal(new MctsPlayer({ playouts: 500, solver: true }).name, "mcts-solver p500");
 * ```
 */
export class MctsPlayer<P extends Position = Position> implements Player<P> {
  readonly name: string;
  /** The seed given (games mix in their own with {@linkcode MctsPlayer.newGame}). */
  readonly seed: number;
  lastNodes = 0;
  /**
   * The last search's value from the mover's view: a win rate scaled to
   * −1000…1000, not the position's `evaluate()` scale, so it is not the
   * interface's `lastValue` (which a match's adjudication reads as
   * centipawns): an MCTS player is never adjudicated by its scores.
   */
  lastWinRate = 0;
  readonly #options: {
    playouts?: number;
    maxNodes?: number;
    timeMs?: number;
    exploration: number;
    solver?: boolean;
  };
  #random: Random;

  /**
   * An MCTS player.
   *
   * @param options budgets, `exploration`, `seed`, `name`
   * @throws {Error} on an unknown option or a bad value
   */
  constructor(options?: MctsPlayerOptions) {
    const where = "new MctsPlayer";
    checkOptions(where, options, [
      "playouts",
      "maxNodes",
      "timeMs",
      "exploration",
      "seed",
      "solver",
      "name",
    ]);
    let playouts = options?.playouts;
    const maxNodes = options?.maxNodes;
    const timeMs = options?.timeMs;
    if (
      playouts === undefined && maxNodes === undefined && timeMs === undefined
    ) playouts = 1000;
    // Only an absent exploration takes the default: null is refused below.
    this.#options = {
      exploration: options?.exploration === undefined
        ? MCTS_DEFAULT_EXPLORATION
        : options.exploration,
    };
    if (playouts !== undefined) this.#options.playouts = playouts;
    if (maxNodes !== undefined) this.#options.maxNodes = maxNodes;
    if (timeMs !== undefined) {
      if (
        typeof timeMs !== "number" || !(timeMs >= 1 && timeMs <= 3_600_000)
      ) {
        throw new Error(
          `${where}: timeMs must be a number of milliseconds in 1…3600000, got ${
            describe(timeMs)
          }`,
        );
      }
      this.#options.timeMs = timeMs;
    }
    if (playouts !== undefined) {
      checkInteger(where, "playouts", playouts, 1, 1_000_000_000);
    }
    if (maxNodes !== undefined) {
      checkInteger(where, "maxNodes", maxNodes, 1, Number.MAX_SAFE_INTEGER);
    }
    checkNonNegative(where, "exploration", this.#options.exploration);
    const solver = options?.solver;
    if (solver !== undefined && typeof solver !== "boolean") {
      throw new Error(
        `${where}: solver must be a boolean, got ${describe(solver)}`,
      );
    }
    // Only when on, so that a plain player's searches are called as before.
    if (solver === true) this.#options.solver = true;
    const kind = solver === true ? "mcts-solver" : "mcts";
    this.seed = checkSeed(where, options?.seed);
    this.name = checkName(
      where,
      options?.name,
      playouts !== undefined
        ? `${kind} p${playouts}`
        : maxNodes !== undefined
        ? `${kind} n${maxNodes}`
        : `${kind} t${timeMs}ms`,
    );
    this.#random = new Random(this.seed);
  }

  newGame(seed: number): void {
    const game = checkInteger(
      "MctsPlayer.newGame",
      "seed",
      seed,
      0,
      0xffffffff,
    );
    this.#random = new Random(hashInts(this.seed, game, 1));
  }

  chooseMove(position: P): Move {
    const result = mcts(position, {
      ...this.#options,
      seed: this.#random.nextUint32(),
    });
    this.lastNodes = result.stats.nodes;
    this.lastWinRate = result.value;
    return result.move;
  }
}

/** Centre first: how {@linkcode SolverPlayer} breaks ties. */
const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6] as const;

/** Options of {@linkcode SolverPlayer}. */
export interface SolverPlayerOptions {
  /** Only win/draw/loss counts (faster); default false: the fastest win, the slowest loss. */
  weak?: boolean;
  /**
   * Entries of the solver's table, an integer in 1…2^26 (default
   * {@linkcode DEFAULT_SOLVER_ENTRIES}, 2^26 entries of 8 bytes: 512 MiB,
   * used from 1 MiB as the work grows).
   */
  entries?: number;
  /** Name (default `"solver"` or `"weak solver"`). */
  name?: string;
  /**
   * Nodes a move may take, all its columns' solves together (default: no
   * limit, as a perfect player needs; an opening position can take
   * hours). A column whose solve the budget stopped is scored by its
   * proven lower bound, and {@linkcode SolverPlayer.lastStopped} says so.
   */
  maxNodes?: number;
}

/**
 * Perfect Connect Four play: every legal column is scored by the solver
 * (a win at once scores as the solver would; other columns minus the
 * solved score of the child) and the best is played, ties going to the
 * column nearest the centre. Early positions take the solver seconds or
 * more per move; matches start from openings of several stones.
 *
 * @example The solver's move has the best score
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, SolverPlayer } from "../../mod.ts";
 * const player = new SolverPlayer({ entries: 1 << 16 });
 * const board = ConnectFour.parse("2252576253462244111563365343671351441");
 * const scores = player.scoreMoves(board);
 * assert.equal(player.chooseMove(board), scores.indexOf(Math.max(...scores)));
 * ```
 */
export class SolverPlayer implements Player<ConnectFour> {
  readonly name: string;
  /** Whether only win, draw and loss count. */
  readonly weak: boolean;
  lastNodes = 0;
  /** Whether the node budget stopped a solve of the last move (its scores are then bounds). */
  lastStopped = false;
  /** Nodes a move may take (`Infinity`: no limit). */
  readonly maxNodes: number;
  readonly #solver: ConnectFourSolver;

  /**
   * A perfect player with its own solver and table.
   *
   * @param options `weak`, `entries`, `name`, `maxNodes`
   * @throws {Error} on an unknown option or a bad value
   */
  constructor(options?: SolverPlayerOptions) {
    const where = "new SolverPlayer";
    checkOptions(where, options, ["weak", "entries", "name", "maxNodes"]);
    this.maxNodes = options?.maxNodes === undefined
      ? Infinity
      : checkInteger(where, "maxNodes", options.maxNodes, 1, 1e15);
    const weak = options?.weak ?? false;
    if (typeof weak !== "boolean") {
      throw new Error(
        `${where}: weak must be a boolean, got ${describe(weak)}`,
      );
    }
    this.weak = weak;
    this.#solver = new ConnectFourSolver({
      entries: options?.entries === undefined
        ? DEFAULT_SOLVER_ENTRIES
        : checkInteger(
          where,
          "entries",
          options.entries,
          1,
          MAX_PLAYER_TABLE_ENTRIES,
        ),
    });
    this.name = checkName(
      where,
      options?.name,
      weak ? "weak solver" : "solver",
    );
  }

  newGame(_seed: number): void {}

  /**
   * The score of each column 0–6 for the side to move (the solver's
   * convention; `weak`: −1, 0, 1), `-Infinity` for a full column; a proven
   * lower bound where `maxNodes` stopped the column's solve or left it
   * unsearched (at least −18, the lowest score); the columns are solved
   * centre first, so a budget reaches the centre ones; sets
   * {@linkcode SolverPlayer.lastNodes} and {@linkcode SolverPlayer.lastStopped}.
   *
   * @param board an unfinished game (a finished one: seven `-Infinity`);
   *   left as found
   * @returns seven scores
   * @throws {Error} when `board` is not a {@linkcode ConnectFour}
   */
  scoreMoves(board: ConnectFour): number[] {
    return this.#scoreMoves("SolverPlayer.scoreMoves", board);
  }

  #scoreMoves(where: string, board: ConnectFour): number[] {
    if (!ConnectFour.isConnectFour(board)) {
      throw new Error(
        `${where}: board must be a ConnectFour, got ${describe(board)}`,
      );
    }
    const scores: number[] = [
      -Infinity,
      -Infinity,
      -Infinity,
      -Infinity,
      -Infinity,
      -Infinity,
      -Infinity,
    ];
    let nodes = 0;
    let stopped = false;
    // Centre first, as ties are broken: a budget spent before the last
    // column leaves the edge columns unsearched, not the centre ones.
    for (const col of CENTRE_FIRST) {
      if (!board.canPlay(col) || board.isTerminal()) continue;
      if (board.isWinningMove(col)) {
        scores[col] = this.weak ? 1 : (43 - board.moveCount) >> 1;
        continue;
      }
      // The column's own node (the stone played) counts in the budget too.
      const left = this.maxNodes - nodes - 1;
      if (left <= 0) {
        // Spent: the column keeps the bound that holds for every move, the
        // opponent's fastest possible win (its 4th stone, −MAX_SCORE, or
        // sooner by the stones left), unsearched.
        scores[col] = this.weak
          ? -1
          : Math.max(-MAX_SCORE, 0 - ((42 - board.moveCount) >> 1));
        stopped = true;
        continue;
      }
      board.play(col);
      try {
        // Each solve gets what the earlier columns left.
        const result = this.#solver.solve(
          board,
          left === Infinity
            ? { weak: this.weak }
            : { weak: this.weak, maxNodes: left },
        );
        nodes += result.nodes + 1;
        // The child's upper bound is this column's proven lower bound.
        scores[col] = 0 - result.upper;
        if (!result.exact) stopped = true;
      } finally {
        board.undo(col);
      }
    }
    this.lastNodes = nodes;
    this.lastStopped = stopped;
    return scores;
  }

  chooseMove(board: ConnectFour): Move {
    const scores = this.#scoreMoves("SolverPlayer.chooseMove", board);
    let best: Move = NO_MOVE;
    for (const col of CENTRE_FIRST) {
      if (scores[col]! === -Infinity) continue;
      if (best === NO_MOVE || scores[col]! > scores[best]!) best = col;
    }
    return best;
  }
}
