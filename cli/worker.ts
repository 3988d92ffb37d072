/**
 * `deno task worker --nats URL`: serves jobs (batches of games, or one
 * Connect Four solve) from a NATS JetStream server until stopped, for the
 * commands run with `--nats URL` on any machine
 * (`deno task match|strength|openings ... --nats URL`).
 * See docs/distributed.md.
 *
 * A worker runs only jobs made by the same version of the code (a hash of
 * src/ and cli/): it pulls from that version's consumer of the server,
 * so the jobs of other versions never come to it (and never use up their
 * deliveries); while idle it says which runs wait for another version,
 * here and on the command's side. A chess job names its engines; the worker
 * runs only `ours` (cli/uci.ts) and the engines configured here with
 * `--engine NAME=PATH` (Stockfish and Glaurung by themselves when installed): a job naming
 * any other goes to the dead-letter stream (`unknown-engine`) and fails
 * its run. Credentials and TLS are the NATS server's (see --help). A
 * message that is not a job (not JSON, too large, a bad field) goes to the
 * dead-letter stream with its reason; the worker goes on. SIGINT or
 * SIGTERM gives the job in progress back to the queue and exits 0, at
 * once, even while the server is away (the job then comes back after the
 * ack wait). Cannot connect, or a server without JetStream: one line,
 * exit 2.
 *
 * The ack wait (how long the server waits for a silent worker before it
 * gives the job to another) is one setting of the server's consumer,
 * shared by every worker: each reads it at each job and tells the server
 * it is alive every third of it. The operator sets it once with
 * `deno task worker --nats URL --set-ack-wait SECONDS` (as a user allowed
 * to change the consumer: the admin or a publisher of
 * docs/distributed.md), which changes it and exits; a worker never changes it, so a worker whose permissions only
 * let it take jobs serves as well.
 *
 * @module
 */

import { codeVersion } from "../src/jobs/job.ts";
import {
  ackWait,
  DEFAULT_ACK_WAIT_MS,
  serveJobs,
  setAckWait,
} from "../src/jobs/nats.ts";
import type { NatsSecurity } from "../src/jobs/nats_address.ts";
import { isName } from "../src/jobs/job_event.ts";
import { describe, printable } from "../src/validate.ts";
import { flagName, FlagsOnce, flagValue, UsageError } from "./_flags.ts";
import { print } from "./_output.ts";
import { EngineFlagError, engineTable } from "../src/uci/engines.ts";
import {
  connectForCommand,
  SECURITY_FLAGS,
  SECURITY_HELP,
  securityFlags,
} from "./_nats.ts";

const DEFAULT_ACK_WAIT_S = DEFAULT_ACK_WAIT_MS / 1000;

const HELP =
  `usage: deno task worker --nats URL [--engine NAME=PATH ...] [--name NAME]
       [--max-jobs N] [--nats-creds FILE] [--nats-nkey FILE] [--nats-ca FILE]
       deno task worker --nats URL --set-ack-wait SECONDS [--nats-creds FILE]
       [--nats-nkey FILE] [--nats-ca FILE]
Serves jobs (games of match and strength, solves of openings) from the
NATS JetStream server at URL (nats://HOST:PORT, HOST:PORT or HOST) until
stopped (Ctrl-C or SIGTERM give the job in progress back to the queue).
  --nats URL          the server (started with nats-server -js -sd DIR)
${SECURITY_HELP}
  --engine NAME=PATH  a chess engine jobs may name (NAME: letters a…z,
                      digits, _ and -),
                      once per NAME, repeatable; "ours" (cli/uci.ts) is
                      always there, "stockfish" and "glaurung" by
                      themselves when installed (PATH, then /usr/games);
                      a job never gives a path
  --name NAME         this worker's name in messages (default HOST/PID)
  --max-jobs N        exit 0 after N jobs, an integer in 1…1000000000
                      (default: serve until stopped)
  --set-ack-wait SECONDS
                      the operator's setting, for every worker of the
                      server: how long the server waits for a silent worker
                      before giving its job to another (1…3600;
                      ${DEFAULT_ACK_WAIT_S} until set). Sets it, prints the old and
                      new values and exits; needs a user allowed to change
                      the workers' consumer (an admin or a publisher, not
                      a worker). Each worker reads it at each job and
                      tells the server it is alive every third of it.
Only jobs made by this same code (a hash of src/ and cli/) come to this
worker; runs queued for another version are left to their own workers,
and an idle worker reports them to their commands.

Exit status: 0 when stopped by SIGINT/SIGTERM (the job in progress given
back), after --max-jobs jobs, or once --set-ack-wait is set; 2 on a bad
command line, a server that cannot be reached or refuses the ack wait, or
a failure while serving.`;

/** A bad command line (flagValue's refusals are UsageErrors too). */
class Usage extends UsageError {}

interface Options {
  nats: string;
  name: string | null;
  maxJobs: number | undefined;
  /** `--set-ack-wait`: set the server's ack wait (ms) and exit, instead of serving. */
  setAckWaitMs: number | undefined;
  engines: Map<string, string>;
  security: NatsSecurity;
}

const FLAGS = [
  "--nats",
  "--name",
  "--max-jobs",
  "--set-ack-wait",
  ...SECURITY_FLAGS,
];
/** Flags given once per value: each --engine adds one engine. */
const REPEATABLE = ["--engine"];

function parse(args: readonly string[]): Options | null {
  const seen = new Map<string, string>();
  const flags = new FlagsOnce("worker", REPEATABLE);
  const engines: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") return null;
    const flag = flagName(arg);
    if (flag === "--ack-wait") {
      throw new Usage(
        "--ack-wait is not a worker's setting: it is one setting of the server, shared by every worker (each follows it); set it once with deno task worker --nats URL --set-ack-wait SECONDS (docs/distributed.md)",
      );
    }
    if (!FLAGS.includes(flag) && !REPEATABLE.includes(flag)) {
      throw new Usage(`unknown argument ${JSON.stringify(arg)}`);
    }
    // `--nats URL` and `--nats=URL` alike, as every command takes them.
    const [value, next] = flagValue("", args, i, flag);
    i = next;
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
  const setAckWait = integer("--set-ack-wait", 1, 3600);
  if (
    setAckWait !== undefined &&
    (engines.length > 0 ||
      [...seen.keys()].some((flag) =>
        flag !== "--nats" && flag !== "--set-ack-wait" &&
        !SECURITY_FLAGS.includes(flag)
      ))
  ) {
    throw new Usage(
      "--set-ack-wait sets the server's ack wait and exits: it takes --nats and the server's security flags only",
    );
  }
  let table: Map<string, string>;
  try {
    table = engineTable(engines);
  } catch (error) {
    if (error instanceof EngineFlagError) throw new Usage(error.message);
    throw error;
  }
  const name = seen.get("--name");
  // The publisher drops every event whose worker is not such a name (its
  // refusals too), and a line break in it broke the worker's dead letters.
  if (name !== undefined && !isName(name)) {
    throw new Usage(
      `--name must be 1…200 printable characters, got ${
        printable(describe(name))
      }`,
    );
  }
  return {
    nats,
    name: name ?? null,
    maxJobs: integer("--max-jobs", 1, 1e9),
    setAckWaitMs: setAckWait === undefined ? undefined : setAckWait * 1000,
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
    if (!(error instanceof UsageError)) throw error;
    console.error(`worker: ${error.message} (see --help)`);
    return 2;
  }
  if (options === null) {
    print(HELP);
    return 0;
  }
  if (options.setAckWaitMs !== undefined) {
    return await setServerAckWait(
      options.nats,
      options.setAckWaitMs,
      options.security,
    );
  }
  const code = await codeVersion();
  const name = options.name ?? `${hostName()}/${Deno.pid}`;
  const log = (line: string) =>
    console.error(printable(`worker ${name}: ${line}`));
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
    security: options.security,
    waitUntilReady: { signal: stop.signal, log },
  });
  if (jobs === null) {
    removeListeners();
    return stop.signal.aborted ? 0 : 2;
  }
  const wait = await ackWait(jobs).then((ms) => `${ms / 1000} s`, () => "?");
  log(
    `serving ${jobs.server} (code version ${code}; ack wait ${wait}, read again at each job; engines: ${
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

/** `--set-ack-wait`: the operator's one setting for every worker of the server. */
async function setServerAckWait(
  url: string,
  ms: number,
  security: NatsSecurity,
): Promise<number> {
  const jobs = await connectForCommand("worker", url, { security });
  if (jobs === null) return 2;
  try {
    const before = await setAckWait(jobs, ms);
    print(
      `worker: the ack wait of the workers on ${jobs.server} is now ${
        ms / 1000
      } s (it was ${
        before / 1000
      } s); each worker follows it from its next job`,
    );
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    console.error(
      `worker: the server at ${jobs.server} refused the new ack wait: ${message}${
        /permissions? violation/i.test(message)
          ? " (this user may not change the workers' consumer: run --set-ack-wait with the admin's or a publisher's credentials, docs/distributed.md)"
          : ""
      }`,
    );
    return 2;
  } finally {
    await jobs.close().catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
