"""Command modules of `lingeval conjuncts`: each lists its click commands in ``COMMANDS``."""
