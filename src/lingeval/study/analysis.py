"""Analysis of an intrinsic task-based REG study (paper 002, section 5 and appendices A, C).

Input is the tidy answer table of :mod:`lingeval.study.answers` (one row per answer), read from
a CSV/JSON export, a DataFrame or a study database; published studies in other layouts are
converted by loaders (:func:`load_neuralreg` for the COLING 2020 human evaluation).

What is computed, per system, for all items and for the seen/unseen subsets:

* **Referential success** (section 5.2, Table 2 and Table 6): counts and proportions of
  Yes/Maybe/No over the asked questions, and the success rate
  ``SR = (Yes + proper names) / (REs x participants)`` in percent, proper names (answer value
  ``name``) counting as successful.
* **Ratings** (Table 3): means (and SD) of each rating measure (clarity, grammaticality,
  coherence on 1-7 for the REG study), pairwise two-sided Wilcoxon signed-rank tests with
  Bonferroni correction (``p_corr = min(1, p x m)``), and a compact letter display at
  ``alpha`` (0.01 in the paper). The **pairing unit** (``item``, ``participant`` or ``order``)
  and the **correction family** (``pairs``, ``measures`` or ``all``) are options and are named
  in every signature; see :class:`AnalysisOptions`.
* **Rewriting rate** (Table 3 and Table 4): ``RR = rewritings / (REs x participants)`` in
  percent with the raw counts; a rewriting is an answer to ``rewrite`` that differs from the
  shown RE (``reference``) after normalisation (case, spaces, outer punctuation).
* **Relations** (section 5.3): linear regressions (slope ``beta``, ``R2``, ``p``) of clarity on
  the number of Yes answers and on the number of successful REs of a response, and of each
  rating on the number of rewritings of a response (a response = one participant x one item).
* **Familiarity** (section 5.3, H5): Mann-Whitney U between responses whose major entity the
  participant knew and those they did not, for each rating and the number of rewritings.
* **Earlier study** (section 5.2, H2): :func:`compare_studies`, Mann-Whitney U per measure
  between this study's ratings and another study's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.signature import Signature
from lingeval.study.answers import ANSWER_COLUMNS, ATTENTION_SYSTEM, EXPORT_COLUMNS, csv_exact
from lingeval.study.stats import (
    bonferroni,
    compact_letters,
    linregress_table,
    mannwhitney_table,
    pairwise_wilcoxon,
)

__all__ = [
    "FAMILIES",
    "PAIRINGS",
    "REG_MEASURES",
    "AnalysisOptions",
    "StudyAnalysis",
    "analyze",
    "compare_studies",
    "is_rewriting",
    "load_answers",
    "load_neuralreg",
    "report_tables",
    "responses",
]

#: Rating questions of the REG study (paper 002, 4.2), 7-point Likert scales.
REG_MEASURES = ("clarity", "grammaticality", "coherence")
#: Rating columns of the COLING 2020 evaluation (Cunha et al. 2020), 1-5, mean of 2 annotators.
NEURALREG_MEASURES = ("acceptability", "lexicogrammar", "adequacy")
PAIRINGS = ("item", "participant", "order")
FAMILIES = ("pairs", "measures", "all")
SUBSETS = ("all", "seen", "unseen")


@dataclass(frozen=True)
class AnalysisOptions:
    """Options that change the numbers; all of them go into the signatures.

    * ``pairing``: the unit on which two systems are paired for the Wilcoxon test.
      ``item``: the mean rating of each (item, system) over its participants, paired by item
      (every item is shown in every system's version, to different participants);
      ``participant``: the mean rating of each (participant, system), paired by participant;
      ``order``: the k-th rating of each system in table order is paired with the k-th rating
      of every other system (how the COLING 2020 authors built their ``official_results``
      tables, see :func:`load_neuralreg`).
    * ``family``: the Bonferroni family. ``pairs``: the system pairs of one measure in one
      subset (``m = k(k-1)/2``, the paper's appendix A); ``measures``: all pairs of all
      measures in one subset; ``all``: every test of the analysis.
    * ``alpha``: significance level for the letters (paper: 0.01).
    * ``measures``: rating questions (default: every question with numeric answers except
      the task questions success/rewrite/familiarity/comment; questions left out are named
      in :attr:`StudyAnalysis.notes`).
    * ``rewrite_match``: ``normalised`` (case, spacing and outer punctuation ignored) or
      ``exact`` string comparison when deciding whether a rewrite is a copy.
    """

    pairing: str = "item"
    family: str = "pairs"
    alpha: float = 0.01
    measures: tuple[str, ...] | None = None
    rewrite_match: str = "normalised"

    def __post_init__(self) -> None:
        if self.pairing not in PAIRINGS:
            raise LingevalError(
                f"unknown pairing {self.pairing!r}; choose from {', '.join(PAIRINGS)}"
            )
        if self.family not in FAMILIES:
            raise LingevalError(
                f"unknown correction family {self.family!r}; choose from {', '.join(FAMILIES)}"
            )
        if not 0 < self.alpha < 1:
            raise LingevalError(f"alpha must be between 0 and 1, got {self.alpha}")
        if self.rewrite_match not in ("normalised", "exact"):
            raise LingevalError("rewrite_match must be 'normalised' or 'exact'")


@dataclass
class StudyAnalysis:
    """Every table of the analysis as a tidy DataFrame, plus the options and signature."""

    options: AnalysisOptions
    measures: tuple[str, ...]
    systems: list[str]
    success: pd.DataFrame
    ratings: pd.DataFrame
    wilcoxon: pd.DataFrame
    rewriting: pd.DataFrame
    regressions: pd.DataFrame
    familiarity: pd.DataFrame
    n_participants: int
    n_items: int
    study_id: str = ""
    notes: list[str] = field(default_factory=list)
    #: participants with quality flags in the export (too fast, failed attention checks);
    #: kept in the tables, listed here so that they can be excluded and the analysis re-run
    flagged_participants: list[str] = field(default_factory=list)

    def signature(self, metric: str = "study") -> Signature:
        o = self.options
        return Signature(
            metric,
            {
                "pairing": o.pairing,
                "family": o.family,
                "correction": "bonferroni",
                "alpha": o.alpha,
                "test": "wilcoxon-signed-rank",
                "rewrite": o.rewrite_match,
            },
        )


# --------------------------------------------------------------------------- loading


#: Answer columns a table may leave out, with the value they get (see :func:`load_answers`).
OPTIONAL_COLUMNS: dict[str, str] = {
    "study_id": "",
    "participant_id": "1",
    "group": "",
    "subset": "",
    "target": "",
    "reference": "",
    "submitted_at": "",
}
#: Extra fields of a ``--columns`` mapping: ``category`` (a WebNLG category, from which
#: ``subset`` is derived) and ``rating:NAME`` (a wide column of ratings of question NAME).
MAPPING_FIELDS = (*ANSWER_COLUMNS, "category")
RATING_PREFIX = "rating:"


def load_answers(
    source: str | Path | pd.DataFrame,
    *,
    study_id: str | None = None,
    columns: str | Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """Read the tidy answer table from a DataFrame, a CSV/TSV/JSON file or a database URL.

    The interchange format is documented in ``docs/study-analysis.md`` ("The answer table").
    Required columns: ``item_id``, ``system``, ``question``, ``value``; the others
    (:data:`OPTIONAL_COLUMNS`) may be absent and get their default (``participant_id`` ``1``:
    one rater, or ratings already averaged; ``subset`` empty: no seen/unseen split).
    The delimiter of a text table is sniffed (comma, tab or semicolon).

    ``columns`` maps fields to the source's columns, ``"item_id=eid,system=model"`` or a
    dict (parsed by :func:`lingeval.core.columns.parse_column_mapping`); besides the answer
    columns it knows ``category`` (``subset`` becomes ``unseen`` for the five unseen WebNLG
    categories, else ``seen``) and ``rating:NAME=COLUMN`` (a wide table: each row gives one
    answer to question NAME per such column, in row order; ``question``/``value`` are then
    not mapped). Database URLs (``sqlite:///study.db``, ``postgresql://...``) are read with
    the survey engine's export (all studies, or ``study_id``); a database holding just a
    table named ``answers`` works too. Raises :class:`InputError` naming what is missing.
    """
    if isinstance(source, pd.DataFrame):
        df = source.copy()
        where: str = "<DataFrame>"
    else:
        text = str(source)
        where = text
        if "://" in text:
            df = _read_db(text, study_id)
        else:
            path = Path(text)
            if not path.is_file():
                raise InputError("no such file", path=path)
            try:
                if path.suffix.lower() == ".json":
                    df = pd.read_json(path, dtype=False)
                else:
                    df = pd.read_csv(
                        path,
                        sep=_sniff_sep(path),
                        dtype=str,
                        keep_default_na=False,
                        encoding="utf-8-sig",  # a spreadsheet's BOM is not part of a column name
                    )
                    df = df.map(csv_exact)  # undo the export's formula neutralisation
                    # where each row is, for errors found later (header = line 1)
                    df.attrs["lines"] = dict(zip(df.index, range(2, len(df) + 2), strict=True))
            except (ValueError, pd.errors.ParserError, UnicodeDecodeError) as exc:
                raise InputError(f"cannot read the answer table: {exc}", path=path) from None
            df.attrs["source"] = str(path)
    if columns:
        df = _apply_mapping(df, columns, where)
    missing = [c for c in ANSWER_COLUMNS if c not in df.columns and c not in OPTIONAL_COLUMNS]
    if missing:
        raise InputError(
            f"answer table lacks column(s) {', '.join(missing)}; it has {', '.join(map(str, df.columns))} "
            "(map them with --columns FIELD=COLUMN,...)",
            path=where,
            line=1 if where != "<DataFrame>" and "://" not in where else None,
        )
    for c in ANSWER_COLUMNS:
        if c not in df.columns:
            df[c] = OPTIONAL_COLUMNS.get(c, "")
    for c in (
        "participant_id",
        "item_id",
        "system",
        "subset",
        "question",
        "target",
        "reference",
        "value",
    ):
        df[c] = df[c].fillna("").astype(str)
    df["subset"] = df["subset"].str.strip().str.lower()
    df["question"] = df["question"].str.strip().str.lower()
    return df.reset_index(drop=True)


def _sniff_sep(path: Path) -> str:
    """The delimiter of a text table: tab, semicolon or comma, whichever splits the header
    line into the most fields (``.tsv``/``.tab`` files: tab)."""
    if path.suffix.lower() in (".tsv", ".tab"):
        return "\t"
    with open(path, encoding="utf-8", newline="") as fh:
        header = fh.readline()
    return max((",", "\t", ";"), key=lambda d: (header.count(d), d == ","))


def _apply_mapping(df: pd.DataFrame, spec: str | Mapping[str, str], where: str) -> pd.DataFrame:
    """Rename mapped columns to answer fields; derive ``subset`` from ``category``; melt
    ``rating:NAME`` columns into one answer per row and rating (see :func:`load_answers`)."""
    from lingeval.core.columns import parse_column_mapping
    from lingeval.study.reg import UNSEEN_CATEGORIES

    mapping = parse_column_mapping(spec, MAPPING_FIELDS, prefixes=(RATING_PREFIX,))
    absent = [c for c in mapping.values() if c not in df.columns]
    if absent:
        raise InputError(
            f"mapped column(s) {', '.join(map(repr, absent))} not found; the table has: "
            f"{', '.join(map(repr, map(str, df.columns)))}",
            path=where,
        )
    ratings = {
        k[len(RATING_PREFIX) :]: v for k, v in mapping.items() if k.startswith(RATING_PREFIX)
    }
    plain = {k: v for k, v in mapping.items() if not k.startswith(RATING_PREFIX)}
    if ratings and ({"question", "value"} & set(plain)):
        raise LingevalError(
            "a column mapping gives either question/value (one answer per row) or rating:NAME "
            "columns (one answer per rating column), not both"
        )
    out = pd.DataFrame({k: df[v] for k, v in plain.items()}, index=df.index)
    for c in df.columns:  # unmapped columns ride along (e.g. the number of triples)
        if c not in out.columns and c not in mapping.values():
            out[c] = df[c]
    if "category" in plain and "subset" not in plain:
        cats = out["category"].astype(str).str.strip()
        out["subset"] = np.where(cats.isin(UNSEEN_CATEGORIES), "unseen", "seen")
    if ratings:
        n, k = len(out), len(ratings)
        out = out.loc[out.index.repeat(k)].reset_index(drop=True)
        out["question"] = list(ratings) * n
        values = np.column_stack([df[c].astype(str).to_numpy() for c in ratings.values()])
        out["value"] = values.reshape(-1) if n else []
    return out


def _read_db(url: str, study_id: str | None = None) -> pd.DataFrame:
    """Answers from a study database: the engine's :class:`~lingeval.study.storage.Store`
    export (every study, or ``study_id``), else a plain ``answers`` table."""
    try:
        import sqlalchemy as sa
    except ImportError as exc:  # pragma: no cover - core dependency
        raise LingevalError("reading a study database needs SQLAlchemy") from exc
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            tables = set(sa.inspect(conn).get_table_names())
            if "answers" in tables and "studies" not in tables:
                table = sa.Table("answers", sa.MetaData(), autoload_with=conn)
                df = pd.read_sql(sa.select(table), conn)
                return df.astype({c: str for c in df.columns if c != "group"})
    except sa.exc.SQLAlchemyError as exc:
        raise LingevalError(
            f"{url}: cannot read the study database ({exc.__class__.__name__})"
        ) from None
    finally:
        engine.dispose()
    if "studies" not in tables:
        raise LingevalError(
            f"{url}: no study tables and no 'answers' table (export the study as CSV instead)"
        )
    from dataclasses import asdict

    from lingeval.study.storage import Store

    store = Store(url, migrate=False)
    try:
        ids = [study_id] if study_id else [st.id for st in store.studies()]
        records = [asdict(a) for sid in ids for a in store.export(sid)]
    finally:
        store.dispose()
    return pd.DataFrame(records, columns=list(EXPORT_COLUMNS))


def load_neuralreg(path: str | Path, *, annotator: str = "mean") -> pd.DataFrame:
    """Convert the COLING 2020 REG human evaluation (``trials_results.csv``) to tidy answers.

    The file is tab-separated, one row per (text, system) trial with ``eid``, ``category``,
    ``size``, ``model`` and the ratings ``acceptability``, ``lexicogrammar``, ``adequacy``
    (1-5) by annotators ``A`` and ``I`` plus their mean (no suffix). ``annotator`` picks
    ``mean`` (default, what the authors analysed), ``A``, ``I`` or ``both`` (two participants).
    ``subset`` is ``unseen`` for the five unseen WebNLG categories, else ``seen``. Row order
    is kept (the ``order`` pairing of :class:`AnalysisOptions` needs it); ``size`` (number of
    triples) is kept as an extra column.
    """
    from lingeval.study.reg import UNSEEN_CATEGORIES

    p = Path(path)
    if not p.is_file():
        raise InputError("no such file", path=p)
    try:
        raw = pd.read_csv(p, sep="\t", dtype=str, keep_default_na=False)
    except (ValueError, pd.errors.ParserError) as exc:
        raise InputError(f"cannot read: {exc}", path=p) from None
    need = ["eid", "category", "model", *NEURALREG_MEASURES]
    missing = [c for c in need if c not in raw.columns]
    if missing:
        raise InputError(
            f"not a trials_results file: missing column(s) {', '.join(missing)}", path=p, line=1
        )
    suffixes = {
        "mean": [("mean", "")],
        "A": [("A", "A")],
        "I": [("I", "I")],
        "both": [("A", "A"), ("I", "I")],
    }
    if annotator not in suffixes:
        raise LingevalError(f"annotator must be one of {', '.join(suffixes)}")
    records: list[dict[str, Any]] = []
    for i, row in raw.iterrows():
        subset = "unseen" if row["category"] in UNSEEN_CATEGORIES else "seen"
        for who, suf in suffixes[annotator]:
            for m in NEURALREG_MEASURES:
                value = row.get(m + suf, "")
                try:
                    float(value)
                except ValueError:
                    raise InputError(
                        f"{m + suf} is not a number: {value!r}", path=p, line=int(str(i)) + 2
                    ) from None
                records.append(
                    {
                        "study_id": "neuralreg-coling2020",
                        "participant_id": who,
                        "group": 0,
                        "item_id": row["eid"],
                        "system": row["model"],
                        "subset": subset,
                        "question": m,
                        "target": "",
                        "reference": "",
                        "value": value,
                        "submitted_at": "",
                        "size": row.get("size", ""),
                    }
                )
    return pd.DataFrame(records)


# --------------------------------------------------------------------------- derived tables

_OUTER_PUNCT = re.compile(r"^[\s\"'`.,;:!?()\[\]]+|[\s\"'`.,;:!?()\[\]]+$")


def is_rewriting(value: str, reference: str, *, match: str = "normalised") -> bool:
    """True when a participant's RE differs from the shown RE (a copy is not a rewriting).

    ``normalised`` ignores case, repeated spaces and punctuation at either end.
    """
    if match == "exact":
        return value != reference

    def norm(s: str) -> str:
        return _OUTER_PUNCT.sub("", " ".join(s.split()).casefold())

    return norm(value) != norm(reference)


#: Questions of the REG task that are not ratings (paper 002, 4.2).
TASK_QUESTIONS = frozenset({"success", "rewrite", "familiarity", "comment"})


def _numeric(values: pd.Series) -> bool:
    """True when every non-empty value is a number and there is at least one."""
    v = values[values.str.strip() != ""]
    return bool(len(v)) and bool(pd.to_numeric(v, errors="coerce").notna().all())


def _measures(df: pd.DataFrame, options: AnalysisOptions) -> tuple[tuple[str, ...], list[str]]:
    """The rating questions to analyse, and notes naming every question left out.

    Default: every question with numeric answers other than the task questions
    (:data:`TASK_QUESTIONS`), the REG and COLING 2020 measures first in their usual order
    (always taken: a non-number there is an input error), then the others in order of
    appearance. With ``options.measures``: those, and a note for
    each numeric question not among them.
    """
    present = list(dict.fromkeys(df["question"]))
    rating = set(REG_MEASURES) | set(NEURALREG_MEASURES)  # a non-number there is an error
    numeric = [
        q
        for q in present
        if q not in TASK_QUESTIONS
        and (q in rating or _numeric(df.loc[df["question"] == q, "value"]))
    ]
    other = [q for q in present if q not in TASK_QUESTIONS and q not in numeric]
    notes = []
    if other:
        notes.append(
            f"question(s) {', '.join(other)} left out of the rating analysis: answers are not all numbers"
        )
    if options.measures:
        absent = [m for m in options.measures if m not in present]
        if absent:
            raise LingevalError(f"no answers to rating question(s) {', '.join(absent)}")
        left = [q for q in numeric if q not in options.measures]
        if left:
            notes.append(
                f"numeric question(s) {', '.join(left)} not analysed (not named in --measures)"
            )
        return tuple(options.measures), notes
    known = [m for m in (*REG_MEASURES, *NEURALREG_MEASURES) if m in numeric]
    return tuple(known + [q for q in numeric if q not in known]), notes


def _exact(value: str) -> Fraction:
    """A rating as an exact rational (``"4.5"`` -> 9/2, ``"0.7"`` -> 7/10)."""
    return Fraction(value.strip())


def responses(
    answers: pd.DataFrame,
    *,
    measures: Sequence[str] = REG_MEASURES,
    rewrite_match: str = "normalised",
) -> pd.DataFrame:
    """One row per response (participant x item x system) with derived counts.

    Columns: ``participant_id, item_id, system, subset, order`` (first appearance in the
    table), one column per rating measure (the mean of its answers in the response, a float;
    empty answers are skipped), ``n_res`` (REs shown), ``n_yes``, ``n_maybe``, ``n_no``,
    ``n_names``, ``n_success`` (Yes + proper names), ``n_rewrites`` and ``familiar``
    (``yes``/``no``/empty). Each measure also has ``exact:<measure>``, the same mean as a
    :class:`fractions.Fraction` of the answers' decimal values, so that paired differences
    are exact (:func:`_pairing_frame`).
    """
    df = answers
    keys = ["participant_id", "item_id", "system"]
    base = df.drop_duplicates(keys)[[*keys, "subset"]].copy()
    base["order"] = np.arange(len(base))
    base = base.set_index(keys)
    for m in measures:
        sub = df[(df["question"] == m) & (df["value"].str.strip() != "")]
        exact: dict[tuple[str, str, str], list[Fraction]] = {}
        for index, row in zip(
            sub.index, sub[[*keys, "value"]].itertuples(index=False), strict=True
        ):
            try:
                v = _exact(row[3])
            except (ValueError, ZeroDivisionError):
                raise InputError(
                    f"rating {m!r} of participant {row[0]} on item {row[1]} is not a number: {row[3]!r}",
                    path=df.attrs.get("source"),
                    line=df.attrs.get("lines", {}).get(index),
                ) from None
            exact.setdefault((row[0], row[1], row[2]), []).append(v)
        means = {k: sum(v, Fraction(0)) / len(v) for k, v in exact.items()}
        exact_col = pd.Series(list(means.values()), dtype=object)
        if len(exact_col):
            exact_col.index = pd.MultiIndex.from_tuples(list(means), names=keys)
            base["exact:" + m] = exact_col
            base[m] = exact_col.map(float).astype(float)
        else:
            base["exact:" + m] = None
            base[m] = np.nan
    succ = df[df["question"] == "success"]
    val = succ["value"].str.strip().str.lower()
    for label, col in (("yes", "n_yes"), ("maybe", "n_maybe"), ("no", "n_no"), ("name", "n_names")):
        base[col] = succ[val == label].groupby(keys).size()
    rew = df[df["question"] == "rewrite"]
    flags = [
        is_rewriting(v, r, match=rewrite_match)
        for v, r in zip(rew["value"], rew["reference"], strict=True)
    ]
    base["n_res"] = rew.groupby(keys).size()
    base["n_rewrites"] = rew.assign(f=flags).groupby(keys)["f"].sum()
    fam = df[df["question"] == "familiarity"].groupby(keys)["value"].first()
    base["familiar"] = fam.str.strip().str.lower()
    for col in ("n_yes", "n_maybe", "n_no", "n_names", "n_res", "n_rewrites"):
        base[col] = base[col].fillna(0).astype(int)
    base["n_success"] = base["n_yes"] + base["n_names"]
    base["familiar"] = base["familiar"].fillna("")
    return base.reset_index()


def _subsets(resp: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    out = [("all", resp)]
    for s in ("seen", "unseen"):
        sub = resp[resp["subset"] == s]
        if len(sub):
            out.append((s, sub))
    return out


def _system_order(resp: pd.DataFrame) -> list[str]:
    return sorted(set(resp["system"]))


def _success_table(resp: pd.DataFrame, systems: list[str]) -> pd.DataFrame:
    rows = []
    for subset, sub in _subsets(resp):
        for s in systems:
            g = sub[sub["system"] == s]
            yes, maybe, no, names = (
                int(g[c].sum()) for c in ("n_yes", "n_maybe", "n_no", "n_names")
            )
            asked = yes + maybe + no
            total = asked + names
            if total == 0:
                continue
            rows.append(
                {
                    "system": s,
                    "subset": subset,
                    "yes": yes,
                    "maybe": maybe,
                    "no": no,
                    "names": names,
                    "asked": asked,
                    "total": total,
                    "yes_pct": 100 * yes / asked if asked else np.nan,
                    "maybe_pct": 100 * maybe / asked if asked else np.nan,
                    "no_pct": 100 * no / asked if asked else np.nan,
                    "SR": 100 * (yes + names) / total,
                }
            )
    cols = [
        "system",
        "subset",
        "yes",
        "maybe",
        "no",
        "names",
        "asked",
        "total",
        "yes_pct",
        "maybe_pct",
        "no_pct",
        "SR",
    ]
    return pd.DataFrame(rows, columns=cols)


def _rewriting_table(resp: pd.DataFrame, systems: list[str]) -> pd.DataFrame:
    rows = []
    for subset, sub in _subsets(resp):
        for s in systems:
            g = sub[sub["system"] == s]
            total = int(g["n_res"].sum())
            if total == 0:
                continue
            rw = int(g["n_rewrites"].sum())
            rows.append(
                {
                    "system": s,
                    "subset": subset,
                    "rewrites": rw,
                    "res": total,
                    "RR": 100 * rw / total,
                }
            )
    return pd.DataFrame(rows, columns=["system", "subset", "rewrites", "res", "RR"])


def _pairing_frame(sub: pd.DataFrame, measure: str, pairing: str) -> pd.DataFrame:
    """Rows (subject, system, value) for the Wilcoxon test under ``pairing``; the value is
    the exact mean (a :class:`~fractions.Fraction`) of the subject's ratings of the system,
    so that averaged ratings keep their ties in the paired differences."""
    exact = "exact:" + measure
    d = sub[["participant_id", "item_id", "system", "order", exact]]
    d = d[d[exact].notna()]
    if pairing in ("item", "participant"):
        unit = "item_id" if pairing == "item" else "participant_id"
        cells: dict[tuple[str, str], list[Fraction]] = {}
        for u, s, v in zip(d[unit], d["system"], d[exact], strict=True):
            cells.setdefault((u, s), []).append(v)
        return pd.DataFrame(
            [(u, s, sum(v, Fraction(0)) / len(v)) for (u, s), v in cells.items()],
            columns=["subject", "system", measure],
        )
    d = d.sort_values("order").copy()
    d["subject"] = d.groupby("system").cumcount()
    return d[["subject", "system", exact]].rename(columns={exact: measure})


def _ratings(
    resp: pd.DataFrame, systems: list[str], measures: tuple[str, ...], options: AnalysisOptions
) -> tuple[pd.DataFrame, pd.DataFrame]:
    tests = []
    for subset, sub in _subsets(resp):
        for m in measures:
            frame = _pairing_frame(sub, m, options.pairing)
            if options.pairing == "item" and len(frame):
                per_item = frame.groupby("subject")["system"].nunique()
                if per_item.max() < 2:
                    raise LingevalError(
                        "pairing by item found no item rated in two systems' versions; "
                        "item_id must name the source item (not the version), or use --pairing participant"
                    )
            t = pairwise_wilcoxon(
                frame,
                dv=m,
                within="system",
                subject="subject",
                order=[s for s in systems if s in set(frame["system"])],
            )
            t.insert(0, "measure", m)
            t.insert(0, "subset", subset)
            tests.append(t)
    wil = (
        pd.concat(tests, ignore_index=True)
        if tests
        else pd.DataFrame(columns=["subset", "measure", "A", "B", "n", "W", "p"])
    )
    if len(wil):
        if options.family == "pairs":
            groups = wil.groupby(["subset", "measure"], sort=False).groups
        elif options.family == "measures":
            groups = wil.groupby(["subset"], sort=False).groups
        else:
            groups = {"all": wil.index}
        wil["m"] = 0
        wil["p_corr"] = np.nan
        for idx in groups.values():
            ps = wil.loc[idx, "p"].tolist()
            m_ = sum(1 for p in ps if not np.isnan(p))
            wil.loc[idx, "p_corr"] = bonferroni(ps, m_)
            wil.loc[idx, "m"] = m_
        wil["significant"] = wil["p_corr"] < options.alpha
    rows = []
    for subset, sub in _subsets(resp):
        for m in measures:
            stats = sub.groupby("system")[m].agg(["mean", "std", "count"])
            stats.columns = ["mean", "sd", "n"]
            # population SD (ddof=0), as the COLING 2020 authors report it
            stats["sd"] = stats["sd"] * np.sqrt(
                (stats["n"] - 1).clip(lower=0) / stats["n"].clip(lower=1)
            )
            stats = stats[stats["n"] > 0]
            means = {str(s): float(v) for s, v in stats["mean"].items()}
            sds = {str(s): float(v) for s, v in stats["sd"].items()}
            ns = {str(s): int(v) for s, v in stats["n"].items()}
            w = wil[(wil["subset"] == subset) & (wil["measure"] == m)] if len(wil) else wil
            sig = [
                (a, b)
                for a, b, f in zip(w["A"], w["B"], w.get("significant", []), strict=False)
                if f
            ]
            letters = compact_letters(means, sig) if means else {}
            for s in systems:
                if s not in means:
                    continue
                rows.append(
                    {
                        "system": s,
                        "subset": subset,
                        "measure": m,
                        "mean": means[s],
                        "sd": sds[s],
                        "n": ns[s],
                        "letters": letters.get(s, ""),
                    }
                )
    ratings = pd.DataFrame(
        rows, columns=["system", "subset", "measure", "mean", "sd", "n", "letters"]
    )
    return ratings, wil


def analyze(
    answers: pd.DataFrame | str | Path, options: AnalysisOptions | None = None
) -> StudyAnalysis:
    """Run the whole analysis of section 5 on a tidy answer table (see the module docstring)."""
    options = options or AnalysisOptions()
    df = load_answers(answers)
    flagged = sorted(set(df.loc[df["flags"] != "", "participant_id"])) if "flags" in df else []
    df = df[df["system"] != ATTENTION_SYSTEM]  # attention checks are not a compared system
    if df.empty:
        raise LingevalError("the answer table is empty")
    measures, notes = _measures(df, options)
    resp = responses(df, measures=measures, rewrite_match=options.rewrite_match)
    systems = _system_order(resp)
    success = _success_table(resp, systems)
    ratings, wil = _ratings(resp, systems, measures, options)
    rewriting = _rewriting_table(resp, systems)
    reg_pairs: list[tuple[str, str]] = []
    if "clarity" in measures and (resp["n_yes"].sum() + resp["n_names"].sum()) > 0:
        reg_pairs += [("clarity", "n_yes"), ("clarity", "n_success")]
    if resp["n_res"].sum() > 0:
        reg_pairs += [(m, "n_rewrites") for m in measures]
    regressions = linregress_table(resp, reg_pairs) if reg_pairs else linregress_table(resp, [])
    fam = resp[resp["familiar"].isin(["yes", "no"])]
    if fam["familiar"].nunique() == 2:
        dvs = [*measures] + (["n_rewrites"] if resp["n_res"].sum() > 0 else [])
        familiarity = mannwhitney_table(fam, dvs=dvs, between="familiar", groups=("yes", "no"))
    else:
        familiarity = mannwhitney_table(resp.assign(g="x"), dvs=[], between="g", groups=("x", "y"))
    study_ids = sorted(set(df["study_id"]) - {""})
    return StudyAnalysis(
        options=options,
        measures=measures,
        systems=systems,
        success=success,
        ratings=ratings,
        wilcoxon=wil,
        rewriting=rewriting,
        regressions=regressions,
        familiarity=familiarity,
        n_participants=int(resp["participant_id"].nunique()),
        n_items=int(resp["item_id"].nunique()),
        study_id=",".join(study_ids),
        flagged_participants=flagged,
        notes=notes
        + (
            [f"{len(flagged)} participant(s) flagged (too fast or failed attention checks)"]
            if flagged
            else []
        ),
    )


def compare_studies(
    this: pd.DataFrame | str | Path,
    earlier: pd.DataFrame | str | Path,
    *,
    measures: Sequence[str] | None = None,
    by_system: bool = False,
) -> pd.DataFrame:
    """Mann-Whitney U per rating measure between two studies' ratings (paper 002, 5.2, H2).

    Both inputs are tidy answer tables; ratings are compared response by response. With
    ``by_system`` the test is run per system present in both. Scales must match (the caller
    rescales otherwise).
    """
    a = load_answers(this)
    b = load_answers(earlier)
    ms = (
        tuple(measures)
        if measures
        else tuple(m for m in REG_MEASURES if m in set(a["question"]) and m in set(b["question"]))
    )
    if not ms:
        raise LingevalError("the two studies share no rating question")
    ra = responses(a, measures=ms).assign(study="this")
    rb = responses(b, measures=ms).assign(study="earlier")
    both = pd.concat([ra, rb], ignore_index=True)
    if not by_system:
        out = mannwhitney_table(both, dvs=ms, between="study", groups=("this", "earlier"))
        out.insert(0, "system", "all")
        return out
    parts = []
    for s in [s for s in dict.fromkeys(ra["system"]) if s in set(rb["system"])]:
        t = mannwhitney_table(
            both[both["system"] == s], dvs=ms, between="study", groups=("this", "earlier")
        )
        t.insert(0, "system", s)
        parts.append(t)
    return pd.concat(parts, ignore_index=True)


def report_tables(result: StudyAnalysis) -> list[Any]:
    """The paper-layout tables of :mod:`lingeval.study.report` (Tables 2, 3, 4, 6 and tests)."""
    from lingeval.study.report import paper_tables

    return paper_tables(result)
