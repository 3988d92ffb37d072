/**
 * The engine evaluation (the UCI engine's, `Chess` with `evaluation:
 * "engine"`), from white's view in centipawns: PeSTO's tapered material and
 * piece-square tables (see `_pesto.ts`), pawn structure (`_pawns.ts`),
 * bishop pair, rooks on open and half-open files, mobility of knights,
 * bishops, rooks and queens (pseudo-legal squares: empty or holding an
 * enemy piece), king safety (the pawn shield, open files beside the king,
 * and the pieces that reach the squares around the enemy king), and, as
 * `Chess` options ask, the extra terms of `EXTRA_*`; each as a middlegame
 * and an endgame value, blended by the game phase. The side to
 * move gets a tempo bonus in `Chess.evaluate`.
 *
 * The table sums are the board's, kept by make/unmake (one packed addition a
 * moved piece; perft's bare make/unmake pays nothing), the phase comes from
 * the board's piece counts, and the pawn terms (and the files holding
 * pawns, which the rook and king terms read) from a cache by the board's
 * pawn key ({@linkcode probePawns}); one pass over the pieces other than
 * pawns and kings computes the rest, mobility and the attack on the kings.
 * A direct-mapped cache by Zobrist key ({@linkcode cachedEngineEvaluation})
 * answers the positions a search evaluates again (iterative deepening's
 * repeated quiescence). Module-level typed arrays only: nothing is
 * allocated per call.
 *
 * @module
 */

import type { Board } from "./_board.ts";
import {
  BISHOP,
  BLACK,
  DIRECTION_END,
  DIRECTION_START,
  DIRECTIONS,
  EMPTY,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
  WHITE,
} from "./_squares.ts";
import { pestoEndgame, pestoMiddlegame, PHASE_MAX } from "./_pesto.ts";
import { clearPawnCache, PAWN_ENTRY, probePawns } from "./_pawns.ts";
import {
  ENGINE_WEIGHTS,
  onEngineWeights,
  W_ATTACK,
  W_BISHOP_PAIR_EG,
  W_BISHOP_PAIR_MG,
  W_KING_ATTACK_CAP,
  W_KING_OPEN_FILE,
  W_MOBILITY_EG,
  W_MOBILITY_MG,
  W_PAWN_THREAT_EG,
  W_PAWN_THREAT_MG,
  W_ROOK_HALF_OPEN_EG,
  W_ROOK_HALF_OPEN_MG,
  W_ROOK_OPEN_EG,
  W_ROOK_OPEN_MG,
  W_SHIELD_FAR,
  W_SHIELD_NEAR,
} from "./_engine_weights.ts";

export {
  BISHOP_PAIR_EG,
  BISHOP_PAIR_MG,
  KING_OPEN_FILE,
  PAWN_THREAT_EG,
  PAWN_THREAT_MG,
  ROOK_HALF_OPEN_EG,
  ROOK_HALF_OPEN_MG,
  ROOK_OPEN_EG,
  ROOK_OPEN_MG,
  SHIELD_FAR,
  SHIELD_NEAR,
  TEMPO,
} from "./_engine_weights.ts";

/**
 * Mobility's offsets by type (knight … queen): a piece scores `(squares −
 * offset) · weight` (Fruit's proportions; the weights are
 * {@linkcode ENGINE_WEIGHTS}').
 */
const MOBILITY_OFFSET = Int32Array.from([0, 0, 4, 6, 7, 13]);

/** `NEAR_KING[to − king + 119]`: 1 when `to` is the king's square or touches it. */
const NEAR_KING = new Uint8Array(239);
for (const step of [0, 1, -1, 15, 16, 17, -15, -16, -17]) {
  NEAR_KING[step + 119] = 1;
}

/**
 * The terms of the last evaluation, white's view, middlegame then endgame:
 * material and tables 0–1, pawns 2–3, bishop pair 4–5, rooks 6–7, mobility
 * 8–9, king safety 10–11; 12 the phase; threats 13–14 (zero without
 * {@linkcode EXTRA_PIECE_THREATS}).
 */
export const TERMS: Int32Array = new Int32Array(15);
/** Index of each term's middlegame value in {@linkcode TERMS} (its endgame value follows). */
export const TERM_INDEX = Object.freeze({
  material: 0,
  pawns: 2,
  bishopPair: 4,
  rooks: 6,
  mobility: 8,
  king: 10,
  threats: 13,
});
/** Index of the phase (0 … 24) in {@linkcode TERMS}. */
export const PHASE_INDEX = 12;

/**
 * The terms a position may add to the engine evaluation (`Chess` options),
 * as bits of the `extras` argument: the pawn-threat term
 * ({@linkcode pawnThreats}), safe mobility (mobility that leaves out the
 * squares an enemy pawn attacks), the kings' distances to the passed
 * pawns and the threats of minors and rooks and hanging pieces.
 */
export const EXTRA_PAWN_THREATS = 1;
/** Mobility counts only squares no enemy pawn attacks (the `safeMobility` option). */
export const EXTRA_SAFE_MOBILITY = 2;
/** The kings' distances to the passed pawns count in the endgame (the `passerKings` option). */
export const EXTRA_PASSER_KINGS = 4;
/** Pieces and pawns attacked by minors and rooks, and hanging ones, count (the `pieceThreats` option). */
export const EXTRA_PIECE_THREATS = 8;

/**
 * `PAWN_ATTACK[color · 128 + square] === stamp`: a pawn of `color` attacks
 * `square` in the position being evaluated (a new stamp per call, so that
 * the array is cleared only when the stamps wrap around). Entries 256 …
 * 383 are never stamped (0, never a stamp): mobility reads them when it
 * counts every square.
 */
const PAWN_ATTACK = new Int32Array(384);
let stamp = 1;

/**
 * The squares each side's pieces (knights … queens) attack, under the
 * stamp of the call, `color · 128 + square`: attacked at least once,
 * at least twice, by a knight or bishop, by a rook (the `threats` term).
 */
const ATTACKED = new Int32Array(256);
const ATTACKED_TWICE = new Int32Array(256);
const BY_MINOR = new Int32Array(256);
const BY_ROOK = new Int32Array(256);

/**
 * The threat term's values (the `pieceThreats` option), after Stockfish's
 * classical evaluation (`ThreatByMinor`, `ThreatByRook`, `Hanging`) scaled
 * to PeSTO's pawn (middlegame 82/126, endgame 94/208) and rounded: a piece
 * or pawn attacked by a knight or bishop, by the attacked piece's type
 * (pawn … queen at 1 … 5), middlegame.
 */
export const THREAT_BY_MINOR_MG: Int32Array = Int32Array.from([
  0,
  3,
  37,
  50,
  57,
  51,
]);
/** Attacked by a knight or bishop, by type, endgame. */
export const THREAT_BY_MINOR_EG: Int32Array = Int32Array.from([
  0,
  14,
  19,
  25,
  54,
  73,
]);
/** Attacked by a rook (and defended by no pawn), by type, middlegame. */
export const THREAT_BY_ROOK_MG: Int32Array = Int32Array.from([
  0,
  2,
  24,
  27,
  0,
  38,
]);
/** Attacked by a rook, by type, endgame. */
export const THREAT_BY_ROOK_EG: Int32Array = Int32Array.from([
  0,
  20,
  31,
  27,
  18,
  19,
]);
/** A hanging piece or pawn (see `threatTerm`), middlegame. */
export const HANGING_MG = 45;
/** A hanging piece or pawn, endgame. */
export const HANGING_EG = 16;

/** Attack units on each side's king, by the attacking side; and the attackers. */
const ATTACK_UNITS = new Int32Array(2);
const ATTACKERS = new Int32Array(2);

/**
 * The game phase of piece counts `counts` (a board's `counts`): the
 * PHASE_WEIGHT of _pesto.ts by the counts (knight and bishop 1, rook 2,
 * queen 4), at most {@linkcode PHASE_MAX}.
 */
function gamePhase(counts: Int32Array): number {
  const phase = counts[KNIGHT]! + counts[KNIGHT | 8]! + counts[BISHOP]! +
    counts[BISHOP | 8]! + 2 * (counts[ROOK]! + counts[ROOK | 8]!) +
    4 * (counts[QUEEN]! + counts[QUEEN | 8]!);
  return phase > PHASE_MAX ? PHASE_MAX : phase;
}

/**
 * Stamps the squares each side's pawns attack in {@linkcode PAWN_ATTACK}
 * under a new stamp.
 */
function stampPawnAttacks(board: Board): void {
  const squares = board.squares, list = board.list;
  stamp = (stamp + 1) | 0;
  if (stamp === 0) {
    // After 2^32 calls: no old stamp may equal the new ones.
    PAWN_ATTACK.fill(0);
    ATTACKED.fill(0);
    ATTACKED_TWICE.fill(0);
    BY_MINOR.fill(0);
    BY_ROOK.fill(0);
    stamp = 1;
  }
  for (let color = WHITE; color <= BLACK; color++) {
    const forward = color === WHITE ? 16 : -16;
    const base = color * 128;
    const end = color * 16 + board.listCount[color]!;
    for (let i = color * 16; i < end; i++) {
      const square = list[i]!;
      if ((squares[square]! & 7) !== PAWN) continue;
      const left = square + forward - 1, right = square + forward + 1;
      if ((left & 0x88) === 0) PAWN_ATTACK[base + left] = stamp;
      if ((right & 0x88) === 0) PAWN_ATTACK[base + right] = stamp;
    }
  }
}

/**
 * The engine evaluation of `board` from white's view (no tempo), filling
 * {@linkcode TERMS}; with {@linkcode EXTRA_SAFE_MOBILITY} in `extras`,
 * mobility leaves out the squares enemy pawns attack, with
 * {@linkcode EXTRA_PASSER_KINGS} the endgame counts the kings' distances
 * to the passed pawns, with {@linkcode EXTRA_PIECE_THREATS} the pieces
 * and pawns attacked by minors and rooks, and hanging ones, count (the
 * pawn-threat bit is {@linkcode cachedEngineEvaluation}'s, which adds that
 * term).
 */
export function engineEvaluation(board: Board, extras = 0): number {
  const squares = board.squares, list = board.list, kings = board.kings;
  const counts = board.counts;
  const pesto = board.pestos[board.ply]!;
  const materialMg = pestoMiddlegame(pesto), materialEg = pestoEndgame(pesto);
  const phase = gamePhase(counts);
  const w = ENGINE_WEIGHTS;
  let rooksMg = 0, rooksEg = 0, mobilityMg = 0, mobilityEg = 0;
  probePawns(board);
  const pawnFiles = PAWN_ENTRY[2]!;
  ATTACK_UNITS[0] = ATTACK_UNITS[1] = 0;
  ATTACKERS[0] = ATTACKERS[1] = 0;
  const safe = (extras & EXTRA_SAFE_MOBILITY) !== 0;
  const threats = (extras & EXTRA_PIECE_THREATS) !== 0;
  if (safe || threats) stampPawnAttacks(board);
  for (let color = WHITE; color <= BLACK; color++) {
    const sign = color === WHITE ? 1 : -1;
    // NEAR_KING[to + nearBase]: whether `to` touches the enemy king.
    const nearBase = 119 - kings[color ^ 1]!;
    // Where the enemy pawns' attacks are stamped, or, without safe
    // mobility, entries never stamped: the count then takes every square.
    const enemyPawns = safe ? (color ^ 1) * 128 : 256;
    const own = color * 128;
    const end = color * 16 + board.listCount[color]!;
    for (let i = color * 16; i < end; i++) {
      const square = list[i]!;
      const piece = squares[square]!;
      const type = piece & 7;
      if (type === PAWN || type === KING) continue;
      if (type === ROOK) {
        const file = square & 7;
        if (((pawnFiles >> (color * 8 + file)) & 1) === 0) {
          if (((pawnFiles >> ((color ^ 1) * 8 + file)) & 1) === 0) {
            rooksMg += sign * w[W_ROOK_OPEN_MG]!;
            rooksEg += sign * w[W_ROOK_OPEN_EG]!;
          } else {
            rooksMg += sign * w[W_ROOK_HALF_OPEN_MG]!;
            rooksEg += sign * w[W_ROOK_HALF_OPEN_EG]!;
          }
        }
      }
      // Mobility and the squares it reaches around the enemy king: empty
      // squares and enemy pieces, a knight's one step, a slider's run of
      // empty squares and the piece that ends it.
      let reach = 0, near = 0;
      const stepsEnd = DIRECTION_END[type]!;
      if (type === KNIGHT) {
        for (let d = DIRECTION_START[KNIGHT]!; d < stepsEnd; d++) {
          const to = square + DIRECTIONS[d]!;
          if ((to & 0x88) !== 0) continue;
          if (threats) markAttack(own + to, type);
          const target = squares[to]!;
          if (target !== EMPTY && (target >> 3) === color) continue;
          if (PAWN_ATTACK[enemyPawns + to] !== stamp) reach++;
          near += NEAR_KING[to + nearBase]!;
        }
      } else {
        for (let d = DIRECTION_START[type]!; d < stepsEnd; d++) {
          const step = DIRECTIONS[d]!;
          let to = square + step;
          while ((to & 0x88) === 0 && squares[to] === EMPTY) {
            if (threats) markAttack(own + to, type);
            if (PAWN_ATTACK[enemyPawns + to] !== stamp) reach++;
            near += NEAR_KING[to + nearBase]!;
            to += step;
          }
          if ((to & 0x88) === 0) {
            if (threats) markAttack(own + to, type);
            if ((squares[to]! >> 3) !== color) {
              if (PAWN_ATTACK[enemyPawns + to] !== stamp) reach++;
              near += NEAR_KING[to + nearBase]!;
            }
          }
        }
      }
      mobilityMg += sign * (reach - MOBILITY_OFFSET[type]!) *
        w[W_MOBILITY_MG + type - KNIGHT]!;
      mobilityEg += sign * (reach - MOBILITY_OFFSET[type]!) *
        w[W_MOBILITY_EG + type - KNIGHT]!;
      if (near > 0) {
        ATTACK_UNITS[color] = ATTACK_UNITS[color]! +
          near * w[W_ATTACK + type - KNIGHT]!;
        ATTACKERS[color] = ATTACKERS[color]! + 1;
      }
    }
  }
  let threatsMg = 0, threatsEg = 0;
  if (threats) {
    threatTerm(board);
    threatsMg = THREAT_SUM[0]!;
    threatsEg = THREAT_SUM[1]!;
  }
  let pairMg = 0, pairEg = 0;
  if (counts[BISHOP]! >= 2) {
    pairMg += w[W_BISHOP_PAIR_MG]!;
    pairEg += w[W_BISHOP_PAIR_EG]!;
  }
  if (counts[BISHOP | 8]! >= 2) {
    pairMg -= w[W_BISHOP_PAIR_MG]!;
    pairEg -= w[W_BISHOP_PAIR_EG]!;
  }
  const kingMg = kingSafety(board, WHITE, pawnFiles) -
    kingSafety(board, BLACK, pawnFiles);
  const pawnsMg = PAWN_ENTRY[0]!;
  // The kings' distances to the passers are a pawn term, not cached with
  // the others: the pawn cache's key holds no kings.
  const pawnsEg = (extras & EXTRA_PASSER_KINGS) !== 0 && pawnFiles >>> 16 !== 0
    ? PAWN_ENTRY[1]! + passerKings(board, pawnFiles)
    : PAWN_ENTRY[1]!;
  const mg = materialMg + pawnsMg + pairMg + rooksMg + mobilityMg + kingMg +
    threatsMg;
  const eg = materialEg + pawnsEg + pairEg + rooksEg + mobilityEg +
    threatsEg;
  TERMS[0] = materialMg;
  TERMS[1] = materialEg;
  TERMS[2] = pawnsMg;
  TERMS[3] = pawnsEg;
  TERMS[4] = pairMg;
  TERMS[5] = pairEg;
  TERMS[6] = rooksMg;
  TERMS[7] = rooksEg;
  TERMS[8] = mobilityMg;
  TERMS[9] = mobilityEg;
  TERMS[10] = kingMg;
  TERMS[11] = 0;
  TERMS[12] = phase;
  TERMS[13] = threatsMg;
  TERMS[14] = threatsEg;
  // | 0 truncates toward zero, so a mirrored position gets exactly the negation.
  return ((mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX) | 0;
}

/**
 * Marks `at` (`color · 128 + square`) attacked by a piece of `type` under
 * the call's stamp: attacked, attacked twice, by a minor, by a rook.
 */
function markAttack(at: number, type: number): void {
  if (ATTACKED[at] === stamp) ATTACKED_TWICE[at] = stamp;
  else ATTACKED[at] = stamp;
  if (type === KNIGHT || type === BISHOP) BY_MINOR[at] = stamp;
  else if (type === ROOK) BY_ROOK[at] = stamp;
}

/** The threat term's sums, white's view, middlegame then endgame. */
const THREAT_SUM = new Int32Array(2);

/**
 * Fills {@linkcode THREAT_SUM} from the attack maps of the mobility pass
 * and the pawns' attacks: for every pawn, knight, bishop, rook or queen
 * the other side attacks, the value of a minor attacking it (a pawn only
 * when no pawn of its side defends it), of a rook attacking it (when no
 * pawn defends it), and of its hanging: no pawn defends it, and nothing of
 * its side does, or (not a pawn) two or more of the other side's pieces,
 * pawns and king attack it.
 */
function threatTerm(board: Board): void {
  const squares = board.squares, list = board.list, kings = board.kings;
  let mg = 0, eg = 0;
  for (let color = WHITE; color <= BLACK; color++) {
    // `color`'s pieces are the ones threatened: a gain for the other side.
    const sign = color === WHITE ? -1 : 1;
    const us = (color ^ 1) * 128, them = color * 128;
    const ourKing = 119 - kings[color ^ 1]!, theirKing = 119 - kings[color]!;
    // Our pawns attack a square from the one in front of it (our front).
    const ahead = color === WHITE ? 16 : -16;
    const ourPawn = PAWN | (color ^ 1) << 3;
    const end = color * 16 + board.listCount[color]!;
    for (let i = color * 16; i < end; i++) {
      const square = list[i]!;
      const type = squares[square]! & 7;
      if (type === KING) continue;
      const byPieces = ATTACKED[us + square] === stamp;
      const left = square + ahead - 1, right = square + ahead + 1;
      const pawns = ((left & 0x88) === 0 && squares[left] === ourPawn ? 1 : 0) +
        ((right & 0x88) === 0 && squares[right] === ourPawn ? 1 : 0);
      const byKing = NEAR_KING[square + ourKing] === 1;
      if (!byPieces && pawns === 0 && !byKing) continue;
      const pawnDefended = PAWN_ATTACK[them + square] === stamp;
      if (type !== PAWN || !pawnDefended) {
        if (BY_MINOR[us + square] === stamp) {
          mg += sign * THREAT_BY_MINOR_MG[type]!;
          eg += sign * THREAT_BY_MINOR_EG[type]!;
        }
        if (!pawnDefended && BY_ROOK[us + square] === stamp) {
          mg += sign * THREAT_BY_ROOK_MG[type]!;
          eg += sign * THREAT_BY_ROOK_EG[type]!;
        }
      }
      if (pawnDefended) continue;
      const defended = ATTACKED[them + square] === stamp ||
        NEAR_KING[square + theirKing] === 1;
      const attacks = (byPieces ? 1 : 0) +
        (ATTACKED_TWICE[us + square] === stamp ? 1 : 0) + pawns +
        (byKing ? 1 : 0);
      if (!defended || (type !== PAWN && attacks >= 2)) {
        mg += sign * HANGING_MG;
        eg += sign * HANGING_EG;
      }
    }
  }
  THREAT_SUM[0] = mg;
  THREAT_SUM[1] = eg;
}

/** The kings' distance (Chebyshev) of two 0x88 squares, at most 5. */
function kingDistance(a: number, b: number): number {
  const files = Math.abs((a & 7) - (b & 7));
  const ranks = Math.abs((a >> 4) - (b >> 4));
  const distance = files > ranks ? files : ranks;
  return distance > 5 ? 5 : distance;
}

/**
 * By a passed pawn's rank counted from its side (0 … 7): how much the
 * kings' distances to the square in front of it count (Stockfish's
 * classical evaluation's `5 · rank − 13` from the 4th rank on).
 */
const PASSER_KING_WEIGHT = Int32Array.from([0, 0, 0, 2, 7, 12, 17, 0]);

/**
 * The endgame value, white's view, of the kings' distances to the square
 * in front of each passed pawn on its 4th rank or beyond (the front pawn
 * of its file, which `pawnFiles`' bits 16–31 name): the enemy king's
 * distance counts twice, one's own once against, each times the pawn's
 * {@linkcode PASSER_KING_WEIGHT}.
 */
function passerKings(board: Board, pawnFiles: number): number {
  const squares = board.squares, kings = board.kings;
  let eg = 0;
  for (let file = 0; file < 8; file++) {
    if (((pawnFiles >>> (16 + file)) & 1) !== 0) {
      // The front white pawn: the first met from the 7th rank down.
      for (let rank = 6; rank >= 3; rank--) {
        const square = rank << 4 | file;
        if (squares[square] !== PAWN) continue;
        const stop = square + 16;
        eg += PASSER_KING_WEIGHT[rank]! *
          (2 * kingDistance(kings[BLACK]!, stop) -
            kingDistance(kings[WHITE]!, stop));
        break;
      }
    }
    if (((pawnFiles >>> (24 + file)) & 1) !== 0) {
      for (let rank = 1; rank <= 4; rank++) {
        const square = rank << 4 | file;
        if (squares[square] !== (PAWN | 8)) continue;
        const stop = square - 16;
        eg -= PASSER_KING_WEIGHT[7 - rank]! *
          (2 * kingDistance(kings[WHITE]!, stop) -
            kingDistance(kings[BLACK]!, stop));
        break;
      }
    }
  }
  return eg;
}

/**
 * The pawn-threat term of `board`, white's view, tapered by the phase as
 * {@linkcode engineEvaluation} tapers its terms: {@linkcode PAWN_THREAT_MG}
 * and {@linkcode PAWN_THREAT_EG} for each knight, bishop, rook or queen
 * that an enemy pawn attacks (cached by {@linkcode cachedEngineEvaluation}
 * under a key of its own, so that a position with the term and one
 * without never share an entry).
 *
 * @example A white knight attacked by a black pawn
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFen } from "./_fen.ts";
 * import { pawnThreats, PAWN_THREAT_EG } from "./_engine_evaluation.ts";
 * assert.equal(pawnThreats(parseFen("example", "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1")), PAWN_THREAT_EG);
 * assert.equal(pawnThreats(parseFen("example", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1")), 0);
 * ```
 */
export function pawnThreats(board: Board): number {
  const squares = board.squares, list = board.list;
  // The squares the pawns attack, as safe mobility reads them.
  stampPawnAttacks(board);
  let threatened = 0;
  for (let color = WHITE; color <= BLACK; color++) {
    const enemyPawns = (color ^ 1) * 128;
    const end = color * 16 + board.listCount[color]!;
    for (let i = color * 16; i < end; i++) {
      const square = list[i]!;
      const type = squares[square]! & 7;
      if (type === PAWN || type === KING) continue;
      if (PAWN_ATTACK[enemyPawns + square] === stamp) {
        threatened += color === WHITE ? 1 : -1;
      }
    }
  }
  if (threatened === 0) return 0;
  const phase = gamePhase(board.counts);
  const w = ENGINE_WEIGHTS;
  return ((threatened * w[W_PAWN_THREAT_MG]! * phase +
    threatened * w[W_PAWN_THREAT_EG]! * (PHASE_MAX - phase)) / PHASE_MAX) | 0;
}

/** Entries of the evaluation cache (a power of two). */
const CACHE_SIZE = 1 << 16;
/**
 * Entry `i` at `4i`: the key's low half, its high half (−1: empty, a high
 * half is 21 bits, never negative), the value (and a slot unused). One
 * array, so that a probe reads one cache line, not three.
 */
const CACHE = new Int32Array(4 * CACHE_SIZE);
emptyCache();
onEngineWeights(emptyCache);

/** Marks every entry of the evaluation cache empty. */
function emptyCache(): void {
  for (let i = 0; i < CACHE_SIZE; i++) CACHE[4 * i + 1] = -1;
}

/**
 * Mixed into the key's low half of a position evaluated with extra terms:
 * the `extras` bits times an odd constant, which is one-to-one on 32-bit
 * numbers, so that an entry is never read for the same position under
 * other terms (0 for none: the plain evaluation's keys are the board's).
 */
const EXTRAS_MIX_LO = 0x5bd1e995;
/** The same for the high half, whose top 21 bits are kept: a high half stays a non-negative 21-bit number. */
const EXTRAS_MIX_HI = 0x2c1b3c6d;

/**
 * {@linkcode engineEvaluation} (plus {@linkcode pawnThreats} with
 * {@linkcode EXTRA_PAWN_THREATS} in `extras`) through a cache of 65,536
 * entries indexed by the low bits of the Zobrist key and checked by both
 * halves (53 bits: a wrong hit is as unlikely as a transposition table's).
 * The value is white's view, so the side to move (in the key) never
 * changes it.
 */
export function cachedEngineEvaluation(board: Board, extras = 0): number {
  const lo = board.keyLo ^ Math.imul(extras, EXTRAS_MIX_LO);
  const hi = board.keyHi ^ (Math.imul(extras, EXTRAS_MIX_HI) >>> 11);
  const at = (lo & (CACHE_SIZE - 1)) << 2;
  if (CACHE[at] === lo && CACHE[at + 1] === hi) return CACHE[at + 2]!;
  const value = (extras & EXTRA_PAWN_THREATS) !== 0
    ? engineEvaluation(board, extras) + pawnThreats(board)
    : engineEvaluation(board, extras);
  CACHE[at] = lo;
  CACHE[at + 1] = hi;
  CACHE[at + 2] = value;
  return value;
}

/** Empties the cache of {@linkcode cachedEngineEvaluation} and the pawn cache (tests compare them with fresh values). */
export function clearEngineEvaluationCache(): void {
  emptyCache();
  clearPawnCache();
}

/**
 * The middlegame safety of `color`'s king (positive is safe): its pawn
 * shield and open files when it stands on its first two ranks, less the
 * enemy's attack on the squares around it (counted by {@linkcode
 * engineEvaluation}'s mobility pass: two attackers at least, and the
 * attacker still has a queen). `pawnFiles`: the files holding pawns, as in
 * {@linkcode PAWN_ENTRY}.
 */
function kingSafety(board: Board, color: number, pawnFiles: number): number {
  const king = board.kings[color]!, squares = board.squares;
  const file = king & 7, rank = king >> 4;
  const home = color === WHITE ? rank : 7 - rank;
  const forward = color === WHITE ? 16 : -16;
  const pawn = PAWN | color << 3;
  let score = 0;
  if (home <= 1) {
    for (let f = file - 1; f <= file + 1; f++) {
      if (f < 0 || f > 7) continue;
      const near = king - file + f + forward;
      if (squares[near] === pawn) score += ENGINE_WEIGHTS[W_SHIELD_NEAR]!;
      else if (
        ((near + forward) & 0x88) === 0 && squares[near + forward] === pawn
      ) {
        score += ENGINE_WEIGHTS[W_SHIELD_FAR]!;
      }
      if (((pawnFiles >> (color * 8 + f)) & 1) === 0) {
        score += ENGINE_WEIGHTS[W_KING_OPEN_FILE]!;
      }
    }
  }
  const enemy = color ^ 1;
  if (ATTACKERS[enemy]! >= 2 && board.counts[QUEEN | enemy << 3]! > 0) {
    const units = ATTACK_UNITS[enemy]!;
    const attack = (units * units) >> 2;
    const cap = ENGINE_WEIGHTS[W_KING_ATTACK_CAP]!;
    score -= attack > cap ? cap : attack;
  }
  return score;
}

/** The engine evaluation's terms of one position, white's view, `[middlegame, endgame]` each. */
export interface EngineTerms {
  /** PeSTO's material and piece-square tables. */
  material: [number, number];
  /** Doubled, isolated and passed pawns (and the kings' distances to the passed pawns, with `passerKings`). */
  pawns: [number, number];
  /** Both bishops. */
  bishopPair: [number, number];
  /** Rooks on open and half-open files. */
  rooks: [number, number];
  /** Squares the knights, bishops, rooks and queens reach. */
  mobility: [number, number];
  /** Pawn shield, open files by the king, attackers near it (middlegame only). */
  king: [number, number];
  /** Pieces and pawns attacked by minors and rooks, and hanging ones (with `pieceThreats`; else zero). */
  threats: [number, number];
  /** The game phase, 0 (bare kings and pawns) … 24 (all pieces). */
  phase: number;
  /** The blended value, white's view, before the tempo. */
  total: number;
}

/**
 * The terms of {@linkcode engineEvaluation} for `board`, as an object (for
 * tests and for showing what the engine sees; the search reads the total).
 *
 * @param board the position
 * @param extras the bits of the extra terms ({@linkcode EXTRA_SAFE_MOBILITY}
 *   changes the mobility term, {@linkcode EXTRA_PASSER_KINGS} adds to the
 *   pawns' endgame term; the pawn-threat term is not among these terms)
 *
 * @example The start position: everything balanced, the phase full
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFen, START_FEN } from "./_fen.ts";
 * import { engineTerms } from "./_engine_evaluation.ts";
 * const terms = engineTerms(parseFen("example", START_FEN));
 * assert.deepEqual(terms.pawns, [0, 0]);
 * assert.equal(terms.phase, 24);
 * assert.equal(terms.total, 0);
 * ```
 */
export function engineTerms(board: Board, extras = 0): EngineTerms {
  const total = engineEvaluation(board, extras);
  const pair = (i: number): [number, number] => [TERMS[i]!, TERMS[i + 1]!];
  return {
    material: pair(TERM_INDEX.material),
    pawns: pair(TERM_INDEX.pawns),
    bishopPair: pair(TERM_INDEX.bishopPair),
    rooks: pair(TERM_INDEX.rooks),
    mobility: pair(TERM_INDEX.mobility),
    king: pair(TERM_INDEX.king),
    threats: pair(TERM_INDEX.threats),
    phase: TERMS[PHASE_INDEX]!,
    total,
  };
}
