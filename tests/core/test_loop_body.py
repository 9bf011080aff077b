"""Loop bodies compiled apart without reference counts (omaha8eq.core.loop_body).

The samplers' and enumerators' chunks, and the classifier's clean outs, are loop bodies:
these tests check that the option takes effect, that a body cannot allocate, and that
loop bodies stay private. That the serial twins (what forked and Dask workers run, with
their own scratch) count as the parallel builds is in tests/core/test_seeded_figures.py.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core.caching import FunctionCache
from numba.core.errors import NumbaError
from numba.core.registry import CPUDispatcher

from omaha8eq.core import loop_body

CORE = Path(loop_body.__file__).resolve().parent


def _double(values, out):
    for i in range(values.shape[0]):
        out[i] = 2 * values[i]


def _allocating(values, out):
    scratch = np.empty(values.shape[0], dtype=np.int64)
    for i in range(values.shape[0]):
        scratch[i] = values[i]
        out[i] = scratch[i]


def test_this_numba_compiles_loop_bodies_without_reference_counts():
    body = loop_body.loop_body(_double)
    assert body.targetoptions.get("_nrt") is False
    assert isinstance(body._cache, FunctionCache)
    values = np.arange(5, dtype=np.int64)
    out = np.zeros(5, dtype=np.int64)
    body(values, out)
    assert out.tolist() == [0, 2, 4, 6, 8]


def test_a_loop_body_that_allocates_is_refused_when_compiled():
    # Without reference counting numba could not free what it allocates: it refuses to
    # compile the body, which compiles with reference counting.
    values, out = np.arange(3), np.zeros(3, dtype=np.int64)
    njit(_allocating)(values, out)
    assert out.tolist() == [0, 1, 2]
    with pytest.raises(NumbaError, match="empty"):
        loop_body.loop_body(_allocating)(values, out)


def test_the_cores_loop_bodies_are_private_helpers():
    # A loop body is called by its kernel, never by Python (it takes the kernel's scratch).
    bodies = []
    for source in sorted(CORE.glob("*.py")):
        module = importlib.import_module(f"omaha8eq.core.{source.stem}")
        for name, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.targetoptions.get("_nrt") is False:
                bodies.append(f"{source.stem}:{name}")
    assert bodies, "no loop body found"
    assert [name for name in bodies if not name.split(":")[1].startswith("_")] == []
