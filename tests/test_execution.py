"""The Dask execution layer (runs) and its two experiments.

What must hold (issue 6): a local cluster with 2 workers gives exactly the
single-process result; a resumed run gives the same result and recomputes
nothing finished; a resumed run with other parameters is refused; a
separately started ``dask scheduler`` + ``dask worker`` is reachable with
``--scheduler``. One local cluster is shared by the module (startup is slow).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from strategies import g_and_rows, sizes

from grundy.cli import main
from grundy.cli.experiments import beatty_partition, dn_histogram
from grundy.cli.experiments.beatty_partition import check_range, count_upper_below
from grundy.cli.experiments.dn_histogram import dn_statistics
from grundy.cli.output import add_execution_options
from grundy.cli.parsing import parse_count
from proofs_check.dn import TABLE3_MIN_N
from proofs_check.dn import dn_statistics as registry_dn_statistics
from reference.beatty import lower_wythoff
from reference.wsg import wsg
from registry.sequences import stream_points
from runs.chunks import Chunk, range_chunks, sum_range
from runs.runner import run_chunks

ROOT = Path(__file__).resolve().parents[1]


def _beatty_partition(n: str, chunk: str, *options: str) -> list[str]:
    """The command line of ``grundy experiment beatty-partition --n N --chunk C OPTIONS``,
    quiet, printing JSON."""
    return [sys.executable, "-m", "grundy", "experiment", "beatty-partition", "--n", n,
            "--chunk", chunk, *options, "--quiet", "--json"]  # fmt: skip


# --- chunks -------------------------------------------------------------------------------


class TestRangeChunks:
    def test_cover_the_range_in_order(self) -> None:
        chunks = range_chunks(5, 1005, 300, prefix="r0", g=10)
        assert [(c.params["start"], c.params["stop"]) for c in chunks] == [
            (5, 305),
            (305, 605),
            (605, 905),
            (905, 1005),
        ]
        assert all(c.params["g"] == 10 for c in chunks)
        assert [c.id for c in chunks] == sorted(c.id for c in chunks)

    def test_bad_size(self) -> None:
        with pytest.raises(ValueError, match="chunk size must be >= 1"):
            range_chunks(0, 10, 0)

    def test_bad_id(self) -> None:
        with pytest.raises(ValueError, match="chunk id must be"):
            Chunk("../escape", {})


class TestParseCount:
    @pytest.mark.parametrize(
        ("text", "value"),
        [("1000", 1000), ("1_000_000", 10**6), ("1e6", 10**6), ("2.5e3", 2500), ("10**30", 10**30)],
    )
    def test_forms(self, text: str, value: int) -> None:
        assert parse_count(text) == value

    def test_garbage(self) -> None:
        with pytest.raises(ValueError, match="must be an integer"):
            parse_count("lots")


# --- run_chunks: single process, cluster, resume --------------------------------------------


def expected_sums(chunks: list[Chunk]) -> list[int]:
    return [sum(range(c.params["start"], c.params["stop"])) for c in chunks]


class TestRunChunks:
    def test_single_process(self) -> None:
        chunks = range_chunks(0, 1000, 70)
        result = run_chunks(sum_range, chunks, workers=0, quiet=True)
        assert list(result) == expected_sums(chunks)
        assert result.workers == 0 and result.reused == []

    def test_cluster_matches_single_process(self, client: Any) -> None:
        chunks = range_chunks(0, 200_000, 20_000)
        single = run_chunks(check_range, chunks, workers=0, quiet=True)
        cluster = run_chunks(check_range, chunks, client=client, quiet=True)
        assert cluster.workers == 2
        assert list(cluster) == list(single)
        assert json.dumps(list(cluster)) == json.dumps(list(single))

    def test_experiment_identical_on_cluster(self, client: Any) -> None:
        single = beatty_partition.compute(60_000, 7, 9_000, workers=0, quiet=True)
        cluster = beatty_partition.compute(60_000, 7, 9_000, client=client, quiet=True)
        assert cluster.table == single.table and cluster.comparison == single.comparison

    def test_unique_ids(self) -> None:
        with pytest.raises(ValueError, match="chunk ids must be unique"):
            run_chunks(sum_range, [Chunk("a", {}), Chunk("a", {})], workers=0, quiet=True)

    def test_negative_workers(self) -> None:
        with pytest.raises(ValueError, match="--workers must be between 0 and"):
            run_chunks(sum_range, range_chunks(0, 3, 1), workers=-1, quiet=True)

    def test_error_in_a_chunk_propagates_from_the_cluster(
        self, client: Any, tmp_path: Path
    ) -> None:
        chunks = [*range_chunks(0, 40, 10), Chunk("bad", {"start": 0})]  # no "stop": KeyError
        with pytest.raises(KeyError):
            run_chunks(sum_range, chunks, client=client, out_dir=tmp_path, quiet=True)


CALLS: list[str] = []


def counting_sum(params: dict[str, Any]) -> int:
    """sum_range that records its calls and fails where asked (a simulated crash)."""
    CALLS.append(f"{params['start']}")
    if params["start"] in FAIL_AT:
        raise RuntimeError(f"simulated crash at {params['start']}")
    return sum(range(params["start"], params["stop"]))


FAIL_AT: set[int] = set()


class TestResume:
    def test_interrupted_run_resumes_without_recomputing(self, tmp_path: Path) -> None:
        chunks = range_chunks(0, 600, 100)
        CALLS.clear()
        FAIL_AT.clear()
        FAIL_AT.add(300)
        with pytest.raises(RuntimeError, match="simulated crash"):
            run_chunks(counting_sum, chunks, out_dir=tmp_path, workers=0, quiet=True)
        done = sorted(p.stem for p in (tmp_path / "chunks").glob("*.json"))
        assert done == [c.id for c in chunks[:3]]
        stamps = {p: p.stat().st_mtime_ns for p in (tmp_path / "chunks").glob("*.json")}
        FAIL_AT.clear()
        CALLS.clear()
        resumed = run_chunks(counting_sum, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert CALLS == ["300", "400", "500"]  # nothing finished was recomputed
        assert resumed.reused == [c.id for c in chunks[:3]]
        assert resumed.computed == [c.id for c in chunks[3:]]
        assert list(resumed) == expected_sums(chunks)
        assert all(p.stat().st_mtime_ns == stamp for p, stamp in stamps.items())
        CALLS.clear()
        again = run_chunks(counting_sum, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert CALLS == [] and list(again) == list(resumed) and again.computed == []

    def test_resume_on_the_cluster_after_deleting_chunks(self, client: Any, tmp_path: Path) -> None:
        first = beatty_partition.compute(50_000, 0, 10_000, out_dir=tmp_path, workers=0, quiet=True)
        files = sorted((tmp_path / "chunks").glob("*.json"))
        assert len(files) == 5
        files[1].unlink()
        files[4].unlink()
        kept = {p: p.stat().st_mtime_ns for p in (files[0], files[2], files[3])}
        chunks = range_chunks(0, 50_000, 10_000, prefix="n")
        resumed = run_chunks(
            check_range,
            chunks,
            out_dir=tmp_path,
            client=client,
            quiet=True,
            name="beatty-partition",
            parameters={"n": 50_000, "start": 0, "chunk": 10_000},
        )
        assert resumed.computed == [chunks[1].id, chunks[4].id]
        assert [r["checked"] for r in resumed] == [row[2] for row in first.table]
        assert all(p.stat().st_mtime_ns == stamp for p, stamp in kept.items())

    def test_other_parameters_are_refused(self, tmp_path: Path) -> None:
        beatty_partition.compute(2_000, 0, 1_000, out_dir=tmp_path, workers=0, quiet=True)
        with pytest.raises(ValueError, match="resume with the same parameters or choose a new"):
            beatty_partition.compute(3_000, 0, 1_000, out_dir=tmp_path, workers=0, quiet=True)

    def test_chunk_with_other_params_is_recomputed(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        chunks = range_chunks(0, 30, 10)
        run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        path = tmp_path / "chunks" / f"{chunks[0].id}.json"
        record = json.loads(path.read_text())
        record["params"]["stop"] = 11
        path.write_text(json.dumps(record))
        capsys.readouterr()
        again = run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert again == expected_sums(chunks) and again.computed == [chunks[0].id]
        assert "was computed with parameters" in capsys.readouterr().err

    def test_killed_cli_run_resumes(self, tmp_path: Path) -> None:
        """SIGKILL a real run part-way; the re-run keeps every finished chunk."""
        out = tmp_path / "run"
        command = _beatty_partition("6e5", "1e4", "--workers", "0", "--out", str(out))
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(list(out.glob("chunks/*.json"))) < 3:
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        finished = {p: p.stat().st_mtime_ns for p in out.glob("chunks/*.json")}
        assert 3 <= len(finished) < 60
        done = subprocess.run(
            command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
        )
        result = json.loads(done.stdout)
        assert result["comparison"][0]["violations"] == 0
        assert sum(row[2] for row in result["table"]) == 600_000
        assert all(p.stat().st_mtime_ns == stamp for p, stamp in finished.items())


# --- a separately started scheduler and worker ------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_separate_scheduler_and_worker(tmp_path: Path) -> None:
    dask = shutil.which("dask") or str(Path(sys.executable).with_name("dask"))
    if not Path(dask).exists():
        pytest.skip("the dask command line is not installed")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    logs = open(tmp_path / "dask.log", "w")
    scheduler = subprocess.Popen(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        env=env,
        cwd=ROOT,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
    worker = subprocess.Popen(
        [
            dask,
            "worker",
            address,
            "--nworkers",
            "1",
            "--nthreads",
            "1",
            "--no-dashboard",
            "--host",
            "127.0.0.1",
        ],
        env=env,
        cwd=ROOT,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
    try:
        import distributed

        Client: Any = distributed.Client
        with Client(address, timeout="30s") as probe:
            probe.wait_for_workers(1, timeout=30)
        done = subprocess.run(
            _beatty_partition("40000", "10000", "--scheduler", address),
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        remote = json.loads(done.stdout)
        local = beatty_partition.compute(40_000, 0, 10_000, workers=0, quiet=True)
        assert remote["table"] == local.table
        # The environment variable works too.
        os.environ["DASK_SCHEDULER_ADDRESS"] = address
        try:
            via_env = run_chunks(sum_range, range_chunks(0, 100, 30), quiet=True)
        finally:
            del os.environ["DASK_SCHEDULER_ADDRESS"]
        assert via_env.workers == 1 and list(via_env) == expected_sums(range_chunks(0, 100, 30))
    finally:
        for process in (worker, scheduler):
            process.terminate()
        for process in (worker, scheduler):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        logs.close()


def test_unreachable_scheduler_is_a_clear_error() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    with pytest.raises(ValueError, match="cannot connect to the Dask scheduler"):
        run_chunks(
            sum_range, range_chunks(0, 3, 1), scheduler=address, quiet=True, connect_timeout=1.0
        )


# --- the experiments --------------------------------------------------------------------------


class TestStreamWSG:
    @given(g_rows=g_and_rows(12, 120))
    @example(g_rows=(4, 9))  # 000 §2.1: T_4 = (0,4), (1,3), (2,5), (6,7), (8,8)
    @example(g_rows=(30, 300))
    def test_same_points_as_reference_wsg(self, g_rows: tuple[int, int]) -> None:
        g, rows = g_rows
        points: list[list[tuple[int, int]]] = [[] for _ in range(g + 1)]
        for h, a, b in stream_points("wythoff", g, rows):
            points[h].append((a, b))
        assert points == wsg(g, rows).T

    @given(g_rows=g_and_rows(9, 500), chunk=sizes(200, lo=1))
    @example(g_rows=(7, 400), chunk=1 << 14)
    @example(g_rows=(8, 500), chunk=7)  # T_8 passes n = 100 (Table 3's column)
    def test_dn_statistics_against_reference(self, g_rows: tuple[int, int], chunk: int) -> None:
        g, rows = g_rows
        """The registry's d_n - n statistics (blocks of any size) against reference.wsg."""
        stats = registry_dn_statistics(g, rows, histograms=True, chunk=chunk)
        reference = wsg(g, rows)
        for h in range(g + 1):
            values = [d - n for n, d in enumerate(reference.d(h))]
            assert stats.count[h] == len(values)
            assert stats.histograms[h] == dict(Counter(values))
            if values:
                low, high = min(values), max(values)
                assert (stats.min[h], stats.min_n[h]) == (low, values.index(low))
                assert (stats.max[h], stats.max_n[h]) == (high, values.index(high))
            tail = values[TABLE3_MIN_N:]
            if tail:
                assert (stats.max100[h], stats.max100_n[h]) == (
                    max(tail),
                    TABLE3_MIN_N + tail.index(max(tail)),
                )
            else:
                assert stats.max100_n[h] == -1
        assert not stats.histograms or set(stats.histograms[0]) <= {0}  # d_n^0 = n (Thm 1.1)

    def test_chunk_function_shape(self) -> None:
        stats = dn_statistics({"g": 3, "rows": 1000})
        from reference.published import nivasch_table2

        assert stats["extremes"][1] == list(nivasch_table2()[1])  # 000 Table 2, g = 1
        assert stats["points"][0] == sum(c for _, c in stats["histograms"][0])

    def test_experiment_bound(self) -> None:
        # 000 Table 2, g = 1 (reference/data, with its source): min d - n first at n, max
        from reference.published import nivasch_table2

        result = dn_histogram.compute(3, 1_000, workers=0, quiet=True)
        row = result.comparison[1]
        assert (row["min"], row["n_min"], row["max"], row["n_max"]) == nivasch_table2()[1]
        assert result.agrees and "paper" not in row

    def test_a_violated_bound_is_reported(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real = dn_histogram.registry_dn_statistics

        def shifted(g: int, rows: int, **kwargs: Any) -> Any:
            stats = real(g, rows, **kwargs)
            stats.max[2] = 5  # above 2h = 4
            return stats

        monkeypatch.setattr(dn_histogram, "registry_dn_statistics", shifted)
        result = dn_histogram.compute(2, 300, workers=0, quiet=True)
        assert [row["agrees"] for row in result.comparison] == [True, True, False]


class TestBeattyPartition:
    def test_upper_count(self) -> None:
        upper = {lower_wythoff(n) + n for n in range(1, 200)}
        for m in range(1, 300):
            assert count_upper_below(m) == 1 + sum(1 for b in upper if b < m)

    def test_detects_a_wrong_sequence(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import grundy.cli.experiments.beatty_partition as module

        monkeypatch.setattr(module, "lower_wythoff", lambda n: (n * 1618) // 1000)
        result = module.check_range({"start": 0, "stop": 5_000})
        assert result["violations"] > 0 and result["first_violation"] is not None

    def test_far_beyond_int64(self) -> None:
        result = check_range({"start": 10**30, "stop": 10**30 + 500})
        assert result == {
            "checked": 500,
            "violations": 0,
            "first_violation": None,
            "last_a": lower_wythoff(10**30 + 499),
        }

    def test_cli(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        code = main(
            [
                "experiment",
                "beatty-partition",
                "--n",
                "3e4",
                "--chunk",
                "1e4",
                "--workers",
                "0",
                "--quiet",
                "--out",
                str(tmp_path),
            ]
        )
        assert code == 0
        assert "holds; 3 chunks" in capsys.readouterr().out
        saved = json.loads((tmp_path / "result.json").read_text())
        assert saved["parameters"] == {"n": 30_000, "start": 0, "chunk": 10_000}
        manifest = json.loads((tmp_path / "manifest.json").read_text())
        assert manifest["chunks"] == ["n-00000-10000", "n-10000-20000", "n-20000-30000"]


def test_add_execution_options_combines_with_experiment_options() -> None:
    import argparse

    from grundy.cli.experiments import add_experiment_options

    parser = argparse.ArgumentParser()
    add_experiment_options(parser)
    add_execution_options(parser)
    argv = ["--out", "d.json", "--workers", "2", "--scheduler", "tcp://h:1"]
    args = parser.parse_args(argv)
    assert (args.out, args.workers, args.scheduler) == ("d.json", 2, "tcp://h:1")
    assert args.quiet is False


# --- issue 12: chunk files are checked before use; Ctrl-C is one line -------------------------


def _fresh_run(tmp_path: Path) -> tuple[list[Chunk], Path]:
    chunks = range_chunks(0, 40, 10)
    run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
    return chunks, tmp_path / "chunks" / f"{chunks[1].id}.json"


class TestChunkIntegrity:
    @pytest.mark.parametrize(
        ("content", "reason"),
        [
            (b"", "is not valid JSON"),
            (b"\x00\xff\xfe garbage \x89PNG", "is not valid JSON"),
            (b"[1, 2, 3]", "holds a JSON list"),
            (b'{"schema": 2, "id": "r-10-20", "params": {"start": 10, "stop": 20}}', "lacks"),
            (b'{"id": "r-10-20", "params": {"start": 10, "stop": 20}, "result": 1}', "schema"),
        ],
        ids=["empty", "binary", "list", "no-result", "old-schema"],
    )
    def test_broken_chunk_is_named_and_recomputed(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, reason: str
    ) -> None:
        chunks, path = _fresh_run(tmp_path)
        path.write_bytes(content)
        capsys.readouterr()
        again = run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert list(again) == expected_sums(chunks) and again.computed == [chunks[1].id]
        err = capsys.readouterr().err
        assert str(path) in err and reason in err and len(err.strip().splitlines()) == 1
        assert "Traceback" not in err
        assert json.loads(path.read_text())["result"] == expected_sums(chunks)[1]  # rewritten

    def test_edited_result_fails_the_digest(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        chunks, path = _fresh_run(tmp_path)
        record = json.loads(path.read_text())
        record["result"] += 1
        path.write_text(json.dumps(record))
        again = run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert list(again) == expected_sums(chunks)
        assert "does not match its digest" in capsys.readouterr().err

    def test_digest_is_a_checksum_not_a_signature(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Issue 30 item 16: an edit that recomputes the digest passes it (the formula is
        public); the docs say so instead of promising that edited chunks are never used,
        and only ``validate`` (consistency, not recomputation) can still refuse it."""
        from runs.store import chunk_digest

        chunks, path = _fresh_run(tmp_path)
        record = json.loads(path.read_text())
        record["result"] += 1
        record["digest"] = chunk_digest(record["id"], record["params"], record["result"])
        path.write_text(json.dumps(record))
        forged = run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert forged[1] == expected_sums(chunks)[1] + 1 and forged.computed == []
        refused = run_chunks(
            sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True,
            validate=lambda params, result: None if result == sum(
                range(params["start"], params["stop"])) else "not the sum",
        )  # fmt: skip
        assert list(refused) == expected_sums(chunks) and refused.computed == [chunks[1].id]
        assert "holds an inconsistent result (not the sum)" in capsys.readouterr().err
        docs = " ".join((ROOT / "docs" / "dask-and-plots.md").read_text().split())
        assert "not a signature" in docs and "(edited, truncated" not in docs
        import runs.store

        assert "not a signature" in " ".join((runs.store.__doc__ or "").split())

    def test_chunk_is_written_atomically_with_a_digest(self, tmp_path: Path) -> None:
        from runs.store import CHUNK_SCHEMA, chunk_digest

        _, path = _fresh_run(tmp_path)
        record = json.loads(path.read_text())
        assert record["schema"] == CHUNK_SCHEMA
        assert record["digest"] == chunk_digest(record["id"], record["params"], record["result"])
        assert not list((tmp_path / "chunks").glob(".*.tmp"))  # no temporary file left

    @pytest.mark.parametrize("content", [b"", b"{not json", b"[]", b'{"chunks": 3}'])
    def test_garbage_manifest_is_named_and_rebuilt(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
    ) -> None:
        chunks, _ = _fresh_run(tmp_path)
        manifest = tmp_path / "manifest.json"
        manifest.write_bytes(content)
        capsys.readouterr()
        again = run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert list(again) == expected_sums(chunks) and again.computed == []
        err = capsys.readouterr().err
        assert f"manifest {manifest} is not a valid manifest" in err
        assert json.loads(manifest.read_text())["chunks"] == [c.id for c in chunks]

    @given(data=st.data())
    def test_a_random_edit_of_a_chunk_file_is_never_used(
        self, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
    ) -> None:
        """Property: whatever bytes of a chunk file are changed, the result is the true one."""
        tmp = tmp_path_factory.mktemp("edit")
        chunks = range_chunks(0, 4000, 1000, prefix="n")
        truth = run_chunks(check_range, chunks, out_dir=tmp, workers=0, quiet=True)
        index = data.draw(st.integers(0, len(chunks) - 1), label="chunk")
        path = tmp / "chunks" / f"{chunks[index].id}.json"
        raw = bytearray(path.read_bytes())
        edits = data.draw(
            st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1,
                     max_size=4),
            label="edits",
        )  # fmt: skip
        for at, byte in edits:  # positions modulo the size (it varies with the timing field)
            raw[at % len(raw)] = byte
        path.write_bytes(bytes(raw))
        before = path.read_bytes()
        again = run_chunks(check_range, chunks, out_dir=tmp, workers=0, quiet=True)
        assert list(again) == list(truth)
        if chunks[index].id in again.reused:  # used as is only if it still says the same
            record = json.loads(before)
            assert record["result"] == truth[index]

    def test_validator_errors_count_as_inconsistent(self, tmp_path: Path) -> None:
        chunks = range_chunks(0, 4000, 1000, prefix="n")
        out = beatty_partition.compute(4000, 0, 1000, out_dir=tmp_path, workers=0, quiet=True)
        assert beatty_partition.validate_chunk(chunks[0].params, {"checked": 1000}) is not None
        assert out.comparison[0]["agrees"]


def _interrupt_after_first(*_args: Any, **_kwargs: Any) -> Any:
    """A progress bar whose first advance is a Ctrl-C (a simulated KeyboardInterrupt)."""
    from contextlib import contextmanager

    from runs.progress import Advance

    @contextmanager
    def bar() -> Any:
        def step(amount: int) -> None:
            raise KeyboardInterrupt

        yield Advance(step, lambda text: None)

    return bar()


class TestInterrupt:
    def test_ctrl_c_on_a_local_cluster_is_quiet_and_resumes_exactly(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        import runs.runner as execution

        chunks = range_chunks(0, 8000, 1000, prefix="n")
        monkeypatch.setenv(
            "PYTHONPATH", os.pathsep.join([str(Path(__file__).resolve().parents[1])])
        )
        monkeypatch.setattr(execution, "progress_bar", _interrupt_after_first)
        with pytest.raises(KeyboardInterrupt):
            run_chunks(check_range, chunks, out_dir=tmp_path, workers=1, quiet=True)
        err = capsys.readouterr().err
        assert "Traceback" not in err and "distributed" not in err
        monkeypatch.undo()
        done = {p.stem for p in (tmp_path / "chunks").glob("*.json")}
        assert len(done) >= 1  # the chunk finished before Ctrl-C is kept
        resumed = run_chunks(check_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
        assert set(resumed.reused) == done
        fresh = run_chunks(check_range, chunks, workers=0, quiet=True)
        assert list(resumed) == list(fresh)

    def test_cli_prints_one_line_and_exits_130(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        import runs.runner as execution

        monkeypatch.setattr(execution, "progress_bar", _interrupt_after_first)
        argv = ["experiment", "beatty-partition", "--n", "3000", "--chunk", "1000",
                "--workers", "0", "--out", str(tmp_path)]  # fmt: skip
        assert main(argv) == 130
        assert capsys.readouterr().err.strip().splitlines() == ["grundy: interrupted"]
        monkeypatch.undo()
        assert main([*argv, "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert [row[2] for row in result["table"]] == [1000, 1000, 1000]


def test_many_rejected_chunks_are_summarised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from runs.store import MAX_CHUNK_WARNINGS

    chunks = range_chunks(0, 100, 5)
    run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
    for path in (tmp_path / "chunks").glob("*.json"):
        path.write_text("[]")
    capsys.readouterr()
    again = run_chunks(sum_range, chunks, out_dir=tmp_path, workers=0, quiet=True)
    assert list(again) == expected_sums(chunks) and len(again.computed) == len(chunks)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == MAX_CHUNK_WARNINGS + 1
    assert f"{len(chunks) - MAX_CHUNK_WARNINGS} more chunk files" in lines[-1]


@pytest.mark.slow
def test_real_ctrl_c_on_a_local_cluster(tmp_path: Path) -> None:
    """SIGINT to the whole process group (what Ctrl-C in a terminal does): one line, 130."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    argv = [sys.executable, "-m", "grundy", "experiment", "beatty-partition", "--n", "3e6",
            "--chunk", "1e5", "--workers", "2", "--out", str(tmp_path / "bp")]  # fmt: skip
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not list((tmp_path / "bp" / "chunks").glob("*.json")):
        time.sleep(0.5)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=120)
    text = err.decode()
    assert process.returncode == 130, text
    assert "Traceback" not in text and text.strip().splitlines()[-1] == "grundy: interrupted"
    assert len(text.strip().splitlines()) <= 5  # progress lines and the one 'interrupted'
    done = {p.stem for p in (tmp_path / "bp" / "chunks").glob("*.json")}
    assert main([*argv[3:], "--workers", "0", "--quiet"]) == 0
    assert done <= {p.stem for p in (tmp_path / "bp" / "chunks").glob("*.json")}


def test_in_process_chunk_reports_its_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long single chunk (dn-histogram) shows how far it is in a log, not only 0/1."""
    import runs.progress as output

    monkeypatch.setattr(output, "PLAIN_INTERVAL", 0.0)
    dn_histogram.compute(2, 20_000, workers=0, quiet=False)
    err = capsys.readouterr().err
    assert "% of this chunk" in err
