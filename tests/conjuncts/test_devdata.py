"""Gold rewrite sets from enhanced-UD copy nodes and from THEC (issue 11, point 1).

The CoNLL-U fixtures are written here: PTB tokens without ``# text`` (as in the Schuster et
al. corpus), chains of copy nodes without ``CopyOf``, a shared subject, stripping with
``not``, a list of three conjuncts and a copy node that carries the agreeing verb form.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lingeval.conjuncts.devdata import gold_trees, load_sources, thec_examples, treebank_examples
from lingeval.conjuncts.gapping import GappingReport, extract_gapping
from lingeval.core.conllu import parse_conllu_string


def row(
    i: str,
    form: str,
    lemma: str,
    upos: str,
    xpos: str,
    head: str,
    rel: str,
    deps: str,
    misc: str = "_",
) -> str:
    return "\t".join([i, form, lemma, upos, xpos, "_", head, rel, deps, misc])


def block(rows: list[str], comments: tuple[str, ...] = ()) -> str:
    return "\n".join([*comments, *rows]) + "\n\n"


# "The Perch fields are expected to start producing early next year , and the Tarwhine
# fields later next year ." : a chain of three copies, no CopyOf, no text (PTB tokens)
CHAIN = block(
    [
        row("1", "The", "the", "DET", "DT", "3", "det", "3:det"),
        row("2", "Perch", "Perch", "PROPN", "NNP", "3", "compound", "3:compound"),
        row("3", "fields", "field", "NOUN", "NNS", "5", "nsubj:pass", "5:nsubj:pass"),
        row("4", "are", "be", "AUX", "VBP", "5", "aux:pass", "5:aux:pass"),
        row("5", "expected", "expect", "VERB", "VBN", "0", "root", "0:root"),
        row("5.1", "expected", "expect", "VERB", "VBN", "_", "_", "5:conj"),
        row("6", "to", "to", "PART", "TO", "7", "mark", "7:mark"),
        row("7", "start", "start", "VERB", "VB", "5", "xcomp", "5:xcomp"),
        row("7.1", "start", "start", "VERB", "VB", "_", "_", "5.1:xcomp"),
        row("8", "producing", "produce", "VERB", "VBG", "7", "xcomp", "7:xcomp"),
        row("8.1", "producing", "produce", "VERB", "VBG", "_", "_", "7.1:xcomp"),
        row("9", "early", "early", "ADJ", "JJ", "11", "amod", "11:amod"),
        row("10", "next", "next", "ADJ", "JJ", "11", "amod", "11:amod"),
        row("11", "year", "year", "NOUN", "NN", "8", "obl:tmod", "8:obl:tmod"),
        row("12", ",", ",", "PUNCT", ",", "16", "punct", "16:punct"),
        row("13", "and", "and", "CCONJ", "CC", "16", "cc", "5.1:cc"),
        row("14", "the", "the", "DET", "DT", "16", "det", "16:det"),
        row("15", "Tarwhine", "Tarwhine", "PROPN", "NNP", "16", "compound", "16:compound"),
        row("16", "fields", "field", "NOUN", "NNS", "5", "conj", "5.1:nsubj:pass"),
        row("17", "later", "late", "ADJ", "JJR", "19", "amod", "19:amod"),
        row("18", "next", "next", "ADJ", "JJ", "19", "amod", "19:amod"),
        row("19", "year", "year", "NOUN", "NN", "16", "orphan", "8.1:obl:tmod"),
        row("20", ".", ".", "PUNCT", ".", "5", "punct", "5:punct"),
    ]
)

# "`` They spent $ 325,000 in 1989 and $ 340,000 in 1990 , '' he said ." : shared subject
# (an argument cluster), PTB quotes and dollar sign, material after the gap
CLUSTER = block(
    [
        row("1", "``", "``", "PUNCT", "``", "3", "punct", "3:punct"),
        row("2", "They", "they", "PRON", "PRP", "3", "nsubj", "3:nsubj|3.1:nsubj"),
        row("3", "spent", "spend", "VERB", "VBD", "16", "ccomp", "16:ccomp"),
        row("3.1", "spent", "spend", "VERB", "VBD", "_", "_", "3:conj"),
        row("4", "$", "$", "SYM", "$", "3", "obj", "3:obj"),
        row("5", "325,000", "325,000", "NUM", "CD", "4", "nummod", "4:nummod"),
        row("6", "in", "in", "ADP", "IN", "7", "case", "7:case"),
        row("7", "1989", "1989", "NUM", "CD", "3", "obl", "3:obl"),
        row("8", "and", "and", "CCONJ", "CC", "9", "cc", "3.1:cc"),
        row("9", "$", "$", "SYM", "$", "3", "conj", "3.1:obj"),
        row("10", "340,000", "340,000", "NUM", "CD", "9", "nummod", "9:nummod"),
        row("11", "in", "in", "ADP", "IN", "12", "case", "12:case"),
        row("12", "1990", "1990", "NUM", "CD", "9", "orphan", "3.1:obl"),
        row("13", ",", ",", "PUNCT", ",", "3", "punct", "3:punct"),
        row("14", "''", "''", "PUNCT", "''", "3", "punct", "3:punct"),
        row("15", "he", "he", "PRON", "PRP", "16", "nsubj", "16:nsubj"),
        row("16", "said", "say", "VERB", "VBD", "0", "root", "0:root"),
        row("17", ".", ".", "PUNCT", ".", "16", "punct", "16:punct"),
    ]
)

# "The hotel offered breakfast but not dinner ." : stripping with "not" (do-support)
STRIP = block(
    [
        row("1", "The", "the", "DET", "DT", "2", "det", "2:det"),
        row("2", "hotel", "hotel", "NOUN", "NN", "3", "nsubj", "3:nsubj|3.1:nsubj"),
        row("3", "offered", "offer", "VERB", "VBD", "0", "root", "0:root"),
        row("3.1", "offered", "offer", "VERB", "VBD", "_", "_", "3:conj"),
        row("4", "breakfast", "breakfast", "NOUN", "NN", "3", "obj", "3:obj"),
        row("5", "but", "but", "CCONJ", "CC", "7", "cc", "3.1:cc"),
        row("6", "not", "not", "PART", "RB", "7", "advmod", "3.1:advmod"),
        row("7", "dinner", "dinner", "NOUN", "NN", "3", "conj", "3.1:obj"),
        row("8", ".", ".", "PUNCT", ".", "3", "punct", "3:punct"),
    ]
)

# "Ann plays chess, Bo golf, and the twins tennis." (with # text and SpaceAfter): a list of
# three conjuncts, two copies of one verb; the plural subject makes "play"
LIST = block(
    [
        row("1", "Ann", "Ann", "PROPN", "NNP", "2", "nsubj", "2:nsubj"),
        row("2", "plays", "play", "VERB", "VBZ", "0", "root", "0:root"),
        row("3", "chess", "chess", "NOUN", "NN", "2", "obj", "2:obj", "SpaceAfter=No"),
        row("4", ",", ",", "PUNCT", ",", "5", "punct", "5:punct"),
        row("5", "Bo", "Bo", "PROPN", "NNP", "2", "conj", "5.1:nsubj"),
        row("5.1", "plays", "play", "VERB", "VBZ", "_", "_", "2:conj"),
        row("6", "golf", "golf", "NOUN", "NN", "5", "orphan", "5.1:obj", "SpaceAfter=No"),
        row("7", ",", ",", "PUNCT", ",", "10", "punct", "10:punct"),
        row("8", "and", "and", "CCONJ", "CC", "10", "cc", "10.1:cc"),
        row("9", "the", "the", "DET", "DT", "10", "det", "10:det"),
        row("10", "twins", "twin", "NOUN", "NNS", "2", "conj", "10.1:nsubj"),
        row("10.1", "plays", "play", "VERB", "VBZ", "_", "_", "2:conj:and"),
        row("11", "tennis", "tennis", "NOUN", "NN", "10", "orphan", "10.1:obj", "SpaceAfter=No"),
        row("12", ".", ".", "PUNCT", ".", "2", "punct", "2:punct"),
    ],
    ("# sent_id = list", "# text = Ann plays chess, Bo golf, and the twins tennis."),
)


# "We went to Rome in May and Oslo in June ." (GUM style): the elided "to" of the second
# conjunct is a copy node attached to its remnant (7.2, DEPS 8:case); "We" is shared
ELIDED_TO = block(
    [
        row("1", "We", "we", "PRON", "PRP", "2", "nsubj", "2:nsubj|7.1:nsubj"),
        row("2", "went", "go", "VERB", "VBD", "0", "root", "0:root"),
        row("3", "to", "to", "ADP", "IN", "4", "case", "4:case"),
        row("4", "Rome", "Rome", "PROPN", "NNP", "2", "obl", "2:obl:to"),
        row("5", "in", "in", "ADP", "IN", "6", "case", "6:case"),
        row("6", "May", "May", "PROPN", "NNP", "2", "obl", "2:obl:in"),
        row("7", "and", "and", "CCONJ", "CC", "8", "cc", "7.1:cc"),
        row("7.1", "went", "go", "VERB", "VBD", "_", "_", "2:conj:and"),
        row("7.2", "to", "to", "ADP", "IN", "_", "_", "8:case"),
        row("8", "Oslo", "Oslo", "PROPN", "NNP", "2", "conj", "7.1:obl:to"),
        row("9", "in", "in", "ADP", "IN", "10", "case", "10:case"),
        row("10", "June", "June", "PROPN", "NNP", "8", "orphan", "7.1:obl:in"),
        row("11", ".", ".", "PUNCT", ".", "2", "punct", "2:punct"),
    ]
)

# "The firm employs 800 people in Spain and 200 abroad .": the number stands for the
# number of the elided noun, the adverb for the prepositional phrase
NUMBER = block(
    [
        row("1", "The", "the", "DET", "DT", "2", "det", "2:det"),
        row("2", "firm", "firm", "NOUN", "NN", "3", "nsubj", "3:nsubj|8.1:nsubj"),
        row("3", "employs", "employ", "VERB", "VBZ", "0", "root", "0:root"),
        row("4", "800", "800", "NUM", "CD", "5", "nummod", "5:nummod"),
        row("5", "people", "people", "NOUN", "NNS", "3", "obj", "3:obj"),
        row("6", "in", "in", "ADP", "IN", "7", "case", "7:case"),
        row("7", "Spain", "Spain", "PROPN", "NNP", "3", "obl", "3:obl"),
        row("8", "and", "and", "CCONJ", "CC", "9", "cc", "8.1:cc"),
        row("8.1", "employs", "employ", "VERB", "VBZ", "_", "_", "3:conj"),
        row("9", "200", "200", "NUM", "CD", "3", "conj", "8.1:obj"),
        row("10", "abroad", "abroad", "ADV", "RB", "9", "orphan", "8.1:advmod"),
        row("11", ".", ".", "PUNCT", ".", "3", "punct", "3:punct"),
    ]
)


def _examples(text: str) -> tuple[list, GappingReport]:
    from lingeval.conjuncts.gapping import extract_from_sentence

    report = GappingReport()
    out = []
    for i, s in enumerate(parse_conllu_string(text), 1):
        out.extend(extract_from_sentence(s, source="fx", index=i, report=report))
    return out, report


def test_chain_of_copies_without_copyof_spells_out_the_whole_chain() -> None:
    (ex,), report = _examples(CHAIN)
    assert ex.sentence == (
        "The Perch fields are expected to start producing early next year, and the Tarwhine "
        "fields later next year."
    )
    assert ex.rewrites == [
        "The Perch fields are expected to start producing early next year.",
        "The Tarwhine fields are expected to start producing later next year.",
    ]
    assert ex.meta["copy_nodes"] == ["5.1", "7.1", "8.1"]
    assert ex.meta["antecedent"] == {"id": 5, "form": "expected"}
    assert "deep-chain" in ex.meta["shapes"] and ex.meta["phenomenon"] == "gapping"
    assert report.status_counts() == {"extracted": 3}


def test_shared_subject_ptb_tokens_and_material_outside_the_coordination() -> None:
    (ex,), _ = _examples(CLUSTER)
    assert ex.sentence == '"They spent $325,000 in 1989 and $340,000 in 1990," he said.'
    assert ex.sentence[ex.offset : ex.offset + 3] == "and"
    assert ex.rewrites == [
        '"They spent $325,000 in 1989," he said.',
        '"They spent $340,000 in 1990," he said.',
    ]
    assert ex.meta["phenomenon"] == "argument-cluster"
    assert "shared-after-gap" in ex.meta["shapes"]


def test_stripping_with_not_gets_do_support() -> None:
    (ex,), _ = _examples(STRIP)
    assert ex.conjunction == "but"
    assert ex.rewrites == ["The hotel offered breakfast.", "The hotel did not offer dinner."]
    assert ex.meta["phenomenon"] == "stripping"
    assert "stripping-marker" in ex.meta["shapes"]


def test_list_of_three_with_agreement_and_spacing_from_the_text() -> None:
    (ex,), report = _examples(LIST)
    assert ex.id == "list@5.1" and ex.conjunction == "and"
    assert ex.offset == ex.sentence.index("and")
    assert ex.rewrites == ["Ann plays chess.", "Bo plays golf.", "The twins play tennis."]
    assert "list-3+" in ex.meta["shapes"]
    assert report.statuses == {"list#5.1": "extracted", "list#10.1": "extracted"}


def test_elided_preposition_is_put_back_and_finds_its_correlate() -> None:
    (ex,), report = _examples(ELIDED_TO)
    assert ex.rewrites == ["We went to Rome in May.", "We went to Oslo in June."]
    assert report.status_counts() == {
        "extracted": 1,
        "extracted (function word in a remnant)": 1,
    }
    assert ex.meta["phenomenon"] == "argument-cluster"


def test_number_remnant_keeps_the_elided_noun() -> None:
    (ex,), _ = _examples(NUMBER)
    assert ex.rewrites == [
        "The firm employs 800 people in Spain.",
        "The firm employs 200 people abroad.",
    ]
    assert [p["correlate"] for p in ex.meta["alignment"]] == ["800", "in Spain"]


def test_treebank_source_keeps_gold_trees(tmp_path: Path) -> None:
    p = tmp_path / "fx.conllu"
    p.write_text(CHAIN + LIST, encoding="utf-8")
    src = treebank_examples("fx", [p])
    assert [e.meta["source"] for e in src.examples] == ["fx", "fx"]
    trees = gold_trees({"fx": src})
    assert set(trees) == {e.id for e in src.examples}
    assert trees["list@5.1"].words[1].form == "plays"


THEC = """\
# test file
# language: eng

Susan read War and Peace but Mary did not ___.
----
Susan read War and Peace but Mary did not read War and Peace.
# source 1

John didn’t go to the wedding , but Karen did ___ .
----
John didn’t go to the wedding , but Karen did go to the wedding .
# source 2

The man stole the car , but ___ not ___ the diamonds .
----
The man stole the car , but did not steal the diamonds .

I visited everyone that you did ___ .
----
I visited everyone that you did visit .

B: You won't come back.
Yes, and I will ___.
----
Yes, and I will come back.
# dialogue
"""


def test_thec_split_at_the_conjunction_before_the_gap(tmp_path: Path) -> None:
    p = tmp_path / "VP_ellipsis.txt"
    p.write_text(THEC, encoding="utf-8")
    coord, other = thec_examples([p])
    assert [e.marked() for e in coord.examples] == [
        "Susan read War and Peace <SPLIT> but </SPLIT> Mary did not.",
        "John didn’t go to the wedding, <SPLIT> but </SPLIT> Karen did.",
        "The man stole the car, <SPLIT> but </SPLIT> not the diamonds.",
    ]
    assert coord.examples[0].rewrites == [
        "Susan read War and Peace.",
        "Mary did not read War and Peace.",
    ]
    assert coord.examples[2].rewrites == [
        "The man stole the car.",
        "The man did not steal the diamonds.",
    ]
    assert coord.examples[1].rewrites == [
        "John didn’t go to the wedding.",
        "Karen did go to the wedding.",
    ]
    assert [e.meta["phenomenon"] for e in coord.examples] == ["vp-ellipsis"] * 3
    # the dialogue answer is kept apart; the relative clause has no conjunction at all
    (answer,) = other.examples
    assert answer.meta["coordination"] is False
    assert answer.meta["context"] == ["B: You won't come back."]
    assert "1 THEC items without any and/or/but" in other.notes[0]


# --------------------------------------------------------------------------------------------
# The shared data (skips when ../shared/data is absent)


def test_every_schuster_copy_node_is_accounted_for(shared_data: Path) -> None:
    path = (
        shared_data
        / "conjuncts"
        / "schuster2018-gapping-train"
        / "enhanced"
        / "gapping.train.conllu"
    )
    report = GappingReport()
    examples = list(extract_gapping(path, report=report))
    assert report.sentences == 164 and report.copy_nodes == 201
    assert len(report.statuses) == 201
    counts = report.status_counts()
    assert counts["extracted"] >= 175
    assert set(counts) <= {
        "extracted",
        "no-conjunction",
        "first-conjunct-elided",
        "not-coordination",
        "degenerate",
    }
    sentences = {e.meta["sent_id"] for e in examples}
    assert len(sentences) >= 148  # the others are asyndetic (no and/or/but) or nested gaps
    for ex in examples:
        assert len(ex.rewrites) >= 2 and len(set(ex.rewrites)) == len(ex.rewrites)
        assert ex.conjunction.lower() in ("and", "or", "but")
        assert all("``" not in r and "-LRB-" not in r for r in ex.rewrites)


def test_sources_from_shared_data(shared_data: Path, repo_root: Path) -> None:
    sources = load_sources(
        shared_data,
        repo_root / "benchmarks" / "data" / "conjuncts",
        names=["schuster", "gum", "ewt", "thec", "thec-other", "paper"],
    )
    assert set(sources) == {"paper", "schuster", "gum", "ewt", "thec", "thec-other"}
    assert len(sources["schuster"].examples) >= 148
    assert len(sources["gum"].examples) >= 25
    assert (
        sources["gum"].report is not None
        and sum(sources["gum"].report.status_counts().values()) == 92
    )
    assert len(sources["thec"].examples) >= 60
    phen = {e.meta["phenomenon"] for s in sources.values() for e in s.examples}
    assert {"gapping", "argument-cluster", "stripping", "vp-ellipsis"} <= phen


@pytest.mark.parametrize("source", ["schuster", "gum"])
def test_gold_trees_cover_every_treebank_example(shared_data: Path, source: str) -> None:
    sources = load_sources(shared_data, names=[source])
    trees = gold_trees(sources)
    assert set(trees) == {e.id for e in sources[source].examples}


def test_derived_gold_agrees_with_the_hand_written_pud_gold(
    shared_data: Path, repo_root: Path
) -> None:
    """The gold written by hand here for PUD gaps (benchmarks/data/conjuncts/
    treebank_gapping_gold.jsonl) against the gold derived from the copy nodes."""
    import json

    hand = {}
    for line in (
        (repo_root / "benchmarks" / "data" / "conjuncts" / "treebank_gapping_gold.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
    ):
        rec = json.loads(line)
        hand[rec["sent_id"]] = rec["rewrites"]
    pud = load_sources(shared_data, names=["pud"])["pud"]
    derived = {e.meta["sent_id"]: e.rewrites for e in pud.examples}
    both = sorted(set(hand) & set(derived))
    assert len(both) == 6
    agree = [s for s in both if hand[s] == derived[s]]
    assert len(agree) >= 5, [(hand[s], derived[s]) for s in both if s not in agree]


def test_devdata_command_writes_one_file_per_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from lingeval.cli import main

    shared = tmp_path / "shared"
    thec = shared / "conjuncts" / "thec-eng-vp-ellipsis"
    thec.mkdir(parents=True)
    (thec / "VP_ellipsis.txt").write_text(THEC, encoding="utf-8")
    bank = shared / "treebanks" / "GUM-train"
    bank.mkdir(parents=True)
    (bank / "en_gum-train.conllu").write_text(LIST + ELIDED_TO, encoding="utf-8")
    out = tmp_path / "dev"
    try:
        main(["conjuncts", "devdata", "--shared", str(shared), "-o", str(out), "--json"])
    except SystemExit as exc:
        assert exc.code in (0, None)
    (table,) = json.loads(capsys.readouterr().out)
    rows = {r["source"]: r for r in table["rows"]}
    assert set(rows) == {"gum", "thec", "thec-other"}
    assert rows["gum"]["examples"] == 2 and rows["thec"]["examples"] == 3
    assert rows["thec-other"]["examples"] == 1
    assert sorted(p.name for p in out.iterdir()) == ["gum.jsonl", "thec-other.jsonl", "thec.jsonl"]
    # the same as the Python API
    api = load_sources(shared, names=["gum"])["gum"].examples
    lines = (out / "gum.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["rewrites"] for x in lines] == [e.rewrites for e in api]
