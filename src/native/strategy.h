/* The Standard play rule (spadeslib/bots/strategy.py), for playouts and the bots. */
#ifndef SPADESLIB_STRATEGY_H
#define SPADESLIB_STRATEGY_H

#include "spades.h"

enum { MODE_WIN = 0, MODE_LOSE = 1, MODE_NIL = 2 };

/* Who plays with whom in one deal: each side's contract (-1: none, the side plays to
   win), the Nil bidders, and per side the seats whose Nil its other members cover. */
typedef struct deal_table {
    int contracts[MAX_SIDES];
    int nils;
    int covers[MAX_SIDES];
} deal_table;

void table_init(const kernel *k, deal_table *t, const int *contracts, int nils);
int side_made(const kernel *k, const deal_table *t, int side, const int *tricks);
int mode_of(const kernel *k, const deal_table *t, int seat, const play *p, int made);
int standard_card(const kernel *k, const deal_table *t, int mode, int seat, mask_t legal,
                  const play *p, mask_t live);
int lowest_card(const kernel *k, mask_t mask);
int highest_card(const kernel *k, mask_t mask);
int covered_card(const kernel *k, mask_t mask, mask_t live, int most);

#endif
