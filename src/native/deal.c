/* The seeded deal (spadeslib/engine/core/dealing.py, with shuffle.c's shuffle): the hands and
 * the other cards a deck's order makes, two packs' copies made canonical, and the Kernel's
 * methods that deal (`deal`, `deal_order`). */
#include "native.h"

/* -- the seeded deal (spadeslib/engine/core/dealing.py) -------------------------------------- */

/* With two packs, each face's lower copy goes to the first holder in seat order, then to
   the other cards in order: dealing.canonical_copies. */
static inline void canonical_copies(const kernel *k, mask_t *hands, uint8_t *rest, int rest_count) {
    mask_t taken = 0;
    for (int s = 0; s < k->players; s++) {
        if (k->twins) {
            /* copies in pairs (see kernel.twins): the faces held, at their first copies; a
               face held twice takes both copies, one held once its first copy if still free */
            mask_t firsts = hands[s] & ~k->twins, seconds = (hands[s] & k->twins) >> 1;
            mask_t both = firsts & seconds, once = (firsts | seconds) & ~both;
            hands[s] = both | both << 1 | (once & ~taken) | (once & taken) << 1;
            taken |= hands[s];
            continue;
        }
        mask_t cards = hands[s], mask = 0;
        while (cards) {
            int bit = lowest_bit(cards);
            cards &= cards - 1;
            mask_t free = k->face_mask[bit] & ~(taken | mask);
            mask |= free & (~free + 1);
        }
        taken |= mask;
        hands[s] = mask;
    }
    for (int i = 0; i < rest_count; i++) {
        mask_t free = k->face_mask[rest[i]] & ~taken;
        int copy = lowest_bit(free);
        taken |= bit_of(copy);
        rest[i] = (uint8_t)copy;
    }
}

/* The deal the deck's bits in `order` make, dealt by `dealer` (dealing.deal_from_order):
   each seat's hand, and the other cards (the cut's, then the rest) into `rest`, whose
   count it returns. */
HOT int deal_order(const kernel *k, const uint8_t *order, int dealer, int cut, int per_hand, mask_t *hands,
                   uint8_t *rest) {
    for (int s = 0; s < k->players; s++) hands[s] = 0;
    int rest_count = 0;
    if (per_hand == 0) { /* the players draw: the whole order is the stock */
        memcpy(rest, order, (size_t)k->size);
        return k->size;
    }
    int end = cut + per_hand * k->players;
    for (int p = 0; p < cut; p++) rest[rest_count++] = order[p];
    int seat = (dealer + 1) % k->players;
    if (k->size <= 64) { /* 64-bit shifts: a 128-bit one costs a few instructions more */
        uint64_t narrow[MAX_PLAYERS] = {0};
        for (int p = cut; p < end; p++) {
            narrow[seat] |= 1ULL << order[p];
            seat = seat + 1 == k->players ? 0 : seat + 1;
        }
        for (int s = 0; s < k->players; s++) hands[s] = narrow[s];
    } else {
        for (int p = cut; p < end; p++) {
            hands[seat] |= bit_of(order[p]);
            seat = seat + 1 == k->players ? 0 : seat + 1;
        }
    }
    for (int p = end; p < k->size; p++) rest[rest_count++] = order[p];
    return rest_count;
}

HOT int deal_cards(const KernelObject *owner, uint64_t seed, int64_t index, int dealer, int cut,
               int per_hand, mask_t *hands, uint8_t *rest) {
    const kernel *k = &owner->k;
    uint8_t order[MAX_CARDS];
    shuffle_order(&owner->shuffle, stream_seed(seed, index), order);
    int rest_count = deal_order(k, order, dealer, cut, per_hand, hands, rest);
    if (k->packs == 2) canonical_copies(k, hands, rest, rest_count);
    return rest_count;
}

/* -- the Kernel's deals ------------------------------------------------------------------ */

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
   `seed`, as spadeslib.engine.core.dealing.shuffle_deal makes it. */
PyObject *kernel_deal(KernelObject *self, PyObject *args) {
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
PyObject *kernel_deal_order(KernelObject *self, PyObject *args) {
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
