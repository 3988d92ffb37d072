/**
 * What the commands that take `--nats URL` share: connecting with one
 * clear line on failure, the flags of the server's security,
 * `--nats-unreachable`, the progress line on stderr, what became of a
 * stopped run's queued jobs, and the code version every job carries.
 *
 * @module
 */

import { codeVersion } from "../src/jobs/job.ts";
import {
  DEFAULT_UNREACHABLE_MS,
  type Jobs,
  JobsConnectError,
  JobsNotReadyError,
  openJobs,
  type RunProgress,
  RunStoppedError,
} from "../src/jobs/nats.ts";
import type { NatsSecurity } from "../src/jobs/nats_address.ts";
import { integerValue } from "./_flags.ts";

export { codeVersion, JobsConnectError };

/** The flags of the server's security files, each with a value; they go with `--nats`. */
export const SECURITY_FLAGS = ["--nats-creds", "--nats-nkey", "--nats-ca"];

/** The usage lines of `--nats-unreachable`, as the commands that run jobs print them. */
export const UNREACHABLE_HELP = `  --nats-unreachable SECONDS
                  with --nats: give up (exit 2) once the server has been
                  unreachable this long (1…86400, default ${
  DEFAULT_UNREACHABLE_MS / 1000
})`;

/** The usage lines of {@linkcode SECURITY_FLAGS}. */
export const SECURITY_HELP =
  `  --nats URL also takes USER:PASSWORD@ or TOKEN@ before the host, and
  tls://HOST:PORT for TLS; --nats-creds FILE (JWT credentials),
  --nats-nkey FILE (a user's nkey seed), --nats-ca FILE (the authority of
  the server's certificate: TLS) as the server's configuration asks.`;

/** The security files among parsed flags (absent ones left out). */
export function securityFlags(
  flags: ReadonlyMap<string, string>,
): NatsSecurity {
  const creds = flags.get("--nats-creds");
  const nkey = flags.get("--nats-nkey");
  const ca = flags.get("--nats-ca");
  return {
    ...(creds === undefined ? {} : { creds }),
    ...(nkey === undefined ? {} : { nkey }),
    ...(ca === undefined ? {} : { ca }),
  };
}

/**
 * The milliseconds of a `--nats-unreachable SECONDS` value.
 *
 * @param text the value as given
 * @param command the command's name, which starts the message (left out
 *   for a caller that puts its name before every message it prints)
 * @throws {UsageError} `"<command>: --nats-unreachable must be …, got
 *   "<text>""`, naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unreachableMs } from "./_nats.ts";
 * assert.equal(unreachableMs("60"), 60_000);
 * assert.throws(() => unreachableMs("0"), /^Error: --nats-unreachable must be an integer in 1…86400 \(seconds\), got "0"$/);
 * assert.throws(() => unreachableMs("1e3", "strength"), /^Error: strength: --nats-unreachable must be/);
 * ```
 */
export function unreachableMs(text: string, command?: string): number {
  return 1000 * integerValue(
    command ?? "",
    "--nats-unreachable",
    text,
    5,
    1,
    86_400,
    "an integer in 1…86400 (seconds)",
  );
}

/** The line of `--nats-unreachable` given without `--nats` (each command adds its own prefix). */
export const UNREACHABLE_ALONE = "--nats-unreachable goes with --nats";

/**
 * What became of a stopped run's queued jobs, for the command's last
 * line: cancelled, or not (the server could not be told), or nothing to
 * say when no run was going.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RunStoppedError } from "../src/jobs/nats.ts";
 * import { queuedJobsFate } from "./_nats.ts";
 * assert.equal(queuedJobsFate(new RunStoppedError(null)), "; the run's queued jobs are dropped");
 * assert.match(queuedJobsFate(new RunStoppedError("no answer")), /could not cancel/);
 * assert.equal(queuedJobsFate(new Error("other")), "");
 * ```
 */
export function queuedJobsFate(error: unknown): string {
  if (!(error instanceof RunStoppedError)) return "";
  return error.cancelled
    ? "; the run's queued jobs are dropped"
    : `; could not cancel the run's queued jobs (${error.reason}): workers will still play them`;
}

/**
 * Connects a command to the jobs' server; on failure prints one line
 * `<command>: <why>` on stderr and returns null (the caller exits 2).
 * With `waitUntilReady` (a worker), streams that are not there yet and
 * that this user may not create are waited for, a line said once, until
 * they are or `signal` aborts (null).
 */
export async function connectForCommand(
  command: string,
  url: string,
  options: {
    security?: NatsSecurity;
    waitUntilReady?: { signal: AbortSignal; log: (line: string) => void };
  } = {},
): Promise<Jobs | null> {
  const { waitUntilReady, ...rest } = options;
  let told = false;
  for (;;) {
    try {
      return await openJobs(url, { name: command, ...rest });
    } catch (error) {
      if (!(error instanceof JobsConnectError)) throw error;
      if (error instanceof JobsNotReadyError && waitUntilReady) {
        if (!told) waitUntilReady.log(`waiting: ${error.message}`);
        told = true;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        if (waitUntilReady.signal.aborted) return null;
        continue;
      }
      console.error(`${command}: ${error.message}`);
      return null;
    }
  }
}

/** Seconds as "1 h 02 min", "3 min 05 s" or "12 s". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) {
    return `${Math.floor(s / 3600)} h ${
      String(Math.floor(s % 3600 / 60)).padStart(2, "0")
    } min`;
  }
  if (s >= 60) {
    return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  }
  return `${s} s`;
}

/**
 * One progress line: jobs queued / running / done / redelivered, games
 * (or `unit`) per second, ETA; while the server is unreachable, that
 * first.
 */
export function progressLine(
  label: string,
  p: RunProgress,
  unit = "games",
): string {
  const away = p.unreachableSeconds === null
    ? ""
    : `the job server at ${p.server} is unreachable${
      p.unreachableSeconds > 0 ? ` for ${duration(p.unreachableSeconds)}` : ""
    } (giving up after ${duration(p.patienceSeconds)}); `;
  return `${label}: ${away}jobs ${p.queued} queued, ${p.running} running, ${p.done}/${p.jobs} done, ${p.redelivered} redelivered; ${unit} ${p.gamesDone}/${p.games}, ${
    p.gamesPerSecond.toFixed(p.gamesPerSecond < 10 ? 2 : 1)
  } ${unit}/s, ETA ${p.etaSeconds === null ? "?" : duration(p.etaSeconds)}`;
}
