/**
 * Running a program to its end and reading what it printed: one way for
 * the library's short runs of other programs (Deno itself for the grader,
 * Python and pip for JupyterLab's install), stdin closed.
 *
 * @module
 */

/** What a program printed, and whether it succeeded. */
export interface CommandOutput {
  success: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` with `args` to its end, stdin closed. A program that is
 * not there is a failure whose stderr names it, not an exception.
 *
 * @param command the program (a path, or a name looked up on PATH)
 * @param args its arguments
 * @param options `cwd` and `env`, as `Deno.Command` takes them
 * @returns its exit's success and its output as text
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
 */
export async function commandOutput(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CommandOutput> {
  try {
    const output = await new Deno.Command(command, {
      args: [...args],
      cwd: options.cwd,
      env: options.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    return {
      success: output.success,
      stdout: decoder.decode(output.stdout),
      stderr: decoder.decode(output.stderr),
    };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { success: false, stdout: "", stderr: `${command}: not found` };
    }
    throw error;
  }
}
