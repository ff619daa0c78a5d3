"""What an annotation is: a note in brackets for the reader ([slow], [assistant
interrupts]), not speech.

A bracket with a digit inside is no note: it may be speech written in phones
([HH AH0 L OW1]). Brackets do not nest: in "[a [b] c]" only "[b]" is one. The annotations
step drops them, the review page shows them as notes, and the data-quality checks leave
them out of what was said: all three with this one pattern.

>>> ANNOTATION.findall("[slow] hello [HH AH0]")
['[slow]']
"""

from __future__ import annotations

import re

__all__ = ["ANNOTATION"]

ANNOTATION = re.compile(r"\[[^\[\]\d]*\]")
