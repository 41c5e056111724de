"""The fitted part of mining's second stage: a logistic regression over a candidate's evidence.

Paper 000, section 4.2 kept about 92 % of mined candidates as real verbal omissions. The hand
rules of :mod:`lingeval.conjuncts.mining.evidence` reach that only on the labels they were
tuned on, so the second stage ends with a fitted classifier. For the candidate conjunction
``c`` it reads sparse 0/1 features (:func:`candidate_features`):

* the hand rules' decision and reason, the omission detector's kind and evidence
  (:func:`lingeval.conjuncts.omission.detect_omission`), the fired patterns;
* the conjunction word, the part of speech, tag and dependency of both conjuncts of its
  ``conj`` arc, of the words around it, closed-class words beside it;
* conjunct lengths (in bins), verbs and subjects after the conjunction, a comma before it;
* names and titles (capitalised words inside a conjunct, both conjuncts proper nouns),
  appositions and bare-noun "or" (a second name for one thing), "as ... as", "between",
  brackets, quotation marks, disfluencies ("uh", repeated words).

    p(true omission) = 1 / (1 + exp(-(intercept + sum_f coef_f)))   (f over active features)

A candidate is kept when ``p >= threshold`` (and, in the ``and`` combination, when the hand
rules keep it too). Coefficients, threshold and combination live in
``lingeval/data/conjuncts/mining-filter-<version>.json``; the version is part of the miner's
signature (``filter:<version>``). They are fitted (:func:`fit`) on the GUM-train labels of
``benchmarks/data/conjuncts`` by ``benchmarks/conjuncts_mining_fit.py --write``, which also
cross-validates (stratified, grouped by sentence) with the threshold chosen inside each
training fold (:func:`cross_validate`). Scoring is plain Python (no scikit-learn at run time).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.mining.evidence import _finite_verb, _governing_verb, _prev_content
from lingeval.conjuncts.mining.patterns import SUBJECT_DEPS, VERB, SentView
from lingeval.conjuncts.omission import FINITE_TAGS

if TYPE_CHECKING:
    from lingeval.conjuncts.omission import Omission

__all__ = [
    "DEFAULT_VERSION",
    "FilterModel",
    "candidate_features",
    "choose_threshold",
    "cross_validate",
    "fit",
    "load_filter",
]

DATA = Path(__file__).resolve().parent.parent.parent / "data" / "conjuncts"

#: Version of the shipped model (file ``mining-filter-<version>.json``).
DEFAULT_VERSION = "v5"

#: Tags whose words are kept as lexical features (closed classes); others give their tag.
_CLOSED = frozenset(
    {"DT", "IN", "RB", "RBR", "CC", "MD", "PRP", "PRP$", "WDT", "WRB", "WP", "TO", "EX", "PDT"}
    | {"RP", "UH", "POS", ",", ":", "-LRB-", "-RRB-", "``", "''", "HYPH"}
)
_DISFLUENT = frozenset({"uh", "um", "er", "erm", "uhm", "mm", "hmm"})
#: Dependents that complete a verb (feature ``h_verb_no_complement``).
_COMPLEMENT_DEPS = frozenset({"dobj", "attr", "oprd", "dative", "acomp", "ccomp", "xcomp"})


def _bin(n: int) -> str:
    return (
        "0"
        if n <= 0
        else "1"
        if n == 1
        else "2"
        if n == 2
        else "3-4"
        if n <= 4
        else "5-8"
        if n <= 8
        else "9+"
    )


def _tag(s: SentView, i: int) -> str:
    return s.tag[i] if s.tag else s.pos[i]


def _lex(s: SentView, i: int) -> str:
    t = _tag(s, i)
    return s.words[i].lower() if t in _CLOSED else t


def _subtree(s: SentView, i: int, stop: int | None = None) -> list[int]:
    """Tokens of ``i``'s subtree, without the branch through ``stop`` (a conjunct below it)."""
    out, stack, seen = [], [i], {i}
    while stack:
        k = stack.pop()
        out.append(k)
        for j in s.children[k]:
            if j != stop and s.dep[j] != "conj" and j not in seen:
                seen.add(j)
                stack.append(j)
    return out


def candidate_features(
    s: SentView,
    c: int,
    patterns: Sequence[str],
    rule: tuple[bool, str],
    omission: Omission | None,
    arc: tuple[int, int] | None,
) -> dict[str, float]:
    """Sparse 0/1 features of the candidate conjunction ``c`` (see the module docstring).

    ``rule`` is the hand rules' ``(kept, reason)``; ``omission`` the detector's finding;
    ``arc`` the ``conj`` arc ``(head, dependent)`` the conjunction belongs to, if any.
    """
    f: dict[str, float] = {}

    def on(name: str) -> None:
        f[name] = 1.0

    n = len(s.words)
    low = [w.lower() for w in s.words]
    on(f"rule={rule[1]}")
    if rule[0]:
        on("rule_kept")
    if omission is None:
        on("om=none")
    else:
        on(f"om={omission.kind}")
        on(f"om_remnants={_bin(len(omission.remnants))}")
        if omission.marker:
            on("om_marker")
        loose = sum(p is None for p in omission.parallels)
        on(f"om_loose={_bin(loose)}")
        for ph in omission.remnants[:3]:
            on(f"om_cat={ph.category}")
    for p in patterns:
        on(f"pat={p}")
    on(f"npat={_bin(len(patterns))}")
    on(f"cc={low[c]}")
    prev = _prev_content(s, c)
    nxt = next((k for k in range(c + 1, n) if s.pos[k] != "PUNCT"), None)
    if c > 0 and s.words[c - 1] == ",":
        on("comma_before")
    if c + 1 < n and s.words[c + 1] in (",", "(", "-", "--", "—"):
        on("punct_after")
    for name, k in (("prev", prev), ("next", nxt)):
        if k is None:
            on(f"{name}=none")
            continue
        on(f"{name}_pos={s.pos[k]}")
        on(f"{name}_lex={_lex(s, k)}")
    if nxt is not None and nxt + 1 < n:
        on(f"next2_lex={_lex(s, nxt + 1)}")
    on(f"pos_rel={min(4, 5 * c // max(1, n))}")
    on(f"sent_len={_bin(n // 5)}")
    # the coordination of the conj arc
    if arc is None:
        on("arc=none")
    else:
        h, y = arc
        on(f"h_pos={s.pos[h]}")
        on(f"y_pos={s.pos[y]}")
        on(f"hy={s.pos[h]}|{s.pos[y]}")
        on(f"h_tag={_tag(s, h)}")
        on(f"y_tag={_tag(s, y)}")
        on(f"h_dep={s.dep[h]}")
        if s.pos[h] == s.pos[y]:
            on("same_pos")
        left = [k for k in _subtree(s, h, stop=y) if k < c]
        right = [k for k in _subtree(s, y) if k > c]
        on(f"len_left={_bin(len(left))}")
        on(f"len_right={_bin(len(right))}")
        on(f"y_gap={_bin(y - c - 1)}")
        for side, idx in (("h", h), ("y", y)):
            deps = {s.dep[k] for k in s.children[idx]}
            for d in ("det", "poss", "prep", "appos", "compound", "amod", "nummod", "aux", "dobj"):
                if d in deps:
                    on(f"{side}_has={d}")
            if deps & SUBJECT_DEPS:
                on(f"{side}_has=subj")
            if s.dep[idx] == "appos":
                on(f"{side}_is_appos")
        caps_left = sum(1 for k in left if k > 0 and s.words[k][:1].isupper())
        caps_right = sum(1 for k in right if s.words[k][:1].isupper())
        on(f"caps_left={_bin(caps_left)}")
        on(f"caps_right={_bin(caps_right)}")
        if s.pos[h] == s.pos[y] == "PROPN":
            on("both_propn")
        if (
            low[c] == "or"
            and s.pos[h] in ("NOUN", "PROPN")
            and s.pos[y] in ("NOUN", "PROPN")
            and not any(s.dep[k] == "det" for k in s.children[y])
        ):
            on("or_bare_np")
        if any(low[k] == "as" for k in range(max(0, h - 4), h)):
            on("as_before_h")
        if any(
            low[k] in ("between", "among", "both", "either", "neither")
            for k in range(max(0, h - 6), h)
        ):
            on("pair_word_before_h")
        t = _governing_verb(s, h)
        if t is None:
            on("gov=none")
        else:
            on(f"gov_tag={_tag(s, t)}")
            if low[t] in ("is", "are", "was", "were", "be", "been", "being", "'s", "'re", "am"):
                on("gov_be")
            on("gov_after_c" if t > c else "gov_before_c")
    # what follows the conjunction up to the clause end
    stop = next((k for k in range(c + 1, n) if s.words[k] in (";", ":")), n)
    after = range(c + 1, stop)
    verbs = [k for k in after if s.pos[k] in VERB]
    on(f"verbs_after={_bin(len(verbs))}")
    finite = [k for k in verbs if _finite_verb(s, k)]
    on(f"finite_after={_bin(len(finite))}")
    if finite and any(s.dep[k] in SUBJECT_DEPS for k in range(c + 1, finite[0])):
        on("subj_before_finite")
    if any(s.words[k] in ("(", ")") for k in range(max(0, c - 8), min(n, c + 8))):
        on("bracket_near")
    if any(w in ('"', "“", "”", "'") for w in s.words):
        on("quotes")
    if any(w in _DISFLUENT for w in low) or any(
        low[k] == low[k + 1] and s.pos[k] != "PUNCT" for k in range(n - 1)
    ):
        on("disfluent")
    if not any(p in VERB for p in s.pos):
        on("no_verb")
    # v3: verbless fragments, names and disfluencies (error analysis of the EWT labels)
    if not any(_tag(s, k) in FINITE_TAGS for k in range(n)):
        on("no_finite")
    if c - 1 > 0 and c + 1 < n and s.words[c - 1][:1].isupper() and s.words[c + 1][:1].isupper():
        on("title_both_sides")
    if any(
        low[k] in _DISFLUENT or s.words[k] in ("—", "--") or (len(low[k]) > 1 and low[k][-1] == "-")
        for k in range(max(0, c - 3), min(n, c + 4))
    ):
        on("disfluent_near")
    if (
        arc is not None
        and s.pos[arc[0]] in VERB
        and s.pos[arc[1]] not in VERB
        and not any(s.dep[k] in _COMPLEMENT_DEPS for k in s.children[arc[0]])
    ):
        on(f"h_verb_no_complement|y={s.pos[arc[1]]}")
    return f


@dataclass
class FilterModel:
    """A logistic regression over sparse named features, a threshold and how it combines with
    the hand rules (``combine``: ``model`` = the model alone decides, ``and`` = the hand rules
    must keep the candidate too)."""

    version: str
    coef: dict[str, float]
    intercept: float
    threshold: float
    combine: str = "and"
    meta: dict[str, Any] = field(default_factory=dict)

    def score(self, feats: Mapping[str, float]) -> float:
        """Log-odds that the candidate is a true verbal omission."""
        return self.intercept + sum(self.coef.get(k, 0.0) * v for k, v in feats.items())

    def probability(self, feats: Mapping[str, float]) -> float:
        z = self.score(feats)
        return 1.0 / (1.0 + math.exp(-z)) if z > -50 else 0.0

    def keep(self, p: float, rule_kept: bool) -> bool:
        return p >= self.threshold and (rule_kept or self.combine == "model")

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> FilterModel:
        return cls(**json.loads(text))


def load_filter(spec: str | FilterModel | None = None) -> FilterModel:
    """The model itself, the shipped version ``spec`` (default :data:`DEFAULT_VERSION`), or
    one saved at a path (``.json``)."""
    if isinstance(spec, FilterModel):
        return spec
    return _load(spec or DEFAULT_VERSION)


@functools.lru_cache(maxsize=4)
def _load(spec: str) -> FilterModel:
    from lingeval.core.errors import LingevalError

    path = Path(spec) if spec.endswith(".json") else DATA / f"mining-filter-{spec}.json"
    try:
        return FilterModel.from_json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LingevalError(f"unknown mining filter {spec!r} ({path} cannot be read)") from exc
    except (ValueError, TypeError) as exc:
        raise LingevalError(f"{path}: not a mining filter model ({exc})") from exc


# ------------------------------------------------------------------------------------------
# Fitting (scikit-learn, imported here only)


def _fit_raw(
    rows: Sequence[Mapping[str, float]], y: Sequence[int], c: float
) -> tuple[dict[str, float], float]:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vec = DictVectorizer()
    x = vec.fit_transform(rows)
    clf = LogisticRegression(C=c, max_iter=5000, class_weight="balanced")
    clf.fit(x, list(y))
    names = vec.get_feature_names_out()
    coef = {str(n): round(float(w), 6) for n, w in zip(names, clf.coef_[0], strict=True) if w}
    return coef, round(float(clf.intercept_[0]), 6)


def _probs(coef: Mapping[str, float], b: float, rows: Sequence[Mapping[str, float]]) -> list[float]:
    m = FilterModel("tmp", dict(coef), b, 0.5)
    return [m.probability(r) for r in rows]


def choose_threshold(
    probs: Sequence[float], y: Sequence[int], rule: Sequence[bool], max_loss: float, combine: str
) -> float:
    """The threshold with the best precision whose filter loss (true candidates dropped /
    true candidates) stays at or below ``max_loss``; ties go to the lower threshold."""
    pos = sum(y)
    best_t, best_prec = 0.0, -1.0
    for t in sorted({0.0, *probs}):
        kept = [i for i, p in enumerate(probs) if p >= t and (rule[i] or combine == "model")]
        tp = sum(y[i] for i in kept)
        if pos and (pos - tp) / pos > max_loss + 1e-12:
            break
        prec = tp / len(kept) if kept else 0.0
        if prec > best_prec + 1e-12:
            best_t, best_prec = t, prec
    return best_t


def _folds(y: Sequence[int], groups: Sequence[str], k: int, seed: int) -> list[list[int]]:
    from sklearn.model_selection import StratifiedGroupKFold

    cv = StratifiedGroupKFold(n_splits=k, shuffle=True, random_state=seed)
    return [list(test) for _, test in cv.split(list(range(len(y))), list(y), list(groups))]


def _oof(
    rows: Sequence[Mapping[str, float]],
    y: Sequence[int],
    groups: Sequence[str],
    c: float,
    k: int,
    seed: int,
) -> list[float]:
    """Out-of-fold probabilities of a grouped, stratified ``k``-fold split."""
    out = [0.0] * len(y)
    for test in _folds(y, groups, k, seed):
        tset = set(test)
        train = [i for i in range(len(y)) if i not in tset]
        coef, b = _fit_raw([rows[i] for i in train], [y[i] for i in train], c)
        for i, p in zip(test, _probs(coef, b, [rows[i] for i in test]), strict=True):
            out[i] = p
    return out


def fit(
    rows: Sequence[Mapping[str, float]],
    y: Sequence[int],
    groups: Sequence[str],
    rule: Sequence[bool],
    *,
    cs: Sequence[float] = (0.03, 0.1, 0.3, 1.0),
    combine: str = "and",
    max_loss: float = 0.08,
    k: int = 5,
    seed: int = 15,
    version: str = DEFAULT_VERSION,
    meta: Mapping[str, Any] | None = None,
) -> FilterModel:
    """Fit on all rows: the regularisation ``C`` (from ``cs``) and the threshold are chosen on
    grouped ``k``-fold out-of-fold probabilities (best precision at filter loss <= ``max_loss``),
    then the coefficients are refitted on everything."""
    best: tuple[float, float, float] | None = None
    for c in cs:
        probs = _oof(rows, y, groups, c, k, seed)
        t = choose_threshold(probs, y, rule, max_loss, combine)
        kept = [i for i, p in enumerate(probs) if p >= t and (rule[i] or combine == "model")]
        prec = sum(y[i] for i in kept) / len(kept) if kept else 0.0
        if best is None or prec > best[0] + 1e-12:
            best = (prec, c, t)
    assert best is not None
    _, c, t = best
    coef, b = _fit_raw(rows, y, c)
    info = {"C": c, "max_loss": max_loss, "folds": k, "seed": seed, "n": len(y), **(meta or {})}
    return FilterModel(version, coef, b, round(t, 6), combine, info)


def cross_validate(
    rows: Sequence[Mapping[str, float]],
    y: Sequence[int],
    groups: Sequence[str],
    rule: Sequence[bool],
    *,
    k: int = 5,
    seed: int = 15,
    **fit_args: Any,
) -> dict[str, Any]:
    """Nested cross-validation of :func:`fit`: outer stratified folds grouped by sentence; in
    each, ``C`` and the threshold are chosen on the training part only, then the held-out
    fold is scored. Returns pooled precision, filter loss and the per-candidate decisions."""
    kept = [False] * len(y)
    probs = [0.0] * len(y)
    for test in _folds(y, groups, k, seed):
        tset = set(test)
        train = [i for i in range(len(y)) if i not in tset]
        model = fit(
            [rows[i] for i in train],
            [y[i] for i in train],
            [groups[i] for i in train],
            [rule[i] for i in train],
            seed=seed + 1,
            **fit_args,
        )
        for i in test:
            probs[i] = model.probability(rows[i])
            kept[i] = model.keep(probs[i], rule[i])
    pos = sum(y)
    tp = sum(y[i] for i in range(len(y)) if kept[i])
    nk = sum(kept)
    return {
        "n": len(y),
        "positives": pos,
        "kept": nk,
        "true_kept": tp,
        "precision": tp / nk if nk else float("nan"),
        "filter_loss": (pos - tp) / pos if pos else float("nan"),
        "decisions": kept,
        "probabilities": probs,
    }
