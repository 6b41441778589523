/* The CPython side of the native core: objects, module state and the checks at the
 * boundary (module.c), shared by the files that define the types. */
#ifndef SPADESLIB_NATIVE_MODULE_H
#define SPADESLIB_NATIVE_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "spades.h"

/* A table filled on demand from Python (legal bids by auction context, scores by a side's
   contract and tricks): open addressing on 64-bit keys, values in a side array. */
typedef struct cache {
    uint64_t *keys;    /* 0 = empty; stored keys are never 0 (see cache_key) */
    int32_t *slots;    /* index of the entry's values */
    int32_t *values;
    size_t capacity, used, width, values_used, values_capacity;
} cache;

void native_cache_init(cache *c);
void native_cache_free(cache *c);
/* The values of `key` (width ints, or a count and that many ints for lists), or NULL. */
const int32_t *native_cache_get(const cache *c, uint64_t key);
/* Store `count` ints under `key`; returns the stored copy, or NULL on memory error. */
const int32_t *native_cache_put(cache *c, uint64_t key, const int32_t *values, int count);

typedef struct native_state {
    PyObject *argument_error;
    PyObject *zero, *sixty_four;
    PyTypeObject *kernel_type, *play_type, *table_type;
} native_state;

typedef struct KernelObject {
    PyObject_HEAD
    kernel k;
    shuffler shuffle;
    uint8_t orders[MAX_PLAYERS][MAX_PLAYERS];   /* bidding order per dealer */
    uint8_t captains[MAX_PLAYERS][MAX_SIDES];   /* the side's first bidder, per dealer */
    int partnership;
    cache bids;    /* auction context -> legal bid ids */
    cache scores;  /* side's contract and tricks -> points, bags, sets, events */
    PyObject *bid_source;    /* Python: the legal bids of a context */
    PyObject *score_source;  /* Python: the score of a side's deal */
} KernelObject;

typedef struct PlayObject {
    PyObject_HEAD
    KernelObject *kernel;
    play p;
    uint8_t ids[MAX_CARDS]; /* the action id of every card played, in order */
    int played_count;       /* cards played this deal (the length of ids) */
    int exported;           /* ids already handed to the Python state's log */
} PlayObject;

extern PyModuleDef native_module;
extern PyType_Spec play_spec, table_spec;

native_state *state_of_type(PyTypeObject *type);
PyObject *argument_error(native_state *st, const char *format, ...);
int mask_from_py(native_state *st, PyObject *obj, int size, mask_t *out, const char *what);
PyObject *mask_to_py(mask_t mask);
int int_in(native_state *st, PyObject *obj, long low, long high, long *out, const char *what);
PyObject *sequence_of(native_state *st, PyObject *obj, Py_ssize_t length, const char *what);
int bits_from_py(native_state *st, const kernel *k, PyObject *obj, int most, uint8_t *out,
                 int *count, const char *what);

/* deal.c */
int deal_cards(const KernelObject *kernel, uint64_t seed, int64_t index, int dealer, int cut,
               int per_hand, mask_t *hands, uint8_t *rest);

/* A 2-D table of int32 with the buffer protocol (numpy.asarray takes it without a copy). */
typedef struct TableObject {
    PyObject_HEAD
    int32_t *data;
    Py_ssize_t shape[2], strides[2];
    Py_ssize_t exports;
} TableObject;

TableObject *table_new(native_state *st, Py_ssize_t rows, Py_ssize_t columns);

/* playout.c */
PyObject *kernel_playouts(KernelObject *self, PyObject *args, PyObject *kwargs);
const char *native_cpu_features(void);

#endif
