"""Human judgement collection through the study engine (paper 003, section 3).

* Acceptability: the engine's built-in ``acceptability`` task type (1-5 Likert). A pair is one
  study item (``item_id`` = ``pair_id``) with two versions (``system`` = ``acceptable`` /
  ``unacceptable``), so the engine's Latin-square design never shows a participant both
  sentences of a pair.
* Cloze: the ``cloze`` task type defined here (registered in ``registry.task_types``): the
  sentence with its blank, the five options in the item's order, plus "none of the previous
  options is suitable" (answer ``none``). ``item_id`` is the cloze item id, ``system`` is
  ``cloze``.

The engine's tidy answer table comes back through
:func:`lingeval.probing.judgements.read_judgements`, which maps ``(pair_id, system)`` back to
the acceptability item ids (``<pair_id>-A`` / ``<pair_id>-NA``).

The cloze form is rendered by the template ``tasks/cloze.html``; its text ships in
``lingeval/data/probing/templates/tasks/cloze.html`` (see :data:`TEMPLATE_PATH`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lingeval.core.errors import InputError
from lingeval.core.registry import registry
from lingeval.probing.build import BLANK, AcceptabilityItem, ClozeItem
from lingeval.probing.judgements import NONE_OPTION
from lingeval.study.tasks.base import FieldError, ParsedAnswer, StudyItem, TaskType, choice

__all__ = ["TEMPLATE_PATH", "ClozeTask", "acceptability_study_items", "cloze_study_items"]

TEMPLATE_PATH = (
    Path(__file__).resolve().parent.parent
    / "data"
    / "probing"
    / "templates"
    / "tasks"
    / "cloze.html"
)
NONE_LABEL = "None of the previous options is suitable"


def acceptability_study_items(items: Sequence[AcceptabilityItem]) -> list[StudyItem]:
    """Study items for the built-in ``acceptability`` task type (one item per pair, two versions)."""
    return [
        StudyItem(
            i.pair_id,
            i.condition,
            i.connective,
            {"text": i.sentence, "connective": i.connective, "grammatical": i.grammatical},
        )
        for i in items
    ]


def cloze_study_items(items: Sequence[ClozeItem]) -> list[StudyItem]:
    """Study items for the ``cloze`` task type."""
    return [
        StudyItem(i.item_id, "cloze", i.connective, {"text": i.blanked, "options": list(i.options)})
        for i in items
    ]


@registry.task_types("cloze")
class ClozeTask(TaskType):
    """Choose the connective that fills the blank, or say that none of the options fits."""

    name = "cloze"
    template = "tasks/cloze.html"
    instructions = (
        "You will read {n} sentences, each with a missing word (___). Choose the word that best "
        "completes the sentence. If none of the proposed words fits, choose the last option."
    )

    def validate_item(self, item: StudyItem) -> None:
        text = item.payload.get("text")
        opts = item.payload.get("options")
        if not isinstance(text, str) or text.count(BLANK) != 1:
            raise InputError(
                f"item {item.item_id}/{item.system}: cloze payload needs 'text' with exactly one {BLANK}"
            )
        if (
            not isinstance(opts, list)
            or len(opts) < 2
            or not all(isinstance(o, str) and o for o in opts)
        ):
            raise InputError(
                f"item {item.item_id}/{item.system}: cloze payload needs 'options' (2 or more words)"
            )
        if len(set(opts)) != len(opts) or NONE_OPTION in opts:
            raise InputError(
                f"item {item.item_id}/{item.system}: cloze options must be distinct and not {NONE_OPTION!r}"
            )

    def view(self, item: StudyItem) -> dict[str, Any]:
        before, after = str(item.payload["text"]).split(BLANK, 1)
        choices = [(o, o) for o in item.payload["options"]] + [(NONE_OPTION, NONE_LABEL)]
        return {"before": before, "after": after, "choices": choices}

    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]:
        errors = FieldError()
        allowed = [*item.payload["options"], NONE_OPTION]
        value = choice(form, "cloze", allowed, errors, "Please choose one option.")
        out = [ParsedAnswer("cloze", "", "", value)] if value is not None else []
        return out, errors

    def stimulus_text(self, item: StudyItem) -> str:
        return str(item.payload.get("text", ""))
