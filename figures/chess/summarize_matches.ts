// Summarises the games of figures/chess/run_matches.sh (the PGN files in
// figures/chess/matches/) into figures/chess/match_results.md: one row per
// pairing (score, Elo difference with its 95% interval), and one joint
// rating of every player, Stockfish pinned at 0.
//   deno run --allow-read --allow-write figures/chess/summarize_matches.ts
import { type EloGame, eloRatings, readPgnGames } from "../../mod.ts";
import { gameScore } from "../../src/uci/chess_match.ts";

const DIR = new URL("matches/", import.meta.url);
const names = [...Deno.readDirSync(DIR)]
  .map((entry) => entry.name)
  .filter((name) => name.endsWith(".pgn"))
  .sort((a, b) =>
    (a.startsWith("sf") ? 0 : 1) - (b.startsWith("sf") ? 0 : 1) ||
    a.localeCompare(b)
  );

const players: string[] = [];
const index = (name: string) => {
  if (!players.includes(name)) players.push(name);
  return players.indexOf(name);
};
const all: EloGame[] = [];
const rows: string[] = [];
for (const file of names) {
  const games = readPgnGames(Deno.readTextFileSync(new URL(file, DIR)));
  if (games.length === 0) continue;
  const a = games[0]!.headers.White!, b = games[0]!.headers.Black!;
  let wins = 0, draws = 0, losses = 0;
  const pair: EloGame[] = [];
  const reasons = new Map<string, number>();
  for (const game of games) {
    const aWhite = game.headers.White === a;
    const score = gameScore(game.result, aWhite);
    if (score === 1) wins++;
    else if (score === 0) losses++;
    else draws++;
    pair.push({ a: 0, b: 1, score });
    all.push({ a: index(a), b: index(b), score });
    const reason = game.headers.Termination ?? "?";
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const sweep = draws === 0 && (wins === 0 || losses === 0);
  const r = eloRatings(pair, {
    players: 2,
    anchor: 1,
    ...(sweep ? { priorDraws: 1 } : {}),
  }).ratings[0]!;
  const n = games.length;
  rows.push(
    `| ${a} | ${b} | ${n} | +${wins} =${draws} −${losses} | ${
      (100 * (wins + draws / 2) / n).toFixed(1)
    }% | ${r.elo.toFixed(0)} [${r.low.toFixed(0)}, ${r.high.toFixed(0)}]${
      sweep ? " (1 virtual draw)" : ""
    } | ${
      [...reasons].sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v}`)
        .join(", ")
    } |`,
  );
}

const stockfish = players.indexOf("stockfish:skill=0,depth=5");
const joint = eloRatings(all, {
  players: players.length,
  anchor: stockfish < 0 ? "mean" : stockfish,
});
const ladder = joint.ratings
  .map((r) => ({ ...r, name: players[r.player]! }))
  .sort((x, y) => x.name.localeCompare(y.name))
  .map((r) =>
    `| ${r.name} | ${r.elo.toFixed(0)} | [${r.low.toFixed(0)}, ${
      r.high.toFixed(0)
    }] | ${r.games} |`
  );

const text = `# Chess matches (issue 9's closing note)

From the full runs of \`figures/chess/run_matches.sh sf\`,
\`figures/chess/run_matches.sh self\` (these two side by side) and then
\`figures/chess/run_matches.sh sf 5\` (Stockfish at Skill Level 5, since
level 0 lost almost every game to our depths 4 and 5) and
\`figures/chess/run_matches.sh sf 10\` where present, summarised by
\`deno run --allow-read --allow-write figures/chess/summarize_matches.ts\`.
The games are in \`figures/chess/matches/*.pgn\`, one line per game in the
\`.log\` files. The runs used a snapshot of commit ccd6b28 (\`git archive\`,
so later edits could not change a run midway); what changed after it (SAN
and FEN through chess.js, sliced unlimited searches) does not touch a
depth-limited search from the start position.

Each pairing is one \`deno task match\` command:

    deno task match --a ours:depth=D --b stockfish:skill=S,depth=5 \\
      --games 200 --max-plies 200 --openings data/chess/games.pgn --pgn ...
    deno task match --a ours:depth=D --b ours:depth=D-1 (same options)

(depth 5: \`--games 100\`). Openings: the distinct first 8 plies of the games
of \`data/chess/games.pgn\` (281 lines; game i starts from line ⌊i/2⌋, our
engine white in the even games). Our engine: \`cli/uci.ts\` (iterative
deepening to depth D with a 16 MiB transposition table, MVV-LVA captures,
killers, history, quiescence over captures). Stockfish: Debian's package (Stockfish 15.1)
(\`/usr/games/stockfish\`), \`Skill Level\` S = 0, 5 or 10, \`Threads 1\`, \`Hash 16\`,
\`go depth 5\`; below level 20 it picks among its best moves at random, so
its games are not reproducible, while ours at a fixed depth are. Adjudication:
the rules (checkmate, stalemate, fifty-move rule, threefold repetition,
insufficient material), and a draw after 200 plies in all ("max plies").

Elo: maximum likelihood over the pairing's games (src/match/elo.ts), the first
engine's difference over the second, with its 95% interval (draws counted as
half a win each, so with many draws the interval is conservative).

| engine | opponent | games | +win =draw −loss | score | Elo difference [95%] | endings |
| --- | --- | ---: | --- | ---: | --- | --- |
${rows.join("\n")}

Joint ratings from every game above (one Bradley–Terry fit, Stockfish at
skill 0 pinned at 0; the self-play games tie the depths together):

| player | Elo | 95% interval | games |
| --- | ---: | --- | ---: |
${ladder.join("\n")}
`;
Deno.writeTextFileSync(new URL("match_results.md", import.meta.url), text);
console.log(text);
