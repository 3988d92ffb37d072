// Every command of cli/ (every file without a leading underscore, and every
// task of deno.json that runs one, so a new command is covered the day it is
// added), run as a real process on input a user mistypes: one clear line and
// exit 2, never a stack trace; `--help` exits 0. The rules every command
// shares: a flag given twice is refused (exit 2, the flag named), and a
// closed stdout (`| head -1`) ends the command quietly with 0. The commands'
// own tests cover their deeper faults.
import assert from "node:assert/strict";
import type { ProgramName } from "../src/programs.ts";
import { lacks } from "./_programs.ts";
import {
  assertCleanFailure,
  assertNoStackTrace,
  cliPath,
  ROOT,
  runCli,
} from "./_cli.ts";

const commands: string[] = [];
for await (const entry of Deno.readDir(cliPath(""))) {
  if (entry.isFile && /^[a-z][a-z0-9_]*\.ts$/.test(entry.name)) {
    commands.push(entry.name);
  }
}
commands.sort();

/** The UCI engine speaks the protocol on stdin and takes no arguments. */
const PROTOCOL_ONLY = new Set(["uci.ts"]);

Deno.test("cli/: the commands are found", () => {
  for (
    const name of ["figures.ts", "match.ts", "play.ts", "solve.ts", "uci.ts"]
  ) {
    assert.ok(commands.includes(name), `${name} among ${commands.join(", ")}`);
  }
});

for (const command of commands.filter((name) => !PROTOCOL_ONLY.has(name))) {
  Deno.test(`cli/${command}: an unknown flag is one short message and exit 2; --help exits 0`, async () => {
    const bad = await runCli(command, ["--no-such-flag"]);
    assertCleanFailure(bad, /no-such-flag/, `cli/${command} --no-such-flag`);
    const lines = bad.stderr.trim().split("\n");
    assert.ok(
      lines.length <= 3,
      `${command}: ${lines.length} lines:\n${bad.stderr}`,
    );
    const help = await runCli(command, ["--help"]);
    assertNoStackTrace(help.stderr + help.stdout, `cli/${command} --help`);
    assert.equal(
      help.code,
      0,
      `${command} --help: exit ${help.code}\n${help.stderr}`,
    );
    assert.ok(
      (help.stdout + help.stderr).trim().length > 0,
      `${command} --help printed nothing`,
    );
  });
}

Deno.test("cli/uci.ts: garbage on stdin is answered with info string lines, end of input exits 0", async () => {
  const run = await runCli("uci.ts", [], {
    stdin: "\u0000\u0001garbage\nposition fen not-a-fen\ngo depth abc\n",
  });
  assertNoStackTrace(run.stderr + run.stdout, "cli/uci.ts on garbage");
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /info string unknown command/);
  assert.match(run.stdout, /info string position:/);
  assert.equal(run.stdout.match(/^bestmove /gm)?.length, 1, run.stdout);
});

/** A task of deno.json that runs a command of cli/, as `deno task` runs it. */
interface Task {
  name: string;
  file: string;
  /** The `deno run` flags before the file. */
  permissions: string[];
}

const taskLines = (JSON.parse(
  await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
) as { tasks: Record<string, string> }).tasks;
const tasks: Task[] = [];
for (const [name, line] of Object.entries(taskLines)) {
  const match = /^deno run((?: -[^ ]+)*) cli\/([a-z][a-z0-9_]*\.ts)$/.exec(
    line,
  );
  if (match === null) continue;
  tasks.push({
    name,
    file: match[2]!,
    permissions: match[1]!.split(" ").filter((flag) => flag !== ""),
  });
}

/** How each task is tried: a run with stdout closed, and a flag given twice. */
interface Tries {
  /**
   * A short run that prints to stdout, or `--help` where a real run needs a
   * server, a program not installed everywhere, minutes, or writes to the
   * repository (the reason is said). `{temp}` in an argument is a fresh
   * temporary folder; `data` runs in one that holds `data/connect4/`.
   */
  closed: {
    args: string[];
    stdin?: string;
    data?: true;
    why?: string;
    /** External programs the run needs (held back without them). */
    needs?: ProgramName[];
  };
  /** Arguments that give `flag` twice; null for a command that takes no flags. */
  twice: { args: string[]; flag: string } | { none: string };
}

const TRIES: Record<string, Tries> = {
  "solve": {
    closed: { args: ["--threads", "1"], stdin: "4455\n44\n" },
    twice: {
      args: ["--max-nodes", "1", "--max-nodes", "2"],
      flag: "--max-nodes",
    },
  },
  "c4bench": {
    closed: {
      args: [
        "data/connect4/end_easy.txt",
        "--passes",
        "1",
        "--threads",
        "1",
        "--megabytes",
        "1",
      ],
    },
    twice: {
      args: ["positions.txt", "--passes", "1", "--passes=2"],
      flag: "--passes",
    },
  },
  "c4sets": {
    // It writes data/connect4/ of its working folder: a temporary one.
    closed: { args: ["--count", "1", "--max-nodes", "100000"], data: true },
    twice: { args: ["--count", "1", "--count", "2"], flag: "--count" },
  },
  "openings": {
    closed: {
      args: ["--after", "4433", "--max-nodes", "1000", "--threads", "1"],
    },
    twice: { args: ["--threads", "1", "--threads", "2"], flag: "--threads" },
  },
  "chess-referee": {
    closed: { args: ["--help"], why: "needs Stockfish and the full chess run" },
    twice: { args: ["--depth", "1", "--depth", "2"], flag: "--depth" },
  },
  "play": {
    closed: { args: ["tictactoe"], stdin: "quit\n" },
    twice: {
      args: ["tictactoe", "--first", "engine", "--first", "human"],
      flag: "--first",
    },
  },
  "uci": {
    closed: { args: [], stdin: "uci\nisready\nquit\n" },
    twice: { none: "it takes no flags: it speaks UCI on stdin" },
  },
  "match": {
    closed: {
      // 60 s for each engine's handshake: ours is Deno starting up.
      args: [
        "--a",
        "ours:depth=1",
        "--b",
        "ours:depth=2",
        "--games",
        "2",
        "--handshake-timeout-ms",
        "60000",
      ],
    },
    twice: {
      args: [
        "--a",
        "ours:depth=1",
        "--b",
        "ours:depth=2",
        "--games",
        "1",
        "--games",
        "2",
      ],
      flag: "--games",
    },
  },
  "strength": {
    closed: {
      args: ["--help"],
      why: "its small run adds to data/connect4/'s caches",
    },
    twice: { args: ["--workers", "1", "--workers", "2"], flag: "--workers" },
  },
  "worker": {
    closed: { args: ["--help"], why: "needs a NATS server; it logs to stderr" },
    twice: {
      args: ["--nats", "127.0.0.1:1", "--nats", "127.0.0.1:2"],
      flag: "--nats",
    },
  },
  "figures": {
    closed: { args: ["--out", "{temp}", "000"] },
    twice: { args: ["--strict", "--strict"], flag: "--strict" },
  },
  "atlas-elo": {
    closed: { args: ["--help"], why: "its small run takes minutes" },
    twice: { args: ["--workers", "1", "--workers", "2"], flag: "--workers" },
  },
  "lab": {
    closed: { args: ["--help"], why: "needs JupyterLab in .venv/" },
    twice: { args: ["--port", "9000", "--port", "9001"], flag: "--port" },
  },
  "site": {
    closed: { args: ["--out", "{temp}/site"] },
    twice: { args: ["--out", "{temp}/a", "--out", "{temp}/b"], flag: "--out" },
  },
  "bench:c": {
    closed: { args: ["--rounds", "1", "--passes", "1"], needs: ["cc"] },
    twice: { args: ["--rounds", "1", "--rounds", "2"], flag: "--rounds" },
  },
  "bench:nats": {
    closed: {
      args: ["--help"],
      why: "starts a NATS server and workers for minutes",
    },
    twice: { args: ["--batch", "1", "--batch", "2"], flag: "--batch" },
  },
  "grade": {
    closed: { args: ["tests/fixtures/grade/right.ts"] },
    twice: {
      args: ["x", "--timeout", "1", "--timeout", "2"],
      flag: "--timeout",
    },
  },
  "notebooks": {
    closed: { args: ["--help"], why: "needs Jupyter and minutes" },
    twice: { args: ["--timeout", "1", "--timeout", "2"], flag: "--timeout" },
  },
};

Deno.test("deno.json: every command of cli/ has a task, every task running one is tried below", () => {
  assert.deepEqual(
    [...new Set(tasks.map((task) => task.file))].sort(),
    commands,
    "the files the tasks run, against the commands of cli/",
  );
  for (const [name, line] of Object.entries(taskLines)) {
    if (/cli\/[a-z0-9_]+\.ts/.test(line)) {
      assert.ok(
        tasks.some((task) => task.name === name),
        `task ${name} runs cli/ in a form this test does not read: ${line}`,
      );
    }
  }
  assert.deepEqual(
    Object.keys(TRIES).sort(),
    tasks.map((task) => task.name).sort(),
  );
});

Deno.test("cli/: no command writes to stdout but through _output.ts (print, writeOrLeave)", async () => {
  const found: string[] = [];
  for await (const entry of Deno.readDir(cliPath(""))) {
    if (!entry.isFile || !entry.name.endsWith(".ts")) continue;
    if (entry.name === "_output.ts") continue;
    const text = await Deno.readTextFile(cliPath(entry.name));
    text.split("\n").forEach((line, index) => {
      // Comments may show console.log in an example of a library call.
      if (/^\s*(\*|\/\/)/.test(line)) return;
      if (/console\.(log|info|debug|table|dir)\(|Deno\.stdout/.test(line)) {
        found.push(`cli/${entry.name}:${index + 1}: ${line.trim()}`);
      }
    });
  }
  // console.log drops a line to a closed stdout silently and runs on.
  assert.deepEqual(found, []);
});

/** Runs a task's command as `deno task` would, with `{temp}` filled in. */
async function runTask(
  task: Task,
  args: readonly string[],
  options: { stdin?: string; data?: true; closedStdout?: boolean } = {},
) {
  const temp = await Deno.makeTempDir({ prefix: "cli_faults_" });
  try {
    if (options.data) {
      await Deno.mkdir(`${temp}/data/connect4`, { recursive: true });
    }
    return await runCli(
      task.file,
      args.map((arg) => arg.replaceAll("{temp}", temp)),
      {
        permissions: task.permissions,
        cwd: options.data ? temp : ROOT,
        ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
        closedStdout: options.closedStdout ?? false,
      },
    );
  } finally {
    await Deno.remove(temp, { recursive: true });
  }
}

for (const task of tasks) {
  const tries = TRIES[task.name];
  if (tries === undefined) continue;
  const { closed, twice } = tries;
  const shown = (args: readonly string[]) =>
    ["deno task", task.name, ...args].join(" ");
  Deno.test(
    `${
      shown(closed.args)
    }: a closed stdout (| head -0) ends it quietly with exit 0${
      closed.why === undefined ? "" : ` (--help: ${closed.why})`
    }`,
    { ignore: closed.needs === undefined ? false : lacks(...closed.needs) },
    async () => {
      const run = await runTask(task, closed.args, {
        closedStdout: true,
        ...(closed.stdin === undefined ? {} : { stdin: closed.stdin }),
        ...(closed.data ? { data: true } : {}),
      });
      const what = `${shown(closed.args)} | head -0`;
      assertNoStackTrace(run.stderr, what);
      assert.doesNotMatch(run.stderr, /broken pipe|BrokenPipe/i, what);
      assert.equal(run.code, 0, `${what}: exit ${run.code}\n${run.stderr}`);
      console.log(`${what}: exit 0 in ${run.ms.toFixed(0)} ms`);
    },
  );
  if ("none" in twice) continue;
  // An unknown flag last: a parser that let the repeat pass stops there,
  // before any work (a real run here could write to the repository).
  const args = [...twice.args, "--no-such-flag"];
  Deno.test(`${shown(args)}: a flag given twice is refused, exit 2`, async () => {
    const run = await runTask(task, args);
    const what = shown(args);
    const flag = twice.flag.replaceAll("-", "\\-");
    assertCleanFailure(
      run,
      new RegExp(`^${task.name}: ${flag} is given twice`, "m"),
      what,
    );
    assert.equal(run.stdout, "", `${what} printed ${run.stdout}`);
    // One line, as README says: play printed its usage after it.
    assert.match(
      run.stderr,
      new RegExp(
        `^${task.name}: ${flag} is given twice[^\n]* \\(see --help\\)\n$`,
      ),
      `${what}: not one line`,
    );
  });
}
