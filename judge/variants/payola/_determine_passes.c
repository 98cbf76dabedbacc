/* The compiled core of Payola order determination, its arithmetic: the arena, the ties (4.4, 5.2-5.4) and the
 * over-expenditure passes of 5.5 with plateaus and zero floors, on the bids and units _determine.c read.
 * It follows determination.py, the reference, step by step.
 */
#include "_determine.h"

#define BLOCK ((size_t)1 << 16)

/* The arena of the last call, kept for the next: its memory is at hand (and warm in the cache) instead of new blocks
 * taken from malloc and given back at every phase.  A call that needs more takes blocks besides, and the arena
 * grows to fit them for the next call; a call made while the arena is in use (never, in the judge) takes blocks. */
static char *arena;
static size_t arena_size;
static int arena_busy;

void pool_open(Pool *pool)
{
    memset(pool, 0, sizeof *pool);
    if (arena && !arena_busy) {
        arena_busy = pool->on_arena = 1;
        pool->free = arena; pool->left = arena_size;
    }
}

void *pool_take(Pool *pool, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (size > pool->left) {   /* a block besides, chained (it begins with the previous one's address) */
        size_t want = (size > BLOCK ? size : BLOCK) + 16;
        char *block = PyMem_Malloc(want);
        if (!block) { PyErr_NoMemory(); return NULL; }
        *(void **)block = pool->last; pool->last = block;
        pool->free = block + 16; pool->left = want - 16;
        pool->spilled += want;
    }
    void *given = pool->free;
    pool->free += size; pool->left -= size;
    return given;
}

void *pool_alloc(Pool *pool, size_t size)
{
    void *given = pool_take(pool, size);
    return given ? memset(given, 0, size) : NULL;
}

void pool_free(Pool *pool)
{
    while (pool->last) { void *prev = *(void **)pool->last; PyMem_Free(pool->last); pool->last = prev; }
    if (pool->on_arena) arena_busy = 0;
    if (pool->spilled && !arena_busy) {   /* the next call's arena holds what this one needed */
        size_t size = (pool->on_arena ? arena_size : 0) + pool->spilled;
        PyMem_Free(arena);
        arena = PyMem_Malloc(size);
        arena_size = arena ? size : 0;
    }
}

static int contains(const int *items, int n, int item)
{
    for (int k = 0; k < n; k++) if (items[k] == item) return 1;
    return 0;
}

/* 5.3: where each power's offers stand for each candidate, the earliest: the sheet line, then the place in the line
 * (after every order it names, for a candidate it only pays for); NONE_RANK when it made none.  They never change,
 * so a unit works them out at its first tie, not at each of the passes of 5.5. */
static int earliest_ranks(Target *t, const Bid *bids, int npowers, Pool *pool)
{
    int64_t *ranks = pool_take(pool, ((size_t)t->ncand * npowers + 1) * sizeof(int64_t));
    if (!ranks) return -1;
    for (int i = 0; i < t->ncand * npowers; i++) ranks[i] = NONE_RANK;
    for (int j = 0; j < t->nbids; j++) {
        const Bid *b = &bids[t->bids[j]];
        int64_t *mine = ranks + b->power;
        for (int k = 0; k < b->npays; k++) {
            int64_t rank = (b->seq << 20) + b->nnamed;
            if (rank < mine[b->pays[k] * npowers]) mine[b->pays[k] * npowers] = rank;
        }
        for (int k = 0; k < b->nnamed; k++) {
            int64_t rank = (b->seq << 20) + k;
            if (rank < mine[b->named[k] * npowers]) mine[b->named[k] * npowers] = rank;
        }
    }
    t->ranks = ranks;
    return 0;
}

/* Compare two tied candidates' vectors of ranks (by the power order), then their texts; <0 when a comes first. */
static int compare(Target *t, const int64_t *va, const int64_t *vb, int n, int a, int b)
{
    for (int p = 0; p < n; p++) if (va[p] != vb[p]) return va[p] < vb[p] ? -1 : 1;
    int lt = PyObject_RichCompareBool(t->keys[a], t->keys[b], Py_LT);
    return lt < 0 ? -2 : lt ? -1 : 1;
}

/* 5.2-5.4: the earliest power of the list that offered for a tied order wins it; its earliest line; then the next power. */
static int break_tie(Target *t, int npowers, const int *tied, int ntied, long long best, Pool *pool)
{
    int norder = 0, *order = pool_take(pool, (t->ntie + npowers + 1) * sizeof(int));
    int *offered = pool_alloc(pool, (2 * npowers + 1) * sizeof(int)), *listed = offered + npowers;
    int64_t *vectors = pool_take(pool, (size_t)ntied * (t->ntie + npowers) * sizeof(int64_t));
    if (!order || !offered || !vectors) return -1;
    for (int i = 0; i < ntied; i++)
        for (int p = 0; p < npowers; p++) if (t->ranks[tied[i] * npowers + p] != NONE_RANK) offered[p] = 1;
    for (int k = 0; k < t->ntie; k++) {   /* the list's powers that offered, then the others by name */
        int p = t->tie[k];
        if (p >= 0 && p < npowers) { listed[p] = 1; if (offered[p]) order[norder++] = p; }
    }
    for (int p = 0; p < npowers; p++) if (offered[p] && !listed[p]) order[norder++] = p;
    for (int i = 0; i < ntied; i++)
        for (int k = 0; k < norder; k++) vectors[i * norder + k] = t->ranks[tied[i] * npowers + order[k]];
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
int decide(Target *t, Bid *bids, int npowers, Pool *pool)
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
        int i = find_key(t, t->hold_key, t->hold_hash);
        if (i == -2) return -1;
        t->chosen = i; t->got = best + 1; t->why = WHY_DUMMY;
        return 0;
    }
    if (!t->ranks && earliest_ranks(t, bids, npowers, pool) < 0) return -1;   /* kept: before the scratch */
    char *mark = pool->free;   /* the tie's scratch memory is given back after it (5.5 decides again and again) */
    size_t left = pool->left;
    if (!(tied = pool_take(pool, count * sizeof(int)))) return -1;
    count = 0;
    for (int i = 0; i < t->ncand; i++) if (t->totals[i] == best) tied[count++] = i;
    int result = break_tie(t, npowers, tied, count, best, pool);
    pool->free = mark; pool->left = left;
    return result;
}

/* 5.5: in how many passes each bribe stops losing a piece: at its plateau, or (after those) at zero. */
static void set_steps(Bid *b, int plateau)
{
    b->nsteps = 0;
    for (int k = 0; k < b->nvals; k++) {
        long long v = b->values[k], f = b->plateaus[k], step = plateau ? v - f : v < f ? v : f;
        if (step <= 0) continue;   /* loses nothing in this stage */
        int at = b->nsteps++;   /* kept in falling order: those still losing are the first b->nsteps */
        while (at > 0 && b->steps[at - 1] < step) { b->steps[at] = b->steps[at - 1]; at--; }
        b->steps[at] = step;
    }
}

int pays_for(const Bid *b, int index) { return index >= 0 && contains(b->pays, b->npays, index); }

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
        while (b->nsteps && b->steps[b->nsteps - 1] <= ps->made[p]) b->nsteps--;   /* those at their step */
        long long pieces = b->total ? b->nsteps : 0;
        if (!pieces) continue;
        Target *t = &targets[b->target];
        b->total -= pieces;
        for (int k = 0; k < b->npays; k++) t->totals[b->pays[k]] -= pieces;
        if (b->paying) ps->spend[p] -= pieces;
        ps->touched[b->target] = 1;
    }
    ps->made[p]++;
    if (ps->plateau[p] == ps->made[p]) {   /* every bribe at its plateau: from now on down to zero */
        for (int m = ps->start[p]; m < ps->start[p + 1]; m++) set_steps(&bids[ps->mine[m]], 0);
        ps->made[p] = ps->plateau[p] = 0;   /* once: the zero stage never starts again (no bribe below 0) */
    }
}

/* 5.5: while anyone would overspend, each such power's offers lose a piece per bribe and the units re-decide. */
int reduce_until_paid(Target *targets, int ntargets, Bid *bids, int nall, int npowers,
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
        if ((bids[j].paying = pays_for(&bids[j], targets[bids[j].target].chosen))) ps.spend[bids[j].power] += bids[j].total;
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
                if (b->paying) ps.spend[b->power] -= b->total;
                if ((b->paying = pays_for(b, t->chosen))) ps.spend[b->power] += b->total;
            }
        }
    }
}

