"""The book tool: its scores of the shallow plies, backed up from the deepest one, are the shipped book's."""

from __future__ import annotations

import argparse

from ai.exact.book import BOOK_PATH, OpeningBook
from tests.conftest import require_compiled_core
from tools import make_book


def test_positions_by_ply_counts_each_position_and_its_mirror_once():
    layers = make_book.positions_by_ply(2)
    # One stone: columns 1-4 (5-7 mirror 1-3). Two stones: 49 positions, one its own mirror image (both
    # stones in the centre column): (49 + 1) / 2.
    assert [len(layer) for layer in layers] == [1, 4, 25]
    assert sorted(layers[1].values()) == ["1", "2", "3", "4"]


def test_a_rebuild_of_the_first_plies_solves_only_the_deepest_and_gives_the_shipped_scores(tmp_path, capsys):
    require_compiled_core()
    shipped = OpeningBook.load(BOOK_PATH)
    layers = make_book.positions_by_ply(3)
    removed = set().union(*(layer.keys() for layer in layers))
    kept = {key: score for key, score in shipped.items() if key not in removed}
    assert len(kept) < len(dict(shipped.items())) - 100
    out = tmp_path / "book.bin"
    OpeningBook.write(out, 7, 6, shipped.max_ply, kept)
    args = argparse.Namespace(
        plies=3,
        all_plies=3,
        workers=1,
        slots=1 << 16,
        minutes=None,
        progress=tmp_path / "progress.txt",
        out=out,
    )
    assert make_book.build(args) == 0
    assert f"plies 0-3: {len(layers[3])} positions of 3 stones to solve" in capsys.readouterr().out
    # The entries, not the file's bytes: another zlib may compress the same entries otherwise.
    rebuilt = OpeningBook.load(out)
    assert rebuilt.entries == shipped.entries and rebuilt.max_ply == shipped.max_ply
    assert (tmp_path / "progress.txt").read_text() == ""
