// How the commands of cli/ read a flag's value: a flag given where a value
// stands is refused, named, and not taken as the value (cli/_flags.ts's
// flagValue, and the commands that read their values themselves).
import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";

Deno.test("a flag where a value stands is refused with one line naming both, not taken as the value", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "gts_flag_values_" });
  try {
    const runs: [string, string[], RegExp][] = [
      // Ran lesson 004 into a folder named "--strict", without --strict.
      [
        "figures.ts",
        ["004", "--out", "--strict"],
        /^--out needs a folder, got the flag "--strict"$/m,
      ],
      // Tried to connect to a server named "--full".
      [
        "strength.ts",
        ["--nats", "--full"],
        /^strength: --nats needs a server address, got the flag "--full"$/m,
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
