import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def tables_dir() -> str:
    """The test tables of the Rust tests (`cargo test --release` builds them), or
    $KORF_TEST_TABLES."""
    d = os.environ.get("KORF_TEST_TABLES", str(REPO / "target" / "tmp" / "tables"))
    if not (pathlib.Path(d) / "corners.pdb").exists():
        pytest.fail(f"no test tables in {d}: run `cargo test --release` first, or set KORF_TEST_TABLES")
    return d


@pytest.fixture(scope="session")
def korf_bin() -> str:
    """The command line, to compare with ($KORF_BIN, else the release build)."""
    b = os.environ.get("KORF_BIN", str(REPO / "target" / "release" / "korf"))
    if not pathlib.Path(b).exists():
        pytest.fail(f"no korf binary at {b}: run `cargo build --release` first, or set KORF_BIN")
    return b
