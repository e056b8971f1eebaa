"""The examples of docs/python.md and of the package's docstrings, run as
doctests (from the repository root, where the docs' paths point)."""

from __future__ import annotations

import doctest
import os

import pytest

import dlx_engine
from conftest import ROOT

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_docs_python_md() -> None:
    pytest.importorskip("numpy")
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = doctest.testfile(str(ROOT / "docs" / "python.md"), module_relative=False, optionflags=FLAGS)
    finally:
        os.chdir(cwd)
    assert result.attempted > 30
    assert result.failed == 0


def test_docstrings() -> None:
    result = doctest.testmod(dlx_engine, optionflags=FLAGS)
    assert result.attempted > 10
    assert result.failed == 0
