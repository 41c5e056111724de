"""The development-data quality report (issue 11, point 2): slices, oracle mode, error shapes."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.metric import MetricOptions
from lingeval.conjuncts.quality import error_shapes, evaluate_examples, gold_shapes, summarise
from lingeval.conjuncts.resolvers.base import Resolver
from lingeval.conjuncts.resolvers.rules import Resolution
from lingeval.core.conllu import parse_conllu_string

pytest.importorskip("spacy")


def _ex(i: str, sentence: str, rewrites: list[str], **meta: object) -> ConjunctExample:
    return ConjunctExample(
        i, sentence, "and", sentence.index(" and ") + 1, rewrites, True, meta=dict(meta)
    )


EXAMPLES = [
    _ex("a", "Josh likes wine and Jane water.", ["Josh likes wine.", "Jane likes water."], phenomenon="gapping",
        alignment=[{"remnant": "Jane", "relation": "nsubj", "correlate": "Josh"}, {"remnant": "water", "relation": "obj", "correlate": "wine"}]),
    _ex("b", "Ann reads novels and Bo poems.", ["Ann reads novels.", "Bo reads poems."], phenomenon="gapping",
        alignment=[{"remnant": "Bo", "relation": "nsubj", "correlate": "Ann"}, {"remnant": "poems", "relation": "obj", "correlate": "novels"}]),
    _ex("c", "Kim sang and danced.", ["Kim sang.", "Kim danced."], phenomenon="shared-subject"),
]  # fmt: skip


class Scripted(Resolver):
    """Right on "a", a remnant left beside its correlate on "b" (rule coordination), unchanged on "c"."""

    name = "scripted"

    def analyse(self, batch: Sequence[ConjunctExample]) -> list[Resolution]:
        out = []
        for ex in batch:
            if ex.id == "a":
                out.append(Resolution(list(ex.rewrites), "gapping"))
            elif ex.id == "b":
                out.append(
                    Resolution(["Ann reads novels.", "Bo reads novels poems."], "coordination")
                )
            else:
                out.append(Resolution([ex.sentence], "unchanged:no-alignment", changed=False))
        return out

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        return [r.sentences for r in self.analyse(batch)]


def test_slices_and_error_shapes() -> None:
    records = evaluate_examples(Scripted(), EXAMPLES, source="fx")
    assert [r.rule for r in records] == ["gapping", "coordination", "unchanged:no-alignment"]
    table = summarise(records)
    row = table[(table.source == "fx") & (table.kind == "all")].iloc[0]
    assert row["n"] == 3 and row["exact_match"] == pytest.approx(100 / 3)
    # the table names the metric's aggregation (the default one here)
    assert row["scope"] == "development" and row["aggregation"] == MetricOptions().aggregation
    assert 0 < row["f1"] < 100 and not math.isnan(row["macro_f1"])
    rules = table[(table.source == "fx") & (table.kind == "rule")].set_index("group")
    assert rules.loc["gapping", "exact_match"] == 100.0 and rules.loc["unchanged", "n"] == 1
    assert set(table[table.kind == "phenomenon"].group) == {"gapping", "shared-subject"}
    assert set(table.source) == {"fx", "ALL"}
    shapes = error_shapes(records).iloc[0]
    assert shapes["coordination-on-gap"] == 1 and shapes["coordination-on-gap-right"] == 0
    assert shapes["remnant-beside-correlate"] == 1
    assert shapes["unchanged-pred"] == 1 and shapes["unchanged-wrong"] == 1
    assert shapes["unchanged-wrong:no-alignment"] == 1  # and why


def test_gold_shapes_from_text() -> None:
    ex = ConjunctExample(
        "w",
        "While X rose 4% and Y 6%, Z fell.",
        "and",
        16,
        ["While X rose 4%, Z fell.", "While Y rose 6%, Z fell."],
    )
    assert gold_shapes(ex) == ["opening-phrase"]
    three = _ex("l", "A likes B, C D and E F.", ["A likes B.", "C likes D.", "E likes F."])
    assert gold_shapes(three) == ["list-3+"]


TREE = """\
# sent_id = a
# text = Josh likes wine and Jane water.
1\tJosh\tJosh\tPROPN\tNNP\t_\t2\tnsubj\t_\t_
2\tlikes\tlike\tVERB\tVBZ\t_\t0\troot\t_\t_
3\twine\twine\tNOUN\tNN\t_\t2\tobj\t_\t_
4\tand\tand\tCCONJ\tCC\t_\t5\tcc\t_\t_
5\tJane\tJane\tPROPN\tNNP\t_\t2\tconj\t_\t_
6\twater\twater\tNOUN\tNN\t_\t5\torphan\t_\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""


def test_oracle_mode_runs_the_rules_on_gold_trees() -> None:
    from lingeval.conjuncts.resolvers.rules import RulesResolver

    (tree,) = parse_conllu_string(TREE)
    records = evaluate_examples(RulesResolver(), EXAMPLES, source="fx", trees={"a": tree})
    assert [r.example.id for r in records] == ["a"] and records[0].mode == "oracle"
    # the rules see "Jane" conj of "likes" and "water" under "Jane" (no verb): a gap
    assert records[0].prediction == ["Josh likes wine.", "Jane likes water."]


def test_evaluate_modes_gives_parsed_records_then_oracle_records() -> None:
    from lingeval.conjuncts.quality import evaluate_modes
    from lingeval.conjuncts.resolvers.rules import RulesResolver

    (tree,) = parse_conllu_string(TREE)
    records = evaluate_modes(RulesResolver(), EXAMPLES, source="fx", trees={"a": tree})
    assert [(r.mode, r.example.id) for r in records] == [
        ("parsed", "a"),
        ("parsed", "b"),
        ("parsed", "c"),
        ("oracle", "a"),
    ]
    # without trees only the parsed records; a spec string names the system as before
    parsed = evaluate_modes("copy", EXAMPLES, source="fx")
    assert [r.mode for r in parsed] == ["parsed"] * 3 and {r.system for r in parsed} == {"copy"}
    assert [r.prediction for r in parsed] == [
        r.prediction for r in evaluate_examples("copy", EXAMPLES, source="fx")
    ]


def test_evaluate_sources_names_its_aggregation() -> None:
    from lingeval.conjuncts.quality import evaluate_sources

    table = evaluate_sources("copy", {"fx": EXAMPLES}, aggregation="macro")
    row = table[(table.source == "fx") & (table.kind == "all")].iloc[0]
    assert row["aggregation"] == "macro" and row["n"] == 3
    assert row["exact_match"] == 0.0 and row["unchanged_pred"] == 3
    with pytest.raises(ValueError, match="gold trees"):
        evaluate_sources("copy", {"fx": EXAMPLES}, oracle=True)


def test_sentence_folds_keep_a_sentence_together() -> None:
    from lingeval.conjuncts.quality import sentence_folds

    exs = [_ex(f"s{i}-{j}", f"A{i} likes x and B y.", ["A likes x.", "B likes y."], sent_id=f"s{i}") for i in range(7) for j in range(2)]  # fmt: skip
    folds = sentence_folds(exs, k=3)
    assert sorted(len(f) for f in folds) == [4, 4, 6]
    for fold in folds:
        ids = {e.meta["sent_id"] for e in fold}
        assert all(
            {e.meta["sent_id"] for e in other}.isdisjoint(ids)
            for other in folds
            if other is not fold
        )
    with pytest.raises(ValueError):
        sentence_folds(exs, k=1)


class Memoriser(Resolver):
    """Returns the gold of the examples it was fitted on, the input otherwise."""

    name = "memo"

    def __init__(self, train: list[ConjunctExample]) -> None:
        self.known = {e.sentence: e.rewrites for e in train}

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        return [self.known.get(e.sentence, [e.sentence]) for e in batch]


def test_cross_validation_never_scores_an_example_with_its_own_fold() -> None:
    from lingeval.conjuncts.quality import cross_validate

    seen: list[int] = []

    def fit(train: list[ConjunctExample]) -> Resolver:
        seen.append(len(train))
        return Memoriser(train)

    records = cross_validate(fit, {"fx": EXAMPLES}, k=3)
    assert sorted(r.example.id for r in records) == ["a", "b", "c"]
    assert sorted(seen) == [2, 2, 2]
    # a memoriser is perfect on its training data and useless on unseen sentences
    assert all(r.prediction == [r.example.sentence] for r in records)
    assert (
        summarise(records).query("kind == 'all' and source == 'fx'").iloc[0]["exact_match"] == 0.0
    )


def test_sources_a_resolver_was_fitted_on_are_marked_in_sample() -> None:
    resolver = Scripted()
    resolver.fitted_sources = {"fx"}  # type: ignore[attr-defined]
    table = summarise(evaluate_examples(resolver, EXAMPLES, source="fx"))
    assert set(table.scope) == {"development, in-sample (the resolver was fitted on it)"}
    other = summarise(evaluate_examples(resolver, EXAMPLES, source="other"))
    assert set(other.scope) == {"development"}
