# numba's extension API (types, cgutils, models) is untyped.
# mypy: disable-error-code="no-untyped-call"
"""The follower sink: the list form's ``out`` that marks each follower as it is written.

A ``compiled_followers`` function writes its followers as rows
``out[i, 0] = u``, ``out[i, 1] = v`` of an int64 buffer, and the engine reads
them back, checks them and marks their values (``fast.engine``). Writing and
reading 16 bytes per follower costs more than the mex itself: a plain C mex
over E-Wythoff's followers does the same work in a third of the time
(``benchmarks/bench_engine_followers.py``).

The sink removes the buffer. ``fast.engine`` compiles the user's function
into its kernel (numba's ``inline="always"``) with a :class:`SinkType` value
as ``out``; the sink's ``__setitem__`` keeps the row's u, and at the row's v
checks the follower as the engine checks a buffer row (on the board, inside
[0, x] x [0, y], smaller) and marks ``seen[G(u, v)] = stamp`` at once. Its
state (the pending u and row, the rows marked, a flag) is a stack slot of the
kernel, so once inlined it lives in registers: E-Wythoff's list form takes
1.15x / 1.34x the C mex at 300^2 / 600^2 (it took 3.6x / 4.3x through the buffer).

The sink accepts exactly the list form's normal use: rows written in order
0, 1, 2, ..., each u before its v, and ``count`` rows returned. Anything else
(a row out of order or rewritten, a column other than 0 and 1, a follower the
engine refuses, a count that does not match) sets the flag; the engine then
forgets the cell's marks (a new stamp) and computes the cell again from the
buffer, which keeps the list form's exact meaning and its refusals with their
messages. A function that uses ``out`` in any other way (reads it, asks its
shape, passes it on as an array) does not type with a sink; the engine then
uses the buffer alone. Under ``NUMBA_DISABLE_JIT=1`` there is no sink:
:func:`make_sink` returns None and :func:`sink_result` reports the flag, so
every cell takes the buffer path.

Examples
--------
A sink at (1, 1) marks the follower (0, 0) (its value G(0, 0) = 0 gets the
stamp 7) and flags the follower (1, 1), the position itself:

>>> import numba
>>> @numba.njit
... def two_rows(table, seen):
...     sink = make_sink(table, seen, 1, 1, 7)
...     sink[0, 0] = 0
...     sink[0, 1] = 0
...     first = sink_result(sink)
...     sink[1, 0] = 1
...     sink[1, 1] = 1
...     return first, sink_result(sink)
>>> seen = np.zeros(4, dtype=np.int64)
>>> two_rows(np.zeros((2, 2), dtype=np.uint32), seen), seen.tolist()
(((1, 0), (2, 1)), [7, 0, 0, 0])

References
----------
numba's extension API (``numba.extending``: ``register_model``,
``intrinsic``, ``overload``); ``fast.engine`` for the buffer path it mirrors.
"""

from __future__ import annotations

import operator
from typing import Any

import numba
import numpy as np

__all__ = ["JIT", "make_sink", "sink_result"]

#: Whether numba compiles (False under NUMBA_DISABLE_JIT=1: no sink then).
JIT = not getattr(numba.config, "DISABLE_JIT", False)


def _python_make_sink(table: Any, seen: Any, x: int, y: int, stamp: int) -> None:
    """Without the JIT there is no sink (the engine uses its buffer)."""
    return None


def _python_sink_result(sink: Any) -> tuple[int, int]:
    """Without the JIT: no rows marked, and the flag set (the engine uses its buffer)."""
    return 0, 1


make_sink: Any = _python_make_sink
sink_result: Any = _python_sink_result

if JIT:  # pragma: no branch
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic, make_attribute_wrapper, models, overload, register_model

    class SinkType(types.Type):
        """The numba type of a follower sink (one type: its arrays are raw pointers)."""

        def __init__(self) -> None:
            super().__init__(name="FollowerSink")

    sink_type = SinkType()
    #: The sink's fields; ``state`` points at four int64 on the kernel's stack:
    #: the pending u, the pending row, the rows marked, the flag.
    _FIELDS = (
        ("state", types.CPointer(types.int64)),
        ("table", types.CPointer(types.uint32)),
        ("cols", types.int64),
        ("seen", types.CPointer(types.int64)),
        ("x", types.int64),
        ("y", types.int64),
        ("stamp", types.int64),
    )

    @register_model(SinkType)
    class _SinkModel(models.StructModel):
        def __init__(self, dmm: Any, fe_type: Any) -> None:
            super().__init__(dmm, fe_type, list(_FIELDS))

    for _field, _ in _FIELDS:
        make_attribute_wrapper(SinkType, _field, "_" + _field)

    @intrinsic
    def _make_sink(typingctx: Any, table: Any, seen: Any, x: Any, y: Any, stamp: Any) -> Any:
        if not (
            isinstance(table, types.Array)
            and table.dtype == types.uint32
            and table.ndim == 2
            and table.layout == "C"
            and isinstance(seen, types.Array)
            and seen.dtype == types.int64
            and seen.ndim == 1
        ):
            return None
        signature = sink_type(table, seen, types.int64, types.int64, types.int64)

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            table_value, seen_value, x_value, y_value, stamp_value = args
            table_array = context.make_array(sig.args[0])(context, builder, table_value)
            seen_array = context.make_array(sig.args[1])(context, builder, seen_value)
            i64 = ir.IntType(64)
            # In the entry block: once the user's function is inlined, a register.
            state = cgutils.alloca_once(builder, i64, size=4)
            for k, start in enumerate((0, -1, 0, 0)):
                builder.store(i64(start), builder.gep(state, [i64(k)]))
            sink = cgutils.create_struct_proxy(sink_type)(context, builder)
            sink.state = state
            sink.table = table_array.data
            sink.cols = cgutils.unpack_tuple(builder, table_array.shape, 2)[1]
            sink.seen = seen_array.data
            sink.x = x_value
            sink.y = y_value
            sink.stamp = stamp_value
            return sink._getvalue()

        return signature, codegen

    @intrinsic
    def _sink_result(typingctx: Any, sink: Any) -> Any:
        if not isinstance(sink, SinkType):
            return None
        signature = types.UniTuple(types.int64, 2)(sink)

        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            proxy = cgutils.create_struct_proxy(sink_type)(context, builder, value=args[0])
            i64 = ir.IntType(64)
            rows = builder.load(builder.gep(proxy.state, [i64(2)]))
            flag = builder.load(builder.gep(proxy.state, [i64(3)]))
            return context.make_tuple(builder, sig.return_type, [rows, flag])

        return signature, codegen

    @overload(operator.setitem)
    def _sink_setitem(sink: Any, index: Any, value: Any) -> Any:
        if not (
            isinstance(sink, SinkType)
            and isinstance(index, types.BaseTuple)
            and len(index) == 2
            and all(isinstance(item, types.Integer) for item in getattr(index, "types", ()))
            and isinstance(value, types.Integer)
        ):
            return None

        def impl(sink: Any, index: Any, value: Any) -> None:  # pragma: no cover - jit
            row = np.int64(index[0])
            column = index[1]
            state = sink._state
            if column == 0:
                state[0] = np.int64(value)
                state[1] = row
            elif column == 1:
                u = state[0]
                v = np.int64(value)
                x = sink._x
                y = sink._y
                # As fast.engine checks a buffer row: on the board, inside
                # [0, x] x [0, y], smaller; and the rows in order, u before v.
                if (
                    row == state[1]
                    and row == state[2]
                    and np.uint64(u) <= np.uint64(x)
                    and np.uint64(v) <= np.uint64(y)
                    and u + v < x + y
                ):
                    sink._seen[sink._table[u * sink._cols + v]] = sink._stamp
                else:
                    state[3] = 1
                state[2] = row + 1
            else:
                state[3] = 1

        return impl

    make_sink = _make_sink
    sink_result = _sink_result
