"""``lingeval probe``: command-line layer over :mod:`lingeval.probing`.

Commands live in :mod:`lingeval.probing.commands` (one module per topic).
"""

from __future__ import annotations

import click

from lingeval.core.cliutils import add_commands_from


@click.group(name="probe")
def cli() -> None:
    """Probe language models on connectives: build, score, evaluate."""


add_commands_from(cli, "lingeval.probing.commands")
