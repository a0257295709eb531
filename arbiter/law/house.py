"""``arbiter new --house FILE``: a club's house book to start from, built on a published
code, commented line by line for the club's secretary, and passing ``arbiter check`` as it
stands (the tests check it on every shipped book)."""

from __future__ import annotations

from .laws import Rulebook

_HOUSE = """\
# House rules for arbiter: a club's own laws on top of {parent_name}'s.
# The file's name is the book's id ({book_id}.yaml holds 'id: {book_id}'). Edit it, then:
#   arbiter check --rulebooks DIR DIR/{book_id}.yaml      every mistake in it, with its line
#   arbiter rule CASE --rulebooks DIR --rulebook {book_id}   a ruling under the club's laws
#   arbiter diff {parent} {book_id} --rulebooks DIR          the club's laws beside {parent_name}'s
# (DIR is the directory this file is in; ARBITER_RULEBOOKS=DIR saves giving it each time.)
id: {book_id}
title: House rules of the club      # how the book is named in a ruling
author: the club committee
published: {{place: the club room, year: 1910}}
extends: {parent}                    # {parent_name}'s laws and rulings, but for what follows
citation: House                     # a ruling cites the club's laws as "House H1"

# The club's own laws, in the club's own words: they need no source (the laws inherited
# from {parent_name} are still checked word for word against the printed text).
laws:
  - ref: H1
    title: The committee's rulings
    heading: Amendments
    effect: procedure               # a rule of conduct: no ruling rests on it
    text: >-
      A dispute not settled by these laws is referred to the committee, whose decision is final.
  # - ref: H2
  #   title: Silence during the deal
  #   heading: Amendments
  #   text: >-
  #     A player who speaks to the dealer while the cards are being dealt pays one blind into
  #     the pool as a fine.

# Where a club law belongs among {parent_name}'s topics (for 'arbiter diff'); a law filed under
# none shows under "other".
# topics:
#   - {{id: the-deal, laws: [H2]}}

# To change a mechanic, give the setting again, citing the club's law for it:
# parameters:
#   straddle:
#     max_of_limit: 0.5             # a straddle may reach half the betting limit
#     cites: [H3]

# A ruling of the club's own: a provision on a kind of finding, citing its law. Give it
# its own 'point' to rule beside {parent_name}'s ruling on the same finding; give it the
# 'id' of one of {parent_name}'s provisions to replace that one (their ids: 'arbiter rule
# CASE --rulebook {parent} --format json' names each; {example_ids}, ...).
# provisions:
#   - id: house-h2-speaking
#     finding: spoke_to_dealer
#     point: house-fine
#     decision: penalty
#     says: "{{player}} spoke to the dealer during the deal and is fined one blind"
#     penalty: {{pays: {{multiple_of_blind: 1}}}}
#     cites: [H2]
"""


def house_template(parent: Rulebook, book_id: str) -> str:
    """The commented house book ``book_id``, extending ``parent``."""
    ids = ", ".join(str(p["id"]) for p in list(parent.provisions)[:2])
    return _HOUSE.format(book_id=book_id, parent=parent.id, parent_name=parent.name,
                         example_ids=ids)
