/**
 * Leave-one-out from the engine with the UCI engine's `Candidates` option
 * (issue 25, `deno task atlas-elo --mode leave-one-out --engine
 * candidates`): each test is that engine against itself less exactly its
 * technique, the engine is the one `searchChess` plays with `candidates`,
 * and its run keeps its games apart from the committed selective run's.
 */

import assert from "node:assert/strict";
import {
  ATLAS_CACHE,
  atlasEloCacheDir,
  ELO_LOO_CANDIDATE_TESTS,
  ELO_LOO_CANDIDATES_FULL,
  ELO_LOO_CANDIDATES_SMALL,
  ELO_LOO_FULL,
  ELO_LOO_SMALL,
  ELO_LOO_TESTS,
  eloCacheFile,
  leaveOneOutSettingsLine,
  leaveOneOutTable,
  LOO_CANDIDATE_GAMES,
  LOO_CANDIDATES_ENGINE,
  LOO_GAMES,
  looEngine,
  runElo,
  selectedEloTests,
} from "../src/course/mod.ts";
import { Chess, createPlayer } from "../mod.ts";
import {
  CHESS_CANDIDATE_POSITION,
  CHESS_ENGINE_CANDIDATES,
  CHESS_ENGINE_SELECTIVE,
} from "../src/players/_chess_search.ts";

const budget = { maxNodes: 1000 };
type Spec = {
  options: Record<string, unknown>;
  evaluationTerms?: Record<string, boolean>;
  table?: number;
};
const specOf = (spec: unknown) => spec as Spec;

Deno.test("the candidates engine is the selective engine with the Candidates option's search and evaluation terms, without ETC", () => {
  const full = specOf(looEngine(budget, [], undefined, true, "candidates"));
  for (const [key, value] of Object.entries(CHESS_ENGINE_SELECTIVE)) {
    if (key in CHESS_ENGINE_CANDIDATES) continue;
    assert.deepEqual(full.options[key], value, key);
  }
  for (const [key, value] of Object.entries(CHESS_ENGINE_CANDIDATES)) {
    if (key === "enhancedCutoffs") {
      assert.equal(value, false);
      assert.ok(!(key in full.options), "ETC is left out, not set false");
    } else assert.deepEqual(full.options[key], value, key);
  }
  const { evaluation, ...terms } = CHESS_CANDIDATE_POSITION;
  assert.equal(evaluation, "engine");
  assert.deepEqual(full.evaluationTerms, terms);
  // The selective engine's spec is unchanged: its committed games' key.
  assert.ok(!("evaluationTerms" in specOf(looEngine(budget))));
});

Deno.test("every candidates test is the candidates engine against itself less exactly its technique", () => {
  const full = specOf(looEngine(budget, [], undefined, true, "candidates"));
  // What each baseline lacks: options, fields of an option, terms, order.
  const lacks: Record<string, string[]> = {
    quiescence: ["quiescence", "skipLosingCaptures", "quiescenceTable"],
    "losing-captures": ["skipLosingCaptures"],
    "quiescence-table": ["quiescenceTable"],
    "null-move": ["nullMove"],
    "null-move-by-value": ["nullMove.evalDivisor"],
    lmr: ["lateMoveReductions"],
    "lmr-by-history": ["lateMoveReductions.historyDivisor"],
    pvs: ["pvs"],
    "reverse-futility": ["reverseFutility"],
    "late-move-pruning": ["lateMovePruning"],
    "exchange-pruning": ["exchangePruning"],
    improving: ["improving"],
    "static-order": ["order.static"],
    killer: ["order.quiet-killer"],
    history: ["order.quiet-history", "lateMoveReductions.historyDivisor"],
    "killers-and-history": [
      "order.quiet-killer",
      "order.quiet-history",
      "lateMoveReductions.historyDivisor",
    ],
    "tt-move": ["order.tt"],
    tt: ["quiescenceTable", "order.tt", "table"],
    futility: ["futility"],
    razoring: ["razoring"],
    aspiration: ["aspirationDelta"],
    "check-extensions": ["checkExtensions"],
    "pawn-threats": ["evaluationTerms.pawnThreats"],
    "safe-mobility": ["evaluationTerms.safeMobility"],
    "passer-kings": ["evaluationTerms.passerKings"],
  };
  assert.deepEqual(
    ELO_LOO_CANDIDATE_TESTS.map((t) => t.technique).sort(),
    Object.keys(lacks).sort(),
  );
  const flat = (spec: Spec): Set<string> => {
    const names = new Set<string>();
    if (spec.table !== undefined) names.add("table");
    for (const [key, value] of Object.entries(spec.options)) {
      if (key === "order") {
        for (const o of value as string[]) names.add(`order.${o}`);
      } else if (value !== null && typeof value === "object") {
        for (const field of Object.keys(value)) names.add(`${key}.${field}`);
        names.add(key);
      } else names.add(key);
    }
    for (const [term, on] of Object.entries(spec.evaluationTerms ?? {})) {
      if (on) names.add(`evaluationTerms.${term}`);
    }
    return names;
  };
  const fullNames = flat(full);
  for (const test of ELO_LOO_CANDIDATE_TESTS) {
    const where = test.technique;
    assert.equal(test.engine, LOO_CANDIDATES_ENGINE, where);
    assert.deepEqual(test.candidate(budget), full, where);
    const baseNames = flat(specOf(test.baseline(budget)));
    // An option dropped whole takes its fields with it.
    const expected = lacks[where]!.flatMap((name) =>
      name.includes(".")
        ? [name]
        : [...fullNames].filter((n) => n === name || n.startsWith(`${name}.`))
    );
    assert.deepEqual(
      [...fullNames].filter((n) => !baseNames.has(n)).sort(),
      expected.sort(),
      where,
    );
    assert.deepEqual(
      [...baseNames].filter((n) => !fullNames.has(n)),
      [],
      `${where}: the baseline adds nothing`,
    );
    // Every baseline is a player the engine's game takes.
    createPlayer("chess", test.baseline(budget)).chooseMove(Chess.start());
  }
});

Deno.test("the candidates run: 10,000 nodes a move, the full run's SPRT, its own committed folder; the selective run's keeps its own", () => {
  assert.equal(ELO_LOO_CANDIDATES_FULL.games.chess.nodes, 10_000);
  assert.equal(ELO_LOO_CANDIDATES_FULL.looEngine, "candidates");
  for (const key of ["elo0", "elo1", "alpha", "beta", "precision"] as const) {
    assert.equal(ELO_LOO_CANDIDATES_FULL[key], ELO_LOO_FULL[key], key);
  }
  assert.equal(atlasEloCacheDir(ELO_LOO_CANDIDATES_FULL), LOO_CANDIDATE_GAMES);
  assert.equal(atlasEloCacheDir(ELO_LOO_FULL), LOO_GAMES);
  assert.notEqual(LOO_CANDIDATE_GAMES, LOO_GAMES);
  // The candidates settings at the selective run's budget are not its run.
  const at20k = {
    ...ELO_LOO_CANDIDATES_FULL,
    games: {
      ...ELO_LOO_CANDIDATES_FULL.games,
      chess: { ...ELO_LOO_CANDIDATES_FULL.games.chess, nodes: 20_000 },
    },
  };
  assert.equal(atlasEloCacheDir(at20k), `${ATLAS_CACHE}candidates/`);
  // Nor do its small runs share the selective engine's cache files.
  assert.equal(
    atlasEloCacheDir(ELO_LOO_CANDIDATES_SMALL),
    `${ATLAS_CACHE}candidates/`,
  );
  assert.equal(atlasEloCacheDir(ELO_LOO_SMALL), ATLAS_CACHE);
  const test = ELO_LOO_CANDIDATE_TESTS[0]!;
  assert.match(
    eloCacheFile(".c", ELO_LOO_CANDIDATES_FULL, test, "nodes"),
    /n10000x1200/,
  );
  assert.deepEqual(
    selectedEloTests({}, "leave-one-out", "candidates"),
    [...ELO_LOO_CANDIDATE_TESTS],
  );
  assert.deepEqual(
    selectedEloTests({}, "leave-one-out").map((t) => t.technique),
    ELO_LOO_TESTS.map((t) => t.technique),
  );
});

Deno.test("the candidates' small default plays its tests within their few games", () => {
  const techniques = ["null-move-by-value", "safe-mobility"];
  const items = runElo(ELO_LOO_CANDIDATES_SMALL, { techniques });
  assert.deepEqual(items.map((i) => i.technique), techniques);
  for (const item of items) {
    assert.ok(item.games > 0 && item.games <= 4, item.technique);
    assert.equal(item.engine, LOO_CANDIDATES_ENGINE);
  }
});

Deno.test("the leave-one-out table and settings line of the candidates run name its engine, its tests and why ETC has none", () => {
  const table = leaveOneOutTable({
    settings: ELO_LOO_CANDIDATES_FULL,
    items: [],
  });
  for (const test of ELO_LOO_CANDIDATE_TESTS) {
    assert.match(
      table,
      new RegExp(`\\| ${test.technique} +\\| — \\(not run\\)`),
    );
  }
  assert.match(table, /\| etc +\| — \(not in the candidates engine: /);
  assert.match(
    leaveOneOutSettingsLine(ELO_LOO_CANDIDATES_FULL),
    /^the full engine with the UCI engine's Candidates option: .*; 10,000 nodes a move/,
  );
  // The selective run's table is as it was: its tests, ETC among them.
  const selective = leaveOneOutTable({ settings: ELO_LOO_FULL, items: [] });
  assert.match(selective, /\| etc +\| — \(not run\)/);
  assert.doesNotMatch(selective, /exchange-pruning/);
});
