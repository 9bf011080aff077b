"""The ``omaha8eq`` command line: :mod:`omaha8eq.cli.app` builds the parser from one
module per command family and runs ``main``; :mod:`omaha8eq.cli.common` holds what the
commands share."""
