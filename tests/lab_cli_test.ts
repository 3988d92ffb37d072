/**
 * `deno task lab` (cli/lab.ts): the route a student takes to open the
 * notebooks. With JupyterLab in .venv/ (`.ci/run` installs it through
 * `cli/lab.ts --check` before the tests), `--check` starts a real server
 * (in its own process: `deno task test` grants no network permission),
 * finds every notebook and the deno kernel through its REST API and stops
 * it; bad command lines and a missing Python fail with one line.
 */

import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";
import {
  ensureJupyterLab,
  installedJupyterLab,
  JUPYTERLAB_VERSION,
} from "../src/notebook/lab.ts";
import { lacks } from "./_programs.ts";

const installed = await installedJupyterLab();
const ready = installed === JUPYTERLAB_VERSION;
if (!ready) {
  console.warn(
    `tests/lab_cli_test.ts: the server tests are SKIPPED: .venv/ has JupyterLab ${installed}, not ${JUPYTERLAB_VERSION} (run deno task lab --check once)`,
  );
}

Deno.test({
  name:
    "lab --check: a real JupyterLab lists every notebook and the deno kernel, then stops",
  // lacks first: a missing kernelspec is counted even where .venv/ is not ready.
  ignore: lacks("deno-kernelspec") || !ready,
  async fn() {
    const run = await runCli("lab.ts", ["--check"], { timeoutMs: 180_000 });
    assert.equal(run.code, 0, run.stderr);
    const notebooks = [...Deno.readDirSync("notebooks")].filter((entry) =>
      entry.name.endsWith(".ipynb")
    ).length;
    assert.match(
      run.stdout,
      new RegExp(
        `^lab --check: JupyterLab ${
          JUPYTERLAB_VERSION.replaceAll(".", "\\.")
        } on http://127\\.0\\.0\\.1:\\d+ lists the ${notebooks} notebooks of notebooks/ and the deno kernel; stopped\\n$`,
      ),
    );
    // pip does not run again: the pinned version is there.
    assert.doesNotMatch(run.stderr, /installing JupyterLab/);
  },
});

Deno.test("lab: bad command lines exit 2 with one line", async () => {
  for (
    const [args, message] of [
      [
        ["--port", "x"],
        /lab: --port must be a whole number from 1 to 65535, got "x" \(see --help\)/,
      ],
      [["--port"], /lab: --port needs a value/],
      [["--bogus"], /lab: unknown option "--bogus"/],
      [["notebooks/"], /lab: unexpected argument "notebooks\/"/],
      [["--check", "--no-browser"], /--check picks its own port/],
    ] as const
  ) {
    const run = await runCli("lab.ts", [...args]);
    assertCleanFailure(run, message, `lab ${args.join(" ")}`);
    assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  }
  const help = await runCli("lab.ts", ["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: deno task lab/);
});

Deno.test("lab: a Python without venv is named, not a stack trace", async () => {
  const venv = `${await Deno.makeTempDir({ prefix: "gts-venv-" })}/.venv`;
  try {
    await assert.rejects(
      ensureJupyterLab({ venv, python: "/nonexistent/python3" }),
      (error: Error) => {
        assert.equal(error.name, "LabFault");
        assert.match(
          error.message,
          /^ensureJupyterLab: \/nonexistent\/python3 -m venv .*\.venv failed: \/nonexistent\/python3: not found \(Debian and Ubuntu need the python3-venv package\)$/,
        );
        return true;
      },
    );
  } finally {
    await Deno.remove(venv.slice(0, -"/.venv".length), { recursive: true });
  }
});
