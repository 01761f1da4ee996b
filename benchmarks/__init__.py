"""Benchmarks: ``python -m benchmarks`` re-measures every speed constant of the cost models.

The harness is benchmarks/__main__.py (the table) and benchmarks/constants.py
(the constants and how each is measured); benchmarks/_plain.py holds the
plain baselines. The ``bench_*.py`` scripts are the measured comparisons of
earlier issues, each run alone (``python benchmarks/bench_strip.py``).
"""
