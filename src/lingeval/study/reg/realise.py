"""Realisation: a referential form in its slot -> the RE string (the second step of
RREG-S and ML-L, Same et al. 2022; the errors of paper 002, 6.2: possessive,
definiteness, a/an).

* **Possessive slot**: a slot before the possessed noun (``X 's capital``) takes ``X's`` /
  *his*, *her*, *its*, *their*. Decided by a logistic-regression classifier over the
  neighbouring tokens (next two tokens, their part-of-speech tags, suffixes and shape,
  previous token and tag), trained on
  the corpus REs (label: the RE ends in ``'s`` or is *his/its/their/whose*); unfitted, a rule:
  the next token is a lower-case word that is not a verb, preposition or conjunction.
* **Pronoun**: the entity's pronoun class (:meth:`RegResources.pronoun_class`), possessive in
  a possessive slot, object case after a preposition or a verb, else subject case.
* **Proper name**: for an entity with name REs in the training data, its most frequent one
  (``the United States``), among those agreeing with the predicted short/full choice for
  names with a comma (``Auburn`` vs ``Auburn, Washington``: a classifier over the slot's
  right context and the entity's category); otherwise the identifier's proper name with
  learned edits: a parenthetical kept, dropped or unwrapped (apart for quantities such as
  ``44.1 (square kilometres)``) and diacritics folded as the training REs do most often, and a definite article (``the Netherlands``, ``the Audi A1``)
  when a classifier over the name's words, first and last word, length, digits and the
  entity's pronoun class predicts one.
* **Description**: the entity's most frequent description in the training REs; for the major
  entity of a text without one, the most frequent description of major entities of its
  category (``the dish`` for Food); ``a``/``an`` agree with the next word.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import Any

from lingeval.study.reg.discourse import PREPOSITIONS, PRONOUNS, Context, RegResources
from lingeval.study.reg.evaluate import identifier_name, is_possessive, normalise, re_form
from lingeval.study.reg.instances import RegInstance

__all__ = ["Realiser", "a_an", "strip_possessive"]

#: Words that do not start a possessed noun phrase (the unfitted possessive rule).
_NOT_NOUN = frozenset({"is", "was", "are", "were", "has", "had", "have", "can", "could", "will", "would", "also", "did", "does", "do", "be", "been", "who", "which", "that", "and", "but", "or", "where", "when", "while", "whose", "served", "serves", "became", "died", "born", "lives", "lived", "works", "worked", "plays", "played", "sang", "won", "ran", "began", "wrote", "made", "took", "gave", "led", "held", "went", "grew", "left", "met", "flew", "fought", "built", "drew", "sat", "stood", "taught", "joined", "received", "studied", "married", "graduated", "attended", "represented", "owns", "operates", "not", "currently", "now", "then"}) | PREPOSITIONS  # fmt: skip
_PAREN = re.compile(r"\s*\(([^)]*)\)\s*")
_VOWEL_SOUND = re.compile(r"^(?:[aeio]|u(?![nrs]i|ni|s[eu]|ti))", re.IGNORECASE)


def strip_possessive(tokens: Sequence[str]) -> tuple[str, ...]:
    """The RE tokens without a final possessive ``'s``/``'``."""
    toks = tuple(tokens)
    while toks and toks[-1] in ("'s", "'", "`s", "’s"):
        toks = toks[:-1]
    return toks


def a_an(text: str) -> str:
    """Make an initial indefinite article agree with the next word (``a admiral`` -> ``an
    admiral``; a vowel letter means a vowel sound, except *uni-*, *use-*, ...)."""
    words = text.split(" ", 2)
    if len(words) >= 2 and words[0].casefold() in ("a", "an"):
        an = bool(_VOWEL_SOUND.match(words[1]))
        art = ("an" if an else "a") if words[0].islower() else ("An" if an else "A")
        return " ".join([art, *words[1:]])
    return text


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


_DETERMINERS = frozenset({"the", "a", "an", "his", "her", "its", "their", "'s"})


def word_contexts(instances: Sequence[RegInstance]) -> Counter[tuple[str, str]]:
    """Counts of ``(word, left)`` over the instances' texts, ``left`` being ``det`` (after a
    determiner or possessive), ``entity`` (right after an entity slot) or ``other``; a
    noun-likeness estimate from unlabelled text (the task's input)."""
    from lingeval.study.reg.instances import full_text, group_texts

    counts: Counter[tuple[str, str]] = Counter()
    for g in group_texts(instances):
        toks = full_text(instances, g)
        ents = {instances[i].entity for i in g}
        prev = "<s>"
        for t in toks:
            w = "<entity>" if t in ents else t.casefold()
            left = "entity" if prev == "<entity>" else "det" if prev in _DETERMINERS else "other"
            counts[(w, left)] += 1
            prev = w
    return counts


def _rate_bin(word: str, left: str, counts: Counter[tuple[str, str]]) -> str:
    n = sum(counts[(word, k)] for k in ("det", "entity", "other"))
    if n < 2:
        return "unk"
    r = counts[(word, left)] / n
    return "0" if r == 0 else "low" if r < 0.2 else "mid" if r < 0.5 else "high"


def _possessive_features(
    ctx: Context, counts: Counter[tuple[str, str]] | None = None
) -> dict[str, Any]:
    nxt, nxt2 = ctx.next_token, ctx.next2_token
    c = counts if counts is not None else Counter()
    return {
        "nt=" + ctx.next_tag: 1,
        "n2t=" + ctx.next2_tag: 1,
        "nt_n2t=" + ctx.next_tag + "_" + ctx.next2_tag: 1,
        "pt=" + ctx.prev_tag: 1,
        "ndet=" + _rate_bin(nxt, "det", c): 1,
        "nent=" + _rate_bin(nxt, "entity", c): 1,
        "n2det=" + _rate_bin(nxt2, "det", c): 1,
        "n=" + nxt: 1,
        "n2=" + nxt2: 1,
        "nn=" + nxt + "_" + nxt2: 1,
        "p=" + ctx.prev_token: 1,
        "nsuf=" + nxt[-3:]: 1,
        "nlower_alpha": nxt.isalpha() and nxt.islower(),
        "nclosed": nxt in _NOT_NOUN,
        "next_entity": ctx.next_is_entity,
        "initial": ctx.sentence_initial,
    }


def _name_features(entity: str, resources: RegResources, category: str) -> dict[str, Any]:
    words = normalise(_PAREN.sub(" ", identifier_name(entity))).split()
    f: dict[str, Any] = {"w=" + w: 1 for w in words}
    if words:
        f["first=" + words[0]] = 1
        f["last=" + words[-1]] = 1
    f["len"] = min(len(words), 5)
    f["digit"] = any(c.isdigit() for c in entity)
    f["class=" + resources.pronoun_class(entity)] = 1
    f["type=" + resources.type_of(entity)] = 1
    f["cat=" + category] = 1
    return f


def _short_features(ctx: Context, x: RegInstance) -> dict[str, Any]:
    suffix = x.entity.split(",", 1)[1].strip("_ ") if "," in x.entity else ""
    others = [e for e in ctx.text_entities if e != x.entity]
    return {
        "n=" + ctx.next_token: 1,
        "n2=" + ctx.next2_token: 1,
        "p=" + ctx.prev_token: 1,
        "cat=" + x.category: 1,
        "first": ctx.first,
        "suffix_shared": bool(suffix) and any(suffix in e for e in others),
        "suffix_entity": suffix in others,
    }


def _article_of(words: Sequence[str]) -> str:
    if words and words[0] == "the":
        return "the"
    if words and words[0] in ("a", "an"):
        return "a"
    return "none"


def _bare(text: str) -> str:
    """The RE without a leading article."""
    words = text.split()
    return " ".join(words[1:]) if words and words[0].casefold() in ("the", "a", "an") else text


def share_bin(k: int, n: int) -> str:
    if n == 0:
        return "unknown"
    r = k / n
    return "0" if r == 0 else "low" if r < 0.34 else "mid" if r < 0.67 else "high"


def _article_features(
    x: RegInstance,
    ctx: Context,
    possessive: bool,
    resources: RegResources,
    profile: Counter[str] | None,
) -> dict[str, Any]:
    f = _name_features(x.entity, resources, x.category)
    n = sum(profile.values()) if profile else 0
    f["mem_the=" + share_bin(profile["the"] if profile else 0, n)] = 1
    f["mem_a=" + share_bin(profile["a"] if profile else 0, n)] = 1
    f["p=" + ctx.prev_token] = 1
    f["n=" + ctx.next_token] = 1
    f["possessive"] = possessive
    return f


class Classifier:
    """DictVectorizer + logistic regression; a constant when one class is seen."""

    def __init__(self, seed: int, C: float = 1.0):
        self.seed, self.C = seed, C
        self.model: Any = None
        self.constant: Any = None

    def fit(self, X: list[dict[str, Any]], y: list[Any]) -> Classifier:
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline

        if len(set(y)) < 2:
            self.constant = y[0] if y else None
            return self
        self.model = make_pipeline(
            DictVectorizer(),
            LogisticRegression(C=self.C, max_iter=3000, random_state=self.seed),
        )
        self.model.fit(X, y)
        return self

    def predict(self, X: list[dict[str, Any]]) -> list[Any]:
        if self.model is None:
            return [self.constant] * len(X)
        return [v.item() if hasattr(v, "item") else v for v in self.model.predict(X)]

    def probability(self, X: list[dict[str, Any]], label: Any) -> list[float]:
        """P(label | x) for each row (0 or 1 for a constant classifier)."""
        if self.model is None:
            return [float(self.constant == label)] * len(X)
        classes = list(self.model.classes_)
        if label not in classes:
            return [0.0] * len(X)
        return [float(p) for p in self.model.predict_proba(X)[:, classes.index(label)]]


def adjust_to_prior(
    probs: Sequence[float], train_prior: float, *, rounds: int = 100
) -> list[float]:
    """Posteriors re-estimated for the class prior of new data (Saerens, Latinne and
    Decaestecker 2002): EM alternates the prior ``q`` (mean posterior) and the posteriors
    ``p q / pi / (p q / pi + (1 - p)(1 - q) / (1 - pi))``, ``pi`` the training prior."""
    if not probs or not 0 < train_prior < 1:
        return list(probs)
    q = train_prior
    post = list(probs)
    for _ in range(rounds):
        post = [
            (p * q / train_prior) / (p * q / train_prior + (1 - p) * (1 - q) / (1 - train_prior))
            for p in probs
        ]
        new_q = sum(post) / len(post)
        if abs(new_q - q) < 1e-6:
            break
        q = new_q
    return post


def text_folds(instances: Sequence[RegInstance], k: int) -> list[int]:
    """Fold of each instance: texts dealt round-robin into ``k`` folds."""
    from lingeval.study.reg.instances import group_texts

    out = [0] * len(instances)
    for j, g in enumerate(group_texts(instances)):
        for i in g:
            out[i] = j % max(k, 1)
    return out


class Realiser:
    """Form + slot context -> RE (see the module docstring). Usable unfitted (rules only)."""

    def __init__(
        self,
        resources: RegResources | None = None,
        *,
        seed: int = 0,
        folds: int = 5,
        adapt_prior: bool = True,
    ):
        self.resources = resources or RegResources()
        self.seed = seed
        self.folds = folds
        self.adapt_prior = adapt_prior
        self._possessive_prior = 0.0
        self.fitted = False
        self._articles: dict[str, Counter[str]] = {}
        self._possessive: Classifier | None = None
        self._article: Classifier | None = None
        self._short: Classifier | None = None
        self._names: dict[str, Counter[str]] = {}
        self._descriptions: dict[str, Counter[str]] = {}
        self._category_descriptions: dict[str, str] = {}
        self._paren: dict[bool, str] = {}
        self._fold_accents = False
        self._words: Counter[tuple[str, str]] = Counter()

    # ---------------------------------------------------------------- fitting
    def fit_possessive(self, instances: Sequence[RegInstance], ctxs: Sequence[Context]) -> Realiser:
        """Learn the possessive-slot classifier only (label: the corpus RE is possessive)."""
        self._words = word_contexts(instances)
        y = [is_possessive(x.refex_text, her=False) for x in instances]
        self._possessive = Classifier(self.seed).fit(
            [_possessive_features(c, self._words) for c in ctxs], y
        )
        self._possessive_prior = sum(y) / max(len(y), 1)
        return self

    def fit(self, instances: Sequence[RegInstance], ctxs: Sequence[Context]) -> Realiser:
        """Learn every component from training instances and their contexts."""
        self.resources = self.resources.with_training(instances)
        self.fit_possessive(instances, ctxs)
        names: dict[str, Counter[str]] = {}
        descs: dict[str, Counter[str]] = {}
        cat_descs: dict[str, Counter[str]] = {}
        articles: dict[str, Counter[str]] = {}
        short_X: list[dict[str, Any]] = []
        short_y: list[bool] = []
        art_rows: list[tuple[int, int, str]] = []  # (instance, fold, article)
        fold_of = text_folds(instances, self.folds)
        paren: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}
        fold: Counter[bool] = Counter()
        for i, (x, c) in enumerate(zip(instances, ctxs, strict=True)):
            form = re_form(x.refex_text, x.entity)
            text = " ".join(strip_possessive(x.refex))
            if not text:
                continue
            if form == "name":
                pn = identifier_name(x.entity)
                words = normalise(text).split()
                art = _article_of(words)
                names.setdefault(x.entity, Counter())[_bare(text)] += 1
                articles.setdefault(x.entity, Counter())[art] += 1
                art_rows.append((i, fold_of[i], art))
                bare = " ".join(w for w in words if w not in ("the", "a", "an"))
                if "," in pn:
                    short_X.append(_short_features(c, x))
                    short_y.append(bare == normalise(pn.split(",")[0]))
                m = _PAREN.search(pn)
                if m:  # the policy is learned apart for quantities ("44.1 (square km)")
                    policy = paren[pn[:1].isdigit()]
                    inner = normalise(m.group(1))
                    if bare == normalise(_PAREN.sub(" ", pn)):
                        policy["drop"] += 1
                    elif bare == normalise(_PAREN.sub(f" {m.group(1)} ", pn)):
                        policy["unwrap"] += 1
                    elif inner and bare == normalise(pn):
                        policy["keep"] += 1
                if _fold(pn) != pn:
                    fold[normalise(text) == normalise(_fold(text))] += 1
            elif form == "description":
                descs.setdefault(x.entity, Counter())[text] += 1
                if c.major:
                    cat_descs.setdefault(x.category, Counter())[text.casefold()] += 1
        self._names, self._descriptions = names, descs
        self._category_descriptions = {k: v.most_common(1)[0][0] for k, v in cat_descs.items() if v}
        # article classifier: the entity's article profile is taken out of fold
        art_X, art_y = [], []
        for k in sorted({f for _, f, _ in art_rows}):
            rest: dict[str, Counter[str]] = {}
            for i, f, a in art_rows:
                if f != k:
                    rest.setdefault(instances[i].entity, Counter())[a] += 1
            for i, f, a in art_rows:
                if f == k:
                    x = instances[i]
                    poss = is_possessive(x.refex_text, her=False)
                    art_X.append(
                        _article_features(x, ctxs[i], poss, self.resources, rest.get(x.entity))
                    )
                    art_y.append(a)
        self._articles = articles
        self._article = Classifier(self.seed).fit(art_X, art_y)
        self._short = Classifier(self.seed).fit(short_X, short_y) if short_X else None
        self._paren = {k: c.most_common(1)[0][0] if c else "keep" for k, c in paren.items()}
        self._fold_accents = fold[True] > fold[False]
        self.fitted = True
        return self

    # ---------------------------------------------------------------- predicting
    def possessive_slots(
        self, ctxs: Sequence[Context], instances: Sequence[RegInstance] = ()
    ) -> list[bool]:
        """Is each slot possessive? (classifier when fitted, else the rule). The word
        statistics of the training texts are extended with those of ``instances``' texts,
        and with ``adapt_prior`` (batches of 100 slots or more) the posteriors are adjusted
        to the batch's share of possessive slots by EM (:func:`adjust_to_prior`; unlabelled
        input, no corpus RE is read)."""
        if self._possessive is not None:
            words = self._words + word_contexts(instances) if instances else self._words
            X = [_possessive_features(c, words) for c in ctxs]
            probs = self._possessive.probability(X, True)
            if self.adapt_prior and len(X) >= 100:
                probs = adjust_to_prior(probs, self._possessive_prior)
            return [p >= 0.5 for p in probs]
        return [
            c.next_token.isalpha()
            and c.next_token not in _NOT_NOUN
            and not c.next_token.endswith("ed")
            and not (c.sentence_initial and c.next_token.endswith("s"))
            for c in ctxs
        ]

    def knows_description(self, entity: str) -> bool:
        """Do the training REs describe this entity?"""
        return entity in self._descriptions

    def description(self, x: RegInstance, ctx: Context) -> str | None:
        """The entity's description, or ``None`` when there is none to give."""
        c = self._descriptions.get(x.entity)
        if c:
            return c.most_common(1)[0][0]
        if ctx.major:
            return self._category_descriptions.get(x.category)
        return None

    def name(
        self,
        x: RegInstance,
        ctx: Context,
        possessive: bool = False,
        *,
        short: bool | None = None,
        article: str | None = None,
    ) -> str:
        """The proper-name RE (see the module docstring); ``short`` and ``article`` are the
        classifiers' decisions when already computed (:meth:`realise_all`)."""
        pn = identifier_name(x.entity)
        if short is None:
            short = (
                "," in pn
                and self._short is not None
                and bool(self._short.predict([_short_features(ctx, x)])[0])
            )
        seen = self._names.get(x.entity)
        bare = ""
        if seen:
            bare = seen.most_common(1)[0][0]
            if "," in pn:
                head = normalise(pn.split(",")[0])
                agree = [(n, t) for t, n in seen.items() if (normalise(t) == head) == short]
                if agree:
                    bare = max(agree)[1]
        else:
            bare = pn
            m = _PAREN.search(bare)
            policy = self._paren.get(pn[:1].isdigit(), "keep")
            if m and policy == "drop":
                bare = _PAREN.sub(" ", bare).strip()
            elif m and policy == "unwrap":
                bare = _PAREN.sub(f" {m.group(1)} ", bare).strip()
            if short:
                bare = bare.split(",")[0].strip()
            if self._fold_accents:
                bare = _fold(bare)
            bare = " ".join(bare.split())
        art = article or "none"
        if article is None and self._article is not None:
            art = str(
                self._article.predict(
                    [
                        _article_features(
                            x, ctx, possessive, self.resources, self._articles.get(x.entity)
                        )
                    ]
                )[0]
            )
        if art == "the":
            return "the " + bare
        if art == "a":
            return a_an("a " + bare)
        return bare

    def pronoun(self, x: RegInstance, ctx: Context, possessive: bool) -> str:
        if possessive:
            case = "possessive"
        elif ctx.after_preposition or (
            ctx.prev_token.isalpha()
            and not ctx.subject_position
            and ctx.prev_token not in ("who", "which", "that", "because", "when", "as")
        ):
            case = "object"
        else:
            case = "subject"
        return PRONOUNS[self.resources.pronoun_class(x.entity)][case]

    def realise_all(
        self,
        instances: Sequence[RegInstance],
        forms: Sequence[str],
        ctxs: Sequence[Context],
        possessive: Sequence[bool],
    ) -> list[str]:
        """:meth:`realise` for every instance, the classifiers run once on the whole batch."""
        short: list[bool | None] = [None] * len(instances)
        article: list[str | None] = [None] * len(instances)
        idx = [i for i, f in enumerate(forms) if f != "pronoun"]
        if self._short is not None:
            comma = [i for i in idx if "," in identifier_name(instances[i].entity)]
            if comma:
                pred = self._short.predict([_short_features(ctxs[i], instances[i]) for i in comma])
                for i, v in zip(comma, pred, strict=True):
                    short[i] = bool(v)
        if self._article is not None and idx:
            X = [
                _article_features(
                    instances[i],
                    ctxs[i],
                    possessive[i],
                    self.resources,
                    self._articles.get(instances[i].entity),
                )
                for i in idx
            ]
            for i, v in zip(idx, self._article.predict(X), strict=True):
                article[i] = str(v)
        return [
            self.realise(x, f, c, p, short=sh, article=ar)
            for x, f, c, p, sh, ar in zip(
                instances, forms, ctxs, possessive, short, article, strict=True
            )
        ]

    def realise(
        self,
        x: RegInstance,
        form: str,
        ctx: Context,
        possessive: bool,
        *,
        short: bool | None = None,
        article: str | None = None,
    ) -> str:
        """The RE of ``form``: a demonstrative is *this* + the description's noun phrase;
        a description or demonstrative without a description to give becomes a name."""
        if form == "pronoun":
            return self.pronoun(x, ctx, possessive)
        text: str | None = None
        if form in ("description", "demonstrative"):
            text = self.description(x, ctx)
            if text is not None and form == "demonstrative":
                text = "this " + _bare(text)
            elif text is not None:
                text = a_an(text)
        if text is None:
            text = self.name(x, ctx, possessive, short=short, article=article)
        return text + "'s" if possessive else text
