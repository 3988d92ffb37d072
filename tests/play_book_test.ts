// `deno task play connect4` answers the opening from the committed book
// (data/connect4/book.txt, imported as text by src/play/terminal.ts).
import assert from "node:assert/strict";
import { createPlaySession } from "../src/play/mod.ts";

Deno.test("play connect4 --hint: the opening is answered from the book, every column proven", () => {
  for (const position of ["", "4"]) {
    const game = createPlaySession("connect4", { position, nodes: 1 });
    const hint = game.input("hint").text;
    assert.match(hint, /Proven: columns 1, 2, 3, 4, 5, 6, 7\./, hint);
    assert.doesNotMatch(hint, /undecided/, hint);
  }
  // The empty board's best column is the centre, a win.
  const game = createPlaySession("connect4", { first: "engine", nodes: 1 });
  assert.match(game.start(), /Engine plays column 4\. \(perfect: \+1/);
});
