// A worker that cannot finish a job, whatever the machine's load: the tests
// that SIGKILL a worker mid-job and expect its job redelivered used to kill
// it when it logged the job, racing a job of a fraction of a second that
// could be stored and acked before the kill (then nothing is redelivered
// and the test fails). Connected through this proxy, the worker takes jobs
// and runs them as ever, but its results and its acks never reach the
// server.
import { JOBS_STREAM, RESULTS_BUCKET } from "../src/jobs/nats.ts";

/** A message a worker sends about a job: its ack (or nak, or "working"), or its result. */
const FINISHING = new RegExp(
  String
    .raw`^H?PUB (?:\$JS\.ACK\.(?:\S+\.)?${JOBS_STREAM}\.|\$KV\.${RESULTS_BUCKET}\.)`,
);

/**
 * A TCP proxy on 127.0.0.1 in front of the NATS server at `serverPort` of
 * 127.0.0.1, for one worker (give it {@linkcode url}). What the server
 * sends passes; of what the worker sends, every message but the acks of
 * the jobs stream's messages and the puts of the results bucket passes.
 * Each job the worker takes then stays unfinished on the server, however
 * quickly the worker runs it: once the worker is killed, it comes back.
 */
export class JobHold {
  readonly #listener: Deno.Listener;
  readonly #conns: Deno.Conn[] = [];
  /** How many acks and results were kept from the server. */
  dropped = 0;

  constructor(readonly serverPort: number) {
    this.#listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    this.#accept();
  }

  /** The address to give the worker. */
  get url(): string {
    return `nats://127.0.0.1:${(this.#listener.addr as Deno.NetAddr).port}`;
  }

  async #accept(): Promise<void> {
    try {
      for await (const client of this.#listener) {
        this.#conns.push(client);
        this.#pipe(client).catch(() => {});
      }
    } catch {
      // Closed.
    }
  }

  async #pipe(client: Deno.Conn): Promise<void> {
    const server = await Deno.connect({
      hostname: "127.0.0.1",
      port: this.serverPort,
    });
    this.#conns.push(server);
    const down = (async () => {
      for await (const chunk of server.readable) await writeAll(client, chunk);
    })().catch(() => {});
    const up = (async () => {
      // The protocol's operations, one control line each ending in CRLF;
      // PUB and HPUB lines end with the size of the payload that follows
      // (and its CRLF).
      let buffer = new Uint8Array(0);
      const decoder = new TextDecoder("latin1");
      for await (const chunk of client.readable) {
        const joined = new Uint8Array(buffer.length + chunk.length);
        joined.set(buffer);
        joined.set(chunk, buffer.length);
        buffer = joined;
        while (true) {
          const end = lineEnd(buffer);
          if (end < 0) break;
          const line = decoder.decode(buffer.subarray(0, end));
          let size = end + 2;
          if (/^H?PUB /i.test(line)) {
            size += Number(line.trim().split(/\s+/).at(-1)) + 2;
            if (buffer.length < size) break;
          }
          if (FINISHING.test(line)) {
            this.dropped++;
          } else {
            await writeAll(server, buffer.subarray(0, size));
          }
          buffer = buffer.slice(size);
        }
      }
    })().catch(() => {});
    // One side gone (the worker killed, the server stopped): both end.
    await Promise.race([down, up]);
    for (const conn of [client, server]) {
      try {
        conn.close();
      } catch {
        // Already closed.
      }
    }
  }

  /** Stops listening and closes every connection. */
  close(): void {
    try {
      this.#listener.close();
    } catch {
      // Already closed.
    }
    for (const conn of this.#conns) {
      try {
        conn.close();
      } catch {
        // Already closed.
      }
    }
  }
}

/** Where the first CRLF of `bytes` starts, or -1. */
function lineEnd(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10) return i;
  }
  return -1;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    written += await conn.write(bytes.subarray(written));
  }
}
