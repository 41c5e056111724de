"""The blind held-out source ``webnlg-heldout`` (issue 11, eighth session): WebNLG sentences
with a verbal omission that no mining label file and no development source holds, gold written
here blind, stored as text keys + SHA-1 + templates
(:func:`lingeval.conjuncts.devdata.record_examples`). Every sentence below is a fixture written
here. No test runs a resolver on the held-out items or prints its output: the committed gold is
checked only for its form, against ``../shared`` (when present) and against the paper's
annotation checks.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from lingeval.conjuncts.authored import make_template, text_sha1
from lingeval.conjuncts.devdata import (
    HELD_OUT_SOURCES,
    SOURCES,
    load_sources,
    record_corpora,
)
from lingeval.core.errors import LingevalError
from tests.conjuncts.test_mined import REG_TOKENS, check_committed_records, write_reg_dev
from tests.conjuncts.test_treebank_heldout import run_held_out_alone

NAME = "webnlg-heldout"
GOLD_FILE = "webnlg_heldout_gold.jsonl"
SENTENCE = "Lena rows on mondays and Omar on fridays."
GOLD = ["Lena rows on mondays.", "Omar rows on fridays."]
REG = Path("reg") / "webnlg_reg_v1.5_seen_unseen"


def _fake_shared(tmp_path: Path) -> tuple[Path, Path]:
    """A ``../shared/data`` with a one-instance NeuralREG dev file, and a benchmark folder with
    a ``webnlg-heldout`` gold file of one record pointing into it."""
    shared = tmp_path / "shared"
    key, text = write_reg_dev(shared / REG)
    a = text.index("Lena")
    assert text[a:] == SENTENCE
    rec = {
        "corpus": "webnlgdev",
        "sent_id": key,
        "selection": "verbless",
        "span": [a, len(text)],
        "conjunction": "and",
        "offset": SENTENCE.index(" and") + 1,
        "text_sha1": text_sha1(SENTENCE),
        "phenomenon": "gapping",
        "shape": "gapping",
        "rewritable": True,
        "flag": None,
        "reason": "",
        "rewrites": [make_template(r, SENTENCE) for r in GOLD],
        "annotator": "test",
    }
    bench = tmp_path / "bench"
    bench.mkdir()
    (bench / GOLD_FILE).write_text(json.dumps(rec) + "\n", encoding="utf-8")
    return shared, bench


def _benchmarks(repo_root: Path) -> tuple[object, object]:
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_quality
        import conjuncts_ranker
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    return conjuncts_quality, conjuncts_ranker


def test_it_is_held_out_and_never_fitted_on(repo_root: Path) -> None:
    from lingeval.conjuncts.quality import POOLS

    assert NAME in SOURCES and NAME in HELD_OUT_SOURCES
    _, ranker = _benchmarks(repo_root)
    assert NAME in ranker.HELD_SOURCES  # type: ignore[attr-defined]  # out of the synthetic text
    assert NAME not in ranker.DEV_SOURCES  # type: ignore[attr-defined]  # never a fit source
    assert all(NAME not in members for members in POOLS.values())


def test_absent_or_empty_gold_gives_no_items(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "reg").mkdir(parents=True)
    bench = tmp_path / "bench"
    bench.mkdir()
    assert load_sources(shared, bench, names=[NAME]) == {}  # no gold file
    (bench / GOLD_FILE).write_text("", encoding="utf-8")
    assert load_sources(shared, bench, names=[NAME]) == {}  # an empty one
    assert load_sources(None, bench, names=[NAME]) == {}  # no ../shared


def test_loader_rebuilds_the_item_only_when_named(tmp_path: Path) -> None:
    shared, bench = _fake_shared(tmp_path)
    assert NAME not in load_sources(shared, bench)  # default: development sources only
    src = load_sources(shared, bench, names=[NAME])[NAME]
    [ex] = src.examples
    assert ex.sentence == SENTENCE and ex.rewrites == GOLD and ex.rewritable
    assert ex.split == "heldout" and ex.meta["held_out"] is True
    assert ex.meta["source"] == NAME and ex.meta["corpus"] == "webnlgdev"
    assert ex.meta["construction"] == "gapping" and src.notes == [] and src.trees == {}
    assert ex.id.startswith(f"{NAME}:webnlgdev:")
    # the stored record holds slots and our own words, never the sentence
    stored = (bench / GOLD_FILE).read_text(encoding="utf-8")
    assert "Omar" not in stored and "fridays" not in stored
    # the corpus absent: skipped with a note, not an error
    (shared / REG / "data" / "dev.json").unlink()
    assert load_sources(shared, bench, names=[NAME]) == {}


def test_changed_text_is_an_error_naming_file_and_line(tmp_path: Path) -> None:
    shared, bench = _fake_shared(tmp_path)
    # the corpus now says "Omer" where the gold was written for "Omar"; the record names the
    # new text's key (WebNLG dev keys are SHA-1 prefixes of the text), so only the SHA-1 of
    # the sentence tells the texts apart
    key, _ = write_reg_dev(shared / REG, [("Omer" if t == "Omar" else t) for t in REG_TOKENS])
    rec = json.loads((bench / GOLD_FILE).read_text(encoding="utf-8"))
    assert key != rec["sent_id"]
    rec["sent_id"] = key
    (bench / GOLD_FILE).write_text(json.dumps(rec) + "\n", encoding="utf-8")
    with pytest.raises(LingevalError, match=rf"{re.escape(GOLD_FILE)}:1: the text of webnlgdev"):
        load_sources(shared, bench, names=[NAME])


def test_quality_benchmark_scores_the_held_out_section_alone(
    tmp_path: Path,
    repo_root: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--held-out --sources webnlg-heldout`` (the lead's one scoring run) loads no development
    source and prints only the held-out section (fixture sentence written here)."""
    pytest.importorskip("spacy")
    quality, _ = _benchmarks(repo_root)
    shared, bench = _fake_shared(tmp_path)
    _, payload = run_held_out_alone(quality, NAME, shared, bench, tmp_path, monkeypatch, capsys)
    assert payload["sources"] == {NAME: 1}
    held = payload["held_out"]
    modes = {(r["system"], r["mode"]) for r in held["table"] if r["kind"] == "all"}
    assert ("rules", "parsed") in modes and not any(m == "oracle" for _, m in modes)
    corpus = {r["group"] for r in held["table"] if r["kind"] == "corpus"}
    assert "WebNLG" in corpus


def test_selection_query_finds_omissions_and_tells_reduction_apart(repo_root: Path) -> None:
    """The selection's patterns on sentences written here (spaCy parse, no resolver)."""
    pytest.importorskip("spacy")
    from lingeval.core.parsing import load_pipeline

    try:
        nlp = load_pipeline()
    except Exception:  # pragma: no cover - no installed pipeline
        pytest.skip("no spaCy pipeline")
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_webnlg_select as select
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))

    def fired(text: str) -> list[str]:
        doc = nlp(text)
        [cc] = [w for w in doc if w.lower_ == "and"]
        return select.patterns(doc[:], cc, set())

    assert "strip-adv" in fired("Kim plays for Ajax and also for the Porto club.")
    assert "strip-end" in fired("Kim plays for Ajax, and Lou too.")
    assert "np+pp" in fired("The ship made its first trip on May 2 and its last trip on June 9.")
    # coordinated phrases of one verb are read too, but under a pattern of their own
    assert fired("Kim plays for Ajax and Porto.") == ["verbless-one"]
    assert fired("Kim plays for Ajax and she sings in a choir.") == []


# --------------------------------------------------------------------------------------------
# The committed gold (no resolver output is read; form, ../shared and the paper's checks only)


def _committed(repo_root: Path) -> list[dict[str, object]]:
    path = repo_root / "benchmarks" / "data" / "conjuncts" / GOLD_FILE
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_committed_gold_is_well_formed(repo_root: Path) -> None:
    records = _committed(repo_root)
    assert len(records) == 29
    check_committed_records(records)
    assert {r["corpus"] for r in records} <= {"webnlg", "webnlgdev"}
    assert Counter(str(r["phenomenon"]) for r in records) == {
        "argument-cluster": 12,
        "stripping": 10,
        "gapping": 7,
    }
    assert all(r["rewritable"] and len(r["rewrites"]) > 1 for r in records)  # type: ignore[arg-type]
    assert sum(r["flag"] == "garbled" for r in records) == 1


def test_committed_gold_against_the_shared_data(shared_data: Path, repo_root: Path) -> None:
    """Every item rebuilds from ``../shared``, and the paper's checks of an annotation (section
    4.2: distinct sentences, the marked conjunction gone, no new content words) accept it."""
    from lingeval.conjuncts.annotation.checks import check_rewrite_set, message, passed

    src = load_sources(shared_data, repo_root / "benchmarks" / "data" / "conjuncts", names=[NAME])[
        NAME
    ]
    assert len(src.examples) == 29 and src.notes == []
    for ex in src.examples:
        assert ex.meta["held_out"] and len(ex.rewrites) >= 2
        assert all(r != ex.sentence for r in ex.rewrites)
        res = check_rewrite_set(
            ex.sentence, ex.conjunction, ex.offset, list(ex.rewrites), rewritable=ex.rewritable,
            explanation=ex.meta["reason"] or "gold",
        )  # fmt: skip
        assert passed(res), (ex.id, message(res))


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def test_no_sentence_is_in_a_development_source_or_a_label_file(
    shared_data: Path, repo_root: Path
) -> None:
    """No held-out sentence is a sentence of a development source (by text), and none holds
    (anywhere in WebNLG, by text) a conjunction that a mining label file labels."""
    from lingeval.conjuncts.mining.quality import read_labels, webnlg_reg_texts, webnlg_texts

    data = repo_root / "benchmarks" / "data" / "conjuncts"
    held = load_sources(shared_data, data, names=[NAME])[NAME].examples
    sentences = {_norm(ex.sentence) for ex in held}
    development = load_sources(shared_data, data)  # every development source
    assert development and NAME not in development
    dev_texts = {_norm(ex.sentence) for src in development.values() for ex in src.examples}
    assert not sentences & dev_texts
    corpora = record_corpora(shared_data)
    texts = dict(webnlg_texts(corpora["webnlg"][0]))
    texts.update(webnlg_reg_texts(corpora["webnlgdev"][0].parent.parent))
    labelled = [
        (texts[lab.sent_id], lab.offset)
        for path in sorted(data.glob("*mining_labels*.tsv"))
        for lab in read_labels(path)
        if lab.sent_id in texts
    ]
    assert len(labelled) > 400  # the WebNLG label rows were found
    for ex in held:
        for text, offset in labelled:
            at = text.find(ex.sentence)
            while at >= 0:
                assert not at <= offset < at + len(ex.sentence), ex.id
                at = text.find(ex.sentence, at + 1)
