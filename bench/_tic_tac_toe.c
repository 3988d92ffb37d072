/*
 * The native baseline of issue 12's target 6: full tic-tac-toe from the empty
 * board, minimax and alpha-beta in negamax form on a 9-bit board per side,
 * counting nodes exactly as the project's searchers do (549,946 and 18,297).
 * `deno task bench:c` compiles it with `cc -O2` and runs it beside ours.
 *
 * Usage: tic_tac_toe ROUNDS
 * Prints two lines, "<search> <value> <nodes> <best milliseconds>", the best
 * of ROUNDS rounds (each round runs both searches once).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const int LINES[8] = {0x7, 0x38, 0x1c0, 0x49, 0x92, 0x124, 0x111, 0x54};
static long nodes;

static int has_line(int stones) {
  for (int i = 0; i < 8; i++) {
    if ((stones & LINES[i]) == LINES[i]) return 1;
  }
  return 0;
}

/* The value for the side to move, whose stones are `me`; `op` just moved. */
static int minimax(int me, int op) {
  nodes++;
  if (has_line(op)) return -1;
  int occupied = me | op;
  if (occupied == 0x1ff) return 0;
  int best = -2;
  for (int cell = 0; cell < 9; cell++) {
    if (occupied >> cell & 1) continue;
    int value = -minimax(op, me | 1 << cell);
    if (value > best) best = value;
  }
  return best;
}

static int alpha_beta(int me, int op, int alpha, int beta) {
  nodes++;
  if (has_line(op)) return -1;
  int occupied = me | op;
  if (occupied == 0x1ff) return 0;
  int best = -2;
  for (int cell = 0; cell < 9; cell++) {
    if (occupied >> cell & 1) continue;
    int value = -alpha_beta(op, me | 1 << cell, -beta, -alpha);
    if (value > best) best = value;
    if (best > alpha) alpha = best;
    if (alpha >= beta) return best;
  }
  return best;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 10;
  if (rounds < 1) {
    fprintf(stderr, "tic_tac_toe: ROUNDS must be an integer >= 1, got %s\n", argv[1]);
    return 2;
  }
  double best_minimax = 1e300, best_alpha_beta = 1e300;
  int minimax_value = 0, alpha_beta_value = 0;
  long minimax_nodes = 0, alpha_beta_nodes = 0;
  for (int round = 0; round < rounds; round++) {
    nodes = 0;
    double start = now_ms();
    minimax_value = minimax(0, 0);
    double took = now_ms() - start;
    if (took < best_minimax) best_minimax = took;
    minimax_nodes = nodes;
    nodes = 0;
    start = now_ms();
    alpha_beta_value = alpha_beta(0, 0, -2, 2);
    took = now_ms() - start;
    if (took < best_alpha_beta) best_alpha_beta = took;
    alpha_beta_nodes = nodes;
  }
  printf("minimax %d %ld %.4f\n", minimax_value, minimax_nodes, best_minimax);
  printf("alphabeta %d %ld %.4f\n", alpha_beta_value, alpha_beta_nodes, best_alpha_beta);
  return 0;
}
