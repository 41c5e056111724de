"""Command modules of `lingeval probing`: each lists its click commands in ``COMMANDS``."""
