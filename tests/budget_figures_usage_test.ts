/** `deno task figures`' lesson list names each lesson number once (issue 19: "003, 003"). */

import assert from "node:assert/strict";
import { assertUsageLine, runCli } from "./_cli.ts";

Deno.test("figures' refusal of a lesson, and its help, list each lesson once", async () => {
  const out = await Deno.makeTempDir({ prefix: "figures_usage_" });
  try {
    const run = await runCli("figures.ts", ["--out", out, "999"]);
    assertUsageLine(
      run,
      "figures",
      /^figures: LESSON must be one of [\w, ]+, got "999" /,
      "figures 999",
    );
    const listed = run.stderr.match(/must be one of ([\w, ]+), got/)![1]!;
    const lessons = listed.split(", ");
    assert.ok(lessons.includes("003"), listed);
    assert.deepEqual(lessons, [...new Set(lessons)], listed);
    const help = await runCli("figures.ts", ["--help"]);
    assert.equal(help.code, 0, help.stderr);
    assert.ok(help.stdout.includes(listed), help.stdout);
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
    assertUsageLine(
      run,
      "figures",
      /^figures: --committed-elo goes with --full \(a default run shows the committed atlas as it is\) /,
      "figures --committed-elo",
    );
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
