import assert from "node:assert/strict";
import {
  Chess,
  createPlayer,
  GAME_NAMES,
  parsePosition,
  playChessGame,
  type Player,
  playerMover,
  playGame,
  SearchPlayer,
} from "../mod.ts";
import {
  chessEloOpenings,
  ELO_FULL,
  ELO_SMALL,
  ELO_TESTS,
  eloCacheFile,
  type EloItem,
  formatElo,
  runEloTest,
  runStockfishElo,
  stockfishSeeds,
} from "../src/course/mod.ts";
import { lacks } from "./_programs.ts";

/** A player that plays a fixed cycle of moves (UCI), whatever the position. */
function cycle(name: string, moves: string[]): Player<Chess> {
  let next = 0;
  return {
    name,
    lastNodes: 0,
    newGame: () => {
      next = 0;
    },
    chooseMove: (position) =>
      position.moveFromUci(moves[next++ % moves.length]!),
  };
}

Deno.test("chess is a game of the player specs: positions by FEN, searching players with options", () => {
  assert.ok(GAME_NAMES.includes("chess"));
  const fen =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
  assert.equal(String(parsePosition("chess", fen)), fen);
  assert.throws(() => parsePosition("chess", "not a fen"), /FEN|fen/);
  const engine = createPlayer("chess", {
    kind: "search",
    searcher: "deepening",
    maxNodes: 3000,
    table: 1 << 12,
    options: {
      order: ["tt", "static", "killer", "history"],
      quiescence: true,
      nullMove: {},
    },
  }) as SearchPlayer<Chess>;
  // Scholar's mate in one: Qxf7#.
  const mate = Chess.fromFen(
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
  );
  const key = mate.key();
  assert.equal(mate.moveToSan(engine.chooseMove(mate)), "Qxf7#");
  assert.equal(mate.key(), key);
  assert.ok(engine.lastNodes > 0 && engine.lastNodes <= 3001);
  assert.throws(
    () =>
      createPlayer("chess", {
        kind: "search",
        maxNodes: 9,
        quality: "good",
      }),
    /createPlayer: quality is for connect-four only/,
  );
  assert.throws(
    () => createPlayer("chess", { kind: "solver" }),
    /the solver plays connect-four only/,
  );
});

Deno.test('a chess search spec with evaluation "engine" searches the engine\'s evaluation on a copy; other games and values are refused', () => {
  const fen =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const spec = {
    kind: "search",
    searcher: "deepening",
    maxDepth: 2,
    maxNodes: 100_000,
  } as const;
  const course = createPlayer("chess", spec) as SearchPlayer<Chess>;
  const engine = createPlayer("chess", {
    ...spec,
    evaluation: "engine",
  }) as SearchPlayer<Chess>;
  const position = Chess.fromFen(fen);
  engine.chooseMove(position);
  course.chooseMove(position);
  // The same search on a position made with the engine evaluation.
  const direct = createPlayer("chess", spec) as SearchPlayer<Chess>;
  direct.chooseMove(Chess.fromFen(fen, { evaluation: "engine" }));
  assert.equal(engine.lastValue, direct.lastValue);
  assert.notEqual(engine.lastValue, course.lastValue);
  // The game's position is searched on a copy: still the course's evaluation.
  assert.equal(position.evaluation, "simplified");
  assert.equal(position.toFen(), fen);
  assert.throws(
    () => createPlayer("chess", { ...spec, evaluation: "pesto" as "engine" }),
    /createPlayer: evaluation must be "simplified" or "engine", got "pesto"/,
  );
  assert.throws(
    () =>
      createPlayer("tic-tac-toe", {
        kind: "search",
        maxNodes: 100,
        evaluation: "engine",
      }),
    /createPlayer: evaluation is for chess only \(the game is tic-tac-toe\), got "engine"/,
  );
});

Deno.test("playGame judges chess by its rules: a repetition ends the game on its third occurrence, not its second", () => {
  const shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
  const white = cycle("white", [shuffle[0]!, shuffle[2]!]);
  const black = cycle("black", [shuffle[1]!, shuffle[3]!]);
  const record = playGame(Chess.start(), white, black, 0);
  // The start position occurs after plies 0, 4 and 8: the game ends at 8.
  assert.equal(record.moves.length, 8);
  assert.equal(record.result, "1/2-1/2");
  assert.equal(record.opening, Chess.start().toFen());
});

Deno.test("a chess player's game against itself through playGame is legal and ends by the rules", () => {
  const spec = {
    kind: "search" as const,
    searcher: "deepening" as const,
    maxNodes: 400,
    options: { order: ["tt", "static"] as const, quiescence: true },
    table: 1 << 10,
  };
  const record = playGame(
    parsePosition("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    createPlayer("chess", spec as never),
    createPlayer("chess", spec as never),
    0,
  );
  // Back-rank mate: Rd8#.
  assert.equal(record.result, "1-0");
  assert.equal(record.moves.length, 1);
});

Deno.test("playerMover: a searching player plays a match game, and bad arguments are named", async () => {
  const player = createPlayer("chess", {
    kind: "search",
    searcher: "deepening",
    maxNodes: 200,
  }) as unknown as Player<Chess>;
  const mover = playerMover(player);
  assert.equal(mover.name, "deepening n200");
  const game = await playChessGame(
    mover,
    playerMover(player, "again"),
    { name: "e4 e5", moves: ["e2e4", "e7e5"] },
    { maxPlies: 10 },
  );
  assert.equal(game.moves.length, 10);
  assert.equal(game.reason, "max plies");
  assert.equal(game.faultSide, null);
  assert.throws(
    () => playerMover({} as never),
    /playerMover: player must be a Player \(with chooseMove\), got/,
  );
  assert.throws(
    () => playerMover(player, ""),
    /playerMover: name must be a non-empty string, got ""/,
  );
});

Deno.test("chess Elo openings: distinct real lines of the stated lengths, and a clear error past what the file holds", () => {
  const openings = chessEloOpenings(300, ELO_FULL);
  assert.equal(new Set(openings.map((o) => o.fen)).size, 300);
  for (const o of openings.slice(0, 40)) {
    assert.ok(ELO_FULL.chessPlies.includes(o.moves.length));
    const position = Chess.start();
    for (const uci of o.moves) position.play(position.moveFromUci(uci));
    assert.equal(position.toFen(), o.fen);
  }
  assert.deepEqual(chessEloOpenings(300, ELO_FULL), openings);
  assert.throws(
    () => chessEloOpenings(100_000, ELO_SMALL),
    /chessEloOpenings: 100000 openings needed, data\/chess\/games.pgn has \d+ of 8, 12, 16 plies/,
  );
});

Deno.test("a chess Elo test at equal nodes plays pairs from both colours and replays", () => {
  const test = ELO_TESTS.find((t) =>
    t.technique === "null-move" && t.game === "chess"
  )!;
  const first = runEloTest(test, ELO_SMALL, "nodes");
  assert.equal(first.game, "chess");
  assert.equal(first.games, ELO_SMALL.games.chess.maxGames);
  assert.equal(first.budget, ELO_SMALL.games.chess.nodes);
  assert.deepEqual(runEloTest(test, ELO_SMALL, "nodes"), first);
});

Deno.test("the Elo cache's file names carry every setting that changes the games", () => {
  const test = ELO_TESTS.find((t) => t.game === "chess")!;
  const names = new Set([
    eloCacheFile("d", ELO_FULL, test, "nodes"),
    eloCacheFile("d", ELO_FULL, test, "time"),
    eloCacheFile("d", ELO_FULL, test, "stockfish"),
    eloCacheFile(
      "d",
      {
        ...ELO_FULL,
        games: {
          ...ELO_FULL.games,
          chess: { ...ELO_FULL.games.chess, maxGames: 2 },
        },
      },
      test,
      "nodes",
    ),
    eloCacheFile("d", { ...ELO_FULL, elo1: 20 }, test, "nodes"),
    eloCacheFile(
      "d",
      {
        ...ELO_FULL,
        stockfish: { ...ELO_FULL.stockfish!, skill: 0 },
      },
      test,
      "stockfish",
    ),
  ]);
  assert.equal(names.size, 6);
});

Deno.test("runStockfishElo refuses a test of another game and settings without Stockfish", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const c4 = ELO_TESTS.find((t) => t.game === "connect-four")!;
    const chess = ELO_TESTS.find((t) => t.game === "chess")!;
    await assert.rejects(
      () => runStockfishElo(c4, ELO_FULL, { cacheDir: dir }),
      /runStockfishElo: test must be a chess test, got connect-four/,
    );
    await assert.rejects(
      () => runStockfishElo(chess, ELO_SMALL, { cacheDir: dir }),
      /runStockfishElo: settings.stockfish must be set, got null/,
    );
    await assert.rejects(
      () =>
        runStockfishElo(
          chess,
          { ...ELO_SMALL, stockfish: ELO_FULL.stockfish },
          {
            cacheDir: dir,
            stockfish: `${dir}/no-such-stockfish`,
          },
        ),
      /no-such-stockfish/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test(
  "runStockfishElo against Debian's Stockfish: each row's candidate and its own baseline play their own games, never another row's",
  { ignore: lacks("stockfish") },
  async () => {
    const dir = Deno.makeTempDirSync();
    try {
      const settings = {
        ...ELO_SMALL,
        stockfish: { games: 2, skill: 0, depth: 1 },
      };
      const tests = ELO_TESTS.filter((t) =>
        t.game === "chess" && ["null-move", "lmr"].includes(t.technique)
      );
      const budget = { maxNodes: settings.games.chess.nodes };
      const items = [];
      for (const test of tests) {
        items.push(await runStockfishElo(test, settings, { cacheDir: dir }));
      }
      // The two tests' baselines are the same engine, yet each row plays
      // its own games (issue 25: one shared set made the rows dependent):
      // four sets of games, each with its own seed and openings.
      assert.deepEqual(tests[0]!.baseline(budget), tests[1]!.baseline(budget));
      const players = [...Deno.readDirSync(dir)].filter((e) =>
        e.name.includes("sf-player")
      ).map((e) =>
        JSON.parse(Deno.readTextFileSync(`${dir}/${e.name}`)) as {
          key: string;
        }
      );
      assert.equal(players.length, 4);
      const seeds = players.map((p) => JSON.parse(p.key).seed as number);
      assert.equal(new Set(seeds).size, 4);
      const rowSeeds = items.map((i) => i.stockfish!.seeds!);
      assert.deepEqual(
        new Set(seeds),
        new Set(rowSeeds.flatMap((s) => [s.candidate, s.baseline])),
      );
      // Different seeds draw different openings for the two baselines.
      const openings = rowSeeds.map((s) =>
        chessEloOpenings(1, { ...settings, seed: s.baseline })[0]!.fen
      );
      assert.notEqual(openings[0], openings[1]);
      for (const item of items) {
        assert.equal(item.mode, "stockfish");
        assert.equal(item.games, 4);
        assert.equal(item.decision, null);
        assert.ok(item.stockfish !== undefined);
        const [c, b] = [
          item.stockfish.candidate[0],
          item.stockfish.baseline[0],
        ];
        if (c !== null && b !== null) {
          assert.ok(Math.abs(item.elo.estimate! - (c - b)) < 0.2);
        }
      }
      // Read back from the cache.
      assert.deepEqual(
        await runStockfishElo(tests[0]!, settings, { cacheDir: dir }),
        items[0],
      );
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
);

Deno.test("the Stockfish column's seeds: every row's candidate and baseline have their own, so no two rows share games", () => {
  const rows = ELO_TESTS.filter((t) => t.game === "chess");
  const seeds = rows.flatMap((t) => {
    const s = stockfishSeeds(t.technique, ELO_FULL);
    return [s.candidate, s.baseline];
  });
  assert.equal(new Set(seeds).size, 2 * rows.length);
  // The baselines that are the same engine (most rows') still differ in seed.
  const budget = { maxNodes: 1000 };
  const same = rows.filter((t) =>
    JSON.stringify(t.baseline(budget)) ===
      JSON.stringify(
        rows.find((r) => r.technique === "null-move")!.baseline(budget),
      )
  );
  assert.ok(same.length >= 5);
  assert.equal(
    new Set(same.map((t) => stockfishSeeds(t.technique, ELO_FULL).baseline))
      .size,
    same.length,
  );
  const own = {
    elo: { estimate: 50, low: -44, high: 143 },
    games: 200,
    stockfish: {
      skill: 5,
      depth: 5,
      candidate: [-81, 0, 0],
      baseline: [-131, 0, 0],
      seeds: stockfishSeeds("lmr", ELO_FULL),
    },
  } as unknown as EloItem;
  assert.equal(
    formatElo(own),
    "+50 [−44, +143] (−81 vs −131 over Stockfish), 200 games",
  );
  // Another run seed, other seeds.
  assert.notEqual(
    stockfishSeeds("lmr", { ...ELO_FULL, seed: 1 }).baseline,
    stockfishSeeds("lmr", ELO_FULL).baseline,
  );
});
