/**
 * Game trees: hand-written ones and the course's seeded uniform trees.
 *
 * @module
 */
export * from "./explicit_tree.ts";
export * from "./uniform_tree.ts";
export * from "./tree_text.ts";
