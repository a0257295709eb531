"""Cards and the ranking of poker hands, with the points the books differ on as parameters.

Whether the ace may end a sequence (Peel 71 says only begin; Hoffmann p. 124
says either), whether hearts break ties between flushes and sequences
(Peel 69–70) and whether the odd card of two pairs counts (Peel 73 and p. 39:
"one card of no value"; Hoffmann p. 125: "the highest indifferent card wins")
come from the rulebook; the counting is the same in every book.
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING

from .records import record

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
RANK_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten",
    "9": "nine",
    "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two",
}
FULL_PACK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)


def parse_card(text: str) -> str | None:
    """Read a card: ``As``, ``10h``, ``Th``, ``qd``, ``K♠``; None if it is not one."""
    t = text.strip()
    if len(t) < 2:
        return None
    rank, suit = t[:-1].upper(), t[-1]
    suit = _SUIT_SYMBOLS.get(suit, suit.lower())
    if rank == "10":
        rank = "T"
    if rank == "KN":
        rank = "J"
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        return None
    return rank + suit


def card_name(card: str) -> str:
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


class Category:
    """The categories of hands, lowest first: plain numbers, compared and ordered as numbers
    (an ``IntEnum`` of nine members costs a start more than the rest of this module)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREES = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL = 6
    FOURS = 7
    STRAIGHT_FLUSH = 8


CATEGORY_NAMES = {
    Category.HIGH_CARD: "highest card",
    Category.PAIR: "a pair",
    Category.TWO_PAIRS: "two pairs",
    Category.THREES: "threes",
    Category.STRAIGHT: "a sequence",
    Category.FLUSH: "a flush",
    Category.FULL: "a full hand",
    Category.FOURS: "fours",
    Category.STRAIGHT_FLUSH: "a sequence flush",
}


# Ranking is a record and HandValue a plain tuple, not NamedTuples or dataclasses: every
# ruling imports this module, and making either costs more than the rest of the module.
@record(frozen=True)
class Ranking:
    """How a book ranks hands: where the ace stands in sequences, whether hearts break ties."""

    ace_in_sequence: str = "high_or_low"  # low_only | high_only | high_or_low
    hearts_break_ties: bool = False  # hearts win between otherwise equal sequences (Peel 70,
    # and between equal sequence flushes, p. 31)
    hearts_flush_best: bool = False  # a flush in hearts beats any other flush (Peel 69)
    two_pairs_odd_card: bool = True  # the fifth card decides between equal two pairs


class HandValue(tuple):  # type: ignore[type-arg]
    """A hand's worth: its category, then the ranks that decide within it, then the hearts
    card by card from the top (where they break ties); compared in order, as a tuple."""

    __slots__ = ()

    def __new__(cls, category: int, ranks: tuple[int, ...],
                hearts: tuple[int, ...] = ()) -> HandValue:
        return tuple.__new__(cls, (category, ranks, hearts))

    if TYPE_CHECKING:
        category: int
        ranks: tuple[int, ...]
        hearts: tuple[int, ...]
    else:
        category = property(itemgetter(0))
        ranks = property(itemgetter(1))
        hearts = property(itemgetter(2))

    def __repr__(self) -> str:
        return f"HandValue(category={self[0]!r}, ranks={self[1]!r}, hearts={self[2]!r})"

    def describe(self) -> str:
        return CATEGORY_NAMES[self.category]


def evaluate(cards: list[str], ranking: Ranking) -> HandValue:
    """The value of a five-card hand under ``ranking``; comparable with ``<``."""
    if len(cards) != 5:
        raise ValueError("a poker hand has five cards")
    values = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    by_group = tuple(v for v, _ in groups)
    shape = tuple(n for _, n in groups)
    top = _sequence_top(values, ranking.ace_in_sequence)
    if top is not None:
        cat = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        # Peel 70: between sequences of equal value "a sequence in hearts, ceteris paribus";
        # read card by card from the top, a heart where the other has none. Between sequence
        # flushes of equal value, the suit of the one and the other (p. 31: "The suit of
        # hearts, ceteris paribus, takes precedence of other suits").
        return HandValue(cat, (top,), _hearts(cards, top, ranking))
    if shape == (4, 1):
        return HandValue(Category.FOURS, by_group)
    if shape == (3, 2):
        return HandValue(Category.FULL, by_group[:1])
    if flush:
        hearts = 1 if cards[0][1] == "h" else 0
        if ranking.hearts_flush_best:
            return HandValue(Category.FLUSH, (hearts, *values))
        return HandValue(Category.FLUSH, tuple(values))
    if shape == (3, 1, 1):
        return HandValue(Category.THREES, by_group[:1])
    if shape == (2, 2, 1):
        return HandValue(Category.TWO_PAIRS,
                         by_group if ranking.two_pairs_odd_card else by_group[:2])
    if shape == (2, 1, 1, 1):
        return HandValue(Category.PAIR, by_group)
    return HandValue(Category.HIGH_CARD, tuple(values))


def _hearts(cards: list[str], top: int, ranking: Ranking) -> tuple[int, ...]:
    """For each place in the sequence, from its top card down, 1 where the card is a heart."""
    if not ranking.hearts_break_ties:
        return ()
    def place(c: str) -> int:
        v = RANKS.index(c[0]) + 2
        return 1 if v == 14 and top < 14 else v  # an ace that begins the sequence is low
    return tuple(1 if c[1] == "h" else 0 for c in sorted(cards, key=place, reverse=True))


def _sequence_top(values: list[int], ace: str) -> int | None:
    if len(set(values)) != 5:
        return None
    low = [1 if v == 14 else v for v in values] if 14 in values else values
    candidates = []
    if ace in ("high_only", "high_or_low") or 14 not in values:
        candidates.append(sorted(values))
    if ace in ("low_only", "high_or_low") and 14 in values:
        candidates.append(sorted(low))
    for seq in candidates:
        if seq[-1] - seq[0] == 4:
            return seq[-1]
    return None
