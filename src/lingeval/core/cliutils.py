"""Options and helpers shared by every area's command-line layer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from lingeval.core.report import FORMATS, Table, render_many

F = TypeVar("F", bound=Callable[..., Any])


def output_options(func: F) -> F:
    """Add ``--format``, ``--json`` and ``--csv`` (the last two are shortcuts for ``--format``)."""
    func = click.option("--csv", "as_csv", is_flag=True, help="Shortcut for --format csv.")(func)
    func = click.option("--json", "as_json", is_flag=True, help="Shortcut for --format json.")(func)
    func = click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="text",
        show_default=True,
        help="Output format: aligned text for people, markdown, csv or json for machines.",
    )(func)
    return func


def resolve_format(fmt: str, as_json: bool, as_csv: bool) -> str:
    if as_json:
        return "json"
    if as_csv:
        return "csv"
    return fmt


def echo_tables(tables: Sequence[Table], fmt: str) -> None:
    click.echo(render_many(tables, fmt), nl=False)


def add_commands_from(group: click.Group, package: str) -> click.Group:
    """Attach every command listed in ``COMMANDS`` by the modules of ``package``.

    Each area keeps its commands in ``lingeval.<area>.commands.<topic>`` modules (heavy imports
    inside the command functions), so several people can add commands without touching one file.
    """
    import importlib
    import pkgutil

    pkg = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        for command in getattr(module, "COMMANDS", ()):
            group.add_command(command)
    return group
