/* The Standard play rule (spec Part C), line for line spadeslib/bots/strategy.py: the
 * card a seat plays in WIN, LOSE or NIL mode, from the cards' order and what is still out.
 */
#include "strategy.h"

int lowest_card(const kernel *k, mask_t mask) {
    int best = -1;
    uint32_t key = UINT32_MAX;
    while (mask) {
        int bit = lowest_bit(mask);
        mask &= mask - 1;
        if (k->order[bit] < key) {
            key = k->order[bit];
            best = bit;
        }
    }
    return best;
}

int highest_card(const kernel *k, mask_t mask) {
    int best = -1;
    int64_t key = -1;
    while (mask) {
        int bit = lowest_bit(mask);
        mask &= mask - 1;
        if ((int64_t)k->order[bit] > key) {
            key = k->order[bit];
            best = bit;
        }
    }
    return best;
}

/* bots/tables.py covered: the card with the most (most) or the fewest stronger cards of
   its suit among `live`; ties to the lowest card for the most, the highest for the fewest
   (the key is (count, -order), and order is unique). */
int covered_card(const kernel *k, mask_t mask, mask_t live, int most) {
    int best = -1, best_count = most ? -1 : 1 << 30;
    int64_t best_order = 0;
    while (mask) {
        int bit = lowest_bit(mask);
        mask &= mask - 1;
        int count = popcount128(k->above[bit] & live);
        int64_t neg = -(int64_t)k->order[bit];
        int better = most ? (count > best_count || (count == best_count && neg > best_order))
                          : (count < best_count || (count == best_count && neg < best_order));
        if (better) {
            best = bit;
            best_count = count;
            best_order = neg;
        }
    }
    return best;
}

void table_init(const kernel *k, deal_table *t, const int *contracts, int nils) {
    t->nils = nils;
    for (int side = 0; side < k->sides; side++) {
        t->contracts[side] = contracts[side];
        t->covers[side] = 0;
    }
    for (int s = 0; s < k->players; s++)
        if (nils >> s & 1) t->covers[k->side_of[s]] |= 1 << s;
}

int side_made(const kernel *k, const deal_table *t, int side, const int *tricks) {
    int total = 0;
    for (int s = 0; s < k->players; s++)
        if (k->side_of[s] == side && !(t->nils >> s & 1)) total += tricks[s];
    return total;
}

int mode_of(const kernel *k, const deal_table *t, int seat, const play *p, int made) {
    if (t->nils >> seat & 1) return MODE_NIL;
    int side = k->side_of[seat];
    int covers = t->covers[side];
    if (covers) {
        int ahead = p->count ? (p->leader + trick_winner(k, p->trick, p->count)) % k->players : -1;
        int played = 0;
        for (int i = 0; i < p->count; i++) played |= 1 << ((p->leader + i) % k->players);
        while (covers) {
            int nil = __builtin_ctz((unsigned)covers);
            covers &= covers - 1;
            if (p->tricks[nil] == 0 && (nil == ahead || !(played >> nil & 1))) return MODE_WIN;
        }
    }
    int contract = t->contracts[side];
    if (contract < 0 || made < contract) return MODE_WIN;
    return MODE_LOSE;
}

static int nil_card(const kernel *k, const play *p, mask_t legal, mask_t live) {
    if (!p->count) return covered_card(k, legal, live, 1);
    mask_t losing = legal & ~beating_mask(k, p->trick, p->count);
    if (losing) return covered_card(k, losing, live, 0);
    if (p->count == k->players - 1) return covered_card(k, legal, live, 0);
    return covered_card(k, legal, live, 1);
}

int standard_card(const kernel *k, const deal_table *t, int mode, int seat, mask_t legal,
                  const play *p, mask_t live) {
    if (mode == MODE_NIL) return nil_card(k, p, legal, live);
    if (!p->count) {
        if (mode == MODE_WIN) {
            int covers = t->covers[k->side_of[seat]];
            if (covers) { /* lead where a partner's Nil is void: it discards */
                int void_suits = 0;
                while (covers) {
                    int nil = __builtin_ctz((unsigned)covers);
                    covers &= covers - 1;
                    void_suits |= p->voids[nil];
                }
                mask_t into = 0;
                for (int s = 0; s < NSUITS; s++)
                    if (void_suits >> s & 1) into |= legal & k->suit_masks[s];
                if (into) return covered_card(k, into, live, 0);
            }
            return covered_card(k, legal, live, 0);
        }
        return lowest_card(k, legal);
    }
    mask_t beats = beating_mask(k, p->trick, p->count);
    mask_t winning = legal & beats;
    if (mode == MODE_WIN) {
        int ahead = (p->leader + trick_winner(k, p->trick, p->count)) % k->players;
        if (ahead != seat && k->side_of[ahead] == k->side_of[seat] && !(t->nils >> ahead & 1))
            return lowest_card(k, legal); /* partner is winning: do not go over it */
        return winning ? highest_card(k, winning) : lowest_card(k, legal);
    }
    mask_t losing = legal & ~beats;
    return losing ? lowest_card(k, losing) : highest_card(k, legal);
}
