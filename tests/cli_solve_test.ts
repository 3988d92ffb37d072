import assert from "node:assert/strict";

const SOLVE = new URL("../cli/solve.ts", import.meta.url).pathname;

/** Starts `deno run cli/solve.ts` with piped stdin, stdout and stderr. */
function spawnSolve(...args: string[]): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", SOLVE, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

Deno.test("deno task solve prints <position> <score> <nodes> <microseconds>, reports bad lines by number and exits 1", async () => {
  const child = spawnSolve();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      "4455\n44x5\n2252576253462244111563365343671351441 -1\n\n12121212\n",
    ),
  );
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  const out = new TextDecoder().decode(stdout).trim().split("\n");
  const err = new TextDecoder().decode(stderr).trim().split("\n");
  assert.equal(code, 1);
  assert.equal(out.length, 2);
  assert.match(out[0]!, /^4455 18 \d+ \d+$/);
  assert.match(out[1]!, /^2252576253462244111563365343671351441 -1 \d+ \d+$/);
  assert.deepEqual(err, [
    'line 2: ConnectFour.parse: "x" at index 2 is not a column digit 1-7',
    "line 5: ConnectFour.parse: the game was already won before the move at index 7 (column 2)",
  ]);
});

Deno.test("deno task solve streams: a line's answer arrives before stdin is closed", async () => {
  const child = spawnSolve("--weak");
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  await writer.write(new TextEncoder().encode("4455\n"));
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  assert.match(text, /^4455 1 \d+ \d+\n$/);
  await writer.close();
  await reader.cancel();
  await child.stderr.cancel();
  assert.equal((await child.status).code, 0);
});

Deno.test("deno task solve exits 0 when every line is valid and 2 on an unknown option", async () => {
  const ok = spawnSolve();
  const writer = ok.stdin.getWriter();
  await writer.write(new TextEncoder().encode("4455\n"));
  await writer.close();
  assert.equal((await ok.output()).code, 0);
  const bad = spawnSolve("--strong");
  await bad.stdin.close();
  const result = await bad.output();
  assert.equal(result.code, 2);
  assert.match(
    new TextDecoder().decode(result.stderr),
    /Unknown argument --strong/,
  );
});
