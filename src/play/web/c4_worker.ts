/**
 * The play page's Connect Four worker: scores the columns of the positions
 * the page sends, one message per column, so that the page never waits on
 * a solve. Bundled by `deno task site` into a classic script (run from a
 * blob URL: chromium refuses workers loaded from `file:` URLs) with the
 * book's text in `GTS_BOOK_TEXT`.
 *
 * Messages in: `{ id, moves, maxNodes }`. Out: `{ id, hint }` for each
 * playable column (centre first), then `{ id, done: true }`; `{ id, error }`
 * when the request or the book is bad.
 *
 * @module
 */

import { type ColumnHint, ConnectFourHints } from "./c4_hints.ts";

/** Set by the bundler: the text of `data/connect4/book.txt`. */
declare const GTS_BOOK_TEXT: string;

/** A request of the page. */
export interface HintRequest {
  id: number;
  moves: string;
  maxNodes: number;
}

/** A reply to the page. */
export type HintReply =
  | { id: number; hint: ColumnHint }
  | { id: number; done: true }
  | { id: number; error: string };

/** The columns centre first: the likely best ones are shown first. */
const ORDER = [3, 2, 4, 1, 5, 0, 6];

interface WorkerScope {
  onmessage: ((event: { data: HintRequest }) => void) | null;
  postMessage(message: HintReply): void;
}

const scope = globalThis as unknown as WorkerScope;
let hints: ConnectFourHints | null = null;
let bookError: string | null = null;
try {
  hints = new ConnectFourHints(GTS_BOOK_TEXT);
} catch (error) {
  bookError = error instanceof Error ? error.message : String(error);
}

scope.onmessage = (event) => {
  const { id, moves, maxNodes } = event.data;
  if (hints === null) {
    scope.postMessage({ id, error: `the opening book: ${bookError}` });
    return;
  }
  try {
    for (const column of ORDER) {
      const hint = hints.column(moves, column, maxNodes);
      if (hint !== null) scope.postMessage({ id, hint });
    }
    scope.postMessage({ id, done: true });
  } catch (error) {
    scope.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
