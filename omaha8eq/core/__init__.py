"""The numba-compiled kernels and the lookup tables they read.

Importing any module of this package first runs the cache guard once per process
(:func:`omaha8eq.core.cache_guard.guard_compiled_cache`), so that numba never loads
machine code compiled from older sources of these modules.
"""

from .cache_guard import guard_compiled_cache

guard_compiled_cache()
