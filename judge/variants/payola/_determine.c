/* The compiled core of Payola order determination: rules 3.1 and 5.1-5.7 on the phase's sheets, in C.
 *
 * compiled.py prepares the units and the acceptance lists and gives the core the sheets as they are (each power's
 * Offer and Savings values, each offer read against the board when its line arrived: prepared.ReadOffer); the core
 * reads the offers (_determine_sheets.c), finds each unit's candidate orders and their totals (5.1), decides the
 * ties (4.4, 5.2-5.4) and runs the over-expenditure passes of 5.5 with plateaus, savings and zero floors
 * (_determine_passes.c), and writes every power's ledger, the decisions and the orders (_determine_ledgers.c).
 * It follows determination.py, the reference, step by step; tests/payola/test_compiled.py compares both on random
 * phases.
 *
 * setup(Offer, Savings, ReadOffer, UnitDecision, Hold, whys, twice): the classes it reads and writes, the ledgers'
 *     reasons (WHYS) and Classic's reason for a second offer; once, when compiled.py is imported.
 * determine(sheets, index, place, targets, ledgers, powers, admit, order, mode, one_offer_per_unit, ebayola)
 *     -> (orders, decisions, earned)
 *   sheets: power -> its values in order; index: power -> its index in powers (sorted); place: each unit's text ->
 *   its index; targets: per unit (owner index, tie list as power indices or None, its HOLD's text, the Unit, its
 *   text, None or each power's place for 6.4's rebates); ledgers: a Ledger per power, filled in; admit: see
 *   _determine_sheets.c; order: the units' indices in the order the ledgers list them; mode: -1 ask the hooks,
 *   0 rule 3.1 alone, 1 the same with zero offers to foreign units.
 * The owner's default HOLD (3.3) is added here, at sheet line DEFAULT_SEQ, after every offer.  Money beyond
 * MONEY_LIMIT raises OverflowError: determination.py goes on in Python, which counts any size.
 */
#include "_determine.h"

/* The index of a candidate with this text and hash (the text's own, or prepared.pack's), or -1 (-2 on an error). */
int find_key(Target *t, PyObject *key, Py_hash_t hash)
{
    for (int i = 0; i < t->ncand; i++) {
        if (t->hashes[i] != hash) continue;
        int same = PyObject_RichCompareBool(t->keys[i], key, Py_EQ);
        if (same) return same < 0 ? -2 : i;
    }
    return -1;
}

/* 5.1: a candidate for each distinct order named by the unit's offers (a negative offer names HOLD). */
static int add_candidates(Target *t, Bid *bids)
{
    for (int j = 0; j < t->nbids; j++) {
        Bid *b = &bids[t->bids[j]];
        PyObject *keys = b->keys;
        int hold_only = !keys || b->kind == K_NEGATIVE;
        Py_ssize_t n = hold_only ? 1 : PyTuple_GET_SIZE(keys);
        for (Py_ssize_t k = 0; k < n && k < b->nnamed; k++) {
            PyObject *key = hold_only ? t->hold_key : PyTuple_GET_ITEM(keys, k);
            Py_hash_t hash = hold_only ? t->hold_hash : (Py_hash_t)b->hashes[k];
            int i = find_key(t, key, hash);
            if (i == -2) return -1;
            if (i < 0) {
                i = t->ncand++;
                t->keys[i] = key;
                t->hashes[i] = hash;
                t->src_bid[i] = hold_only ? -1 : t->bids[j];
                t->src_pos[i] = (int)k;
                t->moves[i] = hold_only ? 0 : b->moves[k];
            }
            b->named[k] = i;
        }
    }
    return 0;
}

/* 3.1: which candidates an offer pays for (Offer.pays_for), for every candidate; then the totals (5.1). */
static int add_payments(Target *t, Bid *bids, Pool *pool)
{
    int *in_keys = pool_alloc(pool, (t->ncand + 1) * sizeof(int));   /* in_keys[i] == j + 1: bid j names i */
    if (!in_keys) return -1;
    for (int j = 0; j < t->nbids; j++) {
        Bid *b = &bids[t->bids[j]];
        if (!(b->pays = pool_take(pool, (t->ncand + 1) * sizeof(int)))) return -1;
        if (b->kind == K_NEGATIVE) {   /* the orders it names, as far as they are candidates */
            for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(b->keys); k++) {
                int i = find_key(t, PyTuple_GET_ITEM(b->keys, k), (Py_hash_t)b->hashes[k]);
                if (i == -2) return -1;
                if (i >= 0) in_keys[i] = j + 1;
            }
        } else {
            for (int k = 0; k < b->nnamed; k++) in_keys[b->named[k]] = j + 1;
        }
        b->npays = 0;
        for (int i = 0; i < t->ncand; i++) {   /* each kind's promise (offers.py: Offer.pays_for) */
            int in = in_keys[i] == j + 1;
            int pays = b->kind == K_DIRECT ? in : b->kind == K_NEGATIVE ? !in
                : b->kind == K_MOVE ? t->moves[i] || in : b->kind == K_HOLD ? !t->moves[i] || in : 1;
            if (pays) { b->pays[b->npays++] = i; t->totals[i] += b->total; }
        }
    }
    return 0;
}

/* The bids of every unit, its owner's default HOLD added (3.3) when it made no offer, in the order of the sheets. */
static int gather(Target *targets, int ntargets, Bid *bids, int nbids, int *nall, Pool *pool)
{
    int *owned = pool_alloc(pool, (ntargets + 1) * sizeof(int)), *count = pool_alloc(pool, (ntargets + 1) * sizeof(int));
    if (!owned || !count) return -1;
    for (int j = 0; j < nbids; j++) {
        Bid *b = &bids[j];
        count[b->target]++;
        targets[b->target].offered = 1;
        if (b->power == targets[b->target].owner) owned[b->target] = 1;
    }
    *nall = nbids;
    for (int ti = 0; ti < ntargets; ti++) {
        if (owned[ti]) continue;
        Bid *b = &bids[(*nall)++];
        memset(b, 0, sizeof *b);
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
static int first_decisions(Target *targets, int ntargets, Bid *bids, int npowers, Pool *pool)
{
    for (int ti = 0; ti < ntargets; ti++) {
        Target *t = &targets[ti];
        int room = 1;
        for (int j = 0; j < t->nbids; j++) room += bids[t->bids[j]].nnamed;
        t->keys = pool_take(pool, room * sizeof(PyObject *));   /* each candidate's written when it is found */
        t->hashes = pool_take(pool, room * sizeof(Py_hash_t));
        t->moves = pool_take(pool, 3 * room * sizeof(int));
        t->totals = pool_alloc(pool, room * sizeof(long long));
        if (!t->keys || !t->hashes || !t->moves || !t->totals) return -1;
        t->src_bid = t->moves + room; t->src_pos = t->src_bid + room;
        if (add_candidates(t, bids) < 0 || add_payments(t, bids, pool) < 0) return -1;
        if (decide(t, bids, npowers, pool) < 0) return -1;
    }
    return 0;
}


/* A power index list from a tuple of ints (a tie list) or of each power's place (6.4), into the arena. */
static int read_ints(PyObject *items, int *n, int **ints, long long **longs, Pool *pool)
{
    if (!PyTuple_Check(items)) { PyErr_SetString(PyExc_TypeError, "a unit's list is a tuple"); return -1; }
    *n = (int)PyTuple_GET_SIZE(items);
    if (ints && !(*ints = pool_alloc(pool, (*n + 1) * sizeof(int)))) return -1;
    if (longs && !(*longs = pool_alloc(pool, (*n + 1) * sizeof(long long)))) return -1;
    for (int k = 0; k < *n; k++) {
        long long value = PyLong_AsLongLong(PyTuple_GET_ITEM(items, k));
        if (ints) (*ints)[k] = (int)value; else (*longs)[k] = value;
    }
    return PyErr_Occurred() ? -1 : 0;
}

/* Each unit from (owner, tie, hold_key, unit, text, rank): see the top of the file. */
static int read_targets(Phase *ph, PyObject *rows)
{
    if (!(ph->targets = pool_alloc(&ph->pool, (ph->ntargets + 1) * sizeof(Target)))) return -1;
    for (int ti = 0; ti < ph->ntargets; ti++) {
        Target *t = &ph->targets[ti];
        PyObject *row = PyList_GET_ITEM(rows, ti), *tie, *rank;
        int n;
        t->chosen = -1;
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 6 || !PyUnicode_Check(PyTuple_GET_ITEM(row, 2))
            || !PyUnicode_Check(PyTuple_GET_ITEM(row, 4))) {
            PyErr_SetString(PyExc_TypeError, "a unit is (owner, tie, hold_key, unit, text, rank)");
            return -1;
        }
        t->owner = (int)PyLong_AsLong(PyTuple_GET_ITEM(row, 0));
        t->hold_key = PyTuple_GET_ITEM(row, 2); t->unit = PyTuple_GET_ITEM(row, 3); t->text = PyTuple_GET_ITEM(row, 4);
        if ((t->hold_hash = PyObject_Hash(t->hold_key)) == -1) return -1;
        tie = PyTuple_GET_ITEM(row, 1); rank = PyTuple_GET_ITEM(row, 5);
        if (t->owner < 0 || t->owner >= ph->npowers) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_IndexError, "a unit's owner is out of range");
            return -1;
        }
        if (tie != Py_None && read_ints(tie, &t->ntie, &t->tie, NULL, &ph->pool) < 0) return -1;
        if (rank != Py_None && (read_ints(rank, &n, NULL, &t->rank, &ph->pool) < 0 || n != ph->npowers)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_IndexError, "a unit's rebate places are one per power");
            return -1;
        }
    }
    return 0;
}

/* Each power's balance from its ledger (balance_before). */
static int read_balances(Phase *ph)
{
    ph->balance = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(long long));
    ph->available = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(long long));
    ph->reductions = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(long long));
    if (!ph->balance || !ph->available || !ph->reductions) return -1;
    for (int p = 0; p < ph->npowers; p++) {
        PyObject *balance = PyObject_GetAttr(PyList_GET_ITEM(ph->ledgers, p), types.attr[A_BALANCE_BEFORE]);
        ph->balance[p] = balance ? PyLong_AsLongLong(balance) : 0;
        Py_XDECREF(balance);
        if (PyErr_Occurred()) return -1;
    }
    return 0;
}

static PyObject *determine(PyObject *module, PyObject *args)
{
    PyObject *sheets, *index, *place, *target_rows, *admit, *order, *result = NULL;
    int mode, classic, ebayola;
    Phase ph = {0};
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!OO!ipp", &PyDict_Type, &sheets, &PyDict_Type, &index, &PyDict_Type,
                          &place, &PyList_Type, &target_rows, &PyList_Type, &ph.ledgers, &PyList_Type, &ph.powers,
                          &admit, &PyList_Type, &order, &mode, &classic, &ebayola)) return NULL;
    if (!types.offer) { PyErr_SetString(PyExc_RuntimeError, "setup() first"); return NULL; }
    ph.npowers = (int)PyList_GET_SIZE(ph.ledgers);
    ph.ntargets = (int)PyList_GET_SIZE(target_rows);
    if (PyList_GET_SIZE(ph.powers) != ph.npowers) { PyErr_SetString(PyExc_IndexError, "a ledger per power"); return NULL; }
    if (!(ph.keep = PyList_New(0))) return NULL;
    pool_open(&ph.pool);
    if (read_balances(&ph) < 0 || read_targets(&ph, target_rows) < 0
        || read_sheets(&ph, sheets, index, place, admit, mode) < 0 || (classic && drop_second_offers(&ph) < 0)
        || gather(ph.targets, ph.ntargets, ph.bids, ph.nbids, &ph.nall, &ph.pool) < 0
        || first_decisions(ph.targets, ph.ntargets, ph.bids, ph.npowers, &ph.pool) < 0
        || reduce_until_paid(ph.targets, ph.ntargets, ph.bids, ph.nall, ph.npowers, ph.available, ph.reductions,
                             &ph.pool) < 0) goto done;
    result = write_outcome(&ph, order, ebayola);
done:
    pool_free(&ph.pool);
    Py_DECREF(ph.keep);
    return result;
}

Types types;

/* Where a slotted class keeps a field (its member descriptor's offset), or -1 with TypeError. */
static Py_ssize_t offset_of(PyTypeObject *cls, const char *name)
{
    PyObject *found = PyObject_GetAttrString((PyObject *)cls, name);
    Py_ssize_t offset = -1;
    if (found && Py_IS_TYPE(found, &PyMemberDescr_Type)
        && ((PyMemberDescrObject *)found)->d_member->type == Py_T_OBJECT_EX)
        offset = ((PyMemberDescrObject *)found)->d_member->offset;
    else if (!PyErr_Occurred())
        PyErr_Format(PyExc_TypeError, "%s.%s is no slot", cls->tp_name, name);
    Py_XDECREF(found);
    return offset;
}

static PyObject *setup(PyObject *module, PyObject *args)
{
    static const char *fields[5] = {"owner", "unit", "order", "total", "reason"};
    static const char *names[NATTRS] = {"balance_before", "savings", "available", "refused", "accepted", "lost", "units",
                                        "rebates", "reductions", "spent", "balance_after", "type", "location"};
    Types t = {0};
    if (types.offer) Py_RETURN_NONE;   /* once: the classes are the modules' own */
    if (!PyArg_ParseTuple(args, "O!O!O!O!OO!U", &PyType_Type, &t.offer, &PyType_Type, &t.savings, &PyType_Type,
                          &t.read, &PyType_Type, &t.decision, &t.hold, &PyTuple_Type, &t.whys, &t.twice)) return NULL;
    if (PyTuple_GET_SIZE(t.whys) != NWHYS) { PyErr_SetString(PyExc_ValueError, "a reason per code"); return NULL; }
    if ((t.offer_read = offset_of(t.offer, "read")) < 0 || (t.savings_amount = offset_of(t.savings, "amount")) < 0
        || (t.read_unit_text = offset_of(t.read, "unit_text")) < 0 || (t.read_packed = offset_of(t.read, "packed")) < 0
        || (t.read_keys = offset_of(t.read, "keys")) < 0 || (t.read_text = offset_of(t.read, "text")) < 0
        || (t.read_orders = offset_of(t.read, "orders")) < 0) return NULL;
    for (int k = 0; k < 5; k++) if ((t.decision_fields[k] = offset_of(t.decision, fields[k])) < 0) return NULL;
    for (int k = 0; k < NATTRS; k++) if (!(t.attr[k] = PyUnicode_InternFromString(names[k]))) return NULL;
    Py_INCREF(t.offer); Py_INCREF(t.savings); Py_INCREF(t.read); Py_INCREF(t.decision);
    Py_INCREF(t.hold); Py_INCREF(t.whys); Py_INCREF(t.twice);
    types = t;   /* kept for the module's life */
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "The classes the core reads and writes (see the top of _determine.c)."},
    {"determine", determine, METH_VARARGS, "Rules 3.1 and 5.1-5.7 on a phase's sheets (see the top of _determine.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_determine", "The compiled core of Payola order determination (rules 3.1, 5.1-5.7).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__determine(void)
{
    return PyModule_Create(&module);
}
