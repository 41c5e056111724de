"""REG systems, registered in ``registry.reg_systems`` (paper 002, 2.2 and 4.1).

A system maps REG instances (one file: ``seen`` or ``unseen``) to one RE per instance, the
format of NeuralREG's ``system_outputs``, so every system can be substituted into items by
:func:`lingeval.study.reg.items.system_res`.

* ``human``: the corpus REs (``refex``).
Both built-in generators work in two steps, as RREG-S and ML-L of Same et al. (2022): a
referential form is chosen from discourse features (:mod:`.discourse`), then realised in its
slot (:mod:`.realise`: possessives, pronoun case and number, definiteness, a/an,
descriptions).

* ``rule`` (RREG-S-like): rule-based form choice (:class:`RuleSystem`); the realiser is
  trained when training instances are given, else it uses its rules.
* ``ml`` (ML-L-like): a logistic-regression form classifier over :data:`ML_FEATURES` and the
  realiser, both trained on REG instances with corpus REs (NeuralREG's ``dev.json``).
* ``names``: the always-name baseline (the proper name everywhere).
* ``outputs:<dir>``: a directory of ``system_outputs`` (one RE per line per subset file), see
  :func:`load_output_systems`.

Third parties add systems with ``@registry.reg_systems("name")`` on a factory returning a
:class:`RegSystem`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lingeval.core.errors import LingevalError
from lingeval.core.registry import get, registry
from lingeval.study.reg.discourse import (
    PRONOUNS,
    Context,
    RegResources,
    Tagger,
    contexts,
    spacy_tagger,
)
from lingeval.study.reg.evaluate import FORMS, re_form
from lingeval.study.reg.instances import (
    RegInstance,
    find_system_outputs,
    read_instances,
    read_system_output,
)
from lingeval.study.reg.realise import Classifier, Realiser, share_bin, text_folds
from lingeval.study.tasks.reg import proper_name

__all__ = [
    "ML_FEATURES",
    "PRONOUNS",
    "HumanSystem",
    "MLSystem",
    "NamesSystem",
    "OutputSystem",
    "RegResources",
    "RegSystem",
    "RuleSystem",
    "form_label",
    "load_output_systems",
    "make_system",
]


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


def form_label(x: RegInstance) -> str:
    """The referential form of a corpus RE (:func:`lingeval.study.reg.evaluate.re_form`):
    ``name``, ``pronoun``, ``description`` or ``demonstrative``."""
    return re_form(x.refex_text, x.entity)


class _TwoStep(RegSystem):
    """Form choice (:meth:`forms`), then realisation in the slot (:class:`Realiser`)."""

    def __init__(
        self, resources: RegResources | None = None, *, seed: int = 0, pos_tags: bool = True
    ):
        self.resources = resources or RegResources()
        self.seed = seed
        self.realiser = Realiser(self.resources, seed=seed)
        self.pos_tags = pos_tags
        self._tagger: Tagger | None = None
        self._tagger_loaded = False

    def contexts(self, instances: Sequence[RegInstance]) -> list[Context]:
        """Discourse contexts, with part-of-speech tags when ``pos_tags`` and a spaCy
        pipeline is installed (loaded once, on first use)."""
        if self.pos_tags and not self._tagger_loaded:
            self._tagger, self._tagger_loaded = spacy_tagger(), True
        return contexts(instances, self.realiser.resources, self._tagger)

    @abstractmethod
    def _forms(self, instances: Sequence[RegInstance], ctxs: Sequence[Context]) -> list[str]: ...

    def predict_forms(self, instances: Sequence[RegInstance]) -> list[str]:
        return self._forms(instances, self.contexts(instances))

    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]:
        ctxs = self.contexts(instances)
        forms = self._forms(instances, ctxs)
        poss = self.realiser.possessive_slots(ctxs, instances)
        return self.realiser.realise_all(instances, forms, ctxs, poss)


class RuleSystem(_TwoStep):
    """RREG-S-like form rules (Same et al. 2022) + the shared realiser.

    1. First mention of the entity in the text: proper name.
    2. Mentioned in the same or the previous sentence and no competitor (an entity of the same
       pronoun class) mentioned since: pronoun.
    3. Otherwise, when the entity is the text's major entity and the training REs describe it
       (a description is known for it): description.
    4. Otherwise: proper name.

    :meth:`fit` trains only the realiser (names, descriptions, possessive slots); unfitted,
    the realiser uses its rules.
    """

    name = "rule"

    def fit(self, instances: Sequence[RegInstance]) -> RuleSystem:
        if instances:
            self.realiser.resources = self.realiser.resources.with_training(instances)
            self.realiser.fit(instances, self.contexts(instances))
        return self

    def _forms(self, instances: Sequence[RegInstance], ctxs: Sequence[Context]) -> list[str]:
        out = []
        for x, c in zip(instances, ctxs, strict=True):
            if c.first:
                out.append("name")
            elif 0 <= c.sentence_distance <= 1 and not c.competitor:
                out.append("pronoun")
            elif c.major and self.realiser.knows_description(x.entity):
                out.append("description")
            else:
                out.append("name")
        return out


#: The features of the ``ml`` form classifier (documented in docs/study-analysis.md).
ML_FEATURES = (
    "first mention; earlier mentions (0-3+); distance since the last mention in tokens "
    "(bins 1-5, 6-10, 11-20, 21+) and in sentences (0, 1, 2, 3+); competitors since the last "
    "mention (0, 1, 2+) and any entities since (0-3+); text-initial (paragraph boundary) and "
    "sentence-initial (sentence boundary); sentence index; previous and next token, after a "
    "preposition, subject position; possessive slot (the realiser's classifier); the "
    "entity's pronoun class and type, major entity of the text, number of entities; the "
    "category; the entity's form profile in the training REs (share of each form, "
    "out-of-fold when training) and whether a description is available; conjunctions "
    "sentence distance x competitors and first x major."
)


def _bin(v: int, edges: Sequence[int]) -> str:
    if v < 0:
        return "none"
    for e in edges:
        if v <= e:
            return f"<={e}"
    return f">{edges[-1]}"


class MLSystem(_TwoStep):
    """ML-L-like form classifier (logistic regression over :data:`ML_FEATURES`) + the
    shared realiser, both trained on REG instances with corpus REs (``dev.json``)."""

    name = "ml"

    def __init__(
        self,
        resources: RegResources | None = None,
        *,
        seed: int = 0,
        C: float = 1.0,
        folds: int = 5,
        pos_tags: bool = True,
    ):
        super().__init__(resources, seed=seed, pos_tags=pos_tags)
        self.C = C
        self.folds = folds
        self._form: Any = None
        self._profile: dict[str, Counter[str]] = {}

    def _features(
        self,
        x: RegInstance,
        c: Context,
        possessive: bool,
        profile: Mapping[str, Counter[str]],
        has_description: bool,
    ) -> dict[str, Any]:
        res = self.realiser.resources
        sd = _bin(c.sentence_distance, (0, 1, 2))
        comp = _bin(c.competitors, (0, 1))
        f: dict[str, Any] = {
            "first": c.first,
            "mentions=" + _bin(c.mentions_before, (0, 1, 2)): 1,
            "dist=" + _bin(c.distance, (5, 10, 20)): 1,
            "sdist=" + sd: 1,
            "comp=" + comp: 1,
            "between=" + _bin(c.entities_between, (0, 1, 2)): 1,
            "text_initial": c.text_initial,
            "sentence_initial": c.sentence_initial,
            "sentence=" + _bin(c.sentence_index, (0, 1, 2)): 1,
            "prev=" + c.prev_token: 1,
            "next=" + c.next_token: 1,
            "after_prep": c.after_preposition,
            "subject": c.subject_position,
            "possessive": possessive,
            "class=" + res.pronoun_class(x.entity): 1,
            "type=" + res.type_of(x.entity): 1,
            "major": c.major,
            "entities=" + _bin(c.n_entities, (1, 2, 3, 4)): 1,
            "cat=" + x.category: 1,
            "has_description": has_description,
            "sd_comp=" + sd + "_" + comp: 1,
            "first_major=" + f"{c.first}_{c.major}": 1,
        }
        prof = profile.get(x.entity)
        f["known"] = bool(prof)
        later = profile.get(x.entity + "|later")
        n, n_later = sum(prof.values()) if prof else 0, sum(later.values()) if later else 0
        for form in FORMS:
            f[f"share_{form}=" + share_bin(prof[form] if prof else 0, n)] = 1
            if not c.first:
                b = share_bin(later[form] if later else 0, n_later)
                f[f"later_{form}=" + b] = 1
        return f

    @staticmethod
    def _profile_of(
        instances: Sequence[RegInstance], ctxs: Sequence[Context]
    ) -> dict[str, Counter[str]]:
        """Form counts of each entity's corpus REs: key ``entity`` (all mentions) and
        ``entity|later`` (mentions after the first)."""
        prof: dict[str, Counter[str]] = {}
        for x, c in zip(instances, ctxs, strict=True):
            label = form_label(x)
            prof.setdefault(x.entity, Counter())[label] += 1
            if not c.first:
                prof.setdefault(x.entity + "|later", Counter())[label] += 1
        return prof

    def fit(self, instances: Sequence[RegInstance]) -> MLSystem:
        """Train the realiser and the form classifier on instances with corpus REs; the
        entity form profiles and possessive-slot decisions of the training instances are
        computed out of fold (texts split into ``folds`` groups), so the classifier learns how
        far they carry to new texts."""
        if not instances:
            raise LingevalError("the ml system needs training instances")
        y = [form_label(x) for x in instances]
        if len(set(y)) < 2:
            raise LingevalError(
                "training instances show a single referential form; cannot train the ml system"
            )
        self.realiser.resources = self.realiser.resources.with_training(instances)
        ctxs = self.contexts(instances)
        self.realiser.fit(instances, ctxs)
        fold_of = text_folds(instances, self.folds)
        # possessive-slot decisions out of fold, as they will be on new texts
        poss = [False] * len(instances)
        for k in range(max(self.folds, 1)):
            held = [i for i, f in enumerate(fold_of) if f == k]
            others = [i for i, f in enumerate(fold_of) if f != k] if self.folds > 1 else held
            if not held or not others:
                continue
            r = Realiser(self.realiser.resources, seed=self.seed).fit_possessive(
                [instances[i] for i in others], [ctxs[i] for i in others]
            )
            pred = r.possessive_slots([ctxs[i] for i in held], [instances[i] for i in held])
            for i, v in zip(held, pred, strict=True):
                poss[i] = v
        X: list[dict[str, Any]] = [{}] * len(instances)
        for k in range(max(self.folds, 1)):
            keep = [i for i, f in enumerate(fold_of) if f != k or self.folds <= 1]
            rest = [instances[i] for i in keep]
            prof = self._profile_of(rest, [ctxs[i] for i in keep])
            descs = {x.entity for x in rest if form_label(x) == "description"}
            for i, x in enumerate(instances):
                if fold_of[i] == k:
                    has_desc = x.entity in descs or (
                        ctxs[i].major and x.category in self.realiser._category_descriptions
                    )
                    X[i] = self._features(x, ctxs[i], poss[i], prof, has_desc)
        self._form = Classifier(self.seed, self.C).fit(X, y)
        self._profile = self._profile_of(instances, ctxs)
        return self

    def _forms(self, instances: Sequence[RegInstance], ctxs: Sequence[Context]) -> list[str]:
        if self._form is None:
            raise LingevalError(
                "the ml system is not trained (call fit, or give training instances)"
            )
        poss = self.realiser.possessive_slots(ctxs, instances)
        X = [
            self._features(x, c, p, self._profile, self.realiser.description(x, c) is not None)
            for x, c, p in zip(instances, ctxs, poss, strict=True)
        ]
        forms = [str(f) for f in self._form.predict(X)]
        # a pronoun needs an antecedent
        return [
            "name" if f == "pronoun" and c.first else f for f, c in zip(forms, ctxs, strict=True)
        ]


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


class NamesSystem(RegSystem):
    """The always-name baseline: every RE is the entity's proper name."""

    name = "names"

    def generate(self, instances: Sequence[RegInstance], *, subset: str = "") -> list[str]:
        return [proper_name(x.entity) for x in instances]


@registry.reg_systems("names")
def _make_names(**_: Any) -> RegSystem:
    return NamesSystem()


@registry.reg_systems("human")
def _make_human(**_: Any) -> RegSystem:
    return HumanSystem()


def _training(train: str | Path | Sequence[RegInstance]) -> list[RegInstance]:
    return read_instances(train) if isinstance(train, (str, Path)) else list(train)


@registry.reg_systems("rule")
def _make_rule(
    resources: RegResources | None = None,
    train: str | Path | Sequence[RegInstance] | None = None,
    seed: int = 0,
    **_: Any,
) -> RegSystem:
    system = RuleSystem(resources, seed=seed)
    return system.fit(_training(train)) if train is not None else system


@registry.reg_systems("ml")
def _make_ml(
    resources: RegResources | None = None,
    train: str | Path | Sequence[RegInstance] | None = None,
    seed: int = 0,
    **_: Any,
) -> RegSystem:
    system = MLSystem(resources, seed=seed)
    return system.fit(_training(train)) if train is not None else system


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
