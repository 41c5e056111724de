"""Small plotting helpers (matplotlib, Agg backend, imported lazily).

Charts are written to a file whose suffix picks the format (``.png``, ``.svg``, ``.pdf``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from lingeval.core.errors import LingevalError

__all__ = ["grouped_bar_panels", "grouped_bars"]


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
    return grouped_bar_panels(
        groups, {"": series}, path, title=title, ylabel=ylabel, annotate=annotate, caption=caption
    )


def grouped_bar_panels(
    groups: Sequence[str],
    panels: Mapping[str, Mapping[str, Sequence[float]]],
    path: str | Path,
    *,
    title: str = "",
    ylabel: str = "",
    annotate: bool = True,
    caption: str = "",
) -> Path:
    """Grouped bar charts stacked vertically, one panel per key of ``panels`` (its title), all
    over the same ``groups``; returns the path.

    Labels never overlap: the figure widens with the number of bars (up to 24 inches), long
    group names are rotated and anchored at their end, and value labels are written only while
    bars are wide enough to hold them (the numbers are in the table anyway).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise LingevalError(f"plot file {path} must end in .png, .svg or .pdf")
    n = max(1, max((len(s) for s in panels.values()), default=1))
    width = 0.8 / n
    n_bars = len(groups) * n
    fig_w = min(24.0, max(5.0, 0.28 * n_bars + 0.6 * len(groups) + 2))
    longest = max((len(line) for g in groups for line in g.split("\n")), default=0)
    rotate = longest * len(groups) * 0.09 > fig_w - 1.5
    rows = max(1, len(panels))
    fig, axes = plt.subplots(
        rows, 1, figsize=(fig_w, 3.2 * rows + (0.9 if rotate else 0.4)), sharex=True, squeeze=False
    )
    bar_inches = fig_w * 0.85 * width / max(1, len(groups))
    label_bars = annotate and bar_inches >= 0.22
    for ax, (panel, series) in zip(axes[:, 0], panels.items(), strict=True):
        for k, (name, values) in enumerate(series.items()):
            xs = [i + (k - (n - 1) / 2) * width for i in range(len(groups))]
            bars = ax.bar(xs, values, width=width, label=name)
            if label_bars:
                ax.bar_label(bars, fmt="%.1f", fontsize=6, padding=1)
        ax.set_ylabel(ylabel)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.margins(y=0.15)
        if panel:
            ax.set_title(panel, fontsize=9, loc="left")
        if len(series) > 1:
            ax.legend(fontsize=8, loc="best")
    last = axes[-1, 0]
    last.set_xticks(range(len(groups)), groups)
    if rotate:
        for tick in last.get_xticklabels():
            tick.set_rotation(35)
            tick.set_ha("right")
            tick.set_rotation_mode("anchor")
    if title:
        fig.suptitle(title, fontsize=10)
    if caption:
        fig.text(0.01, 0.005, caption, fontsize=6, color="#555555")
    fig.tight_layout(rect=(0, 0.03 if caption else 0, 1, 1))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, dpi=150)
    except OSError as exc:
        raise LingevalError(f"cannot write plot {path}: {exc}") from None
    finally:
        plt.close(fig)
    return path
