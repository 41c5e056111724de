"""Discourse facts about each REG instance in its text: the features of referential-form
choice (Same et al. 2022, RREG-S and ML-L; paper 002, 2.2) and of realisation.

A text is the delexicalised paragraph of consecutive instances (:func:`group_texts`); its
entities are the instances' entities, in order of position. For each instance:

* **first mention**, number of earlier mentions, **distance** since the last mention in
  tokens and in sentences (0 = same sentence), whether the RE starts the text (paragraph
  boundary) or a sentence (sentence boundary);
* **competitors**: other entities of the same pronoun class (he / she / it / they, see
  :meth:`RegResources.pronoun_class`) mentioned since the last mention (for a first mention:
  earlier in the text), i.e. the referents a pronoun could be read as;
* **syntactic position** from the neighbouring tokens: previous and next token, whether the
  previous token is a preposition (object), whether the slot is sentence-initial or follows
  a conjunction/comma (subject);
* the **major entity** of the text (most instances; ties to the first).

Entity knowledge (:class:`RegResources`) comes from data: the pronouns the corpus REs use
for an entity in the training instances (majority), else NeuralREG's ``gender.json``; so an
entity mistyped in ``entity_types.json`` (``United_States`` as Person) is still an "it".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lingeval.core.errors import InputError
from lingeval.study.reg.instances import RegInstance, full_text, group_texts, positions

__all__ = [
    "PREPOSITIONS",
    "PRONOUNS",
    "Context",
    "RegResources",
    "Tagger",
    "contexts",
    "spacy_tagger",
]

PRONOUNS: dict[str, dict[str, str]] = {
    "male": {"subject": "he", "object": "him", "possessive": "his"},
    "female": {"subject": "she", "object": "her", "possessive": "her"},
    "neutral": {"subject": "it", "object": "it", "possessive": "its"},
    "plural": {"subject": "they", "object": "them", "possessive": "their"},
}
#: pronoun word -> pronoun class (``her`` is female either way)
PRONOUN_CLASS = {w: g for g, forms in PRONOUNS.items() for w in forms.values()} | {
    "himself": "male",
    "herself": "female",
    "itself": "neutral",
    "themselves": "plural",
}
PREPOSITIONS = frozenset(
    [
        "in",
        "of",
        "by",
        "to",
        "for",
        "with",
        "from",
        "at",
        "on",
        "about",
        "than",
        "into",
        "under",
        "after",
        "before",
        "during",
        "near",
        "within",
        "via",
        "over",
        "against",
        "between",
        "as",
        "among",
        "through",
        "throughout",
        "like",
        "including",
    ]
)
_SUBJECT_LEFT = frozenset({"<s>", ".", ",", "and", "but", "or", ";", ":", "(", "while", "where"})
_SENTENCE_END = frozenset({".", "!", "?"})


@dataclass(frozen=True)
class RegResources:
    """What is known about entities: gender and type files, and pronoun counts from data.

    ``from_dir`` reads NeuralREG's ``gender.json`` and ``entity_types.json`` when present;
    :meth:`with_training` adds the pronouns the corpus REs use for each entity in training
    instances, which take precedence (:meth:`pronoun_class`).
    """

    gender: Mapping[str, str] = field(default_factory=dict)
    types: Mapping[str, str] = field(default_factory=dict)
    pronouns: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def from_dir(cls, path: str | Path | None) -> RegResources:
        if path is None:
            return cls()
        p = Path(path)
        out: dict[str, dict[str, str]] = {}
        for key, name in (("gender", "gender.json"), ("types", "entity_types.json")):
            f = p / name
            if f.is_file():
                try:
                    data = json.loads(f.read_text(encoding="utf-8"))
                except json.JSONDecodeError as exc:
                    raise InputError(f"invalid JSON: {exc.msg}", path=f, line=exc.lineno) from None
                out[key] = {str(k): str(v) for k, v in data.items()}
        return cls(out.get("gender", {}), out.get("types", {}))

    def with_training(self, instances: Iterable[RegInstance]) -> RegResources:
        """These resources plus the pronoun classes of the corpus REs of ``instances``."""
        counts: dict[str, Counter[str]] = {}
        for x in instances:
            if len(x.refex) == 1:
                g = PRONOUN_CLASS.get(x.refex[0].casefold())
                if g is not None:
                    counts.setdefault(x.entity, Counter())[g] += 1
        merged = {e: dict(c) for e, c in counts.items()}
        for e, c in self.pronouns.items():
            if e not in merged:
                merged[e] = dict(c)
        return RegResources(self.gender, self.types, merged)

    def pronoun_class(self, entity: str) -> str:
        """``male``/``female``/``neutral``/``plural``: the majority class of the entity's
        pronouns in the training REs, else ``gender.json``, else ``neutral``."""
        c = self.pronouns.get(entity)
        if c:
            return max(sorted(c), key=lambda k: c[k])
        g = self.gender.get(entity, "neutral")
        return g if g in PRONOUNS else "neutral"

    def gender_of(self, entity: str) -> str:
        return self.pronoun_class(entity)

    def type_of(self, entity: str) -> str:
        return self.types.get(entity, "Other")


@dataclass(frozen=True)
class Context:
    """Discourse facts about one instance inside its text (see the module docstring)."""

    first: bool
    mentions_before: int
    distance: int  # tokens since the last mention (-1: first mention)
    sentence_distance: int  # sentences since the last mention (-1: first mention)
    competitors: int  # same-pronoun-class entities since the last mention
    entities_between: int  # any other entity since the last mention
    text_initial: bool
    sentence_initial: bool
    sentence_index: int
    prev_token: str
    prev2_token: str
    next_token: str
    next2_token: str
    next_is_entity: bool
    major: bool
    n_entities: int
    text_entities: tuple[str, ...] = ()
    prev_tag: str = ""
    next_tag: str = ""
    next2_tag: str = ""

    @property
    def same_sentence(self) -> bool:
        return self.sentence_distance == 0

    @property
    def prev_sentence(self) -> bool:
        return self.sentence_distance == 1

    @property
    def competitor(self) -> bool:
        return self.competitors > 0

    @property
    def after_preposition(self) -> bool:
        return self.prev_token in PREPOSITIONS

    @property
    def subject_position(self) -> bool:
        return self.prev_token in _SUBJECT_LEFT


Tagger = Callable[[list[list[str]]], list[list[str]]]


def spacy_tagger(model: str | None = None) -> Tagger | None:
    """Penn Treebank tags of pre-tokenised texts with the default spaCy pipeline (tagger
    only; :func:`lingeval.core.parsing.load_pipeline`), or ``None`` when none is installed."""
    from lingeval.core.errors import MissingDependencyError

    try:
        from lingeval.core.parsing import load_pipeline

        nlp = load_pipeline(model, disable=("ner", "parser", "lemmatizer", "senter"))
    except (MissingDependencyError, ImportError, OSError):
        return None

    def tag(texts: list[list[str]]) -> list[list[str]]:
        from spacy.tokens import Doc

        docs = (Doc(nlp.vocab, words=words) for words in texts)
        return [[t.tag_ for t in d] for d in nlp.pipe(docs, batch_size=256)]

    return tag


def contexts(
    instances: Sequence[RegInstance], resources: RegResources, tagger: Tagger | None = None
) -> list[Context]:
    """The :class:`Context` of every instance (same order); with ``tagger``, the part-of-speech
    tags of the neighbouring tokens too (entities tagged as written, ``Alan_Bean``)."""
    out: list[Context | None] = [None] * len(instances)
    groups = group_texts(instances)
    texts = [list(full_text(instances, g)) for g in groups]
    tags = tagger(texts) if tagger is not None and texts else [[""] * len(t) for t in texts]
    for group, text_tags in zip(groups, tags, strict=True):
        tokens = full_text(instances, group)
        pos = [max(0, min(p, len(tokens) - 1)) for p in positions(instances, group)]
        sent_of: list[int] = []
        s = 0
        for t in tokens:
            sent_of.append(s)
            if t in _SENTENCE_END:
                s += 1
        entity_at = {p: instances[i].entity for i, p in zip(group, pos, strict=True)}
        counts = Counter(instances[i].entity for i in group)
        major = ""
        for i in group:  # most instances; ties go to the first mentioned
            if not major or counts[instances[i].entity] > counts[major]:
                major = instances[i].entity
        history: list[tuple[str, int]] = []
        for i, p in zip(group, pos, strict=True):
            x = instances[i]
            cls = resources.pronoun_class(x.entity)
            earlier = [q for e, q in history if e == x.entity]
            last = earlier[-1] if earlier else None
            since = [e for e, q in history if (last is None or q > last) and e != x.entity]
            competitors = len({e for e in since if resources.pronoun_class(e) == cls})

            out[i] = Context(
                first=last is None,
                mentions_before=len(earlier),
                distance=p - last if last is not None else -1,
                sentence_distance=sent_of[p] - sent_of[last] if last is not None else -1,
                competitors=competitors,
                entities_between=len(set(since)),
                text_initial=p == 0,
                sentence_initial=p == 0 or tokens[p - 1] in _SENTENCE_END,
                sentence_index=sent_of[p],
                prev_token=_tok(tokens, entity_at, p - 1),
                prev2_token=_tok(tokens, entity_at, p - 2),
                next_token=_tok(tokens, entity_at, p + 1),
                next2_token=_tok(tokens, entity_at, p + 2),
                next_is_entity=(p + 1) in entity_at,
                major=x.entity == major,
                n_entities=len(counts),
                text_entities=tuple(counts),
                prev_tag=text_tags[p - 1] if p >= 1 else "<s>",
                next_tag=text_tags[p + 1] if p + 1 < len(text_tags) else "</s>",
                next2_tag=text_tags[p + 2] if p + 2 < len(text_tags) else "</s>",
            )
            history.append((x.entity, p))
    return [c if c is not None else _EMPTY for c in out]


def _tok(tokens: Sequence[str], entity_at: Mapping[int, str], k: int) -> str:
    """Token ``k`` for features: lower-cased, ``<entity>`` for an entity, ``<s>``/``</s>``
    outside the text."""
    if k < 0:
        return "<s>"
    if k >= len(tokens):
        return "</s>"
    return "<entity>" if k in entity_at else tokens[k].casefold()


_EMPTY = Context(True, 0, -1, -1, 0, 0, True, True, 0, "<s>", "<s>", "</s>", "</s>", False, True, 1)
