/* spadeslib's native core: the compiled rules played in C.
 *
 * The C reads tables for most of what it decides: a `kernel` is filled from the public
 * fields of a compiled `spadeslib.compiler.Rules` (see spadeslib/compiler/kernel.py), and
 * every function here is generic over it, except two switches: the void rule and the
 * first lead (`enum void_rule`, `enum first_lead` below), where a new kind is new C.
 * Where C decides something the Python engine decides too, the two are held together by
 * the differential tests.
 *
 * Cards are bits 0..size-1 of the compiled deck (at most 108: two packs and four jokers),
 * so a set of cards is a 128-bit mask. No global state: everything lives in the kernel,
 * a play or a playout's own buffers.
 */
#ifndef SPADESLIB_NATIVE_H
#define SPADESLIB_NATIVE_H

#include <stddef.h>
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

/* HOT marks the entry points of the hot loops: on x86-64 with GNU ifuncs they are built
   twice, for the baseline and for x86-64-v3 (popcnt, lzcnt, tzcnt, bmi2), and the loader
   picks one for the CPU at hand; everything they inline is built the same way. */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(SPADESLIB_NO_CLONES)
#define HOT __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define HOT
#endif

/* For the few functions of the hot loops that the compiler would call rather than inline
   (a call costs, and a function outside the clone runs without its CPU features). */
#if defined(__GNUC__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE static inline
#endif

static inline mask_t bit_of(int bit) { return (mask_t)1 << bit; }

static inline int popcount128(mask_t m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}

static inline int lowest_bit(mask_t m) { /* m != 0; which word holds it is a selection */
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    return (lo ? 0 : 64) + __builtin_ctzll(lo ? lo : hi);
}

static inline int highest_bit(mask_t m) { /* m != 0 */
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

/* The k-th lowest set bit of a word (0 <= k < popcount): the lowest k cleared. A legal
   set holds a few cards, and this beat counting halves with popcounts on every deck
   tried. */
static inline int nth_bit_64(uint64_t word, int k) {
    while (k--) word &= word - 1;
    return __builtin_ctzll(word);
}

static inline int nth_bit(mask_t m, int k) {
    int count = __builtin_popcountll((uint64_t)m);
    if (k < count) return nth_bit_64((uint64_t)m, k);
    return 64 + nth_bit_64((uint64_t)(m >> 64), k - count);
}

/* The compiled rules, flat. Filled once per compiled variant from Rules' public tables;
   the _64 copies of the masks are the same tables for a deck of up to 64 cards. */
typedef struct kernel {
    int size, players, hand_size, packs, sides;
    int later_wins;
    int void_rule, first_no_lead, first_no_spades, lead_free_from, broken_frees, first_lead;
    int overtrick_limit; /* -1: none; with one the Standard rule does not press (NYC) */
    mask_t full, trumps, non_trumps;
    mask_t suit_masks[NSUITS];
    mask_t breaking[NSUITS];
    mask_t beats[MAX_CARDS];
    mask_t face_mask[MAX_CARDS];     /* the copies of each bit's face */
    uint64_t full_64, trumps_64, non_trumps_64;
    uint64_t suit_masks_64[NSUITS], breaking_64[NSUITS];
    uint64_t beats_64[MAX_CARDS], face_mask_64[MAX_CARDS], above_64[MAX_CARDS];
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
    /* Two packs laid out in pairs (each face's copies adjacent, its first copy lower, as
       the compiler lays them out): the second copies, so that a mask's faces are
       (m & ~twins) | (m & twins) >> 1 with no loop over its bits. 0 where the deck is
       laid out otherwise, or has one pack (see canonical_ids). */
    mask_t twins;
    uint64_t twins_64;
    int fast_pdep; /* the CPU has BMI2's pdep, and not microcoded (AMD before Zen 3) */
} kernel;

/* pdep (BMI2), as inline assembly so that it needs no target attribute: it runs only where
   kernel.fast_pdep says the CPU has it. */
static inline uint64_t pdep_64(uint64_t source, uint64_t mask) {
#if defined(__x86_64__) && defined(__GNUC__)
    uint64_t out;
    __asm__("pdep %2, %1, %0" : "=r"(out) : "r"(source), "rm"(mask));
    return out;
#else
    (void)source;
    (void)mask;
    return 0; /* never called: fast_pdep is 0 */
#endif
}

/* The n-th lowest set bit (0 <= n < popcount): the choice of a random card. With a fast
   pdep it is one deposit and no loop, whose length, random, the CPU cannot predict. */
static inline int pick_bit_64(const kernel *k, uint64_t word, int n) {
    if (k->fast_pdep) return __builtin_ctzll(pdep_64(1ULL << n, word));
    return nth_bit_64(word, n);
}

static inline int pick_bit(const kernel *k, mask_t m, int n) {
    if (!k->fast_pdep) return nth_bit(m, n);
    uint64_t lo = (uint64_t)m;
    int count = __builtin_popcountll(lo), high = n >= count;
    uint64_t word = high ? (uint64_t)(m >> 64) : lo;
    return (high ? 64 : 0) + __builtin_ctzll(pdep_64(1ULL << (high ? n - count : n), word));
}

/* The play of one deal: everything the rules of play read and change (with masks of
   either width). The arrays from `trick` on are written before they are read, so a new
   deal clears only what comes before them (PLAY_CLEARED). */
#define PLAY_FIELDS(M)                                                                       \
    M hands[MAX_PLAYERS];                                                                   \
    M played; /* every card played so far this deal */                                      \
    M must_lead;                                                                            \
    int tricks[MAX_PLAYERS];                                                                \
    int count, leader, actor, trick_number, broken, winning, best, done;                    \
    uint8_t voids[MAX_PLAYERS]; /* suits each seat has shown it lacks (bit per suit) */     \
    uint8_t trick[MAX_PLAYERS];                                                             \
    uint8_t log[MAX_CARDS]; /* the cards of the finished tricks and this one, in order */   \
    uint8_t leaders[MAX_TRICKS];
#define PLAY_CLEARED(type) offsetof(type, trick)

typedef struct play {
    PLAY_FIELDS(mask_t)
} play;

typedef struct play_64 {
    PLAY_FIELDS(uint64_t)
} play_64;

/* shuffle.c: the seeded shuffle and deal (spadeslib/engine/core/shuffle.py, dealing.py) */
#define SHUFFLE_LIMBS 10 /* 64-bit limbs enough for MAX_CARDS! (108! < 2^571) */
typedef struct shuffler {
    int count, words, surplus;
    uint64_t top;                   /* a first output above this is rejected at once */
    uint64_t total[SHUFFLE_LIMBS];  /* count!, little-endian 64-bit limbs */
    int total_limbs;
    int groups;                     /* runs of radices whose product is below 2^63 */
    uint64_t group_product[64];
    uint8_t group_start[64], group_len[64];
} shuffler;

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define STREAM 0xD1B54A32D192ED03ULL
#define MIX1 0xBF58476D1CE4E5B9ULL
#define MIX2 0x94D049BB133111EBULL

static inline uint64_t splitmix_next(uint64_t *state) {
    uint64_t z = (*state += GOLDEN);
    z = (z ^ (z >> 30)) * MIX1;
    z = (z ^ (z >> 27)) * MIX2;
    return z ^ (z >> 31);
}

static inline uint64_t stream_seed(uint64_t seed, int64_t stream) {
    uint64_t state = seed + (uint64_t)(stream + 1) * STREAM;
    return splitmix_next(&state);
}

static inline uint64_t splitmix_below(uint64_t *state, uint64_t bound) {
    unsigned __int128 product = (unsigned __int128)splitmix_next(state) * bound;
    uint64_t low = (uint64_t)product;
    if (low < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            product = (unsigned __int128)splitmix_next(state) * bound;
            low = (uint64_t)product;
        }
    }
    return (uint64_t)(product >> 64);
}

void shuffler_init(shuffler *s, int count);
/* Returns the state after, as spadeslib.engine.core.shuffle.shuffled leaves its generator. */
uint64_t shuffle_order(const shuffler *s, uint64_t state, uint8_t *order);

#endif
