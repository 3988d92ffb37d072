/**
 * `deno task uci`: the project's chess engine over the Universal Chess
 * Interface on standard input and output, for any UCI GUI or
 * `deno task match`. The protocol is src/uci/uci.ts's state machine; this
 * file only reads lines and prints.
 *
 * The search is synchronous, so standard input is read by a Worker: it hands
 * each line over, and for a line that ends the search (`stop`, `quit`, `go`,
 * `position`, `ucinewgame`, and `ponderhit` after `go ponder`) and for the
 * end of input it first raises a shared flag that the search reads every
 * 1,024 nodes or so; `stop` is answered within milliseconds in every mode,
 * and after `ponderhit` the search goes on under `go`'s limits from then.
 * Other lines (`isready`) are read between iterations.
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
import { readCommandLine, writeOrLeave } from "./_output.ts";

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
 * need --allow-read, and `deno task uci` runs without permissions).
 * `flag[0]` counts lines that end the search and are not yet handled.
 */
function readerMain(Splitter: typeof LineSplitter, scope: WorkerScope): void {
  const post = (message: Read) => scope.postMessage(message);
  scope.onmessage = async (event: MessageEvent) => {
    const { flag, ending, maxLength, endStops } = event.data as {
      flag: Int32Array;
      ending: string[];
      maxLength: number;
      endStops: boolean;
    };
    const splitter = new Splitter(
      maxLength,
      (number, length) => post({ tooLong: [number, length] }),
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
        if (command === "go") pondering = words.includes("ponder");
        else if (ends || command === "ponderhit") pondering = false;
        if (ends) Atomics.add(flag, 0, 1);
        post({ line, ends });
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
    // (flag[1], kept by the main side); the main side stops one that
    // started after this look.
    if (endStops || Atomics.load(flag, 1) === 1) Atomics.add(flag, 0, 1);
    post({ end: true });
  };
}

function send(out: readonly string[]): void {
  if (out.length > 0) writeOrLeave(out.join("\n") + "\n");
}

/** [0]: lines that end the search, not yet handled; [1]: 1 while the search holds its bestmove for stop. */
const flag = new Int32Array(new SharedArrayBuffer(8));

/** Tells the reader whether the search in progress is one only stop ends. */
function noteHold(): void {
  Atomics.store(flag, 1, engine.holdsForStop ? 1 : 0);
}
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

/** Runs the search in progress, an iteration per macrotask, so lines are read in between. */
function step(): void {
  stepping = false;
  if (!engine.searching || engine.waitingForStop) return;
  send(engine.step());
  noteHold();
  if (quitAfterSearch && !engine.searching) quit();
  schedule();
}

function schedule(): void {
  if (stepping || !engine.searching || engine.waitingForStop) return;
  stepping = true;
  setTimeout(step, 0);
}

const source = `(${readerMain.toString()})(${LineSplitter.toString()}, self);`;
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
  } else {
    send(engine.receive(read.line));
    noteHold();
    // Handled: the search may run on (after a go, a position, ...).
    if (read.ends) Atomics.sub(flag, 0, 1);
    if (engine.quitting) Deno.exit(0);
  }
  schedule();
};
reader.postMessage({
  flag,
  ending: ENDING,
  maxLength: MAX_LINE_LENGTH,
  endStops: !options.finish,
});
