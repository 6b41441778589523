/* The hidden cards placed at random for many samples in one call: the uniform placement
 * of spadeslib/engine/determinize.py (Determinizer.samples) when no suit is constrained
 * (no seat has shown a void, no card is restricted to some seats), card for card the
 * same: one seeded shuffle of the free cards, then each place takes the next cards in
 * turn. The suits that voids constrain are counted with big integers in Python. */
#include "native.h"

/* place(state, free, rooms, places, known, n) -> (hands per sample, state): free is the
   free cards' bits (bytes, in the determinizer's order); rooms and places the room and
   seat of each place (-1: out of play); known each seat's known cards. */
PyObject *native_place(PyObject *module, PyObject *args) {
    native_state *st = PyModule_GetState(module);
    unsigned long long state;
    Py_buffer free_cards;
    PyObject *rooms_obj, *places_obj, *known_obj;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "Ky*OOOn", &state, &free_cards, &rooms_obj, &places_obj, &known_obj, &n))
        return NULL;
    PyObject *out = NULL, *rooms = NULL, *places = NULL, *known = NULL;
    int count = (int)free_cards.len;
    const uint8_t *bits = free_cards.buf;
    int room[MAX_PLAYERS + 1], seat_of[MAX_PLAYERS + 1];
    mask_t known_masks[MAX_PLAYERS];
    Py_ssize_t nplaces, players;
    if (count > MAX_CARDS) {
        argument_error(st, "at most %d free cards, not %d", MAX_CARDS, count);
        goto done;
    }
    for (int i = 0; i < count; i++) {
        if (bits[i] >= MAX_CARDS) {
            argument_error(st, "a free card must be a bit below %d, not %d", MAX_CARDS, bits[i]);
            goto done;
        }
    }
    if (n < 0 || n > (Py_ssize_t)1 << 24) {
        argument_error(st, "n must be from 0 to 2**24, not %zd", n);
        goto done;
    }
    known = sequence_of(st, known_obj, -1, "known");
    if (!known) goto done;
    players = PyList_GET_SIZE(known);
    if (players < 1 || players > MAX_PLAYERS) {
        argument_error(st, "known must list from 1 to %d seats", MAX_PLAYERS);
        goto done;
    }
    for (Py_ssize_t s = 0; s < players; s++)
        if (mask_from_py(st, PyList_GET_ITEM(known, s), MAX_CARDS, &known_masks[s], "a known hand") < 0) goto done;
    rooms = sequence_of(st, rooms_obj, -1, "rooms");
    if (!rooms) goto done;
    nplaces = PyList_GET_SIZE(rooms);
    if (nplaces > players + 1) {
        argument_error(st, "at most %zd places", players + 1);
        goto done;
    }
    places = sequence_of(st, places_obj, nplaces, "places");
    if (!places) goto done;
    int total = 0;
    for (Py_ssize_t k = 0; k < nplaces; k++) {
        long r, s;
        if (int_in(st, PyList_GET_ITEM(rooms, k), 0, MAX_CARDS, &r, "a room") < 0 ||
            int_in(st, PyList_GET_ITEM(places, k), -1, players - 1, &s, "a place") < 0)
            goto done;
        room[k] = (int)r;
        seat_of[k] = (int)s;
        total += (int)r;
    }
    if (total != count) {
        argument_error(st, "the rooms hold %d cards, and there are %d free cards", total, count);
        goto done;
    }
    shuffler shuffle;
    shuffler_init(&shuffle, count);
    PyObject *samples = PyList_New(n);
    if (!samples) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        uint8_t order[MAX_CARDS];
        state = shuffle_order(&shuffle, state, order);
        mask_t hands[MAX_PLAYERS];
        memcpy(hands, known_masks, sizeof(mask_t) * (size_t)players);
        int at = 0;
        for (Py_ssize_t k = 0; k < nplaces; k++) {
            mask_t placed = 0;
            for (int j = 0; j < room[k]; j++) placed |= bit_of(bits[order[at + j]]);
            at += room[k];
            if (seat_of[k] >= 0) hands[seat_of[k]] |= placed;
        }
        PyObject *row = PyList_New(players);
        if (!row) {
            Py_DECREF(samples);
            goto done;
        }
        PyList_SET_ITEM(samples, i, row);
        for (Py_ssize_t s = 0; s < players; s++) {
            PyObject *mask = mask_to_py(hands[s]);
            if (!mask) {
                Py_DECREF(samples);
                goto done;
            }
            PyList_SET_ITEM(row, s, mask);
        }
    }
    out = Py_BuildValue("(NK)", samples, state);
done:
    PyBuffer_Release(&free_cards);
    Py_XDECREF(rooms);
    Py_XDECREF(places);
    Py_XDECREF(known);
    return out;
}
