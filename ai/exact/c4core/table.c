/* The main table's memory (see table.h). */
#include "table.h"

#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__linux__)
static const size_t HUGE_PAGE = (size_t)1 << 21;
#endif

uint64_t *table_alloc(uint64_t slots, size_t *mapped) {
    size_t bytes = (size_t)slots * sizeof(uint64_t);
    *mapped = 0;
#if defined(__linux__)
    if (bytes >= HUGE_PAGE) {
        /* A fresh anonymous mapping reads as zeros and costs nothing until a page is first written: a search
         * pays only for the part of the table it reaches. Mapped one huge page too long, then trimmed to a
         * 2 MB boundary, so that transparent huge pages can back it. */
        size_t length = bytes + HUGE_PAGE;
        char *raw = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) return NULL;
        char *start = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        size_t head = (size_t)(start - raw), tail = length - head - bytes;
        if (head) munmap(raw, head);
        if (tail) munmap(start + bytes, tail);
#ifdef MADV_HUGEPAGE
        madvise(start, bytes, MADV_HUGEPAGE);
#endif
        *mapped = bytes;
        return (uint64_t *)start;
    }
#endif
    return PyMem_RawCalloc(slots, sizeof(uint64_t));
}

void table_zero(uint64_t *table, uint64_t slots, size_t mapped) {
#if defined(__linux__) && defined(MADV_DONTNEED)
    /* Dropping the pages of a private anonymous mapping makes them read as zeros again, at once. */
    if (mapped && madvise(table, mapped, MADV_DONTNEED) == 0) return;
#endif
    memset(table, 0, (size_t)slots * sizeof(uint64_t));
}

void table_free(uint64_t *table, size_t mapped) {
#if defined(__linux__)
    if (mapped) {
        munmap(table, mapped);
        return;
    }
#endif
    PyMem_RawFree(table);
}

void table_start_small(MainTable *main) {
    main->bits = main->full_bits < FIRST_BUCKETS_LOG2 ? main->full_bits : FIRST_BUCKETS_LOG2;
    main->filled = 0;
    main->grow_at = main->bits == main->full_bits ? UINT64_MAX : ((uint64_t)GROW_AT_EIGHTHS << main->bits) / 4;
}

/* Doubles the part in use, from 2**k buckets to 2**(k + 1) (k >= 16): the entries of a key whose bit k is set
 * move from bucket i to bucket i + 2**k, the deep entry first, so that where both land in one bucket it stays
 * first. The new size is published first: the other searches, which take it at their next check points, then
 * store where probes will look, and meanwhile miss only the entries not moved yet. An entry of theirs may be
 * overwritten by the move, or stored at the old size in a bucket already moved and no longer looked for: never
 * wrong, only lost. */
static void table_grow(Search *s, MainTable *main) {
    const int bits = main->bits;
    const uint64_t half = UINT64_C(1) << bits;
    uint64_t *table = s->table;
    STORE_ENTRY(&main->grow_at, bits + 1 == main->full_bits ? UINT64_MAX : main->grow_at * 2);
    PUBLISH(&main->bits, bits + 1);
    for (uint64_t i = 0; i < half; i++) {
        uint64_t *low = &table[2 * i], *high = &table[2 * (i + half)];
        for (int j = 0; j < 2; j++) {
            uint64_t entry = LOAD_ENTRY(&low[j]);
            if (!entry || !((entry >> bits) & 1)) continue;
            STORE_ENTRY(&low[j], 0);
            STORE_ENTRY(&high[LOAD_ENTRY(&high[0]) ? 1 : 0], entry);
        }
        uint64_t second = LOAD_ENTRY(&low[1]);
        if (second && !LOAD_ENTRY(&low[0])) {
            STORE_ENTRY(&low[0], second);
            STORE_ENTRY(&low[1], 0);
        }
    }
}

void table_follow(Search *s) {
    if (!s->enhanced) return;
    MainTable *main = s->main_table;
    table_report(s);
    if (LOAD_ENTRY(&main->filled) >= LOAD_ENTRY(&main->grow_at) && TRY_HOLD(&main->growing)) {
        /* Looked at again while held: another search may have doubled the part since. */
        if (LOAD_ENTRY(&main->filled) >= main->grow_at) table_grow(s, main);
        LET_GO(&main->growing);
    }
    s->bucket_mask = (UINT64_C(1) << LOAD_PUBLISHED(&main->bits)) - 1;
}
