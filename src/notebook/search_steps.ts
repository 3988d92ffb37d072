/**
 * A search recorded as steps for the stepper ({@linkcode searchStepper}):
 * where the search is, the window (α, β) it holds there, and what every node
 * of the tree is known to be worth after each step. The walk comes from the
 * real searcher (a position wrapper logs its `play`, `undo` and `evaluate`
 * calls); windows, values and cuts come from alpha-beta's own trace
 * ({@linkcode TraceRecorder}), not from a re-implementation.
 *
 * @module
 */

import { VALUE_INFINITE } from "../position.ts";
import { alphaBeta } from "../search/alpha_beta.ts";
import { minimax } from "../search/minimax.ts";
import { type TracedNode, TraceRecorder } from "../search/search_trace.ts";
import { type ArrayTree, ExplicitTree } from "../trees/explicit_tree.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";
import { RecordingPosition } from "./_recording_position.ts";

/** The searchers the stepper can record. */
export type StepAlgorithm = "minimax" | "alphaBeta";

/** Options of {@linkcode searchSteps}. */
export interface SearchStepsOptions {
  /** `"alphaBeta"` (default) or `"minimax"` (every node, no window). */
  algorithm?: StepAlgorithm;
  /** The course's node names by path, e.g. `{ "": "A", "1": "C" }`: "" the root, then child indices joined by "."; a path the tree lacks is skipped. */
  names?: Readonly<Record<string, string>>;
  /** Lower end of alpha-beta's root window (default −∞). */
  alpha?: number;
  /** Upper end of alpha-beta's root window (default +∞). */
  beta?: number;
}

/** A node of the stepped tree, numbered depth-first from the root (0). */
export interface StepperNode {
  /** Moves from the root joined by dots: `""` for the root, `"1.0"`. */
  path: string;
  /** The parent's number, −1 for the root. */
  parent: number;
  /** Whether MAX (the root's mover) is to move here. */
  isMax: boolean;
  /** The leaf's value as written (MAX's view); absent for inner nodes. */
  leaf?: number;
  /** The course's name, when given. */
  name?: string;
}

/**
 * What a node shows: `unseen` (not reached yet), `open` (entered, not yet
 * returned), `done` (returned), `cut` (never visited: pruned).
 */
export type NodeState = "unseen" | "open" | "done" | "cut";

/** A node's display after a step. */
export interface NodeView {
  /** Where the search is with this node (see {@linkcode NodeState}). */
  state: NodeState;
  /** The value as known: `3`, a bound `≥ 3` / `≤ 3`, or `""` when unknown. */
  value: string;
  /** The window (α, β) from MAX's view, e.g. `(3, +∞)`; `""` for minimax. */
  window: string;
}

/** One step of the search. */
export interface SearchStep {
  /** `start`, `enter` (a node entered), `leaf` (a leaf evaluated), `return` (a child's value reached its parent), `cut` (α ≥ β: the rest pruned), `end`. */
  kind: "start" | "enter" | "leaf" | "return" | "cut" | "end";
  /** The current node (its number in {@linkcode SearchSteps.nodes}). */
  node: number;
  /** The current node's window as the search holds it, `""` for minimax. */
  window: string;
  /**
   * What happened, in words, without the window: `window` holds it, and a
   * stepper shows both side by side (the window once).
   */
  text: string;
  /** Nodes whose display this step changes. */
  changes: ({ node: number } & NodeView)[];
}

/** A recorded search, ready to step through. */
export interface SearchSteps {
  /** The searcher recorded. */
  algorithm: StepAlgorithm;
  /** Every node of the written tree, depth-first; a node's number is its index. */
  nodes: StepperNode[];
  /** The steps, from `start` to `end`. */
  steps: SearchStep[];
  /** The root's value from MAX's view, as the searcher returned it. */
  value: number;
  /**
   * What the search visited, counted as the searchers' `stats` count it:
   * `nodes` the root and every node it moved into (`stats.nodes`), `leaves`
   * the positions it evaluated (`stats.leaves`). `nodes` above counts the
   * whole written tree, cut subtrees included; `steps` above are the
   * stepper's frames, not the `steps` cost of the searchers' stats.
   */
  visited: { nodes: number; leaves: number };
}

const MAX_NODES = 2000;

/** A window end as the course writes it: ±∞ for the open ends. */
function end(value: number): string {
  if (value <= -VALUE_INFINITE) return "−∞";
  if (value >= VALUE_INFINITE) return "+∞";
  return value < 0 ? `−${0 - value}` : String(value);
}

function windowText(lo: number, hi: number): string {
  return `(${end(lo)}, ${end(hi)})`;
}

function boundText(value: number, bound: TracedNode["bound"]): string {
  return bound === "upper"
    ? `≤ ${end(value)}`
    : bound === "lower"
    ? `≥ ${end(value)}`
    : end(value);
}

/**
 * Runs minimax or alpha-beta on a written tree and records every step: the
 * node entered and the window it got, each leaf's value, each value handed to
 * a parent (which tightens the parent's window), each cut with the subtrees
 * it prunes, and the result.
 *
 * @param tree the tree as the course writes it: leaves are numbers from MAX's
 *   view, inner nodes arrays, MAX to move at the root
 * @param options {@linkcode SearchStepsOptions}
 * @throws {Error} on an unknown option or algorithm, a window with α ≥ β, or
 *   a tree of more than 2000 nodes (the page would be too large to step)
 *
 * @example Lesson 001's tree: C is cut after its first leaf
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "./search_steps.ts";
 * const { steps, nodes, value } = searchSteps([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
 * assert.equal(value, 3);
 * const cut = steps.find((step) => step.kind === "cut")!;
 * assert.equal(nodes[cut.node]!.path, "1");
 * assert.equal(cut.window, "(3, 2)");
 * assert.deepEqual(cut.changes.map((c) => nodes[c.node]!.leaf), [4, 6]);
 * // 11 of the 13 nodes entered, 7 of the 9 leaves evaluated, as alphaBeta's stats say.
 * assert.deepEqual(searchSteps([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).visited, { nodes: 11, leaves: 7 });
 * ```
 *
 * @example Minimax visits every node and holds no window
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "./search_steps.ts";
 * const { steps } = searchSteps([[3, 5], [2, 9]], { algorithm: "minimax" });
 * assert.equal(steps.filter((s) => s.kind === "leaf").length, 4);
 * assert.ok(steps.every((s) => s.window === "" && s.kind !== "cut"));
 * assert.equal(steps.at(-1)!.text, "the root returns 3");
 * ```
 */
export function searchSteps(
  tree: ArrayTree,
  options: SearchStepsOptions = {},
): SearchSteps {
  const where = "searchSteps";
  checkOptions(where, options, ["algorithm", "names", "alpha", "beta"]);
  const algorithm = options.algorithm ?? "alphaBeta";
  if (algorithm !== "alphaBeta" && algorithm !== "minimax") {
    throw new Error(
      `${where}: options.algorithm must be "alphaBeta" or "minimax", got ${
        describe(algorithm)
      }`,
    );
  }
  const alpha = checkInteger(
    where,
    "options.alpha",
    options.alpha ?? -VALUE_INFINITE,
    -VALUE_INFINITE,
    VALUE_INFINITE,
  );
  const beta = checkInteger(
    where,
    "options.beta",
    options.beta ?? VALUE_INFINITE,
    -VALUE_INFINITE,
    VALUE_INFINITE,
  );
  if (alpha >= beta) {
    throw new Error(
      `${where}: the root window must have alpha < beta, got (${alpha}, ${beta})`,
    );
  }
  if (
    algorithm === "minimax" && (options.alpha ?? options.beta) !== undefined
  ) {
    throw new Error(
      `${where}: minimax has no window; alpha and beta are for "alphaBeta"`,
    );
  }
  const names = options.names ?? {};
  if (
    names === null || typeof names !== "object" || Array.isArray(names) ||
    Object.values(names).some((name) => typeof name !== "string")
  ) {
    throw new Error(
      `${where}: options.names must map node paths to names, e.g. { "": "A", "1": "C" }, got ${
        describe(names)
      }`,
    );
  }
  let explicit: ExplicitTree;
  try {
    explicit = ExplicitTree.from(tree);
  } catch (error) {
    throw new Error(
      `${where}: tree: ${error instanceof Error ? error.message : error}`,
    );
  }

  // The written tree, numbered depth-first.
  const nodes: StepperNode[] = [];
  const children: number[][] = [];
  const byPath = new Map<string, number>();
  const count = (node: ArrayTree): number =>
    typeof node === "number"
      ? 1
      : node.reduce((sum: number, child) => sum + count(child), 1);
  const total = count(tree);
  if (total > MAX_NODES) {
    throw new Error(
      `${where}: tree must have at most ${MAX_NODES} nodes to be stepped, got ${total}`,
    );
  }
  const add = (
    node: ArrayTree,
    path: string,
    parent: number,
    isMax: boolean,
  ) => {
    const id = nodes.length;
    const name = names[path];
    nodes.push({
      path,
      parent,
      isMax,
      ...(typeof node === "number" ? { leaf: node } : {}),
      ...(name === undefined ? {} : { name }),
    });
    children.push([]);
    byPath.set(path, id);
    if (typeof node !== "number") {
      node.forEach((child, k) => {
        children[id]!.push(
          add(child, path === "" ? `${k}` : `${path}.${k}`, id, !isMax),
        );
      });
    }
    return id;
  };
  add(tree, "", -1, true);
  // A path the tree lacks is skipped (one set of names serves a tree a
  // student reshapes); one that is no path at all is a mistake.
  const malformed = Object.keys(names).filter((path) =>
    !/^(?:\d+(?:\.\d+)*)?$/.test(path)
  );
  if (malformed.length > 0) {
    throw new Error(
      `${where}: options.names has keys that are no node path: ${
        malformed.map((path) => JSON.stringify(path)).join(", ")
      } (a path is "" for the root, then child indices from 0 joined by ".", e.g. "1.0")`,
    );
  }

  // The search itself, on a position that logs its walk.
  const recording = new RecordingPosition(explicit);
  const trace = new TraceRecorder(explicit.turn());
  const result = algorithm === "alphaBeta"
    ? alphaBeta(recording, { trace, alpha, beta })
    : minimax(recording);
  const traced = new Map<number, TracedNode>();
  if (algorithm === "alphaBeta") {
    const file = (node: TracedNode, id: number) => {
      traced.set(id, node);
      for (const child of node.children) {
        file(child, children[id]![child.move]!);
      }
    };
    file(trace.root(), 0);
  }
  // A node that searched every child, each exactly, knows its value exactly
  // even when it fell outside its window (as the walkthrough diagrams say).
  const exact = (id: number): boolean => {
    const t = traced.get(id)!;
    return t.bound === "exact" ||
      (t.children.length > 0 && t.children.length === children[id]!.length &&
        children[id]!.every(exact));
  };
  const label = (id: number): string => {
    const node = nodes[id]!;
    const t = traced.get(id);
    if (t !== undefined) {
      return boundText(t.value, exact(id) ? "exact" : t.bound);
    }
    return end(node.leaf ?? best[id]!);
  };
  const describeNode = (id: number) => {
    const node = nodes[id]!;
    const base = node.path === ""
      ? "the root"
      : node.leaf === undefined
      ? `node ${node.path}`
      : `leaf ${node.path}`;
    return node.name === undefined ? base : `${node.name} (${base})`;
  };

  const lo: number[] = nodes.map(() => alpha),
    hi: number[] = nodes.map(() => beta);
  const best: (number | undefined)[] = nodes.map(() => undefined);
  const windowOf = (id: number) =>
    algorithm === "minimax" ? "" : windowText(lo[id]!, hi[id]!);
  const view = (id: number, state: NodeState, value: string) => ({
    node: id,
    state,
    value,
    window: windowOf(id),
  });
  const runningValue = (id: number) => {
    const value = best[id];
    if (value === undefined) return "";
    return `${nodes[id]!.isMax ? "≥" : "≤"} ${end(value)}`;
  };

  const steps: SearchStep[] = [{
    kind: "start",
    node: 0,
    window: windowOf(0),
    text: `${
      algorithm === "minimax" ? "minimax" : "alpha-beta"
    } starts at the root`,
    changes: [view(0, "open", "")],
  }];
  const stack = [0];
  const events = recording.events;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const top = stack.at(-1)!;
    if (event.kind === "enter") {
      const id = children[top]![event.move]!;
      stack.push(id);
      const t = traced.get(id);
      if (t !== undefined) {
        lo[id] = t.alpha;
        hi[id] = t.beta;
      }
      const next = events[i + 1];
      if (next?.kind === "evaluate") {
        i++;
        best[id] = next.value;
        steps.push({
          kind: "leaf",
          node: id,
          window: windowOf(id),
          text: `${describeNode(id)} is evaluated: ${end(next.value)}`,
          changes: [view(id, "open", end(next.value))],
        });
      } else {
        steps.push({
          kind: "enter",
          node: id,
          window: windowOf(id),
          text: `${describeNode(id)} is entered`,
          changes: [view(id, "open", "")],
        });
      }
    } else if (event.kind === "evaluate") {
      // A leaf root (or a node evaluated without being entered).
      best[top] = event.value;
      steps.push({
        kind: "leaf",
        node: top,
        window: windowOf(top),
        text: `${describeNode(top)} is evaluated: ${end(event.value)}`,
        changes: [view(top, "open", end(event.value))],
      });
    } else {
      const id = stack.pop()!;
      const parent = stack.at(-1)!;
      const value = traced.get(id)?.value ?? best[id]!;
      const isMax = nodes[parent]!.isMax;
      const known = best[parent];
      if (known === undefined || (isMax ? value > known : value < known)) {
        best[parent] = value;
      }
      if (isMax) lo[parent] = Math.max(lo[parent]!, value);
      else hi[parent] = Math.min(hi[parent]!, value);
      const childLabel = label(id);
      steps.push({
        kind: "return",
        node: parent,
        window: windowOf(parent),
        text: `${describeNode(id)} returns ${childLabel} to ${
          describeNode(parent)
        }, now ${runningValue(parent)}`,
        changes: [
          view(id, "done", childLabel),
          view(parent, "open", runningValue(parent)),
        ],
      });
      const t = traced.get(parent);
      if (t?.cut && t.children.at(-1) === traced.get(id)) {
        const siblings = children[parent]!;
        const rest = siblings.slice(siblings.indexOf(id) + 1);
        const pruned: number[] = [];
        const collect = (n: number) => {
          pruned.push(n);
          children[n]!.forEach(collect);
        };
        rest.forEach(collect);
        const test = `α = ${end(lo[parent]!)} ≥ β = ${end(hi[parent]!)} at ${
          describeNode(parent)
        }`;
        if (rest.length === 0) {
          steps.at(-1)!.text += `; ${test}, but no child is left to cut`;
        } else {
          steps.push({
            kind: "cut",
            node: parent,
            window: windowOf(parent),
            text: `${test}: ${rest.length} more ${
              rest.length === 1 ? "child is" : "children are"
            } cut`,
            changes: pruned.map((n) => ({
              node: n,
              state: "cut" as const,
              value: "",
              window: "",
            })),
          });
        }
      }
    }
  }
  const rootValue = result.value * explicit.turn();
  const rootLabel = algorithm === "alphaBeta" ? label(0) : end(rootValue);
  steps.push({
    kind: "end",
    node: 0,
    window: windowOf(0),
    text: `${describeNode(0)} returns ${rootLabel}`,
    changes: [view(0, "done", rootLabel)],
  });
  // Read off the walk the searcher made, not off its stats, so that a test
  // can hold the two against each other.
  const visited = {
    nodes: 1 + events.filter((event) => event.kind === "enter").length,
    leaves: events.filter((event) => event.kind === "evaluate").length,
  };
  return { algorithm, nodes, steps, value: rootValue, visited };
}

/**
 * Every node's display after step `step` (0 = the start): the changes of
 * steps 0…step applied to a tree where nothing is known yet. A leaf not yet
 * visited shows no value.
 *
 * @example After the first leaf of lesson 000's tree
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeViewsAt, searchSteps } from "./search_steps.ts";
 * const steps = searchSteps([[3, 5], [2, 9], [1, 8]]);
 * const views = nodeViewsAt(steps, 2);
 * assert.deepEqual(views[2], { state: "open", value: "3", window: "(−∞, +∞)" });
 * assert.equal(views[3]!.state, "unseen");
 * ```
 */
export function nodeViewsAt(recorded: SearchSteps, step: number): NodeView[] {
  checkInteger("nodeViewsAt", "step", step, 0, recorded.steps.length - 1);
  const views: NodeView[] = recorded.nodes.map(() => ({
    state: "unseen",
    value: "",
    window: "",
  }));
  for (let k = 0; k <= step; k++) {
    for (const { node, ...rest } of recorded.steps[k]!.changes) {
      views[node] = rest;
    }
  }
  return views;
}
