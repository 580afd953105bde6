"""The C allocator setting made at import (mpicoll/_src/memory.py): glibc
keeps freed heap memory for reuse, unless MPICOLL_KEEP_FREED_MEMORY=0 or
glibc's own settings are in the environment; a bad value is an error that
names the variable.

Each case imports mpicoll in a process of its own (the setting is made
once, at import): a single-process MPI program started from rank 0, whose
verdict the harness shares with the other ranks.
"""

import subprocess
import sys

import pytest
from mpi4py import MPI

import jobs

# 256 blocks of 1 MiB from C's malloc, written, then freed: how much of the
# resident memory they added stays after the frees (glibc's own default
# returns it: the blocks are separate mappings, or the heap's top is
# trimmed, 256 MiB being above any trim threshold it sets itself)
PROBE = """
import ctypes, os
import mpicoll
from mpicoll._src import memory
libc = ctypes.CDLL(None)
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
def resident():
    return int(open('/proc/self/statm').read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
before = resident()
blocks = [libc.malloc(1 << 20) for _ in range(256)]
for b in blocks:
    libc.memset(b, 1, 1 << 20)
grown = resident() - before
for b in reversed(blocks):
    libc.free(b)
print(memory.KEPT, grown, resident() - before)
print(memory.description())
"""


def probe(**environment):
    run = subprocess.run([sys.executable, "-c", PROBE], env=jobs.environment(**environment),
                         capture_output=True, text=True, timeout=120)
    return run


def on_rank_0(check):
    """Run `check` on rank 0 only (a process of its own is enough)."""
    if MPI.COMM_WORLD.rank == 0:
        check()


@pytest.mark.parametrize("setting", ["unset", "1"])
def test_freed_memory_is_kept(setting):
    def check():
        extra = {} if setting == "unset" else {"MPICOLL_KEEP_FREED_MEMORY": "1"}
        run = probe(**extra)
        assert run.returncode == 0, run.stderr[-3000:]
        kept, grown, stays = run.stdout.split("\n")[0].split()
        assert kept == "True", run.stdout
        assert int(grown) >= 200 << 20, run.stdout          # the blocks were written
        assert int(stays) >= 0.9 * int(grown), run.stdout    # and stay after the frees
        assert "freed memory kept for reuse" in run.stdout, run.stdout
    on_rank_0(check)


@pytest.mark.parametrize("environment", [{"MPICOLL_KEEP_FREED_MEMORY": "0"},
                                         {"MALLOC_TOP_PAD_": "131072"}],
                         ids=["opted-out", "glibc-setting"])
def test_freed_memory_is_returned_when_left_to_glibc(environment):
    def check():
        run = probe(**environment)
        assert run.returncode == 0, run.stderr[-3000:]
        kept, grown, stays = run.stdout.split("\n")[0].split()
        assert kept == "False", run.stdout
        assert int(grown) >= 200 << 20, run.stdout
        assert int(stays) <= 0.25 * int(grown), run.stdout   # given back
        why = run.stdout.split("\n")[1]
        assert why.startswith("left as it is (") and next(iter(environment)) in why, why
    on_rank_0(check)


def test_a_bad_value_is_an_error_naming_the_variable():
    def check():
        run = probe(MPICOLL_KEEP_FREED_MEMORY="yes")
        assert run.returncode != 0
        assert "ValueError: MPICOLL_KEEP_FREED_MEMORY must be 0" in run.stderr, run.stderr[-2000:]
    on_rank_0(check)
