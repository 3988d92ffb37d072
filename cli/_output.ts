/**
 * Output for every command of cli/: whole lines on stdout, and messages on
 * stderr that never fail the command. Every write to stdout goes through
 * {@linkcode writeOrLeave}, so a reader that has gone (`| head -1`, a GUI
 * closed) ends every command the same way: quietly, with exit status 0.
 * (`console.log` would drop the line silently and run on for nobody.)
 *
 * @module
 */

import { UsageError } from "./_flags.ts";

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
 * Writes one whole line to stdout; a closed stdout exits quietly with 0
 * (see {@linkcode writeOrLeave}).
 *
 * @param text the line, without its newline
 */
export function print(text: string): void {
  writeOrLeave(text + "\n");
}

/**
 * Writes `bytes` whole to stdout (`writeSync` may write part of a buffer).
 * Self-contained (no outside names), so `cli/uci.ts` can run its source in
 * the Worker that answers `isready` during a search.
 *
 * @param bytes what to write, newlines included
 * @throws {Deno.errors.BrokenPipe} when the reader has gone (`| head`)
 */
export function writeAll(bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
}

/**
 * Writes `text` whole to stdout.
 *
 * @param text what to write, newlines included
 * @throws {Deno.errors.BrokenPipe} when the reader has gone (`| head`)
 */
function writeOut(text: string): void {
  writeAll(encoder.encode(text));
}

/**
 * Writes `text` whole to stdout. When the reader has gone (`| head`, the GUI
 * closed) nobody is left to tell, so the process exits quietly with 0 at
 * once: `finally` blocks do not run (the `unload` event does). Any other
 * error is thrown.
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
