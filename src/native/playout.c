/* Batched playouts: many seeded deals played from the deal to the score in one call.
 *
 * The Python reference is spadeslib/engine/playouts.py (the same deals, the same choices,
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
} outputs;

static void outputs_clear(outputs *o) {
    Py_CLEAR(o->tricks);
    Py_CLEAR(o->points);
    Py_CLEAR(o->scores);
    Py_CLEAR(o->bags);
    Py_CLEAR(o->sets);
    Py_CLEAR(o->dealers);
    Py_CLEAR(o->winners);
    Py_CLEAR(o->actions);
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

#define M mask_t
#define PLAY play
#define F(name) name
#define TBL(name) (k->name)
#define LOW(m) lowest_bit(m)
#define POP(m) popcount128(m)
#define NTH(m, i) nth_bit(m, i)
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
#define NTH(m, i) nth_bit_64(m, i)
#include "playout_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef LOW
#undef POP
#undef NTH

/* playouts(n, seed, dealer, policies, standings, bids_itself, relevant, ids, hands=None,
   winners=False, actions=False) -> dict of Tables. See spadeslib/engine/playouts.py, which
   checks what it passes and is the one caller. */
PyObject *kernel_playouts(KernelObject *self, PyObject *args, PyObject *kwargs) {
    native_state *st = state_of_type(Py_TYPE(self));
    static char *names[] = {"n", "seed", "dealer", "policies", "standings", "bids_itself", "relevant",
                            "ids", "hands", "winners", "actions", NULL};
    Py_ssize_t n;
    unsigned long long seed;
    int dealer, bids_itself, want_winners = 0, want_actions = 0;
    PyObject *policies_obj, *standings_obj, *relevant_obj, *ids_obj, *hands_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nKiOOpOO|Opp", names, &n, &seed, &dealer,
                                     &policies_obj, &standings_obj, &bids_itself, &relevant_obj,
                                     &ids_obj, &hands_obj, &want_winners, &want_actions))
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
            int_in(st, PyList_GET_ITEM(row, 1), 0, 255, &v[1], "bags") < 0 ||
            int_in(st, PyList_GET_ITEM(row, 2), 0, 31, &v[2], "sets") < 0) {
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
    if (!o.tricks || !o.points || !o.scores || !o.bags || !o.sets || !o.dealers ||
        (want_winners && !o.winners) || (want_actions && !o.actions))
        goto fail;
    batch b = {n, seed, dealer, bids_itself, per_hand, {relevant[0], relevant[1], relevant[2]}, ids, given, {0}, {0}, {0}, {0}};
    memcpy(b.policies, policies, sizeof policies);
    memcpy(b.score0, score0, sizeof score0);
    memcpy(b.bags0, bags0, sizeof bags0);
    memcpy(b.sets0, sets0, sizeof sets0);
    if ((k->size <= 64 ? play_batch_64(self, st, &b, &o) : play_batch(self, st, &b, &o)) < 0) goto fail;
    Py_XDECREF(given);
    PyObject *out = Py_BuildValue("{sOsOsOsOsOsOsOsO}", "tricks", o.tricks, "points", o.points,
                                  "scores", o.scores, "bags", o.bags, "sets", o.sets, "dealers",
                                  o.dealers, "winners", o.winners ? (PyObject *)o.winners : Py_None,
                                  "actions", o.actions ? (PyObject *)o.actions : Py_None);
    outputs_clear(&o);
    return out;
fail:
    Py_XDECREF(given);
    outputs_clear(&o);
    return NULL;
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
