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
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-config", "--no-lock", script],
    cwd: Deno.makeTempDirSync(),
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(success, new TextDecoder().decode(stderr));
  assert.equal(new TextDecoder().decode(stdout).trim(), "18297");
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
