"""``lingeval depeval score|compare|sensitivity|significance|transform|transformations``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from lingeval.core.cliutils import echo_tables, output_options, plot_option, resolve_format
from lingeval.core.report import Table, to_jsonable

F = TypeVar("F", bound=Callable[..., Any])

_PUNCT_HELP = (
    "Words left out of the scores: none (count every word; default), upos (gold UPOS PUNCT), "
    "upos-sym (PUNCT or SYM), xpos-ptb (the original NED script's PTB tags), deprel (punct)."
)


def options_decorator(func: F) -> F:
    """The options that change a depeval number (all recorded in the signature)."""
    func = click.option(
        "--multiple-roots", is_flag=True, help="Accept several root words per sentence."
    )(func)
    func = click.option(
        "--tokenization",
        type=click.Choice(["identical", "align"]),
        default="identical",
        show_default=True,
        help="identical: same words required; align: align words by character spans (CoNLL 2018) and report P/R/F1.",
    )(func)
    func = click.option(
        "--align",
        type=click.Choice(["order", "sent_id"]),
        default="order",
        show_default=True,
        help="Pair sentences by order or by '# sent_id'.",
    )(func)
    func = click.option(
        "--max-len",
        type=int,
        default=None,
        help="Keep sentences of at most N words after punctuation removal (WSJ10: 10).",
    )(func)
    func = click.option(
        "--punct",
        type=click.Choice(["none", "upos", "upos-sym", "xpos-ptb", "deprel"]),
        default="none",
        show_default=True,
        help=_PUNCT_HELP,
    )(func)
    return func


def make_options(
    punct: str, max_len: int | None, align: str, tokenization: str, multiple_roots: bool
) -> Any:
    from lingeval.depeval.evaluate import DepevalOptions

    return DepevalOptions(
        punct=punct,
        max_len=max_len,
        align=align,  # type: ignore[arg-type]  # click.Choice guarantees the literal
        tokenization=tokenization,  # type: ignore[arg-type]
        multiple_roots=multiple_roots,
    )


_file = click.Path(dir_okay=False, allow_dash=True, path_type=str)


@click.command("score")
@click.argument("gold", type=_file)
@click.argument("systems", type=_file, nargs=-1, required=True)
@options_decorator
@click.option(
    "--breakdown",
    "breakdowns",
    multiple=True,
    type=click.Choice(["relation", "upos", "deplen", "sentlen", "errors", "sentences", "all"]),
    help="Add tables by gold relation, UPOS, dependency length, sentence length, head-error position, or per sentence. Repeatable.",
)
@output_options
def score_cmd(
    gold: str,
    systems: tuple[str, ...],
    breakdowns: tuple[str, ...],
    fmt: str,
    as_json: bool,
    as_csv: bool,
    **opts: Any,
) -> None:
    """Score SYSTEMS against GOLD: UAS, LAS, undirected and NED (Schwartz et al. 2011)."""
    from lingeval.depeval.api import (
        breakdown_table,
        errors_table,
        score,
        score_table,
        sentences_table,
    )

    fmt = resolve_format(fmt, as_json, as_csv)
    options = make_options(**opts)
    wanted = (
        ["relation", "upos", "deplen", "sentlen", "errors", "sentences"]
        if "all" in breakdowns
        else list(dict.fromkeys(breakdowns))
    )
    need_groups = any(b in ("relation", "upos", "deplen", "sentlen") for b in wanted)
    results = [score(gold, s, options, breakdowns=need_groups) for s in systems]
    if fmt == "json" and not wanted:
        click.echo(
            json.dumps(to_jsonable([r.as_dict() for r in results]), indent=2, ensure_ascii=False)
        )
        return
    tables: list[Table] = [score_table(results)]
    for r in results:
        for b in wanted:
            if b == "errors":
                tables.append(errors_table(r))
            elif b == "sentences":
                tables.append(sentences_table(r))
            else:
                tables.append(breakdown_table(r, b))
    echo_tables(tables, fmt)


@click.command("compare")
@click.argument("gold_a", type=_file)
@click.argument("gold_b", type=_file)
@options_decorator
@plot_option("a bar chart", dest="plot_path")
@output_options
def compare_cmd(
    gold_a: str,
    gold_b: str,
    plot_path: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
    **opts: Any,
) -> None:
    """How far two gold standards of the same sentences are apart, under every measure, both ways."""
    from lingeval.depeval.api import compare_gold_standards

    cmp = compare_gold_standards(gold_a, gold_b, make_options(**opts))
    echo_tables([cmp.table()], resolve_format(fmt, as_json, as_csv))
    if plot_path:
        click.echo(f"plot: {cmp.plot(plot_path)}", err=True)


@click.command("sensitivity")
@click.argument("gold", type=_file)
@click.argument("systems", type=_file, nargs=-1, required=True)
@click.option(
    "--transform",
    "transforms",
    multiple=True,
    help="Transformation name (repeatable; chain with '+'). Default: every registered one.",
)
@options_decorator
@plot_option("a bar chart", dest="plot_path")
@output_options
def sensitivity_cmd(
    gold: str,
    systems: tuple[str, ...],
    transforms: tuple[str, ...],
    plot_path: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
    **opts: Any,
) -> None:
    """How each score moves when an annotation convention of GOLD is switched."""
    from lingeval.depeval.api import convention_sensitivity

    rep = convention_sensitivity(gold, systems, transforms or None, make_options(**opts))
    echo_tables([rep.table()], resolve_format(fmt, as_json, as_csv))
    if plot_path:
        click.echo(f"plot: {rep.plot(plot_path)}", err=True)


@click.command("significance")
@click.argument("gold", type=_file)
@click.argument("system_a", type=_file)
@click.argument("system_b", type=_file)
@click.option(
    "--method",
    type=click.Choice(["bootstrap", "randomization"]),
    default="bootstrap",
    show_default=True,
)
@click.option(
    "--samples",
    type=int,
    default=1000,
    show_default=True,
    help="Bootstrap samples or randomisation trials.",
)
@click.option("--seed", type=int, default=12345, show_default=True)
@options_decorator
@output_options
def significance_cmd(
    gold: str,
    system_a: str,
    system_b: str,
    method: str,
    samples: int,
    seed: int,
    fmt: str,
    as_json: bool,
    as_csv: bool,
    **opts: Any,
) -> None:
    """Paired significance of B against A over sentences (bootstrap or approximate randomisation)."""
    from lingeval.depeval.api import significance, significance_table

    results, sig = significance(
        gold, system_a, system_b, make_options(**opts), method=method, samples=samples, seed=seed
    )
    echo_tables(
        [significance_table(results, sig, system_a, system_b)], resolve_format(fmt, as_json, as_csv)
    )


@click.command("transform")
@click.argument("source", type=_file)
@click.argument("target", type=click.Path(dir_okay=False, allow_dash=True, path_type=str))
@click.option(
    "--transform",
    "transforms",
    multiple=True,
    required=True,
    help="Transformation name (repeatable, applied in order).",
)
@click.option("--multiple-roots", is_flag=True)
def transform_cmd(
    source: str, target: str, transforms: tuple[str, ...], multiple_roots: bool
) -> None:
    """Apply convention transformations to SOURCE and write CoNLL-U to TARGET ('-' for stdout)."""
    from lingeval.core.conllu import read_conllu, write_conllu
    from lingeval.depeval.conventions import apply_transformations, transformation

    for t in transforms:
        transformation(t)  # fail early on an unknown name
    n = write_conllu(
        apply_transformations(read_conllu(source, multiple_roots=multiple_roots), transforms),
        target,
    )
    if n == 0:
        from lingeval.core.errors import InputError

        raise InputError("no sentences to transform", path=source)
    if str(target) != "-":
        click.echo(f"wrote {n} sentences to {Path(target)}", err=True)


@click.command("transformations")
@output_options
def transformations_cmd(fmt: str, as_json: bool, as_csv: bool) -> None:
    """List the registered convention transformations."""
    from lingeval.depeval.conventions import list_transformations

    items = list_transformations()
    fmt = resolve_format(fmt, as_json, as_csv)
    if fmt == "json":
        click.echo(json.dumps(to_jsonable(items), indent=2))
        return
    t = Table(
        ["name", "what it does"],
        [list(kv) for kv in items.items()],
        title="Convention transformations",
    )
    echo_tables([t], fmt)


COMMANDS = [
    score_cmd,
    compare_cmd,
    sensitivity_cmd,
    significance_cmd,
    transform_cmd,
    transformations_cmd,
]
