"""``lingeval study``: command-line layer over :mod:`lingeval.study`.

Commands live in :mod:`lingeval.study.commands` (one module per topic).
"""

from __future__ import annotations

import click

from lingeval.core.cliutils import add_commands_from


@click.group(name="study")
def cli() -> None:
    """Human studies: design, serve a web survey, analyse."""


add_commands_from(cli, "lingeval.study.commands")
