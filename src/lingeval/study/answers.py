"""The tidy answer table shared by the survey engine (export) and the analysis (import).

One row per answer (paper 002, section 4): a participant's answer to one question about one
item. The engine exports exactly these columns (CSV/JSON); the analysis reads them back, so
studies run elsewhere can be analysed too. The interchange format (required and optional
columns, the ``--columns`` mapping, a worked conversion of a published evaluation) is
documented in one place: ``docs/study-analysis.md``, "The answer table".

Questions of the REG task (paper 002, 4.2 and appendix B):

=================  ==========================  ==============================================
question           target                      value
=================  ==========================  ==============================================
``familiarity``    empty                       ``yes`` / ``no`` (knows the major entity)
``success``        RE index in the item        ``yes`` / ``maybe`` / ``no``; ``name`` is written
                                               by the engine, without asking, for an RE that
                                               equals the entity's proper name (counted as
                                               successful in SR, paper 002 section 5.1)
``clarity``        empty                       integer 1-7
``grammaticality`` empty                       integer 1-7
``coherence``      empty                       integer 1-7
``rewrite``        RE index in the item        the participant's version of the RE (a copy
                                               counts); ``reference`` holds the shown RE
``comment``        empty                       free text (may be empty)
=================  ==========================  ==============================================

Other task types (acceptability, cloze, conjunct rewrites, meaning preservation) use the same
columns with their own ``question`` names.

The engine's export adds a column ``flags`` (:data:`EXPORT_COLUMNS`): the participant's quality flags, ``;``-joined: ``too_fast`` (median seconds per
item below the study's threshold) and ``attention_failed`` (an attention-check item answered
otherwise than instructed). Attention-check items carry the system ``attention-check``
(:data:`ATTENTION_SYSTEM`); the analysis leaves them out of the system comparisons.

The CSV export neutralises spreadsheet formulas (:func:`csv_safe`); :func:`csv_exact` undoes
that when the CSV is read back, so the values round-trip exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ANSWER_COLUMNS",
    "ATTENTION_SYSTEM",
    "EXPORT_COLUMNS",
    "Answer",
    "csv_exact",
    "csv_safe",
]

#: The system name of attention-check items (added to every group; not a compared system).
ATTENTION_SYSTEM = "attention-check"
#: First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"),
#: plus the apostrophe itself so that the escape can be undone exactly.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def csv_safe(value: str) -> str:
    """Prefix a leading ``= + - @``, tab or carriage return with an apostrophe, so that a
    spreadsheet shows the text instead of running it (OWASP CSV injection). A leading
    apostrophe is doubled, which keeps the escape reversible (:func:`csv_exact`)."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def csv_exact(value: str) -> str:
    """Undo :func:`csv_safe`."""
    return value[1:] if value.startswith("'") and value[1:].startswith(_FORMULA_START) else value


ANSWER_COLUMNS = (
    "study_id",
    "participant_id",
    "group",
    "item_id",
    "system",
    "subset",
    "question",
    "target",
    "reference",
    "value",
    "submitted_at",
)
#: The engine's export: the answer table plus the participant's quality flags.
EXPORT_COLUMNS = (*ANSWER_COLUMNS, "flags")


@dataclass(frozen=True, slots=True)
class Answer:
    """One row of the tidy answer table (see the module docstring for the vocabulary).

    ``subset`` is ``seen``/``unseen`` for REG items (empty when not applicable);
    ``submitted_at`` is an ISO-8601 UTC timestamp; ``flags`` the participant's quality flags.
    """

    study_id: str
    participant_id: str
    group: int
    item_id: str
    system: str
    subset: str
    question: str
    target: str
    reference: str
    value: str
    submitted_at: str
    flags: str = ""
