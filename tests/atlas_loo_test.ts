/**
 * The atlas's leave-one-out Elo (issue 25): the full chess engine against
 * itself less one technique, adjudicated, cached batch by batch (the
 * command, `deno task atlas-elo --mode leave-one-out`, is tried in
 * tests/atlas_loo_cli_test.ts). Outcomes are counts, specs and decisions,
 * never times.
 */

import assert from "node:assert/strict";
import {
  ATLAS_SMALL,
  atlasFile,
  atlasReport,
  chessEloOpenings,
  ELO_LOO_FULL,
  ELO_LOO_SMALL,
  ELO_LOO_TESTS,
  ELO_TESTS,
  eloCacheFile,
  type EloItem,
  eloStanding,
  type EloTest,
  leaveOneOutSettingsLine,
  leaveOneOutTable,
  LOO_ENGINE,
  LOO_NOT_TESTED,
  looDepths,
  looEngine,
  runAtlas,
  runElo,
  runEloOnWorkers,
} from "../src/course/mod.ts";
import { CHESS_ADJUDICATION, type SprtBatch } from "../mod.ts";
import { CHESS_ENGINE_SELECTIVE } from "../src/players/_chess_search.ts";

const budget = { maxNodes: 1000 };
type Options = Record<string, unknown>;
const optionsOf = (spec: ReturnType<EloTest["candidate"]>): Options =>
  (spec as { options: Options }).options;

Deno.test("every leave-one-out test is the full engine against the full engine less exactly its technique", () => {
  const full = looEngine(budget);
  const fullOptions = optionsOf(full);
  // What each test's baseline lacks, by the spec's keys.
  const lacks: Record<string, string[]> = {
    quiescence: ["quiescence", "skipLosingCaptures"],
    "losing-captures": ["skipLosingCaptures"],
    "null-move": ["nullMove"],
    lmr: ["lateMoveReductions"],
    pvs: ["pvs"],
    "reverse-futility": ["reverseFutility"],
    "late-move-pruning": ["lateMovePruning"],
    futility: ["futility"],
    razoring: ["razoring"],
    aspiration: ["aspirationDelta"],
    "check-extensions": ["checkExtensions"],
    etc: ["enhancedCutoffs"],
    "static-order": [],
    killer: [],
    history: [],
    "killers-and-history": [],
    "tt-move": [],
    tt: ["enhancedCutoffs"],
  };
  const orderLacks: Record<string, string[]> = {
    "static-order": ["static"],
    killer: ["quiet-killer"],
    history: ["quiet-history"],
    "killers-and-history": ["quiet-killer", "quiet-history"],
    "tt-move": ["tt"],
    tt: ["tt"],
  };
  assert.deepEqual(
    ELO_LOO_TESTS.map((t) => t.technique).sort(),
    Object.keys(lacks).sort(),
  );
  for (const test of ELO_LOO_TESTS) {
    const where = test.technique;
    assert.equal(test.game, "chess", where);
    assert.equal(test.engine, LOO_ENGINE, where);
    assert.deepEqual(test.candidate(budget), full, where);
    const baseline = test.baseline(budget);
    const options = optionsOf(baseline);
    const missing = Object.keys(fullOptions).filter((k) => !(k in options));
    assert.deepEqual(missing, lacks[test.technique], where);
    for (const key of Object.keys(options)) {
      if (key !== "order") {
        assert.deepEqual(options[key], fullOptions[key], `${where}: ${key}`);
      }
    }
    const order = options.order as string[];
    const fullOrder = fullOptions.order as string[];
    const dropped = fullOrder.filter((o) => !order.includes(o));
    assert.deepEqual(dropped, orderLacks[test.technique] ?? [], where);
    // Only the table's own test drops the table.
    assert.equal(
      "table" in baseline,
      test.technique !== "tt",
      `${where}: table`,
    );
  }
});

Deno.test("the leave-one-out engines search with the engine evaluation, and the description (the cache's key) names it", () => {
  const full = looEngine(budget);
  assert.ok(full.kind === "search" && full.evaluation === "engine");
  for (const test of ELO_LOO_TESTS) {
    const baseline = test.baseline(budget);
    assert.ok(
      baseline.kind === "search" && baseline.evaluation === "engine",
      test.technique,
    );
  }
  assert.match(LOO_ENGINE, /the engine evaluation \(PeSTO's tapered tables/);
});

Deno.test("every chess technique of the atlas has a leave-one-out test or a stated reason", () => {
  const chess = new Set(
    ELO_TESTS.filter((t) => t.game === "chess").map((t) => t.technique),
  );
  for (const id of [...chess, "tt", "pvs", "aspiration", "etc"]) {
    assert.ok(
      ELO_LOO_TESTS.some((t) => t.technique === id) ||
        (LOO_NOT_TESTED[id] ?? "").length > 0,
      id,
    );
  }
});

Deno.test("the full run's settings: SPRT [0, 10] at 20,000 nodes a move, adjudicated, enough openings, cache names every setting", () => {
  assert.deepEqual(
    [ELO_LOO_FULL.elo0, ELO_LOO_FULL.elo1, ELO_LOO_FULL.alpha],
    [0, 10, 0.05],
  );
  assert.equal(ELO_LOO_FULL.games.chess.nodes, 20_000);
  assert.deepEqual(ELO_LOO_FULL.adjudication, CHESS_ADJUDICATION);
  // Each opening with both colours: maxGames / 2 distinct openings.
  assert.equal(
    new Set(
      chessEloOpenings(ELO_LOO_FULL.games.chess.maxGames / 2, ELO_LOO_FULL)
        .map((o) => o.fen),
    ).size,
    ELO_LOO_FULL.games.chess.maxGames / 2,
  );
  const test = ELO_LOO_TESTS.find((t) => t.technique === "null-move")!;
  assert.equal(
    eloCacheFile(".c", ELO_LOO_FULL, test, "nodes"),
    ".c/full__elo-loo-nodes-null-move__chess__0__0-10-n20000x1200-adjr600x3d20x8a68-p8-10-12-14-16.json",
  );
  // Another adjudication, budget or design is another file.
  const names = new Set([
    eloCacheFile(".c", ELO_LOO_FULL, test, "nodes"),
    eloCacheFile(".c", { ...ELO_LOO_FULL, adjudication: {} }, test, "nodes"),
    eloCacheFile(".c", { ...ELO_LOO_FULL, design: "add-one" }, test, "nodes"),
    eloCacheFile(
      ".c",
      {
        ...ELO_LOO_FULL,
        games: {
          ...ELO_LOO_FULL.games,
          chess: { ...ELO_LOO_FULL.games.chess, nodes: 40_000 },
        },
      },
      test,
      "nodes",
    ),
  ]);
  assert.equal(names.size, 4);
});

Deno.test("the small default plays every leave-one-out test within its few games", () => {
  const items = runElo(ELO_LOO_SMALL);
  assert.deepEqual(
    items.map((i) => i.technique),
    ELO_LOO_TESTS.map((t) => t.technique),
  );
  for (const item of items) {
    assert.ok(item.games > 0 && item.games <= 4, item.technique);
    assert.equal(item.mode, "nodes");
    assert.equal(item.engine, LOO_ENGINE);
  }
});

Deno.test("leave-one-out batches carry the adjudication, and a stopped test resumes from its cached batches", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const options = { cacheDir: dir, techniques: ["quiescence", "etc"] };
    const batches: SprtBatch[] = [];
    const first = await runEloOnWorkers(ELO_LOO_SMALL, {
      ...options,
      workers: 1,
      playBatch: async (task) => {
        batches.push(task);
        const { playBatchHere } = await import(
          "../src/course/atlas/elo.ts"
        );
        return playBatchHere(task);
      },
    });
    assert.deepEqual(first.map((i) => i.technique), ["quiescence", "etc"]);
    assert.ok(batches.length >= 2);
    assert.ok(
      batches.every((b) =>
        JSON.stringify(b.adjudication) === JSON.stringify(CHESS_ADJUDICATION)
      ),
    );
    // Here, on one core, the same items (read from the cache).
    assert.deepEqual(runElo(ELO_LOO_SMALL, options), first);
    // A run stopped inside a test: the item is gone, its batches are not.
    const quiescence = eloCacheFile(
      dir,
      ELO_LOO_SMALL,
      ELO_LOO_TESTS.find((t) => t.technique === "quiescence")!,
      "nodes",
    );
    Deno.removeSync(quiescence);
    const standing = eloStanding(ELO_LOO_SMALL, options);
    assert.deepEqual(standing.map((s) => s.item?.games), [4, 4]);
    let played = 0;
    const again = await runEloOnWorkers(ELO_LOO_SMALL, {
      ...options,
      workers: 1,
      playBatch: () => {
        played++;
        return Promise.reject(new Error("no batch should be played"));
      },
    });
    assert.equal(played, 0);
    assert.deepEqual(again, first);
    // A missing batch is "stopped before its end" in the standing, never a result.
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.name.includes("quiescence")) {
        Deno.removeSync(`${dir}/${entry.name}`);
      }
    }
    const none = eloStanding(ELO_LOO_SMALL, options);
    assert.equal(none[0]!.item, null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a cached batch of other players or another adjudication is played again", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const options = { cacheDir: dir, techniques: ["etc"] };
    const computed: string[] = [];
    runElo(ELO_LOO_SMALL, options);
    const item = eloCacheFile(
      dir,
      ELO_LOO_SMALL,
      ELO_LOO_TESTS.find((t) => t.technique === "etc")!,
      "nodes",
    );
    Deno.removeSync(item);
    const batch = item.replace(/\.json$/, "__b4-0.json");
    const cached = JSON.parse(Deno.readTextFileSync(batch));
    Deno.writeTextFileSync(
      batch,
      JSON.stringify({ ...cached, adjudication: "null", records: [] }),
    );
    const [again] = runElo(ELO_LOO_SMALL, {
      ...options,
      onCompute: (t) => computed.push(t),
    });
    assert.deepEqual(computed, ["etc"]);
    assert.equal(again!.games, 4);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a stopped test says so: partial items are never shown as results", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const settings = { ...ELO_LOO_SMALL, batchGames: 2 };
    const options = { cacheDir: dir, techniques: ["etc"] };
    runElo(settings, options);
    const file = eloCacheFile(dir, settings, ELO_LOO_TESTS.at(-1)!, "nodes");
    Deno.removeSync(file);
    Deno.removeSync(file.replace(/\.json$/, "__b2-1.json"));
    const [standing] = eloStanding(settings, options);
    assert.equal(standing!.item!.partial, true);
    assert.equal(standing!.item!.games, 2);
    assert.equal(standing!.item!.decision, null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("looDepths: the full engine finishes deeper with more nodes, and deeper than the engine without its pruning", () => {
  const [small, large] = looDepths([1_000, 8_000], 3);
  assert.ok(large!.median >= small!.median);
  assert.ok(large!.depths.every((d, i) => d >= small!.depths[i]!));
  const [plain] = looDepths(
    [8_000],
    3,
    (b) =>
      looEngine(b, [
        "nullMove",
        "lateMoveReductions",
        "futility",
        "razoring",
      ]),
  );
  assert.ok(large!.median >= plain!.median);
  assert.throws(() => looDepths([0], 4), /budgets\[0\]/);
});

Deno.test("the leave-one-out table: finished, stopped and not-run tests each say what they are, and the atlas report shows it", () => {
  const test = (id: string) => ELO_LOO_TESTS.find((t) => t.technique === id)!;
  const item = (id: string, extra: Partial<EloItem>): EloItem => ({
    technique: id,
    game: "chess",
    mode: "nodes",
    seed: 0,
    budget: 40_000,
    engine: test(id).engine,
    elo0: 0,
    elo1: 10,
    alpha: 0.05,
    beta: 0.05,
    decision: null,
    elo: { estimate: 40, low: 20, high: 60 },
    llr: 1.5,
    bounds: [-2.944, 2.944],
    pairs: 100,
    games: 200,
    counts: [5, 20, 40, 25, 10],
    ...extra,
  });
  const loo = {
    settings: ELO_LOO_FULL,
    items: [
      item("quiescence", { decision: "H1", llr: 2.95 }),
      item("null-move", { partial: true }),
    ],
  };
  const table = leaveOneOutTable(loo);
  assert.match(table, /\| quiescence +\| \+40 \[\+20, \+60\], 200 games, H1 /);
  assert.match(
    table,
    /\| null-move +\| \+40 \[\+20, \+60\], 200 games, stopped before its end, undecided so far /,
  );
  assert.match(table, /\| lmr +\| — \(not run\)/);
  assert.match(table, /\| pvs +\| — \(not run\)/);
  const line = leaveOneOutSettingsLine(ELO_LOO_FULL);
  assert.match(line, /20,000 nodes a move/);
  assert.match(
    line,
    /resign when both engines see one side 600 centipawns behind for 3 moves each/,
  );
  assert.match(
    line,
    /draw when every score is within ±20 for 8 moves each after 68 plies/,
  );
  // In the atlas's report, beside (not instead of) the add-one table.
  const file = atlasFile(runAtlas(ATLAS_SMALL, { games: ["tic-tac-toe"] }));
  const report = atlasReport({ ...file, leaveOneOut: loo });
  const titles = report.tables.map((t) => t.title);
  assert.ok(titles.some((t) => t.startsWith("Atlas, strength: leave-one-out")));
  assert.ok(
    !atlasReport(file).tables.some((t) => t.title.includes("leave-one-out")),
  );
});

Deno.test("maxBatches: a time-boxed run plays a few batches of each test in turn, and the next run goes on from them", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const settings = { ...ELO_LOO_SMALL, batchGames: 2 };
    const options = { cacheDir: dir, techniques: ["etc", "killer"] };
    const file = (id: string) =>
      eloCacheFile(
        dir,
        settings,
        ELO_LOO_TESTS.find((t) => t.technique === id)!,
        "nodes",
      );
    let played = 0;
    const { playBatchHere } = await import("../src/course/atlas/elo.ts");
    const playBatch = (task: SprtBatch) => {
      played++;
      return Promise.resolve(playBatchHere(task));
    };
    const first = await runEloOnWorkers(settings, {
      ...options,
      maxBatches: 1,
      playBatch,
    });
    assert.equal(played, 2);
    assert.deepEqual(first.map((i) => [i.games, i.partial]), [
      [2, true],
      [2, true],
    ]);
    // Stopped tests are not cached as finished.
    assert.throws(() => Deno.statSync(file("etc")), Deno.errors.NotFound);
    // Here, on one core, the next run finishes them from their batches.
    const second = runElo(settings, { ...options, maxBatches: 1 });
    assert.deepEqual(second.map((i) => [i.games, i.partial]), [
      [4, undefined],
      [4, undefined],
    ]);
    assert.ok(Deno.statSync(file("etc")).isFile);
    // The whole test in one run gives the same items.
    const whole = runElo(settings, { techniques: ["etc", "killer"] });
    assert.deepEqual(second, whole);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("the full engine of the leave-one-out tests is the UCI engine's search: the same selective settings, quiescence and order", () => {
  const options = optionsOf(looEngine(budget));
  for (const [key, value] of Object.entries(CHESS_ENGINE_SELECTIVE)) {
    assert.deepEqual(options[key], value, key);
  }
  assert.equal(options.quiescence, true);
  assert.deepEqual(options.order, [
    "tt",
    "captures",
    "static",
    "quiet-killer",
    "quiet-history",
  ]);
});
