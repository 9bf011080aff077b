"""Settings for the whole test suite.

The first-use notice (``omaha8eq.core.registry``) is written once per process wherever a
kernel compiles, library use included; in the suite that would be inside whichever test
compiles first (with empty caches in CI), whose stderr checks are about something else.
The suite silences it; the tests of the notice itself turn it back on
(tests/core/test_registry.py, tests/cli/test_cli_app.py).
"""

import os

os.environ.setdefault("OMAHA8EQ_COMPILE_NOTICE", "0")
