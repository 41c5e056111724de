"""VP ellipsis (issue 11, eighth session): which verb a site restores, and adverbs after the
site. A *do* site never restores a *be* ("and so did my friends" restores "thought", not
"was"); a subject pronoun matches its object form ("expected him to win, but he did"); with
the site's subject on two verbs, the one below the verb of saying or asking wins ("said they
would call, but they never did" -> "call"); an adverb after the site stays after the
restored phrase, and one of time replaces the antecedent's ("but we might tomorrow"); a
modal or *do* site after a perfect antecedent drops the perfect ("I haven't finished it, but I
will" -> "I will finish it").
Sluicing: the indefinite adverb a wh-word asks about leaves the restored clause ("somewhere"
for "where"), an adverb after the wh-word goes after the clause, and a verb of knowing above
the left clause is not restored ("I know she went out, but I don't know with whom").

``lingeval.conjuncts.resolvers.vpe`` and ``sluicing``; every sentence is written here. Each shape has
sentences that must be resolved (they fail on the main before them) and close ones whose
output must not change.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.resolvers.rules import RulesResolver
from tests.conjuncts.marked import resolve, shape_cases

MUST_RESOLVE = [
    (
        "I thought the movie was great, and so did my friends.",
        "and",
        ["I thought the movie was great.", "My friends did think the movie was great."],
    ),
    (
        "Nobody expected him to win, but he did.",
        "but",
        ["Nobody expected him to win.", "He did win."],
    ),
    (
        "I asked him to help, and he did.",
        "and",
        ["I asked him to help.", "He did help."],
    ),
    (
        "They said they would call, but they never did.",
        "but",
        ["They said they would call.", "They never did call."],
    ),
    (
        "He told me he would come, and he did.",
        "and",
        ["He told me he would come.", "He did come."],
    ),
    (
        "I have read the book, but my students haven't yet.",
        "but",
        ["I have read the book.", "My students haven't read the book yet."],
    ),
    (
        "We can't fix it today, but we might tomorrow.",
        "but",
        ["We can't fix it today.", "We might fix it tomorrow."],
    ),
    (
        "I asked him to help, and he did, eventually.",
        "and",
        ["I asked him to help.", "He did help, eventually."],
    ),
    # a modal or "do" site after a perfect antecedent: the perfect goes
    (
        "I haven't finished the report, but I will.",
        "but",
        ["I haven't finished the report.", "I will finish the report."],
    ),
    (
        "They have been working all day, and we will.",
        "and",
        ["They have been working all day.", "We will be working all day."],
    ),
    (
        "He has read the book, and she did too.",
        "and",
        ["He has read the book.", "She did read the book too."],
    ),
    (
        "She hid the key somewhere, but she can't remember where.",
        "but",
        ["She hid the key somewhere.", "She can't remember where she hid the key."],
    ),
    (
        "We will fix the problem, but we don't know how yet.",
        "but",
        ["We will fix the problem.", "We don't know how we will fix the problem yet."],
    ),
    (
        "I know she went out, but I don't know with whom.",
        "but",
        ["I know she went out.", "I don't know with whom she went out."],
    ),
]

MUST_NOT_CHANGE = [
    (
        "Tom said he would fix the roof, but he didn't.",
        "but",
        ["Tom said he would fix the roof.", "He didn't fix the roof."],
    ),
    (
        "If I lived in Paris, I would be a poet, but I don't, so I won't.",
        "but",
        ["If I lived in Paris, I would be a poet.", "I don't live in Paris, so I won't be a poet."],
    ),
    (
        "She has finished her homework, but her brother hasn't.",
        "but",
        ["She has finished her homework.", "Her brother hasn't finished her homework."],
    ),
    (
        "The staff were very helpful and so was the manager.",
        "and",
        ["The staff were very helpful.", "The manager was very helpful."],
    ),
    (
        "We were hoping to see the show, and we did.",
        "and",
        ["We were hoping to see the show.", "We did see the show."],
    ),
    (
        "I wanted to go, but my wife didn't want to.",
        "but",
        ["I wanted to go.", "My wife didn't want to go."],
    ),
    (
        "The house was sold, but the car won't.",
        "but",
        ["The house was sold.", "The car won't be sold."],
    ),
    (
        "They moved the meeting, but I don't know when.",
        "but",
        ["They moved the meeting.", "I don't know when they moved the meeting."],
    ),
    (
        "I think someone called, but I don't know who.",
        "but",
        ["I think someone called.", "I don't know who called."],
    ),
]

CASES = shape_cases(MUST_RESOLVE, MUST_NOT_CHANGE)


@pytest.mark.parametrize(("sentence", "conj", "expected", "new"), CASES)
def test_vp_ellipsis_and_sluicing_sites(
    rules: RulesResolver, sentence: str, conj: str, expected: list[str], new: bool
) -> None:
    """MUST_RESOLVE: the new shapes (they fail on the main before them); MUST_NOT_CHANGE:
    close sentences whose rewrite stays what it was."""
    sentences, rule = resolve(rules, sentence, conj)
    assert sentences == expected
    assert rule in {"vp-ellipsis", "sluicing"}
