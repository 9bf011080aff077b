"""The numba-compiled kernels and the lookup tables they read.

Importing any module of this package first runs the cache guard once per process
(:func:`omaha8eq.core.cache_guard.guard_compiled_cache`), so that numba never loads
machine code compiled from older sources of these modules, and installs the first-use
notice (:func:`omaha8eq.core.registry.install_first_use_notice`).
"""

from .cache_guard import guard_compiled_cache
from .registry import install_first_use_notice

guard_compiled_cache()
install_first_use_notice()  # one line on stderr when a kernel first compiles, in any process
