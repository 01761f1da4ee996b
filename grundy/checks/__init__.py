"""Conformance registrations, one module per layer or algorithm.

Every module here is imported by :func:`grundy.conformance.load_checks`.
A module registers questions and implementations
(:func:`~grundy.conformance.register_question`,
:func:`~grundy.conformance.register_implementation`) and stand-alone checks
(:func:`~grundy.conformance.conformance_check`).
"""
