"""Command line, conformance runner and experiments for the Wythoff project."""

__version__ = "0.1.0"
