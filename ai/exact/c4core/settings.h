/*
 * The compiled core's tunables and limits, in one place (see search.h for the whole design).
 */
#ifndef C4CORE_SETTINGS_H
#define C4CORE_SETTINGS_H

#include <stdint.h>

#define MAX_WIDTH 16
#define MAX_CELLS 64
#define KEY_BITS 56
#define KEY_MASK ((UINT64_C(1) << KEY_BITS) - 1)
/* As HASH_MULTIPLIER in ai/exact/base.py. */
#define HASH_MULTIPLIER UINT64_C(0x9E3779B97F4A7C15)
/* Positions between two looks at the stop flag and the clock: about 0.1 ms of search. */
#define CHECK_EVERY 1024

/*
 * The near table (enhanced layout only). Positions with fewer than NEAR_DEPTH empty cells are stored in a small
 * table of their own, one entry per slot in the reference encoding, always replaced, small enough to stay in
 * the core's own L2 cache (8 bytes * NEAR_SLOTS: 512 KB). Near the end of the game, where most positions are, a
 * subtree is searched in less time than one probe of the main table costs when it misses the caches (the main
 * table is far larger than them); their transpositions are close together in time, which a small table
 * catches. The deep positions keep the main table to themselves, so it also loses fewer of them to replacement.
 * Half the size loses more transpositions of the deep searches (a few percent more positions) for no time saved;
 * a larger one would no longer stay in L2 between searches. (Measurements: docs/benchmarks.md.)
 */
#define NEAR_DEPTH 22
/*
 * Core(..., near_depth=D) moves that line: the default suits searches that start near the end of the game (the
 * public test sets), where the whole tree fits the near table's reach. Searches of positions with few stones go
 * far deeper, and their positions with 16 to 21 empty cells are reached again and again from many branches, far
 * apart in time, which the small always-replaced table loses: the game's solvers use a line of their own
 * (ai/exact/choice.py).
 */
#define NEAR_SLOTS_LOG2 16
#define NEAR_SLOTS (UINT64_C(1) << NEAR_SLOTS_LOG2)

/*
 * The part of an enhanced main table in use at first (shared or not): 2**20 buckets (16 MB); it doubles when its
 * entries fill GROW_AT_EIGHTHS eighths of its slots. A search touches a page of the table with its first store
 * there, and each page costs the kernel time to back; a short search on a large table would otherwise spread
 * its few entries over every page (on 500 positions of Test_L2_R2 with 1 GB, more system time than search). And a
 * smaller table misses the caches and the TLB less: the fuller the table before it doubles, the less time on
 * the public sets' opening positions and the empty board, for the few entries it loses (docs/engine.md).
 */
#define FIRST_BUCKETS_LOG2 20
#define GROW_AT_EIGHTHS 7

/* Move ordering looks at the follow-up strategy's bound after each move from this many stones on: with fewer,
 * the first player's cells nearly always hold a four in a row, and the look costs more than it saves. */
#define FOLLOW_UP_ORDER_FROM 12

/* Positions with fewer empty cells than this are solved with one wide window (enhanced layout), see solve. */
#define WIDE_DEPTH 18

/* Positions of at most this many stones find their score by halving its range from the sign (enhanced layout);
 * those of more, by SolverBase's probes, see solve. */
#define HALVING_UP_TO 3

#endif
