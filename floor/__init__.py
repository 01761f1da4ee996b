"""The bottom floor: standard library only, importable by every layer.

Configuration (:mod:`floor.config`, every environment variable), files and
atomic writes (:mod:`floor.files`), memory estimates (:mod:`floor.memory`),
the Ctrl-C protocol of every kernel (:mod:`floor.interrupt`), the driver of
kernels that work in bounded blocks (:mod:`floor.blocks`) and the package's
version (:mod:`floor.version`). Nothing here imports numba (numba's cache
patch runs where numba is first imported, in :mod:`fast`) or anything of the
project above it.
"""
