/* The Standard play rule for one width of mask (a template: strategy.h includes it once
 * per width), line for line spadeslib/policies/standard.py. */

static inline int F(lowest_card)(const kernel *k, M mask) {
    int best = -1;
    uint32_t key = UINT32_MAX;
    while (mask) {
        int bit = LOW(mask);
        mask &= mask - 1;
        if (k->order[bit] < key) {
            key = k->order[bit];
            best = bit;
        }
    }
    return best;
}

static inline int F(highest_card)(const kernel *k, M mask) {
    int best = -1;
    int64_t key = -1;
    while (mask) {
        int bit = LOW(mask);
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
static inline int F(covered_card)(const kernel *k, M mask, M live, int most) {
    int best = -1, best_count = most ? -1 : 1 << 30;
    int64_t best_order = 0;
    while (mask) {
        int bit = LOW(mask);
        mask &= mask - 1;
        int count = POP(TBL(above)[bit] & live);
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



static inline int F(mode_of)(const kernel *k, const deal_table *t, int seat, const PLAY *p) {
    if (t->nils >> seat & 1) return MODE_NIL;
    int side = k->side_of[seat];
    int covers = t->covers[side];
    if (covers) {
        int ahead = p->count ? seat_after(k, p->leader, p->winning) : -1;
        int played = 0;
        for (int i = 0; i < p->count; i++) played |= 1 << seat_after(k, p->leader, i);
        while (covers) {
            int nil = __builtin_ctz((unsigned)covers);
            covers &= covers - 1;
            if (p->tricks[nil] == 0 && (nil == ahead || !(played >> nil & 1))) return MODE_WIN;
        }
    }
    if (p->count) {
        int ahead = seat_after(k, p->leader, p->winning);
        if ((t->nils >> ahead & 1) && !p->tricks[ahead] && k->side_of[ahead] != side)
            return MODE_SET;
    }
    int contract = t->contracts[side];
    int made = side_made(k, t, side, p->tricks);
    if (contract < 0 || made < contract) return MODE_WIN;
    if (k->overtrick_limit >= 0) return MODE_LOSE; /* NYC: no pressing (policies/standard.py) */
    return settable(k, t, side, p->tricks) ? MODE_WIN : MODE_LOSE;
}

/* nil_card and standard_card read the card winning the trick off the play (p->winning,
   kept by play_card), not by scanning the trick again: that scan was a tenth of a
   Standard playout. They are inlined always: GCC would keep them apart, built for the
   baseline CPU alone (a libgcc call per popcount), where the hot loops that call them are
   built for each CPU (see HOT). */
ALWAYS_INLINE int F(nil_card)(const kernel *k, const PLAY *p, M legal, M live) {
    if (!p->count) return F(covered_card)(k, legal, live, 1);
    M losing = legal & ~F(beating_top)(k, p->trick[p->winning]);
    if (losing) return F(covered_card)(k, losing, live, 0);
    if (p->count == k->players - 1) return F(covered_card)(k, legal, live, 0);
    return F(covered_card)(k, legal, live, 1);
}

ALWAYS_INLINE int F(standard_card)(const kernel *k, const deal_table *t, int mode, int seat,
                                   M legal, const PLAY *p, M live) {
    if (mode == MODE_NIL) return F(nil_card)(k, p, legal, live);
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
                M into = 0;
                for (int s = 0; s < NSUITS; s++)
                    if (void_suits >> s & 1) into |= legal & TBL(suit_masks)[s];
                if (into) return F(covered_card)(k, into, live, 0);
            }
            return F(covered_card)(k, legal, live, 0);
        }
        return F(lowest_card)(k, legal);
    }
    M beats = F(beating_top)(k, p->trick[p->winning]);
    M winning = legal & beats;
    if (mode == MODE_WIN) {
        int ahead = seat_after(k, p->leader, p->winning);
        if (ahead != seat && k->side_of[ahead] == k->side_of[seat] && !(t->nils >> ahead & 1))
            return F(lowest_card)(k, legal); /* partner is winning: do not go over it */
        return winning ? F(highest_card)(k, winning) : F(lowest_card)(k, legal);
    }
    M losing = legal & ~beats;
    if (mode == MODE_SET) return F(highest_card)(k, losing ? losing : legal);
    return losing ? F(lowest_card)(k, losing) : F(highest_card)(k, legal);
}

