"""The ``rules`` resolver: conjunct resolution over a dependency parse, on CPU, offline.

Paper 000, section 3 (the task: split the sentence around the marked conjunction into
standalone sentences that together say what it says, leave it unchanged when that is not
possible) and section 5 (non-rewritable cases). The parser is spaCy (``--spacy-model``,
default :func:`lingeval.core.parsing.default_pipeline_name`).

Method: *align and substitute*. The text after the marked conjunction (up to a clause
boundary) is cut into one or more remnants; each remnant is aligned with a correlate (a span
of the first conjunct with the same shape: a noun phrase with a noun phrase, a prepositional
phrase with one of the same preposition, a verb phrase with a verb phrase, the subject with a
subject-like remnant). Every rewrite is the first conjunct's clause with the correlates
replaced by the remnants, plus the shared opening and closing context. Parsers misanalyse
gapping (the paper's figure 2), so remnants are found from part-of-speech shapes and scored
alignments, and the parse is used as a hint, never trusted blindly.

Named rules (each rewrite reports the rule that produced it; see ``docs/conjuncts-resolvers.md``):

``gapping``
    "Josh likes wine and Jane water." -> "Josh likes wine." / "Jane likes water."
    The first remnant replaces the subject, the others the final arguments; the verb (and any
    material between the correlates) is copied; the finite verb agrees with the new subject.
``argument-cluster``
    "The firm moved its archive to Leeds in 2010 and its call centre to Glasgow in 2014."
``coordination`` (objects, complements, prepositional phrases, nouns inside a noun phrase)
    "He was asked to repeat the program at X and Y." -> "... at X." / "... at Y."
``shared-subject`` (conjunction reduction)
    "The senator opened the debate and answered questions." -> "The senator answered questions."
``clauses`` (two full clauses; shared opening context is copied)
    "In 1995, prices rose and wages fell." -> "In 1995, prices rose." / "In 1995, wages fell."
``stripping-negation``
    "The hotel offered breakfast but not dinner." -> "The hotel did not offer dinner."
``vp-ellipsis``
    "The bridge survived the flood but the road did not." -> "The road did not survive the flood."
``list``
    three or more conjuncts: "Tea, coffee and juice are served." -> three sentences.

The sentence is left unchanged (rule ``unchanged:<reason>``) for collective and reciprocal
readings ("together", "each other", "respectively", "between X and Y", a coordinated subject
of "meet"/"differ"/...), for a clause that binds the conjuncts ("with the pair combining ...",
"the other way round"), for a conjunction inside a negated stripped remnant ("but not wine or
beer": ``negated-remnant``), when nothing can be aligned, and for degenerate input.
Every input is handled in time linear in its length times a small constant (at most
:data:`MAX_TOKENS` tokens are analysed; longer sentences are returned unchanged).
"""

from __future__ import annotations

import contextlib
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.conjuncts.memo import memo_doc_span
from lingeval.conjuncts.omission import (
    DO_SUPPORT,
    FINITE_TAGS,
    NAME_PREFIXES,
    NOT_ONLY,
    VERB_TAGS,
    Omission,
    Phrase,
    chunk_phrases,
    degree_adjective,
    detect_omission,
    gerund_ends_phrase,
    has_lemma,
    hyphen_part,
    lone_determiner,
    modifier_category,
    nominal_gerund,
    numbered_like_before,
    numbered_name,
    numbered_name_inside,
    numbered_series,
    open_bracket,
    outside_parentheticals,
    phrase_category,
    remark,
    right_end,
    sentence_break,
    time_phrase,
    time_pp,
    title_colon,
)
from lingeval.conjuncts.ranker import (
    RankerModel,
    bare_number,
    contrast_features,
    load_ranker,
    number_start,
    numeral_article,
)
from lingeval.conjuncts.resolvers.base import Resolver

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["MAX_TOKENS", "Resolution", "RulesResolver", "resolve_doc"]

#: Sentences longer than this many tokens are returned unchanged (bounded time).
MAX_TOKENS = 160
ADJ_NOUN_TAGS = frozenset({"JJ", "JJR", "JJS", "NN"})
#: Version of the analysis generation (bumped whenever the generated candidates change, so
#: cached training rows of the ranker are recomputed; ``benchmarks/conjuncts_ranker.py``).
GENERATION_VERSION = "19"

SUBJ_DEPS = {"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"}
ARG_DEPS = {
    "dobj",
    "obj",
    "attr",
    "acomp",
    "oprd",
    "dative",
    "npadvmod",
    "nsubj",
    "pobj",
    "conj",
    "appos",
}
NOMINAL_TAGS = {"NN", "NNS", "NNP", "NNPS", "PRP", "CD", "EX", "WP"}
# tags that may open the noun phrase before an infinitive ("him to lose", "the girl to leave")
SUBJECT_INFINITIVE_TAGS = frozenset(NOMINAL_TAGS | {"DT", "PRP$"})
NP_INNER_TAGS = NOMINAL_TAGS | {
    "DT", "PDT", "PRP$", "JJ", "JJR", "JJS", "POS", "HYPH", "NFP", "$", "RBR", "RBS", "WDT", "AFX",
}  # fmt: skip
WH_TAGS = {"WDT", "WP", "WP$", "WRB"}
#: tags of the object of a short opening phrase without a comma ("on [Tuesday]", "in [the
#: first week]") before a clause of its own ("and on Tuesday it snowed")
OPENER_OBJECT_TAGS = {"DT", "NN", "NNP", "NNS", "CD", "JJ"}
#: conjuncts that only close a list or an approximation, or hedge it in speech ("forty or
#: something", "tired and everything"): no omission, nothing to rewrite
LIST_IDIOMS = {
    ("so",), ("so", "on"), ("so", "forth"), ("the", "like"), ("something",), ("anything",),
    ("whatever",), ("whatnot",), ("stuff",), ("everything",), ("all", "that"), ("what", "not"),
}  # fmt: skip
SUBORDINATORS = {
    "because", "although", "though", "whereas", "unless", "while", "whilst", "since", "if",
    "when", "after", "before", "until", "so", "as", "once",
}  # fmt: skip
SAY_LEMMAS = {"say", "add", "tell", "note", "explain", "claim", "write", "report", "insist"}
COLLECTIVE_WORDS = {"together", "respectively", "jointly", "mutually", "alike", "altogether"}
COLLECTIVE_PHRASES = (
    "each other", "one another", "the other way round", "the other way around", "vice versa",
    "the other way", "the reverse", "the opposite", "in common", "in total", "combined",
)  # fmt: skip
RECIPROCAL_LEMMAS = {
    "meet", "marry", "collide", "differ", "agree", "mix", "merge", "combine", "unite", "date",
    "divorce", "kiss", "hug", "compete", "argue", "negotiate", "tie", "draw", "correspond",
    "coincide", "intersect", "overlap", "share", "cooperate", "collaborate", "reunite", "fight",
    "similar", "different", "alike", "equal", "identical", "compatible", "related", "married",
    "separate", "apart", "friends", "partners", "rivals", "together",
}  # fmt: skip
SPAN_PREPS = {"between", "among", "amongst", "amid"}
CUT_DEPS = {"det", "predet", "poss", "amod", "nummod", "quantmod"}
PLURAL_PRONOUNS = {"we", "they", "you", "these", "those", "both", "many", "several"}
#: The conjunction each correlative opener pairs with.
PRECONJ_PAIR = {"either": "or", "both": "and", "neither": "nor", "whether": "or"}
PRECONJ = frozenset(PRECONJ_PAIR)
FINAL_PUNCT = {".", "!", "?", "…", "...", "?!", "!?"}


@dataclass
class Resolution:
    """What the rules did with one input: the sentences and the rule that produced them."""

    sentences: list[str]
    rule: str
    changed: bool = True
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Span:
    """Inclusive token range ``[start, end]`` of one doc."""

    start: int
    end: int

    def __len__(self) -> int:
        return self.end - self.start + 1


# --------------------------------------------------------------------------------------------
# Span shapes and similarity


@memo_doc_span
def _head_of(doc: Doc, span: Span) -> Token:
    """The token of ``span`` whose head lies outside it (the first such), else the last token."""
    for i in range(span.start, span.end + 1):
        tok = doc[i]
        if tok.head.i == tok.i or not span.start <= tok.head.i <= span.end:
            return tok
    return doc[span.end]


@memo_doc_span
def _np_head(doc: Doc, span: Span) -> Token:
    """Surface head of a nominal span: the last nominal token before any preposition."""
    best = None
    for i in range(span.start, span.end + 1):
        tok = doc[i]
        if tok.tag_ in {"IN", "TO", "WDT", "WP", "WP$"} and i > span.start:
            break  # (a relative clause: "our friends [who arrived late]")
        if (
            tok.tag_ in NOMINAL_TAGS
            or tok.text == "%"
            or tok.i in doc.user_data.get("lingeval_nominal", ())
        ):
            best = tok
    return best if best is not None else doc[span.end]


#: Ordinals that stand for their noun after a determiner ("the second 2-0")
ORDINALS = frozenset({
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "last", "next", "other", "latter", "former", "final",
})  # fmt: skip


def stands_for_noun(tok: Token) -> bool:
    """``tok`` is an adjective or an ordinal: a word that can stand for its elided noun ("the
    second [album]", "also white [wine]"; ordinals also when tagged as nouns, "second/NN")."""
    return tok.tag_ in {"JJ", "JJR", "JJS"} or tok.lower_ in ORDINALS


#: Focus adverbs: they pick out the phrase after them ("and especially in money lending")
FOCUS_ADVERBS = frozenset({
    "especially", "particularly", "mainly", "mostly", "also", "even", "only", "chiefly",
    "specifically", "rather",
})  # fmt: skip
#: Focus particles: a remnant of its own only against another of them
FOCUS_PARTICLES = FOCUS_ADVERBS | {"just", "merely", "simply"}
#: Adverbs of time before a verb that a noun phrase of time may answer ("[once] was signed to
#: A and another time to B")
TIME_ADVERBS = frozenset({
    "once", "twice", "first", "then", "later", "earlier", "previously", "formerly", "initially",
    "originally", "recently", "currently", "now", "again", "sometimes", "often", "usually",
})  # fmt: skip
#: Adverbs of sequence, frequency and continuation that no noun phrase of time answers
SEQUENCE_ADVERBS = frozenset({
    "finally", "firstly", "next", "afterwards", "subsequently", "eventually", "occasionally",
    "frequently", "rarely", "seldom", "always", "still",
})  # fmt: skip
#: Adverbs that may open a remnant and leave it the category of the phrase after them ("and
#: sometimes in a band", "and previously in Nantes": prepositional remnants): focus, time and
#: sequence adverbs, but not the counts *once* and *twice*, which are remnants of their own
#: ("twice in May and once in June")
REMNANT_OPENERS = FOCUS_ADVERBS | SEQUENCE_ADVERBS | (TIME_ADVERBS - {"once", "twice"})


def _comma_adjunct_end(doc: Doc, span: Span) -> int | None:
    """The closing comma of a prepositional adjunct set off by commas that opens a remnant
    right after the conjunction ("and, since 2004, to Surrey"), else None. The adjunct has no
    verb and at most five words, and the remnant goes on after the comma."""
    first = doc[span.start]
    if (
        span.start < 2
        or doc[span.start - 1].text != ","
        or doc[span.start - 2].lower_ not in CONJUNCTIONS
        or first.tag_ != "IN"
    ):
        return None
    for k in range(span.start + 1, min(span.end, span.start + 6)):
        if doc[k].text == ",":
            return k if k > span.start + 1 else None
        if doc[k].pos_ in {"VERB", "AUX"} or doc[k].is_punct:
            return None
    return None


def _opened_phrase(doc: Doc, span: Span) -> Span:
    """``span`` without the adverbs that open it and leave it the category of the phrase
    after them (:func:`_category`: "[later] for the BBC", "[once more] from the stairs"),
    when it opens its conjunct (right after the conjunction or a comma); else ``span``."""
    if span.start == 0 or doc[span.start - 1].tag_ not in {"CC", ","}:
        return span
    return _opened(doc, span)


def _opened(doc: Doc, span: Span) -> Span:
    """:func:`_opened_phrase` wherever ``span`` starts."""
    if _once_more(doc, span) and len(span) > 2:
        return Span(span.start + 2, span.end)
    if (
        doc[span.start].lower_ in REMNANT_OPENERS
        and len(span) > 1
        and doc[span.start + 1].tag_ in {"IN", "DT", "NN", "NNS", "NNP", "CD", "PRP$"}
    ) or _adverb_pair(doc, span):
        return _opened(doc, Span(span.start + 1, span.end))
    return span


@memo_doc_span
def _category(doc: Doc, span: Span) -> str:
    first = doc[span.start]
    comma = _comma_adjunct_end(doc, span)
    if comma is not None:
        return _category(doc, Span(comma + 1, span.end))  # "since 2004, to Surrey"
    if (
        first.lower_ in REMNANT_OPENERS
        and len(span) > 1
        and doc[span.start + 1].tag_ in {"IN", "DT", "NN", "NNS", "NNP", "CD", "PRP$"}
    ):
        return _category(doc, Span(span.start + 1, span.end))  # "especially in money lending"
    if _once_more(doc, span) and len(span) > 2:
        return _category(doc, Span(span.start + 2, span.end))  # "once more from X"
    if _adverb_pair(doc, span):
        return _category(doc, Span(span.start + 1, span.end))  # "more specifically from X"
    if (
        first.tag_ == "RB"
        and len(span) > 2
        and doc[span.start + 1].text == ","
        and doc[span.start + 2].tag_ in {"IN", "DT", "NN", "NNS", "NNP", "CD", "PRP$"}
    ):
        return _category(doc, Span(span.start + 2, span.end))  # "later, to Paris"
    if (
        first.tag_ == "IN"
        and len(span) > 1
        and (
            first.dep_ == "quantmod"
            or (first.lower_ in APPROXIMATORS and doc[span.start + 1].tag_ in {"CD", "PDT", "$"})
        )
    ):
        return _category(doc, Span(span.start + 1, span.end))  # "about half the money"
    if first.tag_ == "IN" or (
        first.tag_ == "TO" and (len(span) > 1 and doc[span.start + 1].tag_ != "VB")
    ):
        return "PP"
    if degree_adjective(doc, span.start, span.end):
        return "ADJ"  # "more dim" (dim/NN)
    nominal = doc.user_data.get("lingeval_nominal", ())
    if (first.tag_ in VERB_TAGS and first.i not in nominal) or (
        first.tag_ == "TO" and len(span) > 1
    ):
        return "VP"
    if (
        first.tag_ in {"RB", "RBR", "RBS"}
        and len(span) > 1
        and doc[span.start + 1].tag_ in VERB_TAGS
    ):
        return "VP"
    if len(span) == 1 and _demonym(first):
        return "NP"  # "Japanese" as a remnant: a people, not a property
    if (
        len(span) == 1
        and first.tag_ == "RB"
        and first.dep_ in {"oprd", "acomp"}
        and has_lemma(first.lower_, "ADJ")
    ):
        return "ADJ"  # a predicative adjective the tagger calls an adverb: "sold fresh/RB"
    modifier = modifier_category(doc, span.start, span.end)
    if modifier is not None:
        return modifier
    head = _np_head(doc, span)
    if (
        head.lower_ in {"one", "ones"}
        and head.i > span.start
        and doc[head.i - 1].tag_ in {"JJ", "JJR", "JJS"}
    ):
        return "NP"  # a pronoun after an adjective, no number: "the present one"
    if (
        head.lower_ in {"one", "ones"}
        and head.i > span.start
        and doc[span.start].tag_ in {"DT", "PRP$"}
        and doc[span.start].lower_ not in {"a", "an"}
        and head.i + 1 < len(doc)
        and doc[head.i + 1].tag_ not in {"CD", "NN", "NNS"}
    ):
        return "NP"  # a pronoun after a determiner: "the 2020 one", "this one", "his old ones"
    if (
        head.tag_ == "CD"
        and head.i == span.end
        and head.i >= span.start + 2
        and first.lower_ == "the"
        and all(doc[i].tag_ in {"NNP", "NNPS"} for i in range(span.start + 1, head.i))
    ):
        return "NP"  # a numbered name: "the Alfa Romeo 164", "the Boeing 747"
    if head.tag_ == "CD" or head.text == "%":
        return "NUM"
    if (
        head.lower_ == "dozen"
        and head.i == span.end
        and head.i > span.start
        and (doc[head.i - 1].tag_ == "CD" or numeral_article(doc, head.i - 1))
    ):
        return "NUM"  # "a dozen", "two dozen": a number word the tagger calls a noun
    return "NP"


#: Heads of noun phrases that name a share of a whole, contrasted with numbers.
SHARE_NOUNS = {"rest", "remainder", "balance", "majority", "minority", "bulk", "half"}
#: ... and the words that answer "one (of ...)" ("One of the brothers ... and the other ...")
OTHER_WORDS = {"other", "others", "another"}

#: Prepositions that modify a quantity ("about half", "over $5"), not heads of a phrase.
APPROXIMATORS = {"about", "around", "over", "under", "nearly", "almost", "approximately"}

#: Heads of noun phrases used as adverbials of time ("next year", "last week").
TIME_NOUNS = {
    "year", "month", "week", "day", "time", "morning", "evening", "night", "afternoon",
    "quarter", "season", "decade", "century", "today", "tomorrow", "yesterday", "weekend",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan.", "feb.", "mar.", "apr.", "jun.", "jul.",
    "aug.", "sep.", "sept.", "oct.", "nov.", "dec.",
}  # fmt: skip


def _demonym(tok: Token) -> bool:
    """A capitalised adjective used as a noun before a quantity ("and Japanese 0.3%")."""
    doc = tok.doc
    quantity_next = tok.i + 1 < len(doc) and doc[tok.i + 1].tag_ == "CD"  # "Japanese 0.3%"
    return (
        tok.tag_ == "JJ"
        and tok.text[:1].isupper()
        and tok.i > 0
        and not tok.is_sent_start
        and quantity_next
    )


def _head_class(tok: Token) -> str:
    doc = tok.doc
    if _demonym(tok) and (tok.i + 1 >= len(doc) or not doc[tok.i + 1].tag_.startswith("NN")):
        return "NOUN"
    if tok.i in doc.user_data.get("lingeval_nominal", ()):
        return "NOUN"
    if tok.tag_ in {"JJ", "JJR", "JJS"} and tok.i > 0 and doc[tok.i - 1].tag_ in {"DT", "PRP$"}:
        return "NOUN"  # a noun phrase without its noun: "the younger", "the second"
    if tok.tag_ in {"NNP", "NNPS"}:
        return "PROPN"
    if tok.tag_ in {"PRP", "EX", "WP"}:
        return "PRON"
    if tok.tag_ == "CD" or tok.text == "%":
        return "NUM"
    if tok.tag_.startswith("NN"):
        return "NOUN"
    if tok.tag_.startswith("JJ"):
        return "ADJ"
    if tok.tag_ in VERB_TAGS:
        return "VERB"
    return "OTHER"


def _det_class(doc: Doc, span: Span) -> str:
    first = doc[span.start]
    if first.tag_ == "IN" and len(span) > 1:
        first = doc[span.start + 1]
    low = first.lower_
    if low in {"a", "an", "some", "any", "another"} or first.tag_ == "CD":
        return "indef"
    if low in {"the", "this", "that", "these", "those"} or first.tag_ in {"PRP$", "POS"}:
        return "def"
    return "none"


def _time_np(doc: Doc, span: Span) -> bool:
    """A noun phrase of time: "next year", "Feb. 1, 1990" (a date headed by its number)."""
    return _np_head(doc, span).lemma_.lower() in TIME_NOUNS or (
        doc[span.start].lower_ in TIME_NOUNS and doc[span.start].tag_ == "NNP"
    )


def _opening_time(doc: Doc, span: Span) -> bool:
    """A noun phrase of time, or a prepositional phrase whose object is one ("last year",
    "in 2019"): what a noun phrase of time opening a gapped conjunct answers."""
    cat = _category(doc, span)
    if cat == "PP" and span.end > span.start:
        span = Span(span.start + 1, span.end)
        cat = _category(doc, span)
    return cat in {"NP", "NUM"} and (_time_np(doc, span) or _head_of(doc, span).tag_ == "CD")


def _time_for_adverb(doc: Doc, a: Span, b: Span) -> bool:
    """One of ``a`` and ``b`` is a noun phrase of time, the other a one-word adverb of time
    ("another time" / "once", "this year" / "previously" or "earlier", a comparative tagged
    RBR): a remnant-correlate pair of paper 000, section 3.2 (the remnant replaces the adverb
    in its rewrite); the noun phrase is no object of a preposition."""
    adv, np = (a, b) if len(a) == 1 and doc[a.start].tag_ in {"RB", "RBR"} else (b, a)
    return (
        len(adv) == 1
        and doc[adv.start].lower_ in TIME_ADVERBS
        and _time_np(doc, np)
        # an adverb answers a whole prepositional phrase, not its object ("in [May]" / "later")
        and _head_of(doc, np).dep_ != "pobj"
    )


def _clause_pair(doc: Doc, a: Span, b: Span) -> bool:
    """One span is an infinitival clause of purpose, the other an adverbial clause opened by
    a subordinator ("[to save weight]" / "[if you travel with kids]")."""
    inf, sub = (a, b) if doc[a.start].tag_ == "TO" else (b, a)
    return (
        doc[inf.start].tag_ == "TO"
        and inf.end > inf.start
        and _purpose_infinitive(doc[inf.start + 1])
        and (doc[sub.start].dep_ == "mark" or _subordinator(doc[sub.start]))
        and doc[sub.start].head.dep_ == "advcl"
        and doc[sub.start].head.i <= sub.end
    )


def _similarity(doc: Doc, a: Span, b: Span) -> float:
    """Shape similarity of two spans in [0, 1]: category, head class, determiner, length."""
    ca, cb = _category(doc, a), _category(doc, b)
    if ca == cb:
        score = 0.5
    elif _clause_pair(doc, a, b):
        score = 0.5  # adverbial clauses: "to save weight" / "if you travel with kids"
    elif {ca, cb} == {"NP", "NUM"}:
        # a share of a whole answers a number: "of which 300 ..., and the rest ..."
        np_head = _np_head(doc, a if ca == "NP" else b)
        num = a if ca == "NUM" else b
        share = np_head.lemma_.lower() in SHARE_NOUNS or (
            np_head.lower_ in OTHER_WORDS and doc[num.start].lower_ == "one"
        )
        score = 0.6 if share else 0.35
    elif {ca, cb} == {"ADV", "PP"} or (
        {ca, cb} in ({"NP", "PP"}, {"NUM", "PP"}) and _time_np(doc, a if ca != "PP" else b)
    ):
        score = 0.35  # adverbials: "abroad" / "in Spain", "next year" / "in 1989"
    elif {ca, cb} == {"NP", "ADV"} and _time_for_adverb(doc, a, b):
        score = 0.45  # "another time" / "once"
    elif {ca, cb} <= {"ADJ", "ADV"} or {ca, cb} in ({"ADJ", "NP"}, {"ADJ", "PP"}):
        score = 0.25
    else:
        return 0.0
    if ca == "PP" and cb == "PP":
        # (the preposition after an opening adverb: "and later [for] the BBC")
        pa, pb = _opened_phrase(doc, a), _opened_phrase(doc, b)
        score += 0.2 if doc[pa.start].lower_ == doc[pb.start].lower_ else 0.0
        ha = _np_head(doc, Span(min(pa.start + 1, pa.end), pa.end))
        hb = _np_head(doc, Span(min(pb.start + 1, pb.end), pb.end))
    elif ca == "VP" and cb == "VP":
        score += 0.2 if doc[a.start].tag_ == doc[b.start].tag_ else 0.05
        ha, hb = doc[a.start], doc[b.start]
    else:
        ha, hb = _np_head(doc, a), _np_head(doc, b)
        score += 0.05 if doc[a.start].tag_ == doc[b.start].tag_ else 0.0
    # a bare name answers a classifier phrase as a name ("Lorne" / "the city of Brantford")
    na = _named(doc, ha, a) if _bare_name(doc, b) else ha
    nb = _named(doc, hb, b) if _bare_name(doc, a) else hb
    score += 0.15 if _head_class(na) == _head_class(nb) else 0.0
    score += 0.05 if ha.lemma_.lower() == hb.lemma_.lower() else 0.0
    score += 0.05 if _det_class(doc, a) == _det_class(doc, b) else 0.0
    la, lb = len(a), len(b)
    score += 0.1 * min(la, lb) / max(la, lb)
    return score


#: Nouns of a kind of place that a name after "of" names ("the city of Brantford")
PLACE_CLASSIFIERS = frozenset({
    "city", "town", "village", "hamlet", "island", "state", "province", "county", "region",
    "district", "municipality", "borough", "parish", "kingdom", "republic", "port", "commune",
    "canton", "prefecture", "territory", "principality", "duchy", "suburb", "settlement",
    "neighbourhood", "neighborhood", "emirate", "isle",
})  # fmt: skip


def _bare_name(doc: Doc, span: Span) -> bool:
    """``span`` is a proper name, after a preposition or not ("in Lorne", "Tolmy")."""
    first = span.start + int(doc[span.start].tag_ in {"IN", "TO"} and span.end > span.start)
    return all(doc[i].tag_ in {"NNP", "NNPS"} for i in range(first, span.end + 1))


def _named(doc: Doc, head: Token, span: Span) -> Token:
    """The name that a classifier noun phrase ending ``span`` names ("the city of
    [Brantford]", "the town of [Rensby]": "the", a noun of :data:`PLACE_CLASSIFIERS`, its
    "of" and a proper name closing the span), else ``head``. The phrase is a name as much as
    the bare name is ("the mother of Tom", "the summit of Everest" are no such phrases)."""
    k = head.i
    first = span.start + int(doc[span.start].tag_ in {"IN", "TO"})
    if (
        doc[first].lower_ == "the"
        and head.tag_ == "NN"
        and head.lower_ in PLACE_CLASSIFIERS
        and k + 2 <= span.end
        and doc[k + 1].lower_ == "of"
        and doc[k + 1].head.i == k
        and all(doc[i].tag_ in {"NNP", "NNPS"} for i in range(k + 2, span.end + 1))
    ):
        return doc[span.end]
    return head


# --------------------------------------------------------------------------------------------
# Text assembly


def _tokens_text(doc: Doc, indices: Sequence[int], replace: dict[int, str] | None = None) -> str:
    """Join tokens keeping the input's spacing inside runs and one space across jumps."""
    out: list[str] = []
    prev = -2
    for n, i in enumerate(indices):
        tok = doc[i]
        text = replace.get(i, tok.text) if replace else tok.text
        if n > 0:
            gap = "" if i == prev + 1 and not doc[prev].whitespace_ else " "
            if gap == "" and tok.text[:1] in {"'", "’"} and text[:1].isalpha():
                gap = " "  # a contraction written out: "There's" -> "There are"
            if i != prev + 1:
                opening = doc[prev].text in {'"', "“", "(", "["} and not doc[prev].whitespace_
                # a closing quote written against the word before it stays against one
                closing = tok.text in {'"', "”", "’"} and i > 0 and not doc[i - 1].whitespace_
                gap = (
                    ""
                    if (
                        tok.is_punct
                        and tok.text in {",", ".", ";", ":", ")", "%", "'s", "...", "…", "?", "!"}
                    )
                    # a contracted verb, also against a new subject ("they're", "I've")
                    or text in ATTACHED_CONTRACTIONS
                    or opening
                    or closing
                    else " "
                )
            out.append(gap)
        out.append(text)
        prev = i
    return "".join(out)


def _lower_first(tok: Token) -> str | None:
    """The sentence's first word lower-cased for a place inside the sentence ("Then mix
    ..."), or None when it keeps its capital: a proper noun, "I", a word in capitals."""
    if tok.tag_ in {"NNP", "NNPS"} or tok.text == "I" or tok.text.isupper():
        return None
    return tok.text[:1].lower() + tok.text[1:]


def _finish(text: str, final: str) -> str:
    text = text.strip()
    text = re.sub(r"[\s,;:\-–—]+$", "", text)
    text = re.sub(r"\s+", " ", text)
    if not text:
        return text
    # (after an opening quotation mark or bracket: "'my sister did" -> "'My sister did")
    lead = len(text) - len(text.lstrip("\"'“‘(["))
    if lead < len(text):
        text = text[:lead] + text[lead].upper() + text[lead + 1 :]
    if text[-1] not in ".!?":
        text += final
    if text.count('"') % 2 or text.count("“") > text.count("”"):
        text += "”" if "“" in text else '"'  # close a quotation the split left open
    if text.count("(") > text.count(")"):
        text = text[:-1] + ")" + text[-1]
    return text


# --------------------------------------------------------------------------------------------
# Agreement (lemminflect)


#: Quantifiers that open a partitive "Q of NP" and fix its number: "each of the boys has",
#: "both of them have"; the others ("all, most, some, half, none, any") take the number of the
#: noun phrase after "of" ("most of the teachers have", "most of the cake was")
PARTITIVE_NUMBER = {
    "each": False, "either": False, "neither": False, "one": False, "every": False,
    "both": True, "many": True, "several": True, "few": True, "two": True, "three": True,
}  # fmt: skip
PARTITIVE_OF_NUMBER = {"all", "most", "some", "half", "none", "any", "much", "more", "lots"}


def _is_plural(doc: Doc, span: Span) -> bool | None:
    """Grammatical number of a subject-like span; None when unknown (keep the verb)."""
    if any(
        doc[i].lower_ in {"and", "&"} and not _inner_and(doc, span, i)
        for i in range(span.start, span.end + 1)
    ):
        return True
    first = doc[span.start]
    if span.end > span.start and doc[span.start + 1].lower_ == "of" and span.end > span.start + 1:
        # a partitive: "each of their cousins", "both of them", "most of the staff"
        if first.lower_ in PARTITIVE_NUMBER and first.tag_ in {"DT", "CD", "JJ", "NN", "PDT"}:
            return PARTITIVE_NUMBER[first.lower_]
        if first.lower_ in PARTITIVE_OF_NUMBER:
            return _is_plural(doc, Span(span.start + 2, span.end))
    head = _np_head(doc, span)
    if head.lower_ in {"them", "us"}:
        return True
    if head.i in doc.user_data.get("lingeval_nominal", ()) and head.tag_ in VERB_TAGS:
        return head.tag_ == "VBZ"  # a verb form read as a noun: "matter" one, "rises" many
    if head.lower_ in PLURAL_PRONOUNS:
        return True
    if head.lower_ in {"he", "she", "it", "this", "that", "everyone", "everybody", "nobody", "one"}:
        return False
    if head.tag_ == "NNPS" and not head.lower_.endswith("s"):
        return None  # a name the tagger calls plural without a plural ending ("Dalny")
    if (
        head.tag_ == "NNS"
        and not head.lower_.endswith("s")
        and head.lemma_.lower() == head.lower_
        and not has_lemma(head.lower_, "NOUN")
    ):
        return None  # a word no dictionary knows, called plural without a plural ending
    if (
        head.tag_ == "NNPS"
        and head.text[:1].isupper()
        and first.lower_ != "the"
        and not has_lemma(head.lower_[:-1], "NOUN")
        and not has_lemma(head.lemma_.lower(), "NOUN")
    ):
        # a bare name whose "s" makes no plural of a noun ("Aurakles", "Athens"; not "the
        # Orkneys", "the Alps")
        return None
    if head.tag_ in {"NNS", "NNPS"}:
        return True
    if head.tag_ in {"NN", "NNP"} and head.text != "%":
        return False
    if (
        head.tag_ == "JJ"
        and not head.lower_.endswith("s")
        and has_lemma(head.lower_, "NOUN")
        and not has_lemma(head.lower_, "ADJ")
    ):
        return False  # a dictionary noun the tagger calls an adjective: "the garnish/JJ is"
    if head.tag_ == "CD" and head.i == span.end:
        before = doc[head.i - 1]
        if head.i > span.start and (
            before.tag_ in {"NNP", "NNPS", "NN"}
            or before.i in doc.user_data.get("lingeval_nominal", ())
        ):
            # a numbered name or thing: "Vela 2 was", "Apollo 11 was", "runway 14/32 has"
            return False
        return head.lower_ not in {"one", "1"}  # a bare number subject: "1 was", "4 were"
    return None


def _inner_and(doc: Doc, span: Span, k: int) -> bool:
    """The conjunction ``k`` of the subject-like ``span`` joins words inside one of its
    phrases, not two subjects: inside a prepositional phrase, without an article or
    possessive after it ("The School [of Business and Social Sciences] at Aarhus University
    was", "the price [of gold and silver] is"; not "the mayor of X and the governor of Y"), or
    inside a name opened by an article that runs on to its head ("The Asher and Mary Lee
    House has", "the Bill and Melinda Gates Foundation")."""
    if k == span.start or k == span.end:
        return False
    nxt = doc[k + 1]
    if nxt.tag_ in {"DT", "PRP$", "PRP", "CD"} or nxt.lower_ in {"his", "her", "its", "their"}:
        return False
    if any(doc[i].tag_ == "IN" for i in range(span.start + 1, k)):
        # not when a person follows ("the King of Spain and Queen Sofia") or the parse joins
        # the words after the conjunction to the subject's own head ("the Duke of York and
        # Prince Harry")
        from lingeval.conjuncts.ranker import PERSON_NOUNS

        head = next((doc[i] for i in range(span.start, span.end + 1)
                     if not span.start <= doc[i].head.i <= span.end), None)  # fmt: skip
        conj = next((doc[i] for i in range(k + 1, span.end + 1) if doc[i].dep_ == "conj"), None)
        return nxt.lower_ not in PERSON_NOUNS and not (
            head is not None and conj is not None and conj.head.i == head.i
        )
    return (
        doc[span.start].tag_ == "DT"
        and all(doc[i].tag_ in {"NNP", "NNPS"} for i in range(span.start + 1, k))
        and k > span.start + 1
        and all(doc[i].tag_ == "NNP" for i in range(k + 1, span.end + 1))
        # a head the dictionary knows as a noun ("House", "Foundation"; not "the UK and New
        # Zealand", two names)
        and has_lemma(doc[span.end].lower_, "NOUN")
    )


def _inflect(tok: Token, plural: bool) -> str | None:
    """The form of finite ``tok`` agreeing with a third-person subject of the given number."""
    from lingeval.conjuncts.memo import get_inflection

    low = tok.lower_
    lemma = tok.lemma_.lower()
    if tok.tag_ == "MD" or low == "be":
        return None  # a modal; a subjunctive "be" ("instructed that there be no awards")
    if not low.replace("'", "").replace("’", "").isalpha():
        return None  # no verb form: an address the tagger calls one ("x@y.edu/VBZ")
    if tok.tag_ in {"VBZ", "VBP"} and lemma != "be" and low not in get_inflection(lemma, tok.tag_):
        # the tagger's lemma does not give the form back ("hates" lemmatised "hat", which
        # gave "hats"): the dictionary's lemma of the form
        from lemminflect import getLemma

        found = getLemma(low, upos="VERB")
        lemma = found[0] if found else lemma
    if lemma == low and tok.tag_ in {"VBZ", "VBD"}:
        # a tree without lemmas (gold trees whose lemma column is empty): "likes" -> "like"
        from lemminflect import getLemma

        found = getLemma(low, upos="AUX" if low in {"is", "was", "has", "does"} else "VERB")
        lemma = found[0] if found else lemma
    if lemma == "be" and tok.tag_ == "VBD":
        new = "were" if plural else "was"
    elif tok.tag_ in {"VBZ", "VBP"}:
        forms = get_inflection(lemma, tag="VBP" if plural else "VBZ")
        if not forms:
            return None
        new = forms[-1] if (lemma == "be" and plural) else forms[0]
    else:
        return None
    if new == low:
        return None
    return new[0].upper() + new[1:] if tok.text[:1].isupper() else new


#: Contracted words written against the word before them ("they're", "I've", "didn't")
ATTACHED_CONTRACTIONS = frozenset(
    {"'s", "n't", "'m", "'re", "'ve", "'ll", "'d", "’s", "’m", "’re", "’ve", "’ll", "’d"}
)
#: A verb's contracted forms and their full forms ("'s" is resolved by :func:`_contracted_full`)
CONTRACTED_FULL = {"'m": "am", "'re": "are", "'ve": "have", "’m": "am", "’re": "are", "’ve": "have"}
#: The contraction of a full form after a pronoun subject ("they are" -> "they're")
FULL_CONTRACTED = {"am": "'m", "are": "'re", "is": "'s", "have": "'ve", "has": "'s"}
#: Subject pronouns a contracted verb is written against ("I'm", "they've")
CONTRACTING_PRONOUNS = {"i", "you", "we", "they", "he", "she", "it"}


def _contracted_full(tok: Token) -> str | None:
    """The full form of a contracted finite verb ("'m" am, "'re" are, "'ve" have, "'s" is or
    has); None for any other word. "'s" before a past participle is "has" when the participle
    takes an object or is "been"/"got"/"gone" ("She's bought two tickets", "It's been"), else
    "is" ("She's tired", "It's sold out", "He's working")."""
    low = tok.lower_
    if low in CONTRACTED_FULL:
        return CONTRACTED_FULL[low]
    if low not in {"'s", "’s"} or tok.tag_ != "VBZ":
        return None
    head = tok.head
    perfect = head.lower_ in {"been", "got", "gone", "had"} or any(
        c.dep_ in {"dobj", "ccomp", "xcomp"} for c in head.children
    )
    return "has" if tok.dep_ in {"aux", "auxpass"} and head.tag_ == "VBN" and perfect else "is"


def _agreeing_form(doc: Doc, finite: Token, subj: Span) -> str | None:
    """The form of the finite verb ``finite`` agreeing with the new subject ``subj`` (person
    and number), or None to keep the verb as written. The restored verb keeps its form and
    changes only for agreement: "has cut" for "its rivals" is "have cut", "was" for "I" is
    "was", for "you" "were"; "is" for "I" is "am", "plays" "play". A contracted verb that
    changes is written out after a noun ("She's bought ... and her parents four" -> "Her
    parents have bought") and stays contracted after a pronoun ("I'm", "they're")."""
    words = [doc[i] for i in range(subj.start, subj.end + 1) if not doc[i].is_punct]
    if finite.lower_ in {"'ll", "’ll"} and words and words[-1].lower_ not in CONTRACTING_PRONOUNS:
        return "will"  # "I'll take the car and the kids the bus" -> "The kids will take"
    if finite.tag_ == "MD" or finite.lower_ == "be":
        return None  # a modal; a subjunctive "be"
    first_singular = len(words) == 1 and words[0].text == "I"
    full = _contracted_full(finite)
    if first_singular:
        low = (full or finite.lower_).lower()
        lemma = "be" if low in {"am", "is", "are", "was", "were"} else finite.lemma_.lower()
        if full in {"has", "have"}:
            lemma = "have"
        if lemma == "be" and (finite.tag_ == "VBD" or low in {"was", "were"}):
            new = "was"
        elif lemma == "be":
            new = "am"
        elif lemma == "have" and full is not None:
            new = "have"
        else:
            plural_form = _inflect(finite, True)
            new = plural_form.lower() if plural_form else finite.lower_
    else:
        plural = _is_plural(doc, subj)
        if plural is None:
            return None
        if full is not None:
            if full in {"am", "is", "are"}:
                new = "are" if plural else "is"
            else:
                new = "have" if plural else "has"
        else:
            form = _inflect(finite, plural)
            return form
    if full is not None:
        if words and words[-1].lower_ in CONTRACTING_PRONOUNS:
            return None if new == full else FULL_CONTRACTED[new]
        # after a noun the contraction is written out ("My colleagues have been"), except
        # an unchanged "'s" ("His sister's studying")
        return None if new == full and finite.lower_ in {"'s", "’s"} else new
    if new == finite.lower_:
        return None
    return new[0].upper() + new[1:] if finite.text[:1].isupper() else new


#: Possessive and reflexive pronouns by (person, plural, gender); gender None: any or unknown
_POSSESSIVES = {
    (1, False, None): ("my", "myself"), (1, True, None): ("our", "ourselves"),
    (2, False, None): ("your", "yourself"), (2, True, None): ("your", "yourselves"),
    (3, False, "m"): ("his", "himself"), (3, False, "f"): ("her", "herself"),
    (3, False, "n"): ("its", "itself"), (3, True, None): ("their", "themselves"),
}  # fmt: skip
_PRONOUN_FEATURES = {
    "i": (1, False, None), "we": (1, True, None), "you": (2, None, None),
    "he": (3, False, "m"), "she": (3, False, "f"), "it": (3, False, "n"), "they": (3, True, None),
}  # fmt: skip


def _subject_features(doc: Doc, span: Span) -> tuple[int, bool | None, str | None] | None:
    """Person, number and gender of a subject span (number or gender None: unknown or either,
    "you"); None when even the person is unknown."""
    words = [doc[i] for i in range(span.start, span.end + 1) if not doc[i].is_punct]
    if len(words) == 1 and words[0].lower_ in _PRONOUN_FEATURES:
        return _PRONOUN_FEATURES[words[0].lower_]
    if any(w.lower_ in _PRONOUN_FEATURES or w.lower_ == "me" for w in words):
        return None  # "Dad and I": first person plural, left alone
    plural = _is_plural(doc, span)
    return None if plural is None else (3, plural, None)


def _bound_possessives(
    doc: Doc,
    verb: Token,
    old: Span,
    new: Span,
    indices: list[int],
    pairs: Sequence[tuple[Span, Span]],
    replace: dict[int, str],
) -> None:
    """A possessive or reflexive pronoun of the restored clause bound by the subject agrees
    with the remnant that replaces the subject (docs/conjuncts-devdata.md: "a possessive bound
    by the subject agrees with the new subject"): "He lost his keys on Monday and we on
    Friday" -> "We lost our keys on Friday"; "She hurt herself in March and they in May" ->
    "They hurt themselves in May". Bound: the pronoun matches the old subject in person and
    number (and gender, for a pronoun subject). Nothing changes where the new form is unknown
    (a singular noun: "his" or "her"), nor outside the clause of ``verb``."""
    before, after = _subject_features(doc, old), _subject_features(doc, new)
    if before is None or after is None or before == after:
        return
    person, plural, gender = after
    if person == 3 and not plural and gender is None:
        return  # "... and Tom": "his" or "her"
    if person == 2:
        plural = False if plural is None else plural
    target = _POSSESSIVES.get(
        (person, bool(plural), gender if person == 3 and not plural else None)
    )
    if target is None:
        return
    own = {i for _, r in pairs for i in range(r.start, r.end + 1)}
    lo, hi = verb.left_edge.i, verb.right_edge.i
    for i in indices:
        tok = doc[i]
        if i in own or not lo <= i <= hi or old.start <= i <= old.end:
            continue
        low = tok.lower_
        for key, forms in _POSSESSIVES.items():
            if low not in forms or (low == "her" and tok.tag_ != "PRP$"):
                continue
            if tok.tag_ not in {"PRP$", "PRP"}:
                continue
            p0, n0, g0 = key
            bp, bn, bg = before
            bound = p0 == bp and (bp == 2 or n0 == bn) and (bg is None or g0 is None or g0 == bg)
            if bound:
                new_form = target[forms.index(low)]
                if new_form != low:
                    replace[i] = new_form
            break


def _expletive(doc: Doc, subj: Span) -> bool:
    """The subject span is an expletive "there" alone ("There was one bus ...")."""
    return len(subj) == 1 and doc[subj.start].dep_ == "expl"


def _expletive_subject(doc: Doc, verb: Token) -> Token | None:
    """The noun a clause with expletive "there" is about, after the verb ("There [was] one
    [bus]", "There have been two [attempts]"), which the finite verb agrees with; else None."""
    for c in verb.children:
        if c.dep_ in {"attr", "nsubj", "nsubjpass", "dobj"} and c.i > verb.i:
            return c
    return None


def _finite_of(doc: Doc, verb: Token) -> Token | None:
    for child in verb.children:
        if child.dep_ in {"aux", "auxpass"} and child.i < verb.i and child.tag_ in FINITE_TAGS:
            return child
    if verb.tag_ in FINITE_TAGS:
        return verb
    return None


# --------------------------------------------------------------------------------------------
# The analysis of one sentence


#: Forms of reporting verbs that close a sentence after their subject (", figures show.",
#: ", the museum's guide states/NNS."): one list for ``_report_ends`` and ``_closing_report``.
REPORT_FORMS = frozenset({
    "say", "says", "said", "show", "shows", "showed", "suggest", "suggests", "suggested",
    "indicate", "indicates", "indicated", "reveal", "reveals", "revealed", "report", "reports",
    "reported", "confirm", "confirms", "confirmed", "claim", "claims", "claimed", "argue",
    "argues", "argued", "warn", "warns", "warned", "add", "adds", "added", "note", "notes",
    "noted", "estimate", "estimates", "estimated", "state", "states", "stated", "write",
    "writes", "wrote",
})  # fmt: skip


def _report_ends(doc: Doc, first: int, last: int) -> bool:
    """The sentence ends with a source clause whose subject has a possessor and whose verb
    the tagger calls a plural noun, from ``first`` (after the article) to ``last``: ", the
    museum's guide states", ", the club's website says"."""
    k = first
    seen_pos = False
    while k < last and (doc[k].tag_ in {"JJ", "NN", "NNS", "NNP", "POS"}):
        seen_pos = seen_pos or doc[k].tag_ == "POS"
        k += 1
    return k == last and seen_pos and doc[last].lower_ in REPORT_FORMS and last - first >= 3


def _tag_run_end(doc: Doc, first: int, last: int, tags: set[str]) -> int:
    """The last index of the run of words tagged ``tags`` that starts at ``first`` (``first``
    itself when the run is shorter than two words), not beyond ``last``."""
    k = first
    while k + 1 <= last and doc[k].tag_ in tags and doc[k + 1].tag_ in tags:
        k += 1
    return k


def _singular_agreement(subject: Token) -> bool:
    """The coordinated subject headed by ``subject`` ("Tom and Jerry", "Fish and chips") takes
    a singular finite verb ("is", "was", "has", "sells"): it names one thing (a name, a dish, a
    firm, one person's two titles), a collective reading the paper leaves non-rewritable
    (section 8). Every conjunct is a noun, the first a singular one, the conjunction *and*
    with no punctuation or adverb between the conjuncts; a distributive determiner ("Every man and
    woman is ...") is no evidence."""
    conjuncts = [subject] + [c for c in subject.children if c.dep_ == "conj"]
    if len(conjuncts) < 2 or not all(c.tag_ in {"NN", "NNP", "NNS", "NNPS"} for c in conjuncts):
        return False
    if subject.tag_ not in {"NN", "NNP"}:
        return False  # "The boys and the girl was": the verb agrees with the nearest conjunct
    if any(c.dep_ == "det" and c.lower_ in {"each", "every", "no"} for c in subject.children):
        return False
    # only "and": a disjunction takes a singular verb anyway ("either a ban or licensing was")
    links = {c.lower_ for c in subject.subtree if c.dep_ == "cc" and c.head in conjuncts}
    last = max(c.i for c in conjuncts)
    between = subject.doc[subject.i + 1 : last]
    if links != {"and"} or any(t.is_punct or t.tag_ == "RB" for t in between):
        return False  # (", and also the map, was": an aside; an apposition after it may stay)
    pred = subject.head
    chain = [c for c in pred.children if c.dep_ in {"aux", "auxpass"} and c.i < pred.i] + [pred]
    finite = next((t for t in chain if t.tag_ in FINITE_TAGS), None)
    return finite is not None and (finite.tag_ == "VBZ" or finite.lower_ == "was")


def _name_start(doc: Doc, last: int) -> int:
    """The first index of the proper name that ends at ``last``: a run of ``NNP``/``NNPS``
    words, through an inner "of" ("United States Department of Housing")."""
    k = last
    while k > 0 and (
        doc[k - 1].tag_ in {"NNP", "NNPS"}
        or (doc[k - 1].lower_ == "of" and k > 1 and doc[k - 2].tag_ in {"NNP", "NNPS"})
    ):
        k -= 1
    return k


#: A year as citations give it ("2020", "2020a").
YEAR_RE = re.compile(r"(1[5-9]|20)\d\d[a-z]?")


class _Analysis:
    """Align-and-substitute analysis of one sentence around the conjunction at token ``cc``."""

    def __init__(self, doc: Doc, cc: int, ranker: str | RankerModel | None = None) -> None:
        self.doc = doc
        self.cc = cc
        self.ranker = ranker if isinstance(ranker, RankerModel) else load_ranker(ranker)
        self._cands: dict[tuple[int, int], list[Span]] = {}
        self._sims: dict[tuple[Span, Span], float] = {}
        self.n = len(doc)
        last = self.n - 1
        # final punctuation, and closing quotes or brackets only when they follow it
        while (
            last >= 0
            and doc[last].is_punct
            and doc[last].text in FINAL_PUNCT | {'"', "'", "”", "’", ")"}
        ):
            if doc[last].text not in FINAL_PUNCT and not (
                last > 0 and doc[last - 1].text in FINAL_PUNCT
            ):
                break
            last -= 1
        self.last = last  # last content token
        tail = doc[last + 1 :].text.strip() if last + 1 < self.n else ""
        self.final = "." if not tail else (tail[0] if tail[0] in ".!?" else ".")
        self.opening_end = self._opening_clause_end()

    def _opening_clause_end(self) -> int | None:
        """The comma that closes an adverbial clause or participle opening the sentence and
        holding the conjunction, before the main clause ("When Jonas moved to Berlin and his
        sister to Vienna[,] their parents stayed"; "Rated Ba-3 by A and B-1 by C[,] the issue
        ..."): the main clause is no part of the right conjunct (issue 11, gap11)."""
        doc, cc = self.doc, self.cc
        first = 0
        while first < cc and (doc[first].is_punct or doc[first].tag_ in {"CC", "UH"}):
            first += 1
        opener = doc[first]
        if opener.lower_ not in SUBORDINATORS and opener.tag_ not in {"VBN", "VBG"}:
            return None
        verb = next(
            (
                t
                for t in doc[first:cc]
                if t.dep_ == "advcl" and t.head.i > cc and t.left_edge.i == first
            ),
            None,
        )
        if verb is None:
            return None
        main = verb.head
        subjects = [c for c in main.children if c.dep_ in SUBJ_DEPS and c.i > cc]
        start = min([main.i, *(c.left_edge.i for c in subjects)])
        k = start - 1
        if k <= cc + 1 or doc[k].text != "," or start > self.last:
            return None
        return k

    # -- basic geometry -----------------------------------------------------------------------

    def left_end(self, before: int) -> int:
        """Last non-punctuation token before index ``before``."""
        p = before - 1
        while p >= 0 and self.doc[p].is_punct and self.doc[p].text not in {"%", ")"}:
            p -= 1
        return p

    def boundary(self, start: int) -> tuple[int, bool]:
        """First index after ``start`` that closes the right conjunct; flag a binding clause."""
        doc = self.doc
        for k in outside_parentheticals(doc, start + 1, self.last):
            tok = doc[k]
            low = tok.lower_
            if tok.text in {";", ":", "—", "–", "--"} or sentence_break(doc, k, self.last):
                return k, False
            if k == self.opening_end:
                return k, False
            if tok.tag_ == "''" and k > start and self._quoted_at_cc(start, k):
                return k, False  # a closing quotation mark ends the quoted conjunct
            if low == "with" and self._absolute_with(k):
                return k, True
            if tok.dep_ == "mark" or low in {
                "because",
                "although",
                "though",
                "whereas",
                "unless",
                "whilst",
            }:
                return k, False
            temporal = low in {"while", "when", "after", "before", "until", "since"}
            if (
                temporal
                and tok.tag_ in {"IN", "WRB"}
                and any(
                    doc[j].tag_ in VERB_TAGS
                    # (the clause's own verb, before any comma: not "after noon, according to")
                    and not any(doc[i].text == "," for i in range(k + 1, j))
                    for j in range(k + 1, min(k + 6, self.last + 1))
                )
            ):
                return k, False
            if tok.text == "," and k + 1 <= self.last:
                nxt = doc[k + 1]
                if (
                    nxt.tag_ == "CC"
                    or nxt.lower_ in SUBORDINATORS
                    or nxt.tag_ in {"WDT", "WP", "WRB", "VBG"}
                    # ", often incorporating ...": an adverb before the participle
                    or (nxt.tag_ == "RB" and k + 2 <= self.last and doc[k + 2].tag_ == "VBG")
                ):
                    return k, False
                if nxt.lower_ == "with" and self._absolute_with(k + 1):
                    return k, True
                # the speaker's last word: ", Dr. Linden says"; ", the sources say", ", some
                # analysts said"
                if nxt.tag_ == "DT":
                    name = _tag_run_end(doc, k + 2, self.last, {"JJ", "NN", "NNS"})
                else:
                    name = _tag_run_end(doc, k + 1, self.last, {"NNP"})
                if (
                    name + 1 <= self.last
                    and doc[name + 1].lemma_ in SAY_LEMMAS
                    and doc[name].tag_ in {"PRP", "NNP", "NN", "NNS"}
                ):
                    return k, False
                if nxt.tag_ == "DT" and _report_ends(doc, k + 2, self.last):
                    return k, False
                if self._closing_report_verb(k):
                    return k, False
        return self.last + 1, False

    def _closing_report_verb(self, k: int) -> bool:
        """The comma at ``k`` opens the clause that closes the sentence and governs the
        clause of the conjunction as its complement: its subject starts right after the
        comma and its verb is the parse's root ("..., her son told me", "..., a spokeswoman
        confirmed on Friday"). That clause is shared by every rewrite, whatever the verb."""
        doc = self.doc
        root = doc[self.cc]
        for _ in range(60):
            if root.head.i == root.i:
                break
            root = root.head
        if root.i <= k or root.tag_ not in VERB_TAGS or root.right_edge.i < self.last:
            return False
        subjects = [c for c in root.children if c.dep_ in {"nsubj", "nsubjpass"}]
        if not subjects or subjects[0].left_edge.i != k + 1 or subjects[0].i >= root.i:
            return False
        if any(doc[j].tag_ == "CC" or doc[j].is_punct for j in range(k + 1, root.i)):
            return False
        if doc[k - 1].tag_ in {"NNP", "NNPS"} and doc[k + 1].tag_ in {"NNP", "NNPS"}:
            return False  # a place and its region: "the city Angola, Indiana is located"
        if any(
            c.i > root.i
            and (
                c.dep_ in {"ccomp", "xcomp", "attr", "acomp", "oprd"}
                or (c.dep_ == "dobj" and c.tag_ != "PRP")
            )
            for c in root.children
        ):
            return False  # a clause of its own after it: ", instead, it is theorized that ..."
        return any(
            c.dep_ == "ccomp" and c.right_edge.i < k and c.left_edge.i <= self.cc
            for c in root.children
        )

    def _quoted_at_cc(self, start: int, k: int) -> bool:
        """The closing quotation mark at ``k`` closes one opened before the conjunction (no
        quotation mark between ``start`` and ``k``)."""
        doc = self.doc
        if any(doc[j].tag_ in {"``", "''"} for j in range(start, k)):
            return False
        opened = sum(1 for t in doc[: self.cc] if t.tag_ == "``")
        closed = sum(1 for t in doc[: self.cc] if t.tag_ == "''")
        return opened > closed

    def _absolute_with(self, k: int) -> bool:
        """``with`` + noun phrase + participle: a clause that binds the conjuncts."""
        for j in range(k + 1, min(k + 8, self.last + 1)):
            tok = self.doc[j]
            if (tok.tag_ in {"VBG", "VBN"} and j > k + 1) or (  # "charged X with receiving"
                tok.tag_ == "NN" and tok.lower_.endswith("ing") and j > k + 1
            ):
                # a noun of the -ing form after its determiner or adjective is no participle:
                # "helped with the cooking", "with the rising costs"
                return self.doc[j - 1].tag_ not in {"DT", "PRP$", "JJ", "JJR", "JJS", "POS"}
            if tok.tag_ not in NP_INNER_TAGS:
                return False
        return False

    # -- non-rewritable readings --------------------------------------------------------------

    def unchanged_reason(self) -> str | None:
        doc = self.doc
        text = " " + " ".join(t.lower_ for t in doc) + " "
        for tok in doc:
            # "A and B together", "Together, A and B ...": the word binds the coordination;
            # "The two firms together bought X in May and Y in June": a verb lies between
            # the word and the conjunction, so the word belongs to a shared subject
            if (
                tok.lower_ in COLLECTIVE_WORDS
                # the main clause after an opening clause that holds the coordination
                and (self.opening_end is None or tok.i < self.opening_end)
                and (
                    tok.i > self.cc
                    or not any(doc[j].tag_ in VERB_TAGS for j in range(tok.i + 1, self.cc))
                )
            ):
                return f"collective:{tok.lower_}"
        for phrase in COLLECTIVE_PHRASES:
            if f" {phrase} " in text:
                return f"collective:{phrase}"
        if self._joint_citation():
            return "collective:citation"
        # "between X and Y": a preposition that needs a plurality governs the coordination.
        for tok in doc[: self.cc]:
            born_to = tok.lower_ == "to" and tok.head.lemma_ == "bear"  # "born to X and Y"
            if (tok.lower_ in SPAN_PREPS or born_to) and not any(
                doc[j].tag_ in VERB_TAGS | {"CC"} for j in range(tok.i + 1, self.cc)
            ):  # ("between X and Y, and ...": its own "and" came before the marked one)
                return f"collective:{tok.lower_}"
        # A coordinated subject of a reciprocal predicate ("Anna and Ben met").
        cc_head = doc[self.cc].head
        chain = cc_head
        for _ in range(4):
            if chain.dep_ == "conj":
                chain = chain.head
        # "Both students of A, B and C met": the coordination names the pair that "both"
        # opens (the parser hangs it on the preposition)
        if chain.dep_ == "pobj" and chain.head.dep_ == "prep":
            owner = chain.head.head
            if owner.dep_ in SUBJ_DEPS and any(c.lower_ == "both" for c in owner.children):
                chain = owner
        if chain.dep_ in SUBJ_DEPS:
            pred = chain.head
            predicates = [c for c in pred.children if c.dep_ in {"acomp", "attr", "advmod", "oprd"}]
            # "are treated [as separate continents]"
            predicates += [
                g
                for c in pred.children
                if c.dep_ == "prep" and c.lower_ == "as"
                for g in c.children
            ]
            words = {pred.lemma_.lower()} | {
                t.lemma_.lower()
                for c in predicates
                for t in (c, *(a for a in c.children if a.dep_ == "amod"))
            }
            if words & RECIPROCAL_LEMMAS:
                return "reciprocal"
            objects = {c.lower_ for c in pred.children if c.dep_ in {"dobj", "obj"}}
            if objects & {"hands", "places", "blows", "vows", "notes", "ideas", "gifts", "words"}:
                return "reciprocal"  # "shook hands", "swapped places", "exchanged vows"
            if _singular_agreement(chain):
                return "collective:agreement"
        if self._plural_apposition():
            return "collective:apposition"
        # ", with X V-ing ... and ...": the conjunction sits inside a binding absolute clause.
        for k in range(max(0, self.cc - 12), self.cc):
            if (
                doc[k].lower_ == "with"
                and k > 0
                and doc[k - 1].text == ","
                and self._absolute_with(k)
            ):
                return "binding-clause"
        return None

    def _joint_citation(self) -> bool:
        """The coordination joins the authors of one cited work: names around the conjunction
        and a year or reference number right after the last one ("Smith and Jones (2020)",
        "(Garcia and Chen, 2018)", "Miller and Park [12]"); splitting would credit the work to
        each author alone."""
        doc, cc = self.doc, self.cc

        def name(tok: Token) -> bool:
            return tok.is_alpha and tok.text[:1].isupper() and tok.tag_ in {"NNP", "NNPS"}

        if cc == 0 or not name(doc[cc - 1]):
            return False
        k = cc + 1
        while k < len(doc) and k - cc <= 3 and name(doc[k]):
            k += 1
        if k == cc + 1 or k + 1 >= len(doc):
            return False
        after, then = doc[k].text, doc[k + 1].text
        if after == "(" or (after == "," and "(" in {t.text for t in doc[max(0, cc - 6) : cc]}):
            return YEAR_RE.fullmatch(then) is not None
        return after == "[" and then.isdigit()

    def _plural_apposition(self) -> bool:
        """A noun-phrase conjunct followed by an apposition that counts the conjuncts ("the
        site of X and Y, the two tallest peaks"; ", both of them"): it binds them, so the
        sentence is not rewritable (paper 000, section 5). Not after a right conjunct of two
        phrases or more, which is a gapped clause ("Tom ordered the soup and Ann the salad,
        both dishes from the menu")."""
        doc = self.doc
        k = self.cc + 1
        while k <= self.last and doc[k].tag_ in NP_INNER_TAGS:
            k += 1
        if k == self.cc + 1 or k + 2 > self.last or doc[k].text != ",":
            return False
        if len(chunk_phrases(doc, self.cc + 1, k - 1)) > 1:
            return False  # two remnants are a gapped clause: "and Ann the salad, both dishes"
        first, second = doc[k + 1].lower_, doc[k + 2]
        counted = first == "the" and second.tag_ == "CD" and second.lower_ not in ONE
        return (counted or first == "both") and any(
            doc[j].tag_ in {"NNS", "NNPS", "PRP"} for j in range(k + 2, min(k + 6, self.last + 1))
        )

    # -- spans of the left conjunct ----------------------------------------------------------

    def clause_verb(self, p: int) -> Token | None:
        """The verb of the clause that holds token ``p``: nearest ancestor verb with a subject."""
        tok = self.doc[p]
        seen = 0
        candidate = None
        while seen < 60:
            if tok.pos_ in {"VERB", "AUX"} or tok.tag_ in VERB_TAGS:
                if any(c.dep_ in SUBJ_DEPS for c in tok.children):
                    return tok
                if candidate is None:
                    candidate = tok
            if tok.head.i == tok.i:
                break
            tok = tok.head
            seen += 1
        if tok.pos_ in {"VERB", "AUX"}:
            return tok
        return candidate

    def subject_span(self, verb: Token) -> Span | None:
        # of two subjects before the verb the nearest is its own: the parser may make an
        # opening clause's subject a second one ("While the butter melts/NNS, the flour ..."),
        # or the words of one subject several ("The vice/nsubj -/nsubj president/nsubj"),
        # which touch each other and make one span
        subjects = [c for c in verb.lefts if c.dep_ in SUBJ_DEPS]
        for n, c in reversed(list(enumerate(subjects))):
            opened = self._opening_participle_subject(c, verb)
            if opened is not None:
                return opened
            if c.i < verb.i:
                start = c.left_edge.i
                for other in reversed(subjects[:n]):
                    # a place and its region, read as two subjects: "The density of Albany[,]
                    # Oregon/nsubj is ..."
                    region = (
                        other.right_edge.i + 2 == start == c.i
                        and c.right_edge.i == c.i
                        and self.doc[start - 1].text == ","
                        and c.tag_ == "NNP"
                        # (the tagger may call a town ending in "s" plural: "Leeds/NNPS")
                        and self.doc[other.right_edge.i].tag_ in {"NNP", "NNPS"}
                    )
                    if (other.right_edge.i + 1 != start and not region) or other.tag_ in WH_TAGS | {
                        "PRP"
                    }:
                        break  # not a relative pronoun: "the tricks [that] time plays"
                    start = other.left_edge.i
                while (
                    start > 0
                    and self.doc[start - 1].head.i == verb.i
                    and self.doc[start - 1].dep_ in {"det", "predet", "poss", "amod", "compound"}
                ):
                    start -= 1  # a modifier of the subject hung on the verb: "[The] co-owner"
                end = c.right_edge.i
                end = min(end, verb.i - 1)
                # a subject whose subtree the parser runs past the verb (a list read as its
                # apposition: "The first plant will make engines, the second gearboxes, ...")
                # ends before the verb's own dependents ("will")
                for k in verb.children:
                    if c.i < k.i < verb.i:
                        end = min(end, k.left_edge.i - 1)
                if _possessive_its(self.doc, start, verb):
                    start -= 2  # "[It's maiden flight] was on May 2"
                year = self.doc[start]
                if (
                    start > 0
                    and start < c.i
                    and self.doc[start - 1].tag_ == "IN"
                    and year.tag_ == "CD"
                    and len(year.text) == 4
                    and year.text.isdigit()
                ):
                    start += 1  # the year is the opening preposition's: "In [1987] Ferncliffe"
                if start == 2 and title_colon(self.doc, 1):
                    start = 0  # a title with a colon: "[1634: The Ram Rebellion] was ..."
                # leave out leading opening material attached inside the subject (rare)
                return Span(start, self.left_end(end + 1))
        return None

    def _opening_participle_subject(self, c: Token, verb: Token) -> Span | None:
        """A sentence-opening participle that the parser makes the clausal subject, with the
        real subject as an apposition after its comma ("Located/csubj on the River Aske,
        the town/appos of Brindle is ..."): the apposition is the subject."""
        doc = self.doc
        if c.dep_ != "csubj" or c.tag_ not in {"VBN", "VBG"} or c.left_edge.i != 0:
            return None
        for t in c.subtree:
            if (
                t.dep_ == "appos"
                and t.left_edge.i > 0
                and doc[t.left_edge.i - 1].text == ","
                and t.right_edge.i < verb.i
            ):
                return Span(t.left_edge.i, self.left_end(t.right_edge.i + 1))
        return None

    def sim(self, a: Span, b: Span) -> float:
        """:func:`_similarity`, memoised for this analysis."""
        key = (a, b)
        hit = self._sims.get(key)
        if hit is None:
            hit = self._sims[key] = _similarity(self.doc, a, b)
        return hit

    def candidates_ending(self, p: int, lo: int) -> list[Span]:
        """Spans ``[y, p]`` with ``y >= lo`` that start at the left edge of some constituent
        (memoised for this analysis)."""
        key = (p, lo)
        hit = self._cands.get(key)
        if hit is None:
            hit = self._cands[key] = self._candidates_ending(p, lo)
        return hit

    def _candidates_ending(self, p: int, lo: int) -> list[Span]:
        starts: set[int] = set()
        doc = self.doc
        for i in range(lo, p + 1):
            tok = doc[i]
            if tok.is_punct:
                continue
            le = max(tok.left_edge.i, lo)
            starts.add(le)
            starts.add(i)
        out = []
        for y in sorted(starts):
            if y == p and (
                doc[y].tag_ in {"IN", "TO"} or (doc[y].tag_ == "DT" and doc[y].dep_ == "det")
            ):
                # a lone preposition or determiner is no correlate; a determiner heading its
                # own phrase is ("chose [this] and Ann that", "rated [A/DT] by X and AA by Y")
                continue
            if y <= p and not doc[y].is_punct and doc[y].tag_ not in {"CC", "RP"}:
                if y > lo and self._cuts_modifier(y, p):
                    continue
                out.append(Span(y, p))
        return out

    def _cuts_modifier(self, y: int, p: int) -> bool:
        """Would a span starting at ``y`` leave behind a determiner, possessor or modifier of
        a word inside it ("the | Blackstone fund", "a more modest | 4.8%")?"""
        doc = self.doc
        return any(
            y <= t.head.i <= p
            # a correlative opener is no modifier ("[Both] Ann and Bo", both/CC/det)
            and not (t.lower_ in PRECONJ and t.i == y - 1)
            and (
                t.dep_ in CUT_DEPS
                # a degree adverb of an adjective: "[sharply higher] in A and higher in B"
                or (t.dep_ == "advmod" and t.tag_ == "RB" and t.head.tag_ in {"JJR", "RBR"})
            )
            for t in doc[max(0, y - 4) : y]
        )

    # -- remnants of the right conjunct -------------------------------------------------------

    def split_points(self, span: Span) -> list[int]:
        """Positions where a new remnant may start inside ``span`` (chunk boundaries)."""
        doc = self.doc
        points = []
        self.weak: set[int] = set()
        for k in range(span.start + 1, span.end + 1):
            a, b = doc[k - 1], doc[k]
            # weak boundaries, inside what may also be one noun phrase: "the younger | medicine",
            # "my mother | tea"; segmentations using them pay a small penalty
            det_before = k >= 2 and doc[k - 2].tag_ in {"DT", "PRP$"}
            opener = k - 2
            while opener > span.start and doc[opener].tag_ in ADJ_NOUN_TAGS and k - opener < 4:
                opener -= 1  # "her twin brother | chemistry": modifiers after the determiner
            if not det_before and doc[opener].tag_ == "PRP$" and opener >= span.start:
                det_before = True
                k_det = opener
            else:
                k_det = k - 2
            if (
                a.tag_ in {"JJ", "JJR", "JJS"}
                and det_before
                and (
                    b.tag_ in {"NN", "NNS"}
                    # an ordinal standing for its noun before a number: "the second | 2-0"
                    or (b.tag_ == "CD" and a.lower_ in ORDINALS)
                )
            ) or (
                a.tag_ in {"NN", "NNS"}
                and b.tag_ in {"NN", "NNS"}
                and det_before
                # not "the city council", unless the second noun ends the conjunct: "so that
                # the wife becomes leader and the husband | follower"
                and (
                    doc[k_det].tag_ == "PRP$"
                    or a.dep_ != "compound"
                    or (k == span.end and self._bare_predicate_noun())
                )
            ):
                points.append(k)
                self.weak.add(k)
                continue
            if (
                a.text == ","
                and k - 2 > span.start
                and not b.is_punct
                and (doc[k - 2].tag_ in NOMINAL_TAGS or doc[k - 2].text in {"%", ")"})
                and (b.tag_ in {"DT", "PRP$", "CD", "NNP", "NNPS", "NN", "NNS"} or b.text == "$")
                and not _inside_name(doc, k - 1)
                and not (doc[k - 2].tag_ == "CD" and b.tag_ == "CD")  # a date: "May 3, 1990"
            ):
                # a comma between two phrases: "a subsidiary, Acme Co., | 25%", "for
                # dinner, | pasta"
                points.append(k)
                continue
            if lone_determiner(doc, k):
                points.append(k)  # "another | minutes": the determiner stands alone
                continue
            if self._pronoun_quantifier(span, k):
                points.append(k)  # "another | twenty samples", "a few | plain water"
                self.weak.add(k)
                continue
            if a.tag_ == "POS" and (b.tag_ in {"CD", "IN", "RB"} or b.text == "$"):
                points.append(k)  # a possessor alone: "and Honda's | 3%", "Bo's | in York"
                continue
            glued = a.tag_ == "CC" and hyphen_part(doc, k - 1)  # "single-A-plus | by S&P"
            if b.is_punct or (
                a.tag_ in {"DT", "PRP$", "IN", "TO", "HYPH", "POS", "CC"} and not glued
            ):
                continue
            a_ends_np = (
                glued
                or a.tag_ in NOMINAL_TAGS
                or gerund_ends_phrase(doc, k)  # "each reading | a score"
                or a.text == "%"
                or a.tag_ in {"JJ", "JJR", "JJS", "RB", "RBR"}
            )
            b_starts = (
                b.tag_
                in {
                    "DT",
                    "PRP$",
                    "CD",
                    "NNP",
                    "NNPS",
                    "NN",
                    "NNS",
                    "PRP",
                    "IN",
                    "JJ",
                    "RB",
                    "RBR",
                    "JJR",
                    "UH",
                }
                or b.text == "$"
                or (k in doc.user_data.get("lingeval_nominal", ()) and a.tag_ in NOMINAL_TAGS)
            )
            if not (a_ends_np and b_starts):
                continue
            if a.lower_ in TIME_NOUNS and a.tag_ == "NNP" and b.tag_ == "CD":
                continue  # a date: "March 2"
            if a.tag_ == "NNP" and b.tag_ == "CD" and numbered_like_before(doc, k - 1):
                continue  # "and Apollo 11 as ...": one name, as "Gemini 12" is before
            if numbered_name(doc, k) or numbered_name_inside(doc, k):
                continue  # one name: "the Ariane 5", "the Fiat 500 | Abarth"
            nationality = a.text[:1].isupper() and b.tag_ == "CD"  # "Japanese 0.3%"
            if (
                a.tag_ in {"JJ", "RB", "RBR"}
                and b.tag_ in {"NN", "NNS", "JJ", "CD"}
                and not nationality
            ):
                continue  # inside a noun phrase: "more considered 54", "old house"
            if a.tag_ in {"NNP", "NNPS"} and b.tag_ in {"NNP", "NNPS"}:
                if (
                    (a.dep_ != "compound" and a.head.i != b.i)
                    or (k == span.start + 1 and self._subject_object_names(k))
                    or self._subject_pp_names(span, k)
                    or self._subject_head_echoed(k)
                ):
                    # two names the parser keeps apart ("Argentina | Peru"), or two one-word
                    # names opening the conjunct after "Name verb Name" ("Germany beat
                    # France 2-1 and Spain | Italy 3-0")
                    points.append(k)
                    self.weak.add(k)
                continue  # one name
            if a.tag_ == "NN" and b.tag_ in {"NN", "NNS"} and a.dep_ == "compound":
                continue
            if (
                a.tag_ == "NN"
                and b.tag_ in {"NNP", "NNPS"}
                and a.dep_ == "compound"
                and a.head.i == k
                and k + 1 <= span.end
                and doc[k + 1].tag_ in {"NNP", "NNPS"}
            ):
                continue  # "the vice | President Ghana": a title noun before the noun it modifies
            if a.tag_ == "CD" and (b.tag_ in {"NN", "NNS"} or b.text == "%"):
                continue  # "40,000 visitors", "21 %"
            if a.tag_ == "CD" and b.tag_ == "CD" and a.head.i == b.i:
                continue  # one number: "70 million"
            if a.lower_ in QUANTITY_ADVERBS and (b.tag_ in {"CD", "DT"} or b.text == "$"):
                continue  # an adverb of quantity goes with its number: "[nearly a metre]"
            points.append(k)
        return points

    def _pronoun_quantifier(self, span: Span, k: int) -> bool:
        """The words of ``span`` before ``k`` are a quantifier standing for a noun phrase
        ("another", "a few", "others", "several") and a noun phrase starts at ``k``, while the
        first clause's subject opens with "one" or "some" (the pair "one ... another", "some
        ... others"): the quantifier may be the subject remnant ("and another | twenty
        samples of water")."""
        doc = self.doc
        words = tuple(doc[i].lower_ for i in range(span.start, k))
        if words not in QUANTIFIER_PRONOUNS and not (
            len(words) == 2 and words[0] in {"a", "the"} and words[1] in ORDINALS | {"other"}
        ):
            return False
        if doc[k].tag_ not in {"CD", "JJ", "JJR", "NN", "NNS", "DT", "PRP$"} or (
            words == ("another",) and doc[k].tag_ != "CD"  # "another | minutes": lone_determiner
        ):
            return False
        verb = self.clause_verb(self.left_end(self.cc))
        subj = self.subject_span(verb) if verb is not None and verb.i < self.cc else None
        if subj is None:
            return False
        if doc[subj.start].lower_ in {"one", "some"}:
            return True
        # a partitive subject ("Most of the reviews mention X, and a few | Y"), when the
        # quantifier cannot be the determiner of what follows ("and a few newspapers")
        return _partitive_subject(doc, subj) and _lone_quantifier(
            doc, Span(span.start, k - 1), Span(k, span.end)
        )

    def _subject_object_names(self, k: int) -> bool:
        """Tokens ``k - 1`` and ``k`` are one-word names (no name after them; the caller has
        them open the conjunct) and the first conjunct is "Name verb Name": they may be a
        subject and an object remnant."""
        doc = self.doc
        if k + 1 < len(doc) and doc[k + 1].tag_ in {"NNP", "NNPS"}:
            return False
        verb = self.clause_verb(self.left_end(self.cc))
        if verb is None or verb.i > self.cc:
            return False
        deps = {c.dep_: c for c in verb.children if c.i < self.cc}
        subj, obj = deps.get("nsubj"), deps.get("dobj")
        nxt = doc[verb.i + 1] if verb.i + 1 < self.cc else None
        if nxt is not None and nxt.head.i == verb.i and nxt.tag_ == "NNP":
            obj = nxt  # a name right after the verb, whatever the parser calls it ("beat
            # Everton/npadvmod 2-1/dobj")
        inner = deps.get("xcomp")
        for _ in range(4):
            # the object of the deepest verb of a control chain: "Kim had hoped to visit
            # Rome in May and Lee | Paris in June"
            if obj is not None or inner is None:
                break
            inner_deps = {c.dep_: c for c in inner.children if c.i < self.cc}
            obj, inner = inner_deps.get("dobj"), inner_deps.get("xcomp")
        return (
            subj is not None
            and obj is not None
            and all(_name_word(doc, t) and t.left_edge.i == t.i for t in (subj, obj))
        )

    def _subject_head_echoed(self, k: int) -> bool:
        """Token ``k - 1``, after the conjunction, repeats the last word of the first clause's
        subject, a name of two or more words, and a name follows: it ends the subject remnant
        ("Aarhus Airport serves Aarhus and Aalborg Airport | Aalborg")."""
        doc = self.doc
        if k - 1 <= self.cc + 1:
            return False
        verb = self.clause_verb(self.left_end(self.cc))
        if verb is None or verb.i > self.cc:
            return False
        subj = self.subject_span(verb)
        if subj is None or subj.end == subj.start or subj.end >= verb.i:
            return False
        last = doc[subj.end]
        return (
            last.tag_ in {"NNP", "NNPS"}
            and all(doc[i].tag_ in {"NNP", "NNPS"} for i in range(subj.start, subj.end + 1))
            and doc[k - 1].text == last.text
        )

    def _subject_pp_names(self, span: Span, k: int) -> bool:
        """The conjunct opens with a preposition followed by names up to token ``k`` (no
        initial before ``k``), and the first clause's subject has a modifier with that
        preposition: the names after it may be its object and the next remnant ("The mayor
        of Lyon is Anne Roux and of Nantes | Paul M. Blanc")."""
        doc = self.doc
        if doc[span.start].tag_ != "IN" or k - 1 <= span.start:
            return False
        if not all(doc[i].tag_ in {"NNP", "NNPS"} for i in range(span.start + 1, k)):
            return False
        if any(re.fullmatch(r"[A-Z]\.", doc[i].text) for i in (k - 1, k)):
            return False  # a middle initial binds the words around it: "Richard | J. | Berry"
        if doc[k - 1].lower_ in NAME_PREFIXES:
            return False  # a name's first word: "of New | Zealand", "of Sri | Lanka"
        verb = self.clause_verb(self.left_end(self.cc))
        if verb is None or verb.i > self.cc:
            return False
        subj = self.subject_span(verb)
        return subj is not None and _subject_pp(doc, subj, Span(span.start, k - 1)) is not None

    def _bare_predicate_noun(self) -> bool:
        """The first conjunct ends in a verb and a bare noun ("becomes leader"): a bare noun
        ending the right conjunct may be its remnant."""
        p = self.left_end(self.cc)
        return (
            p > 0
            and self.doc[p].tag_ in {"NN", "NNS"}
            and self.doc[p - 1].tag_ in VERB_TAGS
            and self.doc[p].head.i == p - 1
        )

    def weak_splits(self, parts: Sequence[Span]) -> int:
        """How many of the cuts between ``parts`` are weak boundaries."""
        return sum(1 for part in parts[1:] if part.start in getattr(self, "weak", set()))

    def segmentations(self, span: Span, max_parts: int = 3) -> list[list[Span]]:
        doc = self.doc
        pts = self.split_points(span)[:12]
        out = [[span]]
        # a remnant ends before the comma that separates it from the next
        cut = lambda a, b: Span(a, b - 2 if doc[b - 1].text == "," else b - 1)  # noqa: E731
        for a in pts:
            out.append([cut(span.start, a), Span(a, span.end)])
        if max_parts >= 3:
            for i, a in enumerate(pts):
                for b in pts[i + 1 :]:
                    out.append([cut(span.start, a), cut(a, b), Span(b, span.end)])
        # "another | thousands of days": a singular determiner before a plural noun stands
        # for a noun phrase of its own; no remnant holds both ("another thousands")
        apart = [k for k in pts if self.doc[k - 1].tag_ == "DT" and lone_determiner(doc, k)]
        # "one lab ..., and another | twenty samples", "a third | forty samples": after a
        # subject opened by "one", "another" or an ordinal opening the group is its subject
        apart += [
            k
            for k in pts
            if k in self.weak
            and doc[span.start].lower_ in {"another", "a", "the"}
            and self._pronoun_quantifier(span, k)
        ]
        if apart:
            out = [seg for seg in out if not any(_holds(part, k) for part in seg for k in apart)]
        return out

    def first_verb(self, span: Span) -> Token | None:
        doc = self.doc
        if doc[span.start].tag_ == "IN":
            # a prepositional phrase, even with a gerund ("for giving ..."), unless a clause
            # of its own follows it after a comma ("and in the coming months, I will start")
            return self._clause_after_opener(span)
        if (
            span.start + 2 <= span.end
            and doc[span.start].lower_ in {"not", "never", "also", "even", "only"}
            and doc[span.start + 1].tag_ == "IN"
            and doc[span.start + 1].dep_ != "mark"
            and doc[span.start + 2].tag_ == "VBG"
        ):
            # the same after a marker: "but not on reading/VBG comprehension"
            return self._clause_after_opener(Span(span.start + 1, span.end))
        for i in range(span.start, span.end + 1):
            tok = doc[i]
            nominal_before = i > span.start and any(
                doc[j].tag_ in NOMINAL_TAGS for j in range(span.start, i)
            )
            if (
                nominal_before
                and tok.tag_ == "VB"
                and tok.dep_ == "conj"
                and doc[i - 1].text == ","
                and doc[span.start].lower_ in REMNANT_OPENERS | {"also"}
                and doc[span.start + 1].text == ","
            ):
                return tok  # "but also, on a clear day, make out ...": an aside, then the verb
            if nominal_before and (tok.tag_ == "TO" or tok.tag_ in {"VB", "VBG", "VBN"}):
                return None  # "money for local schools to ensure ...": a noun phrase
            if tok.tag_ in VERB_TAGS and not (
                tok.dep_ in {"amod", "compound"} and tok.head.i > tok.i
            ):
                if (
                    tok.tag_ in {"VBN", "VBG"}
                    and i > span.start
                    and doc[i - 1].tag_ in {"DT", "RBR", "RB", "JJ"}
                    and doc[i - 1].lower_ not in {"not", "never", "n't"}
                ):
                    continue
                return tok
            if (
                tok.tag_
                not in NP_INNER_TAGS | {"RB", "TO", ",", "HYPH", "IN", "CC", "-LRB-", "-RRB-"}
                or tok.dep_ == "mark"
            ):
                return None
            if tok.tag_ == "TO" and i + 1 <= span.end and doc[i + 1].tag_ == "VB":
                return doc[i + 1]
        return None

    def _clause_after_opener(self, span: Span) -> Token | None:
        """The finite verb of a clause after an opening prepositional phrase: after its comma
        (a subject, then the verb within a few tokens), or without a comma after a short
        phrase, a subject pronoun and the verb ("and on Tuesday it snowed"); else None."""
        doc = self.doc
        comma = next((k for k in range(span.start + 1, span.end) if doc[k].text == ","), None)
        if comma is None:
            # no comma: a short opening phrase, a subject pronoun and a finite verb ("and on
            # Tuesday it snowed", "and in June we hiked")
            for k in range(span.start + 2, min(span.start + 5, span.end)):
                if doc[k].tag_ == "PRP" and doc[k + 1].tag_ in FINITE_TAGS:
                    inner = range(span.start + 1, k)
                    if all(doc[j].tag_ in OPENER_OBJECT_TAGS for j in inner):
                        return doc[k + 1]
                    return None
            return None
        if comma - span.start > 6:
            return None
        if any(doc[k].tag_ in {"IN", "TO", "CD"} for k in range(span.start + 1, comma)):
            return None  # one short opening phrase, not remnants ("on X a year later, ...")
        for t in doc[: self.cc]:
            h = t.head
            if (
                (t.dep_ == "mark" or t.lower_ in SUBORDINATORS)
                and t.i < h.i < self.cc <= h.right_edge.i + 1
                and h.dep_ == "advcl"
            ):
                return None  # "When X passed A and on B, [the main clause]": shared
        if doc[comma + 1].tag_ in {"VB", "VBD", "VBZ", "VBP"} and doc[comma + 1].dep_ == "conj":
            # a verb phrase of the shared subject after an opening adjunct ("and, on a clear
            # day, make out the coast")
            return doc[comma + 1]
        for j in range(comma + 1, min(comma + 8, span.end + 1)):
            tok = doc[j]
            if tok.text in {",", ";"} or tok.tag_ in {"IN", "CC"}:
                return None
            if tok.tag_ in FINITE_TAGS:
                subject = any(doc[k].tag_ in NOMINAL_TAGS for k in range(comma + 1, j))
                return tok if subject else None
        return None


def _holds(span: Span, k: int) -> bool:
    """``span`` holds tokens ``k - 1`` and ``k``."""
    return span.start < k <= span.end


def _possessive_its(doc: Doc, start: int, verb: Token) -> bool:
    """The subject starting at ``start`` follows a misspelt possessive "It's" that the parser
    reads as "it is" with the clause as its complement ("It's maiden flight was on May 2"):
    a bare noun phrase right after "It 's" whose verb is the complement of that "'s"."""
    return (
        start >= 2
        and doc[start - 1].lower_ in {"'s", "’s"}
        and doc[start - 1].tag_ == "VBZ"
        and doc[start - 2].lower_ == "it"
        and verb.head.i == start - 1
        and verb.dep_ == "ccomp"
        and doc[start].tag_ not in {"DT", "PRP$", "PRP", "WDT", "WP", "EX"}
    )


def _clause_opener(tok: Token) -> bool:
    """A wh-word or a complementiser ("what", "where", "that", "whether", "if") opening a clause."""
    return tok.tag_ in WH_TAGS or (tok.tag_ == "IN" and tok.lower_ in {"that", "whether", "if"})


def _strip_preconj(doc: Doc, indices: list[int], first: int) -> list[int]:
    """``indices`` without a correlative opener ("both", "either") of the split coordination;
    one whose own conjunction is still among ``indices`` opens an inner coordination and
    stays ("from either A, B or C and, seasonally, from D")."""
    kept_pairs = {doc[j].lower_ for j in indices if doc[j].tag_ == "CC"}
    # "not only / not just" right before the conjunct, answered by a later "but": the first
    # half of the correlative goes like "both" ("He not only wrote the book but also ...")
    not_only = (
        {first - 2, first - 1}
        if first >= 2
        and doc[first - 2].lower_ == "not"
        and doc[first - 1].lower_ in NOT_ONLY
        and any(t.lower_ == "but" for t in doc[first:])
        else set()
    )
    if (
        not not_only
        and first + 2 < len(doc)
        and doc[first].lower_ == "not"
        and doc[first + 1].lower_ in NOT_ONLY
        and any(t.lower_ == "but" for t in doc[first + 2 :])
    ):
        # the correlate opens with it ("yields [not only in the north] but also ...")
        not_only = {first, first + 1}
    return [
        i
        for i in indices
        if i not in not_only
        and not (
            doc[i].lower_ in PRECONJ
            and (doc[i].dep_ == "preconj" or i + 1 == first)
            and PRECONJ_PAIR.get(doc[i].lower_) not in kept_pairs
            # its own conjunction follows ("whether A or B"; not "wonder whether Mark likes
            # jazz and Lisa ...", where "whether" opens the clause)
            and any(t.lower_ == PRECONJ_PAIR[doc[i].lower_] for t in doc[first:])
        )
    ]


def _gapped_after_name(doc: Doc, cc: int) -> bool:
    """The conjunction after a name opened by an article ("the Socialist Party and Ann Kay
    ...") opens a gapped conjunct, not the rest of one name ("the Bill and Melinda Gates
    Foundation"): the omission detector reads it as gapping, and its last remnant answers
    its parallel in category and preposition ("... won the Cup and Hull the Shield", "...
    plays in the Premier League and Leeds in the Championship"; not "gave money to the Bill
    and Melinda Gates Foundation in 2010", whose "in 2010" answers no "to")."""
    om = detect_omission(doc, cc)
    if om is None or om.kind != "gapping" or om.marker or len(om.remnants) < 2:
        return False
    last, par = om.remnants[-1], om.parallels[-1]
    if par is None or last.category != par.category:
        return False
    return last.category != "PP" or last.prep == par.prep


#: Pairs of the miner's list (``mining.evidence.FIXED_PAIRS``) that the resolver splits: they
#: name two kinds of people, not one thing ("Men and women over 60 can apply")
DISTRIBUTIVE_PAIRS = frozenset({("men", "women")})
#: Pairs of that list joined by "or" ("sooner or later", "more or less", "on or about")
OR_PAIRS = frozenset({("sooner", "later"), ("more", "less"), ("give", "take"), ("on", "about")})


def _fixed_pair(doc: Doc, cc: int) -> bool:
    """The conjunction ``cc`` joins the two words of a fixed pair that names one thing or
    idea, right beside it (the miner's list, ``mining.evidence.FIXED_PAIRS``, less
    :data:`DISTRIBUTIVE_PAIRS`: "the fish and chips", "peace and quiet", "bed and breakfast"),
    by the pair's own conjunction (*or* for :data:`OR_PAIRS`), without a correlative "both"
    before it: nothing to rewrite."""
    from lingeval.conjuncts.mining.evidence import FIXED_PAIRS

    if not 0 < cc < len(doc) - 1:
        return False
    pair = (doc[cc - 1].lower_, doc[cc + 1].lower_)
    if pair not in FIXED_PAIRS or pair in DISTRIBUTIVE_PAIRS:
        return False
    if doc[cc].lower_ != ("or" if pair in OR_PAIRS else "and"):
        return False
    return not (cc >= 2 and doc[cc - 2].lower_ == "both")


def _in_negated_remnant(doc: Doc, cc: int) -> bool:
    """The conjunction ``cc`` joins phrases inside a stripped remnant under *not* / *never*
    ("may bring snacks, but not wine [or] glass jars"): both are negated, so a positive
    rewrite of either would invert the meaning ("may bring glass jars"); such a sentence is
    left to the remnant's own conjunction. True when, going left from ``cc`` over at most 10
    words without a verb or a clause mark, *not* / *never* follows *but* / *and*."""
    for k in range(cc - 1, max(0, cc - 11), -1):
        tok = doc[k]
        if tok.lower_ in {"not", "never"}:
            if not (k > 0 and doc[k - 1].lower_ in {"but", "and"} and k + 1 < cc):
                return False
            # (a clause after the conjunction is no second item: "but not tea, and he ...")
            for j in range(cc + 1, min(len(doc), cc + 11)):
                if doc[j].tag_ in VERB_TAGS or doc[j].tag_ == "MD":
                    return False
                if doc[j].text in {",", ";", ":", ".", "!", "?"}:
                    break
            return True
        if tok.tag_ in VERB_TAGS or tok.tag_ == "MD" or tok.text in {";", ":", "(", ")"}:
            return False
        if tok.lower_ in CONJUNCTIONS:
            return False
    return False


def resolve_doc(
    doc: Doc,
    cc: int,
    *,
    ranker: str | RankerModel | None = None,
    collect: list[tuple[_Candidate, Resolution | None]] | None = None,
) -> Resolution:
    """Resolve the coordination of ``doc`` whose conjunction is token ``cc``.

    ``ranker`` names the analysis ranker (a version such as ``v1`` or a JSON path; default
    the shipped one); ``collect`` receives every analysis of a verbless conjunct with its
    rewrites (used to fit the ranker).
    """
    sentence = doc.text
    unchanged = lambda why: Resolution([sentence], f"unchanged:{why}", changed=False)  # noqa: E731
    if not 0 <= cc < len(doc):
        return unchanged("no-conjunction")
    if doc[cc].lower_ not in CONJUNCTIONS:
        return unchanged("not-a-conjunction")
    if len(doc) > MAX_TOKENS:
        return unchanged("too-long")
    cite = _final_citation(doc)
    if cite is not None and cite > cc + 1:
        # "... and so on. [5]": resolved without the citation, which ends every rewrite
        sub, new = _doc_without(doc, cite, len(doc) - 1)
        res_cite = resolve_doc(sub, new[cc], ranker=ranker, collect=collect)
        if not res_cite.changed:
            return unchanged(res_cite.rule.split(":", 1)[-1])
        text = doc[cite:].text
        res_cite.sentences = [f"{s} {text}" for s in res_cite.sentences]
        return res_cite
    doc = _verb_from_plural_noun(doc, cc)
    doc = _base_verb_after_plural(doc, cc)
    doc = _titles_as_names(doc)
    doc = _names_tagged_verbs(doc)
    doc = _numbers_tagged_names(doc)
    doc = _common_words_retagged(doc, cc)
    doc = _imperative_retagged(doc, cc)
    doc = _split_compound_noun(doc, cc)
    doc = _possessive_remnant(doc, cc)
    doc = _adjective_remnant(doc, cc)
    _adjective_subjects(doc)
    last = _list_end_conjunction(doc, cc)
    if last is not None:
        # "One clock shows hours, and another minutes, another seconds, and another days":
        # the marked conjunction opens a verbless list that a later one closes; the list is
        # resolved at its last conjunction, every group a rewrite (issue 11, shape 7)
        seen: list[tuple[_Candidate, Resolution | None]] = []
        res_last = resolve_doc(doc, last, ranker=ranker, collect=seen)
        if res_last.changed and res_last.rule.endswith("+list"):
            if collect is not None:
                collect.extend(seen)
            return res_last
    an = _Analysis(doc, cc, ranker)
    asides = _asides_between_remnants(an)
    if asides:
        res_aside = _resolve_without_asides(an, asides, ranker, collect)
        if res_aside is not None:
            return res_aside
    bracketed = _bracketed_aside(an) if BRACKETED_ASIDES else None
    if bracketed is not None:
        res_bracket = _resolve_without_bracket(an, bracketed, ranker, collect)
        if res_bracket is not None:
            return res_bracket
    report = _interrupting_report(an)
    if report is not None:
        res_report = _resolve_without_report(an, report, ranker, collect)
        if res_report is not None:
            return res_report
    closing = _closing_report(an)
    if closing is not None:
        res_closing = _resolve_without_closing_report(an, closing, ranker, collect)
        if res_closing is not None:
            return res_closing
    if cc > 0 and doc[cc - 1].text in {"(", "["}:  # only stripping: "(but also less fun!)"
        from lingeval.conjuncts.resolvers.stripping import resolve_parenthetical

        return resolve_parenthetical(an) or unchanged("parenthetical")
    if (
        0 < cc < len(doc) - 2
        and doc[cc - 1].tag_ == "NNP"
        and doc[cc - 1].text[:1].isupper()  # not a tagger's "the north/NNP and York ..."
        and doc[cc + 1].tag_ == "NNP"
        and doc[cc + 2].tag_ in {"NNP", "NNPS"}
        # a name opened by an article ("the Bill and Melinda Gates Foundation"), not two
        # names ("in May and New York in June", "in Paris and Los Angeles")
        and (name := _name_start(doc, cc - 1)) > 0
        and doc[name - 1].tag_ == "DT"
        and not _gapped_after_name(doc, cc)
    ):
        return unchanged("proper-name")
    if _in_negated_remnant(doc, cc):
        return unchanged("negated-remnant")
    reason = an.unchanged_reason()
    overridden = None
    if reason is not None and _correlative_but(doc, cc):
        # "not only / just X but (also) Y" is distributive by its words: no collective or
        # reciprocal reading binds it ("showing you not just how I cook but why I stopped
        # buying bread altogether"); only the stripping reading of it is taken
        overridden, reason = reason, None
    if reason == "binding-clause":
        om = detect_omission(doc, cc)
        if om is not None and om.left_start > 0 and doc[om.left_start - 1].lower_ == "with":
            reason = None  # the coordination is inside the absolute clause, not bound by it
    if reason == "collective:respectively":
        paired = _respectively(an)
        if paired is not None:
            return paired
    if reason:
        return unchanged(reason)
    if _fixed_pair(doc, cc):
        return unchanged("fixed")
    r_start = cc + 1
    while r_start <= an.last and doc[r_start].is_punct:
        r_start += 1
    p = an.left_end(cc)
    if r_start > an.last or p < 0:
        return unchanged("empty-conjunct")
    b, binding = an.boundary(r_start)
    if binding and not _correlative_but(doc, cc):
        return unchanged("binding-clause")
    if binding:
        overridden = overridden or "binding-clause"
    if b <= r_start:
        return unchanged("empty-conjunct")
    right = Span(r_start, b - 1)
    right = Span(right.start, an.left_end(right.end + 1))
    if right.end < right.start:
        return unchanged("empty-conjunct")
    idiom = _list_idiom(doc, right)
    if idiom is not None:
        right = idiom
        # "in a month or so", "apples, pears and so on"; but the groups of an omission list
        # that "and so on" closes are resolved ("to A first, then to B, and so on")
        closed = _resolve_closed_list(an, right, ranker, collect)
        return closed if closed is not None else unchanged("idiom")
    verb = an.clause_verb(p)
    om = None
    try:
        res = None
        rv = _retag(an, verb, right, an.first_verb(right))  # "and thaws in April": a verb
        om = detect_omission(doc, cc)
        if om is not None and rv is not None and rv.tag_ == "NNS" and rv.i <= om.right_end:
            om = None  # the tagger's plural noun is a verb after all
        if om is not None and om.marker not in {"not", "never"}:
            # a verbless conjunct with parallel phrases: an omission, whatever the parse says;
            # its last remnant may keep a relative clause parallel to the first conjunct's
            res = _relative_remnant(an, verb, p, right, b, collect) or _omission(
                an, om, verb, p, r_start, collect, right.end
            )
        if res is None and om is None:
            res = _clause_remnant(an, p, right, b, collect) or _relative_remnant(
                an, verb, p, right, b, collect
            )
        if res is None:
            res = _resolve(an, verb, p, right, b, collect)
    except (IndexError, ValueError, RecursionError):  # pragma: no cover - defensive
        res = None
    res = _vp_ellipsis_first(an, r_start) or res
    if res is None or not res.rule.startswith("stripping") or res.details.get("fallback"):
        # a stripped conjunct that ends before the sentence does (issue 11, session 12); also
        # in place of the parse rules' "but not X" (_stripping_negation) when it answers the
        # subject, which that rule never reads
        from lingeval.conjuncts.resolvers.stripping import resolve_stripping_within

        with contextlib.suppress(IndexError, ValueError, RecursionError):
            within = resolve_stripping_within(an, r_start)
            if within is not None and (
                res is None
                or not res.details.get("fallback")
                or within.details.get("subject")
                or within.details.get("focus")  # the focus of a cleft ("It was A who ...")
            ):
                res = within
    if res is None:
        res = _surface_correlative(an)
    if res is None:
        return unchanged("no-alignment")
    if b < an.last and doc[b].text == ",":
        own = _own_relative(an, right, b + 1)
        if own is not None:
            res = _unshared(res, doc[b : own + 1].text)
    elif (
        om is not None
        and res.rule.startswith(("gapping", "argument-cluster"))
        and r_start <= om.right_end < b - 2
        and doc[om.right_end + 1].text == ","
    ):
        # the detector's conjunct ends before a relative clause the boundary runs past: on a
        # noun of the last remnant it is that remnant's ("and B by Nicola Romeo, whose
        # company ..."), not copied into the other rewrites
        own = _own_relative(an, Span(r_start, om.right_end), om.right_end + 2)
        if own is not None:
            res = _unshared(res, doc[om.right_end + 1 : own + 1].text)
    why = _own_reason(an, right, b)
    if why is not None:
        res = _unshared(res, doc[why[0] : why[1] + 1].text)
    out = [s for s in res.sentences if s]
    if len(out) < 2 or len(set(out)) < len(out):
        return unchanged("degenerate")
    if overridden is not None and not res.rule.startswith("stripping"):
        return unchanged(overridden)
    if _correlative_but(doc, cc):
        out = [_without_not_only(doc, cc, s) for s in out]
    res.sentences = out
    return res


def _without_not_only(doc: Doc, cc: int, text: str) -> str:
    """``text`` (a rewrite of the correlative "not only / just X but (also) Y" at ``cc``)
    without the first half of the correlative, which no rule dropped ("was observed not only
    in A" -> "was observed in A"): the words "not only" are taken out once when they occur
    at the place of the marked pair (after the word before it, or opening the rewrite when
    the pair opens the sentence), when exactly one occurrence is there; a rewrite they opened
    is capitalised again. Another "not only" of the sentence stays ("..., although it is not
    only an art museum")."""
    k = next(
        (
            i
            for i in range(cc - 2, max(-1, cc - 26), -1)
            if doc[i].lower_ == "not" and doc[i + 1].lower_ in NOT_ONLY
        ),
        None,
    )
    if k is None:
        return text
    pair = f"{doc[k].lower_} {doc[k + 1].lower_} "
    low = text.lower()
    # (the place is checked only when the sentence has another "not only": a rewrite may put
    # a word before the pair, "This would equally not only apply")
    alone = sum(
        t.lower_ == doc[k].lower_ and t.nbor(1).lower_ == doc[k + 1].lower_ for t in doc[:-1]
    )
    before = f"{doc[k - 1].lower_} " if k > 0 and alone > 1 else ""
    starts = [
        m
        for m in range(len(low))
        if low.startswith(pair, m)
        and (m == 0 or low[m - 1].isspace())
        and (low[:m].endswith(before) if before else alone == 1 or m == 0)
    ]
    if len(starts) != 1:
        return text
    at = starts[0]
    rest = text[at + len(pair) :]
    if at == 0:
        return rest[:1].upper() + rest[1:]
    return text[:at] + rest


#: Tags that open the phrase of a correlative "not (only) X but (also) Y", by kind
_CORRELATIVE_KINDS = {
    "IN": "PP", "TO": "PP",
    "DT": "NP", "PDT": "NP", "PRP$": "NP", "CD": "NP", "NN": "NP", "NNS": "NP", "NNP": "NP",
    "NNPS": "NP", "JJ": "NP", "JJR": "NP", "VBG": "NP", "VBN": "NP",
    "RB": "ADV", "RBR": "ADV",
}  # fmt: skip


def _clause_after_comma(doc: Doc, comma: int, last: int) -> bool:
    """A clause or a clause joined by a conjunction starts after the comma ``comma``: a
    finite verb within six words after nothing but a noun phrase or adverbs (", a spokeswoman
    said", ", otherwise it will peel"), or a conjunction."""
    if comma + 1 > last:
        return True
    if doc[comma + 1].tag_ == "CC":
        return True
    inner = {"DT", "PRP$", "PRP", "NN", "NNS", "NNP", "NNPS", "JJ", "RB", "CD", "POS", "EX"}
    for j in range(comma + 1, min(last, comma + 7) + 1):
        if doc[j].tag_ in FINITE_TAGS:
            return j > comma + 1 or doc[j].tag_ == "MD"
        if doc[j].tag_ not in inner:
            return False
    return False


def _correlative_but(doc: Doc, cc: int) -> bool:
    """The marked conjunction is the *but* of "not only / just / merely / simply X but (also)
    Y", its *not* at most 25 words before it with no sentence punctuation between."""
    if doc[cc].lower_ != "but":
        return False
    for i in range(cc - 2, max(-1, cc - 26), -1):
        if doc[i].text in {";", ":", ".", "?", "!"}:
            return False
        if doc[i].lower_ == "not" and doc[i + 1].lower_ in NOT_ONLY:
            return True
    return False


def _surface_correlative(an: _Analysis) -> Resolution | None:
    """ "not (only / just) X but (also) Y" read from the words when no rule found a reading
    (the parse is broken: "The fund supports/nsubj not just established/ccomp painters but
    ..."): X and Y open with phrases of one kind, neither holds a finite verb, and a verb
    comes before "not". The first rewrite drops "only / just" and the rest ("supports
    established painters"; a replacive "not X" stays: "Apply it not to the wet surface"), the
    second puts Y in X's place ("also" after the first auxiliary or before the verb); what
    follows Y after a comma and a clause is shared. None otherwise."""
    doc, cc, last = an.doc, an.cc, an.last
    if doc[cc].lower_ != "but" or cc < 3:
        return None
    k = next((i for i in range(cc - 1, max(0, cc - 10), -1) if doc[i].lower_ == "not"), None)
    if k is None or k < 1:
        return None
    only = k + 1 < cc and doc[k + 1].lower_ in NOT_ONLY
    xs = k + 1 + int(only)
    xe = cc - 1 - int(doc[cc - 1].text == ",")
    if xe < xs:
        return None
    stop = FINITE_TAGS | {"MD", "VB", "CC", "WDT", "WP", "WRB"}
    if any(
        doc[i].tag_ in stop or (doc[i].is_punct and doc[i].tag_ != "HYPH")
        for i in range(xs, xe + 1)
    ):
        return None
    prev = doc[k - 1]
    if prev.lemma_.lower() == "do" or prev.tag_ == "MD" or prev.is_punct:
        return None  # a negated verb phrase ("does not just sing"), not a phrase
    verbs = [
        i
        for i in range(0, k)
        if doc[i].tag_ in VERB_TAGS | {"MD"}
        and not any(doc[j].text in {";", ":"} for j in range(i, k))
    ]
    if not verbs:
        return None
    ys = cc + 1
    while ys <= last and doc[ys].text == ",":
        ys += 1
    also = ys <= last and doc[ys].lower_ == "also"
    ys += int(also)
    ye = ys
    while ye + 1 <= last and not (
        doc[ye + 1].text in {",", ";", ":", "(", "–", "—"}
        and _clause_after_comma(doc, ye + 1, last)
    ):
        ye += 1
    if ys > ye or ye - ys > 14:
        return None
    if any(doc[i].tag_ in stop - {"VB", "CC"} for i in range(ys, ye + 1)):
        return None
    kx, ky = _CORRELATIVE_KINDS.get(doc[xs].tag_), _CORRELATIVE_KINDS.get(doc[ys].tag_)
    if kx is None or kx != ky:
        return None
    if kx == "PP" and doc[xs].lower_ in SUBORDINATORS - {"as"}:
        return None
    rest = list(range(ye + 1, len(doc)))
    before = list(range(0, k))
    first = before + ([] if only else [k]) + list(range(xs, xe + 1)) + rest
    second = before + list(range(ys, ye + 1)) + rest
    replace: dict[int, str] = {}
    if also:
        # after the first auxiliary or a finite "be", else before the clause's verb
        clause = [i for i in verbs if not any(doc[j].is_punct for j in range(i, k))] or verbs
        v = doc[clause[0]]
        aux = v.tag_ == "MD" or (v.lemma_.lower() in {"be", "have"} and v.tag_ in FINITE_TAGS)
        replace[v.i] = (
            f"{v.text} also" if aux else f"also {_lower_first(v) or v.text if v.i == 0 else v.text}"
        )
    texts = [
        _finish(_tokens_text(doc, first), an.final),
        _finish(_tokens_text(doc, second, replace), an.final),
    ]
    if texts[0] == texts[1]:
        return None
    return Resolution(texts, "stripping", details={"surface": True})


def _adjective_subjects(doc: Doc) -> None:
    """A capitalised word that the parser makes the subject of a verb but tags as an
    adjective is a name ("Sara/JJ paints landscapes"): it is marked a noun
    (``doc.user_data["lingeval_nominal"]``), so a subject remnant can answer it."""
    for tok in doc:
        if (
            tok.dep_ in {"nsubj", "nsubjpass"}
            and tok.tag_ == "JJ"
            and tok.text[:1].isupper()
            and tok.head.tag_ in VERB_TAGS
            and not any(c.dep_ in {"det", "amod", "compound"} for c in tok.children)
        ):
            doc.user_data.setdefault("lingeval_nominal", set()).add(tok.i)


def _asides_between_remnants(an: _Analysis) -> list[tuple[int, int, int]]:
    """The asides set off by commas after the first remnant of a verbless conjunct, the
    marked one or a middle one of a list ("Ann ordered fish, Bob, as usual, a steak, and Kim,
    of course, a salad"), left to right: ``(remnant start, opening comma, closing comma)``.
    The first remnant is up to five words without a verb or punctuation, after a comma or a
    conjunction and after the first clause's verb; the aside is a remark of one to four words
    (:func:`~lingeval.conjuncts.omission.remark`: "as usual", "of course", "predictably"),
    or several in a row (", as usual, predictably,"); up to the end of its conjunct (a
    comma, a conjunction or the sentence's end) no verb follows, and a nominal, preposition
    or adjective does (a remnant, not a stripping marker: "and Bo, of course, too"). Paper
    000, section 3.2 (gapping)."""
    doc = an.doc
    first_verb = next((i for i in range(0, an.cc) if _is_verb_tok(doc, i)), None)
    if first_verb is None:
        return []
    out: list[tuple[int, int, int]] = []
    k = first_verb + 2
    while k < an.last:
        close = _remark_close(an, k)
        if close is None and k > an.cc:
            close = _apposition_close(an, k)
        if close is None and k > an.cc:
            close = _relative_close(an, k)
        if close is None:
            k += 1
            continue
        start = k
        while start - 1 > first_verb and not (
            doc[start - 1].is_punct or doc[start - 1].tag_ == "CC" or _is_verb_tok(doc, start - 1)
        ):
            start -= 1
        opener = doc[start - 1]
        end = next(
            (i for i in range(close + 1, an.last + 1) if doc[i].text == "," or doc[i].tag_ == "CC"),
            an.last + 1,
        )
        if (
            (opener.text == "," or opener.tag_ == "CC")
            and 1 <= k - start <= 5
            and (start > an.cc or end == an.cc or doc[end].text == ",")
            and not any(_is_verb_tok(doc, i) for i in range(close + 1, end))
            and any(
                doc[i].tag_ in NOMINAL_TAGS | {"IN", "JJ", "JJR", "JJS"}
                for i in range(close + 1, end)
            )
        ):
            out.append((start, k, close))
        k = close + 1
    return out


def _apposition_close(an: _Analysis, k: int) -> int | None:
    """The closing comma of an apposition set off by commas after a name remnant of a
    gapped conjunct ("and Margaret[, the youngest,] a painter"): a definite noun phrase of two
    to four words without a verb; else None."""
    doc = an.doc
    if doc[k].text != "," or doc[k - 1].tag_ not in {"NNP", "NNPS"}:
        return None
    nxt = next((c for c in range(k + 3, min(k + 6, an.last)) if doc[c].text == ","), None)
    if nxt is None or doc[k + 1].tag_ not in {"DT", "PRP$"}:
        return None
    words = doc[k + 1 : nxt]
    if any(t.tag_ not in NP_INNER_TAGS or t.is_punct for t in words):
        return None
    return nxt


def _relative_close(an: _Analysis, k: int) -> int | None:
    """The closing comma of a relative clause set off by commas after the noun that ends the
    first remnant of a gapped conjunct ("and the Hill Hotel[, which opened in 1913,] 7
    floors"): "which", "who" or "whose", a verb, and no other comma or conjunction, up to
    twelve words; else None."""
    doc = an.doc
    if (
        doc[k].text != ","
        or doc[k - 1].tag_ not in {"NN", "NNS", "NNP", "NNPS"}
        or doc[k + 1].lower_ not in {"which", "who", "whose"}
    ):
        return None
    nxt = next((c for c in range(k + 3, min(k + 14, an.last)) if doc[c].text == ","), None)
    if nxt is None or any(doc[i].tag_ == "CC" or doc[i].is_punct for i in range(k + 1, nxt)):
        return None
    if not any(_is_verb_tok(doc, i) for i in range(k + 2, nxt)):
        return None
    # the rest of the sentence is one more remnant: no verb, no conjunction ("..., which
    # faced logistical, training and food problems": the comma is inside the clause)
    if any(_is_verb_tok(doc, i) or doc[i].tag_ == "CC" for i in range(nxt + 1, an.last + 1)) or doc[
        nxt + 1
    ].tag_ not in {"DT", "CD", "NNP", "NNPS", "NN", "NNS", "PRP$", "JJ", "$"}:
        return None
    return nxt


def _remark_close(an: _Analysis, k: int) -> int | None:
    """The closing comma of one or more remarks (:func:`~lingeval.conjuncts.omission.remark`)
    that open after the comma at ``k`` (", as usual," / ", as usual, predictably,"), before
    the sentence's last word; else None."""
    doc = an.doc
    close = None
    while doc[k].text == ",":
        nxt = next((c for c in range(k + 2, min(k + 6, an.last)) if doc[c].text == ","), None)
        if nxt is None or not remark(doc[k + 1 : nxt]):
            break
        close = k = nxt
    return close


def _resolve_without_asides(
    an: _Analysis,
    asides: list[tuple[int, int, int]],
    ranker: str | RankerModel | None,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """Resolve the sentence without its asides (a copy of the doc without their tokens, the
    parse kept), then put each aside back after its first remnant, in the one rewrite that
    holds that remnant and is not the first conjunct's ("Ann ordered fish and Bob, as usual,
    a steak" -> "Bob, as usual, ordered a steak."). None when that fails (the caller
    resolves the sentence as it is)."""
    doc = an.doc
    sub, cc = doc, an.cc
    for _, lo, hi in reversed(asides):  # right to left: the indices before stay valid
        sub, new = _doc_without(sub, lo, hi)
        cc = new[cc]
    res = resolve_doc(sub, cc, ranker=ranker, collect=collect)
    if not res.changed or len(res.sentences) < 2:
        return None
    texts = []
    for start, lo, hi in asides:
        remnant = re.compile(r"\b" + re.escape(doc[start:lo].text) + r"\b", re.IGNORECASE)
        where = [n for n, s in enumerate(res.sentences) if remnant.search(s)]
        if len(where) != 1 or where[0] == 0:
            return None
        text = doc[lo : hi + 1].text  # ", as usual,"
        sent = res.sentences[where[0]]
        found = remnant.search(sent)
        assert found is not None
        end = found.end()
        restored = re.match(r" (\w+)\b", sent[end:])
        if restored and _restored_noun(doc, lo - 1, an.cc, restored.group(1)):
            end += restored.end()  # "the second album, weirdly enough," (_modifier_pivot)
        res.sentences[where[0]] = sent[:end] + text + sent[end:]
        texts.append(text)
    res.details["aside"] = " ".join(texts)
    return res


def _restored_noun(doc: Doc, last: int, cc: int, word: str) -> bool:
    """``word``, right after a remnant whose last token ``last`` is an ordinal or adjective,
    is the noun :func:`_modifier_pivot` restored from the first conjunct: a common noun of
    the words before the conjunction ``cc``."""
    if not stands_for_noun(doc[last]):
        return False
    return any(t.tag_ in {"NN", "NNS"} and t.text.lower() == word.lower() for t in doc[:cc])


def _conjuncts_of(doc: Doc, cc: int) -> list[Span] | None:
    """The conjuncts of the coordination whose conjunction is token ``cc``, from the parse:
    the conjunction's head and its chain of ``conj`` dependents, each the words of its own
    subtree up to the next conjunct (commas and the conjunction left out); None when the
    parse gives fewer than two or they do not sit around ``cc``."""
    first = doc[cc].head
    for _ in range(12):  # "12, 9 and 4": the chain's first conjunct
        if first.dep_ != "conj" or first.head.i >= first.i:
            break
        first = first.head
    if first.i >= cc:
        return None
    heads = [first]
    todo = [first]
    while todo and len(heads) < 12:  # the conj dependents of the first and of each other
        more = [c for c in todo.pop().children if c.dep_ == "conj"]
        heads.extend(more)
        todo.extend(more)
    heads.sort(key=lambda t: t.i)
    if len(heads) < 2 or heads[-1].i < cc:
        return None
    spans = []
    for n, h in enumerate(heads):
        start = h.left_edge.i if n else min(h.left_edge.i, h.i)
        if n + 1 < len(heads):
            end = heads[n + 1].left_edge.i - 1
            while end > start and (doc[end].text in {",", ";", "-", "--"} or doc[end].tag_ == "CC"):
                end -= 1
            # a dependent after the head that is no conjunct ("12 [rainy days]") ends it
            end = min(
                end,
                max(
                    [h.i]
                    + [
                        c.right_edge.i
                        for c in h.children
                        if c.i < cc
                        and c.dep_ not in {"conj", "cc", "punct"}
                        and c.i < heads[n + 1].i
                    ]
                ),
            )
        else:
            end = max(
                [h.i]
                + [c.right_edge.i for c in h.children if c.dep_ not in {"conj", "cc", "punct"}]
            )
        if end < start:
            return None
        spans.append(Span(start, end))
    return spans


def _respectively(an: _Analysis) -> Resolution | None:
    """ "A and B did X and Y, respectively": the two coordinations of the clause are paired
    conjunct by conjunct, one rewrite per pair ("A did X.", "B did Y."); "respectively" and
    its commas are left out, the verb agrees with its new subject. Only with exactly two
    coordinations by "and" of the same length, one before the verb and one after it; else
    None (the sentence stays unchanged)."""
    doc = an.doc
    resp = [t.i for t in doc if t.lower_ == "respectively"]
    if len(resp) != 1:
        return None
    k = resp[0]
    ccs = [t.i for t in doc[:k] if t.lower_ == "and" and t.tag_ == "CC"]
    if len(ccs) != 2 or an.cc not in ccs:
        return None
    coords = [_conjuncts_of(doc, c) for c in ccs]
    if coords[0] is None or coords[1] is None or len(coords[0]) != len(coords[1]):
        return None
    a, b = coords[0], coords[1]
    if any(_head_of(doc, c[0]).dep_ == "appos" for c in (a, b)):
        return None  # "The twins, Ana and Eva, finished ...": the names only name the twins
    whole_a, whole_b = Span(a[0].start, a[-1].end), Span(b[0].start, b[-1].end)
    if whole_a.end >= whole_b.start or whole_b.end >= k:
        return None
    verb = an.clause_verb(whole_b.start)
    if verb is None or not whole_a.end < verb.i < whole_b.start:
        return None
    subj = an.subject_span(verb)
    drop = {k}
    if doc[k - 1].text == ",":
        drop.add(k - 1)
        if k + 1 < len(doc) and doc[k + 1].text == ",":
            drop.add(k + 1)
    template = [i for i in range(0, an.last + 1) if i not in drop]
    finite = _finite_of(doc, verb)
    sents = []
    for ra, rb in zip(a, b, strict=True):
        indices = [i for i in template if i < whole_a.start]
        indices += range(ra.start, ra.end + 1)
        indices += [i for i in template if whole_a.end < i < whole_b.start]
        indices += range(rb.start, rb.end + 1)
        indices += [i for i in template if i > whole_b.end]
        replace: dict[int, str] = {}
        if subj is not None and finite is not None and subj.start <= whole_a.start <= subj.end:
            form = _agreeing_form(doc, finite, ra)  # "Alan and Beth were born" -> "Alan was"
            if form:
                replace[finite.i] = form
        sents.append(_finish(_tokens_text(doc, indices, replace), an.final))
    if len(set(sents)) < len(sents):
        return None
    return Resolution(sents, "respectively", details={"remnants": 2})


def _final_citation(doc: Doc) -> int | None:
    """The index of the "[" of a citation mark that ends the doc after its final full stop
    ("... and so on. [5]", "... in 1990.[12]"): one to three numbers or words inside square
    brackets; else None."""
    n = len(doc)
    if n < 5 or doc[n - 1].text != "]":
        return None
    lo = next((k for k in range(n - 2, max(0, n - 6), -1) if doc[k].text == "["), None)
    if lo is None or lo < 2 or lo == n - 2 or doc[lo - 1].text not in FINAL_PUNCT:
        return None
    if not all(doc[k].is_alpha or doc[k].like_num for k in range(lo + 1, n - 1)):
        return None
    return lo


def _list_idiom(doc: Doc, right: Span) -> Span | None:
    """The right conjunct is a list idiom ("so on", "the like"; :data:`LIST_IDIOMS`): its
    span, else None."""
    for n in (2, 1):
        end = right.start + n - 1
        if end > right.end or tuple(doc[i].lower_ for i in range(right.start, end + 1)) not in (
            LIST_IDIOMS
        ):
            continue
        if end == right.end:
            return Span(right.start, end)
    return None


def _resolve_closed_list(
    an: _Analysis,
    idiom: Span,
    ranker: str | RankerModel | None,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """A list closed by ", and so on" / ", and the like" whose groups are verbless remnants
    ("apply the rule to A first, then to B, and so on"): the sentence is resolved as if the
    conjunction stood before the last group and the idiom were absent ("... to A first, and
    then to B"), on a copy of the doc (the parse kept). Only an omission is kept (argument
    cluster, gapping, stripping): a list of plain phrases ("apples, pears, and so on") stays
    unchanged. Each rewrite leaves the idiom out (it names no conjunct). None otherwise."""
    doc, cc = an.doc, an.cc
    if cc < 3 or doc[cc - 1].text != ",":
        return None
    k0 = next((k for k in range(cc - 2, max(0, cc - 30), -1) if doc[k].text == ","), None)
    if (
        k0 is None
        or k0 + 1 > cc - 2
        or any(doc[i].tag_ in FINITE_TAGS for i in range(k0 + 1, cc - 1))
    ):
        return None
    if not any(_is_verb_tok(doc, i) for i in range(0, k0)):
        return None
    order = [*range(0, k0 + 1), cc, *range(k0 + 1, cc - 1), *range(idiom.end + 1, len(doc))]
    sub, new = _doc_reordered(doc, order)
    res = resolve_doc(sub, new[cc], ranker=ranker, collect=collect)
    if not res.changed or res.rule.split("+")[0] in {"coordination", "clauses", "shared-subject"}:
        return None
    res.details["closed_by"] = doc[cc : idiom.end + 1].text
    return res


def _doc_reordered(
    doc: Doc, order: list[int], spaces: list[bool] | None = None
) -> tuple[Doc, dict[int, int]]:
    """A copy of ``doc`` with the tokens ``order`` (old indices, in their new order), their
    texts, tags, POS, lemmas and labels, the parse kept (a head left out is replaced by its
    nearest kept ancestor), and the map from old to new indices; each token keeps its own
    trailing space unless ``spaces`` (one per token of ``order``) says otherwise."""
    from spacy.tokens import Doc as SpacyDoc

    new = {old: n for n, old in enumerate(order)}
    heads = []
    for i in order:
        h = doc[i].head.i
        for _ in range(40):
            if h in new:
                break
            h = doc[h].head.i if doc[h].head.i != h else i
        heads.append(new.get(h, new[i]))
    sub = SpacyDoc(
        doc.vocab,
        words=[doc[i].text for i in order],
        spaces=spaces if spaces is not None else [bool(doc[i].whitespace_) for i in order],
        heads=heads,
        deps=[doc[i].dep_ if heads[n] != n else "ROOT" for n, i in enumerate(order)],
        tags=[doc[i].tag_ for i in order],
        pos=[doc[i].pos_ for i in order],
        lemmas=[doc[i].lemma_ for i in order],
    )
    return sub, new


def _bracketed_aside(an: _Analysis) -> tuple[int, int] | None:
    """A bracketed aside right after the conjunction, before the conjunct's own material
    ("and (as it later turned out) a taste for ...", "and [to be fair] Bob a steak"): the
    indices of its brackets, else None. The bracket closes within twelve tokens, without a
    semicolon or another bracket inside, and a word that is no punctuation follows it."""
    doc, cc = an.doc, an.cc
    if cc + 2 > an.last or doc[cc + 1].text not in {"(", "["}:
        return None
    closer = ")" if doc[cc + 1].text == "(" else "]"
    for k in range(cc + 2, min(an.last, cc + 14)):
        text = doc[k].text
        if text == closer:
            if k == cc + 2 or k + 1 > an.last or doc[k + 1].is_punct:
                return None
            return cc + 1, k
        if text in {"(", "[", ")", "]", ";"}:
            return None
    return None


def _resolve_without_bracket(
    an: _Analysis,
    aside: tuple[int, int],
    ranker: str | RankerModel | None,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """Resolve the sentence without the bracketed aside that opens the marked conjunct (a
    copy of the doc without its tokens, the parse kept), then put the aside back in the last
    rewrite, the one of that conjunct: before the words that follow the aside in the
    sentence, or before the preposition the rewrite keeps in front of them ("predisposed
    (as it later turned out) to a susceptibility"). None when that fails."""
    doc = an.doc
    lo, hi = aside
    sub, new = _doc_without(doc, lo, hi, space=True)
    res = resolve_doc(sub, new[an.cc], ranker=ranker, collect=collect)
    if not res.changed or len(res.sentences) < 2:
        return None
    sent = res.sentences[-1]
    found = None
    for n in (3, 2, 1):  # the longest run of the words after the aside found once
        words = [doc[i].text for i in range(hi + 1, min(hi + 1 + n, an.last + 1))]
        if len(words) < n or not all(w[:1].isalnum() for w in words):
            continue
        after = _words_pattern(words, re.I)
        if len(after.findall(sent)) == 1:
            found = after.search(sent)
            break
    if found is None:
        return None
    at = found.start()
    text = doc[lo : hi + 1].text
    if at == 0:
        # a rewrite opened by the remnant ("(Oddly) Bob liked coffee."): the aside opens it,
        # the remnant's first word keeps its own case
        text = text[0] + text[1:2].upper() + text[2:]
        first = doc[hi + 1].text
        sent = first + sent[len(first) :] if sent[: len(first)].lower() == first.lower() else sent
    before = re.search(r"(\w+)\s+$", sent[:at])
    if before is not None and before.group(1).lower() in PREPOSITIONS_KEPT:
        at = before.start(1)
    res.sentences[-1] = sent[:at] + text + " " + sent[at:]
    res.details["aside"] = text
    return res


def _subject_bracket(an: _Analysis) -> tuple[int, int] | None:
    """A bracketed aside on a name before the first clause's verb, inside its clause and closed
    before the verb ("Ann Lee (painter, born 1950) lives in Rome and Bo Li in Oslo"; "Near the
    coast, Tours (France) lies on the Loire and Lyon on the Rhone"): the indices of its
    brackets, else None. The bracket closes within twelve tokens, without a semicolon, a
    finite verb or another bracket inside. (The parser, misled by it, may find no subject:
    none is asked for.)"""
    doc, cc = an.doc, an.cc
    verb = an.clause_verb(an.left_end(cc))
    if verb is None or verb.i > cc:
        return None
    start = max((i for i in range(verb.i) if doc[i].text in {";", ":"}), default=0)
    for lo in range(start + 1, verb.i - 1):
        if doc[lo].text != "(" or doc[lo - 1].tag_ not in {"NNP", "NNPS"}:
            continue
        for k in range(lo + 1, min(verb.i, lo + 14)):
            text = doc[k].text
            if text == ")":
                return (lo, k) if k > lo + 1 else None
            if text in {"(", "[", "]", ";"} or doc[k].tag_ in FINITE_TAGS:
                return None
        return None
    return None


def _relative_before_cc(an: _Analysis) -> tuple[int, int] | None:
    """A relative clause set off by commas on the noun that ends the first conjunct, closed
    by the comma right before the conjunction, before a verbless conjunct ("Its home is the
    Parc Arena, which seats 9,000 people, and Lyon's the Halle Sud"): the indices of its
    opening comma and of its last word, else None. "which", "who", "whose" or "where", a verb,
    up to twelve words, no other comma or conjunction inside."""
    doc, cc = an.doc, an.cc
    if (
        cc < 5
        or doc[cc - 1].text != ","
        or any(_is_verb_tok(doc, i) for i in range(cc + 1, an.last + 1))
    ):
        return None
    for k in range(cc - 3, max(0, cc - 15), -1):
        if doc[k].text != ",":
            if doc[k].is_punct or doc[k].tag_ == "CC":
                return None
            continue
        if (
            k > 0
            and doc[k - 1].tag_ in {"NN", "NNS", "NNP", "NNPS"}
            and doc[k + 1].lower_ in {"which", "who", "whose", "where"}
            and any(_is_verb_tok(doc, i) for i in range(k + 2, cc - 1))
        ):
            return k, cc - 2
        return None
    return None


def _words_pattern(words: list[str], flags: int = 0) -> re.Pattern[str]:
    """The words in a row, as whole words with any spaces between (where a rewrite keeps the
    words next to an aside left out of the resolved text)."""
    return re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, words)) + r"(?!\w)", flags)


def _with_aside(
    doc: Doc, aside: tuple[int, int], res: Resolution, glued: bool = False
) -> Resolution | None:
    """Put the aside ``aside`` (token indices), left out of the resolved text, back after the
    words before it in every rewrite that keeps them (a correlate replaced by a remnant takes
    its aside with it), with a space before it unless ``glued`` (a relative clause's opening
    comma). None when the first rewrite does not keep them."""
    lo, hi = aside
    first = lo - 1
    while first > max(0, lo - 3) and doc[first - 1].text[:1].isalnum():
        first -= 1
    words = [doc[i].text for i in range(first, lo)]
    before = _words_pattern(words)
    text = ("" if glued else " ") + doc[lo : hi + 1].text
    out = []
    for n, sent in enumerate(res.sentences):
        found = list(before.finditer(sent))
        if len(found) > 1 or (n == 0 and not found):
            return None
        if found:
            at = found[0].end()
            sent = sent[:at] + text + sent[at:]
        out.append(sent)
    res.sentences = out
    res.details["aside"] = text.strip()
    return res


#: resolve a conjunct opened by a bracketed aside without it (off: see docs, session 10)
BRACKETED_ASIDES = False
#: prepositions the rewrite keeps before a remnant that a bracketed aside goes in front of
PREPOSITIONS_KEPT = frozenset({"to", "in", "on", "at", "for", "with", "from", "by", "of", "into"})


def _doc_without(
    doc: Doc, lo: int, hi: int, space: bool | None = None
) -> tuple[Doc, dict[int, int]]:
    """A copy of ``doc`` without tokens ``lo``..``hi`` (``lo`` > 0), the parse kept
    (:func:`_doc_reordered`), and the map from old to new token indices. The token before the
    gap takes the space after ``hi`` (or ``space``)."""
    keep = [i for i in range(len(doc)) if not lo <= i <= hi]
    spaces = [bool(doc[i].whitespace_) for i in keep]
    spaces[keep.index(lo - 1)] = bool(doc[hi].whitespace_) if space is None else space
    return _doc_reordered(doc, keep, spaces)


def _interrupting_report(an: _Analysis) -> tuple[int, int] | None:
    """A quotation interrupted by its reporting clause right before the conjunction ("“It
    was hard,” she says, “but not impossible.”"): the indices of the closing quotation mark
    before the reporting clause and of the opening one after it, else None. The reporting
    clause has a verb, at most six words and no quotation mark; the quotation opens before
    it and closes at the end of the sentence."""
    doc = an.doc
    q2 = an.cc - 1
    if q2 < 4 or doc[q2].tag_ != "``" or doc[q2 - 1].text != ",":
        return None
    if doc[len(doc) - 1].tag_ != "''":
        return None
    for q1 in range(q2 - 2, max(0, q2 - 9), -1):
        if doc[q1].tag_ == "''":
            words = range(q1 + 1, q2 - 1)
            if (
                any(doc[i].tag_ in VERB_TAGS for i in words)
                and not any(doc[i].tag_ in {"``", "''"} for i in words)
                and doc[0].tag_ == "``"  # the quotation opens the sentence
                and not any(doc[i].tag_ in {"``", "''"} for i in range(1, q1))
            ):
                return q1, q2
            return None
    return None


def _resolve_without_report(
    an: _Analysis,
    report: tuple[int, int],
    ranker: str | RankerModel | None,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """Resolve the quotation without its interrupting reporting clause (paper 000, section 3:
    the clause is shared by every rewrite), then close each rewrite's quotation before the
    clause: "“It was hard,” she says." / "“It was not impossible,” she says.". None when the
    quotation alone is not rewritten."""
    doc = an.doc
    q1, q2 = report
    sub, new = _doc_without(doc, q1, q2, space=True)
    res = resolve_doc(sub, new[an.cc], ranker=ranker, collect=collect)
    if not res.changed or len(res.sentences) < 2:
        return None
    opening, closing = doc[q2].text, doc[q1].text
    clause = doc[q1 + 1 : q2 - 1].text
    quotes = "“”\"'`‘’ "
    out = []
    for sent in res.sentences:
        core = sent.strip().lstrip(quotes).rstrip(quotes + ".!?,;").rstrip(quotes)
        core = core[:1].upper() + core[1:]
        if an.final in {"?", "!"}:  # "“Is it warm?” she asked."
            out.append(f"{opening}{core}{an.final}{closing} {clause}.")
        else:
            out.append(f"{opening}{core},{closing} {clause}{an.final}")
    res.sentences = out
    res.details["report"] = clause
    return res


def _closing_report(an: _Analysis) -> tuple[int, int] | None:
    """A reporting clause that closes the sentence after a comma, its subject a noun phrase
    and its verb a reporting verb that the parser did not take for the clause's verb (",
    figures obtained by the BBC show/NN."): the indices of its comma and last word, else
    None. It is shared by every rewrite (paper 000, section 3)."""
    doc = an.doc
    last = an.last
    verb = doc[last]
    if verb.lower_ not in REPORT_FORMS or (verb.tag_ in VERB_TAGS and verb.dep_ == "ROOT"):
        return None
    if not verb.text.islower():
        return None  # a word of a name: ", United States"
    if not all(t.text in FINAL_PUNCT for t in doc[last + 1 :]):
        return None  # (a closing quotation mark or bracket)
    comma = next((i for i in range(last - 1, an.cc, -1) if doc[i].text == ","), None)
    if comma is None or comma - 1 <= an.cc or not 2 <= last - comma <= 8:
        return None
    words = range(comma + 1, last)
    if doc[comma + 1].tag_ not in {"DT", "NN", "NNS", "NNP", "NNPS", "PRP", "PRP$", "JJ", "CD"}:
        return None
    if any(doc[i].tag_ in FINITE_TAGS | {"MD", "CC", "``", "''"} or doc[i].is_punct for i in words):
        return None
    if verb.tag_ in VERB_TAGS and verb.head.i != verb.i and verb.head.i < comma:
        return None  # a verb of the clause before the comma ("..., which it says")
    return comma, last


def _resolve_without_closing_report(
    an: _Analysis,
    report: tuple[int, int],
    ranker: str | RankerModel | None,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """Resolve the sentence without its closing reporting clause (:func:`_closing_report`)
    and close every rewrite with it; None when the rest is not rewritten."""
    doc = an.doc
    comma, last = report
    sub, new = _doc_without(doc, comma, last)
    res = resolve_doc(sub, new[an.cc], ranker=ranker, collect=collect)
    if not res.changed or len(res.sentences) < 2:
        return None
    clause = doc[comma + 1 : last + 1].text
    res.sentences = [f"{sent.rstrip().rstrip('.!?')}, {clause}{an.final}" for sent in res.sentences]
    res.details["report"] = clause
    return res


#: Tags of a noun phrase that may be the subject before a plural noun read as a verb
_SUBJECT_NP_TAGS = frozenset({"DT", "JJ", "JJR", "JJS", "CD", "NN", "NNP", "NNPS", "PRP$", "POS"})


def _verb_lemma(form: str) -> str | None:
    """The dictionary verb whose -s form is ``form`` ("leaves" -> "leave", "goes" -> "go",
    "flies" -> "fly"), else None."""
    for lemma in (form[:-1], form[:-2], form[:-3] + "y"):
        if len(lemma) > 1 and has_lemma(lemma, "VERB") and lemma != form:
            return lemma
    return None


def _reheaded(doc: Doc, heads: list[int], deps: list[str]) -> Doc:
    """A copy of ``doc`` whose token ``i`` hangs on token ``heads[i]`` with relation
    ``deps[i]`` (a repair of the parse); the caller's doc (which the parser may cache and hand
    out again for the same text) is never changed."""
    import numpy as np
    from spacy.attrs import DEP, HEAD

    arr = np.array(
        [
            [(h - i) % (1 << 64), doc.vocab.strings.add(d)]
            for i, (h, d) in enumerate(zip(heads, deps, strict=True))
        ],
        dtype="uint64",
    )
    doc = doc.copy()
    doc.from_array([HEAD, DEP], arr)  # type: ignore[arg-type]
    return doc


def _verbless_clause_start(doc: Doc, cc: int) -> int | None:
    """Where the clause of the conjunction ``cc`` starts (after the last semicolon or colon
    before it) in a sentence without any verb or modal; None when the sentence has one. The
    shared opening of :func:`_verb_from_plural_noun` and :func:`_base_verb_after_plural`."""
    if any(t.tag_ in VERB_TAGS or t.tag_ == "MD" for t in doc):
        return None
    return max((k + 1 for k in range(cc) if doc[k].text in {";", ":"}), default=0)


def _verb_from_plural_noun(doc: Doc, cc: int) -> Doc:
    """Repair a sentence without any verb whose first conjunct is "noun phrase + plural noun
    that is also a verb's -s form + complement" ("The first train leaves/NNS at 6 and the last
    at 11", "One dial records/NNS days, and another ..."): the tagger's plural noun is the verb.

    The word becomes a ``VBZ`` verb heading the clause, the singular noun phrase before it its
    subject (``nsubj``) and the phrase the parser made the root its object (``dobj``). The
    repair is made on a copy, which is returned; the caller's doc (which the parser may cache
    and hand out again for the same text) is never changed, so every conjunction of a doc is
    resolved on the same parse whatever the order. Nothing is repaired (the doc itself is
    returned) unless exactly one word fits and the parse's root is that word or follows it.
    Paper 000, section 3.2 (the verb a gapped conjunct copies).
    """
    start = _verbless_clause_start(doc, cc)
    if start is None:
        return doc
    fits = [
        k
        for k in range(start + 1, cc - 1)
        if doc[k].tag_ == "NNS"
        and doc[k].text.islower()
        and doc[k - 1].tag_ in {"NN", "NNP", "NNPS"}  # a singular subject: "the train leaves"
        and doc[k + 1].tag_ in {"IN", "DT", "CD", "NN", "NNS", "NNP", "PRP$", "RB", "JJ"}
        and all(doc[j].tag_ in _SUBJECT_NP_TAGS for j in range(start, k))
        and _verb_lemma(doc[k].lower_) is not None
    ]
    if len(fits) != 1:
        return doc
    w = fits[0]
    # the parse's root, which becomes the verb's object: the word itself or a root after it
    root = w if doc[w].head.i == w else next((t.i for t in doc[w:] if t.head.i == t.i), None)
    if root is None:
        return (
            doc  # the root precedes the word ("Timetable: the first train leaves ..."): no repair
        )
    subj = w - 1
    heads = [t.head.i for t in doc]
    deps = [t.dep_ for t in doc]
    for k in range(start, subj):
        if not start <= heads[k] < w:
            heads[k] = subj
    heads[subj], deps[subj] = w, "nsubj"
    heads[w], deps[w] = w, "ROOT"
    for k in range(w + 1, len(doc)):
        if start <= heads[k] < w:
            heads[k] = w
    if root != w:
        heads[root], deps[root] = w, "dobj"  # "records [days]"
    else:
        # an object the parser hung on the verb as an apposition: "houses the library"
        obj = next((t.i for t in doc[w + 1 : cc] if heads[t.i] == w and deps[t.i] == "appos"), None)
        if obj is not None:
            deps[obj] = "dobj"
    doc = _reheaded(doc, heads, deps)
    tok = doc[w]
    tok.tag_, tok.pos_ = "VBZ", "VERB"
    tok.lemma_ = _verb_lemma(tok.lower_) or tok.lower_
    return doc


def _base_verb_after_plural(doc: Doc, cc: int) -> Doc:
    """Repair a sentence without any verb whose first conjunct is "plural noun phrase + a word
    the tagger calls a singular noun that is a verb's base form + complement" ("Kids under 5
    eat/NN free, and seniors ...", "Some of my friends study/NN law, and others ..."): the word
    is the present verb (``VBP``) heading the clause, the noun phrase before it its subject.

    The phrase before the word (a plural noun right before it, only noun-phrase words and
    prepositions from the start) hangs on the verb as ``nsubj`` by its root (the parse's root
    when it lies there, else the plural noun); what the parse hung on that phrase after the
    word hangs on the verb, a noun there as its object. Nothing is repaired (the doc itself is
    returned) unless exactly one word fits. The repair is made on a copy
    (:func:`_reheaded`). The plural-subject twin of :func:`_verb_from_plural_noun`.
    """
    from lingeval.conjuncts.memo import get_inflection

    start = _verbless_clause_start(doc, cc)
    if start is None:
        return doc
    fits = [
        k
        for k in range(start + 1, cc - 1)
        if doc[k].tag_ == "NN"
        and doc[k].text.isalpha()
        and doc[k].text.islower()
        and doc[k - 1].tag_ in {"NNS", "NNPS", "CD"}  # a plural subject: "the kids eat"
        and doc[k + 1].tag_ in {"IN", "DT", "CD", "NN", "NNS", "PRP$", "PRP", "RB", "JJ"}
        and doc[start].tag_ not in {"IN", "TO"}
        and all(doc[j].tag_ in _SUBJECT_NP_TAGS | {"NNS", "IN"} for j in range(start, k))
        and has_lemma(doc[k].lower_, "VERB")
        and doc[k].lower_ in get_inflection(doc[k].lower_, "VBP")  # a base form
    ]
    if len(fits) != 1:
        return doc
    w = fits[0]
    region = range(start, w)
    root = next((j for j in region if doc[j].head.i == j), None)
    subj = root if root is not None else w - 1
    heads = [t.head.i for t in doc]
    deps = [t.dep_ for t in doc]
    for j in region:
        if j != subj and not start <= heads[j] < w:
            heads[j] = subj
    heads[subj], deps[subj] = w, "nsubj"
    heads[w], deps[w] = w, "ROOT"
    for j in range(w + 1, len(doc)):
        if start <= heads[j] < w or heads[j] == j:
            heads[j] = w
            if doc[j].tag_ in {"NN", "NNS", "NNP", "NNPS", "PRP"} and deps[j] in {
                "pobj",
                "compound",
                "appos",
                "npadvmod",
                "ROOT",
            }:
                deps[j] = "dobj"
    doc = _reheaded(doc, heads, deps)
    tok = doc[w]
    tok.tag_, tok.pos_, tok.lemma_ = "VBP", "VERB", tok.lower_
    return doc


#: relative and question words that open the clause inside a capitalised title ("The Man Who
#: Sold the Moon", "The Night That Changed Everything")
TITLE_WH = frozenset({"Who", "That", "Which", "What", "Where", "When", "How", "Whom"})
#: lower-case words that may sit inside a capitalised title
TITLE_SMALL = frozenset({"the", "a", "an", "of", "in", "on", "to", "at", "for", "with", "and"})


def _title_spans(doc: Doc) -> list[tuple[int, int]]:
    """Capitalised titles holding a clause ("the play The Man Who Sold the Moon", "for The
    Old Lady Who Walked in the Sea"): a capitalised relative or question word after a
    capitalised word that does not open the sentence, followed by a capitalised verb. The
    title runs left over capitalised words (and a capitalised "The"/"A" opening it), right
    over capitalised words and the small words between them; ``(first, last)`` each."""
    out: list[tuple[int, int]] = []
    k = 2
    while k < len(doc) - 1:
        tok, nxt, prev = doc[k], doc[k + 1], doc[k - 1]
        if not (
            tok.text in TITLE_WH
            and prev.text[:1].isupper()
            and prev.is_alpha
            and not prev.is_sent_start  # "Anyone Who ...": the sentence's first word
            and nxt.text[:1].isupper()
            and nxt.tag_ in VERB_TAGS | {"MD", "NN", "NNP"}
        ):
            k += 1
            continue
        first = k - 1
        while (
            first - 1 > 0
            and doc[first - 1].is_alpha
            and doc[first - 1].text[:1].isupper()
            and not doc[first - 1].is_sent_start
        ):
            first -= 1
        last = k + 1
        j = k + 2
        while (
            j < len(doc)
            and doc[j].is_alpha
            and (doc[j].text[:1].isupper() or doc[j].lower_ in TITLE_SMALL)
        ):
            if doc[j].text[:1].isupper():
                last = j
            j += 1
        out.append((first, last))
        k = last + 1
    return out


def _titles_as_names(doc: Doc) -> Doc:
    """A copy of ``doc`` in which each capitalised title holding a clause
    (:func:`_title_spans`) is one proper name: its words tagged ``NNP``, attached as
    compounds to the title's head (its word whose head lies outside it), and words outside
    attached to a word inside it re-attached to that head; the doc itself when it has no
    such title. Its relative word and verb no longer end the remnant that holds the title
    (paper 000, section 3.2: a remnant is a whole phrase)."""
    spans = _title_spans(doc)
    if not spans:
        return doc
    heads = [t.head.i for t in doc]
    deps = [t.dep_ for t in doc]
    titled: list[int] = []
    for first, last in spans:
        inside = range(first, last + 1)
        top = [i for i in inside if not first <= heads[i] <= last or heads[i] == i]
        if not top:
            continue
        h = top[0]
        for i in inside:
            if i != h:
                heads[i], deps[i] = h, "compound"
            titled.append(i)
        for i in range(len(doc)):
            if not first <= i <= last and first <= heads[i] <= last:
                heads[i] = h
    if not titled:
        return doc
    doc = _reheaded(doc, heads, deps)
    for i in titled:
        doc[i].tag_, doc[i].pos_ = "NNP", "PROPN"
    return doc


def _names_tagged_verbs(doc: Doc) -> Doc:
    """A copy of ``doc`` in which a capitalised word inside the sentence that the tagger
    calls a verb is a proper name, tagged ``NNP``, when no dictionary knows it as a verb and
    a proper name follows ("and Dunmere/VBD Athletic the cup"), or when it is a participle
    after a capitalised name and before no name, article or pronoun ("the Kessel
    Building/VBG 96 metres"); the doc itself when there is none. A verbless conjunct is then
    seen as one (paper 000, section 3.2)."""
    found = [
        t.i
        for t in doc[1:-1]
        if t.tag_ in VERB_TAGS
        and t.text[:1].isupper()
        and t.text[1:].islower()
        and not doc[t.i - 1].is_punct
        and (
            (doc[t.i + 1].tag_ in {"NNP", "NNPS"} and not has_lemma(t.lower_, "VERB"))
            # a participle closing a name: "the Kessel Building/VBG", "the Old Mill Landing"
            or (
                t.tag_ in {"VBG", "VBN"}
                and doc[t.i - 1].tag_ in {"NNP", "NNPS"}
                and doc[t.i - 1].text[:1].isupper()
                and doc[t.i + 1].tag_ not in {"NNP", "NNPS", "DT", "PRP", "PRP$"}
            )
        )
    ]
    if not found:
        return doc
    doc = doc.copy()  # never the caller's (possibly cached) parse
    for i in found:
        doc[i].tag_, doc[i].pos_ = "NNP", "PROPN"
    return doc


def _numbers_tagged_names(doc: Doc) -> Doc:
    """A copy of ``doc`` in which a number written in digits that the tagger calls a name
    before a lower-case noun, its unit, is a number, tagged ``CD`` ("that of the second
    airport 2,003.0/NNP metres"); the doc itself when there is none."""
    found = [
        t.i
        for t in doc[:-1]
        if t.tag_ in {"NNP", "NNPS"}
        and re.fullmatch(r"\d[\d,]*(\.\d+)?", t.text)
        and doc[t.i + 1].tag_ in {"NN", "NNS"}
        and doc[t.i + 1].text.islower()
    ]
    if not found:
        return doc
    doc = doc.copy()  # never the caller's (possibly cached) parse
    for i in found:
        doc[i].tag_, doc[i].pos_ = "CD", "NUM"
    return doc


def _split_compound_noun(doc: Doc, cc: int) -> Doc:
    """Repair a noun phrase that the parser splits before its last noun: the noun right
    before the conjunction ``cc`` hung on the verb as a bare noun modifier (``npadvmod``)
    right after the verb's object, which ends on a noun ("recommend [the pad/dobj]
    thai/npadvmod but not ..."). The last noun heads the phrase, in the object's place, and
    the object's noun is its compound; a noun of time is a modifier indeed ("call the office
    Monday"). The repair is made on a copy; the doc itself is returned when nothing fits."""
    from lingeval.conjuncts.resolvers.stripping import _time_noun

    k = cc - 1
    if k < 2 or cc + 1 >= len(doc):
        return doc
    t, prev = doc[k], doc[k - 1]
    if (
        t.dep_ != "npadvmod"
        or t.tag_ not in {"NN", "NNS"}
        or not t.text.isalpha()
        or any(c.dep_ not in {"cc", "conj", "punct"} or c.i < t.i for c in t.children)
        or _time_noun(t)
        or prev.tag_ not in {"NN", "NNS", "NNP"}
        or prev.dep_ not in {"dobj", "attr", "pobj"}
        or prev.head.i != t.head.i
        or prev.right_edge.i != prev.i
        or _time_noun(prev)
    ):
        return doc
    heads = [tok.head.i for tok in doc]
    deps = [tok.dep_ for tok in doc]
    for c in prev.children:
        heads[c.i] = k
    heads[k], deps[k] = prev.head.i, prev.dep_
    heads[k - 1], deps[k - 1] = k, "compound"
    doc = _reheaded(doc, heads, deps)
    return doc


def _name_particle(doc: Doc, i: int) -> bool:
    """``doc[i]`` is a lower-case word tagged as a name inside a run of such words between two
    capitalised names: a particle of one name ("Armin [van] Buuren", "Vasco [da] Gama",
    "Eberhard [van der] Laan"; sessions 14 and 15), not a common word mistagged."""

    def capitalised_name(j: int) -> bool:
        return doc[j].tag_ in {"NNP", "NNPS"} and doc[j].text[:1].isupper()

    def particle(j: int) -> bool:
        return doc[j].tag_ in {"NNP", "NNPS"} and doc[j].text.islower()

    left = i - 1
    while left >= 0 and particle(left):
        left -= 1
    right = i + 1
    while right < len(doc) and particle(right):
        right += 1
    return left >= 0 and right < len(doc) and capitalised_name(left) and capitalised_name(right)


def _common_words_retagged(doc: Doc, cc: int) -> Doc:
    """A copy of ``doc`` with the tagger's errors on common words after the conjunction ``cc``
    undone (casual text): a word it calls a participle or gerund (``VBG``/``VBN``) is a noun
    when the dictionary knows it as a noun and as no form of a verb, and it has no object or
    clause of its own ("was super helpful, but not housekeeping/VBG"); a lower-case word it
    calls a proper name is the noun or adjective the dictionary knows ("but not the
    green/NNP curry/NNP"). The doc itself when nothing changes."""
    found: dict[int, tuple[str, str]] = {}
    for t in doc[cc + 1 :]:
        if not t.text.isalpha():
            continue
        if (
            t.tag_ in {"VBG", "VBN"}
            and has_lemma(t.lower_, "NOUN")
            and not has_lemma(t.lower_, "VERB")
            and not any(c.dep_ in {"dobj", "ccomp", "xcomp", "aux", "nsubj"} for c in t.children)
        ):
            found[t.i] = ("NN", "NOUN")
        elif (
            t.tag_ in VERB_TAGS
            and t.text.islower()
            and has_lemma(t.lower_, "NOUN")
            and not has_lemma(t.lower_, "VERB")
        ):
            to = [c for c in t.children if c.tag_ == "TO" and c.i == t.i - 1]
            if to and all(c.i < t.i or c.is_punct for c in t.children):
                # "and Jack to/TO shellfish/VB": a preposition and its noun (nothing after
                # it that would be a verb's object)
                found[t.i - 1], found[t.i] = ("IN", "ADP"), ("NN", "NOUN")
            elif (
                t.tag_ == "VBZ"
                and t.dep_ == "conj"
                and t.head.tag_ in {"VBP", "VBD"}
                and t.head.i < cc
                and all(doc[k].is_punct for k in range(cc + 1, t.i))
            ):
                # the first word after the conjunction, an -s form that cannot share the
                # subject of the plural or past verb it is conjoined with: "Most guests
                # prefer X, and families/VBZ Y", "Some ate X, and others/VBZ Y"
                found[t.i] = ("NNS", "NOUN")
        elif t.tag_ in {"NNP", "NNPS"} and t.text.islower() and not _name_particle(doc, t.i):
            # (a word no dictionary knows after an article or possessive: "the lamb korma")
            det = any(
                c.dep_ in {"det", "poss"} for c in (t.head if t.dep_ == "compound" else t).children
            )
            if t.dep_ == "compound" and has_lemma(t.lower_, "ADJ"):
                found[t.i] = ("JJ", "ADJ")
            elif has_lemma(t.lower_, "NOUN") or det:
                found[t.i] = ("NN" if t.tag_ == "NNP" else "NNS", "NOUN")
    if not found:
        return doc
    doc = doc.copy()  # never the caller's (possibly cached) parse
    for i, (tag, pos) in found.items():
        doc[i].tag_, doc[i].pos_ = tag, pos
    return doc


def _imperative_retagged(doc: Doc, cc: int) -> Doc:
    """A copy of ``doc`` in which the first word of an imperative that the tagger calls an
    adjective, a noun or a finite form it cannot be is a verb: the root of the sentence, before the conjunction ``cc``,
    capitalised, with a direct object and no subject, and a verb in the dictionary ("Clean/JJ
    the glass but not the frames", "Wax/NN the table ..."); the doc itself otherwise."""
    from lingeval.conjuncts.memo import get_inflection

    first = next((t for t in doc if not t.is_punct), None)
    # (or a finite tag the form cannot have: "Clean/VBD the windows", not "Cut/VBD the rope")
    finite = (
        first is not None
        and first.tag_ in {"VBD", "VBZ", "VBP", "VBN"}
        and first.lower_ == first.lemma_.lower()
        and first.lower_ not in get_inflection(first.lemma_.lower(), first.tag_)
    )
    if (
        first is None
        or first.i >= cc
        or (first.tag_ not in {"JJ", "NN", "NNP"} and not finite)
        or first.dep_ != "ROOT"
        or not first.text[:1].isupper()
        or not has_lemma(first.lower_, "VERB")
        or not any(c.dep_ == "dobj" and c.i > first.i for c in first.children)
        or any(c.dep_ in SUBJ_DEPS for c in first.children)
    ):
        return doc
    doc = doc.copy()  # never the caller's (possibly cached) parse
    doc[first.i].tag_, doc[first.i].pos_ = "VB", "VERB"
    doc[first.i].lemma_ = first.lower_
    return doc


def _possessive_remnant(doc: Doc, cc: int) -> Doc:
    """A copy of ``doc`` in which an "'s" that the tagger calls a verb after the name opening
    the conjunct of ``cc`` is a possessive (``POS``), when the first clause's subject has a
    possessive "'s" and no verb follows in the conjunct ("Ann Lee's alma mater is X and Tom
    Ross's/VBZ the University of Y"); the doc itself otherwise."""
    k = cc + 1
    while k < len(doc) and doc[k].tag_ in {"NNP", "NNPS"}:
        k += 1
    if k == cc + 1 or k + 1 >= len(doc) or doc[k].lower_ not in {"'s", "’s"}:
        return doc
    if doc[k].tag_ != "VBZ" or doc[k + 1].tag_ not in {"DT", "NNP", "NNPS", "PRP$", "CD", "JJ"}:
        return doc
    verb = next((t.i for t in doc[:cc] if t.tag_ in VERB_TAGS), None)
    if verb is None or not any(t.tag_ == "POS" for t in doc[:verb]):
        return doc
    if any(t.tag_ in VERB_TAGS or t.tag_ == "MD" for t in doc[k + 1 :]):
        return doc
    doc = doc.copy()  # never the caller's (possibly cached) parse
    doc[k].tag_, doc[k].pos_ = "POS", "PART"
    return doc


def _adjective_remnant(doc: Doc, cc: int) -> Doc:
    """A copy of ``doc`` in which the bare word right after the conjunction ``cc`` is an
    adjective (``JJ``) when the tagger calls it a noun but the dictionary knows it as an
    adjective, a preposition follows it, and the first conjunct ends with an adjective
    complement of its verb and one phrase, which it may answer ("is served [hot] in winter
    and cold/NN in summer"); the doc itself otherwise."""
    k = cc + 1
    if k >= len(doc) - 1 or doc[k].tag_ != "NN" or not doc[k].text.islower():
        return doc
    if doc[k + 1].tag_ not in {"IN", "TO"} or not has_lemma(doc[k].lower_, "ADJ"):
        return doc  # a second remnant follows: "cold | in summer"
    # the adjective it answers: a complement of the first conjunct's verb, followed by one
    # phrase only up to the conjunction ("served [hot] in winter and")
    if not any(
        t.tag_ in {"JJ", "JJR"}
        and t.dep_ in {"oprd", "acomp"}
        and t.head.tag_ in VERB_TAGS
        and t.head.i < t.i
        and len(chunk_phrases(doc, t.i + 1, cc - 1)) == 1
        for t in doc[max(0, cc - 8) : cc - 1]
    ):
        return doc
    doc = doc.copy()  # never the caller's (possibly cached) parse
    doc[k].tag_, doc[k].pos_ = "JJ", "ADJ"
    return doc


def _list_end_conjunction(doc: Doc, cc: int) -> int | None:
    """The same conjunction closing a list that the conjunction ``cc`` opens after a comma
    ("hours, and another minutes, another seconds, and another days"): a comma before ``cc``,
    only verbless words (at least one comma) up to a later ", and" / ", or", else None."""
    if cc < 1 or doc[cc - 1].text != ",":
        return None
    commas = 0
    for k in range(cc + 1, min(len(doc), cc + 40)):
        tok = doc[k]
        if tok.tag_ in VERB_TAGS or tok.text in {";", ":", "(", ")", "--", "—"} or tok.is_sent_end:
            return None
        if tok.text == ",":
            commas += 1
        elif tok.lower_ == doc[cc].lower_:
            return k if commas >= 2 and doc[k - 1].text == "," else None
        elif tok.lower_ in CONJUNCTIONS:
            return None
    return None


def _better_scored(best: Resolution | None, other: Resolution | None) -> Resolution | None:
    """The one of two resolutions with the higher analysis score (``details["score"]``, 0 when
    absent): ``best`` on a tie, the other when one of them is None."""
    if other is not None and (
        best is None or other.details.get("score", 0.0) > best.details.get("score", 0.0)
    ):
        return other
    return best


def _omission(
    an: _Analysis,
    om: Omission,
    verb: Token | None,
    p: int,
    r_start: int,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
    boundary_end: int = -1,
) -> Resolution | None:
    """Resolve a conjunct the omission detector recognised (its extent and verb chain).

    The right conjunct ends where the detector says (material after it, such as ", analysts
    said" or the main clause after an opening "While X rose 4% and Y 6%", is shared by every
    rewrite); the verb is the parse's clause verb unless that lies outside the first clause
    (an opening participle: "Valued at $5 by A and $7 by B, the shares fell").
    """
    doc = an.doc
    end = _with_closing_bracket(an, Span(r_start, om.right_end)).end
    if om.marker and om.marker not in {"not", "never"}:
        n = len(om.marker.split())
        k = end + 1
        while k <= an.last and n:
            if not doc[k].is_punct:
                n -= 1
            end = k
            k += 1
    if end < r_start or r_start <= an.cc:
        return None
    inside = None  # the parse's clause verb when the detector's verb above it is taken
    if verb is None or verb.i > an.cc or verb.i < om.verbs[0]:
        verb = doc[om.verbs[0]]  # the clause nearest the conjunction
        if verb.dep_ in {"aux", "auxpass"} and verb.head.i in om.verbs:
            verb = verb.head  # its verb, not its auxiliary ("and [is] operated by A")
    elif (
        om.kind == "gapping"
        and verb.i not in om.verbs
        and verb.i > om.verbs[-1]
        and om.parallels[0] is not None
        and om.parallels[0].end < om.verbs[0]
        and len(om.parallels) >= 2
        and any(
            c.dep_ in SUBJ_DEPS
            and c.left_edge.i == om.verbs[-1] + 1  # right after the verb: "expects [Ann]"
            and om.parallels[1] is not None
            and om.parallels[1].start <= c.i <= om.parallels[1].end
            for c in verb.children
        )  # the second remnant parallels the complement's own subject ("Ann")
    ):
        # the parse's clause verb sits inside a complement with its own subject ("Tom
        # expects Ann to win, and Sue Bob"): the detector's verb, whose subject and object
        # the remnants parallel; the complement stays shared
        inside = verb
        verb = doc[om.verbs[0]]
    subj = an.subject_span(verb)
    if subj is not None and subj.start < om.left_start:
        subj = None
    from_om = False
    if (
        subj is None
        and verb.dep_ == "conj"
        and verb.head.i < verb.i
        and verb.head.tag_ in VERB_TAGS
        and om.kind == "gapping"
    ):
        # a later verb phrase of a coordination shares the first one's subject ("Ann was born
        # in A and graduated from B and Bo from C")
        shared = an.subject_span(verb.head)
        if shared is not None and shared.start >= om.left_start:
            subj = shared
    if subj is None and om.left_start < verb.i:
        # no subject in the parse: the detector's noun phrase before the verb (an absolute
        # "with management getting 10% and British Air 15%", a misparsed subject)
        region = chunk_phrases(doc, om.left_start, verb.i - 1)
        nps = [ph for ph in region if ph.category in {"NP", "NUM"}]
        if nps and nps[-1].end == an.left_end(verb.i):
            subj = Span(nps[-1].start, nps[-1].end)
            from_om = True
    longer = None
    if (
        boundary_end > end
        and doc[end + 1].text == ","
        and not any(doc[i].tag_ in VERB_TAGS for i in range(end + 1, boundary_end + 1))
    ):
        # the detector left material after a comma shared; it may belong to the last remnant
        # ("and the diamonds to Ernest Oppenheimer, patriarch of ...")
        longer = Span(r_start, boundary_end)
    n0 = len(collect) if collect is not None else 0
    res = _nominal(an, verb, subj, p, Span(r_start, end), om, collect, longer, from_om)
    if inside is not None:
        # ... or the complement's own clause ("The firm expects [sales] to rise [5%] this year
        # and profits 8%"): both are analysed, the better-scored analysis wins
        deep = _nominal(
            an, inside, an.subject_span(inside), p, Span(r_start, end), om, collect, longer
        )
        res = _better_scored(res, deep)
        if collect is not None:  # one list of analyses, best first, as for one clause
            collect[n0:] = sorted(collect[n0:], key=lambda cb: -cb[0].score)
    return res


def _clause_remnant(
    an: _Analysis,
    p: int,
    right: Span,
    b: int,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """A remnant that is an adverbial clause answering one that closes the first conjunct:
    "She reads novels when she travels and poetry when she is at home" (the last remnant
    "when she is at home" replaces "when she travels"; the verb is the one above the first
    clause's adverbial clause). None unless the right conjunct is verbless material followed,
    without a comma, by a subordinator, and an adverbial clause with a subordinator ends
    right before the conjunction."""
    doc = an.doc
    if b > an.last or doc[b - 1].is_punct or b <= right.start:
        return None
    sub = doc[b]
    if not _subordinator(sub):
        return None
    if any(_is_verb_tok(doc, i) for i in range(right.start, b)):
        return None
    # the first conjunct's adverbial clause: a verb whose subtree ends at p and starts with a
    # subordinator
    # (the parse may hang the right conjunct below it: its right edge is not checked)
    found: list[Token] = []  # adverbial clauses around p, innermost first
    h = doc[p]
    for _ in range(40):
        if (
            h.tag_ in VERB_TAGS
            and h.dep_ in {"advcl", "relcl"}
            and h.i <= p
            and (_subordinator(h.left_edge) or _purpose_infinitive(h))
            and not any(doc[i].text in {",", ";"} for i in range(h.left_edge.i, p))
        ):
            found.append(h)
        if h.head.i == h.i or h.head.i > an.cc:
            break
        h = h.head
    if not found:
        return None
    # the one with the remnant's own subordinator ("because ... while ... and others because
    # ..."), else the innermost
    h = next((f for f in found if f.left_edge.lower_ == sub.lower_), found[0])
    s0 = h.left_edge
    verb = an.clause_verb(h.head.i)
    if verb is None or verb.i >= s0.i:
        return None
    # the remnant clause: the subordinator's clause, up to the next clause boundary
    end = min(an.last, max(sub.head.right_edge.i, b + 1))
    stop = next((k for k in range(b + 1, end + 1) if doc[k].text in {",", ";", ":", "--"}), None)
    if stop is not None:
        end = stop - 1  # the clause ends at the next comma or clause punctuation
    if doc[end].is_punct:
        end = an.left_end(end + 1)
    if end <= b:
        return None
    clause = Span(b, end)
    head = Span(right.start, an.left_end(b))
    if head.end < head.start:
        return None
    best: Resolution | None = None
    verbs = [verb]
    up = verb.head
    if verb.dep_ == "ccomp" and up.i < verb.i and an.subject_span(up) is not None:
        verbs.append(up)  # "Some say they lost money because ... and others because ..."
    for v in verbs:
        res = _nominal(
            an, v, an.subject_span(v), p, Span(right.start, end), None, collect, clause_tail=clause
        )
        best = _better_scored(best, res)
    return best


def _purpose_infinitive(h: Token) -> bool:
    """``h`` heads an infinitival adverbial clause of purpose ("rent a tent [to save weight]",
    "[in order to] ..."), which an adverbial clause remnant may answer ("..., or a family tent
    if you travel with kids")."""
    edge = h.left_edge
    return (
        h.dep_ == "advcl"
        and h.tag_ == "VB"
        and (
            (edge.tag_ == "TO" and edge.head.i == h.i)
            or (edge.lower_ == "in" and edge.i + 2 < h.i and edge.nbor(2).tag_ == "TO")
        )
    )


def _relative_remnant(
    an: _Analysis,
    verb: Token | None,
    p: int,
    right: Span,
    b: int,
    collect: list[tuple[_Candidate, Resolution | None]] | None,
) -> Resolution | None:
    """A last remnant that ends in a relative clause: "..., and the new part to the towns
    that need it" (the finite verb is the relative clause's, not the conjunct's), or ", and
    in B from Y, which sells 170,000" when the first conjunct's last correlate has a relative
    clause with the same word ("from X, which sells 300,000"). The relative clause stays
    attached to the last remnant."""
    doc = an.doc
    if verb is None or verb.i >= an.cc:
        return None
    w = next(
        (
            k
            for k in range(right.start + 1, right.end + 1)
            if doc[k].tag_ in {"WDT", "WP"}
            and doc[k - 1].tag_ in {"NN", "NNS", "NNP", "NNPS"}
            and doc[k].lower_ in {"that", "which", "who", "whom"}
        ),
        None,
    )
    end = right.end
    if w is not None and an.left_end(doc[w].head.right_edge.i + 1) > right.end:
        return None  # the relative clause runs past the conjunct's end ("between A, B, and C")
    if w is None:
        # ", which ..." after the conjunct, parallel to one closing the first conjunct
        if b > an.last - 1 or doc[b].text != "," or doc[b + 1].lower_ not in {"which", "who"}:
            return None
        word = doc[b + 1].lower_
        for _ in range(4):  # the clause above the first conjunct's relative clause
            if verb.dep_ != "relcl" or verb.head.i == verb.i:
                break
            up = an.clause_verb(verb.head.i)
            if up is None:
                return None
            verb = up
        if not any(doc[j].text == "," and doc[j + 1].lower_ == word for j in range(verb.i + 1, p)):
            return None
        w = b
        end = an.left_end(an.boundary(b + 1)[0])
    if end <= w or any(doc[i].tag_ in VERB_TAGS for i in range(right.start, w)):
        return None
    return _nominal(
        an,
        verb,
        an.subject_span(verb),
        p,
        Span(right.start, end),
        None,
        collect,
        clause_tail=Span(w, end),
        attach=True,
    )


#: Words that open a relative clause set off by a comma after a noun ("..., who ...")
RELATIVE_WORDS = {"which", "who", "whom", "whose", "where", "when"}
#: Nouns of time beside :data:`TIME_NOUNS` that a "when" clause may modify (:func:`_own_relative`)
WHEN_NOUNS = {
    "holiday", "hour", "moment", "period", "era", "age", "summer", "winter", "spring",
    "autumn", "occasion", "stage", "point",
}  # fmt: skip


def _own_relative(an: _Analysis, right: Span, w: int) -> int | None:
    """The last token of the relative clause opened at ``w`` (right after a comma that ends
    the verbless conjunct ``right``) when the parse hangs it on a noun, name, pronoun or
    number inside ``right``: the clause belongs to that remnant ("..., and especially to
    little Tom, who I hear has been unwell"; "..., and even in the smallest one, which
    had twelve members"). None otherwise: a clause on no word of the remnant, or on a
    remnant that is no noun phrase ("but not opened, which puzzled us": every rewrite
    shares it)."""
    doc = an.doc
    # (or a participle phrase the parse hangs on the remnant's common noun: "and the younger
    # the bag of bread, wrapped in a cloth"; not on a name: "and B by S&P, based on ...",
    # which rates the whole)
    participle = (
        w <= an.last
        and doc[w].tag_ == "VBN"
        and doc[w].dep_ == "acl"
        and doc[w].head.tag_ in {"NN", "NNS"}
        # (right after the noun or its "of" phrase; not after another remnant: "and double-A
        # by S&P, based on ...")
        and (doc[w].head.i == w - 2 or doc[doc[w].head.i + 1].lower_ == "of")
    )
    if w > an.last or (doc[w].lower_ not in RELATIVE_WORDS and not participle):
        return None
    if any(doc[i].tag_ in VERB_TAGS for i in range(right.start, right.end + 1)):
        return None
    depth = 0
    for i in range(right.start, right.end + 1):
        depth += (doc[i].text in {"(", "["}) - (doc[i].text in {")", "]"})
        if doc[i].text == "," and depth <= 0:
            return None  # no one phrase: "... and B by Y, the issue, which ..."
    clause = doc[w]
    for _ in range(6):  # up to the relative clause's verb
        if clause.dep_ in {"relcl", "advcl"} or clause.head.i == clause.i:
            break
        clause = clause.head
    from lingeval.conjuncts.resolvers.stripping import _time_noun, comments_on_clause

    if (
        clause.dep_ == "advcl"
        and clause.left_edge.i == w
        and doc[w].lower_ == "when"
        and doc[right.end].tag_ in {"NN", "NNS", "NNP", "NNPS"}
        and (_time_noun(doc[right.end]) or doc[right.end].lemma_.lower() in WHEN_NOUNS)
    ):
        # ", when ..." right after a remnant that ends with a noun of time is a relative
        # clause on that noun, whatever the parse hangs it on ("open on Sundays, but not on
        # public holidays, when the rooms are let")
        end = an.left_end(clause.right_edge.i + 1)
        return end if end > w else None
    if participle:
        clause = doc[w]
    elif clause.dep_ != "relcl" or clause.left_edge.i != w:
        return None

    if doc[w].lower_ == "which" and comments_on_clause(clause):
        return None  # on the whole clause: ", which surprised me", ", which was a mistake"
    head = clause.head
    if not right.start <= head.i <= right.end:
        return None
    # (or an ordinal standing for its elided noun: "but not the second, which was due")
    if head.tag_ not in {"NN", "NNS", "NNP", "NNPS", "PRP", "CD"} and not (
        head.lower_ in ORDINALS and stands_for_noun(head)
    ):
        return None
    if max(t.i for t in head.subtree if t.i < w and not t.is_punct) != right.end:
        return None  # the noun's phrase does not end the remnant ("X, the issue, which")
    stop = clause.right_edge.i + 1
    while stop <= an.last and not doc[stop].is_punct:
        # words right after the clause, with no punctuation between, go on inside it
        # whatever the parse hangs them on (", where he opened the shop on Rue X [that would
        # make his name]": a relative clause inside the relative clause)
        stop += 1
    end = an.left_end(stop)
    return end if end > w else None


#: Subordinators of a clause of reason ("because", "since", "as")
REASON_WORDS = {"because", "since", "as"}
#: Dependents that make an "as" clause one of reason ("as Harold has his operation"), not a
#: comment on the source ("as Table 4 shows", shared)
REASON_COMPLEMENTS = {"dobj", "attr", "acomp", "ccomp", "xcomp", "oprd", "dative"}


def _own_reason(an: _Analysis, right: Span, b: int) -> tuple[int, int] | None:
    """The comma and the last token of a clause of reason that follows a negated verbless
    remnant of exception ("but not X" / "but never X" / "and never X"), else None. Such a
    clause gives the reason for the exception, the remnant's alone: "We shall be in Bath in
    August, but not in September, as Harold has his operation then" -> "We shall be in
    Bath in August." / "We shall not be in Bath in September, as Harold ...". After a
    replacive "and not X" ("paid by card and not in cash, because ...") the reason is the
    choice's, shared; so is a comment on a source ("as Table 4 shows")."""
    doc = an.doc
    neg = doc[right.start].lower_
    if not (neg == "never" or (neg == "not" and doc[an.cc].lower_ == "but")):
        return None
    if any(doc[i].tag_ in VERB_TAGS for i in range(right.start, right.end + 1)):
        return None
    comma = b if b <= an.last and doc[b].text == "," else b - 1
    s = comma + 1
    if not (comma > 0 and s <= an.last and doc[comma].text == ","):
        return None
    sub = doc[s]
    if sub.lower_ not in REASON_WORDS or sub.dep_ != "mark":
        return None
    verb = sub.head
    # (a bare verb after the subordinator is a present form the tagger missed: "since both
    # strip/VB the coating")
    finite = (
        verb.tag_ in FINITE_TAGS
        or any(c.dep_ in {"aux", "auxpass"} and c.tag_ in FINITE_TAGS for c in verb.children)
        or (verb.tag_ == "VB" and not any(c.tag_ == "TO" for c in verb.children))
    )
    if not finite or verb.tag_ not in VERB_TAGS or verb.left_edge.i != s or verb.i <= s:
        return None
    if (
        sub.lower_ == "as"
        and verb.lemma_ not in {"be", "have"}  # "as the trains are on strike": a reason
        and not any(c.dep_ in REASON_COMPLEMENTS for c in verb.children)
    ):
        return None
    end = an.left_end(verb.right_edge.i + 1)
    return (comma, end) if end > s else None


def _unshared(res: Resolution, clause: str) -> Resolution:
    """``res`` without ``clause`` (", who ...": the text of a relative clause on the last
    remnant, :func:`_own_relative`) in every sentence but the last: the clause is the
    remnant's, not shared ("..., and even a pope, which ..." -> "... three presidents." /
    "... even a pope, which ..."). Unchanged unless the last sentence has the clause and
    every other one has it once."""
    *firsts, last = res.sentences
    if not firsts or clause not in last or any(s.count(clause) != 1 for s in firsts):
        return res
    res.sentences = [s.replace(clause, "", 1) for s in firsts] + [last]
    return res


def _subordinator(tok: Token) -> bool:
    """A word opening an adverbial clause ("because", "when", "where", "if"), not "as"/"so"."""
    return tok.lower_ not in {"as", "so", "that"} and (
        tok.lower_ in SUBORDINATORS | {"where", "wherever", "whenever"} or tok.dep_ == "mark"
    )


def _is_verb_tok(doc: Doc, i: int) -> bool:
    """A verb, not a dictionary noun the tagger took for a bare verb before a subordinator
    ("and meat when I must")."""
    tok = doc[i]
    if tok.tag_ not in VERB_TAGS:
        return False
    if (
        (
            tok.tag_ == "VB"
            # a plural noun read as a verb of the third person after a plural noun or an
            # adjective, which no such verb follows ("or larger cattle [barges] if you are")
            or (
                tok.tag_ == "VBZ"
                and i > 0
                and (
                    doc[i - 1].tag_ in {"NNS", "JJ", "JJR", "JJS"}
                    # the parser itself hangs a modifier on it: "nylon [kites]"
                    or (doc[i - 1].dep_ in {"compound", "amod"} and doc[i - 1].head.i == i)
                )
            )
        )
        and i + 1 < len(doc)
        and _subordinator(doc[i + 1])
        and has_lemma(tok.lower_, "NOUN")
    ):
        doc.user_data.setdefault("lingeval_nominal", set()).add(i)
        return False
    return True


def _suffix(an: _Analysis, right_end: int) -> list[int]:
    return [i for i in range(right_end + 1, an.last + 1)]


def _resolve(
    an: _Analysis,
    verb: Token | None,
    p: int,
    right: Span,
    b: int,
    collect: list[tuple[_Candidate, Resolution | None]] | None = None,
) -> Resolution | None:
    doc = an.doc
    subj = an.subject_span(verb) if verb is not None else None
    if verb is not None and verb.i > an.cc:
        # the coordination sits before its verb ("Tea and coffee are served"): the right
        # conjunct ends with the constituent that holds it; the verb phrase is shared context
        x = doc[p]
        for _ in range(40):
            if x.head.i == verb.i or x.head.i == x.i:
                break
            x = x.head
        inner = _inner_verb(an, verb, p)
        if inner is not None and inner.i < an.cc and x.dep_ not in SUBJ_DEPS:
            # the coordination sits inside an opening gerund or participle phrase ("In
            # addition to selling X in A and Y in B, the firm ..."): the main clause after it
            # is shared by every rewrite
            end = right_end(doc, right.start, an.last)
            if an.opening_end is not None and an.left_end(an.opening_end) == right.end:
                end = min(end, right.end)  # the boundary closed it at that comma already
            elif end >= right.end:
                return None
            if doc[end + 1].text != ",":
                return None  # the phrase must end at a comma before the main clause
            return _nominal(an, inner, None, p, Span(right.start, end), None, collect)
        if x.head.i != verb.i or x.right_edge.i < right.start or x.dep_ not in SUBJ_DEPS:
            return None  # only a coordinated subject is resolved before its verb
        right = Span(right.start, min(right.end, an.left_end(x.right_edge.i + 1)))
        if right.end < right.start:
            return None
        return _nominal(an, verb, subj, p, right, None, collect)
    rv = _retag(an, verb, right, an.first_verb(right))
    main_verb = _main_verb_after(an, verb, right, rv)
    if main_verb is not None:
        # the coordination sits inside the subject of a main verb that follows it ("The songs
        # that Ann sings for Tom and Bo for Sue are old"): the main clause is shared
        end = an.left_end(min(rv.i, main_verb.i) if rv is not None else main_verb.i)
        if end < right.start:
            return None
        return _nominal(an, verb, subj, p, Span(right.start, end), None, collect)
    # ---- "but not X": stripping under negation -> do-support ------------------------------
    if (
        doc[right.start].lower_ in {"not", "never"}
        and verb is not None
        and rv is None
        and right.end > right.start
    ):
        neg = doc[right.start].lower_
        return _stripping_negation(an, verb, p, Span(right.start + 1, right.end), neg)
    if rv is not None:
        return _verbal(an, verb, p, right, rv, b)
    return _nominal(an, verb, subj, p, right, None, collect)


def _main_verb_after(
    an: _Analysis, verb: Token | None, right: Span, rv: Token | None
) -> Token | None:
    """The finite verb found in the right conjunct when it is the main verb whose subject
    holds the whole coordination (the first conjunct's verb heads a relative clause inside
    that subject): "The songs that Ann sings for Tom and Bo for Sue [are] old". None
    otherwise."""
    if rv is None or verb is None or verb.i > an.cc or verb.dep_ not in {"relcl", "acl"}:
        return None
    main = rv.head if rv.dep_ in {"aux", "auxpass"} and rv.head.i > rv.i else rv
    if main.tag_ not in VERB_TAGS or not any(t.tag_ in FINITE_TAGS for t in (rv, main)):
        return None
    subj = next((c for c in main.children if c.dep_ in SUBJ_DEPS and c.i < an.cc), None)
    if subj is None or verb.head.i != subj.i:
        return None
    # the right conjunct before the verb is verbless material of two or more remnants (one
    # noun phrase is a subject of its own: "one is for 200 and another is for 21")
    before = min(rv.i, main.i) - 1
    if before < right.start or any(_is_verb_tok(an.doc, i) for i in range(right.start, before + 1)):
        return None
    if len(chunk_phrases(an.doc, right.start, an.left_end(before + 1))) < 2:
        return None
    return main


def _retag(an: _Analysis, verb: Token | None, right: Span, rv: Token | None) -> Token | None:
    """Correct the tagger where coordination decides between noun and verb.

    A bare ``VB`` right after the conjunction cannot coordinate with a finite verb unless a
    modal or "to" licenses it ("are primary, and matter secondary": *matter* is a noun); a
    word tagged as a verb that the dictionary knows only as a noun, after the first word of
    the conjunct, is a noun ("I like tea and you coffee/VBP");
    a plural noun that is also the verb's -s form right after the conjunction, next to a
    finite -s verb, is a verb ("freezes in January and thaws in April").
    """
    doc = an.doc
    if verb is None or verb.i > an.cc:
        return rv
    licensed = any(t.tag_ in {"MD", "TO"} for t in doc[verb.left_edge.i : an.cc])
    if (
        rv is not None
        and rv.i == right.start
        and rv.tag_ == "VB"
        and verb.tag_ in {"VBZ", "VBP", "VBD"}
        and not licensed
        and has_lemma(rv.lower_, "NOUN")  # "matter" is a noun; "ask" stays a verb
    ):
        doc.user_data.setdefault("lingeval_nominal", set()).add(rv.i)
        return None
    if (
        rv is not None
        and (
            rv.i > right.start
            # opening the conjunct, a plural before the next phrase: "and postgraduates/VBZ
            # the full dissertation" (a subject remnant)
            or (
                rv.tag_ == "VBZ"
                and rv.i < right.end
                and doc[rv.i + 1].tag_ in {"DT", "PRP$", "CD", "NNP", "NNPS"}
            )
        )
        and rv.tag_ in {"VB", "VBP", "VBZ"}
        and not has_lemma(rv.lower_, "VERB")
        and has_lemma(rv.lower_, "NOUN")
        and not any(
            doc[i].tag_ in VERB_TAGS and doc[i].dep_ != "amod"  # "the signed/amod letter"
            for i in range(rv.i + 1, right.end + 1)
        )
    ):
        # a word the dictionary knows only as a noun is no verb ("and you coffee/VBP")
        doc.user_data.setdefault("lingeval_nominal", set()).add(rv.i)
        return None
    first = doc[right.start]
    if (
        rv is None
        and verb.tag_ == "VBZ"
        and first.tag_ == "NNS"
        and right.end > right.start
        and doc[right.start + 1].tag_ in {"IN", "RB", "DT", "PRP$", "TO"}
        and has_lemma(first.lower_, "VERB")  # a dictionary verb form, not a guess
    ):
        return first
    return rv


def _verbal(
    an: _Analysis, verb: Token | None, p: int, right: Span, rv: Token, b: int
) -> Resolution | None:
    """The right conjunct holds a verb: clauses, shared subject, VP ellipsis."""
    doc = an.doc
    # (the subject of an auxiliary's verb counts: "and in May, I will start")
    heads = [rv, rv.head] if rv.dep_ in {"aux", "auxpass"} and rv.head.i > rv.i else [rv]
    own_subject = any(
        c.dep_ in SUBJ_DEPS and right.start <= c.i < rv.i for h in heads for c in h.children
    ) or (
        rv.i > right.start and all(doc[i].tag_ in NP_INNER_TAGS for i in range(right.start, rv.i))
    )
    r_end = right.end
    main = rv
    if rv.dep_ in {"aux", "auxpass", "neg"} and rv.i < rv.head.i <= right.end:
        main = rv.head  # "but does not cover contractors": the extent is the main verb's
    # (a verb the tagger took for a noun keeps the whole right span: its parse is unreliable)
    if (
        rv.tag_ in VERB_TAGS
        and main.right_edge.i < right.end
        and all(
            not right.start <= doc[i].head.i <= main.right_edge.i
            for i in range(main.right_edge.i + 1, right.end + 1)
        )
    ):
        r_end = main.right_edge.i
    suffix = _suffix(an, r_end)
    # the left conjunct's verb: the path verb from p up to the clause verb
    path: list[Token] = []
    tok = doc[p]
    for _ in range(40):
        if tok.tag_ in VERB_TAGS and tok.i < an.cc:
            path.append(tok)
        if (verb is not None and tok.i == verb.i) or tok.head.i == tok.i:
            break
        tok = tok.head
    if verb is not None and verb not in path and verb.i < an.cc:
        path.append(verb)
    if not path:
        return None
    if own_subject:
        # (VP ellipsis, "... but the road did not.", is resolved by resolvers.vpe first)
        lv = path[-1]
        if rv.dep_ == "conj" and rv.head.i < an.cc and rv.head.tag_ in VERB_TAGS:
            lv = rv.head  # the clause the parser conjoins it with, not a relative clause inside
        gapped = _gapped_relative(doc, path, rv, p)
        subj: Span | None = None
        if gapped is not None:
            # "a line which every child knows and most adults remember": the right clause
            # lacks its object too, so it is a second relative clause; the relative word
            # stays shared (a second "which" opening the right clause is not expected)
            lv, subj = gapped[0], Span(gapped[1], gapped[1])
        else:
            subj = an.subject_span(lv)
        start = subj.start if subj is not None else lv.left_edge.i
        if start > 0 and _clause_opener(doc[right.start]) and _clause_opener(doc[start - 1]):
            # "I wonder what it was and what it is": each conjunct brings its own wh-word or
            # complementiser, so the left one's belongs to the first conjunct, not the opening
            start -= 1
        if start > 0 and doc[right.start].tag_ == "IN" and rv.i > right.start:
            # both conjuncts open with their own phrase ("On Monday it rained and on Tuesday
            # it snowed"): the left one belongs to the first conjunct, not to both
            q = start - 1
            while q > 0 and doc[q].tag_ in OPENER_OBJECT_TAGS:
                q -= 1
            if q < start - 1 and doc[q].tag_ == "IN" and doc[q].lower_ == doc[right.start].lower_:
                start = q
        opening = list(range(0, start))
        first = list(range(start, p + 1))
        second = list(range(right.start, r_end + 1))
        elided = _elided_noun(doc, lv, main, Span(right.start, r_end))
        if elided is not None:
            at, noun = elided
            k = second.index(at) + 1
            second = second[:k] + noun + second[k:]
        lefts = _clause_list(an, opening, first)
        opening = opening[: lefts[0][0]] if lefts[0] and lefts[0][0] < start else opening
        sents = [_finish(_tokens_text(doc, opening + piece + suffix), an.final) for piece in lefts]
        sents.append(_finish(_tokens_text(doc, opening + second + suffix), an.final))
        return Resolution(sents, "clauses+list" if len(lefts) > 1 else "clauses")
    # shared subject / VP coordination: pick the left verb matching the right one's form
    # (an infinitive may follow a marker: "not only to eat well but also to sleep")
    rs = right.start + int(doc[right.start].lower_ == "also" and right.start < right.end)
    lv = path[0]
    for cand in path:
        if cand.tag_ == rv.tag_:
            lv = cand
            break
    else:
        if doc[rs].tag_ == "TO":
            lv = next((c for c in path if any(ch.tag_ == "TO" for ch in c.children)), path[0])
    # climb a conj chain to its first member ("cleaned ..., planted ... and repaired ...")
    for _ in range(20):
        if lv.dep_ == "conj" and lv.head.i < lv.i and lv.head.tag_ in VERB_TAGS:
            lv = lv.head
        else:
            break
    start = lv.i
    auxes = sorted(c.i for c in lv.children if c.dep_ in {"aux", "auxpass", "neg"} and c.i < lv.i)
    if doc[rs].tag_ == "TO":
        start = next((c.i for c in lv.children if c.tag_ == "TO" and c.i < lv.i), lv.i)
        # "not to panic and to follow": the negation belongs to its own conjunct
        negs = [c.i for c in lv.children if c.dep_ == "neg" and c.i == start - 1]
        if negs and doc[rs + 1 : rs + 2].text.lower() not in {"not", "never"}:
            start = negs[0]
    elif (
        rv.tag_ in FINITE_TAGS
        and auxes
        and doc[right.start].tag_ not in {"VB", "VBN", "VBG"}
        # (a base form the tagger took for a present: "shall not only pay ... but also
        # bear/VBP": the modal is shared)
        and not (rv.tag_ == "VBP" and lv.tag_ == "VB" and doc[auxes[0]].tag_ == "MD")
        # (a participle the tagger took for a past form: "had repaired the roof and
        # painted/VBD the fence": the perfect auxiliary is shared; not a passive's "be")
        and not (
            rv.tag_ == "VBD"
            and lv.tag_ == "VBN"
            and rv.dep_ not in {"aux", "auxpass"}  # ("but had also dried": its own "had")
            and rv.lemma_.lower() != "have"
            and _participle_form(rv)
            and all(doc[a].lemma_.lower() == "have" for a in auxes)
        )
    ) or (doc[right.start].tag_ in {"MD"} and auxes):
        start = auxes[0]
    middles = _peel_list(an, Span(start, p), right, verbal=True)
    first_end = middles[0].start - 1 if middles else p
    first_end = an.left_end(first_end + 1)
    prefix = list(range(0, start))
    prefix = _strip_preconj(doc, prefix, start)
    # an adjunct set off by commas before the right verb keeps its opening comma ("and, on a
    # clear day, make out the coast" -> "you can, on a clear day, make out the coast")
    r_first = right.start
    if (
        an.cc < r_first - 1
        and doc[r_first - 1].text == ","
        and rv.i > r_first
        and doc[rv.i - 1].text == ","
        and doc[r_first].tag_ in {"IN", "RB"}
    ):
        r_first -= 1
    pieces = (
        [list(range(start, first_end + 1))]
        + [list(range(m.start, m.end + 1)) for m in middles]
        + [list(range(r_first, r_end + 1))]
    )
    sents = [_finish(_tokens_text(doc, prefix + piece + suffix), an.final) for piece in pieces]
    also = (
        _also_before_governor(doc, lv, rs, right.start, start)
        if not middles and pieces[-1][0] == right.start
        else None
    )
    if also is not None:  # "would allow X not only to A but also to B" -> "would also allow X to B"
        sents[-1] = _finish(_tokens_text(doc, prefix + pieces[-1][1:] + suffix, also), an.final)
    corrected = None if middles else _corrective_vp(an, lv, rv, prefix, Span(right.start, r_end))
    if corrected is not None:  # "not A but B": the negation stays with A
        sents[-1] = _finish(
            _tokens_text(doc, corrected[0] + pieces[-1] + suffix, corrected[1]), an.final
        )
    neg = right.start if doc[right.start].lower_ in {"not", "never"} else None
    if corrected is None and not middles and neg is not None and auxes and auxes[0] < start:
        # the negation goes after the first auxiliary the conjuncts share ("had been
        # unlatched, but not opened" -> "had not been opened"; "can" + "not" = "cannot")
        a = auxes[0]
        while a > 0 and doc[a - 1].dep_ in {"aux", "auxpass"} and doc[a - 1].head.i in {a, lv.i}:
            a -= 1  # "had" hung on "been"
        aux = doc[a]
        word = "cannot" if aux.lower_ == "can" and doc[neg].lower_ == "not" else None
        ids = [i for i in prefix + pieces[-1] + suffix if i != neg]
        replace = {aux.i: word or f"{aux.text} {doc[neg].lower_}"}
        never = never_for_do_not(doc, lv, an.cc) if doc[neg].lower_ == "never" else None
        if never is not None:
            from lingeval.conjuncts.memo import get_inflection

            # "never" takes the place of the shared "does not", the right verb its form ("She
            # does not eat meat, and never fish/VB" -> "She never fishes", not "does never not")
            replace = {i: w for i, w in never.items() if i != lv.i}
            form = get_inflection(rv.lemma_, tag=aux.tag_) if aux.tag_ in DO_SUPPORT else None
            if rv.tag_ == "VB" and form:
                replace[rv.i] = form[0]
        sents[-1] = _finish(_tokens_text(doc, ids, replace), an.final)
    additive = None if middles else _not_just_vp(an, lv, prefix + pieces[0])
    if additive is not None:  # "didn't just win X but also ...": "won X"
        sents[0] = _finish(_tokens_text(doc, additive[0] + suffix, additive[1]), an.final)
    return Resolution(
        sents,
        "shared-subject+list" if middles else "shared-subject",
        details={"left_verb": lv.text},
    )


def _participle_form(tok: Token) -> bool:
    """``tok``'s form is also the past participle of its verb ("painted", not "went")."""
    from lingeval.conjuncts.memo import get_inflection

    return tok.lower_ in get_inflection(tok.lemma_.lower(), "VBN")


def _also_before_governor(
    doc: Doc, lv: Token, rs: int, first: int, start: int
) -> dict[int, str] | None:
    """The words that put "also" opening an infinitive right conjunct ("but also to B", at
    ``first``; the infinitive at ``rs``) before the verb that governs the left infinitive
    ``lv``, after its first auxiliary ("would also allow X to B"), as the gold convention places
    "also" before the copied verb; None when the conjunct does not open so or the governing
    verb is not before ``start`` (where the copied words end)."""
    if doc[first].lower_ != "also" or rs != first + 1 or doc[rs].tag_ != "TO":
        return None
    gov = lv.head
    if lv.dep_ not in {"xcomp", "ccomp", "advcl"} or gov.i >= start or gov.tag_ not in VERB_TAGS:
        return None
    if gov.lemma_.lower() == "be":
        return None  # "It is important not only to A but also to B": "also" stays
    auxes = sorted(c.i for c in gov.children if c.dep_ in {"aux", "auxpass"} and c.i < gov.i)
    if auxes:
        return {auxes[0]: f"{doc[auxes[0]].text} also"}
    return {gov.i: f"also {doc[gov.i].text}"}


def _clause_list(an: _Analysis, opening: list[int], first: list[int]) -> list[list[int]]:
    """The clauses of an asyndetic list that ends with the first conjunct of a clause
    coordination ("Ann cooked the meal, Ben washed the dishes, and Cara swept the floor";
    "41 percent support the plan, 35 percent oppose it, and ..."): the stretches between
    commas inside ``first`` and, going left, over the ``opening`` that are clauses of a list
    (:func:`_listed_clause`); an opener without a finite verb ("In the poll,") stays shared.
    The pieces, left to right; ``[first]`` when ``first`` is no such clause or there is none."""
    doc = an.doc
    if not first or not _listed_clause(an, first[0], first[-1]):
        return [first]  # the first conjunct is no clause of a list ("which consisted of ...")
    pieces = []
    lo = first[0]
    for k in first:
        if doc[k].text != "," or k == first[-1]:
            continue
        nxt = next((j for j in first if j > k and doc[j].text in {",", ";"}), first[-1] + 1)
        if _listed_clause(an, k + 1, nxt - 1) and any(
            doc[j].tag_ in FINITE_TAGS and _is_verb_tok(doc, j) for j in range(lo, k)
        ):
            pieces.append(list(range(lo, an.left_end(k) + 1)))
            lo = k + 1
    pieces.append(list(range(lo, first[-1] + 1)))
    start = first[0]
    while opening and start >= 2 and doc[start - 1].text == "," and start - 1 in opening:
        k = start - 1
        prev = max((j for j in range(0, k) if doc[j].text in {",", ";", ":"}), default=-1)
        lo = prev + 1
        if not _listed_clause(an, lo, k - 1):
            break
        pieces.insert(0, list(range(lo, an.left_end(k) + 1)))
        start = lo
    return pieces


def _listed_clause(an: _Analysis, lo: int, hi: int) -> bool:
    """Tokens ``lo``..``hi`` are a clause of a list: a noun phrase ("41 percent of voters",
    "there") and a finite verb right after it."""
    doc = an.doc
    if hi - lo < 1 or (doc[lo].tag_ not in SUBJECT_START_TAGS and doc[lo].tag_ != "EX"):
        return False
    verb = next(
        (j for j in range(lo + 1, hi + 1) if doc[j].tag_ in FINITE_TAGS and _is_verb_tok(doc, j)),
        None,
    )
    if verb == hi and doc[lo].tag_ == "PRP" and doc[hi].lemma_.lower() in COMMENT_LEMMAS:
        return False  # a comment clause set off by commas ("Well, I think, Paul wanted ...")
    return verb is not None and all(
        doc[j].tag_ in SUBJECT_INNER_TAGS or (doc[j].lower_ == "of" and j > lo)
        for j in range(lo + 1, verb)
    )


#: verbs of a comment clause ("I think", "you know", "I guess"): an aside, never a listed clause
COMMENT_LEMMAS = frozenset(
    {"think", "guess", "believe", "suppose", "mean", "know", "reckon", "feel"}
)
#: tags that may open the subject of a listed clause ("the birds sang", "35 percent oppose")
SUBJECT_START_TAGS = frozenset({"DT", "PDT", "NNP", "NNPS", "NN", "NNS", "PRP", "PRP$", "CD", "JJ"})
#: tags inside the subject of a listed clause
SUBJECT_INNER_TAGS = SUBJECT_START_TAGS | {"JJR", "JJS", "POS", "HYPH", "RB"}


def _gapped_relative(doc: Doc, path: list[Token], rv: Token, p: int) -> tuple[Token, int] | None:
    """The first conjunct ends in a relative clause whose relative word is its object ("the
    town [that] my grandfather left in 1920", also "which" read as a second subject: "[which]
    almost everything is"), and the right clause's verb ``rv`` has no object of its own: that
    relative verb and the first token of its own subject, else None."""
    for v in path:
        if v.dep_ != "relcl" or v.right_edge.i < p:
            continue
        before = [c for c in v.children if c.i < v.i]
        rel = next((c for c in before if c.tag_ in {"WDT", "WP"}), None)
        subjects = [c for c in before if c.dep_ in SUBJ_DEPS and (rel is None or c.i > rel.i)]
        if rel is None or not subjects or rel.dep_ not in {"dobj", "pobj", *SUBJ_DEPS}:
            return None
        if rel.i != v.left_edge.i or any(
            c.dep_ in {"dobj", "attr", "acomp", "ccomp", "xcomp", "oprd", "dative"}
            for c in rv.children
            if c.i > rv.i
        ):
            return None
        return v, subjects[0].left_edge.i
    return None


def _not_just_vp(
    an: _Analysis, lv: Token, ids: list[int]
) -> tuple[list[int], dict[int, str]] | None:
    """The first conjunct of "didn't just / not only V X but also ..." without the
    correlative's negation and focus word, *do*-support undone ("He didn't just win the
    game, but also set a record" -> "He won the game"), or None when ``ids`` hold no such
    negation right before ``lv`` or the conjunction is no *but*."""

    doc = an.doc
    if doc[an.cc].lower_ != "but" or lv.i < 2 or lv.i not in ids:
        return None
    neg, focus = doc[lv.i - 2], doc[lv.i - 1]
    if focus.lower_ not in NOT_ONLY or neg.lower_ not in {"not", "n't", "n’t"}:
        return None
    kept = [i for i in ids if i not in {neg.i, focus.i}]
    replace: dict[int, str] = {}
    return (kept, replace) if _undo_do(lv, kept, lv, replace) else None


def _undo_do(verb: Token, kept: list[int], target: Token, replace: dict[int, str]) -> bool:
    """Undo the *do*-support of ``verb`` when its only auxiliary among ``kept`` is a form of
    *do*: the auxiliary leaves ``kept`` and ``target`` takes its tense and person in
    ``replace`` ("did not buy X but Y" -> "bought Y"). False when the form does not exist."""
    auxes = [c for c in verb.children if c.dep_ in {"aux", "auxpass"} and c.i in kept]
    if len(auxes) != 1 or auxes[0].lemma_ != "do":
        return True
    form = _verb_form(target.lemma_, auxes[0].tag_)
    if form is None:
        return False
    kept.remove(auxes[0].i)
    replace[target.i] = form
    return True


def _verb_form(lemma: str, tag: str) -> str | None:
    """The form of the verb ``lemma`` for the PTB ``tag`` (LemmInflect), when *do*-support is
    undone ("did lie" -> "lied"); of several forms, the first that is no other verb's form
    too: the tagger gives one lemma to both senses of a homograph, and "lay" (the past of
    "lie", recline) is also the verb "lay", so "did lie" becomes "lied" (the common sense in
    a clause without *do*: "He lied"); None when LemmInflect has no form."""
    from lemminflect import getAllLemmas

    from lingeval.conjuncts.memo import get_inflection

    forms = get_inflection(lemma, tag=tag)
    if not forms:
        return None
    own = [f for f in forms if set(getAllLemmas(f, upos="VERB").get("VERB", ())) <= {lemma}]
    return own[0] if len(forms) > 1 and own else forms[0]


def _corrective_vp(
    an: _Analysis, lv: Token, rv: Token, prefix: list[int], right: Span
) -> tuple[list[int], dict[int, str]] | None:
    """ "not A but B" with two verb phrases: the prefix of B without the negation of A, and
    *do*-support undone ("You should not fix it but buy a new one" -> "You should buy a new
    one"; "They do not sell the house but rent it" -> "They rent it"), or None when the
    conjunction is no *but*, A's verb has no negation in the prefix, B has one of its own, or
    the negation opens "not only"."""

    doc = an.doc
    if doc[an.cc].lower_ != "but":
        return None
    negs = [c.i for c in lv.children if c.dep_ == "neg" and c.i in prefix]
    if not negs and prefix and doc[prefix[-1]].lower_ in {"not", "n't", "n’t"}:
        negs = [prefix[-1]]  # right before the first conjunct: "The goal is not [to punish]"
    if not negs or any(doc[n + 1].lower_ in NOT_ONLY for n in negs):
        return None
    if any(
        doc[i].lower_ in {"not", "n't", "never", "no"} for i in range(right.start, right.end + 1)
    ):
        return None
    kept = [i for i in prefix if i not in negs]
    replace: dict[int, str] = {}
    return (kept, replace) if _undo_do(lv, kept, rv, replace) else None


def _elided_noun(doc: Doc, lv: Token, rv: Token, right: Span) -> tuple[int, list[int]] | None:
    """Nominal ellipsis after a number in a clause of its own: the right clause's verb has
    the left one's lemma and a bare number as its object, the left object is a plural noun
    counted by a number ("She saw three monkeys and he saw two" -> "he saw two monkeys"):
    the number's index and the indices of the words it takes from the left object (the
    words between the left number and its noun). None otherwise."""
    if rv.lemma_.lower() != lv.lemma_.lower() or rv.i == lv.i:
        return None
    robj = next(
        (c for c in rv.children if c.dep_ in {"dobj", "attr"} and right.start <= c.i <= right.end),
        None,
    )
    if robj is None or robj.tag_ != "CD" or robj.lower_ in ONE:
        return None
    if robj.i < right.end and not all(doc[i].is_punct for i in range(robj.i + 1, right.end + 1)):
        return None  # something follows the number ("two of them", "two more")
    if any(c.i > robj.i for c in robj.children):
        return None
    lobj = next((c for c in lv.children if c.dep_ in {"dobj", "attr"} and c.i > lv.i), None)
    if lobj is None or lobj.tag_ != "NNS":
        return None
    num = next((c for c in lobj.children if c.dep_ == "nummod" and c.tag_ == "CD"), None)
    if num is None or num.i >= lobj.i:
        return None
    return robj.i, list(range(num.i + 1, lobj.i + 1))


def _vp_ellipsis_first(an: _Analysis, r_start: int) -> Resolution | None:
    """A right conjunct ending in an auxiliary ("..., and Peter will, too") is VP ellipsis,
    one phrase with a marker ("..., and Kim too", "but not Bo") is stripping, a final bare
    wh-phrase ("but I don't know what") is sluicing, whatever the other rules made of it
    (:mod:`lingeval.conjuncts.resolvers.vpe`, :mod:`~lingeval.conjuncts.resolvers.stripping`,
    :mod:`~lingeval.conjuncts.resolvers.sluicing`). (Keeping the fitted ranker's stripping
    reading instead was tried with ranker v4: it had learnt no weight for the stripping
    features, and the omission path lacks some subject readings, so stripping.py decides.)"""
    from lingeval.conjuncts.resolvers.sluicing import resolve_sluicing
    from lingeval.conjuncts.resolvers.stripping import (
        resolve_aside,
        resolve_cleft_contrast,
        resolve_cleft_interposed,
        resolve_inverted_not_only,
        resolve_negated_clause,
        resolve_not_clause,
        resolve_stripping,
    )
    from lingeval.conjuncts.resolvers.vpe import resolve_vp_ellipsis

    try:
        return (
            resolve_vp_ellipsis(an, r_start)
            or resolve_inverted_not_only(an, r_start)
            or resolve_cleft_contrast(an, r_start)
            or resolve_cleft_interposed(an, r_start)
            or resolve_negated_clause(an, r_start)
            or resolve_stripping(an, r_start)
            or resolve_aside(an, r_start)
            or resolve_not_clause(an, r_start)
            or resolve_sluicing(an, r_start)
        )
    except (IndexError, ValueError, RecursionError):  # pragma: no cover - defensive
        return None


def never_for_do_not(doc: Doc, verb: Token, cc: int) -> dict[int, str] | None:
    """The replacements that put *never* in the place of the left clause's *do not* before
    ``verb`` (before the conjunction ``cc``): "Do not wash it in the dishwasher and never with
    bleach" -> "Never wash it with bleach"; "She does not eat meat, and never fish" -> "She
    never eats fish". None when the verb has no *do* + *not* of its own."""
    from lingeval.conjuncts.memo import get_inflection

    dos = [c for c in verb.children if c.dep_ == "aux" and c.lemma_ == "do" and c.i < verb.i]
    negs = [c for c in verb.children if c.dep_ == "neg" and c.i < cc]
    if not dos or not negs:
        return None
    do = dos[0]
    replace = {n.i: "" for n in negs}
    subject = any(c.dep_ in SUBJ_DEPS for c in verb.children)
    if not subject:  # an imperative: "Never wash"
        replace[do.i] = "Never" if do.text[:1].isupper() else "never"
        return replace
    form = get_inflection(verb.lemma_, tag=do.tag_) if do.tag_ in DO_SUPPORT else None
    if not form:
        return None
    replace[do.i] = "never"
    replace[verb.i] = form[0]
    return replace


def negated_verb(doc: Doc, verb: Token, neg: str = "not") -> dict[int, str] | None:
    """The replacements that negate the clause of ``verb`` with ``neg`` (*not* / *never*):
    after its first auxiliary ("can not" as "cannot"), after a form of *be*, *never* before
    a verb without an auxiliary, else *do*-support ("offered" -> "did not offer"); None
    when the verb's form takes no *do*-support."""
    from lingeval.conjuncts.memo import get_inflection

    if neg == "never":
        never = never_for_do_not(doc, verb, len(doc))
        if never is not None:
            return never
    replace: dict[int, str] = {}
    finite = _finite_of(doc, verb)
    has_aux = finite is not None and finite.i != verb.i
    if has_aux and finite is not None:
        can = finite.lower_ == "can" and neg == "not"
        replace[finite.i] = finite.text + ("not" if can else f" {neg}")
    elif verb.lemma_ == "be":  # "was not", never "did not be"
        replace[verb.i] = f"{verb.text} {neg}"
    elif neg == "never":
        own = (_lower_first(verb) if verb.i == 0 else None) or verb.text
        replace[verb.i] = f"never {own}"
    else:
        from lingeval.conjuncts.resolvers.stripping import tag_and_lemma

        tag, lemma = tag_and_lemma(verb)  # ("forgave/VBP" is a past form)
        do = DO_SUPPORT.get(tag)
        if do is None:
            return None
        base = get_inflection(lemma, tag="VB")
        replace[verb.i] = f"{do} not {base[0] if base else lemma}"
    return replace


def _adverb_rest(doc: Doc, verb: Token, remnant: Span, inner: Span, p: int) -> Span | None:
    """The rest of the left clause after an inner correlate ``inner`` when that rest is one
    adverb of the verb (not of time) and the remnant an adverbial (a preposition or adverb
    heading it) whose preposition ``inner`` does not share: the adverb, not the inner
    complement, is what the remnant answers ("Residents may apply for a permit online, but not
    by phone" -> "may not apply for a permit by phone"; but "write to the dean directly, but
    not to the rector" -> "not write to the rector directly")."""
    from lingeval.conjuncts.resolvers.stripping import _time_phrase

    head = _head_of(doc, remnant)
    if head.pos_ not in {"ADP", "ADV"}:
        return None
    if doc[inner.start].lower_ == doc[remnant.start].lower_:
        return None
    for c in verb.children:
        if c.dep_ != "advmod" or c.left_edge.i != inner.end + 1:
            continue
        end = max(t.i for t in c.subtree if not t.is_punct)
        if end == p and not _time_phrase(doc, c):
            return Span(inner.end + 1, p)
    return None


def _stripping_negation(
    an: _Analysis, verb: Token, p: int, remnant: Span, neg: str = "not"
) -> Resolution | None:
    """ "The hotel offered breakfast but not dinner." -> "The hotel did not offer dinner.";
    *never* takes no *do*-support ("wrote in cafés, and never at home" -> "never wrote at
    home"; "can" + "never" = "can never")."""
    from lingeval.conjuncts.resolvers.stripping import (
        _habitual_frames,
        _time_adjuncts,
        restricting_adverb,
    )

    doc = an.doc
    cands = [c for c in an.candidates_ending(p, verb.i + 1)]
    if not cands:
        return None
    corr = max(cands, key=lambda c: _similarity(doc, remnant, c))
    if _similarity(doc, remnant, corr) < 0.5:
        return None
    # a complement or adjunct of the verb that ends before the last word of the left clause,
    # when it answers the remnant better: what follows it stays ("You can bring snacks into
    # the hall, but not drinks, unless ..." -> "You cannot bring drinks into the hall, ...")
    inner = [
        Span(c.left_edge.i, max(t.i for t in c.subtree if not t.is_punct))
        for c in verb.children
        if c.i > verb.i and c.dep_ in {"dobj", "dative", "attr", "prep", "oprd"}
    ]
    # (the rest one stretch without a comma: "in Bath for most of August, as usual" is no
    # correlate with a shared rest)
    inner = [
        c
        for c in inner
        if c.start > verb.i and c.end < p and not any(doc[i].text == "," for i in range(c.end, p))
    ]
    if inner:
        best = max(inner, key=lambda c: _similarity(doc, remnant, c))
        if _similarity(doc, remnant, best) > _similarity(doc, remnant, corr):
            corr = _adverb_rest(doc, verb, remnant, best, p) or best
    # an ordinal remnant without its noun answers the phrase with an ordinal ("paid the
    # first instalment of the fine but not the second"), not the noun phrase inside it
    ordinal = [
        c
        for c in cands
        if remnant.end - remnant.start == 1
        and doc[remnant.start].tag_ in {"DT", "PRP$"}
        and doc[remnant.end].lower_ in ORDINALS
        and any(
            doc[i].lower_ in ORDINALS and doc[i].dep_ == "amod" and doc[i].head.i > i
            for i in range(c.start, c.end + 1)
        )
    ]
    if ordinal and corr not in ordinal:
        corr = max(ordinal, key=len)
    pivot = _modifier_pivot(doc, corr, remnant) if ordinal else None
    replace = negated_verb(doc, verb, neg)
    if replace is None:
        return None
    first = list(range(0, p + 1))

    # an adverb that restricts the correlate right before it stays with the correlate
    # ("wrote mostly in cafés, and never at home" -> "never wrote at home")
    restricting = restricting_adverb(doc, verb, corr)
    second = [i for i in range(0, corr.start) if i != restricting]
    second += list(range(remnant.start, remnant.end + 1))
    if pivot is not None:  # "the second [instalment of the fine]"
        second += list(range(pivot + 1, corr.end + 1))
    if corr.end < p:
        # the rest of the left clause, but its one-off time and frequency (the negation's
        # convention, as in stripping._build)
        when = _time_adjuncts(doc, verb, corr.end, p) - _habitual_frames(doc, verb, p)
        second += [i for i in range(corr.end + 1, p + 1) if i not in when]
    suffix = _suffix(an, remnant.end)
    text2 = _tokens_text(doc, second + suffix, replace)
    return Resolution(
        [_finish(_tokens_text(doc, first + suffix), an.final), _finish(text2, an.final)],
        "stripping-negation",
        details={"fallback": True},
    )


def _peel_list(
    an: _Analysis, first: Span, right: Span, *, verbal: bool, appositions: bool = True
) -> list[Span]:
    """Middle conjuncts of a list ("A, B, C and D"): comma-separated segments like ``right``."""
    doc = an.doc
    middles: list[Span] = []
    end = first.end
    # groups separated by semicolons may hold commas of their own ("at 97, down 7; 9% at 99,
    # down 6; and ..."): then only semicolons separate the conjuncts
    sep = ";" if any(doc[k].text == ";" for k in range(first.start + 1, end + 1)) else ","
    # without a comma before the conjunction the last middle conjunct touches it
    while True:
        commas = [
            k
            for k in range(first.start + 1, end + 1)
            if doc[k].text == sep and not _inside_name(doc, k)
        ]
        if not commas:
            break
        k = commas[-1]
        seg = Span(k + 1, end)
        if not verbal and len(seg) > 1 and doc[seg.start].lower_ in CONJUNCTIONS:
            # a list that repeats its conjunction ("counts hours, and another minutes, and
            # another seconds"): the conjunction belongs to the separator
            seg = Span(seg.start + 1, end)
        if len(seg) < 1 or doc[seg.start].is_punct:
            break
        if verbal:
            fv = an.first_verb(seg)
            if fv is None or (fv.i != seg.start and doc[seg.start].tag_ not in {"RB", "TO"}):
                break
        else:
            if an.first_verb(seg) is not None or _list_likeness(an, seg, right, middles, sep) < 0.6:
                break
            if not appositions and _head_of(doc, seg).dep_ == "appos":
                break  # "The plan, a grid with ...": an apposition, not a conjunct
            if not middles and _apposition_group(an, seg, right):
                break  # "to her landlord, a retired teacher, and 300 dollars to her bank"
            if not middles and _parallel_tail(an, seg, right):
                break  # "closed at 12 dollars, up 3, and silver at 5 dollars, down 1"
            if any(doc[i].lower_ in CONJUNCTIONS for i in range(seg.start, seg.end + 1)):
                break  # "downgraded A, B and C to X ... and D to Y": A, B and C is one object
            if (
                _category(doc, seg) == "PP" == _category(doc, right)
                and doc[seg.start].lower_ != doc[right.start].lower_
                and not _same_shape_after_first(doc, seg, right)
            ):
                break  # "for 90 days, without restriction, to workers ..., and for ...": adjuncts
        middles.insert(0, seg)
        end = an.left_end(k)
        if end < first.start:
            return []
    return middles


def _apposition_group(an: _Analysis, seg: Span, right: Span) -> bool:
    """``seg``, the group before the last conjunct, is an apposition of the noun phrase before
    its comma, not a conjunct of a list: it is one noun phrase, while the last conjunct holds
    two or more remnants (the groups of a gapped list have the same shape: "to her landlord,
    a retired teacher, and 300 dollars to her bank", but "85%, Goldman 65% and Lee 50%")."""
    doc = an.doc
    before = an.left_end(seg.start - 1)
    if before < 0 or doc[before].tag_ not in NOMINAL_TAGS - {"CD", "EX", "WP"}:
        return False
    phrases = chunk_phrases(doc, seg.start, seg.end)
    if len(phrases) != 1 or phrases[0].category != "NP":
        return False
    # an apposition names what the noun before it is: it opens with an article or a
    # possessor ("a retired teacher", "the firm's lawyer"), a bare list noun does not
    # ("glass, paper or plastic at the depot")
    if (
        doc[seg.start].lower_ not in {"a", "an", "the"}
        and doc[seg.start].tag_ != "PRP$"
        and not any(doc[i].tag_ == "POS" for i in range(seg.start, seg.end + 1))
    ):
        return False
    return len(chunk_phrases(doc, right.start, right.end)) >= 2


def _parallel_tail(an: _Analysis, seg: Span, right: Span) -> bool:
    """``seg``, the group before the last conjunct, answers the part of the last conjunct
    after its own comma, not the whole last conjunct: it is an adjunct or apposition of the
    first conjunct, and the list has two conjuncts ("Gold closed at 12 dollars, up 3 dollars,
    and silver at 5 dollars, down 1 dollar"; "serves the town of A, part of B, and also the
    town of C, part of D")."""
    doc = an.doc
    q = next(
        (
            k
            for k in range(right.end - 1, right.start, -1)
            if doc[k].text == "," and not _inside_name(doc, k)
        ),
        None,
    )
    if q is None:
        return False
    head, tail = Span(right.start, an.left_end(q)), Span(q + 1, right.end)
    if (
        head.end < head.start  # (the tail is never empty: the comma is before right.end)
        or an.first_verb(tail) is not None
        # a tail with a list of its own, or a sentence ending inside the conjunct
        or any(
            doc[k].tag_ == "CC" or doc[k].text in {"!", "?"}
            for k in range(right.start, right.end + 1)
        )
    ):
        return False
    same_word = doc[seg.start].lower_ == doc[tail.start].lower_
    s_tail, s_head = _similarity(doc, seg, tail), _similarity(doc, seg, head)
    return s_tail > s_head and (same_word or s_tail >= 0.7)


def _list_likeness(an: _Analysis, seg: Span, right: Span, middles: list[Span], sep: str) -> float:
    """How much ``seg`` looks like a list conjunct: its similarity to the last conjunct, to
    the middle conjunct after it, or to the verbless group before it (groups of one list may
    differ in shape from the last: "90 shops in A, seven in B, three in C and a dozen more
    in D")."""
    doc = an.doc
    sims = [_similarity(doc, seg, right)]
    if middles:
        sims.append(_similarity(doc, seg, middles[0]))
    if _same_shape(doc, seg, middles[0] if middles else right):
        sims.append(0.8)  # "Helen on Saturday" ~ "the twins on Sunday": NP + "on" PP each
    k = seg.start - 1  # the separator before ``seg``
    prev = max((j for j in range(max(0, k - 12), k) if doc[j].text == sep), default=None)
    if prev is not None and prev + 1 < k:
        before = Span(prev + 1, an.left_end(k))
        if before.end >= before.start and an.first_verb(before) is None:
            sims.append(_similarity(doc, seg, before))
    return max(sims)


def _same_shape(doc: Doc, a: Span, b: Span) -> bool:
    """``a`` and ``b`` are two or more phrases of the same categories in the same order, the
    prepositional ones with the same preposition ("Helen on Saturday" / "the twins on
    Sunday")."""
    pa, pb = chunk_phrases(doc, a.start, a.end), chunk_phrases(doc, b.start, b.end)
    return len(pa) >= 2 and [(x.category, x.prep) for x in pa] == [(x.category, x.prep) for x in pb]


def _same_shape_after_first(doc: Doc, a: Span, b: Span) -> bool:
    """``a`` and ``b`` are two or more phrases of the same categories in the same order,
    the prepositional ones after the first with the same preposition: groups of one list
    whose first phrases differ ("in paperback by A in 1989" / "as an ebook by B in 2011")."""
    pa, pb = chunk_phrases(doc, a.start, a.end), chunk_phrases(doc, b.start, b.end)
    return (
        len(pa) >= 2
        and [x.category for x in pa] == [x.category for x in pb]
        and [x.prep for x in pa[1:]] == [x.prep for x in pb[1:]]
    )


def _inside_name(doc: Doc, k: int) -> bool:
    """``Hartford, Connecticut`` / ``Paris, France``: a comma between two proper names."""
    if k == 0 or k + 1 >= len(doc):
        return False
    a, b = doc[k - 1], doc[k + 1]
    after = doc[k + 2] if k + 2 < len(doc) else None
    if a.lower_ in TIME_NOUNS:
        return False  # "in December, Mexico in January": a month ends no place name
    # (a hyphen written inside a word continues the name after the comma: "Frank-Walter")
    joined = after is not None and after.text == "-" and not b.whitespace_
    if a.tag_ == "NNP" and b.tag_ == "NNP" and after is not None and after.tag_ == "NNP":
        # a region of two or three words that the parse makes the apposition of a bare place
        # name after a preposition: "in Derry, New Hampshire", "in Albany, New York" (not
        # "to Rome, Lee Anne to Paris", "from the Council, Stuart Parker as ...")
        j = k + 2
        while j + 1 < len(doc) and doc[j + 1].tag_ == "NNP" and j < k + 3:
            j += 1
        p = k - 1
        while p > 0 and doc[p - 1].tag_ == "NNP":
            p -= 1
        return (
            doc[j].dep_ == "appos"
            and doc[j].head.i == k - 1
            and p > 0
            and doc[p - 1].tag_ == "IN"  # a bare place name after its preposition
            # (a phrase with the place's preposition after the names opens a group of a list:
            # "for AC Milan, Clarence Seedorf for Real Madrid and ...")
            and not (
                j + 2 < len(doc)
                and doc[j + 1].lower_ == doc[p - 1].lower_
                and doc[j + 2].tag_ != "CD"  # (not a time: "in Albany, New York in 1950")
            )
            and (j + 1 >= len(doc) or doc[j + 1].tag_ not in {"NNP", "NNPS", "POS"})
        )
    return (
        a.tag_ == "NNP"
        and b.tag_ == "NNP"
        and (after is None or after.tag_ != "NNP" or after.is_punct)
        # "Ann Lee, Rome's Bo Kay": a possessor opens the next group of a list
        and not (after is not None and after.tag_ == "POS")
        and not joined
        # "Leo Marsh, Orion 8 by ...": a numbered name opens the next group of a list
        and not (after is not None and after.tag_ == "CD" and numbered_series(doc, k + 1))
    )


DITRANSITIVE_LEMMAS = {
    "give", "send", "offer", "tell", "show", "bring", "lend", "pay", "teach", "move", "put",
    "hand", "sell", "award", "grant", "owe", "promise", "assign", "allocate", "transfer", "take",
    "deliver", "write", "leave", "buy", "cost", "charge", "ship", "mail", "lease", "rent",
}  # fmt: skip


def _internal_boundary(an: _Analysis, span: Span) -> bool:
    """Does ``span`` look like two noun phrases side by side ("her brother a salad")?"""
    doc = an.doc
    for k in range(span.start + 1, span.end + 1):
        a, b = doc[k - 1], doc[k]
        if doc[span.start].tag_ == "IN" and k == span.start + 1:
            continue
        if a.tag_ in {"IN", "TO", "DT", "PRP$", "POS", "CC", "HYPH"}:
            continue
        a_np = a.tag_ in {"NN", "NNS", "NNP", "NNPS", "PRP"} or a.text == "%"
        if (
            b.tag_ in {"DT", "PRP$"}
            and a.tag_ not in {"DT", "PDT", "IN", "TO", "CC", "RB", "HYPH", ","}
            and a.lower_ not in {"all", "both", "half", "such", "quite", "what", "many"}
        ):
            return True
        if a_np and b.tag_ in {"DT", "PRP$"} and b.lower_ not in {"all", "both", "each"}:
            return True
        if (a.tag_ in {"NNP", "NNPS", "PRP"} and b.tag_ in {"NN", "NNS"}) or (
            a.tag_ in {"NN", "NNS"} and b.tag_ in {"NNP", "NNPS"} and a.dep_ != "compound"
        ):
            return True
        if a_np and a.tag_ != "PRP" and b.tag_ == "CD" and a.dep_ != "compound":
            return True
        if a.text == "%" and b.tag_ in {"JJ", "NN", "RB", "DT", "UH"}:
            return True
        if (
            a.tag_ in {"JJ", "NNP", "NNPS"}
            and a.text[:1].isupper()
            and b.tag_ == "CD"
            and k == span.start + 1
        ):
            return True  # "Japanese 0.3%"
        if a_np and b.tag_ in {"RB", "RBR"} and b.lower_ not in {"alone", "only"}:
            return True
    return False


#: adverbs of quantity before a number remnant ("and nearly 300 in June"): the approximators
#: but "under", and words that limit or hedge a number
QUANTITY_ADVERBS = frozenset(APPROXIMATORS - {"under"}) | {
    "roughly", "some", "just", "only", "barely", "exactly", "precisely", "fully", "perhaps",
    "maybe",
}  # fmt: skip


#: quantifiers that count a noun like a number ("[many] books ... but far fewer in June")
QUANTIFIERS = frozenset({"many", "much", "few", "fewer", "more", "less", "several", "most"})


def _quantity_phrase(doc: Doc, span: Span) -> bool:
    """``span`` is a quantifier with its degree words only ("far fewer", "many more")."""
    return doc[span.end].lower_ in QUANTIFIERS and all(
        doc[i].tag_ in {"RB", "RBR", "JJ", "JJR", "JJS"} for i in range(span.start, span.end + 1)
    )


def _without_quantity_adverbs(doc: Doc, span: Span) -> Span:
    """``span`` without the adverbs of quantity opening it ("[nearly] 300", "[fewer than]
    20,000"), nor the article or fraction that is part of its number ("[a] hundred", "[half
    a] million")."""
    first = span.start
    while first < span.end and doc[first].lower_ in QUANTITY_ADVERBS:
        first += 1
    if (
        first + 1 < span.end
        and doc[first].lower_ in {"more", "fewer", "less"}
        and doc[first + 1].lower_ == "than"
    ):
        first += 2  # "[fewer than] 20,000"
    return Span(number_start(doc, first, span.end), span.end)


def _ends(an: _Analysis, verb: Token | None, p: int, lo: int, part: Span) -> list[tuple[int, str]]:
    """Where a correlate may end, and why: at ``p`` (``"end"``), before an adjunct, dative or
    clausal complement of the verb that stays shared (``"adjunct"``), or at a number whose noun stays (``"number"``: "three
    [airports]", "30% [control]", "1.2% [of the population]"). Nearest to ``p`` first."""
    doc = an.doc
    ends: dict[int, str] = {p: "end"}
    if verb is not None:
        for child in verb.children:
            if (
                child.i > verb.i
                and child.left_edge.i > lo
                and child.left_edge.i <= p
                and child.dep_
                in {"prep", "advmod", "npadvmod", "advcl", "dative", "xcomp", "ccomp"}
            ):
                e = an.left_end(child.left_edge.i)
                if e >= lo and e < p:
                    ends.setdefault(e, "adjunct")
        # a closing prepositional phrase attached lower by the parser may be the verb's too
        # ("served [fish] to Sue")
        for t in an.doc[lo + 1 : p + 1]:
            if (
                t.tag_ in {"IN", "TO"}
                and t.dep_ in {"prep", "dative"}
                and an.left_end(t.right_edge.i + 1) == p
                and t.head.i < t.i
            ):
                e = an.left_end(t.i)
                if lo <= e < p:
                    ends.setdefault(e, "adjunct")
        # a manner adverb closing the first conjunct, attached by the parser to a participle
        # inside a noun phrase, stays shared ("allocating the part derived from X to all
        # citizens [equally], and Y to Z")
        if (
            doc[p].tag_ == "RB"
            and doc[p].lower_.endswith("ly")
            and doc[p].head.dep_ in {"acl", "relcl"}
            and doc[p].head.i != verb.i
        ):
            e = an.left_end(p)
            if lo <= e < p and not doc[p - 1].is_punct:
                ends.setdefault(e, "adjunct")
    core = _without_quantity_adverbs(doc, part)
    if (
        doc[p].tag_ in {"JJ", "JJR", "RB", "RBR"}
        and _category(doc, part) in {"NUM", "NP"}
        and any(doc[i].tag_ == "CD" for i in range(part.start, part.end + 1))
    ):
        # a measure before the adjective it measures, which stays: "120 km [long]", "310
        # metres [tall]", "three weeks [late]"
        e = an.left_end(p)
        for child in doc[p].children:
            if (
                child.dep_ in {"npadvmod", "nmod"}
                and child.i < p
                and child.right_edge.i == e
                and child.left_edge.i >= lo
                and any(doc[i].tag_ == "CD" for i in range(child.left_edge.i, e + 1))
            ):
                ends.setdefault(e, "number")
    if _category(doc, part) == "NUM" and all(
        doc[i].tag_ in {"CD", "$", "NN", "SYM"} or doc[i].text == "%"
        for i in range(core.start, core.end + 1)
    ):
        for i in range(lo, p):
            tok = doc[i]
            if (tok.tag_ == "CD" or tok.text == "%") and doc[i + 1].lower_ == "of":
                ends.setdefault(i, "number")
            # "three [airports]", "30% [control]" (not "a 30% stake": the article goes with
            # the whole noun phrase)
            pct = tok.text == "%" and i > 0 and tok.head.left_edge.i == i - 1
            if (
                (tok.tag_ == "CD" or pct)
                and tok.head.i > i
                and tok.head.i <= p
                and tok.head.tag_.startswith("NN")
                and tok.head.text != "%"
            ):
                ends.setdefault(i, "number")
    return sorted(ends.items(), key=lambda kv: -kv[0])


def _ends_in_time_pp(doc: Doc, c: Span) -> bool:
    """``c`` is a longer stretch that ends with a prepositional phrase of time ("the title [in
    2007]")."""
    for i in range(c.start + 1, c.end):
        if doc[i].tag_ == "IN":
            return time_pp(doc, Phrase(i, c.end, "PP", doc[i].lower_))
    return False


def _timed_pairs_only(
    doc: Doc, parts: Sequence[Span], corr: Sequence[Span], sims: Sequence[float], floor: float
) -> bool:
    """The pairs below the similarity ``floor`` are no more than the pairs of a phrase of time
    without a preposition and one with it ("McLaren [the next season]" / "[in 2007]", "two
    years later" / "in 2004"): such a pair is kept although the shapes differ."""
    low = sum(1 for sim in sims if sim < floor)
    timed = 0
    for part, c in zip(parts, corr, strict=False):
        r = Phrase(part.start, part.end, *phrase_category(doc, part.start, part.end))
        q = Phrase(c.start, c.end, *phrase_category(doc, c.start, c.end))
        timed += time_phrase(doc, r) and time_pp(doc, q)
    return 0 < low <= timed


def _ordinal_object(doc: Doc, first: Span, subj: Span | None, cc: int) -> bool:
    """The first remnant is a determiner and an ordinal alone ("the second") while the
    subject has no ordinal and a later noun phrase of the first clause has one ("vetoed [the
    first bill] in March and the second in April"): the remnant contrasts with that noun
    phrase, so it is no subject."""
    if subj is None or len(first) != 2 or doc[first.start].tag_ not in {"DT", "PRP$"}:
        return False
    if doc[first.end].lower_ not in ORDINALS - {"other", "next"}:
        return False
    if any(doc[i].lower_ in ORDINALS for i in range(subj.start, subj.end + 1)):
        return False
    return any(
        doc[i].lower_ in ORDINALS
        and doc[i - 1].tag_ in {"DT", "PRP$"}
        and doc[i].head.tag_ in {"NN", "NNS"}
        and doc[i].head.i > i
        for i in range(subj.end + 2, cc)
    )


def _named_remnant_subject(
    doc: Doc, verb: Token | None, parts: list[Span], corr: list[Span], subj: Span | None
) -> bool:
    """A first remnant that names someone or something by an apposition, a common noun phrase
    followed by a name ("[his twin brother Vito] at ...", "[its neighbour Mossford] to ..."),
    answers a subject that is or holds a name, not a complement that holds none ("his career",
    "home"): the argument-cluster reading is not tried. A verb of giving keeps it ("gave her
    son a bicycle and her daughter Lena a violin")."""
    if len(parts) < 2 or not corr or subj is None:
        return False
    if verb is not None and verb.lemma_ in DITRANSITIVE_LEMMAS:
        return False
    first = parts[0]
    toks = doc[first.start : first.end + 1]
    if len(toks) < 3 or toks[0].tag_ not in {"DT", "PRP$"}:
        return False
    # the article or possessive, common nouns and adjectives (the tagger's "rival/JJ"), a
    # name, then no more noun: a cluster's own first remnant may run on after it
    k = 1
    while k < len(toks) and toks[k].tag_ in {"JJ", "JJR", "NN", "NNS"}:
        k += 1
    n = k
    while n < len(toks) and toks[n].tag_ in {"NNP", "NNPS"}:
        n += 1
    if k < 2 or n == k or toks[k - 1].tag_ == "JJR":
        return False
    if n < len(toks) and toks[n].tag_ in {"NN", "NNS", "POS", "CD"}:
        return False  # "its brand Reebok sneakers": the name modifies a noun
    c0 = corr[0]
    if any(doc[i].tag_ in {"NNP", "NNPS"} for i in range(c0.start, c0.end + 1)):
        return False
    return any(doc[i].tag_ in {"NNP", "NNPS"} for i in range(subj.start, subj.end + 1))


def _name_for_description(
    doc: Doc, verb: Token | None, parts: list[Span], corr: list[Span], subj: Span | None
) -> bool:
    """A first remnant that is a bare name (capitalised words, no article) against the
    predicate noun of *be* that is a description holding no name ("a traditional dish from
    A", "the largest city"), when the subject holds a name: the name answers the subject
    ("Paella is a rice dish from Valencia and Gazpacho from Seville": "Gazpacho is a rice
    dish from Seville", not "Paella is Gazpacho from Seville"); the argument-cluster reading
    is not tried. A name answering a name ("The winner was Kim in 2001 and Lee in 2002") or a
    number ("was 500 in 1990 and 700 in 2000") keeps it, and so does a subject with an
    article ("The prize was a medal in 2001 and Gold Star in 2002")."""
    if verb is None or verb.lemma_ != "be" or len(parts) < 2 or not corr or subj is None:
        return False
    first, c0 = parts[0], corr[0]
    # (a foreign name may hold words the tagger calls common nouns: "Ayam/NNP penyet/NN")
    if not (
        doc[first.start].tag_ in {"NNP", "NNPS"}
        and doc[first.start].text[:1].isupper()
        and all(
            doc[i].tag_ in {"NNP", "NNPS", "NN", "NNS"} for i in range(first.start, first.end + 1)
        )
    ):
        return False
    c_toks = doc[c0.start : c0.end + 1]
    if any(t.tag_ in {"NNP", "NNPS", "CD", "PRP"} for t in c_toks):
        return False
    if c_toks[0].tag_ not in {"DT", "PRP$"} or not any(t.tag_ in {"NN", "NNS"} for t in c_toks):
        return False
    # a subject that holds a name, or a bare capitalised one the tagger calls common nouns
    # ("Caldo/NN verde/NN is ...")
    s0 = doc[subj.start]
    bare = s0.text[:1].isupper() and s0.tag_ in {"NN", "NNS"}
    return bare or any(doc[i].tag_ in {"NNP", "NNPS"} for i in range(subj.start, subj.end + 1))


def _bare_agent(doc: Doc, parts: list[Span], corr: list[Span]) -> bool:
    """A first remnant that is a name without a preposition answering the object of the
    passive's "by" (the agent), which would stay: it is a new subject, not a new agent ("X
    was selected by NASA in 1959 and Buzz Aldrin in 1963"; a new agent repeats its "by":
    "and by the army in 1963"). Numbers keep the reading ("sold by A at $5 and $7"), and
    so does one remnant (a coordinated agent: "taken over by players and employees")."""
    if len(parts) < 2 or not corr or corr[0].start < 1:
        return False
    part, c = parts[0], corr[0]
    if doc[part.start].tag_ not in {"NNP", "NNPS"} or _category(doc, part) != "NP":
        return False  # a name first remnant ("lack | of provisions" stays a cluster)
    by = doc[c.start - 1]
    if by.lower_ != "by" or by.dep_ != "agent":
        return False
    # only when the passive's subject is a name that the remnant can answer ("X was selected
    # by NASA ... and Aldrin"); after a thing or a group the name is a new agent ("The
    # painting was owned by Getty in 1950 and Rockefeller in 1970", "The team was coached by")
    subj = next((t for t in by.head.children if t.dep_ == "nsubjpass"), None)
    return subj is not None and subj.tag_ in {"NNP", "NNPS"}


def _echoed_subject(
    doc: Doc, verb: Token | None, parts: list[Span], corr: list[Span], p1: int
) -> bool:
    """The first remnant of a gapping reading repeats words after the verb that the reading
    leaves in place: it answers those words, not the subject ("The airport has runway 1/19
    ... and runway 5/23 ..." would give "Runway has runway 5/23")."""
    if verb is None or not parts:
        return False
    words = [doc[i].lower_ for i in range(parts[0].start, parts[0].end + 1)]
    n = len(words)
    for k in range(verb.i + 1, p1 - n + 2):
        if [doc[i].lower_ for i in range(k, k + n)] != words:
            continue
        if not any(c.start <= i <= c.end for c in corr for i in range(k, k + n)):
            return True
    unit = _np_head(doc, parts[0])
    if unit.tag_ in {"NN", "NNS"} and any(
        c.dep_ == "nummod" and parts[0].start <= c.i <= parts[0].end for c in unit.children
    ):
        # a measure whose unit a measure after the verb shares, which the reading leaves in
        # place: it answers that measure ("Turnout was 64 percent ... and barely 41 percent
        # ..." would give "Barely 41 percent was 64 percent")
        for k in range(verb.i + 1, p1 + 1):
            tok = doc[k]
            if (
                tok.lemma_.lower() == unit.lemma_.lower()
                and tok.tag_ in {"NN", "NNS"}
                and any(c.dep_ == "nummod" for c in tok.children)
                and not any(c.start <= k <= c.end for c in corr)
            ):
                return True
    return False


def _name_word(doc: Doc, tok: Token) -> bool:
    """``tok`` is a word of a proper name: tagged so, or a capitalised word the tagger calls a
    common noun where the same word is tagged a name elsewhere in the sentence ("Federer/NN
    beat Nadal ..., and Nadal Federer/NNP ...")."""
    if tok.tag_ in {"NNP", "NNPS"}:
        return True
    return (
        tok.tag_ == "NN"
        and tok.text[:1].isupper()
        and any(t.text == tok.text and t.tag_ in {"NNP", "NNPS"} for t in doc if t.i != tok.i)
    )


def _named_subject_echoed(
    doc: Doc, parts: list[Span], subj: Span | None, longer: bool = False
) -> bool:
    """A remnant holds the first conjunct's subject, a bare name, as a name of its own (not
    after a preposition): a reading that keeps that subject would name it twice in one
    clause ("Liverpool beat Everton 2-1, and Everton Liverpool 3-0" is no "Liverpool beat
    Everton Liverpool 3-0"); the name is a new argument (gapping). With ``longer``, only a
    remnant longer than the name counts (a subject remnant "Everton Liverpool" that holds
    the subject it replaces: two remnants)."""
    if subj is None or not all(_name_word(doc, doc[i]) for i in range(subj.start, subj.end + 1)):
        return False
    words = [doc[i].text for i in range(subj.start, subj.end + 1)]
    n = len(words)
    for part in parts:
        if longer and len(part) <= n:
            continue
        for k in range(part.start, part.end - n + 2):
            if (
                [doc[i].text for i in range(k, k + n)] == words
                and (k + n > part.end or doc[k + n].tag_ not in {"NNP", "NNPS", "POS"})
                and (k == part.start or doc[k - 1].tag_ in {"NNP", "NNPS"})
            ):
                return True
    return False


def _bare_for_indefinite(doc: Doc, verb: Token | None, parts: list[Span], corr: list[Span]) -> bool:
    """A remnant that is one bare singular common noun (no article) answering the predicate
    noun of *be* opened by *a/an*: English wants the article back ("Ann is a nurse and Bo a
    doctor"), so the cut that made the noun a remnant of its own split a name ("but Ayam |
    penyet from Java": the dish is "Ayam penyet")."""
    if verb is None or verb.lemma_ != "be":
        return False
    for part, c in zip(parts, corr, strict=False):
        tok = doc[part.start]
        if (
            part.start == part.end
            and tok.tag_ == "NN"
            and tok.text.islower()
            and doc[c.start].lower_ in {"a", "an"}
            and c.start < c.end
        ):
            return True
    return False


def _two_object_cluster(doc: Doc, verb: Token | None, parts: list[Span], cc: int) -> bool:
    """Two nominal remnants against a verb with two noun-phrase objects in the first clause, a
    dative and a direct object ("The bank lent [the city] [30 million] and the region another
    12 million"): they answer the two objects (an argument cluster), not the subject and one
    object; a nominative pronoun first ("and he a pen") is a subject. A verb of
    :data:`DITRANSITIVE_LEMMAS` followed by exactly two noun phrases has them too, whatever
    the parse made of them."""
    if verb is None or len(parts) != 2 or doc[parts[0].start].lower_ in NOMINATIVE_PRONOUNS:
        return False
    if any(_category(doc, part) not in {"NP", "NUM"} for part in parts):
        return False
    deps = {c.dep_ for c in verb.children if verb.i < c.i < cc and c.tag_ != "IN"}
    if {"dative", "dobj"} <= deps:
        return True
    # the parser may read the two objects as one with appositions ("awarded [the painter Rosa
    # Klee] [its first prize]"): a verb of giving followed by exactly two noun phrases
    if verb.lemma_.lower() not in DITRANSITIVE_LEMMAS or verb.i + 1 >= cc:
        return False
    if any(doc[i].text in {",", ";"} for i in range(verb.i + 1, cc)):
        return False  # the groups of a list: "sold cakes, the butchers sausages and ..."
    after = chunk_phrases(doc, verb.i + 1, cc - 1)
    if len(after) != 2 or any(ph.category not in {"NP", "NUM"} for ph in after):
        return False
    second = Span(after[1].start, after[1].end)
    return not (_rate(doc, second) or _time_np(doc, second))  # "lends 5,000 books [a month]"


#: dependencies of a title inside one noun phrase ("finance director | B"): see
#: _np_split_remnants
_NP_INTERNAL_DEPS = frozenset({"compound", "amod"})
#: entity types of a date, time or quantity: a noun phrase the parser coordinated with one of
#: them ("on 21 April 2013 and the final flight on ...") is no conjunct of it
_QUANTITY_ENTS = frozenset({"DATE", "TIME", "CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"})


#: dependencies of a verb's own noun-phrase argument after it (not a subject, not under a
#: preposition): see _np_split_remnants
_VERB_ARGUMENT_DEPS = frozenset({"dobj", "attr", "oprd", "dative"})


def _verb_argument(tok: Token) -> bool:
    """``tok`` heads a noun phrase that is a verb's own object or predicate ("is [Washington
    DC]", "has [an apoapsis]"), not the object of a preposition or a noun's modifier."""
    return tok.dep_ in _VERB_ARGUMENT_DEPS and tok.head.pos_ in {"VERB", "AUX"}


def _titled(doc: Doc, name: Span) -> bool:
    """A bare lower-case title right before ``name`` hangs on it ("criticizes [chief
    executive] Alan Reeve"): a remnant "finance director B" then parallels the whole titled
    name, one noun phrase conjunct of another (reviewer rv15's probe t42)."""
    k = name.start - 1
    return (
        k >= 0
        and doc[k].tag_ in {"NN", "NNS", "JJ"}
        and doc[k].text.islower()
        and doc[k].dep_ in _NP_INTERNAL_DEPS
        and name.start <= doc[k].head.i <= name.end
    )


def _np_split_remnants(doc: Doc, parts: Sequence[Span], corr: Sequence[Span]) -> bool:
    """A remnant is a title inside the noun phrase of another ("including musician A and
    [actor] [B]", "and [finance director] [B]"): a bare lower-case common noun phrase whose
    root hangs on the name of another remnant (over compounds), so the remnants are one noun
    phrase, a conjunct of a coordinated noun phrase (conjunction reduction), not the arguments
    of an omitted verb (issue 11, session 14). Only titles: the parser glues many true gapped
    remnants the same way ("and Barry/compound | potatoes", "and the Nasdaq | 0.9%"). Not
    where the name's correlate is the verb's own object or predicate (:func:`_verb_argument`)
    without a title of its own (:func:`_titled`): there the title is a gapped subject ("The
    capital is Washington DC and [musical genre] [Pop]", "Its chairman is A and [head coach]
    [B]"; session 15), while "looking at Mr A and [sales director] [B]" and "criticizes chief
    executive A and [finance director] [B]" keep one noun phrase."""
    for k, part in enumerate(parts):
        root = _head_of(doc, part)
        if root.dep_ not in _NP_INTERNAL_DEPS:
            continue
        words = doc[part.start : part.end + 1]
        title = all(
            t.tag_ in {"NN", "NNS", "JJ"} and t.text.islower() for t in words
        )  # a bare common noun before a name: "actor | B", "finance director | B"
        name = root.head  # the name the title goes with, over compounds ("sales | director B")
        while (
            name.dep_ == "compound" and name.head.i != name.i and name.tag_ not in {"NNP", "NNPS"}
        ):
            name = name.head
        if not (title and name.tag_ in {"NNP", "NNPS"} and name.text[:1].isupper()):
            continue  # "and Barry/compound | potatoes": two phrases the parse glued
        if _lone_quantifier(doc, part, parts[k + 1] if k + 1 < len(parts) else None):
            continue  # "and another | thousands of days": a quantifier standing alone
        j = next(
            (j for j, o in enumerate(parts) if j != k and o.start <= root.head.i <= o.end), None
        )
        if j is None:
            continue
        if j < len(corr) and _verb_argument(_head_of(doc, corr[j])) and not _titled(doc, corr[j]):
            continue  # "is Washington DC and [musical genre] [Pop]": the name answers an argument
        if k < len(corr) and j < len(corr):
            # the correlates are cut alike ("on 21 April | 2013" for "on 18 May | 2014"): the
            # first conjunct has the same structure, so the cut is no accident of the parse
            twin = _head_of(doc, corr[k])
            if twin.dep_ == root.dep_ and corr[j].start <= twin.head.i <= corr[j].end:
                continue
        return True
    return False


def _both_before(doc: Doc, corr: Sequence[Span], cc: int) -> bool:
    """A correlative "both" opens the first conjunct after the subject's correlate ("sells
    both postcards and framed prints of ...", "a feature in both A and B dialects"): "both
    ... and" joins two phrases, never two clauses, so the conjunct is no gapped clause (issue
    11, session 14). Not a pronoun "both" ("liked both, and ...", "both of them") nor one
    floated before a verb ("They both sang ..."), nor a "both" that pairs with an earlier
    conjunction ("plays both A and B, and his sister C") or a determiner whose phrase ends
    before the conjunction ("passed both bills in May, and the House in June"): the phrase
    "both" opens (its head without that head's conjuncts) must end right before ``cc``, with
    no comma there."""
    if doc[cc - 1].is_punct:
        return False  # ("thanked both parents, and Bo his teachers": a determiner)
    start = corr[0].end + 1 if corr else 0
    last = cc - 1
    for i in range(start, cc - 1):
        if (
            doc[i].lower_ != "both"
            or doc[i + 1].lower_ == "of"
            or doc[i + 1].is_punct
            or doc[i + 1].pos_ in {"VERB", "AUX", "ADV"}
            or any(doc[j].tag_ == "CC" for j in range(i + 1, cc))
        ):
            continue
        head = doc[i].head
        end = max(
            [head.i]
            + [c.right_edge.i for c in head.children if c.dep_ not in {"conj", "cc"} and c.i < cc]
        )
        if end == last:
            return True
    return False


def _object_conjunct_subject(
    doc: Doc, parts: Sequence[Span], corr: Sequence[Span], cc: int
) -> bool:
    """The subject remnant of a gapping reading, followed by a prepositional remnant, is the
    parse's conjunct of a noun inside a noun phrase of the first conjunct after the subject's
    correlate ("questions about the need for the course and [the intent] [behind it]",
    "doubts about the cost of the bridge and [the route] [beyond it]"): the parser coordinated
    two noun phrases of one clause, and the conjunction joins them (conjunction reduction), not
    two clauses (issue 11, session 14; the false gapping readings of the mining labels). Not
    when that noun's phrase is an argument of the verb ("voted for the measure and Republicans
    against it"), when a later remnant opens with its correlate's preposition ("acts as
    spokesman and C as treasurer"), nor when one of the two nouns is a date, time or quantity
    and the other not ("on 21 April 2013 and the final flight on ...")."""
    if not parts or not corr:
        return False
    if not any(doc[q.start].tag_ in {"IN", "TO"} for q in parts[1:]):
        return False  # two noun phrases ("and her brother | the cello"): a gapped clause may
        # pair them; one noun phrase cut in two is _np_split_remnants's
    root = _head_of(doc, parts[0])
    head = root.head
    if root.dep_ != "conj" or root.tag_ not in NOMINAL_TAGS or head.tag_ not in NOMINAL_TAGS:
        return False
    if not corr[0].end < head.i < cc or corr[0].start <= head.i <= corr[0].end:
        return False
    if (root.ent_type_ in _QUANTITY_ENTS or root.like_num) != (
        head.ent_type_ in _QUANTITY_ENTS or head.like_num
    ):
        return False
    k = next((j for j, c in enumerate(corr) if c.start <= head.i <= c.end), None)
    if k is None:
        # the noun is in no correlate: it fails the reading only inside a noun phrase, the
        # object of a preposition on a noun ("questions about [the need] for ...")
        if not (head.dep_ == "pobj" and head.head.head.tag_ in NOMINAL_TAGS):
            return False
        if any(doc[i].text in {",", ";"} for i in range(corr[-1].end + 1, cc)):
            return False  # a middle group of a list (", her mother as a seamstress and ...")
    elif k == 0 or _head_of(doc, corr[k]).head.tag_ not in NOMINAL_TAGS:
        return False  # the noun's phrase is an argument of the verb ("voted for the measure
        # and Republicans against it"): the parse's conjunct may be a gapped subject
    for c, part in zip(corr[1:], parts[1:], strict=False):
        # a later remnant opens with its correlate's preposition: parallel phrases of two
        # clauses whose nouns the parser coordinated ("is known as the A and [the southern
        # portion] [as the B]", "acts as spokesman and [C] [as treasurer]")
        first, own = doc[c.start], doc[part.start]
        if first.tag_ in {"IN", "TO"} and own.lower_ == first.lower_:
            return False
    return root.tag_ not in {"PRP", "EX", "WP"}


def _rate(doc: Doc, c: Span) -> bool:
    """``c`` is the rate after a counted noun: "[a year]", "[per ounce]", "[an hour]"."""
    return (
        doc[c.start].lower_ in _RATE_WORDS
        and 0 < c.end - c.start <= 2
        and doc[c.end].tag_ in {"NN", "NNS"}
        and c.start > 0
        and doc[c.start - 1].tag_ in {"NN", "NNS", "CD"}
    )


def _measure_only(doc: Doc, part: Span) -> bool:
    """A remnant that is a measure without an adjective: "3.4 km", "295 metres", "9"."""
    tags = [doc[i].tag_ for i in range(part.start, part.end + 1)]
    return "CD" in tags and not any(t in {"JJ", "JJR", "JJS", "RB", "RBR"} for t in tags)


def _measured_adjective(doc: Doc, c: Span) -> bool:
    """A span that is an adjective or adverb with the measure before it: "1.2 km long",
    "310 metres tall", "two hours late"."""
    head = doc[c.end]
    return (
        head.tag_ in {"JJ", "JJR", "RB", "RBR"}
        and c.end > c.start
        and any(
            ch.dep_ in {"npadvmod", "nmod"} and ch.left_edge.i <= c.start <= ch.i < head.i
            for ch in head.children
        )
    )


def _arguments_of(doc: Doc, verb: Token, corr: Sequence[Span], omission: bool = False) -> bool:
    """Argument-cluster correlates are dependents of one verb (or of the correlate before).

    The verb is the nearest verb above the first correlate (``verb`` when there is none).
    For a detected ``omission`` after a copula, an "of" complement is no correlate apart
    from its noun.
    """
    tok = _head_of(doc, corr[0]).head
    for _ in range(40):
        if tok.tag_ in VERB_TAGS or tok.head.i == tok.i:
            break
        tok = tok.head
    if tok.tag_ in VERB_TAGS:
        verb = tok
    for k, c in enumerate(corr):
        head = _head_of(doc, c).head
        if head.i == verb.i:
            continue
        if head.tag_ in {"IN", "TO"} and head.head.i == verb.i and head.i == c.start - 1:
            continue  # the object of a preposition of the verb: "known as [Meänkieli]"
        if k > 0 and corr[k - 1].start <= head.i <= corr[k - 1].end:
            if (
                omission
                and verb.lemma_.lower() == "be"
                and not any(ch.dep_ == "expl" for ch in verb.children)  # "there be ..."
                and doc[c.start].lower_ == "of"
                and head.tag_.startswith("NN")
            ):
                # an "of" complement belongs to its noun: no cluster of a copula's predicate
                # splits "is in [the city] [of Brantford]"
                return False
            continue
        if (
            head.head.i == verb.i
            and head.i > verb.i
            and not any(o.start <= head.i <= o.end for o in corr)
        ):
            continue  # inside a dependent of the verb that stays shared: "made [Sam] angry"
        return False
    return True


def _clean_remnants(an: _Analysis, ext: Span, parts: Sequence[Span]) -> bool:
    """Several remnants are plausible only without a finite verb, coordinator or bracket.

    Gapping and argument-cluster remnants are verbless fragments; a finite verb, another
    coordinator or bracketed material in them means the parse-free segmentation is guessing.
    """
    doc = an.doc
    nominal = doc.user_data.get("lingeval_nominal", ())
    for i in range(ext.start, ext.end + 1):
        tok = doc[i]
        if tok.tag_ in FINITE_TAGS and tok.i not in nominal:
            return False
        if (
            tok.text == "&"
            and ext.start < i < ext.end
            and doc[i - 1].tag_ in {"NNP", "NNPS"}
            and doc[i + 1].tag_ in {"NNP", "NNPS"}
        ):
            continue  # inside a name: "Standard & Poor's", "Becker & Sons/NNPS"
        if tok.text in {"(", ")", "[", "]", '"', "?", "!", "&"}:
            return False
        if tok.tag_ == "CC" and not hyphen_part(doc, i):
            # only a coordination of two like words inside a remnant ("the second and third")
            a = doc[i - 1] if i > ext.start else None
            b = doc[i + 1] if i < ext.end else None
            if (
                a is None
                or b is None
                or a.tag_[:2] != b.tag_[:2]
                or a.tag_[:2] not in {"JJ", "CD", "NN"}
            ):
                return False
    return True


def _post_verbal(an: _Analysis, verb: Token, p: int) -> int:
    """Number of constituents between the verb and ``p`` (tops of their subtrees in range)."""
    doc = an.doc
    tops: set[int] = set()
    for i in range(verb.i + 1, p + 1):
        tok = doc[i]
        if tok.is_punct or tok.dep_ in {"prt", "aux", "auxpass", "neg", "cc"}:
            continue
        for _ in range(40):
            if tok.head.i == tok.i or not verb.i < tok.head.i <= p:
                break
            tok = tok.head
        tops.add(tok.i)
    return len(tops)


@dataclass
class _Candidate:
    """One analysis of a verbless right conjunct, with its features for the ranker."""

    option: str
    parts: list[Span]
    corr: list[Span]
    ext: Span
    feats: dict[str, float]
    score: float = 0.0


#: At most this many analyses are scored per conjunction, and this many built (bounded time).
MAX_CANDIDATES = 96
MAX_BUILT = 8
MAX_ALTERNATIVES = 4  # analyses of a detected omission re-parsed and checked
CHECK_MARGIN = 2.0  # ... when their score is within this of the best (log-odds units)


def _overlaps(a: Span, b: Span) -> bool:
    return a.start <= b.end and b.start <= a.end


def _nominal(
    an: _Analysis,
    verb: Token | None,
    subj: Span | None,
    p: int,
    right: Span,
    om: Omission | None = None,
    collect: list[tuple[_Candidate, Resolution | None]] | None = None,
    longer: Span | None = None,
    subj_from_om: bool = False,
    clause_tail: Span | None = None,
    attach: bool = False,
) -> Resolution | None:
    """No verb after the conjunction: coordination, argument clusters, gapping, stripping.

    ``clause_tail``: an adverbial clause ending ``right`` that is always the last remnant
    (:func:`_clause_remnant`), or with ``attach`` a relative clause that ends the last
    remnant (:func:`_relative_remnant`).

    Every analysis (segmentation x reading x correlates) is described by features
    (:data:`lingeval.conjuncts.ranker.FEATURES`) and scored by the fitted ranker; the best
    analysis that can be built (and applied to every middle conjunct of a list) wins.
    ``collect`` receives every analysis with its rewrites (for fitting the ranker).
    """
    doc = an.doc
    strip_tail = 0  # the last token of a stripping marker ("too", "as well"), 0 for none
    words = [doc[i].lower_ for i in range(right.start, right.end + 1)]
    finite = any(doc[i].tag_ in FINITE_TAGS for i in range(right.start, right.end + 1))
    for tail in (["as", "well"], ["too"], ["also"], ["either"]):
        if finite:
            break  # "... staff... And the food is beautiful too": a clause of its own
        if len(words) > len(tail) and words[-len(tail) :] == tail:
            strip_tail = right.end
            right = Span(right.start, right.end - len(tail))
            while right.end > right.start and doc[right.end].is_punct:
                right = Span(right.start, right.end - 1)
            break
    bracket = open_bracket(doc, an.cc)
    if (
        strip_tail
        and bracket is not None
        and not any(_is_verb_tok(doc, i) for i in range(bracket, an.cc))
    ):
        # a stripped remnant inside a bracket without a clause before the conjunction: its
        # correlate is no phrase outside ("We sold everything (the house, and the car too)")
        return None
    verb_left = verb is not None and verb.i < p
    post = verb.i + 1 if verb is not None and verb_left else 0
    # lists: peel the middle conjuncts ("A, B, and C") before aligning
    middles = _peel_list(an, Span(post, p), right, verbal=False, appositions=verb_left)
    p1 = an.left_end(middles[0].start) if middles else p
    if middles and p1 >= 0 and doc[p1].lower_ in CONJUNCTIONS:
        p1 = an.left_end(p1)  # "hours, and another minutes, and ...": a repeated conjunction
    if p1 < 0:
        return None
    extents = [right]
    if longer is not None and longer.end > right.end and not strip_tail:
        extents.append(longer)
    conj_tok = next(
        (t for t in doc[right.start : right.end + 1] if t.dep_ == "conj" and t.head.i < an.cc), None
    )
    if conj_tok is not None and conj_tok.right_edge.i < right.end:
        rest = range(conj_tok.right_edge.i + 1, right.end + 1)
        if all(
            doc[i].dep_
            not in {"dobj", "attr", "acomp", "oprd", "dative", "nsubj", "npadvmod", "pobj"}
            or doc[i].head.i > conj_tok.right_edge.i
            for i in rest
        ):
            extents.append(Span(right.start, conj_tok.right_edge.i))
    tail_time = _shared_time_tail(an, post, p1, right) if not strip_tail else None
    if tail_time is not None:
        # "Prices rose 5% in Paris and 3% in Rome [last year]": a time phrase that ends the
        # conjunct and that the first conjunct lacks may be shared by every rewrite
        extents.append(Span(right.start, an.left_end(tail_time)))
    if clause_tail is not None:
        extents = [right]  # the remnant clause ends the conjunct
    extents = list(dict.fromkeys(_with_closing_bracket(an, e) for e in extents))
    parse_heads = {doc[an.cc].head.i}
    if conj_tok is not None:
        parse_heads.add(conj_tok.head.i)
    n_post = _post_verbal(an, verb, p1) if verb is not None and verb_left else None
    # a non-finite verb between the clause verb and the conjunction may be the one omitted
    # ("stayed in instead of flying to A for B and then to C for D")
    inner = _inner_verb(an, verb, p1)
    n_inner = _post_verbal(an, inner, p1) if inner is not None else None
    # an infinitival clause with a subject of its own may be the correlate as a whole, with
    # the verb above it shared ("I want [her to win] and him to lose")
    outer = _outer_verb(verb) if verb is not None and verb.i <= p1 else None
    n_outer = _post_verbal(an, outer, p1) if outer is not None else None
    om_parts = [Span(r.start, r.end) for r in om.remnants] if om is not None else None
    om_pars = [Span(q.start, q.end) for q in om.parallels if q is not None] if om else []
    base: dict[str, float] = {
        "om": 1.0 if om is not None else 0.0,
        "om_gapping": 1.0 if om is not None and om.kind == "gapping" else 0.0,
        "om_cluster": 1.0 if om is not None and om.kind == "argument-cluster" else 0.0,
        "om_strip": 1.0 if om is not None and om.kind == "stripping" else 0.0,
        "list": 1.0 if middles else 0.0,
        "rem_len": math.log1p(len(right)),
    }
    cands: list[_Candidate] = []
    prefs: dict[tuple[int, int], float] = {}
    for ext in extents:
        if clause_tail is not None:
            head = Span(ext.start, an.left_end(clause_tail.start))
            if attach:
                segs = [
                    [*seg[:-1], Span(seg[-1].start, clause_tail.end)]
                    for seg in an.segmentations(head, 3)
                ]
            else:
                segs = [[*seg, clause_tail] for seg in an.segmentations(head, 2)]
        else:
            segs = an.segmentations(ext, 1 if strip_tail else 3)
        if ext == right and om_parts and om_parts not in segs and om_parts[-1].end <= ext.end:
            segs.insert(0, om_parts)  # first: the cap below never drops the detector's
        segs.extend(_fronted_remnants(an, segs))
        for parts in segs:
            if len(cands) >= MAX_CANDIDATES:
                break
            m = len(parts)
            verbless = Span(ext.start, clause_tail.start - 1) if clause_tail else ext
            if m > 1 and not _clean_remnants(an, verbless, parts):
                continue
            if any(_glued_phrases(doc, part) for part in parts):
                continue  # "[he law]", "[their partners wells]": two phrases, not one
            if any(_swallowed_parallel(doc, part, om) for part in parts):
                continue  # "[that of B, Texas 391 inhabitants]": two remnants, not one
            if m > 1 and len(parts[0]) == 2 and _once_more(doc, parts[0]):
                continue  # "and [once more] from B": the marker of the remnant after it
            two_np = sum(1 for part in parts if _internal_boundary(an, part))
            key = (parts[0].start, parts[0].end)
            if key not in prefs:
                prefs[key] = _subject_preference(an, parts[0], subj, verb, p1)
            subj_pref = prefs[key]
            weak = an.weak_splits(parts)
            readings: list[tuple[str, Token | None, int, int | None]] = [
                ("cluster", verb, post, n_post),
                ("gapping", verb, post, n_post),
                ("fronted", verb, post, n_post),
            ]
            if inner is not None and not strip_tail:
                readings.append(("cluster", inner, inner.i + 1, n_inner))
            if (
                outer is not None
                and not strip_tail
                and m == 1
                and _subject_infinitive(doc, parts[0])
            ):
                readings.append(("cluster", outer, outer.i + 1, n_outer))
            for option, a_verb, a_post, a_n_post in readings:
                if len(cands) >= MAX_CANDIDATES:
                    break
                for corr, sims, end_shift, lead, end_kind in _analyses(
                    an, option, parts, a_verb, subj, p1, a_post, parse_heads, strip_tail, om
                ):
                    if a_verb is not verb:
                        key_c = (tuple(parts), tuple(corr))
                        if any((tuple(c.parts), tuple(c.corr)) == key_c for c in cands):
                            continue  # the clause verb's analysis already
                    floor = 0.45 if m > 1 else 0.35
                    if min(sims) < floor and not _timed_pairs_only(
                        doc, parts, corr[lead:] if lead else corr, sims, floor
                    ):
                        continue
                    if _misplaced_nominative(doc, parts, corr[lead:] if lead else corr, subj):
                        continue  # "and he law at Utrecht": a nominative pronoun is a subject
                    if option == "gapping" and _ordinal_object(doc, parts[0], subj, an.cc):
                        continue  # "vetoed the first bill ... and the second in April"
                    if option == "cluster" and _named_remnant_subject(
                        doc, a_verb, parts, corr[lead:] if lead else corr, subj
                    ):
                        continue  # "and his twin brother Vito at ...": the subject's remnant
                    if option == "cluster" and _name_for_description(
                        doc, a_verb, parts, corr[lead:] if lead else corr, subj
                    ):
                        continue  # "X is a dish from A and Y from B": Y is a new subject
                    if option == "cluster" and _bare_agent(
                        doc, parts, corr[lead:] if lead else corr
                    ):
                        continue  # "was selected by NASA in 1959 and Buzz Aldrin in 1963"
                    if (option == "cluster" and _named_subject_echoed(doc, parts, subj)) or (
                        option == "gapping"
                        and not lead
                        and _named_subject_echoed(doc, parts[:1], subj, longer=True)
                    ):
                        continue  # "beat Everton 2-1, and Everton | Liverpool 3-0"
                    if option == "gapping" and _echoed_subject(doc, a_verb, parts, corr, p1):
                        continue  # "has runway 1/19 ... and runway 5/23 ...": no new subject
                    if _bare_for_indefinite(doc, a_verb, parts, corr[lead:] if lead else corr):
                        continue  # "is a dish ... but Ayam | penyet ...": one name, not two
                    if (option != "cluster" or m > 1) and _np_split_remnants(
                        doc, parts, corr[lead:] if lead else corr
                    ):
                        continue  # "and actor | B": one noun phrase, not two remnants
                    if option in {"gapping", "fronted"} and _object_conjunct_subject(
                        doc, parts, corr[lead:] if lead else corr, an.cc
                    ):
                        continue  # "the need for A and the intent | behind it": a noun's conjunct
                    if option in {"gapping", "fronted"} and _both_before(
                        doc, corr[lead:] if lead else corr, an.cc
                    ):
                        continue  # "launch both supplies and astronauts | to ...": no clauses
                    if option == "gapping" and _two_object_cluster(doc, verb, parts, an.cc):
                        continue  # "lent the city 30 million and the region 12 million"
                    if _counted_noun_replaced(doc, parts, corr[lead:] if lead else corr):
                        continue  # "sold 3,000 copies and B almost 40,000": "40,000 copies"
                    if _number_for_noun(doc, parts, corr[lead:] if lead else corr):
                        continue  # tried as a candidate: confuses the ranker more than it adds
                    expected = m if option == "cluster" else m - 1 - lead
                    pairs = list(zip(parts, corr[lead:] if lead else corr, strict=False))
                    feats = dict(base)
                    feats.update(
                        {
                            "opt_cluster": float(option == "cluster"),
                            "opt_gapping": float(option == "gapping" and not strip_tail),
                            "opt_fronted": float(option == "fronted"),
                            "opt_strip": float(bool(strip_tail)),
                            "m1": float(m == 1),
                            "m2": float(m == 2),
                            "m3": float(m >= 3),
                            "sim_mean": sum(sims) / len(sims),
                            "sim_min": min(sims),
                            "sim_first": sims[0],
                            "cat_same": sum(
                                _category(doc, a) == _category(doc, b) for a, b in pairs
                            )
                            / max(1, len(pairs)),
                            "two_np": float(two_np),
                            "weak_cuts": float(weak),
                            "post_match": float(
                                m > 1 and a_n_post is not None and a_n_post == expected
                            ),
                            "post_diff": float(
                                min(3, abs(a_n_post - expected)) if a_n_post is not None else 3
                            ),
                            "ext_short": float(ext != right),
                            "parse_heads": sum(_head_of(doc, c).i in parse_heads for c in corr)
                            / len(corr),
                            "end_shift": math.log1p(end_shift),
                            "num_np": sum(
                                _category(doc, a) == "NUM" and _category(doc, b) == "NP"
                                for a, b in pairs
                            )
                            / max(1, len(pairs)),
                            "gap_subj_cc": float(
                                option == "gapping"
                                and subj is not None
                                and any(
                                    doc[i].tag_ == "CC" for i in range(subj.start, subj.end + 1)
                                )
                            ),
                            "end_adjunct": float(end_kind == "adjunct"),
                            "end_number": float(end_kind == "number"),
                            "end_parallel": float(end_kind == "parallel"),
                            "subj_pref": subj_pref
                            * (
                                1.0 if option == "gapping" else -1.0 if option == "cluster" else 0.0
                            ),
                            "om_seg": float(om_parts is not None and parts == om_parts),
                            "om_corr": (
                                sum(any(_overlaps(c, q) for q in om_pars) for c in corr) / len(corr)
                                if om_pars
                                else 0.0
                            ),
                            "subj_mirror": float(option == "gapping" and sims[0] >= 0.9),
                            "pron_subject": float(
                                option == "gapping"
                                and subj is not None
                                and _head_class(_np_head(doc, subj)) == "PRON"
                            ),
                            "ditransitive": float(
                                option == "cluster"
                                and m > 1
                                and verb is not None
                                and verb.lemma_ in DITRANSITIVE_LEMMAS
                            ),
                            "lead": float(lead),
                            "mid_gap": math.log1p(_mid_gap(doc, verb, corr)),
                            "subj_from_om": float(option == "gapping" and subj_from_om),
                            # raw values of generation 15 (not yet model features)
                            "inner_verb": float(a_verb is not verb),
                            "swapped": float(m == 2 and parts[0].start > parts[1].start),
                            "clause_tail": (0.0 if clause_tail is None else 2.0 if attach else 1.0),
                            "len_ratio": sum(
                                min(len(a), len(b)) / max(len(a), len(b)) for a, b in pairs
                            )
                            / max(1, len(pairs)),
                        }
                    )
                    feats.update(
                        contrast_features(
                            doc,
                            option,
                            parts,
                            corr,
                            subj,
                            verb,
                            an.cc,
                            bool(strip_tail),
                            clause=collect is not None or an.ranker.uses_clause_features,
                        )
                    )
                    cands.append(_Candidate(option, list(parts), corr, ext, feats))
                    if len(cands) >= MAX_CANDIDATES:
                        break
    if not cands:
        return None
    for c in cands:
        c.score = an.ranker.score(c.feats)
    cands.sort(key=lambda c: -c.score)
    if collect is not None:
        for c in cands:
            built = _build(
                an, verb, subj, p, p1, middles, strip_tail, c.option, c.parts, c.corr, c.ext
            )
            collect.append((c, built))
    # the best analyses that can be built; with a detected omission the first few are kept
    # as alternatives for the re-parse check (RulesResolver.analyse)
    keep = MAX_ALTERNATIVES if om is not None else 1
    alternatives: list[tuple[float, Resolution]] = []
    seen: set[tuple[str, ...]] = set()
    for c in cands[:MAX_BUILT]:
        built = _build(an, verb, subj, p, p1, middles, strip_tail, c.option, c.parts, c.corr, c.ext)
        if built is None or tuple(built.sentences) in seen:
            continue
        if alternatives and c.score < alternatives[0][0] - CHECK_MARGIN:
            break  # a clear first choice: no re-parse
        seen.add(tuple(built.sentences))
        built.details["score"] = round(c.score, 3)
        alternatives.append((c.score, built))
        if len(alternatives) >= keep:
            break
    if not alternatives:
        return None
    best = alternatives[0][1]
    if len(alternatives) > 1:
        best.details["alternatives"] = alternatives
    return best


#: Prepositions of a closing time phrase that may be shared after the gap ("[over the next two
#: years]", "[during the quarter]").
TIME_TAIL_PREPOSITIONS = frozenset({"over", "during", "throughout", "within", "in"})
#: Adverbs that open a shared closing time phrase ("[late Friday]", "[early Monday]").
TIME_TAIL_ADVERBS = frozenset({"late", "early"})


def _with_closing_bracket(an: _Analysis, span: Span) -> Span:
    """``span`` with the closing bracket right after it when the bracket opens inside it
    ("for The Old Lady Who Walked in the Sea (1992[)]"): the bracket is never shared."""
    doc, k = an.doc, span.end + 1
    if k > an.last or doc[k].text not in {")", "]"}:
        return span
    opened = open_bracket(doc, k)
    return Span(span.start, k) if opened is not None and opened >= span.start else span


def _glued_phrases(doc: Doc, part: Span) -> bool:
    """``part`` holds two noun phrases side by side that no reading joins: a personal pronoun
    followed by a noun phrase ("he | law"), or a plural noun the parser does not make a
    compound followed by a noun ("their partners | wells")."""
    for k in range(part.start, part.end):
        a, b = doc[k], doc[k + 1]
        if (
            a.tag_ == "PRP"
            and a.lower_ in NOMINATIVE_PRONOUNS
            # (a verb tag after it: the tagger's reading of a verbless conjunct, "he law/VBP")
            and b.tag_ in {"DT", "NN", "NNS", "NNP", "NNPS", "CD", "PRP$", "VBP", "VB"}
            and b.lower_ not in {"all", "both", "each"}  # "we all (of us)"
            # not the subject of a clause of its own: "a scooter if [they plan] to ..."
            and not any(_subordinator(doc[j]) or _is_verb_tok(doc, j) for j in range(part.start, k))
            and not any(c.dep_ in {"mark", "aux", "dobj", "xcomp"} for c in b.children)
        ):
            return True
        if (
            a.tag_ == "NNS"
            and b.tag_ in {"NN", "NNS"}
            and a.dep_ not in {"compound", "amod", "nmod", "conj"}
            and a.whitespace_  # not the pieces of one written word ("e-books")
            and b.text[:1].isalpha()
            # a coordinated modifier: "voice and [data] telecommunications"
            and not (k > part.start and doc[k - 1].tag_ == "CC")
        ):
            return True
        if (
            a.tag_ in {"NN", "NNS"}
            and b.text == "the"  # (not a title: "the play [The] Man Who ...")
            and k > part.start
            and doc[part.start].lower_ in {"the", "a", "an"}
            and all(doc[j].tag_ in {"DT", "JJ", "NN", "NNS"} for j in range(part.start, k))
        ):
            return True  # two noun phrases, each with its article: "the church | the vicarage"
    return False


#: Pronouns that can only be subjects.
NOMINATIVE_PRONOUNS = frozenset({"i", "he", "she", "we", "they"})


def _misplaced_nominative(
    doc: Doc, parts: Sequence[Span], corr: Sequence[Span], subj: Span | None
) -> bool:
    """A remnant opened by a nominative pronoun answers a correlate that is not the subject
    ("studied [medicine] ... and he law" is no double object: "he" answers the subject)."""
    return any(
        doc[part.start].lower_ in NOMINATIVE_PRONOUNS
        and doc[part.start].tag_ == "PRP"
        and (subj is None or c.end < subj.start or c.start > subj.end)
        for part, c in zip(parts, corr, strict=False)
    )


def _time_tail_at(an: _Analysis, k: int, right: Span) -> bool:
    """``k`` .. ``right.end`` is a closing phrase of time: a noun phrase ("last year"), one
    opened by *late/early* ("late Friday"), or a prepositional phrase of time that is one
    constituent ("over the next two years")."""
    doc = an.doc
    tail = Span(k, right.end)
    if doc[right.end].lower_ in TIME_NOUNS and all(
        doc[i].tag_ in {"DT", "JJ", "NN", "NNP"} for i in range(k, right.end + 1)
    ):
        return k >= right.end - 2 and doc[k].tag_ in {"DT", "JJ"} and _time_np(doc, tail)
    if doc[k].lower_ in TIME_TAIL_ADVERBS and k + 1 <= right.end:
        rest = range(k + 1, right.end + 1)
        return doc[right.end].lower_ in TIME_NOUNS and all(
            doc[i].tag_ in {"DT", "JJ", "NN", "NNP"} for i in rest
        )
    if doc[k].lower_ in TIME_TAIL_PREPOSITIONS and doc[k].tag_ == "IN" and k < right.end:
        obj = Span(k + 1, right.end)
        return (
            doc[k].right_edge.i == right.end
            and doc[k + 1].tag_ in {"DT", "JJ", "PRP$"}
            and _np_head(doc, obj).lemma_.lower() in TIME_NOUNS
        )
    return False


def _shared_time_tail(an: _Analysis, post: int, p: int, right: Span) -> int | None:
    """The first index of a phrase of time ("last year", "late Friday", "over the next two
    years", :func:`_time_tail_at`) that ends the right conjunct after two or more other words,
    when the first conjunct (``post`` .. ``p``) has no time word or year of its own, else None:
    closing context shared by every rewrite (paper 000, section 3.2)."""
    doc = an.doc
    for k in range(right.start + 2, right.end):
        if _time_tail_at(an, k, right):
            first = range(post, p + 1)
            if any(
                doc[i].lower_ in TIME_NOUNS
                or (doc[i].tag_ == "CD" and len(doc[i].text) == 4 and doc[i].text.isdigit())
                for i in first
            ):
                return None
            return k
    return None


def _inner_verb(an: _Analysis, verb: Token | None, p: int) -> Token | None:
    """The nearest gerund, participle or infinitive above token ``p`` below the clause ``verb`` (or
    before the conjunction when the clause verb follows it): "instead of [flying] to A and
    then to B", "In addition to [selling] X in A and Y in B, the firm ...", "remarks,
    [quoted] first in A and then in B". None when there is none or it is ``verb``."""
    doc = an.doc
    tok = doc[p]
    for _ in range(40):
        if verb is not None and tok.i == verb.i:
            return None
        if tok.tag_ in VERB_TAGS and tok.i < p and not nominal_gerund(doc, tok.i):
            # the nearest verb above p: a gerund or participle without a subject, else none
            ok = tok.tag_ in {"VBG", "VBN"} and tok.dep_ in {
                "pcomp", "advcl", "acl", "xcomp", "relcl", "conj",
            }  # fmt: skip
            # or an infinitive that modifies a noun or states a purpose ("create a fund [to
            # pay] every adult X at A, and Y at B"); an infinitival complement is part of the
            # clause verb's chain already
            ok = ok or (
                tok.tag_ == "VB"
                and tok.dep_ in {"acl", "relcl", "advcl"}
                and any(c.tag_ == "TO" and c.dep_ == "aux" for c in tok.children)
            )
            return tok if ok and not any(c.dep_ in SUBJ_DEPS for c in tok.children) else None
        if tok.head.i == tok.i:
            return None
        tok = tok.head
    return None


def _outer_verb(verb: Token | None) -> Token | None:
    """The verb above an infinitival clause that has a subject of its own ("want [her] to
    win", "asked [the boy] to stay"), when ``verb`` is that infinitive; else None."""
    if verb is None or verb.tag_ != "VB" or verb.dep_ not in {"ccomp", "xcomp", "oprd"}:
        return None
    if not any(c.tag_ == "TO" and c.dep_ == "aux" for c in verb.children):
        return None
    if not any(c.dep_ in SUBJ_DEPS and c.i < verb.i for c in verb.children):
        return None
    head = verb.head
    return head if head.tag_ in VERB_TAGS and head.i < verb.i else None


def _subject_infinitive(doc: Doc, span: Span) -> bool:
    """``span`` is a noun phrase followed by an infinitive ("him to lose", "the girl to
    leave")."""
    if doc[span.start].tag_ not in SUBJECT_INFINITIVE_TAGS:
        return False
    return any(
        doc[i].tag_ == "TO" and doc[i + 1].tag_ == "VB" and i > span.start
        for i in range(span.start, span.end)
    )


def _fronted_remnants(an: _Analysis, segs: Sequence[list[Span]]) -> list[list[Span]]:
    """Two remnants whose first is a prepositional phrase set off by a comma may answer
    their correlates in the other order ("They gave gifts to the staff, and for us,
    nothing" -> "They gave nothing for us"): the segmentation with the remnants swapped."""
    doc = an.doc
    out = []
    for parts in segs:
        if (
            len(parts) == 2
            and _category(doc, parts[0]) == "PP"
            and _category(doc, parts[1]) in {"NP", "NUM"}
            and doc[parts[1].start - 1].text == ","
        ):
            out.append([parts[1], parts[0]])
    return out


def _mid_gap(doc: Doc, verb: Token | None, corr: Sequence[Span]) -> int:
    """Tokens of shared material left between two correlates after the verb (raw value for
    the ranker: "served [mussels] to Sue ... [others]")."""
    gap = 0
    for a, b in itertools.pairwise(corr):
        if verb is not None and a.end > verb.i:
            gap += sum(1 for i in range(a.end + 1, b.start) if not doc[i].is_punct)
    return gap


def _number_for_noun(doc: Doc, parts: Sequence[Span], corr: Sequence[Span]) -> bool:
    """A bare number remnant aligned with a counted noun phrase ("two" / "three airports",
    "0.3%" / "1.2% of the population"): the number replaces the number, the noun stays."""
    for a, b in zip(parts, corr, strict=False):
        counted = doc[b.start].tag_ == "CD" or doc[b.start].text == "$"
        if counted and bare_number(doc, a) and not bare_number(doc, b):
            return True
    return False


def _counted_noun_replaced(doc: Doc, parts: Sequence[Span], corr: Sequence[Span]) -> bool:
    """A remnant that is only a number (after adverbs of quantity: "almost 40,000") replaces
    a correlate that is a number and the common noun it counts, and nothing else ("barely
    3,000 copies"): the counted noun is elided in the remnant and stays (docs/conjuncts-
    devdata.md, written-clusters: "an elided counted noun is restored"). The analysis whose
    correlate is the number alone is the one to build."""
    for a, b in zip(parts, corr, strict=False):
        # (up to a comma: "about 350[, right]")
        a = Span(
            a.start,
            next((i - 1 for i in range(a.start + 1, a.end + 1) if doc[i].text == ","), a.end),
        )
        num = _without_quantity_adverbs(doc, a)
        if not bare_number(doc, num) or any(
            doc[i].text in {"$", "%"} for i in range(a.start, a.end + 1)
        ):
            continue
        noun = doc[b.end]
        if noun.tag_ not in {"NN", "NNS"} or b.end == b.start:
            continue
        counted = _without_quantity_adverbs(doc, Span(b.start, b.end - 1))
        if (
            counted.end == b.end - 1
            and bare_number(doc, counted)
            and doc[counted.end].head.i == noun.i
            and doc[counted.end].dep_ == "nummod"
            and not any(doc[i].text in {"$", "%"} for i in range(b.start, b.end + 1))
        ):
            return True
    return False


def _subject_preference(
    an: _Analysis, first: Span, subj: Span | None, verb: Token | None, p: int
) -> float:
    """How much more the first remnant resembles the subject than any complement, in [-1, 1]."""
    if subj is None or verb is None or verb.i >= p:
        return 0.0
    best = max((an.sim(first, c) for c in an.candidates_ending(p, verb.i + 1)), default=0.0)
    return max(-1.0, min(1.0, an.sim(first, subj) - best))


def _analyses(
    an: _Analysis,
    option: str,
    parts: list[Span],
    verb: Token | None,
    subj: Span | None,
    p1: int,
    post: int,
    parse_heads: set[int],
    strip_tail: int,
    om: Omission | None,
) -> list[tuple[list[Span], list[float], int, int, str]]:
    """Correlates for ``parts`` under one reading: (correlates, sims, shared tokens, lead,
    end kind)."""
    doc = an.doc
    m = len(parts)
    verb_left = verb is not None and verb.i < p1
    out: list[tuple[list[Span], list[float], int, int, str]] = []
    if option == "gapping":
        if subj is None or verb is None or not verb_left or (m < 2 and not strip_tail):
            return out
        if strip_tail and m == 1 and _coordinated_after(doc, parts[0], verb, an.cc):
            return out  # "protests in Basra and Mosul, as well": no new subject
        rem = parts
        lead: list[Span] = []
        lead_sims: list[float] = []
        inner = _subject_pp(doc, subj, parts[0]) if m >= 2 else None
        if inner is not None:
            # the first remnant answers a modifier inside the subject, which stays: "Sales
            # [of cars] rose 5% and of trucks 3%"
            s_in = _similarity(doc, parts[0], inner)
            for corr, sims, shift, why in _align_all(
                an, parts[1:], p1, verb.i + 1, verb, parse_heads, om
            ):
                out.append(([inner, *corr], [*sims, s_in], shift, 1, why))
        # an opening adjunct remnant: "and in 2016 the company 3,500 cars"; a noun phrase of
        # time answers an opening one ("Last year they sold 300 cars and this year 500")
        first_category = _category(doc, parts[0])
        pp = first_category == "PP"
        time_np = first_category == "NP" and _time_np(doc, parts[0])
        openers: list[Span] = []
        if m >= 2 and (pp or time_np) and subj.start > 0:
            openers = [
                c
                for c in an.candidates_ending(an.left_end(subj.start), 0)
                if (_opening_time(doc, c) if time_np else _category(doc, c) == "PP")
            ]
            if pp and not openers:
                return out
        if openers:
            best_open = max(openers, key=lambda c: _similarity(doc, parts[0], c))
            lead, lead_sims = [best_open], [_similarity(doc, parts[0], best_open)]
            rem = parts[1:]
            # the subject stays: "In France, they drive on the right and in the UK, on the
            # left"; "In one hand she held a pen and in the other a book"
            for corr, sims, shift, why in _align_all(
                an, rem, p1, verb.i + 1, verb, parse_heads, om
            ):
                out.append(([*lead, *corr], [*sims, *lead_sims], shift, 1, why))
            if _category(doc, rem[0]) not in {"NP", "NUM"}:
                return out
        head0 = _np_head(doc, subj)
        # a quantifier remnant answers the subject's quantifier, whose noun stays: "Many
        # [people] came on Monday and fewer on Tuesday"
        quants = [
            c
            for c in head0.children
            if c.dep_ in {"amod", "det"} and c.lower_ in QUANTIFIERS and c.i < head0.i
        ]
        quantity = bool(quants) and not lead and _quantity_phrase(doc, rem[0])
        if _category(doc, rem[0]) not in {"NP", "NUM"} and not quantity:
            return out
        if _head_of(doc, subj).tag_ in {"WDT", "WP", "WP$"} or _head_of(doc, subj).lower_ == "that":
            return out  # a relative pronoun subject is not replaced by a remnant
        if not strip_tail and _head_class(_np_head(doc, subj)) == "PRON" and doc[rem[0].start].tag_ not in {
            "PRP", "PRP$", "NNP", "NNPS", "DT", "WP",
        }:  # fmt: skip
            return out  # "I suggest oscars or piranha every time": not a new subject
        subj_corr = subj
        nums = [c for c in head0.children if c.dep_ == "nummod" and c.i < head0.i]
        pure_number = all(
            doc[i].tag_ == "CD" or doc[i].dep_ == "quantmod"
            for i in range(rem[0].start, rem[0].end + 1)
        )
        if pure_number and nums and _head_class(head0) != "NUM":
            subj_corr = Span(nums[0].left_edge.i, nums[0].i)  # "Ten people ... and four ..."
        if _category(doc, rem[0]) == "NUM" and _head_class(head0) == "NUM" and head0.i < subj.end:
            subj_corr = Span(subj.start, head0.i)  # "About 60% of the members" -> "35% of ..."
        if quantity:
            subj_corr = Span(quants[0].left_edge.i, quants[0].i)
        if (
            head0.lower_ == "one"
            and _np_head(doc, rem[0]).lower_ in OTHER_WORDS
            and any(doc[i].tag_ in WH_TAGS for i in range(head0.i + 1, subj.end + 1))
        ):
            subj_corr = Span(subj.start, head0.i)  # "one [of which] ..., and the other ..."
        s0 = _similarity(doc, rem[0], subj_corr)
        hc0, hcs = _head_class(_np_head(doc, rem[0])), _head_class(_np_head(doc, subj_corr))
        nominal = {"PROPN", "NOUN", "PRON"}
        s0 += 0.1 if hc0 == hcs else (0.1 if {hc0, hcs} <= nominal else -0.1)
        if quantity:
            s0 = max(s0, 0.9)  # quantifier for quantifier (the tagger may call one a noun)
        # a quantifier standing alone answers a partitive subject ("Most of the reviews
        # mention X, and a few Y"), unless it is the determiner of the next phrase ("and a
        # few newspapers": one object)
        lone = _lone_quantifier(doc, rem[0], rem[1] if len(rem) > 1 else None)
        if lone and _partitive_subject(doc, subj):
            s0 = max(s0, 0.9)
        named = any(
            doc[i].text == "," and doc[i + 1].tag_ in {"NNP", "NNPS"}
            for i in range(rem[0].start, rem[0].end)
        )  # "a Sony unit, Sony Parts Ltd.": an indefinite named by its apposition
        # (a capitalised article inside the sentence opens a title: "and A Severed Wasp")
        title = doc[rem[0].start].text in {"A", "An"} and rem[0].start > 0
        if (
            doc[rem[0].start].lower_ in {"a", "an"}
            and not lone  # ("a few" standing alone is a quantifier, no indefinite)
            and _det_class(doc, subj) != "indef"
            and not named
            and not title
        ):
            return out  # contrastive subjects are not indefinite: "..., but a chance for"
        if len(rem) == 1:
            alignments: list[tuple[list[Span], list[float], int, str]] = [([], [], 0, "end")]
        else:
            alignments = _align_all(
                an, rem[1:], p1, verb.i + 1, verb, parse_heads, om, predicate=True
            )
        for corr, sims, shift, why in alignments:
            out.append(
                (
                    [*lead, subj_corr, *corr],
                    [min(s0, 1.0), *sims, *lead_sims],
                    shift,
                    len(lead),
                    why,
                )
            )
    elif option == "fronted":
        # "In 1912 was founded X and in 1916 Y": the first remnant answers an adjunct before
        # the verb, the others constituents after it
        if verb is None or not verb_left or subj is not None or m < 2:
            return out
        fronts = [
            c for c in verb.children if c.i < verb.i and c.dep_ in {"prep", "npadvmod", "advmod"}
        ]
        if not fronts:
            return out
        front = Span(fronts[0].left_edge.i, an.left_end(fronts[0].right_edge.i + 1))
        if _category(doc, parts[0]) != _category(doc, front):
            return out
        for corr, sims, shift, why in _align_all(
            an, parts[1:], p1, verb.i + 1, verb, parse_heads, om
        ):
            out.append(([front, *corr], [_similarity(doc, parts[0], front), *sims], shift, 0, why))
    else:
        if strip_tail and (m > 1 or not verb_left):
            return out
        # a stripped remnant may answer an object as well as the subject: "He met the
        # mayor and the governor too" (the object reading), "Sam left, and Kim too" (gapping)
        lo = post if m > 1 or strip_tail else 0
        for corr, sims, shift, why in _align_all(
            an, parts, p1, lo, verb, parse_heads, om, partitive=m > 1
        ):
            if m > 1 and verb is not None and not _arguments_of(doc, verb, corr, om is not None):
                continue
            out.append((corr, sims, shift, 0, why))
        adverb = _adverb_before(doc, verb, post) if m > 1 and verb_left else None
        a_post = post
        if adverb is None and m > 1 and verb_left and verb is not None:
            # the adverb of an infinitival complement of the verb: "is to [first] apply"
            adverb = _infinitive_adverb(doc, verb, p1)
            a_post = _head_of(doc, adverb).head.i + 1 if adverb is not None else post
        if adverb is not None and (
            (len(parts[0]) == 1 and doc[parts[0].start].tag_ == "RB")
            # a noun phrase of time answers a time adverb: "[once] was signed to A and
            # another time to B"
            or (_category(doc, parts[0]) == "NP" and _time_for_adverb(doc, adverb, parts[0]))
        ):
            # a connective adverb answers one before the verb: "to first apply rules to A,
            # then to B", "could also pay X ... and then Y"
            if a_post != post and len(parts[0]) == 1:
                # ... and not the infinitive phrase holding that adverb ("[to first apply
                # rules]"): the infinitive is the verb the rewrite copies
                out = [o for o in out if not (o[0][0].start <= adverb.start <= o[0][0].end)]
            for corr, sims, shift, why in _align_all(
                an, parts[1:], p1, a_post, verb, parse_heads, om
            ):
                if verb is not None and _arguments_of(doc, verb, corr):
                    s0 = _similarity(doc, parts[0], adverb)
                    out.append(([adverb, *corr], [s0, *sims], shift, 0, why))
    return out


def _swallowed_parallel(doc: Doc, first: Span, om: Omission | None) -> bool:
    """The remnant ``first`` ends with a later remnant of the omission detector whose
    head noun is the head noun of its parallel after the verb ("and that of B, Texas [391
    inhabitants]" ~ "is [1,104 inhabitants]"): that phrase is a remnant of its own."""
    if om is None or om.kind != "gapping":
        return False
    for r, q in zip(om.remnants[1:], om.parallels[1:], strict=False):
        if q is None or not first.start < r.start <= first.end or r.end != first.end:
            continue
        hr, hq = _np_head(doc, Span(r.start, r.end)), _np_head(doc, Span(q.start, q.end))
        if hr.tag_ in {"NN", "NNS"} and hr.lemma_.lower() == hq.lemma_.lower():
            return True
    return False


def _coordinated_after(doc: Doc, remnant: Span, verb: Token, cc: int) -> bool:
    """The parse coordinates the remnant with a phrase after the verb and no comma precedes
    the conjunction ("met the mayor and the governor too")."""
    head = _head_of(doc, remnant)
    return head.dep_ == "conj" and verb.i < head.head.i < cc and doc[cc - 1].text != ","


def _subject_pp(doc: Doc, subj: Span, remnant: Span) -> Span | None:
    """The prepositional modifier of the subject's head with the remnant's preposition
    ("Sales [of cars]" for the remnant "of trucks"), or its possessor for a possessive
    remnant ("[Toyota's] sales" for "Honda's"), else None."""
    head = _np_head(doc, subj)
    if doc[remnant.end].tag_ == "POS" and remnant.end > remnant.start:
        poss = next((c for c in head.children if c.dep_ == "poss" and c.i < head.i), None)
        if poss is None or poss.left_edge.i < subj.start or doc[poss.right_edge.i].tag_ != "POS":
            return None
        return Span(poss.left_edge.i, poss.right_edge.i)
    if _category(doc, remnant) != "PP":
        return None
    own = next(
        (
            Span(child.i, child.right_edge.i)
            for child in head.children
            if child.dep_ == "prep"
            and child.i > head.i
            and child.lower_ == doc[remnant.start].lower_
            and child.right_edge.i <= subj.end
        ),
        None,
    )
    # the modifier of a noun inside one of the head's own prepositional phrases: "The
    # elevation above sea level [of the airport] is 88 metres, and of the harbour 97 metres"
    # (only one such phrase, so no choice is made between two)
    inner = [
        t
        for t in doc[head.i + 1 : subj.end + 1]
        if t.dep_ == "prep"
        and t.lower_ == doc[remnant.start].lower_
        and t.head.tag_ in NOMINAL_TAGS
        and t.head.i > head.i
        and t.right_edge.i <= subj.end
        and head in t.ancestors
    ]
    if own is not None:
        # a bare name remnant answers the inner phrase of a name, not the head's own phrase of
        # a common noun: "The coach of the national team [of Peru] is A and of Chile B"
        if (
            len(inner) == 1
            and inner[0].i > own.start
            and _bare_name(doc, Span(remnant.start + 1, remnant.end))
            and _bare_name(doc, Span(inner[0].i + 1, inner[0].right_edge.i))
            and not _bare_name(doc, Span(own.start + 1, own.end))
        ):
            return Span(inner[0].i, inner[0].right_edge.i)
        return own
    if len(inner) == 1:
        return Span(inner[0].i, inner[0].right_edge.i)
    return None


def _infinitive_adverb(doc: Doc, verb: Token, p: int) -> Span | None:
    """The adverb before the infinitive of a complement chain of ``verb`` that holds token
    ``p`` ("The idea is to [first] apply rules to A", "We want to [first] paint ..."): the
    nearest infinitive above ``p`` with its "to", below ``verb``; else None."""
    tok = doc[p]
    for _ in range(40):
        if tok.i == verb.i or tok.head.i == tok.i:
            return None
        if (
            tok.tag_ == "VB"
            and tok.i < p
            and tok.dep_ in {"xcomp", "ccomp", "advcl"}
            and any(c.tag_ == "TO" and c.dep_ == "aux" for c in tok.children)
        ):
            return _adverb_before(doc, tok, tok.i + 1)
        tok = tok.head
    return None


def _adverb_before(doc: Doc, verb: Token | None, post: int) -> Span | None:
    """A one-word adverb of the verb (or of its auxiliaries' verb) just before it ("could
    [also] pay", "to [first] apply"), not a negation."""
    if verb is None:
        return None
    for child in verb.children:
        if (
            child.dep_ == "advmod"
            and child.i < verb.i
            and (child.tag_ == "RB" or (child.tag_ == "RBR" and child.lower_ in TIME_ADVERBS))
            and child.lower_ not in {"not", "n't", "never"}
            and verb.i - child.i <= 3
            and child.i < post
        ):
            return Span(child.i, child.i)
    return None


def _align_all(
    an: _Analysis,
    parts: Sequence[Span],
    p: int,
    lo: int,
    verb: Token | None,
    parse_heads: set[int],
    om: Omission | None,
    partitive: bool = True,
    predicate: bool = False,
) -> list[tuple[list[Span], list[float], int, str]]:
    """Alignments of ``parts`` with correlates, one per place where the last correlate ends.

    The last correlate ends at ``p``, before a dependent of the verb that stays shared, or (when
    the omission detector fired) at the end of any noun phrase of the first clause whose
    following material stays shared ("Tom expects [Ann] to win, and Sue Bob"). The others are
    aligned right to left, each with the most similar span that ends before the next; in
    further alignments one of them may end before one constituent that stays shared between
    two correlates ("drill [30 wells] in this area [in 1989] and [twice that] [next year]").
    Returns (correlates, similarities, tokens of shared material after the last correlate,
    the kind of that end as in :func:`_ends` or ``"parallel"``). With ``partitive`` (an
    analysis of two or more remnants, whose correlates are arguments of the verb) a
    partitive's whole answers a remnant rather than its "of" phrase. With ``predicate`` (the
    remnants after a subject remnant: gapping) the whole predicate of a copula answers a
    remnant of its category.
    """
    doc = an.doc
    ends = _ends(an, verb, p, lo, parts[-1])[: 3 if om is not None else 2]
    if om is not None:
        for q in om.parallels:
            if q is not None and lo <= q.end < p and all(q.end != e for e, _ in ends):
                ends.append((q.end, "parallel"))
    out: list[tuple[list[Span], list[float], int, str]] = []
    seen: set[tuple[Span, ...]] = set()

    def ranked_ending(part: Span, end: int) -> list[tuple[float, Span]]:
        scored = []
        nominal = _category(doc, part) in {"NP", "NUM"}  # a partitive answers a noun phrase
        # a noun phrase of time is an adverbial: it answers a prepositional phrase or another
        # adverbial, not the object inside one ("9 [in the most recent period] and 9 a year
        # earlier")
        adverbial = (
            _category(doc, part) == "NP"
            and _time_np(doc, part)
            and doc[part.start].tag_ != "CD"
            # the time word is its only noun ("a year earlier", not "her aunt today")
            and sum(doc[i].tag_ in NOMINAL_TAGS for i in range(part.start, part.end + 1)) == 1
        ) or (
            # a measure of time before an adverb of time: "two years later", "a week ago"
            part.end > part.start
            and doc[part.end].tag_ in {"RB", "RBR"}
            and doc[part.end].lower_ in {"later", "earlier", "ago", "before", "after", "afterwards"}
            and _time_np(doc, Span(part.start, part.end - 1))
        )
        # properties of the remnant alone, the same for every candidate
        focus_word = len(part) == 1 and doc[part.start].lower_ in REMNANT_OPENERS
        # a focus particle ("even", "also", "only") contrasts with no manner or degree adverb:
        # it goes with the phrase after it ("varies [greatly] from A to B or even from C to D")
        particle = len(part) == 1 and doc[part.start].lower_ in FOCUS_PARTICLES
        verbless = not any(doc[i].tag_ in VERB_TAGS for i in range(part.start, part.end + 1))
        measure = _measure_only(doc, _without_quantity_adverbs(doc, part))
        number = _category(doc, part) == "NUM" and not any(
            doc[i].lower_ in _RATE_WORDS and not numeral_article(doc, i)
            for i in range(part.start, part.end + 1)
        )
        for c in an.candidates_ending(end, lo):
            if (
                c.start - 1 >= lo
                and doc[c.start - 1].lower_ in QUANTITY_ADVERBS
                and doc[part.start].lower_ == doc[c.start - 1].lower_
            ):
                continue  # "[about] 74% ... and helium about 24%": the adverb goes too
            if number and _rate(doc, c):
                continue  # "2 million visitors [a year] and the zoo 1.5 million": the rate stays
            if measure and _measured_adjective(doc, c):
                continue  # "[1.2 km] long ... and the tunnel 3.4 km": the adjective stays
            if verb is not None and c.start <= verb.i <= c.end:
                continue
            if c.end > c.start and _stranded_preposition(doc, c):
                # "home [first to] the Ninth Legion and later the Sixth": a preposition whose
                # object lies after the span ends no correlate (it stays shared or goes with
                # its object)
                continue
            if particle and not (len(c) == 1 and doc[c.start].lower_ in FOCUS_PARTICLES):
                continue
            if focus_word and len(c) == 1 and doc[c.start].lower_ in PLACE_ADVERBS:
                continue  # a time adverb answers no place adverb: "went [there] ... and again"
            if verbless and any(
                doc[i].tag_ in FINITE_TAGS and not c.start <= doc[i].head.i <= c.end
                for i in range(c.start, c.end + 1)
            ):
                # a verbless remnant answers no stretch that holds a finite verb of the
                # clause above it ("broken up [into 7 parts is available] ... and as B")
                continue
            if verbless and _subject_infinitive(doc, c):
                # a verbless remnant answers the subject of the infinitive, not the whole
                # clause: "Tom expects [Ann] to win, and Sue Bob" (issue 11, shape 2)
                continue
            if (
                c.start > lo
                and doc[c.start].tag_ == "CD"
                and doc[c.start - 1].tag_ == "CD"
                and doc[c.start - 1].head.i == c.start
            ):
                continue  # no correlate starts inside a number: "2 [million]"
            if adverbial and _ends_in_time_pp(doc, c):
                continue  # "the next season" answers [in 2007], not [the title in 2007]
            head = _head_of(doc, c)
            sim = an.sim(part, c)
            if adverbial and (
                (head.dep_ == "pobj" and head.head.i == c.start - 1)  # "in [the last month]"
                or not (
                    _category(doc, c) in {"PP", "ADV"}
                    or (_time_np(doc, c) and doc[c.start].tag_ != "CD")  # not "9 selling days"
                )
            ):
                sim -= 0.4
            sim += 0.08 if head.i in parse_heads else 0.0
            sim += 0.04 if c.start == head.left_edge.i else 0.0
            scored.append((sim, c))
            whole = _partitive(an, c, head, lo) if partitive and nominal else None
            if whole is not None:
                # the partitive's whole answers the remnant ("open [three of the shops] by
                # May and the fourth by June"): "the shops" alone is no argument of the verb
                scored.append((max(sim, an.sim(part, whole)) + 0.01, whole))
            pred = _copula_predicate(an, verb, c, head, lo) if predicate else None
            if pred is None and predicate and _category(doc, part) == "NP":
                pred = _whole_object(an, verb, c, head, lo)
            if (
                pred is not None
                and _category(doc, pred) == _category(doc, part)
                and not _same_head_inside(doc, part, c, pred)
            ):
                # the predicate of a copula is one phrase: a remnant of its category answers
                # all of it, not a phrase inside it ("is [a nurse at the county hospital] and
                # my father a welder", "is [in the city of Brantford] and the school in Lorne")
                scored.append((max(sim, an.sim(part, pred)) + 0.01, pred))
            first_conj = _same_head_first_conjunct(doc, part, head)
            if first_conj is not None:
                # the remnant's head noun is the head noun of the first conjunct of the
                # coordination ``c`` closes: the whole coordination answers it ("has [12
                # floors and a floor area of 900 square metres], and B 45 floors")
                whole = Span(first_conj.left_edge.i, c.end)
                if whole.start >= lo and whole != c and not _cuts_any(an, whole):
                    first_span = Span(first_conj.left_edge.i, first_conj.i)
                    scored.append((max(sim, an.sim(part, first_span)) + 0.02, whole))
            if head.dep_ == "conj" and c.start == head.left_edge.i:
                # the last conjunct of a coordination: the whole coordination answers the
                # remnant ("downgraded [A, B and C] to X and D to Y")
                first = head
                for _ in range(20):
                    if first.dep_ != "conj" or first.head.i >= first.i:
                        break
                    first = first.head
                whole = Span(first.left_edge.i, c.end)
                if whole.start >= lo and whole != c and not _cuts_any(an, whole):
                    scored.append((max(sim, an.sim(part, whole)) + 0.01, whole))
        scored.sort(key=lambda x: -x[0])  # stable: the first of equals stays first
        return scored

    def best_ending(part: Span, end: int) -> tuple[float, Span] | None:
        ranked = ranked_ending(part, end)
        return ranked[0] if ranked else None

    # an infinitival last remnant may answer any infinitive of a control chain ("expected to
    # have a desire to begin [to watch the movie]"): near ties are both kept
    runner_up = _category(doc, parts[-1]) == "VP"

    for e0, why in ends[:5]:
        # skip_at = 0: correlates side by side; j > 0: part j - 1 (not the last) ends before
        # a constituent that stays shared
        for skip_at in range(len(parts) + int(runner_up)):
            second = skip_at == len(parts)  # the runner-up variant of a VP last remnant
            corr: list[Span] = []
            sims: list[float] = []
            end = e0
            ok = True
            skipped = False
            for n, part in enumerate(reversed(parts)):
                k = len(parts) - 1 - n  # index of this part
                best = None
                if second and n == 0:
                    ranked = ranked_ending(part, end)
                    if len(ranked) > 1 and ranked[1][0] >= ranked[0][0] - 0.05:
                        best, skipped = ranked[1], True
                elif skip_at and not second and k == skip_at - 1:
                    # "[200] trees ... and nearly 300 in June", "[many] books in May, but
                    # far fewer in June": the noun stays
                    bare = bare_number(doc, _without_quantity_adverbs(doc, part)) or (
                        _quantity_phrase(doc, part)
                    )
                    for e in _shared_between(an, verb, end, lo, bare):
                        hit = best_ending(part, e)
                        if hit is not None and (best is None or hit[0] > best[0]):
                            best = hit
                    skipped = best is not None
                else:
                    best = best_ending(part, end)
                if best is None:
                    ok = False
                    break
                corr.insert(0, best[1])
                sims.append(best[0])
                end = an.left_end(best[1].start)
                if n + 1 < len(parts) and end < lo:
                    ok = False
                    break
            if not ok or (skip_at and not skipped) or tuple(corr) in seen:
                continue
            seen.add(tuple(corr))
            shift = sum(1 for i in range(e0 + 1, p + 1) if not doc[i].is_punct)
            out.append((corr, sims[::-1], shift, why))
    return out


def _same_head_first_conjunct(doc: Doc, part: Span, head: Token) -> Token | None:
    """The first conjunct of the nominal coordination whose last conjunct holds ``head``,
    when its head noun is the head noun of the remnant ``part`` and the last conjunct's is
    not; else None."""
    h = _np_head(doc, part)
    if h.tag_ not in {"NN", "NNS"}:
        return None
    tok = head
    for _ in range(6):
        if tok.dep_ == "conj" and tok.head.i < tok.i:
            break
        if tok.head.i == tok.i:
            return None
        tok = tok.head
    else:
        return None
    first = tok.head
    if first.tag_ not in {"NN", "NNS"} or first.dep_ not in {"dobj", "attr", "pobj"}:
        return None
    lemma = h.lemma_.lower()
    if first.lemma_.lower() != lemma or tok.lemma_.lower() == lemma:
        return None
    return first


def _same_head_inside(doc: Doc, part: Span, c: Span, whole: Span) -> bool:
    """The remnant's head noun is the head noun of ``c``, a phrase inside ``whole``, and not
    of ``whole``: ``c`` is its parallel, not all of ``whole`` ("has [a runway length of]
    2,000 metres and B 900 metres": "metres" answers "metres")."""
    h = _np_head(doc, part)
    hc = _np_head(doc, c)
    hw = _np_head(doc, whole)
    if h.tag_ not in {"NN", "NNS"} or hc.i == hw.i:
        return False
    return h.lemma_.lower() == hc.lemma_.lower() != hw.lemma_.lower()


def _stranded_preposition(doc: Doc, c: Span) -> bool:
    """``c`` ends in a preposition whose object follows the span ("[first to] the Legion")."""
    last = doc[c.end]
    return last.tag_ in {"IN", "TO"} and any(
        ch.i > c.end and ch.dep_ in {"pobj", "pcomp"} for ch in last.children
    )


#: Quantifiers that stand for a noun phrase as a remnant ("and another | twenty samples", "and
#: a few | the smell"); "another" and "others" are pronouns, the others may also be the
#: determiner of a noun ("a few newspapers").
QUANTIFIER_PRONOUNS = frozenset({
    ("another",), ("others",), ("a", "few"), ("a", "couple"), ("several",), ("many",), ("most",),
})  # fmt: skip


def _lone_quantifier(doc: Doc, span: Span, nxt: Span | None) -> bool:
    """``span`` is a quantifier of :data:`QUANTIFIER_PRONOUNS` standing alone before the
    phrase ``nxt``: a pronoun ("others"), or a determiner-like one ("a few") before a phrase
    it cannot determine (one opened by an article, a possessive or a quotation mark: "and a
    few | the smell"; not "and a few | newspapers")."""
    words = tuple(doc[i].lower_ for i in range(span.start, span.end + 1))
    if words not in QUANTIFIER_PRONOUNS:
        return False
    if words in {("another",), ("others",)} or nxt is None:
        return True
    first = doc[nxt.start]
    return first.tag_ in {"DT", "PDT", "PRP$", "``"} or first.text in {"'", '"', "‘", "“"}


def _partitive_subject(doc: Doc, subj: Span) -> bool:
    """``subj`` is a partitive "most / many / some ... of the Ns"."""
    return (
        subj.end > subj.start
        and doc[subj.start].lower_ in PARTITIVE_HEADS
        and doc[subj.start + 1].lower_ == "of"
    )


#: Heads of a partitive "X of the Ns" besides numbers ("most of the shops").
PARTITIVE_HEADS = {
    "some", "most", "all", "many", "few", "each", "none", "half", "both", "several", "much",
    "any", "either", "neither", "one", "part", "rest", "majority", "dozens", "hundreds",
    "thousands", "millions", "billions", "lots", "tens",
}  # fmt: skip


def _partitive(an: _Analysis, c: Span, head: Token, lo: int) -> Span | None:
    """``c`` is (or starts right after) the "of" phrase of a number or quantifier ("[three]
    of the shops", "[most] of the rest"): the whole partitive span, else None."""
    of = head.head if head.dep_ == "pobj" else head
    if of.lower_ != "of" or c.start not in {of.i, of.i + 1} or of.i == 0:
        return None
    q = of.head
    if q.i != of.i - 1 or not (q.tag_ == "CD" or q.lower_ in PARTITIVE_HEADS):
        return None
    whole = Span(q.left_edge.i, c.end)
    if whole.start < lo or _cuts_any(an, whole):
        return None
    return whole


def _copula_predicate(
    an: _Analysis, verb: Token | None, c: Span, head: Token, lo: int
) -> Span | None:
    """The predicate of the copula ``verb`` (its nominal, adjectival or prepositional
    complement, from its first word to the end of ``c``) when ``c`` is a phrase inside it;
    else None."""
    if verb is None or verb.lemma_.lower() != "be" or verb.dep_ in {"aux", "auxpass"}:
        return None
    for pred in verb.children:
        if pred.dep_ not in {"attr", "acomp", "prep", "oprd"} or pred.i < verb.i:
            continue
        start = pred.left_edge.i
        if not lo <= start < c.start or head.i == pred.i:
            continue
        if not any(a.i == pred.i for a in head.ancestors):
            continue
        whole = Span(start, c.end)
        return None if _cuts_any(an, whole) else whole
    return None


def _whole_object(an: _Analysis, verb: Token | None, c: Span, head: Token, lo: int) -> Span | None:
    """The direct object of ``verb`` (from its first word to the end of ``c``) when ``c``
    follows a preposition of the object's noun, or a preposition the parser hangs on the verb
    right after the object (``c`` and the object then both hold names): a noun-phrase remnant answers the whole object ("attended [the University of
    Texas at Austin] and Kim Yale", not "... at Yale"), as a remnant answers the whole
    predicate of a copula (:func:`_copula_predicate`); else None."""
    doc = an.doc
    if verb is None or c.start < 1:
        return None
    prep = doc[c.start - 1]
    if prep.tag_ != "IN" or prep.dep_ != "prep":
        return None
    for obj in verb.children:
        if obj.dep_ != "dobj" or obj.i < verb.i or obj.i >= prep.i:
            continue
        start = obj.left_edge.i
        if start < lo:
            continue
        inside = prep.head.i == obj.i  # "[the University of Texas]": a phrase of the noun
        # (the parse's attachment to the verb: "attended [the University of Texas] [at Austin]")
        # of one name ("on the table" after "put the book" is an adjunct of its own)
        after = (
            prep.head.i == verb.i
            and prep.i == obj.right_edge.i + 1
            and all(doc[k].tag_ in {"NNP", "NNPS"} for k in range(c.start, c.end + 1))
            and any(doc[k].tag_ in {"NNP", "NNPS"} for k in range(obj.i, prep.i))
        )
        if not (inside or after):
            continue
        whole = Span(start, c.end)
        if any(
            doc[k].text in {",", ";"} or doc[k].tag_ in VERB_TAGS for k in range(start, c.end + 1)
        ):
            return None
        return None if _cuts_any(an, whole) else whole
    return None


def _cuts_any(an: _Analysis, span: Span) -> bool:
    """``span`` starts inside a constituent: a modifier before it belongs to a word in it."""
    return span.start > 0 and an._cuts_modifier(span.start, span.end)


def _shared_between(
    an: _Analysis, verb: Token | None, end: int, lo: int, number: bool = False
) -> list[int]:
    """Where a correlate may end when one constituent ending at ``end`` stays shared between
    it and the next correlate: ``[e + 1, end]`` is one constituent (one word whose head is
    outside it) or two dependents of the verb, holds no verb of the clause, at most 8 tokens ("served [mussels] | to Sue |", "made [Sam] | angry |").
    A correlate may leave its noun behind only for a bare ``number`` or quantifier remnant
    ("[200] trees", "[many] books").
    Nearest first, at most two."""
    doc = an.doc
    out: list[int] = []
    for e in range(end - 1, max(lo, end - 9) - 1, -1):
        if e < lo or doc[e].is_punct or doc[e + 1].is_punct:
            continue
        span = range(e + 1, end + 1)
        if verb is not None and e + 1 <= verb.i <= end:
            break
        tops = [i for i in span if not e + 1 <= doc[i].head.i <= end or doc[i].head.i == i]
        if (
            # one constituent, or two dependents of the verb ("[200] trees | in the park")
            (
                len(tops) == 1
                or (
                    len(tops) == 2
                    and verb is not None
                    and all(doc[i].head.i == verb.i for i in tops)
                )
            )
            and doc[e + 1].tag_ not in {"CC", "POS", "HYPH"}
            and doc[e].tag_ not in {"IN", "TO", "DT", "PDT", "PRP$", "CC", "POS", "HYPH"}
            # a correlate keeps its modifiers, except a number whose noun stays ("[200] trees")
            and (
                (number and (doc[e].tag_ == "CD" or doc[e].lower_ in QUANTIFIERS))
                or not an._cuts_modifier(e + 1, end)
            )
        ):
            out.append(e)
            if len(out) == 2:
                break
    return out


def _build(
    an: _Analysis,
    verb: Token | None,
    subj: Span | None,
    p: int,
    p1: int,
    middles: list[Span],
    strip_tail: int,
    option: str,
    parts: list[Span],
    corr: list[Span],
    ext: Span,
) -> Resolution | None:
    """The rewrites of one analysis (None when a middle conjunct does not fit it)."""
    doc = an.doc
    r_end = max(ext.end, strip_tail)
    suffix = _suffix(an, r_end)
    # an adverbial clause of the last conjunct only stays out of the others' rewrites
    own_end = _own_clause_end(an, r_end)
    shared = suffix if own_end is None else [i for i in suffix if i > own_end]
    template = list(range(0, corr[-1].end + 1)) if not middles else list(range(0, p1 + 1))
    # shared material after the last correlate but before the middle conjuncts stays
    if not middles and corr[-1].end < p:
        template = list(range(0, p + 1))
    new_subject = option == "gapping" or (
        subj is not None and any(c.start <= subj.end and c.end >= subj.start for c in corr)
    )
    if new_subject and option != "gapping":
        # the first conjunct alone is now the subject: agreement as for the others
        sents = [_substitute(an, template, corr, corr, shared, verb, subj)]
    else:
        sents = [
            _finish(
                _tokens_text(doc, _strip_preconj(doc, template, corr[0].start) + shared), an.final
            )
        ]
    # the remnants answer the last of the first conjunct's verb phrases only: the others stay
    # out of their rewrites ("was founded in 1902 and has 14,000 students, and Lorne College
    # 3,100" -> "Lorne College has 3,100 students")
    first_vp = verb
    if (
        verb is not None
        and subj is not None
        and verb.dep_ == "conj"
        and subj.end < verb.head.i < verb.i
        and verb.head.tag_ in VERB_TAGS
        and not any(c.dep_ in SUBJ_DEPS for c in verb.children)
    ):
        first_vp = verb.head  # the clause verb is the last verb phrase itself
    last_vp = _last_verb_phrase(an, first_vp, subj, corr) if option == "gapping" else None
    r_template, r_verb = template, verb
    if last_vp is not None and subj is not None and first_vp is not None:
        cut = set(range(subj.end + 1, _verb_phrase_start(last_vp)))
        shared_aux = {
            c.i for c in first_vp.children if c.dep_ in {"aux", "auxpass"} and c.i < first_vp.i
        }
        if (
            _participle_of_shared_aux(first_vp, last_vp)
            and not any(c.dep_ in {"aux", "auxpass"} for c in last_vp.children)
            and shared_aux
        ):
            cut -= shared_aux  # "was designed ... and opened in 1925": "was opened"
            r_verb = first_vp
        else:
            r_verb = last_vp
        r_template = [i for i in template if i not in cut]
    conjuncts = [_segment_like(an, mid, parts) for mid in middles] + [parts]
    # the stripping marker stays with its conjunct, with the input's comma ("and Kim, too" ->
    # "Kim has read it, too"): the words of the input are kept, none added (paper 000, 3.2)
    marker = list(range(ext.end + 1, strip_tail + 1)) if strip_tail else []
    nominal_subject = option == "gapping" and _category(doc, parts[0]) in {"NP", "NUM"}
    for remnant_parts in conjuncts:
        if remnant_parts is None or len(remnant_parts) != len(corr):
            return None
        if nominal_subject and _no_subject(doc, remnant_parts[0]):
            return None  # "..., back to Rome in June, and Lima in August": no subject
        own = marker + suffix if remnant_parts is parts else shared
        own_corr = corr if remnant_parts is parts else _keep_prepositions(an, corr, remnant_parts)
        # an expletive "there" stays, and the verb agrees with the noun after it, which a
        # remnant may replace ("There was one bus ... and three in the afternoon")
        expletive = subj is not None and _expletive(doc, subj)
        sents.append(
            _substitute(
                an,
                r_template,
                own_corr,
                remnant_parts,
                own,
                r_verb,
                subj if new_subject or expletive else None,
            )
        )
    rule = {
        "cluster": "coordination" if len(parts) == 1 else "argument-cluster",
        "gapping": "gapping",
        "fronted": "gapping",
    }[option]
    if strip_tail:
        rule = "stripping"
    if middles:
        rule += "+list"
    details = {
        "remnants": len(parts),
        "correlates": [(c.start, c.end) for c in corr],
        "parts": [(q.start, q.end) for q in parts],
    }
    return Resolution(sents, rule, details=details)


def _verb_phrase_start(v: Token) -> int:
    """First token of the verb phrase of ``v``: its first auxiliary, negation or adverb
    before it, else ``v``."""
    before = [
        c.i for c in v.children if c.i < v.i and c.dep_ in {"aux", "auxpass", "neg", "advmod"}
    ]
    return min([v.i, *before])


def _participle_of_shared_aux(verb: Token, last: Token) -> bool:
    """``last``, a later verb of the verb phrases of ``verb``, is a participle under
    ``verb``'s auxiliary: tagged one, or a passive ``verb`` and a past form without an object
    that is also the participle ("was designed in 1920 and opened/VBD in 1925")."""
    if last.tag_ in {"VBN", "VBG"}:
        return True
    if last.tag_ != "VBD" or not any(c.dep_ == "auxpass" for c in verb.children):
        return False
    if verb.lower_ == "born":
        return False  # what one does after being born is active: "was born in A and died in B"
    from lemminflect import getLemma

    from lingeval.conjuncts.memo import get_inflection

    if any(c.dep_ in {"dobj", "dative"} for c in last.children):
        return False
    # the dictionary's lemma of the form (the tagger's may be wrong: "staged" -> "stag")
    lemmas = {last.lemma_, *getLemma(last.lower_, upos="VERB")}
    return any(last.lower_ in (get_inflection(lm, tag="VBN") or ()) for lm in lemmas)


def _last_verb_phrase(
    an: _Analysis, verb: Token | None, subj: Span | None, corr: Sequence[Span]
) -> Token | None:
    """The last verb phrase of a first conjunct whose verb phrases share the subject ("[was
    founded in 1902] and [has 14,000 students]") when the gapping analysis's correlates after
    the subject all lie in it: its verb, else None."""
    doc = an.doc
    if verb is None or subj is None or len(corr) < 2 or corr[0] != subj:
        return None
    vps = [
        c
        for c in verb.children
        if c.dep_ == "conj"
        and verb.i < c.i < an.cc
        and c.tag_ in VERB_TAGS
        and not any(g.dep_ in SUBJ_DEPS for g in c.children)
    ]
    if not vps:
        return None
    last = vps[-1]
    start = _verb_phrase_start(last)
    if doc[start - 1].tag_ != "CC" or not any(t.tag_ in FINITE_TAGS for t in (last, doc[start])):
        return None  # no "and" before it, or no finite verb of its own to agree
    if not any(not doc[i].is_punct for i in range(verb.i + 1, start - 1)):
        return None  # verbs that share their object: "[bought] and read the book"
    if any(c.start < start for c in corr[1:]):
        return None
    return last


def _no_subject(doc: Doc, span: Span) -> bool:
    """``span`` cannot be a subject remnant: a prepositional phrase, possibly opened by an
    adverb ("back to Rome", "again in May"), an adverb or an adjective alone."""
    first = doc[span.start]
    if first.tag_ in {"IN", "TO"}:
        return True
    if first.tag_ in {"RB", "RP"} and span.end > span.start:
        return doc[span.start + 1].tag_ in {"IN", "TO"}
    return _category(doc, span) in {"PP", "ADV", "ADJ"}


def _own_clause_end(an: _Analysis, r_end: int) -> int | None:
    """The last token of an adverbial clause that belongs to the last conjunct only, else
    None: the first conjunct is closed by a comma before the conjunction, and a subordinate
    clause with a verb of its own follows the last remnant without a comma ("pay the rent for
    two months, and for another month if the house is still empty"). Without that comma the
    clause is shared ("Ann fixed the roof and Bo the fence since it rained")."""
    doc = an.doc
    k = r_end + 1
    if k > an.last or an.cc < 1 or doc[an.cc - 1].text != "," or doc[r_end].is_punct:
        return None
    if not _subordinator(doc[k]):
        return None
    end = k
    while end + 1 <= an.last and doc[end + 1].text not in {",", ";", ":", "--", "—"}:
        end += 1
    if not any(_is_verb_tok(doc, i) for i in range(k + 1, end + 1)):
        return None
    return end


def _keep_prepositions(an: _Analysis, corr: list[Span], mid: list[Span]) -> list[Span]:
    """A noun phrase of a middle list conjunct answering a prepositional correlate replaces
    only its object: the preposition stays ("flying to Rome in May, Paris in June, and to
    Oslo in July" -> "flying to Paris in June")."""
    doc = an.doc
    out = []
    for c, r in zip(corr, mid, strict=True):
        if (
            len(c) > 1
            and doc[c.start].tag_ in {"IN", "TO"}
            and _category(doc, c) == "PP"
            and _category(doc, r) in {"NP", "NUM"}
            and doc[r.start].tag_ not in {"IN", "TO", "RB", "RP"}
            and all(doc[i].lower_ != doc[c.start].lower_ for i in range(r.start, r.end + 1))
        ):
            c = Span(c.start + 1, c.end)
        elif (
            c.start > 0
            and doc[c.start - 1].tag_ in {"IN", "TO"}
            and doc[c.start].tag_ not in {"IN", "TO"}
            and len(r) > 1
            and (
                doc[r.start].lower_ == doc[c.start - 1].lower_
                or (
                    doc[r.start].tag_ in {"RB", "RP"}
                    and doc[r.start + 1].lower_ == doc[c.start - 1].lower_
                )
            )
        ):
            # ... and a middle conjunct with the correlate's own preposition replaces it too
            # ("flying to Rome next week, back to Rome in June, and ..." -> "flying back to
            # Rome in June", not "flying to back to Rome")
            c = Span(c.start - 1, c.end)
        out.append(c)
    return out


def _segment_like(an: _Analysis, seg: Span, parts: list[Span]) -> list[Span] | None:
    if len(parts) == 1:
        return [seg]
    best = None
    cands = an.segmentations(seg, len(parts))
    if len(parts) == 2 and an.doc[parts[0].end].tag_ == "POS":
        # the last group's first remnant is a possessor without its noun ("Rome's | Bo
        # Kay"): so is the middle group's ("Oslo's | Al Berg"), a cut no chunk boundary makes
        pos = [k for k in range(seg.start + 1, seg.end) if an.doc[k].tag_ == "POS"]
        if pos:
            cands = [*cands, [Span(seg.start, pos[0]), Span(pos[0] + 1, seg.end)]]
    for cand in cands:
        if len(cand) != len(parts):
            continue
        s = sum(_similarity(an.doc, a, b) for a, b in zip(cand, parts, strict=True))
        s -= 0.3 * an.weak_splits(cand)  # "the neatest | ones" cuts inside a noun phrase
        if best is None or s > best[0]:
            best = (s, cand)
    return best[1] if best else None


ONE = {"one", "1", "a", "an", "single"}


#: Frequency adverbs that count a following rate ("twice [a week]", "once [a year]").
FREQUENCY_WORDS = frozenset({"once", "twice", "thrice"})
_NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "PRP"})


def _count_kind(tok: Token) -> str | None:
    """What a word counts with: ``"num"`` (a number, "%"), ``"freq"`` (once, twice), else
    None."""
    if tok.tag_ == "CD" or tok.text == "%":
        return "num"
    if tok.lower_ in FREQUENCY_WORDS:
        return "freq"
    return None


def _number_start(doc: Doc, c: Span, pivot: int) -> int:
    """First token of the number ending at ``pivot`` ("$ 1.20", "60 %")."""
    start = pivot
    while start > c.start and (doc[start - 1].tag_ == "CD" or doc[start - 1].text == "$"):
        start -= 1
    return start


#: Words that open a rate after a number or frequency word ("twice [a week]").
_RATE_WORDS = frozenset({"a", "an", "per", "every"})


def _elided_noun_pivot(doc: Doc, c: Span, r: Span) -> int | None:
    """Where a noun-less number remnant stops replacing its correlate: the last number or
    frequency word of ``c`` before the material it counts, which stays (paper 000, section
    3.2: the counted noun is spelled out; "for five [years]", "by 240 [votes] to 190",
    "once [a week]").

    Only a number inside a prepositional phrase, or a frequency word: for a noun-phrase
    number the alignment offers both readings (:func:`_ends`, ``"number"``; the ranker's
    ``qnum_keeps_noun``). None when ``r`` has a noun of its own or is no number, or ``c``
    has nothing after its number. An ordinal or adjective remnant gets its noun back through
    :func:`_modifier_pivot`; determiners and pronoun-like remnants ("in the other") keep
    their nominal ellipsis, and so does a rate after a money amount ("$235 to $266 [a
    share]")."""
    if doc[r.end].tag_ == "POS" and r.end > r.start:
        # a possessor whose noun is elided answers the correlate's possessor, whose noun
        # stays ("of A's crew and B of C's" -> "of C's crew")
        return next(
            (
                j
                for j in range(c.end - 1, c.start, -1)
                if doc[j].tag_ == "POS"
                and all(doc[i].tag_ in ADJ_NOUN_TAGS | {"NNS"} for i in range(j + 1, c.end + 1))
                and doc[c.end].tag_ in {"NN", "NNS"}
            ),
            None,
        )
    rs, cs = r.start, c.start
    pp = doc[rs].tag_ in {"IN", "TO"} and doc[cs].lower_ == doc[rs].lower_ and rs < r.end
    if pp:
        rs, cs = rs + 1, cs + 1  # "for five" / "for ten years": compare the objects
    if cs > c.end:
        return None
    modifier = _modifier_pivot(doc, Span(cs, c.end), Span(rs, r.end))
    if modifier is not None:
        return modifier  # "their second [album]", "the larger [hall]"
    unit = next(
        (
            i
            for i in range(cs + 1, c.end)
            if doc[i].dep_ == "compound"
            and doc[i].text.isalpha()  # (not "a 60% stake ... 15%": the share itself)
            and doc[i].head.i == c.end
            and doc[r.end].text.isalpha()
            and doc[r.end].tag_ in _NOUN_TAGS  # (not "the 128GB one instead")
            and doc[i - 1].tag_ == "CD"
            and doc[r.end - 1].tag_ == "CD"
        ),
        None,
    )
    if unit is not None:
        return unit  # "the 16GB model ... the 32GB [model]", "the 2TB [drive]": a measured kind
    if any(doc[i].tag_ in _NOUN_TAGS and doc[i].text != "%" for i in range(rs, r.end + 1)):
        return None
    kind = _count_kind(doc[r.end])
    last = doc[r.end].text
    if kind is None or (len(last) == 4 and last.isdigit()):
        return None  # a year counts nothing ("for 1989" / "for the 12 months ...")
    if kind == "num" and (not pp or doc[rs].tag_ == "DT"):
        return None  # a noun-phrase number: the alignment's choice; "nearly a million"
    pivot = None
    for i in range(cs, c.end):
        tok = doc[i]
        number_goes_on = doc[i + 1].tag_ == "CD" or doc[i + 1].text == "%"  # "2 million"
        if _count_kind(tok) == kind and not number_goes_on:
            pivot = i
        elif (tok.tag_ in _NOUN_TAGS and tok.text != "%") or tok.lower_ in {"of", *_RATE_WORDS}:
            break  # the counted material starts
        elif tok.tag_ not in {"DT", "PRP$", "JJ", "RB", "$", "HYPH"}:
            return None
    if pivot is None and kind == "num" and pp:
        # a number deeper in the phrase, whose counted noun ends it ("in an average of 14
        # [minutes]" for "in just under 9")
        pivot = next(
            (
                i
                for i in range(c.end - 1, cs, -1)
                if _count_kind(doc[i]) == kind
                and doc[i].tag_ == "CD"
                and doc[i - 1].tag_ == "IN"  # (inside a phrase of its own: "of 14")
                and doc[i + 1].tag_ in {"NN", "NNS"}
                and all(doc[j].tag_ in {"NN", "NNS"} for j in range(i + 1, c.end + 1))
            ),
            None,
        )
    if pivot is None or pivot >= c.end:
        return None
    tail = doc[pivot + 1]
    if kind == "freq":
        return pivot if tail.lower_ in _RATE_WORDS else None
    return pivot if tail.tag_ in {"NN", "NNS"} or tail.lower_ == "of" else None


#: Remnants that stand for their noun phrase as pronouns do: the noun stays elided
_PRONOUN_REMNANT_WORDS = frozenset({"other", "others", "another", "rest", "one", "ones", "same"})


def _modifier_pivot(doc: Doc, c: Span, r: Span) -> int | None:
    """Where an ordinal or adjective remnant whose noun is elided stops replacing its
    correlate: the correlate's ordinal or adjective right before its head noun, which stays
    (issue 11, session 12, the lead's decision: "its first album ... and its second" -> "its
    second album"; "the larger [hall]"). The remnant ends with an ordinal or an adjective
    (after a determiner or possessive, or bare) and has no noun; pronoun-like remnants
    (*the other*, *another*, *the rest*, *the small one*) keep their ellipsis. None
    otherwise."""
    last = doc[r.end]
    if last.lower_ in _PRONOUN_REMNANT_WORDS or not stands_for_noun(last):
        return None
    if (
        last.tag_ == "JJ"
        and last.lower_ not in ORDINALS
        and has_lemma(last.lower_, "NOUN")
        and not has_lemma(last.lower_, "ADJ")
    ):
        return None  # a dictionary noun the tagger calls an adjective: "the garnish/JJ"
    if any(doc[i].tag_ not in {"DT", "PRP$", "POS", "JJ", "JJR", "JJS", "RB", "RBS", "RBR"}
           for i in range(r.start, r.end)):  # fmt: skip
        return None
    if not any(doc[i].tag_ in {"DT", "PRP$", "POS"} for i in range(r.start, r.end)) and any(
        doc[i].tag_ in {"RB", "RBR"} and doc[i].head.i == r.end for i in range(r.start, r.end)
    ):
        return None  # a graded adjective phrase, no noun elided: "super light but also really warm"
    for k in range(c.start, c.end):
        tok, nxt = doc[k], doc[k + 1]
        if (
            stands_for_noun(tok)
            and tok.lower_ not in _PRONOUN_REMNANT_WORDS
            and nxt.tag_ in {"NN", "NNS"}
            and tok.head.i == nxt.i
            and all(doc[i].head.i == nxt.i for i in range(c.start, k))
        ):
            return k
    return None


def _number_agreement(doc: Doc, c: Span, r: Span, replace: dict[int, str]) -> None:
    """ "three airports" -> "one airport" when a number replaces a number before its noun."""
    from lingeval.conjuncts.memo import get_inflection

    if c.end + 1 >= len(doc) or doc[c.end].dep_ != "nummod":
        return
    noun = doc[c.end + 1]
    new = " ".join(doc[i].lower_ for i in range(r.start, r.end + 1))
    if not all(doc[i].tag_ == "CD" or doc[i].lower_ in ONE for i in range(r.start, r.end + 1)):
        return
    if noun.tag_ == "NNS" and new in ONE:
        form = get_inflection(noun.lemma_, tag="NN")
    elif noun.tag_ == "NN" and doc[c.end].lower_ in ONE and new not in ONE:
        form = get_inflection(noun.lemma_, tag="NNS")
    else:
        return
    if form:
        replace[noun.i] = form[0]


# adverbs of place and direction shared by the two sets below
_PLACE_WORDS = frozenset({
    "there", "here", "home", "abroad", "away", "back", "out", "up", "down", "inside",
    "outside", "elsewhere",
})  # fmt: skip

#: adverbs of place and direction: a connective or time adverb never answers one
PLACE_ADVERBS = _PLACE_WORDS | {"upstairs", "downstairs", "overseas", "nearby"}

# adverbs that stay after the verb (place, direction, degree, focus) or bind to the next word
_ADVERBS_STAYING = _PLACE_WORDS | {
    "in", "off", "over", "around", "ahead", "forward", "together", "apart", "not", "n't",
    "only", "just", "even", "almost", "nearly", "about", "roughly", "exactly", "precisely",
    "especially", "particularly", "mainly", "mostly", "largely", "chiefly", "partly", "more",
    "less", "most", "least", "very", "so", "too", "as", "quite", "rather", "twice", "once", "well",
}  # fmt: skip


#: Adverbs of direction that a time adverb may precede in a remnant ("and then back home").
DIRECTION_ADVERBS = frozenset({"back", "home", "away", "out", "up", "down", "north", "south",
                               "east", "west", "abroad", "upstairs", "downstairs", "inside",
                               "outside", "forward", "over", "again"})  # fmt: skip


def _adverb_pair(doc: Doc, span: Span) -> bool:
    """Two adverbs opening a longer span, the second a connective, time or focus adverb
    ("[then again] in 1950", "[more specifically] from Sicily", "[most recently] in Rome")."""
    return span.end > span.start + 1 and (
        (
            doc[span.start].tag_ in {"RB", "RBR", "RBS"}
            and doc[span.start + 1].tag_ == "RB"
            and doc[span.start + 1].lower_ in REMNANT_OPENERS
        )
        or _once_more(doc, span)
    )


def _once_more(doc: Doc, span: Span) -> bool:
    """``span`` opens with "once more" (an adverb of repetition, like "again") before more
    words ("and [once more] with a revised form in 2020")."""
    return (
        span.end > span.start + 1
        and doc[span.start].lower_ == "once"
        and doc[span.start + 1].lower_ == "more"
    )


def _leading_adverb(doc: Doc, c: Span, r: Span) -> list[int]:
    """A connective or time adverb opening a longer remnant whose correlate has none ("and
    [then] to B", "and [now] with D"; also two adverbs, "and [then again] in 1950", judged by
    the second): the gold convention puts it before the copied verb (paper section 4.2: the
    omitted verb is restored in its place). The adverbs' indices, or [] for none."""
    if _once_more(doc, r) and doc[r.start + 2].tag_ in {"IN", "TO"}:
        return [r.start, r.start + 1]  # "and once more with B" -> "once more V ... with B"
    pair = _adverb_pair(doc, r) and doc[r.start + 1].lower_ not in _ADVERBS_STAYING
    run = [r.start] if pair else []
    if pair:
        r = Span(r.start + 1, r.end)
    tok = doc[r.start]
    # set off by a comma ("and, later, to Paris"): the comma goes with it
    nxt = r.start + 2 if r.start + 2 <= r.end and doc[r.start + 1].text == "," else r.start + 1
    # "and later medicine at Harvard": the parser reads "later" as an adjective of the noun
    # after it; with no determiner and an adjective-free correlate it is the time adverb
    later_adj = (
        tok.tag_ == "JJ"
        and tok.lower_ == "later"
        and tok.dep_ == "amod"
        and doc[r.start - 1].tag_ in {"CC", ","}
        and not any(doc[i].tag_ in {"JJ", "JJR", "JJS"} for i in range(c.start, c.end + 1))
    )
    if tok.lower_ == "also" and r.end > r.start and not doc[nxt].is_punct:
        # "also" is a stripping marker whatever the parser hangs it on ("not only better but
        # also/conj longer"): it goes before the copied verb (docs/conjuncts-devdata.md)
        return [*run, tok.i]
    if (
        r.end == r.start
        or not (
            later_adj
            or tok.tag_ == "RB"
            or (tok.tag_ == "RBR" and tok.lower_ in REMNANT_OPENERS)  # "and earlier in Milan"
        )
        or (tok.dep_ not in {"advmod", "conj"} and not later_adj)
        or tok.lower_ in _ADVERBS_STAYING
        or (
            tok.head.tag_ in {"JJ", "JJR", "JJS", "RB", "RBR", "RBS", "CD"}
            # "and then back home": a time adverb the parser hangs on a direction adverb
            and not (tok.head.tag_ == "RB" and _direction_after(doc, tok, r))
            # "and now German in Paris" answering the noun "French": a name tagged JJ
            and not (
                tok.head.tag_ == "JJ"
                and tok.head.text[:1].isupper()
                and tok.lower_ in REMNANT_OPENERS
                and _head_of(doc, c).tag_ in NOMINAL_TAGS
            )
            # "and usually much sooner": an adverb of time or frequency the parser hangs on
            # the comparative after it modifies the copied verb
            and not (
                tok.head.tag_ in {"JJR", "RBR"}
                and tok.lower_ in (TIME_ADVERBS | SEQUENCE_ADVERBS) - FREQUENCY_WORDS
            )
        )
        or doc[nxt].is_punct
        or (doc[c.start].pos_ == "ADV" and not (len(c) == 1 and _direction_after(doc, tok, r)))
    ):
        return []
    return [*run, tok.i]


def _complemented_verb(gov: Token, indices: list[int]) -> Token:
    """The main verb above ``gov`` through open complements (``xcomp``: "tried [to call]",
    "tried [reinstalling]", "wants to start [learning]"), the last one still in the rewrite
    ``indices``; ``gov`` itself when it is no such complement. A copula's complement ("is to
    send") and a complement with a subject of its own stay."""
    for _ in range(4):
        head = gov.head
        if (
            gov.dep_ != "xcomp"
            or head.i == gov.i
            or head.tag_ not in VERB_TAGS
            or head.lemma_ == "be"
            or head.i not in indices
            or any(c.dep_ in SUBJ_DEPS for c in gov.children)
        ):
            break
        gov = head
    return gov


def _direction_after(doc: Doc, tok: Token, r: Span) -> bool:
    """``tok`` is a time adverb opening ``r`` and hung on the direction adverb after it ("and
    [then] down to the valley"): the direction adverb answers the correlate, ``tok`` moves."""
    return (
        tok.i == r.start
        and r.end > r.start
        and r.start < tok.head.i <= min(r.end, r.start + 2)
        and tok.head.lower_ in DIRECTION_ADVERBS
        and tok.lower_ in TIME_ADVERBS | SEQUENCE_ADVERBS
    )


def _rival_adverb(
    doc: Doc, gov: Token, adv: int, indices: list[int], pairs: Sequence[tuple[Span, Span]]
) -> int | None:
    """An adverb of time or sequence of the copied verb ``gov`` in the rewrite, outside every
    remnant, that the remnant's leading adverb ``adv`` (one of the same sets) answers
    ("sold [first] to A and later B"), else None."""
    classes = TIME_ADVERBS | SEQUENCE_ADVERBS
    if doc[adv].lower_ not in classes:
        return None
    own = {i for _, r in pairs for i in range(r.start, r.end + 1)}
    for t in gov.children:
        if (
            t.dep_ == "advmod"
            and t.tag_ in {"RB", "RBR"}
            and t.lower_ in classes
            and t.lower_ != doc[adv].lower_
            and t.i in indices
            and t.i not in own
        ):
            return t.i
    return None


def _finite_copula(verb: Token) -> bool:
    """A finite *be* that is its clause's only verb ("is part of", "was a nurse"): a
    mid-position adverb follows it, as it follows a first auxiliary ("is formerly part of",
    "could then pay")."""
    return (
        verb.tag_ in FINITE_TAGS
        and verb.lemma_.lower() == "be"
        and verb.dep_ not in {"aux", "auxpass"}
        and not any(c.dep_ in {"aux", "auxpass"} for c in verb.children)
    )


def _close_apposition(doc: Doc, r: Span, indices: list[int]) -> None:
    """A remnant that ends with an apposition set off by a comma keeps the comma that closes
    it when the rewrite goes on after it ("and her sister ship, MV Aldric Moon, in 2006" ->
    "Her sister ship, MV Aldric Moon, was launched in 2006")."""
    after = r.end + 1
    if after >= len(doc) or doc[after].text != "," or after in indices or r.end not in indices:
        return
    opened = any(
        doc[i].text == "," and doc[i + 1].tag_ in {"NNP", "NNPS", "DT", "PRP$", "CD"}
        for i in range(r.start + 1, r.end)
    )
    if not opened or doc[r.end].is_punct:
        return
    at = indices.index(r.end) + 1
    if at < len(indices) and not doc[indices[at]].is_punct:
        indices.insert(at, after)


def _substitute(
    an: _Analysis,
    template: list[int],
    corr: list[Span],
    remnants: list[Span],
    suffix: list[int],
    verb: Token | None,
    subj: Span | None,
) -> str:
    """The template with each correlate replaced by its remnant (and agreement fixed)."""
    doc = an.doc
    indices: list[int] = []
    pos = 0
    pairs = list(zip(corr, remnants, strict=False))
    kept: list[tuple[Span, Span]] = []  # (number or ordinal replaced, remnant) for agreement
    for c, r in pairs:
        indices.extend(i for i in template[pos:] if i < c.start)
        indices.extend(range(r.start, r.end + 1))
        pivot = _elided_noun_pivot(doc, c, r)
        if pivot is not None:
            # "the second [bridge over the Tay]", "for five [years]", "$1.45 [a share]"; not
            # an aside set off by a comma ("the second ship[, which is half-completed,]")
            stop = next((i for i in range(pivot + 1, c.end + 1) if doc[i].text == ","), c.end + 1)
            indices.extend(i for i in template if pivot < i < stop)
            kept.append((Span(_number_start(doc, c, pivot), pivot), r))
        elif c.start > 0 and doc[c.start - 1].text == "$" and doc[r.start].text != "$":
            # "rose [$]4.20 ... and silver 12 cents": the currency sign goes with its number
            at = len(indices) - len(r) - 1
            if at >= 0 and indices[at] == c.start - 1:
                del indices[at]
        pos = next((n for n, i in enumerate(template) if i > c.end), len(template))
    indices.extend(template[pos:])
    indices = _strip_preconj(doc, indices, corr[0].start)
    for c, r in pairs:
        neg = c.start - 1
        if (
            r.start > c.end
            and doc[an.cc].lower_ == "but"
            and neg in indices
            and doc[neg].lower_ in {"not", "never"}
            and c.start <= doc[neg].head.i <= c.end
        ):
            # replacive "not X but Y": the negation is X's, not Y's ("trained not as a
            # writer but as an engineer" -> "trained as an engineer")
            indices.remove(neg)
    decap = False
    for c, r in pairs:
        advs = _leading_adverb(doc, c, r)
        # the verb that governs the correlate ("is to [send] the letters [by post]")
        gov = next((t for t in _head_of(doc, c).ancestors if t.tag_ in VERB_TAGS), None)
        if (
            advs
            and gov is not None
            and gov.i in indices
            and indices.index(advs[0]) > indices.index(gov.i)
        ):
            # "and then to B" -> "then V ... B": the copied verb follows the adverb
            for adv in advs:
                indices.remove(adv)
            prep = c.start - 1
            if (
                prep in indices
                and doc[prep].tag_ == "IN"
                and advs[-1] + 1 <= r.end
                and doc[advs[-1] + 1].lower_ == doc[prep].lower_
            ):
                # a noun correlate inside the phrase of the remnant's own preposition: it
                # comes once ("meet at the cafe or maybe at the library" -> "maybe meet at
                # the library", not "at at")
                indices.remove(prep)
            if doc[advs[-1] + 1].text == "," and advs[-1] + 1 in indices:
                indices.remove(advs[-1] + 1)  # "and, later, to B" -> "later V ... B"
            rival = _rival_adverb(doc, gov, advs[-1], indices, pairs)
            if rival is not None:
                # the first conjunct's own adverb of time is what the remnant's answers: it
                # is replaced in its place ("passed [first] to A and later B" -> "passed
                # later to B")
                at = indices.index(rival)
                indices[at : at + 1] = advs
                continue
            # before the main verb of the clause: a complement verb without a subject of its
            # own hands the adverb up to the verb it complements ("tried to call A first and
            # then B" -> "then tried to call B"; "tried reinstalling A and then B")
            gov = _complemented_verb(gov, indices)
            # after the first auxiliary ("can sometimes be crossed", docs/conjuncts-devdata.md);
            # a finite copula is its own first auxiliary: "is formerly part of B"
            first_aux = _finite_of(doc, gov)
            if (
                first_aux is not None
                and first_aux.i < gov.i
                and first_aux.i in indices
                and any(first_aux.i < t.i < gov.i for t in gov.children if t.dep_ in SUBJ_DEPS)
            ):
                # an auxiliary before its subject (a question): the adverb goes after the
                # subject, right before the verb ("Can you maybe send it to B?")
                at = indices.index(gov.i)
            elif first_aux is not None and first_aux.i < gov.i and first_aux.i in indices:
                at = indices.index(first_aux.i) + 1
            else:
                at = indices.index(gov.i) + int(_finite_copula(gov))
            indices[at:at] = advs
            # the sentence's first word is no longer first: "Then mix the flour ..."
            decap = decap or (at == 0 and indices[len(advs)] == 0)
        comma = _comma_adjunct_end(doc, r)
        if comma is not None and comma in indices:
            indices.remove(comma)  # "and, since 2004, to B" -> "V ... since 2004 to B"
        closing = c.end + 1
        if (
            closing + 1 < len(doc)
            and doc[closing].text == ","
            and closing in indices
            and doc[closing + 1].tag_ in VERB_TAGS
            and any(doc[i].text == "," for i in range(c.start, c.end + 1))
            and not any(doc[i].text == "," for i in range(r.start, r.end + 1))
        ):
            # the comma closing the correlate's own aside goes with it: "The mayor, who had
            # opposed it[,] voted against and the council in favour" -> "The council voted"
            indices.remove(closing)
    for _c, r in pairs:
        _close_apposition(doc, r, indices)
    replace: dict[int, str] = {}
    lowered = _lower_first(doc[0]) if decap else None
    if lowered is not None:
        replace[0] = lowered
    for c, r in pairs:
        _number_agreement(doc, c, r, replace)
    for c, r in kept:
        _number_agreement(doc, c, _without_quantity_adverbs(doc, r), replace)
    if subj is not None and verb is not None:
        # a remnant replacing a modifier inside the subject leaves the agreement alone
        s0 = subj.start + int(doc[subj.start].lower_ in PRECONJ)  # "[Both] Tina and Vicky"
        new_subj = next((r for c, r in pairs if c.start <= s0 <= c.end), None)
        if new_subj is not None:
            _bound_possessives(doc, verb, subj, new_subj, indices, pairs, replace)
        if new_subj is None and _expletive(doc, subj):
            # "There was one bus in the morning and three in the afternoon": the verb agrees
            # with the noun after it, which the remnant replaced
            logical = _expletive_subject(doc, verb)
            if logical is not None:
                new_subj = next(
                    (
                        r
                        for c, r in pairs
                        if c.start <= logical.i <= c.end
                        # a number that the remnant replaces: "one [bus]" for "three"
                        or (c.end < logical.i and doc[c.end].head.i == logical.i)
                    ),
                    None,
                )
        if new_subj is not None:
            finite = _finite_of(doc, verb)
            if finite is not None and (finite.i in indices or finite.i in suffix):
                form = _agreeing_form(doc, finite, new_subj)
                if form:
                    replace[finite.i] = form
    return _finish(_tokens_text(doc, indices + suffix, replace), an.final)


# --------------------------------------------------------------------------------------------
# The resolver


class RulesResolver(Resolver):
    """Dependency-parse rules (see the module docstring); ``spacy_model`` picks the parser."""

    name = "rules"

    def __init__(
        self,
        spacy_model: str | None = None,
        *,
        batch_size: int = 256,
        ranker: str | RankerModel | None = None,
    ) -> None:
        from lingeval.conjuncts.ranker import load_ranker
        from lingeval.core.parsing import Parser

        self.parser = Parser(spacy_model, batch_size=batch_size)
        self.ranker = ranker if isinstance(ranker, RankerModel) else load_ranker(ranker)
        self.last_rules: list[str] = []

    def options(self) -> dict[str, Any]:
        return {"resolver": self.name, "parser": self.parser.id, "ranker": self.ranker.version}

    def analyse(self, batch: Sequence[ConjunctExample]) -> list[Resolution]:
        """Like :meth:`resolve`, with the rule that produced each rewrite."""
        texts = [ex.sentence for ex in batch]
        docs = (
            self.parser.parse([t for t in texts if t.strip()])
            if any(t.strip() for t in texts)
            else []
        )
        it = iter(docs)
        out: list[Resolution] = []
        for ex in batch:
            if not ex.sentence.strip():
                out.append(Resolution([ex.sentence], "unchanged:empty", changed=False))
                continue
            doc = next(it)
            if self.parser.too_long(ex.sentence):
                out.append(Resolution([ex.sentence], "unchanged:too-long", changed=False))
                continue
            cc = _token_at(doc, ex.offset)
            if cc is None:
                out.append(Resolution([ex.sentence], "unchanged:no-token-at-offset", changed=False))
                continue
            res = self._without_aside(ex, doc, cc) or resolve_doc(doc, cc, ranker=self.ranker)
            res = self._with_tail(ex, doc, cc, res) or res
            if not res.changed:
                res.sentences = [ex.sentence]
            out.append(res)
        self._recheck(out)
        self.last_rules = [r.rule for r in out]
        return out

    def _without_aside(self, ex: ConjunctExample, doc: Doc, cc: int) -> Resolution | None:
        """An aside of the first conjunct that misleads the parser: a bracket on the
        first clause's subject (:func:`_subject_bracket`: "Ann Lee (painter, born 1950)
        lives in Rome and Bo Li in Oslo") or a relative clause closed right before the
        conjunction (:func:`_relative_before_cc`). The sentence without it is re-parsed and
        resolved, and the aside put back in the rewrites that keep the words before it.
        None when there is no such aside or that fails."""
        if not 0 <= cc < len(doc) or doc[cc].lower_ not in CONJUNCTIONS:
            return None
        an = _Analysis(doc, cc, self.ranker)
        aside = _subject_bracket(an)
        glued = False
        if aside is None:
            aside, glued = _relative_before_cc(an), True
        if aside is None:
            return None
        lo, hi = aside
        cut_from = doc[lo - 1].idx + len(doc[lo - 1].text)
        cut_to = doc[hi].idx + len(doc[hi].text)
        sub = ex.sentence[:cut_from] + ex.sentence[cut_to:]
        pdoc = self.parser.parse([sub])[0]
        pcc = _token_at(pdoc, ex.offset - (cut_to - cut_from))
        if pcc is None:
            return None
        new = resolve_doc(pdoc, pcc, ranker=self.ranker)
        if not new.changed or len(new.sentences) < 2:
            return None
        new.details.pop("alternatives", None)
        return _with_aside(doc, aside, new, glued)

    def _with_tail(
        self, ex: ConjunctExample, doc: Doc, cc: int, res: Resolution
    ) -> Resolution | None:
        """A stripped conjunct followed by a clause that closes the sentence
        (:func:`~lingeval.conjuncts.resolvers.stripping.clause_tail`): the sentence up to the
        clause, re-parsed and resolved, with the clause added to every rewrite (issue 11,
        session 12, round 2). Only a stripping reading is kept, and only when the reading of the
        whole sentence is no stripping (a clause after a stripped conjunct may be the
        remnant's own: "wrote in cafés and never at home, because the flat was tiny")."""
        from lingeval.conjuncts.resolvers.stripping import clause_tail

        k = clause_tail(doc, cc)
        end = doc[-1]
        if k is None or not end.is_punct or end.text not in FINAL_PUNCT:
            return None
        cut = doc[k - 1].idx + len(doc[k - 1].text)
        head, tail = ex.sentence[:cut], ex.sentence[cut:]
        if (
            res.changed
            and res.rule.startswith("stripping")
            # (a bracket closing the sentence is a comment on all of it, never the remnant's:
            # "but also a decent painter (or so his letters suggest)")
            and (doc[k].text != "(" or all(r.endswith(tail) for r in res.sentences))
        ):
            return None
        sub = head + end.text
        pdoc = self.parser.parse([sub])[0]
        pcc = _token_at(pdoc, ex.offset)
        if pcc is None:
            return None
        new = resolve_doc(pdoc, pcc, ranker=self.ranker)
        if not new.changed or not new.rule.startswith("stripping"):
            return None
        new.details.pop("alternatives", None)
        rewrites = []
        for r in new.sentences:
            if not r.endswith(end.text):
                return None
            rewrites.append(r[: -len(end.text)] + tail)
        new.sentences = rewrites
        return new

    def _recheck(self, results: list[Resolution]) -> None:
        """Re-parse the alternative rewrites of detected omissions and re-rank them.

        Each alternative's rewrites are parsed (one batch for the whole input batch) and
        checked (:func:`lingeval.conjuncts.ranker.check_features`: a clause with a finite
        verb and a subject, nothing left dangling, the same phrase types as the first
        conjunct); the fitted check model combines these with the analysis score.
        """
        from lingeval.conjuncts.ranker import check_features

        todo = [r for r in results if "alternatives" in r.details]
        if not todo or self.ranker.check is None:
            for r in todo:
                r.details.pop("alternatives", None)
            return
        texts = sorted(
            {s for r in todo for _, alt in r.details["alternatives"] for s in alt.sentences}
        )
        parsed = dict(zip(texts, self.parser.parse(texts), strict=True))
        for r in todo:
            alts = r.details.pop("alternatives")
            scored = []
            for score, alt in alts:
                feats = check_features([parsed[s] for s in alt.sentences], score)
                scored.append((self.ranker.check_score(feats), alt))
            best = max(scored, key=lambda x: x[0])[1]
            r.sentences, r.rule = best.sentences, best.rule
            r.details.update(best.details)

    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        return [r.sentences for r in self.analyse(batch)]

    def resolve_docs(self, docs: Sequence[Doc], ccs: Sequence[int]) -> list[Resolution]:
        """Resolve already parsed docs (for example gold trees: oracle mode), conjunction
        ``ccs[i]`` of ``docs[i]``, with this resolver's ranker and re-parse check."""
        out = [resolve_doc(doc, cc, ranker=self.ranker) for doc, cc in zip(docs, ccs, strict=True)]
        self._recheck(out)
        return out


def _token_at(doc: Doc, offset: int) -> int | None:
    for tok in doc:
        if tok.idx <= offset < tok.idx + max(1, len(tok.text)):
            return tok.i
    return None
