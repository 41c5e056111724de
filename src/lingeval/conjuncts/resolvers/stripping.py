"""Stripping with a marker for the ``rules`` resolver (paper 000, section 3; issue 11 shape 6).

A right conjunct that is one phrase with *too*, *as well*, *either*, *also* or *not*
("Sam has read it, and Kim too"; "..., but not Bo"; "..., and Kim as well"; "..., and also
Kim") repeats the left clause with the phrase in place of its correlate:

1. **The remnant** (:func:`find_stripping`): after the conjunction, an optional *also*, *not*
   or *never*, one phrase without a verb or a conjunction (or two: a last prepositional
   phrase may answer one of the left clause, :func:`_split_remnant`), an optional *too* /
   *either* / *neither* / *as well*, and nothing else up to the end of the sentence (or up to a comma and a closing
   clause of its own after the end marker, which every rewrite shares: "..., and furniture
   too, so now I need some cash"); at least one marker.
2. **The correlate**: the left clause's subject, an object or predicate of its verb (or of a
   verb below it through *to*-infinitives), or a prepositional phrase when the remnant is
   one, whichever has the most similar shape (:func:`~lingeval.conjuncts.resolvers.rules.
   _similarity`, plus a bonus for the same head noun: "Our team won the cup, and their team
   too"); ties go to the one nearest the conjunction.
3. **The sentence**: the left clause with the remnant in place of the correlate; a new subject
   makes the finite verb agree; *not* goes after the first auxiliary ("can" + "not" =
   "cannot") or comes with *do*-support ("did not offer"); *also* and *never* go after the
   first auxiliary or before the verb ("never sleeps"); *too* / *either* / *as well* stay
   at the end, with the comma the input had before them ("Mike can play the guitar, too.").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from lingeval.conjuncts.omission import (
    DO_SUPPORT,
    FINITE_TAGS,
    NOT_ONLY,
    VERB_TAGS,
    has_lemma,
    remark,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from lingeval.conjuncts.resolvers.rules import Resolution, Span, _Analysis

__all__ = [
    "Stripping",
    "find_stripping",
    "hand_score",
    "resolve_negated_clause",
    "resolve_parenthetical",
    "resolve_stripping",
    "resolve_stripping_within",
    "stripping_alternatives",
    "tag_and_lemma",
]

FRONT = {"also", "not", "never"}
END = {"too", "either", "neither"}  # ("and my sister neither": colloquial "either")
SUBJ_DEPS = {"nsubj", "nsubjpass", "expl"}
ARG_DEPS = {"dobj", "attr", "dative", "oprd", "acomp", "npadvmod"}
#: longest remnant (tokens): 8 for any phrase, up to this for one phrase with a clause inside
MAX_REMNANT = 30
#: Prepositions of a phrase of place that a place adverb may answer ("at the station" /
#: "online", "here" / "there")
PLACE_PREPS = {"in", "at", "on", "near", "inside", "outside", "by", "behind"}
#: Adverbs of place or medium that stand for a phrase of place (with the place adverbs of
#: :data:`~lingeval.conjuncts.resolvers.rules.PLACE_ADVERBS`)
PLACE_REMNANTS = {"online", "offline", "locally", "nearby", "abroad", "overseas", "indoors"}
#: Words that open a clausal remnant answering an object ("..., but not whether it rained")
WH_OPENERS = {"whether", "where", "when", "why", "how", "what", "who", "which"}


@dataclass
class Stripping:
    """A stripped conjunct: its remnant and markers (token indices)."""

    remnant: Span
    front: int | None  # "also" / "not" / "never" before the remnant
    end: list[int]  # "too" / "either" / "as well" after it
    comma: bool  # a comma before the end marker
    clausal: bool = False  # the remnant is a "whether" / wh-clause ("but not where it sank")
    shared: int | None = None  # first token of a closing clause that every rewrite shares
    shared_end: int | None = None  # its last token (inside brackets: before the ")")
    final: str | None = None  # the rewrites' final punctuation when not the sentence's
    advs: list[int] = field(default_factory=list)  # adverbs that go before the verb
    #: further (correlate, remnant piece) pairs: "the fence [in June]" for "in May"
    extra: list[tuple[Span, Span]] = field(default_factory=list)
    hedge: int | None = None  # an adverb before the front marker ("certainly not")
    contrast: bool = False  # no marker: a comparative after *but* ("but far fewer")
    corrective: bool = False  # no marker: "not A but B" (the rewrite drops the negation)
    aside: Span | None = None  # set off by commas before the end marker ("Bo, of course, too")
    tail: Span | None = None  # a comment after the end marker, the remnant's alone (", apparently")
    opener: bool = False  # no marker, an adverb of time or frequency ("and later in Vienna")


def find_stripping(an: _Analysis, r_start: int, last: int | None = None) -> Stripping | None:
    """The stripped conjunct from ``r_start`` to the end of the sentence (or to ``last``),
    or None."""
    from lingeval.conjuncts.resolvers.rules import Span

    doc = an.doc
    last = an.last if last is None else last
    if _closes_bracket(doc, r_start, last):
        return None  # a bracket opened before the conjunction: "(the house, and the car too)"
    k, shared = last, None
    tail: Span | None = None
    for m in range(r_start, last - 1):
        # an end marker, a comma and a clause of its own: the clause is shared ("Bought an
        # ice-box, and furniture too, so now ... I need some cash")
        marker = doc[m].lower_ in END or (doc[m].lower_ == "well" and doc[m - 1].lower_ == "as")
        if marker and doc[m + 1].text == "," and m - 1 >= r_start:
            if any(doc[i].tag_ in FINITE_TAGS for i in range(m + 2, last + 1)):
                k, shared = m, m + 1
            elif _comment_tail(doc, m + 2, last):
                k, tail = m, Span(m + 2, last)  # "and my aunt too, apparently": hers alone
            break
    if shared is None and tail is None:
        # a comment clause closes the sentence ("..., but not the Hendersons, you know?",
        # "..., and also to practice, I guess"): every rewrite shares it, as after an end
        # marker; the remnant before it is stripped as usual
        c = _comment_clause(doc, r_start, last)
        if c is not None:
            k, shared = c - 1, c
        else:
            # an adjunct of time set off after the remnant is the clause's, shared like one
            # after an aside ("..., but not the distractor, during the first block")
            c = _time_tail(doc, r_start, last)
            if c is not None:
                k, shared = c - 1, c + 1
    end: list[int] = []
    if k >= r_start and doc[k].lower_ in END:
        end = [k]
        k -= 1
    elif (
        k - 1 >= r_start
        and doc[k].lower_ == "also"
        and doc[r_start].lower_ not in FRONT
        and doc[k - 1].tag_ in {"NN", "NNS", "NNP", "NNPS", "PRP", "CD", "JJ", ")"}
    ):
        end = [k]  # "and some fruit also": a final "also" stays at the end like "too"
        k -= 1
    elif k - 1 >= r_start and doc[k].lower_ == "well" and doc[k - 1].lower_ == "as":
        end = [k - 1, k]
        k -= 2
    # "but her mother not": a negation after the remnant (a subject, as a rule) is the
    # marker, as before it ("but not her mother")
    late_not = None
    if (
        not end
        and shared is None
        and k - 1 >= r_start
        and doc[k].lower_ == "not"
        and doc[k - 1].tag_ in {"NN", "NNS", "NNP", "NNPS", "PRP"}
        and doc[r_start].lower_ not in FRONT
    ):
        late_not, k = k, k - 1
    comma = False
    while k >= r_start and doc[k].is_punct:
        comma = comma or doc[k].text == ","
        k -= 1
    if k + 1 <= last and doc[k + 1].text in {")", "]"} and _unclosed(doc, r_start, k):
        k += 1  # a bracket opened inside the remnant stays with it: "online (for a fee)"
        ref = _reference(doc, r_start, k)
        if ref is not None and shared is None:
            # a reference in brackets ends the sentence: every rewrite shares it ("but not in
            # children (see Table 2)"), like a footnote marker
            shared, k = ref, ref - 1
            while k >= r_start and doc[k].is_punct:
                k -= 1
    aside = _aside(doc, r_start, k) if end and comma else None
    if aside is not None:  # "and Bo, of course, too": the aside stays before the marker
        k = aside.start - 2
    j = r_start
    neg = any(t.dep_ == "neg" for t in doc[: an.cc])  # a negation before the conjunction
    not_only = _not_only_before(doc, an.cc)
    if not_only and _verb_remnant_after_not_only(doc, an.cc, r_start, k):
        return None  # verb phrases: "She does not only sing but also dances/NNS"
    # an adverb of certainty before the front marker goes with it ("and certainly not X")
    hedge = j if j < k and doc[j].lower_ in HEDGES and doc[j + 1].lower_ in FRONT else None
    if hedge is not None and neg:
        return None  # "to never trust X, and certainly not Y": the negation is not ours
    j += hedge is not None
    front = j if j <= k and doc[j].lower_ in FRONT else None
    if front is not None:
        j += 1
    elif late_not is not None:
        front = late_not
    elif j < k and doc[j].lower_ == "rather" and doc[an.cc].lower_ == "but" and neg:
        j += 1  # "not A, but rather B": "rather" goes with the conjunction
    contrast = (
        front is None
        and not end
        and doc[an.cc].lower_ == "but"
        and not not_only  # ("not just more money but better conditions": additive)
        and _comparative(doc, j, k)
    )
    # B has no marker after a bare *but* and the left clause holds a negation: "not A but B"
    # is corrective; "not only A but B" is additive, not corrective: "not only" is dropped as
    # with "but also" and A is the correlate ("She speaks not only French but German")
    bare_but = front is None and not end and not contrast and doc[an.cc].lower_ == "but"
    corrective = bare_but and neg and not not_only
    additive = bare_but and not_only
    # no marker but an adverb of time or frequency before one phrase ("and later in Vienna",
    # "and sometimes the gulls"): the adverb goes before the verb (_split_remnant)
    opener = (
        front is None
        and not end
        and not (contrast or corrective or additive)
        and doc[an.cc].lower_ == "and"
        and _adverb_opened_phrase(doc, j, k)
        # not in a list of adverb-opened phrases (", then X, and finally Y") and not when the
        # left clause has its own adverb of sequence ("first from A and then from B": the
        # adverb answers it in place; the omission path does that)
        and not any(
            doc[i].lower_ in OPENERS | FIRST
            and doc[i].dep_ == "advmod"
            and (doc[i - 1].text == "," or doc[i].head.i < an.cc)
            for i in range(1, an.cc)
        )
    )
    if opener and shared is None:
        # an adverbial clause after the phrase closes the sentence for every rewrite ("The road
        # passes the church and then the school [before it reaches the river]")
        from lingeval.conjuncts.resolvers.rules import SUBORDINATORS

        cut = next(
            (
                m
                for m in range(j + 2, k + 1)
                if doc[m].lower_ in SUBORDINATORS
                and doc[m].tag_ in {"IN", "WRB"}
                and any(doc[x].tag_ in VERB_TAGS for x in range(m + 1, k + 1))
            ),
            None,
        )
        if cut is not None:
            shared, k = cut, an.left_end(cut)
    if (
        (front is None and not end and not (contrast or corrective or additive or opener))
        or k < j
        or k - j >= MAX_REMNANT
    ):
        return None
    if (front is not None or additive or corrective) and doc[j].lower_ in WH_OPENERS and k > j:
        # (also after a bare "but" of "not only how we speak but what we say")
        if any(doc[i].text in {",", ";", ":"} for i in range(j, k + 1)):
            return None
        return Stripping(
            Span(j, k),
            front,
            end,
            comma and bool(end),
            True,
            shared,
            corrective=corrective and front is None,
        )
    inside = set(range(j, k + 1))
    heads = [doc[i] for i in inside if doc[i].head.i not in inside or doc[i].head.i == i]
    # one phrase whose head is no verb may hold a clause of its own: "not with the audience
    # [that had attended the ballet]"; otherwise no verb, conjunction or wh-word
    embedded = len(heads) == 1 and heads[0].tag_ not in VERB_TAGS | {"CC"}
    if embedded and any(
        doc[i].dep_ in SUBJ_DEPS | {"aux", "auxpass"} and doc[i].head.i == heads[0].i
        for i in inside
    ):
        return None  # a clause, not a phrase: "but we might/aux tomorrow/conj"
    # one participle after a front marker is an adjective ("Keep the soil damp, but not
    # soaked")
    participle = (
        front is not None
        and all(doc[i].tag_ in {"RB", "RBR", "RBS"} for i in range(j, k))  # ("less educated")
        and doc[k].tag_ in {"VBN", "VBG"}
    )
    for i in range(j, k + 1):
        tok = doc[i]
        if tok.text in {",", ";", ":"} and not (embedded and _opens_modifier(doc, i, inside)):
            return None
        if tok.tag_ in VERB_TAGS and (participle or _noun_not_verb(tok) or _before_one(doc, tok)):
            continue  # (a tagger error: "and also aphid/VBZ honeydew"; "spoken/VBN ones")
        if (
            tok.tag_ in {"VBG", "VBN"}
            and tok.dep_ in {"amod", "compound"}
            and tok.head.i in inside
            and tok.head.i > tok.i
        ):
            continue  # a participle modifying a noun of the remnant ("better [working] conditions")
        if tok.tag_ in VERB_TAGS | {"CC", "WDT", "WP", "WRB"} and not (
            embedded and tok.i != heads[0].i
        ):
            return None
    if k - j >= 8 and not embedded:
        return None
    return Stripping(
        Span(j, k),
        front,
        end,
        comma and bool(end),
        shared=shared,
        shared_end=last,
        hedge=hedge,
        contrast=contrast,
        corrective=corrective,
        aside=aside,
        tail=tail,
        opener=opener,
    )


#: Adverbs of time, sequence and frequency that may open a stripped phrase without a marker
#: ("and then to New York"; not the time words that are remnants themselves: "and today")
OPENERS = {
    "again", "then", "later", "afterwards", "subsequently", "eventually", "finally", "now",
    "sometimes", "often", "usually", "occasionally", "frequently", "rarely", "always",
    "previously", "formerly", "originally", "initially", "briefly",
}  # fmt: skip
#: Adverbs of likelihood that open a stripped phrase like those of :data:`OPENERS` and go
#: before the verb (session 12: "from the fan and probably the PSU" -> "is probably coming
#: from the PSU"), without placing the event at another time. (A focus particle stays with its
#: remnant: "has interviewed even a pope", docs/conjuncts-devdata.md.)
SCALAR_OPENERS = {"probably", "perhaps", "possibly", "maybe"}
OPENERS |= SCALAR_OPENERS


#: Relations inside a remnant that make it two phrases, not one
TWO_PHRASES = {"dobj", "nsubj", "nsubjpass", "dative", "appos", "dep", "npadvmod", "attr", "oprd"}

#: Adverbs of a first event that an adverb of :data:`OPENERS` may answer ("first ... then")
FIRST = {"first", "firstly", "initially", "originally", "once"}

#: Adverbs of :data:`OPENERS` that place the stripped event at another time or frequency
#: than the left clause's (its adjuncts of time are not copied: "visits them on Sundays and
#: often her aunt" -> "often visits her aunt")
SEQUENCE = OPENERS - {"again", "briefly"} - SCALAR_OPENERS


def _adverb_opened_phrase(doc: Doc, j: int, k: int) -> bool:
    """From ``j`` to ``k``: adverbs of :data:`OPENERS` and then one phrase (a single head
    inside the span, no second phrase that would make it gapping: "and then Bo a pear")."""
    i = j
    while i <= k and doc[i].lower_ in OPENERS:
        i += 1
    if i == j or i > k:
        return False
    inside = set(range(i, k + 1))
    heads = [t for t in doc[i : k + 1] if t.head.i not in inside or t.head.i == t.i]
    if any(
        t.head.i in inside
        and t.head.tag_ not in VERB_TAGS  # (a clause inside the phrase: ", where she ...")
        and (t.dep_ in TWO_PHRASES or (t.dep_ == "nmod" and t.tag_ in {"NNP", "NNPS", "PRP"}))
        for t in doc[i : k + 1]
    ):
        return False  # two phrases under one head: gapping ("and then Bo/nsubj a pear/appos")
    return len([t for t in heads if not t.is_punct]) == 1 and doc[i].tag_ in {
        "IN",
        "TO",
        "DT",
        "PRP$",
        "NN",
        "NNS",
        "NNP",
        "NNPS",
        "CD",
    }


#: Sentence adverbs that comment on the stripped conjunct after its end marker (a manner
#: adverb, "..., and Spanish too, fluently", belongs to both)
COMMENT_ADVERBS = {
    "apparently", "actually", "honestly", "frankly", "admittedly", "arguably", "evidently",
    "supposedly", "allegedly", "reportedly", "presumably", "obviously", "clearly", "probably",
    "perhaps", "maybe", "surely", "certainly", "definitely", "possibly", "naturally",
    "incidentally", "interestingly", "surprisingly", "sadly", "luckily", "unfortunately",
    "fortunately", "though",
}  # fmt: skip

#: words that open a concession on the last conjunct only ("..., and Bo too, albeit slowly")
CONCESSIVE = {"albeit", "though", "although"}


def _comment_tail(doc: Doc, start: int, last: int) -> bool:
    """The words from ``start`` to ``last`` (after an end marker and a comma) comment on the
    stripped conjunct alone: one sentence adverb of :data:`COMMENT_ADVERBS` ("apparently",
    "actually"; a manner adverb, "fluently", is shared) or up to four words without a verb
    opened by a concessive word ("albeit more slowly"). Paper 000, section 3:
    the comment belongs to the remnant's sentence, not to the first one."""
    if not 0 <= last - start <= 3 or any(doc[i].tag_ in VERB_TAGS for i in range(start, last + 1)):
        return False
    first = doc[start]
    if first.lower_ in CONCESSIVE:
        return last > start
    return first.lower_ in COMMENT_ADVERBS and last == start


#: Pronouns of the speaker or hearer, which a noun-phrase remnant rarely contrasts with
SPEAKER_PRONOUNS = {"i", "we", "you"}
#: Verbs of a comment clause with a pronoun subject ("I think", "you know", "I'd say")
COMMENT_VERBS = {
    "think", "know", "guess", "mean", "suppose", "believe", "reckon", "see", "imagine",
    "gather", "hear", "bet", "say",
}  # fmt: skip


def _comment_clause(doc: Doc, start: int, last: int) -> int | None:
    """The comma that opens a comment clause ending the sentence after ``start``: a
    pronoun subject (*I*, *you*, *we*), at most an auxiliary, and a verb of
    :data:`COMMENT_VERBS` with nothing after it ("I think", "you know", "I'd say", "I would
    guess"), else None; also one opened by "as far as" with any verb ("as far as I know", "as
    far as we can tell")."""
    for c in range(last - 1, max(start, last - 7) - 1, -1):
        if doc[c].text != ",":
            continue
        words = [doc[i] for i in range(c + 1, last + 1)]
        hedge = [w.lower_ for w in words[:3]] == ["as", "far", "as"]
        if hedge:
            words = words[3:]
        if not 2 <= len(words) <= 3 or words[0].lower_ not in SPEAKER_PRONOUNS:
            return None
        if words[-1].tag_ not in VERB_TAGS:
            return None
        if words[-1].lemma_.lower() not in COMMENT_VERBS and not hedge:
            return None
        if len(words) == 3 and words[1].tag_ != "MD":
            return None
        return c if c > start else None
    return None


def _time_tail(doc: Doc, start: int, last: int) -> int | None:
    """The comma after ``start`` that opens a prepositional phrase of time ending the
    sentence ("..., during the first block", "..., after the war"; no verb in it), else
    None."""
    for c in range(last - 1, start, -1):
        if doc[c].text != ",":
            continue
        nxt = doc[c + 1]
        if nxt.dep_ != "prep" or not _time_phrase(doc, nxt):
            return None
        if max(t.i for t in nxt.subtree) < last or nxt.left_edge.i != c + 1:
            return None
        if any(doc[i].tag_ in VERB_TAGS for i in range(c + 1, last + 1)):
            return None
        return c
    return None


def _closes_bracket(doc: Doc, start: int, last: int) -> bool:
    """A ")" or "]" between ``start`` and ``last`` closes a bracket opened before ``start``:
    the right conjunct ends inside the bracket, and no clause after it is shared (stripping
    in brackets right after the conjunction is :func:`resolve_parenthetical`'s)."""
    depth = 0
    for t in doc[start : last + 1]:
        depth += (t.text in {"(", "["}) - (t.text in {")", "]"})
        if depth < 0:
            return True
    return False


def _aside(doc: Doc, start: int, k: int) -> Span | None:
    """A short aside set off by commas that ends at ``k``, right before an end marker ("and
    Bo, [of course], too"; "and her sister, [apparently], as well"): a remark of one to four
    words (:func:`~lingeval.conjuncts.omission.remark`, by part of speech: the parse hangs
    remarks on the remnant too) without a verb (an apposition, "and Tom, my brother, too",
    or a phrase about the remnant, "and Tom, from Leeds, too", is no aside); remarks in a
    row make one aside; None otherwise."""
    from lingeval.conjuncts.resolvers.rules import Span

    for m in range(k - 1, max(start, k - 5), -1):
        if doc[m].text == ",":
            words = doc[m + 1 : k + 1]
            if remark(words) and not any(t.tag_ in VERB_TAGS for t in words):
                before = _aside(doc, start, m - 1)  # remarks in a row: ", of course, apparently"
                return Span(before.start if before is not None else m + 1, k)
            return None
    return None


#: Adverbs of certainty that may come before a front marker ("but certainly not X")
HEDGES = {"certainly", "definitely", "probably", "perhaps", "maybe", "possibly", "surely"}
#: Degree adverbs before a comparative ("far fewer", "much more specific")
DEGREE = {"far", "much", "even", "still", "somewhat", "slightly", "a", "lot", "bit", "little"}


def _comparative(doc: Doc, j: int, k: int) -> bool:
    """Tokens ``j..k`` are a comparative adjective or quantifier phrase without a verb
    ("far fewer", "more specific to Java", "cheaper than the others"): after a contrastive
    *but* it is stripped without a marker (:func:`_contrast_correlate`)."""
    while j < k and doc[j].lower_ in DEGREE:
        j += 1
    head = doc[j]
    comparative = head.tag_ == "JJR" or (
        head.lower_ in {"more", "less"} and j < k and doc[j + 1].tag_ == "JJ"
    )
    return comparative and not any(doc[i].tag_ in VERB_TAGS for i in range(j, k + 1))


def _opens_modifier(doc: Doc, comma: int, inside: set[int]) -> bool:
    """The comma at ``comma`` opens an apposition, a prepositional phrase on a word before it,
    a relative clause or a region of a name in the remnant (``inside``): "and also York, part
    of Yorkshire"; "and Tom, from Leeds"; "and also Italy, where the farms are small";
    "Beverley, Yorkshire" (the remnant keeps it; it is no list and no clause
    of its own; a remnant with a conjunction is refused anyway)."""
    if doc[comma].text != "," or comma + 1 not in inside:
        return False
    nxt = doc[comma + 1]
    if nxt.tag_ == "WP$":
        # "whose" opens a relative clause through the noun it possesses ("and not Ann,
        # whose sister [had] ...": the clause's verb is the relative clause)
        rel = nxt
        for _ in range(4):
            if rel.dep_ == "relcl" or rel.head.i == rel.i:
                break
            rel = rel.head
        return rel.dep_ == "relcl" and rel.head.i in inside
    while nxt.head.i > nxt.i and nxt.dep_ in {"compound", "det", "amod", "nummod", "poss"}:
        nxt = nxt.head  # the phrase's head: "[New] York", "[a small] town"
    if nxt.dep_ == "prep" and _time_phrase(doc, nxt):
        return False  # an adjunct of time of the clause: "but not Bo, during the first week"
    if nxt.dep_ == "appos" or (nxt.dep_ == "prep" and nxt.head.i < comma):
        return nxt.head.i in inside  # (or a phrase about it: "Tom, from Leeds")
    if nxt.dep_ == "conj" and nxt.tag_ == "NNP" and nxt.head.tag_ == "NNP":
        return nxt.head.i in inside  # a place and its region: "Beverley, Yorkshire"
    relcl = nxt if nxt.dep_ == "relcl" else nxt.head
    if (
        nxt.tag_ == "IN"
        and comma + 2 in inside
        and doc[comma + 2].tag_ in {"WDT", "WP", "WP$"}
        and relcl.dep_ == "relcl"
    ):
        return relcl.head.i in inside  # a relative clause after its preposition: ", for which"
    return (
        nxt.tag_ in {"WDT", "WP", "WP$", "WRB"} and relcl.dep_ == "relcl" and relcl.head.i in inside
    )


def _noun_not_verb(tok: Token) -> bool:
    """A word tagged as a verb that the dictionary knows as a noun and not as a verb."""
    return has_lemma(tok.lower_, "NOUN") and not has_lemma(tok.lower_, "VERB")


def marker_word(doc: Doc, st: Stripping) -> str:
    """The front marker ("not", "also", "never") of a stripped conjunct, or ""."""
    return doc[st.front].lower_ if st.front is not None else ""


def _candidates(
    an: _Analysis, verb: Token, remnant: Span, cleft: Token | None = None
) -> list[tuple[Span, bool, bool]]:
    """Correlate candidates ``(span, is_subject, is_object_of_a_preposition)`` of the left
    clause, left to right. ``cleft``: ``verb`` is the *be* of a cleft and this its clause
    (:func:`_cleft_be`): *it* and the clause's words are no candidates, and the focus leaves
    a relative clause in place."""
    from lingeval.conjuncts.resolvers.rules import Span, _head_of

    doc = an.doc
    out: list[tuple[Span, bool, bool]] = []
    left_end = an.left_end(an.cc)  # the left clause's last word (candidates end by it)
    subj = an.subject_span(verb)
    if subj is not None and cleft is None and not _expletive_it(doc, subj, verb):
        out.append((subj, True, False))
    # (a place adverb may open a prepositional remnant: "and also here in York")
    pp = doc[_after_place_words(doc, remnant)].tag_ in {"IN", "TO"}
    place = _place_remnant(doc, _unbracketed(doc, remnant))
    temporal = pp and doc[remnant.start].lower_ in WHEN_PREPOSITIONS
    stack = [verb]
    while stack:
        v = stack.pop()
        for c in v.children:
            if c.i <= v.i or c.i >= an.cc or (cleft is not None and c.i == cleft.i):
                continue
            if place and (
                (c.dep_ == "advmod" and _place_remnant(doc, Span(c.i, c.i)))
                or (c.dep_ == "prep" and c.lower_ in PLACE_PREPS)
            ):
                # a place adverb answers a place adverb or a whole phrase of place ("at the
                # station, and also online"; "here ..., and there too")
                out.append((Span(c.i, _phrase_end(doc, c, left_end)), False, False))
                continue
            if temporal and c.dep_ == "npadvmod":
                # a phrase of time answers a noun phrase of time ("every month, and also
                # before long trips"; kept only when its kind is time, see _choices)
                out.append((Span(c.left_edge.i, min(c.right_edge.i, left_end)), False, False))
                continue
            if _participle_modifier(c):
                # "sells [signed first editions]": a participle the parser made the verb of
                # the noun phrase after it is that phrase's modifier; the whole is the object
                end = min(c.right_edge.i, left_end)
                if end >= c.i and not pp:
                    out.append((Span(c.i, end), False, False))
            elif c.dep_ in {"xcomp", "ccomp"} and c.tag_ in VERB_TAGS:
                stack.append(c)  # "wants to visit Rome": the deeper verb's objects
            if c.dep_ == "acomp" and (pp or place) and v.lemma_ == "be":
                stack.append(c)  # "are available [at the town hall]": the predicate's phrases
            elif _is_prep(c) == pp and (c.dep_ in ARG_DEPS or c.dep_ in {"prep", "agent"}):
                # (clipped at the conjunction: the parser may have conjoined the remnant;
                # a bracket hung on the phrase does not stretch it: "easier ... (but")
                end = min(c.right_edge.i, left_end)
                end = max((t.i for t in c.subtree if t.i <= end and not t.is_punct), default=end)
                if end + 1 <= left_end and _unclosed(doc, c.left_edge.i, end):
                    end += 1  # its closing bracket: "with Kim (2001)"
                start = c.left_edge.i if not pp else c.i
                while start + 1 < end and _not_only_at(doc, start):
                    start += 2  # "not only French": the correlate is "French"
                if start < end and _not_only_at(doc, start - 1):
                    start += 1  # "was not [just] a player" ("not" hangs on the verb)
                # an adjective without its clause: "easier [to play without brooms]" (the
                # clause stays: "It may also be less fun to play without brooms")
                for x in c.children:
                    if x.dep_ in {"xcomp", "ccomp"} and x.i > c.i and c.tag_.startswith("JJ"):
                        end = min(end, x.left_edge.i - 1)
                    if cleft is not None and c.dep_ == "attr" and x.i == cleft.i:
                        end = min(end, x.left_edge.i - 1)  # "Ann [who won]"
                out.append((Span(start, end), False, False))
                if pp and c.dep_ == "prep":
                    # a phrase of the remnant's preposition inside it ("in a hostel [in
                    # Porto], but not in Lisbon")
                    for o in c.children:
                        for x in o.children if o.dep_ == "pobj" else []:
                            if (
                                x.dep_ == "prep"
                                and x.lower_ == doc[remnant.start].lower_
                                and _names_inside(doc, x)
                                and _names_inside(doc, doc[remnant.start])
                            ):
                                out.append((Span(x.i, min(x.right_edge.i, end)), False, False))
            elif c.dep_ in {"prep", "agent"} and not pp and not place:
                # the noun phrase inside: "in Tikrit" (not for a place adverb: "at online")
                for o in c.children:
                    # (or a gerund phrase: "towards [moisturizing your hair]")
                    if (o.dep_ == "pobj" or _gerund(o)) and o.i < an.cc:
                        end = min(o.right_edge.i, left_end)
                        out.append((Span(o.left_edge.i, end), False, True))
            elif _gerund(c) and c.dep_ == "advcl" and not pp and c.i < an.cc:
                # the same gerund as an adverbial clause ("towards/mark moisturizing/advcl")
                out.append((Span(c.i, min(c.right_edge.i, left_end)), False, True))
            if not pp and c.dep_ == "attr" and c.i < an.cc:
                # the noun phrase inside a prepositional phrase of a predicate noun ("is an
                # artist with [the band X] and also the band Y"; not of an object: "designed
                # buildings in X and also Y" keeps the object a candidate of its own)
                for x in c.children:
                    for o in x.children if x.dep_ == "prep" and x.i < an.cc else []:
                        if o.dep_ == "pobj" and o.i < an.cc:
                            end = min(o.right_edge.i, left_end)
                            out.append((Span(o.left_edge.i, end), False, True))
            if pp and c.dep_ in ARG_DEPS and c.i < an.cc:
                # a prepositional phrase with the remnant's preposition that modifies an
                # object or predicate noun ("is the language [of the US], and also of
                # Britain"; "fought battles [in the north] and also in the south")
                for x in c.children:
                    # (or the phrase right before a conjunction without a comma, which the
                    # parse may hang on the object: "paid the fees [in cash] and not by card")
                    adjacent = x.right_edge.i == left_end and doc[an.cc - 1].text != ","
                    if (
                        x.dep_ == "prep"
                        and (x.lower_ == doc[remnant.start].lower_ or adjacent)
                        and x.i < an.cc
                    ):
                        out.append((Span(x.i, _phrase_end(doc, x, left_end)), False, False))
    if temporal:
        # a phrase of time deeper in the clause ("thought about quitting [in my first year],
        # and again after the injury")
        seen = {s.start for s, _, _ in out}
        for t in verb.subtree:
            if (
                verb.i < t.i < an.cc
                and t.i not in seen
                and t.dep_ == "prep"
                and t.head.i != verb.i
                and _time_phrase(doc, t)
            ):
                out.append((Span(t.i, min(t.right_edge.i, left_end)), False, False))
    out.sort(key=lambda s: s[0].start)
    # two predicates or objects of one verb with only a comma between them are one comma
    # list that the parser split ("it was [overdone, mean-spirited] and not funny")
    for n in range(len(out) - 1, 0, -1):
        (a, a_subj, a_pp), (b, b_subj, b_pp) = out[n - 1], out[n]
        ha, hb = _head_of(doc, a), _head_of(doc, b)
        if (
            not (a_subj or b_subj or a_pp or b_pp)
            and b.start in {a.end + 1, a.end + 2}
            and doc[a.end + 1].text == ","
            and ha.head.i == hb.head.i
            and ha.dep_ == hb.dep_
        ):
            out[n - 1 : n + 1] = [(Span(a.start, b.end), False, False)]
    return out


def _phrase_end(doc: Doc, tok: Token, left_end: int) -> int:
    """The last word of ``tok``'s phrase up to ``left_end``, without an opening bracket or a
    comma that the parse hangs on it ("in low-income households [(]Kim et al., 2015)")."""
    end = min(tok.right_edge.i, left_end)
    while end > tok.i and doc[end].text in {"(", "[", ","}:
        end -= 1
    return end


def _elided_noun(doc: Doc, corr: Span, rem: Span) -> str | None:
    """The noun a remnant leaves out after its adjective or ordinal ("the second", "the
    white"), taken from the correlate whose noun follows a modifier of the same kind ("the
    first hypothesis", "the red wine"); None when the remnant has a noun of its own. The
    documented convention of the gold: elided nouns are restored from the sentence."""
    from lingeval.conjuncts.resolvers.rules import ORDINALS, Span, _np_head, stands_for_noun

    if corr.end < corr.start:
        return None
    if (
        rem.start < rem.end
        and corr.start < corr.end
        and doc[rem.start].tag_ == "IN"
        and doc[corr.start].lower_ == doc[rem.start].lower_
    ):
        # the noun phrases of two phrases of one preposition ("not in the first session but
        # in the third [session]")
        return _elided_noun(doc, Span(corr.start + 1, corr.end), Span(rem.start + 1, rem.end))
    if (
        doc[rem.end].tag_ == "POS"
        and rem.end - rem.start <= 4
        and doc[rem.end - 1].tag_ in {"NN", "NNS", "NNP", "NNPS"}
    ):
        # a possessive without its noun answers a possessed noun phrase ("My old router had
        # it, and my neighbour's too" -> "my neighbour's router")
        head = _np_head(doc, corr)
        if (
            head.tag_ in {"NN", "NNS"}
            and head.i == corr.end
            and any(c.dep_ == "poss" for c in head.children)
        ):
            # (with its compound nouns: "my brother's car battery")
            first = head.i
            while first - 1 > corr.start and doc[first - 1].dep_ == "compound":
                first -= 1
            return doc[first : head.i + 1].text
        return None
    if rem.end - rem.start > 2:
        return None
    last = doc[rem.end]
    if doc[rem.start].tag_ not in {"DT", "PRP$"} or not stands_for_noun(last):
        return None
    head = _np_head(doc, corr)
    if head.tag_ not in {"NN", "NNS"} or head.i != corr.end:
        return None
    mods = [t for t in head.children if t.dep_ == "amod" and t.i < head.i]
    if not mods or (last.lower_ in ORDINALS) != (mods[-1].lower_ in ORDINALS):
        return None
    return head.text


def _cleft_clause(an: _Analysis, verb: Token, corr: Span, rem: Span) -> list[int]:
    """The relative clause that ends the remnant of a cleft ("It was not the rain but the wind
    [that ruined the harvest]"): it belongs to both focused phrases, so the first sentence
    takes it too; [] for any other sentence. A cleft: *it* + *be* + the correlate as its
    predicate, the conjunction right after the correlate."""
    from lingeval.conjuncts.resolvers.rules import _np_head

    doc = an.doc
    subj = an.subject_span(verb)
    if (
        verb.lemma_ != "be"
        or subj is None
        or doc[subj.start].lower_ != "it"
        or subj.end != subj.start
        or corr.end + 1 != an.cc
        or _np_head(doc, corr).dep_ != "attr"
    ):
        return []
    head = next(
        (t for t in doc[rem.start : rem.end + 1] if not rem.start <= t.head.i <= rem.end), None
    )
    if head is None:
        return []
    # a focus, not a predicate noun: neither phrase indefinite ("a film", "one"), no adjective
    # on the correlate ("It was a good film but not a film that I would watch again" is no cleft)
    indefinite = {"a", "an", "one", "some", "another"}
    if (
        doc[corr.start].lower_ in indefinite
        or doc[rem.start].lower_ in indefinite
        or head.lower_ in {"one", "ones"}
        or any(c.dep_ == "amod" for c in _np_head(doc, corr).children)
    ):
        return []
    clause = next((c for c in head.children if c.dep_ == "relcl" and c.i > head.i), None)
    if clause is None or clause.right_edge.i != rem.end:
        return []
    return list(range(clause.left_edge.i, clause.right_edge.i + 1))


def _cleft_focus(an: _Analysis, verb: Token, corr: Span) -> bool:
    """``corr`` is the focus of a cleft whose *be* is ``verb`` ("It was [the audience] that
    kept it going"): *it* as the subject, the clause right after the correlate, a relative
    clause on it or a clause of *be* opened by *who / that / which*."""
    doc = an.doc
    subj = an.subject_span(verb)
    if verb.lemma_ != "be" or subj is None or subj.start != subj.end:
        return False
    if doc[subj.start].lower_ != "it" or not verb.i < corr.start or corr.end + 1 >= an.cc:
        return False
    opener = doc[corr.end + 1]
    clause = opener.head
    return (
        opener.lower_ in {"who", "that", "which", "whom"}
        and clause.left_edge.i == opener.i
        and (
            (clause.dep_ == "relcl" and corr.start <= clause.head.i <= corr.end)
            or (clause.dep_ == "ccomp" and clause.head.i == verb.i)
        )
    )


def _cleft_be(an: _Analysis, verb: Token) -> tuple[Token, Token] | None:
    """The *be* of a cleft and its clause, when the clause holds ``verb`` and ends the left
    clause ("It was [Ann] who won, and not Bo"; "It was in Vienna that they met, but not in
    Prague"): the focus is the correlate and the clause stays ("It was not Bo who won.");
    None for any other verb. A cleft: *it* as the subject of *be*, a focus (its predicate
    noun or a prepositional phrase) and right after it the clause, a relative clause on the
    focus or (as the parser often has it) a clause of *be* opened by *who / that / which*."""
    doc = an.doc
    while verb.dep_ in {"xcomp", "ccomp"} and verb.head.lemma_ != "be" and verb.head.i < verb.i:
        verb = verb.head  # "who taught me [to sail]"
    if verb.dep_ == "relcl" and verb.head.dep_ == "attr":
        focus, be = verb.head, verb.head.head
    elif verb.dep_ == "ccomp":
        be = verb.head
        focus = next(
            (c for c in be.children if c.dep_ in {"attr", "prep", "advmod"} and c.i < verb.i), be
        )
    else:
        return None
    if be.lemma_ != "be" or focus is be or focus.i > verb.i or be.i > focus.i:
        return None
    opener = doc[verb.left_edge.i]
    # the clause comes right after the focus (the end of a relative clause's noun phrase)
    right = focus.right_edge.i if verb.head.i != focus.i else opener.i - 1
    if opener.lower_ not in {"who", "that", "which", "whom"} or opener.i != right + 1:
        return None
    subj = an.subject_span(be)
    if subj is None or subj.start != subj.end or doc[subj.start].lower_ != "it":
        return None
    return be, verb


def _participle_modifier(tok: Token) -> bool:
    """A past participle parsed as a verb complement (``xcomp``) right before its "object",
    with no *to* or auxiliary of its own: a modifier of that noun phrase ("sells [signed]
    first editions"), not a clause ("got the car fixed", "wants to be paid")."""
    return (
        tok.dep_ == "xcomp"
        and tok.tag_ == "VBN"
        and not any(c.dep_ in {"aux", "auxpass", "nsubj", "nsubjpass"} for c in tok.children)
        and any(c.dep_ == "dobj" and c.left_edge.i == tok.i + 1 for c in tok.children)
    )


def _before_one(doc: Doc, tok: Token) -> bool:
    """A participle right before the pro-form *one(s)* modifies it ("but not [spoken] ones"),
    whatever the parser made of it."""
    return (
        tok.tag_ in {"VBN", "VBG", "VBD"}  # ("used/VBD ones")
        and tok.i + 1 < len(doc)
        and doc[tok.i + 1].lower_ in {"one", "ones"}
    )


def _names_inside(doc: Doc, prep: Token) -> bool:
    """The object of the preposition ``prep`` is a proper name ("in [Porto]")."""
    return any(o.dep_ == "pobj" and o.tag_ in {"NNP", "NNPS"} for o in prep.children)


def _passive_participle(verb: Token) -> bool:
    """``verb`` is a participle with a passive *be* and no object ("was armed")."""
    return (
        verb.tag_ == "VBN"
        # a participle the dictionary also knows as an adjective names a state ("armed",
        # "closed"); after others the adjective is a result or manner ("opened, but not wide")
        and has_lemma(verb.lower_, "ADJ")
        and any(c.dep_ == "auxpass" and c.lemma_ == "be" for c in verb.children)
        and not any(c.dep_ in {"dobj", "attr", "oprd", "xcomp", "ccomp"} for c in verb.children)
    )


#: Words that open a bracketed reference ("(see Table 2)", "(cf. Smith 2001)", "(p. 12)")
REFERENCE_OPENERS = {"see", "cf", "cf.", "compare", "table", "figure", "fig", "fig.", "section"}
#: Abbreviations of a page reference, before its number ("(p. 12)", "(pp. 3-4)")
PAGE_ABBREVIATIONS = {"p.", "pp."}


def _reference(doc: Doc, start: int, k: int) -> int | None:
    """The opening bracket of a reference that ends the span ``start``..``k`` at ``k`` (a
    bracket that opens with *see*, *cf.*, *Table*, ... or with a name and holds a year:
    "(Lee 2019)"), else None."""
    if doc[k].text not in {")", "]"}:
        return None
    for i in range(k - 1, start, -1):
        if doc[i].text in {"(", "["}:
            inner = doc[i + 1 : k]
            if len(inner) and (
                inner[0].lower_ in REFERENCE_OPENERS
                or (len(inner) > 1 and inner[0].lower_ in PAGE_ABBREVIATIONS and inner[1].like_num)
                # a name and a year, not a year alone ("Lee et al. (2019)" is the remnant's)
                or (
                    len(inner) > 1
                    and inner[0].tag_ in {"NNP", "NNPS"}
                    and any(t.text.isdigit() and len(t.text) == 4 for t in inner)
                )
            ):
                return i
            return None
    return None


def _unclosed(doc: Doc, start: int, end: int) -> bool:
    """A bracket opens between ``start`` and ``end`` and does not close there."""
    depth = 0
    for i in range(start, end + 1):
        depth += (doc[i].text in {"(", "["}) - (doc[i].text in {")", "]"})
    return depth > 0


def _unbracketed(doc: Doc, span: Span) -> Span:
    """The span without a bracketed addition after its first word ("online [(for a fee)]"):
    the phrase whose shape is compared with the correlates."""
    from lingeval.conjuncts.resolvers.rules import Span

    for i in range(span.start + 1, span.end + 1):
        if doc[i].text in {"(", "["}:
            return Span(span.start, i - 1)
    return span


def _place_remnant(doc: Doc, span: Span) -> bool:
    """The span is one adverb of place or medium ("there", "online"), or one of medium with a
    phrase of its means ("online through the website")."""
    from lingeval.conjuncts.resolvers.rules import PLACE_ADVERBS

    low = doc[span.start].lower_
    if (
        low in PLACE_REMNANTS
        and span.start < span.end
        and doc[span.start + 1].tag_ == "IN"
        and not any(
            doc[i].tag_ in FINITE_TAGS | {",", "CC"}
            or (doc[i].tag_ in VERB_TAGS and doc[i].dep_ != "amod")  # ("recorded lectures")
            for i in range(span.start, span.end + 1)
        )
    ):
        return True  # the medium with its means: "online [through the council's website]"
    return span.start == span.end and (
        (doc[span.start].tag_ == "RB" and (low in PLACE_ADVERBS or low in PLACE_REMNANTS))
        or (doc[span.start].tag_ == "JJ" and low in PLACE_REMNANTS)  # ("online/JJ")
    )


def _after_place_words(doc: Doc, span: Span) -> int:
    """The first index of ``span`` after its opening place adverbs ("here in York": "in"),
    its last index at most."""
    from lingeval.conjuncts.resolvers.rules import _PLACE_WORDS

    k = span.start
    while k < span.end and doc[k].lower_ in _PLACE_WORDS and doc[k].tag_ == "RB":
        k += 1
    return k


def _gerund(tok: Token) -> bool:
    """A gerund that is the object of a preposition: ``pcomp`` of it, or an adverbial clause
    whose marker is the preposition (the converted gold trees: "towards/mark
    moisturizing/advcl")."""
    return tok.tag_ == "VBG" and (
        tok.dep_ == "pcomp"
        or (
            tok.dep_ == "advcl"
            and any(m.dep_ == "mark" and m.tag_ == "IN" and m.i < tok.i for m in tok.children)
        )
    )


def _expletive_it(doc: Doc, subj: Span, verb: Token) -> bool:
    """The subject is an expletive *it* whose clause comes after the predicate ("It may be
    easier [to play without brooms]", "It is clear [that ...]"): no remnant replaces it."""
    if subj.start != subj.end or doc[subj.start].lower_ != "it":
        return False
    preds = [verb, *(c for c in verb.children if c.dep_ in {"acomp", "attr"} and c.i > verb.i)]
    return any(
        x.dep_ in {"xcomp", "ccomp", "csubj"} and x.i > pred.i
        for pred in preds
        for x in pred.children
    )


def hand_score(feats: Mapping[str, float]) -> float:
    """The hand rule's score of one correlate (the choice of rankers without a stripping
    part, v1-v4; it also filters the candidates of the fitted choice, >= 0.5): the shape
    similarity, -0.05 for the object of a preposition (a direct argument first), +0.2 for
    the same head noun ("Our team won the cup, and their team too"); a missing feature is 0."""
    get = feats.get
    return get("sim", 0.0) - 0.05 * get("pp_obj", 0.0) + 0.2 * get("same_head", 0.0)


@dataclass
class _Choice:
    """One correlate of a stripped remnant, with the hand rule's score and the features of
    the fitted choice (:data:`lingeval.conjuncts.ranker.STRIP_FEATURES`)."""

    span: Span
    is_subj: bool
    score: float
    feats: dict[str, float]


def _choices(
    an: _Analysis, r_start: int, st: Stripping | None = None
) -> tuple[Stripping, int, Token, list[_Choice]] | None:
    """The stripped conjunct, the end of the left clause, its verb and the correlates whose
    similarity passes the hand rule's threshold (0.5), left to right; a prepositional remnant
    without any correlate gets the empty span after the clause (it is added to the clause)."""
    from lingeval.conjuncts.ranker import kind_match, phrase_kind
    from lingeval.conjuncts.resolvers.rules import Span, _head_of, _np_head

    doc = an.doc
    st = st or find_stripping(an, r_start)
    if st is None:
        return None
    p = an.left_end(an.cc)
    verb = an.clause_verb(p) if p >= 0 else None
    if verb is not None and verb.i > an.cc:
        verb = _verb_above(doc[p], an.cc)
    if p < 0 or verb is None:
        return None
    verb = _last_conjunct(verb, an.cc)
    if verb.dep_ in {"relcl", "acl"} and _relative_inside(doc, st.remnant):
        # a remnant with a relative clause of its own answers a noun phrase with one: the
        # left clause is the one above it ("hire people who can cook, but not people who
        # only want to watch" -> "do not hire people who ...")
        above = _verb_above(verb.head, an.cc)
        if above is not None and above.i < verb.head.i:
            verb = above
    focus = [k for k in _not_only_pairs(doc, max(0, an.cc - 40), p - 1) if k < verb.left_edge.i]
    if focus and doc[focus[-1]].head.i < verb.i and not st.clausal:
        # "speaks not only to people who lived through the war but also to ...": the parse
        # hangs the conjunction on the relative clause inside the phrase after "not only";
        # the left clause is the verb of that phrase
        above = _verb_above(doc[focus[-1]].head, an.cc)
        if above is not None and above.i < focus[-1]:
            verb = above
    modifier = _participle_clause(an, verb, st.remnant)
    if modifier is not None:
        verb = modifier
    cleft = _cleft_be(an, verb) if marker_word(doc, st) or st.end else None
    if cleft is not None:
        verb = cleft[0]  # "It was Ann who won, and not Bo" -> "It was not Bo who won."
    if st.contrast:
        corr = _contrast_correlate(an, verb, st.remnant, p)
        return (st, p, verb, [_Choice(corr, False, 1.0, {})]) if corr is not None else None
    if st.corrective:
        extra = _split_remnant(an, st, verb).extra
        negs = _negations(verb, an.cc) or _phrase_negations(doc, verb, an.cc)
        if extra and not any(extra[0][0].start == n.i + 1 for n in negs):
            # two remnants are gapping: "Pete wasn't called by Ann but Jo by Al"; but a last
            # phrase of the preposition of the negated phrase is the remnant's own ("held not
            # [in Vienna] but in a room in Graz": one remnant for the negated phrase)
            return None
        corr = _corrective_correlate(an, verb, st.remnant)
        return (st, p, verb, [_Choice(corr, False, 1.0, {})]) if corr is not None else None
    if not st.clausal:
        st = _split_remnant(an, st, verb)
        if st.opener and st.extra:
            return None  # two remnants without a marker: an argument cluster ("and again
            # Bergen in June"), the omission path's
    rem = st.remnant
    if st.clausal:
        # "not only how we speak but also how we think": the clause right after "not only",
        # an object of the verb before it
        k = next(
            (
                k
                for k in _not_only_pairs(doc, max(0, an.cc - 40), p - 1)
                if doc[k + 2].lower_ in WH_OPENERS
            ),
            None,
        )
        if k is None:
            # ("affect not only [the way we teach] but also what we teach": any phrase right
            # after "not only", when the verb comes before it)
            k = next(iter(reversed(_not_only_pairs(doc, max(0, an.cc - 40), p - 1))), None)
            if k is not None and (k + 2 > p or k < 1 or doc[k - 1].tag_ not in VERB_TAGS):
                k = None
        above = _verb_above(doc[k - 1], an.cc) if k is not None and k > 0 else None
        if k is not None and above is not None:
            verb, corr = above, Span(k + 2, p)
        else:
            corr = _clause_object(an, verb, doc[rem.start].lower_ == "whether")
        adverbial = doc[rem.start].lower_ in {"when", "where"} and not _knowing(verb)
        if corr is None and adverbial:
            corr = Span(p + 1, p)  # an adverbial clause is added: "but not when it rains"
        return (st, p, verb, [_Choice(corr, False, 1.0, {})]) if corr is not None else None
    core = _unbracketed(doc, rem)  # the shape without a leading focus adverb ("just another
    # patient") and without a bracketed addition
    while core.start < core.end and doc[core.start].tag_ == "RB":
        core = Span(core.start + 1, core.end)
    # a noun tagged as a verb modifies the noun after it: the shape is that noun's
    while core.start < core.end and doc[core.start].tag_ in VERB_TAGS:
        if not _noun_not_verb(doc[core.start]):
            break
        core = Span(core.start + 1, core.end)
    participle = core.start == core.end and doc[core.start].tag_ in {"VBN", "VBG"}
    small = None  # a participle predicate of a small clause ("Keep the lid [closed]")
    if participle and _small_clause(verb):
        small, verb = Span(verb.i, min(verb.right_edge.i, p)), verb.head
    # "more / less" + a noun or adjective is a comparative predicate ("less fun")
    comparative = (
        core.end == core.start + 1
        and doc[core.start].lower_ in {"more", "less"}
        and doc[core.end].tag_ in {"NN", "JJ"}
    )
    clause = [
        doc[i].left_edge.i for i in range(core.start, core.end + 1) if doc[i].tag_ in VERB_TAGS
    ]
    if clause and min(clause) > core.start and not participle:  # without a clause inside it
        core = Span(core.start, min(clause) - 1)
        while core.end > core.start and doc[core.end].is_punct:
            core = Span(core.start, core.end - 1)  # (and the comma before it)
    # (without a closing adjunct of the restored clause: "any other pet [without consent]")
    cut = next(
        (
            k
            for k in range(core.start + 1, core.end)
            if doc[k].lower_ in ADJUNCT_PREPOSITIONS
            and doc[k].tag_ == "IN"
            and doc[k - 1].tag_ in {"NN", "NNS", "NNP", "NNPS", "CD"}
        ),
        None,
    )
    if cut is not None:
        core = Span(core.start, cut - 1)
    head = _head_of(doc, rem)
    marker = marker_word(doc, st)
    kind = phrase_kind(doc[core.start : core.end + 1])
    # a partitive remnant ("two of the laptops") answers a phrase as its whole does ("the
    # van"): its similarity is the whole's too
    whole = _partitive_whole(doc, core)
    out: list[_Choice] = []
    focused: list[_Choice] = []  # the choices right after "not only"
    timed: list[_Choice] = []  # phrases of time for a remnant of time
    first = doc[core.start]
    # a prepositional remnant around a name ("in York"), which no phrase of time answers
    rem_name = first.tag_ == "IN" and any(
        o.dep_ == "pobj" and phrase_kind([o]) in {"NAME", "PERSON"} and not _time_noun(o)
        for o in first.children
    )
    speaker = False  # a subject "I / we / you" left out for a thing (below)
    cands = _candidates(an, verb, rem, cleft[1] if cleft else None)
    objects = [c for c in verb.children if c.dep_ == "dobj" and verb.i < c.i < an.cc]
    for span, is_subj, pp_obj in cands:
        if any(span.start <= c.end and c.start <= span.end for c, _ in st.extra):
            continue  # the correlate of a further remnant
        if is_subj and doc[span.start].lower_ in {"what", "whatever"} and verb.lemma_ == "be":
            continue  # a pseudo-cleft's free relative: the remnant answers its focus
        if (
            is_subj
            and span.start == span.end
            and doc[span.start].lower_ in SPEAKER_PRONOUNS
            and objects
            and kind not in {"PERSON", "NAME", "PRON"}
            and doc[core.start].tag_ not in {"IN", "TO"}
            and _np_head(doc, core).tag_ in {"NN", "NNS", "NNP", "NNPS", "CD"}
        ):
            # the speaker or hearer is no thing when the verb has an object: "I'd buy A but
            # not [the B]" (without one the subject stays: "We stayed open, but not the bank")
            speaker = True
            continue
        if is_subj and doc[core.start].tag_ == "IN" and doc[core.start].dep_ != "mark":
            continue  # a prepositional phrase answers no subject ("and not at 3 a.m.")
        if is_subj and head.tag_ in {"JJ", "JJR", "JJS"} and _elided_noun(doc, span, rem) is None:
            # an adjective phrase does not replace a subject ("but not so tight"); a noun
            # phrase whose noun is left out does ("His first novel sold well, but not his
            # second [novel]")
            continue
        if participle:  # "but not soaked" answers an adjective: "damp"
            sim = float(_np_head(doc, span).tag_ in {"JJ", "JJR", "JJS"})
        elif comparative:  # "but also less fun" answers a comparative: "easier"
            sim = max(an.sim(core, span), float(_np_head(doc, span).tag_ == "JJR"))
        else:
            sim = an.sim(core, span)
            if whole is not None:
                sim = max(sim, an.sim(whole, span))
            if head.tag_ in {"JJ", "JJR"} and head.i == core.start:
                # an adjective with a phrase of its own answers as the adjective does ("but
                # not alive [in the usual sense]")
                own = [c.i for c in head.children if c.dep_ == "prep" and c.i > head.i]
                if own and min(own) <= core.end:
                    sim = max(sim, an.sim(Span(core.start, min(own) - 1), span))
            # a comma list of phrases of the remnant's kind answers it as its items do
            for item in _list_items(doc, span, rem):
                sim = max(sim, an.sim(core, Span(item[0], item[-1])))
        shape = span  # the phrase whose kind is compared with the remnant's
        g = doc[span.start]
        if _gerund(g) and not participle:
            # a gerund phrase is nominal: its object gives its shape and kind
            # ("towards moisturizing [your hair]", and also hair growth)
            for o in g.children:
                if o.dep_ == "dobj" and o.right_edge.i <= span.end:
                    shape = Span(o.left_edge.i, o.right_edge.i)
                    sim = max(sim, an.sim(core, shape))
        same_head = _np_head(doc, core).lemma_.lower() == _np_head(doc, span).lemma_.lower()
        # the pro-form "one(s)" stands for the noun of a non-subject noun phrase of its number
        # ("written corpora, but not spoken ones")
        ones = doc[core.end].lower_ in {"one", "ones"} and not is_subj
        if ones and _np_head(doc, span).tag_ == ("NNS" if doc[core.end].lower_ == "ones" else "NN"):
            same_head = True
        feats = {"sim": sim, "same_head": float(same_head), "pp_obj": float(pp_obj)}
        score = hand_score(feats)
        # a prepositional remnant and a phrase of the same preposition answer each other
        # whatever their nouns ("for the national team and also for Real Madrid")
        same_prep = (
            doc[core.start].tag_ == "IN" and doc[span.start].lower_ == doc[core.start].lower_
        )
        after_not_only = _after_not_only(doc, verb, span)
        span_kind = phrase_kind(doc[shape.start : shape.end + 1])
        # a phrase of time for one of time, a place adverb for a phrase of place: the same
        # kind whatever the words ("every month" / "before long trips")
        when = doc[core.start].lower_ in WHEN_PREPOSITIONS and (
            span_kind == "TIME" or _time_phrase(doc, doc[span.start])
        )
        where = _place_remnant(doc, core) and (
            _place_remnant(doc, span) or doc[span.start].lower_ in PLACE_PREPS
        )
        # a prepositional remnant right after the conjunction answers the prepositional
        # phrase right before it when the clause has none of its preposition ("paid in cash
        # and not by card"), as the parse's coordination says
        adjacent = (
            doc[core.start].tag_ == "IN"
            and doc[span.start].tag_ == "IN"
            and span.end == an.left_end(an.cc)
            and doc[an.cc - 1].text != ","
            and not any(
                t.lower_ == doc[core.start].lower_ and t.dep_ == "prep"
                for t in doc[verb.i + 1 : an.cc]
            )
        )
        if span_kind == "NUM" and kind != "NUM":
            # a counted noun phrase answers a remnant without a number as its noun does
            # ("arrested [two men], but not the driver": a person)
            span_kind = _counted_kind(doc, shape)
        # a person answers a subject that names people, or a quantified group the person is
        # excepted from, whatever their shapes ("Two of the guests stayed, but not Mr Holt")
        excepted = is_subj and marker == "not" and kind in {"PERSON", "NAME"}
        excepted = excepted and _quantified(doc, shape)
        person = excepted or (is_subj and span_kind == "PERSON" and kind in {"PERSON", "NAME"})
        if excepted:
            span_kind = kind  # (a named person is one of the people the subject names)
        if score < 0.5 and not (
            after_not_only
            or same_prep
            or when
            or where
            or adjacent
            or (ones and same_head)
            or person
        ):
            continue
        if span_kind == "TIME" and kind != "TIME" and not when:
            continue  # a phrase of time answers only a phrase of time ("approved X in May")
        if same_prep and rem_name and _time_phrase(doc, doc[span.start]):
            continue  # "in York" does not answer "in 2001"
        feats |= {
            "kind_match": 1.0 if when or where else kind_match(kind, span_kind),
            "subj": float(is_subj),
            "subj_not": float(is_subj and marker in {"not", "never"}),
            "subj_also": float(is_subj and marker == "also"),
        }
        out.append(_Choice(span, is_subj, score, feats))
        if after_not_only:
            focused.append(out[-1])
        if when:
            timed.append(out[-1])
    # "not only X but also Y": X, right after "not only", is the correlate; a phrase of time
    # answers a phrase of time when the clause has one
    if not focused and not st.extra:
        focused = _not_only_phrase(an, verb, p, out, core)
    if speaker and not out and len(objects) == 1 and marker:
        # then the verb's one object answers the remnant, whatever its words ("I'd recommend
        # the first two seasons but not the film they made"), all of a list ("packed a hat, a
        # map and sun cream, but not a coat")
        obj = Span(objects[0].left_edge.i, _phrase_end(doc, objects[0], p))
        feats = {"sim": an.sim(core, obj), "same_head": 0.0, "pp_obj": 0.0}
        out.append(_Choice(obj, False, 0.5, feats | {"kind_match": 0.0, "subj": 0.0}))
    if not timed and not st.extra and _time_noun_phrase(doc, core):
        # a noun phrase of time answers the clause's adjunct of time, a prepositional one too
        # ("go there in August, but not this year" -> "do not go there this year")
        for c in verb.children:
            if verb.i < c.i <= p and c.left_edge.i > verb.i and _time_phrase(doc, c):
                span = Span(c.left_edge.i, _phrase_end(doc, c, p))
                while span.start + 1 < span.end and _not_only_at(doc, span.start):
                    span = Span(span.start + 2, span.end)  # (without "not only")
                feats = {"sim": 1.0, "same_head": 0.0, "pp_obj": 0.0, "kind_match": 1.0}
                timed.append(_Choice(span, False, 1.0, feats | {"subj": 0.0}))
    out = focused or timed or out
    if (
        kind == "PERSON"
        and doc[an.cc - 1].text == ","
        and any(
            c.is_subj
            and c.feats.get("kind_match", 0.0) >= 0.5
            and doc[c.span.start : c.span.end + 1].text.lower() not in SPEAKER_PRONOUNS
            for c in out
        )
    ):
        # a person set off by a comma answers a subject that names people rather than a
        # thing ("Ms Lee rented the flat, and not her brother" -> "Her brother did not rent
        # the flat"); the speaker or hearer rarely contrasts with a remnant
        # (:func:`_object_over_subject`); without the comma the phrase before it is kept,
        # whatever its kind ("should email the secretary and not the professor")
        out = [c for c in out if c.is_subj or c.feats.get("kind_match", 0.0) > 0.0]
    if doc[core.start].lower_ in {"others", "other"} and core.end <= core.start + 1:
        # "others" answers the phrase it contrasts with, one with "some" / "most" / ...
        # ("The drug helps some patients but not others": the object, not the subject)
        contrast = [c for c in out if doc[c.span.start].lower_ in OTHERS_CONTRAST]
        out = contrast or out
    scalar = any(doc[a].lower_ in SCALAR_OPENERS for a in st.advs)
    if st.opener and first.tag_ in {"IN", "TO"} and not scalar:
        # without a marker, a prepositional phrase needs a correlate of its preposition or of
        # time; otherwise the omission path decides (an argument cluster, a misparse); after
        # "probably" any phrase of its kind ("in Peru and probably in Chile")
        out = [c for c in out if doc[c.span.start].lower_ == first.lower_ or c in timed]
        if not out:
            return None
    if _referential(doc, core) and verb.lemma_ == "be":
        # a name, a pronoun or a possessed noun does not replace an indefinite predicate
        # noun ("She is a nurse, and her husband too": the husband is one too)
        out = [c for c in out if not _indefinite_predicate(doc, c.span)] or out
    negated_and = marker in {"not", "never"} and bool(out)
    if negated_and and doc[an.cc].lower_ == "but":
        # "but not X" continues the phrase before it only when that phrase is of X's kind
        # as much as the subject is ("We like the film but not the director"), or the subject
        # is "I / we / you"; a person remnant after a thing answers the person subject ("The
        # nurses received a bonus but not the doctors"); "and not X" without a comma keeps
        # the phrase before it ("should email the secretary and not the professor")
        negated_and = _object_over_subject(doc, out)
    elif doc[an.cc].lower_ != "and":
        negated_and = False
    if ((marker == "also" and st.front == r_start) or st.opener or negated_and) and doc[
        an.cc - 1
    ].text != ",":
        # "and also X" with no comma before the conjunction continues a phrase after the
        # verb ("Abe has played for A and also B"); the subject takes a comma ("Abe has
        # played for A, and also Bo"); so does "and not X" ("should email the secretary and
        # not the professor")
        # (without a marker, "and then X": no subject reading at all)
        out = [c for c in out if not c.is_subj] or ([] if st.opener else out)
        if not out:
            return None
    if st.front is not None and st.front > rem.end:
        # "but his two sons not": a negation after the remnant answers the subject
        out = [c for c in out if c.is_subj]
        if not out:
            return None
    out = _definite_subject_filter(doc, core, out)
    out = _ordinal_filter(doc, rem, out)
    if out:
        out[-1].feats["nearest"] = 1.0
    if small is not None:
        out.append(_Choice(small, False, 1.0, {"sim": 1.0, "kind_match": 1.0, "nearest": 1.0}))
    pp_with_object = doc[core.start].tag_ == "IN" and any(
        c.dep_ in {"pobj", "pcomp"} for c in doc[core.start].children
    )
    if not out and head.tag_ in {"JJ", "JJR"} and _passive_participle(verb):
        # an adjective answers a passive participle of "be" ("the suspect was armed, but not
        # dangerous" -> "was not dangerous")
        out.append(_Choice(Span(verb.i, verb.i), False, 1.0, {"sim": 1.0, "kind_match": 1.0}))
    if not out and _degree(doc, rem) and marker in {"not", "never"}:
        # a degree phrase without a correlate is added to the clause: "You should water the
        # plants daily, but not too much" -> "You should not water the plants too much."
        out.append(_Choice(Span(p + 1, p), False, 0.0, {}))
    if not out and pp_with_object and marker != "":
        # a prepositional phrase without a correlate is added to the clause: "The house was
        # filled, but not with the usual audience" -> "The house was not filled with ..."
        out.append(_Choice(Span(p + 1, p), False, 0.0, {}))
    return (st, p, verb, out) if out else None


def _ordinal_filter(doc: Doc, rem: Span, out: list[_Choice]) -> list[_Choice]:
    """An ordinal remnant without its noun ("but not the second") answers a phrase with an
    ordinal of its own ("has paid the first instalment of the fine"), not a noun phrase
    inside it ("the fine"): the choices with an ordinal, when there are any."""
    from lingeval.conjuncts.resolvers.rules import ORDINALS

    last = doc[rem.end]
    if (
        rem.end - rem.start > 1
        or last.lower_ not in ORDINALS
        or doc[rem.start].tag_ not in {"DT", "PRP$"}
    ):
        return out
    kept = [
        c
        for c in out
        if any(
            doc[i].lower_ in ORDINALS and doc[i].dep_ == "amod" and doc[i].head.i > i
            for i in range(c.span.start, c.span.end + 1)
        )
    ]
    return kept or out


def _not_only_phrase(
    an: _Analysis, verb: Token, p: int, out: list[_Choice], core: Span
) -> list[_Choice]:
    """The one phrase between "not only" after ``verb`` and the conjunction ("that was not
    only [cheap] but also ten minutes' walk from town"), when no candidate answers it (the
    parse hangs it on the remnant): the correlate, as a choice list of one; else []. A
    prepositional remnant answers only a prepositional phrase ("to not only the world, but
    to X" is left to the other candidates)."""
    from lingeval.conjuncts.resolvers.rules import Span

    doc = an.doc
    pairs = [k for k in _not_only_pairs(doc, verb.i + 1, p - 1) if k + 2 <= p]
    if not pairs:
        return []
    lo = pairs[-1] + 2
    tops = [i for i in range(lo, p + 1) if not lo <= doc[i].head.i <= p or doc[i].head.i == i]
    if len(tops) != 1 or doc[lo].is_punct or any(c.span.start == lo for c in out):
        return []
    if (doc[core.start].tag_ in {"IN", "TO"}) != (doc[lo].tag_ in {"IN", "TO"}):
        return []
    feats = {"sim": 1.0, "kind_match": 1.0, "nearest": 1.0}
    return [_Choice(Span(lo, p), False, 1.0, feats)]


def _participle_clause(an: _Analysis, verb: Token, rem: Span) -> Token | None:
    """The participle modifying a noun of ``verb``'s clause whose phrase the remnant answers:
    the phrase right after "not only", or one of the prepositional remnant's preposition that
    the clause verb lacks ("It is a bird seen not only in Spain but also in Morocco" -> "It is
    a bird also seen in Morocco"); None otherwise."""
    doc = an.doc
    pairs = _not_only_pairs(doc, verb.i + 1, an.cc - 1)
    if pairs:
        tops = [doc[pairs[-1] + 2]]
    elif doc[rem.start].tag_ == "IN" and not any(
        c.dep_ == "prep" and c.lower_ == doc[rem.start].lower_ and verb.i < c.i < an.cc
        for c in verb.children
    ):
        tops = [
            t
            for t in doc[verb.i + 1 : an.cc]
            if t.dep_ == "prep" and t.lower_ == doc[rem.start].lower_
        ]
    else:
        return None
    for t in tops:
        head = t.head
        if (
            head.tag_ in {"VBN", "VBG", "VBD"}  # ("found/VBD": a participle the tagger missed)
            and head.dep_ == "acl"
            and verb.i < head.i < t.i
            and head.head.head.i == verb.i  # the participle of an argument of the verb
            and not any(c.dep_ in SUBJ_DEPS for c in head.children)
        ):
            return head
    return None


def _relative_inside(doc: Doc, span: Span) -> bool:
    """``span`` holds a restrictive relative clause after its first word: a relative word, not
    after a comma, followed by a finite verb ("the nurse [who visited] every week"; not "the
    sound, which surprised me")."""
    for i in range(span.start + 1, span.end):
        if doc[i - 1].text == ",":
            continue
        if doc[i].tag_ in {"WP", "WDT"} or (doc[i].lower_ == "that" and doc[i].dep_ != "det"):
            return any(doc[k].tag_ in FINITE_TAGS for k in range(i + 1, span.end + 1))
    return False


#: Quantifiers of a phrase that "others" contrasts with
OTHERS_CONTRAST = {"some", "most", "many", "several", "certain", "a", "one", "few", "these"}


def _verb_remnant_after_not_only(doc: Doc, cc: int, r_start: int, k: int) -> bool:
    """ "not only" opens a verb with nothing after it but adverbs ("does not only [sing]") and
    the right conjunct, after its markers, is one word the dictionary knows as a verb: two verb
    phrases, whatever the tagger made of the second ("but also dances/NNS"). A verb with a
    complement keeps the remnant reading ("paints houses but also fences")."""
    pair = _not_only_pairs(doc, 0, cc - 1)
    if not pair or doc[pair[-1] + 2].tag_ not in VERB_TAGS - {"MD"}:
        return False
    verb = pair[-1] + 2
    if any(not (t.is_punct or t.tag_ in {"RB", "RBR"}) for t in doc[verb + 1 : cc]):
        return (
            False  # the verb has a complement the remnant answers: "paints houses but also fences"
        )
    words = [i for i in range(r_start, k + 1) if doc[i].lower_ not in FRONT]
    return len(words) == 1 and has_lemma(doc[words[0]].lower_, "VERB")


def _not_only_at(doc: Doc, k: int) -> bool:
    """ "not" at ``k`` and a focus word of :data:`~lingeval.conjuncts.omission.NOT_ONLY` right
    after it ("not only", "not just", "not merely", "not simply"); ``k + 1`` must be inside
    ``doc``."""
    return doc[k].lower_ == "not" and doc[k + 1].lower_ in NOT_ONLY


def _not_only_pairs(doc: Doc, lo: int, hi: int) -> list[int]:
    """The indices ``k`` in ``[lo, hi)`` where "not only / not just ..." opens
    (:func:`_not_only_at`), left to right; ``hi`` at most ``len(doc) - 1``."""
    return [k for k in range(lo, hi) if _not_only_at(doc, k)]


def _not_only_before(doc: Doc, cc: int) -> bool:
    """ "not only / not just ..." comes before the conjunction ``cc``."""
    return bool(_not_only_pairs(doc, 0, cc - 1))


def _negations(verb: Token, cc: int) -> list[Token]:
    """The negation words of ``verb`` (and of its auxiliaries) before the conjunction."""
    return [c for c in verb.children if c.dep_ == "neg" and c.i < cc]


def _left_negation(verb: Token, cc: int) -> bool:
    """The verb has a negation of its own before the conjunction ("Do not leave ...", "She
    never eats ...")."""
    return any(c.dep_ == "neg" and c.i < cc for c in verb.children)


def _phrase_negations(doc: Doc, verb: Token, cc: int) -> list[Token]:
    """A *not* that negates one phrase of ``verb``'s clause right before it, not the verb
    ("is famous not [for its food]"; "not" hangs on the phrase's first word)."""
    return [
        t
        for c in verb.children
        if verb.i < c.i < cc
        for t in c.children
        if t.dep_ == "neg" and t.i in {c.i - 1, c.left_edge.i}
    ]


def _corrective_correlate(an: _Analysis, verb: Token, rem: Span) -> Span | None:
    """The correlate of "not A but B" (issue 11, seventh session): the phrase of the negated
    clause right after its negation ("is not [on Monday] but on Tuesday"), else its most
    similar object or complement (the focus of a negation is in the verb phrase: "didn't buy
    [the red dress] but the blue one"); None without a negation of the clause verb, with "not
    only" (additive, not corrective) or without a similar phrase."""
    from lingeval.conjuncts.resolvers.rules import Span

    doc = an.doc
    negs = _negations(verb, an.cc) or _phrase_negations(doc, verb, an.cc)
    if not negs or any(doc[n.i + 1].lower_ in NOT_ONLY for n in negs):
        return None
    first = doc[rem.start]
    if first.tag_ in {"NNS", "VBZ"} and has_lemma(first.lower_, "VERB"):
        return None  # a verb tagged as a plural noun: "does not reach X but cools/NNS at depth"
    low = first.lower_
    if (
        verb.tag_ == "VB"
        and verb.i < an.cc
        and has_lemma(low, "VERB")
        and not (has_lemma(low, "NOUN") or has_lemma(low, "ADJ"))
    ):
        # a base verb the tagger missed ("should not delete the file but rename/JJ it"): the
        # remnant is a verb phrase in place of the negated one
        return Span(verb.i, an.left_end(an.cc))
    inside = range(rem.start, rem.end + 1)
    if sum(1 for i in inside if doc[i].head.i not in inside or doc[i].head.i == i) != 1:
        return None  # two phrases
    cands = [span for span, is_subj, _ in _candidates(an, verb, rem) if not is_subj]
    after = [c for c in cands if any(c.start == n.i + 1 for n in negs)]
    if after:
        return after[0]
    if first.tag_ in {"RB", "RBR", "IN"}:
        # an adverbial remnant answers the adjunct right after the negation, whatever its
        # kind ("sold it not [by phone] but online"; "not [online] but by phone")
        left_end = an.left_end(an.cc)
        after = [
            Span(n.i + 1, min(c.right_edge.i, left_end))
            for n in negs
            for c in verb.children
            if c.dep_ in {"prep", "advmod", "npadvmod", "agent"}
            and c.left_edge.i in {n.i, n.i + 1}
            and verb.i < c.i < an.cc
        ]
        if after:
            return after[0]
    scored = [(an.sim(rem, c), c.start, c) for c in cands]
    best = max(scored, default=None, key=lambda x: (x[0], x[1]))
    return best[2] if best is not None and best[0] >= 0.5 else None


#: Quantifiers a comparative quantifier answers ("some people ..., but far fewer")
QUANTIFIERS = {"some", "many", "few", "several", "much", "little", "more", "fewer", "less"}


def _contrast_correlate(an: _Analysis, verb: Token, rem: Span, p: int) -> Span | None:
    """The correlate of a comparative stripped after *but* without a marker (issue 11,
    seventh session), nearest the conjunction:

    * a bare comparative quantifier ("far fewer", "many more") replaces the quantifier or
      number of a noun phrase the verb governs ("I saw some people on the bus, but far
      fewer" -> "I saw far fewer people on the bus");
    * a comparative adjective phrase replaces a predicate: the passive participle with what
      follows it up to the conjunction ("is sold in Spain, but more popular in Italy" -> "is
      more popular in Italy"), an adjective predicate of *be* ("was small, but cheaper"), or
      a participle that modifies the predicate or object noun ("is a dish served in Spain,
      but more common in Italy" -> "is a dish more common in Italy").

    None when there is no such phrase (the sentence is then left to the other rules)."""
    from lingeval.conjuncts.resolvers.rules import Span

    doc = an.doc
    j = rem.start
    while j < rem.end and doc[j].lower_ in DEGREE:
        j += 1
    spans: list[Span] = []
    if j == rem.end and doc[j].lower_ in {"fewer", "more", "less"}:
        for c in verb.children:
            if c.dep_ in {"dobj", "attr", "nsubj", "nsubjpass"} and c.i < an.cc:
                spans += [
                    Span(q.i, q.i)
                    for q in c.children
                    if q.i < c.i and (q.lower_ in QUANTIFIERS or q.tag_ == "CD")
                ]
        return max(spans, key=lambda s: s.start) if spans else None
    # (the last of the verb's conjoined passives: "is sold in X and is made in Y, but ...")
    spans += [
        Span(v.i, p)
        for v in [verb, *(c for c in verb.children if c.dep_ == "conj" and c.i < an.cc)]
        if v.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in v.children)
    ]
    for c in verb.children:
        if not verb.i < c.i < an.cc:
            continue
        if c.dep_ == "acomp" and c.tag_.startswith("JJ") and verb.lemma_ == "be":
            spans.append(Span(c.left_edge.i, p))
        elif c.dep_ in {"attr", "dobj"}:
            spans += [
                Span(x.i, p)
                for x in c.children
                if x.dep_ == "acl" and x.tag_ == "VBN" and x.i == c.i + 1
            ]
    return max(spans, key=lambda s: s.start) if spans else None


#: Adverbs that modify the remnant itself ("not just another patient"), not the verb
FOCUS = {
    "just", "only", "even", "merely", "simply", "especially", "particularly", "mainly",
    "mostly", "exactly", "almost", "nearly", "about", "around", "so", "very", "too", "as",
    "more", "less", "most", "least", "rather", "quite", "also", "not", "never", "still",
}  # fmt: skip


#: Adverbs that restrict the phrase after them to part of what it could be ("mostly about
#: politics", "only in oil"): they belong to the correlate (:func:`_build`)
RESTRICTING = {
    "only", "just", "mostly", "mainly", "largely", "chiefly", "primarily", "merely",
    "exclusively", "solely", "especially", "particularly",
}  # fmt: skip


def restricting_adverb(doc: Doc, verb: Token, corr: Span) -> int | None:
    """The adverb of :data:`RESTRICTING` right before the correlate ``corr`` (after ``verb``,
    modifying it): it restricts the correlate and goes with it, never with the remnant
    ("writes mostly about politics and sometimes about sport" -> "sometimes writes about
    sport", not "sometimes writes mostly about sport"); None when there is none."""
    before = corr.start - 1
    if (
        corr.end >= corr.start
        and before > verb.i
        and doc[before].lower_ in RESTRICTING
        and doc[before].dep_ == "advmod"
    ):
        return before
    return None


def _split_remnant(an: _Analysis, st: Stripping, verb: Token) -> Stripping:
    """Remnants of two kinds (issue 11): leading adverbs that modify the verb go before it
    ("..., and also briefly in York" -> "The train also briefly stops in York"), and a last
    prepositional phrase whose preposition heads a phrase of the left clause replaces that
    phrase ("They repaired the roof in May, and the fence in June as well" -> "They repaired
    the fence in June as well"). Unchanged when neither applies; adverbs stay in place under
    *not* / *never* (no "does not sometimes ...")."""
    from lingeval.conjuncts.resolvers.rules import _PLACE_WORDS, Span

    doc = an.doc
    rem = st.remnant
    i = rem.start
    advs: list[int] = []
    if marker_word(doc, st) not in {"not", "never"}:
        # (a place adverb stays with its phrase: "and also here in York")
        while (
            i < rem.end
            and (doc[i].tag_ == "RB" or doc[i].lower_ in {"later", "earlier"})  # (RBR)
            and doc[i].lower_ not in FOCUS | _PLACE_WORDS | PLACE_REMNANTS
        ):
            advs.append(i)
            i += 1
        # an adverb of certainty closing the remnant goes before the verb too ("Tom will come,
        # and Ann probably too" -> "Ann will probably come too")
        last = rem.end
        while last > i and doc[last].tag_ == "RB" and doc[last].lower_ in SENTENCE_ADVERBS:
            last -= 1
        if last < rem.end:
            advs += range(last + 1, rem.end + 1)
            rem = Span(rem.start, last)
    extra: list[tuple[Span, Span]] = []
    cut = next(
        (
            k
            for k in range(_after_place_words(doc, Span(i, rem.end)) + 1, rem.end)
            if doc[k].tag_ in {"IN", "TO"}
            and doc[k].lower_ != "of"
            # (not inside a clause of the remnant: "Denmark, where it sold it [in 2011]")
            and not any(doc[x].tag_ in VERB_TAGS for x in range(i, k))
        ),
        None,
    )
    if cut is not None:
        chain, k = [verb], 0
        while k < len(chain):
            chain.extend(c for c in chain[k].children if c.dep_ == "xcomp" and c.i < an.cc)
            k += 1
        same = [
            c
            for v in chain
            for c in v.children
            if c.dep_ in {"prep", "dative"} and c.lower_ == doc[cut].lower_ and v.i < c.i < an.cc
        ]
        if same:
            c = same[-1]
            end = min(c.right_edge.i, an.left_end(an.cc))
            extra = [(Span(c.i, end), Span(cut, rem.end))]
            rem = Span(i, cut - 1)
    if not extra:
        # a noun phrase of time closing the remnant replaces the left clause's phrase of time
        # ("toured with A in 1994 and also with B the following year" -> "also toured with B
        # the following year", not "the following year in 1994"); so does a prepositional
        # phrase of time ("will hit the coast on Tuesday, and probably the capital [by
        # Wednesday]")
        tail = next(
            (
                t
                for t in doc[i + 1 : rem.end + 1]
                if (
                    t.dep_ == "npadvmod"
                    or (
                        # (after a noun phrase, not inside a prepositional one: "from 1983
                        # until his death [in 1990]" is one phrase)
                        t.dep_ == "prep"
                        and t.lower_ in TIME_PREPOSITIONS
                        and doc[i].tag_ not in {"IN", "TO"}
                        and t.head.dep_ != "pobj"
                    )
                )
                and t.right_edge.i == rem.end
                and t.left_edge.i > i
                and _time_phrase(doc, t)
            ),
            None,
        )
        p = an.left_end(an.cc)
        when = _time_adjuncts(doc, verb, verb.i, p) if tail is not None else set()
        own = [c for c in verb.children if c.i in when and c.left_edge.i in when]
        if tail is not None and own:
            c = own[-1]
            end = max(k for k in when if c.left_edge.i <= k <= c.right_edge.i)
            extra = [(Span(c.left_edge.i, end), Span(tail.left_edge.i, rem.end))]
            rem = Span(i, tail.left_edge.i - 1)
    if extra or (advs and i <= rem.end):
        return replace(st, remnant=Span(i, rem.end), advs=advs, extra=extra)
    return st


#: Connective and sentence adverbs that stay before *do*-support (:func:`_marked_verb`)
CONNECTIVE_ADVERBS = {
    "therefore", "thus", "hence", "consequently", "accordingly", "however", "nevertheless",
    "nonetheless", "moreover", "furthermore", "certainly", "probably", "possibly", "perhaps",
    "maybe", "clearly", "obviously", "apparently", "presumably", "evidently", "surely",
    "indeed", "still",
}  # fmt: skip
#: Adverbs of certainty and evidence that may close a stripped remnant ("and Ann probably too")
SENTENCE_ADVERBS = HEDGES | {"apparently", "presumably", "obviously", "clearly", "reportedly"}


#: Adverbs of time and frequency (:func:`_time_adjuncts`)
WHEN_ADVERBS = {
    "once", "twice", "thrice", "often", "again", "always", "sometimes", "usually", "rarely",
    "seldom", "frequently", "regularly", "occasionally", "yesterday", "today", "tomorrow",
    "recently", "later", "earlier", "already", "daily", "weekly", "tonight", "throughout",
}  # fmt: skip
#: Nouns of a stage of life, whose phrase with *as* is one of time ("played for X as a
#: teenager, and later for Y" -> "later played for Y")
LIFE_STAGES = {
    "teenager", "child", "boy", "girl", "kid", "youngster", "youth", "adolescent", "toddler",
    "baby", "infant", "schoolboy", "schoolgirl", "teen",
}  # fmt: skip
#: Prepositions whose phrase is one of time whatever its noun
WHEN_PREPOSITIONS = {"after", "before", "during", "since", "until", "till"}
#: Prepositions of a phrase of time with a noun of time ("by Friday", "in May")
TIME_PREPOSITIONS = WHEN_PREPOSITIONS | {"in", "on", "at", "by"}


def _time_adjuncts(doc: Doc, verb: Token, after: int, p: int) -> set[int]:
    """Tokens of the adjuncts of time or frequency of ``verb`` that lie after ``after`` and up
    to ``p``: an adverb of :data:`WHEN_ADVERBS`, a noun phrase of time ("last week"), a
    prepositional phrase of time ("after midnight", "in May")."""
    out: set[int] = set()
    for c in verb.children:
        # (its last word: the parse may hang the comma before the conjunction on it; or the
        # conjunction and the remnant: "taught [from 1971 to 1979] and/cc later at/conj X")
        words = [t.i for t in c.subtree if not t.is_punct or t.i == c.i]
        beyond = [i for i in words if i > p]
        if (
            beyond
            and all(doc[i].is_punct or doc[i].tag_ == "CC" for i in range(p + 1, beyond[0]))
            and (doc[beyond[0]].tag_ == "CC" or doc[beyond[0] - 1].tag_ == "CC")
        ):
            words = [i for i in words if i <= p]
        end = max(words, default=c.i)
        if c.i <= after or end > p:
            continue
        if _time_phrase(doc, c) and c.left_edge.i > after:
            out.update(range(c.left_edge.i, end + 1))
    return out


#: Nouns of a recurring time frame ("in winter", "at weekends")
SEASONS = {"winter", "summer", "spring", "autumn", "weekdays", "weekends", "holidays"}


def _habitual_frames(doc: Doc, verb: Token, p: int) -> set[int]:
    """Tokens of ``verb``'s adjuncts of a recurring time frame up to ``p``: one with *every* /
    *each* ("every morning"), a plural noun of time ("on Sundays", "in the evenings") or a
    season ("in winter"). Unlike a one-off time ("after midnight", "yesterday") or a
    frequency adverb ("daily"), such a frame restricts the whole statement."""
    out: set[int] = set()
    for c in verb.children:
        if c.right_edge.i > p or c.i <= verb.i or not _time_phrase(doc, c):
            continue
        span = range(c.left_edge.i, c.right_edge.i + 1)
        nouns = [doc[i] for i in span if doc[i].tag_ in {"NN", "NNS", "NNP", "NNPS"}]
        # (a plural after "on / in / at" or bare: "for hours" is a duration, not a frame)
        frame = c.dep_ == "npadvmod" or c.lower_ in {"on", "in", "at", "during"}
        if any(doc[i].lower_ in {"every", "each"} for i in span) or any(
            (frame and n.lower_.endswith("s") and n.lemma_.lower() != n.lower_ and _time_noun(n))
            or (frame and n.lower_.endswith("s") and n.tag_ in {"NNP", "NNPS"} and _time_noun(n))
            or n.lower_ in SEASONS
            for n in nouns
        ):
            out.update(span)
    return out


def _time_phrase(doc: Doc, c: Token) -> bool:
    """``c`` heads an adjunct of time or frequency: an adverb of :data:`WHEN_ADVERBS`, a
    noun phrase of time ("last week"), a prepositional phrase of time ("after midnight",
    "in May")."""
    from lingeval.conjuncts.ranker import phrase_kind

    span = doc[c.left_edge.i : c.right_edge.i + 1]
    return (
        (c.dep_ == "advmod" and c.lower_ in WHEN_ADVERBS)
        or (c.dep_ == "npadvmod" and phrase_kind(span) == "TIME")
        or (c.dep_ == "npadvmod" and c.lemma_.lower() in SEASONS)  # "the following spring"
        # a frequency as a noun phrase ("twice a day", "once a week"), a time "ago"
        or (c.dep_ == "npadvmod" and any(t.lower_ in {"once", "twice", "thrice"} for t in span))
        or (c.dep_ == "advmod" and c.lower_ == "ago")
        or (
            c.dep_ == "prep"
            and (
                c.lower_ in WHEN_PREPOSITIONS
                or any(o.dep_ == "pobj" and _time_noun(o) for o in c.children)
                or (
                    c.lower_ == "as"
                    and any(
                        o.dep_ == "pobj" and o.lemma_.lower() in LIFE_STAGES for o in c.children
                    )
                    and not _parallel_as(doc, c)
                )
            )
        )
    )


def _parallel_as(doc: Doc, c: Token) -> bool:
    """The *as* phrase ``c`` has a parallel *as* phrase of the same head after a conjunction
    ("danced as a girl in the ballet, and later as a queen"): it is the correlate of a role, not
    a stage of life."""
    return any(
        o.i > c.i
        and o.lower_ == "as"
        and o.dep_ in {"prep", "conj"}
        and any(doc[k].tag_ == "CC" for k in range(c.right_edge.i + 1, o.i))
        for o in [*c.head.children, *c.children]
    )


def _time_noun(tok: Token) -> bool:
    """A noun of time, also in the plural that the tagger leaves unlemmatised ("on
    Sundays/NNP")."""
    from lingeval.conjuncts.ranker import phrase_kind
    from lingeval.conjuncts.resolvers.rules import TIME_NOUNS

    return (
        phrase_kind([tok]) == "TIME"
        # (a year cut to two digits after an apostrophe: "in '95")
        or (
            tok.text.isdigit()
            and len(tok.text) == 2
            and tok.i > 0
            and tok.doc[tok.i - 1].text in {"'", "’"}
        )
        or tok.lemma_.lower() in TIME_NOUNS  # (a counted one: "for ten years" is NUM)
        or (tok.lower_.endswith("s") and tok.lower_[:-1] in TIME_NOUNS)
    )


#: Words that open a degree phrase ("too much", "very often", "so well")
DEGREE_OPENERS = {"too", "very", "so", "that", "overly", "as"}


def _degree(doc: Doc, rem: Span) -> bool:
    """``rem`` is a degree phrase of two or three adverbs or adjectives ("too much", "very
    often"), which modifies the verb and has no correlate."""
    toks = doc[rem.start : rem.end + 1]
    return (
        2 <= len(toks) <= 3
        and toks[0].lower_ in DEGREE_OPENERS
        and all(t.tag_ in {"RB", "RBR", "JJ", "JJR"} for t in toks)
    )


def _small_clause(verb: Token) -> bool:
    """``verb`` is a participle predicate of a small clause below a verb before it, without
    an auxiliary of its own (the parse of "Keep the lid closed": *closed* a ccomp of *Keep*)."""
    return (
        verb.tag_ == "VBN"
        and verb.dep_ in {"ccomp", "xcomp", "oprd"}
        and verb.head.i < verb.i
        and verb.head.tag_ in VERB_TAGS
        and not any(c.dep_ in {"aux", "auxpass"} for c in verb.children)
    )


def _counted_kind(doc: Doc, span: Span) -> str:
    """The kind of the noun of a counted noun phrase ("two men": ``PERSON``; ``ANIMAL``,
    else ``NOUN``; :func:`~lingeval.conjuncts.ranker.phrase_kind` calls the phrase ``NUM``)."""
    from lingeval.conjuncts.ranker import ANIMAL_NOUNS, PERSON_NOUNS
    from lingeval.conjuncts.resolvers.rules import _head_of

    head = _head_of(doc, span)
    whole = next(
        (o for c in head.children if c.lower_ == "of" for o in c.children if _partitive(o)), None
    )
    if head.tag_ == "CD" and whole is not None and whole.i <= span.end:
        head = whole  # a partitive has the kind of its whole: "two of the guests"
    lemma = head.lemma_.lower()
    return "PERSON" if lemma in PERSON_NOUNS else "ANIMAL" if lemma in ANIMAL_NOUNS else "NOUN"


def _object_over_subject(doc: Doc, out: list[_Choice]) -> bool:
    """A correlate other than the subject answers the remnant as well as the subject does by
    kind, or the subject is a pronoun of the speaker or hearer ("I", "we", "you"), which a
    noun-phrase remnant rarely contrasts with."""
    subj = next((c for c in out if c.is_subj), None)
    if subj is None:
        return True
    if subj.span.start == subj.span.end and doc[subj.span.start].lower_ in SPEAKER_PRONOUNS:
        return True
    kind = subj.feats.get("kind_match", 0.0)
    return any(not c.is_subj and c.feats.get("kind_match", 0.0) >= kind for c in out)


def _quantified(doc: Doc, span: Span) -> bool:
    """``span`` is a quantified noun phrase of a plural or of everyone: a partitive ("most of
    the staff", "two of the defendants") or *everyone / everybody / all*."""
    from lingeval.conjuncts.resolvers.rules import _head_of

    head = _head_of(doc, span)
    if head.lower_ in {"everyone", "everybody", "all"}:
        return True
    return any(
        _partitive(o) and o.tag_ in {"NNS", "NNPS"}
        for c in head.children
        if c.lower_ == "of"
        for o in c.children
    )


def _referential(doc: Doc, span: Span) -> bool:
    """``span`` is a name, a personal pronoun or a possessed noun phrase ("her husband",
    "Tom's aunt")."""
    toks = doc[span.start : span.end + 1]
    if all(t.tag_ in {"NNP", "NNPS"} for t in toks) or (len(toks) == 1 and toks[0].tag_ == "PRP"):
        return True
    return toks[0].tag_ == "PRP$" or any(t.tag_ == "POS" for t in toks)


def _definite(doc: Doc, span: Span) -> bool:
    """``span`` is a definite noun phrase: a name, a pronoun, a possessed noun phrase or one
    opened by *the* or a demonstrative."""
    first = doc[span.start].lower_
    return _referential(doc, span) or first in {"the", "this", "that", "these", "those"}


def _definite_subject_filter(doc: Doc, core: Span, out: list[_Choice]) -> list[_Choice]:
    """Without a name, pronoun or article of its own, a remnant of a common noun does not
    replace a definite subject when an indefinite object of the same kind is there ("The
    house needs a new roof, and new windows as well" -> "needs new windows"; the kinds still
    decide "The man bought a car, and a woman too")."""
    from lingeval.conjuncts.resolvers.rules import _np_head

    subj = next((c for c in out if c.is_subj), None)
    if (
        subj is None
        or _definite(doc, core)
        or _np_head(doc, core).tag_ not in {"NN", "NNS"}
        or not _definite(doc, subj.span)
    ):
        return out
    kind = subj.feats.get("kind_match", 0.0)
    rivals = [
        c
        for c in out
        if not c.is_subj and c.feats.get("kind_match", 0.0) >= kind and not _definite(doc, c.span)
    ]
    return [c for c in out if not c.is_subj] if rivals else out


def _indefinite_predicate(doc: Doc, span: Span) -> bool:
    """``span`` is a predicate noun of *be* with an indefinite article ("is [a nurse]")."""
    from lingeval.conjuncts.resolvers.rules import _head_of

    return doc[span.start].lower_ in {"a", "an"} and _head_of(doc, span).dep_ == "attr"


def _is_prep(tok: Token) -> bool:
    """A prepositional phrase's preposition, also one the parser calls a dative ("gave it
    to/dative Ann") and the *by* of a passive's agent ("praised by critics")."""
    return tok.dep_ in {"prep", "agent"} or (tok.dep_ == "dative" and tok.tag_ in {"IN", "TO"})


def _last_conjunct(verb: Token, cc: int) -> Token:
    """The last verb conjoined to ``verb`` before the conjunction ``cc``, or ``verb`` itself:
    the stripped remnant answers the verb phrase nearest it ("performs music and is an
    artist with A and also B" -> "... and is also an artist with B")."""
    for _ in range(10):
        nxt = [c for c in verb.children if c.dep_ == "conj" and c.i < cc and c.tag_ in VERB_TAGS]
        if not nxt:
            return verb
        verb = nxt[-1]
    return verb


def _verb_above(tok: Token, cc: int) -> Token | None:
    """The nearest verb at or above ``tok`` that comes before the conjunction ``cc``: the
    left conjunct's verb when the parse makes it depend on a clause after the conjunction
    ("Bought an ice-box, and furniture too, so now ... I need some cash": *Bought* is an
    adverbial clause of *need*)."""
    for _ in range(60):
        if tok.tag_ in VERB_TAGS and tok.i < cc:
            return tok
        if tok.head.i == tok.i:
            return None
        tok = tok.head
    return None


def _knowing(verb: Token) -> bool:
    """A verb of knowing or saying (``sluicing.KNOWING``), which takes a clause as object."""
    from lingeval.conjuncts.resolvers.sluicing import KNOWING

    return verb.lemma_.lower() in KNOWING


#: Infinitives below a verb that :func:`_clause_object` descends: a complement, or the clausal
#: subject after an expletive ("It is possible [to establish X]", the gold trees' csubj)
CLAUSAL = {"xcomp", "csubj"}


def _clause_object(an: _Analysis, verb: Token, whether: bool) -> Span | None:
    """The object that a clausal remnant replaces: the direct object or complement clause of
    the deepest verb below ``verb`` (through *to*-infinitives, also after an adjective: "It
    is easy to find [the house], but not whether ..."), when the remnant opens with
    *whether* or that verb is one of knowing or saying (``sluicing.KNOWING``: "We know [the
    name], but not where it sank"); otherwise None (a *when* / *where* clause may be an
    adjunct: "We swim there, but not when it rains"). The correlate runs from the object to
    the conjunction."""
    from lingeval.conjuncts.resolvers.rules import Span

    deep = verb
    for _ in range(4):
        nxt = next(
            (
                g
                for c in deep.children
                if c.i > deep.i and c.i < an.cc
                for g in ([c] if c.dep_ in CLAUSAL else c.children if c.dep_ == "acomp" else [])
                if g.dep_ in CLAUSAL and g.tag_ in VERB_TAGS and an.cc > g.i
            ),
            None,
        )
        if nxt is None:
            break
        deep = nxt
    if not whether and not _knowing(deep):
        return None
    obj = next(
        (c for c in deep.children if c.dep_ in {"dobj", "ccomp"} and deep.i < c.i < an.cc), None
    )
    if obj is None:
        return None
    # up to the conjunction: an adjunct after the object would run into the clause that
    # replaces it ("establish the phase ... two thousand years ago, but not whether ...")
    return Span(obj.left_edge.i, an.left_end(an.cc))


def stripping_alternatives(
    an: _Analysis, r_start: int
) -> list[tuple[dict[str, float], Resolution | None]]:
    """Every correlate choice of a stripped conjunct with its features and its rewrite (for
    fitting :attr:`lingeval.conjuncts.ranker.RankerModel.strip`); [] when not stripping."""
    found = _choices(an, r_start)
    if found is None:
        return []
    st, p, verb, choices = found
    return [(c.feats, _build(an, st, p, verb, c.span, c.is_subj)) for c in choices]


def resolve_stripping(an: _Analysis, r_start: int) -> Resolution | None:
    """Rewrite a stripped conjunct with a marker (see the module docstring), else None.

    The correlate: with a ranker that has a stripping part (refits since issue 11, fifth
    session, and the shipped v5; not v1-v4), the best-scored of the
    correlates that pass the similarity threshold (:data:`~lingeval.conjuncts.ranker.
    STRIP_FEATURES`: similarity, kind agreement, role, marker); otherwise the most similar
    one. Ties go to the one nearest the conjunction.

    The stripped conjunct may end before the sentence does (:func:`remnant_end`): what the
    parse puts after the remnant's phrase and outside it is shared by every rewrite, tried
    before the conjunct up to the end of the sentence."""
    ext = remnant_end(an, r_start)
    if ext is not None and ext[2]:
        res = _resolve_up_to(an, r_start, ext)
        if res is not None:
            return res
    return _best(an, _choices(an, r_start))


def resolve_stripping_within(an: _Analysis, r_start: int) -> Resolution | None:
    """:func:`resolve_stripping` with the conjunct ending where :func:`remnant_end` says,
    when the conjunct up to the end of the sentence is no stripping (tried after the other
    readings of a stripped conjunct, :func:`resolve_aside`)."""
    ext = remnant_end(an, r_start)
    return _resolve_up_to(an, r_start, ext) if ext is not None and not ext[2] else None


def _resolve_up_to(an: _Analysis, r_start: int, ext: tuple[int, int, bool]) -> Resolution | None:
    st = find_stripping(an, r_start, ext[0])
    if st is None:
        return None
    st = replace(st, shared=ext[1] if st.shared is None else st.shared, shared_end=an.last)
    return _best(an, _choices(an, r_start, st))


def remnant_end(an: _Analysis, r_start: int) -> tuple[int, int, bool] | None:
    """The stripped conjunct's own end when the sentence goes on after it (issue 11, session
    12): ``(last, shared, first)``, the remnant phrase's last token, the first token that every
    rewrite shares, and whether this reading goes before the conjunct up to the end of the
    sentence (the adjuncts after a correlative "not (only) X but (also) Y"); or None.

    The remnant phrase is the subtree of the first word after the markers, climbed to the word
    whose head lies before the conjunction (the parser's ``conj``), or up to a verb after it
    that the parser hangs it on (the remnant read as a subject: "and also my bike [charged]").
    What follows it is shared when no word of it belongs to that phrase and

    * it is a clause or a predicate (a finite verb after at most a noun phrase) that closes a
      left conjunct inside a relative, adverbial or reported clause: "Patients who were not
      only older but also less educated [reported more pain]"; "The ferry will run not only in
      July but also in August[, the operator announced]";
    * none of it belongs to the clause of the left conjunct's verb: the clause the
      coordination sits in ends there ("The museum, which is open not only on weekends but
      also on holidays[, charges no fee]"; '"I did it not for money but for love[," she
      said]'); or
    * it is adjuncts of that verb, after a conjunction without a comma before it ("sang not
      in Italian but in French [at the wedding]") or after a comma closing a remnant set off
      by commas ("stores your photos, but also your contacts, [on a server]"; the comma
      goes). After a comma before the conjunction and none after the remnant, the rest is the
      remnant's own ("bought at the gate, and also online through the website")."""
    doc = an.doc
    last = an.last
    j = r_start
    while j < last and (
        doc[j].is_punct or doc[j].lower_ in FRONT | HEDGES | OPENERS | {"even", "rather"}
    ):
        j += 1
    head = doc[j]
    stop = None  # a verb after the phrase that the parser hangs it on
    for _ in range(40):
        up = head.head
        if up.i == head.i or not r_start <= up.i <= last:
            break
        if up.i > j and up.tag_ in FINITE_TAGS and up.i > head.right_edge.i:
            stop = up
            break
        head = up
    if stop is None and (head.head.i == head.i or head.head.i >= an.cc):
        return None  # the parse hangs the remnant on no word before the conjunction
    inside = {t.i for t in head.subtree if stop is None or t.i < stop.i}
    # a quotation opened before the conjunction closes the remnant phrase, whatever the parse
    # hangs on it after the closing mark ("'..., but not my sister,' she laughs")
    opened = [t.i for t in doc[: an.cc] if t.tag_ == "``"]
    closes = [i for i in sorted(inside) if i > j and doc[i].tag_ == "''"]
    if opened and closes and not any(t.tag_ == "''" for t in doc[opened[-1] : an.cc]):
        inside = {i for i in inside if i < closes[0]}
    p = an.left_end(an.cc)
    verb = an.clause_verb(p) if p >= 0 else None
    if verb is None or verb.i > an.cc:
        return None
    # "not X but Y", "not only X but also Y": the correlative brackets the two phrases
    correlative = (
        doc[an.cc].lower_ == "but"
        and doc[an.cc - 1].text != ","
        and any(t.lower_ == "not" for t in doc[verb.i + 1 : an.cc])
    )
    tight = (
        doc[an.cc - 1].text != ","
        # (an adverb of time or sequence gives the remnant a time of its own: "and then in
        # Prague for ten years")
        and not any(doc[i].lower_ in OPENERS for i in range(r_start, j))
        and not any(
            t.dep_ in {"prep", "npadvmod", "advmod"} and _time_phrase(doc, t)
            for t in doc[verb.i + 1 : an.cc]
        )
    )
    if correlative or tight:
        # a phrase of time closing the remnant is the clause's, whatever noun the parse hangs
        # it on ("published not by A but by the press B [in 2004]"; "answered the first email
        # but not the second one [before lunch]"), unless the left clause has one of its own
        when = (
            [
                t
                for t in doc[j + 2 : max(inside) + 1]
                if t.i in inside
                and t.head.i in inside
                and t.right_edge.i == max(inside)
                and t.tag_ == "VB"
                and t.left_edge.tag_ == "TO"
                and t.dep_ in {"acl", "relcl", "advcl"}
                # (a purpose infinitive the parse hangs on the remnant's noun: "not the big one
                # [to save money]"), unless the left conjunct has one or the noun takes an
                # infinitive of its own ("Israel's scheme [to destroy ...]")
                and not any(x.tag_ == "TO" for x in doc[verb.i + 1 : an.cc])
                and t.head.lemma_.lower() not in INFINITIVE_NOUNS
                # (nor an infinitival relative of a ranked noun: "the first woman [to teach
                # at the conservatory]", "the only player to score")
                and not _ranked_noun(t.head)
            ]
            + [
                t
                for t in doc[j + 2 : max(inside) + 1]
                if t.i in inside
                and t.dep_ in {"prep", "npadvmod"}
                and t.lower_ != "of"  # (the noun's own: "a friend [of many years]")
                and t.head.i in inside
                and t.right_edge.i == max(inside)
                and _time_phrase(doc, t)
                # (not inside a clause of the remnant: "the silence that came [after it]")
                and not any(a.tag_ in VERB_TAGS for a in t.ancestors if a.i in inside)
                # (nor a phrase that places a noun of time: "in the months [after it]")
                and not (t.dep_ == "prep" and _time_noun(t.head))
            ]
        )
        if when:
            end = an.left_end(when[0].left_edge.i)
            if end >= j:
                return end, end + 1, True
    comment = _sentential_relative(doc, inside, j)
    if comment is not None:
        # ", which was a mistake": a relative clause on the whole clause is every rewrite's
        end = an.left_end(comment)
        return (end, end + 1, True) if end >= j else None
    if doc[an.cc - 1].text == ",":
        # a remnant set off by commas: an adjunct after its closing comma is the clause's,
        # whatever the parse hangs it on ("..., but also your contacts, [on a server]")
        cut = next(
            (
                c
                for c in sorted(inside)
                if c > j
                and doc[c].text == ","
                and c + 1 in inside
                and doc[c + 1].dep_ == "prep"
                and doc[c + 1].head.i < c
                and not any(t.tag_ in VERB_TAGS for t in doc[c + 1].subtree)
            ),
            None,
        )
        if cut is not None:
            end = an.left_end(cut)
            return (end, cut + 1, True) if end >= j else None  # (the comma goes)
    end = max(inside)
    while end > j and doc[end].is_punct:
        end -= 1
    if end < j or end >= last:
        return None
    # an end marker after the phrase is the conjunct's ("and Dana too[, obviously]")
    k = end + 1
    while k < last and doc[k].text == ",":
        k += 1
    if doc[k].lower_ in END or doc[k].lower_ == "also":
        end = k
    elif doc[k].lower_ == "as" and k < last and doc[k + 1].lower_ == "well":
        end = k + 1
    if end >= last:
        return None
    rest = [i for i in range(end + 1, last + 1) if not doc[i].is_punct]
    if not rest or any(i in inside for i in rest):
        return None
    if _enclosing_goes_on(an, verb, end + 1):
        return end, end + 1, False
    if (
        doc[end + 1].text == ","
        and end + 2 < last
        and doc[end + 2].tag_ == "CC"
        and any(doc[i].tag_ in FINITE_TAGS for i in range(end + 3, last + 1))
    ):
        return end, end + 1, False  # a clause joined by another conjunction: ", or it will rust"
    if stop is not None:
        return None
    clause = {t.i for t in verb.subtree}
    if not any(i in clause for i in rest):
        return end, end + 1, False  # the clause ends: its closing comma or quotation stays
    tops = [doc[i] for i in rest if doc[i].head.i not in rest]
    if any(
        t.head.i != verb.i
        or not (
            t.dep_ in ADJUNCT_DEPS
            # a purpose infinitive after the object: "chose the small room ... [to save money]"
            or (t.dep_ == "xcomp" and t.left_edge.tag_ == "TO" and _has_object(verb, an.cc))
        )
        for t in tops
    ):
        return None
    if any(
        c.lower_ == t.lower_ and c.dep_ == t.dep_
        for t in tops
        for c in verb.children
        if verb.i < c.i < an.cc
    ):
        return None  # a second remnant answering a phrase of the clause: "by Ann but Jo by Al"
    if all(_time_phrase(doc, t) for t in tops) and any(
        _time_phrase(doc, c) for c in verb.children if verb.i < c.i < an.cc
    ):
        return None  # a phrase of time answering the clause's own: "in 1994 ... the next year"
    comma_after = doc[end + 1].text == ","
    if doc[an.cc - 1].text == "," and not comma_after:
        return None  # an afterthought: the rest is the remnant's
    # "not X but Y [Z]", "not only X but also Y [Z]", "X and not Y [Z]" without commas: Z is
    # the clause's (tried first); after a comma it may be the remnant's (tried second); a
    # purpose clause after a remnant set off by commas on both sides is the clause's, tried
    # first ("collected in the morning, and not after lunch, [to control for diet]"); a clause
    # of reason may be the remnant's ("but not by phone, as the line is reserved": second)
    marked = doc[end].lower_ in END | {"also", "well"}  # (an end marker: as before)
    if comma_after and doc[an.cc - 1].text == "," and end + 2 <= last and not marked:
        nxt = doc[end + 2]
        if nxt.tag_ == "TO" and nxt.head.tag_ == "VB":
            return end, end + 1, True  # a purpose clause keeps its comma
        if nxt.dep_ == "prep" and nxt.tag_ == "IN":
            return end, end + 2, False  # (the comma before a phrase goes, as above)
    return end, end + 1, not comma_after and doc[an.cc - 1].text != ","


def _sentential_relative(doc: Doc, inside: set[int], j: int) -> int | None:
    """The comma opening a ", which ..." clause that closes the remnant phrase ``inside`` and
    comments on the whole clause rather than on the remnant's noun: its predicate judges or
    reports an effect of an event (:data:`EVENT_PREDICATES`: "which surprised me", "which
    saves a lot of time", "which was a mistake", "which is why ..."); None otherwise (",
    which holds 6,500 spectators" describes the noun)."""
    for c in sorted(inside):
        if c <= j or doc[c].text != "," or c + 2 > max(inside):
            continue
        rel = doc[c + 1]
        verb = rel.head
        if rel.lower_ != "which" or verb.dep_ != "relcl" or verb.i not in inside:
            continue
        if verb.right_edge.i != max(inside):
            return None
        return c if comments_on_clause(verb) else None
    return None


def comments_on_clause(verb: Token) -> bool:
    """The verb of a ", which ..." clause judges or reports an effect of an event
    (:data:`EVENT_PREDICATES`): the clause comments on a whole clause, not on a noun. A
    plural verb ("which need/VBP ...", "which were ...") agrees with a plural noun, so it
    comments on that noun; an adverb counts only as "which is why" ("which need a coat
    first": the adverb *first* is no predicate)."""
    finite = [verb, *(c for c in verb.children if c.dep_ in {"aux", "auxpass"})]
    if any(t.tag_ == "VBP" or t.lower_ in {"are", "were"} for t in finite):
        return False
    return verb.lemma_.lower() in EVENT_PREDICATES or any(
        (x.dep_ in {"attr", "acomp"} or (x.dep_ == "advmod" and x.lower_ == "why"))
        and x.lemma_.lower() in EVENT_PREDICATES
        for x in verb.children
    )


#: Predicates of a relative clause on a whole clause (", which ..."): verbs of an event's
#: effect on someone or of what it shows, and the evaluative nouns and adjectives of "be"
EVENT_PREDICATES = {
    "surprise", "shock", "amaze", "astonish", "annoy", "upset", "please", "delight", "impress",
    "worry", "bother", "frustrate", "confuse", "anger", "embarrass", "disappoint", "excite",
    "scare", "amuse", "help", "save", "cost", "mean", "cause", "explain", "show", "suggest",
    "prove", "matter", "make", "lead", "result",
    "mistake", "relief", "shame", "pity", "coincidence", "problem", "disaster",
    "success", "miracle", "bonus", "blessing", "first", "why",
    "surprising", "unusual", "strange", "odd", "rare", "unfortunate", "lucky", "unexpected",
    "remarkable", "ironic", "funny", "sad", "typical", "annoying", "helpful", "useful",
}  # fmt: skip


#: Nouns that take a to-infinitive of their own ("a plan to leave", "the right to vote")
def _ranked_noun(noun: Token) -> bool:
    """``noun`` has an ordinal, a superlative or *only / next / last / sole* before it ("the
    first woman", "the best place", "the only player"): an infinitive after it is its
    relative ("the first woman to teach there")."""
    from lingeval.conjuncts.resolvers.rules import ORDINALS

    return any(
        c.i < noun.i
        and (
            c.lower_ in ORDINALS or c.lower_ in {"only", "next", "last", "sole"} or c.tag_ == "JJS"
        )
        for c in noun.children
    )


INFINITIVE_NOUNS = {
    "plan", "scheme", "attempt", "decision", "right", "duty", "effort", "ability", "chance",
    "way", "need", "desire", "wish", "order", "promise", "bid", "campaign", "move", "push",
    "drive", "proposal", "offer", "request", "failure", "refusal", "willingness", "permission",
    "opportunity", "reason", "time", "power", "freedom", "obligation", "tendency", "intention",
    "plot", "struggle", "call", "pressure", "license", "licence", "urge", "capacity",
}  # fmt: skip


def _has_object(verb: Token, cc: int) -> bool:
    """``verb`` has a direct object before the conjunction ``cc``."""
    return any(c.dep_ == "dobj" and c.i < cc for c in verb.children)


#: Relations of the adjuncts of the left conjunct's verb that a remnant leaves shared
ADJUNCT_DEPS = {"prep", "advmod", "npadvmod", "agent", "advcl", "obl", "tmod"}


def _enclosing_goes_on(an: _Analysis, verb: Token, start: int) -> bool:
    """The words from ``start`` (after the remnant phrase) go on with the clause that encloses
    the left conjunct's clause (of ``verb``):

    * its predicate, a finite verb after at most adverbs, with or without a comma, when the
      left clause is a relative clause on a subject whose verb has not come yet ("Patients who
      were ... [reported] more pain"; "The museum, which is open ...[, charges] no fee");
    * a clause after a comma (a noun phrase and a finite verb), when the left clause opens the
      sentence with a subordinator or is reported (a quotation or a complement of a verb after
      the conjunction): "Because the shop opens not at nine but at ten[, we had] coffee";
      "... but also in August[, the operator announced]"."""
    doc = an.doc
    last = an.last
    k = start
    comma = False
    while k <= last and doc[k].is_punct:
        comma = comma or doc[k].text == ","
        k += 1
    i = k
    while i <= last and doc[i].tag_ in {"RB", "RBR"}:
        i += 1
    if i <= last and doc[i].tag_ in FINITE_TAGS:
        relative = verb.dep_ in {"relcl", "acl"} or any(
            c.dep_ in SUBJ_DEPS and c.tag_ in {"WP", "WDT"} for c in verb.children
        )
        opening = verb.left_edge.i
        return relative and not any(t.tag_ in FINITE_TAGS for t in doc[:opening])
    if not comma:
        return False
    while i <= last and doc[i].tag_ in NP_WORDS:
        i += 1
    if i == k or i > last or doc[i].tag_ not in FINITE_TAGS:
        return False
    first = next((t for t in doc[: an.cc] if not t.is_punct), None)
    if first is not None and first.lower_ in SUBORDINATE_OPENERS:
        return True
    opened = sum(1 for t in doc[: an.cc] if t.tag_ == "``")
    if opened > sum(1 for t in doc[: an.cc] if t.tag_ == "''"):
        return True
    return verb.dep_ == "ccomp" and verb.head.i > an.cc


#: Tags of the words of a noun phrase before the verb of a closing clause
NP_WORDS = {"DT", "PDT", "PRP", "PRP$", "NN", "NNS", "NNP", "NNPS", "JJ", "CD", "POS", "``", "''"}


#: Words that open an adverbial clause before the main clause
SUBORDINATE_OPENERS = {
    "because", "when", "while", "if", "although", "though", "since", "once", "as", "after",
    "before", "unless", "whenever", "whereas", "until",
}  # fmt: skip


def resolve_parenthetical(an: _Analysis) -> Resolution | None:
    """Stripping inside brackets that end the sentence, the conjunction right after the
    opening bracket ("It may be easier to play without brooms (but also less fun!)." -> "It
    may also be less fun to play without brooms."); None for any other bracketed
    coordination (the resolver leaves those unchanged). The rewrites end with a full stop
    unless the sentence ends with "!" or "?" after the bracket."""
    doc = an.doc
    close = next((i for i in range(an.cc + 1, len(doc)) if doc[i].text in {")", "]"}), None)
    if close is None or any(not t.is_punct for t in doc[close + 1 :]):
        return None
    last = an.left_end(close)
    r_start = an.cc + 1
    while r_start <= last and doc[r_start].is_punct:
        r_start += 1
    st = find_stripping(an, r_start, last) if r_start <= last else None
    if st is None:
        return None
    after = [t.text for t in doc[close + 1 :] if t.text in {".", "!", "?"}]
    st.final = after[0] if after else "."
    return _best(an, _choices(an, r_start, st))


def _best(
    an: _Analysis, found: tuple[Stripping, int, Token, list[_Choice]] | None
) -> Resolution | None:
    """The rewrite with the best-scored correlate of :func:`_choices` (see
    :func:`resolve_stripping`)."""
    if found is None:
        return None
    st, p, verb, choices = found
    best = _best_choice(an, choices)
    return _build(an, st, p, verb, best.span, best.is_subj)


def _best_choice(an: _Analysis, choices: list[_Choice]) -> _Choice:
    """The best-scored correlate: the fitted stripping part's score when the ranker has one,
    else the hand rule's; ties to the one nearest the conjunction."""
    fitted = [an.ranker.strip_score(c.feats) for c in choices]
    keys = [f if f is not None else c.score for f, c in zip(fitted, choices, strict=True)]
    return choices[max(range(len(choices)), key=lambda n: (keys[n], n))]


def tag_and_lemma(verb: Token) -> tuple[str, str]:
    """The tag and lemma of a verb for *do*-support: the tagger's, except for a past form it
    took for a present one ("I forgave/VBP you, but not him" -> "did not forgive", not "do
    not forgave") and for a lemma that does not inflect back to the form ("hated" -> "hat":
    "did not hat"), where the dictionary's reading of the form is taken."""
    from lemminflect import getLemma

    from lingeval.conjuncts.memo import get_inflection

    if verb.tag_ in {"VBZ", "VBP"}:
        found = getLemma(verb.lower_, upos="VERB")
        if (
            found
            and verb.lower_ in get_inflection(found[0], "VBD")
            and verb.lower_ not in get_inflection(found[0], verb.tag_)
        ):
            return "VBD", found[0]
    if verb.tag_ in {"VBD", "VBZ"} and verb.lower_ not in get_inflection(verb.lemma_, verb.tag_):
        # the parser's lemma does not give the form back ("hated" -> "hat"): the dictionary's
        found = getLemma(verb.lower_, upos="VERB")
        if found and verb.lower_ in get_inflection(found[0], verb.tag_):
            return verb.tag_, found[0]
    return verb.tag_, verb.lemma_


def _marked_verb(an: _Analysis, st: Stripping, verb: Token, is_subj: bool) -> dict[int, str] | None:
    """The words of the left clause's verb chain changed for the stripped remnant: agreement
    of the finite verb with a new subject; the front marker, the hedge and the remnant's own
    adverbs after the first auxiliary or a finite *be* ("has also", "is not"), before the verb
    ("also plays", "never sleeps") or with *do*-support ("did not offer", "Do not keep");
    None when *do*-support has no form."""
    from lingeval.conjuncts.resolvers.rules import (
        Span,
        _finite_of,
        _inflect,
        _is_plural,
        _lower_first,
        _tokens_text,
    )

    doc = an.doc
    rem = st.remnant
    replace: dict[int, str] = {}
    finite = _finite_of(doc, verb)
    if is_subj and finite is not None:
        # (a noun phrase with an aside or relative clause set off by a comma agrees by its
        # own noun: "Mr Holt, whose sons were ..., was")
        comma = next((i for i in range(rem.start + 1, rem.end) if doc[i].text == ","), None)
        plural = _is_plural(doc, rem)
        if comma is not None and _opens_modifier(doc, comma, set(range(rem.start, rem.end + 1))):
            plural = _is_plural(doc, Span(rem.start, comma - 1))
        new = _inflect(finite, plural) if plural is not None else None
        if new is not None:
            replace[finite.i] = new
    marker = marker_word(doc, st)
    if marker == "never" and not st.corrective:
        from lingeval.conjuncts.resolvers.rules import never_for_do_not

        never = never_for_do_not(doc, verb, an.cc)
        if never is not None:
            return {**replace, **never}
    if marker in {"not", "never"} and not st.corrective and _left_negation(verb, an.cc):
        # the left clause is negated already and its rewrite keeps that negation ("Do not
        # leave it in the sun, and not near a heater either" -> "Do not leave it near ...");
        # only an additive negation (*either* / *neither*, or *and*): "didn't hire her, but not
        # for lack of skill" negates the reason, not the verb (no rewrite here)
        if not (st.end or doc[an.cc].lower_ in {"and", "nor"}):
            return None
        marker = ""
    # the front marker and the remnant's own adverbs ("and also briefly in York")
    hedge = doc[st.hedge].lower_ if st.hedge is not None else ""
    pre = " ".join(w for w in (hedge, marker, _tokens_text(doc, st.advs)) if w)
    subj = an.subject_span(verb)
    inverted = (
        finite is not None and subj is not None and finite.i < subj.start and subj.end < verb.i
    )
    if pre and inverted and not is_subj and subj is not None:
        # a question with the auxiliary before its subject: the marker follows the subject
        # ("Why do you trust him, but not me?" -> "Why do you not trust me?")
        replace[subj.end] = f"{doc[subj.end].text} {pre}"
    elif pre and finite is not None and finite.i != verb.i:  # after the first auxiliary
        text = replace.get(finite.i, finite.text)
        cannot = pre == "not" and text.lower() == "can"
        replace[finite.i] = "cannot" if cannot else f"{text} {pre}"
    elif pre and verb.lemma_ == "be":  # "is also", "was not"
        replace[verb.i] = f"{replace.get(verb.i, verb.text)} {pre}"
    elif marker in {"also", "never"} or (pre and not marker):  # "never sleeps", not "does
        # never sleep"; a sentence-initial verb loses its capital ("Maybe bring an umbrella")
        own = (_lower_first(verb) if verb.i == 0 else None) or verb.text
        replace[verb.i] = f"{pre} {replace.get(verb.i, own)}"
    elif marker:  # do-support: "did not offer"; an imperative: "Do not keep"
        from lingeval.conjuncts.memo import get_inflection

        tag, lemma = tag_and_lemma(verb)
        imperative = tag == "VB" and an.subject_span(verb) is None and finite is None
        if tag == "VB" and not imperative and finite is None and verb.dep_ == "ROOT":
            # a present verb of a plural subject that the tagger left in the base form
            # ("Most of these verbs allow/VB X, but not Y" -> "do not allow Y")
            tag = "VBP"
        do = "do" if imperative else DO_SUPPORT.get(tag)
        if do is None:
            return None
        if verb.text[:1].isupper():
            do = do.capitalize()
        if is_subj and tag in {"VBZ", "VBP"} and _is_plural(doc, rem) is not None:
            do = "do" if _is_plural(doc, rem) else "does"
        base = get_inflection(lemma, tag="VB")
        do = f"{hedge} {do}" if hedge else do  # "certainly did not steal"
        # do-support goes before the adverbs right before the verb ("often visits" -> "does
        # not often visit"; "Highly recommend X" -> "Do not highly recommend X")
        # (a connective or sentence adverb stays before it: "We therefore treat X as A, and
        # not as B" -> "We therefore do not treat X as B")
        first = verb.i
        while (
            first - 1 >= 0
            and doc[first - 1].dep_ == "advmod"
            and doc[first - 1].head.i == verb.i
            and doc[first - 1].lower_ not in CONNECTIVE_ADVERBS
        ):
            first -= 1
        if first < verb.i and first not in replace:
            adv = doc[first]
            lowered = (_lower_first(adv) if adv.i == 0 else None) or adv.text
            if adv.i == 0 and adv.text[:1].isupper():
                do = do.capitalize()
            replace[first] = f"{do} {marker} {lowered}"
            replace[verb.i] = base[0] if base else lemma
        else:
            replace[verb.i] = f"{do} {marker} {base[0] if base else lemma}"
    return replace


def _build(
    an: _Analysis, st: Stripping, p: int, verb: Token, corr: Span, is_subj: bool
) -> Resolution | None:
    """The two rewrites with ``corr`` (the correlate) replaced by the stripped remnant."""
    from lingeval.conjuncts.resolvers.rules import (
        Resolution,
        Span,
        _finish,
        _head_of,
        _modifier_pivot,
        _tokens_text,
        _undo_do,
    )

    doc = an.doc
    rem = st.remnant
    replace = _marked_verb(an, st, verb, is_subj)
    if replace is None:
        return None
    whole = corr
    # an adjective or ordinal remnant without its noun replaces the correlate's modifier and
    # the noun stays (rules._modifier_pivot: "not only red wine but also white" -> "also
    # drinks white wine"; "the first film in the series, and the third too")
    pivot = _modifier_pivot(doc, corr, rem) if corr.end > corr.start else None
    if pivot is not None:
        corr = Span(corr.start, pivot)
    marker = marker_word(doc, st)
    # "not only X but also Y": the first half of the correlative is dropped like "both" or
    # "either" ("may stem not only from A but also from B" -> "may stem from A." / "may also
    # stem from B.")
    focus = _not_only(doc, verb, corr)
    # an adverb that restricts the correlate right before it is the correlate's, not the
    # remnant's (:func:`restricting_adverb`)
    restricting = restricting_adverb(doc, verb, corr)
    left = [i for i in range(0, corr.start) if i not in focus]
    ids = [i for i in left if i != restricting] + list(range(corr.end + 1, p + 1))
    tail = _correlate_tail(doc, whole, p)
    ids = [i for i in ids if i not in tail]  # "DNA[, inherited from the mother]", "(M = 0.8)"
    sequence = any(doc[i].lower_ in SEQUENCE for i in st.advs)
    if sequence and corr.end >= corr.start:
        # an adverb of sequence or frequency places the event at another time: the left
        # clause's time adjuncts do not hold for it ("taught there until 1962, and afterwards at X" ->
        # "afterwards taught at X")
        when = _time_adjuncts(doc, verb, verb.i, p) - set(range(corr.start, corr.end + 1))
        ids = [i for i in ids if i not in when]
    if (
        corr.end >= corr.start
        and _time_noun_phrase(doc, rem)
        and corr.start > verb.i
        and (_time_phrase(doc, doc[corr.start]) or _time_phrase(doc, _head_of(doc, corr)))
    ):
        # a time in place of the clause's time: a frequency before the verb holds for the
        # left clause alone ("usually go there in August, but not this year" -> "do not go
        # there this year")
        for c in verb.children:
            if c.i < verb.i and c.dep_ == "advmod" and c.lower_ in WHEN_ADVERBS:
                if c.i in replace:  # (do-support before it: "do not [usually]")
                    replace[c.i] = replace[c.i].rsplit(" ", 1)[0]
                else:
                    ids = [i for i in ids if i != c.i]
    if marker in {"not", "never"} and not is_subj and (corr.end >= corr.start or _degree(doc, rem)):
        # a negated remnant does not take the left clause's time or frequency ("The man stole
        # the car after midnight, but not the diamonds" -> "did not steal the diamonds")
        # (an added degree phrase: every time adjunct after the verb, "daily ... too much")
        # (also between the verb and the correlate: "runs daily in summer, but not in winter"
        # -> "does not run in winter"; and under "never" a frequency adverb before the verb:
        # "often wrote to A, but never to B" -> "never wrote to B", not "often never wrote")
        after = verb.i if corr.start > verb.i else corr.end if corr.end >= corr.start else verb.i
        when = _time_adjuncts(doc, verb, after, p) - set(range(corr.start, corr.end + 1))
        if marker == "never":  # ("does not often visit X" keeps its adverb after "not")
            when |= {
                c.i
                for c in verb.children
                if c.i < verb.i
                and c.dep_ == "advmod"
                and c.lower_ in WHEN_ADVERBS - {"again", "already"}
            }
        when -= {i for c, _ in st.extra for i in range(c.start, c.end + 1)}  # replaced instead
        # a recurring time frame restricts the whole statement and stays ("sells bread on
        # Sundays, but not cakes" -> "does not sell cakes on Sundays")
        when -= _habitual_frames(doc, verb, p)
        ids = [i for i in ids if i not in when]
    if st.corrective:  # "not A but B": B's sentence is positive ("did not buy" -> "bought")
        negs = {n.i for n in _negations(verb, an.cc) or _phrase_negations(doc, verb, an.cc)}
        ids = [i for i in ids if i not in negs]
        if not _undo_do(verb, ids, verb, replace):  # "did" alone before the verb
            return None
    for corr2, piece in st.extra:  # a further remnant in place of its correlate
        ids = [i for i in ids if not corr2.start < i <= corr2.end]
        replace[corr2.start] = _tokens_text(doc, list(range(piece.start, piece.end + 1)))
    adjunct = _closing_adjunct(doc, rem, corr, ids)
    if adjunct is not None:  # "but not any other animal [without consent]": after the rest
        rem = Span(rem.start, adjunct - 1)
    rem_text = _tokens_text(doc, list(range(rem.start, rem.end + 1)))
    noun = _elided_noun(doc, corr, rem) if pivot is None else None
    if noun is not None:  # "but the second [hypothesis]", "and also the white [wine]"
        rem_text += " " + noun
    if any(doc[i].text == "," for i in range(rem.start, rem.end + 1)) and any(
        i > corr.end and not doc[i].is_punct for i in ids
    ):
        rem_text += ","  # an apposition inside the remnant is closed: "Tom, my brother, likes"
    text = _text_with_remnant(doc, ids, corr.start, rem_text, replace)
    if adjunct is not None:
        text += " " + _tokens_text(doc, list(range(adjunct, st.remnant.end + 1)))
    if st.aside is not None:
        aside = _tokens_text(doc, list(range(st.aside.start, st.aside.end + 1)))
        text += f", {aside},"
    if st.end:
        text += ("," if st.comma and st.aside is None else "") + " " + _tokens_text(doc, st.end)
    if st.tail is not None:
        text += ", " + _tokens_text(doc, list(range(st.tail.start, st.tail.end + 1)))
    end = an.last if st.shared_end is None else st.shared_end
    shared = "" if st.shared is None else _tokens_text(doc, list(range(st.shared, end + 1)))
    if shared and shared[:1] not in {",", ";", ":", ".", "!", "?", ")", "]"}:
        shared = " " + shared  # "(see Table 2)", "before it reaches the river"
    final = st.final or an.final
    cleft = _cleft_clause(an, verb, corr, rem)
    than = _shared_than(doc, corr, st.remnant, p)
    if than:  # "not only longer but also darker [than the first]": the first's too
        cleft = [*than, *cleft] if corr.end == p else cleft
    firsts = [
        _finish(
            _tokens_text(doc, [*left, *item, *range(corr.end + 1, p + 1), *cleft]) + shared, final
        )
        for item in _list_items(doc, corr, rem)
    ] or [_finish(_tokens_text(doc, [*left, *range(corr.start, p + 1), *cleft]) + shared, final)]
    second = _finish(text + shared, final)
    if second in firsts:
        return None
    rule = "stripping-negation" if marker in {"not", "never"} else "stripping"
    return Resolution(
        [*firsts, second],
        rule,
        details={
            "correlate": doc[corr.start : corr.end + 1].text,
            "subject": is_subj,
            "focus": bool(cleft) or _cleft_focus(an, verb, corr),
        },
    )


def _shared_than(doc: Doc, corr: Span, rem: Span, p: int) -> list[int]:
    """The "than" phrase that closes a comparative remnant and answers a bare comparative
    correlate ("is not only longer but also far darker [than the first]"): both comparatives
    share it, so the first rewrite takes it too; [] otherwise."""
    if corr.end != p or doc[corr.end].tag_ not in {"JJR", "RBR"}:
        return []
    if any(doc[i].lower_ == "than" for i in range(corr.start, p + 1)):
        return []
    k = next((i for i in range(rem.start + 1, rem.end + 1) if doc[i].lower_ == "than"), None)
    if k is None or doc[k - 1].tag_ not in {"JJR", "RBR"} or doc[k].head.i != k - 1:
        return []
    if any(doc[i].is_punct or doc[i].tag_ in VERB_TAGS for i in range(k, rem.end + 1)):
        return []
    return list(range(k, rem.end + 1))


#: Prepositions whose phrase closing a noun-phrase remnant is an adjunct of the restored
#: clause, not a modifier of the noun (:func:`_closing_adjunct`)
ADJUNCT_PREPOSITIONS = {"without", "until", "till", "unless", "despite"}


def _closing_adjunct(doc: Doc, rem: Span, corr: Span, ids: list[int]) -> int | None:
    """The start of a phrase of :data:`ADJUNCT_PREPOSITIONS` that closes a noun-phrase
    remnant whose correlate is followed by more of the left clause ("may keep a cat at the
    flat, but not any other animal [without consent]"): it goes after the rest of the
    clause ("may not keep any other animal at the flat without consent"); else None."""
    if not any(i > corr.end and not doc[i].is_punct for i in ids):
        return None
    for k in range(rem.start + 1, rem.end):
        tok = doc[k]
        if tok.lower_ in ADJUNCT_PREPOSITIONS and tok.tag_ == "IN":
            before = [doc[i] for i in range(rem.start, k)]
            if any(t.tag_ in {"NN", "NNS", "NNP", "NNPS", "CD", "PRP"} for t in before) and not any(
                t.tag_ in VERB_TAGS | {"IN", ","} for t in before
            ):
                return k
            return None
    return None


def _correlate_tail(doc: Doc, corr: Span, p: int) -> set[int]:
    """What closes the left clause right after a noun correlate and belongs to it alone: a
    bracket ("in the training condition [(M = 0.82, SD = 0.07)]") or a participle phrase set
    off by a comma ("their own DNA[, inherited from the mother]"); the remnant's sentence
    leaves it out (set() for anything else, or when more of the clause follows it)."""
    from lingeval.conjuncts.resolvers.rules import _np_head

    k = corr.end + 1
    if corr.end < corr.start or k > p or _np_head(doc, corr).tag_ not in {"NN", "NNS", "NNP"}:
        return set()
    end = p
    while end > k and doc[end].text in {",", ";"}:
        end -= 1
    if doc[k].text == "(" and doc[end].text == ")" and k + 1 < end:
        inner = [doc[i].text for i in range(k + 1, end)]
        # (a pointer to a table or figure may show both: "(see Figure 4)" stays)
        if "(" not in inner and ")" not in inner and inner[0].lower() not in REFERENCE_OPENERS:
            return set(range(k, p + 1))
    if (
        doc[k].text == ","
        and k + 1 <= end
        and doc[k + 1].tag_ in {"VBN", "VBG"}
        and doc[k + 1].dep_ in {"acl", "advcl", "amod"}
        and not any(doc[i].text in {",", ";", "(", ")"} for i in range(k + 2, end + 1))
    ):
        return set(range(k, p + 1))
    return set()


def _text_with_remnant(
    doc: Doc, ids: list[int], start: int, rem_text: str, replace: dict[int, str]
) -> str:
    """The words ``ids`` (the correlate already left out) with ``rem_text`` put in the
    correlate's place: after the last kept word before ``start`` (in ``replace``, which this
    changes), or first when none comes before it ("Bo did not pass the exam")."""
    from lingeval.conjuncts.resolvers.rules import _tokens_text

    anchor = max((i for i in ids if i < start), default=-1)  # the word before it
    if anchor < 0:
        return rem_text + " " + _tokens_text(doc, ids, replace)
    text = replace.get(anchor, doc[anchor].text)
    if (doc[anchor].text in {'"', "“", "(", "["} or doc[anchor].tag_ == "``") and not doc[
        anchor
    ].whitespace_:
        # an opening quotation mark or bracket stays against the remnant ("“Your father knew")
        replace[anchor] = f"{text}{rem_text} "
    else:
        replace[anchor] = f"{text} {rem_text}"
    return _tokens_text(doc, ids, replace)


def _not_only(doc: Doc, verb: Token, corr: Span) -> set[int]:
    """The tokens of "not only / not just / not merely / not simply" in the left clause
    before the correlate (before the verb too: "not only fill the square but also ..."),
    else an empty set."""
    pairs = _not_only_pairs(doc, max(1, min(verb.left_edge.i, corr.start - 1)) - 1, corr.start - 1)
    return {pairs[0], pairs[0] + 1} if pairs else set()


def _after_not_only(doc: Doc, verb: Token, span: Span) -> bool:
    """``span`` comes right after "not only" (:func:`_not_only`)."""
    return _not_only(doc, verb, span) == {span.start - 2, span.start - 1}


def _list_items(doc: Doc, corr: Span, rem: Span) -> list[list[int]]:
    """The items of a correlate that is a comma list of phrases of the remnant's kind ("The
    soup was [cold, salty] and not fresh": one rewrite per item), else []."""
    from lingeval.conjuncts.ranker import phrase_kind

    items: list[list[int]] = [[]]
    for i in range(corr.start, corr.end + 1):
        if doc[i].text == ",":
            items.append([])
        elif doc[i].tag_ in VERB_TAGS | {"CC"} or (doc[i].is_punct and doc[i].text != "-"):
            return []
        else:
            items[-1].append(i)
    if len(items) < 2 or any(not it for it in items):
        return []
    if any(doc[i].dep_ == "appos" and doc[i].head.i < it[0] for it in items[1:] for i in it):
        return []  # an apposition, not a list: "the town of Leeds, part of Yorkshire"
    kind = phrase_kind(doc[rem.start : rem.end + 1])
    if any(_item_kind(doc, it) != kind for it in items):
        return []
    return items


def _item_kind(doc: Doc, item: list[int]) -> str:
    """:func:`~lingeval.conjuncts.ranker.phrase_kind` of a list item; one word tagged as a
    noun that the dictionary knows only as a verb is a participle, an adjective ("it was
    overdone/NN, mean-spirited")."""
    from lingeval.conjuncts.ranker import phrase_kind

    if len(item) == 1 and doc[item[0]].tag_ in {"NN", "NNS"}:
        low = doc[item[0]].lower_
        if has_lemma(low, "VERB") and not has_lemma(low, "NOUN"):
            return "ADJ"
    return phrase_kind([doc[i] for i in item])


def resolve_aside(an: _Analysis, r_start: int) -> Resolution | None:
    """A stripped remnant set off inside its clause, before the clause's verb (issue 11,
    eighth session): "Ann, but not Bo, passed the exam" -> "Ann passed the exam." / "Bo did
    not pass the exam."; "the language spoken in the US, and also Great Britain, is English"
    -> "... spoken in Great Britain is also English."; the correlative without commas, "Not
    only students but also teachers were invited" -> "Students were invited." / "Teachers
    were also invited.".

    The remnant is one phrase after a front marker (*also*, *not*, *never*, an optional
    hedge), closed by a comma (or, after "not only X", by the verb); the correlate is the
    phrase that ends right before the conjunction, and it must hang on a verb after the
    remnant. The aside leaves both rewrites; the marker goes with the verb as in
    :func:`_build`. None when the sentence has no such shape."""
    from lingeval.conjuncts.resolvers.rules import (
        Resolution,
        Span,
        _finish,
        _finite_of,
        _inflect,
        _is_plural,
        _tokens_text,
    )

    doc = an.doc
    cc = an.cc
    j = r_start + (doc[r_start].lower_ in HEDGES)
    if j > an.last:
        return None
    front = j if doc[j].lower_ in FRONT else None  # else an end marker: "and Rome too,"
    e = next(
        (
            i
            for i in range(j + 1, an.last + 1)
            if doc[i].text in {",", ";", ":", "(", ")"} or doc[i].tag_ in VERB_TAGS | {"MD"}
        ),
        None,
    )
    if e is None or e == j + (front is not None) or e - j > 9:
        return None
    rem = Span(j + (front is not None), e - 1)
    end: list[int] = []
    if front is None:
        if doc[e].text != "," or doc[e - 1].lower_ not in END or e - 1 == j:
            return None
        end, rem = [e - 1], Span(j, e - 2)
    if any(doc[i].tag_ in {"CC", "WDT", "WP", "WRB"} for i in range(rem.start, rem.end + 1)):
        return None
    if rem.start == rem.end and doc[rem.start].tag_ in {"DT", "PDT", "JJ", "JJS", "CD"}:
        return None  # a bare quantifier: "Most students, but not all, passed" (not "All did not")
    xe = an.left_end(cc)  # the correlate's last word
    if xe < 0 or doc[xe].tag_ in VERB_TAGS:
        return None
    focus = set()
    if doc[e].text != ",":
        # without a closing comma: the correlative or a subject ("Not only X but also Y were
        # ...", "Cats and also dogs can ...", checked below)
        if doc[e].tag_ not in FINITE_TAGS or doc[j].lower_ not in {"also", "not"}:
            return None  # (a participle is the remnant's: "but also less educated")
        if doc[cc - 1].text == ",":
            return None
    elif doc[cc - 1].text != ",":
        return None  # an aside has commas on both sides
    tok = doc[xe]
    xs = tok.left_edge.i
    if doc[rem.start].tag_ in {"IN", "TO"} and tok.dep_ == "pobj" and tok.head.i == xs - 1:
        tok, xs = tok.head, xs - 1  # a prepositional remnant answers the whole phrase
    elif _partitive(tok):  # a noun phrase answers the whole partitive: "[Most of the students]"
        tok = tok.head.head
        xs = tok.left_edge.i
    elif (
        tok.dep_ == "pobj"
        and tok.head.tag_ == "IN"
        and tok.head.head.tag_ in {"NN", "NNS", "NNP", "NNPS"}
        and tok.head.head.i < tok.head.i
        and doc[rem.start].tag_ not in {"IN", "TO"}
        and any(doc[i].lower_ == tok.head.lower_ for i in range(rem.start + 1, rem.end + 1))
    ):
        # a noun phrase with a phrase of the same preposition answers the noun the phrase
        # before the conjunction hangs on ("[Pupils in the morning group], but not those in
        # the evening group, improved")
        tok = tok.head.head
        xs = tok.left_edge.i
    pairs = _not_only_pairs(doc, xs, xe)
    if pairs:  # (the last one)
        focus, xs = {pairs[-1], pairs[-1] + 1}, pairs[-1] + 2
    if xs < xe and doc[xs].lower_ in {"both", "either"}:
        focus, xs = {*focus, xs}, xs + 1  # "Both the students and also the teachers"
    verb = _verb_after(doc, tok, cc, e)
    if verb is not None and any(
        doc[i].tag_ not in VERB_TAGS | {"MD", "RB"} for i in range(e + 1, verb.i)
    ):
        return None  # the aside goes on ("and also Bo, who lives nearby, came")
    if verb is None and doc[e].text == "," and _adjunct_follows(doc, e + 1, an.last):
        # the clause goes on with an adjunct after the aside ("Tom met Ann, and also Bo, at
        # the station"): the correlate's own verb before the conjunction
        verb = an.clause_verb(xe)
        if verb is not None and (verb.i > xs or tok.head.i != verb.i):
            verb = None
    if (
        verb is None
        and doc[e].text == ","
        and e < an.last
        and doc[e + 1].tag_ in FINITE_TAGS | {"MD"}
    ):
        # the parse lost the clause: a finite verb right after the closing comma has its
        # subject before the aside ("the language spoken in the US, and also X, is English")
        verb = doc[e + 1]
        if verb.dep_ in {"aux", "auxpass"} and verb.head.i > verb.i:
            verb = verb.head
    if verb is None or any(c.dep_ == "conj" and c.i < cc for c in verb.children):
        return None
    is_subj = tok.head.i == verb.i and tok.dep_ in SUBJ_DEPS
    if doc[e].text != "," and not (focus or is_subj):
        return None
    if is_subj and any(c.dep_ == "attr" and c.tag_ in {"NNS", "NNPS"} for c in verb.children):
        return None  # a plural predicate noun would need its own agreement ("are doctors")
    st = Stripping(rem, front, end, False, hedge=r_start if j > r_start else None)
    replace = _marked_verb(an, st, verb, is_subj)
    if replace is None:
        return None
    close = e if doc[e].text == "," else e - 1
    gone = set(range(cc - (doc[cc - 1].text == ","), close + 1)) | focus
    keep = [i for i in range(0, an.last + 1) if i not in gone]
    agree: dict[int, str] = {}  # "Ann, and also Bo, are coming" -> "Ann is coming"
    finite = _finite_of(doc, verb)
    plural = _is_plural(doc, Span(xs, xe)) if is_subj and finite is not None else None
    if finite is not None and plural is not None:
        agree = {finite.i: new} if (new := _inflect(finite, plural)) else {}
    first = _tokens_text(doc, keep, agree)
    ids = [i for i in keep if not xs <= i <= xe]
    rem_text = _tokens_text(doc, list(range(rem.start, rem.end + 1)))
    second = _text_with_remnant(doc, ids, xs, rem_text, replace)
    if end:  # "too" stays at the end of its conjunct's sentence
        second += " " + _tokens_text(doc, end)
    sents = [_finish(first, an.final), _finish(second, an.final)]
    if sents[0] == sents[1]:
        return None
    rule = "stripping-negation" if doc[j].lower_ in {"not", "never"} else "stripping"
    return Resolution(sents, rule, details={"correlate": doc[xs : xe + 1].text})


#: Words that head a partitive before *of* ("most of the students", "none of them")
PARTITIVES = QUANTIFIERS | {"most", "all", "none", "half", "each", "both", "any", "one"}


#: Words that make a noun of time a phrase of time of its own ("this year", "every Sunday")
TIME_DETERMINERS = {"this", "that", "last", "next", "every", "each", "these", "those"}


def _time_noun_phrase(doc: Doc, span: Span) -> bool:
    """``span`` opens with a noun phrase of time: a noun of time or a season after a word of
    :data:`TIME_DETERMINERS` ("this year", "next summer", "every Sunday") or a name of time
    ("March", "Friday"), not followed by another noun or an *of* phrase."""
    k = span.start
    det = doc[k].lower_ in TIME_DETERMINERS
    if det:
        k += 1
    if k > span.end:
        return False
    noun = doc[k]
    if not (_time_noun(noun) or noun.lemma_.lower() in SEASONS):
        return False
    if not det and noun.tag_ not in {"NNP", "NNPS"}:
        return False
    after = doc[k + 1] if k + 1 <= span.end else None
    return after is None or (
        after.tag_ not in {"NN", "NNS", "NNP", "NNPS", "POS"} and after.lower_ != "of"
    )


def _partitive_whole(doc: Doc, span: Span) -> Span | None:
    """The whole of a partitive noun phrase ``span`` ("two of [the laptops]", "most of [the
    staff]"), up to the end of ``span``; else None."""
    from lingeval.conjuncts.resolvers.rules import Span

    for k in range(span.start + 1, span.end):
        if doc[k].lower_ != "of":
            # (only a determiner, number or quantity word before it: "all three of")
            if doc[k].tag_ not in {"DT", "PDT", "CD"} and doc[k].lower_ not in PARTITIVES:
                return None
            continue
        for o in doc[k].children:
            if _partitive(o) and o.i <= span.end:
                return Span(o.left_edge.i, min(o.right_edge.i, span.end))
        return None
    return None


def _partitive(tok: Token) -> bool:
    """``tok`` is the noun after the *of* of a partitive ("Most of [the students]", "two of
    [my friends]"): the phrase that a remnant for it replaces is the partitive's whole."""
    of = tok.head
    return (
        tok.dep_ == "pobj"
        and of.lower_ == "of"
        and of.head.i == of.i - 1
        and (of.head.lower_ in PARTITIVES or of.head.tag_ == "CD")
    )


def _verb_after(doc: Doc, tok: Token, cc: int, e: int) -> Token | None:
    """The verb at or after ``e`` that ``tok`` hangs on (through noun phrases, prepositions
    and participles or relative clauses inside them), or None when a clause verb before the
    conjunction ``cc`` comes first."""
    verb = tok
    for _ in range(12):
        if verb.head.i == verb.i:
            return None
        verb = verb.head
        if verb.i >= e and verb.tag_ in VERB_TAGS:
            return verb
        if verb.i < cc and verb.tag_ in VERB_TAGS and verb.dep_ not in {"acl", "relcl", "amod"}:
            return None
    return None


def _adjunct_follows(doc: Doc, start: int, last: int) -> bool:
    """The words from ``start`` to ``last`` are an adjunct of the clause, no clause or
    apposition of their own: they open with a preposition or an adverb, or they are a phrase
    of time ("last week"), and hold no finite verb."""
    from lingeval.conjuncts.ranker import phrase_kind

    if start > last or any(doc[i].tag_ in FINITE_TAGS | {"MD"} for i in range(start, last + 1)):
        return False
    if start == last and doc[start].lower_ in COMMENT_ADVERBS:
        return False  # a comment on the remnant, its sentence's alone: ", obviously"
    return doc[start].tag_ in {"IN", "RB"} or phrase_kind(doc[start : last + 1]) == "TIME"


def resolve_inverted_not_only(an: _Analysis, r_start: int) -> Resolution | None:
    """ "Not only" opening an inverted clause, answered by a clause after *but* (issue 11,
    eighth session): "Not only did she win the race, but she also broke the record." ->
    "She won the race." / "She also broke the record."; "Not only is it cheap, but it is also
    fast." -> "It is cheap." / "It is also fast.". The first clause loses "not only" and its
    inversion (*do*-support undone: "did she win" -> "she won"; any other auxiliary goes
    after the subject); the second is the clause after *but*, with its own subject (or the
    first clause's: "but also broke the record"). A clause with a negation of its own keeps
    its *do* ("Not only did they not win" -> "They did not win."). None for any other
    sentence."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _tokens_text, _verb_form

    doc = an.doc
    cc = an.cc
    if doc[cc].lower_ != "but" or cc < 5:
        return None
    if not _not_only_at(doc, 0):
        return None
    aux = doc[2]
    if aux.tag_ not in FINITE_TAGS | {"MD"}:
        return None
    verb = aux if aux.dep_ not in {"aux", "auxpass"} else aux.head
    subj = next((c for c in verb.children if c.dep_ in SUBJ_DEPS and c.i > aux.i), None)
    if subj is None or subj.left_edge.i != 3 or verb.i >= cc or (verb.i < subj.i and verb != aux):
        return None
    p = an.left_end(cc)
    # the subject ends at its head or its modifiers after it (an adjective after it is the
    # predicate the parser hung on it: "are [these people] completely inefficient")
    end = max(
        [subj.i, *(c.right_edge.i for c in subj.rights if c.dep_ in {"prep", "relcl", "acl"})]
    )
    subject = list(range(3, end + 1))
    rest = list(range(end + 1, p + 1))
    replace: dict[int, str] = {}
    negated = any(c.dep_ == "neg" and c.i > aux.i for c in verb.children)
    if aux.lemma_ == "do" and verb is not aux and not negated:
        form = _verb_form(verb.lemma_, aux.tag_)
        if form is None:
            return None
        replace[verb.i] = form
        first = subject + rest
    else:
        first = [*subject, aux.i, *rest]
    # the clause after "but": its own subject and finite verb, else the first one's subject
    rv = next((t for t in doc[r_start : an.last + 1] if t.tag_ in FINITE_TAGS | {"MD"}), None)
    if rv is None:  # a stripped remnant: "Not only does he speak French, but also German"
        return _inverted_stripping(an, r_start, aux, verb, subject, rest, replace)
    own = any(doc[i].dep_ in SUBJ_DEPS for i in range(r_start, rv.i))
    second = list(range(r_start, an.last + 1))
    if not own:
        second = subject + second
    sents = [
        _finish(_tokens_text(doc, first, replace), an.final),
        _finish(_tokens_text(doc, second), an.final),
    ]
    return Resolution(sents, "clauses", details={"correlative": "not only"})


def _inverted_stripping(
    an: _Analysis,
    r_start: int,
    aux: Token,
    verb: Token,
    subject: list[int],
    rest: list[int],
    replace: dict[int, str],
) -> Resolution | None:
    """The rewrites of "Not only does he speak French, but also German" (see
    :func:`resolve_inverted_not_only`): the uninverted clause, and the same clause with the
    stripped remnant in place of its correlate and the marker after the auxiliary or before
    the verb ("He also speaks German.")."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _tokens_text

    doc = an.doc
    found = _choices(an, r_start)
    if found is None:
        return None
    st, _, _, choices = found
    choices = [c for c in choices if not c.is_subj]  # the focus is after the verb
    if not choices:
        return None
    corr = _best_choice(an, choices).span
    if st.extra or corr.start not in rest or corr.end not in rest:
        return None
    marker = marker_word(doc, st)
    do = verb.i in replace  # do-support undone in the first clause
    second_replace = dict(replace)
    if marker and do:
        second_replace[verb.i] = f"{marker} {replace[verb.i]}"
    elif marker:
        second_replace[aux.i] = f"{aux.text.lower()} {marker}"
    ids = subject + ([] if do else [aux.i]) + rest
    rem = _tokens_text(doc, list(range(st.remnant.start, st.remnant.end + 1)))
    kept = [i for i in ids if not corr.start < i <= corr.end]
    second_replace[corr.start] = rem
    text = _tokens_text(doc, kept, second_replace)
    if st.end:
        text += ("," if st.comma else "") + " " + _tokens_text(doc, st.end)
    first = _finish(_tokens_text(doc, ids, replace), an.final)
    return Resolution([first, _finish(text, an.final)], "stripping")


#: Words that open a clause answered by the same word after "but" ("not because X but
#: because Y")
CLAUSE_OPENERS = {"because", "since", "when", "while", "if", "that", "until", "whether"}


def resolve_not_clause(an: _Analysis, r_start: int) -> Resolution | None:
    """ "not because X but because Y" (issue 11, eighth session): the right conjunct is a
    clause opened by the same subordinator as the one right after *not*; the second rewrite
    is the left sentence up to *not* with the right clause in place of the negated one ("She
    left not because she was tired but because she was bored" -> "She left because she was
    bored."). The right conjunct must be that one clause: with a main clause after it ("but
    when it snows she is happy") it is no remnant. None for any other sentence."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _tokens_text, _undo_do

    doc = an.doc
    opener = doc[r_start].lower_
    if doc[an.cc].lower_ != "but" or opener not in CLAUSE_OPENERS:
        return None
    j = next((j for j in range(an.cc - 2, 0, -1) if doc[j].lower_ == opener), None)
    if j is None or not any(doc[i].tag_ in VERB_TAGS for i in range(r_start, an.last + 1)):
        return None
    clauses = {t.head.i for t in doc[r_start : an.last + 1] if t.dep_ in SUBJ_DEPS}
    if len(clauses) > 1:
        return None  # a main clause follows the subordinate one: "but when it snows she is happy"
    before = list(range(0, j))
    replace: dict[int, str] = {}
    if doc[j - 1].lower_ == "not":  # "left not because X"
        before.remove(j - 1)
    else:  # the verb above the clause is negated: "I am not saying that X, but that Y"
        verb = doc[j].head.head if doc[j].head.i != doc[j].i else None
        negs = [c.i for c in verb.children if c.dep_ == "neg"] if verb is not None else []
        if verb is None or not negs or verb.i > j:
            return None
        before = [i for i in before if i not in negs]
        if not _undo_do(verb, before, verb, replace):  # "don't say" -> "say"
            return None
    p = an.left_end(an.cc)
    first = _finish(_tokens_text(doc, list(range(0, p + 1))), an.final)
    second = _finish(
        _tokens_text(doc, before + list(range(r_start, an.last + 1)), replace), an.final
    )
    return Resolution([first, second], "stripping-negation") if first != second else None


#: Subordinators that open a clausal remnant after *not* ("but not when it snows")
NEGATED_OPENERS = {
    "when", "whenever", "because", "if", "unless", "while", "before", "after", "until",
    "since", "once", "where", "wherever", "though", "although",
}  # fmt: skip
#: Relations of a verb's non-finite or clausal complement or adjunct that a negated clausal
#: remnant may answer
CLAUSAL_DEPS = {"xcomp", "ccomp", "advcl", "dobj", "pcomp", "csubj"}


def _clause_kind(doc: Doc, head: Token, start: int) -> str | None:
    """The kind of the clause headed by ``head`` that opens at ``start``: "to" (an
    infinitive), "ing" (a gerund without a subject), "that", a subordinator of
    :data:`NEGATED_OPENERS`, or None."""
    first = doc[start]
    if head.tag_ not in VERB_TAGS or head.i < start:
        return None
    if first.tag_ == "TO" and head.tag_ in {"VB", "VBN"} and head.left_edge.i >= start - 1:
        return "to"
    if first.tag_ == "VBG" and head.tag_ in {"VBG", "VBN"} and head.left_edge.i >= start - 1:
        return "ing"
    # (the parse makes "when" / "where" an adverb of the clause's verb, not a marker)
    if first.dep_ in {"mark", "advmod"} and first.head.i == head.i:
        low = first.lower_
        if (low == "that" and first.dep_ == "mark") or low in NEGATED_OPENERS:
            return low
    return None


def resolve_negated_clause(an: _Analysis, r_start: int) -> Resolution | None:
    """A negated clausal remnant ("but not X" / "and not X" / "but never X" where X is an
    infinitive, a gerund, a *that* clause or an adverbial clause) answers the complement or
    adjunct of the same kind that ends the left clause; the verb above it is negated
    ("My daughter enjoys swimming, but not running" -> "My daughter does not enjoy
    running."; "The trains run on time when it's dry, but not when it snows" -> "The trains
    do not run on time when it snows."; "We knew that he had lied, but not that he had
    stolen" -> "We did not know that he had stolen."). The stripping path takes only
    verbless remnants; the clause path read such a remnant as a clause of its own ("My
    daughter enjoys not running"). None for any other sentence."""
    from lingeval.conjuncts.resolvers.rules import (
        Resolution,
        _finish,
        _tokens_text,
        negated_verb,
    )

    doc = an.doc
    neg = doc[r_start].lower_ if r_start <= an.last else ""
    if doc[an.cc].lower_ not in {"but", "and"} or neg not in {"not", "never"}:
        return None
    s = r_start + 1
    if s > an.last or (doc[s].tag_ == "TO" and s + 1 > an.last):
        return None
    first = doc[s]
    head = doc[s + 1] if first.tag_ == "TO" else first if first.tag_ == "VBG" else first.head
    if head.dep_ in {"aux", "auxpass"} and head.head.i > head.i:
        head = head.head  # "not being hassled", "not to be seen"
    kind = _clause_kind(doc, head, s)
    if kind is None:
        return None
    if kind in {"to", "ing"} and doc[an.cc].lower_ != "but":
        # after *and* the negation may be the verb phrase's own: "I love walking in and not
        # being hassled" (= I love not being hassled); after *but* it is the exception's
        return None
    end = an.left_end(head.right_edge.i + 1)
    if end > an.last or end < s or head.left_edge.i < r_start:
        return None
    if any(doc[i].text in {",", ";", ":"} or doc[i].tag_ == "CC" for i in range(s, end + 1)):
        return None  # a list or a clause of its own after the remnant
    p = an.left_end(an.cc)
    tok = doc[p]
    corr: Token | None = None
    for _ in range(40):  # up from the left conjunct's last word: the clause of that kind
        if tok.i >= an.cc:
            break
        if (
            tok.dep_ in CLAUSAL_DEPS
            and tok.head.i < tok.left_edge.i
            and tok.head.tag_ in VERB_TAGS
            # (its edge before the conjunction: the parse may hang the remnant on it)
            and max(t.i for t in tok.subtree if t.i < an.cc and not t.is_punct) == p
            and _clause_kind(doc, tok, tok.left_edge.i) == kind
        ):
            corr = tok
            break
        if tok.head.i == tok.i:
            break
        tok = tok.head
    if corr is None:
        return None
    replace = negated_verb(doc, corr.head, neg)
    if replace is None:
        return None
    suffix = list(range(end + 1, an.last + 1))
    first_ids = list(range(0, p + 1)) + suffix
    second_ids = list(range(0, corr.left_edge.i)) + list(range(s, end + 1)) + suffix
    sents = [
        _finish(_tokens_text(doc, first_ids), an.final),
        _finish(_tokens_text(doc, second_ids, replace), an.final),
    ]
    return Resolution(sents, "stripping-negation") if sents[0] != sents[1] else None


#: Words that open the clause of a cleft ("It was Ann [who] won")
CLEFT_OPENERS = {"that", "who", "which", "whom"}


def _focus_phrase(doc: Doc, lo: int, hi: int) -> bool:
    """Tokens ``lo`` .. ``hi`` may be the focus of a cleft: a noun phrase or a prepositional
    phrase (a lone word the tagger read as an adjective counts when the dictionary has it as
    a noun: "frequency/JJ"), not an adjective ("not perfect")."""
    from lingeval.conjuncts.omission import has_lemma

    first = doc[lo]
    if first.tag_ in {"DT", "PRP$", "PRP", "NN", "NNS", "NNP", "NNPS", "CD", "IN", "PDT"}:
        return True
    return (
        lo == hi
        and first.tag_ == "JJ"
        and has_lemma(first.lower_, "NOUN")
        and not has_lemma(first.lower_, "ADJ")
    )


def resolve_cleft_contrast(an: _Analysis, r_start: int) -> Resolution | None:
    """Replacive "not X but Y" as the focus of a cleft: "It was not fear but pride that kept
    him silent" -> "It was not fear that kept him silent." / "It was pride that kept him
    silent." (the convention of written-stripping3: the first sentence keeps "not X", the
    second puts Y in its place; the cleft's clause and whatever follows it are shared). The
    shape: *it* + a form of *be* + *not* right before X, *but* right after X, then Y and the
    clause opened by *that / who / which*; neither X nor Y holds a verb or a comma. The parse
    of such clefts varies (the clause on Y, or on *be*, "frequency" as an adjective), so the
    shape is read from the words. None for any other sentence."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _tokens_text

    doc = an.doc
    cc = an.cc
    if doc[cc].lower_ != "but":
        return None
    neg = next((i for i in range(cc - 1, 1, -1) if doc[i].lower_ in {"not", "n't", "n’t"}), None)
    if neg is None or doc[neg - 1].lemma_ != "be" or doc[neg - 2].lower_ != "it":
        return None
    be = neg - 1
    x_end = an.left_end(cc)
    opener = next(
        (i for i in range(r_start + 1, an.last + 1) if doc[i].lower_ in CLEFT_OPENERS), None
    )
    if opener is None or x_end <= neg or opener > r_start + 8 or opener - neg > 16:
        return None
    y_end = an.left_end(opener)
    for lo, hi in ((neg + 1, x_end), (r_start, y_end)):
        if hi < lo or any(
            doc[i].tag_ in VERB_TAGS | {"MD"} or doc[i].text in {",", ";", ":"}
            for i in range(lo, hi + 1)
        ):
            return None
    if not any(doc[i].tag_ in VERB_TAGS for i in range(opener + 1, an.last + 1)):
        return None  # no clause after the opener
    if not (_focus_phrase(doc, neg + 1, x_end) and _focus_phrase(doc, r_start, y_end)):
        return None  # "It's not perfect but the kids that came loved it": no cleft
    head = list(range(0, be + 1))
    clause = list(range(opener, an.last + 1))
    first = _tokens_text(doc, head + list(range(neg, x_end + 1)) + clause)
    second = _tokens_text(doc, head + list(range(r_start, y_end + 1)) + clause)
    sents = [_finish(first, an.final), _finish(second, an.final)]
    return Resolution(sents, "stripping", details={"cleft": True}) if first != second else None


def resolve_cleft_interposed(an: _Analysis, r_start: int) -> Resolution | None:
    """A stripped remnant set off by commas between a cleft's focus and its clause: "In the
    end it is the cast, and not the star, who carries the film" -> "In the end it is the cast
    who carries the film." / "In the end it is not the star who carries the film." The
    shape, read from the words: *it* + a form of *be* + X + a comma before the conjunction,
    then *not* / *also* + Y + a comma and the clause opened by *who / that / which*; neither
    X nor Y holds a verb or a comma. None for any other sentence."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _tokens_text

    doc = an.doc
    cc = an.cc
    if doc[cc].lower_ not in {"and", "but"} or doc[cc - 1].text != ",":
        return None
    marker = r_start if doc[r_start].lower_ in {"not", "never", "also"} else None
    if marker is None:
        return None
    be = next((i for i in range(cc - 2, 0, -1) if doc[i].lemma_ == "be"), None)
    if be is None or doc[be - 1].lower_ != "it" or be + 1 > cc - 2:
        return None
    close = next(
        (i for i in range(marker + 2, min(an.last, marker + 10)) if doc[i].text == ","), None
    )
    if close is None or doc[close + 1].lower_ not in CLEFT_OPENERS:
        return None
    for lo, hi in ((be + 1, cc - 2), (marker + 1, close - 1)):
        # (a participle modifying the noun is no verb: "the supporting/amod cast")
        if hi < lo or any(
            (doc[i].tag_ in VERB_TAGS | {"MD"} and doc[i].dep_ not in {"amod", "compound"})
            or doc[i].text in {",", ";", ":"}
            for i in range(lo, hi + 1)
        ):
            return None
    if not (_focus_phrase(doc, be + 1, cc - 2) and _focus_phrase(doc, marker + 1, close - 1)):
        return None
    if not any(doc[i].tag_ in VERB_TAGS for i in range(close + 2, an.last + 1)):
        return None  # no clause after the opener
    head = list(range(0, be + 1))
    clause = list(range(close + 1, len(doc)))
    first = _tokens_text(doc, head + list(range(be + 1, cc - 1)) + clause)
    replace = {be: f"{doc[be].text} {doc[marker].lower_}"}
    second = _tokens_text(doc, head + list(range(marker + 1, close)) + clause, replace)
    sents = [_finish(first, an.final), _finish(second, an.final)]
    return Resolution(sents, "stripping", details={"cleft": True}) if first != second else None


TAIL_MARKS = {",", "-", "–", "—", "(", ";"}
WH_TAGS = {"WP", "WDT", "WP$", "WRB"}
TAIL_LINKERS = {"otherwise", "so", "since", "because", "as", "although", "though", "while", "or"}


def clause_tail(doc: Doc, cc: int) -> int | None:
    """The token opening a clause that closes the sentence after a verbless conjunct
    (issue 11, session 12, round 2), or None: a comma, dash, bracket or semicolon after the
    conjunction with a finite verb after it ("fold not only correctly but also quickly[, otherwise the chains are tagged]"; "is
    infectious but not alive[, since it cannot reproduce]"; "(or so the story goes)"). The
    parser often makes such a clause the sentence's root, so no alignment is found on the
    whole sentence; the resolver then resolves the sentence up to it and every rewrite
    shares it."""
    if sum(t.text == "(" for t in doc[:cc]) > sum(t.text == ")" for t in doc[:cc]):
        return None  # a coordination inside a bracket: "(the house, and the car too, so ...)"
    for k in range(cc + 2, len(doc) - 1):
        t = doc[k]
        if t.text not in TAIL_MARKS:
            continue
        if t.text == "-" and not doc[k - 1].whitespace_ and not t.whitespace_:
            continue  # a hyphen inside a word ("heat-shrink"), not a dash
        if any(x.dep_ == "mark" for x in doc[cc + 1 : k]):
            # a subordinate clause after the conjunction: the clause after the comma is its
            # main clause ("..., but since he wrote, I feel better")
            return None
        tail = doc[k + 1 :]
        # a clause: a finite verb with a subject of its own (not a relative pronoun, as in a
        # list of noun phrases "..., the teachers who train them"), or a clause linker first
        if not any(
            (
                x.tag_ in FINITE_TAGS
                or any(a.dep_ in {"aux", "auxpass"} and a.tag_ in FINITE_TAGS for a in x.children)
            )
            and any(
                c.dep_ in {"nsubj", "nsubjpass", "expl"} and c.i > k and c.tag_ not in WH_TAGS
                for c in x.children
            )
            for x in tail
        ) and not (doc[k + 1].lower_ in TAIL_LINKERS and any(x.tag_ in FINITE_TAGS for x in tail)):
            return None
        # a relative clause of the remnant's own is no tail
        if doc[k + 1].lower_ in {"which", "who", "whom", "whose", "where", "that"}:
            return None
        # a bracket is a tail only when it closes the sentence: "(or so the story goes)",
        # not "in the replication (N = 240), which ..."
        if t.text == "(" and not any(
            x.text == ")" and all(y.is_punct for y in doc[x.i + 1 :]) for x in tail
        ):
            return None
        return k
    return None
