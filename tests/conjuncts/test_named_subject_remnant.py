"""A first remnant that names someone or something by an apposition (issue 11, session 12,
helper gap13): a common noun phrase followed by a name ("his assistant Marco", "its rival
Stenmouth") answers a subject that holds a name, not a complement that holds none, so the
argument-cluster reading ("Coach Tom Ruiz spent his assistant Marco in Porto") is not
tried. A verb of giving keeps its two objects ("gave ... her daughter Lena a violin"), a
name that modifies a noun is no apposition ("its brand Reebok sneakers"), and a correlate
that holds a name keeps the cluster ("sold its striker Leon Hart to Ajax and ...").

Every sentence is written here, with the expected rewrites written before the resolver ran
on them; ``MUST_RESOLVE`` failed on main 2192f8f.
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
