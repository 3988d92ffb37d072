/**
 * The options every searcher of lessons 002–003 shares.
 *
 * @module
 */

import type { OrderOption } from "./ordering.ts";
import type { SearchOptions } from "./search_result.ts";
import type { TranspositionTable } from "./transposition_table.ts";

/** Options every searcher of lessons 002–003 accepts. */
export interface DeepSearchOptions extends SearchOptions {
  /**
   * A transposition table (kept between calls: `clear()` it to start
   * afresh). An entry searched at least as deep as a node needs answers it,
   * so a table that holds a deeper search's entries, or a game that reaches
   * one position at several depths, can give a depth-limited search a
   * deeper value than `minimax(position, { depth })`; `exactDepth` prevents
   * that (see {@linkcode alphaBeta} for the whole contract).
   */
  tt?: TranspositionTable;
  /**
   * Move ordering (default `"tt"` with a table, `"natural"` without);
   * `"pv"` only where a previous iteration sets the line it follows
   * (iterative deepening unless `previous` is `"none"`, aspiration without
   * a guess).
   */
  order?: OrderOption;
  /** Clamp every result into the node's window (T002.1); default false (fail-soft). */
  failHard?: boolean;
  /**
   * Use a table entry only when it was searched to exactly the depth a node
   * needs by a search of the same fixed-depth kind (or its subtree ended
   * within it), so that with `depth` the value is always
   * `minimax(position, { depth })`'s, even when a position is reached at
   * different depths (Nim) or the table holds entries of a deeper search,
   * of a default-rule search, of `quiescence` or of a selective technique:
   * those carry a different kind ({@linkcode TranspositionTable.kind}) and
   * are searched again, never trusted. With `quiescence` the value is that
   * of the fixed-depth tree with quiescence at its horizon, likewise. With a
   * selective technique or `checkExtensions` the search's own values are no
   * fixed-depth tree's (see each technique's contract), so it stores them
   * without a kind and cuts only on entries of subtrees that ended: more
   * nodes, and no other search's value. Default false: the engine rule,
   * where any entry at least as deep answers (fewer nodes, and a value that
   * may come from deeper).
   */
  exactDepth?: boolean;
  /**
   * A stop flag another thread may raise (`Atomics.store(flag, 0, 1)`, the
   * flag an `Int32Array` over a `SharedArrayBuffer`): read with the clock
   * every 1,024 nodes, a non-zero first element stops the search as a spent
   * `timeMs` does (`stoppedByBudget`); iterative deepening always finishes
   * depth 1 first, so it has a move. This is how a UCI engine answers
   * `stop` during a long iteration.
   */
  interrupt?: Int32Array;
  /**
   * Size of the history table, an integer in 1…2^24: moves must be below it
   * (default `position.moveLimit`, else `position.maxMoves`). Used only when
   * `order` has `"history"` or `"quiet-history"`.
   */
  maxMove?: number;
  /**
   * Null-move pruning (selective; off by default, `false` is off too): at a
   * node at least `minDepth` plies from the horizon whose static evaluation
   * is at least beta, the side to move passes (`position.playNull()`) and a
   * null-window search `reduction` plies shallower than usual follows; if
   * even after a pass the opponent cannot get below beta, the node is cut
   * with beta. Contract: may change the value, since it assumes a move is
   * always better than passing, false in zugzwang; sound (same value as
   * alpha-beta at the same depth) only where no side is ever better off
   * passing. Not tried at the root, in check, after another null move, or
   * where `position.nullMoveAllowed()` says no. Needs `playNull` and
   * `undoNull` on the position (chess has them).
   */
  nullMove?: NullMoveOptions | false;
  /**
   * Late-move reductions (selective; off by default): quiet moves after the
   * first `fullMoves` of a node at least `minDepth` plies from the horizon,
   * not in check (the root excepted: there the test is not made, as in the
   * games the atlas's engine has played; a change waits for its next
   * leave-one-out run) and not giving check, are searched `reduction` plies
   * shallower with a null window; only a move that then beats alpha is
   * searched again at full depth. Contract: may change the value (a move
   * that looks bad when reduced but is good at full depth is missed); sound
   * only when the reduced search never misjudges a move that beats alpha.
   * Uses `isQuiet` and `isCheck` when the position has them.
   */
  lateMoveReductions?: LateMoveReductionOptions | false;
  /**
   * Futility pruning (selective; off by default): at a node `d` plies from
   * the horizon, `d` at most `margins.length`, not in check, the quiet moves
   * after the first are skipped when the static evaluation plus
   * `margins[d − 1]` is at most alpha. Contract: may change the value; sound
   * when no quiet move can gain more than the margin within `d` plies.
   */
  futility?: MarginOptions | false;
  /**
   * Razoring (selective; off by default): at a node `d` plies from the
   * horizon (`d` at most `margins.length`, not at the root, not in check)
   * whose static evaluation plus `margins[d − 1]` is at most alpha, the
   * node is settled at once by a quiescence search (quiescence on and noisy
   * moves present) or the static evaluation, if that fails low too.
   * Contract: may change the value; sound when no line of `d` plies can
   * gain more than the margin over the quiescence value.
   */
  razoring?: MarginOptions | false;
  /**
   * Reverse futility pruning, the static null move (selective; off by
   * default): at a non-PV node (a null window) `d` plies from the horizon,
   * `d` at most `maxDepth`, not at the root and not in check, whose static
   * evaluation minus `margin · d` is still at least beta, the node returns
   * its static evaluation at once (fail-soft: a lower bound at or above
   * beta that no search proved). Never when beta or the static value is
   * decisive (|v| ≥ 50,000, a chess mate score). Contract: may change the
   * value; sound when the side not to move can never recover more than
   * `margin` per ply. Useful with `pvs` (iterative deepening), which gives
   * most nodes a null window.
   */
  reverseFutility?: ReverseFutilityOptions | false;
  /**
   * Late-move pruning, move-count pruning (selective; off by default): at a
   * non-PV node `d` plies from the horizon, `d` at most `maxDepth`, not at
   * the root and not in check, once `baseMoves + d²` quiet moves after the
   * first have been reached the remaining quiet moves are skipped, unless
   * the best value so far is a decisive loss (|v| ≥ 50,000) or the move
   * gives check (a quiet mate that quiescence would not see either; tested
   * with `isCheck` when the position has it). The result is
   * the searched moves' (fail-soft over them). Contract: may change the
   * value (a good late quiet move is never seen); sound only when the order
   * puts every move that matters within the quota. Uses `isQuiet` when the
   * position has it (otherwise every move counts as quiet).
   */
  lateMovePruning?: LateMovePruningOptions | false;
  /**
   * Exchange pruning (selective; off by default): at a non-PV node `d`
   * plies from the horizon, `d` at most `maxDepth`, not at the root and not
   * in check, a move after the first whose static exchange
   * (`position.staticExchange`) is below `−quietMargin · d` (a quiet move:
   * it leaves its piece where it is lost) or `−captureMargin · d` (a
   * capture) is skipped, unless the best value so far is a decisive loss.
   * Contract: may change the value (a sacrifice that pays off later is
   * never searched); sound only when no move that loses that much material
   * by exchange can be the best. Needs `staticExchange`.
   */
  exchangePruning?: ExchangePruningOptions | false;
  /**
   * Singular extensions (selective; off by default): at a node `d` plies
   * from the horizon, `d` at least `minDepth`, not at the root, whose table
   * entry is a lower bound (or exact) of a value `v` that is not decisive,
   * searched at least `d − 3` plies, with a move: the node is searched
   * again without that move, at `⌊(d − 1) / 2⌋` plies with a null window at
   * `v − margin · d`. If every other move fails low there, the table's move
   * is singular (forced) and is searched a ply deeper; if they reach that
   * bound and it is at or above beta, the node fails high with it without
   * searching its moves (several moves refute the line). The test's search
   * neither prunes before its moves, nor reads or writes the table's
   * values, nor tries the other cutoffs by the table. Contract: may change
   * the value (like the null move, the fail high is a guess from a
   * shallower search, and an extension makes one line deeper than the
   * rest). Needs `tt`.
   */
  singularExtensions?: SingularExtensionsOptions | false;
  /**
   * "Improving" (selective; off by default): a node whose static value is
   * above that of the node two plies up (the same side to move; true when
   * that one was in check or not evaluated) is improving. Reverse futility
   * then prunes with one ply less of margin (`margin · (d − 1)`); at a node
   * that is not improving, late-move pruning keeps half its quota of quiet
   * moves and late-move reductions reduce one ply more (still leaving at
   * least 1 ply). Contract: that of the techniques it adjusts; refused
   * unless one of `reverseFutility`, `lateMovePruning` and
   * `lateMoveReductions` is on.
   */
  improving?: boolean;
  /**
   * Check extensions (selective; off by default): a node whose side to move
   * is in check searches one ply deeper, while fewer than twice the root
   * depth plies from the root. Contract: may change the value (it searches
   * more than alpha-beta at the same depth, so the value is a deeper
   * search's); sound in the sense that no move is skipped. Needs `isCheck`.
   */
  checkExtensions?: boolean;
  /**
   * Quiescence leaves out the captures that lose material by static exchange
   * (selective; off by default): at a quiescence node a capture whose
   * `staticExchange` is below 0 is not searched, as engines prune them (the
   * side to move may still stand pat). Contract: may change the value (an
   * exchange that loses on the board but wins by what follows is not seen);
   * the main search is unchanged. Needs `staticExchange`.
   */
  skipLosingCaptures?: boolean;
  /**
   * Quiescence searches every move out of check (selective; off by default):
   * a quiescence node whose side to move is in check does not stand pat (a
   * side in check has no quiet alternative it could keep) but searches
   * every legal move, so a capture that checks and forks is answered by the
   * evasions and what follows them; within the first 32 plies of a
   * quiescence search (beyond them, a chain of checks is cut off with the
   * stand-pat rule, so the search always ends). Contract: may change the
   * value (it searches more than captures-only quiescence); the main search
   * is unchanged. Needs `isCheck`.
   */
  quiescenceEvasions?: boolean;
  /**
   * The transposition table in quiescence (off by default): each quiescence
   * node that stands pat or searches captures probes the table, cuts on an
   * entry of any depth whose bound settles its window, and stores its result
   * at depth 0 (which no node of the main search, at depth 1 or more, cuts
   * on). Contract: the value of quiescence over the same captures where the
   * table holds only this search's quiescence entries; an entry of a
   * deeper search can give a deeper value, as in the main search. Needs
   * `tt` and a quiescence search (`quiescence: true`, or the `quiescence`
   * searcher), and is refused with `exactDepth`.
   */
  quiescenceTable?: boolean;
  /**
   * Whether table entries may settle a node (default true). With `false`
   * the table serves move ordering only: each node still probes it for the
   * stored best move and still stores its result, but no entry's bound ever
   * settles a node or narrows its window (the course's "transposition table,
   * move only" against "bounds and depth"). Contract: sound, the value is
   * alpha-beta's at the same depth (so `minimax(position, { depth })`'s
   * whatever the table holds), at the cost of more nodes than with cutoffs.
   * Cannot be combined with `enhancedCutoffs`, which settles nodes from the
   * table too.
   */
  tableCutoffs?: boolean;
  /**
   * Enhanced transposition cutoffs (ETC; Plaat, Schaeffer, Pijls and de
   * Bruin 1996; default false): before searching the moves of a node at
   * least two plies from the horizon (not the root), each child is played,
   * its key looked up and the move undone; if a child's entry, deep enough
   * for that child under the table rule in force (`exactDepth` or the
   * default), bounds the child's value from above so far that this node's
   * value is at least beta, the node is cut at once without searching any
   * child. Those probes are counted in `stats.etcProbes`, not in `nodes`;
   * cuts in `stats.etcCutoffs` (and `ttCutoffs`). Contract: sound, the same
   * value as alpha-beta at the same depth under the table contract of
   * `tt` (with `exactDepth`, `minimax(position, { depth })`'s), since each
   * cut is one the child's own table probe would have made. Needs `tt`.
   */
  enhancedCutoffs?: boolean;
}

/** The `nullMove` option of {@linkcode DeepSearchOptions}. */
export interface NullMoveOptions {
  /** Plies the null-move search is reduced by, beyond the pass's own (integer 1…16, default 2). */
  reduction?: number;
  /** Fewest plies to the horizon at which a null move is tried (integer 1…64, default 3). */
  minDepth?: number;
  /**
   * Depth-adaptive reduction (integer 1…64; absent: the fixed `reduction`
   * at every node, as before): a node `d` plies from the horizon reduces
   * the null-move search by `reduction + floor(d / depthDivisor)` (engines:
   * 3 + d/3), leaving at least 1 ply (a pass straight into quiescence
   * would miss a quiet mate in one), and tries it only at non-PV nodes (a
   * null window) and never when beta is decisive (|beta| ≥ 50,000, a chess
   * mate score).
   */
  depthDivisor?: number;
  /**
   * Reduction by the static value's lead over beta (integer
   * 1…1,000,000; absent: none; needs `depthDivisor`): another
   * `min(3, floor((static − beta) / evalDivisor))` plies, still leaving at
   * least 1 ply (engines: 200 centipawns a ply).
   */
  evalDivisor?: number;
}

/** The `lateMoveReductions` option of {@linkcode DeepSearchOptions}. */
export interface LateMoveReductionOptions {
  /** Moves searched at full depth before any is reduced (integer 1…256, default 3). */
  fullMoves?: number;
  /** Fewest plies to the horizon at which a move is reduced (integer 2…64, default 3). */
  minDepth?: number;
  /** Plies a late move is reduced by (integer 1…16, default 1; never below the horizon). */
  reduction?: number;
  /**
   * `"fixed"` (default): `reduction` plies for every late move. `"log"`:
   * the common engine table `floor(0.75 + ln(d) · ln(n) / 2.25)` for the
   * `n`-th move (from 1) of a node `d` plies from the horizon, one ply less
   * at a PV node, never leaving less than 1 ply (see `lmrLogReduction`);
   * `reduction` is then refused. A reduced move that beats alpha is searched
   * again at full depth (null window first under PVS, then the window).
   */
  formula?: "fixed" | "log";
  /**
   * Reduction by the move's standing (integer 1…2^24; absent: none; needs
   * `order` with `"quiet-history"`): a quiet killer of the node's ply is
   * reduced one ply less, and every quiet move `trunc(h / historyDivisor)`
   * plies less for its quiet-history entry h (more for a negative entry),
   * never below 0 nor leaving less than 1 ply.
   */
  historyDivisor?: number;
}

/** The `reverseFutility` option of {@linkcode DeepSearchOptions}. */
export interface ReverseFutilityOptions {
  /** Margin per ply to the horizon (integer 1…1,000,000, required; chess: centipawns). */
  margin: number;
  /** Most plies to the horizon at which a node is pruned (integer 1…64, default 6). */
  maxDepth?: number;
}

/** The `lateMovePruning` option of {@linkcode DeepSearchOptions}. */
export interface LateMovePruningOptions {
  /** Most plies to the horizon at which quiet moves are skipped (integer 1…64, default 3). */
  maxDepth?: number;
  /** Quiet moves kept at depth d: `baseMoves + d²` (integer 0…256, default 3). */
  baseMoves?: number;
}

/** The `exchangePruning` option of {@linkcode DeepSearchOptions}. */
export interface ExchangePruningOptions {
  /** Per ply to the horizon, how much a quiet move may lose by exchange (integer 0…1,000,000, default 60). */
  quietMargin?: number;
  /** Per ply to the horizon, how much a capture may lose by exchange (integer 0…1,000,000, default 100). */
  captureMargin?: number;
  /** Most plies to the horizon at which a move is skipped (integer 1…64, default 6). */
  maxDepth?: number;
}

/** The `singularExtensions` option of {@linkcode DeepSearchOptions}. */
export interface SingularExtensionsOptions {
  /** Least plies to the horizon at which the table's move is tested (integer 4…64, default 8). */
  minDepth?: number;
  /** The margin below the entry's value per ply to the horizon (integer 0…1,000,000, default 2). */
  margin?: number;
}

/** The `futility` and `razoring` options of {@linkcode DeepSearchOptions}. */
export interface MarginOptions {
  /**
   * Margin per distance to the horizon: `margins[d − 1]` for a node `d`
   * plies from it; 1 to 16 integers, each 0…VALUE_INFINITE, in the game's
   * evaluation units (chess: centipawns).
   */
  margins: readonly number[];
}
