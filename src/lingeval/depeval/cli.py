"""``lingeval depeval``: command-line layer over :mod:`lingeval.depeval`.

Commands live in :mod:`lingeval.depeval.commands` (one module per topic).
"""

from __future__ import annotations

import click

from lingeval.core.cliutils import add_commands_from


@click.group(name="depeval")
def cli() -> None:
    """Fair dependency-parse evaluation: attachment, undirected and NED scores."""


add_commands_from(cli, "lingeval.depeval.commands")
