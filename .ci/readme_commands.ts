/**
 * Runs every command of README.md's `sh` blocks exactly as the README writes
 * it (`bash -c` with the line's text, its trailing `# comment` left out), as
 * a reader would type it, and checks what it prints. `.ci/run` runs this
 * after the tests; `tests/readme_test.ts` checks that {@linkcode RUNS} has
 * an entry for each command the README shows and none for a command it no
 * longer shows, so a new command cannot go unrun.
 *
 * Each command gets the input it needs (an interactive game gets `quit`),
 * a budget, and a pattern its output must match. A server (`task lab`) is
 * started, asked for its status, and stopped with Ctrl-C (SIGINT to its
 * process group). Two commands are run by `.ci/run` itself, as written
 * there: the tests (its main step) and `task lab --check` (before the tests,
 * which need JupyterLab).
 *
 * Prints one line per command and exits 1 when any failed.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

/** The repository's root folder. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** How one README command is run and judged. */
export interface ReadmeRun {
  /** Text on its standard input (default: none, closed at once). */
  stdin?: string;
  /** What its output (stdout and stderr together) must show. */
  expect: RegExp;
  /** Kill it and fail after this long (default 10 minutes). */
  timeoutMs?: number;
  /**
   * A server that runs until Ctrl-C: `expect` must find its URL (with the
   * token, `…?token=…`), whose `/api/status` must answer 200; then SIGINT.
   */
  server?: true;
  /** `.ci/run` runs it, written there exactly so; not run here. */
  runBy?: ".ci/run";
  /** A check after the run; returns a problem, or null when all is well. */
  after?: () => Promise<string | null>;
}

/**
 * The commands of a Markdown text's `sh` blocks: each non-blank line, with
 * a trailing comment (`   # …`, after two blanks or more) left out.
 *
 * @param markdown the text, e.g. README.md
 * @returns the commands, in order
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readmeCommands } from "./readme_commands.ts";
 * const fence = "`".repeat(3); // a literal fence would end this example
 * const text = `a\n${fence}sh\necho 1 | x   # one\n\ny\n${fence}\n` +
 *   `${fence}text\nz\n${fence}\n`;
 * assert.deepEqual(readmeCommands(text), ["echo 1 | x", "y"]);
 * ```
 */
export function readmeCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```sh\n([^]*?)^```$/gm)) {
    for (const line of block[1]!.split("\n")) {
      const command = line.replace(/\s{2,}#.*$/, "").trimEnd();
      if (command.trim() !== "") commands.push(command);
    }
  }
  return commands;
}

/** figures/ as git sees it against the commit: its status lines and its diff, or null when git failed. */
async function figuresState(): Promise<
  { status: string; diff: string } | null
> {
  const run = async (args: string[]) => {
    const output = await new Deno.Command("git", {
      args,
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    return output.success ? new TextDecoder().decode(output.stdout) : null;
  };
  const status = await run(["status", "--porcelain", "--", "figures/"]);
  const diff = await run(["diff", "--binary", "--", "figures/"]);
  return status === null || diff === null ? null : { status, diff };
}

/**
 * figures/ before any command ran: a test run before this script (the
 * browser test's screenshot) may have rewritten a file, which is not what
 * `task figures` is judged by.
 */
const FIGURES_BEFORE = await figuresState();

/** Whether `task figures` left figures/ as it was (the committed figures are what it computes). */
async function figuresUnchanged(): Promise<string | null> {
  const after = await figuresState();
  if (after === null || FIGURES_BEFORE === null) return "git status failed";
  if (
    after.status === FIGURES_BEFORE.status && after.diff === FIGURES_BEFORE.diff
  ) {
    return null;
  }
  return `the committed figures/ differs from what task figures computes:\n${after.status.trim()}`;
}

/** Every command of README.md and how it is run, keyed by its exact text. */
export const RUNS: Readonly<Record<string, ReadmeRun>> = {
  "npx --yes deno@2.9.6 task figures": {
    expect:
      /^figures: \d+ rows, each with its own id: \d+ rows exact, \d+ claims supported, \d+ rows disagree/m,
    timeoutMs: 30 * 60_000,
    after: figuresUnchanged,
  },
  "npx --yes deno@2.9.6 task test": { expect: /held back: /, runBy: ".ci/run" },
  "echo 4455 | npx --yes deno@2.9.6 task solve": {
    expect: /^4455 18 3 \d+$/m,
  },
  "echo 44 | npx --yes deno@2.9.6 task solve --max-nodes 100000": {
    expect: /^44 -?\d+\.\.-?\d+ 100000 \d+ stopped:maxNodes$/m,
  },
  "npx --yes deno@2.9.6 task c4bench data/connect4/middle_easy.txt": {
    expect: /^pass 1: .*mean nodes 419\.6, .* 0 wrong$/m,
  },
  "npx --yes deno@2.9.6 task openings --after 44433322": {
    expect: /^444333227 -?\d+ \d+ [\d.]+$/m,
  },
  "npx --yes deno@2.9.6 task bench:perft": {
    // With Stockfish or without: the Kiwipete row's count and our time.
    expect: /^\| 2 \| 4 \| 4085603 \| [\d.]+ m?s \|/m,
  },
  "npx --yes deno@2.9.6 task bench:depth": {
    // With Stockfish or without: WAC.001's row of ours.
    expect: /^\| WAC\.001 \| 26 \| \d+( mate)? \| \d+ \| \d+ \|/m,
  },
  "npx --yes deno@2.9.6 task bench:strength": {
    // With the opponents or without: the table's header.
    expect: /^\| opponent \| its rating \| games \|/m,
  },
  "npx --yes deno@2.9.6 task bench:engine": {
    // Ours alone: the best of the two rounds and the nodes of a round.
    expect: /^\| best \| \d+ ms \|$[^]*^nodes a round: ours \d+$/m,
  },
  "npx --yes deno@2.9.6 task bench:tune": {
    // Needs Stockfish (CI installs it): the held-out loss before and after.
    expect: /^\| held-out positions \| 0\.\d{6} \| 0\.\d{6} \|$/m,
  },
  "npx --yes deno@2.9.6 task bench:c4ref": {
    expect:
      /^\| data\/connect4\/end_easy\.txt \| 10 \| [\d.]+ µs \(\d+ nodes\) \|/m,
  },
  "npx --yes deno@2.9.6 task grade tests/fixtures/grade --timeout 3 --memory 128":
    {
      expect:
        /^submission +exercise +verdict +detail\n[^]*^wrong\.ts +mex +wrong +mex\(\[1\]\) returned 2/m,
    },
  "npx --yes deno@2.9.6 task lab": {
    expect: /http:\/\/(?:localhost|127\.0\.0\.1):\d+\/lab\?token=[0-9a-f]+/,
    server: true,
    timeoutMs: 5 * 60_000,
  },
  "npx --yes deno@2.9.6 task lab --check": {
    expect: /^lab --check: JupyterLab .* stopped$/m,
    runBy: ".ci/run",
  },
  "npx --yes deno@2.9.6 task play tictactoe": {
    stdin: "4\nquit\n",
    expect: /You play cell 4\.\nEngine plays cell 0\.[^]*Bye\.\n$/,
  },
  "npx --yes deno@2.9.6 task play connect4 --hint": {
    stdin: "quit\n",
    expect: /Proven: columns 1, 2, 3, 4, 5, 6, 7\.\n[^]*Bye\.\n$/,
  },
  'npx --yes deno@2.9.6 task play nim --position "3 4 5"': {
    stdin: "1 2\nquit\n",
    expect: /You play 2 from heap 1\.\nEngine plays [^]*nim-sum[^]*Bye\.\n$/,
  },
  "npx --yes deno@2.9.6 task play chess --first engine": {
    stdin: "quit\n",
    expect: /Engine plays [^]*Bye\.\n$/,
  },
  "npx --yes deno@2.9.6 task play --help": {
    expect: /^ {2}--nodes N +\S[^]*^ {2}--solve-from N +\S/m,
  },
  "printf 'uci\\nposition startpos moves e2e4\\ngo depth 5\\n' | npx --yes deno@2.9.6 task uci --finish":
    {
      expect:
        /^info depth 5 .*score cp -?\d+ .*pv [a-h1-8 ]+\n[^]*^bestmove [a-h][1-8][a-h][1-8]/m,
    },
  "npx --yes deno@2.9.6 task match --a ours:depth=3 --b stockfish:skill=0,depth=5 --games 24 --pgn /tmp/match.pgn":
    {
      expect:
        /^ours:depth=3 vs stockfish:skill=0,depth=5: \+\d+ =\d+ -\d+, score [\d.]+\/24 /m,
      timeoutMs: 30 * 60_000,
    },
};

/** What a finished command left. */
interface Finished {
  code: number | null;
  output: string;
  problem: string | null;
}

async function collect(
  stream: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<void> {
  // Told as it comes: a server's URL must be seen while it runs.
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    onText(decoder.decode(chunk, { stream: true }));
  }
}

/** Runs one command with `bash -c`, in its own process group. */
async function runOne(command: string, run: ReadmeRun): Promise<Finished> {
  const child = new Deno.Command("bash", {
    args: ["-c", command],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    // A process group of its own: Ctrl-C (SIGINT) reaches every process of
    // the command, as from a terminal, and a timeout kills them all.
    detached: true,
  }).spawn();
  const writer = child.stdin.getWriter();
  if (run.stdin !== undefined) {
    await writer.write(new TextEncoder().encode(run.stdin)).catch(() => {});
  }
  await writer.close().catch(() => {});
  let output = "";
  const drained = Promise.all([
    collect(child.stdout, (text) => output += text),
    collect(child.stderr, (text) => output += text),
  ]);
  const signalGroup = (signal: Deno.Signal) => {
    try {
      Deno.kill(-child.pid, signal);
    } catch { /* already gone */ }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalGroup("SIGKILL");
  }, run.timeoutMs ?? 10 * 60_000);
  let problem: string | null = null;
  if (run.server) {
    // Reads the output as it comes until the URL shows, then asks it.
    const deadline = Date.now() + (run.timeoutMs ?? 10 * 60_000);
    let url: RegExpExecArray | null = null;
    let exited = false;
    child.status.then(() => exited = true);
    while (url === null && !exited && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      url = run.expect.exec(output);
    }
    if (url === null) {
      problem = "the server printed no URL";
    } else {
      const address = new URL(url[0]);
      const token = address.searchParams.get("token")!;
      try {
        const response = await fetch(`${address.origin}/api/status`, {
          headers: { Authorization: `token ${token}` },
          signal: AbortSignal.timeout(30_000),
        });
        await response.body?.cancel();
        if (!response.ok) {
          problem = `GET /api/status answered ${response.status}`;
        }
      } catch (error) {
        problem = `GET /api/status failed: ${(error as Error).message}`;
      }
    }
    // Ctrl-C, and again as the server's banner says if a confirmation is
    // asked; a server still up after that is a failure, stopped by SIGTERM.
    const stopped = (ms: number) =>
      Promise.race([
        child.status.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
      ]);
    signalGroup("SIGINT");
    if (!await stopped(10_000)) {
      signalGroup("SIGINT");
      if (!await stopped(10_000)) {
        problem ??= "the server did not stop on Ctrl-C (twice)";
        signalGroup("SIGTERM");
      }
    }
  }
  const status = await child.status;
  clearTimeout(timer);
  await drained;
  if (timedOut) {
    problem = `killed after ${(run.timeoutMs ?? 10 * 60_000) / 1000} s`;
  } else if (problem === null && !run.server) {
    if (status.code !== 0) problem = `exit ${status.code}`;
    else if (!run.expect.test(output)) {
      problem = `its output does not match ${run.expect}`;
    }
  }
  if (problem === null && run.after !== undefined) problem = await run.after();
  return { code: status.code, output, problem };
}

async function main(): Promise<number> {
  const readme = await Deno.readTextFile(
    new URL("../README.md", import.meta.url),
  );
  const ciRun = await Deno.readTextFile(new URL("./run", import.meta.url));
  const failed: string[] = [];
  // Arguments, if any, keep only the commands that contain one of them.
  const only = Deno.args;
  for (const command of readmeCommands(readme)) {
    if (only.length > 0 && !only.some((word) => command.includes(word))) {
      continue;
    }
    const run = RUNS[command];
    const started = performance.now();
    let problem: string | null;
    let output = "";
    if (run === undefined) {
      problem =
        "README shows it, but .ci/readme_commands.ts has no entry for it";
    } else if (run.runBy !== undefined) {
      problem = ciRun.includes(command)
        ? null
        : `${run.runBy} does not run it as written`;
      if (problem === null) {
        console.log(`readme: ${command}: run by ${run.runBy}`);
        continue;
      }
    } else {
      const finished = await runOne(command, run);
      problem = finished.problem;
      output = finished.output;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (problem === null) {
      console.log(`readme: ${command}: ok (${seconds} s)`);
    } else {
      console.log(`readme: ${command}: FAILED: ${problem} (${seconds} s)`);
      const tail = output.trimEnd().split("\n").slice(-20).join("\n");
      if (tail !== "") console.log(tail.replace(/^/gm, "    "));
      failed.push(command);
    }
  }
  console.log(
    failed.length === 0
      ? "readme: every command ran as written"
      : `readme: ${failed.length} command(s) failed`,
  );
  return failed.length === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());
