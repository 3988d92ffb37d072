/**
 * "Which technique for which task": a decision tree whose questions are
 * properties of the task and whose leaves are derived from the measured
 * atlas rows by stated rules, so that the drawing follows the numbers.
 *
 * Questions (thresholds are constants below): is the game impartial; is
 * the exact game-theoretic value required; are transpositions frequent (at
 * least {@linkcode FREQUENT_REPEATS} of a full-width walk's nodes repeat a
 * key); is there an evaluation of unfinished positions; is a good static
 * order known (static ordering at most {@linkcode GOOD_STATIC_ORDER} of
 * alpha-beta's nodes). A leaf's title names the task, never a technique.
 *
 * Rules of a leaf:
 * 1. a leaf that no game of the atlas reaches is drawn as not measured,
 *    with nothing recommended;
 * 2. a leaf recommends a technique only on the games reaching it where it
 *    was measured below alpha-beta's nodes (median share below 1, against
 *    alpha-beta itself, the value unchanged on every position) and where no
 *    SPRT of it on that game (chess's for the WAC positions) accepted H0,
 *    add-one or leave-one-out; each recommendation names those
 *    games (and the leaf's other games where it failed, with why), best
 *    first by the geometric mean of its shares there, at most
 *    {@linkcode LEAF_TECHNIQUES};
 * 3. where the leaf's games are played (Connect Four, chess) and the Elo
 *    tests are given, it lists every technique, sound or selective, that
 *    its SPRT at equal nodes accepted as a gain (H1) over an alpha-beta
 *    engine (MCTS-Solver is measured against plain UCT, so it is listed
 *    only by the leaf of MCTS), largest gain first, with its Elo, the
 *    engine it was added to, the games the SPRT counted and its node
 *    budget; a test played against the engine before its order changed
 *    says so. The leave-one-out tests of today's engine, when given, count
 *    too: those that accepted H1 (the full chess engine loses without the
 *    technique) are listed first, largest loss first, then the add-one
 *    gains; one that accepted H0 refuses the technique by rule 2 (where a
 *    pair test shows another technique standing in for it, the refusal
 *    says so).
 *
 * @module
 */

import type { AtlasGameFacts, AtlasRow } from "./measure.ts";
import { ELO_TESTS, type EloItem, roundElo } from "./elo.ts";
import { ELO_LOO_CANDIDATE_TESTS, ELO_LOO_TESTS } from "./leave_one_out.ts";

/** Share of repeated keys from which transpositions count as frequent. */
export const FREQUENT_REPEATS = 0.2;
/** Static ordering's median share of alpha-beta's nodes that counts as a good order. */
export const GOOD_STATIC_ORDER = 0.7;
/** Techniques named per leaf. */
export const LEAF_TECHNIQUES = 5;

/** A technique a leaf recommends, where and why. */
export interface LeafTechnique {
  technique: string;
  name: string;
  /** The leaf's games where it is recommended (rule 2). */
  games: string[];
  /** Geometric mean over those games of the median share of alpha-beta's nodes. */
  share: number;
  /** The measured reason, in words. */
  reason: string;
}

/** A gain an SPRT accepted at equal nodes on one of the leaf's games. */
export interface LeafGain {
  technique: string;
  game: string;
  /** The gain in words: name, Elo, interval, game, games counted. */
  text: string;
}

/** A node of the tree: a question with two branches, or a leaf. */
export type DecisionNode =
  | { question: string; yes: DecisionNode; no: DecisionNode }
  | {
    leaf: string;
    /** The atlas's games that reach this leaf. */
    games: string[];
    /** False when no game reaches it: then nothing is recommended (rule 1). */
    measured: boolean;
    techniques: LeafTechnique[];
    /** Techniques an SPRT at equal nodes accepted (H1) on the leaf's games. */
    strength: LeafGain[];
  };

/** What the tree reads: the games' facts, the rows, and the Elo tests when run. */
export interface AtlasData {
  facts: readonly AtlasGameFacts[];
  rows: readonly AtlasRow[];
  elo?: readonly EloItem[];
  /** The leave-one-out tests (`rows.json`'s `leaveOneOut`), when run. */
  leaveOneOut?: { readonly items: readonly EloItem[] };
}

/** The SPRTs a leaf reads: add-one-to-base and leave-one-out. */
interface Sprts {
  elo: readonly EloItem[];
  loo: readonly EloItem[];
}

/**
 * A leave-one-out or add-one test's technique in words: its atlas row's
 * name, or the name of a leave-one-out technique that has no row.
 *
 * @param technique the test's technique id
 * @param rows the atlas rows
 * @returns the name
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { testedName } from "./decision_tree.ts";
 * assert.equal(testedName("late-move-pruning", []), "late-move pruning");
 * assert.equal(testedName("killer", [{ technique: "killer", name: "killer moves" } as never]), "killer moves");
 * ```
 */
export function testedName(
  technique: string,
  rows: readonly AtlasRow[],
): string {
  const id = LOO_ROW[technique] ?? technique;
  return rows.find((r) => r.technique === id)?.name ?? LOO_NAMES[technique] ??
    technique;
}

/** The atlas row that measures a leave-one-out test's technique, where the ids differ. */
const LOO_ROW: Readonly<Record<string, string>> = { "tt-move": "tt-move-only" };

/** Names of the leave-one-out techniques that have no atlas row. */
const LOO_NAMES: Readonly<Record<string, string>> = {
  "losing-captures": "captures losing by SEE left out of quiescence",
  "killers-and-history": "killers and history together",
  "reverse-futility": "reverse futility pruning",
  "late-move-pruning": "late-move pruning",
  "quiescence-table": "the table probed in quiescence",
  "null-move-by-value": "null move reduced by the static value",
  "lmr-by-history": "late-move reductions by killers and quiet history",
  "exchange-pruning": "exchange pruning",
  improving:
    '"improving" (margins and reductions by whether the static value rose)',
  "pawn-threats": "pawn threats (evaluation)",
  "safe-mobility": "mobility of the squares no enemy pawn attacks (evaluation)",
  "passer-kings": "the kings' distances to passed pawns (evaluation)",
};

/**
 * Leave-one-out tests of techniques that can stand in for each other, and
 * the atlas rows they cover: the full engine without one of them keeps the
 * other, so a refusal by an H0 for one alone says so.
 */
const LOO_PAIRS: Readonly<Record<string, readonly string[]>> = {
  "killers-and-history": ["killer", "history"],
};

/**
 * The game whose SPRTs speak for an atlas game: the Win At Chess positions
 * are chess, whose games are played from the usual openings.
 */
export function sprtGame(game: string): string {
  return game === "wac" ? "chess" : game;
}

/** The pair test that shows `row`'s technique standing in for another, in words, or "". */
function pairNote(row: AtlasRow, sprts: Sprts): string {
  const pair = sprts.loo.find((i) =>
    i.decision === "H1" && i.game === sprtGame(row.game) &&
    (LOO_PAIRS[i.technique] ?? []).includes(row.technique)
  );
  return pair === undefined
    ? ""
    : `; without ${LOO_NAMES[pair.technique] ?? pair.technique} it loses ${
      signedElo(pair.elo.estimate)
    } Elo (H1): they stand in for each other`;
}

/** The atlas row id a leave-one-out item's technique is measured by. */
const rowIdOf = (item: EloItem) => LOO_ROW[item.technique] ?? item.technique;

/** The leave-one-out tests of both full engines. */
const ALL_LOO_TESTS = [...ELO_LOO_TESTS, ...ELO_LOO_CANDIDATE_TESTS];

/** Leave-one-out items of today's tests (played by the engine the tests name), at equal nodes. */
function todaysLoo(items: readonly EloItem[]): EloItem[] {
  return items.filter((i) =>
    i.mode === "nodes" &&
    ALL_LOO_TESTS.some((t) =>
      t.technique === i.technique && t.game === i.game && t.engine === i.engine
    )
  );
}

/**
 * An Elo figure as the atlas's sentences write it: signed, rounded as
 * {@linkcode roundElo} rounds it (as the Strength column does), "∞" where
 * an interval has no bound.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { signedElo } from "./decision_tree.ts";
 * assert.deepEqual([signedElo(12.4), signedElo(-3.6), signedElo(null)], ["+12", "−4", "∞"]);
 * assert.deepEqual([signedElo(-4.5), signedElo(4.5)], ["−5", "+5"]);
 * ```
 */
export function signedElo(x: number | null): string {
  return x === null ? "∞" : `${x >= 0 ? "+" : "−"}${Math.abs(roundElo(x))}`;
}

/**
 * Whether `item` was played against another engine than today's test of
 * it (a committed test from before the engine changed).
 *
 * @param item an add-one test's result
 * @returns true when today's test of the technique names another engine
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oldEngine } from "./decision_tree.ts";
 * import { ELO_TESTS, type EloItem } from "./elo.ts";
 * const test = ELO_TESTS.find((t) => t.game === "chess")!;
 * assert.equal(oldEngine({ technique: test.technique, game: "chess", engine: test.engine } as EloItem), false);
 * assert.equal(oldEngine({ technique: test.technique, game: "chess", engine: "an older engine" } as EloItem), true);
 * ```
 */
export function oldEngine(item: EloItem): boolean {
  const test = ELO_TESTS.find((t) =>
    t.technique === item.technique && t.game === item.game
  );
  return test !== undefined && test.engine !== item.engine;
}

/** The leaf's gains that an SPRT at equal nodes accepted, largest first (rule 3). */
function strengthOf(
  ids: readonly string[],
  rows: readonly AtlasRow[],
  sprts: Sprts,
  mcts: boolean,
): LeafGain[] {
  const gain = (i: EloItem) => i.elo.estimate ?? Infinity;
  const interval = (i: EloItem) =>
    `${signedElo(i.elo.estimate)} Elo [${signedElo(i.elo.low)}, ${
      signedElo(i.elo.high)
    }]`;
  const leftOut: LeafGain[] = mcts ? [] : sprts.loo
    .filter((i) => i.decision === "H1" && ids.includes(i.game))
    .sort((a, b) => gain(b) - gain(a) || (a.technique < b.technique ? -1 : 1))
    .map((i) => ({
      technique: rowIdOf(i),
      game: i.game,
      text: `${
        rows.find((r) => r.technique === rowIdOf(i))?.name ??
          LOO_NAMES[i.technique] ?? i.technique
      }: the full engine loses ${
        interval(i)
      } without it on ${i.game} (leave-one-out, H1 after ${
        2 * i.pairs
      } games at ${i.budget.toLocaleString("en")} nodes a move)`,
    }));
  return [...leftOut, ...addedOne(ids, rows, sprts.elo, mcts)];
}

/**
 * The engine an add-one test's candidate played against, short: its
 * description up to the first parenthesis or colon ("plain alpha-beta",
 * "the UCI engine").
 */
function baselineOf(item: EloItem): string {
  return item.engine.split(/ \(|:/)[0]!.trim();
}

/** Rule 3's add-one-to-base gains, largest first. */
function addedOne(
  ids: readonly string[],
  rows: readonly AtlasRow[],
  elo: readonly EloItem[],
  mcts: boolean,
): LeafGain[] {
  return elo
    .filter((i) =>
      i.mode === "nodes" && i.decision === "H1" && ids.includes(i.game) &&
      (i.technique === "mcts") === mcts
    )
    .sort((a, b) =>
      (b.elo.estimate ?? Infinity) - (a.elo.estimate ?? Infinity) ||
      (a.game + a.technique < b.game + b.technique ? -1 : 1)
    )
    .map((i) => {
      const name = i.technique === "mcts"
        ? "MCTS-Solver"
        : rows.find((r) => r.technique === i.technique)?.name ?? i.technique;
      return {
        technique: i.technique,
        game: i.game,
        text: `${name}: ${signedElo(i.elo.estimate)} Elo [${
          signedElo(i.elo.low)
        }, ${signedElo(i.elo.high)}] on ${i.game} over ${
          baselineOf(i)
        } (add-one, H1 after ${2 * i.pairs} games at ${
          i.budget.toLocaleString("en")
        } nodes a move${
          oldEngine(i)
            ? "; against the engine before its move order changed"
            : ""
        })`,
      };
    });
}

const percent = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;

/** Why `row` does not let its technique be recommended on its game, or null when it does (rule 2). */
function refusal(
  row: AtlasRow,
  sprts: Sprts,
): string | null {
  if (row.share === null) return "not measured";
  if (row.shareOf !== undefined) return `measured against ${row.shareOf}`;
  if (row.valueDiffers > 0) {
    return `value changed on ${row.valueDiffers} of ${row.positions}`;
  }
  if (!(row.share.median < 1)) return percent(row.share.median);
  const game = sprtGame(row.game);
  const h0 = sprts.elo.find((i) =>
    i.technique === row.technique && i.game === game && i.decision === "H0"
  );
  if (h0 !== undefined) {
    return `${percent(row.share.median)}, but its SPRT accepted H0 (${
      signedElo(h0.elo.estimate)
    } Elo)`;
  }
  const looH0 = sprts.loo.find((i) =>
    rowIdOf(i) === row.technique && i.game === game && i.decision === "H0"
  );
  if (looH0 !== undefined) {
    return `${percent(row.share.median)}, but the full engine loses less than ${
      signedElo(looH0.elo1)
    } Elo without it (leave-one-out accepted H0 at [${looH0.elo0}, ${looH0.elo1}]: ${
      signedElo(looH0.elo.estimate)
    }${pairNote(row, sprts)})`;
  }
  return null;
}

function leaf(
  title: string,
  games: readonly AtlasGameFacts[],
  rows: readonly AtlasRow[],
  pick: (row: AtlasRow) => boolean,
  sprts: Sprts,
  options: { strength: boolean; mcts?: boolean },
): DecisionNode {
  const ids = games.map((g) => g.game);
  if (ids.length === 0) {
    return {
      leaf: title,
      games: [],
      measured: false,
      techniques: [],
      strength: [],
    };
  }
  const byTechnique = new Map<string, AtlasRow[]>();
  for (const row of rows) {
    if (!ids.includes(row.game) || !pick(row)) continue;
    byTechnique.set(row.technique, [
      ...(byTechnique.get(row.technique) ?? []),
      row,
    ]);
  }
  const techniques: LeafTechnique[] = [];
  for (const [technique, list] of byTechnique) {
    const good = list.filter((r) => refusal(r, sprts) === null);
    if (good.length === 0) continue;
    const logs = good.map((r) => Math.log(Math.max(r.share!.median, 1e-4)));
    const share = Math.round(
      Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length) * 1e4,
    ) / 1e4;
    const elsewhere = list.filter((r) => !good.includes(r)).map((r) =>
      `${r.game}: ${refusal(r, sprts)}`
    );
    techniques.push({
      technique,
      name: list[0]!.name,
      games: good.map((r) => r.game),
      share,
      reason: `${
        good.map((r) => `${r.game} ${percent(r.share!.median)}`).join(", ")
      } of alpha-beta's nodes${
        elsewhere.length === 0
          ? ""
          : ` (not recommended on ${elsewhere.join("; ")})`
      }`,
    });
  }
  techniques.sort((a, b) =>
    a.share - b.share || (a.technique < b.technique ? -1 : 1)
  );
  return {
    leaf: title,
    games: ids,
    measured: true,
    techniques: techniques.slice(0, LEAF_TECHNIQUES),
    strength: options.strength
      ? strengthOf(ids, rows, sprts, options.mcts === true)
      : [],
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
  const sprts: Sprts = {
    elo: data.elo ?? [],
    loo: todaysLoo(data.leaveOneOut?.items ?? []),
  };
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
  const exactOnly = { strength: false };
  const played = { strength: true };
  return {
    question:
      "Is the game impartial (a sum of heaps, the same moves for both)?",
    yes: leaf(
      "Impartial games: sums of heaps",
      impartial,
      rows,
      (r) => r.contract === "replacement" || sound(r),
      sprts,
      exactOnly,
    ),
    no: {
      question: "Is the exact game-theoretic value required?",
      yes: {
        question: `Are transpositions frequent (≥ ${
          percent(FREQUENT_REPEATS)
        } of nodes repeat a key)?`,
        yes: leaf(
          "Exact value, frequent transpositions",
          frequent,
          rows,
          sound,
          sprts,
          exactOnly,
        ),
        no: leaf(
          "Exact value, rare transpositions",
          rare,
          rows,
          sound,
          sprts,
          exactOnly,
        ),
      },
      no: {
        question: "Is there an evaluation of unfinished positions?",
        yes: {
          question: `Is a good static order known (≤ ${
            percent(GOOD_STATIC_ORDER)
          } of alpha-beta's nodes)?`,
          yes: leaf(
            "Evaluated games with a good static order",
            ordered,
            rows,
            sound,
            sprts,
            played,
          ),
          no: leaf(
            "Evaluated games without a good static order",
            unordered,
            rows,
            sound,
            sprts,
            played,
          ),
        },
        no: leaf(
          "Heuristic value, no evaluation of unfinished positions",
          noEvaluation,
          rows,
          (r) => r.contract === "different",
          sprts,
          { strength: true, mcts: true },
        ),
      },
    },
  };
}

/** What a leaf that no game reaches says (rule 1). */
const NOT_MEASURED = "not measured (no game of the atlas reaches this leaf)";

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
  if (!node.measured) {
    return `${indent}- ${node.leaf}: ${NOT_MEASURED}`;
  }
  const lines = [`${indent}- ${node.leaf} (games: ${node.games.join(", ")})`];
  for (const t of node.techniques) {
    lines.push(`${indent}  - ${t.name}: ${t.reason}`);
  }
  if (node.techniques.length === 0) {
    lines.push(`${indent}  - (nothing measured beats alpha-beta here)`);
  }
  if (node.strength.length > 0) {
    lines.push(`${indent}  - in play, gains an SPRT accepted at equal nodes:`);
    for (const gain of node.strength) {
      lines.push(`${indent}    - ${gain.text}`);
    }
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
    if (!n.measured) {
      lines.push({ x, text: `${n.leaf} — ${NOT_MEASURED}`, kind: "leaf" });
      return;
    }
    lines.push({ x, text: `${n.leaf} — ${n.games.join(", ")}`, kind: "leaf" });
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
      for (const gain of n.strength) {
        lines.push({ x: x + 32, text: gain.text, kind: "item" });
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
