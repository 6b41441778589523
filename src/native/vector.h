/* The vector environment's native step, shared by its files: vector.c (the type, the
 * step, the bots), vector_write.c (a row's tensor written over its template) and
 * vector_blind.c (a row before its play where a seat may bid Blind Nil). */
#ifndef SPADESLIB_VECTOR_H
#define SPADESLIB_VECTOR_H

#include "native.h"
#include "tensor_rows.h"

/* the pieces the cards change, in the order spadeslib/vector/ hands their starts */
enum { L_SIZE, L_LOOKED, L_HAND, L_TRICK, L_PLAYED, L_TO_ACT, L_BROKEN, L_HAND_SIZES, L_TRICKS_WON,
       L_TRICK_NUMBER, L_RECEIVED, L_TRICK_CARDS, L_TRICK_LEADERS,
       /* the auction's: its pieces, then the information state's rows of decisions (-1: none) */
       L_BIDS, L_CONTRACTS, L_BLIND, L_AUCTION, L_AUCTION_ROWS, L_AUCTION_WIDTH,
       /* the phase's piece, and its columns for the bidding and the play */
       L_PHASE, L_PHASE_BID, L_PHASE_PLAY, LAYOUT };

/* what a seat is: the agent's; a random card and bid (Random); a random card, a bid from
   1 to 4 (Easy); the Standard rule's card, its bids the Python's (Standard) */
enum { KIND_AGENT = 0, KIND_RANDOM = 1, KIND_STANDARD = 2, KIND_EASY = 3 };

/* A row's deal before its play, where a seat may bid Blind Nil (vector_blind.c): the
   blind decisions, the first round of bids and the exchange after a Nil, stepped here
   with the engine's rules. */
enum { PRE_BLIND, PRE_BID, PRE_EXCHANGE, PRE_DONE };
#define PRE_ROWS (4 * MAX_PLAYERS + 2) /* the information state's rows of decisions */

typedef struct prelude {
    int active, phase, actor, seen, first_deal, dealer;
    auction a; /* the bids, contracts, Nils and turns (a.order: the bidding turns' seats) */
    int behind[MAX_SIDES]; /* each side's part of the blind options' key (the Python's) */
    uint8_t captains[MAX_SIDES]; /* the exchange's order of sides */
    mask_t hands[MAX_PLAYERS], gave[MAX_PLAYERS], taken[MAX_PLAYERS];
    uint8_t givers[2 * MAX_SIDES], counts[2 * MAX_SIDES];
    int gives, give;
    int rows;                         /* the deal's decisions' rows (information state) */
    uint8_t who[PRE_ROWS];
    int16_t column[PRE_ROWS];
} prelude;

/* What the blind step reads besides the rows (Vector.blind_setup) */
typedef struct blind_setup {
    PyObject *source; /* the blind options of a situation: the engine's, asked once each */
    cache options;
    ids_t ids;
    int relevant[3];
    int look, blind_nil, give_base, nil_count, blind_count;
    int at_given, phase_blind, phase_bid, phase_exchange, phase_play;
} blind_setup;

/* A row's game, kept here from deal to deal (vector_deal.c): what the engine's state holds
   between deals, and the ids taken since the Python last caught its Game up. */
typedef struct kept {
    uint64_t seed;
    long long scores[MAX_SIDES], bags[MAX_SIDES], sets[MAX_SIDES];
    int deals, dealer, first_deal;
    int games;          /* new games begun here since the Python last read the log */
    uint16_t *log;      /* the ids the row's game took since then (this game's only) */
    Py_ssize_t count, capacity;
} kept;

/* What the rows' deals' ends read besides the rows (Vector.keep_setup) */
typedef struct keep_setup {
    PyObject *tensors;  /* the variant's Tensors: the tensors at a deal's start */
    PyObject *new_game; /* new_game(row) -> (seed, dealer): the row's next game */
    PyObject *result;   /* result(scores, bags, sets, deals, wins) -> (over, returns) */
    Py_buffer seat_rewards, rewards, terminated, truncated, finals;
    int held;
    int info, episode_game, max_deals, deal_limit, ends_on_standing, phase_over;
    int has_behind, behind_low, behind_high, has_target, has_losing, has_sets_limit;
    long long target, losing, sets_limit;
} keep_setup;

typedef struct VectorObject {
    PyObject_HEAD
    KernelObject *kernel;
    Py_ssize_t rows, actions;
    int at[LAYOUT];
    /* the stretches of a tensor write_tensor copies from the template: all but the pieces
       it writes whole (the cards, whose turn, the counts, the tricks' history) */
    int copy[2 * LAYOUT + 2], copies;
    float by_top[MAX_CARDS + 1]; /* k / the tricks in a hand, as tensors.c divides it */
    uint8_t kinds[MAX_PLAYERS];
    int standard; /* a seat plays the Standard rule (its cards read the row's table) */
    uint8_t order[MAX_PLAYERS][MAX_PLAYERS]; /* per observer, the seats in relative order */
    uint8_t rel[MAX_PLAYERS][MAX_PLAYERS];   /* per observer, each seat's relative place */
    uint8_t side_order[MAX_PLAYERS][MAX_SIDES]; /* per observer, the sides in relative order */
    Py_buffer obs, mask, seats, templates, status, rng, tables, received, columns, marks;
    int held; /* how many of the buffers above are held (in that order) */
    prelude *pre;     /* per row, NULL until blind_setup */
    blind_setup blind;
    kept *games;      /* per row, NULL until keep_setup: then every row's game is kept here */
    keep_setup keep;
} VectorObject;

/* vector_write.c: the row's tensor for `seat` during the play, and during the auction's
   first round, each from its template (see there) */
void write_tensor(const VectorObject *self, const play *p, int seat, const float *template,
                  const uint64_t *received, float *out);
void write_auction(const VectorObject *self, const PlayObject *po, int seat, const float *template,
                   const int32_t *marks, float *out);
void start_play(const VectorObject *self, const PlayObject *po, Py_ssize_t row);
void write_bids(const VectorObject *self, const auction *a, int seat, const float *template, float *out);

/* vector_blind.c: the rows before their play (see there) */
void write_prelude(const VectorObject *self, const prelude *r, int seat, const float *template, float *out);
int prelude_legal(VectorObject *self, prelude *r, int32_t *out); /* the count, or -1 */
/* the seat to act's id applied: 0, or -1 on an error */
int prelude_apply(VectorObject *self, prelude *r, long id);
/* the bots' ids: 0 at an agent's turn, 1 when the play starts, -1 on an error */
int prelude_bots(VectorObject *self, prelude *r, Py_ssize_t row);
/* the row's play started natively where its prelude ended: the new Play, or NULL with an error set */
PlayObject *prelude_play(VectorObject *self, prelude *r, Py_ssize_t row);
/* the row's deal before its play starts: the first bidder's turn (a blind decision first) */
int prelude_start(VectorObject *self, prelude *r);
PyObject *vector_blind_setup(VectorObject *self, PyObject *args);

/* vector_deal.c: the rows' games kept here from deal to deal (see there) */
int kept_log(VectorObject *self, Py_ssize_t row, long id); /* 0, or -1 with an error set */
/* the row goes on from the agent's action (`seat`'s; -1: from the game's start) to an
   agent's turn, through the deal's end: 0, or -1 with an error set */
int kept_go(VectorObject *self, PyObject *plays, Py_ssize_t row, int seat);
void kept_free(VectorObject *self);
PyObject *vector_keep_setup(VectorObject *self, PyObject *args);
PyObject *vector_keep(VectorObject *self, PyObject *args);
PyObject *vector_log(VectorObject *self, PyObject *arg);
/* vector.c: what a row's step shares with vector_deal.c */
/* `obj`'s contiguous buffer of `length` items of `format` (writable if asked) into `view`:
   0, or -1 with an ArgumentError naming `what` */
int buffer_of(native_state *st, PyObject *obj, Py_buffer *view, const char *format, Py_ssize_t itemsize,
              Py_ssize_t length, int writable, const char *what);
int play_bots(VectorObject *self, PlayObject *po, Py_ssize_t row);
int write_row(VectorObject *self, PlayObject *po, Py_ssize_t row);
int write_prelude_row(VectorObject *self, prelude *r, Py_ssize_t row);

#endif
