/**
 * A small SVG chess board: squares, Unicode pieces, one highlighted move and
 * a numbered line of arrows (the moves that hide a loss), for notebook 08
 * and the figures.
 *
 * @module
 */

import { checkInteger, checkOptions, describe } from "../../validate.ts";
import { isUciMove } from "../../games/chess/notation.ts";

const PIECES: Record<string, string> = {
  K: "♔",
  Q: "♕",
  R: "♖",
  B: "♗",
  N: "♘",
  P: "♙",
  k: "♚",
  q: "♛",
  r: "♜",
  b: "♝",
  n: "♞",
  p: "♟",
};

/** Options of {@linkcode boardSvg}. */
export interface BoardSvgOptions {
  /** The move to highlight, UCI (`e2e4`): its squares are tinted. */
  move?: string;
  /** A line of UCI moves drawn as numbered arrows (the move itself first, when it starts the line). */
  line?: readonly string[];
  /** A caption under the board; `\n` starts a new line. */
  caption?: string;
  /** Side of a square in pixels (default 40). */
  square?: number;
}

/** A FEN's first field: eight ranks of pieces and empty-square counts, eight squares each. */
function checkPlacement(fen: unknown): void {
  const placement = typeof fen === "string" ? fen.trim().split(/\s+/)[0]! : "";
  const ranks = placement.split("/");
  const ok = ranks.length === 8 &&
    ranks.every((rank) =>
      /^[pnbrqkPNBRQK1-8]+$/.test(rank) &&
      [...rank].reduce((n, ch) => n + (/\d/.test(ch) ? Number(ch) : 1), 0) === 8
    );
  if (!ok) {
    throw new Error(
      `boardSvg: fen must start with a board of eight ranks of eight squares (pieces pnbrqk/PNBRQK, digits for empty squares), got ${
        describe(fen)
      }`,
    );
  }
}

/** A move in UCI, from-square and to-square (and a promotion piece). */
function checkUci(name: string, uci: unknown): void {
  if (!isUciMove(uci)) {
    throw new Error(
      `boardSvg: ${name} must be a move in UCI (e2e4, e7e8q), got ${
        describe(uci)
      }`,
    );
  }
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Draws the board of `fen` from White's side.
 *
 * @throws {Error} naming the argument, the value and the rule: a `fen`
 *   whose board is not eight ranks of eight squares, a `move` or a line's
 *   move that is not UCI, an unknown option
 *
 * @example The start position has 32 pieces
 * ```ts
 * import assert from "node:assert/strict";
 * import { boardSvg } from "./board_svg.ts";
 * const svg = boardSvg("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", { move: "e2e4" });
 * assert.match(svg, /^<svg /);
 * assert.equal((svg.match(/class="piece"/g) ?? []).length, 32);
 * ```
 */
export function boardSvg(fen: string, options: BoardSvgOptions = {}): string {
  checkOptions("boardSvg", options, ["move", "line", "caption", "square"]);
  checkPlacement(fen);
  if (options.move !== undefined) checkUci("move", options.move);
  if (options.line !== undefined) {
    if (!Array.isArray(options.line)) {
      throw new Error(
        `boardSvg: line must be an array of UCI moves, got ${
          describe(options.line)
        }`,
      );
    }
    options.line.forEach((uci, i) => checkUci(`line[${i}]`, uci));
  }
  if (options.caption !== undefined && typeof options.caption !== "string") {
    throw new Error(
      `boardSvg: caption must be a string, got ${describe(options.caption)}`,
    );
  }
  const s = checkInteger("boardSvg", "square", options.square ?? 40, 8, 400);
  const margin = 16;
  const captionLines = options.caption ? options.caption.split("\n") : [];
  const captionHeight = 18 * captionLines.length +
    (captionLines.length ? 4 : 0);
  const width = 8 * s + 2 * margin;
  const height = 8 * s + 2 * margin + captionHeight;
  const parts: string[] = [];
  const xy = (sq: string): [number, number] => {
    const file = sq.charCodeAt(0) - 97;
    const rank = sq.charCodeAt(1) - 49;
    return [margin + file * s, margin + (7 - rank) * s];
  };
  const tinted = new Set<string>();
  if (options.move) {
    tinted.add(options.move.slice(0, 2));
    tinted.add(options.move.slice(2, 4));
  }
  for (let rank = 7; rank >= 0; rank--) {
    for (let file = 0; file < 8; file++) {
      const name = String.fromCharCode(97 + file) + (rank + 1);
      const [x, y] = xy(name);
      const light = (file + rank) % 2 === 1;
      const fill = tinted.has(name)
        ? light ? "#f6e27f" : "#d9c24a"
        : light
        ? "#f0d9b5"
        : "#b58863";
      parts.push(
        `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${fill}"/>`,
      );
    }
  }
  for (let i = 0; i < 8; i++) {
    parts.push(
      `<text x="${margin + i * s + s / 2}" y="${
        margin + 8 * s + 12
      }" font-size="10" text-anchor="middle" fill="#555">${
        String.fromCharCode(97 + i)
      }</text>`,
      `<text x="${margin / 2}" y="${
        margin + i * s + s / 2 + 4
      }" font-size="10" text-anchor="middle" fill="#555">${8 - i}</text>`,
    );
  }
  const rows = (fen.split(" ")[0] ?? "").split("/");
  rows.forEach((row, r) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const x = margin + file * s + s / 2;
      const y = margin + r * s + s * 0.78;
      parts.push(
        `<text class="piece" x="${x}" y="${y}" font-size="${
          Math.round(s * 0.8)
        }" text-anchor="middle" fill="#000">${PIECES[ch] ?? ch}</text>`,
      );
      file++;
    }
  });
  const line = options.line ?? [];
  line.forEach((uci, i) => {
    const [x1, y1] = xy(uci.slice(0, 2));
    const [x2, y2] = xy(uci.slice(2, 4));
    const color = i % 2 === 0 ? "#c0392b" : "#2c3e8f";
    parts.push(
      `<line x1="${x1 + s / 2}" y1="${y1 + s / 2}" x2="${x2 + s / 2}" y2="${
        y2 + s / 2
      }" stroke="${color}" stroke-width="3" stroke-opacity="0.7" marker-end="url(#head${
        i % 2
      })"/>`,
      // The number sits 60 % along the arrow, so that two moves to one
      // square (a capture and its recapture) stay readable.
      `<circle cx="${0.4 * x1 + 0.6 * x2 + s / 2}" cy="${
        0.4 * y1 + 0.6 * y2 + s / 2
      }" r="7" fill="${color}"/>`,
      `<text x="${0.4 * x1 + 0.6 * x2 + s / 2}" y="${
        0.4 * y1 + 0.6 * y2 + s / 2 + 4
      }" font-size="10" text-anchor="middle" fill="#fff">${i + 1}</text>`,
    );
  });
  captionLines.forEach((text, i) => {
    parts.push(
      `<text x="${margin}" y="${
        8 * s + 2 * margin + 14 + 18 * i
      }" font-size="12" fill="#000">${escape(text)}</text>`,
    );
  });
  const defs = ["#c0392b", "#2c3e8f"].map((color, i) =>
    `<marker id="head${i}" markerWidth="6" markerHeight="6" refX="3" refY="3" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="${color}"/></marker>`
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif"><defs>${defs}</defs><rect width="${width}" height="${height}" fill="white"/>${
    parts.join("")
  }</svg>`;
}

/**
 * Puts SVG images (boards) side by side in one SVG, so that a notebook cell
 * shows them all.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { boardRow, boardSvg } from "./board_svg.ts";
 * const fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
 * const row = boardRow([boardSvg(fen), boardSvg(fen)]);
 * assert.equal((row.match(/<svg /g) ?? []).length, 3);
 * ```
 */
export function boardRow(svgs: readonly string[], gap = 12): string {
  let x = 0, height = 0;
  const parts: string[] = [];
  for (const svg of svgs) {
    const w = Number(/width="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 0);
    const h = Number(/height="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 0);
    parts.push(svg.replace(/^<svg /, `<svg x="${x}" y="0" `));
    x += w + gap;
    height = Math.max(height, h);
  }
  const width = Math.max(0, x - gap);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${
    parts.join("")
  }</svg>`;
}
