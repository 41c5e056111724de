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
