"""VP ellipsis for the ``rules`` resolver (paper 000, sections 3 and 7.2).

A right conjunct that ends in an auxiliary ("..., and Peter will, too", "but I think that Pedro
did not", "and so did I", "or don't you?") has an elided verb phrase. The rewrite restores it
from an antecedent verb phrase of the left conjunct (the paper's error example: *Germany knows
how to do it, and we don't* -> *We don't know how to do it.*):

1. **The ellipsis site** (:func:`find_site`): an auxiliary chain (*do/be/have*, a modal, or
   infinitival *to*, with *not*/*n't* inside) followed by nothing but *too/also/either/as well*
   and punctuation up to the end of the conjunct; before it the conjunct's own subject (or
   nothing: the left subject is shared, "but couldn't"), or in front of it *so/neither/nor*
   with the subject after it, or a question's inverted subject.
2. **The antecedent** (:func:`choose_antecedent`): among the verbs before the conjunction, the
   one whose auxiliary chain holds the site's last auxiliary (same lemma, same tag preferred;
   *would* ~ *will*, *could* ~ *can*, ...); for *do* a finite verb without auxiliaries (do
   support); for a modal an infinitive after *to*; ties go to the verb of the clause before
   the conjunction. "If I lived in Paris, I would be a poet, but I don't, so I won't": *don't*
   takes "live in Paris", *won't* takes "be a poet".
3. **The restored verb phrase**: the antecedent's words after the matched auxiliary (so the
   form fits: "she has been [studying]", "it isn't [being inspected]"), without the left
   subject, the left negation, an adverbial clause with a subordinator, or a prepositional
   phrase the right conjunct replaces ("... in the morning, but in the afternoon I could not"
   -> "In the afternoon I could not go shopping."). Without a matching auxiliary the first
   verb takes the form the site's auxiliary needs (base form after *do*, modals and *to*;
   past participle after *have*). Reflexives are rebound to the new subject ("and she did
   too" -> "hurt herself"); possessives keep the strict reading ("his arm").
4. **The sentences**: the left conjunct; the right conjunct with the verb phrase inserted after
   its auxiliary chain, its markers kept ("Peter will dine soup, too."). A shared opening
   ("In 2010, ...") is copied unless the right conjunct has its own ("but in English it's not")
   or holds the antecedent; material after the conjunct that is a further conjunct (", and
   Austin can't get dressed", ", so I won't") stays with the right conjunct only, with its own
   ellipsis sites resolved the same way; other closing material is shared.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lingeval.conjuncts.omission import FINITE_TAGS
from lingeval.conjuncts.ranker import DATA
from lingeval.conjuncts.resolvers.rules import VERB_TAGS, WH_TAGS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from lingeval.conjuncts.resolvers.rules import Resolution, _Analysis

__all__ = ["Site", "choose_antecedent", "find_site", "name_gender", "resolve_vp_ellipsis"]

AUX_LEMMAS = {"do", "be", "have"}
#: Modal pairs that stand for one another across conjuncts ("I would ..., so I won't").
MODAL_CLASSES = (
    {"will", "would", "wo", "'ll", "’ll"},
    {"can", "could", "ca"},
    {"shall", "should"},
    {"may", "might"},
    {"must"},
    {"ought"},
)
NEG_WORDS = {"not", "n't", "n’t", "never"}
MARKERS = {"too", "also", "either"}
INVERTERS = {"so", "neither", "nor"}
CLAUSE_LINKS = {"and", "but", "or", "so", "yet", "nor"}
SUBJECT_TAGS = {"NN", "NNS", "NNP", "NNPS", "PRP", "CD", "EX", "DT", "JJ", "JJS", "PDT", "POS"}
SUBJ_DEPS = {"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"}
#: tags allowed inside (not first in) an inverted subject: "a lot of caffeine", "Tom and Ann"
INSIDE_SUBJECT = {"PRP$", "IN", "CC", "HYPH", "RB"}
REFLEXIVE = {
    "i": "myself",
    "you": "yourself",
    "he": "himself",
    "she": "herself",
    "it": "itself",
    "we": "ourselves",
    "they": "themselves",
}
REFLEXIVES = set(REFLEXIVE.values()) | {"yourselves", "oneself"}


@dataclass
class Site:
    """An ellipsis site in ``[lo, hi]``: token indices of its parts."""

    pre: list[int]  # the conjunct's words before the auxiliary chain (subject, own opening)
    subject: list[int]  # the subject (after the chain when inverted); empty: shared
    chain: list[int]  # auxiliaries and negation
    after: list[int]  # markers and punctuation after the chain (inverted: without the subject)
    inverted: bool = False
    negate: bool = False  # "neither/nor did I": the restored clause is negative
    question: bool = False


def _lemma(tok: Token) -> str:
    """The lemma of an auxiliary, contracted forms included ("wo" / "'ll": *will*, "ca": *can*,
    "'ve": *have*, "'d": *would* as a modal, else *have*)."""
    low = tok.lower_
    if low in {"wo", "'ll", "’ll"}:
        return "will"
    if low == "ca":
        return "can"
    if low in {"'ve", "’ve"}:
        return "have"
    if low in {"'d", "’d"}:
        return "would" if tok.tag_ == "MD" else "have"
    return tok.lemma_.lower()


def _is_aux(tok: Token) -> bool:
    """``tok`` is an auxiliary of a chain: a modal, infinitival *to*, a finite *do*, or *be* /
    *have* (:data:`AUX_LEMMAS`)."""
    if tok.tag_ in {"MD", "TO"} or tok.lower_ in {"'ve", "’ve"}:
        return True  # (the tagger reads "should’ve" as "should" + a proper noun)
    if _lemma(tok) == "do":  # "have done", "to be done": a main verb
        return tok.tag_ in {"VBP", "VBZ", "VBD"}
    return tok.tag_ in VERB_TAGS and _lemma(tok) in AUX_LEMMAS


def _is_neg(tok: Token) -> bool:
    """``tok`` negates the chain ("not", "n't", "never", or a *neg* dependent)."""
    return tok.lower_ in NEG_WORDS or tok.dep_ == "neg"


def _modal_class(lemma: str) -> int:
    """The index of the class of :data:`MODAL_CLASSES` that holds ``lemma`` (*would* ~ *will*),
    else -1."""
    return next((k for k, c in enumerate(MODAL_CLASSES) if lemma in c), -1)


#: Adverbs that may follow an ellipsis site and stay after the restored phrase ("but my
#: students haven't yet", "but we might tomorrow", "and he did, eventually")
SITE_ADVERBS = {
    "yet", "tomorrow", "today", "tonight", "eventually", "again", "anymore", "now", "later",
    "finally", "already", "instead", "anyway", "though",
}  # fmt: skip
#: ... of them, those of time: the antecedent's own adjuncts of time are not restored
SITE_TIMES = SITE_ADVERBS - {"eventually", "instead", "anyway", "though"}
#: Adverbs of frequency or phase that hold only under the antecedent's own polarity: not
#: restored at a site of the other polarity ("I don't usually drink coffee, but today I did"
#: -> "I did drink coffee", never "did usually drink"; "hasn't called yet, but she has")
POLAR_ADVERBS = {
    "usually", "always", "often", "normally", "generally", "typically", "sometimes",
    "ever", "still", "already", "yet", "rarely", "seldom", "hardly", "frequently",
}  # fmt: skip


def _marker_end(doc: Doc, lo: int, hi: int, adverbs: bool = False) -> int:
    """Index of the last token before the trailing markers and punctuation of ``[lo, hi]``
    (with ``adverbs``, also :data:`SITE_ADVERBS`)."""
    k = hi
    while k >= lo:
        tok = doc[k]
        if tok.is_punct or tok.lower_ in MARKERS or (adverbs and tok.lower_ in SITE_ADVERBS):
            k -= 1
        elif tok.lower_ == "well" and k - 1 >= lo and doc[k - 1].lower_ == "as":
            k -= 2
        else:
            break
    return k


def _constituents(doc: Doc, ids: list[int]) -> int:
    """How many constituents ``ids`` holds (tokens whose head lies outside them)."""
    inside = set(ids)
    return sum(1 for i in ids if doc[i].head.i not in inside or doc[i].head.i == i)


def find_site(doc: Doc, lo: int, hi: int, final: str = ".") -> Site | None:
    """The VP-ellipsis site that ends the conjunct ``[lo, hi]``, or None."""
    if hi < lo:
        return None
    end = _marker_end(doc, lo, hi, adverbs=True)
    first = doc[lo]
    # "and so did I", "nor can she", "or don't you?": chain first, subject after it
    starts_inverted = first.lower_ in INVERTERS and lo + 1 <= end and _is_aux(doc[lo + 1])
    if starts_inverted:
        # a bracket after the subject stays after it: "and so were the sheets (we checked!)"
        opening = next((i for i in range(lo + 2, end + 1) if doc[i].text == "("), None)
        if opening is not None:
            end = opening - 1
            while end > lo and doc[end].is_punct:
                end -= 1
    if starts_inverted or (_is_aux(first) and first.tag_ != "TO" and final == "?"):
        j = lo + 1 if first.lower_ in INVERTERS else lo
        chain = []
        while j <= end and (_is_aux(doc[j]) or _is_neg(doc[j])):
            chain.append(j)
            j += 1
        subject = list(range(j, end + 1))
        if (
            not any(_is_aux(doc[i]) for i in chain)
            or not subject
            or doc[subject[0]].tag_ not in SUBJECT_TAGS | {"PRP$"}
            # a noun phrase, with prepositional modifiers ("so is a lot of caffeine")
            or not all(doc[i].tag_ in SUBJECT_TAGS | INSIDE_SUBJECT for i in subject)
        ):
            return None
        return Site(
            pre=[],
            subject=subject,
            chain=chain,
            after=list(range(end + 1, hi + 1)),
            inverted=True,
            negate=first.lower_ in {"neither", "nor"},
            question=not starts_inverted,
        )
    k = end
    while k >= lo and (_is_aux(doc[k]) or _is_neg(doc[k])):
        k -= 1
    chain = list(range(k + 1, end + 1))
    auxes = [i for i in chain if _is_aux(doc[i])]
    if not auxes:
        return None
    pre = list(range(lo, k + 1))
    if any(doc[i].tag_ in WH_TAGS for i in pre):
        return None  # "what it was", "which he did": a question or relative, not an ellipsis
    first_aux = doc[auxes[0]]
    if first_aux.dep_ in {"aux", "auxpass"} and first_aux.head.i in pre:
        return None  # the auxiliary of a word before it: not a stranded auxiliary
    verbs = [i for i in pre if doc[i].tag_ in VERB_TAGS and not _is_aux(doc[i])]
    finite = [i for i in pre if _is_aux(doc[i]) and doc[i].tag_ in FINITE_TAGS]
    to_only = all(doc[i].tag_ == "TO" for i in auxes)
    # a stranded infinitival "to" after a verb of the conjunct's own clause: "but my wife
    # didn't want to" (the clause before it is the site's, not another one)
    to_site = to_only and k >= lo and doc[k].tag_ in VERB_TAGS and first_aux.head.i == k
    if not to_site and (
        finite or (verbs and not (first_aux.dep_ == "ccomp" and first_aux.head.i in verbs))
    ):
        return None  # a clause before the site: only "I think that Pedro did not" (a complement)
    if pre:
        # adverbs between the subject and the auxiliary: "but I probably won't"
        s = k
        while s > lo and doc[s].tag_ == "RB" and not _is_neg(doc[s]):
            s -= 1
        subj_only = doc[s].dep_ in SUBJ_DEPS and doc[s].left_edge.i == lo
        if s != k and not subj_only:
            return None  # "... than it already is": the site of another clause
        last = doc[k] if to_only else doc[s]
        if not (last.tag_ in SUBJECT_TAGS or (to_only and last.tag_ in VERB_TAGS)):
            return None
    elif doc[auxes[0]].tag_ == "TO" or not (
        any(_is_neg(doc[i]) for i in chain)
        or doc[auxes[0]].tag_ in {"VBD", "MD"}
        or any(doc[i].lower_ in MARKERS for i in range(end + 1, hi + 1))
    ):
        return None  # a bare present "or do" (a typo for "so") is no shared-subject site
    subject = [i for i in pre if doc[i].dep_ in SUBJ_DEPS or doc[i].head.i in pre]
    return Site(pre=pre, subject=subject or pre, chain=chain, after=list(range(end + 1, hi + 1)))


def _left_chain(v: Token) -> list[Token]:
    """The auxiliaries of ``v`` before it (without negation), then ``v``."""
    auxes = [c for c in v.children if c.dep_ in {"aux", "auxpass"} and c.i < v.i]
    return [*sorted(auxes, key=lambda t: t.i), v]


def _match(chain: list[Token], site_aux: Token) -> tuple[float, int]:
    """Score and index in ``chain`` after which the elided words start (-1: from the verb
    itself, to be put in the form the site's auxiliary needs; -2: from the first auxiliary)."""
    lemma = _lemma(site_aux)
    # the verb itself matches only as a main "be"/"have" ("is hungry", "has a car"): a main
    # "do" ("to do it") is not the do-support of "we don't"
    same = [
        k
        for k, t in enumerate(chain)
        if _lemma(t) == lemma and (k < len(chain) - 1 or lemma in {"be", "have"})
    ]
    if same:
        tagged = [k for k in same if chain[k].tag_ == site_aux.tag_]
        return 4.0 + (0.5 if tagged else 0.0), (tagged or same)[0]
    cls = _modal_class(lemma)
    if cls >= 0:
        modal = [k for k, t in enumerate(chain) if _modal_class(_lemma(t)) == cls]
        if modal:
            return 3.0, modal[0]
    verb = chain[-1]
    if lemma == "do" and len(chain) == 1 and _lemma(verb) == "be":
        return -1.0, -1  # never "did be": "I thought it was great, and so did Tom" -> "thought"
    if (
        lemma == "do"
        and len(chain) == 1
        and verb.tag_ in {"VBD", "VBZ", "VBP"}
        and (
            _lemma(verb) != "be"  # never "didn't be"
        )
    ):
        return 3.0, -1  # do-support for a finite verb without auxiliaries
    if lemma == "do" and any(t.tag_ == "MD" for t in chain[:-1]):
        return 1.5, -1  # "He said he would help and did": "did help"
    to = [k for k, t in enumerate(chain) if t.tag_ == "TO"]
    if (site_aux.tag_ == "MD" or lemma == "do") and to:
        return 2.0, to[-1]  # "She wanted to go but couldn't": the infinitive
    modal = [k for k, t in enumerate(chain) if t.tag_ == "MD"]
    if site_aux.tag_ == "MD" and modal:
        return 2.5, modal[0]  # "Ben might shower, but Jack can't": another modal
    if (site_aux.tag_ == "MD" or lemma == "do") and _finite_perfect(chain):
        return 0.0, 0  # the perfect goes: "I haven't finished it, but I will" -> "will finish"
    return 0.0, -2 if len(chain) > 1 else -1


def _finite_perfect(chain: list[Token]) -> bool:
    """``chain`` opens with a finite perfect *have* ("has read", "had been working")."""
    return len(chain) > 1 and _lemma(chain[0]) == "have" and chain[0].tag_ in {"VBP", "VBZ", "VBD"}


def _site_subject(doc: Doc, site: Site) -> str:
    """The lower-cased words of the site's own subject, or "" for a site without one."""
    return " ".join(doc[i].lower_ for i in site.subject) if site.pre else ""


def choose_antecedent(
    an: _Analysis, site: Site, p: int, site_subject: str | None = None
) -> tuple[Token, int] | None:
    """The antecedent verb for ``site`` among the verbs before the conjunction, with the
    index of the matched auxiliary in its chain (see :func:`_match`); ``site_subject`` is
    :func:`_site_subject` when the caller has it already."""
    doc = an.doc
    site_aux = doc[[i for i in site.chain if _is_aux(doc[i])][-1]]
    clause = an.clause_verb(p)
    # a site without its own subject shares the subject of the clause before the conjunction:
    # its verb phrase is that clause's (or one of its to-infinitives)
    own_clause: set[int] = set()
    if not site.pre and clause is not None:
        stack = [clause]
        while stack:
            t = stack.pop()
            own_clause.add(t.i)
            stack.extend(c for c in t.children if c.dep_ == "xcomp")
    best: tuple[float, Token, int] | None = None
    if site_subject is None:
        site_subject = _site_subject(doc, site)
    # the verb the parser conjoins the site with is a candidate whatever its tag ("Some
    # people like broccoli, but many don't": "like" tagged as a preposition)
    # (a noun is not: "Many people/ROOT like coffee, but few don't")
    linked = {
        doc[i].head.i
        for i in site.chain
        if doc[i].dep_ == "conj" and not doc[i].head.tag_.startswith("NN")
    }
    for v in doc[: an.cc]:
        if v.i not in linked and (
            v.tag_ not in VERB_TAGS or v.tag_ == "MD" or v.dep_ in {"aux", "auxpass"}
        ):
            continue
        if _habitual_used(v):
            continue  # "used to work": the infinitive is the antecedent ("and it still does")
        chain = _left_chain(v)
        score, j = _match(chain, site_aux)
        start = chain[j].i + 1 if j >= 0 else (chain[0].i if j == -2 else v.i)
        if start > min(v.right_edge.i, p):
            continue  # nothing left to restore
        score += (1.0 if clause is not None and v.i == clause.i else 0.0) + v.i / 10_000
        score += 2.0 if v.i in own_clause else 0.0
        # the same subject as the site's: "I thought she would win, but she didn't" -> "win"
        if site_subject and site_subject == _subject_text(an, v):
            # (more so below a verb of saying or asking: "They said they would call, but they
            # never did" -> "call"; "I asked him to help, and he did" -> "help")
            score += 1.5 + (1.0 if v.dep_ in {"ccomp", "xcomp"} and v.head.i < v.i else 0.0)
        # an infinitive controlled by the object of the verb above it, at a site whose subject
        # is not that verb's: the site speaks of the controller ("We asked the landlord to fix
        # the heating, but he never did" -> "fix", never "he never did ask the landlord")
        if (
            site_subject
            and v.dep_ == "xcomp"
            and any(c.dep_ in {"dobj", "dative"} and c.i < v.i for c in v.head.children)
            and site_subject != _subject_text(an, v.head)
        ):
            score += 2.5
        if best is None or score > best[0]:
            best = (score, v, j)
    return (best[1], best[2]) if best is not None else None


def _habitual_used(v: Token) -> bool:
    """``v`` is the past-habit marker *used* of "used to + verb" (its infinitive follows)."""
    return (
        v.lower_ == "used"
        and v.i + 1 < len(v.doc)
        and v.doc[v.i + 1].tag_ == "TO"
        and any(c.dep_ == "xcomp" and c.i > v.i for c in v.children)
    )


def _subject_text(an: _Analysis, v: Token) -> str:
    """The lower-cased words of the subject of ``v``, or of the verb that controls it ("we
    were hoping to [see]": "we"), or ""."""
    subj = an.subject_span(v)
    while subj is None and v.dep_ == "xcomp" and v.head.i != v.i:
        # an object before the infinitive controls it ("expected [him] to win")
        obj = next((c for c in v.head.children if c.dep_ == "dobj" and c.i < v.i), None)
        if obj is not None and obj.tag_ == "PRP":
            return NOMINATIVE.get(obj.lower_, obj.lower_)
        v = v.head
        subj = an.subject_span(v)
    if subj is None:
        return ""
    words = " ".join(an.doc[i].lower_ for i in range(subj.start, subj.end + 1))
    return NOMINATIVE.get(words, words)  # ("expected him/nsubj to win": "he")


#: The subject form of an object pronoun ("him" controls "to win" as "he" would)
NOMINATIVE = {"me": "i", "him": "he", "her": "she", "us": "we", "them": "they"}


def _vp_tokens(an: _Analysis, v: Token, j: int, p: int, site: Site) -> list[int]:
    """The indices of the verb phrase of antecedent ``v`` restored at ``site`` (module
    docstring, step 3): after its ``j``-th auxiliary (``j`` -1: from the verb, -2: the whole
    chain) up to its right edge or ``p``, without its subjects, negations, adverbial clauses
    with a subordinator and further conjuncts after it, the adjuncts of time the site
    replaces ("tomorrow" for "today"), a phrase the right conjunct replaces, or punctuation at
    either end."""
    doc = an.doc
    chain = _left_chain(v)
    start = chain[j].i + 1 if j >= 0 else (chain[0].i if j == -2 else v.i)
    end = min(v.right_edge.i, p)
    drop: set[int] = set()
    for c in v.children:
        clause = c.dep_ != "advcl" or any(g.dep_ == "mark" for g in c.children)
        if c.dep_ in SUBJ_DEPS | {"neg"} or (
            c.dep_ in {"advcl", "conj", "cc"} and c.i > v.i and clause
        ):
            drop.update(range(c.left_edge.i, c.right_edge.i + 1))
    if any(doc[i].lower_ in SITE_TIMES for i in site.after):
        # the site brings its own time: "We can't fix it today, but we might tomorrow"
        from lingeval.conjuncts.resolvers.stripping import _time_adjuncts

        drop |= _time_adjuncts(doc, v, v.i, end)
    # an adverb of frequency or phase under the other polarity (POLAR_ADVERBS)
    negated_antecedent = any(c.dep_ == "neg" for c in v.children)
    if negated_antecedent != any(_is_neg(doc[i]) for i in site.chain):
        drop.update(c.i for c in v.children if c.dep_ == "advmod" and c.lower_ in POLAR_ADVERBS)
    # a phrase the right conjunct replaces: "in the morning" for "in the afternoon"
    own = {doc[i].lemma_.lower() for i in site.pre if doc[i].dep_ == "prep"}
    for t in doc[v.i + 1 : end + 1]:
        if t.dep_ == "prep" and t.lemma_.lower() in own and t.head.tag_ in VERB_TAGS:
            drop.update(range(t.left_edge.i, t.right_edge.i + 1))
    ids = [i for i in range(start, end + 1) if i not in drop and not _is_neg(doc[i])]
    while ids and doc[ids[-1]].is_punct and doc[ids[-1]].text not in {")", '"', "”"}:
        ids.pop()
    while ids and doc[ids[0]].is_punct:
        ids.pop(0)
    return ids


def _rebind(doc: Doc, ids: list[int], subject: list[int], replace: dict[int, str]) -> None:
    """Reflexives of the restored phrase agree with the new subject ("she did too" ->
    "herself"); a plural subject takes "themselves"; a singular name of known gender
    (:func:`name_gender`, "and so did Leo") turns "herself"/"himself" into its own; any
    other subject keeps them."""
    if not subject:
        return
    head = next((doc[i] for i in subject if doc[i].head.i not in subject), doc[subject[-1]])
    new = REFLEXIVE.get(head.lower_)
    if new is None and head.tag_ in {"NNS", "NNPS"}:
        new = "themselves"
    gendered = None
    if new is None and head.tag_ in {"NNP", "NN"}:
        # the first name of the subject: "Leo", "Leo Hart"
        first = next((doc[i] for i in subject if doc[i].tag_ in {"NNP", "NN"}), head)
        gendered = {"f": "herself", "m": "himself"}.get(name_gender(first.text) or "")
    for i in ids:
        low = doc[i].lower_
        if new is not None and low in REFLEXIVES:
            replace[i] = new
        elif gendered is not None and low in {"himself", "herself"}:
            replace[i] = gendered


@functools.lru_cache(maxsize=1)
def _first_names() -> dict[str, str]:
    """The first names of ``first-names.txt``, lower-cased, with their gender (``"f"`` /
    ``"m"``)."""
    path = DATA / "first-names.txt"
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            gender, name = line.split(None, 1)
            out[name.strip().lower()] = gender
    return out


def name_gender(word: str) -> str | None:
    """``"f"`` or ``"m"`` for a frequent English first name of clear gender (the list in
    ``lingeval/data/conjuncts/first-names.txt``), else None."""
    return _first_names().get(word.lower())


def _form(tok: Token, site_aux: Token) -> str | None:
    """The form of the first restored verb after the site's auxiliary (None: keep it)."""
    from lingeval.conjuncts.memo import get_inflection

    lemma = _lemma(site_aux)
    if site_aux.tag_ in {"MD", "TO"} or lemma == "do":
        tag = "VB"
    elif lemma == "have":
        tag = "VBN"
    else:
        return None
    forms = get_inflection(tok.lemma_, tag=tag)
    return forms[0] if forms else None


def _restore(an: _Analysis, site: Site, p: int, shared_subject: list[int]) -> str | None:
    """The text of one conjunct with its ellipsis site filled, or None."""
    from lingeval.conjuncts.resolvers.rules import _tokens_text

    doc = an.doc
    found = choose_antecedent(an, site, p)
    if found is None:
        return None
    v, j = found
    vp = _vp_tokens(an, v, j, p, site)
    if not vp:
        return None
    site_aux = doc[[i for i in site.chain if _is_aux(doc[i])][-1]]
    replace: dict[int, str] = {}
    skipped = j == 0 and _finite_perfect(_left_chain(v))  # "will [have] finish"
    if (j < 0 or skipped) and doc[vp[0]].tag_ in VERB_TAGS:
        form = _form(doc[vp[0]], site_aux)
        if form is not None:
            replace[vp[0]] = form
    _rebind(doc, vp, site.subject or shared_subject, replace)
    vp_text = _tokens_text(doc, vp, replace)
    noun = _quantified_noun(doc, site.subject, shared_subject) if not site.inverted else {}
    if site.inverted:
        chain = _tokens_text(doc, site.chain)
        if site.negate:
            first_aux = next(i for i in site.chain if _is_aux(doc[i]))
            # "and neither can Lee" -> "Lee cannot swim" (as "but not Lee" gives "cannot")
            neg = "cannot" if doc[first_aux].lower_ == "can" else doc[first_aux].text + " not"
            if doc[first_aux].text[:1].isupper():
                neg = neg[:1].upper() + neg[1:]
            chain = _tokens_text(doc, site.chain, {first_aux: neg})
        last = site.subject[-1]
        # the tokenizer keeps a sentence-final period on "I." ("and so do I.")
        cut = (
            {last: doc[last].text[:-1]}
            if doc[last].text.endswith(".") and last == len(doc) - 1
            else {}
        )
        subj = _tokens_text(doc, site.subject, cut)
        parts = [chain, subj, vp_text] if site.question else [subj, chain, vp_text]
        tail = _tokens_text(doc, site.after) if site.after else ""
        return " ".join(x for x in parts if x) + _glue(tail)
    head = site.pre + site.chain
    text = (
        _tokens_text(doc, head, noun)
        if site.pre
        else _tokens_text(doc, shared_subject + site.chain)
    )
    tail = _tokens_text(doc, site.after) if site.after else ""
    return text + " " + vp_text + _glue(tail)


#: Quantifiers that stand for a noun phrase of the left subject ("Some people like it, but
#: many don't" -> "many people"); numbers too ("two").
QUANTIFIERS = {"many", "most", "few", "some", "several", "both", "all", "each", "one"}


def _quantified_noun(doc: Doc, subject: list[int], left: list[int]) -> dict[int, str]:
    """The noun of the left subject after a right subject that is only a quantifier or a
    number, when the left subject opens with another quantifier or number ("Some people like
    broccoli, but many don't" -> "Many people don't like broccoli."; "Three students passed,
    but two did not" -> "Two students ..."; "a few" too): ``{last subject token: "many
    people"}``, else {}. The noun is the left subject's words after its quantifier up to its
    plural head noun ("local people"), singular after *one* / *each*."""
    from lingeval.conjuncts.resolvers.rules import _tokens_text

    words = [i for i in subject if not doc[i].is_punct]
    if not words or not left or len(words) > 2:
        return {}
    q = doc[words[-1]]
    if len(words) == 2 and doc[words[0]].lower_ != "a":  # "a few"
        return {}
    quantifier = q.lower_ in QUANTIFIERS or q.tag_ == "CD"
    first = doc[left[0]]
    head = next((doc[i] for i in left if doc[i].head.i not in left or doc[i].head.i == i), None)
    if (
        not quantifier
        or head is None
        or head.tag_ != "NNS"
        or not (first.lower_ in QUANTIFIERS or first.tag_ == "CD")
        or first.lower_ == q.lower_
        or head.i <= left[0]
    ):
        return {}
    ids = [i for i in range(left[0] + 1, head.i + 1) if doc[i].tag_ not in {"DT", "PDT", "CD"}]
    if not ids or any(doc[i].is_punct or doc[i].tag_ in VERB_TAGS for i in ids):
        return {}
    singular = {ids[-1]: head.lemma_} if q.lower_ in {"one", "each", "1"} else {}
    return {q.i: q.text + " " + _tokens_text(doc, ids, singular)}


def _glue(tail: str) -> str:
    """``tail`` ready to append to a sentence: against it when it opens with punctuation,
    else after a space ("" stays "")."""
    if not tail:
        return ""
    return tail if tail[:1] in {",", ".", ";", ":", "!", "?"} else " " + tail


def _inverted_end(an: _Analysis, start: int, hi: int) -> int:
    """The last word of an inverted site "neither/so/nor AUX SUBJECT" that starts at
    ``start``, when a comma after the subject opens shared closing material (a relative or
    adverbial clause, "according to X", a participle; not a prepositional phrase, which
    may be the site's own: "and so did the second, in a shorter report");
    ``hi`` otherwise (an apposition stays: "and so did Tom, my brother")."""
    from lingeval.conjuncts.omission import SUBORDINATORS

    doc = an.doc
    for k in range(start + 3, hi):
        if doc[k].text != ",":
            continue
        nxt = doc[k + 1]
        clause = nxt
        while clause.dep_ != "relcl" and clause.head.i != clause.i and clause.i - k < 8:
            clause = clause.head
        if (
            nxt.lower_ in {"who", "whom", "whose"}
            and clause.dep_ == "relcl"
            and start < clause.head.i < k
        ):
            # a relative clause on a person of the subject is its own ("so did Bo, who ..."):
            # left as it was; the parse hangs a "which" on the whole clause on the nearest
            # noun too ("and so did attendance, which worried the board"): shared
            return hi
        if (
            nxt.tag_ in {"WDT", "WP", "WRB", "VBG"}
            or nxt.lower_ in SUBORDINATORS
            or nxt.lower_ == "according"
        ):
            return an.left_end(k)
        if _reports(doc, start, k, hi):
            return an.left_end(k)
        return hi
    return hi


def _reports(doc: Doc, start: int, k: int, hi: int) -> bool:
    """The words after the comma ``k`` (and a closing quotation mark) up to ``hi`` are a
    reporting clause of the inverted site at ``start``: a short subject and a finite verb
    the site's auxiliary hangs under ("and so does its rival, analysts said"; '..., and
    neither did the mayor," he told the press')."""
    j = k + 1
    if j <= hi and (doc[j].tag_ == "''" or doc[j].text in {"”", '"', "’"}):
        j += 1
    verb = next((i for i in range(j, min(hi, j + 5) + 1) if doc[i].tag_ in VERB_TAGS), None)
    if verb is None or verb == j or doc[verb].tag_ not in FINITE_TAGS:
        return False
    if any(doc[i].is_punct for i in range(j, verb)):
        return False
    aux = doc[start + 1]
    return any(a.i == verb for a in aux.ancestors)


def _conjunct_end(an: _Analysis, start: int) -> int:
    """First index after ``start`` that ends the conjunct: ", and/but/so ...", a conjunction,
    ";" or ":", else the end of the sentence."""
    doc = an.doc
    for k in range(start + 1, an.last + 1):
        tok = doc[k]
        if tok.text in {";", ":"}:
            return k
        link = (
            tok if tok.lower_ in CLAUSE_LINKS and (tok.dep_ == "cc" or tok.lower_ == "so") else None
        )
        if tok.text == "," and k + 1 <= an.last and doc[k + 1].lower_ in CLAUSE_LINKS:
            link = doc[k + 1]
        # a conjunction that joins clauses ("..., so I won't"), not words ("War and Peace")
        if link is not None and (link.head.tag_ in VERB_TAGS or link.head.pos_ in {"VERB", "AUX"}):
            return k
    return an.last + 1


def _root_noun_subject(clause: Token) -> bool:
    """``clause`` is a finite verb the parser hung on a root noun before it as a reduced
    relative, which is the subject of a misparsed main clause ("Some students handed ...")."""
    head = clause.head
    return (
        clause.dep_ == "acl"
        and clause.tag_ in {"VBD", "VBZ", "VBP"}
        and head.dep_ == "ROOT"
        and head.i < clause.i
        and head.tag_ in {"NN", "NNS", "NNP", "NNPS"}
        and head.left_edge.i == 0
    )


def _subordinate(t: Token) -> bool:
    """``t`` heads an adverbial clause with a subordinator ("if I lived in Paris")."""
    return t.dep_ == "advcl" and any(c.dep_ == "mark" for c in t.children)


def resolve_vp_ellipsis(an: _Analysis, r_start: int) -> Resolution | None:
    """Rewrite the coordination at ``an.cc`` when its right conjunct (from ``r_start``) ends in
    an ellipsis site; None when it does not (see the module docstring)."""
    from lingeval.conjuncts.resolvers.rules import Resolution, _finish, _tokens_text

    doc = an.doc
    p = an.left_end(an.cc)
    if p < 0 or r_start > an.last:
        return None
    b = _conjunct_end(an, r_start)
    hi = an.left_end(b)
    if doc[r_start].lower_ in INVERTERS:
        # "and neither has the regulator, according to a spokesperson": a clause or phrase
        # set off after the inverted subject closes the sentence for both rewrites
        hi = _inverted_end(an, r_start, hi)
    site = find_site(doc, r_start, hi, an.final)
    k = _marker_end(doc, 0, p)
    while k > 0 and _is_neg(doc[k]):
        k -= 1
    # (a left conjunct that is itself a site: "that we do not and will not have"; not a site
    # inside its own adverbial clause: "I will help you if I can, but I probably won't")
    own_site = _subordinate(doc[k])
    if site is None or (_is_aux(doc[k]) and not own_site):
        return None
    # the clause the right conjunct is coordinated with: the clause of the last word before
    # the conjunction, or the clause above it when that is an adverbial clause with a
    # subordinator ("I would be a poet if I lived in Paris, but I don't")
    clause = an.clause_verb(p)
    if clause is None:  # a verb the tagger missed: the head the site is conjoined with
        heads = [doc[i].head for i in site.chain if doc[i].dep_ == "conj"]
        clause = next((h for h in heads if h.i < an.cc), None)
    if clause is None or clause.i > an.cc:
        return None
    if _subordinate(clause):
        clause = clause.head
    subj = an.subject_span(clause)
    ls = subj.start if subj is not None else clause.left_edge.i
    shared_subject = list(range(subj.start, subj.end + 1)) if subj is not None else []
    if subj is None and _root_noun_subject(clause):
        # "Some students/ROOT handed/acl in the assignment, but most did not": the noun the
        # parser made the root is the left clause's subject
        ls = clause.head.left_edge.i
        shared_subject = list(range(ls, clause.i))
    # an inverted left clause ("Now, do you want ..."): its auxiliary is not opening material
    ls = min([ls] + [c.i for c in clause.children if c.dep_ in {"aux", "auxpass"}])
    site_subject = _site_subject(doc, site)
    found = choose_antecedent(an, site, p, site_subject)
    if found is None:
        return None
    own_opening = site.pre and _constituents(doc, site.pre) > 1
    # a site with the antecedent's own subject, conjoined with a verb above the clause ("I
    # thought she would win, but she didn't": with "thought"), shares nothing of what
    # precedes the clause (unlike "I know which book Max read, and Oscar did")
    same_subject = bool(site.pre) and site_subject == _subject_text(an, found[0])
    above = same_subject and any(
        doc[i].dep_ == "conj" and doc[i].head.i < clause.i and clause in doc[i].head.subtree
        for i in site.chain
    )
    # a finite site with a subject of its own after an infinitive clause is not embedded under
    # the verb above that infinitive ("Critics expected the film to flop, but it did not" ->
    # "It did not flop.", never "Critics expected it did not flop.")
    infinitive = any(c.tag_ == "TO" and c.dep_ in {"aux", "auxpass"} for c in clause.children)
    # (or a stranded "to" after a finite verb of its own: "but I refused to")
    finite_site = any(doc[i].tag_ in FINITE_TAGS for i in site.pre) or any(
        doc[i].tag_ in FINITE_TAGS for i in site.chain if _is_aux(doc[i])
    )
    above = above or (bool(site.pre) and infinitive and finite_site)
    opening = list(range(0, ls)) if not own_opening and not above and found[0].i >= ls else []
    second = _restore(an, site, p, shared_subject)
    if second is None:
        return None
    # what follows the conjunct: a further conjunct stays with the right one (its own sites
    # resolved), other closing material is shared
    suffix = list(range(hi + 1, an.last + 1))
    words = [i for i in suffix if not doc[i].is_punct]
    further = bool(words) and doc[words[0]].lower_ in CLAUSE_LINKS
    tail = ""
    k = hi + 1
    while further and k <= an.last:
        j = k
        while j <= an.last and doc[j].is_punct:
            j += 1
        if j <= an.last and doc[j].lower_ in CLAUSE_LINKS:
            j += 1
        link = _tokens_text(doc, list(range(k, j)))
        e = an.left_end(_conjunct_end(an, j)) if j <= an.last else j - 1
        if e < j:
            break
        more = find_site(doc, j, e, an.final)
        piece = _restore(an, more, p, shared_subject) if more is not None else None
        tail += _glue(link) + " " + (piece or _tokens_text(doc, list(range(j, e + 1))))
        k = e + 1
    shared = "" if further else _tokens_text(doc, suffix)
    first_text = _tokens_text(doc, list(range(0, p + 1)))
    open_text = _tokens_text(doc, opening) + " " if opening else ""
    sents = [
        _finish(first_text + _glue(shared), an.final),
        _finish(open_text + second + tail + _glue(shared), an.final),
    ]
    if sents[0] == sents[1]:
        return None
    return Resolution(sents, "vp-ellipsis", details={"antecedent": found[0].text})
