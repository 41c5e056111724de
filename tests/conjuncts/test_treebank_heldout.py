"""The blind held-out source ``treebank-heldout`` (issue 11, seventh session): GUM-train and
EWT-test sentences picked from their gold trees, gold written here blind, stored as text keys +
SHA-1 + templates (:func:`lingeval.conjuncts.devdata.record_examples`). Every sentence below is
a fixture written here. No test prints or checks a resolver's output on the held-out items:
the committed gold is checked only for its form and against the paper's annotation checks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from lingeval.conjuncts.authored import make_template, text_sha1
from lingeval.conjuncts.devdata import (
    HELD_OUT_SOURCES,
    SOURCES,
    load_sources,
    record_corpora,
    record_examples,
)
from lingeval.core.errors import LingevalError
from tests.conjuncts.test_mined import check_committed_records

TEXT = "Mira paints walls in May and Theo doors in June."
CONLLU = """# sent_id = GUM_fake_walls-3
# text = Mira paints walls in May and Theo doors in June.
1\tMira\tMira\tPROPN\tNNP\t_\t2\tnsubj\t_\t_
2\tpaints\tpaint\tVERB\tVBZ\t_\t0\troot\t_\t_
3\twalls\twall\tNOUN\tNNS\t_\t2\tobj\t_\t_
4\tin\tin\tADP\tIN\t_\t5\tcase\t_\t_
5\tMay\tMay\tPROPN\tNNP\t_\t2\tobl\t_\t_
6\tand\tand\tCCONJ\tCC\t_\t7\tcc\t_\t_
7\tTheo\tTheo\tPROPN\tNNP\t_\t2\tconj\t_\t_
8\tdoors\tdoor\tNOUN\tNNS\t_\t7\torphan\t_\t_
9\tin\tin\tADP\tIN\t_\t10\tcase\t_\t_
10\tJune\tJune\tPROPN\tNNP\t_\t7\torphan\t_\tSpaceAfter=No
11\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""
GOLD = ["Mira paints walls in May.", "Theo paints doors in June."]
EWT_TEXT = "The shop sells bread, but not cake."
EWT = """# sent_id = fake-ewt-0001
# text = The shop sells bread, but not cake.
1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_
2\tshop\tshop\tNOUN\tNN\t_\t3\tnsubj\t_\t_
3\tsells\tsell\tVERB\tVBZ\t_\t0\troot\t_\t_
4\tbread\tbread\tNOUN\tNN\t_\t3\tobj\t_\tSpaceAfter=No
5\t,\t,\tPUNCT\t,\t_\t8\tpunct\t_\t_
6\tbut\tbut\tCCONJ\tCC\t_\t8\tcc\t_\t_
7\tnot\tnot\tPART\tRB\t_\t8\tadvmod\t_\t_
8\tcake\tcake\tNOUN\tNN\t_\t4\tconj\t_\tSpaceAfter=No
9\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

"""
EWT_GOLD = ["The shop sells bread.", "The shop does not sell cake."]


def _record(**change: object) -> dict[str, object]:
    rec: dict[str, object] = {
        "corpus": "gum",
        "sent_id": "GUM_fake_walls-3",
        "span": [0, len(TEXT)],
        "conjunction": "and",
        "offset": TEXT.index(" and ") + 1,
        "text_sha1": text_sha1(TEXT),
        "phenomenon": "gapping",
        "shape": "subject+object+pp",
        "selection": "orphan",
        "rewritable": True,
        "flag": None,
        "reason": "",
        "note": "",
        "rewrites": [make_template(r, TEXT) for r in GOLD],
        "annotator": "test, blind",
    }
    rec.update(change)
    return rec


def _ewt_record() -> dict[str, object]:
    return _record(
        corpus="ewt",
        sent_id="fake-ewt-0001",
        span=[0, len(EWT_TEXT)],
        conjunction="but",
        offset=EWT_TEXT.index("but"),
        text_sha1=text_sha1(EWT_TEXT),
        phenomenon="stripping",
        rewrites=[make_template(r, EWT_TEXT) for r in EWT_GOLD],
    )


def _fake_shared(tmp_path: Path, gum: str = CONLLU) -> tuple[Path, Path]:
    """A ``../shared/data`` with a GUM-train and EWT dev/test of fixture sentences, and a
    benchmark folder with a held-out gold file of two records."""
    shared = tmp_path / "shared"
    (shared / "treebanks" / "GUM-train").mkdir(parents=True)
    (shared / "treebanks" / "GUM-train" / "en_gum-train.conllu").write_text(gum, "utf-8")
    ewt = shared / "treebanks" / "UD_English-EWT"
    ewt.mkdir(parents=True)
    (ewt / "en_ewt-ud-dev.conllu").write_text("", encoding="utf-8")
    (ewt / "en_ewt-ud-test.conllu").write_text(EWT, encoding="utf-8")
    bench = tmp_path / "bench"
    bench.mkdir()
    lines = [json.dumps(r) + "\n" for r in (_record(), _ewt_record())]
    (bench / "treebank_heldout_gold.jsonl").write_text("".join(lines), encoding="utf-8")
    return shared, bench


def test_held_out_examples_from_gum_and_ewt(tmp_path: Path) -> None:
    shared, bench = _fake_shared(tmp_path)
    gold = bench / "treebank_heldout_gold.jsonl"
    examples, trees, notes = record_examples(
        gold, record_corpora(shared), source="treebank-heldout", split="heldout"
    )
    gum, ewt = examples
    assert gum.sentence == TEXT and gum.rewrites == GOLD and gum.offset == 25
    assert gum.id == "treebank-heldout:gum:GUM_fake_walls-3@25"
    assert gum.split == "heldout" and gum.meta["held_out"] is True
    assert gum.meta["source"] == "treebank-heldout" and gum.meta["corpus"] == "gum"
    assert gum.meta["construction"] == "subject+object+pp"
    assert ewt.rewrites == EWT_GOLD and ewt.meta["phenomenon"] == "stripping"
    assert set(trees) == {"GUM_fake_walls-3", "fake-ewt-0001"} and notes == []
    # the stored records hold slots and our own words, never the sentence
    stored = gold.read_text(encoding="utf-8")
    assert "Theo" not in stored and "bread" not in stored


def test_load_sources_loads_it_only_when_named_and_skips_without_shared(tmp_path: Path) -> None:
    shared, bench = _fake_shared(tmp_path)
    assert "treebank-heldout" in SOURCES and "treebank-heldout" in HELD_OUT_SOURCES
    assert "treebank-heldout" not in load_sources(shared, bench)  # default: development only
    named = load_sources(shared, bench, names=["treebank-heldout"])
    src = named["treebank-heldout"]
    assert [ex.rewrites for ex in src.examples] == [GOLD, EWT_GOLD]
    assert set(src.trees) == {"GUM_fake_walls-3", "fake-ewt-0001"}
    assert load_sources(None, bench, names=["treebank-heldout"]) == {}
    # a corpus that is absent is skipped with a note, not an error
    (shared / "treebanks" / "GUM-train" / "en_gum-train.conllu").unlink()
    partial = load_sources(shared, bench, names=["treebank-heldout"])["treebank-heldout"]
    assert [ex.meta["corpus"] for ex in partial.examples] == ["ewt"]
    assert partial.notes == ["1 gum item(s) skipped: corpus absent"]


def test_changed_gum_text_is_an_error_naming_file_and_line(tmp_path: Path) -> None:
    shared, bench = _fake_shared(tmp_path, gum=CONLLU.replace("text = Mira", "text = Mara"))
    with pytest.raises(LingevalError, match=r"treebank_heldout_gold\.jsonl:1: the text of gum"):
        load_sources(shared, bench, names=["treebank-heldout"])


def _benchmarks(repo_root: Path) -> tuple[object, object, object]:
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_coverage
        import conjuncts_quality
        import conjuncts_ranker
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    return conjuncts_coverage, conjuncts_quality, conjuncts_ranker


def test_held_out_source_is_never_fitted_on(repo_root: Path) -> None:
    """The ranker benchmark (the only fit) never uses a held-out source as development data and
    removes its sentences from the synthetic text; the development pools do not hold it; the
    quality benchmark runs it on gold trees too."""
    from lingeval.conjuncts.quality import POOLS

    coverage, quality, ranker = _benchmarks(repo_root)
    held = set(HELD_OUT_SOURCES)
    assert held == {"treebank-heldout", "webnlg-heldout"}
    assert not held & set(ranker.DEV_SOURCES)  # type: ignore[attr-defined]
    assert held <= set(ranker.HELD_SOURCES)  # type: ignore[attr-defined]
    assert not held & set(coverage.DEFAULT_SOURCES.split(","))  # type: ignore[attr-defined]
    assert all(not held & members for members in POOLS.values())
    # the treebank set runs on gold trees too (WebNLG text has none)
    assert "treebank-heldout" in quality.TREEBANK_SOURCES  # type: ignore[attr-defined]
    # naming one is refused before anything is loaded (exit code 2, argparse's one line)
    with pytest.raises(SystemExit) as stop:
        coverage.main(["--sources", f"paper,{sorted(held)[0]}", "--json"])  # type: ignore[attr-defined]
    assert stop.value.code == 2


def run_held_out_alone(
    quality: Any,
    name: str,
    shared: Path,
    bench: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[str, dict[str, Any]]:
    """Run ``conjuncts_quality.py --held-out --sources NAME`` on a fake ``../shared`` and
    benchmark folder; the printed text and the JSON payload. Checks what every held-out run
    must show: the held-out section only, no development source loaded."""
    monkeypatch.setattr(quality, "SHARED_DATA", shared)
    monkeypatch.setattr(quality, "DATA", bench)
    monkeypatch.setattr(quality, "OUT", tmp_path / "out")
    out = tmp_path / "q.json"
    argv = ["--held-out", "--sources", name, "--aggregation", "macro", "--out", str(out)]
    assert quality.main(argv) == 0
    printed = capsys.readouterr().out
    assert "## held out (real text, gold written here blind)" in printed
    assert "DEVELOPMENT numbers" not in printed
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert payload["table"] == [] and payload["held_out"]["sources"] == [name]
    assert "bootstrap:1000" in payload["held_out"]["signature"]
    return printed, payload


def test_quality_benchmark_scores_the_held_out_section_alone(
    tmp_path: Path,
    repo_root: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--held-out --sources treebank-heldout`` loads no development source and prints only the
    held-out section (fixture sentences written here)."""
    pytest.importorskip("spacy")
    _, quality, _ = _benchmarks(repo_root)
    shared, bench = _fake_shared(tmp_path)
    printed, payload = run_held_out_alone(
        quality, "treebank-heldout", shared, bench, tmp_path, monkeypatch, capsys
    )
    assert payload["sources"] == {"treebank-heldout": 2}
    held = payload["held_out"]
    modes = {(r["system"], r["mode"]) for r in held["table"] if r["kind"] == "all"}
    assert ("rules", "oracle") in modes and ("copy-k", "parsed") in modes
    assert {r["n"] for r in held["table"] if r["kind"] == "all"} == {2}
    # the records' finer shape is a slice of its own
    shapes = {r["group"] for r in held["table"] if r["kind"] == "construction"}
    assert shapes == {"subject+object+pp"}
    assert "per construction" in printed


def _committed(repo_root: Path) -> list[dict[str, object]]:
    path = repo_root / "benchmarks" / "data" / "conjuncts" / "treebank_heldout_gold.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_committed_gold_is_well_formed(repo_root: Path) -> None:
    records = _committed(repo_root)
    assert len(records) == 51
    assert {r["corpus"] for r in records} == {"gum", "ewt"}
    check_committed_records(records)
    for r in records:
        assert r["rewritable"] == (r["flag"] != "not-rewritable")
        assert r["phenomenon"] in ("gapping", "argument-cluster", "stripping")


def _convention(note: str, check: str, words: tuple[str, ...]) -> bool:
    """A failed annotation check that the gold's written conventions allow: a word whose drop
    the record's note names in quotes (the correlative "not only X but Y" passes the checks
    themselves)."""
    return check == "coverage" and all(f"'{w}'" in note for w in words)


def test_convention_allows_only_the_documented_deviations() -> None:
    assert _convention("'once' dropped", "coverage", ("once",))
    assert not _convention("", "coverage", ("once",))
    assert not _convention("'once'", "identical", ("once",))
    assert not _convention("'not'", "polarity", ("not",))


def test_committed_gold_against_the_shared_data(shared_data: Path, repo_root: Path) -> None:
    """Every record finds its unchanged sentence and passes the paper's checks of an
    annotation (section 4.2), up to the documented conventions; no sentence is a development
    item."""
    from lingeval.conjuncts.annotation.checks import check_rewrite_set

    bench = repo_root / "benchmarks" / "data" / "conjuncts"
    notes = {str(r["sent_id"]): str(r["note"]) for r in _committed(repo_root)}
    src = load_sources(shared_data, bench, names=["treebank-heldout"])["treebank-heldout"]
    assert len(src.examples) == 51 and src.notes == []
    assert len(src.trees) == 51  # every item has its gold tree (oracle runs)
    for ex in src.examples:
        assert all(r != ex.sentence for r in ex.rewrites) == ex.rewritable
        res = check_rewrite_set(
            ex.sentence, ex.conjunction, ex.offset, list(ex.rewrites), rewritable=ex.rewritable,
            explanation=ex.meta["reason"] or "gold",
        )  # fmt: skip
        failed = [r for r in res if not r.ok and r.severity == "error"]
        note = notes[ex.meta["sent_id"]]
        assert all(_convention(note, r.check, tuple(r.words)) for r in failed), (
            ex.id,
            [r.reason for r in failed],
        )
    dev = load_sources(shared_data, bench)
    dev_ids = {str(ex.meta.get("sent_id")) for s in dev.values() for ex in s.examples}
    dev_text = {ex.sentence for s in dev.values() for ex in s.examples}
    assert not {ex.meta["sent_id"] for ex in src.examples} & dev_ids
    assert not {ex.sentence for ex in src.examples} & dev_text


def test_selection_query_finds_omissions_in_gold_trees(repo_root: Path) -> None:
    """The resolver-independent query of benchmarks/conjuncts_heldout_select.py on fixture
    trees: an orphan (gapping), "but not" (stripping); a plain noun-phrase coordination is no
    candidate."""
    from lingeval.core.conllu import parse_conllu_string

    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_heldout_select as select
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    plain = EWT.replace("but not cake", "but fresh cake").replace(
        "7\tnot\tnot\tPART\tRB\t_\t8\tadvmod", "7\tfresh\tfresh\tADJ\tJJ\t_\t8\tamod"
    )
    found = {}
    for text in (CONLLU, EWT, plain):
        [sent] = list(parse_conllu_string(text))
        offsets = select.word_offsets(sent)
        found[sent.text] = [(offsets[c.id], p) for c, p in select.patterns(sent)]
    assert found[TEXT] == [(25, "orphan"), (25, "verbless")]
    assert found[EWT_TEXT] == [(EWT_TEXT.index("but"), "stripping")]
    assert found["The shop sells bread, but fresh cake."] == []
    assert select.norm("Ann's  CAT, too!") == "ann s cat too"
