/* The opening book, as the search probes it. */
#ifndef C4CORE_BOOK_H
#define C4CORE_BOOK_H

#include "search.h"

/* Marks "not in the book": no score is this low. */
#define NOT_IN_BOOK INT_MIN

/* The exact score the book holds for a position (by its key and its mirror image's), or NOT_IN_BOOK. */
int book_score(const Search *s, board_t key, board_t mirror_key);

#endif
