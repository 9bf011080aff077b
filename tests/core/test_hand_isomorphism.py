"""Every hand of 4, 5 and 6 cards and its suit-isomorphic class (omaha8eq.core.hand_isomorphism):
the colex order and index, the chunks, and the compiled class keys against their
plain definition."""

from __future__ import annotations

import random
from itertools import combinations, islice
from math import comb

import numpy as np
import pytest

from omaha8eq.core.hand_isomorphism import (
    all_hands,
    class_keys,
    class_keys_kernel,
    class_representatives,
    class_sizes,
    colex_index,
    hand_chunks,
    hand_count,
    suit_masks,
)
from omaha8eq.distributed.preflop_table import starting_classes
from omaha8eq.errors import HandSizeError, InvalidCardError, OmahaInputError

ALL4 = comb(52, 4)


def _plain_class_key(hand: tuple[int, ...]) -> int:
    """The class key by its definition: the four per-suit rank masks, sorted, largest first."""
    masks = sorted(sum(1 << (c // 4) for c in hand if c % 4 == suit) for suit in range(4))
    return (masks[3] << 39) | (masks[2] << 26) | (masks[1] << 13) | masks[0]


def test_all_hands_in_descending_colex_order():
    hands = all_hands(4)
    assert hands.shape == (ALL4, 4) and hands.dtype == np.int8 and not hands.flags.writeable
    assert hands[0].tolist() == [48, 49, 50, 51] and hands[-1].tolist() == [0, 1, 2, 3]
    assert (colex_index(hands) == np.arange(ALL4 - 1, -1, -1)).all()
    # the index is the colex rank: the position of the hand among all sorted 4-subsets
    expected = {hand: i for i, hand in enumerate(sorted(combinations(range(52), 4), key=lambda h: h[::-1]))}
    sample = random.Random(1).sample(sorted(expected), 500)
    assert colex_index(np.array(sample)).tolist() == [expected[h] for h in sample]
    assert [hand_count(k) for k in (4, 5, 6)] == [270_725, 2_598_960, 20_358_520]


def test_hand_chunks_list_all_hands_in_order():
    assert np.array_equal(next(hand_chunks(4)), all_hands(4))
    chunks = list(hand_chunks(5, max_rows=100_000))
    assert all(len(c) <= 100_000 for c in chunks)
    assert np.array_equal(np.concatenate(chunks), all_hands(5))
    first = list(islice(hand_chunks(6), 2))
    assert first[0][0].tolist() == [46, 47, 48, 49, 50, 51] and (first[0][:, -1] == 51).all()


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: all_hands(7), HandSizeError),
        (lambda: all_hands(True), HandSizeError),
        (lambda: next(hand_chunks(3)), HandSizeError),
        (lambda: class_keys(np.array([0, 1, 2, 3])), HandSizeError),
        (lambda: class_keys(np.array([[0, 1, 2, 52]])), InvalidCardError),
        (lambda: class_keys(np.array([[-1, 1, 2, 3]])), InvalidCardError),
        (lambda: class_representatives(class_keys(np.array([[0, 1, 2, 3]])), 5), HandSizeError),
    ],
)
def test_bad_input_raises_input_errors(call, error):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, OmahaInputError)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_class_keys_equal_the_plain_definition(k):
    rng = random.Random(k)
    hands = [tuple(rng.sample(range(52), k)) for _ in range(3000)]
    expected = [_plain_class_key(h) for h in hands]
    assert class_keys(np.array(hands)).tolist() == expected
    assert class_keys_kernel(np.array(hands, dtype=np.int8)).tolist() == expected


def test_there_are_16432_classes_of_four_card_hands():
    keys, reps, sizes = starting_classes(4)
    assert len(keys) == 16_432 and int(sizes.sum()) == ALL4
    # the sizes computed from the keys are the counts of hands per class
    assert (np.unique(class_keys(all_hands(4)), return_counts=True)[1] == sizes).all()
    # a class is an orbit of the 24 suit permutations: its size divides 24
    assert set(np.unique(sizes).tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24}
    assert (class_keys(reps) == keys).all()
    # quads are alone in their class; a rainbow hand of four ranks has 24 suitings
    assert sizes[np.searchsorted(keys, class_keys(np.array([[48, 49, 50, 51]])))[0]] == 1
    assert sizes[np.searchsorted(keys, class_keys(np.array([[0, 5, 10, 15]])))[0]] == 24


def test_class_counts_of_five_and_six_card_hands():
    # 5 cards only (6 cards takes ~5 s: 962,988 classes, checked when the module was written)
    keys, counts = np.unique(np.concatenate([class_keys(c) for c in hand_chunks(5)]), return_counts=True)
    assert len(keys) == 134_459
    reps = class_representatives(keys, 5)
    assert (class_keys(reps) == keys).all()
    assert (class_sizes(keys) == counts).all()


def test_compiled_class_keys_equal_the_suit_mask_definition():
    rng = np.random.default_rng(11)
    for k in (4, 5, 6):
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(2000)], dtype=np.int8)
        masks = np.sort(suit_masks(hands), axis=1)  # the definition, in numpy
        expected = (masks[:, 3] << 39) | (masks[:, 2] << 26) | (masks[:, 1] << 13) | masks[:, 0]
        assert (class_keys(hands) == expected).all()


def test_suit_permutations_keep_the_class():
    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, 4, replace=False) for _ in range(300)])
    perm = rng.permutation(4)
    moved = 4 * (hands // 4) + perm[hands % 4]
    assert (class_keys(hands) == class_keys(moved)).all()


def test_class_sizes_and_representatives():
    keys = class_keys(np.array([[48, 49, 50, 51], [0, 5, 10, 15], [0, 4, 1, 5], [0, 4, 8, 13]]))
    # quads: 1 suiting; rainbow of four ranks: 24; two suited pairs 2c3c 2d3d: 6; three clubs and a diamond: 12
    assert class_sizes(keys).tolist() == [1, 24, 6, 12]
    reps = class_representatives(keys, 4)
    assert (class_keys(reps) == keys).all()
    # the suit with the largest rank mask (here the one holding the highest card) becomes
    # spades: 2c 3c 4c 5d -> 2h 3h 4h 5s
    assert reps[3].tolist() == [2, 6, 10, 15]
