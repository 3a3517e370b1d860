/* The Python type Core, the module ai.exact._c4core's one type: argument checks, the GIL, the tables' life. */
#include "arguments.h"
#include "book.h"
#include "platform.h"
#include "position.h"
#include "table.h"


typedef struct {
    PyObject_HEAD
    Search search;
    int busy; /* a search, or the table being made or cleared, runs without the GIL (checked and set with it) */
    Py_buffer book_view; /* the book's entries, held while set (book_view.obj is NULL when none) */
    MainTable *main;     /* the main table, perhaps shared; NULL once released */
} CoreObject;

static PyTypeObject CoreType;

/* Lets go of the Core's tables (with the GIL held): its near table, and its use of the main table, which is freed
 * with the last user. Large tables take milliseconds to unmap, so with `allow_threads` that is done without the
 * GIL. */
static void drop_tables(CoreObject *self, int allow_threads) {
    Search *s = &self->search;
    uint64_t *main_slots = NULL, *near = s->near;
    size_t mapped = 0;
    MainTable *main = self->main;
    if (main && --main->users == 0) {
        main_slots = main->slots;
        mapped = main->mapped;
        PyMem_RawFree(main);
    }
    self->main = NULL;
    s->table = NULL;
    s->near = NULL;
    if (allow_threads) {
        Py_BEGIN_ALLOW_THREADS
        table_free(main_slots, mapped);
        PyMem_RawFree(near);
        Py_END_ALLOW_THREADS
    } else {
        table_free(main_slots, mapped);
        PyMem_RawFree(near);
    }
}

/* Marks a search starting or ending on the Core and its main table (with the GIL held). */
static void set_searching(CoreObject *self, int searching) {
    self->busy = searching;
    self->main->searches += searching ? 1 : -1;
}

static int Core_init(CoreObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"width", "height", "table_size", "order", "enhanced", "share", "near_depth", NULL};
    int width, height, enhanced = 0, near_depth = NEAR_DEPTH;
    unsigned long long table_size;
    PyObject *order_object, *share = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiKO|pOi", keywords, &width, &height, &table_size, &order_object,
                                     &enhanced, &share, &near_depth))
        return -1;
    CoreObject *owner = NULL;
    if (share != Py_None) {
        if (!PyObject_TypeCheck(share, &CoreType)) {
            PyErr_SetString(PyExc_TypeError, "share must be a Core");
            return -1;
        }
        owner = (CoreObject *)share;
        if (owner == self) {
            PyErr_SetString(PyExc_ValueError, "a Core cannot share its own table");
            return -1;
        }
        const Search *o = &owner->search;
        if (!owner->main || !enhanced || !o->enhanced || o->width != width || o->height != height ||
            o->size != table_size) {
            PyErr_SetString(PyExc_ValueError,
                            "share needs an unreleased Core of the same board, table size and enhanced layout");
            return -1;
        }
    }
    if (width < 1 || height < 1 || width > MAX_WIDTH || width * (height + 1) > 64) {
        PyErr_SetString(PyExc_ValueError, "board does not fit the native core's 64-bit boards");
        return -1;
    }
    if ((width * height) % 2) {
        PyErr_SetString(PyExc_ValueError, "the exact solver needs an even number of cells");
        return -1;
    }
    if (near_depth < 0 || near_depth > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "near_depth must be from 0 to 64");
        return -1;
    }
    if (table_size < (1ULL << 17) || (table_size & (table_size - 1)) || table_size > (1ULL << 40)) {
        /* The enhanced layout's tags identify a key only with 2**16 buckets of two slots or more. */
        PyErr_SetString(PyExc_ValueError, "table_size must be a power of two from 2**17 to 2**40");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is searching");
        return -1;
    }
    PyObject *order = PySequence_Fast(order_object, "order must be a sequence of columns");
    if (!order) return -1;
    if (PySequence_Fast_GET_SIZE(order) != width) {
        PyErr_SetString(PyExc_ValueError, "order must list every column once");
        Py_DECREF(order);
        return -1;
    }
    Search *s = &self->search;
    drop_tables(self, 0);
    if (self->book_view.obj) PyBuffer_Release(&self->book_view);
    memset(s, 0, sizeof *s);
    s->book_moves = -1;
    MainTable *main = owner ? owner->main : PyMem_RawMalloc(sizeof(MainTable));
    if (!main) {
        PyErr_NoMemory();
        goto fail;
    }
    if (!owner) *main = (MainTable){0};
    main->users++;
    self->main = main;
    /* Where the table cannot be mapped lazily, zeroing 128 MB takes a tenth of a second or more: the window's
     * thread goes on meanwhile. */
    uint64_t *table = main->slots, *near = NULL;
    size_t mapped = main->mapped;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    if (!owner) table = table_alloc(table_size, &mapped);
    if (enhanced) near = PyMem_RawCalloc(NEAR_SLOTS, sizeof(uint64_t));
    Py_END_ALLOW_THREADS
    self->busy = 0;
    main->slots = table;
    main->mapped = mapped;
    s->table = table;
    s->near = near;
    if (!table || (enhanced && !near)) {
        drop_tables(self, 0);
        PyErr_NoMemory();
        goto fail;
    }
    s->size = table_size;
    s->enhanced = enhanced;
    s->main_table = main;
    s->slot_shift = 64;
    for (uint64_t slots = table_size; slots > 1; slots >>= 1) s->slot_shift--;
    if (!owner) {
        main->full_bits = enhanced ? 63 - s->slot_shift : 0;
        table_start_small(main);
    }
    s->bucket_mask = (UINT64_C(1) << LOAD_PUBLISHED(&main->bits)) - 1;
    s->width = width;
    s->height = height;
    s->cells = width * height;
    s->last_moves = s->cells - 2;
    s->near_moves = enhanced ? s->cells - near_depth : s->cells;
    s->h1 = height + 1;
    for (int c = 0; c < width; c++) s->bottom |= (board_t)1 << (c * s->h1);
    s->board = s->bottom * (((board_t)1 << height) - 1);
    s->even_rows = 0;
    if (enhanced && height % 2 == 0)
        for (int row = 1; row < height; row += 2) s->even_rows |= s->bottom << row;
    s->min_score = -(s->cells / 2) + 3;
    s->max_score = (s->cells + 1) / 2 - 3;
    s->lower_offset = s->max_score - 2 * s->min_score + 2;
    s->lower_threshold = s->max_score - s->min_score + 1;
    for (int moves = 0; moves <= s->cells; moves++) {
        s->lost_now[moves] = -((s->cells - moves) / 2);
        /* Python's floor division, for the two last plies where cells - 2 - moves < 0. */
        int left = s->cells - 2 - moves;
        s->lost_later[moves] = left >= 0 ? -(left / 2) : (-left + 1) / 2;
        s->win_soonest[moves] = (s->cells - 1 - moves) / 2;
        s->lowest_score[moves] = s->lost_later[moves] > s->min_score ? s->lost_later[moves] : s->min_score;
    }
    /* The columns in the order the caller gave (centre first), each with its tie-break rank. A column listed
     * twice would leave another never searched: a wrong score, so it is refused. */
    int listed[MAX_WIDTH] = {0};
    for (int rank = 0; rank < width; rank++) {
        long column = PyLong_AsLong(PySequence_Fast_GET_ITEM(order, rank));
        if (column == -1 && PyErr_Occurred()) goto fail;
        if (column < 0 || column >= width || listed[column]) {
            PyErr_SetString(PyExc_ValueError, "order must list every column once");
            goto fail;
        }
        listed[column] = 1;
        s->column_cells[rank] = (((board_t)1 << height) - 1) << (column * s->h1);
        s->tie_break[rank] = 15 - rank;
        s->column_index[rank] = (int)column;
        s->column_mask[column] = s->column_cells[rank];
    }
    Py_DECREF(order);
    return 0;
fail:
    Py_DECREF(order);
    return -1;
}

static void Core_dealloc(CoreObject *self) {
    drop_tables(self, 0);
    if (self->book_view.obj) PyBuffer_Release(&self->book_view);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A position to search on this Core (see parse_position), which must not be searching already. */
static int parse_searchable(CoreObject *self, PyObject *current_object, PyObject *mask_object, int moves,
                            board_t *current, board_t *mask) {
    if (parse_position(&self->search, current_object, mask_object, moves, current, mask) < 0) return -1;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is already searching");
        return -1;
    }
    return 0;
}

/* Starts a search: the stop flag is looked at, and the table's part in use taken, before the first position;
 * the time limit counts from now. */
static void start_search(Search *s, double seconds) {
    s->stopped = 0;
    s->next_check = s->nodes + 1;
    s->deadline = seconds >= 0 ? monotonic_seconds() + seconds : 0;
}

static PyObject *Core_negamax(CoreObject *self, PyObject *args) {
    PyObject *current_object, *mask_object;
    int moves, alpha, beta;
    double seconds;
    board_t current, mask;
    if (!PyArg_ParseTuple(args, "OOiiid", &current_object, &mask_object, &moves, &alpha, &beta, &seconds))
        return NULL;
    if (parse_seconds(seconds) < 0) return NULL;
    if (alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "negamax needs a window with alpha < beta");
        return NULL;
    }
    if (parse_searchable(self, current_object, mask_object, moves, &current, &mask) < 0) return NULL;
    if (can_win_next(&self->search, current, mask)) {
        PyErr_SetString(PyExc_ValueError, "negamax needs a position where the side to move cannot win at once");
        return NULL;
    }
    Search *s = &self->search;
    int score;
    set_searching(self, 1);
    Py_BEGIN_ALLOW_THREADS
    start_search(s, seconds);
    score = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, alpha, beta, 0);
    table_report(s);
    Py_END_ALLOW_THREADS
    set_searching(self, 0);
    if (s->stopped) Py_RETURN_NONE;
    return PyLong_FromLong(score);
}

/*
 * solve(current, mask, moves, weak, seconds[, at_least]), with the arguments passed as an array (METH_FASTCALL):
 * an end-game position is solved in a microsecond or two, and building and parsing an argument tuple took a
 * tenth of that.
 */
static PyObject *Core_solve(CoreObject *self, PyObject *const *args, Py_ssize_t nargs) {
    int moves, weak, at_least = NO_FLOOR;
    double seconds;
    board_t current, mask;
    if (nargs != 5 && nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "solve(current, mask, moves, weak, seconds[, at_least]): 5 or 6 arguments");
        return NULL;
    }
    if (parse_int(args[2], &moves) < 0 || (weak = PyObject_IsTrue(args[3])) < 0) return NULL;
    if (nargs == 6 && args[5] != Py_None && parse_int(args[5], &at_least) < 0) return NULL;
    seconds = PyFloat_AsDouble(args[4]);
    if ((seconds == -1.0 && PyErr_Occurred()) || parse_seconds(seconds) < 0) return NULL;
    if (parse_searchable(self, args[0], args[1], moves, &current, &mask) < 0) return NULL;
    Search *s = &self->search;
    int score;
    set_searching(self, 1);
    Py_BEGIN_ALLOW_THREADS
    start_search(s, seconds);
    score = solve(s, current, mask, moves, weak, at_least);
    table_report(s);
    Py_END_ALLOW_THREADS
    set_searching(self, 0);
    if (s->stopped) Py_RETURN_NONE;
    return PyLong_FromLong(score);
}

static PyObject *Core_set_book(CoreObject *self, PyObject *args) {
    PyObject *entries;
    int max_moves;
    if (!PyArg_ParseTuple(args, "Oi", &entries, &max_moves)) return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is searching");
        return NULL;
    }
    if (entries != Py_None && (max_moves < 0 || max_moves >= self->search.cells)) {
        PyErr_SetString(PyExc_ValueError, "the book's max_moves must be from 0 to the board's cells - 1");
        return NULL;
    }
    Py_buffer view = {0};
    if (entries != Py_None) {
        if (PyObject_GetBuffer(entries, &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
        if (view.len % sizeof(uint64_t) || ((uintptr_t)view.buf % sizeof(uint64_t))) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "the book's entries must be aligned 64-bit words");
            return NULL;
        }
        /* The lookup is a binary search: entries out of order would make it miss positions, or find others'. */
        const uint64_t *words = view.buf;
        for (Py_ssize_t i = 1; i < view.len / (Py_ssize_t)sizeof(uint64_t); i++) {
            if (words[i - 1] >= words[i]) {
                PyBuffer_Release(&view);
                PyErr_SetString(PyExc_ValueError, "the book's entries must be in ascending order, each once");
                return NULL;
            }
        }
    }
    Search *s = &self->search;
    if (self->book_view.obj) PyBuffer_Release(&self->book_view);
    self->book_view = view;
    s->book = view.obj ? (const uint64_t *)view.buf : NULL;
    s->book_count = view.obj ? (uint64_t)view.len / sizeof(uint64_t) : 0;
    s->book_moves = view.obj ? max_moves : -1;
    Py_RETURN_NONE;
}

static PyObject *Core_interrupt(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    STORE_FLAG(&self->search.interrupted, 1);
    Py_RETURN_NONE;
}

static PyObject *Core_reset_interrupt(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    STORE_FLAG(&self->search.interrupted, 0);
    Py_RETURN_NONE;
}

static PyObject *Core_clear(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->busy || (self->main && self->main->searches)) {
        PyErr_SetString(PyExc_RuntimeError, "the core, or one sharing its table, is searching");
        return NULL;
    }
    const Search *s = &self->search;
    if (s->table) {
        self->busy = 1;
        size_t mapped = self->main->mapped;
        Py_BEGIN_ALLOW_THREADS
        table_zero(s->table, s->size, mapped);
        if (s->near) memset(s->near, 0, NEAR_SLOTS * sizeof(uint64_t));
        Py_END_ALLOW_THREADS
        self->busy = 0;
        /* Empty again: the part in use starts small again, for every Core sharing the table. */
        table_start_small(self->main);
        self->search.filled = 0;
    }
    Py_RETURN_NONE;
}

static PyObject *Core_release(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the core is searching");
        return NULL;
    }
    drop_tables(self, 1);
    Py_RETURN_NONE;
}

static PyObject *Core_nodes(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->search.nodes);
}

static PyObject *Core_branched(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->search.branched);
}

static PyObject *Core_table_entries(CoreObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(allocated_slots(&self->search));
}

static PyObject *Core_slots_in_use(CoreObject *self, void *Py_UNUSED(closure)) {
    const Search *s = &self->search;
    if (!s->table) return PyLong_FromLong(0);
    return PyLong_FromUnsignedLongLong(s->enhanced ? UINT64_C(2) << LOAD_PUBLISHED(&self->main->bits) : s->size);
}

static PyObject *Core_table_entry(CoreObject *self, PyObject *args) {
    unsigned long long index;
    if (!PyArg_ParseTuple(args, "K", &index)) return NULL;
    if (index >= allocated_slots(&self->search)) {
        PyErr_SetString(PyExc_IndexError, "no such table slot");
        return NULL;
    }
    const Search *s = &self->search;
    return PyLong_FromUnsignedLongLong(index < s->size ? s->table[index] : s->near[index - s->size]);
}

static PyMethodDef Core_methods[] = {
    {"negamax", (PyCFunction)Core_negamax, METH_VARARGS,
     "negamax(current, mask, moves, alpha, beta, seconds) -> score, or None when stopped\n\n"
     "Fail-soft null- or wide-window search of a position where the side to move cannot win at once, as\n"
     "ConnectFourSolver._negamax. seconds < 0: no time limit. Releases the GIL while it searches."},
    {"solve", (PyCFunction)(void (*)(void))Core_solve, METH_FASTCALL,
     "solve(current, mask, moves, weak, seconds, at_least=None) -> score, or None when stopped\n\n"
     "The exact score of a position that is not over, as SolverBase.solve (at_least: a score it is known to\n"
     "reach). Releases the GIL while it searches."},
    {"set_book", (PyCFunction)Core_set_book, METH_VARARGS,
     "set_book(entries, max_moves): probe the opening book's entries (a buffer of native 64-bit words in\n"
     "ai.exact.book's order, held until replaced) at positions of at most max_moves stones; None: no book."},
    {"interrupt", (PyCFunction)Core_interrupt, METH_NOARGS,
     "Stops the running search at its next check point (safe from any thread)."},
    {"reset_interrupt", (PyCFunction)Core_reset_interrupt, METH_NOARGS,
     "Clears the flag set by interrupt (call once no interrupt of the last search can arrive any more)."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS,
     "Empties the tables in place (a shared main table too: not while a Core sharing it searches)."},
    {"release", (PyCFunction)Core_release, METH_NOARGS,
     "Lets go of the tables (a shared main table is freed with its last user); the core is unusable afterwards."},
    {"table_entry", (PyCFunction)Core_table_entry, METH_VARARGS,
     "The raw 64-bit entry of a slot, the near table's after the main table's (for tests)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_nodes, NULL, "Positions explored since the core was made.", NULL},
    {"branched", (getter)Core_branched, NULL,
     "Of those, the positions left with two moves or more to try (other solvers' count of nodes).", NULL},
    {"table_entries", (getter)Core_table_entries, NULL,
     "Slots allocated, the main table's and the near table's (0 once released).", NULL},
    {"slots_in_use", (getter)Core_slots_in_use, NULL,
     "Slots of the main table in use: its first part, which doubles as it fills, while no other Core shares it.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ai.exact._c4core.Core",
    .tp_doc = "Core(width, height, table_size, order, enhanced=False, share=None): the exact solver's search and its\n"
              "table for one board size; enhanced: two-entry buckets and mirror keys instead of the Python core's\n"
              "layout; share: another enhanced Core of the same board and table size whose main table this one\n"
              "uses too (each keeps its own near table), so that two threads searching learn from each other.",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ai.exact._c4core",
    .m_doc = "The exact Connect Four solver's search in C (see ai/exact/compiled_core.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__c4core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
