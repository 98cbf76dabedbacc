/* What the files of the compiled core of Payola order determination share: the bids, the units, the phase
 * and the arena they live in, the classes it reads and writes by their slots, and the steps one file calls in
 * another (_determine.c: the module, the units and the candidates; _determine_sheets.c: reading the sheets;
 * _determine_passes.c: the ties and the over-expenditure passes of 5.5; _determine_ledgers.c: the outcome).
 */
#ifndef JUDGE_PAYOLA_DETERMINE_H
#define JUDGE_PAYOLA_DETERMINE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#ifndef Py_T_OBJECT_EX                 /* Python 3.11 */
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif
#include <stdint.h>
#include <string.h>

#define DEFAULT_SEQ ((int64_t)1 << 40)
#define NONE_RANK INT64_MAX
#define MONEY_LIMIT ((long long)1 << 40)   /* an offer above this (or a balance): the Python path, which takes any size */
enum { K_DIRECT, K_NEGATIVE, K_MOVE, K_HOLD, K_GIFT };
enum { WHY_TOTAL, WHY_NO_OFFER, WHY_DUMMY, WHY_LIST, WHY_SEQUENCE, WHY_FURTHER, NWHYS };

typedef struct {
    int target, power, kind, problem;
    int paying;                        /* whether it pays for the order its unit issues now (5.5 keeps it up to date) */
    int64_t seq;
    long long total;                   /* its bribes' sum, less what 5.5 took */
    int nkeys, nnamed, npays;
    int *named, *pays, *moves;         /* candidate indices: put forward (5.1), paid for (3.1); each key a move? */
    int nvals;
    long long *hashes;                 /* each order's text's hash (prepared.pack) */
    long long *values, *plateaus;      /* its single bribes (5.5) */
    long long *steps; int nsteps;      /* after how many passes each bribe still losing stops (falling order) */
    PyObject *read, *keys;             /* borrowed: its ReadOffer and the orders' texts (NULL for a default HOLD) */
} Bid;

typedef struct {
    int owner, ntie, nbids, ncand, offered;
    int *tie, *bids;
    PyObject **keys;                   /* borrowed: each candidate's text */
    Py_hash_t *hashes;                 /* and its hash, to find it fast */
    int *moves, *src_bid, *src_pos;    /* each candidate: a move?, where it was first named */
    long long *totals;
    int64_t *ranks;                    /* 5.3: per candidate and power, its earliest offer for it (made at the first tie) */
    long long *rank;                   /* 6.4: each power's place in the unit's list, for the rebates (or NULL) */
    PyObject *hold_key, *unit, *text;  /* borrowed */
    Py_hash_t hold_hash;
    int chosen, why; long long got;
} Target;

typedef struct {                       /* the memory of a call: the kept arena, then blocks chained if need be */
    void *last; char *free; size_t left, spilled; int on_arena;
} Pool;

typedef struct {                       /* one call of determine */
    Pool pool;
    int npowers, ntargets, nbids, nall;
    Bid *bids;
    Target *targets;
    long long *balance, *available, *reductions;
    PyObject *powers, *ledgers;        /* borrowed lists, by power index */
    PyObject *keep;                    /* the read offers admit() gave (owned) */
} Phase;

/* The names of the fields of a Ledger and a Unit the core reads or writes by name (made once, in setup). */
enum { A_BALANCE_BEFORE, A_SAVINGS, A_AVAILABLE, A_REFUSED, A_ACCEPTED, A_LOST, A_UNITS, A_REBATES, A_REDUCTIONS,
       A_SPENT, A_BALANCE_AFTER, A_TYPE, A_LOCATION, NATTRS };

typedef struct {                       /* the classes the core reads and writes (setup), and where their fields lie */
    PyTypeObject *offer, *savings, *read, *decision;
    PyObject *hold, *whys, *twice;
    Py_ssize_t offer_read, savings_amount, read_unit_text, read_packed, read_keys, read_text, read_orders;
    Py_ssize_t decision_fields[5];     /* UnitDecision: owner, unit, order, total, reason */
    PyObject *attr[NATTRS];
} Types;

/* A slot's value (borrowed), or NULL with AttributeError when it is not set. */
static inline PyObject *slot_of(PyObject *obj, Py_ssize_t offset)
{
    PyObject *value = *(PyObject **)((char *)obj + offset);
    if (!value) PyErr_SetString(PyExc_AttributeError, "a field of a Payola value is not set");
    return value;
}

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)   /* shared by the files, not exported by the module */
#endif
extern Types types;
void pool_open(Pool *pool);
void *pool_alloc(Pool *pool, size_t size);   /* zeroed */
void *pool_take(Pool *pool, size_t size);    /* not zeroed: for arrays written before they are read */
void pool_free(Pool *pool);
/* _determine.c: the index of the unit's candidate with this text and hash, or -1 (-2 on an error) */
int find_key(Target *t, PyObject *key, Py_hash_t hash);
/* _determine_sheets.c */
int read_sheets(Phase *ph, PyObject *sheets, PyObject *index, PyObject *place, PyObject *admit, int mode);
int drop_second_offers(Phase *ph);
/* _determine_passes.c */
int decide(Target *t, Bid *bids, int npowers, Pool *pool);
int pays_for(const Bid *b, int index);
int reduce_until_paid(Target *targets, int ntargets, Bid *bids, int nall, int npowers,
                      const long long *available, long long *reductions, Pool *pool);
/* _determine_ledgers.c */
PyObject *write_outcome(Phase *ph, PyObject *order, int ebayola);
#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
