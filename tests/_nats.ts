// The real parts the job tests run: Debian's nats-server on a free port of
// 127.0.0.1 with a temporary store, and child processes (workers, commands)
// whose output is kept so a test can wait for a line.
import { cliPath, ROOT } from "./_cli.ts";
import type { Jobs } from "../src/jobs/nats.ts";
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

/** A child process whose stdout and stderr are kept, to wait for a line. */
export class Child {
  readonly process: Deno.ChildProcess;
  stdout = "";
  stderr = "";
  /** Both streams, in the order the text arrived. */
  text = "";
  /** Resolves with the exit status once both streams are read to their end. */
  readonly done: Promise<Deno.CommandStatus>;

  constructor(command: string, args: string[]) {
    this.process = new Deno.Command(command, {
      args,
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
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

/** nats-server with JetStream on a free port of 127.0.0.1; restartable on the same store. */
export class Server {
  readonly port = freePort();
  readonly store = Deno.makeTempDirSync({ prefix: "gts_nats_" });
  child: Child | null = null;

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts the server (without JetStream when `jetStream` is false) and waits until it is ready. */
  async start(jetStream = true): Promise<void> {
    this.child = new Child(NATS_SERVER, [
      ...(jetStream ? ["-js", "-sd", this.store] : []),
      "-p",
      String(this.port),
      "-a",
      "127.0.0.1",
    ]);
    await this.child.waitFor(/Server is ready/, 20_000);
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

/** A `deno task worker` process serving `url`, named `name`, with a short ack wait. */
export function worker(url: string, name: string, ackWait = 2): Child {
  return new Child(Deno.execPath(), [
    "run",
    "--quiet",
    "-A",
    cliPath("worker.ts"),
    "--nats",
    url,
    "--name",
    name,
    "--ack-wait",
    String(ackWait),
  ]);
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
