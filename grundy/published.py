"""Published tables transcribed from the seeds (``tests/data/*.json``).

The loader lives in :mod:`reference.published` so that every layer reads
the one transcription; this module re-exports it for the CLI.
"""

from reference.published import DATA_DIR, load_published

__all__ = ["DATA_DIR", "load_published"]
