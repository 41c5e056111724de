"""Reports of a REG study analysis: the paper's tables, bar charts and one HTML page.

* :func:`paper_tables`: tables in the layout of paper 002 (Table 2: referential success
  proportions and SR; Table 3: rating means with significance letters and RR; Table 4:
  rewriting counts; Table 6: raw success counts), plus the Wilcoxon tests, the regressions
  (section 5.3) and the familiarity tests, each a :class:`~lingeval.core.report.Table` with a
  signature, renderable as text, Markdown, CSV or JSON.
* :func:`tidy_tables`: the same results as tidy tables (one row per system x subset x
  measure), for machines.
* :func:`bar_chart`: mean ratings per system as grouped bars, one panel per subset, with the
  compact letters above the bars (PNG or SVG, matplotlib Agg).
* :func:`html_report`: one self-contained HTML file (tables + embedded charts).
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.study.analysis import StudyAnalysis

__all__ = ["bar_chart", "html_report", "paper_tables", "tidy_tables"]

_SHORT = {
    "clarity": "C",
    "grammaticality": "G",
    "coherence": "Co",
    "acceptability": "Acc",
    "lexicogrammar": "Lex",
    "adequacy": "Adq",
}


def _subsets(result: StudyAnalysis) -> list[str]:
    present = (
        set(result.ratings["subset"])
        | set(result.success["subset"])
        | set(result.rewriting["subset"])
    )
    return [s for s in ("all", "seen", "unseen") if s in present]


def _tests_note(result: StudyAnalysis) -> str:
    o = result.options
    ms = sorted(set(result.wilcoxon["m"])) if len(result.wilcoxon) else []
    m = "/".join(str(int(x)) for x in ms) or "-"
    return (
        f"Letters: two-sided Wilcoxon signed-rank tests, pairing unit: {o.pairing}; Bonferroni "
        f"correction over family '{o.family}' (m = {m}); alpha = {o.alpha:g}. Systems sharing "
        "no letter differ significantly."
    )


def _lookup(df: Any, keys: Sequence[str]) -> dict[tuple[Any, ...], dict[str, Any]]:
    """Rows of a DataFrame by the values of ``keys``."""
    return {tuple(rec[k] for k in keys): rec for rec in df.to_dict("records")}


def _fmt(x: float, digits: int = 2) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def paper_tables(result: StudyAnalysis) -> list[Table]:
    """The paper's Tables 2, 3, 4 and 6 and the test tables (see the module docstring)."""
    tables: list[Table] = []
    subsets = _subsets(result)
    sig = result.signature
    if len(result.success):
        s = _lookup(result.success, ("system", "subset"))
        cols = ["system"]
        for sub in subsets:
            cols += [f"SR ({sub})", f"Yes ({sub})", f"Maybe ({sub})", f"No ({sub})"]
        t2 = Table(
            cols,
            title="Table 2: referential success (% of answers); SR = (Yes + proper names) / (REs x participants)",
            signature=sig("study-success"),
        )
        t6 = Table(
            ["system", *[f"{a} ({sub})" for sub in subsets for a in ("Yes", "Maybe", "No")]],
            title="Table 6: raw counts of referential-success answers",
            signature=sig("study-success"),
        )
        for system in result.systems:
            row2: list[Any] = [system]
            row6: list[Any] = [system]
            for sub in subsets:
                if (system, sub) in s:
                    r = s[(system, sub)]
                    row2 += [
                        float(r["SR"]),
                        float(r["yes_pct"]),
                        float(r["maybe_pct"]),
                        float(r["no_pct"]),
                    ]
                    row6 += [int(r["yes"]), int(r["maybe"]), int(r["no"])]
                else:
                    row2 += [None] * 4
                    row6 += [None] * 3
            t2.add(*row2)
            t6.add(*row6)
        tables.append(t2)
    if len(result.ratings):
        rt = _lookup(result.ratings, ("system", "subset", "measure"))
        rr = _lookup(result.rewriting, ("system", "subset")) if len(result.rewriting) else None
        cols = ["system"]
        for sub in subsets:
            cols += [f"{_SHORT.get(m, m)} ({sub})" for m in result.measures]
            if rr is not None:
                cols.append(f"RR ({sub})")
        legend = ", ".join(f"{_SHORT.get(m, m)} = {m}" for m in result.measures)
        t3 = Table(
            cols,
            title=f"Table 3: mean ratings with significance letters ({legend})"
            + ("; RR = rewriting rate in %" if rr is not None else ""),
            signature=sig("study-ratings"),
        )
        t3.notes.append(_tests_note(result))
        for system in result.systems:
            row: list[Any] = [system]
            for sub in subsets:
                for m in result.measures:
                    if (system, sub, m) in rt:
                        x = rt[(system, sub, m)]
                        row.append(f"{_fmt(float(x['mean']))} {x['letters']}".strip())
                    else:
                        row.append(None)
                if rr is not None:
                    row.append(float(rr[(system, sub)]["RR"]) if (system, sub) in rr else None)
            t3.add(*row)
        tables.append(t3)
    if len(result.rewriting):
        rw = _lookup(result.rewriting, ("system", "subset"))
        t4 = Table(
            [
                "system",
                *[f"rewritings ({sub})" for sub in subsets],
                *[f"REs x participants ({sub})" for sub in subsets],
            ],
            title="Table 4: number of rewritings",
            signature=sig("study-rewriting"),
        )
        for system in result.systems:
            t4.add(
                system,
                *[
                    int(rw[(system, sub)]["rewrites"]) if (system, sub) in rw else None
                    for sub in subsets
                ],
                *[
                    int(rw[(system, sub)]["res"]) if (system, sub) in rw else None
                    for sub in subsets
                ],
            )
        tables.append(t4)
    if len(result.success):
        tables.append(t6)
    tables.extend(_test_tables(result))
    return tables


def _test_tables(result: StudyAnalysis) -> list[Table]:
    out = []
    if len(result.wilcoxon):
        w = Table(
            ["subset", "measure", "A", "B", "n", "W", "p", "m", "p_corr", "significant"],
            title="Pairwise Wilcoxon signed-rank tests (Bonferroni-corrected)",
            signature=result.signature("study-wilcoxon"),
            digits=4,
        )
        w.notes.append(_tests_note(result))
        for _, r in result.wilcoxon.iterrows():
            w.add(
                r["subset"],
                r["measure"],
                r["A"],
                r["B"],
                int(r["n"]),
                float(r["W"]),
                float(r["p"]),
                int(r["m"]),
                float(r["p_corr"]),
                bool(r["significant"]),
            )
        out.append(w)
    if len(result.regressions):
        g = Table(
            ["y", "x", "n", "beta", "R2", "p"],
            title="Linear regressions (section 5.3): y = intercept + beta * x, one point per response",
            signature=Signature("study-regression", {"model": "ols"}),
            digits=4,
        )
        for _, r in result.regressions.iterrows():
            g.add(r["y"], r["x"], int(r["n"]), float(r["beta"]), float(r["R2"]), float(r["p"]))
        out.append(g)
    if len(result.familiarity):
        f = Table(
            ["measure", "n familiar", "n unfamiliar", "mean familiar", "mean unfamiliar", "U", "p"],
            title="Familiar vs unfamiliar major entity: two-sided Mann-Whitney U (responses)",
            signature=Signature("study-familiarity", {"test": "mann-whitney-u"}),
            digits=4,
        )
        for _, r in result.familiarity.iterrows():
            f.add(
                r["measure"],
                int(r["n_1"]),
                int(r["n_2"]),
                float(r["mean_1"]),
                float(r["mean_2"]),
                float(r["U"]),
                float(r["p"]),
            )
        out.append(f)
    return out


def tidy_tables(result: StudyAnalysis) -> list[Table]:
    """Every result DataFrame as a table (one row per system x subset [x measure])."""
    sig = result.signature
    out = []
    for name, df, digits in (
        ("success", result.success, 2),
        ("ratings", result.ratings, 4),
        ("rewriting", result.rewriting, 2),
    ):
        if len(df):
            t = Table(list(df.columns), title=name, signature=sig(f"study-{name}"), digits=digits)
            for rec in df.itertuples(index=False):
                t.add(*[_plain(v) for v in rec])
            out.append(t)
    out.extend(_test_tables(result))
    return out


def _plain(v: Any) -> Any:
    if hasattr(v, "item") and callable(v.item):
        return v.item()
    return v


def bar_chart(result: StudyAnalysis, path: str | Path, *, fmt: str | None = None) -> Path:
    """Grouped bars of mean ratings (one panel per subset) with the compact letters above.

    ``fmt`` is ``png`` or ``svg`` (default: from the file suffix). Error bars are one
    standard error of the mean (SD / sqrt(n)).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    p = Path(path)
    fmt = fmt or (p.suffix.lstrip(".").lower() or "png")
    subsets = [s for s in _subsets(result) if s in set(result.ratings["subset"])]
    systems = result.systems
    measures = list(result.measures)
    fig, axes = plt.subplots(
        1, len(subsets), figsize=(4.2 * len(subsets), 3.6), sharey=True, squeeze=False
    )
    r = _lookup(result.ratings, ("system", "subset", "measure"))
    width = 0.8 / max(len(systems), 1)
    top = float(result.ratings["mean"].max() + result.ratings["sd"].max() / 2 + 0.6)
    for ax, sub in zip(axes[0], subsets, strict=True):
        for k, system in enumerate(systems):
            xs, ys, es, labels = [], [], [], []
            for i, m in enumerate(measures):
                if (system, sub, m) not in r:
                    continue
                row = r[(system, sub, m)]
                xs.append(i + (k - (len(systems) - 1) / 2) * width)
                ys.append(float(row["mean"]))
                es.append(float(row["sd"]) / math.sqrt(max(int(row["n"]), 1)))
                labels.append(str(row["letters"]))
            bars = ax.bar(xs, ys, width=width * 0.95, yerr=es, capsize=2, label=system)
            for b, lab, e in zip(bars, labels, es, strict=True):
                ax.text(
                    b.get_x() + b.get_width() / 2,
                    b.get_height() + e + 0.05,
                    lab,
                    ha="center",
                    va="bottom",
                    fontsize=7,
                )
        ax.set_xticks(np.arange(len(measures)))
        ax.set_xticklabels(measures, fontsize=8)
        ax.set_title(sub)
        ax.set_ylim(0, top)
    axes[0][0].set_ylabel("mean rating")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(
        handles, labels, fontsize=8, loc="lower center", ncol=max(len(systems), 1), frameon=False
    )
    fig.suptitle(
        f"Ratings (letters: Wilcoxon, pairing {result.options.pairing}, Bonferroni {result.options.family}, alpha {result.options.alpha:g})",
        fontsize=9,
    )
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    p.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(p, format=fmt, dpi=120)
    plt.close(fig)
    return p


def _html_table(t: Table) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in t.columns)
    body = []
    for row in t.rows:
        cells = []
        for v in row:
            if isinstance(v, float):
                s = "n/a" if math.isnan(v) else f"{v:.{t.digits}f}"
            elif v is None:
                s = "-"
            else:
                s = str(v)
            cells.append(f"<td>{html.escape(s)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    notes = "".join(f"<p class='note'>{html.escape(n)}</p>" for n in t.notes)
    sig = (
        f"<p class='sig'><code>{html.escape(t.signature.format())}</code></p>"
        if t.signature
        else ""
    )
    return f"<h2>{html.escape(t.title)}</h2><table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{notes}{sig}"


def html_report(
    result: StudyAnalysis,
    path: str | Path,
    *,
    extra: Sequence[Table] = (),
    title: str = "REG study analysis",
) -> Path:
    """One self-contained HTML page: summary, every paper table, the tests and the chart."""
    import tempfile

    p = Path(path)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right}"
        "th{background:#eee}.note,.sig{font-size:.85em;color:#444}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>Study: {html.escape(result.study_id or '-')}; participants: {result.n_participants}; items: {result.n_items}; "
        f"systems: {html.escape(', '.join(result.systems))}; measures: {html.escape(', '.join(result.measures))}.</p>",
        f"<p>{html.escape(_tests_note(result))}</p>",
        f"<p class='sig'><code>{html.escape(result.signature().format())}</code></p>",
    ]
    if len(result.ratings):
        with tempfile.TemporaryDirectory() as tmp:
            png = bar_chart(result, Path(tmp) / "ratings.png")
            data = base64.b64encode(png.read_bytes()).decode("ascii")
        parts.append(
            f"<h2>Ratings</h2><img alt='mean ratings per system with significance letters' src='data:image/png;base64,{data}'>"
        )
    for t in [*paper_tables(result), *extra]:
        parts.append(_html_table(t))
    parts.append("</body></html>")
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("\n".join(parts), encoding="utf-8")
    return p
