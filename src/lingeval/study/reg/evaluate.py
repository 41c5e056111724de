"""Intrinsic evaluation of REG systems against the corpus REs (Castro Ferreira et al. 2018,
Cunha et al. 2020: accuracy tables on the WebNLG REG test instances).

For one system's REs, aligned with REG instances (one RE per instance):

* **form accuracy**: the share of instances whose RE has the form of the corpus RE, forms
  being ``name`` / ``pronoun`` / ``description`` / ``demonstrative`` (:func:`re_form`);
* **string accuracy**: the share whose RE equals the corpus RE, case-insensitively, after
  :func:`normalise` (tokenisation of punctuation and the possessive ``'s``);
* **possessive-slot accuracy**: among the instances whose corpus RE is possessive (ends in
  ``'s``/``'`` or is *his*, *its*, *their*, *whose*), the share whose RE is possessive too
  (:func:`is_possessive`, which also accepts *her*);
* the **form distribution** of the system's REs (percent).

All figures are percentages over the instances (``n`` and ``n_possessive`` are counts).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lingeval.study.reg.instances import RegInstance

__all__ = [
    "FORMS",
    "PRONOUN_WORDS",
    "RegScores",
    "identifier_name",
    "is_possessive",
    "normalise",
    "re_form",
    "score_outputs",
    "score_systems",
]

FORMS = ("name", "pronoun", "description", "demonstrative")
#: Personal, possessive, reflexive and relative pronouns.
PRONOUN_WORDS = frozenset(
    [
        "he",
        "him",
        "his",
        "himself",
        "she",
        "her",
        "hers",
        "herself",
        "it",
        "its",
        "itself",
        "they",
        "them",
        "their",
        "theirs",
        "themselves",
        "who",
        "whom",
        "whose",
        "which",
    ]
)
DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
_POSSESSIVE_WORDS = frozenset({"his", "its", "their", "whose"})
_ARTICLES = frozenset({"the", "a", "an"})
_SPLIT = re.compile(r"\s+|(?=[,()\"])|(?<=[,()\"])|(?='s\b)|(?<=s')(?=\s|$)")


def identifier_name(entity: str) -> str:
    """The entity identifier as words: underscores as spaces, quotes of literals removed,
    a disambiguation kept (``Antares (rocket)``). The scorer's notion of the name, independent
    of how study items display names."""
    name = entity.replace("_", " ").strip()
    if len(name) >= 2 and name[0] == name[-1] == '"':
        name = name[1:-1].strip()
    return name


def normalise(text: str) -> str:
    """Casefolded tokens joined by one space; ``,()"`` and a final ``'s`` are tokens."""
    return " ".join(t for t in _SPLIT.split(text.casefold().replace("’", "'")) if t)


def is_possessive(text: str, *, her: bool = True) -> bool:
    """Ends in ``'s``/``'`` or is a possessive pronoun (*her* too unless ``her=False``)."""
    toks = normalise(text).split()
    if not toks:
        return False
    if toks[-1] in ("'s", "'") or (len(toks) > 0 and toks[-1].endswith("s'")):
        return True
    return len(toks) == 1 and (toks[0] in _POSSESSIVE_WORDS or (her and toks[0] == "her"))


def re_form(text: str, entity: str) -> str:
    """The referential form of an RE for ``entity`` (see :data:`FORMS`).

    Pronoun: a single pronoun word. Demonstrative: starts with *this/that/these/those*.
    Name: at least half of the content tokens (articles and ``'s`` removed) occur in the
    entity's identifier (:func:`identifier_name`) (an empty RE counts as a name). Else description.
    """
    toks = [t for t in normalise(text).split() if t not in ("'s", "'")]
    if len(toks) == 1 and toks[0] in PRONOUN_WORDS:
        return "pronoun"
    if toks and toks[0] in DEMONSTRATIVES:
        return "demonstrative"
    content = [t for t in toks if t not in _ARTICLES and t not in (",", "(", ")", '"')]
    name = set(normalise(identifier_name(entity)).split())
    if not content or sum(t in name for t in content) * 2 >= len(content):
        return "name"
    return "description"


@dataclass
class RegScores:
    """Scores of one system on one set of instances (percentages; see the module docstring)."""

    n: int
    form_accuracy: float
    string_accuracy: float
    n_possessive: int
    possessive_accuracy: float
    distribution: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "form_accuracy": self.form_accuracy,
            "string_accuracy": self.string_accuracy,
            "n_possessive": self.n_possessive,
            "possessive_accuracy": self.possessive_accuracy,
            **{f"{k}_pct": v for k, v in self.distribution.items()},
        }


def score_outputs(
    entities: Sequence[str], references: Sequence[str], outputs: Sequence[str]
) -> RegScores:
    """Score ``outputs`` against the corpus ``references`` (same length, same order)."""
    if not (len(entities) == len(references) == len(outputs)):
        raise ValueError("entities, references and outputs must be aligned")
    n = len(outputs)
    form_ok = string_ok = pos_n = pos_ok = 0
    dist: Counter[str] = Counter()
    for e, ref, out in zip(entities, references, outputs, strict=True):
        f = re_form(out, e)
        dist[f] += 1
        form_ok += f == re_form(ref, e)
        string_ok += normalise(out) == normalise(ref)
        if is_possessive(ref, her=False):
            pos_n += 1
            pos_ok += is_possessive(out)
    pct = 100 / max(n, 1)
    return RegScores(
        n=n,
        form_accuracy=form_ok * pct,
        string_accuracy=string_ok * pct,
        n_possessive=pos_n,
        possessive_accuracy=100 * pos_ok / pos_n if pos_n else float("nan"),
        distribution={k: dist[k] * pct for k in FORMS},
    )


def score_systems(
    instances: Mapping[str, Sequence[RegInstance]],
    outputs: Mapping[str, Mapping[str, Sequence[str]]],
) -> list[dict[str, object]]:
    """One row per (system, subset): ``system``, ``subset`` and :meth:`RegScores.as_dict`.

    ``instances`` maps a subset (``seen``/``unseen``) to its instances; ``outputs`` maps a
    system to its REs per subset (aligned with the instances). The corpus REs themselves are
    added as system ``human`` (its form distribution is the reference one).
    """
    rows: list[dict[str, object]] = []
    for name, per_subset in {
        **outputs,
        "human": {s: [x.refex_text for x in xs] for s, xs in instances.items()},
    }.items():
        for subset, xs in instances.items():
            if subset not in per_subset:
                continue
            s = score_outputs(
                [x.entity for x in xs], [x.refex_text for x in xs], list(per_subset[subset])
            )
            rows.append({"system": name, "subset": subset, **s.as_dict()})
    return rows
