"""Issue 27: one version, single sourced; a clean namespace."""

from __future__ import annotations

import re
import typing
from importlib import metadata

import dlx_engine
from conftest import ROOT


def workspace_version() -> str:
    """The version in the root Cargo.toml's [workspace.package], which the
    engine and the Python package both take (read as text: tomllib is 3.11+)."""
    text = (ROOT / "Cargo.toml").read_text()
    section = re.search(r"^\[workspace\.package\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    assert section, "the root Cargo.toml has no [workspace.package]"
    version = re.search(r'^version\s*=\s*"([^"]+)"', section.group(1), re.M)
    assert version, "[workspace.package] has no version"
    return version.group(1)


def test_the_version_is_the_crates() -> None:
    assert dlx_engine.__version__ == workspace_version()
    # And the installed distribution says the same (maturin took it from
    # python/Cargo.toml, which takes it from the workspace).
    assert metadata.version("dlx-engine") == dlx_engine.__version__


def test_the_crates_take_the_workspace_version() -> None:
    for path in (ROOT / "Cargo.toml", ROOT / "python" / "Cargo.toml"):
        package = re.search(r"^\[package\]\n(.*?)(?=^\[|\Z)", path.read_text(), re.M | re.S)
        assert package, path
        assert re.search(r"^version\.workspace\s*=\s*true", package.group(1), re.M), path
    pyproject = (ROOT / "python" / "pyproject.toml").read_text()
    assert re.search(r'^dynamic\s*=\s*\["version"\]', pyproject, re.M)
    assert not re.search(r"^version\s*=", pyproject, re.M)


def test_dir_holds_only_the_public_names() -> None:
    public = {name for name in dir(dlx_engine) if not name.startswith("_")}
    for leaked in ("Dict", "List", "Optional", "Tuple", "Union", "Iterable", "Literal",
                   "NamedTuple", "overload", "sys", "time", "TYPE_CHECKING", "annotations"):
        assert leaked not in public, leaked
    assert public == set(dlx_engine.__all__)


def test_every_name_in_all_exists() -> None:
    assert len(dlx_engine.__all__) == len(set(dlx_engine.__all__))
    assert "__version__" not in dlx_engine.__all__  # a dunder, not an export
    for name in dlx_engine.__all__:
        assert hasattr(dlx_engine, name), name
    namespace: dict = {}
    exec("from dlx_engine import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(dlx_engine.__all__)


def test_annotations_still_resolve() -> None:
    # The typing names are out of the namespace, not out of reach: the
    # string annotations evaluate in the module's globals.
    for f in (dlx_engine.solve, dlx_engine.count, dlx_engine.is_unique, dlx_engine.rate):
        hints = typing.get_type_hints(f)
        assert "box" in hints and "return" in hints, f
    assert typing.get_type_hints(dlx_engine.Rating)["steps"] == typing.Dict[str, int]


def test_the_install_guide_says_how_to_see_progress_and_the_fast_path() -> None:
    # `pip install ./python` shows only "still running..." for minutes.
    guide = (ROOT / "docs" / "python.md").read_text()
    assert "pip install -v ./python" in guide
    assert "maturin build --release" in guide
    assert "pip install ../target/wheels/dlx_engine-" in guide
