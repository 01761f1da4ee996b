"""Subcommands of ``grundy``: one module each, defining ``register(subparsers)``."""
