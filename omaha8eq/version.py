"""The package's version, in a module of its own: the modules that record it (table
files, benchmark reports) import it without importing the package's public surface."""

__all__ = ["__version__"]

__version__ = "0.1.0"
