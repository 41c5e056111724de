"""Agreement of the restored finite verb in gapping and argument clusters (issue 11, helper
agree11): the restored verb keeps its form and changes only for agreement with the remnant
that replaces its subject, in person as well as number ("I" takes "am", "was", "have",
"play"); a partitive subject takes the number its quantifier fixes ("each of their cousins
owns", "both of them have") or that of the noun phrase after "of" ("some of the suites
have"); after an expletive "there" the verb agrees with the noun after it, which a remnant
may replace ("There was one bus ... and three in the afternoon" -> "There were three buses");
a contracted verb that changes is written out after a noun ("She's bought two tickets and her
parents four" -> "Her parents have bought four tickets") and stays contracted after a
pronoun ("I'm", "They're", "She's"); a subjunctive "be" never changes.

Every sentence is written here, with its rewrites, before the resolver ran on it; none is in
a development set. ``MUST_RESOLVE`` failed on the session's main ``83bcdaf``;
``MUST_NOT_CHANGE`` are close sentences whose rewrite was already right.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

spacy = pytest.importorskip("spacy")


MUST_RESOLVE = [
    # a first-person singular subject remnant: person, not only number
    ("You were right and I wrong.", ["You were right.", "I was wrong."]),
    ("The girls were born in Leeds and I in York.",
     ["The girls were born in Leeds.", "I was born in York."]),
    ("He is a doctor and I a nurse.", ["He is a doctor.", "I am a nurse."]),
    ("They are from Ghana and I from Kenya.", ["They are from Ghana.", "I am from Kenya."]),
    ("He has two sisters and I three.", ["He has two sisters.", "I have three sisters."]),
    ("My sister plays the violin and I the piano.",
     ["My sister plays the violin.", "I play the piano."]),
    # a partitive subject: the quantifier fixes the number, or the noun phrase after "of"
    ("The twins own a bike and each of their cousins a scooter.",
     ["The twins own a bike.", "Each of their cousins owns a scooter."]),
    ("Neither of us has a car and both of them a motorbike.",
     ["Neither of us has a car.", "Both of them have a motorbike."]),
    ("Each of the rooms has a balcony and some of the suites a terrace.",
     ["Each of the rooms has a balcony.", "Some of the suites have a terrace."]),
    # expletive "there": the verb agrees with the noun after it, replaced by a remnant
    ("There were three cars in the yard and a bike in the shed.",
     ["There were three cars in the yard.", "There was a bike in the shed."]),
    ("There are two bakeries in the village and a butcher in the next town.",
     ["There are two bakeries in the village.", "There is a butcher in the next town."]),
    ("There was one bus in the morning and three in the afternoon.",
     ["There was one bus in the morning.", "There were three buses in the afternoon."]),
    ("There is one lift in the east wing and two in the west wing.",
     ["There is one lift in the east wing.", "There are two lifts in the west wing."]),
    # a contracted verb: written out after a noun, contracted after a pronoun; written out
    # after the word it was written against ("There's" -> "There are")
    ("There's a bakery in the village and two butchers in the town.",
     ["There's a bakery in the village.", "There are two butchers in the town."]),
    ("She's bought two tickets and her parents four.",
     ["She's bought two tickets.", "Her parents have bought four tickets."]),
    ("She's studying in Paris and I in Rome.", ["She's studying in Paris.", "I'm studying in Rome."]),
    ("I'm staying at the hotel and they at a hostel.",
     ["I'm staying at the hotel.", "They're staying at a hostel."]),
    ("We've booked the flights and she the hotel.",
     ["We've booked the flights.", "She's booked the hotel."]),
    ("You're from Canada and he from Ireland.", ["You're from Canada.", "He's from Ireland."]),
    ("I'll take the car and the kids the bus.", ["I'll take the car.", "The kids will take the bus."]),
    ("We'll bring the salad and you the dessert.",
     ["We'll bring the salad.", "You'll bring the dessert."]),
]  # fmt: skip

MUST_NOT_CHANGE = [
    ("The company has cut 200 jobs and its rivals 500.",
     ["The company has cut 200 jobs.", "Its rivals have cut 500 jobs."]),
    ("I'm gonna take the car and the kids the bus.",
     ["I'm gonna take the car.", "The kids are gonna take the bus."]),
    ("The soup was cold and the potatoes raw.", ["The soup was cold.", "The potatoes were raw."]),
    ("My sister lives in Leeds and my parents in York.",
     ["My sister lives in Leeds.", "My parents live in York."]),
    ("Ann is trying to learn Greek and her brothers Latin.",
     ["Ann is trying to learn Greek.", "Her brothers are trying to learn Latin."]),
    ("I was in the kitchen and you in the garden.",
     ["I was in the kitchen.", "You were in the garden."]),
    ("Tom hasn't paid the rent and his flatmates the electricity bill.",
     ["Tom hasn't paid the rent.", "His flatmates haven't paid the electricity bill."]),
    ("Dad wasn't at home, and my brothers at school.",
     ["Dad wasn't at home.", "My brothers weren't at school."]),
    ("My husband hasn't read the book, and I the reviews.",
     ["My husband hasn't read the book.", "I haven't read the reviews."]),
    ("They have sold their house and he his flat.",
     ["They have sold their house.", "He has sold his flat."]),
    ("We are flying to Rome and she to Madrid.", ["We are flying to Rome.", "She is flying to Madrid."]),
    ("I've been working here for five years and my colleagues for two.",
     ["I've been working here for five years.",
      "My colleagues have been working here for two years."]),
    ("The chairman is expected to resign and the directors to stay.",
     ["The chairman is expected to resign.", "The directors are expected to stay."]),
    ("The committee meets on Mondays and the subcommittees on Fridays.",
     ["The committee meets on Mondays.", "The subcommittees meet on Fridays."]),
    ("The parents get a letter and each child a badge.",
     ["The parents get a letter.", "Each child gets a badge."]),
    # number remnants with an elided noun
    ("Ann sold 40 cars and Bo 25.", ["Ann sold 40 cars.", "Bo sold 25 cars."]),
    ("Messi scored an average of 3 goals a game and Ronaldo 2.",
     ["Messi scored an average of 3 goals a game.",
      "Ronaldo scored an average of 2 goals a game."]),
    ("Acme paid $5 million for the site and Beta $3 million.",
     ["Acme paid $5 million for the site.", "Beta paid $3 million for the site."]),
    ("The first film was a hit and the second a flop.",
     ["The first film was a hit.", "The second film was a flop."]),
    ("Ann has three kids and Bo one.", ["Ann has three kids.", "Bo has one kid."]),
    ("Unemployment fell to 4.1% in March and inflation to 2.3%.",
     ["Unemployment fell to 4.1% in March.", "Inflation fell to 2.3% in March."]),
    ("The company earned $2.3 billion in 2021 and $1.9 billion in 2020.",
     ["The company earned $2.3 billion in 2021.", "The company earned $1.9 billion in 2020."]),
    ("Smith averaged 21 points per game and Jones 17.",
     ["Smith averaged 21 points per game.", "Jones averaged 17 points per game."]),
    ("Each seat costs 30 euros and each programme 5.",
     ["Each seat costs 30 euros.", "Each programme costs 5 euros."]),
]  # fmt: skip

#: a number remnant opened by the article or fraction of its number word ("a hundred", "half
#: a million") is a bare number like "100": the counted noun and a rate after it stay
NUMBER_WORDS = [
    ("The cathedral attracts two million visitors a year and the museums half a million.",
     ["The cathedral attracts two million visitors a year.",
      "The museums attract half a million visitors a year."]),
    ("The firm hired 300 engineers and its rival a hundred.",
     ["The firm hired 300 engineers.", "Its rival hired a hundred engineers."]),
    # "dozen", a number word the tagger calls a noun
    ("My grandmother had eleven brothers and my grandfather a dozen.",
     ["My grandmother had eleven brothers.", "My grandfather had a dozen brothers."]),
    ("The bakery sold 40 loaves on Monday and a dozen on Tuesday.",
     ["The bakery sold 40 loaves on Monday.", "The bakery sold a dozen loaves on Tuesday."]),
    ("The festival drew 40,000 fans on Friday and half a million on Saturday.",
     ["The festival drew 40,000 fans on Friday.",
      "The festival drew half a million fans on Saturday."]),
]  # fmt: skip


#: a possessive or reflexive of the restored clause bound by the subject agrees with the
#: subject remnant (docs/conjuncts-devdata.md, adjudication 3); a new singular noun subject
#: (his or her?) changes nothing
BOUND_POSSESSIVES = [
    ("My sisters visited their grandmother in June and I in July.",
     ["My sisters visited their grandmother in June.", "I visited my grandmother in July."]),
    ("He lost his keys on Monday and we on Friday.",
     ["He lost his keys on Monday.", "We lost our keys on Friday."]),
    ("She hurt herself in March and they in May.",
     ["She hurt herself in March.", "They hurt themselves in May."]),
    ("The council published its report in May and the ministers in June.",
     ["The council published its report in May.", "The ministers published their report in June."]),
    ("They celebrated their anniversary in Rome and we in Paris.",
     ["They celebrated their anniversary in Rome.", "We celebrated our anniversary in Paris."]),
    ("My parents drove their old car to Spain and I to France.",
     ["My parents drove their old car to Spain.", "I drove my old car to France."]),
    # the remnant's own possessive stays as written
    ("She brought her umbrella and I my raincoat.", ["She brought her umbrella.", "I brought my raincoat."]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "expected"), MUST_RESOLVE + MUST_NOT_CHANGE + NUMBER_WORDS + BOUND_POSSESSIVES
)
def test_agreement_gapping(rules: RulesResolver, sentence: str, expected: list[str]) -> None:
    assert resolve(rules, sentence)[0] == expected


def test_subjunctive_be_stays(parser: object) -> None:
    """A subjunctive "be" after an expletive never changes ("that there be no ...")."""
    from tests.conjuncts.marked import resolved

    assert resolved(
        parser, "The mayor insisted that there be two guards at the gate and one at the door."
    ) == [
        "The mayor insisted that there be two guards at the gate.",
        "The mayor insisted that there be one guard at the door.",
    ]
