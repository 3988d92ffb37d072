// Bad and extreme input to the Connect Four solver and to the parsing of
// `deno task solve` / `c4bench`: a clear error or proven bounds, never a
// silent wrong answer, and the position never changed.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ConnectFour,
  ConnectFourSolver,
  MAX_SCORE,
  parsePositionLine,
  readPositionLines,
  solveConnectFour,
  SOLVER_ALL,
  SOLVER_TABLE,
  TicTacToe,
} from "../mod.ts";
import {
  parseBenchArgs,
  parseSolveArgs,
  readLines,
} from "../cli/_connect_four_cli.ts";
import { UsageError } from "../cli/_flags.ts";

/** Benchmark positions with their exact scores: every 25th line of both sets. */
const BENCHMARK = ["end_easy.txt", "middle_easy.txt"].flatMap((name) =>
  Deno.readTextFileSync(new URL(`../data/connect4/${name}`, import.meta.url))
    .trim().split("\n").filter((_, i) => i % 25 === 0).map((line) => {
      const [moves, score] = line.split(" ");
      return { moves: moves!, score: Number(score) };
    })
);

/** Everything observable about a position, to compare before and after. */
function snapshot(position: ConnectFour): string {
  return [
    position.toString(),
    position.key(),
    position.mirroredKey(),
    position.moveCount,
    position.won,
    position.currentLo,
    position.currentHi,
    position.maskLo,
    position.maskHi,
    position.toBoard(),
  ].join("|");
}

const solver = new ConnectFourSolver({ entries: 100_003 });
/** Full-solve node counts, for budgets below and above them. */
const fullNodes = BENCHMARK.map(({ moves }) =>
  solver.solve(ConnectFour.parse(moves)).nodes
);

Deno.test("a stopped solve's bounds contain the true score, its nodes are maxNodes, and the position is unchanged", () => {
  fc.assert(
    fc.property(
      fc.nat({ max: BENCHMARK.length - 1 }),
      fc.double({ min: 0, max: 1.2, noNaN: true }),
      fc.boolean(),
      (index, fraction, weak) => {
        const { moves, score } = BENCHMARK[index]!;
        const position = ConnectFour.parse(moves);
        const before = snapshot(position);
        const maxNodes = Math.floor(fraction * fullNodes[index]!);
        const result = solver.solve(position, { maxNodes, weak });
        assert.equal(snapshot(position), before);
        const truth = weak ? Math.sign(score) : score;
        assert.ok(result.lower <= truth && truth <= result.upper, moves);
        assert.ok(result.nodes <= maxNodes);
        if (result.stoppedByBudget) {
          assert.equal(result.nodes, maxNodes);
          assert.equal(result.score, null);
          assert.equal(result.exact, false);
          assert.equal(result.stopReason, "maxNodes");
          assert.ok(result.lower < result.upper);
          assert.ok(-MAX_SCORE <= result.lower && result.upper <= MAX_SCORE);
        } else {
          assert.equal(result.score, truth);
          assert.equal(result.exact, true);
          assert.equal(result.stopReason, null);
          assert.ok(result.lower === truth && result.upper === truth);
        }
        // A budget at or above the full solve's nodes never stops it.
        if (!weak && maxNodes >= fullNodes[index]!) {
          assert.ok(result.exact && result.nodes === fullNodes[index]);
        }
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("a stopped solve leaves the solver as good as new: the next solve is exact with the usual nodes", () => {
  fc.assert(
    fc.property(
      fc.nat({ max: BENCHMARK.length - 1 }),
      fc.nat({ max: 200 }),
      (index, maxNodes) => {
        const { moves, score } = BENCHMARK[index]!;
        const position = ConnectFour.parse(moves);
        solver.solve(position, { maxNodes });
        const again = solver.solve(position);
        assert.equal(again.score, score);
        assert.equal(again.nodes, fullNodes[index]);
      },
    ),
    { seed: 42, numRuns: 100 },
  );
});

Deno.test("timeMs: 0 stops at the first node, a generous timeMs changes nothing", () => {
  for (const { moves, score } of BENCHMARK.slice(0, 20)) {
    const position = ConnectFour.parse(moves);
    const before = snapshot(position);
    const now = solver.solve(position, { timeMs: 0 });
    if (now.exact) {
      // Decided at the root (an immediate win): no node needed.
      assert.ok(now.nodes === 0 && now.score === score);
    } else {
      assert.ok(now.stopReason === "timeMs" && now.nodes === 0);
      assert.ok(now.lower <= score && score <= now.upper);
    }
    const later = solver.solve(position, { timeMs: 60_000, maxNodes: 1e9 });
    assert.ok(later.exact && later.score === score);
    assert.equal(snapshot(position), before);
  }
  // An early position stops on its budget instead of running for hours.
  const early = solveConnectFour(ConnectFour.parse("4"), { maxNodes: 20_000 });
  assert.ok(early.stoppedByBudget && early.nodes === 20_000);
  assert.ok(early.lower < early.upper && early.score === null);
});

Deno.test("without the null-window root a stopped solve keeps the move-count bounds", () => {
  const plain = new ConnectFourSolver({
    entries: 4099,
    features: SOLVER_TABLE,
  });
  const { moves, score } = BENCHMARK.find(({ moves }) => moves.length < 28)!;
  const result = plain.solve(ConnectFour.parse(moves), { maxNodes: 1 });
  assert.ok(result.stoppedByBudget);
  assert.ok(result.lower <= score && score <= result.upper);
});

/** Values that are not a ConnectFour. */
const notConnectFour = fc.oneof(
  fc.anything(),
  fc.constant(Object.create(ConnectFour.prototype)),
  fc.constant(TicTacToe.empty()),
  fc.constant({ moveCount: 4, won: false, maskLo: 0, maskHi: 0 }),
);

Deno.test("solveConnectFour and solve reject anything that is not a ConnectFour, by name", () => {
  fc.assert(
    fc.property(notConnectFour, (value) => {
      assert.throws(
        () => solveConnectFour(value as ConnectFour),
        /^Error: solveConnectFour: position must be a ConnectFour \(from ConnectFour.parse or ConnectFour.empty\), got /,
      );
      assert.throws(
        () => solver.solve(value as ConnectFour),
        /^Error: ConnectFourSolver.solve: position must be a ConnectFour/,
      );
    }),
    { seed: 42, numRuns: 200 },
  );
});

Deno.test("bad solve options are clear errors, and the position is unchanged", () => {
  const position = ConnectFour.parse("2252576253462244111563365343671351441");
  const before = snapshot(position);
  const known = ["weak", "maxNodes", "timeMs"];
  fc.assert(
    fc.property(
      fc.oneof(
        // An unknown key (a misspelling, say) next to valid ones.
        fc.record({
          key: fc.string({ minLength: 1 }).filter((k) =>
            !known.includes(k) && k !== "__proto__"
          ),
        }).map(({ key }) => [{ maxNodes: 5, [key]: 1 }, /unknown option/]),
        fc.oneof(
          fc.integer({ max: -1 }),
          fc.double().filter((x) => !Number.isSafeInteger(x) || x < 0),
          fc.string(),
          fc.constant(null),
        ).map((
          maxNodes,
        ) => [{ maxNodes }, /maxNodes must be an integer in 0…/]),
        fc.oneof(
          fc.double({ max: -Number.MIN_VALUE }),
          fc.constant(NaN),
          fc.string(),
          fc.boolean(),
        ).map((timeMs) => [{ timeMs }, /timeMs must be a number ≥ 0/]),
        fc.oneof(fc.integer(), fc.string(), fc.constant(null)).map((
          weak,
        ) => [{ weak }, /weak must be true or false/]),
        fc.oneof(
          fc.integer(),
          fc.string(),
          fc.constant(null),
          fc.array(fc.nat()),
        )
          .map((options) => [options, /options must be an object/]),
      ),
      ([options, pattern]) => {
        for (
          const [where, call] of [
            [
              "solveConnectFour",
              () => solveConnectFour(position, options as object),
            ],
            [
              "ConnectFourSolver.solve",
              () => solver.solve(position, options as object),
            ],
          ] as const
        ) {
          assert.throws(call, (error: Error) => {
            assert.ok(error.message.startsWith(`${where}: `), error.message);
            assert.match(error.message, pattern as RegExp);
            return true;
          });
        }
        assert.equal(snapshot(position), before);
      },
    ),
    { seed: 42, numRuns: 300 },
  );
  assert.throws(
    () => solveConnectFour(position, { maxNode: 5 } as object),
    /^Error: solveConnectFour: unknown option "maxNode"; known options: weak, maxNodes, timeMs, onProbe, onSlow, slowMs$/,
  );
});

Deno.test("new ConnectFourSolver rejects unknown keys, bad sizes and both sizes at once", () => {
  assert.throws(
    () => new ConnectFourSolver({ entry: 10 } as object),
    /^Error: new ConnectFourSolver: unknown option "entry"; known options: entries, megabytes, features, threads$/,
  );
  assert.throws(
    () => new ConnectFourSolver({ entries: 1009, megabytes: 1 }),
    /new ConnectFourSolver: give entries or megabytes, not both/,
  );
  for (const megabytes of [0, -1, NaN, 5000, "1"]) {
    assert.throws(
      () => new ConnectFourSolver({ megabytes: megabytes as number }),
      /new ConnectFourSolver: megabytes must be a number in \(0, 4096\]/,
    );
  }
  // Bits outside the known mask, also those a 32-bit AND would drop.
  for (
    const features of [SOLVER_ALL + 16, 2 ** 40, 2 ** 32 + 1, -1, 1.5, NaN]
  ) {
    assert.throws(
      () => new ConnectFourSolver({ features }),
      new RegExp(
        `^Error: new ConnectFourSolver: features must be an integer OR of the SOLVER_\\* bits \\(TABLE 1, NULL_WINDOW 2, NON_LOSING 4, THREAT_ORDER 8; known mask 15\\), got ${
          String(features).replace(".", "\\.")
        }$`,
      ),
    );
  }
});

/** A legal game's moves, from random column choices. */
const legalMoves = fc.array(fc.nat({ max: 6 }), { maxLength: 42 }).map(
  (cols) => {
    const position = ConnectFour.empty();
    for (const col of cols) {
      if (!position.isTerminal() && position.canPlay(col)) position.play(col);
    }
    return position.toString();
  },
);

Deno.test("parsePositionLine: a score field is accepted exactly when it is an integer in -18…18", () => {
  fc.assert(
    fc.property(
      legalMoves.filter((moves) => moves !== ""),
      fc.oneof(
        fc.integer({ min: -40, max: 40 }).map(String),
        fc.stringMatching(/^[+-]?0*\d{1,4}$/),
        fc.string(),
      ),
      fc.constantFrom(" ", "\t", "  "),
      (moves, score, blank) => {
        const text = `${moves}${blank}${score}`;
        const fields = text.trim().split(/\s+/);
        const valid = fields.length === 1 ||
          (fields.length === 2 && /^[+-]?\d+$/.test(fields[1]!) &&
            Math.abs(Number(fields[1])) <= 18);
        if (valid) {
          const line = parsePositionLine(text)!;
          assert.equal(line.position.toString(), fields[0]);
          assert.equal(
            line.expected,
            fields.length === 2 ? Number(fields[1]) : null,
          );
        } else {
          assert.throws(() => parsePositionLine(text), Error);
        }
      },
    ),
    { seed: 42, numRuns: 500 },
  );
  assert.equal(parsePositionLine(" \t\r"), null);
  assert.throws(
    () => readPositionLines("4455 18\n\n44 55"),
    /^Error: line 3: score "55"/,
  );
});

/** Feeds `text` to readLines in the given chunk sizes. */
async function collect(
  text: string,
  sizes: number[],
  maxBytes: number,
): Promise<(string | null)[]> {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let at = 0;
      for (const size of sizes) {
        if (at >= bytes.length) break;
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      }
      if (at < bytes.length) controller.enqueue(bytes.slice(at));
      controller.close();
    },
  });
  const lines: (string | null)[] = [];
  for await (const line of readLines(stream, maxBytes)) lines.push(line);
  return lines;
}

Deno.test("readLines splits any chunking like split('\\n'), with over-long lines as null", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.stringMatching(/^[1-7 \r-]{0,12}$/), { maxLength: 8 }),
      fc.boolean(),
      fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 30 }),
      fc.integer({ min: 1, max: 10 }),
      async (lines, finalNewline, sizes, maxBytes) => {
        const text = lines.join("\n") + (finalNewline ? "\n" : "");
        const expected = text.split("\n");
        if (expected.at(-1) === "") expected.pop();
        assert.deepEqual(
          await collect(text, sizes, maxBytes),
          expected.map((line) => line.length > maxBytes ? null : line),
        );
      },
    ),
    { seed: 42, numRuns: 300 },
  );
});

Deno.test("--threads takes an integer in 1…64 in solve and c4bench", () => {
  assert.equal(parseSolveArgs(["--threads", "2"]).threads, 2);
  assert.equal(parseBenchArgs(["set.txt", "--threads=1"]).threads, 1);
  for (const value of ["0", "65", "x", "1.5", ""]) {
    assert.throws(
      () => parseSolveArgs([`--threads=${value}`]),
      new RegExp(
        `^Error: solve: --threads must be an integer in 1…64, got "${
          value.replace(".", "\\.")
        }"$`,
      ),
    );
    assert.throws(
      () => parseBenchArgs(["set.txt", "--threads", value]),
      /c4bench: --threads must be an integer in 1…64/,
    );
  }
});

Deno.test("parseSolveArgs: valid flags in any order parse, a flag given twice and anything else is a UsageError", () => {
  const flag: fc.Arbitrary<string[]> = fc.oneof(
    fc.constant(["--weak"]).map((g) => [...g]),
    fc.nat({ max: 10 ** 9 }).map((n) => ["--max-nodes", String(n)]),
    fc.nat({ max: 10 ** 9 }).map((n) => [`--max-nodes=${n}`]),
    fc.nat({ max: 10 ** 6 }).map((n) => ["--time-ms", String(n)]),
    fc.constant(["--help"]).map((g) => [...g]),
  );
  const name = (group: readonly string[]) => group[0]!.replace(/=.*$/, "");
  // Each flag at most once (cli/_flags.ts: a repeated flag is refused).
  const valid = fc.uniqueArray(flag, { maxLength: 5, selector: name });
  fc.assert(
    fc.property(valid, (groups) => {
      const args = groups.flat();
      const parsed = parseSolveArgs(args);
      assert.equal(parsed.weak, args.includes("--weak"));
      assert.equal(parsed.help, args.includes("--help"));
      const given = groups.find((g) => name(g) === "--max-nodes");
      assert.equal(
        parsed.maxNodes,
        given === undefined
          ? undefined
          : Number(given.at(-1)!.replace(/^.*=/, "")),
      );
    }),
    { seed: 42, numRuns: 300 },
  );
  fc.assert(
    fc.property(valid, flag, (groups, again) => {
      const repeated = groups.find((g) => name(g) === name(again));
      fc.pre(repeated !== undefined);
      assert.throws(
        () => parseSolveArgs([...groups.flat(), ...again]),
        (error: unknown) =>
          error instanceof UsageError &&
          error.message.startsWith(`solve: ${name(again)} is given twice`),
      );
    }),
    { seed: 42, numRuns: 300 },
  );
  fc.assert(
    fc.property(fc.array(fc.string(), { maxLength: 4 }), (args) => {
      try {
        parseSolveArgs(args);
      } catch (error) {
        // Never a crash of another kind: a usage message naming the command.
        assert.ok(error instanceof UsageError);
        assert.match(error.message, /^solve: /);
      }
    }),
    { seed: 42, numRuns: 500 },
  );
  fc.assert(
    fc.property(
      fc.string().filter((s) =>
        !["--weak", "--help", "-h", "-"].includes(s) &&
        !/^--(max-nodes|time-ms)(=|$)/.test(s)
      ).map((s) => (s.startsWith("-") ? s : `--${s}`)),
      (flag) => {
        assert.throws(
          () => parseSolveArgs(["--weak", flag]),
          (error: Error) =>
            error instanceof UsageError &&
            error.message === `solve: unknown flag ${flag}`,
        );
      },
    ),
    { seed: 42, numRuns: 200 },
  );
});

Deno.test("parseBenchArgs: one file, checked numbers, anything else is a UsageError", () => {
  fc.assert(
    fc.property(fc.array(fc.string(), { maxLength: 4 }), (args) => {
      try {
        const parsed = parseBenchArgs(args);
        assert.ok(parsed.help || parsed.file !== undefined);
        assert.ok(Number.isInteger(parsed.passes) && parsed.passes >= 1);
        if (parsed.megabytes !== undefined) {
          assert.ok(
            Number.isInteger(parsed.megabytes) && parsed.megabytes >= 1 &&
              parsed.megabytes <= 4096,
          );
        }
      } catch (error) {
        assert.ok(error instanceof UsageError);
        assert.match(error.message, /^c4bench: /);
      }
    }),
    { seed: 42, numRuns: 500 },
  );
  assert.deepEqual(
    parseBenchArgs(["set.txt", "--passes=3", "--megabytes", "2", "--weak"]),
    { help: false, weak: true, passes: 3, megabytes: 2, file: "set.txt" },
  );
  // --megabytes has one rule in every command: an integer (as openings and solve).
  assert.throws(
    () => parseBenchArgs(["set.txt", "--megabytes", "0.5"]),
    (error: unknown) =>
      error instanceof UsageError &&
      /^c4bench: --megabytes must be an integer in 1…4096 \(MiB\), got "0\.5"/
        .test(error.message),
  );
});
