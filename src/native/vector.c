/* The vector environment's step, natively, for the rows whose deal the native core plays
 * (spadeslib/vector/ is the Python side and the reference).
 *
 * Why: an agent's loop steps a thousand games at once, and most of its steps are cards.
 * Through the Python engine a card costs the agent's call, the bots' calls and a tensor
 * of a few hundred floats built from the state's fields; here one call plays every row's
 * bid or card, the bots' after it (a random bid or card from the row's own stream, or
 * the Standard rule of strategy.h, as the Python bots play them), and writes each row's
 * observation and legal mask into arrays made once.
 *
 * The C decides no rule and builds no tensor of its own: a row's tensors come from
 * templates the Python fills (with the engine's own observation_tensor) when the row's
 * auction's first round starts (or its play, where the Python ran the auction), one per
 * seat; then only the pieces a bid moves (the bids, the contracts, whose turn, the
 * decisions) or a card moves (the hand, the trick, the cards played, whose turn, spades
 * broken, the counts, the tricks' history) change, and the C rewrites those from the
 * native Play, as tensors.c writes them. When a native auction ends, the templates turn
 * into the play's here (start_play: the phase is the one other piece that changes), so
 * the row plays on. In the variants vector/native_deals.py hands over, the C keeps each
 * row's whole game instead (vector_deal.c): its deal before the play steps in
 * vector_blind.c, with no Play until it starts one there, and its deals' ends, the next
 * deal's start and the next game are the C's too, so such a row never goes back to the
 * Python. Elsewhere a row this cannot step (a phase only the Python plays, the end of the
 * play, which the Python scores, the end of an auction where a Standard seat's cards need
 * the table the Python makes then, a bot's decision the Python makes) is left to the
 * Python: `status` says how far the C got (0: done, 1: untouched, 2: the agent's action
 * applied, the rest is the Python's). Where the Python leaves a row at a bot's turn (a
 * deal it has just started), `advance` plays the bots to the agent's turn and writes the
 * row the same way. The tensors are written in vector_write.c. */
#include "vector.h"
#include "strategy.h"

static inline mask_t legal_ids(const kernel *k, const play *p) {
    return canonical_ids(k, allowed(k, p->hands[p->actor], p->trick, p->count, p->broken, p->trick_number,
                                    p->must_lead));
}

/* -- Vector ------------------------------------------------------------------------------- */

int buffer_of(native_state *st, PyObject *obj, Py_buffer *view, const char *format, Py_ssize_t itemsize,
                     Py_ssize_t length, int writable, const char *what) {
    int flags = (writable ? PyBUF_WRITABLE : 0) | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS;
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Clear();
        argument_error(st, "%s must be a%s contiguous array, not %R", what, writable ? " writable," : "", obj);
        return -1;
    }
    const char *got = view->format ? view->format : "B";
    if (got[0] == '<' || got[0] == '=' || got[0] == '@') got++;
    if (got[0] == 'l' && sizeof(long) == 8) got = "q"; /* numpy's int64 on LP64 */
    if (got[0] == 'L' && sizeof(long) == 8) got = "Q";
    if (view->itemsize != itemsize || strcmp(got, format) || view->len != length * itemsize) {
        PyBuffer_Release(view);
        argument_error(st, "%s must hold %zd items of format %s", what, length, format);
        return -1;
    }
    return 0;
}

static void vector_dealloc(VectorObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Py_buffer *views[] = {&self->obs, &self->mask, &self->seats, &self->templates,
                          &self->status, &self->rng, &self->tables, &self->received,
                          &self->columns, &self->marks};
    for (int i = 0; i < self->held; i++) PyBuffer_Release(views[i]);
    kept_free(self);
    PyMem_Free(self->pre);
    native_cache_free(&self->blind.options);
    Py_XDECREF(self->blind.source);
    Py_XDECREF(self->kernel);
    PyObject_GC_Del(self);
    Py_DECREF(type);
}

static int vector_traverse(VectorObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->kernel);
    Py_VISIT(self->blind.source);
    Py_VISIT(self->keep.tensors);
    Py_VISIT(self->keep.new_game);
    Py_VISIT(self->keep.result);
    return 0;
}

/* The layout's entries that may be -1: the pieces a tensor may lack (the received cards,
   the history, the decisions' rows); the auction's and the phase's are always there. */
static int may_be_absent(int i) { return i >= L_RECEIVED && i < L_BIDS ? 1 : i == L_AUCTION || i == L_AUCTION_ROWS || i == L_AUCTION_WIDTH; }

/* VectorObject.copy: the tensor's entries less the pieces write_tensor writes whole, in
   stretches (the pieces' starts sorted; they do not overlap, the layout says). */
static void copy_stretches(VectorObject *self, const long *extent) {
    static const int whole[] = {L_HAND, L_TRICK, L_PLAYED, L_TO_ACT, L_BROKEN, L_HAND_SIZES,
                                L_TRICKS_WON, L_TRICK_NUMBER, L_TRICK_CARDS, L_TRICK_LEADERS};
    int count = sizeof whole / sizeof whole[0], start[16], stop[16], n = 0;
    for (int i = 0; i < count; i++) {
        if (self->at[whole[i]] < 0) continue;
        int j = n++;
        for (; j > 0 && start[j - 1] > self->at[whole[i]]; j--) {
            start[j] = start[j - 1];
            stop[j] = stop[j - 1];
        }
        start[j] = self->at[whole[i]];
        stop[j] = self->at[whole[i]] + (int)extent[whole[i]];
    }
    int from = 0;
    self->copies = 0;
    for (int i = 0; i <= n; i++) {
        int to = i < n ? start[i] : self->at[L_SIZE];
        if (to > from) {
            self->copy[2 * self->copies] = from;
            self->copy[2 * self->copies++ + 1] = to;
        }
        if (i < n && stop[i] > from) from = stop[i];
    }
}

/* Vector(kernel, layout, kinds, actions, obs, mask, seats, templates, status, rng, tables):
   spadeslib/vector/ is the one caller. layout: the tensor's length, then the starts of
   the pieces the cards change (-1 for the received cards' and the history's, where the
   tensor has none); kinds: per seat
   0 (the agent), 1 (a random card) or 2 (the Standard rule); the arrays, for `rows` rows:
   obs float32 (rows, length), mask bool (rows, actions), seats int64 (rows), templates
   float32 (rows, players, length), status int8 (rows), rng uint64 (rows), tables int32
   (rows, sides + 1): each side's contract (-1: none) and the Nil bidders; received uint64
   (rows, players, 4): per seat the cards its partner gave it and those it took, each as
   two words, low first (engine/views/observation.py received_mask); columns int16
   (actions): each action id's column of the decisions' piece, or -1; marks int32 (rows,
   2): the auction's step when the row's templates were made, and their decisions' rows
   (see write_auction). */
static PyObject *vector_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    native_state *st = state_of_type(type);
    static char *names[] = {"kernel", "layout", "kinds", "actions", "obs", "mask", "seats", "templates",
                            "status", "rng", "tables", "received", "columns", "marks", NULL};
    PyObject *kernel_obj, *layout_obj, *kinds_obj, *arrays[10];
    Py_ssize_t actions;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOnOOOOOOOOOO", names, &kernel_obj, &layout_obj,
                                     &kinds_obj, &actions, &arrays[0], &arrays[1], &arrays[2], &arrays[3],
                                     &arrays[4], &arrays[5], &arrays[6], &arrays[7], &arrays[8], &arrays[9]))
        return NULL;
    if (!st) return NULL;
    if (!PyObject_TypeCheck(kernel_obj, st->kernel_type))
        return argument_error(st, "kernel must be a Kernel, not %R", kernel_obj);
    const kernel *k = &((KernelObject *)kernel_obj)->k;
    int players = k->players;
    if (actions < k->size || actions > (1 << 16))
        return argument_error(st, "actions must be from %d to 65536, not %zd", k->size, actions);
    PyObject *layout = sequence_of(st, layout_obj, LAYOUT, "layout");
    if (!layout) return NULL;
    long at[LAYOUT];
    for (int i = 0; i < LAYOUT; i++)
        if (int_in(st, PyList_GET_ITEM(layout, i), may_be_absent(i) ? -1 : 0, 1 << 22, &at[i], "layout") < 0) {
            Py_DECREF(layout);
            return NULL;
        }
    Py_DECREF(layout);
    long n = k->size, top = k->hand_size;
    long sides = k->sides;
    long extent[LAYOUT] = {0, 1, n, players * n, players * n, players, 1, players, players, 1, n,
                           top * players * n, top * players, players * (top + 4), sides * (top + 2), sides,
                           at[L_AUCTION_ROWS] * at[L_AUCTION_WIDTH], 0, 0,
                           1 + (at[L_PHASE_BID] > at[L_PHASE_PLAY] ? at[L_PHASE_BID] : at[L_PHASE_PLAY]), 0, 0};
    if ((at[L_AUCTION] < 0) != (at[L_AUCTION_ROWS] < 0) || (at[L_AUCTION] >= 0 && at[L_AUCTION_WIDTH] < players))
        return argument_error(st, "layout: the decisions' piece, its rows and its width come together");
    if ((at[L_TRICK_CARDS] < 0) != (at[L_TRICK_LEADERS] < 0))
        return argument_error(st, "layout: the history's two pieces come together");
    for (int i = 1; i < LAYOUT; i++)
        if (at[i] >= 0 && at[i] + extent[i] > at[L_SIZE])
            return argument_error(st, "layout[%d]: the piece from %ld runs past the tensor's %ld entries", i,
                                  at[i], at[L_SIZE]);
    PyObject *kinds = sequence_of(st, kinds_obj, players, "kinds");
    if (!kinds) return NULL;
    long kind[MAX_PLAYERS];
    for (int s = 0; s < players; s++)
        if (int_in(st, PyList_GET_ITEM(kinds, s), KIND_AGENT, KIND_EASY, &kind[s], "kinds") < 0) {
            Py_DECREF(kinds);
            return NULL;
        }
    Py_DECREF(kinds);
    Py_buffer probe;
    if (PyObject_GetBuffer(arrays[2], &probe, PyBUF_C_CONTIGUOUS) < 0) {
        PyErr_Clear();
        return argument_error(st, "seats must be a contiguous array, not %R", arrays[2]);
    }
    Py_ssize_t rows = probe.len / (Py_ssize_t)sizeof(int64_t);
    PyBuffer_Release(&probe);
    if (rows < 1) return argument_error(st, "seats must hold at least one row");

    VectorObject *self = PyObject_GC_New(VectorObject, type);
    if (!self) return NULL;
    Py_INCREF(kernel_obj);
    self->kernel = (KernelObject *)kernel_obj;
    self->held = 0;
    self->pre = NULL;
    self->games = NULL;
    memset(&self->keep, 0, sizeof self->keep);
    memset(&self->blind, 0, sizeof self->blind);
    native_cache_init(&self->blind.options);
    self->rows = rows;
    self->actions = actions;
    for (int i = 0; i < LAYOUT; i++) self->at[i] = (int)at[i];
    copy_stretches(self, extent);
    for (int i = 0; i <= MAX_CARDS; i++) self->by_top[i] = (float)((double)i / k->hand_size);
    self->standard = 0;
    for (int s = 0; s < players; s++) {
        self->kinds[s] = (uint8_t)kind[s];
        self->standard |= kind[s] == KIND_STANDARD;
    }
    seat_orders(k, players, self->order, self->rel, self->side_order);
    PyObject_GC_Track(self);
    Py_ssize_t size = at[L_SIZE];
    struct { Py_buffer *view; const char *format; Py_ssize_t itemsize, length; const char *what; } specs[] = {
        {&self->obs, "f", 4, rows * size, "obs"},
        {&self->mask, "?", 1, rows * actions, "mask"},
        {&self->seats, "q", 8, rows, "seats"},
        {&self->templates, "f", 4, rows * players * size, "templates"},
        {&self->status, "b", 1, rows, "status"},
        {&self->rng, "Q", 8, rows, "rng"},
        {&self->tables, "i", 4, rows * (k->sides + 1), "tables"},
        {&self->received, "Q", 8, rows * players * 4, "received"},
        {&self->columns, "h", 2, actions, "columns"},
        {&self->marks, "i", 4, rows * 2, "marks"},
    };
    for (int i = 0; i < 10; i++) {
        if (buffer_of(st, arrays[i], specs[i].view, specs[i].format, specs[i].itemsize, specs[i].length,
                      1, specs[i].what) < 0) {
            Py_DECREF(self);
            return NULL;
        }
        self->held++;
    }
    return (PyObject *)self;
}

/* The play a row's item is, or NULL with an error set (Py_None: *out NULL, no error). */
static int row_play(VectorObject *self, native_state *st, PyObject *item, Py_ssize_t row, PlayObject **out) {
    *out = NULL;
    if (item == Py_None) return 0;
    if (!Py_IS_TYPE(item, st->play_type)) {
        argument_error(st, "plays[%zd] must be a native Play or None, not %R", row, item);
        return -1;
    }
    PlayObject *po = (PlayObject *)item;
    if (po->kernel != self->kernel || po->p.done) {
        argument_error(st, "plays[%zd] is not a deal of this variant under way", row);
        return -1;
    }
    *out = po;
    return 0;
}

static inline int bidding(const PlayObject *po) { return po->with_auction && po->bidding; }

/* Whether `id` is one of the legal bids now: 1, 0, or -1 on an error. */
static int legal_bid(PlayObject *po, long id) {
    PyObject *legal = native_play_legal_ids(po);
    if (!legal) return -1;
    int found = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(legal) && !found; i++)
        found = PyLong_AsLong(PyList_GET_ITEM(legal, i)) == id;
    Py_DECREF(legal);
    return found;
}

/* Apply `id` (the last card too: the play is then done): 0, or -1 with an error set. */
static int apply(VectorObject *self, PlayObject *po, long id, Py_ssize_t row) {
    PyObject *id_obj = PyLong_FromLong(id);
    if (!id_obj) return -1;
    int status = native_play_apply(po, id_obj);
    Py_DECREF(id_obj);
    if (status >= 0) return kept_log(self, row, id);
    if (status != -2) argument_error(state_of_type(Py_TYPE(self)), "row %zd: action %ld was refused", row, id);
    return -1;
}

/* The row's deal goes on: the bots' bids and cards to the agent's turn (0), or to what
   the Python decides (2: the end of the auction, a bid of Easy's or Standard's, or the
   play over, its last card taken, for the Python to score); -1 on an error. */
int play_bots(VectorObject *self, PlayObject *po, Py_ssize_t row) {
    const kernel *k = &self->kernel->k;
    play *p = &po->p;
    uint64_t *rng = (uint64_t *)self->rng.buf + row;
    const int32_t *table = (const int32_t *)self->tables.buf + row * (k->sides + 1);
    for (;;) {
        if (p->done) return 2;
        int seat = p->actor, kind = self->kinds[seat];
        if (kind == KIND_AGENT) return 0;
        long id;
        if (bidding(po)) {
            if (kind == KIND_STANDARD) return 2;
            PyObject *legal = native_play_legal_ids(po);
            if (!legal) return -1;
            long choices[256];
            Py_ssize_t count = PyList_GET_SIZE(legal), easy = 0;
            if (count > 256) count = 256;
            for (Py_ssize_t i = 0; i < count; i++) choices[i] = PyLong_AsLong(PyList_GET_ITEM(legal, i));
            Py_DECREF(legal);
            if (kind == KIND_EASY && count > 1) { /* vector/bots.py easy_choices: a bid from 1 to 4 */
                const ids_t *bids = &po->bid_ids;
                for (Py_ssize_t i = 0; i < count; i++) {
                    long number = choices[i] - bids->bid;
                    if (choices[i] != bids->nil && (number < 0 || number > bids->top)) return 2;
                    if (choices[i] != bids->nil && number >= 1 && number <= 4) choices[easy++] = choices[i];
                }
                if (easy) count = easy; /* (in order: the bids are kept in place) */
            }
            id = count ? choices[splitmix_below(rng, (uint64_t)count)] : -1;
            if (apply(self, po, id, row) < 0) return -1;
            if (!bidding(po)) { /* the auction is over */
                if (self->standard) return 2; /* the Python starts the play: Standard's cards read its table */
                start_play(self, po, row);
            }
            continue;
        }
        mask_t legal = legal_ids(k, p);
        if (kind == KIND_STANDARD && !(legal & (legal - 1))) { /* StandardBot.act: forced, unread */
            id = lowest_bit(legal);
        } else if (kind != KIND_STANDARD) {
            id = nth_bit(legal, (int)splitmix_below(rng, (uint64_t)popcount128(legal)));
        } else {
            deal_table t;
            table_init(k, &t, table, table[k->sides]);
            mask_t hand = p->hands[seat];
            mask_t cards = allowed(k, hand, p->trick, p->count, p->broken, p->trick_number, p->must_lead);
            /* StandardBot.play hands the rule no voids (a partner's Nil covered, it leads as
               though none were shown): the play's are hidden from it for the one call */
            uint8_t voids[MAX_PLAYERS];
            memcpy(voids, p->voids, sizeof voids);
            memset(p->voids, 0, sizeof voids);
            int bit = standard_card(k, &t, mode_of(k, &t, seat, p), seat, cards, p, k->full & ~p->played & ~hand);
            memcpy(p->voids, voids, sizeof voids);
            id = k->canonical[bit];
        }
        if (apply(self, po, id, row) < 0) return -1;
    }
}

/* The row's seat to act (an agent's), its tensor from its template and its mask, from
   its native play: 0, or -1 with an error set. */
int write_row(VectorObject *self, PlayObject *po, Py_ssize_t row) {
    const kernel *k = &self->kernel->k;
    const play *p = &po->p;
    Py_ssize_t size = self->at[L_SIZE];
    int seat = p->actor;
    Py_ssize_t at = row * k->players + seat;
    const float *template = (const float *)self->templates.buf + at * size;
    float *out = (float *)self->obs.buf + row * size;
    uint8_t *row_mask = (uint8_t *)self->mask.buf + row * self->actions;
    memset(row_mask, 0, (size_t)self->actions);
    if (bidding(po)) {
        write_auction(self, po, seat, template, (const int32_t *)self->marks.buf + row * 2, out);
        PyObject *legal = native_play_legal_ids(po);
        if (!legal) return -1;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(legal); i++) {
            long id = PyLong_AsLong(PyList_GET_ITEM(legal, i));
            if (id >= 0 && id < self->actions) row_mask[id] = 1;
        }
        Py_DECREF(legal);
    } else {
        write_tensor(self, p, seat, template, (const uint64_t *)self->received.buf + at * 4, out);
        mask_t legal = legal_ids(k, p);
        while (legal) {
            row_mask[lowest_bit(legal)] = 1;
            legal &= legal - 1;
        }
    }
    ((int64_t *)self->seats.buf)[row] = seat;
    return 0;
}

/* The same for a row before its play (vector_blind.c). */
int write_prelude_row(VectorObject *self, prelude *r, Py_ssize_t row) {
    Py_ssize_t size = self->at[L_SIZE];
    int seat = r->actor;
    Py_ssize_t at = row * self->kernel->k.players + seat;
    write_prelude(self, r, seat, (const float *)self->templates.buf + at * size, (float *)self->obs.buf + row * size);
    uint8_t *row_mask = (uint8_t *)self->mask.buf + row * self->actions;
    memset(row_mask, 0, (size_t)self->actions);
    int32_t legal[256];
    int count = prelude_legal(self, r, legal);
    if (count < 0) return -1;
    for (int i = 0; i < count; i++)
        if (legal[i] >= 0 && legal[i] < self->actions) row_mask[legal[i]] = 1;
    ((int64_t *)self->seats.buf)[row] = seat;
    return 0;
}

/* advance(row, play) -> whether the row is now at an agent's turn, its tensor, mask and
   seat written: the bots' bids and cards in the row's native Play from a bot's turn where
   the Python left the row with its templates made. False: the Python goes on with the
   row (what the bots did here is in the play). */
static PyObject *vector_advance(VectorObject *self, PyObject *const *args, Py_ssize_t nargs) {
    native_state *st = state_of_type(Py_TYPE(self));
    if (!st) return NULL;
    if (nargs != 2) return argument_error(st, "advance takes 2 arguments (row, play), not %zd", nargs);
    Py_ssize_t row = PyLong_AsSsize_t(args[0]);
    if (row == -1 && PyErr_Occurred()) return NULL;
    if (row < 0 || row >= self->rows) return argument_error(st, "no row %zd", row);
    PlayObject *po;
    if (row_play(self, st, args[1], row, &po) < 0) return NULL;
    if (!po || self->games) return argument_error(st, "row %zd has no play the Python steps", row);
    int done = play_bots(self, po, row);
    if (done < 0 || (done == 0 && write_row(self, po, row) < 0)) return NULL;
    return PyBool_FromLong(done == 0);
}

/* step(plays, actions): see the file's comment. plays: per row its native Play in its
   card play, or None (the Python steps the row); actions: int64 (rows), each checked
   legal by the Python. Every row's play and action is checked before any is applied. */
static PyObject *vector_step(VectorObject *self, PyObject *const *args, Py_ssize_t nargs) {
    native_state *st = state_of_type(Py_TYPE(self));
    if (!st) return NULL;
    if (nargs != 2) return argument_error(st, "step takes 2 arguments (plays, actions), not %zd", nargs);
    PyObject *plays = args[0];
    if (!PyList_Check(plays) || PyList_GET_SIZE(plays) != self->rows)
        return argument_error(st, "plays must be a list of %zd items", self->rows);
    Py_buffer actions;
    if (buffer_of(st, args[1], &actions, "q", 8, self->rows, 0, "actions") < 0) return NULL;
    const kernel *k = &self->kernel->k;
    const int64_t *ids = actions.buf;
    int8_t *status = self->status.buf;
    for (Py_ssize_t row = 0; row < self->rows; row++) { /* check everything first */
        PlayObject *po;
        if (row_play(self, st, PyList_GET_ITEM(plays, row), row, &po) < 0) goto fail;
        if (!po && self->pre && self->pre[row].active) { /* before the play (vector_blind.c) */
            int32_t legal[256];
            int count = prelude_legal(self, &self->pre[row], legal), found = 0;
            if (count < 0) goto fail;
            for (int i = 0; i < count && !found; i++) found = legal[i] == ids[row];
            if (!found) {
                argument_error(st, "row %zd: %lld is not a legal action", row, (long long)ids[row]);
                goto fail;
            }
            continue;
        }
        if (!po) continue;
        if (self->kinds[po->p.actor] != KIND_AGENT) {
            argument_error(st, "row %zd: seat %d, to play, is a bot's", row, po->p.actor);
            goto fail;
        }
        int64_t id = ids[row];
        int legal = id >= 0 && id < self->actions;
        if (legal && bidding(po)) {
            if ((legal = legal_bid(po, (long)id)) < 0) goto fail;
        } else if (legal) {
            legal = id < k->size && (legal_ids(k, &po->p) >> id & 1);
        }
        if (!legal) {
            argument_error(st, "row %zd: %lld is not a legal action", row, (long long)id);
            goto fail;
        }
    }
    for (Py_ssize_t row = 0; row < self->rows; row++) {
        PlayObject *po = (PlayObject *)PyList_GET_ITEM(plays, row);
        status[row] = 1;
        if (self->games) { /* the row's game is kept here (vector_deal.c) */
            int seat = (PyObject *)po == Py_None ? self->pre[row].actor : po->p.actor;
            int failed = (PyObject *)po == Py_None ? prelude_apply(self, &self->pre[row], (long)ids[row])
                                                  : apply(self, po, (long)ids[row], row);
            if (failed < 0 || kept_go(self, plays, row, seat) < 0) goto fail;
            status[row] = 0;
            continue;
        }
        if ((PyObject *)po == Py_None) continue;
        int auction_before = bidding(po);
        if (apply(self, po, (long)ids[row], row) < 0) goto fail;
        status[row] = 2;
        if (auction_before && !bidding(po)) {
            if (self->standard) continue; /* the Python starts the play: Standard's cards read its table */
            start_play(self, po, row);
        }
        int done = play_bots(self, po, row);
        if (done < 0) goto fail;
        if (done) continue;
        if (write_row(self, po, row) < 0) goto fail;
        status[row] = 0;
    }
    PyBuffer_Release(&actions);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&actions);
    return NULL;
}

static PyMethodDef vector_methods[] = {
    {"step", (PyCFunction)(void (*)(void))vector_step, METH_FASTCALL,
     "step(plays, actions): every row's card and its bots', natively where the row plays."},
    {"advance", (PyCFunction)(void (*)(void))vector_advance, METH_FASTCALL,
     "advance(row, play) -> whether the bots played to an agent's turn, the row written."},
    {"blind_setup", (PyCFunction)vector_blind_setup, METH_VARARGS,
     "blind_setup(source, ids, relevant, numbers): rows may begin before their play here."},
    {"keep_setup", (PyCFunction)vector_keep_setup, METH_VARARGS,
     "keep_setup(tensors, new_game, result, ...): every row's game is kept here from now on."},
    {"keep", (PyCFunction)vector_keep, METH_VARARGS,
     "keep(plays, row): the row's next game starts here, to an agent's turn."},
    {"log", (PyCFunction)vector_log, METH_O,
     "log(row) -> (ids taken since the last call, new games begun since)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot vector_slots[] = {
    {Py_tp_new, vector_new},
    {Py_tp_dealloc, vector_dealloc},
    {Py_tp_traverse, vector_traverse},
    {Py_tp_methods, vector_methods},
    {Py_tp_doc, "The native step of spadeslib.vector.SpadesVectorEnv."},
    {0, NULL},
};

static PyType_Spec vector_spec = {
    "spadeslib._native.Vector", sizeof(VectorObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, vector_slots,
};

int vector_exec(PyObject *module) {
    PyObject *type = PyType_FromModuleAndSpec(module, &vector_spec, NULL);
    if (!type) return -1;
    int status = PyModule_AddType(module, (PyTypeObject *)type);
    Py_DECREF(type);
    return status;
}
