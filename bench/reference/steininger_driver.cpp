// A driver for Christophe Steininger's Connect Four solver (github.com/ChristopheSteininger/c4), for
// bench/steininger.py: built against his solver's sources, fetched outside this repository; nothing of his
// is kept here. Reads one position a line (the columns played, from 1; an empty line is the empty board),
// solves each strongly with one solver (its table kept from one position to the next), and prints
// "<moves> <score> <positions explored>" a line, his count of positions.
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/solver.h"

int main() {
    Solver solver{};
    unsigned long long counted = 0;
    std::string moves;
    while (std::getline(std::cin, moves)) {
        Position position{};
        for (char column : moves) {
            if (column < '1' || column >= '1' + BOARD_WIDTH) {
                std::cerr << "not a column: " << moves << std::endl;
                return 2;
            }
            position.move(column - '1');
        }
        int score = solver.solve_strong(position);
        unsigned long long nodes = solver.get_merged_stats().get_num_nodes();
        std::cout << moves << ' ' << score << ' ' << nodes - counted << std::endl;
        counted = nodes;
    }
    return 0;
}
