"""Human judgement collection through the study engine (paper 003, section 3).

* Acceptability: the engine's built-in ``acceptability`` task type (1-5 Likert). A pair is one
  study item (``item_id`` = ``pair_id``) with two versions (``system`` = ``acceptable`` /
  ``unacceptable``), so the engine's Latin-square design never shows a participant both
  sentences of a pair.
* Cloze: the ``cloze`` task type defined here (registered in ``registry.task_types``): the
  sentence with its blank, the five options in the item's order, plus "none of the previous
  options is suitable" (answer ``none``). ``item_id`` is the cloze item id, ``system`` is
  ``cloze``.

* Grammaticality review (``probe study-items --review``): the ``grammaticality`` task type
  defined here: one sentence of the acceptability section with its connective marked, and the
  question "is this sentence grammatical Italian, whatever it means?" (``yes``/``no``, optional
  comment). Every reviewer sees every item (``system`` = ``review``); the answers are merged
  back into the resource by :func:`lingeval.probing.review.merge_review`.

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
from lingeval.study.tasks.base import (
    MAX_LONG_TEXT,
    FieldError,
    ParsedAnswer,
    StudyItem,
    TaskType,
    choice,
    text,
)

__all__ = [
    "TEMPLATE_PATH",
    "ClozeTask",
    "GrammaticalityTask",
    "acceptability_study_items",
    "cloze_study_items",
    "review_study_items",
]

TEMPLATE_PATH = (
    Path(__file__).resolve().parent.parent
    / "data"
    / "probing"
    / "templates"
    / "tasks"
    / "cloze.html"
)
NONE_LABEL = "None of the previous options is suitable"
REVIEW_SYSTEM = "review"


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


def review_study_items(items: Sequence[AcceptabilityItem]) -> list[StudyItem]:
    """Study items for the ``grammaticality`` review: one per sentence, connective marked."""
    return [
        StudyItem(
            i.item_id,
            REVIEW_SYSTEM,
            i.condition,
            {
                "text": i.sentence,
                "start": i.start,
                "end": i.end,
                "connective": i.connective,
                "replacement": i.replacement,
            },
        )
        for i in items
    ]


@registry.task_types("grammaticality")
class GrammaticalityTask(TaskType):
    """Say whether a sentence is grammatical, regardless of whether its meaning makes sense."""

    name = "grammaticality"
    template = "tasks/grammaticality.html"
    template_path = TEMPLATE_PATH.parent / "grammaticality.html"
    unit = "Sentence"
    instructions = (
        "You will read {n} sentences; in each, one connective word is highlighted. Some were "
        "changed on purpose so that they mean something odd or contradictory. Do not judge the "
        "meaning: say only whether the sentence is grammatical Italian (yes) or breaks a rule "
        "of grammar (no), for example a wrong verb mood after the connective."
    )
    choices = (("yes", "Yes, grammatical"), ("no", "No, ungrammatical"))

    def validate_item(self, item: StudyItem) -> None:
        txt = item.payload.get("text")
        start, end = item.payload.get("start"), item.payload.get("end")
        if not isinstance(txt, str) or not txt.strip():
            raise InputError(f"item {item.item_id}: grammaticality payload needs 'text'")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(txt)):
            raise InputError(
                f"item {item.item_id}: grammaticality payload needs 0 <= start <= end <= len(text)"
            )

    def view(self, item: StudyItem) -> dict[str, Any]:
        t, a, b = str(item.payload["text"]), int(item.payload["start"]), int(item.payload["end"])
        return {"before": t[:a], "marked": t[a:b], "after": t[b:], "choices": self.choices}

    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]:
        errors = FieldError()
        out: list[ParsedAnswer] = []
        value = choice(form, "grammatical", ("yes", "no"), errors, "Please answer yes or no.")
        if value is not None:
            out.append(ParsedAnswer("grammaticality", "", "", value))
        comment = text(form, "comment", errors, required=False, max_len=MAX_LONG_TEXT, message="")
        if comment is not None:
            out.append(ParsedAnswer("comment", "", "", comment))
        return out, errors


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
