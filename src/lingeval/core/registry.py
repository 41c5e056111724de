"""Registries for pluggable parts (spaCy-style), backed by ``catalogue``.

Third parties register with a decorator or through entry points named
``lingeval_<registry>`` (for example ``lingeval_resolvers``)::

    from lingeval.core.registry import registry

    @registry.resolvers("my-resolver")
    def make_my_resolver(**options): ...
"""

from __future__ import annotations

from typing import Any

import catalogue

from lingeval.core.errors import LingevalError

__all__ = ["get", "registry"]


class registry:
    """Namespace of the project's registries."""

    resolvers = catalogue.create("lingeval", "resolvers", entry_points=True)
    scorers = catalogue.create("lingeval", "scorers", entry_points=True)
    mining_patterns = catalogue.create("lingeval", "mining_patterns", entry_points=True)
    transformations = catalogue.create("lingeval", "transformations", entry_points=True)
    task_types = catalogue.create("lingeval", "task_types", entry_points=True)
    reg_systems = catalogue.create("lingeval", "reg_systems", entry_points=True)


def get(reg: catalogue.Registry, name: str) -> Any:
    """Look ``name`` up in ``reg``; a clear :class:`LingevalError` lists the known names."""
    try:
        return reg.get(name)
    except catalogue.RegistryError:
        known = ", ".join(sorted(reg.get_all())) or "none"
        kind = reg.namespace[-1].replace("_", " ")
        raise LingevalError(
            f"unknown {kind[:-1] if kind.endswith('s') else kind} {name!r}; known: {known}"
        ) from None
