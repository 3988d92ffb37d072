/**
 * `deno task uci`: the project's chess engine over the Universal Chess
 * Interface on standard input and output, for any UCI GUI or
 * `deno task match`. The protocol is src/uci/uci.ts's state machine; this
 * file only reads lines and prints.
 *
 * The search is synchronous (a `go` with limits is one call for its whole
 * deepening), so standard input is read by a Worker: it hands each line
 * over, and for a line that ends the search (`stop`, `quit`, `go`,
 * `position`, `ucinewgame`, and `ponderhit` after `go ponder`) and for the
 * end of input it first raises a shared flag that the search reads every
 * 1,024 nodes or so; `stop` is answered within milliseconds in every mode,
 * and after `ponderhit` the search goes on under `go`'s limits from then.
 * `isready` while the main thread is inside a search is answered by the
 * Worker itself, at once, and not handed over, unless a line that ends the
 * search waits (its `bestmove` must come first); otherwise the main thread
 * answers it after the lines before it (`uciok`, a `setoption`'s
 * `info string`), and starts no search while a line handed over waits, so
 * an `isready` right behind a `go` is answered before that search runs.
 * Both threads write whole lines under one lock, so `readyok` never lands
 * inside another line.
 * Other lines (`setoption`, `uci`, ...) are read when the search call
 * returns: between iterations of a stepped search (`go ponder`,
 * `searchmoves`), otherwise after its `bestmove`.
 *
 * Exit: `quit` and the end of input exit with 0, a search in progress first
 * naming its `bestmove` (as Stockfish does); so a GUI that dies, or the
 * `deno task` wrapper killed while its input closes, leaves no engine
 * running. With `--finish`, for a script that pipes its commands in
 * (`printf … | deno task uci --finish`), the end of input lets a search with
 * limits (depth, nodes, mate, movetime, clocks) run to its `bestmove` first;
 * `go infinite` and `go ponder`, which only `stop` would end, are stopped
 * as without it. A closed standard output (the GUI gone, `| head -1`) exits
 * quietly with 0. SIGINT and SIGTERM end the process at once by the default
 * action, without a message (exit status 130 and 143 in a shell). A line
 * longer than 1 MiB is answered with an `info string` and skipped.
 *
 * @module
 */

import { UciEngine } from "../src/uci/uci.ts";
import { FlagsOnce, UsageError } from "./_flags.ts";
import { LineSplitter, MAX_LINE_LENGTH, tooLongMessage } from "./_lines.ts";
import { readCommandLine, writeAll, writeOrLeave } from "./_output.ts";

const HELP = `Usage: deno task uci [--finish]

The project's chess engine over UCI on standard input and output.

  --finish   at the end of input, let a search with limits (go depth, nodes,
             mate, movetime, clocks) run to its bestmove before quitting;
             without it the end of input stops the search at once, as quit
             does. go infinite and go ponder are stopped either way.
  -h, --help this text`;

/** The command line: `--finish`, or help. */
interface UciOptions {
  help: boolean;
  finish: boolean;
}

function parseUciArgs(args: readonly string[]): UciOptions {
  const options: UciOptions = { help: false, finish: false };
  const flags = new FlagsOnce("uci");
  for (const arg of args) {
    flags.check(arg);
    if (arg === "-h" || arg === "--help") options.help = true;
    else if (arg === "--finish") options.finish = true;
    else {
      throw new UsageError(
        `uci: unknown argument ${
          JSON.stringify(arg)
        }; the only one is --finish (a GUI starts the engine without any)`,
      );
    }
  }
  return options;
}

const options = readCommandLine(parseUciArgs, Deno.args, HELP);
if (typeof options === "number") Deno.exit(options);

/** A message from the reader: a line, an over-long line, or the end. */
type Read =
  | { line: string; ends: boolean }
  | { tooLong: [number, number] }
  | { end: true };

/**
 * The slots of the flag shared with the reader (an `Int32Array` over a
 * `SharedArrayBuffer`). ENDS is the engine's interrupt flag.
 */
const SLOT = {
  /** Lines that end the search, handed over and not yet handled. */
  ENDS: 0,
  /** The search in progress, kept by the main side: one of {@linkcode SEARCH}. */
  SEARCH: 1,
  /**
   * Lines handed over (and over-long lines reported) that the main side has
   * not handled yet, plus {@linkcode STEPPING} while the main side is inside
   * a search, which it enters only when no line waits: the reader answers
   * isready itself only then, so that readyok comes after every line before
   * it was answered, or during a search.
   */
  LINES: 2,
  /** The lock on stdout, which the reader writes to as well (`readyok`): 1 while held. */
  WRITING: 3,
} as const;

/** The bit of the LINES slot that says the main side is inside a search. */
const STEPPING = 1 << 30;

/** What the SEARCH slot holds. */
const SEARCH = {
  /** No search in progress. */
  NONE: 0,
  /** A search that ends by itself (depth, nodes, time) or by `stop`. */
  RUNNING: 1,
  /** `go infinite`, or `go ponder` before `ponderhit`: only `stop` ends it. */
  HELD: 2,
} as const;

/**
 * Commands that end a search in progress: the reader raises the flag for
 * them. It raises it for `ponderhit` too while the last `go` it handed over
 * was `go ponder`: the pondering iteration in progress may run for seconds,
 * longer than the clock `ponderhit` starts.
 */
const ENDING = ["stop", "quit", "go", "position", "ucinewgame"];

/** What the Worker's body uses of its global scope. */
interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/**
 * The Worker's body, run from its source text (a Worker from a file would
 * need --allow-read, and `deno task uci` runs without permissions). `slot`
 * and `search` are {@linkcode SLOT} and {@linkcode SEARCH}, handed over (the
 * source text cannot name them).
 */
function readerMain(
  Splitter: typeof LineSplitter,
  write: typeof writeAll,
  scope: WorkerScope,
): void {
  const post = (message: Read) => scope.postMessage(message);
  scope.onmessage = async (event: MessageEvent) => {
    const { flag, slot, stepping, search, ending, maxLength, endStops } = event
      .data as {
        flag: Int32Array;
        slot: typeof SLOT;
        stepping: number;
        search: typeof SEARCH;
        ending: string[];
        maxLength: number;
        endStops: boolean;
      };
    const readyok = new TextEncoder().encode("readyok\n");
    /**
     * Answers isready from here: the main thread may be inside a search,
     * one synchronous call for its whole deepening, and UCI wants the
     * answer at once. Under the write lock, so that it never lands inside
     * a line the main thread is writing.
     */
    const answerReady = () => {
      while (Atomics.compareExchange(flag, slot.WRITING, 0, 1) !== 0) {
        Atomics.wait(flag, slot.WRITING, 1, 5);
      }
      try {
        write(readyok);
      } catch {
        // stdout closed: the main thread exits on its next write.
      } finally {
        Atomics.store(flag, slot.WRITING, 0);
        Atomics.notify(flag, slot.WRITING);
      }
    };
    /** Counts a message before it is handed over: the main side's step waits for it. */
    const handOver = (message: Read) => {
      Atomics.add(flag, slot.LINES, 1);
      post(message);
    };
    /**
     * Counts isready as a line handed over, unless the main side is inside
     * a search and no line that ends it waits: then answers it, and
     * returns true. One atomic step, so that the main side enters no
     * search with it uncounted. A waiting `stop`, `ucinewgame`, `go` or
     * `position` is answered first by the search's `bestmove`, so readyok
     * waits for it (found by review: after `go infinite`, `ucinewgame` and
     * `isready`, readyok came before the old search's bestmove, which the
     * GUI then read as the answer to its next go). Only this thread raises
     * ENDS, and the main side lowers it after writing the line's answer:
     * 0 here means every ending line before this one is answered.
     */
    const readyHere = () => {
      const endingWaits = Atomics.load(flag, slot.ENDS) !== 0;
      let lines = Atomics.load(flag, slot.LINES);
      for (;;) {
        if ((lines & stepping) !== 0 && !endingWaits) {
          answerReady();
          return true;
        }
        const was = Atomics.compareExchange(flag, slot.LINES, lines, lines + 1);
        if (was === lines) return false;
        lines = was;
      }
    };
    const splitter = new Splitter(
      maxLength,
      (number, length) => handOver({ tooLong: [number, length] }),
    );
    // Whether the last go handed over was go ponder and nothing has ended
    // it since: then ponderhit cuts the iteration in progress, so go's
    // budgets start on time (the main side takes up the search from there).
    // Kept here, not asked of the main side, which may not have read that
    // go yet.
    let pondering = false;
    const send = (out: string[]) => {
      for (const line of out.splice(0)) {
        const words = line.trim().split(/\s+/);
        const command = words[0]!;
        const ends = ending.includes(command) ||
          (command === "ponderhit" && pondering);
        // While the main thread is inside a search, isready is answered
        // here (and not handed over: one answer), at once as UCI wants;
        // otherwise the main thread answers it after the lines before it,
        // as a GUI that waits for readyok to sync expects (found by review:
        // readyok came before uciok when a go was merely handed over).
        if (command === "isready") {
          if (!readyHere()) post({ line, ends: false });
          continue;
        }
        if (command === "go") pondering = words.includes("ponder");
        else if (ends || command === "ponderhit") pondering = false;
        if (ends) Atomics.add(flag, slot.ENDS, 1);
        handOver({ line, ends });
      }
    };
    const out: string[] = [];
    const decoder = new TextDecoder();
    try {
      for await (const chunk of Deno.stdin.readable) {
        splitter.push(decoder.decode(chunk, { stream: true }), out);
        send(out);
      }
      splitter.push(decoder.decode(), out);
      splitter.end(out);
      send(out);
    } catch {
      // An unreadable input ends like a closed one.
    }
    // With --finish only a search that nothing else would end is stopped
    // (kept by the main side); the main side stops one that started after
    // this look.
    if (endStops || Atomics.load(flag, slot.SEARCH) === search.HELD) {
      Atomics.add(flag, slot.ENDS, 1);
    }
    post({ end: true });
  };
}

/** Shared with the reader: see {@linkcode SLOT}. */
const flag = new Int32Array(new SharedArrayBuffer(4 * 4));

/**
 * Writes whole lines under the lock the reader takes to answer isready: a
 * pipe keeps a write whole only up to PIPE_BUF (4,096 bytes on Linux, 512
 * on macOS), and writeOrLeave may take more than one write for a long
 * text, so without the lock a readyok could land inside a line.
 */
function send(out: readonly string[]): void {
  if (out.length === 0) return;
  while (Atomics.compareExchange(flag, SLOT.WRITING, 0, 1) !== 0) {
    Atomics.wait(flag, SLOT.WRITING, 1, 5);
  }
  try {
    writeOrLeave(out.join("\n") + "\n");
  } finally {
    Atomics.store(flag, SLOT.WRITING, 0);
    Atomics.notify(flag, SLOT.WRITING);
  }
}

/**
 * A short search on an engine of its own, thrown away, before any line is
 * read: it compiles the search's code, which a fresh process otherwise
 * compiles during its first timed search, in pauses of 10–20 ms that
 * overran `go movetime 100`. Measured on a busy machine (load 3.7), fresh
 * processes, `go` written to `bestmove` read through pipes, Hash 16 and
 * 256 MiB, three each: 95–111 ms (one 133) without it, 92–101 ms with it;
 * it costs 0.3–0.4 s at start (0.4–0.6 s to 0.8–1.1 s for `uci`, `quit`).
 * The game's engine starts with an empty table all the same, so no search
 * of a game changes.
 */
function warmUp(): void {
  const warm = new UciEngine({ hashMegabytes: 1 });
  warm.receive("position startpos moves e2e4 e7e5 g1f3 b8c6");
  warm.receive("go nodes 4000");
  while (warm.searching) warm.step();
}

/** Tells the reader what search is in progress (none, one with limits, one only stop ends). */
function noteSearch(): void {
  Atomics.store(
    flag,
    SLOT.SEARCH,
    !engine.searching
      ? SEARCH.NONE
      : engine.holdsForStop
      ? SEARCH.HELD
      : SEARCH.RUNNING,
  );
}
warmUp();
const engine = new UciEngine({
  interrupt: flag,
  onInfo: (line) => send([line]),
});
let stepping = false;

/** Whether the input has ended and the engine quits once its search is over (`--finish`). */
let quitAfterSearch = false;

function quit(): never {
  send(engine.receive("quit"));
  Deno.exit(0);
}

/**
 * Runs the search in progress, an iteration per macrotask, so lines are read
 * in between; none while a line handed over waits (its handler schedules
 * the step again), so that lines are answered in order.
 */
function step(): void {
  stepping = false;
  if (!engine.searching || engine.waitingForStop) return;
  // Inside the search, said in the same atomic step as "no line waits":
  // the reader answers isready itself from here on.
  if (Atomics.compareExchange(flag, SLOT.LINES, 0, STEPPING) !== 0) return;
  try {
    send(engine.step());
  } finally {
    Atomics.and(flag, SLOT.LINES, ~STEPPING);
  }
  noteSearch();
  if (quitAfterSearch && !engine.searching) quit();
  schedule();
}

function schedule(): void {
  if (stepping || !engine.searching || engine.waitingForStop) return;
  stepping = true;
  setTimeout(step, 0);
}

const source =
  `(${readerMain.toString()})(${LineSplitter.toString()}, ${writeAll.toString()}, self);`;
const reader = new Worker(
  URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
  { type: "module" },
);
reader.onmessage = (event: MessageEvent<Read>) => {
  const read = event.data;
  if ("end" in read) {
    // No search step runs while this handler does: quit() ends a search
    // in progress with its bestmove, as `quit` does.
    if (!options.finish || !engine.searching || engine.holdsForStop) quit();
    quitAfterSearch = true;
  } else if ("tooLong" in read) {
    send([`info string ${tooLongMessage(...read.tooLong)}`]);
    Atomics.sub(flag, SLOT.LINES, 1);
  } else {
    send(engine.receive(read.line));
    // stop only marks the search stopped, and its bestmove waits for the
    // next step, which a line handed over after it (isready) would
    // overtake: name the move now, before that line is read.
    if (
      read.line.trim().split(/\s+/)[0] === "stop" && engine.searching &&
      !engine.waitingForStop
    ) {
      send(engine.step());
    }
    noteSearch();
    // Handled: the search may run on (after a go, a position, ...).
    if (read.ends) Atomics.sub(flag, SLOT.ENDS, 1);
    // After its answer is written: an isready behind it may be answered.
    Atomics.sub(flag, SLOT.LINES, 1);
    if (engine.quitting) Deno.exit(0);
  }
  schedule();
};
reader.postMessage({
  flag,
  slot: SLOT,
  stepping: STEPPING,
  search: SEARCH,
  ending: ENDING,
  maxLength: MAX_LINE_LENGTH,
  endStops: !options.finish,
});
