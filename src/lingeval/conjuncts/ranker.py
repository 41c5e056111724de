"""The fitted model that chooses among the analyses of a verbless conjunct (issue 11).

The ``rules`` resolver (``lingeval.conjuncts.resolvers.rules``) generates every plausible
analysis of the material after the conjunction: segmentations into remnants crossed with
correlates in the first conjunct and with the readings *coordination*, *argument cluster*,
*gapping* (with or without a fronted adjunct) and *stripping*. Each analysis is described by
the features in :data:`FEATURES` (alignment similarities, number of remnants, agreement with
the parse-independent omission detector of :mod:`lingeval.conjuncts.omission`, shared
material left after the correlates, ...). A logistic regression fitted on data scores them:

    score(a) = intercept + sum_j coef_j * (x_j(a) - mean_j) / scale_j

and the resolver builds the analyses best score first. The model is fitted (``lingeval
conjuncts train-ranker``) on synthetic gapped coordinations made from real treebank clauses
(:func:`lingeval.conjuncts.synthesize.synthesize_parallel_docs`) and on any development sets
given; an analysis is a positive example when its rewrites equal the gold rewrites (exact
match after punctuation removal, paper A.6). The shipped coefficients live in
``lingeval/data/conjuncts/ranker-<version>.json``; the version is part of the resolver's
signature (``ranker:<version>``).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from lingeval.conjuncts.omission import FINITE_TAGS, has_lemma

__all__ = [
    "DEFAULT_VERSION",
    "FEATURES",
    "V5_FEATURES",
    "RankerModel",
    "bare_number",
    "fit",
    "fold_assignment",
    "load_ranker",
]

DATA = Path(__file__).resolve().parent.parent / "data" / "conjuncts"

#: Version of the shipped model (file ``ranker-<version>.json``).
DEFAULT_VERSION = "v5"

#: Features of the shipped v5's analysis ranker, in model order (all numbers; flags are 0/1);
#: the baseline recipe of the ship rule (``benchmarks/conjuncts_ranker.py --baseline``) fits
#: these only.
V5_FEATURES: tuple[str, ...] = (
    "opt_cluster",  # every remnant replaces a complement (m = 1: plain coordination)
    "opt_gapping",  # the first remnant replaces the subject
    "opt_fronted",  # the first remnant replaces a fronted adjunct
    "opt_strip",  # one remnant and a marker (too, also, as well)
    "m1",  # one remnant
    "m2",  # two remnants
    "m3",  # three or more remnants
    "sim_mean",  # mean shape similarity remnant/correlate (incl. alignment bonuses)
    "sim_min",
    "sim_first",
    "cat_same",  # share of pairs with the same phrase category
    "two_np",  # remnants that look like two noun phrases side by side
    "weak_cuts",  # cuts inside what may be one noun phrase
    "post_match",  # the number of remnants fits the constituents after the verb
    "post_diff",  # |expected - constituents after the verb|, capped at 3
    "ext_short",  # the right conjunct was cut at the parse's conj subtree
    "parse_heads",  # share of correlates whose head is the parse's conj/cc head
    "end_shift",  # tokens of shared material after the last correlate (log1p)
    "num_np",  # share of remnants that are numbers replacing a noun phrase ("two" / "three airports")
    "gap_subj_cc",  # gapping that replaces a coordinated subject ("Rain and wind")
    "end_adjunct",  # the last correlate ends before a shared adjunct of the verb
    "end_number",  # the last correlate is a number whose noun stays ("three [airports]")
    "end_parallel",  # the last correlate is the detector's parallel, material after it stays
    "subj_pref",  # +/- (sim to subject - best sim to a complement) for gapping / cluster
    "om",  # the omission detector fired
    "om_gapping",
    "om_cluster",
    "om_strip",
    "om_seg",  # the segmentation is the detector's
    "om_corr",  # share of correlates that overlap the detector's parallels
    "subj_mirror",  # gapping whose first remnant mirrors the subject (sim >= 0.9)
    "pron_subject",  # gapping replacing a pronoun subject
    "ditransitive",  # a cluster of a ditransitive verb
    "lead",  # an opening adjunct is replaced as well
    "list",  # middle conjuncts of a list were peeled
    "len_ratio",  # mean min/max length ratio of remnant and correlate
    "rem_len",  # tokens after the conjunction (log1p)
    # v2 (issue 11): shared material between correlates, subjects found by the detector, and
    # contrasts of the subject with the first remnant that separate gapping from clusters
    # (signed: + for the gapping reading, - for the argument-cluster reading, 0 otherwise)
    "mid_gap",  # tokens of shared material between correlates (log1p)
    "subj_from_om",  # the gapping subject is the detector's parallel, not the parse's
    "anim_subj",  # first remnant and subject alike in animacy (+1) or not (-1), signed
    "def_subj",  # ... in definiteness, signed
    "cat_subj",  # ... in phrase category, signed
    "deps_minus_m",  # phrases of the first clause (subject + dependents after the verb) - remnants
    "dist_first",  # tokens from the first correlate to the conjunction (log1p)
    "rem_corr_len",  # log of (remnant tokens / correlate tokens)
    # v4 (issue 11): the reading of a stripped remnant ("Ann likes jazz, and Bo as well"),
    # signed as above: a remnant of the subject's word class (a name beside a name subject)
    # speaks for the subject reading, one of the object's class for the object reading
    "strip_subj_class",  # stripping: +1 remnant and subject of one head class, -1 not; signed
    "strip_obj_class",  # stripping: -1 remnant and object of one head class, +1 not; signed
    # v4: ranker errors of v3 (generated but not chosen); a name with "*" is the product of
    # its parts
    "quant_pair",  # first remnant and subject open with contrasting quantifiers (some/others)
    "two_np*m1",  # one remnant that looks like two noun phrases ("9 a year earlier")
    "inner_verb",  # the omitted verb is a gerund/participle below the clause verb
    "swapped",  # a fronted remnant answers the later correlate (remnants swapped)
    "clause_tail",  # 1 adverbial-clause remnant, 2 a relative clause on the last remnant
    "num_keeps_noun",  # a number replaces a bare number whose noun stays ("15 [rainy days]";
    # since session 12 also after adverbs of quantity, as ``qnum_keeps_noun``)
)

#: Features of one analysis, in model order: :data:`V5_FEATURES` and those added since
#: (features only ever get appended, so an older model uses a prefix of them).
FEATURES: tuple[str, ...] = (
    *V5_FEATURES,
    # v7 (issue 11, eighth session): ranker errors of v5 where the right analysis was generated
    "qnum_keeps_noun",  # a number, also after an adverb of quantity ("nearly 300"), replaces a
    # bare number whose noun stays ("200 [visitors]")
    "echo_left",  # a remnant opens with the words just before its correlate, which stay: the
    # rewrite repeats them ("Jennie wants to try [to try] to begin ...")
    "echo_prep",  # the preposition before a correlate recurs inside its remnant ("sold by
    # [the company] and the rest by holders" read as one remnant "the rest by holders")
    # v8 (issue 11, session 11, gap11): ranker errors of v5/v7 where the right analysis was
    # generated (:func:`clause_features`; a third, the remnant's phrases beyond the dependents
    # its correlate spans, was tried and left out: with it the paper's examples fell under
    # the floor)
    "dropped_deps",  # dependents of the verb swallowed by a correlate that its remnant lacks
    "subj_class_pull",  # a non-subject correlate whose remnant has the subject's head class
)

#: The features of :func:`clause_features` (v8), computed only for a model that uses them.
CLAUSE_FEATURES: tuple[str, ...] = ("dropped_deps", "subj_class_pull")

#: The features of :func:`pair_features` and :func:`clause_features`.
PAIR_FEATURES = FEATURES[len(V5_FEATURES) :]

#: Quantifier-like words whose pairs contrast two subjects ("Some ... and others ...").
CONTRAST_QUANTIFIERS = {
    "some", "others", "other", "many", "few", "most", "one", "another", "several", "half",
    "all", "none", "both", "each", "either", "neither", "more", "less",
}  # fmt: skip


def feature_value(feats: Mapping[str, float], name: str) -> float:
    """The value of feature ``name`` in ``feats``; ``"a*b"`` is the product of ``a`` and
    ``b`` (an interaction); a missing feature is 0."""
    if "*" in name:
        return math.prod(float(feats.get(part, 0.0)) for part in name.split("*"))
    return float(feats.get(name, 0.0))


#: Personal pronouns that refer to people (animacy of a noun phrase without a lexicon).
ANIMATE_PRONOUNS = {"i", "you", "he", "she", "we", "they", "him", "her", "us", "them", "who"}
#: Dependents of a verb after it that count as phrases of the first clause.
CLAUSE_DEPS = {"dobj", "attr", "dative", "prep", "agent", "npadvmod", "advmod", "acomp", "oprd"}


def contrast_features(
    doc: Any,
    option: str,
    parts: Sequence[Any],
    corr: Sequence[Any],
    subj: Any | None,
    verb: Any | None,
    cc: int,
    strip: bool = False,
    clause: bool = True,
) -> dict[str, float]:
    """Features of one analysis that contrast the first remnant with the subject (issue 11).

    ``parts``/``corr`` are the remnants and correlates (inclusive ``start``/``end`` token
    ranges of ``doc``), ``option`` the reading (``gapping``, ``cluster``, ``fronted``),
    ``subj``/``verb`` the first clause's subject range and verb, ``cc`` the conjunction. A
    first remnant that is like the subject (animate, definite, the same phrase category)
    speaks for gapping ("Kim chair and Lee treasurer"), one that is like the object for an
    argument cluster ("gave Kim a book and Lee a pen"). ``strip``: the analysis is stripping
    (one remnant and a marker); its remnant's head class (name, pronoun, noun, number) is
    compared with the subject's and with the first object's (``strip_*_class``). ``clause``:
    also :func:`clause_features` (v8)."""
    from lingeval.conjuncts.resolvers.rules import _category, _det_class, _np_head

    sign = 1.0 if option == "gapping" else -1.0 if option == "cluster" else 0.0
    out = {"anim_subj": 0.0, "def_subj": 0.0, "cat_subj": 0.0}
    first = parts[0]
    if subj is not None and sign:
        cat_r, cat_s = _category(doc, first), _category(doc, subj)
        out["cat_subj"] = sign * (1.0 if cat_r == cat_s else -1.0)
        if cat_r == cat_s == "NP":
            out["anim_subj"] = sign * (
                1.0 if _animate(_np_head(doc, first)) == _animate(_np_head(doc, subj)) else -1.0
            )
            out["def_subj"] = sign * (
                1.0 if _det_class(doc, first) == _det_class(doc, subj) else -1.0
            )
    n_deps = 0
    if verb is not None:
        n_deps = int(subj is not None) + sum(
            1 for c in verb.children if c.i > verb.i and c.i < cc and c.dep_ in CLAUSE_DEPS
        )
    out["deps_minus_m"] = float(max(-3, min(3, n_deps - len(parts))))
    out["dist_first"] = math.log1p(max(0, cc - corr[0].start)) if corr else 0.0
    rem = sum(p.end - p.start + 1 for p in parts)
    cor = sum(c.end - c.start + 1 for c in corr) if corr else rem
    out["rem_corr_len"] = math.log(max(1, rem) / max(1, cor))
    first_word, subj_word = doc[first.start].lower_, doc[subj.start].lower_ if subj else ""
    pair = first_word in CONTRAST_QUANTIFIERS and subj_word in CONTRAST_QUANTIFIERS
    out["quant_pair"] = sign * float(pair and first_word != subj_word)
    pairs = pair_features(doc, parts, corr)
    # a number remnant, also after adverbs of quantity ("[almost] 19,500", "[fewer than]
    # 20,000"), replaces a bare number whose noun stays: v8's ``qnum_keeps_noun`` (v5's
    # weights, fitted on bare numbers, are kept; session 12 widened the definition)
    out["num_keeps_noun"] = pairs["qnum_keeps_noun"]
    out.update(pairs)
    if clause:  # v8's features, computed only for a model that uses them or for fitting
        out.update(clause_features(doc, option, parts, corr, subj, verb, cc))
    out["strip_subj_class"] = out["strip_obj_class"] = 0.0
    if strip and sign and len(parts) == 1:
        cls = _word_class(_np_head(doc, first))
        if subj is not None:
            same = cls == _word_class(_np_head(doc, subj))
            out["strip_subj_class"] = sign * (1.0 if same else -1.0)
        obj = _first_object(verb, cc)
        if obj is not None:
            same = cls == _word_class(obj)
            out["strip_obj_class"] = sign * (-1.0 if same else 1.0)
    return out


def pair_features(doc: Any, parts: Sequence[Any], corr: Sequence[Any]) -> dict[str, float]:
    """Features of the remnant / correlate pairs of one analysis (v7, issue 11; ``parts`` and
    ``corr`` paired in order, inclusive ``start``/``end`` token ranges of ``doc``):

    - ``qnum_keeps_noun``: a remnant that is a number, possibly after adverbs of quantity
      ("nearly 300", "fewer than 20,000"), replaces a number, possibly after such adverbs
      too, whose counted noun stays ("[about] 200 [visitors]"), i.e. ``num_keeps_noun`` with
      the adverbs allowed (since session 12 ``num_keeps_noun`` is this value);
    - ``echo_left``: some remnant opens with the 1-4 words just before its correlate (which
      stay in the rewrite, so it would say them twice: "to try [to try] to begin");
    - ``echo_prep``: the word before some correlate is a preposition that recurs inside its
      remnant after the remnant's first word ("by [the company] ... and the rest by holders":
      the remnant holds two phrases, the second answering the preposition's phrase)."""
    from lingeval.conjuncts.resolvers.rules import _without_quantity_adverbs

    pairs = list(zip(parts, corr, strict=False))
    qnum = any(
        bare_number(doc, _without_quantity_adverbs(doc, a))
        and bare_number(doc, _without_quantity_adverbs(doc, b))
        and _noun_stays(doc, b, corr)
        for a, b in pairs
    )
    return {
        "qnum_keeps_noun": float(qnum),
        "echo_left": float(any(_echo_left(doc, a, b) for a, b in pairs)),
        "echo_prep": float(any(_echo_prep(doc, a, b) for a, b in pairs)),
    }


def clause_features(
    doc: Any,
    option: str,
    parts: Sequence[Any],
    corr: Sequence[Any],
    subj: Any | None,
    verb: Any | None,
    cc: int,
) -> dict[str, float]:
    """Features of an analysis against the first clause's dependents (v8, issue 11):

    - ``dropped_deps``: for each pair, the dependents of the verb (after it, before the
      conjunction, :data:`CLAUSE_DEPS`) that lie inside the correlate beyond the remnant's
      phrases (``omission.chunk_phrases``), summed and capped at 3: the rewrite loses them
      ("take [the bus to school] ... and the younger ones the tram" -> "take the tram");
    - ``subj_class_pull``: +1 when a correlate that is no part of the subject has a remnant of
      the subject's head class (name, pronoun, noun, number) and not of the correlate's own
      ("Toyota raised [prices] ... and Honda by 2%" read as "raised Honda"), else 0."""
    from lingeval.conjuncts.omission import chunk_phrases
    from lingeval.conjuncts.resolvers.rules import _np_head

    out = dict.fromkeys(CLAUSE_FEATURES, 0.0)
    if verb is None:
        return out
    deps = [
        c for c in verb.children if verb.i < c.i < cc and c.dep_ in CLAUSE_DEPS | {"xcomp", "ccomp"}
    ]
    dropped = 0
    for rem, cor in zip(parts, corr, strict=False):
        inside = sum(1 for c in deps if cor.start <= c.left_edge.i and c.right_edge.i <= cor.end)
        phrases = len(chunk_phrases(doc, rem.start, rem.end)) or 1
        dropped += max(0, inside - phrases)
    out["dropped_deps"] = float(min(3, dropped))
    if subj is not None and parts and corr:
        subj_cls = _word_class(_np_head(doc, subj))
        for rem, cor in zip(parts, corr, strict=False):
            if cor.start <= subj.end and cor.end >= subj.start:
                continue  # the subject's own correlate
            rem_cls, cor_cls = _word_class(_np_head(doc, rem)), _word_class(_np_head(doc, cor))
            if rem_cls == subj_cls and rem_cls != cor_cls and rem_cls in {"PROPN", "PRON"}:
                out["subj_class_pull"] = 1.0
                break
    return out


def _echo_left(doc: Any, rem: Any, corr: Any) -> bool:
    """The remnant ``rem`` opens with the 1-4 words (no punctuation) just before ``corr``."""
    for n in range(1, 5):
        if corr.start - n < 0 or rem.start + n - 1 > rem.end:
            break
        before = doc[corr.start - n : corr.start]
        if any(t.is_punct for t in before):
            break
        if [t.lower_ for t in before] == [t.lower_ for t in doc[rem.start : rem.start + n]]:
            return True
    return False


def _echo_prep(doc: Any, rem: Any, corr: Any) -> bool:
    """The word before ``corr`` is a preposition that recurs in ``rem`` after its first word."""
    if corr.start == 0 or doc[corr.start - 1].tag_ not in {"IN", "TO"}:
        return False
    word = doc[corr.start - 1].lower_
    return any(doc[i].lower_ == word for i in range(rem.start + 1, rem.end + 1))


#: Common nouns that name people (a word list written here; with the personal pronouns
#: they make :func:`phrase_kind`'s ``PERSON``).
PERSON_NOUNS = frozenset({
    "man", "woman", "men", "women", "person", "people", "child", "children", "kid", "boy",
    "girl", "baby", "guy", "lady", "gentleman", "mother", "father", "mom", "dad", "parent",
    "brother", "sister", "son", "daughter", "wife", "husband", "uncle", "aunt", "cousin",
    "grandmother", "grandfather", "nephew", "niece", "family", "friend", "neighbour",
    "neighbor", "partner", "colleague", "boss", "owner", "manager", "director", "president",
    "minister", "chairman", "leader", "king", "queen", "prince", "princess", "officer",
    "soldier", "captain", "general", "police", "policeman", "teacher", "student", "pupil",
    "professor", "doctor", "nurse", "patient", "lawyer", "judge", "driver", "pilot", "worker",
    "employee", "employer", "staff", "customer", "client", "user", "member", "player", "coach",
    "fan", "author", "writer", "poet", "artist", "singer", "actor", "actress", "musician",
    "scientist", "researcher", "historian", "journalist", "reporter", "editor", "critic",
    "engineer", "farmer", "priest", "bishop", "pope", "monk", "nun", "official", "spokesman",
    "spokeswoman", "spokesperson", "analyst", "investor", "trader", "banker", "citizen",
    "resident", "visitor", "tourist", "guest", "host", "stranger", "victim", "suspect", "thief",
    "killer", "hero", "enemy", "ally", "candidate", "voter", "senator", "governor", "mayor",
    "emperor", "chief", "expert", "adult", "teen", "teenager", "youth", "individual",
    "participant", "volunteer", "audience", "crowd", "team", "human", "being", "someone",
    "somebody", "anyone", "anybody", "everyone", "everybody", "nobody",
    # (kin and everyday words for people, issue 11 session 13: "and my mum too")
    "mum", "mummy", "mommy", "mama", "papa", "daddy", "grandma", "grandpa", "granny",
    "grandson", "granddaughter", "grandparent", "grandchild", "sibling", "twin", "spouse",
    "fiance", "fiancee", "girlfriend", "boyfriend", "roommate", "flatmate", "housemate",
    "classmate", "coworker", "landlord", "landlady", "tenant", "buyer", "seller", "surgeon",
    "dentist", "chef", "cook", "waiter", "waitress", "politician", "diplomat", "ambassador", "scholar",
    "economist", "opponent", "rival", "nanny", "babysitter",
})  # fmt: skip

#: Common nouns that name animals (a word list written here, issue 11 sixth session: an animal
#: is animate like a person, :func:`phrase_kind`'s ``ANIMAL``; :func:`kind_match` 0.5).
ANIMAL_NOUNS = frozenset({
    "animal", "dog", "puppy", "cat", "kitten", "horse", "pony", "cow", "bull", "calf", "pig",
    "sheep", "lamb", "goat", "chicken", "hen", "rooster", "duck", "goose", "bird", "parrot",
    "owl", "eagle", "pigeon", "fish", "shark", "whale", "dolphin", "mouse", "rat", "rabbit",
    "squirrel", "fox", "wolf", "bear", "lion", "tiger", "elephant", "monkey", "ape", "deer",
    "snake", "frog", "turtle", "insect", "bee", "ant", "spider", "butterfly", "camel", "zebra",
    "giraffe", "donkey", "pet", "cattle", "livestock", "puppies", "kittens",
})  # fmt: skip

#: Coarse groups of :func:`phrase_kind` (kinds of one group may stand for each other).
KIND_GROUPS = {"PERSON": "ANIMATE", "NAME": "ANIMATE"}


#: Words that head a partitive phrase ("most of the staff", "some of the neighbours")
PARTITIVE_HEADS = frozenset({
    "all", "most", "some", "many", "few", "several", "none", "each", "half", "any", "both",
    "either", "neither", "much", "part",
})  # fmt: skip


def phrase_kind(tokens: Iterable[Any]) -> str:
    """The kind of a phrase (a contiguous list of spaCy tokens), for stripping's choice of
    correlate (issue 11: a remnant answers a phrase of the same kind): ``PP:<preposition>``,
    ``TIME`` (a noun phrase of time: "last week", "in 2019" is ``PP:in``), ``NUM``,
    ``PERSON`` (a personal pronoun of a person, a noun of :data:`PERSON_NOUNS` or a first
    name of ``data/conjuncts/first-names.txt``), ``NAME`` (another proper name, also a capitalised
    word tagged as a common noun that is no English noun: "Ann/NN"), ``PRON`` (another
    pronoun), ``ANIMAL`` (a noun of :data:`ANIMAL_NOUNS`), ``NOUN``, ``ADJ``, ``ADV`` or
    ``OTHER``; from tags and word lists only. A
    noun phrase with a number ("300 cars") is ``NUM``; a partitive ("most of the staff") has
    the kind of its whole."""
    from lingeval.conjuncts.resolvers.rules import TIME_NOUNS
    from lingeval.conjuncts.resolvers.vpe import name_gender

    toks = [t for t in tokens if not t.is_punct]
    if not toks:
        return "OTHER"
    first = toks[0]
    if first.tag_ in {"IN", "TO"} and len(toks) > 1:
        return f"PP:{first.lower_}"
    ids = {t.i for t in toks}
    head = next((t for t in toks if t.head.i not in ids or t.head.i == t.i), toks[-1])
    low = head.lower_
    if low in PARTITIVE_HEADS:
        # a partitive takes the kind of its whole: "most of the staff" is a person
        of = next((c for c in head.children if c.lower_ == "of" and c.i in ids), None)
        if of is not None and of.i + 1 <= toks[-1].i:
            return phrase_kind([t for t in toks if t.i > of.i])
    if head.lemma_.lower() in TIME_NOUNS or low in TIME_NOUNS:
        return "TIME"
    if head.tag_ == "CD" and len(head.text) == 4 and head.text.isdigit() and len(toks) == 1:
        return "TIME"  # a year
    cls = _word_class(head)
    if any(c.dep_ == "nummod" and c.tag_ == "CD" for c in head.children):
        return "NUM"  # a counted noun phrase: "300 cars" answers "400"
    if cls == "PRON":
        return "PERSON" if low in ANIMATE_PRONOUNS else "PRON"
    if cls == "PROPN":  # a frequent first name is a person, other names may be places
        return "PERSON" if name_gender(low) is not None else "NAME"
    if cls == "NOUN" and head.lemma_.lower() in PERSON_NOUNS:
        return "PERSON"
    if cls == "NOUN" and head.lemma_.lower() in ANIMAL_NOUNS:
        return "ANIMAL"
    if cls in {"NUM", "NOUN", "ADJ"}:
        return cls
    return "ADV" if head.tag_.startswith("RB") else "OTHER"


def kind_match(a: str, b: str) -> float:
    """How well two :func:`phrase_kind` values agree: 1 the same kind, 0.5 the same group of
    :data:`KIND_GROUPS` (a person and a name) or a person and an animal, 0 otherwise."""
    if a == b:
        return 1.0
    if {a, b} == {"ANIMAL", "PERSON"}:  # both animate (a name may be a place: not an animal)
        return 0.5
    return 0.5 if a in KIND_GROUPS and KIND_GROUPS[a] == KIND_GROUPS.get(b) else 0.0


def _word_class(tok: Any) -> str:
    """The head class of :func:`~lingeval.conjuncts.resolvers.rules._head_class`, with a
    capitalised common-noun tag on a word that is no English noun read as a name (the
    tagger's "Ann/NN likes jazz")."""
    if tok.tag_ in {"NN", "NNS"} and tok.text[:1].isupper() and not has_lemma(tok.lower_, "NOUN"):
        return "PROPN"
    from lingeval.conjuncts.resolvers.rules import _head_class

    return _head_class(tok)


def bare_number(doc: Any, span: Any) -> bool:
    """The span (inclusive ``start``/``end`` token range of ``doc``) is only a number
    ("15", "$5", "3 %"), also with the article or fraction of a number word ("a hundred",
    "half a million")."""
    start = number_start(doc, span.start, span.end)
    return all(numeral(doc[i]) or doc[i].text in {"$", "%"} for i in range(start, span.end + 1))


def numeral_article(doc: Any, i: int) -> bool:
    """``doc[i]`` is an article that belongs to the number after it ("[a] hundred", "half
    [a] million"): it opens no rate ("[a] year") and makes no noun phrase of the number."""
    return bool(doc[i].lower_ in {"a", "an"} and i + 1 < len(doc) and numeral(doc[i + 1]))


def number_start(doc: Any, first: int, end: int) -> int:
    """The first token of the number in tokens ``first`` .. ``end`` after the fraction and
    article that belong to it ("[half a] million", "[a] hundred"); ``first`` when there are
    none."""
    if first + 1 < end and doc[first].lower_ == "half" and numeral_article(doc, first + 1):
        first += 1
    if first < end and numeral_article(doc, first):
        first += 1
    return first


def numeral(tok: Any) -> bool:
    """A number word: tagged ``CD``, or "dozen", which the tagger calls a noun ("a dozen",
    "two dozen")."""
    return bool(tok.tag_ == "CD" or tok.lower_ == "dozen")


def _noun_stays(doc: Any, span: Any, corr: Sequence[Any]) -> bool:
    """The noun that the number ``span`` counts follows it and is in no correlate."""
    head = doc[span.end].head
    return (
        head.i > span.end
        and head.tag_ in {"NN", "NNS"}
        and not any(c.start <= head.i <= c.end for c in corr)
    )


def _first_object(verb: Any | None, cc: int) -> Any | None:
    """The first object-like dependent of ``verb`` after it and before ``cc`` (a direct
    object, attribute, predicate, or the object of a preposition), or None."""
    if verb is None:
        return None
    for c in verb.children:
        if not verb.i < c.i < cc:
            continue
        if c.dep_ in {"dobj", "attr", "dative", "oprd", "acomp"}:
            return c
        if c.dep_ == "prep":
            pobj = next((o for o in c.children if o.dep_ == "pobj" and o.i < cc), None)
            if pobj is not None:
                return pobj
    return None


def _animate(tok: Any) -> bool:
    """A person, as far as the tags tell: a personal pronoun or a proper noun."""
    return bool(tok.lower_ in ANIMATE_PRONOUNS or tok.tag_ in {"NNP", "NNPS"})


@dataclass
class RankerModel:
    """A linear scorer over :data:`FEATURES` (standardised), as fitted by :func:`fit`."""

    version: str
    features: list[str]
    mean: list[float]
    scale: list[float]
    coef: list[float]
    intercept: float
    meta: dict[str, Any] = field(default_factory=dict)
    #: the re-parse check: a logistic regression over :data:`CHECK_FEATURES`
    #: (``{"mean", "scale", "coef", "intercept"}``), or None
    check: dict[str, Any] | None = None
    #: stripping's choice of correlate (refits since the fifth session of issue 11; v1-v4 have
    #: none): a logistic regression over
    #: :data:`STRIP_FEATURES` fitted on synthetic stripping, or None (the hand rule of
    #: :mod:`lingeval.conjuncts.resolvers.stripping` decides)
    strip: dict[str, Any] | None = None

    @property
    def uses_clause_features(self) -> bool:
        """The model scores :data:`CLAUSE_FEATURES` (v8 and later)."""
        return not set(CLAUSE_FEATURES).isdisjoint(self.features)

    def strip_score(self, feats: Mapping[str, float]) -> float | None:
        """Score of one correlate of a stripped remnant (:data:`STRIP_FEATURES`), or None
        for a model without a stripping part."""
        if self.strip is None:
            return None
        return _part_score(self.strip, self.strip["features"], feats)

    def check_score(self, feats: Mapping[str, float]) -> float:
        """Score of an analysis after its rewrites were re-parsed (:func:`check_features`)."""
        if self.check is None:
            return float(feats.get("s1", 0.0))
        return _part_score(self.check, CHECK_FEATURES, feats)

    @functools.cached_property
    def _terms(self) -> tuple[tuple[str, tuple[str, ...], float, float, float], ...]:
        """``(name, parts, mean, scale, coef)`` per feature, ``parts`` the factors of an
        interaction ``"a*b"`` (else empty): names are split once per model, not per call
        (the fields are not changed after the model is made)."""
        return tuple(
            (name, tuple(name.split("*")) if "*" in name else (), mu, sd, w)
            for name, mu, sd, w in zip(self.features, self.mean, self.scale, self.coef, strict=True)
        )

    def score(self, feats: Mapping[str, float]) -> float:
        """The linear score (log-odds that the analysis is right) of one analysis:
        ``intercept + sum_j coef_j * (x_j - mean_j) / scale_j`` with ``x_j`` =
        :func:`feature_value` (the same arithmetic, inlined: it runs for every analysis)."""
        total = self.intercept
        get = feats.get
        for name, parts, mu, sd, w in self._terms:
            x = math.prod(float(get(p, 0.0)) for p in parts) if parts else float(get(name, 0.0))
            total += w * (x - mu) / sd
        return total

    def probability(self, feats: Mapping[str, float]) -> float:
        """``1 / (1 + exp(-score))``."""
        s = self.score(feats)
        return 1.0 / (1.0 + math.exp(-s)) if s > -50 else 0.0

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=True) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_json(cls, text: str) -> RankerModel:
        data = json.loads(text)
        return cls(**data)


def _part_score(part: Mapping[str, Any], names: Sequence[str], feats: Mapping[str, float]) -> float:
    """The linear score of a fitted part (``{"mean", "scale", "coef", "intercept"}`` over the
    features ``names``, standardised) for the features ``feats`` (a missing one is 0)."""
    total = float(part["intercept"])
    for name, mu, sd, w in zip(names, part["mean"], part["scale"], part["coef"], strict=True):
        total += w * (float(feats.get(name, 0.0)) - mu) / sd
    return total


def _fit_part(
    rows: Sequence[Mapping[str, float]], labels: Sequence[int], names: Sequence[str], c: float
) -> dict[str, Any] | None:
    """A logistic regression over the features ``names`` of ``rows`` (None: one class only)."""
    if len(set(labels)) < 2:
        return None
    x = [[float(r.get(f, 0.0)) for f in names] for r in rows]
    return {"features": list(names), **_logistic(x, labels, c)}


def load_ranker(spec: str | RankerModel | None = None) -> RankerModel:
    """The model itself, the shipped version ``spec`` (default :data:`DEFAULT_VERSION`), or
    one saved at a path."""
    if isinstance(spec, RankerModel):
        return spec
    return _load_ranker(spec or DEFAULT_VERSION)


@functools.lru_cache(maxsize=8)
def _load_ranker(spec: str) -> RankerModel:
    """The shipped model (``spec`` = a version such as ``v1``) or one saved at a path."""
    from lingeval.core.errors import LingevalError

    path = Path(spec)
    if path.suffix == ".json" or path.exists():
        try:
            return RankerModel.from_json(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, TypeError) as exc:
            raise LingevalError(f"{spec}: not a ranker model ({exc})") from exc
    try:
        text = (DATA / f"ranker-{spec}.json").read_text(encoding="utf-8")
    except OSError as exc:
        raise LingevalError(f"unknown ranker version {spec!r}") from exc
    return RankerModel.from_json(text)


#: Features of one correlate of a stripped remnant ("Ann likes jazz, and Bo as well":
#: subject or object?), for :attr:`RankerModel.strip`.
STRIP_FEATURES: tuple[str, ...] = (
    "sim",  # shape similarity remnant / correlate (the hand rule's score)
    "same_head",  # the same head lemma ("Our team ..., and their team too")
    "kind_match",  # kind_match of the phrase_kinds (a name for a name, a number for a number)
    "subj",  # the correlate is the subject
    "pp_obj",  # the correlate is the object inside a prepositional phrase
    "nearest",  # the correlate nearest the conjunction
    "subj_not",  # subject correlate under "not" / "never"
    "subj_also",  # subject correlate with a fronted "also"
)

#: Features of the re-parse check of one analysis (its rewrites parsed again).
CHECK_FEATURES: tuple[str, ...] = (
    "s1",  # the analysis score of the first stage
    "chk_clause",  # share of rewrites that are one clause with a finite verb and a subject
    "chk_dangling",  # per rewrite: extra roots and unattached ("dep") words
    "chk_types",  # share of later rewrites whose root has the first rewrite's phrase types
    "chk_verbs",  # share of rewrites whose root is a verb
)

SUBJECT_DEPS = {"nsubj", "nsubjpass", "csubj", "expl"}


def check_features(docs: Sequence[Any], score: float) -> dict[str, float]:
    """Check the parses of one analysis' rewrites (issue 11): one clause with a finite verb
    and a subject, nothing dangling, the same phrase types as the first conjunct."""
    n = max(1, len(docs))
    clause = dangling = types = verbs = 0.0
    first: list[str] | None = None
    for k, doc in enumerate(docs):
        roots = [t for t in doc if t.dep_ == "ROOT"]
        root = roots[0] if roots else None
        if root is not None and len(roots) == 1:
            finite = root.tag_ in FINITE_TAGS or any(
                c.dep_ in {"aux", "auxpass"} and c.tag_ in FINITE_TAGS for c in root.children
            )
            if finite and any(c.dep_ in SUBJECT_DEPS for c in root.children):
                clause += 1
        verbs += float(root is not None and root.pos_ in {"VERB", "AUX"})
        dangling += max(0, len(roots) - 1) + sum(1 for t in doc if t.dep_ in {"dep", "meta"})
        sig = sorted(c.dep_ for c in root.children if c.dep_ not in {"punct", "cc"}) if root else []
        if k == 0:
            first = sig
        else:
            types += float(sig == first)
    return {
        "s1": score,
        "chk_clause": clause / n,
        "chk_dangling": dangling / n,
        "chk_types": types / max(1, len(docs) - 1),
        "chk_verbs": verbs / n,
    }


def vectorise(
    rows: Sequence[Mapping[str, float]], features: Sequence[str] = FEATURES
) -> list[list[float]]:
    """Feature rows in the order of ``features`` (default :data:`FEATURES`)."""
    return [[feature_value(r, name) for name in features] for r in rows]


#: Training objectives of :func:`fit`.
OBJECTIVES = ("pointwise", "listwise")


def fit(
    rows: Sequence[Mapping[str, float]] | Any,
    labels: Sequence[int],
    *,
    version: str = DEFAULT_VERSION,
    c: float = 1.0,
    weights: Sequence[float] | None = None,
    groups: Sequence[int] | None = None,
    objective: str = "pointwise",
    meta: dict[str, Any] | None = None,
    features: Sequence[str] = FEATURES,
) -> RankerModel:
    """Fit the analysis scorer over ``features`` (default :data:`FEATURES`; the baseline
    recipe of the ship rule fits :data:`V5_FEATURES`).

    ``pointwise``: an L2 logistic regression (scikit-learn, ``C = c``, balanced classes) of
    right vs wrong analyses. ``listwise``: a conditional logit over the analyses of each
    example (``groups``: the example of every row), i.e. the softmax probability of the
    example's right analyses among all of its analyses is maximised (:func:`_conditional_logit`).
    ``weights`` are per-row weights (e.g. real development rows counted more than synthetic
    ones; for ``listwise`` the weight of a group is that of its first row). ``rows`` may
    also be a matrix already in the order of ``features`` (e.g. a numpy array)."""
    x = rows if hasattr(rows, "shape") else vectorise(rows, features)
    if objective == "listwise":
        if groups is None:
            raise ValueError("the listwise objective needs the example (group) of every row")
        fitted = _conditional_logit(x, labels, groups, c, weights)
    elif objective == "pointwise":
        fitted = _logistic(x, labels, c, weights)
    else:
        raise ValueError(f"unknown objective {objective!r}; choose from {', '.join(OBJECTIVES)}")
    info = {"objective": objective, **dict(meta or {})}
    return RankerModel(version=version, features=list(features), **fitted, meta=info)


def _conditional_logit(
    x: Sequence[Sequence[float]] | Any,
    labels: Sequence[int],
    groups: Sequence[int],
    c: float,
    weights: Sequence[float] | None = None,
) -> dict[str, Any]:
    """Standardise ``x`` and fit a conditional (grouped softmax) logit with an L2 penalty:

        minimise  c * sum_g w_g * -log( sum_{i in g, y_i=1} e^{s_i} / sum_{i in g} e^{s_i} )
                  + |beta|^2 / 2,     s_i = beta . z_i

    over groups with at least one right and one wrong analysis (scipy L-BFGS). The intercept
    is 0: only differences within an example matter."""
    import numpy as np
    from scipy.optimize import minimize

    arr = np.asarray(x, dtype=float)
    mean = arr.mean(axis=0)
    scale = arr.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (arr - mean) / scale
    y = np.asarray(labels, dtype=float)
    g = np.asarray(groups)
    w_row = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=float)
    order = np.argsort(g, kind="stable")
    z, y, g, w_row = z[order], y[order], g[order], w_row[order]
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    pos = np.add.reduceat(y, starts)
    size = np.diff(np.r_[starts, len(g)])
    useful = (pos > 0) & (pos < size)
    keep = np.repeat(useful, size)
    z, y, g, w_row = z[keep], y[keep], g[keep], w_row[keep]
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]]) if len(g) else np.array([], int)
    size = np.diff(np.r_[starts, len(g)])
    w_grp = w_row[starts] if len(g) else np.array([])
    idx = np.repeat(np.arange(len(starts)), size)

    def objective(beta: Any) -> tuple[float, Any]:
        s = z @ beta
        m = np.maximum.reduceat(s, starts)[idx]
        e = np.exp(s - m)
        all_sum = np.add.reduceat(e, starts)
        pos_sum = np.add.reduceat(e * y, starts)
        nll = -(np.log(pos_sum) - np.log(all_sum))
        p = e / all_sum[idx]
        q = e * y / pos_sum[idx]
        grad_s = (p - q) * w_grp[idx]
        value = c * float(w_grp @ nll) + 0.5 * float(beta @ beta)
        return value, c * (z.T @ grad_s) + beta

    beta0 = np.zeros(z.shape[1])
    if len(g):
        beta0 = minimize(objective, beta0, jac=True, method="L-BFGS-B").x
    return {
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "coef": [round(float(v), 6) for v in beta0],
        "intercept": 0.0,
    }


def _logistic(
    x: Sequence[Sequence[float]] | Any,
    labels: Sequence[int],
    c: float,
    weights: Sequence[float] | None = None,
) -> dict[str, Any]:
    """Standardise ``x`` and fit an L2 logistic regression with balanced classes."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    arr = np.asarray(x, dtype=float)
    mean = arr.mean(axis=0)
    scale = arr.std(axis=0)
    scale[scale < 1e-9] = 1.0
    clf = LogisticRegression(C=c, class_weight="balanced", max_iter=2000)
    clf.fit((arr - mean) / scale, np.asarray(labels, dtype=int), sample_weight=weights)
    return {
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "coef": [round(float(v), 6) for v in clf.coef_[0]],
        "intercept": round(float(clf.intercept_[0]), 6),
    }


@dataclass
class TrainingRows:
    """Analyses of many examples: features, labels (1 = rewrites equal gold), example index."""

    rows: list[dict[str, float]] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
    groups: list[int] = field(default_factory=list)
    examples: int = 0  # examples given
    with_candidates: int = 0  # examples with at least one analysis
    reachable: int = 0  # examples with at least one right analysis


def _same(pred: Sequence[str], gold: Sequence[str]) -> bool:
    from lingeval.conjuncts.metric import normalise_for_exact_match as norm

    return [norm(s, cased=False) for s in pred] == [norm(s, cased=False) for s in gold]


def training_rows(
    examples: Sequence[Any],
    *,
    spacy_model: str | None = None,
    progress: bool = False,
    parser: Any | None = None,
) -> TrainingRows:
    """Parse ``examples`` (ConjunctExample with gold rewrites) and label every analysis
    (``parser``: a :class:`lingeval.core.parsing.Parser` to reuse, e.g. one with a cache)."""
    from lingeval.conjuncts.resolvers.rules import _token_at, resolve_doc
    from lingeval.core.parsing import Parser

    parser = parser or Parser(spacy_model, progress=progress)
    docs = parser.parse([ex.sentence for ex in examples])
    out = TrainingRows(examples=len(examples))
    for n, (ex, doc) in enumerate(zip(examples, docs, strict=True)):
        cc = _token_at(doc, ex.offset)
        if cc is None or not ex.rewrites:
            continue
        collected: list[Any] = []
        resolve_doc(doc, cc, collect=collected)
        if not collected:
            continue
        out.with_candidates += 1
        gold = ex.rewrites if ex.rewritable else [ex.sentence]
        any_right = False
        for cand, built in collected:
            right = built is not None and _same(built.sentences, gold)
            any_right = any_right or right
            out.rows.append(cand.feats)
            out.labels.append(int(right))
            out.groups.append(n)
        out.reachable += int(any_right)
    return out


def top1_accuracy(model: RankerModel, data: TrainingRows, indices: Sequence[int]) -> float:
    """Share of examples (``indices`` into ``data.groups``' values) whose best analysis is right."""
    best: dict[int, tuple[float, int]] = {}
    wanted = set(indices)
    for row, label, g in zip(data.rows, data.labels, data.groups, strict=True):
        if g not in wanted:
            continue
        s = model.score(row)
        if g not in best or s > best[g][0]:
            best[g] = (s, label)
    return sum(lab for _, lab in best.values()) / max(1, len(best))


def fold_assignment(keys: Iterable[Any], folds: int, seed: int) -> dict[Any, int]:
    """The fold (0 .. ``folds`` - 1) of every distinct key (an example, a sentence): the
    sorted keys shuffled with ``random.Random(seed)``, then dealt round-robin; every
    cross-validation of the ranker and of its stripping part folds this way."""
    import random

    ordered = sorted(set(keys))
    random.Random(seed).shuffle(ordered)
    return {key: k % max(1, folds) for k, key in enumerate(ordered)}


def cross_validate(
    data: TrainingRows,
    *,
    folds: int = 5,
    c: float = 1.0,
    seed: int = 0,
    objective: str = "pointwise",
) -> dict[str, float]:
    """k-fold cross-validation by example: mean top-1 accuracy of held-out examples (%)."""
    fold_of = fold_assignment(data.groups, folds, seed)
    accs = []
    for k in range(folds):
        train = [i for i, g in enumerate(data.groups) if fold_of[g] != k]
        test = [g for g in fold_of if fold_of[g] == k]
        labels = [data.labels[i] for i in train]
        if not test or len(set(labels)) < 2:
            continue
        model = fit(
            [data.rows[i] for i in train],
            labels,
            c=c,
            groups=[data.groups[i] for i in train],
            objective=objective,
        )
        accs.append(top1_accuracy(model, data, test))
    return {
        "folds": float(folds),
        "top1": 100.0 * sum(accs) / max(1, len(accs)),
        "reachable": 100.0 * data.reachable / max(1, data.with_candidates),
    }


def read_text_lines(path: str | Path, *, skip_elided: bool = False) -> list[str]:
    """Sentences of a text source: ``# text =`` lines of a CoNLL-U file, else non-empty lines.

    ``skip_elided`` leaves out CoNLL-U sentences with an empty node (an elided predicate,
    ``8.1``): those are the treebank's own gapping sentences, i.e. development items, which
    must not reach the synthetic training text (issue 11: no leak into cross-validation).
    """
    from lingeval.core.textio import read_text

    lines = read_text(path).splitlines()
    if Path(path).suffix != ".conllu":
        return [ln.strip() for ln in lines if ln.strip()]
    out: list[str] = []
    text: str | None = None
    elided = False
    for ln in [*lines, ""]:
        if ln.startswith("# text = "):
            text = ln[9:].strip()
        elif not ln.strip():
            if text is not None and not (skip_elided and elided):
                out.append(text)
            text, elided = None, False
        elif not ln.startswith("#") and "." in ln.split("\t", 1)[0]:
            elided = True
    return out


def _norm_sentence(text: str) -> str:
    """A sentence reduced to its letters and digits, lower-cased (to match detokenised and
    raw versions of one sentence)."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def without_sentences(texts: Sequence[str], held: Sequence[str]) -> list[str]:
    """``texts`` without those that are (or contain, or are contained in) a sentence of
    ``held`` (compared on letters and digits only): development sentences must not reach the
    synthetic training text."""
    keys = {_norm_sentence(h) for h in held}
    keys.discard("")
    out = []
    for t in texts:
        k = _norm_sentence(t)
        if k in keys or any(len(h) > 20 and (h in k or (len(k) > 20 and k in h)) for h in keys):
            continue
        out.append(t)
    return out


@dataclass
class TrainingReport:
    """What :func:`train` did: data sizes, cross-validated top-1 accuracy, the model."""

    model: RankerModel
    synthetic: int
    development: int
    analyses: int
    positives: int
    with_candidates: int
    reachable_pct: float
    cv_top1_pct: float
    folds: int


def train(
    texts: Sequence[str],
    *,
    dev: Sequence[Any] = (),
    n: int = 20000,
    seed: int = 0,
    folds: int = 5,
    c: float = 0.1,
    objective: str = "pointwise",
    dev_weight: float = 300.0,
    version: str = DEFAULT_VERSION,
    spacy_model: str | None = None,
    progress: bool = False,
) -> TrainingReport:
    """Fit the ranker on synthetic gapping made from ``texts`` plus development examples.

    ``texts`` are real sentences (for example the ``# text`` lines of treebanks); at most
    ``n`` synthetic examples are made from them
    (:func:`lingeval.conjuncts.synthesize.synthesize_parallel_docs`, ``seed``). Every
    analysis of every example is labelled right or wrong (:func:`training_rows`); the
    reported accuracy is ``folds``-fold cross-validated by example. Sentences of ``dev`` are
    removed from ``texts`` first (:func:`without_sentences`), so that no development sentence
    is also synthetic training text. Development rows weigh ``dev_weight`` synthetic ones;
    ``objective`` is that of :func:`fit`.
    """
    from lingeval.conjuncts.synthesize import synthesize_parallel_docs
    from lingeval.core.parsing import Parser

    texts = without_sentences([t for t in texts if t.strip()], [ex.sentence for ex in dev])
    docs = Parser(spacy_model, progress=progress).parse(texts)
    synthetic = synthesize_parallel_docs(docs, n=n, seed=seed)
    examples = [*synthetic, *dev]
    data = training_rows(examples, spacy_model=spacy_model, progress=progress)
    cv = (
        cross_validate(data, folds=folds, c=c, seed=seed, objective=objective)
        if folds > 1
        else {"top1": math.nan}
    )
    meta = {
        "synthetic_examples": len(synthetic),
        "development_examples": len(dev),
        "analyses": len(data.rows),
        "cv_top1_pct": round(cv["top1"], 2),
        "folds": folds,
        "seed": seed,
        "c": c,
        "dev_weight": dev_weight,
    }
    weights = [dev_weight if g >= len(synthetic) else 1.0 for g in data.groups]
    model = fit(
        data.rows,
        data.labels,
        version=version,
        c=c,
        weights=weights,
        groups=data.groups,
        objective=objective,
        meta=meta,
    )
    # the re-parse check, on the alternatives of (at most 2,000) synthetic and all dev examples
    check = check_rows([*synthetic[:2000], *dev], model, spacy_model=spacy_model)
    model.check = fit_check(check[0], check[1], c=c)
    # stripping's choice of correlate, on synthetic stripping from the same text, with the
    # same pipeline and regularisation as the other parts
    model.strip, strip_report = train_strip(
        docs, n=max(200, n // 5), seed=seed, folds=folds, c=c, spacy_model=spacy_model
    )
    model.meta["strip"] = strip_report
    return TrainingReport(
        model=model,
        synthetic=len(synthetic),
        development=len(dev),
        analyses=len(data.rows),
        positives=sum(data.labels),
        with_candidates=data.with_candidates,
        reachable_pct=100.0 * data.reachable / max(1, data.with_candidates),
        cv_top1_pct=cv["top1"],
        folds=folds,
    )


def check_rows(
    examples: Sequence[Any],
    model: RankerModel,
    *,
    spacy_model: str | None = None,
    parser: Any | None = None,
) -> tuple[list[dict[str, float]], list[int], list[int]]:
    """Re-parse-check features of the alternatives of every detected omission in
    ``examples`` (analyses ranked by ``model``), with labels and example indices."""
    from lingeval.conjuncts.resolvers.rules import _token_at, resolve_doc
    from lingeval.core.parsing import Parser

    parser = parser or Parser(spacy_model)
    docs = parser.parse([ex.sentence for ex in examples])
    pending: list[tuple[int, float, Any, list[str]]] = []
    for n, (ex, doc) in enumerate(zip(examples, docs, strict=True)):
        cc = _token_at(doc, ex.offset)
        if cc is None or not ex.rewrites:
            continue
        res = resolve_doc(doc, cc, ranker=model)
        gold = ex.rewrites if ex.rewritable else [ex.sentence]
        for score, alt in res.details.get("alternatives", []):
            pending.append((n, score, alt.sentences, gold))
    texts = sorted({s for _, _, sents, _ in pending for s in sents})
    parsed = dict(zip(texts, parser.parse(texts), strict=True))
    rows, labels, groups = [], [], []
    for n, score, sents, gold in pending:
        rows.append(check_features([parsed[s] for s in sents], score))
        labels.append(int(_same(sents, gold)))
        groups.append(n)
    return rows, labels, groups


def strip_rows(
    examples: Sequence[Any], *, parser: Any | None = None, spacy_model: str | None = None
) -> tuple[list[dict[str, float]], list[int], list[int]]:
    """Features (:data:`STRIP_FEATURES`) and labels (1 = the rewrites equal the gold) of every
    correlate choice of the stripped ``examples`` (:func:`lingeval.conjuncts.resolvers.
    stripping.stripping_alternatives`), with example indices; only examples with two or more
    choices of which exactly one is right (the others carry nothing to learn)."""
    from lingeval.conjuncts.resolvers.rules import _Analysis, _token_at
    from lingeval.conjuncts.resolvers.stripping import stripping_alternatives
    from lingeval.core.parsing import Parser

    parser = parser or Parser(spacy_model)
    docs = parser.parse([ex.sentence for ex in examples])
    rows: list[dict[str, float]] = []
    labels: list[int] = []
    groups: list[int] = []
    for n, (ex, doc) in enumerate(zip(examples, docs, strict=True)):
        cc = _token_at(doc, ex.offset)
        if cc is None or not ex.rewrites:
            continue
        an = _Analysis(doc, cc)
        r_start = cc + 1
        while r_start <= an.last and doc[r_start].is_punct:
            r_start += 1
        alts = stripping_alternatives(an, r_start)
        labs = [int(res is not None and _same(res.sentences, ex.rewrites)) for _, res in alts]
        if len(alts) < 2 or sum(labs) != 1:
            continue
        rows.extend(f for f, _ in alts)
        labels.extend(labs)
        groups.extend([n] * len(alts))
    return rows, labels, groups


def strip_top1(
    score: Any, rows: Sequence[Mapping[str, float]], labels: Sequence[int], groups: Sequence[int]
) -> float:
    """Share (%) of examples whose best-scored correlate choice (``score(feats)``; ties to
    the last, the one nearest the conjunction) is the right one."""
    best: dict[int, tuple[float, int, int]] = {}
    for n, (row, label, g) in enumerate(zip(rows, labels, groups, strict=True)):
        key = (score(row), n, label)
        if g not in best or key[:2] >= best[g][:2]:
            best[g] = key
    return 100.0 * sum(v[2] for v in best.values()) / max(1, len(best))


def fit_strip(
    rows: Sequence[Mapping[str, float]], labels: Sequence[int], *, c: float = 1.0
) -> dict[str, Any] | None:
    """Fit stripping's choice of correlate (logistic regression over :data:`STRIP_FEATURES`)."""
    return _fit_part(rows, labels, STRIP_FEATURES, c)


def train_strip(
    docs: Sequence[Any],
    *,
    n: int = 4000,
    seed: int = 0,
    folds: int = 5,
    c: float = 1.0,
    parser: Any | None = None,
    spacy_model: str | None = None,
) -> tuple[dict[str, Any] | None, dict[str, float]]:
    """Fit stripping's choice of correlate on ``n`` synthetic stripped coordinations made
    from the parsed ``docs`` (:func:`lingeval.conjuncts.synthesize.synthesize_stripping_docs`;
    remnants of the correlate's kind), re-parsed with ``parser`` (else a new one of
    ``spacy_model``, the default pipeline when None); ``c`` is the inverse L2 strength. Returns
    the fitted part (:attr:`RankerModel.strip`) and a report: examples, examples with a
    choice, and the ``folds``-fold cross-validated top-1 (%) of the fitted choice and of the
    hand rule (:func:`lingeval.conjuncts.resolvers.stripping.hand_score`) on them."""
    from lingeval.conjuncts.resolvers.stripping import hand_score
    from lingeval.conjuncts.synthesize import synthesize_stripping_docs

    examples = synthesize_stripping_docs(docs, n=n, seed=seed)
    rows, labels, groups = strip_rows(examples, parser=parser, spacy_model=spacy_model)
    fold = fold_assignment(groups, folds, seed)
    fitted: list[float] = []
    hand: list[float] = []
    for k in range(folds if folds > 1 else 0):
        train_ix = [i for i, g in enumerate(groups) if fold[g] != k]
        test_ix = [i for i, g in enumerate(groups) if fold[g] == k]
        part = fit_strip([rows[i] for i in train_ix], [labels[i] for i in train_ix], c=c)
        if part is None or not test_ix:
            continue
        held = (
            [rows[i] for i in test_ix],
            [labels[i] for i in test_ix],
            [groups[i] for i in test_ix],
        )
        scorer = RankerModel("cv", [], [], [], [], 0.0, strip=part).strip_score
        fitted.append(strip_top1(scorer, *held))
        hand.append(strip_top1(hand_score, *held))
    report = {
        "examples": float(len(examples)),
        "with_choice": float(len(fold)),
        "cv_top1_fitted_pct": round(sum(fitted) / len(fitted), 2) if fitted else math.nan,
        "cv_top1_hand_pct": round(sum(hand) / len(hand), 2) if hand else math.nan,
    }
    return fit_strip(rows, labels, c=c), report


def fit_check(
    rows: Sequence[Mapping[str, float]], labels: Sequence[int], *, c: float = 1.0
) -> dict[str, Any] | None:
    """Fit the re-parse check (logistic regression over :data:`CHECK_FEATURES`)."""
    return _fit_part(rows, labels, CHECK_FEATURES, c)
