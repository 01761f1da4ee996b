"""An experiment's parameters, declared once.

An experiment declares its parameters as a frozen dataclass deriving from
:class:`Parameters`, each field a :func:`parameter` (a whole number: default,
help, limits; ``nargs="+"`` for several, ``kind="range"`` for ``A..B``), a
:func:`flag` (an on/off option), a :func:`text` (a name: a game, a file), a
:func:`constant` (a fixed value of the result, no option) or a :func:`derived`
value (worked out from the others).
From it come the command-line options (:meth:`Parameters.add_options`, in
field order, ``--NAME`` parsed by :func:`grundy.cli.parsing.count` or
:func:`grundy.cli.parsing.count_range`), the values of parsed options
(:meth:`Parameters.from_args`), the check of a library call's values
(:meth:`Parameters.check`) and the JSON ``parameters`` of the result, the
manifest and the chunks (:meth:`Parameters.as_json`: every field but those
declared ``json=False``, in field order; a range ``A..B`` as ``[A, B]``).

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Parameters):
...     rows: int = parameter(10, "row bound", lo=1)
...     g: int = parameter(3, "largest g", lo=0, hi=9)
...     bin: float = constant(0.5)
>>> parser = argparse.ArgumentParser()
>>> Demo.add_options(parser)
>>> Demo.from_args(parser.parse_args(["--rows", "1e3"])).as_json()
{'rows': 1000, 'g': 3, 'bin': 0.5}
>>> Demo(0).check()
Traceback (most recent call last):
...
ValueError: --rows must be >= 1 (--rows = 0)
>>> Demo(1, 10).check()
Traceback (most recent call last):
...
ValueError: --g must be between 0 and 9 (--g = 10)
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from typing import Any, Self

from grundy.cli.parsing import count, count_range

__all__ = ["Parameters", "constant", "derived", "flag", "parameter", "text"]


def parameter(
    default: Any,
    help: str,
    *,
    lo: int | None = None,
    hi: int | None = None,
    label: str = "",
    option: str = "",
    nargs: str | None = None,
    each: str = "",
    kind: str = "count",
    json: bool = True,
    metavar: str = "",
) -> Any:
    """A whole-number parameter: option ``--NAME`` (``1e6``, ``10**6`` and ``1_000_000``
    are read), ``default``, ``help``, limits ``lo``..``hi``.

    ``label`` names the value in the message of :meth:`Parameters.check` (default: the
    option); ``option`` the option when it is not ``--NAME``; ``nargs="+"`` takes one or
    more values (``each`` names one in the message: ``--only: each g must be ...``);
    ``kind="range"`` reads ``A..B`` (a :class:`range`, ``hi`` its largest end); a field
    with ``json=False`` is left out of :meth:`Parameters.as_json`; ``metavar`` names the
    value in ``--help`` (default: the option's name in capitals).
    """
    metadata = {
        "help": help,
        "lo": lo,
        "hi": hi,
        "label": label,
        "option": option,
        "nargs": nargs,
        "each": each,
        "kind": kind,
        "json": json,
        "cli": True,
        "metavar": metavar,
    }
    if isinstance(default, list):
        frozen = tuple(default)
        return dataclasses.field(default_factory=lambda: list(frozen), metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def flag(help: str, *, option: str = "") -> Any:
    """An on/off parameter, off by default: option ``--NAME`` (``store_true``)."""
    metadata = {"help": help, "option": option, "kind": "flag", "json": True, "cli": True}
    return dataclasses.field(default=False, metadata=metadata)


def text(default: str | None, help: str, *, metavar: str = "", json: bool = True) -> Any:
    """A text parameter (a name: a game, a file): option ``--NAME``, read as it is typed."""
    metadata = {"help": help, "option": "", "kind": "text", "json": json, "cli": True,
                "metavar": metavar}  # fmt: skip
    return dataclasses.field(default=default, metadata=metadata)


def constant(value: Any) -> Any:
    """A fixed value of the experiment, in its JSON ``parameters`` (no option)."""
    return dataclasses.field(default=value, metadata={"json": True, "cli": False})


def derived() -> Any:
    """A value worked out from the others in ``__post_init__`` (no option; in the JSON)."""
    return dataclasses.field(init=False, default=None, metadata={"json": True, "cli": False})


class Parameters:
    """The base of an experiment's parameters (subclasses are frozen dataclasses)."""

    @classmethod
    def _fields(cls) -> tuple[dataclasses.Field[Any], ...]:
        return dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass subclass

    @classmethod
    def _options(cls) -> tuple[dataclasses.Field[Any], ...]:
        return tuple(item for item in cls._fields() if item.metadata.get("cli", True))

    @staticmethod
    def _flag(item: dataclasses.Field[Any]) -> str:
        return item.metadata.get("option") or "--" + item.name.replace("_", "-")

    @classmethod
    def add_options(cls, parser: argparse.ArgumentParser) -> None:
        """One option a field (but constants), in field order."""
        for item in cls._options():
            flag, meta = cls._flag(item), item.metadata
            if meta["kind"] == "flag":
                parser.add_argument(flag, dest=item.name, action="store_true", help=meta["help"])
                continue
            if meta["kind"] == "text":
                parser.add_argument(flag, dest=item.name, default=item.default,
                                    metavar=meta["metavar"] or None, help=meta["help"])  # fmt: skip
                continue
            parse: Callable[[str], Any]
            if meta["kind"] == "range":
                parse = count_range(flag, hi=meta["hi"])
            else:
                parse = count(flag, lo=meta["lo"], hi=meta["hi"])
            default = item.default
            if default is dataclasses.MISSING and callable(item.default_factory):
                default = item.default_factory()
            extra: dict[str, Any] = {"nargs": meta["nargs"]} if meta["nargs"] else {}
            parser.add_argument(
                flag,
                dest=item.name,
                metavar=meta.get("metavar") or flag.lstrip("-").replace("-", "_").upper(),
                type=parse,
                default=default,
                help=meta["help"],
                **extra,
            )

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Self:
        """The parameters of parsed options (constants keep their values)."""
        return cls(**{item.name: getattr(args, item.name) for item in cls._options()})

    def keywords(self, **renamed: str) -> dict[str, Any]:
        """The values of the options by field name (a field in ``renamed`` under its new
        name): the keyword arguments of the experiment's library call."""
        return {
            renamed.get(item.name, item.name): getattr(self, item.name) for item in self._options()
        }

    def check(self) -> None:
        """ValueError naming the first value outside its limits (a library call's values;
        None, the default of an optional value, is not checked)."""
        for item in self._options():
            value, meta = getattr(self, item.name), item.metadata
            if value is None or meta["kind"] != "count":
                continue
            lo, hi, flag = meta["lo"], meta["hi"], self._flag(item)
            label = meta["label"] or flag
            values = value if meta["nargs"] else [value]
            if all((lo is None or v >= lo) and (hi is None or v <= hi) for v in values):
                continue
            if lo is not None and hi is not None:
                limits = f"between {lo} and {hi}"
            else:
                limits = f">= {lo}" if lo is not None else f"<= {hi}"
            if meta["each"]:
                raise ValueError(
                    f"{flag}: each {meta['each']} must be {limits} ({label} = {value})"
                )
            raise ValueError(f"{flag} must be {limits} ({label} = {value})")

    def as_json(self) -> dict[str, Any]:
        """The JSON ``parameters``: every field but ``json=False`` ones, by name, in field
        order (a range ``A..B`` as ``[A, B]``)."""
        out: dict[str, Any] = {}
        for item in self._fields():
            if item.metadata.get("json", True):
                value = getattr(self, item.name)
                out[item.name] = (
                    [value.start, value.stop - 1] if isinstance(value, range) else value
                )
        return out
