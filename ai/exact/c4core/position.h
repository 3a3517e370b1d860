/* The board's arithmetic on Pons' bitboards: threats, mirror images, a win with the next stone. */
#ifndef C4CORE_POSITION_H
#define C4CORE_POSITION_H

#include "search.h"

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
static inline board_t mirror_board(const Search *s, board_t b) {
    board_t mirror = 0;
    for (int column = 0; column < s->width; column++) mirror |= mirror_stone(s, b & s->column_mask[column], column);
    return mirror;
}

/* The fours in a row of `stones` along the bit step `d` (1 vertical, h1 horizontal, h1 + 1 and h1 - 1 diagonal),
 * each as its cell of the lowest bit (`stones` within the board, no sentinel bit). */
static inline board_t fours_along(board_t stones, int d) {
    board_t pairs = stones & (stones >> d);
    return pairs & (pairs >> 2 * d);
}

/* True when `stones` hold four in a row (in any direction; `stones` within the board, no sentinel bit). */
static inline int has_four(board_t stones, int h1) {
    int shifts[4] = {1, h1, h1 + 1, h1 - 1};
    for (int i = 0; i < 4; i++) {
        board_t pairs = stones & (stones >> shifts[i]);
        if (pairs & (pairs >> 2 * shifts[i])) return 1;
    }
    return 0;
}

/* True when the side to move can complete four in a row with its next stone. */
static inline int can_win_next(const Search *s, board_t current, board_t mask) {
    return (threats(current, s->h1) & (s->board ^ mask) & (mask + s->bottom) & s->board) != 0;
}

#endif
