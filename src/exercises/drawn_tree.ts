/**
 * A counterexample drawn: the search tree of a small position, node by node
 * with its path, as an outline for the terminal and as SVG for the page,
 * where each node can show how far each search has got.
 *
 * @module
 */

import type { Position } from "../position.ts";
import { childPath, type NodePath } from "./walk.ts";

/** A node of a drawn tree. */
export interface DrawnNode {
  /** Moves from the root joined by dots, `""` for the root. */
  path: NodePath;
  /** The parent's index, −1 for the root. */
  parent: number;
  /** Whether MAX (the first player) moves here. */
  isMax: boolean;
  /** `evaluate()` here from MAX's view, where it is shown (see {@linkcode DrawOptions.values}). */
  value?: number;
  /** Whether the game is over here (no move). */
  terminal: boolean;
  /** Whether the move into this node is noisy. */
  noisy: boolean;
}

/** A search tree ready to draw; `nodes[0]` is the root, children follow their parent in move order. */
export interface DrawnTree {
  /** Every node, depth-first. */
  nodes: DrawnNode[];
  /** The depth limit of the search, drawn as a line, or null. */
  horizon: number | null;
}

/** Options of {@linkcode drawTree}. */
export interface DrawOptions {
  /** The search's depth limit: the drawing stops there unless `full` (default: none). */
  horizon?: number | null;
  /** Draw past the horizon, to the end of the game (default false). */
  full?: boolean;
  /** Where to show `evaluate()`: at the leaves and the horizon (default), or everywhere. */
  values?: "leaves" | "all";
}

/** Most nodes a drawing holds: beyond it a counterexample is shown as text only. */
export const MAX_DRAWN_NODES = 300;

/**
 * The search tree below `position` (left as found), or null when it has more
 * than {@linkcode MAX_DRAWN_NODES} nodes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { drawTree } from "./drawn_tree.ts";
 * const drawn = drawTree(ExplicitTree.from([[3, 5], 2]))!;
 * assert.deepEqual(drawn.nodes.map((n) => n.path), ["", "0", "0.0", "0.1", "1"]);
 * assert.equal(drawn.nodes[4]!.value, 2);
 * ```
 */
export function drawTree(
  position: Position,
  options: DrawOptions = {},
): DrawnTree | null {
  const horizon = options.horizon ?? null;
  const limit = options.full || horizon === null ? Infinity : horizon;
  const nodes: DrawnNode[] = [];
  const noisyBuffer = new Int32Array(position.maxMoves);
  const walk = (
    path: NodePath,
    parent: number,
    depth: number,
    noisy: boolean,
  ): boolean => {
    if (nodes.length >= MAX_DRAWN_NODES) return false;
    const terminal = position.isTerminal();
    const index = nodes.length;
    const shown = options.values === "all" || terminal || depth === limit ||
      depth === horizon;
    nodes.push({
      path,
      parent,
      isMax: position.turn() === 1,
      ...(shown ? { value: position.turn() * position.evaluate() } : {}),
      terminal,
      noisy,
    });
    if (terminal || depth === limit) return true;
    const moves = new Int32Array(position.maxMoves);
    const count = position.generateMoves(moves);
    const noisyMoves = new Set<number>();
    if (position.generateNoisyMoves !== undefined) {
      const n = position.generateNoisyMoves(noisyBuffer);
      for (let k = 0; k < n; k++) noisyMoves.add(noisyBuffer[k]!);
    }
    for (let k = 0; k < count; k++) {
      const move = moves[k]!;
      position.play(move);
      const ok = walk(
        childPath(path, move),
        index,
        depth + 1,
        noisyMoves.has(move),
      );
      position.undo(move);
      if (!ok) return false;
    }
    return true;
  };
  return walk("", -1, 0, false) ? { nodes, horizon } : null;
}

/** A value as the course writes it: `−3`, `+∞`. */
export function valueText(value: number): string {
  if (value === Infinity) return "+∞";
  if (value === -Infinity) return "−∞";
  return value < 0 ? `−${-value}` : String(value);
}

/**
 * The tree as an indented outline, one node a line, with a note after the
 * nodes named in `notes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { drawTree, treeOutline } from "./drawn_tree.ts";
 * const drawn = drawTree(ExplicitTree.from([[3, 5], 2]))!;
 * assert.equal(
 *   treeOutline(drawn, new Map([["1", "here"]])),
 *   "root (MAX)\n├─ 0 (MIN)\n│  ├─ 0.0 = 3\n│  └─ 0.1 = 5\n└─ 1 = 2   ← here",
 * );
 * ```
 */
export function treeOutline(
  tree: DrawnTree,
  notes: ReadonlyMap<NodePath, string> = new Map(),
): string {
  const children = childLists(tree);
  const lines: string[] = [];
  const line = (index: number, prefix: string, branch: string) => {
    const node = tree.nodes[index]!;
    const kids = children[index]!;
    const name = node.path === "" ? "root" : node.path;
    const kind = kids.length > 0 || node.value === undefined
      ? ` (${node.isMax ? "MAX" : "MIN"})`
      : "";
    const value = node.value === undefined
      ? ""
      : `${kids.length > 0 ? " static" : ""} = ${valueText(node.value)}`;
    const noisy = node.noisy ? " [noisy]" : "";
    const note = notes.get(node.path);
    lines.push(
      `${prefix}${branch}${name}${kind}${value}${noisy}${
        note === undefined ? "" : `   ← ${note}`
      }`,
    );
    const deeper = prefix +
      (branch === "├─ " ? "│  " : branch === "" ? "" : "   ");
    kids.forEach((kid, k) =>
      line(kid, deeper, k === kids.length - 1 ? "└─ " : "├─ ")
    );
  };
  line(0, "", "");
  return lines.join("\n");
}

function depthOf(path: NodePath): number {
  return path === "" ? 0 : path.split(".").length;
}

/** The children of each node, by index. */
export function childLists(tree: DrawnTree): number[][] {
  const children: number[][] = tree.nodes.map(() => []);
  tree.nodes.forEach((node, index) => {
    if (node.parent >= 0) children[node.parent]!.push(index);
  });
  return children;
}

const LEAF_GAP = 52;
const LEVEL_GAP = 60;
const TOP = 26;
const SIDE = 24;
const SIZE = 26;

/** Where each node is drawn, and the drawing's size. */
export interface TreePlace {
  x: number[];
  y: number[];
  width: number;
  height: number;
}

/** Leaves evenly spaced, each parent above the middle of its children. */
export function placeTree(tree: DrawnTree): TreePlace {
  const children = childLists(tree);
  const x: number[] = [], y: number[] = [];
  let leaf = 0, deepest = 0;
  const place = (index: number, depth: number) => {
    const kids = children[index]!;
    kids.forEach((kid) => place(kid, depth + 1));
    x[index] = kids.length === 0
      ? SIDE + LEAF_GAP * leaf++ + LEAF_GAP / 2
      : (x[kids[0]!]! + x[kids.at(-1)!]!) / 2;
    y[index] = TOP + depth * LEVEL_GAP;
    deepest = Math.max(deepest, depth);
  };
  place(0, 0);
  return {
    x,
    y,
    width: Math.max(2 * SIDE + LEAF_GAP * leaf, 200),
    height: TOP + deepest * LEVEL_GAP + SIZE / 2 + 22,
  };
}

/**
 * What a node shows in one pane of the stepper: not reached yet, never
 * entered by this search at all (drawn dashed), entered earlier, entered at
 * this step, or the node where the searches part.
 */
export type PaneState = "unseen" | "never" | "visited" | "current" | "parting";

/** The style of a drawn tree, scoped by `scope` (`#id ` in a page, `` in an SVG file). */
export function treeCss(scope: string): string {
  return `${scope}text{text-anchor:middle;font-family:system-ui,sans-serif}
${scope}line{stroke:#555;stroke-width:1.4}
${scope}line[data-noisy]{stroke:#b00;stroke-dasharray:5 3}
${scope}.gts-horizon{stroke:#999;stroke-dasharray:2 4}
${scope}g rect,${scope}g circle{stroke:#222;stroke-width:1.4;fill:#fff}
${scope}g[data-state=never] rect,${scope}g[data-state=never] circle{stroke:#aaa;stroke-dasharray:3 2;fill:#f4f4f4}
${scope}g[data-state=visited] rect,${scope}g[data-state=visited] circle{fill:#cfe3f7}
${scope}g[data-state=current] rect,${scope}g[data-state=current] circle{fill:#cfe3f7;stroke:#e07000;stroke-width:4}
${scope}g[data-state=parting] rect,${scope}g[data-state=parting] circle{fill:#f9d0d0;stroke:#c00;stroke-width:4}
${scope}.gts-value{font-size:12px;font-weight:bold;fill:#111}
${scope}.gts-path{font-size:10px;fill:#666;text-anchor:start}
${scope}.gts-path[text-anchor=middle]{text-anchor:middle}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(
    />/g,
    "&gt;",
  ).replace(/"/g, "&quot;");
}

/**
 * The tree's edges and nodes (no `<svg>` around them): MAX nodes square,
 * MIN nodes round, the value in the node where it is shown, the path under
 * it; noisy moves dashed red; each node's `<g data-node="path">` carries
 * `data-state` from `states` (default `unseen`).
 */
export function treeMarkup(
  tree: DrawnTree,
  place: TreePlace,
  states: ReadonlyMap<NodePath, PaneState> = new Map(),
): string {
  const { x, y } = place;
  const parts: string[] = [];
  const deepest = Math.max(...tree.nodes.map((node) => depthOf(node.path)));
  if (tree.horizon !== null && tree.horizon < deepest) {
    const at = TOP + tree.horizon * LEVEL_GAP + SIZE / 2 + 12;
    {
      parts.push(
        `<line class="gts-horizon" x1="0" y1="${at}" x2="${place.width}" y2="${at}"/>`,
      );
    }
  }
  tree.nodes.forEach((node, n) => {
    if (node.parent < 0) return;
    parts.push(
      `<line x1="${x[node.parent]}" y1="${y[node.parent]! + SIZE / 2}" x2="${
        x[n]
      }" y2="${y[n]! - SIZE / 2}"${node.noisy ? ' data-noisy="true"' : ""}/>`,
    );
  });
  const children = childLists(tree);
  const leaves = new Set(
    tree.nodes.flatMap((_, n) => children[n]!.length === 0 ? [n] : []),
  );
  tree.nodes.forEach((node, n) => {
    const shape = node.isMax
      ? `<rect x="${x[n]! - SIZE / 2}" y="${
        y[n]! - SIZE / 2
      }" width="${SIZE}" height="${SIZE}" rx="3"/>`
      : `<circle cx="${x[n]}" cy="${y[n]}" r="${SIZE / 2 + 1}"/>`;
    const value = node.value === undefined
      ? ""
      : `<text class="gts-value" x="${x[n]}" y="${y[n]! + 4}">${
        escapeXml(valueText(node.value))
      }</text>`;
    const path = node.path === "" ? "" : leaves.has(n)
      // A leaf's path goes under it, an inner node's beside it, clear of edges.
      ? `<text class="gts-path" x="${x[n]}" y="${
        y[n]! + SIZE / 2 + 11
      }" text-anchor="middle">${escapeXml(node.path)}</text>`
      : `<text class="gts-path" x="${x[n]! + SIZE / 2 + 2}" y="${
        y[n]! - SIZE / 2 + 6
      }">${escapeXml(node.path)}</text>`;
    parts.push(
      `<g data-node="${escapeXml(node.path)}" data-state="${
        states.get(node.path) ?? "unseen"
      }">${shape}${value}${path}</g>`,
    );
  });
  return parts.join("");
}

/**
 * The tree as a standalone SVG document (its style inside), with each
 * node's state from `states`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { drawTree, treeSvg } from "./drawn_tree.ts";
 * const svg = treeSvg(drawTree(ExplicitTree.from([[3, 5], 2]))!, new Map([["1", "parting"]]));
 * assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
 * assert.match(svg, /<g data-node="1" data-state="parting">/);
 * ```
 */
export function treeSvg(
  tree: DrawnTree,
  states: ReadonlyMap<NodePath, PaneState> = new Map(),
): string {
  const place = placeTree(tree);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${place.width}" height="${place.height}" viewBox="0 0 ${place.width} ${place.height}">` +
    `<style>${treeCss("")}</style>` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    treeMarkup(tree, place, states) + `</svg>`;
}
