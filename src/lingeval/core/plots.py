"""Small plotting helpers (matplotlib, Agg backend, imported lazily).

Charts are written to a file whose suffix picks the format (``.png``, ``.svg``, ``.pdf``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from lingeval.core.errors import LingevalError

__all__ = ["grouped_bars"]


def grouped_bars(
    groups: Sequence[str],
    series: Mapping[str, Sequence[float]],
    path: str | Path,
    *,
    title: str = "",
    ylabel: str = "",
    annotate: bool = True,
    caption: str = "",
) -> Path:
    """A grouped bar chart: one cluster per group, one bar per series; returns the path.

    ``series[name][i]`` is the bar of ``name`` in ``groups[i]``. ``caption`` (e.g. a signature)
    is printed small under the axes.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise LingevalError(f"plot file {path} must end in .png, .svg or .pdf")
    n = max(1, len(series))
    width = 0.8 / n
    fig, ax = plt.subplots(figsize=(min(14.0, max(5.0, 0.9 * len(groups) + 0.3 * n + 2)), 4.2))
    for k, (name, values) in enumerate(series.items()):
        xs = [i + (k - (n - 1) / 2) * width for i in range(len(groups))]
        bars = ax.bar(xs, values, width=width, label=name)
        if annotate:
            ax.bar_label(bars, fmt="%.1f", fontsize=7, padding=1)
    ax.set_xticks(
        range(len(groups)),
        groups,
        rotation=20 if max((len(g) for g in groups), default=0) > 8 else 0,
        ha="right" if max((len(g) for g in groups), default=0) > 8 else "center",
    )
    ax.set_ylabel(ylabel)
    ax.axhline(0, color="black", linewidth=0.6)
    if title:
        ax.set_title(title, fontsize=10)
    if len(series) > 1:
        ax.legend(fontsize=8)
    if caption:
        fig.text(0.01, 0.01, caption, fontsize=6, color="#555555")
    fig.tight_layout(rect=(0, 0.04 if caption else 0, 1, 1))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=150)
    except OSError as exc:
        raise LingevalError(f"cannot write plot {path}: {exc}") from None
    finally:
        plt.close(fig)
    return path
