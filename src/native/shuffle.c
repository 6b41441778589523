/* The seeded shuffle, exactly as spadeslib/engine/shuffle.py defines it (the same order
 * for every seed, on every machine): SplitMix64, bounded integers by Lemire's method, and
 * a Fisher-Yates shuffle whose draws are the digits of one uniform integer below count!.
 *
 * The big integer is kept in 32-bit limbs; every divisor is known when the shuffler is
 * made, so each division is a multiplication by a reciprocal and one correction. */
#include "spades.h"


/* limbs *= m (m < 2^32); returns the new number of limbs */
static int mul_small(uint32_t *limbs, int n, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        uint64_t v = (uint64_t)limbs[i] * m + carry;
        limbs[i] = (uint32_t)v;
        carry = v >> 32;
    }
    if (carry) limbs[n++] = (uint32_t)carry;
    return n;
}

static int bit_length(const uint32_t *limbs, int n) {
    while (n && !limbs[n - 1]) n--;
    if (!n) return 0;
    return 32 * (n - 1) + 32 - __builtin_clz(limbs[n - 1]);
}

void shuffler_init(shuffler *s, int count) {
    memset(s, 0, sizeof *s);
    s->count = count;
    s->total[0] = 1;
    s->total_limbs = 1;
    for (int i = 2; i <= count; i++) s->total_limbs = mul_small(s->total, s->total_limbs, (uint32_t)i);
    int bits = bit_length(s->total, s->total_limbs);
    s->words = (bits + 63) / 64;
    s->surplus = s->words * 64 - bits;
    /* top = (total << surplus) >> (64 * (words - 1)): the top 64 bits of total << surplus */
    int shift = 64 * (s->words - 1) - s->surplus; /* top = total >> shift */
    uint64_t top = 0;
    for (int b = 63; b >= 0; b--) {
        int at = shift + b;
        if (at >= 0 && at < 32 * s->total_limbs && (s->total[at / 32] >> (at % 32) & 1)) top |= 1ULL << b;
    }
    s->top = top;
    /* positions count-1 .. 1 in runs whose radices multiply to less than 2^30 */
    int i = count - 1;
    s->groups = 0;
    while (i > 0) {
        uint32_t product = 1;
        int start = i, len = 0;
        while (i > 0 && (uint64_t)product * (uint64_t)(i + 1) < (1u << 30)) {
            product *= (uint32_t)(i + 1);
            i--;
            len++;
        }
        s->group_product[s->groups] = product;
        s->group_start[s->groups] = (uint8_t)start;
        s->group_len[s->groups] = (uint8_t)len;
        s->groups++;
    }
}

/* limbs //= d (d < 2^30), returning the remainder, most significant limb first */
static uint32_t div_small(uint32_t *limbs, int n, uint32_t d) {
    uint64_t rem = 0;
    for (int i = n - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | limbs[i];
        uint64_t q = cur / d;
        rem = cur - q * d;
        limbs[i] = (uint32_t)q;
    }
    return (uint32_t)rem;
}

static int less_than(const uint32_t *a, const uint32_t *b, int n) {
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

HOT uint64_t shuffle_order(const shuffler *s, uint64_t state, uint8_t *order) {
    int count = s->count;
    for (int i = 0; i < count; i++) order[i] = (uint8_t)i;
    if (count < 2) return state;
    uint32_t value[20];
    int n = 2 * s->words; /* limbs of the drawn number before the shift */
    for (;;) {
        uint64_t first = splitmix_next(&state);
        if (first > s->top) { /* too large whatever the other outputs are */
            state += (uint64_t)(s->words - 1) * GOLDEN;
            continue;
        }
        value[n - 1] = (uint32_t)(first >> 32);
        value[n - 2] = (uint32_t)first;
        for (int w = 1; w < s->words; w++) {
            uint64_t z = splitmix_next(&state);
            value[n - 1 - 2 * w] = (uint32_t)(z >> 32);
            value[n - 2 - 2 * w] = (uint32_t)z;
        }
        if (s->surplus) { /* value >>= surplus (surplus < 64: at most two limbs' worth) */
            int limbs = s->surplus / 32, bits = s->surplus % 32;
            for (int i = 0; i < n; i++) {
                uint64_t lo = i + limbs < n ? value[i + limbs] : 0;
                uint64_t hi = i + limbs + 1 < n ? value[i + limbs + 1] : 0;
                value[i] = bits ? (uint32_t)((lo >> bits) | (hi << (32 - bits))) : (uint32_t)lo;
            }
        }
        int m = s->total_limbs;
        int fits = 1;
        for (int i = m; i < n; i++)
            if (value[i]) fits = 0;
        if (fits && less_than(value, s->total, m)) break;
    }
    int limbs = s->total_limbs;
    for (int g = 0; g < s->groups; g++) {
        uint32_t part;
        if (g < s->groups - 1) {
            part = div_small(value, limbs, s->group_product[g]);
            while (limbs > 1 && !value[limbs - 1]) limbs--;
        } else {
            part = value[0]; /* what remains is below the last run's product */
        }
        int i = s->group_start[g];
        for (int step = 0; step < s->group_len[g]; step++, i--) {
            uint32_t radix = (uint32_t)(i + 1);
            uint32_t j = part % radix;
            part /= radix;
            uint8_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }
    return state;
}
