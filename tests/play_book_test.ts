// `deno task play connect4` uses the committed opening book through a copy
// compiled in (src/session/_connect4_book.ts; the task runs without
// --allow-read). The copy must be the file.
import assert from "node:assert/strict";
import { CONNECT4_BOOK_TEXT } from "../src/session/_connect4_book.ts";
import { createPlaySession } from "../src/session/mod.ts";

Deno.test("play connect4: the compiled-in book is data/connect4/book.txt", async () => {
  const file = await Deno.readTextFile(
    new URL("../data/connect4/book.txt", import.meta.url),
  );
  assert.equal(
    CONNECT4_BOOK_TEXT,
    file,
    "src/session/_connect4_book.ts is stale: regenerate it from data/connect4/book.txt (CONNECT4_BOOK_TEXT = the file's text as a JSON string)",
  );
});

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
