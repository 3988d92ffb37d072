/**
 * The chess board the search walks: a 0x88 array of piece codes, a piece
 * list per side, incremental Zobrist key and material-plus-table score, and
 * make/unmake with a preallocated per-ply stack (captured piece, its list
 * slot, castling rights, en passant square, halfmove clock, score, key; and
 * per ply the engine evaluation's PeSTO table sums and pawn key, which
 * unmake need not restore).
 * Everything is a 32-bit integer in a typed array; nothing is allocated per
 * move except when the stack doubles (amortised, once per new depth).
 *
 * @module
 */

import {
  CASTLING,
  EN_PASSANT,
  encodeMove,
  moveFrom,
  moveKind,
  movePromotion,
  moveTo,
  PROMOTION,
} from "./_move.ts";
import {
  A1,
  A8,
  ATTACKS,
  BLACK,
  C1,
  CASTLING_MASK,
  D1,
  D8,
  EMPTY,
  F1,
  F8,
  G1,
  G8,
  H1,
  H8,
  KING,
  PAWN,
  PIECE_BIT,
  RAY_STEP,
  ROOK,
  SLIDER_BITS,
  WHITE,
} from "./_squares.ts";
import {
  CASTLING_HI,
  CASTLING_LO,
  combineKey,
  EN_PASSANT_HI,
  EN_PASSANT_LO,
  PIECE_HI,
  PIECE_LO,
  SIDE_HI,
  SIDE_LO,
} from "./_zobrist.ts";
import { PIECE_SQUARE } from "./evaluation.ts";
import { PESTO_PACKED } from "./_pesto.ts";

/** Cached per-ply facts: not computed yet. */
export const UNKNOWN = -1;

/** What the stack holds for a null move: no real move (0…65535) equals it. */
export const NULL_MOVE = -2;

/** Where the castling rook stands, by the king's destination (G1, C1, G8 or C8). */
function castlingRookFrom(kingTo: number): number {
  return kingTo === G1 ? H1 : kingTo === C1 ? A1 : kingTo === G8 ? H8 : A8;
}

/** Where the castling rook goes, by the king's destination (G1, C1, G8 or C8). */
function castlingRookTo(kingTo: number): number {
  return kingTo === G1 ? F1 : kingTo === C1 ? D1 : kingTo === G8 ? F8 : D8;
}

/** The board, its history stack and the make/unmake that keeps them. */
export class Board {
  /** Piece code per 0x88 square (0 empty). */
  squares: Int8Array = new Int8Array(128);
  /** `list[color · 16 + i]`: the square of side `color`'s i-th piece. */
  list: Int32Array = new Int32Array(32);
  /** `slot[square]`: the index in its side's list of the piece on `square`. */
  slot: Int8Array = new Int8Array(128);
  /** Pieces per side. */
  listCount: Int32Array = new Int32Array(2);
  /** Pieces per piece code. */
  counts: Int32Array = new Int32Array(16);
  /** The king's square per side. */
  kings: Int32Array = new Int32Array(2);
  side = WHITE;
  castling = 0;
  /** The square a pawn would land on capturing en passant, or −1 (kept only when such a capture is legal). */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  keyLo = 0;
  keyHi = 0;
  /** Material plus piece-square tables of all but the kings, white's view. */
  score = 0;
  /** Moves played on this board since it was set up: the stack index. */
  ply = 0;

  // The stack: entry p holds what play() at ply p overwrote, plus the key
  // and cached facts of the position at ply p.
  capacity = 0;
  stackCaptured: Int8Array = new Int8Array(0);
  stackSlot: Int8Array = new Int8Array(0);
  stackCastling: Int8Array = new Int8Array(0);
  stackEp: Int32Array = new Int32Array(0);
  stackHalfmove: Int32Array = new Int32Array(0);
  stackScore: Int32Array = new Int32Array(0);
  keysLo: Int32Array = new Int32Array(0);
  keysHi: Int32Array = new Int32Array(0);
  /** Per ply: 1 when the side to move is in check, 0 when not, UNKNOWN. */
  checks: Int8Array = new Int8Array(0);
  /** Per ply: the terminal status, UNKNOWN until asked. */
  statuses: Int8Array = new Int8Array(0);
  /** Per ply: the move played there, so that `Chess.undo` can refuse any other. */
  stackMove: Int32Array = new Int32Array(0);
  /**
   * Per ply: PeSTO's middlegame and endgame material plus tables of every
   * piece (kings too), white's view, packed as `middlegame · 65536 +
   * endgame` (`PESTO_PACKED` of `_pesto.ts`), which the engine evaluation
   * reads instead of summing the pieces. Kept per ply like the key: make
   * writes the next ply's, unmake has nothing to restore.
   */
  pestos: Int32Array = new Int32Array(0);
  /** Per ply: low half of the pawn key, the Zobrist piece keys of the pawns alone (the engine evaluation's pawn cache). */
  pawnKeysLo: Int32Array = new Int32Array(0);
  /** Per ply: high half of the pawn key. */
  pawnKeysHi: Int32Array = new Int32Array(0);

  constructor(capacity = 256) {
    this.grow(capacity);
  }

  /** Makes the stack hold `capacity` plies, keeping its contents. */
  grow(capacity: number): void {
    const copy = <T extends Int8Array | Int32Array>(old: T, make: T): T => {
      make.set(old);
      return make;
    };
    this.stackCaptured = copy(this.stackCaptured, new Int8Array(capacity));
    this.stackSlot = copy(this.stackSlot, new Int8Array(capacity));
    this.stackCastling = copy(this.stackCastling, new Int8Array(capacity));
    this.stackEp = copy(this.stackEp, new Int32Array(capacity));
    this.stackHalfmove = copy(this.stackHalfmove, new Int32Array(capacity));
    this.stackScore = copy(this.stackScore, new Int32Array(capacity));
    this.keysLo = copy(this.keysLo, new Int32Array(capacity));
    this.keysHi = copy(this.keysHi, new Int32Array(capacity));
    this.checks = copy(this.checks, new Int8Array(capacity));
    this.statuses = copy(this.statuses, new Int8Array(capacity));
    this.stackMove = copy(this.stackMove, new Int32Array(capacity));
    this.pestos = copy(this.pestos, new Int32Array(capacity));
    this.pawnKeysLo = copy(this.pawnKeysLo, new Int32Array(capacity));
    this.pawnKeysHi = copy(this.pawnKeysHi, new Int32Array(capacity));
    this.capacity = capacity;
  }

  /** An independent copy, history included. */
  copy(): Board {
    const board = new Board(this.capacity);
    board.squares.set(this.squares);
    board.list.set(this.list);
    board.slot.set(this.slot);
    board.listCount.set(this.listCount);
    board.counts.set(this.counts);
    board.kings.set(this.kings);
    board.side = this.side;
    board.castling = this.castling;
    board.ep = this.ep;
    board.halfmove = this.halfmove;
    board.fullmove = this.fullmove;
    board.keyLo = this.keyLo;
    board.keyHi = this.keyHi;
    board.score = this.score;
    board.ply = this.ply;
    board.stackCaptured.set(this.stackCaptured);
    board.stackSlot.set(this.stackSlot);
    board.stackCastling.set(this.stackCastling);
    board.stackEp.set(this.stackEp);
    board.stackHalfmove.set(this.stackHalfmove);
    board.stackScore.set(this.stackScore);
    board.keysLo.set(this.keysLo);
    board.keysHi.set(this.keysHi);
    board.checks.set(this.checks);
    board.statuses.set(this.statuses);
    board.stackMove.set(this.stackMove);
    board.pestos.set(this.pestos);
    board.pawnKeysLo.set(this.pawnKeysLo);
    board.pawnKeysHi.set(this.pawnKeysHi);
    return board;
  }

  /** Puts `piece` on the empty `square` while setting up (lists, counts, score; not the keys or PeSTO sums). */
  put(piece: number, square: number): void {
    const color = piece >> 3;
    const n = this.listCount[color]!;
    this.squares[square] = piece;
    this.list[color * 16 + n] = square;
    this.slot[square] = n;
    this.listCount[color] = n + 1;
    this.counts[piece]!++;
    this.score += PIECE_SQUARE[piece * 128 + square]!;
    if ((piece & 7) === KING) this.kings[color] = square;
  }

  /** The key computed from scratch (the board keeps it incrementally). */
  computeKey(): [number, number] {
    let lo = CASTLING_LO[this.castling]!, hi = CASTLING_HI[this.castling]!;
    for (let square = 0; square < 128; square++) {
      const piece = this.squares[square]!;
      if ((square & 0x88) || piece === EMPTY) continue;
      lo ^= PIECE_LO[piece * 128 + square]!;
      hi ^= PIECE_HI[piece * 128 + square]!;
    }
    if (this.side === BLACK) {
      lo ^= SIDE_LO;
      hi ^= SIDE_HI;
    }
    if (this.ep >= 0) {
      lo ^= EN_PASSANT_LO[this.ep & 7]!;
      hi ^= EN_PASSANT_HI[this.ep & 7]!;
    }
    return [lo, hi];
  }

  /** The PeSTO sums computed from scratch (the board keeps them incrementally, {@linkcode Board.pesto}). */
  computePesto(): number {
    let pesto = 0;
    for (let square = 0; square < 128; square++) {
      const piece = this.squares[square]!;
      if ((square & 0x88) || piece === EMPTY) continue;
      pesto += PESTO_PACKED[piece * 128 + square]!;
    }
    return pesto;
  }

  /** The pawn key computed from scratch (the board keeps it incrementally). */
  computePawnKey(): [number, number] {
    let lo = 0, hi = 0;
    for (let square = 0; square < 128; square++) {
      const piece = this.squares[square]!;
      if ((square & 0x88) || (piece & 7) !== PAWN) continue;
      lo ^= PIECE_LO[piece * 128 + square]!;
      hi ^= PIECE_HI[piece * 128 + square]!;
    }
    return [lo, hi];
  }

  /** Ends a setup: keys, history entry 0, caches. */
  finishSetup(): void {
    [this.keyLo, this.keyHi] = this.computeKey();
    this.ply = 0;
    this.pestos[0] = this.computePesto();
    [this.pawnKeysLo[0], this.pawnKeysHi[0]] = this.computePawnKey();
    this.keysLo[0] = this.keyLo;
    this.keysHi[0] = this.keyHi;
    this.checks[0] = UNKNOWN;
    this.statuses[0] = UNKNOWN;
  }

  /** The PeSTO sums of the position, packed (see {@linkcode Board.pestos}). */
  get pesto(): number {
    return this.pestos[this.ply]!;
  }

  /** Low half of the position's pawn key. */
  get pawnKeyLo(): number {
    return this.pawnKeysLo[this.ply]!;
  }

  /** High half of the position's pawn key. */
  get pawnKeyHi(): number {
    return this.pawnKeysHi[this.ply]!;
  }

  /** The key below 2^53. */
  key(): number {
    return combineKey(this.keyLo, this.keyHi);
  }

  /** Whether `square` is attacked by a piece of side `by`. */
  attacked(square: number, by: number): boolean {
    const squares = this.squares, list = this.list;
    const base = by * 16, end = base + this.listCount[by]!;
    for (let i = base; i < end; i++) {
      const from = list[i]!;
      const diff = square - from + 119;
      // Most pieces are off every line and jump to the square: the table
      // alone says so, before the piece is read.
      const line = ATTACKS[diff]!;
      if (line === 0) continue;
      const bits = line & PIECE_BIT[squares[from]!]!;
      if (bits === 0) continue;
      if ((bits & SLIDER_BITS) === 0) return true;
      const step = RAY_STEP[diff]!;
      let to = from + step;
      while (to !== square && squares[to] === EMPTY) to += step;
      if (to === square) return true;
    }
    return false;
  }

  /** Whether the side to move is in check (cached per ply). */
  inCheck(): boolean {
    let check = this.checks[this.ply]!;
    if (check === UNKNOWN) {
      check = this.attacked(this.kings[this.side]!, this.side ^ 1) ? 1 : 0;
      this.checks[this.ply] = check;
    }
    return check === 1;
  }

  /** Whether `move` (pseudo-legal) would leave the mover's king attacked: made and unmade. */
  exposesKing(move: number): boolean {
    const us = this.side;
    this.make(move);
    const exposed = this.attacked(this.kings[us]!, us ^ 1);
    this.unmake(move);
    return exposed;
  }

  /** Plays `move`, which must be legal; the stack entry of this ply keeps what it overwrites. */
  make(move: number): void {
    const p = this.ply;
    if (p + 1 >= this.capacity) this.grow(this.capacity * 2);
    const squares = this.squares, list = this.list;
    const from = moveFrom(move), to = moveTo(move), kind = moveKind(move);
    const us = this.side, them = us ^ 1;
    const piece = squares[from]!;
    let lo = this.keyLo ^ SIDE_LO, hi = this.keyHi ^ SIDE_HI;
    let score = this.score, pesto = this.pestos[p]!;
    let pawnLo = this.pawnKeysLo[p]!, pawnHi = this.pawnKeysHi[p]!;
    this.stackCastling[p] = this.castling;
    this.stackEp[p] = this.ep;
    this.stackHalfmove[p] = this.halfmove;
    this.stackScore[p] = score;
    this.stackMove[p] = move;
    if (this.ep >= 0) {
      lo ^= EN_PASSANT_LO[this.ep & 7]!;
      hi ^= EN_PASSANT_HI[this.ep & 7]!;
      this.ep = -1;
    }
    // Step 1. The captured piece leaves its list (swapped with the last).
    const captureSquare = kind === EN_PASSANT
      ? (us === WHITE ? to - 16 : to + 16)
      : to;
    const captured = squares[captureSquare]!;
    this.stackCaptured[p] = captured;
    if (captured !== EMPTY) {
      const base = them * 16;
      const slot = this.slot[captureSquare]!;
      const last = --this.listCount[them]!;
      const lastSquare = list[base + last]!;
      list[base + slot] = lastSquare;
      this.slot[lastSquare] = slot;
      this.stackSlot[p] = slot;
      squares[captureSquare] = EMPTY;
      this.counts[captured]!--;
      score -= PIECE_SQUARE[captured * 128 + captureSquare]!;
      pesto -= PESTO_PACKED[captured * 128 + captureSquare]!;
      lo ^= PIECE_LO[captured * 128 + captureSquare]!;
      hi ^= PIECE_HI[captured * 128 + captureSquare]!;
      if ((captured & 7) === PAWN) {
        pawnLo ^= PIECE_LO[captured * 128 + captureSquare]!;
        pawnHi ^= PIECE_HI[captured * 128 + captureSquare]!;
      }
      this.halfmove = 0;
    } else if ((piece & 7) === PAWN) {
      this.halfmove = 0;
    } else {
      this.halfmove++;
    }
    // Step 2. The piece moves (and may change into its promotion).
    squares[from] = EMPTY;
    const slot = this.slot[from]!;
    list[us * 16 + slot] = to;
    this.slot[to] = slot;
    let placed = piece;
    if (kind === PROMOTION) {
      placed = movePromotion(move) | us << 3;
      this.counts[piece]!--;
      this.counts[placed]!++;
    }
    squares[to] = placed;
    score += PIECE_SQUARE[placed * 128 + to]! -
      PIECE_SQUARE[piece * 128 + from]!;
    pesto += PESTO_PACKED[placed * 128 + to]! -
      PESTO_PACKED[piece * 128 + from]!;
    lo ^= PIECE_LO[piece * 128 + from]! ^ PIECE_LO[placed * 128 + to]!;
    hi ^= PIECE_HI[piece * 128 + from]! ^ PIECE_HI[placed * 128 + to]!;
    if ((piece & 7) === PAWN) {
      // A pawn leaves `from`; it reaches `to` unless it promotes.
      pawnLo ^= PIECE_LO[piece * 128 + from]!;
      pawnHi ^= PIECE_HI[piece * 128 + from]!;
      if (placed === piece) {
        pawnLo ^= PIECE_LO[piece * 128 + to]!;
        pawnHi ^= PIECE_HI[piece * 128 + to]!;
      }
    }
    if ((piece & 7) === KING) {
      this.kings[us] = to;
      if (kind === CASTLING) {
        const rook = ROOK | us << 3;
        const rookFrom = castlingRookFrom(to);
        const rookTo = castlingRookTo(to);
        squares[rookFrom] = EMPTY;
        squares[rookTo] = rook;
        const rookSlot = this.slot[rookFrom]!;
        list[us * 16 + rookSlot] = rookTo;
        this.slot[rookTo] = rookSlot;
        score += PIECE_SQUARE[rook * 128 + rookTo]! -
          PIECE_SQUARE[rook * 128 + rookFrom]!;
        pesto += PESTO_PACKED[rook * 128 + rookTo]! -
          PESTO_PACKED[rook * 128 + rookFrom]!;
        lo ^= PIECE_LO[rook * 128 + rookFrom]! ^ PIECE_LO[rook * 128 + rookTo]!;
        hi ^= PIECE_HI[rook * 128 + rookFrom]! ^ PIECE_HI[rook * 128 + rookTo]!;
      }
    }
    // Step 3. Rights, clocks, side, key, history.
    const castling = this.castling & CASTLING_MASK[from]! & CASTLING_MASK[to]!;
    if (castling !== this.castling) {
      lo ^= CASTLING_LO[this.castling]! ^ CASTLING_LO[castling]!;
      hi ^= CASTLING_HI[this.castling]! ^ CASTLING_HI[castling]!;
      this.castling = castling;
    }
    if (us === BLACK) this.fullmove++;
    this.side = them;
    this.score = score;
    this.keyLo = lo;
    this.keyHi = hi;
    const q = p + 1;
    this.ply = q;
    this.pestos[q] = pesto;
    this.pawnKeysLo[q] = pawnLo;
    this.pawnKeysHi[q] = pawnHi;
    this.keysLo[q] = lo;
    this.keysHi[q] = hi;
    this.checks[q] = UNKNOWN;
    this.statuses[q] = UNKNOWN;
    // Step 4. A double push keeps an en passant square only when the
    // capture is legal: then the key and the FEN agree with the rules.
    if ((piece & 7) === PAWN && (to - from === 32 || from - to === 32)) {
      this.setEnPassant((from + to) >> 1, to);
    }
  }

  /**
   * Passes the turn (a null move, for null-move pruning): the side flips,
   * the en passant square goes, the key follows, and the ply's stack entry
   * holds {@linkcode NULL_MOVE}, so that `Chess.undo` refuses to take back
   * a real move over it. The halfmove clock restarts at 0: a repetition
   * across a null move is no repetition (Stockfish's pliesFromNull), at the
   * price of the fifty-move rule inside the null subtree. Only in a
   * position where the side to move is not in check.
   */
  makeNull(): void {
    const p = this.ply;
    if (p + 1 >= this.capacity) this.grow(this.capacity * 2);
    let lo = this.keyLo ^ SIDE_LO, hi = this.keyHi ^ SIDE_HI;
    this.stackCastling[p] = this.castling;
    this.stackEp[p] = this.ep;
    this.stackHalfmove[p] = this.halfmove;
    this.stackScore[p] = this.score;
    this.stackMove[p] = NULL_MOVE;
    this.stackCaptured[p] = EMPTY;
    if (this.ep >= 0) {
      lo ^= EN_PASSANT_LO[this.ep & 7]!;
      hi ^= EN_PASSANT_HI[this.ep & 7]!;
      this.ep = -1;
    }
    this.halfmove = 0;
    if (this.side === BLACK) this.fullmove++;
    this.side ^= 1;
    this.keyLo = lo;
    this.keyHi = hi;
    const q = p + 1;
    this.ply = q;
    this.keysLo[q] = lo;
    this.keysHi[q] = hi;
    this.pestos[q] = this.pestos[p]!;
    this.pawnKeysLo[q] = this.pawnKeysLo[p]!;
    this.pawnKeysHi[q] = this.pawnKeysHi[p]!;
    this.checks[q] = UNKNOWN;
    this.statuses[q] = UNKNOWN;
  }

  /** Takes back {@linkcode Board.makeNull}, the last move made: its exact inverse. */
  unmakeNull(): void {
    const p = --this.ply;
    this.side ^= 1;
    if (this.side === BLACK) this.fullmove--;
    this.ep = this.stackEp[p]!;
    this.halfmove = this.stackHalfmove[p]!;
    this.keyLo = this.keysLo[p]!;
    this.keyHi = this.keysHi[p]!;
  }

  /** After a double push to `pawnSquare`, keeps `target` as en passant square if a capture there is legal. */
  setEnPassant(target: number, pawnSquare: number): void {
    const pawn = PAWN | this.side << 3;
    let legal = false;
    for (
      let capturer = pawnSquare - 1;
      capturer <= pawnSquare + 1;
      capturer += 2
    ) {
      if ((capturer & 0x88) || this.squares[capturer] !== pawn) continue;
      this.ep = target;
      if (!this.exposesKing(encodeMove(capturer, target, EN_PASSANT, 0))) {
        legal = true;
        break;
      }
    }
    if (!legal) {
      this.ep = -1;
      return;
    }
    this.ep = target;
    this.keyLo ^= EN_PASSANT_LO[target & 7]!;
    this.keyHi ^= EN_PASSANT_HI[target & 7]!;
    this.keysLo[this.ply] = this.keyLo;
    this.keysHi[this.ply] = this.keyHi;
  }

  /**
   * Plays the legal `move` keeping only what move generation reads: the
   * squares, piece lists, kings, side, castling rights and en passant
   * square (set after any double push beside an enemy pawn: the generator
   * tests every en passant capture itself). No key, score, clocks, piece
   * counts or cached facts: for perft, on a board of its own (the keys,
   * score and PeSTO sums are left stale). Take it back with {@linkcode Board.unmakeBare}.
   */
  makeBare(move: number): void {
    const p = this.ply;
    if (p + 1 >= this.capacity) this.grow(this.capacity * 2);
    const squares = this.squares, list = this.list, slots = this.slot;
    const f = move & 63, t = (move >> 6) & 63, kind = move >> 14;
    const from = f + (f & 56), to = t + (t & 56);
    const us = this.side, them = us ^ 1;
    const piece = squares[from]!;
    this.stackCastling[p] = this.castling;
    this.stackEp[p] = this.ep;
    this.ep = -1;
    const captureSquare = kind === EN_PASSANT
      ? (us === WHITE ? to - 16 : to + 16)
      : to;
    const captured = squares[captureSquare]!;
    this.stackCaptured[p] = captured;
    if (captured !== EMPTY) {
      const base = them * 16;
      const slot = slots[captureSquare]!;
      const lastSquare = list[base + --this.listCount[them]!]!;
      list[base + slot] = lastSquare;
      slots[lastSquare] = slot;
      this.stackSlot[p] = slot;
      squares[captureSquare] = EMPTY;
    }
    squares[from] = EMPTY;
    const slot = slots[from]!;
    list[us * 16 + slot] = to;
    slots[to] = slot;
    squares[to] = kind === PROMOTION ? movePromotion(move) | us << 3 : piece;
    const type = piece & 7;
    if (type === KING) {
      this.kings[us] = to;
      if (kind === CASTLING) {
        const rookFrom = castlingRookFrom(to);
        const rookTo = castlingRookTo(to);
        squares[rookTo] = squares[rookFrom]!;
        squares[rookFrom] = EMPTY;
        const rookSlot = slots[rookFrom]!;
        list[us * 16 + rookSlot] = rookTo;
        slots[rookTo] = rookSlot;
      }
    } else if (type === PAWN && (to - from === 32 || from - to === 32)) {
      const pawn = PAWN | them << 3;
      if (
        (!((to - 1) & 0x88) && squares[to - 1] === pawn) ||
        (!((to + 1) & 0x88) && squares[to + 1] === pawn)
      ) {
        this.ep = (from + to) >> 1;
      }
    }
    this.castling &= CASTLING_MASK[from]! & CASTLING_MASK[to]!;
    this.side = them;
    this.ply = p + 1;
  }

  /** Takes back {@linkcode Board.makeBare}'s `move`, the last move made. */
  unmakeBare(move: number): void {
    const p = --this.ply;
    const squares = this.squares, list = this.list, slots = this.slot;
    const f = move & 63, t = (move >> 6) & 63, kind = move >> 14;
    const from = f + (f & 56), to = t + (t & 56);
    const us = this.side ^ 1, them = this.side;
    this.side = us;
    this.castling = this.stackCastling[p]!;
    this.ep = this.stackEp[p]!;
    const piece = kind === PROMOTION ? PAWN | us << 3 : squares[to]!;
    squares[to] = EMPTY;
    squares[from] = piece;
    const slot = slots[to]!;
    list[us * 16 + slot] = from;
    slots[from] = slot;
    if ((piece & 7) === KING) {
      this.kings[us] = from;
      if (kind === CASTLING) {
        const rookFrom = castlingRookFrom(to);
        const rookTo = castlingRookTo(to);
        squares[rookFrom] = squares[rookTo]!;
        squares[rookTo] = EMPTY;
        const rookSlot = slots[rookTo]!;
        list[us * 16 + rookSlot] = rookFrom;
        slots[rookFrom] = rookSlot;
      }
    }
    const captured = this.stackCaptured[p]!;
    if (captured !== EMPTY) {
      const captureSquare = kind === EN_PASSANT
        ? (us === WHITE ? to - 16 : to + 16)
        : to;
      squares[captureSquare] = captured;
      const base = them * 16;
      const last = this.listCount[them]!++;
      const capturedSlot = this.stackSlot[p]!;
      const moved = list[base + capturedSlot]!;
      list[base + last] = moved;
      slots[moved] = last;
      list[base + capturedSlot] = captureSquare;
      slots[captureSquare] = capturedSlot;
    }
  }

  /** Takes back `move`, the last move made. */
  unmake(move: number): void {
    const p = --this.ply;
    const squares = this.squares, list = this.list;
    const from = moveFrom(move), to = moveTo(move), kind = moveKind(move);
    const us = this.side ^ 1, them = this.side;
    this.side = us;
    if (us === BLACK) this.fullmove--;
    this.castling = this.stackCastling[p]!;
    this.ep = this.stackEp[p]!;
    this.halfmove = this.stackHalfmove[p]!;
    this.score = this.stackScore[p]!;
    this.keyLo = this.keysLo[p]!;
    this.keyHi = this.keysHi[p]!;
    let piece = squares[to]!;
    if (kind === PROMOTION) {
      this.counts[piece]!--;
      piece = PAWN | us << 3;
      this.counts[piece]!++;
    }
    squares[to] = EMPTY;
    squares[from] = piece;
    const slot = this.slot[to]!;
    list[us * 16 + slot] = from;
    this.slot[from] = slot;
    if ((piece & 7) === KING) {
      this.kings[us] = from;
      if (kind === CASTLING) {
        const rookFrom = castlingRookFrom(to);
        const rookTo = castlingRookTo(to);
        squares[rookFrom] = squares[rookTo]!;
        squares[rookTo] = EMPTY;
        const rookSlot = this.slot[rookTo]!;
        list[us * 16 + rookSlot] = rookFrom;
        this.slot[rookFrom] = rookSlot;
      }
    }
    const captured = this.stackCaptured[p]!;
    if (captured !== EMPTY) {
      const captureSquare = kind === EN_PASSANT
        ? (us === WHITE ? to - 16 : to + 16)
        : to;
      squares[captureSquare] = captured;
      this.counts[captured]!++;
      // The piece that took the captured one's slot goes back to the end.
      const base = them * 16;
      const last = this.listCount[them]!++;
      const capturedSlot = this.stackSlot[p]!;
      const moved = list[base + capturedSlot]!;
      list[base + last] = moved;
      this.slot[moved] = last;
      list[base + capturedSlot] = captureSquare;
      this.slot[captureSquare] = capturedSlot;
    }
  }
}
