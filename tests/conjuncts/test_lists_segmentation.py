"""Lists of remnant groups and the segmentation of remnant material (issue 11, shapes 1, 2
and 7; session 10, helper i14l).

Every sentence is written here (none is in a development set); the expected rewrites were
written before the resolver was run on them. They parse with the default spaCy pipeline.
"""

from __future__ import annotations

import pytest

from tests.conjuncts.marked import resolved

spacy = pytest.importorskip("spacy")


# "and so on" / "and so forth" / "and the like" closes a list of remnant groups: it is no
# conjunct, the groups before it are resolved
LIST_CLOSER = [
    ("Each player passes the ball to the left in round one, to the right in round two, and so on.",
     ["Each player passes the ball to the left in round one.",
      "Each player passes the ball to the right in round two."]),
    ("We gave the red cards to the children, the blue ones to the parents, and so forth.",
     ["We gave the red cards to the children.", "We gave the blue ones to the parents."]),
    ("Anna took the morning shift, Ben the evening shift, and so on.",
     ["Anna took the morning shift.", "Ben took the evening shift."]),
]  # fmt: skip

LIST_CLOSER_UNCHANGED = [
    "They sold apples, pears and so on.",
    "We talked about films, books, and so on.",
]

# a capitalised title holding a relative word is part of its remnant, not a shared clause
TITLE_RELATIVE = [
    ("He directed the film Rain in 1990, the series Blue Roads in 1994, and the play The Man "
     "Who Sold the Moon in 1999.",
     ["He directed the film Rain in 1990.", "He directed the series Blue Roads in 1994.",
      "He directed the play The Man Who Sold the Moon in 1999."]),
    ("She sang Moon River at the opening and The Girl Who Waited at the close.",
     ["She sang Moon River at the opening.", "She sang The Girl Who Waited at the close."]),
    ("The prize went to Anna Berg for Cold Water, to Tom Hale for The Boy Who Knew Too Much, "
     "and to Lia Moss for Salt.",
     ["The prize went to Anna Berg for Cold Water.",
      "The prize went to Tom Hale for The Boy Who Knew Too Much.",
      "The prize went to Lia Moss for Salt."]),
    ("He won the Ohio Prize for Blue Hills (1980), the Penn Medal for Salt Roads (1984), and "
     "the Hale Award for The Man Who Lost His Way (1990).",
     ["He won the Ohio Prize for Blue Hills (1980).", "He won the Penn Medal for Salt Roads (1984).",
      "He won the Hale Award for The Man Who Lost His Way (1990)."]),
]  # fmt: skip

# a determiner standing for the subject ("another", "a third", "the second") is a remnant of
# its own before an object remnant
DETERMINER_SUBJECT = [
    ("One jar holds hundreds of beads, and another dozens of buttons.",
     ["One jar holds hundreds of beads.", "Another holds dozens of buttons."]),
    ("The first clock shows minutes, the second hours, and the third days.",
     ["The first clock shows minutes.", "The second clock shows hours.", "The third clock shows days."]),
    ("One lab tested ten samples of soil, another twenty samples of water, and a third forty "
     "samples of air.",
     ["One lab tested ten samples of soil.", "Another tested twenty samples of water.",
      "A third tested forty samples of air."]),
    ("Some guests drank red wine, others white wine, and a few plain water.",
     ["Some guests drank red wine.", "Others drank white wine.", "A few drank plain water."]),
    # without "one"/"some" opening the first subject the group is one object
    ("Ann read ten books and another five magazines.",
     ["Ann read ten books.", "Ann read another five magazines."]),
    ("Some guests drank red wine and several bottles of beer.",
     ["Some guests drank red wine.", "Some guests drank several bottles of beer."]),
]  # fmt: skip

# a bracketed aside right after the conjunction belongs to the rewrite of its conjunct
BRACKETED_ASIDE = [
    ("Ann sent a card to her mother and (to nobody's surprise) a bill to her brother.",
     ["Ann sent a card to her mother.",
      "Ann sent (to nobody's surprise) a bill to her brother."]),
    ("The river rose two metres in March and (according to the local paper) three in April.",
     ["The river rose two metres in March.",
      "The river rose (according to the local paper) three metres in April."]),
    ("Leo painted the doors blue and (if I remember rightly) the windows green.",
     ["Leo painted the doors blue.", "Leo painted (if I remember rightly) the windows green."]),
    ("Ann liked tea and (oddly enough) Bob coffee.",
     ["Ann liked tea.", "(Oddly enough) Bob liked coffee."]),
    ("The museum lent two paintings to Vienna in 2019 and (after long talks) four to Madrid in "
     "2022.",
     ["The museum lent two paintings to Vienna in 2019.",
      "The museum lent (after long talks) four paintings to Madrid in 2022."]),
]  # fmt: skip

# lists of groups: destination and time
DESTINATION_LISTS = [
    ("We are flying to Rome next week, Oslo in May, back to Rome in June, and Lima in August.",
     ["We are flying to Rome next week.", "We are flying to Oslo in May.",
      "We are flying back to Rome in June.", "We are flying to Lima in August."]),
    ("The band travels to Leeds on Monday, York on Tuesday, back to Leeds on Friday, and Hull "
     "on Sunday.",
     ["The band travels to Leeds on Monday.", "The band travels to York on Tuesday.",
      "The band travels back to Leeds on Friday.", "The band travels to Hull on Sunday."]),
    ("My aunt moved to Lisbon in March, Porto in June, Faro in September, and Braga in "
     "December.",
     ["My aunt moved to Lisbon in March.", "My aunt moved to Porto in June.",
      "My aunt moved to Faro in September.", "My aunt moved to Braga in December."]),
]  # fmt: skip

# lists of groups: destination and time, "X as Y" pairs
GROUP_LISTS = [
    ("We are flying to Rome next week, Oslo in May, back to Rome in June, and Lima in August.",
     ["We are flying to Rome next week.", "We are flying to Oslo in May.",
      "We are flying back to Rome in June.", "We are flying to Lima in August."]),
    ("She moved to Boston in 2001, Denver in 2005, and Austin in 2010.",
     ["She moved to Boston in 2001.", "She moved to Denver in 2005.",
      "She moved to Austin in 2010."]),
    ("In the code, we write yes as 1, no as 0, and maybe as 2.",
     ["In the code, we write yes as 1.", "In the code, we write no as 0.",
      "In the code, we write maybe as 2."]),
    ("They listed Paris as the capital, Lyon as the second city, and Nice as a resort.",
     ["They listed Paris as the capital.", "They listed Lyon as the second city.",
      "They listed Nice as a resort."]),
    ("Keep the labels short (for example, mark red as R, green as G, and blue as B).",
     ["Keep the labels short (for example, mark red as R).",
      "Keep the labels short (for example, mark green as G).",
      "Keep the labels short (for example, mark blue as B)."]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "expected"),
    LIST_CLOSER + TITLE_RELATIVE + DETERMINER_SUBJECT,
    ids=[c[0][:40] for c in LIST_CLOSER + TITLE_RELATIVE + DETERMINER_SUBJECT],
)
def test_list_shape_is_resolved(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected


@pytest.mark.parametrize("sentence", LIST_CLOSER_UNCHANGED)
def test_a_list_of_plain_phrases_closed_by_an_idiom_stays(parser: object, sentence: str) -> None:
    assert resolved(parser, sentence) == [sentence]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Each guest gave flowers to Ann, wine to Bo, and so on. [3]",
         ["Each guest gave flowers to Ann. [3]", "Each guest gave wine to Bo. [3]"]),
        ("Kim plays the violin and Tom the cello. [4]",
         ["Kim plays the violin. [4]", "Tom plays the cello. [4]"]),
    ],
)  # fmt: skip
def test_a_final_citation_ends_every_rewrite(
    parser: object, sentence: str, expected: list[str]
) -> None:
    assert resolved(parser, sentence) == expected


def test_a_title_with_a_relative_word_is_one_name(parser: object) -> None:
    from lingeval.conjuncts.resolvers.rules import _title_spans

    doc = parser.parse(["We saw The Man Who Sold the Moon and read Rain."])[0]  # type: ignore[attr-defined]
    assert [doc[a : b + 1].text for a, b in _title_spans(doc)] == ["The Man Who Sold the Moon"]
    doc = parser.parse(["Anyone Who Knows Ann will help and so will Bo."])[0]  # type: ignore[attr-defined]
    assert _title_spans(doc) == []


# gapped lists of three groups: every group is a rewrite of its own (the reviewer rv10's
# shapes M4, X, 199, G3; these sentences are written here)
GAPPED_LISTS = [
    ("Marta flew home on Monday, her sister on Wednesday, and their parents on Friday.",
     ["Marta flew home on Monday.", "Her sister flew home on Wednesday.",
      "Their parents flew home on Friday."]),
    ("The farmer fed the pigs, his wife the hens, and their son the old horse.",
     ["The farmer fed the pigs.", "His wife fed the hens.", "Their son fed the old horse."]),
    ("The Browns paid $40, the Kings $35, and a stranger $60.",
     ["The Browns paid $40.", "The Kings paid $35.", "A stranger paid $60."]),
    ("Buses leave every ten minutes in the morning, every half hour at noon and every hour at "
     "night.",
     ["Buses leave every ten minutes in the morning.", "Buses leave every half hour at noon.",
      "Buses leave every hour at night."]),
    ("At the fair, the bakers sold cakes, the butchers sausages, and the brewers beer.",
     ["At the fair, the bakers sold cakes.", "At the fair, the butchers sold sausages.",
      "At the fair, the brewers sold beer."]),
    # a middle group of the same shape as the last (a name and "at"/"in" + noun) is a group
    ("Omar will speak at nine, Lena at ten, and the guests at eleven.",
     ["Omar will speak at nine.", "Lena will speak at ten.", "The guests will speak at eleven."]),
    ("Our team will play in Leeds, Sarah in York, and the juniors in Hull.",
     ["Our team will play in Leeds.", "Sarah will play in York.", "The juniors will play in Hull."]),
]  # fmt: skip
# a list of full clauses: each clause a rewrite, the opener in each
CLAUSE_LISTS = [
    ("Ann cooked the meal, Ben washed the dishes, and Cara swept the floor.",
     ["Ann cooked the meal.", "Ben washed the dishes.", "Cara swept the floor."]),
    ("The sun rose, the birds sang, and we set off.",
     ["The sun rose.", "The birds sang.", "We set off."]),
    ("According to the report, 20 percent of firms grew, 50 percent stayed flat, and 30 percent "
     "lost ground.",
     ["According to the report, 20 percent of firms grew.",
      "According to the report, 50 percent stayed flat.",
      "According to the report, 30 percent lost ground."]),
]  # fmt: skip
CLAUSE_LISTS_KEPT = [
    # a relative clause, an apposition or an opening clause is no clause of the list
    ("Mia, who lives nearby, came early, and Tom came late.",
     ["Mia, who lives nearby, came early.", "Tom came late."]),
    ("My brother, the doctor, lives here, and my sister lives in Rome.",
     ["My brother, the doctor, lives here.", "My sister lives in Rome."]),
    ("When the rain stopped, the children ran outside and the dog followed.",
     ["When the rain stopped, the children ran outside.", "When the rain stopped, the dog followed."]),
]  # fmt: skip

# "respectively" pairs the conjuncts of two coordinations of the same length
RESPECTIVELY = [
    ("Mia and Leo ordered soup and salad, respectively.",
     ["Mia ordered soup.", "Leo ordered salad."]),
    ("Exports and imports fell 3% and 5%, respectively, in March.",
     ["Exports fell 3% in March.", "Imports fell 5% in March."]),
    ("Oslo, Bergen and Tromsø had 12, 9 and 4 rainy days, respectively.",
     ["Oslo had 12 rainy days.", "Bergen had 9 rainy days.", "Tromsø had 4 rainy days."]),
    ("Anna and her brother live in Rome and Milan respectively.",
     ["Anna lives in Rome.", "Her brother lives in Milan."]),
]  # fmt: skip
RESPECTIVELY_UNCHANGED = [
    "The two bridges were opened in 1932 and 1958, respectively.",
    "Tom and Ann visited Paris, Rome and Oslo, respectively.",
    "The sisters, Kim and Lou, came third and fourth, respectively.",
]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    DESTINATION_LISTS + RESPECTIVELY,
    ids=[c[0][:40] for c in DESTINATION_LISTS + RESPECTIVELY],
)
def test_group_list_is_resolved(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected


@pytest.mark.parametrize("sentence", RESPECTIVELY_UNCHANGED)
def test_respectively_without_two_matching_coordinations_stays(
    parser: object, sentence: str
) -> None:
    assert resolved(parser, sentence) == [sentence]


def test_respectively_at_either_conjunction(parser: object) -> None:
    sentence = "Mia and Leo ordered soup and salad, respectively."
    assert resolved(parser, sentence, nth=0) == resolved(parser, sentence, nth=-1)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    GAPPED_LISTS[:2] + GAPPED_LISTS[3:] + CLAUSE_LISTS + CLAUSE_LISTS_KEPT,
    ids=[c[0][:40] for c in GAPPED_LISTS[:2] + GAPPED_LISTS[3:] + CLAUSE_LISTS + CLAUSE_LISTS_KEPT],
)
def test_list_of_groups_or_clauses(parser: object, sentence: str, expected: list[str]) -> None:
    assert resolved(parser, sentence) == expected
