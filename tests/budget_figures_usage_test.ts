/** `deno task figures`' usage lists each lesson number once (issue 19: "003, 003"). */

import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";

Deno.test("figures usage lists each lesson once", async () => {
  const out = await Deno.makeTempDir({ prefix: "figures_usage_" });
  try {
    const run = await runCli("figures.ts", ["--out", out, "999"]);
    assertCleanFailure(run, /^Unknown lesson 999$/m, "figures 999");
    const usage = run.stderr.match(/\(lessons: ([^)]*)\)/);
    assert.ok(usage !== null, run.stderr);
    const lessons = usage[1]!.split(", ");
    assert.ok(lessons.includes("003"), usage[1]);
    assert.deepEqual(lessons, [...new Set(lessons)], usage[1]);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("figures --committed-elo without --full is refused with the rule", async () => {
  const out = await Deno.makeTempDir({ prefix: "figures_usage_" });
  try {
    const run = await runCli("figures.ts", [
      "--committed-elo",
      "--out",
      out,
      "atlas",
    ]);
    assertCleanFailure(
      run,
      /^--committed-elo goes with --full \(a default run shows the committed atlas as it is\)$/m,
      "figures --committed-elo",
    );
    assert.match(run.stderr, /\[--full \[--committed-elo\]\]/);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
