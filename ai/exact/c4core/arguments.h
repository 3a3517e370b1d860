/* The checks of the arguments handed in from Python: each sets an exception and returns -1 when it fails. */
#ifndef C4CORE_ARGUMENTS_H
#define C4CORE_ARGUMENTS_H

#include "search.h"

/*
 * Checks a position handed in from Python (a game on this board that is still going on) and reads it into
 * current and mask. A wrong position would not crash the search, but it would give a score that means
 * nothing, which the game would then play: each check is a way that happened or could.
 */
int parse_position(const Search *s, PyObject *current_object, PyObject *mask_object, int moves, board_t *current,
                   board_t *mask);

/* A time limit in seconds: negative means none; NaN is refused (it would never compare as passed). */
int parse_seconds(double seconds);

/* A Python int that fits a C int. */
int parse_int(PyObject *value, int *out);

#endif
