"""Every docstring example runs and gives what it shows."""

import doctest

import sudoku_array as sa


def test_docstring_examples():
    result = doctest.testmod(sa, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 40
    assert result.failed == 0


def test_every_function_has_a_docstring_with_an_example():
    for name in sa.__all__:
        item = getattr(sa, name)
        if callable(item):
            assert item.__doc__ and ">>> " in item.__doc__, name
