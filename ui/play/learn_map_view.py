"""The Learn trainer's picture of the tree drawn over the board's place: on the left the graph around the
selected position (:meth:`~ui.state.play.learn_map.LearnMap.shown`: the trail from the root as dots, then
three layers of small boards joined by their moves, each framed in the colour of the player's progress below
it, the legend under them), on the right the selected position as a large board with what it is, the
player's progress there and the button that starts the runs from it; a title above, the keys below.

:func:`map_layout` places everything once per frame, for both the drawing and the clicks (:func:`node_at`);
:func:`map_picture` makes the plain value drawn (texts in the language in use); :func:`draw_map` draws it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from game.cells import GridCell
from ui.kit.layout import clamp
from ui.kit.widgets import Button, draw_button, draw_text, draw_text_in, fitting_font, line_height
from ui.state.play.learn_map import LearnMap, Path, Standing
from ui.theme import MIN_TEXT, Colour, Fonts, Theme
from ui.words.learn_words import (
    drill_label,
    edge_label,
    legend,
    map_hint,
    map_title,
    node_about,
    node_progress,
    path_text,
)

#: The button that starts the runs from the selected position (the scene's action for it).
DRILL = "learn-drill"
#: The widest a small board of the graph grows, in pixels.
LARGEST_NODE = 150
#: The widest the selected position's large board grows, in pixels.
LARGEST_DETAIL = 420
#: How much of its slot a node's frame takes across (the rest keeps it apart from its neighbours).
NODE_SHARE = 0.8


@dataclass(frozen=True)
class GraphLayout:
    """Where the graph goes (``area``): each node shown (its frame, by path) with its move's label box above
    it (empty at the root), the trail's dots and their moves' label boxes, where the trail is cut short, and
    the legend's boxes."""

    area: Rect
    nodes: tuple[tuple[Path, Rect], ...]
    labels: tuple[tuple[Path, Rect], ...]
    trail: tuple[tuple[Path, Rect], ...]
    #: The box of the move's label before each dot of the trail.
    trail_labels: tuple[Rect, ...]
    #: Where the trail is cut short ("..." before its first dot shown), or None where it is whole.
    trail_cut: Rect | None
    legend: tuple[Rect, ...]


@dataclass(frozen=True)
class MapLayout:
    """Where the picture goes: the panel, its title's and keys' lines, the graph, and on the right the
    selected position's board, its three text boxes and the button (None where there is nothing to start
    from); ``text_size`` is the size of its letters."""

    panel: Rect
    title: Rect
    hint: Rect
    graph: GraphLayout
    board: Rect
    heading: Rect
    about: Rect
    progress: Rect
    button: Rect | None
    text_size: int


def map_layout(area: Rect, learn_map: LearnMap, fonts: Fonts) -> MapLayout:
    """The picture of ``learn_map`` in ``area`` (the board's place)."""
    panel = area.inflate(-8, -8)
    size = int(clamp(panel.height * 0.04, MIN_TEXT, 18))
    line = line_height(fonts.get(size)) + 4
    title = Rect(panel.left + 10, panel.top + 6, panel.width - 20, line_height(fonts.get(size + 2, True)))
    hint = Rect(panel.left + 10, panel.bottom - line - 2, panel.width - 20, line)
    body = Rect(panel.left + 10, title.bottom + 8, panel.width - 20, hint.top - title.bottom - 14)
    # The right: the selected position large, its words in boxes of two lines each, the button.
    words = 2 * line_height(fonts.get(size))
    button_height = line + 8
    detail_width = int(
        min(body.width * 0.36, (body.height - 3 * words - button_height - 24) * 7 / 6, LARGEST_DETAIL)
    )
    detail = Rect(body.right - detail_width, body.top, detail_width, body.height)
    heading = Rect(detail.left, detail.top, detail.width, words)
    board = Rect(detail.left, heading.bottom + 4, detail.width, detail.width * 6 // 7)
    about = Rect(detail.left, board.bottom + 4, detail.width, words)
    progress = Rect(detail.left, about.bottom + 2, detail.width, words)
    button = None
    if learn_map.drill_options() is not None:
        button = Rect(detail.left, progress.bottom + 6, detail.width, button_height)
    graph = Rect(body.left, body.top, detail.left - body.left - 16, body.height)
    return MapLayout(
        panel,
        title,
        hint,
        _graph_layout(graph, learn_map, fonts, size),
        board,
        heading,
        about,
        progress,
        button,
        size,
    )


def _graph_layout(graph: Rect, learn_map: LearnMap, fonts: Fonts, size: int) -> GraphLayout:
    """The graph of ``learn_map`` in ``graph`` (see :class:`GraphLayout`)."""
    shown = learn_map.shown()
    label = line_height(fonts.get(size))
    trail_row = Rect(graph.left, graph.top, graph.width, label)
    legend_row = Rect(graph.left, graph.bottom - label, graph.width, label)
    layers = Rect(graph.left, trail_row.bottom + 4, graph.width, legend_row.top - trail_row.bottom - 8)
    least_gap = max(6, label // 2)
    slot = layers.width / max(shown.slots, 3)
    height_room = (layers.height - 3 * label - 2 * least_gap) / 3
    node_width = int(min(slot * NODE_SHARE, height_room * 7 / 6, LARGEST_NODE))
    node_height = node_width * 6 // 7
    # The layers spread over the height there is, their edges no longer than a node is high.
    gap = int(clamp((layers.height - 3 * (label + node_height)) / 2, least_gap, node_height))
    layers.height = 3 * (label + node_height) + 2 * gap
    used = shown.slots * slot
    left = layers.centerx - used / 2
    nodes, labels = [], []
    for placed in shown.placed:
        centre = left + placed.centre * slot
        top = layers.top + placed.layer * (label + node_height + gap) + label
        rect = Rect(0, top, node_width, node_height)
        rect.centerx = round(centre)
        nodes.append((placed.path, rect))
        box = Rect(0, top - label, int(slot), label)
        box.centerx = round(centre)
        labels.append((placed.path, box if placed.path else Rect(rect.centerx, top, 0, 0)))
    focus = next(rect for path, rect in nodes if path == learn_map.focus())
    trail, trail_labels, cut = _trail_layout(trail_row, shown.trail, focus.centerx, fonts, size)
    quarter = graph.width // 4
    legend_boxes = tuple(
        Rect(graph.left + index * quarter, legend_row.top, quarter, label) for index in range(4)
    )
    return GraphLayout(graph, tuple(nodes), tuple(labels), trail, trail_labels, cut, legend_boxes)


def _trail_layout(
    row: Rect, trail: tuple[Path, ...], end: int, fonts: Fonts, size: int
) -> tuple[tuple[tuple[Path, Rect], ...], tuple[Rect, ...], Rect | None]:
    """The trail's dots and their moves' label boxes in ``row``, the last as near above ``end`` (the focus's
    middle) as fits; the first ones dropped, and an ellipsis's box before the rest, where they do not all
    fit."""
    if not trail:
        return (), (), None
    font = fonts.get(size)
    dot = max(8, row.height * 2 // 3)
    # Each dot after the move that led to it: its label's box, then the dot.
    label = font.size("d6")[0] + 6
    step = 4 + label + dot + 8
    fits = max(1, (row.width - step) // step)
    shown = trail[-fits:]
    cut = len(shown) < len(trail)
    width = len(shown) * step + (step if cut else 0)
    first = int(clamp(end - width, row.left, row.right - width))
    dots, labels = [], []
    for index, path in enumerate(shown, start=1 if cut else 0):
        left = first + index * step
        dots.append((path, Rect(left + 4 + label, row.centery - dot // 2, dot, dot)))
        labels.append(Rect(left + 2, row.top, label, row.height))
    cut_box = Rect(first, row.top, step - 4, row.height) if cut else None
    return tuple(dots), tuple(labels), cut_box


def node_at(layout: MapLayout, position: tuple[int, int]) -> Path | None:
    """The node under ``position`` (a small board, or a dot of the trail), if any."""
    for path, rect in layout.graph.nodes:
        if rect.collidepoint(position):
            return path
    for path, rect in layout.graph.trail:
        if rect.inflate(8, 8).collidepoint(position):
            return path
    return None


@dataclass(frozen=True)
class NodePicture:
    """A node as the graph draws it: its frame, its move's label and label box, its position's cells and last
    move, the colour of the player's progress, whether it is the selected one, whether the learner played the
    move that led to it, and the frame of the node it hangs from (None: the focus)."""

    rect: Rect
    label: str
    label_box: Rect
    cells: tuple[tuple[int | None, ...], ...]
    last: GridCell | None
    standing: Standing
    #: How many branches below it stand at each standing (the bar under its board).
    shares: tuple[tuple[Standing, int], ...]
    selected: bool
    learners: bool
    parent: Rect | None


@dataclass(frozen=True)
class MapPicture:
    """Everything the picture of the tree shows, as a plain value (see :class:`~ui.play.picture.PlayPicture`):
    its layout, its nodes, the trail's dots' colours, and every text in the language in use."""

    layout: MapLayout
    nodes: tuple[NodePicture, ...]
    trail: tuple[Standing, ...]
    #: The move that led to each dot of the trail ("" before the root), and whether the learner played it.
    trail_labels: tuple[tuple[str, bool], ...]
    title: str
    hint: str
    legend: tuple[tuple[Standing, str], ...]
    heading: str
    about: str
    progress: str
    button: str
    cells: tuple[tuple[int | None, ...], ...]
    last: GridCell | None


def map_picture(learn_map: LearnMap, layout: MapLayout, names: tuple[str, str]) -> MapPicture:
    """The picture of ``learn_map`` on ``layout``; ``names`` are the players'."""
    frames = dict(layout.graph.nodes)
    boxes = dict(layout.graph.labels)
    nodes = []
    for path, rect in layout.graph.nodes:
        node = learn_map.at(path)
        nodes.append(
            NodePicture(
                rect,
                edge_label(node),
                boxes[path],
                node.cells,
                node.last,
                node.branches.standing,
                node.branches.shares(),
                path == learn_map.selected,
                node.mover == learn_map.side,
                frames.get(path[:-1]) if path else None,
            )
        )
    selected = learn_map.selected_node()
    return MapPicture(
        layout,
        tuple(nodes),
        tuple(learn_map.at(path).branches.standing for path, _rect in layout.graph.trail),
        tuple(
            (edge_label(learn_map.at(path)), learn_map.at(path).mover == learn_map.side)
            for path, _rect in layout.graph.trail
        ),
        map_title(learn_map),
        map_hint(),
        legend(),
        path_text(learn_map, selected),
        node_about(learn_map, selected, names),
        node_progress(learn_map, selected),
        drill_label(),
        selected.cells,
        selected.last,
    )


def standing_colour(theme: Theme, standing: Standing) -> Colour:
    """The colour of a node whose branches stand at ``standing``."""
    match standing:
        case Standing.NEW:
            return theme.text_muted
        case Standing.DUE:
            return theme.focus_ring
        case Standing.MISSED:
            return theme.warning
        case Standing.LEARNED | Standing.WON:
            return theme.success


def draw_map(surface: pygame.Surface, theme: Theme, fonts: Fonts, shown: MapPicture) -> None:
    """Draws the picture of the tree as ``shown`` says."""
    layout = shown.layout
    pygame.draw.rect(surface, theme.panel, layout.panel, border_radius=10)
    pygame.draw.rect(surface, theme.panel_border, layout.panel, width=1, border_radius=10)
    size = layout.text_size
    title_font = fitting_font(fonts, shown.title, size + 2, layout.title.width, bold=True)
    draw_text(surface, shown.title, title_font, theme.text, layout.title, midleft=layout.title.midleft)
    hint_font = fitting_font(fonts, shown.hint, size, layout.hint.width)
    draw_text(surface, shown.hint, hint_font, theme.text_muted, layout.hint, midleft=layout.hint.midleft)
    _draw_graph(surface, theme, fonts, shown)
    draw_text_in(surface, fonts, shown.heading, size, layout.heading, theme.text, bold=True)
    _draw_board(surface, theme, layout.board, shown.cells, shown.last)
    draw_text_in(surface, fonts, shown.about, size, layout.about, theme.text)
    draw_text_in(surface, fonts, shown.progress, size, layout.progress, theme.text_muted)
    if layout.button is not None:
        font = fitting_font(fonts, shown.button, size, layout.button.width - 16)
        draw_button(surface, theme, font, Button(DRILL, shown.button, layout.button, selected=True))


def _draw_graph(surface: pygame.Surface, theme: Theme, fonts: Fonts, shown: MapPicture) -> None:
    layout, size = shown.layout.graph, shown.layout.text_size
    font, bold = fonts.get(size), fonts.get(size, True)
    focus = next((node for node in shown.nodes if node.parent is None), None)
    # The trail: dots joined from the root to the focus, each in its progress's colour.
    points = [rect.center for _path, rect in layout.trail]
    if focus is not None and points:
        points.append(focus.label_box.midtop if focus.label else focus.rect.midtop)
    if len(points) > 1:
        pygame.draw.lines(surface, theme.panel_border, False, points, 2)
    for (_path, rect), standing, (move, learners), box in zip(
        layout.trail, shown.trail, shown.trail_labels, layout.trail_labels, strict=True
    ):
        pygame.draw.circle(surface, standing_colour(theme, standing), rect.center, rect.width // 2)
        if move:
            draw_text(
                surface,
                move,
                bold if learners else font,
                theme.text if learners else theme.text_muted,
                box,
                center=box.center,
            )
    if layout.trail_cut is not None:
        draw_text(surface, "\u2026", font, theme.text_muted, layout.trail_cut, center=layout.trail_cut.center)
    for node in shown.nodes:
        if node.parent is not None:
            end = node.label_box.midtop
            pygame.draw.line(surface, theme.panel_border, node.parent.midbottom, end, 2)
    for node in shown.nodes:
        ring = max(3, node.rect.width // 16)
        if node.selected:
            pygame.draw.rect(surface, theme.text, node.rect.inflate(8, 8), width=3, border_radius=9)
        pygame.draw.rect(surface, standing_colour(theme, node.standing), node.rect, border_radius=6)
        inner = node.rect.inflate(-2 * ring, -2 * ring)
        bar = max(3, inner.height // 9)
        _draw_board(
            surface,
            theme,
            Rect(inner.left, inner.top, inner.width, inner.height - bar - 1),
            node.cells,
            node.last,
        )
        _draw_shares(surface, theme, Rect(inner.left, inner.bottom - bar, inner.width, bar), node.shares)
        if node.label:
            label_font = bold if node.learners else font
            colour = theme.text if node.learners else theme.text_muted
            draw_text(surface, node.label, label_font, colour, node.label_box, center=node.label_box.center)
    for box, (standing, word) in zip(layout.legend, shown.legend, strict=True):
        dot = box.height // 3
        pygame.draw.circle(surface, standing_colour(theme, standing), (box.left + dot, box.centery), dot)
        words = Rect(box.left + 3 * dot, box.top, box.width - 3 * dot - 4, box.height)
        word_font = fitting_font(fonts, word, size, words.width)
        draw_text(surface, word, word_font, theme.text_muted, words, midleft=words.midleft)


def _draw_shares(
    surface: pygame.Surface, theme: Theme, rect: Rect, shares: tuple[tuple[Standing, int], ...]
) -> None:
    """The branches below a node as a bar in ``rect``: a length of each standing's colour for its share."""
    total = sum(count for _standing, count in shares)
    if total == 0:
        pygame.draw.rect(surface, standing_colour(theme, Standing.WON), rect)
        return
    left, counted = rect.left, 0
    for standing, count in shares:
        counted += count
        right = rect.left + round(rect.width * counted / total)
        if right > left:
            pygame.draw.rect(
                surface, standing_colour(theme, standing), Rect(left, rect.top, right - left, rect.height)
            )
        left = right


def _draw_board(
    surface: pygame.Surface,
    theme: Theme,
    rect: Rect,
    cells: tuple[tuple[int | None, ...], ...],
    last: GridCell | None,
) -> None:
    """A position as a board in ``rect``: its stones in the board's blue, the last move ringed."""
    pygame.draw.rect(surface, theme.board, rect, border_radius=max(2, rect.width // 20))
    rows, columns = len(cells), len(cells[0])
    cell = min(rect.width / columns, rect.height / rows)
    left = rect.centerx - cell * columns / 2
    top = rect.centery - cell * rows / 2
    radius = max(1.5, cell * 0.4)
    for row, line in enumerate(cells):
        for column, piece in enumerate(line):
            centre = (left + (column + 0.5) * cell, top + (row + 0.5) * cell)
            colour = theme.cell if piece is None else theme.discs[piece]
            pygame.draw.circle(surface, colour, centre, radius)
            if (row, column) == last and radius >= 4:
                pygame.draw.circle(surface, theme.last_move_marker, centre, radius * 0.4)
