// The real parts the job tests run: Debian's nats-server on a free port of
// 127.0.0.1 with a temporary store, and child processes (workers, commands)
// whose output is kept so a test can wait for a line.
import { type NatsConnection } from "@nats-io/transport-node";
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { cliPath, ROOT } from "./_cli.ts";
import {
  consumerName,
  type Jobs,
  JOBS_STREAM,
  openJobs,
} from "../src/jobs/nats.ts";
import { findProgram } from "../src/programs.ts";

/** nats-server as src/programs.ts finds it (PATH, then Debian's /usr/sbin). */
export const NATS_SERVER: string = findProgram("nats-server") ?? "nats-server";

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * An address nobody answers: port 1 of 127.0.0.1, which only root may bind
 * and nothing in the tests listens on, so a connection is refused at once.
 * (A port of {@linkcode freePort} is free only when it is picked: a test
 * running beside may start its nats-server on it.)
 */
export const CLOSED_ADDRESS = "127.0.0.1:1";

/** A child process whose stdout and stderr are kept, to wait for a line. */
export class Child {
  readonly process: Deno.ChildProcess;
  stdout = "";
  stderr = "";
  /** Both streams, in the order the text arrived. */
  text = "";
  /** Resolves with the exit status once both streams are read to their end. */
  readonly done: Promise<Deno.CommandStatus>;

  constructor(
    command: string,
    args: string[],
    env: Record<string, string> = {},
  ) {
    this.process = new Deno.Command(command, {
      args,
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1", ...env },
    }).spawn();
    const read = async (
      stream: ReadableStream<Uint8Array>,
      into: "stdout" | "stderr",
    ) => {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
        this[into] += chunk;
        this.text += chunk;
      }
    };
    const reading = Promise.all([
      read(this.process.stdout, "stdout"),
      read(this.process.stderr, "stderr"),
    ]);
    this.done = reading.then(() => this.process.status);
  }

  /** Waits until the output (both streams) matches `pattern`; fails after `ms`. */
  async waitFor(pattern: RegExp, ms = 60_000): Promise<RegExpExecArray> {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const match = pattern.exec(this.text);
      if (match) return match;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${pattern} within ${ms} ms in:\n${this.text}`);
  }

  /** Sends `signal` (default SIGKILL) and waits for the end; a process already gone is fine. */
  async kill(signal: Deno.Signal = "SIGKILL"): Promise<void> {
    try {
      this.process.kill(signal);
    } catch {
      // Already gone.
    }
    await this.done;
  }
}

/**
 * nats-server with JetStream on a free port of 127.0.0.1; restartable on
 * the same store. With `config` (a configuration's text, its `store_dir`
 * set to this store) and `env` (what its `$VARIABLES` read), it runs that
 * configuration.
 */
export class Server {
  readonly port = freePort();
  readonly store = Deno.makeTempDirSync({ prefix: "gts_nats_" });
  child: Child | null = null;
  readonly #config: string | null;
  readonly #env: Record<string, string>;

  constructor(config: string | null = null, env: Record<string, string> = {}) {
    this.#config = config;
    this.#env = env;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server (without JetStream when `jetStream` is false) and
   * waits until it is ready. With JetStream and no `config`, the workers'
   * consumer gets an ack wait of 2 s, set once for the server as an
   * operator would, so that a killed worker's job comes back quickly. A
   * server of a `config` is left as it starts (its users may not let this
   * in, and a test of it may want the streams not there yet): such a test
   * calls {@linkcode setAckWait} with its admin's address.
   */
  async start(jetStream = true): Promise<void> {
    let args = jetStream ? ["-js", "-sd", this.store] : [];
    if (this.#config !== null) {
      const file = `${this.store}/server.conf`;
      Deno.writeTextFileSync(
        file,
        this.#config.replace(
          /store_dir: "[^"]*"/,
          `store_dir: ${JSON.stringify(`${this.store}/js`)}`,
        ),
      );
      args = ["-c", file];
    }
    this.child = new Child(NATS_SERVER, [
      ...args,
      "-p",
      String(this.port),
      "-a",
      "127.0.0.1",
    ], this.#env);
    await this.child.waitFor(/Server is ready/, 20_000);
    if (jetStream && this.#config === null) await this.setAckWait(2);
  }

  /** Sets the ack wait of this checkout's workers' consumer (seconds), straight on the server, connected as `url`. */
  async setAckWait(seconds: number, url = this.url): Promise<void> {
    const jobs = await openJobs(url, { name: "test setup" });
    try {
      await jobs.jsm.consumers.update(JOBS_STREAM, consumerName(jobs.code), {
        ack_wait: seconds * 1e9,
      });
    } finally {
      await jobs.close();
    }
  }

  /** The ack wait of this checkout's workers' consumer (seconds), as the server has it. */
  async ackWait(): Promise<number> {
    const jobs = await openJobs(this.url, { name: "test check" });
    try {
      const info = await jobs.jsm.consumers.info(
        JOBS_STREAM,
        consumerName(jobs.code),
      );
      return (info.config.ack_wait ?? 0) / 1e9;
    } finally {
      await jobs.close();
    }
  }

  /** Stops the server, keeping its store for a restart. */
  async stop(signal: Deno.Signal = "SIGTERM"): Promise<void> {
    await this.child?.kill(signal);
    this.child = null;
  }

  /** Kills the server and removes its store. */
  async dispose(): Promise<void> {
    await this.stop("SIGKILL");
    Deno.removeSync(this.store, { recursive: true });
  }
}

/**
 * Leaves on the server that `nc` reaches what an older checkout made
 * there: the jobs stream and one consumer of it, `consumer` (its name, its
 * subjects, the ack wait an operator set), with `max_deliver` unbounded as
 * those versions left it. The tests of how the current program sets such a
 * server right need it in that state before the program connects, and
 * {@linkcode openJobs} cannot make it: it sets right what it finds. Returns
 * the manager, for the test's own checks and changes; `nc` stays the
 * caller's to close.
 */
export async function addOlderJobsConsumer(
  nc: NatsConnection,
  consumer: { durable_name: string; filter_subject: string; ack_wait?: number },
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({
    name: JOBS_STREAM,
    subjects: ["gts.jobs.>"],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
  });
  await jsm.consumers.add(JOBS_STREAM, {
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ...consumer,
  });
  return jsm;
}

/**
 * A `deno task worker` process serving `url`, named `name`, with `extra`
 * arguments (`--engine`, `--nats-nkey`...). It follows the ack wait the
 * server's consumer has ({@linkcode Server.setAckWait}).
 */
export function worker(
  url: string,
  name: string,
  extra: string[] = [],
): Child {
  return new Child(Deno.execPath(), [
    "run",
    "--quiet",
    "-A",
    cliPath("worker.ts"),
    "--nats",
    url,
    "--name",
    name,
    ...extra,
  ]);
}

/** A `deno task <file>` command (a file of cli/) as a child process, to watch and signal. */
export function command(file: string, args: string[]): Child {
  return new Child(Deno.execPath(), [
    "run",
    "--quiet",
    "-A",
    cliPath(file),
    ...args,
  ]);
}

/** `promise`, or a failure after `ms`: a lost job or a hung process would otherwise hang the test. */
export function within<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what}: not done after ${ms} ms`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Ends a test's connection, children and server, whatever state they are in. */
export async function cleanUp(
  children: (Child | null)[],
  jobs: Jobs | null,
  server: Server,
) {
  await jobs?.close().catch(() => {});
  await Promise.all(children.map((c) => c?.kill()));
  await server.dispose();
}
