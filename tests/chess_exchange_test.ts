// Static exchange evaluation (Chess.staticExchange): hand-made exchanges
// with their known values, and on positions from real games the bounds any
// exchange obeys (it cannot win more than the capture takes, nor lose more
// than the capturing piece) with the position left as it was.
import assert from "node:assert/strict";
import { Chess } from "../mod.ts";
import { loadGames } from "../src/course/chess/_games.ts";

const VALUE: Record<string, number> = {
  p: 100,
  n: 320,
  b: 330,
  r: 500,
  q: 900,
  k: 20_000,
};

function see(fen: string, uci: string): number {
  const position = Chess.fromFen(fen);
  return position.staticExchange(position.moveFromUci(uci));
}

Deno.test("staticExchange: an undefended piece is won whole", () => {
  assert.equal(see("4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 320);
});

Deno.test("staticExchange: a defended pawn costs the rook that takes it", () => {
  assert.equal(see("4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 100 - 500);
});

Deno.test("staticExchange: the least valuable attacker recaptures, and the side that would lose stops", () => {
  // NxN, pawn takes back, and the queen does not take the pawn: the bishop
  // on b7 would win her, so the exchange stops at knight for knight.
  assert.equal(
    see("4k3/1b6/4p3/3n4/8/2N5/8/3QK3 w - - 0 1", "c3d5"),
    0,
  );
});

Deno.test("staticExchange: a rook behind a rook joins the exchange (x-ray)", () => {
  // Rd2xd5, the rook on d8 takes back, the rook on d1 takes again: a pawn
  // and a rook for a rook.
  assert.equal(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
  // Without the second white rook the first is lost for the pawn.
  assert.equal(see("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 100 - 500);
});

Deno.test("staticExchange: a king takes back only what nothing defends", () => {
  // Re1xe7+: the king takes the rook back.
  assert.equal(see("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1e7"), 100 - 500);
  // With the bishop on b4 guarding e7 the king may not: a pawn won.
  assert.equal(see("4k3/4p3/8/8/1B6/8/8/4RK2 w - - 0 1", "e1e7"), 100);
});

Deno.test("staticExchange: en passant takes a pawn, a promotion counts its gain", () => {
  assert.equal(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
  // b7xa8=Q: a rook and a queen for a pawn, nothing recaptures.
  assert.equal(
    see("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"),
    500 + 900 - 100,
  );
  // A promotion the king takes back: the pawn is lost.
  assert.equal(see("8/1Pk5/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), -100);
});

Deno.test("staticExchange on every capture of 40 games: within [victim − attacker, victim], the position unchanged", () => {
  let captures = 0, losing = 0;
  const moves = new Int32Array(256);
  for (const game of loadGames(40)) {
    for (const fen of game.fens) {
      const position = Chess.fromFen(fen);
      const count = position.generateMoves(moves);
      for (let i = 0; i < count; i++) {
        const move = moves[i]!;
        if (position.isQuiet(move)) continue;
        const uci = position.moveToUci(move);
        const from = pieceOn(fen, uci.slice(0, 2));
        const target = pieceOn(fen, uci.slice(2, 4));
        const promotion = uci.length === 5 ? VALUE[uci[4]!]! - 100 : 0;
        // En passant: a pawn moves aside onto an empty square, taking a pawn.
        const enPassant = from === "p" && target === "" && uci[0] !== uci[2];
        const taken = target !== "" ? VALUE[target]! : enPassant ? 100 : 0;
        const victim = taken + promotion;
        const attacker = VALUE[from]! + promotion;
        const value = position.staticExchange(move);
        assert.ok(
          value <= victim && value >= victim - attacker,
          `${fen} ${uci}: ${value} outside [${victim - attacker}, ${victim}]`,
        );
        assert.equal(position.toFen(), fen);
        captures++;
        if (value < 0) losing++;
      }
    }
  }
  assert.ok(
    captures > 1000 && losing > 0,
    `${captures} captures, ${losing} losing`,
  );
});

Deno.test("losesExchange is staticExchange's sign, for every move (quiet ones too) of 40 games", () => {
  let moves = 0, losing = 0, plain = 0;
  const buffer = new Int32Array(256);
  for (const game of loadGames(40)) {
    for (const fen of game.fens) {
      const position = Chess.fromFen(fen);
      const count = position.generateMoves(buffer);
      for (let i = 0; i < count; i++) {
        const move = buffer[i]!;
        const value = position.staticExchange(move);
        assert.equal(
          position.losesExchange(move),
          value < 0,
          `${fen} ${position.moveToUci(move)}: ${value}`,
        );
        assert.equal(position.toFen(), fen);
        moves++;
        if (value < 0) losing++;
        if (!position.isQuiet(move) && value >= 0) plain++;
      }
    }
  }
  assert.ok(
    moves > 10_000 && losing > 100 && plain > 100,
    `${moves} moves, ${losing} losing, ${plain} captures not losing`,
  );
});

/** The piece letter (lower case) on `square` of a FEN's board, or "". */
function pieceOn(fen: string, square: string): string {
  const rows = fen.split(" ")[0]!.split("/");
  const row = rows[8 - Number(square[1])]!;
  let file = 0;
  for (const c of row) {
    if (/\d/.test(c)) file += Number(c);
    else {
      if (file === square.charCodeAt(0) - 97) return c.toLowerCase();
      file++;
    }
  }
  return "";
}
