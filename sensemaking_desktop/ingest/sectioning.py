"""Cutting an extracted material into sections a model can read in one go.

A section is what the Teacher writes a quiz about and what the Student answers from, so
it should follow the material's own structure (headings) and fit the context (a token
budget), and it must remember where it came from (pages, or seconds of a recording).
"""

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from sensemaking_desktop.ingest.extracted import Block, Extracted
from sensemaking_desktop.store.materials import Place, SectionDraft
from sensemaking_desktop.text.sentences import PARAGRAPH_BREAK, breaks, sentence_bounds, sentence_breaks

TokenCounter = Callable[[str], int]
Number = TypeVar("Number", int, float)

TINY_SHARE = 0.15
"""A section under this share of the budget (a heading and a line) joins the next one."""
PAUSE_S = 2.0
"""A silence this long between transcript segments is a good place to cut a recording."""
_PAUSE_FILL = 0.5
"""A cut at a pause is taken once the section holds at least this share of the budget."""
_LINE_BREAK = re.compile(r"\n\s*")
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class _Piece:
    """A run of text from one block (all of it, or some sentences) and where it lies."""

    text: str
    block: int
    page: int | None
    start_s: float | None
    end_s: float | None
    pause_before: bool = False


@dataclass
class _Group:
    title: str | None
    blocks: list[Block]


def approx_tokens(text: str) -> int:
    """About four characters a token, rounded up: needs no model and errs on the long side
    for English, which keeps sections inside a context made for the real tokenizer."""
    return math.ceil(len(text) / 4)


def make_sections(
    extracted: Extracted,
    *,
    token_budget: int = 1500,
    count_tokens: TokenCounter = approx_tokens,
    max_heading_level: int = 2,
) -> list[SectionDraft]:
    """Sections at headings up to `max_heading_level`, each within `token_budget`.

    Tiny sections join the next one; long ones are cut at sentence ends into parts titled
    "Title (2/3)" (a recording is cut at pauses of 2 s or more near the budget instead).
    Text under no heading (before the first, or in a material without any) is titled by the
    material, as a reader would name it, rather than left for the window to call "Section 1".
    Each section's page or time range is that of the text it holds.
    """
    if token_budget < 1:
        raise ValueError("token_budget must be at least 1")
    groups = _title_gives_way(_heading_groups(extracted.blocks, max_heading_level), extracted.title)
    groups = _merge_tiny(groups, token_budget, count_tokens)
    groups = [_Group(group.title or extracted.title.strip() or None, group.blocks) for group in groups]
    return [draft for group in groups for draft in _split_group(group, token_budget, count_tokens)]


def merge_drafts(a: SectionDraft, b: SectionDraft) -> SectionDraft:
    """`b` appended to `a`: a's title and language (b's if a has none), ranges covering both."""
    separator = _separator_for(a, b)
    text = separator.join(part for part in (a.text, b.text) if part)
    shift = len(a.text) + len(separator) if a.text else 0
    return SectionDraft(
        title=a.title if a.title is not None else b.title,
        text=text,
        start_page=_least(a.start_page, b.start_page),
        end_page=_most(a.end_page, b.end_page),
        start_s=_least(a.start_s, b.start_s),
        end_s=_most(a.end_s, b.end_s),
        language=a.language or b.language,
        places=tuple(a.places) + tuple((offset + shift, page, seconds) for offset, page, seconds in b.places),
    )


def split_draft(draft: SectionDraft, char_offset: int) -> tuple[SectionDraft, SectionDraft]:
    """Cut at the sentence end (else paragraph, line or word break) nearest `char_offset`.

    Both halves keep the whole page and time range (`make_sections`, which knows the blocks,
    gives each part its own); each keeps the places of its own text, so a question still
    finds its page.
    """
    cut = _nearest_break(draft.text, char_offset)
    first, second = draft.text[:cut].rstrip(), draft.text[cut:].lstrip()
    if not first or not second:
        raise ValueError("the section is too short to split")
    second_start = len(draft.text) - len(second)
    head = tuple(place for place in draft.places if place[0] < len(first))
    return replace(draft, text=first, places=head), replace(
        draft, text=second, places=_from(draft.places, second_start)
    )


def _from(places: Sequence[Place], start: int) -> tuple[Place, ...]:
    """The places of the text from `start` on, counted from there: the one in effect at `start`
    moves to offset 0."""
    current = [place for place in places if place[0] <= start][-1:]
    later = [place for place in places if place[0] > start]
    return tuple((offset - start if offset > start else 0, page, seconds) for offset, page, seconds in current + later)


def _heading_groups(blocks: Sequence[Block], max_level: int) -> list[_Group]:
    """A heading up to `max_level` starts a group and names it (by its heading path where the
    material has no pages); deeper headings stay in the text."""
    groups: list[_Group] = []
    for block in blocks:
        if not block.text.strip():
            continue
        if block.heading_level is not None and block.heading_level <= max_level:
            groups.append(_Group(block.heading_path or block.text.strip(), [block]))
        elif groups:
            groups[-1].blocks.append(block)
        else:
            groups.append(_Group(None, [block]))
    return groups


def _title_gives_way(groups: list[_Group], title: str) -> list[_Group]:
    """The material's title set as its first heading, with the first section's heading right
    under it ("Warsaw", then "City"), already names the material: that section is named by its
    own heading, which would otherwise be lost when the title line joins it."""
    if len(groups) > 1 and len(groups[0].blocks) == 1 and groups[0].title == title.strip():
        return [_Group(None, groups[0].blocks), *groups[1:]]
    return groups


def _merge_tiny(groups: list[_Group], budget: int, count_tokens: TokenCounter) -> list[_Group]:
    """A group under TINY_SHARE of the budget joins the next group (the last one joins the
    one before), keeping the first title that there is."""
    merged: list[_Group] = []
    pending: _Group | None = None
    for group in groups:
        if pending is not None:
            group = _Group(pending.title if pending.title is not None else group.title, pending.blocks + group.blocks)
            pending = None
        if _tokens(group.blocks, budget * TINY_SHARE, count_tokens) < budget * TINY_SHARE:
            pending = group
        else:
            merged.append(group)
    if pending is not None:
        if merged:
            last = merged[-1]
            merged[-1] = _Group(last.title if last.title is not None else pending.title, last.blocks + pending.blocks)
        else:
            merged.append(pending)
    return merged


def _tokens(blocks: Sequence[Block], cap: float, count_tokens: TokenCounter) -> int:
    """The token count of the blocks' joined text; or, when the blocks' own counts already
    add up to more than `cap`, that sum, so a book-sized group is not joined just to be counted."""
    total = sum(count_tokens(block.text) for block in blocks)
    if total > cap:
        return total
    return count_tokens(_join(list(_block_pieces(blocks))))


def _split_group(group: _Group, budget: int, count_tokens: TokenCounter) -> list[SectionDraft]:
    if _tokens(group.blocks, budget, count_tokens) <= budget:
        return [_draft(group.title, list(_block_pieces(group.blocks)))]
    timed = all(block.start_s is not None for block in group.blocks)
    pieces = _small_pieces(group.blocks, budget, count_tokens, by_sentence=not timed)
    estimate = sum(count_tokens(block.text) for block in group.blocks)
    parts = [_draft(None, part) for part in _cut(pieces, estimate, budget, count_tokens, timed)]
    if len(parts) == 1:
        return [replace(parts[0], title=group.title)]
    return [
        replace(part, title=f"{group.title} ({number}/{len(parts)})" if group.title else None)
        for number, part in enumerate(parts, start=1)
    ]


def _block_pieces(blocks: Sequence[Block]) -> Iterator[_Piece]:
    """Each block whole, marked when a pause of PAUSE_S or more comes before it."""
    previous_end: float | None = None
    for index, block in enumerate(blocks):
        pause = block.start_s is not None and previous_end is not None and block.start_s - previous_end >= PAUSE_S
        previous_end = block.end_s if block.end_s is not None else block.start_s
        yield _Piece(block.text, index, block.page, block.start_s, block.end_s, pause)


def _small_pieces(
    blocks: Sequence[Block], budget: int, count_tokens: TokenCounter, by_sentence: bool
) -> Iterator[_Piece]:
    """Sentences of each block (or whole transcript segments); a piece over the budget
    is cut at sentence ends, then line breaks, then between words."""
    for piece in _block_pieces(blocks):
        if not by_sentence and count_tokens(piece.text) <= budget:
            yield piece
            continue
        texts = [part for sentence in _sentences(piece.text) for part in _fit(sentence, budget, count_tokens)]
        for number, text in enumerate(texts):
            yield replace(piece, text=text, pause_before=piece.pause_before and number == 0)


def _cut(
    pieces: Iterable[_Piece], estimate: int, budget: int, count_tokens: TokenCounter, timed: bool
) -> Iterator[list[_Piece]]:
    """Consecutive runs of pieces within the budget, decided as the pieces stream by (only
    about one budget's worth is held). Text is cut into parts of even size, from the
    `estimate` of what remains; a recording at the latest pause that keeps the part within
    the budget, else as late as the budget allows. Pieces are counted one by one; each
    part is counted again as joined, and gives back pieces while it is over the budget."""
    pending: list[_Piece] = []
    costs: list[int] = []
    remaining = estimate
    for piece in pieces:
        pending.append(piece)
        costs.append(count_tokens(piece.text))
        while len(pending) > 1 and sum(costs) > budget:
            end = _pause_end(pending, costs, budget) if timed else _even_end(costs, max(remaining, sum(costs)), budget)
            end = _within_budget(pending, end, budget, count_tokens)
            yield pending[:end]
            remaining -= sum(costs[:end])
            del pending[:end], costs[:end]
    while pending:
        end = _within_budget(pending, len(pending), budget, count_tokens)
        yield pending[:end]
        del pending[:end]


def _within_budget(pending: list[_Piece], end: int, budget: int, count_tokens: TokenCounter) -> int:
    while end > 1 and count_tokens(_join(pending[:end])) > budget:
        end -= 1
    return end


def _even_end(costs: list[int], remaining: int, budget: int) -> int:
    """How many of the held pieces make the next part, so that what remains splits into
    parts of equal size."""
    target = remaining / math.ceil(remaining / budget)
    total = 0
    for end, cost in enumerate(costs):
        after = total + cost
        if after > budget:
            return max(end, 1)
        if after >= target:
            closer = abs(after - target) <= abs(total - target) or end == 0
            return end + 1 if closer else end
        total = after
    return len(costs)


def _pause_end(pending: list[_Piece], costs: list[int], budget: int) -> int:
    """How many of the held pieces make the next part: up to the latest pause once the part
    holds half the budget, else as many as fit."""
    total = 0
    fits = 1
    at_pause = None
    for end, cost in enumerate(costs):
        total += cost
        if total > budget and end > 0:
            break
        fits = end + 1
        if fits < len(pending) and pending[fits].pause_before and total >= budget * _PAUSE_FILL:
            at_pause = fits
    return at_pause or fits


def _draft(title: str | None, pieces: list[_Piece]) -> SectionDraft:
    pages = [piece.page for piece in pieces if piece.page is not None]
    starts = [piece.start_s for piece in pieces if piece.start_s is not None]
    ends = [piece.end_s if piece.end_s is not None else piece.start_s for piece in pieces if piece.start_s is not None]
    text = _join(pieces)
    return SectionDraft(
        title=title,
        text=text,
        start_page=min(pages, default=None),
        end_page=max(pages, default=None),
        start_s=min(starts, default=None),
        end_s=max(ends, default=None),
        places=_places(text, pieces),
    )


def _places(text: str, pieces: Sequence[_Piece]) -> tuple[Place, ...]:
    """Where each new page or time of the pieces starts in their joined text (each piece's text
    is found in order, since joining only trims the space between blocks)."""
    places: list[Place] = []
    cursor = 0
    for piece in pieces:
        needle = piece.text.strip()
        found = text.find(needle, cursor)
        if found < 0:
            continue
        cursor = found + len(needle)
        located = piece.page is not None or piece.start_s is not None
        if located and (not places or places[-1][1:] != (piece.page, piece.start_s)):
            places.append((found, piece.page, piece.start_s))
    return tuple(places)


def _join(pieces: Sequence[_Piece]) -> str:
    """Pieces of one block keep their own spacing; blocks are paragraphs (a blank line
    between them), transcript segments run on with a space."""
    parts: list[str] = []
    for previous, piece in zip([None, *pieces], pieces):
        if previous is not None and previous.block != piece.block:
            parts[-1] = parts[-1].rstrip()
            parts.append(" " if previous.start_s is not None and previous.page is None else "\n\n")
        parts.append(piece.text)
    return "".join(parts).strip()


def _sentences(text: str) -> list[str]:
    """The text cut after each sentence end and paragraph break; joined again they give
    the text back."""
    return [text[a:b] for a, b in sentence_bounds(text)]


def _fit(text: str, budget: int, count_tokens: TokenCounter) -> list[str]:
    """`text` as it is when within the budget, else cut at line breaks, else between
    words, else (one giant word) every few characters."""
    if count_tokens(text) <= budget:
        return [text]
    for pattern in (_LINE_BREAK, _SPACE):
        cuts = breaks(text, pattern)
        if cuts:
            pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
            return [
                fitted for part in _pack(pieces, budget, count_tokens) for fitted in _fit(part, budget, count_tokens)
            ]
    step = max(1, len(text) * budget // count_tokens(text))
    return [text[i : i + step] for i in range(0, len(text), step)]


def _pack(pieces: list[str], budget: int, count_tokens: TokenCounter) -> list[str]:
    """Neighbouring pieces joined while they stay within the budget."""
    parts: list[str] = []
    current = ""
    for piece in pieces:
        if current and count_tokens(current + piece) > budget:
            parts.append(current)
            current = ""
        current += piece
    parts.append(current)
    return parts


def _nearest_break(text: str, offset: int) -> int:
    for cuts in (
        sentence_breaks(text) + breaks(text, PARAGRAPH_BREAK),
        breaks(text, _LINE_BREAK),
        breaks(text, _SPACE),
    ):
        if cuts:
            return min(cuts, key=lambda cut: abs(cut - offset))
    return min(max(offset, 1), max(len(text) - 1, 1))


def _separator_for(a: SectionDraft, b: SectionDraft) -> str:
    recordings = a.start_page is None and b.start_page is None and a.start_s is not None and b.start_s is not None
    return " " if recordings else "\n\n"


def _least(x: Number | None, y: Number | None) -> Number | None:
    return min((v for v in (x, y) if v is not None), default=None)


def _most(x: Number | None, y: Number | None) -> Number | None:
    return max((v for v in (x, y) if v is not None), default=None)
