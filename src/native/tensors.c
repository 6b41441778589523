/* One seat's observation and information-state tensors written into a float32 buffer:
 * spadeslib/engine/views/tensors.py's _Encoder.fill, natively, entry for entry the same.
 *
 * The C knows no layout of its own: a `Tensors` is made once per compiled variant from
 * the layout the Python builds (where each piece starts, -1 for a piece the variant has
 * not; the auction's columns by action id; the scales and the variant's facts), and
 * every offset is checked against the tensor's length then, so `fill` only indexes. The
 * state comes in as the Python state's own fields, each checked before anything is
 * written; the Python works out what is a rule (which cards a seat has received, the
 * column of the phase, the top of the stock) and the C only places it. The differential
 * test (tests/test_tensors_native.py) holds the two together over generated games of
 * every bundled variant. */
#include "native.h"
#include "tensor_rows.h"

#define BLIND_NIL (-2)

/* The pieces, in the order spadeslib.engine.views.tensors.NATIVE_PIECES names them. */
enum piece {
    HAND, TRICK, PLAYED, PASSED, GIVEN, RECEIVED, DISCARDED, CUT, CUT_GIVEN, TOP_CARD,
    LOOKED, SEAT, TO_ACT, DEALER, PHASE, BIDS, CONTRACTS, BLIND, BROKEN,
    HAND_SIZES, TRICKS_WON, SCORES, BAGS, SETS, TRICK_NUMBER, DEAL_NUMBER, VARIANT,
    TRICK_CARDS, TRICK_LEADERS, AUCTION, PIECES
};
#define HISTORY TRICK_CARDS /* the first piece of the information state only */
#define OPTIONAL(p) ((p) >= PASSED && (p) <= TOP_CARD)
#define MAX_FACTS 32
#define MAX_ACTIONS 4096

typedef struct TensorsObject {
    PyObject_HEAD
    KernelObject *kernel;
    int size, info_size; /* the observation's length, the information state's */
    int at[PIECES];
    int phases, facts, rows, width, actions;
    double score_scale, bag_scale;
    double fact[MAX_FACTS];
    int16_t *columns;                        /* action id -> auction column, or -1 */
    uint8_t order[MAX_PLAYERS][MAX_PLAYERS]; /* per observer, the seats in relative order */
    uint8_t rel[MAX_PLAYERS][MAX_PLAYERS];   /* per observer, each seat's relative place */
    uint8_t side_order[MAX_PLAYERS][MAX_SIDES];
} TensorsObject;

/* -- reading the state's fields ---------------------------------------------------------- */

/* A mask: the fast path for one of up to 63 bits (PyLong_AsUnsignedLongLong goes byte by
   byte), else the general reader (big or bad values). */
static int mask_in(native_state *st, const kernel *k, PyObject *obj, mask_t *out, const char *what) {
    if (PyLong_CheckExact(obj)) {
        int overflow = 0;
        long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
        if (!overflow && value >= 0) {
            if (k->size < 63 && (value >> k->size)) {
                argument_error(st, "%s has bits outside the %d-card deck: %R", what, k->size, obj);
                return -1;
            }
            *out = (mask_t)value;
            return 0;
        }
        if (value == -1 && PyErr_Occurred()) return -1;
    }
    return mask_from_py(st, obj, k->size, out, what);
}

/* A list or tuple of `length` items (any length when length < 0), borrowed. */
static PyObject *items_of(native_state *st, PyObject *obj, Py_ssize_t length, const char *what) {
    if (!PyList_Check(obj) && !PyTuple_Check(obj)) {
        argument_error(st, "%s must be a list or a tuple, not %R", what, obj);
        return NULL;
    }
    if (length >= 0 && PySequence_Fast_GET_SIZE(obj) != length) {
        argument_error(st, "%s must have %zd items, not %zd", what, length, PySequence_Fast_GET_SIZE(obj));
        return NULL;
    }
    return obj;
}

static int masks_in(native_state *st, const kernel *k, PyObject *obj, Py_ssize_t length, mask_t *out,
                    const char *what) {
    if (!items_of(st, obj, length, what)) return -1;
    for (Py_ssize_t i = 0; i < length; i++)
        if (mask_in(st, k, PySequence_Fast_GET_ITEM(obj, i), &out[i], what) < 0) return -1;
    return 0;
}

static int ints_in(native_state *st, PyObject *obj, Py_ssize_t length, long low, long high, long *out,
                   const char *what) {
    if (!items_of(st, obj, length, what)) return -1;
    for (Py_ssize_t i = 0; i < length; i++)
        if (int_in(st, PySequence_Fast_GET_ITEM(obj, i), low, high, &out[i], what) < 0) return -1;
    return 0;
}

/* Card bits, at most `most` of them. */
static int cards_in(native_state *st, const kernel *k, PyObject *obj, int most, uint8_t *out, int *count,
                    const char *what) {
    if (!items_of(st, obj, -1, what)) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
    if (n > most) {
        argument_error(st, "%s has %zd cards, more than %d", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long bit;
        if (int_in(st, PySequence_Fast_GET_ITEM(obj, i), 0, k->size - 1, &bit, what) < 0) return -1;
        out[i] = (uint8_t)bit;
    }
    *count = (int)n;
    return 0;
}

/* -- writing ------------------------------------------------------------------------------ */

static int clamp(long value, int top) { return value < 0 ? 0 : value > top ? top : (int)value; }

/* -- Tensors ------------------------------------------------------------------------------ */

static void tensors_dealloc(TensorsObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Py_XDECREF(self->kernel);
    PyMem_Free(self->columns);
    PyObject_GC_Del(self);
    Py_DECREF(type);
}

static int tensors_traverse(TensorsObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->kernel);
    return 0;
}

static int tensors_clear(TensorsObject *self) {
    Py_CLEAR(self->kernel);
    return 0;
}

/* How many entries piece p has (the layouts in tensors.py). */
static long extent(const TensorsObject *self, int p) {
    const kernel *k = &self->kernel->k;
    long n = k->size, players = k->players, sides = k->sides, top = k->hand_size;
    switch (p) {
    case TRICK: case PLAYED: case CUT_GIVEN: return players * n;
    case LOOKED: case BROKEN: case TRICK_NUMBER: case DEAL_NUMBER: return 1;
    case SEAT: case TO_ACT: case DEALER: case HAND_SIZES: case TRICKS_WON: return players;
    case PHASE: return self->phases;
    case BIDS: return players * (top + 4);
    case CONTRACTS: return sides * (top + 2);
    case BLIND: case SCORES: case BAGS: case SETS: return sides;
    case VARIANT: return self->facts;
    case TRICK_CARDS: return top * players * n;
    case TRICK_LEADERS: return top * players;
    case AUCTION: return (long)self->rows * self->width;
    default: return n; /* the pieces of one row of cards */
    }
}

/* Tensors(kernel, at, sizes, scales, facts, columns): spadeslib/engine/views/tensors.py is the
   one caller and says what each part is. */
static PyObject *tensors_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    native_state *st = state_of_type(type);
    static char *names[] = {"kernel", "at", "sizes", "scales", "facts", "columns", NULL};
    PyObject *kernel_obj, *at_obj, *sizes_obj, *facts_obj, *columns_obj;
    double score_scale, bag_scale;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO(dd)OO", names, &kernel_obj, &at_obj, &sizes_obj,
                                     &score_scale, &bag_scale, &facts_obj, &columns_obj))
        return NULL;
    if (!st) return NULL;
    if (!PyObject_TypeCheck(kernel_obj, st->kernel_type))
        return argument_error(st, "kernel must be a Kernel, not %R", kernel_obj);
    if (!(score_scale > 0) || !(bag_scale > 0))
        return argument_error(st, "the scales must be above 0, not %g and %g", score_scale, bag_scale);
    TensorsObject *self = PyObject_GC_New(TensorsObject, type);
    if (!self) return NULL;
    Py_INCREF(kernel_obj);
    self->kernel = (KernelObject *)kernel_obj;
    self->columns = NULL;
    PyObject_GC_Track(self);
    const kernel *k = &self->kernel->k;
    int players = k->players;
    self->score_scale = score_scale;
    self->bag_scale = bag_scale;

    long sizes[6], at[PIECES];
    static const long most[6] = {1 << 20, 1 << 20, 64, MAX_FACTS, 4 * MAX_PLAYERS + 2, 1 << 12};
    if (ints_in(st, sizes_obj, 6, 0, 1 << 20, sizes, "sizes") < 0) goto fail;
    for (int i = 0; i < 6; i++)
        if (sizes[i] > most[i]) {
            argument_error(st, "sizes[%d] is %ld, more than %ld", i, sizes[i], most[i]);
            goto fail;
        }
    self->size = (int)sizes[0];
    self->info_size = (int)sizes[1];
    self->phases = (int)sizes[2];
    self->facts = (int)sizes[3];
    self->rows = (int)sizes[4];
    self->width = (int)sizes[5];
    if (self->size > self->info_size || self->width < players) {
        argument_error(st, "sizes %R do not describe two tensors", sizes_obj);
        goto fail;
    }
    if (ints_in(st, at_obj, PIECES, -1, 1 << 20, at, "at") < 0) goto fail;
    for (int p = 0; p < PIECES; p++) {
        long limit = p >= HISTORY ? self->info_size : self->size;
        if (at[p] < 0 && !OPTIONAL(p)) {
            argument_error(st, "at[%d]: every variant has this piece", p);
            goto fail;
        }
        if (at[p] >= 0 && at[p] + extent(self, p) > limit) {
            argument_error(st, "at[%d]: the piece from %ld runs past the tensor's %ld entries", p,
                           at[p], limit);
            goto fail;
        }
        self->at[p] = (int)at[p];
    }
    if ((self->at[CUT] < 0) != (self->at[CUT_GIVEN] < 0)) {
        argument_error(st, "at: the cut's two pieces come together");
        goto fail;
    }
    if (!items_of(st, facts_obj, self->facts, "facts")) goto fail;
    for (int i = 0; i < self->facts; i++) {
        self->fact[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(facts_obj, i));
        if (self->fact[i] == -1.0 && PyErr_Occurred()) goto fail;
    }
    if (!items_of(st, columns_obj, -1, "columns")) goto fail;
    Py_ssize_t actions = PySequence_Fast_GET_SIZE(columns_obj);
    if (actions > MAX_ACTIONS) {
        argument_error(st, "columns has %zd action ids, more than %d", actions, MAX_ACTIONS);
        goto fail;
    }
    self->actions = (int)actions;
    self->columns = PyMem_Malloc(sizeof(int16_t) * (size_t)(actions ? actions : 1));
    if (!self->columns) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t a = 0; a < actions; a++) {
        long column;
        if (int_in(st, PySequence_Fast_GET_ITEM(columns_obj, a), -1, self->width - players - 1, &column,
                   "columns") < 0)
            goto fail;
        self->columns[a] = (int16_t)column;
    }
    seat_orders(k, players, self->order, self->rel, self->side_order);
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

enum argument {
    A_OUT, A_INFO, A_SEAT, A_SEEN, A_OVER, A_ACTOR, A_DEALER, A_PHASE, A_BROKEN, A_TRICK_NUMBER,
    A_DEALS, A_LEADER, A_TOP_CARD, A_SIDE_BLIND, A_SIDES_BID, A_HANDS, A_FIRST_HANDS, A_TRICK, A_PASSED,
    A_GIVEN, A_RECEIVED, A_TAKEN, A_DISCARDED, A_CUT, A_CUT_GIVEN, A_BIDS, A_CONTRACTS, A_TRICKS, A_SCORES,
    A_BAGS, A_SETS, A_TRICK_LOG, A_DECISIONS, A_PLAY, ARGUMENTS
};

static int long_longs_in(native_state *st, PyObject *obj, Py_ssize_t length, long long *out,
                         const char *what) {
    if (!items_of(st, obj, length, what)) return -1;
    for (Py_ssize_t i = 0; i < length; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(obj, i);
        if (!PyLong_Check(item) || PyBool_Check(item)) {
            argument_error(st, "%s must be ints, not %R", what, item);
            return -1;
        }
        int overflow = 0;
        out[i] = PyLong_AsLongLongAndOverflow(item, &overflow);
        if (out[i] == -1 && PyErr_Occurred()) return -1;
        if (overflow || out[i] > (1LL << 40) || out[i] < -(1LL << 40)) {
            argument_error(st, "%s has %R, out of range", what, item);
            return -1;
        }
    }
    return 0;
}

/* The play's own cards, trick, counts and finished tricks: tensors.py hands a native play
   over (during its auction too: no card is played yet, and the seat to act is the
   bidder's) and passes None for those arguments, so that they are read here rather than
   built as Python values for the call. */
static const play *play_of(TensorsObject *self, native_state *st, PyObject *obj) {
    if (!Py_IS_TYPE(obj, st->play_type)) {
        argument_error(st, "play must be a native Play or None, not %R", obj);
        return NULL;
    }
    const PlayObject *owner = (const PlayObject *)obj;
    if (owner->kernel != self->kernel) {
        argument_error(st, "play is a deal of another variant than these tensors'");
        return NULL;
    }
    return &owner->p;
}

static int read_view(TensorsObject *self, native_state *st, PyObject *const *args, view *v) {
    const kernel *k = &self->kernel->k;
    const play *p = NULL;
    if (args[A_PLAY] != Py_None && !(p = play_of(self, st, args[A_PLAY]))) return -1;
    int players = k->players, sides = k->sides, n = k->size;
    struct { int arg; long low, high; long *out; const char *what; } scalars[] = {
        {A_INFO, 0, 1, &v->info, "info"},
        {A_SEAT, 0, players - 1, &v->seat, "seat"},
        {A_SEEN, 0, (1L << players) - 1, &v->seen, "seen"},
        {A_OVER, 0, 1, &v->over, "over"},
        {A_ACTOR, -1, players - 1, &v->actor, "actor"},
        {A_DEALER, 0, players - 1, &v->dealer, "dealer"},
        {A_PHASE, -1, self->phases - 1, &v->phase, "phase"},
        {A_BROKEN, 0, 1, &v->broken, "broken"},
        {A_TRICK_NUMBER, 0, k->hand_size, &v->trick_number, "trick_number"},
        {A_DEALS, 0, 1L << 30, &v->deals, "deals_played"},
        {A_LEADER, 0, players - 1, &v->leader, "leader"},
        {A_TOP_CARD, -1, n - 1, &v->top_card, "top_card"},
        {A_SIDE_BLIND, 0, (1L << sides) - 1, &v->side_blind, "side_blind"},
        {A_SIDES_BID, 0, (1L << sides) - 1, &v->sides_bid, "sides_bid"},
    };
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
        int arg = scalars[i].arg;
        if (p && (arg == A_ACTOR || arg == A_BROKEN || arg == A_TRICK_NUMBER || arg == A_LEADER))
            continue; /* the play's, read below */
        PyObject *obj = args[arg];
        if (PyBool_Check(obj) && scalars[i].low <= 0 && scalars[i].high >= 1) { /* a flag */
            *scalars[i].out = obj == Py_True;
            continue;
        }
        if (int_in(st, obj, scalars[i].low, scalars[i].high, scalars[i].out, scalars[i].what) < 0) return -1;
    }
    if (!p && masks_in(st, k, args[A_HANDS], players, v->hands, "hands") < 0) return -1;
    if (!items_of(st, args[A_FIRST_HANDS], -1, "first_hands")) return -1;
    v->has_first = PySequence_Fast_GET_SIZE(args[A_FIRST_HANDS]) != 0;
    if (v->has_first && masks_in(st, k, args[A_FIRST_HANDS], players, v->first, "first_hands") < 0) return -1;
    if (!p && cards_in(st, k, args[A_TRICK], players, v->trick, &v->trick_count, "trick") < 0) return -1;
    if (mask_in(st, k, args[A_PASSED], &v->passed, "passed") < 0 ||
        mask_in(st, k, args[A_GIVEN], &v->given, "given") < 0 ||
        mask_in(st, k, args[A_RECEIVED], &v->received, "received") < 0 ||
        mask_in(st, k, args[A_TAKEN], &v->taken, "taken") < 0 ||
        mask_in(st, k, args[A_DISCARDED], &v->discarded, "discarded") < 0)
        return -1;
    if (cards_in(st, k, args[A_CUT], n, v->cut, &v->cut_count, "cut") < 0) return -1;
    if (cards_in(st, k, args[A_CUT_GIVEN], players, v->cut_given, &v->cut_given_count, "cut_given") < 0)
        return -1;
    /* bids and contracts are clamped into their columns, as the Python does: any int */
    if (ints_in(st, args[A_BIDS], players, -(1L << 20), 1L << 20, v->bids, "bids") < 0) return -1;
    if (ints_in(st, args[A_CONTRACTS], sides, -(1L << 20), 1L << 20, v->contracts, "contracts") < 0) return -1;
    if (!p && ints_in(st, args[A_TRICKS], players, 0, MAX_CARDS, v->tricks, "tricks") < 0) return -1;
    if (long_longs_in(st, args[A_SCORES], sides, v->scores, "scores") < 0 ||
        long_longs_in(st, args[A_BAGS], sides, v->bags, "bags") < 0 ||
        long_longs_in(st, args[A_SETS], sides, v->sets, "sets") < 0)
        return -1;
    if (p) { /* the play's own, in place of the arguments left None */
        for (int s = 0; s < players; s++) {
            v->hands[s] = p->hands[s];
            v->tricks[s] = p->tricks[s];
        }
        v->trick_count = p->count;
        memcpy(v->trick, p->trick, (size_t)p->count);
        v->leader = p->leader;
        v->actor = p->done ? -1 : p->actor;
        v->trick_number = p->trick_number;
        v->broken = p->broken;
    }
    /* the cards received: the partner's (given) and those taken still in the hand */
    v->received |= v->taken & v->hands[v->seat] & ~v->received;
    v->tricks_count = v->auction_count = 0;
    if (!v->info) return 0;
    Py_ssize_t finished;
    if (p) {
        finished = p->trick_number;
        for (Py_ssize_t t = 0; t < finished; t++) {
            v->leaders[t] = p->leaders[t];
            v->counts[t] = (uint8_t)players;
            memcpy(v->cards[t], p->log + t * players, (size_t)players);
        }
    } else {
        PyObject *log = items_of(st, args[A_TRICK_LOG], -1, "trick_log");
        if (!log) return -1;
        finished = PySequence_Fast_GET_SIZE(log);
        if (finished + (v->trick_count > 0) > k->hand_size) {
            argument_error(st, "trick_log has %zd tricks, more than a hand's %d", finished, k->hand_size);
            return -1;
        }
        for (Py_ssize_t t = 0; t < finished; t++) {
            PyObject *item = items_of(st, PySequence_Fast_GET_ITEM(log, t), 2, "trick_log item");
            long leader;
            int count;
            if (!item ||
                int_in(st, PySequence_Fast_GET_ITEM(item, 0), 0, players - 1, &leader, "trick_log leader") < 0 ||
                cards_in(st, k, PySequence_Fast_GET_ITEM(item, 1), players, v->cards[t], &count,
                         "trick_log cards") < 0)
                return -1;
            v->leaders[t] = (uint8_t)leader;
            v->counts[t] = (uint8_t)count;
        }
    }
    v->tricks_count = (int)finished;
    if (v->trick_count) { /* the trick being played is the history's last */
        v->leaders[finished] = (uint8_t)v->leader;
        v->counts[finished] = (uint8_t)v->trick_count;
        memcpy(v->cards[finished], v->trick, (size_t)v->trick_count);
        v->tricks_count++;
    }
    PyObject *decisions = items_of(st, args[A_DECISIONS], -1, "decisions");
    if (!decisions) return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(decisions); i++) {
        PyObject *item = items_of(st, PySequence_Fast_GET_ITEM(decisions, i), 2, "decisions item");
        long who, id;
        if (!item || int_in(st, PySequence_Fast_GET_ITEM(item, 0), 0, players - 1, &who, "decisions seat") < 0 ||
            int_in(st, PySequence_Fast_GET_ITEM(item, 1), 0, 0x7fffffff, &id, "decisions id") < 0)
            return -1;
        int column = id < self->actions ? self->columns[id] : -1;
        if (column < 0 || v->auction_count == self->rows) continue; /* a card chosen, or past the rows */
        v->who[v->auction_count] = (uint8_t)who;
        v->column[v->auction_count++] = (int16_t)column;
    }
    return 0;
}

/* The pieces a deal's end changes besides the cards (whose turn, the dealer, the phase,
   the game's numbers, the deal's number), into pieces that are 0. */
static void write_standing(const TensorsObject *self, const view *v, float *out) {
    const int *at = self->at;
    const uint8_t *rel = self->rel[v->seat], *sides = self->side_order[v->seat];
    if (!v->over && v->actor >= 0) out[at[TO_ACT] + rel[v->actor]] = 1.0f;
    out[at[DEALER] + rel[v->dealer]] = 1.0f;
    if (v->phase >= 0) out[at[PHASE] + v->phase] = 1.0f;
    for (int r = 0; r < self->kernel->k.sides; r++) {
        int side = sides[r];
        /* the scaled numbers: divided in double, then rounded once, as numpy stores them */
        out[at[SCORES] + r] = (float)((double)v->scores[side] / self->score_scale);
        out[at[BAGS] + r] = (float)((double)v->bags[side] / self->bag_scale);
        out[at[SETS] + r] = (float)((double)v->sets[side] / 3.0);
    }
    out[at[DEAL_NUMBER]] = (float)((double)v->deals / 10.0);
}

static void write_observation(const TensorsObject *self, const view *v, float *out) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    int n = k->size, players = k->players, top = k->hand_size, seat = (int)v->seat;
    const uint8_t *order = self->order[seat], *rel = self->rel[seat], *sides = self->side_order[seat];
    int looked = (v->seen >> seat & 1) || v->over;
    if (looked) put_mask(out + at[HAND], canonical_mask(k, v->hands[seat]));
    mask_t in_trick = 0;
    for (int i = 0; i < v->trick_count; i++) {
        in_trick |= bit_of(v->trick[i]);
        out[at[TRICK] + rel[(v->leader + i) % players] * n + k->canonical[v->trick[i]]] = 1.0f;
    }
    if (v->has_first)
        for (int r = 0; r < players; r++) {
            int other = order[r];
            put_mask(out + at[PLAYED] + r * n, canonical_mask(k, v->first[other] & ~v->hands[other] & ~in_trick));
        }
    if (at[PASSED] >= 0) put_mask(out + at[PASSED], canonical_mask(k, v->passed));
    if (at[GIVEN] >= 0) put_mask(out + at[GIVEN], canonical_mask(k, v->given));
    if (at[RECEIVED] >= 0 && looked) put_mask(out + at[RECEIVED], canonical_mask(k, v->received));
    if (at[DISCARDED] >= 0) put_mask(out + at[DISCARDED], canonical_mask(k, v->discarded));
    if (at[CUT] >= 0) {
        for (int i = 0; i < v->cut_count; i++) out[at[CUT] + v->cut[i]] = 1.0f;
        for (int to = 0; to < v->cut_given_count; to++)
            out[at[CUT_GIVEN] + rel[to] * n + k->canonical[v->cut_given[to]]] = 1.0f;
    }
    if (at[TOP_CARD] >= 0 && v->top_card >= 0) out[at[TOP_CARD] + k->canonical[v->top_card]] = 1.0f;
    if (looked) out[at[LOOKED]] = 1.0f;
    out[at[SEAT] + seat] = 1.0f;
    write_standing(self, v, out);
    for (int r = 0; r < players; r++) {
        long bid = v->bids[order[r]];
        int column = bid == NO_BID ? 0 : bid == NIL ? 1 : bid == BLIND_NIL ? 2 : 3 + clamp(bid, top);
        out[at[BIDS] + r * (top + 4) + column] = 1.0f;
    }
    for (int r = 0; r < k->sides; r++) {
        int side = sides[r];
        int has_bid = (v->sides_bid >> side & 1) || (v->side_blind >> side & 1);
        for (int m = 0; m < k->side_size[side] && !has_bid; m++)
            has_bid = v->bids[k->side_seats[side][m]] != NO_BID;
        out[at[CONTRACTS] + r * (top + 2) + (has_bid ? 1 + clamp(v->contracts[side], top) : 0)] = 1.0f;
        if (v->side_blind >> side & 1) out[at[BLIND] + r] = 1.0f;
    }
    if (v->broken) out[at[BROKEN]] = 1.0f;
    for (int r = 0; r < players; r++) {
        out[at[HAND_SIZES] + r] = (float)((double)popcount128(v->hands[order[r]]) / top);
        out[at[TRICKS_WON] + r] = (float)((double)v->tricks[order[r]] / top);
    }
    out[at[TRICK_NUMBER]] = (float)((double)v->trick_number / top);
    for (int i = 0; i < self->facts; i++) out[at[VARIANT] + i] = (float)self->fact[i];
}

static void write_history(const TensorsObject *self, const view *v, float *out) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    int n = k->size, players = k->players;
    const uint8_t *rel = self->rel[v->seat];
    for (int t = 0; t < v->tricks_count; t++) {
        out[at[TRICK_LEADERS] + t * players + rel[v->leaders[t]]] = 1.0f;
        float *row = out + at[TRICK_CARDS] + t * players * n;
        for (int i = 0; i < v->counts[t]; i++)
            row[rel[(v->leaders[t] + i) % players] * n + k->canonical[v->cards[t][i]]] = 1.0f;
    }
    for (int r = 0; r < v->auction_count; r++) {
        float *row = out + at[AUCTION] + r * self->width;
        row[rel[v->who[r]]] = 1.0f;
        row[players + v->column[r]] = 1.0f;
    }
}

/* fill(out, info, seat, seen, over, actor, dealer, phase, broken, trick_number, deals_played,
   leader, top_card, side_blind, sides_bid, hands, first_hands, trick, passed, given,
   received (from the partner), taken (seen_cards: the cards taken, where still in the
   hand, are received too), discarded, cut, cut_given, bids, contracts, tricks, scores, bags, sets,
   trick_log, decisions, play): write the tensor into `out` (float32, the tensor's
   length); `play`, the deal's native Play past its auction or None, gives the hands,
   trick, leader, actor, trick number, broken, tricks and trick log instead. */
static PyObject *tensors_fill(TensorsObject *self, PyObject *const *args, Py_ssize_t nargs) {
    native_state *st = state_of_type(Py_TYPE(self));
    if (!st) return NULL;
    if (!self->kernel) return argument_error(st, "this Tensors has been cleared");
    if (nargs != ARGUMENTS) return argument_error(st, "fill takes %d arguments, not %zd", ARGUMENTS, nargs);
    view v;
    if (read_view(self, st, args, &v) < 0) return NULL;
    Py_buffer buffer;
    if (PyObject_GetBuffer(args[A_OUT], &buffer, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        return argument_error(st, "out must be a writable, contiguous float32 array, not %R", args[A_OUT]);
    }
    const char *format = buffer.format ? buffer.format : "B";
    Py_ssize_t length = v.info ? self->info_size : self->size;
    int is_float = buffer.itemsize == (Py_ssize_t)sizeof(float) &&
                   (!strcmp(format, "f") || !strcmp(format, "<f") || !strcmp(format, "=f"));
    if (!is_float || buffer.len != length * (Py_ssize_t)sizeof(float)) {
        PyBuffer_Release(&buffer);
        return argument_error(st, "out must be a float32 array of %zd entries", length);
    }
    float *out = buffer.buf;
    memset(out, 0, (size_t)length * sizeof(float));
    write_observation(self, &v, out);
    if (v.info) write_history(self, &v, out);
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
}

static PyMethodDef tensors_methods[] = {
    {"fill", (PyCFunction)(void (*)(void))tensors_fill, METH_FASTCALL,
     "fill(out, info, seat, ...): the seat's tensor from the state's fields (tensors.py)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot tensors_slots[] = {
    {Py_tp_new, tensors_new},
    {Py_tp_dealloc, tensors_dealloc},
    {Py_tp_traverse, tensors_traverse},
    {Py_tp_clear, tensors_clear},
    {Py_tp_methods, tensors_methods},
    {Py_tp_doc, "One variant's tensor layout, for filling tensors natively."},
    {0, NULL},
};

/* -- for the vector environment's rows (vector_deal.c) ------------------------------------- */

int native_tensors_check(native_state *st, PyObject *obj, const KernelObject *kernel, int info, long size) {
    if (!Py_IS_TYPE(obj, st->tensors_type) || ((TensorsObject *)obj)->kernel != kernel) {
        argument_error(st, "tensors must be a Tensors of this variant, not %R", obj);
        return -1;
    }
    const TensorsObject *t = (const TensorsObject *)obj;
    if ((info ? t->info_size : t->size) != size) {
        argument_error(st, "tensors are of %d entries, not %ld", info ? t->info_size : t->size, size);
        return -1;
    }
    return 0;
}

void native_tensors_write(PyObject *tensors, const view *v, float *out) {
    const TensorsObject *self = (const TensorsObject *)tensors;
    memset(out, 0, (size_t)(v->info ? self->info_size : self->size) * sizeof(float));
    write_observation(self, v, out);
    if (v->info) write_history(self, v, out);
}

void native_tensors_standing(PyObject *tensors, const view *v, float *out) {
    const TensorsObject *self = (const TensorsObject *)tensors;
    int pieces[] = {TO_ACT, DEALER, PHASE, SCORES, BAGS, SETS, DEAL_NUMBER};
    for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
        memset(out + self->at[pieces[i]], 0, (size_t)extent(self, pieces[i]) * sizeof(float));
    write_standing(self, v, out);
}

PyType_Spec tensors_spec = {
    "spadeslib._native.Tensors", sizeof(TensorsObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, tensors_slots,
};

/* float_list(tensor) -> list: a float32 buffer's entries as Python floats, what pyspiel's
   observation_tensor() returns. A tensor is mostly 0 and 1: those entries share one
   float object each, so the list costs a pointer an entry, not an allocation. */
PyObject *native_float_list(PyObject *module, PyObject *obj) {
    Py_buffer buffer;
    if (PyObject_GetBuffer(obj, &buffer, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        return argument_error(PyModule_GetState(module), "not a contiguous float32 array: %R", obj);
    }
    const char *format = buffer.format ? buffer.format : "B";
    if (buffer.itemsize != (Py_ssize_t)sizeof(float) ||
        (strcmp(format, "f") && strcmp(format, "<f") && strcmp(format, "=f"))) {
        PyBuffer_Release(&buffer);
        return argument_error(PyModule_GetState(module), "not a float32 array: %R", obj);
    }
    Py_ssize_t count = buffer.len / (Py_ssize_t)sizeof(float);
    const float *values = buffer.buf;
    PyObject *list = PyList_New(count);
    PyObject *zero = PyFloat_FromDouble(0.0), *one = PyFloat_FromDouble(1.0);
    if (!list || !zero || !one) goto fail;
    for (Py_ssize_t i = 0; i < count; i++) {
        float value = values[i];
        PyObject *item;
        if (value == 0.0f && !signbit(value)) {
            item = zero;
            Py_INCREF(item);
        } else if (value == 1.0f) {
            item = one;
            Py_INCREF(item);
        } else if (!(item = PyFloat_FromDouble((double)value))) {
            goto fail;
        }
        PyList_SET_ITEM(list, i, item);
    }
    Py_DECREF(zero);
    Py_DECREF(one);
    PyBuffer_Release(&buffer);
    return list;
fail:
    Py_XDECREF(list);
    Py_XDECREF(zero);
    Py_XDECREF(one);
    PyBuffer_Release(&buffer);
    return NULL;
}

/* mark(out, ids): out[id] = 1 for each id, `out` a writable buffer of one-byte entries
   (numpy int8, uint8 or bool): the legal-action mask of spadeslib.engine.views.tensors. */
PyObject *native_mark(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    native_state *st = PyModule_GetState(module);
    if (nargs != 2) return argument_error(st, "mark takes 2 arguments (out, ids), not %zd", nargs);
    if (!items_of(st, args[1], -1, "ids")) return NULL;
    Py_buffer buffer;
    if (PyObject_GetBuffer(args[0], &buffer, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        return argument_error(st, "out must be a writable, contiguous array, not %R", args[0]);
    }
    if (buffer.itemsize != 1) {
        PyBuffer_Release(&buffer);
        return argument_error(st, "out must have one-byte entries (int8, uint8 or bool)");
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(args[1]);
    uint8_t *out = buffer.buf;
    for (Py_ssize_t i = 0; i < count; i++) { /* every id checked before any is written */
        long id;
        if (int_in(st, PySequence_Fast_GET_ITEM(args[1], i), 0, (long)buffer.len - 1, &id, "ids") < 0) {
            PyBuffer_Release(&buffer);
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < count; i++) out[PyLong_AsLong(PySequence_Fast_GET_ITEM(args[1], i))] = 1;
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
}
