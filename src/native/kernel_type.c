/* Kernel: a compiled variant's tables for the native core, filled once from
 * spadeslib/compiler/kernel.py and checked here to describe one deck; with the legal
 * cards and the trick's winner, natively, and the tables filled on demand (cache.c). Its
 * other methods live with their jobs: the deals in deal.c, the playouts in playout.c,
 * the bots' point counts in points.c. */
#include "native.h"
#include "rules.h"

#include <structmember.h>

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

    PyObject *list = sequence_of(st, numbers, 14, "numbers");
    if (!list) goto fail;
    long values[14];
    static const long low[14] = {2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1};
    static const long high[14] = {MAX_CARDS, MAX_PLAYERS, MAX_TRICKS, 2, MAX_SIDES, 1, 3,
                                  1, 1, 1 << 30, 1, 3, 1, MAX_TRICKS};
    static const char *what[14] = {"size", "players", "hand_size", "packs", "sides", "later_wins",
                                   "void_rule", "first_no_lead", "first_no_spades",
                                   "lead_free_from", "broken_frees", "first_lead", "partnership",
                                   "overtrick_limit"};
    for (int i = 0; i < 14; i++) {
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
    k->overtrick_limit = (int)values[13];
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

/* set_sources(bids, scores, bags): the Python functions that fill the legal-bid and
   scoring tables on demand, and the variant's bags (counted 0 or 1, the limit, the
   penalty, 1 where the count goes back to 0 at the limit): set once, by
   engine/core/kernel_sources.py. */
static PyObject *kernel_set_sources(KernelObject *self, PyObject *args) {
    native_state *st = state_of_type(Py_TYPE(self));
    PyObject *bids, *scores;
    int counted, limit, penalty, reset;
    if (!PyArg_ParseTuple(args, "OO(iiii)", &bids, &scores, &counted, &limit, &penalty, &reset)) return NULL;
    if (!PyCallable_Check(bids) || !PyCallable_Check(scores))
        return argument_error(st, "the sources must be callable");
    if (counted < 0 || counted > 1 || limit < 1 || penalty < 0 || reset < 0 || reset > 1)
        return argument_error(st, "the bags must be (counted, limit >= 1, penalty >= 0, reset)");
    Py_INCREF(bids);
    Py_INCREF(scores);
    Py_XSETREF(self->bid_source, bids);
    Py_XSETREF(self->score_source, scores);
    self->bags_counted = counted;
    self->bags_limit = limit;
    self->bags_penalty = penalty;
    self->bags_reset = reset;
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
    {"legal_mask", (PyCFunction)kernel_legal_mask, METH_VARARGS,
     "legal_mask(hand, trick, broken, trick_number, must_lead): Rules.allowed, natively."},
    {"trick_winner", (PyCFunction)kernel_trick_winner, METH_O,
     "trick_winner(trick): Rules.trick_winner, natively."},
    {"set_sources", (PyCFunction)kernel_set_sources, METH_VARARGS,
     "set_sources(bids, scores, bags): the functions that fill the tables on demand."},
    {"cache_sizes", (PyCFunction)kernel_cache_sizes, METH_NOARGS,
     "The entries of the legal-bid and scoring tables filled so far."},
    {"playouts", (PyCFunction)(void (*)(void))kernel_playouts, METH_VARARGS | METH_KEYWORDS,
     "Batched playouts (see spadeslib.playouts)."},
    {"standard_playouts", (PyCFunction)kernel_standard_playouts, METH_VARARGS,
     "The bots' simulations: spadeslib.policies.standard.play_out_many, natively."},
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

PyType_Spec kernel_spec = {
    "spadeslib._native.Kernel", sizeof(KernelObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, kernel_slots,
};
