"""The 21 A.7 patterns (``--patterns paper``) on hand-built trees that follow the paper's drawings (parser-independent).

Each tree is written as ``word/UPOS/deprel/head`` (1-based heads, 0 for the root), keeping only
the words a drawing needs, with the analysis the appendix draws for its example sentence.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.mining.patterns import (
    PAPER_PATTERNS,
    SentView,
    get_patterns,
    match_sentence,
)
from lingeval.core.errors import LingevalError
from lingeval.core.registry import registry


def tree(spec: str) -> SentView:
    words, pos, dep, head, idx = [], [], [], [], []
    offset = 0
    for item in spec.split():
        w, p, d, h = item.rsplit("/", 3)
        words.append(w)
        pos.append(p)
        dep.append(d)
        head.append(int(h) - 1)
        idx.append(offset)
        offset += len(w) + 1
    return SentView(" ".join(words), words, pos, dep, head, idx)


def fired(view: SentView) -> dict[str, set[str]]:
    """``{'and@<offset>': {pattern, ...}}`` for the whole catalogue."""
    found = match_sentence(view, get_patterns(["paper"]))
    return {f"{view.words[c]}@{view.idx[c]}": set(names) for c, names in found.items()}


def only(view: SentView) -> set[str]:
    out: set[str] = set()
    for names in fired(view).values():
        out |= names
    return out


def test_catalogue_has_the_papers_21_patterns_in_three_groups() -> None:
    pats = get_patterns(["paper"])
    assert len(pats) == 21 == len(set(PAPER_PATTERNS))
    assert [p.name for p in get_patterns()][:21] == PAPER_PATTERNS  # the default starts with them
    groups = [p.group for p in pats]
    assert groups.count("pos-mismatch") == 5
    assert groups.count("dep-mismatch") == 1
    assert groups.count("subtree-mismatch") == 15
    for p in pats:
        assert registry.mining_patterns.get(p.name) is p
        assert p.example and p.drawing and p.reading and p.section.startswith("A.7")


def test_unknown_pattern_name_is_a_clear_error() -> None:
    with pytest.raises(
        LingevalError, match=r"unknown mining pattern 'nope'.*pos-verb-conj-nonverb"
    ):
        get_patterns(["nope"])


def test_third_party_pattern_can_be_registered_and_selected() -> None:
    from lingeval.conjuncts.mining.patterns import MiningPattern

    def every_cc(s: SentView) -> list[int]:
        return [i for i in range(len(s.words)) if s.is_conjunction(i)]

    pat = MiningPattern("test-every-cc", "custom", "none", "cc", "every cc", "x and y", every_cc)
    registry.mining_patterns.register("test-every-cc", func=pat)
    view = tree("x/NOUN/ROOT/0 and/CCONJ/cc/1 y/NOUN/conj/1")
    assert match_sentence(view, get_patterns(["test-every-cc"])) == {1: ["test-every-cc"]}


# Section 4.1: "32% had brown and 21% black" shows both a POS mismatch and an nsubj under a
# non-verb; under the paper's analysis both patterns fire on "and".
def test_section_4_1_example_fires_pos_and_dep_mismatch() -> None:
    v = tree(
        "32%/NOUN/nsubj/2 had/VERB/ROOT/0 brown/ADJ/dobj/2 and/CCONJ/cc/2 21%/NOUN/nsubj/6 black/ADJ/conj/2"
    )
    assert fired(v) == {"and@14": {"pos-verb-conj-nonverb", "dep-nsubj-of-nonverb"}}


PAPER_TREES = [
    # A.7.1 ("Japanese 0.3%" read as subject + predicate, as section 4.1's "21% black", so the
    # nsubj under a non-verb fires as well)
    (
        "Koreans/PROPN/nsubj/2 made/VERB/ROOT/0 1.2%/NOUN/dobj/2 and/CCONJ/cc/2 Japanese/PROPN/nsubj/6 0.3%/NOUN/conj/2",
        {"pos-verb-conj-nonverb", "dep-nsubj-of-nonverb"},
    ),
    # "issues and how to cover them": also the to-infinitive conjunct of a word without "to".
    (
        "devoted/ADJ/ROOT/0 to/ADP/prep/1 issues/NOUN/pobj/2 and/CCONJ/cc/3 how/SCONJ/advmod/7 to/PART/aux/7 cover/VERB/conj/3",
        {"pos-nonverb-conj-verb", "subtree-conj-to-infinitive"},
    ),
    (
        "won/VERB/ROOT/0 once/ADV/advmod/1 aboard/ADP/prep/2 Quiet/PROPN/pobj/3 and/CCONJ/cc/2 again/ADV/advmod/7 on/ADP/conj/2 Brown/PROPN/pobj/7",
        {"pos-adv-conj-adp"},
    ),
    (
        "Tell/VERB/ROOT/0 us/PRON/dobj/1 in/ADP/prep/1 comments/NOUN/pobj/3 or/CCONJ/cc/3 @CNNFilms/PROPN/conj/3",
        {"pos-adp-conj-nonverb"},
    ),
    (
        "were/AUX/ROOT/0 safe/ADJ/acomp/1 and/CCONJ/cc/2 at/ADP/conj/2 terminal/NOUN/pobj/4",
        {"pos-adj-conj-adp"},
    ),
    # A.7.2: "matter secondary" also makes "secondary" the non-verb conjunct of "are".
    (
        "are/AUX/ROOT/0 primary/ADJ/acomp/1 and/CCONJ/cc/1 matter/NOUN/nsubj/5 secondary/ADJ/conj/1",
        {"dep-nsubj-of-nonverb", "pos-verb-conj-nonverb"},
    ),
    # A.7.3 ("Henry ... and Eleanor of Aquitaine": the pobj's conjunct has its own PP, so #6
    # fires as well)
    (
        "born/VERB/ROOT/0 to/ADP/prep/1 Henry/PROPN/pobj/2 of/ADP/prep/3 England/PROPN/pobj/4 and/CCONJ/cc/3 "
        "Eleanor/PROPN/conj/3 of/ADP/prep/7 Aquitaine/PROPN/pobj/8 on/ADP/prep/1 December/PROPN/pobj/10",
        {"subtree-prep-after-coordinated-pp", "subtree-pp-object-conj-with-pp"},
    ),
    (
        "From/ADP/prep/8 1880s/NOUN/pobj/1 onward/ADV/advmod/1 neighbourhoods/NOUN/nsubjpass/8 and/CCONJ/cc/4 "
        "Lombok/PROPN/conj/4 were/AUX/auxpass/8 developed/VERB/ROOT/0",
        {"subtree-fronted-pp-with-advmod"},
    ),
    (
        "policemen/NOUN/nsubj/2 reported/VERB/ROOT/0 wounded/VERB/xcomp/2 and/CCONJ/cc/2 attackers/NOUN/nsubj/6 "
        "killed/VERB/conj/2 wounded/VERB/conj/6 or/CCONJ/cc/7 captured/VERB/conj/7",
        {"subtree-xcomp-conj-chain"},
    ),
    (
        "tells/VERB/ROOT/0 you/PRON/dobj/1 or/CCONJ/cc/2 in/ADP/prep/6 case/NOUN/pobj/4 animal/NOUN/conj/2",
        {"subtree-obj-conj-fronted-pp"},
    ),
    # "charity or to help": also a noun whose conjunct is a verb (A.7.1 #2 as we read it).
    (
        "started/VERB/ROOT/0 raising/VERB/xcomp/1 money/NOUN/dobj/2 for/ADP/prep/2 charity/NOUN/pobj/4 or/CCONJ/cc/5 "
        "to/PART/aux/8 help/VERB/conj/5",
        {"subtree-conj-to-infinitive", "pos-nonverb-conj-verb"},
    ),
    (
        "introduced/VERB/ROOT/0 to/ADP/prep/1 hardships/NOUN/pobj/2 or/CCONJ/cc/3 horrors/NOUN/conj/3 of/ADP/prep/5 combat/NOUN/pobj/6",
        {"subtree-pp-object-conj-with-pp"},
    ),
    (
        "Progress/NOUN/ccomp/7 in/ADP/prep/1 District/PROPN/pobj/2 but/CCONJ/cc/1 blight/NOUN/conj/1 he/PRON/nsubj/7 says/VERB/ROOT/0",
        {"subtree-verbless-ccomp-conj"},
    ),
    (
        "costs/NOUN/nsubj/2 were/AUX/ROOT/0 cents/NOUN/attr/2 for/ADP/prep/3 case/NOUN/pobj/4 and/CCONJ/cc/3 "
        "cents/NOUN/conj/3 for/ADP/prep/7 CD/PROPN/pobj/8",
        {"subtree-obj-conj-both-with-pp"},
    ),
    # "make 85 from 80 and ... 54 from 98": the verb's conjunct is a number, a POS mismatch too.
    (
        "make/VERB/ROOT/0 85/NUM/dobj/1 and/CCONJ/cc/1 54/NUM/conj/1 from/ADP/prep/4 98/NUM/pobj/5",
        {"subtree-verb-conj-nonverb-with-pp", "pos-verb-conj-nonverb"},
    ),
    (
        "used/VERB/ROOT/0 in/ADP/prep/1 printmaking/NOUN/pobj/2 and/CCONJ/cc/2 for/ADP/conj/2 engraving/NOUN/pobj/5",
        {"subtree-verb-prep-conj-adp"},
    ),
    (
        "is/AUX/ROOT/0 war/NOUN/attr/1 on/ADP/prep/2 Batman/PROPN/pobj/3 and/CCONJ/cc/3 on/ADP/conj/3 family/NOUN/pobj/6",
        {"subtree-obj-prep-conj-adp"},
    ),
    (
        "been/AUX/ROOT/0 players/NOUN/attr/1 in/ADP/prep/2 uprisings/NOUN/pobj/3 in/ADP/prep/4 Yemen/PROPN/pobj/5 "
        "and/CCONJ/cc/5 in/ADP/conj/5 Syria/PROPN/pobj/8",
        {"subtree-obj-nested-prep-conj-adp"},
    ),
    (
        "control/NOUN/nsubj/7 of/ADP/prep/1 economy/NOUN/pobj/2 and/CCONJ/cc/2 of/ADP/conj/2 expression/NOUN/pobj/5 is/AUX/ROOT/0",
        {"subtree-subject-prep-conj-adp"},
    ),
    (
        "concentrated/VERB/ROOT/0 in/ADP/prep/1 trade/NOUN/pobj/2 and/CCONJ/cc/3 in/ADP/conj/3 lending/NOUN/pobj/5",
        {"subtree-pp-object-conj-adp"},
    ),
    (
        "show/NOUN/nsubj/2 is/AUX/ROOT/0 entertainment/NOUN/attr/2 but/CCONJ/cc/3 research/NOUN/compound/6 chance/NOUN/conj/3",
        {"subtree-obj-conj-compound"},
    ),
]


@pytest.mark.parametrize(("spec", "expected"), PAPER_TREES, ids=[f"A7-{i + 1}" for i in range(21)])
def test_pattern_fires_on_the_appendix_analysis(spec: str, expected: set[str]) -> None:
    v = tree(spec)
    result = fired(v)
    # every firing implicates the sentence's (single) coordinating conjunction
    conj = [f"{w}@{v.idx[i]}" for i, w in enumerate(v.words) if v.is_conjunction(i)]
    assert set(result) <= set(conj)
    assert only(v) == expected


def test_each_tree_is_the_first_to_exercise_its_pattern() -> None:
    # The i-th tree fires the i-th pattern of the catalogue (the appendix order).
    for name, (spec, _) in zip(PAPER_PATTERNS, PAPER_TREES, strict=True):
        assert name in only(tree(spec)), name


def test_well_formed_coordinations_fire_nothing() -> None:
    plain = [
        # VP coordination with both verbs spelled out
        "Josh/PROPN/nsubj/2 likes/VERB/ROOT/0 wine/NOUN/dobj/2 and/CCONJ/cc/2 drinks/VERB/conj/2 water/NOUN/dobj/5",
        # NP coordination of two nouns as an object
        "Jane/PROPN/nsubj/2 likes/VERB/ROOT/0 wine/NOUN/dobj/2 and/CCONJ/cc/3 water/NOUN/conj/3",
        # adjective coordination
        "were/AUX/ROOT/0 safe/ADJ/acomp/1 and/CCONJ/cc/2 sound/ADJ/conj/2",
    ]
    for spec in plain:
        assert fired(tree(spec)) == {}


def test_sentence_without_and_or_but_is_skipped() -> None:
    # The same POS mismatch, but coordinated by "nor": no marked conjunction, no candidate.
    v = tree("made/VERB/ROOT/0 1.2%/NOUN/dobj/1 nor/CCONJ/cc/1 0.3%/NOUN/conj/1")
    assert fired(v) == {}
    # asyndetic coordination (no cc at all)
    v = tree("made/VERB/ROOT/0 1.2%/NOUN/dobj/1 ,/PUNCT/punct/1 0.3%/NOUN/conj/1")
    assert fired(v) == {}


def test_marked_conjunction_is_the_one_of_the_implicated_arc() -> None:
    # Two coordinations; only the second links a verb to a non-verb ("birds seeds" also puts
    # an nsubj under a noun).
    v = tree(
        "cats/NOUN/nsubj/4 and/CCONJ/cc/1 dogs/NOUN/conj/1 ate/VERB/ROOT/0 fish/NOUN/dobj/4 "
        "but/CCONJ/cc/4 birds/NOUN/nsubj/8 seeds/NOUN/conj/4"
    )
    assert fired(v) == {"but@23": {"pos-verb-conj-nonverb", "dep-nsubj-of-nonverb"}}


def test_ud_style_cc_attached_to_the_second_conjunct() -> None:
    v = tree("made/VERB/ROOT/0 1.2%/NOUN/obj/1 and/CCONJ/cc/4 0.3%/NOUN/conj/1")
    assert fired(v) == {"and@10": {"pos-verb-conj-nonverb"}}


def test_conj_chain_marks_the_last_arcs_conjunction() -> None:
    # "in trade, services, and especially in money lending": in is the conjunct of services.
    v = tree(
        "concentrated/VERB/ROOT/0 in/ADP/prep/1 trade/NOUN/pobj/2 ,/PUNCT/punct/3 services/NOUN/conj/3 "
        ",/PUNCT/punct/5 and/CCONJ/cc/5 in/ADP/conj/5 lending/NOUN/pobj/8"
    )
    assert fired(v) == {"and@35": {"subtree-pp-object-conj-adp"}}


def test_compound_inside_a_proper_name_is_not_a_gap() -> None:
    # "assassinate Iyad Allawi and Hazem Shaalan": a name's own compound (PROPN -> PROPN) is
    # not the compound-read remnant of #21 (EWT mined it before this restriction).
    names = tree(
        "assassinate/VERB/ROOT/0 Allawi/PROPN/dobj/1 and/CCONJ/cc/2 Hazem/PROPN/compound/5 Shaalan/PROPN/conj/2"
    )
    assert fired(names) == {}
    gap = tree(
        "assassinate/VERB/ROOT/0 Allawi/PROPN/dobj/1 and/CCONJ/cc/2 research/NOUN/compound/5 chance/NOUN/conj/2"
    )
    assert fired(gap) == {"and@19": {"subtree-obj-conj-compound"}}
