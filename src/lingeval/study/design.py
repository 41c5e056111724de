"""Latin-square-like study designs: items x systems distributed into groups (lists).

Paper 002, 4.2: the 240 versions (48 items x 5 systems) were divided into 16 groups of 15 so
that no two versions of one item share a group; each group was completed by 8 participants
(4.3). (The paper's "48 seen + 48 unseen items" is a slip: 4 items per triple size 2-7 give 24
seen and 6 per size 2-5 give 24 unseen, 48 in all, and 48 x 5 = 240.)

Construction for ``n`` items, ``k`` systems and ``G`` groups, ``N = n k`` cells:

* requirements: ``G >= k`` (else two versions must meet) and ``G | N`` (equal group sizes);
* the item order and the system order are shuffled with the seed;
* cyclic (Latin-square) placement: version ``(i, s)`` goes to group ``(i + o_s) mod G`` with
  system offsets ``o_s = s * floor(G/k)`` when ``G | n`` and ``o_s = s * (n mod G)`` otherwise.
  Distinct offsets keep an item's versions apart; for ``G | n`` every group holds exactly
  ``n/G`` versions of every system, otherwise the extra windows tile the groups evenly so group
  sizes stay equal and each system has ``floor(n/G)`` or ``ceil(n/G)`` versions per group;
* when those offsets collide or the crossing is incomplete, a seeded greedy placement (least
  filled group, then fewest versions of the system, never a second version of an item) with
  restarts is used.

Groups are numbered from 1; ``position`` is the base order inside a group (the server still
shuffles the order per participant).
"""

from __future__ import annotations

import csv
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.study.tasks.base import StudyItem

__all__ = ["DESIGN_COLUMNS", "PRESETS", "Cell", "Design", "Preset", "make_design", "read_design"]

DESIGN_COLUMNS = ("group", "position", "item_id", "system", "subset")


@dataclass(frozen=True)
class Preset:
    """A named study size: items, systems, groups and participants per group."""

    n_items: int
    n_systems: int
    n_groups: int
    per_group: int
    note: str = ""


PRESETS: dict[str, Preset] = {
    "paper": Preset(
        48,
        5,
        16,
        8,
        "paper 002, 4.1-4.3: 24 seen + 24 unseen items x 5 systems = 240 in 16 groups of 15",
    ),
}


@dataclass(frozen=True)
class Cell:
    """One version of one item placed in a group at a base position (both 1-based)."""

    group: int
    position: int
    item_id: str
    system: str
    subset: str = ""


@dataclass
class Design:
    """The placement of every (item, system) version into groups."""

    cells: list[Cell]
    seed: int | None = None
    method: str = "import"
    per_group: int = 8
    notes: list[str] = field(default_factory=list)

    @property
    def n_groups(self) -> int:
        return len({c.group for c in self.cells})

    def groups(self) -> dict[int, list[Cell]]:
        out: dict[int, list[Cell]] = defaultdict(list)
        for c in sorted(self.cells, key=lambda c: (c.group, c.position)):
            out[c.group].append(c)
        return dict(out)

    @property
    def systems(self) -> list[str]:
        return sorted({c.system for c in self.cells})

    def signature(self) -> Signature:
        return Signature(
            "study-design",
            {
                "method": self.method,
                "groups": self.n_groups,
                "items": len({c.item_id for c in self.cells}),
                "systems": len(self.systems),
                "seed": self.seed,
            },
        )

    def check(self, *, path: str | Path | None = None) -> None:
        """Raise when two versions of an item share a group or positions repeat."""
        seen: dict[tuple[int, str], str] = {}
        pos: set[tuple[int, int]] = set()
        for c in self.cells:
            if (c.group, c.item_id) in seen:
                raise InputError(
                    f"group {c.group} holds two versions of item {c.item_id!r} "
                    f"({seen[(c.group, c.item_id)]} and {c.system})",
                    path=path,
                )
            seen[(c.group, c.item_id)] = c.system
            if (c.group, c.position) in pos:
                raise InputError(
                    f"group {c.group} has two cells at position {c.position}", path=path
                )
            pos.add((c.group, c.position))

    def to_csv(self, path: str | Path | None = None) -> str:
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(DESIGN_COLUMNS)
        for c in sorted(self.cells, key=lambda c: (c.group, c.position)):
            w.writerow([c.group, c.position, c.item_id, c.system, c.subset])
        text = buf.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    def summary(self) -> Table:
        """One row per group: size and the number of versions of each system."""
        systems = self.systems
        table = Table(
            ["group", "size", *systems],
            title=f"Design: {len(self.cells)} versions in {self.n_groups} groups "
            f"({self.per_group} participants per group planned)",
            signature=self.signature(),
        )
        for g, cells in self.groups().items():
            counts = Counter(c.system for c in cells)
            table.add(g, len(cells), *(counts.get(s, 0) for s in systems))
        table.notes.extend(self.notes)
        return table


def _as_triples(items: Iterable[StudyItem | tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    out = []
    for it in items:
        if isinstance(it, StudyItem):
            out.append((it.item_id, it.system, it.subset))
        else:
            item_id, system, subset = it
            out.append((str(item_id), str(system), str(subset)))
    return out


def make_design(
    items: Iterable[StudyItem | tuple[str, str, str]],
    n_groups: int,
    *,
    seed: int = 0,
    per_group: int = 8,
    max_restarts: int = 500,
) -> Design:
    """Distribute every (item, system) version into ``n_groups`` equal groups (module docstring)."""
    triples = _as_triples(items)
    if not triples:
        raise LingevalError("no items to design a study from")
    subset_of = {(i, s): sub for i, s, sub in triples}
    if len(subset_of) != len(triples):
        raise LingevalError("the same (item, system) version appears twice")
    item_ids = sorted({i for i, _, _ in triples})
    systems = sorted({s for _, s, _ in triples})
    n, k, N = len(item_ids), len(systems), len(triples)
    if n_groups < 1:
        raise LingevalError("the number of groups must be at least 1")
    max_versions = max(Counter(i for i, _, _ in triples).values())
    if n_groups < max_versions:
        raise LingevalError(
            f"{n_groups} groups cannot keep the {max_versions} versions of an item apart; use at least {max_versions}"
        )
    if N % n_groups:
        divisors = [g for g in range(max_versions, N + 1) if N % g == 0][:8]
        raise LingevalError(
            f"{N} versions cannot be split into {n_groups} equal groups; possible group counts: "
            + ", ".join(map(str, divisors))
        )
    rng = random.Random(seed)
    order = item_ids[:]
    rng.shuffle(order)
    sys_order = systems[:]
    rng.shuffle(sys_order)
    G = n_groups
    placement: dict[tuple[str, str], int] | None = None
    method = "cyclic"
    if n * k == N:
        r = n % G
        offsets = [s * (G // k) for s in range(k)] if r == 0 else [(s * r) % G for s in range(k)]
        if len(set(offsets)) == k:
            placement = {}
            for si, s in enumerate(sys_order):
                for ii, item in enumerate(order):
                    placement[(item, s)] = (ii + offsets[si]) % G
    if placement is None:
        method = "greedy"
        placement = _greedy(order, sys_order, subset_of, G, N // G, rng, max_restarts)
    by_group: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for key, g in placement.items():
        by_group[g].append(key)
    cells: list[Cell] = []
    for g in range(G):
        members = sorted(by_group[g])
        rng.shuffle(members)
        for pos, (item, s) in enumerate(members, 1):
            cells.append(Cell(g + 1, pos, item, s, subset_of[(item, s)]))
    design = Design(cells, seed=seed, method=method, per_group=per_group)
    design.check()
    return design


def _greedy(
    order: Sequence[str],
    systems: Sequence[str],
    subset_of: dict[tuple[str, str], str],
    n_groups: int,
    capacity: int,
    rng: random.Random,
    max_restarts: int,
) -> dict[tuple[str, str], int]:
    for _ in range(max_restarts):
        fill = [0] * n_groups
        sys_count: dict[tuple[int, str], int] = defaultdict(int)
        placement: dict[tuple[str, str], int] = {}
        items = list(order)
        rng.shuffle(items)
        ok = True
        for item in items:
            used: set[int] = set()
            versions = [s for s in systems if (item, s) in subset_of]
            rng.shuffle(versions)
            for s in versions:
                free = [g for g in range(n_groups) if g not in used and fill[g] < capacity]
                if not free:
                    ok = False
                    break
                g = min(free, key=lambda g: (fill[g], sys_count[(g, s)], rng.random()))
                placement[(item, s)] = g
                used.add(g)
                fill[g] += 1
                sys_count[(g, s)] += 1
            if not ok:
                break
        if ok:
            return placement
    raise LingevalError(
        "could not find a design with these constraints; try another seed or group count"
    )


def read_design(path: str | Path, *, per_group: int = 8) -> Design:
    """Read a design CSV (columns ``group,position,item_id,system,subset``) and check it."""
    p = Path(path)
    from lingeval.core.textio import open_text

    fh = open_text(p, newline="")
    cells: list[Cell] = []
    seen: dict[tuple[int, str], int] = {}
    positions: dict[tuple[int, int], int] = {}
    with fh:
        reader = csv.reader(fh)
        header = next(reader, None)
        if header is None or tuple(h.strip() for h in header[:5]) != DESIGN_COLUMNS:
            raise InputError(f"the header must be {','.join(DESIGN_COLUMNS)}", path=p, line=1)
        for row in reader:
            line = reader.line_num
            if not row or (len(row) == 1 and not row[0].strip()) or row[0].startswith("#"):
                continue
            if len(row) < 4:
                raise InputError(
                    f"expected {len(DESIGN_COLUMNS)} columns, found {len(row)}", path=p, line=line
                )
            try:
                group, position = int(row[0]), int(row[1])
            except ValueError:
                raise InputError("group and position must be integers", path=p, line=line) from None
            if group < 1 or position < 1:
                raise InputError("group and position start at 1", path=p, line=line)
            item_id, system = row[2].strip(), row[3].strip()
            if not item_id or not system:
                raise InputError("item_id and system must not be empty", path=p, line=line)
            if (group, item_id) in seen:
                raise InputError(
                    f"group {group} already holds a version of item {item_id!r} (line {seen[(group, item_id)]})",
                    path=p,
                    line=line,
                )
            if (group, position) in positions:
                raise InputError(
                    f"group {group} already has position {position}", path=p, line=line
                )
            seen[(group, item_id)] = line
            positions[(group, position)] = line
            subset = row[4].strip() if len(row) > 4 else ""
            cells.append(Cell(group, position, item_id, system, subset))
    if not cells:
        raise InputError("the design has no rows", path=p)
    design = Design(cells, seed=None, method="import", per_group=per_group)
    sizes = Counter(c.group for c in cells)
    if len(set(sizes.values())) > 1:
        design.notes.append(
            "note: groups differ in size ("
            + ", ".join(f"{g}:{n}" for g, n in sorted(sizes.items()))
            + ")"
        )
    return design
