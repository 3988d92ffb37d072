/**
 * Line output for the streaming commands (`solve`, `openings`): whole lines
 * on stdout, and messages on stderr that never fail the command.
 *
 * @module
 */

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
  const bytes = encoder.encode(text + "\n");
  let written = 0;
  while (written < bytes.length) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
}
