"""Recognise a verbal omission after a conjunction, independently of the dependency parse.

Paper 000, sections 1 and 4.1: parsers misanalyse gapping ("Josh likes wine and Jane water"
becomes a noun compound inside a coordinated object, figure 2), so a resolver that trusts the
parse's coordination rewrites the wrong thing. This module decides from the words and their
part-of-speech tags alone whether the material after the conjunction is a verbless conjunct
whose phrases parallel the first clause: *gapping* ("and Jane water"), an *argument cluster*
("and its call centre to Glasgow in 2014"), or *stripping* ("and Kim too", "but not Kim").

The test, for the conjunction at token ``cc``:

1. The right conjunct runs from the conjunction to the clause boundary (``;``, ``:``, a dash,
   a subordinator, or a comma followed by a new clause such as ", analysts said" or
   ", Z fell"). It must hold no verb of its own (a participle used as an adjective, "the more
   considered 54", does not count).
2. It is cut into phrases (noun phrase, number, prepositional phrase, adjective, adverb) at
   part-of-speech boundaries ("Lee | treasurer", "$7 | by B", "Milan , two").
3. The first conjunct (from the previous clause boundary to the conjunction) holds a verb; its
   subject region is what precedes the first verb, its complement region what follows the
   last verb of the verb chain ("seems to want to start to learn | Greek").
4. Two or more phrases, each paralleled by a phrase of the same type in the first clause: the
   first by the subject (gapping) or every one by a complement (argument cluster); or one
   phrase with a stripping marker (too, also, as well, either, not).

:func:`detect_omission` returns an :class:`Omission` recording this evidence, or ``None``.
It never raises and takes time linear in the sentence length.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from lingeval.conjuncts.example import CONJUNCTIONS

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from spacy.tokens import Doc, Span, Token

__all__ = [
    "Omission",
    "Phrase",
    "chunk_phrases",
    "degree_adjective",
    "detect_omission",
    "gerund_ends_phrase",
    "has_lemma",
    "hyphen_part",
    "lone_determiner",
    "modifier_category",
    "nominal_gerund",
    "open_bracket",
    "phrase_category",
    "remark",
    "right_end",
    "sentence_break",
]

#: Penn tags of verbs and modals (shared by the resolvers, the miner and the synthesiser).
VERB_TAGS = {"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD"}
FINITE_TAGS = {"VBD", "VBP", "VBZ", "MD"}
#: the form of *do*-support for a finite verb's tag ("Bo did not", "and so does Leo")
DO_SUPPORT = {"VBD": "did", "VBZ": "does", "VBP": "do"}
NOMINAL_TAGS = {"NN", "NNS", "NNP", "NNPS", "PRP", "CD", "EX"}
NP_START_TAGS = {"DT", "PDT", "PRP$", "CD", "NNP", "NNPS", "NN", "NNS", "PRP", "JJ", "JJR", "JJS"}
NP_END_TAGS = {"NN", "NNS", "NNP", "NNPS", "PRP", "CD"}
STRIP_TAIL = ("as well", "too", "also", "either", "as well as")
STRIP_HEAD = {"not", "never", "also", "even", "especially", "particularly", "only", "probably"}
#: Second words of the correlative "not only / just / merely / simply X but (also) Y", whose first
#: half the rewrites drop (the stripping resolver and the crowd-annotation checks).
NOT_ONLY = frozenset({"only", "just", "merely", "simply"})
SUBORDINATORS = {
    "because", "although", "though", "whereas", "unless", "while", "whilst", "since", "if",
    "when", "after", "before", "until", "so", "once", "which", "who", "whom", "whose", "where",
    "albeit",
}  # fmt: skip
CLAUSE_PUNCT = {";", ":", "—", "–", "--"}
#: Tags of the words after the preposition of a remark ("of course", "in turn", "at least",
#: "as always", "as expected"): a bare singular noun, an adjective or an adverb, or a
#: participle after "as"; a determiner, possessive, name, pronoun, number or plural noun
#: makes a phrase about a thing instead ("from Leeds", "in the north")
REMARK_TAGS = {"NN", "JJ", "JJS", "RB", "RBS", "IN"}
CLOSERS = {".", "!", "?", "…", "...", '"', "”", "’", ")"}


@dataclass(frozen=True)
class Phrase:
    """One phrase ``[start, end]`` (inclusive token indices) and its category.

    Categories: ``NP`` (noun phrase), ``NUM`` (a quantity: "6%", "$7", "two"), ``PP``
    (prepositional phrase; ``prep`` holds the lower-cased preposition), ``ADJ``, ``ADV``.
    """

    start: int
    end: int
    category: str
    prep: str = ""

    def __len__(self) -> int:
        return self.end - self.start + 1


@dataclass
class Omission:
    """Evidence that the conjunct after ``cc`` omits the verb of the first clause.

    ``kind``: ``gapping`` (the first remnant is a new subject), ``argument-cluster`` (every
    remnant parallels a complement of the verb) or ``stripping`` (one remnant and a marker).
    ``remnants`` are the phrases after the conjunction, ``parallels[i]`` the phrase of the
    first clause that remnant ``i`` parallels (``None`` where only the category matched
    loosely). ``right_end`` is the last token of the right conjunct, ``left_start`` the first
    token of the first clause, ``verbs`` the verb chain of the first clause (token indices),
    ``marker`` the stripping marker ("too", "not", ...) when there is one, ``evidence``
    human-readable reasons in the order they were established, and ``readings`` every kind
    that fits, preferred first (a remnant list can parallel both the subject and complements).
    """

    cc: int
    kind: str
    remnants: list[Phrase]
    parallels: list[Phrase | None]
    left_start: int
    right_end: int
    verbs: list[int]
    marker: str = ""
    evidence: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.readings:
            self.readings = [self.kind]

    @property
    def score(self) -> float:
        """Share of remnants with a parallel of the same category and head class, in [0, 1]."""
        if not self.remnants:
            return 0.0
        return sum(1 for p in self.parallels if p is not None) / len(self.remnants)


def _is_verb(doc: Doc, i: int) -> bool:
    """A verb token, not a participle used inside a noun phrase ("a more considered 54")."""
    tok = doc[i]
    if tok.tag_ not in VERB_TAGS:
        return False
    if tok.i in doc.user_data.get("lingeval_nominal", ()):
        return False
    if (
        tok.tag_ in {"VBN", "VBG"}
        and i > 0
        and doc[i - 1].tag_ in {"DT", "PRP$", "JJ", "RBR", "CD"}
    ):
        return False  # "the acquired company", "a more considered 54"
    if tok.tag_ == "VBG" and i > 0 and doc[i - 1].tag_ == "IN":
        return False  # a gerund after a preposition: "by adding up these weights"
    if tok.tag_ in {"VBN", "VBG"} and i + 1 < len(doc) and doc[i + 1].tag_ in {"NN", "NNS"}:
        if i == 0 and tok.tag_ == "VBN" and any(t.lower_ == "by" for t in doc[i + 2 : i + 5]):
            return True  # an opening participle with its agent: "Rated B-1 by Moody's"
        if i > 0 and (doc[i - 1].tag_ in FINITE_TAGS or doc[i - 1].lower_ in {"been", "be"}):
            return True  # after an auxiliary: "have served fish"
        return i > 0 and doc[i - 1].tag_ in {"NN", "NNS", "NNP", "PRP"}  # "rising prices"
    return True


DEGREE_WORDS = {"more", "less", "most", "least", "so", "too", "very", "quite", "rather"}


def degree_adjective(doc: Doc, start: int, end: int) -> bool:
    """A degree word and one dictionary adjective that is no noun ("more dim", "so cheap"),
    whatever the tagger made of the adjective ("dim/NN")."""
    if end != start + 1 or doc[start].lower_ not in DEGREE_WORDS:
        return False
    word = doc[end].lower_
    return has_lemma(word, "ADJ") and not has_lemma(word, "NOUN")


@lru_cache(maxsize=1)
def _lemma_table() -> tuple[bytes, dict[str, set[str]]] | None:
    """LemmInflect's lemma table as bytes (one ``word,category,lemmas`` line each) and its
    overrides (word -> parts of speech); None when they are not where LemmInflect keeps them
    (found without importing it)."""
    import gzip
    import importlib.util
    from pathlib import Path

    try:
        spec = importlib.util.find_spec("lemminflect")
        if spec is None or not spec.submodule_search_locations:
            return None
        base = Path(next(iter(spec.submodule_search_locations))) / "resources"
        data = gzip.decompress((base / "lemma_lu.csv.gz").read_bytes())
        overrides: dict[str, set[str]] = {}
        for line in (base / "lemma_overrides.csv").read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and line[0] != "#":
                word, pos, _ = line.split(",")
                overrides.setdefault(word, set()).add(pos)
    except (OSError, ValueError, EOFError, gzip.BadGzipFile):
        return None
    return data, overrides


@lru_cache(maxsize=8)
def _lemma_words(upos: str) -> frozenset[str] | None:
    """The words LemmInflect lists with a lemma of part of speech ``upos`` (table categories
    mapped as LemmInflect maps them: upper-cased, ``modal`` -> AUX; plus its overrides)."""
    table = _lemma_table()
    if table is None:
        return None
    import re

    data, overrides = table
    cats = b"aux|modal" if upos == "AUX" else upos.lower().encode()
    found = re.findall(rb"^([^,\n]*),(?:" + cats + rb"),", data, re.MULTILINE)
    words = {w.decode("utf-8") for w in found}
    words.update(w for w, pos in overrides.items() if upos in pos)
    return frozenset(words)


def has_lemma(word: str, upos: str) -> bool:
    """``bool(lemminflect.getAllLemmas(word, upos=upos))`` (``upos`` one of ADJ, ADV, AUX,
    NOUN, VERB): whether LemmInflect's lemma table or its overrides list the lower-cased word
    with that part of speech. The words of one part of speech are read from the table's bytes
    once (~0.05 s CPU), instead of importing LemmInflect and parsing the table into
    dictionaries (~0.4 s CPU per process, which the miner's second stage paid on ordinary
    text). Falls back to LemmInflect when its table is not where expected;
    ``tests/conjuncts/test_omission_lemmas.py`` checks that both agree on the whole table."""
    words = _lemma_words(upos) if upos in {"ADJ", "ADV", "AUX", "NOUN", "VERB"} else None
    if words is None:
        from lemminflect import getAllLemmas

        return bool(getAllLemmas(word, upos=upos))
    return word.lower() in words


def nominal_gerund(doc: Doc, i: int) -> bool:
    """A gerund after a determiner or possessor heads a noun phrase ("each reading", "the
    meeting")."""
    return doc[i].tag_ == "VBG" and i > 0 and doc[i - 1].tag_ in {"DT", "PRP$"}


def gerund_ends_phrase(doc: Doc, k: int) -> bool:
    """The nominal gerund at ``k - 1`` ends a noun phrase before token ``k`` ("each reading |
    a score"), unless a number or noun follows it ("the coming months" is one phrase)."""
    return nominal_gerund(doc, k - 1) and doc[k].tag_ not in {"CD", "NN", "NNS"}


#: Determiners that also stand alone as pronouns and never take a plural noun.
SINGULAR_PRONOUNS = {"another", "each", "either", "neither"}


def lone_determiner(doc: Doc, k: int) -> bool:
    """A singular determiner at ``k - 1`` stands alone before the plural noun at ``k`` (a new
    phrase starts: "and another | minutes")."""
    return doc[k - 1].lower_ in SINGULAR_PRONOUNS and doc[k].tag_ == "NNS"


def modifier_category(doc: Doc, start: int, end: int) -> str | None:
    """``ADJ`` or ``ADV`` when tokens ``[start, end]`` are only adjectives and adverbs (none
    marked a noun by the resolver's retagging, ``doc.user_data["lingeval_nominal"]``), else
    None."""
    tags = {doc[i].tag_ for i in range(start, end + 1)}
    nominal = doc.user_data.get("lingeval_nominal", ())
    if not tags <= {"JJ", "JJR", "JJS", "RB", "RBR", "RBS"} or any(
        i in nominal for i in range(start, end + 1)
    ):
        return None
    return "ADJ" if tags & {"JJ", "JJR", "JJS"} else "ADV"


def phrase_category(doc: Doc, start: int, end: int) -> tuple[str, str]:
    """Category (and preposition) of tokens ``[start, end]``: NP, NUM, PP, ADJ, ADV or VP."""
    first = doc[start]
    if degree_adjective(doc, start, end):
        return "ADJ", ""
    if first.lower_ in STRIP_HEAD and end > start:
        return phrase_category(doc, start + 1, end)
    if first.tag_ in {"IN", "TO"} and end > start and doc[start + 1].tag_ != "VB":
        return "PP", first.lower_
    demonym = first.tag_ in {"JJ", "NNP", "NNPS", "NNS"} and first.text[:1].isupper()
    if demonym and start == end and end + 1 < len(doc) and doc[end + 1].tag_ == "CD":
        return "NP", ""  # a people before a quantity: "and Japanese 0.3%"
    if any(_is_verb(doc, i) for i in range(start, end + 1)):
        return "VP", ""
    modifier = modifier_category(doc, start, end)
    if modifier is not None:
        return modifier, ""
    nominal = doc.user_data.get("lingeval_nominal", ())
    heads = [
        i
        for i in range(start, end + 1)
        if doc[i].tag_ in NOMINAL_TAGS or doc[i].text == "%" or i in nominal
    ]
    if heads and (doc[heads[-1]].tag_ == "CD" or doc[heads[-1]].text == "%"):
        return "NUM", ""
    if any(doc[i].text == "$" for i in range(start, end + 1)):
        return "NUM", ""
    return "NP", ""


QUANTIFIER_NOUNS = {"others", "some", "many", "most", "all", "few", "several", "both", "each"}


def hyphen_part(doc: Doc, i: int) -> bool:
    """Token ``i`` is the end of a hyphenated word written without spaces, whatever its tag
    ("single-A-plus": *plus* tagged CC)."""
    return (
        i >= 2
        and doc[i - 1].text == "-"
        and not doc[i - 2].whitespace_
        and not doc[i - 1].whitespace_
        and not doc[i - 2].is_punct
    )


def numbered_series(doc: Doc, i: int) -> bool:
    """Token ``i``, a capitalised word before a number, names one of a numbered series: the
    same word stands before another number elsewhere in the sentence ("Orion 7 was commanded
    by A and Orion 9 by B", "Gate 12 ... and gate 14"), so word and number are one name."""
    word = doc[i].lower_
    return any(
        t.i != i and t.lower_ == word and t.i + 1 < len(doc) and doc[t.i + 1].tag_ == "CD"
        for t in doc
    )


def numbered_like_before(doc: Doc, i: int) -> bool:
    """Token ``i``, a one-word capitalised name before a whole number, names one thing with it
    as a one-word capitalised name before it in the sentence does with its whole number, which
    the parse makes that name's number ("flew Gemini 12 as pilot and Apollo 11 as ...")."""

    def single(j: int) -> bool:  # a one-word name: not "the United States", "S4" after a name
        if doc[j].lower_ in TIME_WORDS:
            return False  # a date: "on 21 April 2013 and ... on 18 September | 2013"
        return j == 0 or doc[j - 1].tag_ not in {"NNP", "NNPS", "DT"}

    def in_clause(j: int) -> bool:
        # an argument of a verb before it with no comma between: "flew Gemini 12", not a
        # group of a list ("scored 14 goals, Lindgren 11 and Mbeki 9")
        for k in range(j - 1, -1, -1):
            if doc[k].text == ",":
                return False
            if doc[k].tag_.startswith("VB"):
                return True
        return False

    if not doc[i].text[:1].isupper() or i + 1 >= len(doc) or not doc[i + 1].text.isdigit():
        return False
    return single(i) and any(
        doc[j].tag_ == "NNP"
        and doc[j].text[:1].isupper()
        and single(j)
        and in_clause(j)
        and doc[j + 1].tag_ == "CD"
        and doc[j + 1].text.isdigit()
        and doc[j + 1].dep_ == "nummod"
        and doc[j + 1].head.i == j
        for j in range(0, i - 1)
    )


def numbered_name(doc: Doc, k: int) -> bool:
    """The number at ``k`` closes a name opened by "the" ("the Ariane 5 in 1996", "the Boeing
    747 in 1969"): a whole number after "the" and singular names, before a preposition; not
    a quantity ("the US | 5%", "the Quay Hall | 450 and ...")."""
    tok = doc[k]
    if tok.tag_ != "CD" or not tok.text.isdigit() or k < 2:
        return False
    j = k - 1
    while j > 0 and doc[j].tag_ == "NNP" and doc[j].text[:1].isupper():
        j -= 1
    if j == k - 1 or doc[j].lower_ != "the":
        return False
    # a phrase of its own follows ("the Ariane 5 | in 1996"); a number that ends its group
    # is a remnant ("the Quay Hall | 450 and ...")
    return k + 1 < len(doc) and doc[k + 1].tag_ in {"IN", "TO"}


def numbered_name_inside(doc: Doc, k: int) -> bool:
    """The whole number before token ``k`` sits inside a name opened by "the" that goes on
    after it: capitalised singular names before the number and at ``k`` ("the Fiat 500
    Abarth", "the Boeing 737 Max"), so no phrase starts at ``k``."""
    if k < 3 or not doc[k - 1].text.isdigit() or doc[k - 1].tag_ != "CD":
        return False
    if doc[k].tag_ != "NNP" or not doc[k].text[:1].isupper():
        return False
    j = k - 2
    while j > 0 and doc[j].tag_ == "NNP" and doc[j].text[:1].isupper():
        j -= 1
    return j < k - 2 and doc[j].lower_ == "the"


def _boundary_between(doc: Doc, k: int) -> bool:
    """Does a new phrase start at token ``k`` (tags of ``k - 1`` and ``k`` only)?"""
    a, b = doc[k - 1], doc[k]
    if a.tag_ == "CC" and hyphen_part(doc, k - 1):
        return b.tag_ in NP_START_TAGS or b.tag_ in {"IN", "TO"} or b.text == "$"
    if hyphen_part(doc, k) or (b.text == "-" and not a.whitespace_ and not b.whitespace_):
        return False  # a word written with a hyphen, whatever its tags: "co-star", "re-elected"
    if k in doc.user_data.get("lingeval_nominal", ()) and b.tag_ in VERB_TAGS:
        return a.tag_ in NP_END_TAGS and a.lower_ in QUANTIFIER_NOUNS  # "others | rice"
    if lone_determiner(doc, k):
        return True  # "another | minutes": a singular determiner standing alone before a plural
    if a.tag_ == "POS" and b.lower_ in {"the", "a", "an"}:
        return True  # a possessor before an article stands alone: "and Sweden's | the krona"
    if a.tag_ in {"DT", "PDT", "PRP$", "IN", "TO", "HYPH", "POS", "CC", "$", "``", "-LRB-"}:
        return False
    if b.tag_ in {"POS", "HYPH", "''", "-RRB-"} or b.text in {"%", "'s"}:
        return False
    a_np = (
        a.tag_ in NP_END_TAGS
        or a.text == "%"
        or a.i in doc.user_data.get("lingeval_nominal", ())
        or gerund_ends_phrase(doc, k)  # "each reading | a score"
    )
    if a.tag_ in {"JJ", "JJR", "JJS"} and b.tag_ in {"DT", "PRP$"}:
        return a.lower_ not in {"such", "quite", "rather", "what", "many", "half", "all"}
    if a.tag_ in {"JJ", "NNP", "NNPS", "NNS"} and a.text[:1].isupper() and b.tag_ == "CD":
        # "Japanese | 0.3%", not "Orion 9" nor "the Ariane 5"
        return (
            not numbered_series(doc, k - 1)
            and not numbered_name(doc, k)
            and not numbered_like_before(doc, k - 1)
        )
    if b.tag_ in {"IN", "TO"} and b.lower_ not in {"of"}:
        if a.lower_ == "only" and k >= 2 and _boundary_between(doc, k - 1):
            return False  # the focus particle opened this phrase: "its annex | only in 1991"
        return a_np or a.tag_ in {"JJ", "JJR", "RB", "RBR"}  # "Kim | to Paris", "$7 | by B"
    if b.lower_ == "of":
        return False
    if not a_np:
        return False
    if a.tag_ in {"NNP", "NNPS"} and b.tag_ in {"NNP", "NNPS"}:
        return False  # one name
    if a.tag_ in {"NN", "NNS"} and b.tag_ in {"NN", "NNS"}:
        return a.lower_ in QUANTIFIER_NOUNS  # a compound noun, unless "others | rice"
    if a.tag_ in {"NN", "NNS"} and b.tag_ in {"NNP", "NNPS"}:
        return False  # "sodium dodecyl": taggers mix common and proper nouns in terms
    if a.tag_ in {"NNP", "NNPS"} and b.tag_ in {"NN", "NNS"}:
        # "Lee | treasurer": a name then a common noun, unless the name is inside a term
        k0 = k - 1
        while k0 - 1 >= 0 and doc[k0 - 1].tag_ in {"NNP", "NNPS"}:
            k0 -= 1
        # not inside a term ("sodium Dodecyl sulfate") nor a name modifying a noun after a
        # determiner or a possessor ("a Boston firm", "the project's Hong Kong contractor")
        return not (k0 > 0 and doc[k0 - 1].tag_ in {"NN", "NNS", "JJ", "DT", "PRP$", "POS"})
    if (
        a.tag_ == "CD"
        and len(a.text) == 4
        and a.text.isdigit()
        and k >= 2
        and doc[k - 2].tag_ == "IN"
        and b.tag_ in {"NNP", "NNPS"}
    ):
        return True  # a year closes its phrase before a name: "In 1987 | Ferncliffe Town won"
    if a.tag_ == "CD" and (b.tag_ in {"NN", "NNS", "NNP", "NNPS", "JJ"} or b.text in {"%", "$"}):
        return False  # "40,000 visitors", "21 %"
    if a.tag_ == "CD" and b.tag_ == "CD":
        return False
    if b.tag_ in {"RB", "RBR"}:
        if b.lower_ == "only" and k + 1 < len(doc) and doc[k + 1].tag_ in {"IN", "CD", "$"}:
            return True  # a focus particle opens the phrase it focuses: "its annex | only in 1991"
        return b.lower_ not in {"alone", "only", "so"}
    return b.tag_ in NP_START_TAGS or b.text == "$"


def _parenthetical_commas(doc: Doc, start: int, end: int) -> set[int]:
    """The commas of :func:`parenthetical_end` parentheticals inside ``[start, end]``."""
    out: set[int] = set()
    for k in range(start, end + 1):
        c = parenthetical_end(doc, k, end)
        if c is not None:
            out.update((k, c))
    return out


def chunk_phrases(doc: Doc, start: int, end: int) -> list[Phrase]:
    """Cut tokens ``[start, end]`` into phrases at part-of-speech boundaries and commas (not
    inside a parenthetical of a noun phrase, "a large, though modest, sum")."""
    out: list[Phrase] = []
    s = start
    k = start + 1
    while k <= end + 1:
        if k <= end:
            paren = parenthetical_end(doc, k, end)
            if paren is not None:
                k = paren + 2  # the parenthetical and the word after it stay in the phrase
                continue
        infinitive = doc[s].tag_ == "TO" and s < end and doc[s + 1].tag_ == "VB"
        cut = k > end or doc[k].text == "," or (not infinitive and _boundary_between(doc, k))
        if cut:
            e = k - 1
            while e >= s and doc[e].is_punct and doc[e].text not in {"%", ")"}:
                e -= 1
            while s <= e and doc[s].is_punct and doc[s].text not in {"$", "("}:
                s += 1
            if s <= e:
                cat, prep = phrase_category(doc, s, e)
                out.append(Phrase(s, e, cat, prep))
            s = k + 1 if k <= end and doc[k].text == "," else k
        k += 1
    return out


NAME_PREFIXES = {
    "new", "san", "los", "las", "st", "st.", "mount", "mt", "lake", "north", "south", "east",
    "west", "united", "great", "la", "le", "de", "del", "van", "von", "el", "fort", "port",
    "saint", "hong", "sri", "costa", "puerto", "rio", "santa", "buenos", "cape", "upper",
    "lower", "old", "little", "big", "grand", "central", "royal", "the", "mr", "mrs", "ms", "dr",
}  # fmt: skip


def _two_names(doc: Doc, r: Phrase) -> bool:
    """Exactly two single-word names ("Bo Latin"), the first not the start of a longer name."""
    return (
        len(r) == 2
        and all(doc[i].tag_ in {"NNP", "NNPS"} for i in (r.start, r.end))
        and doc[r.start].lower_.rstrip(".") not in NAME_PREFIXES
    )


#: Words that open a verbless parenthetical inside a noun phrase ("a large, though unknown, sum").
PARENTHETICAL_OPENERS = {"though", "although", "if", "albeit", "perhaps", "probably", "possibly"}


def parenthetical_end(doc: Doc, k: int, last: int) -> int | None:
    """The comma at ``k`` opens a verbless parenthetical that sits inside a noun phrase ("a
    significant, though unspecified, amount"; "a large, if modest, gain"): the index of its
    closing comma, else None. Up to four words, no verb but a participle, and a noun or
    adjective of the same phrase after the closing comma."""
    if doc[k].text != "," or k + 1 > last or doc[k + 1].lower_ not in PARENTHETICAL_OPENERS:
        return None
    for c in range(k + 2, min(k + 7, last)):
        tok = doc[c]
        if tok.text == ",":
            nxt = doc[c + 1]
            if c > k + 2 and nxt.tag_ in {"NN", "NNS", "JJ", "JJR", "JJS", "CD", "VBG"}:
                return c
            return None
        if tok.is_punct or (_is_verb(doc, c) and tok.tag_ != "VBN"):
            return None
    return None


def outside_parentheticals(doc: Doc, first: int, last: int) -> Iterator[int]:
    """The indices ``first`` .. ``last``, jumping over each :func:`parenthetical_end`
    parenthetical of a noun phrase (its opening comma to its closing one)."""
    k = first
    while k <= last:
        paren = parenthetical_end(doc, k, last)
        if paren is not None:
            k = paren + 1  # always > k
            continue
        yield k
        k += 1


def closing_parenthetical(doc: Doc, k: int, last: int) -> bool:
    """Token ``k`` opens a bracketed reference that closes the sentence after the right
    conjunct and belongs to the whole sentence ("... and to 0.01 for the decoder (following
    Kim et al., 2020).", "(Table 3)"): it holds two words or more, opens with no number and
    holds one; the left conjunct has no brackets of its own (a parallel
    "(2011)" ... "(2018)" is the conjunct's)."""
    if doc[k].text != "(" or any(t.text == "(" for t in doc[:k]):
        return False
    close = next((j for j in range(k + 1, len(doc)) if doc[j].text == ")"), None)
    return (
        close is not None
        and close >= last
        and all(t.is_punct for t in doc[close + 1 :])
        and close - k >= 3
        and doc[k + 1].tag_ != "CD"
        and not any(doc[j].text == "(" for j in range(k + 1, close))
        # a reference with its number (a year, a table), not a remark on the last item ("(on
        # loan)", "(the French 'glaces' being ...)")
        and any(t.like_num for t in doc[k + 1 : close])
    )


def right_end(doc: Doc, start: int, last: int) -> int:
    """Last token of the right conjunct that starts at ``start``."""
    for k in outside_parentheticals(doc, start, last):
        tok = doc[k]
        if tok.text in CLAUSE_PUNCT or (k > start and _subordinates(doc, k, last)):
            return k - 1
        if k > start and sentence_break(doc, k, last):
            return k - 1
        if k > start and closing_parenthetical(doc, k, last):
            return k - 1
        if tok.lower_ in {"as", "with"} and k > start and _clause_follows(doc, k + 1, last):
            return k - 1  # "... 54 from 98 as Sri Lanka toiled"
        if (
            tok.lower_ in CONJUNCTIONS
            and k > start
            and k + 1 <= last
            and (
                doc[k + 1].tag_ in FINITE_TAGS
                or (k + 2 <= last and doc[k + 1].tag_ == "RB" and doc[k + 2].tag_ in FINITE_TAGS)
            )
        ):
            return k - 1  # a verb phrase of the shared subject follows: "... and has extended"
        if tok.text == "," and k + 1 <= last:
            nxt = doc[k + 1]
            if nxt.tag_ == "CC" or nxt.lower_ in SUBORDINATORS or nxt.tag_ in {"WDT", "WP", "WRB"}:
                return k - 1
            # ", analysts said" / ", the shares fell": a new clause with its own verb
            for j in range(k + 1, min(k + 9, last + 1)):
                if doc[j].text in {",", ";"} or doc[j].tag_ in {"CC"}:
                    break
                if _is_verb(doc, j):
                    if doc[j].tag_ in FINITE_TAGS or doc[j].tag_ in {"VBG", "VBN"}:
                        return k - 1
                    break
    return last


#: Subordinators that are also prepositions ("since June") or degree words ("so well").
PREPOSITION_SUBORDINATORS = {"after", "before", "since", "until", "once"}


def _subordinates(doc: Doc, k: int, last: int) -> bool:
    """Token ``k`` opens a subordinate clause: a subordinator, but a word that is also a
    preposition only before a clause ("and Bo the fence [since June]" is a remnant, "since
    prices rose" a clause) and "so" not before an adjective or adverb ("and others not [so
    well]")."""
    tok = doc[k]
    low = tok.lower_
    if low not in SUBORDINATORS or tok.tag_ in {"NNP", "NNPS"}:
        return False  # a word of a title: "The Man Who Sold the Moon" (the resolver's tags)
    if low == "so":
        return not (k + 1 <= last and doc[k + 1].tag_ in {"JJ", "JJR", "RB", "RBR"})
    if low in PREPOSITION_SUBORDINATORS:
        return _clause_follows(doc, k + 1, last)
    return True


def sentence_break(doc: Doc, k: int, last: int) -> bool:
    """Token ``k`` is "..." (or "…") before a capitalised word that starts a clause of its
    own (a finite verb follows): the next sentence of run-on text ("... staff... And the
    food is great")."""
    if doc[k].text not in {"...", "…", ".."} or k + 1 > last:
        return False
    if not doc[k + 1].text[:1].isupper():
        return False
    return any(_is_verb(doc, j) and doc[j].tag_ in FINITE_TAGS for j in range(k + 1, last + 1))


def _clause_follows(doc: Doc, k: int, last: int) -> bool:
    """A finite verb within a few tokens after ``k``, before any comma."""
    for j in range(k, min(k + 6, last + 1)):
        if doc[j].text in {",", ";"}:
            return False
        if _is_verb(doc, j) and doc[j].tag_ in FINITE_TAGS:
            return True
    return False


OPENERS = SUBORDINATORS | {"that", "with"}


def open_bracket(doc: Doc, cc: int) -> int | None:
    """The index of the last "(" or "[" before ``cc`` that is still open at ``cc`` (the
    conjunction sits inside the bracket), else None."""
    depth = 0  # brackets closed between ``k`` and ``cc``
    for k in range(cc - 1, -1, -1):
        text = doc[k].text
        if text in {"(", "["}:
            if depth == 0:
                return k
            depth -= 1
        elif text in {")", "]"}:
            depth += 1
    return None


def title_colon(doc: Doc, k: int) -> bool:
    """Token ``k`` is the colon of a title that opens the sentence with a number ("[1634:] The
    Ram Rebellion was published ..."): written right after the number, before a capitalised
    word. It separates no clauses."""
    return (
        k == 1
        and doc[k].text == ":"
        and doc[0].tag_ == "CD"
        and not doc[0].whitespace_
        and len(doc) > 2
        and doc[2].text[:1].isupper()
    )


def _left_start(doc: Doc, cc: int) -> int:
    """First token of the clause that ends before the conjunction.

    The clause starts after ``;``/``:``/a dash, or after the nearest subordinator, relative
    word or absolute "with" ("..., with management getting 10% control and British Air 15%")
    that has a verb between it and the conjunction.
    """
    verb_seen = False
    top = cc - 1
    while top > 0 and doc[top].text in CLAUSE_PUNCT:
        top -= 1  # "... off the value of their companies -- and millions off ..."
    for k in range(top, -1, -1):
        tok = doc[k]
        if tok.text in CLAUSE_PUNCT and not title_colon(doc, k):
            return k + 1
        if _is_verb(doc, k):
            verb_seen = True
        if verb_seen and k > 0 and (tok.lower_ in OPENERS or tok.tag_ in {"WDT", "WP", "WRB"}):
            if tok.lower_ == "that" and tok.tag_ == "DT":
                continue
            return k + 1
    return 0


def _last_content(doc: Doc) -> int:
    last = len(doc) - 1
    while last >= 0 and doc[last].is_punct and doc[last].text in CLOSERS:
        last -= 1
    return last


def _verb_chain(doc: Doc, lo: int, hi: int) -> list[int]:
    """The last finite verb group of ``[lo, hi]`` (else its first verb) and the verbs
    chained after it ("seems to want to start to learn")."""
    verbs = [i for i in range(lo, hi + 1) if _is_verb(doc, i)]
    if not verbs:
        return []
    finite = [i for i in verbs if doc[i].tag_ in FINITE_TAGS]
    head = verbs[0]
    if finite:
        head = finite[-1]
        while head - 1 >= lo and (
            doc[head - 1].tag_ in FINITE_TAGS or doc[head - 1].lower_ in {"not", "n't"}
        ):
            head -= 1  # "would have", "did not"
        head = next(i for i in verbs if i >= head)
    chain = [head]
    k = head + 1
    while k <= hi:
        tok = doc[k]
        if _is_verb(doc, k) or tok.tag_ in {"TO", "RB", "RP"} or tok.dep_ in {"neg", "prt"}:
            if _is_verb(doc, k):
                chain.append(k)
            k += 1
            continue
        break
    return chain


#: Last words of two-word names of regions ("Rhode Island", "Kent County").
REGION_HEADS = frozenset({
    "island", "islands", "county", "province", "state", "region", "republic", "territory",
    "district", "department", "prefecture", "oblast", "canton", "shire",
})  # fmt: skip


def _merge_appositions(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
    """``NP , NP ,`` inside a remnant group is one noun phrase with its apposition."""
    out: list[Phrase] = []
    for ph in phrases:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.category == "NP"
            and ph.category == "NP"
            and ph.start == prev.end + 2
            and doc[prev.end + 1].text == ","
            and ph.end + 1 < len(doc)
            and doc[ph.end + 1].text == ","
        ):
            out[-1] = Phrase(prev.start, ph.end, "NP")
            continue
        if (
            prev is not None
            and prev.category in {"NP", "PP"}
            and ph.category == "NP"
            and ph.start == prev.end + 2
            and doc[prev.end + 1].text == ","
            and doc[prev.end].tag_ in {"NNP", "NNPS"}  # (a town the tagger calls plural)
            # not after a noun phrase with its apposition ("her deputy, Rui Mota, | Porto")
            and not any(doc[i].text == "," for i in range(prev.start, prev.end + 1))
            and len(ph) <= 2
            and all(doc[i].tag_ == "NNP" for i in range(ph.start, ph.end + 1))
            and (ph.end + 1 >= len(doc) or doc[ph.end + 1].tag_ != "NNP")
            # a region of two words opens with a word of place names ("New Jersey") or
            # ends with a kind of region ("Rhode Island"); not a person ("of France,
            # Emmanuel Macron")
            and (
                len(ph) == 1
                or doc[ph.start].lower_ in NAME_PREFIXES
                or doc[ph.end].lower_ in REGION_HEADS
            )
        ):
            # a place and its region: "in Northampton, Massachusetts"
            out[-1] = Phrase(prev.start, ph.end, prev.category, prev.prep)
            continue
        out.append(ph)
    return out


def _first_name(word: str) -> bool:
    """``word`` is a first name of ``first-names.txt`` (:func:`vpe.name_gender`'s list)."""
    from lingeval.conjuncts.resolvers.vpe import name_gender

    return name_gender(word) is not None


def person_end(doc: Doc, i: int, last: int) -> int | None:
    """The last token of a person's name that starts at ``i`` with a first name of
    ``first-names.txt``: the first name, any initials ("A.", "M."), and one surname, all
    capitalised words the tagger calls names; else None."""
    tok = doc[i]
    if tok.tag_ != "NNP" or not _first_name(tok.lower_):
        return None
    j = i + 1
    while (
        j <= last and len(doc[j].text) == 2 and doc[j].text[0].isupper() and doc[j].text[1] == "."
    ):
        j += 1
    if j > last:
        return None
    sur = doc[j]
    if sur.tag_ != "NNP" or not sur.text[:1].isupper() or not sur.text.isalpha():
        return None
    if sur.lower_ in NAME_PREFIXES:
        return None
    return j


def _name_run_start(doc: Doc, end: int, lo: int) -> int:
    """The first token of the run of names (tagged NNP/NNPS or initials) that ends at ``end``."""
    k = end
    while k - 1 >= lo and doc[k - 1].tag_ in {"NNP", "NNPS"}:
        k -= 1
    return k


def split_person_names(doc: Doc, phrases: list[Phrase], lo: int, cc: int) -> list[Phrase]:
    """Names side by side in the remnants of a first clause with a person's name: a person's
    name that opens the first remnant group before another name is a remnant of its own when
    the first clause opens with a name and ends with no person ("Ann Lee played for Hull
    and Tom Ross | Leeds United"); one that closes the last remnant after another name is one
    when the first clause ends with a person ("... was designed by Ann Lee and of the Moss
    Hall | Tom Ross"). A person's name is a first name of ``first-names.txt``, initials and
    one surname (:func:`person_end`)."""
    if not phrases or cc - 1 < lo:
        return phrases
    left_first = next((i for i in range(lo, cc) if doc[i].tag_ in {"NNP", "NNPS"}), None)
    # a subject that is a name of two words or more, before the verb
    subject_name = (
        left_first is not None
        and left_first + 1 < cc
        and doc[left_first + 1].tag_ in {"NNP", "NNPS"}
        and not any(_is_verb(doc, i) for i in range(lo, left_first))
    )
    end_run = _name_run_start(doc, cc - 1, lo) if doc[cc - 1].tag_ == "NNP" else None
    end_person = end_run is not None and person_end(doc, end_run, cc - 1) == cc - 1
    out = list(phrases)
    first = out[0]
    if subject_name and not end_person and first.category in {"NP", "NUM"} and len(out) == 1:
        pe = person_end(doc, first.start, first.end)
        if (
            pe is not None
            and pe < first.end
            and all(doc[i].tag_ in {"NNP", "NNPS", "CD"} for i in range(pe + 1, first.end + 1))
            and doc[pe + 1].tag_ in {"NNP", "NNPS"}
        ):
            out = [Phrase(first.start, pe, "NP"), Phrase(pe + 1, first.end, "NP")]
    elif end_person and out[-1].category in {"NP", "PP"}:
        last = out[-1]
        for i in range(last.start + 1, last.end):
            if (
                doc[i - 1].tag_ in {"NNP", "NNPS"}
                and not _first_name(doc[i - 1].lower_)
                and person_end(doc, i, last.end) == last.end
            ):
                cat, prep = phrase_category(doc, last.start, i - 1)
                out[-1:] = [Phrase(last.start, i - 1, cat, prep), Phrase(i, last.end, "NP")]
                break
    return out


def split_name_of(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
    """A group of one noun phrase that is a name followed by an *of* phrase ("Ann Kay | of
    the Senate") is two remnants, a new subject and the *of* phrase of an elided noun ("...
    is the leader of Italy and Ann Kay of the Senate"). The caller checks that the first
    clause has an *of* phrase for it to answer; the name is two or more capitalised words,
    and the *of* phrase opens with *the* or another capitalised word."""
    if len(phrases) != 1 or phrases[0].category != "NP":
        return phrases
    ph = phrases[0]
    for k in range(ph.start + 1, ph.end):
        if doc[k].lower_ != "of":
            continue
        name = range(ph.start, k)
        if len(name) < 2:
            return phrases  # one word before "of" starts a title: "Son of Rambow", "Bank of X"
        if not all(doc[i].tag_ in {"NNP", "NNPS"} and doc[i].text[:1].isupper() for i in name):
            return phrases
        nxt = doc[k + 1]
        if nxt.lower_ != "the" and not (nxt.tag_ in {"NNP", "NNPS"} and nxt.text[:1].isupper()):
            return phrases
        return [Phrase(ph.start, k - 1, "NP"), Phrase(k, ph.end, "PP", "of")]
    return phrases


def _possessive_subject(doc: Doc, subj: Phrase | None) -> bool:
    """The subject is a possessor and a common noun: "Denmark's capital", "Balder's
    alternative name" (the noun a possessive remnant leaves out)."""
    if subj is None:
        return False
    pos = [k for k in range(subj.start, subj.end) if doc[k].tag_ == "POS"]
    return (
        bool(pos)
        and all(doc[k].tag_ in {"NN", "NNS", "JJ", "VBN"} for k in range(pos[-1] + 1, subj.end + 1))
        and doc[subj.end].tag_ in {"NN", "NNS"}
    )


def split_possessor(doc: Doc, phrases: list[Phrase], subj: Phrase | None) -> list[Phrase]:
    """A noun phrase group that is a possessor and a name ("Iceland's | Reykjavík") is two
    remnants when the first clause's subject is a possessor and a common noun ("Denmark's
    capital is Copenhagen"): the new possessor (its noun left out) and the name."""
    if not phrases or phrases[0].category != "NP" or not _possessive_subject(doc, subj):
        return phrases
    ph = phrases[0]
    for k in range(ph.start + 1, ph.end):
        if doc[k].tag_ != "POS":
            continue
        rest = range(k + 1, ph.end + 1)
        if not all(doc[i].tag_ in {"NNP", "NNPS"} and doc[i].text[:1].isupper() for i in rest):
            return phrases
        return [Phrase(ph.start, k, "NP"), Phrase(k + 1, ph.end, "NP"), *phrases[1:]]
    return phrases


def _regroup_prepositions(
    doc: Doc, remnants: list[Phrase], complements: list[Phrase]
) -> list[Phrase]:
    """A prepositional remnant after a noun phrase remnant whose preposition opens no
    complement of the first clause, but that holds a later one that does, is cut there: the
    phrase before it modifies the noun phrase ("and the B Monument [in Izmir] | of bronze"
    after "is made of granite")."""
    preps = {c.prep for c in complements if c.category == "PP"}
    out = list(remnants)
    for i in range(1, len(out)):
        r, prev = out[i], out[i - 1]
        if (
            r.category != "PP"
            or prev.category != "NP"
            or r.prep in preps
            or prev.end + 1 != r.start
        ):
            continue
        k = next(
            (
                k
                for k in range(r.start + 2, r.end)
                if doc[k].tag_ == "IN" and doc[k].lower_ in preps and doc[k - 1].tag_ != "IN"
            ),
            None,
        )
        if k is None:
            continue
        out[i - 1] = Phrase(prev.start, k - 1, "NP")
        out[i] = Phrase(k, r.end, "PP", doc[k].lower_)
    return out


def _compatible(a: Phrase, b: Phrase) -> bool:
    if a.category == b.category:
        return True
    return {a.category, b.category} in ({"NP", "NUM"}, {"ADJ", "ADV"}, {"ADJ", "NP"})


#: Nouns that head a phrase of time ("the following year", "two weeks later", "in 2004").
TIME_WORDS = frozenset({
    "year", "month", "week", "day", "decade", "century", "season", "quarter", "hour",
    "minute", "morning", "evening", "night", "afternoon", "spring", "summer", "autumn",
    "winter", "today", "yesterday", "tomorrow", "monday", "tuesday", "wednesday",
    "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april",
    "may", "june", "july", "august", "september", "october", "november", "december",
})  # fmt: skip
#: Adverbs that close a measure of time ("two years later", "a week ago").
TIME_AFTER = frozenset({"later", "earlier", "ago", "afterwards", "afterward", "before"})


def time_phrase(doc: Doc, ph: Phrase) -> bool:
    """A noun phrase or adverbial of time without a preposition: "the following year", "two
    years later", "yesterday" (not a bare number)."""
    if ph.category == "PP":
        return False
    last = doc[ph.end]
    if last.lower_ in TIME_AFTER and ph.end > ph.start:
        return any(doc[i].lemma_.lower() in TIME_WORDS for i in range(ph.start, ph.end))
    return ph.category == "NP" and last.lemma_.lower() in TIME_WORDS


def time_pp(doc: Doc, ph: Phrase) -> bool:
    """A prepositional phrase of time: "in 2004", "on Monday", "in the spring"."""
    if ph.category != "PP" or ph.prep not in {"in", "on", "during", "at"}:
        return False
    last = doc[ph.end]
    year = last.tag_ == "CD" and len(last.text) == 4 and last.text.isdigit()
    return year or last.lemma_.lower() in TIME_WORDS


def _merge_time(doc: Doc, phrases: list[Phrase]) -> list[Phrase]:
    """A measure of time and the adverb closing it are one phrase: "two years | later"."""
    out: list[Phrase] = []
    for ph in phrases:
        prev = out[-1] if out else None
        if (
            prev is not None
            and ph.start == ph.end == prev.end + 1
            and doc[ph.start].lower_ in TIME_AFTER
            and prev.category in {"NP", "NUM"}
            and doc[prev.end].lemma_.lower() in TIME_WORDS
        ):
            out[-1] = Phrase(prev.start, ph.end, "ADV")
            continue
        out.append(ph)
    return out


def _match_in_order(
    remnants: list[Phrase], cands: list[Phrase], doc: Doc | None = None
) -> list[Phrase | None] | None:
    """Parallels for ``remnants`` among ``cands`` in left-to-right order (right-aligned); with
    ``doc``, a phrase of time without a preposition answers one with it ("the following
    year" / "in 1940")."""
    out: list[Phrase | None] = []
    j = len(cands) - 1
    for r in reversed(remnants):
        found = None
        timed = doc is not None and time_phrase(doc, r)
        while j >= 0:
            c = cands[j]
            j -= 1
            if timed and doc is not None and time_pp(doc, c):
                found = c
                break
            if _compatible(r, c):
                found = c
                break
            if c.category == "PP" and r.category in {"NP", "NUM"} and c.end > c.start:
                found = Phrase(c.start + 1, c.end, r.category)  # "at $5" ~ "$7"
                break
            if r.category == "PP" and r.prep == "of" and c.category == "NP" and doc is not None:
                # "of the Senate" ~ the "of" phrase closing "the leader of Italy"
                of = [k for k in range(c.start + 1, c.end) if doc[k].lower_ == "of"]
                if of:
                    found = Phrase(of[-1], c.end, "PP", "of")
                    break
        if found is None:
            return None
        out.insert(0, found)
    return out


def detect_omission(doc: Doc, cc: int) -> Omission | None:
    """An :class:`Omission` when the conjunct after token ``cc`` is verbless and parallel."""
    try:
        return _detect(doc, cc)
    except (IndexError, ValueError, RecursionError):  # pragma: no cover - defensive
        return None


def _detect(doc: Doc, cc: int) -> Omission | None:
    if not 0 < cc < len(doc) - 1 or doc[cc].lower_ not in CONJUNCTIONS:
        return None
    last = _last_content(doc)
    start = cc + 1
    while start <= last and doc[start].is_punct:
        start += 1
    if start > last:
        return None
    end = right_end(doc, start, last)
    # the longest extent that parallels the first clause; material after a shorter one
    # (", via X and Y", ", the sources say") is shared by every conjunct
    inner = _parenthetical_commas(doc, start, end)
    ends = [end, *[k - 1 for k in range(end, start, -1) if doc[k].text == "," and k not in inner]]
    ends = ends[:5]
    tail = _closing_time(doc, start, end)
    left_times = any(
        (doc[i].tag_.startswith("NN") and doc[i].lemma_.lower() in TIME_WORDS)
        or (doc[i].text.isdigit() and len(doc[i].text) == 4)
        for i in range(_left_start(doc, cc), cc)
    )
    if tail is not None and not left_times:
        # the first conjunct has no time of its own
        ends.append(tail - 1)  # "... and B 3% [on Monday]": a closing time phrase may be shared
    for e in ends:
        found = _detect_extent(doc, cc, start, e, last)
        if found is not None:
            return found
    return None


def _closing_time(doc: Doc, start: int, end: int) -> int | None:
    """The first token of a prepositional phrase of time ("on Monday", "in 2019") or of a
    phrase opened by *late/early* ("late Friday") that ends the right conjunct after two
    phrases or more, else None."""
    for k in range(start + 2, end):
        tok = doc[k]
        if (
            tok.tag_ == "IN"
            and time_pp(doc, Phrase(k, end, "PP", tok.lower_))
            and (tok.right_edge.i == end or doc[k + 1].tag_ in {"NNP", "CD"})
        ):
            return k
        if tok.lower_ in {"late", "early"} and all(
            doc[i].tag_ in {"NNP", "NN", "CD"} for i in range(k + 1, end + 1)
        ):
            return k if doc[end].lemma_.lower() in TIME_WORDS else None
    return None


def _closes_subject(doc: Doc, k: int, lo: int) -> bool:
    """The comma at ``k`` before the verb closes an apposition or aside of the verb's subject
    ("The chairman, John Smith[,] resigned"), no coordinated verb phrase."""
    if doc[k].text != ",":
        return False
    tok = doc[k].head
    for _ in range(6):
        if tok.dep_ in {"nsubj", "nsubjpass"} and tok.head.i > k:
            return lo <= tok.left_edge.i and tok.i < k
        if tok.head.i == tok.i:
            return False
        tok = tok.head
    return False


def _nonfinite_remnant(doc: Doc, i: int, start: int) -> bool:
    """A verb inside an infinitival remnant ("and Jennie [to write a play]"), or a noun the
    tagger took for a present-tense verb after a plural remnant ("and others [rice]")."""
    tok = doc[i]
    if tok.tag_ == "VB" and i - 1 > start and doc[i - 1].tag_ == "TO":
        return True
    after_name = (
        tok.tag_ == "VBZ"
        and i > start
        and doc[i - 1].tag_ in {"NNP", "NNPS"}
        and i + 1 < len(doc)
        and (doc[i + 1].tag_ == "CD" or doc[i + 1].text in {"$", "€", "£"})
    )  # "and Hong Kong shares [3%]": a name and a plural noun before a number
    if (
        tok.tag_ in {"VBP", "VBZ"}
        and i > start
        and (doc[i - 1].tag_ in {"NNS", "NNPS", "NN"} or after_name)
    ):
        left = [t for t in doc[:start] if t.tag_ in FINITE_TAGS]
        # a past clause: "rice" is a noun
        if left and all(t.tag_ in {"VBD"} for t in left[-1:]) and has_lemma(tok.lower_, "NOUN"):
            doc.user_data.setdefault("lingeval_nominal", set()).add(i)
            return True
    return False


def _adjective_noun(doc: Doc, i: int, end: int) -> bool:
    """A dictionary noun that is no dictionary adjective, tagged ``JJ`` where no noun (other
    than a number) follows it, is a noun ("and others swordfish": swordfish/JJ; "and its
    archive/JJ 40,000 maps")."""
    tok = doc[i]
    if tok.tag_ != "JJ" or not tok.text.isalpha() or not tok.text.islower():
        return False
    if i < end and doc[i + 1].tag_ in (NOMINAL_TAGS - {"CD"}) | {"JJ", "VBG"}:
        return False  # (a number after it opens a phrase of its own: "its archive | 40,000")
    return has_lemma(tok.lower_, "NOUN") and not has_lemma(tok.lower_, "ADJ")


def _detect_extent(doc: Doc, cc: int, start: int, end: int, last: int) -> Omission | None:
    while end >= start and doc[end].is_punct and doc[end].text not in {"%", ")"}:
        end -= 1
    if end < start:
        return None
    for i in range(start, end + 1):
        if _adjective_noun(doc, i, end):
            doc.user_data.setdefault("lingeval_nominal", set()).add(i)
    evidence = [f"right conjunct: tokens {start}-{end}"]
    verbs_right = [i for i in range(start, end + 1) if _is_verb(doc, i)]
    if any(not _nonfinite_remnant(doc, i, start) for i in verbs_right):
        return None
    evidence.append("no finite verb after the conjunction")
    # stripping markers: "and Kim too", "and Kim as well", "but not Kim"
    marker = ""
    words = [doc[i].lower_ for i in range(start, end + 1)]
    for tail in STRIP_TAIL:
        n = len(tail.split())
        if len(words) > n and " ".join(words[-n:]) == tail:
            marker, end = tail, end - n
            while end >= start and doc[end].is_punct:
                end -= 1
            break
    if not marker and doc[start].lower_ in {"not", "never"} and end > start:
        marker, start = doc[start].lower_, start + 1
    remnants = _merge_time(doc, _merge_appositions(doc, chunk_phrases(doc, start, end)))
    lo0 = _left_start(doc, cc)
    of_left = any(doc[i].lower_ == "of" for i in range(lo0, cc))
    if of_left:
        remnants = split_name_of(doc, remnants)
    remnants = split_person_names(doc, remnants, lo0, cc)
    if not remnants or len(remnants) > 6:
        return None
    if any(r.category == "VP" for r in remnants[:-1]):
        return None  # only a final infinitival remnant
    evidence.append("phrases: " + " | ".join(r.category for r in remnants))
    lo = _left_start(doc, cc)
    hi = cc - 1
    while hi >= lo and doc[hi].is_punct and doc[hi].text not in {"%", ")"}:
        hi -= 1
    # a list of verbless groups separated by semicolons: the first clause is further left
    for _ in range(10):
        if _verb_chain(doc, lo, hi) or lo == 0 or doc[lo - 1].text != ";":
            break
        lo = _left_start(doc, lo - 1)
    # an opening subordinator belongs to neither conjunct: "While X rose 4% and Y 6%, Z fell"
    while lo < hi and (doc[lo].lower_ in SUBORDINATORS or doc[lo].tag_ in {"CC", "UH"}):
        lo += 1
    # inside a list of remnant groups ("Rome has three airports, Milan two, and Naples one"),
    # the first clause is the first group: skip verbless comma groups back to a verb
    chain = _verb_chain(doc, lo, hi)
    if not chain:
        return None
    if len(chain) == 1 and doc[chain[0]].tag_ in {"VBN", "VBG"} and chain[0] == lo:
        subject_region: list[Phrase] = []  # an opening participle: "Valued at $5 by A"
    elif (
        chain[0] > lo
        and doc[chain[0] - 1].tag_ in {"CC", ","}
        and not _closes_subject(doc, chain[0] - 1, lo)
    ):
        # a coordinated verb phrase: its subject is shared, the first verb phrase's ("Ann
        # was born in A and studied at B and Bo at C")
        first_verb = next((i for i in range(lo, chain[0]) if _is_verb(doc, i)), None)
        subject_region = (
            _merge_appositions(doc, chunk_phrases(doc, lo, first_verb - 1))
            if first_verb is not None and first_verb > lo
            else []
        )
    else:
        subject_region = (
            _merge_appositions(doc, chunk_phrases(doc, lo, chain[0] - 1)) if chain[0] > lo else []
        )
    subj = next((p for p in reversed(subject_region) if p.category in {"NP", "NUM"}), None)
    if not marker:
        remnants = split_possessor(doc, remnants, subj)
    comp_end = hi
    # (and semicolons before groups that open with a preposition: "is A; of B, C; and of D,
    # E"; not "recorded 212 cases; Kano, 87; and Abuja, 41", which the rules' list reads)
    seps = {",", ";"} if remnants[0].category == "PP" else {","}
    commas = [k for k in range(chain[-1] + 1, hi + 1) if doc[k].text in seps]
    for k in reversed(commas):  # drop the verbless middle groups of a list
        seg = chunk_phrases(doc, k + 1, hi)
        if of_left:
            seg = split_name_of(doc, seg)
        seg = split_possessor(doc, seg, subj)
        verbless = not any(_is_verb(doc, i) for i in range(k + 1, hi + 1))
        if seg and verbless and [p.category for p in seg] == [r.category for r in remnants]:
            comp_end = k - 1
            evidence.append(f"list group {k + 1}-{hi}")
            hi = k - 1
    complements = chunk_phrases(doc, chain[-1] + 1, comp_end)
    if remnants[-1].category == "VP":
        # "and Jennie to write a play": the infinitive of the chain closest in length
        tos = [k for k in range(chain[0] + 1, comp_end) if doc[k].tag_ == "TO"]
        if not tos:
            return None
        size = len(remnants[-1])
        best = min(tos, key=lambda k: abs((comp_end - k + 1) - size))
        complements = [Phrase(best, comp_end, "VP")]
    evidence.append("verb chain: " + " ".join(doc[i].text for i in chain))
    if marker:
        if len(remnants) != 1 or remnants[0].category not in {"NP", "NUM", "PP"}:
            return None
        if marker in {"not", "never"}:
            cands = [c for c in complements if _compatible(remnants[0], c)]
            par = cands[-1] if cands else subj
        else:
            par = subj if remnants[0].category != "PP" else None
        if par is None:
            return None
        evidence.append(f"stripping marker {marker!r}")
        return Omission(cc, "stripping", remnants, [par], lo, end, chain, marker, evidence)
    weak = False
    if len(remnants) == 1 and _two_names(doc, remnants[0]):
        # "and Bo Latin": two names side by side, one remnant each (a weak cut)
        r = remnants[0]
        remnants = [Phrase(r.start, r.start, "NP"), Phrase(r.start + 1, r.end, "NP")]
        weak = True
        evidence.append("weak cut between two names")
    if len(remnants) < 2:
        return None
    first = remnants[0]
    if weak:
        names = _match_in_order(remnants[1:], complements)
        if subj is None or names is None or len(subj) != 1 or len(names[0] or subj) != 1:
            return None
        return Omission(cc, "gapping", remnants, [subj, *names], lo, end, chain, "", evidence)
    remnants = _regroup_prepositions(doc, remnants, complements)
    first = remnants[0]
    readings: list[tuple[str, list[Phrase | None], str]] = []
    # gapping: the first remnant parallels the subject, the others complements
    if subj is not None and first.category in {"NP", "NUM"}:
        rest = _match_in_order(remnants[1:], complements, doc)
        if rest is not None:
            why = "first remnant parallels the subject, the others complements"
            readings.append(("gapping", [subj, *rest], why))
    # a fronted adjunct: "In 2015 the firm sold 2,000 cars and in 2016 3,500"
    if first.category == "PP" and subject_region and subject_region[0].category == "PP":
        rest = _match_in_order(remnants[1:], (subject_region[1:] + complements), doc)
        if rest is not None:
            why = "first remnant parallels an opening adjunct"
            readings.append(("gapping", [subject_region[0], *rest], why))
    # a prepositional remnant answers the same preposition's phrase inside the subject,
    # which stays ("The architect [of A] was B and of C D")
    if first.category == "PP" and subj is not None and first.prep:
        inner = next(
            (
                k
                for k in range(subj.start + 1, subj.end + 1)
                if doc[k].lower_ == first.prep and doc[k].tag_ == "IN"
            ),
            None,
        )
        rest = _match_in_order(remnants[1:], complements, doc)
        if inner is not None and rest is not None:
            why = "first remnant parallels a phrase of the subject"
            readings.append(("gapping", [Phrase(inner, subj.end, "PP", first.prep), *rest], why))
    cluster = _match_in_order(remnants, complements, doc)
    if cluster is not None:
        why = "every remnant parallels a complement of the verb"
        readings.append(("argument-cluster", list(cluster), why))
    if not readings:
        return None
    pronoun_subject = subj is not None and doc[subj.end].tag_ == "PRP"
    coordinated_subject = any(doc[i].tag_ == "CC" for i in range(lo, chain[0]))
    if ((pronoun_subject and doc[first.end].tag_ != "PRP") or coordinated_subject) and readings[-1][
        0
    ] == "argument-cluster":
        # "He visited Paris in May and Rome in June", "Rain and wind delayed the ferry on
        # Friday and the train on Saturday": the cluster reading first
        readings.insert(0, readings.pop())
    kind, parallels, why = readings[0]
    evidence.append(why)
    out = Omission(cc, kind, remnants, parallels, lo, end, chain, "", evidence)
    out.readings = [r[0] for r in readings]
    return out


def remark(words: Span | Sequence[Token]) -> bool:
    """``words`` (one to four, set off by commas in the caller) are a remark on the whole
    clause, not a phrase of it (paper 000, section 3.2: an aside between or after remnants is
    no remnant): adverbs only ("apparently", "however", "meanwhile"; not the negation), or a
    preposition and words tagged :data:`REMARK_TAGS` ("of course", "for example", "in turn",
    "as usual"; a participle after *as*: "as expected"; a subordinator opens a reduced clause
    instead: "a large, though modest, sum"). The recognition is by part of speech, not by a
    word list."""
    if not 1 <= len(words) <= 4 or any(w.is_punct for w in words):
        return False
    if all(w.tag_ in {"RB", "RBR", "RBS"} and w.lower_ not in {"not", "n't"} for w in words):
        return True
    first, rest = words[0], list(words[1:])
    return (
        first.tag_ == "IN"
        and first.lower_ not in SUBORDINATORS  # a reduced clause: "though modest", "if any"
        and bool(rest)
        and all(w.tag_ in REMARK_TAGS or (w.tag_ == "VBN" and first.lower_ == "as") for w in rest)
    )
