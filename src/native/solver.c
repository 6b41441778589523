/* The double-dummy solver, after DDS (Bo Haglund's solver, the engine of the bridge
 * sites): a null-window alpha-beta ("can the counted seats take `target` more tricks?")
 * over the cards, a transposition table at the start of each trick whose entries keep
 * only the ranks that decided them (DDS's winning ranks: each hand's suit lengths and the
 * owners of each suit's cards down to the lowest that won a trick by its rank, so that
 * positions differing only in smaller cards are one entry; where ranks alone do not decide,
 * keyed on the cards left with the played ones squeezed out), equivalent cards tried
 * once, sure-trick bounds before searching, and a move order that tries the likely best
 * card first. A card's value is
 * found by a binary search over the target, every search sharing the table.
 *
 * Generic over the kernel: legal cards and the trick's winner come from rules.h (the
 * kernel's own functions), so trumps, jokers, two packs, the lead and the void rules are
 * the variant's. What the solver adds is only that a card is seen by its effective suit
 * and its order in it, which holds when every table the rules read treats a suit as one
 * block (checked per kernel: `merge`); where it does not, the key holds the cards
 * themselves and no two cards are merged.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <time.h>

#include "native.h"
#include "rules.h"
#include "solver.h"

#define MAX_MOVES MAX_CARDS

/* The functions of the search are HOT (spades.h): built for x86-64-v3 as well, where a
   popcount is one instruction, not a call to libgcc's __popcountdi2. GCC calls a clone's
   HOT callees' matching clones directly, so only the entry dispatches. */

/* -- the rules' view of a card -------------------------------------------------------- */

/* Whether each table that the legal cards and the breaking of spades read holds a suit
   all or nothing: then only a card's suit and its order in it matter. */
static int suits_are_blocks(const kernel *k) {
    for (int s = 0; s < NSUITS; s++) {
        mask_t suit = k->suit_masks[s];
        mask_t t = k->trumps & suit;
        if (t && t != suit) return 0;
        for (int led = 0; led < NSUITS; led++) {
            mask_t b = k->breaking[led] & suit;
            if (b && b != suit) return 0;
        }
    }
    return 1;
}

/* A card's strength when its own suit is led; trumps above everything else. */
static inline int strength(const kernel *k, int bit) {
    int suit = k->suit_of[bit];
    return k->keys[suit][bit] + (suit == TRUMPS ? 256 : 0);
}

/* Whether the highest trump left always wins its trick: one pack (no ties), trumps ranked
   by their bits, each above every other card whatever suit is led. */
static int top_trump_wins(const kernel *k) {
    if (k->packs != 1 || !k->trumps) return 0;
    for (int led = 0; led < NSUITS; led++) {
        const uint8_t *keys = k->keys[led];
        int previous = -1, lowest_trump = 256, highest_other = -1;
        for (int bit = 0; bit < k->size; bit++) {
            if (k->trumps >> bit & 1) {
                if (keys[bit] <= previous) return 0;
                previous = keys[bit];
                if (keys[bit] < lowest_trump) lowest_trump = keys[bit];
            } else if (keys[bit] > highest_other) {
                highest_other = keys[bit];
            }
        }
        if (lowest_trump <= highest_other) return 0;
    }
    return 1;
}

/* Whether a table entry may keep only the ranks that decided it (DDS's winning ranks):
   one pack, no suit of more than 16 cards (a nibble each in a word), legal cards that
   depend on suits only (must-overtrump compares ranks), and a trick's winner decided by
   suits and, within a suit, by the order of the bits: whatever suit is led, each suit's
   keys rise with its bits (or are all one value), and two suits' keys never interleave. */
static int ranks_decide(const kernel *k) {
    if (k->packs != 1 || k->void_rule == VOID_MUST_OVERTRUMP) return 0;
    for (int suit = 0; suit < NSUITS; suit++)
        if (popcount128(k->suit_masks[suit]) > 16) return 0;
    for (int led = 0; led < NSUITS; led++) {
        const uint8_t *keys = k->keys[led];
        int low[NSUITS], high[NSUITS];
        for (int suit = 0; suit < NSUITS; suit++) {
            mask_t m = k->suit_masks[suit];
            int previous = -1, rising = 1, flat = 1;
            low[suit] = 256;
            high[suit] = -1;
            while (m) {
                int bit = lowest_bit(m);
                m &= m - 1;
                if (previous >= 0) {
                    if (keys[bit] <= keys[previous]) rising = 0;
                    if (keys[bit] != keys[previous]) flat = 0;
                }
                if (keys[bit] < low[suit]) low[suit] = keys[bit];
                if (keys[bit] > high[suit]) high[suit] = keys[bit];
                previous = bit;
            }
            if (!rising && !flat) return 0;
        }
        for (int x = 0; x < NSUITS; x++)
            for (int y = x + 1; y < NSUITS; y++) {
                if (high[x] < 0 || high[y] < 0) continue;
                if (low[x] == high[x] && low[y] == high[y] && low[x] == low[y]) continue; /* neither can win */
                if (!(high[x] < low[y] || high[y] < low[x])) return 0;
            }
    }
    return 1;
}

int solver_init(solver *s, const kernel *k) {
    s->k = k;
    s->merge = suits_are_blocks(k);
    s->top_trumps = top_trump_wins(k);
    s->ranks = s->merge && ranks_decide(k);
    s->small = s->ranks;
    int cards = 0;
    for (int p = 0; p < k->players; p++) {
        cards += popcount128(s->hands[p]);
        for (mask_t m = s->hands[p]; m; m &= m - 1) s->owner[lowest_bit(m)] = (uint8_t)p;
    }
    /* each suit's owners, a nibble a card from its highest down, and each seat's length
       in it, 5 bits a seat (at most 16 cards a suit where ranks decide): kept as cards are
       played (play_and_search), for the table's key */
    s->left = 0;
    for (int p = 0; p < k->players; p++) s->left |= s->hands[p];
    for (int suit = 0; suit < NSUITS; suit++) {
        uint64_t owners = 0, lengths = 0;
        mask_t m = s->left & k->suit_masks[suit];
        for (int i = 0; m && i < 16; i++) {
            int bit = highest_bit(m);
            m &= ~bit_of(bit);
            owners |= (uint64_t)s->owner[bit] << (4 * i);
            lengths += (uint64_t)1 << (5 * s->owner[bit]);
        }
        s->owners[suit] = owners;
        s->lengths[suit] = lengths;
    }
    int log2 = cards > 44 ? 19 : cards > 36 ? 17 : cards > 24 ? 14 : cards > 12 ? 11 : 8;
    s->tt = malloc(((size_t)1 << log2) * sizeof(tt_entry)); /* a slot is read only once its tag is set */
    s->tags = calloc((size_t)1 << log2, sizeof(uint32_t));
    if (!s->tt || !s->tags) {
        solver_free(s);
        return -1;
    }
    s->tt_mask = ((size_t)1 << log2) - 1;
    s->nodes = 0;
    s->per_hand = s->trick_number + popcount128(s->hands[seat_after(k, s->leader, s->count)]);
    s->use_table = s->use_sure = 1;
    return 0;
}

void solver_free(solver *s) {
    free(s->tt);
    free(s->tags);
    s->tt = NULL;
    s->tags = NULL;
}

/* -- the transposition table's key ---------------------------------------------------- */

static inline uint64_t mix(uint64_t h) {
    h = (h ^ (h >> 30)) * MIX1;
    h = (h ^ (h >> 27)) * MIX2;
    return h ^ (h >> 31);
}

/* The key's words: nibbles packed into a word, each full word (and how many nibbles it
   holds, so that the stream of nibbles, read back from its end, is the one position)
   mixed into both hashes. */
typedef struct key_stream {
    uint64_t h1, h2, word;
    int used;
} key_stream;

static inline void key_flush(key_stream *ks) {
    ks->h1 = mix(mix(ks->h1 ^ ks->word) + (uint64_t)ks->used);
    ks->h2 = ((ks->h2 ^ ks->word) + (uint64_t)ks->used) * 0x9FB21C651E98DF25ULL;
    ks->h2 ^= ks->h2 >> 29;
    ks->word = 0;
    ks->used = 0;
}

static inline void key_push(key_stream *ks, uint64_t value, int nibbles) {
    if (ks->used + nibbles > 16) key_flush(ks);
    ks->word = ks->word << (4 * nibbles) | value;
    ks->used += nibbles;
}

/* Two independent hashes of the position at a trick's start: for each suit, the owner of
   each card left in order of strength (and whether it ties the card before it: two packs),
   a nibble a card, then the suit's length; then the leader and the rules' state (spades
   broken, the first trick, the free leads). Without merging, the cards left themselves
   are hashed too. */
static void position_key(const solver *s, uint64_t *a, uint64_t *b) {
    const kernel *k = s->k;
    uint8_t owner_of[128];
    mask_t left = 0;
    for (int p = 0; p < k->players; p++) {
        mask_t m = s->hands[p];
        left |= m;
        while (m) {
            owner_of[lowest_bit(m)] = (uint8_t)p;
            m &= m - 1;
        }
    }
    key_stream ks = {0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0, 0};
    for (int suit = 0; suit < NSUITS; suit++) {
        mask_t m = left & k->suit_masks[suit];
        const uint8_t *keys = k->keys[suit];
        int previous = -1, length = 0;
        while (m) {
            int bit = lowest_bit(m);
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
        ks.h1 = mix(ks.h1 ^ (uint64_t)left ^ mix((uint64_t)(left >> 64)));
        ks.h2 = (ks.h2 + (uint64_t)left + 3 * (uint64_t)(left >> 64)) * 0xD6E8FEB86659FD93ULL;
    }
    int kept = (s->trick_number == 0) | ((s->trick_number < k->lead_free_from) << 1);
    uint64_t rest = (uint64_t)s->leader | ((uint64_t)s->broken << 4) | ((uint64_t)kept << 5);
    *a = mix(ks.h1 ^ (rest << 40));
    *b = mix(ks.h2 + rest);
}

/* What a table entry is looked up by: with winning ranks, the hashes of each hand's
   length in each suit with the leader and the rules' state, and each suit's owners from
   its highest card down (a nibble a card); without, the hashes of the whole position. */
typedef struct table_key {
    uint64_t a, b;
    uint64_t owners[NSUITS];
    mask_t left;
} table_key;

HOT static void table_key_of(const solver *s, table_key *key) {
    const kernel *k = s->k;
    key->left = s->left;
    if (!s->ranks) {
        position_key(s, &key->a, &key->b);
        for (int suit = 0; suit < NSUITS; suit++) key->owners[suit] = 0;
        return;
    }
    key_stream ks = {0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0, 0};
    for (int suit = 0; suit < NSUITS; suit++) {
        key->owners[suit] = s->owners[suit];
        key_push(&ks, s->lengths[suit], 8);
    }
    key_flush(&ks);
    int kept = (s->trick_number == 0) | ((s->trick_number < k->lead_free_from) << 1);
    uint64_t rest = (uint64_t)s->leader | ((uint64_t)s->broken << 4) | ((uint64_t)kept << 5);
    key->a = mix(ks.h1 ^ (rest << 40));
    key->b = mix(ks.h2 + rest);
}

/* A position's bucket: by its hashes and, in long positions (`left` cards a hand), the
   owners of each suit's highest cards, so that the many positions of one shape do not
   share one bucket (an entry that keeps fewer ranks than these is stored once for each of
   their owners, each copy exact; in short positions, one copy answers more). */
static inline size_t table_bucket(const solver *s, const table_key *key, int left) {
    uint64_t h = key->a, top = left >= 9 ? 0xFF : left >= 6 ? 0xF : 0;
    for (int suit = 0; suit < NSUITS; suit++) h = (h ^ (key->owners[suit] & top)) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 32;
    return h & s->tt_mask & ~(size_t)(TT_WAYS - 1);
}

/* An entry's tag: a bucket's tags are two cache lines, read before any entry (an entry
   is 56 bytes, and a full table far larger than the caches); 0 for an empty slot. */
static inline uint32_t table_tag(const table_key *key) { return (uint32_t)(key->b >> 32) | 1; }

/* The first `n` nibbles of a word of owners. */
static inline uint64_t nibbles(int n) { return n >= 16 ? ~(uint64_t)0 : ((uint64_t)1 << (4 * n)) - 1; }

static inline int entry_matches(const tt_entry *e, const table_key *key) {
    if (e->a != key->a || e->b != key->b) return 0;
    for (int suit = 0; suit < NSUITS; suit++)
        if ((key->owners[suit] & nibbles(e->top[suit])) != e->owners[suit]) return 0;
    return 1;
}

/* The `n` highest of `cards`. */
static inline mask_t highest_cards(mask_t cards, int n) {
    mask_t out = 0;
    for (; n > 0 && cards; n--) {
        mask_t top = bit_of(highest_bit(cards));
        out |= top;
        cards &= ~top;
    }
    return out;
}

/* The cards whose ranks an entry keeps, in this position. */
HOT static mask_t entry_ranks(const solver *s, const tt_entry *e, mask_t left) {
    mask_t out = 0;
    for (int suit = 0; suit < NSUITS; suit++)
        if (e->top[suit]) out |= highest_cards(left & s->k->suit_masks[suit], e->top[suit]);
    return out;
}

/* Record a result (target reached or not) of the position, `relevant` the cards whose
   ranks decided it: in each suit, its cards from the lowest of them up are kept. */
HOT static void table_store(solver *s, const table_key *key, int left, int target, int result, int settled,
                        mask_t relevant) {
    const kernel *k = s->k;
    size_t base = table_bucket(s, key, left);
    tt_entry *bucket = &s->tt[base];
    uint32_t *tags = &s->tags[base], tag = table_tag(key);
    uint8_t top[NSUITS];
    for (int suit = 0; suit < NSUITS; suit++) {
        mask_t cards = key->left & k->suit_masks[suit];
        mask_t m = relevant & cards;
        top[suit] = !s->ranks || !m ? 0 : (uint8_t)popcount128(cards & ~(bit_of(lowest_bit(m)) - 1));
    }
    /* the entry for the same ranks, if any: an entry that keeps fewer answers more
       positions, and narrowing it to these ranks would lose them */
    tt_entry *e = NULL;
    for (int i = 0; i < TT_WAYS && !e; i++)
        if (tags[i] == tag && entry_matches(&bucket[i], key) && !memcmp(bucket[i].top, top, NSUITS)) e = &bucket[i];
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
static inline mask_t between(int low, int high) {
    return (bit_of(high) - 1) & ~(bit_of(low) - 1) & ~bit_of(low);
}

/* The cards that would tell two cards of a suit apart: those between them, and the other
   copies of either's face (two packs: a copy ties one of them and beats the other). */
static inline mask_t same_run(const kernel *k, int low, int high) {
    return (between(low, high) | k->face_mask[low] | k->face_mask[high]) & ~bit_of(low) & ~bit_of(high);
}

/* What the order of one node's cards reads, found once for all of them: the cards of
   the other hands and of the actor's partners; following, the cards that the later
   seats not on the actor's side may play (their suit led, or any card where void), and
   whether a partner plays later; leading, the suits (bit per suit) an opponent, or a
   partner, can ruff. */
typedef struct order_view {
    mask_t others, friends, threats;
    int later_friend, their_ruffs, our_ruffs;
} order_view;

static inline int beaten_later(const solver *s, const order_view *v, int top) {
    return (v->threats & beating_top(s->k, top)) != 0;
}

/* A following card's place in the order (higher first): the cheapest card that wins for
   sure, a low card when the side wins anyway, a card that wins for now where no partner
   plays after it (it forces the next seats), low cards otherwise. */
static inline int follow_score(const solver *s, const order_view *v, int bit, int top, int friend_winning,
                               int top_safe) {
    const kernel *k = s->k;
    int led = k->suit_of[s->trick[0]];
    int value = strength(k, bit);
    if (friend_winning && top_safe) return -value;
    int key = k->keys[led][bit], best = k->keys[led][top];
    int over = key > best || (key == best && k->later_wins);
    if (friend_winning) {
        if (over && !beaten_later(s, v, bit)) return 1500 - value;
        return -value;
    }
    if (!over) return 100 - value;
    if (!beaten_later(s, v, bit)) return 1500 - value;
    return (v->later_friend ? 300 : 700) - value;
}

/* A lead's place in the order: a card above every other of its suit that no other seat
   can ruff (cash it), a low card of a suit a partner can ruff and no opponent can (a
   trick for a small trump), a low card to a partner's top card, a low card otherwise; a
   suit an opponent can ruff last. */
static inline int lead_score(const solver *s, const order_view *v, int bit) {
    const kernel *k = s->k;
    int suit = k->suit_of[bit];
    int value = strength(k, bit);
    mask_t cards = k->suit_masks[suit];
    mask_t higher = v->others & cards & ~((bit_of(bit) << 1) - 1);
    int ruff = v->their_ruffs >> suit & 1;
    if (!higher && !ruff) return 1000 - value + (suit == TRUMPS ? 50 : 0);
    if (!ruff && (v->our_ruffs >> suit & 1)) return 850 - value;
    if (!ruff && higher && (v->friends >> highest_bit(higher) & 1)) return 800 - value; /* to a partner's top card */
    return (ruff ? -300 : 0) - value;
}

/* One card of each run of equivalent legal cards (no card of another hand, nor of the
   trick, between them in their suit), ordered with the likely best first. `runs`: each
   run of more than one card, as a mask of the cards between its lowest and its highest. */
typedef struct runs {
    int n;
    mask_t cards[MAX_MOVES];
} runs;

HOT static int ordered_moves(const solver *s, int actor, mask_t legal, uint8_t *moves, runs *runs) {
    const kernel *k = s->k;
    if (!(legal & (legal - 1))) { /* one card: nothing to order */
        moves[0] = (uint8_t)lowest_bit(legal);
        return 1;
    }
    int mine = s->maximizers >> actor & 1;
    order_view v = {0, 0, 0, 0, 0, 0};
    for (int p = 0; p < k->players; p++) {
        if (p == actor) continue;
        v.others |= s->hands[p];
        if ((s->maximizers >> p & 1) == mine) v.friends |= s->hands[p];
    }
    mask_t blockers = v.others;
    for (int i = 0; i < s->count; i++) blockers |= bit_of(s->trick[i]);
    int scores[MAX_MOVES];
    int n = 0;
    int top = -1, friend_winning = 0, top_safe = 0;
    if (s->count) {
        mask_t led = k->suit_masks[k->suit_of[s->trick[0]]];
        for (int i = s->count + 1; i < k->players; i++) {
            int seat = seat_after(k, s->leader, i);
            if ((s->maximizers >> seat & 1) == mine) {
                v.later_friend = 1;
                continue;
            }
            mask_t follow = s->hands[seat] & led;
            v.threats |= follow ? follow : s->hands[seat];
        }
        int w = trick_winner(k, s->trick, s->count);
        top = s->trick[w];
        friend_winning = (s->maximizers >> seat_after(k, s->leader, w) & 1) == mine;
        if (friend_winning) top_safe = !beaten_later(s, &v, top);
    } else {
        for (int p = 0; p < k->players; p++) {
            if (p == actor || !(s->hands[p] & k->trumps)) continue;
            int voids = 0;
            for (int suit = 0; suit < NSUITS; suit++)
                if (suit != TRUMPS && !(s->hands[p] & k->suit_masks[suit])) voids |= 1 << suit;
            if ((s->maximizers >> p & 1) == mine) v.our_ruffs |= voids;
            else v.their_ruffs |= voids;
        }
    }
    for (int suit = 0; suit < NSUITS; suit++) {
        mask_t m = legal & k->suit_masks[suit];
        int last = -1, kept = -1;
        while (m) {
            int bit = lowest_bit(m);
            m &= m - 1;
            if (last >= 0 && s->merge && !(blockers & same_run(k, last, bit))) {
                last = bit;
                if (runs->n && (runs->cards[runs->n - 1] >> kept & 1))
                    runs->cards[runs->n - 1] |= (bit_of(bit) << 1) - bit_of(kept);
                else
                    runs->cards[runs->n++] = (bit_of(bit) << 1) - bit_of(kept);
                continue; /* the same card as the one kept before it */
            }
            last = kept = bit;
            int score = s->count ? follow_score(s, &v, bit, top, friend_winning, top_safe) : lead_score(s, &v, bit);
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
HOT static int last_seat_card(const solver *s, int actor, mask_t legal) {
    const kernel *k = s->k;
    int w = trick_winner(k, s->trick, s->count);
    int friend_winning = (s->maximizers >> seat_after(k, s->leader, w) & 1) == (s->maximizers >> actor & 1);
    const uint8_t *keys = k->keys[k->suit_of[s->trick[0]]];
    int best = keys[s->trick[w]];
    int low = -1, low_value = 1 << 20, win = -1, win_value = 1 << 20;
    for (mask_t m = legal; m; m &= m - 1) {
        int bit = lowest_bit(m), value = strength(k, bit);
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

HOT static int search(solver *s, int target, mask_t *relevant);

/* Play `bit` for the seat to play, search, and take it back. `target` counts from before
   the card, so a trick the counted seats win with it lowers it by one. `relevant`: the
   cards whose ranks decided the result (a trick's winner when it beat a card of its own
   suit, and those of the tricks after). */
HOT static int play_and_search(solver *s, int actor, int bit, int target, mask_t *relevant) {
    const kernel *k = s->k;
    int leader = s->leader, count = s->count, broken = s->broken, trick_number = s->trick_number;
    mask_t must_lead = s->must_lead;
    uint8_t trick[MAX_PLAYERS]; /* the next trick writes over this one's cards */
    int suit = k->suit_of[bit];
    uint64_t owners = s->owners[suit], lengths = s->lengths[suit];
    /* the card's nibble (after the cards above it left in its suit) squeezed out */
    int above = popcount128(s->left & k->suit_masks[suit] & ~((bit_of(bit) << 1) - 1));
    uint64_t below = above >= 16 ? ~(uint64_t)0 : ((uint64_t)1 << (4 * above)) - 1;
    s->owners[suit] = (owners & below) | ((owners >> 4) & ~below);
    s->lengths[suit] = lengths - ((uint64_t)1 << (5 * actor));
    s->left &= ~bit_of(bit);
    s->hands[actor] &= ~bit_of(bit);
    s->trick[count] = (uint8_t)bit;
    int led = k->suit_of[count ? s->trick[0] : bit];
    s->broken |= (int)(k->breaking[led] >> bit & 1);
    s->count = count + 1;
    mask_t decided = 0;
    if (s->count == k->players) {
        memcpy(trick, s->trick, sizeof trick);
        int w = trick_winner(k, s->trick, s->count);
        int winner = seat_after(k, leader, w);
        for (int i = 0; i < s->count; i++)
            if (i != w && k->suit_of[trick[i]] == k->suit_of[trick[w]]) decided = bit_of(trick[w]);
        target -= s->counted >> winner & 1;
        s->leader = winner;
        s->count = 0;
        s->trick_number = trick_number + 1;
        s->must_lead = 0;
    }
    int result = search(s, target, relevant);
    *relevant |= decided;
    if (s->trick_number != trick_number) memcpy(s->trick, trick, sizeof trick);
    s->hands[actor] |= bit_of(bit);
    s->left |= bit_of(bit);
    s->owners[suit] = owners;
    s->lengths[suit] = lengths;
    s->leader = leader;
    s->count = count;
    s->broken = broken;
    s->trick_number = trick_number;
    s->must_lead = must_lead;
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
HOT static int sure_tricks(const solver *s, mask_t *cashed) {
    const kernel *k = s->k;
    if (k->later_wins && k->packs != 1) return 0; /* a later twin would win the tie */
    if (s->must_lead) return 0;
    int leader = s->leader;
    mask_t hand = s->hands[leader], others = 0;
    int held[MAX_PLAYERS][NSUITS];
    for (int p = 0; p < k->players; p++) {
        if (p == leader) continue;
        others |= s->hands[p];
        for (int suit = 0; suit < NSUITS; suit++) held[p][suit] = popcount128(s->hands[p] & k->suit_masks[suit]);
    }
    int broken = s->broken, number = s->trick_number, sure = 0;
    for (;;) {
        mask_t legal = allowed(k, hand, s->trick, 0, broken, number, 0);
        int card = -1, rank = 1;
        for (int suit = 0; suit < NSUITS && card < 0; suit++) {
            mask_t mine = legal & k->suit_masks[suit];
            if (!mine) continue;
            mask_t theirs = others & k->suit_masks[suit];
            int top = highest_bit(mine), following = 0;
            for (int p = 0; p < k->players; p++)
                if (p != leader) following += held[p][suit];
            if (following && theirs && highest_bit(theirs) > top) continue;
            int ok = 1;
            for (int p = 0; p < k->players && ok; p++)
                if (p != leader && !held[p][suit] && held[p][TRUMPS] && suit != TRUMPS) ok = 0; /* it may ruff */
            if (!ok) continue;
            card = top;
            rank = following > 0;
        }
        if (card < 0) break;
        int suit = k->suit_of[card];
        hand &= ~bit_of(card);
        if (rank) *cashed |= bit_of(card);
        for (int p = 0; p < k->players; p++)
            if (p != leader && held[p][suit]) held[p][suit]--;
        broken |= (int)(k->breaking[suit] >> card & 1);
        number++;
        sure++;
        if (!hand) break;
    }
    return sure;
}

/* Seconds on a monotonic clock, for a search's deadline. */
static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether to stop now: the deadline passed, or a signal came (Ctrl+C: Python's handler
   runs here, under the GIL taken back for the moment, and its exception stays set for the
   caller to raise). Asked every STOP_CHECK nodes, some milliseconds apart. */
static void check_stop(solver *s) {
    if (s->deadline > 0 && now_seconds() >= s->deadline) {
        s->stop = STOP_DEADLINE;
        return;
    }
    if (s->signals) {
        PyGILState_STATE held = PyGILState_Ensure();
        if (PyErr_CheckSignals() < 0) s->stop = STOP_SIGNAL;
        PyGILState_Release(held);
    }
}

#define STOP_CHECK 0xFFFF

HOT static int search(solver *s, int target, mask_t *relevant) {
    const kernel *k = s->k;
    int actor = seat_after(k, s->leader, s->count);
    int left = s->per_hand - s->trick_number; /* the seat to play has not played to this trick */
    *relevant = 0;
    if (target <= 0) return 1;
    if (target > left) return 0;
    if ((++s->nodes & STOP_CHECK) == 0) check_stop(s);
    if (s->stop) return 0;
    if (left == 1) {
        /* the last trick: each seat's one card, played out */
        uint8_t trick[MAX_PLAYERS];
        memcpy(trick, s->trick, sizeof trick);
        for (int i = s->count; i < k->players; i++) trick[i] = (uint8_t)lowest_bit(s->hands[seat_after(k, s->leader, i)]);
        int w = trick_winner(k, trick, k->players);
        for (int i = 0; i < k->players; i++)
            if (i != w && k->suit_of[trick[i]] == k->suit_of[trick[w]]) *relevant = bit_of(trick[w]);
        return s->counted >> seat_after(k, s->leader, w) & 1;
    }
    int tabled = s->count == 0 && !s->must_lead && s->use_table;
    table_key key;
    int first = -1, hint = -1;
    if (tabled) {
        table_key_of(s, &key);
        size_t base = table_bucket(s, &key, left);
        const uint32_t *tags = &s->tags[base], tag = table_tag(&key);
        __builtin_prefetch(tags); /* the trump bound's work while it comes */
        if (s->top_trumps && s->use_sure) {
            /* every card is played, one a seat a trick, and a trump wins its trick for
               its side whoever leads unless a higher trump of the other side is in it:
               of a seat's `n` highest trumps, with `h` of the other side's above the
               lowest of them, each of those `h` takes at most one, so `n - h` are tricks
               (all of its trumps where the other side has none; the suit lengths, in
               every key, say so) */
            mask_t trumps[MAX_PLAYERS], side[2] = {0, 0};
            for (int p = 0; p < k->players; p++) {
                trumps[p] = s->hands[p] & k->trumps;
                side[s->counted >> p & 1] |= trumps[p];
            }
            for (int mine = 1; mine >= 0; mine--) {
                mask_t theirs = side[!mine];
                int most = 0;
                mask_t run = 0;
                for (int p = 0; p < k->players; p++) {
                    if ((s->counted >> p & 1) != mine) continue;
                    mask_t m = trumps[p], taken = 0;
                    for (int n = 1; m; n++) {
                        int bit = highest_bit(m);
                        m &= ~bit_of(bit);
                        taken |= bit_of(bit);
                        int tricks = n - popcount128(theirs & ~((bit_of(bit) << 1) - 1));
                        if (tricks > most) {
                            most = tricks;
                            run = taken;
                        }
                    }
                }
                if (mine ? most >= target : left - most < target) {
                    *relevant = theirs ? run : 0;
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
            mask_t all = side[0] | side[1];
            if ((y ? target == 1 : target == left) && popcount128(all) >= 3) {
                int top = highest_bit(all), second = highest_bit(all & ~bit_of(top));
                int a = s->owner[top], hh = s->owner[second], between = a != hh;
                for (int seat = seat_after(k, a, 1); between && seat != hh; seat = seat_after(k, seat, 1))
                    between = (s->counted >> seat & 1) == y;
                if (between && (s->counted >> hh & 1) == y && (s->maximizers >> hh & 1) == y &&
                    popcount128(trumps[hh]) >= 2) {
                    *relevant = bit_of(top) | bit_of(second);
                    return y;
                }
            }
        }
        for (int i = 0; i < TT_WAYS; i++) {
            if (tags[i] != tag) continue;
            tt_entry *e = &s->tt[base + i];
            if (!entry_matches(e, &key)) {
                /* the same shape with other owners of the kept cards: a position of the
                   same suit lengths is often settled by the same card, a guess where no
                   entry of this position tells one */
                if (first < 0 && e->best && e->a == key.a && e->b == key.b) hint = e->best - 1;
                continue;
            }
            if (e->lo >= target || e->hi < target) {
                *relevant = entry_ranks(s, e, key.left);
                return e->lo >= target;
            }
            if (e->best) first = e->best - 1;
        }
        int counted = s->counted >> actor & 1, wants = s->maximizers >> actor & 1;
        if (counted == wants && s->use_sure) { /* the leader wants its own tricks counted, or not */
            mask_t cashed = 0;
            int sure = sure_tricks(s, &cashed);
            if ((counted && sure >= target) || (!counted && left - sure < target)) {
                *relevant = cashed;
                return counted;
            }
        }
    }
    mask_t legal = allowed(k, s->hands[actor], s->trick, s->count, s->broken, s->trick_number, s->must_lead);
    uint8_t moves[MAX_MOVES];
    runs runs;
    runs.n = 0;
    /* the card that settled this position before (or one like it), or the last seat's
       likely card, tried before the others are ordered: it settles most positions */
    if (first < 0) first = hint;
    int lazy = -1, n = 1;
    if (legal & (legal - 1)) {
        if (first >= 0 && (legal >> first & 1)) lazy = first;
        else if (s->count == k->players - 1) lazy = last_seat_card(s, actor, legal);
    }
    if (lazy >= 0) moves[0] = (uint8_t)lazy;
    else n = ordered_moves(s, actor, legal, moves, &runs);
    int wants = s->maximizers >> actor & 1;
    int result = !wants, settled = -1;
    mask_t all = 0;
    /* DDS's small cards: once a card of a suit fails below the lowest card of the suit
       whose rank decided anything so far, every other card of the suit below that one
       leaves a position that differs from the failed card's only in cards whose ranks
       did not matter: the same result, not searched */
    int below[NSUITS] = {0, 0, 0, 0}, cut[NSUITS] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int bit = moves[i], suit = k->suit_of[bit];
        if (bit < below[suit]) continue;
        mask_t theirs = 0;
        int r = play_and_search(s, actor, bit, target, &theirs);
        if (r == wants) {
            result = wants;
            settled = bit;
            all = theirs;
            break;
        }
        all |= theirs;
        if (s->small && !cut[suit]) {
            mask_t kept = all & k->suit_masks[suit];
            int low = kept ? lowest_bit(kept) : MAX_CARDS;
            cut[suit] = 1;
            if (bit < low) below[suit] = low;
        }
        if (lazy >= 0) {
            /* the others now, less the card tried (or the card of its run that stands
               for it) */
            n = ordered_moves(s, actor, legal, moves, &runs);
            int same = lazy, m = 0;
            for (int j = 0; j < runs.n; j++)
                if (runs.cards[j] >> lazy & 1) same = lowest_bit(runs.cards[j]);
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
                mask_t run = runs.cards[i];
                if (all & run & bit_of(lowest_bit(run))) continue;
                mask_t same = all & k->suit_masks[k->suit_of[lowest_bit(run)]];
                if (same && lowest_bit(same) <= highest_bit(run)) {
                    all |= bit_of(lowest_bit(run));
                    changed = 1;
                }
            }
        }
    }
    *relevant = all;
    if (tabled) table_store(s, &key, left, target, result, settled, all);
    return result;
}

HOT void solver_values(solver *s, int *values, mask_t focus) {
    const kernel *k = s->k;
    for (int i = 0; i < k->size; i++) values[i] = -1;
    int actor = seat_after(k, s->leader, s->count);
    int left = popcount128(s->hands[actor]);
    mask_t legal = allowed(k, s->hands[actor], s->trick, s->count, s->broken, s->trick_number, s->must_lead);
    uint8_t moves[MAX_MOVES];
    runs runs;
    runs.n = 0;
    int n = ordered_moves(s, actor, legal, moves, &runs);
    /* each legal card's run: the card searched for it (the lowest of the run) */
    mask_t searched = 0, wanted = 0;
    for (int i = 0; i < n; i++) searched |= bit_of(moves[i]);
    uint8_t run_of[MAX_CARDS];
    for (int suit = 0; suit < NSUITS; suit++) {
        mask_t m = legal & k->suit_masks[suit];
        int run = -1;
        while (m) {
            int bit = lowest_bit(m);
            m &= m - 1;
            if (searched >> bit & 1) run = bit;
            run_of[bit] = (uint8_t)run;
            if (focus >> bit & 1) wanted |= bit_of(run);
        }
    }
    mask_t ignored;
    int guess = -1; /* the cards of a hand are often worth the same: try the last value first */
    int best = -1;
    /* with a focus, its cards first, each exactly; the others only where they beat the
       best so far (then exactly) */
    for (int pass = focus ? 0 : 1; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            int in_focus = (int)(wanted >> moves[i] & 1);
            if (focus && (pass == 0) != in_focus) continue;
            int low = 0, high = left;
            if (focus && pass == 1) {
                if (best >= left || !play_and_search(s, actor, moves[i], best + 1, &ignored)) continue;
                low = best + 1;
            }
            /* from the last card's value a step at a time, as DDS walks: a hand's values
               are close, and halving asks targets away from the value, which are not
               free; halving for the first card */
            int probe = guess;
            while (low < high) {
                int mid = (low + high + 1) / 2;
                if (probe >= 0) mid = probe <= low ? low + 1 : probe > high ? high : probe;
                if (play_and_search(s, actor, moves[i], mid, &ignored)) {
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
    /* the cards merged into each one searched: the same value */
    for (int bit = 0; bit < k->size; bit++)
        if ((legal >> bit & 1) && values[bit] < 0 && values[run_of[bit]] >= 0) values[bit] = values[run_of[bit]];
}

/* -- the Python boundary -------------------------------------------------------------- */

/* double_dummy(kernel, hands, leader, trick, broken, trick_number, must_lead, counted,
   maximizers, options=0) -> [(bit, tricks), ...]; options, for the tests that hold each
   shortcut to the plain search: 1 no table, 2 no merged cards, 4 no sure tricks, 16 no
   winning ranks (the table keyed on the whole position), 32 no small cards skipped
   (every card searched that no run merges); and 8,
   for the bench: ([(bit, tricks), ...], nodes searched). focus (a mask, 0 for none):
   only its cards' values, and any card better than all of them (so the best value is
   the highest given), for a review that asks a played card and the best. seconds (0 for
   none): a time limit, past which it raises spadeslib.errors.SearchTimeout; Ctrl+C stops
   it too (the search cannot be interrupted otherwise: it runs without the GIL). */
static PyObject *native_double_dummy(PyObject *module, PyObject *args) {
    native_state *st = (native_state *)PyModule_GetState(module);
    PyObject *kernel_obj, *hands_obj, *leader_obj, *trick_obj, *number_obj, *must_obj;
    PyObject *counted_obj, *max_obj, *focus_obj = NULL;
    int broken, options = 0;
    double seconds = 0;
    if (!PyArg_ParseTuple(args, "OOOOpOOOO|iOd", &kernel_obj, &hands_obj, &leader_obj, &trick_obj, &broken,
                          &number_obj, &must_obj, &counted_obj, &max_obj, &options, &focus_obj, &seconds))
        return NULL;
    if (!(seconds >= 0 && seconds <= 1e9))
        return argument_error(st, "seconds must be from 0 (no limit) to 1e9, not %R", PyTuple_GET_ITEM(args, 11));
    if (options < 0 || options > 63) return argument_error(st, "options must be from 0 to 63, not %d", options);
    if (!PyObject_TypeCheck(kernel_obj, st->kernel_type))
        return argument_error(st, "kernel must be a spadeslib._native.Kernel, not %R", kernel_obj);
    const kernel *k = &((KernelObject *)kernel_obj)->k;
    solver s;
    memset(&s, 0, sizeof s);
    long leader, number, counted, maximizers;
    if (int_in(st, leader_obj, 0, k->players - 1, &leader, "leader") < 0) return NULL;
    if (int_in(st, number_obj, 0, k->hand_size - 1, &number, "trick_number") < 0) return NULL;
    long seats = (1L << k->players) - 1;
    if (int_in(st, counted_obj, 1, seats, &counted, "counted") < 0) return NULL;
    if (int_in(st, max_obj, 0, seats, &maximizers, "maximizers") < 0) return NULL;
    if (mask_from_py(st, must_obj, k->size, &s.must_lead, "must_lead") < 0) return NULL;
    mask_t focus = 0;
    if (focus_obj && mask_from_py(st, focus_obj, k->size, &focus, "focus") < 0) return NULL;
    PyObject *hands = sequence_of(st, hands_obj, k->players, "hands");
    if (!hands) return NULL;
    mask_t seen = 0;
    for (int p = 0; p < k->players; p++) {
        if (mask_from_py(st, PyList_GET_ITEM(hands, p), k->size, &s.hands[p], "a hand") < 0) {
            Py_DECREF(hands);
            return NULL;
        }
        if (seen & s.hands[p]) {
            Py_DECREF(hands);
            return argument_error(st, "hands[%d] holds a card another hand holds", p);
        }
        seen |= s.hands[p];
    }
    Py_DECREF(hands);
    int count = 0;
    if (bits_from_py(st, k, trick_obj, k->players - 1, s.trick, &count, "trick") < 0) return NULL;
    for (int i = 0; i < count; i++) {
        if (seen >> s.trick[i] & 1)
            return argument_error(st, "the trick's card %d is also in a hand, or twice in the trick",
                                  (int)s.trick[i]);
        seen |= bit_of(s.trick[i]);
    }
    s.leader = (int)leader;
    s.count = count;
    s.broken = broken;
    s.trick_number = (int)number;
    s.counted = (int)counted;
    s.maximizers = (int)maximizers;
    int actor = seat_after(k, s.leader, count);
    int left = popcount128(s.hands[actor]);
    if (left == 0 || left > k->hand_size)
        return argument_error(st, "the seat to play (%d) holds %d cards: no position of the play", actor, left);
    for (int i = 0; i < k->players; i++) {
        int seat = seat_after(k, s.leader, i);
        int expected = i < count ? left - 1 : left;
        if (popcount128(s.hands[seat]) != expected)
            return argument_error(st, "hands[%d] holds %d cards where the trick needs %d", seat,
                                  popcount128(s.hands[seat]), expected);
    }
    if (solver_init(&s, k) < 0) return PyErr_NoMemory();
    s.use_table = !(options & 1);
    if (options & 2) s.merge = 0;
    s.use_sure = !(options & 4);
    if (options & 16) s.ranks = 0;
    if (options & 32) s.small = 0;
    if (!s.ranks) s.small = 0; /* a hit of a whole-position table tells no ranks: skipping needs them */
    int values[MAX_CARDS];
    s.signals = 1; /* (a no-op off the main thread, which signals never reach) */
    s.deadline = seconds > 0 ? now_seconds() + seconds : 0;
    Py_BEGIN_ALLOW_THREADS
    solver_values(&s, values, focus);
    Py_END_ALLOW_THREADS
    solver_free(&s);
    if (s.stop == STOP_SIGNAL) return NULL; /* Ctrl+C: its KeyboardInterrupt is set */
    if (s.stop == STOP_DEADLINE) {
        PyObject *limit = PyFloat_FromDouble(seconds);
        if (limit) {
            PyErr_Format(st->search_timeout,
                         "the double-dummy search did not finish within %R seconds (%ld positions searched)", limit,
                         s.nodes);
            Py_DECREF(limit);
        }
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int bit = 0; bit < k->size; bit++) {
        if (values[bit] < 0) continue;
        PyObject *pair = Py_BuildValue("(ii)", bit, values[bit]);
        if (!pair || PyList_Append(out, pair) < 0) {
            Py_XDECREF(pair);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(pair);
    }
    if (options & 8) {
        PyObject *both = Py_BuildValue("(Nl)", out, s.nodes);
        return both;
    }
    return out;
}

static PyMethodDef solver_functions[] = {
    {"double_dummy", native_double_dummy, METH_VARARGS,
     "double_dummy(kernel, hands, leader, trick, broken, trick_number, must_lead, counted, maximizers)"
     " [, options] -> [(bit, tricks)]: each legal card's tricks for the counted seats, all hands seen."},
    {NULL, NULL, 0, NULL},
};

int solver_exec(PyObject *module) { return PyModule_AddFunctions(module, solver_functions); }
