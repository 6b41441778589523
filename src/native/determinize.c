/* The hidden cards placed at random for many samples in one call: the uniform placement
 * of spadeslib/engine/search/determinize.py (Determinizer.samples), card for card the same.
 *
 * The groups of cards that voids or restrictions constrain come first, in order: each
 * split of a group's cards among the places allowed it is drawn with probability
 * proportional to the complete placements it leaves (a product of multinomials, counted
 * once per call and kept), then the group's cards are shuffled into the split; the free
 * cards are shuffled into the room left. The Python counts with big integers; here the
 * counts are 64-bit, and a placement with more ways than that (two packs, many seats)
 * is left to the Python (the call returns None). */
#include "native.h"

#define MAX_PLACES (MAX_PLAYERS + 1)
#define MAX_GROUPS 16
#define MAX_SPLITS 4096
#define MEMO_SIZE 8192 /* a power of two */

typedef struct group {
    int count, nallowed;
    uint8_t cards[MAX_CARDS];
    int allowed[MAX_PLACES];
    int low[MAX_PLACES], high[MAX_PLACES];
} group;

typedef struct sampler {
    int nplaces, ngroups, nfree, overflow;
    group groups[MAX_GROUPS];
    uint64_t memo_keys[MEMO_SIZE]; /* 0: empty */
    uint64_t memo_values[MEMO_SIZE];
    /* scratch per group (the counting recurses through the groups after it) */
    int splits[MAX_GROUPS][MAX_SPLITS][MAX_PLACES];
    uint64_t weights[MAX_GROUPS][MAX_SPLITS];
} sampler;

/* n choose k, exactly (n <= MAX_CARDS: it fits in 128 bits). */
static unsigned __int128 choose128(int n, int k) {
    unsigned __int128 c = 1;
    for (int i = 1; i <= k; i++) c = c * (unsigned __int128)(n - k + i) / (unsigned __int128)i;
    return c;
}

/* total! / prod(parts!), or 0 with s->overflow set past 64 bits. */
static uint64_t multinomial(sampler *s, int total, const int *parts) {
    unsigned __int128 out = 1;
    for (int k = 0; k < s->nplaces; k++) {
        unsigned __int128 c = choose128(total, parts[k]);
        total -= parts[k];
        if (c > UINT64_MAX || (out *= c) > UINT64_MAX) {
            s->overflow = 1;
            return 0;
        }
    }
    return (uint64_t)out;
}

/* Every split of group g's cards among its places, within `rooms` and its bounds, in
   the Python's order (determinize.py _compositions), into s->splits[index]; their
   number, or -1 with s->overflow set when there are too many. */
static int splits_of(sampler *s, int index, const int *rooms) {
    const group *g = &s->groups[index];
    int parts[MAX_PLACES] = {0};
    int found = 0;
    int take[MAX_PLACES], left[MAX_PLACES + 1];
    int depth = 0, last = g->nallowed - 1;
    if (g->nallowed == 0) return 0;
    left[0] = g->count;
    take[0] = g->low[g->allowed[0]] - 1;
    while (depth >= 0) {
        int place = g->allowed[depth];
        if (depth == last) {
            int rest = left[depth];
            if (rest <= rooms[place] && g->low[place] <= rest && rest <= g->high[place]) {
                if (found == MAX_SPLITS) {
                    s->overflow = 1;
                    return -1;
                }
                parts[place] = rest;
                memcpy(s->splits[index][found++], parts, sizeof parts);
                parts[place] = 0;
            }
            depth--;
            continue;
        }
        int top = left[depth] < rooms[place] ? left[depth] : rooms[place];
        if (g->high[place] < top) top = g->high[place];
        if (++take[depth] > top) {
            parts[place] = 0;
            depth--;
            continue;
        }
        parts[place] = take[depth];
        left[depth + 1] = left[depth] - take[depth];
        depth++;
        if (depth < last) take[depth] = g->low[g->allowed[depth]] - 1;
    }
    return found;
}

static uint64_t ways(sampler *s, int index, const int *rooms);

/* The weight of each split of group `index` (its multinomial times the ways left after
   it), into s->weights[index]; the number of splits, or -1 on overflow. */
static int weigh(sampler *s, int index, const int *rooms) {
    int count = splits_of(s, index, rooms);
    if (count < 0) return -1;
    for (int i = 0; i < count; i++) {
        const int *parts = s->splits[index][i];
        int rest[MAX_PLACES];
        for (int k = 0; k < s->nplaces; k++) rest[k] = rooms[k] - parts[k];
        uint64_t m = multinomial(s, s->groups[index].count, parts);
        uint64_t w = m ? ways(s, index + 1, rest) : 0;
        unsigned __int128 product = (unsigned __int128)m * w;
        if (s->overflow || product > UINT64_MAX) {
            s->overflow = 1;
            return -1;
        }
        s->weights[index][i] = (uint64_t)product;
    }
    return count;
}

/* The complete placements of groups index.. and the free cards into `rooms` (kept). */
static uint64_t ways(sampler *s, int index, const int *rooms) {
    if (index == s->ngroups) {
        int sum = 0;
        for (int k = 0; k < s->nplaces; k++) sum += rooms[k];
        return sum == s->nfree ? multinomial(s, s->nfree, rooms) : 0;
    }
    uint64_t key = (uint64_t)index + 1;
    for (int k = 0; k < s->nplaces; k++) key = key << 7 | (uint64_t)rooms[k];
    size_t at = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 51) & (MEMO_SIZE - 1);
    for (int probe = 0; probe < MEMO_SIZE; probe++, at = (at + 1) & (MEMO_SIZE - 1)) {
        if (s->memo_keys[at] == key) return s->memo_values[at];
        if (!s->memo_keys[at]) break;
    }
    int count = weigh(s, index, rooms);
    if (count < 0) return 0;
    unsigned __int128 total = 0;
    for (int i = 0; i < count; i++) total += s->weights[index][i];
    if (total > UINT64_MAX) {
        s->overflow = 1;
        return 0;
    }
    if (!s->memo_keys[at]) {
        s->memo_keys[at] = key;
        s->memo_values[at] = (uint64_t)total;
    }
    return (uint64_t)total;
}

/* Read the constrained groups: (cards, allowed places, bounds or None) each. 0, or -1
   with an error set. */
static int read_groups(native_state *st, sampler *s, PyObject *groups_obj) {
    PyObject *groups = sequence_of(st, groups_obj, -1, "groups");
    if (!groups) return -1;
    int ok = 0;
    Py_ssize_t count = PyList_GET_SIZE(groups);
    if (count > MAX_GROUPS) {
        argument_error(st, "at most %d constrained groups, not %zd", MAX_GROUPS, count);
        goto done;
    }
    s->ngroups = (int)count;
    for (Py_ssize_t i = 0; i < count; i++) {
        group *g = &s->groups[i];
        PyObject *parts = sequence_of(st, PyList_GET_ITEM(groups, i), 3, "a group");
        if (!parts) goto done;
        PyObject *allowed = NULL, *bounds = NULL;
        Py_buffer cards;
        int fine = 0;
        if (PyObject_GetBuffer(PyList_GET_ITEM(parts, 0), &cards, PyBUF_SIMPLE) < 0) {
            Py_DECREF(parts);
            goto done;
        }
        if (cards.len < 1 || cards.len > MAX_CARDS) {
            argument_error(st, "a group holds from 1 to %d cards", MAX_CARDS);
            goto group_done;
        }
        g->count = (int)cards.len;
        for (int j = 0; j < g->count; j++) {
            g->cards[j] = ((const uint8_t *)cards.buf)[j];
            if (g->cards[j] >= MAX_CARDS) {
                argument_error(st, "a card must be a bit below %d", MAX_CARDS);
                goto group_done;
            }
        }
        allowed = sequence_of(st, PyList_GET_ITEM(parts, 1), -1, "a group's places");
        if (!allowed) goto group_done;
        g->nallowed = (int)PyList_GET_SIZE(allowed);
        if (g->nallowed > s->nplaces) {
            argument_error(st, "a group has at most %d places", s->nplaces);
            goto group_done;
        }
        for (int j = 0; j < g->nallowed; j++) {
            long v;
            if (int_in(st, PyList_GET_ITEM(allowed, j), 0, s->nplaces - 1, &v, "a group's place") < 0) goto group_done;
            g->allowed[j] = (int)v;
        }
        for (int k = 0; k < s->nplaces; k++) {
            g->low[k] = 0;
            g->high[k] = g->count;
        }
        if (PyList_GET_ITEM(parts, 2) != Py_None) {
            bounds = sequence_of(st, PyList_GET_ITEM(parts, 2), s->nplaces, "a group's bounds");
            if (!bounds) goto group_done;
            for (int k = 0; k < s->nplaces; k++) {
                PyObject *pair = sequence_of(st, PyList_GET_ITEM(bounds, k), 2, "a bound");
                long low, high;
                if (!pair) goto group_done;
                int bad = int_in(st, PyList_GET_ITEM(pair, 0), 0, MAX_CARDS, &low, "a bound") < 0 ||
                          int_in(st, PyList_GET_ITEM(pair, 1), 0, MAX_CARDS, &high, "a bound") < 0;
                Py_DECREF(pair);
                if (bad) goto group_done;
                g->low[k] = (int)low;
                g->high[k] = (int)high;
            }
        }
        fine = 1;
    group_done:
        PyBuffer_Release(&cards);
        Py_XDECREF(allowed);
        Py_XDECREF(bounds);
        Py_DECREF(parts);
        if (!fine) goto done;
    }
    ok = 1;
done:
    Py_DECREF(groups);
    return ok ? 0 : -1;
}

/* shuffle_order for `count` cards, with one shuffler per count made on first use. */
static int shuffle_cards(shuffler **made, int count, uint64_t *state, uint8_t *order) {
    if (!made[count]) {
        made[count] = PyMem_Malloc(sizeof(shuffler));
        if (!made[count]) {
            PyErr_NoMemory();
            return -1;
        }
        shuffler_init(made[count], count);
    }
    *state = shuffle_order(made[count], *state, order);
    return 0;
}

/* One sample into `placed` (a mask per place). 1, 0 when a count passes 64 bits, or -1
   with an error set. */
static int sample_one(sampler *s, shuffler **made, const int *rooms0, const uint8_t *free_bits,
                      uint64_t *state, mask_t *placed) {
    int rooms[MAX_PLACES];
    uint8_t order[MAX_CARDS];
    memcpy(rooms, rooms0, sizeof rooms);
    for (int k = 0; k < s->nplaces; k++) placed[k] = 0;
    for (int gi = 0; gi < s->ngroups; gi++) {
        const group *g = &s->groups[gi];
        int count = weigh(s, gi, rooms);
        if (count < 0) return 0;
        unsigned __int128 total = 0;
        for (int i = 0; i < count; i++) total += s->weights[gi][i];
        if (total == 0 || total > UINT64_MAX) return 0;
        uint64_t pick = splitmix_below(state, (uint64_t)total);
        int chosen = 0;
        uint64_t upto = 0;
        for (int i = 0; i < count; i++) {
            upto += s->weights[gi][i];
            if (pick < upto) {
                chosen = i;
                break;
            }
        }
        const int *parts = s->splits[gi][chosen];
        if (shuffle_cards(made, g->count, state, order) < 0) return -1;
        int at = 0;
        for (int k = 0; k < s->nplaces; k++) {
            for (int j = 0; j < parts[k]; j++) placed[k] |= bit_of(g->cards[order[at + j]]);
            at += parts[k];
            rooms[k] -= parts[k];
        }
    }
    if (shuffle_cards(made, s->nfree, state, order) < 0) return -1;
    int at = 0;
    for (int k = 0; k < s->nplaces; k++) {
        if (rooms[k] < 0) return 0;
        for (int j = 0; j < rooms[k]; j++) placed[k] |= bit_of(free_bits[order[at + j]]);
        at += rooms[k];
    }
    return 1;
}

/* place(state, free, rooms, places, known, n, groups=()) -> (hands per sample, state),
   or None when a count passes 64 bits (the Python places those): free is the free
   cards' bits (bytes, in the determinizer's order); rooms and places the room and seat
   of each place (-1: out of play); known each seat's known cards; groups the
   constrained groups in order, each (cards, allowed places, per-place (low, high) or
   None). */
PyObject *native_place(PyObject *module, PyObject *args) {
    native_state *st = PyModule_GetState(module);
    unsigned long long state;
    Py_buffer free_cards;
    PyObject *rooms_obj, *places_obj, *known_obj, *groups_obj = NULL;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "Ky*OOOn|O", &state, &free_cards, &rooms_obj, &places_obj, &known_obj, &n,
                          &groups_obj))
        return NULL;
    PyObject *out = NULL, *rooms = NULL, *places = NULL, *known = NULL, *samples = NULL;
    sampler *s = NULL;
    shuffler *made[MAX_CARDS + 1] = {NULL};
    int count = (int)free_cards.len;
    const uint8_t *bits = free_cards.buf;
    int room[MAX_PLACES], seat_of[MAX_PLACES];
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
    for (Py_ssize_t p = 0; p < players; p++)
        if (mask_from_py(st, PyList_GET_ITEM(known, p), MAX_CARDS, &known_masks[p], "a known hand") < 0) goto done;
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
        long r, p;
        if (int_in(st, PyList_GET_ITEM(rooms, k), 0, MAX_CARDS, &r, "a room") < 0 ||
            int_in(st, PyList_GET_ITEM(places, k), -1, players - 1, &p, "a place") < 0)
            goto done;
        room[k] = (int)r;
        seat_of[k] = (int)p;
        total += (int)r;
    }
    s = PyMem_Malloc(sizeof *s);
    if (!s) {
        PyErr_NoMemory();
        goto done;
    }
    s->nplaces = (int)nplaces;
    s->nfree = count;
    s->ngroups = 0;
    s->overflow = 0;
    memset(s->memo_keys, 0, sizeof s->memo_keys);
    if (groups_obj && groups_obj != Py_None && read_groups(st, s, groups_obj) < 0) goto done;
    int grouped = 0;
    for (int gi = 0; gi < s->ngroups; gi++) grouped += s->groups[gi].count;
    if (total != count + grouped) {
        argument_error(st, "the rooms hold %d cards, and there are %d cards to place", total, count + grouped);
        goto done;
    }
    samples = PyList_New(n);
    if (!samples) goto done;
    uint64_t rng = state;
    for (Py_ssize_t i = 0; i < n; i++) {
        mask_t placed[MAX_PLACES];
        int done_one = sample_one(s, made, room, bits, &rng, placed);
        if (done_one < 0) goto done;
        if (done_one == 0) { /* past 64 bits: the Python's big integers place these */
            out = Py_NewRef(Py_None);
            goto done;
        }
        mask_t hands[MAX_PLAYERS];
        memcpy(hands, known_masks, sizeof(mask_t) * (size_t)players);
        for (Py_ssize_t k = 0; k < nplaces; k++)
            if (seat_of[k] >= 0) hands[seat_of[k]] |= placed[k];
        PyObject *row = PyList_New(players);
        if (!row) goto done;
        PyList_SET_ITEM(samples, i, row);
        for (Py_ssize_t p = 0; p < players; p++) {
            PyObject *mask = mask_to_py(hands[p]);
            if (!mask) goto done;
            PyList_SET_ITEM(row, p, mask);
        }
    }
    out = Py_BuildValue("(OK)", samples, (unsigned long long)rng);
done:
    PyBuffer_Release(&free_cards);
    Py_XDECREF(rooms);
    Py_XDECREF(places);
    Py_XDECREF(known);
    Py_XDECREF(samples);
    PyMem_Free(s);
    for (int c = 0; c <= MAX_CARDS; c++) PyMem_Free(made[c]);
    return out;
}
