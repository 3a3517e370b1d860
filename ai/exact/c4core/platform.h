/* What differs between compilers and systems: bit counts, prefetches, relaxed atomics, the monotonic clock. */
#ifndef C4CORE_PLATFORM_H
#define C4CORE_PLATFORM_H

/* Python.h first, as CPython asks (it sets the system headers' feature macros). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#if defined(_WIN32)
#include <windows.h>
#else
#include <time.h>
#endif

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
/* A count several threads add to, a flag one thread at a time may hold, and a value one thread publishes. */
#define ADD_COUNT(p, v) ((void)__atomic_fetch_add((p), (v), __ATOMIC_RELAXED))
#define TRY_HOLD(p) (__atomic_exchange_n((p), 1, __ATOMIC_ACQUIRE) == 0)
#define LET_GO(p) __atomic_store_n((p), 0, __ATOMIC_RELEASE)
#define LOAD_PUBLISHED(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define PUBLISH(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#else
#define PREFETCH(p) ((void)0)
#define LOAD_FLAG(p) (*(volatile int *)(p))
#define STORE_FLAG(p, v) (*(volatile int *)(p) = (v))
/* Aligned 64-bit words are read and written whole on the 64-bit targets these compilers build for. */
#define LOAD_ENTRY(p) (*(volatile uint64_t *)(p))
#define STORE_ENTRY(p, v) (*(volatile uint64_t *)(p) = (v))
#if defined(_WIN32)
#define ADD_COUNT(p, v) ((void)InterlockedExchangeAdd64((volatile LONG64 *)(p), (LONG64)(v)))
#define TRY_HOLD(p) (InterlockedExchange((volatile LONG *)(p), 1) == 0)
#define LET_GO(p) ((void)InterlockedExchange((volatile LONG *)(p), 0))
#else
#error "no atomic operations known for this compiler"
#endif
/* volatile accesses of aligned words are whole, and MSVC gives them acquire and release order on x86-64. */
#define LOAD_PUBLISHED(p) (*(volatile int *)(p))
#define PUBLISH(p, v) (*(volatile int *)(p) = (v))
#endif

static inline double monotonic_seconds(void) {
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

#endif
