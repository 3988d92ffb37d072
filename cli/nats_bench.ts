/**
 * `deno task bench:nats`: games per second of a Connect Four round robin
 * played in-process (`roundRobin`), over local Deno workers
 * (`roundRobinParallel`) and as jobs on a NATS JetStream server with 1, 2
 * and 4 local worker processes (`deno task worker`). Run by hand, not by
 * `deno bench` (it starts processes and a server):
 *
 *   deno task bench:nats [--games-per-pair N] [--batch N]
 *
 * (see {@linkcode USAGE}). Exit 2 with one line on a bad argument.
 *
 * Starts `nats-server -js` on a free port of 127.0.0.1 with a temporary
 * store and says where on stderr, then the workers (named after the store),
 * and kills everything it started at the end; SIGINT and SIGTERM kill
 * them too, remove the store and exit 130 and 143. Every run's records are
 * checked against the in-process run's, game for game.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Jobs } from "../src/jobs/nats.ts";
import { flagName, FlagsOnce, flagValue, UsageError } from "./_flags.ts";
import { basename } from "node:path";
import { print } from "./_output.ts";
import { findProgram } from "../src/programs.ts";
import { onStopSignals } from "./_stop_signals.ts";

const SPECS = [
  { kind: "alpha-beta", depth: 9, quality: "good" },
  { kind: "alpha-beta", depth: 8, quality: "medium" },
  { kind: "alpha-beta", depth: 8, quality: "poor" },
  { kind: "mcts", playouts: 5000, seed: 1 },
] as const;
const OPENINGS = ["44", "35", "1234", "4455", "26", "7171", "3344", "52"];

/** The defaults of the flags. */
const DEFAULT_GAMES_PER_PAIR = 4, DEFAULT_BATCH = 2;

/** The text of `deno task bench:nats --help`. */
const USAGE = `usage: deno task bench:nats [--games-per-pair N] [--batch N]
  --games-per-pair N  games of each pair of players, an even integer (each
                      opening with both colours) in 2…1000 (default ${DEFAULT_GAMES_PER_PAIR})
  --batch N           games a job over NATS, an integer in 1…1000 (default ${DEFAULT_BATCH})
  -h, --help          this text

Exit status: 0 when every run's records equal the in-process run's; 1 when
they differ or a run fails; 2 on a bad command line; 130/143 when stopped
by SIGINT/SIGTERM (nats-server, the workers and the store removed).`;

/**
 * The flags (integers, each at most once), or null for `-h`/`--help`.
 * @throws {UsageError} `bench:nats: …` naming an unknown, repeated or
 *   valueless flag, or a bad value
 */
function readFlags(args: readonly string[]): Map<string, number> | null {
  const flags = new Map<string, number>();
  const once = new FlagsOnce("bench:nats");
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-h" || arg === "--help") {
      once.check(arg);
      help = true;
      continue;
    }
    const flag = flagName(arg);
    if (flag !== "--games-per-pair" && flag !== "--batch") {
      throw new UsageError(
        `bench:nats: unknown argument ${JSON.stringify(arg)}`,
      );
    }
    // `--batch 4` and `--batch=4` alike, as every command takes them.
    let text: string;
    [text, i] = flagValue("bench:nats", args, i, flag);
    once.check(flag, text);
    const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    // A round robin plays each opening with both colours: an odd count
    // (or 1) failed in the first run with an uncaught error, exit 1.
    if (flag === "--games-per-pair") {
      if (!(value >= 2 && value <= 1000 && value % 2 === 0)) {
        throw new UsageError(
          `bench:nats: ${flag} must be an even integer in 2…1000 (each opening with both colours), got ${
            JSON.stringify(text)
          }`,
        );
      }
    } else if (!(value >= 1 && value <= 1000)) {
      throw new UsageError(
        `bench:nats: ${flag} must be an integer in 1…1000, got ${
          JSON.stringify(text)
        }`,
      );
    }
    flags.set(flag, value);
  }
  return help ? null : flags;
}

async function main(args: readonly string[]): Promise<void> {
  let flags: Map<string, number> | null;
  try {
    flags = readFlags(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message} (see --help)`);
    Deno.exit(2);
  }
  if (flags === null) {
    print(USAGE);
    return;
  }
  const { roundRobin } = await import("../src/match/tournament.ts");
  const { roundRobinParallel } = await import("../src/match/parallel.ts");
  const { createPlayer, parsePosition } = await import(
    "../src/players/player_spec.ts"
  );
  const { openJobs } = await import("../src/jobs/nats.ts");
  const { roundRobinOverNats } = await import("../src/jobs/remote.ts");
  const gamesPerPair = flags.get("--games-per-pair") ?? DEFAULT_GAMES_PER_PAIR;
  const batch = flags.get("--batch") ?? DEFAULT_BATCH;
  const specs = SPECS.map((s) => ({ ...s }));
  const options = { openings: OPENINGS, gamesPerPair, seed: 3 };
  const rows: [string, number, number][] = [];
  const time = async <T>(label: string, run: () => Promise<T> | T) => {
    const start = performance.now();
    const records = await run();
    const seconds = (performance.now() - start) / 1000;
    const games = (records as unknown[]).length;
    rows.push([label, games, seconds]);
    console.error(
      `${label}: ${games} games in ${seconds.toFixed(1)} s, ${
        (games / seconds).toFixed(2)
      } games/s`,
    );
    return records;
  };
  const local = await time(
    "in-process (roundRobin)",
    () =>
      roundRobin(specs.map((s) => createPlayer("connect-four", s)), {
        ...options,
        openings: OPENINGS.map((o) => parsePosition("connect-four", o)),
      }),
  );
  assert.deepEqual(
    await time(
      "2 Deno workers (roundRobinParallel)",
      () =>
        roundRobinParallel(specs, {
          game: "connect-four",
          ...options,
          workers: 2,
        }),
    ),
    local,
  );

  const port = (() => {
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const p = (l.addr as Deno.NetAddr).port;
    l.close();
    return p;
  })();
  const store = Deno.makeTempDirSync({ prefix: "gts_nats_bench_" });
  const children: Deno.ChildProcess[] = [];
  // Ends every process started here and removes the store, once: the end
  // of the run and a signal may both ask for it.
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    cleaning ??= (async () => {
      for (const child of [...children].reverse()) {
        try {
          child.kill("SIGKILL");
        } catch { /* gone */ }
        await child.status;
      }
      Deno.removeSync(store, { recursive: true });
    })();
  // SIGINT and SIGTERM end nats-server, the workers and the store before
  // exiting 130 and 143, as match and strength end what they started; the
  // default action left them all running.
  const signals = onStopSignals(async (signal) => {
    await cleanUp();
    console.error(
      `bench:nats: stopped by ${signal}: nats-server and ${
        children.length - 1
      } worker processes ended, ${store} removed`,
    );
  });
  /** Starts a process, unless a signal is stopping the run. */
  const spawn = (program: string, options: Deno.CommandOptions) => {
    if (signals.signal !== null) {
      throw new Error(`stopped by ${signals.signal}`);
    }
    const child = new Deno.Command(program, options).spawn();
    children.push(child);
    return child;
  };
  // Debian's /usr/sbin is on root's PATH only: src/programs.ts looks there too.
  spawn(findProgram("nats-server") ?? "nats-server", {
    args: ["-js", "-sd", store, "-p", String(port), "-a", "127.0.0.1"],
    stdout: "null",
    stderr: "null",
  });
  const url = `nats://127.0.0.1:${port}`;
  try {
    let jobs: Jobs | null = null;
    for (let i = 0; i < 50 && jobs === null; i++) {
      jobs = await openJobs(url, { name: "bench" }).catch(() => null);
      if (jobs === null) await new Promise((r) => setTimeout(r, 100));
    }
    if (jobs === null) throw new Error(`no server at ${url}`);
    const connected: Jobs = jobs;
    console.error(`bench:nats: nats-server at ${url}, store ${store}`);
    let workers = 0;
    for (const count of [1, 2, 4]) {
      const starting: Promise<void>[] = [];
      while (workers < count) {
        workers++;
        // Named after the store, so that its processes are found by it.
        const w = spawn(Deno.execPath(), {
          args: [
            "run",
            "-A",
            new URL("./worker.ts", import.meta.url).pathname,
            "--nats",
            url,
            "--name",
            `${basename(store)}/w${workers}`,
          ],
          stdout: "null",
          stderr: "piped",
        });
        starting.push(serving(w));
      }
      // The workers' start-up (a second or two each) is not the run's.
      await Promise.all(starting);
      console.error(
        `bench:nats: ${count} worker process${
          count > 1 ? "es" : ""
        } serving ${url}`,
      );
      assert.deepEqual(
        await time(
          `NATS, ${count} worker process${
            count > 1 ? "es" : ""
          }, ${batch} games a job`,
          () =>
            roundRobinOverNats(connected, specs, {
              game: "connect-four",
              ...options,
              batch,
            }),
        ),
        local,
      );
    }
    await connected.close();
  } catch (error) {
    // Stopped by a signal: the handler says so and exits with its code.
    if (signals.signal !== null) Deno.exit(await signals.exitCode);
    throw error;
  } finally {
    if (signals.signal === null) {
      await cleanUp();
      signals.remove();
    }
  }
  print("| runner | games | seconds | games/s |");
  print("| --- | ---: | ---: | ---: |");
  for (const [label, games, seconds] of rows) {
    print(
      `| ${label} | ${games} | ${seconds.toFixed(1)} | ${
        (games / seconds).toFixed(2)
      } |`,
    );
  }
}

/**
 * Resolves once a worker says it is serving; rejects with its last lines
 * if it ends before. Its stderr is read to the end after that, so that its
 * log never fills the pipe and blocks it.
 */
async function serving(worker: Deno.ChildProcess): Promise<void> {
  const reader = worker.stderr.pipeThrough(new TextDecoderStream())
    .getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      throw new Error(`a worker ended before serving: ${text.slice(-1000)}`);
    }
    text += value;
    if (/: serving /.test(text)) break;
  }
  (async () => {
    try {
      while (!(await reader.read()).done) { /* drained */ }
    } catch { /* the worker was killed */ }
  })();
}

if (import.meta.main) await main(Deno.args);
