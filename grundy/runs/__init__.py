"""The floor below the command line for long runs.

* :mod:`grundy.runs.chunks`: the independent pieces of work and a run's limits;
* :mod:`grundy.runs.store`: the chunk store of a resumable run (manifest, chunk
  files with their digests);
* :mod:`grundy.runs.runner`: :func:`~grundy.runs.runner.run_chunks`, in this
  process or on Dask, and the progress a chunk reports;
* :mod:`grundy.runs.progress`: the one progress bar (terminal, log, notebook)
  and warning lines;
* :mod:`grundy.runs.sigint`: the SIGINT handler of a block.

The file primitives (the one atomic write and the one digest) are one layer
lower, in :mod:`fast._files`, where the strip's checkpoints reach them too. The
command line's options for a run (``--out``, ``--workers``, ``--scheduler``)
are in :mod:`grundy.output`, its Ctrl-C last resort in :mod:`grundy.signals`.
Nothing here imports the command line.
"""
