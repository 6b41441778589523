/* A vector row's game kept natively from deal to deal: the deal's end (its score, the
 * game's numbers and its end), the next deal (the seeded shuffle, the blind decisions'
 * start and the tensors a deal starts from) and the next game.
 *
 * Why: with the cards, the bids and the blind decisions native, every row that still
 * went to the Python was a deal's end, some 190 microseconds each through the engine
 * (score, record, deal, start the phases, make the templates): four fifths of a step's
 * time. Here the row's game is a few numbers (kept), and the Python's Game for the row
 * only catches up when someone looks at it (Vector.log: the ids taken since, replayed
 * through the engine, which checks each one; vector/native_deals.py).
 *
 * The rules are still the engine's: a side's score comes from the kernel's table of the
 * engine's answers (auction.c side_score), and whether the game is over, where it may be
 * (finish_deal in engine/core/phases/end.py: an instant win, a standing that ends the
 * game, the deal limit, the target reached), is asked of the engine (keep_setup's
 * `result`); the deal is shuffle.c's, which is the engine's shuffle; the blind decisions
 * start as blind.py start and flow.py start_deal start them (vector_blind.c); the
 * tensors a deal starts from are tensors.c's, from the row's fields. Only the variants
 * vector/native_deals.py hands here come (the deal's before its play is vector_blind.c's,
 * no card cut or taken from the leftovers, no Standard seat); the tests step rows beside
 * single Games. */
#include "vector.h"

static native_state *state_of(VectorObject *self) { return state_of_type(Py_TYPE(self)); }

int kept_log(VectorObject *self, Py_ssize_t row, long id) {
    if (!self->games) return 0;
    kept *g = &self->games[row];
    if (g->count == g->capacity) {
        Py_ssize_t capacity = g->capacity ? 2 * g->capacity : 256;
        uint16_t *log = PyMem_Realloc(g->log, (size_t)capacity * sizeof *log);
        if (!log) {
            PyErr_NoMemory();
            return -1;
        }
        g->log = log;
        g->capacity = capacity;
    }
    g->log[g->count++] = (uint16_t)id;
    return 0;
}

void kept_free(VectorObject *self) {
    keep_setup *s = &self->keep;
    Py_buffer *views[] = {&s->seat_rewards, &s->rewards, &s->terminated, &s->truncated, &s->finals};
    for (int i = 0; i < s->held; i++) PyBuffer_Release(views[i]);
    s->held = 0;
    if (self->games)
        for (Py_ssize_t row = 0; row < self->rows; row++) PyMem_Free(self->games[row].log);
    PyMem_Free(self->games);
    self->games = NULL;
    Py_CLEAR(s->tensors);
    Py_CLEAR(s->new_game);
    Py_CLEAR(s->result);
}

/* The row's next deal, dealt and started (flow.py start_deal; blind.py start), and each
   agent seat's template its tensor now (tensors.c, from the row's fields). */
static int start_deal(VectorObject *self, Py_ssize_t row) {
    const kernel *k = &self->kernel->k;
    kept *g = &self->games[row];
    prelude *r = &self->pre[row];
    int players = k->players, sides = k->sides;
    memset(r, 0, sizeof *r);
    uint8_t rest[MAX_CARDS];
    deal_cards(self->kernel, g->seed, g->deals, g->dealer, 0, k->hand_size, r->hands, rest);
    auction_start(self->kernel, &r->a, g->dealer);
    r->dealer = g->dealer;
    r->first_deal = g->first_deal;
    const keep_setup *s = &self->keep;
    for (int side = 0; side < sides; side++) { /* compiler/bidding/blind.py key: behind, clamped */
        long long most = 0;
        int first = 1;
        for (int other = 0; other < sides; other++)
            if (other != side && (first || g->scores[other] > most)) {
                most = g->scores[other];
                first = 0;
            }
        long long behind = first ? 0 : most - g->scores[side];
        if (behind < s->behind_low) behind = s->behind_low;
        if (behind > s->behind_high) behind = s->behind_high;
        r->behind[side] = s->has_behind ? (int)behind : 0;
        r->captains[side] = self->kernel->captains[g->dealer][side];
    }
    r->active = 1;
    if (prelude_start(self, r) < 0) return -1;
    Py_ssize_t size = self->at[L_SIZE];
    float *templates = (float *)self->templates.buf + row * players * size;
    memset((uint64_t *)self->received.buf + row * players * 4, 0, (size_t)players * 4 * sizeof(uint64_t));
    view v;
    memset(&v, 0, sizeof v);
    v.info = s->info;
    v.seen = r->seen;
    v.actor = r->actor;
    v.dealer = g->dealer;
    v.phase = r->phase == PRE_BLIND ? self->blind.phase_blind : self->blind.phase_bid;
    v.deals = g->deals;
    v.top_card = -1;
    for (int seat = 0; seat < players; seat++) {
        v.hands[seat] = r->hands[seat];
        v.bids[seat] = NO_BID;
    }
    memcpy(v.scores, g->scores, sizeof v.scores);
    memcpy(v.bags, g->bags, sizeof v.bags);
    memcpy(v.sets, g->sets, sizeof v.sets);
    for (int seat = 0; seat < players; seat++) {
        if (self->kinds[seat] != KIND_AGENT) continue;
        v.seat = seat;
        native_tensors_write(s->tensors, &v, templates + seat * size);
    }
    return 0;
}

/* The row's next game (keep_setup's new_game: its seed and first dealer), its first deal
   started. */
static int new_game(VectorObject *self, Py_ssize_t row) {
    native_state *st = state_of(self);
    PyObject *answer = PyObject_CallFunction(self->keep.new_game, "n", row);
    if (!answer) return -1;
    PyObject *seed_obj = NULL;
    long dealer = -1;
    unsigned long long seed = 0;
    int good = PyTuple_Check(answer) && PyArg_ParseTuple(answer, "Ol", &seed_obj, &dealer) && PyLong_Check(seed_obj);
    if (good) {
        seed = PyLong_AsUnsignedLongLong(seed_obj);
        good = !PyErr_Occurred() && dealer >= 0 && dealer < self->kernel->k.players;
    }
    Py_DECREF(answer);
    if (!good) {
        PyErr_Clear();
        argument_error(st, "new_game must give (seed, dealer): a seed from 0 to 2**64-1 and a seat");
        return -1;
    }
    kept *g = &self->games[row];
    g->seed = seed;
    g->dealer = (int)dealer;
    g->deals = 0;
    g->first_deal = 1;
    memset(g->scores, 0, sizeof g->scores);
    memset(g->bags, 0, sizeof g->bags);
    memset(g->sets, 0, sizeof g->sets);
    g->games++;
    g->count = 0; /* the Python's Game will be a new one: the last game's ids are no use */
    return start_deal(self, row);
}

/* Whether the game may be over after this deal, as finish_deal asks: an instant win, a
   standing that ends the game, the deal limit, the target. */
static int may_end(const VectorObject *self, const kept *g, int wins) {
    const keep_setup *s = &self->keep;
    if (wins || (s->deal_limit && g->deals >= s->deal_limit)) return 1;
    for (int side = 0; side < self->kernel->k.sides; side++) {
        if (s->has_target && g->scores[side] >= s->target) return 1;
        if (s->ends_on_standing && ((s->has_losing && g->scores[side] <= s->losing) ||
                                    (s->has_sets_limit && g->sets[side] >= s->sets_limit)))
            return 1;
    }
    return 0;
}

/* keep_setup's result: whether the game is over, and each seat's return if it is. */
static int game_over(VectorObject *self, const kept *g, const int *wins, float *returns) {
    native_state *st = state_of(self);
    const kernel *k = &self->kernel->k;
    PyObject *answer = PyObject_CallFunction(self->keep.result, "NNNiN", long_longs_list(g->scores, k->sides),
                                             long_longs_list(g->bags, k->sides), long_longs_list(g->sets, k->sides),
                                             g->deals, ints_list(wins, k->sides));
    if (!answer) return -1;
    PyObject *list = sequence_of(st, answer, 2, "a game's result");
    Py_DECREF(answer);
    if (!list) return -1;
    int over = PyObject_IsTrue(PyList_GET_ITEM(list, 0));
    PyObject *values = over > 0 ? sequence_of(st, PyList_GET_ITEM(list, 1), k->players, "returns") : NULL;
    Py_DECREF(list);
    if (over <= 0) return over;
    if (!values) return -1;
    for (int s = 0; s < k->players; s++) returns[s] = (float)PyFloat_AsDouble(PyList_GET_ITEM(values, s));
    Py_DECREF(values);
    return PyErr_Occurred() ? -1 : 1;
}

/* The deal of the row's play `po` is over (the last card taken): score it, end the
   episode as vector/__init__.py step does (its rewards and final tensor), and deal the
   next deal, or start the next game. `seat`: the agent's who acted in this step. */
static int end_deal(VectorObject *self, PyObject *plays, Py_ssize_t row, PlayObject *po, int seat) {
    native_state *st = state_of(self);
    const kernel *k = &self->kernel->k;
    const keep_setup *s = &self->keep;
    kept *g = &self->games[row];
    prelude *r = &self->pre[row];
    int players = k->players, sides = k->sides, wins[MAX_SIDES], any_win = 0;
    int32_t score[MAX_SIDES][4];
    for (int side = 0; side < sides; side++) { /* end.py side_contracts */
        int nils = 0, blind_nils = 0;
        for (int m = 0; m < k->side_size[side]; m++) {
            int bid = r->a.bids[k->side_seats[side][m]];
            nils |= (bid == NIL) << m;
            blind_nils |= (bid == -2) << m; /* BLIND_NIL */
        }
        if (side_score(self->kernel, st, side, r->a.contracts[side], nils, blind_nils, 0, po->p.tricks,
                       g->bags[side], g->sets[side], score[side]) < 0)
            return -1;
    }
    for (int side = 0; side < sides; side++) {
        g->scores[side] += score[side][0];
        g->bags[side] = score[side][1];
        g->sets[side] = score[side][2];
        wins[side] = score[side][3];
        any_win |= wins[side];
    }
    g->deals++;
    float returns[MAX_PLAYERS] = {0};
    int over = may_end(self, g, any_win) ? game_over(self, g, wins, returns) : 0;
    if (over < 0) return -1;
    float *earned = (float *)s->seat_rewards.buf + row * players;
    int ended = 1, truncated = 0;
    if (!s->episode_game) {
        for (int p = 0; p < players; p++) earned[p] = (float)score[k->side_of[p]][0];
    } else if (over) {
        memcpy(earned, returns, (size_t)players * sizeof *earned);
    } else {
        ended = truncated = s->max_deals && g->deals >= s->max_deals;
    }
    if (ended) {
        ((uint8_t *)(truncated ? s->truncated.buf : s->terminated.buf))[row] = 1;
        ((float *)s->rewards.buf)[row] = earned[seat];
    }
    Py_ssize_t size = self->at[L_SIZE];
    float *final = (float *)s->finals.buf + row * size;
    float *templates = (float *)self->templates.buf + row * players * size;
    if (PyList_SetItem(plays, row, Py_NewRef(Py_None)) < 0) return -1; /* (the play released) */
    if (over) { /* the game's last tensor: its last deal, played, and the game's numbers */
        const uint64_t *received = (const uint64_t *)self->received.buf + (row * players + seat) * 4;
        write_tensor(self, &po->p, seat, templates + seat * size, received, final);
        view v;
        memset(&v, 0, sizeof v);
        v.seat = seat;
        v.over = 1;
        v.actor = -1;
        v.dealer = g->dealer;
        v.phase = s->phase_over;
        v.deals = g->deals;
        memcpy(v.scores, g->scores, sizeof v.scores);
        memcpy(v.bags, g->bags, sizeof v.bags);
        memcpy(v.sets, g->sets, sizeof v.sets);
        native_tensors_standing(s->tensors, &v, final);
        return new_game(self, row);
    }
    g->first_deal = 0;
    g->dealer = (g->dealer + 1) % players;
    if (start_deal(self, row) < 0) return -1;
    if (ended) memcpy(final, templates + seat * size, (size_t)size * sizeof *final);
    return truncated ? new_game(self, row) : 0;
}

int kept_go(VectorObject *self, PyObject *plays, Py_ssize_t row, int seat) {
    prelude *r = &self->pre[row];
    for (;;) {
        PyObject *item = PyList_GET_ITEM(plays, row);
        PlayObject *po;
        if (item == Py_None) {
            if (r->active) {
                int done = prelude_bots(self, r, row);
                if (done < 0) return -1;
                if (!done) return write_prelude_row(self, r, row);
            }
            po = prelude_play(self, r, row);
            if (!po) return -1;
            PyList_SetItem(plays, row, (PyObject *)po); /* (the list's None released) */
        } else {
            po = (PlayObject *)item;
        }
        int done = play_bots(self, po, row);
        if (done < 0) return -1;
        if (!done) return write_row(self, po, row);
        if (!po->p.done || seat < 0) { /* (never: an agent holds cards to the deal's end) */
            argument_error(state_of(self), "row %zd: the bots stopped before an agent's turn", row);
            return -1;
        }
        Py_INCREF(po); /* (end_deal takes it off the list) */
        int status = end_deal(self, plays, row, po, seat);
        Py_DECREF(po);
        if (status < 0) return -1;
    }
}

/* -- the Python side's calls -------------------------------------------------------------- */

/* keep_setup(tensors, new_game, result, seat_rewards, rewards, terminated, truncated, finals,
   numbers): from now on every row's game is kept here (vector/native_deals.py), after
   blind_setup. tensors: the variant's Tensors (engine/views/tensors.py); new_game(row) ->
   (seed, first dealer) of the row's next game; result(scores, bags, sets, deals played,
   wins) -> (over, each seat's return): the engine's end of a game after a deal; the
   arrays the step hands out: seat_rewards float32 (rows, players), rewards float32 (rows),
   terminated and truncated bool (rows), finals float32 (rows, length): a row's final tensor
   when its episode ended. numbers: the information state (0 or 1), episodes of a game
   (0 or 1), the env's cap on a game's deals (0: none), the variant's deal limit (0:
   none), whether a standing ends the game, the phase piece's column of the game's end;
   then pairs (whether there is one, the value): the blind options' behind range (low,
   high: a pair of its own each), the target, the losing score, the sets in a row that
   lose. */
PyObject *vector_keep_setup(VectorObject *self, PyObject *args) {
    native_state *st = state_of(self);
    const kernel *k = &self->kernel->k;
    PyObject *tensors, *new_game_source, *result, *arrays[5], *numbers_obj;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &tensors, &new_game_source, &result, &arrays[0], &arrays[1],
                          &arrays[2], &arrays[3], &arrays[4], &numbers_obj))
        return NULL;
    if (!self->pre) return argument_error(st, "call blind_setup first");
    if (!PyCallable_Check(new_game_source) || !PyCallable_Check(result))
        return argument_error(st, "new_game and result must be callable");
    PyObject *list = sequence_of(st, numbers_obj, 16, "numbers");
    if (!list) return NULL;
    long n[16];
    for (int i = 0; i < 16; i++)
        if (int_in(st, PyList_GET_ITEM(list, i), -(1L << 40), 1L << 40, &n[i], "numbers") < 0) {
            Py_DECREF(list);
            return NULL;
        }
    Py_DECREF(list);
    if (n[0] < 0 || n[0] > 1 || n[1] < 0 || n[1] > 1 || n[2] < 0 || n[3] < 0 || n[4] < 0 || n[4] > 1 ||
        n[5] < 0 || n[5] > self->at[L_SIZE] - 1 - self->at[L_PHASE])
        return argument_error(st, "keep_setup: a number out of range");
    if (native_tensors_check(st, tensors, self->kernel, (int)n[0], self->at[L_SIZE]) < 0) return NULL;
    struct { const char *format; Py_ssize_t itemsize, length; const char *what; } specs[] = {
        {"f", 4, self->rows * k->players, "seat_rewards"}, {"f", 4, self->rows, "rewards"},
        {"?", 1, self->rows, "terminated"}, {"?", 1, self->rows, "truncated"},
        {"f", 4, self->rows * self->at[L_SIZE], "finals"},
    };
    Py_buffer views[5];
    int held = 0;
    for (; held < 5; held++) /* all taken before anything of the rows' changes */
        if (buffer_of(st, arrays[held], &views[held], specs[held].format, specs[held].itemsize,
                      specs[held].length, 1, specs[held].what) < 0)
            break;
    kept *games = held == 5 ? PyMem_Calloc((size_t)self->rows, sizeof *games) : NULL;
    if (!games) {
        for (int i = 0; i < held; i++) PyBuffer_Release(&views[i]);
        return held == 5 ? PyErr_NoMemory() : NULL;
    }
    kept_free(self);
    keep_setup *s = &self->keep;
    Py_buffer *mine[] = {&s->seat_rewards, &s->rewards, &s->terminated, &s->truncated, &s->finals};
    for (int i = 0; i < 5; i++) *mine[i] = views[i];
    s->held = 5;
    self->games = games;
    s->tensors = Py_NewRef(tensors);
    s->new_game = Py_NewRef(new_game_source);
    s->result = Py_NewRef(result);
    s->info = (int)n[0];
    s->episode_game = (int)n[1];
    s->max_deals = (int)n[2];
    s->deal_limit = (int)n[3];
    s->ends_on_standing = (int)n[4];
    s->phase_over = (int)n[5];
    s->has_behind = n[6] != 0;
    s->behind_low = (int)n[7];
    s->behind_high = (int)n[9];
    s->has_target = n[10] != 0;
    s->target = n[11];
    s->has_losing = n[12] != 0;
    s->losing = n[13];
    s->has_sets_limit = n[14] != 0;
    s->sets_limit = n[15];
    Py_RETURN_NONE;
}

/* keep(plays, row): row `row`'s next game starts here (new_game), and the bots play to an
   agent's turn; the row's tensor, mask and seat written. */
PyObject *vector_keep(VectorObject *self, PyObject *args) {
    native_state *st = state_of(self);
    PyObject *plays;
    Py_ssize_t row;
    if (!PyArg_ParseTuple(args, "On", &plays, &row)) return NULL;
    if (!self->games) return argument_error(st, "call keep_setup first");
    if (!PyList_Check(plays) || PyList_GET_SIZE(plays) != self->rows)
        return argument_error(st, "plays must be a list of %zd items", self->rows);
    if (row < 0 || row >= self->rows) return argument_error(st, "no row %zd", row);
    if (PyList_SetItem(plays, row, Py_NewRef(Py_None)) < 0) return NULL;
    if (new_game(self, row) < 0 || kept_go(self, plays, row, -1) < 0) return NULL;
    Py_RETURN_NONE;
}

/* log(row) -> (ids, games): the ids row `row`'s game took since the last call, oldest
   first, and how many new games it began since (then the ids are the last one's). */
PyObject *vector_log(VectorObject *self, PyObject *arg) {
    native_state *st = state_of(self);
    Py_ssize_t row = PyLong_AsSsize_t(arg);
    if (row == -1 && PyErr_Occurred()) return NULL;
    if (!self->games || row < 0 || row >= self->rows) return argument_error(st, "no row %zd kept here", row);
    kept *g = &self->games[row];
    PyObject *ids = PyList_New(g->count);
    if (!ids) return NULL;
    for (Py_ssize_t i = 0; i < g->count; i++) PyList_SET_ITEM(ids, i, PyLong_FromLong(g->log[i]));
    PyObject *out = Py_BuildValue("(Ni)", ids, g->games);
    if (out) g->count = g->games = 0;
    return out;
}
