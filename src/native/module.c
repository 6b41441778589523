/* spadeslib._native: the CPython boundary of the native core.
 *
 * Four types and a few functions: `Kernel` (a compiled variant's tables, filled by
 * spadeslib/compiler/kernel.py), `Play` (the play of one deal, for Game's play phase),
 * `Table` (a 2-D int32 array that numpy and memoryview read without a copy), `Tensors`
 * (a variant's tensor layout, tensors.c, filling a seat's tensors), the seeded
 * deal, and the batched playouts (playout.c). Every argument is checked here, before any
 * loop; a bad one raises spadeslib.errors.ArgumentError. No global state: the module's
 * types and the error class live in its module state (multi-phase initialisation).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "native.h"
#include "rules.h"

/* -- module state ------------------------------------------------------------------- */

static native_state *state_of_module(PyObject *module) { return (native_state *)PyModule_GetState(module); }

native_state *state_of_type(PyTypeObject *type) {
    PyObject *module = PyType_GetModuleByDef(type, &native_module);
    return module ? state_of_module(module) : NULL;
}

PyObject *argument_error(native_state *st, const char *format, ...) {
    va_list args;
    va_start(args, format);
    PyObject *message = PyUnicode_FromFormatV(format, args);
    va_end(args);
    if (message) {
        PyErr_SetObject(st ? st->argument_error : PyExc_ValueError, message);
        Py_DECREF(message);
    }
    return NULL;
}

/* -- ints and masks ------------------------------------------------------------------- */

int mask_from_py(native_state *st, PyObject *obj, int size, mask_t *out, const char *what) {
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        argument_error(st, "%s must be an int mask, not %R", what, obj);
        return -1;
    }
    int overflow = 0;
    long long word = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (word == -1 && PyErr_Occurred()) return -1;
    if (!overflow && word >= 0) { /* the usual mask, below 2**63: no int made to test it */
        mask_t mask = (mask_t)(uint64_t)word;
        if (size < 128 && (mask >> size)) {
            argument_error(st, "%s has bits outside the %d-card deck: %R", what, size, obj);
            return -1;
        }
        *out = mask;
        return 0;
    }
    int negative = PyObject_RichCompareBool(obj, st->zero, Py_LT);
    if (negative < 0) return -1;
    if (negative) {
        argument_error(st, "%s must not be negative: %R", what, obj);
        return -1;
    }
    uint64_t lo = PyLong_AsUnsignedLongLongMask(obj);
    if (lo == (uint64_t)-1 && PyErr_Occurred()) return -1;
    PyObject *high = PyNumber_Rshift(obj, st->sixty_four);
    if (!high) return -1;
    uint64_t hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        argument_error(st, "%s has bits outside the %d-card deck: %R", what, size, obj);
        return -1;
    }
    mask_t mask = ((mask_t)hi << 64) | lo;
    if (size < 128 && (mask >> size)) {
        argument_error(st, "%s has bits outside the %d-card deck: %R", what, size, obj);
        return -1;
    }
    *out = mask;
    return 0;
}

PyObject *mask_to_py(mask_t mask) {
    uint64_t hi = (uint64_t)(mask >> 64);
    if (!hi) return PyLong_FromUnsignedLongLong((uint64_t)mask);
    PyObject *high = PyLong_FromUnsignedLongLong(hi);
    PyObject *low = PyLong_FromUnsignedLongLong((uint64_t)mask);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *out = NULL, *shifted = NULL;
    if (high && low && shift && (shifted = PyNumber_Lshift(high, shift))) out = PyNumber_Or(shifted, low);
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return out;
}

int int_in(native_state *st, PyObject *obj, long low, long high, long *out, const char *what) {
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        argument_error(st, "%s must be an int, not %R", what, obj);
        return -1;
    }
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(obj, &overflow);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (overflow || value < low || value > high) {
        argument_error(st, "%s must be from %ld to %ld, not %R", what, low, high, obj);
        return -1;
    }
    *out = value;
    return 0;
}

/* A sequence of exactly `length` items (any length when length < 0), as a new list. */
PyObject *sequence_of(native_state *st, PyObject *obj, Py_ssize_t length, const char *what) {
    if (!PySequence_Check(obj) || PyUnicode_Check(obj) || PyBytes_Check(obj)) {
        return argument_error(st, "%s must be a sequence, not %R", what, obj);
    }
    PyObject *list = PySequence_List(obj);
    if (!list) return NULL;
    if (length >= 0 && PyList_GET_SIZE(list) != length) {
        Py_ssize_t got = PyList_GET_SIZE(list);
        Py_DECREF(list);
        return argument_error(st, "%s must have %zd items, not %zd", what, length, got);
    }
    return list;
}

/* Each side's contract from a sequence of one per side (None: no contract, -1). 0, or -1
   with an error set. */
int contracts_from_py(native_state *st, const kernel *k, PyObject *obj, int *out, const char *what) {
    PyObject *contracts = sequence_of(st, obj, k->sides, what);
    if (!contracts) return -1;
    for (int side = 0; side < k->sides; side++) {
        PyObject *c = PyList_GET_ITEM(contracts, side);
        long v = -1;
        if (c != Py_None && int_in(st, c, 0, MAX_CARDS, &v, "a contract") < 0) {
            Py_DECREF(contracts);
            return -1;
        }
        out[side] = (int)v;
    }
    Py_DECREF(contracts);
    return 0;
}

/* A bytes-like table of `length` bytes, each below `limit`. */
static int bytes_table(native_state *st, PyObject *obj, Py_ssize_t length, int limit, uint8_t *out,
                       const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        argument_error(st, "%s must be bytes, not %R", what, obj);
        return -1;
    }
    int ok = view.len == length;
    if (ok) {
        for (Py_ssize_t i = 0; i < length; i++) {
            uint8_t value = ((const uint8_t *)view.buf)[i];
            if (value >= limit) ok = 0;
            out[i] = value;
        }
    }
    PyBuffer_Release(&view);
    if (!ok) {
        argument_error(st, "%s must be %zd bytes each below %d", what, length, limit);
        return -1;
    }
    return 0;
}

static int masks_table(native_state *st, PyObject *obj, Py_ssize_t length, int size, mask_t *out,
                       const char *what) {
    PyObject *list = sequence_of(st, obj, length, what);
    if (!list) return -1;
    for (Py_ssize_t i = 0; i < length; i++) {
        if (mask_from_py(st, PyList_GET_ITEM(list, i), size, &out[i], what) < 0) {
            Py_DECREF(list);
            return -1;
        }
    }
    Py_DECREF(list);
    return 0;
}

/* -- Kernel ---------------------------------------------------------------------------- */

static void kernel_dealloc(KernelObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    /* untracked before its fields go: a kernel is freed with its rules, often by the
       cyclic collector (the sources refer back to the rules), which must not visit it
       half torn down */
    PyObject_GC_UnTrack(self);
    native_cache_free(&self->scores);
    native_cache_free(&self->bids);
    Py_XDECREF(self->bid_source);
    Py_XDECREF(self->score_source);
    type->tp_free((PyObject *)self);
    Py_DECREF(type);
}

static int kernel_traverse(KernelObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->bid_source);
    Py_VISIT(self->score_source);
    return 0;
}

static int kernel_clear(KernelObject *self) {
    Py_CLEAR(self->bid_source);
    Py_CLEAR(self->score_source);
    return 0;
}

/* Kernel(numbers, suit_masks, breaking, beats, face_mask, above, suit_of, keys, canonical,
   order, side_of, partner_of, orders, captains): spadeslib/compiler/kernel.py is the one
   caller and says what each part is. */
static PyObject *kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    native_state *st = state_of_type(type);
    if (!st) return NULL;
    static char *names[] = {"numbers", "suit_masks", "breaking", "beats", "face_mask", "above",
                            "suit_of", "keys", "canonical", "order", "side_of", "partner_of",
                            "orders", "captains", NULL};
    PyObject *numbers, *suit_masks, *breaking, *beats, *face_mask, *above, *suit_of, *keys,
        *canonical, *order, *side_of, *partner_of, *orders_obj, *captains_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOOOOOOOOO", names, &numbers, &suit_masks,
                                     &breaking, &beats, &face_mask, &above, &suit_of, &keys,
                                     &canonical, &order, &side_of, &partner_of, &orders_obj,
                                     &captains_obj))
        return NULL;
    KernelObject *self = (KernelObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    kernel *k = &self->k;
    memset(k, 0, sizeof *k);
    native_cache_init(&self->scores);
    native_cache_init(&self->bids);

    PyObject *list = sequence_of(st, numbers, 13, "numbers");
    if (!list) goto fail;
    long values[13];
    static const long low[13] = {2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    static const long high[13] = {MAX_CARDS, MAX_PLAYERS, MAX_TRICKS, 2, MAX_SIDES, 1, 3, 1, 1, 1 << 30, 1, 3, 1};
    static const char *what[13] = {"size", "players", "hand_size", "packs", "sides", "later_wins",
                                   "void_rule", "first_no_lead", "first_no_spades",
                                   "lead_free_from", "broken_frees", "first_lead", "partnership"};
    for (int i = 0; i < 13; i++) {
        if (int_in(st, PyList_GET_ITEM(list, i), low[i], high[i], &values[i], what[i]) < 0) {
            Py_DECREF(list);
            goto fail;
        }
    }
    Py_DECREF(list);
    k->size = (int)values[0];
    k->players = (int)values[1];
    k->hand_size = (int)values[2];
    k->packs = (int)values[3];
    k->sides = (int)values[4];
    k->later_wins = (int)values[5];
    k->void_rule = (int)values[6];
    k->first_no_lead = (int)values[7];
    k->first_no_spades = (int)values[8];
    k->lead_free_from = (int)values[9];
    k->broken_frees = (int)values[10];
    k->first_lead = (int)values[11];
    self->partnership = (int)values[12];
    if (k->hand_size * k->players > k->size) {
        argument_error(st, "%d hands of %d cards need more than the %d cards", k->players,
                       k->hand_size, k->size);
        goto fail;
    }
    int n = k->size;
    k->full = n == 128 ? ~(mask_t)0 : (bit_of(n) - 1);
    if (masks_table(st, suit_masks, NSUITS, n, k->suit_masks, "suit_masks") < 0) goto fail;
    if (masks_table(st, breaking, NSUITS, n, k->breaking, "breaking") < 0) goto fail;
    if (masks_table(st, beats, n, n, k->beats, "beats") < 0) goto fail;
    if (masks_table(st, face_mask, n, n, k->face_mask, "face_mask") < 0) goto fail;
    if (masks_table(st, above, n, n, k->above, "above") < 0) goto fail;
    if (bytes_table(st, suit_of, n, NSUITS, k->suit_of, "suit_of") < 0) goto fail;
    uint8_t flat_keys[NSUITS * MAX_CARDS];
    if (bytes_table(st, keys, NSUITS * n, 255, flat_keys, "keys") < 0) goto fail;
    for (int s = 0; s < NSUITS; s++) memcpy(k->keys[s], flat_keys + s * n, (size_t)n);
    if (bytes_table(st, canonical, n, n, k->canonical, "canonical") < 0) goto fail;
    if (bytes_table(st, side_of, k->players, k->sides, k->side_of, "side_of") < 0) goto fail;
    uint8_t partners[MAX_PLAYERS];
    if (bytes_table(st, partner_of, k->players, 255, partners, "partner_of") < 0) goto fail;
    for (int s = 0; s < k->players; s++) {
        if (partners[s] != 254 && partners[s] >= k->players) {
            argument_error(st, "partner_of[%d] is no seat", s);
            goto fail;
        }
        k->partner_of[s] = partners[s] == 254 ? -1 : (int8_t)partners[s];
    }
    PyObject *orders = sequence_of(st, order, n, "order");
    if (!orders) goto fail;
    for (int b = 0; b < n; b++) {
        long value;
        if (int_in(st, PyList_GET_ITEM(orders, b), 0, 0x7fffffff, &value, "order") < 0) {
            Py_DECREF(orders);
            goto fail;
        }
        k->order[b] = (uint32_t)value;
    }
    Py_DECREF(orders);
    /* the tables must describe one deck: the suits partition it, every bit's face holds it */
    mask_t seen = 0;
    for (int s = 0; s < NSUITS; s++) {
        if (seen & k->suit_masks[s]) {
            argument_error(st, "suit_masks overlap");
            goto fail;
        }
        seen |= k->suit_masks[s];
    }
    if (seen != k->full) {
        argument_error(st, "suit_masks must cover the deck");
        goto fail;
    }
    for (int b = 0; b < n; b++) {
        if (!(k->suit_masks[k->suit_of[b]] & bit_of(b)) || !(k->face_mask[b] & bit_of(b)) ||
            !(k->face_mask[b] & bit_of(k->canonical[b]))) {
            argument_error(st, "the tables disagree about card %d", b);
            goto fail;
        }
    }
    if (k->packs == 2) {
        int pairs = 1;
        for (int b = 0; b < n && pairs; b++) {
            mask_t face = k->face_mask[b];
            if (k->canonical[b] == b)
                pairs = face == bit_of(b) || (b + 1 < n && face == (bit_of(b) | bit_of(b + 1)));
            else
                pairs = b > 0 && k->canonical[b] == b - 1 && face == (bit_of(b - 1) | bit_of(b)) &&
                        k->face_mask[b - 1] == face;
            if (pairs && k->canonical[b] != b) k->twins |= bit_of(b);
        }
        if (!pairs) k->twins = 0;
    }
    k->twins_64 = (uint64_t)k->twins;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    k->fast_pdep = __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
#endif
    k->trumps = k->suit_masks[TRUMPS];
    k->non_trumps = k->full & ~k->trumps;
    /* the same tables in 64 bits, which the hot loops use for a deck of up to 64 cards */
    k->full_64 = (uint64_t)k->full;
    k->trumps_64 = (uint64_t)k->trumps;
    k->non_trumps_64 = (uint64_t)k->non_trumps;
    for (int s = 0; s < NSUITS; s++) {
        k->suit_masks_64[s] = (uint64_t)k->suit_masks[s];
        k->breaking_64[s] = (uint64_t)k->breaking[s];
    }
    for (int b = 0; b < n; b++) {
        k->beats_64[b] = (uint64_t)k->beats[b];
        k->face_mask_64[b] = (uint64_t)k->face_mask[b];
        k->above_64[b] = (uint64_t)k->above[b];
    }
    for (int s = 0; s < k->players; s++) {
        int side = k->side_of[s];
        k->side_seats[side][k->side_size[side]++] = (uint8_t)s;
    }
    for (int side = 0; side < k->sides; side++) {
        if (!k->side_size[side]) {
            argument_error(st, "side %d has no seat", side);
            goto fail;
        }
    }
    uint8_t flat[MAX_PLAYERS * MAX_PLAYERS];
    if (bytes_table(st, orders_obj, k->players * k->players, k->players, flat, "orders") < 0) goto fail;
    for (int d = 0; d < k->players; d++) memcpy(self->orders[d], flat + d * k->players, (size_t)k->players);
    if (bytes_table(st, captains_obj, k->players * k->sides, k->players, flat, "captains") < 0) goto fail;
    for (int d = 0; d < k->players; d++) memcpy(self->captains[d], flat + d * k->sides, (size_t)k->sides);
    shuffler_init(&self->shuffle, n);
    self->bid_source = NULL;
    self->score_source = NULL;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* A deal as Python holds it: (hand masks by seat, the other cards' bits), new references. */
static PyObject *dealt_to_py(const kernel *k, const mask_t *hands, const uint8_t *rest, int rest_count) {
    PyObject *hand_list = PyTuple_New(k->players);
    PyObject *rest_list = PyTuple_New(rest_count);
    if (!hand_list || !rest_list) goto fail;
    for (int s = 0; s < k->players; s++) {
        PyObject *mask = mask_to_py(hands[s]);
        if (!mask) goto fail;
        PyTuple_SET_ITEM(hand_list, s, mask);
    }
    for (int i = 0; i < rest_count; i++) PyTuple_SET_ITEM(rest_list, i, PyLong_FromLong(rest[i]));
    return Py_BuildValue("(NN)", hand_list, rest_list);
fail:
    Py_XDECREF(hand_list);
    Py_XDECREF(rest_list);
    return NULL;
}

static int check_deal_shape(native_state *st, const kernel *k, int dealer, int cut, int per_hand) {
    if (dealer < 0 || dealer >= k->players || cut < 0 || per_hand < 0 ||
        cut + per_hand * k->players > k->size) {
        argument_error(st, "no such deal: dealer %d, %d cut and %d a hand", dealer, cut, per_hand);
        return -1;
    }
    return 0;
}

/* deal(seed, index, dealer, cut, per_hand) -> (hands, rest): deal `index` of a game seeded
   `seed`, as spadeslib.engine.dealing.shuffle_deal makes it. */
static PyObject *kernel_deal(KernelObject *self, PyObject *args) {
    native_state *st = state_of_type(Py_TYPE(self));
    unsigned long long seed;
    long long index;
    int dealer, cut, per_hand;
    if (!PyArg_ParseTuple(args, "KLiii", &seed, &index, &dealer, &cut, &per_hand)) return NULL;
    const kernel *k = &self->k;
    if (check_deal_shape(st, k, dealer, cut, per_hand) < 0) return NULL;
    mask_t hands[MAX_PLAYERS];
    uint8_t rest[MAX_CARDS];
    int rest_count = deal_cards(self, seed, index, dealer, cut, per_hand, hands, rest);
    return dealt_to_py(k, hands, rest, rest_count);
}

/* deal_order(order, dealer, cut, per_hand) -> (hands, rest): dealing.deal_from_order, the
   deal the deck's bits in `order` (every bit once) make: an OpenSpiel chance node's deal. */
static PyObject *kernel_deal_order(KernelObject *self, PyObject *args) {
    native_state *st = state_of_type(Py_TYPE(self));
    PyObject *order_obj;
    int dealer, cut, per_hand;
    if (!PyArg_ParseTuple(args, "Oiii", &order_obj, &dealer, &cut, &per_hand)) return NULL;
    const kernel *k = &self->k;
    if (check_deal_shape(st, k, dealer, cut, per_hand) < 0) return NULL;
    PyObject *order_list = sequence_of(st, order_obj, k->size, "order");
    if (!order_list) return NULL;
    uint8_t order[MAX_CARDS];
    mask_t seen = 0;
    for (int i = 0; i < k->size; i++) {
        long bit;
        if (int_in(st, PyList_GET_ITEM(order_list, i), 0, k->size - 1, &bit, "a card's bit") < 0) break;
        if (seen & bit_of((int)bit)) {
            argument_error(st, "order holds bit %ld twice", bit);
            break;
        }
        seen |= bit_of((int)bit);
        order[i] = (uint8_t)bit;
    }
    Py_DECREF(order_list);
    if (PyErr_Occurred()) return NULL;
    mask_t hands[MAX_PLAYERS];
    uint8_t rest[MAX_CARDS];
    int rest_count = deal_order(k, order, dealer, cut, per_hand, hands, rest);
    return dealt_to_py(k, hands, rest, rest_count);
}

/* first_dealer(seed) -> seat: spadeslib.engine.shuffle.first_dealer, natively. */
static PyObject *kernel_first_dealer(KernelObject *self, PyObject *arg) {
    unsigned long long seed = PyLong_AsUnsignedLongLong(arg);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return argument_error(state_of_type(Py_TYPE(self)), "seed must be an int from 0 to 2**64-1");
    }
    uint64_t state = stream_seed(seed, -1);
    return PyLong_FromUnsignedLongLong(splitmix_below(&state, (uint64_t)self->k.players));
}

static PyObject *kernel_legal_mask(KernelObject *self, PyObject *args) {
    /* legal_mask(hand, trick, broken, trick_number, must_lead): Rules.allowed */
    native_state *st = state_of_type(Py_TYPE(self));
    PyObject *hand_obj, *trick_obj, *must_obj;
    int broken, trick_number;
    if (!PyArg_ParseTuple(args, "OOpiO", &hand_obj, &trick_obj, &broken, &trick_number, &must_obj)) return NULL;
    const kernel *k = &self->k;
    mask_t hand, must;
    uint8_t trick[MAX_PLAYERS];
    int count = 0;
    if (mask_from_py(st, hand_obj, k->size, &hand, "hand") < 0) return NULL;
    if (mask_from_py(st, must_obj, k->size, &must, "must_lead") < 0) return NULL;
    if (bits_from_py(st, k, trick_obj, k->players - 1, trick, &count, "trick") < 0) return NULL;
    return mask_to_py(allowed(k, hand, trick, count, broken, trick_number, must));
}

static PyObject *kernel_trick_winner(KernelObject *self, PyObject *trick_obj) {
    native_state *st = state_of_type(Py_TYPE(self));
    uint8_t trick[MAX_PLAYERS];
    int count = 0;
    if (bits_from_py(st, &self->k, trick_obj, self->k.players, trick, &count, "trick") < 0) return NULL;
    if (!count) return argument_error(st, "an empty trick has no winner");
    return PyLong_FromLong(trick_winner(&self->k, trick, count));
}

/* set_sources(bids, scores): the Python functions that fill the legal-bid and scoring
   tables on demand (set once, by spadeslib.engine.playouts). */
static PyObject *kernel_set_sources(KernelObject *self, PyObject *args) {
    PyObject *bids, *scores;
    if (!PyArg_ParseTuple(args, "OO", &bids, &scores)) return NULL;
    if (!PyCallable_Check(bids) || !PyCallable_Check(scores))
        return argument_error(state_of_type(Py_TYPE(self)), "the sources must be callable");
    Py_INCREF(bids);
    Py_INCREF(scores);
    Py_XSETREF(self->bid_source, bids);
    Py_XSETREF(self->score_source, scores);
    Py_RETURN_NONE;
}

static PyObject *kernel_cache_sizes(KernelObject *self, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(nn)", (Py_ssize_t)self->bids.used, (Py_ssize_t)self->scores.used);
}

static PyMethodDef kernel_methods[] = {
    {"deal", (PyCFunction)kernel_deal, METH_VARARGS,
     "deal(seed, index, dealer, cut, per_hand) -> (hands, rest): the seeded deal."},
    {"deal_order", (PyCFunction)kernel_deal_order, METH_VARARGS,
     "deal_order(order, dealer, cut, per_hand) -> (hands, rest): the deal of this order."},
    {"first_dealer", (PyCFunction)kernel_first_dealer, METH_O,
     "first_dealer(seed) -> seat: the seeded first dealer."},
    {"legal_mask", (PyCFunction)kernel_legal_mask, METH_VARARGS,
     "legal_mask(hand, trick, broken, trick_number, must_lead): Rules.allowed, natively."},
    {"trick_winner", (PyCFunction)kernel_trick_winner, METH_O,
     "trick_winner(trick): Rules.trick_winner, natively."},
    {"set_sources", (PyCFunction)kernel_set_sources, METH_VARARGS,
     "set_sources(bids, scores): the functions that fill the tables on demand."},
    {"cache_sizes", (PyCFunction)kernel_cache_sizes, METH_NOARGS,
     "The entries of the legal-bid and scoring tables filled so far."},
    {"playouts", (PyCFunction)(void (*)(void))kernel_playouts, METH_VARARGS | METH_KEYWORDS,
     "Batched playouts (see spadeslib.playouts)."},
    {"standard_playouts", (PyCFunction)kernel_standard_playouts, METH_VARARGS,
     "The bots' simulations: spadeslib.engine.policies.play_out_many, natively."},
    {"quick_bids", (PyCFunction)kernel_quick_bids, METH_VARARGS,
     "The bots' point counts of many hands: spadeslib.bots.guesses.quick_bids, natively."},
    {NULL, NULL, 0, NULL},
};

static PyObject *kernel_get_has_sources(KernelObject *self, void *Py_UNUSED(closure)) {
    return PyBool_FromLong(self->bid_source != NULL && self->score_source != NULL);
}

static PyGetSetDef kernel_getset[] = {
    {"has_sources", (getter)kernel_get_has_sources, NULL, "set_sources was called.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef kernel_members[] = {
    {"size", T_INT, offsetof(KernelObject, k) + offsetof(kernel, size), READONLY, "cards"},
    {"players", T_INT, offsetof(KernelObject, k) + offsetof(kernel, players), READONLY, "seats"},
    {NULL, 0, 0, 0, NULL},
};

static PyType_Slot kernel_slots[] = {
    {Py_tp_new, kernel_new},
    {Py_tp_dealloc, kernel_dealloc},
    {Py_tp_traverse, kernel_traverse},
    {Py_tp_clear, kernel_clear},
    {Py_tp_methods, kernel_methods},
    {Py_tp_members, kernel_members},
    {Py_tp_getset, kernel_getset},
    {Py_tp_doc, "The tables of one compiled variant, for the native core."},
    {0, NULL},
};

static PyType_Spec kernel_spec = {
    "spadeslib._native.Kernel", sizeof(KernelObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, kernel_slots,
};

/* -- the module -------------------------------------------------------------------------- */

static PyObject *native_shuffle(PyObject *module, PyObject *args) {
    /* shuffle(count, state) -> bytes: spadeslib.engine.shuffle.shuffled, natively */
    int count;
    unsigned long long state;
    if (!PyArg_ParseTuple(args, "iK", &count, &state)) return NULL;
    if (count < 0 || count > MAX_CARDS)
        return argument_error(state_of_module(module), "count must be from 0 to %d, not %d", MAX_CARDS, count);
    shuffler s;
    uint8_t order[MAX_CARDS];
    shuffler_init(&s, count);
    shuffle_order(&s, state, order);
    return PyBytes_FromStringAndSize((const char *)order, count);
}

/* pick(items, at) -> [items[i] for i in at], both lists: an OpenSpiel chance node's
   outcomes, the shared pairs of the cards still to deal (adapters/openspiel.py), which a
   list comprehension builds at six times the cost, at every card of a deal. */
static PyObject *native_pick(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    native_state *st = state_of_module(module);
    if (nargs != 2) return argument_error(st, "pick takes 2 arguments (items, at), not %zd", nargs);
    PyObject *items = args[0], *at = args[1];
    if (!PyList_Check(items) || !PyList_Check(at))
        return argument_error(st, "pick takes two lists, not %R and %R", Py_TYPE(items), Py_TYPE(at));
    Py_ssize_t n = PyList_GET_SIZE(at), size = PyList_GET_SIZE(items);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *index = PyList_GET_ITEM(at, j);
        Py_ssize_t i = PyLong_CheckExact(index) ? PyLong_AsSsize_t(index) : -1;
        if (i < 0 || i >= size) {
            PyErr_Clear();
            Py_DECREF(out);
            return argument_error(st, "at[%zd] must be an int from 0 to %zd, not %R", j, size - 1, index);
        }
        PyObject *item = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(out, j, Py_NewRef(item));
    }
    return out;
}

static PyObject *native_features(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("s", native_cpu_features());
}

static PyMethodDef module_methods[] = {
    {"shuffle", native_shuffle, METH_VARARGS, "shuffle(count, state) -> bytes: the seeded order."},
    {"start_auction", native_start_auction, METH_VARARGS,
     "start_auction(kernel, hands, dealer, ids, relevant) -> Play: a deal from its auction on."},
    {"cpu_features", native_features, METH_NOARGS, "The CPU features the hot loops use here."},
    {"place", native_place, METH_VARARGS,
     "place(state, free, rooms, places, known, n) -> (hands, state): Determinizer.samples."},
    {"float_list", native_float_list, METH_O,
     "float_list(tensor) -> list: a float32 array's entries as floats (tensors.c)."},
    {"pick", (PyCFunction)(void (*)(void))native_pick, METH_FASTCALL,
     "pick(items, at) -> list: items[i] for each i of at, both lists."},
    {"mark", (PyCFunction)(void (*)(void))native_mark, METH_FASTCALL,
     "mark(out, ids): out[id] = 1 for each id, a one-byte array (tensors.c)."},
    {NULL, NULL, 0, NULL},
};

/* The jobs that add their own functions and types to the module, each from its own file
   (declared in native.h): a new job adds one line here and touches nothing else. */
static int (*const job_exec[])(PyObject *module) = {
    vector_exec,
    NULL,
};

static int module_exec(PyObject *module) {
    native_state *st = state_of_module(module);
    PyObject *errors = PyImport_ImportModule("spadeslib.errors");
    if (!errors) return -1;
    st->argument_error = PyObject_GetAttrString(errors, "ArgumentError");
    Py_DECREF(errors);
    if (!st->argument_error) return -1;
    st->zero = PyLong_FromLong(0);
    st->sixty_four = PyLong_FromLong(64);
    if (!st->zero || !st->sixty_four) return -1;
    st->kernel_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &kernel_spec, NULL);
    if (!st->kernel_type || PyModule_AddType(module, st->kernel_type) < 0) return -1;
    st->play_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &play_spec, NULL);
    if (!st->play_type || PyModule_AddType(module, st->play_type) < 0) return -1;
    st->table_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &table_spec, NULL);
    if (!st->table_type || PyModule_AddType(module, st->table_type) < 0) return -1;
    st->tensors_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &tensors_spec, NULL);
    if (!st->tensors_type || PyModule_AddType(module, st->tensors_type) < 0) return -1;
    st->game_loop_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &game_loop_spec, NULL);
    if (!st->game_loop_type || PyModule_AddType(module, st->game_loop_type) < 0) return -1;
    st->state_core_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &state_core_spec, NULL);
    if (!st->state_core_type || PyModule_AddType(module, st->state_core_type) < 0) return -1;
    st->str_play = PyUnicode_InternFromString("play");
    st->str_deals_played = PyUnicode_InternFromString("deals_played");
    st->str_legal_ids = PyUnicode_InternFromString("_legal_action_ids");
    st->str_apply_id = PyUnicode_InternFromString("_apply_id");
    st->str_apply_step = PyUnicode_InternFromString("_apply_step");
    st->str_play_over = PyUnicode_InternFromString("_play_over");
    st->str_current_player = PyUnicode_InternFromString("_current_player");
    st->str_is_over = PyUnicode_InternFromString("_is_over");
    if (!st->str_play || !st->str_deals_played || !st->str_legal_ids || !st->str_apply_id ||
        !st->str_apply_step || !st->str_play_over || !st->str_current_player || !st->str_is_over)
        return -1;

    if (PyModule_AddIntConstant(module, "MAX_CARDS", MAX_CARDS) < 0) return -1;
    if (PyModule_AddIntConstant(module, "MAX_PLAYERS", MAX_PLAYERS) < 0) return -1;
    for (int i = 0; job_exec[i]; i++)
        if (job_exec[i](module) < 0) return -1;
    return 0;
}

static int module_traverse(PyObject *module, visitproc visit, void *arg) {
    native_state *st = state_of_module(module);
    Py_VISIT(st->argument_error);
    Py_VISIT(st->kernel_type);
    Py_VISIT(st->play_type);
    Py_VISIT(st->table_type);
    Py_VISIT(st->tensors_type);
    Py_VISIT(st->game_loop_type);
    Py_VISIT(st->state_core_type);
    return 0;
}

static int module_clear(PyObject *module) {
    native_state *st = state_of_module(module);
    Py_CLEAR(st->argument_error);
    Py_CLEAR(st->zero);
    Py_CLEAR(st->sixty_four);
    Py_CLEAR(st->kernel_type);
    Py_CLEAR(st->play_type);
    Py_CLEAR(st->table_type);
    Py_CLEAR(st->tensors_type);
    Py_CLEAR(st->game_loop_type);
    Py_CLEAR(st->state_core_type);
    Py_CLEAR(st->str_play);
    Py_CLEAR(st->str_deals_played);
    Py_CLEAR(st->str_legal_ids);
    Py_CLEAR(st->str_apply_id);
    Py_CLEAR(st->str_apply_step);
    Py_CLEAR(st->str_play_over);
    Py_CLEAR(st->str_current_player);
    Py_CLEAR(st->str_is_over);
    return 0;
}

static void module_free(void *module) { module_clear((PyObject *)module); }

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, module_exec},
    {0, NULL},
};

PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    "spadeslib._native",
    "spadeslib's native core: the compiled rules played in C (see spadeslib.backend()).",
    sizeof(native_state),
    module_methods,
    module_slots,
    module_traverse,
    module_clear,
    module_free,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModuleDef_Init(&native_module); }
