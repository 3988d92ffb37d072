// Each range match's and chess-referee's --help states is the one their
// parsers apply: both bounds taken, one past either refused by the rule
// that names the flag. Found by review: match's help said "nodes ≥ 1,
// movetime ≥ 1 ms (below --timeout)" while the parser took nodes up to
// 10^12 only and movetime up to 86400000, a movetime no --timeout allowed.
import assert from "node:assert/strict";
import { HELP as MATCH_HELP, parseMatchArgs } from "../cli/match.ts";
import {
  HELP as REFEREE_HELP,
  parseRefereeArgs,
} from "../cli/chess_referee.ts";

/** The first `A…B` of the lines of `help` that start with `start`, up to the next such line. */
function statedRange(help: string, start: RegExp): [number, number] {
  const lines = help.split("\n");
  const at = lines.findIndex((line) => start.test(line));
  assert.ok(at >= 0, `no line ${start} in the help`);
  const end = lines.findIndex((line, i) => i > at && /^ {2}\S/.test(line));
  const text = lines.slice(at, end < 0 ? undefined : end).join("\n");
  const range = /(\d+)…(\d+)/.exec(text);
  assert.ok(range, `no range stated in\n${text}`);
  return [Number(range[1]), Number(range[2])];
}

const PLAYERS = ["--a", "ours:depth=1", "--b", "ours:depth=2"];

/** Each flag of match with a range, and the flags it goes with. */
const MATCH_FLAGS: [flag: string, company: string[]][] = [
  ["--games", []],
  ["--opening-plies", ["--openings", "games.pgn"]],
  ["--max-plies", []],
  ["--timeout-ms", []],
  ["--handshake-timeout-ms", []],
  ["--batch", ["--nats", "127.0.0.1:1"]],
  ["--nats-unreachable", ["--nats", "127.0.0.1:1"]],
];

Deno.test("match --help: each flag's stated range is taken at both ends and refused one past them", () => {
  for (const [flag, company] of MATCH_FLAGS) {
    const [min, max] = statedRange(MATCH_HELP, new RegExp(`^ {2}${flag} `));
    const parse = (value: number) =>
      parseMatchArgs([...PLAYERS, ...company, flag, String(value)]);
    for (const value of [min, max]) {
      assert.ok(parse(value), `${flag} ${value}`);
    }
    for (const value of [min - 1, max + 1]) {
      assert.throws(
        () => parse(value),
        new RegExp(`^Error: ${flag} must be `),
        `${flag} ${value}`,
      );
    }
  }
});

Deno.test("match --help: each SPEC setting's stated range is taken at both ends and refused one past them", () => {
  const specs: [setting: string, spec: (value: number) => string][] = [
    ["depth", (n) => `ours:depth=${n}`],
    ["nodes", (n) => `ours:nodes=${n}`],
    ["movetime", (n) => `ours:movetime=${n}`],
    ["skill", (n) => `stockfish:skill=${n},depth=1`],
    ["candidates", (n) => `ours:candidates=${n},depth=1`],
  ];
  for (const [setting, spec] of specs) {
    const [min, max] = statedRange(MATCH_HELP, new RegExp(`^ {2}${setting}=`));
    // The largest movetime is below the largest --timeout-ms.
    const parse = (value: number) =>
      parseMatchArgs([
        "--a",
        spec(value),
        "--b",
        "ours:depth=7,nodes=5",
        "--timeout-ms",
        "86400000",
      ]);
    for (const value of [min, max]) {
      assert.equal(
        parse(value)?.a.label,
        spec(value),
        `${setting}=${value}`,
      );
    }
    for (const value of [min - 1, max + 1]) {
      assert.throws(
        () => parse(value),
        value < 0 ? /is not a setting: expected key=integer/ : new RegExp(
          `^EngineSpecError: --a: ${setting} must be an integer in ${min}…${max}, got ${value} `,
        ),
        `${setting}=${value}`,
      );
    }
  }
  // "below --timeout-ms": the largest movetime a --timeout-ms allows.
  const movetime = (ms: number) =>
    parseMatchArgs([...PLAYERS.slice(0, 2), "--b", `ours:movetime=${ms}`]);
  assert.equal(movetime(59_999)?.b.movetime, 59_999);
  assert.throws(
    () => movetime(60_000),
    /--b: movetime=60000 must be below --timeout-ms \(60000 ms\)/,
  );
});

Deno.test("chess-referee --help: each flag's stated range is taken at both ends and refused one past them", () => {
  for (const flag of ["--depth", "--timeout-ms"]) {
    const [min, max] = statedRange(REFEREE_HELP, new RegExp(`^ {2}${flag} `));
    for (const value of [min, max]) {
      assert.ok(parseRefereeArgs([flag, String(value)]), `${flag} ${value}`);
    }
    for (const value of [min - 1, max + 1]) {
      assert.throws(
        () => parseRefereeArgs([flag, String(value)]),
        new RegExp(`^Error: chess-referee: ${flag} must be an integer in `),
        `${flag} ${value}`,
      );
    }
  }
});

Deno.test("match and chess-referee: --timeout-ms and --handshake-timeout-ms are milliseconds; the old names are refused naming the new one", () => {
  const run = parseMatchArgs([
    ...PLAYERS,
    "--timeout-ms",
    "5",
    "--handshake-timeout-ms=7",
  ]);
  assert.equal(run?.timeoutMs, 5);
  assert.equal(run?.handshakeTimeoutMs, 7);
  assert.equal(parseRefereeArgs(["--timeout-ms=5"]).timeoutMs, 5);
  for (
    const [old, now] of [
      ["--timeout", "--timeout-ms"],
      ["--handshake-timeout", "--handshake-timeout-ms"],
    ]
  ) {
    assert.throws(
      () => parseMatchArgs([...PLAYERS, old!, "5"]),
      new RegExp(
        `^Error: ${old} is now ${now} \\(milliseconds\\); got "${old} 5"$`,
      ),
    );
    assert.throws(
      () => parseMatchArgs([`${old}=5`, ...PLAYERS]),
      new RegExp(`got "${old}=5"$`),
    );
  }
  assert.throws(
    () => parseRefereeArgs(["--depth", "3", "--timeout", "5"]),
    /^Error: chess-referee: --timeout is now --timeout-ms \(milliseconds\); got "--timeout 5"$/,
  );
});
