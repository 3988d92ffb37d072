/**
 * Monte Carlo tree search with the UCT rule (Kocsis and Szepesvári 2006, as
 * the survey of Browne et al. 2012 writes it): grow a tree one node per
 * iteration, pick children by UCB1, finish each iteration with a uniformly
 * random playout to the end of the game, and back the result up the path.
 * It needs no evaluation function, only the rules: the searcher that users
 * of OpenSpiel and aima-python expect beside alpha-beta (issue 10).
 *
 * The tree lives in typed arrays indexed by slot (a slot is a child edge:
 * its move, visits, score, first child and child count), grown by doubling,
 * never per node; the playouts use one growable move stack. Nothing is
 * allocated per iteration.
 *
 * ## One iteration
 *
 * Each iteration of {@linkcode mcts} walks down the tree from the root,
 * taking at every node an untried child if one is left (untried children are
 * taken in a seeded random order) and otherwise the child of highest UCB1
 * score `q + c·√(ln N / n)`, where `q` in [0, 1] is the child's mean result
 * for the player who moves into it (win 1, draw ½, loss 0), `n` its visits,
 * `N` the parent's and `c` the `exploration` option. The first position not
 * yet in the tree is added to it, a playout of uniformly random legal moves
 * (seeded) runs from there to the end of the game, and the result is backed
 * up along the path, its sign flipping at every ply (sides alternate, as in
 * negamax).
 *
 * The result of a finished game is read from the sign of `evaluate()` at
 * the terminal position, from the side to move's view: positive a win,
 * negative a loss, zero a draw; the margin is ignored (a Connect Four win
 * by 18 counts like one by 1).
 *
 * ## The result
 *
 * `move`: the most visited root move (ties: better mean, then the earlier
 * expanded); `pv`: the most visited line from the root, down to the first
 * unexpanded node; `value`: that move's mean result from the root's side to
 * move, in [−1, 1] times {@linkcode MCTS_VALUE_SCALE} (1000: every playout
 * through it won, −1000: every one lost); at a terminal root, or one with
 * no legal move, move −1, an empty pv and the sign of `evaluate()` times
 * 1000 (one node, one leaf, no playout); `stats`
 * ({@linkcode MctsStats}), with `playouts` and `nodes`.
 *
 * ## Budgets
 *
 * `playouts`, `maxNodes` (positions visited, see
 * {@linkcode MctsStats.nodes}; `Infinity`: no node limit) and `timeMs`
 * (`Infinity`: no time limit, as for the other searchers); the
 * search stops before an
 * iteration when any budget given is spent, so `nodes` may pass `maxNodes`
 * by less than one iteration, and at least one iteration always runs, even
 * when `timeMs` is spent before it starts: at a root with a legal move,
 * `move` is always a legal move. With no finite budget (none given, or
 * only `maxNodes` or `timeMs` `Infinity`), {@linkcode MCTS_DEFAULT_PLAYOUTS} playouts. Without a finite `timeMs`, the same
 * seed gives the same result on every machine. Bounds whatever the budgets:
 * the tree stops growing at {@linkcode MCTS_MAX_TREE_SLOTS} slots
 * (`stoppedBy` `"treeSlots"`), and a playout still running
 * {@linkcode MCTS_MAX_PLAYOUT_PLIES} plies from the root counts as a draw
 * (`stats.truncatedPlayouts`).
 *
 * ## MCTS-Solver
 *
 * With `solver: true` it is MCTS-Solver (see {@linkcode MctsOptions.solver}):
 * a root proven won returns a winning move with value 1000 as soon as the
 * proof is complete; a move proven lost is never chosen while another is
 * not; without it (the default) nothing differs from plain UCT.
 *
 * ## Errors
 *
 * An unknown option key or a bad option value is an `Error` naming it.
 * Budgets that are not integers in range (`playouts` 1…10^9, `maxNodes`
 * 1…2^53 − 1 or `Infinity`), a `timeMs` that is not a positive number or
 * `Infinity`, NaN, 0 and negative numbers included, are errors, and so is an
 * `exploration` of null (only an absent one takes the default). The position is left exactly as
 * found, also when the search throws.
 *
 * @example The same seed gives the same search
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcts, TicTacToe } from "../../mod.ts";
 * const a = mcts(TicTacToe.empty(), { playouts: 500, seed: 7 });
 * const b = mcts(TicTacToe.empty(), { playouts: 500, seed: 7 });
 * assert.deepEqual(a, b);
 * ```
 *
 * @module
 */

import { type Move, NO_MOVE, type Position, type Value } from "../position.ts";
import { Random } from "../random.ts";
import type { SearchStats } from "../stats.ts";
import {
  checkBoolean,
  checkInteger,
  checkNonNegative,
  describe,
  readOptions,
} from "../validate.ts";
import type { SearchResult } from "./search_result.ts";
import {
  allocatingForMoves,
  checkedCount,
  checkedValue,
  checkMaxMoves,
  checkPosition,
} from "./_search_context.ts";

/** Options of {@linkcode mcts}. */
export interface MctsOptions {
  /** Stop after this many playouts (1…10^9). */
  playouts?: number;
  /**
   * Stop once this many positions have been visited (`stats.nodes`; an
   * integer 1…2^53 − 1, or `Infinity`: no node limit, so that without
   * `playouts` or `timeMs` the default {@linkcode MCTS_DEFAULT_PLAYOUTS}
   * apply).
   */
  maxNodes?: number;
  /**
   * Stop after this many milliseconds (a positive number, or `Infinity`: no
   * time limit); a finite one makes the result machine-dependent.
   */
  timeMs?: number;
  /** The UCB1 exploration constant c (a finite number ≥ 0; default {@linkcode MCTS_DEFAULT_EXPLORATION}). */
  exploration?: number;
  /** Seed of the playouts and of the order untried moves are expanded in (integer 0…2^32 − 1, default 0). */
  seed?: number;
  /**
   * MCTS-Solver (Winands, Björnsson and Saito 2008): finished games in the
   * tree are proven results, backed up as minimax does (a position with a
   * move to a position proven lost for the opponent is proven won; one
   * whose moves all lead to proven results is proven at the best of them,
   * draws included); selection skips proven children, the search stops
   * once the root is proven (`stoppedBy` `"solved"`) and a proven root's
   * move is a best one. Default false: plain UCT, the same search as
   * before the option existed.
   */
  solver?: boolean;
}

/** What {@linkcode mcts} counts. */
export interface MctsStats extends SearchStats {
  /**
   * Positions visited, counted at every visit as alpha-beta counts its
   * nodes: per iteration the root, every tree node on the way down, the new
   * node and every position of the playout. This is the cost compared with
   * alpha-beta "at equal nodes", and what `maxNodes` bounds.
   */
  nodes: number;
  /**
   * Calls of `evaluate()`: one per iteration whose playout reached a
   * position with no move (a finished game), none for a playout cut at
   * {@linkcode MCTS_MAX_PLAYOUT_PLIES}; 1 at a terminal root.
   */
  leaves: number;
  /** Always 0: MCTS cuts nothing. */
  cutoffs: number;
  /** MCTS has no course reference code to count lines of: `steps` equals `nodes`. */
  steps: number;
  /** Playouts run (iterations: each ends with one result backed up). */
  playouts: number;
  /** Positions held in the tree (the root included), each visited at least once. */
  treeNodes: number;
  /** Moves played in playouts, below the tree. */
  playoutMoves: number;
  /** Deepest tree node reached, in plies from the root. */
  treeDepth: number;
  /** True when a budget ended the search; false when the root was terminal, or proven (`solver`). */
  stoppedByBudget: boolean;
  /**
   * Which budget ended the search: `"playouts"`, `"maxNodes"`, `"timeMs"`,
   * `"treeSlots"` (the tree reached {@linkcode MCTS_MAX_TREE_SLOTS}),
   * `"solved"` (with `solver`, the root's result is proven; then
   * `stoppedByBudget` is false), or `null` (terminal root).
   */
  stoppedBy:
    | "playouts"
    | "maxNodes"
    | "timeMs"
    | "treeSlots"
    | "solved"
    | null;
  /**
   * Playouts cut at {@linkcode MCTS_MAX_PLAYOUT_PLIES} plies from the root
   * (a game that had not ended by then) and scored as draws.
   */
  truncatedPlayouts: number;
}

/** What {@linkcode mcts} returns. */
export type MctsResult = SearchResult<MctsStats>;

/**
 * Slots the tree may hold (2^25: about 800 MB of typed arrays): a search
 * whose budgets would grow it further stops before the iteration that could
 * pass it, with `stoppedBy` `"treeSlots"`.
 */
export const MCTS_MAX_TREE_SLOTS = 1 << 25;

/**
 * Plies from the root after which a playout stops and counts as a draw: a
 * game without an end would otherwise never finish its first playout.
 */
export const MCTS_MAX_PLAYOUT_PLIES = 1 << 16;

/** Playouts when no budget is given. */
export const MCTS_DEFAULT_PLAYOUTS = 10_000;

/**
 * The default exploration constant: √2, the constant of UCB1 for rewards in
 * [0, 1] (Auer et al. 2002), which is the scale used here (win 1, draw ½,
 * loss 0).
 */
export const MCTS_DEFAULT_EXPLORATION: number = Math.SQRT2;

/**
 * The scale of {@linkcode mcts}'s `value`: the mean result in [−1, 1]
 * times this, rounded, so values stay small integers like the other
 * searchers'.
 */
export const MCTS_VALUE_SCALE = 1000;

const KNOWN_OPTIONS = [
  "playouts",
  "maxNodes",
  "timeMs",
  "exploration",
  "seed",
  "solver",
] as const;

/** The largest playout budget: scores (2 per win) stay within an Int32Array. */
const MAX_PLAYOUTS = 1_000_000_000;

/** Slots allocated at first when the budget does not bound the tree more tightly. */
const INITIAL_SLOTS = 1 << 14;

/**
 * The tree as parallel typed arrays indexed by slot. Slot 0 is the root;
 * the children of a node are `childCount` consecutive slots from
 * `firstChild` (−1 while the node is not expanded). `score` holds twice the
 * sum of results from the view of the player who made the slot's move
 * (win 2, draw 1, loss 0), so it stays an integer.
 */
class Tree {
  move: Int32Array;
  visits: Int32Array;
  score: Int32Array;
  firstChild: Int32Array;
  childCount: Int32Array;
  /** Children already visited at least once: they are the first `tried` of the block. */
  tried: Int32Array;
  /**
   * MCTS-Solver's proofs, from the view of the player who made the slot's
   * move: 0 unknown, else the proven result plus 2 (1 loss, 2 draw, 3 win).
   */
  proof: Int8Array;
  used = 1;

  constructor(capacity: number) {
    this.move = new Int32Array(capacity);
    this.visits = new Int32Array(capacity);
    this.score = new Int32Array(capacity);
    this.firstChild = new Int32Array(capacity).fill(-1);
    this.childCount = new Int32Array(capacity);
    this.tried = new Int32Array(capacity);
    this.proof = new Int8Array(capacity);
    this.move[0] = NO_MOVE;
  }

  /** Makes room for `extra` more slots (doubling: amortised, never per node). */
  reserve(extra: number): void {
    const needed = this.used + extra;
    if (needed <= this.move.length) return;
    let capacity = this.move.length * 2;
    while (capacity < needed) capacity *= 2;
    const grow = (old: Int32Array, fill: number) => {
      const next = new Int32Array(capacity);
      if (fill !== 0) next.fill(fill, old.length);
      next.set(old);
      return next;
    };
    this.move = grow(this.move, 0);
    this.visits = grow(this.visits, 0);
    this.score = grow(this.score, 0);
    this.firstChild = grow(this.firstChild, -1);
    this.childCount = grow(this.childCount, 0);
    this.tried = grow(this.tried, 0);
    const proof = new Int8Array(capacity);
    proof.set(this.proof);
    this.proof = proof;
  }
}

/** A growable Int32Array stack (moves played, slots on the path). */
function grown(
  stack: Int32Array<ArrayBuffer>,
  length: number,
): Int32Array<ArrayBuffer> {
  if (length < stack.length) return stack;
  const next = new Int32Array(Math.max(length + 1, stack.length * 2));
  next.set(stack);
  return next;
}

/**
 * UCT Monte Carlo tree search (Kocsis, Szepesvári 2006; no course row): each
 * iteration walks down by UCB1, adds a node, plays a seeded random game out.
 *
 * Bound contract: there is no window, so no value falls outside one; `value`
 * is the chosen move's mean playout result, an estimate that bounds nothing,
 * exact only at a terminal root or, with `solver`, for a proven move.
 *
 * @param position the root; left exactly as found, also when it throws
 * @param options budgets, `exploration`, `seed`, `solver`
 * @returns most visited move and line, mean result ×1000, {@linkcode MctsStats}
 * @throws {Error} on an unknown option key or a bad option value, naming it
 *
 * @example MCTS finds the winning column of a Connect Four position
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, mcts } from "../../mod.ts";
 * // The first player has three in a row at the bottom; column 7 (index 6) wins.
 * const position = ConnectFour.parse("415263");
 * const result = mcts(position, { playouts: 2000, seed: 1 });
 * assert.ok(result.move === 6 && result.pv[0] === 6);
 * assert.ok(result.stats.playouts === 2000 && result.value > 900);
 * assert.ok(position.toString() === "415263");
 * ```
 */
export function mcts(position: Position, options?: MctsOptions): MctsResult {
  // Step 1. Options, checked once, before anything is touched.
  // Each option read once: what is checked is what is used.
  const given = readOptions("mcts", options, KNOWN_OPTIONS);
  const playoutBudget = given.playouts === undefined
    ? Infinity
    : checkInteger("mcts", "playouts", given.playouts, 1, MAX_PLAYOUTS);
  // Infinity, as SearchOptions documents it, is no node limit.
  const nodeBudget = given.maxNodes === undefined || given.maxNodes === Infinity
    ? Infinity
    : checkNodeBudget(given.maxNodes);
  const timeMs = given.timeMs;
  // The rule and message of the other searchers' budget (search_settings.ts).
  if (
    timeMs !== undefined && (typeof timeMs !== "number" || !(timeMs > 0))
  ) {
    throw new Error(
      `mcts: timeMs must be a positive number (or Infinity), got ${
        describe(timeMs)
      }`,
    );
  }
  const timeLimit = timeMs === Infinity
    ? undefined
    : timeMs as number | undefined;
  // Only an absent value takes the default: null is refused, as every
  // other searcher refuses it.
  const exploration = given.exploration === undefined
    ? MCTS_DEFAULT_EXPLORATION
    : checkNonNegative("mcts", "exploration", given.exploration);
  const seed = given.seed === undefined
    ? 0
    : checkInteger("mcts", "seed", given.seed, 0, 0xffffffff);
  const solver = given.solver === undefined
    ? false
    : checkBoolean("mcts", "solver", given.solver);
  // No finite budget (maxNodes or timeMs Infinity included): the default playouts,
  // since a search without any would run until the tree is full.
  const maxPlayouts = playoutBudget === Infinity && nodeBudget === Infinity &&
      timeLimit === undefined
    ? MCTS_DEFAULT_PLAYOUTS
    : playoutBudget;
  const deadline = timeLimit === undefined
    ? Infinity
    : performance.now() + timeLimit;
  // The same shape the other searchers ask for, named the same way.
  checkPosition("mcts", position);
  const maxMoves = checkMaxMoves("mcts", position);

  const stats: MctsStats = {
    nodes: 0,
    leaves: 0,
    cutoffs: 0,
    steps: 0,
    playouts: 0,
    treeNodes: 1,
    playoutMoves: 0,
    treeDepth: 0,
    stoppedByBudget: false,
    stoppedBy: null,
    truncatedPlayouts: 0,
  };
  if (position.isTerminal()) return terminalRootResult(position, stats);

  // Step 2. Buffers sized by the budget (a tree node per playout, at most).
  const treeBound = Math.min(maxPlayouts, nodeBudget) + 1;
  const [tree, moves] = allocatingForMoves("mcts", maxMoves, () =>
    [
      new Tree(
        Math.max(
          maxMoves + 1,
          Math.min(INITIAL_SLOTS, treeBound * maxMoves + 1),
        ),
      ),
      new Int32Array(maxMoves),
    ] as const);
  const random = new Random(seed);
  let played = new Int32Array(64);
  let path = new Int32Array(64);
  let depthPlayed = 0;

  // Set when the first expansion finds the root without a legal move.
  let rootHasNoMove = false;
  try {
    search: for (;;) {
      // Step 3. Budgets, between iterations; a proven root needs no more.
      if (solver === true && tree.proof[0] !== 0) {
        stats.stoppedBy = "solved";
        break;
      }
      if (stats.playouts >= maxPlayouts) {
        stats.stoppedBy = "playouts";
        break;
      }
      if (stats.nodes >= nodeBudget) {
        stats.stoppedBy = "maxNodes";
        break;
      }
      // The first iteration always runs, so a legal move is always found.
      if (
        deadline !== Infinity && stats.playouts > 0 &&
        performance.now() >= deadline
      ) {
        stats.stoppedBy = "timeMs";
        break;
      }
      if (tree.used + maxMoves > MCTS_MAX_TREE_SLOTS && stats.playouts > 0) {
        stats.stoppedBy = "treeSlots";
        break;
      }
      // Step 4. Selection: down the tree while the node is known.
      let node = 0;
      let pathLength = 1;
      path[0] = 0;
      stats.nodes++;
      let newNode = false;
      while (!position.isTerminal()) {
        let first = tree.firstChild[node]!;
        let count: number;
        if (first < 0) {
          // Expansion: all children get slots at once, in seeded random order.
          count = checkedCount("mcts", position.generateMoves(moves), maxMoves);
          if (count === 0) {
            // A root that has not ended but has no move has no child to
            // choose: it is valued as a terminal root is, below.
            if (node === 0) {
              rootHasNoMove = true;
              break search;
            }
            break;
          }
          tree.reserve(count);
          first = tree.used;
          tree.used += count;
          for (let i = 0; i < count; i++) {
            const j = i + Math.floor(random.next() * (count - i));
            const move = moves[j]!;
            moves[j] = moves[i]!;
            tree.move[first + i] = move;
          }
          tree.firstChild[node] = first;
          tree.childCount[node] = count;
        } else {
          count = tree.childCount[node]!;
        }
        let child: number;
        const tried = tree.tried[node]!;
        if (tried < count) {
          child = first + tried;
          tree.tried[node] = tried + 1;
          newNode = true;
        } else if (solver === true) {
          child = bestUnprovenChild(tree, first, count, node, exploration);
        } else {
          child = bestUcbChild(tree, first, count, node, exploration);
        }
        const move = tree.move[child]!;
        position.play(move);
        played = grown(played, depthPlayed);
        played[depthPlayed++] = move;
        path = grown(path, pathLength);
        path[pathLength++] = child;
        node = child;
        stats.nodes++;
        if (newNode) {
          stats.treeNodes++;
          break;
        }
      }
      if (pathLength - 1 > stats.treeDepth) stats.treeDepth = pathLength - 1;
      // Step 5. Playout: uniformly random moves to the end of the game.
      const treePlies = depthPlayed;
      let truncated = false;
      for (;;) {
        if (position.isTerminal()) break;
        if (depthPlayed >= MCTS_MAX_PLAYOUT_PLIES) {
          truncated = true;
          break;
        }
        const count = checkedCount(
          "mcts",
          position.generateMoves(moves),
          maxMoves,
        );
        if (count === 0) break;
        const move = moves[Math.floor(random.next() * count)]!;
        position.play(move);
        played = grown(played, depthPlayed);
        played[depthPlayed++] = move;
        stats.nodes++;
      }
      stats.playoutMoves += depthPlayed - treePlies;
      // The result for the side to move at the end, then at the new node.
      // A leaf is a call of evaluate() (SearchStats): a truncated playout
      // makes none.
      let end = 0;
      if (truncated) stats.truncatedPlayouts++;
      else {
        stats.leaves++;
        end = Math.sign(checkedValue("mcts", position.evaluate()));
      }
      // A leaf whose game ended (no playout move) is a proven result.
      const proven = solver === true && !truncated && depthPlayed === treePlies;
      let result = ((depthPlayed - treePlies) & 1) === 0 ? end : 0 - end;
      while (depthPlayed > treePlies) {
        position.undo(played[--depthPlayed]!);
      }
      if (proven) tree.proof[path[pathLength - 1]!] = 2 - end;
      // Step 6. Back-up: a slot scores for the player who made its move.
      for (let k = pathLength - 1; k >= 0; k--) {
        const slot = path[k]!;
        tree.visits[slot] = tree.visits[slot]! + 1;
        tree.score[slot] = tree.score[slot]! + 1 - result;
        result = 0 - result;
        if (k > 0) position.undo(played[--depthPlayed]!);
      }
      stats.playouts++;
      // Step 7. MCTS-Solver: a new proof may prove its ancestors.
      if (proven) {
        for (let k = pathLength - 1; k > 0; k--) {
          const parent = path[k - 1]!;
          const proof = provenResult(tree, parent);
          if (proof === 0) break;
          tree.proof[parent] = proof;
        }
      }
    }
  } finally {
    // Restore on every exit path, a throw from the position included.
    while (depthPlayed > 0) position.undo(played[--depthPlayed]!);
  }
  if (rootHasNoMove) return terminalRootResult(position, stats);
  stats.steps = stats.nodes;
  stats.stoppedByBudget = stats.stoppedBy !== "solved";
  return solver === true ? solverResultOf(tree, stats) : resultOf(tree, stats);
}

/** `maxNodes` other than Infinity: an integer in 1…2^53 − 1. */
function checkNodeBudget(maxNodes: unknown): number {
  if (
    typeof maxNodes !== "number" || !Number.isInteger(maxNodes) ||
    maxNodes < 1 || maxNodes > Number.MAX_SAFE_INTEGER
  ) {
    throw new Error(
      `mcts: maxNodes must be an integer in 1…${Number.MAX_SAFE_INTEGER} or Infinity (no node limit), got ${
        describe(maxNodes)
      }`,
    );
  }
  return maxNodes;
}

/**
 * The result at a root that has ended, or has no legal move: no move, an
 * empty line and the sign of `evaluate()` times {@linkcode MCTS_VALUE_SCALE};
 * one node, one leaf, no playout, no budget spent.
 */
function terminalRootResult(position: Position, stats: MctsStats): MctsResult {
  stats.nodes = stats.steps = stats.leaves = 1;
  return {
    move: NO_MOVE,
    pv: [],
    value: Math.sign(checkedValue("mcts", position.evaluate())) *
      MCTS_VALUE_SCALE,
    stats,
  };
}

/**
 * The proof of `node`'s slot (its mover's view) from its children's, or 0:
 * a child proven won for its mover (the side to move at `node`) proves
 * `node` lost for its own mover; children all proven prove it at the best
 * of them, negated.
 */
function provenResult(tree: Tree, node: number): number {
  const first = tree.firstChild[node]!;
  const count = tree.childCount[node]!;
  const proof = tree.proof;
  let best = 0;
  let all = first >= 0;
  for (let i = first; i < first + count; i++) {
    const p = proof[i]!;
    if (p === 3) return 1;
    if (p === 0) all = false;
    else if (p > best) best = p;
  }
  return all && best !== 0 ? 4 - best : 0;
}

/**
 * The child of highest UCB1 score among the unproven ones (a proven child
 * has nothing left to learn); the plain rule if every child is proven.
 */
function bestUnprovenChild(
  tree: Tree,
  first: number,
  count: number,
  parent: number,
  exploration: number,
): number {
  const logParent = Math.log(tree.visits[parent]!);
  const visits = tree.visits, score = tree.score, proof = tree.proof;
  let best = -1;
  let bestScore = -Infinity;
  for (let i = first; i < first + count; i++) {
    if (proof[i] !== 0) continue;
    const n = visits[i]!;
    const ucb = score[i]! / (2 * n) + exploration * Math.sqrt(logParent / n);
    if (ucb > bestScore) {
      bestScore = ucb;
      best = i;
    }
  }
  return best >= 0
    ? best
    : bestUcbChild(tree, first, count, parent, exploration);
}

/**
 * MCTS-Solver's choice at `node`: when `node` is proven, the most visited
 * child that achieves its proof; otherwise the most visited child not
 * proven lost for the side to move (any child if all are); −1 if none.
 */
function solverChild(tree: Tree, node: number): number {
  const first = tree.firstChild[node]!;
  if (first < 0) return -1;
  const proof = tree.proof;
  const want = proof[node] === 0 ? 0 : 4 - proof[node]!;
  let best = -1;
  for (let i = first; i < first + tree.childCount[node]!; i++) {
    const n = tree.visits[i]!;
    if (n === 0) continue;
    if (want !== 0 ? proof[i] !== want : proof[i] === 1) continue;
    if (
      best < 0 || n > tree.visits[best]! ||
      (n === tree.visits[best]! && tree.score[i]! > tree.score[best]!)
    ) {
      best = i;
    }
  }
  return best >= 0 ? best : mostVisitedChild(tree, node);
}

/** {@linkcode resultOf} for MCTS-Solver: proven results are exact values. */
function solverResultOf(tree: Tree, stats: MctsStats): MctsResult {
  const pv: Move[] = [];
  let node = solverChild(tree, 0);
  const best = node;
  while (node >= 0) {
    pv.push(tree.move[node]!);
    node = solverChild(tree, node);
  }
  const value: Value = best < 0
    ? 0
    : tree.proof[best] !== 0
    ? (tree.proof[best]! - 2) * MCTS_VALUE_SCALE
    : Math.round(
      MCTS_VALUE_SCALE * (tree.score[best]! / tree.visits[best]! - 1),
    );
  return { move: pv.length > 0 ? pv[0]! : NO_MOVE, pv, value, stats };
}

/** The child of highest UCB1 score (the first among equals). */
function bestUcbChild(
  tree: Tree,
  first: number,
  count: number,
  parent: number,
  exploration: number,
): number {
  const logParent = Math.log(tree.visits[parent]!);
  const visits = tree.visits, score = tree.score;
  let best = first;
  let bestScore = -Infinity;
  for (let i = first; i < first + count; i++) {
    const n = visits[i]!;
    const ucb = score[i]! / (2 * n) + exploration * Math.sqrt(logParent / n);
    if (ucb > bestScore) {
      bestScore = ucb;
      best = i;
    }
  }
  return best;
}

/** The most visited child of `node` (ties: higher score, then earlier), or −1. */
function mostVisitedChild(tree: Tree, node: number): number {
  const first = tree.firstChild[node]!;
  if (first < 0) return -1;
  let best = -1;
  for (let i = first; i < first + tree.childCount[node]!; i++) {
    const n = tree.visits[i]!;
    if (n === 0) continue;
    if (
      best < 0 || n > tree.visits[best]! ||
      (n === tree.visits[best]! && tree.score[i]! > tree.score[best]!)
    ) {
      best = i;
    }
  }
  return best;
}

/** Move, most visited line and value, read from the finished tree. */
function resultOf(tree: Tree, stats: MctsStats): MctsResult {
  const pv: Move[] = [];
  let node = mostVisitedChild(tree, 0);
  const best = node;
  while (node >= 0) {
    pv.push(tree.move[node]!);
    node = mostVisitedChild(tree, node);
  }
  const value: Value = best < 0 ? 0 : Math.round(
    MCTS_VALUE_SCALE * (tree.score[best]! / tree.visits[best]! - 1),
  );
  return { move: pv.length > 0 ? pv[0]! : NO_MOVE, pv, value, stats };
}
