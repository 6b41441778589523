/* Batched playouts: many seeded deals played from the deal to the score in one call.
 *
 * The Python reference is spadeslib/policies/playouts.py (the same deals, the same choices,
 * the same numbers: the differential tests hold them together). Per deal: the seeded
 * shuffle and deal of game seed stream_seed(seed, i); the first round of the auction,
 * seat by seat or team by team, each choice from the deal's own SplitMix64 stream; the
 * play, each seat by its policy; the score of each side. What the auction may bid in a
 * situation and what a side scores are the Python engine's answers, asked once per
 * situation and kept in the kernel's tables (the C decides neither).
 */
#include "native.h"
#include "strategy.h"

enum policy { POLICY_RANDOM = 0, POLICY_STANDARD = 1, POLICY_EASY = 2 };

/* -- the tables filled by Python -------------------------------------------------------------- */

/* -- the auction's first round ------------------------------------------------------------------- */

static inline int choose(uint64_t *rng, int n) { return (int)splitmix_below(rng, (uint64_t)n); }

/* EasyBot's bid (bots/easy.py): a plain bid from 1 to 4 where one is legal, else a bid or
   Nil, else anything legal; each a uniform choice. */
static inline int easy_bid(const ids_t *ids, const int32_t *legal, int n, uint64_t *rng) {
    int32_t pick[256];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (legal[i] >= ids->bid + 1 && legal[i] <= ids->bid + 4) pick[m++] = legal[i];
    if (m) return pick[choose(rng, m)];
    for (int i = 0; i < n; i++)
        if (legal[i] == ids->nil || (legal[i] >= ids->bid && legal[i] <= ids->both_nil)) pick[m++] = legal[i];
    if (m) return pick[choose(rng, m)];
    return legal[choose(rng, n)];
}

typedef struct outputs {
    TableObject *tricks, *points, *scores, *bags, *sets, *dealers, *winners, *actions;
    TableObject *bids, *contracts, *dealt; /* the auction's outcome and the hands as dealt */
} outputs;

/* The 32-bit words of a hand in the `dealt` table. */
#define DEALT_WORDS(k) (((k)->size + 31) / 32)

static void outputs_clear(outputs *o) {
    Py_CLEAR(o->tricks);
    Py_CLEAR(o->points);
    Py_CLEAR(o->scores);
    Py_CLEAR(o->bags);
    Py_CLEAR(o->sets);
    Py_CLEAR(o->dealers);
    Py_CLEAR(o->winners);
    Py_CLEAR(o->actions);
    Py_CLEAR(o->bids);
    Py_CLEAR(o->contracts);
    Py_CLEAR(o->dealt);
}

typedef struct batch {
    Py_ssize_t n;
    uint64_t seed;
    int dealer, bids_itself, per_hand;
    int relevant[3];
    ids_t ids;
    PyObject *given; /* a list of n rows of hands, or NULL: the shuffle */
    uint8_t policies[MAX_PLAYERS];
    int score0[MAX_SIDES], bags0[MAX_SIDES], sets0[MAX_SIDES];
} batch;

/* A position that standard_playouts plays on from, once per sample: what the samples
   share (the finished tricks, the trick so far, what was played) and, per sample, the
   hidden hands, the table (contracts and Nils) and the first leader's must-lead mask. */
typedef struct position {
    Py_ssize_t n;
    PyObject *hands, *contracts, *nils, *leaders, *must_leads; /* lists of n */
    int tricks[MAX_PLAYERS], voids[MAX_PLAYERS];
    uint8_t trick[MAX_PLAYERS];
    int count, trick_number, broken, first, one_trick;
    mask_t played;
} position;

/* Sample i of `pos`: its hands (checked: cards of the deck, no card in two hands), its
   table, the leader of the trick (of the trick under way, if one is) and the first
   lead's mask. 0, or -1 with an error set. */
static int position_sample(KernelObject *self, native_state *st, const position *pos, Py_ssize_t i,
                           void *hands_out, deal_table *t, int *leader, void *must_out) {
    const kernel *k = &self->k;
    int wide = k->size > 64;
    PyObject *row = sequence_of(st, PyList_GET_ITEM(pos->hands, i), k->players, "a sample's hands");
    if (!row) return -1;
    mask_t all = 0;
    for (int s = 0; s < k->players; s++) {
        mask_t hand;
        if (mask_from_py(st, PyList_GET_ITEM(row, s), k->size, &hand, "a hand") < 0) {
            Py_DECREF(row);
            return -1;
        }
        if ((all & hand) || (hand & pos->played)) {
            Py_DECREF(row);
            argument_error(st, "sample %zd: seat %d holds a card held or played by another seat", i, s);
            return -1;
        }
        all |= hand;
        if (wide) ((mask_t *)hands_out)[s] = hand;
        else ((uint64_t *)hands_out)[s] = (uint64_t)hand;
    }
    Py_DECREF(row);
    int values[MAX_SIDES];
    if (contracts_from_py(st, k, PyList_GET_ITEM(pos->contracts, i), values, "a sample's contracts") < 0)
        return -1;
    long nils, lead;
    mask_t must;
    if (int_in(st, PyList_GET_ITEM(pos->nils, i), 0, (1L << k->players) - 1, &nils, "a sample's Nil seats") < 0 ||
        int_in(st, PyList_GET_ITEM(pos->leaders, i), 0, k->players - 1, &lead, "a sample's leader") < 0 ||
        mask_from_py(st, PyList_GET_ITEM(pos->must_leads, i), k->size, &must, "a sample's must-lead mask") < 0)
        return -1;
    table_init(k, t, values, (int)nils);
    *leader = (int)lead;
    if (wide) *(mask_t *)must_out = must;
    else *(uint64_t *)must_out = (uint64_t)must;
    return 0;
}

#define M mask_t
#define PLAY play
#define F(name) name
#define TBL(name) (k->name)
#define LOW(m) lowest_bit(m)
#define POP(m) popcount128(m)
#define NTH(m, i) pick_bit(k, m, i)
#include "playout_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef LOW
#undef POP
#undef NTH

#define M uint64_t
#define PLAY play_64
#define F(name) CAT(name, _64)
#define TBL(name) (k->CAT(name, _64))
#define LOW(m) __builtin_ctzll(m)
#define POP(m) __builtin_popcountll(m)
#define NTH(m, i) pick_bit_64(k, m, i)
#include "playout_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef LOW
#undef POP
#undef NTH

/* playouts(n, seed, dealer, policies, standings, bids_itself, relevant, ids, hands=None,
   winners=False, actions=False, auction=False, dealt=False) -> dict of Tables. See spadeslib/policies/playouts.py, which
   checks what it passes and is the one caller. */
PyObject *kernel_playouts(KernelObject *self, PyObject *args, PyObject *kwargs) {
    native_state *st = state_of_type(Py_TYPE(self));
    static char *names[] = {"n", "seed", "dealer", "policies", "standings", "bids_itself", "relevant",
                            "ids", "hands", "winners", "actions", "auction", "dealt", NULL};
    Py_ssize_t n;
    unsigned long long seed;
    int dealer, bids_itself, want_winners = 0, want_actions = 0, want_auction = 0, want_dealt = 0;
    PyObject *policies_obj, *standings_obj, *relevant_obj, *ids_obj, *hands_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nKiOOpOO|Opppp", names, &n, &seed, &dealer,
                                     &policies_obj, &standings_obj, &bids_itself, &relevant_obj,
                                     &ids_obj, &hands_obj, &want_winners, &want_actions,
                                     &want_auction, &want_dealt))
        return NULL;
    const kernel *k = &self->k;
    if (n < 0 || n > (Py_ssize_t)1 << 31) return argument_error(st, "n must be from 0 to 2**31, not %zd", n);
    if (dealer < -1 || dealer >= k->players)
        return argument_error(st, "dealer must be -1 (drawn) or a seat, not %d", dealer);
    uint8_t policies[MAX_PLAYERS];
    {
        Py_buffer view;
        if (PyObject_GetBuffer(policies_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
        int ok = view.len == k->players;
        for (Py_ssize_t i = 0; ok && i < view.len; i++) {
            policies[i] = ((uint8_t *)view.buf)[i];
            if (policies[i] > POLICY_EASY) ok = 0;
        }
        PyBuffer_Release(&view);
        if (!ok) return argument_error(st, "policies must be %d bytes, each 0, 1 or 2", k->players);
    }
    int score0[MAX_SIDES], bags0[MAX_SIDES], sets0[MAX_SIDES];
    PyObject *standings = sequence_of(st, standings_obj, k->sides, "standings");
    if (!standings) return NULL;
    for (int side = 0; side < k->sides; side++) {
        PyObject *row = sequence_of(st, PyList_GET_ITEM(standings, side), 3, "a standing");
        long v[3];
        if (!row || int_in(st, PyList_GET_ITEM(row, 0), -1000000, 1000000, &v[0], "score") < 0 ||
            int_in(st, PyList_GET_ITEM(row, 1), 0, SCORE_BAGS, &v[1], "bags") < 0 ||
            int_in(st, PyList_GET_ITEM(row, 2), 0, SCORE_SETS, &v[2], "sets") < 0) {
            Py_XDECREF(row);
            Py_DECREF(standings);
            return NULL;
        }
        Py_DECREF(row);
        score0[side] = (int)v[0];
        bags0[side] = (int)v[1];
        sets0[side] = (int)v[2];
    }
    Py_DECREF(standings);
    int relevant[3];
    {
        PyObject *list = sequence_of(st, relevant_obj, 3, "relevant");
        if (!list) return NULL;
        for (int i = 0; i < 3; i++) relevant[i] = PyObject_IsTrue(PyList_GET_ITEM(list, i));
        Py_DECREF(list);
    }
    ids_t ids;
    {
        PyObject *list = sequence_of(st, ids_obj, 6, "ids");
        if (!list) return NULL;
        long v[6];
        for (int i = 0; i < 6; i++) {
            if (int_in(st, PyList_GET_ITEM(list, i), 0, 1 << 20, &v[i], "ids") < 0) {
                Py_DECREF(list);
                return NULL;
            }
        }
        Py_DECREF(list);
        ids = (ids_t){(int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4], (int)v[5]};
    }
    PyObject *given = NULL;
    if (hands_obj != Py_None) {
        given = sequence_of(st, hands_obj, n, "hands");
        if (!given) return NULL;
    }
    int per_hand = k->hand_size;
    int steps = bids_itself ? 0 : (self->partnership ? k->sides : k->players);
    outputs o = {0};
    o.tricks = table_new(st, n, k->players);
    o.points = table_new(st, n, k->sides);
    o.scores = table_new(st, n, k->sides);
    o.bags = table_new(st, n, k->sides);
    o.sets = table_new(st, n, k->sides);
    o.dealers = table_new(st, n, 1);
    if (want_winners) o.winners = table_new(st, n, k->hand_size);
    if (want_actions) o.actions = table_new(st, n, steps + k->hand_size * k->players);
    if (want_auction) {
        o.bids = table_new(st, n, k->players);
        o.contracts = table_new(st, n, k->sides);
    }
    if (want_dealt) o.dealt = table_new(st, n, k->players * DEALT_WORDS(k));
    if (!o.tricks || !o.points || !o.scores || !o.bags || !o.sets || !o.dealers ||
        (want_winners && !o.winners) || (want_actions && !o.actions) ||
        (want_auction && (!o.bids || !o.contracts)) || (want_dealt && !o.dealt))
        goto fail;
    batch b = {n, seed, dealer, bids_itself, per_hand, {relevant[0], relevant[1], relevant[2]}, ids, given, {0}, {0}, {0}, {0}};
    memcpy(b.policies, policies, sizeof policies);
    memcpy(b.score0, score0, sizeof score0);
    memcpy(b.bags0, bags0, sizeof bags0);
    memcpy(b.sets0, sets0, sizeof sets0);
    if ((k->size <= 64 ? play_batch_64(self, st, &b, &o) : play_batch(self, st, &b, &o)) < 0) goto fail;
    Py_XDECREF(given);
#define OPTIONAL(table) ((table) ? (PyObject *)(table) : Py_None)
    PyObject *out = Py_BuildValue("{sOsOsOsOsOsOsOsOsOsOsO}", "tricks", o.tricks, "points", o.points,
                                  "scores", o.scores, "bags", o.bags, "sets", o.sets, "dealers",
                                  o.dealers, "winners", OPTIONAL(o.winners), "actions",
                                  OPTIONAL(o.actions), "bids", OPTIONAL(o.bids), "contracts",
                                  OPTIONAL(o.contracts), "dealt", OPTIONAL(o.dealt));
#undef OPTIONAL
    outputs_clear(&o);
    return out;
fail:
    Py_XDECREF(given);
    outputs_clear(&o);
    return NULL;
}

/* standard_playouts(hands, contracts, nils, leaders, must_leads, tricks, trick,
   trick_number, broken, played, voids, first, one_trick) -> (tricks, winners): the
   bots' simulations, spadeslib/policies/standard.py play_out_many (its one caller, the
   reference it is tested against). */
PyObject *kernel_standard_playouts(KernelObject *self, PyObject *args) {
    native_state *st = state_of_type(Py_TYPE(self));
    const kernel *k = &self->k;
    PyObject *hands, *contracts, *nils, *leaders, *musts, *tricks_obj, *trick_obj, *played_obj, *voids_obj;
    int trick_number, broken, first, one_trick;
    if (!PyArg_ParseTuple(args, "OOOOOOOipOOip", &hands, &contracts, &nils, &leaders, &musts, &tricks_obj,
                          &trick_obj, &trick_number, &broken, &played_obj, &voids_obj, &first, &one_trick))
        return NULL;
    position pos = {0};
    pos.trick_number = trick_number;
    pos.broken = broken;
    pos.first = first;
    pos.one_trick = one_trick;
    if (trick_number < 0 || trick_number > k->hand_size)
        return argument_error(st, "trick_number must be from 0 to %d, not %d", k->hand_size, trick_number);
    if (first < -1 || first >= k->size)
        return argument_error(st, "first must be -1 (none) or a card from 0 to %d, not %d", k->size - 1, first);
    if (bits_from_py(st, k, trick_obj, k->players - 1, pos.trick, &pos.count, "trick") < 0) return NULL;
    if (pos.count && trick_number >= k->hand_size)
        return argument_error(st, "a trick under way after the last trick");
    if (mask_from_py(st, played_obj, k->size, &pos.played, "played") < 0) return NULL;
    for (int j = 0; j < pos.count; j++)
        if (!(pos.played & bit_of(pos.trick[j]))) return argument_error(st, "played must hold the trick's cards");
    PyObject *list = sequence_of(st, tricks_obj, k->players, "tricks");
    if (!list) return NULL;
    for (int s = 0; s < k->players; s++) {
        long v;
        if (int_in(st, PyList_GET_ITEM(list, s), 0, k->hand_size, &v, "tricks") < 0) {
            Py_DECREF(list);
            return NULL;
        }
        pos.tricks[s] = (int)v;
    }
    Py_DECREF(list);
    list = sequence_of(st, voids_obj, -1, "voids");
    if (!list) return NULL;
    Py_ssize_t given = PyList_GET_SIZE(list);
    if (given != 0 && given != k->players) {
        Py_DECREF(list);
        return argument_error(st, "voids must be empty or one suit mask per seat");
    }
    for (Py_ssize_t s = 0; s < given; s++) {
        long v;
        if (int_in(st, PyList_GET_ITEM(list, s), 0, (1 << NSUITS) - 1, &v, "voids") < 0) {
            Py_DECREF(list);
            return NULL;
        }
        pos.voids[s] = (int)v;
    }
    Py_DECREF(list);
    PyObject *rows[5] = {NULL, NULL, NULL, NULL, NULL};
    PyObject *objs[5] = {hands, contracts, nils, leaders, musts};
    static const char *what[5] = {"hands", "contracts", "nils", "leaders", "must_leads"};
    PyObject *out_tricks = NULL, *out_winners = NULL, *out = NULL;
    for (int j = 0; j < 5; j++) {
        rows[j] = sequence_of(st, objs[j], j ? PyList_GET_SIZE(rows[0]) : -1, what[j]);
        if (!rows[j]) goto done;
    }
    pos.n = PyList_GET_SIZE(rows[0]);
    pos.hands = rows[0];
    pos.contracts = rows[1];
    pos.nils = rows[2];
    pos.leaders = rows[3];
    pos.must_leads = rows[4];
    out_tricks = PyList_New(pos.n);
    out_winners = PyList_New(pos.n);
    if (!out_tricks || !out_winners) goto done;
    if ((k->size <= 64 ? play_positions_64(self, st, &pos, out_tricks, out_winners)
                       : play_positions(self, st, &pos, out_tricks, out_winners)) < 0)
        goto done;
    out = PyTuple_Pack(2, out_tricks, out_winners);
done:
    for (int j = 0; j < 5; j++) Py_XDECREF(rows[j]);
    Py_XDECREF(out_tricks);
    Py_XDECREF(out_winners);
    return out;
}

const char *native_cpu_features(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt")) return "popcnt";
    return "baseline";
#else
    return "baseline";
#endif
}
