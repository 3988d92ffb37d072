// Connect Four solver on the two public benchmark sets (Pons' protocol: the
// table is cleared before each position). One iteration solves the whole set;
// mean time per position = time per iteration / 1,000. Reference (native C++,
// this kind of machine): End-Easy 6.3 µs and 51.3 nodes, Middle-Easy 45.5 µs
// and 449.6 nodes per position.
import { ConnectFour, ConnectFourBook, ConnectFourSolver } from "../mod.ts";
import { RUNS } from "./_smoke.ts";

const solver = new ConnectFourSolver();

// The node totals are the search's signature: they change only when the
// search is meant to, and then these must be updated in the same commit
// (CI's bench smoke run fails otherwise). Computed as the sum of
// `new ConnectFourSolver().solve(position).nodes` over each file (the
// default table), equal to `deno task c4bench <file>`'s mean nodes
// × 1,000: 50,161 and 419,574 (solver of 2026-11-30 with its own table:
// both bounds and the best move, grown from 2^17 entries with the work,
// and enhanced transposition cutoffs).
for (
  const [name, file, nodes] of [
    ["End-Easy", "end_easy.txt", 50_161],
    ["Middle-Easy", "middle_easy.txt", 419_574],
  ] as const
) {
  const lines = Deno.readTextFileSync(
    new URL(`../data/connect4/${file}`, import.meta.url),
  ).trim().split("\n").map((line) => line.trim().split(" "));
  const positions = lines.map(([moves]) => ConnectFour.parse(moves!));
  const scores = lines.map(([, score]) => Number(score));
  Deno.bench({
    name: `solve ${name} (1,000 positions, ${
      nodes.toLocaleString("en")
    } nodes)`,
    group: "connect four",
    ...RUNS,
    fn() {
      let total = 0;
      positions.forEach((position, i) => {
        const { score, nodes } = solver.solve(position);
        if (score !== scores[i]) {
          throw new Error(
            `${name}: ${position} scored ${score}, the file says ${scores[i]}`,
          );
        }
        total += nodes;
      });
      if (total !== nodes) {
        throw new Error(
          `${name}: ${total} nodes, expected ${nodes}: the search changed; update the total here`,
        );
      }
    },
  });
}

// Threads (issue 12, target 3): four 14-stone positions of seeded random
// play (0.2–0.9 M nodes each with one thread), solved by one thread and by
// two sharing the table. Only the scores are checked: with two threads the
// node counts vary from run to run. The workers stay up between
// iterations, as in `deno task solve --threads 2`.
const HARD: [string, number][] = [
  ["11546731551347", -2],
  ["74724263114466", 2],
  ["24244113523573", -1],
  ["56353174713213", 2],
];
for (const threads of [1, 2]) {
  const threaded = new ConnectFourSolver({ threads });
  threaded.warmUp();
  const positions = HARD.map(([moves]) => ConnectFour.parse(moves));
  Deno.bench({
    name: `solve four 14-stone positions, ${threads} thread${
      threads === 1 ? "" : "s"
    }`,
    group: "connect four threads",
    ...RUNS,
    fn() {
      positions.forEach((position, i) => {
        const { score } = threaded.solve(position);
        if (score !== HARD[i]![1]) {
          throw new Error(
            `${position} scored ${score}, expected ${HARD[i]![1]}`,
          );
        }
      });
    },
  });
  // Let `deno bench` exit when it is done.
  globalThis.addEventListener("unload", () => threaded.close());
}

// The opening (issue 12, target 4): `4453` weakly, one thread, the default
// table, as a proxy small enough for a bench; the real runs
// (`echo 4 | deno task solve --weak`, `deno task openings --full`) take
// minutes and are recorded with their times in `data/connect4/`. The node
// count is the search's signature, as above: 27,156,251 with the 512 MiB
// default table (28.2 M when it stopped at 64 MiB).
const OPENING_NODES = 27_156_251;
const opening = new ConnectFourSolver({ threads: 1 });
const proxy = ConnectFour.parse("4453");
Deno.bench({
  name: `solve 4453 weakly (the opening's proxy, ${
    OPENING_NODES.toLocaleString("en")
  } nodes)`,
  group: "connect four opening",
  ...RUNS,
  fn() {
    const { score, nodes } = opening.solve(proxy, { weak: true });
    if (score !== -1 || nodes !== OPENING_NODES) {
      throw new Error(
        `4453: score ${score} in ${nodes} nodes, expected -1 in ${OPENING_NODES}: the search changed; update the total here`,
      );
    }
  },
});

// The opening book (issue 12, target 5): every position of at most two
// moves looked up in `data/connect4/book.txt` (built once by
// `deno task openings --book`), against solves of minutes each.
const bookText = Deno.readTextFileSync(
  new URL("../data/connect4/book.txt", import.meta.url),
);
const book = ConnectFourBook.parse(bookText);
const columns = [..."1234567"];
const early = [
  "",
  ...columns.flatMap((first) => [
    first,
    ...columns.map((second) => first + second),
  ]),
].map((moves) => ConnectFour.parse(moves));
Deno.bench({
  name:
    `look up the ${early.length} positions of at most two moves in the book`,
  group: "connect four book",
  ...RUNS,
  fn() {
    for (const position of early) {
      if (book.lookup(position) === null) {
        throw new Error(`${position} is not in the book`);
      }
    }
  },
});
