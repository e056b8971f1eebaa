"""Issue 25, part 3: item names are checked when a problem is built, and
one that cannot be encoded (a lone surrogate) is a ValueError that says
which, not the codec's UnicodeEncodeError."""

from __future__ import annotations

import pytest

from dlx_engine import ExactCover


@pytest.mark.parametrize(
    "make, where",
    [
        (lambda: ExactCover(["\ud800"], [["\ud800"]]), "primary[0]"),
        (lambda: ExactCover(["a", "b\udfff"], [["a"]]), "primary[1]"),
        (lambda: ExactCover(["a"], [["a"]], secondary=["x", "\udc80"]), "secondary[1]"),
        (lambda: ExactCover(["a"], [["a"], ["a", "b\ud800"]]), "options[1][1]"),
        (lambda: ExactCover(["a"], [["a", "x:\ud800"]], secondary=["x"]), "options[0][1]"),
    ],
)
def test_a_name_that_cannot_be_encoded_is_a_value_error_at_construction(make, where) -> None:
    with pytest.raises(ValueError) as e:
        make()
    # Not the codec's own error: one that says which name, and how.
    assert not isinstance(e.value, UnicodeError)
    message = str(e.value)
    assert message.startswith(f"{where}: the name '"), message
    assert "lone surrogate" in message


def test_a_surrogate_in_knuth_text_names_its_line_and_column() -> None:
    with pytest.raises(ValueError) as e:
        ExactCover.from_knuth("a b\na \ud800\n")
    assert not isinstance(e.value, UnicodeError)
    assert str(e.value).startswith("line 2, column 3: '\\ud800'"), str(e.value)


def test_a_name_that_is_not_a_str_is_a_type_error_that_says_where() -> None:
    with pytest.raises(TypeError, match=r"options\[0\]\[1\]: an item name is a str, not int"):
        ExactCover(["a"], [["a", 1]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"primary\[0\]"):
        ExactCover([b"a"], [])  # type: ignore[list-item]


@pytest.mark.parametrize(
    "make, message",
    [
        # A str iterates by characters: ["a"] would pass as the option ["a"].
        (lambda: ExactCover(["a"], ["a"]),
         r"^options\[0\]: an option is a sequence of item names, not a str$"),
        (lambda: ExactCover(["a", "b"], [["a"], "ab"]),
         r"^options\[1\]: an option is a sequence of item names, not a str$"),
        (lambda: ExactCover(["a"], [b"a"]),
         r"^options\[0\]: an option is a sequence of item names, not bytes$"),
        (lambda: ExactCover(["a"], [["a"], 7]),
         r"^options\[1\]: an option is a sequence of item names, not int$"),
        (lambda: ExactCover(["a"], "a"),
         r"^options: a sequence of options, each a sequence of item names, not a str$"),
        (lambda: ExactCover(["a"], None),
         r"^options: a sequence of options, each a sequence of item names, not NoneType$"),
        (lambda: ExactCover("ab", [["a", "b"]]),
         r"^primary: a sequence of item names, not a str$"),
        (lambda: ExactCover(b"ab", [["a", "b"]]),
         r"^primary: a sequence of item names, not bytes$"),
        (lambda: ExactCover(3, [["a"]]),
         r"^primary: a sequence of item names, not int$"),
        (lambda: ExactCover(["a"], [["a", "x"]], secondary="x"),
         r"^secondary: a sequence of item names, not a str$"),
    ],
)
def test_a_str_where_names_are_expected_is_a_type_error_that_says_where(make, message) -> None:
    with pytest.raises(TypeError, match=message):
        make()


def test_an_int_item_name_says_which_option() -> None:
    # Issue 27's report: `'int' object is not an instance of 'str'`,
    # without the place. (Fixed before; kept here with the issue.)
    with pytest.raises(TypeError, match=r"^options\[1\]\[0\]: an item name is a str, not int$"):
        ExactCover(["a"], [["a"], [1]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^primary\[1\]: an item name is a str, not int$"):
        ExactCover(["a", 2], [["a"]])  # type: ignore[list-item]


def test_sequences_that_are_not_lists_still_work() -> None:
    # Tuples, generators, dict keys: any iterable of names is still taken.
    p = ExactCover(("a", "b"), (("a",), iter(["b"]), {"a": 1, "b": 2}.keys()))
    assert p.options == [["a"], ["b"], ["a", "b"]]
    assert p.count() == 2
