"""Where a finding arose, in the table's words: "in the draw, after B discarded 3", not
"at step 9 (line 14)" (which ``--explain`` adds). Read from the replay: the phase the act
came in, and the act before it, told in the past tense. Every rendering says a place this
way: the ruling in text, Markdown and JSON, and the comparison's cells."""

from __future__ import annotations

from ..terms.findings import Finding
from .replay import Replay

_PHASE = {"before the deal": "before the deal", "before the draw": "before the draw",
          "the draw": "in the draw", "after the draw": "in the betting after the draw",
          "the show": "at the show", "over": "after the hand was over"}

# Verbs of the one-line events whose past is not made by rule.
_IRREGULAR = {"gives": "gave", "takes": "took", "comes": "came", "goes": "went",
              "makes": "made", "throws": "threw", "draws": "drew", "bets": "bet",
              "sees": "saw", "holds": "held", "stands": "stood", "says": "said",
              "speaks": "spoke", "cuts": "cut", "puts": "put", "buys": "bought",
              "finds": "found", "wins": "won", "tells": "told", "withdraws": "withdrew",
              "has": "had", "drops": "dropped", "is": "was", "shows": "showed",
              "lifts": "lifted", "helps": "helped", "sets": "set", "deals": "dealt"}


def past(verb: str) -> str:
    """``discards`` -> ``discarded``, ``passes`` -> ``passed``, ``gives`` -> ``gave``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if not verb.endswith("s"):
        return verb
    if verb.endswith("ies"):
        return verb[:-3] + "ied"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2] + "ed"
    stem = verb[:-1]
    return stem + "d" if stem.endswith("e") else stem + "ed"


def told(event: str, seats: tuple[str, ...]) -> str:
    """A one-line event in the past: ``A gives B 4`` -> ``A gave B 4``."""
    words = event.split()
    if event.startswith("deal"):
        return "the deal"
    if words[0] == "faced":
        return "a card was found faced in the pack"
    if len(words) > 2 and words[0] in seats and words[1] == "blinds":
        return f"{words[0]} put up a blind of {' '.join(words[2:])}"
    if len(words) > 1 and words[0] in seats:
        words[1] = past(words[1])
    return " ".join(words)


def place(r: Replay, step: int) -> str:
    """Where the act of ``step`` came: ``in the draw, after B discarded 3``."""
    at = next((k for k, s in enumerate(r.steps) if s.index == step), None)
    if at is None or at == 0:
        return "before anything was done"
    before = r.steps[at - 1]
    phase = "in the deal" if r.steps[at].event.startswith("deal") else \
        _PHASE.get(before.phase, before.phase)
    if before.index == 0:
        return f"{phase}, first of all"
    return f"{phase}, after {told(before.event, r.seats)}"


def began(f: Finding) -> int:
    """The step from before which a finding's place is told: that of the first act its
    message tells (a draw's discard, for a demand found wrong at the demand), so that the
    act is not named as its own antecedent ("after B discarded 2, B discarded 2 and ...")."""
    return min(f.step, f.began) if f.began else f.step


def where(r: Replay, f: Finding, explain: bool = False) -> str:
    """A finding's place in the table's words; with ``explain``, the step and the event's
    line in the case file after it: ``in the draw, after B discarded 3 (step 9, line 14:
    A gives B 4)``."""
    told = place(r, began(f))
    if not explain:
        return told
    ev = next((s.event for s in r.steps if s.index == f.step), None)
    line = f", line {f.line}" if f.line else ""
    return f"{told} (step {f.step}{line}{': ' + ev if ev else ''})"


def moment(r: Replay, step: int) -> str:
    """The table's moment just after ``step``, in its words, the step after them (for
    ``--at``): ``after B lifted, in the draw (step 10)``."""
    s = next((x for x in r.steps if x.index == step), None)
    if s is None or s.index == 0:
        return "before the deal"
    return f"after {told(s.event, r.seats)}, {_PHASE.get(s.phase, s.phase)} (step {s.index})"
