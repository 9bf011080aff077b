"""``omaha8eq serve``: a local web page and JSON API for Omaha Hi-Lo equities.

Needs the ``web`` extra (``pip install 'omaha8eq[web]'``: Starlette and uvicorn).
:func:`~omaha8eq.web.app.create_app` builds the application; the request bodies are
in :mod:`omaha8eq.web.requests`, the one path every API request takes in
:mod:`omaha8eq.web.routes`, the jobs that compute them in :mod:`omaha8eq.web.jobs`,
the page (plain HTML, CSS and JavaScript, nothing fetched from elsewhere) in ``static/``.
"""
