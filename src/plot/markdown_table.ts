import { checkOptions, describe } from "../validate.ts";

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
 * `|` in a cell is escaped as `\|`, a line break (`\n`, `\r\n`, `\r`, U+2028,
 * U+2029) becomes `<br>`, `null` and `undefined` become empty cells. With the
 * default `"auto"` alignment a column whose cells are all numbers (empty cells
 * aside) is right-aligned.
 *
 * @param columns The header of each column.
 * @param rows The rows, each with one cell per column.
 * @param options Column alignment.
 * @returns The table, one line per row, ending with a newline.
 * @throws {Error} naming the argument, the value and the rule: columns that
 *   are not a non-empty list of strings, a row of another length than the
 *   header, a cell of another type than {@linkcode TableCell}, an unknown
 *   option or alignment, or a list of alignments of another length.
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
  checkTable(columns, rows, options);
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

const ALIGNS: readonly string[] = ["auto", "left", "right", "center"];

/**
 * Rejects what would make a wrong table rather than an error: a header that
 * is not a list of strings, a row of another length, a cell that would print
 * as `[object Object]`, an alignment that is not one of the four or a list
 * of another length.
 */
function checkTable(
  columns: unknown,
  rows: unknown,
  options: unknown,
): void {
  const where = "markdownTable";
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new Error(
      `${where}: columns must be a non-empty array of strings, got ${
        describe(columns)
      }`,
    );
  }
  columns.forEach((title, column) => {
    if (typeof title !== "string") {
      throw new Error(
        `${where}: columns[${column}] must be a string, got ${describe(title)}`,
      );
    }
  });
  if (!Array.isArray(rows)) {
    throw new Error(
      `${where}: rows must be an array of rows, got ${describe(rows)}`,
    );
  }
  rows.forEach((row: unknown, index) => {
    if (!Array.isArray(row)) {
      throw new Error(
        `${where}: rows[${index}] must be an array of cells, got ${
          describe(row)
        }`,
      );
    }
    if (row.length !== columns.length) {
      throw new Error(
        `${where}: rows[${index}] has ${row.length} cells but the table has ${columns.length} columns`,
      );
    }
    row.forEach((cell: unknown, column) => {
      if (
        cell !== null && typeof cell === "object" ||
        typeof cell === "function" || typeof cell === "symbol"
      ) {
        throw new Error(
          `${where}: rows[${index}][${column}] must be a string, number, bigint, boolean, null or undefined, got ${
            describe(cell)
          }`,
        );
      }
    });
  });
  checkOptions(where, options, ["align"]);
  const align = (options as MarkdownTableOptions).align;
  if (align === undefined || ALIGNS.includes(align as string)) return;
  if (!Array.isArray(align)) {
    throw new Error(
      `${where}: align must be one of ${
        ALIGNS.join(", ")
      } or an array of them, one per column, got ${describe(align)}`,
    );
  }
  if (align.length !== columns.length) {
    throw new Error(
      `${where}: align has ${align.length} entries but the table has ${columns.length} columns`,
    );
  }
  align.forEach((entry: unknown, column) => {
    if (!ALIGNS.includes(entry as string)) {
      throw new Error(
        `${where}: align[${column}] must be one of ${ALIGNS.join(", ")}, got ${
          describe(entry)
        }`,
      );
    }
  });
}

function escapeCell(cell: TableCell): string {
  if (cell === null || cell === undefined) return "";
  // A backslash right before a bar is doubled, so that the bar, escaped,
  // stays in its cell (other backslashes are the cell's own Markdown
  // escapes, "SSS\\*"); a "<" that could open an HTML tag is text
  // ("Array<number>" stayed a tag and vanished), a "<" before a blank or a
  // digit ("< 0.1") is left as written. Every line terminator a Markdown
  // reader may split on ends the row: a lone "\r", U+2028 and U+2029 too.
  return String(cell)
    .replace(/\\(?=\|)/g, "\\\\")
    .replaceAll("|", "\\|")
    .replace(/<(?=[A-Za-z/!?])/g, "&lt;")
    .replace(/\r\n|[\r\n\u2028\u2029]/g, "<br>");
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
