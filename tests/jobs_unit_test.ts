// The job unit without a server: decodeJob refuses every message that is
// not a job with one JobError naming the rule (never another exception),
// a job survives encoding, and a games job played anywhere gives
// roundRobin's records for its games.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  batches,
  codeVersion,
  decodeJob,
  encodeJob,
  type Job,
  JOB_FORMAT,
  JobError,
  MAX_JOB_BYTES,
  MAX_JOB_TABLE_BYTES,
} from "../src/jobs/job.ts";
import { closeTaskRunner, runTask } from "../src/jobs/run.ts";
import { natsServer } from "../src/jobs/nats.ts";
import {
  natsConnectOptions,
  parseNatsAddress,
  redactAddress,
} from "../src/jobs/nats_address.ts";
import { scoreChessMatch } from "../src/uci/chess_match.ts";
import { roundRobin, scheduleRoundRobin } from "../src/match/tournament.ts";
import {
  checkPlayerSpec,
  createPlayer,
  parsePosition,
} from "../src/players/player_spec.ts";
import type { PlayerSpec } from "../src/players/player_spec.ts";
import { type ChessMover, playChessMatch } from "../src/uci/chess_match.ts";
import { Chess } from "../src/games/chess/mod.ts";

const bytes = (value: unknown) =>
  new TextEncoder().encode(
    typeof value === "string" ? value : JSON.stringify(value),
  );

const SPECS: PlayerSpec[] = [
  { kind: "alpha-beta", depth: 3 },
  { kind: "random", seed: 5 },
  { kind: "mcts", playouts: 50, seed: 1 },
];
const OPENINGS = ["44", "35", "1234"];

function gamesJob(): Job {
  return {
    format: JOB_FORMAT,
    run: "unit",
    index: 0,
    code: "0123abcd",
    task: {
      kind: "games",
      game: "connect-four",
      players: SPECS,
      openings: OPENINGS,
      games: scheduleRoundRobin(3, 3, { gamesPerPair: 4, seed: 2 }),
    },
  };
}

Deno.test("decodeJob: a solver player must come with a node budget a move, which a worker's games need to end", () => {
  const job = gamesJob();
  (job.task as { players: unknown[] }).players[0] = {
    kind: "solver",
    weak: true,
  };
  assert.throws(
    () => decodeJob(bytes(job)),
    /decodeJob: task\.players\[0\]\.maxNodes must be a node budget a move/,
  );
  (job.task as { players: unknown[] }).players[0] = {
    kind: "solver",
    weak: true,
    maxNodes: 10_000,
  };
  assert.equal(decodeJob(bytes(job)).index, 0);
});

/**
 * The largest ArrayBuffer (a table's memory) allocated while `run` runs:
 * the global constructor, which the tables call, is watched meanwhile.
 */
function largestBufferDuring(run: () => void): number {
  const Original = globalThis.ArrayBuffer;
  let largest = 0;
  class Watched extends Original {
    constructor(length: number, options?: { maxByteLength?: number }) {
      largest = Math.max(largest, length);
      super(length, options);
    }
  }
  globalThis.ArrayBuffer = Watched as ArrayBufferConstructor;
  try {
    run();
  } finally {
    globalThis.ArrayBuffer = Original;
  }
  return largest;
}

Deno.test("decodeJob: players are checked without building their tables (a message could ask for hundreds of 1.5 GiB tables)", () => {
  // The watch sees a table being built.
  assert.equal(
    largestBufferDuring(() =>
      createPlayer("connect-four", {
        kind: "search",
        maxNodes: 10,
        table: 1 << 10,
      })
    ),
    (1 << 10) * 24,
  );
  const job = gamesJob();
  (job.task as { players: unknown[] }).players = [
    { kind: "search", maxNodes: 1000, table: 1 << 24 },
    { kind: "solver", maxNodes: 1000, entries: 1 << 24 },
    { kind: "alpha-beta", depth: 3 },
  ];
  let decoded: Job | undefined;
  const largest = largestBufferDuring(() => decoded = decodeJob(bytes(job)));
  assert.equal(decoded?.index, 0);
  // The solver's smallest table (2^17 entries of 8 bytes) is the largest
  // buffer a check builds; the 384 MiB and 128 MiB tables asked for are not.
  assert.ok(largest <= 2 ** 20, `a buffer of ${largest} bytes was allocated`);
});

Deno.test("decodeJob: a games job's players may ask for at most MAX_JOB_TABLE_BYTES of tables together, refused by the player that goes past, without building any", () => {
  assert.equal(MAX_JOB_TABLE_BYTES, 2 ** 31);
  const job = gamesJob();
  const task = job.task as { players: unknown[] };
  // The reviewer's message: 256 players of 2^26 entries (1.5 GiB each).
  task.players = Array.from(
    { length: 256 },
    () => ({ kind: "search", maxNodes: 1000, table: 1 << 26 }),
  );
  let refusal: unknown;
  const largest = largestBufferDuring(() => {
    try {
      decodeJob(bytes(job));
    } catch (error) {
      refusal = error;
    }
  });
  assert.ok(refusal instanceof JobError && refusal.reason === "invalid");
  assert.equal(
    refusal.message,
    "decodeJob: task.players[1].table must be such that the tables of the job's players take at most 2048 MiB in all (a worker builds every player, each with its own table): players 0…0 take 1536 MiB, this one 1536 MiB, got 67108864",
  );
  assert.ok(largest <= 2 ** 20, `a buffer of ${largest} bytes was allocated`);

  // One player of the largest table fits, beside small ones.
  task.players = [
    { kind: "search", maxNodes: 1000, table: 1 << 26 },
    { kind: "search", maxNodes: 1000, table: 1 << 16 },
    { kind: "alpha-beta", depth: 3 },
  ];
  assert.equal(decodeJob(bytes(job)).index, 0);

  // The tables a spec does not size count too: a solver's default table
  // is 512 MiB, so four fit and the fifth is refused, the spec quoted.
  task.players = Array.from(
    { length: 5 },
    (_, i) => ({ kind: "solver", maxNodes: 1000, name: `s${i}` }),
  );
  assert.throws(
    () => decodeJob(bytes(job)),
    /^JobError: decodeJob: task\.players\[4\] must be such that the tables of the job's players take at most 2048 MiB in all .*: players 0…3 take 2048 MiB, this one 512 MiB, got a solver player, whose table the spec does not size$/,
  );
  task.players = task.players.slice(0, 4);
  assert.equal(decodeJob(bytes(job)).index, 0);

  // strength --full's grid: 36 alpha-beta players of Connect Four (6 MiB each).
  task.players = ["poor", "medium", "good"].flatMap((quality) =>
    Array.from(
      { length: 12 },
      (_, d) => ({ kind: "alpha-beta", depth: d + 1, quality }),
    )
  );
  assert.equal(decodeJob(bytes(job)).index, 0);
  // atlas-elo's players: tables of 2^16 entries.
  task.players = [
    { kind: "search", searcher: "deepening", maxNodes: 5000, table: 1 << 16 },
    { kind: "search", searcher: "mtdf", maxNodes: 5000 },
    { kind: "random", seed: 1 },
  ];
  assert.equal(decodeJob(bytes(job)).index, 0);
});

Deno.test("checkPlayerSpec: refuses what createPlayer refuses, with the same message, and tells the name and tables of what it accepts", () => {
  const specs: unknown[] = [
    { kind: "search", maxNodes: 10, table: 0 },
    { kind: "search", maxNodes: 10, table: 2 ** 27 },
    { kind: "search", maxNodes: 10, table: 1.5 },
    { kind: "search", maxNodes: 10, options: { enhancedCutoffs: true } },
    { kind: "search", maxNodes: 10, options: { order: "tt" } },
    { kind: "search", table: 100 },
    { kind: "solver", maxNodes: 10, entries: "big" },
    { kind: "solver", maxNodes: 10, entries: 2 ** 27 },
    { kind: "solver", maxNodes: 0 },
    { kind: "alpha-beta", depth: 0 },
    { kind: "alpha-beta", depth: 3, entries: 10 },
    { kind: "alpha-beta", depth: 3, quality: "bad" },
    { kind: "mcts", playouts: -1 },
    { kind: "random", seed: "x" },
    { kind: "go" },
    null,
  ];
  const refusal = (build: () => unknown) => {
    try {
      build();
    } catch (error) {
      return (error as Error).message.replace(
        /^createPlayer:/,
        "checkPlayerSpec:",
      );
    }
    return "accepted";
  };
  for (const spec of specs) {
    const made = refusal(() =>
      createPlayer("connect-four", spec as PlayerSpec)
    );
    assert.notEqual(made, "accepted", JSON.stringify(spec));
    assert.equal(
      refusal(() => checkPlayerSpec("connect-four", spec as PlayerSpec)),
      made,
      JSON.stringify(spec),
    );
  }
  const accepted: [PlayerSpec, number, string | null][] = [
    [{ kind: "search", maxNodes: 10, table: 1 << 20 }, 24 << 20, "table"],
    [{ kind: "search", searcher: "mtdf", maxNodes: 10 }, 24 << 16, null],
    [{ kind: "search", maxNodes: 10 }, 0, null],
    [{ kind: "alpha-beta", depth: 3 }, 24 << 18, null],
    [{ kind: "solver", maxNodes: 10 }, 8 << 26, null],
    [
      { kind: "solver", maxNodes: 10, entries: 3_000_000 } as PlayerSpec,
      8 << 21,
      "entries",
    ],
    [{ kind: "mcts", playouts: 10 }, 0, null],
  ];
  for (const [spec, tableBytes, tableField] of accepted) {
    assert.deepEqual(checkPlayerSpec("connect-four", spec), {
      name: createPlayer("connect-four", spec).name,
      tableBytes,
      tableField,
    });
  }
});

Deno.test("decodeJob: an alpha-beta player, whose depth is its only budget, is refused deeper than its game's cap", () => {
  const job = gamesJob();
  const players = (job.task as { players: unknown[] }).players;
  players[0] = { kind: "alpha-beta", depth: 42 };
  assert.throws(
    () => decodeJob(bytes(job)),
    /decodeJob: task\.players\[0\]\.depth must be at most 14 on connect-four: an alpha-beta player's depth is its only budget, .*got 42/,
  );
  // strength --full plays depth 12 on Connect Four.
  players[0] = { kind: "alpha-beta", depth: 12, quality: "good" };
  assert.equal(decodeJob(bytes(job)).index, 0);
});

Deno.test("decodeJob: any bytes give a job or a JobError, never another exception", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
      try {
        decodeJob(data);
      } catch (error) {
        assert.ok(error instanceof JobError, String(error));
        assert.match(error.message, /^decodeJob: /);
      }
    }),
    { seed: 1, numRuns: 500 },
  );
});

Deno.test("decodeJob: a job with any one field broken is refused with that field named", () => {
  const job = gamesJob();
  const cases: [string, (j: Record<string, unknown>) => void, RegExp][] = [
    ["format", (j) => j.format = 1, /format must be 2, got 1/],
    [
      "run",
      (j) => j.run = "a.b",
      /run must be 1…64 letters, digits, _ or -, got "a.b"/,
    ],
    [
      "index",
      (j) => j.index = -1,
      /index must be an integer in 0…1000000000, got -1/,
    ],
    ["code", (j) => j.code = "", /code must be a version/],
    [
      "kind",
      (j) => (j.task as Record<string, unknown>).kind = "go",
      /task.kind must be "games", "chess" or "solve", got "go"/,
    ],
    [
      "player",
      (j) =>
        (j.task as { players: unknown[] }).players[1] = {
          kind: "alpha-beta",
          depth: -1,
        },
      /task.players\[1\]: .*depth must be an integer in 1…42, got -1/,
    ],
    [
      "opening",
      (j) => (j.task as { openings: unknown[] }).openings[0] = "99",
      /task.openings\[0\]/,
    ],
    [
      "seat",
      (j) =>
        (j.task as { games: { seats: number[] }[] }).games[0]!.seats = [1, 1],
      /task.games\[0\].seats must be two different players/,
    ],
    [
      "opening index",
      (j) => (j.task as { games: { opening: number }[] }).games[2]!.opening = 3,
      /task.games\[2\].opening must be an integer in 0…2, got 3/,
    ],
  ];
  for (const [what, breakIt, message] of cases) {
    const broken = structuredClone(job) as unknown as Record<string, unknown>;
    breakIt(broken);
    assert.throws(() => decodeJob(bytes(broken)), (error: unknown) => {
      assert.ok(error instanceof JobError, what);
      assert.match(error.message, message, what);
      return true;
    });
  }
  assert.deepEqual(decodeJob(encodeJob(job)), job);
});

Deno.test("decodeJob and encodeJob: more than MAX_JOB_BYTES is refused as oversized", () => {
  const big = new Uint8Array(MAX_JOB_BYTES + 1).fill(32);
  assert.throws(
    () => decodeJob(big),
    (e: unknown) => e instanceof JobError && e.reason === "oversized",
  );
  const job = gamesJob();
  (job.task as { openings: string[] }).openings = Array.from(
    { length: 30_000 },
    () => "1234567",
  );
  assert.throws(
    () => encodeJob(job),
    /encodeJob: job unit\.0 takes \d+ bytes, more than the 262144/,
  );
  assert.throws(
    () => decodeJob(bytes('"x"')),
    /the message must be a job object, got "x"/,
  );
  assert.throws(() => decodeJob(new Uint8Array([0xff, 0xfe])), /not JSON/);
});

function chessJob() {
  const engine = {
    engine: "ours",
    label: "ours:depth=1",
    go: "depth 1",
    options: {},
  };
  return {
    format: JOB_FORMAT,
    run: "c",
    index: 3,
    code: "abc",
    task: {
      kind: "chess",
      a: engine,
      b: {
        ...engine,
        engine: "stockfish",
        label: "sf",
        options: { "Skill Level": 3 },
      },
      games: [{ number: 6, opening: { name: "e4", moves: ["e2e4"] } }],
      maxPlies: 40,
      headers: { Event: "x" },
      timeoutMs: 1000,
      handshakeTimeoutMs: 1000,
    },
  };
}

Deno.test("decodeJob: a chess job's engines, moves and budgets are checked", () => {
  const chess = chessJob();
  assert.deepEqual(decodeJob(bytes(chess)), chess);
  const bad = structuredClone(chess);
  bad.task.a.go = "infinite; rm -rf /";
  assert.throws(() => decodeJob(bytes(bad)), /task.a.go must be UCI go limits/);
  // Limits run together, or one given twice (which would the engine take?).
  for (
    const [go, message] of [
      [
        "depth 3depth 4nodes 5",
        /task.a.go must be UCI go limits .*separated by one space, got "depth 3depth 4nodes 5"/,
      ],
      ["depth 3 ", /separated by one space, got "depth 3 "/],
      [
        "depth 3 nodes 5 depth 4",
        /task.a.go must be UCI go limits each given once \(depth is given twice\), got "depth 3 nodes 5 depth 4"/,
      ],
    ] as const
  ) {
    const twice = structuredClone(chess);
    twice.task.a.go = go;
    assert.throws(() => decodeJob(bytes(twice)), message);
  }
  const both = structuredClone(chess);
  both.task.a.go = "depth 3 nodes 5000 movetime 100";
  assert.deepEqual(decodeJob(bytes(both)), both);
  const badMove = structuredClone(chess);
  badMove.task.games[0]!.opening.moves = ["e2e4\nquit"];
  assert.throws(
    () => decodeJob(bytes(badMove)),
    /task.games\[0\].opening.moves\[0\] must be a move in UCI/,
  );
});

Deno.test("decodeJob: what a chess job's games would fail on only once played (a tag its PGN cannot hold, an illegal opening move) is refused before", () => {
  const chess = chessJob();
  const refused: [(job: typeof chess) => void, RegExp][] = [
    [
      (job) => job.task.a.label = 'A"x',
      /task\.a\.label must be 1…200 characters, no control characters, quotes/,
    ],
    [
      (job) => (job.task.headers as Record<string, string>)["Bad Key]"] = "x",
      /task\.headers must be tag names of letters, digits and _/,
    ],
    [
      (job) => job.task.headers.Event = "a\\b",
      /task\.headers\.Event must be a PGN tag's value/,
    ],
    [
      (job) => job.task.games[0]!.opening.name = 'Evil "name',
      /task\.games\[0\]\.opening\.name must be a PGN tag's value/,
    ],
    [
      (job) => job.task.games[0]!.opening.moves = ["e2e4", "e2e4"],
      /task\.games\[0\]\.opening\.moves\[1\] must be a legal move in /,
    ],
  ];
  for (const [spoil, message] of refused) {
    const job = structuredClone(chess);
    spoil(job);
    assert.throws(() => decodeJob(bytes(job)), message);
  }
});

Deno.test("decodeJob: a job names engines, never programs: paths, path-like names, extra fields and options beyond Stockfish's skill and our Candidates are refused", () => {
  const refused: [string, (b: Record<string, unknown>) => void, RegExp][] = [
    // What format 1 took: a program's path, run by every worker.
    [
      "program path",
      (b) => {
        b.engine = "program";
        b.program = "/bin/sh";
      },
      /task.b.program must be absent: an engine has only engine, label, go, options \(a job names an engine configured on the worker, never a program's path\), got "\/bin\/sh"/,
    ],
    [
      "absolute path",
      (b) => b.engine = "/bin/sh",
      /task.b.engine must be an engine's name/,
    ],
    [
      "relative path",
      (b) => b.engine = "../../bin/sh",
      /task.b.engine must be an engine's name/,
    ],
    [
      "dot dot",
      (b) => b.engine = "..",
      /task.b.engine must be an engine's name/,
    ],
    [
      "dir/name",
      (b) => b.engine = "a/b",
      /task.b.engine must be an engine's name/,
    ],
    [
      "capitals",
      (b) => b.engine = "Stockfish",
      /task.b.engine must be an engine's name/,
    ],
    [
      "too long",
      (b) => b.engine = "a".repeat(33),
      /task.b.engine must be an engine's name/,
    ],
    [
      "no name",
      (b) => delete b.engine,
      /task.b.engine must be an engine's name/,
    ],
    [
      "hash",
      (b) => b.options = { "Skill Level": 3, Hash: 1 << 30 },
      /task.b.options must be empty, \{ "Skill Level": 0…20 \} for stockfish, or \{ "Candidates": 0 or 1 \} for ours/,
    ],
    [
      "debug log",
      (b) => b.options = { "Debug Log File": 1 },
      /task.b.options must be empty/,
    ],
    [
      "skill range",
      (b) => b.options = { "Skill Level": 21 },
      /task.b.options\["Skill Level"\] must be an integer in 0…20, got 21/,
    ],
    [
      "skill of another engine",
      (b) => {
        b.engine = "ours";
      },
      /task.b.options must be empty/,
    ],
    [
      "candidates range",
      (b) => {
        b.engine = "ours";
        b.options = { Candidates: 2 };
      },
      /task.b.options\["Candidates"\] must be an integer in 0…1, got 2/,
    ],
    [
      "candidates of another engine",
      (b) => {
        b.engine = "stockfish";
        b.options = { Candidates: 1 };
      },
      /task.b.options must be empty/,
    ],
    [
      "control characters in the label",
      (b) => b.label = "sf\u001b[2J",
      /task.b.label must be 1…200 characters, no control characters/,
    ],
  ];
  for (const [what, breakIt, message] of refused) {
    const job = chessJob() as unknown as {
      task: { b: Record<string, unknown> };
    };
    breakIt(job.task.b);
    assert.throws(() => decodeJob(bytes(job)), (error: unknown) => {
      assert.ok(error instanceof JobError, what);
      assert.equal(error.reason, "invalid", what);
      assert.match(error.message, message, what);
      return true;
    });
  }
  // Any configured name passes the codec: the worker decides what it runs.
  const named = chessJob();
  named.task.a.engine = "my_engine-2";
  assert.equal(decodeJob(bytes(named)).task.kind, "chess");
});

Deno.test("runTask: a chess job naming an engine this machine does not have fails before anything starts", async () => {
  const job = chessJob();
  job.task.a.engine = "nowhere";
  const outcome = await runTask(decodeJob(bytes(job)).task, {
    engines: new Map([["stockfish", "/bin/false"]]),
  });
  assert.equal(outcome.ok, false);
  assert.match(
    (outcome as { error: string }).error,
    /--a ours:depth=1 could not be started: unknown engine "nowhere" \(this machine has: ours, stockfish; configure it with --engine nowhere=PATH\)/,
  );
});

Deno.test("runTask: a games job, cut anywhere, gives roundRobin's records for its games", async () => {
  const job = gamesJob();
  const local = roundRobin(SPECS.map((s) => createPlayer("connect-four", s)), {
    openings: OPENINGS.map((o) => parsePosition("connect-four", o)),
    gamesPerPair: 4,
    seed: 2,
  });
  const task = job.task as { games: ReturnType<typeof scheduleRoundRobin> };
  const records = [];
  for (const share of batches(task.games, 5)) {
    const outcome = await runTask({ ...job.task, games: share } as Job["task"]);
    assert.ok(outcome.ok);
    records.push(...outcome.records);
  }
  assert.deepEqual(records, local);
  // A failure in a game is an outcome, not an exception.
  const failed = await runTask(
    {
      ...job.task,
      players: [{ kind: "nope" }, SPECS[0]],
    } as unknown as Job["task"],
  );
  assert.equal(failed.ok, false);
  // And the next job gets a fresh Deno worker.
  const again = await runTask(job.task);
  assert.ok(again.ok && again.records.length === local.length);
  closeTaskRunner();
});

Deno.test("scoreChessMatch: playChessMatch's result is the tally of its games from the first engine's side", async () => {
  const first = (name: string): ChessMover => ({
    name,
    move: (moves) => {
      const position = Chess.start();
      for (const uci of moves) position.play(position.moveFromUci(uci));
      const legal = position.legalMoves();
      return Promise.resolve(
        position.moveToUci(legal[moves.length % legal.length]!),
      );
    },
  });
  const match = await playChessMatch(first("a"), first("b"), [{
    name: "e4",
    moves: ["e2e4"],
  }, { name: "d4", moves: ["d2d4"] }], { maxPlies: 60, games: 5 });
  assert.deepEqual(scoreChessMatch(match.games), match);
  // The tally, by hand: the first engine is white in the even games.
  const won =
    match.games.filter((game, i) =>
      game.result === (i % 2 === 0 ? "1-0" : "0-1")
    ).length;
  const drawn = match.games.filter((game) => game.result === "1/2-1/2").length;
  assert.deepEqual(
    [match.wins, match.draws, match.losses, match.score],
    [won, drawn, 5 - won - drawn, won + drawn / 2],
  );
});

Deno.test("natsServer and codeVersion", async () => {
  assert.equal(natsServer("nats://127.0.0.1:4222"), "nats://127.0.0.1:4222");
  assert.equal(natsServer("localhost"), "nats://localhost:4222");
  for (const bad of ["", "nats://", "127.0.0.1:99999", "ws://h:1", "a b"]) {
    assert.throws(() => natsServer(bad), /is not a NATS server address/, bad);
  }
  // Another process (a worker, a publisher) computes the same version:
  // comparing this process's cached value with itself could not fail.
  const version = await codeVersion();
  assert.match(version, /^[0-9a-f]{16}$/);
  const job = new URL("../src/jobs/job.ts", import.meta.url).href;
  const other = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `import { codeVersion } from ${
        JSON.stringify(job)
      }; console.log(await codeVersion());`,
    ],
    cwd: new URL("..", import.meta.url),
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  assert.ok(other.success, decoder.decode(other.stderr));
  assert.equal(decoder.decode(other.stdout), `${version}\n`);
  assert.throws(
    () => batches([1], 0),
    /batches: size must be an integer ≥ 1, got 0/,
  );
});

Deno.test("--nats addresses: credentials and TLS as NATS clients take them, never shown back; the security files checked before connecting", () => {
  assert.deepEqual(parseNatsAddress("nats://w:s%3Acret@h:4333"), {
    server: "nats://h:4333",
    tls: false,
    user: { name: "w", password: "s:cret" },
    token: null,
  });
  assert.equal(parseNatsAddress("tls://T0KEN@h").token, "T0KEN");
  assert.equal(parseNatsAddress("tls://h").server, "tls://h:4222");
  // A raw "/" or "@" in a password (the docs say to percent-encode them)
  // makes the address unreadable: the message still shows none of it.
  for (
    const bad of [
      "ftp://u:SECRET@h",
      "nats://u:SECRET@",
      "SECRET@h:0",
      "nats://worker:pa/SECRET@127.0.0.1:4333",
      "nats://worker:pa@SECRET@127.0.0.1:4333",
      "tls://u:SE/CR@ET@h/x",
    ]
  ) {
    assert.throws(() => parseNatsAddress(bad), (error: unknown) => {
      assert.match((error as Error).message, /is not a NATS server address/);
      assert.ok(!/SECRET|SE\/CR|ET@h/.test((error as Error).message), bad);
      return true;
    });
  }
  assert.equal(
    redactAddress("nats://worker:pa/ss@127.0.0.1:4333"),
    "nats://***@127.0.0.1:4333",
  );
  assert.equal(
    redactAddress("nats://worker:pa@ssw0rd@127.0.0.1:4333"),
    "nats://***@127.0.0.1:4333",
  );
  const dir = Deno.makeTempDirSync();
  try {
    const junk = `${dir}/junk`;
    Deno.writeTextFileSync(junk, "not a key\n");
    const cases: [string, Parameters<typeof natsConnectOptions>[1], RegExp][] =
      [
        [
          "nats://u:p@h",
          { nkey: junk },
          /a user in --nats and --nats-nkey are two ways to authenticate: give one/,
        ],
        [
          "h",
          { nkey: junk },
          /--nats-nkey .*junk: expected a user's nkey seed/,
        ],
        [
          "h",
          { creds: junk },
          /--nats-creds .*junk: expected a NATS credentials file/,
        ],
        [
          "h",
          { ca: `${dir}/none.pem` },
          /--nats-ca .*none.pem: cannot read it/,
        ],
      ];
    for (const [address, security, message] of cases) {
      assert.throws(() => natsConnectOptions(address, security), message);
    }
    // A CA means TLS, and the server is shown as tls://.
    Deno.writeTextFileSync(`${dir}/ca.pem`, "");
    const { address, options } = natsConnectOptions("h:1", {
      ca: `${dir}/ca.pem`,
    });
    assert.equal(address.server, "tls://h:1");
    assert.equal((options.tls as { caFile: string }).caFile, `${dir}/ca.pem`);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
