"""The REG task type: intrinsic task-based evaluation of referring expressions (paper 002, 4.2).

Payload of a REG :class:`~lingeval.study.tasks.base.StudyItem` (JSON)::

    {
      "entity": "AWH_Engineering_College",          # identifier of the major entity
      "entity_name": "AWH Engineering College",     # optional; default: proper_name(entity)
      "segments": ["", {"re": 0}, " is in Kuttikkattoor. ", {"re": 1}, " has 250 employees."],
      "refs": [
        {"text": "AWH Engineering College", "entity": "AWH_Engineering_College"},
        {"text": "The school", "entity": "AWH_Engineering_College", "ask_success": true}
      ]
    }

``segments`` is the paragraph in reading order: plain strings (or ``{"text": ...}``) and
``{"re": j}`` placeholders for the j-th referring expression of ``refs``; every RE appears exactly
once. Each RE has its surface ``text`` and the ``entity`` identifier it refers to; ``name`` (its
proper name) defaults to :func:`proper_name` of the entity, and ``ask_success`` defaults to
"the RE differs from the proper name" (case-insensitive, paper 002 4.2: only such REs get the
referential-success question; the others are written as ``name`` answers, counted successful).

Per item the participant answers (paper 002 4.2, Figure 1):

1. familiarity with the major entity (yes/no);
2. for each RE with ``ask_success``: does it refer to its entity's proper name (yes/maybe/no);
3. clarity, grammaticality, coherence of the paragraph: 7-point Likert, 1 = strongly disagree,
   4 = I don't know, 7 = strongly agree;
4. a rewrite of every RE (mandatory; a copy of the original counts);
5. an optional comment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lingeval.core.errors import InputError
from lingeval.core.registry import registry
from lingeval.study.tasks.base import (
    MAX_LONG_TEXT,
    MAX_SHORT_TEXT,
    FieldError,
    ParsedAnswer,
    StudyItem,
    TaskType,
    choice,
    text,
)

__all__ = [
    "LIKERT7",
    "RATINGS",
    "RegTask",
    "attention_item",
    "example_items",
    "make_reg_item",
    "proper_name",
]

RATINGS = (
    ("clarity", "This paragraph is clear."),
    ("grammaticality", "This paragraph is grammatical."),
    ("coherence", "This paragraph is coherent."),
)
LIKERT7 = tuple(str(i) for i in range(1, 8))
ANCHORS = {"1": "strongly disagree", "4": "I don't know", "7": "strongly agree"}
SUCCESS = ("yes", "maybe", "no")

INSTRUCTIONS = """\
Thank you for taking part. You will read {n} short paragraphs of two or three sentences each. \
Some expressions in every paragraph are highlighted: these expressions are what this study is \
about, and most questions concern them.

For each paragraph we first ask whether you already knew the main thing it is about. For some \
highlighted expressions we then ask whether the expression points to the entity that we name \
(yes, maybe or no).

Next, please say how far you agree that the paragraph is clear, grammatical and coherent, \
paying particular attention to the highlighted expressions.

Because language is often imperfect, the last task asks you to propose, for every highlighted \
expression, a wording that would make the paragraph clearer, more grammatical and more \
coherent. Every box needs an answer: when you think an expression cannot be improved, copy it \
into its box unchanged.

If anything else in a paragraph strikes you, you can leave a comment. Your answers are saved \
after each paragraph, so you can close the page and return to where you stopped."""


_DISAMBIGUATION = re.compile(r"\s*\([^()]+\)$")


def proper_name(identifier: str) -> str:
    """The proper name of an entity: its identifier with underscores as spaces (paper 002, 4.2).

    Surrounding double quotes of WebNLG literals (``"Kuttikkattoor"``) are dropped, and so is
    a trailing Wikipedia disambiguation (``Ceres_(dwarf_planet)`` -> ``Ceres``): participants
    read names, not DBpedia identifiers.
    """
    name = identifier.replace("_", " ").strip()
    if len(name) >= 2 and name[0] == name[-1] == '"':
        name = name[1:-1].strip()
    return _DISAMBIGUATION.sub("", name) or name


def shown_text(text: str, entity: str) -> str:
    """An RE as participants see it: a trailing disambiguation copied from the entity's
    identifier (``Ceres (dwarf planet)`` for ``Ceres_(dwarf_planet)``) is dropped."""
    m = _DISAMBIGUATION.search(entity.replace("_", " ").strip())
    if m and text.casefold().endswith(m.group(0).strip().casefold()):
        return text[: len(text) - len(m.group(0).strip())].rstrip() or text
    return text


def make_reg_item(
    item_id: str,
    system: str,
    subset: str,
    entity: str,
    segments: list[str | int],
    refs: list[tuple[str, str]],
) -> StudyItem:
    """Build a REG item from plain parts: ``segments`` mixes text and RE indices (ints),
    ``refs`` lists ``(surface text, entity identifier)`` in index order."""
    segs: list[Any] = [s if isinstance(s, str) else {"re": int(s)} for s in segments]
    payload = {
        "entity": entity,
        "segments": segs,
        "refs": [{"text": t, "entity": e} for t, e in refs],
    }
    item = StudyItem(item_id, system, subset, payload)
    RegTask().validate_item(item)
    return item


def _ref_name(ref: Mapping[str, Any]) -> str:
    return str(ref.get("name") or proper_name(str(ref.get("entity", ""))))


def _ref_text(ref: Mapping[str, Any]) -> str:
    return shown_text(str(ref.get("text", "")), str(ref.get("entity", "")))


def _asks(ref: Mapping[str, Any]) -> bool:
    if "ask_success" in ref:
        return bool(ref["ask_success"])
    return _ref_text(ref).strip().casefold() != _ref_name(ref).casefold()


def attention_item(item_id: str, expect: Mapping[str, str]) -> StudyItem:
    """An attention-check item: a short paragraph that tells the reader which ratings to give
    (``expect``: rating question -> value, e.g. ``{"clarity": "1"}``). Pass it to
    ``Store.create_study(attention_items=...)``; a participant who answers otherwise is
    flagged ``attention_failed`` in the export and the analysis."""
    statements = dict(RATINGS)
    asks = []
    for q, v in expect.items():
        if q not in statements or str(v) not in LIKERT7:
            raise InputError(f"attention item {item_id}: {q}={v!r} is not a rating of 1-7")
        asks.append(f"select {v} for “{statements[q].rstrip('.')}”")
    segments: list[Any] = [
        "",
        {"re": 0},
        " checks that every question is read. To show that you read it, please "
        + " and ".join(asks)
        + ", and copy the highlighted expression unchanged into its box.",
    ]
    payload = {
        "entity": "Attention_check",
        "entity_name": "this study",
        "segments": segments,
        "refs": [{"text": "This paragraph", "entity": "Attention_check", "ask_success": False}],
        "attention": {q: str(v) for q, v in expect.items()},
    }
    return StudyItem(item_id, "attention-check", "", payload)


@registry.task_types("reg")
class RegTask(TaskType):
    """Referential success, ratings and rewriting of REs in a paragraph (paper 002, 4.2)."""

    name = "reg"
    template = "tasks/reg.html"
    unit = "Paragraph"
    instructions = INSTRUCTIONS
    #: reading a paragraph, three ratings and a rewrite of every RE: under 10 s per item is
    #: not plausible (paper 002, 4.3: 15 items took 41 minutes on average)
    min_item_s = 10.0

    def validate_item(self, item: StudyItem) -> None:
        where = f"item {item.item_id}/{item.system}"
        p = item.payload
        if not isinstance(p.get("entity"), str) or not p["entity"]:
            raise InputError(f"{where}: REG payload needs the major 'entity' identifier")
        refs = p.get("refs")
        segs = p.get("segments")
        if not isinstance(refs, list) or not refs:
            raise InputError(f"{where}: REG payload needs a non-empty 'refs' list")
        if not isinstance(segs, list):
            raise InputError(f"{where}: REG payload needs a 'segments' list")
        for j, r in enumerate(refs):
            if (
                not isinstance(r, Mapping)
                or not isinstance(r.get("text"), str)
                or not r.get("text", "").strip()
            ):
                raise InputError(f"{where}: RE {j} needs a non-empty 'text'")
            if not isinstance(r.get("entity"), str) or not r.get("entity"):
                raise InputError(f"{where}: RE {j} needs its 'entity' identifier")
        used: list[int] = []
        for s in segs:
            if isinstance(s, str) or (isinstance(s, Mapping) and isinstance(s.get("text"), str)):
                continue
            if isinstance(s, Mapping) and isinstance(s.get("re"), int) and 0 <= s["re"] < len(refs):
                used.append(int(s["re"]))
                continue
            raise InputError(
                f"{where}: bad segment {s!r} (a string, {{'text': ...}} or {{'re': index}})"
            )
        if sorted(used) != list(range(len(refs))):
            raise InputError(f"{where}: every RE must appear exactly once in 'segments'")

    def view(self, item: StudyItem) -> dict[str, Any]:
        p = item.payload
        refs = []
        for j, r in enumerate(p["refs"]):
            refs.append({"index": j, "text": _ref_text(r), "name": _ref_name(r), "ask": _asks(r)})
        parts: list[dict[str, Any]] = []
        for s in p["segments"]:
            if isinstance(s, str):
                parts.append({"text": s, "re": None})
            elif "re" in s:
                parts.append({"text": _ref_text(p["refs"][s["re"]]), "re": s["re"]})
            else:
                parts.append({"text": s["text"], "re": None})
        return {
            "entity_name": str(p.get("entity_name") or proper_name(p["entity"])),
            "parts": parts,
            "refs": refs,
            "asked": [r for r in refs if r["ask"]],
            "ratings": RATINGS,
            "likert": LIKERT7,
            "anchors": ANCHORS,
            "success_options": SUCCESS,
        }

    def stimulus_text(self, item: StudyItem) -> str:
        return "".join(part["text"] for part in self.view(item)["parts"])

    def parse(
        self, item: StudyItem, form: Mapping[str, str]
    ) -> tuple[list[ParsedAnswer], FieldError]:
        v = self.view(item)
        errors = FieldError()
        out: list[ParsedAnswer] = []
        fam = choice(
            form, "familiarity", ("yes", "no"), errors, "Please say whether you knew this entity."
        )
        if fam is not None:
            out.append(ParsedAnswer("familiarity", "", v["entity_name"], fam))
        for r in v["refs"]:
            j = r["index"]
            if r["ask"]:
                ans = choice(
                    form,
                    f"success-{j}",
                    SUCCESS,
                    errors,
                    "Please answer whether this expression refers to the entity.",
                )
                if ans is not None:
                    out.append(ParsedAnswer("success", str(j), r["text"], ans))
            else:
                out.append(ParsedAnswer("success", str(j), r["text"], "name"))
        for key, _ in RATINGS:
            val = choice(form, key, LIKERT7, errors, "Please choose a rating from 1 to 7.")
            if val is not None:
                out.append(ParsedAnswer(key, "", "", val))
        for r in v["refs"]:
            j = r["index"]
            rw = text(
                form,
                f"rewrite-{j}",
                errors,
                required=True,
                max_len=MAX_SHORT_TEXT,
                message="Please suggest an expression (copy the original if it is already optimal).",
            )
            if rw is not None:
                out.append(ParsedAnswer("rewrite", str(j), r["text"], rw))
        comment = text(form, "comment", errors, required=False, max_len=MAX_LONG_TEXT, message="")
        if comment is not None:
            out.append(ParsedAnswer("comment", "", "", comment))
        return out, errors


# --- a small synthetic example (for tests, documentation and smoke runs) --------------------

_EXAMPLES: tuple[tuple[str, str, str, str, str], ...] = (
    # identifier, second-mention description, pronoun, sentence 1 tail, sentence 2 tail
    (
        "Alan_Bean",
        "the astronaut",
        "He",
        " was born in Wheeler, Texas.",
        " was chosen by NASA in 1963.",
    ),
    (
        "Aarhus_Airport",
        "the airport",
        "It",
        " serves the city of Aarhus.",
        " has a runway of 2,777 metres.",
    ),
    (
        "Ajoblanco",
        "the soup",
        "It",
        " comes from Andalusia.",
        " is made with bread, almonds and garlic.",
    ),
    (
        "Alba_Iulia",
        "the city",
        "It",
        " lies on the Mures river.",
        " is the capital of Alba County.",
    ),
    (
        "Amatriciana_sauce",
        "the sauce",
        "It",
        " is a traditional Italian dish.",
        " contains guanciale and pecorino.",
    ),
    (
        "Ampara_Hospital",
        "the hospital",
        "It",
        " is in Sri Lanka.",
        " is located in the Eastern Province.",
    ),
    (
        "Abilene_Regional_Airport",
        "the airport",
        "It",
        " serves Abilene, Texas.",
        " is 546 metres above sea level.",
    ),
    ("Agra_Airport", "the airport", "It", " is in India.", " is operated by the Indian Air Force."),
)


def example_items(
    n_items: int = 6, systems: tuple[str, ...] = ("human", "rule", "ml")
) -> list[StudyItem]:
    """Synthetic REG items: a two-sentence paragraph about one entity, one version per system.

    The first RE is the proper name (no success question); the second is a description
    (``human``), a pronoun (``rule``) or the name again (``ml`` and any other system).
    Items alternate between the ``seen`` and ``unseen`` subsets. Deterministic.
    """
    items = []
    for i in range(n_items):
        ident, desc, pron, tail1, tail2 = _EXAMPLES[i % len(_EXAMPLES)]
        item_id = f"ex{i + 1:02d}"
        name = proper_name(ident)
        for system in systems:
            second = {"human": desc[0].upper() + desc[1:], "rule": pron}.get(system, name)
            items.append(
                make_reg_item(
                    item_id,
                    system,
                    "seen" if i % 2 == 0 else "unseen",
                    ident,
                    ["", 0, tail1 + " ", 1, tail2],
                    [(name, ident), (second, ident)],
                )
            )
    return items
