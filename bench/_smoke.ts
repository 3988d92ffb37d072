/**
 * Smoke mode for the benches: `deno task bench:smoke` (run by CI) sets
 * `BENCH_SMOKE=1`, and every bench then asks `deno bench` for its fewest
 * runs: `n: 1` (one sample) and `warmup: 0`. Each bench asserts what it
 * computed (node counts, values, scores), so a bench whose expectations
 * went stale fails CI instead of failing only when someone runs
 * `deno task bench`.
 *
 * The fewest runs are not one call. `deno bench` (Deno 2.9, its
 * `benchMeasure`) warms a bench up until 10 ms are spent (it overwrites the
 * `warmup` option with a flag of its own, so the option does nothing),
 * then measures until another 10 ms are spent and `n` calls more; a bench
 * faster than 10 µs a call is called 10,000 times a sample, at least 10
 * samples. So a bench slower than 10 ms runs three times in smoke mode
 * (one warm-up call, two measured: tests/cli_bench_test.ts counts them),
 * and a fast one for a few tens of milliseconds.
 *
 * @module
 */

/** True under `deno task bench:smoke`. Reading the variable needs `--allow-env=BENCH_SMOKE`; without it, false. */
export const SMOKE: boolean =
  Deno.permissions.querySync({ name: "env", variable: "BENCH_SMOKE" })
      .state === "granted" && Deno.env.get("BENCH_SMOKE") === "1";

/** Spread into every `Deno.bench` definition: the fewest runs in smoke mode (see above), `deno bench`'s own choice otherwise. */
export const RUNS: { n?: number; warmup?: number } = SMOKE
  ? { n: 1, warmup: 0 }
  : {};
