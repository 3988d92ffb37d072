/**
 * `deno task test`: runs `deno bundle` once (see `warmBundler`), then
 * `deno test -A --doc --parallel` with the task's
 * arguments (test files run side by side, as many as the machine has
 * cores, or `DENO_JOBS`: many tests wait on the programs they start, so
 * two cores finish the suite well before one would),
 * passing its output through unchanged (its summary line `ok | N passed | …`
 * included, which `.ci/run` reads), then ends with one line: each external
 * program that is not installed, how many tests it held back (ignored, see
 * tests/_programs.ts), and the one command that installs them all — or that
 * none was missing. Exits with deno test's status.
 *
 * SIGINT and SIGTERM are passed on to deno test, which stops and reports.
 *
 * @module
 */

import { commandOutput } from "../src/command_output.ts";
import { HELD_BACK_FILE_ENV, heldBackLine } from "./_programs.ts";

/**
 * Runs `deno bundle` once on a one-line module, so that the esbuild it
 * fetches is in Deno's cache before test modules bundle side by side: on
 * CI's fresh cache, bundles started together failed twice with "No such
 * file or directory" (runs ci8 and ciG), never on a warm one. A failure is
 * printed and the tests run all the same (the site's tests then report it).
 */
async function warmBundler(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "gts_bundle_warm_" });
  try {
    await Deno.writeTextFile(`${dir}/entry.ts`, "export const one = 1;\n");
    const run = await commandOutput(Deno.execPath(), [
      "bundle",
      "--quiet",
      "-o",
      `${dir}/out.js`,
      `${dir}/entry.ts`,
    ]);
    if (!run.success) {
      console.error(
        `deno task test: deno bundle (run once before the tests) failed: ${run.stderr.trim()}`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

await warmBundler();
const records = await Deno.makeTempFile({ prefix: "gts_held_back_" });
let code = 1;
try {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--doc", "--parallel", ...Deno.args],
    env: { [HELD_BACK_FILE_ENV]: records },
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  const forward = (signal: Deno.Signal) => () => {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  const onInt = forward("SIGINT");
  const onTerm = forward("SIGTERM");
  Deno.addSignalListener("SIGINT", onInt);
  Deno.addSignalListener("SIGTERM", onTerm);
  const status = await child.status;
  Deno.removeSignalListener("SIGINT", onInt);
  Deno.removeSignalListener("SIGTERM", onTerm);
  code = status.code;
  console.log(heldBackLine((await Deno.readTextFile(records)).split("\n")));
} catch (error) {
  console.error(`deno task test: ${(error as Error).message}`);
  code = code === 0 ? 1 : code;
} finally {
  await Deno.remove(records).catch(() => {});
}
Deno.exit(code);
