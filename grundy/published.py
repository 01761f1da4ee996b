"""Published tables transcribed from the seeds (``reference/data/*.json``).

The loader lives in :mod:`reference.published` so that every layer reads
the one transcription; this module re-exports it for the CLI.
"""

from reference.published import data_names, load_published

__all__ = ["data_names", "load_published"]
