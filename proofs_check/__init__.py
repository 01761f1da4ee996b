"""The papers' lemmas, bounds, theorems and conjectures as checkable claims."""
