/**
 * The grader's runs of Deno itself (`deno cache`, `deno info`): one way to
 * start the binary, with no input, and read what it printed.
 *
 * @module
 */

/** What a run of Deno printed, and whether it succeeded. */
export interface DenoOutput {
  success: boolean;
  stdout: string;
  /** Its stderr, trimmed. */
  stderr: string;
}

/**
 * Runs the Deno binary that runs this program with `args`, stdin closed.
 *
 * @param args the command line after `deno`
 * @returns its exit's success and its output as text
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoOutput } from "./_deno_output.ts";
 * const run = await denoOutput(["--version"]);
 * assert.ok(run.success && run.stdout.startsWith("deno "));
 * ```
 */
export async function denoOutput(args: readonly string[]): Promise<DenoOutput> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    success: output.success,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr).trim(),
  };
}
