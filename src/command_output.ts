/**
 * Running a program to its end and reading what it printed: one way for
 * the library's short runs of other programs (Deno itself for the grader,
 * Python and pip for JupyterLab's install), stdin closed, within a time
 * limit if one is given, and stopped by an abort signal.
 *
 * @module
 */

import { checkInteger, checkOptions, checkSignal } from "./validate.ts";

/** What a program printed, and whether it succeeded. */
export interface CommandOutput {
  success: boolean;
  stdout: string;
  stderr: string;
}

/** Options of {@linkcode commandOutput}. */
export interface CommandOutputOptions {
  /** The working directory. */
  cwd?: string;
  /** The environment, as `Deno.Command` takes it. */
  env?: Record<string, string>;
  /**
   * Milliseconds the program may run (1 … 86,400,000): after them it is
   * killed (SIGKILL) and the run is a failure whose stderr says so. No limit
   * when left out.
   */
  timeoutMs?: number;
  /**
   * Kills the program (SIGKILL) when aborted; {@linkcode commandOutput}
   * then rejects with the signal's reason (at once if it is aborted already).
   */
  signal?: AbortSignal;
}

/**
 * Runs `command` with `args` to its end, stdin closed. A program that is
 * not there, or one killed at its time limit, is a failure whose stderr
 * says so, not an exception.
 *
 * @param command the program (a path, or a name looked up on PATH)
 * @param args its arguments
 * @param options {@linkcode CommandOutputOptions}
 * @returns its exit's success and its output as text
 * @throws {Error} on a bad option (named), or the signal's reason when it
 *   is aborted
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandOutput } from "./command_output.ts";
 * const deno = await commandOutput(Deno.execPath(), ["--version"]);
 * assert.ok(deno.success && deno.stdout.startsWith("deno "));
 * const missing = await commandOutput("/nonexistent/program", []);
 * assert.deepEqual(missing, { success: false, stdout: "", stderr: "/nonexistent/program: not found" });
 * ```
 *
 * @example A program past its time limit is killed; an abort rejects
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandOutput } from "./command_output.ts";
 * const slow = await commandOutput(Deno.execPath(), ["eval", "setTimeout(() => {}, 60_000)"], { timeoutMs: 300 });
 * assert.equal(slow.success, false);
 * assert.match(slow.stderr, /was killed after 300 ms, its time limit/);
 * const stop = new AbortController();
 * setTimeout(() => stop.abort(new Error("stopped")), 300);
 * await assert.rejects(
 *   commandOutput(Deno.execPath(), ["eval", "setTimeout(() => {}, 60_000)"], { signal: stop.signal }),
 *   /^Error: stopped$/,
 * );
 * await assert.rejects(
 *   commandOutput(Deno.execPath(), ["--version"], { timeoutMs: 0 }),
 *   /commandOutput: options.timeoutMs must be an integer in 1…86400000, got 0/,
 * );
 * await assert.rejects(
 *   commandOutput(Deno.execPath(), ["--version"], { signal: 300 as never }),
 *   /commandOutput: options.signal must be an AbortSignal, got 300/,
 * );
 * ```
 */
export async function commandOutput(
  command: string,
  args: readonly string[],
  options: CommandOutputOptions = {},
): Promise<CommandOutput> {
  const where = "commandOutput";
  checkOptions(where, options, ["cwd", "env", "timeoutMs", "signal"]);
  const signal = checkSignal(where, "options.signal", options.signal);
  const timeoutMs = options.timeoutMs === undefined ? null : checkInteger(
    where,
    "options.timeoutMs",
    options.timeoutMs,
    1,
    86_400_000,
  );
  signal?.throwIfAborted();
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command, {
      args: [...args],
      cwd: options.cwd,
      env: options.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { success: false, stdout: "", stderr: `${command}: not found` };
    }
    throw error;
  }
  let timedOut = false;
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already ended */ }
  };
  const timer = timeoutMs === null ? undefined : setTimeout(() => {
    timedOut = true;
    kill();
  }, timeoutMs);
  signal?.addEventListener("abort", kill);
  let output: Deno.CommandOutput;
  try {
    output = await child.output();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", kill);
  }
  signal?.throwIfAborted();
  const decoder = new TextDecoder();
  const stderr = decoder.decode(output.stderr);
  if (timedOut) {
    return {
      success: false,
      stdout: decoder.decode(output.stdout),
      stderr: `${command} ${
        args.slice(0, 1).join(" ")
      } was killed after ${timeoutMs} ms, its time limit${
        stderr.trim() === "" ? "" : `; it printed: ${stderr.trim()}`
      }`,
    };
  }
  return {
    success: output.success,
    stdout: decoder.decode(output.stdout),
    stderr,
  };
}
