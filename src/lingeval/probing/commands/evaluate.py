"""``lingeval probe score | acceptability | cloze``: LM scoring and the paper's evaluations (section 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from lingeval.core.cliutils import echo_tables, output_options, plot_option, resolve_format

F = TypeVar("F", bound=Callable[..., Any])


def scorer_options(func: F) -> F:
    """Options shared by every command that runs a language model."""
    opts = [
        click.option(
            "--first-token",
            type=click.Choice(["bos", "unscored"]),
            default="bos",
            show_default=True,
            help="Causal LM: prepend BOS (EOS if none) so every token is scored, or leave the first token unscored.",
        ),
        click.option("--eos", is_flag=True, help="Causal LM: also score an appended EOS token."),
        click.option(
            "--pll",
            type=click.Choice(["original", "within_word_l2r"]),
            default="original",
            show_default=True,
            help="Masked LM pseudo-log-likelihood variant.",
        ),
        click.option(
            "--batch-size",
            default=32,
            show_default=True,
            help="Sentences (causal) or masked copies (masked) per forward pass.",
        ),
        click.option(
            "--device",
            default="auto",
            show_default=True,
            help="auto (CUDA, MPS, CPU), cpu, cuda, cuda:1, mps.",
        ),
        click.option("--fp16", is_flag=True, help="Half precision (GPU only)."),
        click.option(
            "--engine",
            type=click.Choice(["local", "dask"]),
            default="local",
            show_default=True,
            help="Score here or on a Dask cluster.",
        ),
        click.option(
            "--scheduler",
            default=None,
            help="Dask scheduler address for --engine dask (tcp://HOST:PORT).",
        ),
        click.option(
            "--progress/--no-progress",
            default=True,
            show_default=True,
            help="Progress bar on stderr.",
        ),
    ]
    for o in reversed(opts):
        func = o(func)
    return func


def _spec(kind: str, model: str, o: dict[str, Any]) -> Any:
    from lingeval.probing.run import ScorerSpec

    return ScorerSpec(
        kind,
        model,
        first_token=o["first_token"],
        eos=o["eos"],
        pll=o["pll"],
        batch_size=o["batch_size"],
        device=o["device"],
        fp16=o["fp16"],
    )


def _run(texts: list[str], spec: Any, o: dict[str, Any]) -> Any:
    from lingeval.probing.run import score_texts

    return score_texts(
        texts, spec, engine=o["engine"], scheduler=o["scheduler"], progress=o["progress"]
    )


@click.command(name="score")
@click.argument("input_path", metavar="INPUT", type=click.Path())
@click.option(
    "-m",
    "--model",
    required=True,
    help="HF id or local folder; a language code (it, en) with --kind unigram.",
)
@click.option(
    "--kind",
    type=click.Choice(["causal", "masked", "unigram"]),
    default="causal",
    show_default=True,
)
@click.option(
    "--tokens",
    is_flag=True,
    help="Print per-token log-probabilities and surprisal instead of sentence scores.",
)
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write sentence scores as TSV (input to `probe acceptability --scores`) and the "
    "signature to OUT.sig.json; the table is then printed only with --format/--json/--csv.",
)
@scorer_options
@output_options
def score_cmd(
    input_path: str,
    model: str,
    kind: str,
    tokens: bool,
    out: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
    **o: Any,
) -> None:
    """Score sentences: log-probability, perplexity (causal), PLL (masked), unigram baseline.

    INPUT is a text file (one sentence per line) or an acceptability/cloze file of `probe build`.
    """
    from lingeval.core.report import Table
    from lingeval.probing.run import build_scorer, read_sentences, write_scores

    ids, texts = read_sentences(input_path)
    spec = _spec(kind, model, o)
    if tokens:
        scorer = build_scorer(spec, progress=o["progress"])
        table = Table(
            ["item_id", "position", "token", "logprob", "surprisal_bits"],
            title="Per-token scores (nats; surprisal in bits)",
            signature=scorer.signature(),
            digits=4,
        )
        for i, ts in zip(ids, scorer.token_scores(texts), strict=True):
            for pos, (t, lp, s) in enumerate(
                zip(ts.tokens, ts.logprobs, ts.surprisals, strict=True), 1
            ):
                table.add(i, pos, t, lp, s)
        echo_tables([table], resolve_format(fmt, as_json, as_csv))
        return
    scores, sig = _run(texts, spec, o)
    name = "PLL" if kind == "masked" else "log-probability"
    table = Table(
        ["item_id", "n_tokens", "logprob", "ppl", "sentence"],
        title=f"Sentence {name} (nats) and perplexity exp(-logprob/n)",
        signature=sig,
        digits=3,
    )
    for i, s in zip(ids, scores, strict=True):
        table.add(i, s.n_tokens, s.logprob, s.ppl, s.text)
    fmt = resolve_format(fmt, as_json, as_csv)
    if out:
        write_scores(out, ids, scores, sig)
        click.echo(
            f"wrote {len(scores)} sentence scores to {out} (signature in {out}.sig.json)", err=True
        )
        if fmt == "text":  # the rows are in the file; a table is printed only when asked for
            return
    echo_tables([table], fmt)


@click.command(name="acceptability")
@click.argument("items_path", metavar="ITEMS", type=click.Path())
@click.option(
    "-m", "--model", "models", multiple=True, help="Causal LM (HF id or folder); repeatable."
)
@click.option(
    "--masked-model",
    "masked_models",
    multiple=True,
    help="Masked LM scored by pseudo-perplexity; repeatable.",
)
@click.option(
    "--baseline",
    "baselines",
    multiple=True,
    help="Unigram wordfreq baseline for a language (it, en); repeatable.",
)
@click.option(
    "--scores",
    "score_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="Precomputed scores TSV from `probe score -o`; repeatable.",
)
@click.option(
    "-j",
    "--judgements",
    type=click.Path(dir_okay=False),
    default=None,
    help="Human 1-5 ratings, CSV/TSV (long or wide).",
)
@plot_option("perplexity by condition")
@click.option(
    "--sentences",
    "sentences_out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the per-sentence tidy table (CSV).",
)
@scorer_options
@output_options
def acceptability_cmd(
    items_path: str,
    models: tuple[str, ...],
    masked_models: tuple[str, ...],
    baselines: tuple[str, ...],
    score_files: tuple[str, ...],
    judgements: str | None,
    plot: str | None,
    sentences_out: str | None,
    fmt: str,
    as_json: bool,
    as_csv: bool,
    **o: Any,
) -> None:
    """Acceptability section: perplexity by condition (Table 4), pair accuracy, Spearman rho vs humans (Table 2)."""
    from lingeval.core.errors import LingevalError
    from lingeval.probing.build import read_acceptability
    from lingeval.probing.evaluate import evaluate_acceptability
    from lingeval.probing.judgements import read_judgements
    from lingeval.probing.run import read_scores

    items = read_acceptability(items_path)
    texts = [i.sentence for i in items]
    ppl: dict[str, dict[str, float]] = {}
    sigs: dict[str, Any] = {}
    for kind, names in (("causal", models), ("masked", masked_models), ("unigram", baselines)):
        for name in names:
            scores, sig = _run(texts, _spec(kind, name, o), o)
            label = str(sig.options.get("model", name))
            ppl[label] = {i.item_id: s.ppl for i, s in zip(items, scores, strict=True)}
            sigs[label] = sig
    for f in score_files:
        label, values, _sig = read_scores(f)
        ppl[label] = values
    if not ppl:
        raise LingevalError("give at least one of --model, --masked-model, --baseline or --scores")
    judg = (
        read_judgements(judgements, "acceptability", items={i.item_id for i in items})
        if judgements
        else None
    )
    res = evaluate_acceptability(items, ppl, judg, signatures=sigs)
    if plot:
        from lingeval.probing.plots import plot_perplexity_by_condition

        plot_perplexity_by_condition(res.sentences, list(ppl), plot)
    if sentences_out:
        import csv

        with open(sentences_out, "w", encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(res.sentences[0]))
            w.writeheader()
            w.writerows(res.sentences)
    echo_tables(res.tables(), resolve_format(fmt, as_json, as_csv))


@click.command(name="cloze")
@click.argument("items_path", metavar="ITEMS", type=click.Path())
@click.option(
    "-m",
    "--model",
    default=None,
    help="Masked LM (HF id or local folder) for fill-mask predictions.",
)
@click.option(
    "-k",
    "--top-k",
    "k",
    default=10,
    show_default=True,
    help="Predictions kept per sentence (paper: 10).",
)
@click.option(
    "--multi-subword",
    type=click.Choice(["first", "exact"]),
    default="first",
    show_default=True,
    help="How a connective split into subwords matches a prediction: by its first subword, or never.",
)
@click.option(
    "-j",
    "--judgements",
    type=click.Path(dir_okay=False),
    default=None,
    help="Human choices, CSV/TSV (long or wide); values are options or 'none'.",
)
@plot_option("the target's rank distribution")
@click.option(
    "--choose",
    is_flag=True,
    help="Also let the model choose among the options: the one whose filled sentence has the highest PLL.",
)
@click.option("--batch-size", default=32, show_default=True)
@click.option("--device", default="auto", show_default=True)
@click.option("--fp16", is_flag=True, help="Half precision (GPU only).")
@output_options
def cloze_cmd(
    items_path: str,
    model: str | None,
    k: int,
    multi_subword: str,
    judgements: str | None,
    plot: str | None,
    choose: bool,
    batch_size: int,
    device: str,
    fp16: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Cloze section: target/plausible in the model's top-k and first place (Table 5), human majority choices (Table 3)."""
    from lingeval.core.errors import LingevalError
    from lingeval.probing.build import BLANK, _match_case, read_cloze
    from lingeval.probing.evaluate import evaluate_cloze
    from lingeval.probing.judgements import read_judgements

    items = read_cloze(items_path)
    option_scores: dict[str, dict[str, float]] | None = None
    if choose and model is None:
        raise LingevalError("--choose needs --model")
    if model is None and judgements is None:
        raise LingevalError("give --model, --judgements or both")
    preds = None
    first: dict[str, str] = {}
    sig = None
    name = "none"
    if model is not None:
        from lingeval.probing.scorers import MaskedLMScorer

        scorer = MaskedLMScorer(model, device=device, batch_size=batch_size, fp16=fp16)
        out = scorer.fill_mask([i.blanked for i in items], k=k)
        preds = {i.item_id: [c.token for c in comps] for i, comps in zip(items, out, strict=True)}
        words = {w for i in items for w in (i.connective, i.plausible)}
        first = {w: scorer.first_subword(w) for w in words}
        sig = scorer.signature("probe-fill-mask")
        name = scorer.name
        if choose:
            filled = [
                (i, o, i.blanked.replace(BLANK, _match_case(o, i.sentence[i.start : i.start + 1])))
                for i in items
                for o in i.options
            ]
            pll = scorer.sentence_scores([f for _, _, f in filled])
            by_item: dict[str, dict[str, float]] = {}
            for (i, o, _), s in zip(filled, pll, strict=True):
                by_item.setdefault(i.item_id, {})[o] = s.logprob
            option_scores = by_item
    judg = None
    if judgements:
        judg = read_judgements(judgements, "cloze", options={i.item_id: i.options for i in items})
    res = evaluate_cloze(
        items,
        preds,
        judg,
        first_subwords=first,
        k=k,
        multi_subword=multi_subword,
        model=name,
        scorer_signature=sig,
        option_scores=option_scores,
    )
    if plot:
        if preds is None:
            raise LingevalError("--plot needs --model")
        from lingeval.probing.plots import plot_rank_distribution

        plot_rank_distribution(res.items, k, plot, title=f"Cloze: rank of the target ({name})")
    echo_tables(res.tables(), resolve_format(fmt, as_json, as_csv))


COMMANDS = [score_cmd, acceptability_cmd, cloze_cmd]
