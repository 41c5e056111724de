"""The resource builder: frequency table, acceptability pairs and cloze items (paper 003, section 2).

Pipeline (``lingeval probe build``):

1. :func:`~lingeval.probing.connectives.scan_treebanks` finds every connective occurrence
   whose head is a verb or a copula-headed predicate (section 2.1).
2. :func:`frequency_table` counts them per connective and per treebank (appendix A).
3. :func:`build_resource` samples ``quota`` sentences per connective (15 in the paper) for each
   section, rarest connective first so that rare connectives are not starved, a sentence
   being used at most once per section (and, by default, in one section only):

   * acceptability (section 2.2.1): the original sentence (``acceptable``) and a counterpart
     where the connective is replaced by another of the list (``unacceptable``). The
     replacement strategy is ``frame`` (default: a connective that fits the same syntactic
     frame and mood, preferring one whose discourse relation contradicts the original, see
     :mod:`lingeval.probing.substitutes`; sentences where nothing fits are not used for pairs),
     ``other-class`` (a connective sharing no substitution class) or ``random``. The
     replacement, the frame and the reason for the choice are recorded; ``grammatical`` is
     ``unreviewed`` for every item until a reviewer's verdict is merged back
     (:mod:`lingeval.probing.review`; the paper marked 98 counterparts ``no``).
   * cloze (section 2.2.2): the connective blanked (``___``), five options in a seeded random
     order: the target, a plausible alternative (a connective of the same relation class and
     the same frame; with a masked LM, the one the model ranks highest in the blank) and three
     implausible ones (sharing no class). ``plausible_source`` records how the plausible
     option was chosen, always prefixed ``automatic:``.

Everything random comes from one ``random.Random(seed)``; the seed and the strategy go into
the manifest and the signature, so a resource is rebuilt identically.

Schemas (TSV with a header row, lists joined by ``|``; JSONL with real lists)::

    acceptability: pair_id item_id condition connective replacement sentence start end
                   grammatical strategy treebank sent_id [frame reason]
    cloze:         item_id connective sentence blanked start options plausible implausible
                   plausible_source treebank sent_id [frame]

(bracketed columns are written by this version and optional when reading).

``start``/``end`` are 0-based character offsets of the (replaced) connective in ``sentence``.
"""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.report import Table
from lingeval.core.signature import Signature
from lingeval.probing.connectives import DEFAULT_CONNECTIVES, Occurrence
from lingeval.probing.substitutes import choose_substitute, plausible_candidates

__all__ = [
    "ACCEPTABILITY_COLUMNS",
    "BLANK",
    "CLOZE_COLUMNS",
    "STRATEGIES",
    "AcceptabilityItem",
    "ClozeItem",
    "Resource",
    "build_resource",
    "frequency_table",
    "read_acceptability",
    "read_cloze",
    "write_acceptability",
    "write_resource",
]

BLANK = "___"
STRATEGIES = ("frame", "other-class", "random")
#: Scores options in a blank: ``[(blanked text, candidates)] -> [[log-prob per candidate]]``.
OptionRanker = Callable[[Sequence[tuple[str, Sequence[str]]]], list[list[float]]]

ACCEPTABILITY_COLUMNS = (
    "pair_id",
    "item_id",
    "condition",
    "connective",
    "replacement",
    "sentence",
    "start",
    "end",
    "grammatical",
    "strategy",
    "treebank",
    "sent_id",
    "frame",
    "reason",
)
CLOZE_COLUMNS = (
    "item_id",
    "connective",
    "sentence",
    "blanked",
    "start",
    "options",
    "plausible",
    "implausible",
    "plausible_source",
    "treebank",
    "sent_id",
    "frame",
)
OPTIONAL_COLUMNS = frozenset({"frame", "reason"})


@dataclass(slots=True)
class AcceptabilityItem:
    """One sentence of the acceptability section; two consecutive items form a pair."""

    pair_id: str
    item_id: str
    condition: str  # "acceptable" | "unacceptable"
    connective: str
    replacement: str
    sentence: str
    start: int
    end: int
    grammatical: str = "yes"  # "yes" | "no" | "unreviewed"
    strategy: str = "other-class"
    treebank: str = ""
    sent_id: str = ""
    frame: str = ""
    reason: str = ""


@dataclass(slots=True)
class ClozeItem:
    """One cloze sentence: the blanked text and five options (target, plausible, 3 implausible)."""

    item_id: str
    connective: str
    sentence: str
    blanked: str
    start: int
    options: list[str]
    plausible: str
    implausible: list[str]
    plausible_source: str = ""
    treebank: str = ""
    sent_id: str = ""
    frame: str = ""


@dataclass
class Resource:
    """The built resource plus what is needed to rebuild it."""

    acceptability: list[AcceptabilityItem]
    cloze: list[ClozeItem]
    frequencies: Table
    signature: Signature
    shortfalls: dict[str, dict[str, int]] = field(default_factory=dict)
    #: sentences per connective with no substitute fitting the frame (``frame`` strategy)
    no_substitute: dict[str, int] = field(default_factory=dict)


#: ``frequency_table(filter=...)``: title and signature value of each filter.
FILTERS: dict[str, tuple[str, str]] = {
    "connective": (
        "Sentence connectives (head a verb or copula; clitic, adjectival, focus and interrogative uses removed), per treebank (appendix A)",
        "verb-or-copula-head+morphosyntax",
    ),
    "head": (
        "Connectives headed by a verb or copula, per treebank (appendix A)",
        "verb-or-copula-head",
    ),
    "none": ("Every occurrence of the connectives, per treebank (no filter)", "none"),
}


def frequency_table(
    occurrences: Iterable[Occurrence],
    connectives: Sequence[str] = DEFAULT_CONNECTIVES,
    *,
    filter: str = "connective",
) -> Table:
    """Kept occurrences per connective (rows, paper order) and per treebank (columns), appendix A.

    Also gives the total and the rank by total (1 = most frequent). ``filter`` names the filter
    the occurrences went through (``connective``, ``head`` or ``none``) for the title and the
    signature. Counts are occurrences (a sentence with two *e* counts twice), and a connective
    is never matched inside a multiword token.
    """
    if filter not in FILTERS:
        raise LingevalError(f"unknown filter {filter!r}; choose from {', '.join(FILTERS)}")
    counts: Counter[tuple[str, str]] = Counter()
    banks: list[str] = []
    for occ in occurrences:
        counts[(occ.connective, occ.treebank)] += 1
        if occ.treebank not in banks:
            banks.append(occ.treebank)
    totals = {c: sum(counts[(c, b)] for b in banks) for c in connectives}
    order = sorted(connectives, key=lambda c: -totals[c])
    rank = {c: order.index(c) + 1 for c in connectives}
    title, sig_filter = FILTERS[filter]
    table = Table(
        columns=["connective", *banks, "total", "rank"],
        title=title,
        signature=Signature(
            "probe-frequency",
            {"connectives": len(connectives), "filter": sig_filter, "count": "occurrences"},
        ),
    )
    for c in connectives:
        table.add(c, *[counts[(c, b)] for b in banks], totals[c], rank[c])
    table.add(
        "all",
        *[sum(counts[(c, b)] for c in connectives) for b in banks],
        sum(totals.values()),
        None,
    )
    table.notes.append(
        "note: counts are occurrences, not sentences (a sentence with two 'e' counts twice); "
        "connectives are matched on whole surface tokens, never inside a multiword token"
    )
    return table


def _match_case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _euphonic(word: str, after: str) -> str:
    """*e* becomes *ed* before a word starting with *e* ("requisita ed espropriata")."""
    nxt = after.lstrip()
    return "ed" if word == "e" and after[:1] == " " and nxt[:1].lower() == "e" else word


def _slug(connective: str) -> str:
    return connective.replace(" ", "_")


def build_resource(
    occurrences: Iterable[Occurrence],
    connectives: Sequence[str],
    classes: dict[str, tuple[str, ...]],
    *,
    quota: int = 15,
    cloze_quota: int | None = None,
    seed: int = 0,
    strategy: str = "frame",
    disjoint: bool = True,
    rank_options: OptionRanker | None = None,
    ranker_name: str = "",
) -> Resource:
    """Sample and build both sections (section 2.2) from connective occurrences.

    ``quota`` sentences per connective for acceptability (pairs), ``cloze_quota`` (default:
    ``quota``) for the cloze section. ``shortfalls`` in the result lists connectives that had
    fewer usable sentences than the quota. ``rank_options`` (e.g.
    :meth:`lingeval.probing.scorers.MaskedLMScorer.rank_options`) lets a masked LM pick the
    cloze item's plausible option among the candidates of the same relation and frame.
    """
    if strategy not in STRATEGIES:
        raise LingevalError(
            f"unknown replacement strategy {strategy!r}; choose from {', '.join(STRATEGIES)}"
        )
    if quota < 0 or (cloze_quota is not None and cloze_quota < 0):
        raise LingevalError("quotas must be >= 0")
    cloze_quota = quota if cloze_quota is None else cloze_quota
    occs = sorted(occurrences, key=lambda o: (o.treebank, o.sent_id, o.start))
    by_conn: dict[str, list[Occurrence]] = {c: [] for c in connectives}
    for o in occs:
        if o.connective in by_conn:
            by_conn[o.connective].append(o)
    rng = random.Random(seed)
    order = sorted(connectives, key=lambda c: (len(by_conn[c]), connectives.index(c)))

    def plausible_pool(target: str) -> list[str]:
        return [c for c in connectives if c != target and set(classes[c]) & set(classes[target])]

    def implausible_pool(target: str) -> list[str]:
        return [
            c for c in connectives if c != target and not set(classes[c]) & set(classes[target])
        ]

    for c in connectives:
        if len(implausible_pool(c)) < 3:
            raise LingevalError(
                f"connective {c!r} has fewer than 3 connectives outside its substitution classes"
            )

    def substitutable(o: Occurrence) -> bool:
        if strategy != "frame":
            return True
        return choose_substitute(o, connectives, classes, random.Random(0)) is not None

    used: dict[str, set[tuple[str, str]]] = {"acceptability": set(), "cloze": set()}

    def available(conn: str, sections: Sequence[str]) -> list[Occurrence]:
        blocked: set[tuple[str, str]] = set().union(*(used[s] for s in sections))
        seen: set[tuple[str, str]] = set()
        uniq = []
        for o in by_conn[conn]:  # one occurrence per sentence: the first one
            key = (o.treebank, o.sent_id)
            if key not in blocked and key not in seen:
                seen.add(key)
                uniq.append(o)
        return uniq

    def take(pool: list[Occurrence], n: int, section: str) -> list[Occurrence]:
        chosen = rng.sample(pool, min(n, len(pool)))
        used[section].update((o.treebank, o.sent_id) for o in chosen)
        return sorted(chosen, key=lambda o: (o.treebank, o.sent_id))

    no_substitute: dict[str, int] = {}
    picks: dict[str, tuple[list[Occurrence], list[Occurrence]]] = {}
    for conn in order:
        both = ("acceptability", "cloze") if disjoint else ("acceptability",)
        pool = available(conn, both)
        acc_pool = [o for o in pool if substitutable(o)]
        if len(acc_pool) < len(pool):
            no_substitute[conn] = len(pool) - len(acc_pool)
        n_acc = quota
        total = quota + cloze_quota
        if disjoint and len(pool) < total and total:
            # too few sentences: share them between the sections in proportion to the quotas
            n_acc = min(quota, -(-len(pool) * quota // total))
        acc = take(acc_pool, n_acc, "acceptability")
        rest = [o for o in pool if o not in acc] if disjoint else available(conn, ("cloze",))
        picks[conn] = (acc, take(rest, cloze_quota, "cloze"))

    shortfalls: dict[str, dict[str, int]] = {}
    acc_by_conn: dict[str, list[AcceptabilityItem]] = {}
    cloze_by_conn: dict[str, list[ClozeItem]] = {}
    for conn in order:
        items: list[AcceptabilityItem] = []
        chosen = picks[conn][0]
        if len(chosen) < quota:
            shortfalls.setdefault(conn, {})["acceptability"] = len(chosen)
        for k, o in enumerate(chosen, 1):
            if strategy == "frame":
                picked = choose_substitute(o, connectives, classes, rng)
                assert picked is not None  # only substitutable sentences were sampled
                repl, reason = picked
            elif strategy == "other-class":
                repl = rng.choice(implausible_pool(conn))
                reason = f"other-class: {repl} shares no substitution class with {conn}"
            else:
                repl = rng.choice([c for c in connectives if c != conn])
                reason = "random: any other connective"
            shown = _match_case(_euphonic(repl, o.text[o.end :]), o.surface)
            changed = o.text[: o.start] + shown + o.text[o.end :]
            pid = f"{_slug(conn)}-{k:02d}"
            common: dict[str, Any] = {
                "connective": conn,
                "replacement": repl,
                "strategy": strategy,
                "treebank": o.treebank,
                "sent_id": o.sent_id,
                "frame": o.frame,
                "grammatical": "unreviewed",
            }
            items.append(
                AcceptabilityItem(
                    pid,
                    f"{pid}-A",
                    "acceptable",
                    sentence=o.text,
                    start=o.start,
                    end=o.end,
                    reason="original sentence",
                    **common,
                )
            )
            items.append(
                AcceptabilityItem(
                    pid,
                    f"{pid}-NA",
                    "unacceptable",
                    sentence=changed,
                    start=o.start,
                    end=o.start + len(shown),
                    reason=reason,
                    **common,
                )
            )
        acc_by_conn[conn] = items

    # cloze: candidates of the same relation and frame first; a masked LM ranks them if given
    cloze_occs = [(conn, o) for conn in order for o in picks[conn][1]]
    pools = [plausible_candidates(o, connectives, classes) for _, o in cloze_occs]
    ranked: list[list[float]] | None = None
    if rank_options is not None:
        queries = [
            (
                o.text[: o.start] + BLANK + o.text[o.end :],
                [_match_case(c, o.surface) for c in (same or fr)],
            )
            for (_, o), (same, fr) in zip(cloze_occs, pools, strict=True)
            if same or fr
        ]
        ranked = rank_options(queries)
    q = 0
    citems_all: dict[str, list[ClozeItem]] = {c: [] for c in order}
    for (conn, o), (same, frame_only) in zip(cloze_occs, pools, strict=True):
        cands, basis = (
            (same, "same relation and frame")
            if same
            else (frame_only, "same frame only, grammatical but maybe not plausible")
        )
        if cands and ranked is not None:
            scores = ranked[q]
            q += 1
            best = max(range(len(cands)), key=lambda j: scores[j])
            plaus = cands[best]
            source = (
                f"automatic: {basis} ({o.frame}), ranked 1 of {len(cands)} by "
                f"{ranker_name or 'the masked LM'} (log p {scores[best]:.2f})"
            )
        elif cands:
            plaus = rng.choice(cands)
            source = f"automatic: {basis} ({o.frame}), random"
        elif plausible_pool(conn):
            plaus = rng.choice(plausible_pool(conn))
            source = "automatic: same class, other frame: " + "+".join(
                sorted(set(classes[plaus]) & set(classes[conn]))
            )
        else:  # nothing fits: any other connective (the paper's "prima" case)
            plaus = rng.choice([c for c in connectives if c != conn])
            source = "automatic: fallback"
        implaus = rng.sample([c for c in implausible_pool(conn) if c != plaus], 3)
        options = [conn, plaus, *implaus]
        rng.shuffle(options)
        blanked = o.text[: o.start] + BLANK + o.text[o.end :]
        k = len(citems_all[conn]) + 1
        citems_all[conn].append(
            ClozeItem(
                f"{_slug(conn)}-{k:02d}-C",
                conn,
                o.text,
                blanked,
                o.start,
                options,
                plaus,
                implaus,
                source,
                o.treebank,
                o.sent_id,
                o.frame,
            )
        )
    for conn in order:
        cloze_by_conn[conn] = citems_all[conn]
        if len(picks[conn][1]) < cloze_quota:
            shortfalls.setdefault(conn, {})["cloze"] = len(picks[conn][1])
    acceptability = [it for c in connectives for it in acc_by_conn[c]]
    cloze = [it for c in connectives for it in cloze_by_conn[c]]
    freq = frequency_table(occs, connectives)
    sig_opts: dict[str, Any] = {
        "connectives": len(connectives),
        "quota": quota,
        "cloze_quota": cloze_quota,
        "seed": seed,
        "strategy": strategy,
        "disjoint": disjoint,
        "filter": FILTERS["connective"][1],
        "plausible": f"lm:{ranker_name or 'masked'}" if rank_options is not None else "class+frame",
    }
    sig = Signature("probe-build", sig_opts)
    return Resource(acceptability, cloze, freq, sig, shortfalls, no_substitute)


def _tsv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "|".join(value)
    return str(value)


def _write_rows(path: Path, columns: Sequence[str], rows: list[dict[str, Any]], fmt: str) -> None:
    if fmt == "jsonl":
        with path.open("w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps({c: r[c] for c in columns}, ensure_ascii=False) + "\n")
        return
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(columns)
        for r in rows:
            w.writerow([_tsv_value(r[c]) for c in columns])


def write_acceptability(items: Sequence[AcceptabilityItem], path: str | Path) -> Path:
    """Write an acceptability section (``.jsonl``: JSON lines, otherwise TSV) to ``path``."""
    p = Path(path)
    fmt = "jsonl" if p.suffix == ".jsonl" else "tsv"
    try:
        _write_rows(p, ACCEPTABILITY_COLUMNS, [asdict(i) for i in items], fmt)
    except OSError as exc:
        raise LingevalError(f"cannot write {p}: {exc.strerror or exc}") from None
    return p


def write_resource(
    resource: Resource, out_dir: str | Path, formats: Sequence[str] = ("tsv", "jsonl")
) -> list[Path]:
    """Write ``acceptability.*``, ``cloze.*``, ``frequencies.tsv`` and ``manifest.json``."""
    try:
        return _write_resource(resource, Path(out_dir), formats)
    except OSError as exc:
        raise LingevalError(
            f"cannot write the resource to {out_dir}: {exc.strerror or exc}"
        ) from None


def _write_resource(resource: Resource, out: Path, formats: Sequence[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for fmt in formats:
        if fmt not in ("tsv", "jsonl"):
            raise LingevalError(f"unknown resource format {fmt!r}; choose tsv or jsonl")
        for name, cols, items in (
            ("acceptability", ACCEPTABILITY_COLUMNS, resource.acceptability),
            ("cloze", CLOZE_COLUMNS, resource.cloze),
        ):
            path = out / f"{name}.{fmt}"
            _write_rows(path, cols, [asdict(i) for i in items], fmt)
            written.append(path)
    freq = out / "frequencies.tsv"
    table = resource.frequencies
    _write_rows(freq, list(table.columns), table.records(), "tsv")
    written.append(freq)
    manifest = out / "manifest.json"
    manifest.write_text(
        json.dumps(
            {
                "signature": resource.signature.as_dict(),
                "signature_string": resource.signature.format(),
                "acceptability_pairs": len(resource.acceptability) // 2,
                "cloze_items": len(resource.cloze),
                "shortfalls": resource.shortfalls,
                "no_substitute": resource.no_substitute,
            },
            ensure_ascii=False,
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    written.append(manifest)
    return written


def _read_table(path: str | Path, columns: Sequence[str]) -> list[tuple[int, dict[str, Any]]]:
    from lingeval.core.textio import csv_rows, read_text

    p = Path(path)
    rows: list[tuple[int, dict[str, Any]]] = []
    text = read_text(p)
    if p.suffix == ".jsonl":
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"invalid JSON ({exc.msg})", path=p, line=n) from None
            if not isinstance(rec, dict):
                raise InputError("expected a JSON object", path=p, line=n)
            missing = [c for c in columns if c not in rec and c not in OPTIONAL_COLUMNS]
            if missing:
                raise InputError(f"missing field(s) {', '.join(missing)}", path=p, line=n)
            rows.append((n, rec))
        return rows
    reader = csv_rows(csv.reader(text.splitlines(), delimiter="\t"), p)
    header = next(reader, None)
    if header is None:
        raise InputError("empty file", path=p, line=1)
    missing = [c for c in columns if c not in header and c not in OPTIONAL_COLUMNS]
    if missing:
        raise InputError(
            f"missing column(s) {', '.join(missing)} (expected the schema of `probe build`)",
            path=p,
            line=1,
        )
    for n, cells in enumerate(reader, 2):
        if not cells:
            continue
        if len(cells) != len(header):
            raise InputError(
                f"expected {len(header)} tab-separated cells, found {len(cells)}", path=p, line=n
            )
        rows.append((n, dict(zip(header, cells, strict=True))))
    return rows


def _int(value: Any, name: str, path: str | Path, line: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} {value!r} is not an integer", path=path, line=line) from None


def _list(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [v for v in str(value).split("|") if v]


def read_acceptability(path: str | Path) -> list[AcceptabilityItem]:
    """Read an acceptability section (TSV or JSONL, schema in the module docstring)."""
    items = []
    for n, r in _read_table(path, ACCEPTABILITY_COLUMNS):
        if r["condition"] not in ("acceptable", "unacceptable"):
            raise InputError(
                f"condition {r['condition']!r} is not acceptable/unacceptable", path=path, line=n
            )
        if r["grammatical"] not in ("yes", "no", "unreviewed"):
            raise InputError(
                f"grammatical {r['grammatical']!r} is not yes/no/unreviewed", path=path, line=n
            )
        vals: dict[str, Any] = {c: r.get(c, "") for c in ACCEPTABILITY_COLUMNS}
        vals["start"] = _int(r["start"], "start", path, n)
        vals["end"] = _int(r["end"], "end", path, n)
        clean: dict[str, Any] = {k: (v if isinstance(v, int) else str(v)) for k, v in vals.items()}
        items.append(AcceptabilityItem(**clean))
    ids = Counter(i.item_id for i in items)
    dup = [k for k, v in ids.items() if v > 1]
    if dup:
        raise InputError(f"duplicate item_id {dup[0]!r}", path=path)
    return items


def read_cloze(path: str | Path) -> list[ClozeItem]:
    """Read a cloze section (TSV or JSONL, schema in the module docstring)."""
    items = []
    for n, r in _read_table(path, CLOZE_COLUMNS):
        options = _list(r["options"])
        implaus = _list(r["implausible"])
        if str(r["connective"]) not in options:
            raise InputError(
                f"target {r['connective']!r} is not among the options", path=path, line=n
            )
        items.append(
            ClozeItem(
                str(r["item_id"]),
                str(r["connective"]),
                str(r["sentence"]),
                str(r["blanked"]),
                _int(r["start"], "start", path, n),
                options,
                str(r["plausible"]),
                implaus,
                str(r["plausible_source"]),
                str(r["treebank"]),
                str(r["sent_id"]),
                str(r.get("frame", "")),
            )
        )
    if not items:
        raise InputError("no items", path=path)
    return items
