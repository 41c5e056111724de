"""The study task type ``conjunct-rewrite``: crowd rewriting of coordinations (paper 000, 4.2).

One study item is one HIT: up to seven sentences (the paper's HIT size), each shown with its
marked conjunction highlighted. For each sentence the participant writes the rewrite set (one
sentence per line, in reading order) or ticks *cannot be rewritten* and explains why; they may
tick *unsure* and *long list* (more than ten sentences). On submission the section 4.2 checks
(:func:`~lingeval.conjuncts.annotation.checks.check_rewrite_set`) run on every sentence; a form
with a failed check is refused with the readable reasons next to the sentence (nothing is
stored). The page also carries what a browser script needs to run the same checks while the
participant types (``static/conjunct_rewrite.js``; see :data:`SCRIPT_PATH`).

Payload (:class:`~lingeval.study.tasks.base.StudyItem`, built by :func:`make_hits`)::

    {"sentences": [{"id": "ex1", "sentence": "Josh likes wine and Jane water.",
                    "conjunction": "and", "offset": 16}, ...]}

Answers (rows of the tidy table; ``target`` is the example id, ``item_id`` the HIT):

=================  =============================================================
question           value
=================  =============================================================
``rewrites``       JSON list of the sentences (``reference`` holds the input)
``not_rewritable`` ``yes`` / ``no``
``explanation``    free text (required when not rewritable)
``unsure``         ``yes`` / ``no``
``long_list``      ``yes`` / ``no``
=================  =============================================================

:func:`submissions_from_answers` turns exported rows back into
:class:`~lingeval.conjuncts.annotation.submissions.Submission` objects, so consolidation and
agreement run on study results as on MTurk batches (batch = study id).

Importing this module registers the task type in ``registry.task_types``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lingeval.conjuncts.annotation.checks import LONG_LIST, _stop_words, check_rewrite_set, lemmas
from lingeval.conjuncts.annotation.submissions import Submission
from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.core.errors import InputError
from lingeval.core.registry import registry
from lingeval.study.tasks.base import MAX_LONG_TEXT, FieldError, ParsedAnswer, StudyItem, TaskType

__all__ = [
    "HIT_SIZE",
    "SCRIPT_PATH",
    "TASK_NAME",
    "TEMPLATE_PATH",
    "ConjunctRewriteTask",
    "make_hits",
    "submissions_from_answers",
]

TASK_NAME = "conjunct-rewrite"
HIT_SIZE = 7  # sentences per HIT, as in the paper
HERE = Path(__file__).resolve().parent
TEMPLATE_PATH = HERE / "templates" / "task_conjunct_rewrite.html"
SCRIPT_PATH = HERE / "static" / "conjunct_rewrite.js"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_YES = {"on", "yes", "true", "1"}


def make_hits(
    examples: Sequence[ConjunctExample], size: int = HIT_SIZE, system: str = "crowd"
) -> list[StudyItem]:
    """Group examples into HIT items of ``size`` sentences (the last may be shorter)."""
    if size < 1:
        raise ValueError("a HIT needs at least one sentence")
    items: list[StudyItem] = []
    for n, start in enumerate(range(0, len(examples), size), 1):
        chunk = examples[start : start + size]
        payload = {
            "sentences": [
                {
                    "id": ex.id,
                    "sentence": ex.sentence,
                    "conjunction": ex.conjunction,
                    "offset": ex.offset,
                }
                for ex in chunk
            ]
        }
        items.append(StudyItem(f"hit-{n:04d}", system, "", payload))
    return items


def _allowed_forms(sentence: str) -> list[str]:
    """Lower-cased word forms a rewrite may use: the sentence's words, their lemmas and every
    inflection of those lemmas (LemmInflect), for the in-page check."""
    from lemminflect import getAllInflections

    out: set[str] = set()
    for w in _WORD.findall(sentence):
        for lemma in lemmas(w):
            out.add(lemma)
            for forms in getAllInflections(lemma).values():
                out.update(f.lower() for f in forms)
    return sorted(out)


@registry.task_types(TASK_NAME)
class ConjunctRewriteTask(TaskType):
    """Rewrite each sentence into standalone sentences without the highlighted conjunction."""

    name = TASK_NAME
    template = "task_conjunct_rewrite.html"
    template_path = TEMPLATE_PATH
    static_dir = HERE / "static"
    instructions = (
        "Pages to complete: {n}. Each page shows up to seven sentences; in each, one word "
        "(and, or, but) is highlighted.\n\n"
        "Rewrite each sentence as a set of separate sentences, one per line, in the order in "
        "which the parts are read, so that: the highlighted word is not used to join them; "
        "together they say exactly what the original says, nothing more; and you add no new "
        "words (other forms of the sentence's words, and small words such as 'he' or 'the', are "
        "fine). Example: 'Josh likes wine and Jane water.' becomes 'Josh likes wine.' and "
        "'Jane likes water.'\n\n"
        "If the sentence cannot be split without changing its meaning, tick 'cannot be "
        "rewritten' and say why. Tick 'long list' when it would need more than ten sentences, "
        "and 'unsure' when you are not sure of your answer. Before you continue, read your "
        "sentences joined with the highlighted word and compare them with the original."
    )

    def validate_item(self, item: StudyItem) -> None:
        sents = item.payload.get("sentences")
        where = f"item {item.item_id}/{item.system}"
        if not isinstance(sents, list) or not sents:
            raise InputError(
                f"{where}: conjunct-rewrite payload needs a non-empty 'sentences' list"
            )
        if len(sents) > 20:
            raise InputError(f"{where}: at most 20 sentences per item (the paper used {HIT_SIZE})")
        ids = set()
        for k, s in enumerate(sents, 1):
            if not isinstance(s, Mapping):
                raise InputError(f"{where}: sentence {k} must be an object")
            sentence, conj, off = s.get("sentence"), s.get("conjunction"), s.get("offset")
            if (
                not isinstance(sentence, str)
                or not isinstance(conj, str)
                or not isinstance(off, int)
            ):
                raise InputError(
                    f"{where}: sentence {k} needs 'sentence', 'conjunction' and an integer 'offset'"
                )
            if sentence[off : off + len(conj)] != conj or conj.lower() not in CONJUNCTIONS:
                raise InputError(f"{where}: sentence {k}: no and/or/but {conj!r} at offset {off}")
            ids.add(str(s.get("id", k)))
        if len(ids) != len(sents):
            raise InputError(f"{where}: sentence ids must be distinct")

    def view(self, item: StudyItem) -> dict[str, Any]:
        shown: list[dict[str, Any]] = []
        for k, s in enumerate(item.payload["sentences"]):
            sentence, conj, off = s["sentence"], s["conjunction"], s["offset"]
            left = _WORD.findall(sentence[:off])
            right = _WORD.findall(sentence[off + len(conj) :])
            shown.append(
                {
                    "index": k,
                    "id": str(s.get("id", k + 1)),
                    "before": sentence[:off],
                    "conjunction": sentence[off : off + len(conj)],
                    "after": sentence[off + len(conj) :],
                    "left": left[-1] if left else "",
                    "right": right[0] if right else "",
                    "count": sum(1 for w in _WORD.findall(sentence) if w.lower() == conj.lower()),
                    "allowed": json.dumps(_allowed_forms(sentence)),
                }
            )
        return {
            "sentences": shown,
            "function_words": json.dumps(sorted(_stop_words())),
            "long_list": LONG_LIST,
        }

    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]:
        errors = FieldError()
        out: list[ParsedAnswer] = []
        for k, s in enumerate(item.payload["sentences"]):
            ex_id = str(s.get("id", k + 1))
            raw = form.get(f"rewrites_{k}") or ""
            explanation = (form.get(f"explanation_{k}") or "").strip()
            if len(raw) > MAX_LONG_TEXT or len(explanation) > MAX_LONG_TEXT:
                errors[f"rewrites_{k}"] = f"Please keep this under {MAX_LONG_TEXT} characters."
                continue
            rewrites = [line.strip() for line in raw.splitlines() if line.strip()]
            not_rw = (form.get(f"not_rewritable_{k}") or "").strip().lower() in _YES
            unsure = (form.get(f"unsure_{k}") or "").strip().lower() in _YES
            long_list = (form.get(f"long_list_{k}") or "").strip().lower() in _YES
            results = check_rewrite_set(
                s["sentence"],
                s["conjunction"],
                s["offset"],
                rewrites,
                rewritable=not not_rw,
                explanation=explanation,
                unsure=unsure,
                long_list=long_list,
            )
            failed = [r for r in results if not r.ok and r.severity == "error"]
            for r in failed:
                key = f"explanation_{k}" if r.check == "explanation" else f"rewrites_{k}"
                errors[key] = (
                    f"{errors[key]} {r.reason}"
                    if key in errors
                    else r.reason[:1].upper() + r.reason[1:] + "."
                )
            if failed:
                continue
            yes = {True: "yes", False: "no"}
            out.append(
                ParsedAnswer(
                    "rewrites", ex_id, s["sentence"], json.dumps([] if not_rw else rewrites)
                )
            )
            out.append(ParsedAnswer("not_rewritable", ex_id, "", yes[not_rw]))
            out.append(ParsedAnswer("explanation", ex_id, "", explanation))
            out.append(ParsedAnswer("unsure", ex_id, "", yes[unsure]))
            out.append(ParsedAnswer("long_list", ex_id, "", yes[long_list]))
        return out, errors

    def stimulus_text(self, item: StudyItem) -> str:
        return "\n".join(s["sentence"] for s in item.payload["sentences"])


def submissions_from_answers(
    rows: Iterable[Mapping[str, Any]], items: Iterable[StudyItem] | None = None
) -> list[Submission]:
    """Submissions from the study's tidy answer rows (``question`` in the vocabulary above).

    ``items`` (the study's HIT items) supply each sentence, conjunction and offset; without
    them the submissions carry only the example id (attach a task file later).
    """
    where: dict[str, Mapping[str, Any]] = {}
    for it in items or ():
        for s in it.payload.get("sentences", []):
            where[str(s.get("id"))] = s
    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        q = row.get("question")
        if q not in ("rewrites", "not_rewritable", "explanation", "unsure", "long_list"):
            continue
        key = (str(row["participant_id"]), str(row["target"]))
        rec = by_key.setdefault(key, {"batch": str(row.get("study_id", ""))})
        rec[q] = row.get("value", "")
    out: list[Submission] = []
    for (worker, ex_id), rec in by_key.items():
        s = where.get(ex_id, {})
        rewrites = json.loads(rec.get("rewrites") or "[]")
        out.append(
            Submission(
                example_id=ex_id,
                worker_id=worker,
                rewrites=[str(r) for r in rewrites],
                rewritable=rec.get("not_rewritable") != "yes",
                explanation=str(rec.get("explanation", "")),
                unsure=rec.get("unsure") == "yes",
                long_list=rec.get("long_list") == "yes",
                batch=rec["batch"],
                sentence=s.get("sentence"),
                conjunction=s.get("conjunction"),
                offset=s.get("offset"),
                source="study",
            )
        )
    return out
