/** A value that `markdownTable` can put in a cell. */
export type TableCell = string | number | bigint | boolean | null | undefined;

/** How a column is aligned: `"auto"` right-aligns columns of numbers. */
export type ColumnAlign = "auto" | "left" | "right" | "center";

/** Options of {@linkcode markdownTable}. */
export interface MarkdownTableOptions {
  /** One alignment per column, or one for all; default `"auto"`. */
  align?: ColumnAlign | readonly ColumnAlign[];
}

/**
 * Formats rows as a GitHub-flavoured markdown table, padded so that the raw
 * text lines up too.
 *
 * `|` in a cell is escaped as `\|`, a line break becomes `<br>`, `null` and
 * `undefined` become empty cells. With the default `"auto"` alignment a column
 * whose cells are all numbers (empty cells aside) is right-aligned.
 *
 * @param columns The header of each column.
 * @param rows The rows, each with one cell per column.
 * @param options Column alignment.
 * @returns The table, one line per row, ending with a newline.
 *
 * @example Tabulate node counts beside the course's numbers
 * ```ts
 * import { markdownTable } from "./markdown_table.ts";
 * import assert from "node:assert/strict";
 *
 * const table = markdownTable(["search", "nodes", "course"], [
 *   ["minimax", 549946, 549946],
 *   ["alpha | beta", 18297, 18297],
 * ]);
 * assert.equal(
 *   table,
 *   "| search        |  nodes | course |\n" +
 *     "| ------------- | -----: | -----: |\n" +
 *     "| minimax       | 549946 | 549946 |\n" +
 *     "| alpha \\| beta |  18297 |  18297 |\n",
 * );
 * ```
 */
export function markdownTable(
  columns: readonly string[],
  rows: readonly (readonly TableCell[])[],
  options: MarkdownTableOptions = {},
): string {
  for (const [index, row] of rows.entries()) {
    if (row.length !== columns.length) {
      throw new Error(
        `Row ${index} has ${row.length} cells but the table has ${columns.length} columns`,
      );
    }
  }
  const aligns = columns.map((_, column) => {
    const align = typeof options.align === "string"
      ? options.align
      : options.align?.[column] ?? "auto";
    if (align !== "auto") return align;
    const cells = rows.map((row) => row[column]).filter((cell) =>
      cell !== null && cell !== undefined && cell !== ""
    );
    const numeric = cells.length > 0 &&
      cells.every((cell) =>
        typeof cell === "number" || typeof cell === "bigint"
      );
    return numeric ? "right" : "left";
  });
  const header = columns.map(escapeCell);
  const body = rows.map((row) => row.map(escapeCell));
  const widths = header.map((title, column) =>
    Math.max(
      3,
      length(title),
      ...body.map((row) => length(row[column] ?? "")),
    )
  );
  const line = (cells: readonly string[]) =>
    `| ${
      cells.map((cell, column) =>
        pad(cell, widths[column] ?? 0, aligns[column] ?? "left")
      ).join(" | ")
    } |\n`;
  const rule = `| ${
    widths.map((width, column) => {
      const align = aligns[column];
      const dashes = "-".repeat(width);
      if (align === "right") return `${dashes.slice(1)}:`;
      if (align === "center") return `:${dashes.slice(2)}:`;
      return dashes;
    }).join(" | ")
  } |\n`;
  return line(header) + rule + body.map(line).join("");
}

function escapeCell(cell: TableCell): string {
  if (cell === null || cell === undefined) return "";
  // A backslash right before a bar is doubled, so that the bar, escaped,
  // stays in its cell (other backslashes are the cell's own Markdown
  // escapes, "SSS\\*"); a "<" that could open an HTML tag is text
  // ("Array<number>" stayed a tag and vanished), a "<" before a blank or a
  // digit ("< 0.1") is left as written.
  return String(cell)
    .replace(/\\(?=\|)/g, "\\\\")
    .replaceAll("|", "\\|")
    .replace(/<(?=[A-Za-z/!?])/g, "&lt;")
    .replace(/\r?\n/g, "<br>");
}

/** Length in code points, so that `α` and `β` count as one column each. */
function length(text: string): number {
  return [...text].length;
}

function pad(text: string, width: number, align: string): string {
  const missing = width - length(text);
  if (align === "right") return " ".repeat(missing) + text;
  if (align === "center") {
    const left = Math.floor(missing / 2);
    return " ".repeat(left) + text + " ".repeat(missing - left);
  }
  return text + " ".repeat(missing);
}
