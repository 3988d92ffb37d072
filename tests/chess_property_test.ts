// Property tests over the chess surface (issue #19): bad FENs and move
// strings give a clear Error or a correct parse, never a wrong position or
// a TypeError; play/undo of long random games restore FEN and key at every
// step back; play refuses exactly the moves that are not legal; SAN round
// trips; legality agrees with chess.js. Seeded, a few seconds each.
import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess as ChessJs } from "chess.js";
import { Chess, Random } from "../mod.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const PERFT_FENS = Deno.readTextFileSync(
  new URL("../data/chess/perft.txt", import.meta.url),
).trim().split("\n").map((line) => line.split(";")[0]!.trim());
const STARTS = [START, ...PERFT_FENS];

/** A random game from `fen`: the positions reached, at most `plies` moves in. */
function randomGame(seed: number, fen: string, plies: number): Chess[] {
  const random = new Random(seed);
  const position = Chess.fromFen(fen);
  const positions = [position.clone()];
  for (let ply = 0; ply < plies; ply++) {
    const moves = position.legalMoves();
    if (moves.length === 0) break;
    position.play(moves[random.int(0, moves.length - 1)]!);
    positions.push(position.clone());
  }
  return positions;
}

/** Asserts that `run` returns, or throws a plain Error whose message starts with `where`. */
function cleanOutcome<T>(run: () => T, where: string, what: string): T | null {
  try {
    return run();
  } catch (error) {
    assert.equal((error as Error).constructor, Error, `${what}: ${error}`);
    assert.ok(
      (error as Error).message.startsWith(`${where}: `),
      `${what}: ${(error as Error).message}`,
    );
    return null;
  }
}

/** A FEN with one to three random edits (insert, delete, replace) from FEN characters. */
const mutatedFen = fc.tuple(
  fc.constantFrom(...STARTS),
  fc.array(
    fc.tuple(
      fc.nat(),
      fc.constantFrom("insert", "delete", "replace"),
      fc.constantFrom(..."pnbrqkPNBRQK12345678/ -wbKQkqa3e6h60 \n\t"),
    ),
    { minLength: 1, maxLength: 3 },
  ),
).map(([fen, edits]) => {
  let text = fen;
  for (const [at, edit, c] of edits) {
    const i = at % (text.length + 1);
    text = edit === "insert"
      ? text.slice(0, i) + c + text.slice(i)
      : edit === "delete"
      ? text.slice(0, i) + text.slice(i + 1)
      : text.slice(0, i) + c + text.slice(i + 1);
  }
  return text;
});

Deno.test("Chess.fromFen on mutated and random FENs: a clear Error, or the position chess.js reads, that round-trips", () => {
  let accepted = 0;
  fc.assert(
    fc.property(
      fc.oneof(
        { weight: 4, arbitrary: mutatedFen },
        { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
      ),
      (fen) => {
        const position = cleanOutcome(
          () => Chess.fromFen(fen),
          "Chess.fromFen",
          JSON.stringify(fen),
        );
        if (position === null) return;
        accepted++;
        const written = position.toFen();
        assert.equal(Chess.fromFen(written).toFen(), written, fen);
        assert.equal(Chess.fromFen(written).key(), position.key(), fen);
        // chess.js reads the same position from what was given (move
        // number 0 aside, which it refuses and this library reads as 1).
        const fields = fen.trim().split(/\s+/);
        if (fields.length === 4) fields.push("0", "1");
        if (/^0+$/.test(fields[5]!)) fields[5] = "1";
        const theirs = new ChessJs(fields.join(" "));
        assert.equal(theirs.fen(), written, fen);
        assert.equal(theirs.moves().length, position.legalMoves().length);
      },
    ),
    { seed: 1, numRuns: 3000 },
  );
  assert.ok(accepted > 50, `only ${accepted} FENs accepted`);
});

const opt = (chars: string) => fc.constantFrom("", ...chars);
const square = fc.tuple(
  fc.constantFrom(..."abcdefgh"),
  fc.constantFrom(..."12345678"),
)
  .map(([file, rank]) => file + rank);
/** Strings made mostly of SAN and UCI characters, or shaped like SAN or UCI moves. */
const moveText = fc.oneof(
  fc.string({
    unit: fc.constantFrom(..."NBRQKPabcdefgh12345678x=+#O0-!?"),
    minLength: 1,
    maxLength: 7,
  }),
  fc.string({ maxLength: 8 }),
  fc.tuple(
    opt("NBRQK"),
    opt("abcdefgh"),
    opt("12345678"),
    opt("x"),
    square,
    fc.constantFrom("", "", "=Q", "=N", "Q", "=K"),
    opt("+#"),
  ).map((parts) => parts.join("")),
  fc.tuple(square, square, opt("nbrqk")).map((parts) => parts.join("")),
  fc.constantFrom("O-O", "O-O-O", "0-0", "0-0-0", "O-O+", "o-o"),
);

/** A pick of a legal move, an edit of its text, and whether to write it in UCI. */
const nearMove = fc.tuple(
  fc.nat(),
  fc.constantFrom(
    (text: string) => text,
    (text: string) => text.replace("x", ""),
    (text: string) => text.replace(/^([a-h])([1-8])/, "$1x$1$2"),
    (text: string) => text.replace(/^([NBRQK]?)([a-h])/, "$1$2x"),
    (text: string) => text.replace(/=?[NBRQnbrq]$/, ""),
    (text: string) => text.replace(/=[NBRQ]/, "=N"),
    (text: string) => text.replace(/[+#]$/, "") + "#",
    (text: string) => text + "=Q",
    (text: string) => text + "q",
    (text: string) => text.replace(/^[NBRQK]/, ""),
    (text: string) => text.replace(/[a-h]/, "a"),
    (text: string) => text.slice(1),
  ),
  fc.boolean(),
);

Deno.test("moveFromSan and moveFromUci on random strings: a legal move that agrees with chess.js, or a clear Error", () => {
  const positions = [
    ...randomGame(3, START, 60),
    ...PERFT_FENS.map((fen) => Chess.fromFen(fen)),
    // Promotions, captures and en passant, drawn more often.
    ...Array.from({ length: 6 }, () => [
      Chess.fromFen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
      Chess.fromFen("r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1"),
    ]).flat(),
  ];
  let sans = 0, ucis = 0;
  fc.assert(
    fc.property(fc.nat(positions.length - 1), moveText, nearMove, (
      index,
      random,
      [pick, edit, useUci],
    ) => {
      const position = positions[index]!;
      const fen = position.toFen();
      const legal = position.legalMoves();
      // Half the strings are a legal move's SAN or UCI, edited a little.
      let text = random;
      if (pick % 2 === 0 && legal.length > 0) {
        const move = legal[pick % legal.length]!;
        const written = useUci
          ? position.moveToUci(move)
          : position.moveToSan(move);
        text = edit(written);
      }
      const san = cleanOutcome(
        () => position.moveFromSan(text),
        "Chess.moveFromSan",
        `${JSON.stringify(text)} in ${fen}`,
      );
      // chess.js's strict reading is the reference where it accepts.
      let strict: string | null = null;
      try {
        strict = new ChessJs(fen).move(text, { strict: true }).lan;
      } catch { /* not a move to chess.js */ }
      // ("--" is chess.js's null move, not a move.)
      if (strict !== null && text !== "--") {
        assert.ok(san !== null, `chess.js reads ${text} in ${fen}, we refuse`);
      }
      if (san !== null) {
        sans++;
        assert.ok(legal.includes(san), `${text} in ${fen}`);
        if (strict !== null) assert.equal(position.moveToUci(san), strict);
        // What was read names the move's target square and promotion.
        const uci = position.moveToUci(san);
        if (!/^[O0]/.test(text)) {
          assert.ok(text.includes(uci.slice(2, 4)), `${text} read as ${uci}`);
        }
        if (text.includes("x")) {
          const made = new ChessJs(fen).move({
            from: uci.slice(0, 2),
            to: uci.slice(2, 4),
            promotion: uci[4],
          });
          assert.ok(made.captured !== undefined, `${text} read as ${uci}`);
        }
        if (uci.length === 5) {
          assert.ok(
            text.includes(uci[4]!.toUpperCase()),
            `${text} read as ${uci}`,
          );
        } else {
          assert.ok(!/=|[a-h][18][NBRQ]/.test(text), `${text} read as ${uci}`);
        }
      }
      const uci = cleanOutcome(
        () => position.moveFromUci(text),
        "Chess.moveFromUci",
        `${JSON.stringify(text)} in ${fen}`,
      );
      if (uci !== null) {
        ucis++;
        assert.ok(legal.includes(uci));
        assert.equal(position.moveToUci(uci), text);
      }
      assert.equal(position.toFen(), fen);
    }),
    { seed: 2, numRuns: 6000 },
  );
  assert.ok(sans > 100 && ucis > 20, `read ${sans} SAN and ${ucis} UCI moves`);
});

Deno.test("moveFromSan(moveToSan(m)) is m for every legal move of random positions", () => {
  let checked = 0;
  for (let seed = 0; seed < 5; seed++) {
    for (
      const position of randomGame(seed, STARTS[seed % STARTS.length]!, 80)
    ) {
      const sans = position.sanMoves();
      position.legalMoves().forEach((move, i) => {
        assert.equal(position.moveFromSan(sans[i]!), move, sans[i]);
        checked++;
      });
    }
  }
  assert.ok(checked > 5_000, `${checked} moves`);
});

Deno.test("play/undo of long random games restore the FEN and key at every step back; play refuses exactly the illegal moves, leaving the position unchanged", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.constantFrom(...STARTS),
      (seed, start) => {
        const random = new Random(seed);
        const position = Chess.fromFen(start);
        const fens = [position.toFen()], keys = [position.key()];
        const played: number[] = [];
        for (let ply = 0; ply < 300; ply++) {
          const legal = position.legalMoves();
          if (legal.length === 0) break;
          // Near misses (one bit of a legal move flipped) and random integers.
          const probes = [random.int(0, 0xffff), random.int(-5, 70000)];
          for (let k = 0; k < 4; k++) {
            const base = legal[random.int(0, legal.length - 1)]!;
            probes.push(base ^ 1 << random.int(0, 15));
          }
          for (const probe of probes) {
            if (legal.includes(probe)) continue;
            assert.throws(() => position.play(probe), /Chess\.play: move /);
            assert.equal(position.key(), keys.at(-1));
          }
          if (played.length > 0) {
            const notLast = played.at(-1)! ^ 1 << random.int(0, 15);
            assert.throws(() => position.undo(notLast), /Chess\.undo: /);
          }
          const move = legal[random.int(0, legal.length - 1)]!;
          position.play(move);
          played.push(move);
          fens.push(position.toFen());
          keys.push(position.key());
        }
        while (played.length > 0) {
          position.undo(played.pop()!);
          assert.equal(position.toFen(), fens[played.length]);
          assert.equal(position.key(), keys[played.length]);
        }
        assert.equal(position.ply, 0);
        assert.throws(() => position.undo(0), /no move was played/);
      },
    ),
    { seed: 3, numRuns: 40 },
  );
});

Deno.test("legal moves agree with chess.js on random positions", () => {
  let positions = 0;
  for (let seed = 100; seed < 110; seed++) {
    for (
      const position of randomGame(seed, STARTS[seed % STARTS.length]!, 80)
    ) {
      const ours = position.legalMoves().map((m) => position.moveToUci(m));
      const theirs = new ChessJs(position.toFen()).moves({ verbose: true })
        .map((m) => m.lan);
      assert.deepEqual(ours.sort(), theirs.sort(), position.toFen());
      positions++;
    }
  }
  assert.ok(positions > 500, `${positions} positions`);
});
