"""``lingeval conjuncts evaluate`` and ``lingeval conjuncts baselines`` (verb-nucleus metric)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from lingeval.core.cliutils import (
    cache_dir_option,
    echo_tables,
    nucleus_options,
    output_options,
    parsing_options,
    plot_option,
    resolve_format,
)

F = TypeVar("F", bound=Callable[..., Any])


def metric_options(func: F) -> F:
    """Options shared by ``evaluate`` and ``baselines`` (they change numbers or speed)."""
    opts = [
        click.option(
            "--gold",
            "-g",
            "gold",
            required=True,
            type=click.Path(dir_okay=False),
            help="Gold examples (JSONL, CSV, ...).",
        ),
        click.option(
            "--gold-format",
            type=click.Choice(["jsonl", "csv", "marked", "text"]),
            default=None,
            help="Format of --gold (default: from the extension).",
        ),
        click.option(
            "--columns",
            default=None,
            help="CSV column mapping, e.g. 'sentence=text,rewrites=gold'.",
        ),
        click.option(
            "--split",
            "split",
            default=None,
            help="Score only gold examples of this split (e.g. test).",
        ),
        nucleus_options,
        click.option(
            "--no-aux", is_flag=True, help="Do not count auxiliaries (aux/auxpass) as verb nuclei."
        ),
        click.option(
            "--aggregation",
            type=click.Choice(["micro", "macro"]),
            default="macro",
            show_default=True,
            help="macro: mean of per-example scores, the paper's (reproduces Table 3's "
            "Calibration_1 with --empty zero); micro: sum counts over examples.",
        ),
        click.option(
            "--empty",
            type=click.Choice(["zero", "skip", "match"]),
            default="zero",
            show_default=True,
            help="Value of 0/0: 0, left out (macro), or 100 when both sides are empty.",
        ),
        click.option(
            "--em-order",
            type=click.Choice(["aligned", "any"]),
            default="aligned",
            show_default=True,
            help="Exact match compares sentence i with gold sentence i, or the sets in any order.",
        ),
        click.option("--em-uncased", is_flag=True, help="Exact match ignores letter case."),
        click.option(
            "--bootstrap",
            type=click.IntRange(min=0),
            default=1000,
            show_default=True,
            help="Bootstrap resamples (0: no CIs).",
        ),
        click.option("--seed", type=int, default=12345, show_default=True, help="Bootstrap seed."),
        parsing_options,
        plot_option("P/R/F1 bars with the F1 CI"),
        output_options,
    ]
    for opt in reversed(opts):
        func = opt(func)
    return func


def _options(kw: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.nuclei import NucleusSpec

    opts = MetricOptions(
        spec=NucleusSpec(words=kw["words"], labels=kw["labels"], aux=not kw["no_aux"]),
        aggregation=kw["aggregation"],
        empty=kw["empty"],
        em_order=kw["em_order"],
        em_case=not kw["em_uncased"],
        bootstrap=kw["bootstrap"],
        seed=kw["seed"],
    )
    run = {
        "options": opts,
        "spacy_model": kw["spacy_model"],
        "n_process": kw["n_process"],
        "cache_dir": cache_dir_option(kw["cache_dir"], kw["no_cache"]),
        "progress": sys.stderr.isatty(),
    }
    return opts, run


def _gold(kw: dict[str, Any]) -> list[Any]:
    from lingeval.conjuncts.data import read_examples
    from lingeval.core.errors import InputError

    extra: dict[str, Any] = {}
    if kw["columns"]:
        extra["columns"] = kw["columns"]
    examples = read_examples(kw["gold"], kw["gold_format"], **extra)
    if kw["split"]:
        examples = [e for e in examples if e.split == kw["split"]]
        if not examples:
            raise InputError(f"no gold examples in split {kw['split']!r}", path=kw["gold"])
    if not examples:
        raise InputError("no gold examples", path=kw["gold"])
    return examples


def _emit(result: Any, kw: dict[str, Any], details: bool) -> None:
    if kw.get("plot"):
        from lingeval.conjuncts.plots import plot_scores

        plot_scores(result, kw["plot"])
        click.echo(f"wrote {kw['plot']}", err=True)
    fmt = resolve_format(kw["fmt"], kw["as_json"], kw["as_csv"])
    if fmt == "json":
        from lingeval.core.report import to_jsonable

        click.echo(
            json.dumps(to_jsonable(result.to_dict(details=details)), ensure_ascii=False, indent=2)
        )
    else:
        echo_tables(result.tables(), fmt)


@click.command("evaluate")
@metric_options
@click.option(
    "--pred",
    "-p",
    "preds",
    required=True,
    multiple=True,
    type=click.Path(dir_okay=False),
    help="System predictions: JSONL {id, rewrites}, JSON {id: [...]}, ID<TAB>REWRITES, or one line per gold example (sentences separated by <SEP>). Repeatable.",
)
@click.option(
    "--allow-missing", is_flag=True, help="Score gold ids without a prediction as empty outputs."
)
@click.option(
    "--details",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write per-example counts and nuclei as JSONL.",
)
@click.option("--details-json", is_flag=True, help="Include per-example details in --json output.")
def evaluate_cmd(
    preds: tuple[str, ...], allow_missing: bool, details: str | None, details_json: bool, **kw: Any
) -> None:
    """Score system rewrites with the verb-nucleus metric (paper 000, section 6).

    Prints precision, recall and F1 (percent) with a bootstrap CI, F1 per conjunction, exact
    match and verb counts, beside Calibration_1 and Calibration_k, with the signature.
    """
    from lingeval.conjuncts.data import read_predictions
    from lingeval.conjuncts.metric import evaluate

    examples = _gold(kw)
    _, run = _options(kw)
    systems: dict[str, dict[str, list[str]]] = {}
    for path in preds:
        name = Path(path).stem
        while name in systems:
            name += "'"
        # plain-text outputs align line by line with the (selected) gold examples
        systems[name] = read_predictions(path, ids=[e.id for e in examples])
    if kw["split"]:
        wanted = {e.id for e in examples}
        systems = {n: {k: v for k, v in p.items() if k in wanted} for n, p in systems.items()}
    result = evaluate(examples, systems, allow_missing=allow_missing, **run)
    if details:
        with open(details, "w", encoding="utf-8") as fh:
            for s in result.rows:
                for e in s.examples:
                    fh.write(
                        json.dumps(
                            {"system": s.name, **e.as_dict(result.options.empty)},
                            ensure_ascii=False,
                        )
                        + "\n"
                    )
    _emit(result, kw, details_json)


@click.command("baselines")
@metric_options
def baselines_cmd(**kw: Any) -> None:
    """Calibration_1 (the input once) and Calibration_k (k copies) for a gold file (section 6)."""
    from lingeval.conjuncts.metric import baselines

    examples = _gold(kw)
    _, run = _options(kw)
    _emit(baselines(examples, **run), kw, False)


COMMANDS = [evaluate_cmd, baselines_cmd]
