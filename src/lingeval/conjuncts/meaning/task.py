"""The study task type ``conjunct-meaning``: does a rewrite set keep the input's meaning?

Paper 000, section 7 ("Manual Evaluation"): a judge reads an input sentence that contains a
coordination (the marked conjunction highlighted) together with a system's set of rewritten
sentences, and answers whether the set has the **same meaning** as the input or a
**different** one. We add an optional free-text note of what changed.

Payload (one :class:`~lingeval.study.tasks.base.StudyItem` per example x system)::

    {"sentence": "Josh likes wine and Jane water.", "offset": 16, "conjunction": "and",
     "rewrites": ["Josh likes wine.", "Jane likes water."]}

``offset`` is the 0-based character offset of the marked conjunction in ``sentence`` (as in
:class:`~lingeval.conjuncts.example.ConjunctExample`). The payload never names the system:
judges are blind to it (the engine stores the system beside the item, not in what it shows).

Answers (rows of the tidy table, :mod:`lingeval.study.answers`):

============  ======  ==========================  ===========================================
question      target  reference                   value
============  ======  ==========================  ===========================================
``meaning``   empty   the shown rewrites (JSON)   ``same`` (meaning preserved) or ``different``
``note``      empty   empty                       free text, may be empty: what changed
============  ======  ==========================  ===========================================

The ``reference`` of a ``meaning`` answer holds the rewrite set the judge saw (a JSON list), so
an answer table is self-contained: the analysis can score the judged rewrites with the
verb-nucleus metric without the items file. The page also carries a fingerprint of the shown
rewrite set (hidden field ``shown``, the first 16 hex digits of the SHA-1 of that JSON); a
submitted fingerprint that does not match the item (the items changed under an open page) is
refused, so a judgement is always bound to the rewrites it was given for.

Importing this module registers the task type in ``registry.task_types``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
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

__all__ = [
    "CHOICES",
    "TASK_NAME",
    "ConjunctMeaningTask",
    "check_payload",
    "fingerprint",
    "make_payload",
    "shown_rewrites",
]

TASK_NAME = "conjunct-meaning"
#: Answer options of the ``meaning`` question, in display order.
CHOICES = ("same", "different")
#: Longest accepted input sentence / rewrite (characters) in a payload.
MAX_SENTENCE = 2000
#: Most rewrites shown for one item (the paper's annotators removed "long lists" over ten).
MAX_REWRITES = 20


def make_payload(
    sentence: str, offset: int, conjunction: str, rewrites: list[str]
) -> dict[str, Any]:
    """The payload of one item (checked by :func:`check_payload`)."""
    return {
        "sentence": sentence,
        "offset": offset,
        "conjunction": conjunction,
        "rewrites": list(rewrites),
    }


def shown_rewrites(rewrites: Sequence[str]) -> str:
    """The JSON list stored as the ``reference`` of a ``meaning`` answer."""
    return json.dumps(list(rewrites), ensure_ascii=False)


def fingerprint(rewrites: Sequence[str]) -> str:
    """First 16 hex digits of the SHA-1 of :func:`shown_rewrites` (the hidden ``shown`` field)."""
    return hashlib.sha1(shown_rewrites(rewrites).encode("utf-8")).hexdigest()[:16]


def check_payload(payload: Mapping[str, Any]) -> str | None:
    """The first problem of a payload, or None when it is well formed."""
    sentence = payload.get("sentence")
    if not isinstance(sentence, str) or not sentence.strip():
        return "payload needs a non-empty 'sentence'"
    if len(sentence) > MAX_SENTENCE:
        return f"the sentence is longer than {MAX_SENTENCE} characters"
    conj = payload.get("conjunction")
    if not isinstance(conj, str) or not conj.strip():
        return "payload needs the marked 'conjunction'"
    offset = payload.get("offset")
    if isinstance(offset, bool) or not isinstance(offset, int):
        return "payload needs an integer 'offset' of the conjunction"
    if not (offset >= 0 and offset + len(conj) <= len(sentence)) or (
        sentence[offset : offset + len(conj)] != conj
    ):
        return f"conjunction {conj!r} is not at offset {offset} of the sentence"
    rewrites = payload.get("rewrites")
    if not isinstance(rewrites, list) or not rewrites:
        return "payload needs a non-empty list 'rewrites'"
    if len(rewrites) > MAX_REWRITES:
        return f"more than {MAX_REWRITES} rewrites"
    for r in rewrites:
        if not isinstance(r, str) or not r.strip():
            return "every rewrite must be a non-empty text"
        if len(r) > MAX_SENTENCE:
            return f"a rewrite is longer than {MAX_SENTENCE} characters"
    return None


@registry.task_types(TASK_NAME)
class ConjunctMeaningTask(TaskType):
    """Same meaning or different meaning: a system's rewrite set against its input sentence."""

    name = TASK_NAME
    template = "task_conjunct_meaning.html"
    consent = (
        "This study asks you to compare English sentences: for each item you read a sentence "
        "and a set of shorter sentences a computer program wrote from it, and say whether they "
        "mean the same.\n\n"
        "Your judgements are collected for research: they are used to evaluate language "
        "technology and may be published as part of a dataset. The task asks for no personal "
        "information; your answers are stored under the identifier of your recruitment "
        "platform (or a random code), which is not published.\n\n"
        "Taking part is voluntary; you may stop at any time by closing this page. Your answers "
        "are saved after each item."
    )
    instructions = (
        "Items to judge: {n}. Each shows a sentence in which one word (and, or, but) is "
        "highlighted. Below the "
        "sentence you will see a set of shorter sentences that a computer program wrote to say "
        "the same thing without that word, one statement per part of the coordination.\n\n"
        "Read the original sentence and the whole set. Taken together, do the sentences of the "
        "set have the same meaning as the original? Choose 'Different meaning' when anything is "
        "lost, added or changed: a missing or wrong verb, a part attached to the wrong verb, a "
        "lost negation, facts that are no longer true, or a split that should not have been "
        "made. Small changes of grammar (a verb form, a capital letter) do not matter.\n\n"
        "If the meaning is different you may write a short note of what changed (optional)."
    )

    def validate_item(self, item: StudyItem) -> None:
        problem = check_payload(item.payload)
        if problem is not None:
            raise InputError(f"item {item.item_id}/{item.system}: {problem}")

    def view(self, item: StudyItem) -> dict[str, Any]:
        p = item.payload
        sentence: str = p["sentence"]
        start: int = p["offset"]
        end = start + len(p["conjunction"])
        return {
            "before": sentence[:start],
            "conjunction": sentence[start:end],
            "after": sentence[end:],
            "rewrites": list(p["rewrites"]),
            "fingerprint": fingerprint(p["rewrites"]),
            "choices": (("same", "Same meaning"), ("different", "Different meaning")),
        }

    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]:
        errors = FieldError()
        out: list[ParsedAnswer] = []
        rewrites = list(item.payload["rewrites"])
        shown = (form.get("shown") or "").strip()
        if shown and shown != fingerprint(rewrites):
            errors["meaning"] = (
                "These sentences changed since the page was loaded; please read them and answer again."
            )
            return out, errors
        value = choice(
            form,
            "meaning",
            CHOICES,
            errors,
            "Please say whether the sentences keep the meaning (same or different).",
        )
        if value is not None:
            out.append(ParsedAnswer("meaning", "", shown_rewrites(rewrites), value))
        note = text(form, "note", errors, required=False, max_len=MAX_LONG_TEXT, message="")
        if note is not None:
            out.append(ParsedAnswer("note", "", "", note))
        return out, errors

    def stimulus_text(self, item: StudyItem) -> str:
        rewrites = "\n".join(f"{i}. {s}" for i, s in enumerate(item.payload["rewrites"], 1))
        return f"{item.payload['sentence']}\n{rewrites}"
