"""The depeval Python API: score, compare gold standards, convention sensitivity, significance.

The command-line layer calls exactly these functions and renders their tables, so the CLI and
the API give identical numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lingeval.core.conllu import Sentence, read_conllu
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.depeval.conventions import apply_transformations, list_transformations
from lingeval.depeval.evaluate import (
    FIELDS,
    MEASURE_NAMES,
    MEASURES,
    DepevalOptions,
    DepevalResult,
    evaluate,
    evaluate_files,
    prf,
)
from lingeval.depeval.significance import SignificanceResult, paired_test, significance_signature

__all__ = [
    "BREAKDOWNS",
    "GoldComparison",
    "SensitivityReport",
    "breakdown_table",
    "compare_gold_standards",
    "convention_sensitivity",
    "errors_table",
    "score",
    "score_table",
    "sentences_table",
    "significance",
    "significance_table",
]

BREAKDOWNS = ("relation", "upos", "deplen", "sentlen", "errors", "sentences")
_SHORT = {
    "directed": "UAS",
    "labeled": "LAS",
    "labeled_full": "LAS+sub",
    "undirected": "undir",
    "ned": "NED",
}


def score(
    gold: str | Path,
    system: str | Path,
    options: DepevalOptions | None = None,
    *,
    breakdowns: bool = True,
) -> DepevalResult:
    """Score one system file against one gold file (both CoNLL-U, streamed).

    ``breakdowns=False`` skips the per-group tables for speed; totals are the same.
    """
    return evaluate_files(gold, system, options, breakdowns=breakdowns)


def score_table(results: Sequence[DepevalResult], title: str = "Dependency-parse scores") -> Table:
    """One row per system and measure: correct / words and the percentage (P/R/F1 when aligned)."""
    aligned = any(r.options.tokenization == "align" for r in results)
    cols = ["system", "measure", "correct", "words", "%"]
    if aligned:
        cols += ["P", "R", "F1"]
    t = Table(cols, title=title, signature=results[0].signature if results else None)
    names = display_names([r.system_name for r in results])
    for r, name in zip(results, names, strict=True):
        for m in MEASURES:
            row: list[object] = [name, MEASURE_NAMES[m], r.count(m), r.words, r.score(m)]
            if aligned:
                row += [r.precision(m), r.score(m), r.f1(m)]
            t.add(*row)
    for r, name in zip(results, names, strict=True):
        if r.spans is not None:
            for label, (g, s, c) in (
                ("Tokens", r.spans.tokens),
                ("Words (aligned)", r.spans.words),
                ("Sentences", r.spans.sentences),
            ):
                p, rec, f = prf(g, s, c)
                t.add(name, label, c, g, rec, p, rec, f)
    for r, name in zip(results, names, strict=True):
        if r.options.tokenization == "align":
            t.notes.append(
                f"{name}: {r.aligned_words} words aligned by character spans "
                f"({r.words} gold and {r.system_words} system words evaluated)"
            )
    if results and results[0].skipped_sentences:
        t.notes.append(
            f"{results[0].skipped_sentences} sentences longer than max_len were left out"
        )
    return t


def display_names(paths: Sequence[str]) -> list[str]:
    """File names without directories when that keeps them distinct, else the paths as given."""
    short = [Path(p).name for p in paths]
    return short if len(set(short)) == len(short) else list(paths)


def breakdown_table(result: DepevalResult, by: str) -> Table:
    """Scores per gold relation, UPOS, dependency-length or sentence-length bucket."""
    groups = {
        "relation": result.by_relation,
        "upos": result.by_upos,
        "deplen": result.by_deplen,
        "sentlen": result.by_sentlen,
    }[by]
    t = Table(
        ["group", "words", *(_SHORT[m] for m in MEASURES)],
        title=f"Scores by {by} ({result.system_name})",
        signature=result.signature,
    )

    def order(key: str) -> tuple[int, float, str]:
        if by in ("deplen", "sentlen"):
            if key == "root":
                return (0, 0.0, key)
            digits = key.lstrip(">").split("-")[0]
            return (1, float(digits) + (0.5 if key.startswith(">") else 0), key)
        return (1, -groups[key][0], key)

    for key in sorted(groups, key=order):
        c = groups[key]
        t.add(
            key,
            c[0],
            *(100.0 * c[FIELDS.index(m)] / c[0] if c[0] else float("nan") for m in MEASURES),
        )
    return t


def errors_table(result: DepevalResult) -> Table:
    """Wrong heads by position in the gold tree, and which measure forgives them."""
    total = sum(result.errors.values())
    forgiven = {
        "child": "undirected, NED",
        "grandparent": "NED",
        "sibling": "none",
        "other": "none",
    }
    t = Table(
        ["position of predicted head", "errors", "% of errors", "forgiven by"],
        title=f"Head errors ({result.system_name})",
        signature=result.signature,
    )
    for k, v in result.errors.items():
        t.add(k, v, 100.0 * v / total if total else float("nan"), forgiven[k])
    return t


def sentences_table(result: DepevalResult) -> Table:
    """Per-sentence scores (by gold sentence in align mode)."""
    t = Table(
        ["#", "sent_id", "words", *(_SHORT[m] for m in MEASURES)],
        title=f"Per-sentence scores ({result.system_name})",
        signature=result.signature,
    )
    for s in result.sentences:
        w = s.counts[0]
        t.add(
            s.index + 1,
            s.sent_id or "",
            w,
            *(100.0 * s.counts[FIELDS.index(m)] / w if w else float("nan") for m in MEASURES),
        )
    return t


# --- difference between gold standards ------------------------------------------------------


@dataclass
class GoldComparison:
    """Two gold standards of the same sentences scored against each other in both directions.

    The paper's "difference between gold standards" is 100 minus the score.
    """

    a_as_gold: DepevalResult  # B scored against A
    b_as_gold: DepevalResult  # A scored against B

    @property
    def signature(self) -> Signature:
        return Signature("depeval-compare", dict(self.a_as_gold.signature.options))

    def table(self) -> Table:
        a, b = self.a_as_gold.gold_name, self.b_as_gold.gold_name
        t = Table(
            ["measure", "B vs gold A %", "A vs gold B %", "difference A->B", "difference B->A"],
            title=f"Difference between gold standards  A={a}  B={b}  ({self.a_as_gold.words} words)",
            signature=self.signature,
        )
        for m in MEASURES:
            sa, sb = self.a_as_gold.score(m), self.b_as_gold.score(m)
            t.add(MEASURE_NAMES[m], sa, sb, 100.0 - sa, 100.0 - sb)
        return t

    def plot(self, path: str | Path) -> Path:
        """Bar chart of the difference between the gold standards per measure (the paper's figure)."""
        from lingeval.core.plots import grouped_bars

        labels = [_SHORT[m] for m in MEASURES]
        return grouped_bars(
            labels,
            {
                "A as gold": [100.0 - self.a_as_gold.score(m) for m in MEASURES],
                "B as gold": [100.0 - self.b_as_gold.score(m) for m in MEASURES],
            },
            path,
            title="Difference between gold standards (100 - score)",
            ylabel="points",
            caption=self.signature.format(),
        )


def compare_gold_standards(
    a: str | Path, b: str | Path, options: DepevalOptions | None = None
) -> GoldComparison:
    """How far two annotations of the same sentences are apart, under every measure, both ways."""
    return GoldComparison(
        evaluate_files(a, b, options, breakdowns=False),
        evaluate_files(b, a, options, breakdowns=False),
    )


# --- sensitivity to conventions -------------------------------------------------------------


@dataclass
class SensitivityReport:
    """Scores of each system against the original gold and against each transformed gold."""

    gold_name: str
    baseline: dict[str, DepevalResult] = field(default_factory=dict)  # system -> result
    transformed: dict[str, dict[str, DepevalResult]] = field(
        default_factory=dict
    )  # transform -> system -> result
    affected: dict[str, float] = field(
        default_factory=dict
    )  # transform -> % gold words whose head changes

    def table(self) -> Table:
        first = next(iter(self.baseline.values()))
        t = Table(
            [
                "transformation",
                "words changed %",
                "system",
                *(f"Δ {_SHORT[m]}" for m in ("directed", "undirected", "ned")),
            ],
            title=f"Sensitivity of scores to annotation conventions (gold {self.gold_name}); Δ = transformed - original, points",
            signature=Signature("depeval-sensitivity", dict(first.signature.options)),
        )
        names = dict(zip(self.baseline, display_names(list(self.baseline)), strict=True))
        for name, per_sys in self.transformed.items():
            for sysname, res in per_sys.items():
                base = self.baseline[sysname]
                t.add(
                    name,
                    self.affected[name],
                    names[sysname],
                    *(res.score(m) - base.score(m) for m in ("directed", "undirected", "ned")),
                )
        return t

    def plot(self, path: str | Path) -> Path:
        """Bar chart: score change per transformation for attachment, undirected and NED."""
        from lingeval.core.plots import grouped_bar_panels

        measures = ("directed", "undirected", "ned")
        groups = list(self.transformed)
        systems = list(self.baseline)
        panels: dict[str, dict[str, list[float]]] = {}
        for sysname in systems:
            title = Path(sysname).name if len(systems) > 1 else ""
            panels[title] = {
                _SHORT[m]: [
                    self.transformed[t][sysname].score(m) - self.baseline[sysname].score(m)
                    for t in groups
                ]
                for m in measures
            }
        sig = self.table().signature
        return grouped_bar_panels(
            groups,
            panels,
            path,
            title="Score change when a convention of the gold is switched (points)",
            ylabel="transformed - original",
            caption=sig.format() if sig else "",
        )


def _read_all(path: str | Path, options: DepevalOptions) -> list[Sentence]:
    return list(read_conllu(path, multiple_roots=options.multiple_roots))


def convention_sensitivity(
    gold: str | Path,
    systems: Sequence[str | Path],
    transformations: Sequence[str] | None = None,
    options: DepevalOptions | None = None,
) -> SensitivityReport:
    """Re-score every system against the gold with each transformation applied (the paper's
    experiment); ``transformations=None`` uses every registered one. A name may chain several
    with ``+`` (``aux-head+cop-head``)."""
    options = options or DepevalOptions()
    names = list(transformations) if transformations else list(list_transformations())
    gold_sents = _read_all(gold, options)
    sys_sents = {str(s): _read_all(s, options) for s in systems}
    report = SensitivityReport(str(gold))
    for sname, ss in sys_sents.items():
        report.baseline[sname] = evaluate(
            gold_sents, ss, options, gold_name=str(gold), system_name=sname
        )
    for name in names:
        tgold = list(apply_transformations(gold_sents, name.split("+")))
        # words whose gold head changes, over the evaluated words (same punctuation and length filters)
        same = evaluate(gold_sents, tgold, options, breakdowns=False)
        report.affected[name] = 100.0 - same.score("directed") if same.words else 0.0
        report.transformed[name] = {
            sname: evaluate(tgold, ss, options, gold_name=f"{gold}[{name}]", system_name=sname)
            for sname, ss in sys_sents.items()
        }
    return report


# --- significance ---------------------------------------------------------------------------


def significance(
    gold: str | Path,
    system_a: str | Path,
    system_b: str | Path,
    options: DepevalOptions | None = None,
    *,
    method: str = "bootstrap",
    samples: int = 1000,
    seed: int = 12345,
) -> tuple[list[SignificanceResult], Signature]:
    """Paired test of B against A on the same gold sentences (see :mod:`.significance`)."""
    options = options or DepevalOptions()
    gold_sents = _read_all(gold, options)
    a = evaluate(
        gold_sents,
        read_conllu(system_a, multiple_roots=options.multiple_roots),
        options,
        gold_name=str(gold),
        system_name=str(system_a),
    )
    b = evaluate(
        gold_sents,
        read_conllu(system_b, multiple_roots=options.multiple_roots),
        options,
        gold_name=str(gold),
        system_name=str(system_b),
    )
    return paired_test(a, b, method=method, samples=samples, seed=seed), significance_signature(
        a, method, samples, seed
    )


def significance_table(
    results: Sequence[SignificanceResult], signature: Signature, a: str, b: str
) -> Table:
    t = Table(
        ["measure", "A %", "B %", "B - A", "95% CI", "p"],
        title=f"Paired {results[0].method if results else ''} test  A={a}  B={b}",
        signature=signature,
        digits=2,
    )
    for r in results:
        ci = (
            f"[{r.ci_low:+.2f}, {r.ci_high:+.2f}]"
            if r.ci_low is not None and r.ci_high is not None
            else "-"
        )
        t.add(MEASURE_NAMES[r.measure], r.score_a, r.score_b, r.delta, ci, f"{r.p_value:.4f}")
    return t
