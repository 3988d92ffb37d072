import assert from "node:assert/strict";
import {
  ConnectFour,
  ConnectFourSolver,
  SOLVER_NON_LOSING,
  SOLVER_NULL_WINDOW,
  SOLVER_TABLE,
} from "../mod.ts";
import {
  DEFAULT_AFTER,
  DEFAULT_AFTER_MAX_NODES,
  HELP,
  parseOpeningsArgs,
} from "../cli/openings.ts";
import { solveOpenings } from "../src/course/connect_four/openings.ts";
import {
  firstMovesText,
  type OpeningLine,
  parseFirstMoves,
} from "../src/course/connect_four/first_moves.ts";
import { UsageError } from "../cli/_flags.ts";
import {
  DEFAULT_BOOK_PLIES,
  extendBook,
  FULL_BOOK_PLIES,
} from "../src/course/connect_four/opening_book.ts";
import { assertCleanFailure, runCli } from "./_cli.ts";

const OPENINGS = new URL("../cli/openings.ts", import.meta.url).pathname;

Deno.test("openings: each line's score equals an independent solve (the tutorial's earlier solver, no threat ordering)", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  const earlier = new ConnectFourSolver({
    entries: 1 << 20,
    features: SOLVER_TABLE | SOLVER_NULL_WINDOW | SOLVER_NON_LOSING,
  });
  const after = "4443332255";
  const probes: string[] = [];
  const seen: OpeningLine[] = [];
  const lines = solveOpenings(
    solver,
    after,
    undefined,
    (text) => probes.push(text),
    (line) => seen.push(line),
  );
  assert.equal(lines.length, 7);
  assert.equal(lines.map((line) => line.moves.slice(-1)).join(""), "1234567");
  // Each line is reported as soon as it is known, the centre first.
  assert.equal(seen[0]!.moves, after + "4");
  for (const line of lines) {
    assert.equal(line.mirrorOf, null, "the start is not symmetric");
    assert.equal(line.lower, line.upper);
    const truth = earlier.solve(ConnectFour.parse(line.moves));
    assert.equal(line.lower, truth.score, line.moves);
  }
  assert.ok(
    probes.some((text) =>
      /: probe -?\d+: score in -?\d+\.\.-?\d+, \d+ nodes/.test(text)
    ),
  );
});

Deno.test("openings: from a symmetric position a mirrored move copies its twin, and the twin's solve agrees", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  // Column 3 and 5 hold the same stones, column 4 is full: symmetric,
  // though the moves are not written as a palindrome.
  const lines = solveOpenings(
    solver,
    "4444443355",
    undefined,
    () => {},
    () => {},
  );
  assert.deepEqual(
    lines.map((line) => [line.moves.slice(10), line.mirrorOf]),
    [["1", null], ["2", null], ["3", null], ["5", "44444433553"], [
      "6",
      "44444433552",
    ], ["7", "44444433551"]],
  );
  for (const line of lines.filter((line) => line.mirrorOf !== null)) {
    const searched = solver.solve(ConnectFour.parse(line.moves));
    assert.equal(searched.score, line.lower, line.moves);
  }
  // One stone more on one side: every move is searched.
  assert.ok(
    solveOpenings(solver, "44444433551", undefined, () => {}, () => {})
      .every((line) => line.mirrorOf === null),
  );
});

Deno.test("openings: a time budget gives proven bounds around the score", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  const lines = solveOpenings(solver, "444333222", 0, () => {}, () => {});
  const exact = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  assert.equal(lines.length, 7);
  for (const line of lines) {
    assert.ok(line.lower < line.upper, `${line.moves} stopped at once`);
    const truth = exact.solve(ConnectFour.parse(line.moves));
    assert.ok(
      line.lower <= truth.score && truth.score <= line.upper,
      line.moves,
    );
  }
});

Deno.test("openings: a finished start position is an error naming it", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 17, threads: 1 });
  assert.throws(
    () => solveOpenings(solver, "4455667", undefined, () => {}, () => {}),
    /openings: the position "4455667" is over/,
  );
});

Deno.test("openings: the first-moves file round-trips, and a bad line names its number", () => {
  const lines: OpeningLine[] = [
    {
      moves: "3",
      lower: 0,
      upper: 0,
      nodes: 12,
      seconds: 3.25,
      mirrorOf: null,
    },
    { moves: "4", lower: -2, upper: 1, nodes: 99, seconds: 7, mirrorOf: null },
    { moves: "5", lower: 0, upper: 0, nodes: 0, seconds: 0, mirrorOf: "3" },
  ];
  const text = firstMovesText(lines, {
    command: "deno task openings --full",
    threads: 2,
    megabytes: 64,
    date: "2026-11-30",
    seconds: 10.4,
    complete: false,
  });
  assert.match(text, /had not finished/);
  assert.match(text, /^4 -2\.\.1 99 7\.0 stopped$/m);
  assert.match(text, /^5 0 0 0\.0 mirror:3$/m);
  const read = parseFirstMoves(text);
  assert.deepEqual(
    read.map((line) => [line.moves, line.lower, line.upper, line.mirrorOf]),
    [
      ["3", 0, 0, null],
      ["4", -2, 1, null],
      ["5", 0, 0, "3"],
    ],
  );
  assert.throws(
    () => parseFirstMoves("# header\n4 -1 12 solved\n"),
    /first moves, line 2: expected .* got "4 -1 12 solved"/,
  );
});

Deno.test("openings: the stored first moves are seven exact scores, mirrors equal, the centre's sign as solved weakly", () => {
  const lines = parseFirstMoves(
    Deno.readTextFileSync(
      new URL("../data/connect4/first_moves.txt", import.meta.url),
    ),
  );
  assert.equal(lines.map((line) => line.moves).join(","), "1,2,3,4,5,6,7");
  for (const line of lines) {
    assert.equal(line.lower, line.upper, `${line.moves} is exact`);
    assert.ok(Math.abs(line.lower) <= 18);
    assert.equal(line.lower, lines[7 - Number(line.moves)]!.lower, "mirror");
  }
  const weak = Deno.readTextFileSync(
    new URL("../data/connect4/opening_weak.txt", import.meta.url),
  ).match(/^4 (-?1|0)$/m);
  assert.ok(weak !== null);
  assert.equal(Math.sign(lines[3]!.lower), Number(weak[1]));
});

Deno.test("openings: flags are checked, each error names the flag, the value and the rule", () => {
  assert.deepEqual(parseOpeningsArgs([]), {
    help: false,
    after: DEFAULT_AFTER,
    full: false,
    book: false,
    megabytes: 512,
    maxNodes: DEFAULT_AFTER_MAX_NODES,
  });
  assert.deepEqual(
    parseOpeningsArgs([
      "--full",
      "--threads=1",
      "--megabytes",
      "1024",
      "--time-ms",
      "5",
    ]),
    {
      help: false,
      after: "",
      full: true,
      book: false,
      megabytes: 1024,
      threads: 1,
      timeMs: 5,
    },
  );
  assert.equal(parseOpeningsArgs(["--after", "-"]).after, "");
  const cases: [string[], RegExp][] = [
    [["--after", "48"], /--after must be column digits 1…7 .* got "48"/],
    [["--after"], /--after needs a value/],
    [["--threads", "0"], /--threads must be an integer in 1…64, got "0"/],
    [
      ["--megabytes", "1.5"],
      /--megabytes must be an integer in 1…4096 \(MiB\), got "1.5"/,
    ],
    [
      ["--time-ms", "-3"],
      /--time-ms must be an integer in 0…999999999999 \(milliseconds\), got "-3"/,
    ],
    [["--full", "--after", "4"], /give one of --full, --book and --after/],
    [["--book", "--after", "4"], /give one of --full, --book and --after/],
    [["--book", "--full", "--plies", "4"], /--plies goes alone/],
    [["--full", "--plies", "4"], /--plies goes with --book/],
    [["--book", "--plies", "1"], /--plies must be an integer in 2…12, got "1"/],
    [["--book", "--plies", "13"], /--plies must be an integer in 2…12/],
    [["4"], /unknown argument "4"/],
  ];
  for (const [args, message] of cases) {
    assert.throws(
      () => parseOpeningsArgs(args),
      (error: unknown) =>
        error instanceof UsageError && message.test(error.message),
    );
  }
});

Deno.test("deno task openings: the small default run prints seven lines and its progress; a bad flag exits 2", async () => {
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", OPENINGS, "--threads", "1"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(run.stdout).trim().split("\n");
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  assert.equal(out.length, 7);
  for (const line of out) {
    assert.match(
      line,
      new RegExp(`^${DEFAULT_AFTER}[1-7] -?\\d+ \\d+ \\d+\\.\\d$`),
    );
  }
  assert.match(new TextDecoder().decode(run.stderr), /probe -?\d+: score in/);
  const bad = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", OPENINGS, "--threads", "x"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(bad.code, 2);
  assert.match(
    new TextDecoder().decode(bad.stderr),
    /^openings: --threads must be an integer in 1…64, got "x" \(see --help\)\n$/,
  );
});

Deno.test("deno task openings: an illegal or finished start position is one line and exit 2", async () => {
  for (
    const [after, message] of [
      [
        "4444444",
        /^openings: --after: ConnectFour\.parse: .*column 4.*\(see --help\)\n$/,
      ],
      [
        "4455667",
        /^openings: --after: the position "4455667" is over \(see --help\)\n$/,
      ],
    ] as const
  ) {
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", OPENINGS, "--after", after],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(run.code, 2);
    assert.match(new TextDecoder().decode(run.stderr), message);
    assert.equal(run.stdout.length, 0);
  }
});

Deno.test('openings: an empty --after is an error (only "-" names the empty board); an --after run gets a node budget unless one is given', () => {
  for (const args of [["--after", ""], ["--after="], ["--after", "  "]]) {
    assert.throws(
      () => parseOpeningsArgs(args),
      (error: unknown) =>
        error instanceof UsageError &&
        /^openings: --after must be column digits 1…7 \(1…41 of them\), or "-" for the empty board, got ""$/
          .test(error.message),
      JSON.stringify(args),
    );
  }
  assert.equal(parseOpeningsArgs(["--after", "-"]).after, "");
  assert.equal(
    parseOpeningsArgs(["--after", "-"]).maxNodes,
    DEFAULT_AFTER_MAX_NODES,
  );
  assert.equal(parseOpeningsArgs(["--after", "4"]).maxNodes, 20_000_000);
  assert.equal(
    parseOpeningsArgs(["--after", "4", "--max-nodes=7"]).maxNodes,
    7,
  );
  // A time budget replaces the default node budget; --full and --book are
  // the long runs and have none unless given.
  assert.equal(
    parseOpeningsArgs(["--after", "4", "--time-ms", "9"]).maxNodes,
    undefined,
  );
  assert.equal(parseOpeningsArgs(["--full"]).maxNodes, undefined);
  assert.equal(parseOpeningsArgs(["--book"]).maxNodes, undefined);
  // --book covers sensible play to DEFAULT_BOOK_PLIES; --full is the rest.
  assert.equal(parseOpeningsArgs(["--book"]).plies, DEFAULT_BOOK_PLIES);
  assert.equal(parseOpeningsArgs(["--book", "--plies", "5"]).plies, 5);
  assert.equal(parseOpeningsArgs(["--book", "--full"]).plies, FULL_BOOK_PLIES);
  assert.equal(parseOpeningsArgs(["--book", "--full"]).full, false);
  assert.equal(parseOpeningsArgs(["--full"]).plies, undefined);
  assert.equal(
    parseOpeningsArgs(["--book", "--max-nodes", "5"]).maxNodes,
    5,
  );
  for (const value of ["-1", "1.5", "x", "", "1234567890123456"]) {
    assert.throws(
      () => parseOpeningsArgs(["--max-nodes", value]),
      (error: unknown) =>
        error instanceof UsageError &&
        error.message ===
          `openings: --max-nodes must be an integer in 0…999999999999999, got ${
            JSON.stringify(value)
          }`,
      value,
    );
  }
});

Deno.test("openings: a node budget stops each solve at it with proven bounds around the score", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  const exact = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  const lines = solveOpenings(
    solver,
    "444333222",
    undefined,
    () => {},
    () => {},
    2000,
  );
  assert.equal(lines.length, 7);
  for (const line of lines) {
    assert.ok(line.nodes <= 2000, `${line.moves}: ${line.nodes} nodes`);
    const truth = exact.solve(ConnectFour.parse(line.moves)).score;
    assert.ok(line.lower <= truth && truth <= line.upper, line.moves);
  }
  assert.ok(lines.some((line) => line.lower < line.upper));
});

Deno.test("deno task openings: --after '' exits 2 with one line; an early --after run stops at its budget and says so", async () => {
  const empty = await runCli("openings.ts", ["--after", ""]);
  assertCleanFailure(
    empty,
    /^openings: --after must be column digits 1…7 \(1…41 of them\), or "-" for the empty board, got "" \(see --help\)\n$/,
    "openings --after ''",
  );
  assert.equal(empty.stdout, "");
  const run = await runCli("openings.ts", [
    "--after",
    "4",
    "--threads",
    "1",
    "--megabytes",
    "16",
    "--max-nodes",
    "30000",
  ]);
  assert.equal(run.code, 0, run.stderr);
  const out = run.stdout.trim().split("\n");
  assert.equal(out.length, 7);
  for (const line of out) {
    assert.match(
      line,
      /^4[1-7] (-?\d+\.\.-?\d+ (\d+) \d+\.\d stopped:maxNodes|-?\d+(\.\.-?\d+)? mirror:4[1-3])$/,
    );
    const nodes = line.match(/ (\d+) \d+\.\d stopped/);
    if (nodes !== null) assert.ok(Number(nodes[1]) <= 30_000, line);
  }
  assert.match(
    run.stderr,
    /^openings: 7 of 7 lines stopped by the budget \(--max-nodes 30000 per solve\): they give proven bounds; a larger budget finishes them$/m,
  );
  const help = await runCli("openings.ts", ["--help"]);
  assert.equal(help.code, 0);
  for (
    const part of [
      "--max-nodes N",
      `stops each solve after\n${DEFAULT_AFTER_MAX_NODES} nodes`,
      "an empty MOVES is an error",
      "stopped:<budget>",
    ]
  ) assert.ok(help.stdout.includes(part), part);
});

Deno.test("openings: --nats and --out are read, each bad value named", () => {
  const args = parseOpeningsArgs([
    "--book",
    "--nats",
    "nats://h:4222",
    "--out=/tmp/b.txt",
  ]);
  assert.equal(args.nats, "nats://h:4222");
  assert.equal(args.out, "/tmp/b.txt");
  assert.equal(args.threads, undefined);
  assert.equal("nats" in parseOpeningsArgs([]), false);
  for (
    const [bad, message] of [
      [["--nats"], /openings: --nats needs a value/],
      [["--nats="], /openings: --nats needs a server address, got ""/],
      [["--out", ""], /openings: --out needs a file name, got ""/],
    ] as const
  ) {
    assert.throws(
      () => parseOpeningsArgs(bad),
      (error: Error) =>
        error instanceof UsageError && message.test(error.message),
      bad.join(" "),
    );
  }
});

Deno.test("deno task openings: --out writes the run's file (header, then the lines); a file that cannot be written is one line and exit 2 before any solve", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gts_openings_out_" });
  try {
    const ok = await runCli("openings.ts", [
      "--after",
      "444333222",
      "--threads",
      "1",
      "--megabytes",
      "4",
      "--out",
      `${dir}/lines.txt`,
    ]);
    assert.equal(ok.code, 0, ok.stderr);
    const lines = parseFirstMoves(Deno.readTextFileSync(`${dir}/lines.txt`));
    assert.equal(lines.length, ok.stdout.trim().split("\n").length);
    assert.match(
      Deno.readTextFileSync(`${dir}/lines.txt`),
      /^# Connect Four: the position after each move from 444333222 solved[\s\S]*# {3}deno task openings --after 444333222 --threads 1 --megabytes 4 {3}\(1 thread/,
    );
    const bad = await runCli("openings.ts", [
      "--after",
      "444333222",
      "--out",
      `${dir}/no/such/dir/lines.txt`,
    ]);
    assertCleanFailure(
      bad,
      /^openings: cannot write .*no\/such\/dir\/lines\.txt: /,
      "--out into a missing folder",
    );
    assert.equal(bad.stdout, "");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("openings --book: the cover is extended ply by ply, each position and its mirror or transposition solved once, the file's lines reused", async () => {
  // A toy run: the solver replaced by a table of made-up exact scores, so
  // the walk is checked without hours of solving.
  const base = [{ moves: "44", mirrorOf: null }, {
    moves: "43",
    mirrorOf: null,
  }];
  const known: OpeningLine[] = [];
  // Every position of two moves scores 0 (a draw), except the file's "44".
  for (let a = 1; a <= 7; a++) {
    for (let b = 1; b <= 7; b++) {
      known.push({
        moves: `${a}${b}`,
        lower: 0,
        upper: 0,
        nodes: 1,
        seconds: 0,
        mirrorOf: null,
      });
    }
  }
  const solvedMoves: string[] = [];
  const logs: string[] = [];
  const cover = await extendBook({
    plies: 3,
    known,
    base,
    solve: (plan) => {
      const lines = plan.map((entry) => {
        solvedMoves.push(entry.moves);
        return {
          moves: entry.moves,
          lower: 0,
          upper: 0,
          nodes: 1,
          seconds: 0,
          mirrorOf: null,
        };
      });
      return Promise.resolve(lines);
    },
    log: (text) => logs.push(text),
  });
  // Every two-move position was in the file: nothing of the base is solved.
  assert.ok(
    solvedMoves.every((moves) => moves.length === 3),
    solvedMoves.join(),
  );
  // All columns draw: the human plays any (7 first moves), the engine the
  // centre; at ply 2 the positions after 7 human first moves and the
  // engine's reply (4), and after the engine's 4 and 7 human replies: 13
  // positions (44 is both), whose 91 children are 47 positions up to mirror
  // images and transpositions.
  assert.equal(new Set(solvedMoves).size, solvedMoves.length);
  const keys = new Set(
    solvedMoves.map((m) => ConnectFour.parse(m).symmetricKey()),
  );
  assert.equal(keys.size, solvedMoves.length);
  assert.deepEqual(cover, {
    positions: 1 + 7 + 13,
    unproven: [],
    solved: solvedMoves.length,
  });
  assert.match(
    logs.join("\n"),
    /ply 2: 13 positions of sensible play, \d+ positions after their moves to solve/,
  );
  // A budget that stops a solve leaves its parent unproven: the walk stops there.
  const stopped = await extendBook({
    plies: 3,
    known,
    base,
    solve: (plan) =>
      Promise.resolve(plan.map((entry) => ({
        moves: entry.moves,
        lower: -1,
        upper: 1,
        nodes: 9,
        seconds: 0,
        mirrorOf: null,
      }))),
    log: () => {},
  });
  assert.equal(stopped.positions, 8);
  assert.equal(stopped.unproven.length, 13);
});

Deno.test("openings --help: --plies' times have their unit, as data/README.md gives them (the two-move positions' '20' had none)", () => {
  const plies = /^ {2}--plies N .*(?:\n {18}.*)*/m.exec(HELP)![0]
    .replace(/\s+/g, " ");
  const minutes =
    /about (\d+) minutes of solving here on top of the two-move positions' (\d+) minutes\)/
      .exec(plies);
  assert.ok(minutes, plies);
  // data/README.md: the 25 two-move solves 1,215 s, the cover's 309 1,004 s.
  const data = Deno.readTextFileSync(
    new URL("../data/README.md", import.meta.url),
  );
  const seconds = (what: RegExp) =>
    Number(what.exec(data)![1]!.replace(",", ""));
  assert.equal(
    Number(minutes[2]),
    Math.round(seconds(/the 25 two-move solves [^)]*?([\d,]+) s\)/) / 60),
  );
  assert.equal(
    Number(minutes[1]),
    Math.round(seconds(/the cover's 309 [^:]*?([\d,]+) s:/) / 60),
  );
});
