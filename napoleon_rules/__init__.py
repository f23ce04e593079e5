"""Rules of the Napoleon family of trick-taking games: cards, variants, positions, the
reference engine and the reference minimax."""

from .cards import (JOKER, NT, CardParseError, Suit, card_name, card_rank, card_suit, cards_of,
                    make_card, mask_of, parse_card, parse_cards, parse_suit, parse_trump,
                    points_of)
from .errors import (AuctionError, DealError, IllegalPlayError, NapoleonError, OptionError,
                     PositionError, UnknownVariantError)
from .moves import Bid, Move, parse_bid
from .variant import Option, Variant, get_variant, variant_names
from .position import Position
from .deal import Deal, hand_str, parse_deal, parse_hand, deal_str, random_deal
from .auction import Auction, AuctionResult, run_auction
from .game import Choices, Contract, HandRecord, play_hand, play_out, random_policy
from . import reference
from . import variants  # noqa: F401  (registers the presets)

__version__ = "0.1.0"
