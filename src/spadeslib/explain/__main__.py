"""``python -m spadeslib.explain [DIRECTORY]``: write the bundled variants' rules cards
(into ``docs/variants`` unless told otherwise) and name each file written."""

import sys

from spadeslib.explain.pages import write_rules_cards

for written_path in write_rules_cards(sys.argv[1] if len(sys.argv) > 1 else "docs/variants"):
    print(written_path)
