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
