/**
 * Why two walks part, in words: at the first node where the student's
 * search and the course's enter different nodes, the message says which
 * node was entered that the course's search cuts (and the window that cuts
 * it), or which node the course enters that the student's skipped (and the
 * window that lets it through), or that it lies below the depth limit.
 *
 * @module
 */

import { type Position, VALUE_INFINITE } from "../position.ts";
import { alphaBeta as engineAlphaBeta } from "../search/alpha_beta.ts";
import { type TracedNode, TraceRecorder } from "../search/search_trace.ts";
import { type CasePosition, freshPosition } from "./cases.ts";
import { valueText } from "./drawn_tree.ts";
import {
  childPath,
  nodeName,
  type NodePath,
  parentPath,
  partingPoint,
  type Walk,
} from "./walk.ts";

/** The engine's windows: ±∞ as its ±VALUE_INFINITE. */
function engineEnd(value: number): number {
  return Math.max(-VALUE_INFINITE, Math.min(VALUE_INFINITE, value));
}

/** Says why the course's search leaves a node out, or takes it. */
export interface Explainer {
  /** After "which the course's … never enters: ". */
  whyNot(path: NodePath): string;
  /** After "the course's … enters it: ". */
  whyYes(path: NodePath): string;
}

/** The course's alpha-beta, traced by the engine: every node's window and value, by path (MAX's view). */
function tracedWindows(
  at: CasePosition,
  depth: number,
  alpha: number,
  beta: number,
  view: "max" | "mover",
): Map<NodePath, TracedNode> {
  const position = freshPosition(at);
  const trace = new TraceRecorder(position.turn());
  // The engine's windows are the side to move's; MAX's view turns at MIN roots.
  const [lo, hi] = view === "max" && position.turn() === -1
    ? [0 - beta, 0 - alpha]
    : [alpha, beta];
  engineAlphaBeta(position, {
    depth,
    alpha: engineEnd(lo),
    beta: engineEnd(hi),
    trace,
  });
  const byPath = new Map<NodePath, TracedNode>();
  const file = (node: TracedNode, path: NodePath) => {
    byPath.set(path, node);
    for (const child of node.children) file(child, childPath(path, child.move));
  };
  file(trace.root(), "");
  return byPath;
}

/** A bound as the course writes it, the engine's ±VALUE_INFINITE as ±∞. */
function endText(value: number): string {
  if (value >= VALUE_INFINITE) return "+∞";
  if (value <= -VALUE_INFINITE) return "−∞";
  return valueText(value);
}

/** The last path component: the move into the node. */
function lastMove(path: NodePath): number {
  return Number(path.slice(path.lastIndexOf(".") + 1));
}

function depthOf(path: NodePath): number {
  return path === "" ? 0 : path.split(".").length;
}

/** Explains the walks of the course's alpha-beta (either form: they enter the same nodes). */
export function alphaBetaExplainer(
  at: CasePosition,
  depth: number,
  alpha: number,
  beta: number,
  referenceName: string,
): Explainer {
  let cache: Map<NodePath, TracedNode> | undefined;
  const traced = () => cache ??= tracedWindows(at, depth, alpha, beta, "max");
  // The window of a node once its children before `move` (and `move` itself
  // when `inclusive`) have returned, from MAX's view.
  const windowAt = (node: TracedNode, move: number, inclusive: boolean) => {
    let lo = node.alpha, hi = node.beta;
    for (const child of node.children) {
      if (child.move === move && !inclusive) break;
      if (node.isMax) lo = Math.max(lo, child.value);
      else hi = Math.min(hi, child.value);
      if (child.move === move) break;
    }
    return [lo, hi] as const;
  };
  return {
    whyNot(path) {
      const parent = parentPath(path)!;
      if (depthOf(parent) >= depth) return belowHorizon(depth);
      const node = traced().get(parent);
      if (node === undefined || !node.cut) return "";
      const cutter = node.children.at(-1)!;
      const [lo, hi] = windowAt(node, cutter.move, true);
      return `at ${nodeName(parent)} (${node.isMax ? "MAX" : "MIN"}), after ${
        nodeName(childPath(parent, cutter.move))
      } (worth ${endText(cutter.value)}), α = ${endText(lo)} ≥ β = ${
        endText(hi)
      }, so the other children of ${
        nodeName(parent)
      } cannot change the result, and ${referenceName} cuts them`;
    },
    whyYes(path) {
      const parent = parentPath(path)!;
      const node = traced().get(parent);
      if (node === undefined) return "";
      const [lo, hi] = windowAt(node, lastMove(path), false);
      return `at ${nodeName(parent)} the window is (${endText(lo)}, ${
        endText(hi)
      }) when ${nodeName(path)} comes, α < β, so there is no cut`;
    },
  };
}

function belowHorizon(depth: number): string {
  return `it lies below the depth limit: with depth ${depth} the search ` +
    `evaluates the nodes ${depth} plies down and goes no deeper`;
}

/** Explains the walks of minimax and negamax: every node to the depth limit. */
export function fullWidthExplainer(id: string, depth: number): Explainer {
  return {
    whyNot: (path) =>
      depthOf(parentPath(path)!) >= depth ? belowHorizon(depth) : "",
    whyYes: () =>
      `${id} enters every node down to the depth limit, in the order generateMoves gives`,
  };
}

/** What the course's quiesce did at one node, from the side to move's view. */
interface QuiesceNode {
  alpha: number;
  beta: number;
  standPat: number;
  /** Whether the stand-pat value alone reached beta. */
  standPatCut: boolean;
  /** The noisy children searched, with their values, in order. */
  children: { move: number; value: number }[];
  /** Whether the last child searched closed the window. */
  cut: boolean;
}

/**
 * The windows of the course's quiesce at each node: a copy of its
 * recursion that writes them down (tests/exercises_test.ts checks that it
 * enters the same nodes and returns the same values as src/textbook).
 */
export function quiesceWindows(
  position: Position,
  alpha: number,
  beta: number,
): Map<NodePath, QuiesceNode> {
  const nodes = new Map<NodePath, QuiesceNode>();
  const buffer = new Int32Array(position.maxMoves);
  const search = (path: NodePath, alpha: number, beta: number): number => {
    const standPat = position.evaluate();
    const node: QuiesceNode = {
      alpha,
      beta,
      standPat,
      standPatCut: false,
      children: [],
      cut: false,
    };
    nodes.set(path, node);
    if (position.isTerminal() || position.generateNoisyMoves === undefined) {
      return standPat;
    }
    let best = standPat;
    if (best >= beta) {
      node.standPatCut = true;
      return best;
    }
    alpha = Math.max(alpha, best);
    const count = position.generateNoisyMoves(buffer);
    const moves = Array.from(buffer.subarray(0, count));
    for (const move of moves) {
      position.play(move);
      const value = 0 - search(childPath(path, move), -beta, -alpha);
      position.undo(move);
      node.children.push({ move, value });
      best = Math.max(best, value);
      alpha = Math.max(alpha, best);
      if (alpha >= beta) {
        node.cut = true;
        break;
      }
    }
    return best;
  };
  search("", alpha, beta);
  return nodes;
}

/** Explains the walks of the course's quiesce: stand pat, noisy moves, cuts. */
export function quiesceExplainer(
  at: CasePosition,
  alpha: number,
  beta: number,
): Explainer {
  let cache: Map<NodePath, QuiesceNode> | undefined;
  const nodes = () => cache ??= quiesceWindows(freshPosition(at), alpha, beta);
  const noisy = (path: NodePath) => {
    if (at.kind !== "tree") return true;
    let node = at.tree;
    for (const move of path.split(".")) node = node.children[Number(move)]!;
    return node.noisy;
  };
  // The window at a node when child `move` comes (before it returns).
  const windowBefore = (node: QuiesceNode, move: number) => {
    let lo = Math.max(node.alpha, node.standPat);
    for (const child of node.children) {
      if (child.move === move) break;
      lo = Math.max(lo, child.value);
    }
    return [lo, node.beta] as const;
  };
  return {
    whyNot(path) {
      if (!noisy(path)) {
        return `the move into ${nodeName(path)} is quiet, and quiescence ` +
          `plays only the noisy moves (generateNoisyMoves)`;
      }
      const parent = parentPath(path)!;
      const node = nodes().get(parent);
      if (node === undefined) return "";
      if (node.standPatCut) {
        return `at ${nodeName(parent)} the stand-pat value ${
          valueText(node.standPat)
        } is at least β = ${
          valueText(node.beta)
        }: the side to move there need not capture, so the search returns ` +
          `before any noisy move`;
      }
      if (!node.cut) return "";
      const last = node.children.at(-1)!;
      return `at ${nodeName(parent)}, after ${
        nodeName(childPath(parent, last.move))
      } (worth ${valueText(last.value)}), α ≥ β = ${
        valueText(node.beta)
      }, so its other noisy moves are cut`;
    },
    whyYes(path) {
      const parent = parentPath(path)!;
      const node = nodes().get(parent);
      if (node === undefined) return "";
      const [lo, hi] = windowBefore(node, lastMove(path));
      return `the move into it is noisy, and at ${
        nodeName(parent)
      } the window is (${valueText(lo)}, ${valueText(hi)}) when it comes ` +
        `(the stand-pat value ${valueText(node.standPat)} included), α < β`;
    },
  };
}

/** The message for two walks that part. */
export function partingMessage(
  referenceName: string,
  call: string,
  yours: Walk,
  right: Walk,
  explainer: Explainer,
): string {
  const parting = partingPoint(yours.entered, right.entered)!;
  const { index, yours: y, right: r } = parting;
  const before = new Set(yours.entered.slice(0, index));
  const rightSet = new Set(right.entered);
  const join = (text: string, why: string) =>
    why === "" ? text : `${text}: ${why}`;
  const counts = ` (${call} entered ${yours.entered.length} nodes, ` +
    `${referenceName} ${right.entered.length})`;
  if (y !== null && before.has(y)) {
    return `${call} entered ${nodeName(y)} a second time; ` +
      `${referenceName} enters each node once` + counts;
  }
  if (y !== null && !rightSet.has(y)) {
    return join(
      `${call} entered ${nodeName(y)}, which ${referenceName} never enters`,
      explainer.whyNot(y),
    ) + counts;
  }
  // The student skipped the course's next node, or took a later one first.
  const skipped = r!;
  const order = y !== null && parentPath(y) === parentPath(skipped) &&
      lastMove(y) > lastMove(skipped)
    ? `; ${nodeName(y)} comes after it in the order generateMoves gives`
    : "";
  return join(
    `${call} did not enter ${nodeName(skipped)}, the ${
      ordinal(index + 1)
    } node ${referenceName} enters`,
    explainer.whyYes(skipped),
  ) + order + counts;
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
