"""The plan view on the board: each cell a rule of the plan uses carries the rule's mark (CE, BI, ...) in the
rule's colour, the cells of one instance of a rule (a claimeven's two cells, a baseinverse's, a miai pair)
joined by a band of that colour (a steady plan's tempo cells are marked, not joined), so that a player sees
which cell answers which; the cell the plan answers at, or the move that starts it, is ringed. The legend is
the status area's line (:func:`ui.words.why_words.plan_legend`)."""

from __future__ import annotations

import pygame

from ai.plans import Rule
from ui.kit.layout import PlayLayout
from ui.kit.widgets import draw_text, filled_circle, fitting_font
from ui.state.play.plan_view import Followed
from ui.theme import Fonts, Theme
from ui.words.why_words import RULE_MARKS

#: Each rule's colour: far apart in hue, dark enough for white letters, on any theme's board.
RULE_COLOURS = {
    Rule.CLAIMEVEN: (46, 125, 50),
    Rule.BASEINVERSE: (123, 31, 162),
    Rule.VERTICAL: (0, 105, 92),
    Rule.AFTEREVEN: (173, 20, 87),
    Rule.LOWINVERSE: (69, 90, 100),
    Rule.HIGHINVERSE: (94, 53, 177),
    Rule.BASECLAIM: (191, 54, 12),
    Rule.BEFORE: (130, 119, 23),
    Rule.SPECIALBEFORE: (78, 52, 46),
    Rule.ODD_THREAT: (198, 40, 40),
    Rule.REPLIES: (1, 87, 155),
    Rule.CLAIMODD: (21, 101, 192),
    Rule.URGENT: (230, 81, 0),
    Rule.MIAI: (136, 14, 79),
    Rule.TEMPO: (97, 97, 97),
}

#: The rules whose cells are a set, not an instance to join: a steady plan's tempo cells.
UNJOINED_RULES = (Rule.TEMPO,)


def draw_plan_marks(
    surface: pygame.Surface,
    layout: PlayLayout,
    theme: Theme,
    fonts: Fonts,
    followed: Followed,
    cells: tuple[tuple[int | None, ...], ...],
) -> None:
    """Draws ``followed``'s rule marks on its cells still empty on the board ``cells`` (owners by row from
    the top), joins each instance's cells, and rings its answer or its first move (see the module docstring);
    a cell two rules use shows the first's mark."""
    cell = layout.cell
    # The cells taken since the plan's start keep their stones in view.
    taken = {
        (column, layout.rows - 1 - row)
        for row, line in enumerate(cells)
        for column, owner in enumerate(line)
        if owner is not None
    }

    uses = [
        (use, [free for free in use.cells if free not in taken and 0 <= free[1] < layout.rows])
        for use in followed.plan.rules
    ]
    # The bands first, under every mark: an instance still whole on the board joins its cells in order.
    for use, free_cells in uses:
        if len(free_cells) == len(use.cells) > 1 and use.rule not in UNJOINED_RULES:
            points = [layout.centre_of(free) for free in free_cells]
            pygame.draw.lines(surface, RULE_COLOURS[use.rule], False, points, max(4, int(cell * 0.2)))
    marked = set(taken)
    for use, free_cells in uses:
        for column, row in free_cells:
            if (column, row) in marked:
                continue
            marked.add((column, row))
            centre = layout.centre_of((column, row))
            filled_circle(surface, RULE_COLOURS[use.rule], centre, cell * 0.32)
            mark = RULE_MARKS[use.rule]
            font = fitting_font(fonts, mark, int(cell * 0.3), int(cell * 0.56), bold=True)
            box = layout.square_of((column, row))
            draw_text(surface, mark, font, (255, 255, 255), box, center=centre)
    for ringed in (followed.answer, followed.first):
        if ringed is not None:
            centre = layout.centre_of(ringed)
            pygame.draw.circle(surface, theme.focus_ring, centre, int(cell * 0.44), width=max(3, cell // 12))
