/* The checks of the arguments handed in from Python (see arguments.h). */
#include "arguments.h"

#include <math.h>

#include "platform.h"
#include "position.h"

static int parse_board(PyObject *value, board_t *out) {
    unsigned long long bits = PyLong_AsUnsignedLongLong(value);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (board_t)bits;
    return 0;
}

int parse_position(const Search *s, PyObject *current_object, PyObject *mask_object, int moves, board_t *current,
                   board_t *mask) {
    if (parse_board(current_object, current) < 0 || parse_board(mask_object, mask) < 0) return -1;
    if (!s->table) {
        PyErr_SetString(PyExc_RuntimeError, "the core's table was released");
        return -1;
    }
    if (moves < 0 || moves >= s->cells || (*mask & ~s->board) || (*current & ~*mask)) {
        PyErr_SetString(PyExc_ValueError, "not a position of this board");
        return -1;
    }
    if (POPCOUNT(*mask) != moves || POPCOUNT(*current) != moves / 2) {
        PyErr_SetString(PyExc_ValueError, "moves must count the stones of mask, and current hold moves // 2 of them");
        return -1;
    }
    /* Stones rest on the bottom or on other stones: each column's cells from the bottom up, no gap. Adding the
     * bottom row carries through a column's run into the cell above it (the sentinel for a full column). */
    if ((*mask + s->bottom) & *mask) {
        PyErr_SetString(PyExc_ValueError, "not a position of this board: a stone floats above an empty cell");
        return -1;
    }
    if (has_four(*current, s->h1) || has_four(*current ^ *mask, s->h1)) {
        PyErr_SetString(PyExc_ValueError, "the game is over in this position: four in a row");
        return -1;
    }
    return 0;
}

int parse_seconds(double seconds) {
    if (isnan(seconds)) {
        PyErr_SetString(PyExc_ValueError, "seconds must be a number (negative: no limit)");
        return -1;
    }
    return 0;
}

int parse_int(PyObject *value, int *out) {
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred()) return -1;
    if (number < INT_MIN || number > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "integer out of range");
        return -1;
    }
    *out = (int)number;
    return 0;
}
