"""``lingeval study design``: distribute items x systems into groups (Latin-square-like)."""

from __future__ import annotations

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format
from lingeval.core.errors import LingevalError


@click.command(name="design")
@click.argument("items_path", metavar="ITEMS", type=click.Path(dir_okay=False))
@click.option("--groups", type=int, default=None, help="Number of groups (lists).")
@click.option(
    "--per-group", type=int, default=None, help="Participants planned per group (default 8)."
)
@click.option(
    "--preset",
    type=click.Choice(["paper"]),
    default=None,
    help="paper: 48 items x 5 systems in 16 groups, 8 per group (paper 002, 4.2).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the design CSV here.",
)
@click.option(
    "--check",
    "check_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Instead: read and check a design CSV.",
)
@output_options
def design_cmd(
    items_path: str,
    groups: int | None,
    per_group: int | None,
    preset: str | None,
    seed: int,
    output: str | None,
    check_path: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Place every (item, system) version of ITEMS into groups and print a summary.

    No group holds two versions of an item, groups are equal in size and each system is spread
    evenly over the groups; the same seed gives the same design.
    """
    from lingeval.study.design import PRESETS, make_design, read_design
    from lingeval.study.tasks.base import load_items

    items = load_items(items_path)
    n_items = len({it.item_id for it in items})
    n_systems = len({it.system for it in items})
    if preset:
        p = PRESETS[preset]
        if (n_items, n_systems) != (p.n_items, p.n_systems):
            raise LingevalError(
                f"preset {preset} expects {p.n_items} items x {p.n_systems} systems; {items_path} has {n_items} x {n_systems}"
            )
        groups = groups or p.n_groups
        per_group = per_group or p.per_group
    if check_path:
        design = read_design(check_path, per_group=per_group or 8)
        known = {it.key for it in items}
        for c in design.cells:
            if (c.item_id, c.system) not in known:
                raise LingevalError(
                    f"{check_path}: {c.item_id}/{c.system} is not among the items of {items_path}"
                )
    else:
        design = make_design(items, groups or n_systems, seed=seed, per_group=per_group or 8)
    if output:
        design.to_csv(output)
        click.echo(f"wrote {output}", err=True)
    echo_tables([design.summary()], resolve_format(fmt, as_json, as_csv))


COMMANDS = [design_cmd]
