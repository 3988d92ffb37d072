// `deno task bench:depth` (bench/chess_depth_vs_stockfish.ts) and `deno task
// bench:strength` (bench/chess_strength.ts): their command lines, their
// parsers, and a small run of each as its task runs it, beside the engines
// that are not ours. Counts and outcomes are judged, never times or depths.
import assert from "node:assert/strict";
import { assertRefused, runBenchTask } from "./_bench_task.ts";
import { assertNoStackTrace } from "./_cli.ts";
import { lacks } from "./_programs.ts";
import {
  median,
  middlegames,
  MIN_PIECES,
  parseDepthBenchArgs,
  searchReport,
} from "../bench/chess_depth_vs_stockfish.ts";
import { matchCommand, parseStrengthArgs } from "../bench/chess_strength.ts";
import { readPgnGames } from "../mod.ts";
import {
  allLostBound,
  locateRating,
  STOCKFISH_SKILL_ELO,
} from "../bench/_located_rating.ts";
import { engineOptions, engineTable } from "../src/uci/engines.ts";
import { expectedScore } from "../src/match/elo.ts";

Deno.test("bench:depth: bad command lines exit 2 naming the flag, the value and the rule", async () => {
  for (
    const [args, message] of [
      [["--positions", "0"], /--positions must be an integer in 1…50, got "0"/],
      [
        ["--movetime", "x"],
        /--movetime must be an integer in 1…60000, got "x"/,
      ],
      [["--movetime"], /--movetime needs a value, an integer in 1…60000/],
      [["--positions=2", "--full"], /give --positions and --full not both/],
      [["--full", "--full"], /--full is given twice/],
      [["--movetime", "5", "--movetime", "6"], /--movetime is given twice/],
      [["--deep"], /unknown argument "--deep"/],
    ] as const
  ) {
    await assertRefused("bench:depth", args, message);
  }
});

Deno.test("bench:depth's parsers: the options, the middlegames of wac.epd, an engine's info line, the median", () => {
  assert.deepEqual(parseDepthBenchArgs([]), {
    help: false,
    positions: 2,
    movetimeMs: 100,
    full: false,
  });
  assert.deepEqual(parseDepthBenchArgs(["--full"]), {
    help: false,
    positions: 10,
    movetimeMs: 1000,
    full: true,
  });
  assert.equal(parseDepthBenchArgs(["--movetime=250"]).movetimeMs, 250);
  const wac = Deno.readTextFileSync(
    new URL("../data/chess/wac.epd", import.meta.url),
  );
  const ten = middlegames(wac, 10, MIN_PIECES);
  assert.equal(ten.length, 10);
  // The rule: the file's order, every one with at least 20 pieces, and
  // WAC.002 (15 pieces) passed over.
  assert.deepEqual(ten.slice(0, 2).map((p) => p.id), ["WAC.001", "WAC.003"]);
  assert.ok(ten.every((p) => p.pieces >= 20));
  assert.ok(ten.every((p, i) => i === 0 || p.line > ten[i - 1]!.line));
  assert.match(ten[0]!.fen, / w - - 0 1$/);
  assert.throws(
    () => middlegames("8/8/8 w - -\nnot a position\n", 1, 2),
    /line 2: expected an EPD position/,
  );
  assert.throws(() => middlegames(wac, 301, 2), /only 300 position\(s\)/);
  assert.deepEqual(
    searchReport(
      "info depth 12 seldepth 18 multipv 1 score cp 31 nodes 120000 nps 600000 hashfull 5 tbhits 0 time 200 pv e2e4",
    ),
    { depth: 12, nodes: 120000, nps: 600000, mate: false },
  );
  assert.deepEqual(
    searchReport("info depth 4 score mate -3 nodes 800 time 0"),
    {
      depth: 4,
      nodes: 800,
      nps: null,
      mate: true,
    },
  );
  assert.equal(median([5, 9, 7, 1]), 6);
});

Deno.test(
  "bench:depth: two positions searched by ours and Stockfish, a row each and the medians",
  { ignore: lacks("stockfish") },
  async () => {
    const { code, out, err } = await runBenchTask(
      "bench:depth",
      "--positions",
      "2",
      "--movetime",
      "50",
    );
    assert.equal(code, 0, out + err);
    assert.match(
      out,
      /the first 2 of data\/chess\/wac\.epd with at least 20 pieces; go movetime 50 each/,
    );
    assert.match(
      out,
      /^\| position \| pieces \| ours depth \| ours nodes \| ours nps \| stockfish depth \| stockfish nodes \| stockfish nps \|$/m,
    );
    for (const [id, pieces] of [["WAC.001", 26], ["WAC.003", 24]]) {
      assert.match(
        out,
        new RegExp(
          `^\\| ${id} \\| ${pieces} \\| \\d+( mate)? \\| \\d+ \\| \\d+ \\| \\d+( mate)? \\| \\d+ \\| \\d+ \\|$`,
          "m",
        ),
      );
    }
    assert.match(out, /^\| median of [0-2] \|/m);
    assert.match(out, /^\| stockfish \/ ours \|/m);
    assert.match(out, /load average after: /);
  },
);

Deno.test("bench:strength: bad command lines exit 2 naming the flag, the value and the rule", async () => {
  for (
    const [args, message] of [
      [
        ["--skills", "20"],
        /--skills: each level must be an integer in 0…19 \(20 is full strength.*got "20" in "20"/,
      ],
      [
        ["--skills", "2,,4"],
        /each level must be an integer in 0…19.*got "" in "2,,4"/,
      ],
      [["--skills", "3,3"], /--skills: level 3 is given twice in "3,3"/],
      [
        ["--skills"],
        /--skills needs a list of skill levels \(2,4,6\), got null/,
      ],
      [["--games", "0"], /--games must be an integer in 2…10000, got "0"/],
      // Found by review: an odd count played its last opening with one
      // colour only.
      [
        ["--games", "3"],
        /^bench:strength: --games must be even \(each opening is played twice, colours reversed\), got "3" \(see --help\)\n$/,
      ],
      [["--glaurung-games", "1"], /--glaurung-games must be even .*got "1"/],
      [
        ["--glaurung-games", "-1"],
        /--glaurung-games must be an integer in 0…10000, got "-1"/,
      ],
      [
        ["--movetime", "1.5"],
        /--movetime must be an integer in 1…60000, got "1.5"/,
      ],
      [["--full", "--games", "4"], /give --games and --full not both/],
      [["--games", "2", "--games=3"], /--games is given twice \("2" and "3"\)/],
      [["--elo"], /unknown argument "--elo"/],
      [
        ["--concurrency", "0"],
        /--concurrency must be an integer in 1…16, got "0"/,
      ],
      [
        ["--concurrency", "17"],
        /--concurrency must be an integer in 1…16, got "17"/,
      ],
      [
        ["--candidates", "2"],
        /--candidates must be an integer in 0…1, got "2"/,
      ],
      [
        ["--pgn"],
        /^bench:strength: --pgn needs a file to write the games to, got null \(see --help\)\n$/,
      ],
      [["--pgn="], /--pgn needs a file to write the games to, got ""/],
      // Refused before any engine starts, with the system's reason.
      [
        ["--pgn", "/nonexistent-folder/games.pgn", "--glaurung-games", "0"],
        /^bench:strength: cannot write --pgn \/nonexistent-folder\/games\.pgn: No such file or directory.* \(see --help\)\n$/,
      ],
    ] as const
  ) {
    await assertRefused("bench:strength", args, message);
  }
});

Deno.test("bench:strength's parsers: the options, --full, the match line", () => {
  assert.deepEqual(parseStrengthArgs([]), {
    help: false,
    skills: [2, 4, 6],
    games: 2,
    movetimeMs: 20,
    glaurungGames: 2,
    full: false,
    concurrency: 1,
    candidates: 1,
    pgn: null,
  });
  assert.deepEqual(parseStrengthArgs(["--full"]), {
    help: false,
    skills: [2, 4, 6],
    games: 200,
    movetimeMs: 100,
    glaurungGames: 100,
    full: true,
    concurrency: 1,
    candidates: 1,
    pgn: null,
  });
  assert.equal(
    parseStrengthArgs(["--full", "--concurrency", "2"]).concurrency,
    2,
  );
  assert.equal(
    parseStrengthArgs(["--full", "--candidates", "0"]).candidates,
    0,
  );
  assert.equal(parseStrengthArgs(["--full", "--pgn=a.pgn"]).pgn, "a.pgn");
  assert.equal(
    matchCommand("stockfish:skill=6", 100, 200, 0),
    "deno task match --a ours:movetime=100,candidates=0 --b stockfish:skill=6,movetime=100 --games 200",
  );
  assert.deepEqual(
    parseStrengthArgs(["--skills=0,19", "--glaurung-games", "0"]).skills,
    [0, 19],
  );
  assert.equal(
    matchCommand("glaurung", 100, 40),
    "deno task match --a ours:movetime=100 --b glaurung:movetime=100 --games 40",
  );
});

Deno.test("locateRating: one rating explains the scores against rated opponents; all lost needs the virtual draws", () => {
  // Scores exactly as expected of a 1700 player: the estimate is 1700.
  const expected = (rating: number) =>
    Math.round(1000 * expectedScore(1700 - rating));
  const results = [1600, 1800, 2000].map((rating) => ({
    rating,
    wins: expected(rating),
    draws: 0,
    losses: 1000 - expected(rating),
  }));
  const located = locateRating(results);
  assert.ok(Math.abs(located.elo - 1700) < 1, `${located.elo}`);
  assert.ok(located.low < located.elo && located.elo < located.high);
  assert.ok(located.high - located.low < 60, "3,000 games: a narrow interval");
  assert.equal(located.prior, false);
  const lost = locateRating([{ rating: 2793, wins: 0, draws: 0, losses: 20 }]);
  assert.equal(lost.prior, true);
  assert.ok(lost.elo < 2793 - 400 && lost.high < 2793);
  // All lost: the binomial bound, tighter than the virtual draw's interval.
  assert.ok(allLostBound(20) < lost.high - 2793);
  assert.ok(allLostBound(200) < allLostBound(20));
  assert.throws(() => allLostBound(0), /games must be an integer ≥ 1, got 0/);
  assert.throws(
    () => locateRating([{ rating: 1600, wins: 1.5, draws: 0, losses: 0 }]),
    /results\[0\]\.wins must be an integer ≥ 0, got 1.5/,
  );
  assert.throws(
    () => locateRating([{ rating: NaN, wins: 1, draws: 0, losses: 0 }]),
    /results\[0\]\.rating must be a finite number/,
  );
  // The calibration's table: 20 levels, rising, skill 2 and 4 as the
  // commit's table gives them.
  assert.equal(STOCKFISH_SKILL_ELO.length, 20);
  assert.ok(
    STOCKFISH_SKILL_ELO.every((e, i) =>
      i === 0 || e > STOCKFISH_SKILL_ELO[i - 1]!
    ),
  );
  assert.deepEqual([STOCKFISH_SKILL_ELO[2], STOCKFISH_SKILL_ELO[4]], [
    1608.4,
    1922.9,
  ]);
});

Deno.test(
  "Glaurung is a named engine when installed, with one thread and 16 MiB of hash",
  { ignore: lacks("glaurung") },
  () => {
    assert.match(engineTable([]).get("glaurung")!, /\/glaurung$/);
    assert.deepEqual(engineOptions("glaurung", {}), { Threads: 1, Hash: 16 });
  },
);

Deno.test(
  "bench:strength: two games against Stockfish at skill 0 and two against Glaurung, two at a time, each counted, located and written to --pgn",
  { ignore: lacks("stockfish", "glaurung") },
  async () => {
    const folder = await Deno.makeTempDir();
    const file = `${folder}/games.pgn`;
    // Emptied when the games begin: what was there is not kept.
    await Deno.writeTextFile(file, "old content\n");
    const { code, out, err } = await runBenchTask(
      "bench:strength",
      "--skills",
      "0",
      "--games",
      "2",
      "--movetime",
      "10",
      "--glaurung-games",
      "2",
      "--concurrency",
      "2",
      "--pgn",
      file,
    );
    const pgn = await Deno.readTextFile(file);
    await Deno.remove(folder, { recursive: true });
    assert.equal(code, 0, out + err);
    // Every game, each match's with its own engines, read back by the
    // project's PGN reader with a result that the game's line printed.
    const games = readPgnGames(pgn);
    assert.equal(games.length, 4, pgn);
    assert.doesNotMatch(pgn, /old content/);
    const events = games.map((game) => game.headers.Event);
    assert.deepEqual(events.sort(), [
      "ours:movetime=10 vs glaurung:movetime=10",
      "ours:movetime=10 vs glaurung:movetime=10",
      "ours:movetime=10 vs stockfish:skill=0,movetime=10",
      "ours:movetime=10 vs stockfish:skill=0,movetime=10",
    ]);
    for (const game of games) {
      assert.match(game.result, /^(1-0|0-1|1\/2-1\/2)$/);
      assert.ok(
        out.includes(
          `${game.headers.White} - ${game.headers.Black} ${game.result} `,
        ),
        `${game.headers.White} - ${game.headers.Black} ${game.result}: ${out}`,
      );
    }
    assert.match(out, /; 2 games at a time, each by its own engines$/m);
    assert.match(
      out,
      /^\$ deno task match --a ours:movetime=10 --b stockfish:skill=0,movetime=10 --games 2$/m,
    );
    assert.match(
      out,
      /^\$ deno task match --a ours:movetime=10 --b glaurung:movetime=10 --games 2$/m,
    );
    assert.equal(out.match(/^game [12]: /gm)?.length, 4, out);
    for (
      const [label, rating] of [["stockfish:skill=0", 1320], [
        "glaurung",
        2793,
      ]] as const
    ) {
      const row = new RegExp(
        `^\\| ${label} \\| ${rating} \\([^)]+\\) \\| 2 \\| \\+(\\d) =(\\d) -(\\d) \\|`,
        "m",
      ).exec(out);
      assert.ok(row, `${label}: ${out}`);
      assert.equal(Number(row[1]) + Number(row[2]) + Number(row[3]), 2);
    }
    assert.match(
      out,
      /^located against Stockfish's skill levels \(0; 2 games\): \d+ \[\d+, \d+\] \(95%/m,
    );
  },
);

Deno.test(
  "bench:strength: SIGTERM during a match ends the engines, says so in one line and exits 143 without a table",
  { ignore: lacks("stockfish") },
  async () => {
    const bench = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "-A",
        new URL("../bench/chess_strength.ts", import.meta.url).pathname,
        "--skills",
        "0",
        "--games",
        "2",
        "--movetime",
        "200",
        "--glaurung-games",
        "0",
      ],
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const decoder = new TextDecoder();
    let out = "";
    const reader = bench.stdout.getReader();
    // The match has begun once its command line is printed.
    while (!out.includes("$ deno task match")) {
      const { value, done } = await reader.read();
      if (done) break;
      out += decoder.decode(value);
    }
    // Usually mid-game by then, or still starting engines: either way the
    // same ending.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    bench.kill("SIGTERM");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      out += decoder.decode(value);
    }
    const err = decoder.decode(
      await new Response(bench.stderr).arrayBuffer(),
    );
    const status = await bench.status;
    assert.equal(status.code, 143, out + err);
    assert.match(err, /^bench:strength: stopped by SIGTERM$/m);
    assertNoStackTrace(err, "bench:strength");
    assert.doesNotMatch(out, /\| opponent \|/);
  },
);
