"""Conformance registrations, one module per layer or algorithm.

Every module here is imported by :func:`grundy.cli.conformance.load_checks`.
A module registers questions and implementations
(:func:`~grundy.cli.conformance.register_question`,
:func:`~grundy.cli.conformance.register_implementation`) and stand-alone checks
(:func:`~grundy.cli.conformance.conformance_check`).
"""
