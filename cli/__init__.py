"""The ``napoleon`` command line: ``cli.main`` builds the app, one module per command group
(``info``: variants and rules, ``deals``: random deals, ``solving``: the solver)."""
