"""Drawing the items of a meaning-preservation study from systems' predictions (paper 000, 7).

The paper's manual evaluation showed one annotator the inputs together with the outputs of the
best model. Here any number of systems can be judged side by side:

* the same examples are drawn for every system (a paired comparison): the candidates are the
  examples for which every system has a non-empty prediction; ``sample`` of them are chosen by
  a seeded shuffle (all of them when ``sample`` is None);
* one :class:`~lingeval.study.tasks.base.StudyItem` per (example, system): ``item_id`` is the
  example id, ``payload`` the input sentence, the marked conjunction and the system's rewrite
  set (:func:`~lingeval.conjuncts.meaning.task.make_payload`);
* system identity is hidden: judges never see it (it is not in the payload), and with
  ``blind=True`` (default) even the stored system names are codes ``S1``, ``S2``, ... assigned
  in a seeded random order, so an admin export reveals nothing either; the code -> system key
  is written to a separate file and given to the analysis;
* the items are written in a seeded shuffled order (the engine also shuffles per judge).

Several judges per item come from the study design: every version is placed in one group and
judged by each participant of that group (``per_group`` judges).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.meaning.task import MAX_REWRITES, make_payload
from lingeval.core.errors import InputError, LingevalError
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.study.tasks.base import StudyItem

__all__ = ["DrawnItems", "apply_key", "draw_items", "read_key", "write_key"]


@dataclass
class DrawnItems:
    """The drawn items, the blinding key (code -> system name) and what was left out."""

    items: list[StudyItem]
    key: dict[str, str]
    seed: int
    n_examples: int
    candidates: int
    dropped: dict[str, list[str]] = field(default_factory=dict)

    def signature(self) -> Signature:
        return Signature(
            "conjuncts-meaning-items",
            {
                "seed": self.seed,
                "examples": self.n_examples,
                "systems": len(self.key),
                "blind": any(k != v for k, v in self.key.items()),
            },
        )

    def summary(self) -> Table:
        """One row per system: the code it is stored under and the number of items."""
        table = Table(
            ["code", "system", "items"],
            title=f"Meaning-preservation items: {self.n_examples} examples x {len(self.key)} "
            f"system(s) = {len(self.items)} items (from {self.candidates} candidate examples)",
            signature=self.signature(),
        )
        counts: dict[str, int] = {}
        for it in self.items:
            counts[it.system] = counts.get(it.system, 0) + 1
        for code in sorted(self.key, key=_code_order):
            table.add(code, self.key[code], counts.get(code, 0))
        for reason, ids in self.dropped.items():
            if ids:
                shown = ", ".join(ids[:5]) + (" ..." if len(ids) > 5 else "")
                table.notes.append(f"left out ({reason}): {len(ids)} example(s): {shown}")
        return table


def _code_order(code: str) -> tuple[int, str]:
    digits = code[1:]
    return (int(digits), code) if digits.isdigit() else (10**9, code)


def draw_items(
    examples: Sequence[ConjunctExample],
    predictions: Mapping[str, Mapping[str, Sequence[str]]],
    *,
    sample: int | None = None,
    seed: int = 0,
    blind: bool = True,
) -> DrawnItems:
    """Draw study items from ``predictions`` = ``{system: {example id: [sentence, ...]}}``.

    Raises :class:`LingevalError` for no systems, prediction ids absent from the examples, a
    sample larger than the candidates, or no candidate at all.
    """
    if not predictions:
        raise LingevalError("give at least one system's predictions")
    if sample is not None and sample < 1:
        raise LingevalError("the sample size must be at least 1")
    by_id = {ex.id: ex for ex in examples}
    for name, preds in predictions.items():
        if not name.strip():
            raise LingevalError("a system name is empty")
        unknown = [k for k in preds if k not in by_id]
        if unknown:
            raise LingevalError(
                f"system {name}: predictions for id(s) not in the examples: {', '.join(unknown[:10])}"
            )
    dropped: dict[str, list[str]] = {"no prediction": [], "empty prediction": [], "too long": []}
    candidates: list[str] = []
    for ex in examples:
        outs = [preds.get(ex.id) for preds in predictions.values()]
        if any(o is None for o in outs):
            dropped["no prediction"].append(ex.id)
        elif any(not [s for s in o or [] if s.strip()] for o in outs):
            dropped["empty prediction"].append(ex.id)
        elif any(len(o or []) > MAX_REWRITES for o in outs):
            dropped["too long"].append(ex.id)
        else:
            candidates.append(ex.id)
    if not candidates:
        raise LingevalError(
            "no example has a non-empty prediction from every system "
            f"({len(examples)} examples, systems: {', '.join(predictions)})"
        )
    if sample is not None and sample > len(candidates):
        raise LingevalError(
            f"cannot sample {sample} examples: only {len(candidates)} have a prediction from every system"
        )
    rng = random.Random(seed)
    chosen = sorted(candidates)
    rng.shuffle(chosen)
    chosen = chosen[: sample if sample is not None else len(chosen)]
    names = list(predictions)
    if blind:
        order = names[:]
        rng.shuffle(order)
        key = {f"S{i}": name for i, name in enumerate(order, 1)}
    else:
        key = {name: name for name in names}
    code_of = {name: code for code, name in key.items()}
    items: list[StudyItem] = []
    for ex_id in chosen:
        ex = by_id[ex_id]
        for name in names:
            rewrites = [s.strip() for s in predictions[name][ex_id] if s.strip()]
            payload = make_payload(ex.sentence, ex.offset, ex.conjunction, rewrites)
            items.append(StudyItem(ex.id, code_of[name], "", payload))
    rng.shuffle(items)
    return DrawnItems(items, key, seed, len(chosen), len(candidates), dropped)


def write_key(key: Mapping[str, str], path: str | Path, *, seed: int | None = None) -> None:
    """Write the blinding key as JSON ``{"key": {code: system}, "seed": ...}``."""
    data = {"key": dict(key), "seed": seed}
    try:
        Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    except OSError as exc:
        raise LingevalError(f"cannot write the key file {path}: {exc.strerror}") from None


def read_key(path: str | Path) -> dict[str, str]:
    """Read a key written by :func:`write_key` (or a plain ``{code: system}`` object)."""
    p = Path(path)
    from lingeval.core.textio import read_text

    try:
        data = json.loads(read_text(p))
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path=p, line=exc.lineno) from None
    if isinstance(data, dict) and isinstance(data.get("key"), dict):
        data = data["key"]
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v for k, v in data.items()
    ):
        raise InputError("the key must map system codes to system names (strings)", path=p)
    names = list(data.values())
    if len(set(names)) != len(names):
        raise InputError("two codes map to the same system name", path=p)
    return dict(data)


def apply_key(systems: Sequence[str], key: Mapping[str, str] | None) -> list[str]:
    """Map stored codes back to system names (codes not in the key are kept)."""
    if not key:
        return list(systems)
    return [key.get(s, s) for s in systems]
