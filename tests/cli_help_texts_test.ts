// What every command's --help says, as the fuller ones did before review
// found some that were a usage line only: each flag of the usage line on a
// line of its own that says what it does, with its default and range, and
// the exit statuses. Ranges are written as the errors write them, 1…64:
// not 1-64, 0..42, (0, 4096], "from 1 to 65535" or "≥ 1".
import assert from "node:assert/strict";
import { runCli } from "./_cli.ts";

/**
 * The commands of cli/ and the benches run as tasks, whose help is checked
 * (cli/uci.ts is others' to change).
 */
const COMMANDS: [file: string, args: string[]][] = [
  ["strength.ts", []],
  ["atlas_elo.ts", []],
  ["figures.ts", []],
  ["chess_referee.ts", []],
  ["match.ts", []],
  ["nats_bench.ts", []],
  ["native_bench.ts", []],
  ["play.ts", []],
  ["lab.ts", []],
  ["run_notebooks.ts", []],
  ["grade.ts", []],
  ["site.ts", []],
  ["solve.ts", []],
  ["c4bench.ts", []],
  ["c4sets.ts", []],
  ["openings.ts", []],
  ["worker.ts", []],
  ["../bench/perft_vs_stockfish.ts", []],
  ["../bench/chess_depth_vs_stockfish.ts", []],
  ["../bench/chess_strength.ts", []],
  ["../bench/engine_vs_baseline.ts", []],
  ["../bench/connect_four_vs_reference.ts", []],
];

/** The flags of a help text's usage line (its first paragraph). */
function usageFlags(help: string): string[] {
  const usage = help.split("\n\n")[0]!;
  return [...new Set(usage.match(/--[a-z][a-z-]*/g) ?? [])];
}

/** Ranges written otherwise than `A…B`. */
export function otherRanges(text: string): string[] {
  return [
    // 1-64, 0-42 (but not a date, a move list or a command's name)
    ...text.match(/(?<![\w.:-])\d+-\d+(?![\w.:-])/g) ?? [],
    ...text.match(/-?\d+\.\.-?\d+/g) ?? [],
    ...text.match(/\(\d+, \d+\]/g) ?? [],
    ...text.match(/from \d+ to \d+/g) ?? [],
    ...text.match(/[≥≤] ?\d+/g) ?? [],
    ...text.match(/>= ?\d+/g) ?? [],
    ...text.match(/whole number/g) ?? [],
  ];
}

Deno.test("every command's --help gives each flag a line of its own, and the exit statuses", async () => {
  for (const [file, args] of COMMANDS) {
    const run = await runCli(file, [...args, "--help"]);
    assert.equal(run.code, 0, `${file} --help: ${run.stderr}`);
    const help = run.stdout;
    const flags = usageFlags(help);
    assert.ok(flags.length > 0, `${file} --help: no flags in\n${help}`);
    for (const flag of flags) {
      // "  --flag …", "  -h, --help", or the flag's own paragraph of a
      // list of them ("…; --nats-creds FILE (…), --nats-nkey FILE").
      assert.match(
        help,
        new RegExp(`^ +(-\\w, )?${flag}\\b|^ +.*[,;] ${flag} [A-Z]`, "m"),
        `${file} --help has no line for ${flag}`,
      );
    }
    assert.match(help, /^Exit status/m, `${file} --help: no exit statuses`);
  }
});

Deno.test("ranges in --help are written A…B, as in the errors", async () => {
  for (const [file, args] of COMMANDS) {
    const run = await runCli(file, [...args, "--help"]);
    assert.deepEqual(otherRanges(run.stdout), [], `${file} --help`);
  }
});

Deno.test("grade --help states its limits: --timeout 1…3600 s, --memory 64…65536 MB", async () => {
  const run = await runCli("grade.ts", ["--help"]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^ +--timeout SECONDS [^\n]*\n[^\n]*1…3600 /m);
  assert.match(run.stdout, /^ +--memory MB [^\n]*\n[^\n]*64…65536 /m);
});

Deno.test("a time flag whose name does not say its unit means one unit in every command", async () => {
  // Found by review: --timeout was MS in match and chess-referee and
  // SECONDS in grade, notebooks and the benches, so "match --timeout 5"
  // gave 5 ms and every game was lost on time.
  const unitOf: Record<string, string> = { MS: "ms", S: "s", SECONDS: "s" };
  const units = new Map<string, Set<string>>();
  for (const [file, args] of COMMANDS) {
    const run = await runCli(file, [...args, "--help"]);
    const usage = run.stdout.split("\n\n")[0]!;
    for (
      const [, flag, value] of usage.matchAll(/(--[a-z-]+)[ =]([A-Z]+)\b/g)
    ) {
      const unit = unitOf[value!];
      if (unit === undefined) continue;
      if (flag!.endsWith("-ms") || flag!.endsWith("-s")) {
        assert.equal(
          unit,
          flag!.endsWith("-ms") ? "ms" : "s",
          `${file} ${flag} ${value}`,
        );
        continue;
      }
      const seen = units.get(flag!) ?? new Set();
      seen.add(`${unit} (${file})`);
      units.set(flag!, seen);
    }
  }
  for (const [flag, seen] of units) {
    const kinds = new Set([...seen].map((entry) => entry.split(" ")[0]));
    assert.equal(kinds.size, 1, `${flag} means ${[...seen].join(", ")}`);
  }
  assert.ok(units.has("--timeout"), "no command's --timeout was read");
});

Deno.test("match and chess-referee --help: the searches' budgets are --timeout-ms and --handshake-timeout-ms, in milliseconds", async () => {
  const match = (await runCli("match.ts", ["--help"])).stdout;
  assert.match(match, /^ +--timeout-ms MS +milliseconds /m);
  assert.match(match, /^ +--handshake-timeout-ms MS\n +milliseconds /m);
  const referee = (await runCli("chess_referee.ts", ["--help"])).stdout;
  assert.match(
    referee,
    /^ +--timeout-ms MS +the budget of one search in milliseconds/m,
  );
  for (const help of [match, referee]) {
    assert.doesNotMatch(help, /--(handshake-)?timeout(?!-ms)\b/);
  }
});
