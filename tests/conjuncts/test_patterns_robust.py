"""lingeval's parser-robust variants and extra shapes (mining.robust) on hand-built trees.

Each positive tree is the small English pipeline's analysis of the pattern's example (the
analysis that makes the A.7 pattern miss it), written ``word/UPOS/deprel/head`` with 1-based
heads; each negative tree is a well-formed coordination the pattern must leave alone.
"""

from __future__ import annotations

import pytest

from lingeval.conjuncts.mining.patterns import (
    PAPER_PATTERNS,
    default_pattern_names,
    get_patterns,
    match_sentence,
)
from lingeval.conjuncts.mining.robust import ROBUST_PATTERNS
from tests.conjuncts.test_patterns import tree


def fired(spec: str, name: str) -> set[str]:
    v = tree(spec)
    found = match_sentence(v, get_patterns([name]))
    return {f"{v.words[c]}#{c + 1}" for c in found}  # the conjunction and its 1-based position


CASES = [
    (
        "variant-dangling-cc-verbless",
        # won ... in 1998 and again 10 years later on Brown ("and" has no conj arc)
        "won/VERB/ROOT/0 twice/ADV/advmod/1 in/ADP/prep/1 1998/NUM/pobj/3 and/CCONJ/cc/4 "
        "again/ADV/advmod/8 later/ADV/advmod/8 on/ADP/prep/1 Brown/PROPN/pobj/8",
        "and#5",
        # "And then he left": sentence-initial, and a verb follows
        "And/CCONJ/cc/3 then/ADV/advmod/3 left/VERB/ROOT/0",
    ),
    (
        "extra-shared-auxiliary",
        "I/PRON/nsubj/2 can/AUX/aux/6 not/PART/neg/2 and/CCONJ/cc/2 have/AUX/aux/6 "
        "denied/VERB/ROOT/0 it/PRON/dobj/6",
        "and#4",
        "I/PRON/nsubj/2 can/AUX/aux/3 go/VERB/ROOT/0 and/CCONJ/cc/3 stay/VERB/conj/3",
    ),
    (
        "extra-vp-ellipsis",
        "Germany/PROPN/nsubj/2 knows/VERB/ROOT/0 it/PRON/dobj/2 ,/PUNCT/punct/2 "
        "and/CCONJ/cc/2 we/PRON/nsubj/7 do/VERB/conj/2 n't/PART/neg/7",
        "and#5",
        # the conjunct has an object: not elliptical
        "Germany/PROPN/nsubj/2 knows/VERB/ROOT/0 it/PRON/dobj/2 and/CCONJ/cc/2 "
        "we/PRON/nsubj/6 do/VERB/conj/2 that/PRON/dobj/6",
    ),
    (
        "extra-verb-conj-remnant",
        "It/PRON/nsubjpass/3 is/AUX/auxpass/3 used/VERB/ROOT/0 in/ADP/prep/3 printing/NOUN/pobj/4 "
        "and/CCONJ/cc/3 for/ADP/conj/3 engraving/NOUN/pobj/7",
        "and#6",
        "It/PRON/nsubj/2 rained/VERB/ROOT/0 and/CCONJ/cc/2 then/ADV/advmod/5 stopped/VERB/conj/2",
    ),
    (
        "variant-pp-object-conj-stranded-or-nested",
        # "in the comments below or @CNNFilms on Twitter": "on" hangs on "comments"
        "Tell/VERB/ROOT/0 us/PRON/dobj/1 in/ADP/prep/1 comments/NOUN/pobj/3 or/CCONJ/cc/4 "
        "@CNNFilms/NOUN/conj/4 on/ADP/prep/4 Twitter/PROPN/pobj/7",
        "or#5",
        "Tell/VERB/ROOT/0 us/PRON/dobj/1 in/ADP/prep/1 comments/NOUN/pobj/3 or/CCONJ/cc/4 "
        "posts/NOUN/conj/4",
    ),
    (
        "variant-fronted-pp-onward",
        "From/ADP/prep/8 1880s/NOUN/pobj/1 onward/ADJ/amod/4 areas/NOUN/pobj/1 ,/PUNCT/punct/4 "
        "and/CCONJ/cc/4 Lombok/PROPN/nsubjpass/8 developed/VERB/ROOT/0",
        "and#6",
        "From/ADP/prep/6 1880s/NOUN/pobj/1 areas/NOUN/nsubj/6 and/CCONJ/cc/3 "
        "towns/NOUN/conj/3 grew/VERB/ROOT/0",
    ),
    (
        "variant-base-verb-conj-oprd",
        "spirit/NOUN/nsubj/2 are/AUX/ROOT/0 primary/ADJ/acomp/2 ,/PUNCT/punct/2 and/CCONJ/cc/2 "
        "matter/VERB/conj/2 secondary/ADJ/oprd/6",
        "and#5",
        "they/PRON/nsubj/2 are/AUX/ROOT/0 happy/ADJ/acomp/2 and/CCONJ/cc/2 "
        "they/PRON/nsubj/6 seem/VERB/conj/2 calm/ADJ/acomp/6",
    ),
    (
        "variant-obj-conj-left-nominal",
        "%/NOUN/nsubj/2 had/VERB/ROOT/0 brown/ADJ/dobj/2 and/CCONJ/cc/3 21/NUM/nummod/6 "
        "%/NOUN/npadvmod/7 black/ADJ/conj/3",
        "and#4",
        "she/PRON/nsubj/2 had/VERB/ROOT/0 brown/ADJ/dobj/2 and/CCONJ/cc/3 black/ADJ/conj/3",
    ),
    (
        "variant-conj-inside-modifier",
        "Josh/PROPN/nsubj/2 likes/VERB/ROOT/0 wine/NOUN/nmod/6 and/CCONJ/cc/3 Jane/PROPN/conj/3 "
        "water/NOUN/dobj/2",
        "and#4",
        "Josh/PROPN/nsubj/2 likes/VERB/ROOT/0 apple/NOUN/compound/6 and/CCONJ/cc/3 "
        "orange/NOUN/conj/3 juice/NOUN/dobj/2",
    ),
    (
        "variant-nominal-conj-both-with-pp",
        "volume/NOUN/nsubj/0 at/ADP/prep/1 Moscow/PROPN/pobj/2 and/CCONJ/cc/1 third/ADJ/conj/1 "
        "at/ADP/prep/5 Petersburg/PROPN/pobj/6",
        "and#4",
        "volume/NOUN/nsubj/0 at/ADP/prep/1 Moscow/PROPN/pobj/2 and/CCONJ/cc/1 third/ADJ/conj/1",
    ),
    (
        "variant-adp-conj-adp-nested",
        "varies/VERB/ROOT/0 from/ADP/prep/1 text/NOUN/pobj/2 to/ADP/prep/2 text/NOUN/pobj/4 "
        "or/CCONJ/cc/4 from/ADP/conj/4 chapter/NOUN/pobj/7",
        "or#6",
        "varies/VERB/ROOT/0 from/ADP/prep/1 text/NOUN/pobj/2 or/CCONJ/cc/2 from/ADP/conj/2 "
        "chapter/NOUN/pobj/5",
    ),
    (
        "variant-verb-read-as-noun",
        "One/NUM/nummod/3 records/NOUN/compound/3 days/NOUN/ROOT/0 ,/PUNCT/punct/3 "
        "and/CCONJ/cc/3 another/DET/det/7 thousands/NOUN/conj/3",
        "and#5",
        "One/NUM/nummod/2 days/NOUN/ROOT/0 ,/PUNCT/punct/2 and/CCONJ/cc/2 "
        "another/DET/det/6 thousands/NOUN/conj/2 gone/VERB/acl/6",
    ),
]


def test_every_robust_pattern_has_a_case_and_distinct_names() -> None:
    assert [c[0] for c in CASES] == ROBUST_PATTERNS
    assert not set(ROBUST_PATTERNS) & set(PAPER_PATTERNS)
    assert all(n.startswith(("variant-", "extra-")) for n in ROBUST_PATTERNS)
    assert default_pattern_names() == PAPER_PATTERNS + ROBUST_PATTERNS
    assert [p.name for p in get_patterns(["robust"])] == ROBUST_PATTERNS
    for p in get_patterns(["robust"]):
        assert p.group in ("parser-variant", "extra-shape") and p.example and p.reading


@pytest.mark.parametrize(("name", "positive", "conj", "negative"), CASES, ids=[c[0] for c in CASES])
def test_robust_pattern_fires_on_the_small_parsers_analysis_only(
    name: str, positive: str, conj: str, negative: str
) -> None:
    assert fired(positive, name) == {conj}
    assert fired(negative, name) == set()
