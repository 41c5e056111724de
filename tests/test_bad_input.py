"""Every CLI command against one shared set of bad input files (issue 14).

The commands are found by walking the click groups, so a new command joins automatically.
Each bad file goes into the command's input slot (its required file arguments/options, or its
first optional input path); output slots get a fresh path. The answer must be one clear line:
exit code 2 naming the file, or exit 0 with a ``lingeval: warning:`` line (commands whose input
is free text may accept any text), and never a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from lingeval.cli import cli, main

# Parameter names that receive an output location, never the bad input.
OUTPUT_NAMES = {"output", "out", "out_dir", "target", "plot", "plot_path", "html_path", "details"}
# Text parameters that name an input (a file or a database path).
INPUT_TEXT_NAMES = {"db", "answers", "source", "text_file", "train_path", "input_path", "corpus"}
# Values for required non-file options, so that the input is what gets checked.
VALUES: dict[str, list[str]] = {
    "study_id": ["--study", "s1"],
    "systems": ["-s", "sys={bad}"],
    "rates": ["--rate", "S1=0.5"],
    "transforms": ["--transform", "aux-head"],
    "model": ["-m", "it"],
}
# Extra options for some commands (a model that needs no download, ...).
EXTRA: dict[str, list[str]] = {
    "probe score": ["--kind", "unigram", "--no-progress"],
    "probe acceptability": ["--baseline", "it", "--no-progress"],
    "conjuncts evaluate": ["--no-cache", "--bootstrap", "0"],
    "conjuncts baselines": ["--no-cache", "--bootstrap", "0"],
    "conjuncts stats": ["--no-cache"],
}
# Commands whose input is free text (any line is a sentence): they may accept any text.
FREE_TEXT = {
    "conjuncts resolve",
    "conjuncts mine",
    "conjuncts synthesize",
    "conjuncts patterns",
    "probe score",
    "probe tiny-models",
}

LONG = ("Josh likes wine and Jane water. " * 34_000).strip()  # about 1.1 MB, one line
HTML = (
    "<!DOCTYPE html>\n<html><head><title>x</title></head>\n<body><p>Not data.</p></body></html>\n"
)
CASES: dict[str, tuple[str, bytes | None]] = {
    "empty": ("empty.txt", b""),
    "binary": ("binary.txt", bytes(range(256)) * 64),
    "wrong-format": ("page.txt", HTML.encode()),
    "bom": ("bom.txt", b"\xef\xbb\xbf" + HTML.encode()),
    "crlf": ("crlf.txt", HTML.replace("\n", "\r\n").encode()),
    "long-line": ("long.txt", (LONG + "\n").encode()),
    "truncated-json": ("truncated.json", b'[{"id": "a1", "sentence": "Tea and coff'),
    "missing": ("missing.txt", None),
}


def _commands() -> Iterator[tuple[str, click.Command]]:
    ctx = click.Context(cli)

    def walk(cmd: click.Command, path: list[str]) -> Iterator[tuple[str, click.Command]]:
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                yield from walk(sub, [*path, name])
        else:
            yield " ".join(path), cmd

    yield from walk(cli, [])


def _is_file(p: click.Parameter) -> bool:
    """A path parameter (a file, or a folder: given a file, click names it in one line too)."""
    return isinstance(p.type, click.Path)


def _flag(p: click.Parameter) -> list[str]:
    return [] if isinstance(p, click.Argument) else [p.opts[0]]


def _invocation(name: str, cmd: click.Command, bad: Path, tmp: Path) -> list[str] | None:
    """Arguments that put ``bad`` in the input slot(s), or None when the command reads no file."""
    args: list[str] = []
    placed = False
    for p in cmd.params:
        if not p.required or p.name is None:
            continue
        if p.name in OUTPUT_NAMES:
            suffix = "" if p.name == "out_dir" else ".jsonl"
            args += [*_flag(p), str(tmp / f"out-{p.name}{suffix}")]
        elif _is_file(p) or p.name in INPUT_TEXT_NAMES:
            args += [*_flag(p), str(bad)]
            placed = True
        elif p.name in VALUES:
            value = [v.replace("{bad}", str(bad)) for v in VALUES[p.name]]
            args += value if not isinstance(p, click.Argument) else value[1:]
        else:
            args += [*_flag(p), "x"]
    if not placed:
        for p in cmd.params:
            if p.required or p.name in OUTPUT_NAMES or not isinstance(p, click.Parameter):
                continue
            opts = getattr(p, "opts", [])
            if (
                (_is_file(p) and isinstance(p, click.Argument))
                or "--input" in opts
                or p.name in INPUT_TEXT_NAMES
            ):
                args += [*_flag(p), str(bad)]
                placed = True
                break
    return [*name.split(), *args, *EXTRA.get(name, [])] if placed else None


COMMANDS = dict(_commands())


@pytest.fixture()
def bad_files(tmp_path: Path) -> dict[str, Path]:
    root = tmp_path / "bad"
    root.mkdir()
    out = {}
    for case, (filename, content) in CASES.items():
        path = root / filename
        if content is not None:
            path.write_bytes(content)
        out[case] = path
    return out


def test_the_walk_finds_every_area() -> None:
    areas = {name.split()[0] for name in COMMANDS}
    assert areas == {"conjuncts", "depeval", "probe", "study"}
    assert len(COMMANDS) >= 40


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_answers_bad_input_in_one_line(
    name: str, bad_files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("LINGEVAL_CACHE", str(tmp_path / "cache"))
    cmd = COMMANDS[name]
    ran = 0
    for case, bad in bad_files.items():
        work = tmp_path / case
        work.mkdir()
        argv = _invocation(name, cmd, bad, work)
        if argv is None:
            pytest.skip(f"{name} reads no input file")
        result = CliRunner().invoke(cli, argv, catch_exceptions=True)
        exc = result.exception
        code = result.exit_code
        if exc is not None and not isinstance(exc, SystemExit):
            # CliRunner calls the group directly: a LingevalError is the one-line answer
            from lingeval.core.errors import LingevalError

            assert isinstance(exc, LingevalError), (
                f"{' '.join(argv)} [{case}] raised {type(exc).__name__}: {exc}"
            )
            code, message = exc.exit_code, str(exc)
        else:
            message = result.stderr if hasattr(result, "stderr") else result.output
        where = f"{' '.join(argv)} [{case}]"
        assert "Traceback" not in result.output, where
        if code == 0:
            assert name in FREE_TEXT or "warning" in (result.stderr or ""), (
                f"{where}: exit 0 without a warning on bad input:\n{result.output[:500]}"
            )
        else:
            assert code == 2, f"{where}: exit {code}: {message[:500]}"
            assert bad.name in message or str(bad) in message, (
                f"{where}: the message does not name the file: {message[:300]}"
            )
            assert message.strip().count("\n") == 0 or "Usage:" in message, (
                f"{where}: more than one line: {message[:500]}"
            )
        ran += 1
    assert ran == len(CASES)


def test_the_console_entry_prints_one_line_and_exit_2(tmp_path: Path) -> None:
    """Through the real entry point (as a user runs it): one stderr line, exit 2."""
    bad = tmp_path / "binary.conllu"
    bad.write_bytes(b"1\tA\xff\n")
    with pytest.raises(SystemExit) as info:
        main(["depeval", "score", str(bad), str(bad)])
    assert info.value.code == 2


def test_a_subprocess_run_shows_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bom.conllu"
    bad.write_bytes(b"\xef\xbb\xbf1\tA\ta\tX\t_\t_\t0\troot\t_\t_\n\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    run = subprocess.run(
        [sys.executable, "-m", "lingeval", "depeval", "score", str(bad), str(bad), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "byte-order mark" in run.stderr and str(bad) in run.stderr
    assert "Traceback" not in run.stderr


# --- the individual fixes -----------------------------------------------------------------


def _run(argv: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, argv, catch_exceptions=True)
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        from lingeval.core.errors import LingevalError

        assert isinstance(exc, LingevalError), repr(exc)
        return exc.exit_code, result.stdout, str(exc)
    return result.exit_code, result.stdout, result.stderr


def test_the_shared_reader_names_file_line_and_the_bom(tmp_path: Path) -> None:
    from lingeval.core.errors import InputError
    from lingeval.core.textio import open_text, read_text

    bad = tmp_path / "x.txt"
    bad.write_bytes(b"one\ntwo\nthr\xffee\n")
    with pytest.raises(InputError, match=r"x.txt:3: not UTF-8 text"):
        read_text(bad)
    with pytest.raises(InputError, match=r"x.txt:3: not UTF-8 text"), open_text(bad) as fh:
        list(fh)
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbfa\r\nb\n")
    assert read_text(bom) == "a\r\nb\n"
    with open_text(bom) as fh:
        assert list(fh) == ["a\n", "b\n"]
    with pytest.raises(InputError, match="no such file"):
        read_text(tmp_path / "none.txt")


def test_pipe_guarded_yields_none_for_over_long_texts() -> None:
    spacy = pytest.importorskip("spacy")
    from lingeval.core.parsing import pipe_guarded

    nlp = spacy.blank("en")
    nlp.max_length = 20
    skipped: list[int] = []
    docs = list(pipe_guarded(nlp, ["short one", "x" * 21, "also short"], skipped=skipped))
    assert docs[1] is None and skipped == [1]
    assert [d.text for d in docs if d is not None] == ["short one", "also short"]


def test_resolve_split_markup_errors_name_file_and_line(tmp_path: Path) -> None:
    code, _, err = _run(["conjuncts", "resolve", "Josh likes wine and </SPLIT> Jane water."])
    assert code == 2 and err.startswith(
        "argument 1: expected exactly one <SPLIT> ... </SPLIT> span"
    )
    f = tmp_path / "in.txt"
    f.write_text("Tea and coffee.\nTea <SPLIT> and coffee.\nTea </SPLIT> and coffee.\n")
    code, _, err = _run(["conjuncts", "resolve", "-i", str(f)])
    assert code == 2 and f"{f}:2:" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    code, _, err = _run(["conjuncts", "resolve", "-i", str(empty)])
    assert code == 2 and f"{empty}: no sentences to resolve" in err


def test_resolve_skip_bad_lines_counts_them(tmp_path: Path) -> None:
    pytest.importorskip("spacy")
    f = tmp_path / "in.txt"
    f.write_text("Tea and coffee.\nTea <SPLIT> and coffee.\nTea </SPLIT> and coffee.\n")
    code, out, err = _run(["conjuncts", "resolve", "-i", str(f), "--skip-bad-lines", "-r", "copy"])
    assert code == 0 and "skipped 2 malformed line(s) (first: line 2" in err
    assert out.strip() == "Tea and coffee."


def test_depeval_json_has_null_not_nan_and_names_the_short_file(tmp_path: Path) -> None:
    import json

    gold = tmp_path / "gold.conllu"
    gold.write_text("1\t.\t.\tPUNCT\t.\t_\t0\troot\t_\t_\n\n")
    code, out, _ = _run(["depeval", "score", str(gold), str(gold), "--punct", "upos", "--json"])
    assert code == 0 and "NaN" not in out
    assert json.loads(out)[0]["scores"]["directed"]["percent"] is None  # 0 words left: no score
    empty = tmp_path / "empty.conllu"
    empty.write_text("")
    code, _, err = _run(["depeval", "score", str(empty), str(gold)])
    assert code == 2 and err.startswith(f"{empty}: has only 0 sentence(s) (empty)")


def test_depeval_names_the_multiple_roots_option_and_warns_on_missing_xpos(tmp_path: Path) -> None:
    two = tmp_path / "two.conllu"
    two.write_text("1\tA\ta\tX\t_\t_\t0\troot\t_\t_\n2\tB\tb\tX\t_\t_\t0\troot\t_\t_\n\n")
    code, _, err = _run(["depeval", "score", str(two), str(two)])
    assert code == 2 and "--multiple-roots" in err
    one = tmp_path / "one.conllu"
    one.write_text("1\tA\ta\tX\t_\t_\t0\troot\t_\t_\n\n")
    code, _, err = _run(["depeval", "score", str(one), str(one), "--punct", "xpos-ptb"])
    assert code == 0 and "no XPOS tags" in err and str(one) in err


def test_probe_score_refuses_conllu_and_study_analyze_names_the_line(tmp_path: Path) -> None:
    conllu = tmp_path / "it.conllu"
    conllu.write_text("# sent_id = 1\n# text = Ciao.\n1\tCiao\tciao\tINTJ\t_\t_\t0\troot\t_\t_\n\n")
    code, _, err = _run(["probe", "score", str(conllu), "-m", "it", "--kind", "unigram"])
    assert code == 2 and f"{conllu}:1: looks like CoNLL-U" in err
    answers = tmp_path / "answers.csv"
    answers.write_text(
        "participant_id,item_id,system,subset,question,target,reference,value\n"
        "p1,i1,A,seen,clarity,,,5\np1,i1,A,seen,grammaticality,,,five\n"
    )
    code, _, err = _run(["study", "analyze", str(answers)])
    assert code == 2 and f"{answers}:3: rating 'grammaticality'" in err


def test_seq2seq_path_that_is_not_a_folder(tmp_path: Path) -> None:
    code, _, err = _run(["conjuncts", "resolve", "-r", f"seq2seq:{tmp_path}/nope", "Tea and milk."])
    assert code == 2 and f"{tmp_path}/nope: no such directory" in err
