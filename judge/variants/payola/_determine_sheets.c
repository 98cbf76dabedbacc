/* The compiled core of Payola order determination, reading the sheets: every offer that stands becomes a bid
 * (3.1), each power's savings are kept out of what it may spend (3.4), and Classic's second offers are set
 * aside (6.1).  An offer is read by its slots: its ReadOffer (prepared.py, made when its line arrived), the
 * unit it was read against, its orders' texts and its numbers packed in one field (prepared.pack).
 *
 * admit(power, offer, read, at) -> (at, read) or None, from compiled.py, does what is rare or the variant's:
 * it reads an offer not read against this position, asks a restricting ruleset's hooks, and writes an offer
 * that cannot stand into its power's ledger with the reason.  With mode >= 0 (the ruleset's plain_bribes: rule
 * 3.1 alone) it is called only for an offer to no unit, with an order its unit could not issue, or a zero
 * offer to a foreign unit without zero_foreign (mode 1).
 */
#include "_determine.h"

static int bad_offer(void)
{
    PyErr_SetString(PyExc_TypeError, "a read offer's packed numbers do not match its orders");
    return -1;
}

static long long at64(const unsigned char *data, Py_ssize_t k)
{
    int64_t value;
    memcpy(&value, data + k * 8, 8);
    return (long long)value;
}

/* The bid's numbers from its read offer's packed field (prepared.pack: a head of 8 bytes, a byte per order padded to
 * 8, each order's hash, the values, the plateaus if any); OverflowError when they did not fit (the Python path). */
static int unpack(Bid *b, PyObject *read, Pool *pool)
{
    PyObject *packed = slot_of(read, types.read_packed), *keys = packed ? slot_of(read, types.read_keys) : NULL;
    if (!keys) return -1;
    if (!PyBytes_CheckExact(packed) || !PyTuple_CheckExact(keys)) return bad_offer();
    Py_ssize_t size = PyBytes_GET_SIZE(packed);
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(packed), *numbers;
    if (size == 0) { PyErr_SetString(PyExc_OverflowError, "an offer's money does not fit in 64 bits"); return -1; }
    uint16_t counts[2];
    if (size < 8) return bad_offer();
    memcpy(counts, data + 4, sizeof counts);
    int kind = data[0], nkeys = counts[0], nvals = counts[1], plateaus = data[2] != 0, pad = (nkeys + 7) / 8 * 8;
    if (kind > K_GIFT || nkeys < 1 || nkeys != PyTuple_GET_SIZE(keys)
        || size != 8 + pad + 8 * (nkeys + nvals + (plateaus ? nvals : 0))) return bad_offer();
    b->read = read; b->keys = keys; b->kind = kind; b->problem = data[1] != 0;
    b->nkeys = nkeys; b->nnamed = kind == K_NEGATIVE ? 1 : nkeys; b->nvals = nvals;
    b->named = pool_take(pool, (b->nnamed + nkeys + 1) * sizeof(int));   /* each written before it is read */
    b->hashes = pool_take(pool, (nkeys + 3 * nvals + 1) * sizeof(long long));
    if (!b->named || !b->hashes) return -1;
    b->moves = b->named + b->nnamed;
    b->values = b->hashes + nkeys; b->plateaus = b->values + nvals; b->steps = b->plateaus + nvals;
    numbers = data + 8 + pad;
    for (int k = 0; k < nkeys; k++) { b->moves[k] = data[8 + k] != 0; b->hashes[k] = at64(numbers, k); }
    int too_big = 0;
    b->total = 0;
    for (int k = 0; k < nvals; k++) {   /* the sum cannot overflow: at most 65535 bribes of MONEY_LIMIT */
        b->values[k] = at64(numbers, nkeys + k);
        b->plateaus[k] = plateaus ? at64(numbers, nkeys + nvals + k) : 0;
        too_big |= b->values[k] > MONEY_LIMIT || b->values[k] < -MONEY_LIMIT;
        b->total += too_big ? 0 : b->values[k];
    }
    if (too_big || b->total > MONEY_LIMIT || b->total < -MONEY_LIMIT) {
        PyErr_SetString(PyExc_OverflowError, "an offer's money is beyond what the core counts");
        return -1;
    }
    return 0;
}

/* admit() on an offer: 1 with *at and *read set when it stands, 0 when it does not (its ledger says why). */
static int ask_admit(Phase *ph, PyObject *admit, int p, PyObject *offer, PyObject **read, int *at)
{
    PyObject *answer = PyObject_CallFunction(admit, "iOOi", p, offer, *read ? *read : Py_None, *at);
    if (!answer) return -1;
    int result = 0;
    if (answer != Py_None) {
        PyObject *given;
        result = PyArg_ParseTuple(answer, "iO!", at, types.read, &given) && *at >= 0 && *at < ph->ntargets
            && PyList_Append(ph->keep, given) == 0 ? 1 : -1;   /* kept: admit may have read it anew */
        if (result == -1 && !PyErr_Occurred()) PyErr_SetString(PyExc_IndexError, "admit gave no unit");
        *read = given;
    }
    Py_DECREF(answer);
    return result;
}

/* One offer of power p: 1 when it stands (b filled), 0 when not, -1 on an error. */
static int read_offer(Phase *ph, PyObject *place, PyObject *admit, int mode, int p, PyObject *offer, Bid *b)
{
    PyObject *read = slot_of(offer, types.offer_read), *found = NULL;
    int at = -1;
    if (!read) return -1;
    if (Py_TYPE(read) == types.read) {   /* read on arrival against this unit: the unit's text finds it */
        PyObject *text = slot_of(read, types.read_unit_text);
        if (!text || (!(found = PyDict_GetItemWithError(place, text)) && PyErr_Occurred())) return -1;
        if (found && (at = (int)PyLong_AsLong(found)) < 0 && PyErr_Occurred()) return -1;
    } else if (read == Py_None) {
        read = NULL;
    }
    if (at < 0 || mode < 0) {
        int stands = ask_admit(ph, admit, p, offer, &read, &at);
        if (stands <= 0) return stands;
    } else {
        if (unpack(b, read, &ph->pool) < 0) return -1;
        if (!b->problem && (b->total != 0 || p == ph->targets[at].owner || mode > 0)) {
            b->target = at;
            return 1;
        }
        int stands = ask_admit(ph, admit, p, offer, &read, &at);   /* 3.1 refuses it: admit says why */
        if (stands <= 0) return stands;
    }
    if (unpack(b, read, &ph->pool) < 0) return -1;
    b->target = at;
    return 1;
}

/* 3.4: what each power may spend, its savings kept (all of its balance when they are more); its ledger says both. */
static int set_available(Phase *ph, const long long *savings)
{
    for (int p = 0; p < ph->npowers; p++) {
        PyObject *ledger = PyList_GET_ITEM(ph->ledgers, p);
        ph->available[p] = savings[p] <= ph->balance[p] ? ph->balance[p] - savings[p] : 0;
        PyObject *kept = PyLong_FromLongLong(savings[p]), *free = PyLong_FromLongLong(ph->available[p]);
        int done = kept && free && PyObject_SetAttr(ledger, types.attr[A_SAVINGS], kept) == 0
            && PyObject_SetAttr(ledger, types.attr[A_AVAILABLE], free) == 0;
        Py_XDECREF(kept); Py_XDECREF(free);
        if (!done) return -1;
    }
    return 0;
}

/* One power's sheet in its order: its offers as bids (each with its line among the offers), its savings summed. */
static int read_sheet(Phase *ph, PyObject *sheet, PyObject *place, PyObject *admit, int mode, int p,
                      long long *savings)
{
    PyObject *fast = PySequence_Fast(sheet, "a sheet is a sequence of offers");
    if (!fast) return -1;
    int64_t seq = -1;
    int result = 0;
    PyObject *const *items = PySequence_Fast_ITEMS(fast);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t k = 0; k < n && result == 0; k++) {
        PyObject *item = items[k], *amount;
        if (!Py_IS_TYPE(item, types.offer) && PyObject_TypeCheck(item, types.savings)) {
            long long more = (amount = slot_of(item, types.savings_amount)) ? PyLong_AsLongLong(amount) : -1;
            if (PyErr_Occurred()) result = -1;
            else savings[p] += more;
        } else if (Py_IS_TYPE(item, types.offer) || PyObject_TypeCheck(item, types.offer)) {
            Bid *b = &ph->bids[ph->nbids];
            memset(b, 0, sizeof *b);
            b->power = p; b->seq = ++seq;
            int stands = read_offer(ph, place, admit, mode, p, item, b);
            if (stands < 0) result = -1;
            else ph->nbids += stands;
        }
    }
    Py_DECREF(fast);
    return result;
}

/* Every sheet (sheets: power -> its values in order; index: power -> its index), then what each may spend. */
int read_sheets(Phase *ph, PyObject *sheets, PyObject *index, PyObject *place, PyObject *admit, int mode)
{
    PyObject *power, *sheet;
    Py_ssize_t pos = 0, room = ph->ntargets + 1;
    while (PyDict_Next(sheets, &pos, &power, &sheet)) {
        Py_ssize_t n = PyObject_Length(sheet);
        if (n < 0) return -1;
        room += n;
    }
    long long *savings = pool_alloc(&ph->pool, (ph->npowers + 1) * sizeof(long long));
    if (!savings || !(ph->bids = pool_take(&ph->pool, room * sizeof(Bid)))) return -1;   /* each cleared when used */
    pos = 0;
    while (PyDict_Next(sheets, &pos, &power, &sheet)) {
        PyObject *found = PyDict_GetItemWithError(index, power);
        int p = found ? (int)PyLong_AsLong(found) : -1;
        if (p < 0 || p >= ph->npowers) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "a sheet of no power");
            return -1;
        }
        if (read_sheet(ph, sheet, place, admit, mode, p, savings) < 0) return -1;
    }
    return set_available(ph, savings);
}

/* A refused offer into its power's ledger: (its text, why). */
static int refuse(Phase *ph, const Bid *b, PyObject *why)
{
    PyObject *text = slot_of(b->read, types.read_text);
    PyObject *refused = text ? PyObject_GetAttr(PyList_GET_ITEM(ph->ledgers, b->power), types.attr[A_REFUSED]) : NULL;
    PyObject *row = refused ? PyTuple_Pack(2, text, why) : NULL;
    int result = row && PyList_Check(refused) ? PyList_Append(refused, row) : -1;
    if (result < 0 && !PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a ledger's refused is a list");
    Py_XDECREF(refused); Py_XDECREF(row);
    return result;
}

/* 6.1 Classic: a power that offers twice to one unit has both offers ignored, written unit by unit, then line by line. */
int drop_second_offers(Phase *ph)
{
    int np = ph->npowers, kept = 0, *count = pool_alloc(&ph->pool, ((size_t)ph->ntargets * np + 1) * sizeof(int));
    if (!count) return -1;
    for (int j = 0; j < ph->nbids; j++) count[ph->bids[j].target * np + ph->bids[j].power]++;
    for (int ti = 0; ti < ph->ntargets; ti++)
        for (int j = 0; j < ph->nbids; j++) {
            Bid *b = &ph->bids[j];
            if (b->target == ti && count[ti * np + b->power] > 1 && refuse(ph, b, types.twice) < 0) return -1;
        }
    for (int j = 0; j < ph->nbids; j++)
        if (count[ph->bids[j].target * np + ph->bids[j].power] == 1) ph->bids[kept++] = ph->bids[j];
    ph->nbids = kept;
    return 0;
}
