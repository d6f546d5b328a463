"""The ``carrom`` command line."""
