import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  Chess,
  CHESS_MATE,
  NO_MOVE,
  perft,
  Random,
  VALUE_INFINITE,
} from "../mod.ts";

/** Plays moves given in SAN. */
function playSan(position: Chess, moves: string[]): void {
  for (const san of moves) position.play(position.moveFromSan(san));
}

/** The noisy moves of a position, in SAN. */
function noisy(position: Chess): string[] {
  const moves = new Int32Array(position.maxMoves);
  const n = position.generateNoisyMoves(moves);
  return Array.from(moves.subarray(0, n), (move) => position.moveToSan(move));
}

Deno.test("Chess FEN round trips: perft positions, every WAC position (EPD), the start", () => {
  const perft = Deno.readTextFileSync(
    new URL("../data/chess/perft.txt", import.meta.url),
  ).trim().split("\n").map((line) => line.split(";")[0]!.trim());
  for (const fen of perft) assert.equal(Chess.fromFen(fen).toFen(), fen);
  const wac = Deno.readTextFileSync(
    new URL("../data/chess/wac.epd", import.meta.url),
  ).trim().split("\n");
  assert.equal(wac.length, 300);
  for (const line of wac) {
    const epd = line.split(" ").slice(0, 4).join(" ");
    assert.equal(Chess.fromFen(epd).toFen(), `${epd} 0 1`);
  }
  assert.equal(
    Chess.start().toFen(),
    Chess.fromFen(Chess.start().toFen()).toFen(),
  );
});

Deno.test("Chess.fromFen keeps an en passant square only when the capture is legal", () => {
  // Legal capture: kept.
  const open = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2";
  assert.equal(Chess.fromFen(open).toFen(), open);
  // No black pawn beside e4: dropped, as chess.js writes it.
  assert.equal(
    Chess.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
      .toFen(),
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
  );
  // The capture would uncover a rook's check along the fifth rank: dropped.
  assert.equal(
    Chess.fromFen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").toFen(),
    "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1",
  );
});

Deno.test("Chess.fromFen names the field and the rule of every bad FEN", () => {
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  const cases: [unknown, RegExp][] = [
    [42, /Chess.fromFen: fen must be a string, got 42/],
    [
      "",
      /a FEN has 6 space-separated fields \(or 4, without the clocks\), got 1/,
    ],
    [`${start} w KQkq - 0`, /has 6 space-separated fields .*got 5/],
    ["8/8/8/8/8/8/8 w - - 0 1", /must have 8 ranks separated by "\/", got 7/],
    [
      `${start.replace("RNBQKBNR", "RNBQKBNX")} w KQkq - 0 1`,
      /rank 1 \("RNBQKBNX"\) has "X": a piece is one of PNBRQK/,
    ],
    [
      `${start.replace("pppppppp", "ppppppppp")} w KQkq - 0 1`,
      /rank 7 \("ppppppppp"\) must cover 8 squares, covers more/,
    ],
    [
      `${start.replace("pppppppp", "ppppppp")} w KQkq - 0 1`,
      /rank 7 \("ppppppp"\) must cover 8 squares, covers 7/,
    ],
    [`${start.replace("/8/8/8/8/", "/8/9/8/8/")} w KQkq - 0 1`, /has "9"/],
    [`${start} x KQkq - 0 1`, /the side to move must be "w" or "b", got "x"/],
    [
      `${start} w KX - 0 1`,
      /castling must be "-" or some of the letters KQkq, each at most once, got "KX"/,
    ],
    [`${start} w KK - 0 1`, /each at most once, got "KK"/],
    [
      "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
      /castling right "K" needs the white king on e1 and a rook on h1/,
    ],
    [
      "r3k3/8/8/8/8/8/8/4K3 w k - 0 1",
      /castling right "k" needs the black king on e8 and a rook on h8/,
    ],
    [
      `${start} w KQkq e4 0 1`,
      /the en passant square must be "-" or a square on rank 6 when white is to move, got "e4"/,
    ],
    [`${start} b KQkq e6 0 1`, /on rank 3 when black is to move, got "e6"/],
    [
      `${start} w KQkq e6 0 1`,
      /en passant square e6 needs a pawn that just moved two squares to e5, with e6 and e7 empty/,
    ],
    [
      `${start} w KQkq - -1 1`,
      /the halfmove clock must be an integer 0…999999999, got "-1"/,
    ],
    [
      `${start} w KQkq - 1000000000 1`,
      /the halfmove clock must be an integer 0…999999999, got "1000000000"/,
    ],
    [
      `${start} w KQkq - 0 1.5`,
      /the move number must be an integer 0…999999999, got "1.5"/,
    ],
    [
      `${start} w KQkq - 0 1e3`,
      /the move number must be an integer 0…999999999, got "1e3"/,
    ],
    ["4k3/8/8/8/8/8/8/3KK3 w - - 0 1", /white must have one king, has 2/],
    ["8/8/8/8/8/8/8/4K3 w - - 0 1", /black must have one king, has 0/],
    [
      "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
      /rank 8 has a pawn: pawns never stand on ranks 1 and 8/,
    ],
    ["4k3/8/8/8/8/8/8/p3K3 w - - 0 1", /rank 1 has a pawn/],
    [
      "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
      /the side not to move \(black\) is in check: the position cannot arise/,
    ],
    ["4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1", /white has more than 8 pawns/],
    [
      "4k3/8/QQQQQQQQ/QQQQQQQQ/Q7/8/8/4K3 w - - 0 1",
      /white has more than 16 pieces/,
    ],
  ];
  for (const [fen, message] of cases) {
    assert.throws(() => Chess.fromFen(fen as string), message, String(fen));
  }
});

Deno.test("Chess.fromFen ignores surrounding whitespace, reads clocks up to 999,999,999 exactly, and move number 0 as 1", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (const padded of [fen + " ", fen + "\n", " \t" + fen + "\r\n"]) {
    assert.equal(Chess.fromFen(padded).toFen(), fen, JSON.stringify(padded));
  }
  assert.equal(
    Chess.fromFen(fen.replaceAll(" ", "  ")).toFen(),
    fen,
    "fields separated by two spaces",
  );
  for (const clocks of ["999999 999999", "1000000 1", "999999999 999999999"]) {
    const big = `4k3/8/8/8/8/8/8/4K2R w - - ${clocks}`;
    assert.equal(Chess.fromFen(big).toFen(), big);
  }
  // Played past the old six-digit limit, the FEN still reads back.
  const position = Chess.fromFen("4k3/8/8/8/8/8/8/4K2R b - - 999999 999999");
  position.play(position.moveFromUci("e8d8"));
  assert.equal(position.toFen(), "3k4/8/8/8/8/8/8/4K2R w - - 1000000 1000000");
  assert.equal(Chess.fromFen(position.toFen()).toFen(), position.toFen());
  // Move number 0, as Stockfish accepts it, is written back as 1.
  assert.equal(
    Chess.fromFen("4k3/8/8/8/8/8/8/4K3 b - - 3 0").toFen(),
    "4k3/8/8/8/8/8/8/4K3 b - - 3 1",
  );
  assert.equal(
    Chess.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 007 012").toFen(),
    "4k3/8/8/8/8/8/8/4K3 w - - 7 12",
    "leading zeros",
  );
});

Deno.test("Chess.fromFen: chess.js validates too; where it alone objects, its reason is given", () => {
  // Two digits in a row ("12" for 3 empty squares): the own parser adds
  // them up, chess.js's grammar refuses them.
  assert.throws(
    () => Chess.fromFen("4k12/8/8/8/8/8/8/4K3 w - - 0 1"),
    /Chess.fromFen: chess.js rejects the FEN: Invalid FEN: piece data is invalid \(consecutive number\) \(FEN "4k12\/8\/8\/8\/8\/8\/8\/4K3 w - - 0 1"\)/,
  );
  // Four fields (EPD) get the clocks before chess.js sees them.
  assert.equal(
    Chess.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w Kk -").toFen(),
    "r3k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1",
  );
});

Deno.test("Chess options: unknown keys and non-booleans are errors", () => {
  assert.throws(
    () => Chess.start({ noisyCheck: true } as never),
    /Chess.start: unknown option "noisyCheck"; known options: noisyChecks/,
  );
  assert.throws(
    () =>
      Chess.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", {
        noisyChecks: 1 as never,
      }),
    /Chess.fromFen: noisyChecks must be a boolean, got 1/,
  );
  const position = Chess.start();
  assert.throws(() => {
    position.noisyChecks = "yes" as never;
  }, /Chess: noisyChecks must be a boolean, got "yes"/);
  assert.equal(position.noisyChecks, false);
  assert.equal(Chess.start({ noisyChecks: true }).noisyChecks, true);
});

Deno.test("UCI: moves read and written, bad syntax and illegal moves named", () => {
  const position = Chess.start();
  for (const uci of ["e2e4", "g1f3", "b1c3", "h2h3"]) {
    assert.equal(position.moveToUci(position.moveFromUci(uci)), uci);
  }
  for (const bad of ["e2-e4", "e9e4", "", "e2e4k", "E2E4", 42]) {
    assert.throws(
      () => position.moveFromUci(bad as string),
      /Chess.moveFromUci: uci must be a move like "e2e4" or "e7e8q"/,
      String(bad),
    );
  }
  assert.throws(
    () => position.moveFromUci("e2e5"),
    /Chess.moveFromUci: "e2e5" is not a legal move in rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1/,
  );
  assert.throws(
    () => position.moveFromUci("e1g1"),
    /"e1g1" is not a legal move/,
  );
  const promotion = Chess.fromFen("8/P7/8/8/8/8/8/k6K w - - 0 1");
  assert.equal(promotion.moveToUci(promotion.moveFromUci("a7a8n")), "a7a8n");
  assert.throws(
    () => promotion.moveFromUci("a7a8"),
    /"a7a8" is not a legal move in .* \(a pawn reaching the last rank needs a promotion piece: a7a8q\)/,
  );
  assert.throws(
    () => position.moveFromUci("e2e4q"),
    /"e2e4q" is not a legal move/,
  );
  for (const bad of [-1, 65536, 1.5, "e2e4"]) {
    assert.throws(
      () => position.moveToUci(bad as number),
      /Chess.moveToUci: move must be an integer in 0…65535, got/,
    );
  }
});

Deno.test("SAN: castling, captures, promotions, disambiguation, check and mate signs", () => {
  const position = Chess.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  assert.equal(position.moveToSan(position.moveFromUci("e1g1")), "O-O");
  assert.equal(position.moveToSan(position.moveFromUci("e1c1")), "O-O-O");
  assert.equal(position.moveToSan(position.moveFromUci("a1a8")), "Rxa8+");
  assert.equal(position.moveToSan(position.moveFromUci("a1d1")), "Rd1");
  const rooks = Chess.fromFen("4k3/8/8/R7/8/8/8/R4RK1 w - - 0 1");
  assert.equal(rooks.moveToSan(rooks.moveFromUci("a1d1")), "Rad1");
  assert.equal(rooks.moveToSan(rooks.moveFromUci("f1d1")), "Rfd1");
  assert.equal(rooks.moveToSan(rooks.moveFromUci("a1a3")), "R1a3");
  assert.equal(rooks.moveFromSan("R5a3"), rooks.moveFromUci("a5a3"));
  assert.equal(position.moveFromSan("0-0"), position.moveFromUci("e1g1"));
  assert.equal(position.moveFromSan("O-O-O"), position.moveFromUci("e1c1"));
  const knights = Chess.fromFen("4k3/8/8/1N3N2/8/1N3N2/8/4K3 w - - 0 1");
  assert.equal(knights.moveToSan(knights.moveFromUci("b3d4")), "Nb3d4");
  assert.equal(knights.moveToSan(knights.moveFromUci("b3a5")), "Na5");
  const promotion = Chess.fromFen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  assert.equal(promotion.moveToSan(promotion.moveFromUci("a7b8q")), "axb8=Q+");
  assert.equal(promotion.moveToSan(promotion.moveFromUci("a7a8r")), "a8=R");
  assert.equal(promotion.moveFromSan("axb8Q"), promotion.moveFromUci("a7b8q"));
  const fool = Chess.start();
  playSan(fool, ["f3", "e5", "g4"]);
  assert.equal(fool.moveToSan(fool.moveFromUci("d8h4")), "Qh4#");
  assert.equal(fool.moveFromSan("Qh4"), fool.moveFromUci("d8h4"));
});

Deno.test("SAN: bad syntax, illegal and ambiguous moves are named", () => {
  const position = Chess.start();
  for (const bad of ["Nz3", "", "hello", "e2e4", 7]) {
    assert.throws(
      () => position.moveFromSan(bad as string),
      /Chess.moveFromSan: san must be a move in standard algebraic notation like "Nf3"/,
      String(bad),
    );
  }
  assert.throws(
    () => position.moveFromSan("Nf4"),
    /"Nf4" is not a legal move in rnbqkbnr/,
  );
  assert.throws(() => position.moveFromSan("O-O"), /"O-O" is not a legal move/);
  const knights = Chess.fromFen("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1");
  assert.throws(
    () => knights.moveFromSan("Nd4"),
    /"Nd4" is ambiguous: more than one legal move fits it/,
  );
  assert.throws(
    () =>
      position.moveToSan(
        Chess.fromFen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").moveFromUci("a1a8"),
      ),
    /Chess.moveToSan: move \d+ \(a1a8\) is not legal in rnbqkbnr/,
  );
  assert.throws(
    () => position.moveToSan(-1),
    /Chess.moveToSan: move must be an integer in 0…65535, got -1/,
  );
});

Deno.test("SAN: a promotion needs its piece, x needs a capture, =Q needs a promotion; lenient reads are documented", () => {
  const promoting = Chess.fromFen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  for (const san of ["axb8", "a8", "axb8+"]) {
    assert.throws(
      () => promoting.moveFromSan(san),
      /Chess.moveFromSan: ".+" is not a legal move in .+ \(a pawn reaching the last rank needs a promotion piece, like a.+=Q\)/,
      san,
    );
  }
  const uci = (position: Chess, san: string) =>
    position.moveToUci(position.moveFromSan(san));
  assert.equal(uci(promoting, "axb8=N"), "a7b8n");
  assert.equal(uci(promoting, "axb8Q"), "a7b8q");
  assert.equal(uci(promoting, "a8=R"), "a7a8r");
  const start = Chess.start();
  for (
    const [san, why] of [
      ["axa3", /"x" marks a capture, and a3 is empty/],
      ["Nxf3", /"x" marks a capture, and f3 is empty/],
      ["a3=Q", /only a pawn reaching the last rank promotes/],
      ["Bf3", /"Bf3" is not a legal move in rnbqkbnr/],
      ["Kg1", /"Kg1" is not a legal move/],
      ["Nhf3", /"Nhf3" is not a legal move/],
    ] as const
  ) {
    assert.throws(() => start.moveFromSan(san), why, san);
  }
  for (const san of ["Pe4", "nf3", "e2e4", "Ng1f3x", "a8=K", "e4++"]) {
    assert.throws(
      () => start.moveFromSan(san),
      /Chess.moveFromSan: san must be a move in standard algebraic notation/,
      san,
    );
  }
  // Accepted: signs not checked, a needless disambiguation, 0-0, a piece's
  // capture without x, en passant with x.
  assert.equal(uci(start, "e4#"), "e2e4");
  assert.equal(uci(start, "Nf3+!?"), "g1f3");
  assert.equal(uci(start, "Ngf3"), "g1f3");
  assert.equal(uci(start, "N1f3"), "g1f3");
  const castle = Chess.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  assert.equal(uci(castle, "0-0"), "e1g1");
  const capture = Chess.fromFen("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1");
  assert.equal(uci(capture, "Nd5"), "c3d5");
  assert.equal(uci(capture, "Nxd5"), "c3d5");
  const passant = Chess.fromFen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
  assert.equal(uci(passant, "dxe6"), "d5e6");
  const rooks = Chess.fromFen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  assert.throws(
    () => rooks.moveFromSan("Rd1"),
    /"Rd1" is ambiguous: more than one legal move fits it/,
  );
  assert.equal(uci(rooks, "Rad1"), "a1d1");
});

Deno.test("play refuses a non-integer, an out-of-range encoding and an illegal move, and leaves the position unchanged", () => {
  const position = Chess.start();
  const blackMove = Chess.fromFen(
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
  ).moveFromUci("e7e5");
  const start = Chess.start();
  for (const bad of [1.5, NO_MOVE, 1 << 16, NaN, -0.5, 2 ** 40]) {
    assert.throws(
      () => position.play(bad),
      /Chess.play: move must be an integer in 0…65535, got /,
      String(bad),
    );
  }
  // 1 is b1a1 (a rook's square), blackMove is black's, 4 | 28 << 6 is e1e4.
  for (const bad of [1, blackMove, 4 | 28 << 6, 0]) {
    assert.throws(
      () => position.play(bad),
      /Chess.play: move \d+ \([a-h][1-8][a-h][1-8]\) is not legal in rnbqkbnr/,
      String(bad),
    );
  }
  assert.equal(position.toFen(), start.toFen());
  assert.equal(position.key(), start.key());
  assert.equal(perft(position, 2), 400);
  // Into check: the king next to a rook's file, a pinned knight, a king
  // capturing a defended piece, castling through an attacked square, an en
  // passant capture by a pinned pawn (kind 2; castling is kind 3).
  const cases: [string, string, number][] = [
    ["4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2", 0],
    ["4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", 0],
    ["4k3/8/8/8/8/5n2/3r4/4K3 w - - 0 1", "e1d2", 0],
    ["4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1", 3],
    ["k5K1/8/8/1PpP4/8/1b6/8/8 w - c6 0 1", "d5c6", 2],
  ];
  const index = (name: string) =>
    "abcdefgh".indexOf(name[0]!) + 8 * (Number(name[1]) - 1);
  for (const [fen, uci, kind] of cases) {
    const at = Chess.fromFen(fen);
    const move = index(uci.slice(0, 2)) | index(uci.slice(2)) << 6 |
      kind << 14;
    assert.ok(!at.legalMoves().includes(move), fen);
    assert.throws(
      () => at.play(move),
      new RegExp(`Chess.play: move ${move} \\(${uci}\\) is not legal`),
      fen,
    );
    assert.equal(at.toFen(), fen);
    assert.equal(at.key(), Chess.fromFen(fen).key(), fen);
  }
});

Deno.test("undo refuses any move but the last one played, and leaves the position unchanged", () => {
  const position = Chess.start();
  assert.throws(
    () => position.undo(position.moveFromUci("e2e4")),
    /Chess.undo: move \d+ \(e2e4\) is not the last move played \(no move was played\)/,
  );
  const e4 = position.moveFromUci("e2e4");
  const d4 = position.moveFromUci("d2d4");
  position.play(e4);
  const after = position.toFen(), key = position.key();
  for (const bad of [d4, 1.5, -1, 1 << 16, e4 | 1 << 14]) {
    assert.throws(
      () => position.undo(bad),
      /Chess.undo: move .+ is not the last move played \(e2e4\)/,
      String(bad),
    );
  }
  assert.equal(position.toFen(), after);
  assert.equal(position.key(), key);
  position.undo(e4);
  assert.equal(position.toFen(), Chess.start().toFen());
  assert.equal(position.key(), Chess.start().key());
  assert.equal(perft(position, 2), 400);
});

Deno.test("checkmate: terminal, mated side scores −(CHESS_MATE − plies since the root)", () => {
  const position = Chess.start();
  assert.ok(!position.isTerminal());
  playSan(position, ["f3", "e5", "g4", "Qh4#"]);
  assert.ok(
    position.isCheckmate() && position.isCheck() && position.isTerminal(),
  );
  assert.equal(position.evaluate(), -(CHESS_MATE - 4));
  assert.equal(position.generateMoves(new Int32Array(256)), 0);
  const fromFen = Chess.fromFen(position.toFen());
  assert.equal(fromFen.evaluate(), -CHESS_MATE);
  assert.ok(Math.abs(fromFen.evaluate()) < VALUE_INFINITE);
});

Deno.test("a mate found two moves deep scores CHESS_MATE − 3, one move deep CHESS_MATE − 1", () => {
  const two = Chess.fromFen("k7/8/2K5/8/8/8/8/7R w - - 0 1");
  const result = alphaBeta(two, { depth: 3 });
  assert.equal(result.value, CHESS_MATE - 3);
  const one = Chess.fromFen("k7/8/1K6/8/8/8/8/7R w - - 0 1");
  assert.equal(alphaBeta(one, { depth: 1 }).value, CHESS_MATE - 1);
  assert.equal(one.moveToSan(alphaBeta(one, { depth: 1 }).move), "Rh8#");
});

Deno.test("stalemate, fifty moves and insufficient material are draws worth 0", () => {
  const stalemate = Chess.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  assert.ok(stalemate.isStalemate() && !stalemate.isCheckmate());
  assert.ok(stalemate.isTerminal() && stalemate.evaluate() === 0);
  const fifty = Chess.fromFen("8/8/8/8/8/4k3/8/R3K3 w - - 100 80");
  assert.ok(fifty.isDrawByFiftyMoves() && fifty.isTerminal());
  assert.equal(fifty.evaluate(), 0);
  const notYet = Chess.fromFen("8/8/8/8/8/4k3/8/R3K3 w - - 99 80");
  assert.ok(!notYet.isTerminal() && notYet.evaluate() > 400);
  notYet.play(notYet.moveFromUci("a1a2"));
  assert.ok(notYet.isTerminal() && notYet.evaluate() === 0);
  // A mate on the hundredth ply is still a mate.
  const mateAtFifty = Chess.fromFen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80");
  assert.ok(mateAtFifty.isCheckmate() && mateAtFifty.isDrawByFiftyMoves());
  assert.equal(mateAtFifty.evaluate(), -CHESS_MATE);
  const insufficient = [
    "8/8/8/8/8/4k3/8/4K3 w - - 0 1",
    "8/8/8/8/8/4k3/8/4K1N1 w - - 0 1",
    "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1",
    "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
    "5b2/8/8/4k3/8/8/3B4/2B1K3 w - - 0 1",
  ];
  for (const fen of insufficient) {
    const position = Chess.fromFen(fen);
    assert.ok(position.isInsufficientMaterial() && position.isTerminal(), fen);
    assert.equal(position.evaluate(), 0, fen);
  }
  const sufficient = [
    "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
    "5b2/8/8/4k3/8/8/8/2B1KB2 w - - 0 1",
    "8/8/8/8/8/4k3/8/1NN1K3 w - - 0 1",
    "8/8/8/8/8/4k3/7p/4K3 w - - 0 1",
    "8/8/8/8/8/4k3/8/1N2KB2 w - - 0 1",
  ];
  for (const fen of sufficient) {
    const position = Chess.fromFen(fen);
    assert.ok(
      !position.isInsufficientMaterial() && !position.isTerminal(),
      fen,
    );
  }
});

Deno.test("repetition: once since the root ends the line; before the root it takes three", () => {
  const shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
  const position = Chess.start();
  for (const uci of shuffle) {
    assert.ok(!position.isTerminal());
    position.play(position.moveFromUci(uci));
  }
  assert.ok(position.isTerminal() && position.evaluate() === 0);
  assert.ok(!position.isThreefoldRepetition());
  position.markRoot();
  assert.ok(!position.isTerminal());
  for (const uci of shuffle.slice(0, 3)) {
    position.play(position.moveFromUci(uci));
    assert.ok(!position.isTerminal(), uci);
  }
  position.play(position.moveFromUci("f6g8"));
  assert.ok(position.isThreefoldRepetition() && position.isTerminal());
  // A capture or pawn move in between: the earlier positions cannot recur.
  const reset = Chess.start();
  for (const uci of ["e2e4", "e7e5", ...shuffle]) {
    reset.play(reset.moveFromUci(uci));
  }
  assert.ok(reset.isTerminal());
  const clone = reset.clone();
  assert.ok(clone.isTerminal() && clone.toFen() === reset.toFen());
});

Deno.test("evaluate(): material plus tables from the side to move's view", () => {
  const position = Chess.start();
  assert.equal(position.evaluate(), 0);
  position.play(position.moveFromUci("e2e4"));
  // e2 → e4 is worth 20 − (−20) = 40 for white; black is to move.
  assert.equal(position.evaluate(), -40);
  const queenUp = Chess.fromFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  const queenDown = Chess.fromFen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
  assert.equal(queenUp.evaluate(), -queenDown.evaluate());
  assert.ok(queenUp.evaluate() > 850 && queenUp.evaluate() < 950);
  // Kings only: both on the endgame table, symmetric.
  assert.equal(
    Chess.fromFen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").isTerminal(),
    true,
  );
});

Deno.test("generateNoisyMoves(): captures and promotions most valuable victim first, checks on demand", () => {
  // Rook before knight; among equal victims the cheaper attacker first.
  const position = Chess.fromFen("3qk3/8/8/3r4/8/1nN5/P7/3QK3 w - - 0 1");
  assert.deepEqual(noisy(position), ["Nxd5", "Qxd5", "axb3", "Qxb3"]);
  const promotions = Chess.fromFen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  assert.deepEqual(noisy(promotions), [
    "axb8=Q+",
    "axb8=R+",
    "a8=Q",
    "axb8=B",
    "axb8=N",
    "a8=R",
    "a8=B",
    "a8=N",
  ]);
  const checks = Chess.fromFen("4k3/8/8/8/8/8/5n2/R3K3 w - - 0 1");
  assert.deepEqual(noisy(checks), ["Kxf2"]);
  checks.noisyChecks = true;
  assert.deepEqual(noisy(checks), ["Kxf2", "Ra8+"]);
});

/** The same position with the colours swapped and the board upside down. */
function mirror(fen: string): string {
  const [placement, side, castling, ep, ...clocks] = fen.split(" ");
  const swapCase = (text: string) =>
    Array.from(
      text,
      (c) => c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
    ).join("");
  const rights = castling === "-"
    ? "-"
    : "KQkq".split("").filter((c) => swapCase(castling!).includes(c)).join("");
  return [
    swapCase(placement!.split("/").reverse().join("/")),
    side === "w" ? "b" : "w",
    rights,
    ep === "-" ? "-" : ep![0] + (ep![1] === "3" ? "6" : "3"),
    ...clocks,
  ].join(" ");
}

Deno.test("colour symmetry: a mirrored position has the same value, moves and verdict, and another key", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
      const random = new Random(seed);
      const position = Chess.start();
      const plies = random.nextUint32() % 80;
      for (let ply = 0; ply < plies && !position.isTerminal(); ply++) {
        const moves = position.legalMoves();
        position.play(moves[random.nextUint32() % moves.length]!);
      }
      const fen = position.toFen();
      const a = Chess.fromFen(fen), b = Chess.fromFen(mirror(fen));
      assert.equal(mirror(mirror(fen)), fen);
      assert.equal(b.toFen(), mirror(fen));
      assert.equal(a.evaluate(), b.evaluate(), fen);
      assert.equal(a.isTerminal(), b.isTerminal(), fen);
      assert.equal(perft(a, 2), perft(b, 2), fen);
      assert.equal(a.turn(), -b.turn());
      assert.notEqual(a.key(), b.key());
    }),
    { seed: 42, numRuns: 200 },
  );
});

Deno.test("clone() is independent: moves on the copy leave the original as it was", () => {
  const position = Chess.start();
  position.play(position.moveFromUci("e2e4"));
  const before = position.toFen(), key = position.key();
  const copy = position.clone();
  const e5 = copy.moveFromUci("e7e5");
  copy.play(e5);
  assert.equal(position.toFen(), before);
  assert.equal(position.key(), key);
  assert.equal(position.ply, 1);
  assert.equal(copy.ply, 2);
  copy.undo(e5);
  assert.equal(copy.toFen(), before);
  copy.undo(Chess.start().moveFromUci("e2e4"));
  assert.equal(copy.toFen(), Chess.start().toFen());
  assert.equal(position.toFen(), before);
});

Deno.test("a game longer than the preallocated stack: 1,000 plies played and undone, clone included", () => {
  const position = Chess.start();
  const played: number[] = [];
  for (let ply = 0; ply < 1000; ply++) {
    const uci = ["g1f3", "g8f6", "f3g1", "f6g8"][ply % 4]!;
    const move = position.moveFromUci(uci);
    position.play(move);
    played.push(move);
  }
  assert.equal(position.ply, 1000);
  assert.ok(position.isThreefoldRepetition() && position.isTerminal());
  const copy = position.clone();
  for (let i = played.length - 1; i >= 0; i--) position.undo(played[i]!);
  assert.equal(position.toFen(), Chess.start().toFen());
  assert.equal(position.key(), Chess.start().key());
  assert.equal(copy.ply, 1000);
  assert.equal(
    copy.toFen(),
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000 501",
  );
});

Deno.test("Chess: taken back past the root, the root follows the game, so a mate scores within ±CHESS_MATE and repetitions count from the line (found by review)", () => {
  for (const generated of [false, true]) {
    const position = Chess.start();
    const played: number[] = [];
    for (const san of ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]) {
      const move = position.moveFromSan(san);
      position.play(move);
      played.push(move);
    }
    position.markRoot();
    for (const move of played.reverse()) {
      if (generated) position.undoGenerated(move);
      else position.undo(move);
    }
    for (const san of ["f3", "e5", "g4"]) {
      position.play(position.moveFromSan(san));
    }
    const result = alphaBeta(position, { depth: 1 });
    assert.equal(position.moveToSan(result.move), "Qh4#");
    // The root went back to the start with the moves: the same value as
    // the same three moves played on a fresh game (the mate four plies
    // from its start), within ±CHESS_MATE; it was CHESS_MATE + 2.
    const fresh = Chess.start();
    for (const san of ["f3", "e5", "g4"]) fresh.play(fresh.moveFromSan(san));
    assert.equal(result.value, alphaBeta(fresh, { depth: 1 }).value);
    assert.equal(result.value, CHESS_MATE - 4, `generated ${generated}`);
    position.play(result.move);
    assert.ok(Math.abs(position.evaluate()) <= CHESS_MATE);
  }
});

Deno.test("Chess.undo refuses the null move's marker, and undoNull past the root moves the root back, as undo does", () => {
  const position = Chess.start();
  const before = position.toFen();
  position.playNull();
  // -2 is what the move stack holds after playNull; undo used to unmake it
  // as a real move, taking the g8 knight off the board.
  assert.throws(
    () => position.undo(-2),
    /Chess\.undo: move -2 is not the last move played \(a null move\)/,
  );
  position.undoNull();
  assert.equal(position.toFen(), before);
  // A root marked after a pass, then the pass taken back: mates and
  // repetitions count from the game as it is again, as with play/undo.
  const viaNull = Chess.start();
  viaNull.playNull();
  viaNull.markRoot();
  viaNull.undoNull();
  const viaMove = Chess.start();
  const e4 = viaMove.moveFromUci("e2e4");
  viaMove.play(e4);
  viaMove.markRoot();
  viaMove.undo(e4);
  for (const p of [viaNull, viaMove]) {
    playSan(p, ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
  }
  assert.equal(viaNull.isTerminal(), true);
  assert.equal(viaNull.isTerminal(), viaMove.isTerminal());
  assert.equal(viaNull.evaluate(), viaMove.evaluate());
});
