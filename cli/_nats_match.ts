/**
 * `deno task match ... --nats URL`: the match's games as jobs on the
 * workers of a NATS JetStream server (two games a job by default, one
 * opening with both colours), printed and written to the PGN in match
 * order as they come in: the same lines and the same PGN as the local run,
 * the engines' pids and the seconds aside. Progress goes to stderr.
 *
 * @module
 */

import type { ChessOpening } from "../src/uci/chess_match.ts";
import { gameScore } from "../src/uci/chess_match.ts";
import type { EngineSpec } from "../src/jobs/job.ts";
import { chessMatchOverNats } from "../src/jobs/remote.ts";
import { connectForCommand, progressLine, queuedJobsFate } from "./_nats.ts";
import { print } from "./_output.ts";
import { abortOnStopSignals } from "./_stop_signals.ts";
import type { PgnOutput } from "./_pgn_output.ts";
import { printable } from "../src/validate.ts";
import {
  gameLine,
  matchPgnTags,
  matchScoreLine,
  scoreTally,
} from "../src/uci/match_lines.ts";
import type { NatsSecurity } from "../src/jobs/nats_address.ts";

/** What cli/match.ts parsed, as far as the jobs need it. */
export interface NatsMatchPlan {
  url: string;
  batch: number | undefined;
  /** `--nats-unreachable`, in ms (default: the library's). */
  unreachableMs: number | undefined;
  a: EngineSpec;
  b: EngineSpec;
  games: number | undefined;
  maxPlies: number;
  openings: ChessOpening[];
  openingsFile: string;
  pgn: PgnOutput | null;
  pgnPath: string | null;
  timeoutMs: number;
  handshakeTimeoutMs: number;
  /** `--nats-creds`, `--nats-nkey`, `--nats-ca`. */
  security: NatsSecurity;
}

/** Runs the match over the server's workers; the exit code. */
export async function matchOverNats(run: NatsMatchPlan): Promise<number> {
  const { a, b } = run;
  const jobs = await connectForCommand("match", run.url, {
    security: run.security,
  });
  if (jobs === null) {
    // No game was played: the file is left as it was.
    run.pgn?.close();
    return 2;
  }
  // Emptied as the local run empties it once its engines start: a longer
  // file's tail would otherwise follow the games.
  run.pgn?.begin();
  const scores: number[] = [];
  const tally = () => scoreTally(scores);
  const stop = abortOnStopSignals();
  const started = performance.now();
  try {
    print(`${run.openings.length} openings from ${run.openingsFile}`);
    print(`engine a: ${a.label} (on the workers of ${jobs.server})`);
    print(`engine b: ${b.label} (on the workers of ${jobs.server})`);
    const result = await chessMatchOverNats(jobs, a, b, run.openings, {
      ...(run.games === undefined ? {} : { games: run.games }),
      ...(run.batch === undefined ? {} : { batch: run.batch }),
      ...(run.unreachableMs === undefined
        ? {}
        : { unreachableMs: run.unreachableMs }),
      maxPlies: run.maxPlies,
      timeoutMs: run.timeoutMs,
      handshakeTimeoutMs: run.handshakeTimeoutMs,
      headers: matchPgnTags(a.label, b.label),
      signal: stop.signal,
      onProgress: (p) => console.error(`match: ${progressLine("jobs", p)}`),
      onRefusal: (line) => console.error(`match: ${line}`),
      onGame: (game, i) => {
        run.pgn?.writeGame(game.pgn);
        scores.push(gameScore(game.result, i % 2 === 0));
        // A game's names, reason and fault are a worker's text.
        if (game.fault !== null) {
          console.error(`match: game ${i + 1}: ${printable(game.fault)}`);
        }
        print(
          printable(gameLine(game, i, (performance.now() - started) / 1000)),
        );
      },
    });
    print(matchScoreLine(a.label, b.label, result));
    return 0;
  } catch (error) {
    const stoppedBy = stop.stoppedBy;
    const where = stoppedBy === null
      ? `stopped after ${scores.length} games (${a.label}: ${tally()}): ${
        (error as Error).message
      }`
      : `stopped by ${stoppedBy.signal} after ${scores.length} finished games (${a.label}: ${tally()})${
        queuedJobsFate(error)
      }`;
    console.error(
      `match: ${where}${
        run.pgnPath ? `; the finished games are in ${run.pgnPath}` : ""
      }`,
    );
    return stoppedBy === null ? 2 : stoppedBy.status;
  } finally {
    stop.remove();
    run.pgn?.close();
    await jobs.close().catch(() => {});
  }
}
