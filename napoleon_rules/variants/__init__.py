"""The presets. Importing this module registers them with ``get_variant``."""

from .japanese import Japanese, JapaneseStakes
from .mighty import Mighty
from .japoleon import Japoleon
from .secretary import Secretary
from .nap import Nap
from .bridge import Bridge

__all__ = ["Japanese", "JapaneseStakes", "Mighty", "Japoleon", "Secretary", "Nap", "Bridge"]
