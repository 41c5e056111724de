"""REG instances (NeuralREG format), system outputs, and their alignment with WebNLG texts.

An instance (``test_seen.json``, ``test_unseen.json``, ``dev.json``: a JSON list) is one RE to
generate: ``entity`` (identifier), ``category``, ``pre_context`` and ``pos_context`` (tokens of
the delexicalised text before and after it; other entities appear as identifiers) and
``refex`` (the corpus RE, tokenised). Instances of one text are consecutive. (In these files
the pre-context omits earlier mentions of the target entity itself; the post-context is
complete, so positions are computed from it.)

A system output is one RE per line, line *n* for instance *n* of the same file, or a JSON list
of strings; a ``system_outputs/<system>/results/`` directory holds one file per subset whose
name contains ``seen`` or ``unseen`` (``test_1_seen``, ``preds_unseen.txt``, ...).

Alignment (:func:`align`): instances are grouped into texts (an instance continues the
previous text when its post-context is a strict suffix of the previous one's), and a text is
matched to a WebNLG lexicalisation whose template, with tags replaced by entity identifiers,
reads the same ignoring case, spacing and punctuation; its REG instances then fill the
template's tag slots in order, by entity. Slots without an instance (numbers and dates, which
the REG data leaves as literals) keep the corpus text and are not REs of the study.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lingeval.core.errors import InputError
from lingeval.study.reg.webnlg import TAG, Entry, Lexicalisation

__all__ = [
    "Alignment",
    "RegInstance",
    "align",
    "find_system_outputs",
    "group_texts",
    "instances_from_webnlg",
    "read_instances",
    "read_system_output",
]


@dataclass(frozen=True)
class RegInstance:
    """One RE to generate (see the module docstring)."""

    entity: str
    category: str
    pre_context: tuple[str, ...]
    pos_context: tuple[str, ...]
    refex: tuple[str, ...]

    @property
    def refex_text(self) -> str:
        return " ".join(self.refex)

    def to_dict(self) -> dict[str, object]:
        return {
            "entity": self.entity,
            "category": self.category,
            "pre_context": list(self.pre_context),
            "pos_context": list(self.pos_context),
            "refex": list(self.refex),
        }


def read_instances(path: str | Path, *, complete: bool = False) -> list[RegInstance]:
    """Read a NeuralREG instance file (a JSON list of objects). A missing ``pre_context``,
    ``pos_context`` or ``refex`` reads as empty, or with ``complete`` is an error (the texts
    are rebuilt from them: :func:`lingeval.conjuncts.mining.quality.webnlg_reg_texts`)."""
    p = Path(path)
    from lingeval.core.textio import read_text

    try:
        data = json.loads(read_text(p))
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path=p, line=exc.lineno) from None
    if not isinstance(data, list):
        raise InputError("expected a JSON list of REG instances", path=p)
    out = []
    for i, d in enumerate(data):
        if not isinstance(d, dict) or not isinstance(d.get("entity"), str):
            raise InputError(f"instance {i} needs an 'entity' string", path=p)
        if complete and not all(k in d for k in ("pre_context", "pos_context", "refex")):
            raise InputError(f"instance {i} lacks pre_context/pos_context/refex", path=p)
        try:
            out.append(
                RegInstance(
                    entity=d["entity"],
                    category=str(d.get("category", "")),
                    pre_context=tuple(str(t) for t in d.get("pre_context", [])),
                    pos_context=tuple(str(t) for t in d.get("pos_context", [])),
                    refex=tuple(str(t) for t in d.get("refex", [])),
                )
            )
        except TypeError:
            raise InputError(
                f"instance {i}: contexts and refex must be lists of tokens", path=p
            ) from None
    return out


def read_system_output(path: str | Path, *, expected: int | None = None) -> list[str]:
    """One RE per line (or a JSON list of strings); ``expected`` checks the count."""
    p = Path(path)
    from lingeval.core.textio import read_text

    text = read_text(p)
    if text.lstrip().startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", path=p, line=exc.lineno) from None
        lines = [str(x) for x in data]
    else:
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
    if expected is not None and len(lines) != expected:
        raise InputError(
            f"{len(lines)} REs but {expected} REG instances (one RE per line, aligned)", path=p
        )
    return [" ".join(line.split()) for line in lines]


def find_system_outputs(root: str | Path) -> dict[str, dict[str, Path]]:
    """Systems under a ``system_outputs`` directory: name -> {subset: file}.

    Files live in ``<root>/<system>/results/`` (or ``<root>/<system>/``); a file whose name
    contains ``unseen`` is the unseen subset, else one containing ``seen`` is the seen one.
    Empty files are skipped.
    """
    r = Path(root)
    if not r.is_dir():
        raise InputError("no such directory", path=r)
    out: dict[str, dict[str, Path]] = {}
    for sysdir in sorted(d for d in r.iterdir() if d.is_dir()):
        where = sysdir / "results" if (sysdir / "results").is_dir() else sysdir
        files: dict[str, Path] = {}
        for f in sorted(where.iterdir()):
            if not f.is_file() or f.stat().st_size == 0:
                continue
            name = f.name.lower()
            subset = "unseen" if "unseen" in name else "seen" if "seen" in name else ""
            if subset and subset not in files:
                files[subset] = f
        if files:
            out[sysdir.name] = files
    return out


def group_texts(instances: Sequence[RegInstance]) -> list[list[int]]:
    """Indices of the instances of each text, in order (see the module docstring)."""
    groups: list[list[int]] = []
    for i, x in enumerate(instances):
        if groups:
            prev = instances[groups[-1][-1]].pos_context
            p = x.pos_context
            if len(p) < len(prev) and prev[len(prev) - len(p) :] == p:
                groups[-1].append(i)
                continue
        groups.append([i])
    return groups


def full_text(instances: Sequence[RegInstance], group: Sequence[int]) -> tuple[str, ...]:
    """The delexicalised tokens of a text, from its first instance."""
    x = instances[group[0]]
    return (*x.pre_context, x.entity, *x.pos_context)


def positions(instances: Sequence[RegInstance], group: Sequence[int]) -> list[int]:
    """Token position of each instance of ``group`` in :func:`full_text`."""
    n = len(full_text(instances, group))
    return [n - len(instances[i].pos_context) - 1 for i in group]


_NON_ALNUM = re.compile(r"[^0-9a-z]")


def _norm(tokens: Iterable[str]) -> str:
    return _NON_ALNUM.sub("", " ".join(tokens).casefold())


def _ident(entity: str) -> str:
    return entity.strip().replace(" ", "_")


def delexicalised(lex: Lexicalisation) -> tuple[str, ...]:
    """The template with every tag replaced by its entity identifier."""
    refs = iter(lex.references)
    return tuple(_ident(next(refs).entity) if TAG.match(t) else t for t in lex.template)


@dataclass(frozen=True)
class Alignment:
    """Where a lexicalisation's REs are in an instance file.

    ``slots[k]`` is the instance index that generates the k-th tag slot, or ``None`` for a
    literal slot that is not an RE in the REG data.
    """

    subset: str
    slots: tuple[int | None, ...]


def align(
    entries: Iterable[Entry], instances: Sequence[RegInstance], *, subset: str
) -> dict[tuple[str, str], Alignment]:
    """Map ``(eid, lid)`` to the instances that generate its REs (see the module docstring)."""
    by_key: dict[str, list[int]] = {}
    for g in group_texts(instances):
        by_key.setdefault(_norm(full_text(instances, g)), g)
    out: dict[tuple[str, str], Alignment] = {}
    for entry in entries:
        if entry.subset != subset:
            continue
        for lex in entry.lexes:
            group = by_key.get(_norm(delexicalised(lex)))
            if group is None:
                continue
            slots: list[int | None] = []
            queue = list(group)
            for ref in lex.references:
                if queue and _ident(instances[queue[0]].entity) == _ident(ref.entity):
                    slots.append(queue.pop(0))
                else:
                    slots.append(None)
            if not queue:
                out[(entry.eid, lex.lid)] = Alignment(subset, tuple(slots))
    return out


def instances_from_webnlg(
    entries: Iterable[Entry], *, subset: str | None = None
) -> tuple[list[RegInstance], dict[tuple[str, str], Alignment]]:
    """Make NeuralREG-style instances from WebNLG lexicalisations, with their alignment.

    Every tag slot whose entity is not a bare number or date becomes an instance (pre- and
    post-context keep every other entity as its identifier and literals as their corpus
    text; unlike the NeuralREG files the pre-context is complete). Used to run REG systems on
    any WebNLG-format file, e.g. the demo sample shipped with lingeval.
    """
    literal = re.compile(r'^"?[\d\s.,:/\-+]+"?$')
    out: list[RegInstance] = []
    alignments: dict[tuple[str, str], Alignment] = {}
    for entry in entries:
        if subset is not None and entry.subset != subset:
            continue
        for lex in entry.lexes:
            refs = lex.references
            is_re = [not literal.match(r.entity.replace("_", " ")) for r in refs]
            tokens: list[str] = []
            slot_pos: list[int] = []
            k = 0
            for tok in lex.template:
                if TAG.match(tok):
                    r = refs[k]
                    slot_pos.append(len(tokens))
                    if is_re[k]:
                        tokens.append(_ident(r.entity))
                    else:
                        tokens.extend(r.text.split())
                    k += 1
                else:
                    tokens.append(tok)
            slots: list[int | None] = []
            for k, r in enumerate(refs):
                if not is_re[k]:
                    slots.append(None)
                    continue
                p = slot_pos[k]
                # positions shift when literal slots expand to several tokens
                p = p + sum(len(refs[q].text.split()) - 1 for q in range(k) if not is_re[q])
                slots.append(len(out))
                out.append(
                    RegInstance(
                        entity=_ident(r.entity),
                        category=entry.category,
                        pre_context=tuple(tokens[:p]),
                        pos_context=tuple(tokens[p + 1 :]),
                        refex=tuple(r.text.split()),
                    )
                )
            alignments[(entry.eid, lex.lid)] = Alignment(entry.subset, tuple(slots))
    return out, alignments
