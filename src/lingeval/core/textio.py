"""The one way lingeval reads a text input file: UTF-8, every problem one line naming the file.

* a missing file, a directory or an unreadable file raises :class:`InputError` ("no such file");
* bytes that are not UTF-8 raise ``FILE:LINE: not UTF-8 text (...)`` (the line of the bad byte);
* a UTF-8 byte-order mark at the start is dropped with a warning that names it (a BOM inside
  a first field otherwise reaches the parsers as ``'\\ufeff1'``);
* ``"-"`` reads standard input.

:func:`read_text` returns the whole text; :func:`open_text` streams it (flat memory) for
corpora and treebanks; :func:`warn` prints the one-line warnings every command uses.
"""

from __future__ import annotations

import codecs
import csv
import sys
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from lingeval.core.errors import InputError

__all__ = [
    "BOM",
    "TextInput",
    "check_model_dir",
    "csv_rows",
    "looks_like_path",
    "open_text",
    "read_text",
    "warn",
]

BOM = "\ufeff"


def warn(message: str) -> None:
    """One ``lingeval: warning: ...`` line on stderr."""
    print(f"lingeval: warning: {message}", file=sys.stderr, flush=True)


def _os_error(path: str | Path, exc: OSError) -> InputError:
    if isinstance(exc, FileNotFoundError):
        return InputError("no such file", path=path)
    if isinstance(exc, IsADirectoryError):
        return InputError("is a directory, not a file", path=path)
    return InputError(f"cannot read: {exc.strerror or exc}", path=path)


def _decode_error(path: str | Path, exc: UnicodeDecodeError, line: int | None) -> InputError:
    return InputError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", path=path, line=line)


def _bom_warning(path: str | Path) -> None:
    warn(f"{path}: starts with a UTF-8 byte-order mark (U+FEFF); ignored")


def read_text(path: str | Path) -> str:
    """The whole file as text (BOM dropped with a warning); errors as :class:`InputError`."""
    if str(path) == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise _os_error(path, exc) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _decode_error(path, exc, data.count(b"\n", 0, exc.start) + 1) from None
    if text.startswith(BOM):
        _bom_warning(path)
        text = text[1:]
    return text


class TextInput:
    """A read-only text stream over a file, decoded line by line, so that a decoding error
    names the file and the line of the bad byte.

    Iterating yields lines (``\\r\\n`` becomes ``\\n`` unless ``newline=""``); ``read()``
    reads the rest. ``line`` is the number of the last line read.
    """

    def __init__(self, path: str | Path, *, newline: str | None = None) -> None:
        self.path = str(path)
        self.name = self.path
        self.line = 0
        self._translate = newline is None
        self._close = True
        if self.path == "-":
            self._raw: IO[bytes] = sys.stdin.buffer
            self._close = False
        else:
            try:
                self._raw = open(path, "rb")  # noqa: SIM115 - closed by close()
            except OSError as exc:
                raise _os_error(path, exc) from None
        first = self._raw.readline()
        if first.startswith(codecs.BOM_UTF8):
            first = first[3:]
            _bom_warning(self.path)
        self._first: bytes | None = first

    def _decode(self, data: bytes, line: int) -> str:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _decode_error(self.path, exc, line + data.count(b"\n", 0, exc.start)) from None
        if self._translate and "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return text

    def _next_bytes(self) -> bytes:
        if self._first is not None:
            data, self._first = self._first, None
            return data
        return self._raw.readline()

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        data = self._next_bytes()
        if not data:
            raise StopIteration
        self.line += 1
        return self._decode(data, self.line)

    def readline(self, size: int = -1) -> str:
        try:
            return next(self)
        except StopIteration:
            return ""

    def read(self, size: int = -1) -> str:
        head = self._first or b""
        self._first = None
        data = head + self._raw.read()
        text = self._decode(data, self.line + 1)
        self.line += data.count(b"\n")
        return text

    def close(self) -> None:
        if self._close:
            self._raw.close()

    def __enter__(self) -> TextInput:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def csv_rows(reader: Any, path: str | Path) -> Iterator[list[str]]:
    """The rows of a ``csv.reader``, its errors (a field over the size limit, a stray quote)
    turned into ``FILE:LINE: not a valid table (...)``."""
    try:
        yield from reader
    except csv.Error as exc:
        raise InputError(f"not a valid table ({exc})", path=path, line=reader.line_num) from None


def looks_like_path(name: str) -> bool:
    """Whether a model name is meant as a local folder rather than a hub id (``org/name``):
    it starts with ``/``, ``.`` or ``~``, or has more than one ``/``."""
    return name.startswith(("/", ".", "~")) or name.count("/") > 1 or "\\" in name


def check_model_dir(name: str) -> None:
    """Raise ``NAME: no such directory`` for a path-like model name that is not a folder."""
    import os

    if looks_like_path(name) and not os.path.isdir(os.path.expanduser(name)):
        raise InputError("no such directory (expected a model folder or a hub id)", path=name)


def open_text(path: str | Path, *, newline: str | None = None) -> TextInput:
    """Open ``path`` (``"-"``: stdin) for streaming; see the module docstring for errors."""
    return TextInput(path, newline=newline)
