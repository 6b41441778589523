/* What the tensor writers share (tensors.c, a Game's tensors; vector_write.c, a vector
 * environment's rows): a mask of cards into a float row, and the seats and sides as one
 * observer sees them. Static inline, so each writer's hot loop keeps them inlined. */
#ifndef SPADESLIB_TENSOR_ROWS_H
#define SPADESLIB_TENSOR_ROWS_H

#include "spades.h"

/* With two packs, a face's copies filled lowest first (tensors.py _Encoder.canonical):
   a tensor does not tell the two copies of a face apart. */
static inline mask_t canonical_mask(const kernel *k, mask_t mask) {
    if (k->packs != 2) return mask;
    mask_t out = 0;
    while (mask) {
        mask_t face = k->face_mask[lowest_bit(mask)];
        int count = popcount128(mask & face);
        mask &= ~face;
        while (count--) {
            mask_t first = face & (~face + 1);
            out |= first;
            face ^= first;
        }
    }
    return out;
}

static inline void put_mask(float *row, mask_t mask) {
    while (mask) {
        row[lowest_bit(mask)] = 1.0f;
        mask &= mask - 1;
    }
}

/* Per observer: the seats in relative order (itself first), each seat's relative place,
   and the sides in the order their first seat comes. */
static inline void seat_orders(const kernel *k, int players, uint8_t order[][MAX_PLAYERS],
                               uint8_t rel[][MAX_PLAYERS], uint8_t side_order[][MAX_SIDES]) {
    for (int seat = 0; seat < players; seat++) {
        int count = 0;
        unsigned seen = 0;
        for (int r = 0; r < players; r++) {
            int other = (seat + r) % players;
            order[seat][r] = (uint8_t)other;
            rel[seat][other] = (uint8_t)r;
            int side = k->side_of[other];
            if (!(seen >> side & 1)) {
                seen |= 1u << side;
                side_order[seat][count++] = (uint8_t)side;
            }
        }
    }
}

#endif
