/* The transposition tables: the main table (perhaps shared by two Cores) and the near table. */
#ifndef C4CORE_TABLE_H
#define C4CORE_TABLE_H

#include "search.h"
#include "platform.h"

/*
 * The main table's memory, reading as zeros; NULL if there is none. `*mapped` is set to the length of the mapping
 * to hand back to table_zero and table_free (0 where the memory came from the allocator). On Linux a table of 2 MB
 * or more is its own mapping, aligned to 2 MB and marked for transparent huge pages (nearly every table probe
 * misses the caches, and with 4 KB pages most of them also miss the TLB), whose pages are only backed once written:
 * no time is spent on the part of a large table a search never reaches. Elsewhere it is calloc'ed.
 */
uint64_t *table_alloc(uint64_t slots, size_t *mapped);

/* Empties a table of `slots` slots that table_alloc gave (at once where it is a mapping; by writing zeros else). */
void table_zero(uint64_t *table, uint64_t slots, size_t mapped);

/* Frees what table_alloc gave (NULL: nothing). */
void table_free(uint64_t *table, size_t mapped);

/*
 * The part of the enhanced main table in use: it starts small (table_start_small, on an empty table) and
 * doubles as it fills (table_grow, from table_put), or is the whole table (table_use_whole). Doubling keeps
 * every entry: a key's bucket among 2**(k+1) is its bucket among 2**k followed by the next bit of the scrambled
 * key, which the entry's tag holds (its low 48 bits; k >= 16). Only a table no other Core shares may change its
 * part in use: two searches must never see the table at two sizes.
 */
void table_start_small(Search *s);
void table_grow(Search *s);
void table_use_whole(Search *s);

static inline uint64_t allocated_slots(const Search *s) { return s->table ? s->size + (s->near ? NEAR_SLOTS : 0) : 0; }

/*
 * A main table and the Cores using it (one, or two when one shares the other's). `users` and `searches` change
 * only with the GIL held. The memory is freed when the last user lets go.
 */
typedef struct {
    uint64_t *slots;
    size_t mapped; /* as table_alloc set it */
    int users;
    int searches; /* searches running on the table without the GIL */
} MainTable;

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
    uint64_t deep = LOAD_ENTRY(&bucket[0]), latest = LOAD_ENTRY(&bucket[1]);
    if (!deep || deep >> 16 == tag) {
        STORE_ENTRY(&bucket[0], entry);
        s->filled += !deep;
        if (latest && latest >> 16 == tag) { /* no stale second copy */
            STORE_ENTRY(&bucket[1], 0);
            s->filled--;
        }
    } else if (depth >= (int)((deep >> 8) & 255)) {
        STORE_ENTRY(&bucket[1], deep);
        STORE_ENTRY(&bucket[0], entry);
        s->filled += !latest;
    } else {
        STORE_ENTRY(&bucket[1], entry);
        s->filled += !latest;
    }
    if (s->filled >= s->grow_at) table_grow(s);
}

static inline int upper_value(const Search *s, int bound) { return bound - s->min_score + 1; }
static inline int lower_value(const Search *s, int bound) { return bound + s->lower_offset; }

/* The table key of a position: its own key, or in the enhanced layout the smaller of it and its mirror's. */
static inline uint64_t table_key(const Search *s, board_t key, board_t mirror_key) {
    return scramble(s->enhanced && mirror_key < key ? mirror_key : key);
}

#endif
