"""Tests for omaha8eq.cards: parsing, formatting, masks and disjointness checks."""

import pytest

from omaha8eq.cards import (
    RANKS,
    SUITS,
    card,
    cards_to_mask,
    check_disjoint,
    format_card,
    format_cards,
    mask_to_cards,
    parse_cards,
    rank_of,
    suit_of,
)
from omaha8eq.errors import DuplicateCardError, InvalidCardError

AS = 4 * 12 + 3  # 51
KD = 4 * 11 + 1  # 45
TS = 4 * 8 + 3  # 35
NINE_H = 4 * 7 + 2  # 30
TWO_C = 0


# --------------------------------------------------------------------- basics


def test_constants():
    assert RANKS == "23456789TJQKA"
    assert SUITS == "cdhs"


def test_card_encoding():
    assert card("2c") == 0
    assert card("2s") == 3
    assert card("3c") == 4
    assert card("As") == 51
    assert card("Kd") == KD
    assert card("Th") == 4 * 8 + 2


@pytest.mark.parametrize("token", ["As", "as", "AS", "aS", " As ", "A♠", "a♤", "A♠\ufe0f"])
def test_card_variants(token):
    assert card(token) == AS


def test_card_ten_forms():
    assert card("10s") == card("Ts") == card("ts") == TS
    assert card("10♥") == card("Th")


def test_suit_symbols():
    assert [card("2" + s) for s in "♣♦♥♠"] == [0, 1, 2, 3]
    assert [card("2" + s) for s in "♧♢♡♤"] == [0, 1, 2, 3]


def test_rank_suit_of():
    assert rank_of(AS) == 12 and suit_of(AS) == 3
    assert rank_of(0) == 0 and suit_of(0) == 0
    assert rank_of(KD) == 11 and suit_of(KD) == 1
    for c in range(52):
        assert 4 * rank_of(c) + suit_of(c) == c


# --------------------------------------------------------------- parse forms


@pytest.mark.parametrize(
    "spec",
    [
        "As Kd",
        "AsKd",
        "as,kd",
        "As, Kd",
        "AS KD",
        "  As\t\n Kd  ",
        "As,,Kd,",
        "A♠ K♦",
        "A♠K♦",
        "a♤,k♢",
        ["As", "Kd"],
        ("as", "KD"),
        ["A♠", " Kd "],
        [AS, KD],
        (AS, KD),
        ["As", KD],
    ],
)
def test_parse_forms(spec):
    assert parse_cards(spec) == (AS, KD)


def test_parse_ten():
    assert parse_cards("10s") == (TS,)
    assert parse_cards("10s9h") == (TS, NINE_H)
    assert parse_cards("10s 9h") == (TS, NINE_H)
    assert parse_cards("Ts9h") == (TS, NINE_H)
    assert parse_cards(["10s", "9h"]) == (TS, NINE_H)


def test_parse_keeps_order():
    assert parse_cards("2c As Kd") == (TWO_C, AS, KD)
    assert parse_cards("Kd 2c As") == (KD, TWO_C, AS)


@pytest.mark.parametrize("spec", ["", "   ", " , ", [], ()])
def test_parse_empty(spec):
    assert parse_cards(spec) == ()


def test_parse_numpy_ints():
    np = pytest.importorskip("numpy")
    assert parse_cards([np.int64(51), np.int32(45)]) == (AS, KD)
    assert parse_cards(np.array([51, 45])) == (AS, KD)
    result = parse_cards(np.array([51, 45], dtype=np.int8))
    assert result == (AS, KD) and all(type(c) is int for c in result)


def test_parse_other_iterables():
    assert parse_cards(range(3)) == (0, 1, 2)
    assert parse_cards(c for c in (AS, KD)) == (AS, KD)


def test_parse_returns_plain_int_tuple():
    result = parse_cards("As Kd")
    assert isinstance(result, tuple)
    assert all(type(c) is int for c in result)


# ----------------------------------------------------------------- round trips


def test_all_cards_round_trip_text():
    names = [r + s for r in RANKS for s in SUITS]
    assert len(names) == 52
    for c, name in enumerate(names):
        assert format_card(c) == name
        assert card(name) == c
        assert card(name.lower()) == c
        assert card(name.upper()) == c
        assert parse_cards(name) == (c,)
        assert parse_cards([name]) == (c,)
        assert parse_cards([c]) == (c,)


def test_whole_deck_round_trip():
    deck = tuple(range(52))
    text = format_cards(deck)
    assert text.split() == [format_card(c) for c in deck]
    assert parse_cards(text) == deck
    assert parse_cards(text.replace(" ", "")) == deck  # fully glued
    assert parse_cards(text.replace(" ", ",")) == deck
    assert parse_cards(text.split()) == deck
    assert parse_cards(tuple(reversed(deck))) == tuple(reversed(deck))


def test_mask_round_trip():
    for c in range(52):
        assert cards_to_mask((c,)) == 1 << c
        assert mask_to_cards(1 << c) == (c,)
    full = cards_to_mask(range(52))
    assert full == (1 << 52) - 1
    assert mask_to_cards(full) == tuple(range(52))
    assert mask_to_cards(0) == ()
    assert cards_to_mask(()) == 0


def test_mask_ascending_and_from_text():
    mask = cards_to_mask("As 2c Kd")
    assert mask == (1 << AS) | (1 << TWO_C) | (1 << KD)
    assert mask_to_cards(mask) == (TWO_C, KD, AS)


def test_mask_to_cards_errors():
    with pytest.raises(InvalidCardError):
        mask_to_cards(1 << 52)
    with pytest.raises(InvalidCardError):
        mask_to_cards(-1)
    with pytest.raises(TypeError):
        mask_to_cards(1.0)


def test_cards_to_mask_duplicate():
    with pytest.raises(DuplicateCardError, match="As is given twice"):
        cards_to_mask((AS, AS))


def test_format_cards():
    assert format_cards((AS, KD)) == "As Kd"
    assert format_cards([KD, AS]) == "Kd As"
    assert format_cards(()) == ""
    assert format_card(TS) == "Ts"


@pytest.mark.parametrize("bad", [52, -1])
def test_format_card_out_of_range(bad):
    with pytest.raises(InvalidCardError, match=str(bad)):
        format_card(bad)


@pytest.mark.parametrize("bad", [True, 3.0, None, "As"])
def test_format_card_wrong_type(bad):
    with pytest.raises(TypeError):
        format_card(bad)


def test_rank_suit_of_validate():
    with pytest.raises(InvalidCardError):
        rank_of(52)
    with pytest.raises(InvalidCardError):
        suit_of(-1)


# -------------------------------------------------------------- invalid input


@pytest.mark.parametrize("token", ["1s", "Ax", "AsK", "Zz", "", "hello", "A s", "100s"])
def test_invalid_string_tokens(token):
    with pytest.raises(InvalidCardError) as info:
        parse_cards([token], what="hand 2")
    msg = str(info.value)
    assert msg.startswith("hand 2: ")
    assert repr(token) in msg


@pytest.mark.parametrize(
    "spec, shown",
    [
        ("1s", "'1s'"),
        ("Ax", "'Ax'"),
        ("Zz", "'Zz'"),
        ("As Xx", "'Xx'"),
        ("As Kd hello", "'hello'"),
        ("AsK", "'K' (in 'AsK')"),
        ("As K", "'K'"),
        ("AsXxKd", "'Xx' (in 'AsXxKd')"),
        ("Kd,10x", "'10x'"),
        ("As10xKd", "'10x' (in 'As10xKd')"),
        ("As1", "'1' (in 'As1')"),
    ],
)
def test_invalid_text_message(spec, shown):
    with pytest.raises(InvalidCardError) as info:
        parse_cards(spec, what="board")
    assert str(info.value) == (
        f"board: {shown} is not a card (expected rank 2-9, T, J, Q, K, A and suit s, h, d, c, as in 'As' or '10h')"
    )


def test_invalid_token_default_what():
    with pytest.raises(InvalidCardError, match=r"^cards: 'Xx' is not a card"):
        parse_cards("Xx")


@pytest.mark.parametrize("token", ["1s", "Ax", "AsK", "Zz", "", "As Kd", "AsKd"])
def test_card_rejects(token):
    with pytest.raises(InvalidCardError) as info:
        card(token)
    assert repr(token) in str(info.value)


def test_card_not_a_string():
    with pytest.raises(TypeError, match="int"):
        card(51)


def test_list_element_must_be_single_card():
    with pytest.raises(InvalidCardError, match=r"'As Kd' is not a single card"):
        parse_cards(["As Kd"], what="board")


@pytest.mark.parametrize("spec", ["As As", "AsAs", "As as", "A♠ As", ["As", "as"], [AS, AS], ["As", AS]])
def test_duplicate(spec):
    with pytest.raises(DuplicateCardError) as info:
        parse_cards(spec, what="board")
    assert str(info.value) == "board: As is given twice"


def test_duplicate_message_names_card():
    with pytest.raises(DuplicateCardError, match=r"^dead cards: Ks is given twice$"):
        parse_cards("2c Ks 3d ks", what="dead cards")


@pytest.mark.parametrize("bad", [52, -1, 100])
def test_int_out_of_range(bad):
    with pytest.raises(InvalidCardError) as info:
        parse_cards([bad], what="hand 1")
    msg = str(info.value)
    assert msg.startswith("hand 1: ")
    assert str(bad) in msg


def test_numpy_int_out_of_range_message():
    np = pytest.importorskip("numpy")
    with pytest.raises(InvalidCardError, match=r"^board: 52 is not a card"):
        parse_cards([np.int64(52)], what="board")


@pytest.mark.parametrize(
    "bad, type_name",
    [(3.0, "float"), (True, "bool"), (False, "bool"), (None, "NoneType"), ([51], "list")],
)
def test_bad_element_type(bad, type_name):
    with pytest.raises(TypeError) as info:
        parse_cards([bad], what="board")
    msg = str(info.value)
    assert msg.startswith("board: ")
    assert type_name in msg
    assert repr(bad) in msg


def test_numpy_bool_and_float_rejected():
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError):
        parse_cards([np.bool_(True)])
    with pytest.raises(TypeError):
        parse_cards([np.float64(3.0)])


@pytest.mark.parametrize(
    "bad, type_name",
    [
        (3.0, "float"),
        (None, "NoneType"),
        ({"As": 1}, "dict"),
        (51, "int"),
        (True, "bool"),
        (b"As", "bytes"),
        ({51}, "set"),
    ],
)
def test_bad_spec_type(bad, type_name):
    with pytest.raises(TypeError) as info:
        parse_cards(bad, what="board")
    msg = str(info.value)
    assert msg.startswith("board: ")
    assert type_name in msg


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        parse_cards("Xx")
    with pytest.raises(ValueError):
        parse_cards("As As")


# ------------------------------------------------------------- check_disjoint


def test_check_disjoint_ok():
    assert (
        check_disjoint(
            {
                "hand 1": parse_cards("As Ks Qs Js"),
                "hand 2": parse_cards("2c 3c 4c 5c"),
                "the board": parse_cards("Ah Kh Qh"),
                "the dead cards": (),
            }
        )
        is None
    )
    check_disjoint([])
    check_disjoint({})


def test_check_disjoint_message_dict():
    ah = card("Ah")
    with pytest.raises(DuplicateCardError) as info:
        check_disjoint(
            {
                "hand 1": (ah, card("2c"), card("3c"), card("4c")),
                "hand 2": parse_cards("Kd Kc 5d 6d"),
                "the board": parse_cards("7h 8h Ah"),
            }
        )
    assert str(info.value) == "Ah appears in hand 1 and in the board"


def test_check_disjoint_message_pairs():
    with pytest.raises(DuplicateCardError) as info:
        check_disjoint(
            [
                ("hand 1", parse_cards("As Ks Qs Js")),
                ("hand 2", parse_cards("2c 3c 4c 5c")),
                ("the dead cards", parse_cards("9d 5c")),
            ]
        )
    assert str(info.value) == "5c appears in hand 2 and in the dead cards"


def test_check_disjoint_accepts_text_and_reports_first_two():
    with pytest.raises(DuplicateCardError, match=r"^Td appears in hand 1 and in hand 2$"):
        check_disjoint([("hand 1", "Td 9d"), ("hand 2", ["10d"]), ("board", "Td")])


def test_check_disjoint_duplicate_within_group():
    with pytest.raises(DuplicateCardError, match=r"^board: 7h is given twice$"):
        check_disjoint({"hand 1": (0, 1, 2, 3), "board": (card("7h"), card("7h"))})


def test_check_disjoint_invalid_card_names_group():
    with pytest.raises(InvalidCardError, match=r"^board: 52 is not a card"):
        check_disjoint({"hand 1": (0, 1, 2, 3), "board": (52,)})


def test_check_disjoint_bad_groups():
    with pytest.raises(TypeError):
        check_disjoint([("hand 1",)])
