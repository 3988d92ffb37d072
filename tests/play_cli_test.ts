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
  assert.match(out, /Illegal: column 8 is off the board \(columns are 1-7\)/);
  assert.match(out, /Illegal: "x" is not a column 1-7/);
  assert.match(out, /Took back 2 moves\./);
  assert.match(out, /You play column 2\.\n/);
  assert.match(out, /You win!\n$/);
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

Deno.test("play: chess not yet, unknown games and options exit 2 with a message", async () => {
  const chess = await play(["chess"], "");
  assert.equal(chess.code, 2);
  assert.match(chess.err, /play: chess is not available yet/);
  const go = await play(["go"], "");
  assert.equal(go.code, 2);
  assert.match(
    go.err,
    /play: game must be one of tictactoe, connect4, nim, chess, got "go"/,
  );
  const option = await play(["nim", "--fast"], "");
  assert.equal(option.code, 2);
  assert.match(option.err, /unknown option --fast/);
  const depth = await play(["tictactoe", "--depth", "x"], "");
  assert.equal(depth.code, 2);
  assert.match(depth.err, /--depth must be an integer, got "x"/);
  const none = await play([], "");
  assert.equal(none.code, 2);
  assert.match(none.err, /which game\?/);
});
