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

static inline uint64_t allocated_slots(const Search *s) { return s->table ? s->size + (s->near ? NEAR_SLOTS : 0) : 0; }

/*
 * A main table and the Cores using it (one, or several when others share the first one's). `users` and
 * `searches` change only with the GIL held. The memory is freed when the last user lets go.
 *
 * The part of the enhanced layout's table in use: 2**bits buckets, the first ones. It starts small
 * (table_start_small, on an empty table) and doubles when the entries the searches stored (`filled`, which each
 * search adds its own count to at its check points) reach `grow_at`: the search that finds it due and holds
 * `growing` moves the entries to their places (table_follow), while the others go on searching. Each search
 * sees the part at the size it last read (at its check points), so two searches may see the table at two sizes
 * for a while, and that is sound: a bucket is picked by the scrambled key's low bits and an entry holds its top
 * 48 bits, so with 2**16 buckets or more an entry found where a probe looks is the probed key's, whichever size
 * the writer saw (a bucket index below 2**k that is a key's among 2**(k+1) is its bucket among 2**k too, and
 * the tag and the bucket's low 16 bits cover the whole key). An entry stored at the old size in a bucket that
 * has moved is lost: the search it saved is made again.
 */
struct MainTable {
    uint64_t *slots;
    size_t mapped; /* as table_alloc set it */
    int users;
    int searches; /* searches running on the table without the GIL */
    int bits, full_bits;
    int growing;
    uint64_t filled, grow_at;
};

/* An empty table's part in use: its first 2**FIRST_BUCKETS_LOG2 buckets (or the whole table if smaller). */
void table_start_small(MainTable *main);

/* At a search's check point: adds the entries it stored to the table's count, doubles the part in use if that
 * is due and no other search is at it, and takes the part's current size. */
void table_follow(Search *s);

/* Adds the entries a search stored to the table's count (at its end: the next search may be another Core's). */
static inline void table_report(Search *s) {
    if (s->filled) ADD_COUNT(&s->main_table->filled, (uint64_t)s->filled);
    s->filled = 0;
}

/* A key scrambled by a bijection of the 64-bit words. The reference layout and the near table pick a slot by
 * its top bits and store its low bits; the enhanced layout folds it first, for its main table (table_key). */
static inline uint64_t scramble(board_t key) { return key * HASH_MULTIPLIER; }

/*
 * The table. In the reference layout (the Python core's) a slot holds one entry: the scrambled key's low 56
 * bits and an 8-bit value, its slot picked by the top bits. In the enhanced layout a bucket, picked by the low
 * bits, holds two entries, each the scrambled key's top 48 bits in place, the depth (empty cells) it was
 * searched at and the value: the first entry keeps the deepest search seen in the bucket, the second the
 * latest one. Deep entries saved the most work and are kept longer, while the latest entry still catches the
 * transpositions nearby. With 2**16 buckets or more, the bucket and the stored 48 bits identify the key. A
 * value is never 0, so 0 marks an empty entry.
 *
 * A shared main table: each entry is one 64-bit word, read and written whole (relaxed atomic loads and stores,
 * plain moves on x86-64), so a thread never sees half of another's entry. Every entry is a proven bound on the
 * score of the position it names, whoever wrote it and whenever, so any entry a probe finds is sound; two
 * threads storing into one bucket at once may lose an entry, which only costs a search again.
 */
#define TAG_MASK (~UINT64_C(0) << 16)

static inline int is_near(const Search *s, int moves) { return moves > s->near_moves; }

/* The bucket of a key, for a position with `moves` stones. */
static inline uint64_t *bucket_of(const Search *s, uint64_t scrambled, int moves) {
    if (is_near(s, moves)) return &s->near[scrambled >> (64 - NEAR_SLOTS_LOG2)];
    if (!s->enhanced) return &s->table[scrambled >> s->slot_shift];
    return &s->table[(scrambled & s->bucket_mask) << 1];
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
    if (first && (first & TAG_MASK) == tag) return (int)(first & 255);
    uint64_t second = LOAD_ENTRY(&bucket[1]);
    if (second && (second & TAG_MASK) == tag) return (int)(second & 255);
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
    uint64_t entry = tag | ((uint64_t)depth << 8) | (uint64_t)value;
    uint64_t deep = LOAD_ENTRY(&bucket[0]), latest = LOAD_ENTRY(&bucket[1]);
    if (!deep || (deep & TAG_MASK) == tag) {
        STORE_ENTRY(&bucket[0], entry);
        s->filled += !deep;
        if (latest && (latest & TAG_MASK) == tag) { /* no stale second copy */
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
}

static inline int upper_value(const Search *s, int bound) { return bound - s->min_score + 1; }
static inline int lower_value(const Search *s, int bound) { return bound + s->lower_offset; }

/* The table key of a position: its own key scrambled, or in the enhanced layout the smaller of it and its
 * mirror's, scrambled and its top half folded into its bottom half (a bijection still): the low bits of a
 * product depend only on the low bits of the key, and the enhanced layout picks a bucket by the low bits. */
static inline uint64_t table_key(const Search *s, board_t key, board_t mirror_key) {
    if (!s->enhanced) return scramble(key);
    uint64_t scrambled = scramble(mirror_key < key ? mirror_key : key);
    return scrambled ^ (scrambled >> 32);
}

#endif
