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


@pytest.mark.parametrize("name,what,bad,shown", [
    ("mighty", "called card", 70, "70"), ("japoleon", "aid card", 53, "53"),
    ("secretary", "coup card", JOKER, "JO"), ("japanese", "called card", JOKER, "JO")])
def test_the_error_names_the_bad_card(name, what, bad, shown):
    v = get_variant(name)
    with pytest.raises(IllegalPlayError, match=f"{name}: the {what} must be a card of the "
                                               f"deck, not {shown}$"):
        v.check_called_card(bad, what)


@pytest.mark.parametrize("name", ["japanese", "mighty", "japoleon", "secretary"])
def test_every_card_of_the_deck_is_accepted(name):
    v = get_variant(name)
    for c in range(64):
        if v.deck >> c & 1:
            v.check_called_card(c)


def test_declare_names_the_bad_coup_card():
    v = get_variant("secretary")
    deal = random_deal(v, 3)
    discard = tuple(sorted(c for c in range(64) if deal.rest >> c & 1))   # return the blind
    with pytest.raises(IllegalPlayError, match="coup card must be a card of the deck, not JO"):
        v.declare(deal, 0, v.all_bids()[0], Choices(call=JOKER, discard=discard, trump="NT"))
