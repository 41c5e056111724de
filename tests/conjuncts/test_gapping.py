"""The enhanced-UD gapping extractor on hand-written CoNLL-U and on UD_English-EWT."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.conjuncts.data import read_examples
from lingeval.conjuncts.gapping import GappingReport, extract_gapping

# "Josh likes wine and Jane water." with a copy node for the elided "likes" (CopyOf=2),
# then an asyndetic gap (no conjunction) and a relative-clause copy that is not gapping.
FIXTURE = """\
# sent_id = josh
# text = Josh likes wine and Jane water.
1\tJosh\tJosh\tPROPN\tNNP\t_\t2\tnsubj\t2:nsubj\t_
2\tlikes\tlike\tVERB\tVBZ\t_\t0\troot\t0:root\t_
3\twine\twine\tNOUN\tNN\t_\t2\tobj\t2:obj\t_
4\tand\tand\tCCONJ\tCC\t_\t5\tcc\t5.1:cc\t_
5\tJane\tJane\tPROPN\tNNP\t_\t2\tconj\t5.1:nsubj\t_
5.1\tlikes\tlike\tVERB\tVBZ\t_\t_\t_\t2:conj:and\tCopyOf=2
6\twater\twater\tNOUN\tNN\t_\t5\torphan\t5.1:obj\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_

# sent_id = asyndetic
# text = Ann ate figs, Bo dates.
1\tAnn\tAnn\tPROPN\tNNP\t_\t2\tnsubj\t2:nsubj\t_
2\tate\teat\tVERB\tVBD\t_\t0\troot\t0:root\t_
3\tfigs\tfig\tNOUN\tNNS\t_\t2\tobj\t2:obj\tSpaceAfter=No
4\t,\t,\tPUNCT\t,\t_\t5\tpunct\t5:punct\t_
5\tBo\tBo\tPROPN\tNNP\t_\t2\tparataxis\t5.1:nsubj\t_
5.1\tate\teat\tVERB\tVBD\t_\t_\t_\t2:parataxis\tCopyOf=2
6\tdates\tdate\tNOUN\tNNS\t_\t5\torphan\t5.1:obj\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_

# sent_id = relcl
# text = They write what they like.
1\tThey\tthey\tPRON\tPRP\t_\t2\tnsubj\t2:nsubj\t_
2\twrite\twrite\tVERB\tVBP\t_\t0\troot\t0:root\t_
3\twhat\twhat\tPRON\tWP\t_\t2\tobj\t2:obj|5.1:obj\t_
4\tthey\tthey\tPRON\tPRP\t_\t5\tnsubj\t5:nsubj\t_
5\tlike\tlike\tVERB\tVBP\t_\t3\tacl:relcl\t3:acl:relcl\t_
5.1\twrite\twrite\tVERB\tVB\t_\t_\t_\t5:xcomp\tCopyOf=2
6\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_

# sent_id = basic-only
# text = Tea and cake came first and coffee after.
1\tTea\ttea\tNOUN\tNN\t_\t4\tnsubj\t_\t_
2\tand\tand\tCCONJ\tCC\t_\t3\tcc\t_\t_
3\tcake\tcake\tNOUN\tNN\t_\t1\tconj\t_\t_
4\tcame\tcome\tVERB\tVBD\t_\t0\troot\t_\t_
5\tfirst\tfirst\tADV\tRB\t_\t4\tadvmod\t_\t_
6\tand\tand\tCCONJ\tCC\t_\t7\tcc\t_\t_
7\tcoffee\tcoffee\tNOUN\tNN\t_\t4\tconj\t_\t_
8\tafter\tafter\tADV\tRB\t_\t7\torphan\t_\tSpaceAfter=No
9\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_

"""


@pytest.fixture()
def treebank(tmp_path: Path) -> Path:
    p = tmp_path / "gaps.conllu"
    p.write_text(FIXTURE, encoding="utf-8")
    return p


def test_copy_node_becomes_a_task_input(treebank: Path) -> None:
    report = GappingReport()
    (ex,) = list(extract_gapping(treebank, report=report))
    assert ex.id == "josh@5.1"
    assert ex.marked() == "Josh likes wine <SPLIT> and </SPLIT> Jane water."
    assert ex.rewrites == ["Josh likes wine.", "Jane likes water."] and ex.rewritable
    assert ex.meta["phenomenon"] == "gapping"
    assert ex.meta["alignment"] == [
        {"remnant": "Jane", "relation": "nsubj", "correlate": "Josh"},
        {"remnant": "water", "relation": "obj", "correlate": "wine"},
    ]
    assert ex.meta["elided_verb"] == {"form": "likes", "lemma": "like", "xpos": "VBZ", "copy_of": 2}
    assert ex.meta["antecedent"] == {"id": 2, "form": "likes"}
    assert ex.meta["filled"] == "Josh likes wine and Jane likes water."
    assert [(r["form"], r["relation"]) for r in ex.meta["remnants"]] == [
        ("Jane", "nsubj"),
        ("water", "obj"),
    ]
    # the asyndetic gap is counted and skipped; the relative-clause copy is not a gap
    assert report.gaps == 2 and report.extracted == 1 and report.skipped_no_conjunction == 1
    assert report.copy_nodes == 3
    # every copy node has a status
    assert report.statuses == {
        "josh#5.1": "extracted",
        "asyndetic#5.1": "no-conjunction",
        "relcl#5.1": "not-coordination",
    }


def test_orphan_fallback_without_copy_nodes(treebank: Path) -> None:
    found = {e.id: e for e in extract_gapping(treebank, use_orphans=True)}
    assert set(found) == {"josh@5.1", "basic-only@orphan-7"}
    basic = found["basic-only@orphan-7"]
    # the second "and" is the marked one, not the "and" of "Tea and cake"
    assert basic.offset == basic.sentence.rindex("and")
    assert basic.meta["elided_verb"]["form"] == "came" and basic.meta["elided_verb"]["inferred"]


def test_cli_writes_jsonl_readable_by_the_data_reader(
    treebank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gaps.jsonl"
    try:
        main(["conjuncts", "extract-gapping", str(treebank), "-o", str(out), "--json"])
    except SystemExit as exc:
        assert exc.code in (0, None)
    (table,) = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in table["rows"]] == ["josh@5.1"]
    (ex,) = read_examples(out)
    assert ex.conjunction == "and" and ex.rewrites == ["Josh likes wine.", "Jane likes water."]


def test_ewt_has_real_gapping_inputs(shared_data: Path) -> None:
    ewt = shared_data / "treebanks" / "UD_English-EWT"
    report = GappingReport()
    examples = list(extract_gapping(sorted(ewt.glob("*.conllu")), report=report))
    assert report.sentences == 2001 + 2077
    assert examples, "EWT dev/test hold at least one gapping copy node with a conjunction"
    for ex in examples:
        assert ex.sentence[ex.offset : ex.offset + len(ex.conjunction)] == ex.conjunction
        assert ex.meta["elided_verb"]["form"]
        assert ex.meta["remnants"]
    assert any(e.meta["elided_verb"]["lemma"] == "have" for e in examples)
    sx40 = next(e for e in examples if "SX40 only f" in e.sentence)
    assert "the SX40 has only f/2.7" in sx40.meta["filled"]
