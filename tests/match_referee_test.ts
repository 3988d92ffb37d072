// deno task chess-referee under faults: bad arguments (depth 0 would make
// Stockfish search forever), a Stockfish that cannot run, exits or never
// answers a search; one line and exit 2, nothing written. And a real run at
// depth 1 into a temporary file.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { assertCleanFailure, assertNoStackTrace, runCli } from "./_cli.ts";
import { lacks, pathOf } from "./_programs.ts";
import { taskArgs } from "./_bench_task.ts";

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
      /^chess-referee: --depth must be an integer in 1…100, got "0" \(Stockfish's depth 0 searches forever\) \(see --help\)$/m,
    ],
    // The note on depth 0 only: it followed every depth.
    [
      ["--depth", "-1"],
      /^chess-referee: --depth must be an integer in 1…100, got "-1" \(see --help\)$/m,
    ],
    [["--depth", "2.5"], /--depth must be an integer in 1…100, got "2.5"/],
    [["--depth", "1", "--depth", "2"], /--depth is given twice/],
    [["--depth"], /--depth needs a value/],
    [["--deep", "3"], /unknown argument "--deep"/],
    [
      ["--timeout-ms", "0"],
      /--timeout-ms must be an integer in 1…86400000, got "0"/,
    ],
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
        "--timeout-ms",
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

Deno.test("chess-referee, run as its task, finds stockfish on PATH before /usr/games, as match and the benches do", async () => {
  // A "stockfish" first on PATH that exits at once: the command must run
  // it (and say so), not Debian's /usr/games/stockfish, which it alone
  // looked at.
  const dir = Deno.makeTempDirSync({ prefix: "gts_path_stockfish_" });
  const output = `${dir}/referee.json`;
  Deno.copyFileSync(fixture("exits.sh"), `${dir}/stockfish`);
  Deno.chmodSync(`${dir}/stockfish`, 0o755);
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      // The task's own permissions: PATH is read only if it may be.
      args: [
        ...await taskArgs("chess-referee"),
        "--depth",
        "1",
        "--output",
        output,
      ],
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1", PATH: `${dir}:${Deno.env.get("PATH") ?? ""}` },
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assertNoStackTrace(stderr, "chess-referee");
    assert.equal(run.code, 2, stderr);
    assert.match(
      stderr,
      new RegExp(
        `^chess-referee: stockfishEvaluate: UciProcess Stockfish \\(${dir}/stockfish\\): the engine ended`,
        "m",
      ),
    );
    assert.throws(() => Deno.statSync(output), Deno.errors.NotFound);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("chess-referee --depth 1 writes a verdict per horizon error", {
  ignore: lacks("stockfish"),
}, async () => {
  const output = Deno.makeTempFileSync({ suffix: ".json" });
  const run = await runCli("chess_referee.ts", [
    "--stockfish",
    pathOf("stockfish"),
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

/** The PIDs of `pid`'s children, by ps (the engines run in sessions of their own). */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await new Deno.Command("ps", {
    args: ["-o", "pid=", "--ppid", String(pid)],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(stdout).split(/\s+/).filter((s) => s !== "")
    .map(Number);
}

/** Whether a process is alive (a zombie counts as gone). */
async function alive(pid: number): Promise<boolean> {
  const { stdout } = await new Deno.Command("ps", {
    args: ["-o", "stat=", "-p", String(pid)],
    stdout: "piped",
    stderr: "null",
  }).output();
  const state = new TextDecoder().decode(stdout).trim();
  return state !== "" && !state.startsWith("Z");
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  Deno.test(
    `chess-referee: ${signal} during Stockfish's searches stops Stockfish, exits ${code}, writes nothing`,
    { ignore: lacks("stockfish") },
    async () => {
      const dir = Deno.makeTempDirSync();
      const output = `${dir}/referee.json`;
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          fileURLToPath(new URL("../cli/chess_referee.ts", import.meta.url)),
          "--stockfish",
          pathOf("stockfish"),
          "--depth",
          "40",
          "--output",
          output,
        ],
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).spawn();
      // Wait for Stockfish to be started and searching: up to 60 s, since
      // it includes Deno starting chess_referee.ts on a loaded machine.
      let engines: number[] = [];
      const started = performance.now();
      while (engines.length === 0 && performance.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        engines = await childrenOf(child.pid);
      }
      assert.ok(engines.length > 0, "Stockfish was not started within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill(signal);
      const result = await child.output();
      const stderr = new TextDecoder().decode(result.stderr);
      assertNoStackTrace(stderr, `chess-referee after ${signal}`);
      assert.equal(result.code, code, stderr);
      assert.match(
        stderr,
        /chess-referee: interrupted; Stockfish stopped, nothing written/,
      );
      for (const pid of engines) {
        let gone = false;
        // Up to 10 s (a watchdog: the referee has already exited).
        for (let i = 0; i < 200 && !gone; i++) {
          gone = !await alive(pid);
          if (!gone) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.ok(gone, `Stockfish ${pid} is still running after ${signal}`);
      }
      assert.throws(() => Deno.statSync(output), Deno.errors.NotFound);
      Deno.removeSync(dir, { recursive: true });
    },
  );
}
