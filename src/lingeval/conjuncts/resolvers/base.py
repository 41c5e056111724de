"""The resolver interface and the ``NAME[:ARGS]`` specification (paper 000, section 3).

A resolver maps a batch of task inputs (:class:`~lingeval.conjuncts.example.ConjunctExample`:
a sentence and the character offset of the marked and/or/but) to one list of sentences per
input, in reading order. A sentence that cannot be rewritten without changing its meaning is
returned unchanged, as the one-element list ``[sentence]`` (exactly the input string).

Resolvers are registered in :data:`lingeval.core.registry.registry.resolvers` under a name; the
registered object is a factory called with the text after the first colon of the specification
(``"seq2seq:path/to/model"`` -> ``factory("path/to/model")``, ``"copy"`` -> ``factory(None)``).
Third parties add their own with ``@registry.resolvers("name")`` or an entry point in the
``lingeval_resolvers`` group.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from lingeval.conjuncts.example import ConjunctExample
from lingeval.core.errors import LingevalError
from lingeval.core.registry import get, registry

__all__ = ["Resolver", "load_resolver", "parse_spec"]


class Resolver(ABC):
    """Base class: ``resolve(batch) -> list[list[str]]`` (one list of sentences per input)."""

    #: The registry name, used in signatures and JSON output.
    name: str = "resolver"

    @abstractmethod
    def resolve(self, batch: Sequence[ConjunctExample]) -> list[list[str]]:
        """Rewrite each input into standalone sentences (unchanged input: ``[sentence]``)."""

    def resolve_one(self, example: ConjunctExample) -> list[str]:
        return self.resolve([example])[0]

    def options(self) -> dict[str, Any]:
        """Everything that changes the output, for :class:`~lingeval.core.signature.Signature`."""
        return {"resolver": self.name}

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release resources (servers, caches); the default does nothing."""


def parse_spec(spec: str) -> tuple[str, str | None]:
    """Split ``NAME[:ARGS]`` into ``(name, args)``; ``args`` is None without a colon."""
    spec = spec.strip()
    if not spec:
        raise LingevalError("empty resolver name; try --resolver rules")
    name, sep, args = spec.partition(":")
    return name.strip(), (args if sep else None)


def load_resolver(spec: str | Resolver, **options: Any) -> Resolver:
    """Build a resolver from a specification such as ``rules``, ``copy-k:3`` or ``llm:gpt-4o``.

    Keyword options are passed to the factory (for example ``spacy_model=`` for ``rules``).
    Unknown names raise a :class:`LingevalError` listing the registered names.
    """
    if isinstance(spec, Resolver):
        return spec
    import lingeval.conjuncts.resolvers  # noqa: F401 - registers the built-in resolvers

    name, args = parse_spec(spec)
    factory: Callable[..., Resolver] = get(registry.resolvers, name)
    resolver = factory(args, **options)
    if not isinstance(resolver, Resolver):
        raise LingevalError(
            f"resolver {name!r} did not build a Resolver (got {type(resolver).__name__})"
        )
    return resolver
