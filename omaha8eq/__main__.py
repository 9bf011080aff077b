"""``python -m omaha8eq ...``: the same as the ``omaha8eq`` command (see :mod:`omaha8eq.cli.app`)."""

import sys

from .cli.app import main

if __name__ == "__main__":
    sys.exit(main())
