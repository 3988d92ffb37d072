/**
 * "Which technique for which task": a decision tree whose questions are
 * properties of the task and whose leaves are derived from the measured
 * atlas rows by stated rules, so that the drawing follows the numbers.
 *
 * Rules (thresholds are constants below):
 * 1. an impartial game → the Grundy value (nim-sum) replaces the search;
 * 2. exactness required → only sound techniques (value equal to
 *    alpha-beta's on every measured position);
 * 3. transpositions frequent (at least {@linkcode FREQUENT_REPEATS} of a
 *    full-width walk's nodes repeat a key) → table techniques lead;
 * 4. no evaluation of unfinished positions → MCTS (playouts to the end);
 * 5. a good static order known (static ordering at most
 *    {@linkcode GOOD_STATIC_ORDER} of alpha-beta's nodes) → ordering first;
 * each leaf lists the sound techniques that beat alpha-beta (median share
 * below 1) on the games that reach it, best first, at most
 * {@linkcode LEAF_TECHNIQUES}, with their measured median share; and, where
 * the leaf's games are played (Connect Four, chess) and the Elo tests are
 * given, every technique, sound or selective, that its SPRT at equal nodes
 * accepted as a gain (H1), largest gain first, with its Elo and games.
 *
 * @module
 */

import type { AtlasGameFacts, AtlasRow } from "./measure.ts";
import type { EloItem } from "./elo.ts";

/** Share of repeated keys from which transpositions count as frequent. */
export const FREQUENT_REPEATS = 0.2;
/** Static ordering's median share of alpha-beta's nodes that counts as a good order. */
export const GOOD_STATIC_ORDER = 0.7;
/** Techniques named per leaf. */
export const LEAF_TECHNIQUES = 5;

/** A technique named by a leaf, with why. */
export interface LeafTechnique {
  technique: string;
  name: string;
  /** Geometric mean over the leaf's games of the median share of alpha-beta's nodes. */
  share: number;
  /** The measured reason, in words. */
  reason: string;
}

/** A node of the tree: a question with two branches, or a leaf. */
export type DecisionNode =
  | { question: string; yes: DecisionNode; no: DecisionNode }
  | {
    leaf: string;
    /** The atlas's games that reach this leaf. */
    games: string[];
    techniques: LeafTechnique[];
    /** Techniques an SPRT at equal nodes accepted (H1) on the leaf's games, in words. */
    strength: string[];
  };

/** What the tree reads: the games' facts, the rows, and the Elo tests when run. */
export interface AtlasData {
  facts: readonly AtlasGameFacts[];
  rows: readonly AtlasRow[];
  elo?: readonly EloItem[];
}

const signedElo = (x: number | null) =>
  x === null ? "∞" : `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x))}`;

/** The leaf's techniques that an SPRT at equal nodes accepted, largest gain first. */
function strengthOf(
  ids: readonly string[],
  rows: readonly AtlasRow[],
  elo: readonly EloItem[],
): string[] {
  return elo
    .filter((i) =>
      i.mode === "nodes" && i.decision === "H1" && ids.includes(i.game)
    )
    .sort((a, b) =>
      (b.elo.estimate ?? Infinity) - (a.elo.estimate ?? Infinity) ||
      (a.game + a.technique < b.game + b.technique ? -1 : 1)
    )
    .map((i) => {
      const name = i.technique === "mcts"
        ? "MCTS-Solver (over plain UCT)"
        : rows.find((r) => r.technique === i.technique)?.name ?? i.technique;
      return `${name}: ${signedElo(i.elo.estimate)} Elo [${
        signedElo(i.elo.low)
      }, ${signedElo(i.elo.high)}] on ${i.game} (H1 after ${i.games} games)`;
    });
}

const percent = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;

function leaf(
  title: string,
  games: readonly AtlasGameFacts[],
  rows: readonly AtlasRow[],
  pick: (row: AtlasRow) => boolean,
  elo: readonly EloItem[] = [],
): DecisionNode {
  const ids = games.map((g) => g.game);
  const mine = rows.filter((r) =>
    ids.includes(r.game) && r.share !== null && pick(r)
  );
  const byTechnique = new Map<string, AtlasRow[]>();
  for (const row of mine) {
    byTechnique.set(row.technique, [
      ...(byTechnique.get(row.technique) ?? []),
      row,
    ]);
  }
  const techniques: LeafTechnique[] = [];
  for (const [technique, list] of byTechnique) {
    // A technique that changed a value on some game of the leaf is not sound there.
    if (list.some((r) => r.valueDiffers > 0)) continue;
    const logs = list.map((r) => Math.log(Math.max(r.share!.median, 1e-4)));
    const share = Math.round(
      Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length) * 1e4,
    ) / 1e4;
    if (!(share < 1)) {
      continue;
    }
    techniques.push({
      technique,
      name: list[0]!.name,
      share,
      reason: `${percent(share)} of alpha-beta's nodes (${
        list.map((r) => `${r.game} ${percent(r.share!.median)}`).join(", ")
      })`,
    });
  }
  techniques.sort((a, b) =>
    a.share - b.share || (a.technique < b.technique ? -1 : 1)
  );
  return {
    leaf: title,
    games: ids,
    techniques: techniques.slice(0, LEAF_TECHNIQUES),
    strength: strengthOf(ids, rows, elo),
  };
}

/**
 * Derives the tree from the atlas's data by the module's rules.
 *
 * @param data the games' facts and the rows (`figures/atlas/rows.json`)
 * @returns the tree
 *
 * @example With no rows every leaf is empty, but the questions stand
 * ```ts
 * import assert from "node:assert/strict";
 * import { deriveTree } from "./decision_tree.ts";
 * const tree = deriveTree({ facts: [], rows: [] });
 * assert.ok("question" in tree && tree.question.startsWith("Is the game impartial"));
 * ```
 */
export function deriveTree(data: AtlasData): DecisionNode {
  const { facts, rows } = data;
  const elo = data.elo ?? [];
  const staticShare = (game: string) =>
    rows.find((r) => r.game === game && r.technique === "static-order")?.share
      ?.median;
  const impartial = facts.filter((g) => g.impartial);
  const rest = facts.filter((g) => !g.impartial);
  const exact = rest.filter((g) => g.exact);
  const frequent = exact.filter((g) => g.repeatedKeys >= FREQUENT_REPEATS);
  const rare = exact.filter((g) => g.repeatedKeys < FREQUENT_REPEATS);
  const heuristic = rest.filter((g) => !g.exact);
  const noEvaluation = heuristic.filter((g) => !g.evaluation);
  const evaluated = heuristic.filter((g) => g.evaluation);
  const ordered = evaluated.filter((g) =>
    (staticShare(g.game) ?? 1) <= GOOD_STATIC_ORDER
  );
  const unordered = evaluated.filter((g) =>
    (staticShare(g.game) ?? 1) > GOOD_STATIC_ORDER
  );
  const sound = (r: AtlasRow) => r.contract === "sound";
  return {
    question:
      "Is the game impartial (a sum of heaps, the same moves for both)?",
    yes: leaf(
      "Replace the search by the Grundy value (nim-sum)",
      impartial,
      rows,
      (r) => r.contract === "replacement" || sound(r),
    ),
    no: {
      question: "Is the exact game-theoretic value required?",
      yes: {
        question: `Are transpositions frequent (≥ ${
          percent(FREQUENT_REPEATS)
        } of nodes repeat a key)?`,
        yes: leaf("Sound techniques, table first", frequent, rows, sound),
        no: leaf("Sound techniques, ordering first", rare, rows, sound),
      },
      no: {
        question: "Is there an evaluation of unfinished positions?",
        yes: {
          question: `Is a good static order known (≤ ${
            percent(GOOD_STATIC_ORDER)
          } of alpha-beta's nodes)?`,
          yes: leaf(
            "Static ordering first, then the dynamic ones",
            ordered,
            rows,
            sound,
            elo,
          ),
          no: leaf(
            "Dynamic ordering (killers, history, table, deepening)",
            unordered,
            rows,
            sound,
            elo,
          ),
        },
        no: leaf(
          "MCTS: playouts need no evaluation",
          noEvaluation,
          rows,
          (r) => r.contract === "different",
          elo,
        ),
      },
    },
  };
}

/**
 * The tree as indented Markdown (a nested list), for the README and the notebook.
 *
 * @param node the tree
 * @returns the list
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deriveTree, treeMarkdown } from "./decision_tree.ts";
 * assert.match(treeMarkdown(deriveTree({ facts: [], rows: [] })), /^- \*\*Is the game impartial/);
 * ```
 */
export function treeMarkdown(node: DecisionNode, indent = ""): string {
  if ("question" in node) {
    return [
      `${indent}- **${node.question}**`,
      `${indent}  - yes:`,
      treeMarkdown(node.yes, `${indent}    `),
      `${indent}  - no:`,
      treeMarkdown(node.no, `${indent}    `),
    ].join("\n");
  }
  const games = node.games.length === 0
    ? "no game of the atlas"
    : node.games.join(", ");
  const lines = [`${indent}- ${node.leaf} (games: ${games})`];
  for (const t of node.techniques) {
    lines.push(`${indent}  - ${t.name}: ${t.reason}`);
  }
  if (node.techniques.length === 0) {
    lines.push(`${indent}  - (nothing measured beats alpha-beta here)`);
  }
  if (node.strength.length > 0) {
    lines.push(`${indent}  - in play, gains an SPRT accepted at equal nodes:`);
    for (const line of node.strength) lines.push(`${indent}    - ${line}`);
  }
  return lines.join("\n");
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The tree drawn as an SVG: an indented diagram, questions in bold with
 * yes/no branches, leaves with their games and techniques. Plain SVG (no
 * scripts, no fonts to load), so it shows in nbconvert and on GitHub.
 *
 * @param node the tree
 * @returns the SVG text
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deriveTree, treeSvg } from "./decision_tree.ts";
 * const svg = treeSvg(deriveTree({ facts: [], rows: [] }));
 * assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') && svg.includes("impartial"));
 * ```
 */
export function treeSvg(node: DecisionNode): string {
  const lines: {
    x: number;
    text: string;
    kind: "question" | "branch" | "leaf" | "item";
  }[] = [];
  const walk = (n: DecisionNode, x: number) => {
    if ("question" in n) {
      lines.push({ x, text: n.question, kind: "question" });
      lines.push({ x: x + 16, text: "yes", kind: "branch" });
      walk(n.yes, x + 32);
      lines.push({ x: x + 16, text: "no", kind: "branch" });
      walk(n.no, x + 32);
      return;
    }
    const games = n.games.length === 0
      ? "no game of the atlas"
      : n.games.join(", ");
    lines.push({ x, text: `${n.leaf} — ${games}`, kind: "leaf" });
    for (const t of n.techniques) {
      lines.push({ x: x + 16, text: `${t.name}: ${t.reason}`, kind: "item" });
    }
    if (n.techniques.length === 0) {
      lines.push({
        x: x + 16,
        text: "(nothing measured beats alpha-beta here)",
        kind: "item",
      });
    }
    if (n.strength.length > 0) {
      lines.push({
        x: x + 16,
        text: "in play, gains an SPRT accepted at equal nodes:",
        kind: "branch",
      });
      for (const text of n.strength) {
        lines.push({ x: x + 32, text, kind: "item" });
      }
    }
  };
  walk(node, 10);
  const height = 20 * lines.length + 20;
  const width = 1100;
  const style: Record<string, string> = {
    question: 'font-weight="bold" fill="#1f3a93"',
    branch: 'fill="#555"',
    leaf: 'font-weight="bold" fill="#1b7a3a"',
    item: 'fill="#222"',
  };
  const body = lines.map((l, i) =>
    `<text x="${l.x}" y="${20 * i + 24}" ${style[l.kind]}>${
      escapeXml(l.text)
    }</text>`
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    ...body,
    "</svg>",
  ].join("\n") + "\n";
}
