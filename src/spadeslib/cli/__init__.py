"""The ``spadeslib`` command line: ``validate``, ``explain``, ``diff``, ``schema``, ``list``.

Only the console script imports this package (``spadeslib = "spadeslib.cli.main:main"``),
so ``import spadeslib`` stays light. :func:`spadeslib.cli.main.main` is the entry point;
each subcommand is one small handler plus its parser setup in :data:`~spadeslib.cli.main.COMMANDS`.
"""
