"""The published algorithms, written to be read beside the papers.

Plain Python, exact integers; speed is :mod:`fast`'s job. Each module
cites its seed (``shared/seeds``) and section.
"""
