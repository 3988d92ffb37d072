/**
 * Where one member of a class or interface stands in its file, for
 * `showSource("Class.method")`. `deno fmt` writes members at two spaces:
 * their first line, the line that ends their signature (`  ): void {` when
 * the parameters span lines) and the `  }` that closes a body.
 *
 * @module
 */

/**
 * An identifier as a regular expression's source: `$`, the one character of
 * a JavaScript identifier that means something in a pattern, escaped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { identifierPattern } from "./_member_lines.ts";
 * assert.equal(identifierPattern("$key"), "\\$key");
 * assert.ok(new RegExp(`^${identifierPattern("a$b")}$`).test("a$b"));
 * ```
 */
export function identifierPattern(name: string): string {
  return name.replace(/\$/g, "\\$");
}

/** A member's first and last line (0-based), or why none was found. */
export type MemberLines =
  | { start: number; end: number }
  | { missing: "member" | "end" };

/**
 * Finds `method` among the lines `from`…`to` (a class or interface
 * declaration) and the line that ends it: its own line for a signature
 * without a body (an interface's `play(move: Move): void;`, an `abstract`
 * method) or a body closed on it (`newGame(): void {}`), else the `  }`
 * that closes its body.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memberLines } from "./_member_lines.ts";
 * const lines = ["interface P {", "  play(m: number): void;", "  undo(", "    m: number,", "  ): void;", "}"];
 * assert.deepEqual(memberLines(lines, 0, 5, "play"), { start: 1, end: 1 });
 * assert.deepEqual(memberLines(lines, 0, 5, "undo"), { start: 2, end: 4 });
 * assert.deepEqual(memberLines(lines, 0, 5, "key"), { missing: "member" });
 * ```
 */
export function memberLines(
  lines: readonly string[],
  from: number,
  to: number,
  method: string,
): MemberLines {
  const escaped = identifierPattern(method);
  const member = new RegExp(
    `^  (?:(?:public|private|protected|static|abstract|async|override|get|set)\\s+)*\\*?${escaped}\\s*[(<]`,
  );
  const at = lines.slice(from, to + 1).findIndex((line) => member.test(line));
  if (at < 0) return { missing: "member" };
  const start = from + at;
  let end = signatureEnd(lines, start, to);
  // An overloaded method: each signature ends in ";", then the next one
  // (after its JSDoc) or the implementation; all of them are shown.
  while (end !== null && /;$/.test(lines[end]!.trimEnd())) {
    let next = end + 1;
    while (next <= to && /^\s*(\/\*\*|\*|\*\/|$)/.test(lines[next]!)) next++;
    if (next > to || !member.test(lines[next]!)) break;
    end = signatureEnd(lines, next, to);
  }
  return end === null ? { missing: "end" } : { start, end };
}

/**
 * The line that ends the member starting at `start`. Its signature ends on
 * the first line at the member's own indentation that ends in "{", "}" or
 * ";" (deeper lines are its parameters); a "{" there opens a body, closed
 * by the next "  }". Null when there is no such line before `to`.
 */
function signatureEnd(
  lines: readonly string[],
  start: number,
  to: number,
): number | null {
  for (let i = start; i <= to; i++) {
    const line = lines[i]!.trimEnd();
    if (i > start && !/^ {2}\S/.test(line)) continue;
    const opens = line.split("{").length, closes = line.split("}").length;
    if (/;$/.test(line) || (/}$/.test(line) && opens === closes)) return i;
    if (/\{$/.test(line)) {
      for (let k = i + 1; k <= to; k++) if (/^ {2}\}/.test(lines[k]!)) return k;
      return null;
    }
  }
  return null;
}
