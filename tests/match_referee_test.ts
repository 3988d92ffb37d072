// deno task chess-referee under faults: bad arguments (depth 0 would make
// Stockfish search forever), a Stockfish that cannot run, exits or never
// answers a search; one line and exit 2, nothing written. And a real run at
// depth 1 into a temporary file.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { assertCleanFailure, runCli } from "./_cli.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`fixtures/engines/${name}`, import.meta.url));

Deno.test("chess-referee refuses bad arguments and faulty Stockfishes with one line, exit 2, writing nothing", async () => {
  const dir = Deno.makeTempDirSync();
  const output = `${dir}/referee.json`;
  const plain = `${dir}/stockfish`;
  Deno.writeTextFileSync(plain, "#!/bin/sh\necho uciok\n");
  Deno.chmodSync(plain, 0o644);
  const cases: [string[], RegExp][] = [
    [
      ["--depth", "0"],
      /chess-referee: --depth must be an integer in 1…100, got "0" \(Stockfish's depth 0 searches forever\)/,
    ],
    [["--depth", "-1"], /--depth must be an integer in 1…100, got "-1"/],
    [["--depth", "2.5"], /--depth must be an integer in 1…100, got "2.5"/],
    [["--depth", "1", "--depth", "2"], /--depth is given twice/],
    [["--depth"], /--depth needs a value/],
    [["--deep", "3"], /unknown argument "--deep"/],
    [["--timeout", "0"], /--timeout must be an integer in 1…86400000, got "0"/],
    [
      ["--stockfish", "/nonexistent/stockfish"],
      /no Stockfish at \/nonexistent\/stockfish/,
    ],
    [
      ["--stockfish", plain, "--output", output],
      /chess-referee: stockfishEvaluate: UciProcess Stockfish \(.*\): cannot run .*Permission denied/,
    ],
    [
      ["--stockfish", fixture("exits.sh"), "--output", output],
      /chess-referee: stockfishEvaluate: UciProcess Stockfish \(.*exits.sh\): the engine ended.*exit code 3.*"exits.sh: no engine here"/,
    ],
    [
      [
        "--stockfish",
        fixture("hangs_on_go.sh"),
        "--depth",
        "1",
        "--timeout",
        "500",
        "--output",
        output,
      ],
      /chess-referee: stockfishEvaluate: .*no answer to "go depth 1" within 500 ms; it said: "cannot search: no evaluation loaded"/,
    ],
  ];
  for (const [args, message] of cases) {
    const run = await runCli("chess_referee.ts", args, { timeoutMs: 60_000 });
    assertCleanFailure(run, message, `chess-referee ${args.join(" ")}`);
    assert.equal(run.stdout, "");
  }
  assert.throws(() => Deno.statSync(output), Deno.errors.NotFound);
  Deno.removeSync(dir, { recursive: true });
});

Deno.test("chess-referee --depth 1 writes a verdict per horizon error", async () => {
  const output = Deno.makeTempFileSync({ suffix: ".json" });
  const run = await runCli("chess_referee.ts", [
    "--depth",
    "1",
    "--output",
    output,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const { depth, verdicts } = JSON.parse(Deno.readTextFileSync(output));
  Deno.removeSync(output);
  const results = JSON.parse(
    Deno.readTextFileSync(
      new URL("../figures/chess/results_full.json", import.meta.url),
    ),
  );
  assert.equal(depth, 1);
  assert.equal(verdicts.length, results.horizon.length);
  assert.match(
    run.stdout,
    /^\d+ errors, \d+ cured by quiescence, \d+ of those confirmed/,
  );
});
