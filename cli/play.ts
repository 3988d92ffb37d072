/**
 * `deno task play <game> [options]`: play against the engine in the
 * terminal, one move per line on standard input.
 *
 *   deno task play tictactoe [--first human|engine] [--depth N] [--position XO.......]
 *   deno task play connect4  [--first ...] [--hint] [--depth N] [--nodes N] [--solve-from N] [--position 4455]
 *   deno task play nim       [--first ...] [--position "3 4 5"]
 *   deno task play chess     [--first ...] [--depth N] [--position FEN]
 *
 * Tic-tac-toe cells 0…8, Connect Four columns 1…7, Nim `<heap> <take>`
 * (heaps from 1), chess UCI (`e2e4`) or SAN (`e4`); `undo`, `hint`, `help`, `quit`. `quit`, the end of the
 * game or the end of input exits with 0; bad arguments (a flag given twice
 * among them) exit with 2. The games and engines are in src/play/terminal.ts; this file only does the I/O.
 *
 * Every engine move has a budget (src/play/terminal.ts), so a closed input is read
 * (and the command exits with 0) within that budget. A closed standard
 * output (`| head -1`) exits quietly with 0; SIGINT and SIGTERM end the
 * process at once by the default action, without a message (exit status
 * 130 and 143 in a shell). A line longer than 1 MiB is named and skipped.
 *
 * @module
 */

import {
  CHESS_PLAY_DEPTH,
  CONNECT4_PERFECT_NODES,
  CONNECT4_SOLVE_NODES,
  createPlaySession,
  type PlayOptions,
} from "../src/play/mod.ts";
import { lines, tooLongMessage } from "./_lines.ts";
import {
  FlagsOnce,
  flagValue,
  integerValue,
  isFlag,
  UsageError,
} from "./_flags.ts";
import { readCommandLine, warn, writeOrLeave } from "./_output.ts";

const USAGE =
  `usage: deno task play <tictactoe|connect4|nim|chess> [--first human|engine]
       [--depth N] [--hint] [--nodes N] [--solve-from N] [--position P]`;

/** The text of `deno task play --help`. */
export const HELP = `${USAGE}

Plays against the engine in the terminal, one move per line:
  tictactoe  a cell 0…8 (0 top-left, 8 bottom-right); the engine is minimax
  connect4   a column 1…7; the engine is the perfect solver (see below)
  nim        <heap> <take>, heaps counted from 1; the engine plays the nim-sum
  chess      UCI (e2e4) or SAN (e4, Nf3, O-O); the engine is deno task uci's
             search
and the commands undo (take back your last move and the engine's reply),
hint (the engine's advice), help and quit.

Options:
  --first human|engine  who moves first from the starting position
                        (default human)
  --position P          the starting position: tic-tac-toe cells
                        (X...O....), Connect Four moves (4455), Nim heaps
                        ("3 4 5", the default), a chess FEN
  --depth N             the engine's search depth in plies, 1…64:
                        tic-tac-toe to the end unless given; chess default
                        ${CHESS_PLAY_DEPTH}; Connect Four default 8, for alpha-beta where the
                        solver's budget stopped (clamped to the solver's
                        proven bounds)
  --hint                the engine's advice before each of your moves and
                        after undo (Connect Four: every column's score and
                        a line "Proven: columns …. Not proven: ….")

Connect Four: for each column the engine looks the position up in the
opening book (data/connect4/book.txt), else runs the perfect solver:
  --nodes N             the solver's node budget a column, 0…1000000000
                        (default ${CONNECT4_SOLVE_NODES}, about 0.15 s), used before
                        --solve-from stones; a column it does not prove
                        within N nodes gets its proven bounds, and
                        alpha-beta to --depth decides among such columns
  --solve-from N        from N stones on (0…42, default 12) the solver gets
                        ${CONNECT4_PERFECT_NODES} nodes a column instead (about 3 s),
                        which proves nearly every column there; where even
                        that stops, alpha-beta decides as above
The engine plays the best proven column, and says "perfect" when no other
column can do better.

Exit status: 0 at quit, at the end of the game or of the input; 2 on bad
arguments (a flag given twice among them).`;

/** What `deno task play`'s command line asks for. */
interface PlayArgs {
  /** `-h`/`--help`. */
  help: boolean;
  /** The game ("" with `--help` alone). */
  game: string;
  options: PlayOptions;
}

/** The integer flags: each one's range, checked on the digits as typed. */
const INTEGER_FLAGS = {
  "--depth": ["depth", 1, 64],
  "--nodes": ["nodes", 0, 1_000_000_000],
  "--solve-from": ["solveFrom", 0, 42],
} as const;

function parseArgs(args: readonly string[]): PlayArgs {
  const options: PlayOptions = {};
  let help = false;
  let game: string | undefined;
  const flags = new FlagsOnce("play");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    // `--depth 3` and `--depth=3` alike, as every command takes them.
    const value = (flag: string): string => {
      const [text, next] = flagValue("play", args, i, flag);
      i = next;
      return text;
    };
    const integer = Object.entries(INTEGER_FLAGS).find(([flag]) =>
      isFlag(arg, flag)
    );
    if (arg === "-h" || arg === "--help") help = true;
    else if (arg === "--hint") options.hint = true;
    else if (isFlag(arg, "--first")) {
      options.first = value("--first") as PlayOptions["first"];
    } else if (integer !== undefined) {
      // The value as typed in the message ("-0", not 0).
      const [flag, [key, min, max]] = integer;
      options[key] = integerValue(
        "play",
        flag,
        value(flag),
        String(max).length,
        min,
        max,
        `an integer in ${min}…${max}`,
      );
    } else if (isFlag(arg, "--position")) {
      options.position = value("--position");
    } else if (arg.startsWith("--")) {
      throw new UsageError(`play: unknown argument ${JSON.stringify(arg)}`);
    } else if (game === undefined) game = arg;
    else {
      throw new UsageError(
        `play: one game at a time, got "${game}" and "${arg}"`,
      );
    }
  }
  if (game === undefined && !help) {
    throw new UsageError(
      "play: which game? Give one of tictactoe, connect4, nim, chess",
    );
  }
  return { help, game: game ?? "", options };
}

async function main(args: readonly string[]): Promise<number> {
  const parsed = readCommandLine(parseArgs, args, HELP);
  if (typeof parsed === "number") return parsed;
  const write = writeOrLeave;
  let session;
  try {
    session = createPlaySession(parsed.game, parsed.options);
  } catch (error) {
    // A bad game, option or position: one line, as for the flags.
    warn(`${error instanceof Error ? error.message : error} (see --help)`);
    return 2;
  }
  write(session.start());
  // The engine's first move may end the game: nothing to read then.
  if (session.over) return 0;
  write(session.prompt());
  const skipped = (number: number, length: number) => {
    write(`\n${tooLongMessage(number, length)}\n`);
    write(session.prompt());
  };
  for await (const line of lines(Deno.stdin.readable, skipped)) {
    // Piped input is not echoed: show it, so a transcript reads like a game.
    if (!Deno.stdin.isTerminal()) write(line + "\n");
    const { text, done } = session.input(line);
    write(text);
    if (done) return 0;
    write(session.prompt());
  }
  write("\n(end of input)\n");
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
