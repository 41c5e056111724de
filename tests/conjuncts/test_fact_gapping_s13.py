"""Gapping in encyclopedic fact sentences (issue 11, session 13, helper gap14).

- A conjunction after a name opened by an article ("the Green Party and Tomas Berg ...") is
  left alone as the inside of one name ("the Bill and Melinda Gates Foundation") only when
  no gapped conjunct follows: the omission detector reads gapping whose last remnant answers
  its parallel in category and preposition.
- A name followed by an *of* phrase after the conjunction is a new subject and the *of*
  phrase of the elided noun ("was a member of the Green Party and Tomas Berg of the Liberal
  Party"); one word before *of* starts a title ("Son of Rambow").
- A bare name answering the predicate noun of *be* that is a description ("is a traditional
  soup from A and Salmorejo from B") is a new subject, not an argument cluster; a bare singular noun
  answers no predicate opened by *a/an* ("but Gado | gado" is one name).
- A noun-phrase remnant answers the whole object when its correlate follows a preposition
  of the object's noun, or one the parser hangs on the verb right after a named object
  (measured on the guided set only: the sentences written for it here still fail on the
  segmentation of the names, "and Per Moe | Yale").
- The verb agrees with a remnant subject whose "and" is inside a prepositional phrase
  without an article after it ("the College of Arts and Humanities at Lund University was")
  or inside a name opened by an article that runs on to a head noun ("the Tom and Lucy
  Baxter Museum has"); an e-mail address the tagger calls a verb is never inflected.
- A capitalised "A" inside the sentence opens a title, no indefinite subject remnant ("and A
  Lesser Creek by ..."); a number and a colon opening the sentence belong to the title
  that is the subject ("1634: The Ram Rebellion was published ...").
- Two subjects the parser makes of a place and its region ("The population of Salem[,]
  Oregon/nsubj is ...") are one subject.
- A name opened by "the" and closed by a number is a noun phrase ("the Rover 75"), not a
  number; a gapping reading whose first remnant repeats words after the verb that it leaves
  in place is not tried ("has pier 2/14 ... and pier 6/8 ..." gave "Pier has pier 6/8");
  a closing source clause whose verb the tagger calls a plural noun (", the museum's guide
  states/NNS") is shared (measured on the guided set: the sentences written here were
  right before).
- Names side by side after the conjunction: a person's name (a first name of
  first-names.txt, initials, a surname) that opens the group before another name is a
  remnant of its own when the first clause opens with a name and ends with no person ("and
  Adam Rook | Swindon Town"); one that closes the group after another name is one when the
  first clause ends with a person ("and the Bears | Lucy Hart"); a prepositional remnant
  answers the phrase of its preposition inside the subject, which stays ("The architect
  [of Kelso House] was A and of the B Library C").
- A name with its possessive before another name is two remnants when the first clause's
  subject opens with a possessor ("and Norway's | Harald Olsen" -> "Norway's king is
  Harald Olsen"); a whole number after "the" and names closes the name ("the Atlas 5"),
  before a preposition ("the Atlas 5 in 2002"; not "the US | 5%", "the Hall | 450 and").
- Groups separated by semicolons are the middle groups of a list for the detector as groups
  separated by commas are ("is A; of B, C; and of D, E"); a name of two words after a
  comma is the region of the place before it only when it opens with a word of place names
  or ends with a kind of region ("New Jersey", "Rhode Island"; not "of Bodø, Marta Vik"),
  and a hyphen inside a word continues the name after a comma ("of Oslo, Jean-Pierre").
- An "'s" that the tagger calls a verb after the name opening the conjunct is a possessive
  when the first clause's subject has one and no verb follows ("and Omar See's/VBZ the
  University of York").
- A first remnant that is a name without "by" answers no object of the passive's agent,
  which would stay: it is a new subject ("was hired by Acme in 2001 and Omar Diaz in 2004");
  a new agent repeats its "by".

Every sentence is written here, with the expected rewrites written before the resolver ran
on them; ``MUST_RESOLVE`` failed on main bdbaa45 (the last six on 416e8ed or later).
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")

MUST_RESOLVE = [
    ("The Royal Navy gave Tom Hardy the Naval General Service Medal and Kate Moss the"
     " Atlantic Star.",
     ["The Royal Navy gave Tom Hardy the Naval General Service Medal.",
      "The Royal Navy gave Kate Moss the Atlantic Star."]),
    ("Maria Lopez was a member of the Green Party and Tomas Berg of the Liberal Party.",
     ["Maria Lopez was a member of the Green Party.",
      "Tomas Berg was a member of the Liberal Party."]),
    ("Kurt Adler is the mayor of Bremen, Ilse Kraus of the Hanseatic League and Otto Brandt"
     " of Kiel.",
     ["Kurt Adler is the mayor of Bremen.", "Ilse Kraus is the mayor of the Hanseatic League.",
      "Otto Brandt is the mayor of Kiel."]),
    ("Caldo verde is a traditional soup from Minho and Salmorejo from Cordoba.",
     ["Caldo verde is a traditional soup from Minho.",
      "Salmorejo is a traditional soup from Cordoba."]),
    ("Bánh mì is a popular snack from Vietnam and Onigiri from Japan.",
     ["Bánh mì is a popular snack from Vietnam.", "Onigiri is a popular snack from Japan."]),
    # a name or an "of" phrase with "and" inside is one subject: the verb stays singular
    ("The Institute of Physics was founded in 1923 and the College of Arts and Humanities at"
     " Lund University in 1901.",
     ["The Institute of Physics was founded in 1923.",
      "The College of Arts and Humanities at Lund University was founded in 1901."]),
    # a capitalised article opens a title, no indefinite subject
    ("The River Wye was surveyed by Hall Brothers in 1921 and A Lesser Creek by Clark Surveys"
     " in 1933.",
     ["The River Wye was surveyed by Hall Brothers in 1921.",
      "A Lesser Creek was surveyed by Clark Surveys in 1933."]),
    # a place and its region read as two subjects are one
    ("The population of Salem, Oregon is 175,000 and the area 125 square kilometres.",
     ["The population of Salem, Oregon is 175,000.", "The area is 125 square kilometres."]),
    # a numbered name is a noun phrase, no number
    ("The Jaguar XJ6 is assembled in Castle Bromwich and the Rover 75 in Longbridge, England.",
     ["The Jaguar XJ6 is assembled in Castle Bromwich.",
      "The Rover 75 is assembled in Longbridge, England."]),
    ("The Fiat Uno is produced in Turin and the Lancia Delta 45 in Chivasso, Italy.",
     ["The Fiat Uno is produced in Turin.", "The Lancia Delta 45 is produced in Chivasso, Italy."]),
    # a first remnant that repeats words left in place is no new subject
    ("Kesby Harbour has pier 2/14 with a depth of 9 metres and pier 6/8 with a depth of 12"
     " metres.",
     ["Kesby Harbour has pier 2/14 with a depth of 9 metres.",
      "Kesby Harbour has pier 6/8 with a depth of 12 metres."]),
    # a person's name beside another name is a remnant of its own
    ("Owen Tate played for Barnsley and Adam Rook Swindon Town.",
     ["Owen Tate played for Barnsley.", "Adam Rook played for Swindon Town."]),
    ("Mark Dale commanded Gemini 6 and David Kerr Gemini 8.",
     ["Mark Dale commanded Gemini 6.", "David Kerr commanded Gemini 8."]),
    ("The Lions signed Paul Grant and the Bears Lucy Hart.",
     ["The Lions signed Paul Grant.", "The Bears signed Lucy Hart."]),
    # ... and a prepositional remnant answers the phrase of the subject
    ("The architect of Kelso House was George Finch and of the Amy R. Holt Library Robert J."
     " Kerr.",
     ["The architect of Kelso House was George Finch.",
      "The architect of the Amy R. Holt Library was Robert J. Kerr."]),
    # a possessor answers the subject's possessor
    ("Sweden's king is Carl Gustaf and Norway's Harald Olsen.",
     ["Sweden's king is Carl Gustaf.", "Norway's king is Harald Olsen."]),
    # a whole number after "the" and a name closes the name
    ("The Colosseum was completed in 80 and the Atlas 5 in 2002.",
     ["The Colosseum was completed in 80.", "The Atlas 5 was completed in 2002."]),
    ("The Parthenon was finished in 432 BC and the Boeing 747 in 1969.",
     ["The Parthenon was finished in 432 BC.", "The Boeing 747 was finished in 1969."]),
    # groups separated by semicolons, a person after the comma of each
    ("The mayor of Bergen is Anne Lie; of Oslo, Jean-Pierre Holm; and of Bodø, Marta Vik.",
     ["The mayor of Bergen is Anne Lie.", "The mayor of Oslo is Jean-Pierre Holm.",
      "The mayor of Bodø is Marta Vik."]),
    # an "'s" the tagger calls a verb after a name is a possessive remnant
    ("Nina Holt's alma mater is Leeds University and Omar See's the University of York.",
     ["Nina Holt's alma mater is Leeds University.",
      "Omar See's alma mater is the University of York."]),
    ("Nina Holt's alma mater is Leeds University and Omar Will's the University of York.",
     ["Nina Holt's alma mater is Leeds University.",
      "Omar Will's alma mater is the University of York."]),
    # a name answering the passive's agent without "by" is a new subject
    ("Lena Ford was hired by Acme in 2001 and Omar Diaz in 2004.",
     ["Lena Ford was hired by Acme in 2001.", "Omar Diaz was hired by Acme in 2004."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    ("The shares were sold by Apex at $5 and by Brill at $7.",
     ["The shares were sold by Apex at $5.", "The shares were sold by Brill at $7."]),
    ("Tom Hardy met Kate Moss and Mary Jane Watson.",
     ["Tom Hardy met Kate Moss.", "Tom Hardy met Mary Jane Watson."]),
    ("The winner was Kim in 2001 and Lee in 2002.",
     ["The winner was Kim in 2001.", "The winner was Lee in 2002."]),
    ("He donated money to the Bill and Melinda Gates Foundation in 2010.",
     ["He donated money to the Bill and Melinda Gates Foundation in 2010."]),
    ("Paella is a rice dish from Valencia and Gazpacho from Seville.",
     ["Paella is a rice dish from Valencia.", "Gazpacho is a rice dish from Seville."]),
]  # fmt: skip


@pytest.fixture(scope="module")
def rules() -> RulesResolver:
    return RulesResolver()


@pytest.mark.parametrize("case", MUST_RESOLVE + MUST_NOT_CHANGE, ids=lambda c: c[0][:48])
def test_fact_gapping_s13(rules: RulesResolver, case: tuple) -> None:  # type: ignore[type-arg]
    sentence, expected = case
    assert resolve(rules, sentence)[0] == expected
