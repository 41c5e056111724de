"""Quality of conjunct resolvers on development data, sliced every useful way (issue 11).

:func:`evaluate_examples` runs one resolver on examples, on the parser's trees or on gold
trees (oracle mode, :func:`lingeval.core.oracle.sentence_to_doc`), and scores every output
with the verb-nucleus metric (paper 000, section 6; :mod:`lingeval.conjuncts.metric`),
keeping per-example statistics (:class:`Record`). :func:`summarise` aggregates records into
a tidy :mod:`pandas` table: one row per (source, mode, system, slice kind, slice) with
``n``, micro P/R/F1, macro F1, exact match and Calibration_k F1 of the same examples.
:func:`evaluate_modes` runs both modes, :func:`evaluate_sources` either for several sources.
:func:`cross_validate` scores a fitted resolver with k folds by sentence
(:func:`sentence_folds`): each example by the model fitted without its fold.

Slices (``kind``): ``all``; ``phenomenon`` (``meta.phenomenon``); ``rule`` (the rule the
resolver reports, ``unchanged:*`` collapsed to ``unchanged``); ``shape`` (the issue-11
error shapes visible in the gold: ``deep-chain``, ``shared-after-gap``, ``opening-phrase``,
``list-3+``, ``stripping-marker``); ``conjunction``. :func:`error_shapes` counts what went
wrong: the coordination rule fired on a gap, a remnant left beside its correlate, a
remnant's sentence that differs from the gold one although the number of sentences is
right, and unchanged outputs against gold that expects unchanged.

Every number here is a development number: the data were seen while building the resolver
(``scope`` column, ``development``); rows of sources the resolver was fitted on
(:func:`fitted_sources`) say ``in-sample``: use :func:`cross_validate` for those.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.metric import (
    ExampleStats,
    MetricOptions,
    aggregate,
    normalise_for_exact_match,
    score_systems,
)
from lingeval.conjuncts.resolvers.base import Resolver, load_resolver
from lingeval.core.conllu import Sentence

if TYPE_CHECKING:
    import pandas as pd

    from lingeval.conjuncts.parse_features import Analyzer

__all__ = [
    "GAP_PHENOMENA",
    "POOLS",
    "Record",
    "cross_validate",
    "error_shapes",
    "evaluate_examples",
    "evaluate_modes",
    "evaluate_sources",
    "fitted_sources",
    "predict",
    "sentence_folds",
    "summarise",
    "summarise_heldout",
]

#: Column order of :func:`error_shapes` (gold-shape columns follow, sorted).
SHAPE_COLUMNS = (
    "examples",
    "coordination-on-gap",
    "coordination-on-gap-right",
    "remnant-beside-correlate",
    "remnant-sentence-wrong",
    "unchanged-pred",
    "unchanged-gold",
    "unchanged-wrong",
    "changed-wrong",
)
GAP_PHENOMENA = ("gapping", "stripping", "argument-cluster", "vp-ellipsis", "nominal")
SUBORDINATORS = {"while", "when", "whereas", "although", "though", "if", "as", "because", "after", "before", "since", "unless", "until"}  # fmt: skip
STRIP_MARKERS = re.compile(r"\b(too|also|as well|not|either|neither)\b", re.IGNORECASE)


@dataclass
class Record:
    """One example scored for one system in one mode."""

    example: ConjunctExample
    source: str
    mode: str  # "parsed" or "oracle"
    system: str
    prediction: list[str]
    rule: str
    stats: ExampleStats
    calk: ExampleStats
    shapes: list[str] = field(default_factory=list)
    in_sample: bool = False  # the resolver was fitted on this source (not cross-validated)

    @property
    def phenomenon(self) -> str:
        return str(self.example.meta.get("phenomenon", "other"))


def fitted_sources(resolver: Resolver) -> set[str]:
    """Sources a resolver was fitted on: its ``fitted_sources`` attribute, or the
    ``development_sources`` recorded in the metadata of its ranker model (scores on those
    sources are in-sample, not held out and not cross-validated)."""
    own = getattr(resolver, "fitted_sources", None)
    if own:
        return set(own)
    ranker = getattr(resolver, "ranker", None)
    meta = getattr(ranker, "meta", None) or {}
    return set(meta.get("development_sources") or [])


def _rule_group(rule: str) -> str:
    return "unchanged" if rule.startswith("unchanged") else rule


def gold_shapes(example: ConjunctExample) -> list[str]:
    """Issue-11 shapes of an example: from ``meta.shapes`` (treebank gold) or the text."""
    if "shapes" in example.meta:
        return list(example.meta["shapes"])
    shapes = []
    if len(example.rewrites) >= 3:
        shapes.append("list-3+")
    after = example.sentence[example.offset + len(example.conjunction) :]
    phen = str(example.meta.get("phenomenon", ""))
    if phen.startswith("stripping") and STRIP_MARKERS.search(after):
        shapes.append("stripping-marker")
    first = example.sentence.split(" ", 1)[0].lower().strip(",")
    comma = example.sentence.find(",")
    if (first in SUBORDINATORS or first.endswith(("ed", "ing"))) and 0 < example.offset < comma:
        shapes.append("opening-phrase")
    return shapes


def predict(
    resolver: Resolver,
    examples: Sequence[ConjunctExample],
    trees: Mapping[str, Sentence] | None = None,
) -> tuple[list[list[str]], list[str]]:
    """Outputs and rules of ``resolver`` on ``examples``.

    With ``trees`` (oracle mode), every example must have a gold tree; the resolver runs on
    it through ``resolver.resolve_docs(docs, cc_indices)`` when it has that method, else
    through the rules' :func:`~lingeval.conjuncts.resolvers.rules.resolve_doc`.
    Unchanged outputs are the input sentence itself.
    """
    if trees is None:
        analyse = getattr(resolver, "analyse", None)
        if analyse is not None:
            res = analyse(list(examples))
            return [list(r.sentences) for r in res], [str(r.rule) for r in res]
        return [list(p) for p in resolver.resolve(list(examples))], ["-"] * len(examples)
    from lingeval.conjuncts.resolvers.rules import _token_at, resolve_doc
    from lingeval.core.oracle import sentence_to_doc

    nlp_vocab = _vocab(resolver)
    docs = []
    ccs: list[int] = []
    for ex in examples:
        tree = trees[ex.id]
        doc = sentence_to_doc(tree, nlp_vocab, spaces=_spaces_for(tree, ex.sentence))
        docs.append(doc)
        cc = _token_at(doc, ex.offset)
        ccs.append(cc if cc is not None else -1)
    resolve_docs = getattr(resolver, "resolve_docs", None)
    results = (
        resolve_docs(docs, ccs)
        if resolve_docs is not None
        else [resolve_doc(d, c) for d, c in zip(docs, ccs, strict=True)]
    )
    outs, rules = [], []
    for ex, res in zip(examples, results, strict=True):
        outs.append([ex.sentence] if not res.changed else list(res.sentences))
        rules.append(str(res.rule))
    return outs, rules


def _vocab(resolver: Resolver) -> Any:
    parser = getattr(resolver, "parser", None)
    if parser is not None and getattr(parser, "nlp", None) is not None:
        return parser.nlp.vocab
    import spacy

    return spacy.blank("en").vocab


def _spaces_for(tree: Sentence, text: str) -> list[bool]:
    """Space-after flags that make the oracle Doc's text equal ``text`` (words found in
    ``text`` left to right)."""
    from lingeval.core.detok import ptb_form

    spaces = []
    pos = 0
    for w in tree.words:
        form = ptb_form(w.form)
        at = text.find(form, pos)
        pos = (at if at >= 0 else pos) + len(form)
        spaces.append(text[pos : pos + 1] == " ")
    return spaces


def evaluate_examples(
    resolver: Resolver | str,
    examples: Sequence[ConjunctExample],
    *,
    source: str,
    trees: Mapping[str, Sentence] | None = None,
    options: MetricOptions | None = None,
    analyzer: Analyzer | None = None,
    system: str | None = None,
) -> list[Record]:
    """Run and score one resolver on examples (oracle mode when ``trees`` is given: only
    examples with a tree are used)."""
    res = load_resolver(resolver) if isinstance(resolver, str) else resolver
    name = system or (resolver if isinstance(resolver, str) else res.name)
    if trees is not None:
        examples = [ex for ex in examples if ex.id in trees]
    examples = [ex for ex in examples if ex.rewrites]
    if not examples:
        return []
    preds, rules = predict(res, examples, trees)
    options = options or MetricOptions(bootstrap=0)
    result = score_systems(examples, {name: preds}, options=options, analyzer=analyzer)
    sys_stats = result.systems[0].examples
    calk_stats = result.calibration_k.examples
    mode = "oracle" if trees is not None else "parsed"
    in_sample = source in fitted_sources(res)
    return [
        Record(ex, source, mode, name, p, r, s, k, gold_shapes(ex), in_sample)
        for ex, p, r, s, k in zip(examples, preds, rules, sys_stats, calk_stats, strict=True)
    ]


def evaluate_modes(
    resolver: Resolver | str,
    examples: Sequence[ConjunctExample],
    *,
    source: str,
    trees: Mapping[str, Sentence] | None = None,
    options: MetricOptions | None = None,
    analyzer: Analyzer | None = None,
    system: str | None = None,
) -> list[Record]:
    """:func:`evaluate_examples` on the parser's trees, then (when ``trees`` is given) on the
    gold trees: the parsed records first, the oracle records after them."""
    res = load_resolver(resolver) if isinstance(resolver, str) else resolver
    name = system or (resolver if isinstance(resolver, str) else None)
    out: list[Record] = []
    for tree_map in [None] if trees is None else [None, trees]:
        out.extend(
            evaluate_examples(
                res,
                examples,
                source=source,
                trees=tree_map,
                options=options,
                analyzer=analyzer,
                system=name,
            )
        )
    return out


def _row(records: Sequence[Record], options: MetricOptions) -> dict[str, Any]:
    def agg(stats: list[ExampleStats], how: str) -> Any:
        return aggregate(
            "s", stats, MetricOptions(aggregation=how, empty=options.empty, bootstrap=0)
        )

    stats = [r.stats for r in records]
    main, micro, macro = agg(stats, options.aggregation), agg(stats, "micro"), agg(stats, "macro")
    calk = agg([r.calk for r in records], options.aggregation)
    return {
        "n": len(records),
        "aggregation": options.aggregation,
        "precision": main.precision,
        "recall": main.recall,
        "f1": main.f1,
        "micro_f1": micro.f1,
        "macro_f1": macro.f1,
        "exact_match": main.exact_match,
        "calk_f1": calk.f1,
        "unchanged_pred": sum(r.prediction == [r.example.sentence] for r in records),
        "unchanged_gold": sum(not r.example.rewritable for r in records),
    }


def _group_row(
    scope: str,
    source: str,
    mode: str,
    system: str,
    kind: str,
    group: str,
    records: Sequence[Record],
    options: MetricOptions,
) -> dict[str, Any]:
    """One row of a tidy table: its keys, then the figures of :func:`_row`."""
    keys = {"scope": scope, "source": source, "mode": mode, "system": system}
    return {**keys, "kind": kind, "group": group, **_row(records, options)}


def _tidy(rows: list[dict[str, Any]], order: list[str]) -> pd.DataFrame:
    """``rows`` as a table sorted by the columns ``order`` (an empty table when no rows)."""
    import pandas as pd

    df = pd.DataFrame(rows)
    if not df.empty:
        df = df.sort_values(order).reset_index(drop=True)
    return df


#: Pooled sources of :func:`summarise`: ``REAL`` is the third-party ellipsis data only,
#: ``TREEBANKS`` the sources with gold trees (the same examples in parsed and oracle mode).
POOLS = {
    "REAL": frozenset({"schuster", "gum", "ewt", "pud", "thec"}),
    "TREEBANKS": frozenset({"schuster", "gum", "ewt", "pud"}),
}


def summarise(
    records: Iterable[Record],
    options: MetricOptions | None = None,
    pools: Mapping[str, frozenset[str]] | None = None,
) -> pd.DataFrame:
    """Tidy table: one row per (source, mode, system, kind, group); see the module docstring.

    Besides each source, ``ALL`` pools every source and each of ``pools`` (default
    :data:`POOLS`) pools the sources it names.
    """

    options = options or MetricOptions(bootstrap=0)
    pools = POOLS if pools is None else pools
    groups: dict[tuple[str, str, str, str, str], list[Record]] = {}
    for r in records:
        keys = [("all", "all"), ("phenomenon", r.phenomenon), ("rule", _rule_group(r.rule))]
        keys += [("shape", s) for s in r.shapes]
        keys.append(("conjunction", r.example.conjunction_lower))
        names = [r.source, "ALL", *(p for p, members in pools.items() if r.source in members)]
        for kind, group in keys:
            for name in names:
                groups.setdefault((name, r.mode, r.system, kind, group), []).append(r)
    rows = []
    for (source, mode, system, kind, group), recs in groups.items():
        scope = "development"
        if any(r.in_sample for r in recs):
            scope = "development, in-sample (the resolver was fitted on it)"
        rows.append(_group_row(scope, source, mode, system, kind, group, recs, options))
    return _tidy(rows, ["kind", "source", "group", "system", "mode"])


#: ``corpus`` groups of :func:`summarise_heldout` that pool several corpora
HELDOUT_POOLS = {"WebNLG": frozenset({"webnlg", "webnlgdev"}), "EWT+PUD": frozenset({"ewt", "pud"})}


def summarise_heldout(
    records: Iterable[Record], options: MetricOptions | None = None, *, resamples: int = 1000
) -> pd.DataFrame:
    """The held-out table (sources of :data:`lingeval.conjuncts.devdata.HELD_OUT_SOURCES`):
    one row per (mode, system, kind, group) with the columns of :func:`summarise` and the
    95 % (``options.confidence``) percentile-bootstrap intervals over examples of F1 and exact
    match (``f1_lo``/``f1_hi``, ``em_lo``/``em_hi``; ``resamples`` resamples, the metric's
    seed, so every system is resampled alike), ``scope`` = ``held out``.

    Kinds: ``all`` (group ``clean``: the items without ``meta.flag``), ``flagged`` (items
    flagged ``garbled`` or ``not-rewritable``, apart from every other group), ``phenomenon``,
    ``corpus`` (each corpus and :data:`HELDOUT_POOLS`), ``conjunction`` and, for items whose
    record names one, ``construction`` (the finer shape, e.g. ``not-but``), the last four over
    the clean items.
    """

    options = options or MetricOptions(bootstrap=0)
    boot = MetricOptions(
        aggregation=options.aggregation,
        empty=options.empty,
        bootstrap=resamples,
        confidence=options.confidence,
        seed=options.seed,
    )
    groups: dict[tuple[str, str, str, str], list[Record]] = {}
    for r in records:
        meta = r.example.meta
        flag = meta.get("flag")
        if flag:
            keys = [("flagged", str(flag)), ("flagged", "all flagged")]
        else:
            corpus = str(meta.get("corpus", r.source))
            keys = [("all", "clean"), ("phenomenon", r.phenomenon), ("corpus", corpus)]
            keys += [("corpus", p) for p, members in HELDOUT_POOLS.items() if corpus in members]
            keys.append(("conjunction", r.example.conjunction_lower))
            if "construction" in meta:
                keys.append(("construction", str(meta["construction"])))
        for kind, group in keys:
            groups.setdefault((r.mode, r.system, kind, group), []).append(r)
    rows = []
    for (mode, system, kind, group), recs in groups.items():
        ci = aggregate("s", [r.stats for r in recs], boot).ci
        f1_ci = ci.get("f1", (math.nan, math.nan))
        em_ci = ci.get("exact_match", (math.nan, math.nan))
        row = _group_row("held out", recs[0].source, mode, system, kind, group, recs, options)
        row.update({"f1_lo": f1_ci[0], "f1_hi": f1_ci[1], "em_lo": em_ci[0], "em_hi": em_ci[1]})
        rows.append(row)
    return _tidy(rows, ["kind", "group", "system", "mode"])


def _norm(text: str) -> str:
    return normalise_for_exact_match(text, cased=False)


def _has(text: str, part: str) -> bool:
    """``part`` occurs in ``text`` as whole words (both normalised)."""
    return f" {part} " in f" {text} "


def error_shapes(records: Iterable[Record]) -> pd.DataFrame:
    """Counts of the issue-11 error shapes per (source, mode, system).

    * ``coordination-on-gap``: the ``coordination`` rule fired on a gold gap (phenomenon in
      :data:`GAP_PHENOMENA`); ``...-right``: of those, how many came out exactly right;
    * ``remnant-beside-correlate``: an output sentence holds a remnant and its correlate
      (treebank gold with ``meta.alignment``) where no gold sentence holds both;
    * ``remnant-sentence-wrong``: the number of sentences is right, yet an output sentence
      with a remnant differs from every gold sentence;
    * ``unchanged-pred`` / ``unchanged-gold`` / ``unchanged-wrong`` (unchanged where the gold
      rewrites; ``unchanged-wrong:<reason>`` by the resolver's reason, issue 11 shape 8) /
      ``changed-wrong`` (rewritten where the gold keeps the sentence);
    * gold shapes (``shape:*``): examples, and exact matches among them.
    """
    import pandas as pd

    table: dict[tuple[str, str, str], Counter[str]] = {}
    in_sample: set[tuple[str, str, str]] = set()
    for r in records:
        c = table.setdefault((r.source, r.mode, r.system), Counter())
        if r.in_sample:
            in_sample.add((r.source, r.mode, r.system))
        ex = r.example
        pred_unchanged = r.prediction == [ex.sentence]
        c["examples"] += 1
        if r.rule.startswith("coordination") and r.phenomenon.split("+")[0] in GAP_PHENOMENA:
            c["coordination-on-gap"] += 1
            c["coordination-on-gap-right"] += int(r.stats.exact)
        pairs = [p for p in ex.meta.get("alignment", []) if p.get("correlate")]
        gold_norm = [_norm(g) for g in ex.rewrites]
        source_norm = _norm(ex.sentence)
        rewritten = [_norm(s) for s in r.prediction if _norm(s) != source_norm]
        for p in pairs:
            rem, cor = _norm(p["remnant"]), _norm(p["correlate"])
            if not rem or not cor or _has(cor, rem) or _has(rem, cor):
                continue
            if any(_has(s, rem) and _has(s, cor) for s in rewritten) and not any(
                _has(g, rem) and _has(g, cor) for g in gold_norm
            ):
                c["remnant-beside-correlate"] += 1
                break
        if len(r.prediction) == len(ex.rewrites) and not pred_unchanged and pairs:
            for p in pairs:
                rem = _norm(p["remnant"])
                with_rem = [s for s in rewritten if rem and _has(s, rem)]
                if with_rem and not any(s in gold_norm for s in with_rem):
                    c["remnant-sentence-wrong"] += 1
                    break
        c["unchanged-pred"] += int(pred_unchanged)
        c["unchanged-gold"] += int(not ex.rewritable)
        c["unchanged-wrong"] += int(pred_unchanged and ex.rewritable)
        if pred_unchanged and ex.rewritable:  # why: the resolver's reason ("no-alignment", ...)
            reason = r.rule.split(":", 1)[1] if r.rule.startswith("unchanged:") else r.rule
            c[f"unchanged-wrong:{reason}"] += 1
        c["changed-wrong"] += int(not pred_unchanged and not ex.rewritable)
        for s in r.shapes:
            c[f"shape:{s}"] += 1
            c[f"shape:{s}:exact"] += int(r.stats.exact)
    rows = [
        {
            "scope": "development, in-sample" if (s, m, y) in in_sample else "development",
            "source": s,
            "mode": m,
            "system": y,
            **{k: c.get(k, 0) for k in SHAPE_COLUMNS},
            **{k: c[k] for k in sorted(c) if k not in SHAPE_COLUMNS},
        }
        for (s, m, y), c in table.items()
    ]
    return pd.DataFrame(rows).fillna(0)


def evaluate_sources(
    resolver: Resolver | str,
    sources: Mapping[str, Sequence[ConjunctExample]],
    oracle: bool = False,
    *,
    trees: Mapping[str, Sentence] | None = None,
    aggregation: str = "micro",
    analyzer: Analyzer | None = None,
    system: str | None = None,
) -> pd.DataFrame:
    """Score ``resolver`` on every source; one tidy table (:func:`summarise`).

    ``oracle=True`` runs on gold trees (``trees``: example id -> gold sentence, e.g. from
    :func:`lingeval.conjuncts.devdata.gold_trees`); sources without trees are left out.
    ``aggregation`` names the metric's aggregation used for P/R/F1 (``macro_f1`` is always
    reported beside).
    """
    options = MetricOptions(aggregation=aggregation, bootstrap=0)
    if analyzer is None:
        from lingeval.conjuncts.parse_features import SpacyAnalyzer

        analyzer = SpacyAnalyzer(spec=options.spec)
    records: list[Record] = []
    for name, examples in sources.items():
        if oracle and trees is None:
            raise ValueError("oracle mode needs gold trees")
        records.extend(
            evaluate_examples(
                resolver,
                examples,
                source=name,
                trees=trees if oracle else None,
                options=options,
                analyzer=analyzer,
                system=system,
            )
        )
    return summarise(records, options)


def sentence_folds(
    examples: Sequence[ConjunctExample], k: int = 5, seed: int = 13
) -> list[list[ConjunctExample]]:
    """``k`` folds with every sentence in exactly one fold (examples of the same treebank
    sentence, ``meta.sent_id``, or of the same text stay together); groups are dealt out by
    :func:`lingeval.conjuncts.ranker.fold_assignment` (sorted, shuffled with ``seed``,
    round-robin), so the folds differ in size by at most one group."""
    from lingeval.conjuncts.ranker import fold_assignment

    if k < 2:
        raise ValueError("cross-validation needs k >= 2 folds")
    groups: dict[str, list[ConjunctExample]] = {}
    for ex in examples:
        key = f"{ex.meta.get('source', '')}|{ex.meta.get('sent_id') or ex.sentence}"
        groups.setdefault(key, []).append(ex)
    folds: list[list[ConjunctExample]] = [[] for _ in range(k)]
    for key, n in fold_assignment(groups, k, seed).items():  # in dealing order
        folds[n].extend(groups[key])
    return folds


def cross_validate(
    fit: Callable[[list[ConjunctExample]], Resolver],
    sources: Mapping[str, Sequence[ConjunctExample]],
    *,
    k: int = 5,
    seed: int = 13,
    trees: Mapping[str, Sentence] | None = None,
    options: MetricOptions | None = None,
    analyzer: Analyzer | None = None,
    system: str = "fitted",
) -> list[Record]:
    """Records of a fitted resolver, each example scored by the model fitted without its fold.

    The examples of all sources are pooled and split into ``k`` folds by sentence
    (:func:`sentence_folds`); for each fold, ``fit(training examples)`` builds a resolver from
    the other folds' examples (plus whatever the caller adds, e.g. synthetic data), which is
    then run on the fold (on gold trees too when ``trees`` is given). Summarise the records
    with :func:`summarise`: every number is cross-validated.
    """
    pooled = [ex for exs in sources.values() for ex in exs]
    origin = {id(ex): name for name, exs in sources.items() for ex in exs}
    folds = sentence_folds(pooled, k, seed)
    out: list[Record] = []
    for n, held in enumerate(folds):
        if not held:
            continue
        train = [ex for m, fold in enumerate(folds) if m != n for ex in fold]
        resolver = fit(train)
        by_source: dict[str, list[ConjunctExample]] = {}
        for ex in held:
            by_source.setdefault(origin[id(ex)], []).append(ex)
        for name, exs in by_source.items():
            out.extend(
                evaluate_modes(
                    resolver,
                    exs,
                    source=name,
                    trees=trees,
                    options=options,
                    analyzer=analyzer,
                    system=system,
                )
            )
    return out
