/**
 * Draws a walkthrough (see {@linkcode walkthrough}) as a standalone SVG tree:
 * MAX nodes as squares, MIN nodes as circles, each visited node labelled with
 * the value it returned (≤ v / ≥ v when it is only a bound) and the window
 * (α, β) it was entered with; nodes the search never visited greyed out with
 * dashed edges; a node whose cut came at its last child ringed in orange.
 * Every label comes from the search's trace.
 *
 * @module
 */

import { VALUE_INFINITE } from "../../position.ts";
import type { WalkNode, Walkthrough } from "./walkthrough.ts";

/** Options of {@linkcode treeDiagramSvg}. */
export interface TreeDiagramOptions {
  title?: string;
  subtitle?: string;
}

const LEAF_GAP = 84;
const LEVEL_GAP = 104;
const TOP = 92;
const SIDE = 48;
const SIZE = 30;
const GREY = "#b8b8b8";
const LATE = "#e07000";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(
    />/g,
    "&gt;",
  );
}

/** A window end as the course writes it: ±∞ for the open ends. */
function end(value: number): string {
  if (value <= -VALUE_INFINITE) return "−∞";
  if (value >= VALUE_INFINITE) return "+∞";
  return value < 0 ? `−${0 - value}` : String(value);
}

/**
 * The value label of a node: its value, or `≤ v` / `≥ v` when the trace says
 * it returned a bound; empty for a node never visited.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { valueLabel, walkthrough } from "./mod.ts";
 * const c = walkthrough([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).root.children[1]!;
 * assert.ok(valueLabel(c) === "≤ 2");
 * ```
 */
export function valueLabel(node: WalkNode): string {
  const traced = node.traced;
  if (traced === null) return "";
  const value = end(traced.value);
  if (traced.bound === "upper") return `≤ ${value}`;
  if (traced.bound === "lower") return `≥ ${value}`;
  return value;
}

/**
 * The window label of a visited node, `(α, β)` from MAX's view.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { walkthrough, windowLabel } from "./mod.ts";
 * const c = walkthrough([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).root.children[1]!;
 * assert.ok(windowLabel(c) === "(3, +∞)");
 * ```
 */
export function windowLabel(node: WalkNode): string {
  const traced = node.traced;
  return traced === null ? "" : `(${end(traced.alpha)}, ${end(traced.beta)})`;
}

interface Placed {
  node: WalkNode;
  x: number;
  y: number;
}

function place(
  node: WalkNode,
  depth: number,
  next: { leaf: number },
  out: Placed[],
): Placed {
  const kids = node.children.map((child) => place(child, depth + 1, next, out));
  const x = kids.length === 0
    ? SIDE + LEAF_GAP * next.leaf++ + LEAF_GAP / 2
    : (kids[0]!.x + kids.at(-1)!.x) / 2;
  const placed = { node, x, y: TOP + depth * LEVEL_GAP };
  out.push(placed);
  return placed;
}

/**
 * The walkthrough as an SVG document. Each node's `<g>` carries
 * `data-path` (moves from the root, dot-separated), `data-state`
 * (`visited` or `pruned`), `data-leaf` on leaves and `data-late-cut` on a
 * node cut at its last child, so tests can read what the picture shows.
 *
 * @example Lesson 001's tree: two leaves drawn as pruned
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeDiagramSvg, walkthrough } from "./mod.ts";
 * const svg = treeDiagramSvg(walkthrough([[3, 12, 8], [2, 4, 6], [14, 5, 2]]));
 * assert.ok(svg.match(/data-state="pruned"/g)?.length === 2);
 * ```
 */
export function treeDiagramSvg(
  walk: Walkthrough,
  options: TreeDiagramOptions = {},
): string {
  const placed: Placed[] = [];
  place(walk.root, 0, { leaf: 0 }, placed);
  const byPath = new Map(placed.map((p) => [p.node.path.join("."), p]));
  const leaves = walk.allLeaves.length;
  const levels = Math.max(...placed.map((p) => p.node.path.length)) + 1;
  const width = SIDE * 2 + LEAF_GAP * leaves;
  const legendY = TOP + (levels - 1) * LEVEL_GAP + 64;
  const height = legendY + 30;
  const parts: string[] = [];
  const text = (
    x: number,
    y: number,
    content: string,
    attributes = "",
  ) =>
    `<text x="${x}" y="${y}" text-anchor="middle" ${attributes}>${
      escapeXml(content)
    }</text>`;

  // Edges first, under the nodes.
  for (const { node, x, y } of placed) {
    for (const child of node.children) {
      const to = byPath.get(child.path.join("."))!;
      const pruned = child.traced === null;
      parts.push(
        `<line x1="${x}" y1="${y + SIZE / 2}" x2="${to.x}" y2="${
          to.y - SIZE / 2
        }" stroke="${pruned ? GREY : "#444"}" stroke-width="${
          pruned ? 1 : 1.5
        }"${pruned ? ' stroke-dasharray="4 3"' : ""}/>`,
      );
    }
  }
  for (const { node, x, y } of placed) {
    const pruned = node.traced === null;
    const stroke = pruned ? GREY : node.lateCut ? LATE : "#222";
    const isLeaf = node.children.length === 0;
    const fill = pruned
      ? "#f2f2f2"
      : isLeaf
      ? "#ffffff"
      : node.isMax
      ? "#dbe9f6"
      : "#fbe3d6";
    const attributes = [
      `data-path="${node.path.join(".")}"`,
      `data-state="${pruned ? "pruned" : "visited"}"`,
      ...(node.leaf === undefined ? [] : [`data-leaf="${node.leaf}"`]),
      ...(node.lateCut ? ['data-late-cut="true"'] : []),
    ].join(" ");
    parts.push(`<g ${attributes}>`);
    const strokeWidth = node.lateCut ? 3 : 1.5;
    if (node.isMax || isLeaf) {
      parts.push(
        `<rect x="${x - SIZE / 2}" y="${
          y - SIZE / 2
        }" width="${SIZE}" height="${SIZE}" rx="3" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
      );
    } else {
      parts.push(
        `<circle cx="${x}" cy="${y}" r="${
          SIZE / 2 + 1
        }" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
      );
    }
    const colour = pruned ? GREY : "#111";
    // Inside: the value returned (a bound when marked ≤ / ≥); a pruned leaf
    // shows its written value in grey.
    const inside = pruned ? String(node.leaf ?? "") : valueLabel(node);
    parts.push(
      text(
        x,
        y + 4,
        inside,
        `font-size="12" font-weight="bold" fill="${colour}"`,
      ),
    );
    if (node.name !== undefined) {
      parts.push(
        text(
          x - SIZE / 2 - 10,
          y + 4,
          node.name,
          `font-size="12" font-style="italic" fill="${colour}"`,
        ),
      );
    }
    if (!pruned) {
      const below = node.children.length === 0;
      parts.push(
        text(
          x,
          below ? y + SIZE / 2 + 15 : y - SIZE / 2 - 7,
          windowLabel(node),
          `font-size="10" fill="#555"`,
        ),
      );
    } else if (node.leaf !== undefined) {
      parts.push(
        text(
          x,
          y + SIZE / 2 + 15,
          "not visited",
          `font-size="10" fill="${GREY}"`,
        ),
      );
    }
    if (node.lateCut) {
      parts.push(
        text(
          x,
          y - SIZE / 2 - 21,
          "cut at its last child: nothing saved",
          `font-size="10" fill="${LATE}"`,
        ),
      );
    }
    parts.push("</g>");
  }
  // Legend.
  const legend = [
    `<rect x="${SIDE}" y="${
      legendY - 9
    }" width="12" height="12" rx="2" fill="#dbe9f6" stroke="#222"/>`,
    `<text x="${SIDE + 18}" y="${legendY + 1}">MAX</text>`,
    `<circle cx="${SIDE + 70}" cy="${
      legendY - 3
    }" r="6" fill="#fbe3d6" stroke="#222"/>`,
    `<text x="${SIDE + 82}" y="${legendY + 1}">MIN</text>`,
    `<rect x="${SIDE + 120}" y="${
      legendY - 9
    }" width="12" height="12" rx="2" fill="white" stroke="#222"/>`,
    `<text x="${SIDE + 138}" y="${legendY + 1}">leaf</text>`,
    `<text x="${SIDE + 176}" y="${
      legendY + 1
    }">(α, β): window on entry, MAX's view · ≤ v, ≥ v: a bound, not a value · grey: never visited</text>`,
  ];
  const header = [
    ...(options.title === undefined ? [] : [
      `<text x="8" y="22" font-size="16" font-weight="bold">${
        escapeXml(options.title)
      }</text>`,
    ]),
    ...(options.subtitle === undefined ? [] : [
      `<text x="8" y="42" font-size="12" fill="#555">${
        escapeXml(options.subtitle)
      }</text>`,
    ]),
  ];
  const fullWidth = Math.max(width, 720);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${fullWidth}" height="${height}" viewBox="0 0 ${fullWidth} ${height}" font-family="system-ui, sans-serif" font-size="11">` +
    `<rect width="100%" height="100%" fill="white"/>` +
    [...header, ...parts, ...legend].join("") + "</svg>";
}
