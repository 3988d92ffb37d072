// mod.ts is what checks outside the repository import: it must load without
// this project's deno.json (no import map, no npm packages).
import assert from "node:assert/strict";

Deno.test("mod.ts loads and searches with no deno.json: the library has no dependencies", async () => {
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
