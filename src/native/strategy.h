/* The Standard play rule (docs/bots.md), line for line spadeslib/policies/standard.py: the
 * card a seat plays in WIN, LOSE, NIL or SET mode, from the cards' order and what is still out.
 * Static inline for the hot loops that include it (see HOT in spades.h). */
#ifndef SPADESLIB_STRATEGY_H
#define SPADESLIB_STRATEGY_H

#include "rules.h"

enum { MODE_WIN = 0, MODE_LOSE = 1, MODE_NIL = 2, MODE_SET = 3 };

/* Who plays with whom in one deal: each side's contract (-1: none, the side plays to
   win), the Nil bidders, and per side the seats whose Nil its other members cover. */
typedef struct deal_table {
    int contracts[MAX_SIDES];
    int nils;
    int covers[MAX_SIDES];
} deal_table;



static inline void table_init(const kernel *k, deal_table *t, const int *contracts, int nils) {
    t->nils = nils;
    for (int side = 0; side < k->sides; side++) {
        t->contracts[side] = contracts[side];
        t->covers[side] = 0;
    }
    for (int s = 0; s < k->players; s++)
        if (nils >> s & 1) t->covers[k->side_of[s]] |= 1 << s;
}

static inline int side_made(const kernel *k, const deal_table *t, int side, const int *tricks) {
    int total = 0;
    for (int j = 0; j < k->side_size[side]; j++) {
        int s = k->side_seats[side][j];
        if (!(t->nils >> s & 1)) total += tricks[s];
    }
    return total;
}

/* Whether a side other than `side` has a contract it has neither made nor lost yet: the
   tricks still to play could go either way (policies/standard.py settable). */
static inline int settable(const kernel *k, const deal_table *t, int side, const int *tricks) {
    int left = k->hand_size;
    for (int s = 0; s < k->players; s++) left -= tricks[s];
    for (int other = 0; other < k->sides; other++) {
        int contract = t->contracts[other];
        if (other == side || contract < 0) continue;
        int made = side_made(k, t, other, tricks);
        if (made < contract && made + left >= contract) return 1;
    }
    return 0;
}

#define M mask_t
#define PLAY play
#define F(name) name
#define TBL(name) (k->name)
#define LOW(m) lowest_bit(m)
#define POP(m) popcount128(m)
#include "strategy_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef LOW
#undef POP

#define M uint64_t
#define PLAY play_64
#define F(name) CAT(name, _64)
#define TBL(name) (k->CAT(name, _64))
#define LOW(m) __builtin_ctzll(m)
#define POP(m) __builtin_popcountll(m)
#include "strategy_impl.h"
#undef M
#undef PLAY
#undef F
#undef TBL
#undef LOW
#undef POP

#endif
