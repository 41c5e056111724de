"""Small hand-written fixtures shared by the meaning-preservation tests (paper 000, section 7)."""

from __future__ import annotations

import re

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.nuclei import Token, tokens_from_rows
from lingeval.conjuncts.parse_features import TableAnalyzer

EVIL = "<script>alert('x')</script>"

# Six gapping examples in the paper's style ("Josh likes wine and Jane water").
PAIRS = [
    ("Josh", "likes", "wine", "Jane", "water"),
    ("Maya", "likes", "soup", "Omar", "salad"),
    ("Ana", "drinks", "tea", "Ben", "coffee"),
    ("Lea", "eats", "rice", "Tom", "bread"),
    ("Kim", "likes", "jazz", "Sam", "opera"),
    ("Eva", "drinks", "milk", "Raj", "juice"),
]


def examples() -> list[ConjunctExample]:
    out = []
    for i, (a, v, x, b, y) in enumerate(PAIRS):
        sentence = f"{a} {v} {x} and {b} {y}."
        out.append(
            ConjunctExample(
                f"ex{i}",
                sentence,
                "and",
                sentence.index(" and ") + 1,
                [f"{a} {v} {x}.", f"{b} {v} {y}."],
            )
        )
    return out


def good(ex: ConjunctExample) -> list[str]:
    """The gold rewrite set (meaning preserved)."""
    return list(ex.rewrites)


def bad(ex: ConjunctExample) -> list[str]:
    """Second conjunct attached to the wrong object: "Jane likes wine" (meaning changed)."""
    first, second = ex.rewrites
    obj = first.rstrip(".").split()[-1]
    words = second.rstrip(".").split()
    return [first, " ".join([*words[:-1], obj]) + "."]


VERBS = {"likes", "drinks", "eats"}


def toy_parse(text: str) -> list[Token]:
    """A toy parser for the fixtures: SUBJ VERB OBJ, other words attached to the first word."""
    words = re.findall(r"[\w']+", text)
    rows: list[tuple[str, str, str, int]] = []
    verb = next((i for i, w in enumerate(words) if w in VERBS), None)
    for i, w in enumerate(words):
        if i == verb:
            rows.append((w, "VBZ", "ROOT", 0))
        elif verb is not None and i == verb - 1:
            rows.append((w, "NNP", "nsubj", verb + 1))
        elif verb is not None and i == verb + 1:
            rows.append((w, "NN", "dobj", verb + 1))
        else:
            rows.append((w, "NN", "dep", 1 if i else 0))
    return tokens_from_rows(rows)


def toy_analyzer() -> TableAnalyzer:
    return TableAnalyzer({}, fallback=toy_parse, pipeline_id="toy==1")
