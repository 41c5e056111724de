"""The second stage of mining (mining.evidence) and the quality helpers (mining.quality)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from lingeval.conjuncts.mining.evidence import DROP_REASONS, KEEP_REASONS, judge
from lingeval.conjuncts.mining.patterns import SentView
from lingeval.conjuncts.mining.quality import gold_gaps, precision_ci, read_labels
from lingeval.core.errors import InputError


def tree(spec: str) -> SentView:
    """``word/UPOS/TAG/deprel/head`` items, 1-based heads (0 = root)."""
    words, pos, tag, dep, head, idx = [], [], [], [], [], []
    offset = 0
    for item in spec.split():
        w, p, t, d, h = item.rsplit("/", 4)
        words.append(w)
        pos.append(p)
        tag.append(t)
        dep.append(d)
        head.append(int(h) - 1)
        idx.append(offset)
        offset += len(w) + 1
    return SentView(" ".join(words), words, pos, dep, head, idx, tag=tag)


def decide(spec: str, patterns: tuple[str, ...] = (), model: str | None = None) -> tuple[bool, str]:
    """The second stage's decision and reason for the first conjunction of ``spec``
    (``model``: a filter version, default the shipped one; ``"rules"`` = the hand rules)."""
    v = tree(spec)
    c = next(i for i in range(len(v.words)) if v.is_conjunction(i))
    ev = judge(v, c, patterns, model=model)
    assert ev.reason in (KEEP_REASONS if ev.kept else DROP_REASONS) and ev.detail
    return ev.kept, ev.reason


def test_ordinary_vp_coordination_is_dropped() -> None:
    # "Mice smell garbage and get attracted": the parser conjoins "get" to "garbage"
    spec = (
        "Mice/NOUN/NNS/nsubj/2 smell/VERB/VBP/ROOT/0 garbage/NOUN/NN/dobj/2 and/CCONJ/CC/cc/3 "
        "get/AUX/VB/auxpass/6 attracted/VERB/VBN/conj/3"
    )
    assert decide(spec) == (False, "vp-coordination")
    # two clauses, the second with its own subject
    spec = (
        "Feet/NOUN/NNS/nsubj/2 moved/VERB/VBD/ROOT/0 and/CCONJ/CC/cc/2 "
        "Chalmers/PROPN/NNP/nsubj/5 felt/VERB/VBD/conj/2"
    )
    assert decide(spec) == (False, "vp-coordination")


def test_conjunction_reduction_restores_the_governing_verb() -> None:
    spec = (
        "He/PRON/PRP/nsubj/2 went/VERB/VBD/ROOT/0 to/ADP/IN/prep/2 Paris/PROPN/NNP/pobj/3 "
        "and/CCONJ/CC/cc/4 London/PROPN/NNP/conj/4"
    )
    v = tree(spec)
    ev = judge(v, 4)
    assert (ev.kept, ev.reason) == (True, "reduction") and "'went'" in ev.detail
    # non-finite conjuncts (gerunds) under a shared verb are reduction, not VP coordination
    spec = (
        "He/PRON/PRP/nsubj/2 found/VERB/VBD/ROOT/0 time/NOUN/NN/dobj/2 for/ADP/IN/prep/3 "
        "studying/VERB/VBG/pcomp/4 and/CCONJ/CC/cc/5 writing/VERB/VBG/conj/5"
    )
    assert decide(spec) == (True, "reduction")


def test_non_candidates_are_dropped_with_their_reason() -> None:
    between = (
        "differences/NOUN/NNS/nsubj/2 exist/VERB/VBP/ROOT/0 between/ADP/IN/prep/2 "
        "cats/NOUN/NNS/pobj/3 and/CCONJ/CC/cc/4 dogs/NOUN/NNS/conj/4"
    )
    assert decide(between) == (False, "collective")
    fixed = (
        "let/VERB/VB/ROOT/0 them/PRON/PRP/nsubj/4 have/VERB/VB/ccomp/1 their/PRON/PRP$/poss/5 "
        "peace/NOUN/NN/dobj/4 and/CCONJ/CC/cc/5 quiet/NOUN/NN/conj/5"
    )
    assert decide(fixed) == (False, "fixed")
    discourse = "Oh/INTJ/UH/intj/5 ,/PUNCT/,/punct/5 and/CCONJ/CC/cc/5 what/PRON/WP/nsubj/5 is/AUX/VBZ/ROOT/0"
    assert decide(discourse) == (False, "discourse")
    modifier = (
        "faced/VERB/VBD/ROOT/0 a/DET/DT/det/6 large/ADJ/JJ/amod/6 and/CCONJ/CC/cc/3 "
        "growing/VERB/VBG/conj/3 outbreak/NOUN/NN/dobj/1"
    )
    assert decide(modifier) == (False, "modifier")
    headline = "interviews/NOUN/NNS/ROOT/0 mathematician/NOUN/NN/appos/1 and/CCONJ/CC/cc/2 writer/NOUN/NN/conj/2"
    assert decide(headline) == (False, "no-verb")


def test_unattached_conjunction_with_a_verbless_remnant_is_stripping() -> None:
    spec = (
        "won/VERB/VBD/ROOT/0 in/ADP/IN/prep/1 1998/NUM/CD/pobj/2 and/CCONJ/CC/cc/3 "
        "again/ADV/RB/advmod/6 on/ADP/IN/prep/1 Brown/PROPN/NNP/pobj/6"
    )
    assert decide(spec) == (True, "stripping")
    # the same unattached "and" before a clause of its own is VP/clause coordination
    spec = (
        "showed/VERB/VBD/ROOT/0 stuff/NOUN/NN/dobj/1 and/CCONJ/CC/cc/2 the/DET/DT/det/5 "
        "beauty/NOUN/NN/nsubj/6 was/AUX/VBD/ccomp/1 apparent/ADJ/JJ/acomp/6"
    )
    assert decide(spec) == (False, "vp-coordination")


def test_extra_shape_patterns_are_their_own_evidence() -> None:
    spec = (
        "we/PRON/PRP/nsubj/2 know/VERB/VBP/ROOT/0 it/PRON/PRP/dobj/2 and/CCONJ/CC/cc/2 "
        "they/PRON/PRP/nsubj/6 do/VERB/VBP/conj/2 n't/PART/RB/neg/6"
    )
    assert decide(spec, ("extra-vp-ellipsis",)) == (True, "vp-ellipsis")


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    from lingeval.core.errors import MissingDependencyError
    from lingeval.core.parsing import load_pipeline

    try:
        return load_pipeline()
    except MissingDependencyError as exc:  # pragma: no cover - the pipeline is a dependency
        pytest.skip(str(exc))


def test_the_resolvers_omission_detector_gives_gapping_evidence(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("Ana speaks French fluently and Pedro German.")
    v = SentView.from_span(doc)
    c = v.words.index("and")
    ev = judge(v, c, ("pos-verb-conj-nonverb",), doc)
    assert ev.kept and ev.reason in ("gapping", "argument-cluster") and "speaks" in ev.detail


# -- quality --------------------------------------------------------------------------------


def test_read_labels_and_its_errors(tmp_path: Path) -> None:
    p = tmp_path / "l.tsv"
    p.write_text("sent_id\toffset\tlabel\tnote\ns1\t4\tgapping\tstripping\ns2\t9\tvp\n", "utf-8")
    labels = read_labels(p)
    assert [(x.sent_id, x.offset, x.positive) for x in labels] == [
        ("s1", 4, True),
        ("s2", 9, False),
    ]
    p.write_text("sent_id\toffset\tlabel\tnote\ns1\tx\tgapping\t\n", "utf-8")
    with pytest.raises(InputError, match="not a number"):
        read_labels(p)
    p.write_text("sent_id\toffset\tlabel\tnote\ns1\t3\tmaybe\t\n", "utf-8")
    with pytest.raises(InputError, match="unknown label 'maybe'"):
        read_labels(p)


def test_precision_ci_is_a_wilson_interval() -> None:
    lo, hi = precision_ci(9, 10)
    assert 55.0 < lo < 60.0 and 98.0 < hi <= 100.0  # Wilson 95 %: 59.6 .. 98.2
    assert all(math.isnan(x) for x in precision_ci(0, 0))


GAPPED = """# sent_id = s1
# text = Ana speaks French and Pedro German.
1\tAna\tAna\tPROPN\tNNP\t_\t2\tnsubj\t2:nsubj\t_
2\tspeaks\tspeak\tVERB\tVBZ\t_\t0\troot\t0:root\t_
3\tFrench\tFrench\tPROPN\tNNP\t_\t2\tobj\t2:obj\t_
4\tand\tand\tCCONJ\tCC\t_\t5\tcc\t5.1:cc\t_
5\tPedro\tPedro\tPROPN\tNNP\t_\t2\tconj\t5.1:nsubj\t_
5.1\tspeaks\tspeak\tVERB\tVBZ\t_\t_\t_\t2:conj:and\t_
6\tGerman\tGerman\tPROPN\tNNP\t_\t5\torphan\t5.1:obj\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_

# sent_id = s2
# text = Ana speaks French and Pedro German.
1\tAna\tAna\tPROPN\tNNP\t_\t2\tnsubj\t2:nsubj\t_
2\tspeaks\tspeak\tVERB\tVBZ\t_\t0\troot\t0:root\t_
3\tFrench\tFrench\tPROPN\tNNP\t_\t2\tobj\t2:obj\t_
4\tand\tand\tCCONJ\tCC\t_\t5\tcc\t5:cc\t_
5\tPedro\tPedro\tPROPN\tNNP\t_\t3\tconj\t3:conj:and\t_
6\tGerman\tGerman\tPROPN\tNNP\t_\t5\tflat\t5:flat\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_

"""


def test_gold_gaps_from_copy_nodes_with_an_and_or_but(tmp_path: Path) -> None:
    p = tmp_path / "g.conllu"
    p.write_text(GAPPED, encoding="utf-8")
    gaps = gold_gaps(p)
    assert [(g.sent_id, g.offset, g.conjunction, g.verb) for g in gaps] == [
        ("s1", 18, "and", "speaks")
    ]
