/* The tables filled on demand (the kernel's legal bids by auction context and scores by a
 * side's contract and tricks, asked of Python once per key): open addressing on 64-bit
 * keys, the values in a side array. */
#include "native.h"

void native_cache_init(cache *c) { memset(c, 0, sizeof *c); }

void native_cache_free(cache *c) {
    PyMem_Free(c->keys);
    PyMem_Free(c->slots);
    PyMem_Free(c->values);
    memset(c, 0, sizeof *c);
}

static size_t slot_of(uint64_t key, size_t capacity) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return (size_t)key & (capacity - 1);
}

const int32_t *native_cache_get(const cache *c, uint64_t key) {
    if (!c->capacity) return NULL;
    for (size_t i = slot_of(key, c->capacity);; i = (i + 1) & (c->capacity - 1)) {
        if (c->keys[i] == key) return c->values + c->slots[i];
        if (!c->keys[i]) return NULL;
    }
}

static int grow(cache *c) {
    size_t capacity = c->capacity ? 2 * c->capacity : 1024;
    uint64_t *keys = PyMem_Calloc(capacity, sizeof *keys);
    int32_t *slots = PyMem_Calloc(capacity, sizeof *slots);
    if (!keys || !slots) {
        PyMem_Free(keys);
        PyMem_Free(slots);
        return -1;
    }
    for (size_t i = 0; i < c->capacity; i++) {
        if (!c->keys[i]) continue;
        size_t j = slot_of(c->keys[i], capacity);
        while (keys[j]) j = (j + 1) & (capacity - 1);
        keys[j] = c->keys[i];
        slots[j] = c->slots[i];
    }
    PyMem_Free(c->keys);
    PyMem_Free(c->slots);
    c->keys = keys;
    c->slots = slots;
    c->capacity = capacity;
    return 0;
}

const int32_t *native_cache_answer(native_state *st, cache *c, uint64_t key, PyObject *answer,
                                   Py_ssize_t low_n, Py_ssize_t high_n, long high,
                                   const char *plural, const char *one) {
    if (!answer) return NULL;
    PyObject *list = sequence_of(st, answer, -1, plural);
    Py_DECREF(answer);
    if (!list) return NULL;
    int32_t values[256];
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n < low_n || n > high_n || n > 256) {
        Py_DECREF(list);
        argument_error(st, "the source gave %zd %s", n, plural);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long id;
        if (int_in(st, PyList_GET_ITEM(list, i), 0, high, &id, one) < 0) {
            Py_DECREF(list);
            return NULL;
        }
        values[i] = (int32_t)id;
    }
    Py_DECREF(list);
    const int32_t *found = native_cache_put(c, key, values, (int)n);
    if (!found) PyErr_NoMemory();
    return found;
}

const int32_t *native_cache_put(cache *c, uint64_t key, const int32_t *values, int count) {
    if (2 * (c->used + 1) > c->capacity && grow(c) < 0) return NULL;
    if (c->values_used + (size_t)count + 1 > c->values_capacity) {
        size_t capacity = c->values_capacity ? 2 * c->values_capacity : 4096;
        while (capacity < c->values_used + (size_t)count + 1) capacity *= 2;
        int32_t *grown = PyMem_Realloc(c->values, capacity * sizeof *grown);
        if (!grown) return NULL;
        c->values = grown;
        c->values_capacity = capacity;
    }
    size_t i = slot_of(key, c->capacity);
    while (c->keys[i]) i = (i + 1) & (c->capacity - 1);
    int32_t at = (int32_t)c->values_used;
    c->values[at] = count;
    memcpy(c->values + at + 1, values, (size_t)count * sizeof *values);
    c->values_used += (size_t)count + 1;
    c->keys[i] = key;
    c->slots[i] = at;
    c->used++;
    return c->values + at;
}
