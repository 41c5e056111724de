"""``lingeval conjuncts``: command-line layer over :mod:`lingeval.conjuncts`."""

from __future__ import annotations

import click


@click.group(name="conjuncts")
def cli() -> None:
    """Conjunct resolution: resolve, evaluate, mine, annotate."""
