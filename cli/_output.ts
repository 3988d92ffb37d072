/**
 * Line output for the streaming commands (`solve`, `openings`): whole lines
 * on stdout, and messages on stderr that never fail the command.
 *
 * @module
 */

import { UsageError } from "./_connect_four_cli.ts";

const encoder = new TextEncoder();

/**
 * Writes a line to stderr; a closed stderr is not worth dying over.
 *
 * @param text the line, without its newline
 */
export function warn(text: string): void {
  try {
    Deno.stderr.writeSync(encoder.encode(text + "\n"));
  } catch {
    // Nobody is listening.
  }
}

/**
 * Writes one whole line to stdout (`writeSync` may write part of a buffer).
 *
 * @param text the line, without its newline
 * @throws {Deno.errors.BrokenPipe} when the reader has gone (`| head`)
 */
export function print(text: string): void {
  writeOut(text + "\n");
}

/**
 * Writes `text` whole to stdout (`writeSync` may write part of a buffer).
 *
 * @param text what to write, newlines included
 * @throws {Deno.errors.BrokenPipe} when the reader has gone (`| head`)
 */
function writeOut(text: string): void {
  const bytes = encoder.encode(text);
  let written = 0;
  while (written < bytes.length) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
}

/**
 * Writes `text` whole to stdout for an interactive command (`play`, `uci`):
 * when the reader has gone (the GUI closed, `| head`) nobody is left to
 * tell, so the process exits quietly with 0.
 *
 * @param text what to write, newlines included
 */
export function writeOrLeave(text: string): void {
  try {
    writeOut(text);
  } catch (error) {
    if (error instanceof Deno.errors.BrokenPipe) Deno.exit(0);
    throw error;
  }
}

/**
 * Reads a command line with `parse`: the options, or the exit status when
 * there is nothing to run — 0 after printing `help` for `-h`/`--help`, 2
 * after printing the {@linkcode UsageError}'s message.
 *
 * @param parse the command's parser; throws a UsageError on a bad line
 * @param args the arguments
 * @param help the command's help text
 * @returns the options, or the exit status
 */
export function readCommandLine<T extends { help: boolean }>(
  parse: (args: readonly string[]) => T,
  args: readonly string[],
  help: string,
): T | number {
  let options: T;
  try {
    options = parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    warn(`${error.message} (see --help)`);
    return 2;
  }
  if (options.help) {
    print(help);
    return 0;
  }
  return options;
}
