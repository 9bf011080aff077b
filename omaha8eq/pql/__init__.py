"""The query language (PQL for Omaha Hi-Lo): ask conditional questions of deals.

``query("select count(tiesLo(hero)) from game='omaha8', hero='A2**', villain='15%' where nutLo(hero, river)")``

- ``pql.lark``: the grammar (Lark, LALR); ``syntax``: text to an expression tree;
- ``functions``: the types and the one table of functions, each row its types, meaning and
  behaviour (its evaluator, streets, ...: every module asks the row; docs and ``--functions``);
- ``check``: names resolved and types checked, with positions in every error;
- ``deals``: where deals come from, sampled in seeded batches or enumerated exactly;
- ``pricing``: a query's work and memory from its ranges' sizes, before any is built;
- ``evaluate``: a query's expressions over a block of deals, as arrays;
- ``exact_sums``: an exact run's sums as Fractions;
- ``run``: :func:`query`; ``result``: :class:`QueryResult`.
"""

from .result import Bucket, QueryResult, SelectorResult
from .run import query
from .syntax import QueryError, QuerySyntaxError

__all__ = ["Bucket", "QueryError", "QueryResult", "QuerySyntaxError", "SelectorResult", "query"]
