"""Shared core: CoNLL-U trees, errors, signatures, registries, reporting, parsing, statistics."""
