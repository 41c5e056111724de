"""The study task type ``conjunct-rewrite``: crowd rewriting of coordinations (paper 000, 4.2).

One study item is one HIT: up to seven sentences (the paper's HIT size), each shown with its
marked conjunction highlighted. As in the paper's HIT, the page begins with a brief
description of the task and two explained examples, one rewritable and one not, with five of
each behind "More examples" (:data:`EXAMPLES`) and guidance on when a sentence cannot be
rewritten (:data:`GUIDANCE`). For each sentence the participant writes the rewrite set (one
sentence per line, in reading order) or ticks *cannot be rewritten* and explains why; they may
tick *unsure* and *long list* (more than ten sentences). An optional feedback box closes the
HIT. On submission the checks
(:func:`~lingeval.conjuncts.annotation.checks.check_rewrite_set`) run on every sentence; a form
with a failed check is refused with the readable reasons next to the sentence (nothing is
stored). The page also carries what a browser script needs to run the same checks while the
participant types (served at ``/static/tasks/conjunct-rewrite/conjunct_rewrite.js``; see
:data:`SCRIPT_PATH`).

A participant does one HIT: ``lingeval conjuncts annotate study`` makes one group per HIT
(``--per-group`` annotators each), as on Mechanical Turk where an assignment is one HIT.

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
``feedback``       free text about the HIT (``target`` empty; optional)
=================  =============================================================

:func:`submissions_from_answers` turns exported rows back into
:class:`~lingeval.conjuncts.annotation.submissions.Submission` objects, so consolidation and
agreement run on study results as on MTurk batches (batch = study id).

Importing this module registers the task type in ``registry.task_types``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lingeval.conjuncts.annotation.checks import (
    LONG_LIST,
    _stop_words,
    check_rewrite_set,
    forms,
    message,
    normalize_sentence,
    profile,
    tokens,
)
from lingeval.conjuncts.annotation.submissions import Submission
from lingeval.conjuncts.example import CONJUNCTIONS, ConjunctExample
from lingeval.core.errors import InputError
from lingeval.core.registry import registry
from lingeval.study.tasks.base import MAX_LONG_TEXT, FieldError, ParsedAnswer, StudyItem, TaskType

__all__ = [
    "CONSENT",
    "EXAMPLES",
    "GUIDANCE",
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
_YES = {"on", "yes", "true", "1"}

#: Explained examples shown on the HIT page (paper 000, 4.2: one rewritable and one not
#: rewritable up front, five of each with explanations on demand). Written for lingeval.
EXAMPLES: tuple[dict[str, Any], ...] = (
    {
        "sentence": "Josh likes wine and Jane water.",
        "conjunction": "and",
        "rewritable": True,
        "rewrites": ["Josh likes wine.", "Jane likes water."],
        "why": "The second part has no verb of its own: Jane likes water. Each sentence states "
        "one fact, and the verb 'likes' is copied into the second one.",
    },
    {
        "sentence": "Tom and Anna met in Paris.",
        "conjunction": "and",
        "rewritable": False,
        "rewrites": [],
        "why": "They met each other. 'Tom met in Paris.' says something else: the verb needs "
        "both people at once, so the sentence cannot be split.",
    },
    {
        "sentence": "In 2019 the museum had 40,000 visitors, the library 25,000, and the zoo 90,000.",
        "conjunction": "and",
        "rewritable": True,
        "rewrites": [
            "In 2019 the museum had 40,000 visitors.",
            "In 2019 the library had 25,000 visitors.",
            "In 2019 the zoo had 90,000 visitors.",
        ],
        "why": "Three facts, so three sentences. 'In 2019' belongs to every fact: copy it into "
        "each sentence; it is not a sentence of its own.",
    },
    {
        "sentence": "The coach praised the defenders but not the strikers.",
        "conjunction": "but",
        "rewritable": True,
        "rewrites": ["The coach praised the defenders.", "The coach did not praise the strikers."],
        "why": "Keep the 'not' with the part it belongs to. Small words such as 'did' may be "
        "added, and 'praised' may become 'praise'.",
    },
    {
        "sentence": "She moved to Lisbon in 2015 and to Porto two years later.",
        "conjunction": "and",
        "rewritable": True,
        "rewrites": ["She moved to Lisbon in 2015.", "She moved to Porto two years later."],
        "why": "'moved' is missing before 'to Porto'. Write the sentences in the order in which "
        "the parts are read.",
    },
    {
        "sentence": "Visitors may not smoke or eat inside the building.",
        "conjunction": "or",
        "rewritable": True,
        "rewrites": [
            "Visitors may not smoke inside the building.",
            "Visitors may not eat inside the building.",
        ],
        "why": "Everything shared ('Visitors may not', 'inside the building') goes into both "
        "sentences, the negation too.",
    },
    {
        "sentence": "Kim scored 40 points and Lee 35, together more than the rest of the team.",
        "conjunction": "and",
        "rewritable": False,
        "rewrites": [],
        "why": "'together more than the rest of the team' is about both players at once; in "
        "either sentence alone it would be false or make no sense.",
    },
    {
        "sentence": "Mia expects Leo to win the first game and Ana the second, but it could be the "
        "other way round.",
        "conjunction": "and",
        "rewritable": False,
        "rewrites": [],
        "why": "'the other way round' needs both parts: split apart, it no longer says what "
        "could be swapped.",
    },
    {
        "sentence": "She was sentenced to two years in prison for fraud and for perjury.",
        "conjunction": "and",
        "rewritable": False,
        "rewrites": [],
        "why": "There was one sentence of two years for both crimes. Two sentences would say "
        "she got two years twice, which is not true.",
    },
    {
        "sentence": "Mix the flour and the sugar in a bowl.",
        "conjunction": "and",
        "rewritable": False,
        "rewrites": [],
        "why": "You mix things with each other: 'Mix the flour in a bowl.' is a different "
        "instruction.",
    },
)

#: When a sentence cannot be rewritten (shown on the HIT page; paper 000, 3.2 and 5).
GUIDANCE = (
    "Tick 'cannot be rewritten' only when every way of splitting the sentence changes its "
    "meaning: the parts act together (met, mixed, between, together), another part of the "
    "sentence refers to both at once ('the pair', 'the other way round'), or the split "
    "sentences would state something false (one prison sentence becomes two). Then say why "
    "in a few words. A sentence that only looks hard (long, full of numbers, with a verb "
    "left out) can almost always be rewritten by copying the missing words into each "
    "sentence.",
    "Check your answer: join your sentences with the highlighted word and read the result "
    "next to the original. Together they must say everything the original says and nothing "
    "more: no part left out, no 'not' added or lost.",
)

#: Consent information of a conjunct-rewrite study (paper 000, Ethics Statement).
CONSENT = (
    "This study collects rewrites of English sentences. On one page you will see seven "
    "sentences; for each you write a few shorter sentences that together say the same thing. "
    "It takes about 10-15 minutes.\n\n"
    "Your rewrites are collected for research: they will be used to train and evaluate "
    "language technology (computer programs that process text) and will be made publicly "
    "available as part of a dataset. The sentences come from public sources and the task "
    "asks for no personal information; your answers are stored under the identifier of your "
    "recruitment platform (or a random code), which is not published.\n\n"
    "Taking part is voluntary; you may stop at any time by closing this page. Answers that "
    "break the task's rules are refused with an explanation so that you can correct them."
)


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


def _check_data(sentence: str, conjunction: str, offset: int) -> dict[str, str]:
    """What the page's script needs to run the checks as the server does (JSON strings):
    the word forms a rewrite may use, the content words it must keep (with their forms), the
    negations with the forms of their scope and anchor words, and the normalised input."""
    prof = profile(sentence, conjunction, offset)
    negations = [
        [
            n.word,
            n.context,
            [sorted(forms(w)) for w in n.words()],
            sorted(forms(n.scope)) if n.scope else None,
        ]
        for n in prof.negations
    ]
    return {
        "allowed": json.dumps(sorted(prof.allowed)),
        "required": json.dumps([[w, sorted(f)] for w, f in prof.required]),
        "negations": json.dumps(negations),
        "normalized": normalize_sentence(sentence),
    }


def _split_example(ex: Mapping[str, Any]) -> dict[str, Any]:
    sentence, conj = ex["sentence"], ex["conjunction"]
    at = sentence.index(f" {conj} ") + 1
    return {
        **ex,
        "before": sentence[:at],
        "conjunction": conj,
        "after": sentence[at + len(conj) :],
    }


@registry.task_types(TASK_NAME)
class ConjunctRewriteTask(TaskType):
    """Rewrite each sentence into standalone sentences without the highlighted conjunction."""

    name = TASK_NAME
    template = "task_conjunct_rewrite.html"
    template_path = TEMPLATE_PATH
    static_dir = HERE / "static"
    unit = "Page"
    consent = CONSENT
    instructions = (
        "Pages to complete: {n}. A page shows up to seven sentences; in each, one word "
        "(and, or, but) is highlighted.\n\n"
        "Rewrite each sentence as a set of separate sentences, one per line, in the order in "
        "which the parts are read, so that: the highlighted word is not used to join them; "
        "together they say exactly what the original says, nothing more and nothing less; and "
        "you add no new words (other forms of the sentence's words, and small words such as "
        "'he', 'did' or 'the', are fine). Example: 'Josh likes wine and Jane water.' becomes "
        "'Josh likes wine.' and 'Jane likes water.'\n\n"
        "If the sentence cannot be split without changing its meaning, tick 'cannot be "
        "rewritten' and say why. Tick 'long list' when it would need more than ten sentences, "
        "and 'unsure' when you are not sure of your answer. The page shows explained examples "
        "of both kinds, and checks your sentences as you type."
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
            left = tokens(sentence[:off])
            right = tokens(sentence[off + len(conj) :])
            shown.append(
                {
                    "index": k,
                    "id": str(s.get("id", k + 1)),
                    "before": sentence[:off],
                    "conjunction": sentence[off : off + len(conj)],
                    "after": sentence[off + len(conj) :],
                    "left": left[-1] if left else "",
                    "right": right[0] if right else "",
                    "count": sum(1 for w in tokens(sentence) if w.lower() == conj.lower()),
                    **_check_data(sentence, conj, off),
                }
            )
        examples = [_split_example(ex) for ex in EXAMPLES]
        return {
            "sentences": shown,
            "function_words": json.dumps(sorted(_stop_words())),
            "long_list": LONG_LIST,
            "examples": examples,
            "first_examples": [
                next(ex for ex in examples if ex["rewritable"]),
                next(ex for ex in examples if not ex["rewritable"]),
            ],
            "guidance": GUIDANCE,
            "max_text": MAX_LONG_TEXT,
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
            explain = [r for r in failed if r.check == "explanation"]
            if explain:
                errors[f"explanation_{k}"] = message(explain)
            if len(explain) < len(failed):
                errors[f"rewrites_{k}"] = message([r for r in failed if r.check != "explanation"])
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
        feedback = (form.get("feedback") or "").strip()
        if len(feedback) > MAX_LONG_TEXT:
            errors["feedback"] = f"Please keep your feedback under {MAX_LONG_TEXT} characters."
        elif not errors:
            out.append(ParsedAnswer("feedback", "", "", feedback))
        return out, errors

    def stimulus_text(self, item: StudyItem) -> str:
        return "\n".join(s["sentence"] for s in item.payload["sentences"])


def submissions_from_answers(
    rows: Iterable[Mapping[str, Any]], items: Iterable[StudyItem] | None = None
) -> list[Submission]:
    """Submissions from the study's tidy answer rows (``question`` in the vocabulary above).

    ``items`` (the study's HIT items) supply each sentence, conjunction and offset; without
    them the submissions carry only the example id (attach a task file later). A worker's
    feedback on the HIT goes into ``meta["feedback"]`` of their submissions.
    """
    where: dict[str, Mapping[str, Any]] = {}
    for it in items or ():
        for s in it.payload.get("sentences", []):
            where[str(s.get("id"))] = s
    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    feedback: dict[str, str] = {}
    for row in rows:
        q = row.get("question")
        if q == "feedback" and str(row.get("value") or "").strip():
            feedback[str(row["participant_id"])] = str(row["value"])
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
                meta={"feedback": feedback[worker]} if worker in feedback else {},
            )
        )
    return out
