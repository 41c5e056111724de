"""The engine's item schema and the task-type interface.

A study shows *items*; the engine knows nothing about what is in them. An item is a
:class:`StudyItem`: an ``item_id`` (the underlying test item, e.g. one WebNLG entry), the
``system`` whose output it shows (one *version* of the item), a ``subset`` label (``seen`` /
``unseen`` for REG, empty when not applicable) and a ``payload`` dict whose shape belongs to the
task type. The design (:mod:`lingeval.study.design`) distributes the (item_id, system) cells
into groups; the task type renders a payload as form fields and turns a submitted form into
answer rows of the tidy table (:mod:`lingeval.study.answers`).

Task types are registered by name in ``registry.task_types`` (spaCy-style)::

    from lingeval.core.registry import registry
    from lingeval.study.tasks.base import TaskType

    @registry.task_types("acceptability")
    class Acceptability(TaskType): ...

so later task types (Likert acceptability, cloze choice, conjunct rewrites) plug in without
touching the engine.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from lingeval.core.errors import InputError, LingevalError

__all__ = [
    "FieldError",
    "ParsedAnswer",
    "StudyItem",
    "TaskType",
    "get_task_type",
    "load_items",
    "save_items",
]


def bad_character(value: str) -> str | None:
    """The first character that no answer may contain, or None: control characters (Unicode
    category Cc, except tab, line feed and carriage return: NUL breaks PostgreSQL text, the
    others break exports) and lone surrogates. Checked identically whatever the database."""
    import unicodedata

    for ch in value:
        if ch in "\t\n\r":
            continue
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return ch
    return None


def control_char_errors(form: Mapping[str, str]) -> FieldError:
    """A field error for every submitted value holding a :func:`bad_character`."""
    errors = FieldError()
    for name, value in form.items():
        ch = bad_character(value)
        if ch is not None:
            errors[name] = (
                f"Please remove the control character U+{ord(ch):04X} from this answer "
                "(it cannot be stored)."
            )
    return errors


# Longest accepted free text (characters); longer input is refused with a message.
MAX_SHORT_TEXT = 300
MAX_LONG_TEXT = 4000


@dataclass(frozen=True)
class StudyItem:
    """One version of one test item, as the engine stores and shows it.

    ``item_id`` names the underlying test item (all systems' versions share it); ``system``
    names the version; ``subset`` is a free label used by the analysis (``seen``/``unseen`` for
    REG); ``payload`` is the task type's content (see :class:`lingeval.study.tasks.reg.RegTask`
    for the REG shape). Items serialise to JSON objects with exactly these four keys.
    """

    item_id: str
    system: str
    subset: str = ""
    payload: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str]:
        return (self.item_id, self.system)

    def to_dict(self) -> dict[str, Any]:
        return {
            "item_id": self.item_id,
            "system": self.system,
            "subset": self.subset,
            "payload": dict(self.payload),
        }

    @classmethod
    def from_dict(
        cls, d: Mapping[str, Any], *, path: str | Path | None = None, line: int | None = None
    ) -> StudyItem:
        if not isinstance(d, Mapping):
            raise InputError("an item must be a JSON object", path=path, line=line)
        for key in ("item_id", "system"):
            if not isinstance(d.get(key), str) or not d.get(key):
                raise InputError(f"item needs a non-empty string {key!r}", path=path, line=line)
        payload = d.get("payload", {})
        if not isinstance(payload, Mapping):
            raise InputError("item 'payload' must be an object", path=path, line=line)
        subset = d.get("subset") or ""
        return cls(str(d["item_id"]), str(d["system"]), str(subset), dict(payload))


@dataclass(frozen=True)
class ParsedAnswer:
    """One answer of a submitted item form: the task-specific part of an answer-table row."""

    question: str
    target: str
    reference: str
    value: str


class FieldError(dict[str, str]):
    """Field name -> message for a refused form (empty when the form is valid)."""


def load_items(path: str | Path) -> list[StudyItem]:
    """Read items from a JSON file (a list of objects) or JSON Lines (one object per line)."""
    p = Path(path)
    from lingeval.core.textio import read_text

    text = read_text(p)
    stripped = text.lstrip()
    items: list[StudyItem] = []
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise InputError(f"invalid JSON: {err.msg}", path=p, line=err.lineno) from None
        if not isinstance(data, list):
            raise InputError("expected a JSON list of items", path=p, line=1)
        for obj in data:
            items.append(StudyItem.from_dict(obj, path=p))
    else:
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(f"invalid JSON: {err.msg}", path=p, line=no) from None
            items.append(StudyItem.from_dict(obj, path=p, line=no))
    if not items:
        raise InputError("no items", path=p)
    check_unique(items, path=p)
    return items


def check_unique(items: Iterable[StudyItem], *, path: str | Path | None = None) -> None:
    seen: set[tuple[str, str]] = set()
    for it in items:
        if it.key in seen:
            raise InputError(f"duplicate item {it.item_id!r} for system {it.system!r}", path=path)
        seen.add(it.key)


def save_items(items: Iterable[StudyItem], path: str | Path) -> None:
    Path(path).write_text(
        json.dumps([it.to_dict() for it in items], ensure_ascii=False, indent=1) + "\n",
        encoding="utf-8",
    )


class TaskType(ABC):
    """What a task type must provide to the engine.

    * :meth:`validate_item` checks a payload when a study is created (raise ``InputError``);
    * :attr:`template` names a Jinja template that renders the item's fields; it receives
      :meth:`view` (as ``view``), ``values`` (the form as last submitted) and ``errors``. All
      text is auto-escaped by the engine's Jinja environment. The template is looked up in the
      engine's ``web/templates/`` folder, or read from :attr:`template_path` when a task type
      defined elsewhere ships its own file (a module-level ``TEMPLATE_PATH`` works too);
    * :meth:`parse` turns a submitted form into answers, or field errors (nothing is stored
      when there is any error);
    * :attr:`instructions` is the instruction text shown before the first item (plain text,
      paragraphs separated by blank lines).
    """

    name: ClassVar[str] = ""
    template: ClassVar[str] = ""
    template_path: ClassVar[str | Path | None] = None
    #: A folder of files (scripts, styles) the task type's pages use, served read-only at
    #: ``/static/tasks/<name>/<file>`` (same-origin, so the Content-Security-Policy allows them).
    static_dir: ClassVar[str | Path | None] = None
    instructions: ClassVar[str] = ""
    #: Consent information for this task (plain text, blank lines between paragraphs); a
    #: study stores it when created without its own consent text. Empty: the engine's text.
    consent: ClassVar[str] = ""
    #: what one item is called in the progress indicator ("Paragraph 3 of 15")
    unit: ClassVar[str] = "Item"
    #: default median seconds per item below which a participant is flagged ``too_fast``
    min_item_s: ClassVar[float] = 2.0

    @classmethod
    def template_file(cls) -> Path | None:
        """The file holding :attr:`template` when it does not live in the engine's folder."""
        import sys

        path = cls.template_path or getattr(sys.modules.get(cls.__module__), "TEMPLATE_PATH", None)
        return Path(path) if path else None

    @abstractmethod
    def validate_item(self, item: StudyItem) -> None: ...

    def view(self, item: StudyItem) -> dict[str, Any]:
        """Template context derived from the payload (default: the payload itself)."""
        return dict(item.payload)

    @abstractmethod
    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]: ...

    def stimulus_text(self, item: StudyItem) -> str:
        """The plain text a participant reads (used by simulated participants and exports)."""
        return str(item.payload.get("text", ""))


def get_task_type(name: str) -> TaskType:
    """Instantiate the registered task type ``name`` (clear error listing the known ones)."""
    from lingeval.core.registry import get, registry
    from lingeval.study import tasks as _tasks  # noqa: F401  (registers the built-in types)

    factory = get(registry.task_types, name)
    obj = factory()
    if not isinstance(obj, TaskType):
        raise LingevalError(f"task type {name!r} does not implement TaskType")
    return obj


# --- helpers shared by task types -------------------------------------------------------------


def choice(
    form: Mapping[str, str], name: str, options: Iterable[str], errors: FieldError, message: str
) -> str | None:
    """Return the submitted option of a radio group, or record ``message`` in ``errors``."""
    value = (form.get(name) or "").strip()
    opts = list(options)
    if value not in opts:
        errors[name] = (
            message if not value else f"{message} ('{value[:20]}' is not one of {', '.join(opts)})"
        )
        return None
    return value


def text(
    form: Mapping[str, str],
    name: str,
    errors: FieldError,
    *,
    required: bool,
    max_len: int,
    message: str,
) -> str | None:
    value = (form.get(name) or "").strip()
    if required and not value:
        errors[name] = message
        return None
    if len(value) > max_len:
        errors[name] = f"Please keep this under {max_len} characters (it has {len(value)})."
        return None
    return value
