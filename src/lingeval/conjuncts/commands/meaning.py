"""``lingeval conjuncts meaning-*``: the manual meaning-preservation evaluation (paper 000, 7).

    meaning-items     draw blinded, shuffled study items from systems' predictions
    meaning-study     create the study in a study database (task type conjunct-meaning)
    meaning-serve     serve it (the study engine's web survey, with this task type loaded)
    meaning-simulate  simulated judges with planted preservation rates (demos, checks)
    meaning-analyze   share preserved per system (Wilson CI), agreement, correlation with F1

``meaning-study`` and ``meaning-serve`` are the study engine's ``admin init`` and ``serve``
with the ``conjunct-meaning`` task type registered first (it lives in this area).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from lingeval.core.cliutils import (
    alias_command,
    cache_dir_option,
    echo_tables,
    nucleus_options,
    output_options,
    parsing_options,
    plot_option,
    resolve_format,
)
from lingeval.core.errors import LingevalError


def _register() -> None:
    """Import the task type so that ``registry.task_types`` knows ``conjunct-meaning``."""
    import lingeval.conjuncts.meaning.task  # noqa: F401


def _system_specs(specs: tuple[str, ...]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for spec in specs:
        name, eq, path = spec.partition("=")
        if not eq:
            name, path = Path(spec).stem, spec
        name, path = name.strip(), path.strip()
        if not name or not path:
            raise LingevalError(f"--system {spec!r}: expected NAME=PREDICTIONS or PREDICTIONS")
        if name in {n for n, _ in out}:
            raise LingevalError(f"two systems are named {name!r}; use NAME=PREDICTIONS")
        out.append((name, path))
    return out


@click.command("meaning-items")
@click.argument("examples_path", metavar="EXAMPLES", type=click.Path(dir_okay=False))
@click.option(
    "-s",
    "--system",
    "systems",
    multiple=True,
    required=True,
    help="NAME=PREDICTIONS (JSONL {id, rewrites}, JSON {id: [...]} or ID<TAB>REWRITES); "
    "repeatable. Without NAME= the file stem names the system.",
)
@click.option(
    "-n",
    "--sample",
    type=click.IntRange(min=1),
    default=None,
    help="Examples to draw (default: all).",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of sample, codes, order."
)
@click.option(
    "--blind/--no-blind",
    default=True,
    show_default=True,
    help="Store systems under codes S1, S2, ... (key written to --key).",
)
@click.option("--split", default=None, help="Draw only examples of this split (e.g. test).")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="Items file to write (JSON list of study items).",
)
@click.option(
    "--key",
    "key_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the code -> system key (default: OUTPUT with .key.json).",
)
@output_options
def meaning_items_cmd(
    examples_path: str,
    systems: tuple[str, ...],
    sample: int | None,
    seed: int,
    blind: bool,
    split: str | None,
    output: str,
    key_path: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Draw meaning-preservation items from EXAMPLES and systems' predictions.

    The same examples are drawn for every system; items are shuffled and the judges never see
    which system wrote a rewrite set (with --blind, the default, not even the stored names do).

    \b
        lingeval conjuncts meaning-items test.jsonl -s t5=t5.jsonl -s rules=rules.jsonl -n 100 -o items.json
    """
    from lingeval.conjuncts.data import read_examples, read_predictions
    from lingeval.conjuncts.meaning.items import draw_items, write_key
    from lingeval.core.errors import InputError
    from lingeval.study.tasks.base import save_items

    examples = read_examples(examples_path)
    if split:
        examples = [e for e in examples if e.split == split]
        if not examples:
            raise InputError(f"no examples in split {split!r}", path=examples_path)
    wanted = {e.id for e in examples}
    preds: dict[str, dict[str, list[str]]] = {}
    for name, path in _system_specs(systems):
        p = read_predictions(path)
        preds[name] = {k: v for k, v in p.items() if k in wanted} if split else p
    drawn = draw_items(examples, preds, sample=sample, seed=seed, blind=blind)
    try:
        save_items(drawn.items, output)
    except OSError as exc:
        raise LingevalError(f"cannot write {output}: {exc.strerror}") from None
    key_out = key_path or str(Path(output).with_suffix("")) + ".key.json"
    write_key(drawn.key, key_out, seed=seed)
    click.echo(f"wrote {len(drawn.items)} items to {output} and the key to {key_out}", err=True)
    echo_tables([drawn.summary()], resolve_format(fmt, as_json, as_csv))


def _study_cmd() -> click.Command:
    from lingeval.conjuncts.meaning.task import TASK_NAME
    from lingeval.study.commands.admin import init_cmd

    return alias_command(
        init_cmd,
        "meaning-study",
        "Create a conjunct-meaning study in DB from ITEMS (from meaning-items).\n\n"
        "The study engine's `study admin init` with the conjunct-meaning task type. Every item "
        "version goes to one group (never two versions of an example in one group) and is "
        "judged by each of the --per-group judges of that group; --groups defaults to the "
        "number of systems.\n\n"
        "\b\n    lingeval conjuncts meaning-study study.db --study meaning1 --items items.json --per-group 2",
        before=_register,
        overrides={
            "task_type": click.Option(
                ["--task", "task_type"], default=TASK_NAME, hidden=True, show_default=True
            ),
            "per_group": click.Option(
                ["--per-group", "per_group"],
                type=int,
                default=1,
                show_default=True,
                help="Judges per item version (participants per group; the paper had one).",
            ),
        },
    )


def _serve_cmd() -> click.Command:
    from lingeval.study.commands.serve import serve_cmd

    return alias_command(
        serve_cmd,
        "meaning-serve",
        "Alias of `lingeval study serve` (same options), kept for old scripts.",
        before=_register,
    )


meaning_study_cmd = _study_cmd()
meaning_serve_cmd = _serve_cmd()


def _rates(specs: tuple[str, ...], key: dict[str, str] | None) -> dict[str, float]:
    code_of = {v: k for k, v in (key or {}).items()}
    out: dict[str, float] = {}
    for spec in specs:
        name, eq, value = spec.partition("=")
        try:
            rate = float(value)
        except ValueError:
            raise LingevalError(f"--rate {spec!r}: expected SYSTEM=P with P in [0, 1]") from None
        if not eq or not 0 <= rate <= 1:
            raise LingevalError(f"--rate {spec!r}: expected SYSTEM=P with P in [0, 1]")
        out[code_of.get(name.strip(), name.strip())] = rate
    return out


@click.command("meaning-simulate")
@click.argument("items_path", metavar="ITEMS", type=click.Path(dir_okay=False))
@click.option(
    "--rate",
    "rates",
    multiple=True,
    required=True,
    help="SYSTEM=P: planted share of meaning-preserving outputs (name with --key, or code).",
)
@click.option(
    "--key", "key_path", type=click.Path(dir_okay=False), default=None, help="Blinding key."
)
@click.option("--judges", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--reliability",
    type=click.FloatRange(0, 1),
    default=1.0,
    show_default=True,
    help="Probability that a judge reports the planted truth (else an independent draw).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="Answer CSV.")
def meaning_simulate_cmd(
    items_path: str,
    rates: tuple[str, ...],
    key_path: str | None,
    judges: int,
    reliability: float,
    seed: int,
    output: str,
) -> None:
    """Simulate judges of ITEMS with planted preservation rates; write the tidy answer CSV.

    The answers are not people's: participant ids start with SIM-, and meaning-analyze labels
    every table computed from them as simulated.

    \b
        lingeval conjuncts meaning-simulate items.json --key items.key.json --rate t5=0.88 --rate rules=0.6 --judges 3 -o answers.csv
    """
    from lingeval.conjuncts.meaning.analysis import simulate_answers
    from lingeval.conjuncts.meaning.items import read_key
    from lingeval.study.tasks.base import load_items

    items = load_items(items_path)
    key = read_key(key_path) if key_path else None
    df = simulate_answers(
        items, _rates(rates, key), judges=judges, reliability=reliability, seed=seed
    )
    try:
        df.to_csv(output, index=False)
    except OSError as exc:
        raise LingevalError(f"cannot write {output}: {exc.strerror}") from None
    click.echo(
        f"wrote {len(df)} SIMULATED answers of {judges} simulated judge(s) (participant ids "
        f"SIM-J1, ...) on {len(items)} items to {output}; the analysis labels them simulated"
    )


@click.command("meaning-analyze")
@click.argument("answers", metavar="ANSWERS")
@click.option("--study", "study_id", default=None, help="Study id when ANSWERS is a database URL.")
@click.option(
    "--key",
    "key_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Blinding key from meaning-items (maps S1, S2, ... back to system names).",
)
@click.option(
    "--gold",
    type=click.Path(dir_okay=False),
    default=None,
    help="Gold examples: adds the verb-nucleus F1 of the judged rewrites and its correlation.",
)
@click.option(
    "--items",
    "items_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="The study's items (default: the shown rewrites stored with the answers).",
)
@click.option(
    "--aggregation",
    type=click.Choice(["majority", "judgement"]),
    default="majority",
    show_default=True,
    help="Unit of the share: item versions by majority of judges, or single judgements.",
)
@click.option(
    "--ties",
    type=click.Choice(["different", "same", "drop"]),
    default="different",
    show_default=True,
    help="A majority tie counts as different, as same, or is left out.",
)
@click.option(
    "--ci",
    type=click.Choice(["wilson", "clopper-pearson", "agresti-coull", "jeffreys", "wald"]),
    default="wilson",
    show_default=True,
    help="Confidence interval of the share.",
)
@click.option("--confidence", type=float, default=0.95, show_default=True)
@click.option("--notes", "with_notes", is_flag=True, help="Also list the judges' notes.")
@plot_option("a bar chart of the shares")
@click.option(
    "--versions",
    "versions_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write one CSV row per judged version (judges, same, score, majority, F1).",
)
@nucleus_options
@parsing_options
@output_options
def meaning_analyze_cmd(
    answers: str,
    study_id: str | None,
    key_path: str | None,
    gold: str | None,
    items_path: str | None,
    aggregation: str,
    ties: str,
    ci: str,
    confidence: float,
    with_notes: bool,
    plot: str | None,
    versions_path: str | None,
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
    """Analyse the answers of a conjunct-meaning study (CSV/JSON export or database URL).

    Prints the share of meaning-preserving outputs per system with its confidence interval,
    agreement between judges (observed, Cohen's and Fleiss' kappa, Krippendorff's alpha),
    exact McNemar tests between systems on shared examples and, with --gold, each system's
    verb-nucleus F1 and the per-item correlation (point-biserial, Spearman) between judged
    preservation and F1.

    \b
        lingeval conjuncts meaning-analyze answers.csv --key items.key.json --gold test.jsonl
    """
    from lingeval.conjuncts.meaning.analysis import MeaningOptions, analyze
    from lingeval.conjuncts.meaning.items import read_key

    if items_path is not None and gold is None:
        raise LingevalError("--items is used for the F1, which needs --gold too")
    options = MeaningOptions(aggregation=aggregation, ties=ties, ci=ci, confidence=confidence)
    key = read_key(key_path) if key_path else None
    examples = items = None
    metric_options = None
    analyzer = None
    if gold is not None:
        from lingeval.conjuncts import parse_features
        from lingeval.conjuncts.data import read_examples
        from lingeval.conjuncts.metric import MetricOptions
        from lingeval.conjuncts.nuclei import NucleusSpec
        from lingeval.study.tasks.base import load_items

        examples = read_examples(gold)
        items = load_items(items_path) if items_path else None
        metric_options = MetricOptions(spec=NucleusSpec(words=words, labels=labels), bootstrap=0)
        analyzer = parse_features.SpacyAnalyzer(
            spacy_model,
            spec=metric_options.spec,
            n_process=n_process,
            cache_dir=cache_dir_option(cache_dir, no_cache),
            progress=sys.stderr.isatty(),
        )
    result = analyze(
        answers,
        key=key,
        examples=examples,
        items=items,
        options=options,
        metric_options=metric_options,
        analyzer=analyzer,
        study_id=study_id,
        with_notes=with_notes,
        progress=sys.stderr.isatty(),
    )
    if plot:
        result.plot(plot)
        click.echo(f"wrote {plot}", err=True)
    if versions_path and result.versions is not None:
        try:
            result.versions.to_csv(versions_path, index=False)
        except OSError as exc:
            raise LingevalError(f"cannot write {versions_path}: {exc.strerror}") from None
        click.echo(f"wrote {versions_path}", err=True)
    out_fmt = resolve_format(fmt, as_json, as_csv)
    if out_fmt == "json":
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        echo_tables(result.tables(with_notes=with_notes), out_fmt)
    sys.stdout.flush()


@click.command("meaning-demo")
@click.option(
    "--per-group",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Simulated judges per group (= judges per item version).",
)
@click.option(
    "--error",
    type=click.FloatRange(0, 1),
    default=0.1,
    show_default=True,
    help="Mean probability that a simulated judge errs (per-judge rate ~ Beta with this mean, "
    "times a per-version difficulty of mean 1; independent of system and F1).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--no-f1", is_flag=True, help="Skip the verb-nucleus F1 (no spaCy parsing).")
@click.option(
    "--keep",
    type=click.Path(file_okay=False),
    default=None,
    help="Keep the items, key, study database and answer export in this directory.",
)
@plot_option("a bar chart of the shares")
@output_options
def meaning_demo_cmd(
    per_group: int,
    error: float,
    seed: int,
    no_f1: bool,
    keep: str | None,
    plot: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """The whole section-7 evaluation on the shipped sample, over HTTP on 127.0.0.1.

    Draws blinded items from three systems (gold rewrites, the shipped sample predictions, the
    unchanged input), serves a conjunct-meaning study, lets simulated judges answer through the
    web pages, and analyses the exported answers (with the verb-nucleus F1 unless --no-f1).
    Every table is labelled SIMULATED: the numbers describe the simulator (its reference
    answer and noise model are printed), not human judgement.
    """
    from lingeval.conjuncts.meaning.demo import run_demo
    from lingeval.core.report import Table

    run = run_demo(per_group=per_group, error=error, seed=seed, f1=not no_f1, keep=keep)
    if plot:
        run.analysis.plot(plot)
        click.echo(f"wrote {plot}", err=True)
    out_fmt = resolve_format(fmt, as_json, as_csv)
    if out_fmt == "json":
        d = run.analysis.to_dict()
        d["run"] = {
            "simulated": True,
            "items": run.items,
            "systems": run.systems,
            "judges": run.judges,
            "completed": run.completed,
            "http_requests": run.requests,
            "answers": run.answers,
            "seconds_http": run.seconds_http,
        }
        click.echo(json.dumps(d, ensure_ascii=False, indent=2))
        return
    summary = Table(
        ["items", "systems", "judges", "completed", "http_requests", "answers", "seconds_http"],
        title="Meaning-preservation study over HTTP (shipped sample, SIMULATED judges)",
        signature=run.analysis.signature,
    )
    summary.notes.append(
        "a demonstration of the machinery, not a finding: the judges are simulated "
        f"({run.analysis.simulation})"
    )
    summary.add(
        run.items,
        "+".join(run.systems),
        run.judges,
        run.completed,
        run.requests,
        run.answers,
        run.seconds_http,
    )
    echo_tables([summary, *run.analysis.tables()], out_fmt)
    if keep:
        click.echo(f"kept the study files in {keep}", err=True)


COMMANDS = [
    meaning_demo_cmd,
    meaning_items_cmd,
    meaning_study_cmd,
    meaning_serve_cmd,
    meaning_simulate_cmd,
    meaning_analyze_cmd,
]
