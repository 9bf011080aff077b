"""Settings for the whole test suite.

The first-use notice (``omaha8eq.core.registry``) is written once per process wherever a
kernel compiles, library use included; in the suite that would be inside whichever test
compiles first (with empty caches in CI), whose stderr checks are about something else.
The suite silences it; the tests of the notice itself turn it back on
(tests/core/test_registry.py, tests/cli/test_cli_app.py).
"""

import os
import signal

os.environ.setdefault("OMAHA8EQ_COMPILE_NOTICE", "0")

pytest_plugins = ["compile_events"]  # the quiet_registry fixture

# A suite started in the background (`pytest ... &` in a script, `nohup pytest &`) inherits
# SIGINT ignored, and Python then leaves it ignored, in this process and in every program the
# tests start. The Ctrl-C tests (a SIGINT sent to a command line, a server or a cluster, or
# raised here) would then test a disposition no user at a terminal has. Python's own handler
# puts it back as a terminal gives it; a program started from here gets the default at exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
