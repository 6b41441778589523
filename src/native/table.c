/* Table: a read-only 2-D array of int32 with the buffer protocol, the playouts' results
 * (numpy.asarray and memoryview read it without a copy). */
#include "native.h"

TableObject *table_new(native_state *st, Py_ssize_t rows, Py_ssize_t columns) {
    TableObject *t = PyObject_GC_New(TableObject, st->table_type);
    if (!t) return NULL;
    t->data = PyMem_Calloc(rows * columns > 0 ? (size_t)(rows * columns) : 1, sizeof(int32_t));
    t->shape[0] = rows;
    t->shape[1] = columns;
    t->strides[0] = columns * (Py_ssize_t)sizeof(int32_t);
    t->strides[1] = sizeof(int32_t);
    t->exports = 0;
    PyObject_GC_Track(t);
    if (!t->data) {
        Py_DECREF(t);
        return (TableObject *)PyErr_NoMemory();
    }
    return t;
}

static void table_dealloc(TableObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    PyMem_Free(self->data);
    PyObject_GC_Del(self);
    Py_DECREF(type);
}

static int table_traverse(TableObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    return 0;
}

static int table_getbuffer(TableObject *self, Py_buffer *view, int flags) {
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "a playout's table is read-only");
        view->obj = NULL;
        return -1;
    }
    view->buf = self->data;
    view->obj = (PyObject *)self;
    Py_INCREF(self);
    view->len = self->shape[0] * self->shape[1] * (Py_ssize_t)sizeof(int32_t);
    view->readonly = 1;
    view->itemsize = sizeof(int32_t);
    view->format = (flags & PyBUF_FORMAT) ? "i" : NULL;
    view->ndim = 2;
    view->shape = (flags & PyBUF_ND) ? self->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) ? self->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    self->exports++;
    return 0;
}

static void table_releasebuffer(TableObject *self, Py_buffer *Py_UNUSED(view)) { self->exports--; }

static PyType_Slot table_slots[] = {
    {Py_tp_dealloc, table_dealloc},
    {Py_tp_traverse, table_traverse},
    {Py_bf_getbuffer, table_getbuffer},
    {Py_bf_releasebuffer, table_releasebuffer},
    {Py_tp_doc, "A read-only 2-D table of int32 (rows x columns) with the buffer protocol."},
    {0, NULL},
};

PyType_Spec table_spec = {
    "spadeslib._native.Table", sizeof(TableObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    table_slots,
};
