"""``lingeval study``: command-line layer over :mod:`lingeval.study`."""

from __future__ import annotations

import click


@click.group(name="study")
def cli() -> None:
    """Human studies: design, serve a web survey, analyse."""
