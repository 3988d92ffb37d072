/**
 * `deno task atlas-elo --mode leave-one-out` as a user runs it: its status
 * plays nothing, `--nodes` reaches the run, bad flags fail with one line
 * (the leave-one-out tests themselves: tests/atlas_loo_test.ts).
 */

import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";

Deno.test("atlas-elo --mode: leave-one-out's status plays nothing; a bad mode or game fails with one line", async () => {
  const status = await runCli("atlas_elo.ts", [
    "--mode",
    "leave-one-out",
    "--engine",
    "selective",
    "--status",
    "--techniques",
    "etc",
  ], { timeoutMs: 60_000 });
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /^chess\tetc\tnodes\t/m);
  // Without --engine: the atlas's full engine, the candidates'.
  const atlas = await runCli("atlas_elo.ts", [
    "--mode",
    "leave-one-out",
    "--status",
    "--techniques",
    "exchange-pruning",
  ], { timeoutMs: 60_000 });
  assert.equal(atlas.code, 0, atlas.stderr);
  assert.match(atlas.stdout, /^chess\texchange-pruning\tnodes\t/m);
  assertCleanFailure(
    await runCli("atlas_elo.ts", ["--mode", "sideways"]),
    /--mode must be one of add-one, leave-one-out, got "sideways"/,
    "a bad mode",
  );
  assertCleanFailure(
    await runCli("atlas_elo.ts", [
      "--mode",
      "leave-one-out",
      "--games",
      "connect-four",
    ]),
    /^atlas-elo: --games must be chess with --mode leave-one-out \(it tests the chess engine only\), got "connect-four" \(see --help\)$/m,
    "connect four with leave-one-out",
  );
  assertCleanFailure(
    await runCli("atlas_elo.ts", [
      "--mode",
      "leave-one-out",
      "--techniques",
      "mcts",
    ]),
    /^atlas-elo: --techniques must list techniques of the leave-one-out Elo tests of the candidates engine \([^)]+\), got "mcts" \(see --help\)$/m,
    "a technique without a test",
  );
  // MCTS-Solver's add-one test is Connect Four's: on chess alone it would
  // select nothing and play nothing.
  assertCleanFailure(
    await runCli("atlas_elo.ts", [
      "--games",
      "chess",
      "--techniques",
      "mcts",
      "--status",
    ]),
    /^atlas-elo: --techniques must list techniques of the add-one Elo tests on chess \([^)]+\), got "mcts" \(see --help\)$/m,
    "a technique of another game",
  );
  assertCleanFailure(
    await runCli("atlas_elo.ts", ["--max-batches", "0"]),
    /--max-batches must be an integer in 1…1000000, got "0"/,
    "no batches",
  );
});

Deno.test("atlas-elo --nodes: another budget a move reaches the run (here --depths measures it alone); a budget out of range fails with one line", async () => {
  const depths = await runCli("atlas_elo.ts", [
    "--mode",
    "leave-one-out",
    "--depths",
    "--nodes",
    "1500",
  ], { timeoutMs: 120_000 });
  assert.equal(depths.code, 0, depths.stderr);
  const rows = depths.stdout.trim().split("\n").slice(1);
  assert.equal(rows.length, 1, depths.stdout);
  assert.match(rows[0]!, /^1500\t\d+\t\d+\t\d+\t(\d+,){11}\d+$/);
  // "1e4" and "0x3e8": found by review, Number() took them as 10000 and 1000.
  for (const bad of ["999", "10000001", "2.5", "many", "1e4", "0x3e8"]) {
    assertCleanFailure(
      await runCli("atlas_elo.ts", ["--nodes", bad]),
      new RegExp(
        `--nodes must be an integer in 1000…10000000 \\(nodes a chess move\\), got "${bad}"`,
      ),
      `--nodes ${bad}`,
    );
  }
});

Deno.test("atlas-elo --engine candidates: its full run's status reads its committed games; the engine's own techniques; a bad or misplaced --engine fails with one line", async () => {
  const status = await runCli("atlas_elo.ts", [
    "--mode",
    "leave-one-out",
    "--engine",
    "candidates",
    "--full",
    "--status",
    "--techniques",
    "quiescence,exchange-pruning",
  ], { timeoutMs: 60_000 });
  assert.equal(status.code, 0, status.stderr);
  // The quiescence test of the committed candidates run has ended.
  assert.match(
    status.stdout,
    /^chess\tquiescence\tnodes\t\+\d+ \[.*games.*H1/m,
  );
  assert.match(status.stdout, /^chess\texchange-pruning\tnodes\t/m);
  // ETC is not in the candidates engine, so it has no test there.
  assertCleanFailure(
    await runCli("atlas_elo.ts", [
      "--mode",
      "leave-one-out",
      "--engine",
      "candidates",
      "--techniques",
      "etc",
      "--status",
    ]),
    /^atlas-elo: --techniques must list techniques of the leave-one-out Elo tests of the candidates engine \([^)]*exchange-pruning[^)]*\), got "etc" \(see --help\)$/m,
    "ETC from the candidates engine",
  );
  assertCleanFailure(
    await runCli("atlas_elo.ts", ["--mode", "leave-one-out", "--engine", "x"]),
    /^atlas-elo: --engine must be one of selective, candidates, got "x" \(see --help\)$/m,
    "a bad engine",
  );
  assertCleanFailure(
    await runCli("atlas_elo.ts", ["--engine", "candidates", "--status"]),
    /^atlas-elo: --engine picks the full engine of --mode leave-one-out \(or of --depths\); the add-one tests start from the base engine, got --mode add-one \(see --help\)$/m,
    "--engine with add-one",
  );
});
