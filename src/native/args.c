/* The checks at the boundary: each converts one Python argument (an int in a range, a
 * card mask, a sequence of a given length, a table of bytes or masks, a trick's bits, the
 * sides' contracts) or raises spadeslib.errors.ArgumentError, saying which argument and
 * quoting it, before any loop runs. */
#include "native.h"

PyObject *argument_error(native_state *st, const char *format, ...) {
    va_list args;
    va_start(args, format);
    PyObject *message = PyUnicode_FromFormatV(format, args);
    va_end(args);
    if (message) {
        PyErr_SetObject(st ? st->argument_error : PyExc_ValueError, message);
        Py_DECREF(message);
    }
    return NULL;
}

/* -- ints and masks ------------------------------------------------------------------- */

int mask_from_py(native_state *st, PyObject *obj, int size, mask_t *out, const char *what) {
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        argument_error(st, "%s must be an int mask, not %R", what, obj);
        return -1;
    }
    int overflow = 0;
    long long word = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (word == -1 && PyErr_Occurred()) return -1;
    if (!overflow && word >= 0) { /* the usual mask, below 2**63: no int made to test it */
        mask_t mask = (mask_t)(uint64_t)word;
        if (size < 128 && (mask >> size)) {
            argument_error(st, "%s has bits outside the %d-card deck: %R", what, size, obj);
            return -1;
        }
        *out = mask;
        return 0;
    }
    int negative = PyObject_RichCompareBool(obj, st->zero, Py_LT);
    if (negative < 0) return -1;
    if (negative) {
        argument_error(st, "%s must not be negative: %R", what, obj);
        return -1;
    }
    uint64_t lo = PyLong_AsUnsignedLongLongMask(obj);
    if (lo == (uint64_t)-1 && PyErr_Occurred()) return -1;
    PyObject *high = PyNumber_Rshift(obj, st->sixty_four);
    if (!high) return -1;
    uint64_t hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        argument_error(st, "%s has bits outside the %d-card deck: %R", what, size, obj);
        return -1;
    }
    mask_t mask = ((mask_t)hi << 64) | lo;
    if (size < 128 && (mask >> size)) {
        argument_error(st, "%s has bits outside the %d-card deck: %R", what, size, obj);
        return -1;
    }
    *out = mask;
    return 0;
}

PyObject *ints_list(const int *values, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *value = PyLong_FromLong(values[i]);
        if (!value) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, value);
    }
    return list;
}

PyObject *long_longs_list(const long long *values, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *value = PyLong_FromLongLong(values[i]);
        if (!value) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, value);
    }
    return list;
}

PyObject *masks_list(const mask_t *masks, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *mask = mask_to_py(masks[i]);
        if (!mask) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, mask);
    }
    return list;
}

PyObject *mask_to_py(mask_t mask) {
    uint64_t hi = (uint64_t)(mask >> 64);
    if (!hi) return PyLong_FromUnsignedLongLong((uint64_t)mask);
    PyObject *high = PyLong_FromUnsignedLongLong(hi);
    PyObject *low = PyLong_FromUnsignedLongLong((uint64_t)mask);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *out = NULL, *shifted = NULL;
    if (high && low && shift && (shifted = PyNumber_Lshift(high, shift))) out = PyNumber_Or(shifted, low);
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return out;
}

int int_in(native_state *st, PyObject *obj, long low, long high, long *out, const char *what) {
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        argument_error(st, "%s must be an int, not %R", what, obj);
        return -1;
    }
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(obj, &overflow);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (overflow || value < low || value > high) {
        argument_error(st, "%s must be from %ld to %ld, not %R", what, low, high, obj);
        return -1;
    }
    *out = value;
    return 0;
}

/* A sequence of exactly `length` items (any length when length < 0), as a new list. */
PyObject *sequence_of(native_state *st, PyObject *obj, Py_ssize_t length, const char *what) {
    if (!PySequence_Check(obj) || PyUnicode_Check(obj) || PyBytes_Check(obj)) {
        return argument_error(st, "%s must be a sequence, not %R", what, obj);
    }
    PyObject *list = PySequence_List(obj);
    if (!list) return NULL;
    if (length >= 0 && PyList_GET_SIZE(list) != length) {
        Py_ssize_t got = PyList_GET_SIZE(list);
        Py_DECREF(list);
        return argument_error(st, "%s must have %zd items, not %zd", what, length, got);
    }
    return list;
}

/* Each side's contract from a sequence of one per side (None: no contract, -1). 0, or -1
   with an error set. */
int contracts_from_py(native_state *st, const kernel *k, PyObject *obj, int *out, const char *what) {
    PyObject *contracts = sequence_of(st, obj, k->sides, what);
    if (!contracts) return -1;
    for (int side = 0; side < k->sides; side++) {
        PyObject *c = PyList_GET_ITEM(contracts, side);
        long v = -1;
        if (c != Py_None && int_in(st, c, 0, MAX_CARDS, &v, "a contract") < 0) {
            Py_DECREF(contracts);
            return -1;
        }
        out[side] = (int)v;
    }
    Py_DECREF(contracts);
    return 0;
}

/* A bytes-like table of `length` bytes, each below `limit`. */
int bytes_table(native_state *st, PyObject *obj, Py_ssize_t length, int limit, uint8_t *out,
                const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        argument_error(st, "%s must be bytes, not %R", what, obj);
        return -1;
    }
    int ok = view.len == length;
    if (ok) {
        for (Py_ssize_t i = 0; i < length; i++) {
            uint8_t value = ((const uint8_t *)view.buf)[i];
            if (value >= limit) ok = 0;
            out[i] = value;
        }
    }
    PyBuffer_Release(&view);
    if (!ok) {
        argument_error(st, "%s must be %zd bytes each below %d", what, length, limit);
        return -1;
    }
    return 0;
}

int masks_table(native_state *st, PyObject *obj, Py_ssize_t length, int size, mask_t *out,
                const char *what) {
    PyObject *list = sequence_of(st, obj, length, what);
    if (!list) return -1;
    for (Py_ssize_t i = 0; i < length; i++) {
        if (mask_from_py(st, PyList_GET_ITEM(list, i), size, &out[i], what) < 0) {
            Py_DECREF(list);
            return -1;
        }
    }
    Py_DECREF(list);
    return 0;
}

/* -- bits from Python ------------------------------------------------------------------- */

int bits_from_py(native_state *st, const kernel *k, PyObject *obj, int most, uint8_t *out,
                 int *count, const char *what) {
    PyObject *list = sequence_of(st, obj, -1, what);
    if (!list) return -1;
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n > most) {
        Py_DECREF(list);
        argument_error(st, "%s has %zd cards, more than %d", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long bit;
        if (int_in(st, PyList_GET_ITEM(list, i), 0, k->size - 1, &bit, what) < 0) {
            Py_DECREF(list);
            return -1;
        }
        out[i] = (uint8_t)bit;
    }
    Py_DECREF(list);
    *count = (int)n;
    return 0;
}
