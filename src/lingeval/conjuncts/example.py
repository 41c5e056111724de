"""The conjunct-resolution task example (paper 000, section 3 and 5).

An example is a sentence with one marked coordinating conjunction (and/or/but) and the gold
set of standalone sentences that spell out what the coordination omits. A sentence may hold
several conjunctions, so the marked one is located by character offset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CONJUNCTIONS", "SPLIT_CLOSE", "SPLIT_OPEN", "ConjunctExample"]

CONJUNCTIONS = ("and", "or", "but")
SPLIT_OPEN = "<SPLIT>"
SPLIT_CLOSE = "</SPLIT>"


@dataclass
class ConjunctExample:
    """One task item.

    ``offset`` is the 0-based character offset of the marked conjunction in ``sentence``;
    ``conjunction`` is its text as written (``sentence[offset:offset+len(conjunction)]``).
    ``rewrites`` lists the gold sentences in reading order; for a non-rewritable example it is
    ``[sentence]`` and ``rewritable`` is False; an empty list marks a task input without gold
    (from the ``marked``/``text`` readers or the gapping extractor). ``split`` is
    ``train``/``dev``/``test`` or None. Read and write with :mod:`lingeval.conjuncts.data`.
    """

    id: str
    sentence: str
    conjunction: str
    offset: int
    rewrites: list[str] = field(default_factory=list)
    rewritable: bool = True
    split: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        end = self.offset + len(self.conjunction)
        if (
            not (self.offset >= 0 and end <= len(self.sentence))
            or self.sentence[self.offset : end] != self.conjunction
        ):
            raise ValueError(
                f"example {self.id}: conjunction {self.conjunction!r} is not at offset {self.offset} of the sentence"
            )

    @property
    def conjunction_lower(self) -> str:
        return self.conjunction.lower()

    def marked(self) -> str:
        """The paper's model input: ``... <SPLIT> and </SPLIT> ...``."""
        end = self.offset + len(self.conjunction)
        return f"{self.sentence[: self.offset]}{SPLIT_OPEN} {self.conjunction} {SPLIT_CLOSE}{self.sentence[end:]}"
