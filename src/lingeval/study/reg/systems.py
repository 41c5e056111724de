"""REG systems, registered in ``registry.reg_systems`` (paper 002, 2.2 and 4.1).

A system maps REG instances (one file: ``seen`` or ``unseen``) to one RE per instance, the
format of NeuralREG's ``system_outputs``, so every system can be substituted into items by
:func:`lingeval.study.reg.items.system_res`.

* ``human``: the corpus REs (``refex``).
* ``rule`` (in the spirit of RREG-S, Same et al. 2022): the proper name on the first mention
  of an entity in the text; a pronoun chosen by the entity's gender and type when the entity
  was mentioned in the previous sentence or earlier in the same sentence, and no other entity
  of the same gender was mentioned since; otherwise the proper name.
* ``ml``: a feature-based referential-form classifier (scikit-learn logistic regression over
  discourse features: first mention, mentions so far, same/previous-sentence mention, distance,
  intervening competitors, sentence-initial position, neighbouring tokens, entity type and
  gender) trained on WebNLG REG instances with form labels derived from the corpus REs
  (name / pronoun / description); the chosen form is then realised: a proper name, a pronoun
  whose case comes from a second classifier over the neighbouring tokens, or the entity's most
  frequent description in the training data (the proper name when it has none).
* ``outputs:<dir>``: a directory of ``system_outputs`` (one RE per line per subset file), see
  :func:`load_output_systems`.

Third parties add systems with ``@registry.reg_systems("name")`` on a factory returning a
:class:`RegSystem`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.registry import get, registry
from lingeval.study.reg.instances import (
    RegInstance,
    find_system_outputs,
    full_text,
    group_texts,
    positions,
    read_instances,
    read_system_output,
)
from lingeval.study.tasks.reg import proper_name

__all__ = [
    "PRONOUNS",
    "HumanSystem",
    "MLSystem",
    "OutputSystem",
    "RegResources",
    "RegSystem",
    "RuleSystem",
    "form_label",
    "load_output_systems",
    "make_system",
]

PRONOUNS: dict[str, dict[str, str]] = {
    "male": {"subject": "he", "object": "him", "possessive": "his"},
    "female": {"subject": "she", "object": "her", "possessive": "her"},
    "neutral": {"subject": "it", "object": "it", "possessive": "its"},
    "plural": {"subject": "they", "object": "them", "possessive": "their"},
}
_ALL_PRONOUNS = {p for forms in PRONOUNS.values() for p in forms.values()} | {
    "who", "whose", "which", "this", "that", "these", "those", "himself", "herself", "itself", "themselves", "hers", "theirs",
}  # fmt: skip
_PREPOSITIONS = {
    "in", "of", "by", "to", "for", "with", "from", "at", "on", "about", "than", "into", "under",
    "after", "before", "during", "near", "within", "via", "over", "against", "between", "as",
}  # fmt: skip
_VERBISH = {
    "is", "was", "are", "were", "has", "had", "have", "can", "could", "will", "would", "also",
    "did", "does", "do", "be", "been", "who", "which", "that", "and", "but", "or", "served",
    "serves", "plays", "played", "became", "died", "born", "lives", "lived", "works", "worked",
    "sang", "won", "ran", "began", "wrote", "made", "took", "gave", "led", "held", "went", "grew",
    "left", "met", "flew", "fought", "built", "drew", "sat", "stood", "taught", "joined",
    "received", "studied", "married", "graduated", "attended", "represented", "owns", "operates",
}  # fmt: skip


@dataclass(frozen=True)
class RegResources:
    """Entity gender (male/female/neutral) and type (Person/Location/Organisation/Other).

    ``from_dir`` reads NeuralREG's ``gender.json`` and ``entity_types.json`` when present.
    Unknown entities are neutral and of type Other.
    """

    gender: Mapping[str, str] = field(default_factory=dict)
    types: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_dir(cls, path: str | Path | None) -> RegResources:
        if path is None:
            return cls()
        p = Path(path)
        out: dict[str, dict[str, str]] = {}
        for key, name in (("gender", "gender.json"), ("types", "entity_types.json")):
            f = p / name
            if f.is_file():
                try:
                    data = json.loads(f.read_text(encoding="utf-8"))
                except json.JSONDecodeError as exc:
                    raise InputError(f"invalid JSON: {exc.msg}", path=f, line=exc.lineno) from None
                out[key] = {str(k): str(v) for k, v in data.items()}
        return cls(out.get("gender", {}), out.get("types", {}))

    def gender_of(self, entity: str) -> str:
        g = self.gender.get(entity, "neutral")
        return g if g in PRONOUNS else "neutral"

    def type_of(self, entity: str) -> str:
        return self.types.get(entity, "Other")


class RegSystem(ABC):
    """A REG system: one RE (a string) per instance of one instance file."""

    name: str = ""

    @abstractmethod
    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]: ...


class HumanSystem(RegSystem):
    """The corpus REs."""

    name = "human"

    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]:
        return [x.refex_text or proper_name(x.entity) for x in instances]


@dataclass
class _Context:
    """Discourse facts about one instance inside its text."""

    first: bool
    mentions_before: int
    same_sentence: bool
    prev_sentence: bool
    distance: int
    competitor: bool
    sentence_initial: bool
    prev_token: str
    next_token: str


def _contexts(instances: Sequence[RegInstance], resources: RegResources) -> list[_Context]:
    out: list[_Context | None] = [None] * len(instances)
    for group in group_texts(instances):
        tokens = full_text(instances, group)
        pos = positions(instances, group)
        sent_of = []
        s = 0
        for t in tokens:
            sent_of.append(s)
            if t in (".", "!", "?"):
                s += 1
        history: list[tuple[str, int]] = []  # (entity, position)
        for i, p in zip(group, pos, strict=True):
            x = instances[i]
            p = max(0, min(p, len(tokens) - 1))
            earlier = [(e, q) for e, q in history if e == x.entity]
            last = earlier[-1][1] if earlier else None
            sent = sent_of[p]
            competitor = False
            if last is not None:
                competitor = any(
                    e != x.entity and q > last and _competes(x.entity, e, resources)
                    for e, q in history
                )
            prev = x.pre_context[-1].lower() if x.pre_context else "<s>"
            out[i] = _Context(
                first=last is None,
                mentions_before=len(earlier),
                same_sentence=last is not None and sent_of[last] == sent,
                prev_sentence=last is not None and sent_of[last] == sent - 1,
                distance=p - last if last is not None else -1,
                competitor=competitor,
                sentence_initial=p == 0 or tokens[p - 1] in (".", "!", "?"),
                prev_token=prev,
                next_token=x.pos_context[0].lower() if x.pos_context else "</s>",
            )
            history.append((x.entity, p))
    return [
        c if c is not None else _Context(True, 0, False, False, -1, False, True, "<s>", "</s>")
        for c in out
    ]


def _competes(entity: str, other: str, resources: RegResources) -> bool:
    """Could a pronoun for ``entity`` be read as ``other``? Same personal gender, or both
    neutral and of the same type among Location/Organisation/Person."""
    g = resources.gender_of(entity)
    if g != resources.gender_of(other):
        return False
    if g in ("male", "female"):
        return True
    t = resources.type_of(entity)
    return t in ("Location", "Organisation", "Person") and t == resources.type_of(other)


def _pronoun_case(ctx: _Context) -> str:
    if ctx.prev_token in _PREPOSITIONS:
        return "object"
    nxt = ctx.next_token
    if (
        nxt.isalpha()
        and nxt.islower()
        and nxt not in _VERBISH
        and not nxt.endswith("ed")
        and not ctx.sentence_initial
    ):
        return "possessive"
    if (
        nxt.isalpha()
        and nxt.islower()
        and nxt not in _VERBISH
        and ctx.sentence_initial
        and not nxt.endswith(("s", "ed"))
    ):
        return "possessive"
    return "subject"


def _pronoun(entity: str, case: str, resources: RegResources) -> str:
    return PRONOUNS[resources.gender_of(entity)][case]


class RuleSystem(RegSystem):
    """RREG-S-like rules (see the module docstring)."""

    name = "rule"

    def __init__(self, resources: RegResources | None = None):
        self.resources = resources or RegResources()

    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]:
        out = []
        for x, ctx in zip(instances, _contexts(instances, self.resources), strict=True):
            recent = (ctx.same_sentence or ctx.prev_sentence) and not ctx.competitor
            if not ctx.first and recent and self.resources.type_of(x.entity) != "Number":
                out.append(_pronoun(x.entity, _pronoun_case(ctx), self.resources))
            else:
                out.append(proper_name(x.entity))
        return out


def form_label(x: RegInstance) -> str:
    """The referential form of a corpus RE: ``pronoun``, ``name`` or ``description``.

    Pronoun: the RE is a pronoun. Name: at least half of the RE's content tokens (articles
    and the possessive ``'s`` removed) occur in the proper name. Else description.
    """
    words = [t.casefold() for t in x.refex if t not in ("'s", "'")]
    if len(words) == 1 and words[0] in _ALL_PRONOUNS:
        return "pronoun"
    content = [w for w in words if w not in ("the", "a", "an")]
    name = {t.casefold() for t in proper_name(x.entity).replace(",", " ").split()}
    if content and sum(w in name for w in content) * 2 >= len(content):
        return "name"
    return "name" if not content else "description"


class MLSystem(RegSystem):
    """Feature-based referential-form classifier + realiser (see the module docstring)."""

    name = "ml"

    def __init__(self, resources: RegResources | None = None, *, seed: int = 0, C: float = 1.0):
        self.resources = resources or RegResources()
        self.seed = seed
        self.C = C
        self._form: Any = None
        self._case: Any = None
        self._descriptions: dict[str, str] = {}

    def _features(self, x: RegInstance, ctx: _Context) -> dict[str, Any]:
        return {
            "first": ctx.first,
            "mentions": min(ctx.mentions_before, 3),
            "same_sentence": ctx.same_sentence,
            "prev_sentence": ctx.prev_sentence,
            "dist": "none" if ctx.distance < 0 else str(min(ctx.distance // 5, 4)),
            "competitor": ctx.competitor,
            "initial": ctx.sentence_initial,
            "prev=" + ctx.prev_token: 1,
            "next=" + ctx.next_token: 1,
            "type=" + self.resources.type_of(x.entity): 1,
            "gender=" + self.resources.gender_of(x.entity): 1,
        }

    def fit(self, instances: Sequence[RegInstance]) -> MLSystem:
        """Train on instances with corpus REs (e.g. NeuralREG's ``dev.json``)."""
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline

        if not instances:
            raise LingevalError("the ml system needs training instances")
        ctxs = _contexts(instances, self.resources)
        X = [self._features(x, c) for x, c in zip(instances, ctxs, strict=True)]
        y = [form_label(x) for x in instances]
        if len(set(y)) < 2:
            raise LingevalError(
                "training instances show a single referential form; cannot train the ml system"
            )
        self._form = make_pipeline(
            DictVectorizer(), LogisticRegression(C=self.C, max_iter=2000, random_state=self.seed)
        )
        self._form.fit(X, y)
        # pronoun case from neighbouring tokens
        cases_X, cases_y = [], []
        for x, c in zip(instances, ctxs, strict=True):
            word = " ".join(x.refex).casefold()
            case = next(
                (
                    k
                    for forms in PRONOUNS.values()
                    for k, v in forms.items()
                    if v == word and word != "her"
                ),
                None,
            )
            if case:
                cases_X.append(
                    {
                        "prev=" + c.prev_token: 1,
                        "next=" + c.next_token: 1,
                        "initial": c.sentence_initial,
                    }
                )
                cases_y.append(case)
        if len(set(cases_y)) >= 2:
            self._case = make_pipeline(
                DictVectorizer(), LogisticRegression(max_iter=2000, random_state=self.seed)
            )
            self._case.fit(cases_X, cases_y)
        desc: dict[str, Counter[str]] = defaultdict(Counter)
        for x, label in zip(instances, y, strict=True):
            if label == "description":
                desc[x.entity][" ".join(x.refex)] += 1
        self._descriptions = {e: c.most_common(1)[0][0] for e, c in desc.items()}
        return self

    def predict_forms(self, instances: Sequence[RegInstance]) -> list[str]:
        if self._form is None:
            raise LingevalError(
                "the ml system is not trained (call fit, or give training instances)"
            )
        ctxs = _contexts(instances, self.resources)
        return [
            str(f)
            for f in self._form.predict(
                [self._features(x, c) for x, c in zip(instances, ctxs, strict=True)]
            )
        ]

    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]:
        forms = self.predict_forms(instances)
        ctxs = _contexts(instances, self.resources)
        out = []
        for x, form, ctx in zip(instances, forms, ctxs, strict=True):
            if form == "pronoun" and not ctx.first:
                if self._case is not None:
                    case = str(
                        self._case.predict(
                            [
                                {
                                    "prev=" + ctx.prev_token: 1,
                                    "next=" + ctx.next_token: 1,
                                    "initial": ctx.sentence_initial,
                                }
                            ]
                        )[0]
                    )
                else:
                    case = _pronoun_case(ctx)
                out.append(_pronoun(x.entity, case, self.resources))
            elif form == "description" and x.entity in self._descriptions and not ctx.first:
                out.append(self._descriptions[x.entity])
            else:
                out.append(proper_name(x.entity))
        return out


class OutputSystem(RegSystem):
    """Existing outputs: one RE per line per subset file, aligned with the instances."""

    def __init__(self, name: str, files: Mapping[str, str | Path]):
        self.name = name
        self.files = {k: Path(v) for k, v in files.items()}

    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]:
        if subset not in self.files:
            raise LingevalError(
                f"system {self.name!r} has no {subset or 'default'} output; has {', '.join(sorted(self.files))}"
            )
        return read_system_output(self.files[subset], expected=len(instances))


def load_output_systems(root: str | Path) -> dict[str, OutputSystem]:
    """Every system under a ``system_outputs`` directory (see
    :func:`lingeval.study.reg.instances.find_system_outputs`)."""
    return {name: OutputSystem(name, files) for name, files in find_system_outputs(root).items()}


@registry.reg_systems("human")
def _make_human(**_: Any) -> RegSystem:
    return HumanSystem()


@registry.reg_systems("rule")
def _make_rule(resources: RegResources | None = None, **_: Any) -> RegSystem:
    return RuleSystem(resources)


@registry.reg_systems("ml")
def _make_ml(
    resources: RegResources | None = None,
    train: str | Path | Sequence[RegInstance] | None = None,
    seed: int = 0,
    **_: Any,
) -> RegSystem:
    system = MLSystem(resources, seed=seed)
    if train is not None:
        data = read_instances(train) if isinstance(train, (str, Path)) else list(train)
        system.fit(data)
    return system


def make_system(spec: str, **options: Any) -> RegSystem:
    """A system by registered name, or ``outputs:<dir>/<system>`` for existing outputs."""
    if spec.startswith("outputs:"):
        path = Path(spec.split(":", 1)[1])
        found = find_system_outputs(path.parent)
        if path.name not in found:
            raise LingevalError(
                f"no system outputs for {path.name!r} under {path.parent}; found {', '.join(sorted(found)) or 'none'}"
            )
        return OutputSystem(path.name, found[path.name])
    factory = get(registry.reg_systems, spec)
    system: RegSystem = factory(**options)
    return system
