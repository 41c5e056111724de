"""``lingeval conjuncts``: command-line layer over :mod:`lingeval.conjuncts`.

Commands live in :mod:`lingeval.conjuncts.commands` (one module per topic).
"""

from __future__ import annotations

import click

from lingeval.core.cliutils import add_commands_from


@click.group(name="conjuncts")
def cli() -> None:
    """Conjunct resolution: resolve, evaluate, mine, annotate."""


add_commands_from(cli, "lingeval.conjuncts.commands")
