/* The hot loop of the batched playouts for one width of mask (a template: playout.c
 * includes it once per width). */

/* Run the first round; the chosen ids go to `log` (if any). 0, or -1 with an error set. */
ALWAYS_INLINE int F(run_auction)(KernelObject *self, native_state *st, const ids_t *ids,
                                 const M *hands, int dealer, const uint8_t *policies,
                                 const int *relevant, uint64_t *rng, auction *a, int32_t *log,
                                 int *logged) {
    const kernel *k = &self->k;
    auction_start(self, a, dealer);
    while (a->step < a->steps) {
        int seat = a->order[a->step];
        const int32_t *legal = auction_legal(self, st, a, POP(hands[seat] & TBL(trumps)), relevant);
        if (!legal) return -1;
        int n = legal[0];
        int id = policies[seat] == POLICY_EASY ? easy_bid(ids, legal + 1, n, rng) : legal[1 + choose(rng, n)];
        if (log) log[(*logged)++] = id;
        if (auction_apply(self, ids, a, id) < 0) {
            argument_error(st, "the source gave %d, which is no bid here", id);
            return -1;
        }
    }
    return 0;
}

/* -- one deal's play --------------------------------------------------------------------------------- */

HOT static int F(play_deal)(const kernel *restrict k, PLAY *restrict p, const deal_table *restrict t,
                            const uint8_t *restrict policies, uint64_t *restrict rng,
                            int32_t *restrict winners, int32_t *restrict log, int *restrict logged) {
    while (!p->done) {
        int seat = p->actor;
        M hand = p->hands[seat];
        M legal = F(allowed)(k, hand, p->trick, p->count, p->broken, p->trick_number,
                               p->trick_number == 0 ? p->must_lead : 0);
        int id;
        if (policies[seat] == POLICY_STANDARD) {
            int mode = F(mode_of)(k, t, seat, p);
            int bit = F(standard_card)(k, t, mode, seat, legal, p, TBL(full) & ~p->played & ~hand);
            id = k->canonical[bit];
        } else {
            M ids = F(canonical_ids)(k, legal);
            id = NTH(ids, choose(rng, POP(ids)));
        }
        int bit = LOW(hand & TBL(face_mask)[id]);
        int trick = p->trick_number;
        F(play_card)(k, p, bit);
        if (log) log[(*logged)++] = id;
        if (winners && p->trick_number != trick) winners[trick] = p->leader;
    }
    return 0;
}

/* spadeslib/policies/standard.py play_out, from a position: every seat plays the Standard
   rule's exact card (no canonical copy: the Python plays the bit it chose), the next
   player `first` instead if it is a card; `one_trick` stops at the end of this trick. The
   seat that won the last trick played, or -1. */
HOT static int F(play_position)(const kernel *k, PLAY *p, const deal_table *t, int first, int one_trick) {
    int winner = -1;
    while (!p->done && p->hands[p->actor]) {
        int seat = p->actor;
        M hand = p->hands[seat];
        int bit = first;
        first = -1;
        if (bit < 0) {
            M legal = F(allowed)(k, hand, p->trick, p->count, p->broken, p->trick_number,
                                 p->trick_number == 0 ? p->must_lead : 0);
            int mode = F(mode_of)(k, t, seat, p);
            bit = F(standard_card)(k, t, mode, seat, legal, p, TBL(full) & ~p->played & ~hand);
        }
        int trick = p->trick_number;
        F(play_card)(k, p, bit);
        if (p->trick_number != trick) {
            winner = p->leader;
            if (one_trick) break;
        }
    }
    return winner;
}

/* The samples of standard_playouts, each from the same position (see playout.c). */
HOT static int F(play_positions)(KernelObject *self, native_state *st, const position *pos, PyObject *out_tricks,
                                 PyObject *out_winners) {
    const kernel *k = &self->k;
    for (Py_ssize_t i = 0; i < pos->n; i++) {
        PLAY p;
        memset(&p, 0, sizeof p);
        deal_table t;
        if (position_sample(self, st, pos, i, p.hands, &t, &p.leader, &p.must_lead) < 0) return -1;
        if (pos->first >= 0 && !(p.hands[(p.leader + pos->count) % k->players] & ((M)1 << pos->first))) {
            argument_error(st, "sample %zd: the first card, %d, is not in the hand of the seat to play",
                           i, pos->first);
            return -1;
        }
        p.actor = p.leader;
        p.trick_number = pos->trick_number;
        p.done = pos->trick_number >= k->hand_size;
        for (int j = 0; j < pos->count; j++) F(play_card)(k, &p, pos->trick[j]); /* the trick so far */
        for (int s = 0; s < k->players; s++) {
            p.tricks[s] = pos->tricks[s];
            p.voids[s] = pos->voids[s];
        }
        p.played = (M)pos->played;
        p.broken = pos->broken;
        if (p.trick_number) p.must_lead = 0;
        int winner = F(play_position)(k, &p, &t, pos->first, pos->one_trick);
        PyObject *row = PyList_New(k->players);
        if (!row) return -1;
        for (int s = 0; s < k->players; s++) {
            PyObject *v = PyLong_FromLong(p.tricks[s]);
            if (!v) {
                Py_DECREF(row);
                return -1;
            }
            PyList_SET_ITEM(row, s, v);
        }
        PyList_SET_ITEM(out_tricks, i, row);
        PyObject *w = PyLong_FromLong(winner);
        if (!w) return -1;
        PyList_SET_ITEM(out_winners, i, w);
    }
    return 0;
}

/* The deals of a batch, one after another (the hot loop: see HOT). 0, or -1 with an
   error set. */
HOT static int F(play_batch)(KernelObject *self, native_state *st, const batch *b, outputs *o) {
    const kernel *k = &self->k;
    for (Py_ssize_t i = 0; i < b->n; i++) {
        uint64_t game_seed = stream_seed(b->seed, i);
        uint64_t draw = stream_seed(game_seed, -1);
        int deal_dealer = b->dealer >= 0 ? b->dealer : (int)splitmix_below(&draw, (uint64_t)k->players);
        uint64_t rng = stream_seed(game_seed, -2);
        PLAY p;
        memset(&p, 0, PLAY_CLEARED(PLAY));
        if (b->given) {
            PyObject *row = sequence_of(st, PyList_GET_ITEM(b->given, i), k->players, "a deal's hands");
            if (!row) return -1;
            M all = 0;
            for (int s = 0; s < k->players; s++) {
                mask_t hand;
                if (mask_from_py(st, PyList_GET_ITEM(row, s), k->size, &hand, "a hand") < 0) {
                    Py_DECREF(row);
                    return -1;
                }
                p.hands[s] = (M)hand;
                if (POP(p.hands[s]) != b->per_hand || (all & p.hands[s])) {
                    Py_DECREF(row);
                    argument_error(st, "hands[%zd]: seat %d must hold %d cards no other hand holds", i, s, b->per_hand);
                    return -1;
                }
                all |= p.hands[s];
            }
            Py_DECREF(row);
        } else {
            uint8_t rest[MAX_CARDS];
            mask_t dealt[MAX_PLAYERS];
            deal_cards(self, game_seed, 0, deal_dealer, 0, b->per_hand, dealt, rest);
            for (int s = 0; s < k->players; s++) p.hands[s] = (M)dealt[s];
        }
        if (o->dealt) { /* each hand as 32-bit words, the low word first */
            int32_t *words = o->dealt->data + i * o->dealt->shape[1];
            for (int s = 0, w = DEALT_WORDS(k); s < k->players; s++)
                for (int j = 0; j < w; j++) words[s * w + j] = (int32_t)(uint32_t)(p.hands[s] >> (32 * j));
        }
        int32_t *log = o->actions ? o->actions->data + i * o->actions->shape[1] : NULL;
        int logged = 0;
        if (log)
            for (Py_ssize_t j = 0; j < o->actions->shape[1]; j++) log[j] = -1;
        auction a;
        int leader_bids[MAX_PLAYERS];
        if (b->bids_itself) {
            auction_start(self, &a, deal_dealer);
            for (int side = 0; side < k->sides; side++) a.contracts[side] = -1;
        } else if (F(run_auction)(self, st, &b->ids, p.hands, deal_dealer, b->policies, b->relevant, &rng, &a, log, &logged) < 0) {
            return -1;
        }
        if (o->bids) {
            for (int s = 0; s < k->players; s++) o->bids->data[i * k->players + s] = a.bids[s];
            for (int side = 0; side < k->sides; side++)
                o->contracts->data[i * k->sides + side] = a.contracts[side]; /* -1: it bid itself */
        }
        auction_leader_bids(k, &a, b->bids_itself, leader_bids);
        p.leader = p.actor = F(first_leader)(k, deal_dealer, p.hands, leader_bids);
        p.must_lead = F(first_lead_mask)(k, p.hands);
        deal_table t;
        table_init(k, &t, a.contracts, a.nils);
        F(play_deal)(k, &p, &t, b->policies, &rng, o->winners ? o->winners->data + i * k->hand_size : NULL, log, &logged);
        int32_t *tricks = o->tricks->data + i * k->players;
        for (int s = 0; s < k->players; s++) tricks[s] = p.tricks[s];
        o->dealers->data[i] = deal_dealer;
        for (int side = 0; side < k->sides; side++) {
            int places = 0;
            for (int j = 0; j < k->side_size[side]; j++)
                if (a.nils >> k->side_seats[side][j] & 1) places |= 1 << j;
            int contract = b->bids_itself ? 0 : a.contracts[side];
            int32_t score[4];
            if (side_score(self, st, side, contract, places, 0, b->bids_itself, p.tricks, b->bags0[side],
                           b->sets0[side], score) < 0)
                return -1;
            o->points->data[i * k->sides + side] = score[0];
            o->scores->data[i * k->sides + side] = b->score0[side] + score[0];
            o->bags->data[i * k->sides + side] = score[1];
            o->sets->data[i * k->sides + side] = score[2];
        }
    }
    return 0;
}

