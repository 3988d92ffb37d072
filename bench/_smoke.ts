/**
 * Smoke mode for the benches: `deno task bench:smoke` (run by CI) sets
 * `BENCH_SMOKE=1`, and every bench then asks `deno bench` for one iteration
 * without warm-up. Each bench asserts what it computed (node counts, values,
 * scores), so a bench whose expectations went stale fails CI instead of
 * failing only when someone runs `deno task bench`.
 *
 * @module
 */

/** True under `deno task bench:smoke`. Reading the variable needs `--allow-env=BENCH_SMOKE`; without it, false. */
export const SMOKE: boolean =
  Deno.permissions.querySync({ name: "env", variable: "BENCH_SMOKE" })
      .state === "granted" && Deno.env.get("BENCH_SMOKE") === "1";

/** Spread into every `Deno.bench` definition: one iteration in smoke mode, `deno bench`'s own choice otherwise. */
export const RUNS: { n?: number; warmup?: number } = SMOKE
  ? { n: 1, warmup: 0 }
  : {};
