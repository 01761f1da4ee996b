"""The floor below the command line for long runs.

* :mod:`runs.chunks`: the independent pieces of work and a run's limits;
* :mod:`runs.store`: the chunk store of a resumable run (manifest, chunk
  files with their digests);
* :mod:`runs.runner`: :func:`~runs.runner.run_chunks`, in this
  process or on Dask, and the progress a chunk reports;
* :mod:`runs.progress`: the one progress bar (terminal, log, notebook)
  and warning lines.

The file primitives (the one atomic write and the one digest) are one layer
lower, in :mod:`floor.files`, where the strip's checkpoints reach them too, and so is
Ctrl-C (:mod:`floor.interrupt`: the SIGINT handler of a block, the last resort). The
command line's options for a run (``--out``, ``--workers``, ``--scheduler``)
are in :mod:`grundy.cli.output`.
Nothing here imports the command line.
"""
