/* The search of the double-dummy solver for one width of mask (a template: solver.c
 * includes it once per width, as rules.h does rules_impl.h): a deck of up to 64 cards
 * searches with 64-bit masks, two packs with 128. Besides rules.h's names, SOLVER is the
 * solver's struct for the width, HIGH(m) a mask's highest bit and HI64(m) its high word
 * (0 at 64 bits). It undefines them at its end. */

/* Two independent hashes of the position at a trick's start: for each suit, the owner of
   each card left in order of strength (and whether it ties the card before it: two packs),
   a nibble a card, then the suit's length; then the leader and the rules' state (spades
   broken, the first trick, the free leads). Without merging, the cards left themselves
   are hashed too. */
static void F(position_key)(const SOLVER *s, uint64_t *a, uint64_t *b) {
    const kernel *k = s->k;
    uint8_t owner_of[128];
    M left = 0;
    for (int p = 0; p < k->players; p++) {
        M m = s->hands[p];
        left |= m;
        while (m) {
            owner_of[LOW(m)] = (uint8_t)p;
            m &= m - 1;
        }
    }
    key_stream ks = {0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0, 0};
    for (int suit = 0; suit < NSUITS; suit++) {
        M m = left & TBL(suit_masks)[suit];
        const uint8_t *keys = k->keys[suit];
        int previous = -1, length = 0;
        while (m) {
            int bit = LOW(m);
            m &= m - 1;
            int tie = previous >= 0 && keys[bit] == keys[previous];
            key_push(&ks, (uint64_t)(owner_of[bit] << 1 | tie), 1);
            previous = bit;
            length++;
        }
        key_push(&ks, (uint64_t)length, 2);
    }
    key_flush(&ks);
    if (!s->merge) {
        ks.h1 = mix(ks.h1 ^ (uint64_t)left ^ mix(HI64(left)));
        ks.h2 = (ks.h2 + (uint64_t)left + 3 * HI64(left)) * 0xD6E8FEB86659FD93ULL;
    }
    int kept = (s->trick_number == 0) | ((s->trick_number < k->lead_free_from) << 1);
    uint64_t rest = (uint64_t)s->leader | ((uint64_t)s->broken << 4) | ((uint64_t)kept << 5);
    *a = mix(ks.h1 ^ (rest << 40));
    *b = mix(ks.h2 + rest);
}

/* What a table entry is looked up by: with winning ranks, each hand's length in each
   suit with the leader and the rules' state, packed whole into `a` and `b` (no two
   shapes alike), and each suit's owners from its highest card down (a nibble a card);
   without, two hashes of the whole position. `h` hashes the shape for its bucket, `tag`
   for its tag. */
typedef struct F(table_key) {
    uint64_t a, b, h;
    uint32_t tag;
    uint64_t owners[NSUITS];
    M left;
} F(table_key);

HOT static void F(table_key_of)(const SOLVER *s, F(table_key) *key) {
    const kernel *k = s->k;
    key->left = s->left;
    if (!s->ranks) {
        F(position_key)(s, &key->a, &key->b);
        key->a ^= s->salt;
        key->b ^= s->salt;
        for (int suit = 0; suit < NSUITS; suit++) key->owners[suit] = 0;
        key->h = key->a;
        key->tag = (uint32_t)(key->b >> 32) | 1;
        return;
    }
    for (int suit = 0; suit < NSUITS; suit++) key->owners[suit] = s->owners[suit];
    /* a suit's lengths take 5 bits a seat, 30 for six seats (at most 16 cards a suit
       where ranks decide); the rest 7 bits: the leader (4), spades broken, the state of
       the first trick and the free leads (2) */
    int kept = (s->trick_number == 0) | ((s->trick_number < k->lead_free_from) << 1);
    uint64_t rest = (uint64_t)s->leader | ((uint64_t)s->broken << 4) | ((uint64_t)kept << 5);
    key->a = (s->lengths[0] | s->lengths[1] << 30 | (rest & 0xF) << 60) ^ s->salt;
    key->b = (s->lengths[2] | s->lengths[3] << 30 | (rest >> 4) << 60) ^ s->salt;
    key->h = mix(key->a ^ key->b * 0x9FB21C651E98DF25ULL);
    key->tag = (uint32_t)(key->h >> 32) | 1;
}

/* A position's bucket: by its shape's hash and, in long positions (`left` cards a hand),
   the owners of each suit's highest cards, so that the many positions of one shape do
   not share one bucket (an entry that keeps fewer ranks than these is stored once for
   each of their owners, each copy exact; in short positions, one copy answers more). */
static inline size_t F(table_bucket)(const SOLVER *s, const F(table_key) *key, int left) {
    uint64_t h = key->h, top = left >= 9 ? 0xFF : left >= 6 ? 0xF : 0;
    for (int suit = 0; suit < NSUITS; suit++) h = (h ^ (key->owners[suit] & top)) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 32;
    return h & s->tt_mask & ~(size_t)(TT_WAYS - 1);
}

static inline int F(entry_matches)(const tt_entry *e, const F(table_key) *key) {
    if (e->a != key->a || e->b != key->b) return 0;
    for (int suit = 0; suit < NSUITS; suit++)
        if ((key->owners[suit] & nibbles(e->top[suit])) != e->owners[suit]) return 0;
    return 1;
}

/* The `n` highest of `cards`. */
static inline M F(highest_cards)(M cards, int n) {
    M out = 0;
    for (; n > 0 && cards; n--) {
        M top = BIT(HIGH(cards));
        out |= top;
        cards &= ~top;
    }
    return out;
}

/* The cards whose ranks an entry keeps, in this position. */
HOT static M F(entry_ranks)(const SOLVER *s, const tt_entry *e, M left) {
    const kernel *k = s->k;
    M out = 0;
    for (int suit = 0; suit < NSUITS; suit++)
        if (e->top[suit]) out |= F(highest_cards)(left & TBL(suit_masks)[suit], e->top[suit]);
    return out;
}

/* Record a result (target reached or not) of the position, `relevant` the cards whose
   ranks decided it: in each suit, its cards from the lowest of them up are kept.
   `matched`: the ways whose entries matched the key when it was looked up (a bit each).
   No other can match it now: the search since then saw only positions of fewer cards,
   whose keys differ (their lengths), so it stored no entry for this key; it may only
   have replaced some of those. */
HOT static void F(table_store)(SOLVER *s, const F(table_key) *key, int left, int target, int result, int settled,
                        M relevant, uint32_t matched) {
    const kernel *k = s->k;
    size_t base = F(table_bucket)(s, key, left);
    tt_entry *bucket = &s->tt[base];
    uint32_t *tags = &s->tags[base], tag = key->tag;
    uint8_t top[NSUITS];
    for (int suit = 0; suit < NSUITS; suit++) {
        M cards = key->left & TBL(suit_masks)[suit];
        M m = relevant & cards;
        top[suit] = !s->ranks || !m ? 0 : (uint8_t)POP(cards & ~(BIT(LOW(m)) - 1));
    }
    /* the entry for the same ranks, if any: an entry that keeps fewer answers more
       positions, and narrowing it to these ranks would lose them */
    tt_entry *e = NULL;
    for (; matched && !e; matched &= matched - 1) {
        int i = __builtin_ctz(matched);
        if (tags[i] == tag && F(entry_matches)(&bucket[i], key) && !memcmp(bucket[i].top, top, NSUITS)) e = &bucket[i];
    }
    if (!e) {
        size_t way = (size_t)s->nodes & (TT_WAYS - 1); /* in turn */
        for (int i = 0; i < TT_WAYS; i++)
            if (!tags[i]) {
                way = (size_t)i;
                break;
            }
        tags[way] = tag;
        e = &bucket[way];
        e->a = key->a;
        e->b = key->b;
        e->lo = 0;
        e->hi = (int8_t)left;
        e->best = 0;
        for (int suit = 0; suit < NSUITS; suit++) e->top[suit] = 0;
    }
    for (int suit = 0; suit < NSUITS; suit++) {
        if (top[suit] > e->top[suit]) e->top[suit] = top[suit];
        e->owners[suit] = key->owners[suit] & nibbles(e->top[suit]);
    }
    if (settled >= 0) e->best = (uint8_t)(settled + 1);
    if (result && e->lo < target) e->lo = (int8_t)target;
    if (!result && e->hi > target - 1) e->hi = (int8_t)(target - 1);
}

/* -- moves ---------------------------------------------------------------------------- */

/* The cards strictly between two bits. */
static inline M F(between)(int low, int high) {
    return (BIT(high) - 1) & ~(BIT(low) - 1) & ~BIT(low);
}

/* The cards that would tell two cards of a suit apart: those between them, and the other
   copies of either's face (two packs: a copy ties one of them and beats the other). */
static inline M F(same_run)(const kernel *k, int low, int high) {
    return (F(between)(low, high) | TBL(face_mask)[low] | TBL(face_mask)[high]) & ~BIT(low) & ~BIT(high);
}

/* What the order of one node's cards reads, found once for all of them: the cards of
   the other hands and of the actor's partners; following, the cards that the later
   seats not on the actor's side may play (their suit led, or any card where void), and
   whether a partner plays later; leading, the suits (bit per suit) an opponent, or a
   partner, can ruff. */
typedef struct F(order_view) {
    M others, friends, threats;
    int later_friend, their_ruffs, our_ruffs;
} F(order_view);

static inline int F(beaten_later)(const SOLVER *s, const F(order_view) *v, int top) {
    return (v->threats & F(beating_top)(s->k, top)) != 0;
}

/* A following card's place in the order (higher first): the cheapest card that wins for
   sure, a low card when the side wins anyway, a card that wins for now where no partner
   plays after it (it forces the next seats), low cards otherwise. */
static inline int F(follow_score)(const SOLVER *s, const F(order_view) *v, int bit, int top, int friend_winning,
                               int top_safe) {
    const kernel *k = s->k;
    int led = k->suit_of[s->trick[0]];
    int value = strength(k, bit);
    if (friend_winning && top_safe) return -value;
    int key = k->keys[led][bit], best = k->keys[led][top];
    int over = key > best || (key == best && k->later_wins);
    if (friend_winning) {
        if (over && !F(beaten_later)(s, v, bit)) return 1500 - value;
        return -value;
    }
    if (!over) return 100 - value;
    if (!F(beaten_later)(s, v, bit)) return 1500 - value;
    return (v->later_friend ? 300 : 700) - value;
}

/* A lead's place in the order: a card above every other of its suit that no other seat
   can ruff (cash it), a low card of a suit a partner can ruff and no opponent can (a
   trick for a small trump), a low card to a partner's top card, a low card otherwise; a
   suit an opponent can ruff last. */
static inline int F(lead_score)(const SOLVER *s, const F(order_view) *v, int bit) {
    const kernel *k = s->k;
    int suit = k->suit_of[bit];
    int value = strength(k, bit);
    M cards = TBL(suit_masks)[suit];
    M higher = v->others & cards & ~((BIT(bit) << 1) - 1);
    int ruff = v->their_ruffs >> suit & 1;
    if (!higher && !ruff) return 1000 - value + (suit == TRUMPS ? 50 : 0);
    if (!ruff && (v->our_ruffs >> suit & 1)) return 850 - value;
    if (!ruff && higher && (v->friends >> HIGH(higher) & 1)) return 800 - value; /* to a partner's top card */
    return (ruff ? -300 : 0) - value;
}

/* One card of each run of equivalent legal cards (no card of another hand, nor of the
   trick, between them in their suit), ordered with the likely best first. `runs`: each
   run of more than one card, as a mask of the cards between its lowest and its highest. */
typedef struct F(runs) {
    int n;
    M cards[MAX_MOVES];
} F(runs);

HOT static int F(ordered_moves)(const SOLVER *s, int actor, M legal, uint8_t *moves, F(runs) *runs) {
    const kernel *k = s->k;
    if (!(legal & (legal - 1))) { /* one card: nothing to order */
        moves[0] = (uint8_t)LOW(legal);
        return 1;
    }
    int mine = s->maximizers >> actor & 1;
    F(order_view) v = {0, 0, 0, 0, 0, 0};
    for (int p = 0; p < k->players; p++) {
        if (p == actor) continue;
        v.others |= s->hands[p];
        if ((s->maximizers >> p & 1) == mine) v.friends |= s->hands[p];
    }
    M blockers = v.others;
    for (int i = 0; i < s->count; i++) blockers |= BIT(s->trick[i]);
    int scores[MAX_MOVES];
    int n = 0;
    int top = -1, friend_winning = 0, top_safe = 0;
    if (s->count) {
        M led = TBL(suit_masks)[k->suit_of[s->trick[0]]];
        for (int i = s->count + 1; i < k->players; i++) {
            int seat = seat_after(k, s->leader, i);
            if ((s->maximizers >> seat & 1) == mine) {
                v.later_friend = 1;
                continue;
            }
            M follow = s->hands[seat] & led;
            v.threats |= follow ? follow : s->hands[seat];
        }
        int w = F(trick_winner)(k, s->trick, s->count);
        top = s->trick[w];
        friend_winning = (s->maximizers >> seat_after(k, s->leader, w) & 1) == mine;
        if (friend_winning) top_safe = !F(beaten_later)(s, &v, top);
    } else {
        for (int p = 0; p < k->players; p++) {
            if (p == actor || !(s->hands[p] & TBL(trumps))) continue;
            int voids = 0;
            for (int suit = 0; suit < NSUITS; suit++)
                if (suit != TRUMPS && !(s->hands[p] & TBL(suit_masks)[suit])) voids |= 1 << suit;
            if ((s->maximizers >> p & 1) == mine) v.our_ruffs |= voids;
            else v.their_ruffs |= voids;
        }
    }
    for (int suit = 0; suit < NSUITS; suit++) {
        M m = legal & TBL(suit_masks)[suit];
        int last = -1, kept = -1;
        while (m) {
            int bit = LOW(m);
            m &= m - 1;
            if (last >= 0 && s->merge && !(blockers & F(same_run)(k, last, bit))) {
                last = bit;
                if (runs->n && (runs->cards[runs->n - 1] >> kept & 1))
                    runs->cards[runs->n - 1] |= (BIT(bit) << 1) - BIT(kept);
                else
                    runs->cards[runs->n++] = (BIT(bit) << 1) - BIT(kept);
                continue; /* the same card as the one kept before it */
            }
            last = kept = bit;
            int score = s->count ? F(follow_score)(s, &v, bit, top, friend_winning, top_safe) : F(lead_score)(s, &v, bit);
            int j = n++;
            while (j > 0 && scores[j - 1] < score) {
                scores[j] = scores[j - 1];
                moves[j] = moves[j - 1];
                j--;
            }
            scores[j] = score;
            moves[j] = (uint8_t)bit;
        }
    }
    return n;
}

/* The last seat's first card as ordered_moves would order it, without ordering the
   others (most of the time it settles the position): where its side is not winning the
   trick, the cheapest card that takes it, and otherwise, or where none does, the lowest. */
HOT static int F(last_seat_card)(const SOLVER *s, int actor, M legal) {
    const kernel *k = s->k;
    int w = F(trick_winner)(k, s->trick, s->count);
    int friend_winning = (s->maximizers >> seat_after(k, s->leader, w) & 1) == (s->maximizers >> actor & 1);
    const uint8_t *keys = k->keys[k->suit_of[s->trick[0]]];
    int best = keys[s->trick[w]];
    int low = -1, low_value = 1 << 20, win = -1, win_value = 1 << 20;
    for (M m = legal; m; m &= m - 1) {
        int bit = LOW(m), value = strength(k, bit);
        if (value < low_value) {
            low = bit;
            low_value = value;
        }
        if (!friend_winning && (keys[bit] > best || (keys[bit] == best && k->later_wins)) && value < win_value) {
            win = bit;
            win_value = value;
        }
    }
    return win >= 0 ? win : low;
}

/* -- the search ----------------------------------------------------------------------- */

HOT static int F(search)(SOLVER *s, int target, M *relevant);

/* What playing a card changed, to take it back. */
typedef struct F(undo) {
    M must_lead;
    uint64_t owners, lengths;
    int leader, count, broken, trick_number;
    uint8_t trick[MAX_PLAYERS]; /* a finished trick's cards: the next trick writes over them */
} F(undo);

/* Play `bit` for the seat to play (`actor`): the seat that won the trick where the card
   ends it (the state then stands at the next trick's start), -1 otherwise. `decided`:
   the trick's winner where it beat a card of its own suit (its rank decided the trick). */
ALWAYS_INLINE int F(solver_play)(SOLVER *s, int actor, int bit, F(undo) *u, M *decided) {
    const kernel *k = s->k;
    int count = s->count;
    int suit = k->suit_of[bit];
    u->leader = s->leader;
    u->count = count;
    u->broken = s->broken;
    u->trick_number = s->trick_number;
    u->must_lead = s->must_lead;
    u->owners = s->owners[suit];
    u->lengths = s->lengths[suit];
    /* the card's nibble (after the cards above it left in its suit) squeezed out */
    int above = POP(s->left & TBL(suit_masks)[suit] & ~((BIT(bit) << 1) - 1));
    uint64_t below = above >= 16 ? ~(uint64_t)0 : ((uint64_t)1 << (4 * above)) - 1;
    s->owners[suit] = (u->owners & below) | ((u->owners >> 4) & ~below);
    s->lengths[suit] = u->lengths - ((uint64_t)1 << (5 * actor));
    s->left &= ~BIT(bit);
    s->hands[actor] &= ~BIT(bit);
    s->trick[count] = (uint8_t)bit;
    int led = k->suit_of[count ? s->trick[0] : bit];
    s->broken |= (int)(TBL(breaking)[led] >> bit & 1);
    s->count = count + 1;
    *decided = 0;
    if (s->count < k->players) return -1;
    memcpy(u->trick, s->trick, sizeof u->trick);
    int w = F(trick_winner)(k, s->trick, s->count);
    int winner = seat_after(k, u->leader, w);
    for (int i = 0; i < s->count; i++)
        if (i != w && k->suit_of[s->trick[i]] == k->suit_of[s->trick[w]]) *decided = BIT(s->trick[w]);
    s->leader = winner;
    s->count = 0;
    s->trick_number = u->trick_number + 1;
    s->must_lead = 0;
    return winner;
}

/* Take back the card `solver_play` played. */
ALWAYS_INLINE void F(take_back)(SOLVER *s, int actor, int bit, const F(undo) *u) {
    const kernel *k = s->k;
    int suit = k->suit_of[bit];
    if (s->trick_number != u->trick_number) memcpy(s->trick, u->trick, sizeof u->trick);
    s->hands[actor] |= BIT(bit);
    s->left |= BIT(bit);
    s->owners[suit] = u->owners;
    s->lengths[suit] = u->lengths;
    s->leader = u->leader;
    s->count = u->count;
    s->broken = u->broken;
    s->trick_number = u->trick_number;
    s->must_lead = u->must_lead;
}

/* Play `bit` for the seat to play, search, and take it back. `target` counts from before
   the card, so a trick the counted seats win with it lowers it by one. `relevant`: the
   cards whose ranks decided the result (a trick's winner when it beat a card of its own
   suit, and those of the tricks after). */
HOT static int F(play_and_search)(SOLVER *s, int actor, int bit, int target, M *relevant) {
    F(undo) u;
    M decided;
    int winner = F(solver_play)(s, actor, bit, &u, &decided);
    if (winner >= 0) target -= s->counted >> winner & 1;
    int result = F(search)(s, target, relevant);
    *relevant |= decided;
    F(take_back)(s, actor, bit, &u);
    return result;
}

/* Sure tricks at a trick's start: the leader cashes cards above every other card left
   of their suit, and cards of a suit no other seat holds any more, while no seat void of
   the suit holds a trump. Each lead must be legal by the kernel's own rule. The leader
   takes at least these tricks, whatever the others do. A seat that discards holds no
   trump: which card it let go is unknown, so its counts in the other suits may be too
   high, which only ever keeps a card from counting (it may still follow) and never lets
   a ruff through (it holds none). `cashed`: the cards whose ranks decided it, the cards
   that were above the others' (a card of a suit no one else holds wins by the lengths,
   which every key holds). */
HOT static int F(sure_tricks)(const SOLVER *s, M *cashed) {
    const kernel *k = s->k;
    if (k->later_wins && k->packs != 1) return 0; /* a later twin would win the tie */
    if (s->must_lead) return 0;
    int leader = s->leader;
    M hand = s->hands[leader], others = 0;
    int held[MAX_PLAYERS][NSUITS];
    for (int p = 0; p < k->players; p++) {
        if (p == leader) continue;
        others |= s->hands[p];
        for (int suit = 0; suit < NSUITS; suit++) held[p][suit] = POP(s->hands[p] & TBL(suit_masks)[suit]);
    }
    int broken = s->broken, number = s->trick_number, sure = 0;
    for (;;) {
        M legal = F(allowed)(k, hand, s->trick, 0, broken, number, 0);
        int card = -1, rank = 1;
        for (int suit = 0; suit < NSUITS && card < 0; suit++) {
            M mine = legal & TBL(suit_masks)[suit];
            if (!mine) continue;
            M theirs = others & TBL(suit_masks)[suit];
            int top = HIGH(mine), following = 0;
            for (int p = 0; p < k->players; p++)
                if (p != leader) following += held[p][suit];
            if (following && theirs && HIGH(theirs) > top) continue;
            int ok = 1;
            for (int p = 0; p < k->players && ok; p++)
                if (p != leader && !held[p][suit] && held[p][TRUMPS] && suit != TRUMPS) ok = 0; /* it may ruff */
            if (!ok) continue;
            card = top;
            rank = following > 0;
        }
        if (card < 0) break;
        int suit = k->suit_of[card];
        hand &= ~BIT(card);
        if (rank) *cashed |= BIT(card);
        for (int p = 0; p < k->players; p++)
            if (p != leader && held[p][suit]) held[p][suit]--;
        broken |= (int)(TBL(breaking)[suit] >> card & 1);
        number++;
        sure++;
        if (!hand) break;
    }
    return sure;
}

/* Count a node and, now and then, look at the clock and for a signal: whether to stop. */
ALWAYS_INLINE int F(stopping)(SOLVER *s) {
    if ((++s->nodes & STOP_CHECK) == 0) {
        int why = stop_reason(s->deadline, s->signals);
        if (why) s->stop = why;
    }
    return s->stop;
}

/* The last trick played out, each seat's one card: its cards in `trick`, the index of the
   winning card returned. */
ALWAYS_INLINE int F(last_trick)(const SOLVER *s, uint8_t *trick) {
    const kernel *k = s->k;
    memcpy(trick, s->trick, MAX_PLAYERS);
    for (int i = s->count; i < k->players; i++) trick[i] = (uint8_t)LOW(s->hands[seat_after(k, s->leader, i)]);
    return F(trick_winner)(k, trick, k->players);
}

/* Each seat's trumps, and each side's (1: the counted seats). */
ALWAYS_INLINE void F(trumps_held)(const SOLVER *s, M *trumps, M *side) {
    const kernel *k = s->k;
    side[0] = side[1] = 0;
    for (int p = 0; p < k->players; p++) {
        trumps[p] = s->hands[p] & TBL(trumps);
        side[s->counted >> p & 1] |= trumps[p];
    }
}

/* The tricks a side (`mine`: 1 the counted seats, 0 the others) takes with its trumps
   whatever anyone plays, where the highest trump left always wins its trick (top_trumps)
   and at a trick's start: every card is played, one a seat a trick, and a trump wins its
   trick for its side whoever leads unless a higher trump of the other side is in it; of a
   seat's `n` highest trumps, with `h` of the other side's above the lowest of them, each
   of those `h` takes at most one, so `n - h` are tricks (all of its trumps where the other
   side has none; the suit lengths, in every key, say so). `run`: the trumps that count. */
ALWAYS_INLINE int F(trump_tricks)(const SOLVER *s, const M *trumps, const M *side, int mine, M *run) {
    M theirs = side[!mine];
    int most = 0;
    *run = 0;
    for (int p = 0; p < s->k->players; p++) {
        if ((s->counted >> p & 1) != mine) continue;
        M m = trumps[p], taken = 0;
        for (int n = 1; m; n++) {
            int bit = HIGH(m);
            m &= ~BIT(bit);
            taken |= BIT(bit);
            int tricks = n - POP(theirs & ~((BIT(bit) << 1) - 1));
            if (tricks > most) {
                most = tricks;
                *run = taken;
            }
        }
    }
    return most;
}

HOT static int F(search)(SOLVER *s, int target, M *relevant) {
    const kernel *k = s->k;
    int actor = seat_after(k, s->leader, s->count);
    int left = s->per_hand - s->trick_number; /* the seat to play has not played to this trick */
    *relevant = 0;
    if (target <= 0) return 1;
    if (target > left) return 0;
    if (F(stopping)(s)) return 0;
    if (left == 1) {
        uint8_t trick[MAX_PLAYERS];
        int w = F(last_trick)(s, trick);
        for (int i = 0; i < k->players; i++)
            if (i != w && k->suit_of[trick[i]] == k->suit_of[trick[w]]) *relevant = BIT(trick[w]);
        return s->counted >> seat_after(k, s->leader, w) & 1;
    }
    int tabled = s->count == 0 && !s->must_lead && s->use_table;
    F(table_key) key;
    int first = -1, hint = -1;
    uint32_t matched = 0; /* the ways whose entries match the key (for table_store) */
    if (tabled) {
        F(table_key_of)(s, &key);
        size_t base = F(table_bucket)(s, &key, left);
        const uint32_t *tags = &s->tags[base], tag = key.tag;
        __builtin_prefetch(tags); /* the trump bound's work while it comes */
        if (s->top_trumps && s->use_sure) {
            M trumps[MAX_PLAYERS], side[2];
            F(trumps_held)(s, trumps, side);
            for (int mine = 1; mine >= 0; mine--) {
                M run;
                int most = F(trump_tricks)(s, trumps, side, mine, &run);
                if (mine ? most >= target : left - most < target) {
                    *relevant = side[!mine] ? run : 0;
                    return mine;
                }
            }
            /* DDS's finesse of the later tricks: where one trick settles the search for
               the side not on lead, suppose it never takes one, so never leads: a seat of
               it holding the second trump and another, with the top trump in a seat that
               then always plays before it (only its own side's seats between), plays the
               other under the top trump or the second where the top is not in the trick,
               and the second wins a trick, a contradiction. A choice of the seat's, so
               only where it wants its side's tricks (not a Nil's question) */
            int y = !(s->counted >> s->leader & 1);
            M all = side[0] | side[1];
            if ((y ? target == 1 : target == left) && POP(all) >= 3) {
                int top = HIGH(all), second = HIGH(all & ~BIT(top));
                int a = s->owner[top], hh = s->owner[second], between = a != hh;
                for (int seat = seat_after(k, a, 1); between && seat != hh; seat = seat_after(k, seat, 1))
                    between = (s->counted >> seat & 1) == y;
                if (between && (s->counted >> hh & 1) == y && (s->maximizers >> hh & 1) == y &&
                    POP(trumps[hh]) >= 2) {
                    *relevant = BIT(top) | BIT(second);
                    return y;
                }
            }
        }
        for (int i = 0; i < TT_WAYS; i++) {
            if (tags[i] != tag) continue;
            tt_entry *e = &s->tt[base + i];
            if (!F(entry_matches)(e, &key)) {
                /* the same shape with other owners of the kept cards: a position of the
                   same suit lengths is often settled by the same card, a guess where no
                   entry of this position tells one */
                if (first < 0 && e->best && e->a == key.a && e->b == key.b) hint = e->best - 1;
                continue;
            }
            if (e->lo >= target || e->hi < target) {
                *relevant = F(entry_ranks)(s, e, key.left);
                return e->lo >= target;
            }
            matched |= 1u << i;
            if (e->best) first = e->best - 1;
        }
        int counted = s->counted >> actor & 1, wants = s->maximizers >> actor & 1;
        if (counted == wants && s->use_sure) { /* the leader wants its own tricks counted, or not */
            M cashed = 0;
            int sure = F(sure_tricks)(s, &cashed);
            if ((counted && sure >= target) || (!counted && left - sure < target)) {
                *relevant = cashed;
                return counted;
            }
        }
    }
    M legal = F(allowed)(k, s->hands[actor], s->trick, s->count, s->broken, s->trick_number, s->must_lead);
    uint8_t moves[MAX_MOVES];
    F(runs) runs;
    runs.n = 0;
    /* the card that settled this position before (or one like it), or the last seat's
       likely card, tried before the others are ordered: it settles most positions */
    if (first < 0) first = hint;
    int lazy = -1, n = 1;
    if (legal & (legal - 1)) {
        if (first >= 0 && (legal >> first & 1)) lazy = first;
        else if (s->count == k->players - 1) lazy = F(last_seat_card)(s, actor, legal);
    }
    if (lazy >= 0) moves[0] = (uint8_t)lazy;
    else n = F(ordered_moves)(s, actor, legal, moves, &runs);
    int wants = s->maximizers >> actor & 1;
    int result = !wants, settled = -1;
    M all = 0;
    /* DDS's small cards: once a card of a suit fails below the lowest card of the suit
       whose rank decided anything so far, every other card of the suit below that one
       leaves a position that differs from the failed card's only in cards whose ranks
       did not matter: the same result, not searched */
    int below[NSUITS] = {0, 0, 0, 0}, cut[NSUITS] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int bit = moves[i], suit = k->suit_of[bit];
        if (bit < below[suit]) continue;
        M theirs = 0;
        int r = F(play_and_search)(s, actor, bit, target, &theirs);
        if (r == wants) {
            result = wants;
            settled = bit;
            all = theirs;
            break;
        }
        all |= theirs;
        if (s->small && !cut[suit]) {
            M kept = all & TBL(suit_masks)[suit];
            int low = kept ? LOW(kept) : MAX_CARDS;
            cut[suit] = 1;
            if (bit < low) below[suit] = low;
        }
        if (lazy >= 0) {
            /* the others now, less the card tried (or the card of its run that stands
               for it) */
            n = F(ordered_moves)(s, actor, legal, moves, &runs);
            int same = lazy, m = 0;
            for (int j = 0; j < runs.n; j++)
                if (runs.cards[j] >> lazy & 1) same = LOW(runs.cards[j]);
            for (int j = 0; j < n; j++)
                if (moves[j] != same) moves[m++] = moves[j];
            n = m;
            i = -1;
            lazy = -1;
        }
    }
    if (settled < 0 && (s->ranks || s->small)) {
        /* each card of a run was answered by the one tried, its lowest: where a card of
           the run is kept (at or above the lowest kept card of its suit), keep it all, so
           that a position matching this one holds the same run */
        for (int changed = 1; changed;) {
            changed = 0;
            for (int i = 0; i < runs.n; i++) {
                M run = runs.cards[i];
                if (all & run & BIT(LOW(run))) continue;
                M same = all & TBL(suit_masks)[k->suit_of[LOW(run)]];
                if (same && LOW(same) <= HIGH(run)) {
                    all |= BIT(LOW(run));
                    changed = 1;
                }
            }
        }
    }
    *relevant = all;
    if (tabled) F(table_store)(s, &key, left, target, result, settled, all, matched);
    return result;
}

/* -- a set of outcomes ---------------------------------------------------------------- */

/* Can the maximizers make the counted seats' tricks from here (the current trick's
   included) one of `accept`'s (bit t: exactly t tricks)? Where more tricks are not worth
   more (NYC's overtricks set a side, bags cost), the most tricks is not the best play,
   and the search must ask for the outcomes the score wants. An alpha-beta over the same
   moves, with the table keyed on the whole position and the set. Where the bounds leave
   a set open at one end ("at least 4", "at most 5"), it is a count, and the count search
   answers it with its winning ranks and its table's bounds (NYC's 8-card endings: a
   third of the positions searched). */
/* A set search's table key: the whole position's hashes with the set mixed in (no
   winning ranks: an entry holds a result, not a bound on a count). */
static inline void F(set_key_of)(const SOLVER *s, uint64_t accept, F(table_key) *key) {
    F(position_key)(s, &key->a, &key->b);
    key->a = mix(key->a ^ accept * 0x9E3779B97F4A7C15ULL);
    key->b = mix(key->b + accept);
    for (int suit = 0; suit < NSUITS; suit++) key->owners[suit] = 0;
    key->h = key->a;
    key->tag = (uint32_t)(key->b >> 32) | 1;
    key->left = s->left;
}

HOT static int F(set_search)(SOLVER *s, uint64_t accept) {
    const kernel *k = s->k;
    int actor = seat_after(k, s->leader, s->count);
    int left = s->per_hand - s->trick_number;
    uint64_t range = outcomes_to(left);
    accept &= range;
    if (!accept) return 0;
    if (accept == range) return 1;
    if (F(stopping)(s)) return 0;
    if (left == 1) {
        uint8_t trick[MAX_PLAYERS];
        int w = F(last_trick)(s, trick);
        return (int)(accept >> (s->counted >> seat_after(k, s->leader, w) & 1) & 1);
    }
    /* the count search's bounds, as outcomes ruled out: whatever anyone plays, the
       trumps' tricks (trump_tricks) bound the counted seats' tricks from below and the
       others' from above */
    int bounded = s->count == 0 && s->use_sure;
    uint64_t can = range;
    if (bounded && s->top_trumps) {
        M trumps[MAX_PLAYERS], side[2], run;
        F(trumps_held)(s, trumps, side);
        can &= ~outcomes_to(F(trump_tricks)(s, trumps, side, 1, &run) - 1);
        can &= outcomes_to(left - F(trump_tricks)(s, trumps, side, 0, &run));
        if (!(accept & can)) return 0;
        if (!(can & ~accept)) return 1;
    }
    /* outcomes open at one end are a count, the count search's question (with its
       winning ranks, far cheaper): at least `low` tricks for the counted seats; at most
       `high`, as at least `left - high` for the other seats */
    uint64_t want = accept & can;
    int low = __builtin_ctzll(want), high = 63 - __builtin_clzll(want);
    M ignored;
    if (want == (can & ~outcomes_to(low - 1))) return F(search)(s, low, &ignored);
    if (want == (can & outcomes_to(high))) {
        int counted = s->counted;
        s->counted = ~counted & ((1 << k->players) - 1);
        s->salt = OTHER_SIDE_SALT;
        int result = F(search)(s, left - high, &ignored);
        s->counted = counted;
        s->salt = 0;
        return result;
    }
    int tabled = s->count == 0 && !s->must_lead && s->use_table;
    F(table_key) key;
    int first = -1;
    uint32_t matched = 0;
    if (tabled) {
        F(set_key_of)(s, want, &key); /* sets that differ only in outcomes ruled out: one question */
        size_t base = F(table_bucket)(s, &key, left);
        for (int i = 0; i < TT_WAYS; i++) {
            if (s->tags[base + i] != key.tag) continue;
            tt_entry *e = &s->tt[base + i];
            if (!F(entry_matches)(e, &key)) continue;
            if (e->lo >= 1 || e->hi < 1) return e->lo >= 1;
            matched |= 1u << i;
            if (e->best) first = e->best - 1;
        }
    }
    if (bounded) {
        /* the leader's sure tricks (sure_tricks) are its side's if that side wants them:
           it can keep the outcome among those that leave it at least as many */
        M cashed = 0;
        int sure = F(sure_tricks)(s, &cashed);
        if (sure) {
            uint64_t kept = can & (s->counted >> s->leader & 1 ? ~outcomes_to(sure - 1) : outcomes_to(left - sure));
            int wants = s->maximizers >> s->leader & 1;
            if (wants ? !(kept & ~accept) : !(kept & accept)) return wants;
        }
    }
    M legal = F(allowed)(k, s->hands[actor], s->trick, s->count, s->broken, s->trick_number, s->must_lead);
    uint8_t moves[MAX_MOVES];
    F(runs) runs;
    runs.n = 0;
    int n = F(ordered_moves)(s, actor, legal, moves, &runs);
    if (first >= 0) /* the card that settled it before, first */
        for (int i = 1; i < n; i++)
            if (moves[i] == first) {
                memmove(moves + 1, moves, (size_t)i);
                moves[0] = (uint8_t)first;
                break;
            }
    int wants = s->maximizers >> actor & 1;
    int result = !wants, settled = -1;
    for (int i = 0; i < n && result != wants; i++) {
        F(undo) u;
        M decided;
        int winner = F(solver_play)(s, actor, moves[i], &u, &decided);
        uint64_t next = winner >= 0 && (s->counted >> winner & 1) ? accept >> 1 : accept;
        if (F(set_search)(s, next) == wants) {
            result = wants;
            settled = moves[i];
        }
        F(take_back)(s, actor, moves[i], &u);
    }
    if (tabled) F(table_store)(s, &key, left, 1, result, settled, 0, matched);
    return result;
}

/* Each legal card's run: the card searched for it (`moves`, the lowest of each run). */
static inline void F(runs_of)(const SOLVER *s, M legal, const uint8_t *moves, int n, uint8_t *run_of) {
    const kernel *k = s->k;
    M searched = 0;
    for (int i = 0; i < n; i++) searched |= BIT(moves[i]);
    for (int suit = 0; suit < NSUITS; suit++) {
        int run = -1;
        for (M m = legal & TBL(suit_masks)[suit]; m; m &= m - 1) {
            if (searched >> LOW(m) & 1) run = LOW(m);
            run_of[LOW(m)] = (uint8_t)run;
        }
    }
}

/* The cards merged into each one searched: the same value. */
static inline void F(merged_values)(const kernel *k, int *values, M legal, const uint8_t *run_of) {
    for (int bit = 0; bit < k->size; bit++)
        if ((legal >> bit & 1) && values[bit] == NO_VALUE && values[run_of[bit]] != NO_VALUE)
            values[bit] = values[run_of[bit]];
}

/* values[bit] for each legal card: the highest of `levels` (levels[t], the worth to the
   maximizers of the counted seats' taking t more tricks, t from 0 to the tricks left)
   that the maximizers can be sure of after it. One card of each run of equivalent cards
   searched, over the levels as solve_values walks its targets (next_target), each step a
   set search. */
HOT static void F(solve_levels)(SOLVER *s, int *values, const int *levels) {
    const kernel *k = s->k;
    int actor = seat_after(k, s->leader, s->count);
    int left = POP(s->hands[actor]);
    int sorted[64], distinct = 0; /* the levels, each once, in rising order */
    for (int t = 0; t <= left; t++) {
        int j = 0;
        while (j < distinct && sorted[j] < levels[t]) j++;
        if (j < distinct && sorted[j] == levels[t]) continue;
        memmove(sorted + j + 1, sorted + j, sizeof(int) * (size_t)(distinct - j));
        sorted[j] = levels[t];
        distinct++;
    }
    M legal = F(allowed)(k, s->hands[actor], s->trick, s->count, s->broken, s->trick_number, s->must_lead);
    uint8_t moves[MAX_MOVES];
    F(runs) runs;
    runs.n = 0;
    int n = F(ordered_moves)(s, actor, legal, moves, &runs);
    int guess = -1; /* a hand's cards are often worth the same: the last card's value first */
    for (int i = 0; i < n; i++) {
        int bit = moves[i];
        F(undo) u;
        M decided;
        int winner = F(solver_play)(s, actor, bit, &u, &decided);
        int shift = winner >= 0 && (s->counted >> winner & 1);
        int low = 0, high = distinct - 1, probe = guess; /* the maximizers are sure of sorted[low] */
        while (low < high) {
            int mid = next_target(low, high, probe);
            uint64_t accept = 0;
            for (int t = 0; t <= left; t++)
                if (levels[t] >= sorted[mid]) accept |= 1ULL << t;
            if (F(set_search)(s, shift ? accept >> 1 : accept)) {
                low = mid;
                probe = mid + 1;
            } else {
                high = mid - 1;
                probe = mid - 1;
            }
        }
        F(take_back)(s, actor, bit, &u);
        values[bit] = sorted[low];
        guess = low;
    }
    uint8_t run_of[MAX_CARDS];
    F(runs_of)(s, legal, moves, n, run_of);
    F(merged_values)(k, values, legal, run_of);
}

HOT static void F(solve_values)(SOLVER *s, int *values, M focus, const int *levels) {
    const kernel *k = s->k;
    for (int i = 0; i < k->size; i++) values[i] = NO_VALUE;
    if (levels) {
        F(solve_levels)(s, values, levels);
        return;
    }
    int actor = seat_after(k, s->leader, s->count);
    int left = POP(s->hands[actor]);
    /* the most a value says: a question about the first tricks (can a Nil be set) needs
       no search for the tricks above them */
    int most = s->up_to > 0 && s->up_to < left ? s->up_to : left;
    M legal = F(allowed)(k, s->hands[actor], s->trick, s->count, s->broken, s->trick_number, s->must_lead);
    uint8_t moves[MAX_MOVES];
    F(runs) runs;
    runs.n = 0;
    int n = F(ordered_moves)(s, actor, legal, moves, &runs);
    uint8_t run_of[MAX_CARDS];
    F(runs_of)(s, legal, moves, n, run_of);
    M wanted = 0;
    for (M m = focus & legal; m; m &= m - 1) wanted |= BIT(run_of[LOW(m)]);
    M ignored;
    int guess = -1; /* the cards of a hand are often worth the same: try the last value first */
    int best = -1;
    /* with a focus, its cards first, each exactly; the others only where they beat the
       best so far (then exactly) */
    for (int pass = focus ? 0 : 1; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            int in_focus = (int)(wanted >> moves[i] & 1);
            if (focus && (pass == 0) != in_focus) continue;
            int low = 0, high = most;
            if (focus && pass == 1) {
                if (best >= most || !F(play_and_search)(s, actor, moves[i], best + 1, &ignored)) continue;
                low = best + 1;
            }
            int probe = guess;
            while (low < high) {
                int mid = next_target(low, high, probe);
                if (F(play_and_search)(s, actor, moves[i], mid, &ignored)) {
                    low = mid;
                    probe = mid + 1;
                } else {
                    high = mid - 1;
                    probe = mid - 1;
                }
            }
            values[moves[i]] = guess = low;
            if (low > best) best = low;
        }
    }
    F(merged_values)(k, values, legal, run_of);
}

/* this width done: the parameters are free for the next */
#undef M
#undef SOLVER
#undef F
#undef TBL
#undef BIT
#undef LOW
#undef HIGH
#undef POP
#undef HI64
