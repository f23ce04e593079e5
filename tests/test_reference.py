"""The reference minimax (napoleon_rules/reference.py).

Small endgames per preset whose values are worked out by hand (the reasoning is in each
test's docstring), and a comparison of the alpha-beta search with a plain full minimax written
here (no pruning) on random two- and three-trick endgames of every preset.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from napoleon_rules import NT, Position, Suit, get_variant, random_deal, reference
from napoleon_rules.cards import card_name, mask_of, parse_card, parse_cards
from napoleon_rules.moves import Move

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
PRESETS = ("japanese", "japanese-stakes", "mighty", "japoleon", "secretary", "nap", "bridge")


def position(name, trump, hands: list[str], *, declarer=0, partner=None, leader=0, trick=0,
             options=None, **state) -> Position:
    v = get_variant(name, options or {})
    return Position(v, trump, declarer, partner, tuple(mask_of(parse_cards(h)) for h in hands),
                    leader=leader, trick=trick, **state)


def named(values: dict) -> dict:
    return {card_name(c): v for c, v in values.items()}


# ---- hand-built endgames ------------------------------------------------------------------------
def yoromeki_position(name):
    # Trump spades; Napoleon seat 0 with the General seat 2; two tricks left, Napoleon to lead.
    return position(name, S, ["QH 2D", "AS 3D", "KH 4D", "AH 5D", "JH 6D"], partner=2, trick=8)


def test_japanese_same_two_then_yoromeki():
    """Lead 2D: every seat must follow diamonds (2D..6D), all five one suit, so the 2 wins
    (Same-two). Then QH: seat 1 holds only AS (Mighty), KH AH JH follow, QH wins by Yoromeki:
    QH KH AH JH AS = 5 points. Lead QH first: seat 1 keeps AS back (plays 3D), AH wins 4
    points for seat 3, who leads 5D; seat 1's AS then wins the last trick: 0 for Napoleon."""
    pos = yoromeki_position("japanese")
    assert named(reference.card_values(pos)) == {"2D": 5, "QH": 0}
    assert reference.value(pos) == 5
    assert named(reference.solve(pos)[1]) == {"2D": 5, "QH": 0}


def test_japanese_stakes_has_no_yoromeki():
    """The same cards in japanese-stakes: after the Same-two trick the Mighty beats QH, so
    the opponents take all 5 points; QH first loses as before."""
    pos = yoromeki_position("japanese-stakes")
    assert named(reference.card_values(pos)) == {"2D": 0, "QH": 0}
    off = replace(yoromeki_position("japanese"), variant=get_variant("japanese", {"yoromeki": False}))
    assert reference.value(off) == 0


def test_japanese_last_trick_points():
    # Last trick, trump hearts: the Mighty (AS) beats the right J (JH).
    pos = position("japanese", H, ["JH", "AS", "TD", "2C", "KD"], partner=4, trick=9)
    # AS (seat 1, an opponent) wins JH AS TD KD: 4 points, none for Napoleon's side.
    assert reference.value(pos) == 0
    pos = position("japanese", H, ["JH", "AS", "TD", "2C", "KD"], partner=1, trick=9)
    assert reference.value(pos) == 4


def joker_position(name):
    # Seat 0 (declarer, alone) holds the Joker and 2C; two tricks left; hearts are trump.
    return position(name, H, ["JO 2C", "AD 2S", "KD 3S", "QD 4S", "5C 5S"], trick=8)


@pytest.mark.parametrize("name", ["mighty", "japoleon"])
def test_led_joker_options_collapse_to_the_best(name):
    """JO naming D: AD KD QD follow, seat 4 (no diamond) keeps 5C and throws 5S; the Joker wins 3
    points; then 2C loses to 5C (0 points). Naming C: seat 4 must give up 5C, the others throw
    spades; then 2C wins AD KD QD (3). Naming S or H: spades (or discards) go on the Joker, then
    5C wins the diamonds: 0. Leading 2C first: seat 4 wins it with 5C and the others throw their
    diamonds on it; the Joker then loses the last trick (Mighty: powerless on the last trick;
    Japoleon: not led). So JO is worth 3 (the best suit for the declarer), 2C is worth 0."""
    pos = joker_position(name)
    moves = {str(m): v for m, v in reference.move_values(pos).items()}
    assert moves == {"JO:S": 0, "JO:H": 0, "JO:D": 3, "JO:C": 3, "2C": 0}
    assert named(reference.card_values(pos)) == {"JO": 3, "2C": 0}
    assert reference.solve(pos) == (3, {parse_card("JO"): 3, parse_card("2C"): 0})


@pytest.mark.parametrize("name", ["mighty", "japoleon"])
def test_led_joker_options_collapse_to_the_best_for_an_opponent(name):
    """The same cards with seat 4 (5C 5S) the declarer, alone: seat 0 leading is an opponent.
    JO:S: everyone follows spades, the Joker wins nothing; then 5C wins 2C AD KD QD: 3.
    JO:D: AD KD QD go to the Joker, seat 4 keeps 5C and wins a pointless last trick: 0.
    JO:H and JO:C: seats 1-3 throw their diamonds on the Joker's trick: 0. Leading 2C: seat 4
    must win it with 5C and then wins the last trick with 5S (the Joker is not led there and
    seats 1-3 hold only diamonds), so the three diamonds are its either way: 3. The Joker is
    worth 0 to seat 0, the option worst for the declarer."""
    pos = replace(joker_position(name), declarer=4)
    moves = {str(m): v for m, v in reference.move_values(pos).items()}
    assert moves == {"JO:S": 3, "JO:H": 0, "JO:D": 0, "JO:C": 0, "2C": 3}
    assert named(reference.card_values(pos)) == {"JO": 0, "2C": 3}
    assert reference.value(pos) == 0


def test_japoleon_killer_beats_the_mighty():
    # Key suit hearts: mighty AS, major J JH, minor J JD, killer 4C.
    pos = position("japoleon", H, ["AS", "4C", "JH", "KS", "2S"], partner=2, trick=9)
    assert reference.value(pos) == 0          # 4C (seat 1) takes AS JH KS = 3 points
    pos = position("japoleon", H, ["AS", "4C", "JH", "KS", "2S"], partner=1, trick=9)
    assert reference.value(pos) == 3


def secretary_position(**options):
    # No trump; Napoleon seat 0, the Secretary seat 2 holds the coup card 2H; seat 1 leads.
    return position("secretary", NT, ["4C 5C", "AD 3D", "2H KD", "6C 7C", "8C 9C"],
                    partner=2, leader=1, trick=8, options=options, coup_card=parse_card("2H"))


def test_secretary_reveal():
    """Seat 1 leads AD: with the reveal the Secretary throws the coup card 2H and keeps KD,
    which wins the 3D lead after: 1 trick. Leading 3D instead: KD wins, then 2H wins the last
    trick (nobody else has a heart): 2. So 1 with the reveal; without it the Secretary must
    play KD under AD and 3D wins the last trick: 0."""
    pos = secretary_position()
    assert named(reference.card_values(pos)) == {"AD": 1, "3D": 2}
    assert reference.value(pos) == 1
    assert reference.value(secretary_position(reveal=False)) == 0
    spent = replace(secretary_position(), reveal_used=True)
    assert named(reference.card_values(spent)) == {"AD": 0, "3D": 2}


@pytest.mark.parametrize("leader, expect", [(2, 2), (0, 1)])
def test_bridge_finesse(leader, expect):
    """N (0) holds AD QD, E (1) clubs, S (2) 3D 4D, W (3) KD 2D. From S the diamond lead goes
    through W: the queen wins unless W plays the king, and the ace takes the other: 2 tricks.
    From N the king always makes: 1."""
    pos = position("bridge", S, ["AD QD", "5C 6C", "3D 4D", "KD 2D"], partner=2, leader=leader,
                   trick=11)
    assert reference.value(pos) == expect


def test_nap_first_lead_names_trump():
    """Two players. A spade lead makes spades trump: AS and KS win (QS falls), 2 tricks; a heart
    lead makes hearts trump and the opponent's higher hearts win everything but one spade: 1."""
    pos = position("nap", None, ["AS KS 2H 3H 4H", "QS AH KH QH JH"], options={"players": 2})
    assert named(reference.card_values(pos)) == {"AS": 2, "KS": 2, "2H": 1, "3H": 1, "4H": 1}
    assert reference.value(pos) == 2


def misere_position(**kw):
    return position("nap", NT, ["AS 2H", "KS 3H", "QS 4H", "JS 5H", "TH 6H"], trick=3,
                    contract="misere", **kw)


def test_misere_opponents_maximise():
    """Misère, no trump, the bidder seat 0 plays last. Seat 1 leading KS forces AS to win (then
    2H is led and lost): 1 trick. Leading 3H lets 2H duck, seat 4 wins and leads the last heart:
    0. The opponents choose KS: the value (tricks forced on the bidder) is 1."""
    pos = misere_position(leader=1)
    assert named(reference.card_values(pos)) == {"KS": 1, "3H": 0}
    assert reference.value(pos) == 1


def test_misere_bidder_minimises():
    """Seat 0 plays last to KS QS JS TH holding AS 2S: ducking with 2S takes no trick;
    AS would win and then 2S led wins the last trick too (nobody follows spades): 2."""
    pos = position("nap", NT, ["AS 2S", "KS 3H", "QS 4H", "JS 5H", "TH 6H"], trick=3,
                   contract="misere", leader=1)
    pos = pos.play("KS").play("QS").play("JS").play("TH")
    assert named(reference.card_values(pos)) == {"AS": 2, "2S": 0}
    assert reference.solve(pos)[0] == 0
    # The same cards in a tricks contract: the bidder wants them.
    plain = replace(pos, contract=None)
    assert reference.solve(plain)[0] == 2


def test_value_of_a_finished_hand_is_zero():
    pos = position("bridge", S, ["", "", "", ""], trick=12)
    assert pos.is_over
    assert reference.value(pos) == 0 and reference.solve(pos) == (0, {})


# ---- alpha-beta against a full minimax ------------------------------------------------------------
def full_minimax(pos: Position) -> int:
    """Plain minimax over every legal move, no pruning: the declarer's side maximises its take
    (points or tricks), except in Misère, where the bidder minimises the tricks it takes."""
    if pos.is_over:
        return 0
    results = []
    for move in pos.legal_moves():
        nxt, done = pos.play_trick(move)
        gain = 0
        if done is not None and pos.on_declarer_side(done[0]):
            gain = done[1]
        results.append(gain + full_minimax(nxt))
    side = pos.on_declarer_side(pos.to_move)
    if pos.misere:
        side = not side
    return max(results) if side else min(results)


def random_endgame(name: str, rng: random.Random, tricks_left: int, options=None) -> Position:
    v = get_variant(name, options or {})
    deal = random_deal(v, rng)
    declarer = rng.randrange(v.players)
    contract = None
    coup = None
    if v.fixed_partnership:
        partner = (declarer + 2) % 4
    elif name == "nap":
        partner = None
    else:
        partner = rng.choice([None] + [s for s in range(v.players) if s != declarer])
    if name == "nap":
        contract = rng.choice([None, "misere"])
        trump = NT if contract else None
    else:
        trump = rng.choice(list(v.trumps))
    if name == "secretary" and partner is not None:
        coup = rng.choice([c for c in range(52) if deal.hands[partner] >> c & 1])
    pos = Position(v, trump, declarer, partner, deal.hands, leader=v.first_leader(declarer),
                   coup_card=coup, contract=contract)
    target = (v.tricks - tricks_left) * v.players + rng.randrange(v.players)
    for _ in range(target):
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


CASES = [(p, {}) for p in PRESETS] + [
    ("japanese", {"players": 3}), ("japanese", {"players": 7}),
    ("mighty", {"joker_any_time": False, "mighty_any_time": False}),
    ("japoleon", {"joker_any_time": True}), ("nap", {"players": 2}), ("nap", {"seven_card": True}),
]


@pytest.mark.parametrize("name, options", CASES, ids=[f"{n}{o or ''}" for n, o in CASES])
def test_alpha_beta_equals_full_minimax(name, options):
    rng = random.Random(len(name) * 31 + len(options))
    for i in range(16):
        tricks_left = 3 if i < 5 else 2
        pos = random_endgame(name, rng, tricks_left, options)
        expect = full_minimax(pos)
        assert reference.value(pos) == expect, pos.to_json()
        value, plays = reference.solve(pos)
        assert value == expect
        assert set(plays) == {m.card for m in pos.legal_moves()}
        for card, v in plays.items():
            # Each card's value: best option of that card for the player to move.
            options_of_card = [full_minimax(pos.play(m)) + _gain(pos, m)
                               for m in pos.legal_moves() if m.card == card]
            maxing = pos.on_declarer_side(pos.to_move) != pos.misere
            assert v == (max(options_of_card) if maxing else min(options_of_card))


def _gain(pos: Position, move: Move) -> int:
    _, done = pos.play_trick(move)
    return done[1] if done is not None and pos.on_declarer_side(done[0]) else 0
