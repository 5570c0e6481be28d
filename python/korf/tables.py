"""The pattern databases: the same catalogue, files and directory rules as the `korf`
command line (`korf tables list|generate|verify`), so a table built by one is used by
the other."""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Callable, List, Optional

from . import _korf

__all__ = ["list", "generate", "verify", "default_dir"]


def default_dir(dir: Optional[str] = None) -> Path:
    """The tables directory: `dir`, else $KORF_TABLES, else ./tables."""
    return Path(_korf.default_tables_dir(None if dir is None else str(dir)))


def list(dir: Optional[str] = None) -> builtins.list:
    """Every table of the catalogue: name, path, present, bytes, build (time and
    memory it takes) and the command line that builds it."""
    return _korf.tables_list(None if dir is None else str(dir))


def generate(
    kind: str,
    dir: Optional[str] = None,
    progress: Optional[Callable[[str, str, Optional[int]], None]] = None,
    force: bool = False,
) -> Path:
    """Build table `kind` (a name from `list()`, e.g. "flipslice") into `dir`, unless it
    is there and valid (or `force`). `progress(event, table, depth)` is called with
    ("started", name, None), ("depth_done", name, depth), ("written", name, None).
    Returns the file's path. Raises TableError when it cannot be built (disk, memory)."""
    return Path(_korf.tables_generate(kind, None if dir is None else str(dir), progress, force))


def verify(dir: Optional[str] = None) -> builtins.list:
    """Recount every table present in `dir` (checksum, depth histogram against the
    published distribution) and record the result, as `korf tables verify` does; one
    dict per table with `name`, `path`, `ok`, `checksum_ok`, `histogram_ok`,
    `histogram` and `error`."""
    return _korf.tables_verify(None if dir is None else str(dir))
