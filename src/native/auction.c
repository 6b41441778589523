/* The first round of an auction, seat by seat or team by team, for the playouts and
 * Game's native deal: the Python reference is spadeslib/engine/core/phases/bidding.py. Which
 * bids are legal in a situation is the engine's answer (the kernel's bid source), asked
 * once per situation and kept; the C only reads the situation off the auction, as the
 * engine's bidding phase does, and records a bid as it does. */
#include "native.h"

/* The legal bid ids of a situation (see spadeslib.policies.playouts.bid_source for the
   parts): kind 0 is a seat's bid round the table, 1 a team's bid. */
const int32_t *legal_bids(KernelObject *self, native_state *st, int kind, int partners_count,
                                 const int *partners, int trumps, int last, int total) {
    uint64_t key = 1; /* never 0: 0 marks an empty slot */
    key = key << 1 | (uint64_t)kind;
    key = key << 1 | (uint64_t)last;
    key = key << 7 | (uint64_t)trumps;
    key = key << 8 | (uint64_t)total;
    key = key << 3 | (uint64_t)partners_count;
    for (int i = 0; i < partners_count; i++) key = key << 6 | (uint64_t)(partners[i] + 3);
    const int32_t *found = native_cache_get(&self->bids, key);
    if (found) return found;
    if (!self->bid_source) {
        argument_error(st, "the kernel has no source of legal bids (set_sources)");
        return NULL;
    }
    PyObject *parts = PyTuple_New(partners_count);
    if (!parts) return NULL;
    for (int i = 0; i < partners_count; i++) PyTuple_SET_ITEM(parts, i, PyLong_FromLong(partners[i]));
    PyObject *answer = PyObject_CallFunction(self->bid_source, "iNiii", kind, parts, trumps, last, total);
    return native_cache_answer(st, &self->bids, key, answer, 1, 255, 1 << 20, "legal bids",
                               "a legal bid id");
}

/* Decode a team bid id into (contract, captain's part, partner's part), as
   engine/core/phases/bidding.py _team_bid does (no Blind Nil here). */
static int team_bid(const ids_t *ids, int id, int *contract, int *mine, int *partner) {
    if (id == ids->both_nil) {
        *contract = 0;
        *mine = *partner = NIL;
        return 0;
    }
    int n = id - ids->nil_partner;
    if (n >= 0 && n <= ids->top) {
        *contract = n;
        *mine = NIL;
        *partner = n;
        return 0;
    }
    n = id - ids->partner_nil;
    if (n >= 0 && n <= ids->top) {
        *contract = n;
        *mine = n;
        *partner = NIL;
        return 0;
    }
    n = id - ids->bid;
    if (n >= 0 && n <= ids->top) {
        *contract = n;
        *mine = *partner = NO_BID;
        return 0;
    }
    return -1;
}

/* A side's deal, scored (spadeslib.engine.core.kernel_sources): points, bags after, sets in a
   row after, and the reasons it wins the game at once (a bit each).

   The table is keyed on the side's tricks with those of its seats that did not bid Nil
   (or Blind Nil) added up in the first of them: scoring reads those seats' tricks only
   through their sum (spadeslib/scoring/deal.py, `_score_side`; spadeslib.scoring.numbers
   keys its memo the same way, and tests/test_scoring_properties.py holds scoring to it), so
   4 tricks and 3 are the same situation as 7 and 0, and the table fills up several times
   sooner. Nor does it hold the side's standing: the bags before a deal change only the bag
   penalty and the bags carried (bags.py add_bags, done here with the variant's numbers),
   the run of sets only the run after it (one more if the side is set, else none), as the
   property tests in tests/test_scoring_properties.py hold scoring to. So the table keeps
   a deal's points before the bag penalty, its bags, whether the side was set, and its
   wins. */
int side_score(KernelObject *self, native_state *st, int side, int contract, int nil_places, int blind_places,
               int bids_itself, const int *tricks, long long bags, long long sets, int32_t *out) {
    const kernel *k = &self->k;
    int size = k->side_size[side], counted[MAX_PLAYERS], first = -1;
    for (int i = 0; i < size; i++) {
        int took = tricks[k->side_seats[side][i]];
        counted[i] = took;
        if ((nil_places | blind_places) >> i & 1) continue;
        if (first < 0) {
            first = i;
        } else {
            counted[first] += took;
            counted[i] = 0;
        }
    }
    uint64_t key = 1;
    key = key << 3 | (uint64_t)side;
    key = key << 7 | (uint64_t)contract;
    key = key << 3 | (uint64_t)nil_places;
    key = key << 3 | (uint64_t)blind_places;
    key = key << 1 | (uint64_t)bids_itself;
    for (int i = 0; i < size; i++) key = key << 5 | (uint64_t)counted[i];
    const int32_t *found = native_cache_get(&self->scores, key);
    if (!found) {
        if (!self->score_source) {
            argument_error(st, "the kernel has no source of scores (set_sources)");
            return -1;
        }
        PyObject *side_tricks = PyTuple_New(size);
        if (!side_tricks) return -1;
        for (int i = 0; i < size; i++) PyTuple_SET_ITEM(side_tricks, i, PyLong_FromLong(counted[i]));
        PyObject *answer = PyObject_CallFunction(self->score_source, "iiiiiN", side, contract, nil_places,
                                                 blind_places, bids_itself, side_tricks);
        if (!answer) return -1;
        long points, added, set, wins;
        PyObject *list = sequence_of(st, answer, 4, "a side's score");
        Py_DECREF(answer);
        if (!list) return -1;
        if (int_in(st, PyList_GET_ITEM(list, 0), -1000000, 1000000, &points, "points") < 0 ||
            int_in(st, PyList_GET_ITEM(list, 1), 0, 1000, &added, "bags") < 0 ||
            int_in(st, PyList_GET_ITEM(list, 2), 0, 1, &set, "set") < 0 ||
            int_in(st, PyList_GET_ITEM(list, 3), 0, 255, &wins, "wins") < 0) {
            Py_DECREF(list);
            return -1;
        }
        Py_DECREF(list);
        int32_t values[4] = {(int32_t)points, (int32_t)added, (int32_t)set, (int32_t)wins};
        found = native_cache_put(&self->scores, key, values, 4);
        if (!found) {
            PyErr_NoMemory();
            return -1;
        }
    }
    long long points = found[1], after = bags;
    if (self->bags_counted) { /* bags.py add_bags */
        long long total = bags + found[2], limit = self->bags_limit, times;
        times = self->bags_reset ? total >= limit : total / limit;
        after = self->bags_reset ? (times ? 0 : total) : total % limit;
        points -= times * self->bags_penalty;
    }
    out[0] = (int32_t)points;
    out[1] = (int32_t)after;
    out[2] = found[3] ? (int32_t)(sets + 1) : 0;
    out[3] = found[4];
    return 0;
}

void auction_start(const KernelObject *self, auction *a, int dealer) {
    const kernel *k = &self->k;
    for (int s = 0; s < k->players; s++) a->bids[s] = NO_BID;
    for (int side = 0; side < k->sides; side++) a->contracts[side] = 0;
    a->nils = a->sides_bid = 0;
    a->step = 0;
    a->steps = self->partnership ? k->sides : k->players;
    memcpy(a->order, self->partnership ? self->captains[dealer] : self->orders[dealer],
           (size_t)a->steps);
}

const int32_t *auction_legal(KernelObject *self, native_state *st, const auction *a, int trumps,
                             const int *relevant) {
    const kernel *k = &self->k;
    int seat = a->order[a->step];
    int side = k->side_of[seat];
    int last = 0, total = 0;
    if (relevant[2]) { /* the round's end and the total matter */
        last = a->step == a->steps - 1;
        for (int i = 0; i < k->sides; i++) total += a->contracts[i];
    }
    if (self->partnership) return legal_bids(self, st, 1, 0, NULL, 0, last, total);
    int partners[MAX_PLAYERS], count = 0;
    if (relevant[0])
        for (int i = 0; i < k->side_size[side]; i++) {
            int member = k->side_seats[side][i];
            if (member != seat && a->bids[member] != NO_BID) partners[count++] = a->bids[member];
        }
    return legal_bids(self, st, 0, count, partners, relevant[1] ? trumps : 0, last, total);
}

int auction_apply(const KernelObject *self, const ids_t *ids, auction *a, int id) {
    const kernel *k = &self->k;
    int seat = a->order[a->step];
    int side = k->side_of[seat];
    if (self->partnership) {
        int contract, mine, other;
        if (team_bid(ids, id, &contract, &mine, &other) < 0) return -1;
        int partner = k->partner_of[seat];
        if (mine != NO_BID) {
            a->bids[seat] = mine;
            if (partner >= 0) a->bids[partner] = other;
        }
        if (mine == NIL) a->nils |= 1 << seat;
        if (partner >= 0 && other == NIL) a->nils |= 1 << partner;
        a->contracts[side] = contract;
        a->sides_bid |= 1 << side;
    } else if (id == ids->nil) {
        a->bids[seat] = NIL;
        a->nils |= 1 << seat;
    } else if (id >= ids->bid && id <= ids->bid + ids->top) {
        a->bids[seat] = id - ids->bid;
        a->contracts[side] += id - ids->bid;
    } else {
        return -1;
    }
    a->step++;
    return 0;
}

void auction_leader_bids(const kernel *k, const auction *a, int bids_itself, int *out) {
    /* engine/core/phases/play.py _leader_bid: a seat's own tricks, or its side's contract */
    for (int s = 0; s < k->players; s++) {
        int bid = a->bids[s];
        int contract = bids_itself ? 0 : a->contracts[k->side_of[s]];
        out[s] = bid == NO_BID ? contract : (bid > 0 ? bid : 0);
    }
}
