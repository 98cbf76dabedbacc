/* The compiled core of Payola order determination: rules 5.1-5.5 on integer arrays.
 *
 * compiled.py reads the offers, asks the variant's hooks and writes the ledgers; this does the arithmetic in
 * between, the costly part in pure Python (bench/payola.py): each unit's candidate orders and their totals (5.1),
 * the ties (4.4, 5.2-5.4) and the over-expenditure passes (5.5) with plateaus, savings and zero floors.  It follows
 * determination.py, the reference, step by step; tests/payola/test_compiled.py compares both on random phases.
 *
 * run(bids, targets, available, Move) -> (chosen, totals, paid, reductions, cand_totals)
 *   bids:      [(unit, power, sheet line, read)], read a prepared.ReadOffer; targets: [(owner, tie, hold_key)],
 *              tie a tuple of power indices or None; available: [int] per power, its balance less its savings
 *   chosen:    [(index, got, why, src_bid, src_pos)] per unit: its candidate, the total, the reason code, and the
 *              bid and place that first named it (src_bid -1: the unit's HOLD)
 *   totals, paid: per bid, after the reductions, and whether it pays for its unit's order (3.1, 5.6)
 *   reductions: per power, its passes of 5.5; cand_totals: per unit, each candidate's final total (6.4)
 * Powers are indices into the powers sorted by name; the owner's default HOLD (3.3) is added here, at
 * sheet line DEFAULT_SEQ, after every offer.
 *
 * This file reads the offers and finds each unit's candidates and payments (5.1, 3.1); _determine_passes.c
 * decides the units and runs the passes of 5.5; _determine.h is what both share.
 */
#include "_determine.h"

static int kind_of(PyObject *kind)   /* offers.py: DIRECT, NEGATIVE, MOVE, HOLD, GIFT */
{
    const char *text = PyUnicode_AsUTF8(kind);
    return !text ? -1 : text[0] == ':' ? K_DIRECT : text[0] == '!' ? K_NEGATIVE : text[0] == '>' ? K_MOVE
        : text[0] == '@' ? K_HOLD : K_GIFT;
}

/* Attribute names of a read offer, made once. */
static PyObject *s_kind, *s_keys, *s_orders, *s_values, *s_plateaus, *s_total;

/* The index of a candidate with this text, or -1 (-2 on an error). */
static int find_key(Target *t, PyObject *key, Py_hash_t hash)
{
    for (int i = 0; i < t->ncand; i++) {
        if (t->hashes[i] != hash) continue;
        int same = PyObject_RichCompareBool(t->keys[i], key, Py_EQ);
        if (same) return same < 0 ? -2 : i;
    }
    return -1;
}

int find(Target *t, PyObject *key)
{
    Py_hash_t hash = PyObject_Hash(key);
    return hash == -1 ? -2 : find_key(t, key, hash);
}

/* 5.1: a candidate for each distinct order named by the unit's offers (a negative offer names HOLD). */
static int add_candidates(Target *t, Bid *bids, PyObject *move_type)
{
    for (int j = 0; j < t->nbids; j++) {
        Bid *b = &bids[t->bids[j]];
        PyObject *keys = b->keys, *orders = b->orders;
        int hold_only = !keys || b->kind == K_NEGATIVE;
        Py_ssize_t n = hold_only ? 1 : PyTuple_GET_SIZE(keys);
        for (Py_ssize_t k = 0; k < n && k < b->nnamed; k++) {
            PyObject *key = hold_only ? t->hold_key : PyTuple_GET_ITEM(keys, k);
            Py_hash_t hash = PyObject_Hash(key);
            int i = hash == -1 ? -2 : find_key(t, key, hash);
            if (i == -2) return -1;
            if (i < 0) {
                i = t->ncand++;
                t->keys[i] = key;
                t->hashes[i] = hash;
                t->src_bid[i] = hold_only ? -1 : t->bids[j];
                t->src_pos[i] = (int)k;
                t->moves[i] = hold_only ? 0 : PyObject_IsInstance(PyTuple_GET_ITEM(orders, k), move_type);
                if (t->moves[i] < 0) return -1;
            }
            b->named[k] = i;
        }
    }
    return 0;
}

/* 3.1: which candidates an offer pays for (Offer.pays_for), for every candidate; then the totals (5.1). */
static int add_payments(Target *t, Bid *bids, Pool *pool)
{
    for (int j = 0; j < t->nbids; j++) {
        Bid *b = &bids[t->bids[j]];
        int *in_keys = pool_alloc(pool, (t->ncand + 1) * sizeof(int));
        b->pays = pool_alloc(pool, (t->ncand + 1) * sizeof(int));
        if (!in_keys || !b->pays) return -1;
        if (b->kind == K_NEGATIVE) {   /* the orders it names, as far as they are candidates */
            for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(b->keys); k++) {
                int i = find(t, PyTuple_GET_ITEM(b->keys, k));
                if (i == -2) return -1;
                if (i >= 0) in_keys[i] = 1;
            }
        } else {
            for (int k = 0; k < b->nnamed; k++) in_keys[b->named[k]] = 1;
        }
        b->npays = 0;
        for (int i = 0; i < t->ncand; i++) {   /* each kind's promise (offers.py: Offer.pays_for) */
            int pays = b->kind == K_DIRECT ? in_keys[i] : b->kind == K_NEGATIVE ? !in_keys[i]
                : b->kind == K_MOVE ? t->moves[i] || in_keys[i] : b->kind == K_HOLD ? !t->moves[i] || in_keys[i] : 1;
            if (pays) { b->pays[b->npays++] = i; t->totals[i] += b->total; }
        }
    }
    return 0;
}

/* A bid from (target, power, seq, read): its kind, its number of named orders and its bribes. */
static int read_bid(Bid *b, PyObject *row, Pool *pool)
{
    PyObject *read;
    if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 4) {
        PyErr_SetString(PyExc_TypeError, "a bid is (target, power, seq, read)");
        return -1;
    }
    b->target = (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 0));
    b->power = (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 1));
    b->seq = PyLong_AsLongLong(PyTuple_GET_ITEM(row, 2));
    read = PyTuple_GET_ITEM(row, 3);
    if (PyErr_Occurred()) return -1;
    PyObject *kind = PyObject_GetAttr(read, s_kind), *keys = PyObject_GetAttr(read, s_keys);
    PyObject *values = PyObject_GetAttr(read, s_values), *plateaus = PyObject_GetAttr(read, s_plateaus);
    PyObject *total = PyObject_GetAttr(read, s_total), *orders = PyObject_GetAttr(read, s_orders);
    int result = -1;
    if (!kind || !keys || !values || !plateaus || !total || !orders) goto done;
    if (!PyTuple_Check(keys) || !PyTuple_Check(values) || !PyTuple_Check(plateaus) || !PyTuple_Check(orders)
        || PyTuple_GET_SIZE(orders) < PyTuple_GET_SIZE(keys) || PyTuple_GET_SIZE(keys) == 0
        || PyTuple_GET_SIZE(plateaus) != PyTuple_GET_SIZE(values)) {
        PyErr_SetString(PyExc_TypeError, "a read offer names orders, and has a plateau for each bribe");
        goto done;
    }
    b->keys = keys; b->orders = orders;   /* the read offer keeps them alive */
    if ((b->kind = kind_of(kind)) < 0) goto done;
    b->total = PyLong_AsLongLong(total);
    b->nnamed = b->kind == K_NEGATIVE ? 1 : (int)PyTuple_GET_SIZE(keys);
    b->nvals = (int)PyTuple_GET_SIZE(values);
    b->named = pool_alloc(pool, (b->nnamed + 1) * sizeof(int));
    b->values = pool_alloc(pool, (b->nvals + 1) * sizeof(long long));
    b->plateaus = pool_alloc(pool, (b->nvals + 1) * sizeof(long long));
    b->steps = pool_alloc(pool, (b->nvals + 1) * sizeof(long long));
    if (!b->named || !b->values || !b->plateaus || !b->steps) goto done;
    for (int k = 0; k < b->nvals; k++) {
        b->values[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(values, k));
        b->plateaus[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(plateaus, k));
    }
    result = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(kind); Py_XDECREF(keys); Py_XDECREF(values); Py_XDECREF(plateaus); Py_XDECREF(total);
    Py_XDECREF(orders);
    return result;
}

/* A unit from (owner, tie, hold_key). */
static int read_target(Target *t, PyObject *row, int npowers, Pool *pool)
{
    PyObject *tie;
    if (!PyArg_ParseTuple(row, "iOU", &t->owner, &tie, &t->hold_key)) return -1;
    if (t->owner < 0 || t->owner >= npowers) { PyErr_SetString(PyExc_IndexError, "a unit's owner is out of range"); return -1; }
    if (tie != Py_None) {
        if (!PyTuple_Check(tie)) { PyErr_SetString(PyExc_TypeError, "a tie list is a tuple"); return -1; }
        t->ntie = (int)PyTuple_GET_SIZE(tie);
        if (!(t->tie = pool_alloc(pool, (t->ntie + 1) * sizeof(int)))) return -1;
        for (int k = 0; k < t->ntie; k++) t->tie[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(tie, k));
    }
    return PyErr_Occurred() ? -1 : 0;
}

static int put(PyObject *list, Py_ssize_t i, long long value)
{
    PyObject *item = PyLong_FromLongLong(value);
    if (item) PyList_SET_ITEM(list, i, item);
    return item ? 0 : -1;
}

/* The result as Python values (see the top of the file). */
static PyObject *outcome(Target *targets, int ntargets, Bid *bids, int nbids, long long *reductions, int npowers)
{
    PyObject *chosen = PyList_New(ntargets), *totals = PyList_New(nbids), *cuts = PyList_New(npowers);
    PyObject *cand = PyList_New(ntargets), *paid = PyList_New(nbids);
    if (!chosen || !totals || !cuts || !cand || !paid) goto fail;
    for (int ti = 0; ti < ntargets; ti++) {
        Target *t = &targets[ti];
        int i = t->chosen;
        PyObject *row = Py_BuildValue("(iLiii)", i, t->got, t->why, i >= 0 ? t->src_bid[i] : -1,
                                      i >= 0 ? t->src_pos[i] : 0);
        PyObject *sums = PyList_New(t->ncand);
        if (!row || !sums) { Py_XDECREF(row); Py_XDECREF(sums); goto fail; }
        PyList_SET_ITEM(chosen, ti, row);
        PyList_SET_ITEM(cand, ti, sums);
        for (int k = 0; k < t->ncand; k++) if (put(sums, k, t->totals[k]) < 0) goto fail;
    }
    for (int j = 0; j < nbids; j++) {
        if (put(totals, j, bids[j].total) < 0) goto fail;
        PyList_SET_ITEM(paid, j, PyBool_FromLong(pays_for(&bids[j], targets[bids[j].target].chosen)));
    }
    for (int p = 0; p < npowers; p++) if (put(cuts, p, reductions[p]) < 0) goto fail;
    return Py_BuildValue("(NNNNN)", chosen, totals, paid, cuts, cand);
fail:
    Py_XDECREF(chosen); Py_XDECREF(totals); Py_XDECREF(cuts); Py_XDECREF(cand); Py_XDECREF(paid);
    return NULL;
}

/* The bids of every unit, its owner's default HOLD added (3.3) when it made no offer, in the order of the sheets. */
static int gather(Target *targets, int ntargets, Bid *bids, int nbids, int npowers, int *nall, Pool *pool)
{
    int *owned = pool_alloc(pool, (ntargets + 1) * sizeof(int)), *count = pool_alloc(pool, (ntargets + 1) * sizeof(int));
    if (!owned || !count) return -1;
    for (int j = 0; j < nbids; j++) {
        Bid *b = &bids[j];
        if (b->target < 0 || b->target >= ntargets || b->power < 0 || b->power >= npowers) {
            PyErr_SetString(PyExc_IndexError, "a bid's unit or power is out of range");
            return -1;
        }
        count[b->target]++;
        targets[b->target].offered = 1;
        if (b->power == targets[b->target].owner) owned[b->target] = 1;
    }
    *nall = nbids;
    for (int ti = 0; ti < ntargets; ti++) {
        if (owned[ti]) continue;
        Bid *b = &bids[(*nall)++];
        b->target = ti; b->power = targets[ti].owner; b->seq = DEFAULT_SEQ; b->kind = K_DIRECT; b->nnamed = 1;
        if (!(b->named = pool_alloc(pool, sizeof(int))) || !(b->steps = pool_alloc(pool, sizeof(long long)))) return -1;
        count[ti]++;
    }
    for (int ti = 0; ti < ntargets; ti++)
        if (!(targets[ti].bids = pool_alloc(pool, (count[ti] + 1) * sizeof(int)))) return -1;
    for (int j = 0; j < *nall; j++) {
        Target *t = &targets[bids[j].target];
        t->bids[t->nbids++] = j;
    }
    return 0;
}

/* 5.1-5.4 for every unit before any reduction: its candidates, their totals, its first decision. */
static int first_decisions(Target *targets, int ntargets, Bid *bids, int npowers, PyObject *move_type, Pool *pool)
{
    for (int ti = 0; ti < ntargets; ti++) {
        Target *t = &targets[ti];
        int room = 1;
        for (int j = 0; j < t->nbids; j++) room += bids[t->bids[j]].nnamed;
        t->keys = pool_alloc(pool, room * sizeof(PyObject *));
        t->hashes = pool_alloc(pool, room * sizeof(Py_hash_t));
        t->moves = pool_alloc(pool, room * sizeof(int));
        t->src_bid = pool_alloc(pool, room * sizeof(int));
        t->src_pos = pool_alloc(pool, room * sizeof(int));
        t->totals = pool_alloc(pool, room * sizeof(long long));
        if (!t->keys || !t->hashes || !t->moves || !t->src_bid || !t->src_pos || !t->totals) return -1;
        if (add_candidates(t, bids, move_type) < 0 || add_payments(t, bids, pool) < 0) return -1;
        if (decide(t, bids, npowers, pool) < 0) return -1;
    }
    return 0;
}

static PyObject *run(PyObject *module, PyObject *args)
{
    PyObject *bid_rows, *target_rows, *avail_rows, *move_type, *result = NULL;
    if (!PyArg_ParseTuple(args, "O!O!O!O", &PyList_Type, &bid_rows, &PyList_Type, &target_rows,
                          &PyList_Type, &avail_rows, &move_type)) return NULL;
    int nbids = (int)PyList_GET_SIZE(bid_rows), ntargets = (int)PyList_GET_SIZE(target_rows), nall = 0;
    int npowers = (int)PyList_GET_SIZE(avail_rows);
    Pool pool = {0};
    Bid *bids = pool_alloc(&pool, (nbids + ntargets + 1) * sizeof(Bid));   /* the default HOLDs after the offers */
    Target *targets = pool_alloc(&pool, (ntargets + 1) * sizeof(Target));
    long long *available = pool_alloc(&pool, (npowers + 1) * sizeof(long long));
    long long *reductions = pool_alloc(&pool, (npowers + 1) * sizeof(long long));
    if (!bids || !targets || !available || !reductions) goto done;
    for (int p = 0; p < npowers; p++) available[p] = PyLong_AsLongLong(PyList_GET_ITEM(avail_rows, p));
    if (PyErr_Occurred()) goto done;
    for (int ti = 0; ti < ntargets; ti++) {
        if (read_target(&targets[ti], PyList_GET_ITEM(target_rows, ti), npowers, &pool) < 0) goto done;
        targets[ti].chosen = -1;
    }
    for (int j = 0; j < nbids; j++)
        if (read_bid(&bids[j], PyList_GET_ITEM(bid_rows, j), &pool) < 0) goto done;
    if (gather(targets, ntargets, bids, nbids, npowers, &nall, &pool) < 0
        || first_decisions(targets, ntargets, bids, npowers, move_type, &pool) < 0
        || reduce_until_paid(targets, ntargets, bids, nall, npowers, available, reductions, &pool) < 0) goto done;
    result = outcome(targets, ntargets, bids, nbids, reductions, npowers);
done:
    pool_free(&pool);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, "Rules 5.1-5.5 on the prepared bids and units (see the module's source)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_determine", "The compiled core of Payola order determination (rules 5.1-5.5).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__determine(void)
{
    if (!(s_kind = PyUnicode_InternFromString("kind")) || !(s_keys = PyUnicode_InternFromString("keys"))
        || !(s_orders = PyUnicode_InternFromString("orders")) || !(s_values = PyUnicode_InternFromString("values"))
        || !(s_plateaus = PyUnicode_InternFromString("plateaus")) || !(s_total = PyUnicode_InternFromString("total")))
        return NULL;
    return PyModule_Create(&module);
}
