/* The bots' point count of a hand, natively: spadeslib/bots/guesses.py quick_bids, which
 * is the reference (the differential tests hold them together). The count's rule is the
 * Python's, handed over as a table it makes once per variant (guesses.py point_table):
 * a suit's count in half points by how many cards the hand holds at each of the top
 * places of the suit and by its length. The C only indexes it, adds the suits and rounds
 * as Python's round() does (half to even). */
#include "native.h"

#define MAX_PLACES 8
#define MAX_VALUES (1 << 16)

/* The count of `hand` in whole points, at most the hand size. HOT for its popcounts. */
HOT static int hand_points(const kernel *k, mask_t hand, mask_t top[NSUITS][MAX_PLACES], int places,
                       int copies, int lengths, const uint8_t *values) {
    int half = 0;
    for (int suit = 0; suit < NSUITS; suit++) {
        size_t at = (size_t)suit;
        for (int p = 0; p < places; p++) at = at * (size_t)copies + (size_t)popcount128(hand & top[suit][p]);
        at = at * (size_t)lengths + (size_t)popcount128(hand & k->suit_masks[suit]);
        half += values[at];
    }
    int whole = half >> 1;
    if (half & 1) whole += whole & 1; /* x.5: to the even neighbour, as round() */
    return whole < k->hand_size ? whole : k->hand_size;
}

/* quick_bids(deals, seats, fill, tops, copies, lengths, values) -> rows: for each deal (a
   hand per seat), `fill` (an int per seat) with the count of each of `seats`' hands (a
   mask of seats) in its place. `tops` holds, suit by suit, the mask of the cards at
   each top place; `values` the half points of a suit, indexed by suit, then the cards
   held at each top place (each below `copies`), then the suit's length (below
   `lengths`). */
PyObject *kernel_quick_bids(KernelObject *self, PyObject *args) {
    native_state *st = state_of_type(Py_TYPE(self));
    const kernel *k = &self->k;
    PyObject *deals_obj, *fill_obj, *tops_obj, *values_obj;
    int seats, copies, lengths;
    if (!PyArg_ParseTuple(args, "OiOOiiO", &deals_obj, &seats, &fill_obj, &tops_obj, &copies, &lengths,
                          &values_obj))
        return NULL;
    if (seats < 0 || seats >= 1 << k->players)
        return argument_error(st, "seats must be a mask of the %d seats, not %d", k->players, seats);
    if (copies < 1 || copies > MAX_CARDS + 1 || lengths < 1 || lengths > MAX_CARDS + 1)
        return argument_error(st, "copies and lengths must be from 1 to %d, not %d and %d", MAX_CARDS + 1,
                              copies, lengths);
    for (int suit = 0; suit < NSUITS; suit++)
        if (popcount128(k->suit_masks[suit]) >= lengths)
            return argument_error(st, "suit %d has %d cards: lengths must be above it", suit,
                                  popcount128(k->suit_masks[suit]));
    mask_t top[NSUITS][MAX_PLACES];
    PyObject *tops = sequence_of(st, tops_obj, -1, "tops");
    if (!tops) return NULL;
    Py_ssize_t count = PyList_GET_SIZE(tops);
    int places = (int)(count / NSUITS);
    if (count % NSUITS || places < 1 || places > MAX_PLACES) {
        Py_DECREF(tops);
        return argument_error(st, "tops must hold from 1 to %d masks per suit, not %zd in all", MAX_PLACES,
                              count);
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        int suit = (int)(i / places);
        mask_t *mask = &top[suit][i % places];
        if (mask_from_py(st, PyList_GET_ITEM(tops, i), k->size, mask, "a top place") < 0) {
            Py_DECREF(tops);
            return NULL;
        }
        if ((*mask & ~k->suit_masks[suit]) || popcount128(*mask) >= copies) {
            Py_DECREF(tops);
            return argument_error(st, "tops[%zd] must be fewer than %d cards of suit %d", i, copies, suit);
        }
    }
    Py_DECREF(tops);
    size_t need = NSUITS;
    for (int p = 0; p <= places; p++) {
        need *= (size_t)(p < places ? copies : lengths);
        if (need > MAX_VALUES) return argument_error(st, "the table would need over %d values", MAX_VALUES);
    }
    PyObject *fill = sequence_of(st, fill_obj, k->players, "fill");
    if (!fill) return NULL;
    for (int s = 0; s < k->players; s++) {
        if (!PyLong_Check(PyList_GET_ITEM(fill, s))) {
            Py_DECREF(fill);
            return argument_error(st, "fill must be ints, not %R", PyList_GET_ITEM(fill, s));
        }
    }
    PyObject *deals = sequence_of(st, deals_obj, -1, "deals");
    if (!deals) {
        Py_DECREF(fill);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(values_obj, &view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        Py_DECREF(fill);
        Py_DECREF(deals);
        return argument_error(st, "values must be bytes, not %R", values_obj);
    }
    PyObject *out = NULL;
    if ((size_t)view.len != need) {
        argument_error(st, "values must be %zu bytes, not %zd", need, view.len);
        goto done;
    }
    Py_ssize_t n = PyList_GET_SIZE(deals);
    out = PyList_New(n);
    if (!out) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *hands = sequence_of(st, PyList_GET_ITEM(deals, i), k->players, "a deal's hands");
        PyObject *row = hands ? PyList_New(k->players) : NULL;
        if (!row) {
            Py_XDECREF(hands);
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, row);
        for (int s = 0; s < k->players; s++) {
            PyObject *item = PyList_GET_ITEM(fill, s);
            mask_t hand;
            if (!(seats >> s & 1)) {
                Py_INCREF(item);
            } else if (mask_from_py(st, PyList_GET_ITEM(hands, s), k->size, &hand, "a hand") < 0 ||
                       !(item = PyLong_FromLong(
                             hand_points(k, hand, top, places, copies, lengths, (const uint8_t *)view.buf)))) {
                Py_DECREF(hands);
                Py_CLEAR(out);
                goto done;
            }
            PyList_SET_ITEM(row, s, item);
        }
        Py_DECREF(hands);
    }
done:
    PyBuffer_Release(&view);
    Py_DECREF(fill);
    Py_DECREF(deals);
    return out;
}
