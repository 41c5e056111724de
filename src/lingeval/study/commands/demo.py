"""``lingeval study demo``: the whole protocol of paper 002 in one command.

Builds a small REG study from the sample the package ships, serves it on 127.0.0.1 in a
background thread, lets simulated participants take it through real HTTP (the same pages a
browser gets), exports the tidy answer table and prints the analysis.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from lingeval.core.errors import LingevalError

if TYPE_CHECKING:
    from lingeval.study.simclient import ItemPage
    from lingeval.study.tasks.base import StudyItem

DATA = Path(__file__).resolve().parents[2] / "data" / "study"


def demo_items() -> tuple[list[StudyItem], str]:
    """The shipped REG sample as study items, and where they came from.

    Order of preference: the REG sample of the materials code (``lingeval.study.reg``), the
    item file ``data/study/demo-items.json``, the synthetic examples of the REG task type.
    """
    from lingeval.study.tasks.base import load_items
    from lingeval.study.tasks.reg import example_items

    try:  # the materials side may provide a ready-made sample
        from lingeval.study.reg import sample as reg_sample

        items = list(reg_sample.demo_items())
        if items:
            return items, "lingeval.study.reg.sample"
    except (ImportError, AttributeError, LingevalError, OSError):
        pass
    path = DATA / "demo-items.json"
    if path.exists():
        return load_items(path), str(path)
    return example_items(8, ("human", "rule", "ml")), "lingeval.study.tasks.reg.example_items"


def planted_effects() -> dict[str, Any]:
    """The system effects planted in the demo's simulated participants (synthetic data)."""
    from lingeval.study.simulate import SystemEffect

    return {
        "human": SystemEffect(shift=0.6, p_yes=0.9, p_maybe=0.07, p_rewrite=0.15),
        "rule": SystemEffect(shift=-0.1, p_yes=0.93, p_maybe=0.05, p_rewrite=0.25),
        "ml": SystemEffect(shift=0.0, p_yes=0.8, p_maybe=0.15, p_rewrite=0.25),
    }


def planted_table(systems: list[str]) -> Any:
    """What the simulated participants were told to do, so that a reader can check that the
    analysis recovers it (systems without a planted effect get the simulator's defaults)."""
    from lingeval.core.report import Table
    from lingeval.study.simulate import SimulationSpec

    spec = SimulationSpec(effects=planted_effects())
    t = Table(
        ["system", "rating_shift", "p_yes", "p_maybe", "p_rewrite"],
        title="Planted effects of the simulated participants (synthetic answers, not people): "
        "the analysis below should find them",
    )
    for name in systems:
        eff = spec.effect(name)
        t.add(name, eff.shift, eff.p_yes, eff.p_maybe, eff.p_rewrite)
    t.notes.append(
        "rating_shift moves every 1-5 rating (scale points); p_* are the answer probabilities "
        "of referential success (yes/maybe) and of rewriting an RE"
    )
    return t


def _policies(items: list[StudyItem], seed: int) -> Any:
    """A policy factory: the materials side's simulator with planted effects when present
    (answers depend on the system of the version shown), else random answers."""
    from lingeval.study.simclient import random_policy
    from lingeval.study.tasks.reg import RegTask

    try:
        import random

        from lingeval.study.simulate import SimulatedParticipant, SimulationSpec
    except ImportError:
        return (lambda i: random_policy(seed + i)), "random answers"
    task = RegTask()
    by_text: dict[str, StudyItem] = {}
    for it in items:
        by_text.setdefault(" ".join(task.stimulus_text(it).split()), it)
    effects = planted_effects()
    spec = SimulationSpec(effects=effects, seed=seed)

    def factory(i: int) -> Any:
        person = SimulatedParticipant(f"demo{i:03d}", spec, random.Random(f"{seed}-{i}"))

        def policy(page: ItemPage) -> dict[str, str]:
            item = by_text.get(" ".join(page.paragraph.split()))
            if item is None:  # cannot happen with the shipped sample; answer at random
                return random_policy(i)(page)
            return person.fill(item)

        return policy

    return factory, "simulated participants with planted system effects (lingeval.study.simulate)"


def _analysis_tables(csv_path: Path) -> tuple[list[Any], str]:
    """The analysis of the exported answers as report tables (or a note why not)."""
    from lingeval.core.report import Table

    try:
        from lingeval.study import analysis
    except ImportError:
        return [], "analysis module not available"
    result = analysis.analyze(str(csv_path))
    for name in ("tables", "report_tables", "analysis_tables"):  # the analysis side's renderer
        fn = getattr(analysis, name, None)
        if callable(fn):
            return list(fn(result)), ""
    sig = result.signature()
    tables = []
    for title, df in (
        ("Referential success (paper 002, Table 2)", result.success),
        ("Ratings (paper 002, Table 3)", result.ratings),
        ("Rewriting (paper 002, Tables 3-4)", result.rewriting),
        ("Regressions (paper 002, 5.3)", result.regressions),
        ("Familiarity (paper 002, 5.3, H5)", result.familiarity),
    ):
        if df is None or df.empty:
            continue
        tables.append(
            Table(
                list(map(str, df.columns)),
                [list(r) for r in df.itertuples(index=False)],
                title=title,
                signature=sig,
            )
        )
    return tables, ""


@click.command(name="demo")
@click.option(
    "--per-group", type=int, default=4, show_default=True, help="Simulated participants per group."
)
@click.option(
    "--concurrency",
    type=int,
    default=8,
    show_default=True,
    help="Participants answering at the same time.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--keep",
    type=click.Path(file_okay=False),
    default=None,
    help="Keep the study database and export here.",
)
@click.option(
    "--items",
    "items_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Use these REG items (JSON) instead of the shipped sample.",
)
@click.option("--no-analysis", is_flag=True, help="Stop after the survey run (skip the analysis).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "json"]),
    default="text",
    show_default=True,
)
def demo_cmd(
    per_group: int,
    concurrency: int,
    seed: int,
    keep: str | None,
    items_path: str | None,
    no_analysis: bool,
    fmt: str,
) -> None:
    """Build, serve, fill (over HTTP) and analyse a small REG study, all on 127.0.0.1."""
    import tempfile

    from lingeval.core.cliutils import echo_tables
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature
    from lingeval.study.design import make_design
    from lingeval.study.simclient import run_participants
    from lingeval.study.storage import Store
    from lingeval.study.web.app import ServeSettings
    from lingeval.study.web.server import BackgroundServer

    if per_group < 1 or concurrency < 1:
        raise LingevalError("--per-group and --concurrency must be at least 1")
    t0 = time.perf_counter()
    if items_path:
        from lingeval.study.tasks.base import load_items

        items, source = load_items(items_path), items_path
    else:
        items, source = demo_items()
    t_items = time.perf_counter() - t0
    systems = sorted({it.system for it in items})
    n_items = len({it.item_id for it in items})
    design = make_design(items, len(systems), seed=seed, per_group=per_group)
    with tempfile.TemporaryDirectory(prefix="lingeval-demo-") as tmp:
        root = Path(keep) if keep else Path(tmp)
        root.mkdir(parents=True, exist_ok=True)
        db = root / "demo-study.sqlite"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        store = Store(db)
        store.create_study(
            "demo",
            items,
            design,
            title="REG demo study",
            per_group=per_group,
            admin_token="demo-admin-token",
        )
        factory, how = _policies(items, seed)
        n = per_group * design.n_groups
        say = click.echo if fmt == "text" else (lambda *_a, **_k: None)
        say(f"study: {n_items} items x {len(systems)} systems ({', '.join(systems)}) from {source}")
        say(
            f"design: {len(design.cells)} versions in {design.n_groups} groups; {per_group} participants per group"
        )
        # every simulated participant comes from 127.0.0.1: no admission limits here
        local = ServeSettings(new_per_address=(0, 0), new_per_study=(0, 0))
        with BackgroundServer(store, settings=local) as url:
            say(
                f"serving on {url}/s/demo (admin {url}/admin/demo, token 'demo-admin-token'); {n} participants: {how}"
            )
            t1 = time.perf_counter()
            results = run_participants(
                url,
                "demo",
                n,
                concurrency=concurrency,
                policy_factory=factory,
                pid_prefix="DEMO",
                progress=fmt == "text",
                consent_in_order=True,  # same groups and orders at any --concurrency
            )
            t_http = time.perf_counter() - t1
        completed = sum(r.completion_code is not None for r in results)
        requests = sum(r.requests for r in results)
        export = root / "demo-answers.csv"
        export.write_text(store.export_csv("demo"), encoding="utf-8")
        progress = store.progress("demo")
        store.dispose()
        run = Table(
            [
                "participants",
                "completed",
                "http_requests",
                "answers",
                "seconds_http",
                "requests_per_s",
            ],
            title="Survey run over HTTP",
            signature=Signature(
                "study-demo", {"seed": seed, "per_group": per_group, "groups": design.n_groups}
            ),
        )
        n_answers = len(export.read_text(encoding="utf-8").splitlines()) - 1
        run.add(
            n, completed, requests, n_answers, t_http, requests / t_http if t_http else float("nan")
        )
        if sum(g.completed for g in progress) != completed or completed != n:
            raise LingevalError("the demo lost participants; please report this")
        t2 = time.perf_counter()
        tables, why = ([], "--no-analysis") if no_analysis else _analysis_tables(export)
        t_analysis = time.perf_counter() - t2
        planted = [planted_table(systems)] if "planted" in how else []
        echo_tables([run, *planted, *tables], fmt)
        if why:
            say(f"(no analysis: {why})")
        if keep:
            say(f"kept {db} and {export}")
        say(
            f"total {time.perf_counter() - t0:.1f} s (items {t_items:.1f} s, survey over HTTP "
            f"{t_http:.1f} s, analysis {t_analysis:.1f} s)"
        )


COMMANDS = [demo_cmd]
