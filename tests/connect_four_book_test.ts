import assert from "node:assert/strict";
import {
  ConnectFour,
  ConnectFourBook,
  ConnectFourSolver,
  randomConnectFour,
} from "../mod.ts";
import { parseFirstMoves } from "../src/course/connect_four/first_moves.ts";

const read = (name: string) =>
  Deno.readTextFileSync(
    new URL(`../data/connect4/${name}`, import.meta.url),
  );

Deno.test("book: bad lines are errors naming the line, the value and the rule", () => {
  const cases: [string, RegExp][] = [
    ["# c\n4 x\n", /line 2: the score must be an exact integer .* got "x"/],
    ["4 -1..1 5 1.0 stopped\n", /line 1: the score must be an exact integer/],
    ["4 19\n", /line 1: the score must lie in -18…18, got 19/],
    ["4444444 0\n", /line 1: ConnectFour\.parse: column 4 is full/],
    ["4455667 0\n", /line 1: the game is over after 4455667/],
    ["44 x y\nfoo\n", /line 1: the score must be an exact integer/],
    ["foo 1\n", /line 1: expected "<moves> <score> …", got "foo 1"/],
    [
      "1 2\n7 1\n",
      /line 2: 7 scores 1, but line 1 gives 1 \(the same position or its mirror\) 2/,
    ],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => ConnectFourBook.parse(text), message);
  }
});

Deno.test("book: a parent whose children are all given gets the negamax of their scores, equal to the solver's score", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 20, threads: 1 });
  let derivedParents = 0;
  for (let seed = 1; seed <= 16; seed++) {
    const parent = randomConnectFour(16, 31 * seed);
    if (parent.isTerminal()) continue;
    const moves = parent.toString();
    const lines: string[] = [];
    let winsAtOnce = false;
    for (let column = 0; column < 7; column++) {
      if (!parent.canPlay(column)) continue;
      const child = ConnectFour.parse(moves + (column + 1));
      if (child.isTerminal()) winsAtOnce = true;
      else lines.push(`${moves}${column + 1} ${solver.solve(child).score}`);
    }
    const book = ConnectFourBook.parse(lines.join("\n") + "\n");
    if (winsAtOnce) {
      // Not derived: a move that wins at once has no book line.
      assert.equal(book.lookup(parent), null);
    } else {
      assert.equal(book.lookup(parent), solver.solve(parent).score, moves);
      assert.equal(book.derived, 1);
      derivedParents++;
    }
  }
  assert.ok(derivedParents >= 6, `${derivedParents} parents derived`);
});

Deno.test("book: the committed book holds every 2-move position exactly; its first moves equal the separately solved ones and its empty board the weak solve", () => {
  const text = read("book.txt");
  const lines = parseFirstMoves(text);
  // The 49 two-move positions, then the cover of sensible play (see
  // tests/connect_four_cover_test.ts): 358 exact lines in all.
  assert.equal(lines.filter((line) => line.moves.length === 2).length, 49);
  assert.equal(lines.length, 358);
  assert.ok(lines.every((line) => line.lower === line.upper));
  const byMoves = new Map(lines.map((line) => [line.moves, line]));
  for (let a = 1; a <= 7; a++) {
    for (let b = 1; b <= 7; b++) {
      const line = byMoves.get(`${a}${b}`);
      assert.ok(line !== undefined && line.lower === line.upper, `${a}${b}`);
      assert.equal(
        line.lower,
        byMoves.get(`${8 - a}${8 - b}`)!.lower,
        "mirror",
      );
    }
  }
  const book = ConnectFourBook.parse(text);
  // 49 two-move positions are 25 up to mirror images, the cover's 309 more;
  // 4 first moves and the empty board follow.
  assert.deepEqual([book.given, book.derived, book.size], [334, 5, 339]);
  for (const line of parseFirstMoves(read("first_moves.txt"))) {
    assert.equal(
      book.lookup(ConnectFour.parse(line.moves)),
      line.lower,
      `first move ${line.moves}: the book's negamax against its own solve`,
    );
  }
  const weak = read("opening_weak.txt").match(/^- (-?1|0)$/m);
  assert.ok(weak !== null);
  assert.equal(Math.sign(book.lookup(ConnectFour.parse(""))!), Number(weak[1]));
});

Deno.test("book: a sample of its positions against the solver with a budget: the proven bounds hold the book's score", () => {
  const lines = parseFirstMoves(read("book.txt"));
  const solver = new ConnectFourSolver({ threads: 1 });
  for (const index of [3, 17, 24, 40]) {
    const line = lines[index]!;
    const bounds = solver.solve(ConnectFour.parse(line.moves), {
      maxNodes: 3_000_000,
    });
    assert.ok(
      bounds.lower <= line.lower && line.lower <= bounds.upper,
      `${line.moves}: book ${line.lower}, solver ${bounds.lower}..${bounds.upper}`,
    );
  }
});

const SOLVE = new URL("../cli/solve.ts", import.meta.url).pathname;

async function solve(input: string, ...args: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", SOLVE, "--threads", "1", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  return {
    code,
    out: new TextDecoder().decode(stdout).trim().split("\n"),
    err: new TextDecoder().decode(stderr),
  };
}

Deno.test("deno task solve --book answers the book's positions at once and solves the rest", async () => {
  const book = ConnectFourBook.parse(read("book.txt"));
  const score = (moves: string) => book.lookup(ConnectFour.parse(moves));
  const run = await solve(
    `-\n4\n17\n71\n4455\n44 ${score("44")! + 1}\n`,
    "--book",
  );
  assert.equal(run.code, 1, run.err);
  assert.match(run.out[0]!, new RegExp(`^- ${score("")} 0 \\d+ book$`));
  assert.match(run.out[1]!, new RegExp(`^4 ${score("4")} 0 \\d+ book$`));
  assert.match(run.out[2]!, new RegExp(`^17 ${score("17")} 0 \\d+ book$`));
  assert.equal(score("71"), score("17"));
  assert.match(run.out[4]!, /^4455 18 \d+ \d+$/);
  assert.match(run.out[5]!, /book MISMATCH expected/);
  const weak = await solve("4\n", "--book", "--weak");
  assert.equal(weak.code, 0);
  assert.match(
    weak.out[0]!,
    new RegExp(`^4 ${Math.sign(score("4")!)} 0 \\d+ book$`),
  );
});
