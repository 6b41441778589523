/* A row of the vector environment written natively (vector.c steps the rows): its
 * tensor for a seat from the template the Python made with the engine's own
 * observation_tensor, with the pieces a card or a bid moves rewritten from the native
 * Play, as tensors.c writes them. */
#include "vector.h"


/* The row's tensor for `seat`: its template, with the pieces the cards change written
   from the play as tensors.c writes them. */
HOT void write_tensor(const VectorObject *self, const play *p, int seat, const float *template,
                      const uint64_t *received, float *out) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    int n = k->size, players = k->players, top = k->hand_size;
    const uint8_t *order = self->order[seat], *rel = self->rel[seat];
    for (int i = 0; i < self->copies; i++) { /* the pieces below are written whole */
        int from = self->copy[2 * i], to = self->copy[2 * i + 1];
        memcpy(out + from, template + from, (size_t)(to - from) * sizeof(float));
    }
    memset(out + at[L_HAND], 0, (size_t)n * sizeof(float));
    memset(out + at[L_TRICK], 0, (size_t)(players * n) * sizeof(float));
    memset(out + at[L_PLAYED], 0, (size_t)(players * n) * sizeof(float));
    memset(out + at[L_TO_ACT], 0, (size_t)players * sizeof(float));
    int looked = template[at[L_LOOKED]] == 1.0f;
    if (looked) put_mask(out + at[L_HAND], canonical_mask(k, p->hands[seat]));
    if (at[L_RECEIVED] >= 0 && looked) { /* from the partner, and taken while still held */
        mask_t base = (mask_t)received[0] | (mask_t)received[1] << 64;
        mask_t taken = (mask_t)received[2] | (mask_t)received[3] << 64;
        memset(out + at[L_RECEIVED], 0, (size_t)n * sizeof(float));
        put_mask(out + at[L_RECEIVED], canonical_mask(k, base | (taken & p->hands[seat] & ~base)));
    }
    mask_t by_seat[MAX_PLAYERS] = {0}; /* the cards each seat played to finished tricks */
    for (int t = 0; t < p->trick_number; t++)
        for (int i = 0; i < players; i++)
            by_seat[(p->leaders[t] + i) % players] |= bit_of(p->log[t * players + i]);
    for (int i = 0; i < p->count; i++)
        out[at[L_TRICK] + rel[(p->leader + i) % players] * n + k->canonical[p->trick[i]]] = 1.0f;
    for (int r = 0; r < players; r++)
        put_mask(out + at[L_PLAYED] + r * n, canonical_mask(k, by_seat[order[r]]));
    out[at[L_TO_ACT] + rel[p->actor]] = 1.0f;
    out[at[L_BROKEN]] = p->broken ? 1.0f : 0.0f;
    for (int r = 0; r < players; r++) {
        out[at[L_HAND_SIZES] + r] = self->by_top[popcount128(p->hands[order[r]])];
        out[at[L_TRICKS_WON] + r] = self->by_top[p->tricks[order[r]]];
    }
    out[at[L_TRICK_NUMBER]] = self->by_top[p->trick_number];
    if (at[L_TRICK_CARDS] < 0) return;
    memset(out + at[L_TRICK_CARDS], 0, (size_t)(top * players * n) * sizeof(float));
    memset(out + at[L_TRICK_LEADERS], 0, (size_t)(top * players) * sizeof(float));
    int tricks = p->trick_number + (p->count > 0);
    for (int t = 0; t < tricks; t++) {
        int leader = t < p->trick_number ? p->leaders[t] : p->leader;
        int count = t < p->trick_number ? players : p->count;
        out[at[L_TRICK_LEADERS] + t * players + rel[leader]] = 1.0f;
        float *row = out + at[L_TRICK_CARDS] + t * players * n;
        for (int i = 0; i < count; i++)
            row[rel[(leader + i) % players] * n + k->canonical[p->log[t * players + i]]] = 1.0f;
    }
}

#define BLIND_NIL (-2)

static int clamp(long value, int top) { return value < 0 ? 0 : value > top ? top : (int)value; }

/* The bids and the contracts of `out` (a copy of `template`, whose blind piece says
   which sides bid blind) written from the auction, as tensors.c writes them. */
void write_bids(const VectorObject *self, const auction *a, int seat, const float *template, float *out) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    int players = k->players, top = k->hand_size;
    const uint8_t *order = self->order[seat];
    memset(out + at[L_BIDS], 0, (size_t)(players * (top + 4)) * sizeof(float));
    for (int r = 0; r < players; r++) {
        int bid = a->bids[order[r]];
        int column = bid == NO_BID ? 0 : bid == NIL ? 1 : bid == BLIND_NIL ? 2 : 3 + clamp(bid, top);
        out[at[L_BIDS] + r * (top + 4) + column] = 1.0f;
    }
    memset(out + at[L_CONTRACTS], 0, (size_t)(k->sides * (top + 2)) * sizeof(float));
    for (int r = 0; r < k->sides; r++) {
        int side = self->side_order[seat][r];
        int has_bid = (a->sides_bid >> side & 1) || template[at[L_BLIND] + r] == 1.0f;
        for (int m = 0; m < k->side_size[side] && !has_bid; m++) has_bid = a->bids[k->side_seats[side][m]] != NO_BID;
        out[at[L_CONTRACTS] + r * (top + 2) + (has_bid ? 1 + clamp(a->contracts[side], top) : 0)] = 1.0f;
    }
}

/* The row's tensor for `seat` during the auction's first round: its template (made when
   the Python last stepped the row), with the bids, the contracts, whose turn and the
   decisions since written from the auction, as tensors.c writes them. `marks`: the
   auction's step when the template was made, and the decisions' rows it holds. */
void write_auction(const VectorObject *self, const PlayObject *po, int seat, const float *template,
                          const int32_t *marks, float *out) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    const auction *a = &po->a;
    int players = k->players;
    const uint8_t *rel = self->rel[seat];
    memcpy(out, template, (size_t)at[L_SIZE] * sizeof(float));
    write_bids(self, a, seat, template, out);
    memset(out + at[L_TO_ACT], 0, (size_t)players * sizeof(float));
    out[at[L_TO_ACT] + rel[po->p.actor]] = 1.0f;
    if (at[L_AUCTION] < 0) return;
    const int16_t *columns = self->columns.buf;
    int width = at[L_AUCTION_WIDTH], row = marks[1];
    for (int j = marks[0]; j < a->step && j < po->played_count; j++) { /* a bid a step, ids in order */
        int id = po->ids[j];
        int column = id < self->actions ? columns[id] : -1;
        if (column < 0 || row >= at[L_AUCTION_ROWS]) continue;
        out[at[L_AUCTION] + row * width + rel[a->order[j]]] = 1.0f;
        out[at[L_AUCTION] + row * width + players + column] = 1.0f;
        row++;
    }
}

/* The auction's first round is over and the play begins: each agent seat's template
   becomes the play's, as the Python makes it with observation_tensor at this point (the
   auction's last bids, contracts and decisions written in, and the phase now the play's),
   so that the row goes on here instead of a visit to the Python for new templates. Not
   for a row with a Standard seat, whose cards read a table the Python makes then. The
   row's tensor serves as the scratch: it is written after this. */
void start_play(const VectorObject *self, const PlayObject *po, Py_ssize_t row) {
    const kernel *k = &self->kernel->k;
    const int *at = self->at;
    Py_ssize_t size = at[L_SIZE];
    float *templates = (float *)self->templates.buf + row * k->players * size;
    float *scratch = (float *)self->obs.buf + row * size;
    const int32_t *marks = (const int32_t *)self->marks.buf + row * 2;
    for (int seat = 0; seat < k->players; seat++) {
        if (self->kinds[seat] != KIND_AGENT) continue;
        float *template = templates + seat * size;
        write_auction(self, po, seat, template, marks, scratch);
        scratch[at[L_PHASE] + at[L_PHASE_BID]] = 0.0f;
        scratch[at[L_PHASE] + at[L_PHASE_PLAY]] = 1.0f;
        memcpy(template, scratch, (size_t)size * sizeof(float));
    }
}
