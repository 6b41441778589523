/* A vector row's deal before its play, where a seat may still bid Blind Nil: the blind
 * decisions, the first round of bids and the exchange after a Nil, stepped natively.
 *
 * Why: the native auction (auction.c) starts only where every seat has looked, so in a
 * deal where a side trails enough to be offered Blind Nil the Python engine ran the whole
 * auction and the exchange, a visit a step (most deals of `standard` under random play).
 * Here the row's state before the play is a `prelude`, which vector_deal.c starts at each
 * deal's start (prelude_start) with a tensor template per agent seat; the C applies the
 * agent's decision, plays the bots' (Random and Easy, from the row's stream, as
 * vector/bots.py play_bot does) and writes each row's tensor and mask. When the play
 * starts, the C starts it as the engine does (prelude_play: a Play, and the templates the
 * play's), and the row plays on natively.
 *
 * The rules are the engine's: the blind options of a situation are asked of the Python
 * once each (engine/core/phases/blind.py, through blind_setup's source) and kept; the legal
 * bids come from the kernel's table (auction.c); the flow (whose turn, when a seat looks,
 * who gives cards in the exchange) follows engine/core/flow.py, phases/bidding.py,
 * phases/blind.py and phases/exchange.py for the variants vector/native_deals.py hands
 * here: seat by seat bidding, no blind bid of tricks, no raise round, misdeal or
 * total rule, one pack. The tests (tests/test_vector_blind.py) step rows beside single
 * Games, and whole runs beside the pure Python's, and hold the two together. */
#include "vector.h"
#include "rules.h"

static const int32_t NONE[1] = {0};

#define BLIND_NIL (-2)

static native_state *state_of(VectorObject *self) { return state_of_type(Py_TYPE(self)); }

/* The blind options of `seat` now, as blind.py _options lists them (a count, then the ids,
   `look` among them; a count of 0: none), or NULL with an error set. */
static const int32_t *options_of(VectorObject *self, const prelude *r, int seat) {
    const kernel *k = &self->kernel->k;
    blind_setup *b = &self->blind;
    if (r->a.bids[seat] != NO_BID) return NONE;
    int side = k->side_of[seat], blind_nils = 0;
    for (int m = 0; m < k->side_size[side]; m++) blind_nils += r->a.bids[k->side_seats[side][m]] == BLIND_NIL;
    int partner = k->partner_of[seat];
    int partner_bid = partner >= 0 ? r->a.bids[partner] : NO_BID;
    int behind = r->behind[side];
    uint64_t key = 1;
    key = key << 17 | (uint64_t)(behind + 65536);
    key = key << 1 | (uint64_t)r->first_deal;
    key = key << 3 | (uint64_t)blind_nils;
    key = key << 8 | (uint64_t)(partner_bid + 3);
    const int32_t *found = native_cache_get(&b->options, key);
    if (found) return found;
    native_state *st = state_of(self);
    PyObject *answer = PyObject_CallFunction(b->source, "iiii", behind, r->first_deal, blind_nils, partner_bid);
    return native_cache_answer(st, &b->options, key, answer, 0, 64, self->actions - 1,
                               "blind options", "a blind option");
}

/* blind.py refresh_seen, seat by seat: a seat with no blind option left sees its cards
   (its options do not read who has looked, so the order does not matter). */
static int refresh_seen(VectorObject *self, prelude *r) {
    const kernel *k = &self->kernel->k;
    for (int s = 0; s < k->players; s++) {
        if (r->seen >> s & 1) continue;
        const int32_t *options = options_of(self, r, s);
        if (!options) return -1;
        if (!options[0]) r->seen |= 1 << s;
    }
    return 0;
}

/* flow.py give_turn, and blind.py enter: a seat that has not looked decides first if it
   has a blind option, else looks. */
static int give_turn(VectorObject *self, prelude *r, int seat) {
    r->actor = seat;
    if (r->seen >> seat & 1) return 0;
    const int32_t *options = options_of(self, r, seat);
    if (!options) return -1;
    if (options[0]) {
        r->phase = PRE_BLIND;
        return 0;
    }
    r->seen |= 1 << seat;
    return refresh_seen(self, r);
}

/* exchange.py enter: for each side (the captains' order) with exactly one Nil bidder of
   two, the bidder gives its count of cards, then its partner as many; else the play. */
static int enter_exchange(VectorObject *self, prelude *r) {
    const kernel *k = &self->kernel->k;
    const blind_setup *b = &self->blind;
    r->gives = r->give = 0;
    for (int i = 0; i < k->sides; i++) {
        int side = k->side_of[r->captains[i]], nils = 0, bidder = -1;
        for (int m = 0; m < k->side_size[side]; m++) {
            int member = k->side_seats[side][m], bid = r->a.bids[member];
            if (bid == NIL || bid == BLIND_NIL) {
                nils++;
                bidder = member;
            }
        }
        if (nils != 1 || k->side_size[side] != 2 || k->partner_of[bidder] < 0) continue;
        int count = r->a.bids[bidder] == BLIND_NIL ? b->blind_count : b->nil_count;
        if (!count) continue;
        r->givers[r->gives] = (uint8_t)bidder;
        r->counts[r->gives++] = (uint8_t)count;
        r->givers[r->gives] = (uint8_t)k->partner_of[bidder];
        r->counts[r->gives++] = (uint8_t)count;
    }
    if (!r->gives) {
        r->phase = PRE_DONE;
        return 0;
    }
    r->phase = PRE_EXCHANGE;
    return give_turn(self, r, r->givers[0]);
}

/* bidding.py _advance: the next seat in the round that still has a bid to make. */
static int advance_bids(VectorObject *self, prelude *r) {
    auction *a = &r->a;
    while (a->step < a->steps) {
        int seat = a->order[a->step];
        if (a->bids[seat] == NO_BID) return give_turn(self, r, seat);
        a->step++;
    }
    return enter_exchange(self, r);
}

int prelude_start(VectorObject *self, prelude *r) {
    r->phase = PRE_BID;
    r->seen = 0; /* blind.py start: then every seat with no blind option sees its cards */
    if (refresh_seen(self, r) < 0) return -1;
    return advance_bids(self, r);
}

int prelude_legal(VectorObject *self, prelude *r, int32_t *out) {
    const kernel *k = &self->kernel->k;
    int seat = r->actor, count = 0;
    const int32_t *legal;
    switch (r->phase) {
    case PRE_BLIND:
        legal = options_of(self, r, seat);
        break;
    case PRE_BID:
        legal = auction_legal(self->kernel, state_of(self), &r->a, popcount128(r->hands[seat] & k->trumps),
                              self->blind.relevant);
        break;
    case PRE_EXCHANGE: { /* choose.py choices: one pack, so the ids follow the bits */
        mask_t hand = r->hands[seat];
        while (hand) {
            out[count++] = self->blind.give_base + lowest_bit(hand);
            hand &= hand - 1;
        }
        return count;
    }
    default:
        return 0;
    }
    if (!legal) return -1;
    memcpy(out, legal + 1, (size_t)legal[0] * sizeof *out);
    return legal[0];
}

/* Apply the legal `id` of the seat to act, as the engine's phases apply it. */
int prelude_apply(VectorObject *self, prelude *r, long id) {
    const kernel *k = &self->kernel->k;
    const blind_setup *b = &self->blind;
    native_state *st = state_of(self);
    int seat = r->actor;
    if (kept_log(self, r - self->pre, id) < 0) return -1;
    int column = id < self->actions ? ((const int16_t *)self->columns.buf)[id] : -1;
    if (column >= 0 && r->rows < PRE_ROWS) { /* a public decision (apply.py: decisions) */
        r->who[r->rows] = (uint8_t)seat;
        r->column[r->rows++] = (int16_t)column;
    }
    switch (r->phase) {
    case PRE_BLIND:
        r->seen |= 1 << seat;
        if (id == b->blind_nil) {
            r->a.bids[seat] = BLIND_NIL;
            r->a.nils |= 1 << seat;
        }
        r->phase = PRE_BID;
        if (refresh_seen(self, r) < 0) return -1;
        return advance_bids(self, r);
    case PRE_BID:
        if (auction_apply(self->kernel, &b->ids, &r->a, (int)id) < 0) {
            argument_error(st, "%ld is no bid", id);
            return -1;
        }
        if (r->seen != (1 << k->players) - 1 && refresh_seen(self, r) < 0) return -1;
        return advance_bids(self, r);
    case PRE_EXCHANGE: {
        long bit = id - b->give_base;
        if (bit < 0 || bit >= k->size || !(r->hands[seat] & bit_of((int)bit))) {
            argument_error(st, "%ld gives no card seat %d holds", id, seat);
            return -1;
        }
        mask_t card = bit_of((int)bit);
        int partner = k->partner_of[seat];
        r->hands[seat] &= ~card;
        r->hands[partner] |= card;
        r->gave[seat] |= card;
        r->taken[partner] |= card;
        if (--r->counts[r->give]) return 0; /* choose.py continue_step: the same seat again */
        if (++r->give < r->gives) return give_turn(self, r, r->givers[r->give]);
        r->phase = PRE_DONE;
        return 0;
    }
    default:
        argument_error(st, "the deal's play has started");
        return -1;
    }
}

/* The ids Easy chooses among (vector/bots.py easy_choices): `look` at a blind decision, a bid
   from 1 to 4 where there is one, else any bid or Nil; anything elsewhere. */
static int easy_choices(const VectorObject *self, const prelude *r, int32_t *legal, int count) {
    const blind_setup *b = &self->blind;
    if (count < 2) return count;
    if (r->phase == PRE_BLIND) {
        for (int i = 0; i < count; i++)
            if (legal[i] == b->look) {
                legal[0] = b->look;
                return 1;
            }
        return count;
    }
    if (r->phase != PRE_BID) return count;
    int32_t easy[256], bids[256];
    int easy_count = 0, bid_count = 0;
    for (int i = 0; i < count; i++) {
        int number = legal[i] - b->ids.bid;
        int is_bid = number >= 0 && number <= b->ids.top;
        if (is_bid || legal[i] == b->ids.nil) bids[bid_count++] = legal[i];
        if (is_bid && number >= 1 && number <= 4) easy[easy_count++] = legal[i];
    }
    const int32_t *from = easy_count ? easy : bids;
    int n = easy_count ? easy_count : bid_count;
    if (!n) return count;
    memcpy(legal, from, (size_t)n * sizeof *legal);
    return n;
}

int prelude_bots(VectorObject *self, prelude *r, Py_ssize_t row) {
    uint64_t *rng = (uint64_t *)self->rng.buf + row;
    while (r->phase != PRE_DONE) {
        int kind = self->kinds[r->actor];
        if (kind == KIND_AGENT) return 0;
        int32_t legal[256];
        int count = prelude_legal(self, r, legal);
        if (count < 0) return -1;
        if (!count) {
            argument_error(state_of(self), "row %zd: seat %d has no legal action", row, r->actor);
            return -1;
        }
        if (kind == KIND_EASY) count = easy_choices(self, r, legal, count);
        if (prelude_apply(self, r, legal[splitmix_below(rng, (uint64_t)count)]) < 0) return -1;
    }
    r->active = 0;
    return 1;
}

/* The row's tensor for `seat` (an agent's) before the play: its template, made when the
   row began here, with what a decision, a bid or a card given changes written as
   tensors.c writes it (the hand and what came with it once the seat has looked, whose
   turn, the phase, the bids and contracts, the hands' sizes, the decisions since). */
void write_prelude(const VectorObject *self, const prelude *r, int seat, const float *template, float *out) {
    const kernel *k = &self->kernel->k;
    const blind_setup *b = &self->blind;
    const int *at = self->at;
    int n = k->size, players = k->players, top = k->hand_size;
    const uint8_t *order = self->order[seat], *rel = self->rel[seat];
    memcpy(out, template, (size_t)at[L_SIZE] * sizeof(float));
    int looked = r->seen >> seat & 1;
    memset(out + at[L_HAND], 0, (size_t)n * sizeof(float));
    if (looked) put_mask(out + at[L_HAND], canonical_mask(k, r->hands[seat]));
    if (b->at_given >= 0) {
        memset(out + b->at_given, 0, (size_t)n * sizeof(float));
        put_mask(out + b->at_given, canonical_mask(k, r->gave[seat]));
    }
    if (at[L_RECEIVED] >= 0) { /* observation.py partner_given, and the cards taken still held */
        memset(out + at[L_RECEIVED], 0, (size_t)n * sizeof(float));
        int partner = k->partner_of[seat];
        mask_t base = partner >= 0 ? r->gave[partner] : 0;
        if (looked) put_mask(out + at[L_RECEIVED], canonical_mask(k, base | (r->taken[seat] & r->hands[seat] & ~base)));
    }
    out[at[L_LOOKED]] = looked ? 1.0f : 0.0f;
    memset(out + at[L_TO_ACT], 0, (size_t)players * sizeof(float));
    out[at[L_TO_ACT] + rel[r->actor]] = 1.0f;
    float *phase = out + at[L_PHASE];
    phase[b->phase_blind] = phase[b->phase_bid] = phase[b->phase_play] = 0.0f;
    if (b->phase_exchange >= 0) phase[b->phase_exchange] = 0.0f;
    phase[r->phase == PRE_BLIND      ? b->phase_blind
          : r->phase == PRE_BID      ? b->phase_bid
          : r->phase == PRE_EXCHANGE ? b->phase_exchange
                                     : b->phase_play] = 1.0f; /* PRE_DONE: the play's (prelude_play) */
    write_bids(self, &r->a, seat, template, out);
    for (int i = 0; i < players; i++)
        out[at[L_HAND_SIZES] + i] = (float)((double)popcount128(r->hands[order[i]]) / top);
    if (at[L_AUCTION] < 0) return;
    int width = at[L_AUCTION_WIDTH];
    for (int i = 0; i < r->rows && i < at[L_AUCTION_ROWS]; i++) {
        float *line = out + at[L_AUCTION] + i * width;
        line[rel[r->who[i]]] = 1.0f;
        line[players + r->column[i]] = 1.0f;
    }
}

/* The prelude is over and the play starts, as engine/core/phases/play.py enter starts it
   (the leader and the first lead's cards by the kernel's rules, every seat looking): a
   Play like compiler/play.py new_play's, and each agent seat's template the play's (the
   prelude's last tensor with every seat looking and the phase the play's; the cards each
   seat received in the exchange for write_tensor), so that the row plays on here instead
   of a visit to the Python. */
PlayObject *prelude_play(VectorObject *self, prelude *r, Py_ssize_t row) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    int players = k->players;
    PlayObject *po = native_play_alloc(state_of(self)->play_type, self->kernel);
    if (!po) return NULL;
    play *p = &po->p;
    int bids[MAX_PLAYERS];
    auction_leader_bids(k, &r->a, 0, bids);
    for (int s = 0; s < players; s++) p->hands[s] = r->hands[s];
    p->leader = p->actor = first_leader(k, r->dealer, p->hands, bids);
    p->must_lead = first_lead_mask(k, p->hands);
    PyObject_GC_Track(po);
    Py_ssize_t size = at[L_SIZE];
    float *templates = (float *)self->templates.buf + row * players * size;
    float *scratch = (float *)self->obs.buf + row * size; /* written after this */
    uint64_t *received = (uint64_t *)self->received.buf + row * players * 4;
    r->seen = (1 << players) - 1; /* as play.py enter has it (the bids over, all have looked) */
    for (int seat = 0; seat < players; seat++) {
        if (self->kinds[seat] != KIND_AGENT) continue;
        write_prelude(self, r, seat, templates + seat * size, scratch);
        memcpy(templates + seat * size, scratch, (size_t)size * sizeof(float));
        int partner = k->partner_of[seat];
        mask_t given = partner >= 0 ? r->gave[partner] : 0, taken = r->taken[seat];
        uint64_t *words = received + seat * 4;
        words[0] = (uint64_t)given;
        words[1] = (uint64_t)(given >> 64);
        words[2] = (uint64_t)taken;
        words[3] = (uint64_t)(taken >> 64);
    }
    return po;
}

/* -- the Python side's calls -------------------------------------------------------------- */

static int ints_of(native_state *st, PyObject *obj, Py_ssize_t length, long low, long high, long *out,
                   const char *what) {
    PyObject *list = sequence_of(st, obj, length, what);
    if (!list) return -1;
    for (Py_ssize_t i = 0; i < length; i++)
        if (int_in(st, PyList_GET_ITEM(list, i), low, high, &out[i], what) < 0) {
            Py_DECREF(list);
            return -1;
        }
    Py_DECREF(list);
    return 0;
}

/* blind_setup(source, ids, relevant, numbers): the rows may begin here from now on.
   source(behind, first_deal, side_blind_nils, partner_bid) -> the blind option ids of such
   a situation (vector/native_deals.py); ids and relevant: the native auction's
   (kernel_sources.auction_inputs); numbers: the ids of `look`, `blind nil` and the first
   `give`, the cards a Nil's and a Blind Nil's exchange gives, the start of the `given`
   piece (-1: none), and the phase piece's columns of the blind decision, the bidding, the
   exchange (-1: none) and the play. */
PyObject *vector_blind_setup(VectorObject *self, PyObject *args) {
    native_state *st = state_of(self);
    PyObject *source, *ids_obj, *relevant_obj, *numbers_obj;
    if (!PyArg_ParseTuple(args, "OOOO", &source, &ids_obj, &relevant_obj, &numbers_obj)) return NULL;
    if (!PyCallable_Check(source)) return argument_error(st, "source must be callable, not %R", source);
    const kernel *k = &self->kernel->k;
    long ids[6], relevant[3], numbers[10];
    if (ints_of(st, ids_obj, 6, 0, self->actions, ids, "ids") < 0 ||
        ints_of(st, relevant_obj, 3, 0, 1, relevant, "relevant") < 0 ||
        ints_of(st, numbers_obj, 10, -1, 1 << 22, numbers, "numbers") < 0)
        return NULL;
    const int *at = self->at;
    long highs[10] = {self->actions - 1, self->actions - 1, self->actions - k->size, k->hand_size, k->hand_size,
                      at[L_SIZE] - k->size, 0, 0, 0, 0};
    for (int i = 0; i < 10; i++) {
        int absent_ok = i == 5 || i == 8;
        if (i >= 6) highs[i] = at[L_SIZE] - 1 - at[L_PHASE];
        if (numbers[i] < (absent_ok ? -1 : 0) || numbers[i] > highs[i])
            return argument_error(st, "numbers[%d] is out of range: %ld", i, numbers[i]);
    }
    if (!self->pre) {
        self->pre = PyMem_Calloc((size_t)self->rows, sizeof *self->pre);
        if (!self->pre) return PyErr_NoMemory();
    }
    blind_setup *b = &self->blind;
    Py_INCREF(source);
    Py_XSETREF(b->source, source);
    native_cache_free(&b->options);
    b->ids = (ids_t){(int)ids[0], (int)ids[1], (int)ids[2], (int)ids[3], (int)ids[4], (int)ids[5]};
    for (int i = 0; i < 3; i++) b->relevant[i] = (int)relevant[i];
    b->look = (int)numbers[0];
    b->blind_nil = (int)numbers[1];
    b->give_base = (int)numbers[2];
    b->nil_count = (int)numbers[3];
    b->blind_count = (int)numbers[4];
    b->at_given = (int)numbers[5];
    b->phase_blind = (int)numbers[6];
    b->phase_bid = (int)numbers[7];
    b->phase_exchange = (int)numbers[8];
    b->phase_play = (int)numbers[9];
    Py_RETURN_NONE;
}
