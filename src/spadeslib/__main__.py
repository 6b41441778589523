"""``python -m spadeslib``: the same as the ``spadeslib`` command."""

if __name__ == "__main__":
    from spadeslib.cli.main import main

    raise SystemExit(main())
