"""What the machine was like while the benchmark ran: who else used its CPUs, and how fast they were.

Two questions decide whether a run's figures can be quoted, and neither is answered by the load average at the end
of a run (the benchmark's own processes make most of that load):

- Did other processes compete? Linux counts, in /proc/stat, the CPU time every CPU spent busy since boot. Over the
  run, that minus the CPU time of the benchmark and of every process it waited for (toolgen and its workers, the
  peers) is what the rest of the machine took. Kernel threads that write back our own files count as "others"
  too; on an idle machine that stays around 1 % of the CPUs.
- How fast were the CPUs? A shared host's speed changes from minute to minute without any process here to blame
  (the hypervisor's steal time, also in /proc/stat, shows only part of it). A fixed piece of pure-Python work, timed
  at the start and at the end, measures it: its time moves with toolgen's CPU-bound figures, which the floor
  (`python -c pass`, mostly process start-up) does not.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import time
from dataclasses import dataclass
from typing import Any

# Above this share of all CPUs used by other processes during the run, the figures are flagged.
OTHERS_SHARE_LIMIT = 0.10
# Above this share of all CPUs taken by the hypervisor (steal), the figures are flagged as well.
STEAL_SHARE_LIMIT = 0.05


@dataclass(frozen=True)
class CpuAccount:
    """CPU seconds at one moment: the whole machine's busy and stolen time since boot (None off Linux), and this
    process's plus its waited-for children's."""

    machine_busy_s: float | None
    machine_steal_s: float | None
    own_s: float
    at: float  # time.monotonic()

    @classmethod
    def now(cls) -> CpuAccount:
        busy = steal = None
        try:
            with open("/proc/stat", encoding="ascii") as handle:
                fields = handle.readline().split()
            if fields and fields[0] == "cpu":
                # user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
                ticks = [int(field) for field in fields[1:9]]
                hertz = os.sysconf("SC_CLK_TCK")
                busy = (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]) / hertz
                steal = ticks[7] / hertz
        except (OSError, ValueError, IndexError):
            pass
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        own_s = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
        return cls(busy, steal, own_s, time.monotonic())


def others_during(start: CpuAccount, end: CpuAccount, cpus: int) -> dict[str, Any]:
    """CPU time other processes used between two accounts, and the host's steal, each also as a share of all CPUs
    over that time; None figures where the platform does not say."""
    capacity = max(end.at - start.at, 1e-9) * max(cpus, 1)
    facts: dict[str, Any] = {
        "others_cpu_s": None,
        "others_share": None,
        "steal_s": None,
        "steal_share": None,
    }
    if start.machine_busy_s is not None and end.machine_busy_s is not None:
        others = max(0.0, (end.machine_busy_s - start.machine_busy_s) - (end.own_s - start.own_s))
        facts["others_cpu_s"] = round(others, 2)
        facts["others_share"] = round(others / capacity, 4)
    if start.machine_steal_s is not None and end.machine_steal_s is not None:
        steal = max(0.0, end.machine_steal_s - start.machine_steal_s)
        facts["steal_s"] = round(steal, 2)
        facts["steal_share"] = round(steal / capacity, 4)
    return facts


def speed_probe(repeats: int = 5) -> float:
    """Median seconds of a fixed pure-Python workload (14–16 ms on the benchmark's 2-core machine when quiet):
    sorting, dict and string work like toolgen's, seeded, so every call does the same."""
    _probe_work()  # untimed: the first call also pays for growing the heap
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        _probe_work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _probe_work() -> int:
    generator = random.Random(6)
    numbers = [generator.randrange(1 << 30) for _ in range(20_000)]
    numbers.sort()
    names = {f"field_{number % 4096}": number for number in numbers}
    text = ",".join(f"{key}={value}" for key, value in names.items())
    return len(text) + sum(1 for part in text.split(",") if part.endswith("7"))


def machine_warnings(facts: dict[str, Any]) -> list[str]:
    """Why the figures may not speak for the machine: other processes or the host took a noticeable share."""
    warnings = []
    share = facts.get("others_share")
    if share is not None and share > OTHERS_SHARE_LIMIT:
        warnings.append(
            f"other processes used {share:.0%} of the CPUs during the run ({facts['others_cpu_s']} CPU-s): "
            "figures are noisy; rerun on an idle machine before quoting them"
        )
    steal = facts.get("steal_share")
    if steal is not None and steal > STEAL_SHARE_LIMIT:
        warnings.append(
            f"the host took {steal:.0%} of the CPUs during the run (steal {facts['steal_s']} s): "
            "figures are noisy; rerun when the host is quieter before quoting them"
        )
    return warnings


def describe(machine: dict[str, Any]) -> str:
    """One line on the machine's state during the run, for the printed table and the Markdown report."""
    parts = []
    start, end = machine.get("speed_probe_ms_at_start"), machine.get("speed_probe_ms_at_end")
    if start is not None and end is not None:
        parts.append(f"CPU speed probe {start} ms at the start, {end} ms at the end")
    if machine.get("others_share") is not None:
        parts.append(f"other processes {machine['others_share']:.1%} of the CPUs")
    if machine.get("steal_share") is not None:
        parts.append(f"host steal {machine['steal_share']:.1%}")
    return "machine during the run: " + ("; ".join(parts) if parts else "not measured") + "."
