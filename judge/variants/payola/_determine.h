/* What the two files of the compiled core of Payola order determination share: the bids, the units, the
 * arena they live in, and the steps one file calls in the other (_determine.c: the module, reading the
 * offers and the candidates; _determine_passes.c: the ties and the over-expenditure passes of 5.5).
 */
#ifndef JUDGE_PAYOLA_DETERMINE_H
#define JUDGE_PAYOLA_DETERMINE_H

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

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)   /* shared by the two files, not exported by the module */
#endif
void *pool_alloc(Pool *pool, size_t size);
void pool_free(Pool *pool);
/* _determine.c: the index of the unit's candidate with this text, or -1 (-2 on an error) */
int find(Target *t, PyObject *key);
/* _determine_passes.c */
int decide(Target *t, Bid *bids, int npowers, Pool *pool);
int pays_for(const Bid *b, int index);
int reduce_until_paid(Target *targets, int ntargets, Bid *bids, int nall, int npowers,
                      const long long *available, long long *reductions, Pool *pool);
#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
