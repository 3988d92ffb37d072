/**
 * The atlas's per-item cache (`.atlas-cache/`): one JSON file per unit of
 * work, written whole, so an interrupted full run resumes where it
 * stopped. Shared by the measurements, the Elo tests and the games
 * against Stockfish.
 *
 * @module
 */

/** A cached value, or undefined when there is none or it was cut by an interruption (then recomputed). */
export function readCache<T>(file: string | undefined): T | undefined {
  if (file === undefined) return undefined;
  try {
    return JSON.parse(Deno.readTextFileSync(file)) as T;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    // A file cut by an interruption is recomputed.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Writes a value whole (a temporary file renamed), so an interrupted write leaves none. */
export function writeCache(file: string | undefined, value: unknown): void {
  if (file === undefined) return;
  const temp = `${file}.tmp`;
  Deno.writeTextFileSync(temp, JSON.stringify(value));
  Deno.renameSync(temp, file);
}
