"""The mechanics on which the authorities differ, read from a rulebook's ``parameters``.

The engine knows how a deal, a draw and a betting round work; everything
that varies between Foster, Peel and Hoffmann is a field here, filled from
the rulebook YAML. A field the rulebook does not give keeps the default
below and is listed in ``assumed`` so a replay can say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Ranking

# YAML path (group, key) -> field name.
_KEYS: dict[tuple[str, str], str] = {
    ("blind", "max_of_limit"): "blind_max_of_limit",
    ("straddle", "first"): "straddle_first",
    ("straddle", "step"): "straddle_step",
    ("straddle", "max_of_limit"): "straddle_max_of_limit",
    ("straddle", "counts_as"): "straddle_counts_as",
    ("straddle", "when"): "straddle_when",
    ("going_in", "multiple_of_blind"): "come_in_multiple",
    ("going_in", "make_good_at_draw"): "make_good_at_draw",
    ("draw", "exposed_card"): "exposed_card",
    ("draw", "exposed_replaced"): "exposed_replaced",
    ("draw", "faced_card"): "faced_card",
    ("draw", "last_card"): "last_card",
    ("draw", "reshuffle"): "reshuffle",
    ("betting", "first"): "bet_first",
    ("betting", "age_may_hold"): "age_may_hold",
    ("betting", "first_may_stand"): "first_may_stand",
    ("hands", "ace_in_sequence"): "ace_in_sequence",
    ("hands", "hearts_break_ties"): "hearts_break_ties",
    ("hands", "hearts_flush_best"): "hearts_flush_best",
    ("hands", "two_pairs_odd_card"): "two_pairs_odd_card",
    ("jackpot", "openers"): "jackpot_openers",
    ("jackpot", "age_antes_again"): "age_antes_again",
    ("jackpot", "pass_before_opening"): "jackpot_pass",
}


@dataclass(frozen=True)
class Rules:
    blind_max_of_limit: float | None = None
    straddle_first: int = 2  # the first straddle, as a multiple of the blind
    straddle_step: str = "double"  # double | add_blind
    straddle_max_of_limit: float | None = None
    straddle_counts_as: str = "blind"  # blind: going in is twice it; going_in: it is the amount
    straddle_when: str = "before_deal"  # before_deal | before_looking
    come_in_multiple: int = 2
    make_good_at_draw: bool = False
    exposed_card: str = "to_discards"  # to_discards | return_to_pack
    exposed_replaced: str = "at_once"  # at_once | after_others
    faced_card: str = "to_discards"  # a card found faced in the pack: to_discards | return_to_pack
    last_card: str = "dealt"  # dealt | kept
    reshuffle: tuple[str, ...] = ("discards",)
    bet_first: str = "left_of_age"  # left_of_age | age
    age_may_hold: bool = False
    first_may_stand: bool = False
    ace_in_sequence: str = "high_or_low"
    hearts_break_ties: bool = False
    hearts_flush_best: bool = False
    two_pairs_odd_card: bool = True
    jackpot_openers: tuple[str, ...] = ("J",)
    age_antes_again: bool = True  # in the first jack-pot, does the age ante beside his blind?
    jackpot_pass: str = "keeps_cards"  # a pass before the opening: final | keeps_cards
    assumed: frozenset[str] = field(default_factory=frozenset)

    @property
    def ranking(self) -> Ranking:
        return Ranking(self.ace_in_sequence, self.hearts_break_ties, self.hearts_flush_best,
                       self.two_pairs_odd_card)


def rules_from(parameters: dict[str, Any]) -> Rules:
    """Build Rules from a rulebook's (already schema-checked) parameters."""
    values: dict[str, Any] = {}
    for (group, key), name in _KEYS.items():
        g = parameters.get(group)
        if isinstance(g, dict) and key in g:
            v = g[key]
            values[name] = tuple(v) if isinstance(v, list) else v
    given = set(values)
    assumed = frozenset(f.name for f in fields(Rules) if f.name != "assumed") - given
    return Rules(**values, assumed=assumed)


def yaml_name(field_name: str) -> str:
    for (group, key), name in _KEYS.items():
        if name == field_name:
            return f"{group}.{key}"
    return field_name
