// A bad command line, as every command of cli/ and bench/ refuses it: exit
// 2 and one line on stderr, `<command>: <argument> <rule>, got "<value as
// typed>" (see --help)`. Found by review: messages without the command's
// name, without the hint, with the usage printed after them, or with the
// value as converted.
import assert from "node:assert/strict";
import { assertUsageLine, runCli } from "./_cli.ts";

/** A command's file, its name in messages, its arguments, what its line says. */
type Refusal = [file: string, command: string, args: string[], RegExp];

const REFUSALS: Refusal[] = [
  // strength: no prefix, then its usage on a second line.
  [
    "strength.ts",
    "strength",
    ["--bogus"],
    /^strength: unknown argument "--bogus"/,
  ],
  [
    "strength.ts",
    "strength",
    ["--batch", "3"],
    /^strength: --batch goes with --nats /,
  ],
  [
    "strength.ts",
    "strength",
    ["--nats", "127.0.0.1:1", "--nats-unreachable", "1e3"],
    /^strength: --nats-unreachable must be an integer in 1…86400 \(seconds\), got "1e3" /,
  ],
  [
    "strength.ts",
    "strength",
    ["--render", "--full"],
    /^strength: --render plays no game, so it takes no --full /,
  ],
  // atlas-elo: no prefix, no hint, its usage on a second line.
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--bogus"],
    /^atlas-elo: unknown argument "--bogus" /,
  ],
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--nodes", "0"],
    /^atlas-elo: --nodes must be an integer in 1000…10000000 \(nodes a chess move\), got "0" /,
  ],
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--mode", "sideways"],
    /^atlas-elo: --mode must be one of add-one, leave-one-out, got "sideways" /,
  ],
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--games", "go"],
    /^atlas-elo: --games must list connect-four, chess, got "go" /,
  ],
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--batch", "2"],
    /^atlas-elo: --batch goes with --nats /,
  ],
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--nats-unreachable", "3"],
    /^atlas-elo: --nats-unreachable goes with --nats /,
  ],
  [
    "atlas_elo.ts",
    "atlas-elo",
    ["--games", "chess", "--techniques", "mcts"],
    /^atlas-elo: --techniques must list techniques of the add-one Elo tests on chess \([a-z, -]+\), got "mcts" /,
  ],
  // figures: no prefix, then its usage on a second line.
  [
    "figures.ts",
    "figures",
    ["--bogus"],
    /^figures: unknown argument "--bogus" /,
  ],
  [
    "figures.ts",
    "figures",
    ["999"],
    /^figures: LESSON must be one of [\w, ]+, got "999" /,
  ],
  [
    "figures.ts",
    "figures",
    ["--out="],
    /^figures: --out needs a folder, got "" /,
  ],
  // chess-referee: range errors without the hint, and the note on depth 0
  // after every depth.
  [
    "chess_referee.ts",
    "chess-referee",
    ["--depth", "0"],
    /^chess-referee: --depth must be an integer in 1…100, got "0" \(Stockfish's depth 0 searches forever\) \(see --help\)\n$/,
  ],
  [
    "chess_referee.ts",
    "chess-referee",
    ["--depth", "101"],
    /^chess-referee: --depth must be an integer in 1…100, got "101" \(see --help\)\n$/,
  ],
  [
    "chess_referee.ts",
    "chess-referee",
    ["--timeout-ms", "1e3"],
    /^chess-referee: --timeout-ms must be an integer in 1…86400000, got "1e3" /,
  ],
  // Found by review: --timeout meant milliseconds here and seconds in grade
  // and notebooks, so "match --timeout 5" lost every game on time. The
  // flags in milliseconds say so in their names; the old names are refused.
  [
    "match.ts",
    "match",
    ["--a", "ours:depth=1", "--b", "ours:depth=2", "--timeout", "5"],
    /^match: --timeout is now --timeout-ms \(milliseconds\); got "--timeout 5" /,
  ],
  [
    "match.ts",
    "match",
    ["--handshake-timeout=500", "--a", "ours:depth=1", "--b", "ours:depth=2"],
    /^match: --handshake-timeout is now --handshake-timeout-ms \(milliseconds\); got "--handshake-timeout=500" /,
  ],
  [
    "chess_referee.ts",
    "chess-referee",
    ["--timeout", "5"],
    /^chess-referee: --timeout is now --timeout-ms \(milliseconds\); got "--timeout 5" /,
  ],
  // bench:nats: range errors without the hint.
  [
    "nats_bench.ts",
    "bench:nats",
    ["--batch", "0"],
    /^bench:nats: --batch must be an integer in 1…1000, got "0" /,
  ],
  [
    "nats_bench.ts",
    "bench:nats",
    ["--games-per-pair", "3"],
    /^bench:nats: --games-per-pair must be an even integer in 2…1000 \(each opening with both colours\), got "3" /,
  ],
  // bench:c: `got null`, and a flag taken as the value.
  [
    "native_bench.ts",
    "bench:c",
    ["--passes"],
    /^bench:c: --passes needs a value /,
  ],
  [
    "native_bench.ts",
    "bench:c",
    ["--rounds", "--passes", "3"],
    /^bench:c: --rounds needs a value, got the flag "--passes" /,
  ],
  // play: the value converted before its check ("-0" shown as 0), and its
  // usage printed after the line.
  [
    "play.ts",
    "play",
    ["tictactoe", "--depth", "-0"],
    /^play: --depth must be an integer in 1…64, got "-0" /,
  ],
  [
    "play.ts",
    "play",
    ["connect4", "--nodes", "1e3"],
    /^play: --nodes must be an integer in 0…1000000000, got "1e3" /,
  ],
  [
    "play.ts",
    "play",
    ["nim", "--first", "engine", "--first", "human"],
    /^play: --first is given twice /,
  ],
  // grade: "got 10" unquoted, "needs a whole number above 0", and the
  // next flag taken as the value.
  [
    "grade.ts",
    "grade",
    ["handed-in", "--memory", "10"],
    /^grade: --memory must be an integer in 64…65536 \(MB\), got "10" /,
  ],
  [
    "grade.ts",
    "grade",
    ["handed-in", "--timeout", "4000"],
    /^grade: --timeout must be an integer in 1…3600 \(seconds\), got "4000" /,
  ],
  [
    "grade.ts",
    "grade",
    ["handed-in", "--timeout", "--json"],
    /^grade: --timeout needs a value, got the flag "--json" /,
  ],
  // The benches took the next flag as a flag's value ("--runs --depth 3":
  // --runs "--depth", then 3 an unknown argument), as bench:c did.
  [
    "../bench/perft_vs_stockfish.ts",
    "bench:perft",
    ["--runs", "--depth", "3"],
    /^bench:perft: --runs needs a value, got the flag "--depth" /,
  ],
  [
    "../bench/connect_four_vs_reference.ts",
    "bench:c4ref",
    ["--every", "--runs", "2"],
    /^bench:c4ref: --every needs a value, got the flag "--runs" /,
  ],
];

Deno.test("a bad command line is one line: the command, the argument, the rule, the value as typed, (see --help)", async () => {
  for (const [file, command, args, message] of REFUSALS) {
    const what = `${file} ${args.join(" ")}`;
    assertUsageLine(
      await runCli(file, args, { timeoutMs: 60_000 }),
      command,
      message,
      what,
    );
  }
});

Deno.test("a flag of one name has one rule in every command that takes it, stated in its help", async () => {
  // Found by review: solve took --time-ms 1.5 and openings refused it;
  // c4bench took --megabytes 0.5 "in (0, 4096]" and openings wanted an
  // integer in 1…4096 and its help gave no range; c4sets' --max-nodes was
  // "a whole number ≥ 1".
  const flags: [flag: string, bad: string, rule: string, files: string[]][] = [
    [
      "--time-ms",
      "1.5",
      "an integer in 0…999999999999 (milliseconds)",
      ["solve.ts", "openings.ts"],
    ],
    [
      "--megabytes",
      "0.5",
      "an integer in 1…4096 (MiB)",
      ["c4bench.ts", "openings.ts"],
    ],
    [
      "--max-nodes",
      "1e3",
      "an integer in 0…999999999999999",
      ["solve.ts", "openings.ts", "c4sets.ts"],
    ],
  ];
  for (const [flag, bad, rule, files] of flags) {
    for (const file of files) {
      const command = file === "c4bench.ts"
        ? "c4bench"
        : file.replace(".ts", "");
      const args = file === "c4bench.ts"
        ? ["data/connect4/end_easy.txt", flag, bad]
        : [flag, bad];
      const what = `${file} ${args.join(" ")}`;
      const run = await runCli(file, args);
      assertUsageLine(
        run,
        command,
        new RegExp(
          `^${command}: ${flag} must be ${
            rule.replace(/[()]/g, "\\$&")
          }, got "${bad.replace(".", "\\.")}" `,
        ),
        what,
      );
      const help = await runCli(file, ["--help"]);
      const [range] = rule.match(/\d+…\d+/)!;
      assert.match(
        help.stdout,
        new RegExp(`^ +${flag} \\S+ +[^\\n]*(\\n {10,}[^\\n]*)*${range}`, "m"),
        `${file} --help states no ${range} for ${flag}`,
      );
    }
  }
});
