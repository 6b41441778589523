/* The seeded shuffle, exactly as spadeslib/engine/core/shuffle.py defines it (the same order
 * for every seed, on every machine): SplitMix64, bounded integers by Lemire's method, and
 * a Fisher-Yates shuffle whose draws are the digits of one uniform integer below count!.
 *
 * The big integer is kept in 64-bit limbs, and its digits are taken in runs of radices
 * whose product fits a word: one long division of the number per run, then the run's
 * digits from one word. A division's latency is the cost (each limb's waits for the
 * last), so the fewer, the better: 52! is 4 limbs and 5 runs. */
#include "spades.h"

/* (hi:lo) / d, hi < d: the quotient, and the remainder in *rem. */
static inline uint64_t div_wide(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *rem) {
#if defined(__x86_64__) && defined(__GNUC__)
    uint64_t q, r;
    __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
    *rem = r;
    return q;
#else
    unsigned __int128 n = (unsigned __int128)hi << 64 | lo;
    *rem = (uint64_t)(n % d);
    return (uint64_t)(n / d);
#endif
}

/* limbs *= m (m < 2^32); returns the new number of limbs */
static int mul_small(uint64_t *limbs, int n, uint64_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        unsigned __int128 v = (unsigned __int128)limbs[i] * m + carry;
        limbs[i] = (uint64_t)v;
        carry = (uint64_t)(v >> 64);
    }
    if (carry) limbs[n++] = carry;
    return n;
}

void shuffler_init(shuffler *s, int count) {
    memset(s, 0, sizeof *s);
    s->count = count;
    s->total[0] = 1;
    s->total_limbs = 1;
    for (int i = 2; i <= count; i++) s->total_limbs = mul_small(s->total, s->total_limbs, (uint64_t)i);
    uint64_t high = s->total[s->total_limbs - 1];
    int bits = 64 * (s->total_limbs - 1) + 64 - __builtin_clzll(high);
    s->words = (bits + 63) / 64; /* = total_limbs */
    s->surplus = s->words * 64 - bits;
    /* the top 64 bits of total << surplus */
    s->top = high << s->surplus;
    if (s->surplus && s->total_limbs > 1) s->top |= s->total[s->total_limbs - 2] >> (64 - s->surplus);
    /* positions count-1 .. 1 in runs whose radices multiply to less than 2^63 */
    int i = count - 1;
    s->groups = 0;
    while (i > 0) {
        uint64_t product = 1;
        int start = i, len = 0;
        while (i > 0 && product <= ((uint64_t)1 << 63) / (uint64_t)(i + 1)) {
            product *= (uint64_t)(i + 1);
            i--;
            len++;
        }
        s->group_product[s->groups] = product;
        s->group_start[s->groups] = (uint8_t)start;
        s->group_len[s->groups] = (uint8_t)len;
        s->groups++;
    }
}

/* limbs //= d (d >= 2), returning the remainder, most significant limb first */
static inline uint64_t div_small(uint64_t *limbs, int n, uint64_t d) {
    uint64_t rem = 0;
    for (int i = n - 1; i >= 0; i--) limbs[i] = div_wide(rem, limbs[i], d, &rem);
    return rem;
}

static inline int less_than(const uint64_t *a, const uint64_t *b, int n) {
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

static const uint8_t IDENTITY[128] = {
    0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,  11,  12,  13,  14,  15,  16,  17,  18,
    19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35,  36,  37,
    38,  39,  40,  41,  42,  43,  44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,  56,
    57,  58,  59,  60,  61,  62,  63,  64,  65,  66,  67,  68,  69,  70,  71,  72,  73,  74,  75,
    76,  77,  78,  79,  80,  81,  82,  83,  84,  85,  86,  87,  88,  89,  90,  91,  92,  93,  94,
    95,  96,  97,  98,  99,  100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113,
    114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127};

HOT uint64_t shuffle_order(const shuffler *s, uint64_t state, uint8_t *order) {
    int count = s->count;
    memcpy(order, IDENTITY, (size_t)count);
    if (count < 2) return state;
    uint64_t value[SHUFFLE_LIMBS];
    int n = s->words;
    for (;;) {
        /* the outputs, most significant first, make a number of 64 * words bits; its top
           `surplus` bits are dropped, and it is kept if below count! */
        uint64_t first = splitmix_next(&state);
        if (first > s->top) { /* too large whatever the other outputs are */
            state += (uint64_t)(n - 1) * GOLDEN;
            continue;
        }
        value[n - 1] = first;
        for (int w = 1; w < n; w++) value[n - 1 - w] = splitmix_next(&state);
        if (s->surplus) {
            for (int i = 0; i < n - 1; i++) value[i] = value[i] >> s->surplus | value[i + 1] << (64 - s->surplus);
            value[n - 1] >>= s->surplus;
        }
        if (less_than(value, s->total, n)) break;
    }
    int limbs = n;
    for (int g = 0; g < s->groups; g++) {
        uint64_t part;
        if (g < s->groups - 1) {
            part = div_small(value, limbs, s->group_product[g]);
            while (limbs > 1 && !value[limbs - 1]) limbs--;
        } else {
            part = value[0]; /* what remains is below the last run's product */
        }
        int i = s->group_start[g];
        for (int step = 0; step < s->group_len[g]; step++, i--) {
            uint64_t radix = (uint64_t)(i + 1);
            uint64_t j = part % radix;
            part /= radix;
            uint8_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
    return state;
}
