"""``lingeval probe``: command-line layer over :mod:`lingeval.probing`."""

from __future__ import annotations

import click


@click.group(name="probe")
def cli() -> None:
    """Probe language models on connectives: build, score, evaluate."""
