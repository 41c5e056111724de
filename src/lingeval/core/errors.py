"""The error types that lingeval raises for bad input.

Every user-facing problem is a :class:`LingevalError`; the CLI prints it as one line on
stderr and exits with code 2 (never a traceback).
"""

from __future__ import annotations

from pathlib import Path


class LingevalError(Exception):
    """Bad input or a bad option, described for a person."""

    exit_code = 2


class InputError(LingevalError):
    """A problem in an input file, located by file and (when known) line number.

    ``str(err)`` reads ``FILE:LINE: PROBLEM`` like a compiler message.
    """

    def __init__(self, problem: str, *, path: str | Path | None = None, line: int | None = None):
        self.problem = problem
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = self.path or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.problem}"


class ConlluError(InputError):
    """Invalid CoNLL-U or CoNLL-X input: wrong column count, bad id or head, cycle, roots, ..."""


class MissingDependencyError(LingevalError):
    """An optional dependency (an extra, a spaCy pipeline, a model) is not installed."""
