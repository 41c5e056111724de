"""Correlatives and asides in stripping (issue 11, eighth session): "not only / not just X but
(also) Y" with a verb phrase, an infinitive, a subject or an inverted clause; a stripped
remnant set off by commas inside its clause ("Ann, but not Bo, passed the exam"); an aside
between the remnant and *too* / *as well*; an adverb of certainty closing the remnant; the
agent of a passive as a correlate; "neither can X" -> "cannot".

``lingeval.conjuncts.resolvers.stripping`` and ``vpe``; every sentence is written here. Each
shape has sentences that must be resolved (they fail on the main before them) and close ones
whose output must not change.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve, shape_cases

MUST_RESOLVE = [
    # "not only" before a verb phrase: the first half of the correlative goes, like "both"
    (
        "He not only directed the film but also wrote the script.",
        "but",
        ["He directed the film.", "He also wrote the script."],
    ),
    (
        "The company not only builds houses but also repairs them.",
        "but",
        ["The company builds houses.", "The company also repairs them."],
    ),
    # ... before an infinitive ("also" before the second "to")
    (
        "It is important not only to eat well but also to sleep enough.",
        "but",
        ["It is important to eat well.", "It is important also to sleep enough."],
    ),
    # ... before a wh-clause object ("how", "what"): the verb before it takes "also"
    (
        "This affects not only how we speak but also how we think.",
        "but",
        ["This affects how we speak.", "This also affects how we think."],
    ),
    (
        "It explains not only what happened but also why it happened.",
        "but",
        ["It explains what happened.", "It also explains why it happened."],
    ),
    # "didn't just V" in the first verb phrase: negation and focus word go, do-support undone
    (
        "He didn't just win the game, but also set a new record.",
        "but",
        ["He won the game.", "He also set a new record."],
    ),
    # "not just" after a finite "be" ("not" hangs on the verb)
    (
        "He was not just a player but also a coach.",
        "but",
        ["He was a player.", "He was also a coach."],
    ),
    # the agent of a passive answers a "by" remnant
    (
        "The book was praised not only by critics but also by readers.",
        "but",
        ["The book was praised by critics.", "The book was also praised by readers."],
    ),
    # the correlative inside the subject, before the verb
    (
        "Not only students but also teachers were invited.",
        "but",
        ["Students were invited.", "Teachers were also invited."],
    ),
    (
        "Not only the students but also the teachers liked the film.",
        "but",
        ["The students liked the film.", "The teachers also liked the film."],
    ),
    # an inverted "Not only" clause answered by a clause or a remnant after "but"
    (
        "Not only did she win the race, but she also broke the record.",
        "but",
        ["She won the race.", "She also broke the record."],
    ),
    (
        "Not only has the company lost money, but it has also lost its best workers.",
        "but",
        ["The company has lost money.", "It has also lost its best workers."],
    ),
    (
        "Not only does he speak French, but also German.",
        "but",
        ["He speaks French.", "He also speaks German."],
    ),
    (
        "Not only did the storm damage the roof, but the garage as well.",
        "but",
        ["The storm damaged the roof.", "The storm damaged the garage as well."],
    ),
    (
        "Not only is it cheap, but it is also fast.",
        "but",
        ["It is cheap.", "It is also fast."],
    ),
    # a stripped remnant set off by commas before the clause's verb, or before an adjunct
    (
        "Ann, but not Bo, passed the exam.",
        "but",
        ["Ann passed the exam.", "Bo did not pass the exam."],
    ),
    (
        "My brother, and also my sister, will come to the party.",
        "and",
        ["My brother will come to the party.", "My sister will also come to the party."],
    ),
    (
        "Ann, and also Bo, are coming to the party.",
        "and",
        ["Ann is coming to the party.", "Bo is also coming to the party."],
    ),
    (
        "The guide book, and also the map, was sold at the station.",
        "and",
        ["The guide book was sold at the station.", "The map was also sold at the station."],
    ),
    (
        "The tax paid in Spain, and also Portugal, is very high.",
        "and",
        ["The tax paid in Spain is very high.", "The tax paid in Portugal is also very high."],
    ),
    (
        "Tom met Ann, and also Bo, at the station.",
        "and",
        ["Tom met Ann at the station.", "Tom also met Bo at the station."],
    ),
    (
        "She sent a card to Ann, and also to Bo, last week.",
        "and",
        ["She sent a card to Ann last week.", "She also sent a card to Bo last week."],
    ),
    # ... a subject without commas after "and also" / "and not"; "too" before the comma
    (
        "English and also French are spoken in Canada.",
        "and",
        ["English is spoken in Canada.", "French is also spoken in Canada."],
    ),
    (
        "The mayor and not the council decides the budget.",
        "and",
        ["The mayor decides the budget.", "The council does not decide the budget."],
    ),
    (
        "Both the students and also the teachers were happy.",
        "and",
        ["The students were happy.", "The teachers were also happy."],
    ),
    (
        "Paris, and Rome too, are popular with tourists.",
        "and",
        ["Paris is popular with tourists.", "Rome is popular with tourists too."],
    ),
    # an apposition or relative clause inside a subject remnant is closed by its comma
    (
        "Ann likes jazz, and Tom, my brother, too.",
        "and",
        ["Ann likes jazz.", "Tom, my brother, likes jazz, too."],
    ),
    (
        "Ann likes jazz, and also Bo, who lives nearby.",
        "and",
        ["Ann likes jazz.", "Bo, who lives nearby, also likes jazz."],
    ),
    # an aside between the remnant and "too" / "as well" stays before the marker
    (
        "Ann likes jazz, and Bo, of course, too.",
        "and",
        ["Ann likes jazz.", "Bo likes jazz, of course, too."],
    ),
    (
        "Kim called her mother, and her sister, apparently, as well.",
        "and",
        ["Kim called her mother.", "Kim called her sister, apparently, as well."],
    ),
    # an adverb of certainty closing the remnant goes with the verb
    (
        "Tom will come, and Ann probably too.",
        "and",
        ["Tom will come.", "Ann will probably come too."],
    ),
    # stripping in brackets: a shared closing clause ends before the ")"
    (
        "Our neighbours painted their house (and their garage too, so it looks new).",
        "and",
        [
            "Our neighbours painted their house, so it looks new.",
            "Our neighbours painted their garage too, so it looks new.",
        ],
    ),
    # a common noun without an article does not replace a definite subject when an
    # indefinite object of the same kind is there
    (
        "The house needs a new roof, and new windows as well.",
        "and",
        ["The house needs a new roof.", "The house needs new windows as well."],
    ),
    (
        "The city built a new school, and a hospital as well.",
        "and",
        ["The city built a new school.", "The city built a hospital as well."],
    ),
    # a place adverb opening a prepositional remnant stays with it
    (
        "The train stops in Leeds, and also here in York.",
        "and",
        ["The train stops in Leeds.", "The train also stops here in York."],
    ),
    # a time adverb opening the remnant goes before the verb (tagged RBR: "later")
    (
        "The band toured Europe, and later Japan as well.",
        "and",
        ["The band toured Europe.", "The band later toured Japan as well."],
    ),
    # an adverb before a sentence-initial verb takes its capital
    (
        "Bring a jacket, and maybe an umbrella too.",
        "and",
        ["Bring a jacket.", "Maybe bring an umbrella too."],
    ),
    (
        "Bring a jacket, and also an umbrella.",
        "and",
        ["Bring a jacket.", "Also bring an umbrella."],
    ),
    # "not A but B" with two verb phrases: the negation stays with A (do-support undone)
    (
        "You should not fix the old car but buy a new one.",
        "but",
        ["You should not fix the old car.", "You should buy a new one."],
    ),
    (
        "They do not sell the house but rent it out.",
        "but",
        ["They do not sell the house.", "They rent it out."],
    ),
    (
        "The goal is not to punish but to teach.",
        "but",
        ["The goal is not to punish.", "The goal is to teach."],
    ),
    # "not because X but because Y": a clause opened by the same subordinator
    (
        "She left not because she was tired but because she was bored.",
        "but",
        ["She left not because she was tired.", "She left because she was bored."],
    ),
    (
        "I don't think that he lied, but that he forgot.",
        "but",
        ["I don't think that he lied.", "I think that he forgot."],
    ),
    (
        "I am not saying that it is easy, but that it is possible.",
        "but",
        ["I am not saying that it is easy.", "I am saying that it is possible."],
    ),
    (
        "Users should not delete the file but rename it.",
        "but",
        ["Users should not delete the file.", "Users should rename it."],
    ),
    # "not" before one phrase, "but rather"
    (
        "The city is famous not for its food but for its music.",
        "but",
        ["The city is famous not for its food.", "The city is famous for its music."],
    ),
    (
        "He sold not the car but the bike.",
        "but",
        ["He sold not the car.", "He sold the bike."],
    ),
    (
        "We don't sell books, but rather magazines.",
        "but",
        ["We don't sell books.", "We sell magazines."],
    ),
    # VP ellipsis: "neither can" is "cannot", as "but not Mike" gives "cannot"
    (
        "Kim can't swim, and neither can Lee.",
        "and",
        ["Kim can't swim.", "Lee cannot swim."],
    ),
]

MUST_NOT_CHANGE = [
    (
        "He didn't win the game but lost it.",
        "but",
        ["He didn't win the game.", "He lost it."],
    ),
    (
        "They told us the price, but not when the sale ends.",
        "but",
        ["They told us the price.", "They did not tell us when the sale ends."],
    ),
    # (the kinds decide: a person for a person)
    (
        "The man bought a car, and a woman too.",
        "and",
        ["The man bought a car.", "A woman bought a car too."],
    ),
    (
        "The students liked the lecture, and the teachers too.",
        "and",
        ["The students liked the lecture.", "The teachers liked the lecture too."],
    ),
    (
        "He did not walk to school but took the bus.",
        "but",
        ["He did not walk to school.", "He took the bus."],
    ),
    (
        "He doesn't sing but he dances.",
        "but",
        ["He doesn't sing.", "He dances."],
    ),
    (
        "The meeting wasn't in London but in Leeds.",
        "but",
        ["The meeting wasn't in London.", "The meeting was in Leeds."],
    ),
    (
        "Ann likes jazz, and Bo probably too.",
        "and",
        ["Ann likes jazz.", "Bo probably likes jazz too."],
    ),
    (
        "She speaks not only French but also German.",
        "but",
        ["She speaks French.", "She also speaks German."],
    ),
    (
        "The governor urged the public not to panic and to follow his reports closely.",
        "and",
        [
            "The governor urged the public not to panic.",
            "The governor urged the public to follow his reports closely.",
        ],
    ),
    (
        "We visited Rome, but not Naples.",
        "but",
        ["We visited Rome.", "We did not visit Naples."],
    ),
    (
        "Ann likes jazz, and Bo, too.",
        "and",
        ["Ann likes jazz.", "Bo likes jazz, too."],
    ),
    (
        "Tom met Ann, and also Bo, a friend of mine.",
        "and",
        ["Tom met Ann.", "Tom also met Bo, a friend of mine."],
    ),
    (
        "Kim didn't read the book, and neither did Lee.",
        "and",
        ["Kim didn't read the book.", "Lee did not read the book."],
    ),
    (
        "The train stops in Leeds, and also briefly in York.",
        "and",
        ["The train stops in Leeds.", "The train also briefly stops in York."],
    ),
]

CASES = shape_cases(MUST_RESOLVE, MUST_NOT_CHANGE)


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), CASES)
def test_correlatives_and_asides(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    """MUST_RESOLVE: the new shapes (they fail on the main before them); MUST_NOT_CHANGE:
    close sentences whose rewrite stays what it was."""
    sentences, _ = resolve(rules, sentence, conj)
    assert sentences == expected


@pytest.mark.parametrize(
    ("sentence", "conj"),
    [
        # a bare quantifier is no remnant of an aside ("All did not pass" is not the meaning)
        ("Most students, but not all, passed the exam.", "but"),
        # an aside with a clause of its own after it
        ("Ann, and also Bo, who lives nearby, came.", "and"),
        # no marker: a plain coordinated subject
        ("Ann, Bo and Kim passed the exam.", "and"),
        ("Tom and probably Ann will come to the party.", "and"),
        # a clause opened by the same word without a negation before it
        ("I know that he left, but that he came back.", "but"),
        # a plural predicate noun would need an agreement of its own
        ("He and also his wife are doctors.", "and"),
        # "not only" without an inverted clause after it
        ("Not only that but the food was cold.", "but"),
        # "not only" before a verb, one verb after "also" (tagged as a plural noun)
        ("She does not only sing but also dances.", "but"),
        # a clause after "but" (a modal before the remnant's head) is no stripped phrase
        ("We can't fix it today, but we might tomorrow.", "but"),
    ],
)
def test_no_aside_stripping(rules: RulesResolver, sentence: str, conj: str) -> None:
    _, rule = resolve(rules, sentence, conj)
    assert not rule.startswith("stripping")


def test_first_word_lowered_once_for_every_rule() -> None:
    """``rules._lower_first`` (used by the generation, stripping and sluicing): a first word
    moved inside the sentence loses its capital unless it is a proper noun, "I" or written in
    capitals."""
    import spacy
    from spacy.tokens import Doc

    from lingeval.conjuncts.resolvers.rules import _lower_first

    words = ["Then", "I", "NASA", "Paris", "Bring"]
    doc = Doc(spacy.blank("en").vocab, words=words, tags=["RB", "PRP", "NNP", "NNP", "VB"])
    assert [_lower_first(t) for t in doc] == ["then", None, None, None, "bring"]
    shout = Doc(spacy.blank("en").vocab, words=["STOP"], tags=["VB"])
    assert _lower_first(shout[0]) is None
