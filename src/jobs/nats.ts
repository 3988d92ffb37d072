/**
 * Jobs over NATS JetStream: the streams, the worker loop and the publisher.
 *
 * - Stream `GTS_JOBS` (work queue, file storage) holds job messages on
 *   `gts.jobs.<code>.<run>`, `<code>` the version of the code that must
 *   run them ({@linkcode jobSubject}). Each version has its own durable
 *   consumer `workers_<code>` ({@linkcode consumerName}), filtered on its
 *   own subjects, from which all the workers of that version pull
 *   (explicit acks): a worker never receives a job of another version, so
 *   no worker ever has to give one back. (JetStream counts every delivery,
 *   a give-back too, against the consumer's `max_deliver`: with one
 *   consumer shared by all versions, workers of other versions could use
 *   up a job's deliveries and send it to the dead letters, or past the
 *   server's `max_deliver`, with no worker of its version ever failing
 *   it.) The consumer's ack wait is a setting of the server, shared by
 *   all workers ({@linkcode setAckWait}, an operator's command, sets it on
 *   every version's consumer; a new version's consumer starts with that of
 *   the newest one); a worker reads it at each job and tells the server it
 *   is still working every third of it. A job whose worker died is
 *   delivered again once its ack wait has passed, at most
 *   {@linkcode MAX_JOB_DELIVERIES} times: the next delivery puts it on the
 *   dead letters and fails its run. Every connection checks its version's
 *   consumer and sets right what an older program, or a hand, left
 *   otherwise ({@linkcode openJobs}).
 * - Results go to the KV bucket `gts_results`, keyed `<run>.<index>`, each
 *   written with `create` (only if absent): a job run twice is stored once.
 *   Each result carries its job's run, number and digest; the publisher
 *   takes only the results of the jobs it published (src/jobs/result.ts).
 * - Stream `GTS_DEAD` keeps what a worker refused (not a job, a job
 *   naming an engine the worker does not have, or one delivered more than
 *   {@linkcode MAX_JOB_DELIVERIES} times) and the results a publisher
 *   refused, on `gts.dead.<reason>`, with the reason in the `Gts-Reason`
 *   header.
 * - The KV bucket `gts_cancelled` holds the runs their publisher stopped
 *   (key: the run): workers drop their jobs still queued.
 * - Workers announce what they do on `gts.events.<run>` (plain NATS): the
 *   publisher's progress (jobs queued, running, done, redelivered), and an
 *   idle worker tells the runs queued for another version of the code
 *   that it cannot run them (it reads their subjects, never their jobs).
 *
 * Each role needs only its own subjects (docs/distributed.md has a server
 * configuration with users and permissions): a publisher creates the
 * streams, the consumer and the buckets on its first connection, publishes
 * jobs and reads results; a worker takes jobs and writes results, and waits
 * when the streams are not there yet and it may not create them.
 *
 * @module
 */

import { type JobEvent, readJobEvent } from "./job_event.ts";
import { connect, headers, type NatsConnection } from "@nats-io/transport-node";
import {
  JobsConnectError,
  natsConnectOptions,
  type NatsSecurity,
  parseNatsAddress,
} from "./nats_address.ts";
import { isResultOf, jobDigest, judgeResult } from "./result.ts";
import {
  engineNames,
  type EngineTable,
  isEngineName,
  OURS,
} from "../uci/engines.ts";
import {
  AckPolicy,
  type ConsumerInfo,
  type ConsumerUpdateConfig,
  DeliverPolicy,
  jetstream,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstreamManager,
  type JsMsg,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { type KV, Kvm } from "@nats-io/kv";
import {
  CODE_ID,
  codeVersion,
  decodeJob,
  encodeJob,
  type Job,
  JOB_FORMAT,
  JobError,
  type JobResult,
  RUN_ID,
  type Task,
  taskGames,
  taskSummary,
} from "./job.ts";
import { closeTaskRunner, runTask, type SolveProbe } from "./run.ts";
import { checkInteger, describe, printable } from "../validate.ts";

/** The work-queue stream of jobs. */
export const JOBS_STREAM = "GTS_JOBS";
/** The stream of refused messages. */
export const DEAD_STREAM = "GTS_DEAD";
/**
 * The one consumer that the versions of this program before
 * {@linkcode consumerName} shared, on job subjects `gts.jobs.<run>`. This
 * version narrows it to those subjects ({@linkcode LEGACY_FILTER}), so
 * that the older workers still play the older runs and never take a job
 * of this version, and bounds its `max_deliver` as its own.
 */
export const LEGACY_CONSUMER = "workers";
/** The subjects {@linkcode LEGACY_CONSUMER} keeps: the older versions' `gts.jobs.<run>`, one token after `gts.jobs`. */
export const LEGACY_FILTER = "gts.jobs.*";
/** The KV bucket of results. */
export const RESULTS_BUCKET = "gts_results";
/** The KV bucket of cancelled runs (key: the run), which only publishers write. */
export const CANCELLED_BUCKET = "gts_cancelled";
/** Ack wait of the workers' consumer when it is created (ms); {@linkcode setAckWait} changes it. */
export const DEFAULT_ACK_WAIT_MS = 30_000;
/**
 * Deliveries of a job that may run it. A delivery ends without a result
 * when its worker goes silent past the ack wait (killed, cut off, or held
 * by a job without a heartbeat) or gives the job back (stopped); the
 * worker that gets delivery `MAX_JOB_DELIVERIES + 1` does not run it but
 * puts it on the dead letters (`deliveries`) and stores its failed result,
 * which stops its run with one line. A job whose worker heartbeats is
 * delivered once however long it runs. Every delivery that counts goes to a
 * worker of the job's own code version ({@linkcode consumerName}): workers
 * of other versions never receive it, so they cannot use up its
 * deliveries.
 */
export const MAX_JOB_DELIVERIES = 5;

/**
 * The `max_deliver` of the workers' consumers: the server delivers a job
 * no more than this, so that nothing comes back for ever even if every
 * worker that got it went silent. Three more than
 * {@linkcode MAX_JOB_DELIVERIES}: those deliveries only dead-letter the
 * job, and a worker killed while doing so leaves it to the next. Set when
 * a consumer is created, and set again by {@linkcode openJobs} on one an
 * older program created with another (they had `-1`, unbounded).
 */
export const CONSUMER_MAX_DELIVER = MAX_JOB_DELIVERIES + 3;

/** A publisher gives up after its server has been unreachable this long (ms), unless told otherwise. */
export const DEFAULT_UNREACHABLE_MS = 60_000;
/** How long a worker keeps trying to store a result while its server is away (ms). */
export const STORE_PATIENCE_MS = 60_000;
/** The longest a worker or a publisher waits for one answer of the server (ms). */
const ANSWER_MS = 5000;
/** Largest result a worker stores (the server's default max payload is 1 MiB). */
export const MAX_RESULT_BYTES = 900 * 1024;
/** Jobs and results are dropped after this long (ms): a run abandoned midway does not stay for ever. */
export const RETENTION_MS = 24 * 3600 * 1000;

/** `value`, checked against `rule` (`what` says it in words), for `where`. */
function checkId(
  where: string,
  name: string,
  value: unknown,
  rule: RegExp,
  what: string,
): string {
  if (typeof value !== "string" || !rule.test(value)) {
    throw new Error(
      `${where}: ${name} must be ${what}, got ${describe(value)}`,
    );
  }
  return value;
}

const CODE_RULE = "a code version: 1…64 lowercase letters or digits";
const RUN_RULE = "a run: 1…64 letters, digits, _ or -";

/**
 * The subject of a run's jobs, `gts.jobs.<code>.<run>`: the code version
 * in it routes each job to the consumer of its version only
 * ({@linkcode consumerName}).
 *
 * @param code the version of the code that must run the jobs (1…64 lowercase letters or digits)
 * @param run the run (1…64 letters, digits, `_` or `-`)
 * @throws {Error} naming the argument, the value and the rule, on a bad one
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jobSubject } from "./nats.ts";
 * assert.equal(jobSubject("0123abcd", "r1"), "gts.jobs.0123abcd.r1");
 * assert.throws(() => jobSubject("0123abcd", "a.b"), /jobSubject: run must be a run: 1…64 letters, digits, _ or -, got "a\.b"/);
 * ```
 */
export function jobSubject(code: string, run: string): string {
  checkId("jobSubject", "code", code, CODE_ID, CODE_RULE);
  checkId("jobSubject", "run", run, RUN_ID, RUN_RULE);
  return `gts.jobs.${code}.${run}`;
}

/**
 * The durable consumer of one code version's jobs, `workers_<code>`,
 * filtered on `gts.jobs.<code>.>`: every worker of that version pulls
 * from it, and no other worker does. JetStream counts every delivery of a
 * job, given back or not, so a consumer shared by several versions let
 * the workers of other versions use up a job's deliveries; one consumer
 * per version leaves every delivery to a worker that could run the job.
 *
 * @param code a code version (1…64 lowercase letters or digits)
 * @throws {Error} naming the argument, the value and the rule, on a bad one
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { consumerName } from "./nats.ts";
 * assert.equal(consumerName("0123abcd"), "workers_0123abcd");
 * assert.throws(() => consumerName("A.B"), /consumerName: code must be a code version: 1…64 lowercase letters or digits, got "A\.B"/);
 * ```
 */
export function consumerName(code: string): string {
  checkId("consumerName", "code", code, CODE_ID, CODE_RULE);
  return `workers_${code}`;
}

/** Whether `name` is a workers' consumer: one version's, or the older versions' shared one. */
const isWorkersConsumer = (name: string) =>
  name === LEGACY_CONSUMER || /^workers_[0-9a-z]{1,64}$/.test(name);
/** The subject of a run's events. */
export const eventSubject = (run: string): string => `gts.events.${run}`;

export { JobsConnectError };

/**
 * The streams are not there and this user may not create them (a worker
 * whose permissions only let it take jobs, before any publisher ran): a
 * worker waits and tries again.
 */
export class JobsNotReadyError extends JobsConnectError {
  /** A failure explained by `message`. */
  constructor(message: string) {
    super(message);
    this.name = "JobsNotReadyError";
  }
}

/**
 * A server that has been unreachable longer than the publisher's
 * patience: the run is given up.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { JobsUnreachableError } from "./nats.ts";
 * assert.match(
 *   new JobsUnreachableError("nats://127.0.0.1:4222", 60).message,
 *   /^the job server at nats:\/\/127\.0\.0\.1:4222 has been unreachable for 60 s/,
 * );
 * ```
 */
export class JobsUnreachableError extends Error {
  /** A server unreachable for `seconds`. */
  constructor(server: string, seconds: number) {
    super(
      `the job server at ${server} has been unreachable for ${seconds} s; the run's queued jobs were not cancelled (workers play them if it comes back)`,
    );
    this.name = "JobsUnreachableError";
  }
}

/**
 * A run stopped by its signal: `cancelled` says whether its queued jobs
 * were marked cancelled (workers drop them) or the server could not be
 * told (`reason`: workers will still play them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RunStoppedError } from "./nats.ts";
 * assert.ok(new RunStoppedError(null).cancelled);
 * const failed = new RunStoppedError("no answer from the server within 5000 ms");
 * assert.ok(!failed.cancelled);
 * assert.match(failed.message, /could not cancel .*: workers will still play them/);
 * ```
 */
export class RunStoppedError extends Error {
  /** A stopped run; `reason` is why the cancel failed, or null when it was done. */
  constructor(readonly reason: string | null) {
    super(
      reason === null
        ? "runJobs: stopped; the run's queued jobs are cancelled"
        : `runJobs: stopped; could not cancel the run's queued jobs (${reason}): workers will still play them`,
    );
    this.name = "RunStoppedError";
  }

  /** Whether the run's queued jobs were marked cancelled. */
  get cancelled(): boolean {
    return this.reason === null;
  }
}

/** The most of a worker's error a publisher prints (a stack, or a flood of text, is cut there). */
const MAX_ERROR_CHARS = 1000;

/** `text`, or its first `max` characters and a mark that it was cut. */
const cut = (text: string, max: number) =>
  text.length <= max
    ? text
    : `${text.slice(0, max)}... (${text.length - max} more characters)`;

/** A job that failed on its worker (an engine that cannot start, a game that throws). */
export class JobFailedError extends Error {
  /** A failure explained by `message`. */
  constructor(message: string) {
    super(message);
    this.name = "JobFailedError";
  }
}

/**
 * The server address of a `--nats` flag, without its credentials:
 * `nats://HOST:PORT` or `tls://HOST:PORT` (src/jobs/nats_address.ts reads
 * the forms).
 *
 * @throws {JobsConnectError} on anything else
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { natsServer } from "./nats.ts";
 * assert.equal(natsServer("127.0.0.1:4333"), "nats://127.0.0.1:4333");
 * assert.equal(natsServer("tls://u:p@h"), "tls://h:4222");
 * assert.throws(() => natsServer("http://x"), /not a NATS server address/);
 * ```
 */
export function natsServer(text: string): string {
  return parseNatsAddress(text).server;
}

/** An open connection to a JetStream server, the streams in place. */
export interface Jobs {
  /** The server's address. */
  server: string;
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  results: KV;
  /** Runs stopped by their publisher. */
  cancelled: KV;
  /** The code version whose consumer {@linkcode openJobs} made sure of ({@linkcode consumerName}). */
  code: string;
  /** Since when (`performance.now()`, ms) the server has been unreachable; null while connected. */
  unreachableSince(): number | null;
  /** Closes the connection. */
  close(): Promise<void>;
}

const NANOS_PER_MS = 1_000_000;

/**
 * Connects to a NATS server with JetStream and makes sure the jobs
 * stream, the dead-letter stream, the consumer of `code`'s jobs and the
 * results and cancellation buckets exist. What is missing is created: the
 * consumer with the ack wait of the newest workers' consumer there
 * ({@linkcode setAckWait} sets them all alike), else {@linkcode DEFAULT_ACK_WAIT_MS}, and a
 * `max_deliver` of {@linkcode CONSUMER_MAX_DELIVER}. An existing consumer
 * of `code` is checked, not trusted: a `max_deliver` or filter other than
 * this version's (as older programs left them, `max_deliver` -1) is set
 * right. Before the first consumer of a version is created, the
 * older versions' shared consumer {@linkcode LEGACY_CONSUMER}, if there,
 * is narrowed to their subjects ({@linkcode LEGACY_FILTER}) and its
 * `max_deliver` bounded. Nothing else is changed (the ack wait is the
 * operator's), so a worker whose permissions only let it take jobs
 * connects as well once its consumer is right. The connection reconnects
 * for ever after a server restart, and keeps track of since when the
 * server has been unreachable.
 *
 * @param address a `--nats` value (src/jobs/nats_address.ts: credentials and `tls://` included)
 * @param options `name` (of the connection), `security` (the files of `--nats-creds`, `--nats-nkey`, `--nats-ca`),
 *   `code` (the code version whose consumer to make sure of; default {@linkcode codeVersion}, this checkout's)
 * @throws {JobsConnectError} (rejects) with one line, never showing credentials, when the address is bad, nobody
 *   answers, the server refuses the credentials or has no JetStream, or the consumer cannot be made right;
 *   {@linkcode JobsNotReadyError} when the streams or the consumer are missing, or the consumer needs a change,
 *   and this user may not make it
 *
 * @example
 * ```ts ignore
 * import { openJobs } from "./nats.ts";
 * const jobs = await openJobs("nats://127.0.0.1:4222", { name: "check" });
 * console.log(`connected to ${jobs.server}, consumer of version ${jobs.code} in place`);
 * await jobs.close();
 * ```
 */
export async function openJobs(
  address: string,
  options: { name: string; security?: NatsSecurity; code?: string },
): Promise<Jobs> {
  const { address: parsed, options: connectOptions } = natsConnectOptions(
    address,
    options.security ?? {},
  );
  const code = options.code === undefined
    ? await codeVersion()
    : checkId("openJobs", "options.code", options.code, CODE_ID, CODE_RULE);
  const server = parsed.server;
  let nc: NatsConnection;
  try {
    nc = await connect({
      ...connectOptions,
      name: options.name,
      timeout: 5000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // A server gone without closing the connection (a machine off, a
      // network cut) is noticed within about 30 s, not the default 4 min.
      pingInterval: 10_000,
      maxPingOut: 2,
    });
  } catch (error) {
    const message = (error as Error).message;
    throw new JobsConnectError(
      `cannot connect to the NATS server at ${server}: ${message} (${
        /authori[sz]ation|authentication|nkey|jwt/i.test(message)
          ? "the server refused these credentials: give the user and password or token in --nats (nats://USER:PASSWORD@HOST:PORT), or --nats-nkey FILE, or --nats-creds FILE, as its configuration asks"
          : /tls|certificate|self.signed|ssl/i.test(message)
          ? "TLS failed: tls://HOST:PORT with --nats-ca FILE, the authority that signed the server's certificate"
          : "is nats-server running there? start it with: nats-server -js -sd DIR -p PORT"
      })`,
    );
  }
  try {
    let jsm: JetStreamManager;
    try {
      jsm = await jetstreamManager(nc, { timeout: 5000 });
    } catch (error) {
      throw new JobsConnectError(
        `the NATS server at ${server} has no JetStream (${
          (error as Error).message
        }): start it with -js -sd DIR`,
      );
    }
    await ensureStream(jsm, {
      name: JOBS_STREAM,
      subjects: ["gts.jobs.>"],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      max_age: RETENTION_MS * NANOS_PER_MS,
      // Larger than a worker accepts, so that an oversized job reaches a
      // worker and is dead-lettered with its reason.
      max_msg_size: 1024 * 1024,
      duplicate_window: 120_000 * NANOS_PER_MS,
    });
    await ensureStream(jsm, {
      name: DEAD_STREAM,
      subjects: ["gts.dead.>"],
      storage: StorageType.File,
      max_age: RETENTION_MS * NANOS_PER_MS,
      max_msgs: 10_000,
    });
    await ensureConsumer(jsm, server, code);
    const bucket = (name: string) =>
      new Kvm(nc).create(name, {
        history: 1,
        storage: StorageType.File,
        ttl: RETENTION_MS,
      });
    const results = await bucket(RESULTS_BUCKET);
    const cancelled = await bucket(CANCELLED_BUCKET);
    const reachable = watchReachable(nc);
    return {
      server,
      nc,
      js: jetstream(nc),
      jsm,
      results,
      cancelled,
      code,
      unreachableSince: reachable,
      close: () => nc.close(),
    };
  } catch (error) {
    await nc.close().catch(() => {});
    if (error instanceof JobsConnectError) throw error;
    const message = (error as Error).message;
    // A user allowed only to take jobs may not create what is missing.
    if (/permissions? violation/i.test(message)) {
      throw new JobsNotReadyError(
        `the NATS server at ${server} lacks the jobs' streams, buckets or the consumer ${
          consumerName(code)
        } of this code version, and this user may not create them (${message}): a publisher (a command with --nats) of this version or an admin creates them on its first connection`,
      );
    }
    throw new JobsConnectError(
      `the NATS server at ${server} refused the jobs' streams: ${
        (error as Error).message
      }`,
    );
  }
}

/** Since when the connection has been down (null while up), from its status events. */
function watchReachable(nc: NatsConnection): () => number | null {
  let since: number | null = null;
  (async () => {
    for await (const status of nc.status()) {
      if (status.type === "disconnect") since ??= performance.now();
      else if (status.type === "reconnect") since = null;
    }
  })().catch(() => {});
  return () => since;
}

/**
 * The ack wait of the workers' consumer of the connection's code version
 * ({@linkcode Jobs.code}), as the server has it (ms).
 *
 * @param jobs the connection ({@linkcode openJobs})
 * @returns the ack wait in force (ms)
 *
 * @example
 * ```ts ignore
 * import { ackWait, openJobs } from "./nats.ts";
 * const jobs = await openJobs("127.0.0.1:4222", { name: "check" });
 * console.log(`${(await ackWait(jobs)) / 1000} s`);
 * await jobs.close();
 * ```
 */
export async function ackWait(jobs: Jobs): Promise<number> {
  const info = await jobs.jsm.consumers.info(
    JOBS_STREAM,
    consumerName(jobs.code),
  );
  return (info.config.ack_wait ?? 0) / NANOS_PER_MS;
}

/**
 * Sets the ack wait of the workers' consumers: how long the server waits
 * for a silent worker before it gives the job to another. One setting of
 * the server, shared by every worker (each reads it at its next job and
 * tells the server it is alive every third of it): the operator's, never
 * a worker's (`deno task worker --nats URL --set-ack-wait SECONDS`). It is
 * set on the consumer of the connection's code version first, then on
 * every other workers' consumer of the stream (other versions', and the
 * older versions' {@linkcode LEGACY_CONSUMER}); a consumer created later
 * starts with it ({@linkcode openJobs}).
 *
 * @param jobs the connection ({@linkcode openJobs})
 * @param ms the new ack wait (1,000…3,600,000 ms)
 * @returns the ack wait it replaced on the connection's version's consumer (ms)
 * @throws {Error} (rejects) on a bad `ms`, or when the server refuses
 *
 * @example
 * ```ts ignore
 * import { openJobs, setAckWait } from "./nats.ts";
 * const jobs = await openJobs("127.0.0.1:4222", { name: "operator" });
 * const before = await setAckWait(jobs, 60_000);
 * console.log(`ack wait 60 s (was ${before / 1000} s)`);
 * await jobs.close();
 * ```
 */
export async function setAckWait(jobs: Jobs, ms: number): Promise<number> {
  checkInteger("setAckWait", "ms", ms, 1000, 3_600_000);
  const own = consumerName(jobs.code);
  const before = await ackWait(jobs);
  await jobs.jsm.consumers.update(JOBS_STREAM, own, {
    ack_wait: ms * NANOS_PER_MS,
  });
  for (const info of await consumersOf(jobs.jsm)) {
    if (info.name === own || !isWorkersConsumer(info.name)) continue;
    if (info.config.ack_wait === ms * NANOS_PER_MS) continue;
    await jobs.jsm.consumers.update(JOBS_STREAM, info.name, {
      ack_wait: ms * NANOS_PER_MS,
    });
  }
  return before;
}

/** Every consumer of the jobs' stream, with its configuration. */
async function consumersOf(jsm: JetStreamManager): Promise<ConsumerInfo[]> {
  const all: ConsumerInfo[] = [];
  for await (const info of jsm.consumers.list(JOBS_STREAM)) all.push(info);
  return all;
}

/** A consumer's information, or null when the server has no such consumer. */
async function consumerInfo(
  jsm: JetStreamManager,
  name: string,
): Promise<ConsumerInfo | null> {
  try {
    return await jsm.consumers.info(JOBS_STREAM, name);
  } catch (error) {
    if (isMissingConsumer(error)) return null;
    throw error;
  }
}

/** Whether `error` is the server's answer that a consumer does not exist. */
const isMissingConsumer = (error: unknown) =>
  error instanceof JetStreamApiError &&
  error.code === JetStreamApiCodes.ConsumerNotFound;

/** Whether `error` is the server's refusal of this user's rights. */
const isPermissionError = (error: unknown) =>
  /permissions? violation/i.test((error as Error)?.message ?? "");

/**
 * Makes sure the consumer of `code`'s jobs exists and is what this
 * version needs ({@linkcode openJobs} says what that is): creates it,
 * first narrowing the older versions' shared consumer so that the work
 * queue lets it be; or sets right the `max_deliver` and filter of the one
 * there. Throws a {@linkcode JobsNotReadyError} when a change is needed
 * and this user may not make it, and a {@linkcode JobsConnectError} when
 * it cannot be made; a refusal to create goes to {@linkcode openJobs},
 * which says it.
 */
async function ensureConsumer(
  jsm: JetStreamManager,
  server: string,
  code: string,
): Promise<void> {
  const name = consumerName(code);
  const filter = `gts.jobs.${code}.>`;
  let info = await consumerInfo(jsm, name);
  if (info === null) {
    try {
      const all = await consumersOf(jsm);
      const legacy = all.find((c) => c.name === LEGACY_CONSUMER);
      // A work queue takes no two consumers whose filters overlap: the
      // shared one of older versions (`gts.jobs.>`) must give up the
      // subjects of the versions that have their own.
      if (
        legacy !== undefined &&
        (legacy.config.filter_subject !== LEGACY_FILTER ||
          legacy.config.max_deliver !== CONSUMER_MAX_DELIVER)
      ) {
        await jsm.consumers.update(JOBS_STREAM, LEGACY_CONSUMER, {
          filter_subject: LEGACY_FILTER,
          max_deliver: CONSUMER_MAX_DELIVER,
        });
      }
      // The operator's ack wait outlasts an update of the code: the new
      // version's consumer starts with that of the newest one.
      const created = (c: ConsumerInfo) => Date.parse(c.created);
      const newest = all.filter((c) => isWorkersConsumer(c.name))
        .sort((a, b) => created(b) - created(a))[0];
      await jsm.consumers.add(JOBS_STREAM, {
        durable_name: name,
        ack_policy: AckPolicy.Explicit,
        ack_wait: newest?.config.ack_wait || DEFAULT_ACK_WAIT_MS * NANOS_PER_MS,
        deliver_policy: DeliverPolicy.All,
        max_deliver: CONSUMER_MAX_DELIVER,
        filter_subject: filter,
      });
      return;
    } catch (error) {
      // Another process created it meanwhile? Then check that one.
      info = await consumerInfo(jsm, name).catch(() => null);
      if (info === null) {
        if (/not unique/i.test((error as Error).message)) {
          throw new JobsConnectError(
            `the NATS server at ${server} refused the consumer ${name} of ${JOBS_STREAM} (${
              (error as Error).message
            }): another consumer of the stream takes the jobs of ${filter}; remove it (as the admin: nats consumer rm ${JOBS_STREAM} NAME)`,
          );
        }
        throw error;
      }
    }
  }
  // Its ack and deliver policies need no check: a work queue takes no
  // consumer without explicit acks and delivery of all its messages.
  const config = info.config;
  const changes: Partial<ConsumerUpdateConfig> = {};
  const wrong: string[] = [];
  if (config.max_deliver !== CONSUMER_MAX_DELIVER) {
    changes.max_deliver = CONSUMER_MAX_DELIVER;
    wrong.push(
      `max_deliver ${config.max_deliver} (this version needs ${CONSUMER_MAX_DELIVER})`,
    );
  }
  if (config.filter_subject !== filter) {
    changes.filter_subject = filter;
    wrong.push(
      `filter ${
        config.filter_subject ?? "none"
      } (this version needs ${filter})`,
    );
  }
  if (wrong.length === 0) return;
  try {
    await jsm.consumers.update(JOBS_STREAM, name, changes);
  } catch (error) {
    const what =
      `the consumer ${name} of ${JOBS_STREAM} on the NATS server at ${server} has ${
        wrong.join(" and ")
      }`;
    if (isPermissionError(error)) {
      throw new JobsNotReadyError(
        `${what}, and this user may not change it (${
          (error as Error).message
        }): a publisher (a command with --nats) of this version or an admin sets it right on its first connection`,
      );
    }
    throw new JobsConnectError(
      `${what}, and the server refused to change it: ${
        (error as Error).message
      }`,
    );
  }
}

async function ensureStream(
  jsm: JetStreamManager,
  config: Parameters<JetStreamManager["streams"]["add"]>[0],
): Promise<void> {
  try {
    await jsm.streams.info(config.name!);
    return;
  } catch {
    // Missing: create it.
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // Created by another process meanwhile?
    await jsm.streams.info(config.name!).catch(() => {
      throw error;
    });
  }
}

export type { JobEvent } from "./job_event.ts";

/** Options of {@linkcode serveJobs}. */
export interface ServeOptions {
  /** This worker's name in events and results. */
  worker: string;
  /** The version of the code it runs. */
  code: string;
  /** Stops serving at once (the job in progress is given back to the queue, or left to come back after the ack wait while the server is away). */
  signal?: AbortSignal;
  /** Told what happens, one line at a time. */
  log?: (line: string) => void;
  /** Stop after this many jobs (default: never). */
  maxJobs?: number;
  /** How long to keep trying to store a result while the server is away (ms, default {@linkcode STORE_PATIENCE_MS}). */
  storePatienceMs?: number;
  /** The chess engines configured here, by name (`ours` is implied; default: none but `ours`). */
  engines?: EngineTable;
}

/** What a worker did. */
export interface ServeSummary {
  /** Jobs run and stored. */
  done: number;
  /** Jobs found already done (a redelivered copy of a stored job). */
  skipped: number;
  /**
   * Runs queued for another code version that this worker told it cannot
   * run them (it never receives their jobs); not counted by `maxJobs`.
   */
  refused: number;
  /** Messages sent to the dead-letter stream (not a job, or a job naming an engine this worker does not have). */
  dead: number;
}

/**
 * Puts `data` (its first 4 KiB: enough to see what it was) on the
 * dead-letter stream, under `gts.dead.<reason>`, with the reason and the
 * error in headers. Every header value goes through {@linkcode printable}:
 * the error quotes what the message held, and one line break in a header
 * value made the client refuse the dead letter, so that the message was
 * never acknowledged and came back for ever. Null when stored, else why not.
 */
async function deadLetter(
  jobs: Jobs,
  reason: string,
  error: string,
  data: Uint8Array,
  fields: Record<string, string>,
): Promise<string | null> {
  try {
    const h = headers();
    h.set("Gts-Reason", printable(reason));
    h.set("Gts-Error", printable(error.slice(0, 2000)));
    h.set("Gts-Bytes", String(data.length));
    for (const [name, value] of Object.entries(fields)) {
      h.set(name, printable(value.slice(0, 2000)));
    }
    await jobs.js.publish(`gts.dead.${reason}`, data.slice(0, 4096), {
      headers: h,
      timeout: ANSWER_MS,
    });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The engines of a chess task that `table` lacks. */
function missingEngines(job: Job, table: EngineTable): string[] {
  if (job.task.kind !== "chess") return [];
  return [job.task.a.engine, job.task.b.engine].filter((name, i, all) =>
    name !== OURS && !table.has(name) && all.indexOf(name) === i
  );
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });

/**
 * `promise`, or a rejection after `ms` or when `signal` aborts: a request
 * to a server that is away may wait long (a KV create is two requests),
 * and stopping must not wait for it.
 */
function bounded<T>(
  promise: Promise<T>,
  ms: number,
  signal?: AbortSignal,
): Promise<T> {
  promise.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the server within ${ms} ms`)),
        ms,
      );
      onAbort = () => reject(new Error("stopped"));
      if (signal?.aborted) onAbort();
      signal?.addEventListener("abort", onAbort);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  });
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Serves jobs until `signal` aborts (or `maxJobs` are done): pulls one job
 * at a time from the consumer of its code version ({@linkcode consumerName}:
 * jobs of other versions never come to it), refuses with a dead letter
 * what {@linkcode decodeJob} refuses (and a job on its subject that names
 * another version or run), skips a job whose result is stored, and
 * otherwise runs it, stores its result once and acknowledges it, telling
 * the server it is alive every third of the consumer's ack wait (read from
 * the server at each job). While idle, it reads which runs of other code
 * versions wait in the queue (their subjects, not their jobs) and tells
 * each, once, on its events that it runs another version. Survives a
 * server restart (it waits and pulls again); a result it cannot store is
 * retried for `storePatienceMs`, then left (the job comes back after the
 * ack wait), and `signal` stops that at once too.
 *
 * @param jobs the connection ({@linkcode openJobs})
 * @param options `worker`, `code`, `signal`, `log`, `maxJobs`, `storePatienceMs`, `engines`
 * @returns what it did
 * @throws {Error} (rejects) on a `code` that is not a code version, or when its consumer cannot be made right
 *
 * @example
 * ```ts ignore
 * import { openJobs, serveJobs } from "./nats.ts";
 * import { codeVersion } from "./job.ts";
 * const jobs = await openJobs("127.0.0.1:4222", { name: "worker" });
 * const summary = await serveJobs(jobs, {
 *   worker: "w1",
 *   code: await codeVersion(),
 *   maxJobs: 10,
 *   log: (line) => console.error(line),
 * });
 * console.log(`${summary.done} jobs done`);
 * await jobs.close();
 * ```
 */
export async function serveJobs(
  jobs: Jobs,
  options: ServeOptions,
): Promise<ServeSummary> {
  const code = checkId(
    "serveJobs",
    "options.code",
    options.code,
    CODE_ID,
    CODE_RULE,
  );
  if (code !== jobs.code) await ensureConsumer(jobs.jsm, jobs.server, code);
  const summary: ServeSummary = { done: 0, skipped: 0, refused: 0, dead: 0 };
  // Lines quote what messages held (a job's error, a refused message's
  // text): never a raw control character on the worker's terminal.
  const log = (line: string) => options.log?.(printable(line));
  const told = new Set<string>();
  let waiting = false;
  const handled = () => summary.done + summary.skipped + summary.dead;
  try {
    await serveLoop();
  } finally {
    closeTaskRunner();
  }
  return summary;

  async function serveLoop() {
    while (
      !options.signal?.aborted &&
      (options.maxJobs === undefined || handled() < options.maxJobs)
    ) {
      let message: JsMsg | null;
      let ackWaitMs: number;
      try {
        const consumer = await jobs.js.consumers.get(
          JOBS_STREAM,
          consumerName(code),
        );
        message = await consumer.next({ expires: 2000 });
        if (waiting) log("the server answers again");
        waiting = false;
        // The ack wait in force now, read once the job is here (an
        // operator may have changed it while this worker waited); else the
        // one `get` read.
        const toMs = (info: ConsumerInfo) =>
          (info.config.ack_wait ?? 0) / NANOS_PER_MS || DEFAULT_ACK_WAIT_MS;
        const known = toMs(await consumer.info(true));
        ackWaitMs = message === null ? known : await bounded(
          consumer.info(),
          ANSWER_MS,
          options.signal,
        ).then(toMs, () => known);
      } catch (error) {
        let why: string | null = (error as Error).message;
        // Removed by an operator: made again when this user may.
        if (isMissingConsumer(error)) {
          why = await ensureConsumer(jobs.jsm, jobs.server, code).then(
            () => null,
            (failure) => (failure as Error).message,
          );
        }
        if (why !== null) {
          if (!waiting) log(`waiting for the server: ${why}`);
          waiting = true;
          await sleep(1000, options.signal);
        }
        continue;
      }
      if (message === null) {
        summary.refused += await tellOtherVersions(
          jobs,
          code,
          options,
          told,
          log,
        );
        continue;
      }
      try {
        const outcome = await serveOne(
          jobs,
          message,
          code,
          options,
          ackWaitMs,
          log,
        );
        summary[outcome]++;
      } catch (error) {
        // The server went away mid-job (a dead letter or a result not
        // stored): the message was not acknowledged, so it comes back.
        log(
          `a job was left to be delivered again: ${(error as Error).message}`,
        );
        await sleep(1000, options.signal);
      }
    }
  }
}

/**
 * Tells the publishers of the runs queued for other code versions, each
 * once (`told`), that this worker cannot run them: it reads the queue's
 * subjects (`gts.jobs.<code>.<run>`, counts only) and publishes a
 * `refused` event on each such run's events. The jobs stay queued for a
 * worker of their version. A run already cancelled is left alone, and
 * so is anything the server cannot say now. Returns how many runs it
 * told.
 */
async function tellOtherVersions(
  jobs: Jobs,
  code: string,
  options: ServeOptions,
  told: Set<string>,
  log: (line: string) => void,
): Promise<number> {
  let subjects: Record<string, number>;
  try {
    const info = await bounded(
      jobs.jsm.streams.info(JOBS_STREAM, { subjects_filter: "gts.jobs.*.*" }),
      ANSWER_MS,
      options.signal,
    );
    subjects = info.state.subjects ?? {};
  } catch {
    return 0;
  }
  let count = 0;
  for (const subject of Object.keys(subjects)) {
    const [, , jobCode, run] = subject.split(".");
    // Anyone who may publish a job chooses its subject: only a version
    // and a run the publisher could print are told.
    if (
      jobCode === undefined || run === undefined || jobCode === code ||
      !CODE_ID.test(jobCode) || !RUN_ID.test(run) || told.has(run)
    ) continue;
    told.add(run);
    const cancelled = await bounded(
      jobs.cancelled.get(run),
      ANSWER_MS,
      options.signal,
    ).catch(() => null);
    if (cancelled !== null && cancelled.operation === "PUT") continue;
    const event: JobEvent = {
      type: "refused",
      worker: options.worker,
      workerCode: code,
      jobCode,
    };
    jobs.nc.publish(eventSubject(run), encoder.encode(JSON.stringify(event)));
    log(
      `refused the jobs of run ${run}: they need code version ${jobCode}, this worker runs ${code} (start workers from the same commit as the command); they stay queued for a worker of their version`,
    );
    count++;
  }
  return count;
}

async function serveOne(
  jobs: Jobs,
  message: JsMsg,
  code: string,
  options: ServeOptions,
  ackWaitMs: number,
  log: (line: string) => void,
): Promise<keyof ServeSummary> {
  let job: Job;
  try {
    job = decodeJob(message.data);
    // Only a message published by hand can be here with another version
    // or run than its subject's: no worker would take it where it is.
    const subject = jobSubject(job.code, job.run);
    if (message.subject !== subject || job.code !== code) {
      throw new JobError(
        "misrouted",
        `job ${job.run}.${job.index} of code version ${job.code} came on ${message.subject}, the subject of the jobs of version ${code}; its publisher puts it on ${subject}`,
      );
    }
  } catch (error) {
    const reason = error instanceof JobError ? error.reason : "invalid";
    const text = (error as Error).message;
    const failed = await deadLetter(jobs, reason, text, message.data, {
      "Gts-Subject": message.subject,
      "Gts-Worker": options.worker,
    });
    if (failed === null) {
      // Kept in the dead-letter stream now: done with here.
      message.ack();
      log(
        `refused a message on ${message.subject} (dead letter, ${reason}): ${text}`,
      );
      return "dead";
    }
    // The server away: left unacknowledged, it comes back and is refused
    // again then.
    if (jobs.unreachableSince() !== null) {
      throw new Error(`its dead letter could not be stored: ${failed}`);
    }
    // The server there but refusing the dead letter: left unacknowledged,
    // the message would come back after every ack wait, for ever.
    message.term();
    log(
      `refused a message on ${message.subject} (${reason}): ${text}; its dead letter could not be stored (${failed}): terminated, it is not delivered again`,
    );
    return "dead";
  }
  const key = `${job.run}.${job.index}`;
  const digest = await jobDigest(message.data);
  const event = (e: JobEvent) =>
    jobs.nc.publish(eventSubject(job.run), encoder.encode(JSON.stringify(e)));
  const cancelled = await jobs.cancelled.get(job.run).catch(() => null);
  if (cancelled !== null && cancelled.operation === "PUT") {
    message.ack();
    log(`job ${key}: its run was cancelled, dropped`);
    return "skipped";
  }
  const stored = await jobs.results.get(key).catch(() => null);
  if (
    stored !== null && stored.operation === "PUT" &&
    isResultOf(stored.value, job.run, job.index, digest)
  ) {
    message.ack();
    log(`job ${key}: already done, skipped`);
    return "skipped";
  }
  const delivery = message.info.deliveryCount;
  if (delivery > MAX_JOB_DELIVERIES) {
    const text = `job ${key} was delivered ${
      delivery - 1
    } times and never finished (at most ${MAX_JOB_DELIVERIES}): each time its worker went silent past the ack wait (killed, cut off, or held by the job without a heartbeat) or gave it back (stopped); it is not delivered again`;
    return await failJob(jobs, message, job, digest, options, log, {
      reason: "deliveries",
      text,
      code: job.code,
      headers: { "Gts-Deliveries": String(delivery - 1) },
    });
  }
  const missing = missingEngines(job, options.engines ?? new Map());
  if (missing.length > 0) {
    // Nothing was started.
    const text = `job ${key} names engine ${
      missing.map((name) => JSON.stringify(name)).join(" and ")
    }, which worker ${options.worker} does not have (it has: ${
      engineNames(options.engines ?? new Map())
    }; start workers with --engine ${
      isEngineName(missing[0]) ? missing[0] : "NAME"
    }=PATH)`;
    return await failJob(jobs, message, job, digest, options, log, {
      reason: "unknown-engine",
      text,
      code: options.code,
      headers: { "Gts-Engine": missing.join(",") },
    });
  }
  event({ type: "start", index: job.index, worker: options.worker, delivery });
  log(
    `job ${key}: ${taskSummary(job.task)}${
      delivery > 1 ? ` (delivery ${delivery})` : ""
    }`,
  );
  const heartbeat = setInterval(
    () => message.working(),
    Math.max(100, Math.floor(ackWaitMs / 3)),
  );
  const started = performance.now();
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener("abort", onAbort);
  if (options.signal?.aborted) stop.abort();
  try {
    let outcome;
    try {
      outcome = await runTask(job.task, {
        signal: stop.signal,
        engines: options.engines ?? new Map(),
        onGame: () =>
          event({ type: "game", index: job.index, worker: options.worker }),
        onProbe: (probe) =>
          event({
            type: "probe",
            index: job.index,
            worker: options.worker,
            probe,
          }),
      });
    } catch (error) {
      // Stopped: give the job back at once.
      message.nak();
      log(`job ${key}: given back (${(error as Error).message})`);
      return "skipped";
    }
    const result: JobResult = {
      run: job.run,
      index: job.index,
      digest,
      code: options.code,
      worker: options.worker,
      ms: Math.round(performance.now() - started),
      delivery,
      outcome,
    };
    let bytes = encoder.encode(JSON.stringify(result));
    if (bytes.length > MAX_RESULT_BYTES) {
      // The server would refuse it on every delivery: fail the job instead.
      result.outcome = {
        ok: false,
        error:
          `its result takes ${bytes.length} bytes, more than the ${MAX_RESULT_BYTES} a result may: use smaller batches (--batch)`,
      };
      bytes = encoder.encode(JSON.stringify(result));
    }
    if (
      !await storeOrGiveBack(jobs, job, digest, bytes, message, options, log)
    ) return "skipped";
    message.ack();
    log(
      `job ${key}: ${
        outcome.ok ? "done" : `failed: ${outcome.error}`
      } in ${result.ms} ms`,
    );
    return "done";
  } finally {
    clearInterval(heartbeat);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Ends a job without running it: puts it on the dead letters under
 * `failure.reason` (with `failure.headers`) and stores its failed result
 * (`failure.text`, made by `failure.code`), which stops its run with that
 * line; then acknowledges it. "skipped" when stopped before the result
 * was stored (the job is given back).
 */
async function failJob(
  jobs: Jobs,
  message: JsMsg,
  job: Job,
  digest: string,
  options: ServeOptions,
  log: (line: string) => void,
  failure: {
    reason: string;
    text: string;
    code: string;
    headers: Record<string, string>;
  },
): Promise<keyof ServeSummary> {
  const key = `${job.run}.${job.index}`;
  const failed = await deadLetter(
    jobs,
    failure.reason,
    failure.text,
    message.data,
    {
      "Gts-Subject": message.subject,
      "Gts-Worker": options.worker,
      ...failure.headers,
    },
  );
  // Its failed result below still tells the publisher.
  if (failed !== null) {
    log(`job ${key}: its dead letter could not be stored: ${failed}`);
  }
  const result: JobResult = {
    run: job.run,
    index: job.index,
    digest,
    code: failure.code,
    worker: options.worker,
    ms: 0,
    delivery: message.info.deliveryCount,
    outcome: { ok: false, error: failure.text },
  };
  const stored = await storeOrGiveBack(
    jobs,
    job,
    digest,
    encoder.encode(JSON.stringify(result)),
    message,
    options,
    log,
  );
  if (!stored) return "skipped";
  message.ack();
  log(`refused job ${key} (dead letter, ${failure.reason}): ${failure.text}`);
  return "dead";
}

/**
 * Stores a job's result ({@linkcode storeResult}) unless `options.signal`
 * stops it first: then the job is not acknowledged but given back (at once
 * if this reaches the server, else after the ack wait) and the answer is
 * false.
 */
async function storeOrGiveBack(
  jobs: Jobs,
  job: Job,
  digest: string,
  bytes: Uint8Array,
  message: JsMsg,
  options: ServeOptions,
  log: (line: string) => void,
): Promise<boolean> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener("abort", onAbort);
  if (options.signal?.aborted) stop.abort();
  try {
    await storeResult(
      jobs,
      job,
      digest,
      bytes,
      log,
      stop.signal,
      options.storePatienceMs ?? STORE_PATIENCE_MS,
    );
    return true;
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    message.nak();
    log(
      `job ${job.run}.${job.index}: stopped before its result was stored; it goes back to the queue`,
    );
    return false;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Stores a result once, waiting out a server restart for at most
 * `patienceMs`; every request is bounded (with the server away, one KV
 * create waits out two request timeouts, and each attempt used to take
 * 16 s: 60 attempts were 16 minutes), and `signal` stops it at once. A
 * value already under the key that is not this job's result (written by
 * someone else, or for a job of the same number but other content) is
 * replaced; this job's result from another delivery is kept.
 */
async function storeResult(
  jobs: Jobs,
  job: Job,
  digest: string,
  bytes: Uint8Array,
  log: (line: string) => void,
  signal: AbortSignal,
  patienceMs: number,
): Promise<void> {
  const key = `${job.run}.${job.index}`;
  const until = performance.now() + patienceMs;
  for (let attempt = 0;; attempt++) {
    signal.throwIfAborted();
    try {
      await bounded(jobs.results.create(key, bytes), ANSWER_MS, signal);
      return;
    } catch (error) {
      signal.throwIfAborted();
      const stored = await bounded(jobs.results.get(key), ANSWER_MS, signal)
        .catch(() => null);
      if (stored !== null && stored.operation === "PUT") {
        // Stored by another worker (the same job, delivered twice): one result.
        if (isResultOf(stored.value, job.run, job.index, digest)) return;
        try {
          await bounded(
            jobs.results.update(key, bytes, stored.revision),
            ANSWER_MS,
            signal,
          );
          log(
            `job ${key}: replaced a value stored under its key that was not its result`,
          );
          return;
        } catch {
          // Changed meanwhile, or the server went away: look again.
        }
      }
      signal.throwIfAborted();
      if (performance.now() >= until) {
        throw new Error(
          `its result could not be stored for ${patienceMs / 1000} s: ${
            (error as Error).message
          }`,
        );
      }
      if (attempt === 0) {
        log(
          `job ${key}: cannot store the result yet (${
            (error as Error).message
          }), retrying for ${patienceMs / 1000} s`,
        );
      }
      await sleep(1000, signal);
    }
  }
}

/** Where a run stands, for a progress line. */
export interface RunProgress {
  /** Jobs of the run. */
  jobs: number;
  /** Jobs no worker has started (or whose worker's start was not heard). */
  queued: number;
  /** Jobs started and not done. */
  running: number;
  /** Jobs whose result is stored. */
  done: number;
  /** Jobs delivered more than once. */
  redelivered: number;
  /** Games of the run and games finished (stored results, plus games reported by workers); a solve counts as one. */
  games: number;
  gamesDone: number;
  /** Games per second since the run began. */
  gamesPerSecond: number;
  /** Seconds left at that rate, or null before the first game. */
  etaSeconds: number | null;
  /** The server's address. */
  server: string;
  /** Seconds the server has been unreachable (in steps of {@linkcode PROGRESS_UNREACHABLE_STEP_S}), or null while it answers. */
  unreachableSeconds: number | null;
  /** Seconds of unreachable server after which the run is given up. */
  patienceSeconds: number;
}

/** While the server is unreachable, the progress is told again every this many seconds. */
export const PROGRESS_UNREACHABLE_STEP_S = 10;

/** Options of {@linkcode runJobs}. */
export interface RunJobsOptions {
  /** The version of the code (every job carries it). */
  code: string;
  /** The run's id (default: random). */
  run?: string;
  /** Told each result as it is stored, in the order they come. */
  onResult?: (result: JobResult) => void;
  /**
   * Told where the run stands when it changes (jobs, games, the server
   * lost or back), at most about once a second, and at the end: an
   * unchanged run is not told again.
   */
  onProgress?: (progress: RunProgress) => void;
  /**
   * Told a refusal: an idle worker's of the run (it runs another code
   * version, and never receives the run's jobs), once per worker, or the
   * publisher's own of a stored result that is not its job's
   * (sent to the dead letters; the run waits for the job's own result).
   */
  onRefusal?: (line: string) => void;
  /** Told each root probe of a solve job as its worker reports it (plain NATS: one may be lost). */
  onProbe?: (index: number, worker: string, probe: SolveProbe) => void;
  /** Stops waiting; the run is marked cancelled and workers drop its queued jobs (rejects with a {@linkcode RunStoppedError}). */
  signal?: AbortSignal;
  /** Gives up once the server has been unreachable this long (ms, 1,000…86,400,000; default {@linkcode DEFAULT_UNREACHABLE_MS}). */
  unreachableMs?: number;
}

/**
 * Publishes one job per task and waits for every result: the results in
 * task order. Each job is checked as a worker will check it
 * ({@linkcode decodeJob}) before any is sent, on the subject of its code
 * version ({@linkcode jobSubject}), which only the workers of that
 * version receive. A result is taken only when
 * it carries the run, the number and the digest of a job published here
 * (src/jobs/result.ts); any other value stored under the run's keys goes
 * to the dead-letter stream with its reason, and the run goes on waiting
 * for the job's own result. A job that failed on its worker rejects the
 * run with a {@linkcode JobFailedError}; on abort the run is marked
 * cancelled, so that workers drop its jobs still queued, and it rejects
 * with a {@linkcode RunStoppedError} that says whether the server took the
 * cancel. A server unreachable for `unreachableMs` rejects it with a
 * {@linkcode JobsUnreachableError}. Results stay in the bucket for
 * {@linkcode RETENTION_MS}.
 *
 * @param jobs the connection ({@linkcode openJobs})
 * @param tasks the tasks, one job each
 * @param options `code`, `run`, `onResult`, `onProgress`, `onRefusal`, `onProbe`, `signal`, `unreachableMs`
 * @returns the results, by task
 * @throws {JobFailedError} (rejects) when a job failed; {@linkcode RunStoppedError} on abort;
 *   {@linkcode JobsUnreachableError} when the server stays away; {@linkcode JobError} when a task is too large for a
 *   job or not one a worker accepts; {@linkcode JobsConnectError} when `code` is not the connection's and its consumer
 *   cannot be made right
 */
export async function runJobs(
  jobs: Jobs,
  tasks: readonly Task[],
  options: RunJobsOptions,
): Promise<JobResult[]> {
  const patienceMs = checkInteger(
    "runJobs",
    "unreachableMs",
    options.unreachableMs ?? DEFAULT_UNREACHABLE_MS,
    1000,
    86_400_000,
  );
  const run = options.run ??
    crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  const messages = tasks.map((task, index) => {
    const bytes = encodeJob({
      format: JOB_FORMAT,
      run,
      index,
      code: options.code,
      task,
    });
    decodeJob(bytes);
    return bytes;
  });
  // Each version's jobs go to its own consumer: made sure of here for a
  // version other than the connection's.
  if (options.code !== jobs.code) {
    await ensureConsumer(jobs.jsm, jobs.server, options.code);
  }
  const digests = await Promise.all(messages.map(jobDigest));
  const results: (JobResult | undefined)[] = new Array(tasks.length);
  const totalGames = tasks.reduce((n, t) => n + taskGames(t), 0);
  const started = new Set<number>();
  const redelivered = new Set<number>();
  const gamesReported = new Map<number, number>();
  const refusedBy = new Set<string>();
  let done = 0, storedGames = 0;
  const begun = performance.now();
  let failure: JobFailedError | null = null;
  let unreachable: JobsUnreachableError | null = null;
  // Stops the publishing and the waiting: on abort, or a server away too long.
  const halt = new AbortController();
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => finish = resolve);

  const progress = (): RunProgress => {
    let reported = 0;
    for (const [index, n] of gamesReported) {
      if (results[index] === undefined) reported += n;
    }
    const gamesDone = Math.min(totalGames, storedGames + reported);
    const seconds = (performance.now() - begun) / 1000;
    const rate = seconds > 0 ? gamesDone / seconds : 0;
    let running = 0;
    for (const i of started) if (results[i] === undefined) running++;
    const lost = jobs.unreachableSince();
    const step = PROGRESS_UNREACHABLE_STEP_S;
    return {
      jobs: tasks.length,
      queued: tasks.length - done - running,
      running,
      done,
      redelivered: redelivered.size,
      games: totalGames,
      gamesDone,
      gamesPerSecond: rate,
      etaSeconds: rate > 0 ? (totalGames - gamesDone) / rate : null,
      server: jobs.server,
      unreachableSeconds: lost === null
        ? null
        : Math.floor((performance.now() - lost) / 1000 / step) * step,
      patienceSeconds: patienceMs / 1000,
    };
  };
  let lastProgress = 0;
  let lastTold = "";
  const tell = (force = false) => {
    const now = performance.now();
    if (!force && now - lastProgress < 1000) return;
    const p = progress();
    // Only what changed is news: not the rate, which drifts every second.
    const state = JSON.stringify([
      p.queued,
      p.running,
      p.done,
      p.redelivered,
      p.gamesDone,
      p.unreachableSeconds,
    ]);
    if (!force && state === lastTold) return;
    lastProgress = now;
    lastTold = state;
    options.onProgress?.(p);
  };
  const tick = () => {
    const lost = jobs.unreachableSince();
    if (
      lost !== null && performance.now() - lost >= patienceMs &&
      unreachable === null
    ) {
      unreachable = new JobsUnreachableError(jobs.server, patienceMs / 1000);
      halt.abort();
      finish();
      return;
    }
    tell();
  };

  const events = jobs.nc.subscribe(eventSubject(run), {
    callback: (error, msg) => {
      if (error) return;
      // Anyone who may publish on the subject can send anything: only a
      // well-formed event of this run is read.
      const e = readJobEvent(decoder.decode(msg.data), tasks.length);
      if (e === null) return;
      if (e.type === "start") {
        started.add(e.index);
        gamesReported.delete(e.index);
        if (e.delivery > 1) redelivered.add(e.index);
      } else if (e.type === "game") {
        gamesReported.set(e.index, (gamesReported.get(e.index) ?? 0) + 1);
      } else if (e.type === "probe") {
        if (results[e.index] === undefined && e.probe !== null) {
          options.onProbe?.(e.index, e.worker, e.probe);
        }
      } else if (e.type === "refused" && !refusedBy.has(e.worker)) {
        refusedBy.add(e.worker);
        options.onRefusal?.(
          `worker ${e.worker} refused the run's jobs: it runs code version ${e.workerCode}, this run needs ${e.jobCode} (start workers from the same commit); they wait for a worker of that version`,
        );
      }
      tell();
    },
  });

  // A watch started again after a reconnect sees the same values again.
  const refusedValues = new Set<string>();
  const refuse = (key: string, revision: number, value: Uint8Array) => {
    const verdict = judgeResult(key, value, run, digests, options.code, tasks);
    if (verdict.ok) return verdict.result;
    if (refusedValues.has(`${key}@${revision}`)) return null;
    refusedValues.add(`${key}@${revision}`);
    // The error quotes the stored value's fields (JSON.stringify leaves
    // DEL and the C1 controls as they are).
    options.onRefusal?.(
      `refused ${printable(verdict.error)} (dead letter, ${verdict.reason})`,
    );
    deadLetter(jobs, verdict.reason, verdict.error, value, {
      "Gts-Subject": `$KV.${RESULTS_BUCKET}.${key}`,
      "Gts-Run": run,
    }).then((failed) => {
      if (failed === null) return;
      options.onRefusal?.(
        `could not put the refused result of ${key} on the dead letters: ${failed}`,
      );
    });
    return null;
  };

  const accept = (key: string, revision: number, value: Uint8Array) => {
    const result = refuse(key, revision, value);
    if (result === null) return;
    const index = result.index;
    if (results[index] !== undefined) return;
    results[index] = result;
    done++;
    // Start events are plain NATS, lost while the server restarts: the
    // result says which delivery it was too.
    if (result.delivery > 1) redelivered.add(index);
    if (result.outcome.ok) {
      storedGames += result.outcome.records.length;
      options.onResult?.(result);
    } else if (failure === null) {
      // The error is the worker's text: printed on the publisher's terminal.
      failure = new JobFailedError(
        `job ${index} failed on worker ${result.worker}: ${
          printable(cut(result.outcome.error, MAX_ERROR_CHARS))
        }`,
      );
    }
    tell(done === tasks.length);
    if (done === tasks.length || failure !== null) finish();
  };

  // The watch is an ordered consumer: after a server restart it may end
  // or stall, so it is started again on every reconnect.
  let watching = true;
  const watcher: { current: { stop(): void } | null } = { current: null };
  const watch = async () => {
    while (watching) {
      try {
        const iterator = await jobs.results.watch({ key: `${run}.*` });
        watcher.current = iterator;
        for await (const entry of iterator) {
          if (entry.operation === "PUT") {
            accept(entry.key, entry.revision, entry.value);
          }
        }
      } catch {
        // The server went away: watch again below.
      }
      if (watching) await sleep(500);
    }
  };
  const statusLoop = (async () => {
    for await (const status of jobs.nc.status()) {
      if (status.type === "reconnect") watcher.current?.stop();
    }
  })();
  const watching$ = watch();
  const onAbort = () => {
    halt.abort();
    finish();
  };
  options.signal?.addEventListener("abort", onAbort);
  if (options.signal?.aborted) onAbort();
  const ticker = setInterval(tick, 1000);
  try {
    try {
      for (const [index, data] of messages.entries()) {
        // The digest in the id: a job of other content published first
        // under the same number is not taken for this one.
        await publishRetrying(
          jobs,
          jobSubject(options.code, run),
          data,
          `${run}.${index}.${digests[index]}`,
          halt.signal,
        );
      }
      tell(true);
    } catch (error) {
      if (!halt.signal.aborted) throw error;
    }
    await finished;
    // Nobody to tell the cancel to: the jobs stay for when it comes back.
    if (unreachable !== null) throw unreachable;
    if (options.signal?.aborted || failure !== null) {
      const notCancelled = await cancelRun(jobs, run);
      if (failure !== null) {
        if (notCancelled === null) throw failure;
        throw new JobFailedError(
          `${
            (failure as JobFailedError).message
          }; could not cancel the run's queued jobs (${notCancelled}): workers will still play them`,
        );
      }
      throw new RunStoppedError(notCancelled);
    }
    return results as JobResult[];
  } finally {
    clearInterval(ticker);
    options.signal?.removeEventListener("abort", onAbort);
    watching = false;
    watcher.current?.stop();
    events.unsubscribe();
    await Promise.race([watching$, sleep(100)]);
    void statusLoop;
  }
}

/**
 * Marks a run cancelled: workers drop its jobs still queued. (Not a purge
 * of the stream by subject: nats-server 2.9 then moves the shared
 * consumer past every message up to the purge, other runs' jobs included.)
 * Null when done, else why it could not be (a server away).
 */
async function cancelRun(jobs: Jobs, run: string): Promise<string | null> {
  try {
    await bounded(
      jobs.cancelled.put(run, encoder.encode("cancelled")),
      ANSWER_MS,
    );
    return null;
  } catch (error) {
    return jobs.unreachableSince() !== null
      ? `the job server at ${jobs.server} is unreachable`
      : (error as Error).message;
  }
}

/** Publishes a job, waiting out a server restart (the msgID makes a retry harmless). */
async function publishRetrying(
  jobs: Jobs,
  subject: string,
  data: Uint8Array,
  id: string,
  signal?: AbortSignal,
): Promise<void> {
  for (let attempt = 0;; attempt++) {
    try {
      await bounded(
        jobs.js.publish(subject, data, { msgID: id, timeout: ANSWER_MS }),
        ANSWER_MS + 1000,
        signal,
      );
      return;
    } catch (error) {
      if (attempt >= 120 || signal?.aborted) throw error;
      await sleep(1000, signal);
    }
  }
}
