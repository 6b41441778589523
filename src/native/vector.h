/* The vector environment's native step, shared by its two files: vector.c (the type, the
 * step, the bots) and vector_write.c (a row's tensor written over its template). */
#ifndef SPADESLIB_VECTOR_H
#define SPADESLIB_VECTOR_H

#include "native.h"
#include "tensor_rows.h"

/* the pieces the cards change, in the order spadeslib/vector.py hands their starts */
enum { L_SIZE, L_LOOKED, L_HAND, L_TRICK, L_PLAYED, L_TO_ACT, L_BROKEN, L_HAND_SIZES, L_TRICKS_WON,
       L_TRICK_NUMBER, L_RECEIVED, L_TRICK_CARDS, L_TRICK_LEADERS,
       /* the auction's: its pieces, then the information state's rows of decisions (-1: none) */
       L_BIDS, L_CONTRACTS, L_BLIND, L_AUCTION, L_AUCTION_ROWS, L_AUCTION_WIDTH,
       /* the phase's piece, and its columns for the bidding and the play */
       L_PHASE, L_PHASE_BID, L_PHASE_PLAY, LAYOUT };

/* what a seat is: the agent's; a random card and bid (Random); a random card, a bid from
   1 to 4 (Easy); the Standard rule's card, its bids the Python's (Standard) */
enum { KIND_AGENT = 0, KIND_RANDOM = 1, KIND_STANDARD = 2, KIND_EASY = 3 };

typedef struct VectorObject {
    PyObject_HEAD
    KernelObject *kernel;
    Py_ssize_t rows, actions;
    int at[LAYOUT];
    uint8_t kinds[MAX_PLAYERS];
    int standard; /* a seat plays the Standard rule (its cards read the row's table) */
    uint8_t order[MAX_PLAYERS][MAX_PLAYERS]; /* per observer, the seats in relative order */
    uint8_t rel[MAX_PLAYERS][MAX_PLAYERS];   /* per observer, each seat's relative place */
    uint8_t side_order[MAX_PLAYERS][MAX_SIDES]; /* per observer, the sides in relative order */
    Py_buffer obs, mask, seats, templates, status, rng, tables, received, columns, marks;
    int held; /* how many of the buffers above are held (in that order) */
} VectorObject;

/* vector_write.c: the row's tensor for `seat` during the play, and during the auction's
   first round, each from its template (see there) */
void write_tensor(const VectorObject *self, const play *p, int seat, const float *template,
                  const uint64_t *received, float *out);
void write_auction(const VectorObject *self, const PlayObject *po, int seat, const float *template,
                   const int32_t *marks, float *out);
void start_play(const VectorObject *self, const PlayObject *po, Py_ssize_t row);

#endif
