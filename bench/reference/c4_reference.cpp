// Connect Four exact solver: benchmark yardstick only.
//
// This is an independent re-implementation, written from the published description of the algorithm in
// Pascal Pons, "Solving Connect 4: how to build a perfect AI" (connect4.gamesolver.org), in the version
// without an opening book. It is not part of the game and is not the author's code. Its only purpose is to
// time a C++ solver of the same design on the machine that runs our Python solver benchmark
// (bench/cpp_reference.py), because the reference times in the test-set README were measured elsewhere.
//
// Design (as published): bitboard position, negamax with alpha-beta, null-window iterative search on the
// score (solve), a transposition table storing bounds, anticipation of direct losses
// (possibleNonLosingMoves) and move ordering by the number of threats a move creates.
//
// Input on stdin: one position a line, "<moves> [anything]", moves as digits 1-7 (1 = leftmost column).
// Output on stdout: "<moves> <score> <nodes> <microseconds>" (microseconds fractional, timed around solve).
// Flags: --reset  clear the transposition table before every position (default: keep it across positions,
//                 only the node count is reset, as the published benchmark harness does).
//        --weak   only compute win / draw / loss (-1, 0, 1).
//
// Build: g++ -std=c++17 -O3 -DNDEBUG c4_reference.cpp -o c4_reference

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int WIDTH = 7;
constexpr int HEIGHT = 6;
constexpr int CELLS = WIDTH * HEIGHT;
// Scores are in (CELLS+1)/2 - stones units; the bounds below are the extreme reachable scores (a win needs
// at least 4 stones of the winner), which also size the transposition table value encoding.
constexpr int MIN_SCORE = -CELLS / 2 + 3;        // -18
constexpr int MAX_SCORE = (CELLS + 1) / 2 - 3;   // 18

static_assert(WIDTH < 10, "moves are parsed as single digits");
static_assert(WIDTH * (HEIGHT + 1) <= 64, "the board must fit a 64-bit word");

// Pons layout: column c occupies bits c*(HEIGHT+1) .. c*(HEIGHT+1)+HEIGHT-1, plus one always-empty
// sentinel bit on top, so shifts in any direction never carry a line from one column into the next.
constexpr uint64_t bottom(int width, int height) {
    return width == 0 ? 0 : bottom(width - 1, height) | (UINT64_C(1) << ((width - 1) * (height + 1)));
}
constexpr uint64_t BOTTOM_MASK = bottom(WIDTH, HEIGHT);
constexpr uint64_t BOARD_MASK = BOTTOM_MASK * ((UINT64_C(1) << HEIGHT) - 1);

constexpr uint64_t top_mask_col(int col) { return UINT64_C(1) << (HEIGHT - 1 + col * (HEIGHT + 1)); }
constexpr uint64_t bottom_mask_col(int col) { return UINT64_C(1) << (col * (HEIGHT + 1)); }
constexpr uint64_t column_mask(int col) { return ((UINT64_C(1) << HEIGHT) - 1) << (col * (HEIGHT + 1)); }

inline int popcount(uint64_t m) { return __builtin_popcountll(m); }

// Empty cells that would complete an alignment of four for the stones in `position`.
uint64_t compute_winning_position(uint64_t position, uint64_t mask) {
    const uint64_t p = position;
    // Vertical: three stones stacked right below the cell.
    uint64_t r = (p << 1) & (p << 2) & (p << 3);

    // Horizontal (HEIGHT+1) and the two diagonals (HEIGHT and HEIGHT+2): the cell can be at any of the
    // four places of the line, so combine the three-in-a-row patterns on both sides.
    for (int s : {HEIGHT + 1, HEIGHT, HEIGHT + 2}) {
        uint64_t t = (p << s) & (p << (2 * s));
        r |= t & (p << (3 * s));
        r |= t & (p >> s);
        t = (p >> s) & (p >> (2 * s));
        r |= t & (p << s);
        r |= t & (p >> (3 * s));
    }
    return r & (BOARD_MASK ^ mask);
}

class Position {
public:
    // Play a column given as a bit of `possible()`.
    void play(uint64_t move) {
        current ^= mask;  // the side to move switches: the opponent's stones become `current`
        mask |= move;
        ++moves;
    }

    bool can_play(int col) const { return (mask & top_mask_col(col)) == 0; }

    void play_col(int col) { play((mask + bottom_mask_col(col)) & column_mask(col)); }

    bool is_winning_move(int col) const {
        return (winning_position() & possible() & column_mask(col)) != 0;
    }

    // Play a sequence of digits 1..WIDTH; returns how many moves were played before the first invalid one
    // (bad character, full column, or a move that ends the game: solving a finished game is meaningless).
    size_t play_sequence(const std::string& seq) {
        for (size_t i = 0; i < seq.size(); ++i) {
            const int col = seq[i] - '1';
            if (col < 0 || col >= WIDTH || !can_play(col) || is_winning_move(col)) return i;
            play_col(col);
        }
        return seq.size();
    }

    // Unique for a position: `mask + bottom` marks the first empty cell of each column, `current` the rest.
    uint64_t key() const { return current + mask; }

    uint64_t possible() const { return (mask + BOTTOM_MASK) & BOARD_MASK; }

    bool can_win_next() const { return (winning_position() & possible()) != 0; }

    int nb_moves() const { return moves; }

    // Playable cells that do not hand the opponent an immediate win. 0 means every move loses at once.
    // Precondition: !can_win_next().
    uint64_t possible_non_losing_moves() const {
        uint64_t possible_mask = possible();
        const uint64_t opponent_win = opponent_winning_position();
        const uint64_t forced = possible_mask & opponent_win;
        if (forced) {
            if (forced & (forced - 1)) return 0;  // two threats to block at once: lost
            possible_mask = forced;               // must block the single threat
        }
        // Never play directly below a cell where the opponent would complete four.
        return possible_mask & ~(opponent_win >> 1);
    }

    // Move ordering heuristic: how many winning cells the side to move would have after `move`.
    int move_score(uint64_t move) const { return popcount(compute_winning_position(current | move, mask)); }

private:
    uint64_t winning_position() const { return compute_winning_position(current, mask); }
    uint64_t opponent_winning_position() const { return compute_winning_position(current ^ mask, mask); }

    uint64_t current = 0;  // stones of the side to move
    uint64_t mask = 0;     // all stones
    int moves = 0;
};

// Fixed-size table, always-replace. A key is < 2^(WIDTH*(HEIGHT+1)) = 2^49; the index is key % SIZE and
// the stored check is key % 2^32. SIZE is a prime > 2^17, so (key % SIZE, key % 2^32) identifies the key
// exactly by the Chinese remainder theorem, though only 32 bits are stored per entry.
class TranspositionTable {
public:
    static constexpr uint64_t SIZE = 8388593;  // prime, about 2^23

    TranspositionTable() : keys(SIZE), values(SIZE) {}

    void reset() {
        std::fill(keys.begin(), keys.end(), 0u);
        std::fill(values.begin(), values.end(), uint8_t{0});
    }

    void put(uint64_t key, uint8_t value) {
        const size_t i = index(key);
        keys[i] = static_cast<uint32_t>(key);
        values[i] = value;
    }

    // 0 when absent (0 is never a stored value).
    uint8_t get(uint64_t key) const {
        const size_t i = index(key);
        return keys[i] == static_cast<uint32_t>(key) ? values[i] : 0;
    }

private:
    static size_t index(uint64_t key) { return static_cast<size_t>(key % SIZE); }

    std::vector<uint32_t> keys;
    std::vector<uint8_t> values;
};

// At most WIDTH entries, kept ascending by score; pops the best. Insertion places a new entry after
// existing entries with the same score, so among ties the last added (the most central column, see
// COLUMN_ORDER iteration below) comes out first.
class MoveSorter {
public:
    void add(uint64_t move, int score) {
        int pos = size++;
        for (; pos > 0 && entries[pos - 1].score > score; --pos) entries[pos] = entries[pos - 1];
        entries[pos] = {move, score};
    }

    uint64_t get_next() { return size ? entries[--size].move : 0; }

private:
    struct Entry {
        uint64_t move;
        int score;
    };
    Entry entries[WIDTH];
    int size = 0;
};

class Solver {
public:
    Solver() {
        // Centre-first column exploration order: 3, 2, 4, 1, 5, 0, 6 for WIDTH 7.
        for (int i = 0; i < WIDTH; ++i) column_order[i] = WIDTH / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    }

    // Exact score (or -1/0/1 when weak) of a position where the game is not over.
    int solve(const Position& P, bool weak = false) {
        if (P.can_win_next()) return (CELLS + 1 - P.nb_moves()) / 2;
        int min = -(CELLS - P.nb_moves()) / 2;
        int max = (CELLS + 1 - P.nb_moves()) / 2;
        if (weak) {
            min = -1;
            max = 1;
        }
        // Narrow [min, max] with null-window searches; probing close to 0 first (halving the bound) pays
        // because most positions have scores near 0 and narrow windows near 0 are cheap.
        while (min < max) {
            int med = min + (max - min) / 2;
            if (med <= 0 && min / 2 < med)
                med = min / 2;
            else if (med >= 0 && max / 2 > med)
                med = max / 2;
            const int r = negamax(P, med, med + 1);
            if (r <= med)
                max = r;
            else
                min = r;
        }
        return min;
    }

    uint64_t node_count() const { return nodes; }
    void reset_node_count() { nodes = 0; }
    void reset() {
        nodes = 0;
        table.reset();
    }

private:
    // Precondition: the side to move cannot win with its next move (callers check it one level up).
    int negamax(const Position& P, int alpha, int beta) {
        ++nodes;

        const uint64_t next = P.possible_non_losing_moves();
        if (next == 0) return -(CELLS - P.nb_moves()) / 2;  // every move lets the opponent win next
        if (P.nb_moves() >= CELLS - 2) return 0;            // no win is possible in the last two stones

        // Lower bound: the opponent cannot win with its next stone (we play a non-losing move).
        int min = -(CELLS - 2 - P.nb_moves()) / 2;
        if (alpha < min) {
            alpha = min;
            if (alpha >= beta) return alpha;
        }

        // Upper bound: we cannot win with our next stone.
        int max = (CELLS - 1 - P.nb_moves()) / 2;
        if (const int val = table.get(P.key())) {
            if (val > MAX_SCORE - MIN_SCORE + 1) {  // stored lower bound
                min = val + 2 * MIN_SCORE - MAX_SCORE - 2;
                if (alpha < min) {
                    alpha = min;
                    if (alpha >= beta) return alpha;
                }
            } else {  // stored upper bound
                max = val + MIN_SCORE - 1;
            }
        }
        if (beta > max) {
            beta = max;
            if (alpha >= beta) return beta;
        }

        MoveSorter moves;
        for (int i = WIDTH - 1; i >= 0; --i) {
            if (const uint64_t move = next & column_mask(column_order[i]))
                moves.add(move, P.move_score(move));
        }

        while (const uint64_t move = moves.get_next()) {
            Position child(P);
            child.play(move);
            const int score = -negamax(child, -beta, -alpha);
            if (score >= beta) {
                table.put(P.key(), static_cast<uint8_t>(score + MAX_SCORE - 2 * MIN_SCORE + 2));
                return score;
            }
            if (score > alpha) alpha = score;
        }
        table.put(P.key(), static_cast<uint8_t>(alpha - MIN_SCORE + 1));
        return alpha;
    }

    TranspositionTable table;
    uint64_t nodes = 0;
    int column_order[WIDTH];
};

}  // namespace

int main(int argc, char** argv) {
    bool reset = false;
    bool weak = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--reset") == 0) {
            reset = true;
        } else if (std::strcmp(argv[i], "--weak") == 0) {
            weak = true;
        } else {
            std::cerr << "usage: " << argv[0] << " [--reset] [--weak] < positions\n";
            return 2;
        }
    }
    std::cerr << (reset ? "mode: table reset before each position" : "mode: table kept across positions")
              << (weak ? ", weak solve" : "") << "\n";

    // Heap allocation: the table is ~40 MB.
    auto solver = std::make_unique<Solver>();
    std::string line;
    long line_number = 0;
    while (std::getline(std::cin, line)) {
        ++line_number;
        std::istringstream fields(line);
        std::string moves;
        if (!(fields >> moves)) continue;  // blank line
        Position P;
        if (P.play_sequence(moves) != moves.size()) {
            std::cerr << "line " << line_number << ": invalid move " << (P.nb_moves() + 1) << " \"" << moves
                      << "\"\n";
            continue;
        }
        if (reset)
            solver->reset();
        else
            solver->reset_node_count();
        const auto start = std::chrono::steady_clock::now();
        const int score = solver->solve(P, weak);
        const auto stop = std::chrono::steady_clock::now();
        const double micros = std::chrono::duration<double, std::micro>(stop - start).count();
        std::printf("%s %d %llu %.3f\n", moves.c_str(), score,
                    static_cast<unsigned long long>(solver->node_count()), micros);
    }
    return 0;
}
