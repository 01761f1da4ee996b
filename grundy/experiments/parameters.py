"""An experiment's parameters, declared once.

An experiment declares its parameters as a frozen dataclass deriving from
:class:`Parameters`, each field a :func:`parameter` (default, help, limits).
From it come the command-line options (:meth:`Parameters.add_options`, in field
order, ``--NAME`` parsed by :func:`grundy.parsing.count`), the values of parsed
options (:meth:`Parameters.from_args`), the check of a library call's values
(:meth:`Parameters.check`) and the JSON ``parameters`` of the result, the
manifest and the chunks (:meth:`Parameters.as_json`).

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Parameters):
...     rows: int = parameter(10, "row bound", lo=1)
>>> parser = argparse.ArgumentParser()
>>> Demo.add_options(parser)
>>> Demo.from_args(parser.parse_args(["--rows", "1e3"])).as_json()
{'rows': 1000}
>>> Demo(0).check()
Traceback (most recent call last):
...
ValueError: --rows must be >= 1 (--rows = 0)
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any, Self

from grundy.parsing import count

__all__ = ["Parameters", "parameter"]


def parameter(
    default: int, help: str, *, lo: int | None = None, hi: int | None = None, label: str = ""
) -> Any:
    """A whole-number parameter: option ``--NAME`` (``1e6``, ``10**6`` and ``1_000_000`` are
    read), ``default``, ``help``, limits ``lo``..``hi``; ``label`` names the value in the
    message of :meth:`Parameters.check` (default: the option)."""
    metadata = {"help": help, "lo": lo, "hi": hi, "label": label}
    return dataclasses.field(default=default, metadata=metadata)


class Parameters:
    """The base of an experiment's parameters (subclasses are frozen dataclasses)."""

    @classmethod
    def _fields(cls) -> tuple[dataclasses.Field[Any], ...]:
        return dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass subclass

    @staticmethod
    def _flag(item: dataclasses.Field[Any]) -> str:
        return "--" + item.name.replace("_", "-")

    @classmethod
    def add_options(cls, parser: argparse.ArgumentParser) -> None:
        """One option a field, in field order."""
        for item in cls._fields():
            flag = cls._flag(item)
            parser.add_argument(
                flag,
                type=count(flag, lo=item.metadata["lo"], hi=item.metadata["hi"]),
                default=item.default,
                help=item.metadata["help"],
            )

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Self:
        """The parameters of parsed options."""
        return cls(**{item.name: getattr(args, item.name) for item in cls._fields()})

    def check(self) -> None:
        """ValueError naming the first value outside its limits (a library call's values)."""
        for item in self._fields():
            value, lo, hi = getattr(self, item.name), item.metadata["lo"], item.metadata["hi"]
            flag = self._flag(item)
            label = item.metadata["label"] or flag
            if lo is not None and value < lo:
                raise ValueError(f"{flag} must be >= {lo} ({label} = {value})")
            if hi is not None and value > hi:
                raise ValueError(f"{flag} must be <= {hi} ({label} = {value})")

    def as_json(self) -> dict[str, Any]:
        """The JSON ``parameters``: every field, by name, in field order."""
        return {item.name: getattr(self, item.name) for item in self._fields()}
