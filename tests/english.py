"""English sentences on a page that should read in Portuguese or Spanish: what the tests of
the translated course (`test_notebook_translations`, `test_report_demo`) look for."""

from __future__ import annotations

import html
import re

ENGLISH = frozenset((
    "the", "is", "are", "was", "were", "and", "of", "to", "your", "you", "this", "that",
    "with", "which", "it", "its", "not", "be", "by", "from", "have", "what", "when",
    "where", "there", "here", "should", "must", "would", "can", "cannot", "could", "does",
    "every", "each", "than", "then", "part", "points", "point", "exercise", "question",
    "checks",
))  # fmt: skip
"""Short English words that neither Portuguese nor Spanish has, and the words the notebooks'
headings use ("Part 2 (5 points) › Exercise 2.1"): a sentence with several of them is
English."""


def english_sentences(page: str) -> list[str]:
    """The sentences of a page's prose that read as English: three or more of `ENGLISH`'s
    words, and more of them than of any other. Not prose, so not read: code, outputs and
    formulas (``pre``, ``code``, ``math``, ``$...$``), and a student's own written answers
    (``<div class="written">``, the feedback page's mark for them)."""
    prose = re.sub(r"<(pre|code|style|script|math)\b.*?</\1>", " ", page, flags=re.S | re.I)
    prose = re.sub(r'<div class="written">.*?</div></section>', " ", prose, flags=re.S)
    prose = re.sub(r"\$[^$]*\$", " ", html.unescape(re.sub(r"<[^>]+>", "\n", prose)))
    found = []
    for sentence in re.split(r"(?<=[.:;!?])\s+|\n+", prose):
        words = re.findall(r"[A-Za-zÀ-ÿ']+", sentence.lower())
        english = sum(w in ENGLISH for w in words)
        if english >= 3 and english * 3 > len(words):
            found.append(" ".join(sentence.split())[:160])
    return found
