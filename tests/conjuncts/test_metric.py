"""The verb-nucleus metric on the paper's worked examples (section 6, A.5), with hand parses.

Hand-written parses (spaCy English labels, 1-based heads) keep these tests independent of a
parser's mistakes; ``test_metric_spacy.py`` runs the same examples through a real pipeline.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.metric import (
    MetricOptions,
    baselines,
    evaluate,
    normalise_for_exact_match,
    score,
)
from lingeval.conjuncts.nuclei import NucleusSpec, analyse, format_nucleus, tokens_from_rows
from lingeval.conjuncts.parse_features import TableAnalyzer
from lingeval.core.errors import LingevalError

# --- "Josh likes wine and Jane water" (section 1, Figure 2: the parser's compound misreading) --
JOSH_IN = "Josh likes wine and Jane water."
JOSH_G1 = "Josh likes wine."
JOSH_G2 = "Jane likes water."
JOSH_WRONG = "Jane likes wine."
# --- the governor example of A.5 (negation) ----------------------------------------------------
GOV_IN = "The governor urged the public not to panic and to follow his reports closely."
GOV_G1 = "The governor urged the public not to panic."
GOV_G2 = "The governor urged the public to follow his reports closely."
GOV_NEG = "The governor urged the public not to follow his reports closely."
# --- a non-rewritable (reciprocal) example -----------------------------------------------------
MET = "Anna and Ben met in Oslo."

PARSES: dict[str, list[tuple[str, str, str, int]]] = {
    JOSH_IN: [
        ("Josh", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("wine", "NN", "dobj", 2),
        ("and", "CC", "cc", 3),
        ("Jane", "NNP", "compound", 6),
        ("water", "NN", "conj", 3),
        (".", ".", "punct", 2),
    ],
    JOSH_G1: [
        ("Josh", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("wine", "NN", "dobj", 2),
        (".", ".", "punct", 2),
    ],
    JOSH_G2: [
        ("Jane", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("water", "NN", "dobj", 2),
        (".", ".", "punct", 2),
    ],
    JOSH_WRONG: [
        ("Jane", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("wine", "NN", "dobj", 2),
        (".", ".", "punct", 2),
    ],
    GOV_IN: [
        ("The", "DT", "det", 2),
        ("governor", "NN", "nsubj", 3),
        ("urged", "VBD", "ROOT", 0),
        ("the", "DT", "det", 5),
        ("public", "NN", "dobj", 3),
        ("not", "RB", "neg", 8),
        ("to", "TO", "aux", 8),
        ("panic", "VB", "xcomp", 3),
        ("and", "CC", "cc", 8),
        ("to", "TO", "aux", 11),
        ("follow", "VB", "conj", 8),
        ("his", "PRP$", "poss", 13),
        ("reports", "NNS", "dobj", 11),
        ("closely", "RB", "advmod", 11),
        (".", ".", "punct", 3),
    ],
    GOV_G1: [
        ("The", "DT", "det", 2),
        ("governor", "NN", "nsubj", 3),
        ("urged", "VBD", "ROOT", 0),
        ("the", "DT", "det", 5),
        ("public", "NN", "dobj", 3),
        ("not", "RB", "neg", 8),
        ("to", "TO", "aux", 8),
        ("panic", "VB", "xcomp", 3),
        (".", ".", "punct", 3),
    ],
    GOV_G2: [
        ("The", "DT", "det", 2),
        ("governor", "NN", "nsubj", 3),
        ("urged", "VBD", "ROOT", 0),
        ("the", "DT", "det", 5),
        ("public", "NN", "dobj", 3),
        ("to", "TO", "aux", 7),
        ("follow", "VB", "xcomp", 3),
        ("his", "PRP$", "poss", 9),
        ("reports", "NNS", "dobj", 7),
        ("closely", "RB", "advmod", 7),
        (".", ".", "punct", 3),
    ],
    GOV_NEG: [
        ("The", "DT", "det", 2),
        ("governor", "NN", "nsubj", 3),
        ("urged", "VBD", "ROOT", 0),
        ("the", "DT", "det", 5),
        ("public", "NN", "dobj", 3),
        ("not", "RB", "neg", 8),
        ("to", "TO", "aux", 8),
        ("follow", "VB", "xcomp", 3),
        ("his", "PRP$", "poss", 10),
        ("reports", "NNS", "dobj", 8),
        ("closely", "RB", "advmod", 8),
        (".", ".", "punct", 3),
    ],
    "Tea and cake.": [
        ("Tea", "NN", "ROOT", 0),
        ("and", "CC", "cc", 1),
        ("cake", "NN", "conj", 1),
        (".", ".", "punct", 1),
    ],
    "Tea.": [("Tea", "NN", "ROOT", 0), (".", ".", "punct", 1)],
    "Cake.": [("Cake", "NN", "ROOT", 0), (".", ".", "punct", 1)],
    MET: [
        ("Anna", "NNP", "nsubj", 4),
        ("and", "CC", "cc", 1),
        ("Ben", "NNP", "conj", 1),
        ("met", "VBD", "ROOT", 0),
        ("in", "IN", "prep", 4),
        ("Oslo", "NNP", "pobj", 5),
        (".", ".", "punct", 4),
    ],
}


def run(inputs: list[str], preds: list[list[str]], refs: list[list[str]], **opts: object) -> object:
    options = MetricOptions(bootstrap=0, **opts)  # type: ignore[arg-type]
    return score(
        inputs, preds, refs, options=options, analyzer=TableAnalyzer(PARSES, spec=options.spec)
    )


# --- nuclei ----------------------------------------------------------------------------------


def test_nucleus_contents_follow_a5() -> None:
    nuclei = analyse(tokens_from_rows(PARSES[GOV_IN])).nuclei
    assert [format_nucleus(n) for n in nuclei] == [
        "urged[dobj:public nsubj:governor]",
        "panic[neg:not]",
        "follow[dobj:reports]",
    ]
    prep = tokens_from_rows(
        [
            ("He", "PRP", "nsubjpass", 3),
            ("was", "VBD", "auxpass", 3),
            ("asked", "VBN", "ROOT", 0),
            ("about", "IN", "prep", 3),
            ("plans", "NNS", "pobj", 4),
            ("by", "IN", "agent", 3),
            ("staff", "NN", "pobj", 6),
        ]
    )
    nuc = analyse(prep).nuclei
    assert (
        format_nucleus(nuc[1])
        == "asked[agent:by nsubjpass:he prep:about about>pobj:plans by>pobj:staff]"
    )
    assert nuc[0] == ("was", ())  # the auxiliary is a nucleus by its tag (paper default)
    assert len(analyse(prep, NucleusSpec(aux=False)).nuclei) == 1


def test_prepositional_modifier_of_the_object_is_in_the_nucleus() -> None:
    rows = [
        ("She", "PRP", "nsubj", 2),
        ("opened", "VBD", "ROOT", 0),
        ("a", "DT", "det", 4),
        ("shop", "NN", "dobj", 2),
        ("in", "IN", "prep", 4),
        ("Leeds", "NNP", "pobj", 5),
    ]
    (nuc,) = analyse(tokens_from_rows(rows)).nuclei
    assert ("shop", "prep", "in") in nuc[1] and ("in", "pobj", "leeds") in nuc[1]
    other = [*rows[:5], ("York", "NNP", "pobj", 5)]
    assert analyse(tokens_from_rows(other)).nuclei[0] != nuc


def test_word_options() -> None:
    rows = [("Tea", "tea", "NNP", "nsubj", 2), ("Was", "be", "VBD", "ROOT", 0)]
    assert analyse(tokens_from_rows(rows)).nuclei[0] == ("was", (("was", "nsubj", "tea"),))
    assert analyse(tokens_from_rows(rows), NucleusSpec(words="form")).nuclei[0][0] == "Was"
    assert analyse(tokens_from_rows(rows), NucleusSpec(words="lemma")).nuclei[0][0] == "be"
    with pytest.raises(ValueError):
        NucleusSpec(words="stem")


# --- the worked examples ---------------------------------------------------------------------


def test_perfect_prediction_scores_one_and_order_does_not_matter() -> None:
    for pred in ([JOSH_G1, JOSH_G2], [JOSH_G2, JOSH_G1]):
        r = run([JOSH_IN], [pred], [[JOSH_G1, JOSH_G2]])
        s = r.system  # type: ignore[attr-defined]
        assert (s.precision, s.recall, s.f1) == (100.0, 100.0, 100.0)
        ex = s.examples[0]
        # N'_G = N_G - N_I keeps only the nucleus with the omitted verb
        assert (ex.matched, ex.predicted, ex.gold) == (1, 1, 1)
        assert ex.matched_nuclei == ["likes[dobj:water nsubj:jane]"]


def test_copy_of_input_scores_zero_recall_on_rewritable_full_on_non_rewritable() -> None:
    r = run([JOSH_IN, MET], [[JOSH_IN], [MET]], [[JOSH_G1, JOSH_G2], [MET]])
    josh, met = r.system.examples  # type: ignore[attr-defined]
    assert josh.recall() == 0.0 and josh.predicted == 0 and not josh.identity_skipped
    assert met.identity_skipped and (met.precision(), met.recall()) == (100.0, 100.0)
    # the copy baseline is Calibration_1 and is computed automatically
    c1 = r.calibration_1.examples  # type: ignore[attr-defined]
    assert [(e.matched, e.predicted, e.gold) for e in c1] == [(0, 0, 1), (1, 1, 1)]


def test_calibration_k_copies_the_input_k_times() -> None:
    r = run([JOSH_IN, MET], [[JOSH_G1, JOSH_G2], [MET]], [[JOSH_G1, JOSH_G2], [MET]])
    ck = r.calibration_k  # type: ignore[attr-defined]
    josh, met = ck.examples
    assert josh.n_pred_sentences == 2 and met.n_pred_sentences == 1
    # two copies minus the identity leave one copy of the input nucleus: a precision error
    assert (josh.matched, josh.predicted, josh.gold) == (0, 1, 1)
    assert (met.matched, met.predicted, met.gold) == (1, 1, 1)
    assert ck.precision == pytest.approx(50.0) and ck.recall == pytest.approx(50.0)


def test_wrong_argument_breaks_the_nucleus() -> None:
    r = run([JOSH_IN], [[JOSH_G1, JOSH_WRONG]], [[JOSH_G1, JOSH_G2]])
    ex = r.system.examples[0]  # type: ignore[attr-defined]
    assert (ex.matched, ex.predicted, ex.gold) == (0, 1, 1)
    assert ex.extra_nuclei == ["likes[dobj:wine nsubj:jane]"]
    assert ex.missed_nuclei == ["likes[dobj:water nsubj:jane]"]


def test_missing_negation_breaks_the_nucleus() -> None:
    good = run([GOV_IN], [[GOV_G1, GOV_G2]], [[GOV_G1, GOV_G2]]).system.examples[0]  # type: ignore[attr-defined]
    bad = run([GOV_IN], [[GOV_G1, GOV_NEG]], [[GOV_G1, GOV_G2]]).system.examples[0]  # type: ignore[attr-defined]
    assert good.precision() == good.recall() == 100.0
    assert bad.extra_nuclei == ["follow[dobj:reports neg:not]"]
    assert bad.precision() == 50.0 and bad.recall() == 100.0
    # the reverse: gold has the negation, the system drops it
    drop = run([GOV_IN], [[GOV_G2, GOV_G2]], [[GOV_G1, GOV_G2]]).system.examples[0]  # type: ignore[attr-defined]
    assert "panic[neg:not]" not in drop.matched_nuclei and drop.exact is False


def test_identity_subtraction_is_a_multiset_difference() -> None:
    # three copies of "Josh likes wine." against gold [G1, G2]: N_H - N_I leaves two
    r = run([JOSH_IN], [[JOSH_G1, JOSH_G1, JOSH_G1]], [[JOSH_G1, JOSH_G2]])
    ex = r.system.examples[0]  # type: ignore[attr-defined]
    assert (ex.matched, ex.predicted, ex.gold) == (0, 2, 1)
    assert ex.overgenerated_verbs == 1 and ex.generated_gold_verbs == 2 and ex.gold_verbs == 2


# --- aggregation and options -----------------------------------------------------------------


def test_micro_and_macro_differ_and_empty_policies() -> None:
    inputs = [JOSH_IN, JOSH_IN, MET]
    refs = [[JOSH_G1, JOSH_G2], [JOSH_G1, JOSH_G2], [MET]]
    preds = [[JOSH_G1, JOSH_G2], [JOSH_IN], [MET]]  # perfect, copy (0/0 precision), perfect
    micro = run(inputs, preds, refs, aggregation="micro").system  # type: ignore[attr-defined]
    assert micro.precision == 100.0 and micro.recall == pytest.approx(200 / 3)
    macro = run(inputs, preds, refs, aggregation="macro").system  # type: ignore[attr-defined]
    assert macro.precision == pytest.approx(200 / 3) and macro.recall == pytest.approx(200 / 3)
    skip = run(inputs, preds, refs, aggregation="macro", empty="skip").system  # type: ignore[attr-defined]
    assert skip.precision == 100.0
    assert micro.f1 == pytest.approx(2 * 100 * (200 / 3) / (100 + 200 / 3))
    none = run(
        [JOSH_IN], [[JOSH_IN]], [[JOSH_G1, JOSH_G2]], aggregation="micro", empty="skip"
    ).system  # type: ignore[attr-defined]
    assert math.isnan(none.precision) and none.recall == 0.0
    # no verb anywhere: N'_H and N'_G are both empty
    verbless = ["Tea and cake.", ["Tea.", "Cake."]]
    match = run([verbless[0]], [verbless[1]], [verbless[1]], empty="match").system  # type: ignore[attr-defined]
    assert match.precision == 100.0 and match.recall == 100.0  # nothing to find, nothing produced
    zero = run([verbless[0]], [verbless[1]], [verbless[1]]).system  # type: ignore[attr-defined]
    assert zero.precision == 0.0 and zero.recall == 0.0


def test_per_conjunction_f1_and_exact_match() -> None:
    inputs = [
        JOSH_IN.replace(" and ", " <SPLIT> and </SPLIT> "),
        MET.replace(" and ", " <SPLIT> and </SPLIT> "),
    ]
    r = score(
        inputs,
        [[JOSH_G1, JOSH_G2], [MET]],
        [[JOSH_G1, JOSH_G2], [MET]],
        conjunctions=["but", "and"],
        options=MetricOptions(bootstrap=0),
        analyzer=TableAnalyzer(PARSES),
    )
    s = r.system
    assert s is not None
    assert s.per_conjunction["but"]["n"] == 1 and s.per_conjunction["and"]["n"] == 1
    assert math.isnan(s.per_conjunction["or"]["f1"])
    assert s.exact_match == 100.0


def test_exact_match_removes_punctuation_and_is_aligned() -> None:
    assert normalise_for_exact_match("Jane likes water .") == normalise_for_exact_match(
        "Jane likes water."
    )
    assert normalise_for_exact_match("Her brother") != normalise_for_exact_match("her brother")
    swapped = run([JOSH_IN], [[JOSH_G2, JOSH_G1]], [[JOSH_G1, JOSH_G2]]).system  # type: ignore[attr-defined]
    assert swapped.exact_match == 0.0
    anyorder = run([JOSH_IN], [[JOSH_G2, JOSH_G1]], [[JOSH_G1, JOSH_G2]], em_order="any").system  # type: ignore[attr-defined]
    assert anyorder.exact_match == 100.0


def test_bootstrap_interval_brackets_the_score_and_is_seeded() -> None:
    inputs = [JOSH_IN] * 6 + [MET] * 4
    refs = [[JOSH_G1, JOSH_G2]] * 6 + [[MET]] * 4
    preds = [[JOSH_G1, JOSH_G2]] * 3 + [[JOSH_G1, JOSH_WRONG]] * 3 + [[MET]] * 4
    a = score(
        inputs,
        preds,
        refs,
        options=MetricOptions(bootstrap=300, seed=1),
        analyzer=TableAnalyzer(PARSES),
    )
    b = score(
        inputs,
        preds,
        refs,
        options=MetricOptions(bootstrap=300, seed=1),
        analyzer=TableAnalyzer(PARSES),
    )
    assert a.system is not None and b.system is not None
    lo, hi = a.system.ci["f1"]
    assert lo <= a.system.f1 <= hi and lo < hi
    assert a.system.ci == b.system.ci
    assert "bootstrap:300" in a.signature.format() and "seed:1" in a.signature.format()


def test_signature_names_parser_and_options() -> None:
    r = run([JOSH_IN], [[JOSH_G1, JOSH_G2]], [[JOSH_G1, JOSH_G2]], aggregation="macro")
    sig = r.signature.format()  # type: ignore[attr-defined]
    for part in (
        "lingeval-conjuncts-nucleus",
        "parser:hand-written",
        "aggregation:macro",
        "words:lower",
        "labels:paper",
    ):
        assert part in sig
    tables = r.tables()  # type: ignore[attr-defined]
    assert [row[0] for row in tables[0].rows] == ["Calibration_1", "Calibration_k", "system"]
    assert all(t.signature is not None for t in tables)


# --- bad input -------------------------------------------------------------------------------


def _examples() -> list[ConjunctExample]:
    return [
        ConjunctExample("j", JOSH_IN, "and", JOSH_IN.index("and"), [JOSH_G1, JOSH_G2]),
        ConjunctExample("m", MET, "and", MET.index("and"), [MET], rewritable=False),
    ]


def test_evaluate_names_missing_and_extra_ids() -> None:
    exs = _examples()
    az = TableAnalyzer(PARSES)
    opts = MetricOptions(bootstrap=0)
    with pytest.raises(LingevalError, match=r"no prediction for 1 id\(s\): m"):
        evaluate(exs, {"sys": {"j": [JOSH_G1, JOSH_G2]}}, options=opts, analyzer=az)
    with pytest.raises(LingevalError, match="not in the gold data: zz"):
        evaluate(exs, {"sys": {"j": [JOSH_G1], "m": [MET], "zz": ["x"]}}, options=opts, analyzer=az)
    with pytest.raises(LingevalError, match=r"empty sentence\(s\) .* j"):
        evaluate(exs, {"sys": {"j": [JOSH_G1, " "], "m": [MET]}}, options=opts, analyzer=az)
    with pytest.raises(LingevalError, match="lists of texts; not so for id"):
        evaluate(exs, {"sys": {"j": [JOSH_G1, 7], "m": [MET]}}, options=opts, analyzer=az)  # type: ignore[list-item]
    r = evaluate(
        exs, {"sys": {"j": [JOSH_G1, JOSH_G2]}}, allow_missing=True, options=opts, analyzer=az
    )
    assert r.system is not None and r.system.missing == 1
    m = r.system.examples[1]
    assert m.missing and (m.matched, m.predicted, m.gold) == (0, 0, 1)


def test_baselines_only() -> None:
    r = baselines(_examples(), options=MetricOptions(bootstrap=0), analyzer=TableAnalyzer(PARSES))
    assert r.systems == [] and r.calibration_1.n == 2
    assert r.calibration_1.recall == pytest.approx(50.0)


def test_macro_calibration_1_equals_the_share_of_non_rewritable_examples() -> None:
    # the paper's Table 3 row "Calibration_1 5.1 / 5.1 / 5.1" beside 4.8% non-rewritable items:
    # under macro averaging with 0/0 = 0, copying the input scores exactly that share
    exs = [*_examples(), _examples()[0], _examples()[0]]
    exs = [
        ConjunctExample(f"e{i}", e.sentence, e.conjunction, e.offset, e.rewrites, e.rewritable)
        for i, e in enumerate(exs)
    ]
    opts = MetricOptions(bootstrap=0, aggregation="macro", empty="zero")
    c1 = baselines(exs, options=opts, analyzer=TableAnalyzer(PARSES)).calibration_1
    share = 100.0 * sum(not e.rewritable for e in exs) / len(exs)
    assert c1.precision == c1.recall == c1.f1 == pytest.approx(share) == pytest.approx(25.0)
    assert c1.exact_match == pytest.approx(share)
    # ... and that is the default, named as the paper's in the signature
    default = baselines(exs, options=MetricOptions(bootstrap=0), analyzer=TableAnalyzer(PARSES))
    assert default.calibration_1.f1 == pytest.approx(share)
    assert default.signature.options["aggregation"] == "macro(paper)"
    micro = MetricOptions(bootstrap=0, aggregation="micro")
    c1_micro = baselines(exs, options=micro, analyzer=TableAnalyzer(PARSES)).calibration_1
    assert c1_micro.precision == 100.0 and c1_micro.f1 != pytest.approx(share)
    assert micro.signature("p").options["aggregation"] == "micro"


def test_plot_scores_writes_a_png(tmp_path: Path) -> None:
    from lingeval.conjuncts.plots import plot_scores

    r = score(
        [JOSH_IN],
        [[JOSH_G1, JOSH_G2]],
        [[JOSH_G1, JOSH_G2]],
        options=MetricOptions(bootstrap=20),
        analyzer=TableAnalyzer(PARSES),
    )
    out = plot_scores(r, tmp_path / "s.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 5000


def test_paired_bootstrap_between_systems() -> None:
    inputs = [JOSH_IN] * 8 + [MET] * 4
    refs = [[JOSH_G1, JOSH_G2]] * 8 + [[MET]] * 4
    good = [[JOSH_G1, JOSH_G2]] * 8 + [[MET]] * 4
    bad = [[JOSH_G1, JOSH_WRONG]] * 6 + [[JOSH_G1, JOSH_G2]] * 2 + [[MET]] * 4
    opts = MetricOptions(bootstrap=200, seed=3)
    from lingeval.conjuncts.metric import score_systems

    r = score_systems(
        inputs,
        {"good": good, "bad": bad, "same": good},
        refs,
        options=opts,
        analyzer=TableAnalyzer(PARSES),
    )
    comp = {c.system: c for c in r.comparisons()}
    assert comp["bad"].delta < 0 and comp["bad"].ci[1] < 0 and comp["bad"].p < 0.05
    assert comp["same"].delta == 0.0 and comp["same"].p == 1.0
    assert r.tables()[-1].title.startswith("Paired bootstrap")
    assert len(r.to_dict()["comparisons"]) == 2


def test_examples_without_gold_are_rejected() -> None:
    ex = ConjunctExample("t", JOSH_IN, "and", JOSH_IN.index("and"), [])
    with pytest.raises(LingevalError, match=r"without gold rewrites .*: t"):
        baselines([ex], options=MetricOptions(bootstrap=0), analyzer=TableAnalyzer(PARSES))
