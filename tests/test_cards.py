"""Hand ranking, with the points the books differ on taken from the rulebooks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter import Library
from arbiter.law.params import rules_from
from arbiter.terms.cards import FULL_PACK, Category, Ranking, evaluate, parse_card


def value(hand: str, book: str) -> object:
    rules = rules_from(Library().get(book).parameters)
    return evaluate(hand.split(), rules.ranking)


def test_peel_71_ace_may_not_end_a_sequence() -> None:
    broadway = value("Ts Jd Qc Kh As", "peel")
    assert broadway.category == Category.HIGH_CARD  # type: ignore[attr-defined]


def test_peel_70_ace_begins_the_lowest_sequence() -> None:
    assert value("As 2d 3c 4h 5s", "peel").category == Category.STRAIGHT  # type: ignore[attr-defined]


def test_hoffmann_p_124_ace_high_or_low() -> None:
    assert value("Ts Jd Qc Kh As", "hoyle").category == Category.STRAIGHT  # type: ignore[attr-defined]
    assert value("As 2d 3c 4h 5s", "hoyle").category == Category.STRAIGHT  # type: ignore[attr-defined]
    assert value("Ts Jd Qc Kh As", "hoyle") > value("9s Td Jc Qh Ks", "hoyle")  # type: ignore[operator]


def test_peel_69_a_flush_in_hearts_beats_an_equal_flush() -> None:
    assert value("2h 5h 7h 9h Jh", "peel") > value("2s 5s 7s 9s Js", "peel")  # type: ignore[operator]
    assert value("2h 5h 7h 9h Jh", "hoyle") == value("2s 5s 7s 9s Js", "hoyle")


def test_full_hands_are_ranked_by_their_threes() -> None:
    ranking = Ranking()
    tens = evaluate(["Th", "Td", "Ts", "4c", "4d"], ranking)
    nines = evaluate(["9h", "9d", "9s", "Kc", "Kd"], ranking)
    assert tens > nines  # Peel p. 39: three tens and two fours beat three nines and two kings


@pytest.mark.parametrize(("text", "card"), [("As", "As"), ("10h", "Th"), ("qd", "Qd"),
                                            ("K♠", "Ks"), ("Zz", None), ("1h", None)])
def test_cards_are_read_as_players_write_them(text: str, card: str | None) -> None:
    assert parse_card(text) == card


@given(st.lists(st.sampled_from(FULL_PACK), min_size=10, max_size=10, unique=True),
       st.sampled_from(["low_only", "high_or_low", "high_only"]), st.booleans())
def test_ranking_is_a_total_order_on_two_hands(cards: list[str], ace: str, hearts: bool) -> None:
    ranking = Ranking(ace, hearts)
    a, b = evaluate(cards[:5], ranking), evaluate(cards[5:], ranking)
    assert (a > b) + (b > a) + (a == b) == 1
