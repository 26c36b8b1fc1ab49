"""The singular of an English plural, when it is unambiguous: names an array's item type after its property.

`fields` → `field`, `entries` → `entry`, `statuses` → `status`, `matches` → `match`. A word that is not clearly
a plural (`status`, `news`, `data`, `series`, `axes`, `kudos`) gives None, and the caller keeps its generic name.
A short rule table rather than a library: names must be the same on every machine and for every release, and
the words that occur as property names are few; a word the rules get wrong costs only a less fitting type name,
never wrong code (the wire keeps the property's name).
"""

from __future__ import annotations

# Plurals the rules below would get wrong, and Latin/Greek plurals.
_IRREGULAR = {
    "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse", "geese": "goose",
    "feet": "foot", "teeth": "tooth", "indices": "index", "matrices": "matrix", "vertices": "vertex",
    "appendices": "appendix", "criteria": "criterion", "phenomena": "phenomenon", "analyses": "analysis",
    "diagnoses": "diagnosis", "theses": "thesis", "crises": "crisis", "hypotheses": "hypothesis",
    "parentheses": "parenthesis", "synopses": "synopsis", "leaves": "leaf", "halves": "half", "knives": "knife",
    "lives": "life", "wives": "wife", "wolves": "wolf", "shelves": "shelf", "selves": "self", "quizzes": "quiz",
    "aliases": "alias", "biases": "bias", "canvases": "canvas", "atlases": "atlas", "gases": "gas",
    "statuses": "status", "buses": "bus", "viruses": "virus", "bonuses": "bonus", "campuses": "campus",
    "censuses": "census", "radii": "radius", "foci": "focus", "corpora": "corpus", "genera": "genus",
    "caches": "cache", "niches": "niche", "headaches": "headache", "avalanches": "avalanche", "cliches": "cliche",
    "heroes": "hero", "potatoes": "potato", "tomatoes": "tomato", "echoes": "echo", "vetoes": "veto",
    "movies": "movie", "cookies": "cookie", "calories": "calorie", "zombies": "zombie", "selfies": "selfie",
    "rookies": "rookie", "hoodies": "hoodie", "goodies": "goodie", "brownies": "brownie", "prairies": "prairie",
    "menus": "menu", "cpus": "cpu", "gpus": "gpu", "vcpus": "vcpu", "skus": "sku", "gurus": "guru",
    "haikus": "haiku", "emus": "emu", "tofus": "tofu",
}  # fmt: skip

# Words that end like plurals but are singular, uncountable, or plural and singular alike.
_NOT_PLURAL = frozenset(
    """news data metadata info series species means physics mathematics economics analytics politics ethics
    athletics gymnastics logistics linguistics yes kudos chaos cosmos ethos pathos macos ios axes alias bias canvas
    gas atlas axis iris tennis redis this its has was does goes plus minus bonus status virus campus corpus focus
    genus census radius nexus consensus octopus cactus fungus stimulus syllabus thesaurus surplus apparatus hiatus
    impetus prospectus circus chorus citrus sinus lotus walrus onus exodus opus abacus bus us
    dns aws gps sms sqs sns ecs eks gcs tls https cors kubernetes jenkins postgres""".split()
)

# Endings after which a plural adds `es` rather than `s` (box·es, match·es, address·es).
_SIBILANT_ENDINGS = ("sses", "xes", "ches", "shes", "zzes")


def singular(word: str) -> str | None:
    """The singular of the lower-case ASCII `word` when it is clearly a plural, else None."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _NOT_PLURAL or len(word) < 3 or not word.isascii() or not word.isalpha() or not word.islower():
        return None
    if not word.endswith("s") or word.endswith(("ss", "us", "sis")):
        return None  # class, status, analysis: singular words that end in s
    if word.endswith("ies"):
        return word[:-3] + "y" if len(word) > 4 else word[:-1]  # categories → category; ties → tie
    if word.endswith(_SIBILANT_ENDINGS):
        return word[:-2]
    return word[:-1]
