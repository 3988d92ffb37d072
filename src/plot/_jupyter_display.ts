/**
 * A value that the Deno Jupyter kernel displays as rich output: the kernel calls
 * the `Symbol.for("Jupyter.display")` method of a cell's last expression and
 * shows the returned MIME bundle.
 */
export interface JupyterDisplay {
  /** Returns the MIME bundle, e.g. `{ "image/svg+xml": "<svg …>" }`. */
  [key: symbol]: () => Record<string, string>;
}

/** The symbol that the Deno kernel looks up on a cell's result. */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for(
  "Jupyter.display",
) as never;

/** Wraps a MIME bundle into a value that the Deno kernel displays. */
export function mimeBundle(bundle: Record<string, string>): JupyterDisplay {
  return { [JUPYTER_DISPLAY]: () => bundle };
}
