/**
 * The worker of {@linkcode roundRobinParallel}: builds the players (each
 * when a game first seats it) and openings from their descriptions, plays
 * the games it is sent, posts each record back.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import type { Position } from "../position.ts";
import type { Player } from "../players/player.ts";
import { createPlayer, parsePosition } from "../players/player_spec.ts";
import type { MatchJob, MatchReply } from "./parallel.ts";
import { playGame } from "./tournament.ts";

self.onmessage = (event: MessageEvent<MatchJob>) => {
  const job = event.data;
  try {
    // A player is built (its table allocated) when a game first seats it:
    // a share's games may seat only some of the players.
    const players: Player[] = [];
    const player = (i: number) =>
      players[i] ??= createPlayer(job.game, job.players[i]!);
    const openings = new Map<number, Position>();
    for (const game of job.games) {
      let opening = openings.get(game.opening);
      if (opening === undefined) {
        opening = parsePosition(job.game, job.openings[game.opening]!);
        openings.set(game.opening, opening);
      }
      const [first, second] = game.seats;
      const record = playGame(
        opening,
        player(first),
        player(second),
        game.seed,
        job.adjudication === undefined
          ? {}
          : { adjudication: job.adjudication },
      );
      record.round = game.round;
      record.seats = game.seats;
      self.postMessage({ record } satisfies MatchReply);
    }
    self.postMessage({ done: true } satisfies MatchReply);
  } catch (error) {
    self.postMessage({ error: String(error) } satisfies MatchReply);
  }
};
