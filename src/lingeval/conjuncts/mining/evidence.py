"""The second stage of mining: keep a candidate only when a verbal omission can be shown.

The patterns (A.7 and :mod:`~lingeval.conjuncts.mining.robust`) read only the parse, and a small
parser's errors make them fire on ordinary verb-phrase coordination and on coordinations the
task of paper 000 (section 3.2) leaves alone. This stage reads the sentence around the marked
conjunction and decides, for each candidate, one of:

**kept** (a verb would be restored by the task's split):

* ``gapping`` / ``argument-cluster`` / ``stripping``: the conjunct after the conjunction has
  no verb and its phrases parallel the first clause (the resolver's omission detector,
  :func:`lingeval.conjuncts.omission.detect_omission`); or a conjunction that no ``conj`` arc
  claims, followed by a verbless stretch (a remnant the parser left unattached);
* ``vp-ellipsis``: the conjunct is a subject and a bare auxiliary ("and we don't");
* ``shared-auxiliary``: two auxiliaries share one verb ("cannot and have not denied");
* ``reduction``: conjunction reduction. The two conjuncts of the marked conjunction are not
  clauses of their own (non-verbal phrases, or non-finite verb phrases such as gerunds and
  to-infinitives) and a verb above them governs both; the split writes that verb twice.

**dropped**:

* ``vp-coordination``: the second conjunct is a verb phrase with its own finite or
  imperative verb, or a clause with its own subject; nothing verbal is omitted (the split
  only restores a subject);
* ``modifier``: coordinated adjectives before one noun ("a large and growing outbreak"; this
  also drops distributive ones such as "ethnic, racial and gender diversity");
* ``collective``: a collective reading (between X and Y, consist of, a relationship of X and
  Y), where the split would change the meaning (section 3.2's closing clause);
* ``fixed``: a fixed expression or general extender ("peace and quiet", "and all that");
* ``discourse``: a sentence-initial or discourse conjunction ("Oh, and by the way");
* ``no-verb``: no verb governs the coordination, so the split restores none.

Each decision is an :class:`Evidence` with the reason and a short human-readable detail;
the miner writes it to ``meta.evidence`` beside the fired patterns. Rules are hand-written and
were developed on the GUM-train development sample (see docs/conjuncts-mining.md).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.mining.patterns import AUX_DEPS, NON_VERB, SUBJECT_DEPS, VERB, SentView
from lingeval.conjuncts.omission import FINITE_TAGS

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from lingeval.conjuncts.mining.learned import FilterModel
    from lingeval.conjuncts.omission import Omission

__all__ = ["DROP_REASONS", "KEEP_REASONS", "Evidence", "judge", "judge_parts", "judge_rules"]

KEEP_REASONS = (
    "gapping",
    "argument-cluster",
    "stripping",
    "vp-ellipsis",
    "shared-auxiliary",
    "reduction",
    "high-score",
)
DROP_REASONS = (
    "vp-coordination",
    "name",
    "modifier",
    "collective",
    "fixed",
    "discourse",
    "no-verb",
    "low-score",
)

#: a finite tag, or a bare auxiliary ("and get attracted"): :func:`_finite`
_FINITE_OR_BASE = frozenset(FINITE_TAGS | {"VB"})
#: v5: subjects of a verb conjoined to the first of coordinated subjects (no expletive)
_NON_EXPLETIVE_SUBJECT_DEPS = SUBJECT_DEPS - {"expl"}
#: what a verb may be conjoined to as the remnant of a gapped clause or a second predicate
_REMNANT_POS = NON_VERB | {"ADP", "ADV", "PRON", "DET"}
_COLLECTIVE_PREP = frozenset({"between", "among", "amongst"})
#: Exceptive prepositions: "anything but X and Y" names one exception, not two statements.
_EXCEPT_PREP = frozenset({"but", "except", "excluding"})
_EXCEPTIVE_QUANTIFIERS = frozenset(
    {"all", "anything", "everything", "nothing", "nobody", "everyone", "everybody", "none"}
    | {"anyone", "anybody", "noone", "every", "any", "no"}
)
#: Word beginnings of predicates and nouns that take their conjuncts together.
_COLLECTIVE_HEADS = (
    "consist", "compris", "mix", "combin", "blend", "merg", "connect", "link", "compare",
    "distinguish", "separat", "relationship", "relation", "difference", "ratio", "correlation",
    "interaction", "balance", "gap", "contrast", "distance", "similarit", "overlap", "boundar",
    "summit",
)  # fmt: skip
#: v4: word beginnings of symmetric predicates ("X and Y are related/similar/married").
_SYMMETRIC = (
    "related", "similar", "alike", "identical", "equivalent", "equal", "different", "distinct",
    "comparable", "married", "adjacent", "unrelated", "interchangeable",
)  # fmt: skip
FIXED_PAIRS = frozenset(
    {
        ("peace", "quiet"),
        ("over", "above"),
        ("shipping", "handling"),
        ("men", "women"),
        ("more", "more"),
        ("less", "less"),
        ("back", "forth"),
        ("up", "down"),
        ("rock", "roll"),
        ("black", "white"),
        ("pros", "cons"),
        ("ladies", "gentlemen"),
        ("bread", "butter"),
        ("salt", "pepper"),
        ("trial", "error"),
        ("again", "again"),
        ("over", "over"),
        ("on", "off"),
        ("by", "large"),
        ("each", "every"),
        ("in", "of"),
        ("here", "there"),
        ("loud", "clear"),
        ("now", "then"),
        ("first", "foremost"),
        ("safe", "sound"),
        ("odds", "ends"),
        ("sooner", "later"),
        ("more", "less"),
        ("give", "take"),
        ("far", "wide"),
        ("null", "void"),
        ("sick", "tired"),
        ("nice", "easy"),
        # v3 (read from the EWT labels): legal and idiomatic pairs
        ("any", "all"),
        ("above", "beyond"),
        ("on", "about"),
        ("paper", "pencil"),
        ("to", "fro"),
        ("wear", "tear"),
        ("song", "dance"),
        ("hit", "miss"),
        ("touch", "go"),
        ("cease", "desist"),
        ("terms", "conditions"),
        # v5: names of one thing that contain "and": states, genres, dishes
        ("trinidad", "tobago"),
        ("antigua", "barbuda"),
        ("bosnia", "herzegovina"),
        ("kitts", "nevis"),
        ("tomé", "príncipe"),
        ("turks", "caicos"),
        ("wallis", "futuna"),
        ("rhythm", "blues"),
        ("drum", "bass"),
        ("country", "western"),
        ("bed", "breakfast"),
        ("fish", "chips"),
        ("macaroni", "cheese"),
        ("sweet", "sour"),
        ("hide", "seek"),
    }
)
_EXTENDERS = (
    ("all", "that", "stuff"),
    ("all", "this", "stuff"),
    ("stuff", "like", "that"),
    ("all", "that"),
    ("all", "this"),
    ("stuff",),
    ("so", "on"),
    ("so", "forth"),
    ("things", "like", "that"),
    ("something",),
    ("anything",),
    ("everything",),
    ("whatever",),
    ("what", "not"),
    ("the", "like"),
    ("so",),
    ("things",),
    ("something", "like", "that"),
    ("beyond",),
    ("back",),
    ("back", "again"),
    ("two",),
    ("three",),
)
_DISCOURSE_AFTER = frozenset({"still", "anyway", "though", "then", "so", "yet", "also", "now"})
_DISCOURSE_BEFORE = frozenset(
    {"oh", "well", "right", "okay", "ok", "yes", "yeah", "no", "so", "um", "uh", "you", "know"}
    | {"i", "mean", "like"}
)


@dataclass(frozen=True)
class Evidence:
    """Why a candidate was kept or dropped: ``reason`` (one of :data:`KEEP_REASONS` or
    :data:`DROP_REASONS`) and a one-line ``detail`` naming the words involved."""

    kept: bool
    reason: str
    detail: str
    #: the fitted filter's probability that the candidate is a true omission (None: rules only)
    score: float | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kept": self.kept, "reason": self.reason, "detail": self.detail}
        if self.score is not None:
            out["score"] = round(self.score, 4)
        return out


def _keep(reason: str, detail: str) -> Evidence:
    return Evidence(True, reason, detail)


def _drop(reason: str, detail: str) -> Evidence:
    return Evidence(False, reason, detail)


def _arc_of(s: SentView, c: int) -> tuple[int, int] | None:
    """The ``conj`` arc ``(h, y)`` whose conjunction is ``c`` (the nearest to ``c``)."""
    best: tuple[int, int] | None = None
    for y, d in enumerate(s.dep):
        if d != "conj" or s.head[y] < 0:
            continue
        h = s.head[y]
        if s.cc_of(h, y) == c and (best is None or abs(y - c) < abs(best[1] - c)):
            best = (h, y)
    return best


def _tag(s: SentView, i: int) -> str:
    return s.tag[i] if s.tag else ""


def _finite_verb(s: SentView, k: int) -> bool:
    """Token ``k`` is a verb or auxiliary with a finite tag (VBD/VBP/VBZ/MD)."""
    return bool(s.tag) and s.tag[k] in FINITE_TAGS and s.pos[k] in VERB


def _finite(s: SentView, v: int) -> bool:
    """``v`` heads a finite (or imperative) verb phrase: a finite tag or auxiliary, or a subject
    of its own (participles excepted: absolutes such as "the muscle swelling" are non-finite);
    a bare base form without "to" counts as finite (imperative, or under the first conjunct's
    modal: the split restores no verb)."""
    auxes = s.kids(v, AUX_DEPS)
    if any(s.words[k].lower() == "to" for k in auxes):
        return False
    h = s.head[v]
    if (
        s.dep[v] == "conj"
        and h >= 0
        and _tag(s, v) == "VB"
        and not auxes
        and any(s.words[k].lower() == "to" for k in s.kids(h, "aux"))
    ):
        return False  # shares the first conjunct's "to" ("to create that consensus and move")
    if _tag(s, v) in FINITE_TAGS or any(_tag(s, k) in _FINITE_OR_BASE for k in auxes):
        return True  # a finite auxiliary, or a bare one ("and get attracted")
    if _tag(s, v) in ("VBG", "VBN"):
        return False  # a participle, also with a subject of its own ("the muscle swelling")
    if any(s.dep[k] in SUBJECT_DEPS for k in s.children[v]):
        return True
    return _tag(s, v) == "VB" or not s.tag


def _governing_verb(s: SentView, h: int) -> int | None:
    """The nearest verb above ``h`` (``h`` itself excluded), walking up the tree."""
    t = s.head[h]
    steps = 0
    while t >= 0 and steps <= len(s.words):
        if s.pos[t] in VERB:
            return t
        t = s.head[t]
        steps += 1
    return None


def _right_stretch(s: SentView, c: int) -> list[int]:
    """Tokens after ``c`` up to the next ``;``/``:`` or the end (punctuation left out)."""
    out = []
    for k in range(c + 1, len(s.words)):
        if s.words[k] in (";", ":"):
            break
        if s.pos[k] != "PUNCT":
            out.append(k)
    return out


def _main_verb(s: SentView, t: int) -> int:
    """``t``, or the verb after it that ``t`` is an auxiliary or negation of (transitively)."""
    while s.dep[t] in ("aux", "auxpass", "neg") and s.head[t] > t:
        t = s.head[t]
    return t


def _clause_in(s: SentView, stretch: list[int], arc: tuple[int, int] | None) -> int | None:
    """The first verb after the conjunction outside subordinate clauses, when it heads a clause
    of its own at the level of the conjunction: finite, with a subject between the conjunction
    and itself, attached as root, conj, parataxis or ccomp, with no comma, wh-word or other
    and/or/but before it, and not governing the first conjunct."""
    if not stretch:
        return None
    # the first verb that is not inside a relative, adverbial or complement clause or phrase
    k = -1
    for t in stretch:
        if s.pos[t] not in VERB:
            continue
        t = _main_verb(s, t)
        if s.dep[t] not in ("relcl", "acl", "advcl", "xcomp", "pcomp", "amod", "csubj"):
            k = t
            break
    if k < 0:
        return None
    c = stretch[0] - 1
    while c >= 0 and not s.is_conjunction(c):
        c -= 1
    if any(_tag(s, j) in _SUBORDINATE_TAGS for j in range(c + 1, k)):
        return None  # an embedded question or relative: "plans and how can we make more noise"
    subjects = [j for j in s.children[k] if s.dep[j] in SUBJECT_DEPS and c < j < k]
    if any(
        (s.is_conjunction(j) and not any(s.dominated_by(j, sj) for sj in subjects))
        or s.words[j] in (",", "(")
        for j in range(c + 1, k)
    ):
        return None  # (an and/or/but inside the new subject is fine: "the A1 and the A19 link")
    if arc is not None and s.dominated_by(arc[0], k):
        return None  # the verb governs the coordination ("Praying and weeping, he became ...")
    if arc is None and any(s.dominated_by(j, k) for j in range(max(0, c - 3), c)):
        return None
    if not _finite(s, k) or s.dep[k] not in ("ROOT", "conj", "parataxis", "ccomp"):
        return None
    if not any(s.dep[j] in SUBJECT_DEPS and c < j < k for j in s.children[k]):
        return None
    if arc is not None and k != arc[1] and s.dominated_by(k, arc[1]):
        return None
    if s.tag and _first_clause_start(s, c) is None:
        return None  # v5: coordinated subjects of this verb, no clause before the conjunction
    return k


def _prev_content(s: SentView, c: int) -> int | None:
    """The nearest token before ``c`` that is not punctuation."""
    return next((k for k in range(c - 1, -1, -1) if s.pos[k] != "PUNCT"), None)


def _words(s: SentView, *idx: int) -> str:
    return " ".join(repr(s.words[i]) for i in idx)


def _non_candidate(s: SentView, c: int, arc: tuple[int, int] | None) -> Evidence | None:
    low = [w.lower() for w in s.words]
    content_before = [k for k in range(c) if s.pos[k] not in ("PUNCT", "INTJ", "CCONJ")]
    if not content_before or all(low[k] in _DISCOURSE_BEFORE for k in content_before):
        return _drop("discourse", f"{s.words[c]!r} opens the sentence")
    disfluency = _disfluency(s, c, arc)
    if disfluency is not None:
        return _drop(
            "discourse", f"disfluent speech: {s.words[disfluency]!r} beside the conjunction"
        )
    after = [k for k in range(c + 1, len(s.words)) if s.pos[k] != "PUNCT"]
    nxt = after[0] if after else None
    prev = _prev_content(s, c)
    if prev is not None and nxt is not None and (low[prev], low[nxt]) in FIXED_PAIRS:
        return _drop("fixed", f"fixed expression {s.words[prev]} {s.words[c]} {s.words[nxt]}")
    if prev is not None and nxt is not None and low[prev] in ("hundred", "thousand", "million"):
        return _drop("fixed", "a number word ('three hundred and sixty-five')")
    if low[c] == "and" and [low[k] for k in after[:2]] == ["a", "half"]:
        return _drop("fixed", "a number with a half ('a year and a half')")
    if (
        low[c] == "or"
        and prev is not None
        and nxt is not None
        and s.pos[prev] == s.pos[nxt] == "NUM"
    ):
        return _drop("fixed", "an approximate number ('twelve or fifteen')")
    if prev is not None and nxt is not None and low[prev] == low[nxt]:
        return _drop("fixed", f"iteration {s.words[prev]} {s.words[c]} {s.words[nxt]}")
    for ext in _EXTENDERS:
        tail = [low[k] for k in after[: len(ext)]]
        end = after[len(ext) - 1] + 1 if len(after) >= len(ext) else 0
        if tuple(tail) == ext and (end >= len(s.words) or s.pos[end] == "PUNCT"):
            return _drop("fixed", f"general extender {s.words[c]} {' '.join(tail)}")
    # "is but a step": 'but' meaning 'only' right after a copula or verb
    if low[c] == "but" and prev == c - 1 and s.pos[prev] == "AUX":
        return _drop("fixed", "'but' means 'only' here")
    # "all but Parts I and II", "anything but the hype": 'but' means 'except'
    if low[c] == "but" and prev == c - 1 and low[prev] in _EXCEPTIVE_QUANTIFIERS:
        return _drop("fixed", f"{s.words[prev]} but: 'but' means 'except' here")
    # coordinated premodifiers of one noun ("a large and growing outbreak")
    if (
        prev is not None
        and s.dep[prev] == "amod"
        and s.pos[prev] in ("ADJ", "VERB")
        and s.head[prev] > c
        and s.pos[s.head[prev]] in ("NOUN", "PROPN")
        and nxt is not None
        and s.pos[nxt] in ("ADJ", "VERB", "ADV")
    ):
        return _drop("modifier", f"{s.words[prev]!r} and the next adjective premodify a noun")
    if (
        low[c] == "and"
        and nxt is not None
        and low[nxt] == "back"
        and (
            nxt + 1 >= len(low)
            or s.pos[nxt + 1] not in ("ADP", "DET", "NOUN", "PROPN", "PRON", "NUM")
        )
    ):
        return _drop("collective", "a round trip: to X and back")
    quoted = _verbless_quotation(s, c)
    if quoted is not None:
        return _drop("name", f"inside the verbless quotation opening at {s.words[quoted]!r}")
    pair = _pair_preposition(s, c) if low[c] == "and" else None
    if arc is None:
        if pair is not None:
            return _drop("collective", f"{s.words[pair]!r} X {s.words[c]} Y")
        return None
    h, y = arc
    name = _inside_name(s, c, h, y)
    if name is not None:
        return _drop("name", name)
    one = _one_entity(s, c)
    if one is not None:
        return _drop(
            "modifier",
            f"{s.words[c - 1]!r} {s.words[c]} {s.words[c + 1]!r} modify one {s.words[one]!r}",
        )
    if low[c] == "or" and (_renames(s, h, y) or _spelled_out(s, c)):
        return _drop("name", f"{s.words[y]!r} names {s.words[h]!r} again (an 'or' apposition)")
    # collective readings: "between X and Y", also when X has a PP the "and" attaches into
    t = h
    for _ in range(3):
        p = s.head[t]
        if p < 0:
            break
        if low[p] in _COLLECTIVE_PREP and s.pos[h] not in ("ADJ", "ADV"):
            return _drop("collective", f"{s.words[p]!r} X {s.words[c]} Y")
        if low[p] in _EXCEPT_PREP and (_tag(s, p) == "IN" or s.pos[p] == "ADP"):
            return _drop("collective", f"{s.words[p]!r} X {s.words[c]} Y: one exception")
        if s.dep[t] != "pobj" or s.dep[p] != "prep" or low[p] != "of":
            break
        t = s.head[p]
        if t < 0:
            break
    if pair is not None and (
        s.pos[h] not in ("ADJ", "ADV", "VERB", "AUX")
        # v5: the first conjunct's verb is inside a relative clause after "between" ("the
        # relationship between the speed at which blood flows and its pressure")
        or (s.dep[h] == "relcl" and pair < s.head[h] < c)
    ):
        return _drop("collective", f"{s.words[pair]!r} X {s.words[c]} Y")
    # "as diverse as X and Y": examples of a range, not separate statements
    p = s.head[h]
    if (
        p >= 0
        and low[p] == "as"
        and any(
            low[k] == "as" and s.pos[k + 1] in ("ADJ", "ADV") for k in range(max(0, p - 4), p - 1)
        )
    ):
        return _drop("collective", f"as ... as X {s.words[c]} Y: examples of a range")
    # v4: "a dumpling with tofu and vegetables": bare nouns under a "with" of a noun name
    # one thing that has both, not two statements
    p = s.head[h]
    if (
        p >= 0
        and low[c] == "and"  # "with X or Y" names alternatives, not one combination
        and low[p] == "with"
        and s.dep[h] == "pobj"
        and s.head[p] >= 0
        and (
            s.pos[s.head[p]] in ("NOUN", "PROPN")
            # a noun in -ing the small parser tags as a participle ("a fish dumpling with")
            or (_tag(s, s.head[p]) == "VBG" and s.dep[s.head[p]] in ("acl", "compound"))
        )
        and s.pos[h] == s.pos[y] == "NOUN"
        and not any(s.dep[k] in ("det", "poss", "nummod") for k in (*s.children[h], *s.children[y]))
    ):
        return _drop("collective", f"{s.words[s.head[p]]!r} with X {s.words[c]} Y: one thing")
    # v4: "X and Y are related/similar/different": a symmetric predicate of both subjects
    p = s.head[h]
    if p >= 0 and s.dep[h] in ("nsubj", "nsubjpass") and s.pos[p] in VERB:
        preds = [k for k in s.children[p] if s.dep[k] in ("acomp", "attr", "oprd")]
        preds += [j for k in preds for j in s.children[k] if s.dep[j] == "amod"]
        sym = next((k for k in preds if low[k].startswith(_SYMMETRIC)), None)
        if sym is not None:
            return _drop("collective", f"X {s.words[c]} Y are {s.words[sym]!r} (to each other)")
    # a range: "from X and Y to Z"
    p = s.head[h]
    if (
        p >= 0
        and low[p] == "from"
        and s.pos[h] in NON_VERB
        and any(low[j] == "to" for j in range(y + 1, min(y + 3, len(low))))
    ):
        return _drop("collective", f"a range from X {s.words[c]} Y to Z")
    t = h
    for step in range(4):
        t = t if step == 0 else s.head[t]
        if t < 0 or (step == 0 and s.pos[t] not in VERB):
            continue
        lemma = low[t]
        if lemma.startswith(_COLLECTIVE_HEADS):
            return _drop("collective", f"{s.words[t]!r} takes X {s.words[c]} Y together")
        if s.pos[t] in VERB:
            break
    return None


#: v5: marks of disfluent speech or trailing text right after a conjunction
_BREAKS = frozenset({"--", "..", "...", "…"})
_FILLERS = frozenset({"uh", "um", "er", "erm", "uhm"})
_DASHES = frozenset({"—", "–", "--"})


def _truncated(w: str) -> bool:
    """A word broken off in speech ("Cap-", "b-"): letters, then a hyphen."""
    return len(w) > 1 and w.endswith("-") and w[-2].isalpha()


def _disfluency(s: SentView, c: int, arc: tuple[int, int] | None) -> int | None:
    """v5: the conjunction sits in disfluent speech or trailing text, where no split is meant:
    a break ("--", "..", "...") or a broken-off word ("Cap-") among the three tokens after it,
    a broken-off word among the three before it ("What you had for b- — But no") or a
    self-repair anywhere before it (a broken-off word and a dash: "Whi- — if it ..."), an
    utterance that breaks off after a determiner ("..., and then the casting material,
    probably the —"), or, when no ``conj`` arc claims the conjunction, a filler ("and uh ,
    at twenty-six percent").
    A break before the conjunction is a repair and left alone ("use and -- and character of
    the use"), as is a filler inside a parsed coordination ("his uh, Harley-Davidson scarf").
    Returns the index of the mark."""
    n = len(s.words)
    for k in range(c + 1, min(n, c + 4)):
        w = s.words[k].lower()
        if w in _BREAKS or _truncated(w) or (arc is None and w in _FILLERS and k <= c + 2):
            return k
    near = next((k for k in range(max(0, c - 3), c) if _truncated(s.words[k])), None)
    if near is not None:
        return near
    # a self-repair before it: a broken-off word, then a dash ("Whi- — if it does n't ...")
    repair = next(
        (k for k in range(c - 1) if _truncated(s.words[k]) and s.words[k + 1] in _DASHES), None
    )
    if repair is not None:
        return repair
    # an unfinished utterance: it ends in a dash right after a determiner ("probably the —")
    if n > c + 2 and s.words[-1] in _DASHES and _tag(s, n - 2) == "DT":
        return n - 1
    return None


def _pair_preposition(s: SentView, c: int) -> int | None:
    """A "between"/"among" before ``c`` in its phrase (at most eight words back, after the
    last ``,``/``;``/``:``, no finite verb between): "between 7% and 11%", "between the
    crossing in Noida and Kasna", also when the parse attaches the conjunction elsewhere."""
    finite = False
    for k in range(c - 1, max(-1, c - 15), -1):
        w = s.words[k].lower()
        if w in (",", ";", ":", "and", "or"):
            return None
        if _finite_verb(s, k):
            # v5: a past participle tagged VBD without a subject does not end the phrase
            # ("the number of cigarettes smoked in a lifetime")
            finite = any(s.dep[j] in SUBJECT_DEPS for j in s.children[k])
        if _tag(s, k) in _SUBORDINATE_TAGS:
            finite = False  # v5: the verb of a relative clause ("the speed at which blood flows")
        if w in _COLLECTIVE_PREP and not finite:
            return k
    return None


def _title(w: str) -> bool:
    return (w[:1].isupper() and not w.isupper()) or (w.isupper() and len(w) > 1)


def _inside_name(s: SentView, c: int, h: int, y: int) -> str | None:
    """The coordination is part of a name or title: capitalised words on both sides of the
    conjunction, and either the first conjunct modifies a capitalised noun after the second
    ("Centre for Irish and Scottish Studies", "Curator and Director Lee Park") or both are
    the object of "of"/"for" under a capitalised noun ("Journal of Personality and Social
    Psychology"), the second without a PP of its own. Sentence-initial capitals do not
    count."""
    if not (c - 1 > 0 and c + 1 < len(s.words)):
        return None
    if not (_title(s.words[c - 1]) and _title(s.words[c + 1])) or c - 1 == 0:
        return None
    head = s.head[h]
    if (
        s.dep[h] in ("compound", "amod")
        and head > y
        and head > 0
        and _title(s.words[head])
        and s.pos[head] in ("NOUN", "PROPN")
    ):
        return (
            f"{s.words[h]!r} {s.words[c]} {s.words[y]!r} inside the name ending {s.words[head]!r}"
        )
    if (
        head > 0
        and s.dep[h] == "pobj"
        and s.words[head].lower() in ("of", "for")
        # "Henry II of England and Eleanor of Aquitaine": two people, each with a PP
        and not s.kids(y, "prep")
        and not (y + 1 < len(s.words) and s.words[y + 1].lower() in ("of", "for"))
    ):
        gov = s.head[head]
        if 0 < gov < head and _title(s.words[gov]) and s.pos[gov] in ("NOUN", "PROPN"):
            return f"part of the name {s.words[gov]!r} {s.words[head]} ..."
    return None


def _one_entity(s: SentView, c: int) -> int | None:
    """v4: nouns coordinated as modifiers of one singular noun after a determiner, read from
    the words and tags ("the news and current affairs **side**", "the Trinidad and Tobago
    **team**"): one entity with a two-part name or description, not two statements. A plural
    head ("the Arsenal and Chelsea youth **teams**"), a bare head ("ethnic and gender
    diversity") or a first noun the parse does not read as a modifier (unless both are names)
    does not count. Returns the head noun's index."""
    if not s.tag or c < 2 or c + 2 >= len(s.words):
        return None
    if s.tag[c - 2] not in ("DT", "PRP$") or s.words[c - 2].lower() in ("no", "any", "all", "both"):
        return None
    if s.tag[c - 1] not in ("NN", "NNP"):
        return None
    k = c + 1
    if s.tag[k] == "JJ":
        k += 1
    if k >= len(s.words) or s.tag[k] not in ("NN", "NNP", "NNS", "NNPS"):
        return None
    # the first noun is parsed as a modifier, or both are names ("a nurse and amateur theatre
    # director" is two predicates of one person: a reduction)
    if s.dep[c - 1] not in ("compound", "nmod", "amod") and not (
        s.tag[c - 1] == "NNP" and s.tag[k] == "NNP" and k == c + 1
    ):
        return None
    j = k + 1
    while j < len(s.words) and s.tag[j] in ("NN", "NNP", "JJ", "HYPH", "NNS", "NNPS", "CD"):
        j += 1
    head = j - 1
    if head == k or s.tag[head] not in ("NN", "NNP"):
        return None
    return head


_QUOTES = frozenset({'"', "“", "”"})


def _verbless_quotation(s: SentView, c: int) -> int | None:
    """v5: the conjunction is inside a quotation (an odd number of double quotes before it)
    that has no finite verb, after words outside it: a quoted title or catch phrase ("read
    the description : " No good in a bed , **but** fine against a wall . ""); the split would
    break the quotation (labelling guidelines: ``none``). Returns the opening quote."""
    marks = [k for k in range(c) if s.words[k] in _QUOTES]
    if len(marks) % 2 == 0 or marks[-1] == 0:
        return None
    start = marks[-1]
    end = next((k for k in range(c + 1, len(s.words)) if s.words[k] in _QUOTES), len(s.words))
    if any(_finite_verb(s, k) for k in range(start + 1, end)):
        return None
    return start


def _spelled_out(s: SentView, c: int) -> bool:
    """v5: an acronym right before "or" whose letters open the words after it ("SSRIs **or**
    selective serotonin reuptake inhibitors"; a loose expansion may drop one of them,
    "SSRIs or serotonin reuptake inhibitors"), whatever the parse's conjuncts are."""
    if c < 1:
        return False
    w = s.words[c - 1]
    w = w[:-1] if w.endswith("s") and w[:-1].isupper() else w
    if not (2 <= len(w) <= 6 and w.isalpha() and w.isupper()):
        return False
    w = w.lower()
    for m in (len(w), len(w) - 1):  # a loose expansion may drop one word of it
        initials = "".join(x[:1] for x in s.words[c + 1 : c + 1 + m]).lower()
        if m >= 3 and len(initials) == m and _subsequence(initials, w):
            return True
    return False


def _subsequence(a: str, b: str) -> bool:
    """The letters of ``a`` occur in ``b`` in order."""
    it = iter(b)
    return all(ch in it for ch in a)


def _renames(s: SentView, h: int, y: int) -> bool:
    """``y`` names ``h`` again: an acronym and its expansion ("SSRIs or serotonin reuptake
    inhibitors"), or a bare number after a comma restating a noun ("the third quartile, or 9")."""

    def initials(i: int) -> str:
        words = [s.words[k] for k in range(i - 3, i + 1) if k >= 0 and s.pos[k] in NON_VERB]
        return "".join(w[0].lower() for w in words)

    for a, b in ((h, y), (y, h)):
        w = s.words[a].rstrip("s")
        if len(w) >= 2 and w.isupper() and w.isalpha() and initials(b).endswith(w.lower()):
            return True
    return (
        s.pos[y] == "NUM"
        and s.pos[h] in ("NOUN", "PROPN")
        and y > 1
        and s.words[y - 2] == ","
        and not s.children[y]
    )


#: Tags of the words of a plain noun phrase (a subject after the conjunction).
_NP_TAGS = frozenset(
    {"DT", "PDT", "PRP$", "CD", "JJ", "JJR", "JJS", "NN", "NNS", "NNP", "NNPS", "HYPH", "POS"}
)
_NOMINATIVE = frozenset({"i", "we", "you", "he", "she", "it", "they", "there"})
#: Words that open a subordinate clause: the verb after them is not the first clause's.
_SUBORDINATE_TAGS = frozenset({"WDT", "WP", "WRB"})


def _attached(s: SentView, k: int) -> bool:
    """Token ``k`` follows token ``k - 1`` without a space ("south-eastward")."""
    return k > 0 and s.idx[k] == s.idx[k - 1] + len(s.words[k - 1])


#: v4: prepositions that may open a PP inside a subject after the conjunction ("one of its
#: parties is", "the commander of Russia at the time was") or a fronted PP before an
#: inverted verb ("and among the groups are ...", "and to the southwest lies ...").
_SUBJECT_PREPS = frozenset(
    {"of", "in", "at", "on", "from", "for", "among", "to", "during", "per"}  # v5: "per"
)
#: v4: prepositions of motion/direction that a verb tagged as a noun may take ("walks along")
_MOTION = frozenset(
    {"along", "across", "through", "into", "onto", "around", "past", "toward", "towards"}
    | {"up", "down", "out", "off", "away", "back", "over", "to"}
)
_NOUN_END = frozenset({"NN", "NNS", "NNP", "NNPS", "CD"})


def _noun_phrase(s: SentView, k: int, *, head: bool = True) -> int:
    """The end (exclusive) of a plain noun phrase starting at ``k`` (words tagged as in
    :data:`_NP_TAGS`, an ``and``/``or`` inside it allowed); ``k`` when there is none or it
    does not end in a noun or number. v4: a word that reads as a finite verb tagged as a
    noun (:func:`_reads_as_verb`; with a base that is a noun too only when ``head``, the
    subject itself and not a PP inside it) ends the phrase before it."""
    n = len(s.words)
    j = k
    while j < n and (
        (s.tag[j] in _NP_TAGS and (s.tag[j] != "HYPH" or _attached(s, j)))
        or (s.words[j].lower() in ("and", "or") and j + 1 < n and s.tag[j + 1] in _NP_TAGS)
        or _attributive_participle(s, j, k)
    ):
        if j > k and (_reads_as_verb(s, j, k, ambiguous=head) or _verb_at_clause_end(s, j)):
            break
        j += 1
    return j if j > k and s.tag[j - 1] in _NOUN_END else k


def _attributive_participle(s: SentView, j: int, k: int) -> bool:
    """v4: a participle inside a noun phrase that starts at ``k`` ("the **noted** battles", "a
    **severed** Wasp"): after a determiner, possessive, adjective or number, before a noun or
    adjective."""
    return (
        j >= k
        and s.tag[j] in ("VBN", "VBG")
        # v5: also opening the phrase before a plural noun ("foraging workers can ...")
        and (j == k or s.tag[j - 1] in ("DT", "PRP$", "JJ", "CD"))
        and j + 1 < len(s.words)
        and s.tag[j + 1] in (("NNS", "NNPS") if j == k else ("NN", "NNS", "NNP", "NNPS", "JJ"))
    )


def _subject_with_pps(s: SentView, k: int) -> int:
    """:func:`_noun_phrase` followed by PPs of :data:`_SUBJECT_PREPS` ("one of the groups in
    the U.S."); ``k`` when there is no noun phrase."""
    j = _noun_phrase(s, k)
    if j == k:
        return k
    while j < len(s.words) and s.words[j].lower() in _SUBJECT_PREPS and s.tag[j] == "IN":
        e = _noun_phrase(s, j + 1, head=False)
        if e == j + 1:
            break
        j = e
    return j


@functools.cache
def _verb_lexicon() -> tuple[frozenset[str], frozenset[str]]:
    """Base forms of English verbs and nouns from the default pipeline's lemmatizer tables
    (``lemma_index``, WordNet-derived); empty when that pipeline or table is not there.

    The table is read from the pipeline's data folder, so that mining with another
    ``--spacy-model`` does not load the default pipeline a second time (0.3-0.5 s and its
    memory); only a pipeline without the file on disk is loaded to ask its lemmatizer."""
    try:
        from lingeval.core.parsing import load_pipeline, pipeline_dirs

        table: Any = None
        for folder in pipeline_dirs():
            if (folder / "lemmatizer" / "lookups" / "lookups.bin").is_file():
                from spacy.lookups import Lookups

                lookups = Lookups().from_disk(folder / "lemmatizer" / "lookups")
                table = lookups.get_table("lemma_index")
                break
        if table is None:
            lemmatizer: Any = load_pipeline().get_pipe("lemmatizer")
            table = lemmatizer.lookups.get_table("lemma_index")
        return frozenset(table["verb"]), frozenset(table["noun"])
    except Exception:
        return frozenset(), frozenset()


def _reads_as_verb(s: SentView, k: int, np_start: int, *, ambiguous: bool = True) -> bool:
    """v4: word ``k``, tagged as a plural noun, is most likely a finite verb in the third
    person ("and the place **caters** to", "and **originates** from", "a wheel-tapper
    **walks** along"): lower case, ending in -s, its base a verb of the lexicon
    (:func:`_verb_lexicon`). When the base is a noun as well ("walk", "record", "code"), only
    with ``ambiguous``, after a noun phrase with a determiner ending in a singular noun,
    before a particle, adverb, "to" or a preposition of motion (:data:`_MOTION`) and with no
    finite verb later in the clause ("the area **codes** in use" stays a noun)."""
    w = s.words[k]
    if s.tag[k] not in ("NNS", "NN") or not w.islower() or not w.endswith("s") or w.endswith("ss"):
        return False
    verbs, nouns = _verb_lexicon()
    bases = {w[:-1]} | ({w[:-2]} if w.endswith("es") else set())
    bases |= {w[:-3] + "y"} if w.endswith("ies") else set()
    verb_bases = [b for b in bases if b in verbs]
    if not verb_bases:
        return False
    nxt = s.tag[k + 1] if k + 1 < len(s.words) else "."
    if all(b not in nouns for b in verb_bases):
        return k > np_start or nxt in ("IN", "RP", "RB", "DT", "TO", ".", ",")
    if not ambiguous:  # inside a PP of the subject ("of the peace endeavors in")
        return False
    later = range(k + 1, len(s.words))
    return (
        k > np_start + 1
        and s.tag[np_start] == "DT"
        and s.tag[k - 1] in ("NN", "NNP")
        and (nxt in ("RP", "RB", "TO") or (k + 1 < len(s.words) and s.words[k + 1] in _MOTION))
        # no finite verb later in the clause ("the peace endeavors in the region were")
        and not any(
            s.tag[j] in FINITE_TAGS
            for j in itertools.takewhile(lambda j: s.words[j] not in (",", ";", ":"), later)
        )
    )


def _verb_bases(w: str) -> set[str]:
    """Candidate base forms of an inflected English word (-s, -es, -ies, -ed, -d, -ing,
    doubled consonants), the word itself included."""
    out = {w}
    if w.endswith("s"):
        out |= {w[:-1], w[:-2]} | ({w[:-3] + "y"} if w.endswith("ies") else set())
    if w.endswith("ed"):
        out |= {w[:-1], w[:-2], w[:-3]} | ({w[:-3] + "y"} if w.endswith("ied") else set())
    if w.endswith("ing"):
        out |= {w[:-3], w[:-3] + "e", w[:-4]}
    return out


#: v5: irregular verb forms whose base the suffix rules of :func:`_verb_bases` do not find
_IRREGULAR_VERBS = frozenset(
    {
        "has", "had", "does", "did", "was", "were", "are", "been", "being", "made", "went", "gone",
        "said", "got", "took", "gave", "came", "saw", "knew", "thought", "told", "found", "left",
        "felt", "kept", "held", "brought", "began", "ran", "wrote", "grew", "led", "met", "paid",
        "sent", "built", "sold", "spent", "stood", "lost", "won", "fell", "became", "chose", "drew",
        "drove", "ate", "flew", "hid", "hung", "rode", "shook", "spoke", "stole", "threw", "woke",
        "wore", "born", "bore", "fought", "taught", "caught", "bought", "sought", "sang", "sat",
        "lay", "laid",
    }
)  # fmt: skip


def _noun_tagged_as_verb(s: SentView, k: int) -> bool:
    """v5: word ``k``, tagged as a verb, is a noun: no base form of it is a verb of the
    lexicon (:func:`_verb_lexicon`) while it or its singular is a noun ("a mathematician and
    **physicist**", "a guy or **gal**", "landline"), or it is capitalised inside the sentence
    and no verb ("Reddit, Twitter and **Spotify**"). Without the lexicon: never."""
    verbs, nouns = _verb_lexicon()
    if not verbs:
        return False
    w = s.words[k]
    low = w.lower()
    if s.pos[k] != "VERB" or len(low) < 3 or not low.isalpha():
        return False  # auxiliaries and short forms ("is", "co") are not in the lexicon
    if low in _IRREGULAR_VERBS or any(b in verbs for b in _verb_bases(low)):
        return False
    if k > 0 and w[:1].isupper() and not w.isupper():
        return True
    return low in nouns or low[:-1] in nouns or (low.endswith("es") and low[:-2] in nouns)


def _verb_at_clause_end(s: SentView, k: int) -> bool:
    """v5: word ``k``, tagged as a noun, adjective or participle, is an intransitive finite
    verb ending its clause ("and the fort **surrendered** .", "and our bonds with loved ones
    **deepen** ."): lower case, right before ``.``/``!``/``?``/``;`` or the end, and either in
    -ed with a verb base that is no noun, or a verb base itself that is no noun after a
    plural noun."""
    w = s.words[k]
    if not (w.isalpha() and w.islower()) or s.tag[k] not in ("NNP", "NN", "JJ", "VBN"):
        return False
    if k + 1 < len(s.words) and s.words[k + 1] not in (".", "!", "?", ";"):
        return False
    verbs, nouns = _verb_lexicon()
    if w.endswith("ed"):
        return w not in nouns and any(b in verbs for b in _verb_bases(w) - {w})
    return w in verbs and w not in nouns and k > 0 and s.tag[k - 1] == "NNS"


def _has_complement(s: SentView, v: int) -> bool:
    """v4: the finite verb ``v`` is followed (adverbs and negation skipped) by a complement:
    a noun phrase, adjective, number, preposition or verb, not by punctuation or the end."""
    k = v + 1
    while k < len(s.words) and s.pos[k] in ("ADV", "PART") and s.tag[k] in ("RB", "RBR"):
        k += 1
    return k < len(s.words) and (
        s.tag[k] in _NP_TAGS or s.tag[k] in ("IN", "TO", "PRP") or s.pos[k] in VERB
    )


def _first_clause_start(s: SentView, c: int) -> int | None:
    """The clause before the conjunction ``c``, back to the sentence start, ``;``/``:``, a
    wh-word or a subordinator: the index before its first word (``-1`` at the sentence start)
    when it has a finite verb of its own, else None (coordinated subjects: "Title, binding,
    and covers had been gnawed away", "in which A, B, and C joined")."""
    left = _clause_left(s, c)
    if not any(_finite_verb(s, j) for j in range(left + 1, c)):
        return None
    return left


def _clause_left(s: SentView, c: int) -> int:
    """The index before the first word of the clause that ends at ``c``: the last ``;``/``:``,
    wh-word or subordinator before it, ``-1`` for the sentence start."""
    left = c - 1
    while left >= 0 and not (
        s.words[left] in (";", ":") or s.tag[left] in _SUBORDINATE_TAGS or s.dep[left] == "mark"
    ):
        left -= 1
    return left


_LIST_POS = frozenset({"NOUN", "PROPN", "PRON", "DET", "ADJ", "NUM", "PUNCT", "CCONJ"})


def _nominal_list_before(s: SentView, c: int) -> bool:
    """v5: the words before the conjunction ``c``, back to the start of their clause (sentence
    start, ``;``/``:``, a wh-word or a subordinator), are only noun phrases and commas (the
    first of coordinated subjects: "Title, binding, **and** covers had been gnawed away", "in
    which KENNEDY, SOUTER, **and** BREYER joined"); no word tagged as a verb."""
    words = range(_clause_left(s, c) + 1, c)
    return bool(words) and all(
        s.pos[j] in _LIST_POS and not s.tag[j].startswith(("VB", "MD")) for j in words
    )


def _surface_clause(s: SentView, c: int) -> int | None:
    """A clause of its own follows the conjunction, read from the words and tags (not the
    parse, which the small parser often gets wrong here): after optional adverbs and commas,
    a nominative pronoun or a plain noun phrase (``and``/``or`` inside it allowed; v4: with
    PPs, "one of its parties") and then a finite verb (VBD/VBZ/VBP/MD, one adverb between
    allowed; v4: or a verb tagged as a noun, :func:`_reads_as_verb`), while the words before
    the conjunction, back to the start of their clause (sentence start, ``;``/``:``, a
    wh-word or a subordinating conjunction), contain a finite verb of their own. v4: also a
    fronted PP and an inverted finite verb before a noun phrase ("and among the groups are
    ..."), and a verb tagged as a noun right after the conjunction ("and originates from"). Coordinated subjects ("Title, binding, and covers had been gnawed away", "in
    which A, B, and C joined") do not count: no finite verb precedes them in their clause.
    Returns the finite verb's index."""
    if not s.tag:
        return None
    n = len(s.words)
    k = c + 1
    while k < n and (s.pos[k] == "ADV" or s.words[k] == ",") and s.tag[k] != "WRB":
        k += 1
    start = k
    left = _first_clause_start(s, c)
    if left is None:
        return None
    # v4 readings (PPs in the subject, a fronted PP) only when the first clause is a main
    # clause: inside a subordinate one the next finite verb may be the main clause's
    # ("the value that arises from growth and provision of services is the source")
    main = left < 0 or s.words[left] in (";", ":")
    inverted = False
    intro = _introductory_phrase(s, k) if main else None
    if intro is not None and (verb := _subject_and_verb(s, intro + 1)) is not None:
        # v5: "and to discuss what the site has achieved, Wikinews interviewed ..."
        return verb
    if k + 1 < n and s.words[k].lower() == "its" and s.tag[k + 1] == "DT":
        return k  # v5: "but its an all round good place": "it's" written "its"
    if k < n and _reads_as_verb(s, k, k):
        pass  # v4: "and originates from ...": a verb phrase, its verb tagged as a noun
    elif _pronoun_subject(s, k):
        k += 1
    elif main and k < n and s.tag[k] == "IN" and s.words[k].lower() in _SUBJECT_PREPS:
        pronoun = k + 1 < n and s.tag[k + 1] == "PRP"  # v5: "and to me that is ..."
        k = k + 2 if pronoun else _subject_with_pps(s, k + 1)
        if k == start + 1:
            return None
        fronted = _subject_and_verb(s, k + 1 if k < n and s.words[k] == "," else k)
        if fronted is not None:
            return fronted  # v5: a fronted PP, then subject and verb ("and in 1911 the dam was")
        inverted = True
    else:
        k = _subject_with_pps(s, k) if main else _noun_phrase(s, k)
        if k == start:
            return None
    if k < n and s.tag[k] == "RB" and not inverted:
        k += 1
    if not (
        k < n
        and (
            _finite_verb(s, k)
            or _reads_as_verb(s, k, start)
            or (k > start and _verb_at_clause_end(s, k))
        )
    ):
        return None
    if inverted and not (k + 1 < n and s.tag[k + 1] in _NP_TAGS):
        return None
    return k


def _introductory_phrase(s: SentView, k: int) -> int | None:
    """v5: an introductory phrase starting at ``k`` — a to-infinitive or a participle —
    ending in a comma within 15 words, with no finite verb of its own outside a subordinate
    clause ("to discuss what the site has achieved ,", "having arrived in Paris ,"); the
    comma's index. (A PP is not enough: "and as pdf files on the link , it is" is a remnant
    before a comma splice.)"""
    n = len(s.words)
    if k >= n or s.tag[k] not in ("TO", "VBG", "VBN"):
        return None
    sub = False
    for j in range(k + 1, min(n, k + 16)):
        w = s.words[j].lower()
        if w == ",":
            return j if j > k + 1 else None
        if w in (";", ":", "and", "or", "but"):
            return None
        if s.tag[j] in _SUBORDINATE_TAGS or s.dep[j] == "mark":
            sub = True
        elif _finite_verb(s, j) and not sub:
            return None
    return None


def _pronoun_subject(s: SentView, k: int) -> bool:
    """A nominative pronoun at ``k``, or (v5) a demonstrative subject before a finite verb
    ("and that is not integrity")."""
    n = len(s.words)
    return k < n and (
        (s.tag[k] == "PRP" and s.words[k].lower() in _NOMINATIVE)
        or (s.words[k].lower() in ("that", "this") and k + 1 < n and s.tag[k + 1] in FINITE_TAGS)
    )


def _subject_and_verb(s: SentView, k: int) -> int | None:
    """v5: a nominative pronoun or a plain noun phrase (with PPs) starting at ``k``, then a
    finite verb (one adverb between allowed); the verb's index, else None."""
    n = len(s.words)
    if _pronoun_subject(s, k):
        j = k + 1
    else:
        j = _subject_with_pps(s, k)
        if j == k:
            return None
    if j < n and s.tag[j] == "RB":
        j += 1
    return j if j < n and _finite_verb(s, j) else None


def _verb_tagged_as_noun(s: SentView) -> int | None:
    """v5: in a sentence without any verb, a word tagged as a noun that reads as a finite verb
    (:func:`_reads_as_verb`, its base a verb and not a noun: "the dish **originates** from
    Java and Sumatra"); None in a real fragment ("Great doors and great people!")."""
    if not s.tag:
        return None
    return next((k for k in range(len(s.words)) if k > 0 and _reads_as_verb(s, k, k)), None)


def _verb_read_as_noun(s: SentView) -> int | None:
    """In a verbless sentence, a word that most likely is its verb tagged as a noun compound:
    a plural-looking noun right after a singular noun or pronoun and before its head noun
    ("One dial **records** days"), or an imperative opening the sentence before a plural noun
    ("**Balance** boxes with ..."). Headlines and fragments ("Great quality doors and ...",
    "2 cups water (or broth)", "Journal of Personality and ...") have none."""
    if not s.tag:
        return None
    for k, d in enumerate(s.dep):
        head = s.head[k]
        if d != "compound" or head <= k or s.pos[head] not in ("NOUN", "PROPN"):
            continue
        if (
            k > 0
            and s.tag[k] == "NNS"
            and s.words[k].endswith("s")
            and s.tag[k - 1] in ("NN", "PRP")
            and head == k + 1
        ):
            return k
        if k == 0 and s.tag[k] == "NN" and s.words[k][:1].isupper() and s.tag[k + 1] == "NNS":
            return k
    return None


def _participle_sharing_auxiliary(s: SentView, c: int, h: int) -> int | None:
    """The word after the conjunction (adverbs skipped) is a second participle of the first
    conjunct's finite auxiliary ("are buying and building", "has reduced the pain and added
    flexibility"), whatever tag the parser gave it: the conjuncts are verb phrases sharing
    an auxiliary, nothing is omitted (labelling guidelines: ``vp``)."""
    if not s.tag or s.pos[h] != "VERB" or s.tag[h] not in ("VBG", "VBN"):
        return None
    if not any(s.tag[k] in FINITE_TAGS for k in s.kids(h, AUX_DEPS)):
        return None
    k = c + 1
    while k < len(s.words) and s.pos[k] in ("ADV", "PUNCT"):
        k += 1
    if k >= len(s.words) or s.tag[k] == "JJ":
        return None
    suffix = "ing" if s.tag[h] == "VBG" else "ed"
    if s.words[k].lower().endswith(suffix) or (s.tag[k] == s.tag[h] and s.pos[k] == "VERB"):
        return k
    return None


#: v5: verbs that link a subject to an adjective ("tastes great", "smells lemony")
_LINKING = frozenset(
    {"taste", "smell", "look", "sound", "feel", "seem", "appear", "remain", "stay", "become"}
    | {"grow", "turn", "prove", "keep", "get", "go"}
)


def _linking_verb_after(s: SentView, c: int) -> int | None:
    """v5: the first word after the conjunction (adverbs and commas skipped) is a linking
    verb, whatever its tag ("and **taste** great", "and **smells** very lemony"): a verb phrase
    of its own with an adjective complement, not a gapped subject read as a verb ("and
    **matter** secondary")."""
    k = c + 1
    while k < len(s.words) and (s.pos[k] == "ADV" or s.words[k] == ","):
        k += 1
    if k >= len(s.words):
        return None
    w = s.words[k].lower()
    return k if _verb_bases(w) & _LINKING else None


def _past_tense_after(s: SentView, c: int, h: int) -> int | None:
    """v5: the first conjunct is an active past-tense verb with an object ("began his career
    in 1974"), and the word after the conjunction (adverbs skipped) is a form in -ed of a
    verb that the tagger calls an adjective, participle or noun, followed by a complement
    ("and **retired** in 1979"): a second verb phrase sharing the subject, nothing omitted."""
    if not s.tag or s.tag[h] != "VBD" or s.kids(h, AUX_DEPS):
        return None
    if not any(s.dep[j] == "dobj" and j < c for j in s.children[h]):
        return None
    k = c + 1
    while k < len(s.words) and s.pos[k] == "ADV":
        k += 1
    if k + 1 >= len(s.words) or s.tag[k] not in ("JJ", "VBN", "NN"):
        return None
    w = s.words[k]
    if not (w.isalpha() and w.islower() and w.endswith("ed")):
        return None
    verbs, _ = _verb_lexicon()
    if not any(b in verbs for b in _verb_bases(w) - {w}):
        return None
    return k if s.tag[k + 1] in ("CD", "DT", "NN", "NNS", "NNP", "PRP$", "IN") else None


def _detect(doc: Doc | None, c: int) -> Omission | None:
    if doc is None:
        return None
    from lingeval.conjuncts.omission import detect_omission

    return detect_omission(doc, c)


def judge(
    s: SentView,
    c: int,
    patterns: Sequence[str] = (),
    doc: Doc | None = None,
    model: str | FilterModel | None = None,
) -> Evidence:
    """Decide whether the candidate conjunction ``c`` of sentence ``s`` shows a verbal omission.

    ``patterns`` are the names that fired on it; ``doc`` is the parsed sentence as a spaCy Doc
    (for the omission detector, which reads words and tags). The hand rules decide first
    (:func:`judge_rules`); then the fitted filter ``model`` (a version of
    :mod:`lingeval.conjuncts.mining.learned`, default the shipped one; ``"rules"`` = the hand
    rules alone) scores the candidate and may drop it (``low-score``) or, when it decides
    alone, keep it (``high-score``). See the module docstring.
    """
    rule, feats = judge_parts(s, c, patterns, doc)
    if model == "rules":
        return rule
    from lingeval.conjuncts.mining.learned import load_filter

    m = load_filter(model)
    p = m.probability(feats)
    if m.keep(p, rule.kept) == rule.kept:
        return Evidence(rule.kept, rule.reason, rule.detail, p)
    if rule.kept:
        return Evidence(
            False, "low-score", f"rules: {rule.reason}; p={p:.2f} < {m.threshold:.2f}", p
        )
    return Evidence(True, "high-score", f"rules: {rule.reason}; p={p:.2f} >= {m.threshold:.2f}", p)


def judge_parts(
    s: SentView, c: int, patterns: Sequence[str] = (), doc: Doc | None = None
) -> tuple[Evidence, dict[str, float]]:
    """The hand rules' decision and the fitted filter's features of candidate ``c``."""
    from lingeval.conjuncts.mining.learned import candidate_features

    arc = _arc_of(s, c)
    om = _detect(doc, c)
    rule = judge_rules(s, c, patterns, arc, om)
    return rule, candidate_features(s, c, patterns, (rule.kept, rule.reason), om, arc)


def judge_rules(
    s: SentView,
    c: int,
    patterns: Sequence[str],
    arc: tuple[int, int] | None,
    om: Omission | None,
) -> Evidence:
    """The hand rules alone (steps 1-4 of the module docstring); ``arc`` is the ``conj`` arc of
    ``c`` and ``om`` the omission detector's finding."""
    bad = _non_candidate(s, c, arc)
    if bad is not None:
        return bad
    if "extra-shared-auxiliary" not in patterns:
        clause = _surface_clause(s, c)
        # v4: the VP-ellipsis pattern's auxiliary counts only when it is bare; a copula
        # with its complement ("and his successor was X") is a clause of its own
        if clause is not None and (
            "extra-vp-ellipsis" not in patterns or _has_complement(s, clause)
        ):
            return _drop(
                "vp-coordination",
                f"a subject and the finite verb {s.words[clause]!r} follow, after a clause "
                "with its own finite verb",
            )
    if om is not None:
        return _keep(om.kind, "; ".join(om.evidence[-2:]))
    if "variant-verb-read-as-noun" in patterns:
        verb = _verb_read_as_noun(s)
        finite = _verb_tagged_as_noun(s) if verb is None else None
        if finite is not None:  # v5: "originates from", tagged as a noun
            return _keep("reduction", f"{s.words[finite]!r}, tagged as a noun, is the verb")
        if verb is None:
            return _drop("no-verb", "a verbless fragment: no word of it reads as a lost verb")
        return _keep(
            "gapping", f"no verb in the sentence: {s.words[verb]!r}, read as a noun, is the verb"
        )
    if "variant-base-verb-conj-oprd" in patterns and _linking_verb_after(s, c) is None:
        return _keep("gapping", "the gapped subject read as a base-form verb with a predicate")
    if "extra-vp-ellipsis" in patterns:
        return _keep("vp-ellipsis", "the conjunct is a subject and a bare auxiliary")
    if "extra-shared-auxiliary" in patterns:
        return _keep("shared-auxiliary", f"{s.words[c]!r} joins two auxiliaries of one verb")
    stretch = _right_stretch(s, c)
    content = [k for k in stretch if s.pos[k] not in ("INTJ", "CCONJ", "X", "SYM")]
    if not content:
        return _drop("discourse", "nothing but interjections after the conjunction")
    if len(content) == 1 and s.words[content[0]].lower() in _DISCOURSE_AFTER:
        return _drop("discourse", f"{s.words[c]} {s.words[content[0]]}: a discourse marker")
    clause = _clause_in(s, stretch, arc)
    if clause is not None:
        return _drop(
            "vp-coordination", f"a clause with its own subject and verb {s.words[clause]!r} follows"
        )
    if not any(p in VERB for p in s.pos):
        noun_verb = _verb_tagged_as_noun(s)
        if noun_verb is None:
            return _drop("no-verb", "the sentence has no verb")
        # v5: "X originates from Y and Z": the only verb is tagged as a noun
        return _keep(
            "reduction",
            f"{s.words[noun_verb]!r}, tagged as a noun, is the verb restored in the split",
        )
    if arc is None:
        first_verb = next((k for k in stretch if s.pos[k] in VERB), None)
        if first_verb is None:
            return _keep("stripping", "no conj arc; verbless remnant after the conjunction")
        if first_verb == content[0]:
            return _drop("vp-coordination", "no conj arc; a verb follows the conjunction")
        v = _governing_verb(s, content[0])
        if (
            v is not None
            and v > c
            and _finite(s, v)
            and any(s.dep[j] in SUBJECT_DEPS and j > c for j in s.children[v])
            and not any(s.dominated_by(j, v) for j in range(c) if s.pos[j] != "PUNCT")
        ):
            return _drop(
                "vp-coordination", f"no conj arc; the words after it open a clause ({s.words[v]!r})"
            )
        fv = _main_verb(s, first_verb)
        if s.pos[content[0]] in ("ADV", "ADP") and s.dep[fv] in ("relcl", "acl", "advcl", "pcomp"):
            # "and again in Heidelberg, in April ..., with which Luther had opened ...": an
            # adverb/PP remnant; the next verb is inside a relative or adverbial clause
            return _keep("stripping", "no conj arc; adverb/PP remnant before a subordinate verb")
        left = _prev_content(s, c)
        gov = _governing_verb(s, content[0])
        if gov is not None and gov > c and left is not None and s.dominated_by(left, gov):
            # the verb after the remnant governs both sides ("From the 1880s onward X ..., and
            # Lombok to the West were developed"): a coordination inside its arguments
            return _keep("reduction", f"no conj arc; {s.words[gov]!r} governs both sides")
        return _drop("vp-coordination", "no conj arc, and a verb follows: no omission shown")
    h, y = arc
    second = _participle_sharing_auxiliary(s, c, h)
    if second is not None:
        return _drop(
            "vp-coordination",
            f"{s.words[second]!r} is a second participle under the auxiliary of {s.words[h]!r}",
        )
    if (
        s.tag
        and s.pos[h] in ("NOUN", "PROPN", "PRON")
        and s.pos[y] in VERB
        and any(s.dep[k] in _NON_EXPLETIVE_SUBJECT_DEPS and c < k < y for k in s.children[y])
        and _nominal_list_before(s, c)
    ):
        # v5: the parse conjoins the first of coordinated subjects to the verb of the last
        # ("Title, binding, and covers had been gnawed away"): the verb is shared
        return _keep("reduction", f"{s.words[h]!r} and the subject of {s.words[y]!r} share it")
    past = _past_tense_after(s, c, h)
    if past is not None:
        return _drop(
            "vp-coordination",
            f"{s.words[past]!r} is a past-tense verb (tagged {_tag(s, past)}) sharing the subject",
        )
    between = [k for k in range(c + 1, y) if _finite_verb(s, k)]
    wh_first = any(
        _tag(s, j) in _SUBORDINATE_TAGS for j in range(c + 1, between[0] if between else c)
    )
    if (
        between
        and not wh_first
        and not any(s.dep[j] in SUBJECT_DEPS for j in s.children[between[0]])
    ):
        return _drop("vp-coordination", f"a finite verb {s.words[between[0]]!r} shares the subject")
    if s.pos[y] in VERB and not _noun_tagged_as_verb(s, y):
        if _finite(s, y):
            return _drop("vp-coordination", f"{s.words[y]!r} is a verb phrase of its own")
        predicative = s.dep[h] in ("attr", "acomp", "oprd") or (
            s.head[h] >= 0 and s.words[s.head[h]].lower() == "as"
        )
        if _tag(s, y) == "VBN" and s.pos[h] not in VERB and not predicative:
            return _drop("modifier", f"the participle {s.words[y]!r} modifies like an adjective")
        # a non-finite conjunct (gerund, participle, to-infinitive): the verb above restored
        v = h if s.pos[h] in VERB and _finite(s, h) else _governing_verb(s, h)
        if v is None:
            return _drop("no-verb", "no verb governs the coordination")
        return _keep(
            "reduction", f"non-finite {_words(s, h, y)} under {s.words[v]!r}, restored in the split"
        )
    if (
        s.pos[h] in VERB
        and s.pos[y] == "NOUN"
        and all(s.pos[k] == "ADV" for k in range(c + 1, y) if s.pos[k] != "PUNCT")
        and not any(
            s.dep[k] in ("det", "poss", "nummod", "amod", "compound", "nmod") for k in s.children[y]
        )
        and not s.words[y].lower().endswith(("ity", "ness", "tion", "ment", "ship", "ing"))
        and any(
            k > y and s.dep[k] in ("prep", "xcomp", "acl", "dobj") and s.words[k].lower() != "of"
            for k in s.children[y]
        )
    ):
        # a bare noun right after the conjunction, conjoined to a verb: most often a verb the
        # small parser tagged as a noun ("and attempt to tag", "but only loads at ...")
        return _drop("vp-coordination", f"{s.words[y]!r} is most likely a verb tagged as a noun")
    if s.pos[h] in VERB and s.pos[y] in _REMNANT_POS:
        # a verb conjoined to a non-verb: the remnant of a gapped or stripped clause, or a
        # second predicate of a shared copula/verb
        return _keep("reduction", f"{s.words[y]!r} conjoined to the verb {s.words[h]!r}")
    v = _governing_verb(s, h)
    if v is None:
        return _drop("no-verb", "no verb governs the coordination")
    return _keep("reduction", f"{_words(s, h, y)} under {s.words[v]!r}, restored in the split")
