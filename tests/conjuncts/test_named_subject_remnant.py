"""A first remnant that names someone or something by an apposition (issue 11, session 12,
helper gap13): a common noun phrase followed by a name ("his assistant Marco", "its rival
Stenmouth") answers a subject that holds a name, not a complement that holds none, so the
argument-cluster reading ("Coach Tom Ruiz spent his assistant Marco in Porto") is not
tried. A verb of giving keeps its two objects ("gave ... her daughter Lena a violin"), a
name that modifies a noun is no apposition ("its brand Reebok sneakers"), and a correlate
that holds a name keeps the cluster ("sold its striker Leon Hart to Ajax and ...").

A word the tagger calls an adjective that the dictionary knows only as a noun ("the
garnish/JJ mint") is a noun remnant: no noun is restored after it ("the garnish meat") and
it takes a singular verb. An ampersand inside a name ("Becker & Sons/NNPS") leaves the
remnants clean. "one" after an adjective ("the present one") is a noun phrase, no number.

Every sentence is written here, with the expected rewrites written before the resolver ran
on them; ``MUST_RESOLVE`` and the first three of
``NOUN_TAGGED_ADJECTIVE`` ``AMPERSAND_NAMES`` and ``ONE_AFTER_ADJECTIVE`` failed on main 2192f8f.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

MUST_RESOLVE = [
    ("Coach Tom Ruiz spent his early years in Lisbon, but his assistant Marco in Porto.",
     ["Coach Tom Ruiz spent his early years in Lisbon.",
      "His assistant Marco spent his early years in Porto."]),
    ("Anna Berg began her training at the Vienna Conservatory, and her younger sister Ilse at a"
     " school in Graz.",
     ["Anna Berg began her training at the Vienna Conservatory.",
      "Her younger sister Ilse began her training at a school in Graz."]),
    ("The river port of Calder was a base for the navy, and its rival Stenmouth for the merchant"
     " fleet.",
     ["The river port of Calder was a base for the navy.",
      "Its rival Stenmouth was a base for the merchant fleet."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    ("Maria gave her son a bicycle and her daughter Lena a violin.",
     ["Maria gave her son a bicycle.", "Maria gave her daughter Lena a violin."]),
    ("The club sold its striker Leon Hart to Ajax and its keeper Tim Vos to PSV.",
     ["The club sold its striker Leon Hart to Ajax.", "The club sold its keeper Tim Vos to PSV."]),
    ("Adidas sold its running shoes to Europe and its brand Reebok sneakers to Asia.",
     ["Adidas sold its running shoes to Europe.",
      "Adidas sold its brand Reebok sneakers to Asia."]),
]  # fmt: skip


@pytest.mark.parametrize("case", MUST_RESOLVE + MUST_NOT_CHANGE, ids=lambda c: c[0][:48])
def test_named_subject_remnant(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    conj = "and" if " and " in sentence else "but"
    assert resolve(rules, sentence, conj, 0)[0] == expected


# A word the tagger calls an adjective that the dictionary knows only as a noun ("the
# garnish/JJ") is the remnant's noun: no noun is copied after it, and it is singular.
NOUN_TAGGED_ADJECTIVE = [
    ("On the menu the main course is duck and the starter soup.",
     ["On the menu the main course is duck.", "On the menu the starter is soup."]),
    ("In the stew the main meat is lamb and the garnish mint.",
     ["In the stew the main meat is lamb.", "In the stew the garnish is mint."]),
    ("In this dish the main spice is cumin and the garnish parsley.",
     ["In this dish the main spice is cumin.", "In this dish the garnish is parsley."]),
    # unchanged: a true adjective or ordinal still gets its noun back
    ("The first album was recorded in Oslo and the second in Paris.",
     ["The first album was recorded in Oslo.", "The second album was recorded in Paris."]),
    ("On the island the main crop is rice and the export copra.",
     ["On the island the main crop is rice.", "On the island the export is copra."]),
]  # fmt: skip


@pytest.mark.parametrize("case", NOUN_TAGGED_ADJECTIVE, ids=lambda c: c[0][:48])
def test_noun_tagged_adjective(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence, "and", 0)[0] == expected


# An ampersand between two words of a name is no coordinator inside a remnant, whether the
# tagger calls the second word NNP or NNPS ("Becker & Sons/NNPS"): the remnants are clean.
AMPERSAND_NAMES = [
    ("The first ship was built by Harland & Sons in 1910 and the second by Vickers & Partners"
     " in 1912.",
     ["The first ship was built by Harland & Sons in 1910.",
      "The second ship was built by Vickers & Partners in 1912."]),
    ("The first hall was designed by Ward & Sons and the second by Price & Partners.",
     ["The first hall was designed by Ward & Sons.",
      "The second hall was designed by Price & Partners."]),
    ("The east wing was fitted out by Marsh & Sons in 1880 and the west wing by Cole & Brothers"
     " in 1884.",
     ["The east wing was fitted out by Marsh & Sons in 1880.",
      "The west wing was fitted out by Cole & Brothers in 1884."]),
    # unchanged
    ("The publisher of the atlas was Harper & Brothers and the printer the firm of Lamb & Sons.",
     ["The publisher of the atlas was Harper & Brothers.",
      "The printer was the firm of Lamb & Sons."]),
    ("The hotel's caterer is Rossi & Figli and its florist Bloom & Daughters.",
     ["The hotel's caterer is Rossi & Figli.", "Its florist is Bloom & Daughters."]),
]  # fmt: skip


@pytest.mark.parametrize("case", AMPERSAND_NAMES, ids=lambda c: c[0][:48])
def test_ampersand_names(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence, "and", 0)[0] == expected


# "one" after an adjective is a pronoun, no number ("the present one"): a noun-phrase remnant
# that answers the subject.
ONE_AFTER_ADJECTIVE = [
    ("The old hall was opened by the mayor in 1920 and the new one by the queen in 1975.",
     ["The old hall was opened by the mayor in 1920.",
      "The new one was opened by the queen in 1975."]),
    ("Our first car was bought from a dealer in Leeds and the second one from a neighbour.",
     ["Our first car was bought from a dealer in Leeds.",
      "The second one was bought from a neighbour."]),
    ("The red dress was made by her aunt and the blue one by her grandmother.",
     ["The red dress was made by her aunt.", "The blue one was made by her grandmother."]),
    # a known wrong output of session 11 (test_stripping_long), right since this change
    ("So the first season was shot in Belfast, and the second one too, I believe.",
     ["So the first season was shot in Belfast, I believe.",
      "So the second one was shot in Belfast too, I believe."]),
]  # fmt: skip


@pytest.mark.parametrize("case", ONE_AFTER_ADJECTIVE, ids=lambda c: c[0][:48])
def test_one_after_adjective(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence, "and", 0)[0] == expected


# A sentence-opening participle that the parser makes the clausal subject, with the real
# subject as an apposition after its comma ("Located/csubj on the River Dee, the city/appos
# of Chester is ..."): the apposition is the subject, the participle stays an opening.
OPENING_PARTICIPLE = [
    ("Located on the River Tamar, the town of Calstock is home to a viaduct and its neighbour"
     " Gunnislake to a tin mine.",
     ["Located on the River Tamar, the town of Calstock is home to a viaduct.",
      "Located on the River Tamar, its neighbour Gunnislake is home to a tin mine."]),
    ("Located on the River Dee, the city of Chester is home to a racecourse and its neighbour"
     " Wrexham to a football club.",
     ["Located on the River Dee, the city of Chester is home to a racecourse.",
      "Located on the River Dee, its neighbour Wrexham is home to a football club."]),
    # right before too (the parser's subject is the noun phrase)
    ("Located near the harbour, the town of Vell is home to a lighthouse and its neighbour Orra"
     " to a fish market.",
     ["Located near the harbour, the town of Vell is home to a lighthouse.",
      "Located near the harbour, its neighbour Orra is home to a fish market."]),
    ("Founded on the River Lys, the town of Menen was a fortress and its neighbour Wervik a"
     " market town.",
     ["Founded on the River Lys, the town of Menen was a fortress.",
      "Founded on the River Lys, its neighbour Wervik was a market town."]),
]  # fmt: skip


@pytest.mark.parametrize("case", OPENING_PARTICIPLE, ids=lambda c: c[0][:48])
def test_opening_participle(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence, "and", 0)[0] == expected
