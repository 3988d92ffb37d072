// Type-checks the worker module with the tests (it is only ever loaded as a Worker).
import type {} from "../src/match/_match_worker.ts";
import assert from "node:assert/strict";
import {
  createPlayer,
  type GameRecord,
  parsePosition,
  type PlayerSpec,
  roundRobin,
  roundRobinParallel,
} from "../mod.ts";

Deno.test("roundRobinParallel() gives roundRobin()'s records, in order, from several workers", async () => {
  const specs: PlayerSpec[] = [
    { kind: "mcts", playouts: 100, seed: 3 },
    { kind: "random", seed: 3 },
    { kind: "alpha-beta", depth: 3, name: "ab3" },
  ];
  const openings = ["X........", "....X....", "X...O...."];
  const seen: GameRecord[] = [];
  const records = await roundRobinParallel(specs, {
    game: "tic-tac-toe",
    openings,
    gamesPerPair: 4,
    seed: 5,
    workers: 3,
    onRecord: (record) => seen.push(record),
  });
  const local = roundRobin(
    specs.map((spec) => createPlayer("tic-tac-toe", spec)),
    {
      openings: openings.map((text) => parsePosition("tic-tac-toe", text)),
      gamesPerPair: 4,
      seed: 5,
    },
  );
  assert.deepEqual(records, local);
  assert.equal(records.length, 12);
  assert.equal(seen.length, 12);
  assert.deepEqual(records.map((r) => r.round), [...Array(12).keys()]);
  assert.equal(records[5]!.players[0], "ab3");
});

Deno.test("createPlayer() builds every kind, and says what is wrong with a description", () => {
  assert.equal(
    createPlayer("connect-four", { kind: "alpha-beta", depth: 3 }).name,
    "good d3",
  );
  assert.equal(
    createPlayer("connect-four", { kind: "solver", weak: true }).name,
    "weak solver",
  );
  assert.equal(createPlayer("tic-tac-toe", { kind: "random" }).name, "random");
  const cases: [() => unknown, RegExp][] = [
    [
      () => createPlayer("go" as never, { kind: "random" }),
      /createPlayer: game must be one of connect-four, tic-tac-toe, chess, got "go"/,
    ],
    [
      () => createPlayer("tic-tac-toe", { kind: "minimax" } as never),
      /createPlayer: kind must be "alpha-beta", "mcts", "solver", "random" or "search", got "minimax"/,
    ],
    [
      () => createPlayer("tic-tac-toe", null as never),
      /createPlayer: spec must be an object, got null/,
    ],
    [
      () => createPlayer("tic-tac-toe", { kind: "solver" }),
      /createPlayer: the solver plays connect-four only/,
    ],
    [
      () =>
        createPlayer("tic-tac-toe", {
          kind: "alpha-beta",
          depth: 2,
          quality: "good",
        }),
      /createPlayer: quality is for connect-four only/,
    ],
    [
      () =>
        createPlayer(
          "tic-tac-toe",
          { kind: "alpha-beta", depth: 2, tt: 1 } as never,
        ),
      /createPlayer: unknown option "tt"; known options: depth, quality, name/,
    ],
    [
      () => createPlayer("tic-tac-toe", { kind: "mcts", playouts: -1 }),
      /new MctsPlayer: playouts must be an integer/,
    ],
    [
      () => parsePosition("go" as never, ""),
      /parsePosition: game must be one of connect-four, tic-tac-toe, chess, got "go"/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, message);
});

Deno.test("roundRobinParallel() rejects bad input before starting any worker", async () => {
  const specs: PlayerSpec[] = [{ kind: "random", name: "r1" }, {
    kind: "random",
    name: "r2",
  }];
  const game = "connect-four" as const;
  const cases: [() => Promise<unknown>, RegExp][] = [
    [
      () => roundRobinParallel([specs[0]!], { game, openings: ["4"] }),
      /roundRobinParallel: players must be an array of at least 2 player descriptions, got an array of 1/,
    ],
    // Found by review: roundRobin refused two players with one name, the
    // parallel runner played them ("x vs x" in every record).
    [
      () =>
        roundRobinParallel([specs[0]!, { kind: "random", name: "r1" }], {
          game,
          openings: ["4"],
        }),
      /^Error: roundRobinParallel: players\[1\] has the name "r1" of players\[0\]; names must differ$/,
    ],
    [
      () =>
        roundRobinParallel([{ kind: "random" }, { kind: "random", seed: 3 }], {
          game,
          openings: ["4"],
        }),
      /roundRobinParallel: players\[1\] has the name "random" of players\[0\]/,
    ],
    [
      () => roundRobinParallel(specs, undefined as never),
      /roundRobinParallel: options must be an object, got undefined/,
    ],
    [
      () => roundRobinParallel(specs, { game: "go" as never, openings: ["4"] }),
      /createPlayer: game must be one of connect-four, tic-tac-toe, chess, got "go"/,
    ],
    [
      () => roundRobinParallel(specs, { game, openings: [] }),
      /roundRobinParallel: openings must be a non-empty array of position strings, got an array of 0/,
    ],
    [
      () => roundRobinParallel(specs, { game, openings: ["1212121"] }),
      /roundRobinParallel: openings\[0\] must be an unfinished position's text, got "1212121"/,
    ],
    [
      () => roundRobinParallel(specs, { game, openings: ["9"] }),
      /ConnectFour.parse: "9" at index 0 is not a column digit 1…7/,
    ],
    [
      () => roundRobinParallel(specs, { game, openings: ["4"], workers: 0 }),
      /roundRobinParallel: workers must be an integer in 1…256, got 0/,
    ],
    [
      () =>
        roundRobinParallel(specs, { game, openings: ["4"], gamesPerPair: 3 }),
      /roundRobin: gamesPerPair must be even/,
    ],
    [
      () =>
        roundRobinParallel(specs, {
          game,
          openings: ["4"],
          onRecord: 1 as never,
        }),
      /roundRobinParallel: onRecord must be a function, got 1/,
    ],
    [
      () =>
        roundRobinParallel(specs, { game, openings: ["4"], games: 2 } as never),
      /roundRobinParallel: unknown option "games"/,
    ],
  ];
  for (const [promise, message] of cases) {
    await assert.rejects(promise, message);
  }
});
