// A notebook's title on the site (the page's <title>, the navigation and
// the front page's list) is text: markup in its heading is left out, not
// shown as escaped tags.
import assert from "node:assert/strict";
import type { Notebook } from "../src/notebook/jupyter.ts";
import { notebookTitle } from "../src/site/build.ts";

const titled = (...sources: string[]): Notebook => ({
  cells: sources.map((source) => ({ cell_type: "markdown", source })),
});

Deno.test("notebookTitle: the first heading's text, its HTML tags and Markdown emphasis left out", () => {
  assert.equal(
    notebookTitle(
      titled("# Minimax <small>(lesson <b>1</b>)</small>\nText"),
      "01",
    ),
    "Minimax (lesson 1)",
  );
  assert.equal(
    notebookTitle(
      titled('## <span style="color:red">Alpha</span>-*beta*'),
      "x",
    ),
    "Alpha-beta",
  );
  assert.equal(
    notebookTitle(titled("# <img src=x onerror=alert(1)>Pruning<br/>"), "x"),
    "Pruning",
  );
  // A heading that is only markup gives no title: the next one, or the name.
  assert.equal(
    notebookTitle(titled("# <img src=a.png>", "## Second"), "x"),
    "Second",
  );
  assert.equal(notebookTitle(titled("# <br>"), "03_pruning"), "03_pruning");
  // A "<" that opens no tag is text.
  assert.equal(notebookTitle(titled("# When a < b"), "x"), "When a < b");
});
