/**
 * The course's tables, recomputed as data: one folder per notebook, named by
 * topic, in reading order — `minimax/` (notebook 01), `alpha_beta/` (02),
 * `pruning/` (03), `deepening/` (04), `grundy/` (06), `enhancements/` (05),
 * `connect_four/` (07), `chess/` (08), `strength/` (09), `atlas/` (10). Each folder's
 * `measure.ts` computes its rows (`minimax/measure.ts`: the rows `T004.*`,
 * whose ids keep the course's numbers) and its `report.ts` draws them. The shared report shape
 * (`report.ts`, `rows.ts`, `distribution.ts`), the list of lessons
 * (`lessons.ts`) and the course's mistakes (`_traps.ts`) sit at the top. The
 * notebooks and `deno task figures` both call this module.
 *
 * @module
 */
export * from "./rows.ts";
export * from "./report.ts";
export * from "./distribution.ts";
export * from "./minimax/mod.ts";
export * from "./alpha_beta/mod.ts";
export * from "./pruning/mod.ts";
export * from "./deepening/mod.ts";
export * from "./enhancements/mod.ts";
export * from "./grundy/mod.ts";
export * from "./connect_four/mod.ts";
export * from "./lessons.ts";
export * from "./strength/mod.ts";
export * from "./atlas/mod.ts";
export * from "./try_it.ts";
