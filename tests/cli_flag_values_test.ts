// How the commands of cli/ read a flag's value (cli/_flags.ts's flagValue):
// a flag given where a value stands is refused, named, and not taken as the
// value; `--flag=value` is `--flag value` for every command.
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertCleanFailure, type CliRun, runCli } from "./_cli.ts";
import { CLOSED_ADDRESS } from "./_nats.ts";

Deno.test("a flag where a value stands is refused with one line naming both, not taken as the value", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "gts_flag_values_" });
  try {
    const runs: [string, string[], RegExp][] = [
      // Ran lesson 004 into a folder named "--strict", without --strict.
      [
        "figures.ts",
        ["004", "--out", "--strict"],
        /^figures: --out needs a folder, got the flag "--strict"/m,
      ],
      // Tried to connect to a server named "--full".
      [
        "strength.ts",
        ["--nats", "--full"],
        /^strength: --nats needs a server address, got the flag "--full"/m,
      ],
      [
        "openings.ts",
        ["--after", "44433322", "--out", "--max-nodes", "1000"],
        /^openings: --out needs a value, got the flag "--max-nodes" \(--out=VALUE gives a value that starts with --\)/m,
      ],
      [
        "solve.ts",
        ["--book-file", "--weak"],
        /^solve: --book-file needs a value, got the flag "--weak"/m,
      ],
    ];
    for (const [file, args, message] of runs) {
      const run = await runCli(file, args, { cwd });
      assertCleanFailure(run, message, `${file} ${args.join(" ")}`);
    }
    // Nothing was written where the command ran.
    assert.deepEqual(await Array.fromAsync(Deno.readDir(cwd)), []);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

/** What a run left that the two spellings must share. */
const outcome = (run: CliRun) => ({
  code: run.code,
  stdout: run.stdout,
  stderr: run.stderr,
});

/** `args` with each `--flag=value` split in two. */
const spaced = (args: readonly string[]) =>
  args.flatMap((arg) => {
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    return equals < 0 ? [arg] : [arg.slice(0, equals), arg.slice(equals + 1)];
  });

Deno.test("--flag=value is --flag value for play, worker, strength, atlas-elo, chess-referee and bench:nats", async () => {
  const closed = CLOSED_ADDRESS;
  const runs: [string, string[], string | RegExp][] = [
    // The engine's first move at depth 3, then the end of input.
    ["play.ts", ["tictactoe", "--first=engine", "--depth=3"], ""],
    // Refused after --name and --max-jobs were read: the server is away.
    [
      "worker.ts",
      [`--nats=${closed}`, "--name=w1", "--max-jobs=2"],
      /^worker: cannot connect to the NATS server at nats:\/\/127\.0\.0\.1:/,
    ],
    [
      "strength.ts",
      [`--nats=${closed}`, "--batch=3", "--nats-unreachable=5"],
      /^strength: cannot connect to the NATS server/,
    ],
    // Plays nothing: the cache's standing of the selected tests.
    [
      "atlas_elo.ts",
      ["--status", "--mode=leave-one-out", "--techniques=pvs"],
      "",
    ],
    [
      "chess_referee.ts",
      ["--depth=3", "--timeout-ms=1000", "--stockfish=/nonexistent/stockfish"],
      /^chess-referee: no Stockfish at \/nonexistent\/stockfish/,
    ],
    // --batch read, then --games-per-pair refused with its value.
    [
      "nats_bench.ts",
      ["--batch=5", "--games-per-pair=0"],
      /^bench:nats: --games-per-pair must be an even integer in 2…1000 \(each opening with both colours\), got "0"/,
    ],
  ];
  for (const [file, args, expected] of runs) {
    const equals = await runCli(file, args);
    const apart = await runCli(file, spaced(args));
    const what = `${file} ${args.join(" ")}`;
    if (typeof expected === "string") {
      assert.equal(equals.code, 0, `${what}\n${equals.stderr}`);
    } else assertCleanFailure(equals, expected, what);
    assert.deepEqual(
      outcome(apart),
      outcome(equals),
      `${file} ${spaced(args).join(" ")}`,
    );
  }
});

Deno.test("--flag=value is --flag value for figures: --out=DIR writes what --out DIR writes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gts_flag_values_" });
  try {
    const equals = await runCli("figures.ts", [`--out=${dir}/a`, "004"]);
    const apart = await runCli("figures.ts", ["--out", `${dir}/b`, "004"]);
    assert.equal(equals.code, 0, equals.stderr);
    assert.equal(apart.code, 0, apart.stderr);
    for (const file of ["README.md", "rows.json"]) {
      assert.equal(
        await Deno.readTextFile(join(dir, "a", file)),
        await Deno.readTextFile(join(dir, "b", file)),
        file,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
