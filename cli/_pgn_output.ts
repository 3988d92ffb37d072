/**
 * The `--pgn FILE` of `deno task match`, local or over `--nats`: opened
 * while the command line is checked, so a path that cannot be written is
 * refused before any engine starts, but emptied only once the games
 * begin. A run that stops before (an engine that cannot start, a server
 * that cannot be reached, a signal) leaves the file as it was: an existing
 * file untouched, a file the run created removed.
 *
 * @module
 */

/** A match's PGN file: {@linkcode PgnOutput.open}, `begin`, `writeGame`, `close`. */
export class PgnOutput {
  /** The path given. */
  readonly path: string;
  readonly #file: Deno.FsFile;
  /** Whether {@linkcode PgnOutput.open} made the file (it was not there). */
  readonly #created: boolean;
  #begun = false;
  #closed = false;
  /** Games written since {@linkcode PgnOutput.begin}. */
  #games = 0;

  private constructor(path: string, file: Deno.FsFile, created: boolean) {
    this.path = path;
    this.#file = file;
    this.#created = created;
  }

  /**
   * Opens `path` for writing, creating it when it is not there; its
   * content is kept until {@linkcode PgnOutput.begin}.
   *
   * @param path the file
   * @returns the output
   * @throws {Error} "cannot write --pgn PATH: reason" with what
   *   `Deno.openSync` said (no such directory, a directory, no permission)
   */
  static open(path: string): PgnOutput {
    try {
      try {
        return new PgnOutput(
          path,
          Deno.openSync(path, { write: true, createNew: true }),
          true,
        );
      } catch (error) {
        if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
      }
      return new PgnOutput(path, Deno.openSync(path, { write: true }), false);
    } catch (error) {
      throw new Error(
        `cannot write --pgn ${path}: ${(error as Error).message}`,
      );
    }
  }

  /**
   * Empties the file: the games begin (before the first write). Only the
   * first call empties it, so a run of several matches may call it at
   * each one's start.
   */
  begin(): void {
    if (this.#begun) return;
    this.#file.truncateSync(0);
    this.#begun = true;
  }

  /**
   * Writes one game's PGN, after a blank line when a game was written
   * before it, so the file reads as one list of games whichever matches
   * wrote them.
   */
  writeGame(pgn: string): void {
    this.#write((this.#games > 0 ? "\n" : "") + pgn);
    this.#games++;
  }

  /** Writes all of `text` (writeSync may write part of it). */
  #write(text: string): void {
    const bytes = new TextEncoder().encode(text);
    let written = 0;
    while (written < bytes.length) {
      written += this.#file.writeSync(bytes.subarray(written));
    }
  }

  /**
   * Closes the file; before {@linkcode PgnOutput.begin}, a file that
   * {@linkcode PgnOutput.open} created is removed, so the run leaves
   * nothing. Closing twice does nothing.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#file.close();
    if (this.#created && !this.#begun) {
      try {
        Deno.removeSync(this.path);
      } catch {
        // Already gone (removed by someone else): nothing is left either way.
      }
    }
  }
}
