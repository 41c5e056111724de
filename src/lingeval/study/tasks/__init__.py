"""Task types of the study engine, registered in ``registry.task_types``.

Built in: ``reg`` (paper 002: referential success, ratings, rewriting) and ``acceptability``
(5-point Likert). Importing this package registers them.
"""

from __future__ import annotations

from lingeval.study.tasks import acceptability, reg
from lingeval.study.tasks.base import (
    ParsedAnswer,
    StudyItem,
    TaskType,
    get_task_type,
    load_items,
    save_items,
)

__all__ = [
    "ParsedAnswer",
    "StudyItem",
    "TaskType",
    "acceptability",
    "get_task_type",
    "load_items",
    "reg",
    "save_items",
]
