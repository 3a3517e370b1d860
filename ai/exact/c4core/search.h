/*
 * ai.exact._c4core: the exact Connect Four solver's hot loop in C, without the GIL.
 *
 * The algorithm is the one of ai/exact/python_core.py (the readable reference and the tests' oracle): the same
 * candidate moves, the same checks in the same order, the same move ranking. In the reference layout
 * (enhanced=False) the table is the same too (one 64-bit entry per slot of a power-of-two table, always
 * replaced; the key multiplied by an odd constant modulo 2**64 gives the slot, its top bits, and the entry's
 * tag, its low 56 bits, beside an 8-bit value): given the same table size, both cores visit the same positions,
 * which the tests check. The default, enhanced layout changes the table (two-entry buckets, mirror keys and a
 * near table for the end of the game, see below), ranks moves by the threats that bite soonest, and bounds the
 * score by the second player's follow-up strategy (see search.c): it visits other positions, far fewer from few
 * stones, and proves the same scores. The
 * bisection on the score (solve) runs here as well, with the probes of SolverBase.solve in the reference layout
 * (the enhanced one halves the range, see search.c); the per-move analysis stays in Python.
 *
 * Beyond the table, what differs from the Python code is only how the work is done: the threats of each move
 * are computed with 64-bit words one move at a time (the Python code packs all moves into one big int, which
 * pays only in CPython), and the children's table slots are prefetched before they are read.
 *
 * Boards are Pons' layout (see game/kinarow.py): column c holds bits c*(h+1) .. c*(h+1)+h-1 and a sentinel bit
 * on top, so a board fits 64 bits when width * (height + 1) <= 64 (every size the game offers with an even
 * number of cells: 7x6, 6x5 and 8x7).
 *
 * Threads: Core.solve and Core.negamax release the GIL while they search. Core.interrupt (from any thread) and
 * a time limit stop them within a few thousand positions; they then return None. One search at a time per
 * Core: a second concurrent call raises RuntimeError rather than racing on its state. Two Cores may share one
 * main table (Core(..., share=other), enhanced layout), each searching on its own thread: see the table below
 * for why their concurrent probes and stores are safe.
 */
#ifndef C4CORE_SEARCH_H
#define C4CORE_SEARCH_H

/* Python.h first, as CPython asks, in every file of the core. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>

#include "settings.h"

typedef uint64_t board_t;

/* The main table a Core uses, perhaps with others (see table.h). */
typedef struct MainTable MainTable;

/* The board's constants and the search's state; one per Core object. */
typedef struct {
    int width, height, cells, last_moves;
    int h1;
    board_t board, bottom;
    int min_score, max_score, lower_offset, lower_threshold;
    /* Per number of stones played: lost to the next stone, lost to the one after, the soonest win, a floor. */
    int lost_now[MAX_CELLS + 1], lost_later[MAX_CELLS + 1], win_soonest[MAX_CELLS + 1], lowest_score[MAX_CELLS + 1];
    /* Columns centre first: their cells and tie-break rank. */
    board_t column_cells[MAX_WIDTH];
    int tie_break[MAX_WIDTH];
    int column_index[MAX_WIDTH];     /* the board column of each entry of column_cells */
    board_t column_mask[MAX_WIDTH];  /* the cells of board column c, left to right */
    int enhanced;                    /* the enhanced table layout and mirror keys, not the Python core's */
    /* The cells of the 2nd, 4th, ... rows from the bottom where the height is even and the layout enhanced
     * (the second player's by the follow-up strategy, see search.c), else 0. */
    board_t even_rows;
    uint64_t *table;                 /* the main table's slots (perhaps shared with other Cores) */
    MainTable *main_table;           /* its part in use and how full it is */
    uint64_t size;                   /* slots of the main table */
    int slot_shift;                  /* the reference layout: 64 - log2(slots) */
    /* The enhanced layout: the buckets of the part in use as this search last saw it (their number minus 1;
     * see table.h), and the entries it stored since it last told the main table. */
    uint64_t bucket_mask;
    int64_t filled;
    uint64_t *near;                  /* the near table (enhanced layout, this Core's own): NEAR_SLOTS slots */
    int near_moves;                  /* positions with more stones than this use the near table */
    uint64_t nodes;
    /* Of those, the positions left with two moves or more to try after their table entry and bounds: the
     * count nearest to what other solvers count as a node (see negamax). */
    uint64_t branched;
    uint64_t next_check;
    double deadline; /* seconds on the monotonic clock; 0: none */
    int interrupted; /* set by Core.interrupt from another thread */
    int stopped;     /* the running search met the flag or the deadline */
    /* The opening book's entries (see ai/exact/book.py), probed at positions of at most book_moves stones;
     * book_moves is -1 when there is no book. */
    const uint64_t *book;
    uint64_t book_count;
    int book_moves;
} Search;

/* "No known floor" for solve's at_least. */
#define NO_FLOOR INT_MIN

/*
 * The score of a position where the side to move cannot win at once, in the window (alpha, beta), fail-soft
 * (see search.c). After a stop (s->stopped) the result means nothing.
 */
int negamax(Search *s, board_t current, board_t mask, board_t mirror_current, board_t mirror_mask, int moves,
            int alpha, int beta, board_t candidates);

/* The exact score of a position that is not over (weak: only its sign); see search.c. */
int solve(Search *s, board_t current, board_t mask, int moves, int weak, int at_least);

#endif
