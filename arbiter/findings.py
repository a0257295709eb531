"""What the replay finds: irregularities and facts, each at the step it happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    """The irregularities (and notable facts) a replay can find."""

    DEAL_UNCUT = "deal_uncut"
    WRONG_NUMBER_DEALT = "wrong_number_dealt"
    CARD_FACED_IN_PACK = "card_faced_in_pack"
    CARD_EXPOSED_IN_DEAL = "card_exposed_in_deal"
    SPOKE_TO_DEALER = "spoke_to_dealer"
    BLIND_OVER_LIMIT = "blind_over_limit"
    STRADDLE_OVER_LIMIT = "straddle_over_limit"
    STRADDLE_AFTER_REFUSAL = "straddle_after_refusal"
    STRADDLE_OUT_OF_TURN = "straddle_out_of_turn"
    STRADDLE_WRONG_AMOUNT = "straddle_wrong_amount"
    STRADDLE_AFTER_LOOKING = "straddle_after_looking"
    OUT_OF_TURN = "out_of_turn"
    OVER_LIMIT = "over_limit"
    SHORT_STAKE = "short_stake"
    AMOUNT_DIFFERS = "amount_differs"
    BEYOND_TABLE_STAKES = "beyond_table_stakes"
    DREW_WITHOUT_MAKING_GOOD = "drew_without_making_good"
    DREW_OUT_OF_TURN = "drew_out_of_turn"
    ASKED_WRONG_NUMBER = "asked_wrong_number"
    GIVEN_MORE_THAN_ASKED = "given_more_than_asked"
    GIVEN_FEWER_THAN_ASKED = "given_fewer_than_asked"
    DEALER_DREW_WRONG_NUMBER = "dealer_drew_wrong_number"
    CARD_EXPOSED_IN_DRAW = "card_exposed_in_draw"
    EXPOSED_CARD_REPLACED_EARLY = "exposed_card_replaced_early"
    PACK_EXHAUSTED = "pack_exhausted"
    LAST_CARD_DEALT = "last_card_dealt"
    WRONG_HAND_SIZE = "wrong_hand_size"
    STOOD_WITHOUT_RIGHT = "stood_without_right"
    HELD_WITHOUT_RIGHT = "held_without_right"
    OPENED_WITHOUT_OPENERS = "opened_without_openers"
    CONFLICTING_CLAIMS = "conflicting_claims"
    DRAW_INQUIRY = "draw_inquiry"
    DISCARD_RETAKEN = "discard_retaken"
    STATEMENT_NOT_KEPT = "statement_not_kept"
    DIVULGED = "divulged"
    DECLINED_TO_OPEN = "declined_to_open"
    NOT_OPENED = "not_opened"
    WON_UNCALLED = "won_uncalled"
    SHOWDOWN = "showdown"


@dataclass
class Finding:
    """An irregularity or fact, at the step it happened.

    ``facts`` are what the replay knows about it; some (whether the player
    later lifted the cards, whether the next player was helped) are filled in
    as the replay goes on, so the judge sees them as they stood at the end.
    """

    kind: Kind
    step: int
    line: int | None
    player: str | None = None
    message: str = ""
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "step": self.step,
            "line": self.line,
            "player": self.player,
            "message": self.message,
            "facts": dict(self.facts),
        }
