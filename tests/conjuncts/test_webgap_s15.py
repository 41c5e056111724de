"""WebNLG-style gapping (issue 11, session 15, engineer webgap16).

Knowledge-graph fact sentences gap a copula or a passive with remnants the resolver cut or
aligned wrongly:

- a prepositional remnant answers a modifier inside the subject that hangs on a noun of the
  subject head's own prepositional phrase ("The height above sea level [of the fort] ...");
- after such a preposition two names side by side are its object and the next remnant ("and
  of Nantes | Paul M. Blanc"; a middle initial binds the words around it);
- a whole number inside a name opened by "the" that goes on after it ("the Fiat 500 Abarth")
  is no remnant boundary;
- a number in digits that the tagger calls a name before its lower-case unit is a number
  ("2,210.0/NNP metres");
- a word no dictionary knows that the tagger calls plural without a plural ending keeps the
  verb's number;
- a bracketed aside on the first clause's subject ("Ivo Rask (cyclist, born 1961)") is left
  out while the sentence is parsed and resolved, and put back where its words stay.

The sentences are new.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

#: Each failed on main 81ff787.
GAPPING = [
    ("The height above sea level of Brixham Fort is 41.0 metres, and of Kelso Castle 12.5"
     " metres.",
     ["The height above sea level of Brixham Fort is 41.0 metres.",
      "The height above sea level of Kelso Castle is 12.5 metres."]),
    ("The founder of Tarvo is Ilse Brandt and of Mirex Jonas Weber.",
     ["The founder of Tarvo is Ilse Brandt.", "The founder of Mirex is Jonas Weber."]),
    ("The capital of Norway is Oslo, of Latvia Riga and of Estonia Tallinn.",
     ["The capital of Norway is Oslo.", "The capital of Latvia is Riga.",
      "The capital of Estonia is Tallinn."]),
    ("The Lancia Delta 4 was built in Turin and the Fiat 500 Abarth in Poland.",
     ["The Lancia Delta 4 was built in Turin.", "The Fiat 500 Abarth was built in Poland."]),
    ("The runway length of Kelby Airport is 1,450.0 metres and that of Orwell Field Airport"
     " 2,210.0 metres.",
     ["The runway length of Kelby Airport is 1,450.0 metres.",
      "That of Orwell Field Airport is 2,210.0 metres."]),
    ("Ivo Rask (cyclist, born 1961) rides for Team Sky and Pavel Novak for Team Ineos.",
     ["Ivo Rask (cyclist, born 1961) rides for Team Sky.", "Pavel Novak rides for Team Ineos."]),
    ("Near the border, Ferla (Sicily) belongs to the district of Syracuse and Noto to the"
     " district of Noto.",
     ["Near the border, Ferla (Sicily) belongs to the district of Syracuse.",
      "Near the border, Noto belongs to the district of Noto."]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), GAPPING, ids=[s[:40] for s, _ in GAPPING])
def test_webnlg_gapping(rules: RulesResolver, sentence: str, expected: list[str]) -> None:
    out, rule = resolve(rules, sentence)
    assert out == expected
    assert rule.startswith("gapping")


def test_bracket_stays_with_kept_subject(rules: RulesResolver) -> None:
    """The subject stays in every rewrite of an argument cluster: so does its aside."""
    out, _ = resolve(rules, "The club (founded in 1899) sold Ruiz in May and Okoye in June.")
    assert out == [
        "The club (founded in 1899) sold Ruiz in May.",
        "The club (founded in 1899) sold Okoye in June.",
    ]


def test_unknown_plural_tag_keeps_number(rules: RulesResolver) -> None:
    """'bionico' is no dictionary word; the tagger calls it plural: the verb stays 'is'
    (was 'Bionico are' on main 81ff787)."""
    out, _ = resolve(rules, "Paella is a dish from Spain, and bionico from Jalisco, Mexico.")
    assert out[1] == "Bionico is a dish from Jalisco, Mexico."
