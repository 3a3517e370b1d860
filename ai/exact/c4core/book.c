/* The opening book's lookup (see book.h). */
#include "book.h"

/*
 * The exact score the opening book holds for a position, from its key and its mirror image's (the book stores
 * the smaller, shifted left by 8 bits above the score + 128, in ascending order), or NOT_IN_BOOK.
 */
int book_score(const Search *s, board_t key, board_t mirror_key) {
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
