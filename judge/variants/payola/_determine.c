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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define DEFAULT_SEQ ((int64_t)1 << 40)
#define NONE_RANK INT64_MAX
enum { K_DIRECT, K_NEGATIVE, K_MOVE, K_HOLD, K_GIFT };
enum { WHY_TOTAL, WHY_NO_OFFER, WHY_DUMMY, WHY_LIST, WHY_SEQUENCE, WHY_FURTHER };

typedef struct {
    int target, power, kind;
    int64_t seq;
    long long total;                   /* its bribes' sum, less what 5.5 took */
    int nnamed, npays;
    int *named, *pays;                 /* candidate indices: put forward (5.1), paid for (3.1) */
    int nvals;
    long long *values, *plateaus;      /* its single bribes (5.5) */
    long long *steps; int nsteps;      /* after how many passes each bribe stops losing a piece (any order) */
    PyObject *keys, *orders;           /* borrowed from its read offer (NULL for a default HOLD) */
} Bid;

typedef struct {
    int owner, ntie, nbids, ncand, offered;
    int *tie, *bids;
    PyObject **keys;                   /* borrowed: each candidate's text */
    Py_hash_t *hashes;                 /* and its hash, to find it fast */
    int *moves, *src_bid, *src_pos;    /* each candidate: a move?, where it was first named */
    long long *totals;
    PyObject *hold_key;
    int chosen, why; long long got;
} Target;

typedef struct {                       /* an arena: blocks chained (each begins with the previous one's address) */
    void *last; char *free; size_t left;
} Pool;

#define BLOCK ((size_t)1 << 16)

static void *pool_alloc(Pool *pool, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (size > pool->left) {
        size_t want = (size > BLOCK ? size : BLOCK) + 16;
        char *block = PyMem_Malloc(want);
        if (!block) { PyErr_NoMemory(); return NULL; }
        *(void **)block = pool->last; pool->last = block;
        pool->free = block + 16; pool->left = want - 16;
    }
    void *given = pool->free;
    pool->free += size; pool->left -= size;
    return memset(given, 0, size);
}

static void pool_free(Pool *pool)
{
    while (pool->last) { void *prev = *(void **)pool->last; PyMem_Free(pool->last); pool->last = prev; }
}

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

static int find(Target *t, PyObject *key)
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

static int contains(const int *items, int n, int item)
{
    for (int k = 0; k < n; k++) if (items[k] == item) return 1;
    return 0;
}

/* 5.3: where an offer stands for a candidate: its sheet line, then its place in the line (after, if it only pays). */
static int64_t rank_of(const Bid *b, int index)
{
    for (int k = 0; k < b->nnamed; k++) if (b->named[k] == index) return (b->seq << 20) + k;
    return contains(b->pays, b->npays, index) ? (b->seq << 20) + b->nnamed : NONE_RANK;
}

/* Compare two tied candidates' vectors of ranks (by the power order), then their texts; <0 when a comes first. */
static int compare(Target *t, const int64_t *va, const int64_t *vb, int n, int a, int b)
{
    for (int p = 0; p < n; p++) if (va[p] != vb[p]) return va[p] < vb[p] ? -1 : 1;
    int lt = PyObject_RichCompareBool(t->keys[a], t->keys[b], Py_LT);
    return lt < 0 ? -2 : lt ? -1 : 1;
}

/* 5.2-5.4: the earliest power of the list that offered for a tied order wins it; its earliest line; then the next power. */
static int break_tie(Target *t, Bid *bids, int npowers, const int *tied, int ntied, long long best, Pool *pool)
{
    int norder = 0, *order = pool_alloc(pool, (t->ntie + npowers + 1) * sizeof(int));
    int *offered = pool_alloc(pool, (npowers + 1) * sizeof(int)), *listed = pool_alloc(pool, (npowers + 1) * sizeof(int));
    int64_t *earliest = pool_alloc(pool, (size_t)ntied * npowers * sizeof(int64_t));
    int64_t *vectors = pool_alloc(pool, (size_t)ntied * (t->ntie + npowers) * sizeof(int64_t));
    if (!order || !offered || !listed || !earliest || !vectors) return -1;
    for (int i = 0; i < ntied * npowers; i++) earliest[i] = NONE_RANK;
    for (int j = 0; j < t->nbids; j++) {
        const Bid *b = &bids[t->bids[j]];
        for (int i = 0; i < ntied; i++) {
            int64_t rank = rank_of(b, tied[i]);
            if (rank != NONE_RANK) offered[b->power] = 1;
            if (rank < earliest[i * npowers + b->power]) earliest[i * npowers + b->power] = rank;
        }
    }
    for (int k = 0; k < t->ntie; k++) {   /* the list's powers that offered, then the others by name */
        int p = t->tie[k];
        if (p >= 0 && p < npowers) { listed[p] = 1; if (offered[p]) order[norder++] = p; }
    }
    for (int p = 0; p < npowers; p++) if (offered[p] && !listed[p]) order[norder++] = p;
    for (int i = 0; i < ntied; i++)
        for (int k = 0; k < norder; k++) vectors[i * norder + k] = earliest[i * npowers + order[k]];
    int first = 0, second = -1;
    for (int i = 1; i < ntied; i++) {
        int c = compare(t, vectors + i * norder, vectors + first * norder, norder, tied[i], tied[first]);
        if (c == -2) return -1;
        if (c < 0) { second = first; first = i; continue; }
        if (second >= 0 && (c = compare(t, vectors + i * norder, vectors + second * norder, norder, tied[i],
                                        tied[second])) == -2) return -1;
        if (second < 0 || c < 0) second = i;
    }
    const int64_t *va = vectors + first * norder, *vb = vectors + second * norder;
    int depth = 0;
    while (depth < norder && va[depth] == vb[depth]) depth++;
    t->chosen = tied[first]; t->got = best;
    t->why = depth ? WHY_FURTHER : (va[0] != NONE_RANK && vb[0] != NONE_RANK) ? WHY_SEQUENCE : WHY_LIST;
    return 0;
}

/* 5.1-5.4, 4.4: the candidate with the highest total; a tie by the list, or (an unplayed power's unit) HOLD. */
static int decide(Target *t, Bid *bids, int npowers, Pool *pool)
{
    long long best = t->totals[0];
    int count = 0, *tied;
    for (int i = 1; i < t->ncand; i++) if (t->totals[i] > best) best = t->totals[i];
    for (int i = 0; i < t->ncand; i++) if (t->totals[i] == best) count++;
    if (count == 1) {
        for (int i = 0; i < t->ncand; i++) if (t->totals[i] == best) t->chosen = i;
        t->got = best; t->why = t->offered ? WHY_TOTAL : WHY_NO_OFFER;
        return 0;
    }
    if (!t->tie) {   /* 4.4: the unit takes its default HOLD; whoever offered for HOLD pays */
        int i = find(t, t->hold_key);
        if (i == -2) return -1;
        t->chosen = i; t->got = best + 1; t->why = WHY_DUMMY;
        return 0;
    }
    char *mark = pool->free;   /* the tie's scratch memory is given back after it (5.5 decides again and again) */
    size_t left = pool->left;
    if (!(tied = pool_alloc(pool, count * sizeof(int)))) return -1;
    count = 0;
    for (int i = 0; i < t->ncand; i++) if (t->totals[i] == best) tied[count++] = i;
    int result = break_tie(t, bids, npowers, tied, count, best, pool);
    pool->free = mark; pool->left = left;
    return result;
}

/* 5.5: in how many passes each bribe stops losing a piece: at its plateau, or (after those) at zero. */
static void set_steps(Bid *b, int plateau)
{
    b->nsteps = 0;
    for (int k = 0; k < b->nvals; k++) {
        long long v = b->values[k], f = b->plateaus[k];
        if (plateau) { if (v > f) b->steps[b->nsteps++] = v - f; }
        else b->steps[b->nsteps++] = v < f ? v : f;
    }
}

static int pays_for(const Bid *b, int index) { return index >= 0 && contains(b->pays, b->npays, index); }

typedef struct {                       /* the state of the passes of 5.5, per power */
    long long *spend, *plateau, *made; /* what it pays now; passes down to its plateaus; passes in this stage */
    int *started, *over, *touched;
    int *start, *mine;                 /* its bids: mine[start[p]] .. mine[start[p + 1] - 1] */
} Passes;

/* A power's first pass: how many passes take every bribe down to its plateau, then each bribe's steps. */
static void first_pass(Passes *ps, Bid *bids, int p)
{
    long long top = 0;
    for (int m = ps->start[p]; m < ps->start[p + 1]; m++) {
        const Bid *b = &bids[ps->mine[m]];
        for (int k = 0; k < b->nvals && b->total; k++)
            if (b->values[k] - b->plateaus[k] > top) top = b->values[k] - b->plateaus[k];
    }
    ps->plateau[p] = top; ps->made[p] = 0; ps->started[p] = 1;
    for (int m = ps->start[p]; m < ps->start[p + 1]; m++) set_steps(&bids[ps->mine[m]], top > 0);
}

/* One pass on a power's bids: a piece off every bribe not yet at its step; the totals go down with them. */
static void cut(Passes *ps, Target *targets, Bid *bids, int p)
{
    for (int m = ps->start[p]; m < ps->start[p + 1]; m++) {
        Bid *b = &bids[ps->mine[m]];
        long long pieces = 0;
        for (int k = 0; k < b->nsteps && b->total; k++) if (b->steps[k] > ps->made[p]) pieces++;
        if (!pieces) continue;
        Target *t = &targets[b->target];
        b->total -= pieces;
        for (int k = 0; k < b->npays; k++) t->totals[b->pays[k]] -= pieces;
        if (pays_for(b, t->chosen)) ps->spend[p] -= pieces;
        ps->touched[b->target] = 1;
    }
    ps->made[p]++;
    if (ps->plateau[p] == ps->made[p]) {   /* every bribe at its plateau: from now on down to zero */
        for (int m = ps->start[p]; m < ps->start[p + 1]; m++) set_steps(&bids[ps->mine[m]], 0);
        ps->made[p] = ps->plateau[p] = 0;   /* once: the zero stage never starts again (no bribe below 0) */
    }
}

/* 5.5: while anyone would overspend, each such power's offers lose a piece per bribe and the units re-decide. */
static int reduce_until_paid(Target *targets, int ntargets, Bid *bids, int nall, int npowers,
                             const long long *available, long long *reductions, Pool *pool)
{
    Passes ps = {pool_alloc(pool, (npowers + 1) * sizeof(long long)), pool_alloc(pool, (npowers + 1) * sizeof(long long)),
                 pool_alloc(pool, (npowers + 1) * sizeof(long long)), pool_alloc(pool, (npowers + 1) * sizeof(int)),
                 pool_alloc(pool, (npowers + 1) * sizeof(int)), pool_alloc(pool, (ntargets + 1) * sizeof(int)),
                 pool_alloc(pool, (npowers + 2) * sizeof(int)), pool_alloc(pool, (nall + 1) * sizeof(int))};
    if (!ps.spend || !ps.plateau || !ps.made || !ps.started || !ps.over || !ps.touched || !ps.start || !ps.mine)
        return -1;
    for (int j = 0; j < nall; j++) ps.start[bids[j].power + 1]++;   /* a counting sort of the bids by power */
    for (int p = 0; p < npowers; p++) ps.start[p + 1] += ps.start[p];
    for (int j = 0; j < nall; j++) ps.mine[ps.start[bids[j].power]++] = j;
    for (int p = npowers; p > 0; p--) ps.start[p] = ps.start[p - 1];
    ps.start[0] = 0;
    for (int j = 0; j < nall; j++)
        if (pays_for(&bids[j], targets[bids[j].target].chosen)) ps.spend[bids[j].power] += bids[j].total;
    for (;;) {
        int any = 0;
        for (int p = 0; p < npowers; p++) any |= ps.over[p] = ps.spend[p] > available[p];
        if (!any) return 0;
        memset(ps.touched, 0, ntargets * sizeof(int));
        for (int p = 0; p < npowers; p++) {
            if (!ps.over[p]) continue;
            if (!ps.started[p]) first_pass(&ps, bids, p);
            reductions[p]++;
            cut(&ps, targets, bids, p);
        }
        for (int ti = 0; ti < ntargets; ti++) {   /* the units touched decide again; the payments follow */
            Target *t = &targets[ti];
            int was = t->chosen;
            if (!ps.touched[ti]) continue;
            if (decide(t, bids, npowers, pool) < 0) return -1;
            for (int j = 0; j < t->nbids && t->chosen != was; j++) {
                Bid *b = &bids[t->bids[j]];
                if (pays_for(b, was)) ps.spend[b->power] -= b->total;
                if (pays_for(b, t->chosen)) ps.spend[b->power] += b->total;
            }
        }
    }
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
