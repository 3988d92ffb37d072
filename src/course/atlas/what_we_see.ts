/**
 * The sentences under notebook 10's tables, written from the same data
 * as the tables: each figure they quote is read from the rows, so a new
 * run can never leave a stale number in the text.
 *
 * @module
 */

import type { EngineOrderRow } from "./engine_order.ts";
import type { EngineRow } from "./engine_rows.ts";
import type { FullEngineOrderRow } from "./full_engine_order.ts";
import type { NullMoveOverlapRow } from "./null_move_overlap.ts";
import type { AtlasRow } from "./measure.ts";
import type { EloItem, EloSettings } from "./elo.ts";
import { oldEngine, signedElo, testedName } from "./decision_tree.ts";
import { looItem, looRunEngine } from "./leave_one_out.ts";

const percent = (x: number) => `${Math.round(100 * x)}%`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A technique's name without its parenthesis: a leave-one-out test takes
 * the technique out of the full engine, whose settings may differ from the
 * atlas row's ("null-move pruning (R = 2)" there is adaptive here).
 */
const bare = (name: string) => name.replace(/ \(.*\)$/, "");

/** "a, b and c". */
function list(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The row of `variant` on `game`, or an error naming what is missing. */
function rowOf<R extends { variant: string; game: string }>(
  rows: readonly R[],
  variant: string,
  game: string,
  where: string,
): R {
  const row = rows.find((r) => r.variant === variant && r.game === game);
  if (row === undefined) {
    throw new Error(`${where}: no row "${variant}" on ${game}`);
  }
  return row;
}

/**
 * What the two move-order tables show about killers and history: their
 * share at the engines' order's depth without selective search, and
 * inside the full engine, each alone and both together.
 *
 * @param order `rows.json`'s `engineOrder`
 * @param full `rows.json`'s `fullEngineOrder`
 * @returns Markdown, one paragraph
 * @throws {Error} when a row it quotes is missing
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAtlasFile } from "./report.ts";
 * import { orderSummary } from "./what_we_see.ts";
 * const atlas = readAtlasFile()!;
 * assert.match(orderSummary(atlas.engineOrder!, atlas.fullEngineOrder!), /^At depth 5 /);
 * ```
 */
export function orderSummary(
  order: readonly EngineOrderRow[],
  full: readonly FullEngineOrderRow[],
): string {
  const where = "orderSummary";
  const both = (pick: (game: "chess" | "wac") => number) =>
    `${percent(pick("chess"))} (middlegames) and ${percent(pick("wac"))} (WAC)`;
  const depth = rowOf(order, "engine", "chess", where).depth;
  const fullDepth = rowOf(full, "engine", "chess", where).depth;
  const old = (variant: string) =>
    both((g) => rowOf(order, variant, g, where).shareOfBefore.median);
  const now = (variant: string) =>
    both((g) => rowOf(order, variant, g, where).shareOfEngine.median);
  const inFull = (variant: string) =>
    both((g) => rowOf(full, variant, g, where).shareOfEngine.median);
  const sum = (g: "chess" | "wac") =>
    (rowOf(full, "neither", g, where).nodes /
      rowOf(full, "engine", g, where).nodes).toFixed(2);
  // They stand in for each other where removing both costs clearly more
  // than removing either alone.
  const median = (variant: string, g: "chess" | "wac") =>
    rowOf(full, variant, g, where).shareOfEngine.median;
  const overlap = (["chess", "wac"] as const).every((g) =>
    median("neither", g) >
      Math.max(median("no-killers", g), median("no-history", g)) + 0.1
  );
  return `At depth ${depth} without selective search the engines' order needs ${
    old("engine")
  } of the old order's nodes; without killers it needs ${
    now("no-killers")
  } of its own, without history ${
    now("no-history")
  }. Inside the full engine at depth ${fullDepth} (median shares of its nodes): without killers ${
    inFull("no-killers")
  }, without history ${inFull("no-history")}, without both ${
    inFull("neither")
  } (${sum("chess")}× and ${sum("wac")}× the nodes in the sums). ${
    overlap
      ? "Each stands in for the other: a test that removes one of them with the other in place, as the add-one and the leave-one-out tests of a single technique do, finds little; the leave-one-out tests the pair too."
      : "Removing both does not cost clearly more than removing either alone here: the two do not stand in for each other at this depth."
  }`;
}

/**
 * What the add-one table shows: the gains its SPRTs at equal nodes
 * accepted and rejected on each game, what stayed undecided, and which
 * engine the chess tests were played against.
 *
 * @param items `rows.json`'s `elo`
 * @param rows the atlas rows (for the techniques' names)
 * @param settings `rows.json`'s `eloSettings`
 * @returns Markdown, one paragraph
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAtlasFile } from "./report.ts";
 * import { strengthSummary } from "./what_we_see.ts";
 * const atlas = readAtlasFile()!;
 * assert.match(strengthSummary(atlas.elo!, atlas.rows, atlas.eloSettings!), /^On chess, at 10,000 nodes a move/);
 * ```
 */
export function strengthSummary(
  items: readonly EloItem[],
  rows: readonly AtlasRow[],
  settings: EloSettings,
): string {
  const nodes = items.filter((i) =>
    i.mode === "nodes" && i.technique !== "mcts"
  );
  const named = (i: EloItem) =>
    `${testedName(i.technique, rows)} ${signedElo(i.elo.estimate)}`;
  const byGain = (a: EloItem, b: EloItem) =>
    (b.elo.estimate ?? Infinity) - (a.elo.estimate ?? Infinity);
  const game = (id: "chess" | "connect-four", label: string) => {
    const of = nodes.filter((i) => i.game === id).sort(byGain);
    const h1 = of.filter((i) => i.decision === "H1").map(named);
    const h0 = of.filter((i) => i.decision === "H0").map(named);
    const open = of.filter((i) => i.decision === null).map(named);
    const budget = settings.games[id].nodes.toLocaleString("en");
    const old = of.some(oldEngine)
      ? " (played against the engine before its move order changed, as the table's cells say)"
      : "";
    return `On ${label}, at ${budget} nodes a move${old}, the SPRTs accepted ${
      h1.length === 0 ? "no gain" : `as gains ${list(h1)}`
    }${h0.length === 0 ? "" : `, rejected ${list(h0)}`}${
      open.length === 0 ? "" : `, and left undecided ${list(open)}`
    }.`;
  };
  const mcts = items.find((i) => i.mode === "nodes" && i.technique === "mcts");
  const even = nodes.filter((i) => i.pairs > 0 && i.counts[2] === i.pairs).map((
    i,
  ) => testedName(i.technique, rows));
  return [
    game("chess", "chess"),
    game("connect-four", "Connect Four"),
    mcts === undefined
      ? ""
      : `MCTS-Solver against plain UCT: ${signedElo(mcts.elo.estimate)} (${
        mcts.decision ?? "undecided"
      }).`,
    even.length === 0
      ? ""
      : `${
        capital(list(even))
      } scored exactly one point in every pair: the candidate played the baseline's own games.`,
    `An SPRT with [${settings.elo0}, ${settings.elo1}] accepts H1 slowly even for a large gain: with the two hypotheses ${
      settings.elo1 - settings.elo0
    } Elo apart each pair moves the log-likelihood ratio a little, so the equal-time tests, ${
      list(
        [...new Set(Object.values(settings.games).map((g) => g.timeGames))]
          .map(String),
      )
    } games long, stay undecided although some intervals are far from zero.`,
  ].filter((s) => s !== "").join(" ");
}

/**
 * Where a leave-one-out test stands: decided (H1 or H0); ended undecided
 * with its Elo known to the run's precision, its interval above 0, across
 * it or below it; or not ended (stopped before its end, or not run).
 */
type LooStanding = "H1" | "H0" | "above" | "across" | "below" | "open";

/** The standing of `item` ({@linkcode LooStanding}). */
function looStanding(item: EloItem | undefined): LooStanding {
  if (item === undefined || item.partial) return "open";
  if (item.decision !== null) return item.decision;
  if (item.precision === undefined) return "open";
  if ((item.elo.low ?? -Infinity) > 0) return "above";
  return (item.elo.high ?? Infinity) < 0 ? "below" : "across";
}

/**
 * What the leave-one-out table shows: how its tests ended, the decided
 * ones, and the undecided ones by where their interval lies.
 *
 * @param loo `rows.json`'s `leaveOneOut`
 * @param rows the atlas rows (for the techniques' names)
 * @returns Markdown, one paragraph
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAtlasFile } from "./report.ts";
 * import { leaveOneOutSummary } from "./what_we_see.ts";
 * const atlas = readAtlasFile()!;
 * assert.match(leaveOneOutSummary(atlas.leaveOneOut!, atlas.rows), /are decided/);
 * ```
 */
export function leaveOneOutSummary(
  loo: { settings: EloSettings; items: readonly EloItem[] },
  rows: readonly AtlasRow[],
): string {
  const { settings } = loo;
  const items = loo.items.filter((i) => i.mode === "nodes");
  const named = (i: EloItem) =>
    `${bare(testedName(i.technique, rows))} ${signedElo(i.elo.estimate)} [${
      signedElo(i.elo.low)
    }, ${signedElo(i.elo.high)}]`;
  const byGain = (a: EloItem, b: EloItem) =>
    (b.elo.estimate ?? Infinity) - (a.elo.estimate ?? Infinity);
  const standing = (s: LooStanding) =>
    items.filter((i) => looStanding(i) === s).sort(byGain);
  const [h1, h0] = [standing("H1"), standing("H0")];
  const [above, across, below] = [
    standing("above"),
    standing("across"),
    standing("below"),
  ];
  const decided = [...h1, ...h0];
  const known = [...above, ...across, ...below];
  const open = items.filter((i) => looStanding(i) === "open");
  const ended = open.length === 0
    ? `Every test has ended, decided at [${settings.elo0}, ${settings.elo1}] or known to ±${settings.precision}.`
    : `${open.length} of ${items.length} tests have not ended (${
      list(open.map((i) => bare(testedName(i.technique, rows))))
    }).`;
  return [
    ended,
    `${decided.length} are decided: ${
      h1.length === 0
        ? "none H1"
        : `H1 (the engine loses without it) for ${list(h1.map(named))}`
    }${h0.length === 0 ? "" : `; H0 for ${list(h0.map(named))}`}.`,
    known.length === 0
      ? ""
      : `Known to ±${settings.precision} without a decision: ${
        [
          above.length === 0
            ? ""
            : `${list(above.map(named))} with intervals above 0`,
          across.length === 0
            ? ""
            : `${list(across.map(named))} with intervals reaching 0`,
          below.length === 0
            ? ""
            : `${list(below.map(named))} with ${
              below.length === 1 ? "its whole interval" : "whole intervals"
            } below 0: the engine plays better without ${
              below.length === 1 ? "it" : "each"
            } at ${
              settings.games.chess.nodes.toLocaleString("en")
            } nodes a move`,
        ].filter((s) => s !== "").join("; ")
      }.`,
  ].filter((s) => s !== "").join(" ");
}

/**
 * Two leave-one-out runs compared: of the techniques both tested, those
 * the full engine lost Elo without in both (H1, or an interval wholly
 * above 0), in neither, and in one only; tests not yet ended in either
 * run are named apart.
 *
 * @param later the later run (the atlas's), and its column's name
 * @param earlier the earlier run, and its name
 * @param rows the atlas rows (for the techniques' names)
 * @returns Markdown, one paragraph
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EloItem } from "./elo.ts";
 * import { ELO_LOO_CANDIDATES_FULL, ELO_LOO_FULL, LOO_CANDIDATES_ENGINE, LOO_ENGINE } from "./leave_one_out.ts";
 * import { leaveOneOutRunsSummary } from "./what_we_see.ts";
 * const item = (engine: string, technique: string, decision: "H0" | "H1" | null, low: number, high: number) =>
 *   ({ technique, game: "chess", mode: "nodes", engine, decision, precision: 25, partial: false, elo: { estimate: (low + high) / 2, low, high } }) as unknown as EloItem;
 * const [now, then] = [LOO_CANDIDATES_ENGINE, LOO_ENGINE];
 * const text = leaveOneOutRunsSummary(
 *   { name: "with its candidates", loo: { settings: ELO_LOO_CANDIDATES_FULL, items: [item(now, "pvs", "H1", 40, 100), item(now, "killer", null, -20, 25)] } },
 *   { name: "before them", loo: { settings: ELO_LOO_FULL, items: [item(then, "pvs", null, 5, 50), item(then, "killer", "H1", 20, 90)] } },
 *   [],
 * );
 * assert.equal(text, "Of the 2 techniques both runs have tested, the full engine loses Elo in both without pvs; before them only without killer.");
 * ```
 */
export function leaveOneOutRunsSummary(
  later: {
    name: string;
    loo: { settings: EloSettings; items: readonly EloItem[] };
  },
  earlier: {
    name: string;
    loo: { settings: EloSettings; items: readonly EloItem[] };
  },
  rows: readonly AtlasRow[],
): string {
  // Each run's item of its own engine's test of the technique.
  const itemOf = (
    loo: { settings: EloSettings; items: readonly EloItem[] },
    technique: string,
  ) => {
    const test = looRunEngine(loo.settings).tests.find((t) =>
      t.technique === technique
    );
    return test === undefined ? undefined : looItem(loo.items, test);
  };
  const verdict = (item: EloItem | undefined) => {
    const standing = looStanding(item);
    if (standing === "open") return "open";
    return standing === "H1" || standing === "above" ? "gain" : "none";
  };
  const both = looRunEngine(later.loo.settings).tests.map((t) => t.technique)
    .filter((t) =>
      itemOf(later.loo, t) !== undefined &&
      itemOf(earlier.loo, t) !== undefined
    );
  const named = (t: string) => bare(testedName(t, rows));
  const pairs = both.map((t) => ({
    t,
    now: verdict(itemOf(later.loo, t)),
    then: verdict(itemOf(earlier.loo, t)),
  }));
  const where = (test: (p: (typeof pairs)[number]) => boolean) =>
    pairs.filter(test).map((p) => named(p.t));
  const open = where((p) => p.now === "open" || p.then === "open");
  const gainBoth = where((p) => p.now === "gain" && p.then === "gain");
  const gainNeither = where((p) => p.now === "none" && p.then === "none");
  const laterOnly = where((p) => p.now === "gain" && p.then === "none");
  const earlierOnly = where((p) => p.now === "none" && p.then === "gain");
  const part = (label: string, names: string[]) =>
    names.length === 0 ? "" : `${label} ${list(names)}`;
  return `Of the ${both.length} techniques both runs have tested, the full engine loses Elo ${
    [
      part("in both without", gainBoth),
      part(
        "in neither (H0, or an interval that reaches 0) without",
        gainNeither,
      ),
      part(`${later.name} only without`, laterOnly),
      part(`${earlier.name} only without`, earlierOnly),
    ].filter((s) => s !== "").join("; ")
  }.${
    open.length === 0 ? "" : ` Not yet ended in one of them: ${list(open)}.`
  }`;
}

/**
 * What the null-move table shows: the nodes the null move adds or saves
 * as the engine is (reverse futility on) and without reverse futility.
 *
 * @param rows `nullMoveOverlap`'s rows
 * @returns Markdown, one paragraph
 * @throws {Error} when rows of a game, depth and setting it quotes are missing
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nullMoveSummary } from "./what_we_see.ts";
 * const row = (game: "chess" | "wac", reverseFutility: boolean, median: number) => ({
 *   game, depth: 6, reverseFutility, positions: 10,
 *   share: { median, low: median, high: median }, nodesWith: 100, nodesWithout: 100,
 * });
 * assert.match(
 *   nullMoveSummary([row("chess", true, 1.05), row("chess", false, 0.6), row("wac", true, 0.7), row("wac", false, 0.5)]),
 *   /^As the engine is \(reverse futility on\), the null move adds nodes on the middlegames \(105% at depth 6 of the nodes without it, median\)/,
 * );
 * ```
 */
export function nullMoveSummary(rows: readonly NullMoveOverlapRow[]): string {
  const depths = [...new Set(rows.map((r) => r.depth))].sort((a, b) => a - b);
  const of = (game: "chess" | "wac", reverseFutility: boolean) =>
    depths.map((depth) => {
      const row = rows.find((r) =>
        r.game === game && r.depth === depth &&
        r.reverseFutility === reverseFutility
      );
      if (row === undefined) {
        throw new Error(
          `nullMoveSummary: no row for ${game} at depth ${depth} with reverse futility ${
            reverseFutility ? "on" : "off"
          }`,
        );
      }
      return row;
    });
  const shares = (list: NullMoveOverlapRow[]) =>
    list.map((r) => `${percent(r.share.median)} at depth ${r.depth}`).join(
      ", ",
    );
  const verb = (list: NullMoveOverlapRow[]) =>
    list.every((r) => r.share.median > 1)
      ? "adds nodes"
      : list.every((r) => r.share.median < 1)
      ? "saves nodes"
      : "adds or saves nodes by depth";
  const on = of("chess", true), wac = of("wac", true), off = of("chess", false);
  return `As the engine is (reverse futility on), the null move ${
    verb(on)
  } on the middlegames (${shares(on)} of the nodes without it, median) and ${
    verb(wac)
  } on the WAC positions (${shares(wac)}); with reverse futility off it ${
    verb(off)
  } on the middlegames (${
    shares(off)
  }). The searches after a pass that fail low are all it adds where reverse futility has already taken the nodes it would cut.`;
}

/** How two shares compare in words: within 5 points of each other is "about as much". */
function cutsThan(share: number, others: readonly number[]): string {
  const near = others.every((o) => Math.abs(share - o) <= 0.05);
  if (near) return "about as much as";
  if (others.every((o) => share < o)) return "more than";
  if (others.every((o) => share > o)) return "less than";
  return "neither more nor less than both of";
}

/**
 * What the selective techniques on top of the engine's base show, per
 * game: each technique alone from the one that keeps the fewest of the
 * base's nodes to the one that keeps the most (median shares), those that
 * search more than the base, all of them together, and how the null move
 * compares with futility and razoring.
 *
 * @param rows `rows.json`'s `engine`
 * @returns Markdown, one paragraph
 * @throws {Error} when a row it quotes is missing
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAtlasFile } from "./report.ts";
 * import { engineSummary } from "./what_we_see.ts";
 * const atlas = readAtlasFile()!;
 * assert.match(engineSummary(atlas.engine!), /^On the middlegames, late-move reductions keep 29%/);
 * ```
 */
export function engineSummary(rows: readonly EngineRow[]): string {
  const where = "engineSummary";
  const games = [...new Set(rows.map((r) => r.game))];
  const place = (game: string) => game === "wac" ? "WAC" : "the middlegames";
  const name = (r: EngineRow) => bare(r.name.replace(/^\+ /, ""));
  // "check extensions search", "razoring keeps": the verb follows the name.
  const plural = (names: readonly string[]) =>
    names.length > 1 || /s$/.test(names[0] ?? "");
  const share = (variant: string, game: string) =>
    rowOf(rows, variant, game, where).share.median;
  const perGame = games.map((game) => {
    rowOf(rows, "engine", game, where);
    const singles = rows.filter((r) =>
      r.game === game && r.variant !== "engine" && r.variant !== "all"
    ).sort((a, b) => a.share.median - b.share.median);
    const cut = singles.filter((r) => r.share.median < 1);
    const more = singles.filter((r) => r.share.median > 1);
    const keeps = cut.map((r) =>
      `${name(r)} keep${plural([name(r)]) ? "" : "s"} ${
        percent(r.share.median)
      }`
    );
    const searchMore = more.length === 0
      ? ""
      : `; ${
        list(more.map((r) => `${name(r)} (${percent(r.share.median)})`))
      } search${plural(more.map(name)) ? "" : "es"} more`;
    return `On ${place(game)}, ${
      list(keeps)
    } of the engine's nodes (median)${searchMore}; all ${singles.length} together keep ${
      percent(share("all", game))
    }.`;
  });
  const nullMove = games.map((game) => {
    const others = [share("futility", game), share("razoring", game)];
    return `${cutsThan(share("null-move", game), others)} futility and ` +
      `razoring on ${place(game)} (${percent(share("null-move", game))} ` +
      `against ${list(others.map(percent))})`;
  });
  return `${perGame.join(" ")} Null move cuts ${list(nullMove)}.`;
}
