// A flag the run would not use is refused, one line naming it and the flag
// that drops it, rather than ignored; and an integer flag is digits only
// (Number() read 1e1 as 10 and 0x10 as 16). atlas-elo and strength, as a
// user runs them: each refusal comes before any game, server or file.
import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";

/** Each run: the command, its arguments, the one line it must print. */
const REFUSED: [string, string[], RegExp][] = [
  // --status and --depths play nothing: these were silently dropped.
  [
    "atlas_elo.ts",
    ["--status", "--nats", "127.0.0.1:4222", "--workers", "2"],
    /^atlas-elo: --status plays no game, so it takes no --nats, --workers \(see --help\)$/m,
  ],
  [
    "atlas_elo.ts",
    ["--status", "--max-batches", "3", "--no-stockfish"],
    /^atlas-elo: --status plays no game, so it takes no --max-batches, --no-stockfish \(see --help\)$/m,
  ],
  [
    "atlas_elo.ts",
    ["--depths", "--stockfish", "/usr/games/stockfish"],
    /^atlas-elo: --depths plays no game, so it takes no --stockfish \(see --help\)$/m,
  ],
  [
    "atlas_elo.ts",
    ["--depths", "--games", "chess"],
    /^atlas-elo: --depths plays no game, so it takes no --games \(see --help\)$/m,
  ],
  [
    "atlas_elo.ts",
    ["--status", "--depths"],
    /^atlas-elo: --status and --depths each print a table and play nothing: give one \(see --help\)$/m,
  ],
  // Only the full add-one run plays against Stockfish.
  [
    "atlas_elo.ts",
    ["--stockfish", "/usr/games/stockfish"],
    /^atlas-elo: --stockfish goes with --full /m,
  ],
  [
    "atlas_elo.ts",
    ["--no-stockfish"],
    /^atlas-elo: --no-stockfish goes with --full /m,
  ],
  [
    "atlas_elo.ts",
    ["--mode", "leave-one-out", "--full", "--no-stockfish"],
    /^atlas-elo: --no-stockfish is about the games against Stockfish, which --mode leave-one-out does not play/m,
  ],
  [
    "atlas_elo.ts",
    ["--full", "--games", "connect-four", "--stockfish", "/x"],
    /^atlas-elo: --stockfish is about chess's games against Stockfish, and --games connect-four plays no chess \(see --help\)$/m,
  ],
  [
    "atlas_elo.ts",
    ["--full", "--stockfish", "/x", "--no-stockfish"],
    /^atlas-elo: --stockfish PATH plays the games against Stockfish and --no-stockfish leaves them out: give one \(see --help\)$/m,
  ],
  // --nodes is chess's budget.
  [
    "atlas_elo.ts",
    ["--nodes", "5000", "--games", "connect-four"],
    /^atlas-elo: --nodes sets chess's nodes a move, and --games connect-four plays no chess \(see --help\)$/m,
  ],
  // Over --nats the server's workers play: --workers was dropped.
  [
    "strength.ts",
    ["--workers", "2", "--nats", "127.0.0.1:4222"],
    /^strength: --workers sets the local workers, and --nats plays every game on the server's workers: give one \(see --help\)$/m,
  ],
];

Deno.test("a flag the run would drop is refused with one line naming both flags", async () => {
  for (const [file, args, message] of REFUSED) {
    const run = await runCli(file, args, { timeoutMs: 60_000 });
    const what = `${file} ${args.join(" ")}`;
    assertCleanFailure(run, message, what);
    assert.equal(run.stdout, "", what);
  }
});

Deno.test("integer flags of atlas-elo and strength are digits only: 1e1, 0x10, 2.0 and +3 are refused", async () => {
  const flags: [string, string, string][] = [
    ["atlas_elo.ts", "--workers", "an integer in 1…256"],
    ["atlas_elo.ts", "--max-batches", "an integer in 1…1000000"],
    [
      "atlas_elo.ts",
      "--nodes",
      "an integer in 1000…10000000 \\(nodes a chess move\\)",
    ],
    ["strength.ts", "--workers", "an integer in 1…256"],
  ];
  for (const [file, flag, rule] of flags) {
    const prefix = file === "strength.ts" ? "strength" : "atlas-elo";
    for (const bad of ["1e1", "0x10", "2.0", "+3"]) {
      // 1e4 is a valid --nodes by value: the form is what is refused.
      const text = flag === "--nodes" ? bad.replace("1e1", "1e4") : bad;
      assertCleanFailure(
        await runCli(file, [flag, text]),
        new RegExp(
          `^${prefix}: ${flag} must be ${rule}, got "${
            text.replace(/[.+]/g, "\\$&")
          }"`,
          "m",
        ),
        `${file} ${flag} ${text}`,
      );
    }
  }
  // --batch goes with --nats: it is read (and refused) before connecting.
  for (const file of ["atlas_elo.ts", "strength.ts"]) {
    const prefix = file === "strength.ts" ? "strength" : "atlas-elo";
    assertCleanFailure(
      await runCli(file, ["--nats", "127.0.0.1:1", "--batch", "1e1"]),
      new RegExp(
        `^${prefix}: --batch must be an integer in 1…10000, got "1e1"`,
        "m",
      ),
      `${file} --batch 1e1`,
    );
  }
});
