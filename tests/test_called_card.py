"""Every variant that lets the declarer name a card rejects a number that is no card of its deck."""

import pytest

from napoleon_rules import Choices, IllegalPlayError, get_variant, random_deal
from napoleon_rules.cards import JOKER


@pytest.mark.parametrize("name,bad", [("japanese", 52), ("japanese", 99), ("mighty", 64),
                                      ("mighty", -1), ("japoleon", 70), ("secretary", JOKER),
                                      ("secretary", "AS")])
def test_declare_rejects_a_called_card_outside_the_deck(name, bad):
    v = get_variant(name)
    deal = random_deal(v, 3)
    bid = next(b for b in v.all_bids() if b.name is None)
    pool = sorted(c for c in range(64) if (deal.hands[0] | deal.rest) >> c & 1)
    discard = tuple(pool[:bin(deal.rest).count("1")])
    trump = "NT" if name == "secretary" else None
    with pytest.raises(IllegalPlayError, match="must be a card of the deck"):
        v.declare(deal, 0, bid, Choices(call=bad, discard=discard, trump=trump))
