"""A long generated material with one fact deep inside it, for the Student's retrieval tests."""

import random

TOWNS = ["Alder", "Birch", "Cedar", "Dunmore", "Elmstead", "Fenwick", "Glenrock", "Harrow"]
TOWNS += ["Ivybridge", "Juniper", "Kestrel", "Larkfield", "Millbrook", "Northam", "Oakhurst", "Pinehill"]
RIVERS = ["the Tamar", "the Severn", "the Ouse", "the Wye", "the Exe"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
GOODS = ["wool", "cheese", "pottery", "timber", "apples", "salt fish"]
NEEDLE = "The lighthouse on Marrow Island is painted in green and white stripes, and its lamp was first lit in 1871."
QUESTION = "In what colours is the lighthouse on Marrow Island painted?"


def long_material(seed: int = 3) -> str:
    """Sixteen paragraphs about market towns (about 1,000 tokens) with NEEDLE after the thirteenth."""
    rng = random.Random(seed)
    paragraphs = [
        f"The town of {town} lies on {rng.choice(RIVERS)}. Its weekly market opens on {rng.choice(DAYS)} and sells "
        f"mostly {rng.choice(GOODS)}. About {rng.randint(2, 90)} hundred people live in {town}, and the old bridge "
        f"there has {rng.randint(2, 9)} arches. Visitors to {town} often walk to the hill above the town "
        "to see the view."
        for town in TOWNS
    ]
    paragraphs.insert(13, NEEDLE)
    return "\n\n".join(paragraphs)
