"""``lingeval study admin ...``: create a study database, watch progress, export, close."""

from __future__ import annotations

from pathlib import Path

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format


@click.group(name="admin")
def admin() -> None:
    """Create and manage studies in a study database (SQLite file or database URL)."""


@admin.command(name="init")
@click.argument("db")
@click.option(
    "--study",
    "study_id",
    required=True,
    help="Study id used in the links (letters, digits, - and _).",
)
@click.option(
    "--items",
    "items_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="Items (JSON list or JSON Lines of StudyItem).",
)
@click.option(
    "--design",
    "design_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Design CSV; default: make one.",
)
@click.option(
    "--groups",
    type=int,
    default=None,
    help="Groups when making the design (default: the number of systems).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the design.")
@click.option("--task", "task_type", default="reg", show_default=True, help="Registered task type.")
@click.option(
    "--per-group", type=int, default=8, show_default=True, help="Participants planned per group."
)
@click.option("--title", default="", help="Title shown to participants.")
@click.option("--completion-code", default=None, help="Completion code (default: random).")
@click.option(
    "--redirect-url", default=None, help="Completion redirect; {code} is replaced by the code."
)
@click.option(
    "--admin-token",
    envvar="LINGEVAL_ADMIN_TOKEN",
    default=None,
    help="Admin token, at least 16 characters (env LINGEVAL_ADMIN_TOKEN); default: a random "
    "one, printed once.",
)
@click.option(
    "--prolific-study-id",
    default=None,
    help="Your Prolific study id: entry links must carry it as STUDY_ID (default: not checked).",
)
@click.option(
    "--min-item-seconds",
    type=click.FloatRange(min=0),
    default=None,
    help="Flag participants whose median seconds per item is below this (default: the task "
    "type's, 10 for reg; 0 = never).",
)
@click.option(
    "--attention-items",
    "attention_path",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Attention-check items (JSON, payload key 'attention': question -> expected answer), "
    "added to every group.",
)
@click.option(
    "--stale-after",
    type=click.IntRange(min=1),
    default=120,
    show_default=True,
    help="Minutes without activity after which an unfinished participant no longer holds a "
    "place in a group.",
)
@click.option(
    "--consent-file",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Your consent information (plain text, blank lines between paragraphs).",
)
@click.option(
    "--instructions-file",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Your instructions instead of the task type's ({n} = items per participant).",
)
def init_cmd(
    db: str,
    study_id: str,
    items_path: str,
    design_path: str | None,
    groups: int | None,
    seed: int,
    task_type: str,
    per_group: int,
    title: str,
    completion_code: str | None,
    redirect_url: str | None,
    admin_token: str | None,
    stale_after: int,
    consent_file: str | None,
    instructions_file: str | None,
    prolific_study_id: str | None,
    min_item_seconds: float | None,
    attention_path: str | None,
) -> None:
    """Create study STUDY in DB from items and a design (made here when not given)."""
    from lingeval.core.textio import read_text
    from lingeval.study.design import make_design, read_design
    from lingeval.study.storage import Store, new_admin_token
    from lingeval.study.tasks.base import load_items

    items = load_items(items_path)
    checks = load_items(attention_path) if attention_path else []
    generated = admin_token is None
    admin_token = admin_token or new_admin_token()
    if design_path:
        design = read_design(design_path, per_group=per_group)
    else:
        n_groups = groups or len({it.system for it in items})
        design = make_design(items, n_groups, seed=seed, per_group=per_group)
    from lingeval.core.errors import InputError

    store = Store(db)
    try:
        info = store.create_study(
            study_id,
            items,
            design,
            task_type=task_type,
            title=title,
            per_group=per_group,
            completion_code=completion_code,
            redirect_url=redirect_url,
            admin_token=admin_token,
            stale_after_s=stale_after * 60,
            consent_text=read_text(consent_file) if consent_file else None,
            instructions_text=(read_text(instructions_file) if instructions_file else None),
            prolific_study_id=prolific_study_id,
            min_item_s=min_item_seconds,
            attention_items=checks,
        )
    except InputError as err:
        if err.path is None:  # a bad item: name the items file
            raise InputError(err.problem, path=items_path) from None
        raise
    click.echo(
        f"created study {info.id} in {store.safe_url}: {len(design.cells)} versions, {info.n_groups} groups, "
        f"{info.per_group} participants per group; completion code {info.completion_code}"
    )
    if generated:
        click.echo(f"admin token for {info.id}: {admin_token}  (keep it; it is stored hashed)")


@admin.command(name="progress")
@click.argument("db")
@click.option("--study", "study_id", required=True)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also draw participants per group as a PNG.",
)
@output_options
def progress_cmd(
    db: str, study_id: str, plot: str | None, fmt: str, as_json: bool, as_csv: bool
) -> None:
    """Progress per group and time per participant."""
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature
    from lingeval.study.storage import Store

    store = Store(db)
    sig = Signature("study-progress", {"study": study_id})
    groups = Table(
        ["group", "planned", "completed", "in_progress", "assigned", "items_answered"],
        title=f"Study {study_id}: groups",
        signature=sig,
    )
    for g in store.progress(study_id):
        groups.add(g.group, g.planned, g.completed, g.active, g.assigned, g.responses)
    people = Table(
        ["participant", "group", "status", "items", "minutes", "median_s_per_item"],
        title="Participants",
        signature=sig,
        digits=1,
    )
    for p in store.participants(study_id):
        people.add(
            p.external_id,
            p.group,
            p.status,
            f"{p.steps_done}/{p.total}",
            p.minutes,
            p.median_item_s,
        )
    echo_tables([groups, people], resolve_format(fmt, as_json, as_csv))
    if plot:
        from lingeval.study.web.charts import progress_png

        Path(plot).write_bytes(progress_png(store.progress(study_id), title=f"Study {study_id}"))
        click.echo(f"wrote {plot}", err=True)


@admin.command(name="export")
@click.argument("db")
@click.option("--study", "study_id", required=True)
@click.option(
    "--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="File (default: stdout).",
)
@click.option("--completed-only", is_flag=True, help="Only participants who finished the study.")
def export_cmd(db: str, study_id: str, fmt: str, output: str | None, completed_only: bool) -> None:
    """Export the tidy answer table (one row per answer; lingeval.study.answers)."""
    import json

    from lingeval.study.storage import Store

    store = Store(db)
    text = (
        store.export_csv(study_id, completed_only=completed_only)
        if fmt == "csv"
        else json.dumps(
            store.export_json(study_id, completed_only=completed_only), ensure_ascii=False, indent=1
        )
        + "\n"
    )
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)


@admin.command(name="close")
@click.argument("db")
@click.option("--study", "study_id", required=True)
def close_cmd(db: str, study_id: str) -> None:
    """Close a study: no new participants; those in progress may finish."""
    from lingeval.study.storage import Store

    Store(db).close(study_id)
    click.echo(f"closed study {study_id}")


COMMANDS = [admin]
