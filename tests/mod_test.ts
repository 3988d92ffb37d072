// mod.ts is what checks outside the repository import: it must load without
// this project's deno.json (no import map). Its one dependency is chess.js,
// imported by its full pinned specifier npm:chess.js@1.4.0 (notation — FEN,
// SAN, PGN — comes from a well-kept library, not written by hand); any other
// npm:, jsr: or URL import under src/ is a mistake.
import assert from "node:assert/strict";

Deno.test("mod.ts loads and searches with no deno.json: no dependency but the pinned chess.js", async () => {
  const modUrl = new URL("../mod.ts", import.meta.url).href;
  const script = `
    const { alphaBeta, TicTacToe } = await import(${JSON.stringify(modUrl)});
    console.log(alphaBeta(TicTacToe.empty()).stats.nodes);
  `;
  // An empty folder, so that no deno.json is found above the cwd either.
  const cwd = Deno.makeTempDirSync({ prefix: "mod_test_" });
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-config", "--no-lock", script],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output().finally(() => Deno.removeSync(cwd));
  assert.ok(success, new TextDecoder().decode(stderr));
  assert.equal(new TextDecoder().decode(stdout).trim(), "18297");
});

Deno.test("mod.ts exports the contract names and keeps the internals behind the module boundary", async () => {
  const mod: Record<string, unknown> = await import("../mod.ts");
  // The names DESIGN.md and the issues' contracts promise.
  for (
    const name of [
      "TicTacToe",
      "ExplicitTree",
      "UniformTree",
      "minimax",
      "negamax",
      "alphaBeta",
      "TranspositionTable",
      "iterativeDeepening",
      "aspiration",
      "pvs",
      "mtdf",
      "sssStar",
      "quiescence",
      "Nim",
      "nimSum",
      "winningMoves",
      "ConnectFour",
      "solveConnectFour",
      "Chess",
      "perft",
      "mcts",
      "BOUND_EXACT",
      "BOUND_LOWER",
      "BOUND_UPPER",
      "VALUE_INFINITE",
      "NO_MOVE",
    ]
  ) assert.ok(name in mod, `mod.ts must export ${name}`);
  // Implementation details: the bitboard layout, the resolved move-ordering plan,
  // the counters' constructors and the worker protocol.
  for (
    const name of [
      "CELLS",
      "LOW_BITS",
      "BOTTOM_LO",
      "BOTTOM_HI",
      "BOARD_LO",
      "BOARD_HI",
      "COLUMN_LO",
      "COLUMN_HI",
      "WIN",
      "winningCells",
      "popcount",
      "ORDER_TT",
      "ORDER_PV",
      "ORDER_KILLER",
      "ORDER_HISTORY",
      "SCORE_TT",
      "SCORE_PV",
      "SCORE_KILLER_1",
      "SCORE_KILLER_2",
      "HISTORY_LIMIT",
      "resolveOrder",
      "createStats",
      "createExtendedStats",
    ]
  ) assert.ok(!(name in mod), `mod.ts must not export the internal ${name}`);
});

Deno.test("mod.ts's module graph: its only outside module is npm:chess.js@1.4.0", async () => {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--no-config", "--no-lock", "mod.ts"],
    cwd: new URL("..", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(success, new TextDecoder().decode(stderr));
  const graph = JSON.parse(new TextDecoder().decode(stdout)) as {
    modules: { specifier: string }[];
    npmPackages: Record<string, unknown>;
  };
  const outside = graph.modules.map((m) => m.specifier).filter((s) =>
    !s.startsWith("file:") && !s.startsWith("node:")
  );
  assert.deepEqual(outside, ["npm:/chess.js@1.4.0"]);
  assert.deepEqual(Object.keys(graph.npmPackages), ["chess.js@1.4.0"]);
});
