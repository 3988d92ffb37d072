/**
 * What `deno task solve` and `deno task c4bench` share: reading stdin as
 * lines in constant memory, parsing their command lines, and the note on a
 * solve that runs long. Kept apart from
 * the commands so that tests can call them without a subprocess.
 *
 * @module
 */

import type { SolveProgress } from "../mod.ts";
import {
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";

/**
 * The longest line `solve` reads, in bytes. A legal line is at most 42 move
 * digits, a blank and a score (`-18`): 46 bytes; the rest is room for
 * blanks. A longer line is reported without being held in memory.
 */
export const MAX_LINE_BYTES = 1024;

/**
 * Splits a byte stream into lines (`\n`; a `\r` before it stays, for the
 * caller's trim) in time linear in its length: bytes are scanned once and a
 * line is decoded once. A line longer than `maxBytes` is yielded as `null`
 * and its bytes are skipped, not kept, up to its end.
 *
 * `beforeRead` runs each time every line read so far has been yielded
 * and the stream is about to be read again, which may wait for its writer:
 * the moment to flush output held back for the lines so far (see
 * `cli/solve.ts`), so that a program that writes a line and waits for the
 * answer gets it.
 *
 * @param stream the bytes, e.g. `Deno.stdin.readable`
 * @param maxBytes the longest line kept
 * @param beforeRead called before each read of `stream`
 * @returns each line's text, or `null` for a line over `maxBytes`
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number = MAX_LINE_BYTES,
  beforeRead: () => void = () => {},
): AsyncGenerator<string | null> {
  const buffer = new Uint8Array(maxBytes);
  const decoder = new TextDecoder();
  let length = 0;
  let tooLong = false;
  // A partly read line at the end of the stream is a line too.
  let pending = false;
  const reader = stream.getReader();
  try {
    for (;;) {
      beforeRead();
      const { done, value: chunk } = await reader.read();
      if (done) break;
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(10, start);
        const stop = newline < 0 ? chunk.length : newline;
        if (!tooLong) {
          if (length + stop - start > maxBytes) tooLong = true;
          else {
            buffer.set(chunk.subarray(start, stop), length);
            length += stop - start;
          }
        }
        if (newline < 0) {
          pending = true;
          break;
        }
        yield tooLong ? null : decoder.decode(buffer.subarray(0, length));
        length = 0;
        tooLong = false;
        pending = false;
        start = newline + 1;
      }
    }
  } finally {
    // A caller that stops early leaves the stream readable by others.
    reader.releaseLock();
  }
  if (pending) {
    yield tooLong ? null : decoder.decode(buffer.subarray(0, length));
  }
}

/** What `deno task solve`'s command line asks for. */
export interface SolveArgs {
  /** `--help`: print the help and exit 0. */
  help: boolean;
  /** `--weak`: signs only. */
  weak: boolean;
  /** `--book`: answer the positions of `data/connect4/book.txt` from it. */
  book?: boolean;
  /** `--book-file FILE`: `--book` with another book file. */
  bookFile?: string;
  /** `--max-nodes N`: the node budget per position. */
  maxNodes?: number;
  /** `--time-ms T`: the time budget per position. */
  timeMs?: number;
  /** `--threads N`: threads per long solve (default: the machine's cores). */
  threads?: number;
}

/**
 * A solve without a budget that runs this long (ms) gets a note on stderr
 * (solve, when stdin is not a terminal; c4bench, always): by then it is not
 * one of the millisecond solves, and an early position can take hours.
 * Nothing is guessed in advance, so no solve pays for the note.
 */
export const SLOW_NOTE_MS = 10_000;

/**
 * What a slow solve's note says after naming it: how long it has run, its
 * nodes and bounds so far, and that it goes on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slowSoFar } from "./_connect_four_cli.ts";
 * assert.equal(
 *   slowSoFar({ probe: 0, lower: -2, upper: 5, nodes: 1234567 }),
 *   "has run 10 s (1,234,567 nodes, score in -2..5 so far) and goes on",
 * );
 * ```
 */
export function slowSoFar(progress: SolveProgress): string {
  return `has run ${SLOW_NOTE_MS / 1000} s (${
    progress.nodes.toLocaleString("en")
  } nodes, score in ${progress.lower}..${progress.upper} so far) and goes on`;
}

/** Parses `--threads N`: an integer in 1…64. */
export function threadsValue(command: string, value: string): number {
  return integerValue(
    command,
    "--threads",
    value,
    2,
    1,
    64,
    "an integer in 1…64",
  );
}

/**
 * Parses `--max-nodes N`: a node budget, an integer in
 * 0…999999999999999; one rule for every command that takes the flag.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maxNodesValue } from "./_connect_four_cli.ts";
 * assert.equal(maxNodesValue("solve", "1000"), 1000);
 * assert.throws(() => maxNodesValue("openings", "1e3"), /^Error: openings: --max-nodes must be an integer in 0…999999999999999, got "1e3"$/);
 * ```
 */
export function maxNodesValue(command: string, value: string): number {
  return integerValue(
    command,
    "--max-nodes",
    value,
    15,
    0,
    999_999_999_999_999,
    "an integer in 0…999999999999999",
  );
}

/**
 * Parses `--time-ms T`: a time budget in whole milliseconds, an integer in
 * 0…999999999999; one rule for every command that takes the flag (solve
 * took 1.5 where openings refused it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { timeMsValue } from "./_connect_four_cli.ts";
 * assert.equal(timeMsValue("openings", "250"), 250);
 * assert.throws(() => timeMsValue("solve", "1.5"), /^Error: solve: --time-ms must be an integer in 0…999999999999 \(milliseconds\), got "1\.5"$/);
 * ```
 */
export function timeMsValue(command: string, value: string): number {
  return integerValue(
    command,
    "--time-ms",
    value,
    12,
    0,
    999_999_999_999,
    "an integer in 0…999999999999 (milliseconds)",
  );
}

/**
 * Parses `--megabytes M`: the table's size in MiB, an integer in 1…4096;
 * one rule for every command that takes the flag (c4bench took 0.5 where
 * openings refused it; the solver's table is a power of two of at least
 * 1 MiB, so a fraction bought nothing).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { megabytesValue } from "./_connect_four_cli.ts";
 * assert.equal(megabytesValue("c4bench", "64"), 64);
 * assert.throws(() => megabytesValue("c4bench", "0.5"), /^Error: c4bench: --megabytes must be an integer in 1…4096 \(MiB\), got "0\.5"$/);
 * ```
 */
export function megabytesValue(command: string, value: string): number {
  return integerValue(
    command,
    "--megabytes",
    value,
    4,
    1,
    4096,
    "an integer in 1…4096 (MiB)",
  );
}

/** Threads per solve when `--threads` is not given: the machine's cores, 1…64. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(64, navigator.hardwareConcurrency || 1));
}

/**
 * Parses `deno task solve`'s arguments.
 *
 * @param args the arguments after the task's name
 * @returns the flags
 * @throws {UsageError} on an unknown or repeated flag, a missing or bad
 *   value, or a positional argument (positions come from stdin)
 */
export function parseSolveArgs(args: readonly string[]): SolveArgs {
  const result: SolveArgs = { help: false, weak: false };
  const flags = new FlagsOnce("solve");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "--help" || arg === "-h") result.help = true;
    else if (arg === "--weak") result.weak = true;
    else if (arg === "--book") result.book = true;
    else if (isFlag(arg, "--book-file")) {
      const [value, next] = flagValue("solve", args, i, "--book-file");
      i = next;
      if (value === "") {
        throw new UsageError('solve: --book-file needs a file name, got ""');
      }
      result.book = true;
      result.bookFile = value;
    } else if (isFlag(arg, "--max-nodes")) {
      const [value, next] = flagValue("solve", args, i, "--max-nodes");
      i = next;
      result.maxNodes = maxNodesValue("solve", value);
    } else if (isFlag(arg, "--time-ms")) {
      const [value, next] = flagValue("solve", args, i, "--time-ms");
      i = next;
      result.timeMs = timeMsValue("solve", value);
    } else if (isFlag(arg, "--threads")) {
      const [value, next] = flagValue("solve", args, i, "--threads");
      i = next;
      result.threads = threadsValue("solve", value);
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`solve: unknown flag ${arg}`);
    } else {
      throw new UsageError(
        `solve: unexpected argument ${
          JSON.stringify(arg)
        }: positions are read from stdin`,
      );
    }
  }
  return result;
}

/** What `deno task c4bench`'s command line asks for. */
export interface BenchArgs {
  /** `--help`: print the help and exit 0. */
  help: boolean;
  /** The position file (absent only with `--help`). */
  file?: string;
  /** `--weak`: signs only. */
  weak: boolean;
  /** `--passes N`: how many times the file is solved (default 2). */
  passes: number;
  /** `--megabytes M`: the table's size. */
  megabytes?: number;
  /** `--threads N`: threads per long solve (default: the machine's cores). */
  threads?: number;
}

/**
 * Parses `deno task c4bench`'s arguments.
 *
 * @param args the arguments after the task's name
 * @returns the flags and the file
 * @throws {UsageError} on an unknown or repeated flag, a missing or bad
 *   value, no file or two files
 */
export function parseBenchArgs(args: readonly string[]): BenchArgs {
  const result: BenchArgs = { help: false, weak: false, passes: 2 };
  const flags = new FlagsOnce("c4bench");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "--help" || arg === "-h") result.help = true;
    else if (arg === "--weak") result.weak = true;
    else if (isFlag(arg, "--passes")) {
      const [value, next] = flagValue("c4bench", args, i, "--passes");
      i = next;
      if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
        throw new UsageError(
          `c4bench: --passes must be an integer in 1…999999, got ${
            JSON.stringify(value)
          }`,
        );
      }
      result.passes = Number(value);
    } else if (isFlag(arg, "--megabytes")) {
      const [value, next] = flagValue("c4bench", args, i, "--megabytes");
      i = next;
      result.megabytes = megabytesValue("c4bench", value);
    } else if (isFlag(arg, "--threads")) {
      const [value, next] = flagValue("c4bench", args, i, "--threads");
      i = next;
      result.threads = threadsValue("c4bench", value);
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`c4bench: unknown flag ${arg}`);
    } else if (result.file !== undefined) {
      throw new UsageError(
        `c4bench: one file at a time, got ${JSON.stringify(result.file)} and ${
          JSON.stringify(arg)
        }`,
      );
    } else result.file = arg;
  }
  if (!result.help && result.file === undefined) {
    throw new UsageError("c4bench: no position file given");
  }
  return result;
}
