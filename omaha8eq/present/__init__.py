"""The presentation layer: the JSON documents and the text tables the command line and
the web page show, below both (``cli`` and ``web`` import this package; it imports
neither). Each document is a plain JSON-ready dict with the field names of the
results' ``to_dict()``.
"""
