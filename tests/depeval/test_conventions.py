"""Convention transformations, gold-standard comparison, sensitivity, significance, alignment."""

from __future__ import annotations

from pathlib import Path

import pytest

from lingeval.core.conllu import (
    Sentence,
    find_cycle,
    format_sentence,
    parse_conllu_string,
    read_conllu,
)
from lingeval.depeval.api import compare_gold_standards, convention_sensitivity, significance
from lingeval.depeval.conventions import apply_transformations, list_transformations, transformation
from lingeval.depeval.evaluate import DepevalOptions, evaluate
from lingeval.depeval.significance import paired_test

SAMPLE = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "lingeval"
    / "data"
    / "depeval"
    / "sample-ud.conllu"
)


def _valid(s: Sentence) -> bool:
    heads = s.heads
    return find_cycle(heads) is None and heads.count(0) == 1


def test_every_transformation_keeps_a_tree_and_changes_something() -> None:
    gold = list(read_conllu(SAMPLE))
    names = list(list_transformations())
    assert {
        "aux-head",
        "cop-head",
        "mark-head",
        "to-head",
        "case-head",
        "det-head",
        "coord-last",
        "coord-chain",
        "coord-cc-head",
    } <= set(names)
    for name in names:
        out = list(apply_transformations(gold, [name]))
        assert all(_valid(s) for s in out), name
        assert any(a.heads != b.heads for a, b in zip(gold, out, strict=True)), name
        # the input is never modified in place
        assert [s.heads for s in gold] == [s.heads for s in read_conllu(SAMPLE)]


def test_to_head_is_the_papers_example() -> None:
    (want,) = [s for s in read_conllu(SAMPLE) if s.sent_id == "sample-1"]
    out = transformation("to-head")(want)
    # We want to play chess . : to takes play's place under want; play hangs from to
    assert out.heads == [2, 0, 2, 3, 4, 2]
    assert out.words[3].deprel == "mark" and out.words[2].deprel == "xcomp"


def test_chained_function_heads_nest_outer_over_inner() -> None:
    (s3,) = [
        s for s in read_conllu(SAMPLE) if s.sent_id == "sample-3"
    ]  # She said that the plan is ready .
    for order in (["cop-head", "mark-head"], ["mark-head", "cop-head"]):
        out = next(iter(apply_transformations([s3], order)))
        assert out.heads[2] == 2, order  # that <- said
        assert out.heads[5] == 3, order  # is <- that
        assert out.heads[6] == 6, order  # ready <- is


def test_coordination_variants() -> None:
    (s6,) = [
        s for s in read_conllu(SAMPLE) if s.sent_id == "sample-6"
    ]  # Apples , pears and plums grow ...
    assert transformation("coord-last")(s6).heads[:6] == [5, 3, 5, 5, 6, 0]
    assert transformation("coord-chain")(s6).heads[:6] == [6, 3, 1, 5, 3, 0]
    assert transformation("coord-cc-head")(s6).heads[:6] == [4, 3, 4, 6, 4, 0]


def test_compare_gold_standards_ned_forgives_most(tmp_path: Path) -> None:
    gold = list(read_conllu(SAMPLE))
    other = tmp_path / "func.conllu"
    other.write_text(
        "".join(
            format_sentence(s)
            for s in apply_transformations(gold, ["aux-head", "cop-head", "mark-head", "case-head"])
        )
    )
    cmp = compare_gold_standards(SAMPLE, other)
    a = cmp.a_as_gold
    assert a.score("directed") < a.score("undirected") < a.score("ned")
    assert a.score("directed") == cmp.b_as_gold.score(
        "directed"
    )  # attachment agreement is symmetric
    assert "difference A->B" in cmp.table().to_text()


def test_sensitivity_of_a_perfect_system(tmp_path: Path) -> None:
    rep = convention_sensitivity(SAMPLE, [SAMPLE], ["to-head", "aux-head+cop-head"])
    base = rep.baseline[str(SAMPLE)]
    assert base.score("directed") == 100.0
    for name in ("to-head", "aux-head+cop-head"):
        res = rep.transformed[name][str(SAMPLE)]
        # a word whose head changed is wrong under attachment, so the drop equals the share of changed words
        assert base.score("directed") - res.score("directed") == pytest.approx(rep.affected[name])
        assert res.score("ned") > res.score("directed")
    assert "words changed %" in rep.table().to_text()


def test_significance_identical_and_different_systems(tmp_path: Path) -> None:
    gold = list(read_conllu(SAMPLE))
    same = evaluate(gold, gold)
    (r_same,) = [r for r in paired_test(same, same, samples=200) if r.measure == "directed"]
    assert r_same.delta == 0.0 and r_same.p_value == 1.0
    flipped = list(
        apply_transformations(gold, ["case-head", "det-head", "aux-head", "cop-head", "mark-head"])
    )
    worse = evaluate(gold, flipped)
    for method in ("bootstrap", "randomization"):
        (r,) = [
            r
            for r in paired_test(worse, same, method=method, samples=500, seed=1)
            if r.measure == "directed"
        ]
        assert r.delta > 20 and r.p_value < 0.05, method
        if method == "bootstrap":
            assert r.ci_low is not None and r.ci_low > 0
    path = tmp_path / "flipped.conllu"
    path.write_text("".join(format_sentence(s) for s in flipped))
    results, sig = significance(SAMPLE, path, SAMPLE, samples=100, seed=3)
    assert sig.options["samples"] == 100 and results[0].delta > 0


def test_alignment_mode_matches_identical_mode_on_same_tokens() -> None:
    gold = list(read_conllu(SAMPLE))
    sys_ = list(apply_transformations(gold, ["to-head"]))
    a = evaluate(gold, sys_)
    b = evaluate(gold, sys_, DepevalOptions(tokenization="align"))
    for m in ("directed", "labeled", "undirected", "ned"):
        assert a.score(m) == pytest.approx(b.score(m))
        assert b.precision(m) == pytest.approx(b.score(m))


def test_alignment_mode_with_a_split_token() -> None:
    gold = parse_conllu_string(
        "1\tI\tI\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tcannot\tcannot\tAUX\t_\t_\t0\troot\t_\t_\n3\tgo\tgo\tVERB\t_\t_\t2\txcomp\t_\t_\n\n"
    )
    system = parse_conllu_string(
        "1\tI\tI\tPRON\t_\t_\t4\tnsubj\t_\t_\n2\tcan\tcan\tAUX\t_\t_\t4\taux\t_\t_\n3\tnot\tnot\tPART\t_\t_\t4\tadvmod\t_\t_\n"
        "4\tgo\tgo\tVERB\t_\t_\t0\troot\t_\t_\n\n"
    )
    res = evaluate(gold, system, DepevalOptions(tokenization="align"))
    assert res.words == 3 and res.system_words == 4
    assert res.aligned_words == 2  # 'I' and 'go'; 'cannot' matches no single system word
    assert res.as_dict()["aligned_words"] == 2
    # 'I' is aligned but its system head 'go' is gold's child of... no: gold head of I is cannot
    assert res.count("directed") == 0
    # 'go' -> ROOT where gold head is 'cannot' (a root word): NED grandparent rule
    assert res.count("ned") == 1
    assert res.precision("ned") == pytest.approx(25.0) and res.score("ned") == pytest.approx(
        100 / 3
    )


def test_alignment_rejects_different_text() -> None:
    from lingeval.core.errors import InputError

    g = parse_conllu_string("1\tab\tab\tX\t_\t_\t0\troot\t_\t_\n\n")
    s = parse_conllu_string("1\tac\tac\tX\t_\t_\t0\troot\t_\t_\n\n")
    with pytest.raises(InputError, match="text differs"):
        evaluate(g, s, DepevalOptions(tokenization="align"))


def test_plots_are_written(tmp_path: Path) -> None:
    from lingeval.core.errors import LingevalError

    rep = convention_sensitivity(SAMPLE, [SAMPLE], ["to-head", "case-head"])
    png = rep.plot(tmp_path / "sens.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    other = tmp_path / "func.conllu"
    other.write_text(
        "".join(
            format_sentence(s) for s in apply_transformations(read_conllu(SAMPLE), ["case-head"])
        )
    )
    svg = compare_gold_standards(SAMPLE, other).plot(tmp_path / "cmp.svg")
    assert "<svg" in svg.read_text()
    with pytest.raises(LingevalError, match=r"\.png, \.svg or \.pdf"):
        rep.plot(tmp_path / "x.jpg")
