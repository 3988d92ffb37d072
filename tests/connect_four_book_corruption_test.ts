// Damaged opening books: every corruption of data/connect4/book.txt (and of
// small books) is an error naming the file and the line, never a silently
// wrong score; `deno task solve --book-file` refuses such a book with one
// line and exit 2.
import assert from "node:assert/strict";
import { ConnectFour, ConnectFourBook } from "../mod.ts";
import { assertCleanFailure, runCli } from "./_cli.ts";

const BOOK = Deno.readTextFileSync(
  new URL("../data/connect4/book.txt", import.meta.url),
);
const ROWS = BOOK.split("\n");
/** The 1-based line number of the data line for `moves`. */
const lineOf = (moves: string) =>
  ROWS.findIndex((row) => row.startsWith(`${moves} `)) + 1;
/** The book without the data lines whose moves match `pattern`. */
const without = (pattern: RegExp) =>
  ROWS.filter((row) => !pattern.test(row.split(" ")[0]!)).join("\n");
/** The book with the data line for `moves` replaced by `line`. */
const replaced = (moves: string, line: string) =>
  ROWS.map((row) => row.startsWith(`${moves} `) ? line : row).join("\n");
const END = ROWS.length; // the book ends with a newline: "" is the last row
const parse = (text: string) =>
  ConnectFourBook.parse(text, { source: "book.txt", allAfter: 2 });

Deno.test("book corruption: each damaged copy of book.txt is an error naming book.txt:<line> and the rule", () => {
  const cases: [string, string, RegExp][] = [
    // The case: the first move 4 given a score its moves contradict.
    [
      "4 5 appended",
      BOOK + "4 5\n",
      new RegExp(
        `^ConnectFourBook\\.parse: book\\.txt:${END}: 4 scores 5, but the scores of its moves give -1 \\(the largest of their negated scores\\)$`,
      ),
    ],
    [
      "the first move 1 given a wrong score",
      BOOK + "1 0\n",
      new RegExp(
        `book\\.txt:${END}: 1 scores 0, but the scores of its moves give 2`,
      ),
    ],
    [
      "a duplicate line, same score",
      BOOK + "44 1\n",
      new RegExp(
        `book\\.txt:${END}: 44 is listed again \\(first at line ${
          lineOf("44")
        }, score 1; here 1\\)`,
      ),
    ],
    [
      "a duplicate line, another score",
      BOOK + "44 3\n",
      new RegExp(`book\\.txt:${END}: 44 is listed again .*here 3`),
    ],
    [
      "the whole file twice",
      BOOK + BOOK,
      new RegExp(`book\\.txt:${END + lineOf("11") - 1}: 11 is listed again`),
    ],
    [
      "a mirror image with another score",
      replaced("45", "45 3 359523575 44.1 mirror:43"),
      new RegExp(
        `book\\.txt:${lineOf("45")}: 45 scores 3, but line ${
          lineOf("43")
        } gives 43 \\(the same position or its mirror\\) 2`,
      ),
    ],
    [
      // 3431 is no position of the cover: nothing else gives its score.
      "a missing line (3431, whose mirror 5457 is no line either)",
      without(/^3431$/),
      new RegExp(
        // 3432 takes the lost line's place.
        `book\\.txt:${
          lineOf("3431")
        }: 3432 is given but not 3431 \\(nor its mirror 5457\\): a book gives every move`,
      ),
    ],
    [
      "a whole family missing (41…47)",
      without(/^4\d$/),
      /^ConnectFourBook\.parse: book\.txt: 41 \(nor its mirror 47\) is missing: the book must hold every position after 2 moves \(allAfter\)$/,
    ],
    [
      "only the comments left",
      ROWS.filter((row) => row.startsWith("#")).join("\n") + "\n",
      /book\.txt: 11 \(nor its mirror 77\) is missing/,
    ],
    ["an empty file", "", /book\.txt: 11 \(nor its mirror 77\) is missing/],
    [
      "a truncated last line",
      BOOK.slice(0, -4),
      new RegExp(
        `book\\.txt:${
          END - 1
        }: the last line does not end with a newline \\(a truncated file\\?\\), got "77 1 613479152 81\\.1 mirror"`,
      ),
    ],
    [
      "cut after a score",
      BOOK.slice(0, BOOK.indexOf("\n44 ") + 5),
      new RegExp(`book\\.txt:${lineOf("44")}: the last line does not end`),
    ],
    [
      "cut in the middle of the moves",
      BOOK.slice(0, BOOK.indexOf("\n44 ") + 2),
      new RegExp(`book\\.txt:${lineOf("44")}: the last line does not end`),
    ],
    [
      "a garbage line",
      BOOK + "garbage\n",
      new RegExp(
        `book\\.txt:${END}: expected "<moves> <score> …", got "garbage"`,
      ),
    ],
    [
      "binary bytes",
      BOOK + "\u0000\u00ff\u0001 7\n",
      new RegExp(
        `book\\.txt:${END}: expected "<moves> <score> …", got "\\\\u0000`,
      ),
    ],
    [
      "a score that is not a number",
      replaced("33", "33 x"),
      new RegExp(
        `book\\.txt:${
          lineOf("33")
        }: the score must be an exact integer .* got "x"`,
      ),
    ],
    [
      "bounds instead of a score",
      replaced("33", "33 -1..1 5 1.0 stopped"),
      new RegExp(
        `book\\.txt:${lineOf("33")}: the score must be an exact integer`,
      ),
    ],
    [
      "a fractional score",
      replaced("33", "33 0.5"),
      /the score must be an exact integer .* got "0\.5"/,
    ],
    [
      "a score out of range",
      replaced("33", "33 19"),
      new RegExp(
        `book\\.txt:${lineOf("33")}: the score must lie in -18…18, got 19`,
      ),
    ],
    [
      "a plus sign",
      replaced("33", "33 +0"),
      /the score must be an exact integer .* got "\+0"/,
    ],
    [
      "a stray third field",
      replaced("33", "33 0 146569906"),
      new RegExp(
        `book\\.txt:${
          lineOf("33")
        }: expected "<moves> <score>" or "<moves> <score> <nodes> <seconds> solved\\|mirror:<mirrored moves>", got "33 0 146569906"`,
      ),
    ],
    [
      "a mirror tag naming the wrong twin",
      replaced("45", "45 2 359523575 44.1 mirror:42"),
      new RegExp(`book\\.txt:${lineOf("45")}: expected "<moves> <score>" or`),
    ],
    [
      "an unknown how",
      replaced("44", "44 1 372782599 60.2 guessed"),
      new RegExp(`book\\.txt:${lineOf("44")}: expected "<moves> <score>" or`),
    ],
    [
      "nodes that are not a count",
      replaced("44", "44 1 37x 60.2 solved"),
      new RegExp(`book\\.txt:${lineOf("44")}: expected "<moves> <score>" or`),
    ],
    [
      "a digit outside 1-7",
      replaced("33", "38 0"),
      new RegExp(
        `book\\.txt:${lineOf("33")}: expected "<moves> <score> …", got "38 0"`,
      ),
    ],
    [
      "a line without a score",
      replaced("33", "33"),
      new RegExp(
        `book\\.txt:${lineOf("33")}: expected "<moves> <score> …", got "33"`,
      ),
    ],
    [
      "moves longer than a game",
      BOOK + "1".repeat(43) + " 0\n",
      new RegExp(`book\\.txt:${END}: expected "<moves> <score> …"`),
    ],
    [
      "an illegal position",
      BOOK + "4444444 0\n",
      new RegExp(
        `book\\.txt:${END}: ConnectFour\\.parse: column 4 is full at index 6`,
      ),
    ],
    [
      "a finished game",
      BOOK + "4455667 0\n",
      new RegExp(`book\\.txt:${END}: the game is over after 4455667`),
    ],
    [
      "a score impossible for the move count",
      BOOK + "44444455 18\n",
      new RegExp(
        `book\\.txt:${END}: 44444455 scores 18, impossible after 8 moves: the score must lie in -17…17`,
      ),
    ],
    [
      "a loss impossible for the move count",
      BOOK + "444444556 -18\n",
      new RegExp(
        `book\\.txt:${END}: 444444556 scores -18, impossible after 9 moves: the score must lie in -16…17`,
      ),
    ],
    [
      "the side to move wins at once but scores otherwise",
      BOOK + "151515 17\n",
      new RegExp(
        `book\\.txt:${END}: 151515 scores 17, but the side to move wins at once there: its score is 18`,
      ),
    ],
    [
      "a transposition with another score",
      BOOK + "1234 0\n3214 1\n",
      new RegExp(
        `book\\.txt:${
          END + 1
        }: 3214 scores 1, but line ${END} gives 1234 \\(the same position or its mirror\\) 0`,
      ),
    ],
  ];
  assert.ok(cases.length >= 30, `${cases.length} corruptions`);
  for (const [what, text, message] of cases) {
    assert.throws(() => parse(text), (error: Error) => {
      assert.match(error.message, message, what);
      return true;
    }, what);
  }
});

Deno.test("book corruption: what is accepted — a mirror or a transposition that agrees, a shallower line that agrees, CRLF, tabs", () => {
  const book = parse(BOOK);
  assert.deepEqual([book.given, book.derived, book.size], [334, 5, 339]);
  // A line whose moves are all given may be left out: its score follows
  // (44, a position of the cover, and 343 after it).
  for (const moves of ["44", "343"]) {
    const left = parse(without(new RegExp(`^${moves}$`)));
    assert.equal(
      left.lookup(ConnectFour.parse(moves)),
      book.lookup(ConnectFour.parse(moves)),
      moves,
    );
  }
  // The first move 4 and the empty board given with the scores their moves
  // give: accepted (checked against the moves, so not added again).
  const agreeing = parse(BOOK + "4 -1\n# the empty board follows\n");
  assert.equal(agreeing.lookup(ConnectFour.parse("4")), -1);
  assert.equal(agreeing.lookup(ConnectFour.parse("")), 1);
  assert.deepEqual([agreeing.given, agreeing.derived], [335, 4]);
  // Windows line ends and tabs between fields.
  const crlf = parse(BOOK.replaceAll("\n", "\r\n").replaceAll(" 0 ", "\t0\t"));
  assert.equal(crlf.lookup(ConnectFour.parse("")), 1);
  // Without allAfter a book of one family is whole; its transposition agrees.
  const small = ConnectFourBook.parse(
    "4444441 -1\n4444442 0\n4444443 1\n4444445 1\n4444446 0\n4444447 -1\n",
  );
  assert.equal(small.lookup(ConnectFour.parse("444444")), 1);
});

Deno.test("book corruption: a family with a line lost is an error even without allAfter; a parent that wins at once needs no family", () => {
  assert.throws(
    () =>
      ConnectFourBook.parse(
        "4444441 -1\n4444442 0\n4444446 0\n4444447 -1\n",
      ),
    /^Error: ConnectFourBook\.parse: line 1: 4444441 is given but not 4444443 \(nor its mirror 4444445\): a book gives every move from a position \(a line lost\?\)$/,
  );
  // 44444 lost: 444441 would be the mirror of 444447; both are gone.
  assert.throws(
    () => ConnectFourBook.parse("444442 0\n444443 0\n444444 1\n"),
    /line 1: 444442 is given but not 444441 \(nor its mirror 444447\)/,
  );
  // After 151515 the first player wins at once in column 1: a line for
  // 1515152 (where the second player then wins at once) stands alone.
  const parent = ConnectFour.parse("151515");
  assert.ok(parent.isWinningMove(0));
  const book = ConnectFourBook.parse("1515152 18\n");
  assert.equal(book.lookup(ConnectFour.parse("1515152")), 18);
  assert.equal(book.lookup(parent), null);
});

Deno.test("book corruption: bad options are errors naming the option, the value and the rule", () => {
  const cases: [unknown, RegExp][] = [
    [{ allAfter: 5 }, /allAfter must be an integer in 0…4, got 5/],
    [{ allAfter: 1.5 }, /allAfter must be an integer in 0…4, got 1\.5/],
    [{ allAfter: -1 }, /allAfter must be an integer in 0…4, got -1/],
    [{ source: 3 }, /source must be a string, got 3/],
    [{ sourc: "x" }, /unknown option "sourc"; known options: source, allAfter/],
    [[], /options must be an object/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => ConnectFourBook.parse(BOOK, options as object),
      (error: Error) =>
        error.message.startsWith("ConnectFourBook.parse: ") &&
        message.test(error.message),
    );
  }
  assert.throws(
    () => ConnectFourBook.parse(42 as unknown as string),
    /^Error: ConnectFourBook\.parse: text must be a string, got 42$/,
  );
  // allAfter: 0 asks for the empty board: derived from the 2-move lines.
  assert.equal(
    ConnectFourBook.parse(BOOK, { allAfter: 0 }).lookup(ConnectFour.parse("")),
    1,
  );
});

Deno.test("deno task solve --book-file: a damaged copy of the book is one line naming file:line and exit 2; the intact copy answers", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const bad = `${dir}/book.txt`;
    Deno.writeTextFileSync(bad, BOOK + "4 5\n");
    const run = await runCli(
      "solve.ts",
      ["--threads", "1", "--book-file", bad],
      { stdin: "4\n-\n" },
    );
    assertCleanFailure(
      run,
      new RegExp(
        `^solve: --book-file: cannot use ${bad}: ConnectFourBook\\.parse: ${bad}:${END}: 4 scores 5, but the scores of its moves give -1 .* \\(see --help\\)\\n$`,
      ),
      "solve --book-file with a contradiction",
    );
    assert.equal(run.stdout, "");
    const good = `${dir}/good.txt`;
    Deno.writeTextFileSync(good, BOOK);
    const ok = await runCli(
      "solve.ts",
      ["--threads", "1", `--book-file=${good}`],
      { stdin: "4\n-\n" },
    );
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /^4 -1 0 \d+ book\n- 1 0 \d+ book\n$/);
    const missing = await runCli(
      "solve.ts",
      ["--threads", "1", "--book-file", `${dir}/none.txt`],
      { stdin: "4\n" },
    );
    assertCleanFailure(
      missing,
      /^solve: --book-file: cannot use .*none\.txt: .* \(see --help\)\n$/,
      "solve --book-file with no such file",
    );
    // A folder (found by review: the line named --book and had no hint).
    const folder = await runCli(
      "solve.ts",
      ["--threads", "1", "--book-file", dir],
      { stdin: "4\n" },
    );
    assertCleanFailure(
      folder,
      new RegExp(
        `^solve: --book-file: cannot use ${dir}: .* \\(see --help\\)\\n$`,
      ),
      "solve --book-file with a folder",
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
