/* The rules of play over a kernel's tables, for one width of mask (a template: see
 * rules.h, which includes it once per width). The Python reference is
 * spadeslib/compiler/follow.py (legal plays), tricks.py (winners, breaking), leaders.py
 * (the first lead) and play.py (a card played), each function here its counterpart. */

static inline int F(trick_winner)(const kernel *k, const uint8_t *trick, int count) {
    const uint8_t *keys = k->keys[k->suit_of[trick[0]]];
    int best = -1, winner = 0;
    for (int i = 0; i < count; i++) {
        int key = keys[trick[i]];
        if (key > best || (key == best && k->later_wins)) {
            best = key;
            winner = i;
        }
    }
    return winner;
}

/* The cards that beat `top`, the card winning a trick. */
static inline M F(beating_top)(const kernel *k, int top) {
    if (k->suit_of[top] == TRUMPS) return TBL(beats)[top];
    return TBL(beats)[top] | TBL(trumps);
}

static inline M F(or_all)(M some, M all) { return some ? some : all; }

/* The legal plays. Whether the seat can follow, and whether spades are broken, are coin
   flips in a random deal, so where a rule allows, the choice between masks is a selection
   (cmov), not a branch; the rules' flags are the same every call and stay branches. */
ALWAYS_INLINE M F(allowed)(const kernel *k, M hand, const uint8_t *trick, int count, int broken,
                           int trick_number, M must_lead) {
    if (count) {
        M follow = hand & TBL(suit_masks)[k->suit_of[trick[0]]];
        if (k->void_rule == VOID_FREE && !k->first_no_spades) { /* void: any card */
            M can = (M)0 - (M)(follow != 0);
            return (follow & can) | (hand & ~can);
        }
        if (follow) return follow;
        if (trick_number == 0 && k->first_no_spades) return F(or_all)(hand & TBL(non_trumps), hand);
        switch (k->void_rule) {
        case VOID_MUST_TRUMP:
            return F(or_all)(hand & TBL(trumps), hand);
        case VOID_MUST_OVERTRUMP: {
            M trumps = hand & TBL(trumps);
            if (!trumps) return hand;
            int top = trick[F(trick_winner)(k, trick, count)];
            if (k->suit_of[top] == TRUMPS) return F(or_all)(trumps & TBL(beats)[top], trumps);
            return trumps;
        }
        case VOID_SCREAMER:
            return F(or_all)(hand & TBL(non_trumps), hand);
        default:
            return hand;
        }
    }
    if (must_lead && (hand & must_lead)) return hand & must_lead;
    int kept = (trick_number == 0 && k->first_no_lead) |
               ((trick_number < k->lead_free_from) & !(broken & k->broken_frees));
    M keep = TBL(non_trumps) | (TBL(full) & ((M)kept - 1)); /* non-trumps, or every card */
    M some = hand & keep;
    M any = (M)0 - (M)(some != 0);
    return (some & any) | (hand & ~any);
}

/* The lowest club held by anyone: its seat, or -1 (its bit in *bit). */
static inline int F(lowest_club)(const kernel *k, const M *hands, int *bit) {
    int seat = -1;
    for (int s = 0; s < k->players; s++) {
        M held = hands[s] & TBL(suit_masks)[CLUBS];
        if (held) {
            int low = LOW(held);
            if (seat < 0 || low < *bit) {
                seat = s;
                *bit = low;
            }
        }
    }
    return seat;
}

static inline int F(first_leader)(const kernel *k, int dealer, const M *hands, const int *bids) {
    switch (k->first_lead) {
    case LEAD_DEALER:
        return dealer;
    case LEAD_LOWEST_CLUB: {
        int bit = 0;
        int seat = F(lowest_club)(k, hands, &bit);
        return seat < 0 ? (dealer + 1) % k->players : seat;
    }
    case LEAD_HIGHEST_BIDDER: {
        int best_seat = dealer, best = -1;
        for (int step = 1; step <= k->players; step++) {
            int seat = (dealer + step) % k->players;
            if (bids[seat] > best) {
                best_seat = seat;
                best = bids[seat];
            }
        }
        return best_seat;
    }
    default:
        return (dealer + 1) % k->players;
    }
}

static inline M F(first_lead_mask)(const kernel *k, const M *hands) {
    if (k->first_lead != LEAD_LOWEST_CLUB) return 0;
    int bit = 0;
    if (F(lowest_club)(k, hands, &bit) < 0) return 0;
    return TBL(face_mask)[bit];
}

static inline M F(canonical_ids)(const kernel *k, M legal) {
    if (k->packs == 1) return legal;
    if (TBL(twins)) return (legal & ~TBL(twins)) | (legal & TBL(twins)) >> 1;
    M out = 0;
    while (legal) {
        int bit = LOW(legal);
        legal &= legal - 1;
        out |= BIT(k->canonical[bit]);
    }
    return out;
}

/* spadeslib/engine/core/phases/play.py play_card and _end_trick. Which card wins so far, a
   seat showing a void and a card breaking spades are data, not branches (see allowed). */
static inline void F(play_card)(const kernel *k, PLAY *p, int bit) {
    int seat = p->actor;
    int count = p->count;
    p->hands[seat] &= ~BIT(bit);
    p->played |= BIT(bit);
    p->log[p->trick_number * k->players + count] = (uint8_t)bit;
    p->trick[count] = (uint8_t)bit;
    int led = k->suit_of[p->trick[0]]; /* this card's suit, if it leads */
    int key = k->keys[led][bit];
    int best = p->best | -(count == 0); /* -1 before the first card */
    int better = -(key + k->later_wins > best); /* key > best, or key == best where later wins */
    p->best = (key & better) | (best & ~better);
    p->winning = (count & better) | (p->winning & ~better);
    p->voids[seat] |= (uint8_t)((k->suit_of[bit] != led) << led);
    p->broken |= (int)(TBL(breaking)[led] >> bit & 1);
    p->count = ++count;
    if (count < k->players) {
        p->actor = seat + 1 == k->players ? 0 : seat + 1;
        return;
    }
    int winner = seat_after(k, p->leader, p->winning);
    p->tricks[winner]++;
    p->leaders[p->trick_number] = (uint8_t)p->leader;
    p->trick_number++;
    p->leader = p->actor = winner;
    p->must_lead = 0;
    p->count = 0;
    if (p->trick_number == k->hand_size) p->done = 1;
}
