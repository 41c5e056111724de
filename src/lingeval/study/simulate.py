"""Synthetic participants with known, planted effects (for tests, demos and power checks).

A simulated participant fills a REG item's form exactly as a person would (the field names of
:class:`lingeval.study.tasks.reg.RegTask`), so the same answers can be submitted to the web
survey over HTTP or turned directly into the tidy answer table (:func:`simulate_answers`).

Generative model, for participant ``p``, item ``i`` shown in system ``s``'s version:

* familiarity: ``yes`` with probability ``p_familiar``;
* referential success of an asked RE: ``yes``/``maybe``/``no`` with the system's
  probabilities ``(p_yes, p_maybe, 1 - p_yes - p_maybe)``;
* rewriting: each RE is rewritten with the system's probability ``p_rewrite`` (else copied);
* rating of measure ``m`` (clarity, grammaticality, coherence) on the 7-point scale::

      r = clip(round(base + shift[s, m] + u_p + v_i + beta_rw * n_rewrites
                     + beta_fam * familiar + e), 1, 7)

  with ``u_p ~ N(0, participant_sd)``, ``v_i ~ N(0, item_sd)``, ``e ~ N(0, noise_sd)``.
  Item offsets ``v_i`` depend on ``item_seed`` only (an item's difficulty does not change with
  the sample of participants), everything else on ``seed``.

Planted effects are therefore: rating shifts per system (and per measure), success and
rewriting probabilities per system, the slope of ratings on the number of rewritings
(``beta_rw``, paper 002 H4) and a familiarity shift (``beta_fam``, H5; 0 by default, as the
paper found no effect).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lingeval.core.errors import LingevalError
from lingeval.study.answers import ANSWER_COLUMNS
from lingeval.study.tasks.base import StudyItem

__all__ = [
    "SimulatedParticipant",
    "SimulationSpec",
    "SystemEffect",
    "simulate_answers",
    "synthetic_items",
]

MEASURES = ("clarity", "grammaticality", "coherence")


@dataclass(frozen=True)
class SystemEffect:
    """The planted behaviour of one system's versions.

    ``shift`` moves all three ratings (scale points); ``measure_shift`` adds per-measure
    shifts; ``p_yes``/``p_maybe`` are the referential-success answer probabilities;
    ``p_rewrite`` is the probability that a participant rewrites one RE.
    """

    shift: float = 0.0
    measure_shift: Mapping[str, float] = field(default_factory=dict)
    p_yes: float = 0.85
    p_maybe: float = 0.10
    p_rewrite: float = 0.2

    def __post_init__(self) -> None:
        if not (
            0 <= self.p_yes <= 1
            and 0 <= self.p_maybe <= 1
            and self.p_yes + self.p_maybe <= 1 + 1e-9
        ):
            raise LingevalError("p_yes and p_maybe must be probabilities summing to at most 1")
        if not 0 <= self.p_rewrite <= 1:
            raise LingevalError("p_rewrite must be a probability")


@dataclass(frozen=True)
class SimulationSpec:
    """Population parameters of the simulation (see the module docstring for the model)."""

    effects: Mapping[str, SystemEffect] = field(default_factory=dict)
    base: float = 5.0
    participant_sd: float = 0.5
    item_sd: float = 0.4
    noise_sd: float = 0.8
    beta_rewrite: float = -0.3
    beta_familiar: float = 0.0
    p_familiar: float = 0.4
    seed: int = 0
    item_seed: int = 0

    def effect(self, system: str) -> SystemEffect:
        return self.effects.get(system, SystemEffect())


class SimulatedParticipant:
    """One synthetic participant: :meth:`fill` returns the form a person would submit."""

    def __init__(self, participant_id: str, spec: SimulationSpec, rng: random.Random):
        self.participant_id = participant_id
        self.spec = spec
        self.rng = rng
        self.offset = rng.gauss(0.0, spec.participant_sd)

    def fill(self, item: StudyItem, item_offset: float = 0.0) -> dict[str, str]:
        """The submitted form for a REG item: familiarity, success-j, ratings, rewrite-j."""
        from lingeval.study.tasks.reg import RegTask

        view = RegTask().view(item)
        eff = self.spec.effect(item.system)
        rng = self.rng
        form: dict[str, str] = {}
        familiar = rng.random() < self.spec.p_familiar
        form["familiarity"] = "yes" if familiar else "no"
        for r in view["refs"]:
            if r["ask"]:
                u = rng.random()
                form[f"success-{r['index']}"] = (
                    "yes" if u < eff.p_yes else "maybe" if u < eff.p_yes + eff.p_maybe else "no"
                )
        n_rw = 0
        for r in view["refs"]:
            if rng.random() < eff.p_rewrite:
                n_rw += 1
                form[f"rewrite-{r['index']}"] = _rewrite(r["text"], r["name"], rng)
            else:
                form[f"rewrite-{r['index']}"] = r["text"]
        for m in MEASURES:
            latent = (
                self.spec.base
                + eff.shift
                + eff.measure_shift.get(m, 0.0)
                + self.offset
                + item_offset
                + self.spec.beta_rewrite * n_rw
                + self.spec.beta_familiar * familiar
                + rng.gauss(0.0, self.spec.noise_sd)
            )
            form[m] = str(min(7, max(1, round(latent))))
        form["comment"] = ""
        return form


def _rewrite(text: str, name: str, rng: random.Random) -> str:
    """A plausible rewriting that differs from ``text``: the proper name, or a definite NP."""
    if name.casefold() != text.casefold():
        return name
    return rng.choice(["the " + text, text + " itself", "it"])


def synthetic_items(
    n_items: int,
    systems: Sequence[str],
    *,
    seed: int = 0,
    res_per_item: tuple[int, int] = (2, 5),
) -> list[StudyItem]:
    """Small REG items (every system's version of ``n_items`` items) for simulations.

    Half of the items are ``seen``, half ``unseen``. The first RE of an item is the proper
    name; later ones alternate between the name, a pronoun and a description, so some REs get
    a referential-success question.
    """
    from lingeval.study.tasks.reg import make_reg_item

    rng = random.Random(seed)
    items: list[StudyItem] = []
    for i in range(n_items):
        entity = f"Entity_{i:03d}"
        n = rng.randint(*res_per_item)
        subset = "seen" if i % 2 == 0 else "unseen"
        for s in systems:
            segments: list[str | int] = []
            refs: list[tuple[str, str]] = []
            for j in range(n):
                form = (
                    "Entity " + f"{i:03d}"
                    if j == 0
                    else rng.choice(["Entity " + f"{i:03d}", "it", "the entity"])
                )
                segments += [" " if j else "", j, f" has property {j}."]
                refs.append((form, entity))
            items.append(make_reg_item(f"item{i:03d}", s, subset, entity, segments, refs))
    return items


def simulate_answers(
    items: Sequence[StudyItem],
    spec: SimulationSpec,
    *,
    groups: Mapping[int, Sequence[tuple[str, str]]] | None = None,
    participants_per_group: int = 8,
    study_id: str = "simulated",
) -> Any:
    """Simulate a whole study and return the tidy answer table (a pandas DataFrame).

    ``groups`` maps a group number to its ``(item_id, system)`` cells (a
    :class:`lingeval.study.design.Design`'s groups); by default a Latin-square design of the
    engine (:func:`lingeval.study.design.make_design`) with as many groups as systems is made.
    Answers are produced by :class:`SimulatedParticipant` and parsed by the REG task type, so
    they carry exactly the engine's vocabulary (including ``name`` answers).
    """
    import pandas as pd

    from lingeval.study.tasks.reg import RegTask

    if not items:
        raise LingevalError("no items to simulate")
    by_key = {it.key: it for it in items}
    if groups is None:
        from lingeval.study.design import make_design

        n_sys = len({it.system for it in items})
        design = make_design(items, n_sys, seed=spec.seed, per_group=participants_per_group)
        groups = {g: [(c.item_id, c.system) for c in cells] for g, cells in design.groups().items()}
    rng = random.Random(spec.seed)
    item_rng = random.Random(f"items-{spec.item_seed}")
    item_offsets = {
        iid: item_rng.gauss(0.0, spec.item_sd) for iid in sorted({it.item_id for it in items})
    }
    task = RegTask()
    rows: list[tuple[Any, ...]] = []
    n = 0
    for g in sorted(groups):
        for _ in range(participants_per_group):
            n += 1
            person = SimulatedParticipant(f"sim{n:04d}", spec, rng)
            for key in groups[g]:
                if tuple(key) not in by_key:
                    raise LingevalError(f"group {g} lists unknown item {key[0]}/{key[1]}")
                item = by_key[tuple(key)]  # type: ignore[index]
                form = person.fill(item, item_offsets[item.item_id])
                answers, errors = task.parse(item, form)
                if errors:  # pragma: no cover - the simulator fills every field
                    raise LingevalError(f"simulated form refused: {dict(errors)}")
                for a in answers:
                    rows.append(
                        (
                            study_id,
                            person.participant_id,
                            g,
                            item.item_id,
                            item.system,
                            item.subset,
                            a.question,
                            a.target,
                            a.reference,
                            a.value,
                            "",
                        )
                    )
    return pd.DataFrame(rows, columns=list(ANSWER_COLUMNS))
