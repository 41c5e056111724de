"""The ``lingeval`` command: one sub-command group per area, loaded lazily.

``lingeval depeval ...`` imports only the dependency-evaluation code, so it starts fast;
spaCy, pandas, torch and the web stack load only in the areas that need them.
Every :class:`~lingeval.core.errors.LingevalError` becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from lingeval import __version__
from lingeval.core.errors import LingevalError

AREAS: dict[str, tuple[str, str]] = {
    "depeval": (
        "lingeval.depeval.cli",
        "Fair dependency-parse evaluation: attachment, undirected, NED.",
    ),
    "conjuncts": (
        "lingeval.conjuncts.cli",
        "Conjunct resolution: resolve, evaluate, mine, annotate.",
    ),
    "study": ("lingeval.study.cli", "Human studies: design, serve a web survey, analyse."),
    "probe": (
        "lingeval.probing.cli",
        "Probe language models on connectives: build, score, compare.",
    ),
}


class LazyGroup(click.Group):
    """A group whose area sub-groups are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *AREAS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in AREAS:
            module = importlib.import_module(AREAS[cmd_name][0])
            cmd: click.Command = module.cli
            return cmd
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, AREAS[name][1]) for name in sorted(AREAS)]
        with formatter.section("Areas"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lingeval")
def cli() -> None:
    """lingeval: linguistically grounded evaluation of NLP systems.

    Run `lingeval AREA --help` for the commands of an area.
    """


def main(argv: list[str] | None = None) -> Any:
    """Console entry point: run the CLI, turning input errors into exit code 2."""
    try:
        return cli.main(args=argv, prog_name="lingeval", standalone_mode=False)
    except LingevalError as err:
        click.echo(f"lingeval: error: {err}", err=True)
        sys.exit(err.exit_code)
    except click.exceptions.Abort:
        click.echo("lingeval: aborted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("lingeval: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
