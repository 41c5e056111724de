"""``lingeval study analyze``: the analysis of paper 002, section 5, from answers or a database."""

from __future__ import annotations

from pathlib import Path

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format
from lingeval.core.errors import LingevalError


@click.command(name="analyze")
@click.argument("source", required=False)
@click.option(
    "--neuralreg",
    "neuralreg",
    type=click.Path(dir_okay=False),
    help="Analyse a COLING 2020 trials_results.csv (tab-separated) instead of an answer table.",
)
@click.option(
    "--annotator",
    type=click.Choice(["mean", "A", "I", "both"]),
    default="mean",
    show_default=True,
    help="With --neuralreg: which ratings to use.",
)
@click.option(
    "--columns",
    default=None,
    help="Map answer fields to the table's columns, e.g. 'item_id=eid,system=model,"
    "category=category,rating:fluency=fluency' (see docs/study-analysis.md, 'The answer table').",
)
@click.option(
    "--study-id", default=None, help="With a database: analyse this study only (default: all)."
)
@click.option(
    "--pairing",
    type=click.Choice(["item", "participant", "order"]),
    default=None,
    help="Pairing unit of the Wilcoxon tests [default: item; order with --neuralreg, the authors' pairing].",
)
@click.option(
    "--family",
    type=click.Choice(["pairs", "measures", "all"]),
    default="pairs",
    show_default=True,
    help="Bonferroni family: system pairs of one measure and subset, all measures of a subset, or every test.",
)
@click.option(
    "--alpha",
    type=float,
    default=0.01,
    show_default=True,
    help="Significance level of the letters (paper: 0.01).",
)
@click.option(
    "--measures",
    default=None,
    help="Comma-separated rating questions [default: every question with numeric answers; "
    "the ones left out are named on stderr].",
)
@click.option(
    "--rewrite-match",
    type=click.Choice(["normalised", "exact"]),
    default="normalised",
    show_default=True,
    help="How a rewrite is compared with the shown RE.",
)
@click.option(
    "--earlier",
    type=click.Path(dir_okay=False),
    default=None,
    help="An earlier study's answer table: Mann-Whitney U per measure against this one (H2).",
)
@click.option(
    "--layout",
    type=click.Choice(["paper", "tidy"]),
    default="paper",
    show_default=True,
    help="Tables as in the paper (Tables 2-4, 6) or tidy (one row per system x subset x measure).",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write one HTML report here.",
)
@click.option(
    "--plots",
    "plots_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Also write bar charts with significance letters into this directory.",
)
@click.option("--plot-format", type=click.Choice(["png", "svg"]), default="png", show_default=True)
@output_options
def analyze_cmd(
    source: str | None,
    neuralreg: str | None,
    annotator: str,
    columns: str | None,
    study_id: str | None,
    pairing: str | None,
    family: str,
    alpha: float,
    measures: str | None,
    rewrite_match: str,
    earlier: str | None,
    layout: str,
    html_path: str | None,
    plots_dir: str | None,
    plot_format: str,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Analyse a REG study: SR, ratings with Wilcoxon letters, RR, regressions, familiarity.

    SOURCE is an answer table (CSV/TSV/JSON, one row per answer, or one row per rated text
    with --columns rating:NAME=COLUMN) or a study database URL (sqlite:///study.db,
    postgresql://...). --neuralreg FILE reads the published COLING 2020 evaluation format.
    """
    from lingeval.core.report import Table
    from lingeval.study.analysis import (
        AnalysisOptions,
        analyze,
        compare_studies,
        load_answers,
        load_neuralreg,
    )
    from lingeval.study.report import bar_chart, html_report, paper_tables, tidy_tables

    if (source is None) == (neuralreg is None):
        raise LingevalError("give either SOURCE (answers or database URL) or --neuralreg FILE")
    if columns and neuralreg:
        raise LingevalError("--columns applies to SOURCE, not to --neuralreg")
    answers = (
        load_neuralreg(neuralreg, annotator=annotator)
        if neuralreg
        else load_answers(str(source), study_id=study_id, columns=columns)
    )
    options = AnalysisOptions(
        pairing=pairing or ("order" if neuralreg else "item"),
        family=family,
        alpha=alpha,
        measures=tuple(m.strip() for m in measures.split(",") if m.strip()) if measures else None,
        rewrite_match=rewrite_match,
    )
    result = analyze(answers, options)
    for note in result.notes:
        click.echo(f"lingeval: note: {note}", err=True)
    tables = paper_tables(result) if layout == "paper" else tidy_tables(result)
    extra: list[Table] = []
    if earlier:
        cmp = compare_studies(answers, earlier, measures=result.measures)
        t = Table(
            ["system", "measure", "n this", "n earlier", "mean this", "mean earlier", "U", "p"],
            title="This study vs the earlier one: two-sided Mann-Whitney U (responses)",
            signature=result.signature("study-compare"),
            digits=4,
        )
        for _, r in cmp.iterrows():
            t.add(
                r["system"],
                r["measure"],
                int(r["n_1"]),
                int(r["n_2"]),
                float(r["mean_1"]),
                float(r["mean_2"]),
                float(r["U"]),
                float(r["p"]),
            )
        extra.append(t)
    echo_tables([*tables, *extra], resolve_format(fmt, as_json, as_csv))
    if plots_dir:
        p = bar_chart(result, Path(plots_dir) / f"ratings.{plot_format}", fmt=plot_format)
        click.echo(f"wrote {p}", err=True)
    if html_path:
        p = html_report(result, html_path, extra=extra)
        click.echo(f"wrote {p}", err=True)


COMMANDS = [analyze_cmd]
