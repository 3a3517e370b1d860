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

void table_start_small(Search *s) {
    s->filled = 0;
    s->slot_shift = s->full_shift;
    s->grow_at = UINT64_MAX;
    if (!s->enhanced || 64 - s->full_shift <= FIRST_BUCKETS_LOG2) return;
    s->slot_shift = 64 - FIRST_BUCKETS_LOG2;
    s->grow_at = ((uint64_t)GROW_AT_EIGHTHS << FIRST_BUCKETS_LOG2) / 4; /* of 2 << FIRST_BUCKETS_LOG2 slots */
}

void table_grow(Search *s) {
    int bits = 64 - s->slot_shift;
    uint64_t *table = s->table;
    /* From the last bucket down: bucket i moves to 2i and 2i + 1, which are above it (or it, for i = 0) and
     * were emptied already, and nothing else moves there. The deep entry goes first, so where both land in one
     * bucket it stays first. */
    for (uint64_t i = (UINT64_C(1) << bits); i-- > 0;) {
        uint64_t entries[2] = {table[2 * i], table[2 * i + 1]};
        table[2 * i] = table[2 * i + 1] = 0;
        for (int j = 0; j < 2; j++) {
            if (!entries[j]) continue;
            uint64_t tag = entries[j] >> 16;
            uint64_t *bucket = &table[2 * ((i << 1) | ((tag >> (63 - bits)) & 1))];
            bucket[bucket[0] ? 1 : 0] = entries[j];
        }
    }
    s->slot_shift--;
    s->grow_at = s->slot_shift == s->full_shift ? UINT64_MAX : s->grow_at * 2;
}

void table_use_whole(Search *s) {
    if (!s->filled) /* nothing to move: growing would only write zeros over pages never touched yet */
        s->slot_shift = s->full_shift;
    else
        while (s->slot_shift > s->full_shift) table_grow(s);
    s->grow_at = UINT64_MAX;
}
