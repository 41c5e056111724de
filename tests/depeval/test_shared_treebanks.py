"""Numbers that must hold on the shared treebanks (skipped when ../shared/data is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lingeval.core.conllu import find_cycle, read_conllu, write_conllu
from lingeval.depeval.api import compare_gold_standards, score
from lingeval.depeval.conventions import apply_transformations, list_transformations
from lingeval.depeval.evaluate import DepevalOptions

pytestmark = pytest.mark.shared_data


def _fr(shared: Path) -> tuple[Path, Path]:
    return (
        shared / "treebanks/UD_French-GSD/fr_gsd-ud-dev.conllu",
        shared / "treebanks/SUD_French-GSD/fr_gsd-sud-dev.conllu",
    )


def test_french_gsd_ud_vs_sud_every_word(shared_data: Path) -> None:
    ud, sud = _fr(shared_data)
    r = score(ud, sud)
    assert r.words == 35_721
    assert r.count("directed") == 18_343
    assert r.count("undirected") == 25_010
    assert r.count("ned") == 30_811
    assert round(r.score("directed"), 2) == 51.35
    assert round(r.score("ned"), 2) == 86.25
    assert (
        round(r.score("labeled"), 2) == 27.92
    )  # the CoNLL 2018 evaluator's LAS (subtypes removed)
    assert sum(r.errors.values()) == r.words - r.count("directed")


def test_french_gsd_ud_vs_sud_without_punctuation(shared_data: Path) -> None:
    ud, sud = _fr(shared_data)
    r = score(ud, sud, DepevalOptions(punct="upos"))
    assert r.words == 31_919
    assert round(r.score("directed"), 2) == 50.22
    assert round(r.score("undirected"), 2) == 71.10
    assert round(r.score("ned"), 2) == 89.28


def test_french_gsd_alignment_mode_agrees(shared_data: Path) -> None:
    ud, sud = _fr(shared_data)
    r = score(ud, sud, DepevalOptions(tokenization="align"))
    assert r.count("directed") == 18_343 and r.count("ned") == 30_811


def test_french_gsd_compare_is_the_papers_pattern(shared_data: Path) -> None:
    ud, sud = _fr(shared_data)
    cmp = compare_gold_standards(ud, sud, DepevalOptions(punct="upos"))
    for res in (cmp.a_as_gold, cmp.b_as_gold):
        assert 100 - res.score("ned") < 100 - res.score("undirected") < 100 - res.score("directed")


def test_english_ewt_round_trip_and_transformations(shared_data: Path, tmp_path: Path) -> None:
    src = shared_data / "treebanks/UD_English-EWT/en_ewt-ud-dev.conllu"
    out = tmp_path / "copy.conllu"
    write_conllu(read_conllu(src), out)
    assert out.read_bytes() == src.read_bytes()
    gold = list(read_conllu(src))
    for name in list_transformations():
        for s in apply_transformations(gold, [name]):
            assert find_cycle(s.heads) is None, (name, s.sent_id)
            assert s.heads.count(0) == 1, (name, s.sent_id)
