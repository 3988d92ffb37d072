// The UCI engine: the state machine driven directly, then `deno task uci`'s
// program as a subprocess.
import assert from "node:assert/strict";
import { Chess, TranspositionTable, UciEngine } from "../mod.ts";
import {
  chessPositionOptions,
  searchChess,
} from "../src/players/_chess_search.ts";
import {
  UCI_MAX_DEPTH,
  uciClockBudget,
  uciTableEntries,
} from "../src/uci/uci.ts";
import { loadWac } from "../src/course/chess/wac.ts";

/** Sends `lines`, runs every search to its end, returns everything said. */
function talk(engine: UciEngine, lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    out.push(...engine.receive(line));
    while (engine.searching) out.push(...engine.step());
  }
  return out;
}

function legalIn(fen: string, uci: string): boolean {
  const position = Chess.fromFen(fen);
  return position.legalMoves().some((m) => position.moveToUci(m) === uci);
}

Deno.test("UCI handshake: id, the Hash option, uciok; isready; unknown commands named", () => {
  const engine = new UciEngine({ name: "tester" });
  const out = engine.receive("uci");
  assert.equal(out[0], "id name tester");
  assert.match(out[1]!, /^id author /);
  assert.ok(
    out.includes("option name Hash type spin default 16 min 1 max 1024"),
  );
  assert.equal(out.at(-1), "uciok");
  assert.deepEqual(engine.receive("isready"), ["readyok"]);
  assert.deepEqual(engine.receive("   "), []);
  assert.deepEqual(engine.receive("fly away"), [
    'info string unknown command "fly"',
  ]);
  assert.deepEqual(engine.receive("setoption name Hash value 4"), []);
  assert.match(
    engine.receive("setoption name Hash value 0")[0]!,
    /^info string setoption: Hash must be an integer in 1…1024 \(MiB\), got "0"/,
  );
  // Digits only, as for Move Overhead: "1e2" is a number to Number() alone.
  assert.match(
    engine.receive("setoption name Hash value 1e2")[0]!,
    /^info string setoption: Hash must be an integer in 1…1024 \(MiB\), got "1e2"/,
  );
  // Ponder is a check option now; other options are still unknown.
  assert.ok(out.includes("option name Ponder type check default false"));
  assert.deepEqual(engine.receive("setoption name Ponder value true"), []);
  assert.deepEqual(engine.receive("setoption name Ponder value false"), []);
  assert.deepEqual(engine.receive("setoption name Ponder value yes"), [
    'info string setoption: Ponder must be true or false, got "yes"',
  ]);
  assert.match(
    engine.receive("setoption name Threads value 2")[0]!,
    /^info string setoption: unknown option "Threads"/,
  );
  // `value` at the end of the line: the option is Hash, its value missing
  // (found by review: it was read as an option named "Hash value").
  for (const line of ["setoption name Hash value", "setoption name Hash"]) {
    assert.deepEqual(engine.receive(line), [
      "info string setoption: Hash must be an integer in 1…1024 (MiB), got no value (setoption name … value N)",
    ], line);
  }
  assert.match(
    engine.receive("setoption name Move Overhead value")[0]!,
    /^info string setoption: Move Overhead must be an integer in 0…5000 \(ms\), got no value/,
  );
  assert.match(
    engine.receive("setoption Hash")[0]!,
    /^info string setoption: expected "setoption name <id> \[value <x>\]"/,
  );
  assert.throws(
    () => new UciEngine({ hash: 4 } as never),
    /new UciEngine: unknown option "hash"; known options: name, hashMegabytes, moveOverheadMs, now/,
  );
});

Deno.test("UCI position: startpos and fen with moves; a refused one is named and leaves no position: go answers bestmove 0000 saying why, until one is accepted", () => {
  const engine = new UciEngine();
  talk(engine, ["position startpos moves e2e4 e7e5 g1f3"]);
  assert.equal(
    engine.fen,
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
  );
  const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  talk(engine, [`position fen ${fen} moves e2e4`]);
  assert.equal(engine.fen, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
  // Found by review: a refused position kept the one before, and the next
  // go answered a move of that game (d2d4 for a FEN it had refused).
  const bad: [string, RegExp][] = [
    [
      "position startpos moves e2e4 e7e5 e1e3",
      /^position: move 3 of moves, "e1e3", is not a legal move in rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w KQkq - 0 2$/,
    ],
    ["position startpos moves e2e5", /^position: move 1 of moves, "e2e5", /],
    [
      "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
      /^position: Chess.fromFen: white must have one king/,
    ],
    // Impossible castling rights are dropped now (see the tolerant test);
    // a field that is no castling at all is still refused.
    [
      "position fen r3k2r/8/8/8/8/8/8/4K3 w X - 0 1",
      /^position: Chess.fromFen: castling must be "-" or some of the letters KQkq/,
    ],
    [
      "position",
      /^position: expected "position startpos\|fen <fen> \[moves <uci> ...\]"/,
    ],
    ["position somewhere", /^position: expected/],
  ];
  for (const [line, message] of bad) {
    talk(engine, ["position startpos moves d2d4"]);
    const out = engine.receive(line);
    assert.equal(out.length, 1, line);
    assert.match(out[0]!, /^info string /);
    const reason = out[0]!.slice("info string ".length);
    assert.match(reason, message, line);
    for (const go of ["go depth 3", "go infinite", "go ponder depth 2"]) {
      assert.deepEqual(engine.receive(go), [
        `info string go: no position to search: the last position was refused (${reason}); send one that is accepted`,
        "bestmove 0000",
      ], `${line}, then ${go}`);
      assert.ok(!engine.searching, `${line}, then ${go}`);
    }
  }
  // Until a position is accepted, or ucinewgame sets the start.
  talk(engine, ["position startpos moves e2e5"]);
  const [best] = talk(engine, ["position fen " + fen, "go depth 2"]).filter((
    l,
  ) => l.startsWith("bestmove "));
  assert.ok(legalIn(fen, best!.split(" ")[1]!), best);
  talk(engine, ["position startpos moves e2e5", "ucinewgame"]);
  const [fromStart] = talk(engine, ["go depth 1"]).filter((l) =>
    l.startsWith("bestmove ")
  );
  assert.ok(legalIn(Chess.start().toFen(), fromStart!.split(" ")[1]!));
});

Deno.test("the UCI engine searches with the engine evaluation, not the course's", () => {
  const fen =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const scoreAt = (lines: string[], depth: number) =>
    Number(
      lines.find((l) => l.startsWith(`info depth ${depth} `))!.split(" ")[5],
    );
  const out = talk(new UciEngine(), [`position fen ${fen}`, "go depth 2"]);
  const searched = (position: Chess) => {
    position.markRoot();
    return searchChess(position, new TranspositionTable({ megabytes: 16 }), {
      depth: 2,
    }).value;
  };
  const engine = searched(Chess.fromFen(fen, chessPositionOptions()));
  assert.equal(scoreAt(out, 2), engine);
  assert.notEqual(scoreAt(out, 2), searched(Chess.fromFen(fen)));
  // After ucinewgame and from the start position too.
  const start = talk(new UciEngine(), [
    "ucinewgame",
    "position startpos moves e2e4 e7e5",
    "go depth 2",
  ]);
  const position = Chess.start(chessPositionOptions());
  position.play(position.moveFromUci("e2e4"));
  position.play(position.moveFromUci("e7e5"));
  assert.equal(scoreAt(start, 2), searched(position));
});

Deno.test("UCI go depth N: one info line per depth, then a legal bestmove", () => {
  const engine = new UciEngine();
  const out = talk(engine, ["position startpos moves e2e4", "go depth 3"]);
  const infos = out.filter((l) => l.startsWith("info depth"));
  assert.deepEqual(infos.map((l) => Number(l.split(" ")[2])), [1, 2, 3]);
  for (const info of infos) {
    assert.match(
      info,
      /^info depth \d+ score cp -?\d+ nodes \d+ nps \d+ time \d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+$/,
    );
  }
  const best = out.at(-1)!;
  assert.match(
    best,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  assert.ok(legalIn(engine.fen, best.split(" ")[1]!));
  // The pv's first move is the best move.
  assert.equal(
    infos.at(-1)!.split(" pv ")[1]!.split(" ")[0],
    best.split(" ")[1],
  );
  assert.equal(engine.searching, false);
});

Deno.test("UCI go: mate scores, a mated root, nodes and time budgets, stop", () => {
  const engine = new UciEngine();
  // Scholar's mate: Qxf7# in one.
  let out = talk(engine, [
    "position fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
    "go depth 4",
  ]);
  assert.match(out.find((l) => l.startsWith("info depth"))!, / score mate 1 /);
  assert.equal(out.at(-1), "bestmove f3f7");
  // Checkmated: no move.
  out = talk(engine, [
    "position startpos moves f2f3 e7e5 g2g4 d8h4",
    "go depth 2",
  ]);
  assert.deepEqual(out, ["info depth 0 score mate 0", "bestmove 0000"]);
  // Stalemated: no move, a draw.
  out = talk(engine, ["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go"]);
  assert.deepEqual(out, ["info depth 0 score cp 0", "bestmove 0000"]);
  // A node budget: depth 1 always finishes, so a bestmove comes.
  out = talk(engine, ["position startpos", "go nodes 50"]);
  assert.match(
    out.at(-1)!,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  // A clock that has run out after the first iteration.
  let now = 0;
  const timed = new UciEngine({ now: () => now });
  timed.receive("position startpos");
  timed.receive("go wtime 1000 btime 1000 winc 0 binc 0");
  assert.ok(timed.searching);
  const first = timed.step();
  assert.match(first[0]!, /^info depth 1 /);
  now = 10_000;
  assert.match(timed.step().at(-1)!, /^bestmove /);
  assert.equal(timed.searching, false);
  // stop between iterations ends the search with the best move so far.
  timed.receive("go infinite");
  timed.step();
  assert.deepEqual(timed.receive("stop"), []);
  assert.match(
    timed.step()[0]!,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  // A new position during a search ends it first.
  timed.receive("go infinite");
  timed.step();
  const ended = timed.receive("position startpos moves d2d4");
  assert.match(ended[0]!, /^bestmove /);
  assert.equal(timed.searching, false);
  // Bad go arguments: named, and a depth-1 search still answers a move.
  const bad: [string, RegExp][] = [
    [
      "go depth x",
      /^info string go: depth must be followed by an integer, got "x"/,
    ],
    ["go depth 0", /^info string go: depth must be at least 1, got 0/],
    ["go sideways", /^info string go: unknown argument "sideways"/],
    [
      "go wtime",
      /^info string go: wtime must be followed by an integer, got nothing/,
    ],
    ["go movetime -5", /^info string go: movetime must be at least 0, got -5/],
    [
      "go wtime -1 btime 100",
      /^info string go: wtime must be at least 0, got -1/,
    ],
    [
      "go searchmoves",
      /^info string go: searchmoves must be followed by moves/,
    ],
    [
      "go searchmoves e2e5",
      /^info string go: searchmoves "e2e5" is not a legal move/,
    ],
  ];
  for (const [line, message] of bad) {
    const said = talk(timed, [line]);
    assert.match(said[0]!, message, line);
    assert.match(said[1]!, /^info depth 1 /, line);
    assert.equal(said.filter((l) => l.startsWith("bestmove")).length, 1, line);
    assert.match(
      said.at(-1)!,
      /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
      line,
    );
  }
  assert.equal(timed.searching, false);
  assert.deepEqual(timed.receive("quit"), []);
  assert.ok(timed.quitting);
});

Deno.test("deno task uci as a subprocess: handshake, a position, go depth 3 → a legal bestmove", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "uci"],
    cwd: new URL("..", import.meta.url),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      "uci\nisready\nposition startpos moves e2e4\ngo depth 3\n",
    ),
  );
  // The end of input stops a search (as Stockfish does): wait for its move.
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let said = "";
  while (!/^bestmove /m.test(said)) {
    const { value, done } = await reader.read();
    if (done) break;
    said += value;
  }
  await writer.close();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    said += value;
  }
  const stdout = said;
  const { success } = await child.status;
  const stderr = await new Response(child.stderr).arrayBuffer();
  assert.ok(success, new TextDecoder().decode(stderr));
  const lines = stdout.trim().split("\n");
  assert.ok(lines.includes("uciok") && lines.includes("readyok"));
  assert.ok(lines.indexOf("uciok") < lines.indexOf("readyok"));
  const best = lines.at(-1)!;
  assert.match(
    best,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  assert.ok(
    legalIn(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
      best.split(" ")[1]!,
    ),
  );
  assert.ok(lines.some((l) => l.startsWith("info depth 3 ")));
});

Deno.test("new UciEngine checks its options: name one printable line, hashMegabytes 1…1024, moveOverheadMs 0…5000, now a function", () => {
  const bad: [unknown, RegExp][] = [
    [
      { name: "a\nb" },
      /new UciEngine: name must be a non-empty line of printable characters, got "a\\nb"/,
    ],
    [{ name: "" }, /name must be a non-empty line/],
    [{ name: "x\u0007" }, /name must be a non-empty line/],
    [
      { hashMegabytes: 0 },
      /new UciEngine: hashMegabytes must be an integer in 1…1024 \(MiB\), got 0/,
    ],
    [{ hashMegabytes: 1.5 }, /hashMegabytes must be an integer in 1…1024/],
    [{ hashMegabytes: 2048 }, /hashMegabytes must be an integer in 1…1024/],
    [
      { moveOverheadMs: -1 },
      /new UciEngine: moveOverheadMs must be an integer in 0…5000 \(ms\), got -1/,
    ],
    [{ moveOverheadMs: 2.5 }, /moveOverheadMs must be an integer in 0…5000/],
    [{ moveOverheadMs: 5001 }, /moveOverheadMs must be an integer in 0…5000/],
    [{ now: 5 }, /new UciEngine: now must be a function, got 5/],
    [
      { interrupt: [0] },
      /new UciEngine: interrupt must be a non-empty Int32Array/,
    ],
    [
      { onInfo: "stdout" },
      /new UciEngine: onInfo must be a function taking one info line, got "stdout"/,
    ],
  ];
  for (const [options, message] of bad) {
    assert.throws(() => new UciEngine(options as never), message);
  }
  assert.equal(
    new UciEngine({ name: "ok name" }).receive("uci")[0],
    "id name ok name",
  );
});

Deno.test("UCI go depth N is one deepening: its nodes are one search's, not a search per depth", () => {
  const fen =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
  const engine = new UciEngine();
  const out = talk(engine, [`position fen ${fen}`, "go depth 7"]);
  const last = out.filter((l) => l.startsWith("info depth")).at(-1)!;
  const nodes = Number(/ nodes (\d+) /.exec(last)![1]);
  // The same search by hand: one call to depth 7 with a fresh table of a
  // 16 MiB Hash.
  const position = Chess.fromFen(fen, chessPositionOptions());
  position.markRoot();
  const table = new TranspositionTable({ entries: uciTableEntries(16) });
  assert.equal(table.size, 2 ** 19);
  const one = searchChess(position, table, { depth: 7 });
  assert.equal(nodes, one.stats.nodes);
  assert.equal(
    out.at(-1)!.split(" ").slice(0, 2).join(" "),
    `bestmove ${position.moveToUci(one.move)}`,
  );
});

Deno.test("UCI onInfo: each info line as its iteration finishes, step returns the bestmove", () => {
  const seen: string[] = [];
  const engine = new UciEngine({ onInfo: (line) => seen.push(line) });
  engine.receive("position startpos moves e2e4 e7e5");
  engine.receive("go depth 4");
  const returned: string[] = [];
  let steps = 0;
  while (engine.searching) {
    returned.push(...engine.step());
    steps++;
  }
  assert.equal(steps, 1);
  assert.deepEqual(seen.map((l) => Number(l.split(" ")[2])), [1, 2, 3, 4]);
  assert.equal(returned.length, 1);
  assert.match(
    returned[0]!,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  // Nodes only grow from line to line: one search's running count.
  const nodes = seen.map((l) => Number(/ nodes (\d+) /.exec(l)![1]));
  for (let i = 1; i < nodes.length; i++) assert.ok(nodes[i]! > nodes[i - 1]!);
});

Deno.test("UCI go depth stops deepening at a mate, as before: a mate found, no deeper lines", () => {
  const engine = new UciEngine();
  // White mates at once: Qg7#, the f6 pawn guarding the queen.
  const out = talk(engine, [
    "position fen 6k1/5p1p/5PpQ/8/8/8/8/6K1 w - - 0 1",
    "go depth 20",
  ]);
  const infos = out.filter((l) => l.startsWith("info depth"));
  assert.match(infos.at(-1)!, / score mate \d+ /);
  assert.ok(infos.length < 20, `${infos.length} iterations`);
  assert.match(out.at(-1)!, /^bestmove /);
});

Deno.test("UCI go movetime searches its time less the Move Overhead (default 10 ms, set by setoption or the constructor); a bad overhead is named", () => {
  assert.ok(
    new UciEngine().receive("uci").includes(
      "option name Move Overhead type spin default 10 min 0 max 5000",
    ),
  );
  const now = { ms: 0 };
  /** The fake clock's time at which `go` ends, moved `stepMs` on after each step. */
  const endOf = (engine: UciEngine, go = "go movetime 100", stepMs = 5) => {
    engine.receive("position startpos");
    now.ms = 0;
    engine.receive(go);
    while (engine.searching) {
      engine.step();
      if (engine.searching) now.ms += stepMs;
    }
    return now.ms;
  };
  const engine = new UciEngine({ now: () => now.ms });
  assert.equal(endOf(engine), 90);
  assert.deepEqual(engine.receive("setoption name Move Overhead value 30"), []);
  assert.equal(endOf(engine), 70);
  assert.deepEqual(engine.receive("setoption name move overhead value 0"), []);
  assert.equal(endOf(engine), 100);
  const built = new UciEngine({ now: () => now.ms, moveOverheadMs: 45 });
  assert.equal(endOf(built), 55);
  for (const value of ["-1", "5001", "1.5", "soon"]) {
    assert.match(
      engine.receive(`setoption name Move Overhead value ${value}`)[0]!,
      new RegExp(
        `^info string setoption: Move Overhead must be an integer in 0…5000 \\(ms\\), got "${
          value.replace(".", "\\.")
        }"`,
      ),
    );
  }
  assert.match(
    engine.receive("setoption name Move Overhead")[0]!,
    /^info string setoption: Move Overhead must be an integer in 0…5000 \(ms\), got no value \(setoption name … value N\)/,
  );
  // The bad values left the last good one.
  assert.equal(endOf(engine), 100);
  // The clocks keep back 50 ms, or the overhead when it is more, once from
  // the clock: (6000 − 50) / 30 = 198.3 ms a move, and no iteration starts
  // after half of that (uciClockBudget). Steps of 60 ms: the soft limit
  // ends the search after the step that passes 99.2 ms.
  const clock = "go wtime 6000 btime 6000";
  assert.equal(endOf(new UciEngine({ now: () => now.ms }), clock, 60), 120);
  // (6000 − 3100) / 30 = 96.7 ms, soft 48.3: over after the first step.
  engine.receive("setoption name Move Overhead value 3100");
  assert.equal(endOf(engine, clock, 60), 60);
});

Deno.test("UCI go ponder infinite: after ponderhit it is go infinite, and its bestmove waits for stop", () => {
  // Found by review: ponderhit let the search end by itself, and a mate
  // found while pondering was sent at once, without stop.
  const engine = new UciEngine();
  const mateIn1 = "position fen 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";
  // ponderhit after the pondering found the mate (the search is over).
  engine.receive(mateIn1);
  engine.receive("go ponder infinite");
  for (let i = 0; i < 100 && !engine.waitingForStop; i++) {
    assert.deepEqual(engine.step().filter((l) => l.startsWith("bestmove")), []);
  }
  assert.ok(engine.waitingForStop);
  assert.deepEqual(engine.receive("ponderhit"), []);
  assert.ok(engine.searching && engine.waitingForStop && engine.holdsForStop);
  assert.deepEqual(engine.step(), []);
  assert.deepEqual(engine.receive("stop"), ["bestmove g1g7"]);
  // ponderhit before the first iteration: the search then finds the mate,
  // and holds it.
  engine.receive(mateIn1);
  engine.receive("go ponder infinite");
  assert.deepEqual(engine.receive("ponderhit"), []);
  for (let i = 0; i < 100 && !engine.waitingForStop; i++) {
    assert.deepEqual(engine.step().filter((l) => l.startsWith("bestmove")), []);
  }
  assert.ok(engine.searching && engine.waitingForStop);
  assert.deepEqual(engine.receive("stop"), ["bestmove g1g7"]);
  assert.ok(!engine.searching);
});

Deno.test("UCI ponderhit: go's budgets count from ponderhit, the depth and move pondered are kept, info lines count time and nodes from go", () => {
  // Found by review: ponderhit restarted the deepening from depth 1 and the
  // info time from 0 while nodes kept the pondered ones (nps in the
  // hundreds of millions).
  let now = 0;
  const engine = new UciEngine({ now: () => now });
  engine.receive("position startpos moves e2e4 e7e5");
  engine.receive("go ponder depth 6");
  const pondered: string[] = [];
  while (pondered.length < 4) {
    pondered.push(...engine.step().filter((l) => l.startsWith("info depth")));
  }
  assert.deepEqual(pondered.map((l) => Number(l.split(" ")[2])), [1, 2, 3, 4]);
  const field = (line: string, name: string) =>
    Number(new RegExp(` ${name} (\\d+)`).exec(line)![1]);
  // A minute of pondering on the fake clock.
  now = 60_000;
  assert.deepEqual(engine.receive("ponderhit"), []);
  const out: string[] = [];
  while (engine.searching) out.push(...engine.step());
  const infos = out.filter((l) => l.startsWith("info depth"));
  assert.deepEqual(infos.map((l) => Number(l.split(" ")[2])), [5, 6]);
  for (const info of infos) {
    assert.ok(field(info, "time") >= 60_000, info);
    assert.ok(field(info, "nodes") > field(pondered.at(-1)!, "nodes"), info);
    assert.equal(
      field(info, "nps"),
      Math.round(field(info, "nodes") * 1000 / field(info, "time")),
    );
  }
  assert.match(
    out.at(-1)!,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  // go's depth already reached while pondering: ponderhit answers at once,
  // with the deeper move found.
  engine.receive("go ponder depth 2");
  const deeper: string[] = [];
  while (deeper.length < 3) {
    deeper.push(...engine.step().filter((l) => l.startsWith("info depth")));
  }
  const move = deeper.at(-1)!.split(" pv ")[1]!.split(" ")[0];
  assert.deepEqual(engine.receive("ponderhit"), [`bestmove ${move}`]);
  assert.equal(engine.searching, false);
  // The time budget counts from ponderhit: a movetime of 100 ms is not
  // spent by the minute pondered.
  now = 0;
  engine.receive("go ponder movetime 110");
  while (engine.step().length === 0);
  now = 60_000;
  engine.receive("ponderhit");
  assert.ok(engine.searching);
  engine.step();
  assert.ok(engine.searching, "the movetime was spent by pondering");
  now = 60_100;
  while (engine.searching) out.push(...engine.step());
});

Deno.test("UCI: a root searched move by move whose time is spent during depth 1 still answers a legal move (it threw: a budget of 0 or less reached the child's search)", () => {
  let now = 0;
  // Every reading of the clock advances it 5 ms: the 30 ms are spent
  // before the root's twenty moves are through depth 1.
  const engine = new UciEngine({ now: () => (now += 5) });
  const positions = [
    // Drawn by repetition at the root: searched move by move.
    "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
    "position startpos",
  ];
  for (const position of positions) {
    engine.receive(position);
    const go = position.endsWith("startpos")
      ? "go movetime 30 searchmoves a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 a2a4 b2b4 c2c4 d2d4"
      : "go movetime 30";
    const out = engine.receive(go);
    while (engine.searching) out.push(...engine.step());
    assert.match(
      out.at(-1)!,
      /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
      position,
    );
  }
});

Deno.test("UCI go movestogo 0 is sudden death, as no movestogo (it was read as 1: half the clock on one move)", () => {
  const now = { ms: 0 };
  /** The fake clock's time at `bestmove`, each iteration taking 4 s of it. */
  const endOf = (go: string) => {
    const engine = new UciEngine({
      now: () => now.ms,
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      onInfo: () => now.ms += 4000,
    });
    engine.receive("position startpos moves d2d4");
    now.ms = 0;
    engine.receive(go);
    while (engine.searching) engine.step();
    return now.ms;
  };
  // (600000 − 50) / 30 ms, no iteration after half of it: 3 iterations.
  const sudden = endOf("go wtime 600000 btime 600000");
  assert.equal(sudden, 12_000);
  assert.equal(endOf("go wtime 600000 btime 600000 movestogo 0"), sudden);
  assert.deepEqual(
    uciClockBudget(600000, 0, 0, 10),
    uciClockBudget(600000, 0, undefined, 10),
  );
});

/** `deno task uci`, its input written line by line, its output read up to a line. */
function uciProcess() {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "uci"],
    cwd: new URL("..", import.meta.url),
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const said: string[] = [];
  let partial = "";
  return {
    said,
    write: (text: string) => writer.write(new TextEncoder().encode(text)),
    /** Reads until a line matching `pattern`; returns every line read so far. */
    async until(pattern: RegExp): Promise<string[]> {
      while (!said.some((line) => pattern.test(line))) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`no line ${pattern} in ${said.join(" | ")}`);
        const lines = (partial + value).split("\n");
        partial = lines.pop()!;
        said.push(...lines);
      }
      return said;
    },
    async close() {
      await writer.close();
      while (!(await reader.read()).done);
      await child.status;
    },
  };
}

Deno.test("deno task uci: readyok after go infinite and a line that ends it comes after that search's bestmove (it overtook it, and the GUI read the old move as the next go's)", async () => {
  for (const ender of ["ucinewgame", "stop"]) {
    const engine = uciProcess();
    await engine.write("uci\nposition startpos\ngo infinite\n");
    // Inside the search: the reader answers isready itself from here on.
    await engine.until(/^info depth 3 /);
    await engine.write(`${ender}\nisready\n`);
    const said = await engine.until(/^readyok$/);
    const bestmove = said.findIndex((line) => line.startsWith("bestmove "));
    assert.ok(
      bestmove >= 0 && bestmove < said.indexOf("readyok"),
      `${ender}: ${said.filter((l) => !l.startsWith("info")).join(" | ")}`,
    );
    await engine.close();
  }
});

Deno.test("uciClockBudget: the reserve comes off the clock once, the share is what is left over the moves to go plus 0.8 of the increment, at most half, at least 10 ms; the soft limit is half", () => {
  // [left, increment, movestogo, overhead] → hard limit in ms.
  const table: [number, number, number | undefined, number, number][] = [
    [6000, 0, undefined, 10, 5950 / 30],
    [6000, 0, 0, 10, 5950 / 30], // movestogo 0: sudden death
    [6000, 0, 10, 10, 595],
    [6000, 0, 1, 10, 2975], // one move to go: half of what is usable
    [6000, 0, undefined, 100, 5900 / 30], // the overhead, when over 50 ms
    // Below 1.5 s the old formula (share − 50 ms) left 1 ms: the clock went unused.
    [1500, 0, undefined, 10, 1450 / 30],
    [600, 0, undefined, 10, 550 / 30],
    [200, 0, undefined, 10, 10], // the least a move gets
    [40, 0, undefined, 10, 10],
    [12, 0, undefined, 10, 6], // half the clock, when less than 10 ms
    [0, 0, undefined, 10, 1],
    [3000, 2000, undefined, 10, 1475], // an increment beyond the clock: capped at half
    [60000, 1000, undefined, 10, 59950 / 30 + 800],
  ];
  for (const [left, inc, toGo, overhead, hard] of table) {
    const budget = uciClockBudget(left, inc, toGo, overhead);
    const row = `${left} ${inc} ${toGo} ${overhead}`;
    assert.ok(
      Math.abs(budget.timeMs - hard) < 1e-9,
      `${row}: ${budget.timeMs}`,
    );
    assert.equal(budget.softTimeMs, budget.timeMs / 2, row);
  }
  // A 3+0 game's clock, spent move by move, approaches the reserve.
  let left = 3000;
  for (let move = 0; move < 60; move++) {
    left -= uciClockBudget(left, 0, undefined, 10).timeMs;
  }
  assert.ok(left > 50 && left < 500, `${left} ms left`);
  assert.throws(
    () => uciClockBudget(-1, 0, undefined, 10),
    /^Error: uciClockBudget: leftMs must be a finite number of at least 0, got -1/,
  );
  assert.throws(
    () => uciClockBudget(100, NaN, undefined, 10),
    /^Error: uciClockBudget: incrementMs must be a finite number of at least 0, got NaN/,
  );
});

Deno.test("UCI clock searches start no iteration after the soft limit, half the budget (one started late was cut by the hard limit and thrown away)", () => {
  const now = { ms: 0 };
  const lines: string[] = [];
  const engine = new UciEngine({
    now: () => now.ms,
    interrupt: new Int32Array(new SharedArrayBuffer(4)),
    // Each iteration takes 4 s of the fake clock.
    onInfo: (line) => {
      lines.push(line);
      now.ms += 4000;
    },
  });
  engine.receive("position startpos");
  // (600000 − 50) / 30 = 19,998 ms; soft limit 9,999 ms: depth 3 ends at 12 s.
  engine.receive("go wtime 600000 btime 600000");
  const out: string[] = [];
  while (engine.searching) out.push(...engine.step());
  assert.deepEqual(lines.map((l) => l.split(" ").slice(0, 3).join(" ")), [
    "info depth 1",
    "info depth 2",
    "info depth 3",
  ]);
  assert.match(
    out.at(-1)!,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  // movetime and depth or node limits have no soft limit.
  lines.length = 0;
  now.ms = 0;
  engine.receive("go movetime 600000 depth 5");
  while (engine.searching) engine.step();
  assert.equal(lines.length, 5);
});

Deno.test("UCI mates: under a clock or movetime the deepening goes on until the mate's distance is within the depth searched (a mate found shallower stopped it at once, reported too long); depth limits stop at any mate as before; go mate N", () => {
  // Mate in 2 (Nf6+ gxf6 Bxf7#), seen at depth 1 through the check extension.
  const fen =
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10";
  const now = { ms: 0 };
  const run = (go: string) => {
    const lines: string[] = [];
    const engine = new UciEngine({
      now: () => now.ms,
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      onInfo: (line) => {
        lines.push(line);
        now.ms += 1;
      },
    });
    engine.receive(`position fen ${fen}`);
    now.ms = 0;
    engine.receive(go);
    let steps = 0;
    while (engine.searching && steps++ < 50) lines.push(...engine.step());
    assert.ok(!engine.searching, `${go}: still searching`);
    return lines;
  };
  const depths = (lines: string[]) =>
    lines.filter((l) => l.startsWith("info depth")).map((l) =>
      Number(l.split(" ")[2])
    );
  for (const go of ["go movetime 1000000", "go wtime 6000000 btime 6000000"]) {
    const lines = run(go);
    const last = lines.filter((l) => l.startsWith("info depth")).at(-1)!;
    assert.match(last, / score mate 2 /, go);
    assert.ok(depths(lines).at(-1)! >= 3, `${go}: ${depths(lines)}`);
    assert.equal(lines.at(-1), "bestmove d5f6 ponder g7f6", go);
  }
  // A depth limit stops at the first mate, as before.
  assert.deepEqual(depths(run("go depth 10")), [1]);
  // go mate N: a mate in at most N ends the search at once; without one,
  // it searches 2N − 1 plies.
  assert.deepEqual(depths(run("go mate 2")), [1]);
  assert.equal(run("go mate 2").at(-1), "bestmove d5f6 ponder g7f6");
  const mate1 = new UciEngine();
  // Bounded: go mate 1 used to search the start position without a limit.
  mate1.receive("position startpos");
  mate1.receive("go mate 1");
  const said: string[] = [];
  for (let steps = 0; mate1.searching && steps < 50; steps++) {
    said.push(...mate1.step());
  }
  assert.ok(!mate1.searching, "go mate 1: still searching");
  assert.deepEqual(
    said.filter((l) => l.startsWith("info depth")).map((l) => l.split(" ")[2]),
    ["1"],
  );
  assert.match(
    said.at(-1)!,
    /^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8][nbrq]?)?$/,
  );
  const mate3 = talk(mate1, ["position startpos", "go mate 3"]);
  assert.equal(mate3.filter((l) => l.startsWith("info depth")).length, 5);
});

Deno.test("UCI position is tolerant as Stockfish is, saying so: impossible castling rights dropped, a missing fullmove number read as 1, an upper-case promotion letter read as lower-case (each was refused, and every go answered bestmove 0000)", () => {
  const engine = new UciEngine();
  assert.deepEqual(
    engine.receive("position fen r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"),
    [
      'info string position: castling rights Qk of the FEN "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1" dropped: their king or rook is not on its square',
    ],
  );
  assert.equal(engine.fen, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  assert.match(talk(engine, ["go depth 2"]).at(-1)!, /^bestmove [a-h]/);
  assert.deepEqual(
    engine.receive("position fen 4k3/8/8/8/8/8/8/K7 w KQkq - 0 1"),
    [
      'info string position: castling rights KQkq of the FEN "4k3/8/8/8/8/8/8/K7 w KQkq - 0 1" dropped: their king or rook is not on its square',
    ],
  );
  assert.deepEqual(
    engine.receive("position fen 8/4P2k/8/8/8/8/8/K7 w - - 0"),
    [
      'info string position: the FEN "8/4P2k/8/8/8/8/8/K7 w - - 0" has no fullmove number; read as 1',
    ],
  );
  assert.equal(engine.fen, "8/4P2k/8/8/8/8/8/K7 w - - 0 1");
  assert.deepEqual(
    engine.receive("position fen 8/4P2k/8/8/8/8/8/K7 w - - 0 1 moves e7e8Q"),
    [],
  );
  assert.equal(engine.fen, "4Q3/7k/8/8/8/8/8/K7 b - - 0 1");
  assert.match(
    talk(engine, ["go depth 2"]).at(-1)!,
    /^bestmove h7[a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?$/,
  );
  // What is still wrong is still refused.
  assert.match(
    engine.receive("position fen 8/4P2k/8/8/8/8/8/K7 w - - 0 x")[0]!,
    /^info string position: Chess\.fromFen: /,
  );
  assert.match(
    engine.receive("position startpos moves e2e4Q")[0]!,
    /^info string position: move 1 of moves, "e2e4Q", is not a legal move/,
  );
});

Deno.test("UCI go with a clock but none for the side to move says so and searches movetime 100, or under its other limits (it searched without a limit)", () => {
  const now = { ms: 0 };
  const engine = new UciEngine({ now: () => now.ms });
  const run = (position: string, go: string) => {
    engine.receive(position);
    now.ms = 0;
    const out = engine.receive(go);
    for (let steps = 0; engine.searching && steps < 50; steps++) {
      out.push(...engine.step());
      if (engine.searching) now.ms += 10;
    }
    assert.ok(!engine.searching, `${go}: still searching`);
    return out;
  };
  const black = run("position startpos moves e2e4", "go wtime 1000 winc 0");
  assert.equal(
    black[0],
    "info string go: no btime for Black, the side to move: searching movetime 100",
  );
  // movetime 100 less the 10 ms Move Overhead.
  assert.equal(now.ms, 90);
  assert.match(black.at(-1)!, /^bestmove [a-h][1-8][a-h][1-8]/);
  const white = run("position startpos", "go btime 5000 binc 100 depth 2");
  assert.equal(
    white[0],
    "info string go: no wtime for White, the side to move: searching under the other limits only",
  );
  assert.equal(white.filter((l) => l.startsWith("info depth")).length, 2);
});

Deno.test("UCI bestmove names the reply expected to ponder on (the line's second move, legal after the first), and the Ponder option is offered", () => {
  const engine = new UciEngine();
  assert.ok(
    engine.receive("uci").includes(
      "option name Ponder type check default false",
    ),
  );
  const out = talk(engine, ["position startpos moves e2e4", "go depth 4"]);
  const last = out.filter((l) => l.startsWith("info depth")).at(-1)!;
  const pv = last.split(" pv ")[1]!.split(" ");
  assert.equal(out.at(-1), `bestmove ${pv[0]} ponder ${pv[1]}`);
  const after = Chess.fromFen(
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
  );
  after.play(after.moveFromUci(pv[0]!));
  assert.ok(legalIn(after.toFen(), pv[1]!));
  // A line of one move (a mate in one) has no reply to ponder on.
  assert.deepEqual(
    talk(engine, ["position fen 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "go depth 3"])
      .at(-1),
    "bestmove g1g7",
  );
});

Deno.test("UCI Candidates: a check option; on, the engine searches the last position with the candidate techniques and the pawn-threat evaluation", () => {
  const engine = new UciEngine();
  assert.ok(
    engine.receive("uci").includes(
      "option name Candidates type check default true",
    ),
  );
  assert.deepEqual(engine.receive("setoption name Candidates value on"), [
    'info string setoption: Candidates must be true or false, got "on"',
  ]);
  assert.deepEqual(engine.receive("setoption name Candidates"), [
    "info string setoption: Candidates must be true or false, got no value",
  ]);
  const after = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  const search = (candidates: boolean) => {
    const out = talk(engine, [
      "position startpos moves e2e4",
      `setoption name Candidates value ${candidates}`,
      "go depth 9",
    ]);
    const last = out.filter((l) => l.startsWith("info depth")).at(-1)!;
    const move = out.at(-1)!.split(" ")[1]!;
    // The position given before the option is the one searched: a black move.
    assert.ok(legalIn(after, move), move);
    return Number(/ nodes (\d+)/.exec(last)![1]);
  };
  const without = search(false);
  const withThem = search(true);
  assert.notEqual(withThem, without);
  assert.equal(search(false), without);
  // On by default: a fresh engine searches as with the option set.
  const fresh = talk(new UciEngine(), [
    "position startpos moves e2e4",
    "go depth 9",
  ])
    .filter((l) => l.startsWith("info depth")).at(-1)!;
  assert.equal(Number(/ nodes (\d+)/.exec(fresh)![1]), withThem);
});

Deno.test("a search its budget cuts plays the cut iteration's better root move, with that iteration's line (keepCutMove)", () => {
  // WAC.023 at 3,000 nodes: the last iteration finishes another root move
  // above the one before it, and the budget ends it there.
  const fen = loadWac()[22]!.fen;
  const search = (keepCutMove: boolean) => {
    const position = Chess.fromFen(fen, chessPositionOptions());
    position.markRoot();
    const result = searchChess(
      position,
      new TranspositionTable({ entries: uciTableEntries(16) }),
      { depth: UCI_MAX_DEPTH, maxNodes: 3000, keepCutMove },
    );
    return { result, move: position.moveToUci(result.move) };
  };
  const kept = search(true), finished = search(false);
  assert.ok(
    kept.result.cutMove,
    "pick a position whose cut iteration beats the last finished one",
  );
  assert.notEqual(kept.move, finished.move);
  const out = talk(new UciEngine(), [
    "ucinewgame",
    `position fen ${fen}`,
    "go nodes 3000",
  ]);
  const infos = out.filter((line) => line.startsWith("info depth"));
  const depth = kept.result.completedDepth;
  assert.match(
    infos.at(-2)!,
    new RegExp(`^info depth ${depth} .* pv ${finished.move}\\b`),
  );
  assert.match(
    infos.at(-1)!,
    new RegExp(`^info depth ${depth + 1} .* pv ${kept.move}\\b`),
  );
  assert.match(out.at(-1)!, new RegExp(`^bestmove ${kept.move}( |$)`));
});
