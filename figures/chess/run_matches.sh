#!/usr/bin/env bash
# The closing note's chess matches (issue 9): our engine at depths 1-5
# against Stockfish at Skill Level 0 (searching to depth 5), and against
# itself one ply shallower. Openings: the distinct first 8 plies of the games
# in data/chess/games.pgn (281 lines), each played with both colours.
# Usage: figures/chess/run_matches.sh sf [SKILL]|self   (run side by side;
# SKILL is Stockfish's Skill Level, default 0; files sf_d* for 0, sfSKILL_d*
# otherwise)
# Writes figures/chess/matches/<name>.log (a line per game, then the score
# and Elo) and <name>.pgn.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=figures/chess/matches
SKILL=${2:-0}
mkdir -p "$OUT"
for d in 1 2 3 4 5; do
  games=200
  if [ "$d" = 5 ]; then games=100; fi
  if [ "$1" = sf ]; then
    name=sf_d$d
    if [ "$SKILL" != 0 ]; then name=sf${SKILL}_d$d; fi
    a=ours:depth=$d
    b=stockfish:skill=$SKILL,depth=5
  else
    if [ "$d" = 1 ]; then continue; fi
    name=self_d$d
    a=ours:depth=$d
    b=ours:depth=$((d - 1))
  fi
  deno task --quiet match --a "$a" --b "$b" --games "$games" --max-plies 200 \
    --openings data/chess/games.pgn --pgn "$OUT/$name.pgn" >"$OUT/$name.log" 2>&1
done
