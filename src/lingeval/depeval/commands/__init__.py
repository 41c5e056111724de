"""Command modules of `lingeval depeval`: each lists its click commands in ``COMMANDS``."""
