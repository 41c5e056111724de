"""PNG figures for conjunct-resolution results (matplotlib, Agg backend; imported lazily)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lingeval.conjuncts.metric import EvaluationResult

__all__ = ["plot_histogram", "plot_scores"]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_scores(result: EvaluationResult, path: str | Path) -> Path:
    """Grouped bars of precision, recall and F1 (%) per row, with the bootstrap CI on F1.

    Calibration_1 and Calibration_k come first, as in the paper's Table 3; the signature is
    printed under the axes.
    """
    plt = _pyplot()
    rows = result.rows
    fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(rows) + 2), 3.6), dpi=120)
    width = 0.26
    for j, (key, label) in enumerate((("precision", "P"), ("recall", "R"), ("f1", "F1"))):
        xs = [i + (j - 1) * width for i in range(len(rows))]
        values = [0.0 if math.isnan(getattr(s, key)) else getattr(s, key) for s in rows]
        err = None
        if key == "f1" and all("f1" in s.ci for s in rows):
            err = [
                [max(0.0, v - s.ci["f1"][0]) for v, s in zip(values, rows, strict=True)],
                [max(0.0, s.ci["f1"][1] - v) for v, s in zip(values, rows, strict=True)],
            ]
        ax.bar(xs, values, width, label=label, yerr=err, capsize=3 if err else 0)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([s.name for s in rows], rotation=15, ha="right", fontsize=8)
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("%")
    ax.set_title("Verb-nucleus precision, recall, F1")
    ax.legend(fontsize=8, ncol=3, loc="upper center", frameon=False)
    fig.text(
        0.01, 0.01, _wrap(result.signature.format(short=True), 110), fontsize=5, family="monospace"
    )
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out


def _wrap(text: str, width: int) -> str:
    """Break a signature at ``|`` into lines of at most ``width`` characters."""
    lines: list[str] = []
    for part in text.split("|"):
        if lines and len(lines[-1]) + len(part) + 1 <= width:
            lines[-1] += "|" + part
        else:
            lines.append(part)
    return "\n".join(lines)


def plot_histogram(
    counts: Sequence[tuple[str, int]], path: str | Path, *, title: str, xlabel: str, note: str = ""
) -> Path:
    """A bar histogram of ``(label, count)`` pairs with shares (%) written above the bars."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4.0, 0.6 * len(counts) + 2), 3.2), dpi=120)
    total = sum(c for _, c in counts) or 1
    labels = [lab for lab, _ in counts]
    values = [c for _, c in counts]
    bars = ax.bar(range(len(values)), values, color="#4878a8")
    for b, v in zip(bars, values, strict=True):
        ax.annotate(
            f"{100 * v / total:.1f}%",
            (b.get_x() + b.get_width() / 2, v),
            ha="center",
            va="bottom",
            fontsize=7,
        )
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(0, max([1, *values]) * 1.15)
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("count")
    ax.set_title(title)
    if note:
        fig.text(0.01, 0.01, _wrap(note, 90), fontsize=5, family="monospace")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out
