/**
 * Reading standard input line by line as it arrives, for the interactive
 * commands (`deno task play`, `deno task uci`), which answer each line before
 * the next is typed.
 *
 * @module
 */

/**
 * Splits a byte stream into lines as they arrive; a last line without a
 * newline is yielded too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lines } from "./_lines.ts";
 * const input = ReadableStream.from([new TextEncoder().encode("uci\nisready")]);
 * const seen: string[] = [];
 * for await (const line of lines(input)) seen.push(line);
 * assert.deepEqual(seen, ["uci", "isready"]);
 * ```
 */
export async function* lines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
    }
  }
  if (pending !== "") yield pending;
}
