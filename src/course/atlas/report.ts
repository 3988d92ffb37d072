/**
 * The atlas as the figures job and notebook 10 show it: the tables (power,
 * depth within a budget, risk, cost), the chart of power against cost, the
 * decision tree, and the course's claims as rows. The committed figures
 * come from `figures/atlas/rows.json`; `deno task figures --full` measures
 * the full run (cached per item in `.atlas-cache/`, so it resumes) and
 * rewrites it, a default run measures the small default and shows the
 * committed file, so it rewrites nothing.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  appendKey,
  markdownTable,
  placeTags,
  renderSvg,
} from "../../plot/mod.ts";
import type { Chart, LessonEntry, LessonReport, Table } from "../report.ts";
import { claimRow, type CourseRow, PREVIOUS_MOVE_MAX_RATIO } from "../rows.ts";
import { GAME_IDS, type GameId } from "./games.ts";
import {
  ATLAS_FULL,
  ATLAS_SMALL,
  type AtlasGameFacts,
  type AtlasResults,
  type AtlasRow,
  type AtlasSettings,
  runAtlas,
} from "./measure.ts";
import {
  type DecisionNode,
  deriveTree,
  treeMarkdown,
  treeSvg,
} from "./decision_tree.ts";
import { TECHNIQUES } from "./techniques.ts";
import { type EngineRow, measureEngineRows } from "./engine_rows.ts";
import {
  type EngineOrderRow,
  engineOrderTable,
  measureEngineOrder,
} from "./engine_order.ts";
import {
  type FullEngineOrderRow,
  fullEngineOrderTable,
  measureFullEngineOrder,
} from "./full_engine_order.ts";
import {
  ELO_CHESS_NOT_TESTED,
  ELO_FULL,
  ELO_NOT_TESTED,
  ELO_ONE_EXPERIMENT,
  ELO_SMALL,
  ELO_TESTS,
  type EloGame,
  type EloItem,
  type EloSettings,
  eloStanding,
  type EloTest,
  formatElo,
  runElo,
} from "./elo.ts";
import {
  ELO_LOO_CANDIDATES_FULL,
  ELO_LOO_FULL,
  looItem,
  looRunEngine,
} from "./leave_one_out.ts";

/** What `figures/atlas/rows.json` holds: a run's rows and facts, and the tree derived from them. */
export interface AtlasFile {
  settings: AtlasSettings;
  facts: AtlasGameFacts[];
  rows: AtlasRow[];
  tree: DecisionNode;
  /** The Elo tests' settings (elo0, elo1, α, β, budgets); absent in a file from before them. */
  eloSettings?: EloSettings;
  /** The Elo tests (Strength), one per technique and mode. */
  elo?: EloItem[];
  /** The selective techniques on top of the chess engine, deeper; absent in a file from before them. */
  engine?: EngineRow[];
  /** The chess engine's move order, before and now, and each element's share; absent in a file from before it. */
  engineOrder?: EngineOrderRow[];
  /** Killers and history inside the full engine, deeper; absent in a file from before it. */
  fullEngineOrder?: FullEngineOrderRow[];
  /**
   * Leave-one-out Elo (the full chess engine against it less one
   * technique): the tests the cache held when the file was written,
   * finished or stopped before their end (`partial`); a test absent here
   * was not run. Absent in a file from before them.
   */
  leaveOneOut?: { settings: EloSettings; items: EloItem[] };
}

/** The committed atlas data. */
export const ATLAS_FILE: URL = new URL(
  "../../../figures/atlas/rows.json",
  import.meta.url,
);

/** Where a full run caches its items (ignored by git). */
export const ATLAS_CACHE: string =
  new URL("../../../.atlas-cache/", import.meta.url)
    .pathname;

/**
 * The games of the full leave-one-out run (`deno task atlas-elo --mode
 * leave-one-out --full`), batch by batch as the run caches them, and each
 * finished test. Committed, unlike {@linkcode ATLAS_CACHE}: the run takes
 * hours, so it resumes from these files on another day or machine, and
 * `deno task figures --full atlas` reads its table from them.
 */
export const LOO_GAMES: string =
  new URL("../../../figures/atlas/leave_one_out_games/", import.meta.url)
    .pathname;

/**
 * The leave-one-out run the atlas's figures read (`deno task figures
 * --full atlas`): the candidates engine's,
 * {@linkcode ELO_LOO_CANDIDATES_FULL}, the engine `deno task uci` plays by
 * default (`CANDIDATES_BY_DEFAULT`). The first run, the selective
 * engine's ({@linkcode ELO_LOO_FULL}), stays committed beside it.
 */
export const ATLAS_LOO_RUN: EloSettings = ELO_LOO_CANDIDATES_FULL;

/**
 * The games of the full leave-one-out run of the candidates engine
 * (`deno task atlas-elo --mode leave-one-out --engine candidates --full`),
 * committed as {@linkcode LOO_GAMES} are.
 */
export const LOO_CANDIDATE_GAMES: string = new URL(
  "../../../figures/atlas/leave_one_out_candidates_games/",
  import.meta.url,
).pathname;

/**
 * Where `deno task atlas-elo` keeps a run's games: the full leave-one-out runs' at their own budgets
 * are committed (`LOO_GAMES`, and `LOO_CANDIDATE_GAMES` for the
 * candidates engine), so that they resume on another day or
 * machine; every other run's (another `--nodes` budget included) stay in
 * the ignored `.atlas-cache/` (the candidates engine's in its
 * `candidates/` folder).
 *
 * @param settings the run's settings, `--nodes` applied
 * @returns the folder of the run's cached games
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_CACHE, atlasEloCacheDir, ELO_LOO_CANDIDATES_FULL, ELO_LOO_FULL, LOO_CANDIDATE_GAMES, LOO_GAMES } from "../mod.ts";
 * assert.equal(atlasEloCacheDir(ELO_LOO_FULL), LOO_GAMES);
 * assert.equal(atlasEloCacheDir(ELO_LOO_CANDIDATES_FULL), LOO_CANDIDATE_GAMES);
 * const deeper = { ...ELO_LOO_FULL.games.chess, nodes: 80_000 };
 * assert.equal(atlasEloCacheDir({ ...ELO_LOO_FULL, games: { ...ELO_LOO_FULL.games, chess: deeper } }), ATLAS_CACHE);
 * ```
 */
export function atlasEloCacheDir(settings: EloSettings): string {
  const candidates = settings.design === "leave-one-out" &&
    settings.looEngine === "candidates";
  // The candidates' tests share names with the selective engine's: their
  // other runs keep a folder of their own, so neither overwrites the other.
  const uncommitted = candidates ? `${ATLAS_CACHE}candidates/` : ATLAS_CACHE;
  if (settings.run !== "full" || settings.design !== "leave-one-out") {
    return uncommitted;
  }
  const [own, dir] = candidates
    ? [ELO_LOO_CANDIDATES_FULL, LOO_CANDIDATE_GAMES]
    : [ELO_LOO_FULL, LOO_GAMES];
  return settings.games.chess.nodes === own.games.chess.nodes
    ? dir
    : uncommitted;
}

/**
 * The data of a run as committed: counts only, with the derived tree, and
 * the Elo tests when given (each Connect Four row's `elo` is then its
 * equal-nodes test, formatted).
 */
export function atlasFile(
  results: AtlasResults,
  elo?: { settings: EloSettings; items: EloItem[] },
  engine?: EngineRow[],
  engineOrder?: EngineOrderRow[],
  leaveOneOut?: { settings: EloSettings; items: EloItem[] },
  fullEngineOrder?: FullEngineOrderRow[],
): AtlasFile {
  const { settings, facts } = results;
  const rows = elo === undefined ? results.rows : results.rows.map((row) => {
    const item = elo.items.find((i) =>
      i.technique === row.technique && i.game === row.game &&
      i.mode === "nodes"
    );
    return item === undefined ? row : { ...row, elo: formatElo(item) };
  });
  return {
    settings,
    facts,
    rows,
    tree: deriveTree({
      facts,
      rows,
      ...(elo === undefined ? {} : { elo: elo.items }),
      ...(leaveOneOut === undefined ? {} : { leaveOneOut }),
    }),
    ...(elo === undefined ? {} : { eloSettings: elo.settings, elo: elo.items }),
    ...(engine === undefined ? {} : { engine }),
    ...(engineOrder === undefined ? {} : { engineOrder }),
    ...(fullEngineOrder === undefined ? {} : { fullEngineOrder }),
    ...(leaveOneOut === undefined ? {} : { leaveOneOut }),
  };
}

/**
 * Leave-one-out: each technique's test of the full chess engine against
 * it less that technique, SPRT at equal nodes with adjudicated games; a
 * test the run did not reach says "not run", one stopped before its end
 * says so (its games so far, never a decision), and a technique without a
 * test gives the reason.
 *
 * @example Nothing run yet
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_LOO_FULL } from "./leave_one_out.ts";
 * import { leaveOneOutTable } from "./report.ts";
 * const table = leaveOneOutTable({ settings: ELO_LOO_FULL, items: [] });
 * assert.match(table, /\| null-move +\| — \(not run\)/);
 * ```
 */
export function leaveOneOutTable(
  loo: { settings: EloSettings; items: readonly EloItem[] },
): string {
  const { tests, notTested } = looRunEngine(loo.settings);
  const lines = tests.map((test) => {
    const item = looItem(loo.items, test);
    return [
      test.technique,
      item === undefined ? "— (not run)" : formatElo(item),
      item === undefined ? "" : `${item.llr} in [${item.bounds.join(", ")}]`,
    ];
  });
  for (const [id, why] of Object.entries(notTested)) {
    lines.push([id, `— (${why})`, ""]);
  }
  return markdownTable(
    [
      "technique left out",
      "Elo the full engine loses without it [95%], games, decision",
      "LLR",
    ],
    lines,
  );
}

/**
 * Leave-one-out runs side by side, technique by technique: the rows are
 * the first run's tests, then those only a later run has; each cell is the
 * run's test (Elo [95%], games, decision), "— (not run)" for a test the
 * run has not reached, and "— (no test)" or the reason for a technique
 * its engine has no test of.
 *
 * @param runs each run's column heading and its tests
 * @returns Markdown, one table
 *
 * @example Nothing run yet in either
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELO_LOO_CANDIDATES_FULL, ELO_LOO_FULL } from "./leave_one_out.ts";
 * import { leaveOneOutRunsTable } from "./report.ts";
 * const table = leaveOneOutRunsTable([
 *   { heading: "with candidates", loo: { settings: ELO_LOO_CANDIDATES_FULL, items: [] } },
 *   { heading: "before them", loo: { settings: ELO_LOO_FULL, items: [] } },
 * ]);
 * assert.match(table, /\| exchange-pruning +\| — \(not run\) +\| — \(no test\) +\|/);
 * assert.match(table, /\| etc +\| — \(not in the candidates engine[^|]*\| — \(not run\) +\|/);
 * ```
 */
export function leaveOneOutRunsTable(
  runs: readonly {
    heading: string;
    loo: { settings: EloSettings; items: readonly EloItem[] };
  }[],
): string {
  const engines = runs.map(({ loo }) => looRunEngine(loo.settings));
  const techniques = [
    ...new Set(engines.flatMap((e) => e.tests.map((t) => t.technique))),
  ];
  const cell = (run: number, technique: string) => {
    const { tests, notTested } = engines[run]!;
    const test = tests.find((t) => t.technique === technique);
    if (test === undefined) return `— (${notTested[technique] ?? "no test"})`;
    const item = looItem(runs[run]!.loo.items, test);
    return item === undefined ? "— (not run)" : formatElo(item);
  };
  return markdownTable(
    ["technique left out", ...runs.map((r) => r.heading)],
    techniques.map((t) => [t, ...runs.map((_, run) => cell(run, t))]),
  );
}

/** The leave-one-out settings in a line: budget, SPRT, adjudication. */
export function leaveOneOutSettingsLine(settings: EloSettings): string {
  const chess = settings.games.chess;
  const adj = settings.adjudication;
  return `${looRunEngine(settings).description}; ${
    chess.nodes.toLocaleString("en-US")
  } nodes a move, SPRT elo0 = ${settings.elo0}, elo1 = ${settings.elo1}, α = ${settings.alpha}, β = ${settings.beta}, at most ${chess.maxGames} games${
    settings.precision === undefined
      ? ""
      : ` (an undecided test ends once its Elo is known to ±${settings.precision}, after at least 100 pairs)`
  }, openings of ${settings.chessPlies.join(", ")} plies; adjudication: ${
    adj?.resign === undefined
      ? "no resign"
      : `resign when both engines see one side ${adj.resign.score} centipawns behind for ${adj.resign.moves} moves each`
  }, ${
    adj?.draw === undefined
      ? "no draw"
      : `draw when every score is within ±${adj.draw.score} for ${adj.draw.moves} moves each after ${adj.draw.afterPly} plies`
  }`;
}

/**
 * The selective techniques on top of the chess engine: power, changes, WAC
 * solved; one row per variant and game.
 *
 * @example From the small default
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL } from "./measure.ts";
 * import { measureEngineRows } from "./engine_rows.ts";
 * import { engineTable } from "./report.ts";
 * assert.match(engineTable(measureEngineRows(ATLAS_SMALL)), /null-move pruning/);
 * ```
 */
export function engineTable(rows: readonly EngineRow[]): string {
  return markdownTable(
    [
      "variant",
      "game",
      "depth",
      "nodes: share of the engine's, median (5–95%)",
      "value changed",
      "move changed",
      "WAC key moves found",
    ],
    rows.map((r) => [
      r.name,
      r.game === "wac" ? "WAC" : "middlegames",
      r.depth,
      `${pct(r.share.median)} (${pct(r.share.low)}–${pct(r.share.high)})`,
      `${r.valueChanged} of ${r.positions}`,
      `${r.moveChanged} of ${r.positions}`,
      r.solved === null ? "" : `${r.solved} of ${r.positions}`,
    ]),
  );
}

/** Reads the committed atlas, or null when there is none. */
export function readAtlasFile(): AtlasFile | null {
  try {
    return JSON.parse(Deno.readTextFileSync(ATLAS_FILE));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

/** Writes `figures/atlas/rows.json`. */
export function saveAtlasFile(file: AtlasFile): void {
  Deno.mkdirSync(new URL(".", ATLAS_FILE), { recursive: true });
  Deno.writeTextFileSync(ATLAS_FILE, JSON.stringify(file, null, 1) + "\n");
}

const pct = (x: number) => `${(100 * x).toFixed(x < 0.1 ? 1 : 0)}%`;
const bytes = (b: number) =>
  b === 0
    ? "—"
    : b >= 1 << 20
    ? `${(b / (1 << 20)).toFixed(1)} MiB`
    : `${Math.round(b / 1024)} KiB`;

function cell(
  rows: readonly AtlasRow[],
  technique: string,
  game: GameId,
  show: (r: AtlasRow) => string,
) {
  const row = rows.find((r) => r.technique === technique && r.game === game);
  if (row === undefined) return "";
  if (row.missing !== undefined) return "n/a";
  return show(row);
}

function techniqueIds(rows: readonly AtlasRow[]): string[] {
  return TECHNIQUES.map((t) => t.id).filter((id) =>
    rows.some((r) => r.technique === id)
  );
}

function nameOf(rows: readonly AtlasRow[], id: string): string {
  return rows.find((r) => r.technique === id)?.name ?? id;
}

function games(rows: readonly AtlasRow[]): GameId[] {
  return GAME_IDS.filter((g) => rows.some((r) => r.game === g));
}

/**
 * A technique's name as the power table and chart show it: with the
 * reference its power is measured against when that is not alpha-beta.
 */
function powerName(rows: readonly AtlasRow[], id: string): string {
  const shareOf = rows.find((r) => r.technique === id)?.shareOf;
  return shareOf === undefined
    ? nameOf(rows, id)
    : `${nameOf(rows, id)}, against ${nameOf(rows, shareOf)}`;
}

/**
 * Power: nodes at the fixed depth as a share of alpha-beta's (or of the
 * reference a row names), median (5–95%), technique × game.
 */
export function powerTable(rows: readonly AtlasRow[]): string {
  const cols = games(rows);
  return markdownTable(
    ["technique", "contract", ...cols],
    techniqueIds(rows).map((id) => [
      powerName(rows, id),
      rows.find((r) => r.technique === id)!.contract,
      ...cols.map((g) =>
        cell(
          rows,
          id,
          g,
          (r) =>
            r.share === null
              ? "(equal nodes)"
              : `${r.capped > 0 ? "≥ " : ""}${pct(r.share.median)} (${
                pct(r.share.low)
              }–${pct(r.share.high)})`,
        )
      ),
    ]),
  );
}

/** Depth finished within the game's node budget, median over positions. */
export function depthTable(
  rows: readonly AtlasRow[],
  facts: readonly AtlasGameFacts[],
): string {
  const cols = games(rows).filter((g) => g !== "connect-four-solver");
  return markdownTable(
    [
      "technique",
      ...cols.map((g) =>
        `${g} (${
          facts.find((f) => f.game === g)?.budget.toLocaleString("en-US")
        } nodes)`
      ),
    ],
    techniqueIds(rows).filter((id) =>
      rows.some((r) => r.technique === id && r.depthReached !== null)
    )
      .map((id) => [
        nameOf(rows, id),
        ...cols.map((g) =>
          cell(
            rows,
            id,
            g,
            (r) => r.depthReached === null ? "—" : String(r.depthReached),
          )
        ),
      ]),
  );
}

/** Risk: positions whose value or move differs from alpha-beta's at the same depth; Connect Four moves that lose the game-theoretic value; WAC key moves found. */
export function riskTable(rows: readonly AtlasRow[]): string {
  const cols = games(rows);
  return markdownTable(
    [
      "technique",
      "contract",
      ...cols.map((g) =>
        `${g}: value ≠ / move ≠${
          g === "connect-four" ? " / loses" : g === "wac" ? " / solved" : ""
        }`
      ),
    ],
    techniqueIds(rows).map((id) => [
      nameOf(rows, id),
      rows.find((r) => r.technique === id)!.contract,
      ...cols.map((g) =>
        cell(rows, id, g, (r) => {
          const n = r.positions;
          const extra = r.loses !== null
            ? ` / ${r.loses}/${n}`
            : r.solved !== null
            ? ` / ${r.solved}/${n}`
            : "";
          // A run the node cap stopped reports its best so far, not the
          // search's value: such positions are named beside the counts.
          const capped = r.capped > 0 ? ` (${r.capped} capped)` : "";
          return `${r.valueDiffers}/${n} / ${r.moveDiffers}/${n}${extra}${capped}`;
        })
      ),
    ]),
  );
}

/** The games of the Elo tests, as the tables name them. */
const ELO_GAME_NAMES: Readonly<Record<EloGame, string>> = {
  "connect-four": "Connect Four",
  chess: "chess",
};

/** The test of a technique on a game today, or undefined. */
function eloTest(id: string, game: EloGame): EloTest | undefined {
  return ELO_TESTS.find((t) => t.technique === id && t.game === game);
}

/** What a test played against the engine before its order changed says. */
export const OLD_ENGINE_NOTE =
  "the engine before its move order changed: not played again yet";

/**
 * What an Elo item was measured against, in words: MCTS-Solver is against
 * plain UCT, never alpha-beta; a test played against another engine than
 * today's test names both.
 */
function againstText(item: EloItem): string {
  if (item.technique === "mcts") {
    return "MCTS-Solver against plain UCT (not against alpha-beta)";
  }
  const test = eloTest(item.technique, item.game);
  return test !== undefined && test.engine !== item.engine
    ? `against ${item.engine} (${OLD_ENGINE_NOTE})`
    : `against ${item.engine}`;
}

/**
 * One cell of the cost table's Elo columns: the equal-nodes test of `id`
 * on `game`, with what it was against; a row whose test is another row's
 * says which.
 */
function costEloCell(
  rows: readonly AtlasRow[],
  items: readonly EloItem[],
  id: string,
  game: EloGame,
): string {
  const same = ELO_ONE_EXPERIMENT[id];
  if (same !== undefined && same.game === game) {
    return `one experiment with "${
      nameOf(rows, same.technique)
    }" (the same players): see that row`;
  }
  const item = items.find((i) =>
    i.technique === id && i.game === game && i.mode === "nodes"
  );
  if (item === undefined) return "—";
  return `${againstText(item)}: ${formatElo(item)}`;
}

/**
 * Cost: lines of code (the rule of `countLines`), largest table, and the
 * Elo of each game's SPRT at equal nodes, each cell naming what it was
 * against (the budget per move is in the column's header). Without `elo`
 * (the file's tests and their settings) there are no Elo columns: a
 * figure whose budget and opponent the table cannot name is not shown.
 *
 * @example Without the Elo tests, the cost alone
 * ```ts
 * import assert from "node:assert/strict";
 * import { costTable, readAtlasFile } from "./report.ts";
 * const atlas = readAtlasFile()!;
 * assert.doesNotMatch(costTable(atlas.rows), /Elo/);
 * assert.match(
 *   costTable(atlas.rows, { settings: atlas.eloSettings!, items: atlas.elo! }),
 *   /Elo on chess \(SPRT at equal nodes, 10,000 nodes a move; against the engine without it\)/,
 * );
 * ```
 */
export function costTable(
  rows: readonly AtlasRow[],
  elo?: { settings: EloSettings; items: readonly EloItem[] },
): string {
  const header = (game: EloGame) => {
    const budget = elo?.settings.games[game].nodes;
    return `Elo on ${ELO_GAME_NAMES[game]} (SPRT at equal nodes${
      budget === undefined
        ? ""
        : `, ${budget.toLocaleString("en-US")} nodes a move`
    }; against the engine without it)`;
  };
  return markdownTable(
    [
      "technique",
      "contract",
      "lines of code",
      "largest table",
      ...(elo === undefined ? [] : [header("connect-four"), header("chess")]),
      "not measured because",
    ],
    techniqueIds(rows).map((id) => {
      const list = rows.filter((r) => r.technique === id);
      const first = list[0]!;
      return [
        first.name,
        first.contract,
        first.loc,
        bytes(Math.max(...list.map((r) => r.memoryBytes))),
        ...(elo === undefined ? [] : [
          costEloCell(rows, elo.items, id, "connect-four"),
          costEloCell(rows, elo.items, id, "chess"),
        ]),
        first.missing ?? "",
      ];
    }),
  );
}

/** The techniques the Strength table shows on `game`, in its order: a row whose test is another row's is shown once, with that row. */
function strengthIds(rows: readonly AtlasRow[], game: EloGame): string[] {
  return techniqueIds(rows).filter((id) =>
    ELO_ONE_EXPERIMENT[id]?.game !== game &&
    (game === "connect-four"
      ? rows.some((r) => r.technique === id && r.game === game)
      : ELO_TESTS.some((t) => t.technique === id && t.game === game) ||
        ELO_CHESS_NOT_TESTED[id] !== undefined)
  );
}

/**
 * What `id` played on `game` in the Strength table's "against" column: its
 * equal-nodes test's opponent (a test played against another engine than
 * today's says so), today's test's engine when none was played, or "".
 */
function strengthAgainst(
  items: readonly EloItem[],
  id: string,
  game: EloGame,
): string {
  const nodes = items.find((i) =>
    i.technique === id && i.game === game && i.mode === "nodes"
  );
  return nodes !== undefined
    ? againstText(nodes).replace(/^against /, "")
    : eloTest(id, game)?.engine ?? "";
}

/**
 * Who each technique played in the Strength table, one sentence per game:
 * the techniques grouped by the opponent of the table's "against" column,
 * in the table's order, so that a text about the opponents cannot name
 * others than the table.
 *
 * @param items the Elo tests' results
 * @param rows the atlas's rows (for the techniques' names)
 * @returns Markdown, one paragraph
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAtlasFile, strengthOpponents } from "./report.ts";
 * const atlas = readAtlasFile()!;
 * assert.match(strengthOpponents(atlas.elo!, atlas.rows), /^On Connect Four, static move ordering \(centre \/ captures first\), killer moves, /);
 * ```
 */
export function strengthOpponents(
  items: readonly EloItem[],
  rows: readonly AtlasRow[],
): string {
  const list = (words: readonly string[]) =>
    words.length <= 1
      ? words[0] ?? ""
      : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return (["connect-four", "chess"] as const).map((game) => {
    const groups = new Map<string, string[]>();
    for (const id of strengthIds(rows, game)) {
      const against = id === "mcts"
        ? "plain UCT (not alpha-beta)"
        : strengthAgainst(items, id, game);
      if (against === "") continue;
      const merged = Object.entries(ELO_ONE_EXPERIMENT).filter(([, same]) =>
        same.game === game && same.technique === id
      ).map(([other]) => nameOf(rows, other));
      const name = id === "mcts"
        ? "MCTS-Solver"
        : `${nameOf(rows, id)}${
          merged.length === 0
            ? ""
            : ` (one experiment with ${merged.join(" and ")})`
        }`;
      // A star of SSS* would start emphasis in a paragraph.
      groups.set(against, [
        ...groups.get(against) ?? [],
        name.replaceAll("*", "\\*"),
      ]);
    }
    return `On ${ELO_GAME_NAMES[game]}, ${
      [...groups].map(([against, names]) => `${list(names)} played ${against}`)
        .join("; ")
    }.`;
  }).join(" ");
}

/**
 * Strength: each Elo test by SPRT, "engine + technique" against the engine
 * without it, at equal nodes and at equal time (the time column is
 * machine-dependent: printed, never judged), one row per technique and
 * game (Connect Four rows without a test say why); on chess also, when the
 * items hold it, the gain over the baseline against Stockfish at a fixed
 * skill (fixed length, not an SPRT; each row's candidate and baseline play
 * their own games).
 */
export function strengthTable(
  items: readonly EloItem[],
  rows: readonly AtlasRow[],
): string {
  const lines: string[][] = [];
  // The Stockfish column is shown only when a run played it.
  const withStockfish = items.some((item) => item.mode === "stockfish");
  for (const game of ["connect-four", "chess"] as const) {
    for (const id of strengthIds(rows, game)) {
      const of = (mode: EloItem["mode"]) =>
        items.find((i) =>
          i.technique === id && i.game === game && i.mode === mode
        );
      const nodes = of("nodes");
      const time = of("time");
      const stockfish = of("stockfish");
      const test = eloTest(id, game);
      const why =
        (game === "chess" ? ELO_CHESS_NOT_TESTED : ELO_NOT_TESTED)[id] ??
          (test === undefined ? "no test" : "not run");
      const merged = Object.entries(ELO_ONE_EXPERIMENT).filter(([, same]) =>
        same.game === game && same.technique === id
      ).map(([other]) => nameOf(rows, other));
      lines.push([
        id === "mcts"
          ? "MCTS-Solver (vs plain UCT, not vs alpha-beta)"
          : merged.length > 0
          ? `${nameOf(rows, id)} = ${
            merged.join(" = ")
          } (one experiment: the same players)`
          : nameOf(rows, id),
        ELO_GAME_NAMES[game],
        strengthAgainst(items, id, game),
        nodes === undefined ? `— (${why})` : formatElo(nodes),
        nodes === undefined
          ? ""
          : `${nodes.llr} in [${nodes.bounds[0]}, ${nodes.bounds[1]}]`,
        time === undefined ? "—" : formatElo(time),
        ...(!withStockfish
          ? []
          : game === "connect-four"
          ? ["n/a"]
          : stockfish !== undefined
          ? [formatElo(stockfish)]
          : test === undefined
          ? ["no test"]
          : ["not run"]),
      ]);
    }
  }
  return markdownTable(
    [
      "technique",
      "game",
      "against (engine without it)",
      "equal nodes: Elo [95%], games, decision",
      "LLR",
      "equal time (machine-dependent)",
      ...(withStockfish ? ["against Stockfish: gain [95%]"] : []),
    ],
    lines,
  );
}

/**
 * Whether the Strength table has its column against Stockfish, in one
 * sentence read from the items: the column appears only when a run played
 * it, and a text written beside committed figures cannot know that.
 *
 * @param items the Elo tests' results
 * @returns the sentence
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stockfishColumnText } from "./report.ts";
 * assert.match(stockfishColumnText([]), /^These figures have no column against Stockfish/);
 * ```
 */
export function stockfishColumnText(items: readonly EloItem[]): string {
  const played = items.filter((item) => item.mode === "stockfish");
  return played.length === 0
    ? "These figures have no column against Stockfish: `deno task atlas-elo " +
      "--full` plays it, each row's candidate and baseline with games of " +
      "their own."
    : `The last column is the gain against Stockfish, played for ${played.length} ` +
      `chess test${played.length === 1 ? "" : "s"}.`;
}

/** The Elo tests' stated parameters, one line. */
export function eloSettingsLine(settings: EloSettings): string {
  const c4 = settings.games["connect-four"];
  const chess = settings.games.chess;
  const n = (x: number) => x.toLocaleString("en-US");
  const sf = settings.stockfish;
  return `SPRT elo0 = ${settings.elo0}, elo1 = ${settings.elo1}, α = ${settings.alpha}, β = ${settings.beta}, pentanomial (game pairs, each opening with both colours). Connect Four: at most ${c4.maxGames} games at ${
    n(c4.nodes)
  } nodes per move, ${c4.timeGames} games at ${c4.timeMs} ms per move, ${settings.stones}-stone random openings. Chess: at most ${chess.maxGames} games at ${
    n(chess.nodes)
  } nodes per move, ${chess.timeGames} games at ${chess.timeMs} ms per move, openings of ${
    settings.chessPlies.join(", ")
  } plies from data/chess/games.pgn${
    sf === null
      ? ""
      : `; against Stockfish (Skill Level ${sf.skill}, depth ${sf.depth}): ${sf.games} games of each engine, fixed length`
  }. Seed ${settings.seed}`;
}

/** The games' facts that the decision tree asks about. */
export function factsTable(facts: readonly AtlasGameFacts[]): string {
  const yes = (b: boolean) => b ? "yes" : "no";
  return markdownTable(
    [
      "game",
      "explicit tree",
      "impartial",
      "evaluation",
      "exact value",
      "repeated keys",
      "depth",
      "budget (nodes)",
    ],
    facts.map((f) => [
      f.title,
      yes(f.explicit),
      yes(f.impartial),
      yes(f.evaluation),
      yes(f.exact),
      pct(f.repeatedKeys),
      f.depth === null ? "to the end" : f.depth,
      f.budget.toLocaleString("en-US"),
    ]),
  );
}

/** The power-cost chart's frame, in pixels: fixed, so that tags are placed where Plot draws the dots. */
const POWER_COST = {
  width: 760,
  height: 460,
  marginTop: 20,
  marginRight: 40,
  marginBottom: 40,
  marginLeft: 50,
  radius: 5,
  tagSize: 9,
} as const;

/** A log scale's pixel for `value`, over `domain` onto `range`. */
function logPixel(
  value: number,
  domain: readonly [number, number],
  range: readonly [number, number],
): number {
  const t = Math.log(value / domain[0]) / Math.log(domain[1] / domain[0]);
  return range[0] + t * (range[1] - range[0]);
}

/** The inverse of {@linkcode logPixel}. */
function logValue(
  pixel: number,
  domain: readonly [number, number],
  range: readonly [number, number],
): number {
  const t = (pixel - range[0]) / (range[1] - range[0]);
  return domain[0] * (domain[1] / domain[0]) ** t;
}

/**
 * Power against cost: each technique's geometric-mean share of alpha-beta's
 * nodes over the games, by its lines of code. Each dot carries a number,
 * placed where it overlaps no other number or dot, and the key under the
 * chart names the techniques: 26 names, some 80 characters long, do not fit
 * beside their dots without covering each other.
 */
export function powerCostChart(rows: readonly AtlasRow[]): Chart {
  const points = techniqueIds(rows).flatMap((id) => {
    const list = rows.filter((r) =>
      r.technique === id && r.share !== null && r.contract !== "baseline"
    );
    if (list.length === 0) return [];
    const share = Math.exp(
      list.reduce((a, r) => a + Math.log(Math.max(r.share!.median, 1e-3)), 0) /
        list.length,
    );
    return [{
      technique: powerName(rows, id),
      contract: list[0]!.contract,
      loc: Math.max(list[0]!.loc, 1),
      share,
    }];
  });
  const f = POWER_COST;
  // Padded domains keep the dots and their numbers off the frame's edges.
  const extent = (values: number[]): [number, number] => [
    Math.min(...values, 1) / 1.5,
    Math.max(...values, 1) * 1.5,
  ];
  const xDomain = extent(points.map((p) => p.loc));
  const yDomain = extent(points.map((p) => p.share));
  const xRange = [f.marginLeft, f.width - f.marginRight] as const;
  const yRange = [f.height - f.marginBottom, f.marginTop] as const;
  const tags = placeTags(
    points.map((p, i) => ({
      x: logPixel(p.loc, xDomain, xRange),
      y: logPixel(p.share, yDomain, yRange),
      tag: String(i + 1),
    })),
    {
      area: {
        left: 0,
        right: f.width,
        top: f.marginTop,
        bottom: f.height - f.marginBottom,
      },
      fontSize: f.tagSize,
      radius: f.radius,
    },
  );
  const placed = tags.map((tag, i) => ({
    tag: tag.tag,
    loc: points[i]!.loc,
    share: points[i]!.share,
    tagLoc: logValue(tag.x, xDomain, xRange),
    tagShare: logValue(tag.y, yDomain, yRange),
    leader: tag.leader,
  }));
  const svg = renderSvg({
    title:
      "Power against cost: share of alpha-beta's nodes (lower is stronger) by lines of code",
    width: f.width,
    height: f.height,
    marginTop: f.marginTop,
    marginRight: f.marginRight,
    marginBottom: f.marginBottom,
    marginLeft: f.marginLeft,
    x: {
      type: "log",
      domain: xDomain,
      label: "lines of code (rule: see the atlas)",
      grid: true,
    },
    y: {
      type: "log",
      domain: yDomain,
      label: "nodes / alpha-beta's (geometric mean over games)",
      grid: true,
      // A ratio in plain decimals (0.003, 0.3, 2): the default log format
      // wrote SI prefixes, "3m" for 0.003 (milli).
      tickFormat: "~g",
    },
    color: { legend: true },
    marks: [
      Plot.ruleY([1], { stroke: "#999" }),
      Plot.link(placed.filter((p) => p.leader), {
        x1: "loc",
        y1: "share",
        x2: "tagLoc",
        y2: "tagShare",
        stroke: "#aaa",
        strokeWidth: 0.75,
      }),
      Plot.dot(points, { x: "loc", y: "share", fill: "contract", r: f.radius }),
      Plot.text(placed, {
        x: "tagLoc",
        y: "tagShare",
        text: "tag",
        textAnchor: "middle",
        fontSize: f.tagSize,
      }),
    ],
  });
  return {
    name: "power_cost",
    title: "Power against cost",
    // No technique measured yet: no key (appendKey refuses an empty one).
    svg: points.length === 0 ? svg : appendKey(
      svg,
      points.map((p, i) => ({ tag: String(i + 1), name: p.technique })),
    ),
  };
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The course's claims measured by the atlas: T000.5c (ordering is part of
 * the algorithm) and T003.10b (the previous best move is indispensable in
 * chess), each on the games whose rows it needs were measured, and left
 * out when none was.
 *
 * @example Without chess rows there is no T003.10b to judge
 * ```ts
 * import assert from "node:assert/strict";
 * import { atlasClaims } from "./report.ts";
 * assert.deepEqual(atlasClaims([], "a test"), []);
 * ```
 */
export function atlasClaims(
  rows: readonly AtlasRow[],
  label: string,
): CourseRow[] {
  const statics = rows.filter((r) =>
    r.technique === "static-order" && r.share !== null
  );
  // A game without both rows was not measured: no check is judged on it
  // (a missing row made a NaN that the check called a disagreement).
  const chess = (["chess", "wac"] as const).flatMap((g) => {
    const hint = rows.find((r) =>
      r.technique === "previous-move" && r.game === g
    )?.share?.median;
    const none = rows.find((r) => r.technique === "deepening" && r.game === g)
      ?.share?.median;
    return hint === undefined || none === undefined
      ? []
      : [{ g, ratio: hint / none }];
  });
  return [
    ...(statics.length === 0 ? [] : [claimRow({
      id: "T000.5c",
      what:
        "ordering is part of the algorithm: the same alpha-beta in another move order (atlas games)",
      course: "ordering is part of the algorithm",
      ours: statics.map((r) => `${r.game} ${pct(r.share!.median)}`).join("; ") +
        " of natural order's nodes",
      test:
        "on every game with a static order, static ordering's median share of natural alpha-beta's nodes at the same depth differs from 100% by at least 10% (at most 0.9 or at least 1.1)",
      checks: statics.map((r) => ({
        what: `${r.game}: |share − 1|`,
        value: Math.abs(r.share!.median - 1),
        op: "≥" as const,
        bound: 0.1,
      })),
      note: `${label}; see the atlas (figures/atlas/)`,
    })]),
    ...(chess.length === 0 ? [] : [claimRow({
      id: "T003.10b",
      what:
        "the previous iteration's best move first is indispensable in chess (atlas)",
      course: "indispensable in chess",
      ours: chess.map(({ g, ratio }) =>
        `${g}: ${r3(ratio)} × the nodes of deepening without it`
      ).join("; "),
      test:
        `T003.10's one rule, shared with T003.10a: deepening with the previous best move first needs at most ${PREVIOUS_MOVE_MAX_RATIO} × the nodes of deepening without it (median shares), on middlegames and on WAC`,
      checks: chess.map(({ g, ratio }) => ({
        what: `${g}: ratio`,
        value: ratio,
        op: "≤" as const,
        bound: PREVIOUS_MOVE_MAX_RATIO,
      })),
      note: `${label}; deepening to the atlas's chess depth`,
    })]),
  ];
}

/** A run's label. */
export function atlasRunLabel(settings: AtlasSettings): string {
  const n = Object.values(settings.positions).reduce((a, b) => a + b, 0);
  return `${
    settings.run === "full" ? "full" : "small default"
  } run, ${n} positions`;
}

/**
 * The atlas's report.
 *
 * @param data the committed file or a fresh run's
 * @param timeRatios a run's time-per-node ratios (for `timings.md` only)
 * @returns the lesson report
 *
 * @example From the small default of tic-tac-toe
 * ```ts
 * import assert from "node:assert/strict";
 * import { ATLAS_SMALL, runAtlas } from "./measure.ts";
 * import { atlasFile, atlasReport } from "./report.ts";
 * const report = atlasReport(atlasFile(runAtlas(ATLAS_SMALL, { games: ["tic-tac-toe"] })));
 * assert.ok(report.lesson === "atlas" && report.charts.length === 2);
 * ```
 */
export function atlasReport(
  data: AtlasFile,
  timeRatios: AtlasResults["timeRatios"] = [],
): LessonReport {
  const label = atlasRunLabel(data.settings);
  const tables: Table[] = [
    {
      title:
        `Atlas, power: nodes to the fixed depth as a share of alpha-beta's (quiescence: of captures-first alpha-beta's, the order it searches in), median (5–95%) (${label})`,
      markdown: powerTable(data.rows),
    },
    {
      title: "Atlas, power: depth finished within the node budget (median)",
      markdown: depthTable(data.rows, data.facts),
    },
    {
      title:
        "Atlas, risk: value differs / best move differs from alpha-beta at the same depth (positions)",
      markdown: riskTable(data.rows),
    },
    {
      title: "Atlas, cost: lines of code, tables, Elo",
      markdown: costTable(
        data.rows,
        data.elo === undefined || data.eloSettings === undefined
          ? undefined
          : { settings: data.eloSettings, items: data.elo },
      ),
    },
    ...(data.engine === undefined ? [] : [{
      title:
        `Atlas, the selective techniques on top of the chess engine (deepening, table, full ordering, quiescence) at depth ${
          data.engine[0]?.depth
        }`,
      markdown: engineTable(data.engine),
    }]),
    ...(data.engineOrder === undefined ? [] : [{
      title: `Atlas, the chess engine's move order: nodes to depth ${
        data.engineOrder[0]?.depth
      } (deepening, table, quiescence) before and now, the order built up one element at a time, and less one element at a time`,
      markdown: engineOrderTable(data.engineOrder),
    }]),
    ...(data.fullEngineOrder === undefined ? [] : [{
      title:
        `Atlas, killers and history inside the full engine (the UCI engine's search, selective search on): nodes to depth ${
          data.fullEngineOrder[0]?.depth
        } with its order, without each, without both`,
      markdown: fullEngineOrderTable(data.fullEngineOrder),
    }]),
    ...(data.leaveOneOut === undefined ? [] : [{
      title:
        `Atlas, strength: leave-one-out Elo, the full chess engine against it less one technique (${
          leaveOneOutSettingsLine(data.leaveOneOut.settings)
        })`,
      markdown: leaveOneOutTable(data.leaveOneOut),
    }]),
    ...(data.elo === undefined || data.eloSettings === undefined ? [] : [{
      title:
        `Atlas, strength: Elo of engine + technique over the engine by SPRT (${
          eloSettingsLine(data.eloSettings)
        })`,
      markdown: strengthTable(data.elo, data.rows),
    }]),
    {
      title: "Atlas, the games' facts the decision tree asks about",
      markdown: factsTable(data.facts),
    },
    {
      title:
        "Atlas, which technique for which task (decision tree, derived from the rows)",
      markdown: treeMarkdown(data.tree),
    },
  ];
  const timings: Table[] = timeRatios.length === 0 ? [] : [{
    title:
      "Atlas: time per node over alpha-beta's (median; machine-dependent, never judged)",
    markdown: markdownTable(
      ["technique", ...games(data.rows)],
      techniqueIds(data.rows).map((id) => [
        nameOf(data.rows, id),
        ...games(data.rows).map((g) => {
          const t = timeRatios.find((x) => x.technique === id && x.game === g);
          return t === undefined ? "" : t.ratio.toFixed(2);
        }),
      ]),
    ),
  }];
  return {
    lesson: "atlas",
    title: "The technique atlas",
    rows: atlasClaims(data.rows, label),
    tables,
    charts: [
      powerCostChart(data.rows),
      {
        name: "decision_tree",
        title: "Which technique for which task",
        svg: treeSvg(data.tree),
      },
    ],
    timings,
  };
}

/**
 * Which run the figures job makes: the small default unless `--full` set
 * it; `committedElo` (`--committed-elo`) makes a full run keep the
 * committed file's Elo tests instead of playing them.
 */
export const ATLAS_RUN: {
  settings: AtlasSettings;
  elo: EloSettings;
  committedElo: boolean;
} = {
  settings: ATLAS_SMALL,
  elo: ELO_SMALL,
  committedElo: false,
};

/** Makes the figures job run the full atlas (cached per item, resumable). */
export function useFullAtlasRun(): void {
  ATLAS_RUN.settings = ATLAS_FULL;
  ATLAS_RUN.elo = ELO_FULL;
}

/**
 * Makes a full run keep the Elo tests of the committed file (hours of
 * games) and recompute only the counts; each test keeps the engine it was
 * played against, which the tables name when it is not today's.
 */
export function useCommittedAtlasElo(): void {
  ATLAS_RUN.committedElo = true;
}

/** The leave-one-out tests of the committed games (finished or stopped), or undefined when none is. */
function looFromCache():
  | { settings: EloSettings; items: EloItem[] }
  | undefined {
  const settings = ATLAS_LOO_RUN;
  const items = eloStanding(settings, {
    cacheDir: atlasEloCacheDir(settings),
  }).flatMap((s) => s.item === null ? [] : [s.item]);
  return items.length === 0 ? undefined : { settings, items };
}

/** The committed Elo tests, for a full run that keeps them. */
function committedElo(): { settings: EloSettings; items: EloItem[] } {
  const committed = readAtlasFile();
  if (committed?.elo === undefined || committed.eloSettings === undefined) {
    throw new Error(
      `--committed-elo: ${ATLAS_FILE.pathname} holds no Elo tests to keep`,
    );
  }
  return { settings: committed.eloSettings, items: committed.elo };
}

/** The atlas lesson of the figures job. */
export const ATLAS: LessonEntry = {
  lesson: "atlas",
  title: "The technique atlas",
  report(progress) {
    const full = ATLAS_RUN.settings.run === "full";
    const results = runAtlas(ATLAS_RUN.settings, {
      progress,
      cacheDir: full ? ATLAS_CACHE : undefined,
    });
    // The full run's Elo tests are usually in the cache already, played on
    // all cores by runEloOnWorkers; any missing one is played here.
    const elo = full && ATLAS_RUN.committedElo ? committedElo() : {
      settings: ATLAS_RUN.elo,
      items: runElo(ATLAS_RUN.elo, {
        progress,
        cacheDir: full ? ATLAS_CACHE : undefined,
      }),
    };
    const engine = measureEngineRows(ATLAS_RUN.settings);
    const engineOrder = measureEngineOrder(ATLAS_RUN.settings, progress);
    const fullEngineOrder = measureFullEngineOrder(
      ATLAS_RUN.settings,
      progress,
    );
    if (full) {
      // Leave-one-out is played by `deno task atlas-elo --mode
      // leave-one-out --full` (hours); here it is read from its committed
      // games as they stand (never played), or kept from the committed file
      // without any.
      const leaveOneOut = looFromCache() ?? readAtlasFile()?.leaveOneOut;
      const file = atlasFile(
        results,
        elo,
        engine,
        engineOrder,
        leaveOneOut,
        fullEngineOrder,
      );
      saveAtlasFile(file);
      return atlasReport(file, results.timeRatios);
    }
    // The committed figures come from the committed file: a default run
    // checks that the measurements still run, then shows it.
    const committed = readAtlasFile();
    if (committed === null) {
      return atlasReport(
        atlasFile(
          results,
          elo,
          engine,
          engineOrder,
          undefined,
          fullEngineOrder,
        ),
        results.timeRatios,
      );
    }
    progress?.(
      "atlas: small default measured; figures show the committed rows.json",
    );
    return atlasReport(committed, results.timeRatios);
  },
};
