/* The double-dummy solver (solver.c): the tricks a set of seats takes from a position of
 * the play with every hand seen, best play by all. Generic over the kernel like the rest
 * of the native core: it asks rules.h for the legal cards and the trick's winner, and
 * decides no rule of its own. The Python reference is spadeslib/analysis/reference.py.
 */
#ifndef SPADESLIB_SOLVER_H
#define SPADESLIB_SOLVER_H

#include <limits.h>

#include "spades.h"

/* One slot of the transposition table: a position at the start of a trick and the bounds
   known on the counted seats' tricks from there. With winning ranks (DDS's "winning
   ranks"), `a` and `b` hold only what every matching position shares (each hand's length
   in each suit, the leader, the rules' state, packed whole) and the entry holds, for
   each suit, the owners of its `top[suit]` highest cards (`owners`, a nibble a card from the top): the
   cards whose ranks decided the result; any position with those and the same lengths has
   the same bounds. Without, `a` and `b` hash the whole position and `top` is 0. */
typedef struct tt_entry {
    uint64_t a, b;
    uint64_t owners[NSUITS];
    uint8_t top[NSUITS];
    int8_t lo, hi;
    uint8_t best; /* the card that settled it last (its bit + 1), 0 if none */
} tt_entry;

#define TT_WAYS 32 /* the slots of a bucket: 16 lost entries of long positions to crowding */

/* The solver's fields, for each width of mask (solver_impl.h): the masks come last, so
   that the fields before them lie alike in both (solver_values narrows one to the other). */
#define SOLVER_FIELDS(M)                                                                     \
    const kernel *k;                                                                         \
    uint8_t trick[MAX_PLAYERS];                                                              \
    int count, leader, broken, trick_number;                                                 \
    int per_hand; /* the cards a hand held at the deal's first trick here: trick_number plus those left */ \
    int counted;    /* the seats whose tricks are counted (bit per seat) */                 \
    int maximizers; /* the seats that want more of them; the others want fewer */          \
    int up_to;      /* count up to this many tricks (0: all): a value above it says up_to */ \
    int merge;      /* the rules see a card only by its suit and its order in it */         \
    int top_trumps; /* the highest trump left always wins its trick */                      \
    int use_table, use_sure; /* the shortcuts on (the tests turn them off) */               \
    int ranks; /* table entries keep only the winning ranks (checked per kernel, and an option) */ \
    int small; /* a failed small card stands for the smaller cards of its suit (as `ranks`) */ \
    uint64_t salt; /* mixed into the table's keys: 0, or the count's entries of the other side (set_search) */ \
    uint64_t owners[NSUITS], lengths[NSUITS]; /* the table key's words, kept card by card */ \
    uint8_t owner[MAX_CARDS]; /* the seat holding each card at the start (cards only leave hands) */ \
    tt_entry *tt;                                                                            \
    uint32_t *tags; /* each slot's tag (its key's), 0 while empty */                     \
    size_t tt_mask;                                                                          \
    long nodes;                                                                              \
    double deadline; /* a monotonic clock's seconds to stop at, 0 for none */               \
    int signals;     /* look for a signal (Ctrl+C) now and then: a caller on the main thread */ \
    int stop;        /* why the search stopped early (STOP_...), 0 while it goes on */      \
    M hands[MAX_PLAYERS];                                                                    \
    M must_lead;                                                                             \
    M left; /* the cards in the hands */

typedef struct solver {
    SOLVER_FIELDS(mask_t)
} solver;

/* The same for a deck of up to 64 cards. */
typedef struct solver_64 {
    SOLVER_FIELDS(uint64_t)
} solver_64;

/* Why a search stopped before its answer: every search then returns at once, its values
   meaningless (the caller raises instead of answering). */
enum { STOP_DEADLINE = 1, STOP_SIGNAL = 2 };

/* The value of a bit that is not a legal card's (a level may be negative). */
#define NO_VALUE INT_MIN

/* A hand holds at most half the deck (two seats at least), so the outcomes of the tricks
   left, 0 to a hand's cards, fit the 64 bits of a set of them (set_search). */
_Static_assert(MAX_CARDS / 2 < 64, "a hand's outcomes must fit a 64-bit set");

/* Set up a solver for one position (the fields above filled by the caller); 0, or -1 when
   the table cannot be allocated. */
int solver_init(solver *s, const kernel *k);
void solver_free(solver *s);
/* values[bit] for every legal card of the seat to play: the counted seats' tricks from
   here, the current trick included; NO_VALUE for the other bits. With a focus (a mask, 0 for
   none), only its cards and each card that beats every card valued before it: the
   highest value given is still the best. With `levels` (NULL for none; the focus then
   0): levels[t] is the maximizers' worth of the counted seats' taking t tricks from here,
   t from 0 to the tricks left, and values[bit] the highest level they can be sure of.
   Without levels, a value counts up to `up_to` tricks (where it is above 0). */
void solver_values(solver *s, int *values, mask_t focus, const int *levels);

#endif
