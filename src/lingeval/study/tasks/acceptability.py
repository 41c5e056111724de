"""A second, minimal task type: acceptability of one sentence on a 5-point Likert scale.

It shows that task types plug into the engine without changes to it. Payload: ``{"text": ...}``.
Answers: ``acceptability`` (integer 1-5; 1 = completely unacceptable, 5 = completely
acceptable) and an optional ``comment``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lingeval.core.errors import InputError
from lingeval.core.registry import registry
from lingeval.study.tasks.base import (
    MAX_LONG_TEXT,
    FieldError,
    ParsedAnswer,
    StudyItem,
    TaskType,
    choice,
    text,
)

__all__ = ["AcceptabilityTask"]

LIKERT5 = tuple(str(i) for i in range(1, 6))


@registry.task_types("acceptability")
class AcceptabilityTask(TaskType):
    """Rate how natural a sentence sounds, 1 (completely unacceptable) to 5 (completely acceptable)."""

    name = "acceptability"
    template = "tasks/acceptability.html"
    unit = "Sentence"
    instructions = (
        "You will read {n} sentences. For each, say how natural and acceptable it sounds to you "
        "as a native speaker, from 1 (completely unacceptable) to 5 (completely acceptable)."
    )

    def validate_item(self, item: StudyItem) -> None:
        if not isinstance(item.payload.get("text"), str) or not item.payload["text"].strip():
            raise InputError(
                f"item {item.item_id}/{item.system}: acceptability payload needs 'text'"
            )

    def view(self, item: StudyItem) -> dict[str, Any]:
        return {
            "text": item.payload["text"],
            "likert": LIKERT5,
            "anchors": {"1": "unacceptable", "5": "acceptable"},
        }

    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]:
        errors = FieldError()
        out: list[ParsedAnswer] = []
        val = choice(form, "acceptability", LIKERT5, errors, "Please choose a rating from 1 to 5.")
        if val is not None:
            out.append(ParsedAnswer("acceptability", "", "", val))
        comment = text(form, "comment", errors, required=False, max_len=MAX_LONG_TEXT, message="")
        if comment is not None:
            out.append(ParsedAnswer("comment", "", "", comment))
        return out, errors
