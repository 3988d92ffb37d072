// Running a bench as its deno task runs it: the command is read from
// deno.json, so a test sees the task's own permissions and file.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What a finished bench left. */
export interface BenchRun {
  code: number;
  out: string;
  err: string;
}

/** `deno.json`'s `task`, as a `deno run` command line without `deno`. */
export async function taskArgs(task: string): Promise<string[]> {
  const config = JSON.parse(
    await Deno.readTextFile(`${ROOT}/deno.json`),
  ) as { tasks: Record<string, string> };
  const command = config.tasks[task];
  const words = command?.split(/\s+/) ?? [];
  if (words[0] !== "deno" || words[1] !== "run") {
    throw new Error(
      `deno.json: task ${JSON.stringify(task)} must be "deno run …", got ${
        JSON.stringify(command ?? null)
      }`,
    );
  }
  return words.slice(1);
}

/** Runs `deno task <task> ...args` from the repository root; returns exit code, stdout, stderr. */
export async function runBenchTask(
  task: string,
  ...args: string[]
): Promise<BenchRun> {
  const run = await new Deno.Command(Deno.execPath(), {
    args: [...await taskArgs(task), ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: run.code, out: decode(run.stdout), err: decode(run.stderr) };
}

/** Runs `deno task <task> ...args` and checks it refuses them: exit 2, `message` on stderr, no stack trace. */
export async function assertRefused(
  task: string,
  args: readonly string[],
  message: RegExp,
): Promise<void> {
  const { code, err } = await runBenchTask(task, ...args);
  assert.equal(code, 2, `${args.join(" ")}: ${err}`);
  assert.match(err, message);
  assert.doesNotMatch(err, /^\s+at /m);
}
