"""``grundy plot``: the figures of seed 000 and Grundy-table heat maps, as PNG.

Subcommands: ``figure2``, ``figure9``, ``figure10``, ``figure11``,
``row-periods --input RESULT...``, ``heatmap GAME``. Each writes
``--out FILE.png`` (see ``grundy.plots`` and ``docs/dask-and-plots.md``).
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

import numpy as np

from grundy.output import (
    activity,
    add_json_option,
    check_input_file,
    check_memory,
    console,
    emit_json,
    input_file,
    output_file,
    print_impls,
    read_json,
)
from grundy.parsing import add_impl_option, count, parse_game, short_int

#: Point plots (figures 2 and 10): the largest g, rows, and (g + 1) * rows drawn.
MAX_PLOT_G = 1000
MAX_PLOT_ROWS = 100_000
MAX_PLOT_STEPS = 20_000_000

__all__ = ["load_convergence_histogram", "register", "run"]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "plot",
        help="draw a figure of seed 000 or a Grundy-table heat map (PNG)",
        description=(
            "Reproduce Nivasch's Figures 2, 9, 10 and 11 (seed 000) or draw a heat map of a "
            "two-pile Grundy table, as a PNG file. Points (a, b) are drawn with the first "
            "coordinate vertical, as in the paper."
        ),
        epilog="example: grundy plot figure2 --out fig2.png",
    )
    figures = parser.add_subparsers(dest="figure", metavar="FIGURE", required=True)

    def add(name: str, help_text: str, default_out: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = figures.add_parser(
            name, help=help_text, description=help_text
        )
        sub.add_argument(
            "--out",
            default=default_out,
            type=output_file("--out", suffixes=(".png",)),
            metavar="FILE.png",
            help=f"the PNG file to write (replaced if it exists; default {default_out})",
        )
        sub.add_argument("--quiet", action="store_true", help="no progress bar")
        add_json_option(sub)
        sub.set_defaults(func=run)
        return sub

    def saved_input(sub: argparse.ArgumentParser, experiment: str, where: str) -> None:
        sub.add_argument(
            "--input",
            default=None,
            metavar="RESULT",
            type=input_file("--input", in_dir="result.json"),
            help=f"a saved 'experiment {experiment} --out DIR' ({where})",
        )

    fig2 = add(
        "figure2", "000 Figure 2: first terms of T_0 (framed) and T_20 (filled)", "figure2.png"
    )
    fig2.add_argument(
        "--rows", type=_plot_rows, default=40, help=f"rows drawn, 1..{MAX_PLOT_ROWS} (default 40)"
    )
    fig2.add_argument(
        "--g", type=_plot_g, default=20, help=f"the filled sequence T_g, 0..{MAX_PLOT_G} (20)"
    )

    fig9 = add(
        "figure9",
        "000 Figure 9: histogram of d_n^g - n for g = 30 up to a row bound",
        "figure9.png",
    )
    fig9.add_argument("--g", type=count("--g", lo=0), default=30, help="g (default 30)")
    fig9.add_argument(
        "--rows",
        type=count("--rows", lo=1),
        default=100_000,
        help="row bound (default 1e5; the paper: 5e6)",
    )
    saved_input(fig9, "dn-histogram", "DIR or its result.json")

    fig10 = add("figure10", "000 Figure 10: first terms of T_200", "figure10.png")
    fig10.add_argument(
        "--rows", type=_plot_rows, default=600, help=f"rows drawn, 1..{MAX_PLOT_ROWS} (default 600)"
    )
    fig10.add_argument(
        "--g", type=_plot_g, default=200, help=f"the sequence T_g, 0..{MAX_PLOT_G} (default 200)"
    )

    fig11 = add(
        "figure11", "000 Figure 11: histogram of rows to convergence for g = 10", "figure11.png"
    )
    fig11.add_argument("--g", type=count("--g", lo=0), default=10, help="g (default 10)")
    fig11.add_argument(
        "--rows",
        type=count("--rows", lo=0),
        default=None,
        help="starting rows 0..ROWS (computed when no --input; paper: 1e6)",
    )
    saved_input(fig11, "nivasch-table5", "DIR or a JSON file")
    fig11.add_argument("--linear", action="store_true", help="linear count axis (default log)")

    atlas = add(
        "row-periods",
        "period and preperiod of each row, log scale (from saved row-periods results)",
        "row_periods.png",
    )
    atlas.add_argument(
        "--input",
        nargs="+",
        required=True,
        metavar="RESULT",
        help="'experiment row-periods --out FILE.json' results (one line pair each)",
    )

    blocking = add(  # issue 28
        "larsson-blocking",
        "k-blocking Wythoff: clusters of the P-positions' slopes (from a saved experiment)",
        "larsson_blocking.png",
    )
    saved_input(blocking, "larsson-blocking", "DIR or its result.json")

    heat = add("heatmap", "heat map of G[x, y] for any two-pile game", "heatmap.png")
    heat.add_argument("game", help="a two-pile game or family member (see 'grundy games')")
    heat.add_argument(
        "--size", type=count("--size", lo=1), default=64, help="N rows and columns (default 64)"
    )
    add_impl_option(heat, "the table (grundy-table)")


_plot_rows = count("--rows", lo=1, hi=MAX_PLOT_ROWS)
_plot_g = count("--g", lo=0, hi=MAX_PLOT_G)


def run(args: argparse.Namespace) -> int:
    from grundy import plots
    from grundy.plot import game_table, heatmap_labels
    from registry import question

    out = Path(args.out)  # a writable .png path (checked by output_file when parsed)
    details: dict[str, Any] = {"figure": args.figure}
    if args.figure == "figure2":
        _check_points(args.g, args.rows)
        with activity(f"figure 2: WSG g = {args.g}, {args.rows} rows", disable=args.quiet):
            plots.figure2(out, rows=args.rows, g=args.g)
        details.update(rows=args.rows, g=args.g)
    elif args.figure == "figure9":
        histogram, rows = _dn_histogram(args)
        plots.figure9(out, histogram, g=args.g, rows=rows)
        details.update(rows=rows, g=args.g, points=sum(c for _, c in histogram))
    elif args.figure == "figure10":
        _check_points(args.g, args.rows)
        with activity(f"figure 10: WSG g = {args.g}, {args.rows} rows", disable=args.quiet):
            plots.figure10(out, rows=args.rows, g=args.g)
        details.update(rows=args.rows, g=args.g)
    elif args.figure == "figure11":
        histogram, start_rows = _convergence_histogram(args)
        plots.figure11(out, histogram, g=args.g, rows=start_rows, log=not args.linear)
        details.update(rows=start_rows, g=args.g, starting_rows=sum(c for _, c in histogram))
    elif args.figure == "larsson-blocking":
        if args.input is None:
            raise ValueError(
                "--input is required (a saved 'experiment larsson-blocking --out DIR')"
            )
        result = _load_result(args.input)
        plots.larsson_blocking(out, result)
        details.update(input=args.input, rows=result.parameters.get("rows"))
    elif args.figure == "row-periods":
        series = []
        for path in args.input:
            series.append(_row_periods_series(path))
        plots.row_periods(out, series)
        details.update(inputs=args.input, rows=sum(len(t) for _, t in series))
    else:
        if args.list_impls:
            return print_impls(question("grundy-table", parse_game(args.game)), size=args.size)
        table, name, impl, coordinates = game_table(args.game, args.size, args.impl)
        plots.heatmap(
            out,
            table,
            title=f"{name}: G, 0 <= {', '.join(coordinates)} < {args.size} ({impl})",
            coordinates=coordinates,
            **heatmap_labels(args.game, table),  # issue 28: states, outcome tables
        )
        details.update(game=name, size=args.size, implementation=impl)
    details.update(out=str(out), bytes=out.stat().st_size)
    if args.json:
        emit_json(details)
    else:
        console.print(f"wrote {out} ({details['bytes']:,} bytes)")
    return 0


def _check_points(g: int, rows: int) -> None:
    """Refuse a point plot whose WSG pass would run for minutes or exhaust memory."""
    from registry.sequences import wsg_stream_bytes

    if (g + 1) * rows > MAX_PLOT_STEPS:
        raise ValueError(
            f"--g {g} with --rows {rows} is {(g + 1) * rows:,} WSG steps, more than the "
            f"{MAX_PLOT_STEPS:,} a point plot allows; lower --g or --rows"
        )
    check_memory(wsg_stream_bytes(g, rows), f"WSG for --g {g} over --rows {rows}")


def _result_file(path: str) -> Path:
    return check_input_file(path, "--input", in_dir="result.json")


def _load_result(path: str) -> Any:
    """The saved ExperimentResult in ``path``; one line naming the file when it is not one."""
    from grundy.experiments import ExperimentResult

    target = _result_file(path)
    data = read_json(target, "--input")
    try:
        result = ExperimentResult(**data)
        if not (
            isinstance(result.name, str)
            and isinstance(result.parameters, dict)
            and isinstance(result.columns, list)
            and isinstance(result.table, list)
        ):
            raise TypeError("fields of the wrong kind")
        return result
    except TypeError:
        raise ValueError(
            f"--input: {str(target)!r} is not a saved experiment result (JSON object with "
            "name, parameters, columns, table)"
        ) from None


def _row_periods_series(path: str) -> tuple[str, list[list[Any]]]:
    """(game, table) of a saved row-periods result, its shape checked row by row."""
    saved = _load_result(path)
    if saved.name != "row-periods":
        raise ValueError(f"--input: {path!r} is not a row-periods result (it is {saved.name!r})")
    game = saved.parameters.get("game")
    if not isinstance(game, str):
        raise ValueError(f"--input: {path!r}: parameters.game is not a game name ({game!r})")
    for index, row in enumerate(saved.table):
        if not isinstance(row, list) or len(row) < 3:
            raise ValueError(
                f"--input: {path!r}: table row {index} is not [row, preperiod, period, ...]"
            )
        for column, value, least in zip(
            ("row", "preperiod", "period"), row[:3], (0, 0, 1), strict=True
        ):
            if value is None and column != "row":
                continue  # not determined for this row: not drawn
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value - least:
                raise ValueError(
                    f"--input: {path!r}: table row {index}: {column} = {value!r} is not an "
                    f"integer >= {least}"
                )
            if value >= 2**53:
                raise ValueError(
                    f"--input: {path!r}: table row {index}: {column} = {short_int(value)} is "
                    "too large to draw"
                )
    return game, [
        [r[0], np.nan if r[1] is None else r[1], np.nan if r[2] is None else r[2]]
        for r in saved.table
    ]


def _dn_histogram(args: argparse.Namespace) -> tuple[list[tuple[int, int]], int]:
    from grundy.experiments.dn_histogram import compute, histogram_from_result

    if args.input:
        result = _load_result(args.input)
        try:
            return histogram_from_result(result, args.g), int(result.parameters["rows"])
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(
                f"--input: {args.input!r} is not a saved dn-histogram result ({error!r})"
            ) from None
    else:
        result = compute(args.g, args.rows, workers=0, quiet=args.quiet)
    return histogram_from_result(result, args.g), int(result.parameters["rows"])


def load_convergence_histogram(path: str, g: int) -> tuple[list[tuple[int, int]], int | None]:
    """[(rows to convergence, count)] for ``g`` from a saved convergence result.

    Accepts a directory (its ``result.json``) or a JSON file holding either
    ``{"histogram": ...}`` / ``{"histograms": {g: ...}}`` (a mapping value ->
    count or a list of [value, count]), or an ExperimentResult whose columns
    name the rows to convergence (a column containing ``conv``) and ``count``,
    with an optional ``g`` column.
    """
    try:
        return _convergence_histogram_of(read_json(_result_file(path), "--input"), path, g)
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise ValueError(
            f"--input: {path!r} holds no usable convergence histogram ({error!r})"
        ) from None


def _convergence_histogram_of(
    data: Any, path: str, g: int
) -> tuple[list[tuple[int, int]], int | None]:
    rows = None
    params = data.get("parameters", {}) if isinstance(data, dict) else {}
    for key in ("rows", "r_max", "rmax", "rows_max"):
        if key in params:
            rows = int(params[key])
    raw: Any = None
    if not isinstance(data, dict):
        raise ValueError(f"--input: {path!r} holds a JSON {type(data).__name__}, not an object")
    if "histograms" in data:
        per_g = data["histograms"]
        raw = per_g.get(str(g), per_g.get(g)) if isinstance(per_g, dict) else None
    elif "histogram" in data:
        raw = data["histogram"]
    elif "columns" in data and "table" in data:
        columns = [str(c).lower() for c in data["columns"]]
        dense_col = next((i for i, c in enumerate(columns) if c == "histogram"), None)
        value_col = next((i for i, c in enumerate(columns) if "conv" in c), None)
        count_col = next((i for i, c in enumerate(columns) if c == "count"), None)
        g_col = next((i for i, c in enumerate(columns) if c == "g"), None)
        if dense_col is not None:  # nivasch-table5: one row per g, histogram[value] = count
            raw = next(
                (
                    [[v, c] for v, c in enumerate(row[dense_col]) if c]
                    for row in data["table"]
                    if g_col is None or int(row[g_col]) == g
                ),
                None,
            )
        elif value_col is not None and count_col is not None:
            raw = [
                [row[value_col], row[count_col]]
                for row in data["table"]
                if g_col is None or int(row[g_col]) == g
            ]
    if raw is None:
        raise ValueError(
            f"--input: {path!r} holds no convergence histogram for g = {g} (expected 'histogram', "
            "'histograms' or a table with a rows-to-convergence and a 'count' column)"
        )
    pairs = raw.items() if isinstance(raw, dict) else raw
    histogram = sorted((int(v), int(c)) for v, c in pairs)
    if not histogram:
        raise ValueError(f"{path}: the convergence histogram for g = {g} is empty")
    return histogram, rows


def _convergence_histogram(args: argparse.Namespace) -> tuple[list[tuple[int, int]], int | None]:
    if args.input:
        return load_convergence_histogram(args.input, args.g)
    try:
        module = importlib.import_module("grundy.experiments.nivasch_table5")
        compute = module.convergence_histogram
    except (ImportError, AttributeError):
        raise ValueError(
            "figure11 needs --input RESULT (from 'grundy experiment nivasch-table5 --out DIR'): "
            "the convergence experiment is not available in this build"
        ) from None
    rows = args.rows if args.rows is not None else 1_000_000
    histogram = compute(g=args.g, rows=rows, quiet=args.quiet)
    return sorted((int(v), int(c)) for v, c in dict(histogram).items()), rows
