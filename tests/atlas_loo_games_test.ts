/**
 * The committed games of the full leave-one-out runs
 * (`figures/atlas/leave_one_out_games/`, and the candidates engine's in
 * `figures/atlas/leave_one_out_candidates_games/`): every file is read by
 * a test of today's run, and the games replay move for move on today's engine. A
 * change to the chess engine or to a test's players that would leave these
 * games describing another engine fails here, so the run is played again
 * rather than resumed on stale games.
 */

import assert from "node:assert/strict";
import {
  ATLAS_CACHE,
  atlasEloCacheDir,
  ELO_FULL,
  ELO_LOO_CANDIDATE_TESTS,
  ELO_LOO_CANDIDATES_FULL,
  ELO_LOO_FULL,
  ELO_LOO_SMALL,
  ELO_LOO_TESTS,
  eloCacheFile,
  type EloSettings,
  eloStanding,
  type EloTest,
  LOO_CANDIDATE_GAMES,
  LOO_GAMES,
} from "../src/course/mod.ts";
import { playBatchHere } from "../src/course/atlas/elo.ts";
import type { PlayerSpec } from "../src/players/player_spec.ts";
import type { GameRecord } from "../src/match/tournament.ts";

interface Batch {
  players: string;
  adjudication: string;
  rounds: number[];
  records: GameRecord[];
}

const BATCH = /__b(\d+)-(\d+)\.json$/;

/** A full run whose games are committed: its settings, tests and folder. */
interface CommittedRun {
  name: string;
  settings: EloSettings;
  tests: readonly EloTest[];
  dir: string;
}

const RUNS: readonly CommittedRun[] = [
  {
    name: "selective",
    settings: ELO_LOO_FULL,
    tests: ELO_LOO_TESTS,
    dir: LOO_GAMES,
  },
  {
    name: "candidates",
    settings: ELO_LOO_CANDIDATES_FULL,
    tests: ELO_LOO_CANDIDATE_TESTS,
    dir: LOO_CANDIDATE_GAMES,
  },
];

function gameFiles(dir: string): string[] {
  return [...Deno.readDirSync(dir)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".json"))
    .sort();
}

function readBatch(dir: string, name: string): Batch {
  return JSON.parse(Deno.readTextFileSync(`${dir}/${name}`)) as Batch;
}

for (const { name: run, settings, tests, dir } of RUNS) {
  Deno.test(`${run}: every committed leave-one-out file belongs to a test of the full run, and the run reads every game of its batches`, () => {
    const files = gameFiles(dir);
    assert.ok(files.length > 0, `no games in ${dir}`);
    const known = new Set<string>();
    const standing = new Map(
      eloStanding(settings, { cacheDir: dir })
        .map((s) => [s.test.technique, s.item?.games ?? 0]),
    );
    for (const test of tests) {
      const base = eloCacheFile(dir, settings, test, "nodes")
        .split("/").pop()!;
      known.add(base);
      const batches = files.filter((name) =>
        name.startsWith(base.replace(/\.json$/, "__b"))
      );
      for (const name of batches) known.add(name);
      const records = batches.reduce(
        (sum, name) => sum + readBatch(dir, name).records.length,
        0,
      );
      // A batch whose players or openings are not today's is not read: the
      // standing would count fewer games than the files hold.
      const read = standing.get(test.technique) ?? 0;
      assert.equal(
        read,
        records,
        `${test.technique}: the run reads ${read} games of the ${records} its ${batches.length} batches hold`,
      );
    }
    const stray = files.filter((name) => !known.has(name));
    assert.deepEqual(
      stray,
      [],
      "files no test of the full leave-one-out run reads",
    );
  });
}

Deno.test("only the full leave-one-out runs at their own budgets keep their games in the committed folders", () => {
  assert.equal(atlasEloCacheDir(ELO_LOO_FULL), LOO_GAMES);
  assert.equal(atlasEloCacheDir(ELO_LOO_CANDIDATES_FULL), LOO_CANDIDATE_GAMES);
  const chess = ELO_LOO_FULL.games.chess;
  for (
    const settings of [
      ELO_LOO_SMALL,
      ELO_FULL,
      {
        ...ELO_LOO_FULL,
        games: { ...ELO_LOO_FULL.games, chess: { ...chess, nodes: 80_000 } },
      },
    ]
  ) {
    assert.equal(atlasEloCacheDir(settings), ATLAS_CACHE);
  }
});

for (const { name: run, dir } of RUNS) {
  Deno.test(`${run}: the committed leave-one-out games replay move for move on today's engine`, () => {
    // Any change to the search changes nearly every game, so a few games
    // find it: the shortest game of each of three techniques keeps this to
    // seconds.
    const shortest = new Map<string, { name: string; index: number }>();
    const lengthOf = new Map<string, number>();
    for (const name of gameFiles(dir).filter((n) => BATCH.test(n))) {
      const technique = name.replace(/^full__elo-loo-nodes-/, "").split(
        "__",
      )[0]!;
      readBatch(dir, name).records.forEach((record, index) => {
        const length = record.moves.length;
        if (length < (lengthOf.get(technique) ?? Infinity)) {
          lengthOf.set(technique, length);
          shortest.set(technique, { name, index });
        }
      });
    }
    const picked = [...shortest.entries()].slice(0, 3);
    assert.ok(picked.length > 0, `no batches in ${dir}`);
    for (const [technique, { name, index }] of picked) {
      const batch = readBatch(dir, name);
      const record = batch.records[index]!;
      // The one game alone, as the run played it (`playBatchHere`).
      const [replay] = playBatchHere({
        kind: "games",
        game: "chess",
        players: JSON.parse(batch.players) as PlayerSpec[],
        openings: [record.opening],
        games: [{
          round: record.round,
          opening: 0,
          seats: record.seats,
          seed: record.seed,
        }],
        ...(batch.adjudication === "null"
          ? {}
          : { adjudication: JSON.parse(batch.adjudication) }),
      });
      assert.ok(replay !== undefined);
      assert.deepEqual(
        replay.moves,
        record.moves,
        `${technique}: game ${index} of ${name} plays otherwise today`,
      );
      assert.equal(replay.result, record.result, `${technique}: result`);
      assert.deepEqual(replay.nodes, record.nodes, `${technique}: nodes`);
      assert.equal(
        replay.adjudicated,
        record.adjudicated,
        `${technique}: adjudication`,
      );
    }
  });
}
