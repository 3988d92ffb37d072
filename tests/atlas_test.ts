import assert from "node:assert/strict";
import {
  ATLAS_GAMES,
  ATLAS_SMALL,
  type AtlasFile,
  atlasFile,
  AtlasInterrupted,
  atlasReport,
  type AtlasResults,
  costTable,
  deriveTree,
  distribution,
  ELO_TESTS,
  ENGINE_VARIANTS,
  engineBaseText,
  engineTable,
  formatElo,
  GAME_IDS,
  LESSONS,
  measureEngineRows,
  powerTable,
  runAtlas,
  stockfishColumnText,
  strengthOpponents,
  strengthTable,
  TECHNIQUES,
  treeMarkdown,
  treeSvg,
  uciSelectiveNames,
} from "../src/course/mod.ts";
import { chessEngineOptions } from "../src/players/_chess_search.ts";
import { atlasClaims, riskTable } from "../src/course/atlas/report.ts";

const FIGURES = new URL("../figures/atlas/", import.meta.url);

let small: AtlasResults | undefined;
function smallRun(): AtlasResults {
  return small ??= runAtlas(ATLAS_SMALL);
}

Deno.test("the decision tree re-derived from the committed figures/atlas/rows.json is the one committed and drawn", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const derived = deriveTree(committed);
  assert.deepEqual(derived, committed.tree);
  const drawn = Deno.readTextFileSync(new URL("decision_tree.svg", FIGURES));
  assert.equal(drawn, treeSvg(derived));
  // The figures job would draw exactly the committed file's tree.
  const report = atlasReport(committed);
  assert.equal(
    report.charts.find((c) => c.name === "decision_tree")!.svg,
    drawn,
  );
});

Deno.test("the small default's rows: one per applicable technique and game, with the stated shape", () => {
  const results = smallRun();
  const { rows, facts } = results;
  assert.deepEqual(facts.map((f) => f.game), [...GAME_IDS]);
  for (const game of GAME_IDS) {
    const expected = TECHNIQUES.filter((t) => t.games.includes(game)).map((
      t,
    ) => t.id);
    assert.deepEqual(
      rows.filter((r) => r.game === game).map((r) => r.technique),
      expected,
      game,
    );
  }
  for (const row of rows) {
    const where = `${row.technique} on ${row.game}`;
    if (row.missing !== undefined) {
      assert.equal(row.positions, 0, where);
      assert.equal(row.share, null, where);
      continue;
    }
    assert.equal(row.positions, ATLAS_SMALL.positions[row.game], where);
    if (row.contract === "different") assert.equal(row.share, null, where);
    else {
      const { low, median, high } = row.share!;
      assert.ok(0 <= low && low <= median && median <= high, where);
    }
    if (row.contract === "baseline") assert.equal(row.share!.median, 1, where);
    assert.ok(Number.isInteger(row.loc) && row.loc >= 0, where);
    assert.equal(row.loses === null, row.game !== "connect-four", where);
    assert.equal(row.solved === null, row.game !== "wac", where);
    assert.equal(row.elo, null, where);
  }
  // Tic-tac-toe and Nim are searched to the end: the table must pay there.
  const tt = rows.find((r) => r.technique === "tt" && r.game === "nim")!;
  assert.ok(tt.share!.median < 1);
  // The nim-sum replaces the search: no node at all.
  assert.equal(
    rows.find((r) => r.technique === "grundy")!.share!.median,
    0,
  );
  // Facts: random trees have no transpositions, tic-tac-toe has many.
  assert.equal(facts.find((f) => f.game === "tree-as-is")!.repeatedKeys, 0);
  assert.ok(facts.find((f) => f.game === "tic-tac-toe")!.repeatedKeys > 0.2);
});

Deno.test("sound techniques give alpha-beta's value on every position; the others' risk is measured (printed)", () => {
  const { rows } = smallRun();
  for (const row of rows) {
    if (row.missing !== undefined) continue;
    if (["sound", "baseline", "replacement"].includes(row.contract)) {
      assert.equal(
        row.valueDiffers,
        0,
        `${row.technique} on ${row.game} changed the value`,
      );
    } else {
      console.log(
        `risk of ${row.technique} on ${row.game}: value differs on ${row.valueDiffers}/${row.positions}, move on ${row.moveDiffers}/${row.positions}` +
          (row.loses === null
            ? ""
            : `, loses the game-theoretic value on ${row.loses}/${row.positions}`),
      );
    }
  }
});

Deno.test("the committed run: a sound technique's value differs from alpha-beta's only where the node cap stopped a run, and the risk table says so", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const table = riskTable(committed.rows);
  for (const row of committed.rows) {
    if (
      row.missing !== undefined ||
      !["sound", "baseline", "replacement"].includes(row.contract)
    ) continue;
    assert.ok(
      row.valueDiffers <= row.capped,
      `${row.technique} on ${row.game}: value differs on ${row.valueDiffers}, capped ${row.capped}`,
    );
    if (row.capped > 0) {
      const line = table.split("\n").find((l) =>
        l.startsWith(`| ${row.name} `)
      )!;
      assert.match(line, new RegExp(`\\(${row.capped} capped\\)`));
    }
  }
});

Deno.test("the committed leave-one-out tests each ended decided at [0, 10] or known to ±25 at most (issue 25)", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const items = committed.leaveOneOut!.items;
  assert.ok(items.length > 0);
  for (const item of items) {
    const where = `${item.technique}: ${item.decision ?? "undecided"}`;
    assert.ok(!item.partial, `${where}, stopped before its end`);
    assert.deepEqual([item.elo0, item.elo1], [0, 10], where);
    if (item.decision !== null) continue;
    assert.ok(item.precision !== undefined && item.precision <= 25, where);
    // Known to ±precision: the interval lies within it on both sides.
    const { estimate, low, high } = item.elo;
    assert.ok(
      estimate !== null && low !== null && high !== null &&
        estimate - low <= item.precision! + 0.5 &&
        high - estimate <= item.precision! + 0.5,
      `${where}, ${low} ≤ ${estimate} ≤ ${high} beyond ±${item.precision}`,
    );
  }
});

Deno.test("the cache resumes: a run interrupted after k items recomputes only the others, with the same rows", () => {
  const dir = Deno.makeTempDirSync({ prefix: "atlas_cache_" });
  try {
    const games = ["tic-tac-toe", "nim"] as const;
    let total = 0;
    const fresh = runAtlas(ATLAS_SMALL, {
      games,
      onCompute: () => total++,
    });
    const k = 7;
    assert.throws(
      () => runAtlas(ATLAS_SMALL, { games, cacheDir: dir, stopAfter: k }),
      AtlasInterrupted,
    );
    const again: string[] = [];
    const resumed = runAtlas(ATLAS_SMALL, {
      games,
      cacheDir: dir,
      onCompute: (t, g, s) => again.push(`${t}/${g}/${s}`),
    });
    assert.equal(again.length, total - k);
    assert.equal(new Set(again).size, again.length);
    assert.deepEqual(resumed.rows, fresh.rows);
    // A third run computes nothing.
    let third = 0;
    runAtlas(ATLAS_SMALL, { games, cacheDir: dir, onCompute: () => third++ });
    assert.equal(third, 0);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("quiescence's power is measured against captures-first alpha-beta, the order it searches in, not natural order", () => {
  const { rows } = smallRun();
  const byId = (id: string) => TECHNIQUES.find((t) => t.id === id)!;
  for (const id of ["quiescence", "quiescence-checks"]) {
    for (const game of ["chess", "wac"] as const) {
      const row = rows.find((r) => r.technique === id && r.game === game)!;
      assert.equal(row.shareOf, "static-order");
      // Recomputed here from the two techniques' own runs.
      const atlasGame = ATLAS_GAMES[game];
      const positions = atlasGame.positions(ATLAS_SMALL.positions[game], false);
      const nodes = (technique: string) =>
        positions.map((item) =>
          byId(technique).run!(item.make(), {
            game,
            item,
            depth: atlasGame.depth(false),
            maxNodes: 50_000_000,
            baselineNodes: 0,
          }).nodes
        );
      const [q, captures] = [nodes(id), nodes("static-order")];
      const median = distribution(q.map((n, i) => n / captures[i]!)).median;
      assert.equal(row.share!.median, Math.round(median * 10_000) / 10_000);
    }
  }
  // The power table says what the share is of.
  assert.match(
    powerTable(rows),
    /\| quiescence \(captures\), against static move ordering \(centre \/ captures first\)\s+\|/,
  );
  // Every other row is against its column's baseline.
  assert.ok(
    rows.every((r) =>
      r.shareOf === undefined || r.technique.startsWith("quiescence")
    ),
  );
});

Deno.test("the cost table's Elo names its game, what it was against and the budget; MCTS is MCTS-Solver against UCT; one experiment is one row; games are those the SPRT counted", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const elo = { settings: committed.eloSettings!, items: committed.elo! };
  const table = costTable(committed.rows, elo);
  const lines = table.split("\n");
  const cells = (name: string) =>
    lines.find((l) => l.startsWith(`| ${name} `))!.split("|").map((c) =>
      c.trim()
    );
  // Header: each game's column with its budget.
  assert.match(
    lines[0]!,
    /Elo on Connect Four \(SPRT at equal nodes, 5,000 nodes a move; against the engine without it\)/,
  );
  assert.match(
    lines[0]!,
    /Elo on chess \(SPRT at equal nodes, 10,000 nodes a move;/,
  );
  // LMR: Connect Four's test and chess's, each in its column.
  const lmr = cells("late-move reductions");
  const item = (technique: string, game: string) =>
    committed.elo!.find((i) =>
      i.technique === technique && i.game === game && i.mode === "nodes"
    )!;
  assert.ok(lmr[5]!.endsWith(formatElo(item("lmr", "connect-four"))));
  assert.ok(lmr[6]!.endsWith(formatElo(item("lmr", "chess"))));
  assert.match(lmr[5]!, /^against alpha-beta with table move/);
  // Chess tests the committed run played against the engine before its
  // order changed say so.
  assert.match(
    lmr[6]!,
    /^against the UCI engine: deepening, table, MVV-LVA, killers, history, quiescence \(the engine before its move order changed: not played again yet\): \+53/,
  );
  // MCTS: MCTS-Solver against plain UCT, not a gain over alpha-beta.
  assert.match(
    cells("MCTS (UCT), as many nodes as alpha-beta")[5]!,
    /^MCTS-Solver against plain UCT \(not against alpha-beta\): \+45/,
  );
  // The table and "deepening + table + previous move" are one experiment.
  assert.match(
    cells("deepening + table + previous move")[5]!,
    /^one experiment with "transposition table \(bounds and depth\)"/,
  );
  const strength = strengthTable(committed.elo!, committed.rows);
  assert.match(
    strength,
    /\| transposition table \(bounds and depth\) = deepening \+ table \+ previous move \(one experiment: the same players\) +\| Connect Four/,
  );
  assert.doesNotMatch(
    strength,
    /\| deepening \+ table \+ previous move +\| Connect Four/,
  );
  // Given the rows alone, no Elo column: a figure without its budget and
  // opponent is not shown.
  const bare = costTable(committed.rows).split("\n");
  assert.match(
    bare[0]!,
    /^\| technique +\| contract +\| lines of code +\| largest table +\| not measured because +\|$/,
  );
  assert.doesNotMatch(bare.join("\n"), /Elo|\[[+−]\d+, [+−]\d+\]/);
  // ETC: every pair drawn 1–1, shown as it is, not "0 [−0, +0]".
  assert.match(
    cells("enhanced transposition cutoffs")[5]!,
    /0 \[−0\.3, \+0\.3\], 204 games \(224 played\), every pair 1–1, H0$/,
  );
  assert.doesNotMatch(table + strength, /−0[,\]]/);
  // Games: those the SPRT counted (two per pair), the rest named apart.
  assert.match(
    cells("quiescence (captures)")[6]!,
    /\+432 \[\+365, \+531\], 208 games \(224 played\), H1$/,
  );
});

Deno.test("the atlas is a lesson of deno task figures, with its two charts and its claims", () => {
  const entry = LESSONS.find((l) => l.lesson === "atlas");
  assert.ok(entry !== undefined);
  const report = atlasReport(
    atlasFile(runAtlas(ATLAS_SMALL, { games: ["tic-tac-toe"] })),
  );
  assert.deepEqual(report.charts.map((c) => c.name), [
    "power_cost",
    "decision_tree",
  ]);
  // Tic-tac-toe alone has no chess rows: T003.10b is not judged on NaN.
  assert.deepEqual(report.rows.map((r) => r.id), ["T000.5c"]);
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const claims = (games: string[]) =>
    atlasClaims(committed.rows.filter((r) => games.includes(r.game)), "a run");
  assert.deepEqual(claims(["chess", "wac"]).map((r) => r.id), [
    "T000.5c",
    "T003.10b",
  ]);
  const chessOnly = claims(["chess"]).find((r) => r.id === "T003.10b")!;
  assert.deepEqual(chessOnly.checks!.map((c) => c.what), ["chess: ratio"]);
  assert.ok(Number.isFinite(chessOnly.checks![0]!.value));
  for (const chart of report.charts) {
    assert.match(
      chart.svg,
      /^<svg[^>]* xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
  }
  assert.equal(Object.keys(ATLAS_GAMES).length, GAME_IDS.length);
});

Deno.test("the selective techniques on top of the chess engine: each variant on both chess games, the engine itself 100%, counts within the positions", () => {
  const rows = measureEngineRows(ATLAS_SMALL);
  assert.equal(rows.length, 2 * ENGINE_VARIANTS.length);
  for (const game of ["chess", "wac"] as const) {
    const n = ATLAS_SMALL.positions[game];
    for (const variant of ENGINE_VARIANTS) {
      const row = rows.find((r) => r.variant === variant.id && r.game === game);
      assert.ok(row !== undefined, `${variant.id} on ${game}`);
      assert.equal(row.positions, n);
      assert.ok(row.valueChanged <= n && row.moveChanged <= n);
      assert.ok(
        row.share.low <= row.share.median && row.share.median <= row.share.high,
      );
      assert.equal(row.solved === null, game === "chess");
    }
    const engine = rows.find((r) => r.variant === "engine" && r.game === game)!;
    assert.deepEqual(
      [engine.share, engine.valueChanged, engine.moveChanged],
      [{ median: 1, low: 1, high: 1 }, 0, 0],
    );
  }
  // Check extensions search more, never fewer nodes, than the engine.
  for (const row of rows.filter((r) => r.variant === "check-extensions")) {
    assert.ok(row.share.low >= 1, `${row.game}: ${row.share.low}`);
  }
  const table = engineTable(rows);
  assert.match(table, /\+ null-move pruning \(R = 2\)/);
  assert.equal(table.trim().split("\n").length, 2 + rows.length);
});

Deno.test("the decision tree's play leaves name the gains an SPRT accepted at equal nodes, and only those", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const item = (
    technique: string,
    game: "chess" | "connect-four",
    mode: "nodes" | "time",
    decision: "H0" | "H1" | null,
    estimate: number,
  ) => ({
    technique,
    game,
    mode,
    decision,
    seed: 0,
    budget: 1000,
    // Played against today's engine of the test.
    engine: ELO_TESTS.find((t) => t.technique === technique && t.game === game)
      ?.engine ?? "",
    elo0: 0,
    elo1: 10,
    alpha: 0.05,
    beta: 0.05,
    elo: { estimate, low: estimate - 20, high: estimate + 20 },
    llr: 3,
    bounds: [-2.9, 2.9] as [number, number],
    pairs: 100,
    games: 200,
    counts: [0, 0, 0, 0, 100],
  });
  const tree = deriveTree({
    facts: committed.facts,
    rows: committed.rows,
    elo: [
      item("null-move", "chess", "nodes", "H1", 40),
      item("quiescence", "chess", "nodes", "H1", 400),
      item("lmr", "chess", "nodes", "H0", -30),
      item("futility", "chess", "time", "H1", 50),
      item("killer", "connect-four", "nodes", null, 5),
    ],
  });
  const leaves: Extract<typeof tree, { leaf: string }>[] = [];
  const walk = (n: typeof tree) => {
    if ("question" in n) {
      walk(n.yes);
      walk(n.no);
    } else leaves.push(n);
  };
  walk(tree);
  const chessLeaf = leaves.find((l) => l.games.includes("chess"))!;
  assert.equal(chessLeaf.strength.length, 2);
  assert.match(
    chessLeaf.strength[0]!.text,
    /^quiescence.*\+400 Elo \[\+380, \+420\] on chess over the base engine \(add-one, H1 after 200 games at 1,000 nodes a move\)$/,
  );
  assert.match(chessLeaf.strength[1]!.text, /^null-move pruning.*\+40 Elo/);
  for (const other of leaves.filter((l) => !l.games.includes("chess"))) {
    assert.deepEqual(other.strength, []);
  }
  assert.match(
    treeMarkdown(tree),
    /in play, gains an SPRT accepted at equal nodes:\n\s+- quiescence/,
  );
});

Deno.test("the decision tree lists the leave-one-out gains of today's full engine, and only those", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const items = committed.leaveOneOut!.items;
  const h1 = items.filter((i) => i.decision === "H1");
  assert.ok(h1.length > 0, "the committed run has a decided gain");
  const playLeaf = (file: AtlasFile) => {
    const leaves: Extract<ReturnType<typeof deriveTree>, { leaf: string }>[] =
      [];
    const walk = (n: ReturnType<typeof deriveTree>) => {
      if ("question" in n) {
        walk(n.yes);
        walk(n.no);
      } else leaves.push(n);
    };
    walk(deriveTree(file));
    return leaves.find((l) => l.games.includes("chess"))!;
  };
  const leftOut = (file: AtlasFile) =>
    playLeaf(file).strength.filter((g) => g.text.includes("leave-one-out"));
  const listed = leftOut(committed);
  assert.equal(listed.length, h1.length);
  const budget = committed.leaveOneOut!.settings.games.chess.nodes
    .toLocaleString("en");
  for (const [k, gain] of listed.entries()) {
    assert.match(
      gain.text,
      new RegExp(
        `: the full engine loses [+−]\\d+ Elo \\[[+−]\\d+, [+−]\\d+\\] without it on chess \\(leave-one-out, H1 after \\d+ games at ${budget} nodes a move\\)$`,
      ),
    );
    // Largest loss first.
    if (k > 0) {
      const elo = (text: string) =>
        Number(/loses ([+−]\d+)/.exec(text)![1]!.replace("−", "-"));
      assert.ok(elo(listed[k - 1]!.text) >= elo(gain.text));
    }
  }
  // An item played by another engine than today's test is not today's.
  const stale: AtlasFile = {
    ...committed,
    leaveOneOut: {
      ...committed.leaveOneOut!,
      items: items.map((i) => ({ ...i, engine: "an older engine" })),
    },
  };
  assert.deepEqual(leftOut(stale), []);
  // Without the leave-one-out run, the leaf lists the add-one gains alone.
  const { leaveOneOut: _, ...withoutLoo } = committed;
  assert.deepEqual(leftOut(withoutLoo as AtlasFile), []);
  assert.ok(playLeaf(withoutLoo as AtlasFile).strength.length > 0);
});

Deno.test("the committed figures hold no Stockfish row whose baseline games other rows shared, and the Strength table shows that column only when a run played it", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const shared = committed.elo!.filter((item) =>
    item.mode === "stockfish" && item.stockfish?.seeds === undefined
  );
  assert.deepEqual(shared.map((item) => item.technique), []);
  const header = (items: AtlasFile["elo"]) =>
    strengthTable(items!, committed.rows).split("\n")[0]!;
  const played = committed.elo!.some((item) => item.mode === "stockfish");
  assert.equal(header(committed.elo).includes("against Stockfish"), played);
  const withoutStockfish = committed.elo!.filter((item) =>
    item.mode !== "stockfish"
  );
  assert.doesNotMatch(header(withoutStockfish), /Stockfish/);
});

Deno.test("the text beside the Strength table says whether it has the Stockfish column, as the table does", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const items = committed.elo!;
  const withColumn = [
    ...items,
    { ...items.find((item) => item.game === "chess")!, mode: "stockfish" },
  ] as typeof items;
  for (const list of [items, withColumn]) {
    const shown = strengthTable(list, committed.rows).split("\n")[0]!
      .includes("against Stockfish");
    assert.equal(
      /^These figures have no column against Stockfish/.test(
        stockfishColumnText(list),
      ),
      !shown,
    );
  }
  assert.match(
    stockfishColumnText(withColumn),
    /^The last column is the gain against Stockfish, played for \d+ chess tests?\.$/,
  );
});

Deno.test("the engine rows' base is described with every selective option deno task uci adds to it", () => {
  const names = uciSelectiveNames();
  const on = Object.values(chessEngineOptions()).filter((v) => v !== false);
  assert.equal(names.length, on.length);
  assert.equal(new Set(names).size, names.length);
  const text = engineBaseText();
  for (const name of names) assert.ok(text.includes(name), name);
  assert.match(
    text,
    /`deno task uci` searches with these and also selectively/,
  );
  assert.match(
    text,
    new RegExp(`the last row the ${ENGINE_VARIANTS.length - 2} options above`),
  );
});

Deno.test("notebook 10 shows the engine rows' base and whether the Strength table has the Stockfish column, as the code writes them", () => {
  const notebook = JSON.parse(
    Deno.readTextFileSync(
      new URL("../notebooks/10_atlas.ipynb", import.meta.url),
    ),
  ) as {
    cells: {
      cell_type: string;
      outputs?: { data?: Record<string, string | string[]> }[];
    }[];
  };
  const shown = notebook.cells.flatMap((cell) =>
    (cell.outputs ?? []).map((output) =>
      [output.data?.["text/markdown"] ?? ""].flat().join("")
    )
  ).join("\n");
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  assert.ok(shown.includes(engineBaseText()));
  assert.ok(shown.includes(stockfishColumnText(committed.elo!)));
  assert.ok(shown.includes(strengthOpponents(committed.elo!, committed.rows)));
});

Deno.test("strengthOpponents names, for each game, every opponent of the Strength table's against column and only those", () => {
  const committed = JSON.parse(
    Deno.readTextFileSync(new URL("rows.json", FIGURES)),
  ) as AtlasFile;
  const text = strengthOpponents(committed.elo!, committed.rows);
  const [connectFour, chess] = text.split(" On chess, ");
  assert.match(connectFour!, /^On Connect Four, /);
  const lines = strengthTable(committed.elo!, committed.rows).split("\n")
    .slice(2).map((line) => line.slice(1, -1).split("|").map((c) => c.trim()));
  for (const game of ["Connect Four", "chess"]) {
    const part = game === "chess" ? chess! : connectFour!;
    const against = new Set(
      lines.filter((cells) => cells[1] === game && cells[2] !== "")
        .map((cells) => cells[2]!.replace(/^MCTS-Solver against /, "")),
    );
    for (const opponent of against) {
      assert.ok(
        part.includes(
          `played ${
            opponent.replace(
              "plain UCT (not against alpha-beta)",
              "plain UCT (not alpha-beta)",
            )
          }`,
        ),
        `${game}: ${opponent}`,
      );
    }
    // One group per opponent, separated by "; ".
    assert.equal(part.split("; ").length, against.size, game);
  }
  // As notebook 10 says: on chess every opponent is the UCI engine's search
  // without its selective part.
  for (const test of ELO_TESTS.filter((t) => t.game === "chess")) {
    const baseline = test.baseline({ maxNodes: 1000 }) as {
      options?: Record<string, unknown>;
    };
    assert.deepEqual(
      Object.keys(baseline.options ?? {}).filter((key) =>
        key in chessEngineOptions()
      ),
      [],
      test.technique,
    );
  }
});
