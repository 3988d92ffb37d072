import assert from "node:assert/strict";

const BENCH = new URL("../bench/", import.meta.url);

Deno.test("every file in bench/ is a *_bench.ts that honours smoke mode, a task's script that a test runs, or an _internal helper", () => {
  const tasks: Record<string, string> = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  ).tasks;
  const tests = [...Deno.readDirSync(new URL("../tests/", import.meta.url))]
    .filter((entry) => entry.name.endsWith("_test.ts"))
    .map((entry) =>
      Deno.readTextFileSync(new URL(`../tests/${entry.name}`, import.meta.url))
    );
  const benches: string[] = [];
  for (const entry of Deno.readDirSync(BENCH)) {
    assert.ok(entry.isFile, `bench/${entry.name}: only files belong here`);
    if (entry.name.startsWith("_") || entry.name.startsWith(".")) continue;
    // A script of its own (it takes a command line, e.g. another program's
    // path): a deno.json task runs it and a test runs its small default,
    // so it cannot go stale unnoticed either.
    if (!entry.name.endsWith("_bench.ts")) {
      assert.ok(
        Object.values(tasks).some((task) =>
          task.endsWith(` bench/${entry.name}`)
        ),
        `bench/${entry.name}: neither *_bench.ts nor run by a deno.json task`,
      );
      assert.ok(
        tests.some((text) => text.includes(`../bench/${entry.name}`)),
        `bench/${entry.name}: no test in tests/ runs it`,
      );
      continue;
    }
    // deno bench picks up only *_bench.ts: any other name would never run.
    assert.match(entry.name, /_bench\.ts$/, `bench/${entry.name}`);
    benches.push(entry.name);
    const text = Deno.readTextFileSync(new URL(entry.name, BENCH));
    assert.match(text, /from "\.\/_smoke\.ts"/, `bench/${entry.name}`);
    // Each Deno.bench takes the smoke mode's one-iteration options.
    const defined = text.split("Deno.bench(").length - 1;
    const smoked = text.split("...RUNS").length - 1;
    assert.ok(defined > 0, `bench/${entry.name} defines no bench`);
    assert.equal(
      smoked,
      defined,
      `bench/${entry.name}: a Deno.bench without ...RUNS`,
    );
    // A bench that checks nothing cannot go stale loudly.
    assert.match(text, /throw new Error/, `bench/${entry.name}`);
  }
  assert.ok(benches.length >= 2);
});

Deno.test("deno task bench:smoke runs the whole bench/ folder, and CI runs it", () => {
  const config = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  );
  assert.match(
    config.tasks["bench:smoke"],
    /BENCH_SMOKE=1 deno bench .*bench\/$/,
  );
  assert.match(config.tasks["bench:smoke"], /--allow-env=BENCH_SMOKE/);
  const ci = Deno.readTextFileSync(new URL("../.ci/run", import.meta.url));
  assert.match(ci, /^check "bench smoke" "\$DENO" task bench:smoke$/m);
});

Deno.test("smoke mode's fewest runs, as bench/_smoke.ts says: a bench slower than 10 ms is called three times (one warm-up, two measured), not once", async () => {
  // A bench as bench/ writes them, its body at least 20 ms (longer than
  // each of deno bench's 10 ms budgets), counting its calls in a file.
  const dir = await Deno.makeTempDir({ prefix: "gts_smoke_runs_" });
  try {
    const smoke = new URL("../bench/_smoke.ts", import.meta.url).href;
    await Deno.writeTextFile(
      `${dir}/count_bench.ts`,
      `import { RUNS } from ${JSON.stringify(smoke)};
const calls = ${JSON.stringify(`${dir}/calls.txt`)};
Deno.bench({ name: "slow", ...RUNS, fn() {
  Deno.writeTextFileSync(calls, "call\\n", { append: true });
  const end = performance.now() + 20;
  while (performance.now() < end) { /* busy */ }
} });
`,
    );
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "bench",
        "--json",
        "--allow-env=BENCH_SMOKE",
        `--allow-read=${dir}`,
        `--allow-write=${dir}`,
        `${dir}/count_bench.ts`,
      ],
      cwd: dir,
      env: { BENCH_SMOKE: "1", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, stderr);
    const report = JSON.parse(new TextDecoder().decode(run.stdout));
    assert.equal(report.benches[0].results[0].ok.n, 2, "measured calls");
    const calls = (await Deno.readTextFile(`${dir}/calls.txt`)).split("\n")
      .filter((line) => line !== "").length;
    assert.equal(calls, 3, "calls in all: one warm-up and two measured");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
