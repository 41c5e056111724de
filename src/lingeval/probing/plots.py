"""PNG plots (matplotlib, Agg backend): perplexity by condition, cloze rank distributions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["perplexity_figure", "plot_perplexity_by_condition", "plot_rank_distribution"]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_perplexity_by_condition(
    sentences: Sequence[dict[str, Any]], models: Sequence[str], path: str | Path, *, title: str = ""
) -> Path:
    """Box plots of log10 perplexity per condition (acceptable, unacceptable, ungrammatical), one panel per model."""
    plt = _pyplot()
    fig = perplexity_figure(sentences, models, title=title)
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def perplexity_figure(
    sentences: Sequence[dict[str, Any]], models: Sequence[str], *, title: str = ""
) -> Any:
    """The matplotlib figure of :func:`plot_perplexity_by_condition` (not saved, not closed)."""
    plt = _pyplot()
    conds = [
        ("acceptable", lambda r: r["condition"] == "acceptable"),
        ("unacceptable", lambda r: r["condition"] == "unacceptable"),
        (
            "unacceptable,\nungrammatical",
            lambda r: r["condition"] == "unacceptable" and r["grammatical"] == "no",
        ),
    ]
    fig, axes = plt.subplots(1, len(models), figsize=(4.8 * len(models), 4.2), squeeze=False)
    for ax, m in zip(axes[0], models, strict=True):
        data = [[math.log10(r[f"ppl:{m}"]) for r in sentences if keep(r)] for _, keep in conds]
        labels = [f"{name}\n(n={len(d)})" for (name, _), d in zip(conds, data, strict=True)]
        ax.boxplot([d if d else [float("nan")] for d in data], tick_labels=labels, showmeans=True)
        # long condition names: slanted and right-aligned so neighbouring labels never overlap
        ax.tick_params(axis="x", labelsize=8.5)
        plt.setp(ax.get_xticklabels(), rotation=25, ha="right", rotation_mode="anchor")
        ax.set_title(m)
        ax.set_ylabel("log10 perplexity")
    fig.suptitle(title or "Perplexity by condition")
    fig.tight_layout()
    return fig


def plot_rank_distribution(
    items: Sequence[dict[str, Any]], k: int, path: str | Path, *, title: str = ""
) -> Path:
    """Histogram of the target connective's rank in the model's top-k (``>k`` when absent)."""
    plt = _pyplot()
    counts = [0] * (k + 1)
    for r in items:
        rank = r.get("target_rank")
        counts[(rank - 1) if rank else k] += 1
    fig, ax = plt.subplots(figsize=(6, 3.6))
    labels = [str(i) for i in range(1, k + 1)] + [f">{k}"]
    ax.bar(labels, counts, color=["#4477aa"] * k + ["#bbbbbb"])
    ax.set_xlabel("rank of the target connective")
    ax.set_ylabel("sentences")
    ax.set_title(title or "Cloze: rank of the target in the model's predictions")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out
