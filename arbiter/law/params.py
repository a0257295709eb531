"""The mechanics on which the authorities differ, read from a rulebook's ``parameters``.

The engine knows how a deal, a draw and a betting round work; everything
that varies between Foster, Peel and Hoffmann is a field here, filled from
the rulebook YAML. Each setting is declared once, in the vocabulary's registry
(``arbiter.terms.vocabulary.PARAMETERS``): its key, the field here it fills, its values,
and the engine's assumption where a book gives none (never law), which is listed in
``assumed`` so a ruling can say so.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from msgspec import Struct

from ..load import cache as store
from ..load.yamlsafe import parse
from ..terms.cards import Ranking
from ..terms.vocabulary import PARAMETERS


# A record rather than a dataclass or a NamedTuple, as Law is: every replay imports this.
class Rules(Struct, frozen=True):
    """Every mechanic the books differ on, one field for each setting of the registry
    (``PARAMETERS``; the module fails at import if they part). No value here has a default:
    what a rulebook does not give is the registry's stated assumption, and is listed in
    ``assumed`` so every ruling that depends on it can say so."""

    blind_max_of_limit: float | None
    straddle_first: int  # the first straddle, as a multiple of the blind
    straddle_step: str  # double | add_blind
    straddle_max_of_limit: float | None
    straddle_counts_as: str  # blind: going in is twice it; going_in: it is the amount
    straddle_when: str  # before_deal | before_looking | at_going_in
    straddle_recognised: bool  # False: a straddle is found as not recognised, and no more
    come_in_multiple: int
    make_good_at_draw: bool
    exposed_card: str  # to_discards | return_to_pack
    exposed_replaced: str  # at_once | after_others
    faced_card: str  # a card found faced in the pack: to_discards | return_to_pack
    last_card: str  # dealt | kept
    reshuffle: tuple[str, ...]
    give_discarded: bool  # after a wrong ask, the dealer may give the number discarded
    bet_first: str  # left_of_age | age
    age_may_hold: bool
    first_may_stand: bool
    hand_order: str  # usual: the book ranks the hands in the usual order (Peel 65)
    ace_in_sequence: str
    hearts_break_ties: bool
    hearts_flush_best: bool
    two_pairs_odd_card: bool  # the fifth card decides between equal two pairs
    jackpot_openers: tuple[str, ...]
    age_antes_again: bool  # in the first jack-pot, does the age ante beside his blind?
    jackpot_pass: str  # a pass before the jack-pot is opened: final | keeps_cards
    jackpot_series: str  # repeat | hold_last
    jackpot_first: str  # who has the first say in a jack-pot: left_of_age | left_of_dealer | either
    openers_judged_on: str  # original_hand | final_hand
    deal_passes: str  # who deals the next deal: left_of_dealer | to_winner
    after_short_call: str  # others_go_on | stops_the_game (Peel 60-61)
    passed_dealer_gives: bool  # a dealer who passed still gives the draw (Peel 18)
    after_retiring: str  # next_holding_cards: the say after a player retires
    after_turn_gone_by: str  # comes_round_again: a player who let his say go by, kept in
    short_funds: str  # puts_in_what_he_has: short of funds, no table stakes (Peel 60)
    assumed: frozenset[str] = frozenset()

    @property
    def ranking(self) -> Ranking:
        return Ranking(self.ace_in_sequence, self.hearts_break_ties, self.hearts_flush_best,
                       self.two_pairs_odd_card)


if set(Rules.__struct_fields__) - {"assumed"} != {p.field for p in PARAMETERS.values()}:
    raise RuntimeError("arbiter.law.params: Rules and the vocabulary's PARAMETERS differ")

DEFAULTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine_defaults.yaml")


@cache
def engine_defaults() -> dict[str, Any]:
    """The engine's assumed precedence and procedures, read (safely) from
    ``engine_defaults.yaml``, through the
    cache of parsed files (keyed by the file's bytes) when it holds a well-shaped entry."""

    with open(DEFAULTS_FILE, "rb") as fh:
        raw = fh.read()
    k = store.key(b"engine defaults", raw)
    use = store.in_use()
    hit = store.get(k) if use else None
    if hit is not None and defaults_fault(hit) is None:
        found: dict[str, Any] = hit
        return found

    data: dict[str, Any] = parse(raw.decode("utf-8"), DEFAULTS_FILE).data
    if use:
        store.put(k, data)
    return data


def defaults_fault(data: Any) -> str | None:
    """What is wrong with the shape of the engine's defaults (None: nothing), so that a
    broken cache entry is never used: precedence rules and procedures as the engine reads
    them. (The settings' assumptions are the vocabulary's, not this file's.)"""
    if not isinstance(data, dict) or not {"precedence", "procedures"} <= set(data):
        return "expected a mapping with 'precedence' and 'procedures'"
    rules = data["precedence"]
    if not isinstance(rules, list) or not all(
            isinstance(r, dict) and all(isinstance(r.get(f), str)
                                        for f in ("id", "finding", "assumes"))
            and isinstance(r.get("ruled_on_cause"), list)
            and all(isinstance(c, str) for c in r["ruled_on_cause"])
            and isinstance(r.get("when", {}), dict)
            and all(type(v) in (bool, str, int) for v in r.get("when", {}).values())
            for r in rules):
        return "precedence: expected rules with an id, a finding, causes and what they assume"
    procedures = data["procedures"]
    if not isinstance(procedures, dict) or not all(
            isinstance(v, dict) and _plain_tree(v) for v in procedures.values()):
        return "procedures: expected a mapping of plain data"
    return None


def _plain_tree(value: Any, depth: int = 0) -> bool:
    if depth > 8:
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_tree(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain_tree(v, depth + 1) for v in value)
    return value is None or type(value) in (bool, int, str)


def rules_from(parameters: dict[str, Any]) -> Rules:
    """Build Rules from a rulebook's (already schema-checked) parameters; what it does
    not give is the engine's assumption."""
    values: dict[str, Any] = {}
    assumed = set()
    for name, spec in PARAMETERS.items():
        group, key = name.split(".", 1)
        g = parameters.get(group)
        if isinstance(g, dict) and key in g:
            v = g[key]
        else:
            v = spec.assumed
            assumed.add(spec.field)
        values[spec.field] = tuple(v) if isinstance(v, list) else v
    return Rules(**values, assumed=frozenset(assumed))


def parameter_names() -> list[str]:
    """Every setting a rulebook may give, as ``group.key`` (``draw.faced_card``)."""
    return sorted(PARAMETERS)


def yaml_name(field_name: str) -> str:
    return next((name for name, spec in PARAMETERS.items() if spec.field == field_name),
                field_name)


def assumed_value(name: str) -> Any:
    """The value the engine assumes for a setting (``draw.reshuffle``) no book gives, as
    the YAML writes it (a list, not a tuple)."""
    v = PARAMETERS[name].assumed
    return list(v) if isinstance(v, tuple) else v


def cites_of(group: Any, key: str | None = None) -> list[Any]:
    """The laws a book's parameter group rests on: for one setting (``key``), its own
    ``cites`` (or the group's one list); without a key, every law the group cites."""
    if not isinstance(group, dict):
        return []
    c = group.get("cites", [])
    if isinstance(c, dict):
        lists = [c.get(key, [])] if key is not None else list(c.values())
        return [ref for refs in lists for ref in refs]
    return list(c)


def voice(book: Any) -> str:
    """How an assumption names the book: by name, or, for a book known only from a pinned
    extract, as that text (what the rest of the book says is unknown, not silent)."""
    return f"The pinned text of {book.pinned_name}" if book.extract else str(book.name)


def assumption(name: str, book: str) -> str:
    """The plain sentence a ruling gives for an assumed mechanic (``draw.faced_card``)."""
    text = PARAMETERS[name].assumes
    return text.replace("{book}", book)


def precedence_of(book: Any) -> tuple[dict[str, Any], ...]:
    """The book's precedence across finding kinds, or, where it declares none, the
    engine's assumed one (each rule marked with the sentence a ruling gives for it)."""
    own: tuple[dict[str, Any], ...] = tuple(book.precedence) if book is not None else ()
    if own:
        return own
    return tuple(dict(r, assumed=True) for r in engine_defaults().get("precedence", []))
