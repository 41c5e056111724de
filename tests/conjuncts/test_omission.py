"""The parse-independent verbal-omission detector (``lingeval.conjuncts.omission``).

Docs are built by hand from words and Penn tags (no parser, no dependency arcs), so each test
shows that the decision comes from the words and tags alone.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lingeval.conjuncts.omission import chunk_phrases, detect_omission

spacy = pytest.importorskip("spacy")
VOCAB = spacy.blank("en").vocab  # lexical attributes (lower_, is_punct) without a pipeline


def tagged(text: str) -> object:
    """``"Josh/NNP likes/VBZ ..."`` -> a Doc with those words and tags and no parse."""
    from spacy.tokens import Doc

    pairs = [w.rsplit("/", 1) for w in text.split()]
    return Doc(VOCAB, words=[w for w, _ in pairs], tags=[t for _, t in pairs])


def cc_of(doc: object, nth: int = 0) -> int:
    return [t.i for t in doc if t.lower_ in {"and", "or", "but"}][nth]  # type: ignore[attr-defined]


def texts(doc: object, phrases: list) -> list[str]:
    return [doc[p.start : p.end + 1].text if p is not None else None for p in phrases]  # type: ignore[index]


def test_gapping_with_the_subject_and_object_as_parallels() -> None:
    doc = tagged("Josh/NNP likes/VBZ wine/NN and/CC Jane/NNP water/NN ./.")
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "gapping"
    assert texts(doc, om.remnants) == ["Jane", "water"]
    assert texts(doc, om.parallels) == ["Josh", "wine"]
    assert om.score == 1.0
    assert "no finite verb after the conjunction" in om.evidence


def test_coordinated_object_is_not_an_omission() -> None:
    doc = tagged("I/PRP bought/VBD apples/NNS and/CC oranges/NNS ./.")
    assert detect_omission(doc, cc_of(doc)) is None


def test_a_verb_after_the_conjunction_is_not_an_omission() -> None:
    doc = tagged("She/PRP sang/VBD and/CC Tom/NNP danced/VBD ./.")
    assert detect_omission(doc, cc_of(doc)) is None


def test_elected_kim_chair_and_lee_treasurer() -> None:
    doc = tagged("The/DT board/NN elected/VBD Kim/NNP chair/NN and/CC Lee/NNP treasurer/NN ./.")
    om = detect_omission(doc, cc_of(doc))
    assert om is not None
    assert texts(doc, om.remnants) == ["Lee", "treasurer"]


def test_deep_correlate_in_a_raising_and_control_chain() -> None:
    doc = tagged(
        "Ann/NNP seems/VBZ to/TO want/VB to/TO start/VB to/TO learn/VB Greek/NNP ,/, "
        "and/CC Bo/NNP Latin/NNP ./."
    )
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "gapping"
    assert [doc[i].text for i in om.verbs] == ["seems", "want", "start", "learn"]
    assert texts(doc, om.parallels) == ["Ann", "Greek"]


def test_closing_reporting_clause_ends_the_right_conjunct() -> None:
    doc = tagged(
        "Prices/NNS rose/VBD 4/CD %/NN and/CC wages/NNS 2/CD %/NN ,/, analysts/NNS said/VBD ./."
    )
    om = detect_omission(doc, cc_of(doc))
    assert om is not None
    assert texts(doc, om.remnants) == ["wages", "2 %"]
    assert doc[om.right_end].text == "%"


def test_gapping_inside_an_opening_subordinate_clause() -> None:
    doc = tagged("While/IN X/NNP rose/VBD 4/CD %/NN and/CC Y/NNP 6/CD %/NN ,/, Z/NNP fell/VBD ./.")
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "gapping"
    assert texts(doc, om.parallels) == ["X", "4 %"]


def test_argument_cluster_in_an_opening_participial_phrase() -> None:
    doc = tagged(
        "Valued/VBN at/IN $/$ 5/CD by/IN A/NNP and/CC $/$ 7/CD by/IN B/NNP ,/, "
        "the/DT shares/NNS fell/VBD ./."
    )
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "argument-cluster"
    assert texts(doc, om.remnants) == ["$ 7", "by B"]
    assert texts(doc, om.parallels) == ["$ 5", "by A"]


@pytest.mark.parametrize(
    ("tail", "marker"), [("too/RB", "too"), ("as/RB well/RB", "as well"), ("also/RB", "also")]
)
def test_stripping_markers(tail: str, marker: str) -> None:
    doc = tagged(f"Sam/NNP has/VBZ read/VBN it/PRP ,/, and/CC Kim/NNP {tail} ./.")
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "stripping" and om.marker == marker
    assert texts(doc, om.remnants) == ["Kim"] and texts(doc, om.parallels) == ["Sam"]


def test_negated_stripping_parallels_a_complement() -> None:
    doc = tagged("The/DT hotel/NN offered/VBD breakfast/NN but/CC not/RB dinner/NN ./.")
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.marker == "not"
    assert texts(doc, om.parallels) == ["breakfast"]


def test_pronoun_subject_prefers_the_cluster_reading() -> None:
    doc = tagged("He/PRP visited/VBD Paris/NNP in/IN May/NNP and/CC Rome/NNP in/IN June/NNP ./.")
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "argument-cluster"
    assert om.readings == ["argument-cluster", "gapping"]


def test_list_with_semicolons_finds_the_verb_further_left() -> None:
    doc = tagged(
        "Rome/NNP has/VBZ three/CD airports/NNS ;/: Milan/NNP ,/, two/CD ;/: "
        "and/CC Naples/NNP ,/, one/CD ./."
    )
    om = detect_omission(doc, cc_of(doc))
    assert om is not None and om.kind == "gapping"
    assert texts(doc, om.remnants) == ["Naples", "one"]


def test_name_prefix_is_not_cut() -> None:
    doc = tagged("Tom/NNP visited/VBD Paris/NNP and/CC New/NNP York/NNP ./.")
    assert detect_omission(doc, cc_of(doc)) is None


def test_chunking_cuts_at_tag_boundaries_and_commas() -> None:
    doc = tagged("Kane/NNP Williamson/NNP a/DT more/RBR considered/VBN 54/CD from/IN 98/CD")
    assert texts(doc, chunk_phrases(doc, 0, len(doc) - 1)) == [
        "Kane Williamson",
        "a more considered 54",
        "from 98",
    ]


def test_bad_indices_give_none() -> None:
    doc = tagged("Josh/NNP likes/VBZ wine/NN ./.")
    assert detect_omission(doc, -1) is None
    assert detect_omission(doc, 99) is None
    assert detect_omission(doc, 1) is None  # not a conjunction


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["and", "Kim", "the", "ran", "to", ",", "%", "5", "too", "not", ";"]),
            st.sampled_from(["CC", "NNP", "DT", "VBD", "TO", ",", "NN", "CD", "RB", ":", "IN"]),
        ),
        min_size=1,
        max_size=25,
    )
)
def test_total_on_word_soup(pairs: list[tuple[str, str]]) -> None:
    from spacy.tokens import Doc

    doc = Doc(VOCAB, words=[w for w, _ in pairs], tags=[t for _, t in pairs])
    for i in range(len(doc)):
        om = detect_omission(doc, i)
        if om is not None:
            assert om.remnants and all(om.cc < r.start <= om.right_end for r in om.remnants)
