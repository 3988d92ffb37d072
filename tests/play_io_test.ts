// cli/play.ts and cli/_lines.ts at their edges: over-long lines, a closed
// stdout, a signal during a search.
import assert from "node:assert/strict";
import { assertNoStackTrace, cliPath, ROOT, runCli } from "./_cli.ts";
import { lines, MAX_LINE_LENGTH } from "../cli/_lines.ts";

Deno.test("lines: a 32 MiB line in small chunks is skipped whole, in one pass; the next line comes", async () => {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  const chunks = Array.from({ length: 512 }, () => chunk);
  const input = ReadableStream.from([
    ...chunks,
    new TextEncoder().encode("\nquit\n"),
  ]);
  const skipped: [number, number][] = [];
  const seen: string[] = [];
  for await (const line of lines(input, (n, l) => skipped.push([n, l]))) {
    seen.push(line);
  }
  assert.deepEqual(skipped, [[1, 32 * 1024 * 1024]]);
  assert.deepEqual(seen, ["quit"]);
  assert.equal(MAX_LINE_LENGTH, 1 << 20);
});

Deno.test("play: an over-long line is named and skipped, the game goes on", async () => {
  const run = await runCli("play.ts", ["tictactoe"], {
    stdin: "y".repeat(2_000_000) + "\n4\nquit\n",
    permissions: [],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /line 1 is 2000000 characters long, more than 1048576: skipped/,
  );
  assert.match(run.stdout, /You play cell 4\./);
  assertNoStackTrace(run.stderr, "play");
});

Deno.test("play: a closed stdout (| head -1) exits quietly with 0", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", cliPath("play.ts"), "tictactoe"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  await reader.read();
  await reader.cancel();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode("help\n".repeat(50))).catch(
    () => {},
  );
  await writer.close().catch(() => {});
  const { code, stderr } = await child.output().catch(async () => ({
    ...(await child.status),
    stderr: new Uint8Array(),
  }));
  assert.equal(code, 0);
  assertNoStackTrace(new TextDecoder().decode(stderr), "play");
});

Deno.test("play: SIGTERM during an engine search ends it at once, without a trace", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", cliPath("play.ts"), "chess", "--depth", "64"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode("e4\n"));
  await new Promise((resolve) => setTimeout(resolve, 500));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const { signal, stderr } = await child.output();
  clearTimeout(timer);
  assert.equal(signal, "SIGTERM");
  assertNoStackTrace(new TextDecoder().decode(stderr), "play");
});
