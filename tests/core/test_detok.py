"""PTB detokenisation (issue 11: the Schuster et al. corpus has tokens only)."""

from __future__ import annotations

import pytest

from lingeval.core.detok import detokenize, ptb_form


@pytest.mark.parametrize(
    ("tokens", "text"),
    [
        (["``", "Hi", ",", "''", "he", "said", "."], '"Hi," he said.'),
        (
            ["It", "does", "n't", "cost", "$", "5", "or", "10", "%", "."],
            "It doesn't cost $5 or 10%.",
        ),
        (["a", "-LRB-", "b", "-RRB-", "c", "'s"], "a (b) c's"),
        (['"', "x", '"', "y", '"', "z", '"'], '"x" y "z"'),
        (["rates", "--", "up", ";", "down", ":"], "rates -- up; down:"),
    ],
)
def test_rules(tokens: list[str], text: str) -> None:
    assert detokenize(tokens) == text


def test_known_spacing_wins_over_the_rules() -> None:
    assert detokenize(["e", "-", "mail"], [False, False, None]) == "e-mail"
    assert detokenize(["A", ","], [True, None]) == "A ,"


def test_symbols() -> None:
    assert ptb_form("-LCB-") == "{" and ptb_form("word") == "word"


def test_offsets_point_at_each_token() -> None:
    from lingeval.core.detok import detokenize_with_offsets

    tokens = ["``", "It", "costs", "$", "5", "-LRB-", "net", "-RRB-", ",", "''", "he", "said", "."]
    text, offsets = detokenize_with_offsets(tokens)
    assert text == '"It costs $5 (net)," he said.'
    assert [text[o : o + len(ptb_form(t))] for t, o in zip(tokens, offsets, strict=True)] == [
        ptb_form(t) for t in tokens
    ]
