"""Command modules of `lingeval study`: each lists its click commands in ``COMMANDS``."""
