/* spadeslib's native core: the compiled rules played in C.
 *
 * The C reads tables and never a rule of its own: a `kernel` is filled from the public
 * fields of a compiled `spadeslib.compiler.Rules` (see spadeslib/compiler/kernel.py), and
 * every function here is generic over it. Where C has to decide something the Python
 * engine decides too, the two are held together by the differential tests.
 *
 * Cards are bits 0..size-1 of the compiled deck (at most 108: two packs and four jokers),
 * so a set of cards is a 128-bit mask. No global state: everything lives in the kernel,
 * a play or a playout's own buffers.
 */
#ifndef SPADESLIB_NATIVE_H
#define SPADESLIB_NATIVE_H

#include <stdint.h>
#include <string.h>

#ifndef __SIZEOF_INT128__
#error "spadeslib's native core needs a compiler with unsigned __int128 (gcc or clang, 64-bit)"
#endif

typedef unsigned __int128 mask_t;

#define MAX_CARDS 108
#define MAX_PLAYERS 6
#define MAX_SIDES 6
#define MAX_TRICKS 27
#define NSUITS 4

/* The codes of the compiler's rules, as the kernel is given them. */
enum void_rule { VOID_FREE = 0, VOID_MUST_TRUMP = 1, VOID_MUST_OVERTRUMP = 2, VOID_SCREAMER = 3 };
enum first_lead { LEAD_DEALER_LEFT = 0, LEAD_DEALER = 1, LEAD_LOWEST_CLUB = 2, LEAD_HIGHEST_BIDDER = 3 };

#define CLUBS 3
#define TRUMPS 0

static inline mask_t bit_of(int bit) { return (mask_t)1 << bit; }

static inline int popcount128(mask_t m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

static inline int lowest_bit(mask_t m) { /* m != 0 */
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

static inline int highest_bit(mask_t m) { /* m != 0 */
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

/* The k-th lowest set bit of m (0 <= k < popcount(m)): halves found by counting, so a
   handful of popcounts whatever k is (a popcount instruction where the CPU has one: the
   entry points are built twice, see HOT in dispatch.h). */
static inline int nth_bit(mask_t m, int k) {
    uint64_t word = (uint64_t)m;
    int base = 0;
    int count = __builtin_popcountll(word);
    if (k >= count) {
        k -= count;
        word = (uint64_t)(m >> 64);
        base = 64;
    }
    for (int width = 32; width >= 8; width >>= 1) {
        uint64_t low = word & ((1ULL << width) - 1);
        count = __builtin_popcountll(low);
        if (k >= count) {
            k -= count;
            word >>= width;
            base += width;
        } else {
            word = low;
        }
    }
    while (k--) word &= word - 1;
    return base + __builtin_ctzll(word);
}

/* The compiled rules, flat. Filled once per compiled variant from Rules' public tables. */
typedef struct kernel {
    int size, players, hand_size, packs, sides;
    int later_wins;
    int void_rule, first_no_lead, first_no_spades, lead_free_from, broken_frees, first_lead;
    mask_t full, trumps, non_trumps;
    mask_t suit_masks[NSUITS];
    mask_t breaking[NSUITS];
    mask_t beats[MAX_CARDS];
    mask_t face_mask[MAX_CARDS];     /* the copies of each bit's face */
    uint8_t suit_of[MAX_CARDS];
    uint8_t keys[NSUITS][MAX_CARDS]; /* winner keys by led suit */
    uint8_t canonical[MAX_CARDS];    /* the first copy of each bit's face: a play's id */
    uint8_t side_of[MAX_PLAYERS];
    int8_t partner_of[MAX_PLAYERS];
    uint8_t side_size[MAX_SIDES];
    uint8_t side_seats[MAX_SIDES][MAX_PLAYERS];
    /* the bots' order of cards (bots/tables.py): low to high across suits, and each
       card's stronger faces in its suit */
    uint32_t order[MAX_CARDS];
    mask_t above[MAX_CARDS];
} kernel;

/* kernel.c: the rules of play */
int trick_winner(const kernel *k, const uint8_t *trick, int count);
mask_t allowed(const kernel *k, mask_t hand, const uint8_t *trick, int count, int broken,
               int trick_number, mask_t must_lead);
mask_t beating_mask(const kernel *k, const uint8_t *trick, int count);
int first_leader(const kernel *k, int dealer, const mask_t *hands, const int *bids);
mask_t first_lead_mask(const kernel *k, const mask_t *hands);
mask_t canonical_ids(const kernel *k, mask_t legal);

/* The play of one deal: everything the rules of play read and change. */
typedef struct play {
    mask_t hands[MAX_PLAYERS];
    mask_t played;           /* every card played so far this deal */
    mask_t must_lead;
    uint8_t trick[MAX_PLAYERS];
    uint8_t log[MAX_CARDS];  /* the cards of the finished tricks and this one, in order */
    uint8_t leaders[MAX_TRICKS];
    int tricks[MAX_PLAYERS];
    int count, leader, actor, trick_number, broken, winning, best, done;
    uint8_t voids[MAX_PLAYERS]; /* suits each seat has shown it lacks (bit per suit) */
} play;

void play_card(const kernel *k, play *p, int bit);

/* shuffle.c: the seeded shuffle and deal (spadeslib/engine/shuffle.py, dealing.py) */
typedef struct shuffler {
    int count, words, surplus;
    uint64_t top;               /* a first output above this is rejected at once */
    uint32_t total[20];         /* count!, little-endian 32-bit limbs */
    int total_limbs;
    int groups;                 /* runs of radices whose product is below 2^30 */
    uint32_t group_product[64];
    uint8_t group_start[64], group_len[64];
} shuffler;

uint64_t splitmix_next(uint64_t *state);
uint64_t stream_seed(uint64_t seed, int64_t stream);
uint64_t splitmix_below(uint64_t *state, uint64_t bound);
void shuffler_init(shuffler *s, int count);
void shuffle_order(const shuffler *s, uint64_t state, uint8_t *order);

#endif
