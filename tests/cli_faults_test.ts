// Every command of cli/ (every file without a leading underscore, so a new
// command is covered the day it is added), run as a real process on input a
// user mistypes: one clear line and exit 2, never a stack trace; `--help`
// exits 0. The commands' own tests cover their deeper faults.
import assert from "node:assert/strict";
import {
  assertCleanFailure,
  assertNoStackTrace,
  cliPath,
  runCli,
} from "./_cli.ts";

const commands: string[] = [];
for await (const entry of Deno.readDir(cliPath(""))) {
  if (entry.isFile && /^[a-z][a-z0-9_]*\.ts$/.test(entry.name)) {
    commands.push(entry.name);
  }
}
commands.sort();

/** The UCI engine speaks the protocol on stdin and takes no arguments. */
const PROTOCOL_ONLY = new Set(["uci.ts"]);

Deno.test("cli/: the commands are found", () => {
  for (
    const name of ["figures.ts", "match.ts", "play.ts", "solve.ts", "uci.ts"]
  ) {
    assert.ok(commands.includes(name), `${name} among ${commands.join(", ")}`);
  }
});

for (const command of commands.filter((name) => !PROTOCOL_ONLY.has(name))) {
  Deno.test(`cli/${command}: an unknown flag is one short message and exit 2; --help exits 0`, async () => {
    const bad = await runCli(command, ["--no-such-flag"]);
    assertCleanFailure(bad, /no-such-flag/, `cli/${command} --no-such-flag`);
    const lines = bad.stderr.trim().split("\n");
    assert.ok(
      lines.length <= 3,
      `${command}: ${lines.length} lines:\n${bad.stderr}`,
    );
    const help = await runCli(command, ["--help"]);
    assertNoStackTrace(help.stderr + help.stdout, `cli/${command} --help`);
    assert.equal(
      help.code,
      0,
      `${command} --help: exit ${help.code}\n${help.stderr}`,
    );
    assert.ok(
      (help.stdout + help.stderr).trim().length > 0,
      `${command} --help printed nothing`,
    );
  });
}

Deno.test("cli/uci.ts: garbage on stdin is answered with info string lines, end of input exits 0", async () => {
  const run = await runCli("uci.ts", [], {
    stdin: "\u0000\u0001garbage\nposition fen not-a-fen\ngo depth abc\n",
  });
  assertNoStackTrace(run.stderr + run.stdout, "cli/uci.ts on garbage");
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /info string unknown command/);
  assert.match(run.stdout, /info string position:/);
  assert.equal(run.stdout.match(/^bestmove /gm)?.length, 1, run.stdout);
});
