"""The kernels' NamedTuple arguments (``core/kernel_args.py``): their cached numba type is numba's own."""

from __future__ import annotations

import numpy as np
import pytest
from numba.core import types
from numba.core.typing.typeof import Purpose, _typeof_tuple, _TypeofContext, typeof

from omaha8eq.core.kernel_args import DealArrays, SampleRun


def _deal(deck: np.ndarray, holes: np.ndarray | None = None) -> DealArrays:
    holes = np.zeros((2, 4), dtype=np.int8) if holes is None else holes
    return DealArrays(
        holes=holes,
        n_hole=4,
        random_players=np.zeros(0, dtype=np.int64),
        fixed=np.ones(2, dtype=np.bool_),
        fixed_tables=np.zeros((2, 10), dtype=np.int16),
        board=np.zeros(5, dtype=np.int8),
        n_known=0,
        deck=deck,
        hilo=True,
    )


def _numba_own(value: tuple) -> types.Type:
    return _typeof_tuple(value, _TypeofContext(Purpose.argument))


def _readonly(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


@pytest.mark.parametrize(
    "deck",
    [
        np.arange(44, dtype=np.int8),
        np.arange(88, dtype=np.int8)[::2],  # not contiguous: layout A
        np.arange(44, dtype=np.int64),  # another dtype
        _readonly(np.arange(44, dtype=np.int8)),
    ],
)
def test_cached_type_is_numbas_own(deck):
    value = _deal(deck)
    assert typeof(value) == _numba_own(value)
    assert typeof(value) == _numba_own(value)  # from the cache, and from the last value
    again = _deal(deck.copy())  # a new tuple with the same field types
    assert typeof(again) == _numba_own(again)


def test_different_field_types_never_share_a_cached_type():
    seen = {typeof(_deal(np.arange(44, dtype=np.int8)))}
    seen.add(typeof(_deal(np.arange(44, dtype=np.int8), holes=np.zeros((2, 4), dtype=np.int64))))
    seen.add(typeof(_deal(np.arange(88, dtype=np.int8)[::2])))
    assert len(seen) == 3
    assert isinstance(next(iter(seen)), types.NamedTuple)


def test_large_ints_are_typed_as_numba_does():
    for first_chunk in (3, 2**63 + 5):
        run = SampleRun(np.uint64(1), first_chunk, np.ones(2, dtype=np.int64), False, np.ones((2, 2), dtype=np.int64))
        assert typeof(run) == _numba_own(run)
