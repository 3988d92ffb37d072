/**
 * The engine evaluation's weights (`_engine_evaluation.ts`, `_pawns.ts`) in
 * one typed array, {@linkcode ENGINE_WEIGHTS}, which the evaluation reads
 * at every call: so that a tuner can try other values in the same process
 * ({@linkcode setEngineWeights}, which also empties the caches that hold
 * values computed with the old ones). The defaults are the named constants
 * below; PeSTO's material and piece-square tables are not among the
 * weights (`_pesto.ts`).
 *
 * @module
 */

import { describe } from "../../validate.ts";

/** Both bishops (middlegame). */
export const BISHOP_PAIR_MG = 30;
/** Both bishops, endgame. */
export const BISHOP_PAIR_EG = 50;
/** A rook on a file without pawns, middlegame. */
export const ROOK_OPEN_MG = 25;
/** A rook on a file without pawns, endgame. */
export const ROOK_OPEN_EG = 10;
/** A rook on a file without pawns of its side (the enemy's there), middlegame. */
export const ROOK_HALF_OPEN_MG = 12;
/** A rook on a half-open file, endgame. */
export const ROOK_HALF_OPEN_EG = 5;
/** A shield pawn one rank in front of the king (middlegame only). */
export const SHIELD_NEAR = 12;
/** A shield pawn two ranks in front of the king (middlegame only). */
export const SHIELD_FAR = 6;
/** A file at or beside the king without a pawn of its side (middlegame only). */
export const KING_OPEN_FILE = -15;
/** The side to move's bonus, added in `Chess.evaluate`. */
export const TEMPO = 10;
/** Per extra pawn on a file (middlegame, endgame). */
export const DOUBLED_MG = -10;
/** Per extra pawn on a file, endgame. */
export const DOUBLED_EG = -20;
/** Per pawn with no pawn of its side on the files beside it, middlegame. */
export const ISOLATED_MG = -10;
/** Per isolated pawn, endgame. */
export const ISOLATED_EG = -15;
/** A passed pawn by its rank counted from its own side (1 … 6), middlegame. */
export const PASSED_MG: Int32Array = Int32Array.from([
  0,
  0,
  5,
  10,
  20,
  35,
  60,
  0,
]);
/** A passed pawn by its relative rank, endgame. */
export const PASSED_EG: Int32Array = Int32Array.from([
  0,
  10,
  15,
  25,
  40,
  70,
  110,
  0,
]);
/** A knight, bishop, rook or queen attacked by an enemy pawn, middlegame (the `pawnThreats` option). */
export const PAWN_THREAT_MG = -50;
/** The same, endgame. */
export const PAWN_THREAT_EG = -40;

/**
 * The weights' names, in {@linkcode ENGINE_WEIGHTS}'s order. Mobility
 * scores `(squares − offset) · weight` per knight, bishop, rook and queen
 * (offsets 4, 6, 7, 13: Fruit's proportions, not weights); the attack on a
 * king is `min(cap, units² / 4)`, each piece adding its weight per square
 * around the king it reaches; passed pawns by relative rank 1 … 6.
 */
export const ENGINE_WEIGHT_NAMES: readonly string[] = Object.freeze([
  "bishopPairMg",
  "bishopPairEg",
  "rookOpenMg",
  "rookOpenEg",
  "rookHalfOpenMg",
  "rookHalfOpenEg",
  "mobilityKnightMg",
  "mobilityBishopMg",
  "mobilityRookMg",
  "mobilityQueenMg",
  "mobilityKnightEg",
  "mobilityBishopEg",
  "mobilityRookEg",
  "mobilityQueenEg",
  "shieldNear",
  "shieldFar",
  "kingOpenFile",
  "attackKnight",
  "attackBishop",
  "attackRook",
  "attackQueen",
  "kingAttackCap",
  "tempo",
  "doubledMg",
  "doubledEg",
  "isolatedMg",
  "isolatedEg",
  ...[1, 2, 3, 4, 5, 6].map((rank) => `passedMg${rank}`),
  ...[1, 2, 3, 4, 5, 6].map((rank) => `passedEg${rank}`),
  "pawnThreatMg",
  "pawnThreatEg",
]);

// Indices into ENGINE_WEIGHTS (constants, which the compiler folds).
export const W_BISHOP_PAIR_MG = 0;
export const W_BISHOP_PAIR_EG = 1;
export const W_ROOK_OPEN_MG = 2;
export const W_ROOK_OPEN_EG = 3;
export const W_ROOK_HALF_OPEN_MG = 4;
export const W_ROOK_HALF_OPEN_EG = 5;
/** Knight's mobility weight, middlegame; bishop, rook, queen follow. */
export const W_MOBILITY_MG = 6;
/** Knight's mobility weight, endgame; bishop, rook, queen follow. */
export const W_MOBILITY_EG = 10;
export const W_SHIELD_NEAR = 14;
export const W_SHIELD_FAR = 15;
export const W_KING_OPEN_FILE = 16;
/** Knight's attack units per square; bishop, rook, queen follow. */
export const W_ATTACK = 17;
export const W_KING_ATTACK_CAP = 21;
export const W_TEMPO = 22;
export const W_DOUBLED_MG = 23;
export const W_DOUBLED_EG = 24;
export const W_ISOLATED_MG = 25;
export const W_ISOLATED_EG = 26;
/** A passed pawn on relative rank 1, middlegame; ranks 2 … 6 follow. */
export const W_PASSED_MG = 27;
/** A passed pawn on relative rank 1, endgame; ranks 2 … 6 follow. */
export const W_PASSED_EG = 33;
export const W_PAWN_THREAT_MG = 39;
export const W_PAWN_THREAT_EG = 40;

/** The default weights, in {@linkcode ENGINE_WEIGHT_NAMES}' order. */
export const DEFAULT_ENGINE_WEIGHTS: readonly number[] = Object.freeze([
  BISHOP_PAIR_MG,
  BISHOP_PAIR_EG,
  ROOK_OPEN_MG,
  ROOK_OPEN_EG,
  ROOK_HALF_OPEN_MG,
  ROOK_HALF_OPEN_EG,
  4,
  5,
  2,
  1,
  4,
  5,
  4,
  2,
  SHIELD_NEAR,
  SHIELD_FAR,
  KING_OPEN_FILE,
  2,
  2,
  3,
  5,
  400,
  TEMPO,
  DOUBLED_MG,
  DOUBLED_EG,
  ISOLATED_MG,
  ISOLATED_EG,
  ...PASSED_MG.subarray(1, 7),
  ...PASSED_EG.subarray(1, 7),
  PAWN_THREAT_MG,
  PAWN_THREAT_EG,
]);

/** The weights the engine evaluation reads: the defaults until {@linkcode setEngineWeights}. */
export const ENGINE_WEIGHTS: Int32Array = Int32Array.from(
  DEFAULT_ENGINE_WEIGHTS,
);

/** The most a weight may be, either sign (ten queens: anything past it is a typo). */
export const MAX_ENGINE_WEIGHT = 10_000;

/** The caches to empty when the weights change, registered by the modules that keep them. */
const caches: (() => void)[] = [];

/** Registers a cache that holds values computed with the weights (emptied by {@linkcode setEngineWeights}). */
export function onEngineWeights(clear: () => void): void {
  caches.push(clear);
}

/**
 * Sets the engine evaluation's weights for the whole process and empties
 * the caches of values computed with the old ones.
 *
 * @param weights one integer within ±{@linkcode MAX_ENGINE_WEIGHT} per name
 *   of {@linkcode ENGINE_WEIGHT_NAMES}, in that order
 * @throws {Error} naming the argument, the value and the rule; the weights
 *   are then unchanged
 *
 * @example Another bishop pair, and back
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_ENGINE_WEIGHTS, ENGINE_WEIGHTS, setEngineWeights, W_BISHOP_PAIR_MG } from "./_engine_weights.ts";
 * const weights = [...DEFAULT_ENGINE_WEIGHTS];
 * weights[W_BISHOP_PAIR_MG] = 45;
 * setEngineWeights(weights);
 * assert.equal(ENGINE_WEIGHTS[W_BISHOP_PAIR_MG], 45);
 * setEngineWeights(DEFAULT_ENGINE_WEIGHTS);
 * assert.throws(() => setEngineWeights([1, 2]), /weights must hold 41 integers/);
 * ```
 */
export function setEngineWeights(weights: ArrayLike<number>): void {
  const count = ENGINE_WEIGHT_NAMES.length;
  if (
    weights === null || typeof weights !== "object" ||
    weights.length !== count
  ) {
    throw new Error(
      `setEngineWeights: weights must hold ${count} integers (ENGINE_WEIGHT_NAMES), got ${
        describe(weights)
      }`,
    );
  }
  for (let i = 0; i < count; i++) {
    const value = weights[i]!;
    if (
      !Number.isInteger(value) || Math.abs(value) > MAX_ENGINE_WEIGHT
    ) {
      throw new Error(
        `setEngineWeights: weights[${i}] (${
          ENGINE_WEIGHT_NAMES[i]
        }) must be an integer within ±${MAX_ENGINE_WEIGHT}, got ${
          describe(value)
        }`,
      );
    }
  }
  ENGINE_WEIGHTS.set(Array.from(weights));
  for (const clear of caches) clear();
}
