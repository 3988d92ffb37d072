// The opening book against what a student meets: every position a game of
// sensible play reaches before the book's ply answers with every column
// proven, in the terminal (deno task play) and on the site's play page, and
// both engines play the column the cover assumes. The book's solves are not
// repeated here: the book's own tests check its scores against the solver.
import assert from "node:assert/strict";
import {
  columnScores,
  ConnectFour,
  ConnectFourBook,
  COVER_START,
  coverNext,
  type CoverPosition,
  engineColumn,
  nextCoverLevel,
  sensibleColumns,
} from "../mod.ts";
import { createPlaySession } from "../src/play/mod.ts";
import { bestColumn, ConnectFourHints } from "../src/play/web/c4_hints.ts";
import { DEFAULT_BOOK_PLIES } from "../src/course/connect_four/opening_book.ts";

const TEXT = Deno.readTextFileSync(
  new URL("../data/connect4/book.txt", import.meta.url),
);

/** The ply the committed book says it covers sensible play to. */
function bookPlies(): number {
  const plies = /^# play reaches before ply (\d+):/m.exec(TEXT)?.[1];
  assert.ok(plies, "book.txt's header says which plies it covers");
  return Number(plies);
}

/** Every position of the cover before `plies`, by the book's scores. */
function coverOf(book: ConnectFourBook, plies: number): CoverPosition[] {
  const all: CoverPosition[] = [];
  let level: readonly CoverPosition[] = COVER_START;
  for (let ply = 0; ply < plies; ply++) {
    const { next, unknown } = nextCoverLevel(level, (c) => book.lookup(c));
    assert.deepEqual(unknown, [], `ply ${ply}: positions the book leaves open`);
    all.push(...level);
    level = next;
  }
  return all;
}

Deno.test("sensible columns and the engine's column", () => {
  // Non-losing columns when there are any; else those that lose latest.
  assert.deepEqual(sensibleColumns([1, 0, -1, undefined, 2, 0, -3]), [
    0,
    1,
    4,
    5,
  ]);
  assert.deepEqual(sensibleColumns([-4, -2, -2, -9, -9, -9, -9]), [1, 2]);
  assert.throws(() => sensibleColumns([0, null, 0]), /needs a known score/);
  // The highest score; the centre, then the left, on a tie.
  assert.equal(engineColumn([5, 0, 0, 0, 0, 0, 5]), 0);
  assert.equal(engineColumn([0, 0, 1, 0, 1, 0, 0]), 2);
  assert.equal(engineColumn([0, 0, 0, 0, 0, 0, 0]), 3);
  // Role 1 (the human first) branches at even plies, role 2 at odd ones.
  const after4 = ConnectFour.parse("4");
  const scores = [-1, 0, 0, 1, 0, 0, -1];
  assert.deepEqual(coverNext(after4, 1, scores), [[3, 1]]);
  assert.deepEqual(coverNext(after4, 2, scores), [[1, 2], [2, 2], [3, 2], [
    4,
    2,
  ], [5, 2]]);
  // A column that wins at once ends the game: it leads nowhere. Here the
  // first player can win at once: the human may still play any column that
  // does not lose, and the engine wins.
  const threat = ConnectFour.parse("445566");
  const winning = columnScores(threat, () => 0);
  assert.deepEqual(winning, [0, 0, 18, 0, 0, 0, 18]);
  assert.deepEqual(
    coverNext(threat, 3, winning).map(([col, roles]) => `${col + 1}:${roles}`),
    ["1:1", "2:1", "4:1", "5:1", "6:1"],
  );
});

Deno.test("the committed book covers sensible play before its ply, at least the default's", () => {
  const plies = bookPlies();
  assert.ok(plies >= DEFAULT_BOOK_PLIES, `the book covers ${plies} plies`);
  const book = ConnectFourBook.parse(TEXT, {
    source: "book.txt",
    allAfter: 2,
  });
  const cover = coverOf(book, plies);
  const deepest = Math.max(...cover.map((p) => p.moves.length));
  assert.equal(deepest, plies - 1);
  console.log(
    `book.txt: ${book.given} positions given, ${book.derived} derived; ` +
      `${cover.length} positions of sensible play before ply ${plies}`,
  );
});

Deno.test("every position of the cover: the terminal's hint proves every column from the book, and its engine plays the cover's column", () => {
  const book = ConnectFourBook.parse(TEXT);
  for (const { moves } of coverOf(book, DEFAULT_BOOK_PLIES)) {
    const position = ConnectFour.parse(moves);
    const playable = [1, 2, 3, 4, 5, 6, 7].filter((c) =>
      position.canPlay(c - 1)
    );
    // nodes: 0, so nothing but the book and a win at once can prove a column.
    const hint = createPlaySession("connect4", { position: moves, nodes: 0 })
      .input("hint").text;
    assert.match(
      hint,
      new RegExp(`\\nProven: columns ${playable.join(", ")}\\.\\n$`),
      `${moves || "-"}: ${hint}`,
    );
    const engine = createPlaySession("connect4", {
      position: moves,
      first: "engine",
      nodes: 0,
    }).start();
    const expected = engineColumn(
      columnScores(position, (c) => book.lookup(c)),
    );
    assert.match(
      engine,
      new RegExp(`Engine plays column ${expected + 1}\\. \\(perfect: `),
      `${moves || "-"}: ${engine.split("\n")[0]}`,
    );
  }
});

Deno.test("every position of the cover: the play page's hints are exact from the book, and its engine plays the cover's column", () => {
  const book = ConnectFourBook.parse(TEXT);
  const hints = new ConnectFourHints(TEXT, { megabytes: 1 });
  for (const { moves } of coverOf(book, DEFAULT_BOOK_PLIES)) {
    const position = ConnectFour.parse(moves);
    const each = [0, 1, 2, 3, 4, 5, 6].filter((c) => position.canPlay(c))
      .map((c) => hints.column(moves, c, 1)!);
    for (const hint of each) {
      assert.equal(
        hint.lower,
        hint.upper,
        `${moves || "-"} column ${hint.column + 1}: ${hint.source}`,
      );
      assert.ok(hint.source === "book" || hint.source === "end");
    }
    const choice = bestColumn(each);
    assert.ok(choice.proven, moves);
    assert.equal(
      choice.column,
      engineColumn(columnScores(position, (c) => book.lookup(c))),
      moves || "-",
    );
  }
});

Deno.test("columnScores leaves the position as found when scoreAfter throws, and refuses a finished game or a bad argument by name", () => {
  const position = ConnectFour.parse("4455");
  const boom = new Error("boom");
  assert.throws(
    () =>
      columnScores(position, () => {
        throw boom;
      }),
    (error: unknown) => error === boom,
  );
  assert.equal(position.toString(), "4455");
  assert.deepEqual(columnScores(position, () => 0), [0, 0, 0, 0, 0, 0, 0]);
  assert.throws(
    () => columnScores(ConnectFour.parse("4455667"), () => 0),
    /columnScores: position must be a game not over, got "4455667" \(won\): no column can be played/,
  );
  assert.throws(
    () => columnScores("4455" as never, () => 0),
    /columnScores: position must be a ConnectFour, got "4455"/,
  );
  assert.throws(
    () => columnScores(position, 0 as never),
    /columnScores: scoreAfter must be a function, got 0/,
  );
});
