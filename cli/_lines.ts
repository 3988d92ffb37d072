/**
 * Reading standard input line by line as it arrives, for the interactive
 * commands (`deno task play`, `deno task uci`), which answer each line before
 * the next is typed. Linear in the input, and a line longer than
 * {@linkcode MAX_LINE_LENGTH} is not kept: it is reported and skipped.
 *
 * @module
 */

/** The longest line kept, in UTF-16 code units (1 MiB of ASCII). */
export const MAX_LINE_LENGTH = 1 << 20;

/**
 * Called for a line over the length cap: its 1-based number and length
 * (newline excluded).
 */
export type TooLong = (number: number, length: number) => void;

/**
 * Splits decoded text into lines, in time linear in the text: the pieces of
 * a line are kept in a list and joined once, at its newline; a line over
 * the cap keeps nothing, only its length. Self-contained (no outside
 * names), so `cli/uci.ts` can run its source in a Worker.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineSplitter } from "./_lines.ts";
 * const long: number[] = [];
 * const splitter = new LineSplitter(4, (n, length) => long.push(n, length));
 * const out: string[] = [];
 * splitter.push("ab\ncdefgh", out);
 * splitter.push("ij\nk", out);
 * splitter.end(out);
 * assert.deepEqual(out, ["ab", "k"]);
 * assert.deepEqual(long, [2, 8]);
 * ```
 */
export class LineSplitter {
  #parts: string[] = [];
  #length = 0;
  #number = 0;
  #maxLength: number;
  #tooLong: TooLong;

  /**
   * @param maxLength the longest line kept
   * @param tooLong called for each longer line instead of yielding it
   */
  constructor(maxLength: number, tooLong: TooLong) {
    this.#maxLength = maxLength;
    this.#tooLong = tooLong;
  }

  /** Takes the next text and appends the lines it completes to `out`. */
  push(text: string, out: string[]): void {
    let start = 0;
    for (;;) {
      const end = text.indexOf("\n", start);
      const stop = end < 0 ? text.length : end;
      this.#length += stop - start;
      if (this.#length <= this.#maxLength && stop > start) {
        this.#parts.push(text.slice(start, stop));
      } else if (this.#length > this.#maxLength) {
        this.#parts = [];
      }
      if (end < 0) return;
      this.#line(out);
      start = end + 1;
    }
  }

  /** Ends the input: a last line without a newline is appended too. */
  end(out: string[]): void {
    if (this.#length > 0) this.#line(out);
  }

  #line(out: string[]): void {
    this.#number++;
    if (this.#length > this.#maxLength) {
      this.#tooLong(this.#number, this.#length);
    } else out.push(this.#parts.join(""));
    this.#parts = [];
    this.#length = 0;
  }
}

/**
 * Splits a byte stream into lines as they arrive; a last line without a
 * newline is yielded too. A line over `maxLength` is skipped after
 * `tooLong` is called for it (by default it is skipped silently).
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
  tooLong: TooLong = () => {},
  maxLength: number = MAX_LINE_LENGTH,
): AsyncGenerator<string> {
  const splitter = new LineSplitter(maxLength, tooLong);
  const out: string[] = [];
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    splitter.push(chunk, out);
    yield* out.splice(0);
  }
  splitter.end(out);
  yield* out;
}

/**
 * The message for an over-long line, the same in every command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tooLongMessage } from "./_lines.ts";
 * assert.equal(tooLongMessage(3, 2_000_000), "line 3 is 2000000 characters long, more than 1048576: skipped");
 * ```
 */
export function tooLongMessage(number: number, length: number): string {
  return `line ${number} is ${length} characters long, more than ${MAX_LINE_LENGTH}: skipped`;
}
