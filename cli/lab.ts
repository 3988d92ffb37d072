/**
 * `deno task lab`: opens the course's notebooks in JupyterLab with the Deno
 * kernel. The first run installs JupyterLab (pinned, from PyPI) into `.venv/`
 * of the checkout and registers the kernel in `.jupyter/` (`.ci/kernel`);
 * later runs start at once. Needs Node.js (for npm's Deno) and Python 3 with
 * `venv`; Jupyter writes nothing outside the checkout (its settings,
 * runtime files and cookie secret go to `.jupyter/`: see
 * `labEnv` in src/notebook/lab.ts).
 *
 * `--check` installs what is missing, starts the server on a free port with a
 * token, checks that it lists every notebook and the deno kernel and will
 * not ask about Jupyter's news, stops it and exits 0: `.ci/run` runs it as
 * the README shows it, `npx --yes deno@2.9.6 task lab --check`.
 *
 * @module
 */

import {
  checkLab,
  ensureDenoKernel,
  ensureJupyterLab,
  JUPYTERLAB_VERSION,
  LAB_ROOT,
  labArgs,
  labEnv,
  LabFault,
  startLab,
  venvPython,
  writeLabOverrides,
} from "../src/notebook/lab.ts";
import {
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import { print, readCommandLine, warn } from "./_output.ts";

/** The text of `deno task lab --help`. */
export const HELP = `Usage: deno task lab [--check] [--port N] [--no-browser]

Opens notebooks/ in JupyterLab ${JUPYTERLAB_VERSION} with the Deno kernel. The first
run installs JupyterLab from PyPI into .venv/ of this checkout (python3 -m
venv, then pip; about a minute) and registers the Deno kernel in .jupyter/
(.ci/kernel); later runs start at once. Jupyter's settings, runtime files
and cookie secret stay in .jupyter/ of this checkout. Stop the server with
Ctrl-C.

Options:
  --check       start the server on a free port with a token, check that it
                lists every notebook of notebooks/ and the deno kernel and
                does not ask about Jupyter's news, stop it; exit 0 when all
                is well
  --port N      the server's port, an integer in 1…65535 (default:
                JupyterLab's, 8888 or the next free one)
  --no-browser  do not open a browser; open the URL that JupyterLab prints
  -h, --help    this text

Exit status:
  0    the server ran and was stopped (or --check passed)
  2    a bad command line, or a fault: no python3 with venv, pip failing,
       the kernel not registered, the server not starting or not listing
       the notebooks (one line on stderr says which)`;

/** The command line of `deno task lab`. */
export interface LabOptions {
  help: boolean;
  check: boolean;
  port: number | null;
  browser: boolean;
}

/**
 * Reads the command line of `deno task lab`.
 *
 * @param args the arguments
 * @returns the options
 * @throws {UsageError} naming the bad argument, or a flag given twice
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLabArgs } from "./lab.ts";
 * assert.equal(parseLabArgs(["--check"]).check, true);
 * assert.equal(parseLabArgs(["--port", "9999"]).port, 9999);
 * assert.equal(parseLabArgs(["--port=9999"]).port, 9999);
 * assert.throws(() => parseLabArgs(["--port", "0"]), /--port must be/);
 * assert.throws(() => parseLabArgs(["notebooks/"]), /unexpected argument/);
 * assert.throws(() => parseLabArgs(["--port", "1", "--port", "2"]), /lab: --port is given twice/);
 * ```
 */
export function parseLabArgs(args: readonly string[]): LabOptions {
  const options: LabOptions = {
    help: false,
    check: false,
    port: null,
    browser: true,
  };
  const flags = new FlagsOnce("lab");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "-h" || arg === "--help") options.help = true;
    else if (arg === "--check") options.check = true;
    else if (arg === "--no-browser") options.browser = false;
    else if (isFlag(arg, "--port")) {
      // `--port 9999` and `--port=9999` alike, as every command takes them.
      let text: string;
      [text, i] = flagValue("lab", args, i, "--port");
      options.port = integerValue(
        "lab",
        "--port",
        text,
        5,
        1,
        65_535,
        "an integer in 1…65535",
      );
    } else if (arg.startsWith("-")) {
      throw new UsageError(`lab: unknown argument ${JSON.stringify(arg)}`);
    } else {
      throw new UsageError(
        `lab: unexpected argument ${
          JSON.stringify(arg)
        } (the lab always opens notebooks/ of this checkout)`,
      );
    }
  }
  if (options.check && (options.port !== null || !options.browser)) {
    throw new UsageError(
      "lab: --check picks its own port and opens no browser; drop --port and --no-browser",
    );
  }
  return options;
}

async function setup(): Promise<void> {
  const progress = (line: string) => warn(`lab: ${line}`);
  await ensureJupyterLab({ progress });
  await ensureDenoKernel(progress);
  await writeLabOverrides();
}

async function check(): Promise<number> {
  await setup();
  const server = await startLab();
  let found;
  try {
    found = await checkLab(server);
  } finally {
    await server.stop();
  }
  // After the stop: a closed stdout exits in print, past any finally.
  print(
    `lab --check: JupyterLab ${found.version} on ${found.url} lists the ${found.notebooks.length} notebooks of notebooks/ and the deno kernel, asks nothing about news; stopped`,
  );
  return 0;
}

async function open(options: LabOptions): Promise<number> {
  await setup();
  const child = new Deno.Command(venvPython(), {
    args: labArgs([
      ...(options.port === null ? [] : [`--ServerApp.port=${options.port}`]),
      ...(options.browser ? [] : ["--no-browser"]),
    ]),
    cwd: LAB_ROOT,
    env: labEnv(),
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  // Ctrl-C reaches JupyterLab too, which asks whether to stop: this process
  // waits for its answer instead of dying and leaving it behind.
  const ignore = () => {};
  Deno.addSignalListener("SIGINT", ignore);
  try {
    const status = await child.status;
    return status.success ? 0 : 2;
  } finally {
    Deno.removeSignalListener("SIGINT", ignore);
  }
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseLabArgs, args, HELP);
  if (typeof options === "number") return options;
  try {
    return options.check ? await check() : await open(options);
  } catch (error) {
    if (error instanceof LabFault) {
      warn(error.message);
      return 2;
    }
    throw error;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
