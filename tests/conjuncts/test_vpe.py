"""VP ellipsis in the rules resolver (``lingeval.conjuncts.resolvers.vpe``); sentences written here."""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve

CASES = [
    # auxiliary + too, with the comma kept; the form after the matched auxiliary
    (
        "Anna has painted the kitchen, and Ben has, too.",
        "and",
        ["Anna has painted the kitchen.", "Ben has painted the kitchen, too."],
    ),
    (
        "The museum was being renovated, but the library wasn't.",
        "but",
        ["The museum was being renovated.", "The library wasn't being renovated."],
    ),
    # do-support: base form of a finite verb
    (
        "Leo reads novels and Ada does too.",
        "and",
        ["Leo reads novels.", "Ada does read novels too."],
    ),
    # shared subject, the infinitive after "wanted to"
    (
        "Tom wanted to leave early but couldn't.",
        "but",
        ["Tom wanted to leave early.", "Tom couldn't leave early."],
    ),
    # the shared subject's own clause, with a modal before the verb ("did help")
    ("Tom would help us and did.", "and", ["Tom would help us.", "Tom did help us."]),
    # inversion after so / neither
    (
        "My sister plays the cello, and so do I.",
        "and",
        ["My sister plays the cello.", "I do play the cello."],
    ),
    (
        "Kim cannot swim, and neither can her brother.",
        "and",
        ["Kim cannot swim.", "Her brother cannot swim."],
    ),
    # a question's inverted subject
    ("Will you join us, or won't you?", "or", ["Will you join us?", "Won't you join us?"]),
    # the site inside a complement clause
    (
        "Paul fixed the roof in spring, but I think that his neighbour did not.",
        "but",
        [
            "Paul fixed the roof in spring.",
            "I think that his neighbour did not fix the roof in spring.",
        ],
    ),
    # two sites, two antecedents: "don't" takes the if-clause verb, "won't" the modal clause
    (
        "If we moved to Lisbon, we would learn Portuguese, but we don't, so we won't.",
        "but",
        [
            "If we moved to Lisbon, we would learn Portuguese.",
            "We don't move to Lisbon, so we won't learn Portuguese.",
        ],
    ),
    # reflexives follow the new subject, possessives keep the strict reading
    (
        "Maria hurt herself on the ice, and he did too.",
        "and",
        ["Maria hurt herself on the ice.", "He did hurt himself on the ice too."],
    ),
    (
        "Omar washed his car, and Lena did as well.",
        "and",
        ["Omar washed his car.", "Lena did wash his car as well."],
    ),
    # the right conjunct's own opening replaces the left one, and its contrasted phrase
    (
        "Ravi could visit the museum in the morning, but in the evening he could not.",
        "but",
        [
            "Ravi could visit the museum in the morning.",
            "In the evening he could not visit the museum.",
        ],
    ),
    # an inverted subject with a prepositional modifier or a quantifier; a bracket after it
    (
        "Serotonin is coursing through my body and so is a lot of caffeine.",
        "and",
        [
            "Serotonin is coursing through my body.",
            "A lot of caffeine is coursing through my body.",
        ],
    ),
    (
        "Max was tired, and so were most of the players.",
        "and",
        ["Max was tired.", "Most of the players were tired."],
    ),
    # a further conjunct after the site stays with the right conjunct only
    (
        "Nina will bake bread, but Joe won't, and Sam can't cook at all.",
        "but",
        ["Nina will bake bread.", "Joe won't bake bread, and Sam can't cook at all."],
    ),
]


@pytest.mark.parametrize(("sentence", "conj", "expected"), CASES, ids=[c[0][:30] for c in CASES])
def test_vp_ellipsis(rules: RulesResolver, sentence: str, conj: str, expected: list[str]) -> None:
    sentences, rule = resolve(rules, sentence, conj)
    assert sentences == expected
    assert rule == "vp-ellipsis"


@pytest.mark.parametrize(
    ("sentence", "conj", "expected"),
    [
        # a name of known gender rebinds a gendered reflexive (sloppy reading)
        ("Mia hurt herself, and so did Leo.", "and", "Leo did hurt himself."),
        ("Tom blamed himself, but Sue didn't.", "but", "Sue didn't blame herself."),
        (
            "Leo dressed himself quickly, and Ella did too.",
            "and",
            "Ella did dress herself quickly too.",
        ),
        # a name of unknown gender keeps the reflexive; a plural takes "themselves"
        ("Tom blamed himself, and so did Kim.", "and", "Kim did blame himself."),
        ("Tom blamed himself, and so did the twins.", "and", "The twins did blame themselves."),
    ],
)
def test_reflexive_follows_a_named_subject(
    rules: RulesResolver, sentence: str, conj: str, expected: str
) -> None:
    sentences, rule = resolve(rules, sentence, conj)
    assert rule == "vp-ellipsis"
    assert sentences[1] == expected


def test_bracket_after_an_inverted_subject_stays_after_it(rules: RulesResolver) -> None:
    sentences, rule = resolve(rules, "The room was clean and so were the sheets (we checked!).")
    assert rule == "vp-ellipsis"
    assert sentences[1].startswith("The sheets were clean (we checked")


def test_name_gender_list() -> None:
    from lingeval.conjuncts.resolvers.vpe import name_gender

    assert name_gender("Leo") == "m" and name_gender("mia") == "f"
    assert name_gender("Kim") is None and name_gender("Table") is None  # unisex, not a name


@pytest.mark.parametrize(
    "sentence",
    [
        "I wonder what it was and what it is.",  # wh-clauses: no ellipsis site
        "Sam likes the songs they sing and the ones that you don't.",  # auxiliary of "that"
        "I would like to see the plans and a list of the work to be done.",  # "done": a verb
        "They own tools that we do not and will not have.",  # the left conjunct is a site too
    ],
)
def test_not_an_ellipsis_site(rules: RulesResolver, sentence: str) -> None:
    _, rule = resolve(rules, sentence)
    assert rule != "vp-ellipsis"


def test_bare_present_auxiliary_without_subject_is_no_site(rules: RulesResolver) -> None:
    # "or do" (a typo for "so"): no negation, no marker, present tense, no subject
    _, rule = resolve(rules, "More may be going up for sale next month or do.", "or")
    assert rule != "vp-ellipsis"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a subject that is only a quantifier or a number takes the left subject's noun
        (
            "Some tourists enjoyed the tour, but many did not.",
            "Many tourists did not enjoy the tour.",
        ),
        (
            "Four players stayed for the party, but two did not.",
            "Two players did not stay for the party.",
        ),
        ("Most guests liked the food, and a few did not.", "A few guests did not like the food."),
        (
            "Three new members joined the club, but one did not.",
            "One new member did not join the club.",
        ),
        # (close: a pronoun, a noun phrase, or a left subject without a quantifier: unchanged)
        ("Some tourists enjoyed the tour, but others did not.", "Others did not enjoy the tour."),
        (
            "Some tourists enjoyed the tour, but the guides did not.",
            "The guides did not enjoy the tour.",
        ),
        ("The tourists enjoyed the tour, but many did not.", "Many did not enjoy the tour."),
        # the site's subject is the subject of the embedded verb, not of the verb above it: that
        # verb is the antecedent, and the clause above is not copied
        ("Tom said he would fix the roof, but he didn't.", "He didn't fix the roof."),
        ("We expected that they would win, but they didn't.", "They didn't win."),
        # (close: a controlled infinitive shares its controller's subject; another subject
        # keeps the opening; no subject match keeps the clause's verb)
        ("We were hoping to see some deer, and we did.", "We did see some deer."),
        ("I know which film Ann saw, and Bo did.", "I know which film Bo did see."),
        ("Mary wants to dance, but John doesn't.", "John doesn't want to dance."),
    ],
)
def test_the_sites_subject(rules: RulesResolver, sentence: str, expected: str) -> None:
    """Sixth session of issue 11: the site's own subject (a quantifier that takes the left
    subject's noun; the subject that chooses the antecedent)."""
    sentences, rule = resolve(rules, sentence, "but" if " but " in sentence else "and")
    assert rule == "vp-ellipsis"
    assert sentences[1] == expected


def test_a_noun_the_site_is_conjoined_with_is_no_antecedent(rules: RulesResolver) -> None:
    """The parser may make the subject noun the root ("Many people/ROOT like/IN coffee"):
    the verb phrase is not restored from the noun ("Few don't people like coffee")."""
    sentences, _ = resolve(rules, "Many people like coffee, but few don't.", "but")
    assert not any("don't people" in s for s in sentences)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a stranded infinitival "to" after a verb of the conjunct's own clause
        ("I wanted to go, but my wife didn't want to.", "My wife didn't want to go."),
        ("They asked me to stay, and I agreed to.", "I agreed to stay."),
        # an adverb between the subject and the auxiliary
        ("She can swim, but her brother really can't.", "Her brother really can't swim."),
        # a site inside the left conjunct's own adverbial clause does not block the right one
        ("I will help you if I can, but I probably won't.", "I probably won't help you."),
        ("We will come if we can, and Tom will too.", "Tom will come too."),
    ],
)
def test_sites_after_to_and_adverbs(rules: RulesResolver, sentence: str, expected: str) -> None:
    """Seventh session of issue 11 (sentences written here)."""
    sentences, rule = resolve(rules, sentence, "but" if " but " in sentence else "and")
    assert rule == "vp-ellipsis"
    assert sentences[1] == expected


def test_a_site_of_a_comparative_clause_is_not_the_conjuncts(rules: RulesResolver) -> None:
    """The site "already is" belongs to "than it already is", not to the coordinated
    adjectives: no VP ellipsis (the adverb before the auxiliary is allowed only after the
    conjunct's own subject)."""
    _, rule = resolve(rules, "It makes the room more quiet and cold than it already is.")
    assert rule != "vp-ellipsis"


@pytest.mark.parametrize(
    ("sentence", "conj", "expected"),
    [
        # a finite site after an object-controlled / ECM infinitive is not embedded under the
        # verb above it (that would state the opposite expectation)
        (
            "Everyone expected the old bridge to collapse, but it did not.",
            "but",
            ["Everyone expected the old bridge to collapse.", "It did not collapse."],
        ),
        (
            "Few people thought the ferry to be safe, and it was.",
            "and",
            ["Few people thought the ferry to be safe.", "It was safe."],
        ),
        (
            "His parents wanted him to study medicine, but he refused to.",
            "but",
            ["His parents wanted him to study medicine.", "He refused to study medicine."],
        ),
        # "used to V": the infinitive is the antecedent
        (
            "The old radio used to crackle loudly, and it still does.",
            "and",
            ["The old radio used to crackle loudly.", "It still does crackle loudly."],
        ),
        # an adverb of frequency or phase holds only under its own polarity
        (
            "Maria doesn't usually eat breakfast, but this morning she did.",
            "but",
            ["Maria doesn't usually eat breakfast.", "This morning she did eat breakfast."],
        ),
        (
            "The twins have already left, but their cousin hasn't.",
            "but",
            ["The twins have already left.", "Their cousin hasn't left."],
        ),
        # the site speaks of the object that controls the infinitive
        (
            "They begged the mayor to reopen the pool, but she never did.",
            "but",
            ["They begged the mayor to reopen the pool.", "She never did reopen the pool."],
        ),
        # a quantifier subject after a left clause the parser hung on its subject noun
        (
            "Some tenants paid the rent, but most did not.",
            "but",
            ["Some tenants paid the rent.", "Most tenants did not pay the rent."],
        ),
    ],
)
def test_site_clause_and_polarity(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str]
) -> None:
    sentences, rule = resolve(rules, sentence, conj)
    assert (sentences, rule) == (expected, "vp-ellipsis")
