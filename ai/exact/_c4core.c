/*
 * ai.exact._c4core: the exact Connect Four solver's hot loop in C, without the GIL.
 *
 * The algorithm is the one of ai/exact/python_core.py (the readable reference and the tests' oracle): the same
 * candidate moves, the same checks in the same order, the same move ranking. In the reference layout
 * (enhanced=False) the table is the same too (one 64-bit entry per slot of a power-of-two table, always
 * replaced; the key multiplied by an odd constant modulo 2**64 gives the slot, its top bits, and the entry's
 * tag, its low 56 bits, beside an 8-bit value): given the same table size, both cores visit the same positions,
 * which the tests check. The default, enhanced layout changes only the table (two-entry buckets, mirror keys and
 * a near table for the end of the game, see below): it visits other positions and proves the same scores. The
 * bisection on the score (solve) runs here as well, with the probes of SolverBase.solve; the per-move analysis
 * stays in Python.
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
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <time.h>
#endif
#if defined(__linux__)
#include <stdlib.h>
#include <sys/mman.h>
#endif

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
 * the core's own L2 cache (8 bytes * NEAR_SLOTS: 256 KB). Near the end of the game, where most positions are, a
 * subtree is searched in less time than one probe of the main table costs when it misses the caches (the main
 * table is far larger than them); their transpositions are close together in time, which a small table
 * catches. The deep positions keep the main table to themselves, so it also loses fewer of them to replacement.
 * Measured on the public sets: 1.5 to 3 times less time, for 5% to 35% more positions explored. A near table
 * of 1 MB explores fewer positions on the opening sets (L1_R2: -15%, 10% less time), but it no longer stays in
 * L2 between the calls of a test set's end-game positions, which then take 25% more time.
 */
#define NEAR_DEPTH 22
/*
 * Core(..., near_depth=D) moves that line: the default suits searches that start near the end of the game (the
 * public test sets), where the whole tree fits the near table's reach. Searches of positions with few stones go
 * far deeper, and their positions with 16 to 21 empty cells are reached again and again from many branches, far
 * apart in time: the small always-replaced table loses them. Measured on the moves of 8- to 13-stone positions
 * of five random-play games (one thread): near_depth 16 explores 35% fewer positions and takes 24% less time;
 * 14 and 15 explore fewer still but take more time than 16 (the main table's cache misses), 17 and 18 too.
 */
#define NEAR_SLOTS_LOG2 15
#define NEAR_SLOTS (UINT64_C(1) << NEAR_SLOTS_LOG2)

/*
 * Bits set in a word, the move ranking's threat count. Unless the compiler may use the CPU's popcnt instruction
 * (it may not without -mpopcnt or a -march that has it, and the build does not ask, so that the module runs on
 * any x86-64), __builtin_popcountll is a call into libgcc: this branch-free count, inlined, costs less.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__POPCNT__)
#define POPCOUNT(x) __builtin_popcountll(x)
#else
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}
#define POPCOUNT(x) popcount64(x)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#define LOAD_FLAG(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE_FLAG(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define LOAD_ENTRY(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE_ENTRY(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#else
#define PREFETCH(p) ((void)0)
#define LOAD_FLAG(p) (*(volatile int *)(p))
#define STORE_FLAG(p, v) (*(volatile int *)(p) = (v))
/* Aligned 64-bit words are read and written whole on the 64-bit targets these compilers build for. */
#define LOAD_ENTRY(p) (*(volatile uint64_t *)(p))
#define STORE_ENTRY(p, v) (*(volatile uint64_t *)(p) = (v))
#endif

typedef uint64_t board_t;

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
    uint64_t *table;                 /* the main table (perhaps shared with another Core) */
    uint64_t size;                   /* slots of the main table */
    int slot_shift; /* 64 - log2(number of slots, or of buckets in the enhanced layout) */
    uint64_t *near;                  /* the near table (enhanced layout, this Core's own): NEAR_SLOTS slots */
    int near_moves;                  /* positions with more stones than this use the near table */
    uint64_t nodes;
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

static double monotonic_seconds(void) {
#if defined(_WIN32)
    LARGE_INTEGER frequency, counter;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&counter);
    return (double)counter.QuadPart / (double)frequency.QuadPart;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
#endif
}

/*
 * The main table's memory, zeroed. On Linux it is aligned to 2 MB and marked for transparent huge pages: nearly every
 * table probe misses the caches, and with 4 KB pages most of them also miss the TLB (a page walk on top).
 */
static uint64_t *table_alloc(uint64_t slots) {
    size_t bytes = (size_t)slots * sizeof(uint64_t);
    uint64_t *table;
#if defined(__linux__)
    const size_t huge_page = (size_t)1 << 21;
    void *memory = NULL;
    if (posix_memalign(&memory, huge_page, bytes)) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(memory, bytes, MADV_HUGEPAGE);
#endif
    table = memory;
#else
    table = PyMem_RawMalloc(bytes);
    if (!table) return NULL;
#endif
    /* Writing every slot now maps the memory at once, rather than one page fault at a time during searches. */
    memset(table, 0, bytes);
    return table;
}

/* Slots allocated: the main table's and the near table's. */
static uint64_t allocated_slots(const Search *s) { return s->table ? s->size + (s->near ? NEAR_SLOTS : 0) : 0; }

/*
 * A main table and the Cores using it (one, or two when one shares the other's). `users` and `searches` change
 * only with the GIL held. The memory is freed when the last user lets go.
 */
typedef struct {
    uint64_t *slots;
    int users;
    int searches; /* searches running on the table without the GIL */
} MainTable;

static void table_free(uint64_t *table) {
#if defined(__linux__)
    free(table);
#else
    PyMem_RawFree(table);
#endif
}

/* Empty or filled cells that would complete four in a row for `stones` (the caller masks them). */
static inline board_t threats(board_t s, int h1) {
    board_t wins = (s << 1) & (s << 2) & (s << 3);
    int shifts[3] = {h1, h1 + 1, h1 - 1};
    for (int i = 0; i < 3; i++) {
        int d = shifts[i];
        board_t up = s << d, down = s >> d;
        wins |= (up & (s << 2 * d) & ((s << 3 * d) | down)) | (down & (s >> 2 * d) & ((s >> 3 * d) | up));
    }
    return wins;
}

static int checkpoint(Search *s) {
    s->next_check = s->nodes + CHECK_EVERY;
    if (LOAD_FLAG(&s->interrupted)) return 1;
    if (s->deadline > 0 && monotonic_seconds() >= s->deadline) return 1;
    return 0;
}

/* A key scrambled by a bijection of the 64-bit words: its top bits pick the slot, its low bits are stored. */
static inline uint64_t scramble(board_t key) { return key * HASH_MULTIPLIER; }

/*
 * The table. In the reference layout (the Python core's) a slot holds one entry: the scrambled key's low 56
 * bits and an 8-bit value. In the enhanced layout a bucket holds two entries, each the scrambled key's low 48
 * bits, the depth (empty cells) it was searched at and the value: the first entry keeps the deepest search
 * seen in the bucket, the second the latest one. Deep entries saved the most work and are kept longer, while
 * the latest entry still catches the transpositions nearby. With 2**16 buckets or more, the bucket and the
 * stored 48 bits identify the key. A value is never 0, so 0 marks an empty entry.
 *
 * A shared main table: each entry is one 64-bit word, read and written whole (relaxed atomic loads and stores,
 * plain moves on x86-64), so a thread never sees half of another's entry. Every entry is a proven bound on the
 * score of the position it names, whoever wrote it and whenever, so any entry a probe finds is sound; two
 * threads storing into one bucket at once may lose an entry, which only costs a search again.
 */
#define TAG_BITS 48
#define TAG_MASK ((UINT64_C(1) << TAG_BITS) - 1)

static inline int is_near(const Search *s, int moves) { return moves > s->near_moves; }

/* The bucket of a key, for a position with `moves` stones. */
static inline uint64_t *bucket_of(const Search *s, uint64_t scrambled, int moves) {
    if (is_near(s, moves)) return &s->near[scrambled >> (64 - NEAR_SLOTS_LOG2)];
    return &s->table[(scrambled >> s->slot_shift) << s->enhanced];
}

static inline void table_prefetch(const Search *s, uint64_t scrambled, int moves) {
    PREFETCH(bucket_of(s, scrambled, moves));
}

/* The stored value for the key of a position with `moves` stones (0: none). */
static inline int table_get(const Search *s, uint64_t scrambled, int moves) {
    uint64_t *bucket = bucket_of(s, scrambled, moves);
    if (!s->enhanced || is_near(s, moves)) {
        uint64_t entry = bucket[0];
        return entry && entry >> 8 == (scrambled & KEY_MASK) ? (int)(entry & 255) : 0;
    }
    uint64_t tag = scrambled & TAG_MASK;
    uint64_t first = LOAD_ENTRY(&bucket[0]);
    if (first && first >> 16 == tag) return (int)(first & 255);
    uint64_t second = LOAD_ENTRY(&bucket[1]);
    if (second && second >> 16 == tag) return (int)(second & 255);
    return 0;
}

static inline void table_put(Search *s, uint64_t scrambled, int value, int moves) {
    uint64_t *bucket = bucket_of(s, scrambled, moves);
    if (!s->enhanced || is_near(s, moves)) {
        bucket[0] = ((scrambled & KEY_MASK) << 8) | (uint64_t)value;
        return;
    }
    uint64_t tag = scrambled & TAG_MASK;
    int depth = s->cells - moves;
    uint64_t entry = (tag << 16) | ((uint64_t)depth << 8) | (uint64_t)value;
    uint64_t deep = LOAD_ENTRY(&bucket[0]);
    if (!deep || deep >> 16 == tag) {
        STORE_ENTRY(&bucket[0], entry);
        if (LOAD_ENTRY(&bucket[1]) >> 16 == tag) STORE_ENTRY(&bucket[1], 0); /* no stale second copy */
    } else if (depth >= (int)((deep >> 8) & 255)) {
        STORE_ENTRY(&bucket[1], deep);
        STORE_ENTRY(&bucket[0], entry);
    } else {
        STORE_ENTRY(&bucket[1], entry);
    }
}

static inline int upper_value(const Search *s, int bound) { return bound - s->min_score + 1; }
static inline int lower_value(const Search *s, int bound) { return bound + s->lower_offset; }

/* The mirror image (columns in reverse order) of one stone, in column `column`. */
static inline board_t mirror_stone(const Search *s, board_t stone, int column) {
    int shift = (s->width - 1 - 2 * column) * s->h1;
    return shift >= 0 ? stone << shift : stone >> -shift;
}

/* The column of a single stone. */
static inline int column_of(const Search *s, board_t stone) {
    int column = 0;
    while (!(stone & s->column_mask[column])) column++;
    return column;
}

/* The mirror image of a whole board. */
static board_t mirror_board(const Search *s, board_t b) {
    board_t mirror = 0;
    for (int column = 0; column < s->width; column++) mirror |= mirror_stone(s, b & s->column_mask[column], column);
    return mirror;
}

/* The table key of a position: its own key, or in the enhanced layout the smaller of it and its mirror's. */
static inline uint64_t table_key(const Search *s, board_t key, board_t mirror_key) {
    return scramble(s->enhanced && mirror_key < key ? mirror_key : key);
}

/* Marks "not in the book": no score is this low. */
#define NOT_IN_BOOK INT_MIN

/*
 * The exact score the opening book holds for a position, from its key and its mirror image's (the book stores
 * the smaller, shifted left by 8 bits above the score + 128, in ascending order), or NOT_IN_BOOK.
 */
static int book_score(const Search *s, board_t key, board_t mirror_key) {
    const uint64_t wanted = (mirror_key < key ? mirror_key : key) << 8;
    uint64_t low = 0, high = s->book_count;
    while (low < high) {
        uint64_t middle = low + (high - low) / 2;
        if (s->book[middle] < wanted)
            low = middle + 1;
        else
            high = middle;
    }
    if (low < s->book_count && s->book[low] >> 8 == wanted >> 8) return (int)(s->book[low] & 255) - 128;
    return NOT_IN_BOOK;
}

/*
 * The score of a position where the side to move cannot win at once, in the window (alpha, beta), fail-soft:
 * a true score s <= alpha gives an upper bound in [s, alpha], s >= beta a lower bound in [beta, s], else s.
 * `mirror_current` and `mirror_mask` are the position's mirror image (kept up to date for the enhanced layout's
 * mirror keys). `candidates`: the moves worth trying if the caller computed them (never empty, every threat
 * parried), else 0. After a stop (s->stopped) the result means nothing.
 */
static int negamax(Search *s, board_t current, board_t mask, board_t mirror_current, board_t mirror_mask,
                   int moves, int alpha, int beta, board_t candidates) {
    const board_t board = s->board, bottom = s->bottom;
    /* The bucket is fetched from memory while the candidates are computed. */
    const uint64_t key = table_key(s, current + mask, mirror_current + mirror_mask);
    table_prefetch(s, key, moves);
    s->nodes++;
    if (s->nodes >= s->next_check && checkpoint(s)) {
        s->stopped = 1;
        return 0;
    }
    if (!candidates) {
        board_t opponent_wins = threats(current ^ mask, s->h1) & (board ^ mask);
        candidates = (mask + bottom) & board;
        board_t forced = candidates & opponent_wins;
        if (forced) {
            if (forced & (forced - 1)) return s->lost_now[moves]; /* two threats at once */
            candidates = forced;
        }
        /* Never play under an opponent's threat. */
        candidates &= ~(opponent_wins >> 1);
        if (!candidates) return s->lost_now[moves];
    }
    if (moves >= s->last_moves) return 0;
    if (moves <= s->book_moves) {
        /* An exact score is a valid fail-soft answer to any window. */
        int known = book_score(s, current + mask, mirror_current + mirror_mask);
        if (known != NOT_IN_BOOK) return known;
    }
    int lowest = s->lost_later[moves];
    if (alpha < lowest) {
        alpha = lowest;
        if (alpha >= beta) return alpha;
    }
    int highest = s->win_soonest[moves];
    const int value = table_get(s, key, moves);
    if (value > s->lower_threshold) {
        int lower = value - s->lower_offset;
        if (alpha < lower) {
            alpha = lower;
            if (alpha >= beta) return alpha;
        }
    } else if (value && highest > value + s->min_score - 1) {
        highest = value + s->min_score - 1;
    }
    if (beta > highest) {
        beta = highest;
        if (alpha >= beta) return beta;
    }

    board_t ranked_moves[MAX_WIDTH], ranked_replies[MAX_WIDTH], ranked_mirrors[MAX_WIDTH];
    int ranks[MAX_WIDTH];
    int count = 0;
    int skipped_best = s->min_score;
    if (candidates & (candidates - 1)) {
        /* Each move's threats and the opponent's safe replies; a move that leaves the opponent lost at once
         * (two threats to parry, or no reply that is not under a threat) wins on our next move. */
        board_t moves_of[MAX_WIDTH], mirrors_of[MAX_WIDTH], wins_of[MAX_WIDTH], replies_of[MAX_WIDTH];
        uint64_t keys_of[MAX_WIDTH];
        int ranks_of[MAX_WIDTH];
        int n = 0;
        /* A child's key is this plus its move (and its mirror's, this plus the mirrored move). */
        const board_t child_key_base = (current ^ mask) + mask;
        const board_t mirror_child_key_base = (mirror_current ^ mirror_mask) + mirror_mask;
        for (int i = 0; i < s->width; i++) {
            board_t move = candidates & s->column_cells[i];
            if (!move) continue;
            board_t mirror = mirror_stone(s, move, s->column_index[i]);
            uint64_t child_key = table_key(s, child_key_base + move, mirror_child_key_base + mirror);
            table_prefetch(s, child_key, moves + 1);
            board_t wins = threats(current | move, s->h1) & (board ^ mask);
            board_t replies = ((mask | move) + bottom) & board;
            board_t forced = replies & wins;
            if (forced) {
                if (forced & (forced - 1)) goto win_next;
                replies = forced;
            }
            replies &= ~(wins >> 1);
            if (!replies) goto win_next;
            moves_of[n] = move;
            mirrors_of[n] = mirror;
            wins_of[n] = wins;
            replies_of[n] = replies;
            keys_of[n] = child_key;
            ranks_of[n] = s->tie_break[i];
            n++;
        }
        /* No move wins on our next turn, so the best that is left is to win the turn after. */
        highest = s->win_soonest[moves] - 1;
        if (beta > highest) {
            beta = highest;
            if (alpha >= beta) {
                table_put(s, key, upper_value(s, beta < s->max_score ? beta : s->max_score), moves);
                return beta;
            }
        }
        /* Enhanced transposition cutoffs: every child's entry is looked at before any child is searched. */
        for (int j = 0; j < n; j++) {
            int child_value = table_get(s, keys_of[j], moves + 1);
            if (child_value && child_value <= s->lower_threshold) {
                int score = 1 - s->min_score - child_value; /* minus the child's upper bound */
                if (score >= beta) {
                    table_put(s, key, lower_value(s, score), moves);
                    return score;
                }
                if (score > alpha) alpha = score;
            } else if (child_value) {
                int score = s->lower_offset - child_value; /* minus the child's lower bound */
                if (score <= alpha) {
                    if (score > skipped_best) skipped_best = score;
                    continue;
                }
            }
            /* Insertion sort, most threats first, ties centre first (ranks are distinct). */
            int rank = POPCOUNT(wins_of[j]) << 4 | ranks_of[j];
            int k = count++;
            while (k > 0 && ranks[k - 1] < rank) {
                ranks[k] = ranks[k - 1];
                ranked_moves[k] = ranked_moves[k - 1];
                ranked_mirrors[k] = ranked_mirrors[k - 1];
                ranked_replies[k] = ranked_replies[k - 1];
                k--;
            }
            ranks[k] = rank;
            ranked_moves[k] = moves_of[j];
            ranked_mirrors[k] = mirrors_of[j];
            ranked_replies[k] = replies_of[j];
        }
    } else {
        ranked_moves[0] = candidates;
        ranked_mirrors[0] = mirror_stone(s, candidates, column_of(s, candidates));
        ranked_replies[0] = 0; /* the child finds its own */
        count = 1;
    }

    const board_t opponent = current ^ mask, mirror_opponent = mirror_current ^ mirror_mask;
    int best = s->lowest_score[moves] > skipped_best ? s->lowest_score[moves] : skipped_best;
    for (int i = 0; i < count; i++) {
        int score = -negamax(s, opponent, mask | ranked_moves[i], mirror_opponent, mirror_mask | ranked_mirrors[i],
                             moves + 1, -beta, -alpha, ranked_replies[i]);
        if (s->stopped) return 0;
        if (score >= beta) {
            table_put(s, key, lower_value(s, score), moves);
            return score;
        }
        if (score > best) {
            best = score;
            if (score > alpha) alpha = score;
        }
    }
    table_put(s, key, upper_value(s, best), moves);
    return best;

win_next: {
    int score = s->win_soonest[moves];
    table_put(s, key, lower_value(s, score), moves);
    return score;
}
}

/* True when the side to move can complete four in a row with its next stone. */
static int can_win_next(const Search *s, board_t current, board_t mask) {
    return (threats(current, s->h1) & (s->board ^ mask) & (mask + s->bottom) & s->board) != 0;
}

/* Positions with fewer empty cells than this are solved with one wide window (enhanced layout), see solve. */
#define WIDE_DEPTH 18

/* "No known floor" for solve's at_least. */
#define NO_FLOOR INT_MIN

/*
 * The exact score of a position that is not over (weak: only its sign), by bisection with null windows, the
 * same probes in the same order as SolverBase.solve in ai/exact/base.py (or near the end of the game in
 * the enhanced layout, with one wide window). at_least: a score the position is known to reach, or NO_FLOOR.
 */
static int solve(Search *s, board_t current, board_t mask, int moves, int weak, int at_least) {
    if (can_win_next(s, current, mask)) return weak ? 1 : (s->cells + 1 - moves) / 2;
    int low = -((s->cells - moves) / 2);
    int high = (s->cells + 1 - moves) / 2;
    if (weak) {
        low = -1;
        high = 1;
    }
    /* Near the end of the game (enhanced layout), one search with the widest window explores fewer positions
     * than the bisection's null-window searches, each of which walks again much of the tree of the one before
     * (measured: a third fewer on Test_L3_R1, a few percent on Test_L2_R1; deeper, the bisection wins). From
     * (low, high), every score possible, the fail-soft result is exact. */
    if (s->enhanced && !weak && s->cells - moves < WIDE_DEPTH) {
        int score = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, low, high, 0);
        return s->stopped ? 0 : score;
    }
    if (!weak && at_least > low && at_least < high) {
        /* As SolverBase.solve: whether the score is exactly the floor, first. */
        low = at_least;
        int result = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, low, low + 1, 0);
        if (s->stopped) return 0;
        if (result <= low) return low;
        low = result;
    }
    while (low < high) {
        int middle = low + (high - low) / 2;
        if (middle <= 0 && -((-low) / 2) < middle)
            middle = -((-low) / 2);
        else if (middle >= 0 && high / 2 > middle)
            middle = high / 2;
        int result = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, middle,
                             middle + 1, 0);
        if (s->stopped) return 0;
        if (result <= middle)
            high = result;
        else
            low = result;
    }
    return weak ? (low > 0) - (low < 0) : low;
}

/* --- the Python type ---------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Search search;
    int busy; /* a search, or the table being made or cleared, runs without the GIL (checked and set with it) */
    Py_buffer book_view; /* the book's entries, held while set (book_view.obj is NULL when none) */
    MainTable *main;     /* the main table, perhaps shared; NULL once released */
} CoreObject;

static PyTypeObject CoreType;

/* Lets go of the Core's tables (with the GIL held): its near table, and its use of the main table, which is freed
 * with the last user. Large tables take milliseconds to unmap, so with `allow_threads` that is done without the
 * GIL. */
static void drop_tables(CoreObject *self, int allow_threads) {
    Search *s = &self->search;
    uint64_t *main_slots = NULL, *near = s->near;
    MainTable *main = self->main;
    if (main && --main->users == 0) {
        main_slots = main->slots;
        PyMem_RawFree(main);
    }
    self->main = NULL;
    s->table = NULL;
    s->near = NULL;
    if (allow_threads) {
        Py_BEGIN_ALLOW_THREADS
        table_free(main_slots);
        PyMem_RawFree(near);
        Py_END_ALLOW_THREADS
    } else {
        table_free(main_slots);
        PyMem_RawFree(near);
    }
}

/* Marks a search starting or ending on the Core and its main table (with the GIL held). */
static void set_searching(CoreObject *self, int searching) {
    self->busy = searching;
    self->main->searches += searching ? 1 : -1;
}

static int Core_init(CoreObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"width", "height", "table_size", "order", "enhanced", "share", "near_depth", NULL};
    int width, height, enhanced = 0, near_depth = NEAR_DEPTH;
    unsigned long long table_size;
    PyObject *order_object, *share = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiKO|pOi", keywords, &width, &height, &table_size, &order_object,
                                     &enhanced, &share, &near_depth))
        return -1;
    CoreObject *owner = NULL;
    if (share != Py_None) {
        if (!PyObject_TypeCheck(share, &CoreType)) {
            PyErr_SetString(PyExc_TypeError, "share must be a Core");
            return -1;
        }
        owner = (CoreObject *)share;
        if (owner == self) {
            PyErr_SetString(PyExc_ValueError, "a Core cannot share its own table");
            return -1;
        }
        const Search *o = &owner->search;
        if (!owner->main || !enhanced || !o->enhanced || o->width != width || o->height != height ||
            o->size != table_size) {
            PyErr_SetString(PyExc_ValueError,
                            "share needs an unreleased Core of the same board, table size and enhanced layout");
            return -1;
        }
    }
    if (width < 1 || height < 1 || width > MAX_WIDTH || width * (height + 1) > 64) {
        PyErr_SetString(PyExc_ValueError, "board does not fit the native core's 64-bit boards");
        return -1;
    }
    if ((width * height) % 2) {
        PyErr_SetString(PyExc_ValueError, "the exact solver needs an even number of cells");
        return -1;
    }
    if (near_depth < 0 || near_depth > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "near_depth must be from 0 to 64");
        return -1;
    }
    if (table_size < (1ULL << 17) || (table_size & (table_size - 1)) || table_size > (1ULL << 40)) {
        /* The enhanced layout's tags identify a key only with 2**16 buckets of two slots or more. */
        PyErr_SetString(PyExc_ValueError, "table_size must be a power of two from 2**17 to 2**40");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is searching");
        return -1;
    }
    PyObject *order = PySequence_Fast(order_object, "order must be a sequence of columns");
    if (!order) return -1;
    if (PySequence_Fast_GET_SIZE(order) != width) {
        PyErr_SetString(PyExc_ValueError, "order must list every column once");
        Py_DECREF(order);
        return -1;
    }
    Search *s = &self->search;
    drop_tables(self, 0);
    if (self->book_view.obj) PyBuffer_Release(&self->book_view);
    memset(s, 0, sizeof *s);
    s->book_moves = -1;
    MainTable *main = owner ? owner->main : PyMem_RawMalloc(sizeof(MainTable));
    if (!main) {
        PyErr_NoMemory();
        goto fail;
    }
    if (!owner) *main = (MainTable){NULL, 0, 0};
    main->users++;
    self->main = main;
    /* Zeroing 128 MB takes a tenth of a second or more: the window's thread goes on meanwhile. */
    uint64_t *table = main->slots, *near = NULL;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    if (!owner) table = table_alloc(table_size);
    if (enhanced) near = PyMem_RawCalloc(NEAR_SLOTS, sizeof(uint64_t));
    Py_END_ALLOW_THREADS
    self->busy = 0;
    main->slots = table;
    s->table = table;
    s->near = near;
    if (!table || (enhanced && !near)) {
        drop_tables(self, 0);
        PyErr_NoMemory();
        goto fail;
    }
    s->size = table_size;
    s->enhanced = enhanced;
    s->slot_shift = 64;
    for (uint64_t slots = enhanced ? table_size / 2 : table_size; slots > 1; slots >>= 1) s->slot_shift--;
    s->width = width;
    s->height = height;
    s->cells = width * height;
    s->last_moves = s->cells - 2;
    s->near_moves = enhanced ? s->cells - near_depth : s->cells;
    s->h1 = height + 1;
    for (int c = 0; c < width; c++) s->bottom |= (board_t)1 << (c * s->h1);
    s->board = s->bottom * (((board_t)1 << height) - 1);
    s->min_score = -(s->cells / 2) + 3;
    s->max_score = (s->cells + 1) / 2 - 3;
    s->lower_offset = s->max_score - 2 * s->min_score + 2;
    s->lower_threshold = s->max_score - s->min_score + 1;
    for (int moves = 0; moves <= s->cells; moves++) {
        s->lost_now[moves] = -((s->cells - moves) / 2);
        /* Python's floor division, for the two last plies where cells - 2 - moves < 0. */
        int left = s->cells - 2 - moves;
        s->lost_later[moves] = left >= 0 ? -(left / 2) : (-left + 1) / 2;
        s->win_soonest[moves] = (s->cells - 1 - moves) / 2;
        s->lowest_score[moves] = s->lost_later[moves] > s->min_score ? s->lost_later[moves] : s->min_score;
    }
    /* The columns in the order the caller gave (centre first), each with its tie-break rank. */
    for (int rank = 0; rank < width; rank++) {
        long column = PyLong_AsLong(PySequence_Fast_GET_ITEM(order, rank));
        if (column == -1 && PyErr_Occurred()) goto fail;
        if (column < 0 || column >= width) {
            PyErr_SetString(PyExc_ValueError, "order must list every column once");
            goto fail;
        }
        s->column_cells[rank] = (((board_t)1 << height) - 1) << (column * s->h1);
        s->tie_break[rank] = 15 - rank;
        s->column_index[rank] = (int)column;
        s->column_mask[column] = s->column_cells[rank];
    }
    Py_DECREF(order);
    return 0;
fail:
    Py_DECREF(order);
    return -1;
}

static void Core_dealloc(CoreObject *self) {
    drop_tables(self, 0);
    if (self->book_view.obj) PyBuffer_Release(&self->book_view);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int parse_board(PyObject *value, board_t *out) {
    unsigned long long bits = PyLong_AsUnsignedLongLong(value);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (board_t)bits;
    return 0;
}

/* Checks a position handed in from Python; sets an exception and returns -1 if it is not one of this board. */
static int parse_position(CoreObject *self, PyObject *current_object, PyObject *mask_object, int moves,
                          board_t *current, board_t *mask) {
    const Search *s = &self->search;
    if (parse_board(current_object, current) < 0 || parse_board(mask_object, mask) < 0) return -1;
    if (!s->table) {
        PyErr_SetString(PyExc_RuntimeError, "the core's table was released");
        return -1;
    }
    if (moves < 0 || moves >= s->cells || (*mask & ~s->board) || (*current & ~*mask)) {
        PyErr_SetString(PyExc_ValueError, "not a position of this board");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is already searching");
        return -1;
    }
    return 0;
}

/* Starts a search: the stop flag is looked at before the first position, the time limit counts from now. */
static void start_search(Search *s, double seconds) {
    s->stopped = 0;
    s->next_check = s->nodes + 1;
    s->deadline = seconds >= 0 ? monotonic_seconds() + seconds : 0;
}

static PyObject *Core_negamax(CoreObject *self, PyObject *args) {
    PyObject *current_object, *mask_object;
    int moves, alpha, beta;
    double seconds;
    board_t current, mask;
    if (!PyArg_ParseTuple(args, "OOiiid", &current_object, &mask_object, &moves, &alpha, &beta, &seconds))
        return NULL;
    if (parse_position(self, current_object, mask_object, moves, &current, &mask) < 0) return NULL;
    Search *s = &self->search;
    int score;
    set_searching(self, 1);
    Py_BEGIN_ALLOW_THREADS
    start_search(s, seconds);
    score = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, alpha, beta, 0);
    Py_END_ALLOW_THREADS
    set_searching(self, 0);
    if (s->stopped) Py_RETURN_NONE;
    return PyLong_FromLong(score);
}

/* A Python int that fits a C int; sets an exception and returns -1 otherwise. */
static int parse_int(PyObject *value, int *out) {
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) return -1;
    if (number < INT_MIN || number > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "integer out of range");
        return -1;
    }
    *out = (int)number;
    return 0;
}

/*
 * solve(current, mask, moves, weak, seconds[, at_least]), with the arguments passed as an array (METH_FASTCALL):
 * an end-game position is solved in a microsecond or two, and building and parsing an argument tuple took a
 * tenth of that.
 */
static PyObject *Core_solve(CoreObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int moves, weak, at_least = NO_FLOOR;
    double seconds;
    board_t current, mask;
    if (nargs != 5 && nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "solve(current, mask, moves, weak, seconds[, at_least]): 5 or 6 arguments");
        return NULL;
    }
    if (parse_int(args[2], &moves) < 0 || (weak = PyObject_IsTrue(args[3])) < 0) return NULL;
    if (nargs == 6 && args[5] != Py_None && parse_int(args[5], &at_least) < 0) return NULL;
    seconds = PyFloat_AsDouble(args[4]);
    if (seconds == -1.0 && PyErr_Occurred()) return NULL;
    if (parse_position(self, args[0], args[1], moves, &current, &mask) < 0) return NULL;
    Search *s = &self->search;
    int score;
    set_searching(self, 1);
    Py_BEGIN_ALLOW_THREADS
    start_search(s, seconds);
    score = solve(s, current, mask, moves, weak, at_least);
    Py_END_ALLOW_THREADS
    set_searching(self, 0);
    if (s->stopped) Py_RETURN_NONE;
    return PyLong_FromLong(score);
}

static PyObject *Core_set_book(CoreObject *self, PyObject *args) {
    PyObject *entries;
    int max_moves;
    if (!PyArg_ParseTuple(args, "Oi", &entries, &max_moves)) return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is searching");
        return NULL;
    }
    Py_buffer view = {0};
    if (entries != Py_None) {
        if (PyObject_GetBuffer(entries, &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
        if (view.len % sizeof(uint64_t) || ((uintptr_t)view.buf % sizeof(uint64_t))) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "the book's entries must be aligned 64-bit words");
            return NULL;
        }
    }
    Search *s = &self->search;
    if (self->book_view.obj) PyBuffer_Release(&self->book_view);
    self->book_view = view;
    s->book = view.obj ? (const uint64_t *)view.buf : NULL;
    s->book_count = view.obj ? (uint64_t)view.len / sizeof(uint64_t) : 0;
    s->book_moves = view.obj ? max_moves : -1;
    Py_RETURN_NONE;
}

static PyObject *Core_interrupt(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    STORE_FLAG(&self->search.interrupted, 1);
    Py_RETURN_NONE;
}

static PyObject *Core_reset_interrupt(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    STORE_FLAG(&self->search.interrupted, 0);
    Py_RETURN_NONE;
}

static PyObject *Core_clear(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->busy || (self->main && self->main->searches)) {
        PyErr_SetString(PyExc_RuntimeError, "the core, or one sharing its table, is searching");
        return NULL;
    }
    const Search *s = &self->search;
    if (s->table) {
        self->busy = 1;
        Py_BEGIN_ALLOW_THREADS
        memset(s->table, 0, s->size * sizeof(uint64_t));
        if (s->near) memset(s->near, 0, NEAR_SLOTS * sizeof(uint64_t));
        Py_END_ALLOW_THREADS
        self->busy = 0;
    }
    Py_RETURN_NONE;
}

static PyObject *Core_release(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is searching");
        return NULL;
    }
    drop_tables(self, 1);
    Py_RETURN_NONE;
}

static PyObject *Core_nodes(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->search.nodes);
}

static PyObject *Core_table_entries(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(allocated_slots(&self->search));
}

static PyObject *Core_table_entry(CoreObject *self, PyObject *args) {
    unsigned long long index;
    if (!PyArg_ParseTuple(args, "K", &index)) return NULL;
    if (index >= allocated_slots(&self->search)) {
        PyErr_SetString(PyExc_IndexError, "no such table slot");
        return NULL;
    }
    const Search *s = &self->search;
    return PyLong_FromUnsignedLongLong(index < s->size ? s->table[index] : s->near[index - s->size]);
}

static PyMethodDef Core_methods[] = {
    {"negamax", (PyCFunction)Core_negamax, METH_VARARGS,
     "negamax(current, mask, moves, alpha, beta, seconds) -> score, or None when stopped\n\n"
     "Fail-soft null- or wide-window search of a position where the side to move cannot win at once, as\n"
     "ConnectFourSolver._negamax. seconds < 0: no time limit. Releases the GIL while it searches."},
    {"solve", (PyCFunction)(void (*)(void))Core_solve, METH_FASTCALL,
     "solve(current, mask, moves, weak, seconds, at_least=None) -> score, or None when stopped\n\n"
     "The exact score of a position that is not over, as SolverBase.solve (at_least: a score it is known to\n"
     "reach). Releases the GIL while it searches."},
    {"set_book", (PyCFunction)Core_set_book, METH_VARARGS,
     "set_book(entries, max_moves): probe the opening book's entries (a buffer of native 64-bit words in\n"
     "ai.exact.book's order, held until replaced) at positions of at most max_moves stones; None: no book."},
    {"interrupt", (PyCFunction)Core_interrupt, METH_NOARGS,
     "Stops the running search at its next check point (safe from any thread)."},
    {"reset_interrupt", (PyCFunction)Core_reset_interrupt, METH_NOARGS,
     "Clears the flag set by interrupt (call once no interrupt of the last search can arrive any more)."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS,
     "Empties the tables in place (a shared main table too: not while a Core sharing it searches)."},
    {"release", (PyCFunction)Core_release, METH_NOARGS,
     "Lets go of the tables (a shared main table is freed with its last user); the core is unusable afterwards."},
    {"table_entry", (PyCFunction)Core_table_entry, METH_VARARGS,
     "The raw 64-bit entry of a slot, the near table's after the main table's (for tests)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_nodes, NULL, "Positions explored since the core was made.", NULL},
    {"table_entries", (getter)Core_table_entries, NULL,
     "Slots allocated, the main table's and the near table's (0 once released).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ai.exact._c4core.Core",
    .tp_doc = "Core(width, height, table_size, order, enhanced=False, share=None): the exact solver's search and its\n"
              "table for one board size; enhanced: two-entry buckets and mirror keys instead of the Python core's\n"
              "layout; share: another enhanced Core of the same board and table size whose main table this one\n"
              "uses too (each keeps its own near table), so that two threads searching learn from each other.",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ai.exact._c4core",
    .m_doc = "The exact Connect Four solver's search in C (see ai/exact/compiled_core.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__c4core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
