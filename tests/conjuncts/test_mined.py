"""The source ``mined`` (issue 11; held out as ``mined-heldout`` in the sixth session,
development data since the seventh): gold written here for real sentences the mining labels
point at, stored as text keys + SHA-1 + templates
(:func:`lingeval.conjuncts.devdata.record_examples`), and the held-out summary. Every sentence and label below is
a fixture written here; the committed gold is checked against ``../shared`` only when present.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from lingeval.conjuncts.authored import make_template, text_sha1
from lingeval.conjuncts.devdata import (
    HELD_OUT_SOURCES,
    SOURCES,
    load_sources,
    record_examples,
)
from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.mining.quality import webnlg_reg_texts
from lingeval.conjuncts.resolvers.base import Resolver
from lingeval.core.errors import LingevalError

TEXT = "Lena rows on Mondays and Omar on Fridays."
CONLLU = """# sent_id = fake-1
# text = Lena rows on Mondays and Omar on Fridays.
1\tLena\tLena\tPROPN\tNNP\t_\t2\tnsubj\t_\t_
2\trows\trow\tVERB\tVBZ\t_\t0\troot\t_\t_
3\ton\ton\tADP\tIN\t_\t4\tcase\t_\t_
4\tMondays\tMonday\tPROPN\tNNPS\t_\t2\tobl\t_\t_
5\tand\tand\tCCONJ\tCC\t_\t6\tcc\t_\t_
6\tOmar\tOmar\tPROPN\tNNP\t_\t2\tconj\t_\t_
7\ton\ton\tADP\tIN\t_\t8\tcase\t_\t_
8\tFridays\tFriday\tPROPN\tNNPS\t_\t6\torphan\t_\tSpaceAfter=No
9\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""
GOLD = ["Lena rows on Mondays.", "Omar rows on Fridays."]
#: a fake mining label row (sent_id, offset, label, note) of the kind the gold was drawn from
LABEL = "fake-1\t21\tgapping\tgapping (subject and PP remnants)\n"


def _record(**change: object) -> dict[str, object]:
    rec: dict[str, object] = {
        "corpus": "ewt",
        "sent_id": "fake-1",
        "label_file": "ewt_mining_labels_fake.tsv",
        "label_offset": 21,
        "span": [0, len(TEXT)],
        "conjunction": "and",
        "offset": 21,
        "text_sha1": text_sha1(TEXT),
        "phenomenon": "gapping",
        "rewritable": True,
        "flag": None,
        "reason": "",
        "rewrites": [make_template(r, TEXT) for r in GOLD],
        "annotator": "test",
    }
    rec.update(change)
    return rec


def _write(tmp_path: Path, *records: dict[str, object], text: str = CONLLU) -> tuple[Path, Path]:
    bank = tmp_path / "bank.conllu"
    bank.write_text(text, encoding="utf-8")
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(r) + "\n" for r in records or [_record()]), "utf-8")
    return gold, bank


def test_fake_label_row_points_at_the_conjunction() -> None:
    _sid, offset, label, _ = LABEL.rstrip("\n").split("\t")
    assert label == "gapping" and TEXT[int(offset) : int(offset) + 3] == "and"
    assert _record()["offset"] == int(offset)


def test_examples_trees_and_metadata(tmp_path: Path) -> None:
    gold, bank = _write(tmp_path)
    examples, trees, notes = record_examples(gold, {"ewt": [bank]})
    [ex] = examples
    assert ex.sentence == TEXT and ex.rewrites == GOLD and ex.rewritable
    assert ex.conjunction == "and" and ex.offset == 21
    assert ex.id == "mined:ewt:fake-1@21" and ex.split == "dev"
    assert ex.meta["held_out"] is False and ex.meta["phenomenon"] == "gapping"
    assert ex.meta["corpus"] == "ewt" and ex.meta["sent_id"] == "fake-1"
    assert list(trees) == ["fake-1"] and notes == []
    # the committed record holds no sentence text: only slots and our own words
    line = gold.read_text(encoding="utf-8")
    assert "Lena" not in line and "Fridays" not in line


def test_absent_corpus_is_skipped_with_a_note(tmp_path: Path) -> None:
    gold, _ = _write(tmp_path)
    examples, trees, notes = record_examples(gold, {})
    assert examples == [] and trees == {}
    assert notes == ["1 ewt item(s) skipped: corpus absent"]
    gone = tmp_path / "nowhere.conllu"
    assert record_examples(gold, {"ewt": [gone]})[0] == []


def test_changed_source_text_is_an_error_not_a_wrong_gold(tmp_path: Path) -> None:
    changed = CONLLU.replace("# text = Lena rows", "# text = Lena swims")
    gold, bank = _write(tmp_path, text=changed)
    with pytest.raises(LingevalError, match=r"gold\.jsonl:1: the text of ewt 'fake-1' changed"):
        record_examples(gold, {"ewt": [bank]})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sent_id": "fake-9"}, "no text 'fake-9' in the ewt corpus"),
        ({"offset": 3}, "no 'and' at offset 3"),
        ({"rewrites": ["{0:500}"]}, "outside a text"),
        ({"corpus": "nope"}, "unknown corpus 'nope'"),
        ({"span": [0, 5]}, "changed"),
        ({"rewritable": False}, "non-rewritable item's gold must be the sentence"),
    ],
)
def test_bad_records_name_file_and_line(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    ok = _record(sent_id="fake-1")
    gold, bank = _write(tmp_path, ok, _record(**change))
    with pytest.raises(LingevalError, match=rf"gold\.jsonl:2: .*{re.escape(message)}"):
        record_examples(gold, {"ewt": [bank]})


def test_missing_key_and_bad_json(tmp_path: Path) -> None:
    rec = _record()
    del rec["text_sha1"]
    gold, bank = _write(tmp_path, rec)
    with pytest.raises(LingevalError, match=r"gold\.jsonl:1: record lacks text_sha1"):
        record_examples(gold, {"ewt": [bank]})
    gold.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(LingevalError, match=r"gold\.jsonl:1: not JSON"):
        record_examples(gold, {"ewt": [bank]})


def test_non_rewritable_item_keeps_the_sentence(tmp_path: Path) -> None:
    rec = _record(
        rewritable=False,
        flag="not-rewritable",
        reason="bound",
        rewrites=[make_template(TEXT, TEXT)],
    )
    gold, bank = _write(tmp_path, rec)
    [ex] = record_examples(gold, {"ewt": [bank]})[0]
    assert not ex.rewritable and ex.rewrites == [TEXT] and ex.meta["flag"] == "not-rewritable"


#: a fake WebNLG dev text of two sentences, as NeuralREG tokens (written here)
REG_TOKENS = ["the", "ferry", "is", "old", ".", "Lena_Berg", "rows", "on", "mondays", "and"]
REG_TOKENS += ["Omar", "on", "fridays", "."]


def write_reg_dev(root: Path, tokens: Sequence[str] = REG_TOKENS) -> tuple[str, str]:
    """Write a NeuralREG ``data/dev.json`` under ``root`` with one instance (the entity
    ``Lena_Berg``, referred to as "Lena") of the text ``tokens``; its WebNLG text key and text."""
    at = list(tokens).index("Lena_Berg")
    inst = {
        "entity": "Lena_Berg",
        "category": "Person",
        "pre_context": list(tokens[:at]),
        "pos_context": list(tokens[at + 1 :]),
        "refex": ["Lena"],
    }
    (root / "data").mkdir(parents=True, exist_ok=True)
    (root / "data" / "dev.json").write_text(json.dumps([inst]), encoding="utf-8")
    [(key, text)] = webnlg_reg_texts(root)
    return key, text


def test_sentence_span_inside_a_webnlg_dev_text(tmp_path: Path) -> None:
    """A WebNLG text holds several sentences: the record's span picks one (fake NeuralREG
    instance written here)."""
    root = tmp_path / "reg"
    key, text = write_reg_dev(root)
    a = text.index("Lena")
    sentence = text[a:]
    assert sentence == "Lena rows on mondays and Omar on fridays."
    rec = _record(
        corpus="webnlgdev",
        sent_id=key,
        span=[a, len(text)],
        offset=sentence.index(" and") + 1,
        text_sha1=text_sha1(sentence),
        rewrites=[
            make_template(r, sentence) for r in ("Lena rows on mondays.", "Omar rows on fridays.")
        ],
    )
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    [ex] = record_examples(gold, {"webnlgdev": [root / "data" / "dev.json"]})[0]
    assert ex.sentence == sentence and ex.rewrites[1] == "Omar rows on fridays."
    assert ex.meta["corpus"] == "webnlgdev"


def _fake_shared(tmp_path: Path) -> tuple[Path, Path]:
    shared = tmp_path / "shared"
    ewt = shared / "treebanks" / "UD_English-EWT"
    ewt.mkdir(parents=True)
    (ewt / "en_ewt-ud-dev.conllu").write_text(CONLLU, encoding="utf-8")
    (ewt / "en_ewt-ud-test.conllu").write_text("", encoding="utf-8")
    bench = tmp_path / "bench"
    bench.mkdir()
    (bench / "mined_gold.jsonl").write_text(json.dumps(_record()) + "\n", encoding="utf-8")
    return shared, bench


def test_load_sources_loads_the_mined_source_as_development_data(tmp_path: Path) -> None:
    shared, bench = _fake_shared(tmp_path)
    assert "mined" in SOURCES and "mined" not in HELD_OUT_SOURCES
    loaded = load_sources(shared, bench)  # default: every development source
    [ex] = loaded["mined"].examples
    assert ex.rewrites == GOLD and set(loaded["mined"].trees) == {"fake-1"}
    assert ex.split == "dev" and ex.meta["held_out"] is False
    assert load_sources(shared, bench, names=["mined"]).keys() == {"mined"}
    # no ../shared: skipped cleanly, not an error
    assert load_sources(None, bench, names=["mined"]) == {}


def test_mined_source_stays_out_of_the_synthetic_text(repo_root: Path) -> None:
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_quality
        import conjuncts_ranker
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    assert "mined" in conjuncts_ranker.HELD_SOURCES  # its sentences are removed from it
    assert "mined" in conjuncts_quality.TREEBANK_SOURCES  # oracle for the EWT/PUD items


def _templates_hold_no_text(rewrites: list[str]) -> bool:
    literal = re.sub(r"\{\d+:\d+\}", "|", " ".join(rewrites))
    return all(len(part.split()) <= 3 for part in literal.split("|"))


def check_committed_records(records: Sequence[dict[str, Any]]) -> None:
    """The form every committed text-key gold file shares (``mined``, the held-out sets): one
    record per (corpus, key, offset), a SHA-1, templates that hold no sentence text, a reason
    exactly for flagged items, and a blind annotator."""
    keys = [(r["corpus"], r["sent_id"], r["offset"]) for r in records]
    assert len(set(keys)) == len(keys)
    for r in records:
        assert re.fullmatch(r"[0-9a-f]{40}", str(r["text_sha1"]))
        assert _templates_hold_no_text(r["rewrites"]), r["sent_id"]
        assert r["flag"] in (None, "garbled", "not-rewritable")
        assert bool(r["reason"]) == (r["flag"] is not None)
        assert "blind" in str(r["annotator"])


def test_committed_gold_is_well_formed(repo_root: Path) -> None:
    path = repo_root / "benchmarks" / "data" / "conjuncts" / "mined_gold.jsonl"
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 48
    check_committed_records(records)
    assert all(r["rewritable"] == (len(r["rewrites"]) > 1) for r in records)


def test_committed_gold_against_the_shared_data(shared_data: Path, repo_root: Path) -> None:
    sources = load_sources(
        shared_data, repo_root / "benchmarks" / "data" / "conjuncts", names=["mined"]
    )
    src = sources["mined"]
    assert len(src.examples) == 48 and src.notes == []
    from lingeval.conjuncts.annotation.checks import check_rewrite_set, message, passed

    for ex in src.examples:
        assert ex.rewrites and all(r != ex.sentence for r in ex.rewrites) == ex.rewritable
        # the paper's checks of an annotation (section 4.2): distinct sentences, the marked
        # conjunction gone, no new content words
        res = check_rewrite_set(
            ex.sentence, ex.conjunction, ex.offset, list(ex.rewrites), rewritable=ex.rewritable,
            explanation=ex.meta["reason"] or "gold",
        )  # fmt: skip
        assert passed(res), (ex.id, message(res))
    # the EWT and PUD items have their gold trees (oracle runs)
    assert len(src.trees) == sum(ex.meta["corpus"] in ("ewt", "pud") for ex in src.examples)


def _held_examples() -> list[ConjunctExample]:
    def ex(i: str, sentence: str, rewrites: list[str], **meta: object) -> ConjunctExample:
        off = sentence.index(" and ") + 1
        meta = {"source": "some-heldout", "flag": None, **meta}
        return ConjunctExample(i, sentence, "and", off, rewrites, len(rewrites) > 1, meta=meta)

    return [
        ex("h1", "Josh likes wine and Jane water.", ["Josh likes wine.", "Jane likes water."],
           phenomenon="gapping", corpus="webnlg"),
        ex("h2", "Ann reads novels and Bo poems.", ["Ann reads novels.", "Bo reads poems."],
           phenomenon="gapping", corpus="ewt"),
        ex("h3", "Kim sings songs and also hymns.", ["Kim sings songs.", "Kim also sings hymns."],
           phenomenon="stripping", corpus="pud"),
        ex("h4", "Lee and Sam met, both of them.", ["Lee and Sam met, both of them."],
           phenomenon="gapping", corpus="webnlgdev", flag="not-rewritable"),
    ]  # fmt: skip


class _Right(Resolver):
    """Returns the gold for h1 and h3, the input unchanged otherwise (a fixture resolver)."""

    name = "scripted"

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        return [list(ex.rewrites) if ex.id in ("h1", "h3") else [ex.sentence] for ex in batch]


def test_held_out_summary_keeps_flagged_items_apart_and_gives_intervals() -> None:
    pytest.importorskip("spacy")
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.quality import evaluate_examples, summarise_heldout

    options = MetricOptions(aggregation="macro", bootstrap=0)
    records = evaluate_examples(_Right(), _held_examples(), source="some-heldout", options=options)
    table = summarise_heldout(records, options, resamples=200)
    assert set(table.scope) == {"held out"}
    clean = table[(table.kind == "all")].iloc[0]
    assert clean.group == "clean" and clean.n == 3  # the flagged item is not in it
    assert clean.exact_match == pytest.approx(200 / 3)
    assert clean.em_lo <= clean.exact_match <= clean.em_hi and clean.em_lo < clean.em_hi
    assert clean.f1_lo <= clean.f1 <= clean.f1_hi
    flagged = table[table.kind == "flagged"].set_index("group")
    assert flagged.loc["not-rewritable", "n"] == 1 and flagged.loc["not-rewritable", "exact_match"] == 100  # fmt: skip
    corpus = table[table.kind == "corpus"].set_index("group")
    assert corpus.loc["WebNLG", "n"] == 1 and corpus.loc["EWT+PUD", "n"] == 2
    assert "webnlgdev" not in corpus.index  # only flagged there
    phen = table[table.kind == "phenomenon"].set_index("group")
    assert phen.loc["stripping", "exact_match"] == 100 and phen.loc["gapping", "exact_match"] == 50


def test_quality_benchmark_prints_the_held_out_section_apart(
    repo_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("spacy")
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.quality import evaluate_examples

    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import conjuncts_quality
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    options = MetricOptions(aggregation="macro", bootstrap=0)
    records = evaluate_examples(
        _Right(), _held_examples(), source="some-heldout", options=options, system="rules"
    )
    table = conjuncts_quality.show_held_out(records, options)
    out = capsys.readouterr().out
    assert "## held out (real text, gold written here blind)" in out
    assert "aggregation=macro" in out and "flagged items" in out
    row = table[(table.kind == "all")].iloc[0]
    assert row["EM [95% CI]"].startswith("66.7 [")
