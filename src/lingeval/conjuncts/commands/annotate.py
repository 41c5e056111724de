"""``lingeval conjuncts annotate ...``: quality checks, consolidation, agreement (paper 000, 4.2)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from lingeval.core.cliutils import alias_command, echo_tables, output_options, resolve_format

if TYPE_CHECKING:
    from lingeval.conjuncts.annotation.submissions import Submission

F = TypeVar("F", bound=Callable[..., Any])


def _input_options(func: F) -> F:
    func = click.option(
        "--columns",
        default=None,
        help="MTurk CSV column mapping, e.g. 'sentence=Input.text{i},rewrites=Answer.out{i},worker=WorkerId' "
        "({i} numbers the items of a HIT).",
    )(func)
    func = click.option(
        "--tasks",
        "tasks_path",
        default=None,
        type=click.Path(dir_okay=False),
        help="Task file (JSONL/CSV/marked) giving each example's sentence and conjunction by id.",
    )(func)
    func = click.argument("submissions", nargs=-1, required=True, type=click.Path(dir_okay=False))(
        func
    )
    return func


def _load(
    submissions: tuple[str, ...], tasks_path: str | None, columns: str | None, require_items: bool
) -> list[Submission]:
    from lingeval.conjuncts.annotation.submissions import attach_tasks, read_submissions

    subs = read_submissions(list(submissions), columns=columns)
    tasks: dict[str, Any] = {}
    if tasks_path:
        from lingeval.conjuncts.data import read_examples

        tasks = {ex.id: ex for ex in read_examples(tasks_path)}
    if require_items or tasks:
        subs = attach_tasks(subs, tasks)
    return subs


@click.group(name="annotate")
def annotate() -> None:
    """Crowd annotation of conjunct rewrites: checks, consolidation, agreement (section 4.2).

    Submissions are task JSONL (example_id, worker_id, sentences, not_rewritable,
    explanation, unsure, long_list) or Amazon Mechanical Turk batch results CSV.
    """


@annotate.command(name="check")
@_input_options
@click.option(
    "--failing", is_flag=True, help="Show only submissions that fail a check or carry a flag."
)
@output_options
def check_command(
    submissions: tuple[str, ...],
    tasks_path: str | None,
    columns: str | None,
    failing: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Run the section 4.2 quality checks on every submission, with readable reasons.

    Exit status: 0 when every submission passes (flags such as unsure or long list do not
    fail), 1 when any submission fails a check, 2 for bad input.

    \b
    lingeval conjuncts annotate check batch1.csv --tasks tasks.jsonl
    """
    from lingeval.conjuncts.annotation.checks import message
    from lingeval.conjuncts.annotation.consolidate import check_submission
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature

    subs = _load(submissions, tasks_path, columns, require_items=True)
    table = Table(
        ["example", "worker", "status", "failed", "reasons"],
        title="Quality checks (section 4.2)",
        signature=Signature(
            "conjuncts-checks",
            {"long_list": 10, "lemmas": "lemminflect", "checks": "4.2+coverage+polarity"},
        ),
    )
    n_err = n_flag = 0
    for s in subs:
        results = check_submission(s)
        errors = [r for r in results if not r.ok and r.severity == "error"]
        flags = [r for r in results if not r.ok and r.severity == "flag"]
        status = "error" if errors else "flag" if flags else "ok"
        n_err += bool(errors)
        n_flag += bool(flags) and not errors
        if failing and status == "ok":
            continue
        bad = errors + flags
        table.add(
            s.example_id,
            s.worker_id,
            status,
            ",".join(r.check for r in bad),
            " ".join(filter(None, (message(results), message(results, severity="flag")))),
        )
    table.notes.append(
        f"{len(subs)} submissions: {len(subs) - n_err - n_flag} ok, {n_err} with errors, {n_flag} flagged"
    )
    echo_tables([table], resolve_format(fmt, as_json, as_csv))
    if n_err:
        sys.exit(1)


@annotate.command(name="check-set")
@click.argument("sentence")
@click.argument("rewrites", nargs=-1)
@click.option(
    "--offset", type=int, default=None, help="Character offset of the marked conjunction."
)
@click.option("--not-rewritable", is_flag=True, help="The answer leaves the sentence unchanged.")
@click.option("--explanation", default="", help="Why it cannot be rewritten.")
@click.option("--unsure", is_flag=True)
@click.option("--long-list", is_flag=True)
@output_options
def check_set_command(
    sentence: str,
    rewrites: tuple[str, ...],
    offset: int | None,
    not_rewritable: bool,
    explanation: str,
    unsure: bool,
    long_list: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Check one rewrite set. SENTENCE marks the conjunction as <SPLIT> and </SPLIT> or holds one
    and/or/but (else give --offset).

    Exit status: 0 when the set passes, 1 when a check fails, 2 for bad input.

    \b
    lingeval conjuncts annotate check-set "Josh likes wine <SPLIT> and </SPLIT> Jane water." \\
        "Josh likes wine." "Jane likes water."
    """
    from lingeval.conjuncts.annotation.checks import check_rewrite_set, message, passed
    from lingeval.conjuncts.data import example_from_dict
    from lingeval.core.errors import LingevalError
    from lingeval.core.report import Table

    record: dict[str, Any] = {"id": "cli", "sentence": sentence}
    if offset is not None:
        record["offset"] = offset
    try:
        ex = example_from_dict(record)
    except ValueError as exc:
        raise LingevalError(f"cannot locate the conjunction: {exc}") from None
    results = check_rewrite_set(
        ex.sentence,
        ex.conjunction,
        ex.offset,
        list(rewrites),
        rewritable=not not_rewritable,
        explanation=explanation,
        unsure=unsure,
        long_list=long_list,
    )
    table = Table(["check", "ok", "severity", "reason"], title=f"{ex.marked()}")
    for r in results:
        table.add(r.check, r.ok, r.severity, r.reason)
    table.notes.append("passes" if passed(results) else f"fails: {message(results)}")
    echo_tables([table], resolve_format(fmt, as_json, as_csv))
    if not passed(results):
        sys.exit(1)


@annotate.command(name="agreement")
@_input_options
@click.option(
    "--plot",
    "plot_path",
    default=None,
    type=click.Path(dir_okay=False),
    help="Write a PNG chart per batch.",
)
@output_options
def agreement_command(
    submissions: tuple[str, ...],
    tasks_path: str | None,
    columns: str | None,
    plot_path: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Inter-annotator agreement: unanimous rewrite-count agreement, exact match, average
    Jaccard; overall, per batch and per annotator (section 4.2)."""
    from lingeval.conjuncts.annotation.consolidate import agreement, plot_agreement

    subs = _load(submissions, tasks_path, columns, require_items=False)
    report = agreement(subs)
    if plot_path:
        plot_agreement(report, plot_path)
    echo_tables(report.tables(), resolve_format(fmt, as_json, as_csv))


@annotate.command(name="consolidate")
@_input_options
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Gold task JSONL to write.",
)
@click.option("--no-checks", is_flag=True, help="Let answers that fail a quality check vote too.")
@output_options
def consolidate_command(
    submissions: tuple[str, ...],
    tasks_path: str | None,
    columns: str | None,
    output: str,
    no_checks: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Consolidate answers into gold examples: majority set, else majority count with the
    best-agreeing annotator, else the best-agreeing annotator; long lists removed (4.2).

    \b
    lingeval conjuncts annotate consolidate batch*.csv --tasks tasks.jsonl -o gold.jsonl
    """
    from lingeval.conjuncts.annotation.consolidate import consolidate
    from lingeval.conjuncts.data import write_jsonl

    subs = _load(submissions, tasks_path, columns, require_items=True)
    result = consolidate(subs, use_checks=not no_checks)
    write_jsonl(result.examples, output)
    echo_tables(result.tables(), resolve_format(fmt, as_json, as_csv))


@annotate.command(name="hits")
@click.argument("tasks_path", metavar="TASKS", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Study items (JSON) to write.",
)
@click.option(
    "--size", default=7, show_default=True, type=click.IntRange(1, 20), help="Sentences per HIT."
)
def hits_command(tasks_path: str, output: str, size: int) -> None:
    """Group task examples (e.g. mined candidates) into conjunct-rewrite HITs for `lingeval study`.

    \b
    lingeval conjuncts annotate hits candidates.jsonl -o items.json
    """
    from lingeval.conjuncts.annotation.task import make_hits
    from lingeval.conjuncts.data import read_examples
    from lingeval.study.tasks.base import save_items

    items = make_hits(read_examples(tasks_path), size=size)
    save_items(items, output)
    n = sum(len(it.payload["sentences"]) for it in items)
    click.echo(f"{len(items)} HITs ({n} sentences, task type conjunct-rewrite) -> {output}")


def _register_task_type() -> None:
    """Import the task type so that ``registry.task_types`` knows ``conjunct-rewrite``."""
    import lingeval.conjuncts.annotation.task  # noqa: F401


def _one_hit_each(command: click.Command) -> click.Command:
    """``--groups`` defaults to the number of HITs: one group per HIT, so that a participant
    gets one HIT (the paper's assignment), not all of them."""
    inner = command.callback
    assert inner is not None

    def callback(**kwargs: Any) -> Any:
        if kwargs.get("groups") is None and not kwargs.get("design_path"):
            from lingeval.study.tasks.base import load_items

            kwargs["groups"] = len({it.item_id for it in load_items(kwargs["items_path"])})
        return inner(**kwargs)

    command.callback = callback
    return command


def _study_commands() -> None:
    from lingeval.study.commands.admin import init_cmd
    from lingeval.study.commands.serve import serve_cmd

    annotate.add_command(
        _one_hit_each(
            alias_command(
                init_cmd,
                "study",
                "Create a conjunct-rewrite study in DB from ITEMS (from `annotate hits`).\n\n"
                "The study engine's `study admin init` with this area's task type. One group per "
                "HIT: each participant does one HIT of seven sentences, and --per-group "
                "participants (annotators) do each HIT.\n\n"
                "\b\n    lingeval conjuncts annotate study study.db --study rw1 --items items.json --per-group 3",
                before=_register_task_type,
                overrides={
                    "task_type": click.Option(
                        ["--task", "task_type"], default="conjunct-rewrite", hidden=True
                    ),
                    "groups": click.Option(
                        ["--groups", "groups"],
                        type=int,
                        default=None,
                        help="Groups when making the design (default: one per HIT, so that each "
                        "participant does one HIT).",
                    ),
                },
            )
        )
    )
    annotate.add_command(
        alias_command(
            serve_cmd,
            "serve",
            "Alias of `lingeval study serve` (same options), kept for old scripts.",
            before=_register_task_type,
        )
    )


_study_commands()

COMMANDS = [annotate]
