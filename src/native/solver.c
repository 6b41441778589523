/* The double-dummy solver, after DDS (Bo Haglund's solver, the engine of the bridge
 * sites): a null-window alpha-beta ("can the counted seats take `target` more tricks?")
 * over the cards, a transposition table at the start of each trick whose entries keep
 * only the ranks that decided them (DDS's winning ranks: each hand's suit lengths and the
 * owners of each suit's cards down to the lowest that won a trick by its rank, so that
 * positions differing only in smaller cards are one entry; where ranks alone do not decide,
 * keyed on the cards left with the played ones squeezed out), equivalent cards tried
 * once, sure-trick bounds before searching, and a move order that tries the likely best
 * card first. A card's value is
 * found by a binary search over the target, every search sharing the table.
 *
 * Generic over the kernel: legal cards and the trick's winner come from rules.h (the
 * kernel's own functions), so trumps, jokers, two packs, the lead and the void rules are
 * the variant's. What the solver adds is only that a card is seen by its effective suit
 * and its order in it, which holds when every table the rules read treats a suit as one
 * block (checked per kernel: `merge`); where it does not, the key holds the cards
 * themselves and no two cards are merged.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <time.h>

#include "native.h"
#include "rules.h"
#include "solver.h"

#define MAX_MOVES MAX_CARDS

/* The functions of the search are HOT (spades.h): built for x86-64-v3 as well, where a
   popcount is one instruction, not a call to libgcc's __popcountdi2. GCC calls a clone's
   HOT callees' matching clones directly, so only the entry dispatches. */

/* -- the rules' view of a card -------------------------------------------------------- */

/* Whether each table that the legal cards and the breaking of spades read holds a suit
   all or nothing: then only a card's suit and its order in it matter. */
static int suits_are_blocks(const kernel *k) {
    for (int s = 0; s < NSUITS; s++) {
        mask_t suit = k->suit_masks[s];
        mask_t t = k->trumps & suit;
        if (t && t != suit) return 0;
        for (int led = 0; led < NSUITS; led++) {
            mask_t b = k->breaking[led] & suit;
            if (b && b != suit) return 0;
        }
    }
    return 1;
}

/* A card's strength when its own suit is led; trumps above everything else. */
static inline int strength(const kernel *k, int bit) {
    int suit = k->suit_of[bit];
    return k->keys[suit][bit] + (suit == TRUMPS ? 256 : 0);
}

/* Whether the highest trump left always wins its trick: one pack (no ties), trumps ranked
   by their bits, each above every other card whatever suit is led. */
static int top_trump_wins(const kernel *k) {
    if (k->packs != 1 || !k->trumps) return 0;
    for (int led = 0; led < NSUITS; led++) {
        const uint8_t *keys = k->keys[led];
        int previous = -1, lowest_trump = 256, highest_other = -1;
        for (int bit = 0; bit < k->size; bit++) {
            if (k->trumps >> bit & 1) {
                if (keys[bit] <= previous) return 0;
                previous = keys[bit];
                if (keys[bit] < lowest_trump) lowest_trump = keys[bit];
            } else if (keys[bit] > highest_other) {
                highest_other = keys[bit];
            }
        }
        if (lowest_trump <= highest_other) return 0;
    }
    return 1;
}

/* Whether a table entry may keep only the ranks that decided it (DDS's winning ranks):
   one pack, no suit of more than 16 cards (a nibble each in a word), legal cards that
   depend on suits only (must-overtrump compares ranks), and a trick's winner decided by
   suits and, within a suit, by the order of the bits: whatever suit is led, each suit's
   keys rise with its bits (or are all one value), and two suits' keys never interleave. */
static int ranks_decide(const kernel *k) {
    if (k->packs != 1 || k->void_rule == VOID_MUST_OVERTRUMP) return 0;
    for (int suit = 0; suit < NSUITS; suit++)
        if (popcount128(k->suit_masks[suit]) > 16) return 0;
    for (int led = 0; led < NSUITS; led++) {
        const uint8_t *keys = k->keys[led];
        int low[NSUITS], high[NSUITS];
        for (int suit = 0; suit < NSUITS; suit++) {
            mask_t m = k->suit_masks[suit];
            int previous = -1, rising = 1, flat = 1;
            low[suit] = 256;
            high[suit] = -1;
            while (m) {
                int bit = lowest_bit(m);
                m &= m - 1;
                if (previous >= 0) {
                    if (keys[bit] <= keys[previous]) rising = 0;
                    if (keys[bit] != keys[previous]) flat = 0;
                }
                if (keys[bit] < low[suit]) low[suit] = keys[bit];
                if (keys[bit] > high[suit]) high[suit] = keys[bit];
                previous = bit;
            }
            if (!rising && !flat) return 0;
        }
        for (int x = 0; x < NSUITS; x++)
            for (int y = x + 1; y < NSUITS; y++) {
                if (high[x] < 0 || high[y] < 0) continue;
                if (low[x] == high[x] && low[y] == high[y] && low[x] == low[y]) continue; /* neither can win */
                if (!(high[x] < low[y] || high[y] < low[x])) return 0;
            }
    }
    return 1;
}

int solver_init(solver *s, const kernel *k) {
    s->k = k;
    s->merge = suits_are_blocks(k);
    s->top_trumps = top_trump_wins(k);
    s->ranks = s->merge && ranks_decide(k);
    s->small = s->ranks;
    int cards = 0;
    for (int p = 0; p < k->players; p++) {
        cards += popcount128(s->hands[p]);
        for (mask_t m = s->hands[p]; m; m &= m - 1) s->owner[lowest_bit(m)] = (uint8_t)p;
    }
    /* each suit's owners, a nibble a card from its highest down, and each seat's length
       in it, 5 bits a seat (at most 16 cards a suit where ranks decide): kept as cards are
       played (play_and_search), for the table's key */
    s->left = 0;
    for (int p = 0; p < k->players; p++) s->left |= s->hands[p];
    for (int suit = 0; suit < NSUITS; suit++) {
        uint64_t owners = 0, lengths = 0;
        mask_t m = s->left & k->suit_masks[suit];
        for (int i = 0; m && i < 16; i++) {
            int bit = highest_bit(m);
            m &= ~bit_of(bit);
            owners |= (uint64_t)s->owner[bit] << (4 * i);
            lengths += (uint64_t)1 << (5 * s->owner[bit]);
        }
        s->owners[suit] = owners;
        s->lengths[suit] = lengths;
    }
    int log2 = cards > 44 ? 19 : cards > 36 ? 17 : cards > 24 ? 14 : cards > 12 ? 11 : 8;
    s->tt = malloc(((size_t)1 << log2) * sizeof(tt_entry)); /* a slot is read only once its tag is set */
    s->tags = calloc((size_t)1 << log2, sizeof(uint32_t));
    if (!s->tt || !s->tags) {
        solver_free(s);
        return -1;
    }
    s->tt_mask = ((size_t)1 << log2) - 1;
    s->nodes = 0;
    s->per_hand = s->trick_number + popcount128(s->hands[seat_after(k, s->leader, s->count)]);
    s->use_table = s->use_sure = 1;
    s->salt = 0;
    return 0;
}

void solver_free(solver *s) {
    free(s->tt);
    free(s->tags);
    s->tt = NULL;
    s->tags = NULL;
}

/* -- the transposition table's key ---------------------------------------------------- */

/* The table's keys of a count asked for the other seats (set_search's "at most"): its
   top bit is never set in a key of the count's own (the leader takes 4 bits below it). */
#define OTHER_SIDE_SALT 0xC4D3D905B78DB2F1ULL

/* The next target of a card's search, between `low` and `high`: halving for the first
   card (`probe` < 0), then a step at a time from the last card's value, as DDS walks: a
   hand's values are close, and halving asks targets away from the value, which are not
   free. */
static inline int next_target(int low, int high, int probe) {
    if (probe < 0) return (low + high + 1) / 2;
    return probe <= low ? low + 1 : probe > high ? high : probe;
}

/* The outcomes of at most `n` tricks (none where `n` is negative), a bit each. */
static inline uint64_t outcomes_to(int n) { return n < 0 ? 0 : n >= 63 ? ~0ULL : (2ULL << n) - 1; }

static inline uint64_t mix(uint64_t h) {
    h = (h ^ (h >> 30)) * MIX1;
    h = (h ^ (h >> 27)) * MIX2;
    return h ^ (h >> 31);
}

/* The key's words: nibbles packed into a word, each full word (and how many nibbles it
   holds, so that the stream of nibbles, read back from its end, is the one position)
   mixed into both hashes. */
typedef struct key_stream {
    uint64_t h1, h2, word;
    int used;
} key_stream;

static inline void key_flush(key_stream *ks) {
    ks->h1 = mix(mix(ks->h1 ^ ks->word) + (uint64_t)ks->used);
    ks->h2 = ((ks->h2 ^ ks->word) + (uint64_t)ks->used) * 0x9FB21C651E98DF25ULL;
    ks->h2 ^= ks->h2 >> 29;
    ks->word = 0;
    ks->used = 0;
}

static inline void key_push(key_stream *ks, uint64_t value, int nibbles) {
    if (ks->used + nibbles > 16) key_flush(ks);
    ks->word = ks->word << (4 * nibbles) | value;
    ks->used += nibbles;
}

/* The first `n` nibbles of a word of owners. */
static inline uint64_t nibbles(int n) { return n >= 16 ? ~(uint64_t)0 : ((uint64_t)1 << (4 * n)) - 1; }

/* Seconds on a monotonic clock, for a search's deadline. */
static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether to stop now (STOP_...), or 0: the deadline passed, or a signal came (Ctrl+C:
   Python's handler runs here, under the GIL taken back for the moment, and its exception
   stays set for the caller to raise). Asked every STOP_CHECK nodes, some milliseconds
   apart. */
static int stop_reason(double deadline, int signals) {
    if (deadline > 0 && now_seconds() >= deadline) return STOP_DEADLINE;
    if (signals) {
        PyGILState_STATE held = PyGILState_Ensure();
        int stop = PyErr_CheckSignals() < 0 ? STOP_SIGNAL : 0;
        PyGILState_Release(held);
        return stop;
    }
    return 0;
}

#define STOP_CHECK 0xFFFF

/* The search built at -O3 (the extension's flags say -O2): 5% less time at 13 cards,
   7% at 8 (bench/double_dummy_ab.py's positions), from GCC's loop and inlining passes on
   the search's small loops. GCC's pragma; other compilers build it at the common flags. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

/* The search, for each width of mask (solver_impl.h) */
#define M mask_t
#define SOLVER solver
#define F(name) name
#define TBL(name) (k->name)
#define BIT(b) bit_of(b)
#define LOW(m) lowest_bit(m)
#define HIGH(m) highest_bit(m)
#define POP(m) popcount128(m)
#define HI64(m) ((uint64_t)((m) >> 64))
#include "solver_impl.h" /* (which undefines its parameters) */

#define M uint64_t
#define SOLVER solver_64
#define F(name) CAT(name, _64)
#define TBL(name) (k->CAT(name, _64))
#define BIT(b) (1ULL << (b))
#define LOW(m) __builtin_ctzll(m)
#define HIGH(m) (63 - __builtin_clzll(m))
#define POP(m) __builtin_popcountll(m)
#define HI64(m) ((uint64_t)0 & (m))
#include "solver_impl.h" /* (which undefines its parameters) */

/* With up to 64 cards in the deck, the search runs on 64-bit masks: the same search,
   half the work on every mask. */
void solver_values(solver *s, int *values, mask_t focus, const int *levels) {
    if (s->k->size > 64) {
        solve_values(s, values, focus, levels);
        return;
    }
    solver_64 n;
    memcpy(&n, s, offsetof(solver_64, hands)); /* the fields before the masks, laid out alike */
    for (int p = 0; p < MAX_PLAYERS; p++) n.hands[p] = (uint64_t)s->hands[p];
    n.must_lead = (uint64_t)s->must_lead;
    n.left = (uint64_t)s->left;
    solve_values_64(&n, values, (uint64_t)focus, levels);
    s->nodes = n.nodes;
    s->stop = n.stop;
}

/* -- the Python boundary -------------------------------------------------------------- */

/* double_dummy(kernel, hands, leader, trick, broken, trick_number, must_lead, counted,
   maximizers, options=0) -> [(bit, tricks), ...]; options, for the tests that hold each
   shortcut to the plain search: 1 no table, 2 no merged cards, 4 no sure tricks, 16 no
   winning ranks (the table keyed on the whole position), 32 no small cards skipped
   (every card searched that no run merges); and 8,
   for the bench: ([(bit, tricks), ...], nodes searched). focus (a mask, 0 for none):
   only its cards' values, and any card better than all of them (so the best value is
   the highest given), for a review that asks a played card and the best. seconds (0 for
   none): a time limit, past which it raises spadeslib.errors.SearchTimeout; Ctrl+C stops
   it too (the search cannot be interrupted otherwise: it runs without the GIL). levels
   (None for none; no focus with it): a sequence of one int per outcome, levels[t] the
   maximizers' worth of the counted seats' taking t tricks from here (t from 0 to the
   cards in the hand to play); each card's value is then the highest level the
   maximizers can be sure of, where the most tricks is not the best (NYC's overtricks).
   up_to (0 for none; no levels with it): count only up to that many tricks, a card's
   value the fewer of its tricks and up_to (a Nil's question: can it be set). */
static PyObject *native_double_dummy(PyObject *module, PyObject *args) {
    native_state *st = (native_state *)PyModule_GetState(module);
    PyObject *kernel_obj, *hands_obj, *leader_obj, *trick_obj, *number_obj, *must_obj;
    PyObject *counted_obj, *max_obj, *focus_obj = NULL, *levels_obj = Py_None, *up_to_obj = NULL;
    int broken, options = 0;
    double seconds = 0;
    if (!PyArg_ParseTuple(args, "OOOOpOOOO|iOdOO", &kernel_obj, &hands_obj, &leader_obj, &trick_obj, &broken,
                          &number_obj, &must_obj, &counted_obj, &max_obj, &options, &focus_obj, &seconds,
                          &levels_obj, &up_to_obj))
        return NULL;
    long up_to = 0; /* (a cap at or above the cards in hand caps nothing) */
    if (up_to_obj && int_in(st, up_to_obj, 0, 1000000000L, &up_to, "up_to (0: count every trick)") < 0)
        return NULL;
    if (up_to && levels_obj != Py_None) return argument_error(st, "levels and up_to cannot be given together");
    if (!(seconds >= 0 && seconds <= 1e9))
        return argument_error(st, "seconds must be from 0 (no limit) to 1e9, not %R", PyTuple_GET_ITEM(args, 11));
    if (options < 0 || options > 63) return argument_error(st, "options must be from 0 to 63, not %d", options);
    if (!PyObject_TypeCheck(kernel_obj, st->kernel_type))
        return argument_error(st, "kernel must be a spadeslib._native.Kernel, not %R", kernel_obj);
    const kernel *k = &((KernelObject *)kernel_obj)->k;
    solver s;
    memset(&s, 0, sizeof s);
    long leader, number, counted, maximizers;
    if (int_in(st, leader_obj, 0, k->players - 1, &leader, "leader") < 0) return NULL;
    if (int_in(st, number_obj, 0, k->hand_size - 1, &number, "trick_number") < 0) return NULL;
    long seats = (1L << k->players) - 1;
    if (int_in(st, counted_obj, 1, seats, &counted, "counted") < 0) return NULL;
    if (int_in(st, max_obj, 0, seats, &maximizers, "maximizers") < 0) return NULL;
    if (mask_from_py(st, must_obj, k->size, &s.must_lead, "must_lead") < 0) return NULL;
    mask_t focus = 0;
    if (focus_obj && mask_from_py(st, focus_obj, k->size, &focus, "focus") < 0) return NULL;
    PyObject *hands = sequence_of(st, hands_obj, k->players, "hands");
    if (!hands) return NULL;
    mask_t seen = 0;
    for (int p = 0; p < k->players; p++) {
        if (mask_from_py(st, PyList_GET_ITEM(hands, p), k->size, &s.hands[p], "a hand") < 0) {
            Py_DECREF(hands);
            return NULL;
        }
        if (seen & s.hands[p]) {
            Py_DECREF(hands);
            return argument_error(st, "hands[%d] holds a card another hand holds", p);
        }
        seen |= s.hands[p];
    }
    Py_DECREF(hands);
    int count = 0;
    if (bits_from_py(st, k, trick_obj, k->players - 1, s.trick, &count, "trick") < 0) return NULL;
    for (int i = 0; i < count; i++) {
        if (seen >> s.trick[i] & 1)
            return argument_error(st, "the trick's card %d is also in a hand, or twice in the trick",
                                  (int)s.trick[i]);
        seen |= bit_of(s.trick[i]);
    }
    s.leader = (int)leader;
    s.count = count;
    s.broken = broken;
    s.trick_number = (int)number;
    s.counted = (int)counted;
    s.maximizers = (int)maximizers;
    int actor = seat_after(k, s.leader, count);
    int left = popcount128(s.hands[actor]);
    if (left == 0 || left > k->hand_size)
        return argument_error(st, "the seat to play (%d) holds %d cards: no position of the play", actor, left);
    for (int i = 0; i < k->players; i++) {
        int seat = seat_after(k, s.leader, i);
        int expected = i < count ? left - 1 : left;
        if (popcount128(s.hands[seat]) != expected)
            return argument_error(st, "hands[%d] holds %d cards where the trick needs %d", seat,
                                  popcount128(s.hands[seat]), expected);
    }
    int levels[MAX_CARDS + 1];
    if (levels_obj != Py_None) {
        if (focus) return argument_error(st, "levels and a focus cannot be given together");
        PyObject *list = sequence_of(st, levels_obj, left + 1, "levels (one per number of tricks from 0 to those left)");
        if (!list) return NULL;
        for (int t = 0; t <= left; t++) {
            long v;
            if (int_in(st, PyList_GET_ITEM(list, t), -1000000000L, 1000000000L, &v, "a level") < 0) {
                Py_DECREF(list);
                return NULL;
            }
            levels[t] = (int)v;
        }
        Py_DECREF(list);
    }
    if (solver_init(&s, k) < 0) return PyErr_NoMemory();
    s.up_to = (int)up_to;
    s.use_table = !(options & 1);
    if (options & 2) s.merge = 0;
    s.use_sure = !(options & 4);
    if (options & 16) s.ranks = 0;
    if (options & 32) s.small = 0;
    if (!s.ranks) s.small = 0; /* a hit of a whole-position table tells no ranks: skipping needs them */
    int values[MAX_CARDS];
    s.signals = 1; /* (a no-op off the main thread, which signals never reach) */
    s.deadline = seconds > 0 ? now_seconds() + seconds : 0;
    Py_BEGIN_ALLOW_THREADS
    solver_values(&s, values, focus, levels_obj == Py_None ? NULL : levels);
    Py_END_ALLOW_THREADS
    solver_free(&s);
    if (s.stop == STOP_SIGNAL) return NULL; /* Ctrl+C: its KeyboardInterrupt is set */
    if (s.stop == STOP_DEADLINE) {
        PyObject *limit = PyFloat_FromDouble(seconds);
        if (limit) {
            PyErr_Format(st->search_timeout,
                         "the double-dummy search did not finish within %R seconds (%ld positions searched)", limit,
                         s.nodes);
            Py_DECREF(limit);
        }
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int bit = 0; bit < k->size; bit++) {
        if (values[bit] == NO_VALUE) continue;
        PyObject *pair = Py_BuildValue("(ii)", bit, values[bit]);
        if (!pair || PyList_Append(out, pair) < 0) {
            Py_XDECREF(pair);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(pair);
    }
    if (options & 8) {
        PyObject *both = Py_BuildValue("(Nl)", out, s.nodes);
        return both;
    }
    return out;
}

static PyMethodDef solver_functions[] = {
    {"double_dummy", native_double_dummy, METH_VARARGS,
     "double_dummy(kernel, hands, leader, trick, broken, trick_number, must_lead, counted, maximizers)"
     " [, options, focus, seconds, levels, up_to] -> [(bit, tricks)]: each legal card's tricks for the counted"
     " seats (or level reached), all hands seen."},
    {NULL, NULL, 0, NULL},
};

int solver_exec(PyObject *module) { return PyModule_AddFunctions(module, solver_functions); }
