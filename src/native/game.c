/* The public loop of a Game in C: `legal_action_ids()`, `apply_id()`, `current_player`,
 * `is_over` and `deal_number`, the calls an agent's loop makes per action, and `_step`,
 * an id and the seat to act next in one call, for the adapters (engine/core/game_loop.py holds
 * the Python reference, `PyGameLoop`, and the rest of the engine).
 *
 * Why: through Python methods these calls cost more than the native play they reach (a
 * Python frame each, and two attribute loads); a random hand through the public loop
 * spent more time in them than in the cards. Here, while the native core plays the deal
 * (the state's `play` is a native Play), an id goes straight to the Play; in every other
 * case (the auction in Python, a pure-Python play, an id the Play refuses, the deal's
 * end) the method calls the Python that decides it, by name on the game, so each answer
 * is the Python's exactly. */
#include "native.h"

#include <structmember.h>

typedef struct GameLoopObject {
    PyObject_HEAD
    PyObject *s;          /* the engine's State (engine/core/state.py): `_s` to Python */
    native_state *st;     /* the module's, found once: a Game's type finds it by a walk
                             of its MRO, which cost more than the card a call plays */
} GameLoopObject;

/* The state's `deals_played` (deals) or `play` (a new reference, or NULL with an error
   set): read off the StateCore the state is built on (below), as attribute loads were
   most of the cost of a public call; the attribute lookup for any other object, which
   raises what Python would. */
static PyObject *state_get(GameLoopObject *self, int deals) {
    PyObject *s = self->s;
    PyTypeObject *type = Py_TYPE(s), *core = self->st->state_core_type;
    /* the engine's State is StateCore's direct subclass: one comparison, not a walk of
       the MRO at each of the three calls an action makes */
    if (type->tp_base == core || PyType_IsSubtype(type, core)) {
        StateCoreObject *core = (StateCoreObject *)s;
        PyObject *value = deals ? core->deals_played : core->play;
        if (value) return Py_NewRef(value);
    } /* another object, or unset */
    return PyObject_GetAttr(s, deals ? self->st->str_deals_played : self->st->str_play);
}

/* The state's play if it is a native Play (a new reference), else NULL with no error set;
   -1 on an error. */
static int native_play(native_state *st, GameLoopObject *self, PyObject **out) {
    *out = NULL;
    if (!self->s) return 0; /* not initialised: the Python path raises the error */
    PyObject *play = state_get(self, 0);
    if (!play) return -1;
    if (Py_IS_TYPE(play, st->play_type)) {
        *out = play;
        return 0;
    }
    Py_DECREF(play);
    return 0;
}

/* The loop's module state, kept on the object (see GameLoopObject.st). */
static native_state *loop_state(GameLoopObject *self) {
    if (!self->st) self->st = state_of_type(Py_TYPE(self));
    return self->st;
}

static PyObject *loop_legal_action_ids(GameLoopObject *self, PyObject *Py_UNUSED(ignored)) {
    native_state *st = loop_state(self);
    if (!st) return NULL;
    PyObject *play;
    if (native_play(st, self, &play) < 0) return NULL;
    if (play) {
        PyObject *ids = native_play_legal_ids((PlayObject *)play);
        Py_DECREF(play);
        return ids;
    }
    return PyObject_CallMethodNoArgs((PyObject *)self, st->str_legal_ids);
}

/* Apply `action_id` if the state's play is the native one and takes it: 0 (played), 1
   (played, and the play is over: the Python scores the deal), -1 (refused, nothing
   changed, or not the native play: the Python says why or plays it), -2 (an error set).
   `*actor` is the seat to act next after a 0. */
static int native_apply(GameLoopObject *self, native_state *st, PyObject *action_id, int *actor) {
    PyObject *play;
    if (native_play(st, self, &play) < 0) return -2;
    if (!play) return -1;
    int status = native_play_apply((PlayObject *)play, action_id);
    *actor = ((PlayObject *)play)->p.actor;
    Py_DECREF(play);
    return status;
}

static PyObject *loop_apply_id(GameLoopObject *self, PyObject *action_id) {
    native_state *st = loop_state(self);
    if (!st) return NULL;
    int actor, status = native_apply(self, st, action_id, &actor);
    if (status == -2) return NULL;
    if (status == 1) return PyObject_CallMethodNoArgs((PyObject *)self, st->str_play_over);
    if (status == 0) Py_RETURN_NONE;
    return PyObject_CallMethodOneArg((PyObject *)self, st->str_apply_id, action_id);
}

/* _step(id): apply_id, then the seat to act if the native play took the id and goes on,
   else -1 (the Python's `_apply_step` answers where the native play did not take it) */
static PyObject *loop_step(GameLoopObject *self, PyObject *action_id) {
    native_state *st = loop_state(self);
    if (!st) return NULL;
    int actor, status = native_apply(self, st, action_id, &actor);
    if (status == -2) return NULL;
    if (status == 0) return PyLong_FromLong(actor);
    if (status == 1) {
        PyObject *done = PyObject_CallMethodNoArgs((PyObject *)self, st->str_play_over);
        if (!done) return NULL;
        Py_DECREF(done);
        return PyLong_FromLong(-1);
    }
    return PyObject_CallMethodOneArg((PyObject *)self, st->str_apply_step, action_id);
}

static PyObject *loop_get_deal_number(GameLoopObject *self, void *Py_UNUSED(closure)) {
    if (!self->s) {
        PyErr_SetString(PyExc_AttributeError, "_s");
        return NULL;
    }
    native_state *st = loop_state(self);
    return st ? state_get(self, 1) : NULL;
}

static PyObject *loop_get_current_player(GameLoopObject *self, void *Py_UNUSED(closure)) {
    native_state *st = loop_state(self);
    if (!st) return NULL;
    PyObject *play;
    if (native_play(st, self, &play) < 0) return NULL;
    if (play) {
        int actor = ((PlayObject *)play)->p.actor;
        Py_DECREF(play);
        return PyLong_FromLong(actor);
    }
    return PyObject_CallMethodNoArgs((PyObject *)self, st->str_current_player);
}

static PyObject *loop_get_is_over(GameLoopObject *self, void *Py_UNUSED(closure)) {
    native_state *st = loop_state(self);
    if (!st) return NULL;
    PyObject *play;
    if (native_play(st, self, &play) < 0) return NULL;
    if (play) { /* a deal under way */
        Py_DECREF(play);
        Py_RETURN_FALSE;
    }
    return PyObject_CallMethodNoArgs((PyObject *)self, st->str_is_over);
}

static int loop_traverse(GameLoopObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->s);
    return 0;
}

static int loop_clear(GameLoopObject *self) {
    Py_CLEAR(self->s);
    return 0;
}

static void loop_dealloc(GameLoopObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    loop_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static PyMemberDef loop_members[] = {
    {"_s", T_OBJECT_EX, offsetof(GameLoopObject, s), 0, "The engine's state."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef loop_getset[] = {
    {"current_player", (getter)loop_get_current_player, NULL,
     "The seat to act, or None when the game is over.", NULL},
    {"is_over", (getter)loop_get_is_over, NULL, "Whether the game is over.", NULL},
    {"deal_number", (getter)loop_get_deal_number, NULL,
     "Deals finished so far (0 during the first deal; misdeals do not count).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef loop_methods[] = {
    {"legal_action_ids", (PyCFunction)loop_legal_action_ids, METH_NOARGS,
     "The legal actions' ids, sorted: the fast path for bots and simulations."},
    {"apply_id", (PyCFunction)loop_apply_id, METH_O,
     "Apply the action with this id (see legal_action_ids)."},
    {"_step", (PyCFunction)loop_step, METH_O,
     "apply_id, then the seat to act if the deal's play goes on, else -1 (ask the game)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot loop_slots[] = {
    {Py_tp_dealloc, loop_dealloc},
    {Py_tp_traverse, loop_traverse},
    {Py_tp_clear, loop_clear},
    {Py_tp_members, loop_members},
    {Py_tp_getset, loop_getset},
    {Py_tp_methods, loop_methods},
    {Py_tp_doc, "A Game's public loop, natively (the base of spadeslib.engine.Game)."},
    {0, NULL},
};

PyType_Spec game_loop_spec = {
    "spadeslib._native.GameLoop", sizeof(GameLoopObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, loop_slots,
};

/* -- StateCore: the two fields of a State that the loop reads ------------------------- */

/* The base of the engine's State (engine/core/state.py) where the native core is built: its
   `play` and `deals_played` live in this struct, so the loop above reads them at offsets
   the C declares itself, not at a Python class's slot offsets (the Python base,
   `_backend.PyStateCore`, is two plain slots). */
static int core_traverse(StateCoreObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->play);
    Py_VISIT(self->deals_played);
    return 0;
}

static int core_clear(StateCoreObject *self) {
    Py_CLEAR(self->play);
    Py_CLEAR(self->deals_played);
    return 0;
}

static void core_dealloc(StateCoreObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    core_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static PyMemberDef core_members[] = {
    {"play", T_OBJECT_EX, offsetof(StateCoreObject, play), 0,
     "The deal's Play during the play (and the native auction), else None."},
    {"deals_played", T_OBJECT_EX, offsetof(StateCoreObject, deals_played), 0,
     "Deals finished so far."},
    {NULL, 0, 0, 0, NULL},
};

static PyType_Slot core_slots[] = {
    {Py_tp_dealloc, core_dealloc},
    {Py_tp_traverse, core_traverse},
    {Py_tp_clear, core_clear},
    {Py_tp_members, core_members},
    {Py_tp_doc, "The fields of the engine's State that a Game's native loop reads."},
    {0, NULL},
};

PyType_Spec state_core_spec = {
    "spadeslib._native.StateCore", sizeof(StateCoreObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, core_slots,
};
