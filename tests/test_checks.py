"""The scalar checks every public function shares (omaha8eq.checks, re-exported by inputs)."""

import numpy as np
import pytest

from omaha8eq.checks import check_flag, check_int, excerpt, is_integer
from omaha8eq.errors import OmahaInputError, OmahaTypeError
from omaha8eq.inputs import DECK_SIZE, HOLE_SIZES, MAX_PLAYERS, check_player_count
from omaha8eq.inputs import check_flag as inputs_check_flag
from omaha8eq.inputs import check_int as inputs_check_int


@pytest.mark.parametrize("value", [0, 7, -3, 2**70, np.int8(7), np.int64(-3), np.uint64(7)])
def test_python_and_numpy_integers_are_integers(value):
    assert is_integer(value)
    number = check_int(value, "n")
    assert number == int(value) and type(number) is int


@pytest.mark.parametrize("value", [True, False, np.bool_(True), 7.0, np.float64(7), "7", None, [7], 7 + 0j])
def test_bools_floats_and_the_rest_are_not(value):
    assert not is_integer(value)
    with pytest.raises(OmahaTypeError, match=r"^samples: expected an integer, got "):
        check_int(value, "samples")


def test_bounds():
    assert check_int(5, "n", minimum=5, maximum=5) == 5
    with pytest.raises(OmahaInputError, match=r"^pot: must not be negative, got -1$"):
        check_int(-1, "pot", minimum=0)
    with pytest.raises(OmahaInputError, match=r"^samples: must be at least 1, got 0$"):
        check_int(np.int64(0), "samples", minimum=1)
    with pytest.raises(OmahaInputError, match=r"^threads: must be at most 2, got 3$"):
        check_int(3, "threads", maximum=2)
    with pytest.raises(OmahaTypeError, match=r"^stack 2: expected an integer number of chips, got 2\.5$"):
        check_int(2.5, "stack 2", expected="an integer number of chips")


@pytest.mark.parametrize("value", [True, False, np.bool_(True), np.bool_(False)])
def test_flags(value):
    assert check_flag(value, "hilo") is bool(value)


@pytest.mark.parametrize("value", [None, 0, 1, "yes", [1], object(), np.int64(1)])
def test_everything_else_is_not_a_flag(value):
    with pytest.raises(OmahaTypeError, match=r"^hilo: expected True or False, got "):
        check_flag(value, "hilo")


def test_messages_show_an_excerpt():
    assert excerpt("x" * 10) == repr("x" * 10)
    assert len(excerpt("x" * 1_000_000)) == 60 and excerpt("x" * 1_000_000).endswith("...")
    with pytest.raises(OmahaTypeError) as err:
        check_int("9" * 1_000_000, "samples")
    assert len(str(err.value)) < 120


def test_inputs_re_exports_the_checks_and_the_deck_sizes():
    assert inputs_check_int is check_int and inputs_check_flag is check_flag
    assert (DECK_SIZE, HOLE_SIZES, MAX_PLAYERS) == (52, (4, 5, 6), 11)
    check_player_count(MAX_PLAYERS, "players")
    with pytest.raises(OmahaInputError, match=r"players: 12 players; one deck deals Omaha to at most 11"):
        check_player_count(12, "players")
