/**
 * The atlas's rows: every way to cut the search that the library has, each
 * run through the library's own searchers (`src/search/`, the Connect Four
 * solver, the nim-sum) on one position at one depth, with its contract.
 *
 * @module
 */

import type { Position } from "../../position.ts";
import {
  alphaBeta,
  iterativeDeepening,
  mcts,
  type MoveScorer,
  mtdf,
  negamax,
  pvs,
  quiescence,
  sssStar,
  TranspositionTable,
} from "../../search/mod.ts";
import { BYTES_PER_ENTRY } from "../../search/transposition_table.ts";
import { Chess } from "../../games/chess/mod.ts";
import { ConnectFour } from "../../games/connect_four.ts";
import {
  ConnectFourSolver,
  SOLVER_ALL,
  SOLVER_NON_LOSING,
  SOLVER_NULL_WINDOW,
  SOLVER_TABLE,
  SOLVER_THREAT_ORDER,
} from "../../games/connect_four_solver.ts";
import { nimSum } from "../../games/nim.ts";
import { CAPTURES_FIRST } from "../chess/orders.ts";
import type { AtlasPosition, GameId } from "./games.ts";

/**
 * - `baseline`: the column's reference (plain alpha-beta, or the solver with no feature);
 * - `sound`: the same value as alpha-beta at the same depth (asserted by the tests);
 * - `extends`: searches past the depth on purpose (quiescence): its value may differ;
 * - `selective`: prunes or reduces on a guess: may change the value;
 * - `replacement`: computes the value without a search (nim-sum);
 * - `different`: another kind of search (MCTS): only its move is compared.
 */
export type Contract =
  | "baseline"
  | "sound"
  | "extends"
  | "selective"
  | "replacement"
  | "different";

/** What one run of a technique on one position gave. */
export interface RunOutcome {
  value: number;
  move: number;
  nodes: number;
  /** Bytes of the tables the technique allocated (transposition table, MCTS tree). */
  memoryBytes: number;
  /** True when a node cap stopped it (minimax on a large tree): `nodes` is then a lower bound. */
  stopped?: boolean;
  /** The depth of the last finished root search (a deepening searcher's last iteration). */
  completedDepth?: number;
}

/** How a run is asked for. */
export interface RunRequest {
  game: GameId;
  item: AtlasPosition;
  /** Fixed depth; `undefined`: to the end. */
  depth: number | undefined;
  /** Node budget; the run stops past it and says so. */
  maxNodes: number;
  /** Plain alpha-beta's nodes on this position at this depth (MCTS gets as many). */
  baselineNodes: number;
}

/** Where a technique's code is, for its lines-of-code count (see {@linkcode countLines}). */
export interface CodeSource {
  /** A file under the checkout, e.g. `src/search/pvs.ts`. */
  file: string;
  /** Count only the code lines that match (the technique's identifiers); absent: the whole file. */
  pattern?: RegExp;
}

/** A row of the atlas. */
export interface Technique {
  id: string;
  /** The row's label. */
  name: string;
  contract: Contract;
  /** The columns it applies to. */
  games: readonly GameId[];
  /** Searches depth by depth itself: "depth within a budget" is its `completedDepth`. */
  deepening?: boolean;
  /** Its code, for the lines-of-code count. */
  code: readonly CodeSource[];
  /** The course's rows about it, e.g. `T000.5`. */
  claims?: readonly string[];
  /**
   * The technique whose nodes its power is measured against, when not the
   * column's baseline: quiescence searches captures first, so its cost is
   * that of captures-first alpha-beta (`"static-order"`), not of natural order.
   */
  shareOf?: string;
  /** Runs it; absent for a technique the library has no option for (then `missing` says why). */
  run?(position: Position, request: RunRequest): RunOutcome;
  /** Why a technique of the course is not measured. */
  missing?: string;
}

/** Games every alpha-beta variant applies to. */
const SEARCH_GAMES: readonly GameId[] = [
  "tree-as-is",
  "tree-best-first",
  "tic-tac-toe",
  "nim",
  "connect-four",
  "chess",
  "wac",
];

/** A node cap for minimax, which the atlas cannot afford to run to the end on every column. */
export const MINIMAX_NODE_CAP = 3_000_000;

/** The table size of the table techniques: 2^18 entries (6 MiB). */
export const ATLAS_TABLE_ENTRIES = 1 << 18;

const TREE_STATIC: MoveScorer = (position, move) => {
  position.play(move);
  const value = -position.evaluate();
  position.undo(move);
  return value;
};
const TTT_CELLS = [1, 0, 1, 0, 2, 0, 1, 0, 1];
const TTT_CENTRE: MoveScorer = (_position, move) => TTT_CELLS[move] ?? 0;
const C4_CENTRE: MoveScorer = (_position, move) => 3 - Math.abs(move - 3);

/**
 * The static ordering of each game: the child's static evaluation (trees),
 * centre first (tic-tac-toe, Connect Four), captures first by MVV-LVA
 * (chess); Nim has none.
 */
export function staticOrder(game: GameId): MoveScorer | undefined {
  switch (game) {
    case "tree-as-is":
    case "tree-best-first":
      return TREE_STATIC;
    case "tic-tac-toe":
      return TTT_CENTRE;
    case "connect-four":
      return C4_CENTRE;
    case "chess":
    case "wac":
      return CAPTURES_FIRST;
    default:
      return undefined;
  }
}

/** The half-width of the aspiration window, by game (a tenth of a typical swing). */
function aspirationDelta(game: GameId): number {
  return game === "tree-as-is" || game === "tree-best-first"
    ? 10
    : game === "chess" || game === "wac" || game === "connect-four"
    ? 50
    : 1;
}

const tableBytes = (tt: TranspositionTable) => tt.size * BYTES_PER_ENTRY;
const newTable = () => new TranspositionTable({ entries: ATLAS_TABLE_ENTRIES });

type Searched = {
  value: number;
  move: number;
  stats: { nodes: number };
  stoppedByBudget?: boolean;
  completedDepth?: number;
};
const outcome = (r: Searched, memoryBytes = 0): RunOutcome => ({
  value: r.value,
  move: r.move,
  nodes: r.stats.nodes,
  memoryBytes,
  stopped: r.stoppedByBudget === true,
  completedDepth: r.completedDepth,
});

function solverRun(features: number) {
  return (_position: Position, request: RunRequest): RunOutcome => {
    const solver = new ConnectFourSolver({ entries: 1 << 17, features });
    const result = solver.solve(ConnectFour.parse(request.item.moves!), {
      maxNodes: request.maxNodes,
    });
    return {
      value: result.score ?? Number.NaN,
      move: -1,
      nodes: result.nodes,
      memoryBytes: features & SOLVER_TABLE ? 8 * (1 << 17) : 0,
      stopped: result.stoppedByBudget,
    };
  };
}

const DEEP = "src/search/_deep_search.ts";
const ORDERING = "src/search/ordering.ts";

const SELECTIVE_GAMES: readonly GameId[] = [
  "tree-as-is",
  "connect-four",
  "chess",
  "wac",
];
const margins = (game: GameId) => game === "tree-as-is" ? [10, 30] : [100, 300];
const selective = (
  id: string,
  name: string,
  games: readonly GameId[],
  options: (game: GameId) => Record<string, unknown>,
  pattern: RegExp,
): Technique => ({
  id,
  name,
  contract: "selective",
  games,
  code: [{ file: DEEP, pattern }],
  run: (p, r) =>
    outcome(
      alphaBeta(p, {
        depth: r.depth,
        maxNodes: r.maxNodes,
        ...options(r.game),
      }),
    ),
});

/** The selective techniques of the shared deep node (off by default there). */
const SELECTIVE: readonly Technique[] = [
  selective("null-move", "null-move pruning (R = 2)", ["chess", "wac"], () => ({
    nullMove: {},
  }), /null/i),
  selective(
    "lmr",
    "late-move reductions",
    SELECTIVE_GAMES,
    () => ({ lateMoveReductions: {} }),
    /lateMove|reduc/i,
  ),
  selective("futility", "futility pruning", SELECTIVE_GAMES, (g) => ({
    futility: { margins: margins(g) },
  }), /futil/i),
  selective("razoring", "razoring", SELECTIVE_GAMES, (g) => ({
    razoring: { margins: margins(g) },
  }), /razor/i),
  selective(
    "check-extensions",
    "check extensions",
    ["chess", "wac"],
    () => ({ checkExtensions: true }),
    /checkExt|extension/i,
  ),
];

/** Every row, in the atlas's order. */
export const TECHNIQUES: readonly Technique[] = [
  {
    id: "minimax",
    name: "minimax / negamax (no pruning)",
    contract: "sound",
    games: SEARCH_GAMES.filter((g) => g !== "wac"),
    code: [{ file: "src/search/negamax.ts" }],
    run: (p, r) =>
      outcome(
        negamax(p, {
          depth: r.depth,
          maxNodes: Math.min(r.maxNodes, MINIMAX_NODE_CAP),
        }),
      ),
  },
  {
    id: "alpha-beta",
    name: "alpha-beta, natural order",
    contract: "baseline",
    games: SEARCH_GAMES,
    code: [{ file: "src/search/alpha_beta.ts" }],
    claims: ["T000.5"],
    run: (p, r) =>
      outcome(alphaBeta(p, { depth: r.depth, maxNodes: r.maxNodes })),
  },
  {
    id: "static-order",
    name: "static move ordering (centre / captures first)",
    contract: "sound",
    games: SEARCH_GAMES.filter((g) => g !== "nim"),
    code: [{ file: DEEP, pattern: /scorer/i }, {
      file: ORDERING,
      pattern: /scorer/i,
    }],
    claims: ["T000.5"],
    run: (p, r) =>
      outcome(
        alphaBeta(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          order: staticOrder(r.game)!,
        }),
      ),
  },
  {
    id: "killer",
    name: "killer moves",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: DEEP, pattern: /killer/i }, {
      file: ORDERING,
      pattern: /killer/i,
    }],
    run: (p, r) =>
      outcome(
        alphaBeta(p, { depth: r.depth, maxNodes: r.maxNodes, order: "killer" }),
      ),
  },
  {
    id: "history",
    name: "history heuristic",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: DEEP, pattern: /history/i }, {
      file: ORDERING,
      pattern: /history/i,
    }],
    run: (p, r) =>
      outcome(
        alphaBeta(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          order: "history",
        }),
      ),
  },
  {
    id: "tt-move-only",
    name: "transposition table, move only",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: DEEP, pattern: /tableCutoffs/ }],
    run: (p, r) => {
      const tt = newTable();
      return outcome(
        alphaBeta(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          tt,
          exactDepth: true,
          tableCutoffs: false,
        }),
        tableBytes(tt),
      );
    },
  },
  {
    id: "tt",
    name: "transposition table (bounds and depth)",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: "src/search/transposition_table.ts" }, {
      file: DEEP,
      pattern: /\btt\b|table|probe|store/i,
    }],
    run: (p, r) => {
      const tt = newTable();
      return outcome(
        alphaBeta(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          tt,
          exactDepth: true,
        }),
        tableBytes(tt),
      );
    },
  },
  {
    id: "deepening",
    name: "iterative deepening (no hint)",
    contract: "sound",
    games: SEARCH_GAMES,
    deepening: true,
    code: [{ file: "src/search/iterative_deepening.ts" }],
    run: (p, r) =>
      outcome(
        iterativeDeepening(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          previous: "none",
        }),
      ),
  },
  {
    id: "previous-move",
    name: "previous iteration's best move",
    contract: "sound",
    games: SEARCH_GAMES,
    deepening: true,
    code: [{
      file: "src/search/iterative_deepening.ts",
      pattern: /previous|pv/i,
    }, {
      file: DEEP,
      pattern: /ORDER_PV|pvMove|\bpv\b/,
    }],
    claims: ["T003.10"],
    run: (p, r) =>
      outcome(
        iterativeDeepening(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          previous: "move",
        }),
      ),
  },
  {
    id: "deepening-tt",
    name: "deepening + table + previous move",
    contract: "sound",
    games: SEARCH_GAMES,
    deepening: true,
    code: [{ file: "src/search/iterative_deepening.ts" }, {
      file: "src/search/transposition_table.ts",
    }],
    run: (p, r) => {
      const tt = newTable();
      return outcome(
        iterativeDeepening(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          previous: "move",
          tt,
          exactDepth: true,
        }),
        tableBytes(tt),
      );
    },
  },
  {
    id: "aspiration",
    name: "aspiration windows (deepening, previous move)",
    contract: "sound",
    games: SEARCH_GAMES,
    deepening: true,
    code: [{ file: "src/search/aspiration.ts" }, {
      file: "src/search/iterative_deepening.ts",
      pattern: /aspiration|delta|research/i,
    }],
    run: (p, r) =>
      outcome(
        iterativeDeepening(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          previous: "move",
          aspirationDelta: aspirationDelta(r.game),
        }),
      ),
  },
  {
    id: "pvs",
    name: "PVS / NegaScout",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: "src/search/pvs.ts" }],
    run: (p, r) => outcome(pvs(p, { depth: r.depth, maxNodes: r.maxNodes })),
  },
  {
    id: "mtdf",
    name: "MTD(f) (guess 0, with a table)",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: "src/search/mtdf.ts" }],
    run: (p, r) => {
      const tt = newTable();
      return outcome(
        mtdf(p, { depth: r.depth, maxNodes: r.maxNodes, tt, exactDepth: true }),
        tableBytes(tt),
      );
    },
  },
  {
    id: "sss",
    name: "SSS* (as MT-SSS*)",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: "src/search/sss_star.ts" }],
    run: (p, r) =>
      outcome(sssStar(p, { depth: r.depth, maxNodes: r.maxNodes })),
  },
  {
    id: "etc",
    name: "enhanced transposition cutoffs",
    contract: "sound",
    games: SEARCH_GAMES,
    code: [{ file: DEEP, pattern: /enhancedCutoffs|etc/i }],
    run: (p, r) => {
      const tt = newTable();
      return outcome(
        alphaBeta(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          tt,
          exactDepth: true,
          enhancedCutoffs: true,
        }),
        tableBytes(tt),
      );
    },
  },
  {
    id: "quiescence",
    name: "quiescence (captures)",
    contract: "extends",
    shareOf: "static-order",
    games: ["chess", "wac"],
    code: [{ file: "src/search/quiescence.ts" }, {
      file: DEEP,
      pattern: /quiesc|noisy/i,
    }],
    run: (p, r) =>
      outcome(
        quiescence(p, {
          depth: r.depth,
          maxNodes: r.maxNodes,
          order: CAPTURES_FIRST,
        }),
      ),
  },
  {
    id: "quiescence-checks",
    name: "quiescence (captures and checks)",
    contract: "extends",
    shareOf: "static-order",
    games: ["chess", "wac"],
    code: [{ file: "src/search/quiescence.ts" }, {
      file: DEEP,
      pattern: /quiesc|noisy/i,
    }, { file: "src/games/chess/position.ts", pattern: /noisyChecks/ }],
    run: (_p, r) =>
      outcome(
        quiescence(Chess.fromFen(r.item.fen!, { noisyChecks: true }), {
          depth: r.depth,
          maxNodes: r.maxNodes,
          order: CAPTURES_FIRST,
        }),
      ),
  },
  ...SELECTIVE,
  {
    id: "grundy",
    name: "nim-sum (Sprague–Grundy) instead of search",
    contract: "replacement",
    games: ["nim"],
    code: [{ file: "src/games/nim.ts", pattern: /nimSum|\^/ }],
    run: (_p, r) => {
      const heaps = r.item.label.split(",").map(Number);
      // The value's sign: the side to move wins exactly when the nim-sum is not 0.
      return {
        value: nimSum(heaps) !== 0 ? 1 : -1,
        move: -1,
        nodes: 0,
        memoryBytes: 0,
      };
    },
  },
  {
    id: "mcts",
    name: "MCTS (UCT), as many nodes as alpha-beta",
    contract: "different",
    games: [
      "tree-as-is",
      "tree-best-first",
      "tic-tac-toe",
      "nim",
      "connect-four",
    ],
    code: [{ file: "src/search/mcts.ts" }],
    run: (p, r) => {
      const result = mcts(p, {
        maxNodes: Math.max(r.baselineNodes, 2),
        seed: 1,
      });
      return {
        value: result.value,
        move: result.move,
        nodes: result.stats.nodes,
        memoryBytes: 0,
      };
    },
  },
  {
    id: "solver-none",
    name: "solver: plain negamax alpha-beta (no feature)",
    contract: "baseline",
    games: ["connect-four-solver"],
    code: [{ file: "src/games/_solver_engine.ts", pattern: /negamax/i }],
    run: solverRun(0),
  },
  {
    id: "solver-table",
    name: "solver: transposition table",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [{
      file: "src/games/_solver_engine.ts",
      pattern: /SOLVER_TABLE|table/,
    }],
    run: solverRun(SOLVER_TABLE),
  },
  {
    id: "solver-null-window",
    name: "solver: null-window probes",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [{
      file: "src/games/_solver_engine.ts",
      pattern: /NULL_WINDOW|probe/,
    }],
    run: solverRun(SOLVER_NULL_WINDOW),
  },
  {
    id: "solver-non-losing",
    name: "solver: only moves that do not lose at once",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [{
      file: "src/games/_solver_engine.ts",
      pattern: /NON_LOSING|nonLosing|possible/,
    }],
    run: solverRun(SOLVER_NON_LOSING),
  },
  {
    id: "solver-threat-order",
    name: "solver: threat ordering",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [{
      file: "src/games/_solver_engine.ts",
      pattern: /THREAT|threat|score/,
    }],
    run: solverRun(SOLVER_THREAT_ORDER),
  },
  {
    id: "solver-all",
    name: "solver: every feature",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [{ file: "src/games/_solver_engine.ts" }],
    run: solverRun(SOLVER_ALL),
  },
  {
    id: "symmetry",
    name: "solver: mirror symmetry",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [],
    missing:
      "the solver's table does not merge mirror positions (only the opening book uses symmetricKey)",
  },
  {
    id: "book",
    name: "opening book",
    contract: "sound",
    games: ["connect-four-solver"],
    code: [],
    missing:
      "the book answers only openings of a few plies; the graded positions are later (see notebook 07)",
  },
];

/**
 * Lines of code of a technique, by a stated rule: a technique with a file of
 * its own counts that file's code lines; one woven into a shared file counts
 * the code lines there that name it (its `pattern`). Code lines are the
 * non-blank lines outside comments (`//` lines, JSDoc and block comments).
 *
 * @param sources the technique's {@linkcode CodeSource}s
 * @param read reads a file of the checkout (default: from disk)
 * @returns the count (0 when the technique has no code)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countLines } from "./techniques.ts";
 * const text = "/** doc *\/\nconst a = 1; // killer\n\n// killer\nconst b = 2;\n";
 * assert.equal(countLines([{ file: "x.ts" }], () => text), 2);
 * assert.equal(countLines([{ file: "x.ts", pattern: /killer/ }], () => text), 1);
 * ```
 */
export function countLines(
  sources: readonly CodeSource[],
  read: (file: string) => string = (file) =>
    Deno.readTextFileSync(new URL(`../../../${file}`, import.meta.url)),
): number {
  let total = 0;
  for (const { file, pattern } of sources) {
    let inComment = false;
    for (const raw of read(file).split("\n")) {
      const line = raw.trim();
      if (inComment) {
        if (line.includes("*/")) inComment = false;
        continue;
      }
      if (line.startsWith("/*")) {
        if (!line.includes("*/")) inComment = true;
        continue;
      }
      if (line === "" || line.startsWith("//")) continue;
      if (pattern === undefined || pattern.test(line)) total++;
    }
  }
  return total;
}
