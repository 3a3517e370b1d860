/* The search: the window search (negamax) and the bisection on the score (solve). See search.h. */
#include "book.h"
#include "platform.h"
#include "position.h"
#include "table.h"

/*
 * An upper bound on the score of a position of an even number of stones on a board of even height, where the
 * first player is to move, from the second player's follow-up strategy: answer a move in a column with an
 * even number of stones right on top of it (the column's top is always an even row, so there is room), and
 * a move in a column with an odd number of stones (there is another such column, the stones being even in
 * number) in that other column. The first player's stones then stay within her own, the empty cells of odd
 * rows and the cells playable now; the second player's come to hold all the other cells of even rows, each
 * as soon as the cell below is filled. A four in a row of hers that lies, cell for cell, above one of his (the
 * same columns, the same direction, higher) is no threat: each of her cells there is filled after his cell
 * below it, so his four is complete before hers. If the first player's cells hold no other four in a row, she
 * cannot win (at most 0); if the second player's then hold one, he wins, at the latest when its top cell is
 * filled, the cells above it still empty: at most -1 (a loss with his last stone), one less for every two
 * cells left empty. Else no bound (win_soonest's).
 */
static int follow_up_bound(const Search *s, board_t current, board_t mask) {
    const board_t board = s->board;
    board_t playable = (mask + s->bottom) & board;
    board_t second = (current ^ mask) | (s->even_rows & ~mask & ~playable);
    board_t first = board & ~second;
    if (fours_along(first, 1)) return INT_MAX;
    const int steps[3] = {s->h1, s->h1 + 1, s->h1 - 1};
    for (int i = 0; i < 3; i++) {
        board_t hers = fours_along(first, steps[i]);
        if (!hers) continue;
        /* The cells above the first cell (the lowest bit) of one of his fours in this direction, in its
         * column: where hers start, all her cells are above his, column by column. */
        board_t above = fours_along(second, steps[i]);
        for (int row = 1; row < s->height; row++) above |= (above << 1) & board;
        if (hers & ~((above << 1) & board)) return INT_MAX;
    }
    if (!has_four(second, s->h1)) return 0;
    /* A four of his within the lowest `rows` rows leaves at least height - rows cells empty, and their number
     * is even (he moves last): rows 2 and 3 of 6 leave 4, rows 4 and 5 leave 2. */
    for (int rows = 3; rows < s->height; rows += 2) {
        board_t low_rows = s->bottom * ((UINT64_C(1) << rows) - 1);
        if (has_four(second & low_rows, s->h1)) return -1 - (s->height - rows + 1) / 2;
    }
    return -1;
}

static int checkpoint(Search *s) {
    s->next_check = s->nodes + CHECK_EVERY;
    table_follow(s);
    if (LOAD_FLAG(&s->interrupted)) return 1;
    if (s->deadline > 0 && monotonic_seconds() >= s->deadline) return 1;
    return 0;
}

/*
 * The score of a position where the side to move cannot win at once, in the window (alpha, beta), fail-soft:
 * a true score s <= alpha gives an upper bound in [s, alpha], s >= beta a lower bound in [beta, s], else s.
 * `mirror_current` and `mirror_mask` are the position's mirror image (kept up to date for the enhanced layout's
 * mirror keys). `candidates`: the moves worth trying if the caller computed them (never empty, every threat
 * parried), else 0. After a stop (s->stopped) the result means nothing.
 */
int negamax(Search *s, board_t current, board_t mask, board_t mirror_current, board_t mirror_mask,
                   int moves, int alpha, int beta, board_t candidates) {
    const board_t board = s->board, bottom = s->bottom;
    /* The bucket is fetched from memory while the candidates are computed. */
    const uint64_t key = table_key(s, current + mask, mirror_current + mirror_mask);
    table_prefetch(s, key, moves);
    s->nodes++;
    if (s->nodes >= s->next_check && checkpoint(s)) {
        s->stopped = 1;
        return 0;
    }
    /* The opponent's threats (empty cells), computed here when the caller gave no candidates, else where the
     * moves are ranked. */
    board_t opponent_threats = 0;
    if (!candidates) {
        opponent_threats = threats(current ^ mask, s->h1) & (board ^ mask);
        candidates = (mask + bottom) & board;
        board_t forced = candidates & opponent_threats;
        if (forced) {
            if (forced & (forced - 1)) return s->lost_now[moves]; /* two threats at once */
            candidates = forced;
        }
        /* Never play under an opponent's threat. */
        candidates &= ~(opponent_threats >> 1);
        if (!candidates) return s->lost_now[moves];
    }
    if (moves >= s->last_moves) return 0;
    if (moves <= s->book_moves) {
        /* An exact score is a valid fail-soft answer to any window. */
        int known = book_score(s, current + mask, mirror_current + mirror_mask);
        if (known != NOT_IN_BOOK) return known;
    }
    int lowest = s->lost_later[moves];
    if (alpha < lowest) {
        alpha = lowest;
        if (alpha >= beta) return alpha;
    }
    int highest = s->win_soonest[moves];
    if (s->enhanced) {
        /* A side whose stones and the empty cells hold no four in a row can never win: then the other side
         * scores at least a draw. */
        const board_t empty = board & ~mask;
        if (alpha < 0 && !has_four((current ^ mask) | empty, s->h1)) {
            alpha = 0;
            if (alpha >= beta) return alpha;
        }
        if (beta > 0 && highest > 0 && !has_four(current | empty, s->h1)) highest = 0;
    }
    /* The follow-up bound is never below -height / 2 (a four of his in the lowest rows), so a lower beta
     * needs no look. */
    if (s->even_rows && !(moves & 1) && beta > -s->height / 2) {
        int bound = follow_up_bound(s, current, mask);
        if (highest > bound) highest = bound;
    }
    const int value = table_get(s, key, moves);
    if (value > s->lower_threshold) {
        int lower = value - s->lower_offset;
        if (alpha < lower) {
            alpha = lower;
            if (alpha >= beta) return alpha;
        }
    } else if (value && highest > value + s->min_score - 1) {
        highest = value + s->min_score - 1;
    }
    if (beta > highest) {
        beta = highest;
        if (alpha >= beta) return beta;
    }

    board_t ranked_moves[MAX_WIDTH], ranked_replies[MAX_WIDTH], ranked_mirrors[MAX_WIDTH];
    int ranks[MAX_WIDTH];
    int count = 0;
    int skipped_best = s->min_score;
    if (candidates & (candidates - 1)) {
        /* Other solvers count a position once their checks have left it more than one move to try: a forced
         * move is played without counting it, and a table entry or bound that answers a position is looked
         * at by its parent. These are the same positions, near enough to compare the counts. */
        s->branched++;
        /* Each move's threats and the opponent's safe replies; a move that leaves the opponent lost at once
         * (two threats to parry, or no reply that is not under a threat) wins on our next move. */
        board_t moves_of[MAX_WIDTH], mirrors_of[MAX_WIDTH], replies_of[MAX_WIDTH];
        uint64_t keys_of[MAX_WIDTH];
        int ranks_of[MAX_WIDTH];
        int n = 0;
        /* A child's key is this plus its move (and its mirror's, this plus the mirrored move). */
        const board_t child_key_base = (current ^ mask) + mask;
        const board_t mirror_child_key_base = (mirror_current ^ mirror_mask) + mirror_mask;
        if (s->enhanced && !opponent_threats) opponent_threats = threats(current ^ mask, s->h1) & (board ^ mask);
        for (int i = 0; i < s->width; i++) {
            board_t move = candidates & s->column_cells[i];
            if (!move) continue;
            board_t mirror = mirror_stone(s, move, s->column_index[i]);
            uint64_t child_key = table_key(s, child_key_base + move, mirror_child_key_base + mirror);
            table_prefetch(s, child_key, moves + 1);
            board_t wins = threats(current | move, s->h1) & (board ^ mask);
            board_t replies = ((mask | move) + bottom) & board;
            board_t forced = replies & wins;
            if (forced) {
                if (forced & (forced - 1)) goto win_next;
                replies = forced;
            }
            replies &= ~(wins >> 1);
            if (!replies) goto win_next;
            moves_of[n] = move;
            mirrors_of[n] = mirror;
            replies_of[n] = replies;
            keys_of[n] = child_key;
            if (s->enhanced) {
                /* The move's rank: its threats, except one right above an opponent's threat (whoever fills the
                 * cell below, the opponent gets the cell above first), the more the sooner they bite: one right
                 * above a playable cell takes that column from the opponent now, one a stone higher soon. */
                board_t next = ((mask | move) + bottom) & board;
                board_t useful = wins & ~(opponent_threats << 1);
                int score = 3 * POPCOUNT(useful & (next << 1)) + POPCOUNT(useful & (next << 2)) + POPCOUNT(useful);
                /* The second player to move: a move after which the follow-up strategy holds the first player
                 * to a draw or a loss proves that much for us. Where that reaches beta it is the answer, with
                 * no child searched; else the move ranks higher (2 points for the draw, 4 for the loss), being
                 * likely to refute the window. */
                if (s->even_rows && (moves & 1) && moves >= FOLLOW_UP_ORDER_FROM) {
                    int bound = follow_up_bound(s, current ^ mask, mask | move);
                    if (bound <= 0 && -bound >= beta) {
                        table_put(s, key, lower_value(s, -bound), moves);
                        return -bound;
                    }
                    if (bound <= 0) score += bound < 0 ? 4 : 2;
                }
                ranks_of[n] = score << 4 | s->tie_break[i];
            } else
                ranks_of[n] = POPCOUNT(wins) << 4 | s->tie_break[i];
            n++;
        }
        /* No move wins on our next turn, so the best that is left is to win the turn after. */
        highest = s->win_soonest[moves] - 1;
        if (beta > highest) {
            beta = highest;
            if (alpha >= beta) {
                table_put(s, key, upper_value(s, beta < s->max_score ? beta : s->max_score), moves);
                return beta;
            }
        }
        /* Enhanced transposition cutoffs: every child's entry is looked at before any child is searched. */
        for (int j = 0; j < n; j++) {
            int child_value = table_get(s, keys_of[j], moves + 1);
            if (child_value && child_value <= s->lower_threshold) {
                int score = 1 - s->min_score - child_value; /* minus the child's upper bound */
                if (score >= beta) {
                    table_put(s, key, lower_value(s, score), moves);
                    return score;
                }
                if (score > alpha) alpha = score;
            } else if (child_value) {
                int score = s->lower_offset - child_value; /* minus the child's lower bound */
                if (score <= alpha) {
                    if (score > skipped_best) skipped_best = score;
                    continue;
                }
            }
            /* Insertion sort, highest rank first (ranks are distinct: ties go centre first). */
            int rank = ranks_of[j];
            int k = count++;
            while (k > 0 && ranks[k - 1] < rank) {
                ranks[k] = ranks[k - 1];
                ranked_moves[k] = ranked_moves[k - 1];
                ranked_mirrors[k] = ranked_mirrors[k - 1];
                ranked_replies[k] = ranked_replies[k - 1];
                k--;
            }
            ranks[k] = rank;
            ranked_moves[k] = moves_of[j];
            ranked_mirrors[k] = mirrors_of[j];
            ranked_replies[k] = replies_of[j];
        }
    } else {
        ranked_moves[0] = candidates;
        ranked_mirrors[0] = mirror_stone(s, candidates, column_of(s, candidates));
        ranked_replies[0] = 0; /* the child finds its own */
        count = 1;
    }

    const board_t opponent = current ^ mask, mirror_opponent = mirror_current ^ mirror_mask;
    int best = s->lowest_score[moves] > skipped_best ? s->lowest_score[moves] : skipped_best;
    for (int i = 0; i < count; i++) {
        int score = -negamax(s, opponent, mask | ranked_moves[i], mirror_opponent, mirror_mask | ranked_mirrors[i],
                             moves + 1, -beta, -alpha, ranked_replies[i]);
        if (s->stopped) return 0;
        if (score >= beta) {
            table_put(s, key, lower_value(s, score), moves);
            return score;
        }
        if (score > best) {
            best = score;
            if (score > alpha) alpha = score;
        }
    }
    table_put(s, key, upper_value(s, best), moves);
    return best;

win_next: {
    int score = s->win_soonest[moves];
    table_put(s, key, lower_value(s, score), moves);
    return score;
}
}

/*
 * The exact score of a position that is not over (weak: only its sign), by bisection with null windows: in the
 * reference layout the same probes in the same order as SolverBase.solve in ai/exact/base.py; in the enhanced
 * layout halving the range each time, or near the end of the game one wide window. at_least: a score the
 * position is known to reach, or NO_FLOOR.
 */
int solve(Search *s, board_t current, board_t mask, int moves, int weak, int at_least) {
    if (can_win_next(s, current, mask)) return weak ? 1 : (s->cells + 1 - moves) / 2;
    int low = -((s->cells - moves) / 2);
    int high = (s->cells + 1 - moves) / 2;
    if (weak) {
        low = -1;
        high = 1;
    }
    /* Near the end of the game (enhanced layout), one search with the widest window explores fewer positions
     * than the bisection's null-window searches, each of which walks again much of the tree of the one before
     * (deeper, the bisection wins). From (low, high), every score possible, the fail-soft result is exact. */
    if (s->enhanced && !weak && s->cells - moves < WIDE_DEPTH) {
        int score = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, low, high, 0);
        return s->stopped ? 0 : score;
    }
    if (!weak && at_least > low && at_least < high) {
        /* As SolverBase.solve: whether the score is exactly the floor, first. */
        low = at_least;
        int result = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, low, low + 1, 0);
        if (s->stopped) return 0;
        if (result <= low) return low;
        low = result;
    }
    while (low < high) {
        int middle = low + (high - low) / 2;
        /* SolverBase.solve leans each probe towards 0, to narrow the range with cheap far probes before the
         * costly ones next to the score. A far probe that fails low is cheap indeed, but one that proves a
         * lower bound under the score costs about what proving the score does (a winning line must be found
         * either way), and that work is done again by the next probe. The plain halving, whose first probe
         * is the sign, explores fewer positions from very few stones (the empty board: a score near 0, each
         * probe a deep search); from more, where a position is often won or lost by a wide margin, the far
         * probes that fail cheaply win (Test_L1_R1 explored 6.7 times the positions by halving). The
         * reference layout keeps SolverBase's probes, so that both cores still visit the same positions. */
        if (!s->enhanced || moves > HALVING_UP_TO) {
            if (middle <= 0 && -((-low) / 2) < middle)
                middle = -((-low) / 2);
            else if (middle >= 0 && high / 2 > middle)
                middle = high / 2;
        }
        int result = negamax(s, current, mask, mirror_board(s, current), mirror_board(s, mask), moves, middle,
                             middle + 1, 0);
        if (s->stopped) return 0;
        if (result <= middle)
            high = result;
        else
            low = result;
    }
    return weak ? (low > 0) - (low < 0) : low;
}
