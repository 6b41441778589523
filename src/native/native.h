/* The CPython side of the native core: the objects, the module state and the checks at
 * the boundary, shared by the files that define them; the declarations are grouped by the
 * file that defines them, in the order the types need.
 *
 * One include order: a .c file that touches Python includes "native.h" first (it brings
 * Python.h, which must come before any standard header, then spades.h), then the inline
 * rules it uses ("rules.h", "strategy.h"), then any other header (<structmember.h>,
 * <math.h>); shuffle.c, which touches no Python, includes "spades.h" alone. */
#ifndef SPADESLIB_NATIVE_MODULE_H
#define SPADESLIB_NATIVE_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "spades.h"

/* -- module.c: the module's set-up and its state ----------------------------------------- */

typedef struct native_state {
    PyObject *argument_error, *search_timeout;
    PyObject *zero, *sixty_four;
    PyTypeObject *kernel_type, *play_type, *table_type, *tensors_type, *game_loop_type;
    PyTypeObject *state_core_type;
    /* the names game.c looks up on a Game and its state */
    PyObject *str_play, *str_deals_played, *str_legal_ids, *str_apply_id, *str_apply_step;
    PyObject *str_play_over;
    PyObject *str_current_player, *str_is_over;
} native_state;

extern PyModuleDef native_module;
native_state *state_of_type(PyTypeObject *type);

/* -- args.c: the checks and conversions of the arguments -------------------------------- */

PyObject *argument_error(native_state *st, const char *format, ...);
int mask_from_py(native_state *st, PyObject *obj, int size, mask_t *out, const char *what);
PyObject *mask_to_py(mask_t mask);
/* A new list of `n` ints, or of `n` masks as Python ints; NULL with an error set. */
PyObject *ints_list(const int *values, int n);
PyObject *long_longs_list(const long long *values, int n);
PyObject *masks_list(const mask_t *masks, int n);
int int_in(native_state *st, PyObject *obj, long low, long high, long *out, const char *what);
/* A sequence of exactly `length` items (any length when length < 0), as a new list. */
PyObject *sequence_of(native_state *st, PyObject *obj, Py_ssize_t length, const char *what);
int contracts_from_py(native_state *st, const kernel *k, PyObject *obj, int *out, const char *what);
/* A bytes-like table of `length` bytes, each below `limit`; a sequence of `length` masks. */
int bytes_table(native_state *st, PyObject *obj, Py_ssize_t length, int limit, uint8_t *out,
                const char *what);
int masks_table(native_state *st, PyObject *obj, Py_ssize_t length, int size, mask_t *out,
                const char *what);
int bits_from_py(native_state *st, const kernel *k, PyObject *obj, int most, uint8_t *out,
                 int *count, const char *what);

/* -- cache.c: the tables filled on demand --------------------------------------------------- */

/* A table filled on demand from Python (legal bids by auction context, scores by a side's
   contract and tricks): open addressing on 64-bit keys, values in a side array. */
typedef struct cache {
    uint64_t *keys;    /* 0 = empty; stored keys are never 0 (auction.c's start at 1) */
    int32_t *slots;    /* index of the entry's values */
    int32_t *values;
    size_t capacity, used, width, values_used, values_capacity;
} cache;

void native_cache_init(cache *c);
void native_cache_free(cache *c);
/* The values of `key` (a count, then that many ints), or NULL. */
const int32_t *native_cache_get(const cache *c, uint64_t key);
/* Store `count` ints under `key`; returns the stored copy, or NULL on memory error. */
const int32_t *native_cache_put(cache *c, uint64_t key, const int32_t *values, int count);
/* Store the ids of `answer` (a Python source's answer, a new reference, stolen; NULL if
   the call failed) under `key`: `low_n` to `high_n` of them (at most 256), each 0 to
   `high`. Returns the stored copy, or NULL with an error set: an ArgumentError saying
   "the source gave N <plural>" or naming `one`. */
const int32_t *native_cache_answer(native_state *st, cache *c, uint64_t key, PyObject *answer,
                                   Py_ssize_t low_n, Py_ssize_t high_n, long high,
                                   const char *plural, const char *one);

/* -- kernel_type.c: the Kernel type ---------------------------------------------------------- */

typedef struct KernelObject {
    PyObject_HEAD
    kernel k;
    shuffler shuffle;
    uint8_t orders[MAX_PLAYERS][MAX_PLAYERS];   /* bidding order per dealer */
    uint8_t captains[MAX_PLAYERS][MAX_SIDES];   /* the side's first bidder, per dealer */
    int partnership;
    cache bids;    /* auction context -> legal bid ids */
    cache scores;  /* side's contract and tricks -> points, bags, sets, events */
    PyObject *bid_source;    /* Python: the legal bids of a context */
    PyObject *score_source;  /* Python: the score of a side's deal */
    /* the variant's bags (scoring/bags.py add_bags): counted, the limit, its penalty, and
       whether the count goes back to 0 at the limit (else the remainder is kept) */
    int bags_counted, bags_limit, bags_penalty, bags_reset;
} KernelObject;

extern PyType_Spec kernel_spec;

/* -- deal.c: the seeded deal, and the Kernel's methods that deal -------------------------- */

int deal_order(const kernel *k, const uint8_t *order, int dealer, int cut, int per_hand, mask_t *hands,
               uint8_t *rest);
int deal_cards(const KernelObject *kernel, uint64_t seed, int64_t index, int dealer, int cut,
               int per_hand, mask_t *hands, uint8_t *rest);
PyObject *kernel_deal(KernelObject *self, PyObject *args);
PyObject *kernel_deal_order(KernelObject *self, PyObject *args);

/* -- table.c: the 2-D result tables ---------------------------------------------------------- */

/* A 2-D table of int32 with the buffer protocol (numpy.asarray takes it without a copy). */
typedef struct TableObject {
    PyObject_HEAD
    int32_t *data;
    Py_ssize_t shape[2], strides[2];
    Py_ssize_t exports;
} TableObject;

extern PyType_Spec table_spec;
TableObject *table_new(native_state *st, Py_ssize_t rows, Py_ssize_t columns);

/* -- auction.c: the first round of an auction ------------------------------------------------ */

/* The action ids the auction reads (spadeslib.compiler.action_ids.ActionSpace). */
typedef struct ids {
    int nil, bid, nil_partner, partner_nil, both_nil, top;
} ids_t;

#define NO_BID (-3)
#define NIL (-1)

typedef struct auction {
    int bids[MAX_PLAYERS];
    int contracts[MAX_SIDES];
    int nils, sides_bid, step, steps;
    uint8_t order[MAX_PLAYERS];
} auction;

const int32_t *legal_bids(KernelObject *self, native_state *st, int kind, int partners_count,
                          const int *partners, int trumps, int last, int total);
void auction_start(const KernelObject *self, auction *a, int dealer);
/* The score table keeps bags before a deal up to SCORE_BAGS, so that after it (at most
   MAX_CARDS / 2 more) they still fit its key (8 bits); the playouts take standings up to
   these. */
#define SCORE_BAGS (255 - MAX_CARDS / 2)
#define SCORE_SETS 30

/* A side's deal, scored into `out`: points, bags after, sets after, wins; 0, or -1 with an
   error set. The places: the side's seats (by their index in it) that bid Nil, Blind Nil. */
int side_score(KernelObject *self, native_state *st, int side, int contract, int nil_places, int blind_places,
               int bids_itself, const int *tricks, long long bags, long long sets, int32_t *out);
/* The legal ids of the seat to bid (a count, then the ids), or NULL with an error set;
   trumps: the trumps in its hand. */
const int32_t *auction_legal(KernelObject *self, native_state *st, const auction *a, int trumps,
                             const int *relevant);
/* Record bid `id` by the seat to bid: 0, or -1 (nothing changed) if it is no bid. */
int auction_apply(const KernelObject *self, const ids_t *ids, auction *a, int id);
void auction_leader_bids(const kernel *k, const auction *a, int bids_itself, int *out);

/* -- play.c: the Play type ----------------------------------------------------------------- */

typedef struct PlayObject {
    PyObject_HEAD
    KernelObject *kernel;
    play p;
    uint16_t ids[MAX_CARDS + MAX_PLAYERS]; /* the id of every action applied, in order */
    int played_count;       /* actions applied (the length of ids) */
    /* a deal that starts with the auction's first round (start_auction) */
    int with_auction, bidding, dealer;
    auction a;
    ids_t bid_ids;
    int relevant[3];
} PlayObject;

extern PyType_Spec play_spec;
PyObject *native_start_auction(PyObject *module, PyObject *args);
/* For game.c: the legal ids now; apply an id: 0 played, 1 played and the play is over,
   -1 refused (nothing changed), -2 error */
PyObject *native_play_legal_ids(PlayObject *self);
/* A new Play of `owner`'s rules, empty (no hands, no auction), not yet tracked by the
   collector: its maker fills it, then tracks it */
PlayObject *native_play_alloc(PyTypeObject *type, KernelObject *owner);
int native_play_apply(PlayObject *self, PyObject *arg);

/* -- the other jobs' entry points ----------------------------------------------------------- */

/* playout.c */
PyObject *kernel_playouts(KernelObject *self, PyObject *args, PyObject *kwargs);
PyObject *kernel_standard_playouts(KernelObject *self, PyObject *args);
const char *native_cpu_features(void);
/* points.c */
PyObject *kernel_quick_bids(KernelObject *self, PyObject *args);
/* determinize.c */
PyObject *native_place(PyObject *module, PyObject *args);
/* solver.c: the double-dummy solver's functions */
int solver_exec(PyObject *module);
/* vector.c: the vector environment's native step */
int vector_exec(PyObject *module);
/* tensors.c */
extern PyType_Spec tensors_spec;

/* What a tensor is written from (tensors.c: fill reads it off the state, checked, before
   anything is written; vector_deal.c makes it from a row's own fields). */
typedef struct view {
    long seat, info, seen, over, actor, dealer, phase, broken, trick_number, deals, leader, top_card;
    long side_blind, sides_bid;
    mask_t hands[MAX_PLAYERS], first[MAX_PLAYERS], passed, given, received, taken, discarded;
    int has_first, trick_count, cut_count, cut_given_count, tricks_count, auction_count;
    uint8_t trick[MAX_PLAYERS], cut[MAX_CARDS], cut_given[MAX_PLAYERS];
    long bids[MAX_PLAYERS], contracts[MAX_SIDES], tricks[MAX_PLAYERS];
    long long scores[MAX_SIDES], bags[MAX_SIDES], sets[MAX_SIDES];
    uint8_t leaders[MAX_TRICKS], counts[MAX_TRICKS], cards[MAX_TRICKS][MAX_PLAYERS];
    uint8_t who[4 * MAX_PLAYERS + 2];
    int16_t column[4 * MAX_PLAYERS + 2];
} view;

/* Whether `obj` is a Tensors of `kernel` whose tensors (the information state's, with
   info) are `size` entries: 0, or -1 with an error set. */
int native_tensors_check(native_state *st, PyObject *obj, const KernelObject *kernel, int info, long size);
/* The tensor `v` says, into `out` (a Tensors the check passed; the tensor's entries). */
void native_tensors_write(PyObject *tensors, const view *v, float *out);
/* Only the pieces a deal's end changes besides the cards (whose turn, the dealer, the
   phase, the scores, bags and sets, the deal's number) rewritten from `v`. */
void native_tensors_standing(PyObject *tensors, const view *v, float *out);
PyObject *native_float_list(PyObject *module, PyObject *obj);
PyObject *native_mark(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
/* game.c */
extern PyType_Spec game_loop_spec, state_core_spec;

/* game.c: the base of the engine's State, whose two fields the loop reads */
typedef struct StateCoreObject {
    PyObject_HEAD
    PyObject *play, *deals_played;
} StateCoreObject;

#endif
