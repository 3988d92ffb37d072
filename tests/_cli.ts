// Running a command of cli/ as a real process, as a user would, and checking
// that what it prints on a fault is a message and not a stack trace.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

/** What a finished command left. */
export interface CliRun {
  code: number;
  signal: Deno.Signal | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from spawn to exit (printed in messages, never judged). */
  ms: number;
  /** The process id it ran as. */
  pid: number;
}

/** Options of {@linkcode runCli}. */
export interface CliOptions {
  /** Text written to standard input, then closed (default: stdin closed at once). */
  stdin?: string;
  /** `deno run` permission flags (default `-A`). */
  permissions?: string[];
  /** Environment added to NO_COLOR=1. */
  env?: Record<string, string>;
  /** Kill the process with SIGKILL after this long and fail (default 120,000 ms). */
  timeoutMs?: number;
  /** The working directory (default: the repository root). */
  cwd?: string;
  /**
   * Close the reading end of stdout before the command starts, as
   * `| head -0` would: every write it makes meets a closed pipe (`stdout`
   * is then "").
   */
  closedStdout?: boolean;
}

/** The repository root, as a path. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The path of `cli/<name>`. */
export function cliPath(name: string): string {
  return fileURLToPath(new URL(`../cli/${name}`, import.meta.url));
}

/**
 * Runs `deno run <permissions> cli/<file> ...args` to its end. A command
 * still running after `timeoutMs` is killed and the test fails: a fault
 * path that hangs is a defect.
 */
export async function runCli(
  file: string,
  args: readonly string[],
  options: CliOptions = {},
): Promise<CliRun> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      ...(options.permissions ?? ["-A"]),
      cliPath(file),
      ...args,
    ],
    cwd: options.cwd ?? ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...options.env },
  }).spawn();
  if (options.closedStdout) await child.stdout.cancel();
  const writer = child.stdin.getWriter();
  if (options.stdin !== undefined) {
    // The command may exit before it reads everything.
    await writer.write(new TextEncoder().encode(options.stdin)).catch(() => {});
  }
  await writer.close().catch(() => {});
  const timeoutMs = options.timeoutMs ?? 120_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, timeoutMs);
  const output = options.closedStdout
    ? await Promise.all([child.status, new Response(child.stderr).bytes()])
      .then(([status, stderr]) => ({
        ...status,
        stdout: new Uint8Array(),
        stderr,
      }))
    : await child.output();
  clearTimeout(timer);
  const run: CliRun = {
    code: output.code,
    signal: output.signal,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
    ms: performance.now() - started,
    pid: child.pid,
  };
  assert.ok(
    !timedOut,
    `cli/${file} ${
      args.join(" ")
    } was still running after ${timeoutMs} ms\n${run.stderr}`,
  );
  return run;
}

/**
 * Fails when `text` holds a JavaScript stack trace or an uncaught error
 * report: a user should see one clear line, not the program's insides.
 */
export function assertNoStackTrace(text: string, what: string): void {
  const trace = /^\s+at .+(\.ts|\.js|<anonymous>|ext:)/m.exec(text) ??
    /Uncaught|error: Uncaught|\(in promise\)/.exec(text);
  assert.equal(
    trace,
    null,
    `${what} printed a stack trace or an uncaught error:\n${text}`,
  );
}

/**
 * Checks a command that must fail cleanly: exit code `code` (default 2), no
 * stack trace, and stderr matching `message`.
 */
export function assertCleanFailure(
  run: CliRun,
  message: RegExp,
  what: string,
  code = 2,
): void {
  assertNoStackTrace(run.stderr, what);
  assertNoStackTrace(run.stdout, what);
  assert.equal(
    run.code,
    code,
    `${what}: exit ${run.code}, expected ${code}\n${run.stderr}`,
  );
  assert.match(run.stderr, message, `${what}: stderr was\n${run.stderr}`);
}

/**
 * Checks a refused command line in the house style of cli/: exit 2, nothing
 * on stdout, and one line on stderr, `<command>: … (see --help)`, that
 * matches `message`.
 */
export function assertUsageLine(
  run: CliRun,
  command: string,
  message: RegExp,
  what: string,
): void {
  assertCleanFailure(run, message, what);
  assert.equal(run.stdout, "", `${what}: stdout`);
  const prefix = command.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  assert.match(
    run.stderr,
    new RegExp(`^${prefix}: [^\\n]+ \\(see --help\\)\\n$`),
    `${what}: not one line "${command}: … (see --help)"`,
  );
}
