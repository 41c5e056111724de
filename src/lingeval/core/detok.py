"""Detokenisation of Penn-Treebank-style tokens (``` `` ''`` quotes, ``n't``, ``-LRB-``, ``$ 5``).

Treebanks without ``# text`` lines (the Schuster et al. 2018 gapping corpus, WSJ-derived data)
store PTB tokens only. :func:`detokenize` joins a token list into ordinary text:

* bracket symbols become brackets (``-LRB-`` -> ``(``, ``-RCB-`` -> ``}``);
* ````` and ``''`` become straight double quotes; an opening quote (````` or an unmatched
  ``"``) takes no space after it, a closing one none before it;
* no space before ``, . ; : ! ? % ) ] }``, clitics (``'s 're 've 'll 'd 'm n't``), or a
  closing quote; none after ``( [ { $ #`` or an opening quote;
* when ``spaces`` is given (``spaces[i]`` is True/False for "space after token i" as known
  from ``SpaceAfter``, or None when unknown), known values win over the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PTB_SYMBOLS", "detokenize", "detokenize_with_offsets", "ptb_form"]

PTB_SYMBOLS = {
    "-LRB-": "(",
    "-RRB-": ")",
    "-LSB-": "[",
    "-RSB-": "]",
    "-LCB-": "{",
    "-RCB-": "}",
    "``": '"',
    "''": '"',
}
_NO_SPACE_BEFORE = {",", ".", ";", ":", "!", "?", "%", ")", "]", "}", "...", "…"}
_CLITICS = {
    "'s",
    "'re",
    "'ve",
    "'ll",
    "'d",
    "'m",
    "n't",
    "'",
    "’s",
    "n’t",
    "’re",
    "’ve",
    "’ll",
    "’d",
}
_NO_SPACE_AFTER = {"(", "[", "{", "$", "#", "US$", "C$", "A$"}


def ptb_form(token: str) -> str:
    """The surface form of one PTB token (``-LRB-`` -> ``(``, ````` -> ``"``)."""
    return PTB_SYMBOLS.get(token, token)


def detokenize(tokens: Sequence[str], spaces: Sequence[bool | None] | None = None) -> str:
    """Join PTB tokens into text (rules in the module docstring)."""
    return detokenize_with_offsets(tokens, spaces)[0]


def detokenize_with_offsets(
    tokens: Sequence[str], spaces: Sequence[bool | None] | None = None
) -> tuple[str, list[int]]:
    """:func:`detokenize`, with the character offset of every token in the text."""
    out: list[str] = []
    offsets: list[int] = []
    length = 0
    quote_open = False
    prev_no_space_after = True  # nothing before the first token
    for i, raw in enumerate(tokens):
        form = ptb_form(raw)
        if raw == "``" or (raw == '"' and not quote_open):
            kind = "open"
        elif raw == "''" or (raw == '"' and quote_open):
            kind = "close"
        else:
            kind = "word"
        known = spaces[i - 1] if spaces is not None and i > 0 else None
        if i == 0:
            space = False
        elif known is not None:
            space = known
        else:
            space = not (
                prev_no_space_after
                or form in _NO_SPACE_BEFORE
                or raw.lower() in _CLITICS
                or kind == "close"
            )
        if space:
            out.append(" ")
            length += 1
        offsets.append(length)
        out.append(form)
        length += len(form)
        if kind == "open":
            quote_open = True
        elif kind == "close":
            quote_open = False
        prev_no_space_after = kind == "open" or form in _NO_SPACE_AFTER
    return "".join(out), offsets
