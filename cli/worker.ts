/**
 * `deno task worker --nats URL`: serves jobs (batches of games, or one
 * Connect Four solve) from a NATS JetStream server until stopped, for the
 * commands run with `--nats URL` on any machine
 * (`deno task match|strength|openings ... --nats URL`).
 * See docs/distributed.md.
 *
 * A worker runs only jobs made by the same version of the code (a hash of
 * src/ and cli/): others are given back to the queue, with a message here
 * and on the command's side. A chess job names its engines; the worker
 * runs only `ours` (cli/uci.ts) and the engines configured here with
 * `--engine NAME=PATH` (Stockfish by itself when installed): a job naming
 * any other goes to the dead-letter stream (`unknown-engine`) and fails
 * its run. Credentials and TLS are the NATS server's (see --help). A message that is not a job (not JSON, too
 * large, a bad field) goes to the dead-letter stream with its reason; the
 * worker goes on. SIGINT or SIGTERM gives the job in progress back to the
 * queue and exits 0. Cannot connect, or a server without JetStream: one
 * line, exit 2.
 *
 * @module
 */

import { codeVersion } from "../src/jobs/job.ts";
import { DEFAULT_ACK_WAIT_MS, serveJobs } from "../src/jobs/nats.ts";
import { FlagsOnce } from "./_flags.ts";
import { print } from "./_output.ts";
import { EngineFlagError, engineTable } from "../src/jobs/engines.ts";
import {
  connectForCommand,
  SECURITY_FLAGS,
  SECURITY_HELP,
  securityFlags,
} from "./_nats.ts";

const HELP =
  `usage: deno task worker --nats URL [--engine NAME=PATH ...] [--name NAME]
       [--ack-wait SECONDS] [--max-jobs N] [--nats-creds FILE]
       [--nats-nkey FILE] [--nats-ca FILE]
Serves jobs (games of match and strength, solves of openings) from the
NATS JetStream server at URL (nats://HOST:PORT, HOST:PORT or HOST) until stopped (Ctrl-C or SIGTERM give the job in
progress back to the queue).
  --nats URL          the server (started with nats-server -js -sd DIR)
${SECURITY_HELP}
  --engine NAME=PATH  a chess engine jobs may name (NAME: a-z, 0-9, _, -),
                      once per NAME, repeatable; "ours" (cli/uci.ts) is
                      always there, "stockfish" by itself when installed
                      (PATH, then /usr/games); a job never gives a path
  --name NAME         this worker's name in messages (default HOST/PID)
  --ack-wait SECONDS  how long the server waits for a silent worker before
                      giving its job to another (1…3600, default ${
    DEFAULT_ACK_WAIT_MS / 1000
  }); the
                      worker tells the server it is alive every third of it
  --max-jobs N        exit 0 after N jobs (default: serve until stopped)
Only jobs made by this same code (a hash of src/ and cli/) are run; a job
of another version is given back and the refusal is reported.`;

class Usage extends Error {}

interface Options {
  nats: string;
  name: string | null;
  ackWaitMs: number | undefined;
  maxJobs: number | undefined;
  engines: Map<string, string>;
  security: ReturnType<typeof securityFlags>;
}

const FLAGS = [
  "--nats",
  "--name",
  "--ack-wait",
  "--max-jobs",
  ...SECURITY_FLAGS,
];
/** Flags given once per value: each --engine adds one engine. */
const REPEATABLE = ["--engine"];

function parse(args: readonly string[]): Options | null {
  const seen = new Map<string, string>();
  const flags = new FlagsOnce("worker", REPEATABLE);
  const engines: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    if (flag === "--help" || flag === "-h") return null;
    if (!FLAGS.includes(flag) && !REPEATABLE.includes(flag)) {
      throw new Usage(`unknown argument ${JSON.stringify(flag)}`);
    }
    const value = args[++i];
    if (value === undefined) throw new Usage(`${flag} needs a value`);
    if (flag === "--engine") {
      engines.push(value);
      continue;
    }
    const twice = flags.repeated(flag, value);
    if (twice !== null) throw new Usage(twice);
    seen.set(flag, value);
  }
  const integer = (flag: string, min: number, max: number) => {
    const text = seen.get(flag);
    if (text === undefined) return undefined;
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(n >= min && n <= max)) {
      throw new Usage(
        `${flag} must be an integer in ${min}…${max}, got ${
          JSON.stringify(text)
        }`,
      );
    }
    return n;
  };
  const nats = seen.get("--nats");
  if (nats === undefined) throw new Usage("--nats URL is required");
  const ackWait = integer("--ack-wait", 1, 3600);
  let table: Map<string, string>;
  try {
    table = engineTable(engines);
  } catch (error) {
    if (error instanceof EngineFlagError) throw new Usage(error.message);
    throw error;
  }
  return {
    nats,
    name: seen.get("--name") ?? null,
    ackWaitMs: ackWait === undefined ? undefined : ackWait * 1000,
    maxJobs: integer("--max-jobs", 1, 1e9),
    engines: table,
    security: securityFlags(seen),
  };
}

function hostName(): string {
  try {
    return Deno.hostname();
  } catch {
    return "worker";
  }
}

async function main(args: readonly string[]): Promise<number> {
  let options: Options | null;
  try {
    options = parse(args);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    console.error(`worker: ${error.message} (see --help)`);
    return 2;
  }
  if (options === null) {
    print(HELP);
    return 0;
  }
  const code = await codeVersion();
  const name = options.name ?? `${hostName()}/${Deno.pid}`;
  const log = (line: string) => console.error(`worker ${name}: ${line}`);
  const stop = new AbortController();
  const onSignal = () => {
    // `deno task` passes the signal on too: say it once.
    if (stop.signal.aborted) return;
    log("stopping: the job in progress goes back to the queue");
    stop.abort();
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  const removeListeners = () => {
    Deno.removeSignalListener("SIGINT", onSignal);
    Deno.removeSignalListener("SIGTERM", onSignal);
  };
  const jobs = await connectForCommand("worker", options.nats, {
    ...(options.ackWaitMs === undefined
      ? {}
      : { ackWaitMs: options.ackWaitMs }),
    security: options.security,
    waitUntilReady: { signal: stop.signal, log },
  });
  if (jobs === null) {
    removeListeners();
    return stop.signal.aborted ? 0 : 2;
  }
  log(
    `serving ${jobs.server} (code version ${code}; engines: ${
      [
        "ours",
        ...[...options.engines].sort().map(([engine, path]) =>
          `${engine}=${path}`
        ),
      ]
        .join(", ")
    })`,
  );
  try {
    const summary = await serveJobs(jobs, {
      worker: name,
      code,
      signal: stop.signal,
      log,
      ...(options.ackWaitMs === undefined
        ? {}
        : { ackWaitMs: options.ackWaitMs }),
      ...(options.maxJobs === undefined ? {} : { maxJobs: options.maxJobs }),
      engines: options.engines,
    });
    log(
      `served ${summary.done} jobs (${summary.skipped} skipped, ${summary.refused} refused, ${summary.dead} dead letters)`,
    );
    return 0;
  } catch (error) {
    log(`stopped: ${(error as Error).message}`);
    return 2;
  } finally {
    removeListeners();
    await jobs.close().catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
