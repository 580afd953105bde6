"""How the process's C allocator hands back freed memory (set at import).

JAX on the CPU allocates every result afresh with malloc. glibc serves
blocks of up to 32 MiB from its heap and gives the top of the heap back to
the kernel when it is freed; the next allocation of that memory then faults
every page in again and the kernel zeroes it: about 1.4 us per 4 KiB page
here, 6 ms for 16 MiB. A program that exchanges a 16 MiB array every step
paid that in some steps and not others, as the heap's layout happened to
fall (docs/performance.md, "Memory the process keeps"). So at import
mpicoll asks glibc (`mallopt`) to

* serve blocks up to 32 MiB from the heap (glibc's own ceiling for this
  setting; larger blocks stay separate mappings, returned when freed), and
* keep freed heap memory for reuse instead of returning it (no trimming;
  64 MiB of headroom requested with each heap growth).

The cost: the heap does not shrink, so the process keeps the peak of the
memory it used in blocks below 32 MiB (real-time Linux programs turn
trimming off for the same reason: memory that does not fault in again).
``MPICOLL_KEEP_FREED_MEMORY=0`` leaves glibc's behaviour as it
is; so does any of glibc's own malloc settings in the environment
(``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_``, ``MALLOC_TOP_PAD_``,
``MALLOC_MMAP_MAX_``, or ``glibc.malloc`` tunables in ``GLIBC_TUNABLES``):
those are the user's choice. A C library without ``mallopt`` (not glibc)
is left alone.
"""

import ctypes
import os

VARIABLE = "MPICOLL_KEEP_FREED_MEMORY"
GLIBC_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_",
                  "MALLOC_MMAP_MAX_")

# mallopt's parameters (glibc's malloc.h)
_M_TRIM_THRESHOLD, _M_TOP_PAD, _M_MMAP_THRESHOLD = -1, -2, -3
HEAP_BLOCKS_UP_TO = 32 << 20       # bytes: M_MMAP_THRESHOLD, glibc's largest allowed
TOP_PAD = 64 << 20                 # bytes asked for beyond each heap growth


def _wanted():
    """(whether to set the allocator, why) from the environment; a value of
    MPICOLL_KEEP_FREED_MEMORY other than 0 or 1 is a ValueError naming it."""
    value = os.environ.get(VARIABLE, "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"{VARIABLE} must be 0 (leave the C allocator as it is) or 1 "
                         f"(keep freed memory), not {value!r}")
    if value == "0":
        return False, f"{VARIABLE}=0"
    user = [k for k in GLIBC_SETTINGS if os.environ.get(k)]
    if "glibc.malloc" in os.environ.get("GLIBC_TUNABLES", ""):
        user.append("GLIBC_TUNABLES")
    if user:
        return False, f"glibc's own settings in the environment: {', '.join(user)}"
    return True, f"{VARIABLE} unset" if value == "" else f"{VARIABLE}=1"


def _apply():
    """Set glibc's allocator as the module docstring says; (done, why)."""
    wanted, why = _wanted()
    if not wanted:
        return False, why
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False, "the C library has no mallopt (not glibc)"
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    # -1: a trim threshold of the largest size, i.e. never trim
    refused = [name for name, param, value in (
        ("M_MMAP_THRESHOLD", _M_MMAP_THRESHOLD, HEAP_BLOCKS_UP_TO),
        ("M_TRIM_THRESHOLD", _M_TRIM_THRESHOLD, -1), ("M_TOP_PAD", _M_TOP_PAD, TOP_PAD))
        if mallopt(param, value) != 1]
    if refused:
        return False, f"mallopt refused {', '.join(refused)}"
    return True, why


KEPT, WHY = _apply()


def description():
    """What mpicoll did to the C allocator, in words (python -m mpicoll)."""
    if KEPT:
        return (f"freed memory kept for reuse (glibc heap for blocks up to "
                f"{HEAP_BLOCKS_UP_TO >> 20} MiB, no trimming; {WHY})")
    return f"left as it is ({WHY})"
