// `deno task bench:perft` (bench/perft_vs_stockfish.ts): its small default
// run as CI runs it, beside Stockfish, and its judgement of the command
// line. Counts and outcomes are judged, never times.
import assert from "node:assert/strict";
import { assertRefused, runBenchTask } from "./_bench_task.ts";
import {
  formatMs,
  HELP,
  nodesSearched,
  parsePerftBenchArgs,
  readPerftLines,
} from "../bench/perft_vs_stockfish.ts";
import { lacks } from "./_programs.ts";

/** Runs the bench as its deno task does. */
function bench(...args: string[]) {
  return runBenchTask("bench:perft", ...args);
}

Deno.test(
  "bench:perft: the default run counts depth 4 of the four positions with ours and Stockfish, the counts agreeing with the file's",
  { ignore: lacks("stockfish") },
  async () => {
    const { code, out, err } = await bench("--runs", "1");
    assert.equal(code, 0, out + err);
    assert.match(
      out,
      /^\| position \| depth \| nodes \| ours \| stockfish \| ours \/ stockfish \|$/m,
    );
    // The file's depth-4 counts; a count of either program that differs
    // would have made the exit status 1.
    for (
      const [line, nodes] of [[1, 197281], [2, 4085603], [3, 43238], [
        4,
        422333,
      ]]
    ) {
      assert.match(
        out,
        new RegExp(
          `^\\| ${line} \\| 4 \\| ${nodes} \\| [\\d.]+ m?s \\| [\\d.]+ m?s \\| [\\d.]+× \\|$`,
          "m",
        ),
      );
    }
    assert.match(
      out,
      /^\| all \| 4 \| {2}\| [\d.]+ m?s \| [\d.]+ m?s \| [\d.]+× \|$/m,
    );
    assert.match(out, /load average before: .*\(1, 5, 15 min\)/);
    assert.match(out, /load average after: .*\(1, 5, 15 min\)/);
  },
);

Deno.test("bench:perft: bad command lines exit 2 naming the flag, the value and the rule", async () => {
  for (
    const [args, message] of [
      // One rule, the file's deepest column, for every bad depth: 1e3 was
      // refused as "an integer in 1…64", 6 as "at most 5".
      ...["0", "6", "1e3"].map((depth) =>
        [
          ["--depth", depth],
          new RegExp(
            `^bench:perft: --depth must be an integer in 1…5 \\(the deepest column of data/chess/perft\\.txt\\), got "${depth}" \\(see --help\\)$`,
            "m",
          ),
        ] as const
      ),
      [["--runs", "x"], /--runs must be an integer in 1…100, got "x"/],
      [["--depth=2", "--full"], /give --depth and --full not both/],
      [["--runs", "1", "--runs", "2"], /--runs is given twice/],
      [["--fast"], /unknown argument "--fast"/],
    ] as const
  ) {
    await assertRefused("bench:perft", args, message);
  }
});

Deno.test("bench:perft's parsers: the options, the perft file, Stockfish's count line, the times", () => {
  const options = parsePerftBenchArgs(["--full", "--runs=2", "--timeout", "9"]);
  assert.deepEqual(options, {
    help: false,
    depth: null,
    full: true,
    runs: 2,
    timeoutS: 9,
  });
  const lines = readPerftLines(
    Deno.readTextFileSync(new URL("../data/chess/perft.txt", import.meta.url)),
  );
  assert.equal(lines.length, 4);
  assert.deepEqual(lines[0]!.counts, [20, 400, 8902, 197281, 4865609]);
  assert.throws(() => readPerftLines("a b c\n"), /line 1: expected "FEN ; d1/);
  assert.throws(
    () => readPerftLines("\nfen ; 2x\n"),
    /line 2: "2x" is not a count/,
  );
  assert.equal(nodesSearched("Nodes searched: 4865609"), 4865609);
  assert.equal(nodesSearched("Nodes searched: "), null);
  assert.equal(nodesSearched("info depth 1"), null);
  assert.deepEqual([0.5, 22.93, 1000, 61_000].map(formatMs), [
    "0.500 ms",
    "22.9 ms",
    "1.00 s",
    "61.0 s",
  ]);
});

Deno.test("bench:perft --help says what --full costs as docs/chess_perft_speed.md measured it (it said minutes; it takes seconds)", async () => {
  const docs = await Deno.readTextFile(
    new URL("../docs/chess_perft_speed.md", import.meta.url),
  );
  // "Where it stands": the first "all" row, at depth 5 (--full's depth).
  const all = /^\| all +\| +\| +([\d.]+) (m?s) \|/m.exec(docs);
  assert.ok(all !== null, "no 'all' row in docs/chess_perft_speed.md");
  const full = /^ {2}--full .*(?:\n {16}.*)*/m.exec(HELP)![0];
  assert.doesNotMatch(full, /minute/);
  assert.match(full, /seconds/);
  assert.ok(all[2] === "s" || all[2] === "ms", all[0]);
  assert.ok(
    full.replace(/\s+/g, " ").includes(
      `took ${all[1]} ${all[2]} in docs/chess_perft_speed.md`,
    ),
    full,
  );
});
