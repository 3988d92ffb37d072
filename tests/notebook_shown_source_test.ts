/**
 * The source a committed notebook shows (`showSource`'s "`file` line N" and
 * its code block) is the file's text at that line today: a change to shown
 * code is caught here in a second, without running Jupyter (the notebooks'
 * own test finds it too, after minutes).
 */
import assert from "node:assert/strict";

const NOTEBOOKS = new URL("../notebooks/", import.meta.url);

/** A shown source: the file, its first line, the code block's lines. */
interface Shown {
  file: string;
  line: number;
  lines: string[];
}

/** The sources shown in the outputs of notebook `text` (its JSON). */
function shownSources(text: string): Shown[] {
  const notebook = JSON.parse(text) as {
    cells: { outputs?: { data?: Record<string, string | string[]> }[] }[];
  };
  const shown: Shown[] = [];
  for (const cell of notebook.cells) {
    for (const output of cell.outputs ?? []) {
      const markdown = output.data?.["text/markdown"];
      if (markdown === undefined) continue;
      const body = Array.isArray(markdown) ? markdown.join("") : markdown;
      const match =
        /^`(src\/[^`]+\.ts)` line (\d+)\n\n(`{3,})ts\n([\s\S]*?)\n\3\n?$/
          .exec(body);
      if (match === null) continue;
      shown.push({
        file: match[1]!,
        line: Number(match[2]),
        lines: match[4]!.split("\n"),
      });
    }
  }
  return shown;
}

/** Where `shown` differs from its file today, or null. */
function staleness(shown: Shown): string | null {
  const file = Deno.readTextFileSync(
    new URL(`../${shown.file}`, import.meta.url),
  )
    .split("\n");
  for (const [i, line] of shown.lines.entries()) {
    if (file[shown.line - 1 + i] !== line) {
      return `${shown.file} line ${shown.line + i}: shown ${
        JSON.stringify(line)
      }, the file has ${JSON.stringify(file[shown.line - 1 + i] ?? null)}`;
    }
  }
  return null;
}

Deno.test("every source a committed notebook shows is its file's text at the line it names", () => {
  let checked = 0;
  const stale: string[] = [];
  for (const entry of Deno.readDirSync(NOTEBOOKS)) {
    if (!entry.name.endsWith(".ipynb")) continue;
    const text = Deno.readTextFileSync(new URL(entry.name, NOTEBOOKS));
    for (const shown of shownSources(text)) {
      checked++;
      const problem = staleness(shown);
      if (problem !== null) stale.push(`${entry.name}: ${problem}`);
    }
  }
  assert.deepEqual(stale, []);
  assert.ok(checked >= 20, `only ${checked} shown sources found`);
});

Deno.test("a shown source one line off, or with a changed line, is found stale", () => {
  const file = "src/search/minimax.ts";
  const lines = Deno.readTextFileSync(new URL(`../${file}`, import.meta.url))
    .split("\n").slice(0, 5);
  const notebook = (line: number, shown: string[]) =>
    JSON.stringify({
      cells: [{
        outputs: [{
          data: {
            "text/markdown": `\`${file}\` line ${line}\n\n\`\`\`ts\n${
              shown.join("\n")
            }\n\`\`\`\n`,
          },
        }],
      }],
    });
  const [right] = shownSources(notebook(1, lines));
  assert.equal(staleness(right!), null);
  const [shifted] = shownSources(notebook(2, lines));
  assert.match(staleness(shifted!)!, /^src\/search\/minimax.ts line 2: shown/);
  const [changed] = shownSources(notebook(1, [...lines.slice(0, 4), "x"]));
  assert.match(staleness(changed!)!, /line 5: shown "x"/);
});
