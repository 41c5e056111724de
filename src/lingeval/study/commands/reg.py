"""``lingeval study reg ...``: REG materials (items) and systems (paper 002, 4.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from lingeval.core.cliutils import echo_tables, output_options, resolve_format
from lingeval.core.errors import LingevalError


def parse_strata(spec: str) -> dict[str, tuple[int, tuple[int, ...]]] | None:
    """``paper`` (4 per size 2-7 seen, 6 per size 2-5 unseen), ``all``, or
    ``SUBSET:N:LO-HI[,SUBSET:N:LO-HI]`` such as ``seen:2:2-4,unseen:2:2-3``."""
    from lingeval.study.reg.items import PAPER_STRATA

    if spec == "paper":
        return dict(PAPER_STRATA)
    if spec == "all":
        return None
    out: dict[str, tuple[int, tuple[int, ...]]] = {}
    for part in spec.split(","):
        try:
            subset, n, sizes = part.strip().split(":")
            lo, _, hi = sizes.partition("-")
            out[subset] = (int(n), tuple(range(int(lo), int(hi or lo) + 1)))
        except ValueError:
            raise LingevalError(
                f"bad --strata part {part!r}: use SUBSET:N:LO-HI, 'paper' or 'all'"
            ) from None
        if subset not in ("seen", "unseen"):
            raise LingevalError(f"bad --strata subset {subset!r}: seen or unseen")
    return out


def _pool(webnlg: str | None, instances: str | None, outputs: str | None, train: str | None) -> Any:
    from lingeval.study.reg.pool import load_pool, sample_pool

    if webnlg is None:
        if instances or outputs or train:
            raise LingevalError(
                "--instances/--outputs/--train need --webnlg (without it the shipped sample is used)"
            )
        return sample_pool()
    return load_pool(webnlg, instances=instances, outputs=outputs, train=train)


def _train_option(where: str) -> Any:
    return click.option(
        "--train",
        type=click.Path(exists=True, dir_okay=False),
        default=None,
        help=f"Training instances for 'ml' and for the realiser of 'rule' [default: dev.json {where}].",
    )


def _training_file(system: str, train: str | None, directory: Path) -> Path | None:
    """The training file a system needs ('rule', 'ml'), or None for the others."""
    if system not in ("rule", "ml"):
        return None
    tr = Path(train) if train else directory / "dev.json"
    if not tr.is_file():
        if system == "rule":
            return None  # the rule system runs unfitted (realisation by rules)
        raise LingevalError(
            "'ml' needs training instances: --train FILE (or dev.json next to the instances)"
        )
    return tr


_pool_options = [
    click.option(
        "--webnlg",
        type=click.Path(exists=True),
        default=None,
        help="WebNLG XML file or directory of <N>triples/*.xml [default: the shipped sample].",
    ),
    click.option(
        "--instances",
        type=click.Path(exists=True, file_okay=False),
        default=None,
        help="Directory with test_seen.json/test_unseen.json (NeuralREG), aligned to the XML [default: made from the XML].",
    ),
    click.option(
        "--outputs",
        type=click.Path(exists=True, file_okay=False),
        default=None,
        help="A system_outputs directory: each system becomes available by name.",
    ),
    _train_option("next to the instances"),
]


def pool_options(func: Any) -> Any:
    for opt in reversed(_pool_options):
        func = opt(func)
    return func


@click.group(name="reg")
def reg_group() -> None:
    """REG materials and systems: build study items, list and run REG systems."""


@reg_group.command(name="items")
@pool_options
@click.option(
    "--systems",
    default="human,rule,ml",
    show_default=True,
    help="Comma-separated systems (registered names or output systems).",
)
@click.option(
    "--strata",
    default=None,
    help="'paper' (4 x sizes 2-7 seen, 6 x sizes 2-5 unseen), 'all', or SUBSET:N:LO-HI,... [default: paper; all for the sample].",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the items (engine JSON: item_id, system, subset, payload).",
)
@click.option(
    "--show", is_flag=True, help="List every item's paragraph with the REs in [brackets]."
)
@output_options
def items_cmd(
    webnlg: str | None,
    instances: str | None,
    outputs: str | None,
    train: str | None,
    systems: str,
    strata: str | None,
    seed: int,
    out: str | None,
    show: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Sample texts and build every system's version as study items."""
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature
    from lingeval.study.reg.items import highlighted_text
    from lingeval.study.reg.pool import make_items
    from lingeval.study.tasks.base import save_items
    from lingeval.study.tasks.reg import RegTask

    pool = _pool(webnlg, instances, outputs, train)
    names = [s.strip() for s in systems.split(",") if s.strip()]
    spec = strata or ("all" if webnlg is None else "paper")
    items = make_items(pool, names, strata=parse_strata(spec), seed=seed, progress=True)
    task = RegTask()
    sig = Signature("study-reg-items", {"strata": spec, "seed": seed, "systems": names})
    t = Table(
        ["item_id", "system", "subset", "size", "category", "REs", "asked"],
        title=f"{len(items)} items ({len({i.item_id for i in items})} texts x {len(names)} systems)",
        signature=sig,
    )
    for it in items:
        view = task.view(it)
        t.add(
            it.item_id,
            it.system,
            it.subset,
            it.payload.get("size"),
            it.payload.get("category"),
            len(view["refs"]),
            len(view["asked"]),
        )
    tables = [t]
    if show:
        s = Table(
            ["item_id", "system", "text"], title="Items with every RE in [brackets]", signature=sig
        )
        for it in items:
            s.add(it.item_id, it.system, highlighted_text(it))
        tables.append(s)
    echo_tables(tables, resolve_format(fmt, as_json, as_csv))
    if out:
        save_items(items, out)
        click.echo(f"wrote {len(items)} items to {out}", err=True)


@reg_group.command(name="systems")
@pool_options
@click.option(
    "--forms",
    is_flag=True,
    help="Also count the referential forms each system produces (name/pronoun/description/demonstrative) per subset.",
)
@output_options
def systems_cmd(
    webnlg: str | None,
    instances: str | None,
    outputs: str | None,
    train: str | None,
    forms: bool,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """List the REG systems: registered ones and existing outputs."""
    from collections import Counter

    from lingeval.core.registry import registry
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature
    from lingeval.study.reg import systems as _systems  # noqa: F401  (registers the built-ins)
    from lingeval.study.reg.instances import RegInstance
    from lingeval.study.reg.systems import form_label

    pool = _pool(webnlg, instances, outputs, train)
    t = Table(
        ["system", "kind", "source"],
        title="REG systems",
        signature=Signature("study-reg-systems", {}),
    )
    names: list[str] = []
    for name in sorted(registry.reg_systems.get_all()):
        t.add(
            name, "registered", "lingeval" if name in ("human", "names", "rule", "ml") else "plugin"
        )
        names.append(name)
    for name, sysobj in sorted(pool.output_systems().items()):
        t.add(name, "outputs", ", ".join(f"{k}: {v}" for k, v in sorted(sysobj.files.items())))
        names.append(name)
    tables = [t]
    if forms:
        f = Table(
            ["system", "subset", "REs", "name %", "pronoun %", "description %", "demonstrative %"],
            title="Referential forms produced",
            signature=Signature("study-reg-forms", {}),
            digits=1,
        )
        for name in names:
            system = pool.system(name)
            for sub, outs in pool.outputs_of(system).items():
                xs = pool.instances[sub]
                c = Counter(
                    form_label(RegInstance(x.entity, x.category, (), (), tuple(o.split())))
                    for x, o in zip(xs, outs, strict=True)
                )
                n = max(sum(c.values()), 1)
                f.add(
                    name,
                    sub,
                    sum(c.values()),
                    100 * c["name"] / n,
                    100 * c["pronoun"] / n,
                    100 * c["description"] / n,
                    100 * c["demonstrative"] / n,
                )
        tables.append(f)
    echo_tables(tables, resolve_format(fmt, as_json, as_csv))


@reg_group.command(name="generate")
@click.argument("system")
@click.option(
    "--instances",
    "instances_file",
    type=click.Path(exists=True, dir_okay=False),
    required=True,
    help="A REG instance file (NeuralREG JSON).",
)
@click.option(
    "--subset",
    type=click.Choice(["seen", "unseen"]),
    default=None,
    help="Subset of the instance file (for output systems) [default: from the file name].",
)
@click.option(
    "--resources",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="Directory with gender.json / entity_types.json [default: next to the instances].",
)
@_train_option("next to the instances")
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Output file [default: stdout].",
)
def generate_cmd(
    system: str,
    instances_file: str,
    subset: str | None,
    resources: str | None,
    train: str | None,
    out: str | None,
) -> None:
    """Run a REG system on an instance file: one RE per line, aligned with the instances."""
    from lingeval.study.reg.instances import read_instances
    from lingeval.study.reg.systems import RegResources, make_system

    path = Path(instances_file)
    xs = read_instances(path)
    res = RegResources.from_dir(resources or path.parent)
    options: dict[str, Any] = {"resources": res}
    tr = _training_file(system, train, path.parent)
    if tr is not None:
        options["train"] = tr
    sub = subset or ("unseen" if "unseen" in path.name else "seen" if "seen" in path.name else "")
    lines = make_system(system, **options).generate(xs, subset=sub)
    text = "".join(line + "\n" for line in lines)
    if out:
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"wrote {len(lines)} REs to {out}", err=True)
    else:
        click.echo(text, nl=False)


@reg_group.command(name="score")
@click.option(
    "--instances",
    "instances_dir",
    type=click.Path(exists=True, file_okay=False),
    required=True,
    help="Directory with test_seen.json / test_unseen.json (NeuralREG), gender.json, entity_types.json.",
)
@_train_option("in the instances directory")
@click.option(
    "--outputs",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="A system_outputs directory: every system in it is scored too.",
)
@click.option(
    "--systems",
    default="names,rule,ml",
    show_default=True,
    help="Comma-separated registered systems to run and score.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@output_options
def score_cmd(
    instances_dir: str,
    train: str | None,
    outputs: str | None,
    systems: str,
    seed: int,
    fmt: str,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Score REG systems against the corpus REs: form, string and possessive-slot accuracy
    and the form distribution, per subset (seen / unseen)."""
    from lingeval.core.report import Table
    from lingeval.core.signature import Signature
    from lingeval.study.reg.evaluate import FORMS, score_systems
    from lingeval.study.reg.instances import read_instances
    from lingeval.study.reg.systems import RegResources, load_output_systems, make_system

    d = Path(instances_dir)
    insts = {
        sub: read_instances(d / f"test_{sub}.json")
        for sub in ("seen", "unseen")
        if (d / f"test_{sub}.json").is_file()
    }
    if not insts:
        raise LingevalError(f"{d}: no test_seen.json or test_unseen.json")
    res = RegResources.from_dir(d)
    outs: dict[str, dict[str, list[str]]] = {}
    used: set[str] = set()
    for name in [s.strip() for s in systems.split(",") if s.strip()]:
        options: dict[str, Any] = {"resources": res, "seed": seed}
        tr = _training_file(name, train, d)
        if tr is not None:
            options["train"] = tr
            used.add(tr.name)
        system = make_system(name, **options)
        outs[name] = {sub: system.generate(xs, subset=sub) for sub, xs in insts.items()}
    if outputs:
        for name, osys in load_output_systems(outputs).items():
            outs[name] = {
                sub: osys.generate(xs, subset=sub) for sub, xs in insts.items() if sub in osys.files
            }
    rows = score_systems(insts, outs)
    t = Table(
        ["system", "subset", "REs", "form acc", "string acc", "possessive acc", "possessive slots"]
        + [f"{f} %" for f in FORMS],
        title="REG systems against the corpus REs (percent; form = name/pronoun/description/demonstrative)",
        signature=Signature(
            "study-reg-score",
            {"train": ",".join(sorted(used)) or "none", "seed": seed, "match": "casefold"},
        ),
        digits=1,
    )
    for r in rows:
        t.add(
            r["system"],
            r["subset"],
            r["n"],
            r["form_accuracy"],
            r["string_accuracy"],
            r["possessive_accuracy"],
            r["n_possessive"],
            *[r[f"{f}_pct"] for f in FORMS],
        )
    echo_tables([t], resolve_format(fmt, as_json, as_csv))


COMMANDS = [reg_group]
