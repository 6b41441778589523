/* The play of one deal for Game (src/spadeslib/compiler/play.py is its Python side): the
 * Play type, from a position or from its auction's first round (start_auction); its legal
 * ids, apply, rollout, scores and clone, and what the engine's state reads of the deal
 * while the play holds it (the getters at the end: engine/core/state.py reads them). */
#include "native.h"
#include "rules.h"
#include "strategy.h"

static void play_dealloc(PlayObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Py_XDECREF(self->kernel);
    PyObject_GC_Del(self);
    Py_DECREF(type);
}

static int play_traverse(PlayObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->kernel);
    return 0;
}

static int play_clear(PlayObject *self) {
    Py_CLEAR(self->kernel);
    return 0;
}

PlayObject *native_play_alloc(PyTypeObject *type, KernelObject *owner) {
    PlayObject *self = PyObject_GC_New(PlayObject, type);
    if (!self) return NULL;
    Py_INCREF(owner);
    self->kernel = owner;
    memset(&self->p, 0, sizeof self->p);
    self->played_count = 0;
    self->with_auction = self->bidding = 0;
    return self;
}

/* Play(kernel, hands, leader, trick_log, trick, broken, tricks, must_lead): the play of a
   deal as the Python state holds it (trick_log: the finished tricks as (leader, bits)). */
static PyObject *play_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    native_state *st = state_of_type(type);
    static char *names[] = {"kernel", "hands", "leader", "trick_log", "trick", "broken", "tricks",
                            "must_lead", NULL};
    PyObject *kernel_obj, *hands_obj, *leader_obj, *log_obj, *trick_obj, *tricks_obj, *must_obj;
    int broken;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOpOO", names, &kernel_obj, &hands_obj,
                                     &leader_obj, &log_obj, &trick_obj, &broken, &tricks_obj, &must_obj))
        return NULL;
    if (!st) return NULL;
    if (!PyObject_TypeCheck(kernel_obj, st->kernel_type))
        return argument_error(st, "kernel must be a Kernel, not %R", kernel_obj);
    KernelObject *owner = (KernelObject *)kernel_obj;
    const kernel *k = &owner->k;
    PlayObject *self = native_play_alloc(type, owner);
    if (!self) return NULL;
    PyObject_GC_Track(self);
    play *p = &self->p;
    PyObject *hands = NULL, *log = NULL, *tricks = NULL;
    long value;
    if (!(hands = sequence_of(st, hands_obj, k->players, "hands"))) goto fail;
    mask_t all = 0;
    for (int s = 0; s < k->players; s++) {
        if (mask_from_py(st, PyList_GET_ITEM(hands, s), k->size, &p->hands[s], "hands") < 0) goto fail;
        if (all & p->hands[s]) {
            argument_error(st, "hands[%d] holds a card another hand holds", s);
            goto fail;
        }
        all |= p->hands[s];
    }
    if (int_in(st, leader_obj, 0, k->players - 1, &value, "leader") < 0) goto fail;
    p->leader = (int)value;
    if (!(log = sequence_of(st, log_obj, -1, "trick_log"))) goto fail;
    if (PyList_GET_SIZE(log) >= k->hand_size) {
        argument_error(st, "trick_log has %zd tricks: the play is over", PyList_GET_SIZE(log));
        goto fail;
    }
    for (Py_ssize_t t = 0; t < PyList_GET_SIZE(log); t++) {
        PyObject *item = PyList_GET_ITEM(log, t);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
            argument_error(st, "trick_log[%zd] must be (leader, cards)", t);
            goto fail;
        }
        long leader;
        int count;
        uint8_t bits[MAX_PLAYERS];
        if (int_in(st, PyTuple_GET_ITEM(item, 0), 0, k->players - 1, &leader, "trick_log leader") < 0) goto fail;
        if (bits_from_py(st, k, PyTuple_GET_ITEM(item, 1), k->players, bits, &count, "trick_log cards") < 0) goto fail;
        if (count != k->players) {
            argument_error(st, "trick_log[%zd] is not a whole trick", t);
            goto fail;
        }
        p->leaders[t] = (uint8_t)leader;
        for (int i = 0; i < count; i++) {
            if ((all | p->played) & bit_of(bits[i])) {
                argument_error(st, "trick_log[%zd] plays a card twice", t);
                goto fail;
            }
            p->played |= bit_of(bits[i]);
            p->log[t * k->players + i] = bits[i];
            if (i && k->suit_of[bits[i]] != k->suit_of[bits[0]])
                p->voids[(leader + i) % k->players] |= (uint8_t)(1 << k->suit_of[bits[0]]);
        }
    }
    p->trick_number = (int)PyList_GET_SIZE(log);
    if (bits_from_py(st, k, trick_obj, k->players - 1, p->trick, &p->count, "trick") < 0) goto fail;
    for (int i = 0; i < p->count; i++) {
        int bit = p->trick[i];
        if ((all | p->played) & bit_of(bit)) {
            argument_error(st, "the trick holds a card that is in a hand or played before");
            goto fail;
        }
        p->played |= bit_of(bit);
        p->log[p->trick_number * k->players + i] = (uint8_t)bit;
        int led = k->suit_of[p->trick[0]];
        int key = k->keys[led][bit];
        if (i == 0 || key > p->best || (key == p->best && k->later_wins)) {
            p->best = key;
            p->winning = i;
        }
        if (i && k->suit_of[bit] != led) p->voids[(p->leader + i) % k->players] |= (uint8_t)(1 << led);
    }
    p->actor = (p->leader + p->count) % k->players;
    p->broken = broken;
    if (!(tricks = sequence_of(st, tricks_obj, k->players, "tricks"))) goto fail;
    for (int s = 0; s < k->players; s++) {
        if (int_in(st, PyList_GET_ITEM(tricks, s), 0, k->hand_size, &value, "tricks") < 0) goto fail;
        p->tricks[s] = (int)value;
    }
    if (mask_from_py(st, must_obj, k->size, &p->must_lead, "must_lead") < 0) goto fail;
    if (!p->hands[p->actor]) {
        argument_error(st, "seat %d, to play, holds no card", p->actor);
        goto fail;
    }
    Py_DECREF(hands);
    Py_DECREF(log);
    Py_DECREF(tricks);
    return (PyObject *)self;
fail:
    Py_XDECREF(hands);
    Py_XDECREF(log);
    Py_XDECREF(tricks);
    Py_DECREF(self);
    return NULL;
}

static inline mask_t legal_now(const kernel *k, const play *p) {
    return allowed(k, p->hands[p->actor], p->trick, p->count, p->broken, p->trick_number, p->must_lead);
}

static PyObject *ids_list(mask_t ids) {
    PyObject *list = PyList_New(popcount128(ids));
    if (!list) return NULL;
    Py_ssize_t i = 0;
    while (ids) {
        int bit = lowest_bit(ids);
        ids &= ids - 1;
        PyList_SET_ITEM(list, i++, PyLong_FromLong(bit));
    }
    return list;
}

/* The legal bids of the seat to bid (a count, then the ids), or NULL with an error set. */
static const int32_t *bids_now(PlayObject *self) {
    const kernel *k = &self->kernel->k;
    int seat = self->a.order[self->a.step];
    return auction_legal(self->kernel, state_of_type(Py_TYPE(self)), &self->a,
                         popcount128(self->p.hands[seat] & k->trumps), self->relevant);
}

static PyObject *bids_list(const int32_t *legal) {
    PyObject *list = PyList_New(legal[0]);
    if (!list) return NULL;
    for (int i = 0; i < legal[0]; i++) PyList_SET_ITEM(list, i, PyLong_FromLong(legal[1 + i]));
    return list;
}

/* The last bid: the play starts as engine/core/phases/play.py enter starts it. */
static void end_auction(PlayObject *self) {
    const kernel *k = &self->kernel->k;
    int bids[MAX_PLAYERS];
    auction_leader_bids(k, &self->a, 0, bids);
    self->bidding = 0;
    self->p.leader = self->p.actor = first_leader(k, self->dealer, self->p.hands, bids);
    self->p.must_lead = first_lead_mask(k, self->p.hands);
}

/* Apply bid `id` if it is legal now: 0, -1 (not legal: nothing changed), -2 (an error). */
static int apply_bid(PlayObject *self, long id) {
    const int32_t *legal = bids_now(self);
    if (!legal) return -2;
    int found = 0;
    for (int i = 0; i < legal[0]; i++)
        if (legal[1 + i] == id) found = 1;
    if (!found || auction_apply(self->kernel, &self->bid_ids, &self->a, (int)id) < 0) return -1;
    self->ids[self->played_count++] = (uint16_t)id;
    if (self->a.step == self->a.steps) end_auction(self);
    self->p.actor = self->bidding ? self->a.order[self->a.step] : self->p.actor;
    return 0;
}

HOT PyObject *native_play_legal_ids(PlayObject *self) {
    const kernel *k = &self->kernel->k;
    if (self->bidding) {
        const int32_t *legal = bids_now(self);
        return legal ? bids_list(legal) : NULL;
    }
    if (self->p.done) return PyList_New(0);
    return ids_list(canonical_ids(k, legal_now(k, &self->p)));
}

static PyObject *play_legal_ids(PlayObject *self, PyObject *Py_UNUSED(ignored)) {
    return native_play_legal_ids(self);
}

static PyObject *play_legal_mask(PlayObject *self, PyObject *Py_UNUSED(ignored)) {
    const kernel *k = &self->kernel->k;
    if (self->p.done || self->bidding) return PyLong_FromLong(0);
    return mask_to_py(legal_now(k, &self->p));
}

/* standard_card(contracts, nils) -> id: the card the Standard rule plays now for the seat
   to play (spadeslib/policies/standard.py standard_card), read off this play's own state
   (the seat's hand, the trick, the cards out, the voids shown): what a StandardBot in
   that seat plays, for a simulation whose seats play the rule (the engine's
   standard_play). contracts: per side, None or the contract; nils: the Nil bidders. */
static PyObject *play_standard_card(PlayObject *self, PyObject *args) {
    native_state *st = state_of_type(Py_TYPE(self));
    const kernel *k = &self->kernel->k;
    const play *p = &self->p;
    PyObject *contracts_obj;
    long nils;
    if (!PyArg_ParseTuple(args, "Ol", &contracts_obj, &nils)) return NULL;
    if (self->bidding || p->done) return argument_error(st, "no card to play now");
    if (nils < 0 || nils >= 1L << k->players)
        return argument_error(st, "nils must be a mask of seats, not %ld", nils);
    int values[MAX_SIDES];
    if (contracts_from_py(st, k, contracts_obj, values, "contracts") < 0) return NULL;
    deal_table t;
    table_init(k, &t, values, (int)nils);
    int seat = p->actor;
    mask_t hand = p->hands[seat];
    int mode = mode_of(k, &t, seat, p);
    int bit = standard_card(k, &t, mode, seat, legal_now(k, p), p, k->full & ~p->played & ~hand);
    return PyLong_FromLong(k->canonical[bit]);
}

/* The bit the id plays now, or -1 when the id is no legal play. */
static int bit_for(const kernel *k, const play *p, long id) {
    if (p->done || id < 0 || id >= k->size || k->canonical[id] != id) return -1;
    if (!(legal_now(k, p) & k->face_mask[id])) return -1;
    return lowest_bit(p->hands[p->actor] & k->face_mask[id]); /* the lower copy held */
}

static void apply_bit(PlayObject *self, int id, int bit) {
    play_card(&self->kernel->k, &self->p, bit);
    self->ids[self->played_count++] = (uint16_t)id;
}

HOT int native_play_apply(PlayObject *self, PyObject *arg) {
    if (!PyLong_CheckExact(arg)) return -1;
    int overflow = 0;
    long id = PyLong_AsLongAndOverflow(arg, &overflow);
    if (id == -1 && PyErr_Occurred()) return -2;
    if (overflow) return -1;
    if (self->bidding) return apply_bid(self, id);
    const kernel *k = &self->kernel->k;
    int bit = bit_for(k, &self->p, id);
    if (bit < 0) return -1;
    apply_bit(self, (int)id, bit);
    return self->p.done;
}

/* apply(id) -> 0 (played), 1 (played, and the play is over), -1 (not a legal play: nothing
   changed) */
static PyObject *play_apply(PlayObject *self, PyObject *arg) {
    int status = native_play_apply(self, arg);
    return status == -2 ? NULL : PyLong_FromLong(status);
}

/* rollout(random) -> cards played: random legal plays to the end of the play, each the
   int(random() * n)-th lowest of the n legal ids (Game.rollout's choice). */
HOT static PyObject *play_rollout(PlayObject *self, PyObject *random) {
    const kernel *k = &self->kernel->k;
    play *p = &self->p;
    int played = 0;
    while (self->bidding) {
        const int32_t *legal = bids_now(self);
        if (!legal) return NULL;
        PyObject *r = PyObject_CallNoArgs(random);
        if (!r) return NULL;
        double x = PyFloat_AsDouble(r);
        Py_DECREF(r);
        if (x == -1.0 && PyErr_Occurred()) return NULL;
        long pick = (long)(x * legal[0]);
        if (pick < 0 || pick >= legal[0])
            return argument_error(state_of_type(Py_TYPE(self)), "random() must return a float in [0, 1)");
        if (apply_bid(self, legal[1 + pick]) != 0) return NULL;
        played++;
    }
    while (!p->done) {
        mask_t ids = canonical_ids(k, legal_now(k, p));
        PyObject *r = PyObject_CallNoArgs(random);
        if (!r) return NULL;
        double x = PyFloat_AsDouble(r);
        Py_DECREF(r);
        if (x == -1.0 && PyErr_Occurred()) return NULL;
        int n = popcount128(ids);
        long pick = (long)(x * n);
        if (pick < 0 || pick >= n)
            return argument_error(state_of_type(Py_TYPE(self)), "random() must return a float in [0, 1)");
        int id = nth_bit(ids, (int)pick);
        int bit = lowest_bit(p->hands[p->actor] & k->face_mask[id]);
        apply_bit(self, id, bit);
        played++;
    }
    return PyLong_FromLong(played);
}

/* start_auction(kernel, hands, dealer, ids, relevant) -> Play: a deal from its auction's
   first round on (spadeslib/engine/core/phases/bidding.py decides when one may start so). */
PyObject *native_start_auction(PyObject *module, PyObject *args) {
    native_state *st = (native_state *)PyModule_GetState(module);
    PyObject *kernel_obj, *hands_obj, *ids_obj, *relevant_obj;
    int dealer;
    if (!PyArg_ParseTuple(args, "OOiOO", &kernel_obj, &hands_obj, &dealer, &ids_obj, &relevant_obj)) return NULL;
    if (!PyObject_TypeCheck(kernel_obj, st->kernel_type))
        return argument_error(st, "kernel must be a Kernel, not %R", kernel_obj);
    KernelObject *owner = (KernelObject *)kernel_obj;
    const kernel *k = &owner->k;
    if (dealer < 0 || dealer >= k->players) return argument_error(st, "dealer must be a seat, not %d", dealer);
    PyObject *hands = sequence_of(st, hands_obj, k->players, "hands");
    if (!hands) return NULL;
    mask_t masks[MAX_PLAYERS], all = 0;
    for (int s = 0; s < k->players; s++) {
        if (mask_from_py(st, PyList_GET_ITEM(hands, s), k->size, &masks[s], "hands") < 0) {
            Py_DECREF(hands);
            return NULL;
        }
        if (all & masks[s]) {
            Py_DECREF(hands);
            return argument_error(st, "hands[%d] holds a card another hand holds", s);
        }
        all |= masks[s];
    }
    Py_DECREF(hands);
    PyObject *list = sequence_of(st, ids_obj, 6, "ids");
    if (!list) return NULL;
    long v[6];
    for (int i = 0; i < 6; i++) {
        if (int_in(st, PyList_GET_ITEM(list, i), 0, 1 << 15, &v[i], "ids") < 0) {
            Py_DECREF(list);
            return NULL;
        }
    }
    Py_DECREF(list);
    PyObject *flags = sequence_of(st, relevant_obj, 3, "relevant");
    if (!flags) return NULL;
    int relevant[3];
    for (int i = 0; i < 3; i++) relevant[i] = PyObject_IsTrue(PyList_GET_ITEM(flags, i));
    Py_DECREF(flags);
    PlayObject *self = native_play_alloc(st->play_type, owner);
    if (!self) return NULL;
    for (int s = 0; s < k->players; s++) self->p.hands[s] = masks[s];
    self->with_auction = self->bidding = 1;
    self->dealer = dealer;
    self->bid_ids = (ids_t){(int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4], (int)v[5]};
    memcpy(self->relevant, relevant, sizeof relevant);
    auction_start(owner, &self->a, dealer);
    self->p.actor = self->a.order[0];
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* scores(standings) -> [(points, bags, sets, wins)] per side, or None: the deal's score in
   numbers, from the kernel's table of the engine's answers (only for a deal played from
   its first bid, whose contracts the Play knows). standings: (bags, sets) per side. */
static PyObject *play_scores(PlayObject *self, PyObject *standings_obj) {
    native_state *st = state_of_type(Py_TYPE(self));
    const kernel *k = &self->kernel->k;
    if (!self->with_auction || self->bidding || !self->p.done) Py_RETURN_NONE;
    PyObject *standings = sequence_of(st, standings_obj, k->sides, "standings");
    if (!standings) return NULL;
    long numbers[MAX_SIDES][2];
    for (int side = 0; side < k->sides; side++) {
        PyObject *row = sequence_of(st, PyList_GET_ITEM(standings, side), 2, "a standing");
        int bad = !row || int_in(st, PyList_GET_ITEM(row, 0), 0, LONG_MAX, &numbers[side][0], "bags") < 0 ||
                  int_in(st, PyList_GET_ITEM(row, 1), 0, LONG_MAX, &numbers[side][1], "sets") < 0;
        Py_XDECREF(row);
        if (bad) {
            Py_DECREF(standings);
            return NULL;
        }
    }
    Py_DECREF(standings);
    PyObject *out = PyList_New(k->sides);
    if (!out) return NULL;
    for (int side = 0; side < k->sides; side++) {
        int places = 0;
        for (int j = 0; j < k->side_size[side]; j++)
            if (self->a.nils >> k->side_seats[side][j] & 1) places |= 1 << j;
        int32_t score[4];
        if (side_score(self->kernel, st, side, self->a.contracts[side], places, 0, 0, self->p.tricks,
                       numbers[side][0], numbers[side][1], score) < 0) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, side, Py_BuildValue("(iiii)", score[0], score[1], score[2], score[3]));
    }
    return out;
}

static PyObject *play_clone(PlayObject *self, PyObject *Py_UNUSED(ignored)) {
    PlayObject *copy = PyObject_GC_New(PlayObject, Py_TYPE(self));
    if (!copy) return NULL;
    Py_INCREF(self->kernel);
    copy->kernel = self->kernel;
    copy->p = self->p;
    memcpy(copy->ids, self->ids, sizeof self->ids);
    copy->played_count = self->played_count;
    copy->with_auction = self->with_auction;
    copy->bidding = self->bidding;
    copy->dealer = self->dealer;
    copy->a = self->a;
    copy->bid_ids = self->bid_ids;
    memcpy(copy->relevant, self->relevant, sizeof self->relevant);
    PyObject_GC_Track(copy);
    return (PyObject *)copy;
}

/* The getters: the deal as the engine's State reads it while this play holds it
   (compiler/play.py's DealPlay; the Python Play has the same attributes). Each builds a
   new value: nothing the caller does to it reaches the play. */

static PyObject *play_get_hands(PlayObject *self, void *Py_UNUSED(closure)) {
    return masks_list(self->p.hands, self->kernel->k.players);
}

static PyObject *play_get_trick(PlayObject *self, void *Py_UNUSED(closure)) {
    int bits[MAX_PLAYERS];
    for (int i = 0; i < self->p.count; i++) bits[i] = self->p.trick[i];
    return ints_list(bits, self->p.count);
}

static PyObject *play_get_tricks(PlayObject *self, void *Py_UNUSED(closure)) {
    return ints_list(self->p.tricks, self->kernel->k.players);
}

static PyObject *play_get_trick_log(PlayObject *self, void *Py_UNUSED(closure)) {
    const play *p = &self->p;
    int players = self->kernel->k.players;
    PyObject *list = PyList_New(p->trick_number);
    if (!list) return NULL;
    for (int t = 0; t < p->trick_number; t++) {
        PyObject *cards = PyTuple_New(players);
        if (!cards) goto fail;
        for (int i = 0; i < players; i++) {
            PyObject *bit = PyLong_FromLong(p->log[t * players + i]);
            if (!bit) {
                Py_DECREF(cards);
                goto fail;
            }
            PyTuple_SET_ITEM(cards, i, bit);
        }
        PyObject *entry = Py_BuildValue("(iN)", p->leaders[t], cards);
        if (!entry) goto fail;
        PyList_SET_ITEM(list, t, entry);
    }
    return list;
fail:
    Py_DECREF(list);
    return NULL;
}

static PyObject *play_get_played(PlayObject *self, void *Py_UNUSED(closure)) {
    PyObject *out = PyTuple_New(self->played_count);
    if (!out) return NULL;
    for (int i = 0; i < self->played_count; i++) {
        PyObject *id = PyLong_FromLong(self->ids[i]);
        if (!id) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, id);
    }
    return out;
}

static PyObject *play_get_bids(PlayObject *self, void *Py_UNUSED(closure)) {
    return ints_list(self->a.bids, self->kernel->k.players);
}

static PyObject *play_get_contracts(PlayObject *self, void *Py_UNUSED(closure)) {
    return ints_list(self->a.contracts, self->kernel->k.sides);
}

/* The bids the auction took, oldest first, with the seat that bid each: (seat, id). The
   auction takes one bid a turn from its first (a.order), and card ids are below Nil's. */
static PyObject *play_get_auction_decisions(PlayObject *self, void *Py_UNUSED(closure)) {
    PyObject *list = PyList_New(0);
    int turn = 0;
    for (int i = 0; list && self->with_auction && i < self->played_count; i++) {
        if (self->ids[i] < self->bid_ids.nil) continue;
        PyObject *pair = Py_BuildValue("(ii)", self->a.order[turn++], self->ids[i]);
        if (!pair || PyList_Append(list, pair) < 0) Py_CLEAR(list);
        Py_XDECREF(pair);
    }
    return list;
}

#define INT_GETTER(name, expr)                                                  \
    static PyObject *play_get_##name(PlayObject *self, void *Py_UNUSED(closure)) { \
        return PyLong_FromLong(expr);                                           \
    }
#define BOOL_GETTER(name, expr)                                                 \
    static PyObject *play_get_##name(PlayObject *self, void *Py_UNUSED(closure)) { \
        return PyBool_FromLong(expr);                                           \
    }
INT_GETTER(actor, self->p.actor)
INT_GETTER(leader, self->p.leader)
INT_GETTER(trick_number, self->p.trick_number)
INT_GETTER(winning, self->p.winning)
INT_GETTER(nil_seats, self->a.nils)
INT_GETTER(sides_bid, self->a.sides_bid)
INT_GETTER(step, self->a.step)
BOOL_GETTER(done, self->p.done)
BOOL_GETTER(bidding, self->bidding)
BOOL_GETTER(broken, self->p.broken)
BOOL_GETTER(with_auction, self->with_auction)

static PyObject *play_get_must_lead(PlayObject *self, void *Py_UNUSED(closure)) {
    return mask_to_py(self->p.must_lead);
}

#define GET(name, doc) {#name, (getter)play_get_##name, NULL, doc, NULL}
static PyGetSetDef play_getset[] = {
    GET(actor, "The seat to act."),
    GET(done, "Every trick is played."),
    GET(bidding, "The auction's first round is still on."),
    GET(with_auction, "The play started from the auction's first bid (start_auction)."),
    GET(hands, "Each seat's cards, a mask each."),
    GET(trick, "The trick being played: its bits in play order."),
    GET(leader, "The seat that led (or leads) the trick."),
    GET(trick_number, "Tricks finished."),
    GET(broken, "Spades are broken."),
    GET(tricks, "Tricks won, by seat."),
    GET(must_lead, "The cards the first lead is held to (0: none)."),
    GET(trick_log, "The finished tricks: (leader, bits in play order)."),
    GET(winning, "The place in the trick of the card winning it."),
    GET(played, "The ids of every action this play applied, in order."),
    GET(bids, "The auction's bids by seat (with_auction)."),
    GET(contracts, "The auction's contracts by side (with_auction)."),
    GET(nil_seats, "The seats that bid Nil, a bit each (with_auction)."),
    GET(sides_bid, "The sides that made a team bid, a bit each (with_auction)."),
    GET(step, "The auction's turns taken (with_auction)."),
    GET(auction_decisions, "The auction's bids, oldest first, as (seat, id)."),
    {NULL, NULL, NULL, NULL, NULL},
};
#undef GET

static PyMethodDef play_methods[] = {
    {"legal_ids", (PyCFunction)play_legal_ids, METH_NOARGS, "The legal play ids, sorted."},
    {"legal_mask", (PyCFunction)play_legal_mask, METH_NOARGS, "The legal cards, as a mask."},
    {"standard_card", (PyCFunction)play_standard_card, METH_VARARGS,
     "standard_card(contracts, nils) -> the id the Standard rule plays now."},
    {"apply", (PyCFunction)play_apply, METH_O, "apply(id) -> 0, 1 (the play is over) or -1 (illegal)."},
    {"rollout", (PyCFunction)play_rollout, METH_O, "rollout(random) -> cards played to the end."},
    {"clone", (PyCFunction)play_clone, METH_NOARGS, "An independent copy."},
    {"scores", (PyCFunction)play_scores, METH_O, "scores(standings): the deal's score, or None."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot play_slots[] = {
    {Py_tp_new, play_new},
    {Py_tp_dealloc, play_dealloc},
    {Py_tp_traverse, play_traverse},
    {Py_tp_clear, play_clear},
    {Py_tp_methods, play_methods},
    {Py_tp_getset, play_getset},
    {Py_tp_doc, "The play of one deal, natively."},
    {0, NULL},
};

PyType_Spec play_spec = {
    "spadeslib._native.Play", sizeof(PlayObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, play_slots,
};
