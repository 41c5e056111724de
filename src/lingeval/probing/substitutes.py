"""Choosing substitute connectives by syntactic frame and discourse relation (paper 003, 2.2).

The paper's unacceptable counterparts replace the connective with another one of the list so
that the sentence means something contradictory or nonsensical *while staying grammatical*
(section 2.2.1); its cloze items offer a *plausible* alternative that "could occupy the same
linguistic context" (section 2.2.2). Both need a substitute that fits the connective's slot:

* **frame** (:func:`lingeval.probing.connectives.syntactic_frame`): a coordinator is replaced
  by a coordinator, a subordinator by a subordinator that takes the clause's mood
  (:data:`SUBORDINATOR_MOODS`: *quando* + subjunctive is out, *perché* + subjunctive is a
  purpose clause), a sentence adverb by a sentence adverb, *prima di* + infinitive by
  *invece di*, a relative *dove* by relative *quando*, an indirect-question *se* by another
  wh-word (:data:`FRAME_MEMBERS`);
* **relation**: among the substitutes that fit, the counterpart prefers one whose discourse
  relation contradicts the original (:data:`OPPOSED`: cause for concession, contrast for
  addition, *prima* for *poi*), then any other relation; a substitute of the same relation is
  used only when nothing else fits, and the reason says so.

Every choice comes with a one-line *reason* that is written into the resource, so a reviewer
sees why a substitute was chosen. Grammaticality is still a reviewer's call: items are
``grammatical: unreviewed`` until the review is merged back
(:func:`lingeval.probing.review.merge_review`).

The tables cover the paper's 18 connectives; a connective outside them has no frame
membership and is never proposed as a substitute by this strategy (use ``other-class``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from lingeval.probing.connectives import Occurrence

__all__ = [
    "FRAME_MEMBERS",
    "OPPOSED",
    "SUBORDINATOR_MOODS",
    "choose_substitute",
    "frame_candidates",
    "plausible_candidates",
]

#: Which connectives can fill each syntactic frame.
FRAME_MEMBERS: dict[str, frozenset[str]] = {
    "coordinator": frozenset({"e", "o", "ma"}),
    "subordinator": frozenset({"se", "quando", "perché", "mentre", "come", "dove"}),
    "indirect-question": frozenset({"se", "quando", "perché", "come", "dove"}),
    "relative": frozenset({"dove", "quando"}),
    "after-preposition": frozenset({"dove", "quando", "come"}),
    "adverb": frozenset(
        {"poi", "infatti", "prima", "però", "invece", "inoltre", "tuttavia", "quindi"}
    ),
    "before-di": frozenset({"invece", "prima"}),
    "before-che": frozenset(),
}

#: Moods and verb forms each subordinator accepts in its clause (``Verbless``: "se necessario").
SUBORDINATOR_MOODS: dict[str, frozenset[str]] = {
    "se": frozenset({"Ind", "Sub", "Inf", "Part", "Verbless"}),
    "quando": frozenset({"Ind", "Cnd", "Part", "Verbless"}),
    "perché": frozenset({"Ind", "Sub", "Cnd"}),
    "mentre": frozenset({"Ind", "Cnd"}),
    "come": frozenset({"Ind", "Cnd", "Inf", "Part", "Verbless"}),
    "dove": frozenset({"Ind", "Cnd", "Sub", "Inf", "Part", "Verbless"}),
}
_MOOD_FRAMES = frozenset({"subordinator", "relative"})

#: Discourse relations (classes of the substitution table) that contradict a relation, in order
#: of preference.
OPPOSED: dict[str, tuple[str, ...]] = {
    "additive": ("contrast", "alternative"),
    "alternative": ("contrast", "additive"),
    "contrast": ("cause", "alternative", "additive"),
    "cause": ("contrast", "condition"),
    "condition": ("cause", "contrast"),
    "time": ("cause", "contrast"),
    "place": ("cause", "condition"),
    "manner": ("cause", "condition"),
}
#: Pairs that contradict each other directly (temporal order).
ANTONYMS: dict[str, str] = {"poi": "prima", "prima": "poi"}


def frame_candidates(occ: Occurrence, connectives: Sequence[str]) -> list[str]:
    """Connectives (other than the target) that fit the occurrence's frame and mood."""
    members = FRAME_MEMBERS.get(occ.frame, frozenset())
    out = []
    for c in connectives:
        if c == occ.connective or c not in members:
            continue
        if occ.frame in _MOOD_FRAMES and occ.mood and occ.mood not in SUBORDINATOR_MOODS[c]:
            continue
        out.append(c)
    return out


def _where(occ: Occurrence) -> str:
    mood = f", {occ.mood}" if occ.mood and occ.frame in _MOOD_FRAMES else ""
    return f"{occ.frame}{mood}"


def choose_substitute(
    occ: Occurrence,
    connectives: Sequence[str],
    classes: Mapping[str, tuple[str, ...]],
    rng: random.Random,
) -> tuple[str, str] | None:
    """(substitute, reason) for an unacceptable counterpart, or None when nothing fits the frame.

    Tiers, best first: the target's antonym; a connective that shares no relation with the
    target and has a relation contradicting the target's (:data:`OPPOSED`, one tier per
    relation in order); any other relation; the same relation. The choice within a
    tier is random (seeded ``rng``).
    """
    cands = frame_candidates(occ, connectives)
    if not cands:
        return None
    own = set(classes.get(occ.connective, ()))
    opposed = [r for rel in classes.get(occ.connective, ()) for r in OPPOSED.get(rel, ())]
    antonym = ANTONYMS.get(occ.connective)
    others = [c for c in cands if not set(classes.get(c, ())) & own]
    tiers: list[tuple[list[str], str]] = [([c for c in cands if c == antonym], "antonym")]
    for rel in opposed:  # one tier per contradicting relation, in order of preference
        tiers.append(
            ([c for c in others if rel in classes.get(c, ())], f"contradicting relation {rel}")
        )
    tiers += [(others, "other relation"), (cands, "same relation: may stay acceptable")]
    for pool, why in tiers:
        if pool:
            pick = rng.choice(sorted(pool))
            rel_t = "+".join(classes.get(occ.connective, ())) or "?"
            rel_s = "+".join(classes.get(pick, ())) or "?"
            return pick, f"{_where(occ)}: {pick} fits the frame; {why} ({rel_s} for {rel_t})"
    return None  # pragma: no cover - the last tier is never empty


def plausible_candidates(
    occ: Occurrence, connectives: Sequence[str], classes: Mapping[str, tuple[str, ...]]
) -> tuple[list[str], list[str]]:
    """(same relation and frame, same frame only): the cloze item's plausible-option pools."""
    cands = frame_candidates(occ, connectives)
    own = set(classes.get(occ.connective, ()))
    same = [c for c in cands if set(classes.get(c, ())) & own]
    return same, cands
