"""``arbiter new``: a commented case to start from, that already passes ``arbiter check``.

The template names every part of a case a player writing one at the table has to
know: the seats in order, the dealer, the blind, the limit (which is required), the
optional counters, stakes and jack-pot, every event in order in its one-line and
mapping forms, and the dispute. It is a real case: the tests check, replay and rule it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from typing import TYPE_CHECKING

from ..errors import InputError

if TYPE_CHECKING:
    from ..load.files import StrPath

TEMPLATE = """\
# A case for arbiter: what happened at one deal of draw poker, and the question in
# dispute. Change it to what happened at your table, then:
#   arbiter check THIS-FILE      every mistake in it, each with its line
#   arbiter replay THIS-FILE     the table step by step, and what was irregular
#   arbiter rule THIS-FILE       the ruling, with the law quoted (--rulebook all: every book)
title: B is given four cards for the three he threw away

# rulebook: peel          # the book the players agreed on: peel, foster or hoyle
#                         # (a ruling names the book it used; --rulebook overrides this)

table:
  seats: [A, B, C, D, E]  # round the table in the order of the deal: each player sits
  #                       # on the left of the one before
  dealer: A               # so B, on the dealer's left, has the age and puts up the blind
  blind: 1                # the age's stake before the deal (Peel calls it the ante)
  limit: 12               # the most anyone may raise the stake at one time (required)
  # counters: {white: 1, red: 5, blue: 10}   # then amounts may be written '2 blues'
  # stakes: {C: 20}       # a player's funds, where they matter (table stakes: agreed)
  # jackpot: 1            # a jack-pot (1, 2, 3... in a row): every ante is put up for
  #                       # the players, so write no event for the antes
  # pool: 0               # counters already in the pool from earlier deals

# Every act in the order it happened, from the blind to the dispute, leaving none out:
# arbiter replays them as the table would and finds the irregularity itself.
# One line each: PLAYER VERB [PLAYER] [AMOUNT or COUNT] [CARDS].
events:
  - B blinds 1
  - C declines to straddle  # or 'C straddles 2'
  - deal
  - C comes in              # before the draw, each in turn comes in, raises N or passes
  - D raises 2
  - E passes
  - A passes                # the dealer may pass and still deal
  - B makes good            # what the age and C owe after D's raise
  - C makes good
  - B discards 3            # then the draw, in turn from the dealer's left
  - A gives B 4             # the dealer gives B four for his three...
  - B lifts                 # ...and B takes them up from the table
  # After the draw: 'C bets 2', 'D calls', 'B stands', 'C shows Ah Ad 7c 7d 2s'.
  # Other verbs: asks for N, draws N, stands pat, opens N, exposes a card to PLAYER,
  # speaks to the dealer, claims PLAYER asked for N (the README lists them all).
  # Where a line will not do, each event has a mapping form; the deal's names the
  # hands, a misdeal or an uncut pack, in place of 'deal':
  #   - {player: C, act: discards, count: 2, cards: [7h, 2c]}
  #   - {act: deals, hands: {B: Ah Qd 3d Qc 5s}, counts: {C: 6}, uncut: true}
  # Cards are written As, 10h (or Th), Qd, 7c.

dispute:
  raised_by: D              # who asks
  about: B                  # whose act is in question
  question: B has six cards in his hand now. Is his hand foul?
  asks: is B's hand foul    # the question in a form arbiter answers first, under each book:
  #   who bets first; who has the last say; who takes the pool; must C show;
  #   may C come in (any act, without the -s); what may C do; is C's hand foul
"""


def write_template(path: StrPath, force: bool = False, text: str = TEMPLATE) -> None:
    """Write the template (or ``text``) to ``path``, whole or not at all; an existing file
    is kept unless ``force``. Anything but a regular file or a new path (a directory, a
    FIFO, a device, a socket, a link to nothing) is refused before it is opened, so a FIFO
    with no reader cannot block the command."""
    name = os.fspath(path)
    target = _target(name, force)
    folder = os.path.dirname(target) or "."
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".arbiter-new-", suffix=".tmp")
    except OSError as exc:
        raise InputError(f"cannot write the file: {exc.strerror}", file=name) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, _mode(target))
        if force:
            os.replace(tmp, target)
        else:
            _link(tmp, target)
    except FileExistsError:
        raise _exists(name) from None
    except OSError as exc:
        raise InputError(f"cannot write the file: {exc.strerror}", file=name) from None
    finally:  # interrupted or refused, nothing is left half-written
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _link(tmp: str, target: str) -> None:
    """``tmp`` given the name ``target``, which must still be new (a link fails if the file
    has come into being meanwhile; where links are not to be had, it is looked for)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(target):
            raise FileExistsError(target) from None
        os.replace(tmp, target)


def _target(name: str, force: bool) -> str:
    """The path to write (a link's target), refused unless it is new or a regular file."""
    try:
        st = os.stat(name)
    except FileNotFoundError:
        if os.path.islink(name):
            raise InputError("this is a link to nothing: expected the name of a file to "
                             "write", file=name) from None
        return name
    except ValueError:
        raise InputError("a file name holds no NUL", file=name) from None
    except OSError as exc:
        raise InputError(f"cannot write the file: {exc.strerror}", file=name) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError("this is a directory: expected the name of a file to write",
                         file=name)
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"this is {_special(st.st_mode)}, not a regular file: expected the "
                         "name of a file to write", file=name)
    if not force:
        raise _exists(name)
    return os.path.realpath(name)


def _special(mode: int) -> str:
    for test, what in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return what
    return "a special file"


def _mode(target: str) -> int:
    """The mode of the file replaced, or what a new file gets under the umask."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _exists(name: str) -> InputError:
    return InputError("the file exists already; choose another name, or add --force to "
                      "replace it", file=name)
