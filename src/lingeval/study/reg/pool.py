"""The item pool of a REG study and item building for several systems (paper 002, 4.1).

A :class:`RegPool` holds the WebNLG entries, the REG instances of each subset (read from
NeuralREG files, or made from the XML when none are given), their alignment, the entity
resources and an optional ``system_outputs`` directory. :func:`make_items` samples the texts
(stratified by subset and triple size, seeded) and builds every system's version of each as
engine :class:`~lingeval.study.tasks.base.StudyItem` objects.

:func:`sample_pool` loads the small sample shipped with lingeval (``lingeval/data/study/reg``,
written for the project) used by the demo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.registry import registry
from lingeval.study.reg.instances import (
    Alignment,
    RegInstance,
    align,
    find_system_outputs,
    instances_from_webnlg,
    read_instances,
)
from lingeval.study.reg.items import (
    PAPER_STRATA,
    ItemSource,
    build_item,
    sample_sources,
    system_res,
)
from lingeval.study.reg.systems import MLSystem, OutputSystem, RegResources, RegSystem, make_system
from lingeval.study.reg.webnlg import Entry, read_webnlg
from lingeval.study.tasks.base import StudyItem

__all__ = ["SAMPLE_DIR", "RegPool", "load_pool", "make_items", "sample_pool"]

SAMPLE_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "study" / "reg"

_INSTANCE_NAMES = {
    "seen": ("test_seen.json", "instances_seen.json"),
    "unseen": ("test_unseen.json", "instances_unseen.json"),
}


@dataclass
class RegPool:
    """Everything needed to build REG study items (see the module docstring)."""

    entries: list[Entry]
    instances: dict[str, list[RegInstance]]
    alignments: dict[tuple[str, str], Alignment]
    resources: RegResources = field(default_factory=RegResources)
    outputs_root: Path | None = None
    train: Path | None = None

    def sources(self) -> list[ItemSource]:
        return [
            ItemSource(e, lex, self.alignments.get((e.eid, lex.lid)))
            for e in self.entries
            for lex in e.lexes
        ]

    def output_systems(self) -> dict[str, OutputSystem]:
        if self.outputs_root is None:
            return {}
        return {n: OutputSystem(n, f) for n, f in find_system_outputs(self.outputs_root).items()}

    def system(self, name: str, *, seed: int = 0) -> RegSystem:
        """A system by name: registered (``human``, ``rule``, ``ml``, ...), an output system
        found under ``outputs_root``, or ``outputs:<dir>/<system>``."""
        found = self.output_systems()
        if name in found:
            return found[name]
        if name == "ml":
            ml = MLSystem(self.resources, seed=seed)
            if self.train is not None:
                return ml.fit(read_instances(self.train))
            # no training file: train on the pool's own corpus REs (demo only)
            return ml.fit([x for xs in self.instances.values() for x in xs])
        if name == "rule":
            train = read_instances(self.train) if self.train is not None else None
            return make_system(name, resources=self.resources, train=train, seed=seed)
        if name.startswith("outputs:") or name in registry.reg_systems.get_all():
            return make_system(name, resources=self.resources)
        known = sorted({*registry.reg_systems.get_all(), *found})
        raise LingevalError(f"unknown REG system {name!r}; known: {', '.join(known)}")

    def outputs_of(self, system: RegSystem) -> dict[str, list[str]]:
        """The system's RE for every instance, per subset."""
        return {sub: system.generate(xs, subset=sub) for sub, xs in self.instances.items() if xs}


def load_pool(
    webnlg: str | Path,
    *,
    instances: str | Path | None = None,
    outputs: str | Path | None = None,
    resources: str | Path | None = None,
    train: str | Path | None = None,
) -> RegPool:
    """Read a pool: WebNLG XML (file or ``<N>triples`` directory) and, optionally, a directory
    of REG instance files (``test_seen.json``/``test_unseen.json``, aligned to the XML), a
    ``system_outputs`` directory, a resources directory (``gender.json``,
    ``entity_types.json``; default: the instances directory) and a training instance file
    for ``ml`` (default: ``dev.json`` in the instances directory)."""
    entries = read_webnlg(webnlg)
    inst: dict[str, list[RegInstance]] = {}
    alignments: dict[tuple[str, str], Alignment] = {}
    if instances is not None:
        d = Path(instances)
        if not d.is_dir():
            raise InputError("not a directory of REG instance files", path=d)
        for sub, names in _INSTANCE_NAMES.items():
            f = next((d / n for n in names if (d / n).is_file()), None)
            if f is None:
                continue
            inst[sub] = read_instances(f)
            alignments.update(align(entries, inst[sub], subset=sub))
        if not inst:
            raise InputError("no test_seen.json / test_unseen.json here", path=d)
        if train is None and (d / "dev.json").is_file():
            train = d / "dev.json"
        if resources is None:
            resources = d
    else:
        for sub in ("seen", "unseen"):
            xs, al = instances_from_webnlg(entries, subset=sub)
            inst[sub] = xs
            alignments.update(al)
    return RegPool(
        entries=entries,
        instances=inst,
        alignments=alignments,
        resources=RegResources.from_dir(resources),
        outputs_root=Path(outputs) if outputs is not None else None,
        train=Path(train) if train is not None else None,
    )


def sample_pool() -> RegPool:
    """The demo sample shipped with lingeval (10 entries, 11 texts, one output system)."""
    return load_pool(
        SAMPLE_DIR / "webnlg_sample.xml",
        instances=SAMPLE_DIR,
        outputs=SAMPLE_DIR / "system_outputs",
        resources=SAMPLE_DIR,
    )


def make_items(
    pool: RegPool,
    systems: Sequence[str] = ("human", "rule", "ml"),
    *,
    strata: Mapping[str, tuple[int, Sequence[int]]] | None = PAPER_STRATA,
    seed: int = 0,
    progress: bool = False,
) -> list[StudyItem]:
    """Sample texts and build every system's version of each (``len(texts) x len(systems)``).

    ``progress`` shows a progress bar (stderr) while the systems generate their REs.

    ``strata=None`` takes every aligned text. Texts are drawn among those aligned with the REG
    instances (so the sample does not depend on the systems named). Items are ordered by
    text, then system.
    """
    if not systems:
        raise LingevalError("name at least one REG system")
    if len(set(systems)) != len(systems):
        raise LingevalError("a system is named twice")
    # the sample must not depend on the systems named: texts are drawn among the aligned
    # ones whenever the pool has an alignment
    sources = sample_sources(
        pool.sources(), strata=strata, seed=seed, require_aligned=bool(pool.alignments)
    )
    from tqdm import tqdm

    outputs: dict[str, dict[str, list[str]]] = {}
    generated = [s for s in systems if s != "human"]
    for name in tqdm(generated, desc="REG systems", unit="system", disable=not progress):
        outputs[name] = pool.outputs_of(pool.system(name, seed=seed))
    items: list[StudyItem] = []
    for src in sources:
        for name in systems:
            # human: the corpus REs with their original casing
            res = system_res(src, outputs[name]) if name in outputs else None
            items.append(build_item(src, name, res))
    return items
