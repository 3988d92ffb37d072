import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const PLAY = fileURLToPath(new URL("../cli/play.ts", import.meta.url));

/** Runs `deno run cli/play.ts ...args` with `input` on stdin. */
async function play(args: string[], input: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", PLAY, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close().catch(() => {}); // the game may end before the input does
  const { code, stdout, stderr } = await child.output();
  return {
    code,
    out: new TextDecoder().decode(stdout),
    err: new TextDecoder().decode(stderr),
  };
}

const count = (text: string, part: string) => text.split(part).length - 1;

Deno.test("play tictactoe: illegal input gets a message and a new prompt; end of input exits 0", async () => {
  const { code, out, err } = await play(
    ["tictactoe"],
    "9\nfoo\n4\n0\n\nhint\n",
  );
  assert.equal(code, 0, err);
  assert.match(out, /^Tic-tac-toe against minimax: you play first\./);
  assert.match(out, /Illegal: cell 9 is off the board \(cells are 0-8\)\n/);
  assert.match(out, /Illegal: "foo" is not a cell number 0-8\n/);
  assert.match(
    out,
    /You play cell 4\.\nEngine plays cell 0\. \(minimax: a draw for me\)\n O \| {3}\| {9}1 2\n/,
  );
  assert.match(out, /Illegal: cell 0 is taken\n/);
  assert.match(out, /Hint \(minimax\), each cell for you: 1 a draw, 2 a draw/);
  // A prompt before each of the 6 lines, and one more before the end.
  assert.equal(count(out, "your move> "), 7);
  assert.ok(out.endsWith("(end of input)\n"));
});

Deno.test("play tictactoe: the engine, moving first, wins against weak play and the game ends with 0", async () => {
  // X (engine) takes 0; O plays 1, 2, 3… the engine finishes a line.
  const { code, out, err } = await play(
    ["tictactoe", "--first", "engine"],
    "1\n2\n5\n6\n7\n8\n",
  );
  assert.equal(code, 0, err);
  assert.match(out, /you play second/);
  assert.match(out, /Engine plays cell 0\./);
  assert.match(out, /The engine wins\.\n$/);
  assert.ok(!out.includes("(end of input)"));
});

Deno.test("play tictactoe: undo takes back your move and the reply; quit exits 0", async () => {
  const { code, out } = await play(["tictactoe"], "4\nundo\nundo\nquit\n4\n");
  assert.equal(code, 0);
  assert.match(out, /Took back 2 moves\./);
  assert.match(out, /Nothing to undo\./);
  assert.ok(out.endsWith("Bye.\n"));
});

Deno.test("play connect4 --hint: every column's score, illegal columns, undo", async () => {
  const { code, out, err } = await play(
    ["connect4", "--hint", "--position", "44554433"],
    "8\nx\n1\nundo\n2\n",
  );
  assert.equal(code, 0, err);
  assert.match(out, /\| \. \. X X X \. \. \|\n\+-{15}\+\n {2}1 2 3 4 5 6 7\n/);
  // Seven scores before the first move; columns 2 and 6 win at once.
  assert.match(out, /column 2: \+17 win \(with your 5th stone\)\n/);
  assert.match(out, /column 6: \+17 win \(with your 5th stone\)\n/);
  // Within the default node budget the solver proves every column here.
  assert.match(out, /column 1: \+16 win \(with your 6th stone\)\n/);
  assert.match(out, /\nProven: columns 1, 2, 3, 4, 5, 6, 7\.\n/);
  assert.match(
    out,
    /Engine plays column 4\. \(perfect: -16, a loss \(your 6th stone\) for me\)\n/,
  );
  assert.match(out, /Illegal: column 8 is off the board \(columns are 1-7\)/);
  assert.match(out, /Illegal: "x" is not a column 1-7/);
  assert.match(out, /Took back 2 moves\./);
  assert.match(out, /You play column 2\.\n/);
  assert.match(out, /You win!\n$/);
});

Deno.test("play connect4 --nodes: columns the budget leaves unproven are named, and alpha-beta decides among them", async () => {
  const { code, out, err } = await play(
    ["connect4", "--position", "4455", "--nodes", "1000", "--depth", "4"],
    "hint\n1\n",
  );
  assert.equal(code, 0, err);
  assert.match(
    out,
    /Scores for you \(the opening book, then the solver within 1000 nodes a column \(10000000 from 12 stones\), alpha-beta to depth 4 where that stops;/,
  );
  assert.match(out, /column 3: \+18 win \(with your 4th stone\)\n/);
  assert.match(
    out,
    /column 4: not proven: undecided \(-18…\+18\); alpha-beta to depth 4: undecided\n/,
  );
  assert.match(out, /\nProven: columns 3, 6\. Not proven: 1, 2, 4, 5, 7\.\n/);
  assert.match(
    out,
    /Engine plays column \d\. \(not proven within 1000 nodes: [^;]+; alpha-beta to depth 4: /,
  );
  // Alpha-beta has a budget too: --depth 24 from four stones stops at the
  // budget, and the move says at what depth (it ran for minutes before).
  const deep = await play(
    ["connect4", "--position", "1771", "--first", "engine", "--depth", "24"],
    "",
  );
  assert.equal(deep.code, 0, deep.err);
  assert.match(
    deep.out,
    /Engine plays column \d\. \(not proven within 500000 nodes: [^;]+; alpha-beta to depth (\d+) \(of 24: the budget of 1000000 nodes a column\): /,
  );
  const bad = await play(["connect4", "--nodes", "-1"], "");
  assert.equal(bad.code, 2);
  assert.match(
    bad.err,
    /^play: --nodes must be an integer in 0…1000000000, got "-1" \(see --help\)\n$/,
  );
});

Deno.test("play nim: the engine explains its move by the nim-sum; illegal moves", async () => {
  const { code, out, err } = await play(
    ["nim", "--first", "engine"],
    "1 9\n4 1\n1\n1 1\nquit\n",
  );
  assert.equal(code, 0, err);
  assert.match(
    out,
    /Engine plays 2 from heap 1\. \(A heap's Grundy value is its size, so the position's is the nim-sum 3 xor 4 xor 5 = 2 \(binary 011 xor 100 xor 101 = 010\)\. It is not 0/,
  );
  assert.match(
    out,
    /heap 1: \| \(1\)\nheap 2: \|{4} \(4\)\nheap 3: \|{5} \(5\)\n/,
  );
  assert.match(out, /Illegal: heap 1 has only 1 counter\n/);
  assert.match(out, /Illegal: there is no heap 4 \(heaps are 1-3\)\n/);
  assert.match(out, /Illegal: "1" is not "<heap> <take>"/);
  assert.match(out, /Engine plays 1 from heap 3\./);
});

const SCHOLAR =
  "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3";

Deno.test("play chess: illegal and unparsable moves get a message and a new prompt; the human mates in SAN", async () => {
  const { code, out, err } = await play(
    ["chess", "--depth", "2", "--position", SCHOLAR],
    "e2e5\nxyz\nQxf7#\n",
  );
  assert.equal(code, 0, err);
  assert.match(out, /^Chess against alpha-beta to depth 2: you play first\./);
  assert.match(
    out,
    /\n {2}\+-{17}\+\n8 \| r \. b q k b n r \|\n7 \| p p p p \. p p p \|\n/,
  );
  assert.match(out, / {4}a b c d e f g h\nWhite to move\.\n/);
  assert.match(out, /Illegal: e2e5 is not a legal move here \(legal: .*Qxf7#/);
  assert.match(
    out,
    /Illegal: "xyz" is not a legal move here, in UCI \(e2e4\) or SAN \(e4, Nf3\); legal: /,
  );
  assert.match(out, /You play Qxf7#\.\n/);
  assert.match(out, /7 \| p p p p \. Q p p \|\n/);
  assert.match(
    out,
    /Black to move\. Last move: Qxf7#\.\nCheckmate\. You win!\n$/,
  );
  assert.equal(count(out, "your move> "), 3);
});

Deno.test("play chess: a UCI move into fool's mate; the engine mates at once", async () => {
  const { code, out, err } = await play(
    [
      "chess",
      "--depth",
      "2",
      "--position",
      "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2",
    ],
    "g2g4\nquit\n",
  );
  assert.equal(code, 0, err);
  assert.match(
    out,
    /You play g4\.\nEngine plays Qh4#\. \(depth \d+: mate in 1 for me\)\n/,
  );
  assert.match(out, /4 \| \. \. \. \. \. \. P q \|\n/);
  assert.match(
    out,
    /White to move\. Last move: Qh4#\.\nCheckmate\. The engine wins\.\n$/,
  );
});

Deno.test("play chess: stalemate is announced as a draw", async () => {
  const { code, out, err } = await play(
    ["chess", "--depth", "1", "--position", "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1"],
    "Qf7\n",
  );
  assert.equal(code, 0, err);
  assert.match(out, /You play Qf7\.\n/);
  assert.match(out, /Stalemate\. Draw\.\n$/);
});

Deno.test("play chess --first engine: SAN and UCI moves, hint, undo, help, end of input exits 0", async () => {
  // Nc6 and then Nb8 (UCI c6b8) are legal whatever the engine's first two moves.
  const { code, out, err } = await play(
    ["chess", "--first", "engine", "--depth", "2"],
    "Nc6\nhint\nc6b8\nundo\nundo\nundo\nhelp\n",
  );
  assert.equal(code, 0, err);
  assert.match(out, /you play second/);
  const engine = [
    ...out.matchAll(
      /Engine plays (\S+)\. \(depth 2: [+-]\d+\.\d\d for me\)\n/g,
    ),
  ];
  assert.equal(engine.length, 4, out); // three, and the first again after the undos
  assert.match(out, /Black to move\. Last move: [^.]+\.\n/);
  assert.match(out, /You play Nc6\.\n/);
  assert.match(
    out,
    /Hint \(alpha-beta to depth 2\): \S+ \([a-h][1-8][a-h][1-8][qrbn]?\), [+-]\d+\.\d\d for you\.\n/,
  );
  assert.match(out, /You play Nb8\.\n/);
  assert.equal(count(out, "Took back 2 moves."), 2);
  // The third undo reaches the engine's opening move, which it replays.
  assert.match(out, /Nothing of yours to undo\.\n/);
  assert.match(out, /Moves: UCI \(e2e4, e7e8q\) or SAN/);
  assert.ok(out.endsWith("(end of input)\n"));
});

Deno.test("play: unknown games, options and bad values exit 2 with a message", async () => {
  const go = await play(["go"], "");
  assert.equal(go.code, 2);
  assert.match(
    go.err,
    /play: game must be one of tictactoe, connect4, nim, chess, got "go"/,
  );
  const option = await play(["nim", "--fast"], "");
  assert.equal(option.code, 2);
  assert.equal(option.err, 'play: unknown argument "--fast" (see --help)\n');
  const depth = await play(["tictactoe", "--depth", "x"], "");
  assert.equal(depth.code, 2);
  assert.equal(
    depth.err,
    'play: --depth must be an integer in 1…64, got "x" (see --help)\n',
  );
  // The value as typed: "-0" was converted first and shown as 0.
  const minusZero = await play(["tictactoe", "--depth", "-0"], "");
  assert.equal(minusZero.code, 2);
  assert.equal(
    minusZero.err,
    'play: --depth must be an integer in 1…64, got "-0" (see --help)\n',
  );
  const chessDepth = await play(["chess", "--depth", "0"], "");
  assert.equal(chessDepth.code, 2);
  assert.match(
    chessDepth.err,
    /^play: --depth must be an integer in 1…64, got "0" \(see --help\)\n$/,
  );
  const fen = await play(
    ["chess", "--position", "8/8/8/8/8/8/8/8 w - - 0 1"],
    "",
  );
  assert.equal(fen.code, 2);
  assert.match(
    fen.err,
    /^play chess: --position must be a legal FEN: Chess\.fromFen: [^\n]+ \(see --help\)\n$/,
  );
  const none = await play([], "");
  assert.equal(none.code, 2);
  assert.match(none.err, /^play: which game\? [^\n]+ \(see --help\)\n$/);
});

Deno.test("play --help explains every flag, --nodes and --solve-from with their defaults among them", async () => {
  const { code, out } = await play(["--help"], "");
  assert.equal(code, 0);
  assert.match(out, /^usage: deno task play /);
  // Each flag of the usage line has a line of its own that says what it does.
  for (
    const flag of [
      "--first human|engine",
      "--position P",
      "--depth N",
      "--hint",
      "--nodes N",
      "--solve-from N",
    ]
  ) {
    assert.match(
      out,
      new RegExp(`^  ${flag.replace("|", "\\|")} +\\S`, "m"),
      `--help says nothing of ${flag}`,
    );
  }
  // The defaults come from the engine's constants, not typed twice.
  const { CONNECT4_SOLVE_NODES, CONNECT4_PERFECT_NODES } = await import(
    "../src/play/mod.ts"
  );
  assert.match(out, new RegExp(`default ${CONNECT4_SOLVE_NODES}\\b`));
  assert.match(out, new RegExp(`${CONNECT4_PERFECT_NODES} nodes a column`));
  assert.match(out, /default 12\)/);
  assert.match(out, /^Exit status:/m);
});
