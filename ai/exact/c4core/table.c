/* The main table's memory (see table.h). */
#include "table.h"

#if defined(__linux__)
#include <stdlib.h>
#include <sys/mman.h>
#endif
#include <string.h>

/*
 * The main table's memory, zeroed. On Linux it is aligned to 2 MB and marked for transparent huge pages: nearly every
 * table probe misses the caches, and with 4 KB pages most of them also miss the TLB (a page walk on top).
 */
uint64_t *table_alloc(uint64_t slots) {
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

void table_free(uint64_t *table) {
#if defined(__linux__)
    free(table);
#else
    PyMem_RawFree(table);
#endif
}
