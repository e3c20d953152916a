"""Subtitles as a transcript: cues with their times, tags and notes left out, roll-up repeats once."""

from pathlib import Path

import pytest

from sensemaking_desktop.ingest.errors import IngestError
from sensemaking_desktop.ingest.sectioning import make_sections
from sensemaking_desktop.ingest.subtitles import extract_subtitles

SRT = """1
00:00:01,000 --> 00:00:04,200
{\\an8}Water <i>evaporates</i> from the sea.

2
00:00:04,500 --> 00:00:07,000
Clouds carry it
over the land.

3
01:02:03,040 --> 01:02:05,000
Rain falls on the hills.
"""

VTT = """WEBVTT
Kind: captions
Language: en

NOTE written by hand

STYLE
::cue { color: yellow }

intro
00:01.000 --> 00:04.000 align:start position:0%
<v Teacher>Water evaporates<00:02.000><c> from the sea.</c>

00:04.000 --> 00:06.500
Water evaporates from the sea.
Clouds carry it over the land.
"""


def test_srt_cues_keep_their_times(tmp_path: Path) -> None:
    path = tmp_path / "lesson.srt"
    path.write_text(SRT.replace("\n", "\r\n"), encoding="cp1252")
    extracted = extract_subtitles(path)
    assert (extracted.kind, extracted.meta["cues"]) == ("subtitles", 3)
    assert [(block.text, block.start_s, block.end_s) for block in extracted.blocks] == [
        ("Water evaporates from the sea.", 1.0, 4.2),
        ("Clouds carry it over the land.", 4.5, 7.0),
        ("Rain falls on the hills.", 3723.04, 3725.0),
    ]


def test_vtt_cues_without_markup_and_without_rolled_up_repeats(tmp_path: Path) -> None:
    path = tmp_path / "lesson.vtt"
    path.write_text(VTT, encoding="utf-8-sig")
    extracted = extract_subtitles(path)
    assert [(block.text, block.start_s, block.end_s) for block in extracted.blocks] == [
        ("Water evaporates from the sea.", 1.0, 4.0),
        ("Clouds carry it over the land.", 4.0, 6.5),
    ]


def test_a_section_of_subtitles_has_a_time_range(tmp_path: Path) -> None:
    path = tmp_path / "lesson.srt"
    path.write_text(SRT)
    (section,) = make_sections(extract_subtitles(path))
    assert (section.start_s, section.end_s, section.start_page) == (1.0, 3725.0, None)
    assert section.text.startswith("Water evaporates from the sea. Clouds carry it over the land.")


def test_a_text_file_named_srt_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.srt"
    path.write_text("Just some notes.\n\nNo times here.\n")
    with pytest.raises(IngestError, match=r"^notes\.srt is not a subtitle file"):
        extract_subtitles(path)
