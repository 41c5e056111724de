"""A progress chart for the experimenter (PNG, matplotlib Agg): participants per group."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

__all__ = ["progress_png"]


def progress_png(groups: Sequence[Any], title: str = "") -> bytes:
    """Stacked bars per group (completed, in progress) against the planned number (dashed line).

    ``groups`` are :class:`lingeval.study.storage.GroupProgress` rows. Returns PNG bytes.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    labels = [str(g.group) for g in groups]
    done = [g.completed for g in groups]
    active = [g.active for g in groups]
    fig, ax = plt.subplots(figsize=(max(4.0, 0.45 * len(groups) + 2), 3.2), dpi=100)
    try:
        ax.bar(labels, done, color="#2b6a4f", label="completed")
        ax.bar(labels, active, bottom=done, color="#9cc9b3", label="in progress")
        if groups:
            ax.axhline(
                groups[0].planned, color="#444", linestyle="--", linewidth=1, label="planned"
            )
        top = max(
            [g.planned for g in groups] + [d + a for d, a in zip(done, active, strict=True)] + [1]
        )
        ax.set_ylim(0, top * 1.45)  # room for the legend above the planned line
        ax.set_xlabel("group")
        ax.set_ylabel("participants")
        ax.set_title(title or "Participants per group")
        ax.legend(loc="upper center", ncol=3, fontsize=8, frameon=False)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        return buf.getvalue()
    finally:
        plt.close(fig)
