/* spadeslib._native: the module's set-up (the CPython boundary of the native core).
 *
 * It makes the types and adds the functions: `Kernel` (a compiled variant's tables,
 * filled by spadeslib/compiler/kernel.py: kernel_type.c), `Play` (the play of one deal,
 * for Game's play phase: play.c), `Table` (a 2-D int32 array that numpy and memoryview
 * read without a copy: table.c), `Tensors` (a variant's tensor layout, filling a seat's
 * tensors: tensors.c), `GameLoop` and `StateCore` (the public loop in C, and the base of
 * the engine's State whose fields it reads: game.c), and the functions of
 * `module_methods`; each job in `job_exec` adds its own from its own file. Every
 * argument is checked before any loop (args.c); a bad one raises
 * spadeslib.errors.ArgumentError. No global state: the module's types and the error
 * class live in its module state (multi-phase initialisation).
 */
#include "native.h"

/* -- module state ------------------------------------------------------------------- */

static native_state *state_of_module(PyObject *module) { return (native_state *)PyModule_GetState(module); }

native_state *state_of_type(PyTypeObject *type) {
    PyObject *module = PyType_GetModuleByDef(type, &native_module);
    return module ? state_of_module(module) : NULL;
}

/* -- the module -------------------------------------------------------------------------- */

static PyObject *native_shuffle(PyObject *module, PyObject *args) {
    /* shuffle(count, state) -> bytes: spadeslib.engine.core.shuffle.shuffled, natively */
    int count;
    unsigned long long state;
    if (!PyArg_ParseTuple(args, "iK", &count, &state)) return NULL;
    if (count < 0 || count > MAX_CARDS)
        return argument_error(state_of_module(module), "count must be from 0 to %d, not %d", MAX_CARDS, count);
    shuffler s;
    uint8_t order[MAX_CARDS];
    shuffler_init(&s, count);
    shuffle_order(&s, state, order);
    return PyBytes_FromStringAndSize((const char *)order, count);
}

/* pick(items, at) -> [items[i] for i in at], both lists: an OpenSpiel chance node's
   outcomes, the shared pairs of the cards still to deal (adapters/openspiel.py), which a
   list comprehension builds at six times the cost, at every card of a deal. */
static PyObject *native_pick(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    native_state *st = state_of_module(module);
    if (nargs != 2) return argument_error(st, "pick takes 2 arguments (items, at), not %zd", nargs);
    PyObject *items = args[0], *at = args[1];
    if (!PyList_Check(items) || !PyList_Check(at))
        return argument_error(st, "pick takes two lists, not %R and %R", Py_TYPE(items), Py_TYPE(at));
    Py_ssize_t n = PyList_GET_SIZE(at), size = PyList_GET_SIZE(items);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *index = PyList_GET_ITEM(at, j);
        Py_ssize_t i = PyLong_CheckExact(index) ? PyLong_AsSsize_t(index) : -1;
        if (i < 0 || i >= size) {
            PyErr_Clear();
            Py_DECREF(out);
            return argument_error(st, "at[%zd] must be an int from 0 to %zd, not %R", j, size - 1, index);
        }
        PyObject *item = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(out, j, Py_NewRef(item));
    }
    return out;
}

static PyObject *native_features(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("s", native_cpu_features());
}

static PyMethodDef module_methods[] = {
    {"shuffle", native_shuffle, METH_VARARGS, "shuffle(count, state) -> bytes: the seeded order."},
    {"start_auction", native_start_auction, METH_VARARGS,
     "start_auction(kernel, hands, dealer, ids, relevant) -> Play: a deal from its auction on."},
    {"cpu_features", native_features, METH_NOARGS, "The CPU features the hot loops use here."},
    {"place", native_place, METH_VARARGS,
     "place(state, free, rooms, places, known, n) -> (hands, state): Determinizer.samples."},
    {"float_list", native_float_list, METH_O,
     "float_list(tensor) -> list: a float32 array's entries as floats (tensors.c)."},
    {"pick", (PyCFunction)(void (*)(void))native_pick, METH_FASTCALL,
     "pick(items, at) -> list: items[i] for each i of at, both lists."},
    {"mark", (PyCFunction)(void (*)(void))native_mark, METH_FASTCALL,
     "mark(out, ids): out[id] = 1 for each id, a one-byte array (tensors.c)."},
    {NULL, NULL, 0, NULL},
};

/* The jobs that add their own functions and types to the module, each from its own file
   (declared in native.h): a new job adds one line here and touches nothing else. */
static int (*const job_exec[])(PyObject *module) = {
    solver_exec,
    vector_exec,
    NULL,
};

static int module_exec(PyObject *module) {
    native_state *st = state_of_module(module);
    PyObject *errors = PyImport_ImportModule("spadeslib.errors");
    if (!errors) return -1;
    st->argument_error = PyObject_GetAttrString(errors, "ArgumentError");
    st->search_timeout = PyObject_GetAttrString(errors, "SearchTimeout");
    Py_DECREF(errors);
    if (!st->argument_error || !st->search_timeout) return -1;
    st->zero = PyLong_FromLong(0);
    st->sixty_four = PyLong_FromLong(64);
    if (!st->zero || !st->sixty_four) return -1;
    st->kernel_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &kernel_spec, NULL);
    if (!st->kernel_type || PyModule_AddType(module, st->kernel_type) < 0) return -1;
    st->play_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &play_spec, NULL);
    if (!st->play_type || PyModule_AddType(module, st->play_type) < 0) return -1;
    st->table_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &table_spec, NULL);
    if (!st->table_type || PyModule_AddType(module, st->table_type) < 0) return -1;
    st->tensors_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &tensors_spec, NULL);
    if (!st->tensors_type || PyModule_AddType(module, st->tensors_type) < 0) return -1;
    st->game_loop_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &game_loop_spec, NULL);
    if (!st->game_loop_type || PyModule_AddType(module, st->game_loop_type) < 0) return -1;
    st->state_core_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &state_core_spec, NULL);
    if (!st->state_core_type || PyModule_AddType(module, st->state_core_type) < 0) return -1;
    st->str_play = PyUnicode_InternFromString("play");
    st->str_deals_played = PyUnicode_InternFromString("deals_played");
    st->str_legal_ids = PyUnicode_InternFromString("_legal_action_ids");
    st->str_apply_id = PyUnicode_InternFromString("_apply_id");
    st->str_apply_step = PyUnicode_InternFromString("_apply_step");
    st->str_play_over = PyUnicode_InternFromString("_play_over");
    st->str_current_player = PyUnicode_InternFromString("_current_player");
    st->str_is_over = PyUnicode_InternFromString("_is_over");
    if (!st->str_play || !st->str_deals_played || !st->str_legal_ids || !st->str_apply_id ||
        !st->str_apply_step || !st->str_play_over || !st->str_current_player || !st->str_is_over)
        return -1;

    if (PyModule_AddIntConstant(module, "MAX_CARDS", MAX_CARDS) < 0) return -1;
    if (PyModule_AddIntConstant(module, "MAX_PLAYERS", MAX_PLAYERS) < 0) return -1;
    for (int i = 0; job_exec[i]; i++)
        if (job_exec[i](module) < 0) return -1;
    return 0;
}

static int module_traverse(PyObject *module, visitproc visit, void *arg) {
    native_state *st = state_of_module(module);
    Py_VISIT(st->argument_error);
    Py_VISIT(st->search_timeout);
    Py_VISIT(st->kernel_type);
    Py_VISIT(st->play_type);
    Py_VISIT(st->table_type);
    Py_VISIT(st->tensors_type);
    Py_VISIT(st->game_loop_type);
    Py_VISIT(st->state_core_type);
    return 0;
}

static int module_clear(PyObject *module) {
    native_state *st = state_of_module(module);
    Py_CLEAR(st->argument_error);
    Py_CLEAR(st->search_timeout);
    Py_CLEAR(st->zero);
    Py_CLEAR(st->sixty_four);
    Py_CLEAR(st->kernel_type);
    Py_CLEAR(st->play_type);
    Py_CLEAR(st->table_type);
    Py_CLEAR(st->tensors_type);
    Py_CLEAR(st->game_loop_type);
    Py_CLEAR(st->state_core_type);
    Py_CLEAR(st->str_play);
    Py_CLEAR(st->str_deals_played);
    Py_CLEAR(st->str_legal_ids);
    Py_CLEAR(st->str_apply_id);
    Py_CLEAR(st->str_apply_step);
    Py_CLEAR(st->str_play_over);
    Py_CLEAR(st->str_current_player);
    Py_CLEAR(st->str_is_over);
    return 0;
}

static void module_free(void *module) { module_clear((PyObject *)module); }

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, module_exec},
    {0, NULL},
};

PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    "spadeslib._native",
    "spadeslib's native core: the compiled rules played in C (see spadeslib.backend()).",
    sizeof(native_state),
    module_methods,
    module_slots,
    module_traverse,
    module_clear,
    module_free,
};

PyMODINIT_FUNC PyInit__native(void) { return PyModuleDef_Init(&native_module); }
