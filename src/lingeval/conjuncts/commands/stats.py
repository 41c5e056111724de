"""``lingeval conjuncts stats``: the dataset's descriptive tables (paper 000, section 5, Figure 3)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from lingeval.core.cliutils import (
    cache_dir_option,
    echo_tables,
    nucleus_options,
    output_options,
    parsing_options,
    resolve_format,
)


@click.command("stats")
@click.argument("data", type=click.Path(dir_okay=False))
@click.option(
    "--by", type=click.Choice(["split"]), default=None, help="One row per split besides the total."
)
@click.option(
    "--format-in",
    "fmt_in",
    type=click.Choice(["jsonl", "csv", "marked", "text"]),
    default=None,
    help="Format of DATA (default: from the extension).",
)
@click.option(
    "--columns", default=None, help="CSV column mapping, e.g. 'sentence=text,rewrites=gold'."
)
@click.option(
    "--pred",
    "-p",
    "preds",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="System predictions: add the metric by conjunction and set size. Repeatable.",
)
@click.option(
    "--by-meta",
    default=None,
    help="With --pred: also break the metric down by this meta key (e.g. phenomenon).",
)
@click.option(
    "--allow-missing", is_flag=True, help="Score gold ids without a prediction as empty outputs."
)
@click.option(
    "--plot-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Write set-size and Figure 3 histograms (PNG) here.",
)
@nucleus_options
@parsing_options
@output_options
def stats_cmd(
    data: str,
    by: str | None,
    fmt_in: str | None,
    columns: str | None,
    preds: tuple[str, ...],
    by_meta: str | None,
    allow_missing: bool,
    plot_dir: str | None,
    spacy_model: str | None,
    words: str,
    labels: str,
    n_process: int,
    cache_dir: str | None,
    no_cache: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Explicit/omitted verbs (Table 1), conjunctions (Table 2), rewrite-set sizes, Figure 3.

    Example: lingeval conjuncts stats data.jsonl --by split --plot-dir figs
    """
    from lingeval.conjuncts.data import read_examples, read_predictions
    from lingeval.conjuncts.metric import MetricOptions
    from lingeval.conjuncts.nuclei import NucleusSpec
    from lingeval.conjuncts.parse_features import SpacyAnalyzer
    from lingeval.conjuncts.stats import SET_SIZE_ORDER, dataset_stats, prediction_breakdown

    options: dict[str, Any] = {"columns": columns} if columns else {}
    examples = read_examples(data, fmt_in, **options)
    spec = NucleusSpec(words=words, labels=labels)
    cache = cache_dir_option(cache_dir, no_cache)
    analyzer = SpacyAnalyzer(
        spacy_model, spec=spec, n_process=n_process, cache_dir=cache, progress=sys.stderr.isatty()
    )
    result = dataset_stats(examples, by=by, analyzer=analyzer)
    tables = list(result.tables)
    if preds:
        systems = {}
        for path in preds:
            name = Path(path).stem
            while name in systems:
                name += "'"
            systems[name] = read_predictions(path, ids=[e.id for e in examples if e.rewrites])
        tables += prediction_breakdown(
            examples,
            systems,
            allow_missing=allow_missing,
            by_meta=by_meta,
            options=MetricOptions(spec=spec, bootstrap=0),
            analyzer=analyzer,
        )
    if plot_dir:
        from lingeval.conjuncts.plots import plot_histogram

        out = Path(plot_dir)
        out.mkdir(parents=True, exist_ok=True)
        note = result.signature.format(short=True)
        sizes = [(k, result.set_sizes.get(k, 0)) for k in SET_SIZE_ORDER if k != "no gold"]
        plot_histogram(
            sizes,
            out / "set-sizes.png",
            title="Rewrite-set sizes",
            xlabel="gold sentences",
            note=note,
        )
        hist = [(f"{k}+" if k == 5 else str(k), result.omitted_args.get(k, 0)) for k in range(6)]
        plot_histogram(
            hist,
            out / "omitted-arguments.png",
            title="Omitted arguments per resolved nucleus (Figure 3)",
            xlabel="omitted arguments",
            note=note,
        )
        click.echo(f"wrote {out / 'set-sizes.png'} and {out / 'omitted-arguments.png'}", err=True)
    fmt = resolve_format(fmt, as_json, as_csv)
    if fmt == "json":
        payload = result.to_dict()
        payload["tables"] = [t.to_dict() for t in tables]
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        echo_tables(tables, fmt)


COMMANDS = [stats_cmd]
