/* The rules of play, for both widths of mask: 64 bits for a deck of up to 64 cards (one
 * pack, jokers or not), 128 for two packs. The functions are written once
 * (rules_impl.h) and compiled for each width, so a 52-card deck pays for 64-bit masks
 * only. Static inline, so that each hot loop that includes them (a playout batch, a
 * Play's methods) gets them compiled for the CPU features its clone was built for (see
 * HOT in spades.h). */
#ifndef SPADESLIB_RULES_H
#define SPADESLIB_RULES_H

#include "spades.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

/* The seat `steps` after `seat` (steps < players), without a division: the hot loops ask
   it at every card. */
static inline int seat_after(const kernel *k, int seat, int steps) {
    seat += steps;
    return seat >= k->players ? seat - k->players : seat;
}

/* 128 bits: mask_t, the kernel's plain tables, the names as they are */
#define M mask_t
#define PLAY play
#define F(name) name
#define TBL(name) (k->name)
#define BIT(b) bit_of(b)
#define LOW(m) lowest_bit(m)
#define POP(m) popcount128(m)
#define NTH(m, i) nth_bit(m, i)
#include "rules_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef BIT
#undef LOW
#undef POP
#undef NTH

/* 64 bits: uint64_t, the kernel's _64 tables, names ending in _64 */
#define M uint64_t
#define PLAY play_64
#define F(name) CAT(name, _64)
#define TBL(name) (k->CAT(name, _64))
#define BIT(b) (1ULL << (b))
#define LOW(m) __builtin_ctzll(m)
#define POP(m) __builtin_popcountll(m)
#define NTH(m, i) nth_bit_64(m, i)
#include "rules_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef BIT
#undef LOW
#undef POP
#undef NTH

#endif
