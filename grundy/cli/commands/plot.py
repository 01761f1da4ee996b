"""``grundy plot``: the figures of seed 000 and Grundy-table heat maps, as PNG.

One subcommand a figure, each writing ``--out FILE.png`` with :mod:`grundy.plots`
(docs/dask-and-plots.md).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from grundy.cli.output import add_json_option, input_file, json_or_lines, output_file, print_impls
from grundy.cli.parsing import add_count, add_impl_option, parse_game
from grundy.plot_limits import MAX_PLOT_G, MAX_PLOT_ROWS, MAX_PLOT_TERMS
from runs.progress import activity


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

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = figures.add_parser(
            name, help=help_text, description=help_text
        )
        default_out = f"{name.replace('-', '_')}.png"
        sub.add_argument(
            "--out",
            default=default_out,
            type=output_file("--out", suffixes=(".png",)),
            metavar="FILE.png",
            help=f"the PNG file to write (replaced if it exists; default {default_out})",
        )
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

    def points(name: str, help_text: str, rows: int, g: int, sequence: str) -> None:
        sub = add(name, help_text)
        rows_help = f"rows drawn, 1..{MAX_PLOT_ROWS} (default {rows})"
        add_count(sub, "--rows", rows_help, lo=1, hi=MAX_PLOT_ROWS, default=rows)
        add_count(
            sub, "--g", f"{sequence}, 0..{MAX_PLOT_G} (default {g})", hi=MAX_PLOT_G, default=g
        )

    points(
        "figure2",
        "000 Figure 2: first terms of T_0 (framed) and T_20 (filled)",
        40,
        20,
        "the filled sequence T_g",
    )
    fig9 = add("figure9", "000 Figure 9: histogram of d_n^g - n for g = 30 up to a row bound")
    add_count(fig9, "--g", "g (default 30)", default=30)
    add_count(fig9, "--rows", "row bound (default 1e5; the paper: 5e6)", lo=1, default=100_000)
    saved_input(fig9, "dn-histogram", "DIR or its result.json")

    points("figure10", "000 Figure 10: first terms of T_200", 600, 200, "the sequence T_g")

    fig11 = add("figure11", "000 Figure 11: histogram of rows to convergence for g = 10")
    add_count(fig11, "--g", "g (default 10)", default=10)
    add_count(fig11, "--rows", "starting rows 0..ROWS (computed when no --input; paper: 1e6)")
    saved_input(fig11, "nivasch-table5", "DIR or a JSON file")
    fig11.add_argument("--linear", action="store_true", help="linear count axis (default log)")

    atlas = add(
        "row-periods",
        "period and preperiod of each row, log scale (from saved row-periods results)",
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
    )
    saved_input(blocking, "larsson-blocking", "DIR or its result.json")

    heat = add("heatmap", "heat map of G[x, y] for any two-pile game")
    heat.add_argument("game", help="a two-pile game or family member (see 'grundy games')")
    add_count(heat, "--size", "N rows and columns (default 64)", lo=1, default=64)
    add_impl_option(heat, "the table (grundy-table)")

    heap = add("sequence", "G(n) against n for a one-heap game, its period marked (issue 38)")
    heap.add_argument("game", help="a one-heap game: subtraction:S, octal:..., hex:..., nim")
    add_count(heap, "--terms", f"terms drawn, 1..{MAX_PLOT_TERMS:,} (default 200)", lo=1,
              hi=MAX_PLOT_TERMS, default=200)  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from grundy import plots
    from grundy.cli.experiments import dn_histogram, load_result, nivasch_table5, row_periods
    from grundy.plot import check_points, game_heatmap
    from registry import question

    out = Path(args.out)  # a writable .png path (checked by output_file when parsed)
    details: dict[str, Any] = {"figure": args.figure}
    if args.figure in ("figure2", "figure10"):
        check_points(args.g, args.rows)
        label = f"figure {args.figure[6:]}: WSG g = {args.g}, {args.rows} rows"
        with activity(label, disable=args.quiet):
            getattr(plots, args.figure)(out, rows=args.rows, g=args.g)
        details.update(rows=args.rows, g=args.g)
    elif args.figure == "figure9":
        histogram, rows = dn_histogram.histogram_of(args.g, args.rows, args.input, args.quiet)
        plots.figure9(out, histogram, g=args.g, rows=rows)
        details.update(rows=rows, g=args.g, points=sum(c for _, c in histogram))
    elif args.figure == "figure11":
        histogram, start_rows = nivasch_table5.figure11_histogram(
            args.g, args.rows, args.input, args.quiet
        )
        plots.figure11(out, histogram, g=args.g, rows=start_rows, log=not args.linear)
        details.update(rows=start_rows, g=args.g, starting_rows=sum(c for _, c in histogram))
    elif args.figure == "larsson-blocking":
        if args.input is None:
            raise ValueError(
                "--input is required (a saved 'experiment larsson-blocking --out DIR')"
            )
        result = load_result(args.input)
        plots.larsson_blocking(out, result)
        details.update(input=args.input, rows=result.parameters.get("rows"))
    elif args.figure == "sequence":
        with activity(f"sequence of {args.game}", disable=args.quiet):
            _, name, impl = plots.sequence(out, parse_game(args.game), terms=args.terms)
        details.update(game=name, terms=args.terms, implementation=impl)
    elif args.figure == "row-periods":
        series = [row_periods.saved_series(path) for path in args.input]
        plots.row_periods(out, series)
        details.update(inputs=args.input, rows=sum(len(t) for _, t in series))
    else:
        if args.list_impls:
            return print_impls(question("grundy-table", parse_game(args.game)), size=args.size)
        figure, name, impl = game_heatmap(args.game, args.size, args.impl)
        plots.save(figure, out)
        details.update(game=name, size=args.size, implementation=impl)
    details.update(out=str(out), bytes=out.stat().st_size)
    return json_or_lines(args.json, details, [f"wrote {out} ({details['bytes']:,} bytes)"])
