"""Annotation tooling (paper 000, section 4.2): checks, readers, consolidation, agreement.

The fixture collection (annotation_submissions.jsonl) has seven items and three workers A, B,
C; the expected agreement figures below are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.conjuncts.annotation.checks import (
    check_rewrite_set,
    message,
    new_content_words,
    normalize_sentence,
    passed,
)
from lingeval.conjuncts.annotation.consolidate import agreement, consolidate, jaccard
from lingeval.conjuncts.annotation.submissions import (
    Submission,
    attach_tasks,
    read_mturk_csv,
    read_submissions,
    read_submissions_jsonl,
)
from lingeval.conjuncts.data import read_jsonl
from lingeval.core.errors import InputError, LingevalError

FIX = Path(__file__).parent / "fixtures" / "mining"
SUBS = FIX / "annotation_submissions.jsonl"
TASKS = FIX / "annotation_tasks.jsonl"
JOSH = "Josh likes wine and Jane water."


def by_check(results: list) -> dict:
    return {r.check: r for r in results}


# -- checks -----------------------------------------------------------------------------------


def test_a_good_rewrite_set_passes_every_check() -> None:
    res = check_rewrite_set(JOSH, "and", 16, ["Josh likes wine.", "Jane likes water."])
    assert passed(res) and all(r.ok for r in res)


def test_each_rule_fails_with_a_readable_reason() -> None:
    res = by_check(
        check_rewrite_set(
            JOSH,
            "and",
            16,
            [
                "Josh likes wine and Jane water.",
                "Josh likes wine.",
                "Jane adores water.",
                "josh likes wine",
            ],
        )
    )
    assert not res["identical"].ok and "sentences 2 and 4 are identical" in res["identical"].reason
    assert not res["conjunction"].ok
    assert (
        "sentence 1 still contains the highlighted 'and' ('wine and Jane')"
        in res["conjunction"].reason
    )
    assert not res["new-words"].ok and res["new-words"].words == ("adores",)
    assert "adores" in res["new-words"].reason


def test_inflectional_variants_and_function_words_are_not_new() -> None:
    src = "The children ran home and the dog to the park."
    assert new_content_words(src, "The dog ran to the park.") == []
    assert new_content_words(src, "A child runs home.") == []  # child~children, runs~ran
    assert new_content_words(src, "It was them who ran.") == []  # function words are free
    assert new_content_words(src, "The cat ran to the park.") == ["cat"]
    assert new_content_words("He scored 85 and she 54.", "She scored 45.") == ["45"]


def test_other_occurrences_of_the_conjunction_word_are_allowed() -> None:
    s = "Tom and Jerry like cheese and Spike bones."
    off = s.index("and Spike")
    ok = check_rewrite_set(s, "and", off, ["Tom and Jerry like cheese.", "Spike likes bones."])
    assert by_check(ok)["conjunction"].ok
    bad = check_rewrite_set(s, "and", off, ["Tom and Jerry like cheese and Spike likes bones."])
    assert not by_check(bad)["conjunction"].ok


def test_unchanged_answer_needs_an_explanation_and_flags_do_not_block() -> None:
    res = by_check(check_rewrite_set(JOSH, "and", 16, [], rewritable=False))
    assert not res["explanation"].ok and "explain why" in res["explanation"].reason
    res = check_rewrite_set(
        JOSH, "and", 16, [JOSH], rewritable=True, explanation="one event", unsure=True
    )
    assert passed(res) and not by_check(res)["unsure"].ok  # same sentence = not rewritable
    many = [f"Josh likes wine {i}." for i in range(11)]
    res = by_check(
        check_rewrite_set("Josh likes wine 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10.", "and", 45, many)
    )
    assert not res["long-list"].ok and "11 sentences" in res["long-list"].reason
    res = by_check(check_rewrite_set(JOSH, "and", 16, [], long_list=True))
    assert res["empty"].ok and not res["long-list"].ok


MAYA = "Maya ordered soup and her brother a salad."


def test_lost_content_fails_the_coverage_check() -> None:
    # issue 17: this set passed every check and then voted in consolidation
    res = by_check(check_rewrite_set(MAYA, "and", 18, ["Maya ordered soup."]))
    assert not res["coverage"].ok and res["coverage"].words == ("brother", "salad")
    assert "brother, salad" in res["coverage"].reason
    full = check_rewrite_set(
        MAYA, "and", 18, ["Maya ordered soup.", "Her brother ordered a salad."]
    )
    assert passed(full)
    # a not-rewritable answer keeps the sentence as it is: no coverage check
    assert passed(check_rewrite_set(MAYA, "and", 18, [], rewritable=False, explanation="one event"))


def test_added_or_removed_negation_fails_the_polarity_check() -> None:
    added = by_check(
        check_rewrite_set(
            MAYA, "and", 18, ["Maya ordered soup.", "Her brother did not order a salad."]
        )
    )
    assert (
        not added["polarity"].ok
        and "sentence 2 adds a negation ('not')" in added["polarity"].reason
    )
    assert added["coverage"].ok and added["new-words"].ok  # only the polarity check sees it
    coach = "The coach praised the defenders but not the strikers."
    off = coach.index("but")
    ok = ["The coach praised the defenders.", "The coach did not praise the strikers."]
    assert passed(check_rewrite_set(coach, "but", off, ok))  # "but not" -> "did not"
    assert passed(
        check_rewrite_set(coach, "but", off, [ok[0], "The coach didn't praise the strikers."])
    )
    lost = by_check(
        check_rewrite_set(coach, "but", off, [ok[0], "The coach praised the strikers."])
    )
    assert not lost["polarity"].ok and "'not the strikers'" in lost["polarity"].reason
    moved = by_check(
        check_rewrite_set(
            coach,
            "but",
            off,
            ["The coach did not praise the defenders.", "The coach praised the strikers."],
        )
    )
    assert not moved["polarity"].ok and "adds a negation" in moved["polarity"].reason
    # a negation of the shared part goes into every rewrite
    v = "Visitors may not smoke or drink inside the building."
    shared = [
        "Visitors may not smoke inside the building.",
        "Visitors may not drink inside the building.",
    ]
    assert passed(check_rewrite_set(v, "or", v.index("or"), shared))


def test_numbers_are_normalised_and_words_listed_once() -> None:
    src = "In 2019 the museum had 40,000 visitors and the zoo 90,000."
    off = src.index("and")
    res = check_rewrite_set(
        src,
        "and",
        off,
        ["In 2019 the museum had 40000 visitors.", "In 2019 the zoo had 90000 visitors."],
    )
    assert passed(res)
    assert new_content_words(src, "The zoo had 25,000 visitors.") == ["25,000"]
    res = by_check(
        check_rewrite_set(
            src,
            "and",
            off,
            [
                "In 2019 the museum had 40,000 visitors, 2 cats.",
                "In 2019 the zoo had 90,000 visitors, 2 Cats.",
            ],
        )
    )
    assert res["new-words"].words == ("2", "cats")  # not "2, cats, 2, Cats"


def test_reasons_quote_the_workers_sentence_and_read_as_sentences() -> None:
    res = check_rewrite_set(JOSH, "and", 16, ["Josh likes wine and Jane likes water."])
    conj = by_check(res)["conjunction"]
    assert "('wine and Jane')" in conj.reason
    res = check_rewrite_set(JOSH, "and", 16, ["Josh likes red wine and she adores water."])
    assert "('wine and she')" in by_check(res)["conjunction"].reason  # the worker's words
    text = message(res)
    assert text.startswith("Sentence 1 still contains") and ". New words not in" in text
    assert all(part[:1].isupper() for part in text.split(". ") if part)


def _gold_sets() -> list:
    from lingeval.conjuncts.data import read_examples

    root = Path(__file__).resolve().parents[2]
    files = [root / "src" / "lingeval" / "data" / "conjuncts" / "examples.jsonl"]
    files += [
        f
        for f in sorted((root / "benchmarks" / "data" / "conjuncts").glob("*.jsonl"))
        # sentences come from the treebanks
        if f.name
        not in {
            "treebank_gapping_gold.jsonl",
            "stripping_gold.jsonl",
            "mined_gold.jsonl",
            "treebank_heldout_gold.jsonl",  # checked in test_treebank_heldout.py
            "webnlg_heldout_gold.jsonl",  # checked in test_webnlg_heldout.py
        }
    ]
    return [ex for f in files for ex in read_examples(f)]


def test_every_gold_set_passes_every_check() -> None:
    examples = _gold_sets()
    assert len(examples) >= 110
    failures = []
    for ex in examples:
        res = check_rewrite_set(
            ex.sentence,
            ex.conjunction,
            ex.offset,
            list(ex.rewrites),
            rewritable=ex.rewritable,
            explanation="gold",
        )
        if not passed(res):
            failures.append((ex.id, message(res)))
    assert failures == []


def test_normalisation_and_jaccard() -> None:
    assert normalize_sentence("  Anna likes   coffee . ") == normalize_sentence("anna likes coffee")
    assert jaccard(frozenset("ab"), frozenset("bc")) == pytest.approx(1 / 3)
    assert jaccard(frozenset(), frozenset()) == 1.0


# -- readers ----------------------------------------------------------------------------------


def test_jsonl_submissions_and_task_attachment() -> None:
    subs = read_submissions_jsonl(SUBS)
    assert len(subs) == 19 and subs[0].sentence is None
    subs = attach_tasks(subs, {ex.id: ex for ex in read_jsonl(TASKS)})
    t4a = next(s for s in subs if (s.example_id, s.worker_id) == ("t4", "A"))
    assert not t4a.rewritable and t4a.answer_set() == ["Tom and Anna met in Paris."]
    with pytest.raises(
        InputError, match=r"annotation_submissions.jsonl:1: submission for 't1' by 'A'"
    ):
        attach_tasks(read_submissions_jsonl(SUBS), {})


def test_mturk_batch_csv_reads_items_of_each_hit_and_skips_rejected() -> None:
    subs = read_mturk_csv(FIX / "annotation_batch_b1.csv")
    assert len(subs) == 12  # 2 HITs x 2 items x 3 approved assignments
    assert {s.worker_id for s in subs} == {"A", "B", "C"}
    t1b = next(s for s in subs if (s.example_id, s.worker_id) == ("t1", "B"))
    assert t1b.rewrites == ["Tom likes tea.", "anna likes coffee"] and t1b.offset == 15
    assert t1b.batch == "annotation_batch_b1" and t1b.hit_id == "HIT1"
    t3c = next(s for s in subs if (s.example_id, s.worker_id) == ("t3", "C"))
    assert not t3c.rewritable and t3c.unsure and t3c.explanation.startswith("I am not sure")
    # the same answers as the JSONL file give the same agreement on batch b1
    jsonl = [s for s in read_submissions_jsonl(SUBS) if s.batch == "b1"]
    a, b = (
        agreement(subs).overall,
        agreement(attach_tasks(jsonl, {ex.id: ex for ex in read_jsonl(TASKS)})).overall,
    )
    assert a == pytest.approx(b)


def test_mturk_column_mapping() -> None:
    cols = "id=Input.key,sentence=Input.text,rewrites=Answer.out,not_rewritable=Answer.cannot,worker=Worker"
    subs = read_submissions([FIX / "annotation_custom.csv"], columns=cols)
    assert [(s.example_id, s.worker_id) for s in subs] == [("t6", "A"), ("t6", "B")]
    assert subs[0].rewrites == ["Kim bought apples.", "Lee bought pears."]
    assert subs[0].sentence == "Kim bought apples and Lee pears." and subs[0].offset == 18
    with pytest.raises(InputError, match=r"no worker column 'WorkerId'.*--columns worker=COLUMN"):
        read_mturk_csv(FIX / "annotation_custom.csv")
    with pytest.raises(LingevalError, match="unknown field"):
        read_mturk_csv(FIX / "annotation_custom.csv", "speaker=Worker")


# -- agreement and consolidation -------------------------------------------------------------------


@pytest.fixture(scope="module")
def subs() -> list[Submission]:
    return attach_tasks(read_submissions_jsonl(SUBS), {ex.id: ex for ex in read_jsonl(TASKS)})


def test_agreement_matches_the_hand_computation(subs: list[Submission]) -> None:
    rep = agreement(subs)
    # items with >= 2 annotators: t1 t2 t3 t4 t5 t7; counts agree on t1 t2 t5 -> 50 %;
    # sets agree on t2 only -> 16.7 %; mean pairwise Jaccard 5/9, 1, 1/9, 1/3, 5/9, 2/9 -> 46.3 %
    o = rep.overall
    assert (o["items"], rep.single) == (6, 1)
    assert o["rewrite_agreement"] == pytest.approx(50.0)
    assert o["exact_match"] == pytest.approx(100 / 6)
    assert o["jaccard"] == pytest.approx(100 * (5 / 9 + 1 + 1 / 9 + 1 / 3 + 5 / 9 + 2 / 9) / 6)
    b = rep.by_batch
    assert b["b1"]["exact_match"] == pytest.approx(25.0) and b["b1"]["jaccard"] == pytest.approx(
        50.0
    )
    assert b["b2"]["items"] == 2 and b["b2"]["jaccard"] == pytest.approx(100 * (5 / 9 + 2 / 9) / 2)
    # pairwise Jaccard sums over 12 pairs each: A 20/3, B 6, C 4
    assert rep.annotators["A"]["jaccard"] == pytest.approx(100 * (20 / 3) / 12)
    assert rep.annotators["B"]["jaccard"] == pytest.approx(50.0)
    assert rep.annotators["C"]["jaccard"] == pytest.approx(100 * 4 / 12)
    assert rep.best_annotators() == ["A", "B", "C"]


def test_consolidation_follows_majority_then_best_annotator(subs: list[Submission]) -> None:
    res = consolidate(subs)
    gold = {ex.id: ex for ex in res.examples}
    method = {k: ex.meta["consolidation"] for k, ex in gold.items()}
    assert method == {
        "t1": "majority",  # C's answer adds "drinks" and does not vote; A and B agree
        "t2": "majority",
        "t3": "majority-count+best-annotator",  # A and B give two sentences, differently
        "t4": "majority",  # two of three leave it unchanged
        "t5": "majority",
        "t6": "single",
        "t7": "best-annotator",  # 2, 3 and 1 sentences: no majority at all
    }
    assert res.invalid == 1
    assert gold["t3"].rewrites == ["The cat is asleep.", "The dog is outside."]  # A's
    assert not gold["t4"].rewritable and gold["t4"].rewrites == ["Tom and Anna met in Paris."]
    assert len(gold["t4"].meta["explanations"]) == 2
    # without the checks C's answer votes, and t1 still has a 2-of-3 majority
    assert consolidate(subs, use_checks=False).invalid == 0


def test_best_annotator_changes_the_no_majority_decision() -> None:
    # With this item alone A and B have the same pairwise standing, so the worker id decides.
    s = "Mia reads novels and Leo poems."
    mk = lambda w, rw: Submission("x", w, rw, sentence=s, conjunction="and", offset=17)  # noqa: E731
    one = [mk("A", ["Mia reads novels.", "Leo reads poems."]), mk("B", ["Mia reads novels."])]
    # B's answer loses "Leo poems" (coverage check): with the checks only A's answer votes
    checked = consolidate(one).examples[0].meta
    assert checked["worker"] == "A" and checked["consolidation"] == "only-valid"
    assert consolidate(one, use_checks=False).examples[0].meta["worker"] == "A"
    # a third item where B agrees with a co-annotator lifts B above A
    t = "Kim bought apples and Lee pears."
    extra = [
        Submission(
            "y",
            "B",
            ["Kim bought apples.", "Lee bought pears."],
            sentence=t,
            conjunction="and",
            offset=18,
        ),
        Submission(
            "y",
            "C",
            ["Kim bought apples.", "Lee bought pears."],
            sentence=t,
            conjunction="and",
            offset=18,
        ),
        Submission("y", "A", ["Kim bought apples."], sentence=t, conjunction="and", offset=18),
    ]
    res = consolidate(one + extra, use_checks=False)
    assert {ex.id: ex.meta["worker"] for ex in res.examples}["x"] == "B"


def test_long_lists_are_removed_and_conflicts_are_errors() -> None:
    s = "They sold apples, pears, plums, figs, nuts, eggs, milk, tea, rice, oats, jam and honey."
    off = s.index(" and ") + 1
    subs = [
        Submission("l", w, [], long_list=True, sentence=s, conjunction="and", offset=off)
        for w in "AB"
    ]
    res = consolidate(subs)
    assert res.examples == [] and res.removed == [("l", "long list")]
    dup = [Submission("d", "A", ["x."], sentence="a and b", conjunction="and", offset=2)] * 2
    with pytest.raises(InputError, match="more than once by worker"):
        agreement(dup)


# -- command line ------------------------------------------------------------------------------


def test_cli_consolidate_agreement_check(tmp_path: Path) -> None:
    from lingeval.cli import cli

    runner = CliRunner()
    out = tmp_path / "gold.jsonl"
    r = runner.invoke(
        cli,
        [
            "conjuncts",
            "annotate",
            "consolidate",
            str(SUBS),
            "--tasks",
            str(TASKS),
            "-o",
            str(out),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    tables = json.loads(r.output)
    assert {row["decision"]: row["items"] for row in tables[0]["rows"]}["gold examples"] == 7
    assert len(read_jsonl(out)) == 7
    r = runner.invoke(
        cli, ["conjuncts", "annotate", "agreement", str(FIX / "annotation_batch_b1.csv"), "--csv"]
    )
    assert r.exit_code == 0
    header, first = (line.split(",") for line in r.output.splitlines()[:2])
    assert header[-1] == "signature" and first[-1].startswith("lingeval-")
    assert first[:2] == ["all", "4"] and [float(x) for x in first[2:-1]] == pytest.approx(
        [50.0, 25.0, 50.0]
    )
    r = runner.invoke(
        cli, ["conjuncts", "annotate", "check", str(SUBS), "--tasks", str(TASKS), "--failing"]
    )
    assert (
        r.exit_code == 1  # a failed check gates a script
        and "drinks" in r.output
        and "19 submissions: 17 ok, 1 with errors, 1 flagged" in r.output
    )
    passing = tmp_path / "passing.jsonl"
    passing.write_text(
        "".join(line + "\n" for line in SUBS.read_text().splitlines() if "drinks" not in line)
    )
    r = runner.invoke(cli, ["conjuncts", "annotate", "check", str(passing), "--tasks", str(TASKS)])
    assert r.exit_code == 0 and "18 submissions: 17 ok, 0 with errors, 1 flagged" in r.output
    r = runner.invoke(
        cli,
        [
            "conjuncts",
            "annotate",
            "check-set",
            "Josh likes wine <SPLIT> and </SPLIT> Jane water.",
            "Josh likes wine.",
            "Jane loves water.",
            "--json",
        ],
    )
    rows = {row["check"]: row for row in json.loads(r.output)[0]["rows"]}
    assert rows["new-words"]["ok"] is False and "loves" in rows["new-words"]["reason"]
    assert r.exit_code == 1
    good = [
        "Josh likes wine <SPLIT> and </SPLIT> Jane water.",
        "Josh likes wine.",
        "Jane likes water.",
    ]
    r = runner.invoke(cli, ["conjuncts", "annotate", "check-set", *good])
    assert r.exit_code == 0 and "passes" in r.output


def test_cli_missing_items_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from lingeval.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["conjuncts", "annotate", "consolidate", str(SUBS), "-o", "/dev/null"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "pass the task file (--tasks)" in err


def test_correlative_not_only_is_no_negation_to_keep() -> None:
    """ "not only / just / simply X but (also) Y" drops its first half in the rewrites (the
    stripping convention): no lost negation, no lost focus word; a real negation still counts."""
    tea = "Kim likes not only tea but also coffee."
    off = tea.index("but")
    assert passed(check_rewrite_set(tea, "but", off, ["Kim likes tea.", "Kim likes coffee."]))
    bread = "The shop sells not simply bread but cakes."
    rw = ["The shop sells bread.", "The shop sells cakes."]
    assert passed(check_rewrite_set(bread, "but", bread.index("but"), rw))
    # a "simply" outside the correlative is still a word to keep
    twice = "The shop sells not simply bread but simply cakes."
    res = by_check(check_rewrite_set(twice, "but", twice.index("but"), rw))
    assert not res["coverage"].ok and res["coverage"].words == ("simply",)
    # a negation in a rewrite of the correlative is added, and "not" without "but" is kept
    added = by_check(
        check_rewrite_set(tea, "but", off, ["Kim likes tea.", "Kim does not like coffee."])
    )
    assert not added["polarity"].ok and "adds a negation" in added["polarity"].reason
    alone = "Kim likes not only tea, and Bo coffee."
    lost = by_check(
        check_rewrite_set(alone, "and", alone.index("and"), ["Kim likes tea.", "Bo likes coffee."])
    )
    assert not lost["polarity"].ok


def test_agreement_plot_is_a_png(subs: list[Submission], tmp_path: Path) -> None:
    from lingeval.conjuncts.annotation.consolidate import plot_agreement

    out = plot_agreement(agreement(subs), tmp_path / "iaa.png")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 2000


def test_coverage_and_polarity_accept_real_linguist_gold(shared_data: Path) -> None:
    """No false alarm of the two content checks on real gold reconstructions (development
    data: Schuster et al. 2018 gapping, GUM copy nodes, THEC VP ellipsis), including negated
    VP ellipsis ("... but Mary did not ___.")."""
    from lingeval.conjuncts.devdata import load_sources

    sources = load_sources(shared_data, names=["schuster", "gum", "thec"])
    if not sources:
        pytest.skip("no conjunct development data under ../shared/data")
    checked = 0
    alarms = []
    for src in sources.values():
        for ex in src.examples:
            if not ex.rewrites:
                continue
            checked += 1
            res = by_check(
                check_rewrite_set(ex.sentence, ex.conjunction, ex.offset, list(ex.rewrites))
            )
            alarms += [
                (ex.id, res[c].reason)
                for c in ("coverage", "polarity")
                if c in res and not res[c].ok
            ]
    assert checked >= 100 and alarms == []
