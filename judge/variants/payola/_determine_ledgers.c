/* The compiled core of Payola order determination, its outcome (5.6, 5.7): the order each unit issues (by owner),
 * a decision per unit, and every power's ledger written in full: its units' orders and totals, its accepted offers
 * and what they cost, its offers that lost and why, eBayola's rebates (6.4), what it spent, its passes of 5.5 and
 * its balance after; and what each power's units were paid (Zero Sum, 6.7).  As determination.py's _outcome.
 */
#include "_determine.h"

typedef struct {                       /* a power's ledger lists (owned), and what it paid */
    PyObject *accepted, *lost, *units, *rebates;
    long long spent;
} Book;

typedef struct {
    Book *books;
    PyObject *orders, *decisions;      /* owned: the result */
    long long *earned;                 /* per owner, and the owners in the order they first earned */
    int *earned_order, *has_earned, nearned;
} Out;

static int open_books(Phase *ph, Out *out)
{
    static const int names[4] = {A_ACCEPTED, A_LOST, A_UNITS, A_REBATES};
    if (!(out->books = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(Book)))) return -1;
    for (int p = 0; p < ph->npowers; p++) {
        PyObject **lists[4] = {&out->books[p].accepted, &out->books[p].lost, &out->books[p].units,
                               &out->books[p].rebates};
        for (int k = 0; k < 4; k++) {
            *lists[k] = PyObject_GetAttr(PyList_GET_ITEM(ph->ledgers, p), types.attr[names[k]]);
            if (!*lists[k]) return -1;
            if (!PyList_Check(*lists[k])) { PyErr_SetString(PyExc_TypeError, "a ledger's rows are lists"); return -1; }
        }
    }
    return 0;
}

static void close_books(Phase *ph, Out *out)
{
    for (int p = 0; out->books && p < ph->npowers; p++) {
        Py_XDECREF(out->books[p].accepted); Py_XDECREF(out->books[p].lost);
        Py_XDECREF(out->books[p].units); Py_XDECREF(out->books[p].rebates);
    }
}

/* A row (a, b, number) or (a, b, c) appended to a ledger's list.  It holds strings and an int only, so the
 * collector need not track it (as it would find by itself: CPython untracks such tuples when it first meets them). */
static int append_row(PyObject *list, PyObject *a, PyObject *b, long long number, PyObject *c)
{
    PyObject *row = PyTuple_New(3), *third = c ? Py_NewRef(c) : PyLong_FromLongLong(number);
    if (!row || !third) { Py_XDECREF(row); Py_XDECREF(third); return -1; }
    PyTuple_SET_ITEM(row, 0, Py_NewRef(a));
    PyTuple_SET_ITEM(row, 1, Py_NewRef(b));
    PyTuple_SET_ITEM(row, 2, third);
    if (PyUnicode_CheckExact(a) && PyUnicode_CheckExact(b) && (!c || PyUnicode_CheckExact(c))) PyObject_GC_UnTrack(row);
    int result = PyList_Append(list, row);
    Py_DECREF(row);
    return result;
}

/* A UnitDecision, its fields set as its __init__ sets them (a frozen dataclass: nothing else runs).  Strings and an
 * int only: no cycle can pass through it, so the collector need not track it (as for the ledgers' rows). */
static PyObject *new_decision(PyObject *owner, PyObject *unit, PyObject *order, long long got, PyObject *why)
{
    PyObject *total = PyLong_FromLongLong(got), *decision = total ? types.decision->tp_alloc(types.decision, 0) : NULL;
    PyObject *values[5] = {owner, unit, order, total, why};
    if (!decision) { Py_XDECREF(total); return NULL; }
    for (int k = 0; k < 5; k++) {
        Py_INCREF(values[k]);
        *(PyObject **)((char *)decision + types.decision_fields[k]) = values[k];
    }
    Py_DECREF(total);
    PyObject_GC_UnTrack(decision);
    return decision;
}

/* The order the unit issues and its text (new references): as the offer that first named it read it, or its HOLD. */
static int issued(Phase *ph, Target *t, PyObject **order, PyObject **text)
{
    int i = t->chosen, source = i >= 0 ? t->src_bid[i] : -1;
    if (source >= 0) {
        PyObject *orders = slot_of(ph->bids[source].read, types.read_orders);
        if (!orders || !PyTuple_Check(orders) || PyTuple_GET_SIZE(orders) <= t->src_pos[i]) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a read offer's orders do not match its keys");
            return -1;
        }
        *order = Py_NewRef(PyTuple_GET_ITEM(orders, t->src_pos[i]));
        *text = Py_NewRef(PyTuple_GET_ITEM(ph->bids[source].keys, t->src_pos[i]));
        return 0;
    }
    PyObject *type = PyObject_GetAttr(t->unit, types.attr[A_TYPE]);
    PyObject *location = type ? PyObject_GetAttr(t->unit, types.attr[A_LOCATION]) : NULL;
    *order = location ? PyObject_CallFunctionObjArgs(types.hold, type, location, NULL) : NULL;
    Py_XDECREF(type); Py_XDECREF(location);
    *text = Py_NewRef(t->hold_key);
    return *order ? 0 : -1;
}

/* 6.4 eBayola (basics.rebates): the saving over one more than the best other total, back to the payers in the order
 * of the unit's list (then power, then sheet line), each at most what it paid.  back[j]: per place in t->bids. */
static int rebates_at(Phase *ph, Target *t, long long *back)
{
    int i = t->chosen, n = 0, *paying = pool_alloc(&ph->pool, (t->nbids + 1) * sizeof(int));
    long long losing = 0;
    if (!paying) return -1;
    for (int c = 0, first = 1; c < t->ncand; c++)
        if (c != i && (first || t->totals[c] > losing)) { losing = t->totals[c]; first = 0; }
    long long saving = t->totals[i] - (losing + 1);
    for (int j = 0; j < t->nbids && saving > 0; j++)
        if (t->bids[j] < ph->nbids && pays_for(&ph->bids[t->bids[j]], i)) paying[n++] = j;
    for (int a = 1; a < n; a++)   /* by (place in the list, power, line): an insertion sort of a few */
        for (int b = a; b > 0; b--) {
            const Bid *x = &ph->bids[t->bids[paying[b - 1]]], *y = &ph->bids[t->bids[paying[b]]];
            long long rx = t->rank[x->power], ry = t->rank[y->power];
            if (rx < ry || (rx == ry && (x->power < y->power || (x->power == y->power && x->seq <= y->seq)))) break;
            int swap = paying[b]; paying[b] = paying[b - 1]; paying[b - 1] = swap;
        }
    for (int k = 0; k < n && saving > 0; k++) {
        long long amount = ph->bids[t->bids[paying[k]]].total;
        back[paying[k]] = saving < amount ? saving : amount;
        saving -= back[paying[k]];
    }
    return 0;
}

/* "why: total for order", the ledgers' words for an offer that lost, made in one go (as an f-string would). */
static PyObject *because_of(PyObject *why, long long got, PyObject *order_text)
{
    Py_ssize_t nwhy, norder;
    const char *w = PyUnicode_AsUTF8AndSize(why, &nwhy), *o = w ? PyUnicode_AsUTF8AndSize(order_text, &norder) : NULL;
    char number[32], small[256], *buffer = small;
    if (!o) return NULL;
    int nnumber = snprintf(number, sizeof number, "%lld", got);
    Py_ssize_t size = nwhy + 2 + nnumber + 5 + norder;
    if (size > (Py_ssize_t)sizeof small && !(buffer = PyMem_Malloc(size))) return PyErr_NoMemory();
    char *at = buffer;
    memcpy(at, w, nwhy); at += nwhy;
    memcpy(at, ": ", 2); at += 2;
    memcpy(at, number, nnumber); at += nnumber;
    memcpy(at, " for ", 5); at += 5;
    memcpy(at, o, norder);
    PyObject *made = PyUnicode_DecodeUTF8(buffer, size, NULL);
    if (buffer != small) PyMem_Free(buffer);
    return made;
}

/* The unit's offers into their powers' ledgers: accepted (what it cost, less a rebate) or lost (why). */
static int write_bids(Phase *ph, Target *t, Out *out, PyObject *order_text, const long long *back)
{
    PyObject *because = NULL;
    int result = 0;
    for (int j = 0; j < t->nbids && result == 0; j++) {
        if (t->bids[j] >= ph->nbids) continue;   /* the default HOLD is in no ledger */
        const Bid *b = &ph->bids[t->bids[j]];
        Book *book = &out->books[b->power];
        PyObject *text = slot_of(b->read, types.read_text);
        if (!text) { result = -1; break; }
        if (pays_for(b, t->chosen)) {
            long long cost = b->total - back[j];
            result = append_row(book->accepted, text, order_text, cost, NULL);
            if (result == 0 && back[j]) {
                PyObject *row = Py_BuildValue("(OL)", text, back[j]);
                result = row ? PyList_Append(book->rebates, row) : -1;
                Py_XDECREF(row);
            }
            book->spent += cost;
            if (!out->has_earned[t->owner]) { out->has_earned[t->owner] = 1; out->earned_order[out->nearned++] = t->owner; }
            out->earned[t->owner] += cost;
        } else {
            if (!because && !(because = because_of(PyTuple_GET_ITEM(types.whys, t->why), t->got, order_text))) {
                result = -1;
                break;
            }
            result = append_row(book->lost, text, order_text, 0, because);
        }
    }
    Py_XDECREF(because);
    return result;
}

/* One unit: its order under its owner, its decision, its row in its owner's ledger, and its offers. */
static int write_unit(Phase *ph, Target *t, Out *out, int ebayola)
{
    PyObject *order, *text, *owner = PyList_GET_ITEM(ph->powers, t->owner), *list, *decision;
    long long *back = pool_alloc(&ph->pool, (t->nbids + 1) * sizeof(long long));
    if (!back || issued(ph, t, &order, &text) < 0) return -1;
    int result = -1;
    if (!(list = PyDict_GetItemWithError(out->orders, owner))) {   /* borrowed, or a new list the dict keeps */
        if (PyErr_Occurred() || !(list = PyList_New(0))) goto done;
        int put = PyDict_SetItem(out->orders, owner, list);
        Py_DECREF(list);
        if (put < 0) goto done;
    }
    if (PyList_Append(list, order) < 0) goto done;
    if (!(decision = new_decision(owner, t->text, text, t->got, PyTuple_GET_ITEM(types.whys, t->why)))) goto done;
    result = PyList_Append(out->decisions, decision);
    Py_DECREF(decision);
    if (result == 0) result = append_row(out->books[t->owner].units, t->text, text, t->got, NULL);
    if (result == 0 && ebayola && t->chosen >= 0 && t->rank) result = rebates_at(ph, t, back);
    if (result == 0) result = write_bids(ph, t, out, text, back);
done:
    Py_DECREF(order); Py_DECREF(text);
    return result;
}

/* Each ledger's passes, spending and balance after; the owners' earnings as a dict (in the order they came). */
static PyObject *settle(Phase *ph, Out *out)
{
    static const int names[3] = {A_REDUCTIONS, A_SPENT, A_BALANCE_AFTER};
    for (int p = 0; p < ph->npowers; p++) {
        long long values[3] = {ph->reductions[p], out->books[p].spent, ph->balance[p] - out->books[p].spent};
        for (int k = 0; k < 3; k++) {
            PyObject *value = PyLong_FromLongLong(values[k]);
            int set = value ? PyObject_SetAttr(PyList_GET_ITEM(ph->ledgers, p), types.attr[names[k]], value) : -1;
            Py_XDECREF(value);
            if (set < 0) return NULL;
        }
    }
    PyObject *earned = PyDict_New();
    for (int k = 0; earned && k < out->nearned; k++) {
        int p = out->earned_order[k];
        PyObject *value = PyLong_FromLongLong(out->earned[p]);
        if (!value || PyDict_SetItem(earned, PyList_GET_ITEM(ph->powers, p), value) < 0) Py_CLEAR(earned);
        Py_XDECREF(value);
    }
    return earned;
}

/* The outcome: (orders by owner, decisions, earned), the units taken in ``order``; the ledgers filled in. */
PyObject *write_outcome(Phase *ph, PyObject *order, int ebayola)
{
    Out out = {0};
    PyObject *earned = NULL;
    out.earned = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(long long));
    out.earned_order = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(int));
    out.has_earned = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(int));
    out.orders = PyDict_New();
    out.decisions = PyList_New(0);
    if (!out.earned || !out.earned_order || !out.has_earned || !out.orders || !out.decisions
        || open_books(ph, &out) < 0) goto fail;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(order); k++) {
        long ti = PyLong_AsLong(PyList_GET_ITEM(order, k));
        if (ti < 0 || ti >= ph->ntargets) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_IndexError, "no such unit");
            goto fail;
        }
        if (write_unit(ph, &ph->targets[ti], &out, ebayola) < 0) goto fail;
    }
    if (!(earned = settle(ph, &out))) goto fail;
    close_books(ph, &out);
    return Py_BuildValue("(NNN)", out.orders, out.decisions, earned);
fail:
    close_books(ph, &out);
    Py_XDECREF(out.orders); Py_XDECREF(out.decisions);
    return NULL;
}
